/* dr-position.h — a position as a small value, and making moves on it
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * A DrPosition is everything the rules need to generate moves: the pieces of
 * each side, which of them are kings, the side to move, and for Frisian the
 * counters of its king-move restriction.  It is a plain value (48 bytes):
 * moves are made by copy-make (dr_position_apply), so undo is free, a game
 * tree can store positions, and a search thread works on its own copy.
 *
 * The Zobrist hash is kept incrementally by dr_position_apply and covers the
 * pieces, the side to move and the Frisian counters.
 */
#pragma once

#include "dr-types.h"

typedef struct
{
  DrBitboard pieces[2];        /* by DrSide */
  DrBitboard kings;            /* kings of both sides */
  uint64_t   hash;
  uint8_t    turn;             /* DrSide to move */
  /* Frisian (rules in dr-rules.c): the king that made the side's last
   * quiet king moves, and how many in a row (0 when the last move was a
   * man move or a capture).  Always maintained, only Frisian reads them. */
  uint8_t    king_run_square[2];
  uint8_t    king_run_length[2];
} DrPosition;

extern const uint64_t dr_zobrist_piece[4][64];
extern const uint64_t dr_zobrist_turn;
extern const uint64_t dr_zobrist_frisian[2][4];

static inline DrBitboard
dr_position_occupied (const DrPosition *pos)
{
  return pos->pieces[0] | pos->pieces[1];
}

/* Index into dr_zobrist_piece: 0 white man, 1 white king, 2 black man,
 * 3 black king. */
static inline int
dr_zobrist_index (DrSide side,
                  bool   king)
{
  return 2 * (int) side + (king ? 1 : 0);
}

void       dr_position_clear        (DrPosition       *pos);
void       dr_position_put          (DrPosition       *pos,
                                     int               bit,
                                     DrPiece           piece);
DrPiece    dr_position_get          (const DrPosition *pos,
                                     int               bit);
void       dr_position_set_turn     (DrPosition       *pos,
                                     DrSide            side);
uint64_t   dr_position_compute_hash (const DrPosition *pos);
bool       dr_position_equal        (const DrPosition *a,
                                     const DrPosition *b);

/* Copy-make: @child becomes @parent with @move played.  @child may be
 * @parent. */
void       dr_position_apply        (DrPosition       *child,
                                     const DrPosition *parent,
                                     const DrMove     *move);
