/* dr-side-pane.c — a pane beside the board, of a width the user drags
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkPaned beside the board gave its pane the pane's natural width,
 * and wrapped labels or a column view ask for a lot: the board was left
 * a fifth of the window.  A side pane is exactly as wide as the user
 * made it (a setting), whatever its contents would like, with a strip
 * on its inner edge to drag.  It is the flap of an AdwFlap whose content
 * is the board side: when the window is narrower than both, the flap
 * folds and the pane overlays the board instead of squeezing it.  The
 * contents scroll when the window is lower than they are: a pane never
 * makes the window grow.
 */

#define G_LOG_DOMAIN "dr-side-pane"

#include "config.h"

#include "dr-side-pane.h"

/* How wide the strip to drag is, over the pane's inner edge. */
#define HANDLE_WIDTH 8

struct _DrSidePane
{
  GtkWidget    parent_instance;

  GtkWidget   *child;
  GtkWidget   *separator;
  GtkWidget   *handle;
  GtkPackType  edge;          /* the side of the board the pane is on */
  int          width;
  GSettings   *settings;
  char        *key;
  double       drag_x;        /* where the drag began, in the window */
  int          drag_width;    /* the width then */
};

G_DEFINE_FINAL_TYPE (DrSidePane, dr_side_pane, GTK_TYPE_WIDGET)

static void
dr_side_pane_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  DrSidePane *self = DR_SIDE_PANE (widget);
  int child_min = 0, child_nat = 0, sep_min = 0;

  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      int width = 0;

      /* For the width it will have, never less: wrapped labels measured
       * for a sliver ask for a tall window. */
      gtk_widget_measure (self->separator, GTK_ORIENTATION_HORIZONTAL, -1, &sep_min, NULL, NULL, NULL);
      dr_side_pane_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
      for_size = MAX (for_size, width);
      gtk_widget_measure (self->child, orientation, MAX (for_size - sep_min, 0), &child_min, &child_nat, NULL, NULL);
      *minimum = child_min;
      *natural = child_nat;
      return;
    }
  /* As wide as set, or as the child's minimum if that is more: never the
   * child's natural width. */
  gtk_widget_measure (self->child, orientation, -1, &child_min, NULL, NULL, NULL);
  gtk_widget_measure (self->separator, orientation, -1, &sep_min, NULL, NULL, NULL);
  *minimum = MAX (self->width, child_min + sep_min);
  if (natural != NULL)
    *natural = *minimum;
}

static GtkSizeRequestMode
dr_side_pane_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
dr_side_pane_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  DrSidePane *self = DR_SIDE_PANE (widget);
  int sep = 0;
  gboolean inner_right = self->edge == GTK_PACK_START;

  gtk_widget_measure (self->separator, GTK_ORIENTATION_HORIZONTAL, -1, &sep, NULL, NULL, NULL);
  if (gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    inner_right = !inner_right;
  if (inner_right)
    {
      gtk_widget_size_allocate (self->child, &(GtkAllocation) { 0, 0, width - sep, height }, baseline);
      gtk_widget_size_allocate (self->separator, &(GtkAllocation) { width - sep, 0, sep, height }, -1);
      gtk_widget_size_allocate (self->handle, &(GtkAllocation) { width - HANDLE_WIDTH, 0, HANDLE_WIDTH, height }, -1);
    }
  else
    {
      gtk_widget_size_allocate (self->separator, &(GtkAllocation) { 0, 0, sep, height }, -1);
      gtk_widget_size_allocate (self->child, &(GtkAllocation) { sep, 0, width - sep, height }, baseline);
      gtk_widget_size_allocate (self->handle, &(GtkAllocation) { 0, 0, HANDLE_WIDTH, height }, -1);
    }
}

/* The pointer's x in the window: the handle moves while it is dragged. */
static double
window_x (DrSidePane     *self,
          GtkGestureDrag *gesture)
{
  double x = 0, y = 0, wx = 0, wy = 0;
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (self->handle));

  gtk_gesture_get_point (GTK_GESTURE (gesture), gtk_gesture_get_last_updated_sequence (GTK_GESTURE (gesture)), &x, &y);
  if (root == NULL || !gtk_widget_translate_coordinates (self->handle, root, x, y, &wx, &wy))
    return x;
  return wx;
}

static void
drag_begin_cb (DrSidePane     *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  self->drag_x = window_x (self, gesture);
  self->drag_width = gtk_widget_get_width (GTK_WIDGET (self));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
drag_update_cb (DrSidePane     *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  double moved = window_x (self, gesture) - self->drag_x;
  gboolean grows_right = self->edge == GTK_PACK_START;

  if (gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL)
    grows_right = !grows_right;
  dr_side_pane_set_width (self, self->drag_width + (int) (grows_right ? moved : -moved));
}

static void
drag_end_cb (DrSidePane     *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  if (self->settings != NULL && g_settings_get_int (self->settings, self->key) != self->width)
    g_settings_set_int (self->settings, self->key, self->width);
}

static void
dr_side_pane_dispose (GObject *object)
{
  DrSidePane *self = DR_SIDE_PANE (object);

  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_pointer (&self->separator, gtk_widget_unparent);
  g_clear_pointer (&self->handle, gtk_widget_unparent);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->key, g_free);
  G_OBJECT_CLASS (dr_side_pane_parent_class)->dispose (object);
}

static void
dr_side_pane_class_init (DrSidePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_side_pane_dispose;
  widget_class->measure = dr_side_pane_measure;
  widget_class->size_allocate = dr_side_pane_size_allocate;
  widget_class->get_request_mode = dr_side_pane_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "sidepane");
}

static void
dr_side_pane_init (DrSidePane *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->width = 280;
  self->separator = gtk_separator_new (GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_parent (self->separator, GTK_WIDGET (self));
  /* Any widget will do for the strip: an empty box, drawn as nothing. */
  self->handle = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_cursor_from_name (self->handle, "col-resize");
  gtk_widget_set_parent (self->handle, GTK_WIDGET (self));
  gtk_widget_add_css_class (GTK_WIDGET (self), "background");
  gtk_widget_set_hexpand (GTK_WIDGET (self), FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (self->handle, GTK_EVENT_CONTROLLER (drag));
}

GtkWidget *
dr_side_pane_new (GtkWidget   *child,
                  GtkPackType  edge,
                  GSettings   *settings,
                  const char  *key)
{
  DrSidePane *self;

  g_return_val_if_fail (GTK_IS_WIDGET (child), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (DR_TYPE_SIDE_PANE, NULL);
  self->edge = edge;
  self->settings = g_object_ref (settings);
  self->key = g_strdup (key);
  self->width = CLAMP (g_settings_get_int (settings, key), DR_SIDE_PANE_MIN_WIDTH, DR_SIDE_PANE_MAX_WIDTH);
  /* Scrolled if the window is lower than the pane's contents: a pane
   * never makes the window taller. */
  self->child = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->child), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->child), child);
  gtk_widget_insert_after (self->child, GTK_WIDGET (self), NULL);
  gtk_widget_set_hexpand (child, TRUE);
  /* Shown with its child: the window shows and hides the child. */
  g_object_bind_property (child, "visible", self, "visible", G_BINDING_SYNC_CREATE);
  return GTK_WIDGET (self);
}

AdwFlap *
dr_side_pane_wrap (GtkWidget   *child,
                   GtkWidget   *content,
                   GtkPackType  edge,
                   GSettings   *settings,
                   const char  *key)
{
  GtkWidget *pane;
  AdwFlap *flap;

  g_return_val_if_fail (GTK_IS_WIDGET (content), NULL);
  pane = dr_side_pane_new (child, edge, settings, key);
  g_return_val_if_fail (pane != NULL, NULL);

  flap = ADW_FLAP (adw_flap_new ());
  adw_flap_set_flap_position (flap, edge);
  adw_flap_set_fold_policy (flap, ADW_FLAP_FOLD_POLICY_AUTO);
  adw_flap_set_transition_type (flap, ADW_FLAP_TRANSITION_TYPE_OVER);
  /* Revealed while shown: folding does not close it, and a click on the
   * board goes to the board. */
  adw_flap_set_locked (flap, TRUE);
  adw_flap_set_reveal_flap (flap, TRUE);
  adw_flap_set_modal (flap, FALSE);
  adw_flap_set_swipe_to_open (flap, FALSE);
  adw_flap_set_swipe_to_close (flap, FALSE);
  adw_flap_set_content (flap, content);
  adw_flap_set_flap (flap, pane);
  return flap;
}

DrSidePane *
dr_side_pane_of_child (GtkWidget *child)
{
  GtkWidget *pane = gtk_widget_get_ancestor (child, DR_TYPE_SIDE_PANE);

  return pane != NULL ? DR_SIDE_PANE (pane) : NULL;
}

int
dr_side_pane_get_width (DrSidePane *self)
{
  g_return_val_if_fail (DR_IS_SIDE_PANE (self), 0);
  return self->width;
}

void
dr_side_pane_set_width (DrSidePane *self,
                        int         width)
{
  g_return_if_fail (DR_IS_SIDE_PANE (self));
  width = CLAMP (width, DR_SIDE_PANE_MIN_WIDTH, DR_SIDE_PANE_MAX_WIDTH);
  if (width == self->width)
    return;
  self->width = width;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

GtkWidget *
dr_side_pane_get_handle (DrSidePane *self)
{
  g_return_val_if_fail (DR_IS_SIDE_PANE (self), NULL);
  return self->handle;
}
