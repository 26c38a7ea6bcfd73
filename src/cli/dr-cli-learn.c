/* dr-cli-learn.c — draughtsman-cli selfplay, and tune --patterns
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-cli-learn.h"

#include "dr-pattern-fit.h"
#include "dr-selfplay.h"

#include <gio/gio.h>
#include <pthread.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  const DrRules     *rules;
  DrSelfplayOptions  options;
  const char        *patterns_option;
  guint64            seed;
  guint64            n_games;
  gint               next;          /* atomic: the next game to play */
  /* A pthread mutex, not a GMutex: ThreadSanitizer sees its orderings
   * (GLib's futexes it cannot), as in dr-match.c. */
  pthread_mutex_t    lock;          /* over what follows */
  GOutputStream     *out;
  guint64            done;
  guint64            lines;
  guint64            wins[3];       /* White, draw, Black */
  GError            *error;
  gint64             start_us;
} SelfplayRun;

/* Closes @out, made by g_file_replace(), without replacing the file: the
 * stream writes a temporary file that closing renames over the file, and
 * a close cancelled removes it instead.  (Dropping the last reference
 * would close it, and put the part written in place of the file.) */
static void
discard_output (GOutputStream *out)
{
  g_autoptr (GCancellable) cancelled = g_cancellable_new ();

  g_cancellable_cancel (cancelled);
  g_output_stream_close (out, cancelled, NULL);
}

static gpointer
selfplay_worker (gpointer data)
{
  SelfplayRun *run = data;
  DrSearch *search = dr_search_new (run->rules, 16);
  g_autoptr (DrPatterns) patterns = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  gboolean ok = TRUE;

  patterns = dr_cli_patterns_for_search (search, run->patterns_option, "selfplay", &ok);
  for (;;)
    {
      guint64 game = (guint64) g_atomic_int_add (&run->next, 1);
      guint n_lines = 0;
      DrStatus status;

      if (game >= run->n_games)
        break;
      g_string_truncate (text, 0);
      status = dr_selfplay_game (search, &run->options, run->seed, game, text, &n_lines);
      pthread_mutex_lock (&run->lock);
      if (run->error == NULL
          && !g_output_stream_write_all (run->out, text->str, text->len, NULL, NULL, &run->error))
        g_atomic_int_set (&run->next, (gint) run->n_games);
      run->done++;
      run->lines += n_lines;
      run->wins[status == DR_STATUS_WHITE_WINS ? 0 : status == DR_STATUS_BLACK_WINS ? 2 : 1]++;
      if (run->done % 100 == 0 || run->done == run->n_games)
        {
          double s = (g_get_monotonic_time () - run->start_us) / 1e6;

          g_printerr (_("%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " positions (+%" G_GUINT64_FORMAT
                        " =%" G_GUINT64_FORMAT " -%" G_GUINT64_FORMAT "), %.0f s\n"),
                      run->done, run->lines, run->wins[0], run->wins[1], run->wins[2], s);
        }
      pthread_mutex_unlock (&run->lock);
    }
  dr_search_free (search);
  return NULL;
}

int
dr_cli_selfplay (int    argc,
                 char **argv)
{
  g_autofree char *variant = NULL, *output = NULL, *patterns_option = NULL;
  gint64 games = 1000, nodes = 2000, seed = 1;
  int threads = 1, random_plies = 6, max_plies = 400, max_opening_score = 100;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Variant to play (default: international)"), N_("VARIANT") },
    { "games", 'n', 0, G_OPTION_ARG_INT64, &games, N_("Games to play (default 1000)"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Nodes a move (default 2000)"), N_("N") },
    { "random-plies", 0, 0, G_OPTION_ARG_INT, &random_plies, N_("Moves chosen at random at the start (default 6)"), N_("N") },
    { "max-plies", 0, 0, G_OPTION_ARG_INT, &max_plies, N_("A game this long is a draw (default 400)"), N_("N") },
    { "max-opening-score", 0, 0, G_OPTION_ARG_INT, &max_opening_score, N_("Draw the random moves again when the first search scores them beyond this, in hundredths of a man (default 100; 0: never)"), N_("N") },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, N_("Series of games (default 1); the same seed plays the same games"), N_("N") },
    { "threads", 't', 0, G_OPTION_ARG_INT, &threads, N_("Games played at once (default 1)"), N_("N") },
    { "patterns", 0, 0, G_OPTION_ARG_FILENAME, &patterns_option, N_("Pattern weights: a file, or “none” (default: those that ship)"), N_("FILE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the positions to this file"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) workers = g_ptr_array_new ();
  g_autoptr (GOutputStream) out = NULL;
  SelfplayRun run = { 0 };
  g_autofree char *header = NULL;

  g_option_context_set_summary (context, _("Play the engine against itself at a fixed node count a move and write "
                                           "every quiet position with the game's result and the search's score: "
                                           "training data for “tune --patterns”."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 1 || games < 1 || games > G_MAXINT / 2 || nodes < 1
      || threads < 1 || threads > 64 || random_plies < 0 || max_plies < 1 || max_opening_score < 0 || seed < 0)
    {
      g_printerr ("draughtsman-cli selfplay: %s\n", error ? error->message : _("bad arguments (see --help)"));
      return EXIT_FAILURE;
    }
  run.rules = dr_rules_from_name (variant != NULL ? variant : "international");
  if (run.rules == NULL)
    {
      g_printerr (_("draughtsman-cli selfplay: unknown variant “%s”\n"), variant);
      return EXIT_FAILURE;
    }
  if (output == NULL)
    {
      g_printerr (_("draughtsman-cli selfplay: name the file to write with --output\n"));
      return EXIT_FAILURE;
    }
  {
    /* A weights file that does not load is said once, before any game
     * and before the output is touched. */
    DrSearch *probe = dr_search_new (run.rules, 1);
    g_autoptr (DrPatterns) p = NULL;
    gboolean ok = TRUE;

    p = dr_cli_patterns_for_search (probe, patterns_option, "selfplay", &ok);
    dr_search_free (probe);
    if (!ok)
      return EXIT_FAILURE;
  }
    {
      g_autoptr (GFile) file = g_file_new_for_commandline_arg (output);

      /* Replaced when complete: a run interrupted or failed leaves the
       * old file (discard_output() on failure). */
      out = G_OUTPUT_STREAM (g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error));
      if (out == NULL)
        {
          g_printerr ("draughtsman-cli selfplay: %s\n", error->message);
          return EXIT_FAILURE;
        }
      out = G_OUTPUT_STREAM (g_buffered_output_stream_new (g_steal_pointer (&out)));
    }
  header = g_strdup_printf ("# draughtsman-cli selfplay --variant %s --games %" G_GINT64_FORMAT " --nodes %" G_GINT64_FORMAT
                            " --random-plies %d --max-plies %d --max-opening-score %d --seed %" G_GINT64_FORMAT "%s%s\n"
                            "# GAME PLY RESULT SCORE FEN (dr-selfplay.h)\n",
                            run.rules->name, games, nodes, random_plies, max_plies, max_opening_score, seed,
                            patterns_option != NULL ? " --patterns " : "", patterns_option != NULL ? patterns_option : "");
  run.options.nodes = (guint64) nodes;
  run.options.random_plies = random_plies;
  run.options.max_plies = max_plies;
  run.options.max_opening_score = max_opening_score;
  run.patterns_option = patterns_option;
  run.seed = (guint64) seed;
  run.n_games = (guint64) games;
  run.out = out;
  run.start_us = g_get_monotonic_time ();
  pthread_mutex_init (&run.lock, NULL);
  if (!g_output_stream_write_all (out, header, strlen (header), NULL, NULL, &error))
    {
      g_printerr (_("draughtsman-cli selfplay: %s not written (left as it was): %s\n"), output,
                  error->message);
      discard_output (out);
      return EXIT_FAILURE;
    }
  for (int i = 0; i < threads; i++)
    g_ptr_array_add (workers, g_thread_new ("selfplay", selfplay_worker, &run));
  for (guint i = 0; i < workers->len; i++)
    g_thread_join (g_ptr_array_index (workers, i));
  pthread_mutex_destroy (&run.lock);
  /* Flushed first: a close whose flush fails still renames the part
   * written over the file (GBufferedOutputStream closes its base). */
  if (run.error == NULL && g_output_stream_flush (out, NULL, &run.error))
    g_output_stream_close (out, NULL, &run.error);
  if (run.error != NULL)
    {
      g_printerr (_("draughtsman-cli selfplay: %s not written (left as it was): %s\n"), output,
                  run.error->message);
      g_error_free (run.error);
      discard_output (out);
      return EXIT_FAILURE;
    }
  return EXIT_SUCCESS;
}

static void
fit_progress (int      epoch,
              double   train,
              double   validation,
              gpointer user_data)
{
  g_printerr (_("epoch %d: loss %.6f training, %.6f kept apart\n"), epoch, train, validation);
}

int
dr_cli_tune_patterns (const DrRules              *rules,
                      DrPatternsShape             shape,
                      char                      **files,
                      int                         n_files,
                      const DrPatternFitOptions  *fit_options,
                      const char                 *prior_path,
                      const char                 *output)
{
  g_autoptr (DrPatterns) patterns = NULL, prior = NULL;
  g_autoptr (DrPatternSet) set = NULL;
  g_autoptr (GError) error = NULL;
  DrPatternFitOptions options = *fit_options;
  guint n_positions = 0;
  double k, base_loss, loss;
  gint64 start = g_get_monotonic_time ();

  if (!dr_patterns_supported (rules))
    {
      g_printerr (_("draughtsman-cli tune: %s has no pattern evaluation\n"), rules->name);
      return EXIT_FAILURE;
    }
  if (!dr_patterns_shape_supported (rules, shape))
    {
      g_printerr (_("draughtsman-cli tune: windows of shape %s do not fit the board of %s\n"),
                  dr_patterns_shape_name (shape), rules->name);
      return EXIT_FAILURE;
    }
  if (output == NULL)
    {
      g_printerr (_("draughtsman-cli tune: --patterns writes a binary file: name it with --output\n"));
      return EXIT_FAILURE;
    }
  if (prior_path != NULL)
    {
      prior = dr_patterns_load (rules, prior_path, &error);
      if (prior == NULL)
        {
          g_printerr ("draughtsman-cli tune: %s\n", error->message);
          return EXIT_FAILURE;
        }
      if (dr_patterns_get_shape (prior) != shape)
        {
          g_printerr (_("draughtsman-cli tune: %s: its windows are of shape %s, not %s as fitted (--shape)\n"),
                      prior_path, dr_patterns_shape_name (dr_patterns_get_shape (prior)),
                      dr_patterns_shape_name (shape));
          return EXIT_FAILURE;
        }
    }
  options.prior = prior;
  options.progress = fit_progress;
  patterns = dr_patterns_new_shape (rules, shape);
  set = dr_pattern_set_new (patterns, dr_eval_default_weights (rules));
  for (int i = 0; i < n_files; i++)
    if (!dr_pattern_set_add_file (set, files[i], &n_positions, &error))
      {
        g_printerr ("draughtsman-cli tune: %s\n", error->message);
        return EXIT_FAILURE;
      }
  if (dr_pattern_set_size (set, FALSE) == 0 || dr_pattern_set_size (set, TRUE) == 0)
    {
      g_printerr (_("draughtsman-cli tune: too few positions (every tenth game is kept apart)\n"));
      return EXIT_FAILURE;
    }
  g_printerr (_("positions: %u training, %u kept apart (read in %.1f s)\n"),
              dr_pattern_set_size (set, FALSE), dr_pattern_set_size (set, TRUE),
              (g_get_monotonic_time () - start) / 1e6);
  g_printerr (_("windows %s: %d weight tables of %u patterns, %" G_GSIZE_FORMAT " weights (full and empty board)\n"),
              dr_patterns_shape_name (shape), dr_patterns_n_windows (patterns), dr_patterns_size (patterns),
              (gsize) dr_patterns_n_windows (patterns) * dr_patterns_size (patterns) * 2);
  loss = dr_pattern_fit (set, patterns, &options, &k, &base_loss);
  g_printerr (_("K: %.4f; kept-apart loss: %.6f hand-set terms alone, %.6f with the patterns (%.1f s)\n"),
              k, base_loss, loss, (g_get_monotonic_time () - start) / 1e6);
  if (options.global_terms)
    {
      static const char *const names[DR_PATTERNS_N_GLOBAL] = {
        "kings", "kings-vs-none", "man-mobility", "king-mobility", "tempo",
        "balance", "runaway", "locked", "back-rank", "simplify",
      };
      const gint16 *g = dr_patterns_global_weights (patterns);

      /* Translators: the fitted global terms, hundredths of a man a unit. */
      g_printerr (_("global terms (full board / empty board, hundredths of a man a unit):\n"));
      for (int i = 0; i < DR_PATTERNS_N_GLOBAL; i++)
        g_printerr ("  %-14s %7.2f %7.2f\n", names[i], (double) g[2 * i] / DR_PATTERNS_GLOBAL_SCALE,
                    (double) g[2 * i + 1] / DR_PATTERNS_GLOBAL_SCALE);
    }
  if (!dr_patterns_save (patterns, output, &error))
    {
      g_printerr ("draughtsman-cli tune: %s\n", error->message);
      return EXIT_FAILURE;
    }
  return EXIT_SUCCESS;
}

DrPatterns *
dr_cli_patterns_for_search (DrSearch   *search,
                            const char *option,
                            const char *command,
                            gboolean   *ok)
{
  g_autoptr (GError) error = NULL;
  DrPatterns *patterns;

  *ok = TRUE;
  if (option == NULL)
    return NULL;
  if (g_strcmp0 (option, "none") == 0)
    {
      dr_search_set_patterns (search, NULL);
      return NULL;
    }
  patterns = dr_patterns_load (dr_search_get_rules (search), option, &error);
  if (patterns == NULL)
    {
      g_printerr ("draughtsman-cli %s: %s\n", command, error->message);
      *ok = FALSE;
      return NULL;
    }
  dr_search_set_patterns (search, patterns);
  return patterns;
}
