/* dr-window-play.c — the window's game against the engine
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * win.play-engine (the menu's Play Against the Engine…, Ctrl+Shift+G)
 * asks for the engine's side (or nobody: two players at the board with
 * the clock), its level (dr-opponent.h) and the time
 * control (dr_time_control_presets(): the controls of 004 3.9.1-3.9.4
 * and a few Fischer ones), remembered in the settings, then plays from
 * the position shown, in DrPlayPane, a page of the side pane that the
 * Composition and Solve modes use.  The engine's analysis is turned off
 * (its lines would be hints); a move made on the board while the engine
 * thinks is refused.
 */

#define G_LOG_DOMAIN "dr-window-play"

#include "config.h"

#include "dr-window-play.h"
#include "dr-window-private.h"

#include "dr-opponent.h"

#include <adwaita.h>
#include <glib/gi18n.h>

static void
show_play (DrWindow *self,
           gboolean  on)
{
  if (on)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->compose_stack), TRUE);
      gtk_stack_set_visible_child_name (self->compose_stack, "play");
      gtk_toggle_button_set_active (self->composition_button, FALSE);
    }
  else if (g_strcmp0 (gtk_stack_get_visible_child_name (self->compose_stack), "play") == 0)
    gtk_widget_set_visible (GTK_WIDGET (self->compose_stack), FALSE);
}

void
_dr_window_play_start (DrWindow            *self,
                       DrSide               engine_side,
                       int                  level,
                       const DrTimeControl *control)
{
  g_autoptr (DrEgdbTables) tables = _dr_window_egdb_tables (self);

  if (dr_board_state_get_setup_mode (self->board))
    _dr_window_set_setup_mode (self, FALSE);
  if (dr_solve_trainer_get_active (self->solve_trainer))
    dr_solve_trainer_stop (self->solve_trainer);
  if (_dr_window_get_composition_mode (self))
    _dr_window_set_composition_mode (self, FALSE);
  /* The engine's lines would tell the user what to play. */
  if (gtk_toggle_button_get_active (self->analysis_button))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.analysis", NULL);
  dr_play_pane_set_egdb (self->play_pane, tables);
  dr_play_pane_set_use_book (self->play_pane, g_settings_get_boolean (self->settings, "play-book"));
  show_play (self, TRUE);
  dr_play_pane_start (self->play_pane, engine_side, level, control);
}

gboolean
_dr_window_play_refuse (DrWindow *self)
{
  return self->play_pane != NULL && dr_play_pane_refuse_move (self->play_pane);
}

void
_dr_window_play_stop (DrWindow *self)
{
  if (self->play_pane != NULL && dr_play_pane_get_active (self->play_pane))
    dr_play_pane_stop (self->play_pane);
}

DrPlayPane *
dr_window_get_play_pane (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), NULL);
  return self->play_pane;
}

/* --- the dialog ---------------------------------------------------------- */

typedef struct
{
  DrWindow    *window;
  GtkDropDown *side;
  GtkDropDown *level;
  GtkDropDown *control;
  GtkCheckButton *book;
} PlayDialog;

static void
play_dialog_free (gpointer  data,
                  GClosure *closure)
{
  PlayDialog *d = data;

  g_object_unref (d->window);
  g_free (d);
}

/* The time controls offered: none, then the presets. */
static const char *
control_at (guint index)
{
  guint n = 0;
  const DrTimeControlPreset *presets = dr_time_control_presets (&n);

  return index == 0 || index > n ? "-" : presets[index - 1].control;
}

/* The tooltip of the time controls: the rule article of the one chosen. */
static void
control_selected_cb (GtkDropDown *drop,
                     GParamSpec  *pspec,
                     gpointer     data)
{
  guint n = 0, i = gtk_drop_down_get_selected (drop);
  const DrTimeControlPreset *presets = dr_time_control_presets (&n);
  g_autofree char *tip = NULL;

  if (i >= 1 && i <= n && presets[i - 1].article != NULL)
    /* Translators: the tooltip of a time control: the article of the
     * rules that sets it ("004 3.9.3"). */
    tip = g_strdup_printf (_("As the rules set it: article %s"), presets[i - 1].article);
  gtk_widget_set_tooltip_text (GTK_WIDGET (drop), tip);
}

/* A level as the Play dialog offers it: its name and how far below full
 * strength it played when measured (draughtsman-cli match, 0.1 s a move),
 * rounded to 50 Elo: the measure is no finer. */
static char *
level_text (int level)
{
  int below = -dr_opponent_level_elo (level);

  if (below <= 0)
    return g_strdup (_(dr_opponent_level (level)->name));
  below = (below + 25) / 50 * 50;
  /* Translators: a level of the engine, and how much weaker than at full
   * strength it plays, in Elo points. */
  return g_strdup_printf (_("%s — about %d Elo below full strength"), _(dr_opponent_level (level)->name),
                          MAX (below, 50));
}

static void
play_response_cb (AdwMessageDialog *dialog,
                  const char       *response,
                  PlayDialog       *d)
{
  DrWindow *self = d->window;
  DrSide side;
  int level;
  const char *control_text;
  g_autoptr (DrTimeControl) control = NULL;

  if (g_strcmp0 (response, "play") != 0)
    return;
  side = gtk_drop_down_get_selected (d->side) == 0 ? DR_SIDE_WHITE : DR_SIDE_BLACK;
  level = (int) gtk_drop_down_get_selected (d->level) + 1;
  /* "Nobody": two players at the board, the clock alone. */
  if (gtk_drop_down_get_selected (d->side) == 2)
    level = 0;
  control_text = control_at (gtk_drop_down_get_selected (d->control));
  if (!dr_time_control_parse (control_text, &control, NULL))
    control = NULL;
  g_settings_set_string (self->settings, "play-engine-side",
                         level == 0 ? "none" : side == DR_SIDE_WHITE ? "white" : "black");
  if (level > 0)
    g_settings_set_string (self->settings, "play-level", dr_opponent_level (level)->id);
  g_settings_set_string (self->settings, "play-time-control", control_text);
  g_settings_set_boolean (self->settings, "play-book", gtk_check_button_get_active (d->book));
  _dr_window_play_start (self, side, level, control);
}

static GtkDropDown *
add_row (GtkGrid    *grid,
         int         row,
         const char *label,
         GStrv       items,
         guint       selected)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);
  GtkWidget *drop = gtk_drop_down_new_from_strings ((const char * const *) items);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), drop);
  gtk_widget_set_hexpand (drop, TRUE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop), selected);
  gtk_grid_attach (grid, title, 0, row, 1, 1);
  gtk_grid_attach (grid, drop, 1, row, 1, 1);
  return GTK_DROP_DOWN (drop);
}

static void
play_engine_action_cb (GtkWidget  *widget,
                       const char *name,
                       GVariant   *param)
{
  DrWindow *self = DR_WINDOW (widget);
  PlayDialog *d = g_new0 (PlayDialog, 1);
  GtkWidget *dialog;
  GtkGrid *grid = GTK_GRID (gtk_grid_new ());
  g_autoptr (GStrvBuilder) sides = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) levels = g_strv_builder_new ();
  g_autoptr (GStrvBuilder) controls = g_strv_builder_new ();
  g_auto (GStrv) side_items = NULL, level_items = NULL, control_items = NULL;
  g_autofree char *side_setting = g_settings_get_string (self->settings, "play-engine-side");
  g_autofree char *level_setting = g_settings_get_string (self->settings, "play-level");
  g_autofree char *control_setting = g_settings_get_string (self->settings, "play-time-control");
  const DrTimeControlPreset *presets;
  guint n_presets = 0, control_selected = 0;
  int level_selected;

  d->window = g_object_ref (self);
  g_strv_builder_add (sides, _("White"));
  g_strv_builder_add (sides, _("Black"));
  g_strv_builder_add (sides, _("Nobody (the clock only)"));
  for (int i = 1; i <= dr_opponent_n_levels (); i++)
    {
      g_autofree char *text = level_text (i);
      g_strv_builder_add (levels, text);
    }
  g_strv_builder_add (controls, _("No clock"));
  presets = dr_time_control_presets (&n_presets);
  for (guint i = 0; i < n_presets; i++)
    {
      /* Named by its use; the article is the tooltip's. */
      g_strv_builder_add (controls, _(presets[i].name));
      if (g_strcmp0 (presets[i].control, control_setting) == 0)
        control_selected = i + 1;
    }
  side_items = g_strv_builder_end (sides);
  level_items = g_strv_builder_end (levels);
  control_items = g_strv_builder_end (controls);
  level_selected = dr_opponent_level_from_id (level_setting);
  if (level_selected <= 0)
    level_selected = dr_opponent_n_levels ();

  gtk_grid_set_row_spacing (grid, 8);
  gtk_grid_set_column_spacing (grid, 12);
  d->side = add_row (grid, 0, _("The engine _plays"), side_items,
                     g_strcmp0 (side_setting, "white") == 0 ? 0 : g_strcmp0 (side_setting, "none") == 0 ? 2 : 1);
  d->level = add_row (grid, 1, _("_Level"), level_items, (guint) level_selected - 1);
  d->control = add_row (grid, 2, _("_Time control"), control_items, control_selected);
  g_signal_connect (d->control, "notify::selected", G_CALLBACK (control_selected_cb), NULL);
  control_selected_cb (d->control, NULL, NULL);
  d->book = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("Opening _book")));
  gtk_check_button_set_active (d->book, g_settings_get_boolean (self->settings, "play-book"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (d->book),
                               _("The engine plays its first moves from the variant’s opening book, "
                                 "choosing among the book’s moves at random by their weights"));
  gtk_grid_attach (grid, GTK_WIDGET (d->book), 1, 3, 1, 1);

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Play Against the Engine"),
                                   _("The game goes on from the position shown; the engine’s moves are added "
                                     "to the game with the clock’s times."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), GTK_WIDGET (grid));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "play", _("_Play"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "play", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "play");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (play_response_cb), d, play_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
play_stopped_cb (DrWindow   *self,
                 DrPlayPane *pane)
{
  show_play (self, FALSE);
}

void
_dr_window_class_play_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (DR_TYPE_PLAY_PANE);
  gtk_widget_class_install_action (widget_class, "win.play-engine", NULL, play_engine_action_cb);
}

void
_dr_window_play_connect (DrWindow *self)
{
  self->play_pane = DR_PLAY_PANE (dr_play_pane_new (self->model));
  gtk_stack_add_named (self->compose_stack, GTK_WIDGET (self->play_pane), "play");
  g_signal_connect_swapped (self->play_pane, "stopped", G_CALLBACK (play_stopped_cb), self);
}

void
_dr_window_play_dispose (DrWindow *self)
{
  if (self->play_pane != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->play_pane, self);
      dr_play_pane_stop (self->play_pane);
    }
}
