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

/* Does the side to move have a capture?  (Useful for quiescence and UI.) */
bool       dr_movegen_has_capture (const DrRules    *rules,
                                   const DrPosition *pos);

/* Frisian capture value of @men men and @kings kings (dr-movegen.c). */
int        dr_frisian_capture_value (int men,
                                     int kings);
