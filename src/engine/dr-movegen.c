/* dr-movegen.c — legal move generation for every variant
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The diagonal variants share one generator (dr-movegen-diag.h), included
 * here once per set of rule flags; Turkish draughts, orthogonal on all 64
 * squares, has its own below.  dr-rules.c points each DrRules at its
 * instantiation.
 */

#include "dr-movegen.h"

#include "dr-bitboard.h"
#include "dr-movegen-private.h"


/* State of one capture search: the pieces that can be taken, the free
 * squares, the route so far and the best score under the choice rule. */
typedef struct
{
  DrMoveList *list;
  DrBitboard  opp;        /* the opponent's pieces */
  DrBitboard  opp_kings;
  DrBitboard  empty;      /* free squares, the mover's origin included */
  DrBitboard  promo;      /* where the mover's men are crowned */
  int         from;
  int         side;
  int         by_king;    /* the moving piece is a king */
  int64_t     best;       /* best capture score so far, -1 for none */
  uint8_t     path[DR_MAX_JUMPS];
} DrGenCtx;

int
dr_frisian_capture_value (int men,
                          int kings)
{
  /* KNDB Frisian rules art. 11: n kings are worth less than 2n men and
   * more than 2n - 1 men.  With a man worth M > 20 (at most 20 pieces are
   * taken) and a king 2M - 1, both hold and no two different mixes tie. */
  return 32 * men + 63 * kings;
}

/* International draughts and antidraughts: 004 II, 003. */
#define G(x) intl_##x
#define HALF 5
#define MAN_BACK 1
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 0
#define PROMO DR_PROMOTION_GOES_ON_AS_MAN
#define CHOICE DR_CAPTURE_MOST_PIECES
#define KING_RUNS 0
#include "dr-movegen-diag.h"

/* Frisian draughts. */
#define G(x) frisian_##x
#define HALF 5
#define MAN_BACK 1
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 1
#define PROMO DR_PROMOTION_GOES_ON_AS_MAN
#define CHOICE DR_CAPTURE_FRISIAN
#define KING_RUNS 1
#include "dr-movegen-diag.h"

/* Russian draughts and its giveaway: 004 I. */
#define G(x) russian_##x
#define HALF 4
#define MAN_BACK 1
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 0
#define PROMO DR_PROMOTION_GOES_ON_AS_KING
#define CHOICE DR_CAPTURE_FREE
#define KING_RUNS 0
#include "dr-movegen-diag.h"

/* Brazilian draughts: International rules on 8x8. */
#define G(x) brazilian_##x
#define HALF 4
#define MAN_BACK 1
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 0
#define PROMO DR_PROMOTION_GOES_ON_AS_MAN
#define CHOICE DR_CAPTURE_MOST_PIECES
#define KING_RUNS 0
#include "dr-movegen-diag.h"

/* Pool checkers. */
#define G(x) pool_##x
#define HALF 4
#define MAN_BACK 1
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 0
#define PROMO DR_PROMOTION_GOES_ON_AS_MAN
#define CHOICE DR_CAPTURE_FREE
#define KING_RUNS 0
#include "dr-movegen-diag.h"

/* English checkers: 000, 002 I.1. */
#define G(x) english_##x
#define HALF 4
#define MAN_BACK 0
#define MAN_TAKES_KING 1
#define FLY 0
#define ORTHO 0
#define PROMO DR_PROMOTION_ENDS_MOVE
#define CHOICE DR_CAPTURE_FREE
#define KING_RUNS 0
#include "dr-movegen-diag.h"

/* Italian draughts. */
#define G(x) italian_##x
#define HALF 4
#define MAN_BACK 0
#define MAN_TAKES_KING 0
#define FLY 0
#define ORTHO 0
#define PROMO DR_PROMOTION_ENDS_MOVE
#define CHOICE DR_CAPTURE_ITALIAN
#define KING_RUNS 0
#include "dr-movegen-diag.h"

/* Spanish draughts. */
#define G(x) spanish_##x
#define HALF 4
#define MAN_BACK 0
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 0
#define PROMO DR_PROMOTION_ENDS_MOVE
#define CHOICE DR_CAPTURE_MOST_THEN_KINGS
#define KING_RUNS 0
#include "dr-movegen-diag.h"

/* Czech draughts. */
#define G(x) czech_##x
#define HALF 4
#define MAN_BACK 0
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 0
#define PROMO DR_PROMOTION_ENDS_MOVE
#define CHOICE DR_CAPTURE_KING_FIRST
#define KING_RUNS 0
#include "dr-movegen-diag.h"

/* Northern draughts: Russian rules, a captured king stays as a man (001
 * line 102). */
#define G(x) northern_##x
#define HALF 4
#define MAN_BACK 1
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 0
#define PROMO DR_PROMOTION_GOES_ON_AS_KING
#define CHOICE DR_CAPTURE_FREE
#define KING_RUNS 0
#define DEMOTE 1
#include "dr-movegen-diag.h"

/* Samoyed draughts: Russian rules, own pieces are captured too (001 lines
 * 102, 412). */
#define G(x) samoyed_##x
#define HALF 4
#define MAN_BACK 1
#define MAN_TAKES_KING 1
#define FLY 1
#define ORTHO 0
#define PROMO DR_PROMOTION_GOES_ON_AS_KING
#define CHOICE DR_CAPTURE_FREE
#define KING_RUNS 0
#define SELF_CAPTURE 1
#include "dr-movegen-diag.h"

#define DR_DEFINE_GENERATOR(name, prefix)                                    \
  void                                                                       \
  _dr_movegen_generate_##name (const DrPosition *pos,                        \
                               DrMoveList       *list)                       \
  {                                                                          \
    prefix##_generate (pos, list);                                           \
  }                                                                          \
  unsigned                                                                   \
  _dr_movegen_count_##name (const DrPosition *pos,                           \
                            DrMoveList       *scratch)                       \
  {                                                                          \
    return prefix##_count (pos, scratch);                                    \
  }                                                                          \
  uint64_t                                                                   \
  _dr_movegen_perft_##name (const DrPosition *pos,                           \
                            int               depth,                         \
                            DrMoveList       *lists)                         \
  {                                                                          \
    return prefix##_perft (pos, depth, lists);                               \
  }                                                                          \
  bool                                                                       \
  _dr_movegen_has_capture_##name (const DrPosition *pos)                     \
  {                                                                          \
    return prefix##_has_capture (pos);                                       \
  }                                                                          \
  bool                                                                       \
  _dr_movegen_has_quiet_##name (const DrPosition *pos)                       \
  {                                                                          \
    return prefix##_has_quiet (pos);                                         \
  }                                                                          \
  DrMovesKind                                                                \
  _dr_movegen_moves_kind_##name (const DrPosition *pos)                      \
  {                                                                          \
    return prefix##_moves_kind (pos);                                        \
  }

DR_DEFINE_GENERATOR (international, intl)
DR_DEFINE_GENERATOR (frisian, frisian)
DR_DEFINE_GENERATOR (russian, russian)
DR_DEFINE_GENERATOR (brazilian, brazilian)
DR_DEFINE_GENERATOR (pool, pool)
DR_DEFINE_GENERATOR (english, english)
DR_DEFINE_GENERATOR (italian, italian)
DR_DEFINE_GENERATOR (spanish, spanish)
DR_DEFINE_GENERATOR (czech, czech)
DR_DEFINE_GENERATOR (northern, northern)
DR_DEFINE_GENERATOR (samoyed, samoyed)

DrMovesKind
_dr_movegen_moves_kind_turkish (const DrPosition *pos)
{
  if (_dr_movegen_has_capture_turkish (pos))
    return DR_MOVES_CAPTURE;
  return _dr_movegen_has_quiet_turkish (pos) ? DR_MOVES_QUIET : DR_MOVES_NONE;
}
