/* dr-stack.h — towers: the pieces beneath the tops (pillar and Lasker draughts)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * In the tower games (001 "pillar checkers", "Lasker checkers") nothing
 * leaves the board: a captured piece goes under the tower that took it, and
 * a tower obeys its top piece.  DrPosition keeps the tops in pieces[] and
 * kings and the pieces beneath in the two words `under` and `under_run`
 * (layout in dr-position.h).  This module reads and writes that encoding
 * and makes tower moves.
 *
 * A piece in a stack is a 2-bit code, dr_zobrist_index() of its side and
 * rank: 0 white man, 1 white king, 2 black man, 3 black king (DrPiece - 1).
 */
#pragma once

#include "dr-position.h"

/* The most pieces a tower can hold here: all the pieces of pillar
 * draughts (24) fit. */
#define DR_STACK_MAX 32

typedef struct
{
  uint8_t height[64];                    /* pieces beneath each square's top */
  uint8_t code[64][DR_STACK_MAX];        /* code[sq][0] is just below the top */
} DrStacks;

static inline int
dr_stack_code (DrPiece piece)
{
  return (int) piece - 1;
}

static inline DrPiece
dr_stack_piece (int code)
{
  return (DrPiece) (code + 1);
}

/* The pieces beneath the tops of @pos.  Squares without a top get 0. */
void     dr_stack_decode      (const DrPosition *pos,
                               DrStacks         *stacks);
/* Stores @stacks in @pos's under words for the tops @pos has now, and
 * updates the hash.  False (and @pos unchanged) if a stack stands on an
 * empty square or the stacks do not fit the two words. */
bool     dr_stack_encode      (DrPosition       *pos,
                               const DrStacks   *stacks);
/* The Zobrist share of the pieces beneath the tops. */
uint64_t dr_stack_hash        (const DrPosition *pos);
/* The tower on @bit, top first, into @tower (DR_STACK_MAX + 1 entries);
 * returns its height (0: empty square). */
int      dr_stack_get         (const DrPosition *pos,
                               int               bit,
                               DrPiece          *tower);
/* Puts the tower @tower (top first, @n pieces, n == 0 empties the square)
 * on @bit, replacing what was there; false if the stacks would not fit. */
bool     dr_stack_set         (DrPosition       *pos,
                               int               bit,
                               const DrPiece    *tower,
                               int               n);
/* Pieces on the board of each side, beneath or on top. */
void     dr_stack_count       (const DrPosition *pos,
                               int               counts[2]);
/* The captured squares of @move in the order they were jumped (the pieces
 * go under the tower in that order); returns how many. */
int      dr_stack_capture_order (const DrPosition *parent,
                                 const DrMove     *move,
                                 uint8_t          *squares);
