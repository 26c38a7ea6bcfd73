/* test-hub-engine.c — driving an outside engine over the Hub protocol
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The outside engine is our own `draughtsman-cli hub`, started as a child
 * process exactly as a user's engine would be ($DRAUGHTSMAN_CLI, set by
 * tests/meson.build), plus small shell scripts that misbehave.  Signals
 * are counted with GtSignalLogger.  Moves are checked against the rules
 * (the legal move list), never against our engine's choice.
 */

#define G_LOG_DOMAIN "test-hub-engine"

#include "config.h"

#include "test-util.h"

#include "dr-hub-engine.h"

#include "dr-fen.h"
#include "dr-movegen.h"

#include <glib/gstdio.h>

#include <libglib-testing/signal-logger.h>

static char *
engine_command (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");

  if (cli == NULL)
    return NULL;
  return g_strdup_printf ("'%s' hub --book=none", cli);
}

static void
wait_for (GtSignalLogger *logger,
          int             seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (gt_signal_logger_get_n_emissions (logger) == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (gt_signal_logger_get_n_emissions (logger), >, 0);
}

/* Every move of the engine's line is legal where it is played. */
static void
assert_line_legal (DrHubEngine      *engine,
                   const DrRules    *rules,
                   const DrPosition *start)
{
  const DrSearchInfo *line = dr_hub_engine_get_line (engine);
  DrPosition pos = *start;

  g_assert_nonnull (line);
  g_assert_cmpint (line->pv_length, >, 0);
  g_assert_cmpint (line->depth, >, 0);
  for (int i = 0; i < line->pv_length; i++)
    {
      g_assert_true (test_move_is_legal (rules, &pos, &line->pv[i]));
      dr_position_apply (&pos, &pos, &line->pv[i]);
    }
}

/* The first legal move from @from to @to (PDN numbers). */
static DrMove
find_move (const DrRules    *rules,
           const DrPosition *pos,
           int               from,
           int               to)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    if (list->moves[i].from == dr_geometry_bit_from_number (rules->geometry, from)
        && list->moves[i].to == dr_geometry_bit_from_number (rules->geometry, to))
      return list->moves[i];
  g_error ("%d-%d is not legal", from, to);
}

/* Start, analyse, follow the game to the next position, stop. */
static void
test_analyse_and_follow (void)
{
  const DrRules *rules = &dr_rules_international;
  g_autofree char *command = engine_command ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DrHubEngine) engine = NULL;
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition start, after;
  DrMove move;

  if (command == NULL)
    {
      test_skip_missing ("DRAUGHTSMAN_CLI is not set (run the test through meson test)");
      return;
    }
  engine = dr_hub_engine_new (command, "hash=16", &error);
  g_assert_no_error (error);
  gt_signal_logger_connect (logger, engine, "progress");
  gt_signal_logger_connect (logger, engine, "failed");

  dr_rules_initial (rules, &start);
  dr_hub_engine_analyse (engine, rules, &start, NULL, 0);
  g_assert_true (dr_hub_engine_get_running (engine));
  wait_for (logger, 30);
  gt_signal_logger_assert_emission_pop (logger, engine, "progress", NULL);
  /* The name comes from the engine's "id" line. */
  g_assert_cmpstr (dr_hub_engine_get_name (engine), ==, "Draughtsman");
  g_assert_true (dr_position_equal (dr_hub_engine_get_position (engine), &start));
  assert_line_legal (engine, rules, &start);

  /* 32-28 is sent as a move after the start (for repetitions); the lines
   * are then Black's. */
  move = find_move (rules, &start, 32, 28);
  dr_position_apply (&after, &start, &move);
  dr_hub_engine_analyse (engine, rules, &start, &move, 1);
  g_assert_null (dr_hub_engine_get_line (engine));
  while (gt_signal_logger_get_n_emissions (logger) > 0)
    gt_signal_logger_assert_emission_pop (logger, engine, "progress", NULL);
  wait_for (logger, 30);
  g_assert_true (dr_position_equal (dr_hub_engine_get_position (engine), &after));
  assert_line_legal (engine, rules, &after);

  dr_hub_engine_stop (engine);
  g_assert_false (dr_hub_engine_get_running (engine));
  while (gt_signal_logger_get_n_emissions (logger) > 0)
    gt_signal_logger_assert_emission_pop (logger, engine, "progress", NULL);
  test_iterate_for (300);
  gt_signal_logger_assert_no_emissions (logger);
}

/* Another variant is declared by the engine and set before init; the
 * engine is restarted when the variant changes. */
static void
test_variant_restart (void)
{
  g_autofree char *command = engine_command ();
  g_autoptr (DrHubEngine) engine = NULL;
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrPosition international, russian;

  if (command == NULL)
    {
      test_skip_missing ("DRAUGHTSMAN_CLI is not set (run the test through meson test)");
      return;
    }
  engine = dr_hub_engine_new (command, NULL, NULL);
  gt_signal_logger_connect (logger, engine, "progress");
  gt_signal_logger_connect (logger, engine, "failed");
  dr_rules_initial (&dr_rules_international, &international);
  dr_rules_initial (&dr_rules_russian, &russian);

  dr_hub_engine_analyse (engine, &dr_rules_international, &international, NULL, 0);
  wait_for (logger, 30);
  gt_signal_logger_assert_emission_pop (logger, engine, "progress", NULL);
  dr_hub_engine_analyse (engine, &dr_rules_russian, &russian, NULL, 0);
  while (gt_signal_logger_get_n_emissions (logger) > 0)
    gt_signal_logger_assert_emission_pop (logger, engine, "progress", NULL);
  wait_for (logger, 30);
  gt_signal_logger_assert_emission_pop (logger, engine, "progress", NULL);
  g_assert_true (dr_hub_engine_get_rules (engine) == &dr_rules_russian);
  assert_line_legal (engine, &dr_rules_russian, &russian);
  dr_hub_engine_stop (engine);
}

typedef struct
{
  const char      *command;
  const DrRules   *rules;
  DrHubEngineError code;
} FailureCase;

/* A missing program, one that exits at once, one that does not play the
 * variant: each is one ::failed with the reason. */
static void
test_failure (gconstpointer data)
{
  const FailureCase *c = data;
  g_autoptr (DrHubEngine) engine = dr_hub_engine_new (c->command, NULL, NULL);
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_nonnull (engine);
  gt_signal_logger_connect (logger, engine, "progress");
  gt_signal_logger_connect (logger, engine, "failed");
  dr_rules_initial (c->rules, &pos);
  dr_hub_engine_analyse (engine, c->rules, &pos, NULL, 0);
  wait_for (logger, 10);
  gt_signal_logger_assert_emission_pop (logger, engine, "failed", &error);
  g_assert_error (error, DR_HUB_ENGINE_ERROR, (int) c->code);
  g_test_message ("%s", error->message);
  g_assert_false (dr_hub_engine_get_running (engine));
  test_iterate_for (100);
  gt_signal_logger_assert_no_emissions (logger);
}

static const FailureCase missing = {
  "/nonexistent/draughts-engine hub", &dr_rules_international, DR_HUB_ENGINE_ERROR_START
};
static const FailureCase exits = {
  "sh -c 'exit 0'", &dr_rules_international, DR_HUB_ENGINE_ERROR_EXITED
};
/* Declares no variant parameter, so it plays International only. */
static const FailureCase no_russian = {
  "sh -c 'read line; echo id name=Tiny; echo wait; cat >/dev/null'", &dr_rules_russian,
  DR_HUB_ENGINE_ERROR_VARIANT
};

/* Told to quit, the engine gets a moment to do so: a wrapper that
 * writes a file once the engine has exited by itself must get to write
 * it (it was killed at once before). */
static void
test_quit_grace (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *dir = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *command = NULL;
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrHubEngine *engine;
  DrPosition start;
  gint64 end;

  if (cli == NULL)
    {
      g_test_skip ("DRAUGHTSMAN_CLI is not set");
      return;
    }
  dir = g_dir_make_tmp ("hub-quit-XXXXXX", NULL);
  marker = g_build_filename (dir, "exited", NULL);
  command = g_strdup_printf ("sh -c '\"%s\" hub; touch \"%s\"'", cli, marker);
  engine = dr_hub_engine_new (command, NULL, NULL);
  gt_signal_logger_connect (logger, engine, "progress");
  dr_rules_initial (&dr_rules_international, &start);
  dr_hub_engine_analyse (engine, &dr_rules_international, &start, NULL, 0);
  wait_for (logger, 30);
  dr_hub_engine_stop (engine);
  g_clear_pointer (&logger, gt_signal_logger_free);
  /* Disposing of it sends "quit". */
  g_object_unref (engine);
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!g_file_test (marker, G_FILE_TEST_EXISTS) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (5000), TRUE);
  g_assert_true (g_file_test (marker, G_FILE_TEST_EXISTS));
  g_remove (marker);
  g_rmdir (dir);
}

static gboolean
tick_cb (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* An engine that stops reading its input does not block the window: the
 * position (20,000 moves, more than a pipe holds) is written after the
 * handshake, and the main loop keeps turning meanwhile. */
static void
test_stalled_engine (void)
{
  /* Answers the handshake, then reads nothing for 5 s. */
  static const char command[] =
    "sh -c 'read l; echo id name=Stalled; echo wait; read l; echo ready; sleep 5'";
  g_autoptr (DrHubEngine) engine = dr_hub_engine_new (command, NULL, NULL);
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (DrMove));
  DrPosition start, pos;
  guint ticks = 0;
  guint id;

  /* Two kings going back and forth, on no common line: 46-41 1-6 41-46 6-1 ... */
  g_assert_true (dr_fen_parse (&dr_rules_international, "W:WK46:BK1", &start, NULL));
  pos = start;
  for (guint i = 0; i < 20000; i++)
    {
      static const int from[4] = { 46, 1, 41, 6 }, to[4] = { 41, 6, 46, 1 };
      DrMove m = find_move (&dr_rules_international, &pos, from[i % 4], to[i % 4]);

      g_array_append_val (moves, m);
      dr_position_apply (&pos, &pos, &m);
    }
  id = g_timeout_add (10, tick_cb, &ticks);
  dr_hub_engine_analyse (engine, &dr_rules_international, &start, (const DrMove *) moves->data, moves->len);
  test_iterate_for (1500);
  g_source_remove (id);
  /* A blocking write would hold the loop from "ready" until the engine
   * goes (5 s): hardly a tick in 1.5 s. */
  g_assert_cmpuint (ticks, >=, 50);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hub-engine/analyse-and-follow", test_analyse_and_follow);
  g_test_add_func ("/hub-engine/variant-restart", test_variant_restart);
  g_test_add_data_func ("/hub-engine/failure/missing", &missing, test_failure);
  g_test_add_data_func ("/hub-engine/failure/exits", &exits, test_failure);
  g_test_add_data_func ("/hub-engine/failure/variant", &no_russian, test_failure);
  g_test_add_func ("/hub-engine/quit-grace", test_quit_grace);
  g_test_add_func ("/hub-engine/stalled-engine", test_stalled_engine);
  return g_test_run ();
}
