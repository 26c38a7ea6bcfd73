/* dr-opponent.c — the engine as an opponent: strength levels
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A level is the search with less to go on and a looser choice at the
 * end, so that it plays like a weaker player rather than like a strong
 * one that now and then throws a move away at random:
 *   Step 1. A forced move (a single legal move, which is how a lone
 *           compulsory capture comes) is played at once, unsearched.
 *   Step 2. The search runs with the level's node limit (where it is
 *           tighter than the caller's) and the level's number of lines
 *           (multi-PV).  Few nodes mean a shallow search: short shots are
 *           still seen, since captures are searched in full whatever the
 *           depth, but plans and longer combinations are not.  Several
 *           lines share the nodes, which makes the search shallower yet.
 *   Step 3. The choice: the lines of the last complete iteration whose
 *           score is within the level's noise of the best are the
 *           candidates, each weighted by how close it comes to the best
 *           (noise + 1 - its shortfall: the best line weighs most, one at
 *           the edge of the noise 1), and one is drawn with a generator
 *           seeded by the caller.  Proven results are not played with: a
 *           proven win is played (the fastest the search found), and a
 *           proven loss is never a candidate while the best line is not
 *           one.  "Proven" is the search's DR_SCORE_WON range (dr-eval.h),
 *           the same scores dr_score_to_string() writes as "win in N".
 * The candidates are only ever the search's own lines, legal moves that a
 * search judged nearly as good as the best: the worst a weak level does
 * is the move it did not see the refutation of, as a weak player does.
 *
 * The levels' node limits and noise are chosen so that each level beats
 * the one below it clearly but not always; the table below gives each
 * pair's result in `draughtsman-cli match`.
 */

#include "dr-opponent.h"

#include "dr-movegen.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Marks the names for translation (xgettext); the application translates
 * them where it shows them, as with DrRules.title. */
#define N_(text) text

/* From the weakest to full strength.  A node limit is per move and counts
 * the main thread's nodes; the search polls it between iterations and
 * every 1,024 nodes, so a limit below 1,024 stops the search after the
 * first iteration that passes it, or at the 1,024th node in the next one
 * (which is discarded).  Noise is in hundredths of a man: the beginner may
 * play a move that its shallow search thinks loses a man and a half, the
 * expert only one within a tenth of a man of its best.
 *
 * The Elo columns: each level against the next, International draughts,
 * 40 games from the first 20 openings of data/ballots/international-two-
 * move.txt, each twice with colours reversed, one thread, a 16 MiB table,
 * with the release build of bench 512813 (the learned patterns, issue 14's
 * reductions), measured again after the search changed (W/D/L of the
 * weaker level):
 *   C=draughtsman-cli
 *   nice -n 10 $C match "$C hub --level beginner" "$C hub --level novice" \
 *     --openings data/ballots/international-two-move.txt --games 40 \
 *     --movetime 1000 --hash 16
 * and so on up to master against full, where --movetime 100 is full
 * strength's time (the other levels' node limits end their moves long
 * before 1000 ms).  Elo and margin are match's, rounded:
 *   beginner-novice   5/8/27   -215 ± 117     club-advanced    3/9/28   -255 ± 119
 *   novice-casual     1/4/35   -436 ± 244     advanced-expert  4/12/24  -191 ± 101
 *   casual-club       3/6/31   -301 ± 145     expert-master    0/7/33   -407 ± 153
 *   master-full (0.1 s a move)  0/24/16  -147 ± 64
 * The expert's node limit was 40,000 until then: against the advanced
 * level it scored 37/2/1, a step too wide to measure (-512, margin
 * unbounded), so it is 25,000 now.
 * Forty games make wide margins: the steps are about 150 to 450 Elo
 * each, some 1,950 from the beginner to full strength at 0.1 s a move
 * (more at a longer time). */
static const DrOpponentLevel levels[] = {
  { "beginner", N_("Beginner"),         250, 150, 6, 215, 117 },
  { "novice",   N_("Novice"),           600, 100, 5, 436, 244 },
  { "casual",   N_("Casual player"),   1500,  70, 4, 301, 145 },
  { "club",     N_("Club player"),     4000,  45, 3, 255, 119 },
  { "advanced", N_("Advanced"),       12000,  25, 3, 191, 101 },
  { "expert",   N_("Expert"),         25000,  10, 2, 407, 153 },
  { "master",   N_("Master"),        150000,   0, 1, 147,  64 },
  { "full",     N_("Full strength"),      0,   0, 1,   0,   0 },
};

#define N_LEVELS ((int) (sizeof levels / sizeof levels[0]))

/* Without any other limit, a search to this depth (the CLI's default). */
#define FALLBACK_DEPTH 12

int
dr_opponent_n_levels (void)
{
  return N_LEVELS;
}

const DrOpponentLevel *
dr_opponent_level (int level)
{
  if (level < 1 || level > N_LEVELS)
    return NULL;
  return &levels[level - 1];
}

int
dr_opponent_level_from_id (const char *id)
{
  if (id == NULL)
    return 0;
  for (int i = 0; i < N_LEVELS; i++)
    if (strcmp (levels[i].id, id) == 0)
      return i + 1;
  return 0;
}

int
dr_opponent_level_elo (int level)
{
  int elo = 0;

  if (level < 1 || level > N_LEVELS)
    return 0;
  for (int i = level; i < N_LEVELS; i++)
    elo -= levels[i - 1].elo_below_next;
  return elo;
}

/* SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014): one 64-bit state, well mixed from any seed,
 * the same numbers on every platform, as a reproducible choice needs. */
static uint64_t
splitmix64_next (uint64_t *state)
{
  uint64_t z = (*state += UINT64_C (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

uint32_t
dr_opponent_seed (uint32_t          base,
                  const DrPosition *pos)
{
  uint64_t state = pos->hash ^ ((uint64_t) base << 32 | base);

  return (uint32_t) splitmix64_next (&state);
}

/* Step 3.  The index of the line to play among @result's lines (sorted
 * best first by the search), drawn from @seed. */
static int
pick_line (const DrSearchResult *result,
           int                   noise,
           uint32_t              seed)
{
  int best = result->lines[0].score;
  int64_t weights[DR_SEARCH_MAX_PV];
  int64_t total = 0, r;
  uint64_t state = seed;

  /* A proven result: the best line is the fastest win, or the longest
   * resistance when every line loses. */
  if (best >= DR_SCORE_WON || best <= -DR_SCORE_WON || noise <= 0)
    return 0;
  for (int i = 0; i < result->n_lines; i++)
    {
      int64_t shortfall = (int64_t) best - result->lines[i].score;

      weights[i] = 0;
      /* A proven loss, while the best line is not one. */
      if (result->lines[i].score <= -DR_SCORE_WON)
        continue;
      if (shortfall > noise)
        continue;
      weights[i] = noise + 1 - shortfall;
      total += weights[i];
    }
  /* The best line always weighs noise + 1 > 0. */
  assert (total > 0);
  r = (int64_t) (splitmix64_next (&state) % (uint64_t) total);
  for (int i = 0; i < result->n_lines; i++)
    {
      if (r < weights[i])
        return i;
      r -= weights[i];
    }
  return 0;
}

bool
dr_opponent_choose_at (DrSearch              *search,
                       const DrPosition      *root,
                       const DrOpponentLevel *level,
                       const DrSearchLimits  *limits,
                       uint32_t               seed,
                       DrMove                *move,
                       DrSearchResult        *result)
{
  const DrRules *rules = dr_search_get_rules (search);
  DrSearchLimits lim = *limits;
  DrMoveList *list;
  int chosen;
  DrProbCut probcut = dr_search_get_probcut (search);
  bool ran;

  assert (level != NULL && level->lines >= 1);
  memset (result, 0, sizeof *result);

  /* Step 1. */
  list = malloc (sizeof *list);
  if (list == NULL)
    return false;
  list->all_paths = false;
  dr_movegen_legal (rules, root, list);
  if (list->n == 0)
    {
      free (list);
      return false;
    }
  if (list->n == 1)
    {
      *move = list->moves[0];
      result->best = *move;
      free (list);
      return true;
    }

  /* Step 2. */
  if (level->max_nodes > 0 && (lim.max_nodes == 0 || level->max_nodes < lim.max_nodes))
    lim.max_nodes = level->max_nodes;
  lim.multipv = level->lines < DR_SEARCH_MAX_PV ? level->lines : DR_SEARCH_MAX_PV;
  /* Nothing bounds the search: a programmer's error, kept finite in a
   * release build. */
  assert (lim.max_depth > 0 || lim.max_nodes > 0 || lim.max_time_ms > 0 || lim.abort_word != NULL
          || lim.ponder_word != NULL);
  if (lim.max_depth == 0 && lim.max_nodes == 0 && lim.max_time_ms == 0 && lim.abort_word == NULL
      && lim.ponder_word == NULL)
    lim.max_depth = FALLBACK_DEPTH;
  /* A weakened level searches as it did when its Elo was measured: without
   * ProbCut, whatever the engine plays with at full strength. */
  if (level->max_nodes > 0)
    dr_search_set_probcut (search, DR_PROBCUT_OFF);
  ran = dr_search_run (search, root, &lim, result);
  dr_search_set_probcut (search, probcut);
  if (!ran)
    {
      /* Out of memory: any legal move is better than none. */
      memset (result, 0, sizeof *result);
      *move = list->moves[0];
      result->best = *move;
      free (list);
      return true;
    }
  free (list);

  /* Stopped before its first line: the search's fallback move. */
  if (result->n_lines == 0)
    {
      *move = result->best;
      return true;
    }

  /* Step 3. */
  chosen = pick_line (result, level->noise, seed);
  *move = result->lines[chosen].pv[0];
  result->best = *move;
  result->score = result->lines[chosen].score;
  return true;
}

bool
dr_opponent_choose (DrSearch          *search,
                    const DrPosition  *root,
                    int                level,
                    uint64_t           time_ms,
                    const atomic_uint *abort_word,
                    unsigned           abort_unless,
                    uint32_t           seed,
                    DrMove            *move,
                    DrSearchResult    *result)
{
  const DrOpponentLevel *l = dr_opponent_level (level);
  DrSearchLimits limits = { .max_time_ms = time_ms, .multipv = 1,
                            .abort_word = abort_word, .abort_unless = abort_unless };

  assert (l != NULL);
  if (l == NULL)
    l = dr_opponent_level (N_LEVELS);
  /* At least one of the level's nodes, the time and the abort word. */
  assert (l->max_nodes > 0 || time_ms > 0 || abort_word != NULL);
  return dr_opponent_choose_at (search, root, l, &limits, seed, move, result);
}
