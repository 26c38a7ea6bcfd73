/* dr-window-files.c — opening and saving games, and never losing one
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Files are read on a worker thread (GTask) and written atomically with
 * g_file_replace_contents (a temporary file renamed over the old one, no
 * backup file left beside it).  A save marks saved the revision of the
 * game it wrote, not the one shown when it finishes.
 *
 * Anything that would replace a modified game (New Game, Open, a recent
 * file, a dropped file, closing the window, Quit) asks first: Save,
 * Discard or Cancel (dr_window_confirm_discard).
 *
 * The session: each window keeps its state in a file of its own under
 * $XDG_STATE_HOME/draughtsman/session/ (which file its game belongs to,
 * which game of it, the node shown, whether it is modified, and the game
 * itself when it differs from the file), rewritten a moment after every
 * change on a worker thread.  After a crash the next start opens one
 * window per file found there.  A window closed after the question
 * deletes its file, except the last one, which keeps its clean state so
 * that the next start shows the same game.
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

#include "dr-pdn.h"
#include "dr-session.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#define SESSION_VERSION DR_SESSION_VERSION
/* How long after a change the session is written. */
#define SESSION_DELAY_MS 400
#define NO_GAME DR_WINDOW_NO_GAME

/* What a session brings back over its file, read again. */
typedef struct
{
  DrGame    *current;      /* the game shown, where it differs from the file; or NULL */
  guint      index;        /* the entry shown, or NO_GAME */
  gboolean   modified;
  GPtrArray *edits;        /* DrGame *: other entries edited and not saved */
  GArray    *edit_index;   /* guint: their indices */
} Restoring;

static void
restoring_free (Restoring *r)
{
  g_clear_pointer (&r->current, dr_game_free);
  g_clear_pointer (&r->edits, g_ptr_array_unref);
  g_clear_pointer (&r->edit_index, g_array_unref);
  g_free (r);
}

static void open_file (DrWindow *self, GFile *file, Restoring *restoring);
static void set_document (DrWindow *self, GFile *file, DrPdnCollection *collection, guint index, DrGame *game);

/* --- the session file, written off the main thread --------------------- */

/* One window's session file.  Reference-counted (g_atomic_rc_box), since
 * a write on a worker may outlive its window.  Writes carry a serial
 * number and one older than what is on disk is dropped, so the file
 * always ends with the newest state whatever order the writes finish in. */
struct _DrSessionFile
{
  GMutex   mutex;
  char    *path;
  guint64  written;   /* serial of the state on disk (or of its removal) */
};

static void
session_file_clear (gpointer data)
{
  DrSessionFile *sf = data;

  g_mutex_clear (&sf->mutex);
  g_free (sf->path);
}

static DrSessionFile *
session_file_new (const char *path)
{
  DrSessionFile *sf = g_atomic_rc_box_new0 (DrSessionFile);

  g_mutex_init (&sf->mutex);
  sf->path = g_strdup (path);
  return sf;
}

void
_dr_session_file_unref (DrSessionFile *sf)
{
  g_atomic_rc_box_release_full (sf, session_file_clear);
}

/* Writes @contents (NULL: removes the file) if @serial is newer than what
 * is there.  Any thread. */
static void
session_file_write (DrSessionFile *sf,
                    guint64        serial,
                    GBytes        *contents)
{
  g_autoptr (GError) error = NULL;

  g_mutex_lock (&sf->mutex);
  if (serial > sf->written)
    {
      sf->written = serial;
      if (contents == NULL)
        {
          if (g_remove (sf->path) != 0 && errno != ENOENT)
            g_warning ("Cannot remove %s: %s", sf->path, g_strerror (errno));
        }
      else
        {
          g_autofree char *dir = g_path_get_dirname (sf->path);
          gsize len;
          const char *data = g_bytes_get_data (contents, &len);

          /* A temporary file renamed over the old one, synced first: the
           * old copy stays whole until the new one is. */
          if (g_mkdir_with_parents (dir, 0700) != 0)
            g_warning ("Cannot create %s: %s", dir, g_strerror (errno));
          else if (!g_file_set_contents_full (sf->path, data, (gssize) len,
                                              G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                              0600, &error))
            g_warning ("Cannot keep the session in %s: %s", sf->path, error->message);
        }
    }
  g_mutex_unlock (&sf->mutex);
}

typedef struct
{
  DrSessionFile *file;
  guint64        serial;
  GBytes        *contents;
} SessionWrite;

static void
session_write_free (SessionWrite *w)
{
  _dr_session_file_unref (w->file);
  g_clear_pointer (&w->contents, g_bytes_unref);
  g_free (w);
}

static void
session_write_thread (GTask        *task,
                      gpointer      source,
                      gpointer      data,
                      GCancellable *cancellable)
{
  SessionWrite *w = data;

  session_file_write (w->file, w->serial, w->contents);
  g_task_return_boolean (task, TRUE);
}

char *
_dr_window_session_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "draughtsman", "session", NULL);
}

const char *
_dr_window_session_path (DrWindow *self)
{
  return self->session != NULL ? self->session->path : NULL;
}

/* The application keeps no session when it only takes a screenshot.
 * Known once the window belongs to the application, and remembered: a
 * window being destroyed has left it already. */
static gboolean
sessions_enabled (DrWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app != NULL)
    self->sessions_on = DR_IS_APPLICATION (app) && !dr_application_get_screenshot_mode (DR_APPLICATION (app));
  return self->sessions_on;
}

static DrSessionFile *
session_file (DrWindow *self)
{
  if (self->session == NULL)
    {
      g_autofree char *dir = _dr_window_session_dir ();
      g_autofree char *uuid = g_uuid_string_random ();
      g_autofree char *name = g_strdup_printf ("window-%s.ini", uuid);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      self->session = session_file_new (path);
    }
  return self->session;
}

/* The session as text.  @clean: only what reopens the file (after the
 * user saved or discarded the changes). */
static GBytes *
session_contents (DrWindow *self,
                  gboolean  clean)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autoptr (GArray) path = dr_game_model_get_path (self->model);
  DrGame *game = dr_game_model_get_game (self->model);
  gboolean modified = !clean && dr_game_model_get_modified (self->model);
  char *data;
  gsize len;

  g_key_file_set_integer (kf, "Window", "version", SESSION_VERSION);
  g_key_file_set_string (kf, "Window", "variant", game->rules->name);
  if (self->file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (self->file);
      g_key_file_set_string (kf, "Window", "file", uri);
    }
  /* Which game of the collection is shown (0 = the first). */
  if (self->game_index != NO_GAME)
    g_key_file_set_integer (kf, "Window", "game", (int) self->game_index);
  g_key_file_set_boolean (kf, "Window", "modified", !clean && dr_window_get_modified (self));
  if (path->len > 0)
    {
      g_autofree int *ints = g_new (int, path->len);
      for (guint i = 0; i < path->len; i++)
        ints[i] = (int) g_array_index (path, guint, i);
      g_key_file_set_integer_list (kf, "Window", "path", ints, path->len);
    }
  /* The game shown, where the file does not hold it as it is. */
  if (modified || self->file == NULL)
    {
      g_autofree char *pdn = dr_pdn_write_game (game, game->rules->notation);
      g_key_file_set_string (kf, "Game", "pdn", pdn);
    }
  /* The other games of the file edited and not saved yet (or added). */
  if (!clean && self->collection_dirty)
    for (guint i = 0; i < dr_pdn_collection_get_n_entries (self->collection); i++)
      {
        const DrPdnEntry *entry = dr_pdn_collection_get_entry (self->collection, i);
        g_autofree char *key = NULL;
        g_autofree char *pdn = NULL;

        if (entry->edited == NULL || i == self->game_index)
          continue;
        key = g_strdup_printf ("game-%u", i);
        pdn = dr_pdn_write_game (entry->edited, entry->edited->rules->notation);
        g_key_file_set_string (kf, "Edited", key, pdn);
      }
  data = g_key_file_to_data (kf, &len, NULL);
  return g_bytes_new_take (data, len);
}

static gboolean
session_save_cb (gpointer data)
{
  DrWindow *self = data;
  g_autoptr (GTask) task = NULL;
  SessionWrite *w;

  self->session_id = 0;
  if (!sessions_enabled (self))
    return G_SOURCE_REMOVE;
  w = g_new0 (SessionWrite, 1);
  w->file = g_atomic_rc_box_acquire (session_file (self));
  w->serial = ++self->session_serial;
  w->contents = session_contents (self, FALSE);
  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_source_tag (task, session_save_cb);
  g_task_set_task_data (task, w, (GDestroyNotify) session_write_free);
  g_task_run_in_thread (task, session_write_thread);
  return G_SOURCE_REMOVE;
}

void
_dr_window_session_schedule (DrWindow *self)
{
  sessions_enabled (self);
  if (self->session_id == 0 && !self->session_closed)
    self->session_id = g_timeout_add (SESSION_DELAY_MS, session_save_cb, self);
}

void
_dr_window_session_flush (DrWindow *self)
{
  if (self->session_id == 0)
    return;
  g_clear_handle_id (&self->session_id, g_source_remove);
  if (sessions_enabled (self))
    {
      g_autoptr (GBytes) contents = session_contents (self, FALSE);
      session_file_write (session_file (self), ++self->session_serial, contents);
    }
}

void
_dr_window_session_close (DrWindow *self,
                          gboolean  keep)
{
  g_clear_handle_id (&self->session_id, g_source_remove);
  self->session_closed = TRUE;
  if (!sessions_enabled (self))
    return;
  if (keep && self->file != NULL)
    {
      g_autoptr (GBytes) contents = session_contents (self, TRUE);
      session_file_write (session_file (self), ++self->session_serial, contents);
    }
  else if (self->session != NULL)
    session_file_write (self->session, ++self->session_serial, NULL);
}

gboolean
dr_window_restore_session (DrWindow    *self,
                           const char  *path,
                           GError     **error)
{
  g_autofree char *contents = NULL;
  g_auto (DrSession) session = { 0 };
  gsize length;

  g_return_val_if_fail (DR_IS_WINDOW (self), FALSE);

  if (!g_file_get_contents (path, &contents, &length, error)
      || !dr_session_parse (contents, length, path, &session, error))
    return FALSE;

  /* This window carries the session on in the same file. */
  g_clear_pointer (&self->session, _dr_session_file_unref);
  self->session = session_file_new (path);
  g_clear_pointer (&self->initial_path, g_array_unref);
  self->initial_path = g_steal_pointer (&session.path);

  if (session.uri != NULL)
    {
      /* The file is read again, and what was not saved goes over it. */
      g_autoptr (GFile) file = g_file_new_for_uri (session.uri);
      Restoring *r = g_new0 (Restoring, 1);

      r->current = g_steal_pointer (&session.current);
      r->index = session.game_index >= 0 ? (guint) session.game_index : NO_GAME;
      r->modified = session.modified;
      r->edits = g_steal_pointer (&session.edits);
      r->edit_index = g_steal_pointer (&session.edit_index);
      open_file (self, file, r);
      return TRUE;
    }
  if (session.current == NULL)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_NOT_FOUND, _("%s: the session holds no game"), path);
      return FALSE;
    }
  set_document (self, NULL, NULL, NO_GAME, g_steal_pointer (&session.current));
  if (session.modified)
    {
      dr_game_model_set_modified (self->model);
      _dr_window_toast (self, _("Unsaved changes from the last session were restored"));
    }
  return TRUE;
}

gboolean
dr_window_restore_game_text (DrWindow    *self,
                             const char  *pdn,
                             const char  *name,
                             GError     **error)
{
  DrGame *game;

  g_return_val_if_fail (DR_IS_WINDOW (self), FALSE);

  game = dr_session_read_game (pdn, name, NULL, error);
  if (game == NULL)
    return FALSE;
  set_document (self, NULL, NULL, NO_GAME, game);
  dr_game_model_go_end (self->model);
  dr_game_model_set_modified (self->model);
  _dr_window_toast (self, _("Unsaved changes from the last session were restored"));
  /* In the window's own session file before the caller lets go of the
   * text it came from. */
  _dr_window_session_schedule (self);
  _dr_window_session_flush (self);
  return TRUE;
}

/* --- the question before a modified game is replaced ------------------- */

/* Closed (destroyed, or disposed of): a window that something still holds
 * a reference to (a file being read, a save under way) lives on after
 * gtk_window_destroy() but is no longer the application's. */
gboolean
_dr_window_closed (DrWindow *self)
{
  return self->model == NULL || gtk_window_get_application (GTK_WINDOW (self)) == NULL;
}

typedef struct
{
  DrWindow        *self;
  DrWindowDecided  done;
  gpointer         data;
  GDestroyNotify   destroy;
} Decision;

static void
decision_finish (Decision *d,
                 gboolean  go_on)
{
  /* A window closed meanwhile decides nothing. */
  if (!_dr_window_closed (d->self))
    d->done (d->self, go_on, d->data);
  if (d->destroy != NULL)
    d->destroy (d->data);
  g_object_unref (d->self);
  g_free (d);
}

static Decision *
decision_new (DrWindow        *self,
              DrWindowDecided  done,
              gpointer         data,
              GDestroyNotify   destroy)
{
  Decision *d = g_new0 (Decision, 1);

  d->self = g_object_ref (self);
  d->done = done;
  d->data = data;
  d->destroy = destroy;
  return d;
}

static void save_as (DrWindow *self, Decision *then);
static void save_game (DrWindow *self, GFile *file, DrNotation notation, Decision *then);

char *
_dr_window_document_name (DrWindow *self)
{
  if (self->file != NULL)
    return g_file_get_basename (self->file);
  return g_strdup (_("Unsaved game"));
}

typedef struct
{
  Decision *decision;
  gboolean  go_on;
} Decided;

static gboolean
decided_idle_cb (gpointer data)
{
  Decided *x = data;

  decision_finish (x->decision, x->go_on);
  g_free (x);
  return G_SOURCE_REMOVE;
}

static void
confirm_response_cb (AdwMessageDialog *dialog,
                     const char       *response,
                     Decision         *d)
{
  DrWindow *self = d->self;
  Decided *x;

  self->confirm_dialog = NULL;
  if (g_strcmp0 (response, "save") == 0)
    {
      if (self->file != NULL)
        save_game (self, self->file, _dr_window_save_notation (self), d);
      else
        save_as (self, d);
      return;
    }
  /* Decided once the dialog is gone: what follows may close the window
   * the dialog belongs to. */
  x = g_new0 (Decided, 1);
  x->decision = d;
  x->go_on = g_strcmp0 (response, "discard") == 0;
  g_idle_add (decided_idle_cb, x);
}

void
dr_window_confirm_discard (DrWindow        *self,
                           DrWindowDecided  done,
                           gpointer         data,
                           GDestroyNotify   destroy)
{
  g_autofree char *name = NULL;
  Decision *d;
  GtkWidget *dialog;

  g_return_if_fail (DR_IS_WINDOW (self));
  g_return_if_fail (done != NULL);

  d = decision_new (self, done, data, destroy);
  if (!dr_window_get_modified (self))
    {
      decision_finish (d, TRUE);
      return;
    }
  if (self->confirm_dialog != NULL)
    {
      /* Already asking: this one waits for nothing. */
      gtk_window_present (GTK_WINDOW (self->confirm_dialog));
      decision_finish (d, FALSE);
      return;
    }
  name = _dr_window_document_name (self);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has changes that are not saved. If you don’t save them, they are lost."),
                                  name);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (confirm_response_cb), d);
  self->confirm_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
}

/* --- closing ----------------------------------------------------------- */

/* Is @self the only window left, so that its session is kept? */
static gboolean
last_window (DrWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  return app == NULL || g_list_length (gtk_application_get_windows (app)) <= 1;
}

static void
close_decided (DrWindow *self,
               gboolean  go_on,
               gpointer  data)
{
  if (!go_on)
    return;
  _dr_window_session_close (self, last_window (self));
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static void
build_stopped (DrWindow *self,
               gboolean  go_on,
               gpointer  data)
{
  /* Closing again: now the unsaved game, if any, is asked about. */
  if (go_on)
    gtk_window_close (GTK_WINDOW (self));
}

gboolean
_dr_window_close_request (DrWindow *self)
{
  if (self->close_confirmed)
    {
      g_cancellable_cancel (self->cancellable);
      return FALSE;
    }
  /* The last window ends the program, and with it a table build. */
  if (last_window (self) && _dr_window_egdb_confirm_stop (self, build_stopped, NULL))
    return TRUE;
  if (!dr_window_get_modified (self))
    {
      _dr_window_session_close (self, last_window (self));
      g_cancellable_cancel (self->cancellable);
      return FALSE;
    }
  dr_window_confirm_discard (self, close_decided, NULL, NULL);
  return TRUE;
}

void
dr_window_close_confirmed (DrWindow *self,
                           gboolean  keep_session)
{
  g_return_if_fail (DR_IS_WINDOW (self));

  _dr_window_session_close (self, keep_session);
  self->close_confirmed = TRUE;
  g_cancellable_cancel (self->cancellable);
  gtk_window_destroy (GTK_WINDOW (self));
}

/* --- the document: a file's games, and the one shown ------------------ */

gboolean
dr_window_get_modified (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), FALSE);
  return dr_game_model_get_modified (self->model) || self->collection_dirty;
}

gboolean
dr_window_get_loading (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), FALSE);
  return self->n_loading > 0;
}

/* The game list beside the board, shown or hidden; its button is there
 * for files of several games. */
static void
show_games (DrWindow *self,
            gboolean  show)
{
  gboolean several = dr_pdn_collection_get_n_entries (self->collection) > 1;

  gtk_widget_set_visible (GTK_WIDGET (self->games_button), several);
  gtk_toggle_button_set_active (self->games_button, show && several);
}

static void
games_button_toggled_cb (DrWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->game_list), gtk_toggle_button_get_active (self->games_button));
}

void
_dr_window_game_list_follow (DrWindow *self)
{
  if (self->game_index != NO_GAME)
    dr_game_list_update_game (self->game_list, self->game_index, dr_game_model_get_game (self->model));
}

/* The window shows @game (transfer full) as entry @index (NO_GAME: none
 * yet) of @collection (transfer full; NULL: an empty one), the games of
 * @file (NULL: in no file yet), as they are there. */
static void
set_document (DrWindow        *self,
              GFile           *file,
              DrPdnCollection *collection,
              guint            index,
              DrGame          *game)
{
  /* A filter typed for one file's games is not for another's. */
  if (self->file != file && (self->file == NULL || file == NULL || !g_file_equal (self->file, file)))
    gtk_editable_set_text (GTK_EDITABLE (dr_game_list_get_search_entry (self->game_list)), "");
  g_set_object (&self->file, file);
  g_clear_pointer (&self->collection, dr_pdn_collection_free);
  self->collection = collection != NULL ? collection : dr_pdn_collection_new ();
  self->game_index = index;
  self->collection_dirty = FALSE;
  self->save_notation = -1;
  dr_game_list_set_collection (self->game_list, self->collection);
  dr_game_list_set_current (self->game_list, index);
  show_games (self, dr_pdn_collection_get_n_entries (self->collection) > 1);
  _dr_window_take_game (self, game);
}

void
_dr_window_set_document (DrWindow *self,
                         GFile    *file,
                         DrGame   *game)
{
  set_document (self, file, NULL, NO_GAME, game);
}

/* The game shown goes into the collection, if it changed or is in none
 * of its entries yet. */
static void
commit_current (DrWindow *self)
{
  DrGame *copy;

  if (self->game_index != NO_GAME && !dr_game_model_get_modified (self->model))
    return;
  copy = dr_game_copy (dr_game_model_get_game (self->model));
  if (self->game_index == NO_GAME)
    {
      self->game_index = dr_pdn_collection_append (self->collection, copy);
      dr_game_list_update_game (self->game_list, self->game_index, copy);
      show_games (self, gtk_toggle_button_get_active (self->games_button));
    }
  else
    dr_pdn_collection_set_game (self->collection, self->game_index, copy);
  self->collection_dirty = TRUE;
  self->commit_serial++;
}

/* Shows entry @index of the window's collection; the game shown before
 * stays in the collection with its changes. */
static void
switch_game (DrWindow *self,
             guint     index)
{
  if (index == self->game_index)
    return;
  commit_current (self);
  self->game_index = index;
  dr_game_list_set_current (self->game_list, index);
  _dr_window_take_game (self, dr_game_copy (dr_pdn_collection_get_game (self->collection, index)));
}

static void
game_activated_cb (DrWindow   *self,
                   guint       index,
                   DrGameList *list)
{
  if (index < dr_pdn_collection_get_n_entries (self->collection))
    switch_game (self, index);
}

void
_dr_window_take_game (DrWindow *self,
                      DrGame   *game)
{
  if (dr_board_state_get_setup_mode (self->board))
    _dr_window_set_setup_mode (self, FALSE);
  dr_game_model_set_game (self->model, game);
  if (self->initial_path != NULL)
    {
      dr_game_model_go_to_path (self->model, (const guint *) self->initial_path->data, self->initial_path->len);
      g_clear_pointer (&self->initial_path, g_array_unref);
    }
}

/* --- opening ----------------------------------------------------------- */

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  GFile *file = data;
  g_autofree char *contents = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr (GError) error = NULL;
  DrPdnCollection *collection;
  gsize len;

  if (!g_file_load_contents (file, cancellable, &contents, &len, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* Every game, whole or read in part; one variant chosen for the games
   * that name none. */
  collection = dr_pdn_collection_new_from_bytes (contents, len, name, NULL, NULL, &error);
  if (collection == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, collection, (GDestroyNotify) dr_pdn_collection_free);
}

/* A file's game replaces the window's after the question. */
typedef struct
{
  DrPdnCollection *collection;
  GFile           *file;
  guint            index;
} Taking;

static void
taking_free (gpointer data)
{
  Taking *t = data;

  g_clear_pointer (&t->collection, dr_pdn_collection_free);
  g_clear_object (&t->file);
  g_free (t);
}

static void
take_decided (DrWindow *self,
              gboolean  go_on,
              gpointer  data)
{
  Taking *t = data;
  DrGame *game;

  if (!go_on)
    return;
  game = dr_game_copy (dr_pdn_collection_get_game (t->collection, t->index));
  set_document (self, t->file, g_steal_pointer (&t->collection), t->index, game);
}

/* Game @index of @collection (transfer full), the games of @file. */
static void
take_file_game (DrWindow        *self,
                DrPdnCollection *collection,
                GFile           *file,
                guint            index)
{
  Taking *t = g_new0 (Taking, 1);

  t->collection = collection;
  t->file = g_object_ref (file);
  t->index = index;
  dr_window_confirm_discard (self, take_decided, t, taking_free);
}

static void
games_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);

  if (dr_pdn_collection_get_n_entries (self->collection) > 1)
    gtk_toggle_button_set_active (self->games_button, !gtk_toggle_button_get_active (self->games_button));
}

/* Tells what reading @collection of @file found: games read only in part,
 * the variant chosen for games that name none. */
static void
report_reading (DrWindow        *self,
                DrPdnCollection *collection)
{
  guint errors = dr_pdn_collection_count_errors (collection);

  if (errors > 0)
    {
      const GError *first = NULL;
      g_autofree char *message = NULL;

      for (guint i = 0; first == NULL; i++)
        first = dr_pdn_collection_get_entry (collection, i)->error;
      /* Translators: the games are kept with what could be read and the
       * rest of their text; the message says where reading stopped. */
      message = g_strdup_printf (ngettext ("%u game could be read only in part (the rest of it is kept): %s",
                                           "%u games could be read only in part (the rest of each is kept); "
                                           "the first: %s",
                                           errors),
                                 errors, first->message);
      _dr_window_toast (self, message);
    }
  if (dr_pdn_collection_get_variant_report (collection) != NULL)
    {
      /* Translators: %s is a variant, e.g. "Czech draughts". */
      g_autofree char *message = g_strdup_printf (_("The file names no variant: its games replay as %s"),
                                                  _(dr_pdn_collection_get_rules (collection)->title));
      _dr_window_toast (self, message);
    }
}

/* A session's changes go over its file, read again. */
static void
restore_over (DrWindow        *self,
              DrPdnCollection *collection,
              GFile           *file,
              Restoring       *r)
{
  guint n = dr_pdn_collection_get_n_entries (collection);
  guint index = r->index;
  gboolean dirty = r->edits->len > 0;
  gboolean had_current = r->current != NULL;
  DrGame *game;

  for (guint i = 0; i < r->edits->len; i++)
    {
      guint at = g_array_index (r->edit_index, guint, i);
      DrGame *edit = g_steal_pointer (&r->edits->pdata[i]);

      if (at < dr_pdn_collection_get_n_entries (collection))
        dr_pdn_collection_set_game (collection, at, edit);
      else
        dr_pdn_collection_append (collection, edit);
    }
  if (index != NO_GAME && index >= dr_pdn_collection_get_n_entries (collection) && r->current == NULL)
    index = n > 0 ? 0 : NO_GAME;
  if (r->current != NULL)
    game = g_steal_pointer (&r->current);
  else if (index != NO_GAME)
    game = dr_game_copy (dr_pdn_collection_get_game (collection, index));
  else
    game = dr_game_new (dr_game_model_get_rules (self->model), NULL);
  if (index != NO_GAME && index >= dr_pdn_collection_get_n_entries (collection))
    index = NO_GAME;
  set_document (self, file, collection, index, game);
  self->collection_dirty = dirty;
  /* The game shown differs from the file's. */
  if (had_current)
    dr_game_model_set_modified (self->model);
  if (r->modified)
    _dr_window_toast (self, _("Unsaved changes from the last session were restored"));
  _dr_window_refresh (self);
}

typedef struct
{
  GFile     *file;
  Restoring *restoring;   /* a session to bring back over the file, or NULL */
} Loading;

static void
loading_free (Loading *l)
{
  g_clear_object (&l->file);
  g_clear_pointer (&l->restoring, restoring_free);
  g_free (l);
}

static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  DrWindow *self = DR_WINDOW (source);
  Loading *l = data;
  g_autoptr (GError) error = NULL;
  DrPdnCollection *collection = g_task_propagate_pointer (G_TASK (result), &error);
  guint n;

  g_assert (self->n_loading > 0);
  self->n_loading--;
  /* The window was closed while the file was read. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || _dr_window_closed (self))
    {
      g_clear_pointer (&collection, dr_pdn_collection_free);
      loading_free (l);
      return;
    }
  if (collection == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (l->file);
      g_autofree char *message = g_strdup_printf (_("%s cannot be opened: %s"), name, error->message);

      _dr_window_toast (self, message);
      /* A session whose file is gone keeps its game, in no file. */
      if (l->restoring != NULL && l->restoring->current != NULL)
        {
          set_document (self, NULL, NULL, NO_GAME, g_steal_pointer (&l->restoring->current));
          dr_game_model_set_modified (self->model);
        }
      loading_free (l);
      return;
    }
  {
    g_autofree char *uri = g_file_get_uri (l->file);
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  }
  report_reading (self, collection);
  n = dr_pdn_collection_get_n_entries (collection);
  if (l->restoring != NULL)
    restore_over (self, collection, l->file, l->restoring);
  else if (n == 0)
    {
      _dr_window_toast (self, _("The file holds no game"));
      dr_pdn_collection_free (collection);
    }
  else if (self->initial_game > 0 && self->initial_game <= n)
    take_file_game (self, collection, l->file, self->initial_game - 1);
  else
    /* The first game; the others are in the game list beside it. */
    take_file_game (self, collection, l->file, 0);
  self->initial_game = 0;
  loading_free (l);
}

static void
open_file (DrWindow  *self,
           GFile     *file,
           Restoring *restoring)
{
  g_autoptr (GTask) task = NULL;
  Loading *l = g_new0 (Loading, 1);

  l->file = g_object_ref (file);
  l->restoring = restoring;
  self->n_loading++;
  task = g_task_new (self, self->cancellable, load_done_cb, l);
  g_task_set_source_tag (task, dr_window_open_file);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, load_thread);
}

void
dr_window_open_file (DrWindow *self,
                     GFile    *file)
{
  g_return_if_fail (DR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  open_file (self, file, NULL);
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  DrWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      dr_window_open_file (self, file);
    }
  g_object_unref (dialog);
}

GtkFileFilter *
dr_pdn_file_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("PDN games"));
  gtk_file_filter_add_mime_type (filter, "application/x-pdn");
  gtk_file_filter_add_suffix (filter, "pdn");
  return filter;
}

static void
open_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (widget),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                                              _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = dr_pdn_file_filter ();

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_recent_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  dr_window_open_file (DR_WINDOW (widget), file);
}

/* --- saving ------------------------------------------------------------ */

DrNotation
_dr_window_save_notation (DrWindow *self)
{
  /* Other programs read the variant's standard notation; algebraic or
   * numeric only when asked for (preferences, or the Save As dialog). */
  switch (self->save_notation >= 0 ? self->save_notation : g_settings_get_enum (self->settings, "save-notation"))
    {
    case 1:
      return DR_NOTATION_NUMERIC;
    case 2:
      return DR_NOTATION_ALGEBRAIC;
    default:
      return dr_game_model_get_rules (self->model)->notation;
    }
}

typedef struct
{
  DrWindow        *self;
  GFile           *file;
  DrPdnCollection *collection;  /* the one written (compared, not owned) */
  guint            revision;    /* the state of the game shown written */
  guint            serial;      /* the collection's state written */
  gboolean         as_utf8;     /* not in the file's own encoding */
  Decision        *then;        /* what waits for the save, or NULL */
} Saving;

static void
save_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Saving *s = data;
  DrWindow *self = s->self;
  g_autoptr (GError) error = NULL;
  gboolean ok = g_file_replace_contents_finish (G_FILE (source), result, NULL, &error);

  /* The window may be gone: the file is written all the same. */
  if (!_dr_window_closed (self))
    {
      if (!ok)
        {
          g_autofree char *message = g_strdup_printf (_("The game could not be saved: %s"), error->message);
          _dr_window_toast (self, message);
        }
      else
        {
          g_autofree char *uri = g_file_get_uri (s->file);

          g_set_object (&self->file, s->file);
          /* What was written is saved; a move played since is not. */
          dr_game_model_set_saved_revision (self->model, s->revision);
          if (self->collection == s->collection && self->commit_serial == s->serial)
            self->collection_dirty = FALSE;
          gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
          if (s->as_utf8)
            {
              g_autofree char *message =
                g_strdup_printf (_("Saved in UTF-8: some text does not fit the file’s encoding (%s)"),
                                 dr_pdn_collection_get_encoding (self->collection));
              _dr_window_toast (self, message);
            }
          else
            _dr_window_toast (self, _("Saved"));
          _dr_window_refresh (self);
          _dr_window_session_schedule (self);
        }
    }
  if (s->then != NULL)
    decision_finish (s->then, ok);
  g_object_unref (s->file);
  g_object_unref (self);
  g_free (s);
}

static void
save_game (DrWindow   *self,
           GFile      *file,
           DrNotation  notation,
           Decision   *then)
{
  Saving *s = g_new0 (Saving, 1);
  g_autoptr (GBytes) bytes = NULL;
  gsize len;
  char *text;

  /* The whole file: the game shown put back among the others, each
   * game not edited written as it was read. */
  commit_current (self);
  s->self = g_object_ref (self);
  s->file = g_object_ref (file);
  s->collection = self->collection;
  s->revision = dr_game_model_get_revision (self->model);
  s->serial = self->commit_serial;
  s->then = then;
  text = dr_pdn_collection_write (self->collection, notation, &len, &s->as_utf8);
  bytes = g_bytes_new_take (text, len);
  /* Written to a temporary file and renamed over the old one: atomic.
   * No backup file (game.pdn~) is left beside the user's. */
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                       NULL, save_done_cb, s);
}

void
dr_window_save_to_file (DrWindow *self,
                        GFile    *file)
{
  g_return_if_fail (DR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  save_game (self, file, _dr_window_save_notation (self), NULL);
}

static const char *const notation_ids[] = { "standard", "numeric", "algebraic", NULL };

static void
save_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  Decision        *then)
{
  DrWindow *self = g_object_get_data (G_OBJECT (dialog), "window");

  if (response == GTK_RESPONSE_ACCEPT && !_dr_window_closed (self))
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      const char *choice = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (dialog), "notation");

      for (int i = 0; choice != NULL && notation_ids[i] != NULL; i++)
        if (g_str_equal (choice, notation_ids[i]))
          self->save_notation = i;
      save_game (self, file, _dr_window_save_notation (self), then);
    }
  else if (then != NULL)
    decision_finish (then, FALSE);
  g_object_unref (dialog);
}

static void
save_as (DrWindow *self,
         Decision *then)
{
  const char *labels[] = { _("Standard for the variant"), _("Numeric"), _("Algebraic"), NULL };
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Save the Game"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
                                                              _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = dr_pdn_file_filter ();
  int current = self->save_notation >= 0 ? self->save_notation : g_settings_get_enum (self->settings, "save-notation");

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "notation", _("Moves in"),
                               (const char **) notation_ids, labels);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "notation", notation_ids[CLAMP (current, 0, 2)]);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("game.pdn"));
  g_object_set_data (G_OBJECT (dialog), "window", self);
  g_signal_connect (dialog, "response", G_CALLBACK (save_response_cb), then);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_as_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  save_as (DR_WINDOW (widget), NULL);
}

static void
save_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);

  if (self->file != NULL)
    dr_window_save_to_file (self, self->file);
  else
    save_as (self, NULL);
}

/* --- the recent files menu --------------------------------------------- */

void
_dr_window_update_recent (DrWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL && n < 8; l = l->next)
    {
      const char *uri = gtk_recent_info_get_uri (l->data);
      g_autoptr (GMenuItem) item = NULL;

      if (!g_str_has_suffix (uri, ".pdn") && !g_str_has_suffix (uri, ".PDN"))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (l->data), NULL);
      /* The floating variant is taken by the item. */
      g_menu_item_set_action_and_target_value (item, "win.open-recent", g_variant_new_string (uri));
      g_menu_append_item (self->recent_menu, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* --- drag and drop ----------------------------------------------------- */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         DrWindow      *self)
{
  if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    {
      dr_window_open_file (self, g_value_get_object (value));
      return TRUE;
    }
  return FALSE;
}

/* --- wiring ------------------------------------------------------------ */

void
_dr_window_class_files_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_cb);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_cb);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_cb);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_cb);
  gtk_widget_class_install_action (widget_class, "win.games", NULL, games_cb);
}

void
_dr_window_files_connect (DrWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  self->save_notation = -1;
  self->game_index = NO_GAME;
  self->collection = dr_pdn_collection_new ();
  self->cancellable = g_cancellable_new ();
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_swapped (self->game_list, "game-activated", G_CALLBACK (game_activated_cb), self);
  g_signal_connect_swapped (self->games_button, "toggled", G_CALLBACK (games_button_toggled_cb), self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (_dr_window_update_recent), self, G_CONNECT_SWAPPED);
}

void
_dr_window_files_dispose (DrWindow *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  /* A window torn down without the question (the program ends, a test)
   * keeps its game for the next start. */
  if (!self->session_closed)
    _dr_window_session_flush (self);
  g_clear_handle_id (&self->session_id, g_source_remove);
  g_clear_pointer (&self->session, _dr_session_file_unref);
  g_clear_pointer (&self->initial_path, g_array_unref);
  g_clear_pointer (&self->collection, dr_pdn_collection_free);
  if (self->confirm_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->confirm_dialog)));
}
