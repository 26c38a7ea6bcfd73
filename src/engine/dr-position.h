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

#include "dr-bitboard.h"
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

/* The Frisian counters' share of the hash: a key per (side, run length)
 * and the king's square folded in with the king's own key. */
static inline uint64_t
dr_position_frisian_key (const DrPosition *pos,
             int               side)
{
  if (pos->king_run_length[side] == 0)
    return 0;
  return dr_zobrist_frisian[side][pos->king_run_length[side] & 3]
         ^ (dr_zobrist_piece[dr_zobrist_index ((DrSide) side, true)][pos->king_run_square[side] & 63] >> 1);
}

/* Copy-make: @child becomes @parent with @move played.  @child may be
 * @parent.  Inline: it is half of every search and perft node. */
static inline void
dr_position_apply (DrPosition       *child,
                   const DrPosition *parent,
                   const DrMove     *move)
{
  int us = parent->turn;
  int them = us ^ 1;
  DrBitboard from = (DrBitboard) 1 << move->from;
  DrBitboard to = (DrBitboard) 1 << move->to;
  int was_king = (parent->kings & from) != 0;
  int is_king = was_king | ((move->flags & DR_MOVE_PROMOTES) != 0);
  uint64_t h = parent->hash ^ dr_zobrist_turn
               ^ dr_zobrist_piece[2 * us + was_king][move->from]
               ^ dr_zobrist_piece[2 * us + is_king][move->to];
  DrPosition p = *parent;

  /* Captured pieces first: in Turkish draughts a king may end its move on
   * the square of a piece it took on the way. */
  if (move->captures != 0)
    {
      for (DrBitboard c = move->captures; c != 0; c = dr_bb_rest (c))
        {
          int sq = dr_bb_first (c);
          h ^= dr_zobrist_piece[2 * them + ((parent->kings >> sq) & 1)][sq];
        }
      p.pieces[them] &= ~move->captures;
      p.kings &= ~move->captures;
    }

  /* The moving piece; from == to is possible (a king's round trip). */
  p.pieces[us] = (p.pieces[us] & ~from) | to;
  p.kings &= ~from;
  if (is_king)
    p.kings |= to;

  /* Frisian king runs (KNDB art. 17): quiet moves of one king, in a row. */
  if (was_king || p.king_run_length[us] != 0)
    {
      h ^= dr_position_frisian_key (&p, us);
      if (was_king && move->captures == 0)
        {
          if (p.king_run_length[us] > 0 && p.king_run_square[us] == move->from)
            p.king_run_length[us] = p.king_run_length[us] >= 3 ? 3 : p.king_run_length[us] + 1;
          else
            p.king_run_length[us] = 1;
          p.king_run_square[us] = move->to;
        }
      else
        {
          p.king_run_length[us] = 0;
          p.king_run_square[us] = DR_NO_SQUARE;
        }
      h ^= dr_position_frisian_key (&p, us);
    }

  p.turn = (uint8_t) them;
  p.hash = h;
  *child = p;
}
