/* dr-geometry.h — board layouts, square numbering and square names
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * Layout.  The diagonal boards (8x8 and 10x10) use a ghost-square layout in
 * one 64-bit word, after Scan's 10x10 layout: each pair of ranks takes
 * 2 * half + 3 bits, half bits for the upper rank, one ghost, half bits for
 * the lower rank and two ghosts (half = squares per rank: 4 or 5).  With
 * internal row 0 the top rank as White sees the board, the four diagonal
 * neighbours of every square are at bit offsets -(half + 2), -(half + 1),
 * +(half + 1) and +(half + 2), the next playing square in the same rank at
 * -1 and +1 and the one two ranks away in the same file at -/+(2 * half + 3):
 * the same shift works on every square, and a step off the board lands on a
 * ghost bit or outside the word, never on a playing square.
 *
 * Turkish draughts is played on all 64 squares; it uses plain bit = 8 * row
 * + file and its own generator.
 *
 * Lasker draughts (Lasca) is played on the 25 light squares of a 7x7 board
 * whose corners are light (001): rows alternately of 4 and 3 squares, so
 * the ghost layout above (the same number of squares in every rank) does
 * not fit.  It uses bit = 8 * row + file ("dense"), the playing squares
 * those with row + file even; file 7 is a column of ghosts, so the four
 * diagonal steps -9, -7, +7 and +9 never wrap onto a playing square.
 * Names are a1-g7 (a1 a playing square, at White's lower left, as on the
 * Lasca board: lasca.org), numbers 1-25 rank by rank from a7 (= 1) as on
 * the 8x8 board (1 = b8), which no Lasca source uses: the variant writes
 * algebraic names.
 *
 * Canadian draughts' 12x12 board has 72 playing squares ("wide"), more than
 * a DrBitboard holds.  Its own generator (dr-wide.h) has 128-bit boards;
 * everything else sees it through DrPosition and DrMove as bits 0-71 in
 * the order of the square numbers, turned by two: bit = (number + 69) % 72,
 * so squares 3-66 are bits 0-63, the first rank (67-72) bits 64-69 and
 * squares 1 and 2 bits 70 and 71.  No capture takes a piece on the first
 * or last rank, so a move's captured set is always within bits 0-63 and
 * DrMove.captures holds it; the pieces on bits 64-71 are kept in
 * DrPosition.under (dr-wide-rules.h).  `squares` holds bits 0-63 only:
 * ask dr_geometry_row_file() whether a bit is a playing square.
 *
 * Numbering.  Square numbers follow the PDN 3.0 GameType of each variant
 * (shared/design/PDN.md §4): the corner holding square 1 as White sees the
 * board, numbering rank by rank.  Names are algebraic, a1 at White's lower
 * left.  "Mirrored" boards (Italian, Spanish: PDN invert flag 1) have a light
 * square at a1; internally they are the standard board reflected left to
 * right, so the move generator never knows.
 */
#pragma once

#include <stddef.h>

#include "dr-types.h"

typedef enum
{
  DR_CORNER_BOTTOM_LEFT  = 0,
  DR_CORNER_BOTTOM_RIGHT = 1,
  DR_CORNER_TOP_LEFT     = 2,
  DR_CORNER_TOP_RIGHT    = 3,
} DrCorner;

typedef struct
{
  uint8_t    width;        /* files */
  uint8_t    height;       /* ranks */
  uint8_t    n_squares;    /* playing squares */
  bool       all_squares;  /* every square is played on (Turkish) */
  bool       dense;        /* bit = 8 * row + file, squares from the mask (Lasca) */
  bool       wide;         /* 12x12, bits 0-71 by square number (Canadian; above) */
  bool       mirrored;     /* a1 is not a playing square (PDN invert flag 1) */
  DrCorner   corner;       /* where square 1 lies, as White sees the board */
  uint8_t    half;         /* playing squares per rank on diagonal boards */
  uint8_t    period;       /* bits per pair of ranks: 2 * half + 3 */
  DrBitboard squares;      /* every playing square */
} DrGeometry;

extern const DrGeometry dr_geometry_10x10;          /* International, Frisian: 1 = b10 */
extern const DrGeometry dr_geometry_8x8;            /* 1 = b8 ... 32 = g1 (English etc.) */
extern const DrGeometry dr_geometry_8x8_italian;    /* mirrored, 1 = a8 ... 32 = h1 */
extern const DrGeometry dr_geometry_8x8_spanish;    /* mirrored, 1 = h1 ... 32 = a8 */
extern const DrGeometry dr_geometry_8x8_full;       /* Turkish, all 64 squares */
extern const DrGeometry dr_geometry_7x7;            /* Lasca: light squares, 1 = a7 ... 25 = g1 */
extern const DrGeometry dr_geometry_12x12;          /* Canadian: 1 = b12 ... 72 = k1, wide */

/* Internal coordinates: row 0 is the top rank as White sees it, file 0 the
 * leftmost file of the standard (not mirrored) orientation. */
int      dr_geometry_bit_at          (const DrGeometry *g,
                                      int               row,
                                      int               file);
bool     dr_geometry_row_file        (const DrGeometry *g,
                                      int               bit,
                                      int              *row,
                                      int              *file);
DrBitboard dr_geometry_row_mask      (const DrGeometry *g,
                                      int               row);

/* The two diagonal steps of a diagonal board (not Turkish's): from a square,
 * bit - @near and bit - @far are its neighbours towards row 0 (White's
 * forward), bit + @near and bit + @far those away from it.  half + 1 and
 * half + 2 in the ghost layout; 7 and 9 on Lasca's dense 8-bit rows. */
static inline void
dr_geometry_diagonal_steps (const DrGeometry *g,
                            int              *near,
                            int              *far)
{
  *near = g->dense ? 7 : g->half + 1;
  *far = g->dense ? 9 : g->half + 2;
}

/* External coordinates: x = file (0 = a), y = rank (0 = rank 1). */
int      dr_geometry_bit_at_xy       (const DrGeometry *g,
                                      int               x,
                                      int               y);
bool     dr_geometry_xy              (const DrGeometry *g,
                                      int               bit,
                                      int              *x,
                                      int              *y);

/* Square numbers, 1-based, in @g's own numbering; -1 / 0 when out of range. */
int      dr_geometry_bit_from_number (const DrGeometry *g,
                                      int               number);
int      dr_geometry_number          (const DrGeometry *g,
                                      int               bit);
/* Numbers as in English checkers (1 = b8 ... 32 = g1), which real Russian,
 * Brazilian and Czech files use beside algebraic names. */
int      dr_geometry_bit_from_number_corner (const DrGeometry *g,
                                             DrCorner          corner,
                                             int               number);
int      dr_geometry_number_corner   (const DrGeometry *g,
                                      DrCorner          corner,
                                      int               bit);

/* Writes "c3" or "j10" (NUL-terminated) into @buf, which holds at least 4
 * bytes; returns the length. */
int      dr_geometry_name            (const DrGeometry *g,
                                      int               bit,
                                      char             *buf);

/* Reads one square at @text: a number (numbering of @g, or of @alt_corner
 * when >= 0) or an algebraic name.  Returns the bit index or -1, and the
 * number of characters read in @consumed (0 when nothing looked like a
 * square).  -1 with @consumed > 0 means a square that is not on the board
 * or not a playing square. */
int      dr_geometry_parse_square    (const DrGeometry *g,
                                      const char       *text,
                                      int               alt_corner,
                                      size_t           *consumed);
