/* dr-move-list-view.h — the game as text: moves, variations, comments
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-game-model.h"

G_BEGIN_DECLS

#define DR_TYPE_MOVE_LIST_VIEW (dr_move_list_view_get_type ())

G_DECLARE_FINAL_TYPE (DrMoveListView, dr_move_list_view, DR, MOVE_LIST_VIEW, GtkTextView)

GtkWidget  *dr_move_list_view_new          (void);
void        dr_move_list_view_set_model    (DrMoveListView *self,
                                       DrGameModel *model);
void        dr_move_list_view_set_notation (DrMoveListView *self,
                                       DrNotation   notation);
/* The node whose move is written at character @offset, or NULL. */
DrGameNode *dr_move_list_view_node_at_offset (DrMoveListView *self,
                                         int         offset);
/* Where @node's move is written: character offsets of its start and end
 * (either may be NULL); FALSE if it is not shown. */
gboolean    dr_move_list_view_get_range    (DrMoveListView *self,
                                       DrGameNode     *node,
                                       int            *start,
                                       int            *end);
/* The text shown (for tests). */
char       *dr_move_list_view_get_text     (DrMoveListView *self);

G_END_DECLS
