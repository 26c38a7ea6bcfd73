/* dr-wide.h — International rules on boards larger than 64 squares
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * Canadian draughts is International draughts on a 12x12 board with 30 men
 * each (001: "In Brazilian and Canadian checkers, the game is played
 * according to the rules of international checkers, but on boards,
 * respectively, 8 x 8 and 12 x 12").  Its 72 playing squares do not fit the
 * 64-bit DrBitboard of dr-types.h, and widening that would slow every other
 * variant, so the large boards have this path of their own: a position is
 * a plain value with 128-bit boards, and the generator takes the board size
 * at run time, so the same code plays International rules on every even
 * size from 6x6 to 14x14 (ENGINES.md §1.5 has independent perft rows for
 * 6x6, 10x10, 12x12 and 14x14; 8x8 is Brazilian draughts).
 *
 * Layout: dr-geometry.h's ghost-square layout with half = size / 2 playing
 * squares per rank and period = 2 * half + 3 bits per pair of ranks (12x12:
 * 6 pairs of 15 bits, bits 0-89; 14x14: 7 of 17, bits 0-118).  Internal row
 * 0 is the top rank as White sees the board; the four diagonal neighbours
 * of every square are at -(half + 2), -(half + 1), +(half + 1), +(half + 2),
 * and a step off the board lands on a ghost bit or past the last pair,
 * outside DrWideGeometry.squares.
 *
 * Numbering as PDN GameType 27 (`27,W,12,12,N2,0`, PDN.md §4) and 20:
 * square 1 is the top-left playing square as White sees the board (b12 on
 * 12x12), numbered rank by rank; a1 is a playing square.  With this layout
 * the numbers run in bit order.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dr-types.h"

/* gnu11: the compiler's 128-bit integer (gcc and clang on 64-bit targets). */
typedef unsigned __int128 DrWideBoard;

#define DR_WIDE_MIN_SIZE  6
#define DR_WIDE_MAX_SIZE  14
/* A capture takes at most the opponent's pieces: 42 on 14x14. */
#define DR_WIDE_MAX_JUMPS 42
#define DR_WIDE_MAX_MOVES 1024

typedef struct
{
  uint8_t     size;        /* files = ranks, even */
  uint8_t     half;        /* playing squares per rank */
  uint8_t     period;      /* bits per pair of ranks: 2 * half + 3 */
  uint8_t     n_squares;   /* size * half */
  uint8_t     n_men;       /* men per side at the start: (half - 1) ranks */
  DrWideBoard squares;     /* every playing square */
  DrWideBoard promo[2];    /* where White's and Black's men are crowned */
} DrWideGeometry;

/* The geometry of the @size x @size board, or NULL unless @size is even and
 * within DR_WIDE_MIN_SIZE..DR_WIDE_MAX_SIZE. */
const DrWideGeometry *dr_wide_geometry (int size);

/* Square numbers (1-based) <-> bits; -1 / 0 when out of range. */
int  dr_wide_bit_from_number (const DrWideGeometry *g,
                              int                   number);
int  dr_wide_number          (const DrWideGeometry *g,
                              int                   bit);
/* External coordinates: x = file (0 = a), y = rank (0 = rank 1). */
int  dr_wide_bit_at_xy       (const DrWideGeometry *g,
                              int                   x,
                              int                   y);
bool dr_wide_xy              (const DrWideGeometry *g,
                              int                   bit,
                              int                  *x,
                              int                  *y);

typedef struct
{
  DrWideBoard pieces[2];   /* by DrSide */
  DrWideBoard kings;
  uint8_t     turn;        /* DrSide to move */
  uint8_t     size;
} DrWidePosition;

/* A move as DrMove: from, to, the captured pieces, the landing squares
 * (path[n_jumps - 1] == to) and DR_MOVE_PROMOTES / DR_MOVE_BY_KING. */
typedef struct
{
  DrWideBoard captures;
  uint8_t     from;
  uint8_t     to;
  uint8_t     n_jumps;
  uint8_t     flags;
  uint8_t     path[DR_WIDE_MAX_JUMPS];
} DrWideMove;

/* all_paths is the caller's: list every capture route instead of once per
 * distinct (from, to, captures) (ENGINES.md §0). */
typedef struct
{
  unsigned   n;
  bool       overflow;
  bool       all_paths;
  DrWideMove moves[DR_WIDE_MAX_MOVES];
} DrWideMoveList;

static inline DrWideBoard
dr_wide_bit (int sq)
{
  return (unsigned) sq < 128u ? (DrWideBoard) 1 << sq : 0;
}

static inline bool
dr_wide_has (DrWideBoard b,
             int         sq)
{
  return (dr_wide_bit (sq) & b) != 0;
}

static inline int
dr_wide_first (DrWideBoard b)
{
  uint64_t lo = (uint64_t) b;

  return lo != 0 ? __builtin_ctzll (lo) : 64 + __builtin_ctzll ((uint64_t) (b >> 64));
}

static inline int
dr_wide_count (DrWideBoard b)
{
  return __builtin_popcountll ((uint64_t) b) + __builtin_popcountll ((uint64_t) (b >> 64));
}

/* The start position: the men on the first (half - 1) ranks of each side,
 * White to move (004 2.3 and 1.4.1 via 2.1). */
void     dr_wide_initial  (DrWidePosition       *pos,
                           int                   size);
/* Every legal move of @pos into @list (International rules, see dr-wide.c);
 * list->all_paths is read, the rest written. */
void     dr_wide_generate (const DrWidePosition *pos,
                           DrWideMoveList       *list);
/* Copy-make: @child is @pos after @move (which must be legal there). */
void     dr_wide_apply    (DrWidePosition       *child,
                           const DrWidePosition *pos,
                           const DrWideMove     *move);
/* The number of move sequences of length @depth (>= 0); every distinct
 * move once, or every capture route with @all_paths. */
uint64_t dr_wide_perft    (const DrWidePosition *pos,
                           int                   depth,
                           bool                  all_paths);
