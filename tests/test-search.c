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
#include "test-search-util.h"
#include "test-util.h"

#include <string.h>

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

/* Composed shots where exactly one of many legal moves wins.  The
 * position and the winning move are the composer's (the file and record
 * are named); @plies is the length of the shortest forced win.  None of
 * it comes from our search: test_wins_within() (test-util.h), an exhaustive solver
 * over the legal moves, checks that exactly one first move forces a win
 * within @plies plies (the opponent without a move, here without a piece
 * or blocked) and that none does within @plies - 2. */
typedef struct
{
  const char *variant;
  const char *fen;
  const char *solution;
  guint       legal;      /* the number of legal moves at the root */
  int         plies;
  const char *source;
} Shot;

static const Shot shots[] = {
  { "international", "W:W20,32,38-41,50:B10-11,13,21-22,29,36", "32-28", 12, 9,
    "international/problems-Cat.C1.pdn, S.M.van Eijk C-27" },
  { "international", "W:W9,11,23,27,38,41:B8,20,30,34,36,40", "9-4", 11, 9,
    "international/problems-PWCP_2.pdn, A22" },
  { "international", "W:W14,20,30,32,37,44,46:B8,18-19,23,33,36,43", "44-39", 11, 7,
    "international/problems-Cat.C1.pdn, S.M.van Eijk C62" },
  { "international", "W:W11,29,31,37,39,44,48:B1,8,18,23,26,28,38", "48-43", 10, 9,
    "international/problems-Cat.A1.pdn, D.vd Berg A93" },
  { "english", "W:W19,23,28,32:B5,9,11,20", "28-24", 5, 9,
    "english/problems-tricks-traps-and-shots.pdn, TTS Example 3" },
};


/* Sets up @shot and checks it with the solver: exactly its solution wins
 * within its plies, nothing faster. */
static DrSearch *
shot_setup (const Shot *shot,
            DrPosition *pos)
{
  DrSearch *search = setup (shot->variant, shot->fen, pos);
  const DrRules *rules = dr_search_get_rules (search);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  guint winners = 0;

  g_test_message ("%s: %s, %s wins in %d plies", shot->source, shot->fen, shot->solution,
                  shot->plies);
  dr_movegen_legal (rules, pos, list);
  g_assert_cmpuint (list->n, ==, shot->legal);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;
      g_autofree char *text = dr_move_to_text (rules, list, &list->moves[i], rules->notation);

      dr_position_apply (&child, pos, &list->moves[i]);
      g_assert_false (test_loses_within (rules, &child, shot->plies - 3));
      if (test_loses_within (rules, &child, shot->plies - 1))
        {
          g_assert_cmpstr (text, ==, shot->solution);
          winners++;
        }
    }
  g_assert_cmpuint (winners, ==, 1);
  return search;
}

/* The search, to the depth of the win, plays the one winning move. */
static void
test_finds_forced_win (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      DrPosition pos;
      DrSearch *search = shot_setup (&shots[i], &pos);
      DrSearchLimits limits = { .max_depth = shots[i].plies, .multipv = 1 };
      DrSearchResult result;
      g_autofree char *best = NULL;

      g_assert_true (dr_search_run (search, &pos, &limits, &result));
      best = move_text (search, &pos, &result.best);
      g_assert_cmpstr (best, ==, shots[i].solution);
      dr_search_free (search);
    }
}

/* It scores the win as exactly as far as it is, and a deeper search does
 * not change that. */
static void
test_win_score (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      DrPosition pos;
      DrSearch *search = shot_setup (&shots[i], &pos);
      g_autofree char *expected = g_strdup_printf ("win in %d", (shots[i].plies + 1) / 2);

      for (int extra = 0; extra <= 4; extra += 4)
        {
          DrSearchLimits limits = { .max_depth = shots[i].plies + extra, .multipv = 1 };
          DrSearchResult result;
          char text[32];

          dr_search_clear (search);
          g_assert_true (dr_search_run (search, &pos, &limits, &result));
          g_assert_cmpint (result.score, ==, DR_SCORE_WIN - shots[i].plies);
          g_assert_cmpstr (dr_score_to_string (result.score, text), ==, expected);
        }
      dr_search_free (search);
    }
}

/* The node counts of fixed-depth searches from the start positions, with
 * an 8 MB table: a regression signature like tests/bench.sig, recorded
 * from this engine (so no truth about draughts), which a change to the
 * search must not move by accident.  A change that alters the search on
 * purpose updates these with bench.sig ("Bench: N" in its message).  Two
 * searchers, and one searcher again after dr_search_clear(), must agree
 * with the record and with each other. */
static const struct
{
  const char *variant;
  int         depth;
  guint64     nodes;
} recorded_nodes[] = {
  { "international", 8, 20425 },
  { "russian", 8, 11920 },
};

static void
test_deterministic_nodes (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (recorded_nodes); i++)
    {
      DrPosition pos;
      DrSearch *a = setup (recorded_nodes[i].variant, NULL, &pos);
      DrSearch *b = dr_search_new (dr_search_get_rules (a), 8);
      DrSearchLimits limits = { .max_depth = recorded_nodes[i].depth, .multipv = 1 };
      DrSearchResult ra, rb, again;

      g_test_message ("%s, depth %d: recorded %" G_GUINT64_FORMAT " nodes",
                      recorded_nodes[i].variant, recorded_nodes[i].depth, recorded_nodes[i].nodes);
      g_assert_true (dr_search_run (a, &pos, &limits, &ra));
      g_assert_true (dr_search_run (b, &pos, &limits, &rb));
      dr_search_clear (a);
      g_assert_true (dr_search_run (a, &pos, &limits, &again));
      g_assert_cmpuint (ra.nodes, ==, recorded_nodes[i].nodes);
      g_assert_cmpuint (rb.nodes, ==, ra.nodes);
      g_assert_cmpuint (again.nodes, ==, ra.nodes);
      g_assert_cmpint (ra.depth, ==, recorded_nodes[i].depth);
      g_assert_true (dr_move_same (&ra.best, &rb.best));
      g_assert_true (dr_move_same (&ra.best, &again.best));
      g_assert_cmpint (ra.score, ==, rb.score);
      g_assert_cmpint (ra.score, ==, again.score);
      dr_search_free (a);
      dr_search_free (b);
    }
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

/* Lazy SMP: on three threads the search still plays each shot's one
 * winning move and scores the win exactly (the helpers' table entries are
 * checked before they are trusted), its node count is the main thread's
 * nodes and each helper's (not "more than on one thread": a helper
 * scheduled late may search nothing, and its table entries can make the
 * main search smaller, so that comparison failed by chance on a busy
 * machine), and an abort stops every thread: the run returns.
 * Run under ThreadSanitizer by .ci/run, which fails on any data race. */
static void
test_threads (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      DrPosition pos;
      DrSearch *search = shot_setup (&shots[i], &pos);
      DrSearchLimits limits = { .max_depth = shots[i].plies + 2, .multipv = 1 };
      DrSearchResult result;
      g_autofree char *best = NULL;

      g_assert_true (dr_search_set_threads (search, 3));
      g_assert_cmpint (dr_search_get_threads (search), ==, 3);
      g_assert_true (dr_search_run (search, &pos, &limits, &result));
      best = move_text (search, &pos, &result.best);
      g_assert_cmpstr (best, ==, shots[i].solution);
      g_assert_cmpint (result.score, ==, DR_SCORE_WIN - shots[i].plies);
      dr_search_free (search);
    }
  {
    DrPosition pos;
    DrSearch *one = setup ("international", NULL, &pos);
    DrSearch *three = dr_search_new (dr_search_get_rules (one), 8);
    DrSearchLimits limits = { .max_depth = 9, .multipv = 1 };
    DrSearchResult r1, r3;
    AbortState state = { 0 };
    DrSearchLimits abort_limits = { .multipv = 1, .abort_word = &state.word, .abort_unless = 0,
                                    .info_func = abort_info_cb, .user_data = &state };

    g_assert_true (dr_search_set_threads (three, 3));
    g_assert_true (dr_search_run (one, &pos, &limits, &r1));
    g_assert_true (dr_search_run (three, &pos, &limits, &r3));
    g_assert_cmpint (r3.depth, ==, 9);
    g_assert_cmpuint (r1.nodes, ==, dr_search_get_thread_nodes (one, 0));
    g_assert_cmpuint (dr_search_get_thread_nodes (one, 1), ==, 0);
    g_assert_cmpuint (dr_search_get_thread_nodes (three, 0), >, 0);
    g_assert_cmpuint (r3.nodes, ==, dr_search_get_thread_nodes (three, 0)
                                    + dr_search_get_thread_nodes (three, 1)
                                    + dr_search_get_thread_nodes (three, 2));
    g_assert_cmpuint (dr_search_get_thread_nodes (three, 3), ==, 0);
    g_assert_true (test_move_is_legal (dr_search_get_rules (one), &pos, &r3.best));
    /* Fewer threads again, then the abort word. */
    g_assert_true (dr_search_set_threads (three, 2));
    g_assert_cmpint (dr_search_get_threads (three), ==, 2);
    dr_search_clear (three);
    g_assert_true (dr_search_run (three, &pos, &abort_limits, &r3));
    g_assert_cmpuint (state.infos, ==, 3);
    dr_search_free (one);
    dr_search_free (three);
  }
}

/* Lazy SMP's schedule (step 8): a helper never searches an iteration the
 * main thread has started (before, helper 1 searched the main thread's
 * very iterations, in step: two threads gave 0.92 of one's time to
 * depth), never goes back, and the first helpers are on different
 * iterations from each other, from the third on some skipping. */
static void
test_helper_depths (void)
{
  for (int main_depth = 0; main_depth <= 40; main_depth++)
    for (int depth = 1; depth <= 44; depth++)
      {
        int seen[9] = { 0 };

        g_assert_cmpint (dr_search_helper_depth (0, depth, main_depth), ==, depth);
        for (int k = 1; k <= 8; k++)
          {
            int d = dr_search_helper_depth (k, depth, main_depth);

            g_assert_cmpint (d, >, main_depth);
            g_assert_cmpint (d, >=, depth);
            g_assert_cmpint (d, <=, MAX (depth, main_depth + 2) + 2 * (1 + (k - 1) / 4));
            seen[k] = d;
          }
        if (depth <= main_depth + 1)
          {
            g_assert_cmpint (seen[1], ==, main_depth + 1);
            g_assert_cmpint (seen[2], ==, main_depth + 2);
          }
      }
  /* Helpers 3 to 8 skip iterations: each leaves out some of 10 to 20. */
  for (int k = 3; k <= 8; k++)
    {
      int searched = 0;

      for (int depth = 10; depth <= 20; depth++)
        searched += dr_search_helper_depth (k, depth, 0) == depth;
      g_assert_cmpint (searched, <, 11);
      g_assert_cmpint (searched, >, 0);
    }
}

/* One thread is the same from run to run at a fixed depth, also in a
 * searcher that had helpers (dr-search.h): same nodes and move as a new
 * searcher's once it is back on one thread and cleared. */
static void
test_threads_back_to_one (void)
{
  DrPosition pos;
  DrSearch *fresh = setup ("international", NULL, &pos);
  DrSearch *had = dr_search_new (dr_search_get_rules (fresh), 8);
  DrSearchLimits limits = { .max_depth = 8, .multipv = 1 };
  DrSearchResult r1, r2;

  g_assert_true (dr_search_set_threads (had, 2));
  g_assert_true (dr_search_run (had, &pos, &limits, &r2));
  g_assert_true (dr_search_set_threads (had, 1));
  dr_search_clear (had);
  g_assert_true (dr_search_run (fresh, &pos, &limits, &r1));
  g_assert_true (dr_search_run (had, &pos, &limits, &r2));
  g_assert_cmpuint (r2.nodes, ==, r1.nodes);
  g_assert_true (dr_move_same (&r2.best, &r1.best));
  g_assert_cmpint (r2.score, ==, r1.score);
  dr_search_free (fresh);
  dr_search_free (had);
}

/* Pondering: the limits wait for the ponder word.  The callback plays
 * the interface's "ponder-hit" after iteration 6; the abort word is only
 * a guard against a search that never stops. */
typedef struct
{
  atomic_uint ponder;
  atomic_uint abort;
  int         hit_after;    /* the iteration after which the hit comes */
  int         last_depth;
  uint64_t    hit_nodes;    /* nodes searched at the hit */
} PonderState;

static void
ponder_info_cb (const DrSearchInfo *info,
                void               *user_data)
{
  PonderState *state = user_data;

  state->last_depth = info->depth;
  if (info->depth == state->hit_after)
    {
      state->hit_nodes = info->nodes;
      atomic_store (&state->ponder, 0);
    }
  if (info->depth >= 14)
    atomic_store (&state->abort, 1);
}

static void
test_ponder (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", NULL, &pos);
  PonderState state = { .hit_after = 6 };
  DrSearchLimits limits = { .multipv = 1, .abort_word = &state.abort, .abort_unless = 0,
                            .info_func = ponder_info_cb, .user_data = &state,
                            .ponder_word = &state.ponder };
  DrSearchResult result;

  /* A depth limit of 3: ignored while pondering, in force after the hit,
   * so the search stops after the iteration the hit came in. */
  limits.max_depth = 3;
  atomic_store (&state.ponder, 1);
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpint (state.last_depth, ==, 6);
  g_assert_cmpint (result.depth, ==, 6);
  g_assert_cmpuint (atomic_load (&state.abort), ==, 0);

  /* A node limit of 2,000: already passed while pondering, it counts from
   * the hit (polled every 1,024 nodes). */
  dr_search_clear (search);
  limits.max_depth = 0;
  limits.max_nodes = 2000;
  state.last_depth = 0;
  atomic_store (&state.ponder, 1);
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_test_message ("hit after %" G_GUINT64_FORMAT " nodes, stopped after %" G_GUINT64_FORMAT,
                  (guint64) state.hit_nodes, (guint64) result.nodes);
  g_assert_cmpuint (state.hit_nodes, >, 2000);
  g_assert_cmpuint (result.nodes, >=, state.hit_nodes + 2000);
  g_assert_cmpuint (result.nodes, <, state.hit_nodes + 2000 + 1024);
  g_assert_cmpuint (atomic_load (&state.abort), ==, 0);

  /* Without a hit, only the abort word stops it. */
  dr_search_clear (search);
  limits.max_depth = 2;
  limits.max_nodes = 0;
  state.hit_after = 0;
  state.last_depth = 0;
  atomic_store (&state.ponder, 1);
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpuint (atomic_load (&state.abort), ==, 1);
  g_assert_cmpint (state.last_depth, ==, 14);
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

/* A search stopped in the middle of an iteration keeps the lines of the
 * last complete one: each line of the result is of its depth, their
 * first moves differ, and the first is the best move.  (The lines that a
 * stopped iteration finished were once mixed into them, beside lines of
 * the iteration before, so that one move could come twice.)  The node
 * limits are polled every 1,024 nodes, so most of them stop an iteration
 * part way through one of its lines. */
static void
test_multipv_stopped (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", NULL, &pos);

  for (guint64 nodes = 2000; nodes <= 60000; nodes += 1000)
    {
      DrSearchLimits limits = { .max_nodes = nodes, .multipv = 4 };
      DrSearchResult result;

      dr_search_clear (search);
      g_assert_true (dr_search_run (search, &pos, &limits, &result));
      g_assert_cmpint (result.n_lines, ==, 4);
      g_assert_true (dr_move_same (&result.lines[0].pv[0], &result.best));
      g_assert_cmpint (result.lines[0].score, ==, result.score);
      for (int i = 0; i < result.n_lines; i++)
        {
          g_assert_cmpint (result.lines[i].depth, ==, result.depth);
          g_assert_cmpint (result.lines[i].multipv, ==, i + 1);
          for (int j = 0; j < i; j++)
            g_assert_false (dr_move_same (&result.lines[i].pv[0], &result.lines[j].pv[0]));
        }
    }
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

/* ProbCut (dr-search.h) in a sacrifice line: Cat.A1 (shared/data/
 * international/problems-Cat.A1.pdn, the record at line 56), White plays
 * 12-8 and wins.  To depth 9, with a 16 MiB table, the search without
 * ProbCut plays 12-8; plain ProbCut cuts the lines of the sacrifice and
 * plays 11-7 (+0.58); the guarded one (no cut at a node whose side to
 * move has a capture, nor on a move that offers one) finds 12-8 again. */
static void
test_probcut_sacrifice (void)
{
  static const char *fen = "W:W6,11-12,17,30,38,41:B1,3,9,20,29,36,40";
  static const struct
  {
    DrProbCut   mode;
    const char *best;
    gboolean    equal;
  } cases[] = {
    { DR_PROBCUT_OFF, "12-8", TRUE },
    { DR_PROBCUT_PLAIN, "12-8", FALSE },
    { DR_PROBCUT_GUARDED, "12-8", TRUE },
  };
  const DrRules *rules = dr_rules_from_name ("international");
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrSearch *search = dr_search_new (rules, 16);
      DrSearchLimits limits = { .max_depth = 9, .multipv = 1 };
      DrSearchResult result;
      g_autofree char *best = NULL;

      dr_search_set_probcut (search, cases[i].mode);
      g_assert_true (dr_search_run (search, &pos, &limits, &result));
      best = move_text (search, &pos, &result.best);
      g_test_message ("probcut %d: %s (%+d)", cases[i].mode, best, result.score);
      if (cases[i].equal)
        g_assert_cmpstr (best, ==, cases[i].best);
      else
        g_assert_cmpstr (best, !=, cases[i].best);
      dr_search_free (search);
    }
}

/* What ProbCut is for: a shallower tree to the same depth.  The bench's
 * first International middle game to depth 15, one thread: each mode
 * searches fewer than half the nodes of the exact search (when the
 * reduced searches were made unnested: 319,791 off, 35,051 plain,
 * 103,479 guarded).  The modes the engine plays with: guarded in
 * International, where it won its match, and a new search exact. */
static void
test_probcut_tree (void)
{
  static const char *fen = "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26";
  const DrRules *rules = dr_rules_from_name ("international");
  g_autoptr (GError) error = NULL;
  uint64_t nodes[3];
  DrPosition pos;

  g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
  g_assert_no_error (error);
  for (int mode = DR_PROBCUT_OFF; mode <= DR_PROBCUT_GUARDED; mode++)
    {
      DrSearch *search = dr_search_new (rules, 16);
      DrSearchLimits limits = { .max_depth = 15, .multipv = 1 };
      DrSearchResult result;

      g_assert_cmpint (dr_search_get_probcut (search), ==, DR_PROBCUT_OFF);
      dr_search_set_probcut (search, (DrProbCut) mode);
      g_assert_true (dr_search_run (search, &pos, &limits, &result));
      g_assert_cmpint (result.depth, ==, 15);
      nodes[mode] = result.nodes;
      g_test_message ("probcut %d: %" G_GUINT64_FORMAT " nodes", mode, (guint64) result.nodes);
      dr_search_free (search);
    }
  g_assert_cmpuint (nodes[DR_PROBCUT_PLAIN] * 2, <, nodes[DR_PROBCUT_OFF]);
  g_assert_cmpuint (nodes[DR_PROBCUT_GUARDED] * 2, <, nodes[DR_PROBCUT_OFF]);
  g_assert_cmpuint (nodes[DR_PROBCUT_PLAIN], <, nodes[DR_PROBCUT_GUARDED]);

  g_assert_cmpint (dr_probcut_for_play (rules), ==, DR_PROBCUT_GUARDED);
  g_assert_cmpint (dr_probcut_for_play (dr_rules_from_name ("english")), ==, DR_PROBCUT_OFF);
  /* The front ends' searches (dr_search_new_for_play()) take that mode. */
  for (gsize i = 0; i < 2; i++)
    {
      const DrRules *r = i == 0 ? rules : dr_rules_from_name ("english");
      DrSearch *search = dr_search_new_for_play (r, 1);

      g_assert_nonnull (search);
      g_assert_cmpint (dr_search_get_probcut (search), ==, dr_probcut_for_play (r));
      dr_search_free (search);
    }
}

static void
test_probcut_names (void)
{
  DrProbCut mode = DR_PROBCUT_OFF;

  g_assert_true (dr_probcut_from_name ("guarded", &mode));
  g_assert_cmpint (mode, ==, DR_PROBCUT_GUARDED);
  g_assert_true (dr_probcut_from_name ("plain", &mode));
  g_assert_cmpint (mode, ==, DR_PROBCUT_PLAIN);
  g_assert_true (dr_probcut_from_name ("off", &mode));
  g_assert_cmpint (mode, ==, DR_PROBCUT_OFF);
  g_assert_false (dr_probcut_from_name ("on", &mode));
  g_assert_false (dr_probcut_from_name (NULL, &mode));
}

/* Endings the side ahead seldom wins against a king (dr_eval_drawish):
 * International's, where 004 2.6 draws three pieces against a lone king
 * after 16 moves; not on 8x8, where three kings beat one off the main road
 * (Petrov's triangle, inside Russian's count of 004 1.9.1). */
static void
test_drawish (void)
{
  static const struct
  {
    const char *fen;
    int         score;      /* the side to move's, before */
    int         expected;   /* after */
  } cases[] = {
    /* Three kings against one: an eighth, whoever moves. */
    { "W:WK3,K4,K15:BK46", 640, 80 },
    { "B:WK3,K4,K15:BK46", -640, -80 },
    /* Three men against a king and five men: the side ahead has three. */
    { "W:W31,32,33:BK5,16,17,18,19,20", 200, 25 },
    /* A king and three men against a king and two: as it was. */
    { "W:WK3,31,32,33:BK46,16,17", 120, 120 },
    /* A king against none: as it was (the weak side has no king). */
    { "W:WK3,31,32,33:B16,17,18,19", 300, 300 },
    /* Four men against a king: as it was (more than three). */
    { "W:W31,32,33,34:BK46", 150, 150 },
    /* The side to move behind: the other side is the one ahead. */
    { "B:WK3,K4:BK46,16", -500, -62 },
    { "W:WK3,K4:BK46,16", 0, 0 },
  };
  const DrRules *international = dr_rules_from_name ("international");
  DrPosition pos;
  DrSearch *search;
  DrSearchLimits limits = { .max_depth = 4, .multipv = 1 };
  DrSearchResult result;
  DrBitboard all = international->geometry->squares;

  g_assert_cmphex (dr_eval_drawish_squares (international), ==, all);
  g_assert_cmphex (dr_eval_drawish_squares (dr_rules_from_name ("russian")), ==, 0);
  g_assert_cmphex (dr_eval_drawish_squares (dr_rules_from_name ("brazilian")), ==, 0);
  g_assert_cmphex (dr_eval_drawish_squares (dr_rules_from_name ("english")), ==, 0);
  g_assert_cmphex (dr_eval_drawish_squares (dr_rules_from_name ("frisian")), ==, 0);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (dr_fen_parse (international, cases[i].fen, &pos, &error));
      g_assert_no_error (error);
      g_assert_cmpint (dr_eval_drawish (&pos, all, cases[i].score), ==, cases[i].expected);
    }

  /* The search evaluates with it: two kings ahead, three pieces against a
   * king, is worth less than a man. */
  search = setup ("international", "W:WK3,K4,K15:BK46", &pos);
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpint (result.score, >, 0);
  g_assert_cmpint (result.score, <, DR_SCORE_MAN);
  dr_search_free (search);
  /* Not in Russian, where a king is three men and two ahead is six. */
  search = setup ("russian", "W:WK1,K2,K3:BK29", &pos);
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  g_assert_cmpint (result.score, >, 3 * DR_SCORE_MAN);
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
  g_test_add_func ("/search/threads", test_threads);
  g_test_add_func ("/search/threads/helper-depths", test_helper_depths);
  g_test_add_func ("/search/threads/back-to-one", test_threads_back_to_one);
  g_test_add_func ("/search/ponder", test_ponder);
  g_test_add_func ("/search/multipv", test_multipv);
  g_test_add_func ("/search/multipv/stopped", test_multipv_stopped);
  g_test_add_func ("/search/no-move", test_no_move);
  g_test_add_func ("/search/draw-not-win", test_draw_not_win);
  g_test_add_func ("/search/blocked-leaf", test_blocked_leaf);
  g_test_add_func ("/search/drawish", test_drawish);
  g_test_add_func ("/search/probcut/sacrifice", test_probcut_sacrifice);
  g_test_add_func ("/search/probcut/names", test_probcut_names);
  g_test_add_func ("/search/probcut/tree", test_probcut_tree);
  return g_test_run ();
}
