/* dr-wide-search.h — alpha-beta search on the wide boards (dr-wide.h)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * Canadian draughts (International rules on 12x12) has no DrRules, so the
 * 64-bit search of dr-search.h cannot play it.  This is a compact search
 * of its own on DrWidePosition, for any size dr-wide.h plays: iterative
 * deepening, negamax alpha-beta with principal variation search, captures
 * searched in full at the horizon, a transposition table keyed by a
 * Zobrist hash, and a general hand-set evaluation (dr-wide-search.c says
 * what it knows).  Scores are in dr-eval.h's units, from the side to
 * move's view: dr_score_to_string() writes them.  One thread; no global
 * state, so several searches may run at once.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dr-eval.h"
#include "dr-wide.h"

#define DR_WIDE_SEARCH_MAX_PLY 64

typedef struct
{
  int        depth;        /* iteration completed */
  int        seldepth;     /* deepest ply reached */
  int        score;        /* hundredths of a man, side to move's view */
  uint64_t   nodes;
  uint64_t   time_ms;
  int        pv_length;
  DrWideMove pv[DR_WIDE_SEARCH_MAX_PLY];
} DrWideSearchInfo;

typedef void (*DrWideSearchInfoFunc) (const DrWideSearchInfo *info,
                                      void                   *user_data);

typedef struct
{
  int                  max_depth;     /* 0: up to DR_WIDE_SEARCH_MAX_PLY - 1 */
  uint64_t             max_nodes;     /* 0: no limit */
  uint64_t             max_time_ms;   /* 0: no limit */
  const atomic_uint   *abort_word;    /* NULL: never */
  unsigned             abort_unless;  /* abort as soon as *abort_word != this */
  DrWideSearchInfoFunc info_func;     /* after each completed iteration */
  void                *user_data;
} DrWideSearchLimits;

typedef struct
{
  DrWideMove best;
  int        score;
  int        depth;       /* of the last completed iteration */
  uint64_t   nodes;
  uint64_t   time_ms;
} DrWideSearchResult;

typedef struct _DrWideSearch DrWideSearch;

/* A search with a table of about @tt_megabytes (at least 1); NULL when
 * memory runs out. */
DrWideSearch *dr_wide_search_new   (size_t                    tt_megabytes);
void          dr_wide_search_free  (DrWideSearch             *self);
/* Searches @root until a limit is reached; the first iteration always
 * completes, so --nodes may be overshot by its size.  The result is the
 * last completed iteration's.  FALSE when @root has no legal move (the
 * side to move has lost, 004 1.8.1 via 2.1). */
bool          dr_wide_search_run   (DrWideSearch             *self,
                                    const DrWidePosition     *root,
                                    const DrWideSearchLimits *limits,
                                    DrWideSearchResult       *result);
/* The static evaluation of @pos, side to move's view. */
int           dr_wide_evaluate     (const DrWidePosition     *pos);
/* The Zobrist key of @pos (the search's table key). */
uint64_t      dr_wide_hash         (const DrWidePosition     *pos);
