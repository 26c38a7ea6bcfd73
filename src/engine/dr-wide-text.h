/* dr-wide-text.h — FEN, square names and move text for the wide boards
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The counterparts of dr-fen.h and dr-notation.h for DrWidePosition
 * (dr-wide.h).  Errors are in DR_FEN_ERROR and DR_MOVE_ERROR, with the
 * same codes as for the other boards.
 */
#pragma once

#include <glib.h>

#include "dr-wide.h"

G_BEGIN_DECLS

/* Writes "43" (@algebraic FALSE) or "c5" into @buf (at least 4 bytes). */
const char *dr_wide_square_text (const DrWideGeometry *g,
                                 int                   bit,
                                 gboolean              algebraic,
                                 char                 *buf);

/* Reads PDN FEN for the @size x @size board (PDN.md §3): side W, B or ?
 * (White), then W and B lists of numbered (1..n_squares, ranges "43-72") or
 * algebraic ("a1".."l12") squares, K for kings (k too, but "k3" is a
 * square); H, F and + fields are
 * ignored and a trailing '.' is allowed.  Rejects squares off the board or
 * listed twice, men on their own crowning rank and more pieces than a side
 * starts with, saying what and at which column. */
gboolean dr_wide_fen_parse  (int                   size,
                             const char           *fen,
                             DrWidePosition       *pos,
                             GError              **error);

/* Normalised FEN: side to move, White's then Black's pieces in square
 * order, runs of men as ranges in numeric notation. */
char    *dr_wide_fen_write  (const DrWidePosition *pos,
                             gboolean              algebraic);

/* "43-38", "32x21", or the whole route "37x28x17" where another legal
 * move in @legal shares its from and to squares (PDN.md §1 rule 6). */
char    *dr_wide_move_text  (const DrWidePosition *pos,
                             const DrWideMoveList *legal,
                             const DrWideMove     *move,
                             gboolean              algebraic);

/* The legal move of @pos that @text names: from and to squares, and
 * squares between that the route must pass (landing squares in order); -
 * or x/: as separators.  NULL with DR_MOVE_ERROR when none or several
 * match. */
const DrWideMove *dr_wide_move_parse (const DrWidePosition *pos,
                                      const DrWideMoveList *legal,
                                      const char           *text,
                                      GError              **error);

G_END_DECLS
