/* dr-movegen-turkish.c — move generation for Turkish draughts
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Turkish draughts is played on all 64 squares with orthogonal moves
 * (001 survey; rules in dr-rules.c): men move and capture one square
 * forward or sideways, kings move and capture any distance along ranks and
 * files.  Unlike the diagonal games, each captured piece leaves the board
 * as it is jumped, so its square is free for the rest of the move, and a
 * king may not reverse its direction between two jumps.  The most pieces
 * must be taken.
 *
 * Armenian draughts as 001 states it (001:374, rules in dr-rules.c) moves
 * the same pieces the same ways (the quiet moves and the first jump of a
 * capture are Turkish draughts'), on the Russian rules 001 compares it
 * with, which it does not change: the captured pieces stay on the board
 * until the capture ends, block, and are jumped once only (004 1.5.9,
 * 1.5.12); any capture may be chosen (1.5.14); and a man that reaches the
 * far rank during a capture is crowned and goes on as a king (1.5.15).
 * TurkishCtx.armenian selects those three differences; the rest is shared.
 *
 * Layout: bit = 8 * row + file, row 0 the top rank as White sees it.
 */

#include "dr-movegen.h"

#include "dr-bitboard.h"
#include "dr-movegen-private.h"


#define ROW0    UINT64_C (0x00000000000000FF)
#define ROWLAST UINT64_C (0xFF00000000000000)

/* Directions: 0 up, 1 down, 2 left, 3 right. */
static const int dir_row[4] = { -1, 1, 0, 0 };
static const int dir_file[4] = { 0, 0, -1, 1 };

typedef struct
{
  DrMoveList *list;
  DrBitboard  opp;
  int         from;
  int         side;
  int         by_king;
  int         best;
  bool        armenian;   /* Armenian draughts (see above) */
  uint8_t     path[DR_MAX_JUMPS];
} TurkishCtx;

/* The square one step from @sq in direction @k, or -1 off the board. */
static inline int
step (int sq,
      int k)
{
  int row = sq / 8 + dir_row[k];
  int file = sq % 8 + dir_file[k];

  if (row < 0 || row > 7 || file < 0 || file > 7)
    return -1;
  return row * 8 + file;
}

static void
emit (TurkishCtx *c,
      int         to,
      DrBitboard  caps,
      int         n_jumps,
      unsigned    flags)
{
  DrMoveList *list = c->list;
  int score = dr_bb_count (caps);

  /* The most pieces, kings and men alike; Armenian: free choice. */
  if (c->armenian)
    score = 0;
  if (score < c->best)
    return;
  if (score > c->best)
    {
      c->best = score;
      list->n = 0;
    }
  _dr_move_list_add_capture (list, c->from, to, caps, n_jumps,
                             flags | (c->by_king ? DR_MOVE_BY_KING : 0), c->path);
}

/* Can a king on @sq jump a piece, not turning back from @last_dir? */
static bool
king_can_jump (const TurkishCtx *c,
               int               sq,
               DrBitboard        empty,
               DrBitboard        caps,
               int               last_dir)
{
  for (int k = 0; k < 4; k++)
    {
      int s;

      if (last_dir >= 0 && (k ^ 1) == last_dir)
        continue;
      for (s = step (sq, k); s >= 0 && dr_bb_has (empty, s); s = step (s, k))
        ;
      if (s >= 0 && dr_bb_has (c->opp & ~caps, s) && step (s, k) >= 0
          && dr_bb_has (empty, step (s, k)))
        return true;
    }
  return false;
}

static bool
king_capture (TurkishCtx *c,
              int         sq,
              DrBitboard  empty,
              DrBitboard  caps,
              int         n_jumps,
              int         last_dir,
              unsigned    flags)
{
  bool found = false;

  for (int k = 0; k < 4; k++)
    {
      int s;
      bool goes_on;

      /* No turning back by 180 degrees within a capture. */
      if (last_dir >= 0 && (k ^ 1) == last_dir)
        continue;
      for (s = step (sq, k); s >= 0 && dr_bb_has (empty, s); s = step (s, k))
        ;
      if (s < 0 || !dr_bb_has (c->opp & ~caps, s))
        continue;
      /* The taken piece leaves at once: its square is free from now on
       * (Armenian: it stays and blocks until the capture ends). */
      /* Armenian, with free choice: where some landing squares let the
       * capture go on, it must take one of those (004 1.5.6; the Turkish
       * majority rule needs no such test). */
      goes_on = false;
      if (c->armenian)
        for (int l = step (s, k); l >= 0 && dr_bb_has (empty, l); l = step (l, k))
          goes_on |= king_can_jump (c, l, empty, caps | dr_bb_bit (s), k);
      for (int l = step (s, k); l >= 0 && dr_bb_has (empty, l); l = step (l, k))
        {
          DrBitboard next_empty = c->armenian ? empty : empty | dr_bb_bit (s);

          if (goes_on && !king_can_jump (c, l, empty, caps | dr_bb_bit (s), k))
            continue;
          found = true;
          c->path[n_jumps] = (uint8_t) l;
          if (!king_capture (c, l, next_empty, caps | dr_bb_bit (s), n_jumps + 1, k, flags))
            emit (c, l, caps | dr_bb_bit (s), n_jumps + 1, flags);
        }
    }
  return found;
}

static bool
man_capture (TurkishCtx *c,
             int         sq,
             DrBitboard  empty,
             DrBitboard  caps,
             int         n_jumps)
{
  /* Forward, left and right; never backwards. */
  static const int dirs[2][3] = { { 0, 2, 3 }, { 1, 2, 3 } };
  DrBitboard promo = c->side == DR_SIDE_WHITE ? ROW0 : ROWLAST;
  bool found = false;

  for (int i = 0; i < 3; i++)
    {
      int k = dirs[c->side][i];
      int over = step (sq, k);
      int land = over >= 0 ? step (over, k) : -1;
      DrBitboard ncaps, next_empty;

      if (land < 0 || !dr_bb_has (c->opp & ~caps, over) || !dr_bb_has (empty, land))
        continue;
      found = true;
      ncaps = caps | dr_bb_bit (over);
      next_empty = c->armenian ? empty : empty | dr_bb_bit (over);
      c->path[n_jumps] = (uint8_t) land;
      if (dr_bb_has (promo, land) && c->armenian)
        {
          /* Armenian: crowned at once, it goes on as a king (004 1.5.15). */
          if (!king_capture (c, land, next_empty, ncaps, n_jumps + 1, k, DR_MOVE_PROMOTES))
            emit (c, land, ncaps, n_jumps + 1, DR_MOVE_PROMOTES);
        }
      else if (dr_bb_has (promo, land))
        {
          /* On the far rank it goes on capturing (sideways) as a man and
           * is crowned when the move ends there (see dr-rules.c). */
          if (!man_capture (c, land, next_empty, ncaps, n_jumps + 1))
            emit (c, land, ncaps, n_jumps + 1, DR_MOVE_PROMOTES);
        }
      else if (!man_capture (c, land, next_empty, ncaps, n_jumps + 1))
        emit (c, land, ncaps, n_jumps + 1, 0);
    }
  return found;
}

static void
add_quiet (DrMoveList *list,
           int         from,
           int         to,
           unsigned    flags)
{
  if (list->n >= DR_MAX_MOVES)
    {
      list->overflow = true;
      return;
    }
  list->moves[list->n++] = (DrMove) { .from = (uint8_t) from, .to = (uint8_t) to,
                                      .flags = (uint8_t) flags };
}

static void
generate (const DrPosition *pos,
          DrMoveList       *list,
          bool              armenian)
{
  static const int man_dirs[2][3] = { { 0, 2, 3 }, { 1, 2, 3 } };
  TurkishCtx c;
  int us = pos->turn;
  DrBitboard empty = ~(pos->pieces[0] | pos->pieces[1]);
  DrBitboard promo = us == DR_SIDE_WHITE ? ROW0 : ROWLAST;

  list->n = 0;
  list->overflow = false;
  c.list = list;
  c.opp = pos->pieces[1 - us];
  c.side = us;
  c.best = -1;
  c.armenian = armenian;
  for (DrBitboard b = pos->pieces[us]; b != 0; b = dr_bb_rest (b))
    {
      c.from = dr_bb_first (b);
      c.by_king = dr_bb_has (pos->kings, c.from);
      if (c.by_king)
        king_capture (&c, c.from, empty | dr_bb_bit (c.from), 0, 0, -1, 0);
      else
        man_capture (&c, c.from, empty | dr_bb_bit (c.from), 0, 0);
    }
  if (list->n != 0)
    return;

  for (DrBitboard b = pos->pieces[us]; b != 0; b = dr_bb_rest (b))
    {
      int from = dr_bb_first (b);

      if (dr_bb_has (pos->kings, from))
        {
          for (int k = 0; k < 4; k++)
            for (int to = step (from, k); to >= 0 && dr_bb_has (empty, to); to = step (to, k))
              add_quiet (list, from, to, DR_MOVE_BY_KING);
        }
      else
        for (int i = 0; i < 3; i++)
          {
            int to = step (from, man_dirs[us][i]);
            if (to >= 0 && dr_bb_has (empty, to))
              add_quiet (list, from, to, dr_bb_has (promo, to) ? DR_MOVE_PROMOTES : 0);
          }
    }
}

void
_dr_movegen_generate_turkish (const DrPosition *pos,
                              DrMoveList       *list)
{
  generate (pos, list, false);
}

unsigned
_dr_movegen_count_turkish (const DrPosition *pos,
                           DrMoveList       *scratch)
{
  generate (pos, scratch, false);
  return scratch->n;
}

/* Armenian draughts: whether there is a capture, a quiet move, depends
 * only on the first step, the same as in Turkish draughts: DrRules points
 * at the Turkish tests. */
void
_dr_movegen_generate_armenian (const DrPosition *pos,
                               DrMoveList       *list)
{
  generate (pos, list, true);
}

unsigned
_dr_movegen_count_armenian (const DrPosition *pos,
                            DrMoveList       *scratch)
{
  generate (pos, scratch, true);
  return scratch->n;
}

/* One step of every piece of @b in direction @k (see dir_row, dir_file),
 * off the board dropped. */
static inline DrBitboard
shift_all (DrBitboard b,
           int        k)
{
  static const DrBitboard file_a = UINT64_C (0x0101010101010101);

  switch (k)
    {
    case 0:
      return b >> 8;
    case 1:
      return b << 8;
    case 2:
      return (b & ~file_a) >> 1;
    default:
      return (b & ~(file_a << 7)) << 1;
    }
}

bool
_dr_movegen_has_capture_turkish (const DrPosition *pos)
{
  static const int man_dirs[2][3] = { { 0, 2, 3 }, { 1, 2, 3 } };
  int us = pos->turn;
  DrBitboard empty = ~(pos->pieces[0] | pos->pieces[1]);
  DrBitboard opp = pos->pieces[1 - us];
  DrBitboard men = pos->pieces[us] & ~pos->kings;
  DrBitboard kings = pos->pieces[us] & pos->kings;

  for (int i = 0; i < 3; i++)
    {
      int k = man_dirs[us][i];

      if ((shift_all (shift_all (men, k) & opp, k) & empty) != 0)
        return true;
    }
  if (kings == 0)
    return false;
  for (int k = 0; k < 4; k++)
    {
      DrBitboard met = 0;

      /* The first piece along the line, past any free squares. */
      for (DrBitboard b = shift_all (kings, k); b != 0; b = shift_all (b & empty, k))
        met |= b & opp;
      if ((shift_all (met, k) & empty) != 0)
        return true;
    }
  return false;
}

bool
_dr_movegen_has_quiet_turkish (const DrPosition *pos)
{
  int us = pos->turn;
  DrBitboard empty = ~(pos->pieces[0] | pos->pieces[1]);
  DrBitboard men = pos->pieces[us] & ~pos->kings;
  DrBitboard kings = pos->pieces[us] & pos->kings;
  DrBitboard to;

  /* Men forward and sideways, kings along ranks and files. */
  to = shift_all (men, us == DR_SIDE_WHITE ? 0 : 1) | shift_all (men | kings, 2)
       | shift_all (men | kings, 3) | shift_all (kings, 0) | shift_all (kings, 1);
  return (to & empty) != 0;
}
