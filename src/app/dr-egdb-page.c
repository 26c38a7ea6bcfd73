/* dr-egdb-page.c — the preferences page of the endgame tables
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Per variant that can have tables and per piece count: what the folder
 * holds, its size, whether it is complete or damaged, and for what is
 * missing a Generate button with an estimate of the time and the room it
 * takes.  The build itself belongs to DrEgdbManager (it goes on when the
 * preferences close); the page shows its progress and can cancel it.
 */

#define G_LOG_DOMAIN "dr-egdb-page"

#include "config.h"

#include "dr-egdb-page.h"

#include <glib/gi18n.h>

struct _DrEgdbPage
{
  AdwPreferencesPage parent_instance;

  AdwActionRow         *folder_row;
  GtkWidget            *choose_button;
  GtkWidget            *default_button;
  AdwPreferencesGroup  *build_group;
  AdwActionRow         *build_row;
  GtkWidget            *cancel_button;
  GtkProgressBar       *build_progress;
  GtkLabel             *build_message;
  AdwPreferencesGroup  *tables_group;

  DrEgdbManager        *manager;
  const DrRules        *expand;         /* the variant opened */
  GPtrArray            *variant_rows;   /* AdwExpanderRow *, in tables_group */
  GHashTable           *widgets;        /* "variant/pieces/what" -> GtkWidget * (borrowed) */
  const DrRules        *build_rules;    /* of the build shown */
  int                   build_pieces;
  GCancellable         *survey;         /* the folder being read, or NULL */
};

G_DEFINE_FINAL_TYPE (DrEgdbPage, dr_egdb_page, ADW_TYPE_PREFERENCES_PAGE)

static char *
widget_key (const DrRules *rules,
            int            pieces,
            const char    *what)
{
  return g_strdup_printf ("%s/%d/%s", rules->name, pieces, what);
}

/* "under a minute", "about 20 minutes", "about 3.5 hours". */
static char *
duration_text (double seconds)
{
  if (seconds < 60)
    return g_strdup (_("under a minute"));
  if (seconds < 5400)
    {
      int minutes = (int) (seconds / 60 + 0.5);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %d minute", "about %d minutes", (gulong) minutes),
                              minutes);
    }
  return g_strdup_printf (_("about %.1f hours"), seconds / 3600);
}

static void generate_clicked_cb (DrEgdbPage *self,
                                 GtkButton  *button);

static GtkWidget *
count_row (DrEgdbPage              *self,
           const DrRules           *rules,
           const DrEgdbCountStatus *s,
           gboolean                 building)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d piece", "%d pieces",
                                                         (gulong) s->pieces), s->pieces);
  g_autofree char *size = g_format_size (s->bytes);
  GString *subtitle = g_string_new (NULL);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (s->n_installed == s->n_slices)
    g_string_append_printf (subtitle, _("Installed and complete: %u slices, %s"), s->n_slices, size);
  else if (s->n_installed > 0)
    g_string_append_printf (subtitle, _("Incomplete: %u of %u slices, %s"), s->n_installed, s->n_slices, size);
  else
    g_string_append (subtitle, _("Not installed"));
  if (s->damaged != NULL)
    {
      g_string_append_c (subtitle, '\n');
      /* Translators: the reason a table file is refused. */
      g_string_append_printf (subtitle, _("Damaged: %s"), s->damaged);
      gtk_widget_add_css_class (row, "error");
    }
  if (s->n_missing > 0)
    {
      g_autofree char *bytes = g_format_size (s->estimate_bytes);
      g_autofree char *time = duration_text (s->estimate_seconds);
      GtkWidget *button = gtk_button_new_with_label (_("Generate"));

      g_string_append_c (subtitle, '\n');
      /* Translators: what generating the missing slices would take: the
       * room on disk and the time, both estimates. */
      g_string_append_printf (subtitle, _("To generate: %u slices, about %s, %s (estimate)"), s->n_missing, bytes,
                              time);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_sensitive (button, !building);
      g_object_set_data (G_OBJECT (button), "rules", (gpointer) rules);
      g_object_set_data (G_OBJECT (button), "pieces", GINT_TO_POINTER (s->pieces));
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (generate_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      g_hash_table_insert (self->widgets, widget_key (rules, s->pieces, "generate"), button);
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle->str);
  g_string_free (subtitle, TRUE);
  g_hash_table_insert (self->widgets, widget_key (rules, s->pieces, "row"), row);
  return row;
}

static void
set_generate_sensitive (DrEgdbPage *self,
                        gboolean    sensitive)
{
  GHashTableIter iter;
  gpointer key, widget;

  g_hash_table_iter_init (&iter, self->widgets);
  while (g_hash_table_iter_next (&iter, &key, &widget))
    if (g_str_has_suffix (key, "/generate"))
      gtk_widget_set_sensitive (widget, sensitive);
}

/* Main thread: every variant's rows again, from @variants (see
 * dr_egdb_manager_survey_async). */
static void
show_tables (DrEgdbPage *self,
             GPtrArray  *variants)
{
  gboolean building = dr_egdb_manager_get_build (self->manager) != NULL;
  g_autoptr (GHashTable) open = g_hash_table_new (NULL, NULL);

  /* The variants opened stay open: closed, they would shorten the page
   * under the pointer, which then jumps back towards the top. */
  for (guint i = 0; i < self->variant_rows->len; i++)
    {
      AdwExpanderRow *row = g_ptr_array_index (self->variant_rows, i);

      if (adw_expander_row_get_expanded (row))
        g_hash_table_add (open, g_object_get_data (G_OBJECT (row), "rules"));
      adw_preferences_group_remove (self->tables_group, GTK_WIDGET (row));
    }
  g_ptr_array_set_size (self->variant_rows, 0);
  g_hash_table_remove_all (self->widgets);

  for (guint v = 0; v < variants->len; v++)
    {
      const DrRules *rules = dr_rules_get ((DrVariant) v);
      GPtrArray *survey = g_ptr_array_index (variants, v);
      GtkWidget *expander;
      guint64 bytes = 0;
      /* Complete up to @complete pieces: the rows count from 2 pieces (a
       * lone piece is no table). */
      int complete = 1;

      if (survey == NULL)
        continue;
      expander = adw_expander_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), _(rules->title));
      for (guint i = 0; i < survey->len; i++)
        {
          DrEgdbCountStatus *s = g_ptr_array_index (survey, i);

          bytes += s->bytes;
          if (s->n_installed == s->n_slices && complete == s->pieces - 1)
            complete = s->pieces;
          adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), count_row (self, rules, s, building));
        }
      if (complete >= 2)
        {
          g_autofree char *size = g_format_size (bytes);
          g_autofree char *subtitle = g_strdup_printf (_("Complete up to %d pieces, %s"), complete, size);
          adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
        }
      else if (bytes > 0)
        {
          g_autofree char *size = g_format_size (bytes);
          g_autofree char *subtitle = g_strdup_printf (_("Incomplete, %s"), size);
          adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), subtitle);
        }
      else
        adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander), _("Not installed"));
      g_object_set_data (G_OBJECT (expander), "rules", (gpointer) rules);
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander),
                                     rules == self->expand || g_hash_table_contains (open, rules));
      adw_preferences_group_add (self->tables_group, expander);
      g_ptr_array_add (self->variant_rows, expander);
    }
}

static void
survey_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr (DrEgdbPage) self = data;
  g_autoptr (GPtrArray) variants = NULL;
  g_autoptr (GError) error = NULL;

  variants = dr_egdb_manager_survey_finish (DR_EGDB_MANAGER (source), result, &error);
  /* A newer survey replaced this one, or the page went. */
  if (variants == NULL || self->widgets == NULL)
    return;
  g_clear_object (&self->survey);
  gtk_widget_remove_css_class (GTK_WIDGET (self->tables_group), "dim-label");
  show_tables (self, variants);
}

/* The rows again, from what the folder holds now: read on a worker
 * thread (every file's header and index), shown when it answers.  Until
 * then the rows shown are dimmed and cannot start a build. */
static void
refresh_tables (DrEgdbPage *self)
{
  g_autofree char *dir = dr_egdb_manager_get_dir (self->manager);
  gboolean building = dr_egdb_manager_get_build (self->manager) != NULL;
  g_autofree char *def = dr_egdb_default_dir ();

  adw_action_row_set_subtitle (self->folder_row, dir);
  gtk_widget_set_sensitive (self->default_button, !g_str_equal (dir, def) && !building);
  gtk_widget_set_sensitive (self->choose_button, !building);
  set_generate_sensitive (self, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->tables_group), "dim-label");
  if (self->survey != NULL)
    g_cancellable_cancel (self->survey);
  g_clear_object (&self->survey);
  self->survey = g_cancellable_new ();
  dr_egdb_manager_survey_async (self->manager, self->survey, survey_done_cb, g_object_ref (self));
}

static void
show_message (DrEgdbPage *self,
              const char *title,
              const char *message,
              gboolean    error)
{
  gtk_widget_set_visible (GTK_WIDGET (self->build_group), TRUE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->build_row), title);
  adw_action_row_set_subtitle (self->build_row, "");
  gtk_widget_set_visible (self->cancel_button, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->build_progress), FALSE);
  gtk_label_set_text (self->build_message, message);
  gtk_widget_set_visible (GTK_WIDGET (self->build_message), message != NULL && *message != '\0');
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->build_message), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->build_message), "error");
}

static void
build_progress_cb (DrEgdbPage    *self,
                   DrEgdbManager *manager)
{
  const DrEgdbBuildState *b = dr_egdb_manager_get_build (manager);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *percent = NULL;

  if (b == NULL)
    return;
  self->build_rules = b->rules;
  self->build_pieces = b->pieces;
  /* Translators: "Generating English, up to 4 pieces". */
  title = g_strdup_printf (_("Generating %s, up to %d pieces"), _(b->rules->title), b->pieces);
  if (b->slice[0] != '\0')
    /* Translators: the slice being made (its men and kings, e.g.
     * "kkm-k"), its number and the number of slices. */
    subtitle = g_strdup_printf (_("Slice %s (%d of %d)"), b->slice, b->slice_index + 1, b->n_slices);
  else
    subtitle = g_strdup (_("Starting…"));
  percent = g_strdup_printf ("%.0f %%", b->fraction * 100);
  gtk_widget_set_visible (GTK_WIDGET (self->build_group), TRUE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->build_row), title);
  adw_action_row_set_subtitle (self->build_row, subtitle);
  gtk_widget_set_visible (self->cancel_button, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->build_progress), TRUE);
  gtk_progress_bar_set_fraction (self->build_progress, b->fraction);
  gtk_progress_bar_set_text (self->build_progress, percent);
  gtk_widget_set_visible (GTK_WIDGET (self->build_message), FALSE);
}

static void
build_finished_cb (DrEgdbPage    *self,
                   const GError  *error,
                   DrEgdbManager *manager)
{
  g_autofree char *title = NULL;

  if (self->build_rules == NULL)
    return;
  if (error == NULL)
    {
      title = g_strdup_printf (_("%s up to %d pieces: generated"), _(self->build_rules->title), self->build_pieces);
      show_message (self, title, NULL, FALSE);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      title = g_strdup_printf (_("%s up to %d pieces: cancelled"), _(self->build_rules->title), self->build_pieces);
      show_message (self, title, _("The slices finished are kept: Generate again to go on from there."), FALSE);
    }
  else
    {
      title = g_strdup_printf (_("%s up to %d pieces: failed"), _(self->build_rules->title), self->build_pieces);
      show_message (self, title, error->message, TRUE);
    }
  refresh_tables (self);
}

static void
tables_changed_cb (DrEgdbPage    *self,
                   DrEgdbManager *manager)
{
  /* A finished build refreshes with its message (build_finished_cb). */
  if (dr_egdb_manager_get_build (manager) == NULL)
    refresh_tables (self);
}

static void
generate_clicked_cb (DrEgdbPage *self,
                     GtkButton  *button)
{
  const DrRules *rules = g_object_get_data (G_OBJECT (button), "rules");
  int pieces = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "pieces"));
  g_autoptr (GError) error = NULL;

  self->build_rules = rules;
  self->build_pieces = pieces;
  self->expand = rules;
  if (!dr_egdb_manager_build (self->manager, rules, pieces, &error))
    {
      g_autofree char *title = g_strdup_printf (_("%s up to %d pieces: not started"), _(rules->title), pieces);
      show_message (self, title, error->message, TRUE);
      return;
    }
  gtk_widget_set_sensitive (self->cancel_button, TRUE);
  /* The Generate buttons and the folder wait for this build. */
  set_generate_sensitive (self, FALSE);
  gtk_widget_set_sensitive (self->choose_button, FALSE);
  gtk_widget_set_sensitive (self->default_button, FALSE);
}

static void
cancel_clicked_cb (DrEgdbPage *self)
{
  dr_egdb_manager_cancel (self->manager);
  gtk_widget_set_sensitive (self->cancel_button, FALSE);
}

static void
folder_response_cb (GtkNativeDialog *dialog,
                    int              response,
                    DrEgdbPage      *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        dr_egdb_manager_set_dir (self->manager, path);
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
choose_clicked_cb (DrEgdbPage *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Endgame Databases Folder"),
                                                              GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                              GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Select"),
                                                              _("_Cancel"));
  g_autofree char *dir = dr_egdb_manager_get_dir (self->manager);
  g_autoptr (GFile) current = g_file_new_for_path (dir);

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  if (g_file_query_exists (current, NULL))
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), current, NULL);
  g_signal_connect (dialog, "response", G_CALLBACK (folder_response_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
default_clicked_cb (DrEgdbPage *self)
{
  dr_egdb_manager_set_dir (self->manager, NULL);
}

static void
dr_egdb_page_dispose (GObject *object)
{
  DrEgdbPage *self = DR_EGDB_PAGE (object);

  if (self->manager != NULL)
    g_signal_handlers_disconnect_by_data (self->manager, self);
  if (self->survey != NULL)
    g_cancellable_cancel (self->survey);
  g_clear_object (&self->survey);
  g_clear_object (&self->manager);
  g_clear_pointer (&self->variant_rows, g_ptr_array_unref);
  g_clear_pointer (&self->widgets, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_EGDB_PAGE);
  G_OBJECT_CLASS (dr_egdb_page_parent_class)->dispose (object);
}

static void
dr_egdb_page_class_init (DrEgdbPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_egdb_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-egdb-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, folder_row);
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, choose_button);
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, default_button);
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, build_group);
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, build_row);
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, build_progress);
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, build_message);
  gtk_widget_class_bind_template_child (widget_class, DrEgdbPage, tables_group);
  gtk_widget_class_bind_template_callback (widget_class, choose_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, default_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
}

static void
dr_egdb_page_init (DrEgdbPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->variant_rows = g_ptr_array_new ();
  self->widgets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

GtkWidget *
dr_egdb_page_new (DrEgdbManager *manager,
                  const DrRules *rules)
{
  DrEgdbPage *self = g_object_new (DR_TYPE_EGDB_PAGE, NULL);

  self->manager = g_object_ref (manager);
  self->expand = rules;
  g_signal_connect_swapped (manager, "build-progress", G_CALLBACK (build_progress_cb), self);
  g_signal_connect_swapped (manager, "build-finished", G_CALLBACK (build_finished_cb), self);
  g_signal_connect_swapped (manager, "tables-changed", G_CALLBACK (tables_changed_cb), self);
  refresh_tables (self);
  /* A build started before the page was opened. */
  build_progress_cb (self, manager);
  return GTK_WIDGET (self);
}

GtkWidget *
dr_egdb_page_get_generate_button (DrEgdbPage    *self,
                                  const DrRules *rules,
                                  int            pieces)
{
  g_autofree char *key = widget_key (rules, pieces, "generate");

  g_return_val_if_fail (DR_IS_EGDB_PAGE (self), NULL);
  return g_hash_table_lookup (self->widgets, key);
}

AdwActionRow *
dr_egdb_page_get_count_row (DrEgdbPage    *self,
                            const DrRules *rules,
                            int            pieces)
{
  g_autofree char *key = widget_key (rules, pieces, "row");

  g_return_val_if_fail (DR_IS_EGDB_PAGE (self), NULL);
  return g_hash_table_lookup (self->widgets, key);
}

const char *
dr_egdb_page_get_build_title (DrEgdbPage *self)
{
  g_return_val_if_fail (DR_IS_EGDB_PAGE (self), NULL);
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->build_row));
}

GtkLabel *
dr_egdb_page_get_build_message (DrEgdbPage *self)
{
  g_return_val_if_fail (DR_IS_EGDB_PAGE (self), NULL);
  return self->build_message;
}

gboolean
dr_egdb_page_get_refreshing (DrEgdbPage *self)
{
  g_return_val_if_fail (DR_IS_EGDB_PAGE (self), FALSE);
  return self->survey != NULL;
}

GtkWidget *
dr_egdb_page_get_cancel_button (DrEgdbPage *self)
{
  g_return_val_if_fail (DR_IS_EGDB_PAGE (self), NULL);
  return self->cancel_button;
}
