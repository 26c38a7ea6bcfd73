/* dr-window-compose.c — the window's Composition and Solve modes
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both modes have a pane right of the board (in a pane of their own, as
 * the explorer), one at a time.  Composition mode (win.composition, the
 * header's toggle beside Setup, Ctrl+Shift+E) shows DrComposePane, which
 * edits the game's stipulation and verifies it.  Solve mode
 * (win.solve-problems, Ctrl+Shift+P) hands the problems of the open file
 * to DrSolveTrainer, hides the move list (the solution) and turns the
 * engine off; a move made on the board then goes to the trainer instead
 * of into the game, and the game is left as it is.
 */

#define G_LOG_DOMAIN "dr-window-compose"

#include "config.h"

#include "dr-window-compose.h"

#include "dr-movegen.h"
#include "dr-window-private.h"

#include <glib/gi18n.h>

static void
follow_tables (DrWindow *self)
{
  g_autoptr (DrEgdbTables) tables = _dr_window_egdb_tables (self);
  DrNotation notation = _dr_window_notation (self);

  dr_compose_pane_set_egdb (self->compose_pane, tables);
  dr_compose_pane_set_notation (self->compose_pane, notation);
  dr_solve_trainer_set_egdb (self->solve_trainer, tables);
  dr_solve_trainer_set_notation (self->solve_trainer, notation);
}

/* The tables changed (another folder, a build finished) or were opened:
 * the window's own handlers, connected before, have taken them. */
static void
compose_tables_changed_cb (DrWindow *self)
{
  follow_tables (self);
}

static void
compose_tables_opened_cb (DrWindow      *self,
                          const DrRules *rules)
{
  if (rules == dr_game_model_get_rules (self->model))
    follow_tables (self);
}

/* The side pane @name ("composition", "solve"), or none (NULL). */
static void
show_side (DrWindow   *self,
           const char *name)
{
  gtk_widget_set_visible (GTK_WIDGET (self->compose_stack), name != NULL);
  if (name != NULL)
    gtk_stack_set_visible_child_name (self->compose_stack, name);
  gtk_toggle_button_set_active (self->composition_button, g_strcmp0 (name, "composition") == 0);
}

void
_dr_window_set_composition_mode (DrWindow *self,
                                 gboolean  on)
{
  if (on && dr_solve_trainer_get_active (self->solve_trainer))
    dr_solve_trainer_stop (self->solve_trainer);
  if (on)
    _dr_window_play_stop (self);
  if (!on)
    dr_compose_pane_leave_line (self->compose_pane);
  follow_tables (self);
  show_side (self, on ? "composition" : NULL);
}

gboolean
_dr_window_get_composition_mode (DrWindow *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->compose_stack))
         && g_strcmp0 (gtk_stack_get_visible_child_name (self->compose_stack), "composition") == 0;
}

static void
composition_cb (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  DrWindow *self = DR_WINDOW (widget);

  _dr_window_set_composition_mode (self, !_dr_window_get_composition_mode (self));
}

void
_dr_window_start_solving (DrWindow *self)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_game_free);
  guint n = self->collection != NULL ? dr_pdn_collection_get_n_entries (self->collection) : 0;
  guint first = 0;
  g_autofree char *key = NULL;

  /* The file's problems (the game shown as it is now), or the game alone. */
  for (guint i = 0; i < n; i++)
    {
      const DrGame *game = i == self->game_index ? dr_game_model_get_game (self->model)
                                                 : dr_pdn_collection_get_game (self->collection, i);

      if (game != NULL)
        g_ptr_array_add (games, dr_game_copy (game));
      if (i == self->game_index)
        first = games->len > 0 ? games->len - 1 : 0;
    }
  if (games->len == 0)
    g_ptr_array_add (games, dr_game_copy (dr_game_model_get_game (self->model)));
  if (self->file != NULL)
    key = g_file_get_uri (self->file);
  else
    key = g_strdup ("unsaved");

  if (dr_board_state_get_setup_mode (self->board))
    _dr_window_set_setup_mode (self, FALSE);
  _dr_window_play_stop (self);
  dr_compose_pane_leave_line (self->compose_pane);
  /* The engine's arrow and lines would give the answer away. */
  if (gtk_toggle_button_get_active (self->analysis_button))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.analysis", NULL);
  /* The solution (the move list) hidden, and the engine's column with it:
   * the board gets its room. */
  gtk_widget_set_visible (self->analysis_column, FALSE);
  follow_tables (self);
  show_side (self, "solve");
  self->solve_game = dr_game_model_get_game (self->model);
  dr_solve_trainer_start (self->solve_trainer, games, key, first);
}

static void
solve_problems_action_cb (GtkWidget  *widget,
                          const char *name,
                          GVariant   *param)
{
  _dr_window_start_solving (DR_WINDOW (widget));
}

static void
trainer_stopped_cb (DrWindow       *self,
                    DrSolveTrainer *trainer)
{
  DrGameNode *current = dr_game_model_get_current (self->model);

  gtk_widget_set_visible (self->analysis_column, TRUE);
  show_side (self, NULL);
  /* The game's position again. */
  dr_board_state_set_position (self->board, dr_game_model_get_rules (self->model), &current->position,
                               current->parent != NULL ? &current->move : NULL);
}

gboolean
_dr_window_compose_move (DrWindow     *self,
                         const DrMove *move)
{
  if (self->solve_trainer != NULL && dr_solve_trainer_get_active (self->solve_trainer))
    return dr_solve_trainer_move (self->solve_trainer, move);
  if (self->compose_pane != NULL && dr_compose_pane_get_showing_line (self->compose_pane))
    {
      /* The board shows a line of the report, not the game: a move there
       * goes nowhere; the board comes back to the game. */
      dr_compose_pane_leave_line (self->compose_pane);
      return TRUE;
    }
  return FALSE;
}

/* The status says who moves in the position on the board: a line of the
 * report's while one is shown (after White's key, Black), else the
 * game's. */
static void
compose_line_changed_cb (DrWindow      *self,
                         DrComposePane *pane)
{
  const DrPosition *pos;
  g_autofree DrMoveList *legal = NULL;
  gboolean white;

  if (!dr_compose_pane_get_showing_line (pane))
    {
      _dr_window_refresh (self);
      return;
    }
  pos = dr_board_state_get_position (self->board);
  white = pos->turn == DR_SIDE_WHITE;
  legal = g_new0 (DrMoveList, 1);
  dr_movegen_legal (dr_game_model_get_rules (self->model), pos, legal);
  if (legal->n == 0)
    gtk_label_set_text (self->status_label, white ? _("Black wins: White has no move left")
                                                  : _("White wins: Black has no move left"));
  else
    gtk_label_set_text (self->status_label, white ? _("White to move") : _("Black to move"));
}

static void
model_changed_cb (DrWindow    *self,
                  DrGameModel *model)
{
  /* The window has just put the game's position on the board.  Another
   * game (a file opened, a new game, an edit undone) ends Solve mode: its
   * problems were the file's. */
  if (dr_solve_trainer_get_active (self->solve_trainer))
    {
      if (dr_game_model_get_game (model) != self->solve_game)
        dr_solve_trainer_stop (self->solve_trainer);
      else
        dr_solve_trainer_show (self->solve_trainer);
    }
  follow_tables (self);
}

DrComposePane *
dr_window_get_compose_pane (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), NULL);
  return self->compose_pane;
}

DrSolveTrainer *
dr_window_get_solve_trainer (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), NULL);
  return self->solve_trainer;
}

void
_dr_window_class_compose_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (DR_TYPE_COMPOSE_PANE);
  g_type_ensure (DR_TYPE_SOLVE_TRAINER);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, composition_button);
  gtk_widget_class_install_action (widget_class, "win.composition", NULL, composition_cb);
  gtk_widget_class_install_action (widget_class, "win.solve-problems", NULL, solve_problems_action_cb);
}

void
_dr_window_compose_connect (DrWindow *self)
{
  self->compose_pane = DR_COMPOSE_PANE (dr_compose_pane_new (self->model, self->board));
  self->solve_trainer = DR_SOLVE_TRAINER (dr_solve_trainer_new (self->board));
  self->compose_stack = GTK_STACK (gtk_stack_new ());
  /* As wide as the page shown: the widest page would narrow the board. */
  gtk_stack_set_hhomogeneous (self->compose_stack, FALSE);
  gtk_stack_add_named (self->compose_stack, GTK_WIDGET (self->compose_pane), "composition");
  gtk_stack_add_named (self->compose_stack, GTK_WIDGET (self->solve_trainer), "solve");
  gtk_stack_set_visible_child_name (self->compose_stack, "composition");
  gtk_widget_set_visible (GTK_WIDGET (self->compose_stack), FALSE);

  /* Right of everything else, in a pane of its own. */
  _dr_window_add_side_pane (self, GTK_WIDGET (self->compose_stack), GTK_PACK_END, "side-pane-width");

  g_signal_connect_swapped (self->solve_trainer, "stopped", G_CALLBACK (trainer_stopped_cb), self);
  g_signal_connect_swapped (self->compose_pane, "line-changed", G_CALLBACK (compose_line_changed_cb), self);
  g_signal_connect_object (self->model, "changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  /* After _dr_window_egdb_connect()'s handlers: the pane and the trainer
   * follow the window's tables. */
  g_signal_connect_object (dr_egdb_manager_get_default (), "tables-changed", G_CALLBACK (compose_tables_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dr_egdb_manager_get_default (), "tables-opened", G_CALLBACK (compose_tables_opened_cb),
                           self, G_CONNECT_SWAPPED);
}

void
_dr_window_compose_dispose (DrWindow *self)
{
  if (self->solve_trainer != NULL)
    g_signal_handlers_disconnect_by_data (self->solve_trainer, self);
  if (self->compose_pane != NULL)
    g_signal_handlers_disconnect_by_data (self->compose_pane, self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed_cb, self);
  g_signal_handlers_disconnect_by_func (dr_egdb_manager_get_default (), compose_tables_changed_cb, self);
  g_signal_handlers_disconnect_by_func (dr_egdb_manager_get_default (), compose_tables_opened_cb, self);
}
