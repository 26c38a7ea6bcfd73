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

#include <stdlib.h>


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

/* Armenian draughts: the Turkish quick tests (dr-movegen-turkish.c). */
DrMovesKind
_dr_movegen_moves_kind_armenian (const DrPosition *pos)
{
  return _dr_movegen_moves_kind_turkish (pos);
}

/* Two-move draughts (rules in dr-rules.c): each move is a Russian move,
 * capture rule included (004 1.5.3, 1.5.14); the first of a turn's two
 * moves keeps the turn.  The quick tests are Russian draughts' as they
 * stand, and perft takes the generic loop (DrRules.perft is NULL). */
void
_dr_movegen_generate_two_move (const DrPosition *pos,
                               DrMoveList       *list)
{
  russian_generate (pos, list);
  if (!pos->second)
    for (unsigned i = 0; i < list->n; i++)
      list->moves[i].flags |= DR_MOVE_KEEPS_TURN;
}

unsigned
_dr_movegen_count_two_move (const DrPosition *pos,
                            DrMoveList       *scratch)
{
  return russian_count (pos, scratch);
}

/* Stavropol draughts (rules in dr-rules.c): the player moves a piece of
 * either colour, as the Russian rules move it; the capture obligation
 * covers every move the player may make, so a capture by either colour
 * excludes the quiet moves of both (004 1.5.3); a player whose own
 * pieces are all taken has lost (004 1.8.1) and has no move. */
static inline DrPosition
stavropol_foreign (const DrPosition *pos)
{
  DrPosition other = *pos;

  other.turn ^= 1;
  return other;
}

void
_dr_movegen_generate_stavropol (const DrPosition *pos,
                                DrMoveList       *list)
{
  DrPosition other = stavropol_foreign (pos);
  DrMoveList *foreign;
  bool own_capture, foreign_capture;
  unsigned keep;

  list->n = 0;
  list->overflow = false;
  if (pos->pieces[pos->turn] == 0)
    return;
  russian_generate (pos, list);
  foreign = malloc (sizeof *foreign);
  if (foreign == NULL)
    abort ();
  foreign->all_paths = list->all_paths;
  russian_generate (&other, foreign);
  own_capture = list->n > 0 && list->moves[0].captures != 0;
  foreign_capture = foreign->n > 0 && foreign->moves[0].captures != 0;
  keep = own_capture || !foreign_capture ? list->n : 0;
  list->n = keep;
  if (foreign_capture || !own_capture)
    for (unsigned i = 0; i < foreign->n; i++)
      {
        if (list->n >= DR_MAX_MOVES)
          {
            list->overflow = true;
            break;
          }
        list->moves[list->n] = foreign->moves[i];
        list->moves[list->n].flags |= DR_MOVE_FOREIGN;
        list->n++;
      }
  list->overflow |= foreign->overflow;
  free (foreign);
}

unsigned
_dr_movegen_count_stavropol (const DrPosition *pos,
                             DrMoveList       *scratch)
{
  _dr_movegen_generate_stavropol (pos, scratch);
  return scratch->n;
}

bool
_dr_movegen_has_capture_stavropol (const DrPosition *pos)
{
  DrPosition other = stavropol_foreign (pos);

  return pos->pieces[pos->turn] != 0
         && (russian_has_capture (pos) || russian_has_capture (&other));
}

bool
_dr_movegen_has_quiet_stavropol (const DrPosition *pos)
{
  DrPosition other = stavropol_foreign (pos);

  return pos->pieces[pos->turn] != 0
         && (russian_has_quiet (pos) || russian_has_quiet (&other));
}

DrMovesKind
_dr_movegen_moves_kind_stavropol (const DrPosition *pos)
{
  if (_dr_movegen_has_capture_stavropol (pos))
    return DR_MOVES_CAPTURE;
  return _dr_movegen_has_quiet_stavropol (pos) ? DR_MOVES_QUIET : DR_MOVES_NONE;
}
