/* dr-stack.c — towers: the pieces beneath the tops (pillar and Lasker draughts)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "dr-stack.h"
#include "dr-wide-rules.h"

#include "dr-bitboard.h"
#include "dr-geometry.h"

#include <string.h>

/* The key of a piece @depth places below the top of @sq (depth >= 1): the
 * top's own key for that piece and square, mixed with the depth by the
 * splitmix64 finaliser, so that no key table is needed. */
static uint64_t
under_key (int code,
           int sq,
           int depth)
{
  uint64_t z = dr_zobrist_piece[code][sq] + (uint64_t) depth * UINT64_C (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

void
dr_stack_decode (const DrPosition *pos,
                 DrStacks         *stacks)
{
  uint64_t run = pos->under_run;
  uint64_t under = pos->under;

  memset (stacks->height, 0, sizeof stacks->height);
  if (run == 0)
    return;
  for (DrBitboard occ = dr_position_occupied (pos); occ != 0 && run != 0; occ = dr_bb_rest (occ))
    {
      int sq = dr_bb_first (occ);
      int h = 0;

      while (run & 1)
        {
          if (h < DR_STACK_MAX)
            stacks->code[sq][h] = (uint8_t) (under & 3);
          h++;
          under >>= 2;
          run >>= 1;
        }
      run >>= 1;                /* the top's 0 */
      stacks->height[sq] = (uint8_t) (h < DR_STACK_MAX ? h : DR_STACK_MAX);
    }
}

bool
dr_stack_encode (DrPosition     *pos,
                 const DrStacks *stacks)
{
  DrBitboard occ = dr_position_occupied (pos);
  uint64_t under = 0, run = 0;
  int ubits = 0, rbits = 0, last = -1;

  for (int sq = 0; sq < 64; sq++)
    if (stacks->height[sq] != 0 && !dr_bb_has (occ, sq))
      return false;
  /* The run word ends after the last square with a stack: the zeros of
   * the squares above it are implied. */
  for (DrBitboard b = occ; b != 0; b = dr_bb_rest (b))
    if (stacks->height[dr_bb_first (b)] != 0)
      last = dr_bb_first (b);
  for (DrBitboard b = occ; b != 0 && last >= 0; b = dr_bb_rest (b))
    {
      int sq = dr_bb_first (b);
      int h = stacks->height[sq];

      if (sq > last)
        break;
      if (ubits + 2 * h > 64 || rbits + h + 1 > 64)
        return false;
      for (int i = 0; i < h; i++)
        {
          under |= (uint64_t) (stacks->code[sq][i] & 3) << ubits;
          ubits += 2;
          run |= UINT64_C (1) << rbits;
          rbits++;
        }
      rbits++;
    }
  pos->under = under;
  pos->under_run = run;
  pos->hash = dr_position_compute_hash (pos);
  return true;
}

uint64_t
dr_stack_hash (const DrPosition *pos)
{
  DrStacks stacks;
  uint64_t h = 0;

  if (pos->under_run == 0)
    return 0;
  dr_stack_decode (pos, &stacks);
  for (DrBitboard occ = dr_position_occupied (pos); occ != 0; occ = dr_bb_rest (occ))
    {
      int sq = dr_bb_first (occ);

      for (int i = 0; i < stacks.height[sq]; i++)
        h ^= under_key (stacks.code[sq][i], sq, i + 1);
    }
  return h;
}

int
dr_stack_get (const DrPosition *pos,
              int               bit,
              DrPiece          *tower)
{
  DrStacks stacks;
  DrPiece top = dr_position_get (pos, bit);

  if (top == DR_PIECE_NONE)
    return 0;
  tower[0] = top;
  if (pos->under_run == 0)
    return 1;
  dr_stack_decode (pos, &stacks);
  for (int i = 0; i < stacks.height[bit]; i++)
    tower[i + 1] = dr_stack_piece (stacks.code[bit][i]);
  return stacks.height[bit] + 1;
}

bool
dr_stack_set (DrPosition    *pos,
              int            bit,
              const DrPiece *tower,
              int            n)
{
  DrStacks stacks;
  DrPosition next = *pos;
  DrBitboard b = dr_bb_bit (bit);

  if (n > DR_STACK_MAX + 1)
    return false;
  dr_stack_decode (pos, &stacks);
  next.pieces[0] &= ~b;
  next.pieces[1] &= ~b;
  next.kings &= ~b;
  stacks.height[bit] = 0;
  if (n > 0)
    {
      int code = dr_stack_code (tower[0]);

      next.pieces[code >> 1] |= b;
      if (code & 1)
        next.kings |= b;
      for (int i = 1; i < n; i++)
        stacks.code[bit][i - 1] = (uint8_t) dr_stack_code (tower[i]);
      stacks.height[bit] = (uint8_t) (n - 1);
    }
  if (!dr_stack_encode (&next, &stacks))
    return false;
  *pos = next;
  return true;
}

void
dr_stack_count (const DrPosition *pos,
                int               counts[2])
{
  DrStacks stacks;

  counts[0] = dr_bb_count (pos->pieces[0]);
  counts[1] = dr_bb_count (pos->pieces[1]);
  if (pos->under_run == 0)
    return;
  dr_stack_decode (pos, &stacks);
  for (int sq = 0; sq < 64; sq++)
    for (int i = 0; i < stacks.height[sq]; i++)
      counts[stacks.code[sq][i] >> 1]++;
}

/* The captured square between @a and @b: halfway (DR_MOVE_SHORT_JUMPS), or
 * on the 8x8 board of pillar draughts the one of @captures on the diagonal
 * from @a to @b (its ghost squares stop a walk that leaves the diagonal,
 * dr-geometry.h). */
static int
jumped (int        a,
        int        b,
        DrBitboard captures,
        bool       short_jumps)
{
  static const int steps[4] = { -6, -5, 5, 6 };
  DrBitboard board = dr_geometry_8x8.squares;

  if (short_jumps)
    return (a + b) / 2;
  for (int k = 0; k < 4; k++)
    {
      int d = steps[k];
      int found = -1;

      if ((b - a) % d != 0 || (b - a) / d <= 0)
        continue;
      for (int sq = a + d; sq >= 0 && sq < 64 && dr_bb_has (board, sq); sq += d)
        {
          if (sq == b)
            return found;
          if (dr_bb_has (captures, sq))
            found = sq;
        }
    }
  return -1;
}

int
dr_stack_capture_order (const DrPosition *parent,
                        const DrMove     *move,
                        uint8_t          *squares)
{
  int cur = move->from;
  int n = 0;

  (void) parent;
  for (int i = 0; i < move->n_jumps; i++)
    {
      int sq = jumped (cur, move->path[i], move->captures,
                       (move->flags & DR_MOVE_SHORT_JUMPS) != 0);

      if (sq >= 0)
        squares[n++] = (uint8_t) sq;
      cur = move->path[i];
    }
  return n;
}

bool
dr_stack_same_order (const DrMove *a,
                     const DrMove *b)
{
  uint8_t oa[DR_MAX_JUMPS], ob[DR_MAX_JUMPS];
  int na = dr_stack_capture_order (NULL, a, oa);
  int nb = dr_stack_capture_order (NULL, b, ob);

  return na == nb && memcmp (oa, ob, (size_t) na) == 0;
}

/* A tower move (001 "pillar checkers"): the tower on from goes to to with
 * its stack; the top of each tower jumped goes under it, in the order
 * jumped, and the piece below takes command of the jumped tower; only the
 * top is crowned. */
void
dr_stack_apply (DrPosition       *child,
                const DrPosition *parent,
                const DrMove     *move)
{
  DrStacks stacks;
  DrPosition next = *parent;
  uint8_t order[DR_MAX_JUMPS];
  uint8_t tower[2 * DR_STACK_MAX];
  int n_order;
  int height;
  int top;

  if (move->flags & DR_MOVE_WIDE)
    {
      /* Not a tower: a Canadian move, sent here by the same test. */
      dr_wide_rules_apply (child, parent, move);
      return;
    }
  n_order = dr_stack_capture_order (parent, move, order);
  dr_stack_decode (parent, &stacks);
  /* The moving tower, top first. */
  top = dr_zobrist_index ((DrSide) (dr_bb_has (parent->pieces[1], move->from) ? 1 : 0),
                          dr_bb_has (parent->kings, move->from));
  if (move->flags & DR_MOVE_PROMOTES)
    top |= 1;
  tower[0] = (uint8_t) top;
  height = 1;
  for (int i = 0; i < stacks.height[move->from]; i++)
    tower[height++] = stacks.code[move->from][i];
  stacks.height[move->from] = 0;
  next.pieces[0] &= ~dr_bb_bit (move->from);
  next.pieces[1] &= ~dr_bb_bit (move->from);
  next.kings &= ~dr_bb_bit (move->from);

  /* Each jumped tower loses its top to the bottom of the moving one. */
  for (int i = 0; i < n_order; i++)
    {
      int sq = order[i];
      DrBitboard b = dr_bb_bit (sq);
      int code = dr_zobrist_index ((DrSide) (dr_bb_has (parent->pieces[1], sq) ? 1 : 0),
                                   dr_bb_has (parent->kings, sq));

      if (height < (int) sizeof tower)
        tower[height++] = (uint8_t) code;
      next.pieces[0] &= ~b;
      next.pieces[1] &= ~b;
      next.kings &= ~b;
      if (stacks.height[sq] > 0)
        {
          int up = stacks.code[sq][0];

          next.pieces[up >> 1] |= b;
          if (up & 1)
            next.kings |= b;
          memmove (stacks.code[sq], stacks.code[sq] + 1, (size_t) (stacks.height[sq] - 1));
          stacks.height[sq]--;
        }
    }

  next.pieces[tower[0] >> 1] |= dr_bb_bit (move->to);
  if (tower[0] & 1)
    next.kings |= dr_bb_bit (move->to);
  if (height - 1 > DR_STACK_MAX)
    height = DR_STACK_MAX + 1;
  stacks.height[move->to] = (uint8_t) (height - 1);
  memcpy (stacks.code[move->to], tower + 1, (size_t) (height - 1));

  next.turn = (uint8_t) (parent->turn ^ 1);
  next.second = 0;
  next.king_run_length[0] = next.king_run_length[1] = 0;
  next.king_run_square[0] = next.king_run_square[1] = DR_NO_SQUARE;
  /* The pieces of a game fit the words (dr-position.h); a position set up
   * with more is refused where it is read (dr_stack_encode). */
  if (!dr_stack_encode (&next, &stacks))
    {
      next.under = next.under_run = 0;
      next.hash = dr_position_compute_hash (&next);
    }
  *child = next;
}

uint64_t
dr_stack_hash_after (const DrPosition *parent,
                     const DrMove     *move)
{
  DrPosition child;

  dr_stack_apply (&child, parent, move);
  return child.hash;
}
