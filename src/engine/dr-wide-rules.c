/* dr-wide-rules.c — Canadian draughts seen through DrPosition and DrMove
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The packing is described in dr-wide-rules.h.  Every function converts
 * the position to the 128-bit one, asks dr-wide.c and converts back: the
 * generator of record is dr-wide.c's, tested against its own perft tables.
 */

#include "dr-wide-rules.h"

#include "dr-bitboard.h"

#include <stdlib.h>
#include <string.h>

static const DrWideGeometry *
geometry (void)
{
  return dr_wide_geometry (DR_WIDE_RULES_SIZE);
}

/* Square numbers 1..72 are bits (number + 69) % 72 (dr-geometry.h). */
int
dr_wide_rules_bit (int wide_bit)
{
  int number = dr_wide_number (geometry (), wide_bit);

  return number > 0 ? (number + 69) % 72 : -1;
}

int
dr_wide_rules_wide_bit (int bit)
{
  if (bit < 0 || bit >= 72)
    return -1;
  return dr_wide_bit_from_number (geometry (), (bit + 2) % 72 + 1);
}

void
dr_wide_rules_unpack (const DrPosition *pos,
                      DrWidePosition   *wide)
{
  memset (wide, 0, sizeof *wide);
  wide->size = DR_WIDE_RULES_SIZE;
  wide->turn = pos->turn;
  for (int bit = 0; bit < 72; bit++)
    {
      DrPiece piece = dr_position_get (pos, bit);
      DrWideBoard b;

      if (piece == DR_PIECE_NONE)
        continue;
      b = dr_wide_bit (dr_wide_rules_wide_bit (bit));
      if (piece == DR_PIECE_WHITE_MAN || piece == DR_PIECE_WHITE_KING)
        wide->pieces[DR_SIDE_WHITE] |= b;
      else
        wide->pieces[DR_SIDE_BLACK] |= b;
      if (piece == DR_PIECE_WHITE_KING || piece == DR_PIECE_BLACK_KING)
        wide->kings |= b;
    }
}

void
dr_wide_rules_pack (const DrWidePosition *wide,
                    DrPosition           *pos)
{
  DrWideBoard all = wide->pieces[0] | wide->pieces[1];

  dr_position_clear (pos);
  for (; all != 0; all &= all - 1)
    {
      int sq = dr_wide_first (all);
      int bit = dr_wide_rules_bit (sq);
      bool king = dr_wide_has (wide->kings, sq);
      DrSide side = dr_wide_has (wide->pieces[DR_SIDE_WHITE], sq) ? DR_SIDE_WHITE : DR_SIDE_BLACK;

      if (bit >= 64)
        pos->under |= ((uint64_t) 1 << (bit - 64)) << (side == DR_SIDE_WHITE ? 0 : 8)
                      | (king ? ((uint64_t) 1 << (bit - 64)) << 16 : 0);
      else
        {
          pos->pieces[side] |= dr_bb_bit (bit);
          if (king)
            pos->kings |= dr_bb_bit (bit);
        }
    }
  pos->turn = wide->turn;
  pos->hash = dr_position_compute_hash (pos);
}

void
dr_wide_rules_move (const DrWideMove *wide,
                    DrMove           *move)
{
  int n = wide->n_jumps < DR_MAX_JUMPS ? wide->n_jumps : DR_MAX_JUMPS;

  memset (move, 0, sizeof *move);
  move->from = (uint8_t) dr_wide_rules_bit (wide->from);
  move->to = (uint8_t) dr_wide_rules_bit (wide->to);
  move->n_jumps = (uint8_t) n;
  move->flags = (uint8_t) (wide->flags | DR_MOVE_WIDE);
  for (int i = 0; i < n; i++)
    move->path[i] = (uint8_t) dr_wide_rules_bit (wide->path[i]);
  for (DrWideBoard c = wide->captures; c != 0; c &= c - 1)
    move->captures |= dr_bb_bit (dr_wide_rules_bit (dr_wide_first (c)));
}

/* The wide list of @pos, on the heap (64 KiB). */
static DrWideMoveList *
wide_moves (const DrPosition *pos,
            bool              all_paths)
{
  DrWideMoveList *list = malloc (sizeof *list);
  DrWidePosition wide;

  if (list == NULL)
    abort ();
  dr_wide_rules_unpack (pos, &wide);
  list->all_paths = all_paths;
  dr_wide_generate (&wide, list);
  return list;
}

void
dr_wide_rules_generate (const DrPosition *pos,
                        DrMoveList       *list)
{
  DrWideMoveList *wide = wide_moves (pos, list->all_paths);

  list->n = 0;
  list->overflow = wide->overflow;
  for (unsigned i = 0; i < wide->n && i < DR_MAX_MOVES; i++)
    dr_wide_rules_move (&wide->moves[i], &list->moves[list->n++]);
  free (wide);
}

unsigned
dr_wide_rules_count (const DrPosition *pos,
                     DrMoveList       *scratch)
{
  DrWideMoveList *wide = wide_moves (pos, scratch->all_paths);
  unsigned n = wide->n;

  free (wide);
  return n;
}

uint64_t
dr_wide_rules_perft (const DrPosition *pos,
                     int               depth,
                     DrMoveList       *lists)
{
  DrWidePosition wide;

  dr_wide_rules_unpack (pos, &wide);
  return dr_wide_perft (&wide, depth, lists[0].all_paths);
}

DrMovesKind
dr_wide_rules_moves_kind (const DrPosition *pos)
{
  DrWideMoveList *wide = wide_moves (pos, false);
  DrMovesKind kind = wide->n == 0 ? DR_MOVES_NONE
                     : wide->moves[0].n_jumps > 0 ? DR_MOVES_CAPTURE : DR_MOVES_QUIET;

  free (wide);
  return kind;
}

bool
dr_wide_rules_has_capture (const DrPosition *pos)
{
  return dr_wide_rules_moves_kind (pos) == DR_MOVES_CAPTURE;
}

/* As the other variants' has_quiet: a quiet move exists, whether or not a
 * capture is compulsory. */
bool
dr_wide_rules_has_quiet (const DrPosition *pos)
{
  DrWidePosition wide;
  const DrWideGeometry *g = geometry ();
  DrWideBoard empty;
  int us;

  dr_wide_rules_unpack (pos, &wide);
  us = wide.turn;
  empty = g->squares & ~(wide.pieces[0] | wide.pieces[1]);
  for (DrWideBoard b = wide.pieces[us]; b != 0; b &= b - 1)
    {
      int sq = dr_wide_first (b);
      bool king = dr_wide_has (wide.kings, sq);
      int steps[4] = { -(g->half + 2), -(g->half + 1), g->half + 1, g->half + 2 };

      for (int d = 0; d < 4; d++)
        {
          /* White's men go towards row 0 (the negative steps). */
          if (!king && (d < 2) != (us == DR_SIDE_WHITE))
            continue;
          if (dr_wide_has (empty, sq + steps[d]))
            return true;
        }
    }
  return false;
}

void
dr_wide_rules_apply (DrPosition       *child,
                     const DrPosition *parent,
                     const DrMove     *move)
{
  DrPosition next = *parent;
  DrPiece piece = dr_position_get (parent, move->from);
  int us = parent->turn;

  if (move->flags & DR_MOVE_PROMOTES)
    piece = us == DR_SIDE_WHITE ? DR_PIECE_WHITE_KING : DR_PIECE_BLACK_KING;
  /* Captures are all within bits 0-63 (dr-wide-rules.h). */
  next.pieces[us ^ 1] &= ~move->captures;
  next.kings &= ~move->captures;
  dr_position_put (&next, move->from, DR_PIECE_NONE);
  dr_position_put (&next, move->to, piece);
  next.turn = (uint8_t) (us ^ 1);
  next.second = 0;
  next.hash = dr_position_compute_hash (&next);
  *child = next;
}
