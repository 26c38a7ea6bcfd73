/* dr-cli.c — draughtsman-cli, the command-line face of the engine
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * draughtsman-cli COMMAND [OPTIONS] [ARGS]
 *
 * The output of every command is an interface (tests, scripts and the
 * benchmarks read it): change it only on purpose.
 */

#define G_LOG_DOMAIN "dr-cli"

#include "config.h"

#include "dr-bitboard.h"
#include "dr-cli-compose.h"
#include "dr-cli-book.h"
#include "dr-cli-db.h"
#ifdef DR_HAVE_DIAGRAM
#include "dr-cli-diagram.h"
#endif
#include "dr-cli-egdb.h"
#include "dr-cli-learn.h"
#include "dr-cli-solve.h"
#include "dr-cli-tactics.h"
#include "dr-cli-wide.h"
#include "dr-dxp.h"
#include "dr-fen.h"
#include "dr-hub.h"
#include "dr-match.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-opponent.h"
#include "dr-pdn.h"
#include "dr-perft.h"
#include "dr-search.h"
#include "dr-tune.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <stdlib.h>

/* Options shared by the position commands. */
typedef struct
{
  char *variant;
  char *fen;
  char *notation;
  char *format;
  gboolean paths;
} CliOptions;

typedef struct
{
  const DrRules *rules;
  DrPosition     pos;
  DrNotation     notation;
} CliPosition;

static void
cli_options_clear (CliOptions *o)
{
  g_free (o->variant);
  g_free (o->fen);
  g_free (o->notation);
  g_free (o->format);
}

static GString *
variant_names (void)
{
  GString *names = g_string_new (NULL);

  for (int v = 0; v < DR_N_VARIANTS; v++)
    g_string_append_printf (names, "%s%s", v ? ", " : "", dr_rules_get ((DrVariant) v)->name);
  /* Canadian is among them; its commands go to dr-cli-wide.c. */
  return names;
}

/* Parses the command's options; on failure prints one line and returns
 * FALSE. */
static gboolean
parse_options (const char   *command,
               const char   *args_help,
               const char   *summary,
               CliOptions   *o,
               gboolean      with_format,
               gboolean      with_paths,
               int          *argc,
               char       ***argv)
{
  GOptionEntry common[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &o->variant, N_("Rules to play by (default: international)"), N_("VARIANT") },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &o->fen, N_("Start from this position (PDN FEN)"), N_("FEN") },
    { "notation", 'n', 0, G_OPTION_ARG_STRING, &o->notation, N_("Squares as numeric or algebraic (default: the variant's own)"), N_("NOTATION") },
    { NULL }
  };
  GOptionEntry format[] = {
    { "format", 0, 0, G_OPTION_ARG_STRING, &o->format, N_("Moves as notation (default) or hub"), N_("FORMAT") },
    { NULL }
  };
  GOptionEntry paths[] = {
    { "paths", 0, 0, G_OPTION_ARG_NONE, &o->paths, N_("Count every capture route, not every distinct move"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) names = variant_names ();
  g_autofree char *description = g_strdup_printf (_("Variants: %s"), names->str);
  g_autofree char *parameter = g_strdup_printf ("%s %s", command, args_help);

  context = g_option_context_new (parameter);
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, common, GETTEXT_PACKAGE);
  if (with_format)
    g_option_context_add_main_entries (context, format, GETTEXT_PACKAGE);
  if (with_paths)
    g_option_context_add_main_entries (context, paths, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("draughtsman-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
resolve_position (const char  *command,
                  CliOptions  *o,
                  CliPosition *p)
{
  g_autoptr (GError) error = NULL;

  p->rules = dr_rules_from_name (o->variant ? o->variant : "international");
  if (p->rules == NULL)
    {
      g_autoptr (GString) names = variant_names ();
      g_printerr (_("draughtsman-cli %s: unknown variant “%s” (known: %s)\n"),
                  command, o->variant, names->str);
      return FALSE;
    }
  p->notation = p->rules->notation;
  if (o->notation != NULL)
    {
      if (g_str_equal (o->notation, "numeric"))
        p->notation = DR_NOTATION_NUMERIC;
      else if (g_str_equal (o->notation, "algebraic"))
        p->notation = DR_NOTATION_ALGEBRAIC;
      else
        {
          g_printerr (_("draughtsman-cli %s: --notation must be numeric or algebraic, not “%s”\n"),
                      command, o->notation);
          return FALSE;
        }
    }
  if (o->fen == NULL)
    dr_rules_initial (p->rules, &p->pos);
  else if (!dr_fen_parse (p->rules, o->fen, &p->pos, &error))
    {
      g_printerr ("draughtsman-cli %s: %s\n", command, error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_depth (const char *command,
             int         argc,
             char      **argv,
             int        *depth)
{
  guint64 value;
  g_autoptr (GError) error = NULL;

  if (argc != 2)
    {
      g_printerr (_("draughtsman-cli %s: expected one DEPTH argument (see --help)\n"), command);
      return FALSE;
    }
  if (!g_ascii_string_to_unsigned (argv[1], 10, 1, 64, &value, &error))
    {
      g_printerr (_("draughtsman-cli %s: DEPTH must be a number from 1 to 64, not “%s”\n"),
                  command, argv[1]);
      return FALSE;
    }
  *depth = (int) value;
  return TRUE;
}

/* The wide-board variants (Canadian) have their own path, dr-cli-wide.c:
 * runs @command there, after its checks of the arguments left, and clears
 * @o. */
static int
wide_command (const char *command,
              CliOptions *o,
              int         argc,
              char      **argv)
{
  DrCliWideOptions w = {
    .command = command, .variant = o->variant, .fen = o->fen,
    .notation = o->notation, .format = o->format, .paths = o->paths,
  };
  int status = EXIT_FAILURE;
  int depth;

  if (g_str_equal (command, "moves") || g_str_equal (command, "fen"))
    status = g_str_equal (command, "moves") ? dr_cli_wide_moves (&w) : dr_cli_wide_fen (&w);
  else if (parse_depth (command, argc, argv, &depth))
    status = g_str_equal (command, "perft") ? dr_cli_wide_perft (&w, depth)
                                            : dr_cli_wide_divide (&w, depth);
  cli_options_clear (o);
  return status;
}

static int
cmd_perft (int    argc,
           char **argv)
{
  CliOptions o = { 0 };
  CliPosition p;
  int depth;
  uint64_t nodes = 0;
  gint64 start;

  if (!parse_options ("perft", _("DEPTH"), _("Count the move sequences of each length up to DEPTH."),
                      &o, FALSE, TRUE, &argc, &argv))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (dr_cli_wide_size (o.variant) != 0)
    return wide_command ("perft", &o, argc, argv);
  if (!resolve_position ("perft", &o, &p) || !parse_depth ("perft", argc, argv, &depth))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  start = g_get_monotonic_time ();
  for (int d = 1; d <= depth; d++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double seconds;

      nodes = dr_perft (p.rules, &p.pos, d, o.paths ? DR_DUPLICATES_KEEP : DR_DUPLICATES_DROP);
      seconds = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
      g_print ("perft %d %" G_GUINT64_FORMAT "\n", d, nodes);
      g_printerr ("  depth %d: %.3f s, %.1f M nodes/s\n", d, seconds,
                  seconds > 0 ? (double) nodes / seconds / 1e6 : 0.0);
    }
  g_print ("Nodes searched: %" G_GUINT64_FORMAT "\n", nodes);
  g_printerr ("Total time (ms): %" G_GINT64_FORMAT "\n", (g_get_monotonic_time () - start) / 1000);
  cli_options_clear (&o);
  return EXIT_SUCCESS;
}

static int
cmd_divide (int    argc,
            char **argv)
{
  CliOptions o = { 0 };
  CliPosition p;
  int depth;
  uint64_t total = 0;
  g_autofree DrMoveList *list = g_new (DrMoveList, 1);

  if (!parse_options ("divide", _("DEPTH"), _("Count the move sequences of length DEPTH after each legal move."),
                      &o, FALSE, TRUE, &argc, &argv))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (dr_cli_wide_size (o.variant) != 0)
    return wide_command ("divide", &o, argc, argv);
  if (!resolve_position ("divide", &o, &p) || !parse_depth ("divide", argc, argv, &depth))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  list->all_paths = o.paths;
  dr_movegen_legal (p.rules, &p.pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;
      g_autofree char *text = dr_move_to_text (p.rules, list, &list->moves[i], p.notation);
      uint64_t nodes;

      dr_position_apply (&child, &p.pos, &list->moves[i]);
      nodes = dr_perft (p.rules, &child, depth - 1, o.paths ? DR_DUPLICATES_KEEP : DR_DUPLICATES_DROP);
      total += nodes;
      g_print ("%s: %" G_GUINT64_FORMAT "\n", text, nodes);
    }
  g_print ("\nNodes searched: %" G_GUINT64_FORMAT "\n", total);
  cli_options_clear (&o);
  return EXIT_SUCCESS;
}

static int
cmd_moves (int    argc,
           char **argv)
{
  CliOptions o = { 0 };
  CliPosition p;
  gboolean hub = FALSE;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);

  if (!parse_options ("moves", "", _("List the legal moves."), &o, TRUE, FALSE, &argc, &argv))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (argc != 1)
    {
      g_printerr (_("draughtsman-cli moves: unexpected argument “%s”\n"), argv[1]);
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (dr_cli_wide_size (o.variant) != 0)
    return wide_command ("moves", &o, argc, argv);
  if (!resolve_position ("moves", &o, &p))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (o.format != NULL)
    {
      if (g_str_equal (o.format, "hub"))
        hub = TRUE;
      else if (!g_str_equal (o.format, "notation"))
        {
          g_printerr (_("draughtsman-cli moves: --format must be notation or hub, not “%s”\n"),
                      o.format);
          cli_options_clear (&o);
          return EXIT_FAILURE;
        }
    }
  dr_movegen_legal (p.rules, &p.pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      g_autofree char *text = hub ? dr_move_to_hub (p.rules, &list->moves[i])
                                  : dr_move_to_text (p.rules, list, &list->moves[i], p.notation);
      g_print ("%s\n", text);
    }
  cli_options_clear (&o);
  return EXIT_SUCCESS;
}

static int
cmd_fen (int    argc,
         char **argv)
{
  CliOptions o = { 0 };
  CliPosition p;
  g_autofree char *text = NULL;

  if (!parse_options ("fen", _("FEN"), _("Check a position and print it in normal form."),
                      &o, FALSE, FALSE, &argc, &argv))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (argc != 2)
    {
      g_printerr (_("draughtsman-cli fen: expected one FEN argument (see --help)\n"));
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (o.fen != NULL)
    {
      g_printerr (_("draughtsman-cli fen: the position is the argument, not --fen\n"));
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  o.fen = g_strdup (argv[1]);
  if (dr_cli_wide_size (o.variant) != 0)
    return wide_command ("fen", &o, argc, argv);
  if (!resolve_position ("fen", &o, &p))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  text = dr_fen_write (p.rules, &p.pos, p.notation);
  g_print ("%s\n", text);
  cli_options_clear (&o);
  return EXIT_SUCCESS;
}

/* For a file whose games name no variant: chooses one for them all
 * (dr_pdn_reader_detect_variant()) and says which on standard error, so
 * that standard output keeps its form (the problems and the totals of
 * pdn-check, the games of pdn-convert). */
static void
report_variant (DrPdnReader *reader,
                const char  *path,
                gboolean     quiet)
{
  g_autofree char *report = NULL;

  dr_pdn_reader_detect_variant (reader, &report);
  if (report != NULL && !quiet)
    g_printerr ("%s: %s\n", path, report);
}

static int
cmd_pdn_check (int    argc,
               char **argv)
{
  g_autofree char *variant = NULL;
  g_autofree char *encoding = NULL;
  gboolean quiet = FALSE;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Variant of games without a GameType tag"), N_("VARIANT") },
    { "encoding", 'e', 0, G_OPTION_ARG_STRING, &encoding, N_("Text encoding (default: UTF-8, else guessed)"), N_("ENCODING") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print only the totals"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE..."));
  g_autoptr (GError) error = NULL;
  const DrRules *rules = NULL;
  guint64 games = 0, moves = 0, errors = 0;

  g_option_context_set_summary (context, _("Read every game of PDN files, replay every move of every "
                                           "variation, and report each problem as FILE:LINE:COLUMN."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli pdn-check: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if (argc < 2)
    {
      g_printerr (_("draughtsman-cli pdn-check: expected one or more FILE arguments\n"));
      return EXIT_FAILURE;
    }
  if (dr_cli_wide_size (variant) != 0)
    return dr_cli_wide_pdn_check (variant, encoding, quiet, argc - 1, argv + 1);
  if (variant != NULL && (rules = dr_rules_from_name (variant)) == NULL)
    {
      g_printerr (_("draughtsman-cli pdn-check: unknown variant “%s”\n"), variant);
      return EXIT_FAILURE;
    }
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (argv[i], encoding, rules, &error);

      if (reader == NULL)
        {
          g_print ("%s: %s\n", argv[i], error->message);
          g_clear_error (&error);
          errors++;
          continue;
        }
      report_variant (reader, argv[i], quiet);
      for (;;)
        {
          g_autoptr (DrGame) game = NULL;
          DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);

          if (read == DR_PDN_READ_END)
            break;
          games++;
          moves += dr_game_count_moves (game);
          if (read == DR_PDN_READ_PARTIAL)
            {
              errors++;
              if (!quiet)
                g_print ("%s\n", error->message);
              g_clear_error (&error);
            }
        }
    }
  g_print ("games: %" G_GUINT64_FORMAT ", moves: %" G_GUINT64_FORMAT ", errors: %" G_GUINT64_FORMAT "\n",
           games, moves, errors);
  return errors > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

static int
cmd_pdn_convert (int    argc,
                 char **argv)
{
  g_autofree char *variant = NULL;
  g_autofree char *encoding = NULL;
  g_autofree char *notation_name = NULL;
  g_autofree char *output = NULL;
  gboolean classify = FALSE;
  gpointer book = NULL;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Variant of games without a GameType tag"), N_("VARIANT") },
    { "classify", 0, 0, G_OPTION_ARG_NONE, &classify, N_("Write each game's opening in an Opening tag"), NULL },
    { "encoding", 'e', 0, G_OPTION_ARG_STRING, &encoding, N_("Text encoding (default: UTF-8, else guessed)"), N_("ENCODING") },
    { "notation", 'n', 0, G_OPTION_ARG_STRING, &notation_name, N_("Squares as numeric or algebraic (default: each variant's own)"), N_("NOTATION") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the games to this file, whole or not at all (default: standard output)"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GString) text_out = NULL;
  const DrRules *rules = NULL;
  int notation = -1;
  guint errors = 0;
  gboolean first = TRUE;

  g_option_context_set_summary (context, _("Write the games of a PDN file as strict PDN 3.0 on "
                                           "standard output or in the --output file; problems go "
                                           "to standard error."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli pdn-convert: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if (argc != 2)
    {
      g_printerr (_("draughtsman-cli pdn-convert: expected one FILE argument\n"));
      return EXIT_FAILURE;
    }
  if (variant != NULL && (rules = dr_rules_from_name (variant)) == NULL)
    {
      g_printerr (_("draughtsman-cli pdn-convert: unknown variant “%s”\n"), variant);
      return EXIT_FAILURE;
    }
  if (notation_name != NULL)
    {
      if (g_str_equal (notation_name, "numeric"))
        notation = DR_NOTATION_NUMERIC;
      else if (g_str_equal (notation_name, "algebraic"))
        notation = DR_NOTATION_ALGEBRAIC;
      else
        {
          g_printerr (_("draughtsman-cli pdn-convert: --notation must be numeric or algebraic, not “%s”\n"),
                      notation_name);
          return EXIT_FAILURE;
        }
    }
  reader = dr_pdn_reader_new_for_file (argv[1], encoding, rules, &error);
  if (reader == NULL)
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }
  report_variant (reader, argv[1], FALSE);
  /* The --output file is written once all of it is known, through a
   * temporary file beside it renamed over it: whatever stops the command
   * (an error, a kill), the file is the old one or the whole new one. */
  if (output != NULL)
    text_out = g_string_new (NULL);
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autofree char *text = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);

      if (read == DR_PDN_READ_END)
        break;
      if (read == DR_PDN_READ_PARTIAL)
        {
          /* Written all the same: what could not be read goes with it
           * unchanged, in [%unread] comments. */
          g_printerr ("%s\n", error->message);
          g_clear_error (&error);
          errors++;
        }
      if (classify && !dr_cli_db_classify (game, &book))
        return EXIT_FAILURE;
      text = dr_pdn_write_game (game, notation >= 0 ? (DrNotation) notation : game->rules->notation);
      if (text_out != NULL)
        g_string_append_printf (text_out, "%s%s", first ? "" : "\n", text);
      else
        g_print ("%s%s", first ? "" : "\n", text);
      first = FALSE;
    }
  dr_cli_db_classify_done (book);
  if (text_out != NULL
      && !g_file_set_contents_full (output, text_out->str, (gssize) text_out->len,
                                    G_FILE_SET_CONTENTS_CONSISTENT, 0666, &error))
    {
      g_printerr (_("draughtsman-cli pdn-convert: %s not written (left as it was): %s\n"), output,
                  error->message);
      return EXIT_FAILURE;
    }
  return errors > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* The level called @id into @level; FALSE, with a message naming the
 * levels, if there is none. */
static gboolean
parse_level (const char *command,
             const char *id,
             int        *level)
{
  g_autoptr (GString) ids = g_string_new (NULL);

  *level = dr_opponent_level_from_id (id);
  if (*level > 0)
    return TRUE;
  for (int i = 1; i <= dr_opponent_n_levels (); i++)
    g_string_append_printf (ids, "%s%s", i > 1 ? ", " : "", dr_opponent_level (i)->id);
  g_printerr (_("draughtsman-cli %s: unknown level “%s” (known: %s)\n"), command, id, ids->str);
  return FALSE;
}

/* analyse ------------------------------------------------------------- */

typedef struct
{
  const DrRules *rules;
  DrNotation     notation;
  DrPosition     root;
} AnalyseContext;

static char *
line_text (const DrRules    *rules,
           const DrPosition *root,
           const DrMove     *pv,
           int               n,
           DrNotation        notation)
{
  GString *out = g_string_new (NULL);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrPosition pos = *root;

  for (int i = 0; i < n; i++)
    {
      g_autofree char *text = NULL;

      dr_movegen_legal (rules, &pos, legal);
      text = dr_move_to_text (rules, legal, &pv[i], notation);
      g_string_append_printf (out, "%s%s", i ? " " : "", text);
      dr_position_apply (&pos, &pos, &pv[i]);
    }
  return g_string_free (out, FALSE);
}

static void
analyse_info_cb (const DrSearchInfo *info,
                 void               *user_data)
{
  AnalyseContext *ctx = user_data;
  g_autofree char *pv = line_text (ctx->rules, &ctx->root, info->pv, info->pv_length, ctx->notation);
  char score[32];

  g_print ("info depth %d seldepth %d multipv %d score %s%s nodes %" G_GUINT64_FORMAT
           " nps %" G_GUINT64_FORMAT " time %" G_GUINT64_FORMAT " pv %s\n",
           info->depth, info->seldepth, info->multipv, dr_score_to_string (info->score, score),
           info->db ? " (db)" : "",
           info->nodes, info->time_ms > 0 ? info->nodes * 1000 / info->time_ms : info->nodes,
           info->time_ms, pv);
}

static int
cmd_analyse (int    argc,
             char **argv)
{
  CliOptions o = { 0 };
  CliPosition p;
  int depth = 0, multipv = 1, hash = 64, threads = 1, level = dr_opponent_n_levels ();
  gint64 nodes = 0, movetime = 0, seed = 0;
  g_autofree char *weights_path = NULL, *egdb_dir = NULL, *level_id = NULL, *patterns_option = NULL;
  g_autofree char *probcut_name = NULL;
  DrProbCut probcut = DR_PROBCUT_OFF;
  g_autoptr (DrEgdb) egdb = NULL;
  g_autoptr (DrPatterns) patterns = NULL;
  gboolean patterns_ok;
  DrEvalWeights weights;
  GOptionEntry limits[] = {
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Search to this depth"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Search this many nodes"), N_("N") },
    { "movetime", 't', 0, G_OPTION_ARG_INT64, &movetime, N_("Search this many milliseconds"), N_("MS") },
    { "multipv", 'm', 0, G_OPTION_ARG_INT, &multipv, N_("Report the best K moves"), N_("K") },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash, N_("Transposition table size in MiB (default 64)"), N_("MB") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Search threads (Lazy SMP, default 1; --nodes counts the first thread's)"), N_("N") },
    { "weights", 'w', 0, G_OPTION_ARG_FILENAME, &weights_path, N_("Evaluation weights from this file (see tune)"), N_("FILE") },
    { "patterns", 0, 0, G_OPTION_ARG_FILENAME, &patterns_option, N_("Pattern weights from this file (see tune --patterns), or “none” (default: those that ship)"), N_("FILE") },
    { "egdb-dir", 0, 0, G_OPTION_ARG_FILENAME, &egdb_dir, N_("Endgame tables from this folder (default: $XDG_DATA_HOME/draughtsman/egdb; \"\" for none)"), N_("DIR") },
    { "level", 'l', 0, G_OPTION_ARG_STRING, &level_id, N_("Choose the move as the opponent of this strength does (default: full; see hub --help)"), N_("LEVEL") },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Seed of a level's choice (default 0, mixed with the position)"), N_("N") },
    { "probcut", 0, 0, G_OPTION_ARG_STRING, &probcut_name, N_("ProbCut: off, plain or guarded (default: as the engine plays the variant, see hub --help)"), N_("MODE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  GOptionEntry common[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &o.variant, N_("Rules to play by (default: international)"), N_("VARIANT") },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &o.fen, N_("Start from this position (PDN FEN)"), N_("FEN") },
    { "notation", 'n', 0, G_OPTION_ARG_STRING, &o.notation, N_("Squares as numeric or algebraic"), N_("NOTATION") },
    { NULL }
  };
  AnalyseContext ctx;
  DrSearchLimits lim = { 0 };
  DrSearchResult result;
  DrSearch *search;
  int status = EXIT_SUCCESS;
  bool found;

  g_option_context_set_summary (context, _("Search a position and print each iteration, then the best move."));
  g_option_context_add_main_entries (context, common, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, limits, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli analyse: %s\n", error->message);
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (argc != 1 || depth < 0 || nodes < 0 || movetime < 0 || multipv < 1 || multipv > DR_SEARCH_MAX_PV
      || hash < 1 || hash > 4096 || threads < 1 || threads > DR_SEARCH_MAX_THREADS
      || seed < 0 || seed > G_MAXUINT32)
    {
      g_printerr (_("draughtsman-cli analyse: bad arguments (see --help)\n"));
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (dr_cli_wide_size (o.variant) != 0)
    {
      DrCliWideOptions w = { .command = "analyse", .variant = o.variant, .fen = o.fen,
                             .notation = o.notation };

      if (multipv != 1 || threads != 1 || weights_path != NULL || patterns_option != NULL || probcut_name != NULL
          || egdb_dir != NULL || level_id != NULL || seed != 0)
        {
          g_printerr (_("draughtsman-cli analyse: --variant %s takes only --fen, --notation, "
                        "--depth, --nodes, --movetime and --hash\n"), o.variant);
          status = EXIT_FAILURE;
        }
      else
        status = dr_cli_wide_analyse (&w, depth, nodes, movetime, hash);
      cli_options_clear (&o);
      return status;
    }
  if (probcut_name != NULL && !dr_probcut_from_name (probcut_name, &probcut))
    {
      g_printerr (_("draughtsman-cli analyse: --probcut must be off, plain or guarded, not “%s”\n"), probcut_name);
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (level_id != NULL && !parse_level ("analyse", level_id, &level))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (!resolve_position ("analyse", &o, &p))
    {
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (depth == 0 && nodes == 0 && movetime == 0)
    depth = 12;
  ctx.rules = p.rules;
  ctx.notation = p.notation;
  ctx.root = p.pos;
  lim.max_depth = depth;
  lim.max_nodes = (uint64_t) nodes;
  lim.max_time_ms = (uint64_t) movetime;
  lim.multipv = multipv;
  lim.info_func = analyse_info_cb;
  lim.user_data = &ctx;
  search = dr_search_new (p.rules, (size_t) hash);
  if (search == NULL || !dr_search_set_threads (search, threads))
    {
      g_printerr (_("draughtsman-cli analyse: not enough memory for the table and %d threads\n"), threads);
      dr_search_free (search);
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  dr_search_set_probcut (search, probcut_name != NULL ? probcut : dr_probcut_for_play (p.rules));
  egdb = dr_cli_egdb_for_search (p.rules, egdb_dir, "analyse");
  dr_search_set_egdb (search, egdb);
  patterns = dr_cli_patterns_for_search (search, patterns_option, "analyse", &patterns_ok);
  if (!patterns_ok)
    {
      dr_search_free (search);
      cli_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (weights_path != NULL)
    {
      weights = *dr_eval_default_weights (p.rules);
      if (!dr_eval_weights_load (weights_path, &weights, &error))
        {
          g_printerr ("draughtsman-cli analyse: %s\n", error->message);
          dr_search_free (search);
          cli_options_clear (&o);
          return EXIT_FAILURE;
        }
      dr_search_set_weights (search, &weights);
    }
  if (level < dr_opponent_n_levels ())
    {
      /* The level's lines, side by side; threads would add nodes to its
       * limit (dr-opponent.h). */
      DrMove chosen;

      if (threads > 1)
        g_printerr (_("draughtsman-cli analyse: a level below full strength searches on one thread\n"));
      dr_search_set_threads (search, 1);
      found = dr_opponent_choose_at (search, &p.pos, dr_opponent_level (level), &lim,
                                     dr_opponent_seed ((uint32_t) seed, &p.pos), &chosen, &result);
    }
  else
    found = dr_search_run (search, &p.pos, &lim, &result);
  if (!found)
    {
      g_print ("bestmove (none)\n");
      status = EXIT_FAILURE;
    }
  else
    {
      g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
      g_autofree char *best = NULL;

      dr_movegen_legal (p.rules, &p.pos, legal);
      best = dr_move_to_text (p.rules, legal, &result.best, p.notation);
      g_print ("bestmove %s\n", best);
    }
  dr_search_free (search);
  cli_options_clear (&o);
  return status;
}

/* bench ---------------------------------------------------------------- */

/* Fixed positions per variant: the starts, and middle games and endgames
 * from the reference positions of the perft tests and the rule texts. */
static const struct
{
  const char *variant;
  const char *fen;
} bench_positions[] = {
  { "international", NULL },
  { "international", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38" },
  { "international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46" },
  { "international", "W:W6,7,8,9,10:B41,42,43,44,45" },
  { "russian", NULL },
  { "russian", "B:Wa1,a3,b2,b4,d2,d4,e3,f2,f4:Ba5,c5,c7,e7,g7" },
  { "english", NULL },
  { "english", "B:W14,15,23,K32:B10,11,K1" },
  { "brazilian", NULL },
  { "italian", NULL },
  { "frisian", NULL },
};

static int
cmd_bench (int    argc,
           char **argv)
{
  int depth = 9;
  g_autofree char *variant = NULL, *patterns_option = NULL;
  GOptionEntry entries[] = {
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Search depth (default 9)"), N_("N") },
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Only this variant's positions (default: all)"), N_("VARIANT") },
    { "patterns", 0, 0, G_OPTION_ARG_FILENAME, &patterns_option, N_("With --variant: pattern weights from this file, or “none” (default: those that ship)"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  guint64 total = 0, total_ms = 0;

  g_option_context_set_summary (context, _("Search fixed positions to a fixed depth: the node count is the "
                                           "search's signature, nodes per second its speed."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 1 || depth < 1 || depth > 40
      || (patterns_option != NULL && variant == NULL))
    {
      g_printerr ("draughtsman-cli bench: %s\n", error ? error->message : _("bad arguments (see --help)"));
      return EXIT_FAILURE;
    }
  if (variant != NULL && dr_rules_from_name (variant) == NULL)
    {
      g_printerr (_("draughtsman-cli bench: unknown variant “%s”\n"), variant);
      return EXIT_FAILURE;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (bench_positions); i++)
    {
      const DrRules *rules = dr_rules_from_name (bench_positions[i].variant);
      DrSearch *search;
      DrSearchLimits lim = { .max_depth = depth, .multipv = 1 };
      DrSearchResult result;
      DrPosition pos;
      char score[32];
      g_autoptr (DrPatterns) patterns = NULL;
      gboolean patterns_ok;

      if (variant != NULL && rules != dr_rules_from_name (variant))
        continue;
      search = dr_search_new (rules, 16);
      patterns = dr_cli_patterns_for_search (search, patterns_option, "bench", &patterns_ok);
      if (!patterns_ok)
        {
          dr_search_free (search);
          return EXIT_FAILURE;
        }

      if (bench_positions[i].fen == NULL)
        dr_rules_initial (rules, &pos);
      else if (!dr_fen_parse (rules, bench_positions[i].fen, &pos, &error))
        g_error ("bench position %" G_GSIZE_FORMAT ": %s", i, error->message);
      dr_search_run (search, &pos, &lim, &result);
      total += result.nodes;
      total_ms += result.time_ms;
      g_printerr ("[#%2" G_GSIZE_FORMAT "] %-14s score %-10s nodes %10" G_GUINT64_FORMAT " nps %" G_GUINT64_FORMAT "\n",
                  i + 1, rules->name, dr_score_to_string (result.score, score), result.nodes,
                  result.time_ms > 0 ? result.nodes * 1000 / result.time_ms : result.nodes);
      dr_search_free (search);
    }
  g_print ("Total time (ms) : %" G_GUINT64_FORMAT "\n", total_ms);
  g_print ("Nodes searched: %" G_GUINT64_FORMAT "\n", total);
  g_print ("Nodes/second: %" G_GUINT64_FORMAT "\n", total_ms > 0 ? total * 1000 / total_ms : total);
  return EXIT_SUCCESS;
}

static int
cmd_hub (int    argc,
         char **argv)
{
  g_autofree char *weights_path = NULL, *level_id = NULL, *patterns_option = NULL, *book_option = NULL;
  g_autofree char *probcut_name = NULL;
  DrProbCut probcut = DR_PROBCUT_OFF;
  int threads = 1, hash_mb = 64;
  GOptionEntry entries[] = {
    { "probcut", 0, 0, G_OPTION_ARG_STRING, &probcut_name, N_("ProbCut: off, plain, or guarded (not in sacrifice lines); default: as the engine plays each variant (guarded in International, off elsewhere)"), N_("MODE") },
    { "weights", 'w', 0, G_OPTION_ARG_FILENAME, &weights_path, N_("Evaluation weights from this file (see tune)"), N_("FILE") },
    { "patterns", 0, 0, G_OPTION_ARG_FILENAME, &patterns_option, N_("Pattern weights from this file (see tune --patterns), or “none” (default: those that ship)"), N_("FILE") },
    { "book", 0, 0, G_OPTION_ARG_FILENAME, &book_option, N_("Opening book from this file (see book build), or “none” (default: the one that ships; the interface may set the parameter “book” to false)"), N_("FILE") },
    { "level", 'l', 0, G_OPTION_ARG_STRING, &level_id, N_("Play at this strength (default: full; the interface may set the parameter “level”)"), N_("LEVEL") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Search threads until the interface sets the parameter “threads” (default 1)"), N_("N") },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash_mb, N_("Table size in MiB until the interface sets the parameter “hash” (default 64)"), N_("MB") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) levels = g_string_new (_("Levels, weakest first: nodes per move, noise in men, lines chosen among, "
                                                "Elo against full strength at 0.1 s a move (measured by match):"));
  DrEvalWeights weights = { 0 };
  int level = dr_opponent_n_levels ();

  for (int i = 1; i <= dr_opponent_n_levels (); i++)
    {
      const DrOpponentLevel *l = dr_opponent_level (i);

      if (l->max_nodes > 0)
        g_string_append_printf (levels, "\n  %-9s %-14s %7" G_GUINT64_FORMAT "  %.2f  %d  %+5d", l->id, _(l->name),
                                (guint64) l->max_nodes, l->noise / 100.0, l->lines, dr_opponent_level_elo (i));
      else
        g_string_append_printf (levels, "\n  %-9s %-14s %s", l->id, _(l->name), _("the interface's time, no noise"));
    }
  g_option_context_set_summary (context, _("Be a Hub protocol 2 engine on standard input and output."));
  g_option_context_set_description (context, levels->str);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 1)
    {
      g_printerr ("draughtsman-cli hub: %s\n", error ? error->message : _("no arguments; the protocol runs on standard input and output"));
      return EXIT_FAILURE;
    }
  if (level_id != NULL && !parse_level ("hub", level_id, &level))
    return EXIT_FAILURE;
  if (probcut_name != NULL && !dr_probcut_from_name (probcut_name, &probcut))
    {
      g_printerr (_("draughtsman-cli hub: --probcut must be off, plain or guarded, not “%s”\n"), probcut_name);
      return EXIT_FAILURE;
    }
  /* Read once here so that a bad file stops the engine at once; the hub
   * reads it again over the defaults of the variant the interface sets. */
  if (weights_path != NULL && !dr_eval_weights_load (weights_path, &weights, &error))
    {
      g_printerr ("draughtsman-cli hub: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if (patterns_option != NULL && g_strcmp0 (patterns_option, "none") != 0
      && !g_file_test (patterns_option, G_FILE_TEST_IS_REGULAR))
    {
      g_printerr (_("draughtsman-cli hub: no pattern weights file “%s”\n"), patterns_option);
      return EXIT_FAILURE;
    }
  if (book_option != NULL && g_strcmp0 (book_option, "none") != 0
      && !g_file_test (book_option, G_FILE_TEST_IS_REGULAR))
    {
      g_printerr (_("draughtsman-cli hub: no opening book file “%s”\n"), book_option);
      return EXIT_FAILURE;
    }
  if (threads < 1 || threads > DR_SEARCH_MAX_THREADS)
    {
      g_printerr (_("draughtsman-cli hub: --threads must be 1 to %d, not %d\n"), DR_SEARCH_MAX_THREADS, threads);
      return EXIT_FAILURE;
    }
  if (hash_mb < 1 || hash_mb > DR_HUB_MAX_HASH_MB)
    {
      g_printerr (_("draughtsman-cli hub: --hash must be 1 to %d MiB, not %d\n"), DR_HUB_MAX_HASH_MB, hash_mb);
      return EXIT_FAILURE;
    }
  return dr_hub_run (stdin, stdout,
                     &(DrHubOptions) { .weights_path = weights_path, .patterns_option = patterns_option,
                                       .book_option = book_option,
                                       .level = level, .threads = threads, .hash_mb = hash_mb,
                                       .probcut_set = probcut_name != NULL, .probcut = probcut });
}

static int
cmd_tune (int    argc,
          char **argv)
{
  g_autofree char *variant = NULL, *start_path = NULL, *output = NULL, *shape_name = NULL;
  DrPatternsShape shape = DR_PATTERNS_SHAPE_4X4;
  int iterations = 2000;
  double lambda = 0.001;
  gboolean c_format = FALSE, early_stop = TRUE, fit_patterns = FALSE, global = FALSE;
  int epochs = 150;
  double rate = 2.0, decay = 0.05, empty_decay = -1, result_share = 0.0;
  g_autofree char *prior_path = NULL;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Variant whose games to use (default: international)"), N_("VARIANT") },
    { "patterns", 'p', 0, G_OPTION_ARG_NONE, &fit_patterns, N_("Fit the pattern weights on selfplay files instead (binary, --output needed)"), NULL },
    { "epochs", 0, 0, G_OPTION_ARG_INT, &epochs, N_("With --patterns: optimiser steps (default 150)"), N_("N") },
    { "rate", 0, 0, G_OPTION_ARG_DOUBLE, &rate, N_("With --patterns: Adam's step in hundredths of a man (default 2)"), N_("R") },
    { "decay", 0, 0, G_OPTION_ARG_DOUBLE, &decay, N_("With --patterns: weight decay a step, as a share of the step (default 0.05)"), N_("D") },
    { "empty-decay", 0, 0, G_OPTION_ARG_DOUBLE, &empty_decay, N_("With --patterns: the empty-board weights' decay (default: --decay)"), N_("D") },
    { "prior", 0, 0, G_OPTION_ARG_FILENAME, &prior_path, N_("With --patterns: start from these pattern weights, the decay pulling towards them instead of 0 (refine an earlier fit)"), N_("FILE.drp") },
    { "result-share", 0, 0, G_OPTION_ARG_DOUBLE, &result_share, N_("With --patterns: share of the game's result in the target, the rest the search's score (default 0: the search's score alone)"), N_("S") },
    { "shape", 0, 0, G_OPTION_ARG_STRING, &shape_name, N_("With --patterns: the windows, 4x4 (default, 8 squares), 6x4 or 4x6 (ranks x files, 12 squares, 10x10 boards)"), N_("SHAPE") },
    { "global", 0, 0, G_OPTION_ARG_NONE, &global, N_("With --patterns: fit the global terms (kings, mobility, tempo ...) with the patterns (default: the patterns alone, the global terms at 0)"), NULL },
    { "weights", 'w', 0, G_OPTION_ARG_FILENAME, &start_path, N_("Start from these weights (default: the variant's own)"), N_("FILE") },
    { "iterations", 'i', 0, G_OPTION_ARG_INT, &iterations, N_("Optimiser steps (default 2000)"), N_("N") },
    { "lambda", 'l', 0, G_OPTION_ARG_DOUBLE, &lambda, N_("Weight of the pull towards the starting weights (default 0.001)"), N_("L") },
    { "all-steps", 0, G_OPTION_FLAG_REVERSE, G_OPTION_ARG_NONE, &early_stop, N_("Keep the last step's weights, not those that predict the games kept apart best"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the weights to this file (default: standard output)"), N_("FILE") },
    { "c", 0, 0, G_OPTION_ARG_NONE, &c_format, N_("Write the weights as a C initialiser for dr-eval.c"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE..."));
  g_autoptr (GError) error = NULL;
  g_autoptr (DrTuneSet) set = NULL;
  g_autofree char *text = NULL, *comment = NULL;
  const DrRules *rules;
  DrEvalWeights start, tuned;
  guint n_games = 0, n_broken = 0;
  double k, start_train, start_valid, tuned_train, tuned_valid;

  g_option_context_set_summary (context, _("Fit the evaluation's weights on the positions of games with a known "
                                           "result (Texel's method): every tenth game is kept apart to check "
                                           "the fit on games it was not fitted on."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc < 2 || iterations < 0 || lambda < 0)
    {
      g_printerr ("draughtsman-cli tune: %s\n", error ? error->message : _("bad arguments (see --help)"));
      return EXIT_FAILURE;
    }
  rules = dr_rules_from_name (variant != NULL ? variant : "international");
  if (rules == NULL)
    {
      g_printerr (_("draughtsman-cli tune: unknown variant “%s”\n"), variant);
      return EXIT_FAILURE;
    }
  if (fit_patterns)
    {
      DrPatternFitOptions options = { .epochs = epochs, .rate = rate, .decay = decay,
                                      .empty_decay = empty_decay < 0 ? decay : empty_decay,
                                      .result_share = result_share, .global_terms = global };

      if (epochs < 1 || rate <= 0 || decay < 0 || result_share < 0 || result_share > 1
          || (empty_decay < 0 && empty_decay != -1))
        {
          g_printerr (_("draughtsman-cli tune: bad arguments (see --help)\n"));
          return EXIT_FAILURE;
        }
      if (shape_name != NULL && !dr_patterns_shape_from_name (shape_name, &shape))
        {
          g_printerr (_("draughtsman-cli tune: unknown window shape “%s” (4x4, 6x4 or 4x6)\n"), shape_name);
          return EXIT_FAILURE;
        }
      return dr_cli_tune_patterns (rules, shape, argv + 1, argc - 1, &options, prior_path, output);
    }
  start = *dr_eval_default_weights (rules);
  if (start_path != NULL && !dr_eval_weights_load (start_path, &start, &error))
    {
      g_printerr ("draughtsman-cli tune: %s\n", error->message);
      return EXIT_FAILURE;
    }
  set = dr_tune_set_new (rules);
  for (int i = 1; i < argc; i++)
    if (!dr_tune_set_add_file (set, argv[i], &n_games, &n_broken, &error))
      {
        g_printerr ("draughtsman-cli tune: %s\n", error->message);
        return EXIT_FAILURE;
      }
  if (dr_tune_set_size (set, FALSE) == 0)
    {
      g_printerr (_("draughtsman-cli tune: no quiet position from a game of %s with a result\n"), rules->name);
      return EXIT_FAILURE;
    }
  g_printerr (_("games: %u (%u unreadable), positions: %u training, %u validation\n"),
              n_games, n_broken, dr_tune_set_size (set, FALSE), dr_tune_set_size (set, TRUE));
  k = dr_tune_fit_k (set, &start);
  start_train = dr_tune_error (set, &start, k, FALSE);
  start_valid = dr_tune_error (set, &start, k, TRUE);
  tuned = start;
  tuned_train = dr_tune_fit (set, &tuned, k, iterations, lambda, early_stop);
  tuned_valid = dr_tune_error (set, &tuned, k, TRUE);
  g_printerr ("K: %.4f\n", k);
  g_printerr (_("error before: %.6f training, %.6f validation\n"), start_train, start_valid);
  g_printerr (_("error after:  %.6f training, %.6f validation\n"), tuned_train, tuned_valid);

  comment = g_strdup_printf ("draughtsman-cli tune --variant %s --lambda %g%s, %u games, %u + %u positions, K %.4f\n"
                             "error before %.6f / %.6f, after %.6f / %.6f (training / validation)",
                             rules->name, lambda, early_stop ? "" : " --all-steps", n_games, dr_tune_set_size (set, FALSE), dr_tune_set_size (set, TRUE),
                             k, start_train, start_valid, tuned_train, tuned_valid);
  text = c_format ? dr_eval_weights_to_c (&tuned) : dr_eval_weights_to_data (&tuned, comment);
  if (output == NULL)
    g_print ("%s", text);
  else if (!g_file_set_contents (output, text, -1, &error))
    {
      g_printerr ("draughtsman-cli tune: %s\n", error->message);
      return EXIT_FAILURE;
    }
  return EXIT_SUCCESS;
}

typedef struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} CliCommand;

static const CliCommand commands[] = {
  { "perft", cmd_perft, N_("count move sequences to a depth (move generator test)") },
  { "divide", cmd_divide, N_("perft split by first move") },
  { "moves", cmd_moves, N_("list the legal moves of a position") },
  { "fen", cmd_fen, N_("check and normalise a FEN position") },
  { "bench", cmd_bench, N_("search fixed positions: signature node count and speed") },
  { "analyse", cmd_analyse, N_("search a position: evaluation, depth, best lines") },
  { "hub", cmd_hub, N_("be an engine for Hub protocol 2 graphical interfaces") },
  { "dxp", dr_dxp_command, N_("play International draughts over DXP (DamExchange)") },
  { "match", dr_match_command, N_("play two engines (Hub or DXP) against each other from openings") },
  { "egdb", dr_cli_egdb, N_("endgame tables: build, probe, verify, info, plan") },
  { "tune", cmd_tune, N_("fit the evaluation's weights on games with a result") },
  { "selfplay", dr_cli_selfplay, N_("play the engine against itself: training positions for tune") },
  { "book", dr_cli_book, N_("opening books: build from games and the search, show a position's moves") },
  { "solve", dr_cli_solve, N_("prove a composition: solution tree, refutation, cooks") },
  { "tactics", dr_cli_tactics, N_("tactical test set: build it from problems and games, run the search on it") },
  { "pdn-check", cmd_pdn_check, N_("read and replay every game of PDN files") },
  { "pdn-convert", cmd_pdn_convert, N_("write the games of a PDN file as strict PDN 3.0") },
  { "db", dr_cli_db_command, N_("game database: import, search, explore, drill") },
  { "compose-check", dr_cli_compose_check, N_("check compositions against 004 section VI") },
#ifdef DR_HAVE_DIAGRAM
  { "diagram", dr_cli_diagram, N_("draw a position or a collection: PNG, SVG, PDF") },
#endif
};

static void
usage (void)
{
  g_printerr (_("Usage: draughtsman-cli COMMAND [OPTIONS] [ARGS]\n\nCommands:\n"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    g_printerr ("  %-10s %s\n", commands[i].name, _(commands[i].summary));
  g_printerr (_("\nRun “draughtsman-cli COMMAND --help” for the options of a command.\n"));
}

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("DRAUGHTSMAN_LOCALEDIR");

  /* As the application: the build tree's catalogues when run from there
   * (.ci/start sets DRAUGHTSMAN_LOCALEDIR). */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      usage ();
      return 2;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      usage ();
      return EXIT_SUCCESS;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      return commands[i].run (argc - 1, argv + 1);
  g_printerr (_("draughtsman-cli: unknown command “%s” (try --help)\n"), argv[1]);
  return 2;
}
