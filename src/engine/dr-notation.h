/* dr-notation.h — squares and moves as text
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_MOVE_ERROR (dr_move_error_quark ())

typedef enum
{
  DR_MOVE_ERROR_SYNTAX,     /* not a move: squares or separators out of place */
  DR_MOVE_ERROR_ILLEGAL,    /* no legal move fits the text */
  DR_MOVE_ERROR_AMBIGUOUS,  /* several different legal moves fit the text */
} DrMoveError;

GQuark    dr_move_error_quark     (void);

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

/* dr_move_to_text() of a move of @pos, in the variant's own notation,
 * with the legal moves of @pos generated for it. */
char     *dr_move_to_text_at      (const DrRules    *rules,
                                   const DrPosition *pos,
                                   const DrMove     *move);

/* A move as the Hub protocol writes it (ENGINES.md §4.1): numeric, quiet
 * "32-28", captures "from x to x every captured square" ("28x19x23"), the
 * captured squares in ascending order. */
char     *dr_move_to_hub          (const DrRules    *rules,
                                   const DrMove     *move);

/* Reads @text as a move of @pos, liberally, as real PDN files and people
 * write moves: numeric or algebraic squares, separated by '-', 'x' or ':'
 * (which one does not matter: files write "10x14" for quiet moves), or not
 * at all ("a3b4"); leading zeros ("01-06"); a capture's route with any of
 * the squares it lands on or passes ("24x15x6", "d2:h6:f8:c5:a7"); the
 * short Russian forms "ed4" and "b:d6" (004 1.6.2: the file the man comes
 * from and the square it goes to).  @legal, if not NULL, holds the legal
 * moves of @pos (it saves generating them again).
 *
 * A text that fits no legal move is DR_MOVE_ERROR_ILLEGAL, with the reason
 * (no piece there, a capture is compulsory, where the piece can go); one
 * that fits several different moves is DR_MOVE_ERROR_AMBIGUOUS, listing
 * them.  Two routes of the same capture are the same move: the one whose
 * route the text spells out is returned.  A bare "from-to" that fits
 * several captures, one of which takes a single piece, is that capture:
 * its full route is just its start and end (PDN 3.0 rules 6 and 7). */
gboolean  dr_move_parse           (const DrRules    *rules,
                                   const DrPosition *pos,
                                   const DrMoveList *legal,
                                   const char       *text,
                                   DrMove           *move,
                                   GError          **error);

/* Every distinct legal move of @pos that @text could mean (none if it is
 * not a move): the candidates of an ambiguous move.  (transfer full):
 * a GArray of DrMove. */
GArray   *dr_move_match           (const DrRules    *rules,
                                   const DrPosition *pos,
                                   const char       *text);

/* Reads a move in the Hub protocol's form ("32-28", "28x19x23": from, to,
 * then the captured squares in any order). */
gboolean  dr_move_parse_hub       (const DrRules    *rules,
                                   const DrPosition *pos,
                                   const char       *text,
                                   DrMove           *move,
                                   GError          **error);

G_END_DECLS
