/* test-book.c — opening books: files, lookups, building, the Hub engine
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "dr-book.h"
#include "dr-fen.h"
#include "dr-game.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "test-util.h"

static char *tmp_dir;

static DrMove
parse_move (const DrRules    *rules,
            const DrPosition *pos,
            const char       *text)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GError) error = NULL;
  DrMove move;

  dr_movegen_legal (rules, pos, legal);
  g_assert_true (dr_move_parse (rules, pos, legal, text, &move, &error));
  g_assert_no_error (error);
  return move;
}

/* The start and the position after 32-28, with two moves each. */
static DrBook *
small_book (DrPosition *start,
            DrPosition *after)
{
  const DrRules *rules = &dr_rules_international;
  DrBook *book = dr_book_new (rules);
  DrMove m;

  dr_rules_initial (rules, start);
  m = parse_move (rules, start, "32-28");
  dr_book_add (book, start, &m, 30);
  dr_position_apply (after, start, &m);
  m = parse_move (rules, start, "33-28");
  dr_book_add (book, start, &m, 10);
  m = parse_move (rules, after, "18-23");
  dr_book_add (book, after, &m, 5);
  m = parse_move (rules, after, "19-23");
  dr_book_add (book, after, &m, 7);
  /* Added again: the weights add up. */
  dr_book_add (book, after, &m, 1);
  return book;
}

static void
assert_moves (const DrBook     *book,
              const DrPosition *pos,
              const char       *expected)
{
  const DrRules *rules = dr_book_get_rules (book);
  DrBookMove found[DR_MAX_MOVES];
  guint n = dr_book_lookup (book, pos, found);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *move = dr_move_to_text (rules, NULL, &found[i].move, rules->notation);

      g_string_append_printf (text, "%s%s:%u", i ? " " : "", move, found[i].weight);
    }
  g_assert_cmpstr (text->str, ==, expected);
}

static void
test_file_round_trip (void)
{
  DrPosition start, after;
  g_autoptr (DrBook) book = small_book (&start, &after);
  g_autoptr (DrBook) again = NULL;
  g_autoptr (DrBook) loaded = NULL;
  g_autoptr (GBytes) bytes = dr_book_to_bytes (book);
  g_autoptr (GBytes) bytes_again = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "small.drb", NULL);

  g_assert_cmpuint (dr_book_n_entries (book), ==, 4);
  /* 48 bytes of header and 20 a move. */
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 48 + 4 * 20);
  assert_moves (book, &start, "32-28:30 33-28:10");
  assert_moves (book, &after, "19-23:8 18-23:5");

  again = dr_book_load_bytes (&dr_rules_international, bytes, "small.drb", &error);
  g_assert_no_error (error);
  assert_moves (again, &start, "32-28:30 33-28:10");
  assert_moves (again, &after, "19-23:8 18-23:5");
  /* The file does not depend on the order the moves were added in. */
  bytes_again = dr_book_to_bytes (again);
  g_assert_true (g_bytes_equal (bytes, bytes_again));

  g_assert_true (dr_book_save (book, path, &error));
  g_assert_no_error (error);
  loaded = dr_book_load_file (&dr_rules_international, path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dr_book_n_entries (loaded), ==, 4);
  g_unlink (path);
}

static void
assert_refused (GBytes     *bytes,
                int         code,
                const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrBook) book = dr_book_load_bytes (&dr_rules_international, bytes, "x.drb", &error);

  g_assert_null (book);
  g_assert_error (error, DR_BOOK_ERROR, code);
  g_assert_nonnull (strstr (error->message, "x.drb"));
  g_assert_nonnull (strstr (error->message, words));
}

static GBytes *
changed (GBytes *bytes,
         gsize   at,
         guint8  value,
         gsize   size)
{
  guint8 *data = g_malloc0 (size);

  memcpy (data, g_bytes_get_data (bytes, NULL), MIN (size, g_bytes_get_size (bytes)));
  if (at < size)
    data[at] = value;
  return g_bytes_new_take (data, size);
}

static void
test_file_refused (void)
{
  DrPosition start, after;
  g_autoptr (DrBook) book = small_book (&start, &after);
  g_autoptr (GBytes) bytes = dr_book_to_bytes (book);
  gsize size = g_bytes_get_size (bytes);
  const guint8 *data = g_bytes_get_data (bytes, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrBook) english = NULL;

  {
    g_autoptr (GBytes) b = changed (bytes, 0, 'X', size);
    assert_refused (b, DR_BOOK_ERROR_FORMAT, "not an opening book");
  }
  {
    g_autoptr (GBytes) b = changed (bytes, 7, 2, size);
    assert_refused (b, DR_BOOK_ERROR_FORMAT, "version 2");
  }
  {
    /* A weight changed: the checksum catches it. */
    g_autoptr (GBytes) b = changed (bytes, 48 + 20 + 18, data[48 + 20 + 18] ^ 1, size);
    assert_refused (b, DR_BOOK_ERROR_DAMAGED, "checksum");
  }
  {
    g_autoptr (GBytes) b = changed (bytes, size, 0, size - 1);
    assert_refused (b, DR_BOOK_ERROR_DAMAGED, "bytes");
  }
  {
    g_autoptr (GBytes) b = changed (bytes, size, 0, 20);
    assert_refused (b, DR_BOOK_ERROR_FORMAT, "not an opening book");
  }
  /* An International book is no English one, even with a sound checksum. */
  english = dr_book_load_bytes (&dr_rules_english, bytes, "x.drb", &error);
  g_assert_null (english);
  g_assert_error (error, DR_BOOK_ERROR, DR_BOOK_ERROR_VARIANT);
  g_assert_nonnull (strstr (error->message, "GameType 20"));
  g_assert_nonnull (strstr (error->message, "GameType 21"));
}

/* A move the book holds for a position's key is given only if it is legal
 * there: a position sharing the key (or a damaged entry) gives none. */
static void
test_lookup_legal_only (void)
{
  const DrRules *rules = &dr_rules_international;
  g_autoptr (DrBook) book = dr_book_new (rules);
  DrPosition start;
  DrMove move, bogus;
  DrBookMove found[DR_MAX_MOVES];

  dr_rules_initial (rules, &start);
  move = parse_move (rules, &start, "31-27");
  bogus = move;
  bogus.to = move.from;          /* from a square to itself */
  dr_book_add (book, &start, &bogus, 100);
  dr_book_add (book, &start, &move, 1);
  g_assert_cmpuint (dr_book_n_entries (book), ==, 2);
  g_assert_cmpuint (dr_book_lookup (book, &start, found), ==, 1);
  g_assert_true (dr_move_same (&found[0].move, &move));
}

static void
test_pick (void)
{
  DrPosition start, after, other;
  g_autoptr (DrBook) book = small_book (&start, &after);
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  guint heavy = 0, draws = 4000;
  DrMove move, best;

  /* Without a draw, the heaviest. */
  g_assert_true (dr_book_pick (book, &start, NULL, &best));
  g_assert_cmpint (best.to, ==, parse_move (&dr_rules_international, &start, "32-28").to);
  for (guint i = 0; i < draws; i++)
    {
      g_assert_true (dr_book_pick (book, &start, rand, &move));
      heavy += dr_move_same (&move, &best);
    }
  /* 30 of 40: three draws in four (the seed is fixed: 2,990 here; a
   * binomial's standard deviation is 27). */
  g_assert_cmpuint (heavy, >, draws * 3 / 4 - 150);
  g_assert_cmpuint (heavy, <, draws * 3 / 4 + 150);
  dr_position_apply (&other, &after, &best);
  g_assert_false (dr_book_pick (book, &other, rand, &move));
}

/* What a search of @pos to @depth says each move is worth, from the
 * mover's view: a search of the position after it, turned round. */
static int
move_value (DrSearch         *search,
            const DrPosition *pos,
            const DrMove     *move,
            int               depth)
{
  DrSearchLimits limits = { .max_depth = depth - 1, .multipv = 1 };
  DrSearchResult result;
  DrPosition child;

  dr_position_apply (&child, pos, move);
  g_assert_true (dr_search_run (search, &child, &limits, &result));
  return -result.score;
}

/* A game's move that the search finds bad stays out of the book however
 * often it won; a sound one comes in beside the search's own. */
static void
test_build (void)
{
  const DrRules *rules = &dr_rules_english;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_game_free);
  DrSearch *search = dr_search_new (rules, 16);
  DrBookBuildOptions options;
  g_autoptr (DrBook) book = NULL;
  DrBookMove found[DR_MAX_MOVES];
  DrPosition start;
  int values[DR_MAX_MOVES] = { 0 }, best = -100000;
  guint worst = 0, n;

  dr_book_build_options_init (&options);
  options.max_plies = 2;
  options.depth = 6;
  options.margin = 5;
  options.lines = 2;
  options.max_positions = 20;
  dr_rules_initial (rules, &start);
  dr_movegen_legal (rules, &start, legal);
  for (guint i = 0; i < legal->n; i++)
    {
      values[i] = move_value (search, &start, &legal->moves[i], options.depth);
      best = MAX (best, values[i]);
      if (values[i] < values[worst])
        worst = i;
    }
  g_assert_cmpint (values[worst], <, best - options.margin);
  /* Two games won by the worst first move. */
  for (int g = 0; g < 2; g++)
    {
      DrGame *game = dr_game_new (rules, &start);

      dr_game_add_move (game, game->root, &legal->moves[worst]);
      game->result = rules->first_side == DR_SIDE_WHITE ? DR_RESULT_WHITE_WINS : DR_RESULT_BLACK_WINS;
      g_ptr_array_add (games, game);
    }
  dr_search_clear (search);
  book = dr_book_build (search, games, &options, NULL, NULL);
  n = dr_book_lookup (book, &start, found);
  g_assert_cmpuint (n, >=, 1);
  for (guint i = 0; i < n; i++)
    {
      g_assert_false (dr_move_same (&found[i].move, &legal->moves[worst]));
      /* Every move kept is within the margin of the best (by our own
       * search here, with its table: a point or two may differ). */
      for (guint j = 0; j < legal->n; j++)
        if (dr_move_same (&legal->moves[j], &found[i].move))
          g_assert_cmpint (values[j], >=, best - options.margin - 10);
    }
  /* The positions after the book's first moves are in it too. */
  {
    DrPosition after;

    dr_position_apply (&after, &start, &found[0].move);
    g_assert_cmpuint (dr_book_lookup (book, &after, found), >=, 1);
  }
  dr_search_free (search);
}

/* The weight of @move in @pos in @book (0: not in it). */
static guint
weight_of (const DrBook     *book,
           const DrPosition *pos,
           const DrMove     *move)
{
  DrBookMove found[DR_MAX_MOVES];
  guint n = dr_book_lookup (book, pos, found);

  for (guint i = 0; i < n; i++)
    if (dr_move_same (&found[i].move, move))
      return found[i].weight;
  return 0;
}

/* Games that start from a FEN tag of the initial position, as real
 * collections write before every game (ussr1947.pdn), propose their moves
 * like games without one: each game adds 4 to its move's weight.  They
 * were skipped as set-up positions, and the Russian book was built
 * without the collection's games. */
static void
test_build_start_fen (void)
{
  const DrRules *rules = &dr_rules_russian;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_game_free);
  DrSearch *search = dr_search_new (rules, 16);
  DrBookBuildOptions options;
  g_autoptr (DrBook) alone = NULL;
  g_autoptr (DrBook) with_games = NULL;
  DrBookMove found[DR_MAX_MOVES];
  DrPosition start;

  dr_book_build_options_init (&options);
  options.max_plies = 1;
  options.depth = 6;
  options.lines = 2;
  dr_rules_initial (rules, &start);
  dr_search_clear (search);
  alone = dr_book_build (search, NULL, &options, NULL, NULL);
  g_assert_cmpuint (dr_book_lookup (alone, &start, found), >=, 1);

  /* Three drawn games with the book's first move, each from a FEN tag of
   * the start position (a setup game: dr_game_new() with a start). */
  for (int g = 0; g < 3; g++)
    {
      DrGame *game = dr_game_new (rules, &start);

      g_assert_true (game->setup);
      g_assert_true (dr_game_starts_from_initial (game));
      dr_game_add_move (game, game->root, &found[0].move);
      game->result = DR_RESULT_DRAW;
      g_ptr_array_add (games, game);
    }
  dr_search_clear (search);
  with_games = dr_book_build (search, games, &options, NULL, NULL);
  g_assert_cmpuint (weight_of (with_games, &start, &found[0].move), ==,
                    weight_of (alone, &start, &found[0].move) + 3 * 4);

  dr_search_free (search);
}

/* draughtsman-cli hub answers from its book at once, says so, and
 * searches when told not to use it. */
static char *
run_hub (const char *book_option,
         const char *commands)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *option = g_strdup_printf ("--book=%s", book_option);
  const char *argv[] = { cli, "hub", option, NULL };
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  char *out = NULL;

  g_assert_nonnull (cli);
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, commands, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  return out;
}

static void
test_hub (void)
{
  const DrRules *rules = &dr_rules_international;
  g_autoptr (DrBook) book = dr_book_new (rules);
  g_autofree char *path = g_build_filename (tmp_dir, "hub.drb", NULL);
  g_autoptr (GError) error = NULL;
  DrPosition start, after;
  DrMove m;
  g_autofree char *with = NULL, *without = NULL, *turned_off = NULL, *later = NULL;

  /* An odd choice that no search makes first: 31-26 at the start, and
   * 16-21 after 32-28. */
  dr_rules_initial (rules, &start);
  m = parse_move (rules, &start, "31-26");
  dr_book_add (book, &start, &m, 1);
  m = parse_move (rules, &start, "32-28");
  dr_position_apply (&after, &start, &m);
  m = parse_move (rules, &after, "16-21");
  dr_book_add (book, &after, &m, 1);
  g_assert_true (dr_book_save (book, path, &error));
  g_assert_no_error (error);

  with = run_hub (path, "hub\ninit\ngo\nquit\n");
  g_assert_nonnull (strstr (with, "param name=book value=true type=bool"));
  g_assert_nonnull (strstr (with, "info depth=0 pv=\"31-26\" book=true\ndone move=31-26\n"));
  /* The book goes on after the moves the interface played (a match's
   * opening, for instance). */
  later = run_hub (path, "hub\ninit\npos start moves=\"32-28\"\nlevel depth=2\ngo\nquit\n");
  g_assert_nonnull (strstr (later, "done move=16-21\n"));
  turned_off = run_hub (path, "hub\ninit\nset-param name=book value=false\nlevel depth=2\ngo\nquit\n");
  g_assert_null (strstr (turned_off, "book=true"));
  g_assert_nonnull (strstr (turned_off, "done move="));
  without = run_hub ("none", "hub\ninit\nlevel depth=2\ngo\nquit\n");
  g_assert_null (strstr (without, "book=true"));
  g_assert_nonnull (strstr (without, "done move="));
  g_unlink (path);
}

/* The books that ship load, and each holds the start position with moves
 * the search proposed. */
static void
test_builtin (void)
{
  static const char *const variants[] = { "international", "russian", "english", "brazilian" };

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      const DrRules *rules = dr_rules_from_name (variants[i]);
      g_autoptr (DrBook) book = dr_book_new_builtin (rules);
      DrBookMove found[DR_MAX_MOVES];
      DrPosition start;

      g_assert_nonnull (book);
      g_assert_cmpuint (dr_book_n_entries (book), >, 100);
      dr_rules_initial (rules, &start);
      g_assert_cmpuint (dr_book_lookup (book, &start, found), >=, 1);
    }
  /* No book ships for the others. */
  g_assert_null (dr_book_new_builtin (&dr_rules_frisian));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-book-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  g_test_add_func ("/book/file/round-trip", test_file_round_trip);
  g_test_add_func ("/book/file/refused", test_file_refused);
  g_test_add_func ("/book/lookup/legal-only", test_lookup_legal_only);
  g_test_add_func ("/book/pick", test_pick);
  g_test_add_func ("/book/build", test_build);
  g_test_add_func ("/book/build/start-fen", test_build_start_fen);
  g_test_add_func ("/book/hub", test_hub);
  g_test_add_func ("/book/builtin", test_builtin);
  status = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
