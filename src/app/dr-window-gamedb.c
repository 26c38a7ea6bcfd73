/* dr-window-gamedb.c — the window's game database: explorer, import, search
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window looks games up in one database (default
 * $XDG_DATA_HOME/draughtsman/games.sqlite, another by Open Database…):
 * the explorer pane beside the board follows the current position, a move
 * clicked there is played as a board click plays it, and a game chosen in
 * the explorer or the search window opens at the ply where it reached the
 * position.  The opening name of the current position shows above the
 * move list and in the explorer.
 */

#define G_LOG_DOMAIN "dr-window-gamedb"

#include "config.h"

#include "dr-window-gamedb.h"
#include "dr-window-private.h"

#include <glib/gi18n.h>

/* --- the opening name -------------------------------------------------- */

/* The deepest named opening (or ballot) met on the way to the current
 * position, or NULL. */
static char *
current_opening (DrWindow *self)
{
  DrGameNode *current = dr_game_model_get_current (self->model);
  const DrOpeningBook *book = dr_app_opening_book ();
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  DrClassification found = { 0 };

  for (DrGameNode *n = current; n != NULL; n = n->parent)
    g_array_prepend_val (line, n->position);
  dr_opening_book_classify_line (book, dr_game_model_get_rules (self->model), (const DrPosition *) line->data,
                                 line->len, &found);
  return dr_classification_to_tag (&found);
}

void
_dr_window_gamedb_follow (DrWindow *self)
{
  DrGameNode *current = dr_game_model_get_current (self->model);
  g_autofree char *opening = current_opening (self);
  g_autoptr (DrEgdbTables) tables = _dr_window_egdb_tables (self);

  gtk_label_set_text (self->opening_label, opening != NULL ? opening : "");
  gtk_widget_set_visible (GTK_WIDGET (self->opening_label), opening != NULL);
  dr_explorer_set_notation (self->explorer, _dr_window_notation (self));
  dr_explorer_set_egdb (self->explorer, tables);
  dr_explorer_set_position (self->explorer, dr_game_model_get_rules (self->model), &current->position,
                            current->parent != NULL ? &current->parent->position : NULL, opening);
}

/* --- opening a game of the database ------------------------------------ */

typedef struct
{
  DrDbPool *pool;
  gint64    id;
  guint     ply;
} GameLoad;

static void
game_load_free (gpointer data)
{
  GameLoad *g = data;

  dr_db_pool_unref (g->pool);
  g_free (g);
}

static void
game_load_thread (GTask        *task,
                  gpointer      source,
                  gpointer      data,
                  GCancellable *cancellable)
{
  GameLoad *g = data;
  g_autoptr (GError) error = NULL;
  DrGameDb *db = dr_db_pool_take (g->pool, &error);
  DrGame *game = NULL;

  if (db != NULL)
    {
      /* The game read back from the PDN text it was imported as. */
      game = dr_gamedb_load_game (db, g->id, &error);
      dr_db_pool_give (g->pool, db);
    }
  if (game == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, game, (GDestroyNotify) dr_game_free);
}

typedef struct
{
  DrGame *game;
  guint   ply;
} GameTaking;

static void
game_taking_free (gpointer data)
{
  GameTaking *t = data;

  g_clear_pointer (&t->game, dr_game_free);
  g_free (t);
}

static void
game_take_decided (DrWindow *self,
                   gboolean  go_on,
                   gpointer  data)
{
  GameTaking *t = data;

  if (!go_on)
    return;
  dr_window_set_initial_ply (self, t->ply, 0);
  _dr_window_set_document (self, NULL, g_steal_pointer (&t->game));
}

static void
game_loaded_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  DrWindow *self = DR_WINDOW (source);
  GameLoad *g = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  DrGame *game = g_task_propagate_pointer (G_TASK (result), &error);
  GameTaking *t;

  if (_dr_window_closed (self) || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_pointer (&game, dr_game_free);
      return;
    }
  if (game == NULL)
    {
      /* Translators: a game's number in the database, then why it cannot
       * be read. */
      g_autofree char *message = g_strdup_printf (_("Game %lld of the database cannot be read: %s"),
                                                  (long long) g->id, error->message);
      _dr_window_toast (self, message);
      return;
    }
  t = g_new0 (GameTaking, 1);
  t->game = game;
  t->ply = g->ply;
  dr_window_confirm_discard (self, game_take_decided, t, game_taking_free);
}

void
dr_window_open_database_game (DrWindow *self,
                              gint64    id,
                              guint     ply)
{
  g_autoptr (GTask) task = NULL;
  GameLoad *g = g_new0 (GameLoad, 1);

  g_return_if_fail (DR_IS_WINDOW (self));
  g->pool = dr_db_pool_ref (self->db_pool);
  g->id = id;
  g->ply = ply;
  task = g_task_new (self, self->cancellable, game_loaded_cb, NULL);
  g_task_set_source_tag (task, dr_window_open_database_game);
  g_task_set_task_data (task, g, game_load_free);
  g_task_run_in_thread (task, game_load_thread);
}

/* --- the explorer ------------------------------------------------------ */

static void
explorer_move_cb (DrWindow     *self,
                  const DrMove *move,
                  DrExplorer   *explorer)
{
  /* The way a move made on the board goes: into the game tree, as a new
   * variation where it differs from the game. */
  if (!dr_board_state_get_setup_mode (self->board))
    dr_board_state_choose (self->board, move);
}

static void
explorer_game_cb (DrWindow   *self,
                  gint64      id,
                  guint       ply,
                  DrExplorer *explorer)
{
  dr_window_open_database_game (self, id, ply);
}

static void
explorer_button_toggled_cb (DrWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->explorer), gtk_toggle_button_get_active (self->explorer_button));
}

static void
explorer_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);

  gtk_toggle_button_set_active (self->explorer_button, !gtk_toggle_button_get_active (self->explorer_button));
}

void
dr_window_set_database (DrWindow   *self,
                        const char *path)
{
  g_return_if_fail (DR_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  g_clear_pointer (&self->db_pool, dr_db_pool_unref);
  self->db_pool = dr_db_pool_new (path);
  dr_explorer_set_pool (self->explorer, self->db_pool);
  if (self->db_search != NULL)
    dr_db_search_dialog_set_pool (self->db_search, self->db_pool);
  if (self->drill != NULL)
    dr_drill_dialog_set_pool (self->drill, self->db_pool);
}

DrExplorer *
dr_window_get_explorer (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), NULL);
  return self->explorer;
}

/* --- Open Database… ---------------------------------------------------- */

static void
open_database_response_cb (GtkNativeDialog *dialog,
                           int              response,
                           DrWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);

      if (path != NULL)
        {
          dr_window_set_database (self, path);
          gtk_toggle_button_set_active (self->explorer_button, TRUE);
        }
    }
  g_object_unref (dialog);
}

static void
open_database_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Open a Game Database"), GTK_WINDOW (widget),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                                              _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game databases"));
  gtk_file_filter_add_suffix (filter, "sqlite");
  gtk_file_filter_add_suffix (filter, "db");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (open_database_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* --- Import Games… and Search Database… -------------------------------- */

static void
imported_cb (DrWindow         *self,
             guint64           added,
             DrDbImportDialog *dialog)
{
  /* Connections opened before the import would see the new games anyway
   * (WAL); fresh ones also drop any cached statement state. */
  dr_db_pool_flush (self->db_pool);
  dr_explorer_refresh (self->explorer);
}

DrDbImportDialog *
dr_window_show_import (DrWindow *self)
{
  DrDbImportDialog *dialog;

  g_return_val_if_fail (DR_IS_WINDOW (self), NULL);
  dialog = dr_db_import_dialog_new (GTK_WINDOW (self), self->db_pool);
  g_signal_connect_object (dialog, "imported", G_CALLBACK (imported_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static void
import_games_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_window_show_import (DR_WINDOW (widget));
}

static void
search_game_cb (DrWindow         *self,
                gint64            id,
                guint             ply,
                DrDbSearchDialog *dialog)
{
  dr_window_open_database_game (self, id, ply);
}

DrDbSearchDialog *
dr_window_show_search (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), NULL);

  if (self->db_search == NULL)
    {
      self->db_search = dr_db_search_dialog_new (GTK_WINDOW (self), self->db_pool, self->model);
      g_object_add_weak_pointer (G_OBJECT (self->db_search), (gpointer *) &self->db_search);
      gtk_window_set_hide_on_close (GTK_WINDOW (self->db_search), TRUE);
      g_signal_connect_object (self->db_search, "game-activated", G_CALLBACK (search_game_cb), self,
                               G_CONNECT_SWAPPED);
    }
  gtk_window_present (GTK_WINDOW (self->db_search));
  return self->db_search;
}

static void
search_database_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_window_show_search (DR_WINDOW (widget));
}

/* --- Train Repertoire… ------------------------------------------------- */

gboolean
_dr_window_drill_move (DrWindow     *self,
                       const DrMove *move)
{
  if (self->drill == NULL || !dr_drill_dialog_get_active (self->drill))
    return FALSE;
  dr_drill_dialog_answer (self->drill, move);
  return TRUE;
}

DrDrillDialog *
dr_window_show_drill (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), NULL);

  if (self->drill == NULL)
    {
      self->drill = dr_drill_dialog_new (self);
      g_object_add_weak_pointer (G_OBJECT (self->drill), (gpointer *) &self->drill);
      dr_drill_dialog_set_pool (self->drill, self->db_pool);
    }
  gtk_window_present (GTK_WINDOW (self->drill));
  return self->drill;
}

static void
train_repertoire_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_window_show_drill (DR_WINDOW (widget));
}

/* --- wiring ------------------------------------------------------------ */

void
_dr_window_class_gamedb_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (DR_TYPE_EXPLORER);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, explorer_button);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, opening_label);
  gtk_widget_class_install_action (widget_class, "win.explorer", NULL, explorer_cb);
  gtk_widget_class_install_action (widget_class, "win.open-database", NULL, open_database_cb);
  gtk_widget_class_install_action (widget_class, "win.import-games", NULL, import_games_cb);
  gtk_widget_class_install_action (widget_class, "win.search-database", NULL, search_database_cb);
  gtk_widget_class_install_action (widget_class, "win.train-repertoire", NULL, train_repertoire_cb);
}

void
_dr_window_gamedb_connect (DrWindow *self)
{
  g_autofree char *path = dr_gamedb_default_path ();

  /* The explorer goes right of the board and its move list, in a pane of
   * its own that the user can widen. */
  self->explorer = DR_EXPLORER (dr_explorer_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->explorer), FALSE);
  _dr_window_add_side_pane (self, GTK_WIDGET (self->explorer), GTK_PACK_END, "explorer-width");

  self->db_pool = dr_db_pool_new (path);
  dr_explorer_set_pool (self->explorer, self->db_pool);
  g_signal_connect_swapped (self->explorer, "move-activated", G_CALLBACK (explorer_move_cb), self);
  g_signal_connect_swapped (self->explorer, "game-activated", G_CALLBACK (explorer_game_cb), self);
  g_signal_connect_swapped (self->explorer_button, "toggled", G_CALLBACK (explorer_button_toggled_cb), self);
  /* The explorer comes back as the user left it. */
  g_settings_bind (self->settings, "explorer-visible", self->explorer_button, "active", G_SETTINGS_BIND_DEFAULT);
}

void
_dr_window_gamedb_dispose (DrWindow *self)
{
  if (self->explorer != NULL)
    g_signal_handlers_disconnect_by_data (self->explorer, self);
  if (self->db_search != NULL)
    gtk_window_destroy (GTK_WINDOW (self->db_search));
  if (self->drill != NULL)
    gtk_window_destroy (GTK_WINDOW (self->drill));
  g_clear_pointer (&self->db_pool, dr_db_pool_unref);
}
