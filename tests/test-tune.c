/* test-tune.c — the evaluation's weights and the tuner
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "dr-movegen.h"
#include "dr-position.h"
#include "dr-tune.h"
#include "test-util.h"

/* The tuner's premise: dr_eval() is linear in the weights.  For random
 * weights w and every position, eval(w) = sum of w_i * eval(e_i). */
static void
test_linear (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);

  for (int v = 0; v < DR_N_VARIANTS; v++)
    {
      const DrRules *rules = dr_rules_get ((DrVariant) v);
      g_autoptr (GArray) positions = test_random_positions (rules, 400, 11 + v);
      DrEvalWeights w, unit;
      DrEvalTables tables;
      g_autofree DrEvalTables *unit_tables = g_new0 (DrEvalTables, DR_EVAL_N_WEIGHTS);
      int *a = dr_eval_weights_array (&w);

      for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
        a[i] = g_rand_int_range (rand, -50, 300);
      dr_eval_tables_init (&tables, rules->geometry, &w);
      for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
        {
          memset (&unit, 0, sizeof unit);
          dr_eval_weights_array (&unit)[i] = 1;
          dr_eval_tables_init (&unit_tables[i], rules->geometry, &unit);
        }
      for (guint p = 0; p < positions->len; p++)
        {
          const DrPosition *pos = &g_array_index (positions, DrPosition, p);
          long sum = 0;

          for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
            {
              memset (&unit, 0, sizeof unit);
              dr_eval_weights_array (&unit)[i] = 1;
              sum += (long) a[i] * dr_eval (rules, &unit, &unit_tables[i], pos);
            }
          g_assert_cmpint (dr_eval (rules, &w, &tables, pos), ==, sum);
        }
    }
}

/* Names and indices agree, every field is named once. */
static void
test_names (void)
{
  char buf[32];
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
    {
      const char *name = dr_eval_weight_name (i, buf);

      g_assert_nonnull (name);
      g_assert_cmpint (dr_eval_weight_index (name), ==, i);
      g_assert_true (g_hash_table_add (seen, g_strdup (name)));
    }
  g_assert_null (dr_eval_weight_name (DR_EVAL_N_WEIGHTS, buf));
  g_assert_cmpint (dr_eval_weight_index ("advance[3]"), ==, dr_eval_weight_index ("advance[0]") + 3);
  g_assert_cmpint (dr_eval_weight_index ("advance"), ==, -1);
  g_assert_cmpint (dr_eval_weight_index ("queen"), ==, -1);
}

/* Written weights read back the same; the C form names every field. */
static void
test_file_round_trip (void)
{
  DrEvalWeights w = *dr_eval_default_weights (&dr_rules_international), back;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL, *c = NULL;
  g_autoptr (GError) error = NULL;
  int fd = g_file_open_tmp ("dr-weights-XXXXXX.ini", &path, &error);
  int *a = dr_eval_weights_array (&w);

  g_assert_no_error (error);
  g_close (fd, NULL);
  for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
    a[i] += i * 3 - 20;
  text = dr_eval_weights_to_data (&w, "a comment\non two lines");
  g_assert_true (g_str_has_prefix (text, "# a comment\n# on two lines\n[Weights]\n"));
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  memset (&back, 0, sizeof back);
  g_assert_true (dr_eval_weights_load (path, &back, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (&w, sizeof w, &back, sizeof back);

  c = dr_eval_weights_to_c (&w);
  g_assert_nonnull (strstr (c, "  .advance = { "));
  g_assert_nonnull (strstr (c, "  .simplify = "));
  g_unlink (path);
}

/* A file that only sets some keys leaves the others alone; bad files say
 * which file and which key. */
static void
test_file_errors (void)
{
  static const struct
  {
    const char *text;
    const char *message;   /* a part of the error */
  } cases[] = {
    { "[Weights]\nqueen=3\n", "unknown weight “queen”" },
    { "[Weights]\nking=lots\n", "king:" },
    { "[Weights]\nfile=1;2;3;4;5;6\n", "file: more than 5 values" },
    { "[Other]\nking=3\n", "no [Weights] group" },
    { "king=3\n", "" },
  };
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  int fd = g_file_open_tmp ("dr-weights-XXXXXX.ini", &path, &error);
  DrEvalWeights w = *dr_eval_default_weights (&dr_rules_english);
  DrEvalWeights expect = w;

  g_assert_no_error (error);
  g_close (fd, NULL);
  g_assert_true (g_file_set_contents (path, "[Weights]\nking=210\nadvance=1;2\n", -1, NULL));
  g_assert_true (dr_eval_weights_load (path, &w, &error));
  expect.king = 210;
  expect.advance[0] = 1;
  expect.advance[1] = 2;
  g_assert_cmpmem (&w, sizeof w, &expect, sizeof expect);

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_clear_error (&error);
      g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      g_assert_false (dr_eval_weights_load (path, &w, &error));
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
  g_unlink (path);
  g_clear_error (&error);
  g_assert_false (dr_eval_weights_load (path, &w, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

/* Results drawn from a known evaluation: the fit finds it again.  The
 * truth is the International defaults with the king worth 250 and the
 * runaway 60; the fit starts from king 400 and runaway 200, and must land
 * near the truth with a smaller error than it started with. */
static void
test_fit_recovers (void)
{
  const DrRules *rules = &dr_rules_international;
  g_autoptr (DrTuneSet) set = dr_tune_set_new (rules);
  g_autoptr (GArray) positions = test_random_positions (rules, 6000, 3);
  DrEvalWeights truth = *dr_eval_default_weights (rules), start;
  DrEvalTables tables;
  double before, after, k;

  truth.king = 250;
  truth.runaway = 60;
  dr_eval_tables_init (&tables, rules->geometry, &truth);
  for (guint p = 0; p < positions->len; p++)
    {
      const DrPosition *pos = &g_array_index (positions, DrPosition, p);
      int score = dr_eval (rules, &truth, &tables, pos);

      dr_tune_set_add_position (set, pos, 1.0 / (1.0 + pow (10.0, -score / 400.0)), p % 10 == 9);
    }
  g_assert_cmpuint (dr_tune_set_size (set, FALSE), ==, 5400);
  g_assert_cmpuint (dr_tune_set_size (set, TRUE), ==, 600);

  k = dr_tune_fit_k (set, &truth);
  g_assert_cmpfloat (fabs (k - 1.0), <, 0.01);
  g_assert_cmpfloat (dr_tune_error (set, &truth, 1.0, FALSE), <, 1e-9);

  start = truth;
  start.king = 400;
  start.runaway = 200;
  before = dr_tune_error (set, &start, 1.0, TRUE);
  dr_tune_fit (set, &start, 1.0, 1500, 0.0, TRUE);
  after = dr_tune_error (set, &start, 1.0, TRUE);
  g_test_message ("king %d, runaway %d; validation error %.6f -> %.6f", start.king, start.runaway, before, after);
  g_assert_cmpfloat (after, <, before / 10);
  g_assert_cmpint (abs (start.king - 250), <=, 15);
  g_assert_cmpint (abs (start.runaway - 60), <=, 15);
  g_assert_cmpint (start.man, ==, 100);
}

/* Games from a PDN file: those with a result count, "*" does not; the
 * samples are the quiet positions, each labelled from its side to move. */
static void
test_add_file (void)
{
  static const char pdn[] =
    "[Event \"one\"]\n[Result \"2-0\"]\n1. 32-28 19-23 2. 28x19 14x23 2-0\n\n"
    "[Event \"two\"]\n[Result \"*\"]\n1. 32-28 *\n\n"
    "[Event \"three\"]\n[Result \"1-1\"]\n1. 33-28 18-22 1-1\n\n"
    "[Event \"broken\"]\n[Result \"2-0\"]\n1. 32-27 32-27 2-0\n";
  const DrRules *rules = &dr_rules_international;
  g_autoptr (DrTuneSet) set = dr_tune_set_new (rules);
  g_autoptr (DrTuneSet) expect = dr_tune_set_new (rules);
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  guint n_games = 0, n_broken = 0;
  DrEvalWeights w = *dr_eval_default_weights (rules);
  DrPosition pos;
  int fd = g_file_open_tmp ("dr-tune-XXXXXX.pdn", &path, &error);

  g_assert_no_error (error);
  g_close (fd, NULL);
  g_assert_true (g_file_set_contents (path, pdn, -1, NULL));
  g_assert_true (dr_tune_set_add_file (set, path, &n_games, &n_broken, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_games, ==, 2);
  g_assert_cmpuint (n_broken, ==, 1);
  /* Game one: the start, 32-28 and 14x23 are quiet; after 19-23 White
   * must take and after 28x19 Black must: three samples.  Game three:
   * the start and 33-28; after 18-22 Black would have 22x33 were it
   * Black's move: two samples. */
  g_assert_cmpuint (dr_tune_set_size (set, FALSE), ==, 5);
  g_assert_cmpuint (dr_tune_set_size (set, TRUE), ==, 0);

  /* The same samples added by hand give the same error. */
  dr_rules_initial (rules, &pos);
  dr_tune_set_add_position (expect, &pos, 1.0, FALSE);
  {
    g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
    DrPosition p2;
    const DrGeometry *g = rules->geometry;

    dr_movegen_legal (rules, &pos, list);
    for (unsigned i = 0; i < list->n; i++)
      if (list->moves[i].from == dr_geometry_bit_from_number (g, 32)
          && list->moves[i].to == dr_geometry_bit_from_number (g, 28))
        {
          dr_position_apply (&p2, &pos, &list->moves[i]);
          dr_tune_set_add_position (expect, &p2, 0.0, FALSE);   /* Black to move, White won */
        }
  }
  g_assert_cmpuint (dr_tune_set_size (expect, FALSE), ==, 2);
  /* The same two positions read from a one-move game. */
  {
    g_autoptr (DrTuneSet) first = dr_tune_set_new (rules);
    g_assert_true (g_file_set_contents (path, "[Result \"2-0\"]\n1. 32-28 2-0\n", -1, NULL));
    n_games = 0;
    g_assert_true (dr_tune_set_add_file (first, path, &n_games, NULL, &error));
    g_assert_cmpuint (dr_tune_set_size (first, FALSE), ==, 2);
    g_assert_cmpfloat (fabs (dr_tune_error (first, &w, 1.3, FALSE) - dr_tune_error (expect, &w, 1.3, FALSE)), <, 1e-12);
  }
  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tune/eval-is-linear", test_linear);
  g_test_add_func ("/tune/names", test_names);
  g_test_add_func ("/tune/file/round-trip", test_file_round_trip);
  g_test_add_func ("/tune/file/errors", test_file_errors);
  g_test_add_func ("/tune/fit/recovers-known-weights", test_fit_recovers);
  g_test_add_func ("/tune/add-file", test_add_file);
  return g_test_run ();
}
