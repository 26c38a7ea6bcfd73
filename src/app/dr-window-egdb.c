/* dr-window-egdb.c — the endgame tables in the main window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under the board, "Database: White wins in 17" (or a draw) whenever the
 * position shown is in the tables, analysis or not; in the analysis pane
 * the same with the table's line and the count-rule remark.  The tables
 * of the game's variant are asked of DrEgdbManager once, and again after
 * it says they changed (a build finished, another folder).  A probe is
 * made at each change of position, on a worker thread: with the count
 * rules played out along the table's line and the line itself it takes
 * 30-120 us of processor time once the blocks are read, but the first
 * reading of blocks of large tables costs milliseconds (README.md,
 * tests/test-app-egdb.c).
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

#include "dr-bitboard.h"

#include <glib/gi18n.h>

/* Moves of the table's line shown in the pane. */
#define EGDB_LINE_MOVES 16

DrEgdbTables *
_dr_window_egdb_tables (DrWindow *self)
{
  const DrRules *rules = dr_game_model_get_rules (self->model);

  if (self->egdb_rules != rules)
    {
      DrEgdbManager *manager = dr_egdb_manager_get_default ();

      g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
      self->egdb = dr_egdb_manager_get_tables (manager, rules, NULL);
      /* Being opened on a worker: asked again at ::tables-opened. */
      self->egdb_rules = dr_egdb_manager_is_opening (manager, rules) ? NULL : rules;
    }
  return self->egdb != NULL ? dr_egdb_tables_ref (self->egdb) : NULL;
}

typedef struct
{
  DrEgdbTables *tables;
  DrPosition    position;
  DrNotation    notation;
  guint         generation;
  gboolean      known;
  DrEgdbStatus  status;
  gint64        microseconds;
} Probe;

static void
probe_free (Probe *p)
{
  dr_egdb_tables_unref (p->tables);
  dr_egdb_status_clear (&p->status);
  g_free (p);
}

static void
show (DrWindow     *self,
      DrEgdbStatus *status)
{
  gtk_widget_set_visible (GTK_WIDGET (self->egdb_label), status != NULL);
  gtk_widget_set_visible (self->egdb_box, status != NULL);
  if (status == NULL)
    return;
  gtk_label_set_text (self->egdb_label, status->summary);
  /* The whole of it when the label is cut short. */
  if (status->remark != NULL)
    {
      g_autofree char *tip = g_strdup_printf ("%s\n%s", status->summary, status->remark);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->egdb_label), tip);
    }
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->egdb_label), status->summary);
  gtk_label_set_text (self->egdb_summary, status->summary);
  gtk_label_set_text (self->egdb_line, status->line != NULL ? status->line : "");
  gtk_widget_set_visible (GTK_WIDGET (self->egdb_line), status->line != NULL);
  gtk_label_set_text (self->egdb_remark, status->remark != NULL ? status->remark : "");
  gtk_widget_set_visible (GTK_WIDGET (self->egdb_remark), status->remark != NULL);
}

/* Worker thread (GLib's pool: a probe is short). */
static void
probe_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  Probe *p = data;
  gint64 start = g_get_monotonic_time ();

  p->known = dr_egdb_status_probe (dr_egdb_tables_get (p->tables), &p->position, p->notation, EGDB_LINE_MOVES,
                                   &p->status);
  p->microseconds = g_get_monotonic_time () - start;
  g_task_return_boolean (task, TRUE);
}

static void
probe_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  DrWindow *self = DR_WINDOW (source);
  Probe *p = g_task_get_task_data (G_TASK (result));

  /* A newer position was asked for, or the window went. */
  if (p->generation != self->egdb_generation || self->egdb_label == NULL)
    return;
  self->egdb_busy = FALSE;
  self->egdb_probe_us = p->microseconds;
  show (self, p->known ? &p->status : NULL);
}

void
_dr_window_egdb_update (DrWindow *self)
{
  g_autoptr (DrEgdbTables) tables = _dr_window_egdb_tables (self);
  const DrPosition *pos = dr_game_model_get_position (self->model);
  g_autoptr (GTask) task = NULL;
  Probe *p;

  self->egdb_generation++;
  self->egdb_busy = FALSE;
  /* The tables are being opened on a worker: nothing is said until they
   * are there (tables_opened_cb). */
  if (tables == NULL && dr_egdb_manager_is_opening (dr_egdb_manager_get_default (), dr_game_model_get_rules (self->model)))
    {
      show (self, NULL);
      self->egdb_busy = TRUE;
      return;
    }
  /* More pieces than the tables and a capture can reach: not in them. */
  if (tables == NULL
      || dr_bb_count (dr_position_occupied (pos)) > dr_egdb_max_pieces (dr_egdb_tables_get (tables)) + 1)
    {
      show (self, NULL);
      return;
    }
  /* Reading blocks of large tables the first time may take milliseconds
   * (the disk, their checksums): off the main thread.  The label keeps
   * its text until the answer, a moment later. */
  p = g_new0 (Probe, 1);
  p->tables = g_steal_pointer (&tables);
  p->position = *pos;
  p->notation = _dr_window_notation (self);
  p->generation = self->egdb_generation;
  self->egdb_busy = TRUE;
  task = g_task_new (self, NULL, probe_done_cb, NULL);
  g_task_set_source_tag (task, _dr_window_egdb_update);
  g_task_set_task_data (task, p, (GDestroyNotify) probe_free);
  g_task_run_in_thread (task, probe_thread);
}

/* Hub has no standard parameter for endgame tables (ENGINES.md §4.1);
 * "egdb-dir" is the one `draughtsman-cli hub` declares (src/cli/dr-hub.c). */
#define HUB_EGDB_PARAM "egdb-dir"

char *
_dr_window_egdb_engine_key (DrWindow *self)
{
  DrEgdbManager *manager = dr_egdb_manager_get_default ();
  g_autofree char *dir = dr_egdb_manager_get_dir (manager);

  /* After a build the engine starts again, to read the new files. */
  return g_strdup_printf ("%s\n%u", dir, dr_egdb_manager_get_serial (manager));
}

void
_dr_window_egdb_offer (DrWindow    *self,
                       DrHubEngine *engine)
{
  g_autofree char *dir = dr_egdb_manager_get_dir (dr_egdb_manager_get_default ());

  dr_hub_engine_offer_param (engine, HUB_EGDB_PARAM, dir);
}

static void
tables_changed_cb (DrWindow      *self,
                   DrEgdbManager *manager)
{
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  self->egdb_rules = NULL;
  _dr_window_egdb_update (self);
  /* The engine and the explorer's evaluations use the new tables. */
  _dr_window_analysis_follow (self);
  {
    g_autoptr (DrEgdbTables) tables = _dr_window_egdb_tables (self);
    dr_explorer_set_egdb (self->explorer, tables);
  }
}

static void
tables_opened_cb (DrWindow      *self,
                  const DrRules *rules,
                  DrEgdbManager *manager)
{
  if (rules == dr_game_model_get_rules (self->model))
    tables_changed_cb (self, manager);
}

/* --- quitting while tables are built ------------------------------------ */

typedef struct
{
  DrWindow        *self;
  DrWindowDecided  done;
  gpointer         data;
  gboolean         go_on;
  gulong           finished_id;
} Stopping;

static void
stopping_finish (Stopping *s)
{
  if (!_dr_window_closed (s->self))
    s->done (s->self, s->go_on, s->data);
  g_object_unref (s->self);
  g_free (s);
}

static gboolean
stopping_idle_cb (gpointer data)
{
  stopping_finish (data);
  return G_SOURCE_REMOVE;
}

/* The build has stopped: its thread has ended, the slices it finished are
 * kept, the one under way was never written (dr-egdb-manager.c). */
static void
stopping_build_finished_cb (DrEgdbManager *manager,
                            const GError  *error,
                            Stopping      *s)
{
  g_signal_handler_disconnect (manager, s->finished_id);
  stopping_finish (s);
}

static void
quit_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  Stopping         *s)
{
  DrEgdbManager *manager = dr_egdb_manager_get_default ();

  s->self->egdb_quit_dialog = NULL;
  s->go_on = g_strcmp0 (response, "stop") == 0;
  if (s->go_on && dr_egdb_manager_get_build (manager) != NULL)
    {
      s->finished_id = g_signal_connect (manager, "build-finished", G_CALLBACK (stopping_build_finished_cb), s);
      dr_egdb_manager_cancel (manager);
      return;
    }
  /* Decided once the dialog is gone: what follows may close the window
   * the dialog belongs to. */
  g_idle_add (stopping_idle_cb, s);
}

gboolean
_dr_window_egdb_confirm_stop (DrWindow        *self,
                              DrWindowDecided  done,
                              gpointer         data)
{
  const DrEgdbBuildState *build = dr_egdb_manager_get_build (dr_egdb_manager_get_default ());
  g_autofree char *what = NULL;
  Stopping *s;
  GtkWidget *dialog;

  if (build == NULL)
    return FALSE;
  s = g_new0 (Stopping, 1);
  s->self = g_object_ref (self);
  s->done = done;
  s->data = data;
  if (self->egdb_quit_dialog != NULL)
    {
      /* Already asking: this one waits for nothing. */
      gtk_window_present (GTK_WINDOW (self->egdb_quit_dialog));
      g_idle_add (stopping_idle_cb, s);
      return TRUE;
    }
  /* Translators: the build under way, e.g. "English, up to 5 pieces". */
  what = g_strdup_printf (_("%s, up to %d pieces"), _(build->rules->title), build->pieces);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Stop the Table Build?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("A table build is running (%s). Stop it and quit? The slices already finished "
                                    "are kept, and generating again goes on from there."),
                                  what);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "stop", _("_Stop and Quit"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "stop", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (quit_response_cb), s);
  self->egdb_quit_dialog = dialog;
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

void
_dr_window_egdb_connect (DrWindow *self)
{
  g_signal_connect_object (dr_egdb_manager_get_default (), "tables-changed", G_CALLBACK (tables_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (dr_egdb_manager_get_default (), "tables-opened", G_CALLBACK (tables_opened_cb), self,
                           G_CONNECT_SWAPPED);
}

void
_dr_window_egdb_dispose (DrWindow *self)
{
  /* Probes still under way answer to nobody. */
  self->egdb_generation++;
  g_signal_handlers_disconnect_by_data (dr_egdb_manager_get_default (), self);
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  self->egdb_rules = NULL;
}

void
_dr_window_class_egdb_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_bind_template_child (widget_class, DrWindow, egdb_label);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, egdb_box);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, egdb_summary);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, egdb_line);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, egdb_remark);
}
