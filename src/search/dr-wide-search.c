/* dr-wide-search.c — alpha-beta search on the wide boards
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search:
 *   - iterative deepening from depth 1; each completed iteration is
 *     reported; a limit (depth, nodes, time, abort word) ends it, and the
 *     last completed iteration's move is played;
 *   - negamax alpha-beta with principal variation search (the first move
 *     with the full window, the others with a null window, searched again
 *     when they beat alpha), and late move reductions: away from the
 *     principal variation, at depth 3 or more, a quiet move after the
 *     third that is neither a killer nor a promotion is searched one ply
 *     less first, and again in full if it beats alpha;
 *   - draughts' quiescence: at the horizon a node whose side to move must
 *     capture is never a leaf; its captures are searched, and so on until
 *     a quiet position, which the evaluation scores.  A node with one legal
 *     move does not use up depth;
 *   - a transposition table of 16-byte entries keyed by a Zobrist hash
 *     (dr_wide_hash): bound, depth, score (wins relative to the node) and
 *     the best move as its index in the generator's list, checked against
 *     its squares;
 *   - move ordering: the table's move, then captures (most pieces taken
 *     first), then two killer moves a ply, then the history of quiet moves
 *     that cut off;
 *   - a repetition along the searched line with only king moves since
 *     scores as a draw (0); no other draw rule is known to it;
 *   - no legal move: a loss (004 1.8.1), scored DR_SCORE_WIN less the ply.
 *
 * The evaluation (hand-set, not tuned; side to move's view) knows:
 *   - material: a man 100, a king 300 (about three men);
 *   - advancement: a man on its side's r-th rank (0 = own back rank) is
 *     worth 3 r² / size more, up to a quarter of a man on the rank before
 *     crowning on 12x12;
 *   - centre: 6 for a man on the middle four files of the middle four ranks;
 *   - back-rank guard: 5 for a man still on its own back rank while the
 *     opponent has no king;
 *   - wing balance (tempo balance): 4 per man of difference beyond one
 *     between the men on the left and right halves of the board;
 *   - kings alone: when the side ahead has no men and at most three kings
 *     against a lone king, the score is divided by four (three kings
 *     rarely beat one in International rules).
 * It knows nothing of outposts, tempo counts, breakthroughs, opposition or
 * endgame tables: enough to play the game and see tactics, not to judge
 * positions as a master does.
 */

#include "config.h"

#include "dr-wide-search.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PLY DR_WIDE_SEARCH_MAX_PLY

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct
{
  uint64_t key;
  int16_t  score;
  int8_t   depth;
  uint8_t  bound;
  uint16_t move;       /* index in the generator's list, 0xffff: none */
  uint8_t  from;
  uint8_t  to;
} TTEntry;

typedef struct
{
  uint8_t from, to;
} Killer;

struct _DrWideSearch
{
  TTEntry            *tt;
  size_t              tt_mask;
  DrWideMoveList     *lists;                     /* one a ply */
  DrWideMove          pv[MAX_PLY][MAX_PLY];
  int                 pv_length[MAX_PLY];
  int                 order[MAX_PLY][DR_WIDE_MAX_MOVES];
  Killer              killers[MAX_PLY][2];
  int                 history[128][128];
  uint64_t            keys[MAX_PLY + 1];         /* along the line */
  int                 reversible[MAX_PLY + 1];   /* king moves in a row */
  const DrWideSearchLimits *limits;
  uint64_t            nodes;
  uint64_t            start_ms;
  int                 seldepth;
  bool                stop;
  bool                limits_on;                 /* off during depth 1 */
};

/* ---- Tables shared by every search ----------------------------------- */

static uint64_t zobrist[2][2][128];   /* side, king, bit */
static uint64_t zobrist_turn;

typedef struct
{
  uint8_t     rank[2][128];     /* by side: 0 = its own back rank */
  uint8_t     advance[2][128];  /* the advancement bonus */
  DrWideBoard centre;
  DrWideBoard left;             /* the files left of the middle */
  DrWideBoard back[2];          /* each side's back rank */
} EvalTables;

#define N_SIZES ((DR_WIDE_MAX_SIZE - DR_WIDE_MIN_SIZE) / 2 + 1)
static EvalTables eval_tables[N_SIZES];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static uint64_t
splitmix (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static void
tables_init (void)
{
  uint64_t state = 0x3c6ef372fe94f82bu;   /* fixed: the same keys every run */

  for (int s = 0; s < 2; s++)
    for (int k = 0; k < 2; k++)
      for (int b = 0; b < 128; b++)
        zobrist[s][k][b] = splitmix (&state);
  zobrist_turn = splitmix (&state);
  for (int i = 0; i < N_SIZES; i++)
    {
      int size = DR_WIDE_MIN_SIZE + 2 * i;
      const DrWideGeometry *g = dr_wide_geometry (size);
      EvalTables *t = &eval_tables[i];
      int lo = size / 2 - 2, hi = size / 2 + 1;

      memset (t, 0, sizeof *t);
      for (int n = 1; n <= g->n_squares; n++)
        {
          int bit = dr_wide_bit_from_number (g, n), x, y;

          dr_wide_xy (g, bit, &x, &y);
          t->rank[DR_SIDE_WHITE][bit] = (uint8_t) y;
          t->rank[DR_SIDE_BLACK][bit] = (uint8_t) (size - 1 - y);
          for (int s = 0; s < 2; s++)
            {
              int r = t->rank[s][bit];

              t->advance[s][bit] = (uint8_t) (3 * r * r / size);
              if (r == 0)
                t->back[s] |= dr_wide_bit (bit);
            }
          if (x >= lo && x <= hi && y >= lo && y <= hi)
            t->centre |= dr_wide_bit (bit);
          if (x < size / 2)
            t->left |= dr_wide_bit (bit);
        }
    }
}

static const EvalTables *
tables_for (int size)
{
  pthread_once (&tables_once, tables_init);
  return &eval_tables[(size - DR_WIDE_MIN_SIZE) / 2];
}

uint64_t
dr_wide_hash (const DrWidePosition *pos)
{
  uint64_t key;

  pthread_once (&tables_once, tables_init);
  key = pos->turn == DR_SIDE_BLACK ? zobrist_turn : 0;
  for (int s = 0; s < 2; s++)
    for (DrWideBoard b = pos->pieces[s]; b != 0; b &= b - 1)
      {
        int sq = dr_wide_first (b);

        key ^= zobrist[s][dr_wide_has (pos->kings, sq)][sq];
      }
  return key;
}

/* The key of the position after @move from @pos (key @key). */
static uint64_t
child_key (uint64_t              key,
           const DrWidePosition *pos,
           const DrWideMove     *move)
{
  int us = pos->turn;
  bool was_king = dr_wide_has (pos->kings, move->from);
  bool is_king = was_king || (move->flags & DR_MOVE_PROMOTES) != 0;

  key ^= zobrist_turn ^ zobrist[us][was_king][move->from] ^ zobrist[us][is_king][move->to];
  for (DrWideBoard b = move->captures; b != 0; b &= b - 1)
    {
      int sq = dr_wide_first (b);

      key ^= zobrist[us ^ 1][dr_wide_has (pos->kings, sq)][sq];
    }
  return key;
}

/* ---- Evaluation ------------------------------------------------------ */

#define EVAL_MAN     100
#define EVAL_KING    300
#define EVAL_CENTRE  6
#define EVAL_GUARD   5
#define EVAL_BALANCE 4

static int
side_terms (const EvalTables   *t,
            const DrWidePosition *pos,
            int                 side)
{
  DrWideBoard men = pos->pieces[side] & ~pos->kings;
  int score = 0, left, right;

  for (DrWideBoard b = men; b != 0; b &= b - 1)
    score += t->advance[side][dr_wide_first (b)];
  score += EVAL_CENTRE * dr_wide_count (men & t->centre);
  if ((pos->pieces[side ^ 1] & pos->kings) == 0)
    score += EVAL_GUARD * dr_wide_count (men & t->back[side]);
  left = dr_wide_count (men & t->left);
  right = dr_wide_count (men) - left;
  if (abs (left - right) > 1)
    score -= EVAL_BALANCE * (abs (left - right) - 1);
  return score;
}

static int
evaluate (const EvalTables     *t,
          const DrWidePosition *pos)
{
  int us = pos->turn, them = us ^ 1;
  int men[2], kings[2], score;

  for (int s = 0; s < 2; s++)
    {
      kings[s] = dr_wide_count (pos->pieces[s] & pos->kings);
      men[s] = dr_wide_count (pos->pieces[s]) - kings[s];
    }
  score = EVAL_MAN * (men[us] - men[them]) + EVAL_KING * (kings[us] - kings[them])
          + side_terms (t, pos, us) - side_terms (t, pos, them);
  for (int s = 0; s < 2; s++)
    if (men[s] == 0 && kings[s] <= 3 && men[s ^ 1] == 0 && kings[s ^ 1] == 1
        && (s == us) == (score > 0))
      score /= 4;
  return score;
}

int
dr_wide_evaluate (const DrWidePosition *pos)
{
  return evaluate (tables_for (pos->size), pos);
}

/* ---- Search ---------------------------------------------------------- */

static uint64_t
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000u + (uint64_t) ts.tv_nsec / 1000000u;
}

DrWideSearch *
dr_wide_search_new (size_t tt_megabytes)
{
  DrWideSearch *self = calloc (1, sizeof *self);
  size_t entries = 1;

  if (self == NULL)
    return NULL;
  if (tt_megabytes < 1)
    tt_megabytes = 1;
  while (entries * 2 * sizeof (TTEntry) <= tt_megabytes << 20)
    entries *= 2;
  self->tt = calloc (entries, sizeof (TTEntry));
  self->lists = calloc (MAX_PLY + 1, sizeof (DrWideMoveList));
  if (self->tt == NULL || self->lists == NULL)
    {
      dr_wide_search_free (self);
      return NULL;
    }
  self->tt_mask = entries - 1;
  pthread_once (&tables_once, tables_init);
  return self;
}

void
dr_wide_search_free (DrWideSearch *self)
{
  if (self == NULL)
    return;
  free (self->tt);
  free (self->lists);
  free (self);
}

static bool
out_of_limits (DrWideSearch *self)
{
  const DrWideSearchLimits *l = self->limits;

  if (!self->limits_on)
    return false;
  if (l->max_nodes != 0 && self->nodes >= l->max_nodes)
    return true;
  if ((self->nodes & 1023) == 0)
    {
      if (l->abort_word != NULL && atomic_load (l->abort_word) != l->abort_unless)
        return true;
      if (l->max_time_ms != 0 && now_ms () - self->start_ms >= l->max_time_ms)
        return true;
    }
  return false;
}

/* Win scores are stored relative to the node, read back relative to the
 * root. */
static int
score_to_tt (int score,
             int ply)
{
  return score >= DR_SCORE_WON ? score + ply : score <= -DR_SCORE_WON ? score - ply : score;
}

static int
score_from_tt (int score,
               int ply)
{
  return score >= DR_SCORE_WON ? score - ply : score <= -DR_SCORE_WON ? score + ply : score;
}

static void
tt_store (DrWideSearch *self,
          uint64_t      key,
          int           depth,
          int           bound,
          int           score,
          int           ply,
          int           move_index,
          const DrWideMove *move)
{
  TTEntry *e = &self->tt[key & self->tt_mask];

  /* Always replace, but a bound does not overwrite a deeper entry of the
   * same position. */
  if (e->key == key && e->depth > depth && bound != BOUND_EXACT)
    return;
  e->key = key;
  e->score = (int16_t) score_to_tt (score, ply);
  e->depth = (int8_t) (depth > 127 ? 127 : depth);
  e->bound = (uint8_t) bound;
  e->move = move != NULL ? (uint16_t) move_index : 0xffff;
  e->from = move != NULL ? move->from : 0;
  e->to = move != NULL ? move->to : 0;
}

/* Orders @list into self->order[ply]: scores, then a selection sort as
 * the moves are taken (pick_next). */
static void
score_moves (DrWideSearch         *self,
             const DrWideMoveList *list,
             int                   ply,
             int                   tt_move,
             int                  *scores)
{
  for (unsigned i = 0; i < list->n; i++)
    {
      const DrWideMove *m = &list->moves[i];
      int s;

      if ((int) i == tt_move)
        s = 1 << 30;
      else if (m->captures != 0)
        s = (1 << 28) + 16 * dr_wide_count (m->captures);
      else if (m->from == self->killers[ply][0].from && m->to == self->killers[ply][0].to)
        s = (1 << 27) + 1;
      else if (m->from == self->killers[ply][1].from && m->to == self->killers[ply][1].to)
        s = 1 << 27;
      else
        s = self->history[m->from][m->to] + ((m->flags & DR_MOVE_PROMOTES) ? 1 << 26 : 0);
      scores[i] = s;
      self->order[ply][i] = (int) i;
    }
}

static int
pick_next (DrWideSearch *self,
           int           ply,
           int          *scores,
           unsigned      k,
           unsigned      n)
{
  int *order = self->order[ply];
  unsigned best = k;

  for (unsigned j = k + 1; j < n; j++)
    if (scores[order[j]] > scores[order[best]])
      best = j;
  if (best != k)
    {
      int t = order[k];

      order[k] = order[best];
      order[best] = t;
    }
  return order[k];
}

static int
search (DrWideSearch         *self,
        const EvalTables     *t,
        const DrWidePosition *pos,
        int                   depth,
        int                   alpha,
        int                   beta,
        int                   ply)
{
  DrWideMoveList *list = &self->lists[ply];
  uint64_t key = self->keys[ply];
  bool pv_node = beta - alpha > 1;
  int best_score = -DR_SCORE_INF, best_index = -1, tt_move = -1, alpha0 = alpha;
  int scores[DR_WIDE_MAX_MOVES];
  TTEntry *e;

  self->pv_length[ply] = 0;
  self->nodes++;
  if (ply > self->seldepth)
    self->seldepth = ply;
  if (out_of_limits (self))
    {
      self->stop = true;
      return 0;
    }
  /* A repetition along the line, only king moves since. */
  for (int i = ply - 4; i >= 0 && i >= ply - self->reversible[ply]; i -= 2)
    if (self->keys[i] == key)
      return 0;
  dr_wide_generate (pos, list);
  if (list->n == 0)
    return -(DR_SCORE_WIN - ply);
  if (ply >= MAX_PLY - 1)
    return evaluate (t, pos);
  if (depth <= 0 && list->moves[0].captures == 0)
    return evaluate (t, pos);
  if (depth < 0)
    depth = 0;

  e = &self->tt[key & self->tt_mask];
  if (e->key == key)
    {
      if (e->move < list->n && list->moves[e->move].from == e->from
          && list->moves[e->move].to == e->to)
        tt_move = e->move;
      if (!pv_node && e->depth >= depth)
        {
          int s = score_from_tt (e->score, ply);

          if (e->bound == BOUND_EXACT
              || (e->bound == BOUND_LOWER && s >= beta)
              || (e->bound == BOUND_UPPER && s <= alpha))
            return s;
        }
    }

  score_moves (self, list, ply, tt_move, scores);
  for (unsigned k = 0; k < list->n; k++)
    {
      int i = pick_next (self, ply, scores, k, list->n);
      const DrWideMove *m = &list->moves[i];
      DrWidePosition child;
      int new_depth = list->n == 1 ? depth : depth - 1;
      int score;

      dr_wide_apply (&child, pos, m);
      self->keys[ply + 1] = child_key (key, pos, m);
      self->reversible[ply + 1] = m->captures == 0 && (m->flags & DR_MOVE_BY_KING)
                                  ? self->reversible[ply] + 1 : 0;
      if (k == 0)
        score = -search (self, t, &child, new_depth, -beta, -alpha, ply + 1);
      else
        {
          /* Late move reduction: a quiet move ordered late, away from
           * the principal variation, first at one ply less. */
          if (!pv_node && depth >= 3 && k >= 3 && m->captures == 0 && scores[i] < 1 << 26)
            score = -search (self, t, &child, new_depth - 1, -alpha - 1, -alpha, ply + 1);
          else
            score = alpha + 1;
          if (score > alpha && !self->stop)
            score = -search (self, t, &child, new_depth, -alpha - 1, -alpha, ply + 1);
          if (score > alpha && score < beta && !self->stop)
            score = -search (self, t, &child, new_depth, -beta, -alpha, ply + 1);
        }
      if (self->stop)
        return 0;
      if (score > best_score)
        {
          best_score = score;
          best_index = i;
          if (score > alpha)
            {
              alpha = score;
              self->pv[ply][0] = *m;
              memcpy (&self->pv[ply][1], self->pv[ply + 1],
                      (size_t) self->pv_length[ply + 1] * sizeof (DrWideMove));
              self->pv_length[ply] = self->pv_length[ply + 1] + 1;
              if (alpha >= beta)
                {
                  if (m->captures == 0)
                    {
                      Killer *kl = self->killers[ply];

                      if (kl[0].from != m->from || kl[0].to != m->to)
                        {
                          kl[1] = kl[0];
                          kl[0].from = m->from;
                          kl[0].to = m->to;
                        }
                      self->history[m->from][m->to] += depth * depth;
                      if (self->history[m->from][m->to] > 1 << 24)
                        for (int a = 0; a < 128; a++)
                          for (int b = 0; b < 128; b++)
                            self->history[a][b] /= 2;
                    }
                  break;
                }
            }
        }
    }
  tt_store (self, key, depth,
            best_score >= beta ? BOUND_LOWER : best_score > alpha0 ? BOUND_EXACT : BOUND_UPPER,
            best_score, ply, best_index, &list->moves[best_index]);
  return best_score;
}

bool
dr_wide_search_run (DrWideSearch             *self,
                    const DrWidePosition     *root,
                    const DrWideSearchLimits *limits,
                    DrWideSearchResult       *result)
{
  const EvalTables *t = tables_for (root->size);
  int max_depth = limits->max_depth > 0 && limits->max_depth < MAX_PLY ? limits->max_depth
                                                                         : MAX_PLY - 1;
  DrWideSearchInfo *info;

  memset (result, 0, sizeof *result);
  dr_wide_generate (root, &self->lists[0]);
  if (self->lists[0].n == 0)
    return false;
  info = calloc (1, sizeof *info);
  if (info == NULL)
    abort ();
  self->limits = limits;
  self->nodes = 0;
  self->start_ms = now_ms ();
  self->stop = false;
  self->limits_on = false;
  memset (self->killers, 0, sizeof self->killers);
  memset (self->history, 0, sizeof self->history);
  self->keys[0] = dr_wide_hash (root);
  self->reversible[0] = 0;
  result->best = self->lists[0].moves[0];
  for (int depth = 1; depth <= max_depth; depth++)
    {
      int score;

      self->seldepth = 0;
      score = search (self, t, root, depth, -DR_SCORE_INF, DR_SCORE_INF, 0);
      self->limits_on = true;
      if (self->stop)
        break;
      result->best = self->pv[0][0];
      result->score = score;
      result->depth = depth;
      info->depth = depth;
      info->seldepth = self->seldepth;
      info->score = score;
      info->nodes = self->nodes;
      info->time_ms = now_ms () - self->start_ms;
      info->pv_length = self->pv_length[0];
      memcpy (info->pv, self->pv[0], (size_t) info->pv_length * sizeof (DrWideMove));
      if (limits->info_func != NULL)
        limits->info_func (info, limits->user_data);
      /* A win or loss seen within the depth searched is proven. */
      if (abs (score) >= DR_SCORE_WON && DR_SCORE_WIN - abs (score) <= depth)
        break;
      if ((limits->max_nodes != 0 && self->nodes >= limits->max_nodes)
          || (limits->max_time_ms != 0 && info->time_ms >= limits->max_time_ms)
          || (limits->abort_word != NULL
              && atomic_load (limits->abort_word) != limits->abort_unless))
        break;
    }
  result->nodes = self->nodes;
  result->time_ms = now_ms () - self->start_ms;
  free (info);
  return true;
}
