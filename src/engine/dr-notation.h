/* dr-notation.h — squares and moves as text
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"

G_BEGIN_DECLS

/* "32", "c3" or "j10" into @buf (at least 8 bytes); returns @buf. */
char     *dr_notation_square      (const DrRules    *rules,
                                   int               bit,
                                   DrNotation        notation,
                                   char             *buf);

/* A move as the variant writes it: "32-28", "28x19", "c3-d4", "b4:d6".
 * The squares it turns on are written too ("d2:h6:f8:c5:a7") when another
 * move in @legal shares its start and end; @legal may be NULL. */
char     *dr_move_to_text         (const DrRules    *rules,
                                   const DrMoveList *legal,
                                   const DrMove     *move,
                                   DrNotation        notation);

/* A move as the Hub protocol writes it (ENGINES.md §4.1): numeric, quiet
 * "32-28", captures "from x to x every captured square" ("28x19x23"), the
 * captured squares in ascending order. */
char     *dr_move_to_hub          (const DrRules    *rules,
                                   const DrMove     *move);

G_END_DECLS
