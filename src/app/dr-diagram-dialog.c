/* dr-diagram-dialog.c — Export Diagram, Copy Diagram, Export Collection as PDF
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog takes what it draws from the window when it opens: the
 * current position (or every game of the window's file, the game shown as
 * it now is), copied, so the window may go on.  Export writes on a worker
 * thread (GTask): the diagram is drawn by dr-diagram.c, then written with
 * g_file_replace_contents(), a temporary file renamed over the old one.
 * A collection's progress comes back a page at a time through one queued
 * idle; Cancel, or closing the dialog, stops it between pages.  The
 * preview is the same drawing at a small size, on the main thread (a few
 * milliseconds).
 */

#define G_LOG_DOMAIN "dr-diagram-dialog"

#include "config.h"

#include "dr-diagram-dialog.h"

#include "dr-diagram.h"
#include "dr-stipulation.h"
#include "dr-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#define PREVIEW_SIZE 280

struct _DrDiagramDialog
{
  GtkWindow       parent_instance;

  GtkLabel       *format_label;
  GtkDropDown    *format_dropdown;
  GtkLabel       *size_label;
  GtkSpinButton  *size_spin;
  GtkLabel       *per_page_label;
  GtkSpinButton  *per_page_spin;
  GtkDropDown    *labels_dropdown;
  GtkDropDown    *style_dropdown;
  GtkCheckButton *flip_check;
  GtkLabel       *caption_label;
  GtkEntry       *caption_entry;
  GtkLabel       *author_label;
  GtkEntry       *author_entry;
  GtkLabel       *source_label;
  GtkEntry       *source_entry;
  GtkLabel       *stipulation_label;
  GtkEntry       *stipulation_entry;
  GtkLabel       *file_label;
  GtkWidget      *choose_button;
  GtkWidget      *export_button;
  GtkPicture     *preview;
  GtkProgressBar *progress;
  GtkLabel       *message_label;

  DrWindow       *window;        /* weak */
  gboolean        collection;
  const DrRules  *rules;
  DrPosition      position;
  GPtrArray      *games;         /* DrGame * (owned): the collection */
  GFile          *file;
  GCancellable   *cancellable;   /* of the export under way, or NULL */
  gboolean        disposed;
  /* Progress from the worker: pages done and foreseen. */
  guint           pages_done;
  guint           pages_total;
  gint            progress_queued;
  guint           preview_id;    /* the preview drawn again soon, or 0 */
};

G_DEFINE_FINAL_TYPE (DrDiagramDialog, dr_diagram_dialog, GTK_TYPE_WINDOW)

/* --- options ------------------------------------------------------------ */

static DrDiagramFormat
chosen_format (DrDiagramDialog *self)
{
  if (self->collection)
    return DR_DIAGRAM_PDF;
  switch (gtk_drop_down_get_selected (self->format_dropdown))
    {
    case 1:
      return DR_DIAGRAM_SVG;
    case 2:
      return DR_DIAGRAM_PDF;
    default:
      return DR_DIAGRAM_PNG;
    }
}

static const char *
entry_text (GtkEntry *entry)
{
  return gtk_editable_get_text (GTK_EDITABLE (entry));
}

/* The options as the dialog shows them; the strings are the entries'. */
static void
get_options (DrDiagramDialog  *self,
             DrDiagramOptions *o)
{
  dr_diagram_options_init (o);
  o->size = gtk_spin_button_get_value_as_int (self->size_spin);
  o->style = gtk_drop_down_get_selected (self->style_dropdown) == 1 ? DR_DIAGRAM_STYLE_BW : DR_DIAGRAM_STYLE_COLOUR;
  switch (gtk_drop_down_get_selected (self->labels_dropdown))
    {
    case 1:
      o->labels = DR_DIAGRAM_LABELS_COORDINATES;
      break;
    case 2:
      o->labels = DR_DIAGRAM_LABELS_NUMBERS;
      break;
    default:
      o->labels = DR_DIAGRAM_LABELS_NONE;
      break;
    }
  o->flipped = gtk_check_button_get_active (self->flip_check);
  if (!self->collection)
    {
      o->caption = entry_text (self->caption_entry);
      o->author = entry_text (self->author_entry);
      o->source = entry_text (self->source_entry);
      o->stipulation = entry_text (self->stipulation_entry);
    }
}

static void
set_message (DrDiagramDialog *self,
             const char      *message)
{
  gtk_label_set_text (self->message_label, message);
}

static void
update_preview (DrDiagramDialog *self)
{
  DrDiagramOptions o;
  DrDiagramCaption caption = { 0 };
  const DrRules *rules = self->rules;
  const DrPosition *pos = &self->position;
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autoptr (GError) error = NULL;

  if (self->disposed)
    return;
  get_options (self, &o);
  o.size = PREVIEW_SIZE;
  if (self->collection && self->games->len > 0)
    {
      const DrGame *first = self->games->pdata[0];

      /* The first game as the PDF draws it. */
      dr_diagram_caption_from_game (first, &caption);
      o.caption = caption.caption;
      o.author = caption.author;
      o.source = caption.source;
      o.stipulation = caption.stipulation;
      rules = first->rules;
      pos = &first->root->position;
    }
  png = dr_diagram_render (rules, pos, &o, DR_DIAGRAM_PNG, &error);
  dr_diagram_caption_clear (&caption);
  if (png == NULL)
    {
      set_message (self, error->message);
      return;
    }
  texture = gdk_texture_new_from_bytes (png, &error);
  if (texture == NULL)
    {
      set_message (self, error->message);
      return;
    }
  gtk_picture_set_paintable (self->preview, GDK_PAINTABLE (texture));
}

static gboolean
preview_timeout_cb (gpointer data)
{
  DrDiagramDialog *self = data;

  self->preview_id = 0;
  update_preview (self);
  return G_SOURCE_REMOVE;
}

/* Typing redraws the preview once the keys pause. */
static void
queue_preview (DrDiagramDialog *self)
{
  g_clear_handle_id (&self->preview_id, g_source_remove);
  self->preview_id = g_timeout_add (150, preview_timeout_cb, self);
}

static void
update_file_label (DrDiagramDialog *self)
{
  if (self->file == NULL)
    gtk_label_set_text (self->file_label, _("Not chosen yet"));
  else
    {
      g_autofree char *name = g_file_get_parse_name (self->file);
      gtk_label_set_text (self->file_label, name);
    }
}

/* The chosen file's name follows the format chosen. */
static void
format_changed_cb (DrDiagramDialog *self)
{
  DrDiagramFormat current;
  g_autofree char *base = NULL;

  if (self->file == NULL)
    return;
  base = g_file_get_basename (self->file);
  if (dr_diagram_format_from_path (base, &current) && current != chosen_format (self))
    {
      g_autoptr (GFile) parent = g_file_get_parent (self->file);
      g_autofree char *stem = g_strndup (base, strrchr (base, '.') - base);
      g_autofree char *name = g_strdup_printf ("%s.%s", stem, dr_diagram_format_suffix (chosen_format (self)));

      g_autoptr (GFile) renamed = g_file_get_child (parent, name);

      g_set_object (&self->file, renamed);
      update_file_label (self);
    }
}

void
dr_diagram_dialog_set_file (DrDiagramDialog *self,
                            GFile           *file)
{
  g_autofree char *base = NULL;
  DrDiagramFormat format;

  g_return_if_fail (DR_IS_DIAGRAM_DIALOG (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  g_set_object (&self->file, file);
  if (file != NULL && !self->collection)
    {
      base = g_file_get_basename (file);
      if (dr_diagram_format_from_path (base, &format))
        gtk_drop_down_set_selected (self->format_dropdown, (guint) format);
    }
  update_file_label (self);
}

GFile *
dr_diagram_dialog_get_file (DrDiagramDialog *self)
{
  g_return_val_if_fail (DR_IS_DIAGRAM_DIALOG (self), NULL);

  return self->file;
}

gboolean
dr_diagram_dialog_get_busy (DrDiagramDialog *self)
{
  g_return_val_if_fail (DR_IS_DIAGRAM_DIALOG (self), FALSE);

  return self->cancellable != NULL;
}

const char *
dr_diagram_dialog_get_message (DrDiagramDialog *self)
{
  g_return_val_if_fail (DR_IS_DIAGRAM_DIALOG (self), NULL);

  return gtk_label_get_text (self->message_label);
}

/* --- the worker ---------------------------------------------------------- */

typedef struct
{
  DrDiagramDialog  *self;       /* a reference, for the progress idle */
  const DrRules    *rules;
  DrPosition        position;
  GPtrArray        *games;      /* the dialog's (a reference), or NULL */
  DrDiagramOptions  options;    /* its strings are the ones below */
  char             *strings[4];
  DrDiagramFormat   format;
  guint             per_page;
  GFile            *file;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_object_unref (job->self);
  g_clear_pointer (&job->games, g_ptr_array_unref);
  for (guint i = 0; i < G_N_ELEMENTS (job->strings); i++)
    g_free (job->strings[i]);
  g_object_unref (job->file);
  g_free (job);
}

static gboolean
progress_idle_cb (gpointer data)
{
  DrDiagramDialog *self = data;
  guint done = (guint) g_atomic_int_get ((gint *) &self->pages_done);
  guint total = (guint) g_atomic_int_get ((gint *) &self->pages_total);

  g_atomic_int_set (&self->progress_queued, 0);
  if (!self->disposed && self->cancellable != NULL && total > 0)
    {
      g_autofree char *text = g_strdup_printf (_("Page %u of %u"), done, total);

      gtk_progress_bar_set_fraction (self->progress, MIN (1.0, (double) done / total));
      gtk_progress_bar_set_text (self->progress, text);
    }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* On the worker: one queued idle at a time carries the latest count. */
static void
export_progress (guint    done,
                 guint    total,
                 gpointer data)
{
  ExportJob *job = data;

  g_atomic_int_set ((gint *) &job->self->pages_done, (gint) done);
  g_atomic_int_set ((gint *) &job->self->pages_total, (gint) total);
  if (g_atomic_int_compare_and_exchange (&job->self->progress_queued, 0, 1))
    g_idle_add (progress_idle_cb, g_object_ref (job->self));
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  ExportJob *job = data;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  gsize len;
  const char *contents;

  if (job->games != NULL)
    bytes = dr_diagram_render_collection (job->games, &job->options, job->per_page,
                                          export_progress, job, cancellable, &error);
  else
    bytes = dr_diagram_render (job->rules, &job->position, &job->options, job->format, &error);
  if (bytes == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  contents = g_bytes_get_data (bytes, &len);
  /* A temporary file renamed over the old one: atomic, no backup. */
  if (!g_file_replace_contents (job->file, contents, len, NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, cancellable, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
set_busy (DrDiagramDialog *self,
          gboolean         busy)
{
  gtk_widget_set_sensitive (self->export_button, !busy);
  gtk_widget_set_sensitive (self->choose_button, !busy);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), busy && self->collection);
}

static void
export_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  DrDiagramDialog *self = DR_DIAGRAM_DIALOG (source);
  g_autoptr (GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  g_clear_object (&self->cancellable);
  if (self->disposed)
    return;
  set_busy (self, FALSE);
  if (!ok)
    {
      g_autofree char *name = g_file_get_parse_name (self->file);
      g_autofree char *message = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        message = g_strdup (_("Export cancelled: nothing was written"));
      else
        /* Translators: the file, then why it could not be written. */
        message = g_strdup_printf (_("“%s” could not be written: %s"), name, error->message);
      set_message (self, message);
      return;
    }
  if (self->window != NULL)
    {
      g_autofree char *base = g_file_get_basename (self->file);
      g_autofree char *message = g_strdup_printf (_("Exported to “%s”"), base);

      _dr_window_toast (self->window, message);
    }
  set_message (self, _("Exported"));
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
start_export (DrDiagramDialog *self)
{
  ExportJob *job = g_new0 (ExportJob, 1);
  g_autoptr (GTask) task = NULL;

  g_assert (self->file != NULL && self->cancellable == NULL);
  job->self = g_object_ref (self);
  job->rules = self->rules;
  job->position = self->position;
  job->format = chosen_format (self);
  job->file = g_object_ref (self->file);
  get_options (self, &job->options);
  job->options.caption = job->strings[0] = g_strdup (job->options.caption);
  job->options.author = job->strings[1] = g_strdup (job->options.author);
  job->options.source = job->strings[2] = g_strdup (job->options.source);
  job->options.stipulation = job->strings[3] = g_strdup (job->options.stipulation);
  if (self->collection)
    {
      job->games = g_ptr_array_ref (self->games);
      job->per_page = (guint) gtk_spin_button_get_value_as_int (self->per_page_spin);
    }
  self->cancellable = g_cancellable_new ();
  self->pages_done = self->pages_total = 0;
  set_busy (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress, 0);
  set_message (self, self->collection ? _("Writing the pages…") : _("Writing…"));
  task = g_task_new (self, self->cancellable, export_done_cb, NULL);
  g_task_set_source_tag (task, start_export);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_thread);
}

/* --- the file chooser ------------------------------------------------- */

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     DrDiagramDialog *self)
{
  gboolean then_export = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "export"));

  if (response == GTK_RESPONSE_ACCEPT && !self->disposed)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      dr_diagram_dialog_set_file (self, file);
      if (then_export && self->cancellable == NULL)
        start_export (self);
    }
  g_object_unref (chooser);
  g_object_unref (self);
}

static char *
suggested_name (DrDiagramDialog *self)
{
  const char *suffix = dr_diagram_format_suffix (chosen_format (self));

  if (self->collection && self->window != NULL && self->window->file != NULL)
    {
      g_autofree char *base = g_file_get_basename (self->window->file);
      char *dot = strrchr (base, '.');

      if (dot != NULL)
        *dot = '\0';
      return g_strdup_printf ("%s.%s", base, suffix);
    }
  /* Translators: the file name offered for a diagram (without suffix). */
  return g_strdup_printf ("%s.%s", _("diagram"), suffix);
}

static void
choose_file (DrDiagramDialog *self,
             gboolean         then_export)
{
  GtkFileChooserNative *chooser;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = suggested_name (self);

  chooser = gtk_file_chooser_native_new (self->collection ? _("Export Collection as PDF") : _("Export Diagram"),
                                         GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  switch (chosen_format (self))
    {
    case DR_DIAGRAM_SVG:
      gtk_file_filter_set_name (filter, _("SVG images"));
      gtk_file_filter_add_mime_type (filter, "image/svg+xml");
      gtk_file_filter_add_suffix (filter, "svg");
      break;
    case DR_DIAGRAM_PDF:
      gtk_file_filter_set_name (filter, _("PDF documents"));
      gtk_file_filter_add_mime_type (filter, "application/pdf");
      gtk_file_filter_add_suffix (filter, "pdf");
      break;
    case DR_DIAGRAM_PNG:
    default:
      gtk_file_filter_set_name (filter, _("PNG images"));
      gtk_file_filter_add_mime_type (filter, "image/png");
      gtk_file_filter_add_suffix (filter, "png");
      break;
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), self->file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_object_set_data (G_OBJECT (chooser), "export", GINT_TO_POINTER (then_export));
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
dr_diagram_dialog_choose_cb (DrDiagramDialog *self)
{
  choose_file (self, FALSE);
}

static void
dr_diagram_dialog_export_cb (DrDiagramDialog *self)
{
  if (self->cancellable != NULL)
    return;
  if (self->file == NULL)
    choose_file (self, TRUE);
  else
    start_export (self);
}

static void
dr_diagram_dialog_cancel_cb (DrDiagramDialog *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  else
    gtk_window_destroy (GTK_WINDOW (self));
}

/* --- the object --------------------------------------------------------- */

static void
dr_diagram_dialog_dispose (GObject *object)
{
  DrDiagramDialog *self = DR_DIAGRAM_DIALOG (object);

  self->disposed = TRUE;
  g_clear_handle_id (&self->preview_id, g_source_remove);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_weak_pointer (&self->window);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_DIAGRAM_DIALOG);
  G_OBJECT_CLASS (dr_diagram_dialog_parent_class)->dispose (object);
}

static void
dr_diagram_dialog_finalize (GObject *object)
{
  DrDiagramDialog *self = DR_DIAGRAM_DIALOG (object);

  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_object (&self->file);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (dr_diagram_dialog_parent_class)->finalize (object);
}

static void
dr_diagram_dialog_class_init (DrDiagramDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_diagram_dialog_dispose;
  object_class->finalize = dr_diagram_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-diagram-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, format_label);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, format_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, size_label);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, size_spin);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, per_page_label);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, per_page_spin);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, labels_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, style_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, flip_check);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, caption_label);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, caption_entry);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, author_label);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, author_entry);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, source_label);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, source_entry);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, stipulation_label);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, stipulation_entry);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, file_label);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, choose_button);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, progress);
  gtk_widget_class_bind_template_child (widget_class, DrDiagramDialog, message_label);
  gtk_widget_class_bind_template_callback (widget_class, dr_diagram_dialog_choose_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_diagram_dialog_export_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_diagram_dialog_cancel_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dr_diagram_dialog_init (DrDiagramDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->games = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_game_free);
  g_signal_connect_swapped (self->format_dropdown, "notify::selected", G_CALLBACK (format_changed_cb), self);
  g_signal_connect_swapped (self->format_dropdown, "notify::selected", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->labels_dropdown, "notify::selected", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->style_dropdown, "notify::selected", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->flip_check, "toggled", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->caption_entry, "changed", G_CALLBACK (queue_preview), self);
  g_signal_connect_swapped (self->author_entry, "changed", G_CALLBACK (queue_preview), self);
  g_signal_connect_swapped (self->source_entry, "changed", G_CALLBACK (queue_preview), self);
  g_signal_connect_swapped (self->stipulation_entry, "changed", G_CALLBACK (queue_preview), self);
}

/* The games of the window's file, the one shown as it now is; the game
 * shown alone when it is in no file yet. */
static void
take_games (DrDiagramDialog *self,
            DrWindow        *window)
{
  guint n = dr_pdn_collection_get_n_entries (window->collection);

  for (guint i = 0; i < n; i++)
    {
      const DrGame *game = i == window->game_index ? dr_game_model_get_game (window->model)
                                                   : dr_pdn_collection_get_game (window->collection, i);
      if (game != NULL)
        g_ptr_array_add (self->games, dr_game_copy (game));
    }
  if (window->game_index == DR_WINDOW_NO_GAME || n == 0)
    g_ptr_array_add (self->games, dr_game_copy (dr_game_model_get_game (window->model)));
}

/* A composition's caption says what the Composition mode says: its
 * stipulation ("White to play and win", not the result's "White to
 * play"), and its source, with the date only beside a source: a date
 * alone (the day the position was set up) is no source. */
static void
composition_caption (DrWindow         *window,
                     const DrGame     *game,
                     DrDiagramCaption *caption)
{
  DrStipulation st;

  if (!game->setup
      || (!_dr_window_get_composition_mode (window) && dr_game_get_tag (game, "Genre") == NULL
          && dr_game_get_tag (game, "Stipulation") == NULL))
    return;
  dr_stipulation_init (&st, (DrSide) game->root->position.turn);
  if (dr_stipulation_read (&st, game, NULL))
    {
      g_free (caption->stipulation);
      caption->stipulation = st.unread != NULL ? g_strdup (st.unread) : dr_stipulation_to_text (&st);
      g_free (caption->source);
      if (dr_game_get_tag (game, "Source") != NULL)
        caption->source = g_strdup (dr_game_get_tag (game, "Source"));
      else if (st.source != NULL && *st.source != '\0' && st.date != NULL && *st.date != '\0')
        caption->source = g_strdup_printf ("%s, %s", st.source, st.date);
      else
        caption->source = g_strdup (st.source);
    }
  dr_stipulation_clear (&st);
}

DrDiagramDialog *
dr_diagram_dialog_new (DrWindow *window,
                       gboolean  collection)
{
  DrDiagramDialog *self;
  DrGameModel *model;
  DrDiagramCaption caption;
  DrGameNode *current;
  GtkWidget *caption_widgets[8];

  g_return_val_if_fail (DR_IS_WINDOW (window), NULL);

  self = g_object_new (DR_TYPE_DIAGRAM_DIALOG, "transient-for", window, NULL);
  g_set_weak_pointer (&self->window, window);
  self->collection = collection;
  model = window->model;
  self->rules = dr_game_model_get_rules (model);
  self->position = *dr_game_model_get_position (model);
  gtk_check_button_set_active (self->flip_check, dr_board_state_get_flipped (window->board));

  caption_widgets[0] = GTK_WIDGET (self->caption_label);
  caption_widgets[1] = GTK_WIDGET (self->caption_entry);
  caption_widgets[2] = GTK_WIDGET (self->author_label);
  caption_widgets[3] = GTK_WIDGET (self->author_entry);
  caption_widgets[4] = GTK_WIDGET (self->source_label);
  caption_widgets[5] = GTK_WIDGET (self->source_entry);
  caption_widgets[6] = GTK_WIDGET (self->stipulation_label);
  caption_widgets[7] = GTK_WIDGET (self->stipulation_entry);
  if (collection)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Export Collection as PDF"));
      /* Each diagram's caption comes from its game's tags. */
      for (guint i = 0; i < G_N_ELEMENTS (caption_widgets); i++)
        gtk_widget_set_visible (caption_widgets[i], FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->format_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->format_dropdown), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->size_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->size_spin), FALSE);
      gtk_drop_down_set_selected (self->labels_dropdown, 2);
      gtk_drop_down_set_selected (self->style_dropdown, 1);
      take_games (self, window);
      {
        g_autofree char *text =
          g_strdup_printf (ngettext ("%u diagram, then the solutions", "%u diagrams, then the solutions",
                                     self->games->len), self->games->len);
        set_message (self, text);
      }
    }
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->per_page_label), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->per_page_spin), FALSE);
      dr_diagram_caption_from_game (dr_game_model_get_game (model), &caption);
      composition_caption (window, dr_game_model_get_game (model), &caption);
      current = dr_game_model_get_current (model);
      /* Past the start, the stipulation of the start does not hold. */
      if (current->parent != NULL)
        {
          g_free (caption.stipulation);
          caption.stipulation = g_strdup (self->position.turn == DR_SIDE_WHITE ? _("White to move")
                                                                               : _("Black to move"));
        }
      gtk_editable_set_text (GTK_EDITABLE (self->caption_entry), caption.caption ? caption.caption : "");
      gtk_editable_set_text (GTK_EDITABLE (self->author_entry), caption.author ? caption.author : "");
      gtk_editable_set_text (GTK_EDITABLE (self->source_entry), caption.source ? caption.source : "");
      gtk_editable_set_text (GTK_EDITABLE (self->stipulation_entry),
                             caption.stipulation ? caption.stipulation : "");
      dr_diagram_caption_clear (&caption);
    }
  update_file_label (self);
  update_preview (self);
  return self;
}

/* --- the window's actions ----------------------------------------------- */

static void
export_diagram_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  gtk_window_present (GTK_WINDOW (dr_diagram_dialog_new (DR_WINDOW (widget), FALSE)));
}

static void
export_collection_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  gtk_window_present (GTK_WINDOW (dr_diagram_dialog_new (DR_WINDOW (widget), TRUE)));
}

/* The current position as a PNG on the clipboard, as the board shows it. */
static void
copy_diagram_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  DrDiagramOptions o;
  g_autoptr (GBytes) png = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autoptr (GError) error = NULL;

  dr_diagram_options_init (&o);
  o.size = 480;
  o.labels = DR_DIAGRAM_LABELS_COORDINATES;
  o.flipped = dr_board_state_get_flipped (self->board);
  png = dr_diagram_render (dr_game_model_get_rules (self->model), dr_game_model_get_position (self->model), &o,
                           DR_DIAGRAM_PNG, &error);
  if (png != NULL)
    texture = gdk_texture_new_from_bytes (png, &error);
  if (texture == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The diagram could not be copied: %s"), error->message);
      _dr_window_toast (self, message);
      return;
    }
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
  _dr_window_toast (self, _("Diagram copied"));
}

void
_dr_window_class_diagram_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export-diagram", NULL, export_diagram_cb);
  gtk_widget_class_install_action (widget_class, "win.export-collection", NULL, export_collection_cb);
  gtk_widget_class_install_action (widget_class, "win.copy-diagram", NULL, copy_diagram_cb);
}
