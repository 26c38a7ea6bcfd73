/* dr-search-private.h — what dr-search.c, dr-search-smp.c and dr-search-wide.c share
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.  The searcher's state (struct _DrSearch),
 * its table entry and its move lists, and the package-internal functions
 * by which dr-search.c hands the Lazy SMP helpers (dr-search-smp.c) and
 * Canadian positions (dr-search-wide.c) their work.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dr-movegen.h"
#include "dr-search.h"
#include "dr-wide-search.h"

/* The move lists of consecutive plies, this many bytes apart: whole cache
 * lines, an odd number of them modulo 64, so that the few lines each ply
 * uses fall in different sets of a 32 KiB L1 cache.  (A DrMoveList is
 * 32 KiB and a little: packed together, the start of every list fell in
 * the same few sets and the lists of a line evicted one another.) */
#define LIST_STRIDE ((sizeof (DrMoveList) + 63) / 64 * 64 + 8 * 64)

/* A table entry is two words that the threads of a search (Lazy SMP)
 * read and write without a lock, each word atomically (relaxed: plain
 * moves on x86): @data packs the score, depth, bound and move, and @check
 * is the position's lock (the hash's upper half) xor @data folded to 32
 * bits.  A reader checks @check against its own lock and the @data it
 * read, so a pair of words from two different writes (one thread's @data,
 * another's @check) is seen as a miss, not trusted (Hyatt and Mann's
 * lockless hashing). */
typedef struct
{
  _Atomic uint64_t data;
  _Atomic uint64_t check;
} TTEntry;             /* 16 bytes: four to a cache line, none across two */

struct _DrSearch
{
  const DrRules       *rules;
  const DrEvalWeights *weights;
  DrEvalWeights        own_weights;          /* set by dr_search_set_weights */
  DrEvalTables         eval_tables;
  const DrPatterns    *patterns;             /* NULL: the hand-set terms only */
  DrPatterns          *builtin_patterns;     /* owned: the shipped weights */
  TTEntry             *tt;
  size_t               tt_mask;
  int32_t              history[2][64][64];
  int                  killers[DR_SEARCH_MAX_PLY][2][2];   /* from, to */

  /* The game before the root: hashes, and plies since the last
   * irreversible move at each. */
  uint64_t            *game_hashes;
  size_t               n_game;
  int                  game_reversible;

  /* The current line. */
  uint64_t             path[DR_SEARCH_MAX_PLY + 1];
  int                  reversible[DR_SEARCH_MAX_PLY + 1];
  int                  draw_plies;           /* king-only plies that draw, 0 for none */

  unsigned char       *lists;                /* a DrMoveList per ply, LIST_STRIDE apart */
  DrMove               pv[DR_SEARCH_MAX_PLY][DR_SEARCH_MAX_PLY];
  int                  pv_length[DR_SEARCH_MAX_PLY];

  const DrSearchLimits *limits;
  uint64_t             nodes;
  uint64_t             start_ms;
  bool                 pondering;            /* the limits wait for the ponder word */
  uint64_t             clock_ms;             /* the limits count from here: the start, */
  uint64_t             clock_nodes;          /* or the ponder-hit */
  bool                 stopped;
  int                  seldepth;
  DrMove               excluded[DR_SEARCH_MAX_PV];
  int                  n_excluded;

  void                *tt_map;               /* the table's mapping, if mapped */
  size_t               tt_map_length;

  const DrEgdb        *egdb;                 /* endgame tables, or NULL */
  int                  egdb_pieces;          /* the pieces they cover; 0 without */
  /* A node at this ply of the current line is probed with its distance
   * (the root is in the tables, and the line from the root's move on is
   * forced captures); else for its value alone. */
  bool                 exact_probe[DR_SEARCH_MAX_PLY + 1];

  /* Lazy SMP (dr_search_set_threads()): the helpers search the same root
   * on threads of their own, sharing this searcher's table, until it
   * stops them through @smp_stop.  A helper has @shared_tt, its number
   * @helper_index (1, 2, ...) and @main; the main searcher publishes the
   * depth of the iteration it is on in @main_depth, and each helper
   * chooses its next iteration from it (dr_search_helper_depth()). */
  DrSearch           **helpers;
  int                  n_helpers;
  bool                 shared_tt;
  int                  first_depth;
  int                  helper_index;
  DrSearch            *main;
  atomic_int           main_depth;
  atomic_uint          smp_stop;
  _Atomic uint64_t     published_nodes;      /* this searcher's nodes, every 1,024 */
  uint64_t             run_nodes;            /* its own nodes in the last run */
  void                *helper_runs;          /* HelperRun[n_helpers] while searching */

  /* Where a man of each side (DrSide) is one step from the crowning row
   * (step 4). */
  DrBitboard           pre_promotion[2];

  DrProbCut            probcut;              /* dr_search_set_probcut() */
  DrBitboard           drawish;              /* dr_eval_drawish_squares() */
  int                  probcut_nest;         /* ProbCut searches under way below */
  /* Canadian draughts (rules->geometry->wide): dr_search_run() hands the
   * position to dr-wide-search.h, and nothing else is allocated.  Last, so
   * the other fields keep their offsets. */
  DrWideSearch        *wide;
};

static inline DrMoveList *
list_at (DrSearch *self,
         int       ply)
{
  return (DrMoveList *) (void *) (self->lists + (size_t) ply * LIST_STRIDE);
}

/* dr-search.c */
void      _dr_search_set_rules      (DrSearch             *self,
                                     const DrRules        *rules);

/* dr-search-smp.c: Lazy SMP's helpers (step 8 in dr-search.c). */
void      _dr_search_free_helpers   (DrSearch             *self);
void      _dr_search_start_helpers  (DrSearch             *self,
                                     const DrPosition     *root,
                                     const DrSearchLimits *limits);
uint64_t  _dr_search_helper_nodes   (DrSearch             *self);
uint64_t  _dr_search_stop_helpers   (DrSearch             *self);

/* dr-search-wide.c: Canadian draughts, handed to dr-wide-search.h. */
bool      _dr_search_wide_init      (DrSearch             *self,
                                     const DrRules        *rules,
                                     size_t                tt_megabytes);
void      _dr_search_wide_free      (DrSearch             *self);
bool      _dr_search_wide_run       (DrSearch             *self,
                                     const DrPosition     *root,
                                     const DrSearchLimits *limits,
                                     DrSearchResult       *result);
