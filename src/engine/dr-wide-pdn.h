/* dr-wide-pdn.h — reading PDN games on the wide boards
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The PDN reader of dr-pdn.h builds DrGame trees of 64-bit positions;
 * Canadian draughts (GameType 27, dr-wide.h) has its own reader of the
 * movetext over the same lexer (dr-pdn-lexer.c): it replays every move of
 * every game and variation and reports what it cannot.
 */
#pragma once

#include <glib.h>

#include "dr-pdn.h"
#include "dr-wide.h"

G_BEGIN_DECLS

typedef struct
{
  guint games;
  guint moves;    /* moves replayed, variations included */
  guint errors;   /* problems reported */
} DrWidePdnCounts;

/* Called with each problem, a DR_PDN_ERROR whose message starts with
 * "NAME:LINE:COLUMN: ". */
typedef void (*DrWidePdnErrorFunc) (const GError *error,
                                    gpointer      user_data);

/* Reads every game left in @reader as International draughts on the
 * @size x @size board: the start from the FEN tag or /FEN/ setup, else the
 * start position; moves numeric ("43-38", "32x21", "37x28x17") or
 * algebraic; move numbers, comments, NAGs and strength marks skipped;
 * variations replayed from the position before the move they replace.  A
 * GameType other than 27 (or 20 on 10x10) is a problem; so is a move that
 * is not legal, and the rest of that game is skipped.  Adds to @counts. */
void dr_wide_pdn_check (DrPdnReader        *reader,
                        int                 size,
                        DrWidePdnCounts    *counts,
                        DrWidePdnErrorFunc  func,
                        gpointer            user_data);

G_END_DECLS
