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
 * made on the main thread at each change of position: it reads one run
 * of at most 256 values per position (README.md), a few microseconds,
 * and the line a few hundred more probes (tests/test-app-egdb.c times
 * it).
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

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

void
_dr_window_egdb_update (DrWindow *self)
{
  g_autoptr (DrEgdbTables) tables = _dr_window_egdb_tables (self);
  const DrPosition *pos = dr_game_model_get_position (self->model);
  DrEgdbStatus status;
  gint64 start = g_get_monotonic_time ();
  gboolean known;

  known = tables != NULL && dr_egdb_status_probe (dr_egdb_tables_get (tables), pos, _dr_window_notation (self),
                                                  EGDB_LINE_MOVES, &status);
  self->egdb_probe_us = g_get_monotonic_time () - start;
  gtk_widget_set_visible (GTK_WIDGET (self->egdb_label), known);
  gtk_widget_set_visible (self->egdb_box, known);
  if (!known)
    return;
  gtk_label_set_text (self->egdb_label, status.summary);
  gtk_label_set_text (self->egdb_summary, status.summary);
  gtk_label_set_text (self->egdb_line, status.line != NULL ? status.line : "");
  gtk_widget_set_visible (GTK_WIDGET (self->egdb_line), status.line != NULL);
  gtk_label_set_text (self->egdb_remark, status.remark != NULL ? status.remark : "");
  gtk_widget_set_visible (GTK_WIDGET (self->egdb_remark), status.remark != NULL);
  dr_egdb_status_clear (&status);
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
