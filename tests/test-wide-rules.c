/* test-wide-rules.c — Canadian draughts as a DrRules variant (dr-wide-rules.h)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dr_rules_canadian plays through the 64-bit types (DrPosition, DrMove)
 * with dr-wide.c's generator behind them.  These tests check the packing
 * against the 128-bit path that test-wide.c checks against published perft
 * and an independent generator: the geometry square by square, perft
 * through dr_perft() and through the generic dr_movegen_legal() +
 * dr_position_apply() loop, and seeded random games in which both paths
 * must list the same moves, reach the same positions (hashes included),
 * write the same FEN and move text and read them back.
 */

#include "config.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-wide-pdn.h"
#include "dr-egdb.h"
#include "dr-patterns.h"
#include "dr-perft.h"
#include "dr-search.h"
#include "dr-wide-rules.h"
#include "dr-wide-text.h"

#include <string.h>

static const DrRules *rules = &dr_rules_canadian;

/* 001: 72 squares numbered 1 (b12) to 72 (k1) as GameType 27; every one
 * has the same number, name and place on both paths. */
static void
test_geometry (void)
{
  const DrGeometry *g = rules->geometry;
  const DrWideGeometry *wg = dr_wide_geometry (12);
  char name[8];
  guint seen[72] = { 0 };

  g_assert_true (dr_rules_get (DR_VARIANT_CANADIAN) == rules);
  g_assert_true (dr_rules_from_gametype (27) == rules);
  g_assert_true (dr_rules_from_name ("canadian") == rules);
  g_assert_cmpint (g->n_squares, ==, 72);
  for (int n = 1; n <= 72; n++)
    {
      int bit = dr_geometry_bit_from_number (g, n);
      int wbit = dr_wide_bit_from_number (wg, n);
      int x, y, wx, wy;

      g_assert_cmpint (bit, >=, 0);
      g_assert_cmpint (bit, <, 72);
      seen[bit]++;
      g_assert_cmpint (dr_geometry_number (g, bit), ==, n);
      g_assert_cmpint (dr_wide_rules_wide_bit (bit), ==, wbit);
      g_assert_cmpint (dr_wide_rules_bit (wbit), ==, bit);
      g_assert_true (dr_geometry_xy (g, bit, &x, &y));
      g_assert_true (dr_wide_xy (wg, wbit, &wx, &wy));
      g_assert_cmpint (x, ==, wx);
      g_assert_cmpint (y, ==, wy);
      g_assert_cmpint (dr_geometry_bit_at_xy (g, x, y), ==, bit);
    }
  for (int bit = 0; bit < 72; bit++)
    g_assert_cmpuint (seen[bit], ==, 1);
  dr_geometry_name (g, dr_geometry_bit_from_number (g, 1), name);
  g_assert_cmpstr (name, ==, "b12");
  dr_geometry_name (g, dr_geometry_bit_from_number (g, 67), name);
  g_assert_cmpstr (name, ==, "a1");
  dr_geometry_name (g, dr_geometry_bit_from_number (g, 72), name);
  g_assert_cmpstr (name, ==, "k1");
  g_assert_cmpint (dr_geometry_bit_at_xy (g, 1, 0), ==, -1);   /* b1: a light square */
  g_assert_cmpint (dr_geometry_bit_at_xy (g, 12, 0), ==, -1);
}

/* The start position: 30 men each on the five nearest ranks (001), and
 * the pieces of bits 64-71 read and written one by one. */
static void
test_start (void)
{
  DrPosition pos;
  DrWidePosition wide, start;
  g_autofree char *fen = NULL;

  dr_rules_initial (rules, &pos);
  dr_wide_initial (&start, 12);
  dr_wide_rules_unpack (&pos, &wide);
  g_assert_true (wide.pieces[0] == start.pieces[0] && wide.pieces[1] == start.pieces[1]);
  g_assert_true (wide.kings == 0 && wide.turn == DR_SIDE_WHITE);
  fen = dr_fen_write (rules, &pos, DR_NOTATION_NUMERIC);
  g_assert_cmpstr (fen, ==, "W:W43-72:B1-30");
  for (int n = 67; n <= 72; n++)
    g_assert_cmpint (dr_position_get (&pos, dr_geometry_bit_from_number (rules->geometry, n)),
                     ==, DR_PIECE_WHITE_MAN);
  for (int n = 1; n <= 2; n++)
    g_assert_cmpint (dr_position_get (&pos, dr_geometry_bit_from_number (rules->geometry, n)),
                     ==, DR_PIECE_BLACK_MAN);
  /* A king put on square 70 (bit 67) and taken off again. */
  dr_position_put (&pos, 67, DR_PIECE_WHITE_KING);
  g_assert_cmpint (dr_position_get (&pos, 67), ==, DR_PIECE_WHITE_KING);
  g_assert_cmpuint (pos.hash, ==, dr_position_compute_hash (&pos));
  dr_position_put (&pos, 67, DR_PIECE_NONE);
  g_assert_cmpint (dr_position_get (&pos, 67), ==, DR_PIECE_NONE);
  dr_position_put (&pos, 67, DR_PIECE_WHITE_MAN);
  /* A side whose only piece stands on bits 64-71 has a piece. */
  {
    DrPosition lone;

    dr_position_clear (&lone);
    g_assert_false (dr_position_side_has_pieces (&lone, DR_SIDE_WHITE));
    dr_position_put (&lone, 64, DR_PIECE_WHITE_MAN);
    dr_position_put (&lone, 71, DR_PIECE_BLACK_KING);
    g_assert_true (lone.pieces[0] == 0 && lone.pieces[1] == 0);
    g_assert_true (dr_position_side_has_pieces (&lone, DR_SIDE_WHITE));
    g_assert_true (dr_position_side_has_pieces (&lone, DR_SIDE_BLACK));
  }
  {
    DrPosition again;

    dr_rules_initial (rules, &again);
    g_assert_true (dr_position_equal (&pos, &again));
    g_assert_cmpuint (pos.hash, ==, again.hash);
  }
}

static uint64_t
generic_perft (const DrPosition *pos,
               int               depth)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  uint64_t nodes = 0;

  dr_movegen_legal (rules, pos, list);
  if (depth == 1)
    return list->n;
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;

      dr_position_apply (&child, pos, &list->moves[i]);
      nodes += generic_perft (&child, depth - 1);
    }
  return nodes;
}

/* ENGINES.md §1.5, the Canadian row (as test-wide.c), through dr_perft()
 * and through DrMove and dr_position_apply(). */
static void
test_perft (void)
{
  static const uint64_t expected[] = { 11, 121, 1222, 10053, 79049 };
  DrPosition pos;

  dr_rules_initial (rules, &pos);
  for (int d = 1; d <= 5; d++)
    g_assert_cmpuint (dr_perft (rules, &pos, d, DR_DUPLICATES_DROP), ==, expected[d - 1]);
  for (int d = 1; d <= 4; d++)
    g_assert_cmpuint (generic_perft (&pos, d), ==, expected[d - 1]);
}

/* Both paths along one game, ply by ply. */
static void
check_ply (const DrPosition *pos,
           const DrMoveList *legal,
           guint             ply)
{
  DrWidePosition wide;
  g_autofree DrWideMoveList *wlist = g_new0 (DrWideMoveList, 1);
  g_autofree char *fen = dr_fen_write (rules, pos, DR_NOTATION_NUMERIC);
  g_autofree char *wfen = NULL;
  DrPosition back;
  g_autoptr (GError) error = NULL;
  bool quiet = false;

  dr_wide_rules_unpack (pos, &wide);
  wfen = dr_wide_fen_write (&wide, FALSE);
  g_assert_cmpstr (fen, ==, wfen);
  g_assert_true (dr_fen_parse (rules, fen, &back, &error));
  g_assert_no_error (error);
  g_assert_true (dr_position_equal (&back, pos));
  g_assert_cmpuint (back.hash, ==, pos->hash);
  g_assert_cmpuint (pos->hash, ==, dr_position_compute_hash (pos));

  wlist->all_paths = false;
  dr_wide_generate (&wide, wlist);
  g_assert_cmpuint (legal->n, ==, wlist->n);
  for (unsigned i = 0; i < wlist->n; i++)
    {
      const DrWideMove *wm = &wlist->moves[i];
      const DrMove *m = &legal->moves[i];
      g_autofree char *text = dr_move_to_text (rules, legal, m, DR_NOTATION_NUMERIC);
      g_autofree char *wtext = dr_wide_move_text (&wide, wlist, wm, FALSE);
      DrMove parsed;

      g_assert_true (m->flags & DR_MOVE_WIDE);
      g_assert_cmpint (dr_wide_rules_wide_bit (m->from), ==, wm->from);
      g_assert_cmpint (dr_wide_rules_wide_bit (m->to), ==, wm->to);
      g_assert_cmpint (dr_bb_count (m->captures), ==, dr_wide_count (wm->captures));
      if (wm->n_jumps <= DR_MAX_JUMPS)
        g_assert_cmpstr (text, ==, wtext);
      g_assert_true (dr_move_parse (rules, pos, legal, text, &parsed, &error));
      g_assert_no_error (error);
      g_assert_true (dr_move_same (&parsed, m));
      quiet = quiet || wm->n_jumps == 0;
    }
  g_assert_cmpint (dr_movegen_kind (rules, pos), ==,
                   wlist->n == 0 ? DR_MOVES_NONE
                   : wlist->moves[0].n_jumps > 0 ? DR_MOVES_CAPTURE : DR_MOVES_QUIET);
  g_assert_cmpint (dr_movegen_has_capture (rules, pos), ==,
                   wlist->n > 0 && wlist->moves[0].n_jumps > 0);
  if (quiet)
    g_assert_true (rules->has_quiet (pos));
  if (wlist->n == 0)
    g_assert_false (rules->has_quiet (pos));
  (void) ply;
}

static void
test_random_games (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2027);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  guint plies = 0, captures = 0, promotions = 0;

  for (int game = 0; game < 40; game++)
    {
      DrPosition pos;

      dr_rules_initial (rules, &pos);
      for (guint ply = 0; ply < 300; ply++)
        {
          DrPosition child;
          DrWidePosition wide, wchild;
          g_autofree DrWideMoveList *wlist = g_new0 (DrWideMoveList, 1);
          const DrMove *m;
          DrPosition packed;
          unsigned i;

          dr_movegen_legal (rules, &pos, legal);
          check_ply (&pos, legal, ply);
          if (legal->n == 0)
            break;
          i = (unsigned) g_rand_int_range (rand, 0, (gint32) legal->n);
          m = &legal->moves[i];
          captures += m->captures != 0;
          promotions += (m->flags & DR_MOVE_PROMOTES) != 0;
          dr_position_apply (&child, &pos, m);
          g_assert_cmpuint (dr_position_hash_after (&pos, m), ==, child.hash);

          dr_wide_rules_unpack (&pos, &wide);
          dr_wide_generate (&wide, wlist);
          dr_wide_apply (&wchild, &wide, &wlist->moves[i]);
          dr_wide_rules_pack (&wchild, &packed);
          g_assert_true (dr_position_equal (&packed, &child));
          g_assert_cmpuint (packed.hash, ==, child.hash);
          pos = child;
          plies++;
        }
    }
  /* The games went through captures and crownings. */
  g_assert_cmpuint (plies, >, 2000);
  g_assert_cmpuint (captures, >, 200);
  g_assert_cmpuint (promotions, >, 5);
}

/* 004 2.5.1 via 001: the capture of the most pieces is compulsory; the
 * smaller one is refused with the reason. */
static void
test_majority (void)
{
  DrPosition pos;
  DrMove move;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (dr_fen_parse (rules, "W:We3,Ka9:Bb10,d4,f4,f6", &pos, &error));
  g_assert_no_error (error);
  g_assert_true (dr_move_parse (rules, &pos, NULL, "e3xe7", &move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (dr_bb_count (move.captures), ==, 2);
  text = dr_move_to_text_at (rules, &pos, &move);
  g_assert_cmpstr (text, ==, "57x33");
  g_assert_false (dr_move_parse (rules, &pos, NULL, "e3xg5", &move, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_assert_false (dr_move_parse (rules, &pos, NULL, "a9xc11", &move, &error));
  g_assert_nonnull (error);
}

/* FEN errors as for the other boards. */
static void
test_fen_errors (void)
{
  DrPosition pos;
  g_autoptr (GError) error = NULL;

  g_assert_false (dr_fen_parse (rules, "W:W3:B40", &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, DR_FEN_ERROR_MAN_ON_PROMOTION_ROW);
  g_clear_error (&error);
  g_assert_false (dr_fen_parse (rules, "W:W40,73:B10", &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SQUARE);
  g_clear_error (&error);
  /* A man on White's crowning rank put there by hand is refused by
   * dr_position_validate(). */
  dr_position_clear (&pos);
  dr_position_put (&pos, dr_geometry_bit_from_number (rules->geometry, 2), DR_PIECE_WHITE_MAN);
  g_assert_false (dr_position_validate (rules, &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, DR_FEN_ERROR_MAN_ON_PROMOTION_ROW);
  g_assert_nonnull (strstr (error->message, " 2 "));
}

static void
count_info (const DrSearchInfo *info,
            void               *user_data)
{
  guint *n = user_data;

  g_assert_cmpint (info->multipv, ==, 1);
  g_assert_cmpint (info->pv_length, >=, 1);
  (*n)++;
}

/* The 64-bit search hands Canadian positions to dr-wide-search.h: the
 * analysis pane, the explorer, game analysis and the opponent all reach it
 * through dr_search_run().  A win in three plies found as the wide search
 * finds it (test-wide.c /wide/search/combination-win), its line legal
 * move by move; one thread; no endgame tables. */
static void
test_search (void)
{
  DrSearch *search = dr_search_new (rules, 4);
  DrSearchLimits limits = { 0 };
  DrSearchResult result;
  DrPosition pos;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GError) error = NULL;
  guint infos = 0;
  g_autofree char *best = NULL;

  g_assert_nonnull (search);
  g_assert_false (dr_egdb_supported (rules));
  g_assert_false (dr_patterns_supported (rules));
  g_assert_true (dr_search_set_threads (search, 4));
  g_assert_cmpint (dr_search_get_threads (search), ==, 1);
  g_assert_true (dr_fen_parse (rules, "W:Wd4,e5,f6:Bd8,h8", &pos, &error));
  g_assert_no_error (error);
  limits.max_depth = 4;
  limits.multipv = 3;
  limits.info_func = count_info;
  limits.user_data = &infos;
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpuint (infos, ==, 3);     /* the win is proven at depth 3: it stops */
  g_assert_cmpint (result.score, ==, DR_SCORE_WIN - 3);
  g_assert_cmpint (result.n_lines, ==, 1);
  best = dr_move_to_text_at (rules, &pos, &result.best);
  g_assert_true (dr_move_same (&result.best, &result.lines[0].pv[0]));
  g_test_message ("best %s", best);
  for (int i = 0; i < result.lines[0].pv_length; i++)
    {
      bool found = false;

      dr_movegen_legal (rules, &pos, legal);
      for (unsigned j = 0; j < legal->n; j++)
        found = found || dr_move_same (&legal->moves[j], &result.lines[0].pv[i]);
      g_assert_true (found);
      dr_position_apply (&pos, &pos, &result.lines[0].pv[i]);
    }
  /* The start position: some legal move at depth 3. */
  dr_rules_initial (rules, &pos);
  limits.max_depth = 3;
  limits.info_func = NULL;
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_true (result.best.flags & DR_MOVE_WIDE);
  dr_search_free (search);
}

static guint
count_moves (const DrGameNode *node)
{
  guint n = 0;

  for (const DrGameNode *c = node->children; c != NULL; c = c->next)
    n += 1 + count_moves (c);
  return n;
}

/* tests/data/canadian-games.pdn (GameType 27) through the PDN reader and
 * writer of every variant: the games read whole, as many moves as the
 * wide reader replays (test-wide.c /wide/pdn/games: 213), written with
 * GameType 27 and read back to the same positions. */
static void
test_pdn_round_trip (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "canadian-games.pdn", NULL);
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (path, NULL, NULL, &error);
  guint games = 0, moves = 0;

  g_assert_no_error (error);
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autoptr (DrGame) again = NULL;
      g_autoptr (DrPdnReader) back = NULL;
      g_autofree char *text = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);

      g_assert_no_error (error);
      if (read == DR_PDN_READ_END)
        break;
      g_assert_cmpint (read, ==, DR_PDN_READ_WHOLE);
      g_assert_true (game->rules == rules);
      games++;
      moves += count_moves (game->root);
      text = dr_pdn_write_game (game, DR_NOTATION_NUMERIC);
      g_assert_nonnull (strstr (text, "[GameType \"27"));
      back = dr_pdn_reader_new (text, -1, "written.pdn", NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (dr_pdn_reader_next_game (back, &again, &error), ==, DR_PDN_READ_WHOLE);
      g_assert_no_error (error);
      g_assert_true (again->rules == rules);
      g_assert_cmpuint (count_moves (again->root), ==, count_moves (game->root));
      g_assert_true (dr_position_equal (&dr_game_node_main_line_end (again->root)->position,
                                        &dr_game_node_main_line_end (game->root)->position));
    }
  g_assert_cmpuint (games, ==, 2);
  g_assert_cmpuint (moves, ==, 213);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/wide-rules/001/geometry", test_geometry);
  g_test_add_func ("/wide-rules/001/start", test_start);
  g_test_add_func ("/wide-rules/perft", test_perft);
  g_test_add_func ("/wide-rules/random-games", test_random_games);
  g_test_add_func ("/wide-rules/004-2.5.1/majority", test_majority);
  g_test_add_func ("/wide-rules/fen-errors", test_fen_errors);
  g_test_add_func ("/wide-rules/search", test_search);
  g_test_add_func ("/wide-rules/pdn-round-trip", test_pdn_round_trip);
  return g_test_run ();
}
