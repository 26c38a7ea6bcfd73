/* dr-cli-compose.c — draughtsman-cli compose-check: the formal checks of 004 section VI
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   compose-check [--variant V] [--nodes N] [--seconds S] [--egdb-dir D]
 *                 [--static] [--quiet] FILE.pdn
 *
 * Every game of FILE with a FEN is a composition: its stipulation is read
 * from its tags (dr-stipulation.h), its start and stated solution checked
 * (dr-compose-check.h), the solver's checks run with --nodes and
 * --seconds as the limits of each solve (dr-compose-solve.h; --static
 * leaves them out), and one report printed per composition:
 *
 *   == 3. M.Douwes, A16 (problems-Cat.A1.pdn:28)
 *      White to play and win; problem, miniature
 *      6.2.2    PASS       a legal position; possible last moves: ...
 *
 * then the summary line "N problems, N sound, N with defects, N failed,
 * N undecided".  Exit status: 0 when every composition is sound or has
 * defects only, 1 when any failed or was not decided, 2 on bad input (a
 * file that cannot be read, a FEN that cannot be read, a solution text
 * that cannot be read: each named FILE:LINE:COLUMN on standard error).
 *
 * The output is an interface (the tests read it): change it on purpose.
 */

#define G_LOG_DOMAIN "dr-cli"

#include "config.h"

#include "dr-cli-compose.h"
#include "dr-cli-egdb.h"

#include "dr-compose-check.h"
#include "dr-compose-solve.h"
#include "dr-fen.h"
#include "dr-pdn.h"
#include "dr-stipulation.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  guint problems;
  guint sound;
  guint defects;
  guint failed;
  guint undecided;
  gboolean bad_input;
} Tally;

static char *
title_of (const DrGame *game)
{
  const char *event = dr_game_get_tag (game, "Event");
  const char *round = dr_game_get_tag (game, "Round");
  GString *s = g_string_new (NULL);

  if (event != NULL && *event != '\0' && !g_str_equal (event, "?"))
    g_string_append (s, event);
  if (round != NULL && *round != '\0' && !g_str_equal (round, "?") && !g_str_equal (round, "-"))
    g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", round);
  if (s->len == 0)
    g_string_append (s, _("(untitled)"));
  return g_string_free (s, FALSE);
}

static void
check_game (const char *path,
            guint       line,
            DrGame     *game,
            DrPdnRead   read,
            GError     *read_error,
            gboolean    quiet,
            const DrComposeLimits *limits,
            Tally      *tally)
{
  const char *fen = dr_game_get_tag (game, "FEN");
  g_autoptr (DrCheckReport) report = dr_check_report_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *title = title_of (game);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *text = NULL;
  DrStipulation st;
  DrPosition start;
  gboolean stated = TRUE;

  if (fen == NULL)
    {
      if (read_error != NULL)
        {
          g_printerr ("%s\n", read_error->message);
          tally->bad_input = TRUE;
        }
      return;
    }
  if (game->setup)
    start = game->root->position;
  else if (!dr_fen_parse_unchecked (game->rules, fen, &start, &error))
    {
      g_printerr ("%s:%u: %s\n", path, line, error->message);
      tally->bad_input = TRUE;
      return;
    }
  if (read == DR_PDN_READ_PARTIAL)
    {
      /* A FEN the reader refused as impossible is for 6.2.2 to judge; any
       * other problem is text that cannot be read. */
      if (!g_error_matches (read_error, DR_PDN_ERROR, DR_PDN_ERROR_BAD_SETUP) || game->setup)
        {
          g_printerr ("%s\n", read_error->message);
          tally->bad_input = TRUE;
        }
      stated = FALSE;
    }

  tally->problems++;
  if (!dr_stipulation_read (&st, game, &error))
    {
      dr_check_report_add (report, "6.1.2", DR_CHECK_FAIL, "%s", error->message);
      g_clear_error (&error);
    }
  st.to_move = (DrSide) start.turn;
  dr_compose_check_static (report, game->rules, &start, &st);
  if (stated)
    dr_compose_check_stated (report, game, &st);
  if (limits != NULL && (stated || game->setup))
    dr_compose_check_solution (report, game, &start, &st, limits);
  if (!stated)
    dr_check_report_add (report, "6.2.3", DR_CHECK_UNDECIDED,
                         _("the stated solution cannot be read (%s)"), read_error->message);

  switch (dr_check_report_verdict (report))
    {
    case DR_CHECK_FAIL:
      tally->failed++;
      break;
    case DR_CHECK_UNDECIDED:
      tally->undecided++;
      break;
    case DR_CHECK_DEFECT:
      tally->defects++;
      break;
    case DR_CHECK_PASS:
    case DR_CHECK_NOT_APPLICABLE:
    default:
      tally->sound++;
      break;
    }

  if (!quiet)
    {
      text = dr_stipulation_to_text (&st);
      g_print ("== %u. %s (%s:%u)\n", tally->problems, title, base, line);
      g_print ("   %s; %s%s%s\n", text, dr_genre_title (report->genre),
               report->group != NULL ? ", " : "", report->group != NULL ? report->group : "");
      for (guint i = 0; i < report->items->len; i++)
        {
          const DrCheckItem *item = g_ptr_array_index (report->items, i);

          g_print ("   %-8s %-9s %s\n", item->article, dr_check_status_label (item->status),
                   item->message);
        }
    }
  dr_stipulation_clear (&st);
}

int
dr_cli_compose_check (int    argc,
                      char **argv)
{
  g_autofree char *variant = NULL;
  g_autofree char *encoding = NULL;
  g_autofree char *egdb_dir = NULL;
  gboolean quiet = FALSE, static_only = FALSE;
  gint64 nodes = 200000;
  double seconds = 0;
  GOptionEntry entries[] = {
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Positions each solve may visit (default 200000; 0: no limit)"), N_("N") },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, N_("Seconds each solve may take (default: no limit)"), N_("S") },
    { "egdb-dir", 0, 0, G_OPTION_ARG_FILENAME, &egdb_dir, N_("Endgame tables from this folder (default: $XDG_DATA_HOME/draughtsman/egdb; \"\" for none)"), N_("DIR") },
    { "static", 0, 0, G_OPTION_ARG_NONE, &static_only, N_("Only the checks that need no solver"), NULL },
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Variant of games without a GameType tag"), N_("VARIANT") },
    { "encoding", 'e', 0, G_OPTION_ARG_STRING, &encoding, N_("Text encoding (default: UTF-8, else guessed)"), N_("ENCODING") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print only the summary line"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE.pdn"));
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autofree char *report = NULL;
  const DrRules *rules = NULL;
  Tally tally = { 0 };
  const DrRules *egdb_rules = NULL;
  g_autoptr (DrEgdb) egdb = NULL;

  g_option_context_set_summary (context, _("Check every composition (game with a FEN) of a PDN "
                                           "file against the formal requirements of the "
                                           "Draughts code of Russia, section VI."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli compose-check: %s\n", error->message);
      return 2;
    }
  if (argc != 2)
    {
      g_printerr (_("draughtsman-cli compose-check: expected one FILE argument\n"));
      return 2;
    }
  if (variant != NULL && (rules = dr_rules_from_name (variant)) == NULL)
    {
      g_printerr (_("draughtsman-cli compose-check: unknown variant “%s”\n"), variant);
      return 2;
    }
  reader = dr_pdn_reader_new_for_file (argv[1], encoding, rules, &error);
  if (reader == NULL)
    {
      g_printerr ("%s: %s\n", argv[1], error->message);
      return 2;
    }
  dr_pdn_reader_detect_variant (reader, &report);
  if (report != NULL && !quiet)
    g_printerr ("%s: %s\n", argv[1], report);

  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autoptr (GError) read_error = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &read_error);
      guint line, column;

      if (read == DR_PDN_READ_END)
        break;
      DrComposeLimits limits = { (guint64) MAX (nodes, 0), seconds, NULL, NULL };

      dr_pdn_reader_game_start (reader, &line, &column);
      /* The tables of the game's variant, opened once. */
      if (!static_only && game->rules != egdb_rules)
        {
          g_clear_pointer (&egdb, dr_egdb_free);
          egdb = dr_cli_egdb_for_search (game->rules, egdb_dir, "compose-check");
          egdb_rules = game->rules;
        }
      limits.egdb = egdb;
      check_game (argv[1], line, game, read, read_error, quiet,
                  static_only ? NULL : &limits, &tally);
    }

  g_print (_("%u problems, %u sound, %u with defects, %u failed, %u undecided\n"),
           tally.problems, tally.sound, tally.defects, tally.failed, tally.undecided);
  if (tally.bad_input)
    return 2;
  return tally.failed > 0 || tally.undecided > 0 ? 1 : 0;
}
