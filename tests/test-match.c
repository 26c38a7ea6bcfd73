/* test-match.c — draughtsman-cli match: Hub and DXP engines, scores, SPRT
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Hub client against `draughtsman-cli hub` ($DRAUGHTSMAN_CLI), and
 * `match` between real engines, engines that stop answering and a
 * scripted DXP follower: the scores, Elo and SPRT figures, the PDN it
 * writes, and the limits on every wait.  (Split from test-dxp.c.)
 */

#include "config.h"

#include "dr-draw.h"
#include "dr-dxp.h"
#include "dr-fen.h"
#include "dr-hub-client.h"
#include "dr-match.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "test-dxp-util.h"
#include "test-util.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The interface's end of Hub (dr-hub-client), fed an engine's lines as
 * ENGINES.md §4.1 writes them: the declarations, which variants it plays,
 * an "info" line read into a legal line as far as it goes, "done",
 * "error"; and the lines it makes. */
static void
test_hub_client (void)
{
  g_autoptr (DrHubClient) client = dr_hub_client_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;
  DrHubReply reply = { 0 };
  DrPosition start;
  DrMove moves[2];

  g_assert_null (dr_hub_client_get_name (client));
  g_assert_cmpint (dr_hub_client_read_line (client, "id name=Scan version=3.1", NULL, NULL, &reply), ==, DR_HUB_LINE_ID);
  g_assert_cmpstr (dr_hub_client_get_name (client), ==, "Scan");
  g_assert_cmpint (dr_hub_client_read_line (client, "param name=variant value=normal type=enum values=\"normal killer bt frisian losing\"",
                                            NULL, NULL, &reply), ==, DR_HUB_LINE_PARAM);
  g_assert_cmpint (dr_hub_client_read_line (client, "param name=threads value=1 type=int min=1 max=16", NULL, NULL, &reply),
                   ==, DR_HUB_LINE_PARAM);
  g_assert_cmpint (dr_hub_client_read_line (client, "wait", NULL, NULL, &reply), ==, DR_HUB_LINE_WAIT);
  g_assert_cmpint (dr_hub_client_read_line (client, "", NULL, NULL, &reply), ==, DR_HUB_LINE_NONE);
  g_assert_true (dr_hub_client_declares (client, "threads"));
  g_assert_false (dr_hub_client_declares (client, "hash"));
  line = dr_hub_client_variant_line (client, &dr_rules_international, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "set-param name=variant value=normal");
  g_clear_pointer (&line, g_free);
  /* Russian is not among its values. */
  g_assert_null (dr_hub_client_variant_line (client, &dr_rules_russian, &error));
  g_assert_error (error, DR_HUB_CLIENT_ERROR, DR_HUB_CLIENT_ERROR_VARIANT);
  g_assert_cmpstr (error->message, ==, "The engine “Scan” does not play Russian draughts.");
  g_clear_error (&error);
  /* An engine that declares no variant plays International only. */
  dr_hub_client_reset (client);
  g_assert_null (dr_hub_client_variant_line (client, &dr_rules_international, &error));
  g_assert_no_error (error);
  g_assert_null (dr_hub_client_variant_line (client, &dr_rules_english, &error));
  g_assert_error (error, DR_HUB_CLIENT_ERROR, DR_HUB_CLIENT_ERROR_VARIANT);
  g_clear_error (&error);

  /* "info": score in men, time in seconds; the line stops at 99-94, not
   * legal after 32-28 18-23. */
  dr_rules_initial (&dr_rules_international, &start);
  g_assert_cmpint (dr_hub_client_read_line (client, "info depth=21 score=-0.25 nodes=31261613 time=3.906 pv=\"32-28 18-23 99-94 33-29\"",
                                            &dr_rules_international, &start, &reply), ==, DR_HUB_LINE_INFO);
  g_assert_cmpint (reply.info.depth, ==, 21);
  g_assert_cmpint (reply.info.score, ==, -25);
  g_assert_cmpuint (reply.info.nodes, ==, 31261613);
  g_assert_cmpuint (reply.info.time_ms, ==, 3906);
  g_assert_cmpint (reply.info.pv_length, ==, 2);
  g_assert_cmpint (reply.info.pv[0].from, ==, n10 (32));
  g_assert_cmpint (reply.info.pv[1].to, ==, n10 (23));
  moves[0] = reply.info.pv[0];
  moves[1] = reply.info.pv[1];
  g_assert_cmpint (dr_hub_client_read_line (client, "done move=32-28 ponder=18-23", NULL, NULL, &reply), ==, DR_HUB_LINE_DONE);
  g_assert_cmpstr (reply.move, ==, "32-28");
  g_assert_cmpstr (reply.ponder, ==, "18-23");
  dr_hub_reply_clear (&reply);
  g_assert_cmpint (dr_hub_client_read_line (client, "done", NULL, NULL, &reply), ==, DR_HUB_LINE_DONE);
  g_assert_null (reply.move);
  g_assert_cmpint (dr_hub_client_read_line (client, "error message=\"unknown variant\"", NULL, NULL, &reply), ==, DR_HUB_LINE_ERROR);
  g_assert_cmpstr (reply.message, ==, "unknown variant");
  dr_hub_reply_clear (&reply);
  g_assert_cmpint (dr_hub_client_read_line (client, "pong", NULL, NULL, &reply), ==, DR_HUB_LINE_PONG);
  g_assert_cmpint (dr_hub_client_read_line (client, "ready", NULL, NULL, &reply), ==, DR_HUB_LINE_READY);

  line = dr_hub_pos_line (&dr_rules_international, &start, moves, 2);
  g_assert_cmpstr (line, ==, "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 18-23\"");
  g_clear_pointer (&line, g_free);
  line = dr_hub_set_param_line ("egdb-dir", "/a b/c");
  g_assert_cmpstr (line, ==, "set-param name=egdb-dir value=\"/a b/c\"");
}

/* Expected values computed apart from this code (Python, the formulas of
 * dr_match_elo's documentation: s = (W + D/2) / N, Elo = -400 log10 (1/s - 1),
 * margin = half the Elo width of s ± 1.96 sqrt (var / N)). */
static void
test_match_elo (void)
{
  static const struct { int w, d, l; double elo, margin; } cases[] = {
    { 30, 40, 30, 0.0, 53.159 },
    { 60, 20, 20, 147.1907, 66.0146 },
    { 10, 5, 85, -338.0392, 104.806 },
    { 1, 2, 1, 0.0, 296.5838 },
  };
  double elo, margin;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      dr_match_elo (cases[i].w, cases[i].d, cases[i].l, &elo, &margin);
      g_assert_cmpfloat_with_epsilon (elo, cases[i].elo, 0.001);
      g_assert_cmpfloat_with_epsilon (margin, cases[i].margin, 0.001);
    }
  /* All won: no finite difference; half won over two games: no finite margin. */
  dr_match_elo (3, 0, 0, &elo, &margin);
  g_assert_true (isinf (elo) && elo > 0);
  dr_match_elo (1, 0, 1, &elo, &margin);
  g_assert_cmpfloat (elo, ==, 0.0);
  g_assert_true (isinf (margin));
  /* One-sided results have a bound instead (Wilson): nothing scored in 20
   * games, s <= 3.8416 / 23.8416; everything won in 3, s >= 1 - 3.8416 /
   * 6.8416. */
  g_assert_cmpfloat_with_epsilon (dr_match_elo_bound (0, 0, 20), -286.61, 0.01);
  g_assert_cmpfloat_with_epsilon (dr_match_elo_bound (3, 0, 0), -42.96, 0.01);
  g_assert_true (isnan (dr_match_elo_bound (1, 0, 1)));
  g_assert_true (isnan (dr_match_elo_bound (0, 1, 0)));
  g_assert_true (isnan (dr_match_elo_bound (0, 0, 0)));
}

/* Expected values computed apart from this code (Python, the formula of
 * dr_match_sprt_llr's documentation: x = (W + D/2) / N, v the games'
 * variance, s = 1 / (1 + 10^(-Elo/400)), LLR = N (s1 - s0) (2x - s0 - s1)
 * / (2v)); Wald's bounds ln (β / (1 - α)), ln ((1 - β) / α). */
static void
test_match_sprt_llr (void)
{
  static const struct { int w, d, l; double elo0, elo1, llr; } cases[] = {
    { 9, 0, 10, 0, 200, -3.0919 },
    { 120, 200, 80, 0, 5, 1.0902 },
    { 50, 300, 50, -5, 5, 0.0 },
    { 30, 40, 60, 0, 10, -1.4350 },
  };
  double lower, upper;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpfloat_with_epsilon (dr_match_sprt_llr (cases[i].w, cases[i].d, cases[i].l,
                                                       cases[i].elo0, cases[i].elo1),
                                    cases[i].llr, 0.0001);
  /* No spread yet (every game the same result, or none): no evidence. */
  g_assert_cmpfloat (dr_match_sprt_llr (5, 0, 0, 0, 10), ==, 0.0);
  g_assert_cmpfloat (dr_match_sprt_llr (0, 7, 0, 0, 10), ==, 0.0);
  g_assert_cmpfloat (dr_match_sprt_llr (0, 0, 0, 0, 10), ==, 0.0);
  dr_match_sprt_bounds (0.05, 0.05, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -2.944439, 0.000001);
  g_assert_cmpfloat_with_epsilon (upper, 2.944439, 0.000001);
  dr_match_sprt_bounds (0.05, 0.10, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -2.251292, 0.000001);
  g_assert_cmpfloat_with_epsilon (upper, 2.890372, 0.000001);
}

static void
test_match_openings (void)
{
  g_autofree char *ballot = g_test_build_filename (G_TEST_DIST, "..", "data", "ballots",
                                                   "russian-fmjd-64.txt", NULL);
  g_autofree char *bad = NULL;
  g_autoptr (GPtrArray) fens = NULL;
  g_autoptr (GPtrArray) codes = NULL;
  g_autoptr (GError) error = NULL;
  int fd;

  fens = dr_match_read_openings (ballot, &dr_rules_russian, &codes, &error);
  g_assert_no_error (error);
  /* 46 groups of 16 (the file's header). */
  g_assert_cmpuint (fens->len, ==, 736);
  g_assert_cmpstr (g_ptr_array_index (codes, 0), ==, "1-I");
  g_assert_cmpstr (g_ptr_array_index (fens, 0), ==, "W:W17,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,6,7,8,9,11,12,13,14");

  fd = g_file_open_tmp ("test-dxp-XXXXXX.txt", &bad, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (bad, "# two openings\nW:W31-50:B1-20\n\nx | y | W:W31-50:B1-20,60\n", -1, &error));
  g_clear_pointer (&fens, g_ptr_array_unref);
  fens = dr_match_read_openings (bad, &dr_rules_international, NULL, &error);
  g_assert_null (fens);
  g_assert_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_OPENINGS);
  g_assert_nonnull (strstr (error->message, ":4: "));
  g_remove (bad);
}

/* Our engine against itself, two games of one ballot opening. */
static void
test_match_self (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *ballot = g_test_build_filename (G_TEST_DIST, "..", "data", "ballots",
                                                   "russian-fmjd-64.txt", NULL);
  g_autofree char *quoted = NULL, *engine = NULL, *out = NULL, *err = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) match = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRegex) re = NULL;
  g_autoptr (GMatchInfo) info = NULL;
  int w, d, l;

  g_assert_nonnull (cli);
  quoted = g_shell_quote (cli);
  engine = g_strconcat (quoted, " hub --book=none", NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  match = g_subprocess_launcher_spawn (launcher, &error, cli, "match", engine, engine,
                                       "--openings", ballot, "--variant", "russian",
                                       "--games", "2", "--movetime", "5", NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (match, NULL, NULL, &out, &err, &error));
  g_assert_no_error (error);
  g_test_message ("%s%s", out, err);
  g_assert_true (g_subprocess_get_if_exited (match));
  g_assert_cmpint (g_subprocess_get_exit_status (match), ==, 0);
  /* Same opening, colours reversed. */
  g_assert_nonnull (strstr (out, "game 1, opening 1-I: Draughtsman (white) - Draughtsman (black) "));
  g_assert_nonnull (strstr (out, "game 2, opening 1-I: Draughtsman (white) - Draughtsman (black) "));
  re = g_regex_new ("wins ([0-9]+), draws ([0-9]+), losses ([0-9]+), score", 0, 0, NULL);
  g_assert_true (g_regex_match (re, out, 0, &info));
  {
    g_autofree char *ws = g_match_info_fetch (info, 1);
    g_autofree char *ds = g_match_info_fetch (info, 2);
    g_autofree char *ls = g_match_info_fetch (info, 3);

    w = atoi (ws);
    d = atoi (ds);
    l = atoi (ls);
  }
  g_assert_cmpint (w + d + l, ==, 2);
  g_assert_nonnull (strstr (out, "Elo difference: "));
}

/* Runs `draughtsman-cli match ARGS...` to its end; returns its exit status. */
static int
run_match (const char * const *args,
           char              **out,
           char              **err)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) match = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  g_ptr_array_add (argv, (gpointer) "match");
  for (gsize i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  match = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (match, NULL, NULL, out, err, &error));
  g_assert_no_error (error);
  g_test_message ("match:\n%s%s", *out, *err);
  g_assert_true (g_subprocess_get_if_exited (match));
  return g_subprocess_get_exit_status (match);
}

/* "wins W, draws D, losses L, score" of the totals line. */
static void
match_totals (const char *out,
              int        *w,
              int        *d,
              int        *l)
{
  g_autoptr (GRegex) re = g_regex_new ("wins ([0-9]+), draws ([0-9]+), losses ([0-9]+), score", 0, 0, NULL);
  g_autoptr (GMatchInfo) info = NULL;
  g_autofree char *ws = NULL, *ds = NULL, *ls = NULL;

  if (!g_regex_match (re, out, 0, &info))
    g_error ("no totals line in “%s”", out);
  ws = g_match_info_fetch (info, 1);
  ds = g_match_info_fetch (info, 2);
  ls = g_match_info_fetch (info, 3);
  *w = atoi (ws);
  *d = atoi (ds);
  *l = atoi (ls);
}

/* An opening in which White cannot move (Russian: a white man on a1
 * behind black men on b2 and c3, 004 1.8.1: it has lost): each game is
 * lost by the engine with White, so the first engine scores a loss, a
 * win, a loss ...  Against ELO1 = 200 the test accepts H0 after 19 games
 * (9 won, 10 lost: LLR -3.09 below -2.94, the 18 before stay above it),
 * and the match stops there though 40 were asked for. */
static void
test_match_sprt (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *openings = NULL, *quoted = NULL, *engine = NULL, *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int fd, w, d, l;

  g_assert_nonnull (cli);
  fd = g_file_open_tmp ("test-dxp-blocked-XXXXXX.txt", &openings, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (openings, "blocked|W:Wa1:Bb2,c3\n", -1, &error));
  quoted = g_shell_quote (cli);
  engine = g_strconcat (quoted, " hub --book=none", NULL);
  {
    const char *args[] = { engine, engine, "--variant", "russian", "--openings", openings,
                           "--games", "40", "--sprt", "0,200", NULL };

    g_assert_cmpint (run_match (args, &out, &err), ==, 0);
  }
  g_remove (openings);
  g_assert_nonnull (strstr (out, "game 1, opening blocked: Draughtsman (white) - Draughtsman (black) 0-1 (White cannot move)\n"
                                 "SPRT: LLR 0.00 (-2.94, 2.94) after 1 games\n"));
  g_assert_nonnull (strstr (out, "SPRT: LLR -2.43 (-2.94, 2.94) after 18 games\n"));
  g_assert_nonnull (strstr (out, "SPRT: LLR -3.09 (-2.94, 2.94) after 19 games\n"
                                 "SPRT: H0 accepted (Elo difference 0 rather than 200)\n"));
  g_assert_null (strstr (out, "game 20,"));
  match_totals (out, &w, &d, &l);
  g_assert_cmpint (w, ==, 9);
  g_assert_cmpint (d, ==, 0);
  g_assert_cmpint (l, ==, 10);
}

/* --threads and --hash reach a Hub engine that announces those
 * parameters, as "set-param" lines before "init" (a scripted engine
 * writes down what it hears; the opening ends each game at once, so it
 * is never asked for a move); an engine without them is named on
 * standard error and left as it is. */
static void
test_match_threads_hash (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *dir = g_dir_make_tmp ("test-dxp-params-XXXXXX", NULL);
  g_autofree char *script = g_build_filename (dir, "engine.sh", NULL);
  g_autofree char *heard = g_build_filename (dir, "heard.txt", NULL);
  g_autofree char *openings = g_build_filename (dir, "openings.txt", NULL);
  g_autofree char *text = NULL, *quoted = NULL, *engine = NULL, *plain = NULL;
  g_autofree char *log = NULL, *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (cli);
  quoted = g_shell_quote (heard);
  text = g_strdup_printf ("while read -r line; do\n"
                          "  echo \"$line\" >> %s\n"
                          "  case \"$line\" in\n"
                          "    hub) echo 'id name=Listener'; echo 'param name=variant value=normal type=enum values=\"normal russian\"';\n"
                          "         echo 'param name=threads value=1 type=int min=1 max=8';\n"
                          "         echo 'param name=hash value=8 type=int min=1 max=64'; echo wait;;\n"
                          "    init) echo ready;;\n"
                          "    quit) exit 0;;\n"
                          "  esac\n"
                          "done\n", quoted);
  g_assert_true (g_file_set_contents (script, text, -1, &error));
  g_assert_true (g_file_set_contents (openings, "blocked|W:Wa1:Bb2,c3\n", -1, &error));
  g_free (quoted);
  quoted = g_shell_quote (script);
  engine = g_strconcat ("sh ", quoted, NULL);
  g_free (quoted);
  quoted = g_shell_quote (cli);
  plain = g_strconcat (quoted, " hub --book=none", NULL);
  {
    const char *args[] = { engine, plain, "--variant", "russian", "--openings", openings, "--games", "2",
                           "--threads", "3", "--hash", "32", NULL };

    g_assert_cmpint (run_match (args, &out, &err), ==, 0);
  }
  g_assert_true (g_file_get_contents (heard, &log, NULL, &error));
  g_test_message ("the engine heard:\n%s", log);
  g_assert_nonnull (strstr (log, "hub\nset-param name=variant value=russian\nset-param name=threads value=3\n"
                                 "set-param name=hash value=32\ninit\n"));
  g_assert_null (strstr (err, "“Listener” has no"));
  g_remove (script);
  g_remove (heard);
  g_remove (openings);
  g_rmdir (dir);
}

/* Four games, two at a time, written to a PDN file: the file holds the
 * four in the order of their numbers, each with its tags, and its moves
 * replay by the rules to a position that agrees with the result when
 * the rules ended the game. */
static void
test_match_concurrency_pdn (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *dir = g_dir_make_tmp ("test-dxp-pdn-XXXXXX", NULL);
  g_autofree char *pdn = g_build_filename (dir, "games.pdn", NULL);
  g_autofree char *quoted = NULL, *engine = NULL, *out = NULL, *err = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GError) error = NULL;
  int w, d, l, n = 0;

  g_assert_nonnull (cli);
  quoted = g_shell_quote (cli);
  engine = g_strconcat (quoted, " hub --book=none", NULL);
  {
    /* A long time-out and a small table: under ThreadSanitizer (.ci/run)
     * four engines start at once on two cores. */
    const char *args[] = { engine, engine, "--variant", "russian", "--games", "4", "--movetime", "5",
                           "--timeout", "60000", "--hash", "8", "--concurrency", "2", "--pdn", pdn, NULL };

    g_assert_cmpint (run_match (args, &out, &err), ==, 0);
  }
  for (int g = 1; g <= 4; g++)
    {
      g_autofree char *line = g_strdup_printf ("game %d, opening start: Draughtsman (white) - Draughtsman (black) ", g);
      g_assert_nonnull (strstr (out, line));
    }
  match_totals (out, &w, &d, &l);
  g_assert_cmpint (w + d + l, ==, 4);

  reader = dr_pdn_reader_new_for_file (pdn, NULL, &dr_rules_russian, &error);
  g_assert_no_error (error);
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autofree char *round = NULL;
      DrGameNode *end;
      DrMoveList *legal;

      if (dr_pdn_reader_next_game (reader, &game, &error) == DR_PDN_READ_END)
        break;
      g_assert_no_error (error);
      n++;
      round = g_strdup_printf ("%d", n);
      g_assert_cmpstr (dr_game_get_tag (game, "Event"), ==, "draughtsman-cli match");
      g_assert_cmpstr (dr_game_get_tag (game, "Round"), ==, round);
      g_assert_cmpstr (dr_game_get_tag (game, "White"), ==, "Draughtsman");
      g_assert_cmpstr (dr_game_get_tag (game, "Black"), ==, "Draughtsman");
      g_assert_cmpstr (dr_game_get_tag (game, "Result"), ==, dr_result_to_string (game->result, &dr_rules_russian));
      g_assert_nonnull (dr_game_get_tag (game, "Termination"));
      g_assert_true (game->result != DR_RESULT_UNKNOWN);
      g_assert_cmpuint (dr_game_main_line_length (game), >, 0);
      end = dr_game_node_main_line_end (game->root);
      legal = g_new0 (DrMoveList, 1);
      dr_movegen_legal (&dr_rules_russian, &end->position, legal);
      if (g_str_equal (dr_game_get_tag (game, "Termination"), "White cannot move"))
        g_assert_true (legal->n == 0 && end->position.turn == DR_SIDE_WHITE && game->result == DR_RESULT_BLACK_WINS);
      if (g_str_equal (dr_game_get_tag (game, "Termination"), "Black cannot move"))
        g_assert_true (legal->n == 0 && end->position.turn == DR_SIDE_BLACK && game->result == DR_RESULT_WHITE_WINS);
      g_free (legal);
    }
  g_assert_cmpint (n, ==, 4);
  g_remove (pdn);
  g_rmdir (dir);
}

/* A Hub engine against our DXP follower (`dxp --listen`), two games of a
 * short endgame: the follower sees its colour reversed and both sides
 * agree on each result. */
static void
test_match_dxp_engine (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) follower = NULL;
  g_autoptr (GDataInputStream) follower_out = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) follower_text = g_string_new (NULL);
  g_autofree char *first = NULL, *engine = NULL, *dxp = NULL, *openings = NULL;
  g_autofree char *out = NULL, *err = NULL, *quoted = NULL;
  int fd, w, d, l;

  g_assert_nonnull (cli);
  fd = g_file_open_tmp ("test-dxp-XXXXXX.txt", &openings, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (openings, "W:W31,32,33,34:B17,18,19,20\n", -1, &error));

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  follower = g_subprocess_launcher_spawn (launcher, &error, cli, "dxp", "--listen", "--port", "0",
                                          "--movetime", "10", "--games", "2", "--hash", "4", NULL);
  g_assert_no_error (error);
  follower_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (follower));
  first = g_data_input_stream_read_line (follower_out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (first);
  g_assert_true (g_str_has_prefix (first, "listening on 127.0.0.1:"));
  dxp = g_strconcat ("dxp:127.0.0.1:", strrchr (first, ':') + 1, NULL);
  quoted = g_shell_quote (cli);
  engine = g_strconcat (quoted, " hub --book=none", NULL);

  {
    const char *args[] = { engine, dxp, "--openings", openings, "--games", "2", "--movetime", "10", NULL };

    g_assert_cmpint (run_match (args, &out, &err), ==, 0);
  }
  read_to_end (follower_out, follower_text);
  g_assert_true (g_subprocess_wait (follower, NULL, &error));
  g_test_message ("follower:\n%s", follower_text->str);
  g_assert_true (g_subprocess_get_if_exited (follower));
  g_assert_cmpint (g_subprocess_get_exit_status (follower), ==, 0);
  g_remove (openings);

  /* The follower played Black, then White. */
  g_assert_nonnull (strstr (follower_text->str, "game 1: Draughtsman match (white) - Draughtsman (black) "));
  g_assert_nonnull (strstr (follower_text->str, "game 2: Draughtsman (white) - Draughtsman match (black) "));
  g_assert_nonnull (strstr (follower_text->str, "games: 2,"));
  g_assert_nonnull (strstr (out, "game 1, opening W:W31,32,33,34:B17,18,19,20: Draughtsman (white) - Draughtsman (black) "));
  g_assert_nonnull (strstr (out, "game 2, opening W:W31,32,33,34:B17,18,19,20: Draughtsman (white) - Draughtsman (black) "));
  match_totals (out, &w, &d, &l);
  g_assert_cmpint (w + d + l, ==, 2);
  /* The follower's count is the mirror of the first engine's. */
  {
    g_autofree char *mirror = g_strdup_printf ("games: 2, wins: %d, draws: %d, losses: %d, unknown: 0", l, d, w);

    g_assert_nonnull (strstr (follower_text->str, mirror));
  }
}

/* An opening without a code is named by its position; --notation writes
 * it with algebraic squares.  By hand from the PDN numbering: 31-34 are
 * b4, d4, f4, h4 and 17-20 are c7, e7, g7, i7 (row 16-20 is a7 ... i7). */
static void
test_match_notation (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *openings = NULL, *quoted = NULL, *engine = NULL;
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  g_autoptr (GError) error = NULL;
  int fd;

  g_assert_nonnull (cli);
  fd = g_file_open_tmp ("test-dxp-openings-XXXXXX.txt", &openings, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (openings, "W:W31,32,33,34:B17,18,19,20\n", -1, &error));
  quoted = g_shell_quote (cli);
  engine = g_strconcat (quoted, " hub --book=none", NULL);
  {
    const char *args[] = { engine, engine, "--openings", openings, "--games", "1",
                           "--movetime", "5", "--notation", "algebraic", NULL };

    g_assert_cmpint (run_match (args, &out, &err), ==, 0);
  }
  {
    const char *args[] = { engine, engine, "--openings", openings, "--games", "1",
                           "--movetime", "5", NULL };

    g_assert_cmpint (run_match (args, &out2, &err2), ==, 0);
  }
  g_remove (openings);
  g_assert_true (g_str_has_prefix (out, "game 1, opening W:Wb4,d4,f4,h4:Bc7,e7,g7,i7: "
                                        "Draughtsman (white) - Draughtsman (black) "));
  /* Without it, as the file writes it. */
  g_assert_true (g_str_has_prefix (out2, "game 1, opening W:W31,32,33,34:B17,18,19,20: "));
}

/* The --timeout of the match tests with a silent engine: long enough for
 * our own engine, the other side, to answer within it when it runs under
 * a sanitizer on a loaded machine (its "new-game" clears a 64 MB table,
 * which ThreadSanitizer makes slow), or its forfeit fails the test.  At
 * 2000 ms it forfeited under ThreadSanitizer with the load average at 10
 * (the CI run at 092caa9, two table generators beside it). */
#define MATCH_TIMEOUT_MS "6000"

/* A Hub engine that starts but never answers "go": it forfeits the game
 * it was to move in, and the match ends (it does not answer "ping"
 * either) instead of waiting for ever. */
static void
test_match_timeout_hub (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *script = NULL, *silent = NULL, *engine = NULL, *quoted = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int fd, w, d, l;

  g_assert_nonnull (cli);
  fd = g_file_open_tmp ("test-dxp-silent-XXXXXX.sh", &script, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (script,
                                      "while read -r line; do\n"
                                      "  case \"$line\" in\n"
                                      "    hub) echo 'id name=Silent'; echo wait;;\n"
                                      "    init) echo ready;;\n"
                                      "  esac\n"
                                      "done\n", -1, &error));
  quoted = g_shell_quote (script);
  silent = g_strconcat ("sh ", quoted, NULL);
  g_free (quoted);
  quoted = g_shell_quote (cli);
  engine = g_strconcat (quoted, " hub --book=none", NULL);
  {
    const char *args[] = { engine, silent, "--games", "2", "--movetime", "10", "--timeout", MATCH_TIMEOUT_MS, NULL };

    g_assert_cmpint (run_match (args, &out, &err), ==, 1);
  }
  g_remove (script);
  g_assert_nonnull (strstr (err, "game 1, move 1 (Black): engine “Silent” sent no move within " MATCH_TIMEOUT_MS " ms; "
                                 "it forfeits the game"));
  g_assert_nonnull (strstr (out, "game 1, opening start: Draughtsman (white) - Silent (black) 2-0 "));
  g_assert_nonnull (strstr (err, "engine “Silent” sent no “pong” after “stop” within " MATCH_TIMEOUT_MS " ms"));
  match_totals (out, &w, &d, &l);
  g_assert_cmpint (w, ==, 1);
  g_assert_cmpint (d + l, ==, 0);
}

/* A Hub engine that sends more than DR_HUB_CLIENT_MAX_LINE bytes without
 * a newline is refused at once, the error quoting 64 bytes (the reader had
 * buffered until the handshake's time limit). */
static void
test_match_engine_line_too_long (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *script = NULL, *flood = NULL, *engine = NULL, *quoted = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int fd;

  g_assert_nonnull (cli);
  fd = g_file_open_tmp ("test-dxp-flood-XXXXXX.sh", &script, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (script,
                                      "while read -r line; do\n"
                                      "  case \"$line\" in\n"
                                      "    hub) head -c 1100000 /dev/zero | tr '\\0' x;;\n"
                                      "    init) echo ready;;\n"
                                      "  esac\n"
                                      "done\n", -1, &error));
  quoted = g_shell_quote (script);
  flood = g_strconcat ("sh ", quoted, NULL);
  g_free (quoted);
  quoted = g_shell_quote (cli);
  engine = g_strconcat (quoted, " hub --book=none", NULL);
  {
    const char *args[] = { engine, flood, "--games", "2", "--movetime", "10", "--timeout", "60000", NULL };

    g_assert_cmpint (run_match (args, &out, &err), ==, 1);
  }
  g_remove (script);
  g_assert_nonnull (strstr (err, "a message longer than 1048576 bytes"));
  g_assert_cmpuint (strlen (err), <, 1000);
}

/* A DXP follower (this test) that accepts a game and never moves: it
 * forfeits on time, hears GAMEEND, and the next request reverses the
 * colours. */
static void
test_match_timeout_dxp (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new_from_string ("127.0.0.1", 0);
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) match = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dxp = NULL, *engine = NULL, *quoted = NULL, *out = NULL, *err = NULL;
  g_autofree char *req = NULL, *move = NULL, *end = NULL, *req2 = NULL;
  g_autofree char *expected = NULL, *acc = NULL;
  Peer p = { 0 };
  int w, d, l;

  g_assert_nonnull (cli);
  g_assert_true (g_socket_listener_add_address (listener, address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error));
  g_assert_no_error (error);
  dxp = g_strdup_printf ("dxp:127.0.0.1:%u", g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective)));
  quoted = g_shell_quote (cli);
  engine = g_strconcat (quoted, " hub --book=none", NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  match = g_subprocess_launcher_spawn (launcher, &error, cli, "match", engine, dxp, "--games", "2",
                                       "--movetime", "10", "--timeout", MATCH_TIMEOUT_MS, NULL);
  g_assert_no_error (error);
  p.connection = g_socket_listener_accept (listener, NULL, NULL, &error);
  g_assert_no_error (error);
  p.in = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (p.connection)));
  p.out = g_io_stream_get_output_stream (G_IO_STREAM (p.connection));

  /* Game 1: we are Black, from the normal start, 1 minute (50 × 10 ms
   * rounded up). */
  req = peer_receive (&p);
  expected = g_strdup_printf ("R01%-32sZ001000A", "Draughtsman match");
  g_assert_cmpstr (req, ==, expected);
  acc = g_strdup_printf ("A%-32s0", "Silent");
  peer_send (&p, acc);
  move = peer_receive (&p);
  g_assert_true (g_str_has_prefix (move, "M"));
  /* No answer: after MATCH_TIMEOUT_MS our time is up, and the match wins. */
  end = peer_receive (&p);
  g_assert_cmpstr (end, ==, "E30");
  peer_send (&p, "E00");
  /* Game 2: we are White. */
  req2 = peer_receive (&p);
  g_free (expected);
  expected = g_strdup_printf ("R01%-32sW001000A", "Draughtsman match");
  g_assert_cmpstr (req2, ==, expected);
  g_io_stream_close (G_IO_STREAM (p.connection), NULL, NULL);

  g_assert_true (g_subprocess_communicate_utf8 (match, NULL, NULL, &out, &err, &error));
  g_assert_no_error (error);
  g_test_message ("match:\n%s%s", out, err);
  g_assert_true (g_subprocess_get_if_exited (match));
  g_assert_cmpint (g_subprocess_get_exit_status (match), ==, 1);
  g_assert_nonnull (strstr (err, "game 1, move 1 (Black): engine “Silent” sent no move within " MATCH_TIMEOUT_MS " ms; "
                                 "it forfeits the game"));
  g_assert_nonnull (strstr (out, "game 1, opening start: Draughtsman (white) - Silent (black) 2-0 "));
  match_totals (out, &w, &d, &l);
  g_assert_cmpint (w, ==, 1);
  g_assert_cmpint (d + l, ==, 0);
  g_object_unref (p.in);
  g_object_unref (p.connection);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/protocol/hub-client", test_hub_client);
  g_test_add_func ("/cli/match/elo", test_match_elo);
  g_test_add_func ("/cli/match/openings", test_match_openings);
  g_test_add_func ("/cli/match/sprt/llr", test_match_sprt_llr);
  g_test_add_func ("/cli/match/sprt", test_match_sprt);
  g_test_add_func ("/cli/match/concurrency-pdn", test_match_concurrency_pdn);
  g_test_add_func ("/cli/match/threads-hash", test_match_threads_hash);
  g_test_add_func ("/cli/match/self-play", test_match_self);
  g_test_add_func ("/cli/match/notation", test_match_notation);
  g_test_add_func ("/cli/match/dxp-engine", test_match_dxp_engine);
  g_test_add_func ("/cli/match/timeout/hub", test_match_timeout_hub);
  g_test_add_func ("/cli/match/engine-line-too-long", test_match_engine_line_too_long);
  g_test_add_func ("/cli/match/timeout/dxp", test_match_timeout_dxp);
  return g_test_run ();
}
