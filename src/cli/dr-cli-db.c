/* dr-cli-db.c — draughtsman-cli db: import, search, explore, show, info, drill
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The output of every subcommand is an interface (tests and scripts read
 * it): change it only on purpose.
 */

#define G_LOG_DOMAIN "dr-cli"

#include "config.h"

#include "dr-cli-db.h"

#include "dr-drill.h"
#include "dr-fen.h"
#include "dr-gamedb.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-openings.h"
#include "dr-pdn.h"
#include "dr-pdn-collection.h"
#include "dr-search.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Options every subcommand has. */
typedef struct
{
  char *db;
  char *variant;
} DbOptions;

static gboolean
parse (const char   *sub,
       const char   *args_help,
       const char   *summary,
       GOptionEntry *entries,
       DbOptions    *o,
       int          *argc,
       char       ***argv)
{
  GOptionEntry common[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &o->db, N_("Database file (default: $XDG_DATA_HOME/draughtsman/games.sqlite)"), N_("FILE") },
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &o->variant, N_("Variant"), N_("VARIANT") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *parameter = g_strdup_printf ("db %s %s", sub, args_help);

  context = g_option_context_new (parameter);
  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, common, GETTEXT_PACKAGE);
  if (entries != NULL)
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("draughtsman-cli db %s: %s\n", sub, error->message);
      return FALSE;
    }
  return TRUE;
}

static void
db_options_clear (DbOptions *o)
{
  g_free (o->db);
  g_free (o->variant);
}

/* Only import (and drill, which records answers) may make a database;
 * the other subcommands read one that must be there. */
static DrGameDb *
open_db (const char        *sub,
         DbOptions         *o,
         DrGameDbOpenFlags  flags)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = o->db != NULL ? g_strdup (o->db) : dr_gamedb_default_path ();
  DrGameDb *db = dr_gamedb_open_full (path, flags, &error);

  if (db == NULL)
    g_printerr ("draughtsman-cli db %s: %s\n", sub, error->message);
  return db;
}

/* The variant named, @fallback when none is; FALSE (with a message) for
 * an unknown name. */
static gboolean
resolve_variant (const char     *sub,
                 DbOptions      *o,
                 const DrRules  *fallback,
                 const DrRules **rules)
{
  *rules = fallback;
  if (o->variant == NULL)
    return TRUE;
  *rules = dr_rules_from_name (o->variant);
  if (*rules == NULL)
    {
      g_printerr (_("draughtsman-cli db %s: unknown variant “%s”\n"), sub, o->variant);
      return FALSE;
    }
  return TRUE;
}

/* The position of --fen or after --moves (from the start), and the one
 * before the last move of --moves in *@previous. */
static gboolean
resolve_position (const char    *sub,
                  const DrRules *rules,
                  const char    *fen,
                  const char    *moves,
                  DrPosition    *pos,
                  DrPosition    *previous,
                  gboolean      *has_previous)
{
  g_autoptr (GError) error = NULL;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  *has_previous = FALSE;
  if (fen != NULL)
    {
      if (!dr_fen_parse (rules, fen, pos, &error))
        {
          g_printerr ("draughtsman-cli db %s: %s\n", sub, error->message);
          return FALSE;
        }
    }
  else
    dr_rules_initial (rules, pos);
  if (moves != NULL)
    {
      g_auto (GStrv) tokens = g_strsplit_set (moves, " \t", -1);

      for (guint i = 0; tokens[i] != NULL; i++)
        {
          const char *t = tokens[i];
          DrMove move;

          while (g_ascii_isdigit (*t) && strchr (t, '.') != NULL)
            t++;
          while (*t == '.')
            t++;
          if (*t == '\0')
            continue;
          dr_movegen_legal (rules, pos, legal);
          if (!dr_move_parse (rules, pos, legal, t, &move, &error))
            {
              g_printerr (_("draughtsman-cli db %s: --moves, “%s”: %s\n"), sub, t, error->message);
              return FALSE;
            }
          *previous = *pos;
          *has_previous = TRUE;
          dr_position_apply (pos, pos, &move);
        }
    }
  return TRUE;
}

static const char *
result_text (DrResult result)
{
  switch (result)
    {
    case DR_RESULT_WHITE_WINS:
      return "white";
    case DR_RESULT_BLACK_WINS:
      return "black";
    case DR_RESULT_DRAW:
      return "draw";
    case DR_RESULT_BOTH_LOSE:
      return "0-0";
    case DR_RESULT_UNKNOWN:
    default:
      return "*";
    }
}

/* import --------------------------------------------------------------- */

typedef struct
{
  gboolean progress;
  gint64   start;
} ImportUi;

static void
import_message_cb (const char *message,
                   gpointer    user_data)
{
  g_printerr ("%s\n", message);
}

static void
import_progress_cb (const DrGameDbImportStats *stats,
                    gpointer                   user_data)
{
  ImportUi *ui = user_data;
  double seconds = (double) (g_get_monotonic_time () - ui->start) / G_USEC_PER_SEC;

  if (!ui->progress || stats->current_file == NULL)
    return;
  g_printerr ("%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " MB of %" G_GUINT64_FORMAT
              " MB, %.1f s\n", stats->current_file, stats->games_read, stats->bytes_done >> 20,
              stats->bytes_total >> 20, seconds);
}

static int
cmd_import (int    argc,
            char **argv)
{
  DbOptions o = { 0 };
  g_autofree char *encoding = NULL;
  gboolean progress = FALSE, no_classify = FALSE;
  int batch = 0;
  GOptionEntry entries[] = {
    { "encoding", 'e', 0, G_OPTION_ARG_STRING, &encoding, N_("Text encoding (default: found out per file)"), N_("ENCODING") },
    { "batch", 0, 0, G_OPTION_ARG_INT, &batch, N_("Games per transaction (default 20000)"), N_("N") },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress, N_("Report progress on standard error"), NULL },
    { "no-classify", 0, 0, G_OPTION_ARG_NONE, &no_classify, N_("Do not name the games' openings"), NULL },
    { NULL }
  };
  g_autoptr (DrGameDb) db = NULL;
  g_autoptr (DrOpeningBook) book = NULL;
  g_autoptr (GError) error = NULL;
  DrGameDbImportOptions options = { 0 };
  DrGameDbImportStats stats = { 0 };
  ImportUi ui = { 0 };
  const DrRules *rules = NULL;
  double seconds;
  gboolean ok;

  if (!parse ("import", _("PDN..."), _("Add the games of PDN files and folders to the database; "
                                       "games already there are skipped."),
              entries, &o, &argc, &argv)
      || !resolve_variant ("import", &o, NULL, &rules))
    {
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (argc < 2)
    {
      g_printerr (_("draughtsman-cli db import: expected PDN files or folders\n"));
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  db = open_db ("import", &o, DR_GAMEDB_OPEN_CREATE_MISSING | DR_GAMEDB_OPEN_CREATE_EMPTY);
  db_options_clear (&o);
  if (db == NULL)
    return EXIT_FAILURE;
  if (!no_classify && (book = dr_opening_book_new_builtin (&error)) == NULL)
    {
      g_printerr ("draughtsman-cli db import: %s\n", error->message);
      return EXIT_FAILURE;
    }
  ui.progress = progress;
  ui.start = g_get_monotonic_time ();
  options.rules = rules;
  options.encoding = encoding;
  options.batch_games = (guint) MAX (batch, 0);
  options.openings = book;
  options.progress = import_progress_cb;
  options.message = import_message_cb;
  options.user_data = &ui;
  ok = dr_gamedb_import (db, (const char * const *) argv + 1, &options, &stats, NULL, &error);
  seconds = (double) (g_get_monotonic_time () - ui.start) / G_USEC_PER_SEC;
  if (!ok)
    g_printerr ("draughtsman-cli db import: %s\n", error->message);
  g_print ("files: %u, games: %" G_GUINT64_FORMAT ", added: %" G_GUINT64_FORMAT
           ", duplicates: %" G_GUINT64_FORMAT ", with errors: %" G_GUINT64_FORMAT
           ", positions: %" G_GUINT64_FORMAT "\n",
           stats.files, stats.games_read, stats.games_added, stats.duplicates,
           stats.with_errors, stats.positions);
  g_printerr ("time: %.2f s, %.0f games/minute\n", seconds,
              seconds > 0 ? (double) stats.games_read * 60.0 / seconds : 0.0);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* search --------------------------------------------------------------- */

static gboolean
parse_result (const char    *text,
              const DrRules *rules,
              int           *result)
{
  if (g_ascii_strcasecmp (text, "white") == 0)
    *result = DR_RESULT_WHITE_WINS;
  else if (g_ascii_strcasecmp (text, "black") == 0)
    *result = DR_RESULT_BLACK_WINS;
  else if (g_ascii_strcasecmp (text, "draw") == 0)
    *result = DR_RESULT_DRAW;
  else if (g_str_equal (text, "*"))
    *result = DR_RESULT_UNKNOWN;
  else
    {
      *result = (int) dr_result_from_string (text, rules != NULL ? rules : &dr_rules_international);
      return *result != DR_RESULT_UNKNOWN;
    }
  return TRUE;
}

static void
print_game_line (DrGameDb *db,
                 gint64    id,
                 guint     ply,
                 gboolean  with_ply)
{
  g_autoptr (DrGameDbInfo) info = dr_gamedb_get_info (db, id, NULL);

  if (info == NULL)
    return;
  g_print ("%" G_GINT64_FORMAT "\t%s\t%s\t%s - %s\t%s\t%s\t%s", id,
           info->rules != NULL ? info->rules->name : "?", info->date != NULL ? info->date : "?",
           info->white != NULL ? info->white : "?", info->black != NULL ? info->black : "?",
           info->event != NULL ? info->event : "?", result_text (info->result),
           info->opening != NULL ? info->opening : info->ballot != NULL ? info->ballot : "");
  if (with_ply)
    g_print ("\tply %u", ply);
  g_print ("\n");
}

static int
cmd_search (int    argc,
            char **argv)
{
  DbOptions o = { 0 };
  g_autofree char *player = NULL, *white = NULL, *black = NULL, *event = NULL;
  g_autofree char *result = NULL, *opening = NULL, *fen = NULL, *pattern_text = NULL;
  g_autofree char *moves = NULL;
  int year_min = 0, year_max = 0, limit = 0;
  gboolean pdn = FALSE;
  GOptionEntry entries[] = {
    { "player", 'p', 0, G_OPTION_ARG_STRING, &player, N_("Either player's name contains TEXT"), N_("TEXT") },
    { "white", 0, 0, G_OPTION_ARG_STRING, &white, N_("White's name contains TEXT"), N_("TEXT") },
    { "black", 0, 0, G_OPTION_ARG_STRING, &black, N_("Black's name contains TEXT"), N_("TEXT") },
    { "event", 0, 0, G_OPTION_ARG_STRING, &event, N_("The event's name contains TEXT"), N_("TEXT") },
    { "from", 0, 0, G_OPTION_ARG_INT, &year_min, N_("Played in YEAR or later"), N_("YEAR") },
    { "to", 0, 0, G_OPTION_ARG_INT, &year_max, N_("Played in YEAR or earlier"), N_("YEAR") },
    { "result", 0, 0, G_OPTION_ARG_STRING, &result, N_("white, black, draw, * or a result (2-0, 1-0, ...)"), N_("RESULT") },
    { "opening", 0, 0, G_OPTION_ARG_STRING, &opening, N_("The opening's name or ballot code contains TEXT"), N_("TEXT") },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &fen, N_("Games that reach this position"), N_("FEN") },
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &moves, N_("Games that reach the position after these moves"), N_("MOVES") },
    { "pattern", 0, 0, G_OPTION_ARG_STRING, &pattern_text, N_("Games with these pieces on these squares, anything elsewhere (W:W27,K35:B12:E22)"), N_("PATTERN") },
    { "limit", 'n', 0, G_OPTION_ARG_INT, &limit, N_("At most N games"), N_("N") },
    { "pdn", 0, 0, G_OPTION_ARG_NONE, &pdn, N_("Write the games' PDN instead of one line each"), NULL },
    { NULL }
  };
  g_autoptr (DrGameDb) db = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hits = NULL;
  DrGameDbQuery q = { .result = -1 };
  DrPosition pos, previous;
  DrPattern pattern;
  gboolean has_previous;

  if (!parse ("search", "", _("Find games; one line each: id, variant, date, White - Black, "
                              "event, result, opening."), entries, &o, &argc, &argv)
      || !resolve_variant ("search", &o, NULL, &q.rules))
    {
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  if ((fen != NULL || moves != NULL || pattern_text != NULL) && q.rules == NULL)
    {
      g_printerr (_("draughtsman-cli db search: a search by position needs --variant\n"));
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (fen != NULL || moves != NULL)
    {
      if (!resolve_position ("search", q.rules, fen, moves, &pos, &previous, &has_previous))
        {
          db_options_clear (&o);
          return EXIT_FAILURE;
        }
      q.position = &pos;
    }
  if (pattern_text != NULL)
    {
      if (!dr_pattern_parse (q.rules, pattern_text, &pattern, &error))
        {
          g_printerr ("draughtsman-cli db search: %s\n", error->message);
          db_options_clear (&o);
          return EXIT_FAILURE;
        }
      q.pattern = &pattern;
    }
  if (result != NULL && !parse_result (result, q.rules, &q.result))
    {
      g_printerr (_("draughtsman-cli db search: “%s” is not a result\n"), result);
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  db = open_db ("search", &o, DR_GAMEDB_OPEN_EXISTING);
  db_options_clear (&o);
  if (db == NULL)
    return EXIT_FAILURE;
  q.player = player;
  q.white = white;
  q.black = black;
  q.event = event;
  q.opening = opening;
  q.year_min = year_min;
  q.year_max = year_max;
  q.limit = (guint) MAX (limit, 0);
  hits = dr_gamedb_search (db, &q, NULL, &error);
  if (hits == NULL)
    {
      g_printerr ("draughtsman-cli db search: %s\n", error->message);
      return EXIT_FAILURE;
    }
  for (guint i = 0; i < hits->len; i++)
    {
      const DrGameDbHit *hit = &g_array_index (hits, DrGameDbHit, i);

      if (pdn)
        {
          g_autofree char *text = dr_gamedb_get_pdn (db, hit->id, NULL);

          g_print ("%s%s\n", i > 0 ? "\n" : "", text != NULL ? text : "");
        }
      else
        print_game_line (db, hit->id, hit->ply, q.position != NULL || q.pattern != NULL);
    }
  g_printerr ("games: %u\n", hits->len);
  return EXIT_SUCCESS;
}

/* explore -------------------------------------------------------------- */

/* The score of @move for the side playing it, by a search of the
 * position after it to @depth. */
static int
evaluate_move (DrSearch         *search,
               const DrPosition *pos,
               const DrMove     *move,
               int               depth)
{
  DrSearchLimits limits = { .max_depth = depth, .multipv = 1 };
  DrSearchResult result = { 0 };
  DrPosition child;

  dr_position_apply (&child, pos, move);
  if (!dr_search_run (search, &child, &limits, &result))
    /* No move for the other side: it has lost (or, giveaway, won). */
    return 0;
  return -result.score;
}

static double
percent (guint64 part,
         guint64 whole)
{
  return whole > 0 ? 100.0 * (double) part / (double) whole : 0.0;
}

static int
cmd_explore (int    argc,
             char **argv)
{
  DbOptions o = { 0 };
  g_autofree char *fen = NULL, *moves = NULL, *player = NULL, *notation_name = NULL;
  int year_min = 0, year_max = 0, min_count = 0, top = 5, eval_depth = 8;
  gboolean eval = FALSE;
  GOptionEntry entries[] = {
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &fen, N_("The position (default: the start)"), N_("FEN") },
    { "moves", 'm', 0, G_OPTION_ARG_STRING, &moves, N_("The position after these moves (from --fen or the start); transpositions are counted against the last"), N_("MOVES") },
    { "player", 'p', 0, G_OPTION_ARG_STRING, &player, N_("Only games of a player whose name contains TEXT"), N_("TEXT") },
    { "from", 0, 0, G_OPTION_ARG_INT, &year_min, N_("Only games from YEAR on"), N_("YEAR") },
    { "to", 0, 0, G_OPTION_ARG_INT, &year_max, N_("Only games up to YEAR"), N_("YEAR") },
    { "min-count", 0, 0, G_OPTION_ARG_INT, &min_count, N_("Leave out moves played fewer than N times"), N_("N") },
    { "games", 0, 0, G_OPTION_ARG_INT, &top, N_("Show N of the latest games (default 5)"), N_("N") },
    { "eval", 0, 0, G_OPTION_ARG_NONE, &eval, N_("Evaluate each move with a short search"), NULL },
    { "eval-depth", 0, 0, G_OPTION_ARG_INT, &eval_depth, N_("Depth of that search (default 8)"), N_("N") },
    { "notation", 'n', 0, G_OPTION_ARG_STRING, &notation_name, N_("Squares as numeric or algebraic"), N_("NOTATION") },
    { NULL }
  };
  g_autoptr (DrGameDb) db = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (DrExploreResult) result = NULL;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autofree char *fen_text = NULL;
  DrExploreFilter filter = { 0 };
  DrSearch *search = NULL;
  const DrRules *rules;
  DrPosition pos, previous;
  DrNotation notation;
  gboolean has_previous;
  gint64 t0;

  if (!parse ("explore", "", _("The moves played from a position, with their counts, results "
                               "(White win, draw, Black win) and average year."),
              entries, &o, &argc, &argv)
      || !resolve_variant ("explore", &o, &dr_rules_international, &rules)
      || !resolve_position ("explore", rules, fen, moves, &pos, &previous, &has_previous))
    {
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  notation = rules->notation;
  if (notation_name != NULL)
    notation = g_str_equal (notation_name, "algebraic") ? DR_NOTATION_ALGEBRAIC : DR_NOTATION_NUMERIC;
  db = open_db ("explore", &o, DR_GAMEDB_OPEN_EXISTING);
  db_options_clear (&o);
  if (db == NULL)
    return EXIT_FAILURE;
  filter.player = player;
  filter.year_min = year_min;
  filter.year_max = year_max;
  filter.min_count = (guint) MAX (min_count, 0);
  filter.top_games = (guint) MAX (top, 1);
  filter.previous = has_previous ? &previous : NULL;
  t0 = g_get_monotonic_time ();
  result = dr_gamedb_explore (db, rules, &pos, &filter, &error);
  if (result == NULL)
    {
      g_printerr ("draughtsman-cli db explore: %s\n", error->message);
      return EXIT_FAILURE;
    }
  g_printerr ("explore: %.2f ms\n", (double) (g_get_monotonic_time () - t0) / 1000.0);
  fen_text = dr_fen_write (rules, &pos, notation);
  g_print ("position %s\n", fen_text);
  g_print ("games %" G_GUINT64_FORMAT " transpositions %" G_GUINT64_FORMAT
           " white %.1f%% draw %.1f%% black %.1f%%\n",
           result->games, result->transpositions, percent (result->white_wins, result->games),
           percent (result->draws, result->games), percent (result->black_wins, result->games));
  if (eval)
    search = dr_search_new (rules, 16);
  dr_movegen_legal (rules, &pos, legal);
  for (guint i = 0; i < result->moves->len; i++)
    {
      const DrExploreMove *m = &g_array_index (result->moves, DrExploreMove, i);
      g_autofree char *text = dr_move_to_text (rules, legal, &m->move, notation);

      g_print ("%-8s %8" G_GUINT64_FORMAT "  white %5.1f%%  draw %5.1f%%  black %5.1f%%  year %.0f",
               text, m->games, percent (m->white_wins, m->games), percent (m->draws, m->games),
               percent (m->black_wins, m->games), m->average_year);
      if (search != NULL)
        {
          char score[32];

          g_print ("  eval %s", dr_score_to_string (evaluate_move (search, &pos, &m->move,
                                                                   MAX (eval_depth, 1)), score));
        }
      g_print ("\n");
    }
  if (search != NULL)
    dr_search_free (search);
  for (guint i = 0; i < result->top_games->len; i++)
    {
      const DrExploreGame *g = result->top_games->pdata[i];

      g_print ("game %" G_GINT64_FORMAT "\t%d\t%s - %s\t%s\t%s\tply %u\n", g->id, g->year,
               g->white != NULL ? g->white : "?", g->black != NULL ? g->black : "?",
               g->event != NULL ? g->event : "?", result_text (g->result), g->ply);
    }
  return EXIT_SUCCESS;
}

/* show, info ------------------------------------------------------------ */

static int
cmd_show (int    argc,
          char **argv)
{
  DbOptions o = { 0 };
  g_autoptr (DrGameDb) db = NULL;

  if (!parse ("show", _("ID..."), _("Write games as they were imported (PDN)."), NULL, &o,
              &argc, &argv))
    {
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  db = open_db ("show", &o, DR_GAMEDB_OPEN_EXISTING);
  db_options_clear (&o);
  if (db == NULL)
    return EXIT_FAILURE;
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      guint64 id;

      if (!g_ascii_string_to_unsigned (argv[i], 10, 1, G_MAXINT64, &id, &error)
          || (text = dr_gamedb_get_pdn (db, (gint64) id, &error)) == NULL)
        {
          g_printerr ("draughtsman-cli db show: %s\n", error->message);
          return EXIT_FAILURE;
        }
      g_print ("%s%s\n", i > 1 ? "\n" : "", text);
    }
  return EXIT_SUCCESS;
}

static int
cmd_info (int    argc,
          char **argv)
{
  DbOptions o = { 0 };
  g_autoptr (DrGameDb) db = NULL;
  g_autoptr (GError) error = NULL;
  GStatBuf st;
  gint64 games, positions;

  if (!parse ("info", "", _("Count the games and positions of the database."), NULL, &o,
              &argc, &argv))
    {
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  db = open_db ("info", &o, DR_GAMEDB_OPEN_EXISTING);
  db_options_clear (&o);
  if (db == NULL)
    return EXIT_FAILURE;
  games = dr_gamedb_count_games (db);
  positions = dr_gamedb_count_positions (db);
  if (games < 0 || positions < 0)
    {
      /* The counts read every page of their tables: a damaged one fails. */
      if (!dr_gamedb_check (db, &error))
        g_printerr ("draughtsman-cli db info: %s\n", error->message);
      else
        g_printerr (_("draughtsman-cli db info: %s: cannot count the games and positions\n"),
                    dr_gamedb_get_path (db));
      return EXIT_FAILURE;
    }
  g_print ("file %s\n", dr_gamedb_get_path (db));
  g_print ("schema %d\n", DR_GAMEDB_SCHEMA_VERSION);
  g_print ("games %" G_GINT64_FORMAT "\n", games);
  g_print ("positions %" G_GINT64_FORMAT "\n", positions);
  if (g_stat (dr_gamedb_get_path (db), &st) == 0)
    {
      g_print ("bytes %" G_GINT64_FORMAT "\n", (gint64) st.st_size);
      if (games > 0)
        g_print ("bytes per 1000 games %" G_GINT64_FORMAT "\n", (gint64) st.st_size * 1000 / games);
    }
  return EXIT_SUCCESS;
}

/* check ------------------------------------------------------------------ */

static int
cmd_check (int    argc,
           char **argv)
{
  DbOptions o = { 0 };
  g_autoptr (DrGameDb) db = NULL;
  g_autoptr (GError) error = NULL;

  if (!parse ("check", "", _("Check the database file's structure and indices (SQLite's integrity check)."),
              NULL, &o, &argc, &argv))
    {
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  db = open_db ("check", &o, DR_GAMEDB_OPEN_EXISTING);
  db_options_clear (&o);
  if (db == NULL)
    return EXIT_FAILURE;
  if (!dr_gamedb_check (db, &error))
    {
      g_printerr ("draughtsman-cli db check: %s\n", error->message);
      return EXIT_FAILURE;
    }
  g_print ("%s: ok\n", dr_gamedb_get_path (db));
  return EXIT_SUCCESS;
}

/* drill ------------------------------------------------------------------ */

static char *
line_text (const DrRules *rules,
           const GArray  *moves,
           guint          from,
           DrPosition    *pos)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  GString *out = g_string_new (NULL);
  DrPosition p;

  dr_rules_initial (rules, &p);
  for (guint i = 0; i < moves->len; i++)
    {
      const DrMove *m = &g_array_index (moves, DrMove, i);

      if (i >= from)
        {
          g_autofree char *text = NULL;

          dr_movegen_legal (rules, &p, legal);
          text = dr_move_to_text (rules, legal, m, rules->notation);
          g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", text);
        }
      dr_position_apply (&p, &p, m);
    }
  if (pos != NULL)
    *pos = p;
  return g_string_free (out, FALSE);
}

static int
cmd_drill (int    argc,
           char **argv)
{
  DbOptions o = { 0 };
  g_autofree char *side_name = NULL, *repertoire_path = NULL;
  int plies = 8, min_count = 1, lines = 1, seed = 1;
  gboolean weak = FALSE, no_db = FALSE;
  GOptionEntry entries[] = {
    { "side", 's', 0, G_OPTION_ARG_STRING, &side_name, N_("The side the user plays: white or black"), N_("SIDE") },
    { "repertoire", 'r', 0, G_OPTION_ARG_FILENAME, &repertoire_path, N_("The repertoire: a PDN file (default: the database's games)"), N_("FILE") },
    { "plies", 0, 0, G_OPTION_ARG_INT, &plies, N_("From the database: this many plies deep (default 8)"), N_("N") },
    { "min-count", 0, 0, G_OPTION_ARG_INT, &min_count, N_("From the database: moves played at least N times"), N_("N") },
    { "lines", 0, 0, G_OPTION_ARG_INT, &lines, N_("Lines to drill (default 1)"), N_("N") },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, N_("Seed of the program's choices"), N_("N") },
    { "weak", 0, 0, G_OPTION_ARG_NONE, &weak, N_("List the lines that need practice and stop"), NULL },
    { "no-db", 0, 0, G_OPTION_ARG_NONE, &no_db, N_("Keep nothing: use no database"), NULL },
    { NULL }
  };
  g_autoptr (DrGameDb) db = NULL;
  g_autoptr (DrRepertoire) rep = NULL;
  g_autoptr (DrDrill) drill = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = NULL;
  const DrRules *rules;
  DrSide side;
  char buf[256];

  if (!parse ("drill", "", _("Opening training, without a board: the program plays the other "
                             "side's moves from the repertoire; type a move a line on standard "
                             "input and it says whether it is the repertoire's."),
              entries, &o, &argc, &argv)
      || !resolve_variant ("drill", &o, &dr_rules_international, &rules))
    {
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  if (side_name == NULL || (!g_str_equal (side_name, "white") && !g_str_equal (side_name, "black")))
    {
      g_printerr (_("draughtsman-cli db drill: --side must be white or black\n"));
      db_options_clear (&o);
      return EXIT_FAILURE;
    }
  side = g_str_equal (side_name, "white") ? DR_SIDE_WHITE : DR_SIDE_BLACK;
  if (!no_db || repertoire_path == NULL)
    {
      db = open_db ("drill", &o, DR_GAMEDB_OPEN_CREATE_MISSING);
      if (db == NULL)
        {
          db_options_clear (&o);
          return EXIT_FAILURE;
        }
    }
  db_options_clear (&o);
  rep = dr_repertoire_new (rules, side);
  if (repertoire_path != NULL)
    {
      g_autoptr (DrPdnCollection) file = dr_pdn_collection_new_from_file (repertoire_path, NULL, rules, &error);

      if (file == NULL)
        {
          g_printerr ("draughtsman-cli db drill: %s\n", error->message);
          return EXIT_FAILURE;
        }
      for (guint i = 0; i < dr_pdn_collection_get_n_entries (file); i++)
        if (!dr_repertoire_add_game (rep, dr_pdn_collection_get_game (file, i), &error))
          {
            g_printerr ("draughtsman-cli db drill: %s: game %u: %s\n", repertoire_path, i + 1,
                        error->message);
            return EXIT_FAILURE;
          }
      name = g_path_get_basename (repertoire_path);
    }
  else
    {
      DrExploreFilter filter = { .min_count = (guint) MAX (min_count, 1) };

      if (!dr_repertoire_add_from_db (rep, db, &filter, (guint) MAX (plies, 1), &error))
        {
          g_printerr ("draughtsman-cli db drill: %s\n", error->message);
          return EXIT_FAILURE;
        }
      name = g_strdup ("database");
    }
  drill = dr_drill_new (rep, no_db ? NULL : db, name, (guint32) seed);
  if (weak)
    {
      g_autoptr (GPtrArray) weak_lines = dr_drill_weak_lines (drill);

      for (guint i = 0; i < weak_lines->len; i++)
        {
          g_autofree char *text = line_text (rules, weak_lines->pdata[i], 0, NULL);

          g_print ("weak %s\n", *text != '\0' ? text : "(start)");
        }
      return EXIT_SUCCESS;
    }
  for (int l = 0; l < lines; l++)
    {
      guint shown = 0;

      if (l > 0)
        dr_drill_restart (drill);
      g_print ("line %d\n", l + 1);
      while (!dr_drill_is_over (drill))
        {
          g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
          g_autofree char *played = line_text (rules, dr_drill_get_moves (drill), shown, NULL);
          const DrPosition *pos = dr_drill_get_position (drill);
          DrDrillVerdict verdict;
          DrMove move, expected;
          const char *comment;

          if (*played != '\0')
            g_print ("program %s\n", played);
          shown = dr_drill_get_moves (drill)->len;
          g_print ("your move?\n");
          if (fgets (buf, sizeof buf, stdin) == NULL)
            return EXIT_SUCCESS;
          g_strstrip (buf);
          dr_movegen_legal (rules, pos, legal);
          if (!dr_move_parse (rules, pos, legal, buf, &move, &error))
            {
              g_print ("not a legal move: %s\n", error->message);
              g_clear_error (&error);
              continue;
            }
          if (!dr_drill_answer (drill, &move, &verdict, &expected, &comment, &error))
            {
              g_printerr ("draughtsman-cli db drill: %s\n", error->message);
              return EXIT_FAILURE;
            }
          if (verdict == DR_DRILL_CORRECT)
            g_print ("right\n");
          else
            {
              g_autofree char *text = dr_move_to_text (rules, legal, &expected, rules->notation);

              g_print ("wrong: the repertoire plays %s%s%s\n", text,
                       comment != NULL ? " -- " : "", comment != NULL ? comment : "");
            }
          shown++;
        }
      {
        g_autofree char *rest = line_text (rules, dr_drill_get_moves (drill), shown, NULL);

        if (*rest != '\0')
          g_print ("program %s\n", rest);
      }
      g_print ("end of line\n");
    }
  return EXIT_SUCCESS;
}

/* classify ------------------------------------------------------------ */

gboolean
dr_cli_db_classify (DrGame   *game,
                    gpointer *book)
{
  DrClassification c;
  g_autofree char *tag = NULL;

  if (*book == NULL)
    {
      g_autoptr (GError) error = NULL;

      *book = dr_opening_book_new_builtin (&error);
      if (*book == NULL)
        {
          g_printerr ("draughtsman-cli: %s\n", error->message);
          return FALSE;
        }
    }
  dr_opening_book_classify (*book, game, &c);
  tag = dr_classification_to_tag (&c);
  if (tag != NULL)
    dr_game_set_tag (game, "Opening", tag);
  return TRUE;
}

void
dr_cli_db_classify_done (gpointer book)
{
  dr_opening_book_free (book);
}

/* db ---------------------------------------------------------------- */

static const struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} subcommands[] = {
  { "import", cmd_import, N_("add the games of PDN files and folders") },
  { "search", cmd_search, N_("find games by player, event, date, result, opening, position, pattern") },
  { "explore", cmd_explore, N_("the moves played from a position, with results") },
  { "show", cmd_show, N_("write games as PDN") },
  { "info", cmd_info, N_("count games and positions") },
  { "check", cmd_check, N_("check the file's structure and indices (SQLite's integrity check)") },
  { "drill", cmd_drill, N_("opening training against a repertoire") },
};

int
dr_cli_db_command (int    argc,
                   char **argv)
{
  if (argc >= 2)
    for (gsize i = 0; i < G_N_ELEMENTS (subcommands); i++)
      if (g_str_equal (argv[1], subcommands[i].name))
        return subcommands[i].run (argc - 1, argv + 1);
  g_printerr (_("Usage: draughtsman-cli db SUBCOMMAND [OPTIONS] [ARGS]\n\nSubcommands:\n"));
  for (gsize i = 0; i < G_N_ELEMENTS (subcommands); i++)
    g_printerr ("  %-8s %s\n", subcommands[i].name, _(subcommands[i].summary));
  return argc >= 2 && (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
         ? EXIT_SUCCESS : 2;
}
