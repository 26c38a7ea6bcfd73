/* dr-window-analysis.c — the analysis pane of the main window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Starts and stops the engine (DrAnalysis, on its own thread), shows the
 * best lines with their score and depth in the current notation and the
 * engine's speed, draws the best move as an arrow, and plays a line into
 * the game as a variation when it is clicked.  The analysis follows the
 * user: every change of the current position restarts it there.
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

#include "dr-movegen.h"
#include "dr-notation.h"

#include <glib/gi18n.h>

#define ANALYSIS_LINES 3

static char *
line_text (DrWindow           *self,
           const DrSearchInfo *info)
{
  const DrRules *rules = dr_analysis_get_rules (self->analysis);
  DrPosition pos = *dr_analysis_get_position (self->analysis);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  GString *out = g_string_new (NULL);
  char score[32];

  g_string_append_printf (out, "%s  ", dr_score_to_string (info->score, score));
  for (int i = 0; i < info->pv_length && i < 12; i++)
    {
      g_autofree char *text = NULL;

      dr_movegen_legal (rules, &pos, legal);
      text = dr_move_to_text (rules, legal, &info->pv[i], _dr_window_notation (self));
      g_string_append_printf (out, "%s%s", i ? " " : "", text);
      dr_position_apply (&pos, &pos, &info->pv[i]);
    }
  return g_string_free (out, FALSE);
}

static void
line_activated_cb (GtkListBox    *list,
                   GtkListBoxRow *row,
                   DrWindow      *self)
{
  int index = gtk_list_box_row_get_index (row);
  int n;
  const DrSearchInfo *lines = dr_analysis_get_lines (self->analysis, &n);
  DrGameNode *start = dr_game_model_get_current (self->model);

  if (index < 0 || index >= n)
    return;
  /* The line goes into the game as a variation from here, and the view
   * stays where it was. */
  /* Playing restarts the analysis, which replaces its lines: copy first. */
  DrSearchInfo line = lines[index];

  for (int i = 0; i < line.pv_length; i++)
    dr_game_model_play (self->model, &line.pv[i]);
  dr_game_model_go_to (self->model, start);
}

static void
clear_lines (DrWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->analysis_lines))) != NULL)
    gtk_list_box_remove (self->analysis_lines, child);
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_lines), FALSE);
}

static void
progress_cb (DrWindow   *self,
             DrAnalysis *analysis)
{
  int n;
  const DrSearchInfo *lines = dr_analysis_get_lines (analysis, &n);
  g_autofree char *status = NULL;

  clear_lines (self);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *text = line_text (self, &lines[i]);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_margin_start (label, 8);
      gtk_widget_set_margin_end (label, 8);
      gtk_widget_set_margin_top (label, 4);
      gtk_widget_set_margin_bottom (label, 4);
      gtk_list_box_append (self->analysis_lines, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_lines), n > 0);
  if (n > 0)
    {
      guint64 nps = lines[0].time_ms > 0 ? lines[0].nodes * 1000 / lines[0].time_ms : 0;

      /* Translators: engine status: depth, thousands of positions per second. */
      status = g_strdup_printf (_("Depth %d · %u kN/s"), lines[0].depth, (guint) MIN (nps / 1000, G_MAXUINT));
      gtk_label_set_text (self->analysis_label, status);
      dr_board_state_set_arrow (self->board, lines[0].pv[0].from, lines[0].pv[0].to);
    }
}

static void
start (DrWindow *self)
{
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GPtrArray) path = g_ptr_array_new ();
  DrGameNode *current = dr_game_model_get_current (self->model);

  for (DrGameNode *n = current->parent; n != NULL; n = n->parent)
    g_ptr_array_add (path, n);
  for (guint i = path->len; i > 0; i--)
    g_array_append_val (history, ((DrGameNode *) path->pdata[i - 1])->position);
  dr_board_state_set_arrow (self->board, -1, -1);
  clear_lines (self);
  if (dr_game_model_get_status (self->model, NULL) != DR_STATUS_ONGOING)
    {
      gtk_label_set_text (self->analysis_label, _("The game is over"));
      return;
    }
  gtk_label_set_text (self->analysis_label, _("Thinking…"));
  dr_analysis_start (self->analysis, dr_game_model_get_rules (self->model), &current->position,
                     (const DrPosition *) history->data, history->len, ANALYSIS_LINES);
}

void
_dr_window_analysis_follow (DrWindow *self)
{
  if (self->analysis != NULL && dr_analysis_get_running (self->analysis)
      && !dr_board_state_get_setup_mode (self->board))
    start (self);
}

static void
analysis_cb (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  DrWindow *self = DR_WINDOW (widget);

  if (self->analysis == NULL)
    {
      self->analysis = dr_analysis_new ();
      g_signal_connect_swapped (self->analysis, "progress", G_CALLBACK (progress_cb), self);
      g_signal_connect (self->analysis_lines, "row-activated", G_CALLBACK (line_activated_cb), self);
    }
  if (dr_analysis_get_running (self->analysis))
    {
      dr_analysis_stop (self->analysis);
      dr_board_state_set_arrow (self->board, -1, -1);
      clear_lines (self);
      gtk_label_set_text (self->analysis_label, _("Engine off"));
      gtk_toggle_button_set_active (self->analysis_button, FALSE);
      return;
    }
  start (self);
  gtk_toggle_button_set_active (self->analysis_button, TRUE);
}

void
_dr_window_class_analysis_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.analysis", NULL, analysis_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, GDK_CONTROL_MASK, "win.analysis", NULL);
}
