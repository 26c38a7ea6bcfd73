/* dr-position.c — a position as a small value, and making moves on it
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "dr-position.h"

#include "dr-bitboard.h"
#include "dr-stack.h"

#include <string.h>

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

  if (bit >= 64 && bit < 72)
    {
      /* Canadian draughts' squares 64-71 (dr-geometry.h): in `under`. */
      uint64_t mask = UINT64_C (0x010101) << (bit - 64);
      uint64_t white = (uint64_t) 1 << (bit - 64);

      pos->under &= ~mask;
      if (piece == DR_PIECE_WHITE_MAN || piece == DR_PIECE_WHITE_KING)
        pos->under |= white;
      if (piece == DR_PIECE_BLACK_MAN || piece == DR_PIECE_BLACK_KING)
        pos->under |= white << 8;
      if (piece == DR_PIECE_WHITE_KING || piece == DR_PIECE_BLACK_KING)
        pos->under |= white << 16;
      pos->hash = dr_position_compute_hash (pos);
      return;
    }
  if (pos->under_run != 0)
    {
      /* Towers on the board: the square's whole tower is replaced, and the
       * stacks are encoded again for the new set of tops (dr-stack.h);
       * a single piece never makes them longer than a legal set-up's. */
      (void) dr_stack_set (pos, bit, &piece, piece == DR_PIECE_NONE ? 0 : 1);
      return;
    }
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

  if (bit >= 64 && bit < 72 && pos->under_run == 0)
    {
      uint64_t white = (uint64_t) 1 << (bit - 64);

      king = (pos->under & (white << 16)) != 0;
      if (pos->under & white)
        return king ? DR_PIECE_WHITE_KING : DR_PIECE_WHITE_MAN;
      if (pos->under & (white << 8))
        return king ? DR_PIECE_BLACK_KING : DR_PIECE_BLACK_MAN;
      return DR_PIECE_NONE;
    }

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
  pos->second = 0;
  pos->hash = dr_position_compute_hash (pos);
}

uint64_t
dr_position_compute_hash (const DrPosition *pos)
{
  uint64_t h = pos->turn == DR_SIDE_BLACK ? dr_zobrist_turn : 0;

  if (pos->second)
    h ^= dr_zobrist_second;

  for (int side = 0; side < 2; side++)
    {
      for (DrBitboard b = pos->pieces[side]; b != 0; b = dr_bb_rest (b))
        {
          int sq = dr_bb_first (b);
          h ^= dr_zobrist_piece[dr_zobrist_index ((DrSide) side, dr_bb_has (pos->kings, sq))][sq];
        }
      h ^= dr_position_frisian_key (pos, side);
    }
  if (pos->under_run != 0)
    h ^= dr_stack_hash (pos);
  else if (pos->under != 0)
    {
      /* Canadian squares 64-71: keys of their own, the 64-bit board's
       * keys of squares 56-63 turned by half a word. */
      for (int sq = 0; sq < 8; sq++)
        {
          uint64_t white = (uint64_t) 1 << sq;
          int king = (pos->under & (white << 16)) != 0;
          uint64_t key = 0;

          if (pos->under & white)
            key = dr_zobrist_piece[dr_zobrist_index (DR_SIDE_WHITE, king)][56 + sq];
          else if (pos->under & (white << 8))
            key = dr_zobrist_piece[dr_zobrist_index (DR_SIDE_BLACK, king)][56 + sq];
          h ^= (key << 32) | (key >> 32);
        }
    }
  return h;
}

bool
dr_position_equal (const DrPosition *a,
                   const DrPosition *b)
{
  return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1]
         && a->kings == b->kings && a->turn == b->turn && a->second == b->second
         && a->under == b->under && a->under_run == b->under_run
         && a->king_run_length[0] == b->king_run_length[0]
         && a->king_run_length[1] == b->king_run_length[1]
         && (a->king_run_length[0] == 0 || a->king_run_square[0] == b->king_run_square[0])
         && (a->king_run_length[1] == 0 || a->king_run_square[1] == b->king_run_square[1]);
}

