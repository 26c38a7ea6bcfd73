/* test-hub.c — draughtsman-cli hub spoken to as an interface would
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine ($DRAUGHTSMAN_CLI hub) runs as a child process with pipes on
 * its standard input and output; every read has a deadline, so an engine
 * that never answers fails the test instead of hanging it.  What is
 * checked comes from the Hub protocol (shared/design/ENGINES.md §4.1,
 * Scan 3.1's protocol.txt): the handshake, "done" after every "go", moves
 * legal in the position sent, and pondering: "go ponder" searches the
 * position after the expected move without a clock, and the level's
 * clock starts at "ponder-hit".
 *
 * The search thread of the engine runs for real here, which is why .ci/run
 * runs this program under ThreadSanitizer too.
 */

#include "config.h"

#include "test-util.h"

#include "dr-hub-text.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <gio/gio.h>
#include <signal.h>
#include <string.h>

typedef struct
{
  GSubprocess      *process;
  GOutputStream    *in;
  GDataInputStream *out;
  GString          *transcript;   /* for messages: "> sent", "< received" */
  /* One read at a time; a read whose deadline passed stays pending and
   * the next read_line() takes its result. */
  gboolean          pending;
  gboolean          done;
  char             *line;
  GError           *error;
} Engine;

static void
engine_read_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Engine *e = user_data;

  e->line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result,
                                                       NULL, &e->error);
  e->done = TRUE;
}

/* The next line from the engine, or NULL if none came within @ms. */
static char *
engine_read_line (Engine *e,
                  guint   ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) ms * 1000;
  char *line;

  if (!e->pending)
    {
      e->pending = TRUE;
      e->done = FALSE;
      g_data_input_stream_read_line_async (e->out, G_PRIORITY_DEFAULT, NULL, engine_read_cb, e);
    }
  while (!e->done && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  if (!e->done)
    return NULL;
  e->pending = FALSE;
  g_assert_no_error (e->error);
  /* The end of the output: the engine died. */
  if (e->line == NULL)
    {
      g_test_message ("%s", e->transcript->str);
      g_error ("the engine closed its output");
    }
  line = g_steal_pointer (&e->line);
  g_string_append_printf (e->transcript, "< %s\n", line);
  return line;
}

static void
engine_send (Engine     *e,
             const char *line)
{
  g_autofree char *text = g_strconcat (line, "\n", NULL);
  g_autoptr (GError) error = NULL;

  g_string_append_printf (e->transcript, "> %s\n", line);
  g_assert_true (g_output_stream_write_all (e->in, text, strlen (text), NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_flush (e->in, NULL, &error));
}

/* Reads lines until one starts with @prefix (a word: "done" matches
 * "done" and "done move=..."), within @ms in all; the lines before it
 * (info lines) are skipped.  NULL if it did not come in time. */
static char *
engine_wait_for (Engine     *e,
                 const char *prefix,
                 guint       ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) ms * 1000;

  for (;;)
    {
      gint64 left = (deadline - g_get_monotonic_time ()) / 1000;
      char *line;

      if (left <= 0)
        return NULL;
      line = engine_read_line (e, (guint) left);
      if (line == NULL)
        return NULL;
      if (g_str_has_prefix (line, prefix)
          && (line[strlen (prefix)] == '\0' || line[strlen (prefix)] == ' '))
        return line;
      g_free (line);
    }
}

/* Like engine_wait_for(), and the line must come. */
static char *
engine_expect (Engine     *e,
               const char *prefix,
               guint       ms)
{
  char *line = engine_wait_for (e, prefix, ms);

  if (line == NULL)
    {
      g_test_message ("%s", e->transcript->str);
      g_error ("no \"%s\" line within %u ms", prefix, ms);
    }
  return line;
}

/* Starts `draughtsman-cli hub` with up to two options, @option1 and
 * @option2 (NULL for none), each followed by its value; NULL, and the test
 * skipped, without DRAUGHTSMAN_CLI. */
static Engine *
engine_spawn (const char *option1,
              const char *value1,
              const char *option2,
              const char *value2)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  /* The search is what these tests are about: no opening book (test-book
   * tests the book's moves). */
  const char *argv[8] = { cli, "hub", "--book=none" };
  int argc = 3;
  g_autoptr (GError) error = NULL;
  Engine *e;

  if (cli == NULL)
    {
      test_skip_missing ("DRAUGHTSMAN_CLI is not set (run the test through meson test)");
      return NULL;
    }
  if (option1 != NULL)
    argv[argc++] = option1, argv[argc++] = value1;
  if (option2 != NULL)
    argv[argc++] = option2, argv[argc++] = value2;
  e = g_new0 (Engine, 1);
  e->transcript = g_string_new (NULL);
  e->process = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  e->in = g_subprocess_get_stdin_pipe (e->process);
  e->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (e->process));
  return e;
}

/* Goes through "hub" and "init" with the engine @e, on @threads search
 * threads (the "threads" parameter it announces); with @level_param, the
 * "level" parameter line is returned there. */
static void
engine_handshake (Engine  *e,
                  int      threads,
                  char   **level_param)
{
  g_autofree char *id = NULL;
  g_autofree char *wait = NULL;
  g_autofree char *ready = NULL;
  g_autofree char *threads_param = NULL;

  engine_send (e, "hub");
  id = engine_expect (e, "id", 10000);
  g_assert_nonnull (strstr (id, "name=Draughtsman"));
  threads_param = engine_expect (e, "param name=threads", 10000);
  g_assert_nonnull (strstr (threads_param, " type=int min=1 "));
  if (level_param != NULL)
    *level_param = engine_expect (e, "param name=level", 10000);
  wait = engine_expect (e, "wait", 10000);
  engine_send (e, "set-param name=hash value=16");
  if (threads > 1)
    {
      g_autofree char *line = g_strdup_printf ("set-param name=threads value=%d", threads);
      engine_send (e, line);
    }
  engine_send (e, "init");
  ready = engine_expect (e, "ready", 10000);
}

/* Starts the engine and goes through "hub" and "init", on @threads
 * search threads; with @level, the engine is started with "--level
 * @level" and its "level" parameter line is returned in @level_param. */
static Engine *
engine_start_level (int          threads,
                    const char  *level,
                    char       **level_param)
{
  Engine *e = engine_spawn (level != NULL ? "--level" : NULL, level, NULL, NULL);

  if (e != NULL)
    engine_handshake (e, threads, level_param);
  return e;
}

static Engine *
engine_start_threads (int threads)
{
  return engine_start_level (threads, NULL, NULL);
}

static Engine *
engine_start (void)
{
  return engine_start_threads (1);
}

/* "quit"; the engine must exit at once, with status 0. */
static void
engine_quit (Engine *e)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  guint timeout;

  engine_send (e, "quit");
  timeout = g_timeout_add_once (30000, (GSourceOnceFunc) g_cancellable_cancel, cancellable);
  g_subprocess_wait (e->process, cancellable, &error);
  g_assert_no_error (error);
  g_source_remove (timeout);
  g_test_message ("%s", e->transcript->str);
  g_assert_true (g_subprocess_get_if_exited (e->process));
  g_assert_cmpint (g_subprocess_get_exit_status (e->process), ==, 0);
  /* A read still pending when the deadline passed ends with the stream. */
  while (e->pending && !e->done)
    g_main_context_iteration (NULL, TRUE);
  g_free (e->line);
  g_clear_error (&e->error);
  g_object_unref (e->out);
  g_object_unref (e->process);
  g_string_free (e->transcript, TRUE);
  g_free (e);
}

/* The value of @name in a "done" or "info" line. */
static char *
field (const char *line,
       const char *name)
{
  g_autoptr (GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *command = dr_hub_tokenize (line, args);

  return g_strdup (g_hash_table_lookup (args, name));
}

/* The International start after 32-28, as "pos" sends it: Black to move. */
#define AFTER_32_28 "pos pos=Bbbbbbbbbbbbbbbbbbbbbeeeeeeeweewewwwwwwwwwwwwwwwwww"

/* @move_text is a legal move of @pos in @rules. */
static void
assert_move_legal_in (const DrRules    *rules,
                      const DrPosition *pos,
                      const char       *move_text)
{
  g_autoptr (GError) error = NULL;
  DrMove move;

  g_assert_nonnull (move_text);
  if (!dr_move_parse_hub (rules, pos, move_text, &move, &error))
    g_error ("“%s” is not a move of %s here: %s", move_text, rules->title, error->message);
  g_assert_true (test_move_is_legal (rules, pos, &move));
}

static void
assert_move_legal (const char *fen,
                   const char *move_text)
{
  const DrRules *rules = &dr_rules_international;
  DrPosition pos;

  g_assert_true (dr_hub_position_parse (rules, fen + strlen ("pos pos="), &pos));
  assert_move_legal_in (rules, &pos, move_text);
}

/* go think: iterations, then "done" with a legal move and a legal
 * expected reply. */
static void
test_think (void)
{
  Engine *e = engine_start ();
  g_autofree char *done = NULL;
  g_autofree char *move = NULL;

  if (e == NULL)
    return;
  engine_send (e, AFTER_32_28);
  engine_send (e, "level depth=6");
  engine_send (e, "go think");
  done = engine_expect (e, "done", 60000);
  move = field (done, "move");
  assert_move_legal (AFTER_32_28, move);
  g_assert_nonnull (strstr (done, " ponder="));
  engine_quit (e);
}

/* After 32-28, a search to @depth: its iteration, returned, then "done"
 * with a legal move. */
static char *
think_to_depth (Engine *e,
                int     depth)
{
  g_autofree char *done = NULL;
  g_autofree char *move = NULL;
  g_autofree char *level = g_strdup_printf ("level depth=%d", depth);
  g_autofree char *prefix = g_strdup_printf ("info depth=%d", depth);
  char *info;

  engine_send (e, AFTER_32_28);
  engine_send (e, level);
  engine_send (e, "go think");
  info = engine_expect (e, prefix, 60000);
  done = engine_expect (e, "done", 60000);
  move = field (done, "move");
  assert_move_legal (AFTER_32_28, move);
  return info;
}

/* The nodes of a search to depth 12 after 32-28 by `hub` started with
 * --probcut @mode (NULL: the default). */
static guint64
nodes_to_depth_12 (const char *mode)
{
  Engine *e = engine_spawn (mode != NULL ? "--probcut" : NULL, mode, NULL, NULL);
  g_autofree char *info = NULL;
  g_autofree char *nodes = NULL;

  if (e == NULL)
    return 0;
  engine_handshake (e, 1, NULL);
  info = think_to_depth (e, 12);
  nodes = field (info, "nodes");
  engine_quit (e);
  g_assert_nonnull (nodes);
  return g_ascii_strtoull (nodes, NULL, 10);
}

/* The engine plays International with guarded ProbCut unless told
 * otherwise (dr_probcut_for_play()): its search to a depth is the
 * guarded one's, node for node, and not the exact one's (which, at this
 * shallow depth, searches fewer: the reduced searches pay from depth 14
 * on here, test-search's /search/probcut/tree). */
static void
test_probcut_default (void)
{
  guint64 by_default = nodes_to_depth_12 (NULL);

  if (by_default == 0)
    return;
  g_assert_cmpuint (by_default, ==, nodes_to_depth_12 ("guarded"));
  g_assert_cmpuint (by_default, !=, nodes_to_depth_12 ("off"));
}

/* The same on two search threads (Lazy SMP; .ci/run runs this under
 * ThreadSanitizer): iterations to the depth asked, then a legal move. */
static void
test_think_threads (void)
{
  Engine *e = engine_start_threads (2);

  if (e == NULL)
    return;
  g_free (think_to_depth (e, 8));
  engine_quit (e);
}

/* "hub --threads 2 --hash 16": the engine's own defaults, announced as
 * the parameters' values, so that one `match` can pit a 2-thread engine
 * against a 1-thread one; a search on them reaches the depth asked.  A
 * thread count or table size out of range stops the engine at once,
 * before it reads a command: its input is closed unwritten, as a write
 * would race with its exit (EPIPE, once a failure of this test). */
static void
test_options (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GError) error = NULL;
  g_autofree char *threads = NULL, *hash = NULL;
  const char *bad[][2] = { { "--threads", "0" }, { "--threads", "1000" }, { "--hash", "0" }, { "--hash", "5000" } };
  Engine *e = engine_spawn ("--threads", "2", "--hash", "16");

  if (e == NULL)
    return;
  engine_send (e, "hub");
  hash = engine_expect (e, "param name=hash", 10000);
  g_assert_cmpstr (hash, ==, "param name=hash value=16 type=int min=1 max=4096");
  threads = engine_expect (e, "param name=threads", 10000);
  g_assert_true (g_str_has_prefix (threads, "param name=threads value=2 type=int min=1 max="));
  g_free (engine_expect (e, "wait", 10000));
  engine_send (e, "init");
  g_free (engine_expect (e, "ready", 10000));
  g_free (think_to_depth (e, 8));
  engine_quit (e);

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GSubprocess) p = NULL;
      g_autofree char *err = NULL;

      p = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                            | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error, cli, "hub", bad[i][0], bad[i][1], NULL);
      g_assert_no_error (error);
      g_assert_true (g_subprocess_communicate_utf8 (p, NULL, NULL, NULL, &err, &error));
      g_assert_no_error (error);
      g_assert_true (g_subprocess_get_if_exited (p));
      g_assert_cmpint (g_subprocess_get_exit_status (p), ==, 1);
      g_assert_nonnull (strstr (err, bad[i][0]));
      g_assert_nonnull (strstr (err, bad[i][1]));
    }
}

/* go ponder: no "done" while the interface's user thinks, however long
 * past the level's move time; after "ponder-hit" the move time counts
 * from the hit.  The engine answers "ping" meanwhile. */
static void
test_ponder_hit (void)
{
  Engine *e = engine_start ();
  g_autofree char *early = NULL;
  g_autofree char *pong = NULL;
  g_autofree char *done = NULL;
  g_autofree char *move = NULL;
  gint64 hit;
  double seconds;

  if (e == NULL)
    return;
  engine_send (e, AFTER_32_28);
  engine_send (e, "level move-time=0.2");
  engine_send (e, "go ponder");
  /* Seven move times. */
  early = engine_wait_for (e, "done", 1400);
  if (early != NULL)
    g_test_message ("%s", e->transcript->str);
  g_assert_null (early);
  engine_send (e, "ping");
  pong = engine_expect (e, "pong", 10000);

  engine_send (e, "ponder-hit");
  hit = g_get_monotonic_time ();
  done = engine_expect (e, "done", 10000);
  seconds = (double) (g_get_monotonic_time () - hit) / G_USEC_PER_SEC;
  g_test_message ("done %.3f s after ponder-hit", seconds);
  /* The search stops once half the move time has gone by between two
   * iterations, or at the move time: at least 0.1 s after the hit, had
   * the clock run from the "go" it would have stopped at once.  The upper
   * bound is loose for a loaded machine or a sanitizer build. */
  g_assert_cmpfloat (seconds, >=, 0.09);
  g_assert_cmpfloat (seconds, <, 5.0);
  move = field (done, "move");
  assert_move_legal (AFTER_32_28, move);
  engine_quit (e);
}

/* A miss: the user played another move, the interface says "stop" and
 * the ponder search still ends with "done"; then a normal search runs. */
static void
test_ponder_stop (void)
{
  Engine *e = engine_start ();
  g_autofree char *early = NULL;
  g_autofree char *done = NULL;
  g_autofree char *again = NULL;
  g_autofree char *move = NULL;

  if (e == NULL)
    return;
  engine_send (e, AFTER_32_28);
  engine_send (e, "level move-time=0.1");
  engine_send (e, "go ponder");
  early = engine_wait_for (e, "done", 700);
  g_assert_null (early);
  engine_send (e, "stop");
  done = engine_expect (e, "done", 5000);

  engine_send (e, AFTER_32_28);
  engine_send (e, "level depth=4");
  engine_send (e, "go think");
  again = engine_expect (e, "done", 60000);
  move = field (again, "move");
  assert_move_legal (AFTER_32_28, move);
  engine_quit (e);
}

/* The parameter "level" (dr-opponent.h): announced as an enum of the
 * levels with the one given by --level; below full strength "go think"
 * answers at once (a few hundred nodes: far within its move time) with a
 * legal move, the same one again for the same position in a new game; an
 * unknown level is an error; "go ponder" does not ponder (it searches
 * nothing, so it says nothing) but waits for "ponder-hit" or "stop", and
 * still ends with "done". */
static void
test_level (void)
{
  g_autofree char *param = NULL;
  Engine *e = engine_start_level (1, "novice", &param);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_autofree char *error = NULL;
  g_autofree char *early = NULL;
  g_autofree char *pong = NULL;
  g_autofree char *hit = NULL;
  g_autofree char *stopped = NULL;
  g_autofree char *move = NULL;
  g_autofree char *again = NULL;
  gint64 start;

  if (e == NULL)
    return;
  g_assert_nonnull (strstr (param, " value=novice type=enum values=\"beginner "));
  g_assert_nonnull (strstr (param, " full\""));

  engine_send (e, "set-param name=level value=grandmaster");
  error = engine_expect (e, "error", 10000);
  g_assert_nonnull (strstr (error, "grandmaster"));

  engine_send (e, "set-param name=level value=beginner");
  engine_send (e, AFTER_32_28);
  engine_send (e, "level move-time=20");
  start = g_get_monotonic_time ();
  engine_send (e, "go think");
  first = engine_expect (e, "done", 60000);
  g_test_message ("done in %.3f s", (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
  move = field (first, "move");
  assert_move_legal (AFTER_32_28, move);
  engine_send (e, "new-game");
  engine_send (e, AFTER_32_28);
  engine_send (e, "go think");
  second = engine_expect (e, "done", 60000);
  again = field (second, "move");
  g_assert_cmpstr (again, ==, move);

  /* No pondering below full strength. */
  engine_send (e, AFTER_32_28);
  engine_send (e, "go ponder");
  early = engine_read_line (e, 700);
  if (early != NULL)
    g_test_message ("%s", e->transcript->str);
  g_assert_null (early);
  engine_send (e, "ping");
  pong = engine_expect (e, "pong", 10000);
  engine_send (e, "ponder-hit");
  hit = engine_expect (e, "done", 10000);
  g_clear_pointer (&move, g_free);
  move = field (hit, "move");
  assert_move_legal (AFTER_32_28, move);

  engine_send (e, AFTER_32_28);
  engine_send (e, "go ponder");
  g_clear_pointer (&early, g_free);
  early = engine_wait_for (e, "done", 300);
  g_assert_null (early);
  engine_send (e, "stop");
  stopped = engine_expect (e, "done", 10000);
  g_clear_pointer (&move, g_free);
  move = field (stopped, "move");
  assert_move_legal (AFTER_32_28, move);
  engine_quit (e);
}

/* A variant set after "init" (interfaces send parameters whenever they
 * like): the search, the position and the moves' text all follow it.  The
 * engine had kept searching International rules on the English start and
 * answered "done move=30-0".  A table size set after "init" rebuilds the
 * table; the search goes on in the same variant. */
static void
test_variant_after_init (void)
{
  const DrRules *english = dr_rules_get (DR_VARIANT_ENGLISH);
  Engine *e = engine_start ();
  g_autofree char *done = NULL;
  g_autofree char *move = NULL;
  g_autofree char *again = NULL;
  g_autofree char *move2 = NULL;
  g_autofree char *pong = NULL;
  DrPosition start;

  if (e == NULL)
    return;
  dr_rules_initial (english, &start);
  engine_send (e, "set-param name=variant value=english");
  engine_send (e, "level depth=3");
  engine_send (e, "go");
  done = engine_expect (e, "done", 60000);
  move = field (done, "move");
  assert_move_legal_in (english, &start, move);

  engine_send (e, "set-param name=hash value=8");
  engine_send (e, "pos start");
  engine_send (e, "level depth=3");
  engine_send (e, "go");
  again = engine_expect (e, "done", 60000);
  move2 = field (again, "move");
  assert_move_legal_in (english, &start, move2);
  engine_send (e, "ping");
  pong = engine_expect (e, "pong", 10000);
  engine_quit (e);
}

/* The next line must be an error saying @detail (not "pong" nor a search's
 * "info"/"done"): the command sent before "ping" was refused. */
static void
expect_refused (Engine     *e,
                const char *detail)
{
  g_autofree char *line = NULL;
  g_autofree char *pong = NULL;

  engine_send (e, "ping");
  line = engine_read_line (e, 10000);
  if (line == NULL || !g_str_has_prefix (line, "error message=") || strstr (line, detail) == NULL)
    {
      g_test_message ("%s", e->transcript->str);
      g_error ("expected an error saying “%s”, got “%s”", detail, line != NULL ? line : "nothing");
    }
  pong = engine_expect (e, "pong", 10000);
}

static void
engine_send_raw (Engine     *e,
                 const char *data,
                 gsize       length)
{
  g_autoptr (GError) error = NULL;

  g_string_append_printf (e->transcript, "> (%" G_GSIZE_FORMAT " bytes)\n", length);
  g_assert_true (g_output_stream_write_all (e->in, data, length, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_flush (e->in, NULL, &error));
  g_assert_no_error (error);
}

/* A line is read whole.  65,535 spaces then "go": fgets() had cut it in
 * two and the piece "go" started a search; now the overlong line is one
 * error and none of it runs.  A line of exactly 65,535 bytes is still
 * read, and so is a NUL byte refused rather than ending the command. */
static void
test_long_line (void)
{
  Engine *e = engine_start ();
  GString *line;
  g_autofree char *pong = NULL;

  if (e == NULL)
    return;
  engine_send (e, AFTER_32_28);
  engine_send (e, "level depth=1");
  line = g_string_new (NULL);
  for (int i = 0; i < 65535; i++)
    g_string_append_c (line, ' ');
  g_string_append (line, "go");
  engine_send (e, line->str);
  expect_refused (e, "longer than 65535 bytes");

  /* 65,535 bytes: "ping" and spaces. */
  g_string_assign (line, "ping");
  while (line->len < 65535)
    g_string_append_c (line, ' ');
  engine_send (e, line->str);
  pong = engine_expect (e, "pong", 10000);
  g_string_free (line, TRUE);

  engine_send_raw (e, "go\0 think\n", 10);
  expect_refused (e, "NUL");
  engine_quit (e);
}

/* "pos start moves=..." plays its moves: the search answers for Black
 * (it had ignored the moves and answered for White at the start). */
static void
test_pos_start_moves (void)
{
  Engine *e = engine_start ();
  g_autofree char *done = NULL;
  g_autofree char *move = NULL;

  if (e == NULL)
    return;
  engine_send (e, "pos start moves=\"32-28\"");
  engine_send (e, "level depth=2");
  engine_send (e, "go");
  done = engine_expect (e, "done", 60000);
  move = field (done, "move");
  assert_move_legal (AFTER_32_28, move);
  engine_quit (e);
}

typedef struct
{
  const char *command;
  const char *detail;     /* in the error */
} BadPos;

/* Positions that cannot occur, and moves that cannot be played: each is
 * an error naming what is wrong, and the position before stays.  The
 * engine had taken the impossible positions silently, and a refused
 * "pos" had cleared the history. */
static const BadPos bad_positions[] = {
  { "pos pos=Wweeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeb", "crowning" },
  { "pos pos=Weeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", "empty" },
  { "pos pos=Wbbbbbbbbbbbbbbbbbbbbbeeeeeeeeewwwwwwwwwwwwwwwwwwww", "at most 20" },
  { "pos pos=Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "W or B" },
  { "pos pos=Wbbbb", "W or B" },
  { "pos start moves=\"32-28 33-29\"", "move 2 of moves, “33-29”" },
  { "pos start moves=\"45-40\"", "move 1 of moves, “45-40”" },
  { "pos start pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", "both" },
  { "pos", "no position" },
};

static void
test_pos_refused (void)
{
  Engine *e = engine_start ();
  g_autofree char *done = NULL;
  g_autofree char *move = NULL;

  if (e == NULL)
    return;
  engine_send (e, "pos start moves=\"32-28\"");
  for (gsize i = 0; i < G_N_ELEMENTS (bad_positions); i++)
    {
      engine_send (e, bad_positions[i].command);
      expect_refused (e, bad_positions[i].detail);
    }
  engine_send (e, "level depth=2");
  engine_send (e, "go");
  done = engine_expect (e, "done", 60000);
  move = field (done, "move");
  assert_move_legal (AFTER_32_28, move);
  engine_quit (e);
}

/* Parameters out of range are refused, naming the range, and change
 * nothing; so is an unknown variant. */
static void
test_bad_params (void)
{
  Engine *e = engine_start ();
  g_autofree char *done = NULL;
  g_autofree char *move = NULL;

  if (e == NULL)
    return;
  engine_send (e, "set-param name=hash value=0");
  expect_refused (e, "from 1 to 4096");
  engine_send (e, "set-param name=threads value=two");
  expect_refused (e, "from 1 to");
  engine_send (e, "set-param name=variant value=chess");
  expect_refused (e, "unknown variant chess");
  engine_send (e, AFTER_32_28);
  engine_send (e, "level depth=2");
  engine_send (e, "go");
  done = engine_expect (e, "done", 60000);
  move = field (done, "move");
  assert_move_legal (AFTER_32_28, move);
  engine_quit (e);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* An engine that dies fails the write to it (engine_send()) with a
   * message, as in the programs that drive engines, not the test with
   * SIGPIPE. */
  signal (SIGPIPE, SIG_IGN);
  g_test_add_func ("/cli/hub/think", test_think);
  g_test_add_func ("/cli/hub/think/threads", test_think_threads);
  g_test_add_func ("/cli/hub/think/probcut", test_probcut_default);
  g_test_add_func ("/cli/hub/options", test_options);
  g_test_add_func ("/cli/hub/ponder/hit", test_ponder_hit);
  g_test_add_func ("/cli/hub/ponder/stop", test_ponder_stop);
  g_test_add_func ("/cli/hub/level", test_level);
  g_test_add_func ("/cli/hub/set-param/variant-after-init", test_variant_after_init);
  g_test_add_func ("/cli/hub/set-param/refused", test_bad_params);
  g_test_add_func ("/cli/hub/line/too-long", test_long_line);
  g_test_add_func ("/cli/hub/pos/start-moves", test_pos_start_moves);
  g_test_add_func ("/cli/hub/pos/refused", test_pos_refused);
  return g_test_run ();
}
