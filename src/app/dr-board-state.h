/* dr-board-state.h — what the board shows and how clicks become moves
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view-model of DrBoardView (gnome-chess's scene/view split): the
 * position, orientation, selection, highlights and the input state of a
 * move being entered, including multi-capture routes, and the setup mode.
 * No drawing and no GTK here, so that the input logic is tested without a
 * display.
 */
#pragma once

#include <glib-object.h>

#include "dr-rules.h"
#include "dr-wide.h"

G_BEGIN_DECLS

#define DR_TYPE_BOARD_STATE (dr_board_state_get_type ())

G_DECLARE_FINAL_TYPE (DrBoardState, dr_board_state, DR, BOARD_STATE, GObject)

typedef enum
{
  DR_CLICK_NOTHING,     /* nothing happened */
  DR_CLICK_SELECTED,    /* a piece is selected (or the route grew) */
  DR_CLICK_MOVED,       /* a move was made: ::move was emitted */
  DR_CLICK_CHOOSE,      /* several routes end there: ::choose-route was emitted */
  DR_CLICK_ILLEGAL,     /* not a legal move: ::illegal was emitted with the reason */
  DR_CLICK_EDITED,      /* setup mode: the position was edited */
} DrClickResult;

/* What the setup palette puts down. */
typedef enum
{
  DR_SETUP_WHITE_MAN,
  DR_SETUP_WHITE_KING,
  DR_SETUP_BLACK_MAN,
  DR_SETUP_BLACK_KING,
  DR_SETUP_ERASE,
} DrSetupTool;

DrBoardState     *dr_board_state_new           (void);

void              dr_board_state_set_position  (DrBoardState     *self,
                                                const DrRules    *rules,
                                                const DrPosition *position,
                                                const DrMove     *last_move);
const DrRules    *dr_board_state_get_rules     (DrBoardState     *self);
const DrPosition *dr_board_state_get_position  (DrBoardState     *self);
/* The last move (to highlight), or NULL. */
const DrMove     *dr_board_state_get_last_move (DrBoardState     *self);

void              dr_board_state_set_flipped   (DrBoardState     *self,
                                                gboolean          flipped);
gboolean          dr_board_state_get_flipped   (DrBoardState     *self);

/* The selected square (bit index) or -1; the squares it can reach; the
 * turning squares clicked so far for a capture route.  Sets of squares are
 * 128-bit: Canadian's board has bits 0-71 (dr-geometry.h). */
int               dr_board_state_get_selected  (DrBoardState     *self);
DrWideBoard       dr_board_state_get_targets   (DrBoardState     *self);
DrWideBoard       dr_board_state_get_route     (DrBoardState     *self);
DrWideBoard       dr_board_state_get_must_capture (DrBoardState  *self);
void              dr_board_state_clear_selection (DrBoardState   *self);

/* Input: a click on a square (bit index, -1 for off the board), a drag
 * from one square dropped on another, a route chosen from the menu that
 * ::choose-route asked for, a right click (setup mode). */
DrClickResult     dr_board_state_click         (DrBoardState     *self,
                                                int               square);
DrClickResult     dr_board_state_drop          (DrBoardState     *self,
                                                int               from,
                                                int               to);
void              dr_board_state_choose        (DrBoardState     *self,
                                                const DrMove     *move);
DrClickResult     dr_board_state_secondary_click (DrBoardState   *self,
                                                  int             square);

/* Setup mode: clicks edit the position with the palette's tool. */
void              dr_board_state_set_setup_mode (DrBoardState    *self,
                                                 gboolean         setup);
gboolean          dr_board_state_get_setup_mode (DrBoardState    *self);
void              dr_board_state_set_setup_tool (DrBoardState    *self,
                                                 DrSetupTool      tool);
DrSetupTool       dr_board_state_get_setup_tool (DrBoardState    *self);
/* The tower games (rules->towers): a setup click works on the top of the
 * square's tower (a piece replaces it, the eraser takes it off), or with
 * Beneath on the bottom (a piece goes under the tower, the eraser takes
 * the bottom piece away); dr_board_state_beneath_click() is one click with
 * Beneath (Shift).  Other variants ignore Beneath.  A drag moves a whole
 * tower. */
void              dr_board_state_set_setup_beneath (DrBoardState *self,
                                                    gboolean      beneath);
gboolean          dr_board_state_get_setup_beneath (DrBoardState *self);
DrClickResult     dr_board_state_beneath_click  (DrBoardState    *self,
                                                 int              square);
void              dr_board_state_set_side_to_move (DrBoardState  *self,
                                                   DrSide         side);
void              dr_board_state_clear_board    (DrBoardState    *self);

/* An arrow to draw (the engine's best move), from/to bit indices, or -1. */
void              dr_board_state_set_arrow      (DrBoardState    *self,
                                                 int              from,
                                                 int              to);
void              dr_board_state_get_arrow      (DrBoardState    *self,
                                                 int             *from,
                                                 int             *to);

/* Board layout, shared by the view and its tests: the square (bit index)
 * at (@x, @y) in a board of @size x @size pixels drawn at the origin, or
 * -1 for a light square or outside; and the cell of a square. */
int               dr_board_layout_square_at     (const DrGeometry *geometry,
                                                 gboolean          flipped,
                                                 double            size,
                                                 double            x,
                                                 double            y);
void              dr_board_layout_cell          (const DrGeometry *geometry,
                                                 gboolean          flipped,
                                                 int               square,
                                                 int              *column,
                                                 int              *row);

G_END_DECLS
