/* dr-board-view.h — the board, drawn and clicked
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-board-state.h"
#include "dr-marks.h"

G_BEGIN_DECLS

#define DR_TYPE_BOARD_VIEW (dr_board_view_get_type ())

G_DECLARE_FINAL_TYPE (DrBoardView, dr_board_view, DR, BOARD_VIEW, GtkWidget)

typedef enum
{
  DR_BOARD_THEME_WOOD,
  DR_BOARD_THEME_GREEN,
  DR_BOARD_THEME_BLUE,
  DR_BOARD_THEME_GRAY,
} DrBoardTheme;

GtkWidget    *dr_board_view_new              (void);
void          dr_board_view_set_state        (DrBoardView  *self,
                                              DrBoardState *state);
DrBoardState *dr_board_view_get_state        (DrBoardView  *self);
void          dr_board_view_set_piece_theme  (DrBoardView  *self,
                                              const char   *name);
void          dr_board_view_set_board_theme  (DrBoardView  *self,
                                              DrBoardTheme  theme);
void          dr_board_view_set_show_coordinates (DrBoardView *self,
                                                  gboolean     show);
void          dr_board_view_set_numbers_in_squares (DrBoardView *self,
                                                    gboolean     show);
/* The notation of the border and square labels: numeric or algebraic. */
void          dr_board_view_set_notation     (DrBoardView  *self,
                                              DrNotation    notation);
void          dr_board_view_set_animate      (DrBoardView  *self,
                                              gboolean      animate);

/* The square (bit index) under widget point (@x, @y), or -1. */
int           dr_board_view_square_at        (DrBoardView  *self,
                                              double        x,
                                              double        y);
/* The centre of @square in widget coordinates. */
gboolean      dr_board_view_square_center    (DrBoardView  *self,
                                              int           square,
                                              double       *x,
                                              double       *y);
/* Squares marked in red as the pieces a capture route would take: the
 * route menu's item under the pointer or the focus (0: none). */
void          dr_board_view_set_preview      (DrBoardView  *self,
                                              DrBitboard    squares);
DrBitboard    dr_board_view_get_preview      (DrBoardView  *self);
/* The user's arrows and coloured squares (DrMark) to draw over the
 * position (copied; NULL: none).  The view draws them and reports new
 * ones (::mark); it does not keep them across positions. */
void          dr_board_view_set_marks        (DrBoardView  *self,
                                              const GArray *marks);
const GArray *dr_board_view_get_marks        (DrBoardView  *self);

/* The colour a square of the board is painted in (for tests): light or
 * dark, before highlights. */
GdkRGBA       dr_board_view_square_color     (DrBoardView  *self,
                                              gboolean      dark);

G_END_DECLS
