/* dr-geometry.c — board layouts, square numbering and square names
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "dr-geometry.h"

#include "dr-bitboard.h"

#include <ctype.h>
#include <stdio.h>

/* Masks of the playing squares, written out so that the descriptions can be
 * const.  test-geometry recomputes them from the layout rule. */
#define SQUARES_10X10 UINT64_C (0x7DF3EF9F7CFBE7DF)
#define SQUARES_8X8   UINT64_C (0x000003DE7BCF79EF)

const DrGeometry dr_geometry_10x10 = {
  .width = 10, .height = 10, .n_squares = 50, .all_squares = false,
  .mirrored = false, .corner = DR_CORNER_TOP_LEFT,      /* GameType 20: N2 */
  .half = 5, .period = 13, .squares = SQUARES_10X10,
};

const DrGeometry dr_geometry_8x8 = {
  .width = 8, .height = 8, .n_squares = 32, .all_squares = false,
  /* GameType 21 "21,B,8,8,N1,0": square 1 at the lower right as Black (who
   * starts) sees it, which is White's upper left: 1 = b8. */
  .mirrored = false, .corner = DR_CORNER_TOP_LEFT,
  .half = 4, .period = 11, .squares = SQUARES_8X8,
};

const DrGeometry dr_geometry_8x8_italian = {
  .width = 8, .height = 8, .n_squares = 32, .all_squares = false,
  .mirrored = true, .corner = DR_CORNER_TOP_LEFT,       /* GameType 22: N2, invert */
  .half = 4, .period = 11, .squares = SQUARES_8X8,
};

const DrGeometry dr_geometry_8x8_spanish = {
  .width = 8, .height = 8, .n_squares = 32, .all_squares = false,
  .mirrored = true, .corner = DR_CORNER_BOTTOM_RIGHT,   /* GameType 24: N1, invert */
  .half = 4, .period = 11, .squares = SQUARES_8X8,
};

const DrGeometry dr_geometry_8x8_full = {
  .width = 8, .height = 8, .n_squares = 64, .all_squares = true,
  .mirrored = false, .corner = DR_CORNER_TOP_LEFT,
  .half = 8, .period = 16, .squares = UINT64_MAX,
};

const DrGeometry dr_geometry_7x7 = {
  .width = 7, .height = 7, .n_squares = 25, .all_squares = false, .dense = true,
  .mirrored = false, .corner = DR_CORNER_TOP_LEFT,
  .half = 4, .period = 8, .squares = UINT64_C (0x00552A552A552A55),
};

const DrGeometry dr_geometry_12x12 = {
  .width = 12, .height = 12, .n_squares = 72, .all_squares = false, .wide = true,
  .mirrored = false, .corner = DR_CORNER_TOP_LEFT,      /* GameType 27: N2 */
  .half = 6, .period = 15, .squares = UINT64_MAX,
};

int
dr_geometry_bit_at (const DrGeometry *g,
                    int               row,
                    int               file)
{
  if (row < 0 || row >= g->height || file < 0 || file >= g->width)
    return -1;
  if (g->all_squares)
    return row * 8 + file;
  if (g->dense)
    return dr_bb_has (g->squares, row * 8 + file) ? row * 8 + file : -1;
  /* Internal row 0 (even) has its playing squares on the odd files. */
  if (((row + file) & 1) == 0)
    return -1;
  if (g->wide)
    return (row * g->half + file / 2 + 1 + 69) % 72;
  return (row / 2) * g->period + (row % 2) * (g->half + 1) + file / 2;
}

bool
dr_geometry_row_file (const DrGeometry *g,
                      int               bit,
                      int              *row,
                      int              *file)
{
  int pair, rest;

  if (g->wide)
    {
      int index;

      if (bit < 0 || bit >= g->n_squares)
        return false;
      index = (bit + 2) % 72;            /* number - 1 */
      *row = index / g->half;
      *file = 2 * (index % g->half) + ((*row & 1) == 0 ? 1 : 0);
      return true;
    }
  if (bit < 0 || bit >= 64 || (g->squares & dr_bb_bit (bit)) == 0)
    return false;
  if (g->all_squares || g->dense)
    {
      *row = bit / 8;
      *file = bit % 8;
      return true;
    }
  pair = bit / g->period;
  rest = bit % g->period;
  if (rest < g->half)
    {
      *row = 2 * pair;
      *file = 2 * rest + 1;
    }
  else
    {
      *row = 2 * pair + 1;
      *file = 2 * (rest - g->half - 1);
    }
  return true;
}

DrBitboard
dr_geometry_row_mask (const DrGeometry *g,
                      int               row)
{
  DrBitboard mask = 0;

  for (int file = 0; file < g->width; file++)
    {
      int bit = dr_geometry_bit_at (g, row, file);
      if (bit >= 0)
        mask |= dr_bb_bit (bit);
    }
  return mask;
}

int
dr_geometry_bit_at_xy (const DrGeometry *g,
                       int               x,
                       int               y)
{
  if (x < 0 || x >= g->width || y < 0 || y >= g->height)
    return -1;
  return dr_geometry_bit_at (g, g->height - 1 - y,
                             g->mirrored ? g->width - 1 - x : x);
}

bool
dr_geometry_xy (const DrGeometry *g,
                int               bit,
                int              *x,
                int              *y)
{
  int row, file;

  if (!dr_geometry_row_file (g, bit, &row, &file))
    return false;
  *y = g->height - 1 - row;
  *x = g->mirrored ? g->width - 1 - file : file;
  return true;
}

/* Square @number counted from @corner: rank by rank starting with the rank
 * of the corner, and within a rank from the corner's side. */
int
dr_geometry_bit_from_number_corner (const DrGeometry *g,
                                    DrCorner          corner,
                                    int               number)
{
  int per_rank = g->n_squares / g->height;
  int k, j, y, first, x;
  bool from_bottom = corner == DR_CORNER_BOTTOM_LEFT || corner == DR_CORNER_BOTTOM_RIGHT;
  bool from_left = corner == DR_CORNER_BOTTOM_LEFT || corner == DR_CORNER_TOP_LEFT;

  if (number < 1 || number > g->n_squares)
    return -1;
  if (g->dense)
    {
      /* Ranks of unequal length (7x7): count the playing squares in order. */
      for (int i = 0; i < g->height; i++)
        for (int jj = 0; jj < g->width; jj++)
          {
            int yy = from_bottom ? i : g->height - 1 - i;
            int xx = from_left ? jj : g->width - 1 - jj;
            int bit = dr_geometry_bit_at_xy (g, xx, yy);

            if (bit >= 0 && --number == 0)
              return bit;
          }
      return -1;
    }
  k = (number - 1) / per_rank;
  j = (number - 1) % per_rank;
  y = from_bottom ? k : g->height - 1 - k;
  if (g->all_squares)
    x = from_left ? j : g->width - 1 - j;
  else
    {
      /* The playing squares of rank y are every other file from the first:
       * a1 is a playing square on the standard board, not on a mirrored one. */
      first = ((y & 1) == 0) == !g->mirrored ? 0 : 1;
      x = from_left ? first + 2 * j : first + 2 * (per_rank - 1) - 2 * j;
    }
  return dr_geometry_bit_at_xy (g, x, y);
}

int
dr_geometry_number_corner (const DrGeometry *g,
                           DrCorner          corner,
                           int               bit)
{
  int per_rank = g->n_squares / g->height;
  int x, y, k, j = 0;
  bool from_bottom = corner == DR_CORNER_BOTTOM_LEFT || corner == DR_CORNER_BOTTOM_RIGHT;
  bool from_left = corner == DR_CORNER_BOTTOM_LEFT || corner == DR_CORNER_TOP_LEFT;

  if (!dr_geometry_xy (g, bit, &x, &y))
    return 0;
  if (g->dense)
    {
      int n = 0;

      for (int i = 0; i < g->height; i++)
        for (int jj = 0; jj < g->width; jj++)
          {
            int yy = from_bottom ? i : g->height - 1 - i;
            int xx = from_left ? jj : g->width - 1 - jj;
            int b = dr_geometry_bit_at_xy (g, xx, yy);

            if (b >= 0)
              n++;
            if (b == bit)
              return n;
          }
      return 0;
    }
  k = from_bottom ? y : g->height - 1 - y;
  for (int i = 0; i < g->width; i++)
    {
      int xi = from_left ? i : g->width - 1 - i;
      if (xi == x)
        break;
      if (dr_geometry_bit_at_xy (g, xi, y) >= 0)
        j++;
    }
  return k * per_rank + j + 1;
}

int
dr_geometry_bit_from_number (const DrGeometry *g,
                             int               number)
{
  return dr_geometry_bit_from_number_corner (g, g->corner, number);
}

int
dr_geometry_number (const DrGeometry *g,
                    int               bit)
{
  return dr_geometry_number_corner (g, g->corner, bit);
}

int
dr_geometry_name (const DrGeometry *g,
                  int               bit,
                  char             *buf)
{
  int x, y;

  if (!dr_geometry_xy (g, bit, &x, &y))
    {
      buf[0] = '?';
      buf[1] = '\0';
      return 1;
    }
  return snprintf (buf, 4, "%c%d", 'a' + x, y + 1);
}

int
dr_geometry_parse_square (const DrGeometry *g,
                          const char       *text,
                          int               alt_corner,
                          size_t           *consumed)
{
  size_t i = 0;
  int value = 0;

  *consumed = 0;
  if (text[0] >= 'a' && text[0] <= 'z')
    {
      int x = text[0] - 'a';

      if (!isdigit ((unsigned char) text[1]))
        return -1;
      for (i = 1; isdigit ((unsigned char) text[i]) && i < 4; i++)
        value = value * 10 + (text[i] - '0');
      *consumed = i;
      return dr_geometry_bit_at_xy (g, x, value - 1);
    }
  if (!isdigit ((unsigned char) text[0]))
    return -1;
  for (i = 0; isdigit ((unsigned char) text[i]); i++)
    {
      if (value < 1000)
        value = value * 10 + (text[i] - '0');
    }
  *consumed = i;
  if (alt_corner >= 0)
    return dr_geometry_bit_from_number_corner (g, (DrCorner) alt_corner, value);
  return dr_geometry_bit_from_number (g, value);
}
