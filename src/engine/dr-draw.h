/* dr-draw.h — the end of a game: no move left, and the draw rules
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 */
#pragma once

#include <stddef.h>

#include "dr-rules.h"

typedef enum
{
  DR_STATUS_ONGOING,
  DR_STATUS_WHITE_WINS,
  DR_STATUS_BLACK_WINS,
  DR_STATUS_DRAW,
} DrStatus;

/* Is the game over in the last of @history[0..n-1], the positions of the
 * game from its start, one per ply?  A side to move without a legal move
 * loses (000 1.30, 004 1.8.1, 003 4.2), or wins in giveaway; otherwise the
 * first of @rules' draw rules that holds makes it a draw, and *@which (if
 * not NULL) points at it. */
DrStatus dr_game_status     (const DrRules     *rules,
                             const DrPosition  *history,
                             size_t             n,
                             const DrDrawRule **which);

/* The same with an explicit draw rule set. */
DrStatus dr_game_status_with (const DrRules     *rules,
                              const DrDrawRule  *draw_rules,
                              unsigned           n_draw_rules,
                              const DrPosition  *history,
                              size_t             n,
                              const DrDrawRule **which);

/* Does @rule hold at the end of @history? */
bool     dr_draw_rule_holds (const DrRules     *rules,
                             const DrDrawRule  *rule,
                             const DrPosition  *history,
                             size_t             n);

/* The main road: the long diagonal a1-h8 / a1-j10 (004 1.2, 004 2.2). */
DrBitboard dr_draw_main_road (const DrRules    *rules);
