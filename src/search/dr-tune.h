/* dr-tune.h — fitting the evaluation's weights on positions from games
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The method is Texel tuning (ENGINES.md §3.4; P. Álvarez, "Texel's
 * tuning method", 2014): every quiet position of a game with a known
 * result is a sample; the evaluation s of the position, through the
 * logistic 1 / (1 + 10^(-K s / 400)), predicts the result from the side
 * to move's view (1 win, 1/2 draw, 0 loss); the weights are moved to make
 * the mean squared error of the predictions smallest.  dr_eval() is
 * linear in its weights, so each position is reduced once to the terms'
 * values (the evaluation with one weight at 1 and the others at 0) and
 * the error and its gradient are sums over those vectors.
 */
#pragma once

#include <glib.h>

#include "dr-eval.h"

G_BEGIN_DECLS

#define DR_TUNE_ERROR (dr_tune_error_quark ())

typedef enum
{
  DR_TUNE_ERROR_PARSE,     /* a weights file that cannot be read */
  DR_TUNE_ERROR_NO_DATA,   /* no usable position */
} DrTuneError;

GQuark dr_tune_error_quark (void);

typedef struct _DrTuneSet DrTuneSet;

DrTuneSet *dr_tune_set_new          (const DrRules       *rules);
void       dr_tune_set_free         (DrTuneSet           *set);

/* Adds the quiet positions (no capture for either side) of every game of
 * @path whose result is known and whose variant is the set's.  Every
 * tenth game goes to the validation set.  A game read only in part
 * (DR_PDN_READ_PARTIAL) is skipped and counted in *@n_broken. */
gboolean   dr_tune_set_add_file     (DrTuneSet           *set,
                                     const char          *path,
                                     guint               *n_games,
                                     guint               *n_broken,
                                     GError             **error);
/* Adds one position whose result (side to move's view) is @result. */
void       dr_tune_set_add_position (DrTuneSet           *set,
                                     const DrPosition    *pos,
                                     double               result,
                                     gboolean             validation);

guint      dr_tune_set_size         (const DrTuneSet     *set,
                                     gboolean             validation);

/* Mean squared error of @weights' predictions with scale @k. */
double     dr_tune_error            (const DrTuneSet     *set,
                                     const DrEvalWeights *weights,
                                     double               k,
                                     gboolean             validation);
/* The K that makes the training error of @weights smallest. */
double     dr_tune_fit_k            (const DrTuneSet     *set,
                                     const DrEvalWeights *weights);

/* Up to @iterations steps of Adam over the training set on the error
 * plus @lambda times the squared distance from the starting weights (in
 * men), rounded to whole numbers.  With @early_stop and a validation set,
 * the weights kept are those with the smallest validation error met on
 * the way, so the result never predicts the games kept apart worse than
 * the start.  "man" stays fixed (it sets the scale:
 * hundredths of a man), and so do advance[0] and file[0] (the arrays are
 * relative to a man on its back rank and on the edge).  Returns the training error of the result. */
double     dr_tune_fit              (const DrTuneSet     *set,
                                     DrEvalWeights       *weights,
                                     double               k,
                                     int                  iterations,
                                     double               lambda,
                                     gboolean             early_stop);

/* Weights files: a GKeyFile, group [Weights], one key per term
 * ("advance" as a list); missing keys keep @weights' values. */
gboolean   dr_eval_weights_load     (const char          *path,
                                     DrEvalWeights       *weights,
                                     GError             **error);
char      *dr_eval_weights_to_data  (const DrEvalWeights *weights,
                                     const char          *comment);
/* The weights as a C initialiser, for dr-eval.c's defaults. */
char      *dr_eval_weights_to_c     (const DrEvalWeights *weights);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrTuneSet, dr_tune_set_free)

G_END_DECLS
