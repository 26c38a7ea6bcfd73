/* dr-egdb-index.c — endgame databases: slices, names and position indices
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The scheme is described in dr-egdb-private.h.
 */

#define G_LOG_DOMAIN "dr-egdb"

#include "dr-egdb-private.h"

#include "dr-bitboard.h"

#include <assert.h>
#include <string.h>

void
_dr_egdb_board_init (EgdbBoard     *board,
                     const DrRules *rules)
{
  const DrGeometry *g = rules->geometry;
  DrBitboard top = 0;

  memset (board, 0, sizeof *board);
  board->rules = rules;
  board->half = g->half;
  for (int bit = 0; bit < 64; bit++)
    {
      board->square_of[bit] = -1;
      if (dr_bb_has (g->squares, bit))
        {
          assert (board->n < EGDB_MAX_SQUARES);
          board->square_of[bit] = (int8_t) board->n;
          board->bit_of[board->n++] = (uint8_t) bit;
        }
    }
  /* The scheme needs White crowned on the first @half squares (the top
   * rank, lowest bits) and Black on the last ones. */
  for (int s = 0; s < board->half; s++)
    top |= dr_bb_bit (board->bit_of[s]);
  assert (top == dr_rules_promotion_mask (rules, DR_SIDE_WHITE));
  (void) top;
  for (int n = 0; n <= EGDB_MAX_SQUARES; n++)
    {
      board->binomial[n][0] = 1;
      for (int k = 1; k <= EGDB_MAX_PIECES; k++)
        board->binomial[n][k] = n == 0 ? 0 : board->binomial[n - 1][k - 1] + board->binomial[n - 1][k];
    }
}

static inline uint64_t
binom (const EgdbBoard *board,
       int              n,
       int              k)
{
  if (n < 0 || k < 0 || k > EGDB_MAX_PIECES)
    return 0;
  return board->binomial[n][k];
}

uint64_t
_dr_egdb_part_size (const EgdbBoard *board,
                    EgdbMaterial     m)
{
  int n = board->n, men_squares = board->n - board->half;

  return binom (board, men_squares, m.m0) * binom (board, men_squares, m.m1)
         * binom (board, n - m.m0 - m.m1, m.k0) * binom (board, n - m.m0 - m.m1 - m.k0, m.k1);
}

EgdbMaterial
_dr_egdb_material (const DrPosition *pos)
{
  int us = pos->turn, them = us ^ 1;
  EgdbMaterial m;

  m.m0 = (uint8_t) dr_bb_count (pos->pieces[us] & ~pos->kings);
  m.k0 = (uint8_t) dr_bb_count (pos->pieces[us] & pos->kings);
  m.m1 = (uint8_t) dr_bb_count (pos->pieces[them] & ~pos->kings);
  m.k1 = (uint8_t) dr_bb_count (pos->pieces[them] & pos->kings);
  return m;
}

/* @b as a set of 0-based squares; turned half way round if @flip. */
static inline uint64_t
to_squares (const EgdbBoard *board,
            DrBitboard       b,
            bool             flip)
{
  uint64_t s = 0;

  for (; b != 0; b = dr_bb_rest (b))
    {
      int sq = board->square_of[dr_bb_first (b)];
      s |= (uint64_t) 1 << (flip ? board->n - 1 - sq : sq);
    }
  return s;
}

/* Colex rank of the set @s, its members shifted down by @offset. */
static inline uint64_t
rank_set (const EgdbBoard *board,
          uint64_t         s,
          int              offset)
{
  uint64_t r = 0;
  int i = 1;

  for (; s != 0; s &= s - 1, i++)
    r += binom (board, __builtin_ctzll (s) - offset, i);
  return r;
}

/* Colex rank of @s counted among the squares not in @taken. */
static inline uint64_t
rank_among (const EgdbBoard *board,
            uint64_t         s,
            uint64_t         taken)
{
  uint64_t r = 0;
  int i = 1;

  for (; s != 0; s &= s - 1, i++)
    {
      int sq = __builtin_ctzll (s);
      int rel = sq - dr_bb_count (taken & (((uint64_t) 1 << sq) - 1));
      r += binom (board, rel, i);
    }
  return r;
}

uint64_t
_dr_egdb_index (const EgdbBoard  *board,
                const DrPosition *pos)
{
  int us = pos->turn, them = us ^ 1;
  bool flip = us == DR_SIDE_BLACK;
  uint64_t wm = to_squares (board, pos->pieces[us] & ~pos->kings, flip);
  uint64_t wk = to_squares (board, pos->pieces[us] & pos->kings, flip);
  uint64_t bm = to_squares (board, pos->pieces[them] & ~pos->kings, flip);
  uint64_t bk = to_squares (board, pos->pieces[them] & pos->kings, flip);
  int a = dr_bb_count (wm), b = dr_bb_count (wk), c = dr_bb_count (bm), d = dr_bb_count (bk);
  int n = board->n, men_squares = n - board->half;
  uint64_t index;

  index = rank_set (board, wm, board->half);
  index = index * binom (board, men_squares, c) + rank_set (board, bm, 0);
  index = index * binom (board, n - a - c, b) + rank_among (board, wk, wm | bm);
  index = index * binom (board, n - a - c - b, d) + rank_among (board, bk, wm | bm | wk);
  return index;
}

/* The set of @k squares of colex rank @r, each shifted up by @offset:
 * for each member from the highest, the largest x below @top with
 * C(x, i) <= r (a binary search; the last member is r itself). */
static uint64_t
unrank_set (const EgdbBoard *board,
            uint64_t         r,
            int              k,
            int              top,
            int              offset)
{
  uint64_t s = 0;

  for (int i = k; i >= 2; i--)
    {
      int lo = i - 1, hi = top - 1;

      while (lo < hi)
        {
          int mid = (lo + hi + 1) / 2;
          if (board->binomial[mid][i] <= r)
            lo = mid;
          else
            hi = mid - 1;
        }
      r -= board->binomial[lo][i];
      s |= (uint64_t) 1 << (lo + offset);
      top = lo;
    }
  if (k >= 1)
    s |= (uint64_t) 1 << (r + (uint64_t) offset);
  return s;
}

/* The set of @k squares of rank @r among the squares not in @taken: the
 * relative squares, each moved up past the taken squares at or below it
 * (few: at most the pieces of a slice). */
static uint64_t
unrank_among (const EgdbBoard *board,
              uint64_t         r,
              int              k,
              uint64_t         taken)
{
  uint64_t rel = unrank_set (board, r, k, board->n - dr_bb_count (taken), 0), s = 0;

  for (; rel != 0; rel &= rel - 1)
    {
      int sq = __builtin_ctzll (rel);

      for (uint64_t t = taken; t != 0; t &= t - 1)
        if (__builtin_ctzll (t) <= sq)
          sq++;
      s |= (uint64_t) 1 << sq;
    }
  return s;
}

bool
_dr_egdb_unindex_cached (const EgdbBoard *board,
                         EgdbMaterial     m,
                         uint64_t         index,
                         DrPosition      *pos,
                         EgdbUnindexCache *cache)
{
  int n = board->n, men_squares = n - board->half;
  uint64_t nbk = binom (board, n - m.m0 - m.m1 - m.k0, m.k1);
  uint64_t nwk = binom (board, n - m.m0 - m.m1, m.k0);
  uint64_t nbm = binom (board, men_squares, m.m1);
  uint64_t rbk = index % nbk, rwk, men;
  uint64_t wm, bm, wk, bk;

  index /= nbk;
  rwk = index % nwk;
  men = index / nwk;
  /* Consecutive indices share their men (and often White's kings): the
   * cache keeps the last ones decoded. */
  if (cache != NULL && cache->valid && cache->men == men)
    {
      wm = cache->wm, bm = cache->bm;
      if (!cache->men_ok)
        return false;
    }
  else
    {
      wm = unrank_set (board, men / nbm, m.m0, men_squares, board->half);
      bm = unrank_set (board, men % nbm, m.m1, men_squares, 0);
      if (cache != NULL)
        {
          cache->valid = true;
          cache->men = men, cache->wm = wm, cache->bm = bm;
          cache->men_ok = (wm & bm) == 0;
          cache->rwk = UINT64_MAX;
        }
      if ((wm & bm) != 0)
        return false;
    }
  if (cache != NULL && cache->rwk == rwk)
    wk = cache->wk;
  else
    {
      wk = unrank_among (board, rwk, m.k0, wm | bm);
      if (cache != NULL)
        cache->rwk = rwk, cache->wk = wk;
    }
  bk = unrank_among (board, rbk, m.k1, wm | bm | wk);

  memset (pos, 0, sizeof *pos);
  pos->king_run_square[0] = pos->king_run_square[1] = DR_NO_SQUARE;
  pos->turn = DR_SIDE_WHITE;
  for (uint64_t s = wm | wk; s != 0; s &= s - 1)
    pos->pieces[0] |= (DrBitboard) 1 << board->bit_of[__builtin_ctzll (s)];
  for (uint64_t s = bm | bk; s != 0; s &= s - 1)
    pos->pieces[1] |= (DrBitboard) 1 << board->bit_of[__builtin_ctzll (s)];
  for (uint64_t s = wk | bk; s != 0; s &= s - 1)
    pos->kings |= (DrBitboard) 1 << board->bit_of[__builtin_ctzll (s)];
  return true;
}

bool
_dr_egdb_unindex (const EgdbBoard *board,
                  EgdbMaterial     m,
                  uint64_t         index,
                  DrPosition      *pos)
{
  return _dr_egdb_unindex_cached (board, m, index, pos, NULL);
}

static void
append_side (GString *out,
             int      men,
             int      kings)
{
  for (int i = 0; i < men; i++)
    g_string_append_c (out, 'm');
  for (int i = 0; i < kings; i++)
    g_string_append_c (out, 'k');
}

char *
_dr_egdb_material_name (EgdbMaterial m)
{
  GString *out = g_string_new (NULL);

  append_side (out, m.m0, m.k0);
  g_string_append_c (out, '-');
  append_side (out, m.m1, m.k1);
  return g_string_free (out, FALSE);
}

static bool
parse_side (const char *text,
            uint8_t    *men,
            uint8_t    *kings)
{
  const char *p = text;

  *men = *kings = 0;
  while (*p == 'm')
    (*men)++, p++;
  while (*p == 'k')
    (*kings)++, p++;
  return *p == '\0' && *men + *kings > 0 && *men + *kings <= EGDB_MAX_PIECES;
}

bool
_dr_egdb_parse_slice (const char   *name,
                      EgdbMaterial *m)
{
  g_auto (GStrv) sides = g_strsplit (name, "-", -1);

  if (g_strv_length (sides) != 2)
    return false;
  if (!parse_side (sides[0], &m->m0, &m->k0) || !parse_side (sides[1], &m->m1, &m->k1))
    return false;
  return m->m0 + m->k0 + m->m1 + m->k1 <= EGDB_MAX_PIECES;
}

EgdbMaterial
_dr_egdb_swap (EgdbMaterial m)
{
  EgdbMaterial s = { m.m1, m.k1, m.m0, m.k0 };
  return s;
}

bool
_dr_egdb_material_equal (EgdbMaterial a,
                         EgdbMaterial b)
{
  return a.m0 == b.m0 && a.k0 == b.k0 && a.m1 == b.m1 && a.k1 == b.k1;
}

EgdbMaterial
_dr_egdb_canonical (EgdbMaterial m)
{
  int n0 = m.m0 + m.k0, n1 = m.m1 + m.k1;

  if (n1 > n0 || (n1 == n0 && m.k1 > m.k0))
    return _dr_egdb_swap (m);
  return m;
}
