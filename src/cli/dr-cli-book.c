/* dr-cli-book.c — draughtsman-cli book: make and show opening books
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-cli-book.h"

#include "dr-book.h"
#include "dr-cli-learn.h"
#include "dr-fen.h"
#include "dr-notation.h"
#include "dr-pdn.h"

#include <glib/gi18n.h>
#include <stdlib.h>

static void
progress (guint    done,
          guint    queued,
          gpointer user_data)
{
  gint64 *last = user_data;
  gint64 now = g_get_monotonic_time ();

  if (now - *last < G_USEC_PER_SEC)
    return;
  *last = now;
  g_printerr (_("%u positions searched, %u queued\n"), done, queued);
}

/* The games of the PDN files @paths that are of @rules's variant. */
static GPtrArray *
read_games (const DrRules *rules,
            char         **paths,
            int            n,
            GError       **error)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_game_free);

  for (int i = 0; i < n; i++)
    {
      g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (paths[i], NULL, rules, error);

      if (reader == NULL)
        return NULL;
      for (;;)
        {
          g_autoptr (DrGame) game = NULL;
          g_autoptr (GError) local = NULL;
          DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &local);

          if (read == DR_PDN_READ_END)
            break;
          /* A game read in part proposes the moves that were read. */
          if (game != NULL && game->rules == rules)
            g_ptr_array_add (games, g_steal_pointer (&game));
        }
    }
  return g_steal_pointer (&games);
}

static int
book_build (const DrRules *rules,
            int            argc,
            char         **argv,
            DrBookBuildOptions *options,
            const char    *output,
            const char    *patterns_option)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = read_games (rules, argv + 1, argc - 1, &error);
  g_autoptr (DrPatterns) patterns = NULL;
  g_autoptr (DrBook) book = NULL;
  DrSearch *search;
  gboolean ok = TRUE;
  gint64 last = 0, start = g_get_monotonic_time ();

  if (games == NULL)
    {
      g_printerr ("draughtsman-cli book: %s\n", error->message);
      return EXIT_FAILURE;
    }
  search = dr_search_new (rules, 64);
  patterns = dr_cli_patterns_for_search (search, patterns_option, "book", &ok);
  if (!ok)
    {
      dr_search_free (search);
      return EXIT_FAILURE;
    }
  book = dr_book_build (search, games, options, progress, &last);
  dr_search_free (search);
  if (!dr_book_save (book, output, &error))
    {
      g_printerr (_("draughtsman-cli book: %s not written (left as it was): %s\n"), output, error->message);
      return EXIT_FAILURE;
    }
  g_print (_("%s: %u moves from %u games and the search (depth %d, margin %d, %u plies), %.0f s\n"), output,
           dr_book_n_entries (book), games->len, options->depth, options->margin, options->max_plies,
           (g_get_monotonic_time () - start) / 1e6);
  return EXIT_SUCCESS;
}

static int
book_show (const DrRules *rules,
           const char    *book_path,
           const char    *fen,
           char         **moves,
           int            n_moves)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrBook) book = NULL;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrBookMove found[DR_MAX_MOVES];
  DrPosition pos;
  guint n, total = 0;

  book = book_path != NULL ? dr_book_load_file (rules, book_path, &error) : dr_book_new_builtin (rules);
  if (book == NULL)
    {
      if (error != NULL)
        g_printerr ("draughtsman-cli book: %s\n", error->message);
      else
        g_printerr (_("draughtsman-cli book: no opening book ships for %s\n"), rules->title);
      return EXIT_FAILURE;
    }
  if (fen != NULL)
    {
      if (!dr_fen_parse (rules, fen, &pos, &error))
        {
          g_printerr ("draughtsman-cli book: %s\n", error->message);
          return EXIT_FAILURE;
        }
    }
  else
    dr_rules_initial (rules, &pos);
  for (int i = 0; i < n_moves; i++)
    {
      DrMove move;

      dr_movegen_legal (rules, &pos, legal);
      if (!dr_move_parse (rules, &pos, legal, moves[i], &move, &error))
        {
          g_printerr (_("draughtsman-cli book: move %d, “%s”: %s\n"), i + 1, moves[i], error->message);
          return EXIT_FAILURE;
        }
      dr_position_apply (&pos, &pos, &move);
    }
  n = dr_book_lookup (book, &pos, found);
  for (guint i = 0; i < n; i++)
    total += found[i].weight;
  dr_movegen_legal (rules, &pos, legal);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = dr_move_to_text (rules, legal, &found[i].move, rules->notation);

      g_print ("%-8s %5u %5.1f %%\n", text, found[i].weight, 100.0 * found[i].weight / total);
    }
  if (n == 0)
    g_print (_("(no book move)\n"));
  return EXIT_SUCCESS;
}

int
dr_cli_book (int    argc,
             char **argv)
{
  g_autofree char *variant = NULL, *output = NULL, *book_path = NULL, *fen = NULL, *patterns_option = NULL;
  DrBookBuildOptions options;
  int plies, depth, margin, positions, min_games, lines;
  double min_score;
  g_autoptr (GOptionContext) context = g_option_context_new (_("build PDN… | show [MOVE…]"));
  g_autoptr (GError) error = NULL;
  const DrRules *rules;

  dr_book_build_options_init (&options);
  plies = (int) options.max_plies;
  depth = options.depth;
  margin = options.margin;
  positions = (int) options.max_positions;
  min_games = (int) options.min_games;
  min_score = options.min_score;
  lines = (int) options.lines;
  {
    GOptionEntry entries[] = {
      { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Variant (default: international)"), N_("VARIANT") },
      { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("build: write the book to this file"), N_("FILE") },
      { "plies", 0, 0, G_OPTION_ARG_INT, &plies, N_("build: book positions up to this many plies from the start (default 8)"), N_("N") },
      { "depth", 'd', 0, G_OPTION_ARG_INT, &depth, N_("build: depth of the search that checks every move (default 10)"), N_("N") },
      { "margin", 0, 0, G_OPTION_ARG_INT, &margin, N_("build: keep moves this close to the best, in hundredths of a man (default 15)"), N_("N") },
      { "positions", 0, 0, G_OPTION_ARG_INT, &positions, N_("build: search this many positions at the most (default 2000; 0: no limit)"), N_("N") },
      { "lines", 0, 0, G_OPTION_ARG_INT, &lines, N_("build: lines of the search at each position (default 4)"), N_("N") },
      { "min-games", 0, 0, G_OPTION_ARG_INT, &min_games, N_("build: a game move is proposed when played this often (default 2)"), N_("N") },
      { "min-score", 0, 0, G_OPTION_ARG_DOUBLE, &min_score, N_("build: ... and scoring at least this for its side, 0-1 (default 0.5)"), N_("S") },
      { "patterns", 0, 0, G_OPTION_ARG_FILENAME, &patterns_option, N_("build: pattern weights of the search: a file, or “none” (default: those that ship)"), N_("FILE") },
      { "book", 'b', 0, G_OPTION_ARG_FILENAME, &book_path, N_("show: this book (default: the one that ships)"), N_("FILE") },
      { "fen", 'f', 0, G_OPTION_ARG_STRING, &fen, N_("show: from this position (default: the start)"), N_("FEN") },
      { NULL }
    };

    g_option_context_set_summary (context, _("Opening books: “build” makes one from the games of PDN files (moves "
                                             "their players chose and scored with) and the search (its best lines); "
                                             "every move is checked by a search to --depth.  “show” lists a book's "
                                             "moves after the MOVEs from the start (or --fen), with their weights."));
    g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
    if (!g_option_context_parse (context, &argc, &argv, &error))
      {
        g_printerr ("draughtsman-cli book: %s\n", error->message);
        return EXIT_FAILURE;
      }
  }
  rules = dr_rules_from_name (variant != NULL ? variant : "international");
  if (rules == NULL)
    {
      g_printerr (_("draughtsman-cli book: unknown variant “%s”\n"), variant);
      return EXIT_FAILURE;
    }
  if (argc >= 2 && g_str_equal (argv[1], "show"))
    return book_show (rules, book_path, fen, argv + 2, argc - 2);
  if (argc < 2 || !g_str_equal (argv[1], "build"))
    {
      g_printerr (_("draughtsman-cli book: say “build” or “show” (see --help)\n"));
      return EXIT_FAILURE;
    }
  if (output == NULL || plies < 1 || plies > 60 || depth < 1 || depth > 40 || margin < 0 || margin > 1000
      || positions < 0 || lines < 1 || lines > DR_SEARCH_MAX_PV || min_games < 1 || min_score < 0 || min_score > 1)
    {
      g_printerr (_("draughtsman-cli book: build needs --output, and its options in range (see --help)\n"));
      return EXIT_FAILURE;
    }
  options.max_plies = (guint) plies;
  options.depth = depth;
  options.margin = margin;
  options.max_positions = (guint) positions;
  options.min_games = (guint) min_games;
  options.min_score = min_score;
  options.lines = (guint) lines;
  return book_build (rules, argc - 1, argv + 1, &options, output, patterns_option);
}
