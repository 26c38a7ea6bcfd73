/* test-analysis.c — the engine on its worker thread, as the window sees it
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * DrAnalysis searches on its own thread and hands its lines to the main
 * thread through one idle at a time.  These tests hold the main loop back
 * while the worker reports many iterations and check that they arrive as a
 * single ::progress (GtSignalLogger counts the emissions), that a restart
 * or a stop leaves nothing stale behind, and that the lines are legal.
 * The expected outcomes come from the rules, not from our engine: in
 * W:W28:B23 the only move is the capture 28x19 (003 3.1, capture is
 * compulsory), after which Black has no piece and loses (003 4.2).
 */

#define G_LOG_DOMAIN "test-analysis"

#include "config.h"

#include "test-util.h"

#include "dr-analysis.h"

#include "dr-eval.h"
#include "dr-fen.h"
#include "dr-movegen.h"

#include <libglib-testing/signal-logger.h>
#include <sys/resource.h>

static DrPosition
position_of (const char *fen)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_true (dr_fen_parse (&dr_rules_international, fen, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

/* Dispatches whatever is pending on the main context, without waiting. */
static void
dispatch_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs the main loop until one ::progress arrives (at most @seconds). */
static void
wait_for_progress (GtSignalLogger *logger,
                   int             seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (gt_signal_logger_get_n_emissions (logger) == 0 && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  g_assert_cmpuint (gt_signal_logger_get_n_emissions (logger), >, 0);
}

static void
assert_lines_legal (DrAnalysis       *analysis,
                    const DrPosition *pos,
                    int               expected)
{
  int n;
  const DrSearchInfo *lines = dr_analysis_get_lines (analysis, &n);

  g_assert_cmpint (n, ==, expected);
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpint (lines[i].multipv, ==, i + 1);
      g_assert_cmpint (lines[i].pv_length, >, 0);
      g_assert_true (test_move_is_legal (&dr_rules_international, pos, &lines[i].pv[0]));
      for (int j = 0; j < i; j++)
        g_assert_false (dr_move_same (&lines[i].pv[0], &lines[j].pv[0]));
      if (i > 0)
        g_assert_cmpint (lines[i].score, <=, lines[i - 1].score);
    }
}

/* Many iterations reported while the main thread is busy arrive as one
 * ::progress, carrying the latest of them. */
static void
test_progress_coalesced (void)
{
  g_autoptr (DrAnalysis) analysis = dr_analysis_new ();
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition start = position_of ("W:W31-50:B1-20");
  int n;

  gt_signal_logger_connect (logger, analysis, "progress");
  dr_analysis_start (analysis, &dr_rules_international, &start, NULL, 0, 3);
  g_assert_true (dr_analysis_get_running (analysis));
  /* Wait, without dispatching, until the first iteration is queued for
   * the main thread (however slow the machine or the sanitizer), then as
   * long again and half a second more for the next ones to pile up. */
  {
    gint64 start_us = g_get_monotonic_time (), queued_us;

    while (!g_main_context_pending (NULL))
      {
        g_assert_cmpint (g_get_monotonic_time () - start_us, <, 20 * G_USEC_PER_SEC);
        g_usleep (G_USEC_PER_SEC / 100);
      }
    queued_us = g_get_monotonic_time ();
    g_usleep ((gulong) (queued_us - start_us) + G_USEC_PER_SEC / 2);
  }
  /* One dispatch runs every source that is ready: all the iterations
   * found so far must come in a single emission. */
  g_main_context_iteration (NULL, FALSE);
  gt_signal_logger_assert_emission_pop (logger, analysis, "progress", NULL);
  gt_signal_logger_assert_no_emissions (logger);
  g_assert_cmpint (dr_analysis_get_lines (analysis, &n)[0].depth, >, 1);
  assert_lines_legal (analysis, &start, 3);
  g_assert_true (dr_analysis_get_position (analysis)->hash == start.hash);
  dr_analysis_stop (analysis);
}

/* Restarting at another position: nothing from the first search is shown. */
static void
test_restart_drops_stale (void)
{
  g_autoptr (DrAnalysis) analysis = dr_analysis_new ();
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition first = position_of ("W:W31-50:B1-20");
  /* Black to move after 32-28: none of White's moves is legal here. */
  DrPosition second = position_of ("B:W28,31,33-50:B1-20");

  gt_signal_logger_connect (logger, analysis, "progress");
  dr_analysis_start (analysis, &dr_rules_international, &first, NULL, 0, 2);
  g_usleep (G_USEC_PER_SEC / 10);
  dr_analysis_start (analysis, &dr_rules_international, &second, NULL, 0, 2);
  g_usleep (G_USEC_PER_SEC / 5);
  wait_for_progress (logger, 20);
  while (gt_signal_logger_get_n_emissions (logger) > 0)
    {
      gt_signal_logger_assert_emission_pop (logger, analysis, "progress", NULL);
      assert_lines_legal (analysis, &second, 2);
    }
  g_assert_true (dr_analysis_get_position (analysis)->hash == second.hash);
  dr_analysis_stop (analysis);
}

/* After a stop, results the worker had already found are dropped. */
static void
test_stop_is_silent (void)
{
  g_autoptr (DrAnalysis) analysis = dr_analysis_new ();
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition start = position_of ("W:W31-50:B1-20");

  gt_signal_logger_connect (logger, analysis, "progress");
  dr_analysis_start (analysis, &dr_rules_international, &start, NULL, 0, 1);
  g_usleep (G_USEC_PER_SEC / 5);
  dr_analysis_stop (analysis);
  g_assert_false (dr_analysis_get_running (analysis));
  g_usleep (G_USEC_PER_SEC / 10);
  dispatch_pending ();
  gt_signal_logger_assert_no_emissions (logger);
}

/* One legal move: one line, however many were asked for, and it wins. */
static void
test_forced_win (void)
{
  g_autoptr (DrAnalysis) analysis = dr_analysis_new ();
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition pos = position_of ("W:W28:B23");
  int n;
  const DrSearchInfo *lines;

  gt_signal_logger_connect (logger, analysis, "progress");
  dr_analysis_start (analysis, &dr_rules_international, &pos, NULL, 0, 3);
  wait_for_progress (logger, 20);
  lines = dr_analysis_get_lines (analysis, &n);
  assert_lines_legal (analysis, &pos, 1);
  g_assert_cmpint (lines[0].score, >=, DR_SCORE_WON);
  g_assert_cmpint (lines[0].pv[0].from, ==, dr_geometry_bit_from_number (&dr_geometry_10x10, 28));
  g_assert_cmpint (lines[0].pv[0].to, ==, dr_geometry_bit_from_number (&dr_geometry_10x10, 19));
  dr_analysis_stop (analysis);
}

/* Dropping the object while it searches joins the thread cleanly. */
static void
test_dispose_while_running (void)
{
  DrAnalysis *analysis = dr_analysis_new ();
  DrPosition start = position_of ("W:W31-50:B1-20");

  dr_analysis_start (analysis, &dr_rules_international, &start, NULL, 0, 2);
  g_usleep (G_USEC_PER_SEC / 20);
  g_object_unref (analysis);
  dispatch_pending ();
}

static guint64
cpu_time_us (void)
{
  struct rusage usage;

  g_assert_cmpint (getrusage (RUSAGE_SELF, &usage), ==, 0);
  return (guint64) (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * G_USEC_PER_SEC
         + (guint64) (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

/* Runs the main loop until ::finished arrives (at most 20 seconds). */
static void
wait_for_finished (GtSignalLogger *logger,
                   DrAnalysis     *analysis)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (gt_signal_logger_get_n_emissions (logger) == 0 && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  gt_signal_logger_assert_emission_pop (logger, analysis, "finished", NULL);
}

/* A depth limit stops the search there by itself: ::finished, the last
 * lines at that depth, and the worker then waits without using the
 * processor (no busy loop). */
static void
test_limit_depth (void)
{
  g_autoptr (DrAnalysis) analysis = dr_analysis_new ();
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition start = position_of ("W:W31-50:B1-20");
  const DrSearchInfo *lines;
  guint64 cpu;
  int n;

  gt_signal_logger_connect (logger, analysis, "finished");
  dr_analysis_set_options (analysis, 1, 16, 5, 0);
  dr_analysis_start (analysis, &dr_rules_international, &start, NULL, 0, 2);
  g_assert_false (dr_analysis_get_finished (analysis));
  wait_for_finished (logger, analysis);
  g_assert_true (dr_analysis_get_finished (analysis));
  g_assert_true (dr_analysis_get_running (analysis));
  lines = dr_analysis_get_lines (analysis, &n);
  g_assert_cmpint (lines[0].depth, ==, 5);
  assert_lines_legal (analysis, &start, 2);
  /* A second of waiting: a worker spinning on its queue would use a good
   * part of it even on a loaded machine; a blocked one uses none. */
  cpu = cpu_time_us ();
  g_usleep (G_USEC_PER_SEC);
  g_assert_cmpuint (cpu_time_us () - cpu, <, 50000);
  dispatch_pending ();
  gt_signal_logger_assert_no_emissions (logger);
  /* Stopped, then started again: it runs (and finishes) again. */
  dr_analysis_stop (analysis);
  g_assert_false (dr_analysis_get_finished (analysis));
  dr_analysis_start (analysis, &dr_rules_international, &start, NULL, 0, 1);
  wait_for_finished (logger, analysis);
  g_assert_cmpint (dr_analysis_get_lines (analysis, &n)[0].depth, ==, 5);
  g_assert_cmpint (n, ==, 1);
}

/* A time limit: the search stops by itself, not before half the time
 * (the search begins no iteration after half of it). */
static void
test_limit_time (void)
{
  g_autoptr (DrAnalysis) analysis = dr_analysis_new ();
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition start = position_of ("W:W31-50:B1-20");
  gint64 begun;

  gt_signal_logger_connect (logger, analysis, "finished");
  dr_analysis_set_options (analysis, 1, 16, 0, 300);
  begun = g_get_monotonic_time ();
  dr_analysis_start (analysis, &dr_rules_international, &start, NULL, 0, 1);
  wait_for_finished (logger, analysis);
  g_assert_true (dr_analysis_get_finished (analysis));
  g_assert_cmpint (g_get_monotonic_time () - begun, >=, 150 * 1000);
}

/* The threads and table size reach the worker's search; a stop is not
 * a finish. */
static void
test_options_threads (void)
{
  g_autoptr (DrAnalysis) analysis = dr_analysis_new ();
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition start = position_of ("W:W31-50:B1-20");

  gt_signal_logger_connect (logger, analysis, "finished");
  dr_analysis_set_options (analysis, 2, 16, 4, 0);
  dr_analysis_start (analysis, &dr_rules_international, &start, NULL, 0, 1);
  wait_for_finished (logger, analysis);
  g_assert_cmpint (dr_analysis_get_threads (analysis), ==, 2);
  g_assert_cmpint (dr_analysis_get_hash_mb (analysis), ==, 16);
  /* Infinite: stopped from outside, never ::finished. */
  dr_analysis_set_options (analysis, 1, 16, 0, 0);
  dr_analysis_start (analysis, &dr_rules_international, &start, NULL, 0, 1);
  g_usleep (G_USEC_PER_SEC / 5);
  dr_analysis_stop (analysis);
  g_usleep (G_USEC_PER_SEC / 10);
  dispatch_pending ();
  gt_signal_logger_assert_no_emissions (logger);
  g_assert_false (dr_analysis_get_finished (analysis));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/analysis/progress/coalesced", test_progress_coalesced);
  g_test_add_func ("/analysis/restart/drops-stale", test_restart_drops_stale);
  g_test_add_func ("/analysis/stop/silent", test_stop_is_silent);
  g_test_add_func ("/analysis/forced-win", test_forced_win);
  g_test_add_func ("/analysis/dispose/running", test_dispose_while_running);
  g_test_add_func ("/analysis/limit/depth", test_limit_depth);
  g_test_add_func ("/analysis/limit/time", test_limit_time);
  g_test_add_func ("/analysis/options/threads", test_options_threads);
  return g_test_run ();
}
