/* dr-solve-search.c — the composition solver's proof search: context,
 * transposition table, leaves, the bounded AND/OR search
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The iterative-deepening driver, the solution tree read out and the
 * results are in dr-solve.c; what the search proves is in dr-solve.h.
 */

#define G_LOG_DOMAIN "dr-solve"

#include "config.h"

#include "dr-solve-private.h"

#include "dr-bitboard.h"

#include <stdlib.h>

/* -------------------------------------------------------------------- */
/* Context                                                               */

Ctx *
_dr_solve_ctx_new (const DrRules        *rules,
                   const DrSolveOptions *options,
                   DrSolveGoal           goal,
                   DrSide                attacker)
{
  Ctx *c = g_new0 (Ctx, 1);
  guint mb = options->tt_mb != 0 ? options->tt_mb : DEFAULT_TT_MB;
  guint64 n = ((guint64) mb << 20) / sizeof (TTEntry);
  guint64 buckets = 1;

  while (buckets * 2 * BUCKET <= n)
    buckets *= 2;
  c->rules = rules;
  c->options = options;
  c->goal = goal;
  c->attacker = attacker;
  c->attacker_wins_without_move = goal == DR_SOLVE_GOAL_GIVEAWAY || rules->giveaway;
  c->egdb = options->egdb;
  /* The tables' value is for the variant's own game end. */
  c->use_egdb = c->egdb != NULL && dr_egdb_max_pieces (c->egdb) > 0
                && (goal != DR_SOLVE_GOAL_GIVEAWAY || rules->giveaway);
  c->egdb_max = c->egdb != NULL ? dr_egdb_max_pieces (c->egdb) : 0;
  c->max_depth = options->max_depth > 0 ? options->max_depth : DEFAULT_DEPTH;
  if (c->max_depth > MAX_PLY / 2 - 2)
    c->max_depth = MAX_PLY / 2 - 2;
  c->tt = g_new0 (TTEntry, buckets * BUCKET);
  c->tt_mask = buckets - 1;
  c->lists = g_new (DrMoveList, MAX_PLY + 1);
  c->scratch = g_new (DrMoveList, 1);
  c->scratch->all_paths = false;
  c->start_time = g_get_monotonic_time ();
  c->finales = options->finales && goal == DR_SOLVE_GOAL_WIN;
  c->method = goal == DR_SOLVE_GOAL_WIN && options->method != DR_SOLVE_METHOD_ID
              ? DR_SOLVE_METHOD_PN : DR_SOLVE_METHOD_ID;
  return c;
}

void
_dr_solve_ctx_free (Ctx *c)
{
  if (c->search != NULL)
    dr_search_free (c->search);
  g_free (c->finale_keys);
  g_free (c->finale_scores);
  g_free (c->tt);
  g_free (c->lists);
  g_free (c->scratch);
  g_free (c);
}

/* Limits for one solve, counted from now. */
void
_dr_solve_ctx_start (Ctx *c)
{
  const DrSolveOptions *o = c->options;

  c->start_time = g_get_monotonic_time ();
  c->deadline = o->max_seconds > 0 ? c->start_time + (gint64) (o->max_seconds * G_USEC_PER_SEC) : 0;
  c->node_limit = o->max_nodes > 0 ? c->nodes + o->max_nodes : 0;
  c->next_progress = c->start_time + G_USEC_PER_SEC / 10;
  c->aborted = FALSE;
  c->abort_reason = DR_SOLVE_STOP_DONE;
}

void
_dr_solve_ctx_check (Ctx *c)
{
  gint64 now;

  if (c->node_limit != 0 && c->nodes >= c->node_limit && !c->ignore_node_limit)
    {
      c->aborted = TRUE;
      c->abort_reason = DR_SOLVE_STOP_NODES;
      return;
    }
  if ((c->nodes & 1023) != 0)
    return;
  if ((c->options->cancellable != NULL && g_cancellable_is_cancelled (c->options->cancellable))
      || (c->stop != NULL && g_atomic_int_get (c->stop) != 0))
    {
      c->aborted = TRUE;
      c->abort_reason = DR_SOLVE_STOP_CANCELLED;
      return;
    }
  now = g_get_monotonic_time ();
  if (c->deadline != 0 && now >= c->deadline)
    {
      c->aborted = TRUE;
      c->abort_reason = DR_SOLVE_STOP_TIME;
      return;
    }
  if (c->options->progress != NULL && now >= c->next_progress)
    {
      DrSolveProgress p = {
        .part = c->part, .depth = c->depth, .nodes = c->nodes, .tt_hits = c->tt_hits,
        .seconds = (now - c->start_time) / (double) G_USEC_PER_SEC,
      };
      c->next_progress = now + G_USEC_PER_SEC / 10;
      c->options->progress (&p, c->options->progress_data);
    }
}

/* -------------------------------------------------------------------- */
/* Transposition table                                                   */

static TTEntry *
tt_find (Ctx     *c,
         uint64_t key)
{
  TTEntry *b = &c->tt[(key & c->tt_mask) * BUCKET];

  for (int i = 0; i < BUCKET; i++)
    if (b[i].key == key && (b[i].win1 > 0 || b[i].nowin > 0))
      return &b[i];
  return NULL;
}

static void
tt_store (Ctx     *c,
          uint64_t key,
          int      win,
          int      nowin)
{
  TTEntry *b = &c->tt[(key & c->tt_mask) * BUCKET];
  TTEntry *victim = NULL;
  int victim_score = G_MAXINT;

  for (int i = 0; i < BUCKET; i++)
    if (b[i].key == key)
      {
        victim = &b[i];
        break;
      }
  if (victim == NULL)
    for (int i = 0; i < BUCKET; i++)
      {
        /* Keep proofs and certain refutations longest, then deep bounds. */
        int score = b[i].win1 > 0 ? 100000 - b[i].win1
                    : b[i].nowin == NOWIN_CERTAIN ? 50000 : b[i].nowin;
        if (b[i].win1 == 0 && b[i].nowin == 0)
          score = -1;
        if (score < victim_score)
          {
            victim_score = score;
            victim = &b[i];
          }
      }
  if (victim->key != key)
    *victim = (TTEntry) { key, 0, 0, 0 };
  if (win >= 0 && (victim->win1 == 0 || win + 1 < victim->win1))
    victim->win1 = (int16_t) (win + 1);
  if (nowin > victim->nowin)
    victim->nowin = (int16_t) nowin;
}

/* -------------------------------------------------------------------- */
/* Leaves                                                                */

/* Is a table win for the attacker in @pos a clean win: no count rule can
 * end the game as a draw on the table's line (dr-egdb.h)? */
static gboolean
egdb_win_is_clean (Ctx              *c,
                   const DrPosition *pos,
                   int               plies)
{
  DrEgdbProbe probe;
  int limit = dr_egdb_count_limit (c->rules, pos);

  /* No count rule for this material: nothing can end the game before
   * the win.  Otherwise the table's line is played out (a capture on the
   * way may bring a balance with a shorter count).  The search asks once
   * per position: leaves are kept in the transposition table. */
  (void) plies;
  if (limit == 0)
    return TRUE;
  if (!dr_egdb_probe (c->egdb, pos, &probe, NULL))
    return FALSE;
  return probe.count_rule == NULL;
}

/* The material condition of a won finale (dr-solve.h): the attacker is
 * DR_SOLVE_FINALE_MIN_MEN men ahead, a king of either side counted as
 * DR_SOLVE_FINALE_KING_MEN men.  *@defender_king: the defender has a
 * king (then only a win the engine sees will do). */
gboolean
_dr_solve_finale_material (const DrPosition *pos,
                           DrSide            attacker,
                           gboolean         *defender_king)
{
  DrBitboard a = pos->pieces[attacker], d = pos->pieces[DR_SIDE_OTHER (attacker)];
  int am = dr_bb_count (a & ~pos->kings) + DR_SOLVE_FINALE_KING_MEN * dr_bb_count (a & pos->kings);
  int dm = dr_bb_count (d & ~pos->kings) + DR_SOLVE_FINALE_KING_MEN * dr_bb_count (d & pos->kings);

  *defender_king = (d & pos->kings) != 0;
  return am - dm >= DR_SOLVE_FINALE_MIN_MEN;
}

/* Is the engine's @score (for the attacker) a won finale's? */
gboolean
_dr_solve_finale_score_won (int      score,
                            gboolean defender_king)
{
  return score >= (defender_king ? DR_SCORE_WON : DR_SOLVE_FINALE_MIN_SCORE);
}

/* Does the defender have a king at the end of @line from @pos? */
static gboolean
pv_crowns (Ctx                *c,
           const DrPosition   *pos,
           const DrSearchInfo *line)
{
  DrPosition p = *pos;
  DrSide defender = DR_SIDE_OTHER (c->attacker);

  for (int i = 0; i < line->pv_length; i++)
    {
      dr_position_apply (&p, &p, &line->pv[i]);
      if ((p.pieces[defender] & p.kings) != 0)
        return TRUE;
    }
  return FALSE;
}

/* Is @pos (the defender to move, no capture, not in the tables) a won
 * finale?  *@score: the engine's score for the attacker.  The engine is
 * asked once per position and solve; its table is cleared before every
 * search, so the verdict does not depend on the order of the questions. */
static gboolean
finale_won (Ctx              *c,
            const DrPosition *pos,
            int              *score)
{
  guint slot = (guint) (pos->hash >> 20) & (FINALE_CACHE - 1);
  uint64_t key = pos->hash & ~(uint64_t) 1;
  DrSearchLimits limits = { 0 };
  DrSearchResult result;
  gboolean won, king;

  *score = 0;
  if (!_dr_solve_finale_material (pos, c->attacker, &king))
    return FALSE;
  if (c->finale_keys == NULL)
    {
      c->finale_keys = g_new0 (uint64_t, FINALE_CACHE);
      c->finale_scores = g_new0 (int16_t, FINALE_CACHE);
    }
  if (c->finale_keys[slot] != 0 && (c->finale_keys[slot] & ~(uint64_t) 1) == key)
    {
      *score = c->finale_scores[slot];
      return (c->finale_keys[slot] & 1) != 0;
    }
  if (c->search == NULL)
    {
      c->search = dr_search_new (c->rules, 1);
      if (c->use_egdb)
        dr_search_set_egdb (c->search, c->egdb);
    }
  /* A two-ply look first throws out most candidates cheaply. */
  won = TRUE;
  for (int depth = 2; won && depth <= DR_SOLVE_FINALE_DEPTH; depth += DR_SOLVE_FINALE_DEPTH - 2)
    {
      dr_search_clear (c->search);
      limits.max_depth = depth;
      if (!dr_search_run (c->search, pos, &limits, &result))
        return FALSE;
      /* The search's score is for the side to move, the defender.  A
       * king the defender crowns on the engine's line counts as one it
       * has: kings against a king are often a draw. */
      *score = -result.score;
      won = _dr_solve_finale_score_won (*score, king || pv_crowns (c, pos, &result.lines[0]));
    }
  c->finale_keys[slot] = key | (won ? 1 : 0);
  c->finale_scores[slot] = (int16_t) CLAMP (*score, -DR_SCORE_INF, DR_SCORE_INF);
  return won;
}

/* What @pos is for the goal, before any search below it.  @n_moves: the
 * number of legal moves of the side to move (already generated). */
Leaf
_dr_solve_classify (Ctx              *c,
                    const DrPosition *pos,
                    unsigned          n_moves,
                    gboolean          check_path,
                    gboolean          root)
{
  Leaf l = { DR_SOLVE_LEAF_NONE, FALSE, FALSE, DR_EGDB_UNKNOWN, 0, NULL, 0 };
  gboolean attacker_to_move = pos->turn == c->attacker;

  if (n_moves == 0)
    {
      l.leaf = DR_SOLVE_LEAF_NO_MOVE;
      switch (c->goal)
        {
        case DR_SOLVE_GOAL_LOCK:
          if (!attacker_to_move)
            {
              DrBitboard def = pos->pieces[pos->turn];
              int men = dr_bb_count (def & ~pos->kings);
              int kings = dr_bb_count (def & pos->kings);
              gboolean ok = def != 0
                            && (c->options->lock_men < 0 || men == c->options->lock_men)
                            && (c->options->lock_kings < 0 || kings == c->options->lock_kings);
              l.leaf = ok ? DR_SOLVE_LEAF_LOCK : DR_SOLVE_LEAF_WRONG_LOCK;
              l.success = ok;
            }
          break;
        default:
          l.success = c->attacker_wins_without_move ? attacker_to_move : !attacker_to_move;
          break;
        }
      return l;
    }

  if (c->goal == DR_SOLVE_GOAL_DRAW && check_path && c->path_len > 0)
    {
      const DrDrawRule *which = NULL;

      for (int i = c->path_len - 2; i >= 0; i -= 2)
        if (c->path[i].hash == pos->hash && dr_position_equal (&c->path[i], pos))
          {
            l.leaf = DR_SOLVE_LEAF_REPETITION;
            l.success = TRUE;
            l.path_dep = TRUE;
            return l;
          }
      if (dr_game_status (c->rules, c->path, c->path_len, &which) == DR_STATUS_DRAW)
        {
          l.leaf = DR_SOLVE_LEAF_DRAW_RULE;
          l.draw_rule = which;
          l.success = TRUE;
          l.path_dep = TRUE;
          return l;
        }
    }

  /* Not at the root of a solve: a composition inside the tables still
   * gets its key, the move into a position the tables say is won. */
  if (c->use_egdb && !root && dr_bb_count (dr_position_occupied (pos)) <= c->egdb_max
      && !dr_movegen_has_capture (c->rules, pos))
    {
      int plies = 0;
      DrEgdbValue v = dr_egdb_probe_quiet (c->egdb, pos, &plies);

      if (v != DR_EGDB_UNKNOWN)
        {
          DrEgdbValue av = attacker_to_move ? v : flip_value (v);

          l.egdb_value = v;
          l.egdb_plies = v == DR_EGDB_DRAW ? 0 : plies;
          switch (c->goal)
            {
            case DR_SOLVE_GOAL_DRAW:
              l.leaf = DR_SOLVE_LEAF_EGDB;
              l.success = av != DR_EGDB_LOSS;
              break;
            case DR_SOLVE_GOAL_LOCK:
              if (av != DR_EGDB_WIN)
                l.leaf = DR_SOLVE_LEAF_EGDB;   /* certain failure */
              break;
            default:
              if (av != DR_EGDB_WIN)
                l.leaf = DR_SOLVE_LEAF_EGDB;
              else if (egdb_win_is_clean (c, pos, plies))
                {
                  l.leaf = DR_SOLVE_LEAF_EGDB;
                  l.success = TRUE;
                }
              break;
            }
        }
    }

  /* A won finale (004 6.2.7.2): the defender to make a non-capturing
   * move after the attacker's combination. */
  if (c->finales && l.leaf == DR_SOLVE_LEAF_NONE && !attacker_to_move && !root
      && !(c->use_egdb && dr_bb_count (dr_position_occupied (pos)) <= c->egdb_max)
      && !dr_movegen_has_capture (c->rules, pos) && finale_won (c, pos, &l.finale_score))
    {
      l.leaf = DR_SOLVE_LEAF_FINALE;
      l.success = TRUE;
    }
  return l;
}

/* -------------------------------------------------------------------- */
/* Search                                                                */

typedef struct
{
  DrMove move;
  int    key;
} Ordered;

static int
ordered_cmp (const void *a,
             const void *b)
{
  const Ordered *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

/* Orders @list in place for the side to move at @pos: the attacker tries
 * known wins first, then the moves that leave the defender fewest replies
 * (df-pn's initial proof numbers); the defender tries the replies known to
 * hold longest first, then those that leave the attacker most moves. */
void
_dr_solve_order_moves (Ctx              *c,
                       const DrPosition *pos,
                       DrMoveList       *list)
{
  gboolean attacker = pos->turn == c->attacker;
  Ordered o[DR_MAX_MOVES];

  if (list->n < 2)
    return;
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;
      const TTEntry *e;
      int key;

      dr_position_apply (&child, pos, &list->moves[i]);
      e = tt_find (c, child.hash);
      if (attacker)
        {
          if (e != NULL && e->win1 > 0)
            key = -1000000 + e->win1;
          else if (e != NULL && e->nowin == NOWIN_CERTAIN)
            key = 1000000;
          else
            key = (int) dr_movegen_count (c->rules, &child, c->scratch) * 64
                  + (e != NULL ? e->nowin : 0);
        }
      else
        {
          if (e != NULL && e->nowin == NOWIN_CERTAIN)
            key = -1000000;
          else if (e != NULL && e->win1 > 0)
            key = 1000000 - e->win1;
          else
            key = -(e != NULL ? e->nowin : 0) * 1024
                  - (int) dr_movegen_count (c->rules, &child, c->scratch);
        }
      o[i].move = list->moves[i];
      o[i].key = key;
    }
  qsort (o, list->n, sizeof o[0], ordered_cmp);
  for (unsigned i = 0; i < list->n; i++)
    list->moves[i] = o[i].move;
}

/* Can the attacker reach the goal from @pos within @bound attacker moves?
 * *@dist: the distance found (R_WIN); *@certain: R_NOWIN holds for any
 * bound; *@path_dep: the answer depends on the line (DRAW goal). */
Outcome
_dr_solve_search (Ctx              *c,
                  const DrPosition *pos,
                  int               bound,
                  int              *dist,
                  gboolean         *certain,
                  gboolean         *path_dep)
{
  int ply = c->path_len;
  DrMoveList *list = &c->lists[ply];
  gboolean attacker = pos->turn == c->attacker;
  const TTEntry *e;
  Leaf leaf;
  Outcome out;
  gboolean any_uncertain = FALSE, any_path = FALSE;
  int best = G_MAXINT, worst = 0;

  *dist = 0;
  *certain = FALSE;
  *path_dep = FALSE;
  c->nodes++;
  _dr_solve_ctx_check (c);
  if (c->aborted)
    return R_ABORT;
  if (ply >= MAX_PLY - 1)
    return R_NOWIN;

  /* The table first: leaves are stored too (a proved leaf as distance 0,
   * a failed one as certain), so the tables and the move generator are
   * asked once per position.  For the DRAW goal the line's repetitions
   * and draw rules come first: they are never stored. */
  c->path[ply] = *pos;
  c->path_len = ply + 1;
  list->all_paths = false;
  if (c->goal == DR_SOLVE_GOAL_DRAW)
    {
      dr_movegen_legal (c->rules, pos, list);
      leaf = _dr_solve_classify (c, pos, list->n, TRUE, ply == 0);
      if (leaf.path_dep)
        {
          c->path_len = ply;
          *path_dep = TRUE;
          return R_WIN;
        }
    }

  e = tt_find (c, pos->hash);
  if (e != NULL)
    {
      if (e->win1 > 0 && e->win1 - 1 <= bound)
        {
          c->tt_hits++;
          c->path_len = ply;
          *dist = e->win1 - 1;
          return R_WIN;
        }
      if (e->nowin >= bound || e->nowin == NOWIN_CERTAIN)
        {
          c->tt_hits++;
          c->path_len = ply;
          *certain = e->nowin == NOWIN_CERTAIN;
          return R_NOWIN;
        }
    }

  if (c->goal != DR_SOLVE_GOAL_DRAW)
    {
      dr_movegen_legal (c->rules, pos, list);
      leaf = _dr_solve_classify (c, pos, list->n, FALSE, ply == 0);
    }
  if (leaf.leaf != DR_SOLVE_LEAF_NONE)
    {
      c->path_len = ply;
      if (leaf.success)
        {
          tt_store (c, pos->hash, 0, 0);
          return R_WIN;
        }
      *certain = TRUE;
      tt_store (c, pos->hash, -1, NOWIN_CERTAIN);
      return R_NOWIN;
    }

  if (attacker && bound == 0)
    {
      c->path_len = ply;
      return R_NOWIN;
    }

  _dr_solve_order_moves (c, pos, list);
  out = attacker ? R_NOWIN : R_WIN;
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;
      int d;
      gboolean cert, pd;
      Outcome r;

      dr_position_apply (&child, pos, &list->moves[i]);
      r = _dr_solve_search (c, &child, attacker ? bound - 1 : bound, &d, &cert, &pd);
      if (r == R_ABORT)
        {
          c->path_len = ply;
          return R_ABORT;
        }
      any_path |= pd;
      if (attacker)
        {
          if (r == R_WIN)
            {
              best = 1 + d;
              out = R_WIN;
              any_path = pd;
              break;
            }
          if (!cert)
            any_uncertain = TRUE;
        }
      else
        {
          if (r == R_NOWIN)
            {
              out = R_NOWIN;
              any_uncertain = !cert;
              any_path = pd;
              break;
            }
          worst = MAX (worst, d);
        }
    }
  c->path_len = ply;
  *path_dep = any_path;
  if (out == R_WIN)
    {
      *dist = attacker ? best : worst;
      if (!any_path)
        tt_store (c, pos->hash, *dist, 0);
      return R_WIN;
    }
  *certain = !any_uncertain;
  /* For the DRAW goal no failure is stored: a draw rule that counts moves
   * (004 1.9.1.4: five moves of a king against a king) holds sooner on a
   * longer line, so a position that failed within the bound on one line
   * may draw within it on another (the table's entries are the
   * position's, whatever the line). */
  if (!any_path && c->goal != DR_SOLVE_GOAL_DRAW)
    tt_store (c, pos->hash, -1, *certain ? NOWIN_CERTAIN : bound);
  return R_NOWIN;
}
