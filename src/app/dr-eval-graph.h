/* dr-eval-graph.h — the engine's score along the game, ply by ply
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A ply whose position has not been analysed. */
#define DR_EVAL_GRAPH_UNKNOWN G_MININT

/* How the move that led to a ply was judged: drawn as a dot on the graph,
 * coloured by how much it lost. */
typedef enum
{
  DR_EVAL_GRAPH_MARK_NONE,
  DR_EVAL_GRAPH_MARK_INACCURACY,   /* ?! */
  DR_EVAL_GRAPH_MARK_MISTAKE,      /* ?  */
  DR_EVAL_GRAPH_MARK_BLUNDER,      /* ?? */
} DrEvalGraphMark;

#define DR_TYPE_EVAL_GRAPH (dr_eval_graph_get_type ())

G_DECLARE_FINAL_TYPE (DrEvalGraph, dr_eval_graph, DR, EVAL_GRAPH, GtkWidget)

GtkWidget *dr_eval_graph_new          (void);
/* One score per ply of the main line, the start position first, from
 * White's view, or DR_EVAL_GRAPH_UNKNOWN. */
void       dr_eval_graph_set_scores   (DrEvalGraph *self,
                                       const int   *scores,
                                       guint        n);
guint      dr_eval_graph_get_n_points (DrEvalGraph *self);
int        dr_eval_graph_get_score    (DrEvalGraph *self,
                                       guint        ply);
/* One mark per ply of the main line (the move that led to it), as for
 * the scores; plies past @n have none. */
void       dr_eval_graph_set_marks    (DrEvalGraph           *self,
                                       const DrEvalGraphMark *marks,
                                       guint                  n);
DrEvalGraphMark dr_eval_graph_get_mark (DrEvalGraph *self,
                                        guint        ply);
/* The ply marked as shown, or -1. */
void       dr_eval_graph_set_current  (DrEvalGraph *self,
                                       int          ply);
int        dr_eval_graph_get_current  (DrEvalGraph *self);
/* Where @ply is drawn across the widget, and the ply nearest to @x. */
double     dr_eval_graph_ply_x        (DrEvalGraph *self,
                                       guint        ply);
int        dr_eval_graph_ply_at       (DrEvalGraph *self,
                                       double       x);
/* What a click or a drag at @x does: ::ply-selected with the ply there. */
void       dr_eval_graph_select_at    (DrEvalGraph *self,
                                       double       x);

G_END_DECLS
