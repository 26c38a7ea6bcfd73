/* dr-eval-graph.c — the engine's score along the game, ply by ply
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A point per position of the main line, squashed as the evaluation bar
 * squashes it (so a won game touches the edge and ten men do not dwarf
 * one), White's advantage upwards.  Unknown points break the line.  The
 * position shown is marked; clicking or dragging emits ::ply-selected and
 * the window goes there.
 */

#define G_LOG_DOMAIN "dr-eval-graph"

#include "config.h"

#include "dr-eval-graph.h"

#include "dr-eval-bar.h"

#include <string.h>

#define PAD 4.0

struct _DrEvalGraph
{
  GtkWidget  parent_instance;
  GArray    *scores;       /* int */
  GArray    *marks;        /* DrEvalGraphMark */
  int        current;
};

G_DEFINE_FINAL_TYPE (DrEvalGraph, dr_eval_graph, GTK_TYPE_WIDGET)

enum
{
  PLY_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

double
dr_eval_graph_ply_x (DrEvalGraph *self,
                     guint        ply)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;

  g_return_val_if_fail (DR_IS_EVAL_GRAPH (self), 0);
  if (self->scores->len < 2)
    return PAD + width / 2;
  return PAD + width * ply / (self->scores->len - 1);
}

int
dr_eval_graph_ply_at (DrEvalGraph *self,
                      double       x)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;
  double ply;

  g_return_val_if_fail (DR_IS_EVAL_GRAPH (self), -1);
  if (self->scores->len == 0)
    return -1;
  if (self->scores->len == 1 || width <= 0)
    return 0;
  ply = (x - PAD) / width * (self->scores->len - 1) + 0.5;
  return CLAMP ((int) ply, 0, (int) self->scores->len - 1);
}

void
dr_eval_graph_select_at (DrEvalGraph *self,
                         double       x)
{
  int ply;

  g_return_if_fail (DR_IS_EVAL_GRAPH (self));
  ply = dr_eval_graph_ply_at (self, x);
  if (ply >= 0)
    g_signal_emit (self, signals[PLY_SELECTED], 0, (guint) ply);
}

static double
score_y (double height,
         int    score)
{
  return PAD + (height - 2 * PAD) * (1.0 - dr_eval_bar_fraction (score));
}

static void
dr_eval_graph_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  DrEvalGraph *self = DR_EVAL_GRAPH (widget);
  double width = gtk_widget_get_width (widget);
  double height = gtk_widget_get_height (widget);
  double mid = score_y (height, 0);
  const int *scores = (const int *) self->scores->data;
  guint n = self->scores->len;
  GdkRGBA fg;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.06);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  /* White's advantage as an area above the level line, run by run. */
  for (guint i = 0; i < n; i++)
    {
      guint j;

      if (scores[i] == DR_EVAL_GRAPH_UNKNOWN)
        continue;
      cairo_move_to (cr, dr_eval_graph_ply_x (self, i), mid);
      for (j = i; j < n && scores[j] != DR_EVAL_GRAPH_UNKNOWN; j++)
        cairo_line_to (cr, dr_eval_graph_ply_x (self, j), score_y (height, scores[j]));
      cairo_line_to (cr, dr_eval_graph_ply_x (self, j - 1), mid);
      cairo_close_path (cr);
      i = j;
    }
  cairo_set_source_rgba (cr, 0.95, 0.95, 0.93, 0.9);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  cairo_move_to (cr, 0, mid);
  cairo_line_to (cr, width, mid);
  cairo_stroke (cr);

  /* Single known points have no line: a dot each. */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
  for (guint i = 0; i < n; i++)
    if (scores[i] != DR_EVAL_GRAPH_UNKNOWN)
      {
        cairo_arc (cr, dr_eval_graph_ply_x (self, i), score_y (height, scores[i]), 1.5, 0, 2 * G_PI);
        cairo_fill (cr);
      }

  /* The judged moves: a dot on the score after the move (on the level
   * line where it is not known), in the colours analysis sites use for
   * inaccuracies, mistakes and blunders. */
  for (guint i = 0; i < n && i < self->marks->len; i++)
    {
      static const double colours[][3] = {
        [DR_EVAL_GRAPH_MARK_INACCURACY] = { 0.34, 0.71, 0.91 },
        [DR_EVAL_GRAPH_MARK_MISTAKE]    = { 0.90, 0.62, 0.00 },
        [DR_EVAL_GRAPH_MARK_BLUNDER]    = { 0.86, 0.19, 0.19 },
      };
      DrEvalGraphMark mark = g_array_index (self->marks, DrEvalGraphMark, i);
      double y = scores[i] == DR_EVAL_GRAPH_UNKNOWN ? mid : score_y (height, scores[i]);

      if (mark == DR_EVAL_GRAPH_MARK_NONE || mark > DR_EVAL_GRAPH_MARK_BLUNDER)
        continue;
      cairo_arc (cr, dr_eval_graph_ply_x (self, i), y, 3.5, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, colours[mark][0], colours[mark][1], colours[mark][2]);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.8);
      cairo_set_line_width (cr, 0.75);
      cairo_stroke (cr);
    }

  if (self->current >= 0 && (guint) self->current < n)
    {
      double x = dr_eval_graph_ply_x (self, (guint) self->current);

      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1.0);
      cairo_set_line_width (cr, 2.0);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, height);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

static void
dr_eval_graph_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 60;
      *natural = 200;
    }
  else
    *minimum = *natural = 72;
}

static void
dr_eval_graph_pressed_cb (DrEvalGraph     *self,
                          int              n_press,
                          double           x,
                          double           y,
                          GtkGestureClick *gesture)
{
  dr_eval_graph_select_at (self, x);
}

static void
dr_eval_graph_drag_update_cb (DrEvalGraph    *self,
                              double          dx,
                              double          dy,
                              GtkGestureDrag *gesture)
{
  double x, y;

  if (gtk_gesture_drag_get_start_point (gesture, &x, &y))
    dr_eval_graph_select_at (self, x + dx);
}

static void
dr_eval_graph_finalize (GObject *object)
{
  DrEvalGraph *self = DR_EVAL_GRAPH (object);

  g_array_unref (self->scores);
  g_array_unref (self->marks);
  G_OBJECT_CLASS (dr_eval_graph_parent_class)->finalize (object);
}

static void
dr_eval_graph_class_init (DrEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dr_eval_graph_finalize;
  widget_class->measure = dr_eval_graph_measure;
  widget_class->snapshot = dr_eval_graph_snapshot;
  gtk_widget_class_set_css_name (widget_class, "evalgraph");

  /**
   * DrEvalGraph::ply-selected:
   * @ply: plies from the start of the main line
   *
   * The graph was clicked or dragged over at @ply.
   */
  signals[PLY_SELECTED] = g_signal_new ("ply-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
dr_eval_graph_init (DrEvalGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->scores = g_array_new (FALSE, FALSE, sizeof (int));
  self->marks = g_array_new (FALSE, FALSE, sizeof (DrEvalGraphMark));
  self->current = -1;
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (dr_eval_graph_pressed_cb), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (dr_eval_graph_drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
}

GtkWidget *
dr_eval_graph_new (void)
{
  return g_object_new (DR_TYPE_EVAL_GRAPH, NULL);
}

void
dr_eval_graph_set_scores (DrEvalGraph *self,
                          const int   *scores,
                          guint        n)
{
  g_return_if_fail (DR_IS_EVAL_GRAPH (self));
  g_return_if_fail (scores != NULL || n == 0);

  if (n == self->scores->len && (n == 0 || memcmp (scores, self->scores->data, n * sizeof (int)) == 0))
    return;
  g_array_set_size (self->scores, 0);
  if (n > 0)
    g_array_append_vals (self->scores, scores, n);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
dr_eval_graph_get_n_points (DrEvalGraph *self)
{
  g_return_val_if_fail (DR_IS_EVAL_GRAPH (self), 0);
  return self->scores->len;
}

int
dr_eval_graph_get_score (DrEvalGraph *self,
                         guint        ply)
{
  g_return_val_if_fail (DR_IS_EVAL_GRAPH (self), DR_EVAL_GRAPH_UNKNOWN);
  g_return_val_if_fail (ply < self->scores->len, DR_EVAL_GRAPH_UNKNOWN);
  return g_array_index (self->scores, int, ply);
}

void
dr_eval_graph_set_current (DrEvalGraph *self,
                           int          ply)
{
  g_return_if_fail (DR_IS_EVAL_GRAPH (self));

  if (self->current == ply)
    return;
  self->current = ply;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
dr_eval_graph_get_current (DrEvalGraph *self)
{
  g_return_val_if_fail (DR_IS_EVAL_GRAPH (self), -1);
  return self->current;
}

void
dr_eval_graph_set_marks (DrEvalGraph           *self,
                         const DrEvalGraphMark *marks,
                         guint                  n)
{
  g_return_if_fail (DR_IS_EVAL_GRAPH (self));
  g_return_if_fail (marks != NULL || n == 0);

  if (n == self->marks->len && (n == 0 || memcmp (marks, self->marks->data, n * sizeof *marks) == 0))
    return;
  g_array_set_size (self->marks, 0);
  if (n > 0)
    g_array_append_vals (self->marks, marks, n);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

DrEvalGraphMark
dr_eval_graph_get_mark (DrEvalGraph *self,
                        guint        ply)
{
  g_return_val_if_fail (DR_IS_EVAL_GRAPH (self), DR_EVAL_GRAPH_MARK_NONE);
  if (ply >= self->marks->len)
    return DR_EVAL_GRAPH_MARK_NONE;
  return g_array_index (self->marks, DrEvalGraphMark, ply);
}
