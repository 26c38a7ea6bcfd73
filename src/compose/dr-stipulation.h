/* dr-stipulation.h — what a composition asks: genre, goal, side, author
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A composition's stipulation (004 6.1.1: "каждая шашечная композиция ...
 * характеризуется определенным заданием") as a value, read from and
 * written to the tags of a PDN game.
 *
 * The tags (PDN 3.0 allows user-defined tags; the first three are PDN 3.0's
 * own problem tags, shared/design/PDN.md §2):
 *
 *   [Author "A. Ivanov"]             the author
 *   [Publication "Shashki 1/1985"]   the source; read from Site when absent
 *                                    (collections keep it there), "?" when
 *                                    unknown but Site is set
 *   [PublicationDate "1985"]         the date; read from Date when absent
 *   [Genre "problem"]                004 6.1.3: "problem", "etude" ("study",
 *                                    "étude" are read too), "task",
 *                                    "positional ending"
 *   [Stipulation "White to play and win"]
 *                                    side to play, side carrying out the
 *                                    task and the goal, in one sentence of
 *                                    this grammar (case does not matter, a
 *                                    final '.' and "move" for "play" are
 *                                    read too):
 *     SIDE to play and GOAL          "White to play and win"
 *     SIDE to play, SIDE GOALS       "Black to play, White wins" (6.1.4)
 *     SIDE GOALS whoever moves       "White wins whoever moves" (6.1.4)
 *     White to play wins, Black to play draws                    (6.1.4)
 *     GOAL: win | draw | lock LOCK | give away    (GOALS: wins, draws,
 *     locks LOCK, gives away; "give away" is the giveaway task of 6.1.4)
 *     LOCK: "3 men", "1 king", "2 kings and 1 man" (6.2.8.2: exactly so
 *     many Black men and kings are locked)
 *     "White wins", "Win" and "Draw" alone are read too.
 *   [Goal "lock"] [Lock "3 men"]     the goal in a word, as draughtsman-cli
 *                                    solve reads it: win, draw, lock,
 *                                    giveaway, win-either, win-or-draw;
 *                                    read when there is no Stipulation,
 *                                    written beside it
 *   [Special "double, retro"]        the other kinds of 6.1.4 and the
 *                                    practical group of 6.1.3, a comma
 *                                    list of: two-tasks, double, pictorial,
 *                                    retro, conditional, practical
 *
 * Without a Stipulation tag the stipulation is what the game's Result
 * says (collections mark "White wins" as 1-0 whoever moves first, a draw
 * study 1/2-1/2: a win or a draw for that side; a draw is White's task,
 * 6.1.3), and with no result either a win for the side to move.
 * A Stipulation this grammar cannot read is kept as written (and written
 * back unchanged); the checks then say that they assumed the default.
 * Writing then reading gives back the same value (dr_stipulation_equal());
 * tags of other names are left alone.  The side to move is the FEN's.
 */
#pragma once

#include <glib.h>

#include "dr-game.h"

G_BEGIN_DECLS

#define DR_STIPULATION_ERROR (dr_stipulation_error_quark ())

typedef enum
{
  DR_STIPULATION_ERROR_GENRE,    /* a Genre tag this program does not know */
  DR_STIPULATION_ERROR_SPECIAL,  /* a Special tag word this program does not know */
} DrStipulationError;

GQuark dr_stipulation_error_quark (void);

/* 004 6.1.3: the main kinds (genres). */
typedef enum
{
  DR_GENRE_UNSTATED,           /* no Genre tag: found from the material */
  DR_GENRE_PROBLEM,
  DR_GENRE_ETUDE,
  DR_GENRE_TASK,
  DR_GENRE_POSITIONAL_ENDING,  /* Russian draughts only */
} DrGenre;

typedef enum
{
  DR_GOAL_WIN,
  DR_GOAL_DRAW,
  DR_GOAL_LOCK,       /* 6.1.3 tasks: lock the stated Black pieces */
  DR_GOAL_GIVEAWAY,   /* 6.1.4 reverse task (поддавки) */
} DrGoal;

/* 6.1.4: the kinds that change who moves. */
typedef enum
{
  DR_ORDER_AS_GIVEN,      /* the side to move of the position */
  DR_ORDER_EITHER,        /* the goal holds whoever moves */
  DR_ORDER_WIN_OR_DRAW,   /* attacker to move wins, the other to move draws */
} DrOrder;

/* 6.1.4 kinds that do not change the checks, and 6.1.3's practical group. */
typedef enum
{
  DR_SPECIAL_TWO_TASKS   = 1 << 0,
  DR_SPECIAL_DOUBLE      = 1 << 1,
  DR_SPECIAL_PICTORIAL   = 1 << 2,
  DR_SPECIAL_RETRO       = 1 << 3,
  DR_SPECIAL_CONDITIONAL = 1 << 4,
  DR_SPECIAL_PRACTICAL   = 1 << 5,
} DrSpecial;

typedef struct
{
  DrGenre  genre;
  DrGoal   goal;
  DrSide   attacker;     /* who carries out the task (004 6.1.3: White) */
  DrSide   to_move;      /* who moves first (the FEN's side) */
  DrOrder  order;
  guint    lock_men;     /* DR_GOAL_LOCK: Black men to lock (6.2.8.2) */
  guint    lock_kings;   /* DR_GOAL_LOCK: Black kings to lock */
  guint    special;      /* DrSpecial flags */
  gboolean mover_conflict; /* the sentence names another side to play than the FEN */
  char    *author;
  char    *source;
  char    *date;
  char    *unread;       /* a Stipulation tag this grammar cannot read, as written */
} DrStipulation;

void        dr_stipulation_init        (DrStipulation       *st,
                                        DrSide               to_move);
void        dr_stipulation_clear       (DrStipulation       *st);
void        dr_stipulation_copy        (DrStipulation       *dest,
                                        const DrStipulation *src);
gboolean    dr_stipulation_equal       (const DrStipulation *a,
                                        const DrStipulation *b);

gboolean    dr_stipulation_read        (DrStipulation       *st,
                                        const DrGame        *game,
                                        GError             **error);
void        dr_stipulation_write       (const DrStipulation *st,
                                        DrGame              *game);

/* The Stipulation sentence ("White to play and win"). */
char       *dr_stipulation_to_text     (const DrStipulation *st);
/* Reads a Stipulation sentence into @st's goal, attacker, order and lock
 * (and mover_conflict against @st->to_move); FALSE when it does not fit
 * the grammar, leaving @st as it was. */
gboolean    dr_stipulation_parse_text  (DrStipulation       *st,
                                        const char          *text);

const char *dr_genre_to_string         (DrGenre              genre);
gboolean    dr_genre_from_string       (const char          *text,
                                        DrGenre             *genre);
/* "problem", "étude" ... for people (translated). */
const char *dr_genre_title             (DrGenre              genre);

G_END_DECLS
