/* dr-solve-pn.c — the composition solver's proof-number search (df-pn)
 * for the WIN goal, and its solution tree
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What it proves is in dr-solve.h (DR_SOLVE_METHOD_PN).  The search is
 * Nagai's depth-first proof-number search: each position gets a proof
 * number (how many more leaves at least must be won to prove it) and a
 * disproof number (how many must fail to refute it); at the attacker's
 * nodes (OR) the proof number is the least of the children's and the
 * disproof number their sum, at the defender's (AND) the other way round.
 * The search descends into the most proving child with thresholds, so it
 * works depth-first with the numbers kept in a transposition table, and
 * comes back up only when a child's numbers exceed what its siblings
 * offer.  The 1+epsilon trick (Pawlewicz and Lew) lets the child run until
 * its number is a quarter above the second best's, not just one above:
 * far fewer returns to the parent in the long forcing lines of a problem.
 *
 * A child not yet searched is valued by mobility: an attacker's move is
 * as hard to prove as the defender has replies (a sacrifice answered by a
 * forced capture counts as one), a defender's as hard to refute as the
 * attacker has moves.  Terminal positions are _dr_solve_classify()'s
 * leaves: the end of the game, the tables, and won finales.
 *
 * Repetitions.  A child that repeats a position on the current line is
 * not won there (proof number infinite, disproof 0) and is never stored;
 * its parent's numbers may then be stored with that line's view, which can
 * only hide proofs, never make one: every proof in the table rests on
 * leaves.  So df-pn's disproof of the start is not taken as a refutation;
 * iterative deepening decides then, with the limits left.
 */

#define G_LOG_DOMAIN "dr-solve"

#include "config.h"

#include "dr-solve-private.h"

#define PN_INF      0x3fffffffu
#define PN_BUCKET   4
#define PN_TT_MB    64

typedef struct
{
  uint64_t key;
  uint32_t pn;
  uint32_t dn;
  uint32_t work;     /* nodes searched below it, saturating: what replacement keeps */
  int16_t  dist;     /* proved: plies to the leaves (the longest line), when proved */
  uint16_t used;
} PnEntry;

/* One ply of the search: the moves, the positions after them, and the
 * mobility values of the children not in the table. */
typedef struct
{
  DrMoveList list;
  DrPosition child[DR_MAX_MOVES];
  uint32_t   h_pn[DR_MAX_MOVES];
  uint32_t   h_dn[DR_MAX_MOVES];
} PnFrame;

typedef struct
{
  Ctx      *c;
  PnEntry  *tt;
  guint64   mask;         /* bucket index mask */
  PnFrame  *frames[MAX_PLY + 1];
  uint64_t  path[MAX_PLY + 1];
  int       ply;          /* positions on the line before the current one */
  int       max_ply;
  uint32_t  root_pn;      /* the start's numbers, as last computed */
  uint32_t  root_dn;
  int       branch_ply;   /* the ply root_pn and root_dn were last read at */
} Pn;

/* -------------------------------------------------------------------- */
/* Table                                                                 */

static PnEntry *
pn_find (Pn      *p,
         uint64_t key)
{
  PnEntry *b = &p->tt[(key & p->mask) * PN_BUCKET];

  for (int i = 0; i < PN_BUCKET; i++)
    if (b[i].used && b[i].key == key)
      return &b[i];
  return NULL;
}

static void
pn_store (Pn      *p,
          uint64_t key,
          uint32_t pn,
          uint32_t dn,
          int      dist,
          guint64  work)
{
  PnEntry *b = &p->tt[(key & p->mask) * PN_BUCKET];
  PnEntry *victim = NULL;

  for (int i = 0; i < PN_BUCKET && victim == NULL; i++)
    if (b[i].used && b[i].key == key)
      victim = &b[i];
  for (int i = 0; i < PN_BUCKET && victim == NULL; i++)
    if (!b[i].used)
      victim = &b[i];
  if (victim == NULL)
    {
      /* The entry that cost least to find. */
      victim = &b[0];
      for (int i = 1; i < PN_BUCKET; i++)
        if (b[i].work < victim->work)
          victim = &b[i];
    }
  victim->key = key;
  victim->pn = pn;
  victim->dn = dn;
  victim->work = (uint32_t) MIN (work, (guint64) G_MAXUINT32);
  victim->dist = (int16_t) CLAMP (dist, 0, G_MAXINT16);
  victim->used = 1;
}

static PnFrame *
pn_frame (Pn *p,
          int ply)
{
  if (p->frames[ply] == NULL)
    p->frames[ply] = g_new (PnFrame, 1);
  p->frames[ply]->list.all_paths = false;
  return p->frames[ply];
}

/* Does @key repeat a position of the line (the same side to move)? */
static gboolean
pn_on_path (const Pn *p,
            uint64_t  key)
{
  for (int i = p->ply - 2; i >= 0; i -= 2)
    if (p->path[i] == key)
      return TRUE;
  return FALSE;
}

static uint32_t
pn_add (uint32_t a,
        uint32_t b)
{
  if (a >= PN_INF || b >= PN_INF)
    return PN_INF;
  return MIN (a + b, PN_INF - 1);
}

/* The mobility values of @child, not yet searched. */
static void
pn_initial (Pn               *p,
            const DrPosition *child,
            uint32_t         *pn,
            uint32_t         *dn)
{
  Ctx *c = p->c;
  unsigned n = dr_movegen_count (c->rules, child, c->scratch);

  if (n == 0)
    {
      gboolean won = c->attacker_wins_without_move ? child->turn == c->attacker : child->turn != c->attacker;

      *pn = won ? 0 : PN_INF;
      *dn = won ? PN_INF : 0;
      /* A leaf: in the table, where the solution tree is read from. */
      pn_store (p, child->hash, *pn, *dn, 0, 1);
    }
  else if (child->turn == c->attacker)
    {
      *pn = 1;
      *dn = n;
    }
  else
    {
      *pn = n;
      *dn = 1;
    }
}

/* The current numbers of child @i of @f (the children at p->ply): a proof
 * in the table; else not won beyond the depth or when it repeats the
 * line (a table entry from a shallower place must not hide that: its
 * parent would choose it again and again); else the table's numbers,
 * else its mobility values (or what its last search returned). */
static void
pn_child (Pn       *p,
          PnFrame  *f,
          unsigned  i,
          uint32_t *pn,
          uint32_t *dn,
          int      *dist)
{
  const PnEntry *e = pn_find (p, f->child[i].hash);

  *dist = 0;
  if (e != NULL && e->pn == 0)
    {
      *pn = 0;
      *dn = e->dn;
      *dist = e->dist;
    }
  else if (p->ply >= p->max_ply || pn_on_path (p, f->child[i].hash))
    {
      *pn = PN_INF;
      *dn = 0;
    }
  else if (e != NULL)
    {
      *pn = e->pn;
      *dn = e->dn;
    }
  else
    {
      *pn = f->h_pn[i];
      *dn = f->h_dn[i];
    }
}

/* -------------------------------------------------------------------- */
/* Search                                                                */

/* Searches @pos (at p->ply) until its proof number reaches @th_pn or its
 * disproof number @th_dn, or it is decided; its numbers in *@rpn, *@rdn,
 * stored in the table unless the search was stopped (c->aborted). */
static void
pn_mid (Pn               *p,
        const DrPosition *pos,
        uint32_t          th_pn,
        uint32_t          th_dn,
        uint32_t         *rpn,
        uint32_t         *rdn)
{
  Ctx *c = p->c;
  int ply = p->ply;
  gboolean attacker = pos->turn == c->attacker;
  guint64 nodes0 = c->nodes;
  uint32_t pn = 1, dn = 1;
  int dist = 0;
  PnFrame *f;
  Leaf leaf;
  unsigned n;

  *rpn = 1;
  *rdn = 1;
  c->nodes++;
  _dr_solve_ctx_check (c);
  if (c->aborted)
    return;

  f = pn_frame (p, ply);
  dr_movegen_legal (c->rules, pos, &f->list);
  leaf = _dr_solve_classify (c, pos, f->list.n, FALSE, ply == 0);
  if (leaf.leaf != DR_SOLVE_LEAF_NONE)
    {
      *rpn = leaf.success ? 0 : PN_INF;
      *rdn = leaf.success ? PN_INF : 0;
      pn_store (p, pos->hash, *rpn, *rdn, 0, 1);
      return;
    }
  if (ply >= p->max_ply)
    {
      /* Not won on this line within the depth: not stored. */
      *rpn = PN_INF;
      *rdn = 0;
      return;
    }

  n = f->list.n;
  for (unsigned i = 0; i < n; i++)
    {
      const PnEntry *e;

      dr_position_apply (&f->child[i], pos, &f->list.moves[i]);
      e = pn_find (p, f->child[i].hash);
      if (e == NULL)
        pn_initial (p, &f->child[i], &f->h_pn[i], &f->h_dn[i]);
      else
        {
          f->h_pn[i] = e->pn;
          f->h_dn[i] = e->dn;
        }
    }
  p->path[ply] = pos->hash;
  p->ply = ply + 1;

  for (;;)
    {
      uint32_t best_v = PN_INF + 1, second = PN_INF, best_pn = 0, best_dn = 0;
      uint32_t cth_pn, cth_dn, cpn, cdn;
      unsigned best = 0;

      pn = attacker ? PN_INF : 0;
      dn = attacker ? 0 : PN_INF;
      dist = attacker ? G_MAXINT : 0;
      for (unsigned i = 0; i < n; i++)
        {
          uint32_t v;
          int d;

          pn_child (p, f, i, &cpn, &cdn, &d);
          if (attacker)
            {
              pn = MIN (pn, cpn);
              dn = pn_add (dn, cdn);
              if (cpn == 0)
                dist = MIN (dist, d + 1);
              v = cpn;
            }
          else
            {
              pn = pn_add (pn, cpn);
              dn = MIN (dn, cdn);
              dist = MAX (dist, d + 1);
              v = cdn;
            }
          if (v < best_v)
            {
              second = best_v;
              best_v = v;
              best = i;
              best_pn = cpn;
              best_dn = cdn;
            }
          else if (v < second)
            second = v;
        }
      second = MIN (second, PN_INF);
      /* The start's numbers are those of the first position below it
       * with a choice: above it every move is forced, and the numbers
       * pass through unchanged (the loops there do not come round again
       * until it is decided). */
      if (ply == 0 || (n > 1 && ply <= p->branch_ply))
        {
          p->branch_ply = n > 1 ? ply : p->branch_ply;
          p->root_pn = pn;
          p->root_dn = dn;
        }
      if (pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn)
        break;

      /* 1+epsilon: the child may go a quarter past the second best. */
      if (attacker)
        {
          cth_pn = MIN (th_pn, MAX (pn_add (second, 1), pn_add (second, second / 4)));
          cth_dn = th_dn >= PN_INF ? PN_INF : pn_add (th_dn - dn, best_dn);
        }
      else
        {
          cth_dn = MIN (th_dn, MAX (pn_add (second, 1), pn_add (second, second / 4)));
          cth_pn = th_pn >= PN_INF ? PN_INF : pn_add (th_pn - pn, best_pn);
        }
      pn_mid (p, &f->child[best], cth_pn, cth_dn, &cpn, &cdn);
      if (c->aborted)
        {
          p->ply = ply;
          return;
        }
      /* Also where the table did not keep them (the depth, a lost entry). */
      f->h_pn[best] = cpn;
      f->h_dn[best] = cdn;
    }
  p->ply = ply;
  if (pn != 0)
    dist = 0;
  *rpn = pn;
  *rdn = dn;
  pn_store (p, pos->hash, pn, dn, dist, c->nodes - nodes0);
}

/* Searches @pos (at p->ply) until it is decided or stopped. */
static void
pn_solve (Pn               *p,
          const DrPosition *pos,
          uint32_t         *pn,
          uint32_t         *dn)
{
  do
    pn_mid (p, pos, PN_INF, PN_INF, pn, dn);
  while (!p->c->aborted && *pn != 0 && *dn != 0);
}

/* -------------------------------------------------------------------- */
/* The solution tree                                                     */

static gboolean
pn_proved (Pn               *p,
           const DrPosition *pos)
{
  const PnEntry *e = pn_find (p, pos->hash);

  return e != NULL && e->pn == 0;
}

/* Builds the tree under @node (at p->ply) from the table: at attacker
 * nodes the proved move with the shortest distance that does not repeat
 * the line, at defender nodes every reply; a position the table lost is
 * proved again.  FALSE if no proof could be read (a limit, the tree cap,
 * a repetition the defender can force). */
static gboolean
pn_extract (Pn          *p,
            DrSolveNode *node,
            guint       *count)
{
  Ctx *c = p->c;
  const DrPosition *pos = &node->position;
  int ply = p->ply;
  gboolean attacker = pos->turn == c->attacker;
  gboolean ok = TRUE;
  PnFrame *f;
  Leaf leaf;
  uint32_t pn, dn;

  if (++*count > TREE_NODE_CAP || ply >= MAX_PLY - 1 || c->aborted)
    return FALSE;
  f = pn_frame (p, ply);
  dr_movegen_legal (c->rules, pos, &f->list);
  leaf = _dr_solve_classify (c, pos, f->list.n, FALSE, ply == 0);
  if (leaf.leaf != DR_SOLVE_LEAF_NONE)
    {
      node->leaf = leaf.leaf;
      node->egdb_value = leaf.egdb_value;
      node->egdb_plies = leaf.egdb_plies;
      node->draw_rule = leaf.draw_rule;
      node->finale_score = leaf.finale_score;
      node->distance = 0;
      return leaf.success;
    }

  if (attacker)
    {
      int best = -1, best_d = G_MAXINT;

      for (int attempt = 0; attempt < 2 && best < 0; attempt++)
        {
          if (attempt == 1)
            {
              /* The table lost the proof: prove this position again. */
              pn_solve (p, pos, &pn, &dn);
              if (pn != 0)
                return FALSE;
              f = pn_frame (p, ply);
              dr_movegen_legal (c->rules, pos, &f->list);
            }
          p->path[ply] = pos->hash;
          p->ply = ply + 1;
          for (unsigned i = 0; i < f->list.n; i++)
            {
              const PnEntry *e;

              dr_position_apply (&f->child[i], pos, &f->list.moves[i]);
              e = pn_find (p, f->child[i].hash);
              if (e != NULL && e->pn == 0 && e->dist < best_d && !pn_on_path (p, f->child[i].hash))
                {
                  best = (int) i;
                  best_d = e->dist;
                }
            }
          p->ply = ply;
        }
      if (best < 0)
        {
          g_debug ("pn extract: no attacker move at ply %d is proved", ply);
          return FALSE;
        }
      {
        DrSolveNode *cn = _dr_solve_node_new (node, &f->list.moves[best], &f->child[best], c->attacker);

        _dr_solve_node_append (node, cn);
        p->path[ply] = pos->hash;
        p->ply = ply + 1;
        ok = pn_extract (p, cn, count);
        p->ply = ply;
        node->distance = 1 + cn->distance;
      }
      return ok;
    }

  p->path[ply] = pos->hash;
  p->ply = ply + 1;
  for (unsigned i = 0; i < f->list.n && ok; i++)
    {
      DrSolveNode *cn;

      dr_position_apply (&f->child[i], pos, &f->list.moves[i]);
      if (pn_on_path (p, f->child[i].hash))
        {
          g_debug ("pn extract: a defence at ply %d repeats the line", ply);
          ok = FALSE;
          break;
        }
      if (!pn_proved (p, &f->child[i]))
        {
          pn_solve (p, &f->child[i], &pn, &dn);
          if (pn != 0)
            {
              g_debug ("pn extract: a defence at ply %d is not proved again", ply);
              ok = FALSE;
              break;
            }
        }
      cn = _dr_solve_node_new (node, &f->list.moves[i], &f->child[i], c->attacker);
      _dr_solve_node_append (node, cn);
      ok = pn_extract (p, cn, count);
      node->distance = MAX (node->distance, cn->distance);
    }
  p->ply = ply;
  return ok;
}

/* -------------------------------------------------------------------- */
/* Solving                                                               */

void
_dr_solve_pn_solve_part (Ctx         *c,
                         DrSolvePart *part)
{
  guint mb = c->options->tt_mb != 0 ? c->options->tt_mb : PN_TT_MB;
  guint64 n = ((guint64) mb << 20) / sizeof (PnEntry);
  guint64 buckets = 1;
  guint64 nodes0 = c->nodes;
  uint32_t pn, dn;
  Pn *p = g_new0 (Pn, 1);

  while (buckets * 2 * PN_BUCKET <= n)
    buckets *= 2;
  p->c = c;
  p->tt = g_new0 (PnEntry, buckets * PN_BUCKET);
  p->mask = buckets - 1;
  p->max_ply = MIN (2 * c->max_depth + 1, MAX_PLY - 2);
  p->root_pn = p->root_dn = 1;
  p->branch_ply = MAX_PLY;

  _dr_solve_ctx_start (c);
  part->status = DR_SOLVE_UNDECIDED;
  part->stop = DR_SOLVE_STOP_DEPTH;
  part->method = DR_SOLVE_METHOD_PN;
  c->depth = 0;
  p->ply = 0;
  pn_solve (p, &part->start, &pn, &dn);
  if (c->aborted)
    {
      /* The numbers the start had when the limits ran out. */
      pn = p->root_pn;
      dn = p->root_dn;
    }
  part->root_pn = pn;
  part->root_dn = dn;

  if (c->aborted)
    part->stop = c->abort_reason;
  else if (pn == 0)
    {
      guint count = 0;
      DrSolveNode *root = _dr_solve_node_new (NULL, NULL, &part->start, c->attacker);

      /* Re-proving what the table lost may take nodes beyond the limit:
       * the proof is there, only the time it takes. */
      c->ignore_node_limit = TRUE;
      p->ply = 0;
      if (pn_extract (p, root, &count) && !c->aborted)
        {
          part->tree = root;
          part->n_finales = _dr_solve_count_finales (root);
          part->status = part->n_finales > 0 ? DR_SOLVE_WON_FINALES : DR_SOLVE_PROVED;
          part->stop = DR_SOLVE_STOP_DONE;
          part->distance = root->distance;
        }
      else
        {
          _dr_solve_node_free (root);
          part->stop = c->aborted ? c->abort_reason
                       : count > TREE_NODE_CAP ? DR_SOLVE_STOP_TREE_SIZE : DR_SOLVE_STOP_UNVERIFIED;
          part->found_depth = 0;
        }
      c->ignore_node_limit = FALSE;
    }
  else
    {
      /* df-pn's "no" is not certain (repetitions on the line, the depth):
       * iterative deepening decides with the limits left. */
      DrSolveOptions left = *c->options;
      const DrSolveOptions *saved = c->options;
      double spent = (g_get_monotonic_time () - c->start_time) / (double) G_USEC_PER_SEC;
      guint64 used = c->nodes - nodes0;

      if ((left.max_seconds <= 0 || spent < left.max_seconds)
          && (left.max_nodes == 0 || used < left.max_nodes))
        {
          if (left.max_seconds > 0)
            left.max_seconds -= spent;
          if (left.max_nodes > 0)
            left.max_nodes -= used;
          c->options = &left;
          _dr_solve_id_solve_part (c, part);
          c->options = saved;
          part->nodes = c->nodes - nodes0;
          part->seconds += spent;
          goto out;
        }
      part->stop = left.max_seconds > 0 && spent >= left.max_seconds ? DR_SOLVE_STOP_TIME : DR_SOLVE_STOP_NODES;
    }
  part->nodes = c->nodes - nodes0;
  part->seconds = (g_get_monotonic_time () - c->start_time) / (double) G_USEC_PER_SEC;
out:
  for (int i = 0; i <= MAX_PLY; i++)
    g_free (p->frames[i]);
  g_free (p->tt);
  g_free (p);
}
