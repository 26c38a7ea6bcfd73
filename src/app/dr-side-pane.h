/* dr-side-pane.h — a pane beside the board, of a width the user drags
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DR_TYPE_SIDE_PANE (dr_side_pane_get_type ())

G_DECLARE_FINAL_TYPE (DrSidePane, dr_side_pane, DR, SIDE_PANE, GtkWidget)

/* The narrowest and widest a pane is dragged to. */
#define DR_SIDE_PANE_MIN_WIDTH 200
#define DR_SIDE_PANE_MAX_WIDTH 720

/* @child beside @content in a flap on the @edge side (GTK_PACK_START:
 * left of it): the flap overlays @content when the window is too narrow
 * for both, instead of squeezing it.  The pane is shown while @child is;
 * its width is @settings' @key, written back when the user has dragged
 * the pane's inner edge.  Returns (transfer floating) the flap. */
/* @child in a pane of the @settings' @key width, the strip to drag on
 * the side away from @edge (transfer floating). */
GtkWidget  *dr_side_pane_new        (GtkWidget   *child,
                                     GtkPackType  edge,
                                     GSettings   *settings,
                                     const char  *key);
AdwFlap    *dr_side_pane_wrap       (GtkWidget   *child,
                                     GtkWidget   *content,
                                     GtkPackType  edge,
                                     GSettings   *settings,
                                     const char  *key);
DrSidePane *dr_side_pane_of_child   (GtkWidget   *child);
int         dr_side_pane_get_width  (DrSidePane  *self);
void        dr_side_pane_set_width  (DrSidePane  *self,
                                     int          width);
/* The strip on the inner edge that the user drags. */
GtkWidget  *dr_side_pane_get_handle (DrSidePane  *self);

G_END_DECLS
