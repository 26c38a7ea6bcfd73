/* dr-egdb-build.c — endgame databases: the retrograde generator
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A slice (one material, both sides to move: one or two parts) is solved
 * in memory, with two bytes of state and one byte of counter a position:
 *
 * 1. Every position's moves come from the project's move generator
 *    (dr_movegen_legal).  A move that keeps the material (a quiet move
 *    that crowns no man) leads into the slice's other part: it is counted.
 *    Any other move (a capture, a crowning) leads into a smaller slice,
 *    already built, whose value is probed.  A position with no move has
 *    lost (won in the giveaway games) in 0 plies; a position that must
 *    capture has all its successors outside and is solved at once; for
 *    the others the successors outside say at which level the position
 *    is won at the latest (a successor lost in d plies: won in d + 1) or
 *    from which level on it may be lost (successors won in up to d plies
 *    count as one pending successor, resolved at level d + 1), or that it
 *    is never lost (a drawn successor outside).
 *
 * 2. Levels n = 1, 2, ...: each position solved in n - 1 plies is taken
 *    back (every quiet move of the side that moved last, undone by
 *    geometry; the move counts only if the position before it had no
 *    capture, as dr_movegen_has_capture says, which is the project's rule
 *    for when quiet moves are legal).  A predecessor of a position lost in
 *    n - 1 is won in n; a predecessor of a won one has its counter
 *    lowered, and is lost in n when no successor is left.  The pending
 *    levels of step 1 are applied in the same pass.  What is unsolved when
 *    no level has anything left is a draw.
 *
 * This is distance to the end of the game (the loser without a move), the
 * winner taking the fastest way and the loser the slowest, through the
 * smaller slices.
 */

#define G_LOG_DOMAIN "dr-egdb"

#include "config.h"

#include "dr-egdb-private.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-movegen.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <string.h>

/* Position state while building. */
#define ST_KIND      0xc000
#define ST_OPEN      0x0000     /* not solved yet */
#define ST_WIN       0x4000
#define ST_LOSS      0x8000
#define ST_BROKEN    0xc000     /* not a position */
#define ST_FLAG      0x2000     /* solved: must capture; open: LEVEL is a win */
#define ST_LEVEL     0x1fff     /* solved: plies; open: pending level (0: none) */
#define NEVER_LOST   0xff       /* counter of a position that cannot be lost */

#define N_LISTS (EGDB_MAX_PIECES + 2)

typedef struct
{
  const DrRules *rules;
  DrEgdb        *db;            /* the slices built so far */
  EgdbMaterial   slice;
  int            n_parts;
  EgdbMaterial   material[2];
  uint64_t       n[2];
  uint16_t      *state[2];
  uint8_t       *count[2];
  GCancellable  *cancellable;
  DrEgdbProgressFunc progress;
  gpointer       user_data;
  DrEgdbProgress pr;
  uint32_t       max_level;
  /* Per part, per level: the indices solved in that many plies (the
   * next level takes them back), and the positions with something
   * pending at that level (a win, or the successors outside). */
  GPtrArray     *solved[2];
  GPtrArray     *pending[2];
} Builder;

static GPtrArray *
buckets_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
}

static inline void
bucket_push (GPtrArray *buckets,
             uint32_t   level,
             uint32_t   index)
{
  while (buckets->len <= level)
    g_ptr_array_add (buckets, g_array_new (FALSE, FALSE, sizeof (uint32_t)));
  g_array_append_val ((GArray *) g_ptr_array_index (buckets, level), index);
}

static inline GArray *
bucket_at (GPtrArray *buckets,
           uint32_t   level)
{
  return level < buckets->len ? g_ptr_array_index (buckets, level) : NULL;
}

/* Frees the list of @level (done with). */
static void
bucket_release (GPtrArray *buckets,
                uint32_t   level)
{
  if (level < buckets->len)
    {
      g_array_unref (g_ptr_array_index (buckets, level));
      g_ptr_array_index (buckets, level) = g_array_new (FALSE, FALSE, sizeof (uint32_t));
    }
}

/* Appends @from's lists to @to's, level by level. */
static void
buckets_merge (GPtrArray *to,
               GPtrArray *from)
{
  for (guint l = 0; l < from->len; l++)
    {
      GArray *src = g_ptr_array_index (from, l);
      if (src->len == 0)
        continue;
      while (to->len <= l)
        g_ptr_array_add (to, g_array_new (FALSE, FALSE, sizeof (uint32_t)));
      g_array_append_vals (g_ptr_array_index (to, l), src->data, src->len);
    }
}

/* Step 1 -------------------------------------------------------------------- */

typedef struct
{
  Builder  *b;
  int       part;
  uint64_t  from, to;
  uint32_t  max_level;
  GPtrArray *solved;
  GPtrArray *pending;
  GError   *error;
} InitJob;

static void
init_range (InitJob *job)
{
  Builder *b = job->b;
  const DrRules *rules = b->rules;
  DrMoveList *lists = g_new0 (DrMoveList, N_LISTS);
  int p = job->part;
  int parity = egdb_win_parity (rules);
  EgdbUnindexCache cache = { 0 };
  const EgdbTable *damaged = NULL;

  for (uint64_t i = job->from; i < job->to; i++)
    {
      DrPosition pos;
      DrMoveList *list = &lists[0];
      int best_win = -1, worst_loss = -1, internal = 0;
      bool draw = false, capture;
      uint16_t st;

      if ((i & 0xffff) == 0 && g_cancellable_is_cancelled (b->cancellable))
        break;
      if (!_dr_egdb_unindex_cached (&b->db->board, b->material[p], i, &pos, &cache))
        {
          b->state[p][i] = ST_BROKEN;
          b->count[p][i] = NEVER_LOST;
          continue;
        }
      dr_movegen_legal (rules, &pos, list);
      if (list->n == 0)
        {
          /* 000 1.30, 004 1.8.1, 003 4.2: no move, lost; won in giveaway. */
          b->state[p][i] = parity ? ST_LOSS : ST_WIN;
          b->count[p][i] = NEVER_LOST;
          bucket_push (job->solved, 0, (uint32_t) i);
          job->max_level = MAX (job->max_level, 1);
          continue;
        }
      capture = list->moves[0].captures != 0;
      for (unsigned m = 0; m < list->n; m++)
        {
          const DrMove *move = &list->moves[m];
          DrPosition child;
          int plies = 0;
          DrEgdbValue v;

          if (!capture && !(move->flags & DR_MOVE_PROMOTES))
            {
              internal++;
              continue;
            }
          dr_position_apply (&child, &pos, move);
          v = _dr_egdb_value (b->db, &child, &plies, lists + 1, &damaged);
          switch (v)
            {
            case DR_EGDB_LOSS:
              if (best_win < 0 || plies < best_win)
                best_win = plies;
              break;
            case DR_EGDB_WIN:
              worst_loss = MAX (worst_loss, plies);
              break;
            case DR_EGDB_DRAW:
              draw = true;
              break;
            case DR_EGDB_UNKNOWN:
            default:
              if (job->error == NULL && damaged != NULL)
                _dr_egdb_damage_error (damaged, &job->error);
              else if (job->error == NULL)
                {
                  g_autofree char *fen = dr_fen_write (rules, &child, rules->notation);
                  g_autofree char *name = _dr_egdb_material_name (b->slice);
                  g_set_error (&job->error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISSING,
                               _("building %s: the successor %s is in no table (build the smaller slices first)"),
                               name, fen);
                }
              g_free (lists);
              return;
            }
        }
      g_assert (internal < NEVER_LOST);
      if (capture)
        {
          uint32_t plies;

          if (best_win >= 0)
            st = ST_WIN | ST_FLAG | (uint16_t) (plies = (uint32_t) best_win + 1);
          else if (draw)
            {
              /* A draw: open for good, never lost. */
              b->state[p][i] = ST_OPEN | ST_FLAG;
              b->count[p][i] = NEVER_LOST;
              continue;
            }
          else
            st = ST_LOSS | ST_FLAG | (uint16_t) (plies = (uint32_t) worst_loss + 1);
          g_assert (plies < ST_FLAG);
          b->state[p][i] = st;
          b->count[p][i] = NEVER_LOST;
          bucket_push (job->solved, plies, (uint32_t) i);
          job->max_level = MAX (job->max_level, plies + 1);
          continue;
        }
      if (best_win >= 0)
        {
          b->state[p][i] = ST_OPEN | ST_FLAG | (uint16_t) (best_win + 1);
          b->count[p][i] = NEVER_LOST;
          bucket_push (job->pending, (uint32_t) best_win + 1, (uint32_t) i);
          job->max_level = MAX (job->max_level, (uint32_t) best_win + 1);
        }
      else if (draw)
        {
          b->state[p][i] = ST_OPEN;
          b->count[p][i] = NEVER_LOST;
        }
      else
        {
          b->state[p][i] = ST_OPEN | (uint16_t) (worst_loss >= 0 ? worst_loss + 1 : 0);
          b->count[p][i] = (uint8_t) (internal + (worst_loss >= 0 ? 1 : 0));
          if (worst_loss >= 0)
            {
              bucket_push (job->pending, (uint32_t) worst_loss + 1, (uint32_t) i);
              job->max_level = MAX (job->max_level, (uint32_t) worst_loss + 1);
            }
        }
    }
  g_free (lists);
}

static gpointer
init_thread (gpointer data)
{
  init_range (data);
  return NULL;
}

static gboolean
init_part (Builder *b,
           int      p,
           int      threads,
           GError **error)
{
  /* In chunks, so that progress and cancellation are seen. */
  uint64_t chunk = MAX ((uint64_t) 1 << 20, b->n[p] / 64);

  for (uint64_t from = 0; from < b->n[p]; from += chunk)
    {
      uint64_t to = MIN (b->n[p], from + chunk);
      InitJob jobs[64];
      GThread *thr[64];
      int t_count = CLAMP (threads, 1, 64);

      for (int t = 0; t < t_count; t++)
        {
          jobs[t] = (InitJob) { b, p, from + (to - from) * (uint64_t) t / (uint64_t) t_count,
                                from + (to - from) * (uint64_t) (t + 1) / (uint64_t) t_count, 0,
                                buckets_new (), buckets_new (), NULL };
          thr[t] = t > 0 ? g_thread_new ("egdb-init", init_thread, &jobs[t]) : NULL;
        }
      init_range (&jobs[0]);
      for (int t = 1; t < t_count; t++)
        g_thread_join (thr[t]);
      for (int t = 0; t < t_count; t++)
        {
          b->max_level = MAX (b->max_level, jobs[t].max_level);
          buckets_merge (b->solved[p], jobs[t].solved);
          buckets_merge (b->pending[p], jobs[t].pending);
          g_ptr_array_unref (jobs[t].solved);
          g_ptr_array_unref (jobs[t].pending);
          if (jobs[t].error != NULL)
            {
              if (error != NULL && *error == NULL)
                g_propagate_error (error, jobs[t].error);
              else
                g_error_free (jobs[t].error);
              jobs[t].error = NULL;
            }
        }
      if (error != NULL && *error != NULL)
        return FALSE;
      if (g_cancellable_set_error_if_cancelled (b->cancellable, error))
        return FALSE;
      b->pr.done += to - from;
      if (b->progress != NULL)
        b->progress (&b->pr, b->user_data);
    }
  return TRUE;
}

/* Step 2 -------------------------------------------------------------------- */

/* Applies "a successor of (part q, index j) is solved as @child_kind in
 * @level - 1 plies" at level @level. */
static inline void
retro_update (Builder  *b,
              int       q,
              uint64_t  j,
              uint16_t  child_kind,
              uint32_t  level)
{
  uint16_t st = b->state[q][j];

  if ((st & ST_KIND) != ST_OPEN)
    return;
  if (child_kind == ST_LOSS)
    {
      b->state[q][j] = ST_WIN | (uint16_t) level;
      bucket_push (b->solved[q], level, (uint32_t) j);
    }
  else if (b->count[q][j] != NEVER_LOST)
    {
      if (--b->count[q][j] == 0)
        {
          b->state[q][j] = ST_LOSS | (uint16_t) level;
          bucket_push (b->solved[q], level, (uint32_t) j);
        }
    }
}

/* Takes back every quiet move of the side that moved last into @pos
 * (White to move, from part @p) and updates each predecessor. */
static void
take_back (Builder          *b,
           const DrPosition *pos,
           int               p,
           uint16_t          kind,
           uint32_t          level)
{
  const DrRules *rules = b->rules;
  const DrGeometry *g = rules->geometry;
  int q = b->n_parts == 2 ? 1 - p : 0;
  int half = g->half;
  /* Black moved last; Black's men move down the board (to higher bits). */
  const int man_back[2] = { -(half + 1), -(half + 2) };
  const int dirs[4] = { -(half + 1), -(half + 2), half + 1, half + 2 };
  DrBitboard occupied = dr_position_occupied (pos);
  DrPosition prev = *pos;
  /* The predecessors' indices are gathered first and their states
   * fetched from memory together: each is a cache miss of its own. */
  uint32_t found[4 * 64];
  int n_found = 0;

  prev.turn = DR_SIDE_BLACK;
  for (DrBitboard s = pos->pieces[1]; s != 0; s = dr_bb_rest (s))
    {
      int sq = dr_bb_first (s);
      DrBitboard from_bit = (DrBitboard) 1 << sq;
      bool king = (pos->kings & from_bit) != 0;

      for (int d = 0; d < (king ? 4 : 2); d++)
        {
          int step = king ? dirs[d] : man_back[d];

          for (int t = sq + step; dr_bb_has (g->squares, t) && !dr_bb_has (occupied, t); t += step)
            {
              DrBitboard to_bit = (DrBitboard) 1 << t;

              prev.pieces[1] = (pos->pieces[1] & ~from_bit) | to_bit;
              prev.kings = king ? (pos->kings & ~from_bit) | to_bit : pos->kings;
              if (!dr_movegen_has_capture (rules, &prev))
                {
                  g_assert (n_found < (int) G_N_ELEMENTS (found));   /* 7 flying kings make 119 */
                  uint32_t j = (uint32_t) _dr_egdb_index (&b->db->board, &prev);

                  __builtin_prefetch (&b->state[q][j], 1);
                  __builtin_prefetch (&b->count[q][j], 1);
                  found[n_found++] = j;
                }
              if (!king || !rules->kings_fly)
                break;
            }
        }
    }
  for (int i = 0; i < n_found; i++)
    retro_update (b, q, found[i], kind, level);
}

static gboolean
solve_levels (Builder *b,
              GError **error)
{
  for (uint32_t level = 1;; level++)
    {
      bool before = false;

      for (int p = 0; p < b->n_parts; p++)
        before |= bucket_at (b->solved[p], level - 1) != NULL && bucket_at (b->solved[p], level - 1)->len > 0;
      if (level > b->max_level && !before)
        break;
      if (g_cancellable_set_error_if_cancelled (b->cancellable, error))
        return FALSE;
      if (level >= ST_FLAG)
        {
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_ARGUMENT,
                       _("building %s: distances beyond %d plies"), b->pr.slice, ST_FLAG - 1);
          return FALSE;
        }
      /* What the successors outside decided for this level. */
      for (int p = 0; p < b->n_parts; p++)
        {
          GArray *list = bucket_at (b->pending[p], level);

          for (guint k = 0; list != NULL && k < list->len; k++)
            {
              uint32_t i = g_array_index (list, uint32_t, k);
              uint16_t st = b->state[p][i];

              if ((st & ST_KIND) != ST_OPEN)
                continue;
              g_assert ((st & ST_LEVEL) == level);
              if (st & ST_FLAG)
                {
                  b->state[p][i] = ST_WIN | (uint16_t) level;
                  bucket_push (b->solved[p], level, i);
                }
              else if (--b->count[p][i] == 0)
                {
                  b->state[p][i] = ST_LOSS | (uint16_t) level;
                  bucket_push (b->solved[p], level, i);
                }
            }
          bucket_release (b->pending[p], level);
        }
      /* The positions solved at the level before, taken back. */
      for (int p = 0; p < b->n_parts; p++)
        {
          GArray *list = bucket_at (b->solved[p], level - 1);
          EgdbUnindexCache cache = { 0 };

          for (guint k = 0; list != NULL && k < list->len; k++)
            {
              uint32_t i = g_array_index (list, uint32_t, k);
              uint16_t st = b->state[p][i];
              DrPosition pos;

              _dr_egdb_unindex_cached (&b->db->board, b->material[p], i, &pos, &cache);
              take_back (b, &pos, p, st & ST_KIND, level);
            }
          bucket_release (b->solved[p], level - 1);
        }
      b->pr.stage = "level";
      b->pr.done = level;
      b->pr.total = MAX (b->max_level, level + 1);
      if (b->progress != NULL)
        b->progress (&b->pr, b->user_data);
    }
  return TRUE;
}

/* The stored value of a solved state. */
static uint16_t
encode (const DrRules *rules,
        uint16_t       st)
{
  int parity = egdb_win_parity (rules);
  uint32_t plies = st & ST_LEVEL;

  switch (st & ST_KIND)
    {
    case ST_BROKEN:
      return EGDB_DONT_CARE;
    case ST_OPEN:
      return (st & ST_FLAG) ? EGDB_DONT_CARE : 0;
    case ST_WIN:
      if (st & ST_FLAG)
        return EGDB_DONT_CARE;
      g_assert ((plies & 1) == (uint32_t) parity);
      return (uint16_t) (1 + 2 * ((plies - (uint32_t) parity) / 2));
    case ST_LOSS:
    default:
      if (st & ST_FLAG)
        return EGDB_DONT_CARE;
      g_assert ((plies & 1) == (uint32_t) (1 - parity));
      return (uint16_t) (2 + 2 * ((plies - (uint32_t) (1 - parity)) / 2));
    }
}

static gboolean
build_slice (DrEgdb             *db,
             EgdbMaterial        slice,
             const char         *path,
             int                 threads,
             GCancellable       *cancellable,
             DrEgdbProgressFunc  progress,
             gpointer            user_data,
             DrEgdbProgress     *pr,
             bool                v1,
             GError            **error)
{
  Builder b = { 0 };
  gint64 start = g_get_monotonic_time ();
  uint64_t legal[2] = { 0, 0 };
  gboolean ok = FALSE;
  EgdbTable *table;

  b.rules = db->rules;
  b.db = db;
  b.slice = slice;
  b.material[0] = slice;
  b.material[1] = _dr_egdb_swap (slice);
  b.n_parts = _dr_egdb_material_equal (b.material[0], b.material[1]) ? 1 : 2;
  b.cancellable = cancellable;
  b.progress = progress;
  b.user_data = user_data;
  b.pr = *pr;
  for (int p = 0; p < 2; p++)
    {
      b.solved[p] = buckets_new ();
      b.pending[p] = buckets_new ();
    }
  for (int p = 0; p < b.n_parts; p++)
    {
      b.n[p] = _dr_egdb_part_size (&db->board, b.material[p]);
      if (b.n[p] >= G_MAXUINT32)
        {
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_ARGUMENT,
                       _("slice %s has more than 2^32 positions a part"), pr->slice);
          goto out;
        }
      b.state[p] = g_try_new (uint16_t, MAX (b.n[p], 1));
      b.count[p] = g_try_new (uint8_t, MAX (b.n[p], 1));
      if (b.state[p] == NULL || b.count[p] == NULL)
        {
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_IO, _("not enough memory for slice %s"),
                       pr->slice);
          goto out;
        }
    }
  b.pr.stage = "init";
  b.pr.done = 0;
  b.pr.total = b.n[0] + (b.n_parts == 2 ? b.n[1] : 0);
  if (progress != NULL)
    progress (&b.pr, user_data);
  for (int p = 0; p < b.n_parts; p++)
    if (!init_part (&b, p, threads, error))
      goto out;
  if (!solve_levels (&b, error))
    goto out;

  b.pr.stage = "write";
  if (progress != NULL)
    progress (&b.pr, user_data);
  for (int p = 0; p < b.n_parts; p++)
    for (uint64_t i = 0; i < b.n[p]; i++)
      {
        uint16_t st = b.state[p][i];
        legal[p] += (st & ST_KIND) != ST_BROKEN;
        /* The stored values replace the states in place. */
        b.state[p][i] = encode (b.rules, st);
      }
  if (!(v1 ? _dr_egdb_table_write_v1 : _dr_egdb_table_write) (b.rules, path, slice, b.n_parts, b.material,
                                                              (uint16_t * const *) b.state, b.n, legal,
                                                              (double) (g_get_monotonic_time () - start) / 1e6,
                                                              error))
    goto out;
  table = v1 ? _dr_egdb_table_open_any (b.rules, path, error) : _dr_egdb_table_open (b.rules, path, error);
  if (table == NULL)
    goto out;
  _dr_egdb_add_table (db, table);
  ok = TRUE;

out:
  for (int p = 0; p < 2; p++)
    {
      g_free (b.state[p]);
      g_free (b.count[p]);
    }
  for (int p = 0; p < 2; p++)
    {
      g_ptr_array_unref (b.solved[p]);
      g_ptr_array_unref (b.pending[p]);
    }
  return ok;
}

/* Planning ------------------------------------------------------------------ */

static int
compare_slices (gconstpointer a,
                gconstpointer b)
{
  const EgdbMaterial *x = a, *y = b;
  int nx = x->m0 + x->k0 + x->m1 + x->k1, ny = y->m0 + y->k0 + y->m1 + y->k1;
  g_autofree char *sx = NULL, *sy = NULL;

  if (nx != ny)
    return nx - ny;
  if (x->m0 + x->m1 != y->m0 + y->m1)
    return (x->m0 + x->m1) - (y->m0 + y->m1);
  sx = _dr_egdb_material_name (*x);
  sy = _dr_egdb_material_name (*y);
  return strcmp (sx, sy);
}

/* Every canonical slice of 2..@pieces pieces, in build order: fewer
 * pieces first, then fewer men (a crowning leads to one man less). */
static GArray *
plan_slices (int pieces)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (EgdbMaterial));

  for (int n = 2; n <= pieces; n++)
    for (int m0 = 0; m0 <= n; m0++)
      for (int k0 = 0; m0 + k0 <= n; k0++)
        for (int m1 = 0; m0 + k0 + m1 <= n; m1++)
          {
            EgdbMaterial m = { (uint8_t) m0, (uint8_t) k0, (uint8_t) m1, (uint8_t) (n - m0 - k0 - m1) };
            if (m0 + k0 == 0 || m.m1 + m.k1 == 0)
              continue;
            if (_dr_egdb_material_equal (_dr_egdb_canonical (m), m))
              g_array_append_val (out, m);
          }
  g_array_sort (out, compare_slices);
  return out;
}

static gboolean
check_pieces (const DrRules *rules,
              int            pieces,
              GError       **error)
{
  if (!dr_egdb_supported (rules))
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_VARIANT,
                   _("%s has no endgame tables: its rules are not diagonal moves alone"), rules->title);
      return FALSE;
    }
  if (pieces < 2 || pieces > EGDB_MAX_PIECES)
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_ARGUMENT,
                   _("pieces must be 2 to %d, not %d"), EGDB_MAX_PIECES, pieces);
      return FALSE;
    }
  return TRUE;
}

GPtrArray *
dr_egdb_plan (const DrRules *rules,
              int            pieces,
              GError       **error)
{
  g_autoptr (GArray) slices = NULL;
  GPtrArray *out;

  if (!check_pieces (rules, pieces, error))
    return NULL;
  slices = plan_slices (pieces);
  out = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < slices->len; i++)
    g_ptr_array_add (out, _dr_egdb_material_name (g_array_index (slices, EgdbMaterial, i)));
  return out;
}

static void
add_depend (GPtrArray   *out,
            EgdbMaterial m,
            EgdbMaterial self)
{
  g_autofree char *name = NULL;

  if (m.m0 + m.k0 == 0 || m.m1 + m.k1 == 0)
    return;
  m = _dr_egdb_canonical (m);
  if (_dr_egdb_material_equal (m, self))
    return;
  name = _dr_egdb_material_name (m);
  for (guint i = 0; i < out->len; i++)
    if (g_str_equal (g_ptr_array_index (out, i), name))
      return;
  g_ptr_array_add (out, g_steal_pointer (&name));
}

guint64
dr_egdb_slice_positions (const DrRules *rules,
                         const char    *slice,
                         GError       **error)
{
  EgdbBoard board;
  EgdbMaterial s, swapped;
  guint64 n;

  if (!_dr_egdb_parse_slice (slice, &s))
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_ARGUMENT,
                   _("“%s” is not a slice name (men as m, kings as k, the sides apart by -: “kkm-k”)"), slice);
      return 0;
    }
  if (!check_pieces (rules, s.m0 + s.k0 + s.m1 + s.k1, error))
    return 0;
  _dr_egdb_board_init (&board, rules);
  swapped = _dr_egdb_swap (s);
  n = _dr_egdb_part_size (&board, s);
  /* One part serves both sides to move when they have the same material. */
  n += _dr_egdb_material_equal (s, swapped) ? n : _dr_egdb_part_size (&board, swapped);
  return n;
}

GPtrArray *
dr_egdb_slice_depends (const DrRules *rules,
                       const char    *slice,
                       GError       **error)
{
  EgdbMaterial s;
  GPtrArray *out;

  if (!_dr_egdb_parse_slice (slice, &s))
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_ARGUMENT,
                   _("“%s” is not a slice name (men as m, kings as k, the sides apart by -: “kkm-k”)"), slice);
      return NULL;
    }
  s = _dr_egdb_canonical (s);
  out = g_ptr_array_new_with_free_func (g_free);
  for (int part = 0; part < 2; part++)
    {
      EgdbMaterial m = part == 0 ? s : _dr_egdb_swap (s);

      /* The mover (m0, k0) moves; a successor has the other side to move.
       * Captures take any of the other side's pieces (it keeps c' men and
       * d' kings, fewer in all), the mover possibly crowned on the way;
       * a quiet move may crown. */
      for (int c = 0; c <= m.m1; c++)
        for (int d = 0; d <= m.k1; d++)
          {
            if (c + d == m.m1 + m.k1)
              continue;
            add_depend (out, (EgdbMaterial) { (uint8_t) c, (uint8_t) d, m.m0, m.k0 }, s);
            if (m.m0 > 0)
              add_depend (out, (EgdbMaterial) { (uint8_t) c, (uint8_t) d, (uint8_t) (m.m0 - 1),
                                                (uint8_t) (m.k0 + 1) }, s);
          }
      if (m.m0 > 0)
        add_depend (out, (EgdbMaterial) { m.m1, m.k1, (uint8_t) (m.m0 - 1), (uint8_t) (m.k0 + 1) }, s);
    }
  return out;
}

/* Building ------------------------------------------------------------------ */

static gboolean
build_all (const DrEgdbBuildOptions *options,
           bool                      v1,
           DrEgdbProgressFunc        progress,
           gpointer                  user_data,
           GCancellable             *cancellable,
           GError                  **error)
{
  const DrRules *rules = options->rules;
  g_autofree char *def = options->dir == NULL ? dr_egdb_default_dir () : NULL;
  const char *dir = options->dir != NULL ? options->dir : def;
  g_autofree char *folder = g_build_filename (dir, rules->name, NULL);
  g_autoptr (GArray) slices = NULL;
  g_autoptr (DrEgdb) db = NULL;
  EgdbMaterial only = { 0 };

  if (options->slice != NULL)
    {
      if (!_dr_egdb_parse_slice (options->slice, &only))
        {
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_ARGUMENT,
                       _("“%s” is not a slice name (men as m, kings as k, the sides apart by -: “kkm-k”)"),
                       options->slice);
          return FALSE;
        }
      only = _dr_egdb_canonical (only);
      if (!check_pieces (rules, only.m0 + only.k0 + only.m1 + only.k1, error))
        return FALSE;
      slices = g_array_new (FALSE, FALSE, sizeof (EgdbMaterial));
      g_array_append_val (slices, only);
    }
  else
    {
      if (!check_pieces (rules, options->pieces, error))
        return FALSE;
      slices = plan_slices (options->pieces);
    }
  if (g_mkdir_with_parents (folder, 0755) != 0)
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_IO, _("cannot make the folder %s: %s"),
                   folder, g_strerror (errno));
      return FALSE;
    }
  /* What is there already: the smaller slices read, finished ones kept. */
  db = v1 ? _dr_egdb_open_any (rules, dir, error) : dr_egdb_open (rules, dir, error);
  if (db == NULL)
    return FALSE;
  for (guint i = 0; i < slices->len; i++)
    {
      EgdbMaterial s = g_array_index (slices, EgdbMaterial, i);
      g_autofree char *name = _dr_egdb_material_name (s);
      g_autofree char *path = _dr_egdb_table_path (rules, dir, s);
      DrEgdbProgress pr = { name, (int) i, (int) slices->len, "skip", 0, 0 };

      if (db->lookup[s.m0][s.k0][s.m1][s.k1] != NULL)
        {
          if (progress != NULL)
            progress (&pr, user_data);
          continue;
        }
      if (!build_slice (db, s, path, options->threads, cancellable, progress, user_data, &pr, v1, error))
        return FALSE;
      pr.stage = "done";
      if (progress != NULL)
        progress (&pr, user_data);
    }
  return TRUE;
}

gboolean
dr_egdb_build (const DrEgdbBuildOptions *options,
               DrEgdbProgressFunc        progress,
               gpointer                  user_data,
               GCancellable             *cancellable,
               GError                  **error)
{
  return build_all (options, false, progress, user_data, cancellable, error);
}

gboolean
_dr_egdb_build_v1 (const DrEgdbBuildOptions *options,
                   GError                  **error)
{
  return build_all (options, true, NULL, NULL, NULL, error);
}

/* Converting ---------------------------------------------------------------- */

/* Format 1 to format 2: the values as they are, broken indices and
 * positions whose side to move must capture made don't-care again (format
 * 1 wrote the value before them there). */
static gboolean
convert_table (const DrRules   *rules,
               const EgdbTable *t,
               GError         **error)
{
  EgdbBoard board;
  EgdbMaterial parts[2];
  uint16_t *values[2] = { NULL, NULL };
  uint64_t n[2] = { 0, 0 }, legal[2] = { 0, 0 };
  gboolean ok = FALSE;

  _dr_egdb_board_init (&board, rules);
  for (int p = 0; p < t->n_parts; p++)
    {
      const EgdbPart *part = &t->parts[p];
      EgdbUnindexCache cache = { 0 };

      parts[p] = part->material;
      n[p] = part->n_values;
      legal[p] = part->legal;
      values[p] = g_try_new (uint16_t, (gsize) part->n_blocks * EGDB_BLOCK + 1);
      if (values[p] == NULL)
        {
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_IO, _("not enough memory to convert %s"), t->path);
          goto out;
        }
      for (uint32_t b = 0; b < part->n_blocks; b++)
        if (!_dr_egdb_part_block (part, b, values[p] + (uint64_t) b * EGDB_BLOCK))
          {
            g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
                         _("endgame table %s is damaged: block %u of part %d fails its checksum; "
                           "it cannot be converted"), t->path, b, p);
            goto out;
          }
      for (uint64_t i = 0; i < n[p]; i++)
        {
          DrPosition pos;
          if (!_dr_egdb_unindex_cached (&board, part->material, i, &pos, &cache)
              || dr_movegen_has_capture (rules, &pos))
            values[p][i] = EGDB_DONT_CARE;
        }
    }
  ok = _dr_egdb_table_write (rules, t->path, t->slice, t->n_parts, parts, values, n, legal,
                             t->build_seconds, error);
out:
  g_free (values[0]);
  g_free (values[1]);
  return ok;
}

gboolean
dr_egdb_convert (const DrRules      *rules,
                 const char         *dir,
                 DrEgdbProgressFunc  progress,
                 gpointer            user_data,
                 GCancellable       *cancellable,
                 int                *converted,
                 GError            **error)
{
  g_autofree char *def = dir == NULL ? dr_egdb_default_dir () : NULL;
  g_autofree char *folder = g_build_filename (dir != NULL ? dir : def, rules->name, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) local = NULL;
  g_autoptr (GDir) d = NULL;
  const char *entry;

  if (converted != NULL)
    *converted = 0;
  if (!dr_egdb_supported (rules))
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_VARIANT,
                   _("%s has no endgame tables: its rules are not diagonal moves alone"), rules->title);
      return FALSE;
    }
  d = g_dir_open (folder, 0, &local);
  if (d == NULL)
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_IO, _("cannot read %s: %s"), folder, local->message);
      return FALSE;
    }
  while ((entry = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (entry, ".egdb"))
      g_ptr_array_add (names, g_strdup (entry));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (folder, g_ptr_array_index (names, i), NULL);
      DrEgdbProgress pr = { g_ptr_array_index (names, i), (int) i, (int) names->len, "convert", 0, 1 };
      EgdbTable *t;
      gboolean ok;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      t = _dr_egdb_table_open_any (rules, path, error);
      if (t == NULL)
        return FALSE;
      if (t->kind != EGDB_KIND_V1)
        {
          _dr_egdb_table_free (t);
          pr.stage = "skip";
          if (progress != NULL)
            progress (&pr, user_data);
          continue;
        }
      if (progress != NULL)
        progress (&pr, user_data);
      ok = convert_table (rules, t, error);
      _dr_egdb_table_free (t);
      if (!ok)
        return FALSE;
      if (converted != NULL)
        (*converted)++;
      pr.done = 1;
      pr.stage = "done";
      if (progress != NULL)
        progress (&pr, user_data);
    }
  return TRUE;
}
