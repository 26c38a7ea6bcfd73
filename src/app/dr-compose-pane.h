/* dr-compose-pane.h — Composition mode: the stipulation, Verify and its checklist
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-board-state.h"
#include "dr-egdb-manager.h"
#include "dr-game-model.h"
#include "dr-notation.h"
#include "dr-solve.h"
#include "dr-stipulation.h"

G_BEGIN_DECLS

#define DR_TYPE_COMPOSE_PANE (dr_compose_pane_get_type ())

G_DECLARE_FINAL_TYPE (DrComposePane, dr_compose_pane, DR, COMPOSE_PANE, GtkBox)

/* The pane edits the stipulation of @model's game (its tags) and shows
 * lines on @board (the window's board). */
GtkWidget  *dr_compose_pane_new            (DrGameModel   *model,
                                            DrBoardState  *board);
void        dr_compose_pane_set_notation   (DrComposePane *self,
                                            DrNotation     notation);
/* The endgame tables the solver may use (NULL: none). */
void        dr_compose_pane_set_egdb       (DrComposePane *self,
                                            DrEgdbTables  *tables);
/* Runs Verify on the game's start position, as the button does. */
void        dr_compose_pane_verify         (DrComposePane *self);
void        dr_compose_pane_cancel         (DrComposePane *self);
/* A verification is under way. */
gboolean    dr_compose_pane_get_busy       (DrComposePane *self);
/* The result of the last finished verification (NULL: none). */
const DrSolveResult *dr_compose_pane_get_result (DrComposePane *self);
/* How many verifications finished (tests wait on it). */
guint       dr_compose_pane_get_n_finished (DrComposePane *self);
/* The verdict shown: the verdict reached and why, then the checklist in
 * a word (tests). */
const char *dr_compose_pane_get_verdict    (DrComposePane *self);
/* The checklist's rows (tests). */
GtkListBox *dr_compose_pane_get_checklist  (DrComposePane *self);
/* A line shown on the board from a row of the checklist: the pane leaves
 * it (the board shows the game again). */
void        dr_compose_pane_leave_line     (DrComposePane *self);
gboolean    dr_compose_pane_get_showing_line (DrComposePane *self);

/* The endgame tables Verify offers to build when they are missing: the
 * most pieces, for @rules' board (5 on 8x8, 4 on 10x10). */
int         dr_compose_pane_tables_limit   (const DrRules *rules);
/* The offer shown (its text), or NULL (tests). */
const char *dr_compose_pane_get_tables_offer (DrComposePane *self);
/* Tables the pane asked for are being built or opened. */
gboolean    dr_compose_pane_get_building_tables (DrComposePane *self);

/* --- shared with Solve mode ------------------------------------------- */

/* The solver's options for @st (goal, attacker, lock); limits unset. */
void        dr_compose_options_from_stipulation (DrSolveOptions      *options,
                                                 const DrStipulation *st);
/* The defender's strongest reply at @node (defender to move): the child
 * whose line is longest (the largest distance), the first of equals;
 * NULL at a leaf. */
const DrSolveNode *dr_compose_strongest_reply (const DrSolveNode *node);
/* Appends to @moves (DrMove) the main line of the tree under @node: the
 * attacker's move, the defender's strongest reply, ... to a leaf. */
void        dr_compose_tree_main_line      (const DrSolveNode *node,
                                            GArray            *moves);

G_END_DECLS
