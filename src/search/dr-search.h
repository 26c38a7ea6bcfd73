/* dr-search.h — alpha-beta search
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * A DrSearch owns its transposition table and move-ordering tables; it has
 * no global state, so several can run at once (one per thread).  The
 * search is blocking: dr_search_run() returns the best move when a limit
 * is reached or the abort word changes (STYLE.md §6).
 */
#pragma once

#include <stdatomic.h>
#include <stddef.h>

#include "dr-egdb-probe.h"
#include "dr-eval.h"

#define DR_SEARCH_MAX_PLY 128
#define DR_SEARCH_MAX_PV  8
#define DR_SEARCH_MAX_THREADS 64

typedef struct
{
  int      depth;          /* iteration completed */
  int      seldepth;       /* deepest ply reached */
  int      multipv;        /* 1-based index of this line */
  int      score;          /* hundredths of a man, side to move's view */
  uint64_t nodes;
  uint64_t time_ms;
  int      pv_length;
  DrMove   pv[DR_SEARCH_MAX_PLY];
  bool     db;             /* the score is the endgame tables': the line
                              ends in a position they hold */
} DrSearchInfo;

typedef void (*DrSearchInfoFunc) (const DrSearchInfo *info,
                                  void               *user_data);

typedef struct
{
  int                max_depth;     /* 0: no limit */
  uint64_t           max_nodes;     /* 0: no limit */
  uint64_t           max_time_ms;   /* 0: no limit */
  int                multipv;       /* lines to report, 1 by default */
  const atomic_uint *abort_word;    /* NULL: never */
  unsigned           abort_unless;  /* abort as soon as *abort_word != this */
  DrSearchInfoFunc   info_func;     /* called on the searching thread */
  void              *user_data;
  /* Pondering (Hub "go ponder"): while *ponder_word is not 0, the depth,
   * node and time limits above do not apply and only the abort word (or
   * a proven end) stops the search; once it is 0 (the expected move was
   * played: "ponder-hit") they apply, nodes and time counted from then.
   * NULL: not pondering. */
  const atomic_uint *ponder_word;
} DrSearchLimits;

typedef struct
{
  DrMove   best;
  int      score;
  int      depth;
  uint64_t nodes;
  uint64_t time_ms;
  int      n_lines;
  DrSearchInfo lines[DR_SEARCH_MAX_PV];
} DrSearchResult;

typedef struct _DrSearch DrSearch;

/* ProbCut (dr_search_set_probcut()): at a non-PV node of depth 3 or more,
 * a search of 0.4 of the depth with the window raised by 5 hundredths a
 * ply; if it fails high, the node is cut with beta.  GUARDED keeps it away
 * from sacrifice lines: no cut at a node whose side to move has a capture
 * (the last move offered one), nor when the move that made the reduced
 * search fail high offers the opponent a capture. */
typedef enum
{
  DR_PROBCUT_OFF,
  DR_PROBCUT_PLAIN,
  DR_PROBCUT_GUARDED,
} DrProbCut;

DrSearch *dr_search_new          (const DrRules      *rules,
                                  size_t              tt_megabytes);
/* A search as the engine plays and analyses for the user: ProbCut in
 * dr_probcut_for_play()'s mode for @rules.  NULL as dr_search_new(). */
DrSearch *dr_search_new_for_play (const DrRules      *rules,
                                  size_t              tt_megabytes);
void      dr_search_free         (DrSearch           *self);
const DrRules *dr_search_get_rules (DrSearch         *self);
/* Evaluates with @weights (copied) instead of the variant's defaults;
 * NULL goes back to the defaults. */
void      dr_search_set_weights  (DrSearch           *self,
                                  const DrEvalWeights *weights);
/* Evaluates with the learned patterns @patterns (of the same variant;
 * NULL: the hand-set terms alone) added to the hand-set terms; by default
 * the weights that ship for the variant (dr_patterns_new_builtin), if any.
 * @patterns is read, not owned. */
typedef struct _DrPatterns DrPatterns;
void      dr_search_set_patterns (DrSearch           *self,
                                  const DrPatterns   *patterns);
const DrPatterns *dr_search_get_patterns (DrSearch   *self);
/* Probes @egdb (of the same variant; NULL: none) at every node but the
 * root whose side to move has no capture and whose pieces it covers: the
 * node is scored exactly, a win or loss as won or lost in the tables'
 * distance, unless a count rule of the variant may apply to its material
 * and the win takes longer than the rule's limit (dr_egdb_count_limit);
 * such a node gets a large score that is not a proven win.  The tables
 * are read, not owned; they must outlive the search's use of them.
 * Without tables the search is exactly what it was (bench signature). */
void      dr_search_set_egdb     (DrSearch           *self,
                                  const DrEgdb       *egdb);
/* Searches on @threads threads (Lazy SMP: helpers sharing the table, see
 * dr-search.c); 1 by default.  With more than one the node counts and
 * lines vary from run to run.  FALSE when memory runs out. */
bool      dr_search_set_threads  (DrSearch           *self,
                                  int                 threads);
int       dr_search_get_threads  (DrSearch           *self);
/* The nodes thread @thread (0: the calling thread, 1 ...: the helpers)
 * searched in the last dr_search_run(); the result's node count is their
 * sum.  0 for a thread that is not there. */
uint64_t  dr_search_get_thread_nodes (DrSearch       *self,
                                      int             thread);
/* ProbCut: off by default.  Helpers follow at the next dr_search_run(). */
void      dr_search_set_probcut  (DrSearch           *self,
                                  DrProbCut           mode);
DrProbCut dr_search_get_probcut  (DrSearch           *self);
/* "off", "plain", "guarded" (FALSE for any other name). */
bool      dr_probcut_from_name   (const char         *name,
                                  DrProbCut          *mode);
/* The mode the engine plays and analyses with in @rules' variant: what
 * won its match against OFF at equal time (README, "ProbCut").  A new
 * search is OFF, the exact search that solving, the book's checks and
 * the tests' recorded figures rely on; the front ends that play or
 * analyse for the user set this. */
DrProbCut dr_probcut_for_play    (const DrRules      *rules);
/* Lazy SMP: the iteration helper @helper (1, 2, ...) searches next, at
 * @depth or deeper, while the main thread is on iteration @main_depth:
 * always ahead of it, some helpers skipping iterations (see step 8 in
 * dr-search.c). */
int       dr_search_helper_depth (int                 helper,
                                  int                 depth,
                                  int                 main_depth);
/* Forgets what earlier searches learnt (a new game). */
void      dr_search_clear        (DrSearch           *self);
/* The positions of the game before the root (oldest first), for
 * repetitions. */
void      dr_search_set_history  (DrSearch           *self,
                                  const DrPosition   *positions,
                                  size_t              n);
/* Searches @root; returns FALSE if it has no legal move.  Node counts are
 * the same from run to run for a fixed depth. */
bool      dr_search_run          (DrSearch           *self,
                                  const DrPosition   *root,
                                  const DrSearchLimits *limits,
                                  DrSearchResult     *result);

/* "+1.25", "-0.40", "win in 7", "loss in 4" into @buf (32 bytes); "win"
 * or "loss" for a win the endgame tables see without its distance
 * (DR_SCORE_DB_WIN). */
char     *dr_score_to_string     (int                 score,
                                  char               *buf);
