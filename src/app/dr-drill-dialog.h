/* dr-drill-dialog.h — Train Repertoire: an opening drill on the window's board
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-db-pool.h"
#include "dr-window.h"

G_BEGIN_DECLS

#define DR_TYPE_DRILL_DIALOG (dr_drill_dialog_get_type ())

G_DECLARE_FINAL_TYPE (DrDrillDialog, dr_drill_dialog, DR, DRILL_DIALOG, GtkWindow)

/* A drill window over @window; once started, it plays on the window's
 * board (the window's game is replaced by the drill's line, after the
 * Save / Discard / Cancel question if it has changes). */
DrDrillDialog *dr_drill_dialog_new        (DrWindow      *window);
/* The repertoire file (what the file chooser sets). */
void           dr_drill_dialog_set_file   (DrDrillDialog *self,
                                           GFile         *file);
/* The game database that keeps what needs practice (NULL: none, kept for
 * the session); taken when a drill starts. */
void           dr_drill_dialog_set_pool   (DrDrillDialog *self,
                                           DrDbPool      *pool);
/* A drill is under way: the board's moves go to dr_drill_dialog_answer(). */
gboolean       dr_drill_dialog_get_active (DrDrillDialog *self);
/* The user's move on the board: checked against the repertoire, the right
 * one played on a miss, then the program's reply. */
void           dr_drill_dialog_answer     (DrDrillDialog *self,
                                           const DrMove  *move);
/* What the drill last said ("Right", "Not in the repertoire: …"). */
const char    *dr_drill_dialog_get_message (DrDrillDialog *self);
/* The answers so far and the positions to practise ("Right: 1 · missed: 1
 * · 1 position to practise"). */
const char    *dr_drill_dialog_get_score   (DrDrillDialog *self);

G_END_DECLS
