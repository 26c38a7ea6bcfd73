/* dr-window.c — the main window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ties the game model to the board and the move list: a move entered on
 * the board is played into the model (a new variation where it differs
 * from the game), the model's current position goes back onto the board,
 * and the status line tells whose move it is or how the game ended.  The
 * window's session is written a moment after every change, so a crash or
 * a kill loses nothing (dr-window-files.c, with opening and saving).
 * Actions and dialogs are in dr-window-actions.c.
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

#include "dr-diagram-dialog.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"

#include <errno.h>
#include <glib/gi18n.h>

G_DEFINE_FINAL_TYPE (DrWindow, dr_window, ADW_TYPE_APPLICATION_WINDOW)

DrNotation
_dr_window_notation (DrWindow *self)
{
  switch (g_settings_get_enum (self->settings, "notation"))
    {
    case 1:
      return DR_NOTATION_NUMERIC;
    case 2:
      return DR_NOTATION_ALGEBRAIC;
    default:
      return dr_game_model_get_rules (self->model)->notation;
    }
}

void
_dr_window_toast (DrWindow   *self,
                  const char *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static char *
status_text (DrWindow *self)
{
  const DrDrawRule *rule = NULL;
  const DrPosition *pos = dr_game_model_get_position (self->model);
  DrStatus status = dr_game_model_get_status (self->model, &rule);
  gboolean white = pos->turn == DR_SIDE_WHITE;

  switch (status)
    {
    case DR_STATUS_WHITE_WINS:
      return g_strdup (white ? _("White wins: White has no move left")
                             : _("White wins: Black has no move left"));
    case DR_STATUS_BLACK_WINS:
      return g_strdup (white ? _("Black wins: White has no move left")
                             : _("Black wins: Black has no move left"));
    case DR_STATUS_DRAW:
      {
        const char *what;
        switch (rule->kind)
          {
          case DR_DRAW_REPETITION:
            what = _("the same position for the third time");
            break;
          case DR_DRAW_NO_PROGRESS:
            what = _("no capture and no crowning for too long");
            break;
          case DR_DRAW_KINGS_ONLY:
            what = _("only kings moved for too long");
            break;
          case DR_DRAW_LONE_KINGS:
            what = _("king against king");
            break;
          case DR_DRAW_ENDGAME:
          default:
            what = _("the endgame was not won in time");
            break;
          }
        /* Translators: "Draw: <reason> (<rule article>)" */
        return g_strdup_printf (_("Draw: %s (%s)"), what, rule->article);
      }
    case DR_STATUS_ONGOING:
    default:
      return g_strdup (white ? _("White to move") : _("Black to move"));
    }
}

static void
update_title (DrWindow *self)
{
  const DrRules *rules = dr_game_model_get_rules (self->model);
  g_autofree char *name = _dr_window_document_name (self);
  g_autofree char *shown = NULL, *subtitle = NULL, *title = NULL;

  /* Translators: the name of a game with changes not saved yet. */
  shown = dr_window_get_modified (self) ? g_strdup_printf (_("*%s"), name) : g_strdup (name);
  /* Translators: the window's subtitle: the file's name — the variant. */
  subtitle = g_strdup_printf (_("%s — %s"), shown, _(rules->title));
  adw_window_title_set_subtitle (self->window_title, subtitle);
  /* What taskbars and Alt+Tab show. */
  /* Translators: the window's title: the file's name — the application. */
  title = g_strdup_printf (_("%s — Draughtsman"), shown);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static gboolean
play_forced_cb (gpointer data)
{
  DrWindow *self = data;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  self->forced_id = 0;
  dr_movegen_legal (dr_game_model_get_rules (self->model), dr_game_model_get_position (self->model), legal);
  if (legal->n == 1)
    dr_game_model_play (self->model, &legal->moves[0]);
  return G_SOURCE_REMOVE;
}

static void apply_settings (DrWindow *self);

void
_dr_window_refresh (DrWindow *self)
{
  g_autofree char *status = status_text (self);

  gtk_label_set_text (self->status_label, status);
  update_title (self);
  _dr_window_update_header (self);
  _dr_window_actions_update (self);
}

/* A forced move at the end of the line plays itself, if so wished. */
static void
schedule_forced (DrWindow *self)
{
  DrGameNode *current = dr_game_model_get_current (self->model);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  g_clear_handle_id (&self->forced_id, g_source_remove);
  dr_movegen_legal (dr_game_model_get_rules (self->model), &current->position, legal);
  if (g_settings_get_boolean (self->settings, "auto-play-forced") && current->children == NULL
      && legal->n == 1 && !dr_board_state_get_setup_mode (self->board))
    self->forced_id = g_timeout_add (350, play_forced_cb, self);
}

static void
model_changed_cb (DrWindow    *self,
                  DrGameModel *model)
{
  DrGameNode *current = dr_game_model_get_current (model);

  /* Another variant may bring another notation. */
  if (dr_game_model_get_rules (model) != self->shown_rules)
    {
      self->shown_rules = dr_game_model_get_rules (model);
      apply_settings (self);
    }
  if (!dr_board_state_get_setup_mode (self->board))
    dr_board_state_set_position (self->board, dr_game_model_get_rules (model), &current->position,
                                 current->parent != NULL ? &current->move : NULL);
  _dr_window_refresh (self);
  _dr_window_egdb_update (self);
  _dr_window_game_list_follow (self);
  _dr_window_gamedb_follow (self);
  _dr_window_analysis_follow (self);
  /* Keep the session safe against a crash, a moment after the last change. */
  _dr_window_session_schedule (self);
  schedule_forced (self);
}

static void
board_move_cb (DrWindow     *self,
               const DrMove *move,
               DrBoardState *board)
{
  if (_dr_window_drill_move (self, move) || _dr_window_compose_move (self, move) || _dr_window_play_refuse (self))
    return;
  dr_game_model_play (self->model, move);
}

static void
board_illegal_cb (DrWindow     *self,
                  const char   *reason,
                  DrBoardState *board)
{
  _dr_window_toast (self, reason);
}

static void
route_chosen_cb (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       data)
{
  DrWindow *self = data;
  const DrMove *moves = g_object_get_data (G_OBJECT (action), "moves");
  guint index = g_variant_get_uint32 (parameter);

  dr_board_state_choose (self->board, &moves[index]);
}

static gboolean
unparent_idle_cb (gpointer data)
{
  gtk_widget_unparent (data);
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

static void
route_menu_closed_cb (GtkPopover *popover)
{
  g_idle_add (unparent_idle_cb, g_object_ref (popover));
}

/* The route under the pointer or the keyboard focus in the route menu:
 * the board marks the pieces it takes. */
static void
route_item_preview (GtkWidget *item,
                    DrWindow  *self)
{
  const DrBitboard *captures = g_object_get_data (G_OBJECT (item), "dr-route-captures");
  GtkWidget *menu = gtk_widget_get_ancestor (item, GTK_TYPE_POPOVER);

  /* Not once the menu has closed: its focus moving out came after
   * ::closed and left the last route marked. */
  if (menu == NULL || !gtk_widget_get_mapped (menu))
    return;
  dr_board_view_set_preview (self->board_view, captures != NULL ? *captures : 0);
}

static void
route_item_pointer_cb (GtkEventControllerMotion *motion,
                       double                    x,
                       double                    y,
                       DrWindow                 *self)
{
  route_item_preview (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion)), self);
}

static void
route_item_focus_cb (GtkEventControllerFocus *focus,
                     DrWindow                *self)
{
  route_item_preview (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)), self);
}

/* Finds the menu's items under @widget (GtkModelButton, which GTK keeps
 * private: known by its type name and its "text", the route's text in
 * @texts) and has each preview the pieces its route in @moves takes. */
static void
route_items_connect (DrWindow     *self,
                     GtkWidget    *widget,
                     GPtrArray    *texts,
                     const DrMove *moves)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      g_autofree char *text = NULL;
      GtkEventController *controller;
      guint index;

      if (!g_str_equal (G_OBJECT_TYPE_NAME (child), "GtkModelButton")
          || g_object_class_find_property (G_OBJECT_GET_CLASS (child), "text") == NULL)
        {
          route_items_connect (self, child, texts, moves);
          continue;
        }
      g_object_get (child, "text", &text, NULL);
      if (text == NULL || !g_ptr_array_find_with_equal_func (texts, text, g_str_equal, &index))
        continue;
      g_object_set_data_full (G_OBJECT (child), "dr-route-captures",
                              g_memdup2 (&moves[index].captures, sizeof (DrBitboard)), g_free);
      controller = gtk_event_controller_motion_new ();
      g_signal_connect (controller, "enter", G_CALLBACK (route_item_pointer_cb), self);
      gtk_widget_add_controller (child, controller);
      controller = gtk_event_controller_focus_new ();
      g_signal_connect (controller, "enter", G_CALLBACK (route_item_focus_cb), self);
      gtk_widget_add_controller (child, controller);
    }
}

static void
route_preview_clear_cb (DrWindow *self)
{
  dr_board_view_set_preview (self->board_view, 0);
}

static void
board_choose_route_cb (DrWindow     *self,
                       GPtrArray    *moves,
                       DrBoardState *board)
{
  /* A small menu of the routes, by the squares they turn on. */
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  GSimpleAction *action = g_simple_action_new ("choose", G_VARIANT_TYPE_UINT32);
  DrMove *copies = g_new (DrMove, moves->len);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  const DrRules *rules = dr_board_state_get_rules (board);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  GtkWidget *popover;
  double x, y;

  if (!g_settings_get_boolean (self->settings, "route-menu"))
    {
      _dr_window_toast (self, _("Several captures end there: click the squares the capture turns on"));
      g_free (copies);
      g_object_unref (action);
      return;
    }
  dr_movegen_legal (rules, dr_board_state_get_position (board), legal);
  for (guint i = 0; i < moves->len; i++)
    {
      g_autofree char *text = NULL;
      g_autofree char *detailed = NULL;

      copies[i] = *(const DrMove *) moves->pdata[i];
      /* Written with its route, as the move list writes ambiguous moves. */
      text = dr_move_to_text (rules, legal, &copies[i], _dr_window_notation (self));
      detailed = g_strdup_printf ("route.choose(uint32 %u)", i);
      g_menu_append (menu, text, detailed);
      g_ptr_array_add (texts, g_strdup (text));
    }
  g_object_set_data_full (G_OBJECT (action), "moves", copies, g_free);
  g_signal_connect (action, "activate", G_CALLBACK (route_chosen_cb), self);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  g_object_unref (action);
  gtk_widget_insert_action_group (GTK_WIDGET (self->board_view), "route", G_ACTION_GROUP (group));

  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_widget_set_parent (popover, GTK_WIDGET (self->board_view));
  if (dr_board_view_square_center (self->board_view, copies[0].to, &x, &y))
    gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  /* The menu activates the item chosen after it has closed: the popover
   * must still be in the board's tree then, where "route.choose" is found
   * (unparenting it on ::closed lost every choice). */
  g_signal_connect (popover, "closed", G_CALLBACK (route_menu_closed_cb), NULL);
  /* Each route, pointed at or focused, marks the pieces it takes. */
  route_items_connect (self, popover, texts, copies);
  g_signal_connect_object (popover, "closed", G_CALLBACK (route_preview_clear_cb), self, G_CONNECT_SWAPPED);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
apply_settings (DrWindow *self)
{
  g_autofree char *pieces = g_settings_get_string (self->settings, "piece-theme");
  DrNotation notation = _dr_window_notation (self);

  dr_board_view_set_piece_theme (self->board_view, pieces);
  dr_board_view_set_board_theme (self->board_view, g_settings_get_enum (self->settings, "board-theme"));
  dr_board_view_set_show_coordinates (self->board_view, g_settings_get_boolean (self->settings, "show-coordinates"));
  dr_board_view_set_numbers_in_squares (self->board_view,
                                        g_settings_get_boolean (self->settings, "numbers-in-squares"));
  dr_board_view_set_notation (self->board_view, notation);
  dr_board_view_set_animate (self->board_view, g_settings_get_boolean (self->settings, "animate"));
  dr_board_state_set_flipped (self->board, g_settings_get_boolean (self->settings, "board-flipped"));
  dr_eval_bar_set_flipped (self->eval_bar, dr_board_state_get_flipped (self->board));
  dr_move_list_view_set_notation (self->move_list, notation);
}

static void
settings_changed_cb (DrWindow   *self,
                     const char *key,
                     GSettings  *settings)
{
  /* Each key to what shows it; the window's size, the variant of the
   * next game and the notation of saved files change nothing here. */
  if (g_str_equal (key, "engine-command") || g_str_equal (key, "engine-options")
      || (g_str_has_prefix (key, "analysis-") && !g_str_equal (key, "analysis-width")))
    _dr_window_analysis_follow (self);
  else if (g_str_equal (key, "auto-play-forced"))
    schedule_forced (self);
  else if (g_str_equal (key, "notation"))
    {
      apply_settings (self);
      _dr_window_egdb_update (self);
    }
  else if (g_str_equal (key, "piece-theme") || g_str_equal (key, "board-theme")
           || g_str_equal (key, "show-coordinates") || g_str_equal (key, "numbers-in-squares")
           || g_str_equal (key, "animate") || g_str_equal (key, "board-flipped"))
    apply_settings (self);
}

void
_dr_window_add_side_pane (DrWindow    *self,
                          GtkWidget   *pane,
                          GtkPackType  edge,
                          const char  *key)
{
  g_autoptr (GtkWidget) content = g_object_ref (adw_bin_get_child (self->board_area));

  adw_bin_set_child (self->board_area, NULL);
  adw_bin_set_child (self->board_area, GTK_WIDGET (dr_side_pane_wrap (pane, content, edge, self->settings, key)));
}

static gboolean
close_request_cb (DrWindow *self)
{
  return _dr_window_close_request (self);
}

static void
dr_window_dispose (GObject *object)
{
  DrWindow *self = DR_WINDOW (object);

  /* Nothing may call back into a window being torn down (writing the
   * window size below changes settings). */
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  if (self->board != NULL)
    g_signal_handlers_disconnect_by_data (self->board, self);
  _dr_window_files_dispose (self);
  _dr_window_annotate_dispose (self);
  _dr_window_gamedb_dispose (self);
  _dr_window_compose_dispose (self);
  _dr_window_play_dispose (self);
  _dr_window_keyentry_dispose (self);
  g_clear_handle_id (&self->forced_id, g_source_remove);
  if (self->settings != NULL)
    {
      int width, height;
      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
    }
  _dr_window_analysis_dispose (self);
  _dr_window_egdb_dispose (self);
  if (self->analysis != NULL)
    g_signal_handlers_disconnect_by_data (self->analysis, self);
  g_clear_object (&self->analysis);
  g_clear_object (&self->model);
  g_clear_object (&self->board);
  g_clear_object (&self->settings);
  g_clear_object (&self->file);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_WINDOW);
  G_OBJECT_CLASS (dr_window_parent_class)->dispose (object);
}

static void
dr_window_class_init (DrWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_window_dispose;

  g_type_ensure (DR_TYPE_BOARD_VIEW);
  g_type_ensure (DR_TYPE_MOVE_LIST_VIEW);
  g_type_ensure (DR_TYPE_GAME_LIST);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DrWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, setup_revealer);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, setup_button);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, tool_white_man);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, tool_white_king);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, tool_black_man);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, tool_black_king);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, tool_erase);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, tool_beneath);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, fen_entry);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, setup_message);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, setup_done_button);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, players_label);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, event_label);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, analysis_button);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, analysis_label);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, analysis_lines);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, recent_menu);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, board_area);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, board_box);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, analysis_column);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, games_button);

  _dr_window_class_actions_init (klass);
  _dr_window_class_files_init (klass);
  _dr_window_class_annotate_init (klass);
  _dr_window_class_tags_init (klass);
  _dr_window_class_analysis_init (klass);
  _dr_window_class_gamedb_init (klass);
  _dr_window_class_egdb_init (klass);
  _dr_window_class_diagram_init (widget_class);
  _dr_window_class_compose_init (klass);
  _dr_window_class_play_init (klass);
}

static void
dr_window_init (DrWindow *self)
{
  g_autofree char *variant = NULL;
  const DrRules *rules;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);
  variant = g_settings_get_string (self->settings, "variant");
  rules = dr_rules_from_name (variant);
  self->model = dr_game_model_new (rules != NULL ? rules : &dr_rules_international);
  self->board = g_object_ref (dr_board_view_get_state (self->board_view));
  dr_move_list_view_set_model (self->move_list, self->model);
  /* The analysis column as wide as the user left it, the board taking the
   * rest; the side panes around them both. */
  g_object_ref (self->analysis_column);
  gtk_box_remove (GTK_BOX (self->board_box), self->analysis_column);
  gtk_box_append (GTK_BOX (self->board_box),
                  dr_side_pane_new (self->analysis_column, GTK_PACK_END, self->settings, "analysis-width"));
  g_object_unref (self->analysis_column);
  self->game_list = DR_GAME_LIST (dr_game_list_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->game_list), FALSE);
  _dr_window_add_side_pane (self, GTK_WIDGET (self->game_list), GTK_PACK_START, "games-width");

  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_signal_connect_swapped (self->model, "changed", G_CALLBACK (model_changed_cb), self);
  g_signal_connect_swapped (self->board, "move", G_CALLBACK (board_move_cb), self);
  g_signal_connect_swapped (self->board, "illegal", G_CALLBACK (board_illegal_cb), self);
  g_signal_connect_swapped (self->board, "choose-route", G_CALLBACK (board_choose_route_cb), self);
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (settings_changed_cb), self);
  g_signal_connect (self, "close-request", G_CALLBACK (close_request_cb), NULL);

  _dr_window_actions_connect (self);
  _dr_window_analysis_connect (self);
  _dr_window_files_connect (self);
  _dr_window_annotate_connect (self);
  _dr_window_gamedb_connect (self);
  _dr_window_egdb_connect (self);
  _dr_window_compose_connect (self);
  _dr_window_play_connect (self);
  _dr_window_keyentry_connect (self);
  apply_settings (self);
  /* A new window's game has the standard tags (PDN 3.0). */
  dr_game_model_new_game (self->model, dr_game_model_get_rules (self->model), NULL);
  model_changed_cb (self, self->model);
  _dr_window_update_recent (self);
}

DrWindow *
dr_window_new (GtkApplication *application)
{
  return g_object_new (DR_TYPE_WINDOW, "application", application, NULL);
}

void
dr_window_set_initial_ply (DrWindow *self,
                           guint     ply,
                           guint     game)
{
  g_return_if_fail (DR_IS_WINDOW (self));
  g_clear_pointer (&self->initial_path, g_array_unref);
  self->initial_path = g_array_new (FALSE, TRUE, sizeof (guint));
  g_array_set_size (self->initial_path, ply);
  self->initial_game = game;
}

DrGameModel *
dr_window_get_model (DrWindow *self)
{
  g_return_val_if_fail (DR_IS_WINDOW (self), NULL);
  return self->model;
}
