/* dr-eval-bar.h — a bar beside the board showing who stands better
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define DR_TYPE_EVAL_BAR (dr_eval_bar_get_type ())

G_DECLARE_FINAL_TYPE (DrEvalBar, dr_eval_bar, DR, EVAL_BAR, GtkWidget)

GtkWidget *dr_eval_bar_new          (void);
/* @score: hundredths of a man from White's view (wins beyond
 * ±DR_SCORE_WON). */
void       dr_eval_bar_set_score    (DrEvalBar *self,
                                     int        score);
int        dr_eval_bar_get_score    (DrEvalBar *self);
/* White's share of the bar, 0 to 1. */
double     dr_eval_bar_get_fraction (DrEvalBar *self);
/* White's part is at the bottom unless the board is turned round. */
void       dr_eval_bar_set_flipped  (DrEvalBar *self,
                                     gboolean   flipped);

/* A score from White's view squashed into White's share of a bar: 0.5
 * is level, a won game fills it. */
double     dr_eval_bar_fraction     (int        score);
/* Shown or not.  A bar not shown keeps its place (it is only not drawn),
 * so that the board beside it does not move when the analysis starts or
 * stops. */
void       dr_eval_bar_set_shown    (DrEvalBar *self,
                                     gboolean   shown);
gboolean   dr_eval_bar_get_shown    (DrEvalBar *self);

G_END_DECLS
