/* dr-eval-bar.c — a bar beside the board showing who stands better
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * White's share of the bar grows with the engine's score from White's
 * view, squashed by a tanh so that a man or two shows plainly and ten
 * men do not run off the end; a found win fills the bar.
 */

#define G_LOG_DOMAIN "dr-eval-bar"

#include "config.h"

#include "dr-eval-bar.h"

#include "dr-eval.h"

#include <math.h>

/* The score at which the bar is about three quarters white: 1.5 men. */
#define SCALE 300.0

struct _DrEvalBar
{
  GtkWidget parent_instance;
  int       score;
  gboolean  flipped;
  gboolean  shown;
};

G_DEFINE_FINAL_TYPE (DrEvalBar, dr_eval_bar, GTK_TYPE_WIDGET)

double
dr_eval_bar_fraction (int score)
{
  if (score >= DR_SCORE_WON)
    return 1.0;
  if (score <= -DR_SCORE_WON)
    return 0.0;
  /* Stays off the very ends, which mean a found win. */
  return CLAMP (0.5 + 0.5 * tanh (score / SCALE), 0.02, 0.98);
}

static void
dr_eval_bar_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 14;
  else
    *minimum = *natural = 48;
}

static void
dr_eval_bar_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  DrEvalBar *self = DR_EVAL_BAR (widget);
  float width = gtk_widget_get_width (widget);
  float height = gtk_widget_get_height (widget);
  float white = (float) (dr_eval_bar_fraction (self->score) * height);
  GdkRGBA dark = { 0.20f, 0.20f, 0.20f, 1.0f };
  GdkRGBA light = { 0.95f, 0.95f, 0.93f, 1.0f };
  GdkRGBA middle = { 0.85f, 0.25f, 0.20f, 0.8f };
  float top = self->flipped ? 0 : height - white;

  gtk_snapshot_append_color (snapshot, &dark, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_snapshot_append_color (snapshot, &light, &GRAPHENE_RECT_INIT (0, top, width, white));
  /* A tick at the level mark. */
  gtk_snapshot_append_color (snapshot, &middle, &GRAPHENE_RECT_INIT (0, height / 2 - 1, width, 2));
  /* An outline, for White's part on a light window. */
  gtk_snapshot_append_border (snapshot, &GSK_ROUNDED_RECT_INIT (0, 0, width, height),
                              (float[4]) { 1, 1, 1, 1 },
                              (GdkRGBA[4]) { dark, dark, dark, dark });
}

static void
dr_eval_bar_class_init (DrEvalBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = dr_eval_bar_measure;
  widget_class->snapshot = dr_eval_bar_snapshot;
  gtk_widget_class_set_css_name (widget_class, "evalbar");
}

static void
dr_eval_bar_init (DrEvalBar *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
}

GtkWidget *
dr_eval_bar_new (void)
{
  return g_object_new (DR_TYPE_EVAL_BAR, NULL);
}

void
dr_eval_bar_set_score (DrEvalBar *self,
                       int        score)
{
  g_return_if_fail (DR_IS_EVAL_BAR (self));

  if (self->score == score)
    return;
  self->score = score;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
dr_eval_bar_get_score (DrEvalBar *self)
{
  g_return_val_if_fail (DR_IS_EVAL_BAR (self), 0);
  return self->score;
}

double
dr_eval_bar_get_fraction (DrEvalBar *self)
{
  g_return_val_if_fail (DR_IS_EVAL_BAR (self), 0.5);
  return dr_eval_bar_fraction (self->score);
}

void
dr_eval_bar_set_flipped (DrEvalBar *self,
                         gboolean   flipped)
{
  g_return_if_fail (DR_IS_EVAL_BAR (self));

  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dr_eval_bar_set_shown (DrEvalBar *self,
                       gboolean   shown)
{
  g_return_if_fail (DR_IS_EVAL_BAR (self));

  self->shown = shown;
  gtk_widget_set_opacity (GTK_WIDGET (self), shown ? 1.0 : 0.0);
  gtk_widget_set_can_target (GTK_WIDGET (self), shown);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), shown);
}

gboolean
dr_eval_bar_get_shown (DrEvalBar *self)
{
  g_return_val_if_fail (DR_IS_EVAL_BAR (self), FALSE);
  return self->shown;
}
