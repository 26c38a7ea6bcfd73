/* dr-selfplay.h — games of the engine against itself, for training data
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `draughtsman-cli selfplay` writes the positions of many short games
 * (a fixed node count a move) with the game's result and the search's
 * score, and `tune --patterns` fits the pattern weights on them
 * (dr-patterns.h, dr-pattern-fit.h).  A game is a function of its seed
 * and number: the same options give the same games.
 *
 * The file is text, a position a line:
 *   GAME PLY RESULT SCORE FEN
 * GAME is the game's number, PLY the position's, RESULT the game's result
 * from White's view (1, 0.5 or 0), SCORE the search's score of the
 * position from White's view in hundredths of a man, FEN the position in
 * PDN FEN.  Only positions whose side to move has no capture are written
 * (a capture's position is not quiet and evaluation does not see it), and
 * none of the random opening moves.  Lines starting with '#' are comments.
 */
#pragma once

#include <glib.h>

#include "dr-draw.h"
#include "dr-search.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 nodes;          /* nodes a move */
  int     random_plies;   /* moves chosen at random at the start */
  int     max_plies;      /* a game this long is adjudicated a draw */
  int     max_opening_score; /* random openings scored beyond this (hundredths
                                of a man) by the first search are drawn again;
                                0: any */
} DrSelfplayOptions;

/* Plays game @game of the series @seed with @search (its rules, weights
 * and patterns), appending its lines to @out; returns how it ended and
 * the number of lines in *@n_lines.  A search score of a proven win
 * (dr_score_to_string's "win in N") ends the game as that win. */
DrStatus dr_selfplay_game (DrSearch                *search,
                           const DrSelfplayOptions *options,
                           guint64                  seed,
                           guint64                  game,
                           GString                 *out,
                           guint                   *n_lines);

G_END_DECLS
