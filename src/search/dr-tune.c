/* dr-tune.c — fitting the evaluation's weights on positions from games
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See dr-tune.h for the method.  The optimiser is Adam (Kingma and Ba,
 * 2015) on the full training set: the error surface of a logistic model
 * is smooth, the set fits in memory, and a full-batch step is cheap
 * (positions × terms multiply-adds), so there is no need for sampling.
 */

#include "dr-tune.h"

#include <math.h>
#include <string.h>

#include "dr-game.h"
#include "dr-movegen.h"
#include "dr-pdn.h"

G_DEFINE_QUARK (dr-tune-error-quark, dr_tune_error)

typedef struct
{
  float  terms[DR_EVAL_N_WEIGHTS];
  float  result;                  /* side to move's view: 0, 0.5, 1 */
} Sample;

struct _DrTuneSet
{
  const DrRules *rules;
  DrEvalTables   basis[DR_EVAL_N_WEIGHTS];
  DrEvalWeights  unit[DR_EVAL_N_WEIGHTS];
  GArray        *samples[2];      /* training, validation */
  guint          n_games;         /* games added, for the validation split */
};

DrTuneSet *
dr_tune_set_new (const DrRules *rules)
{
  DrTuneSet *set = g_new0 (DrTuneSet, 1);

  set->rules = rules;
  for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
    {
      memset (&set->unit[i], 0, sizeof set->unit[i]);
      dr_eval_weights_array (&set->unit[i])[i] = 1;
      dr_eval_tables_init (&set->basis[i], rules->geometry, &set->unit[i]);
    }
  for (int v = 0; v < 2; v++)
    set->samples[v] = g_array_new (FALSE, FALSE, sizeof (Sample));
  return set;
}

void
dr_tune_set_free (DrTuneSet *set)
{
  if (set == NULL)
    return;
  for (int v = 0; v < 2; v++)
    g_array_unref (set->samples[v]);
  g_free (set);
}

void
dr_tune_set_add_position (DrTuneSet        *set,
                          const DrPosition *pos,
                          double            result,
                          gboolean          validation)
{
  Sample s;

  for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
    s.terms[i] = (float) dr_eval (set->rules, &set->unit[i], &set->basis[i], pos);
  s.result = (float) result;
  g_array_append_val (set->samples[validation ? 1 : 0], s);
}

/* No capture for the side to move, nor for the other side were it to
 * move: the evaluation is not in the middle of an exchange. */
static gboolean
is_quiet (const DrRules    *rules,
          const DrPosition *pos)
{
  DrPosition other = *pos;

  if (dr_movegen_has_capture (rules, pos))
    return FALSE;
  other.turn ^= 1;
  return !dr_movegen_has_capture (rules, &other);
}

gboolean
dr_tune_set_add_file (DrTuneSet   *set,
                      const char  *path,
                      guint       *n_games,
                      guint       *n_broken,
                      GError     **error)
{
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (path, NULL, set->rules, error);

  if (reader == NULL)
    return FALSE;
  for (;;)
    {
      g_autoptr (GError) game_error = NULL;
      g_autoptr (DrGame) game = NULL;
      double white;
      gboolean validation;
      DrPdnRead read;

      read = dr_pdn_reader_next_game (reader, &game, &game_error);
      if (read == DR_PDN_READ_END)
        break;
      /* Only games read whole: where a record breaks off (an illegal or
       * ambiguous move, often a transcription error made some moves
       * earlier) the positions before it may not be the game's, and a
       * result would label positions that were never played. */
      if (read == DR_PDN_READ_PARTIAL)
        {
          if (n_broken != NULL)
            (*n_broken)++;
          continue;
        }
      if (game->rules != set->rules)
        continue;
      switch (game->result)
        {
        case DR_RESULT_WHITE_WINS: white = 1.0; break;
        case DR_RESULT_BLACK_WINS: white = 0.0; break;
        case DR_RESULT_DRAW:       white = 0.5; break;
        case DR_RESULT_UNKNOWN:
        case DR_RESULT_BOTH_LOSE:
        default:
          continue;
        }
      validation = set->n_games++ % 10 == 9;
      if (n_games != NULL)
        (*n_games)++;
      for (const DrGameNode *node = game->root; node != NULL; node = node->children)
        if (is_quiet (set->rules, &node->position))
          dr_tune_set_add_position (set, &node->position,
                                    node->position.turn == DR_SIDE_WHITE ? white : 1.0 - white,
                                    validation);
    }
  return TRUE;
}

guint
dr_tune_set_size (const DrTuneSet *set,
                  gboolean         validation)
{
  return set->samples[validation ? 1 : 0]->len;
}

static inline double
sample_score (const Sample *s,
              const double *w)
{
  double score = 0;

  for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
    score += w[i] * s->terms[i];
  return score;
}

static inline double
predict (double score,
         double k)
{
  return 1.0 / (1.0 + pow (10.0, -k * score / 400.0));
}

static double
error_of (const GArray *samples,
          const double *w,
          double        k)
{
  double sum = 0;

  if (samples->len == 0)
    return 0;
  for (guint n = 0; n < samples->len; n++)
    {
      const Sample *s = &g_array_index (samples, Sample, n);
      double d = s->result - predict (sample_score (s, w), k);

      sum += d * d;
    }
  return sum / samples->len;
}

static void
to_doubles (const DrEvalWeights *weights,
            double              *w)
{
  const int *a = dr_eval_weights_array_const (weights);

  for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
    w[i] = a[i];
}

double
dr_tune_error (const DrTuneSet     *set,
               const DrEvalWeights *weights,
               double               k,
               gboolean             validation)
{
  double w[DR_EVAL_N_WEIGHTS];

  to_doubles (weights, w);
  return error_of (set->samples[validation ? 1 : 0], w, k);
}

double
dr_tune_fit_k (const DrTuneSet     *set,
               const DrEvalWeights *weights)
{
  double w[DR_EVAL_N_WEIGHTS];
  double lo = 0.01, hi = 10.0;
  const double phi = (sqrt (5.0) - 1) / 2;
  double a, b, ea, eb;

  /* Golden-section search: the error is unimodal in K. */
  to_doubles (weights, w);
  a = hi - phi * (hi - lo);
  b = lo + phi * (hi - lo);
  ea = error_of (set->samples[0], w, a);
  eb = error_of (set->samples[0], w, b);
  for (int i = 0; i < 60; i++)
    {
      if (ea < eb)
        {
          hi = b;
          b = a;
          eb = ea;
          a = hi - phi * (hi - lo);
          ea = error_of (set->samples[0], w, a);
        }
      else
        {
          lo = a;
          a = b;
          ea = eb;
          b = lo + phi * (hi - lo);
          eb = error_of (set->samples[0], w, b);
        }
    }
  return (lo + hi) / 2;
}

static void
round_into (const double  *w,
            DrEvalWeights *weights)
{
  int *out = dr_eval_weights_array (weights);

  for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
    out[i] = (int) lround (w[i]);
}

double
dr_tune_fit (const DrTuneSet *set,
             DrEvalWeights   *weights,
             double           k,
             int              iterations,
             double           lambda,
             gboolean         early_stop)
{
  const GArray *samples = set->samples[0];
  double w[DR_EVAL_N_WEIGHTS], w0[DR_EVAL_N_WEIGHTS];
  double m[DR_EVAL_N_WEIGHTS] = { 0 }, v[DR_EVAL_N_WEIGHTS] = { 0 };
  const double rate = 0.5, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  const double slope = k * G_LN10 / 400.0;
  /* A man on its back rank on an edge file is worth "man": the per-square
   * arrays are relative to their first entry, or they and "man" would
   * trade the same constant back and forth. */
  int fixed[] = { dr_eval_weight_index ("man"), dr_eval_weight_index ("advance[0]"),
                  dr_eval_weight_index ("file[0]") };
  DrEvalWeights best = *weights, current;
  double best_error = G_MAXDOUBLE;
  gboolean check = early_stop && set->samples[1]->len > 0;

  if (samples->len == 0)
    return 0;
  to_doubles (weights, w);
  to_doubles (weights, w0);
  if (check)
    best_error = dr_tune_error (set, weights, k, TRUE);
  for (int t = 1; t <= iterations; t++)
    {
      double grad[DR_EVAL_N_WEIGHTS] = { 0 };

      for (guint n = 0; n < samples->len; n++)
        {
          const Sample *s = &g_array_index (samples, Sample, n);
          double p = predict (sample_score (s, w), k);
          /* d/dw (r - p)^2 = -2 (r - p) p (1 - p) slope · term */
          double g = -2.0 * (s->result - p) * p * (1 - p) * slope;

          for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
            grad[i] += g * s->terms[i];
        }
      for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
        {
          /* The error, plus lambda times the squared distance from the
           * start in men (weights / 100). */
          double g = grad[i] / samples->len + 2 * lambda * (w[i] - w0[i]) / 10000.0;

          if (i == fixed[0] || i == fixed[1] || i == fixed[2])
            continue;
          m[i] = beta1 * m[i] + (1 - beta1) * g;
          v[i] = beta2 * v[i] + (1 - beta2) * g * g;
          w[i] -= rate * (m[i] / (1 - pow (beta1, t))) / (sqrt (v[i] / (1 - pow (beta2, t))) + eps);
        }
      /* Early stopping: keep the weights that predict the games kept
       * apart best. */
      if (check && (t % 25 == 0 || t == iterations))
        {
          double e;

          round_into (w, &current);
          e = dr_tune_error (set, &current, k, TRUE);
          g_debug ("step %d: error %.6f training, %.6f validation", t,
                   dr_tune_error (set, &current, k, FALSE), e);
          if (e < best_error)
            {
              best_error = e;
              best = current;
            }
        }
    }
  if (check)
    *weights = best;
  else
    round_into (w, weights);
  return dr_tune_error (set, weights, k, FALSE);
}

#define GROUP "Weights"

gboolean
dr_eval_weights_load (const char     *path,
                      DrEvalWeights  *weights,
                      GError        **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_auto (GStrv) keys = NULL;
  int *a = dr_eval_weights_array (weights);

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  keys = g_key_file_get_keys (file, GROUP, NULL, NULL);
  if (keys == NULL)
    {
      g_set_error (error, DR_TUNE_ERROR, DR_TUNE_ERROR_PARSE, "%s: no [%s] group", path, GROUP);
      return FALSE;
    }
  for (int k = 0; keys[k] != NULL; k++)
    {
      g_autoptr (GError) local = NULL;
      const DrEvalField *f = dr_eval_field_by_name (keys[k]);
      g_autofree int *values = NULL;
      gsize n = 1;

      if (f == NULL)
        {
          g_set_error (error, DR_TUNE_ERROR, DR_TUNE_ERROR_PARSE, "%s: unknown weight “%s”", path, keys[k]);
          return FALSE;
        }
      if (f->count == 1)
        {
          values = g_new (int, 1);
          values[0] = g_key_file_get_integer (file, GROUP, keys[k], &local);
        }
      else
        values = g_key_file_get_integer_list (file, GROUP, keys[k], &n, &local);
      if (local != NULL)
        {
          g_set_error (error, DR_TUNE_ERROR, DR_TUNE_ERROR_PARSE, "%s: %s: %s", path, keys[k], local->message);
          return FALSE;
        }
      if (n > (gsize) f->count)
        {
          g_set_error (error, DR_TUNE_ERROR, DR_TUNE_ERROR_PARSE,
                       "%s: %s: more than %d values", path, keys[k], f->count);
          return FALSE;
        }
      memcpy (a + f->first, values, n * sizeof *values);
    }
  return TRUE;
}

/* Appends every field to @out: "name=1;2;3" lines, or with @c the
 * lines of a C initialiser. */
static void
write_fields (GString             *out,
              const DrEvalWeights *weights,
              gboolean             c)
{
  const int *a = dr_eval_weights_array_const (weights);
  int n_fields;
  const DrEvalField *fields = dr_eval_fields (&n_fields);

  for (int k = 0; k < n_fields; k++)
    {
      const DrEvalField *f = &fields[k];

      g_string_append_printf (out, c ? "  .%s = %s" : "%s=", f->name, c && f->count > 1 ? "{ " : "");
      for (int i = 0; i < f->count; i++)
        g_string_append_printf (out, "%s%d", i == 0 ? "" : c ? ", " : ";", a[f->first + i]);
      g_string_append (out, c ? (f->count > 1 ? " },\n" : ",\n") : "\n");
    }
}

char *
dr_eval_weights_to_data (const DrEvalWeights *weights,
                         const char          *comment)
{
  GString *out = g_string_new (NULL);

  if (comment != NULL)
    {
      g_auto (GStrv) lines = g_strsplit (comment, "\n", -1);

      for (int i = 0; lines[i] != NULL; i++)
        if (lines[i][0] != '\0')
          g_string_append_printf (out, "# %s\n", lines[i]);
    }
  g_string_append (out, "[" GROUP "]\n");
  write_fields (out, weights, FALSE);
  return g_string_free (out, FALSE);
}

char *
dr_eval_weights_to_c (const DrEvalWeights *weights)
{
  GString *out = g_string_new ("{\n");

  write_fields (out, weights, TRUE);
  g_string_append (out, "}\n");
  return g_string_free (out, FALSE);
}
