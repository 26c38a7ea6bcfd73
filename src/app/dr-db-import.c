/* dr-db-import.c — the Import Games dialog: PDN files into the game database
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The files and folders chosen (or dropped onto the dialog) are imported
 * on a worker (GTask) with a connection of its own: the library reports
 * progress on the worker, which keeps the latest counts under a lock and
 * queues at most one idle to show them.  Cancel stops the import between
 * games (the batch under way is rolled back); at the end the dialog tells
 * how many games were added, how many were already there and how many
 * could be read only in part, with the first of those problems.
 */

#define G_LOG_DOMAIN "dr-db-import"

#include "config.h"

#include "dr-db-import.h"
#include "dr-window.h"

#include <glib/gi18n.h>
#include <string.h>

/* Problems kept to show (the rest are only counted). */
#define MAX_MESSAGES 20

struct _DrDbImportDialog
{
  GtkWindow       parent_instance;

  GtkLabel       *db_label;
  GtkListBox     *files_list;
  GtkWidget      *add_files_button;
  GtkWidget      *add_folder_button;
  GtkWidget      *clear_button;
  GtkProgressBar *progress_bar;
  GtkLabel       *summary_label;
  GtkWidget      *cancel_button;
  GtkWidget      *close_button;
  GtkWidget      *import_button;

  DrDbPool       *pool;
  GPtrArray      *files;        /* GFile * */
  GCancellable   *cancellable;  /* of the import under way, or NULL */
  char           *summary;

  /* What the worker last reported (under @lock). */
  GMutex          lock;
  DrGameDbImportStats stats;
  char           *current_file;
  GPtrArray      *messages;     /* char *, the first MAX_MESSAGES */
  guint64         n_messages;
  gboolean        idle_queued;
};

G_DEFINE_FINAL_TYPE (DrDbImportDialog, dr_db_import_dialog, GTK_TYPE_WINDOW)

enum
{
  IMPORTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* --- the worker -------------------------------------------------------- */

static void update_buttons (DrDbImportDialog *self);
static void dr_db_import_dialog_clear_cb (DrDbImportDialog *self);

static gboolean
progress_idle_cb (gpointer data)
{
  DrDbImportDialog *self = data;
  DrGameDbImportStats stats;
  g_autofree char *file = NULL;
  g_autofree char *text = NULL;

  g_mutex_lock (&self->lock);
  stats = self->stats;
  file = g_strdup (self->current_file);
  self->idle_queued = FALSE;
  g_mutex_unlock (&self->lock);
  if (self->cancellable == NULL)
    return G_SOURCE_REMOVE;
  if (stats.bytes_total > 0)
    gtk_progress_bar_set_fraction (self->progress_bar, (double) stats.bytes_done / stats.bytes_total);
  else
    gtk_progress_bar_pulse (self->progress_bar);
  /* Translators: games read so far, then the file being read. */
  text = g_strdup_printf (_("%llu games read — %s"), (unsigned long long) stats.games_read,
                          file != NULL ? file : "");
  gtk_progress_bar_set_text (self->progress_bar, text);
  return G_SOURCE_REMOVE;
}

static void
import_progress (const DrGameDbImportStats *stats,
                 gpointer                   data)
{
  DrDbImportDialog *self = data;
  gboolean queue;

  g_mutex_lock (&self->lock);
  self->stats = *stats;
  if (stats->current_file != NULL)
    {
      g_free (self->current_file);
      self->current_file = g_path_get_basename (stats->current_file);
    }
  queue = !self->idle_queued;
  self->idle_queued = TRUE;
  g_mutex_unlock (&self->lock);
  if (queue)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, progress_idle_cb, g_object_ref (self), g_object_unref);
}

static void
import_message (const char *message,
                gpointer    data)
{
  DrDbImportDialog *self = data;

  g_mutex_lock (&self->lock);
  if (self->messages->len < MAX_MESSAGES)
    g_ptr_array_add (self->messages, g_strdup (message));
  self->n_messages++;
  g_mutex_unlock (&self->lock);
}

typedef struct
{
  char               *db_path;
  GStrv               paths;
  DrGameDbImportStats stats;
} Import;

static void
import_free (gpointer data)
{
  Import *im = data;

  g_free (im->db_path);
  g_strfreev (im->paths);
  g_free (im);
}

static void
import_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  DrDbImportDialog *self = source;
  Import *im = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (DrGameDb) db = dr_gamedb_open (im->db_path, &error);
  DrGameDbImportOptions options = { 0 };

  if (db == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  options.openings = dr_app_opening_book ();
  options.progress = import_progress;
  options.message = import_message;
  options.user_data = self;
  if (dr_gamedb_import (db, (const char *const *) im->paths, &options, &im->stats, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, g_steal_pointer (&error));
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  DrDbImportDialog *self = DR_DB_IMPORT_DIALOG (source);
  Import *im = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);
  g_autoptr (GString) text = g_string_new (NULL);
  const DrGameDbImportStats *s = &im->stats;

  g_clear_object (&self->cancellable);
  if (ok)
    g_string_append (text, _("Import finished."));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_string_append (text, _("Import cancelled: the games imported before are kept."));
  else
    /* Translators: why the import stopped. */
    g_string_append_printf (text, _("Import stopped: %s"), error->message);
  g_string_append_c (text, '\n');
  /* Translators: the summary of an import. */
  g_string_append_printf (text, ngettext ("%llu game imported", "%llu games imported",
                                          (gulong) s->games_added),
                          (unsigned long long) s->games_added);
  g_string_append (text, ", ");
  g_string_append_printf (text, ngettext ("%llu duplicate skipped",
                                          "%llu duplicates skipped", (gulong) s->duplicates),
                          (unsigned long long) s->duplicates);
  g_string_append (text, ", ");
  g_string_append_printf (text, ngettext ("%llu game with errors",
                                          "%llu games with errors", (gulong) s->with_errors),
                          (unsigned long long) s->with_errors);
  if (ok)
    g_string_append_printf (text, ngettext (" (%u file).", " (%u files).", s->files), s->files);
  else
    g_string_append_c (text, '.');
  g_mutex_lock (&self->lock);
  for (guint i = 0; i < self->messages->len; i++)
    g_string_append_printf (text, "\n%s", (const char *) self->messages->pdata[i]);
  if (self->n_messages > self->messages->len)
    g_string_append_printf (text, ngettext ("\n… and %llu more problem",
                                            "\n… and %llu more problems",
                                            (gulong) (self->n_messages - self->messages->len)),
                            (unsigned long long) (self->n_messages - self->messages->len));
  g_mutex_unlock (&self->lock);

  g_free (self->summary);
  self->summary = g_string_free (g_steal_pointer (&text), FALSE);
  gtk_label_set_text (self->summary_label, self->summary);
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  /* The files are done: a second click would only find duplicates.  After
   * a cancel or a failure they stay, to import the rest (what was stored
   * is skipped as duplicates). */
  if (ok)
    dr_db_import_dialog_clear_cb (self);
  update_buttons (self);
  g_signal_emit (self, signals[IMPORTED], 0, (guint64) s->games_added);
}

/* --- input ------------------------------------------------------------- */

static void
update_buttons (DrDbImportDialog *self)
{
  gboolean running = self->cancellable != NULL;

  gtk_widget_set_sensitive (self->import_button, !running && self->files->len > 0);
  gtk_widget_set_sensitive (self->add_files_button, !running);
  gtk_widget_set_sensitive (self->add_folder_button, !running);
  gtk_widget_set_sensitive (self->clear_button, !running && self->files->len > 0);
  gtk_widget_set_visible (self->cancel_button, running);
  gtk_widget_set_visible (self->close_button, !running);
}

static void
dr_db_import_dialog_import_cb (DrDbImportDialog *self)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GPtrArray) paths = g_ptr_array_new ();
  Import *im;

  if (self->cancellable != NULL || self->files->len == 0)
    return;
  for (guint i = 0; i < self->files->len; i++)
    {
      char *path = g_file_get_path (self->files->pdata[i]);
      if (path != NULL)
        g_ptr_array_add (paths, path);
    }
  g_ptr_array_add (paths, NULL);
  im = g_new0 (Import, 1);
  im->db_path = g_strdup (dr_db_pool_get_path (self->pool));
  im->paths = (GStrv) g_ptr_array_free (g_steal_pointer (&paths), FALSE);

  g_mutex_lock (&self->lock);
  memset (&self->stats, 0, sizeof self->stats);
  g_ptr_array_set_size (self->messages, 0);
  self->n_messages = 0;
  g_mutex_unlock (&self->lock);
  g_clear_pointer (&self->summary, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->summary_label), FALSE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _("Starting…"));
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);

  self->cancellable = g_cancellable_new ();
  update_buttons (self);
  task = g_task_new (self, self->cancellable, import_done_cb, NULL);
  g_task_set_source_tag (task, dr_db_import_dialog_import_cb);
  g_task_set_task_data (task, im, import_free);
  g_task_run_in_thread (task, import_thread);
}

static void
dr_db_import_dialog_cancel_cb (DrDbImportDialog *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static void
dr_db_import_dialog_close_cb (DrDbImportDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

static void
dr_db_import_dialog_clear_cb (DrDbImportDialog *self)
{
  GtkWidget *child;

  g_ptr_array_set_size (self->files, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->files_list))) != NULL)
    gtk_list_box_remove (self->files_list, child);
  update_buttons (self);
}

static void
chooser_response_cb (GtkNativeDialog  *dialog,
                     int               response,
                     DrDbImportDialog *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      guint n = g_list_model_get_n_items (files);
      g_autoptr (GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (array, g_list_model_get_item (files, i));
      dr_db_import_dialog_add_files (self, (GFile **) array->pdata, array->len);
    }
  g_object_unref (dialog);
}

static void
choose (DrDbImportDialog    *self,
        GtkFileChooserAction action)
{
  gboolean folder = action == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER;
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (folder ? _("Add a Folder of PDN Files")
                                                                     : _("Add PDN Files"),
                                                              GTK_WINDOW (self), action, _("_Add"), _("_Cancel"));

  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  if (!folder)
    {
      g_autoptr (GtkFileFilter) filter = dr_pdn_file_filter ();

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
    }
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
dr_db_import_dialog_add_files_cb (DrDbImportDialog *self)
{
  choose (self, GTK_FILE_CHOOSER_ACTION_OPEN);
}

static void
dr_db_import_dialog_add_folder_cb (DrDbImportDialog *self)
{
  choose (self, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
}

static gboolean
drop_cb (GtkDropTarget    *target,
         const GValue     *value,
         double            x,
         double            y,
         DrDbImportDialog *self)
{
  GSList *list;
  g_autoptr (GPtrArray) array = g_ptr_array_new ();

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || self->cancellable != NULL)
    return FALSE;
  list = g_value_get_boxed (value);
  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (array, l->data);
  dr_db_import_dialog_add_files (self, (GFile **) array->pdata, array->len);
  return TRUE;
}

static gboolean
close_request_cb (DrDbImportDialog *self)
{
  /* Closing stops the import; the games already imported stay. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  return FALSE;
}

/* --- the object -------------------------------------------------------- */

static void
dr_db_import_dialog_dispose (GObject *object)
{
  DrDbImportDialog *self = DR_DB_IMPORT_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_DB_IMPORT_DIALOG);
  G_OBJECT_CLASS (dr_db_import_dialog_parent_class)->dispose (object);
}

static void
dr_db_import_dialog_finalize (GObject *object)
{
  DrDbImportDialog *self = DR_DB_IMPORT_DIALOG (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->pool, dr_db_pool_unref);
  g_ptr_array_unref (self->files);
  g_ptr_array_unref (self->messages);
  g_free (self->current_file);
  g_free (self->summary);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (dr_db_import_dialog_parent_class)->finalize (object);
}

static void
dr_db_import_dialog_class_init (DrDbImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_db_import_dialog_dispose;
  object_class->finalize = dr_db_import_dialog_finalize;

  /* The import ended (done, cancelled or failed): (guint64 games added). */
  signals[IMPORTED] = g_signal_new ("imported", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT64);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-db-import.ui");
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, db_label);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, files_list);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, add_files_button);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, add_folder_button);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, clear_button);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, close_button);
  gtk_widget_class_bind_template_child (widget_class, DrDbImportDialog, import_button);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_import_dialog_import_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_import_dialog_cancel_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_import_dialog_close_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_import_dialog_clear_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_import_dialog_add_files_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_import_dialog_add_folder_cb);
  /* Escape closes it, as every dialog of the application. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dr_db_import_dialog_init (DrDbImportDialog *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  GtkWidget *placeholder;

  gtk_widget_init_template (GTK_WIDGET (self));
  g_mutex_init (&self->lock);
  self->files = g_ptr_array_new_with_free_func (g_object_unref);
  self->messages = g_ptr_array_new_with_free_func (g_free);
  placeholder = gtk_label_new (_("Drop PDN files or folders here, or add them below"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 24);
  gtk_widget_set_margin_bottom (placeholder, 24);
  gtk_list_box_set_placeholder (self->files_list, placeholder);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);
}

DrDbImportDialog *
dr_db_import_dialog_new (GtkWindow *parent,
                         DrDbPool  *pool)
{
  DrDbImportDialog *self = g_object_new (DR_TYPE_DB_IMPORT_DIALOG, "transient-for", parent, NULL);
  g_autofree char *text = NULL;

  g_return_val_if_fail (pool != NULL, NULL);
  self->pool = dr_db_pool_ref (pool);
  /* Translators: %s is the database file. */
  text = g_strdup_printf (_("Games are added to the database %s."), dr_db_pool_get_path (pool));
  gtk_label_set_text (self->db_label, text);
  return self;
}

void
dr_db_import_dialog_add_files (DrDbImportDialog *self,
                               GFile           **files,
                               guint             n_files)
{
  g_return_if_fail (DR_IS_DB_IMPORT_DIALOG (self));

  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *name = g_file_get_parse_name (files[i]);
      GtkWidget *label = gtk_label_new (name);
      gboolean seen = FALSE;

      for (guint j = 0; j < self->files->len && !seen; j++)
        seen = g_file_equal (self->files->pdata[j], files[i]);
      if (seen)
        {
          g_object_ref_sink (label);
          g_object_unref (label);
          continue;
        }
      g_ptr_array_add (self->files, g_object_ref (files[i]));
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_START);
      gtk_widget_set_margin_start (label, 8);
      gtk_widget_set_margin_end (label, 8);
      gtk_widget_set_margin_top (label, 4);
      gtk_widget_set_margin_bottom (label, 4);
      gtk_list_box_append (self->files_list, label);
    }
  update_buttons (self);
}

gboolean
dr_db_import_dialog_get_running (DrDbImportDialog *self)
{
  g_return_val_if_fail (DR_IS_DB_IMPORT_DIALOG (self), FALSE);
  return self->cancellable != NULL;
}

const char *
dr_db_import_dialog_get_summary (DrDbImportDialog *self)
{
  g_return_val_if_fail (DR_IS_DB_IMPORT_DIALOG (self), NULL);
  return self->summary;
}
