/* dr-solve.c — the composition solver: proof search, solution tree, cooks
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See dr-solve.h for what is proved and how.  In short: an iterative-
 * deepening AND/OR proof search bounded by the number of attacker moves,
 * with a path-independent transposition table (shortest proven distance,
 * largest refuted bound, certainty), the solution tree read out with
 * strictly falling distances, and every tree verified before it is called
 * a proof.
 */

#define G_LOG_DOMAIN "dr-solve"

#include "config.h"

#include "dr-solve.h"

#include "dr-bitboard.h"
#include "dr-draw.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <inttypes.h>
#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (dr-solve-error-quark, dr_solve_error)

#define MAX_PLY          512
#define NOWIN_CERTAIN    0x7fff
#define DEFAULT_DEPTH    100
#define DEFAULT_TT_MB    32
#define TREE_NODE_CAP    2000000
#define BUCKET           4

/* The outcome of one search call. */
typedef enum
{
  R_WIN,       /* the goal is reached within the bound: *dist attacker moves */
  R_NOWIN,     /* not within the bound (certain: not at all) */
  R_ABORT,     /* a limit or the cancellable stopped the search */
} Outcome;

typedef struct
{
  uint64_t key;
  int16_t  win1;      /* shortest proven distance + 1; 0 unknown (so that a
                         zeroed table, fresh pages from calloc, is empty) */
  int16_t  nowin;     /* no success within this many attacker moves; NOWIN_CERTAIN: never */
  uint32_t pad;
} TTEntry;

typedef struct
{
  const DrRules        *rules;
  const DrSolveOptions *options;
  const DrEgdb         *egdb;
  DrSolveGoal           goal;        /* simple goal */
  DrSide                attacker;
  gboolean              attacker_wins_without_move; /* giveaway ends */
  gboolean              use_egdb;
  int                   egdb_max;
  int                   max_depth;

  TTEntry              *tt;
  guint64               tt_mask;     /* bucket index mask */

  DrMoveList           *lists;       /* MAX_PLY + 1 */
  DrMoveList           *scratch;
  DrPosition            path[MAX_PLY + 1];
  int                   path_len;

  guint64               nodes;
  guint64               tt_hits;
  guint64               node_limit;  /* absolute, on @nodes; 0 none */
  gint64                start_time;
  gint64                deadline;    /* monotonic µs; 0 none */
  gint64                next_progress;
  gboolean              aborted;
  DrSolveStop           abort_reason;
  gboolean              ignore_node_limit;
  guint                 part;
  int                   depth;       /* current iteration */
} Ctx;

/* -------------------------------------------------------------------- */
/* Names                                                                 */

static const char *goal_names[] = {
  "win", "draw", "lock", "giveaway", "win-either", "win-or-draw",
};

const char *
dr_solve_goal_to_string (DrSolveGoal goal)
{
  if ((guint) goal < G_N_ELEMENTS (goal_names))
    return goal_names[goal];
  return "?";
}

gboolean
dr_solve_goal_from_string (const char  *text,
                           DrSolveGoal *goal)
{
  for (guint i = 0; i < G_N_ELEMENTS (goal_names); i++)
    if (g_ascii_strcasecmp (text, goal_names[i]) == 0)
      {
        *goal = (DrSolveGoal) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dr_solve_status_to_string (DrSolveStatus status)
{
  switch (status)
    {
    case DR_SOLVE_PROVED: return "proved";
    case DR_SOLVE_REFUTED: return "refuted";
    case DR_SOLVE_UNDECIDED: default: return "undecided";
    }
}

const char *
dr_solve_stop_to_string (DrSolveStop stop)
{
  switch (stop)
    {
    case DR_SOLVE_STOP_DONE: return "done";
    case DR_SOLVE_STOP_NODES: return "node limit";
    case DR_SOLVE_STOP_TIME: return "time limit";
    case DR_SOLVE_STOP_DEPTH: return "depth limit";
    case DR_SOLVE_STOP_CANCELLED: return "cancelled";
    case DR_SOLVE_STOP_UNVERIFIED: return "tree not verified";
    case DR_SOLVE_STOP_TREE_SIZE: return "tree too large";
    default: return "?";
    }
}

const char *
dr_solve_leaf_to_string (DrSolveLeaf leaf)
{
  switch (leaf)
    {
    case DR_SOLVE_LEAF_NONE: return "none";
    case DR_SOLVE_LEAF_NO_MOVE: return "no move";
    case DR_SOLVE_LEAF_LOCK: return "locked";
    case DR_SOLVE_LEAF_WRONG_LOCK: return "wrong lock";
    case DR_SOLVE_LEAF_EGDB: return "tables";
    case DR_SOLVE_LEAF_REPETITION: return "repetition";
    case DR_SOLVE_LEAF_DRAW_RULE: return "draw rule";
    default: return "?";
    }
}

void
dr_solve_options_init (DrSolveOptions *options)
{
  memset (options, 0, sizeof *options);
  options->goal = DR_SOLVE_GOAL_WIN;
  options->attacker = DR_SOLVE_ATTACKER_TO_MOVE;
  options->lock_men = -1;
  options->lock_kings = -1;
}

/* -------------------------------------------------------------------- */
/* Context                                                               */

static Ctx *
ctx_new (const DrRules        *rules,
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
  return c;
}

static void
ctx_free (Ctx *c)
{
  g_free (c->tt);
  g_free (c->lists);
  g_free (c->scratch);
  g_free (c);
}

/* Limits for one solve, counted from now. */
static void
ctx_start (Ctx *c)
{
  const DrSolveOptions *o = c->options;

  c->start_time = g_get_monotonic_time ();
  c->deadline = o->max_seconds > 0 ? c->start_time + (gint64) (o->max_seconds * G_USEC_PER_SEC) : 0;
  c->node_limit = o->max_nodes > 0 ? c->nodes + o->max_nodes : 0;
  c->next_progress = c->start_time + G_USEC_PER_SEC / 10;
  c->aborted = FALSE;
  c->abort_reason = DR_SOLVE_STOP_DONE;
}

static void
ctx_check (Ctx *c)
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
  if (c->options->cancellable != NULL && g_cancellable_is_cancelled (c->options->cancellable))
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

typedef struct
{
  DrSolveLeaf       leaf;      /* NONE: not a leaf */
  gboolean          success;   /* for the attacker */
  gboolean          path_dep;  /* DRAW: a repetition or draw rule on the line */
  DrEgdbValue       egdb_value;
  int               egdb_plies;
  const DrDrawRule *draw_rule;
} Leaf;

static DrEgdbValue
flip_value (DrEgdbValue v)
{
  return v == DR_EGDB_WIN ? DR_EGDB_LOSS : v == DR_EGDB_LOSS ? DR_EGDB_WIN : v;
}

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

/* What @pos is for the goal, before any search below it.  @n_moves: the
 * number of legal moves of the side to move (already generated). */
static Leaf
classify (Ctx              *c,
          const DrPosition *pos,
          unsigned          n_moves,
          gboolean          check_path,
          gboolean          root)
{
  Leaf l = { DR_SOLVE_LEAF_NONE, FALSE, FALSE, DR_EGDB_UNKNOWN, 0, NULL };
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
static void
order_moves (Ctx              *c,
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
static Outcome
search (Ctx              *c,
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
  ctx_check (c);
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
      leaf = classify (c, pos, list->n, TRUE, ply == 0);
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
      leaf = classify (c, pos, list->n, FALSE, ply == 0);
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

  order_moves (c, pos, list);
  out = attacker ? R_NOWIN : R_WIN;
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;
      int d;
      gboolean cert, pd;
      Outcome r;

      dr_position_apply (&child, pos, &list->moves[i]);
      r = search (c, &child, attacker ? bound - 1 : bound, &d, &cert, &pd);
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
  if (!any_path)
    tt_store (c, pos->hash, -1, *certain ? NOWIN_CERTAIN : bound);
  return R_NOWIN;
}

/* -------------------------------------------------------------------- */
/* The solution tree                                                     */

static void
node_free (DrSolveNode *node)
{
  while (node != NULL)
    {
      DrSolveNode *next = node->next;
      node_free (node->children);
      g_free (node);
      node = next;
    }
}

static DrSolveNode *
node_new (DrSolveNode      *parent,
          const DrMove     *move,
          const DrPosition *pos,
          DrSide            attacker)
{
  DrSolveNode *n = g_new0 (DrSolveNode, 1);

  n->parent = parent;
  if (move != NULL)
    n->move = *move;
  n->position = *pos;
  n->ply = parent != NULL ? parent->ply + 1 : 0;
  n->attacker_to_move = pos->turn == attacker;
  return n;
}

static void
node_append (DrSolveNode *parent,
             DrSolveNode *child)
{
  DrSolveNode **p = &parent->children;

  while (*p != NULL)
    p = &(*p)->next;
  *p = child;
}

/* Builds the tree under @node (its position on c->path already at
 * c->path_len - 1), proving it again within @bound.  FALSE if the proof
 * could not be rebuilt (a limit, or the tree cap). */
static gboolean
extract (Ctx         *c,
         DrSolveNode *node,
         int          bound,
         guint       *count)
{
  const DrPosition *pos = &node->position;
  int ply = c->path_len;
  DrMoveList list;
  Leaf leaf;
  gboolean attacker = pos->turn == c->attacker;
  gboolean ok = TRUE;

  if (++*count > TREE_NODE_CAP || ply >= MAX_PLY - 1 || c->aborted)
    {
      g_debug ("extract: stopped at ply %d (%u positions, cap %d, aborted %d)", ply, *count, TREE_NODE_CAP,
               c->aborted);
      return FALSE;
    }
  c->path[ply] = *pos;
  c->path_len = ply + 1;
  list.all_paths = false;
  dr_movegen_legal (c->rules, pos, &list);
  leaf = classify (c, pos, list.n, TRUE, node->parent == NULL);
  if (leaf.leaf != DR_SOLVE_LEAF_NONE)
    {
      c->path_len = ply;
      node->leaf = leaf.leaf;
      node->egdb_value = leaf.egdb_value;
      node->egdb_plies = leaf.egdb_plies;
      node->draw_rule = leaf.draw_rule;
      node->distance = 0;
      return leaf.success;
    }

  if (attacker)
    {
      /* The move with the shortest proven distance; among moves to won
       * leaves, the end of the game first, then the tables' fastest win. */
      int best_d = G_MAXINT, best_plies = G_MAXINT;
      DrMove best_m = { 0 };

      order_moves (c, pos, &list);
      for (unsigned i = 0; i < list.n; i++)
        {
          DrPosition child;
          int d;
          gboolean cert, pd;

          dr_position_apply (&child, pos, &list.moves[i]);
          if (search (c, &child, bound - 1, &d, &cert, &pd) == R_WIN && d <= best_d)
            {
              int plies = G_MAXINT - 1;

              if (d == 0)
                {
                  DrMoveList *cl = g_new (DrMoveList, 1);
                  Leaf cleaf;

                  cl->all_paths = false;
                  dr_movegen_legal (c->rules, &child, cl);
                  cleaf = classify (c, &child, cl->n, FALSE, FALSE);
                  plies = cleaf.leaf == DR_SOLVE_LEAF_EGDB ? cleaf.egdb_plies
                          : cleaf.leaf != DR_SOLVE_LEAF_NONE ? 0 : G_MAXINT - 1;
                  g_free (cl);
                }
              if (d < best_d || plies < best_plies)
                {
                  best_d = d;
                  best_plies = plies;
                  best_m = list.moves[i];
                }
              if (d == 0 && plies == 0)
                break;
            }
          if (c->aborted)
            break;
        }
      if (best_d == G_MAXINT)
        {
          g_debug ("extract: no attacker move at ply %d is won within %d moves again", ply, bound - 1);
          ok = FALSE;
        }
      else
        {
          DrPosition child;
          DrSolveNode *cn;

          dr_position_apply (&child, pos, &best_m);
          cn = node_new (node, &best_m, &child, c->attacker);
          node_append (node, cn);
          ok = extract (c, cn, best_d, count);
          node->distance = 1 + cn->distance;
        }
    }
  else
    {
      /* Every reply, in the generator's order. */
      for (unsigned i = 0; i < list.n && ok; i++)
        {
          DrPosition child;
          int d;
          gboolean cert, pd;
          DrSolveNode *cn;

          dr_position_apply (&child, pos, &list.moves[i]);
          if (search (c, &child, bound, &d, &cert, &pd) != R_WIN)
            {
              g_debug ("extract: a defence at ply %d is not won within %d moves again", ply, bound);
              ok = FALSE;
              break;
            }
          cn = node_new (node, &list.moves[i], &child, c->attacker);
          node_append (node, cn);
          ok = extract (c, cn, d, count);
          node->distance = MAX (node->distance, cn->distance);
        }
    }
  c->path_len = ply;
  return ok;
}

/* The refutation line: the attacker's best-ordered try, a reply that
 * refutes it with certainty, and so on down to a certain leaf. */
static void
refutation_line (Ctx              *c,
                 const DrPosition *start,
                 int               bound,
                 GArray           *line,
                 DrSolveLeaf      *why)
{
  DrPosition pos = *start;

  c->path_len = 0;
  *why = DR_SOLVE_LEAF_NONE;
  for (int ply = 0; ply < MAX_PLY - 2; ply++)
    {
      DrMoveList list;
      Leaf leaf;
      gboolean found = FALSE;

      list.all_paths = false;
      dr_movegen_legal (c->rules, &pos, &list);
      c->path[c->path_len++] = pos;
      leaf = classify (c, &pos, list.n, TRUE, ply == 0);
      if (leaf.leaf != DR_SOLVE_LEAF_NONE)
        {
          *why = leaf.leaf;
          break;
        }
      order_moves (c, &pos, &list);
      for (unsigned i = 0; i < list.n && !found; i++)
        {
          DrPosition child;
          int d;
          gboolean cert, pd;

          dr_position_apply (&child, &pos, &list.moves[i]);
          if (search (c, &child, bound, &d, &cert, &pd) == R_NOWIN && cert)
            {
              g_array_append_val (line, list.moves[i]);
              pos = child;
              found = TRUE;
            }
        }
      if (!found)
        break;
    }
  c->path_len = 0;
}

/* -------------------------------------------------------------------- */
/* Verification                                                          */

typedef struct
{
  const DrSolveResult *result;
  const DrSolvePart   *part;
  GArray              *history;    /* DrPosition: the line from the part's start */
  GString             *where;
} Verify;

static gboolean
verify_fail (Verify     *v,
             GError    **error,
             const char *format,
             ...) G_GNUC_PRINTF (3, 4);

static gboolean
verify_fail (Verify     *v,
             GError    **error,
             const char *format,
             ...)
{
  va_list ap;
  g_autofree char *msg = NULL;
  g_autofree char *fen = NULL;
  const DrPosition *last = &g_array_index (v->history, DrPosition, v->history->len - 1);

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  fen = dr_fen_write (v->result->rules, last, v->result->rules->notation);
  g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_VERIFY,
               _("Solution tree, part %u, at ply %u (%s): %s"),
               (guint) (v->part - v->result->parts), v->history->len - 1, fen, msg);
  return FALSE;
}

static gboolean
verify_node (Verify            *v,
             const DrSolveNode *node,
             GError           **error)
{
  const DrRules *rules = v->result->rules;
  const DrSolvePart *part = v->part;
  const DrPosition *pos = &node->position;
  const DrPosition *history = (const DrPosition *) (void *) v->history->data;
  gsize n = v->history->len;
  DrMoveList *list = g_new (DrMoveList, 1);
  gboolean attacker = pos->turn == part->attacker;
  gboolean ok = TRUE;
  guint n_children = dr_solve_node_n_children (node);

  list->all_paths = false;
  dr_movegen_legal (rules, pos, list);

  if (node->attacker_to_move != attacker)
    {
      ok = verify_fail (v, error, "%s", _("wrong side to move"));
      goto out;
    }

  /* No draw rule may end the game on a line of a win before its end. */
  if (part->goal != DR_SOLVE_GOAL_DRAW && list->n > 0)
    {
      const DrDrawRule *which = NULL;
      if (dr_game_status (rules, history, n, &which) == DR_STATUS_DRAW)
        {
          ok = verify_fail (v, error, _("the draw rule of %s ends the game here"),
                            which != NULL && which->article != NULL ? which->article : "?");
          goto out;
        }
    }

  if (node->leaf != DR_SOLVE_LEAF_NONE)
    {
      if (n_children != 0)
        {
          ok = verify_fail (v, error, "%s", _("a leaf with children"));
          goto out;
        }
      switch (node->leaf)
        {
        case DR_SOLVE_LEAF_NO_MOVE:
          {
            gboolean wins_without = part->goal == DR_SOLVE_GOAL_GIVEAWAY || rules->giveaway;
            if (list->n != 0)
              ok = verify_fail (v, error, "%s", _("\"no move\" leaf, but the side to move has a move"));
            else if (part->goal == DR_SOLVE_GOAL_LOCK)
              ok = verify_fail (v, error, "%s", _("a lock task ends with a lock, not another end"));
            else if (wins_without != attacker)
              ok = verify_fail (v, error, "%s", _("the game ends, but not in the attacker's favour"));
          }
          break;
        case DR_SOLVE_LEAF_LOCK:
          {
            DrBitboard def = pos->pieces[pos->turn];
            int men = dr_bb_count (def & ~pos->kings), kings = dr_bb_count (def & pos->kings);
            if (part->goal != DR_SOLVE_GOAL_LOCK || attacker || list->n != 0 || def == 0)
              ok = verify_fail (v, error, "%s", _("not a lock of the defender"));
            else if ((v->result->lock_men >= 0 && men != v->result->lock_men)
                     || (v->result->lock_kings >= 0 && kings != v->result->lock_kings))
              ok = verify_fail (v, error, _("locked %d men and %d kings, not the stated material"),
                                men, kings);
          }
          break;
        case DR_SOLVE_LEAF_EGDB:
          {
            const DrEgdb *egdb = v->result->egdb;
            DrEgdbProbe probe;
            DrEgdbValue av;
            g_autoptr (GError) local = NULL;

            if (egdb == NULL || !dr_egdb_probe (egdb, pos, &probe, &local))
              {
                ok = verify_fail (v, error, "%s", local != NULL ? local->message : _("no tables"));
                break;
              }
            av = attacker ? probe.value : flip_value (probe.value);
            if (part->goal == DR_SOLVE_GOAL_DRAW)
              {
                if (av == DR_EGDB_LOSS)
                  ok = verify_fail (v, error, "%s", _("the tables say the attacker loses"));
              }
            else if (part->goal == DR_SOLVE_GOAL_LOCK)
              ok = verify_fail (v, error, "%s", _("a table value does not prove a lock"));
            else if (av != DR_EGDB_WIN)
              ok = verify_fail (v, error, "%s", _("the tables do not say the attacker wins"));
            else if (probe.count_rule != NULL)
              ok = verify_fail (v, error, _("the count rule of %s forbids the table's win"),
                                probe.count_rule->article != NULL ? probe.count_rule->article : "?");
            else if (probe.plies != node->egdb_plies)
              ok = verify_fail (v, error, _("the tables say %d plies, the tree %d"),
                                probe.plies, node->egdb_plies);
          }
          break;
        case DR_SOLVE_LEAF_REPETITION:
          {
            gboolean found = FALSE;
            for (gsize i = 0; i + 1 < n && !found; i++)
              found = dr_position_equal (&history[i], pos);
            if (part->goal != DR_SOLVE_GOAL_DRAW || !found)
              ok = verify_fail (v, error, "%s", _("no repetition of an earlier position"));
          }
          break;
        case DR_SOLVE_LEAF_DRAW_RULE:
          if (part->goal != DR_SOLVE_GOAL_DRAW || node->draw_rule == NULL
              || !dr_draw_rule_holds (rules, node->draw_rule, history, n))
            ok = verify_fail (v, error, "%s", _("the draw rule does not hold"));
          break;
        default:
          ok = verify_fail (v, error, "%s", _("a leaf that is not a success"));
          break;
        }
      goto out;
    }

  if (list->n == 0)
    {
      ok = verify_fail (v, error, "%s", _("the side to move has no move, but the node is not a leaf"));
      goto out;
    }
  if (attacker && n_children != 1)
    {
      ok = verify_fail (v, error, _("an attacker node with %u moves, not one"), n_children);
      goto out;
    }
  if (!attacker && n_children != list->n)
    {
      ok = verify_fail (v, error, _("a defender node with %u of its %u moves"), n_children, list->n);
      goto out;
    }
  for (const DrSolveNode *ch = node->children; ch != NULL && ok; ch = ch->next)
    {
      gboolean legal = FALSE;
      DrPosition after;

      for (unsigned i = 0; i < list->n && !legal; i++)
        legal = dr_move_same (&list->moves[i], &ch->move);
      for (const DrSolveNode *o = node->children; o != ch && legal; o = o->next)
        if (dr_move_same (&o->move, &ch->move))
          legal = FALSE;
      if (!legal)
        {
          ok = verify_fail (v, error, "%s", _("a move that is not legal, or listed twice"));
          break;
        }
      dr_position_apply (&after, pos, &ch->move);
      if (!dr_position_equal (&after, &ch->position) || ch->parent != node)
        {
          ok = verify_fail (v, error, "%s", _("a position that does not follow from its move"));
          break;
        }
      g_array_append_val (v->history, ch->position);
      ok = verify_node (v, ch, error);
      g_array_set_size (v->history, v->history->len - 1);
    }

out:
  g_free (list);
  return ok;
}

gboolean
dr_solve_verify_tree (const DrSolveResult *result,
                      GError             **error)
{
  g_return_val_if_fail (result != NULL, FALSE);

  for (guint p = 0; p < result->n_parts; p++)
    {
      const DrSolvePart *part = &result->parts[p];
      Verify v = { result, part, NULL, NULL };
      gboolean ok;

      if (part->tree == NULL)
        {
          if (part->status == DR_SOLVE_PROVED)
            return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_VERIFY,
                                _("Part %u is proved but has no tree"), p), FALSE;
          continue;
        }
      if (!dr_position_equal (&part->tree->position, &part->start))
        return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_VERIFY,
                            _("Part %u: the tree does not start at the start position"), p), FALSE;
      v.history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
      g_array_append_val (v.history, part->start);
      ok = verify_node (&v, part->tree, error);
      g_array_free (v.history, TRUE);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* -------------------------------------------------------------------- */
/* Solving                                                               */

static void
part_clear (DrSolvePart *part)
{
  node_free (part->tree);
  part->tree = NULL;
  if (part->refutation != NULL)
    g_array_free (part->refutation, TRUE);
  part->refutation = NULL;
}

void
dr_solve_result_free (DrSolveResult *result)
{
  if (result == NULL)
    return;
  for (guint p = 0; p < result->n_parts; p++)
    part_clear (&result->parts[p]);
  g_free (result->message);
  g_free (result);
}

/* Solves one part with @c (whose goal and attacker are the part's). */
static void
solve_part (Ctx         *c,
            DrSolvePart *part)
{
  guint64 nodes0 = c->nodes;
  int last_done = 0;
  int found_d = -1;

  ctx_start (c);
  part->status = DR_SOLVE_UNDECIDED;
  part->stop = DR_SOLVE_STOP_DEPTH;
  c->path_len = 0;

  for (int d = 0; d <= c->max_depth; d++)
    {
      int dist;
      gboolean certain, pd;
      Outcome r;

      c->depth = d;
      c->path_len = 0;
      r = search (c, &part->start, d, &dist, &certain, &pd);
      if (r == R_ABORT)
        {
          part->stop = c->abort_reason;
          break;
        }
      if (r == R_WIN)
        {
          found_d = d;
          break;
        }
      last_done = d;
      if (certain)
        {
          part->status = DR_SOLVE_REFUTED;
          part->stop = DR_SOLVE_STOP_DONE;
          part->refutation = g_array_new (FALSE, FALSE, sizeof (DrMove));
          refutation_line (c, &part->start, d, part->refutation, &part->refutation_leaf);
          break;
        }
    }
  part->lower_bound = last_done;

  if (found_d >= 0)
    {
      guint count = 0;
      DrSolveNode *root = node_new (NULL, NULL, &part->start, c->attacker);

      /* Re-proving the parts of the tree the table lost may take nodes
       * beyond the limit: the proof is there, only the time it takes. */
      c->ignore_node_limit = TRUE;
      c->path_len = 0;
      if (extract (c, root, found_d, &count) && !c->aborted)
        {
          part->tree = root;
          part->status = DR_SOLVE_PROVED;
          part->stop = DR_SOLVE_STOP_DONE;
          part->distance = root->distance;
          part->lower_bound = found_d > 0 ? found_d - 1 : 0;
        }
      else
        {
          node_free (root);
          part->stop = c->aborted ? c->abort_reason
                       : count > TREE_NODE_CAP ? DR_SOLVE_STOP_TREE_SIZE : DR_SOLVE_STOP_UNVERIFIED;
          /* The search found the win at found_d and ruled out every
           * shorter one. */
          part->lower_bound = found_d > 0 ? found_d - 1 : 0;
          part->found_depth = found_d;
        }
      c->ignore_node_limit = FALSE;
    }
  part->nodes = c->nodes - nodes0;
  part->seconds = (g_get_monotonic_time () - c->start_time) / (double) G_USEC_PER_SEC;
}

static DrSide
resolve_attacker (const DrSolveOptions *options,
                  const DrPosition     *start)
{
  switch (options->attacker)
    {
    case DR_SOLVE_ATTACKER_WHITE: return DR_SIDE_WHITE;
    case DR_SOLVE_ATTACKER_BLACK: return DR_SIDE_BLACK;
    case DR_SOLVE_ATTACKER_TO_MOVE: default: return (DrSide) start->turn;
    }
}

static gboolean
check_options (const DrRules        *rules,
               const DrPosition     *start,
               const DrSolveOptions *options,
               GError              **error)
{
  if ((guint) options->goal > DR_SOLVE_GOAL_WIN_OR_DRAW)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("Unknown goal %d"), (int) options->goal), FALSE;
  if (options->goal != DR_SOLVE_GOAL_LOCK && (options->lock_men >= 0 || options->lock_kings >= 0))
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("A lock count is given, but the goal is %s, not lock"),
                        dr_solve_goal_to_string (options->goal)), FALSE;
  if (options->egdb != NULL && dr_egdb_get_rules (options->egdb)->variant != rules->variant)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("The endgame tables are for %s, the position is %s"),
                        dr_egdb_get_rules (options->egdb)->name, rules->name), FALSE;
  if (start->pieces[0] == 0 && start->pieces[1] == 0)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        "%s", _("The position has no pieces")), FALSE;
  if (!dr_position_validate (rules, start, error))
    return FALSE;
  return TRUE;
}

static char *
part_message (const DrRules     *rules,
              const DrSolvePart *part)
{
  switch (part->status)
    {
    case DR_SOLVE_PROVED:
      return g_strdup_printf (_("proved: %s for %s in %d moves"),
                              dr_solve_goal_to_string (part->goal),
                              part->attacker == DR_SIDE_WHITE ? _("White") : _("Black"),
                              part->distance);
    case DR_SOLVE_REFUTED:
      return g_strdup_printf (_("refuted: %s is not reached (%s)"),
                              dr_solve_goal_to_string (part->goal),
                              dr_solve_leaf_to_string (part->refutation_leaf));
    case DR_SOLVE_UNDECIDED:
    default:
      (void) rules;
      if (part->stop == DR_SOLVE_STOP_TREE_SIZE)
        return g_strdup_printf (_("undecided: a win in %d moves was found, but its tree (every defence) has more "
                                  "than %d positions, %" PRIu64 " nodes"),
                                part->found_depth, TREE_NODE_CAP, (uint64_t) part->nodes);
      /* PRIu64: xgettext keeps the whole message (not G_GUINT64_FORMAT). */
      return g_strdup_printf (_("undecided (%s): no solution within %d moves, %" PRIu64 " nodes"),
                              dr_solve_stop_to_string (part->stop), part->lower_bound, (uint64_t) part->nodes);
    }
}

static void
finish_result (DrSolveResult *r)
{
  GString *msg = g_string_new (NULL);

  r->status = DR_SOLVE_PROVED;
  r->stop = DR_SOLVE_STOP_DONE;
  for (guint p = 0; p < r->n_parts; p++)
    {
      g_autofree char *m = part_message (r->rules, &r->parts[p]);

      if (r->parts[p].status == DR_SOLVE_REFUTED)
        r->status = DR_SOLVE_REFUTED;
      else if (r->parts[p].status == DR_SOLVE_UNDECIDED && r->status == DR_SOLVE_PROVED)
        r->status = DR_SOLVE_UNDECIDED;
      if (r->parts[p].stop != DR_SOLVE_STOP_DONE && r->stop == DR_SOLVE_STOP_DONE)
        r->stop = r->parts[p].stop;
      if (r->n_parts > 1)
        g_string_append_printf (msg, "%s%s to move: %s", p > 0 ? "; " : "",
                                r->parts[p].start.turn == DR_SIDE_WHITE ? _("White") : _("Black"), m);
      else
        g_string_append (msg, m);
    }
  r->message = g_string_free (msg, FALSE);
}

DrSolveResult *
dr_solve (const DrRules        *rules,
          const DrPosition     *start,
          const DrSolveOptions *options,
          GError              **error)
{
  DrSolveResult *r;
  DrSide attacker;
  gint64 t0 = g_get_monotonic_time ();

  g_return_val_if_fail (rules != NULL && start != NULL && options != NULL, NULL);
  if (!check_options (rules, start, options, error))
    return NULL;

  attacker = resolve_attacker (options, start);
  r = g_new0 (DrSolveResult, 1);
  r->rules = rules;
  r->goal = options->goal;
  r->lock_men = options->lock_men;
  r->lock_kings = options->lock_kings;
  r->egdb = options->egdb;

  switch (options->goal)
    {
    case DR_SOLVE_GOAL_WIN_EITHER:
    case DR_SOLVE_GOAL_WIN_OR_DRAW:
      r->n_parts = 2;
      for (guint p = 0; p < 2; p++)
        {
          r->parts[p].start = *start;
          r->parts[p].attacker = attacker;
        }
      if (options->goal == DR_SOLVE_GOAL_WIN_EITHER)
        {
          r->parts[0].goal = r->parts[1].goal = DR_SOLVE_GOAL_WIN;
          dr_position_set_turn (&r->parts[1].start, DR_SIDE_OTHER (start->turn));
        }
      else
        {
          r->parts[0].goal = DR_SOLVE_GOAL_WIN;
          r->parts[1].goal = DR_SOLVE_GOAL_DRAW;
          dr_position_set_turn (&r->parts[0].start, attacker);
          dr_position_set_turn (&r->parts[1].start, DR_SIDE_OTHER (attacker));
        }
      break;
    default:
      r->n_parts = 1;
      r->parts[0].start = *start;
      r->parts[0].goal = options->goal;
      r->parts[0].attacker = attacker;
      break;
    }

  for (guint p = 0; p < r->n_parts; p++)
    {
      Ctx *c = ctx_new (rules, options, r->parts[p].goal, r->parts[p].attacker);

      c->part = p;
      solve_part (c, &r->parts[p]);
      r->nodes += r->parts[p].nodes;
      ctx_free (c);
      if (r->parts[p].stop == DR_SOLVE_STOP_CANCELLED)
        break;
    }
  r->seconds = (g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC;

  /* Never "proved" without a checked proof. */
  for (guint p = 0; p < r->n_parts; p++)
    if (r->parts[p].status == DR_SOLVE_PROVED)
      {
        DrSolveResult one = *r;
        g_autoptr (GError) local = NULL;

        one.n_parts = 1;
        one.parts[0] = r->parts[p];
        if (!dr_solve_verify_tree (&one, &local))
          {
            g_debug ("not a proof: %s", local->message);
            node_free (r->parts[p].tree);
            r->parts[p].tree = NULL;
            r->parts[p].status = DR_SOLVE_UNDECIDED;
            r->parts[p].stop = DR_SOLVE_STOP_UNVERIFIED;
          }
      }
  finish_result (r);
  return r;
}

/* -------------------------------------------------------------------- */
/* Walking and printing                                                  */

const DrSolveNode *
dr_solve_result_get_tree (const DrSolveResult *result)
{
  return result->n_parts > 0 ? result->parts[0].tree : NULL;
}

const DrMove *
dr_solve_result_get_key (const DrSolveResult *result)
{
  const DrSolveNode *t = dr_solve_result_get_tree (result);

  if (t == NULL || !t->attacker_to_move || t->children == NULL)
    return NULL;
  return &t->children->move;
}

guint
dr_solve_node_n_children (const DrSolveNode *node)
{
  guint n = 0;

  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    n++;
  return n;
}

const DrSolveNode *
dr_solve_node_nth_child (const DrSolveNode *node,
                         guint              n)
{
  const DrSolveNode *c = node->children;

  while (c != NULL && n-- > 0)
    c = c->next;
  return c;
}

const DrSolveNode *
dr_solve_node_find_child (const DrSolveNode *node,
                          const DrMove      *move)
{
  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    if (dr_move_same (&c->move, move))
      return c;
  return NULL;
}

char *
dr_solve_node_move_text (const DrRules     *rules,
                         const DrSolveNode *node,
                         DrNotation         notation)
{
  DrMoveList *list;
  char *text;

  if (node->parent == NULL)
    return NULL;
  list = g_new (DrMoveList, 1);
  list->all_paths = false;
  dr_movegen_legal (rules, &node->parent->position, list);
  text = dr_move_to_text (rules, list, &node->move, notation);
  g_free (list);
  return text;
}

guint
dr_solve_node_count (const DrSolveNode *node)
{
  guint n = 1;

  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    n += dr_solve_node_count (c);
  return n;
}

static void
format_leaf (GString           *s,
             const DrSolveNode *node)
{
  switch (node->leaf)
    {
    case DR_SOLVE_LEAF_NONE:
      break;
    case DR_SOLVE_LEAF_EGDB:
      {
        /* Said from the attacker's side. */
        DrEgdbValue v = node->attacker_to_move ? node->egdb_value : flip_value (node->egdb_value);
        if (v == DR_EGDB_DRAW)
          g_string_append (s, "  # tables: draw");
        else
          g_string_append_printf (s, "  # tables: %s in %d plies",
                                  v == DR_EGDB_WIN ? "win" : "loss", node->egdb_plies);
      }
      break;
    case DR_SOLVE_LEAF_DRAW_RULE:
      g_string_append_printf (s, "  # draw rule %s",
                              node->draw_rule != NULL && node->draw_rule->article != NULL
                              ? node->draw_rule->article : "");
      break;
    default:
      g_string_append_printf (s, "  # %s", dr_solve_leaf_to_string (node->leaf));
      break;
    }
}

static void
format_node (GString           *s,
             const DrRules     *rules,
             const DrSolveNode *node,
             DrNotation         notation,
             int                indent)
{
  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    {
      g_autofree char *text = dr_solve_node_move_text (rules, c, notation);
      guint move_no = c->parent->position.turn == rules->first_side
                      ? c->ply / 2 + 1 : (c->ply + 1) / 2;

      g_string_append_printf (s, "%*s%u%s %s", indent * 2, "", move_no,
                              c->parent->position.turn == rules->first_side ? "." : "...",
                              text);
      format_leaf (s, c);
      g_string_append_c (s, '\n');
      /* A forced reply continues on the same level. */
      format_node (s, rules, c,
                   notation, c->next != NULL || node->children != c ? indent + 1 : indent);
    }
}

char *
dr_solve_result_format (const DrSolveResult *result,
                        DrNotation           notation,
                        gboolean             with_tree)
{
  GString *s = g_string_new (NULL);

  for (guint p = 0; p < result->n_parts; p++)
    {
      const DrSolvePart *part = &result->parts[p];
      g_autofree char *m = part_message (result->rules, part);
      g_autofree char *fen = dr_fen_write (result->rules, &part->start, notation);

      g_string_append_printf (s, "%s%s\n", result->n_parts > 1 ? "part: " : "", fen);
      g_string_append_printf (s, "%s\n", m);
      if (part->tree != NULL && part->tree->attacker_to_move && part->tree->children != NULL)
        {
          g_autofree char *key = dr_solve_node_move_text (result->rules, part->tree->children, notation);
          g_string_append_printf (s, "key: %s\n", key);
        }
      if (part->tree != NULL && with_tree)
        {
          g_string_append_printf (s, "tree (%u positions):\n", dr_solve_node_count (part->tree));
          format_node (s, result->rules, part->tree, notation, 1);
        }
      if (part->refutation != NULL)
        {
          DrPosition pos = part->start;

          g_string_append (s, "refutation:");
          for (guint i = 0; i < part->refutation->len; i++)
            {
              DrMoveList *list = g_new (DrMoveList, 1);
              const DrMove *m2 = &g_array_index (part->refutation, DrMove, i);
              g_autofree char *t = NULL;

              list->all_paths = false;
              dr_movegen_legal (result->rules, &pos, list);
              t = dr_move_to_text (result->rules, list, m2, notation);
              g_string_append_printf (s, " %s", t);
              dr_position_apply (&pos, &pos, m2);
              g_free (list);
            }
          g_string_append_printf (s, "  # %s\n", dr_solve_leaf_to_string (part->refutation_leaf));
        }
    }
  return g_string_free (s, FALSE);
}

/* -------------------------------------------------------------------- */
/* Cooks and the stated line                                             */

/* A one-part solve of @pos with @c (its table kept between calls: the
 * entries do not depend on the line, so they stay true). */
static DrSolveResult *
solve_with_ctx (Ctx              *c,
                const DrPosition *pos)
{
  DrSolveResult *r = g_new0 (DrSolveResult, 1);
  g_autoptr (GError) local = NULL;

  r->rules = c->rules;
  r->goal = c->goal;
  r->lock_men = c->options->lock_men;
  r->lock_kings = c->options->lock_kings;
  r->egdb = c->options->egdb;
  r->n_parts = 1;
  r->parts[0].start = *pos;
  r->parts[0].goal = c->goal;
  r->parts[0].attacker = c->attacker;
  solve_part (c, &r->parts[0]);
  r->nodes = r->parts[0].nodes;
  r->seconds = r->parts[0].seconds;
  if (r->parts[0].status == DR_SOLVE_PROVED && !dr_solve_verify_tree (r, &local))
    {
      g_debug ("not a proof: %s", local->message);
      part_clear (&r->parts[0]);
      r->parts[0].status = DR_SOLVE_UNDECIDED;
      r->parts[0].stop = DR_SOLVE_STOP_UNVERIFIED;
    }
  finish_result (r);
  return r;
}

void
dr_solve_cook_free (DrSolveCook *cook)
{
  if (cook == NULL)
    return;
  dr_solve_result_free (cook->proof);
  g_free (cook);
}

static gboolean
check_simple_goal (const DrSolveOptions *options,
                   GError              **error)
{
  if (options->goal == DR_SOLVE_GOAL_WIN_EITHER || options->goal == DR_SOLVE_GOAL_WIN_OR_DRAW)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("Cooks and lines are checked for one goal at a time, not %s"),
                        dr_solve_goal_to_string (options->goal)), FALSE;
  return TRUE;
}

/* Finds @move among the legal moves of @pos, or says which it is. */
static gboolean
line_move_legal (const DrRules    *rules,
                 const DrPosition *pos,
                 const DrMove     *move,
                 guint             index,
                 GError          **error)
{
  DrMoveList *list = g_new (DrMoveList, 1);
  gboolean found = FALSE;

  list->all_paths = false;
  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n && !found; i++)
    found = dr_move_same (&list->moves[i], move);
  if (!found)
    {
      g_autofree char *fen = dr_fen_write (rules, pos, rules->notation);
      g_autofree char *text = dr_move_to_text (rules, NULL, move, rules->notation);
      g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_ILLEGAL_LINE,
                   _("Move %u of the stated line, %s, is not legal in %s"),
                   index + 1, text, fen);
    }
  g_free (list);
  return found;
}

/* Are @a and @b on one diagonal (or line, for orthogonal boards)? */
static gboolean
same_line (const DrRules *rules,
           int            a,
           int            b)
{
  char sa[8], sb[8];
  int fa, ra, fb, rb;

  dr_notation_square (rules, a, DR_NOTATION_ALGEBRAIC, sa);
  dr_notation_square (rules, b, DR_NOTATION_ALGEBRAIC, sb);
  fa = sa[0] - 'a';
  ra = atoi (sa + 1);
  fb = sb[0] - 'a';
  rb = atoi (sb + 1);
  return ABS (fa - fb) == ABS (ra - rb) || fa == fb || ra == rb;
}

/* International 6.2.7.3: is @alt, played instead of line[i], an allowed
 * alternative move or capture? */
static DrSolveDual
classify_dual (const DrRules    *rules,
               const DrPosition *pos,
               const DrMove     *line,
               guint             n_line,
               guint             i,
               const DrMove     *alt)
{
  const DrMove *stated = &line[i];

  if (rules->variant != DR_VARIANT_INTERNATIONAL)
    return DR_SOLVE_DUAL_NONE;
  if (alt->captures != 0 && stated->captures != 0
      && alt->from == stated->from && alt->to == stated->to)
    return DR_SOLVE_DUAL_ALTERNATIVE_CAPTURE;
  /* A two-move route of one piece: stated a-b then b-c, alternative a-b'
   * then b'-c. */
  if (alt->captures == 0 && stated->captures == 0 && alt->from == stated->from
      && i + 2 < n_line && line[i + 2].captures == 0 && line[i + 2].from == stated->to)
    {
      DrPosition p1, p2;
      DrMoveList *list = g_new (DrMoveList, 1);
      gboolean found = FALSE, reply_legal = FALSE;

      dr_position_apply (&p1, pos, alt);
      list->all_paths = false;
      dr_movegen_legal (rules, &p1, list);
      for (unsigned k = 0; k < list->n && !reply_legal; k++)
        reply_legal = dr_move_same (&list->moves[k], &line[i + 1]);
      if (reply_legal)
        {
          dr_position_apply (&p2, &p1, &line[i + 1]);
          dr_movegen_legal (rules, &p2, list);
          for (unsigned k = 0; k < list->n && !found; k++)
            found = list->moves[k].from == alt->to && list->moves[k].to == line[i + 2].to;
        }
      g_free (list);
      if (found)
        return DR_SOLVE_DUAL_ALTERNATIVE_MOVE;
    }
  return DR_SOLVE_DUAL_NONE;
}

GPtrArray *
dr_solve_cooks (const DrRules        *rules,
                const DrPosition     *start,
                const DrMove         *line,
                guint                 n_line,
                const DrSolveOptions *options,
                GError              **error)
{
  GPtrArray *cooks;
  Ctx *c;
  DrPosition pos = *start;
  DrSide attacker;
  gboolean forced = TRUE;
  guint last_attacker = G_MAXUINT;
  DrMoveList *list;

  g_return_val_if_fail (rules != NULL && start != NULL && options != NULL, NULL);
  if (!check_options (rules, start, options, error) || !check_simple_goal (options, error))
    return NULL;
  if (line == NULL)
    n_line = 0;

  /* Check the whole line first, and find its last attacker move. */
  attacker = resolve_attacker (options, start);
  for (guint i = 0; i < n_line; i++)
    {
      if (!line_move_legal (rules, &pos, &line[i], i, error))
        return NULL;
      if (pos.turn == attacker)
        last_attacker = i;
      dr_position_apply (&pos, &pos, &line[i]);
    }

  cooks = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_solve_cook_free);
  c = ctx_new (rules, options, options->goal, attacker);
  list = g_new (DrMoveList, 1);
  pos = *start;
  for (guint i = 0; i <= n_line; i++)
    {
      list->all_paths = false;
      dr_movegen_legal (rules, &pos, list);
      if (pos.turn == attacker && (i < n_line || n_line == 0))
        {
          for (unsigned k = 0; k < list->n; k++)
            {
              const DrMove *m = &list->moves[k];
              DrPosition after;
              DrSolveResult *proof;
              DrSolveCook *cook;

              if (i < n_line && dr_move_same (m, &line[i]))
                continue;
              if (options->cancellable != NULL && g_cancellable_is_cancelled (options->cancellable))
                break;
              dr_position_apply (&after, &pos, m);
              proof = solve_with_ctx (c, &after);
              if (proof->status == DR_SOLVE_REFUTED
                  || (proof->status == DR_SOLVE_UNDECIDED && proof->stop == DR_SOLVE_STOP_CANCELLED))
                {
                  dr_solve_result_free (proof);
                  continue;
                }
              cook = g_new0 (DrSolveCook, 1);
              cook->kind = forced ? DR_SOLVE_COOK_FULL : DR_SOLVE_COOK_PARTIAL;
              cook->line_index = i;
              cook->before = pos;
              if (i < n_line)
                cook->stated = line[i];
              cook->move = *m;
              cook->status = proof->status;
              cook->proof = proof;
              cook->article = "6.2.6";
              if (i < n_line)
                {
                  cook->dual = classify_dual (rules, &pos, line, n_line, i, m);
                  if (cook->dual != DR_SOLVE_DUAL_NONE)
                    cook->article = "6.2.7.3";
                  /* 6.2.7.3: a final king capture landing elsewhere on its
                   * diagonal is a partial cook. */
                  if (rules->variant == DR_VARIANT_INTERNATIONAL && i == last_attacker
                      && (line[i].flags & DR_MOVE_BY_KING) && line[i].captures != 0
                      && m->from == line[i].from && m->captures == line[i].captures
                      && m->to != line[i].to && same_line (rules, m->to, line[i].to))
                    {
                      cook->final_king_capture = TRUE;
                      cook->kind = DR_SOLVE_COOK_PARTIAL;
                      cook->article = "6.2.7.3";
                    }
                }
              g_ptr_array_add (cooks, cook);
            }
        }
      else if (pos.turn != attacker && list->n > 1)
        forced = FALSE;
      if (i == n_line)
        break;
      dr_position_apply (&pos, &pos, &line[i]);
    }
  g_free (list);
  ctx_free (c);
  return cooks;
}

gboolean
dr_solve_check_line (const DrRules        *rules,
                     const DrPosition     *start,
                     const DrMove         *line,
                     guint                 n_line,
                     const DrSolveOptions *options,
                     DrSolveLineCheck     *check,
                     GError              **error)
{
  Ctx *c;
  DrPosition pos = *start;
  DrSide attacker;
  DrMoveList *list;
  Leaf leaf;

  g_return_val_if_fail (rules != NULL && start != NULL && options != NULL && check != NULL, FALSE);
  if (!check_options (rules, start, options, error) || !check_simple_goal (options, error))
    return FALSE;
  if (line == NULL)
    n_line = 0;

  memset (check, 0, sizeof *check);
  check->n_line = n_line;
  check->legal = TRUE;
  check->first_illegal = n_line;
  check->follows_proof = TRUE;
  check->first_wrong = n_line;
  check->wrong_status = DR_SOLVE_PROVED;

  attacker = resolve_attacker (options, start);
  c = ctx_new (rules, options, options->goal, attacker);
  for (guint i = 0; i < n_line; i++)
    {
      gboolean by_attacker = pos.turn == attacker;

      if (!line_move_legal (rules, &pos, &line[i], i, NULL))
        {
          check->legal = FALSE;
          check->first_illegal = i;
          check->n_line = i;
          break;
        }
      dr_position_apply (&pos, &pos, &line[i]);
      if (by_attacker && check->follows_proof)
        {
          DrSolveResult *r = solve_with_ctx (c, &pos);

          if (r->status != DR_SOLVE_PROVED)
            {
              check->follows_proof = FALSE;
              check->first_wrong = i;
              check->wrong_status = r->status;
            }
          dr_solve_result_free (r);
        }
    }
  check->final = pos;
  list = g_new (DrMoveList, 1);
  list->all_paths = false;
  dr_movegen_legal (rules, &pos, list);
  c->path_len = 0;
  leaf = classify (c, &pos, list->n, FALSE, FALSE);
  g_free (list);
  check->final_leaf = leaf.leaf;
  if (leaf.leaf != DR_SOLVE_LEAF_NONE)
    check->final_status = leaf.success ? DR_SOLVE_PROVED : DR_SOLVE_REFUTED;
  else
    {
      DrSolveResult *r = solve_with_ctx (c, &pos);
      check->final_status = r->status;
      dr_solve_result_free (r);
    }
  ctx_free (c);
  return TRUE;
}
