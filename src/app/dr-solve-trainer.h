/* dr-solve-trainer.h — Solve mode: training on a problem collection
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-board-state.h"
#include "dr-egdb-manager.h"
#include "dr-game.h"
#include "dr-notation.h"

G_BEGIN_DECLS

#define DR_TYPE_SOLVE_TRAINER (dr_solve_trainer_get_type ())

G_DECLARE_FINAL_TYPE (DrSolveTrainer, dr_solve_trainer, DR, SOLVE_TRAINER, GtkBox)

typedef enum
{
  DR_SOLVE_TRAINER_IDLE,       /* no problem */
  DR_SOLVE_TRAINER_PREPARING,  /* the proof is being worked out */
  DR_SOLVE_TRAINER_PLAYING,    /* the user's move */
  DR_SOLVE_TRAINER_REPLYING,   /* the program's answer comes */
  DR_SOLVE_TRAINER_CHECKING,   /* a move outside the proof is being solved */
  DR_SOLVE_TRAINER_SPOILED,    /* the move played spoils the win: take it back */
  DR_SOLVE_TRAINER_SOLVED,
  DR_SOLVE_TRAINER_FAILED,     /* given up (the solution shown) */
  DR_SOLVE_TRAINER_UNPROVED,   /* the program cannot prove the problem */
} DrSolveTrainerState;

/* Outcomes kept per problem. */
typedef enum
{
  DR_SOLVE_SCORE_NONE,
  DR_SOLVE_SCORE_FIRST_TRY,    /* solved without a hint or a wrong move */
  DR_SOLVE_SCORE_HELPED,       /* solved after hints or wrong moves */
  DR_SOLVE_SCORE_FAILED,
} DrSolveScore;

/* The trainer plays on @board (the window's board) and leaves the game
 * model alone. */
GtkWidget  *dr_solve_trainer_new          (DrBoardState   *board);
void        dr_solve_trainer_set_notation (DrSolveTrainer *self,
                                           DrNotation      notation);
void        dr_solve_trainer_set_egdb     (DrSolveTrainer *self,
                                           DrEgdbTables   *tables);
/* Starts on @games (DrGame *, transfer container and its games: the
 * array's free function frees them), the collection's problems, at
 * problem @first; @key names the collection for the score (its file). */
void        dr_solve_trainer_start        (DrSolveTrainer *self,
                                           GPtrArray      *games,
                                           const char     *key,
                                           guint           first);
void        dr_solve_trainer_stop         (DrSolveTrainer *self);
gboolean    dr_solve_trainer_get_active   (DrSolveTrainer *self);
/* A move made on the board (in the trainer's position): TRUE when the
 * trainer took it (always, while active). */
gboolean    dr_solve_trainer_move         (DrSolveTrainer *self,
                                           const DrMove   *move);
/* The board shows the trainer's position again (after the window put the
 * game's on it). */
void        dr_solve_trainer_show         (DrSolveTrainer *self);
void        dr_solve_trainer_hint         (DrSolveTrainer *self);
void        dr_solve_trainer_next         (DrSolveTrainer *self);

DrSolveTrainerState dr_solve_trainer_get_state (DrSolveTrainer *self);
guint       dr_solve_trainer_get_index    (DrSolveTrainer *self);
guint       dr_solve_trainer_get_n_problems (DrSolveTrainer *self);
const char *dr_solve_trainer_get_message  (DrSolveTrainer *self);
/* The collection's score: problems solved at the first try, with help,
 * failed (as kept in the score file). */
void        dr_solve_trainer_get_score    (DrSolveTrainer *self,
                                           guint          *first_try,
                                           guint          *helped,
                                           guint          *failed);
/* Where the scores are kept (a key file, one group per collection). */
char       *dr_solve_trainer_score_path   (void);

G_END_DECLS
