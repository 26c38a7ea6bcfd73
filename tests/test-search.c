/* test-search.c — the search: wins found, determinism, limits, stopping
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-search.h"

#include <string.h>

static DrSearch *
setup (const char *variant,
       const char *fen,
       DrPosition *pos)
{
  const DrRules *rules = dr_rules_from_name (variant);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (rules);
  if (fen == NULL)
    dr_rules_initial (rules, pos);
  else
    {
      g_assert_true (dr_fen_parse (rules, fen, pos, &error));
      g_assert_no_error (error);
    }
  return dr_search_new (rules, 8);
}

static char *
move_text (DrSearch         *search,
           const DrPosition *pos,
           const DrMove     *move)
{
  const DrRules *rules = dr_search_get_rules (search);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, legal);
  return dr_move_to_text (rules, legal, move, rules->notation);
}

/* Shots whose solution is unique and known from the rules. */
static void
test_finds_forced_win (void)
{
  static const struct { const char *variant; const char *fen; const char *best; int depth; } cases[] = {
    /* 001: the crowned man takes all five (004 1.5.15). */
    { "russian", "W:Wh4:Bb2,b4,b6,e7,g5", "h4:a1", 4 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrPosition pos;
      DrSearch *search = setup (cases[i].variant, cases[i].fen, &pos);
      DrSearchLimits limits = { .max_depth = cases[i].depth, .multipv = 1 };
      DrSearchResult result;
      g_autofree char *best = NULL;

      g_assert_true (dr_search_run (search, &pos, &limits, &result));
      best = move_text (search, &pos, &result.best);
      g_assert_cmpstr (best, ==, cases[i].best);
      dr_search_free (search);
    }
}

/* A win the search must see as one: White to move wins a king ending
 * where the lone black man is caught. */
static void
test_win_score (void)
{
  DrPosition pos;
  /* Russian: White's h4 man takes everything (5 pieces) and Black has
   * nothing left: a win in 1 move. */
  DrSearch *search = setup ("russian", "W:Wh4:Bb2,b4,b6,e7,g5", &pos);
  DrSearchLimits limits = { .max_depth = 5, .multipv = 1 };
  DrSearchResult result;
  char text[32];

  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpint (result.score, ==, DR_SCORE_WIN - 1);
  g_assert_cmpstr (dr_score_to_string (result.score, text), ==, "win in 1");
  dr_search_free (search);
}

static void
test_deterministic_nodes (void)
{
  DrPosition pos;
  DrSearch *a = setup ("international", NULL, &pos);
  DrSearch *b = dr_search_new (&dr_rules_international, 8);
  DrSearchLimits limits = { .max_depth = 8, .multipv = 1 };
  DrSearchResult ra, rb;

  dr_search_run (a, &pos, &limits, &ra);
  dr_search_run (b, &pos, &limits, &rb);
  g_assert_cmpuint (ra.nodes, ==, rb.nodes);
  g_assert_true (dr_move_same (&ra.best, &rb.best));
  g_assert_cmpint (ra.score, ==, rb.score);
  dr_search_free (a);
  dr_search_free (b);
}

static void
test_node_limit (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", NULL, &pos);
  DrSearchLimits limits = { .max_nodes = 20000, .multipv = 1 };
  DrSearchResult result;

  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  /* Polled every 1,024 nodes. */
  g_assert_cmpuint (result.nodes, <, 20000 + 1024);
  g_assert_cmpint (result.depth, >, 0);
  dr_search_free (search);
}

typedef struct
{
  atomic_uint word;
  guint       infos;
} AbortState;

static void
abort_info_cb (const DrSearchInfo *info,
               void               *user_data)
{
  AbortState *state = user_data;

  /* Stop after the third iteration, as the application's stop does. */
  if (++state->infos == 3)
    atomic_store (&state->word, 1);
}

static void
test_abort (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", NULL, &pos);
  AbortState state = { 0 };
  DrSearchLimits limits = { .multipv = 1, .abort_word = &state.word, .abort_unless = 0,
                            .info_func = abort_info_cb, .user_data = &state };
  DrSearchResult result;
  gint64 start = g_get_monotonic_time ();

  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  /* No limit but the abort word: it returned, with the last complete
   * iteration's move, promptly. */
  g_assert_cmpuint (state.infos, ==, 3);
  g_assert_cmpint (result.depth, ==, 3);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  dr_search_free (search);
}

static void
test_multipv (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", NULL, &pos);
  DrSearchLimits limits = { .max_depth = 6, .multipv = 3 };
  DrSearchResult result;

  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpint (result.n_lines, ==, 3);
  /* Three different first moves, best first. */
  g_assert_false (dr_move_same (&result.lines[0].pv[0], &result.lines[1].pv[0]));
  g_assert_false (dr_move_same (&result.lines[0].pv[0], &result.lines[2].pv[0]));
  g_assert_false (dr_move_same (&result.lines[1].pv[0], &result.lines[2].pv[0]));
  g_assert_cmpint (result.lines[0].score, >=, result.lines[1].score);
  g_assert_cmpint (result.lines[1].score, >=, result.lines[2].score);
  dr_search_free (search);
}

static void
test_no_move (void)
{
  DrPosition pos;
  DrSearch *search = setup ("russian", "W:Wa1:Bb2,c3", &pos);
  DrSearchLimits limits = { .max_depth = 3, .multipv = 1 };
  DrSearchResult result;

  g_assert_false (dr_search_run (search, &pos, &limits, &result));
  dr_search_free (search);
}

/* Repetition inside the search is a draw: two kings against one king in
 * International cannot win (003 5.3.3), and the search must not claim a
 * win. */
static void
test_draw_not_win (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", "W:WK46,K50:BK3", &pos);
  DrSearchLimits limits = { .max_depth = 10, .multipv = 1 };
  DrSearchResult result;

  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpint (result.score, <, DR_SCORE_WON);
  dr_search_free (search);
}

/* A side with pieces but no move has lost (the giveaway games: won), and
 * the search must see it at a leaf, where it decides without generating
 * moves.  White men 10, 19, 43 against the black man on 5: 19-14 leaves
 * it no step (10 is taken) and no capture (14 is taken). */
static void
test_blocked_leaf (void)
{
  static const char *fen = "W:W10,19,43:B5";
  DrPosition pos;
  DrSearch *search = setup ("international", fen, &pos);
  DrSearchLimits limits = { .max_depth = 1, .multipv = 1 };
  DrSearchResult result;
  g_autofree char *best = NULL;

  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  best = move_text (search, &pos, &result.best);
  g_assert_cmpstr (best, ==, "19-14");
  g_assert_cmpint (result.score, ==, DR_SCORE_WIN - 1);
  dr_search_free (search);

  /* In antidraughts being blocked wins: of the two lines, 19-14 is the
   * one that loses at once. */
  search = setup ("antidraughts", fen, &pos);
  limits.multipv = 8;
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpint (result.n_lines, >, 1);
  g_free (best);
  best = move_text (search, &pos, &result.lines[result.n_lines - 1].pv[0]);
  g_assert_cmpstr (best, ==, "19-14");
  g_assert_cmpint (result.lines[result.n_lines - 1].score, ==, -(DR_SCORE_WIN - 1));
  g_assert_cmpint (result.score, >, -DR_SCORE_WON);
  dr_search_free (search);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search/finds-forced-win", test_finds_forced_win);
  g_test_add_func ("/search/win-score", test_win_score);
  g_test_add_func ("/search/deterministic-nodes", test_deterministic_nodes);
  g_test_add_func ("/search/node-limit", test_node_limit);
  g_test_add_func ("/search/abort", test_abort);
  g_test_add_func ("/search/multipv", test_multipv);
  g_test_add_func ("/search/no-move", test_no_move);
  g_test_add_func ("/search/draw-not-win", test_draw_not_win);
  g_test_add_func ("/search/blocked-leaf", test_blocked_leaf);
  return g_test_run ();
}
