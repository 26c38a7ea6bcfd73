/* dr-solve-private.h — what the solver's files share: the search context,
 * its table entries and leaves, and the functions they call across files
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dr-solve-search.c is the proof search (context and limits, the
 * transposition table, leaves, the AND/OR search); dr-solve.c reads the
 * solution tree out of it and solves; dr-solve-tree.c verifies, walks and
 * prints a solution tree; dr-solve-cook.c finds cooks and checks a stated
 * line.  Not installed, not for other modules.
 */
#pragma once

#include "dr-solve.h"

#include "dr-draw.h"
#include "dr-movegen.h"
#include "dr-search.h"

G_BEGIN_DECLS

#define MAX_PLY          512
#define NOWIN_CERTAIN    0x7fff
#define DEFAULT_DEPTH    100
#define DEFAULT_TT_MB    32
#define TREE_NODE_CAP    2000000
#define BUCKET           4
#define FINALE_CACHE     (1 << 14)

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
  DrSolveMethod         method;      /* ID or PN (the WIN goal; others ID) */
  const gint           *stop;        /* (nullable) another thread's stop: not 0 stops
                                        this solve (DR_SOLVE_STOP_CANCELLED) */

  /* Finales (dr-solve.h): the engine that judges them, made on first
   * use, and what it said, by position (hash with the verdict in bit 0;
   * 0 empty), so a finale is searched once per solve. */
  gboolean              finales;
  DrSearch             *search;
  uint64_t             *finale_keys;
  int16_t              *finale_scores;
} Ctx;

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
  int               finale_score;
} Leaf;

static inline DrEgdbValue
flip_value (DrEgdbValue v)
{
  return v == DR_EGDB_WIN ? DR_EGDB_LOSS : v == DR_EGDB_LOSS ? DR_EGDB_WIN : v;
}

/* dr-solve-search.c: the context of one solve (its table, limits and
 * line), what a position is before any search, the move order, and the
 * bounded proof search (see the comments there). */
Ctx     *_dr_solve_ctx_new          (const DrRules        *rules,
                                     const DrSolveOptions *options,
                                     DrSolveGoal           goal,
                                     DrSide                attacker);
void     _dr_solve_ctx_free         (Ctx                  *c);
void     _dr_solve_ctx_start        (Ctx                  *c);
void     _dr_solve_ctx_check        (Ctx                  *c);
Leaf     _dr_solve_classify         (Ctx                  *c,
                                     const DrPosition     *pos,
                                     unsigned              n_moves,
                                     gboolean              check_path,
                                     gboolean              root);
void     _dr_solve_order_moves      (Ctx                  *c,
                                     const DrPosition     *pos,
                                     DrMoveList           *list);
gboolean _dr_solve_finale_material  (const DrPosition     *pos,
                                     DrSide                attacker,
                                     gboolean             *defender_king);
gboolean _dr_solve_finale_score_won (int                   score,
                                     gboolean              defender_king);
Outcome  _dr_solve_search           (Ctx                  *c,
                                     const DrPosition     *pos,
                                     int                   bound,
                                     int                  *dist,
                                     gboolean             *certain,
                                     gboolean             *path_dep);

/* dr-solve.c: solving one part (with c->method), and the parts of a
 * result; the solution tree's nodes. */
void     _dr_solve_solve_part       (Ctx                  *c,
                                     DrSolvePart          *part);
void     _dr_solve_id_solve_part    (Ctx                  *c,
                                     DrSolvePart          *part);
DrSolveNode *_dr_solve_node_new     (DrSolveNode          *parent,
                                     const DrMove         *move,
                                     const DrPosition     *pos,
                                     DrSide                attacker);
void     _dr_solve_node_append      (DrSolveNode          *parent,
                                     DrSolveNode          *child);
void     _dr_solve_node_free        (DrSolveNode          *node);
guint    _dr_solve_count_finales    (const DrSolveNode    *node);

/* dr-solve-pn.c: one part of the WIN goal by df-pn (DR_SOLVE_METHOD_PN). */
void     _dr_solve_pn_solve_part    (Ctx                  *c,
                                     DrSolvePart          *part);
void     _dr_solve_part_clear       (DrSolvePart          *part);
DrSide   _dr_solve_resolve_attacker (const DrSolveOptions *options,
                                     const DrPosition     *start);
gboolean _dr_solve_check_options    (const DrRules        *rules,
                                     const DrPosition     *start,
                                     const DrSolveOptions *options,
                                     GError              **error);
char    *_dr_solve_part_message     (const DrRules        *rules,
                                     const DrSolvePart    *part);
void     _dr_solve_finish_result    (DrSolveResult        *r);

G_END_DECLS
