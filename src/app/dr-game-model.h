/* dr-game-model.h — the game being shown and edited, as a GObject
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dr-draw.h"
#include "dr-game.h"

G_BEGIN_DECLS

#define DR_TYPE_GAME_MODEL (dr_game_model_get_type ())

G_DECLARE_FINAL_TYPE (DrGameModel, dr_game_model, DR, GAME_MODEL, GObject)

DrGameModel      *dr_game_model_new            (const DrRules    *rules);
/* Replaces the game (transfer full) as it is in a file, or as the user
 * has not changed it yet: the current node is its start, the game counts
 * as saved and the undo history is cleared. */
void              dr_game_model_set_game       (DrGameModel      *self,
                                                DrGame           *game);
/* A new game of @rules from @start (NULL: the variant's start) with the
 * seven tags of PDN 3.0 (dr_game_model_add_standard_tags), as set_game. */
void              dr_game_model_new_game       (DrGameModel      *self,
                                                const DrRules    *rules,
                                                const DrPosition *start);
/* Replaces the game (transfer full) as an edit the user made (a position
 * set up, a game pasted): the game counts as modified and Undo brings the
 * previous game back. */
void              dr_game_model_replace_game   (DrGameModel      *self,
                                                DrGame           *game);
/* Adds the seven tags PDN 3.0 asks of every game (Event, Site, Date,
 * Round, White, Black, Result) that @game lacks: "?" where nothing is
 * known, today's date, the game's result. */
void              dr_game_model_add_standard_tags (DrGame        *game);
DrGame           *dr_game_model_get_game       (DrGameModel      *self);
const DrRules    *dr_game_model_get_rules      (DrGameModel      *self);
DrGameNode       *dr_game_model_get_current    (DrGameModel      *self);
const DrPosition *dr_game_model_get_position   (DrGameModel      *self);

/* Plays @move (legal in the current position) from the current node: the
 * existing continuation if it is one, else a new variation; the new node
 * becomes current. */
DrGameNode       *dr_game_model_play           (DrGameModel      *self,
                                                const DrMove     *move);
/* Adds the line @moves from the current node as one edit; the current
 * node stays. */
gboolean          dr_game_model_add_line       (DrGameModel      *self,
                                                const DrMove     *moves,
                                                guint             n_moves);
void              dr_game_model_go_to          (DrGameModel      *self,
                                                DrGameNode       *node);
gboolean          dr_game_model_go_back        (DrGameModel      *self);
gboolean          dr_game_model_go_forward     (DrGameModel      *self);
void              dr_game_model_go_start       (DrGameModel      *self);
void              dr_game_model_go_end         (DrGameModel      *self);
/* Tree edits at the current node. */
gboolean          dr_game_model_promote_variation (DrGameModel   *self);
void              dr_game_model_make_main_line (DrGameModel      *self);
gboolean          dr_game_model_delete_from_current (DrGameModel *self);
void              dr_game_model_set_comment    (DrGameModel      *self,
                                                const char       *text);
void              dr_game_model_set_glyph      (DrGameModel      *self,
                                                DrNag             glyph);
/* The comment before the current move (PDN: a comment opening its
 * variation, or standing before it); NULL or "" removes it. */
void              dr_game_model_set_comment_before (DrGameModel  *self,
                                                    const char   *text);
/* The position's assessment after the current move: one of the NAGs
 * 10-19 (PGN/PDN: 10 =, 13 unclear, 14/15 slight edge, 16/17 clear
 * edge, 18/19 decisive), replacing any other of them; 0 removes it. */
void              dr_game_model_set_position_nag (DrGameModel    *self,
                                                  guint8          nag);
guint8            dr_game_model_get_position_nag (DrGameModel    *self);
/* Sets tag @name to @value (NULL or "": removes it), as an edit; the
 * Result tag sets the game's result too. */
void              dr_game_model_set_tag        (DrGameModel      *self,
                                                const char       *name,
                                                const char       *value);
/* Deletes the variation the current node is in (from where it leaves
 * the line it branches off); FALSE on the main line. */
gboolean          dr_game_model_delete_variation (DrGameModel    *self);
/* Any other edit of the tree's nodes in place (annotations): @edit
 * changes @game and returns whether it changed anything; if it did, the
 * edit can be undone and ::changed is emitted once.  @edit may add nodes
 * (the Composition mode adds a solution's lines) but not remove any: the
 * current node must stay. */
typedef gboolean (*DrGameModelEditFunc) (DrGame   *game,
                                         gpointer  data);
gboolean          dr_game_model_edit           (DrGameModel      *self,
                                                DrGameModelEditFunc edit,
                                                gpointer          data);

/* The end of the game at the current node: no move left, or a draw rule
 * of the variant (*which names it). */
DrStatus          dr_game_model_get_status     (DrGameModel      *self,
                                                const DrDrawRule **which);

/* The path from the start to the current node: at each ply, the index of
 * the child taken (0 = the main continuation).  go_to_path follows it as
 * far as the tree allows. */
GArray           *dr_game_model_get_path       (DrGameModel      *self);
void              dr_game_model_go_to_path     (DrGameModel      *self,
                                                const guint      *path,
                                                guint             len);

/* Undo and redo of edits: moves added, variations promoted, made main
 * line or deleted, comments, glyphs, a game replaced.  Stepping through
 * the game is not an edit. */
gboolean          dr_game_model_can_undo       (DrGameModel      *self);
gboolean          dr_game_model_can_redo       (DrGameModel      *self);
gboolean          dr_game_model_undo           (DrGameModel      *self);
gboolean          dr_game_model_redo           (DrGameModel      *self);

/* Each state of the game has its own revision number (undoing an edit
 * brings its number back).  A save records the revision it wrote and
 * marks that one saved when it finishes, so that a move played while the
 * file was written still counts as unsaved. */
guint             dr_game_model_get_revision   (DrGameModel      *self);
void              dr_game_model_set_saved_revision (DrGameModel  *self,
                                                    guint         revision);
/* Has the game changed since it was saved (or opened)? */
gboolean          dr_game_model_get_modified   (DrGameModel      *self);
void              dr_game_model_set_saved      (DrGameModel      *self);
/* Marks the game changed although it is not (a game restored from the
 * autosave that was never saved to its file). */
void              dr_game_model_set_modified   (DrGameModel      *self);

G_END_DECLS
