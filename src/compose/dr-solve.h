/* dr-solve.h — the composition solver: proves a stipulation, finds cooks
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What it does (issue 12, "Solver"; 004 section VI).  dr_solve() proves or
 * refutes a stipulation of a composition: "White to play and win", a draw
 * study, a locking task (6.1.3) or one of the special kinds of 6.1.4 that
 * are stipulations (Black moves first, a win whichever side moves, "White
 * to move wins, Black to move draws", the giveaway task).  The answer is
 * game-theoretic, never the search's guess:
 *
 *   PROVED     with the solution tree: in every position where the attacker
 *              is to move ONE move that keeps the win (the key at the root),
 *              in every position where the defender is to move ALL its
 *              legal moves, down to leaves that say why they are won (the
 *              game is over, the tables say so, the lock is made).  The tree
 *              is checked with dr_solve_verify_tree() before PROVED is
 *              returned: a tree that fails is never reported as a proof.
 *   REFUTED    with a refutation line: the attacker's try and the defender's
 *              answers down to a position that is not won (the attacker has
 *              no move, the tables say draw or loss, a lock with the wrong
 *              material).  Only when every attacker move is refuted with
 *              certainty (no depth horizon was involved).
 *   UNDECIDED  the limits (nodes, time, depth) ran out or the search was
 *              cancelled: how far it got is in the result (nodes, seconds,
 *              and the lower bound: no solution within that many attacker
 *              moves).
 *
 * How.  For the WIN goal by default depth-first proof-number search
 * (DrSolveMethod, dr-solve-pn.c); otherwise, and with DR_SOLVE_METHOD_ID,
 * an iterative-deepening depth-first AND/OR proof search: the bound
 * is the number of attacker moves; attacker nodes are OR nodes, defender
 * nodes AND nodes over every legal reply (capture obligation and the
 * variant's capture choice by dr-movegen).  Attacker moves are ordered as
 * df-pn initialises proof numbers (fewest defender replies first, captures
 * and forcing moves first).  A transposition table keyed by the Zobrist
 * hash stores, per position and side to move, the shortest proven distance
 * and the largest depth proven not to suffice.  Both are path-independent
 * (the search does not look at the moves before the position), so the
 * table is free of the graph-history-interaction problem.  The solution
 * tree is then read from the table choosing, at attacker nodes, the child
 * with the shortest proven distance, so the distance falls strictly along
 * every line: the tree has no repetition, and dr_solve_verify_tree() checks
 * every line of it against the variant's draw rules (dr-draw.h) from the
 * start position.
 *
 * Endgame tables.  With DrSolveOptions.egdb a position inside the tables is
 * a leaf with the table's value.  A table WIN proves a WIN goal only when
 * the probe's count-rule remark is NULL (DrEgdbProbe.count_rule: no count
 * rule of the variant, such as 004 1.9.1.3's fifteen moves of three kings
 * against one, can end the game as a draw before the table's win arrives);
 * a table win with a count-rule remark is not a proof of a win (the search
 * goes on below it), but it is a success for a DRAW goal.  A table DRAW or
 * LOSS for the attacker is a certain failure of a WIN or LOCK goal; a table
 * WIN or DRAW for the attacker is a success of a DRAW goal.  The tables are
 * not used for the GIVEAWAY goal unless the rules are themselves a giveaway
 * variant (their value is for the variant's own game end).  The start
 * position itself is never a table leaf: a composition inside the tables
 * is searched one move deep, so it gets its key (among moves into table
 * wins, the end of the game first, then the tables' fastest win).
 *
 * Repetition.  A WIN, LOCK or GIVEAWAY proof never contains a repeated
 * position (see above).  For the DRAW goal a position that repeats one on
 * the current line, or in which one of the variant's draw rules holds
 * (dr_game_status() on the line from the start), is a success for the
 * attacker; these results depend on the line and are never stored in the
 * transposition table, nor is any failure of the DRAW goal (a rule that
 * counts moves holds sooner on a longer line, so a position that fails
 * within a bound on one line may draw on another).
 *
 * Threads.  dr_solve() runs on the calling thread (call it from a worker
 * thread in an application); the progress callback is called on that
 * thread.  With finales and DrSolveOptions.threads >= 2 it also starts
 * one thread of its own for the complete proof, joined before it returns.
 * Results are plain data and may be handed to another thread.
 * Several solves may run at once: there is no global state.
 */
#pragma once

#include <gio/gio.h>

#include "dr-egdb.h"
#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_SOLVE_ERROR (dr_solve_error_quark ())

typedef enum
{
  DR_SOLVE_ERROR_INVALID,       /* bad options or an illegal start position */
  DR_SOLVE_ERROR_ILLEGAL_LINE,  /* a stated line has a move that is not legal */
  DR_SOLVE_ERROR_VERIFY,        /* dr_solve_verify_tree(): the tree is not a proof */
} DrSolveError;

GQuark       dr_solve_error_quark      (void);

/* The stipulation.  The first four are simple goals; the last two are
 * compound (6.1.4) and are solved as two parts (DrSolveResult.parts). */
typedef enum
{
  DR_SOLVE_GOAL_WIN,         /* the attacker wins: the defender, to move, has no
                                legal move (in a giveaway variant the rules turn
                                this round: the attacker, to move, has none) */
  DR_SOLVE_GOAL_DRAW,        /* the attacker draws at least (études) */
  DR_SOLVE_GOAL_LOCK,        /* task, 6.1.3 and 6.2.8.2: the defender, to move, has
                                no legal move and exactly lock_men men and
                                lock_kings kings on the board (a lock with other
                                material, or capturing everything, fails) */
  DR_SOLVE_GOAL_GIVEAWAY,    /* task with the reverse aim, 6.1.4 "поддавки": the
                                attacker, to move, has no legal move (all its
                                pieces captured or locked), under the variant's
                                ordinary move rules */
  DR_SOLVE_GOAL_WIN_EITHER,  /* 6.1.4: the attacker wins whichever side moves:
                                part 0 the position as given, part 1 the other
                                side to move, both DR_SOLVE_GOAL_WIN */
  DR_SOLVE_GOAL_WIN_OR_DRAW, /* 6.1.4: the attacker to move wins (part 0, WIN),
                                the defender to move, the attacker draws
                                (part 1, DRAW), whoever is to move in the FEN */
} DrSolveGoal;

/* Who the attacker ("White" of the stipulation) is.  Black moves first
 * (6.1.4): a position with Black to move and DR_SOLVE_ATTACKER_WHITE. */
typedef enum
{
  DR_SOLVE_ATTACKER_TO_MOVE, /* the side to move in the start position */
  DR_SOLVE_ATTACKER_WHITE,
  DR_SOLVE_ATTACKER_BLACK,
} DrSolveAttacker;

typedef enum
{
  DR_SOLVE_UNDECIDED,
  DR_SOLVE_PROVED,
  DR_SOLVE_REFUTED,
  DR_SOLVE_WON_FINALES,  /* DrSolveOptions.finales: a solution tree whose lines
                            end in the game's end, the tables' win, or a finale
                            (004 6.2.7.2) the engine judges won (see below);
                            never called proved */
} DrSolveStatus;

/* Finales (004 6.2.7.2; issue 24).  A problem's solution ends at its
 * finale, not at the end of the game: the position after White's
 * combination, Black to make a non-capturing move.  With
 * DrSolveOptions.finales (WIN goal only) a position is a won finale, a
 * leaf of the solution tree (DR_SOLVE_LEAF_FINALE), when all of these hold:
 *   - the defender is to move and has no capture, and it is not the start;
 *   - the tables do not hold it (where they do, their value decides);
 *   - the attacker is at least DR_SOLVE_FINALE_MIN_MEN men ahead, a king
 *     of either side counted as DR_SOLVE_FINALE_KING_MEN men;
 *   - the engine (dr_search(), one thread, its table cleared, the endgame
 *     tables when given) searched to DR_SOLVE_FINALE_DEPTH plies scores it
 *     at least DR_SOLVE_FINALE_MIN_SCORE (hundredths of a man) for the
 *     attacker when the defender has no king; when the defender has one,
 *     only a win the engine sees (DR_SCORE_WON and above: the end of the
 *     game or the tables' win within its search) will do, as kings
 *     against a king are often a draw whatever the material.
 * A tree with such a leaf is DR_SOLVE_WON_FINALES, not PROVED. */
#define DR_SOLVE_FINALE_MIN_MEN    2
#define DR_SOLVE_FINALE_KING_MEN   3
#define DR_SOLVE_FINALE_DEPTH      6
#define DR_SOLVE_FINALE_MIN_SCORE  200

/* How the WIN goal is searched (issue 24, "The search").
 *   ID  the iterative-deepening proof search described above;
 *   PN  depth-first proof-number search (df-pn): proof and disproof
 *       numbers in a transposition table of their own, children first
 *       valued by mobility (an attacker move's proof number is the number
 *       of the defender's replies, so sacrifices answered by a forced
 *       capture count as one), the 1+epsilon trick (epsilon 1/4) against
 *       thrashing, finales and the tables as terminal wins.  A position
 *       repeating one on the line counts as not won there (never stored as
 *       such beyond it), so df-pn's "no" is not certain: when it disproves
 *       the start, iterative deepening decides with the limits left.  The
 *       solution tree is read out of df-pn's table (children re-proved
 *       where the table lost them) and verified as any other.
 * Other goals are always searched with ID. */
typedef enum
{
  DR_SOLVE_METHOD_DEFAULT,   /* PN */
  DR_SOLVE_METHOD_ID,
  DR_SOLVE_METHOD_PN,
} DrSolveMethod;

const char  *dr_solve_method_to_string   (DrSolveMethod  method);  /* "id", "pn" */
gboolean     dr_solve_method_from_string (const char    *text,
                                          DrSolveMethod *method);

/* TRUE for PROVED and WON_FINALES: the goal was reached on every line. */
gboolean     dr_solve_status_is_won    (DrSolveStatus status);

/* Why a solve stopped without a verdict (DR_SOLVE_UNDECIDED), or how it
 * ended. */
typedef enum
{
  DR_SOLVE_STOP_DONE,         /* proved or refuted */
  DR_SOLVE_STOP_NODES,        /* DrSolveOptions.max_nodes reached */
  DR_SOLVE_STOP_TIME,         /* DrSolveOptions.max_seconds reached */
  DR_SOLVE_STOP_DEPTH,        /* DrSolveOptions.max_depth reached */
  DR_SOLVE_STOP_CANCELLED,    /* the GCancellable was cancelled */
  DR_SOLVE_STOP_UNVERIFIED,   /* a tree was found but failed dr_solve_verify_tree()
                                 (a draw rule on a line): not a proof */
  DR_SOLVE_STOP_TREE_SIZE,    /* a win was found, but its tree (every defence) has
                                 more positions than a tree is allowed (2,000,000):
                                 not kept, so not called proved */
} DrSolveStop;

/* Progress, called on the solving thread about ten times a second. */
typedef struct
{
  guint     part;            /* 0 or 1 (compound goals) */
  int       depth;           /* the current bound, in attacker moves */
  guint64   nodes;           /* positions visited so far (all parts) */
  guint64   tt_hits;
  double    seconds;         /* elapsed */
} DrSolveProgress;

typedef void (*DrSolveProgressFunc) (const DrSolveProgress *progress,
                                     gpointer               user_data);

typedef struct
{
  DrSolveGoal         goal;
  DrSolveAttacker     attacker;
  int                 lock_men;      /* LOCK: the defender's men left locked; -1 any number */
  int                 lock_kings;    /* LOCK: the defender's kings left locked; -1 any number */
  guint64             max_nodes;     /* 0: no limit */
  double              max_seconds;   /* 0: no limit */
  int                 max_depth;     /* in attacker moves; 0: 100 */
  guint               tt_mb;         /* transposition table size; 0: 32 MiB */
  const DrEgdb       *egdb;          /* (nullable), borrowed: must outlive the result */
  GCancellable       *cancellable;   /* (nullable) */
  DrSolveProgressFunc progress;      /* (nullable) */
  gpointer            progress_data;
  gboolean            finales;       /* WIN goal: won finales end a line (see
                                        DR_SOLVE_WON_FINALES); other goals ignore it */
  guint               threads;       /* 0, 1: one; 2 or more with finales: a
                                        complete proof searched beside the
                                        finales' on a second thread */
  DrSolveMethod       method;        /* the WIN goal's search (see DrSolveMethod) */
} DrSolveOptions;

/* Defaults: WIN for the side to move, any lock material, no limits but
 * max_depth 100, 32 MiB table, no tables, no progress, no finales, one
 * thread. */
void         dr_solve_options_init     (DrSolveOptions   *options);

/* Why a leaf of the solution tree is won for the attacker (or, in a
 * refutation, why it is not). */
typedef enum
{
  DR_SOLVE_LEAF_NONE,        /* not a leaf: the node has children */
  DR_SOLVE_LEAF_NO_MOVE,     /* the side to move has no legal move: the game is
                                over (WIN goal, GIVEAWAY goal, or a refutation) */
  DR_SOLVE_LEAF_LOCK,        /* LOCK goal: the defender is locked with the stated material */
  DR_SOLVE_LEAF_WRONG_LOCK,  /* refutation: locked or captured with other material */
  DR_SOLVE_LEAF_EGDB,        /* the tables' value (egdb_value, egdb_plies) */
  DR_SOLVE_LEAF_REPETITION,  /* DRAW goal: the position repeats one on the line */
  DR_SOLVE_LEAF_DRAW_RULE,   /* DRAW goal: a draw rule holds (draw_rule) */
  DR_SOLVE_LEAF_FINALE,      /* a won finale (004 6.2.7.2, DrSolveOptions.finales):
                                finale_score at DR_SOLVE_FINALE_DEPTH */
} DrSolveLeaf;

typedef struct _DrSolveNode DrSolveNode;

/* A node of the solution tree, as DrGameNode: first child and next
 * sibling.  At attacker nodes one child (the winning move); at defender
 * nodes one child for every legal move, in the move generator's order. */
struct _DrSolveNode
{
  DrSolveNode      *parent;
  DrSolveNode      *children;         /* first child */
  DrSolveNode      *next;             /* next sibling */
  DrMove            move;             /* the move that led here (not set on the root) */
  DrPosition        position;         /* the position after the move */
  guint             ply;              /* plies from the root */
  gboolean          attacker_to_move; /* in @position */
  int               distance;         /* attacker moves to the end of the longest line below */
  DrSolveLeaf       leaf;
  DrEgdbValue       egdb_value;       /* LEAF_EGDB: for the side to move in @position */
  int               egdb_plies;       /* LEAF_EGDB: the table's distance */
  const DrDrawRule *draw_rule;        /* LEAF_DRAW_RULE */
  int               finale_score;     /* LEAF_FINALE: the engine's score for the
                                         attacker, hundredths of a man */
};

/* One part of a result: one start position, one simple goal. */
typedef struct
{
  DrPosition     start;
  DrSolveGoal    goal;        /* WIN, DRAW, LOCK or GIVEAWAY */
  DrSide         attacker;
  DrSolveStatus  status;
  DrSolveStop    stop;
  int            distance;    /* PROVED: attacker moves of the longest line */
  int            lower_bound; /* not PROVED: no solution within this many attacker moves */
  int            found_depth; /* STOP_TREE_SIZE: the attacker moves of the win found */
  DrSolveNode   *tree;        /* PROVED: the solution tree (root: @start, no move) */
  GArray        *refutation;  /* REFUTED: DrMove, from @start: the attacker's try,
                                 the defender's answer, ... down to a leaf */
  DrSolveLeaf    refutation_leaf; /* why the refutation line's last position is not won */
  guint          n_finales;   /* WON_FINALES: the tree's finale leaves */
  DrSolveMethod  method;      /* the search that gave the verdict (ID or PN) */
  guint32        root_pn;     /* PN, UNDECIDED: the start's proof and disproof */
  guint32        root_dn;     /*   numbers when the limits ran out */
  guint64        nodes;
  double         seconds;
} DrSolvePart;

typedef struct _DrSolveResult DrSolveResult;

struct _DrSolveResult
{
  const DrRules *rules;
  DrSolveGoal    goal;        /* as asked */
  int            lock_men;
  int            lock_kings;
  const DrEgdb  *egdb;        /* borrowed from the options, for verifying */
  DrSolveStatus  status;      /* PROVED if every part is, REFUTED if one is, else
                                 WON_FINALES if every part is won, else UNDECIDED */
  DrSolveStop    stop;        /* the first part's that is not DONE, else DONE */
  char          *message;     /* one line for people: the verdict and why */
  guint64        nodes;       /* all parts */
  double         seconds;
  guint          n_parts;     /* 1, or 2 for the compound goals */
  DrSolvePart    parts[2];
};

/* Solves @start under @rules.  FALSE/NULL with @error only for bad input
 * (an invalid position, lock counts on a goal that is not LOCK, tables of
 * another variant); running out of limits or being cancelled is a result
 * (UNDECIDED), not an error. */
DrSolveResult *dr_solve               (const DrRules        *rules,
                                       const DrPosition     *start,
                                       const DrSolveOptions *options,
                                       GError              **error);
void           dr_solve_result_free   (DrSolveResult        *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrSolveResult, dr_solve_result_free)

/* The first part's tree (NULL unless proved) and its key move, the
 * root's child's move (NULL unless proved, or if the attacker is not to
 * move at the root: then the tree starts with the defender's moves). */
const DrSolveNode *dr_solve_result_get_tree (const DrSolveResult *result);
const DrMove      *dr_solve_result_get_key  (const DrSolveResult *result);

/* Re-checks every part's tree of @result with the move generator: every
 * attacker node has exactly one child, a legal move; every defender node
 * has exactly its legal moves as children; positions follow from moves;
 * every leaf is what it says (no move, the lock with the stated material,
 * the tables' value probed again with no count-rule remark for a win, a
 * repetition of an ancestor, a draw rule holding on the line); no line
 * meets a draw rule before its end (WIN, LOCK, GIVEAWAY).  TRUE when the
 * result is not PROVED and has no tree. */
gboolean       dr_solve_verify_tree   (const DrSolveResult  *result,
                                       GError              **error);

/* Walking the tree. */
guint              dr_solve_node_n_children (const DrSolveNode *node);
const DrSolveNode *dr_solve_node_nth_child  (const DrSolveNode *node,
                                             guint              n);
const DrSolveNode *dr_solve_node_find_child (const DrSolveNode *node,
                                             const DrMove      *move);
/* The move that led to @node in the variant's notation (disambiguated
 * against the parent's legal moves); NULL at the root. */
char              *dr_solve_node_move_text  (const DrRules     *rules,
                                             const DrSolveNode *node,
                                             DrNotation         notation);
/* The number of nodes in the tree under @node, @node included. */
guint              dr_solve_node_count      (const DrSolveNode *node);

/* The whole result as indented text, one move a line, leaves annotated
 * ("# locked", "# tables: win in 7"), as the CLI prints it. */
char          *dr_solve_result_format (const DrSolveResult  *result,
                                       DrNotation            notation,
                                       gboolean              with_tree);

const char    *dr_solve_goal_to_string   (DrSolveGoal  goal);   /* "win", "draw", "lock", ... */
gboolean       dr_solve_goal_from_string (const char  *text,
                                          DrSolveGoal *goal);
/* The attacker a collection states with a PDN Result tag (issue 24): the
 * winner it names, read in @rules (English "0-1" is a win for White, the
 * second player; 004 6.1.4: Black may move first in a problem White
 * wins), or DR_SOLVE_ATTACKER_TO_MOVE for a draw, "*", NULL or anything
 * else. */
DrSolveAttacker dr_solve_attacker_from_result (const DrRules *rules,
                                               const char    *result);
const char    *dr_solve_status_to_string (DrSolveStatus status); /* "proved", "refuted", "undecided" */
const char    *dr_solve_stop_to_string   (DrSolveStop  stop);
const char    *dr_solve_leaf_to_string   (DrSolveLeaf  leaf);

/* Cooks and duals (6.2.6, 6.2.7.3). */
typedef enum
{
  DR_SOLVE_COOK_FULL,     /* another first move wins, or another attacker move
                             before the solution branches (6.2.6) */
  DR_SOLVE_COOK_PARTIAL,  /* another attacker move wins in a variation (6.2.6) */
} DrSolveCookKind;

/* International only (6.2.7.3): alternatives the code allows, not cooks.
 * A final king capture to other squares of the same diagonal is a partial
 * cook (DR_SOLVE_DUAL_NONE, final_king_capture set). */
typedef enum
{
  DR_SOLVE_DUAL_NONE,                /* a cook */
  DR_SOLVE_DUAL_ALTERNATIVE_MOVE,    /* a two-move route of one piece to the same
                                        square through other squares */
  DR_SOLVE_DUAL_ALTERNATIVE_CAPTURE, /* a capture to the same square along another route */
} DrSolveDual;

typedef struct
{
  DrSolveCookKind kind;
  DrSolveDual     dual;               /* not NONE: allowed, listed for information */
  gboolean        final_king_capture; /* the line's last attacker move, a king capture
                                         landing elsewhere on the same diagonal */
  guint           line_index;         /* index in the stated line of the attacker move
                                         it replaces (0: the first move) */
  DrPosition      before;             /* the position the alternative is played in */
  DrMove          stated;             /* the line's move there (unset if the line
                                         ended: then line_index == n_line) */
  DrMove          move;               /* the alternative */
  DrSolveStatus   status;             /* PROVED or WON_FINALES: a cook; UNDECIDED: the limits did not
                                         tell (a possible cook) */
  DrSolveResult  *proof;              /* the solve of the position after @move
                                         (defender to move, attacker fixed) */
  const char     *article;            /* "6.2.6" or "6.2.7.3" */
} DrSolveCook;

void       dr_solve_cook_free         (DrSolveCook          *cook);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrSolveCook, dr_solve_cook_free)

/* The cooks of the stipulation in @options from @start: every other
 * attacker move at the first move that also wins (full cooks), and, with a
 * stated solution @line (@n_line moves from @start, the PDN main line; may
 * be NULL/0), at every attacker move of the line every other attacker move
 * that also wins: a full cook while the defender's moves so far were all
 * forced (only legal move), a partial cook after the solution branches.
 * Each alternative is solved with @options' limits (per alternative).  An
 * array of DrSolveCook, in line order; empty when there is none.  Simple
 * goals only (WIN, DRAW, LOCK, GIVEAWAY).  NULL with @error when a move of
 * @line is not legal (DR_SOLVE_ERROR_ILLEGAL_LINE, saying which). */
GPtrArray *dr_solve_cooks             (const DrRules        *rules,
                                       const DrPosition     *start,
                                       const DrMove         *line,
                                       guint                 n_line,
                                       const DrSolveOptions *options,
                                       GError              **error);

/* Checking a stated solution line against the proof. */
typedef struct
{
  guint         n_line;          /* moves in the line */
  gboolean      legal;           /* every move legal */
  guint         first_illegal;   /* index of the first illegal move, else n_line */
  gboolean      follows_proof;   /* every attacker move keeps the goal proved */
  guint         first_wrong;     /* index of the first attacker move after which the
                                    goal is not proved (refuted or undecided), else n_line */
  DrSolveStatus wrong_status;    /* its status: REFUTED (spoils it) or UNDECIDED */
  DrPosition    final;           /* the position at the end of the line */
  DrSolveLeaf   final_leaf;      /* the final is a leaf of the goal (NO_MOVE, LOCK,
                                    EGDB ...) or LEAF_NONE */
  DrSolveStatus final_status;    /* the goal from the final: PROVED if it is won there */
} DrSolveLineCheck;

/* Plays @line from @start and checks it: the moves are legal, after every
 * attacker move the goal is still proved (a solve of that position with
 * @options' limits), and the final position is won (a leaf of the goal, or
 * proved).  Simple goals only.  FALSE with @error only for bad options;
 * an illegal move is reported in @check. */
gboolean   dr_solve_check_line        (const DrRules        *rules,
                                       const DrPosition     *start,
                                       const DrMove         *line,
                                       guint                 n_line,
                                       const DrSolveOptions *options,
                                       DrSolveLineCheck     *check,
                                       GError              **error);

G_END_DECLS
