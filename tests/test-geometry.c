/* test-geometry.c — board layouts, square numbers and square names
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected square numbers come from the PDN 3.0 GameType definitions
 * (shared/design/PDN.md §4) and the federation texts quoted in
 * notes/variants.md section C, never from this project's code:
 *
 *   International "20,W,10,10,N2,0": 1 = b10, 5 = j10, 6 = a9, 46 = a1, 50 = i1
 *     (a1 is a playing square, numbering from White's top left).
 *   English "21,B,8,8,N1,0": 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1; the
 *     same numbers as lidraughts' Russian 64-square numbering
 *     (shared/data/russian/README.md: b4 = 17, a3 = 21, from the FMJD
 *     ballot "1-I").
 *   Italian "22,W,8,8,N2,1" (FID 2.3-2.4): 1 = a8, 2 = c8 ... 29 = b1, 32 = h1.
 *   Spanish "24,W,8,8,N1,1" (FPD rule 3): 1 = h1, 4 = b1, 5 = g2 ... 32 = a8.
 *   Turkish "30,W,8,8,A0,0" is algebraic on all 64 squares; its numbers
 *     are pydraughts' private 1-64 row-major numbering from a8 (its start
 *     FEN W:W41-56:B9-24, notes/variants.md C.4).
 *
 * The layout facts (diagonal neighbours, ghost squares) are those
 * documented in dr-geometry.h: each pair of ranks is half squares of the
 * upper rank, one ghost, half squares of the lower rank and two ghosts.
 */

#include "config.h"

#include "dr-bitboard.h"
#include "dr-geometry.h"

#include <glib.h>
#include <stdlib.h>
#include <string.h>

/* A square as a fact about the board: its number and its algebraic name. */
typedef struct
{
  int         number;
  const char *name;
} SquareFact;

typedef struct
{
  const char       *path;
  const DrGeometry *geometry;
  /* The GameType spec, from which every square's number is derived. */
  int               width;
  int               height;
  bool              from_bottom;  /* notation digit 0/1 (as White sees it) */
  bool              from_right;
  bool              invert;       /* invert flag 1: a1 is not a playing square */
  bool              all_squares;  /* Turkish */
  SquareFact        facts[16];    /* spot checks written out from the texts; number 0 ends */
  const char       *source;
} NumberingCase;

static const NumberingCase numbering_cases[] = {
  { "/engine/geometry/numbering/international", &dr_geometry_10x10,
    10, 10, false, false, false, false,
    { { 1, "b10" }, { 2, "d10" }, { 5, "j10" }, { 6, "a9" }, { 10, "i9" }, { 11, "b8" },
      { 16, "a7" }, { 46, "a1" }, { 47, "c1" }, { 50, "i1" }, { 45, "j2" }, { 41, "b2" } },
    "PDN.md §4 GameType 20 \"20,W,10,10,N2,0\": 1 = b10, 46 = a1, 50 = i1" },
  { "/engine/geometry/numbering/english", &dr_geometry_8x8,
    8, 8, false, false, false, false,
    { { 1, "b8" }, { 2, "d8" }, { 4, "h8" }, { 5, "a7" }, { 8, "g7" }, { 17, "b4" },
      { 21, "a3" }, { 22, "c3" }, { 29, "a1" }, { 30, "c1" }, { 32, "g1" } },
    "PDN.md §4 GameType 21 \"21,B,8,8,N1,0\": 1 = b8 ... 32 = g1; "
    "russian/README.md and the FMJD ballot 1-I: b4 = 17, a3 = 21" },
  { "/engine/geometry/numbering/italian", &dr_geometry_8x8_italian,
    8, 8, false, false, true, false,
    { { 1, "a8" }, { 2, "c8" }, { 3, "e8" }, { 4, "g8" }, { 5, "b7" }, { 8, "h7" },
      { 21, "b3" }, { 24, "h3" }, { 25, "a2" }, { 28, "g2" }, { 29, "b1" }, { 30, "d1" },
      { 31, "f1" }, { 32, "h1" } },
    "notes/variants.md C.1, FID 2.3-2.4 \"22,W,8,8,N2,1\"" },
  { "/engine/geometry/numbering/spanish", &dr_geometry_8x8_spanish,
    8, 8, true, true, true, false,
    { { 1, "h1" }, { 2, "f1" }, { 3, "d1" }, { 4, "b1" }, { 5, "g2" }, { 6, "e2" },
      { 7, "c2" }, { 8, "a2" }, { 9, "h3" }, { 12, "b3" }, { 29, "g8" }, { 30, "e8" },
      { 31, "c8" }, { 32, "a8" } },
    "notes/variants.md C.2, FPD rule 3 \"24,W,8,8,N1,1\"" },
  { "/engine/geometry/numbering/turkish", &dr_geometry_8x8_full,
    8, 8, false, false, false, true,
    { { 1, "a8" }, { 8, "h8" }, { 9, "a7" }, { 24, "h6" }, { 41, "a3" }, { 56, "h2" },
      { 57, "a1" }, { 64, "h1" } },
    "notes/variants.md C.4: all 64 squares; pydraughts numbers them row by row from a8" },
};

static const struct
{
  const char       *name;
  const DrGeometry *geometry;
} all_geometries[] = {
  { "10x10", &dr_geometry_10x10 },
  { "8x8", &dr_geometry_8x8 },
  { "8x8-italian", &dr_geometry_8x8_italian },
  { "8x8-spanish", &dr_geometry_8x8_spanish },
  { "8x8-full", &dr_geometry_8x8_full },
};

/* The diagonal boards of the layout tests (Turkish has no ghosts). */
static const struct
{
  const char       *name;
  const DrGeometry *geometry;
  int               half;
} diagonal_geometries[] = {
  { "10x10", &dr_geometry_10x10, 5 },
  { "8x8", &dr_geometry_8x8, 4 },
  { "8x8-italian", &dr_geometry_8x8_italian, 4 },
  { "8x8-spanish", &dr_geometry_8x8_spanish, 4 },
};

static void
name_of_xy (int   x,
            int   y,
            char *buf)
{
  g_snprintf (buf, 8, "%c%d", 'a' + x, y + 1);
}

static void
xy_of_name (const char *name,
            int        *x,
            int        *y)
{
  *x = name[0] - 'a';
  *y = atoi (name + 1) - 1;
}

/* Is (x, y) a playing square?  Invert flag 0: a1 is dark and played on, so
 * the squares with x + y even; invert flag 1: x + y odd (PDN.md §4). */
static bool
spec_is_playing (const NumberingCase *c,
                 int                  x,
                 int                  y)
{
  if (c->all_squares)
    return true;
  return ((x + y) & 1) == (c->invert ? 1 : 0);
}

/* Square @number of the GameType spec of @c, as x and y: ranks numbered from
 * the corner's rank, squares within a rank from the corner's side, "the
 * principal numbering direction is always horizontal" (PDN.md §4). */
static void
spec_xy (const NumberingCase *c,
         int                  number,
         int                 *x,
         int                 *y)
{
  int per_rank = c->all_squares ? c->width : c->width / 2;
  int k = (number - 1) / per_rank;
  int j = (number - 1) % per_rank;
  int seen = 0;

  *y = c->from_bottom ? k : c->height - 1 - k;
  for (int i = 0; i < c->width; i++)
    {
      int xi = c->from_right ? c->width - 1 - i : i;
      if (!spec_is_playing (c, xi, *y))
        continue;
      if (seen++ == j)
        {
          *x = xi;
          return;
        }
    }
  g_assert_not_reached ();
}

static void
test_numbering (gconstpointer data)
{
  const NumberingCase *c = data;
  const DrGeometry *g = c->geometry;
  DrBitboard seen = 0;
  int n_squares = c->all_squares ? c->width * c->height : c->width * c->height / 2;

  g_assert_cmpint (g->width, ==, c->width);
  g_assert_cmpint (g->height, ==, c->height);
  g_assert_cmpint (g->n_squares, ==, n_squares);
  g_assert_cmpint (g->mirrored, ==, c->invert);
  g_assert_cmpint (g->all_squares, ==, c->all_squares);

  /* The spot checks, as the texts write them. */
  for (int i = 0; i < (int) G_N_ELEMENTS (c->facts) && c->facts[i].number != 0; i++)
    {
      const SquareFact *f = &c->facts[i];
      int bit = dr_geometry_bit_from_number (g, f->number);
      char name[8];
      int x, y;

      if (bit < 0)
        g_test_message ("%s: square %d has no bit (%s)", c->path, f->number, c->source);
      g_assert_cmpint (bit, >=, 0);
      dr_geometry_name (g, bit, name);
      if (strcmp (name, f->name) != 0)
        g_test_message ("%s: square %d is %s, expected %s (%s)",
                        c->path, f->number, name, f->name, c->source);
      g_assert_cmpstr (name, ==, f->name);
      xy_of_name (f->name, &x, &y);
      g_assert_cmpint (dr_geometry_bit_at_xy (g, x, y), ==, bit);
      g_assert_cmpint (dr_geometry_number (g, bit), ==, f->number);
    }

  /* Every square of the spec. */
  for (int number = 1; number <= n_squares; number++)
    {
      int bit = dr_geometry_bit_from_number (g, number);
      char name[8], expected[8];
      int x, y, gx = -1, gy = -1;

      spec_xy (c, number, &x, &y);
      g_assert_cmpint (bit, >=, 0);
      g_assert_cmpint (bit, <, 64);
      g_assert_true (dr_bb_has (g->squares, bit));
      g_assert_false (dr_bb_has (seen, bit));
      seen |= dr_bb_bit (bit);

      /* number <-> bit */
      g_assert_cmpint (dr_geometry_number (g, bit), ==, number);
      /* bit <-> xy */
      g_assert_true (dr_geometry_xy (g, bit, &gx, &gy));
      g_assert_cmpint (gx, ==, x);
      g_assert_cmpint (gy, ==, y);
      g_assert_cmpint (dr_geometry_bit_at_xy (g, x, y), ==, bit);
      /* bit -> name */
      name_of_xy (x, y, expected);
      g_assert_cmpint (dr_geometry_name (g, bit, name), ==, (int) strlen (expected));
      g_assert_cmpstr (name, ==, expected);
    }
  g_assert_cmpuint (seen, ==, g->squares);
  g_assert_cmpint (dr_bb_count (g->squares), ==, n_squares);

  /* Every (x, y): playing squares exactly where the spec has them. */
  for (int y = 0; y < c->height; y++)
    for (int x = 0; x < c->width; x++)
      {
        int bit = dr_geometry_bit_at_xy (g, x, y);
        if (spec_is_playing (c, x, y))
          g_assert_cmpint (bit, >=, 0);
        else
          g_assert_cmpint (bit, ==, -1);
      }

  /* Numbers out of range. */
  g_assert_cmpint (dr_geometry_bit_from_number (g, 0), ==, -1);
  g_assert_cmpint (dr_geometry_bit_from_number (g, -1), ==, -1);
  g_assert_cmpint (dr_geometry_bit_from_number (g, n_squares + 1), ==, -1);
  g_assert_cmpint (dr_geometry_bit_at_xy (g, -1, 0), ==, -1);
  g_assert_cmpint (dr_geometry_bit_at_xy (g, 0, -1), ==, -1);
  g_assert_cmpint (dr_geometry_bit_at_xy (g, c->width, 0), ==, -1);
  g_assert_cmpint (dr_geometry_bit_at_xy (g, 0, c->height), ==, -1);
}

/* Bits that are not playing squares have no number, no xy and no name. */
static void
test_ghosts_have_no_number (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (all_geometries); i++)
    {
      const DrGeometry *g = all_geometries[i].geometry;

      for (int bit = -1; bit <= 64; bit++)
        {
          int x, y;
          char name[8];

          if (bit >= 0 && bit < 64 && dr_bb_has (g->squares, bit))
            continue;
          g_assert_cmpint (dr_geometry_number (g, bit), ==, 0);
          g_assert_false (dr_geometry_xy (g, bit, &x, &y));
          dr_geometry_name (g, bit, name);
          g_assert_cmpstr (name, ==, "?");
        }
    }
}

/* The squares mask is the set of bits that dr_geometry_bit_at gives over
 * all (row, file), and those bits are distinct. */
static void
test_squares_mask (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (all_geometries); i++)
    {
      const DrGeometry *g = all_geometries[i].geometry;
      DrBitboard set = 0;
      int n = 0;

      for (int row = -1; row <= g->height; row++)
        for (int file = -1; file <= g->width; file++)
          {
            int bit = dr_geometry_bit_at (g, row, file);
            int r = -1, f = -1;

            if (row < 0 || row >= g->height || file < 0 || file >= g->width)
              {
                g_assert_cmpint (bit, ==, -1);
                continue;
              }
            /* Standard orientation: a1 dark, so the top-left corner (row
             * 0, file 0) is light and row 0 plays on the odd files. */
            if (!g->all_squares && ((row + file) & 1) == 0)
              {
                g_assert_cmpint (bit, ==, -1);
                continue;
              }
            g_assert_cmpint (bit, >=, 0);
            g_assert_cmpint (bit, <, 64);
            g_assert_false (dr_bb_has (set, bit));
            set |= dr_bb_bit (bit);
            n++;
            g_assert_true (dr_geometry_row_file (g, bit, &r, &f));
            g_assert_cmpint (r, ==, row);
            g_assert_cmpint (f, ==, file);
            g_assert_true (dr_bb_has (dr_geometry_row_mask (g, row), bit));
          }
      g_assert_cmpint (n, ==, g->n_squares);
      g_assert_cmpuint (set, ==, g->squares);
      if (g->all_squares)
        g_assert_cmpuint (set, ==, UINT64_MAX);
    }
}

/* Turkish: "plain bit = 8 * row + file" (dr-geometry.h). */
static void
test_full_board_layout (void)
{
  const DrGeometry *g = &dr_geometry_8x8_full;

  for (int row = 0; row < 8; row++)
    for (int file = 0; file < 8; file++)
      g_assert_cmpint (dr_geometry_bit_at (g, row, file), ==, 8 * row + file);
  /* Row 0 is the top rank as White sees it: a8 .. h8. */
  g_assert_cmpint (dr_geometry_bit_at_xy (g, 0, 7), ==, 0);
  g_assert_cmpint (dr_geometry_bit_at_xy (g, 7, 0), ==, 63);
}

/* Diagonal neighbours at fixed offsets.  From the layout in dr-geometry.h,
 * square j of an upper (even) row is bit j of its pair, square j of the
 * lower row bit half + 1 + j, and an even row plays on the odd files: so
 * the square down-left of (row, 2j + 1) is (row + 1, 2j) = bit + half + 1,
 * down-right bit + half + 2, and by symmetry up-left -(half + 2), up-right
 * -(half + 1); the same file two ranks away is one period, 2 * half + 3. */
static void
test_neighbour_offsets (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (diagonal_geometries); i++)
    {
      const DrGeometry *g = diagonal_geometries[i].geometry;
      int half = diagonal_geometries[i].half;
      const struct { int dr, df, offset; } dirs[] = {
        { -1, -1, -(half + 2) },
        { -1, +1, -(half + 1) },
        { +1, -1, +(half + 1) },
        { +1, +1, +(half + 2) },
        { -2, 0, -(2 * half + 3) },
        { +2, 0, +(2 * half + 3) },
        { 0, -2, -1 },
        { 0, +2, +1 },
      };
      int n_checked = 0;

      g_assert_cmpint (g->half, ==, half);
      g_assert_cmpint (g->period, ==, 2 * half + 3);
      for (int row = 0; row < g->height; row++)
        for (int file = 0; file < g->width; file++)
          {
            int bit = dr_geometry_bit_at (g, row, file);

            if (bit < 0)
              continue;
            for (gsize d = 0; d < G_N_ELEMENTS (dirs); d++)
              {
                int r = row + dirs[d].dr, f = file + dirs[d].df;
                int there = bit + dirs[d].offset;

                if (r < 0 || r >= g->height || f < 0 || f >= g->width)
                  {
                    /* Off the board: a ghost bit or outside the word,
                     * never a playing square. */
                    if (there >= 0 && there < 64)
                      {
                        if (dr_bb_has (g->squares, there))
                          g_test_message ("%s: (%d,%d) step %+d lands on playing bit %d",
                                          diagonal_geometries[i].name, row, file,
                                          dirs[d].offset, there);
                        g_assert_false (dr_bb_has (g->squares, there));
                      }
                    /* The shifted bitboard agrees. */
                    g_assert_cmpuint (dr_bb_shift (dr_bb_bit (bit), dirs[d].offset) & g->squares, ==, 0);
                    continue;
                  }
                g_assert_cmpint (dr_geometry_bit_at (g, r, f), ==, there);
                g_assert_cmpuint (dr_bb_shift (dr_bb_bit (bit), dirs[d].offset), ==, dr_bb_bit (there));
                n_checked++;
              }
          }
      g_assert_cmpint (n_checked, >, 0);
    }
}

/* Every edge square, explicitly: the four diagonal steps that leave the
 * board (as algebraic facts: a file, the first or last rank). */
static void
test_edges_step_off (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (diagonal_geometries); i++)
    {
      const DrGeometry *g = diagonal_geometries[i].geometry;
      int half = diagonal_geometries[i].half;
      /* In external coordinates (x right, y up as White sees it); mirrored
       * boards are reflected left to right internally, so up-left and
       * up-right swap there. */
      const struct { int dx, dy; } dirs[] = { { -1, +1 }, { +1, +1 }, { -1, -1 }, { +1, -1 } };
      int n_edges = 0;

      for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
          {
            int bit = dr_geometry_bit_at_xy (g, x, y);

            if (bit < 0 || (x > 0 && x < g->width - 1 && y > 0 && y < g->height - 1))
              continue;
            n_edges++;
            for (gsize d = 0; d < G_N_ELEMENTS (dirs); d++)
              {
                int nx = x + dirs[d].dx, ny = y + dirs[d].dy;
                int idx = dirs[d].dx < 0 ? 0 : 1;
                int offset, there;

                if (g->mirrored)
                  idx = 1 - idx;
                /* up: -(half + 2) for the internal left, -(half + 1) right;
                 * down: +(half + 1) left, +(half + 2) right. */
                if (dirs[d].dy > 0)
                  offset = idx == 0 ? -(half + 2) : -(half + 1);
                else
                  offset = idx == 0 ? half + 1 : half + 2;
                there = bit + offset;
                if (nx >= 0 && nx < g->width && ny >= 0 && ny < g->height)
                  {
                    g_assert_cmpint (dr_geometry_bit_at_xy (g, nx, ny), ==, there);
                    continue;
                  }
                g_assert_true (there < 0 || there >= 64 || !dr_bb_has (g->squares, there));
              }
          }
      /* Edge squares: 2 * (width - 1) + 2 * (height - 1) squares round the
       * rim, half of them dark. */
      g_assert_cmpint (n_edges, ==, g->width + g->height - 2);
    }
}

typedef struct
{
  const char       *name;
  const DrGeometry *geometry;
  const char       *text;
  int               alt_corner;
  const char       *square;    /* the algebraic name it means; NULL: not a playing square */
  size_t            consumed;
  const char       *source;
} ParseCase;

static const ParseCase parse_cases[] = {
  { "10x10-number-1", &dr_geometry_10x10, "1", -1, "b10", 1, "PDN.md §4: 1 = b10" },
  { "10x10-number-50", &dr_geometry_10x10, "50-", -1, "i1", 2, "PDN.md §4: 50 = i1; stops at '-'" },
  { "10x10-number-46", &dr_geometry_10x10, "46,", -1, "a1", 2, "46 = a1" },
  { "10x10-name-j10", &dr_geometry_10x10, "j10", -1, "j10", 3, "5 = j10 is a playing square" },
  { "10x10-name-a1", &dr_geometry_10x10, "a1:", -1, "a1", 2, "a1 dark on 10x10" },
  { "10x10-k1", &dr_geometry_10x10, "k1", -1, NULL, 2, "no k file on a 10x10 board" },
  { "10x10-51", &dr_geometry_10x10, "51", -1, NULL, 2, "50 squares" },
  { "10x10-0", &dr_geometry_10x10, "0", -1, NULL, 1, "numbers start at 1" },
  { "10x10-a2", &dr_geometry_10x10, "a2", -1, NULL, 2, "a2 is light (a1 dark)" },
  { "10x10-a11", &dr_geometry_10x10, "a11", -1, NULL, 3, "ten ranks" },
  { "8x8-number-1", &dr_geometry_8x8, "1", -1, "b8", 1, "PDN.md §4: 1 = b8" },
  { "8x8-number-32", &dr_geometry_8x8, "32", -1, "g1", 2, "32 = g1" },
  { "8x8-name-h8", &dr_geometry_8x8, "h8", -1, "h8", 2, "4 = h8" },
  { "8x8-a2", &dr_geometry_8x8, "a2", -1, NULL, 2, "a2 is light on the standard board" },
  { "8x8-i1", &dr_geometry_8x8, "i1", -1, NULL, 2, "eight files" },
  { "8x8-a9", &dr_geometry_8x8, "a9", -1, NULL, 2, "eight ranks" },
  { "8x8-33", &dr_geometry_8x8, "33", -1, NULL, 2, "32 squares" },
  { "8x8-explicit-corner", &dr_geometry_8x8, "29", DR_CORNER_TOP_LEFT, "a1", 2,
    "English numbers: 29 = a1" },
  { "italian-number-1", &dr_geometry_8x8_italian, "1", -1, "a8", 1, "FID 2.4: 1 = a8" },
  { "italian-a1", &dr_geometry_8x8_italian, "a1", -1, NULL, 2, "invert 1: a1 is light" },
  { "italian-a2", &dr_geometry_8x8_italian, "a2", -1, "a2", 2, "25 = a2" },
  { "spanish-number-1", &dr_geometry_8x8_spanish, "1", -1, "h1", 1, "FPD rule 3: 1 = h1" },
  { "spanish-number-32", &dr_geometry_8x8_spanish, "32", -1, "a8", 2, "32 = a8" },
  { "turkish-a1", &dr_geometry_8x8_full, "a1", -1, "a1", 2, "all 64 squares" },
  { "turkish-b1", &dr_geometry_8x8_full, "b1", -1, "b1", 2, "all 64 squares" },
  { "turkish-64", &dr_geometry_8x8_full, "64", -1, "h1", 2, "pydraughts: 64 = h1" },
  { "turkish-65", &dr_geometry_8x8_full, "65", -1, NULL, 2, "64 squares" },
  { "not-a-square", &dr_geometry_10x10, "x", -1, NULL, 0, "nothing that looks like a square" },
  { "not-a-square-colon", &dr_geometry_8x8, ":", -1, NULL, 0, "nothing that looks like a square" },
  { "not-a-square-empty", &dr_geometry_8x8, "", -1, NULL, 0, "nothing at all" },
};

static void
test_parse_square (gconstpointer data)
{
  const ParseCase *c = data;
  size_t consumed = 99;
  int bit = dr_geometry_parse_square (c->geometry, c->text, c->alt_corner, &consumed);

  g_assert_cmpuint (consumed, ==, c->consumed);
  if (c->square == NULL)
    g_assert_cmpint (bit, ==, -1);
  else
    {
      int x, y;
      xy_of_name (c->square, &x, &y);
      g_assert_cmpint (bit, >=, 0);
      g_assert_cmpint (bit, ==, dr_geometry_bit_at_xy (c->geometry, x, y));
    }
}

/* Every number and every name of every board parses back to its square. */
static void
test_parse_every_square (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (all_geometries); i++)
    {
      const DrGeometry *g = all_geometries[i].geometry;

      for (int number = 1; number <= g->n_squares; number++)
        {
          int bit = dr_geometry_bit_from_number (g, number);
          char text[16];
          size_t consumed;

          g_snprintf (text, sizeof text, "%d", number);
          g_assert_cmpint (dr_geometry_parse_square (g, text, -1, &consumed), ==, bit);
          g_assert_cmpuint (consumed, ==, strlen (text));
          dr_geometry_name (g, bit, text);
          g_assert_cmpint (dr_geometry_parse_square (g, text, -1, &consumed), ==, bit);
          g_assert_cmpuint (consumed, ==, strlen (text));
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (numbering_cases); i++)
    g_test_add_data_func (numbering_cases[i].path, &numbering_cases[i], test_numbering);
  g_test_add_func ("/engine/geometry/numbering/ghosts", test_ghosts_have_no_number);
  g_test_add_func ("/engine/geometry/layout/squares-mask", test_squares_mask);
  g_test_add_func ("/engine/geometry/layout/full-board", test_full_board_layout);
  g_test_add_func ("/engine/geometry/layout/neighbours", test_neighbour_offsets);
  g_test_add_func ("/engine/geometry/layout/edges", test_edges_step_off);
  for (gsize i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/geometry/parse/%s", parse_cases[i].name);
      g_test_add_data_func (path, &parse_cases[i], test_parse_square);
    }
  g_test_add_func ("/engine/geometry/parse/every-square", test_parse_every_square);
  return g_test_run ();
}
