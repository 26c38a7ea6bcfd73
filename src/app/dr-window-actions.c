/* dr-window-actions.c — the main window's actions, files, clipboard, dialogs
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Actions are installed on the window class and enabled or disabled in one
 * place, _dr_window_actions_update() (the Text Editor pattern).  Opening
 * and saving files are in dr-window-files.c.
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"

#include <glib/gi18n.h>

/* --- navigation and editing ------------------------------------------ */

static void
back_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_go_back (DR_WINDOW (widget)->model);
}

static void
forward_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_go_forward (DR_WINDOW (widget)->model);
}

static void
start_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_go_start (DR_WINDOW (widget)->model);
}

static void
end_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_go_end (DR_WINDOW (widget)->model);
}

/* Up and Down: the move played instead of the one shown, among the
 * alternatives at this ply (the variations, the main line first). */
static void
previous_variation_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrGameModel *model = DR_WINDOW (widget)->model;
  DrGameNode *current = dr_game_model_get_current (model);
  DrGameNode *previous = NULL;

  if (current->parent == NULL)
    return;
  for (DrGameNode *n = current->parent->children; n != NULL && n != current; n = n->next)
    previous = n;
  if (previous != NULL)
    dr_game_model_go_to (model, previous);
}

static void
next_variation_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrGameModel *model = DR_WINDOW (widget)->model;
  DrGameNode *current = dr_game_model_get_current (model);

  if (current->next != NULL)
    dr_game_model_go_to (model, current->next);
}

/* The keys that step through the game work wherever the focus is, but in
 * a text field, where they move the cursor: caught before the focused
 * widget (a button, the move list) would take them to move the focus. */
static gboolean
step_key_pressed_cb (GtkEventControllerKey *controller,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     DrWindow              *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  const char *action;

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  /* A text field keeps its keys; the move list, a text view the user
   * cannot type in, does not. */
  if (focus != NULL
      && (GTK_IS_EDITABLE (focus) || (GTK_IS_TEXT_VIEW (focus) && gtk_text_view_get_editable (GTK_TEXT_VIEW (focus)))))
    return FALSE;
  /* A menu or popover open in the window moves through its items. */
  if (focus != NULL && gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL)
    return FALSE;
  /* In the game list, Up and Down go from game to game. */
  if (focus != NULL && gtk_widget_get_ancestor (focus, DR_TYPE_GAME_LIST) != NULL
      && (keyval == GDK_KEY_Up || keyval == GDK_KEY_Down || keyval == GDK_KEY_KP_Up || keyval == GDK_KEY_KP_Down))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      action = "win.back";
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      action = "win.forward";
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      action = "win.start";
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      action = "win.end";
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      action = "win.previous-variation";
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      action = "win.next-variation";
      break;
    default:
      return FALSE;
    }
  /* In setup mode the keys do nothing, as the buttons. */
  gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
  return TRUE;
}

static void
undo_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_undo (DR_WINDOW (widget)->model);
}

static void
redo_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_redo (DR_WINDOW (widget)->model);
}

static void
flip_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);

  g_settings_set_boolean (self->settings, "board-flipped",
                          !g_settings_get_boolean (self->settings, "board-flipped"));
}

static void
fullscreen_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  if (gtk_window_is_fullscreen (GTK_WINDOW (widget)))
    gtk_window_unfullscreen (GTK_WINDOW (widget));
  else
    gtk_window_fullscreen (GTK_WINDOW (widget));
}

static void
promote_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_promote_variation (DR_WINDOW (widget)->model);
}

static void
main_line_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_make_main_line (DR_WINDOW (widget)->model);
}

static void
delete_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_delete_from_current (DR_WINDOW (widget)->model);
}

/* --- setup mode ------------------------------------------------------- */

void
_dr_window_setup_validate (DrWindow *self)
{
  const DrRules *rules = dr_board_state_get_rules (self->board);
  const DrPosition *pos = dr_board_state_get_position (self->board);
  g_autoptr (GError) error = NULL;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  gboolean ok = FALSE;

  if (!dr_position_validate (rules, pos, &error))
    gtk_label_set_text (self->setup_message, error->message);
  else
    {
      dr_movegen_legal (rules, pos, legal);
      if (!dr_position_side_has_pieces (pos, DR_SIDE_WHITE) || !dr_position_side_has_pieces (pos, DR_SIDE_BLACK))
        gtk_label_set_text (self->setup_message, _("Each side needs at least one piece."));
      else if (legal->n == 0)
        gtk_label_set_text (self->setup_message,
                            pos->turn == DR_SIDE_WHITE ? _("White is to move but has no move: the game would be over.")
                                                       : _("Black is to move but has no move: the game would be over."));
      else
        {
          gtk_label_set_text (self->setup_message, _("The position can be played."));
          ok = TRUE;
        }
    }
  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (self->setup_message), "setup-error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->setup_message), "setup-error");
  gtk_widget_set_sensitive (self->setup_done_button, ok);
}

static void
show_board_fen (DrWindow *self)
{
  g_autofree char *fen = dr_fen_write (dr_board_state_get_rules (self->board),
                                       dr_board_state_get_position (self->board),
                                       _dr_window_notation (self));

  self->updating_fen = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->fen_entry), fen);
  self->updating_fen = FALSE;
  gtk_drop_down_set_selected (self->side_dropdown, dr_board_state_get_position (self->board)->turn);
}

static void
board_edited_cb (DrWindow     *self,
                 DrBoardState *board)
{
  show_board_fen (self);
  _dr_window_setup_validate (self);
}

static void
fen_changed_cb (DrWindow *self,
                GtkEntry *entry)
{
  const DrRules *rules = dr_board_state_get_rules (self->board);
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  if (self->updating_fen)
    return;
  if (!dr_fen_parse (rules, gtk_editable_get_text (GTK_EDITABLE (entry)), &pos, &error))
    {
      gtk_label_set_text (self->setup_message, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->setup_message), "setup-error");
      gtk_widget_set_sensitive (self->setup_done_button, FALSE);
      return;
    }
  g_signal_handlers_block_by_func (self->board, board_edited_cb, self);
  dr_board_state_set_position (self->board, rules, &pos, NULL);
  g_signal_handlers_unblock_by_func (self->board, board_edited_cb, self);
  gtk_drop_down_set_selected (self->side_dropdown, pos.turn);
  _dr_window_setup_validate (self);
}

static void
side_changed_cb (DrWindow    *self,
                 GParamSpec  *pspec,
                 GtkDropDown *dropdown)
{
  DrSide side = gtk_drop_down_get_selected (dropdown) == 1 ? DR_SIDE_BLACK : DR_SIDE_WHITE;

  if (!dr_board_state_get_setup_mode (self->board) || dr_board_state_get_position (self->board)->turn == side)
    return;
  dr_board_state_set_side_to_move (self->board, side);
}

static void
tool_toggled_cb (DrWindow        *self,
                 GtkToggleButton *button)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  if (button == self->tool_white_man)
    dr_board_state_set_setup_tool (self->board, DR_SETUP_WHITE_MAN);
  else if (button == self->tool_white_king)
    dr_board_state_set_setup_tool (self->board, DR_SETUP_WHITE_KING);
  else if (button == self->tool_black_man)
    dr_board_state_set_setup_tool (self->board, DR_SETUP_BLACK_MAN);
  else if (button == self->tool_black_king)
    dr_board_state_set_setup_tool (self->board, DR_SETUP_BLACK_KING);
  else
    dr_board_state_set_setup_tool (self->board, DR_SETUP_ERASE);
}

static void
beneath_toggled_cb (DrWindow        *self,
                    GtkToggleButton *button)
{
  dr_board_state_set_setup_beneath (self->board, gtk_toggle_button_get_active (button));
}

void
_dr_window_set_setup_mode (DrWindow *self,
                           gboolean  setup)
{
  /* Setting up a position ends Solve mode (its board is the trainer's). */
  if (setup && self->solve_trainer != NULL && dr_solve_trainer_get_active (self->solve_trainer))
    dr_solve_trainer_stop (self->solve_trainer);
  dr_board_state_set_setup_mode (self->board, setup);
  gtk_revealer_set_reveal_child (self->setup_revealer, setup);
  if (setup)
    {
      /* Towers are built in the games that have them. */
      gtk_widget_set_visible (GTK_WIDGET (self->tool_beneath), dr_board_state_get_rules (self->board)->towers);
      show_board_fen (self);
      _dr_window_setup_validate (self);
    }
  else
    {
      DrGameNode *current = dr_game_model_get_current (self->model);
      dr_board_state_set_position (self->board, dr_game_model_get_rules (self->model), &current->position,
                                   current->parent != NULL ? &current->move : NULL);
    }
  _dr_window_actions_update (self);
}

static void
setup_change_state_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);

  _dr_window_set_setup_mode (self, !dr_board_state_get_setup_mode (self->board));
}

static void
setup_clear_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_board_state_clear_board (DR_WINDOW (widget)->board);
}

static void
setup_initial_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  const DrRules *rules = dr_board_state_get_rules (self->board);
  DrPosition pos;

  dr_rules_initial (rules, &pos);
  dr_board_state_set_position (self->board, rules, &pos, NULL);
  board_edited_cb (self, self->board);
}

static void
setup_done_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  const DrRules *rules = dr_board_state_get_rules (self->board);
  DrPosition pos = *dr_board_state_get_position (self->board);
  g_autofree char *fen = dr_fen_write (rules, &pos, rules->notation);
  DrGame *game;

  if (!gtk_widget_get_sensitive (self->setup_done_button))
    return;
  /* Saved with the FEN and SetUp tags.  An edit like any other: Undo
   * brings the game before it back. */
  game = dr_game_new (rules, &pos);
  dr_game_model_add_standard_tags (game);
  dr_game_set_tag (game, "SetUp", "1");
  dr_game_set_tag (game, "FEN", fen);
  _dr_window_set_setup_mode (self, FALSE);
  dr_game_model_replace_game (self->model, game);
}

/* --- new game --------------------------------------------------------- */

typedef struct
{
  DrWindow    *self;
  GtkDropDown *variants;
  GtkDropDown *openings;
  GPtrArray   *ballots;  /* char *: "code|moves" of the chosen variant */
} NewGameDialog;

static const char *
ballot_resource (const DrRules *rules)
{
  switch (rules->variant)
    {
    case DR_VARIANT_ENGLISH:
      return "/io/github/draughtsman/Draughtsman/ballots/english-three-move.txt";
    case DR_VARIANT_RUSSIAN:
      return "/io/github/draughtsman/Draughtsman/ballots/russian-fmjd-64.txt";
    case DR_VARIANT_BRAZILIAN:
      return "/io/github/draughtsman/Draughtsman/ballots/brazilian-fmjd-64.txt";
    default:
      return NULL;
    }
}

static void
fill_openings (NewGameDialog *d)
{
  const DrRules *rules = dr_rules_get ((DrVariant) gtk_drop_down_get_selected (d->variants));
  g_autoptr (GtkStringList) list = gtk_string_list_new (NULL);
  const char *resource = ballot_resource (rules);

  g_ptr_array_set_size (d->ballots, 0);
  gtk_string_list_append (list, _("Standard start"));
  if (resource != NULL)
    {
      g_autoptr (GBytes) bytes = g_resources_lookup_data (resource, 0, NULL);
      g_auto (GStrv) lines = bytes ? g_strsplit (g_bytes_get_data (bytes, NULL), "\n", -1) : NULL;

      for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
        {
          g_auto (GStrv) fields = NULL;
          g_autofree char *label = NULL;

          if (lines[i][0] == '#' || strchr (lines[i], '|') == NULL)
            continue;
          fields = g_strsplit (lines[i], "|", -1);
          if (g_strv_length (fields) < 3 || (rules->variant == DR_VARIANT_ENGLISH && strstr (lines[i], "barred")))
            continue;
          g_strstrip (fields[0]);
          g_strstrip (fields[1]);
          /* Translators: a ballot opening: its code, then its moves. */
          label = g_strdup_printf (_("Ballot %s: %s"), fields[0], fields[1]);
          gtk_string_list_append (list, label);
          g_ptr_array_add (d->ballots, g_strdup (fields[1]));
        }
    }
  gtk_drop_down_set_model (d->openings, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (d->openings, 0);
}

static void
variant_selected_cb (GtkDropDown   *dropdown,
                     GParamSpec    *pspec,
                     NewGameDialog *d)
{
  fill_openings (d);
}

static void
new_game_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      NewGameDialog    *d)
{
  DrWindow *self = d->self;
  const DrRules *rules;
  guint opening;
  DrGame *game;

  if (g_strcmp0 (response, "start") != 0)
    return;
  rules = dr_rules_get ((DrVariant) gtk_drop_down_get_selected (d->variants));
  opening = gtk_drop_down_get_selected (d->openings);
  g_settings_set_string (self->settings, "variant", rules->name);
  game = dr_game_new (rules, NULL);
  dr_game_model_add_standard_tags (game);
  if (opening > 0 && opening <= d->ballots->len)
    {
      /* A ballot is played out from the start, so the record shows it. */
      g_auto (GStrv) moves = g_strsplit (d->ballots->pdata[opening - 1], " ", -1);
      DrGameNode *node = game->root;

      for (guint i = 0; moves[i] != NULL; i++)
        {
          DrMove move;
          if (moves[i][0] == '\0')
            continue;
          if (!dr_move_parse (rules, &node->position, NULL, moves[i], &move, NULL))
            break;
          node = dr_game_add_move (game, node, &move);
        }
    }
  _dr_window_set_document (self, NULL, game);
  dr_game_model_go_end (self->model);
}

static void
new_game_dialog_free (gpointer data)
{
  NewGameDialog *d = data;

  g_ptr_array_unref (d->ballots);
  g_free (d);
}

/* Asked once the game in the window is saved or discarded. */
static void
new_game_decided (DrWindow *self,
                  gboolean  go_on,
                  gpointer  data)
{
  NewGameDialog *d;
  g_autoptr (GtkStringList) variants = gtk_string_list_new (NULL);
  GtkWidget *dialog, *box;

  if (!go_on)
    return;
  d = g_new0 (NewGameDialog, 1);
  for (int v = 0; v < DR_N_VARIANTS; v++)
    gtk_string_list_append (variants, _(dr_rules_get ((DrVariant) v)->title));
  d->self = self;
  d->ballots = g_ptr_array_new_with_free_func (g_free);
  d->variants = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (variants)), NULL));
  d->openings = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_drop_down_set_selected (d->variants, dr_game_model_get_rules (self->model)->variant);
  fill_openings (d);
  g_signal_connect (d->variants, "notify::selected", G_CALLBACK (variant_selected_cb), d);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (d->variants));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (d->openings));
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("New Game"),
                                   _("Choose the rules and how the game starts."));
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "start", _("_Start"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "start", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "start");
  g_signal_connect_data (dialog, "response", G_CALLBACK (new_game_response_cb), d,
                         (GClosureNotify) (void (*) (void)) new_game_dialog_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
new_game_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_window_confirm_discard (DR_WINDOW (widget), new_game_decided, NULL, NULL);
}

/* --- clipboard -------------------------------------------------------- */

static void
copy_fen_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  g_autofree char *fen = dr_fen_write (dr_game_model_get_rules (self->model),
                                       dr_game_model_get_position (self->model), _dr_window_notation (self));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), fen);
  _dr_window_toast (self, _("Position copied"));
}

static void
copy_pdn_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  g_autofree char *pdn = dr_pdn_write_game (dr_game_model_get_game (self->model), _dr_window_notation (self));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), pdn);
  _dr_window_toast (self, _("Game copied"));
}

static void
paste_decided (DrWindow *self,
               gboolean  go_on,
               gpointer  data)
{
  DrGame **game = data;

  if (!go_on)
    return;
  _dr_window_set_document (self, NULL, g_steal_pointer (game));
  /* In no file yet. */
  dr_game_model_set_modified (self->model);
}

static void
pasted_free (gpointer data)
{
  DrGame **game = data;

  g_clear_pointer (game, dr_game_free);
  g_free (game);
}

/* A pasted game is a new game, in no file: it replaces the window's once
 * that one is saved or discarded. */
static void
paste_game (DrWindow *self,
            DrGame   *game)
{
  DrGame **data = g_new (DrGame *, 1);

  *data = game;
  dr_window_confirm_discard (self, paste_decided, data, pasted_free);
}

static void
paste_text_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  DrWindow *self = data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  const DrRules *rules = dr_game_model_get_rules (self->model);
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  if (text == NULL)
    {
      _dr_window_toast (self, _("The clipboard holds no text"));
      g_object_unref (self);
      return;
    }
  if (dr_fen_parse (rules, g_strstrip (text), &pos, NULL))
    {
      g_autofree char *fen = dr_fen_write (rules, &pos, rules->notation);
      DrGame *game = dr_game_new (rules, &pos);

      dr_game_model_add_standard_tags (game);
      dr_game_set_tag (game, "SetUp", "1");
      dr_game_set_tag (game, "FEN", fen);
      paste_game (self, game);
    }
  else
    {
      g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (text, -1, _("clipboard"), NULL, rules, &error);
      DrGame *game = NULL;
      DrPdnRead read = DR_PDN_READ_END;

      if (reader != NULL)
        read = dr_pdn_reader_next_game (reader, &game, &error);
      /* A game read in part is taken, and its error told, if anything of
       * it could be read: text that is no PDN at all replaces nothing. */
      if (read == DR_PDN_READ_PARTIAL && game->tag_names->len == 0
          && game->root->children == NULL && game->root->comment_after == NULL)
        {
          g_clear_pointer (&game, dr_game_free);
          read = DR_PDN_READ_END;
        }
      if (read != DR_PDN_READ_END)
        {
          if (read == DR_PDN_READ_PARTIAL)
            _dr_window_toast (self, error->message);
          paste_game (self, game);
        }
      else
        {
          g_autofree char *message = g_strdup_printf (_("The clipboard holds neither a position nor a game: %s"),
                                                      error ? error->message : _("no game"));
          _dr_window_toast (self, message);
        }
    }
  g_object_unref (self);
}

static void
paste_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_text_cb, g_object_ref (widget));
}

/* --- wiring ----------------------------------------------------------- */

void
_dr_window_actions_update (DrWindow *self)
{
  DrGameNode *current = dr_game_model_get_current (self->model);
  gboolean setup = dr_board_state_get_setup_mode (self->board);
  GtkWidget *w = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (w, "win.back", !setup && current->parent != NULL);
  gtk_widget_action_set_enabled (w, "win.undo", !setup && dr_game_model_can_undo (self->model));
  gtk_widget_action_set_enabled (w, "win.start", !setup && current->parent != NULL);
  gtk_widget_action_set_enabled (w, "win.forward", !setup && current->children != NULL);
  gtk_widget_action_set_enabled (w, "win.redo", !setup && dr_game_model_can_redo (self->model));
  gtk_widget_action_set_enabled (w, "win.end", !setup && current->children != NULL);
  gtk_widget_action_set_enabled (w, "win.previous-variation",
                                 !setup && current->parent != NULL && current->parent->children != current);
  gtk_widget_action_set_enabled (w, "win.next-variation", !setup && current->next != NULL);
  gtk_widget_action_set_enabled (w, "win.promote-variation",
                                 !setup && current->parent != NULL && current->parent->children != current);
  gtk_widget_action_set_enabled (w, "win.make-main-line", !setup && !dr_game_node_is_main_line (current));
  gtk_widget_action_set_enabled (w, "win.delete-from-here", !setup && current->parent != NULL);
  gtk_widget_action_set_enabled (w, "win.setup-clear", setup);
  gtk_widget_action_set_enabled (w, "win.setup-initial", setup);
  gtk_widget_action_set_enabled (w, "win.setup-done", setup);
  gtk_widget_action_set_enabled (w, "win.games", dr_pdn_collection_get_n_entries (self->collection) > 1);
  _dr_window_annotate_update (self);
  gtk_toggle_button_set_active (self->setup_button, setup);
}

void
_dr_window_class_actions_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_cb);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_cb);
  gtk_widget_class_install_action (widget_class, "win.copy-pdn", NULL, copy_pdn_cb);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_cb);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_cb);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_cb);
  gtk_widget_class_install_action (widget_class, "win.forward", NULL, forward_cb);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_cb);
  gtk_widget_class_install_action (widget_class, "win.start", NULL, start_cb);
  gtk_widget_class_install_action (widget_class, "win.end", NULL, end_cb);
  gtk_widget_class_install_action (widget_class, "win.flip", NULL, flip_cb);
  gtk_widget_class_install_action (widget_class, "win.fullscreen", NULL, fullscreen_cb);
  gtk_widget_class_install_action (widget_class, "win.setup", NULL, setup_change_state_cb);
  gtk_widget_class_install_action (widget_class, "win.setup-clear", NULL, setup_clear_cb);
  gtk_widget_class_install_action (widget_class, "win.setup-initial", NULL, setup_initial_cb);
  gtk_widget_class_install_action (widget_class, "win.setup-done", NULL, setup_done_cb);
  gtk_widget_class_install_action (widget_class, "win.promote-variation", NULL, promote_cb);
  gtk_widget_class_install_action (widget_class, "win.make-main-line", NULL, main_line_cb);
  gtk_widget_class_install_action (widget_class, "win.delete-from-here", NULL, delete_cb);

  gtk_widget_class_install_action (widget_class, "win.previous-variation", NULL, previous_variation_cb);
  gtk_widget_class_install_action (widget_class, "win.next-variation", NULL, next_variation_cb);
}

/* Called from dr_window_init once the template is built. */
void
_dr_window_actions_connect (DrWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (step_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect_swapped (self->board, "position-edited", G_CALLBACK (board_edited_cb), self);
  g_signal_connect_swapped (self->fen_entry, "changed", G_CALLBACK (fen_changed_cb), self);
  g_signal_connect_swapped (self->side_dropdown, "notify::selected", G_CALLBACK (side_changed_cb), self);
  g_signal_connect_swapped (self->tool_white_man, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_white_king, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_black_man, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_black_king, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_erase, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_beneath, "toggled", G_CALLBACK (beneath_toggled_cb), self);
}
