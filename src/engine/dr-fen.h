/* dr-fen.h — positions as PDN FEN text, and checking that they can occur
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_FEN_ERROR (dr_fen_error_quark ())

typedef enum
{
  DR_FEN_ERROR_SYNTAX,               /* not FEN: a character or field out of place */
  DR_FEN_ERROR_SIDE,                 /* the side to move is not W, B or ? */
  DR_FEN_ERROR_SQUARE,               /* a square that is not on this board */
  DR_FEN_ERROR_DUPLICATE,            /* a square listed twice */
  DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, /* a man on the rank where it would have been crowned */
  DR_FEN_ERROR_TOO_MANY_PIECES,      /* more pieces than a side starts with */
} DrFenError;

GQuark    dr_fen_error_quark    (void);

/* Reads PDN FEN (shared/design/PDN.md §3) as real files write it: numeric
 * or algebraic squares, ranges, K for kings, W/B lists in any order, a
 * trailing '.', lidraughts' :H and :F fields, '?' for an unknown side (the
 * variant's first player), and in the tower games the pieces beneath a
 * top in parentheses after its square, top down ("c3(bW)": w b men, W B
 * kings; dr-fen.c).  On success the position is also checked with
 * dr_position_validate(). */
gboolean  dr_fen_parse          (const DrRules    *rules,
                                 const char       *fen,
                                 DrPosition       *pos,
                                 GError          **error);

/* The same, without dr_position_validate(): any placement the syntax
 * allows (the composition checks report what cannot occur). */
gboolean  dr_fen_parse_unchecked (const DrRules   *rules,
                                  const char      *fen,
                                  DrPosition      *pos,
                                  GError         **error);

/* Writes normalised PDN FEN: side to move, White's then Black's pieces in
 * square order, runs of men as ranges in numeric notation. */
char     *dr_fen_write          (const DrRules    *rules,
                                 const DrPosition *pos,
                                 DrNotation        notation);

/* Can @pos occur in a game of @rules?  Rejects men on their own promotion
 * rank and more pieces than a side starts with. */
gboolean  dr_position_validate  (const DrRules    *rules,
                                 const DrPosition *pos,
                                 GError          **error);

G_END_DECLS
