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
      g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
      self->egdb = dr_egdb_manager_get_tables (dr_egdb_manager_get_default (), rules, NULL);
      self->egdb_rules = rules;
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

static void
tables_changed_cb (DrWindow      *self,
                   DrEgdbManager *manager)
{
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  self->egdb_rules = NULL;
  _dr_window_egdb_update (self);
  /* The engine searches with the new tables. */
  _dr_window_analysis_follow (self);
}

void
_dr_window_egdb_connect (DrWindow *self)
{
  g_signal_connect_object (dr_egdb_manager_get_default (), "tables-changed", G_CALLBACK (tables_changed_cb), self,
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
