/* dr-position.c — a position as a small value, and making moves on it
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "dr-position.h"

#include "dr-bitboard.h"

#include <string.h>

/* The Frisian counters' share of the hash: a key per (side, run length)
 * and the king's square folded in with the king's own key. */
static inline uint64_t
frisian_key (const DrPosition *pos,
             int               side)
{
  if (pos->king_run_length[side] == 0)
    return 0;
  return dr_zobrist_frisian[side][pos->king_run_length[side] & 3]
         ^ (dr_zobrist_piece[dr_zobrist_index ((DrSide) side, true)][pos->king_run_square[side] & 63] >> 1);
}

void
dr_position_clear (DrPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->king_run_square[0] = pos->king_run_square[1] = DR_NO_SQUARE;
  pos->hash = dr_position_compute_hash (pos);
}

void
dr_position_put (DrPosition *pos,
                 int         bit,
                 DrPiece     piece)
{
  DrBitboard b = dr_bb_bit (bit);

  pos->pieces[0] &= ~b;
  pos->pieces[1] &= ~b;
  pos->kings &= ~b;
  switch (piece)
    {
    case DR_PIECE_WHITE_KING:
      pos->kings |= b;
      /* fall through */
    case DR_PIECE_WHITE_MAN:
      pos->pieces[DR_SIDE_WHITE] |= b;
      break;
    case DR_PIECE_BLACK_KING:
      pos->kings |= b;
      /* fall through */
    case DR_PIECE_BLACK_MAN:
      pos->pieces[DR_SIDE_BLACK] |= b;
      break;
    case DR_PIECE_NONE:
    default:
      break;
    }
  pos->hash = dr_position_compute_hash (pos);
}

DrPiece
dr_position_get (const DrPosition *pos,
                 int               bit)
{
  DrBitboard b = dr_bb_bit (bit);
  bool king = (pos->kings & b) != 0;

  if (pos->pieces[DR_SIDE_WHITE] & b)
    return king ? DR_PIECE_WHITE_KING : DR_PIECE_WHITE_MAN;
  if (pos->pieces[DR_SIDE_BLACK] & b)
    return king ? DR_PIECE_BLACK_KING : DR_PIECE_BLACK_MAN;
  return DR_PIECE_NONE;
}

void
dr_position_set_turn (DrPosition *pos,
                      DrSide      side)
{
  pos->turn = (uint8_t) side;
  pos->hash = dr_position_compute_hash (pos);
}

uint64_t
dr_position_compute_hash (const DrPosition *pos)
{
  uint64_t h = pos->turn == DR_SIDE_BLACK ? dr_zobrist_turn : 0;

  for (int side = 0; side < 2; side++)
    {
      for (DrBitboard b = pos->pieces[side]; b != 0; b = dr_bb_rest (b))
        {
          int sq = dr_bb_first (b);
          h ^= dr_zobrist_piece[dr_zobrist_index ((DrSide) side, dr_bb_has (pos->kings, sq))][sq];
        }
      h ^= frisian_key (pos, side);
    }
  return h;
}

bool
dr_position_equal (const DrPosition *a,
                   const DrPosition *b)
{
  return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1]
         && a->kings == b->kings && a->turn == b->turn
         && a->king_run_length[0] == b->king_run_length[0]
         && a->king_run_length[1] == b->king_run_length[1]
         && (a->king_run_length[0] == 0 || a->king_run_square[0] == b->king_run_square[0])
         && (a->king_run_length[1] == 0 || a->king_run_square[1] == b->king_run_square[1]);
}

void
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
      h ^= frisian_key (&p, us);
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
      h ^= frisian_key (&p, us);
    }

  p.turn = (uint8_t) them;
  p.hash = h;
  *child = p;
}
