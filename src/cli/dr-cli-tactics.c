/* dr-cli-tactics.c — draughtsman-cli tactics: a tactical test set (issue 28)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   tactics build [--variant V] [--shallow N] [--deep N] [--deep-nodes N]
 *                 [--skip-plies N] [--patterns FILE|none] -o FILE PDN...
 *   tactics run FILE [--variant V] [--nodes N] [--depth N] [--probcut MODE]
 *               [--hash MB] [--verbose]
 *
 * The set's format, one position a line (blank lines and lines starting
 * with '#' are skipped):
 *
 *   FEN | MOVE [MOVE...] | SOURCE
 *
 * FEN is PDN FEN, the MOVEs the best moves in the variant's notation (one
 * is enough to solve the position), SOURCE where it comes from
 * ("problems-Cat.A1.pdn:12 key", "nk_ronde_01.pdn:40 ply 31 combination").
 *
 * build reads the PDN files.  A record with a FEN setup, solution moves and
 * a result that is a win for the side to move is a composition: its line
 * is the setup and the solution's first move (the stated key); each later
 * position of the solution's main line where the winner is to move and
 * has more than one legal move gives a line too (its next move).  A record
 * from the start position (no FEN tag, or one of the start position, as
 * real collections write before each game) is a game: at each position of
 * its main line from ply --skip-plies on where the side to move has no
 * capture and more than one move, a search to --shallow plies and one to
 * --deep plies (with a cleared table) are compared; the position is a
 * combination when the deep one plays another move than the shallow one,
 * scores it at least 0.40 above the shallow one's score, and its line
 * ends (after the captures it leads to) at least a man up on the position
 * (a king counts three men); and the move is the only good one: a search to the same
 * depth with two lines (multi-PV) scores its second best move at least
 * --unique-margin (0.40) below its best.  Without that last test most of a set's game positions had several
 * winning moves (a won ending, two ways into one shot), and a search that
 * played the other one counted as a miss.  Each position is written once
 * (the first source met).
 *
 * run searches every line with one thread, a cleared table and the limit
 * (--nodes, default 1,000,000; or --depth), so the count is the same from
 * run to run, and prints the number solved (--verbose: a line per
 * position).  A position is solved when the search plays one of its best
 * moves, or another move it proves to win (a dual: a later move of a
 * composition may have several).
 * A bad line stops it before any search with "FILE:LINE: what is wrong"
 * for each (exit status 2).
 */

#define G_LOG_DOMAIN "dr-cli"

#include "config.h"

#include "dr-cli-tactics.h"
#include "dr-cli-learn.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-search.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_BAD_INPUT 2
#define MAX_BEST 8

typedef struct
{
  DrPosition pos;
  DrMove     best[MAX_BEST];
  int        n_best;
  char      *source;
  guint      line;
} TacticsEntry;

static void
tactics_entry_free (gpointer data)
{
  TacticsEntry *e = data;

  g_free (e->source);
  g_free (e);
}

/* Reads the set at @path; every bad line is added to @problems as
 * "PATH:LINE: message".  Returns the entries (possibly with problems). */
static GPtrArray *
tactics_read (const char    *path,
              const DrRules *rules,
              GPtrArray     *problems,
              GError       **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *entries;

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  entries = g_ptr_array_new_with_free_func (tactics_entry_free);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = NULL;
      g_auto (GStrv) moves = NULL;
      g_autoptr (GError) local = NULL;
      g_autofree DrMoveList *legal = NULL;
      char *line = g_strstrip (lines[i]);
      TacticsEntry *e;

      if (line[0] == '\0' || line[0] == '#')
        continue;
      fields = g_strsplit (line, "|", -1);
      if (g_strv_length (fields) != 3)
        {
          g_ptr_array_add (problems, g_strdup_printf ("%s:%u: %u fields, not 3 (FEN | MOVES | SOURCE)",
                                                      path, i + 1, g_strv_length (fields)));
          continue;
        }
      e = g_new0 (TacticsEntry, 1);
      e->line = i + 1;
      e->source = g_strdup (g_strstrip (fields[2]));
      if (!dr_fen_parse (rules, g_strstrip (fields[0]), &e->pos, &local))
        {
          g_ptr_array_add (problems, g_strdup_printf ("%s:%u: FEN: %s", path, i + 1, local->message));
          tactics_entry_free (e);
          continue;
        }
      legal = g_new0 (DrMoveList, 1);
      dr_movegen_legal (rules, &e->pos, legal);
      moves = g_strsplit_set (g_strstrip (fields[1]), " \t", -1);
      for (guint j = 0; moves[j] != NULL && local == NULL; j++)
        {
          if (moves[j][0] == '\0')
            continue;
          if (e->n_best == MAX_BEST)
            g_set_error (&local, G_FILE_ERROR, G_FILE_ERROR_INVAL, "more than %d moves", MAX_BEST);
          else if (dr_move_parse (rules, &e->pos, legal, moves[j], &e->best[e->n_best], &local))
            e->n_best++;
        }
      if (local == NULL && e->n_best == 0)
        g_set_error_literal (&local, G_FILE_ERROR, G_FILE_ERROR_INVAL, "no best move");
      if (local != NULL)
        {
          g_ptr_array_add (problems, g_strdup_printf ("%s:%u: moves: %s", path, i + 1, local->message));
          tactics_entry_free (e);
          continue;
        }
      g_ptr_array_add (entries, e);
    }
  return entries;
}

/* A search with a cleared table and one thread. */
static bool
search_position (DrSearch         *search,
                 const DrPosition *pos,
                 int               depth,
                 guint64           nodes,
                 int               lines,
                 DrSearchResult   *result)
{
  DrSearchLimits limits = { 0 };

  limits.max_depth = depth;
  limits.max_nodes = nodes;
  limits.multipv = lines;
  dr_search_clear (search);
  dr_search_set_history (search, NULL, 0);
  return dr_search_run (search, pos, &limits, result);
}

/* Men count one, kings three: for @side, its pieces less the other's. */
static int
material (const DrPosition *pos,
          int               side)
{
  int own = dr_bb_count (pos->pieces[side] & ~pos->kings) + 3 * dr_bb_count (pos->pieces[side] & pos->kings);
  int other = dr_bb_count (pos->pieces[!side] & ~pos->kings)
              + 3 * dr_bb_count (pos->pieces[!side] & pos->kings);

  return own - other;
}

/* The material for the root's side at the end of @result's line, once the
 * captures pending there are played out along the first capture found. */
static int
line_material (const DrRules        *rules,
               const DrPosition     *root,
               const DrSearchResult *result)
{
  DrPosition pos = *root, next;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  for (int i = 0; i < result->lines[0].pv_length; i++)
    {
      dr_position_apply (&next, &pos, &result->lines[0].pv[i]);
      pos = next;
    }
  /* A line cut by the table may stop before its captures: a few more. */
  for (int i = 0; i < 8 && dr_movegen_kind (rules, &pos) == DR_MOVES_CAPTURE; i++)
    {
      dr_movegen_legal (rules, &pos, legal);
      dr_position_apply (&next, &pos, &legal->moves[0]);
      pos = next;
    }
  return material (&pos, root->turn);
}

typedef struct
{
  const DrRules *rules;
  DrSearch      *search;
  FILE          *out;
  GHashTable    *seen;           /* FEN strings written */
  int            shallow;
  int            deep;
  guint64        deep_nodes;
  int            skip_plies;
  int            unique_margin;  /* hundredths; 0: no uniqueness test */
  guint          problems;
  guint          solution_moves;
  guint          combinations;
  guint          positions;      /* game positions searched */
} BuildContext;

static gboolean
write_line (BuildContext     *b,
            const DrPosition *pos,
            const DrMove     *move,
            const char       *source)
{
  g_autofree char *fen = dr_fen_write (b->rules, pos, b->rules->notation);
  g_autofree char *text = NULL;

  if (g_hash_table_contains (b->seen, fen))
    return FALSE;
  text = dr_move_to_text_at (b->rules, pos, move);
  fprintf (b->out, "%s | %s | %s\n", fen, text, source);
  fflush (b->out);
  g_hash_table_add (b->seen, g_steal_pointer (&fen));
  return TRUE;
}

/* Is the record a "to play and win" composition? */
static gboolean
win_task (const DrGame *game)
{
  DrSide turn = (DrSide) game->root->position.turn;

  return (game->result == DR_RESULT_WHITE_WINS && turn == DR_SIDE_WHITE)
         || (game->result == DR_RESULT_BLACK_WINS && turn == DR_SIDE_BLACK);
}

static void
build_game (BuildContext *b,
            const char   *name,
            guint         line,
            const DrGame *game)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  for (const DrGameNode *node = game->root; node != NULL; node = node->children)
    {
      const DrPosition *pos = &node->position;
      DrSearchResult shallow, deep, two;
      g_autofree char *source = NULL;
      int before;

      if ((int) node->ply < b->skip_plies || node->children == NULL)
        continue;
      dr_movegen_legal (b->rules, pos, legal);
      if (legal->n < 2 || legal->moves[0].captures != 0)
        continue;
      b->positions++;
      if (!search_position (b->search, pos, b->shallow, 0, 1, &shallow)
          || !search_position (b->search, pos, b->deep, b->deep_nodes, 1, &deep))
        continue;
      if (deep.depth < b->deep || dr_move_same (&deep.best, &shallow.best)
          || deep.score < shallow.score + 40 || deep.score >= DR_SCORE_WON)
        continue;
      before = material (pos, pos->turn);
      if (line_material (b->rules, pos, &deep) < before + 1)
        continue;
      /* Another move as good (within the margin), or no second line to
       * the full depth: not a key. */
      if (b->unique_margin > 0
          && (!search_position (b->search, pos, b->deep, b->deep_nodes, 2, &two) || two.depth < b->deep
              || two.n_lines < 2 || two.lines[1].score > two.lines[0].score - b->unique_margin))
        continue;
      source = g_strdup_printf ("%s:%u ply %u combination (depth %d %+d, depth %d %+d)", name, line,
                                node->ply, b->deep, deep.score, b->shallow, shallow.score);
      if (write_line (b, pos, &deep.best, source))
        b->combinations++;
    }
}

/* The winner's later moves on the solution's main line, where it has a
 * choice (more than one legal move). */
static void
build_solution (BuildContext *b,
                const char   *name,
                guint         line,
                const DrGame *game)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrSide winner = (DrSide) game->root->position.turn;

  for (const DrGameNode *node = game->root->children; node != NULL; node = node->children)
    {
      g_autofree char *source = NULL;

      if (node->children == NULL || node->position.turn != winner)
        continue;
      dr_movegen_legal (b->rules, &node->position, legal);
      if (legal->n < 2)
        continue;
      source = g_strdup_printf ("%s:%u solution ply %u", name, line, node->ply - game->root->ply);
      if (write_line (b, &node->position, &node->children->move, source))
        b->solution_moves++;
    }
}

static int
build_file (BuildContext *b,
            const char   *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (path, NULL, b->rules, &error);
  g_autofree char *name = g_path_get_basename (path);

  if (reader == NULL)
    {
      g_printerr ("draughtsman-cli tactics build: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);
      guint line, column;

      if (read == DR_PDN_READ_END)
        break;
      dr_pdn_reader_game_start (reader, &line, &column);
      if (read == DR_PDN_READ_PARTIAL)
        {
          /* The moves read are good; the rest is left out, said once. */
          g_printerr ("draughtsman-cli tactics build: read in part: %s\n", error->message);
          g_clear_error (&error);
        }
      if (game->rules != b->rules)
        continue;
      /* A FEN tag of the start position, before each game of a real
       * collection, sets up no composition. */
      if (!dr_game_starts_from_initial (game))
        {
          g_autofree char *source = NULL;

          if (game->root->children == NULL || !win_task (game))
            continue;
          source = g_strdup_printf ("%s:%u key", name, line);
          if (write_line (b, &game->root->position, &game->root->children->move, source))
            b->problems++;
          build_solution (b, name, line, game);
        }
      else
        build_game (b, name, line, game);
    }
  g_printerr ("draughtsman-cli tactics build: %s: %u keys, %u solution moves, %u combinations so far "
              "(%u game positions searched)\n", name, b->problems, b->solution_moves, b->combinations,
              b->positions);
  return EXIT_SUCCESS;
}

static int
tactics_build (int    argc,
               char **argv)
{
  g_autofree char *variant = NULL, *output = NULL, *patterns_option = NULL;
  g_autoptr (DrPatterns) patterns = NULL;
  gboolean patterns_ok;
  int shallow = 4, deep = 12, skip_plies = 10, hash = 32, unique_margin = 40;
  gint64 deep_nodes = 2000000;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Rules of the games (default: international)"), N_("VARIANT") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Write the set here"), N_("FILE") },
    { "shallow", 0, 0, G_OPTION_ARG_INT, &shallow, N_("Depth of the shallow search (default 4)"), N_("N") },
    { "deep", 0, 0, G_OPTION_ARG_INT, &deep, N_("Depth of the deep search (default 12)"), N_("N") },
    { "deep-nodes", 0, 0, G_OPTION_ARG_INT64, &deep_nodes, N_("Give up a deep search after this many nodes (default 2,000,000)"), N_("N") },
    { "skip-plies", 0, 0, G_OPTION_ARG_INT, &skip_plies, N_("Leave out each game's first plies (default 10)"), N_("N") },
    { "unique-margin", 0, 0, G_OPTION_ARG_INT, &unique_margin, N_("Keep a game position only if the deep search's second best move scores this many hundredths of a man below its best (default 40; 0: no such test)"), N_("N") },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash, N_("Table size in MiB (default 32)"), N_("MB") },
    { "patterns", 0, 0, G_OPTION_ARG_FILENAME, &patterns_option, N_("Search with the pattern weights from this file, or “none” (default: those that ship): a set built without the weights it judges favours none"), N_("FILE") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("PDN..."));
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  BuildContext b = { 0 };
  int status = EXIT_SUCCESS;
  gint64 start = g_get_monotonic_time ();

  g_option_context_set_summary (context, _("Build a tactical set from compositions (their keys) and games "
                                           "(combinations a deep search finds and a shallow one misses)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli tactics build: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }
  b.rules = dr_rules_from_name (variant != NULL ? variant : "international");
  if (b.rules == NULL || output == NULL || argc < 2 || shallow < 1 || deep <= shallow
      || deep > 60 || deep_nodes < 0 || skip_plies < 0 || hash < 1 || hash > 4096 || unique_margin < 0)
    {
      g_printerr (_("draughtsman-cli tactics build: bad arguments (see --help)\n"));
      return EXIT_BAD_INPUT;
    }
  b.search = dr_search_new (b.rules, (size_t) hash);
  if (b.search == NULL)
    {
      g_printerr (_("draughtsman-cli tactics build: not enough memory for the table\n"));
      return EXIT_FAILURE;
    }
  patterns = dr_cli_patterns_for_search (b.search, patterns_option, "tactics build", &patterns_ok);
  if (!patterns_ok)
    {
      dr_search_free (b.search);
      return EXIT_FAILURE;
    }
  b.out = fopen (output, "w");
  if (b.out == NULL)
    {
      dr_search_free (b.search);
      g_printerr ("draughtsman-cli tactics build: %s: %s\n", output, g_strerror (errno));
      return EXIT_FAILURE;
    }
  b.seen = seen;
  b.shallow = shallow;
  b.deep = deep;
  b.deep_nodes = (guint64) deep_nodes;
  b.skip_plies = skip_plies;
  b.unique_margin = unique_margin;
  fprintf (b.out, "# A tactical set of %s positions: FEN | best move(s) | source.\n"
                  "# Built by: draughtsman-cli tactics build --shallow %d --deep %d --deep-nodes %"
                  G_GINT64_FORMAT " --skip-plies %d --unique-margin %d --hash %d", b.rules->name, shallow,
           deep, deep_nodes, skip_plies, unique_margin, hash);
  if (patterns_option != NULL)
    {
      g_autofree char *base = g_path_get_basename (patterns_option);

      fprintf (b.out, " --patterns %s", base);
    }
  fprintf (b.out, ", from:");
  for (int i = 1; i < argc; i++)
    {
      g_autofree char *base = g_path_get_basename (argv[i]);

      fprintf (b.out, " %s", base);
    }
  fprintf (b.out, "\n");
  for (int i = 1; i < argc && status == EXIT_SUCCESS; i++)
    status = build_file (&b, argv[i]);
  dr_search_free (b.search);
  if (fclose (b.out) != 0)
    {
      g_printerr ("draughtsman-cli tactics build: %s: %s\n", output, g_strerror (errno));
      return EXIT_FAILURE;
    }
  g_print ("%u positions: %u composition keys, %u later solution moves, %u combinations from %u game "
           "positions, %.0f s\n", b.problems + b.solution_moves + b.combinations, b.problems,
           b.solution_moves, b.combinations, b.positions,
           (double) (g_get_monotonic_time () - start) / 1e6);
  return status;
}

static int
tactics_run (int    argc,
             char **argv)
{
  g_autofree char *variant = NULL, *probcut_name = NULL, *patterns_option = NULL;
  g_autoptr (DrPatterns) patterns = NULL;
  gint64 nodes = 0;
  int depth = 0, hash = 16;
  gboolean verbose = FALSE, patterns_ok;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Rules of the set (default: international)"), N_("VARIANT") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &nodes, N_("Nodes a position (default 1,000,000 without --depth)"), N_("N") },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("Search each position to this depth"), N_("N") },
    { "probcut", 0, 0, G_OPTION_ARG_STRING, &probcut_name, N_("ProbCut: off (default), plain or guarded"), N_("MODE") },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash, N_("Table size in MiB (default 16)"), N_("MB") },
    { "patterns", 0, 0, G_OPTION_ARG_FILENAME, &patterns_option, N_("Pattern weights from this file (see tune --patterns), or “none” (default: those that ship)"), N_("FILE") },
    { "verbose", 0, 0, G_OPTION_ARG_NONE, &verbose, N_("A line per position"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) entries_read = NULL;
  const DrRules *rules;
  DrProbCut probcut = DR_PROBCUT_OFF;
  DrSearch *search;
  guint solved = 0;
  guint64 total_nodes = 0;
  gint64 start = g_get_monotonic_time ();

  g_option_context_set_summary (context, _("Search every position of a tactical set and count those solved."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli tactics run: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }
  rules = dr_rules_from_name (variant != NULL ? variant : "international");
  if (rules == NULL || argc != 2 || nodes < 0 || depth < 0 || hash < 1 || hash > 4096)
    {
      g_printerr (_("draughtsman-cli tactics run: bad arguments (see --help)\n"));
      return EXIT_BAD_INPUT;
    }
  if (probcut_name != NULL && !dr_probcut_from_name (probcut_name, &probcut))
    {
      g_printerr (_("draughtsman-cli tactics run: --probcut must be off, plain or guarded, not “%s”\n"),
                  probcut_name);
      return EXIT_BAD_INPUT;
    }
  if (nodes == 0 && depth == 0)
    nodes = 1000000;
  entries_read = tactics_read (argv[1], rules, problems, &error);
  if (entries_read == NULL)
    {
      g_printerr ("draughtsman-cli tactics run: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }
  if (problems->len > 0)
    {
      for (guint i = 0; i < problems->len; i++)
        g_printerr ("%s\n", (const char *) problems->pdata[i]);
      return EXIT_BAD_INPUT;
    }
  search = dr_search_new (rules, (size_t) hash);
  if (search == NULL)
    {
      g_printerr (_("draughtsman-cli tactics run: not enough memory for the table\n"));
      return EXIT_FAILURE;
    }
  dr_search_set_probcut (search, probcut);
  /* Candidate weights are checked here before they ship (test-tactics
   * holds the shipped ones to its floors). */
  patterns = dr_cli_patterns_for_search (search, patterns_option, "tactics run", &patterns_ok);
  if (!patterns_ok)
    {
      dr_search_free (search);
      return EXIT_FAILURE;
    }
  for (guint i = 0; i < entries_read->len; i++)
    {
      const TacticsEntry *e = entries_read->pdata[i];
      DrSearchResult result;
      gboolean ok = FALSE;

      if (!search_position (search, &e->pos, depth, (guint64) nodes, 1, &result))
        continue;
      for (int j = 0; j < e->n_best; j++)
        ok |= dr_move_same (&result.best, &e->best[j]);
      /* Another move proven to win is a correct answer too (a dual). */
      ok |= result.score >= DR_SCORE_WON;
      solved += ok;
      total_nodes += result.nodes;
      if (verbose)
        {
          g_autofree char *played = dr_move_to_text_at (rules, &e->pos, &result.best);

          g_print ("%s:%u: %s %s (depth %d, %+d) %s\n", argv[1], e->line, ok ? "solved" : "missed",
                   played, result.depth, result.score, e->source);
        }
    }
  dr_search_free (search);
  g_print ("%u of %u solved (%s, probcut %s, %" G_GUINT64_FORMAT " nodes, %.0f s)\n", solved,
           entries_read->len, depth > 0 ? "fixed depth" : "node limit",
           probcut == DR_PROBCUT_OFF ? "off" : probcut == DR_PROBCUT_PLAIN ? "plain" : "guarded",
           total_nodes, (double) (g_get_monotonic_time () - start) / 1e6);
  return EXIT_SUCCESS;
}

int
dr_cli_tactics (int    argc,
                char **argv)
{
  if (argc >= 2 && g_str_equal (argv[1], "build"))
    return tactics_build (argc - 1, argv + 1);
  if (argc >= 2 && g_str_equal (argv[1], "run"))
    return tactics_run (argc - 1, argv + 1);
  g_printerr (_("Usage: draughtsman-cli tactics build [OPTIONS] -o FILE PDN...\n"
                "       draughtsman-cli tactics run [OPTIONS] FILE\n"));
  return EXIT_BAD_INPUT;
}
