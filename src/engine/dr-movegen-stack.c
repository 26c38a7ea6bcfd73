/* dr-movegen-stack.c — move generation for the tower games
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pillar draughts (001 "pillar checkers": Russian draughts, but "the beaten
 * checker is placed under the batter"; towers obey their top piece) and
 * Lasker draughts (001 "Lasker checkers": 7x7, the light squares; rules in
 * dr-rules.c).  A tower moves and captures as its top piece would in the
 * game's rules; what is jumped is the top of the tower jumped, which goes
 * under the moving tower when the move is made (dr-stack.c).
 *
 * Both games keep the jumped towers on their squares until the capture
 * ends, and a tower is jumped once in a move (Russian draughts 004 1.5.9,
 * 1.5.12; Lasker: "a piece may not attack the same piece twice in the
 * course of a single move", lasca.org).  Any capture may be chosen, but the
 * chosen one is played to its end (004 1.5.14, 1.5.6).  They differ in:
 *   - men capture backward in pillar draughts (004 1.5.3), Lasker's
 *     soldiers only forward; kings fly in pillar draughts (004 1.4.5,
 *     1.5.2), Lasker's officers step;
 *   - a man reaching the far row in a capture is crowned and goes on as a
 *     king in pillar draughts (004 1.5.15); in Lasca "promotion only comes
 *     at the end of a move" (lasca.org), so it goes on as a soldier.
 *
 * One generator serves both boards: the four diagonal steps are bit
 * offsets (8x8 ghost layout: -6 -5 +5 +6; 7x7 dense layout: -9 -7 +7 +9,
 * dr-geometry.h), and a step off the board lands on a ghost or outside the
 * word, which `board` (the playing squares) tells.
 *
 * Two captures that take the same pieces in an order that makes another
 * tower (a black king before a black man, not one black man before
 * another) are two moves here: the order is the order of the pieces in the
 * tower.  Routes that make the same position (the same pieces, the same
 * kinds in the same order: a king's landing squares, or two men in either
 * order) are one move, as in ENGINES.md §0 (DR_DUPLICATES_DROP).
 */

#include "dr-movegen.h"

#include "dr-bitboard.h"
#include "dr-movegen-private.h"
#include "dr-stack.h"

#include <glib.h>

typedef struct
{
  int        steps[4];     /* [0], [1] White's forward, [2], [3] backward */
  DrBitboard board;
  bool       kings_fly;
  bool       men_capture_backward;
  bool       crown_in_capture;  /* crowned at once, goes on as a king */
  unsigned   flags;             /* DR_MOVE_TOWER (| DR_MOVE_SHORT_JUMPS) */
} StackGame;

static const StackGame pillar = {
  .steps = { -6, -5, 5, 6 },
  .board = UINT64_C (0x000003DE7BCF79EF),
  .kings_fly = true,
  .men_capture_backward = true,
  .crown_in_capture = true,
  .flags = DR_MOVE_TOWER,
};

static const StackGame lasca = {
  .steps = { -9, -7, 7, 9 },
  .board = UINT64_C (0x00552A552A552A55),
  .kings_fly = false,
  .men_capture_backward = false,
  .crown_in_capture = false,
  .flags = DR_MOVE_TOWER | DR_MOVE_SHORT_JUMPS,
};

typedef struct
{
  const StackGame  *game;
  const DrPosition *pos;
  DrMoveList       *list;
  DrBitboard        empty;     /* empty squares, the mover's from square included */
  DrBitboard        opp;       /* the opponent's tops */
  DrBitboard        promo;     /* the mover's crowning row */
  int               from;
  unsigned          base;      /* the first move of this piece in the list */
  bool              was_king;
  DrBitboard        jumped;
  uint8_t           path[DR_MAX_JUMPS];
  uint8_t           order[DR_MAX_JUMPS];
} Ctx;

static inline int
step (const StackGame *g,
      int              sq,
      int              d)
{
  int n = sq + d;

  return n >= 0 && n < 64 && dr_bb_has (g->board, n) ? n : -1;
}

/* White's forward steps are 0 and 1, Black's 2 and 3. */
static inline bool
forward (int side,
         int k)
{
  return side == DR_SIDE_WHITE ? k < 2 : k >= 2;
}

static inline int
top_code (const DrPosition *pos,
          int               sq)
{
  return dr_zobrist_index ((DrSide) dr_bb_has (pos->pieces[1], sq), dr_bb_has (pos->kings, sq));
}

static void
emit (Ctx *c,
      int  to,
      int  n,
      bool king)
{
  DrMoveList *list = c->list;
  unsigned flags = c->game->flags;
  DrMove *m;

  if (c->was_king)
    flags |= DR_MOVE_BY_KING;
  if (!c->was_king && (king || dr_bb_has (c->promo, to)))
    flags |= DR_MOVE_PROMOTES;
  /* The same pieces taken, the same kinds in the same order (so the same
   * tower and the same position) by another route is the same move. */
  if (n >= 2 && !list->all_paths)
    for (unsigned i = c->base; i < list->n; i++)
      {
        const DrMove *o = &list->moves[i];
        uint8_t order[DR_MAX_JUMPS];
        bool same = true;

        if (o->to != to || o->captures != c->jumped || o->n_jumps == 0
            || (o->flags & DR_MOVE_PROMOTES) != (flags & DR_MOVE_PROMOTES)
            || dr_stack_capture_order (c->pos, o, order) != n)
          continue;
        for (int j = 0; j < n && same; j++)
          same = top_code (c->pos, order[j]) == top_code (c->pos, c->order[j]);
        if (same)
          return;
      }
  if (list->n >= DR_MAX_MOVES)
    {
      list->overflow = true;
      return;
    }
  m = &list->moves[list->n++];
  m->captures = c->jumped;
  m->from = (uint8_t) c->from;
  m->to = (uint8_t) to;
  m->n_jumps = (uint8_t) n;
  m->flags = (uint8_t) flags;
  memcpy (m->path, c->path, DR_MAX_JUMPS);
}

/* Jumps on from @sq after @n jumps, as a king or a man; returns whether
 * any jump was found (then the capture may not stop at @sq). */
static bool
capture (Ctx *c,
         int  sq,
         int  n,
         bool king,
         int  side)
{
  const StackGame *g = c->game;
  bool found = false;

  if (n >= DR_MAX_JUMPS)
    return false;
  for (int k = 0; k < 4; k++)
    {
      int d = g->steps[k];
      int over = step (g, sq, d);

      if (!king && !g->men_capture_backward && !forward (side, k))
        continue;
      if (king && g->kings_fly)
        while (over >= 0 && dr_bb_has (c->empty, over))
          over = step (g, over, d);
      if (over < 0 || !dr_bb_has (c->opp, over) || dr_bb_has (c->jumped, over))
        continue;

      /* The landing squares beyond @over: one for a man or a stepping
       * king, every empty one up to the next piece for a flying king; if
       * the capture can go on from some of them, it must go on (004
       * 1.5.6, 1.5.11), from those only. */
      {
        int lands[8];
        int n_lands = 0;
        bool went_on = false;

        for (int land = step (g, over, d); land >= 0 && dr_bb_has (c->empty, land);
             land = step (g, land, d))
          {
            lands[n_lands++] = land;
            if (!(king && g->kings_fly) || n_lands == 8)
              break;
          }
        if (n_lands == 0)
          continue;
        found = true;
        c->jumped |= dr_bb_bit (over);
        c->order[n] = (uint8_t) over;
        for (int i = 0; i < n_lands; i++)
          {
            bool crowned = king || (g->crown_in_capture && dr_bb_has (c->promo, lands[i]));

            c->path[n] = (uint8_t) lands[i];
            if (capture (c, lands[i], n + 1, crowned, side))
              went_on = true;
          }
        if (!went_on)
          for (int i = 0; i < n_lands; i++)
            {
              c->path[n] = (uint8_t) lands[i];
              emit (c, lands[i], n + 1,
                    king || (g->crown_in_capture && dr_bb_has (c->promo, lands[i])));
            }
        c->jumped &= ~dr_bb_bit (over);
      }
    }
  return found;
}

static void
quiet (Ctx *c,
       int  sq,
       int  side)
{
  const StackGame *g = c->game;

  for (int k = 0; k < 4; k++)
    {
      int d = g->steps[k];

      if (!c->was_king && !forward (side, k))
        continue;
      for (int to = step (g, sq, d); to >= 0 && dr_bb_has (c->empty, to); to = step (g, to, d))
        {
          emit (c, to, 0, false);
          if (!c->was_king || !g->kings_fly)
            break;
        }
    }
}

enum { CAPTURES = 1, QUIETS = 2, ALL = 3 };

/* @mode ALL: the captures, or the quiet moves if there is none. */
static void
generate (const StackGame  *g,
          const DrPosition *pos,
          DrMoveList       *list,
          int               mode)
{
  int us = pos->turn;
  Ctx c = {
    .game = g,
    .pos = pos,
    .list = list,
    .opp = pos->pieces[us ^ 1],
    .jumped = 0,
  };
  DrBitboard occ = dr_position_occupied (pos);

  /* The crowning row: the playing squares one step forward of which is off
   * the board. */
  c.promo = 0;
  for (DrBitboard b = g->board; b != 0; b = dr_bb_rest (b))
    {
      int sq = dr_bb_first (b);
      int k0 = us == DR_SIDE_WHITE ? 0 : 2;
      int a = sq + g->steps[k0], bb = sq + g->steps[k0 + 1];

      /* Off the board both ways forward, and no playing square two rows on. */
      if ((a < 0 || a >= 64 || !dr_bb_has (g->board, a))
          && (bb < 0 || bb >= 64 || !dr_bb_has (g->board, bb)))
        c.promo |= dr_bb_bit (sq);
    }

  list->n = 0;
  list->overflow = false;
  for (DrBitboard b = (mode & CAPTURES) ? pos->pieces[us] : 0; b != 0; b = dr_bb_rest (b))
    {
      int sq = dr_bb_first (b);

      c.from = sq;
      c.base = list->n;
      c.was_king = dr_bb_has (pos->kings, sq);
      c.empty = (g->board & ~occ) | dr_bb_bit (sq);
      capture (&c, sq, 0, c.was_king, us);
    }
  if (list->n > 0 || !(mode & QUIETS))
    return;
  for (DrBitboard b = pos->pieces[us]; b != 0; b = dr_bb_rest (b))
    {
      int sq = dr_bb_first (b);

      c.from = sq;
      c.base = list->n;
      c.was_king = dr_bb_has (pos->kings, sq);
      c.empty = g->board & ~occ;
      quiet (&c, sq, us);
    }
}

#define STACK_GENERATOR(name, game)                                          \
  void                                                                       \
  _dr_movegen_generate_##name (const DrPosition *pos,                        \
                               DrMoveList       *list)                       \
  {                                                                          \
    generate (&game, pos, list, ALL);                                        \
  }                                                                          \
  unsigned                                                                   \
  _dr_movegen_count_##name (const DrPosition *pos,                           \
                            DrMoveList       *scratch)                       \
  {                                                                          \
    generate (&game, pos, scratch, ALL);                                     \
    return scratch->n;                                                       \
  }                                                                          \
  bool                                                                       \
  _dr_movegen_has_capture_##name (const DrPosition *pos)                     \
  {                                                                          \
    DrMoveList *list = g_new (DrMoveList, 1);                                \
    bool yes;                                                                \
    list->all_paths = false;                                                 \
    generate (&game, pos, list, CAPTURES);                                   \
    yes = list->n > 0;                                                       \
    g_free (list);                                                           \
    return yes;                                                              \
  }                                                                          \
  bool                                                                       \
  _dr_movegen_has_quiet_##name (const DrPosition *pos)                       \
  {                                                                          \
    DrMoveList *list = g_new (DrMoveList, 1);                                \
    bool yes;                                                                \
    list->all_paths = false;                                                 \
    generate (&game, pos, list, QUIETS);                                     \
    yes = list->n > 0;                                                       \
    g_free (list);                                                           \
    return yes;                                                              \
  }                                                                          \
  DrMovesKind                                                                \
  _dr_movegen_moves_kind_##name (const DrPosition *pos)                      \
  {                                                                          \
    if (_dr_movegen_has_capture_##name (pos))                                \
      return DR_MOVES_CAPTURE;                                               \
    return _dr_movegen_has_quiet_##name (pos) ? DR_MOVES_QUIET : DR_MOVES_NONE; \
  }

STACK_GENERATOR (pillar, pillar)
STACK_GENERATOR (lasca, lasca)
