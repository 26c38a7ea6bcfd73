/* dr-search.c — alpha-beta search
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Iterative deepening over a principal variation search, after Stockfish's
 * and Scan's structure (ENGINES.md §3.3):
 *   Step 1. Iterative deepening with aspiration windows from depth 4.
 *   Step 2. Multi-PV: each further line is searched with the better root
 *           moves excluded.
 *   Step 3. At each node: limits, repetitions and the variant's king-move
 *           draw rule, the transposition table.
 *   Step 4. Captures are forced in draughts: when the side to move must
 *           capture the node is searched in full whatever the depth
 *           remaining (the quiescence search); a quiet node at depth 0 is
 *           evaluated, unless the side to move has a man one step from
 *           the crowning row: then the better of the evaluation and its
 *           promoting moves (after Scan's quiescence, ENGINES.md §3.3).
 *   Step 5. Move ordering: the table's move, captures by size, two killer
 *           moves per ply, history counts.
 *   Step 6. Late quiet moves are searched one or two plies shallower and
 *           searched again at full depth if they beat alpha: at a PV node
 *           from the fourth move on, elsewhere from the second, two plies
 *           from the ninth at a non-PV node (Scan's scheme, ENGINES.md
 *           §3.3; measured in issue 14's closing note).
 *   Step 7. A single legal move is extended by a ply.
 *   Step 8. Lazy SMP (dr_search_set_threads(), dr-search-smp.c): helper
 *           threads search the same root, sharing only the transposition
 *           table, each always an iteration or two ahead of the main
 *           thread's, some skipping iterations (dr_search_helper_depth());
 *           the main thread's iterations are the result, and it stops the
 *           helpers.
 *           The table's entries are written and read without a lock,
 *           each of their two words atomically, and an entry whose words
 *           come from two different writes is a miss (see TTEntry).
 * Canadian draughts goes to dr-wide-search.h instead (dr-search-wide.c).
 * Endgame tables (dr_search_set_egdb()): a node but the root whose pieces
 * they cover and whose side to move has no capture is scored from them.
 * The search reads the win/draw/loss values only (dr_egdb_probe_wld()), a
 * win scored DR_SCORE_DB_WIN less the ply plus a tenth of the material
 * (DR_SCORE_DB_UNSURE where a count rule may be running), so that it
 * heads for the nearest won table position; it reads distances only where the root itself is
 * in the tables, at the root's children (and the positions its forced
 * captures lead to): their exact "win in N" picks the move that makes
 * progress, as Kingsrow and Scan use distances at the root alone.  A line
 * that ends in the tables gets its exact score when it is reported, from
 * the distance of its last position (one read a line an iteration).
 * The search polls its limits every 1,024 nodes and unwinds by returning;
 * an aborted iteration is discarded.  While pondering the limits wait for
 * the ponder word, and count from the moment it clears.
 *
 * Speed (issue 5), none of it changing which nodes are searched: a leaf is
 * told quiet, or lost for want of a move, by bitboard tests without
 * generating moves (dr_movegen_kind); leaves are handled inline in
 * their parent (search()), nodes with moves out of line (search_moves());
 * the table lives on huge pages in 16-byte entries, and an entry is
 * prefetched as early as its address is known, the next sibling's while the
 * current move is searched; the move pick is branch-free; only PV nodes
 * keep a line.
 */

#include "dr-search-private.h"

#include "dr-bitboard.h"
#include "dr-movegen.h"
#include "dr-patterns.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined (__linux__)
#include <sys/mman.h>
#endif

#define HUGE_PAGE ((size_t) 2 * 1024 * 1024)

enum { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

typedef struct
{
  int16_t  score;
  int8_t   depth;
  uint8_t  bound;
  uint8_t  move;       /* index of the best move in the generator's order */
} TTData;

static inline uint64_t
tt_pack (const TTData *d)
{
  return (uint64_t) (uint16_t) d->score | (uint64_t) (uint8_t) d->depth << 16
         | (uint64_t) d->bound << 24 | (uint64_t) d->move << 32;
}

static inline uint64_t
tt_fold (uint64_t data)
{
  return (uint32_t) (data ^ (data >> 32));
}

/* Reads @entry: TRUE, with its contents in @d, if it holds @lock's
 * position (BOUND_NONE for an empty entry). */
static inline bool
tt_read (TTEntry  *entry,
         uint32_t  lock,
         TTData   *d)
{
  uint64_t data = atomic_load_explicit (&entry->data, memory_order_relaxed);
  uint64_t check = atomic_load_explicit (&entry->check, memory_order_relaxed);

  if ((check ^ tt_fold (data)) != lock)
    return false;
  d->score = (int16_t) (uint16_t) data;
  d->depth = (int8_t) (uint8_t) (data >> 16);
  d->bound = (uint8_t) (data >> 24);
  d->move = (uint8_t) (data >> 32);
  return true;
}

static inline void
tt_write (TTEntry      *entry,
          uint32_t      lock,
          const TTData *d)
{
  uint64_t data = tt_pack (d);

  atomic_store_explicit (&entry->data, data, memory_order_relaxed);
  atomic_store_explicit (&entry->check, lock ^ tt_fold (data), memory_order_relaxed);
}

/* The static evaluation: the hand-set terms, and the learned patterns
 * when the searcher has them (dr-patterns.h). */
static inline int
evaluate (const DrSearch   *self,
          const DrPosition *pos)
{
  int score = dr_eval (self->rules, self->weights, &self->eval_tables, pos);

  if (self->patterns != NULL)
    score += dr_patterns_eval (self->patterns, pos);
  if ((pos->kings & self->drawish) != 0)
    score = dr_eval_drawish (pos, self->drawish, score);
  return score;
}

/* The table: the largest power of two of entries that fits in
 * @megabytes, on 2 MiB pages where the system has them (a probe is a
 * cache miss, and with small pages a TLB miss too).  Zeroed: on Linux by
 * an anonymous mapping whose pages the kernel clears and faults in at
 * once, which is cheaper than a memset through the sanitizers. */
static TTEntry *
tt_alloc (DrSearch *self,
          size_t    megabytes,
          size_t   *entries)
{
  size_t bytes = (megabytes > 0 ? megabytes : 1) * 1024 * 1024;

  *entries = 1;
  while (*entries * 2 * sizeof (TTEntry) <= bytes)
    *entries *= 2;
  bytes = *entries * sizeof (TTEntry);
#if defined (__linux__) && defined (MADV_HUGEPAGE)
  if (bytes >= HUGE_PAGE)
    {
      size_t length = bytes + HUGE_PAGE;
      void *map = mmap (NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (map != MAP_FAILED)
        {
          uintptr_t aligned = ((uintptr_t) map + HUGE_PAGE - 1) & ~(uintptr_t) (HUGE_PAGE - 1);

          madvise ((void *) aligned, bytes, MADV_HUGEPAGE);
#ifdef MADV_POPULATE_WRITE
          /* Fault the pages in now (Linux 5.14), not in the first
           * seconds of the search; an older kernel does it lazily. */
          madvise ((void *) aligned, bytes, MADV_POPULATE_WRITE);
#endif
          self->tt_map = map;
          self->tt_map_length = length;
          return (TTEntry *) (void *) aligned;
        }
    }
#endif
  return calloc (*entries, sizeof (TTEntry));
}

static void
tt_free (DrSearch *self)
{
#if defined (__linux__) && defined (MADV_HUGEPAGE)
  if (self->tt_map != NULL)
    {
      munmap (self->tt_map, self->tt_map_length);
      self->tt_map = NULL;
      self->tt = NULL;
      return;
    }
#endif
  free (self->tt);
  self->tt = NULL;
}

static uint64_t
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000u + (uint64_t) ts.tv_nsec / 1000000u;
}

/* What a searcher, main or helper, derives from @rules alone. */
void
_dr_search_set_rules (DrSearch      *self,
                      const DrRules *rules)
{
  self->rules = rules;
  self->drawish = dr_eval_drawish_squares (rules);
  self->draw_plies = 0;
  for (unsigned i = 0; i < rules->n_draw_rules; i++)
    if (rules->draw_rules[i].kind == DR_DRAW_KINGS_ONLY || rules->draw_rules[i].kind == DR_DRAW_NO_PROGRESS)
      self->draw_plies = 2 * rules->draw_rules[i].limit;
  /* The rows next to those dr_rules_promotion_mask() crowns on: White on
   * internal row 0, Black on the last. */
  self->pre_promotion[DR_SIDE_WHITE] = dr_geometry_row_mask (rules->geometry, 1);
  self->pre_promotion[DR_SIDE_BLACK] = dr_geometry_row_mask (rules->geometry, rules->geometry->height - 2);
}

DrSearch *
dr_search_new (const DrRules *rules,
               size_t         tt_megabytes)
{
  DrSearch *self = calloc (1, sizeof *self);
  size_t entries;

  if (self == NULL)
    return NULL;
  if (rules->geometry->wide)
    {
      if (!_dr_search_wide_init (self, rules, tt_megabytes))
        {
          free (self);
          return NULL;
        }
      return self;
    }
  _dr_search_set_rules (self, rules);
  self->first_depth = 1;
  self->weights = dr_eval_default_weights (rules);
  dr_eval_tables_init (&self->eval_tables, rules->geometry, self->weights);
  self->builtin_patterns = dr_patterns_new_builtin (rules);
  self->patterns = self->builtin_patterns;
  self->tt = tt_alloc (self, tt_megabytes, &entries);
  self->tt_mask = entries - 1;
  if (posix_memalign ((void **) &self->lists, 64, (DR_SEARCH_MAX_PLY + 1) * LIST_STRIDE) != 0)
    self->lists = NULL;
  if (self->tt == NULL || self->lists == NULL)
    {
      dr_search_free (self);
      return NULL;
    }
  for (int ply = 0; ply <= DR_SEARCH_MAX_PLY; ply++)
    list_at (self, ply)->all_paths = false;
  return self;
}

void
dr_search_free (DrSearch *self)
{
  if (self == NULL)
    return;
  if (self->wide != NULL)
    {
      _dr_search_wide_free (self);
      free (self->game_hashes);
      free (self);
      return;
    }
  _dr_search_free_helpers (self);
  if (!self->shared_tt)
    tt_free (self);
  free (self->lists);
  free (self->game_hashes);
  dr_patterns_free (self->builtin_patterns);
  free (self);
}

void
dr_search_set_egdb (DrSearch     *self,
                    const DrEgdb *egdb)
{
  if (egdb != NULL && dr_egdb_get_rules (egdb) != self->rules)
    egdb = NULL;     /* another variant's tables say nothing here */
  self->egdb = egdb;
  self->egdb_pieces = egdb != NULL ? dr_egdb_max_pieces (egdb) : 0;
  for (int i = 0; i < self->n_helpers; i++)
    dr_search_set_egdb (self->helpers[i], egdb);
}

/* The exact score of a node the tables hold, with the distance
 * (dr_search_set_egdb()). */
static int
egdb_score (DrSearch         *self,
            const DrPosition *pos,
            DrEgdbValue       value,
            int               plies,
            int               ply)
{
  int limit;

  if (value == DR_EGDB_DRAW)
    return 0;
  limit = dr_egdb_count_limit (self->rules, pos);
  if (limit == 0 || (plies + 1) / 2 <= limit)
    return value == DR_EGDB_WIN ? DR_SCORE_WIN - (ply + plies) : -(DR_SCORE_WIN - (ply + plies));
  /* A count rule may end the game first: winning, not a proven win. */
  return value == DR_EGDB_WIN ? DR_SCORE_DB_UNSURE - plies : -(DR_SCORE_DB_UNSURE - plies);
}

/* The score of a node the tables hold, from its value alone: a win is
 * worth more the sooner the line reaches it and the more material the
 * winner keeps (a tenth of the evaluation's material, at most 400 either
 * way: a man is worth ten plies), and less where a count rule may be
 * running (its distance is not known, so nor is whether the rule allows
 * it).  Without the material, a won line would as soon give material
 * away on its way into the tables as not, and come out a slower win. */
static inline int
egdb_band_score (DrSearch         *self,
                 const DrPosition *pos,
                 DrEgdbValue       value,
                 int               ply)
{
  const DrBitboard own = pos->pieces[pos->turn], other = pos->pieces[pos->turn ^ 1];
  int base, material;

  if (value == DR_EGDB_DRAW)
    return 0;
  base = dr_egdb_count_limit (self->rules, pos) == 0 ? DR_SCORE_DB_WIN : DR_SCORE_DB_UNSURE;
  material = ((dr_bb_count (own & ~pos->kings) - dr_bb_count (other & ~pos->kings)) * self->weights->man
              + (dr_bb_count (own & pos->kings) - dr_bb_count (other & pos->kings)) * self->weights->king)
             / 10;
  material = material > 400 ? 400 : material < -400 ? -400 : material;
  return value == DR_EGDB_WIN ? base - ply + material : -(base - ply - material);
}

/* Is @score a table's win or loss without a proof (egdb_band_score(),
 * and egdb_score()'s unsure wins)?  Those count plies from the root, like
 * the proven ones, when they go into the transposition table (where they
 * reach DR_SEARCH_MAX_PLY further from their base). */
static inline bool
db_band (int score)
{
  int a = abs (score);

  return (a > DR_SCORE_DB_WIN - 1000 && a < DR_SCORE_DB_WIN + 1000)
         || (a > DR_SCORE_DB_UNSURE - 1000 && a < DR_SCORE_DB_UNSURE + 1000);
}

void
dr_search_set_weights (DrSearch            *self,
                       const DrEvalWeights *weights)
{
  if (self->wide != NULL)
    return;     /* dr-wide-search.c has its own evaluation */
  if (weights == NULL)
    self->weights = dr_eval_default_weights (self->rules);
  else
    {
      self->own_weights = *weights;
      self->weights = &self->own_weights;
    }
  dr_eval_tables_init (&self->eval_tables, self->rules->geometry, self->weights);
  for (int i = 0; i < self->n_helpers; i++)
    dr_search_set_weights (self->helpers[i], weights);
}

void
dr_search_set_patterns (DrSearch         *self,
                        const DrPatterns *patterns)
{
  if (patterns != NULL && dr_patterns_get_rules (patterns) != self->rules)
    patterns = NULL;
  self->patterns = patterns;
  for (int i = 0; i < self->n_helpers; i++)
    dr_search_set_patterns (self->helpers[i], patterns);
}

const DrPatterns *
dr_search_get_patterns (DrSearch *self)
{
  return self->patterns;
}

const DrRules *
dr_search_get_rules (DrSearch *self)
{
  return self->rules;
}

void
dr_search_clear (DrSearch *self)
{
  if (self->wide != NULL)
    return;     /* no endgame tables or weights change its scores */
  if (!self->shared_tt)
    memset (self->tt, 0, (self->tt_mask + 1) * sizeof (TTEntry));
  memset (self->history, 0, sizeof self->history);
  memset (self->killers, -1, sizeof self->killers);
  for (int i = 0; i < self->n_helpers; i++)
    dr_search_clear (self->helpers[i]);
}

void
dr_search_set_probcut (DrSearch  *self,
                       DrProbCut  mode)
{
  self->probcut = mode;
  for (int i = 0; i < self->n_helpers; i++)
    self->helpers[i]->probcut = mode;
}

DrProbCut
dr_search_get_probcut (DrSearch *self)
{
  return self->probcut;
}

bool
dr_probcut_from_name (const char *name,
                      DrProbCut  *mode)
{
  static const char *const names[] = { "off", "plain", "guarded" };

  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
    if (name != NULL && strcmp (name, names[i]) == 0)
      {
        *mode = (DrProbCut) i;
        return true;
      }
  return false;
}

DrSearch *
dr_search_new_for_play (const DrRules *rules,
                        size_t         tt_megabytes)
{
  DrSearch *self = dr_search_new (rules, tt_megabytes);

  if (self != NULL)
    dr_search_set_probcut (self, dr_probcut_for_play (rules));
  return self;
}

DrProbCut
dr_probcut_for_play (const DrRules *rules)
{
  /* GUARDED against OFF, books off, 100 ms a move (stop 41): International
   * +52.5 ± 33.3 Elo over 100 games (SPRT 0,20: H1).  Not yet measured
   * in the other variants, which stay exact. */
  if (strcmp (rules->name, "international") == 0)
    return DR_PROBCUT_GUARDED;
  return DR_PROBCUT_OFF;
}

/* A move that can never be undone: a capture or a man's move. */
static inline bool
irreversible (const DrMove *m)
{
  return m->captures != 0 || (m->flags & DR_MOVE_BY_KING) == 0;
}

void
dr_search_set_history (DrSearch         *self,
                       const DrPosition *positions,
                       size_t            n)
{
  free (self->game_hashes);
  self->game_hashes = n > 0 ? malloc (n * sizeof (uint64_t)) : NULL;
  self->n_game = self->game_hashes != NULL ? n : 0;
  self->game_reversible = 0;
  for (size_t i = 0; i < self->n_game; i++)
    {
      self->game_hashes[i] = positions[i].hash;
      if (i > 0)
        {
          const DrPosition *a = &positions[i - 1], *b = &positions[i];
          bool same_men = (a->pieces[0] & ~a->kings) == (b->pieces[0] & ~b->kings)
                          && (a->pieces[1] & ~a->kings) == (b->pieces[1] & ~b->kings);
          bool same_count = dr_bb_count (dr_position_occupied (a)) == dr_bb_count (dr_position_occupied (b));
          self->game_reversible = same_men && same_count ? self->game_reversible + 1 : 0;
        }
    }
  for (int i = 0; i < self->n_helpers; i++)
    dr_search_set_history (self->helpers[i], positions, n);
}

/* While pondering: has the expected move been played?  Then the limits
 * start counting, from now. */
static void
check_ponder (DrSearch *self)
{
  if (self->pondering
      && atomic_load_explicit (self->limits->ponder_word, memory_order_relaxed) == 0)
    {
      self->pondering = false;
      self->clock_ms = now_ms ();
      self->clock_nodes = self->nodes;
    }
}

static void
check_limits (DrSearch *self)
{
  const DrSearchLimits *l = self->limits;

  atomic_store_explicit (&self->published_nodes, self->nodes, memory_order_relaxed);
  if (l->abort_word != NULL
      && atomic_load_explicit (l->abort_word, memory_order_relaxed) != l->abort_unless)
    {
      self->stopped = true;
      return;
    }
  check_ponder (self);
  if (self->pondering)
    return;
  if (l->max_nodes > 0 && self->nodes - self->clock_nodes >= l->max_nodes)
    self->stopped = true;
  else if (l->max_time_ms > 0 && now_ms () - self->clock_ms >= l->max_time_ms)
    self->stopped = true;
}

/* Has the position at @ply been seen before on this line or in the game,
 * since the last irreversible move? */
static bool
is_repetition (DrSearch *self,
               int       ply)
{
  uint64_t key = self->path[ply];
  int back = self->reversible[ply];

  /* A position cannot come back in fewer than two plies (four, in fact);
   * most nodes follow a man's move or a capture and end here. */
  if (back < 2)
    return false;
  for (int p = ply - 2; p >= 0 && ply - p <= back; p -= 2)
    if (self->path[p] == key)
      return true;
  if (back >= ply)
    {
      /* On into the game: positions with the same side to move. */
      for (size_t i = self->n_game; i > 0; i--)
        {
          int distance = ply + (int) (self->n_game - i) + 1;
          if (distance > back)
            break;
          if ((distance & 1) == 0 && self->game_hashes[i - 1] == key)
            return true;
        }
    }
  return false;
}

static inline int
score_to_tt (int score,
             int ply)
{
  if (score >= DR_SCORE_WON)
    return score + ply;
  if (score <= -DR_SCORE_WON)
    return score - ply;
  if (__builtin_expect (db_band (score), 0))
    return score > 0 ? score + ply : score - ply;
  return score;
}

static inline int
score_from_tt (int score,
               int ply)
{
  if (score >= DR_SCORE_WON)
    return score - ply;
  if (score <= -DR_SCORE_WON)
    return score + ply;
  if (__builtin_expect (db_band (score), 0))
    return score > 0 ? score - ply : score + ply;
  return score;
}

/* Whether an entry read from the table settles a node searched to @depth
 * with the window (@alpha, @beta): it was searched as deep, and its bound
 * falls outside the window, or is exact.  Its score, at this ply, in
 * @score. */
static inline bool
tt_decides (const TTData *d,
            int           depth,
            int           alpha,
            int           beta,
            int           ply,
            int          *score)
{
  int s = score_from_tt (d->score, ply);

  *score = s;
  return d->bound != BOUND_NONE && d->depth >= depth
         && (d->bound == BOUND_EXACT
             || (d->bound == BOUND_LOWER && s >= beta)
             || (d->bound == BOUND_UPPER && s <= alpha));
}

/* Step 5. Ordering keys: higher first.  The table's move comes before
 * all of these (1 << 30, see search_moves()). */
static inline int
order_key (DrSearch     *self,
           const DrMove *m,
           int           ply)
{
  int side = 0;

  if (m->captures != 0)
    return (1 << 28) + dr_bb_count (m->captures) * 1024;
  if (m->from == self->killers[ply][0][0] && m->to == self->killers[ply][0][1])
    return 1 << 27;
  if (m->from == self->killers[ply][1][0] && m->to == self->killers[ply][1][1])
    return (1 << 27) - 1;
  return self->history[side][m->from][m->to] + ((m->flags & DR_MOVE_PROMOTES) ? (1 << 26) : 0);
}

/* The first of the highest keys from @start on.  Without branches: which
 * key wins is not predictable. */
static inline unsigned
pick (const int *keys,
      unsigned   n,
      unsigned   start)
{
  unsigned best = start;
  int best_key = keys[start];

  for (unsigned i = start + 1; i < n; i++)
    {
      int key = keys[i];
      bool better = key > best_key;

      best = better ? i : best;
      best_key = better ? key : best_key;
    }
  return best;
}

static bool
excluded (DrSearch     *self,
          const DrMove *m)
{
  for (int i = 0; i < self->n_excluded; i++)
    if (dr_move_same (&self->excluded[i], m))
      return true;
  return false;
}

static inline int search (DrSearch         *self,
                          const DrPosition *pos,
                          int               depth,
                          int               alpha,
                          int               beta,
                          int               ply,
                          bool              pv_node);

/* The score of @child, a child of @pos, for @pos's side to move.  Two-move
 * draughts: after the first move of a turn the same side moves again, and
 * the child's score is the parent's side's own, window and all. */
static inline int
search_child (DrSearch         *self,
              const DrPosition *pos,
              const DrPosition *child,
              int               depth,
              int               alpha,
              int               beta,
              int               ply,
              bool              pv_node)
{
  if (__builtin_expect (child->turn == pos->turn, 0))
    return search (self, child, depth, alpha, beta, ply + 1, pv_node);
  return -search (self, child, depth, -beta, -alpha, ply + 1, pv_node);
}

static int search_moves (DrSearch         *self,
                         const DrPosition *pos,
                         int               depth,
                         int               alpha,
                         int               beta,
                         int               ply,
                         bool              pv_node,
                         TTEntry          *entry);

/* Step 4, a quiet leaf whose side to move has a man one step from the
 * crowning row: the better of standing pat (the evaluation) and each
 * promoting move, searched on as a leaf (a capture it allows is played
 * out).  Without it a man about to be crowned counts as a man, and the
 * horizon hides the king. */
static __attribute__ ((noinline)) int
qs_promotions (DrSearch         *self,
               const DrPosition *pos,
               int               depth,
               int               alpha,
               int               beta,
               int               ply)
{
  DrMoveList *list = list_at (self, ply);
  int best = evaluate (self, pos);

  if (best >= beta)
    return best;
  if (best > alpha)
    alpha = best;
  dr_movegen_legal (self->rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      const DrMove *m = &list->moves[i];
      DrPosition child;
      int score;

      if (!(m->flags & DR_MOVE_PROMOTES))
        continue;
      dr_position_apply (&child, pos, m);
      self->path[ply + 1] = child.hash;
      self->reversible[ply + 1] = 0;
      self->exact_probe[ply + 1] = false;
      score = search_child (self, pos, &child, depth - 1, alpha, beta, ply, false);
      if (self->stopped)
        return 0;
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              if (alpha >= beta)
                break;
            }
        }
    }
  return best;
}

/* Steps 3 and 4: a node up to the point where its moves are needed.
 * Inline, so that the many nodes that end here (leaves, repetitions)
 * cost their parent no call and no stack frame. */
static inline int
search (DrSearch         *self,
        const DrPosition *pos,
        int               depth,
        int               alpha,
        int               beta,
        int               ply,
        bool              pv_node)
{
  const DrRules *rules = self->rules;
  TTEntry *entry;

  /* Step 3. Limits, draws, the table.  The table's entry is fetched from
   * memory from here on while the node does other work; a node out of
   * depth reads it only if it has a capture. */
  entry = &self->tt[pos->hash & self->tt_mask];
  if (depth > 0)
    __builtin_prefetch (entry);
  self->pv_length[ply] = 0;
  if ((++self->nodes & 1023) == 0)
    check_limits (self);
  if (self->stopped)
    return 0;
  if (ply > self->seldepth)
    self->seldepth = ply;
  if (ply > 0)
    {
      if (is_repetition (self, ply))
        return 0;
      if (self->draw_plies > 0 && self->reversible[ply] >= self->draw_plies)
        return 0;
      if (self->egdb_pieces > 0 && dr_bb_count (dr_position_occupied (pos)) <= self->egdb_pieces)
        {
          if (__builtin_expect (self->exact_probe[ply], 0))
            {
              int plies = 0;
              DrEgdbValue v = dr_egdb_probe_quiet (self->egdb, pos, &plies);

              if (v != DR_EGDB_UNKNOWN)
                return egdb_score (self, pos, v, plies, ply);
            }
          else
            {
              DrEgdbValue v = dr_egdb_probe_wld (self->egdb, pos);

              if (v != DR_EGDB_UNKNOWN)
                return egdb_band_score (self, pos, v, ply);
            }
        }
    }
  if (ply >= DR_SEARCH_MAX_PLY - 1)
    return evaluate (self, pos);

  /* Step 4. Quiet and out of depth: evaluate, or lose if blocked.  Most
   * nodes end here, so this is decided by bitboard tests, without
   * generating moves or touching the table. */
  if (depth <= 0)
    {
      DrMovesKind kind = dr_movegen_kind (rules, pos);

      if (kind != DR_MOVES_CAPTURE)
        {
          if (kind == DR_MOVES_NONE)
            return rules->giveaway ? DR_SCORE_WIN - ply : -(DR_SCORE_WIN - ply);
          if ((pos->pieces[pos->turn] & ~pos->kings & self->pre_promotion[pos->turn]) != 0)
            return qs_promotions (self, pos, depth, alpha, beta, ply);
          return evaluate (self, pos);
        }
      __builtin_prefetch (entry);
    }
  return search_moves (self, pos, depth, alpha, beta, ply, pv_node, entry);
}

/* Steps 5 to 7 and the table's update: a node whose moves are searched. */
static __attribute__ ((noinline)) int
search_moves (DrSearch         *self,
              const DrPosition *pos,
              int               depth,
              int               alpha,
              int               beta,
              int               ply,
              bool              pv_node,
              TTEntry          *entry)
{
  const DrRules *rules = self->rules;
  DrMoveList *list = list_at (self, ply);
  uint32_t lock = (uint32_t) (pos->hash >> 32);
  int keys[DR_MAX_MOVES];
  int order[DR_MAX_MOVES];
  int best = -DR_SCORE_INF, best_index = -1, tt_move = -1;
  int original_alpha = alpha;
  TTData stored;
  bool found;
  unsigned next;
  bool capture;
  int extension = 0;
  int probcut_score = -DR_SCORE_INF;

  /* ProbCut, before this node's moves are generated: the reduced search
   * of the same position uses this ply's move list.  Not within another
   * ProbCut search (its nodes are already shallow guesses: nested, the
   * cuts compound), nor where the table's entry decides the node anyway.
   * GUARDED: not where the side to move has a capture (it has just been
   * offered one). */
  if (self->probcut != DR_PROBCUT_OFF && !pv_node && depth >= 3 && self->probcut_nest == 0
      && beta < DR_SCORE_WON - 1000 && beta > -(DR_SCORE_WON - 1000)
      && (self->probcut == DR_PROBCUT_PLAIN || dr_movegen_kind (rules, pos) != DR_MOVES_CAPTURE))
    {
      int s;

      found = tt_read (entry, lock, &stored);
      if (!(found && tt_decides (&stored, depth, alpha, beta, ply, &s)))
        {
          int raised = beta + 5 * depth;
          int score;

          self->probcut_nest++;
          score = search (self, pos, depth * 2 / 5, raised - 1, raised, ply, false);
          self->probcut_nest--;
          if (self->stopped)
            return 0;
          if (score >= raised)
            probcut_score = score;
        }
    }

  dr_movegen_legal (rules, pos, list);
  if (list->n == 0)
    return rules->giveaway ? DR_SCORE_WIN - ply : -(DR_SCORE_WIN - ply);
  capture = list->moves[0].captures != 0;

  /* Step 5, the keys, before the table is read: they do not depend on it
   * but for the table's move, and the entry is still on its way from
   * memory.  They are taken before any move is searched, as the history
   * the subtrees write must not reorder this node's moves. */
  for (unsigned i = 0; i < list->n; i++)
    {
      order[i] = (int) i;
      keys[i] = order_key (self, &list->moves[i], ply);
    }

  found = tt_read (entry, lock, &stored);
  if (found && stored.bound != BOUND_NONE)
    {
      int s;

      tt_move = stored.move < list->n ? stored.move : -1;
      if (!pv_node && tt_decides (&stored, depth, alpha, beta, ply, &s))
        return s;
      if (tt_move >= 0)
        keys[tt_move] = 1 << 30;
    }

  /* The reduced search failed high: cut, unless (GUARDED) the move it
   * found, the table's now, offers the opponent a capture: a sacrifice,
   * whose worth the reduced depth may not see. */
  if (probcut_score > -DR_SCORE_INF)
    {
      bool offers = false;

      if (self->probcut == DR_PROBCUT_GUARDED && tt_move >= 0)
        {
          DrPosition child;

          dr_position_apply (&child, pos, &list->moves[tt_move]);
          offers = child.turn != pos->turn && dr_movegen_kind (rules, &child) == DR_MOVES_CAPTURE;
        }
      if (!offers)
        return beta;
    }

  /* Step 7. */
  if (list->n == 1 && depth > 0)
    extension = 1;

  /* A selection sort, a pick per move.  The table's move is the unique
   * highest key. */
  next = tt_move >= 0 ? (unsigned) tt_move : pick (keys, list->n, 0);
  for (unsigned i = 0, searched = 0; i < list->n; i++)
    {
      unsigned k = next;
      const DrMove *m;
      DrPosition child;
      int score, new_depth, reduction = 0, tmp;

      tmp = keys[i], keys[i] = keys[k], keys[k] = tmp;
      tmp = order[i], order[i] = order[k], order[k] = tmp;
      /* The next move is picked now (the keys do not change), and its
       * child's entry fetched from memory while this move's subtree is
       * searched: without it, most reads of the table wait for memory. */
      if (i + 1 < list->n)
        {
          next = pick (keys, list->n, i + 1);
          __builtin_prefetch (&self->tt[dr_position_hash_after (pos, &list->moves[order[next]])
                                        & self->tt_mask]);
        }
      m = &list->moves[order[i]];
      if (ply == 0 && excluded (self, m))
        continue;

      dr_position_apply (&child, pos, m);
      self->path[ply + 1] = child.hash;
      self->reversible[ply + 1] = irreversible (m) ? 0 : self->reversible[ply] + 1;
      self->exact_probe[ply + 1] = self->exact_probe[ply] && (ply == 0 || capture);
      new_depth = depth - 1 + extension;

      /* Step 6. */
      if (depth >= 3 && searched >= (pv_node ? 3u : 1u) && !capture && !(m->flags & DR_MOVE_PROMOTES))
        reduction = !pv_node && searched >= 8 ? 2 : 1;

      if (searched == 0)
        score = search_child (self, pos, &child, new_depth, alpha, beta, ply, pv_node);
      else
        {
          score = search_child (self, pos, &child, new_depth - reduction, alpha, alpha + 1, ply,
                                false);
          if (score > alpha && (reduction > 0 || (pv_node && score < beta)))
            score = search_child (self, pos, &child, new_depth, alpha, beta, ply, pv_node);
        }
      searched++;
      if (self->stopped)
        return 0;
      if (score > best)
        {
          best = score;
          best_index = order[i];
          if (score > alpha)
            {
              alpha = score;
              /* Only a PV node's line can be shown: elsewhere a better
               * score is a cut-off, and a node that fails high has its
               * line dropped by its parent. */
              if (pv_node)
                {
                  self->pv[ply][0] = *m;
                  memcpy (&self->pv[ply][1], self->pv[ply + 1],
                          (size_t) self->pv_length[ply + 1] * sizeof (DrMove));
                  self->pv_length[ply] = self->pv_length[ply + 1] + 1;
                }
              if (alpha >= beta)
                {
                  if (m->captures == 0)
                    {
                      if (self->killers[ply][0][0] != m->from || self->killers[ply][0][1] != m->to)
                        {
                          self->killers[ply][1][0] = self->killers[ply][0][0];
                          self->killers[ply][1][1] = self->killers[ply][0][1];
                          self->killers[ply][0][0] = m->from;
                          self->killers[ply][0][1] = m->to;
                        }
                      if (self->history[0][m->from][m->to] < (1 << 24))
                        self->history[0][m->from][m->to] += depth * depth;
                    }
                  break;
                }
            }
        }
    }
  if (best_index < 0)
    return alpha;   /* every root move excluded */

  /* Read again: another thread may have written the entry since. */
  found = tt_read (entry, lock, &stored);
  if (!found || stored.depth <= depth || alpha >= beta)
    {
      stored.score = (int16_t) score_to_tt (best, ply);
      stored.depth = (int8_t) (depth < 0 ? 0 : depth > 127 ? 127 : depth);
      stored.bound = best >= beta ? BOUND_LOWER : best > original_alpha ? BOUND_EXACT : BOUND_UPPER;
      stored.move = (uint8_t) (best_index < 255 ? best_index : 255);
      tt_write (entry, lock, &stored);
    }
  return best;
}

bool
dr_search_run (DrSearch             *self,
               const DrPosition     *root,
               const DrSearchLimits *limits,
               DrSearchResult       *result)
{
  DrMoveList *root_list;
  int lines = limits->multipv > 0 ? limits->multipv : 1;
  int max_depth = limits->max_depth > 0 ? limits->max_depth : DR_SEARCH_MAX_PLY - 8;
  int previous[DR_SEARCH_MAX_PV] = { 0 };
  int searched[DR_SEARCH_MAX_PV];       /* the search's scores of found[] */

  if (self->wide != NULL)
    return _dr_search_wide_run (self, root, limits, result);
  memset (result, 0, sizeof *result);
  self->limits = limits;
  self->nodes = 0;
  self->run_nodes = 0;
  self->start_ms = now_ms ();
  self->clock_ms = self->start_ms;
  self->clock_nodes = 0;
  self->pondering = limits->ponder_word != NULL
                    && atomic_load_explicit (limits->ponder_word, memory_order_relaxed) != 0;
  self->stopped = false;
  self->path[0] = root->hash;
  self->reversible[0] = self->game_reversible;
  self->exact_probe[0] = self->egdb_pieces > 0
                         && dr_bb_count (dr_position_occupied (root)) <= self->egdb_pieces;

  root_list = malloc (sizeof *root_list);
  if (root_list == NULL)
    return false;
  root_list->all_paths = false;
  dr_movegen_legal (self->rules, root, root_list);
  if (root_list->n == 0)
    {
      free (root_list);
      return false;
    }
  if (lines > (int) root_list->n)
    lines = (int) root_list->n;
  if (lines > DR_SEARCH_MAX_PV)
    lines = DR_SEARCH_MAX_PV;
  result->best = root_list->moves[0];

  if (!self->shared_tt)
    atomic_store_explicit (&self->main_depth, 0, memory_order_relaxed);
  _dr_search_start_helpers (self, root, limits);

  /* Step 1. */
  for (int depth = self->first_depth; depth <= DR_SEARCH_MAX_PLY - 8 && !self->stopped; depth++)
    {
      DrSearchInfo found[DR_SEARCH_MAX_PV];
      int n_found = 0;

      /* A stop between iterations takes effect at once; so does the
       * depth limit, unless pondering. */
      check_limits (self);
      /* Step 8: the main searcher says where it is, a helper goes
       * ahead of it. */
      if (!self->shared_tt)
        atomic_store_explicit (&self->main_depth, depth, memory_order_relaxed);
      else
        depth = dr_search_helper_depth (self->helper_index, depth,
                                        atomic_load_explicit (&self->main->main_depth, memory_order_relaxed));
      if (self->stopped || (!self->pondering && depth > max_depth))
        break;
      self->seldepth = 0;
      self->n_excluded = 0;
      /* Step 2. */
      for (int line = 0; line < lines && !self->stopped; line++)
        {
          int window = 40, alpha, beta, score;
          DrSearchInfo *info = &found[n_found];

          if (depth >= 4 && line < result->n_lines)
            {
              alpha = previous[line] - window;
              beta = previous[line] + window;
            }
          else
            {
              alpha = -DR_SCORE_INF;
              beta = DR_SCORE_INF;
            }
          for (;;)
            {
              score = search (self, root, depth, alpha, beta, 0, true);
              if (self->stopped)
                break;
              if (score <= alpha && alpha > -DR_SCORE_INF)
                alpha = score - (window *= 4) < -DR_SCORE_INF ? -DR_SCORE_INF : score - window;
              else if (score >= beta && beta < DR_SCORE_INF)
                beta = score + (window *= 4) > DR_SCORE_INF ? DR_SCORE_INF : score + window;
              else
                break;
            }
          if (self->stopped || self->pv_length[0] == 0)
            break;
          info->depth = depth;
          info->seldepth = self->seldepth;
          info->multipv = line + 1;
          info->score = score;
          info->nodes = self->nodes + _dr_search_helper_nodes (self);
          info->time_ms = now_ms () - self->start_ms;
          info->pv_length = self->pv_length[0];
          memcpy (info->pv, self->pv[0], (size_t) info->pv_length * sizeof (DrMove));
          info->db = false;
          searched[n_found] = score;
          if (self->egdb_pieces > 0 && info->pv_length > 0)
            {
              /* The line's last position is a table's: its score is.  A
               * win the search scored from the value alone is read with
               * its distance now: within the count rules it is a win
               * (DR_SCORE_DB_WIN less the line's plies, "win": the
               * search did not minimise the distance, so the line's is
               * no "win in N"), else a win a count rule may forbid. */
              DrPosition end = *root;
              int plies = 0;
              DrEgdbValue v;

              for (int i = 0; i < info->pv_length; i++)
                dr_position_apply (&end, &end, &info->pv[i]);
              v = dr_egdb_probe_quiet (self->egdb, &end, &plies);
              info->db = v != DR_EGDB_UNKNOWN;
              if (info->db && db_band (score))
                {
                  int exact = egdb_score (self, &end, v, plies, info->pv_length);

                  if (end.turn != root->turn)
                    exact = -exact;
                  if (exact >= DR_SCORE_WON)
                    exact = DR_SCORE_DB_WIN - info->pv_length;
                  else if (exact <= -DR_SCORE_WON)
                    exact = -(DR_SCORE_DB_WIN - info->pv_length);
                  if ((exact > 0 && score > 0) || (exact < 0 && score < 0))
                    info->score = exact;
                }
            }
          self->excluded[self->n_excluded++] = info->pv[0];
          n_found++;
        }
      if (self->stopped && n_found == 0)
        break;
      /* Each line was searched with the earlier ones excluded, and search
       * instability can let a later line score higher: show them best
       * first (a stable insertion sort keeps equal scores in search order). */
      for (int i = 1; i < n_found; i++)
        for (int j = i; j > 0 && found[j - 1].score < found[j].score; j--)
          {
            DrSearchInfo swap = found[j];
            int swap_score = searched[j];

            found[j] = found[j - 1];
            found[j - 1] = swap;
            searched[j] = searched[j - 1];
            searched[j - 1] = swap_score;
          }
      for (int i = 0; i < n_found; i++)
        found[i].multipv = i + 1;
      /* A complete iteration (or the lines finished before a stop): all
       * of them are reported, but the result takes an iteration's lines
       * only when it is complete (or the first), so that its lines are
       * one iteration's, of one depth, each move once, the best first. */
      for (int i = 0; i < n_found; i++)
        {
          previous[i] = searched[i];   /* the aspiration window's centre */
          if (limits->info_func != NULL)
            limits->info_func (&found[i], limits->user_data);
        }
      if (n_found > 0 && (n_found == lines || result->n_lines == 0))
        {
          memcpy (result->lines, found, (size_t) n_found * sizeof found[0]);
          result->n_lines = n_found;
          result->best = found[0].pv[0];
          result->score = found[0].score;
          result->depth = depth;
        }
      /* A won or lost position need not be searched deeper than its end. */
      if (n_found > 0 && (found[0].score >= DR_SCORE_WON || found[0].score <= -DR_SCORE_WON)
          && DR_SCORE_WIN - abs (found[0].score) < depth)
        break;
      check_ponder (self);
      if (!self->pondering && limits->max_time_ms > 0
          && now_ms () - self->clock_ms > limits->max_time_ms / 2)
        break;
    }
  self->run_nodes = self->nodes;
  result->nodes = self->nodes + _dr_search_stop_helpers (self);
  result->time_ms = now_ms () - self->start_ms;
  free (root_list);
  return true;
}

char *
dr_score_to_string (int   score,
                    char *buf)
{
  if (score >= DR_SCORE_WON)
    snprintf (buf, 32, "win in %d", (DR_SCORE_WIN - score + 1) / 2);
  else if (score <= -DR_SCORE_WON)
    snprintf (buf, 32, "loss in %d", (DR_SCORE_WIN + score + 1) / 2);
  else if (score > DR_SCORE_DB_WIN - 1000)
    snprintf (buf, 32, "win");
  else if (score < -(DR_SCORE_DB_WIN - 1000))
    snprintf (buf, 32, "loss");
  else
    snprintf (buf, 32, "%+.2f", score / 100.0);
  return buf;
}
