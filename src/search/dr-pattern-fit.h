/* dr-pattern-fit.h — fitting the pattern weights on self-play positions
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model: the probability that White wins (a draw counting half) is
 * sigmoid (k * (e + p) / 100), e the hand-set evaluation (dr-eval.h) and p
 * the patterns' score (dr-patterns.h), both from White's view in
 * hundredths of a man.  k is fitted first on e alone; then the pattern
 * weights (about 200,000 on 10x10) are fitted by full-batch Adam on the
 * cross-entropy against a target that mixes the game's result with the
 * search's score seen through the same sigmoid, with decoupled weight
 * decay.  Every tenth game is kept apart and the weights that predict it
 * best are kept (early stopping).
 *
 * `tune --patterns` aims at the search's score alone by default: the
 * results of self-play games at a few thousand nodes a move are too noisy
 * to teach position play (weights fitted on them lost to the hand-set
 * terms alone, see README "The learned evaluation"), while the score of a
 * short search teaches the patterns what such a search sees.
 */
#pragma once

#include <glib.h>

#include "dr-eval.h"
#include "dr-patterns.h"

G_BEGIN_DECLS

typedef struct _DrPatternSet DrPatternSet;

/* Positions of @patterns' variant, with @weights as the hand-set part. */
DrPatternSet *dr_pattern_set_new      (const DrPatterns     *patterns,
                                       const DrEvalWeights  *weights);
void          dr_pattern_set_free     (DrPatternSet         *set);
/* Reads a `selfplay` file (dr-selfplay.h); a bad line is an error that
 * names the file, line and column.  Adds to *@n_positions. */
gboolean      dr_pattern_set_add_file (DrPatternSet         *set,
                                       const char           *path,
                                       guint                *n_positions,
                                       GError              **error);
guint         dr_pattern_set_size     (const DrPatternSet   *set,
                                       gboolean              validation);

typedef void (*DrPatternFitProgress) (int    epoch,
                                      double train_loss,
                                      double validation_loss,
                                      gpointer user_data);

typedef struct
{
  int      epochs;          /* steps of the optimiser */
  double   rate;            /* Adam's step, hundredths of a man */
  double   decay;           /* weight decay per step, as a share of the rate */
  double   result_share;    /* 1: the game's result only; 0: the search's score only */
  double   empty_decay;     /* the same for the empty-board weights (equal to @decay for one decay) */
  gboolean global_terms;    /* fit the global terms (dr-patterns.h) with the patterns, else leave them as they start */
  DrPatterns *prior;        /* NULL, or weights of the same shape to start from: the decay then
                             * pulls towards them instead of towards 0 (a fit that refines an
                             * earlier one keeps what the new data does not contradict);
                             * only read */
  DrPatternFitProgress progress;   /* every 10 epochs, may be NULL */
  gpointer user_data;
} DrPatternFitOptions;

/* Fits @patterns' weights (starting from zero, or from @options->prior);
 * returns the kept-apart loss of the weights kept, and the fitted k in
 * *@k.  *@base_loss is the kept-apart loss of the hand-set evaluation
 * alone, for comparison. */
double        dr_pattern_fit          (DrPatternSet               *set,
                                       DrPatterns                 *patterns,
                                       const DrPatternFitOptions  *options,
                                       double                     *k,
                                       double                     *base_loss);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrPatternSet, dr_pattern_set_free)

G_END_DECLS
