/* dr-types.h — basic value types of the rules engine
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * Squares are bit indices in a 64-bit board layout (see dr-geometry.h); the
 * mapping to the numbers and names a user sees lives only in dr-geometry.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t DrBitboard;

typedef enum
{
  DR_SIDE_WHITE = 0,
  DR_SIDE_BLACK = 1,
} DrSide;

#define DR_N_ELEMENTS(a) (sizeof (a) / sizeof ((a)[0]))

#define DR_SIDE_OTHER(s) ((DrSide) (1 - (s)))

typedef enum
{
  DR_PIECE_NONE = 0,
  DR_PIECE_WHITE_MAN,
  DR_PIECE_WHITE_KING,
  DR_PIECE_BLACK_MAN,
  DR_PIECE_BLACK_KING,
} DrPiece;

/* Upper bounds.  A side has at most 20 pieces on 10x10 (16 in Turkish), so a
 * capture never has more than 20 jumps.  DR_MAX_MOVES bounds a move list: the
 * densest king positions have well under 300 quiet moves, and the capture
 * rules keep capture lists shorter than that; 1024 leaves a wide margin, and
 * the generator refuses to write past it (DrMoveList.overflow). */
#define DR_MAX_JUMPS 20
#define DR_MAX_MOVES 1024
#define DR_NO_SQUARE 0xff

typedef enum
{
  DR_MOVE_PROMOTES = 1 << 0, /* the moving man ends the move as a king */
  DR_MOVE_BY_KING  = 1 << 1, /* the moving piece was a king at the start */
  DR_MOVE_DEMOTES  = 1 << 2, /* the captured kings stay, as men (Northern) */
  DR_MOVE_FOREIGN  = 1 << 3, /* the piece moved is the opponent's (Stavropol) */
  DR_MOVE_KEEPS_TURN = 1 << 4, /* the first move of a turn of two (two-move) */
  DR_MOVE_TOWER    = 1 << 5, /* a tower moves: the stacks change (pillar, Lasca; dr-stack.h) */
  DR_MOVE_SHORT_JUMPS = 1 << 6, /* with DR_MOVE_TOWER: every captured square is halfway
                                   between two landings (Lasca's 7x7 board) */
  DR_MOVE_WIDE     = 1 << 7, /* a move on the 12x12 board (Canadian; dr-wide-rules.h) */
} DrMoveFlags;

/* A move: from, to, the set of captured pieces and the route.  path[i] is
 * the square the piece lands on after jump i (so path[n_jumps - 1] == to);
 * quiet moves have n_jumps == 0.  Two moves are the same move when from, to,
 * captures and DR_MOVE_PROMOTES agree (ENGINES.md §0: duplicate captures by
 * different routes are one move). */
typedef struct
{
  DrBitboard captures;
  uint8_t    from;
  uint8_t    to;
  uint8_t    n_jumps;
  uint8_t    flags;
  uint8_t    path[DR_MAX_JUMPS];
} DrMove;

/* A move list.  The generator writes n, overflow and moves; all_paths is
 * the caller's: set it to list every capture route separately instead of
 * once per distinct move (for path-counting perft, ENGINES.md §0). */
typedef struct
{
  unsigned n;
  bool     overflow;
  bool     all_paths;
  DrMove   moves[DR_MAX_MOVES];
} DrMoveList;

/* Tower moves (dr-stack.c): do @a and @b take their pieces in the same
 * order?  The order is the order of the pieces in the tower. */
bool dr_stack_same_order (const DrMove *a,
                          const DrMove *b);

/* In the tower games two captures of the same pieces in another order are
 * two moves (dr-movegen-stack.c). */
static inline bool
dr_move_same (const DrMove *a,
              const DrMove *b)
{
  return a->from == b->from && a->to == b->to && a->captures == b->captures
         && (a->flags & DR_MOVE_PROMOTES) == (b->flags & DR_MOVE_PROMOTES)
         && (!(a->flags & DR_MOVE_TOWER) || dr_stack_same_order (a, b));
}
