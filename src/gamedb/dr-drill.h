/* dr-drill.h — opening training: a repertoire and a drill over it
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A DrRepertoire is a side's opening lines: for each position, the moves
 * it plays there (for the user's side) or meets (for the other side), with
 * a weight and a comment.  It is built from PDN games (every variation is
 * a line) or from a database's explorer counts.
 *
 * A DrDrill walks the repertoire: the program plays the other side's
 * moves, chosen at random by weight and, more often, into the positions
 * the user got wrong before; it checks each reply of the user against the
 * repertoire and, after a miss, gives the right move and its comment and
 * goes on with it.  What needs practice (misses not yet made good by right
 * answers) is kept per position, in the database when there is one.
 * Plain C, no threads: the application drives it from its main loop.
 */
#pragma once

#include <glib.h>

#include "dr-gamedb.h"

G_BEGIN_DECLS

typedef struct _DrRepertoire DrRepertoire;

DrRepertoire *dr_repertoire_new          (const DrRules       *rules,
                                          DrSide               side);
void          dr_repertoire_free         (DrRepertoire        *self);
DrSide        dr_repertoire_get_side     (const DrRepertoire  *self);
const DrRules *dr_repertoire_get_rules   (const DrRepertoire  *self);
/* Every move of @game (main line and variations) from the variant's
 * start; a game of another variant or from a setup is refused. */
gboolean      dr_repertoire_add_game     (DrRepertoire        *self,
                                          const DrGame        *game,
                                          GError             **error);
/* The moves played in @db from the start, @max_plies deep, each played
 * at least @min_games times (weight: the number of games). */
gboolean      dr_repertoire_add_from_db  (DrRepertoire        *self,
                                          DrGameDb            *db,
                                          const DrExploreFilter *filter,
                                          guint                max_plies,
                                          GError             **error);
/* Positions with at least one move. */
guint         dr_repertoire_get_n_positions (const DrRepertoire *self);

/* The repertoire's moves at @pos (NULL or none: out of the book): a
 * GArray of DrMove, heaviest first, with their weights in @weights and
 * comments in @comments (may be NULL; transfer container). */
GArray       *dr_repertoire_lookup       (const DrRepertoire  *self,
                                          const DrPosition    *pos,
                                          GArray             **weights,
                                          GPtrArray          **comments);

typedef enum
{
  DR_DRILL_CORRECT,   /* a move of the repertoire */
  DR_DRILL_WRONG,     /* not in the repertoire: the right one was played */
} DrDrillVerdict;

typedef struct _DrDrill DrDrill;

/* A drill over @repertoire (which must outlive it).  @db (may be NULL)
 * keeps what needs practice under the name @name; without it, it is
 * kept in memory.  @seed makes the program's choices repeatable. */
DrDrill      *dr_drill_new               (DrRepertoire        *repertoire,
                                          DrGameDb            *db,
                                          const char          *name,
                                          guint32              seed);
void          dr_drill_free              (DrDrill             *self);
/* Back to the start; the program plays its moves until the user is to
 * move or the line ends. */
void          dr_drill_restart           (DrDrill             *self);
const DrPosition *dr_drill_get_position  (DrDrill             *self);
/* The moves played in this line so far (DrMove, from the start). */
const GArray *dr_drill_get_moves         (DrDrill             *self);
/* The line has ended: the repertoire has no move here. */
gboolean      dr_drill_is_over           (DrDrill             *self);
/* Checks the user's @move.  On a miss, *@expected is the right move (the
 * heaviest) and *@comment its comment (or NULL); the line goes on with
 * the right move.  Then the program answers.  Errors only come from the
 * database. */
gboolean      dr_drill_answer            (DrDrill             *self,
                                          const DrMove        *move,
                                          DrDrillVerdict      *verdict,
                                          DrMove              *expected,
                                          const char         **comment,
                                          GError             **error);
/* How much the user's position @pos needs practice (0: none). */
guint         dr_drill_get_need          (DrDrill             *self,
                                          const DrPosition    *pos);
/* The positions of the user that need practice, as the move sequences
 * that lead to them from the start: a GPtrArray of GArray of DrMove. */
GPtrArray    *dr_drill_weak_lines        (DrDrill             *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrRepertoire, dr_repertoire_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrDrill, dr_drill_free)

G_END_DECLS
