/* dr-wide.c — International rules on the large boards (Canadian draughts)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules are the International generator's (dr-movegen-diag.h with the
 * flags dr-movegen.c gives "intl"), on a board whose size is a run-time
 * value:
 *   - capturing is compulsory and the capture that takes the most pieces
 *     must be made, kings and men counting alike (004 2.5.1, 003 3.4.3);
 *   - men move forward one square and capture forward and backward
 *     (004 1.5.3 via 2.1); they may capture kings;
 *   - kings move and capture any distance along a diagonal, landing on any
 *     free square beyond the piece taken, but on one from which the capture
 *     goes on when there is one (004 1.4.5, 1.5.2, 1.5.6);
 *   - captured pieces stay on the board until the capture ends and are
 *     lifted then (004 1.5.7, 1.5.12: the "Turkish strike"); they still
 *     block, and none is jumped twice (1.5.9);
 *   - a man that reaches the far rank during a capture and can go on
 *     capturing goes on as a man and is not crowned; one that ends its move
 *     there is crowned (004 2.5.2.1).
 * Duplicate captures (one move by several routes) are listed once unless
 * the list asks for all paths (ENGINES.md §0).
 */

#include "dr-wide.h"

#include <stdlib.h>
#include <string.h>

/* The masks as constant expressions, so the table is read-only data. */
#define ROW(h)       (((DrWideBoard) 1 << (h)) - 1)
#define PERIOD(h)    (2 * (h) + 3)
#define PAIR(h)      (ROW (h) | ROW (h) << ((h) + 1))
#define PAIR_AT(h, p) ((p) < (h) ? PAIR (h) << ((p) * PERIOD (h)) : 0)
#define SQUARES(h)   (PAIR_AT (h, 0) | PAIR_AT (h, 1) | PAIR_AT (h, 2) | PAIR_AT (h, 3) \
                      | PAIR_AT (h, 4) | PAIR_AT (h, 5) | PAIR_AT (h, 6))
#define GEOMETRY(h)                                                          \
  {                                                                          \
    .size = 2 * (h), .half = (h), .period = PERIOD (h),                      \
    .n_squares = 2 * (h) * (h), .n_men = ((h) - 1) * (h),                    \
    .squares = SQUARES (h),                                                  \
    .promo = { ROW (h), ROW (h) << (((h) - 1) * PERIOD (h) + (h) + 1) },     \
  }

static const DrWideGeometry geometries[] = {
  GEOMETRY (3), GEOMETRY (4), GEOMETRY (5), GEOMETRY (6), GEOMETRY (7),
};

const DrWideGeometry *
dr_wide_geometry (int size)
{
  if (size < DR_WIDE_MIN_SIZE || size > DR_WIDE_MAX_SIZE || size % 2 != 0)
    return NULL;
  return &geometries[(size - DR_WIDE_MIN_SIZE) / 2];
}

int
dr_wide_bit_from_number (const DrWideGeometry *g,
                         int                   number)
{
  int row, i;

  if (number < 1 || number > g->n_squares)
    return -1;
  row = (number - 1) / g->half;
  i = (number - 1) % g->half;
  return (row / 2) * g->period + (row % 2 ? g->half + 1 : 0) + i;
}

int
dr_wide_number (const DrWideGeometry *g,
                int                   bit)
{
  int pair, rest, row, i;

  if (!dr_wide_has (g->squares, bit))
    return 0;
  pair = bit / g->period;
  rest = bit % g->period;
  row = 2 * pair + (rest > g->half ? 1 : 0);
  i = rest > g->half ? rest - g->half - 1 : rest;
  return row * g->half + i + 1;
}

int
dr_wide_bit_at_xy (const DrWideGeometry *g,
                   int                   x,
                   int                   y)
{
  int row = g->size - 1 - y;

  if (x < 0 || x >= g->size || y < 0 || y >= g->size || (x + y) % 2 != 0)
    return -1;
  /* Even internal rows hold files b, d, ...; odd rows a, c, ... */
  return (row / 2) * g->period + (row % 2 ? g->half + 1 + x / 2 : (x - 1) / 2);
}

bool
dr_wide_xy (const DrWideGeometry *g,
            int                   bit,
            int                  *x,
            int                  *y)
{
  int number = dr_wide_number (g, bit);
  int row, i;

  if (number == 0)
    return false;
  row = (number - 1) / g->half;
  i = (number - 1) % g->half;
  *x = row % 2 ? 2 * i : 2 * i + 1;
  *y = g->size - 1 - row;
  return true;
}

void
dr_wide_initial (DrWidePosition *pos,
                 int             size)
{
  const DrWideGeometry *g = dr_wide_geometry (size);

  memset (pos, 0, sizeof *pos);
  pos->size = g->size;
  pos->turn = DR_SIDE_WHITE;
  for (int n = 1; n <= g->n_men; n++)
    {
      pos->pieces[DR_SIDE_BLACK] |= dr_wide_bit (dr_wide_bit_from_number (g, n));
      pos->pieces[DR_SIDE_WHITE] |= dr_wide_bit (dr_wide_bit_from_number (g, g->n_squares + 1 - n));
    }
}

/* Shift by a signed step: positive towards higher bits. */
static inline DrWideBoard
shift (DrWideBoard b,
       int         step)
{
  return step >= 0 ? b << step : b >> -step;
}

/* State of one capture search. */
typedef struct
{
  DrWideMoveList *list;
  DrWideBoard     opp;        /* the opponent's pieces */
  DrWideBoard     empty;      /* free squares, the mover's origin included */
  DrWideBoard     promo;      /* where the mover's men are crowned */
  int             dirs[4];    /* -(half + 2), -(half + 1), half + 1, half + 2 */
  int             from;
  int             by_king;
  int             best;       /* most pieces taken by a capture so far */
  uint8_t         path[DR_WIDE_MAX_JUMPS];
} Ctx;

static void
emit (Ctx        *c,
      int         to,
      DrWideBoard caps,
      int         n_jumps,
      unsigned    flags)
{
  DrWideMoveList *list = c->list;
  int score = dr_wide_count (caps);
  DrWideMove *m;

  /* 004 2.5.1: the most pieces. */
  if (score < c->best)
    return;
  if (score > c->best)
    {
      c->best = score;
      list->n = 0;
    }
  if (n_jumps >= 2 && !list->all_paths)
    for (unsigned i = 0; i < list->n; i++)
      {
        const DrWideMove *o = &list->moves[i];
        if (o->captures == caps && o->to == to && o->from == c->from)
          return;
      }
  if (list->n >= DR_WIDE_MAX_MOVES)
    {
      list->overflow = true;
      return;
    }
  m = &list->moves[list->n++];
  m->captures = caps;
  m->from = (uint8_t) c->from;
  m->to = (uint8_t) to;
  m->n_jumps = (uint8_t) n_jumps;
  m->flags = (uint8_t) (flags | (c->by_king ? DR_MOVE_BY_KING : 0));
  memcpy (m->path, c->path, (size_t) n_jumps);
}

static bool king_capture (Ctx        *c,
                          int         sq,
                          DrWideBoard caps,
                          int         n_jumps,
                          int         last_dir,
                          bool        skip_same);

/* A king's capture in direction @d from @sq: the first piece along the ray,
 * if it is the opponent's, not taken yet, with free squares behind it.
 * Returns whether there is one; emits every capture it completes. */
static bool
king_dir (Ctx        *c,
          int         sq,
          int         d,
          DrWideBoard caps,
          int         n_jumps)
{
  DrWideBoard b = shift ((DrWideBoard) 1 << sq, d);
  DrWideBoard land;
  bool goes_on = false;

  while (b & c->empty)
    b = shift (b, d);
  if ((b & c->opp & ~caps) == 0)
    return false;
  land = shift (b, d) & c->empty;
  if (land == 0)
    return false;
  caps |= b;
  /* 004 1.5.6: any landing square, but one from which the capture goes on
   * if there is one.  Going on in direction @d from a later landing square
   * repeats the route from the first one, so only the first tries it. */
  for (DrWideBoard l = land; l != 0; l = shift (l, d) & c->empty)
    {
      int to = dr_wide_first (l);
      c->path[n_jumps] = (uint8_t) to;
      if (king_capture (c, to, caps, n_jumps + 1, d, l != land))
        goes_on = true;
    }
  if (!goes_on)
    for (DrWideBoard l = land; l != 0; l = shift (l, d) & c->empty)
      {
        int to = dr_wide_first (l);
        c->path[n_jumps] = (uint8_t) to;
        emit (c, to, caps, n_jumps + 1, 0);
      }
  return true;
}

/* Captures by a king on @sq after @n_jumps jumps that took @caps; whether
 * any goes on from @sq.  Turning straight back is impossible (the piece
 * just taken blocks), so -@last_dir is not tried. */
static bool
king_capture (Ctx        *c,
              int         sq,
              DrWideBoard caps,
              int         n_jumps,
              int         last_dir,
              bool        skip_same)
{
  bool found = false;

  if (n_jumps >= DR_WIDE_MAX_JUMPS)
    return false;
  for (int i = 0; i < 4; i++)
    {
      int d = c->dirs[i];
      if (d == -last_dir || (skip_same && d == last_dir))
        continue;
      found |= king_dir (c, sq, d, caps, n_jumps);
    }
  return found;
}

static bool man_capture (Ctx        *c,
                         int         sq,
                         DrWideBoard caps,
                         int         n_jumps);

/* A man's jump in direction @d from @sq, and what follows it. */
static bool
man_dir (Ctx        *c,
         int         sq,
         int         d,
         DrWideBoard caps,
         int         n_jumps)
{
  DrWideBoard over = shift ((DrWideBoard) 1 << sq, d) & c->opp & ~caps;
  int land = sq + 2 * d;

  if (over == 0 || (shift (over, d) & c->empty) == 0)
    return false;
  caps |= over;
  c->path[n_jumps] = (uint8_t) land;
  /* 004 2.5.2.1: a man passing the far rank mid-capture stays a man. */
  if (!man_capture (c, land, caps, n_jumps + 1))
    emit (c, land, caps, n_jumps + 1, dr_wide_has (c->promo, land) ? DR_MOVE_PROMOTES : 0);
  return true;
}

/* Captures by a man on @sq, in all four directions (004 1.5.3). */
static bool
man_capture (Ctx        *c,
             int         sq,
             DrWideBoard caps,
             int         n_jumps)
{
  bool found = false;

  if (n_jumps >= DR_WIDE_MAX_JUMPS)
    return false;
  for (int i = 0; i < 4; i++)
    found |= man_dir (c, sq, c->dirs[i], caps, n_jumps);
  return found;
}

static void
add_quiet (DrWideMoveList *list,
           int             from,
           int             to,
           unsigned        flags)
{
  DrWideMove *m;

  if (list->n >= DR_WIDE_MAX_MOVES)
    {
      list->overflow = true;
      return;
    }
  m = &list->moves[list->n++];
  m->captures = 0;
  m->from = (uint8_t) from;
  m->to = (uint8_t) to;
  m->n_jumps = 0;
  m->flags = (uint8_t) flags;
}

static void
set_dirs (int                   dirs[4],
          const DrWideGeometry *g)
{
  dirs[0] = -(g->half + 2);
  dirs[1] = -(g->half + 1);
  dirs[2] = g->half + 1;
  dirs[3] = g->half + 2;
}

static void
captures (const DrWidePosition *pos,
          const DrWideGeometry *g,
          DrWideMoveList       *list)
{
  Ctx c;
  int us = pos->turn;
  DrWideBoard own = pos->pieces[us];
  DrWideBoard empty = g->squares & ~(pos->pieces[0] | pos->pieces[1]);

  DrWideBoard men = own & ~pos->kings, jumpers = 0;

  c.list = list;
  c.opp = pos->pieces[us ^ 1];
  c.promo = g->promo[us];
  c.best = 1;
  set_dirs (c.dirs, g);
  /* Only men next to an opponent's piece with a free square behind it
   * can start a capture: most positions have none, and the search below
   * costs far more than this filter (half the time of a search without
   * it). */
  for (int i = 0; i < 4; i++)
    jumpers |= shift (shift (empty, -c.dirs[i]) & c.opp, -c.dirs[i]) & men;
  for (DrWideBoard b = (own & pos->kings) | jumpers; b != 0; b &= b - 1)
    {
      c.from = dr_wide_first (b);
      c.empty = empty | (DrWideBoard) 1 << c.from;
      if (pos->kings & (DrWideBoard) 1 << c.from)
        {
          c.by_king = 1;
          king_capture (&c, c.from, 0, 0, 0, false);
        }
      else
        {
          c.by_king = 0;
          man_capture (&c, c.from, 0, 0);
        }
    }
}

static void
quiet (const DrWidePosition *pos,
       const DrWideGeometry *g,
       DrWideMoveList       *list)
{
  int us = pos->turn;
  DrWideBoard empty = g->squares & ~(pos->pieces[0] | pos->pieces[1]);
  DrWideBoard men = pos->pieces[us] & ~pos->kings;
  DrWideBoard kings = pos->pieces[us] & pos->kings;
  int dirs[4];

  set_dirs (dirs, g);
  /* Men step forward: White towards row 0. */
  for (int i = us == DR_SIDE_WHITE ? 0 : 2, end = i + 2; i < end; i++)
    for (DrWideBoard t = shift (men, dirs[i]) & empty; t != 0; t &= t - 1)
      {
        int to = dr_wide_first (t);
        add_quiet (list, to - dirs[i], to, dr_wide_has (g->promo[us], to) ? DR_MOVE_PROMOTES : 0);
      }
  for (; kings != 0; kings &= kings - 1)
    {
      int from = dr_wide_first (kings);
      for (int i = 0; i < 4; i++)
        for (DrWideBoard t = shift ((DrWideBoard) 1 << from, dirs[i]) & empty; t != 0;
             t = shift (t, dirs[i]) & empty)
          add_quiet (list, from, dr_wide_first (t), DR_MOVE_BY_KING);
    }
}

void
dr_wide_generate (const DrWidePosition *pos,
                  DrWideMoveList       *list)
{
  const DrWideGeometry *g = dr_wide_geometry (pos->size);

  list->n = 0;
  list->overflow = false;
  captures (pos, g, list);
  if (list->n == 0)
    quiet (pos, g, list);
}

/* The number of legal moves; quiet moves counted, not listed. */
static unsigned
count (const DrWidePosition *pos,
       const DrWideGeometry *g,
       DrWideMoveList       *scratch)
{
  int us = pos->turn;
  DrWideBoard empty, men, kings;
  int dirs[4];
  unsigned n = 0;

  scratch->n = 0;
  scratch->overflow = false;
  captures (pos, g, scratch);
  if (scratch->n != 0)
    return scratch->n;
  set_dirs (dirs, g);
  empty = g->squares & ~(pos->pieces[0] | pos->pieces[1]);
  men = pos->pieces[us] & ~pos->kings;
  kings = pos->pieces[us] & pos->kings;
  for (int i = us == DR_SIDE_WHITE ? 0 : 2, end = i + 2; i < end; i++)
    n += (unsigned) dr_wide_count (shift (men, dirs[i]) & empty);
  for (int i = 0; i < 4 && kings != 0; i++)
    for (DrWideBoard b = shift (kings, dirs[i]) & empty; b != 0; b = shift (b, dirs[i]) & empty)
      n += (unsigned) dr_wide_count (b);
  return n;
}

void
dr_wide_apply (DrWidePosition       *child,
               const DrWidePosition *pos,
               const DrWideMove     *move)
{
  int us = pos->turn;
  DrWideBoard from = (DrWideBoard) 1 << move->from;
  DrWideBoard to = (DrWideBoard) 1 << move->to;
  bool king = (pos->kings & from) != 0 || (move->flags & DR_MOVE_PROMOTES) != 0;

  child->size = pos->size;
  child->pieces[us] = (pos->pieces[us] & ~from) | to;
  child->pieces[us ^ 1] = pos->pieces[us ^ 1] & ~move->captures;
  child->kings = (pos->kings & ~from & ~move->captures) | (king ? to : 0);
  child->turn = (uint8_t) (us ^ 1);
}

static uint64_t
perft_rec (const DrWidePosition *pos,
           const DrWideGeometry *g,
           int                   depth,
           DrWideMoveList       *lists)
{
  DrWideMoveList *list = &lists[depth];
  uint64_t nodes = 0;

  if (depth == 1)
    return count (pos, g, list);
  dr_wide_generate (pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrWidePosition child;

      dr_wide_apply (&child, pos, &list->moves[i]);
      nodes += perft_rec (&child, g, depth - 1, lists);
    }
  return nodes;
}

uint64_t
dr_wide_perft (const DrWidePosition *pos,
               int                   depth,
               bool                  all_paths)
{
  const DrWideGeometry *g = dr_wide_geometry (pos->size);
  DrWideMoveList *lists;
  uint64_t nodes;

  if (depth <= 0)
    return 1;
  lists = calloc ((size_t) depth + 1, sizeof *lists);
  if (lists == NULL)
    abort ();
  for (int d = 0; d <= depth; d++)
    lists[d].all_paths = all_paths;
  nodes = perft_rec (pos, g, depth, lists);
  free (lists);
  return nodes;
}
