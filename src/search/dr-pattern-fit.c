/* dr-pattern-fit.c — fitting the pattern weights on self-play positions
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-pattern-fit.h"

#include "dr-fen.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

/* The global terms' Adam step, as a share of the patterns'. */
#define GLOBAL_RATE_DIVISOR 8

typedef struct
{
  guint32 own[DR_PATTERNS_MAX_WINDOWS];
  guint32 flip[DR_PATTERNS_MAX_WINDOWS];
  float   base;         /* hand-set evaluation, White's view */
  float   score;        /* the search's score, White's view */
  float   result;       /* 1, 0.5, 0 */
  gint16  global[DR_PATTERNS_N_GLOBAL];  /* dr_patterns_global(), White's view */
  guint8  full;
  guint8  validation;
} Record;

struct _DrPatternSet
{
  const DrPatterns    *patterns;
  const DrRules       *rules;
  DrEvalWeights        weights;
  DrEvalTables         tables;
  GArray              *records;
  guint                n_validation;
};

DrPatternSet *
dr_pattern_set_new (const DrPatterns    *patterns,
                    const DrEvalWeights *weights)
{
  DrPatternSet *set = g_new0 (DrPatternSet, 1);

  set->patterns = patterns;
  set->rules = dr_patterns_get_rules (patterns);
  set->weights = *weights;
  dr_eval_tables_init (&set->tables, set->rules->geometry, &set->weights);
  set->records = g_array_new (FALSE, FALSE, sizeof (Record));
  return set;
}

void
dr_pattern_set_free (DrPatternSet *set)
{
  if (set == NULL)
    return;
  g_array_unref (set->records);
  g_free (set);
}

guint
dr_pattern_set_size (const DrPatternSet *set,
                     gboolean            validation)
{
  return validation ? set->n_validation : set->records->len - set->n_validation;
}

static gboolean
line_error (GError    **error,
            const char *path,
            guint       line,
            gsize       column,
            const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%u:%" G_GSIZE_FORMAT ": %s",
               path, line, column + 1, what);
  return FALSE;
}

gboolean
dr_pattern_set_add_file (DrPatternSet *set,
                         const char   *path,
                         guint        *n_positions,
                         GError      **error)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (path);
  g_autoptr (GFileInputStream) stream = g_file_read (file, NULL, error);
  g_autoptr (GDataInputStream) data = NULL;
  guint line_no = 0;

  if (stream == NULL)
    return FALSE;
  data = g_data_input_stream_new (G_INPUT_STREAM (stream));
  for (;;)
    {
      g_autoptr (GError) local = NULL;
      g_autofree char *line = g_data_input_stream_read_line_utf8 (data, NULL, NULL, &local);
      char *p, *end;
      guint64 game;
      double result;
      long score;
      DrPosition pos;
      Record r = { 0 };
      DrPatternsIndex index;
      int base;

      if (local != NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local), "%s:%u: ", path, line_no + 1);
          return FALSE;
        }
      if (line == NULL)
        break;
      line_no++;
      if (line[0] == '#' || line[0] == '\0')
        continue;
      p = line;
      errno = 0;
      game = g_ascii_strtoull (p, &end, 10);
      if (end == p || *end != ' ')
        return line_error (error, path, line_no, (gsize) (p - line), _("a game number was expected"));
      p = end + 1;
      (void) strtol (p, &end, 10);
      if (end == p || *end != ' ')
        return line_error (error, path, line_no, (gsize) (p - line), _("a ply number was expected"));
      p = end + 1;
      result = g_ascii_strtod (p, &end);
      if (end == p || *end != ' ' || (result != 0 && result != 0.5 && result != 1))
        return line_error (error, path, line_no, (gsize) (p - line), _("a result (1, 0.5 or 0) was expected"));
      p = end + 1;
      score = strtol (p, &end, 10);
      if (end == p || *end != ' ' || errno != 0)
        return line_error (error, path, line_no, (gsize) (p - line), _("a score was expected"));
      p = end + 1;
      if (!dr_fen_parse (set->rules, p, &pos, &local))
        {
          g_autofree char *what = g_strdup_printf (_("bad FEN: %s"), local->message);

          return line_error (error, path, line_no, (gsize) (p - line), what);
        }
      dr_patterns_index (set->patterns, &pos, &index);
      memcpy (r.own, index.own, sizeof r.own);
      memcpy (r.flip, index.flip, sizeof r.flip);
      r.full = (guint8) index.full;
      {
        int gv[DR_PATTERNS_N_GLOBAL];

        dr_patterns_global (set->patterns, &pos, gv);
        for (int i = 0; i < DR_PATTERNS_N_GLOBAL; i++)
          r.global[i] = (gint16) CLAMP (gv[i], G_MININT16, G_MAXINT16);
      }
      base = dr_eval (set->rules, &set->weights, &set->tables, &pos);
      r.base = (float) (pos.turn == DR_SIDE_WHITE ? base : -base);
      r.score = (float) score;
      r.result = (float) result;
      r.validation = game % 10 == 0;
      set->n_validation += r.validation;
      g_array_append_val (set->records, r);
      (*n_positions)++;
    }
  return TRUE;
}

static inline double
sigmoid (double x)
{
  return 1.0 / (1.0 + exp (-x));
}

/* Cross-entropy of predicting @t with @p, less its minimum (0 when p = t). */
static inline double
loss_of (double p,
         double t)
{
  const double eps = 1e-9;
  double l = -(t * log (p + eps) + (1 - t) * log (1 - p + eps));

  if (t > 0 && t < 1)
    l += t * log (t) + (1 - t) * log (1 - t);
  return l;
}

/* The patterns' score of @r with the weights @w, White's view, as
 * dr_patterns_eval () computes it (without its rounding); the global
 * terms' weights follow the windows' in @w, in hundredths a unit. */
static inline double
record_patterns (const Record *r,
                 const float  *w,
                 int           n_windows,
                 gsize         size)
{
  double full = 0, empty = 0;
  const float *g = w + (gsize) n_windows * 2 * size;

  for (int j = 0; j < n_windows; j++)
    {
      const float *s = w + (gsize) j * 2 * size;

      full += s[2 * r->own[j]] - s[2 * r->flip[j]];
      empty += s[2 * r->own[j] + 1] - s[2 * r->flip[j] + 1];
    }
  for (int i = 0; i < DR_PATTERNS_N_GLOBAL; i++)
    {
      full += g[2 * i] * r->global[i];
      empty += g[2 * i + 1] * r->global[i];
    }
  return (full * r->full + empty * (DR_PATTERNS_PHASE_MAX - r->full)) / DR_PATTERNS_PHASE_MAX;
}

/* The kept-apart or training loss of base + patterns (@w may be NULL). */
static double
set_loss (const DrPatternSet *set,
          const float        *w,
          int                 n_windows,
          gsize               size,
          double              k,
          double              share,
          gboolean            validation)
{
  double sum = 0;
  guint n = 0;

  for (guint i = 0; i < set->records->len; i++)
    {
      const Record *r = &g_array_index (set->records, Record, i);
      double x = r->base, t;

      if (r->validation != validation)
        continue;
      if (w != NULL)
        x += record_patterns (r, w, n_windows, size);
      t = share * r->result + (1 - share) * sigmoid (k * r->score / 100.0);
      sum += loss_of (sigmoid (k * x / 100.0), t);
      n++;
    }
  return n > 0 ? sum / n : 0;
}

/* The k that best predicts the results from the hand-set evaluation:
 * golden-section search on the training positions. */
static double
fit_k (const DrPatternSet *set)
{
  double a = 0.05, b = 5.0;
  const double g = (sqrt (5.0) - 1) / 2;

  for (int i = 0; i < 40; i++)
    {
      double c = b - g * (b - a), d = a + g * (b - a);

      if (set_loss (set, NULL, 0, 0, c, 1.0, FALSE) < set_loss (set, NULL, 0, 0, d, 1.0, FALSE))
        b = d;
      else
        a = c;
    }
  return (a + b) / 2;
}

double
dr_pattern_fit (DrPatternSet              *set,
                DrPatterns                *patterns,
                const DrPatternFitOptions *options,
                double                    *k_out,
                double                    *base_loss)
{
  int n_windows = dr_patterns_n_windows (patterns);
  gsize size = dr_patterns_size (patterns);
  gsize n_window_weights = (gsize) n_windows * 2 * size;
  gsize n_weights = n_window_weights + 2 * DR_PATTERNS_N_GLOBAL;
  g_autofree float *w = g_new0 (float, n_weights);
  g_autofree float *best = g_new0 (float, n_weights);
  g_autofree double *grad = g_new0 (double, n_weights);
  g_autofree double *m = g_new0 (double, n_weights);
  g_autofree double *v = g_new0 (double, n_weights);
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  double k = fit_k (set), share = options->result_share;
  double best_loss, n_train = dr_pattern_set_size (set, FALSE);
  gint16 *out = dr_patterns_weights (patterns);
  g_autofree float *prior = NULL;   /* where the decay pulls each weight, NULL: 0 */

  if (options->prior != NULL)
    {
      const gint16 *in = dr_patterns_weights (options->prior);

      g_return_val_if_fail (dr_patterns_get_shape (options->prior) == dr_patterns_get_shape (patterns), -1);
      prior = g_new (float, n_weights);
      for (gsize i = 0; i < n_weights; i++)
        prior[i] = i < n_window_weights ? in[i] : (float) in[i] / DR_PATTERNS_GLOBAL_SCALE;
      memcpy (w, prior, n_weights * sizeof *w);
      memcpy (best, prior, n_weights * sizeof *w);
    }
  *k_out = k;
  *base_loss = set_loss (set, NULL, 0, 0, k, share, TRUE);
  best_loss = prior != NULL ? set_loss (set, w, n_windows, size, k, share, TRUE) : *base_loss;
  for (int epoch = 1; epoch <= options->epochs; epoch++)
    {
      double train = 0, b1 = 1 - pow (beta1, epoch), b2 = 1 - pow (beta2, epoch);

      memset (grad, 0, n_weights * sizeof *grad);
      for (guint i = 0; i < set->records->len; i++)
        {
          const Record *r = &g_array_index (set->records, Record, i);
          double x, p, t, g, gf, ge;

          if (r->validation)
            continue;
          x = r->base + record_patterns (r, w, n_windows, size);
          p = sigmoid (k * x / 100.0);
          t = share * r->result + (1 - share) * sigmoid (k * r->score / 100.0);
          train += loss_of (p, t);
          /* d loss / d x = (p - t) k / 100 */
          g = (p - t) * k / 100.0; /* summed, not averaged: Adam is scale-free and eps stays small */
          gf = g * r->full / DR_PATTERNS_PHASE_MAX;
          ge = g * (DR_PATTERNS_PHASE_MAX - r->full) / DR_PATTERNS_PHASE_MAX;
          for (int j = 0; j < n_windows; j++)
            {
              double *s = grad + (gsize) j * 2 * size;

              s[2 * r->own[j]] += gf;
              s[2 * r->flip[j]] -= gf;
              s[2 * r->own[j] + 1] += ge;
              s[2 * r->flip[j] + 1] -= ge;
            }
          for (int j = 0; j < DR_PATTERNS_N_GLOBAL; j++)
            {
              grad[n_window_weights + 2 * j] += gf * r->global[j];
              grad[n_window_weights + 2 * j + 1] += ge * r->global[j];
            }
        }
      for (gsize i = 0; i < n_weights; i++)
        {
          /* The global terms count many units (a tempo of 40): smaller
           * steps, and no decay (a few weights, seen in every position). */
          gboolean global = i >= n_window_weights;
          double rate = global ? options->rate / GLOBAL_RATE_DIVISOR : options->rate;
          double decay;
          float toward;

          if (grad[i] == 0 && m[i] == 0)
            continue; /* a pattern never seen stays as it starts */
          if (global && !options->global_terms)
            continue;
          /* even weights are a full board's, odd ones an empty board's */
          decay = global ? 0 : i % 2 == 0 ? options->decay : options->empty_decay;
          toward = prior != NULL ? prior[i] : 0;
          m[i] = beta1 * m[i] + (1 - beta1) * grad[i];
          v[i] = beta2 * v[i] + (1 - beta2) * grad[i] * grad[i];
          w[i] -= (float) (rate * ((m[i] / b1) / (sqrt (v[i] / b2) + eps)
                                   + decay * (w[i] - toward)));
        }
      if (epoch % 10 == 0 || epoch == options->epochs)
        {
          double val = set_loss (set, w, n_windows, size, k, share, TRUE);

          if (val < best_loss)
            {
              best_loss = val;
              memcpy (best, w, n_weights * sizeof *w);
            }
          if (options->progress != NULL)
            options->progress (epoch, train / n_train, val, options->user_data);
        }
    }
  for (gsize i = 0; i < n_window_weights; i++)
    out[i] = (gint16) CLAMP (lrintf (best[i]), G_MININT16, G_MAXINT16);
  for (gsize i = n_window_weights; i < n_weights; i++)
    out[i] = (gint16) CLAMP (lrintf (best[i] * DR_PATTERNS_GLOBAL_SCALE), G_MININT16, G_MAXINT16);
  dr_patterns_weights_changed (patterns);
  return best_loss;
}
