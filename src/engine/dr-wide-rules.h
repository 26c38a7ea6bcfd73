/* dr-wide-rules.h — Canadian draughts seen through DrPosition and DrMove
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * Canadian draughts has a generator of its own on 128-bit boards
 * (dr-wide.h).  So that the game tree, PDN, FEN, notation and the
 * application can play it as one variant among the others
 * (dr_rules_canadian), its positions and moves also live in the 64-bit
 * types, packed (dr-geometry.h, "wide"):
 *
 * - DrPosition: bits 0-63 in pieces[] and kings as usual, squares 64-71
 *   in `under` (bits 0-7 White, 8-15 Black, 16-23 kings); under_run 0.
 * - DrMove: from, to and path[] as bits 0-71, captures in bits 0-63 (a
 *   capture never takes a piece on the first or last rank, where bits
 *   64-71 are), DR_MOVE_WIDE set.  path[] keeps the first DR_MAX_JUMPS
 *   landings: a capture of more pieces (possible only on this board) has
 *   its whole captured set in captures and its route cut to n_jumps =
 *   DR_MAX_JUMPS.
 *
 * dr_position_apply() sends DR_MOVE_WIDE moves here, out of line, with the
 * same flag test as tower moves, so the other variants pay nothing.
 */
#pragma once

#include "dr-position.h"
#include "dr-rules.h"
#include "dr-wide.h"

/* The Canadian board, 12x12. */
#define DR_WIDE_RULES_SIZE 12

/* DrPosition <-> DrWidePosition, and a 12x12 layout bit <-> a DrPosition
 * bit (both -1 off the board). */
void dr_wide_rules_unpack       (const DrPosition     *pos,
                                 DrWidePosition       *wide);
void dr_wide_rules_pack         (const DrWidePosition *wide,
                                 DrPosition           *pos);
int  dr_wide_rules_bit          (int                   wide_bit);
int  dr_wide_rules_wide_bit     (int                   bit);
/* DrWideMove -> DrMove (packed as above). */
void dr_wide_rules_move         (const DrWideMove     *wide,
                                 DrMove               *move);

/* The DrRules functions of dr_rules_canadian (dr-rules.h). */
void        dr_wide_rules_generate    (const DrPosition *pos,
                                       DrMoveList       *list);
unsigned    dr_wide_rules_count       (const DrPosition *pos,
                                       DrMoveList       *scratch);
uint64_t    dr_wide_rules_perft       (const DrPosition *pos,
                                       int               depth,
                                       DrMoveList       *lists);
bool        dr_wide_rules_has_capture (const DrPosition *pos);
bool        dr_wide_rules_has_quiet   (const DrPosition *pos);
DrMovesKind dr_wide_rules_moves_kind  (const DrPosition *pos);

/* dr_position_apply() of a DR_MOVE_WIDE move; @child may be @parent. */
void        dr_wide_rules_apply       (DrPosition       *child,
                                       const DrPosition *parent,
                                       const DrMove     *move);
