/* test-opponent.c — the engine as an opponent: levels, noise, proven results
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The positions with a shot, a proven win and proven losses were found by
 * a search over random positions and are checked here without the search:
 * the shot by following its forced line with the move generator, the wins
 * and losses with the exhaustive solver of test-util.h (test_wins_within()).
 */

#include "config.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-opponent.h"
#include "test-search-util.h"
#include "test-util.h"

#include <string.h>

/* A quiet opening: the International start after 32-28 18-23. */
#define QUIET_OPENING "W:W28,31,33-50:B1-17,19-20,23"

/* The legal move of @pos written @text. */
static DrMove
parse_move (const DrRules    *rules,
            const DrPosition *pos,
            const char       *text)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, legal);
  for (unsigned i = 0; i < legal->n; i++)
    {
      g_autofree char *t = dr_move_to_text (rules, legal, &legal->moves[i], rules->notation);

      if (g_str_equal (t, text))
        return legal->moves[i];
    }
  g_error ("%s is not a legal move", text);
}

/* The line of @result that starts with @move, or -1. */
static int
line_of (const DrSearchResult *result,
         const DrMove         *move)
{
  for (int i = 0; i < result->n_lines; i++)
    if (dr_move_same (&result->lines[i].pv[0], move))
      return i;
  return -1;
}

/* Chooses at the table's @level with a node or depth limit (the
 * deterministic ones; full strength has no node limit of its own). */
static DrMove
choose (DrSearch         *search,
        const DrPosition *pos,
        int               level,
        uint32_t          seed,
        DrSearchResult   *result)
{
  DrSearchLimits limits = { .max_depth = 20, .multipv = 1 };
  DrMove move;

  if (dr_opponent_level (level)->max_nodes == 0)
    limits.max_nodes = 200000;
  dr_search_clear (search);
  g_assert_true (dr_opponent_choose_at (search, pos, dr_opponent_level (level), &limits, seed,
                                        &move, result));
  g_assert_true (dr_move_same (&move, &result->best));
  return move;
}


/* The table: 6 to 8 levels from "beginner" to "full"; node limits grow,
 * noise and lines shrink, full strength is the plain search. */
static void
test_levels (void)
{
  int n = dr_opponent_n_levels ();

  g_assert_cmpint (n, >=, 6);
  g_assert_cmpint (n, <=, 8);
  g_assert_null (dr_opponent_level (0));
  g_assert_null (dr_opponent_level (n + 1));
  g_assert_cmpstr (dr_opponent_level (1)->id, ==, "beginner");
  g_assert_cmpstr (dr_opponent_level (n)->id, ==, "full");
  g_assert_cmpstr (dr_opponent_level (n)->name, ==, "Full strength");
  g_assert_cmpint (dr_opponent_level_from_id ("no-such-level"), ==, 0);
  g_assert_cmpint (dr_opponent_level_from_id (""), ==, 0);
  g_assert_cmpint (dr_opponent_level_from_id (NULL), ==, 0);
  for (int i = 1; i <= n; i++)
    {
      const DrOpponentLevel *l = dr_opponent_level (i);

      g_test_message ("%d %s (%s): %" G_GUINT64_FORMAT " nodes, noise %d, %d lines, %d Elo", i,
                      l->id, l->name, (guint64) l->max_nodes, l->noise, l->lines,
                      dr_opponent_level_elo (i));
      g_assert_cmpint (dr_opponent_level_from_id (l->id), ==, i);
      g_assert_nonnull (l->name);
      g_assert_cmpint (l->lines, >=, 1);
      g_assert_cmpint (l->lines, <=, DR_SEARCH_MAX_PV);
      g_assert_cmpint (l->noise, >=, 0);
      /* Noise is a matter of tenths of a man, far from the proven range. */
      g_assert_cmpint (l->noise, <, DR_SCORE_MAN * 5);
      if (i < n)
        {
          const DrOpponentLevel *next = dr_opponent_level (i + 1);

          g_assert_cmpuint (l->max_nodes, >, 0);
          if (next->max_nodes > 0)
            g_assert_cmpuint (next->max_nodes, >, l->max_nodes);
          g_assert_cmpint (next->noise, <=, l->noise);
          g_assert_cmpint (next->lines, <=, l->lines);
          /* Measured weaker than the next, and the Elo scale says so. */
          g_assert_cmpint (l->elo_below_next, >, 0);
          g_assert_cmpint (l->elo_margin, >, 0);
          g_assert_cmpint (dr_opponent_level_elo (i), ==,
                           dr_opponent_level_elo (i + 1) - l->elo_below_next);
        }
    }
  g_assert_cmpint (dr_opponent_level (1)->noise, >, dr_opponent_level (n - 1)->noise);
  g_assert_cmpint (dr_opponent_level (1)->lines, >, 1);
  g_assert_cmpuint (dr_opponent_level (n)->max_nodes, ==, 0);
  g_assert_cmpint (dr_opponent_level (n)->noise, ==, 0);
  g_assert_cmpint (dr_opponent_level (n)->lines, ==, 1);
  g_assert_cmpint (dr_opponent_level (n)->elo_below_next, ==, 0);
  g_assert_cmpint (dr_opponent_level_elo (n), ==, 0);
  g_assert_cmpint (dr_opponent_level_elo (1), <, 0);
  g_assert_cmpint (dr_opponent_level_elo (0), ==, 0);
}

/* Every chosen move is legal: each level and several seeds in a few
 * positions of two variants, then whole games of the lowest level against
 * a middle one, with the levels' own limits (dr_opponent_choose()). */
static void
test_legal (void)
{
  static const struct
  {
    const char *variant;
    const char *fen;
  } positions[] = {
    { "international", NULL },
    { "international", QUIET_OPENING },
    { "international", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38" },
    { "international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46" },
    { "russian", NULL },
    { "russian", "B:Wa1,a3,b2,b4,d2,d4,e3,f2,f4:Ba5,c5,c7,e7,g7" },
  };
  int n = dr_opponent_n_levels ();

  for (gsize p = 0; p < G_N_ELEMENTS (positions); p++)
    {
      DrPosition pos;
      DrSearch *search = setup (positions[p].variant, positions[p].fen, &pos);
      const DrRules *rules = dr_search_get_rules (search);

      for (int level = 1; level <= n; level++)
        for (uint32_t seed = 0; seed < 4; seed++)
          {
            DrSearchResult result;
            DrMove move = choose (search, &pos, level, seed, &result);

            g_assert_true (test_move_is_legal (rules, &pos, &move));
          }
      dr_search_free (search);
    }

  /* Games: the beginner against the club player, each move chosen with
   * the level's own node limit and a time limit that is only a guard. */
  for (uint32_t game = 0; game < 2; game++)
    {
      DrPosition pos;
      DrSearch *search = setup ("international", NULL, &pos);
      const DrRules *rules = dr_search_get_rules (search);
      int levels[2] = { 1, dr_opponent_level_from_id ("club") };
      int ply;

      g_assert_cmpint (levels[1], >, 0);
      for (ply = 0; ply < 120; ply++)
        {
          DrSearchResult result;
          DrMove move;
          int level = levels[(ply + (int) game) % 2];

          if (!dr_opponent_choose (search, &pos, level, 10000, NULL, 0,
                                   dr_opponent_seed (game, &pos), &move, &result))
            break;
          g_assert_true (test_move_is_legal (rules, &pos, &move));
          g_assert_true (dr_move_same (&move, &result.best));
          g_assert_cmpuint (result.nodes, <, dr_opponent_level (level)->max_nodes + 1024);
          dr_position_apply (&pos, &pos, &move);
        }
      g_test_message ("game %u: %d plies", game, ply);
      g_assert_cmpint (ply, >, 10);
      dr_search_free (search);
    }
}

/* Full strength is the plain search: the same move as dr_search_run()
 * with the same limits, from the same (cleared) tables.  By time and by
 * the abort word (the application's stop) it returns a legal move. */
static void
test_full_strength (void)
{
  static const char *fens[] = {
    NULL,
    QUIET_OPENING,
    "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
    "W:W26,28,31,33,36-37,40,44,49:B1-2,6,8-9,16,18-19,25",
  };
  int full = dr_opponent_n_levels ();

  for (gsize i = 0; i < G_N_ELEMENTS (fens); i++)
    for (int by_depth = 0; by_depth < 2; by_depth++)
      {
        DrPosition pos;
        DrSearch *search = setup ("international", fens[i], &pos);
        DrSearchLimits limits = { .multipv = 1 };
        DrSearchResult plain, chosen;
        DrMove move;

        if (by_depth)
          limits.max_depth = 9;
        else
          limits.max_nodes = 30000;
        g_assert_true (dr_search_run (search, &pos, &limits, &plain));
        for (uint32_t seed = 0; seed < 3; seed++)
          {
            dr_search_clear (search);
            g_assert_true (dr_opponent_choose_at (search, &pos, dr_opponent_level (full), &limits,
                                                  seed, &move, &chosen));
            g_assert_true (dr_move_same (&move, &plain.best));
            g_assert_cmpint (chosen.score, ==, plain.score);
            g_assert_cmpint (chosen.depth, ==, plain.depth);
            g_assert_cmpuint (chosen.nodes, ==, plain.nodes);
          }
        /* The plain search ran on fresh tables, the choices on cleared
         * ones: the same thing. */
        dr_search_free (search);
      }

  {
    DrPosition pos;
    DrSearch *search = setup ("international", QUIET_OPENING, &pos);
    const DrRules *rules = dr_search_get_rules (search);
    DrSearchResult result;
    DrMove move;
    atomic_uint word = 1;
    gint64 start = g_get_monotonic_time ();

    g_assert_true (dr_opponent_choose (search, &pos, full, 50, NULL, 0, 7, &move, &result));
    g_assert_true (test_move_is_legal (rules, &pos, &move));
    g_assert_cmpint (result.depth, >, 0);
    /* Stopped before it starts: the abort word differs from the ticket. */
    g_assert_true (dr_opponent_choose (search, &pos, full, 0, &word, 0, 7, &move, &result));
    g_assert_true (test_move_is_legal (rules, &pos, &move));
    g_assert_cmpint (result.depth, ==, 0);
    g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
    dr_search_free (search);
  }
}

/* The lowest level in a quiet opening: different seeds choose different
 * moves (at least two), each from a line within the level's noise of the
 * best line. */
static void
test_noise (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", QUIET_OPENING, &pos);
  const DrRules *rules = dr_search_get_rules (search);
  const DrOpponentLevel *beginner = dr_opponent_level (1);
  DrMove seen[64];
  guint n_seen = 0, n_not_best = 0;

  for (uint32_t seed = 0; seed < 64; seed++)
    {
      DrSearchResult result;
      DrMove move = choose (search, &pos, 1, seed, &result);
      int line = line_of (&result, &move);
      gboolean known = FALSE;

      g_assert_true (test_move_is_legal (rules, &pos, &move));
      g_assert_cmpint (result.n_lines, ==, beginner->lines);
      g_assert_cmpint (line, >=, 0);
      g_assert_cmpint (result.score, ==, result.lines[line].score);
      g_assert_cmpint (result.lines[line].score, >=, result.lines[0].score - beginner->noise);
      g_assert_cmpint (result.lines[line].score, <=, result.lines[0].score);
      if (line > 0)
        n_not_best++;
      for (guint i = 0; i < n_seen; i++)
        known |= dr_move_same (&seen[i], &move);
      if (!known)
        seen[n_seen++] = move;
    }
  g_test_message ("64 seeds: %u different moves, %u not the best line's", n_seen, n_not_best);
  g_assert_cmpuint (n_seen, >=, 2);
  /* Weighted towards the better lines: the best is chosen often. */
  g_assert_cmpuint (n_not_best, <, 64);
  dr_search_free (search);
}

/* A single legal move, quiet or a capture, is played at once at every
 * level and for every seed: no search (no nodes), no noise.  A position
 * without a move is FALSE. */
static void
test_forced (void)
{
  static const struct
  {
    const char *fen;
    const char *move;
    gboolean    capture;
  } cases[] = {
    /* The man on 46 has one step; the black man is far away. */
    { "W:W46:B5", "46-41", FALSE },
    /* 33 must take 28; 38 and 39 have steps, but capture comes first. */
    { "W:W33,38,39:B28,3,4", "33x22", TRUE },
  };
  int n = dr_opponent_n_levels ();

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrPosition pos;
      DrSearch *search = setup ("international", cases[i].fen, &pos);
      const DrRules *rules = dr_search_get_rules (search);
      g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
      DrMove expected;

      dr_movegen_legal (rules, &pos, legal);
      g_assert_cmpuint (legal->n, ==, 1);
      g_assert_cmpint (legal->moves[0].captures != 0, ==, cases[i].capture);
      expected = parse_move (rules, &pos, cases[i].move);
      for (int level = 1; level <= n; level++)
        for (uint32_t seed = 0; seed < 8; seed++)
          {
            DrSearchResult result;
            DrMove move;

            g_assert_true (dr_opponent_choose (search, &pos, level, 1000, NULL, 0, seed,
                                               &move, &result));
            g_assert_true (dr_move_same (&move, &expected));
            g_assert_true (dr_move_same (&result.best, &expected));
            g_assert_cmpuint (result.nodes, ==, 0);
            g_assert_cmpint (result.depth, ==, 0);
            g_assert_cmpint (result.n_lines, ==, 0);
          }
      dr_search_free (search);
    }

  {
    DrPosition pos;
    DrSearch *search = setup ("russian", "W:Wa1:Bb2,c3", &pos);
    DrSearchResult result;
    DrMove move;

    g_assert_false (dr_opponent_choose (search, &pos, 1, 1000, NULL, 0, 1, &move, &result));
    dr_search_free (search);
  }
}

/* A shot: 26-21 gives a man, 16x27 is Black's one move, and 31x4 takes
 * three and crowns, after which Black has no capture: two pieces up, one
 * of them a king, from equal material.  The middle levels and above find it, for
 * every seed. */
#define SHOT "W:W26,28,31,33,36-37,40,44,49:B1-2,6,8-9,16,18-19,25"

static void
test_shot (void)
{
  DrPosition pos, after;
  DrSearch *search = setup ("international", SHOT, &pos);
  const DrRules *rules = dr_search_get_rules (search);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrMove shot = parse_move (rules, &pos, "26-21");
  int n = dr_opponent_n_levels ();

  /* The shot, by the move generator. */
  g_assert_cmpint (dr_bb_count (pos.pieces[DR_SIDE_WHITE]), ==, dr_bb_count (pos.pieces[DR_SIDE_BLACK]));
  dr_movegen_legal (rules, &pos, legal);
  g_assert_cmpuint (legal->n, >, 5);
  g_assert_cmpint (legal->moves[0].captures, ==, 0);
  dr_position_apply (&after, &pos, &shot);
  dr_movegen_legal (rules, &after, legal);
  g_assert_cmpuint (legal->n, ==, 1);
  g_assert_cmpint (dr_bb_count (legal->moves[0].captures), ==, 1);
  dr_position_apply (&after, &after, &legal->moves[0]);
  {
    DrMove take = parse_move (rules, &after, "31x4");
    DrPosition end;

    g_assert_cmpint (dr_bb_count (take.captures), ==, 3);
    dr_position_apply (&end, &after, &take);
    g_assert_false (dr_movegen_has_capture (rules, &end));
    g_assert_cmpint (dr_bb_count (end.pieces[DR_SIDE_WHITE]) - dr_bb_count (end.pieces[DR_SIDE_BLACK]), ==, 2);
    g_assert_cmpint (dr_bb_count (end.kings), ==, 1);
  }

  for (int level = n / 2 - 1; level <= n; level++)
    for (uint32_t seed = 0; seed < 16; seed++)
      {
        DrSearchResult result;
        DrMove move = choose (search, &pos, level, seed, &result);
        g_autofree char *text = dr_move_to_text_at (rules, &pos, &move);

        if (!dr_move_same (&move, &shot))
          g_test_message ("level %s, seed %u: %s", dr_opponent_level (level)->id, seed, text);
        g_assert_cmpstr (text, ==, "26-21");
      }
  dr_search_free (search);
}

/* Proven results against noise: a level whose noise covers every score
 * (the table's do not come near: that is what the rules must hold for).
 * Here two moves lose (the exhaustive solver proves it) and two do not:
 * the choice is never a losing one, and the noise still varies it. */
#define LOSSES "W:W15,22,28:B5,11,19"
/* One move (43-39) wins within three plies; the others do not. */
#define WIN "W:W13,43,49:B24,33-34"

static const DrOpponentLevel wild = { "wild", "Wild", 20000, 100000, DR_SEARCH_MAX_PV, 0, 0 };

static void
test_proven_loss (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", LOSSES, &pos);
  const DrRules *rules = dr_search_get_rules (search);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  gboolean loses[DR_MAX_MOVES] = { 0 };
  guint n_losing = 0, chosen[DR_MAX_MOVES] = { 0 }, n_chosen = 0;

  dr_movegen_legal (rules, &pos, legal);
  g_assert_cmpuint (legal->n, ==, 4);
  for (unsigned i = 0; i < legal->n; i++)
    {
      DrPosition child;
      g_autofree char *text = dr_move_to_text_at (rules, &pos, &legal->moves[i]);

      dr_position_apply (&child, &pos, &legal->moves[i]);
      loses[i] = test_wins_within (rules, &child, 3);
      g_test_message ("%s %s", text, loses[i] ? "loses within 4 plies" : "does not lose within 4 plies");
      n_losing += loses[i];
    }
  g_assert_cmpuint (n_losing, ==, 2);

  for (uint32_t seed = 0; seed < 64; seed++)
    for (int table = 0; table < 2; table++)
      {
        DrSearchLimits limits = { .max_depth = 20, .multipv = 1 };
        const DrOpponentLevel *level = table ? dr_opponent_level (1) : &wild;
        DrSearchResult result;
        DrMove move;
        unsigned index = legal->n;

        dr_search_clear (search);
        g_assert_true (dr_opponent_choose_at (search, &pos, level, &limits, seed, &move, &result));
        for (unsigned i = 0; i < legal->n; i++)
          if (dr_move_same (&move, &legal->moves[i]))
            index = i;
        g_assert_cmpuint (index, <, legal->n);
        g_assert_false (loses[index]);
        g_assert_cmpint (result.score, >, -DR_SCORE_WON);
        /* The search proved the losses too. */
        g_assert_cmpint (result.lines[result.n_lines - 1].score, <=, -DR_SCORE_WON);
        if (!table && chosen[index]++ == 0)
          n_chosen++;
      }
  /* The wild noise reaches both moves that do not lose. */
  g_assert_cmpuint (n_chosen, ==, 2);
  dr_search_free (search);
}

/* The wild noise never throws the proven win away, at any seed, nor does
 * any level of the table. */
static void
test_proven_win (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", WIN, &pos);
  const DrRules *rules = dr_search_get_rules (search);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrMove win = parse_move (rules, &pos, "43-39");
  int n = dr_opponent_n_levels ();

  dr_movegen_legal (rules, &pos, legal);
  g_assert_cmpuint (legal->n, ==, 5);
  for (unsigned i = 0; i < legal->n; i++)
    {
      DrPosition child;

      dr_position_apply (&child, &pos, &legal->moves[i]);
      g_assert_cmpint (test_loses_within (rules, &child, 2), ==, dr_move_same (&legal->moves[i], &win));
    }

  for (uint32_t seed = 0; seed < 64; seed++)
    {
      DrSearchLimits limits = { .max_depth = 20, .multipv = 1 };
      DrSearchResult result;
      DrMove move;

      dr_search_clear (search);
      g_assert_true (dr_opponent_choose_at (search, &pos, &wild, &limits, seed, &move, &result));
      g_assert_true (dr_move_same (&move, &win));
      g_assert_cmpint (result.score, >=, DR_SCORE_WON);
      /* Other lines were there to choose: they do not win. */
      g_assert_cmpint (result.n_lines, ==, 5);
      g_assert_cmpint (result.lines[1].score, <, DR_SCORE_WON);
    }
  for (int level = 1; level <= n; level++)
    for (uint32_t seed = 0; seed < 8; seed++)
      {
        DrSearchResult result;
        DrMove move = choose (search, &pos, level, seed, &result);

        g_assert_true (dr_move_same (&move, &win));
      }
  dr_search_free (search);
}

/* Weighted towards the better lines: in LOSSES the two moves that do not
 * lose score d apart (the losing ones are never candidates), and with a
 * noise of 5d/4 the best weighs 5d/4 + 1 against d/4 + 1 for the other,
 * four or five to one.  Equal weights would choose each about as often.
 * (d is 10 since International's three pieces against a king are scaled
 * down as drawish, dr_eval_drawish(); it was over 40 before.) */
static void
test_weighted (void)
{
  DrPosition pos;
  DrSearch *search = setup ("international", LOSSES, &pos);
  DrSearchLimits limits = { .max_nodes = 5000, .multipv = 4 };
  DrSearchResult plain;
  DrOpponentLevel level = { "weighted", "Weighted", 0, 0, 4, 0, 0 };
  int d;
  guint best = 0, second = 0;

  g_assert_true (dr_search_run (search, &pos, &limits, &plain));
  g_assert_cmpint (plain.n_lines, ==, 4);
  d = plain.lines[0].score - plain.lines[1].score;
  g_test_message ("the two moves that do not lose: %d and %d", plain.lines[0].score,
                  plain.lines[1].score);
  g_assert_cmpint (d, >=, 8);
  g_assert_cmpint (plain.lines[2].score, <=, -DR_SCORE_WON);
  level.noise = d + d / 4;
  limits.multipv = 1;
  for (uint32_t seed = 0; seed < 128; seed++)
    {
      DrSearchResult result;
      DrMove move;

      dr_search_clear (search);
      g_assert_true (dr_opponent_choose_at (search, &pos, &level, &limits, seed, &move, &result));
      g_assert_cmpint (result.lines[0].score, ==, plain.lines[0].score);
      g_assert_cmpint (result.lines[1].score, ==, plain.lines[1].score);
      if (dr_move_same (&move, &plain.lines[0].pv[0]))
        best++;
      else if (dr_move_same (&move, &plain.lines[1].pv[0]))
        second++;
    }
  g_test_message ("128 seeds: the best %u times, the second %u", best, second);
  g_assert_cmpuint (best + second, ==, 128);
  g_assert_cmpuint (best, >, 90);
  g_assert_cmpuint (second, >, 5);
  dr_search_free (search);
}

/* The same seed gives the same move (and lines) twice, from cleared tables
 * or from a second search, though that one plays with ProbCut (a weakened
 * level searches without it, as when its Elo was measured, and leaves the
 * search's mode as it was); dr_opponent_seed() depends on its base and the
 * position only. */
static void
test_reproducible (void)
{
  DrPosition pos, other;
  DrSearch *a = setup ("international", QUIET_OPENING, &pos);
  DrSearch *b = dr_search_new (dr_search_get_rules (a), 8);
  guint differ = 0;

  dr_search_set_probcut (b, DR_PROBCUT_GUARDED);
  for (int level = 1; level < dr_opponent_n_levels (); level++)
    for (uint32_t seed = 0; seed < 16; seed++)
      {
        DrSearchResult ra, rb, again;
        DrMove ma = choose (a, &pos, level, seed, &ra);
        DrMove mb = choose (b, &pos, level, seed, &rb);
        DrMove mc = choose (a, &pos, level, seed, &again);

        g_assert_true (dr_move_same (&ma, &mb));
        g_assert_true (dr_move_same (&ma, &mc));
        g_assert_cmpint (ra.score, ==, rb.score);
        g_assert_cmpint (ra.score, ==, again.score);
        g_assert_cmpuint (ra.nodes, ==, again.nodes);
        g_assert_cmpuint (rb.nodes, ==, ra.nodes);
      }
  g_assert_cmpint (dr_search_get_probcut (b), ==, DR_PROBCUT_GUARDED);

  dr_rules_initial (dr_search_get_rules (a), &other);
  g_assert_cmpuint (dr_opponent_seed (1, &pos), ==, dr_opponent_seed (1, &pos));
  for (uint32_t base = 0; base < 16; base++)
    {
      differ += dr_opponent_seed (base, &pos) != dr_opponent_seed (base + 1, &pos);
      differ += dr_opponent_seed (base, &pos) != dr_opponent_seed (base, &other);
    }
  g_assert_cmpuint (differ, ==, 32);
  dr_search_free (a);
  dr_search_free (b);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search/opponent/levels", test_levels);
  g_test_add_func ("/search/opponent/legal", test_legal);
  g_test_add_func ("/search/opponent/full-strength", test_full_strength);
  g_test_add_func ("/search/opponent/noise", test_noise);
  g_test_add_func ("/search/opponent/weighted", test_weighted);
  g_test_add_func ("/search/opponent/forced", test_forced);
  g_test_add_func ("/search/opponent/shot", test_shot);
  g_test_add_func ("/search/opponent/proven-loss", test_proven_loss);
  g_test_add_func ("/search/opponent/proven-win", test_proven_win);
  g_test_add_func ("/search/opponent/reproducible", test_reproducible);
  return g_test_run ();
}
