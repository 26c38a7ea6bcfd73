/* test-cli-pdn.c — draughtsman-cli pdn-check and pdn-convert run as a program
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CLI named by $DRAUGHTSMAN_CLI checks and converts PDN files: a broken
 * game is reported as FILE:LINE:COLUMN and kept with its unread text; every
 * game of every file of shared/data survives a conversion; --output is
 * written atomically.  Expected counts come from the files themselves
 * (their game count), never from a run of the CLI.
 */

#include "config.h"

#include "test-cli-util.h"
#include "test-util.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* pdn-check and pdn-convert ------------------------------------------- */

/* A file with a good game, a game with an illegal move on line 5 and a
 * good one: pdn-check reports the bad one as FILE:LINE:COLUMN and counts
 * all three, the moves read of the bad one too; pdn-convert writes all
 * three, the bad one with its unread rest in an [%unread] comment, which a
 * second pdn-check reports again.  The file has no GameType: the variant
 * chosen is told on standard error, standard output keeps its form. */
static void
test_pdn_commands (void)
{
  static const char pdn[] =
    "[Event \"one\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
    "[Event \"two\"]\n1. 32-28 19-23 2. 33-29 *\n\n"
    "[Event \"three\"]\n1. 35-30 *\n";
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.pdn", NULL);
  g_autofree char *converted = g_build_filename (dir, "converted.pdn", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *variant = NULL;

  g_assert_true (g_file_set_contents (path, pdn, -1, NULL));
  variant = g_strdup_printf ("%s: no GameType; replays as international (1 error in 3 games; ", path);
  {
    g_autoptr (CliRun) run = cli_run ("pdn-check", path, NULL);
    cli_run_report (run);
    g_assert_true (run->exited);
    g_assert_cmpint (run->status, ==, 1);
    expected = g_strdup_printf ("%s:5:19: ", path);
    g_assert_true (g_str_has_prefix (run->out, expected));
    /* Game two's two moves before the error count. */
    g_assert_nonnull (strstr (run->out, "\ngames: 3, moves: 7, errors: 1\n"));
    g_assert_true (g_str_has_prefix (run->err, variant));
  }
  {
    g_autoptr (CliRun) run = cli_run ("pdn-convert", path, NULL);

    cli_run_report (run);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, expected));
    g_assert_true (g_str_has_prefix (run->err, variant));
    g_assert_nonnull (strstr (run->out, "[Event \"one\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n"));
    g_assert_nonnull (strstr (run->out, "[Event \"two\"]\n[GameType \"20\"]\n\n"
                                        "1. 32-28 19-23 {[%unread] 2. 33-29 *} *\n"));
    g_assert_nonnull (strstr (run->out, "[Event \"three\"]\n[GameType \"20\"]\n\n1. 35-30 *\n"));
    g_assert_true (g_file_set_contents (converted, run->out, -1, NULL));
    {
      g_autoptr (CliRun) again = cli_run ("pdn-check", converted, NULL);
      g_autofree char *report = g_strdup_printf ("%s:9:16: moves kept unread by an earlier reading: ",
                                                 converted);

      cli_run_report (again);
      g_assert_cmpint (again->status, ==, 1);
      /* (The quotes around the excerpt are '?' in the C locale.) */
      g_assert_true (g_str_has_prefix (again->out, report));
      g_assert_true (g_str_has_suffix (again->out, "2. 33-29 *?\ngames: 3, moves: 7, errors: 1\n"));
      /* Every game names its variant now: nothing to choose. */
      g_assert_cmpstr (again->err, ==, "");
    }
  }
  {
    g_autoptr (CliRun) run = cli_run ("pdn-convert", "--notation", "algebraic", converted, NULL);
    g_assert_cmpint (run->status, ==, 1);
    /* 32-28 is d4-e5 (rank 4: 31-35 on b4..j4; rank 5: 26-30 on a5..i5). */
    g_assert_nonnull (strstr (run->out, "1. d4-e5 "));
  }
  {
    g_autoptr (CliRun) run = cli_run ("pdn-check", "/nonexistent/file.pdn", NULL);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->out, "/nonexistent/file.pdn"));
  }
  g_unlink (path);
  g_unlink (converted);
  g_rmdir (dir);
}

/* The PDN files under @dir and its folders, in name order. */
static void
find_pdn_files (const char *dir,
                GPtrArray  *files)
{
  g_autoptr (GPtrArray) names = dir_names (dir);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        find_pdn_files (path, files);
      else if (g_str_has_suffix (path, ".pdn"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

/* pdn-check's totals line: games, moves and errors. */
static void
pdn_totals (const CliRun *run,
            guint64      *games,
            guint64      *moves,
            guint64      *errors)
{
  const char *line = strstr (run->out, "games: ");

  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "games: %" G_GUINT64_FORMAT ", moves: %" G_GUINT64_FORMAT
                                 ", errors: %" G_GUINT64_FORMAT, games, moves, errors), ==, 3);
}

/* Never lose a game: pdn-convert writes every game of every PDN file of
 * shared/data, those it reads only in part too, so that what it writes
 * holds as many games (and moves, and games read in part) as the file;
 * and converting that again gives the same text. */
static void
test_pdn_convert_keeps_every_game (void)
{
  g_autofree char *data = test_shared_data_dir ();
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = NULL;
  g_autofree char *once = NULL;
  guint64 all_errors = 0;

  if (data == NULL)
    return;
  find_pdn_files (data, files);
  /* shared/data/README.md: 40 PDN files; fewer means the wrong folder. */
  g_assert_cmpuint (files->len, >=, 40);
  dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  once = g_build_filename (dir, "once.pdn", NULL);
  for (guint i = 0; i < files->len; i++)
    {
      const char *file = files->pdata[i];
      g_autoptr (CliRun) check = cli_run ("pdn-check", "--quiet", file, NULL);
      g_autoptr (CliRun) convert = cli_run ("pdn-convert", file, NULL);
      g_autoptr (CliRun) check_once = NULL;
      g_autoptr (CliRun) convert_once = NULL;
      guint64 games, moves, errors, games_once, moves_once, errors_once;

      g_assert_true (check->exited && convert->exited);
      pdn_totals (check, &games, &moves, &errors);
      g_assert_cmpint (check->status, ==, errors > 0);
      g_assert_cmpint (convert->status, ==, errors > 0);
      g_assert_true (g_file_set_contents (once, convert->out, -1, NULL));
      check_once = cli_run ("pdn-check", "--quiet", once, NULL);
      pdn_totals (check_once, &games_once, &moves_once, &errors_once);
      g_test_message ("%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " read in part; written: %"
                      G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " read in part",
                      file, games, errors, games_once, errors_once);
      g_assert_cmpuint (games_once, ==, games);
      g_assert_cmpuint (moves_once, ==, moves);
      g_assert_cmpuint (errors_once, ==, errors);
      convert_once = cli_run ("pdn-convert", once, NULL);
      g_assert_cmpstr (convert_once->out, ==, convert->out);
      all_errors += errors;
    }
  /* Games read in part were among them (english/README.md: Petal 1981
   * game 18 of tinsley.pdn has an illegal move), so keeping those was
   * tried too. */
  g_assert_cmpuint (all_errors, >, 0);
  g_unlink (once);
  g_rmdir (dir);
}

/* pdn-convert --output (issue 25): the file is the old one or the whole
 * new one, never a part.  Stopped in the middle of writing (a file size
 * limit), the old file stays as it was; when the write fails, the
 * temporary file goes too, and the message names the file.  Written whole,
 * it holds what standard output gets without --output: every game, the
 * one of tags alone too. */
static void
test_pdn_convert_output (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.pdn", NULL);
  g_autofree char *dest = g_build_filename (dir, "converted.pdn", NULL);
  g_autoptr (GString) pdn = g_string_new ("[Event \"alone\"]\n[White \"Scholma\"]\n");
  const char *args[] = { "pdn-convert", "--output", dest, path, NULL };
  guint n = 40;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (pdn, "[Event \"game %u\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n", i);
  g_assert_true (g_file_set_contents (path, pdn->str, -1, NULL));
  g_assert_true (g_file_set_contents (dest, "old\n", -1, NULL));
  {
    /* The write fails past 512 bytes (the whole is about 3 KB). */
    FileLimit limit = { 512, TRUE };
    g_autoptr (CliRun) run = cli_runv_limited (args, &limit);
    g_autofree char *listing = dir_listing (dir);
    g_autofree char *said = g_strdup_printf ("draughtsman-cli pdn-convert: %s not written (left as it was): ", dest);

    cli_run_report (run);
    g_assert_true (run->exited);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, said));
    g_assert_cmpstr (run->out, ==, "");
    assert_file_text (dest, "old\n");
    g_assert_cmpstr (listing, ==, "converted.pdn games.pdn");
  }
  {
    /* Killed in the middle of writing: the old file still. */
    FileLimit limit = { 512, FALSE };
    g_autoptr (CliRun) run = cli_runv_limited (args, &limit);

    cli_run_report (run);
    g_assert_false (run->exited);
    g_assert_cmpint (run->signal, ==, SIGXFSZ);
    assert_file_text (dest, "old\n");
  }
  {
    g_autoptr (CliRun) plain = cli_run ("pdn-convert", path, NULL);
    g_autoptr (CliRun) run = cli_runv (args);
    g_autoptr (CliRun) check = NULL;

    assert_success (plain);
    assert_success (run);
    g_assert_cmpstr (run->out, ==, "");
    assert_file_text (dest, plain->out);
    g_assert_true (g_str_has_prefix (plain->out, "[Event \"alone\"]\n[White \"Scholma\"]\n"));
    check = cli_run ("pdn-check", dest, NULL);
    assert_success (check);
    g_assert_nonnull (strstr (check->out, "games: 41, moves: 160, errors: 0\n"));
  }
  test_remove_tree (dir);
}


int
main (int    argc,
      char **argv)
{
  if (!cli_test_init (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/cli/pdn/check-and-convert", test_pdn_commands);
  g_test_add_func ("/cli/pdn/convert-keeps-every-game", test_pdn_convert_keeps_every_game);
  g_test_add_func ("/cli/pdn/convert-output", test_pdn_convert_output);
  return g_test_run ();
}
