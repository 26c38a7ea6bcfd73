/* dr-position.h — a position as a small value, and making moves on it
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * A DrPosition is everything the rules need to generate moves: the pieces of
 * each side, which of them are kings, the side to move, for Frisian the
 * counters of its king-move restriction, and for the tower games (pillar
 * and Lasker draughts) the pieces beneath the tops.  It is a plain value
 * (56 bytes):
 * moves are made by copy-make (dr_position_apply), so undo is free, a game
 * tree can store positions, and a search thread works on its own copy.
 *
 * The Zobrist hash is kept incrementally by dr_position_apply and covers the
 * pieces, the side to move, the Frisian counters and the stacks.
 *
 * Towers (dr-stack.h).  pieces[] and kings hold the top piece of every
 * square, so everything that looks at the pieces sees what commands each
 * tower.  The pieces beneath the tops are in two words: `under`, 2 bits a
 * piece (dr_zobrist_index(): bit 0 king, bit 1 black), tower after tower
 * in ascending bit order of the occupied squares, each from just below its
 * top downward; and `under_run`, the heights in unary: for each occupied
 * square in the same order, one 1 per piece beneath, then a 0 (the zeros
 * after the last tower are left out).  Nothing leaves the board in the
 * tower games, so `under_run` holds at most 24 bits (each piece a one or
 * its top's zero) and `under` 46; dr_stack_encode() refuses what does not
 * fit the words.  Both are 0 when no square has a piece beneath: always,
 * in every other variant but Canadian draughts, whose 12x12 board puts its
 * squares 64-71 in `under` (bits 0-7 White's pieces, 8-15 Black's, 16-23
 * kings) and leaves `under_run` 0 (dr-geometry.h, dr-wide-rules.h).  Two
 * words cost the other variants two 8-byte
 * copies per move: within noise (README, "Towers").
 */
#pragma once

#include "dr-bitboard.h"
#include "dr-types.h"

typedef struct
{
  DrBitboard pieces[2];        /* by DrSide */
  DrBitboard kings;            /* kings of both sides */
  uint64_t   hash;
  uint8_t    turn;             /* DrSide to move */
  /* Frisian (rules in dr-rules.c): the king that made the side's last
   * quiet king moves, and how many in a row (0 when the last move was a
   * man move or a capture).  Always maintained, only Frisian reads them. */
  uint8_t    king_run_square[2];
  uint8_t    king_run_length[2];
  /* Two-move draughts: 1 when the side to move has made the first of
   * its two moves (DR_MOVE_KEEPS_TURN), 0 otherwise and in every other
   * variant. */
  uint8_t    second;
  /* Pillar and Lasker draughts: the pieces beneath the tops (above). */
  uint64_t   under;
  uint64_t   under_run;
} DrPosition;

extern const uint64_t dr_zobrist_piece[4][64];
extern const uint64_t dr_zobrist_turn;
extern const uint64_t dr_zobrist_second;
extern const uint64_t dr_zobrist_frisian[2][4];

static inline DrBitboard
dr_position_occupied (const DrPosition *pos)
{
  return pos->pieces[0] | pos->pieces[1];
}

/* Has @side a piece on the board?  Canadian's squares 64-71 included
 * (`under` when no tower is on the board). */
static inline bool
dr_position_side_has_pieces (const DrPosition *pos,
                             DrSide            side)
{
  return pos->pieces[side] != 0
         || (pos->under_run == 0 && ((pos->under >> (8 * (int) side)) & 0xff) != 0);
}

/* Index into dr_zobrist_piece: 0 white man, 1 white king, 2 black man,
 * 3 black king. */
static inline int
dr_zobrist_index (DrSide side,
                  bool   king)
{
  return 2 * (int) side + (king ? 1 : 0);
}

void       dr_position_clear        (DrPosition       *pos);
void       dr_position_put          (DrPosition       *pos,
                                     int               bit,
                                     DrPiece           piece);
DrPiece    dr_position_get          (const DrPosition *pos,
                                     int               bit);
void       dr_position_set_turn     (DrPosition       *pos,
                                     DrSide            side);
uint64_t   dr_position_compute_hash (const DrPosition *pos);
bool       dr_position_equal        (const DrPosition *a,
                                     const DrPosition *b);

/* The Frisian counters' share of the hash for @side with a run of @length
 * quiet moves by the king on @square: a key per (side, run length) and the
 * king's square folded in with the king's own key. */
static inline uint64_t
dr_position_frisian_key_of (int     side,
                            uint8_t length,
                            uint8_t square)
{
  if (length == 0)
    return 0;
  return dr_zobrist_frisian[side][length & 3]
         ^ (dr_zobrist_piece[dr_zobrist_index ((DrSide) side, true)][square & 63] >> 1);
}

static inline uint64_t
dr_position_frisian_key (const DrPosition *pos,
             int               side)
{
  return dr_position_frisian_key_of (side, pos->king_run_length[side], pos->king_run_square[side]);
}

/* Samoyed draughts: a capture may take the mover's own pieces.  The
 * capture loops hash every captured piece as the opponent's; this is the
 * correction for the mover's own among @captures. */
static inline uint64_t
dr_position_self_capture_key (const DrPosition *parent,
                              DrBitboard        captures)
{
  int us = parent->turn;
  uint64_t h = 0;

  for (DrBitboard c = captures & parent->pieces[us]; c != 0; c = dr_bb_rest (c))
    {
      int sq = dr_bb_first (c);
      int king = (int) ((parent->kings >> sq) & 1);

      h ^= dr_zobrist_piece[2 * (us ^ 1) + king][sq] ^ dr_zobrist_piece[2 * us + king][sq];
    }
  return h;
}

/* Northern draughts (DR_MOVE_DEMOTES): the captured kings stay on their
 * squares as men; the hash gets those men back. */
static inline uint64_t
dr_position_demotion_key (const DrPosition *parent,
                          DrBitboard        captures)
{
  int them = parent->turn ^ 1;
  uint64_t h = 0;

  for (DrBitboard c = captures & parent->kings & parent->pieces[them]; c != 0;
       c = dr_bb_rest (c))
    h ^= dr_zobrist_piece[2 * them][dr_bb_first (c)];
  return h;
}

/* The change of the hash's turn keys from @parent to its child by @move:
 * the side to move changes, except after the first move of a two-move
 * turn (DR_MOVE_KEEPS_TURN), and the second-move key follows
 * DrPosition.second. */
static inline uint64_t
dr_position_turn_key (const DrPosition *parent,
                      const DrMove     *move)
{
  if (move->flags & DR_MOVE_KEEPS_TURN)
    return parent->second ? 0 : dr_zobrist_second;
  return dr_zobrist_turn ^ (parent->second ? dr_zobrist_second : 0);
}

/* Tower moves (DR_MOVE_TOWER) are made out of line (dr-stack.c): the
 * stacks are decoded, changed and encoded again.  So are Canadian moves
 * (DR_MOVE_WIDE, dr-wide-rules.c): one test of the flags keeps both off
 * the other variants' path. */
void     dr_stack_apply       (DrPosition       *child,
                               const DrPosition *parent,
                               const DrMove     *move);
uint64_t dr_stack_hash_after  (const DrPosition *parent,
                               const DrMove     *move);

/* The hash of @parent with @move played, as dr_position_apply() keeps
 * it, without making the move: a search prefetches the child's table entry
 * with it. */
static inline uint64_t
dr_position_hash_after (const DrPosition *parent,
                        const DrMove     *move)
{
  int us = parent->turn;
  int foreign = (move->flags & DR_MOVE_FOREIGN) != 0;
  int mover = us ^ foreign;
  int victim = mover ^ 1;
  /* "& 63": see dr_position_apply() (Canadian squares 64-71). */
  DrBitboard from = (DrBitboard) 1 << (move->from & 63);
  int was_king = (parent->kings & from) != 0;
  int is_king = was_king | ((move->flags & DR_MOVE_PROMOTES) != 0);
  uint8_t run_square = parent->king_run_square[us];
  uint8_t run_length = parent->king_run_length[us];
  uint64_t h = parent->hash ^ dr_position_turn_key (parent, move)
               ^ dr_zobrist_piece[2 * mover + was_king][move->from & 63]
               ^ dr_zobrist_piece[2 * mover + is_king][move->to & 63];

  if (move->flags & (DR_MOVE_TOWER | DR_MOVE_WIDE))
    return dr_stack_hash_after (parent, move);
  for (DrBitboard c = move->captures; c != 0; c = dr_bb_rest (c))
    {
      int sq = dr_bb_first (c);
      h ^= dr_zobrist_piece[2 * victim + ((parent->kings >> sq) & 1)][sq];
    }
  if ((move->captures & parent->pieces[mover]) != 0)
    h ^= dr_position_self_capture_key (parent, move->captures);
  if (move->flags & DR_MOVE_DEMOTES)
    h ^= dr_position_demotion_key (parent, move->captures);
  if (was_king || run_length != 0)
    {
      h ^= dr_position_frisian_key_of (us, run_length, run_square);
      if (was_king && move->captures == 0)
        h ^= dr_position_frisian_key_of (us,
                                         run_length > 0 && run_square == move->from
                                         ? (run_length >= 3 ? 3 : run_length + 1) : 1,
                                         move->to);
    }
  return h;
}

/* Copy-make: @child becomes @parent with @move played.  @child may be
 * @parent.  Inline: it is half of every search and perft node.  Every field
 * is worked out from @parent first and then stored once, field by field:
 * building the child in a local and copying it whole made the processor
 * read back the byte just stored as part of a wider load (a failed store
 * forward, a stall on every node). */
static inline void
dr_position_apply (DrPosition       *child,
                   const DrPosition *parent,
                   const DrMove     *move)
{
  int us = parent->turn;
  int them = us ^ 1;
  /* Stavropol: the piece moved may be the opponent's, and then it takes
   * the player's own pieces. */
  int mover = us ^ ((move->flags & DR_MOVE_FOREIGN) != 0);
  int victim = mover ^ 1;
  /* "& 63": a Canadian move (DR_MOVE_WIDE, below) may name squares 64-71;
   * what is worked out here is not used for it, but must not shift or
   * index past the 64-bit board (UBSan). */
  int from_sq = move->from & 63;
  int to_sq = move->to & 63;
  DrBitboard from = (DrBitboard) 1 << from_sq;
  DrBitboard to = (DrBitboard) 1 << to_sq;
  DrBitboard captures = move->captures;
  int was_king = (parent->kings & from) != 0;
  int is_king = was_king | ((move->flags & DR_MOVE_PROMOTES) != 0);
  uint64_t h = parent->hash ^ dr_position_turn_key (parent, move)
               ^ dr_zobrist_piece[2 * mover + was_king][from_sq]
               ^ dr_zobrist_piece[2 * mover + is_king][to_sq];
  /* Captured pieces go first: in Turkish draughts a king may end its move
   * on the square of a piece it took on the way.  The moving piece's
   * from == to is possible (a king's round trip). */
  DrBitboard own = (parent->pieces[mover] & ~from & ~captures) | to;  /* Samoyed */
  DrBitboard other = parent->pieces[victim] & ~captures;
  DrBitboard kings = (parent->kings & ~captures & ~from) | (is_king ? to : 0);
  uint8_t run_square = parent->king_run_square[us];
  uint8_t run_length = parent->king_run_length[us];
  uint8_t other_square = parent->king_run_square[them];
  uint8_t other_length = parent->king_run_length[them];
  /* Two-move: the side keeps the move after the first of its two. */
  int keeps = (move->flags & DR_MOVE_KEEPS_TURN) != 0;

  if (move->flags & (DR_MOVE_TOWER | DR_MOVE_WIDE))
    {
      dr_stack_apply (child, parent, move);
      return;
    }
  for (DrBitboard c = captures; c != 0; c = dr_bb_rest (c))
    {
      int sq = dr_bb_first (c);
      h ^= dr_zobrist_piece[2 * victim + ((parent->kings >> sq) & 1)][sq];
    }
  if ((captures & parent->pieces[mover]) != 0)
    h ^= dr_position_self_capture_key (parent, captures);
  if (move->flags & DR_MOVE_DEMOTES)
    {
      /* Northern: the captured kings stay, as men (the kings mask has
       * already lost them). */
      other |= captures & parent->kings & parent->pieces[them];
      h ^= dr_position_demotion_key (parent, captures);
    }

  /* Frisian king runs (KNDB art. 17): quiet moves of one king, in a row. */
  if (was_king || run_length != 0)
    {
      h ^= dr_position_frisian_key_of (us, run_length, run_square);
      if (was_king && captures == 0)
        {
          if (run_length > 0 && run_square == move->from)
            run_length = run_length >= 3 ? 3 : run_length + 1;
          else
            run_length = 1;
          run_square = move->to;
        }
      else
        {
          run_length = 0;
          run_square = DR_NO_SQUARE;
        }
      h ^= dr_position_frisian_key_of (us, run_length, run_square);
    }

  child->pieces[mover] = own;
  child->pieces[victim] = other;
  child->kings = kings;
  child->hash = h;
  child->turn = (uint8_t) (keeps ? us : them);
  child->second = (uint8_t) keeps;
  child->king_run_square[us] = run_square;
  child->king_run_length[us] = run_length;
  child->king_run_square[them] = other_square;
  child->king_run_length[them] = other_length;
  /* No tower moved (DR_MOVE_TOWER is the only way stacks change). */
  child->under = parent->under;
  child->under_run = parent->under_run;
}
