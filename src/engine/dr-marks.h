/* dr-marks.h — arrows and coloured squares kept in a move's comment
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A study board lets the user draw on the position: an arrow from one
 * square to another, a square marked in colour.  They belong to the
 * position after a move (the game's opening comment for the start
 * position) and are kept in that comment as embedded commands (PDN 3.0
 * commands.rst: "[%COMMAND VALUE]" inside a comment), in the form the PDN
 * project proposes in doc/future.rst and lidraughts writes from study
 * shapes (PDN.md §6):
 *
 *   {A strong square [%csl G23,R28] [%cal G32-28,B17-22]}
 *
 * - "%csl" lists coloured squares, "%cal" arrows, separated by commas;
 * - each item starts with its colour: G green, R red, B blue, Y yellow;
 * - squares are written as the variant's board names them: a number
 *   ("23") or an algebraic name ("c3"); an arrow is its two squares,
 *   with a dash between numbers ("G32-28") and without one between
 *   names, as lidraughts writes them ("Gc3d4"); "Gc3-d4" is read too;
 * - the rest of the comment is its text.
 *
 * Reading takes out only commands that are whole and valid: a command
 * with a square that is not a playing square of the board, or an
 * unknown colour, is left in the text as it was, so nothing is lost.
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"

G_BEGIN_DECLS

typedef enum
{
  DR_MARK_GREEN,
  DR_MARK_RED,
  DR_MARK_BLUE,
  DR_MARK_YELLOW,
} DrMarkColor;

/* A coloured square (@to == @from) or an arrow; squares are bit indices. */
typedef struct
{
  gint8 from;
  gint8 to;
  guint8 color;   /* DrMarkColor */
} DrMark;

/* The marks of @comment (NULL: none) in a new array of DrMark, in the
 * order written; @text, when not NULL, gets the comment without the
 * commands read (trimmed; NULL when nothing else is left). */
GArray   *dr_marks_from_comment (const DrRules *rules,
                                 const char    *comment,
                                 char         **text);
/* The comment of @text (NULL or "": none) with @marks (NULL or empty:
 * none) appended as commands, squares in @notation; NULL when both are
 * empty. */
char     *dr_marks_to_comment   (const DrRules *rules,
                                 const char    *text,
                                 const GArray  *marks,
                                 DrNotation     notation);
/* Adds @mark to @marks; the same square or arrow in the same colour is
 * taken off instead, in another colour it changes colour.  Returns TRUE
 * when the mark is on afterwards. */
gboolean  dr_marks_toggle       (GArray        *marks,
                                 const DrMark  *mark);
/* The comment @comment with the mark toggled (the other marks and the
 * text kept as they were); squares written in @notation.  Returns the new
 * comment (NULL when nothing is left). */
char     *dr_marks_toggle_in_comment (const DrRules *rules,
                                      const char    *comment,
                                      const DrMark  *mark,
                                      DrNotation     notation);

G_END_DECLS
