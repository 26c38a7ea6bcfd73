/* dr-play-pane.h — playing against the engine, with a clock
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-clock.h"
#include "dr-egdb-manager.h"
#include "dr-game-model.h"

G_BEGIN_DECLS

#define DR_TYPE_PLAY_PANE (dr_play_pane_get_type ())

G_DECLARE_FINAL_TYPE (DrPlayPane, dr_play_pane, DR, PLAY_PANE, GtkBox)

typedef enum
{
  DR_PLAY_IDLE,          /* no game against the engine */
  DR_PLAY_USER,          /* the user's move */
  DR_PLAY_ENGINE,        /* the engine thinks */
  DR_PLAY_PAUSED,        /* the game shown is not at the game's last move */
  DR_PLAY_FINISHED,      /* the result is in the game */
} DrPlayState;

/* The pane plays into @model: the user's moves come from the board as
 * usual, the engine's go in through dr_game_model_play(). */
GtkWidget  *dr_play_pane_new          (DrGameModel    *model);
void        dr_play_pane_set_egdb     (DrPlayPane     *self,
                                       DrEgdbTables   *tables);
/* Whether the engine plays the variant's opening book (dr-book.h) while
 * it has a move for the position; from the next move on. */
void        dr_play_pane_set_use_book (DrPlayPane     *self,
                                       gboolean        use_book);
/* Whether the engine's latest move was a book move (no search). */
gboolean    dr_play_pane_get_last_from_book (DrPlayPane *self);
/* Starts a game from the model's current position, the engine playing
 * @engine_side at @level (dr-opponent.h), with @control (NULL or "-": no
 * clock); level 0: no engine, two players at the board with the clock
 * (Take Back takes one move back, Resign is the side to move's, Offer
 * Draw is a draw agreed).  After each move the clock's times go into the move's comment
 * ([%clock], dr-clock.h).  From the end of the game's main line the game
 * is the game against the engine: the players, the TimeControl tag, and
 * at the end the Result and Termination tags are written.  From anywhere
 * else the moves go into a variation (dr_game_model_play()), the game's
 * tags are left alone and the end is said in the last move's comment. */
void        dr_play_pane_start        (DrPlayPane          *self,
                                       DrSide               engine_side,
                                       int                  level,
                                       const DrTimeControl *control);
/* Ends the game against the engine (the result stays as it is). */
void        dr_play_pane_stop         (DrPlayPane     *self);
gboolean    dr_play_pane_get_active   (DrPlayPane     *self);
DrPlayState dr_play_pane_get_state    (DrPlayPane     *self);
/* A move the user makes on the board: FALSE when it may go into the
 * game (the user's turn, or no game against the engine), TRUE when it
 * is refused (the engine's turn: the reason is in the message). */
gboolean    dr_play_pane_refuse_move  (DrPlayPane     *self);
void        dr_play_pane_take_back    (DrPlayPane     *self);
void        dr_play_pane_resign       (DrPlayPane     *self);
/* TRUE when the engine accepts. */
gboolean    dr_play_pane_offer_draw   (DrPlayPane     *self);
const char *dr_play_pane_get_message  (DrPlayPane     *self);
DrClock    *dr_play_pane_get_clock    (DrPlayPane     *self);

G_END_DECLS
