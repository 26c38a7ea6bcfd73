/* dr-movegen.h — legal moves
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 */
#pragma once

#include "dr-rules.h"

/* Every legal move of @pos under @rules, in @list: captures only when there
 * is one (capture is compulsory), with the variant's choice rule applied
 * and duplicate captures (same from, to, captured set and crowning) listed
 * once. */
static inline void
dr_movegen_legal (const DrRules    *rules,
                  const DrPosition *pos,
                  DrMoveList       *list)
{
  rules->generate (pos, list);
}

/* The number of legal moves; @scratch is working space. */
static inline unsigned
dr_movegen_count (const DrRules    *rules,
                  const DrPosition *pos,
                  DrMoveList       *scratch)
{
  return rules->count (pos, scratch);
}

/* The quick tests: bitboard tests that generate no move, for a search
 * that must know whether a leaf is quiet, or lost for want of a move.
 * Each variant's own (DrRules.has_capture, .has_quiet, .moves_kind). */

/* Does the side to move have a capture? */
static inline bool
dr_movegen_has_capture (const DrRules    *rules,
                        const DrPosition *pos)
{
  return rules->has_capture (pos);
}

/* Does the side to move have a legal move at all (dr_movegen_legal()'s
 * count > 0)?  Quiet moves first: the cheaper test, the usual answer. */
static inline bool
dr_movegen_has_move (const DrRules    *rules,
                     const DrPosition *pos)
{
  return rules->has_quiet (pos) || rules->has_capture (pos);
}

/* What the side to move can do, as dr_movegen_legal() would find it. */
static inline DrMovesKind
dr_movegen_kind (const DrRules    *rules,
                 const DrPosition *pos)
{
  return rules->moves_kind (pos);
}

/* Frisian capture value of @men men and @kings kings (dr-movegen.c). */
int        dr_frisian_capture_value (int men,
                                     int kings);
