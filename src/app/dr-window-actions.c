/* dr-window-actions.c — the main window's actions, files, clipboard, dialogs
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Actions are installed on the window class and enabled or disabled in one
 * place, _dr_window_actions_update() (the Text Editor pattern).  Files are
 * read on a worker thread (GTask) and written atomically with
 * g_file_replace_contents, which writes a temporary file and renames it.
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
      if (pos->pieces[DR_SIDE_WHITE] == 0 || pos->pieces[DR_SIDE_BLACK] == 0)
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

void
_dr_window_set_setup_mode (DrWindow *self,
                           gboolean  setup)
{
  dr_board_state_set_setup_mode (self->board, setup);
  gtk_revealer_set_reveal_child (self->setup_revealer, setup);
  if (setup)
    {
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
  /* Saved with the FEN and SetUp tags. */
  game = dr_game_new (rules, &pos);
  dr_game_set_tag (game, "SetUp", "1");
  dr_game_set_tag (game, "FEN", fen);
  g_clear_object (&self->file);
  _dr_window_set_setup_mode (self, FALSE);
  dr_game_model_set_game (self->model, game);
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
  g_clear_object (&self->file);
  dr_game_model_set_game (self->model, game);
  dr_game_model_go_end (self->model);
}

static void
new_game_dialog_free (gpointer data)
{
  NewGameDialog *d = data;

  g_ptr_array_unref (d->ballots);
  g_free (d);
}

static void
new_game_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  NewGameDialog *d = g_new0 (NewGameDialog, 1);
  g_autoptr (GtkStringList) variants = gtk_string_list_new (NULL);
  GtkWidget *dialog, *box;

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

/* --- files ------------------------------------------------------------ */

typedef struct
{
  GPtrArray *games;     /* DrGame * */
  GPtrArray *errors;    /* char * */
} LoadResult;

static void
load_result_free (LoadResult *r)
{
  g_ptr_array_unref (r->games);
  g_ptr_array_unref (r->errors);
  g_free (r);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  GFile *file = data;
  g_autofree char *contents = NULL;
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  LoadResult *r;
  gsize len;

  if (!g_file_load_contents (file, cancellable, &contents, &len, NULL, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  reader = dr_pdn_reader_new (contents, (gssize) len, name, NULL, NULL, &error);
  if (reader == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  r = g_new0 (LoadResult, 1);
  r->games = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_game_free);
  r->errors = g_ptr_array_new_with_free_func (g_free);
  for (;;)
    {
      DrGame *game = NULL;
      DrPdnRead read;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      read = dr_pdn_reader_next_game (reader, &game, &error);
      if (read == DR_PDN_READ_END)
        break;
      /* A game read in part is listed too; its error is told. */
      g_ptr_array_add (r->games, game);
      if (read == DR_PDN_READ_PARTIAL)
        {
          g_ptr_array_add (r->errors, g_strdup (error->message));
          g_clear_error (&error);
        }
    }
  g_task_return_pointer (task, r, (GDestroyNotify) load_result_free);
}

static void
take_game (DrWindow *self,
           DrGame   *game,
           GFile    *file)
{
  g_set_object (&self->file, file);
  if (dr_board_state_get_setup_mode (self->board))
    _dr_window_set_setup_mode (self, FALSE);
  dr_game_model_set_game (self->model, game);
  if (self->initial_ply > 0)
    {
      DrGameNode *node = game->root;
      for (int i = 0; i < self->initial_ply && node->children != NULL; i++)
        node = node->children;
      dr_game_model_go_to (self->model, node);
    }
}

static char *
game_label (DrGame *game)
{
  const char *white = dr_game_get_tag (game, "White");
  const char *black = dr_game_get_tag (game, "Black");
  const char *event = dr_game_get_tag (game, "Event");
  const char *result = dr_game_get_tag (game, "Result");

  return g_strdup_printf ("%s – %s   %s   %s", white && *white ? white : "?", black && *black ? black : "?",
                          event ? event : "", result ? result : "");
}

static void
game_row_activated_cb (GtkListBox    *list,
                       GtkListBoxRow *row,
                       GtkWindow     *picker)
{
  DrWindow *self = g_object_get_data (G_OBJECT (picker), "window");
  GPtrArray *games = g_object_get_data (G_OBJECT (picker), "games");
  GFile *file = g_object_get_data (G_OBJECT (picker), "file");
  int index = gtk_list_box_row_get_index (row);

  take_game (self, dr_game_copy (games->pdata[index]), file);
  gtk_window_destroy (picker);
}

/* A multi-game file: a list to pick the game from. */
static void
show_game_list (DrWindow   *self,
                LoadResult *r,
                GFile      *file)
{
  GtkWidget *picker = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  g_autofree char *title = g_strdup_printf (ngettext ("%u game", "%u games", r->games->len), r->games->len);

  gtk_window_set_title (GTK_WINDOW (picker), title);
  gtk_window_set_transient_for (GTK_WINDOW (picker), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (picker), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (picker), 560, 480);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  for (guint i = 0; i < r->games->len; i++)
    {
      g_autofree char *label = game_label (r->games->pdata[i]);
      GtkWidget *l = gtk_label_new (label);

      gtk_label_set_xalign (GTK_LABEL (l), 0);
      gtk_widget_set_margin_start (l, 12);
      gtk_widget_set_margin_end (l, 12);
      gtk_widget_set_margin_top (l, 6);
      gtk_widget_set_margin_bottom (l, 6);
      gtk_list_box_append (GTK_LIST_BOX (list), l);
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (picker), box);
  g_object_set_data (G_OBJECT (picker), "window", self);
  g_object_set_data_full (G_OBJECT (picker), "games", g_ptr_array_ref (r->games), (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data_full (G_OBJECT (picker), "file", g_object_ref (file), g_object_unref);
  g_signal_connect (list, "row-activated", G_CALLBACK (game_row_activated_cb), picker);
  gtk_window_present (GTK_WINDOW (picker));
}

static void
load_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  DrWindow *self = DR_WINDOW (source);
  GFile *file = data;
  g_autoptr (GError) error = NULL;
  LoadResult *r = g_task_propagate_pointer (G_TASK (result), &error);

  if (r == NULL)
    {
      _dr_window_toast (self, error->message);
      g_object_unref (file);
      return;
    }
  {
    g_autofree char *uri = g_file_get_uri (file);
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  }
  if (r->errors->len > 0)
    {
      g_autofree char *message = g_strdup_printf (ngettext ("%u game could be read only in part: %s",
                                                            "%u games could be read only in part; the first: %s",
                                                            r->errors->len),
                                                  r->errors->len, (char *) r->errors->pdata[0]);
      _dr_window_toast (self, message);
    }
  if (r->games->len == 1)
    take_game (self, g_ptr_array_steal_index (r->games, 0), file);
  else if (r->games->len > 1 && self->initial_game > 0 && self->initial_game <= r->games->len)
    take_game (self, g_ptr_array_steal_index (r->games, self->initial_game - 1), file);
  else if (r->games->len > 1)
    show_game_list (self, r, file);
  else if (r->errors->len == 0)
    _dr_window_toast (self, _("The file holds no game"));
  load_result_free (r);
  g_object_unref (file);
}

void
dr_window_open_file (DrWindow *self,
                     GFile    *file)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (DR_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, NULL, load_done_cb, g_object_ref (file));
  g_task_set_source_tag (task, dr_window_open_file);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, load_thread);
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  DrWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      dr_window_open_file (self, file);
    }
  g_object_unref (dialog);
}

static GtkFileFilter *
pdn_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("PDN games"));
  gtk_file_filter_add_mime_type (filter, "application/x-pdn");
  gtk_file_filter_add_suffix (filter, "pdn");
  return filter;
}

static void
open_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (widget),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                                              _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = pdn_filter ();

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (open_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_recent_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  dr_window_open_file (DR_WINDOW (widget), file);
}

static void
save_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  DrWindow *self = data;
  g_autoptr (GError) error = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error))
    {
      g_autofree char *message = g_strdup_printf (_("The game could not be saved: %s"), error->message);
      _dr_window_toast (self, message);
    }
  else
    {
      g_set_object (&self->file, G_FILE (source));
      dr_game_model_set_saved (self->model);
      g_autofree char *uri = g_file_get_uri (G_FILE (source));

      gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
      _dr_window_toast (self, _("Saved"));
      g_signal_emit_by_name (self->model, "changed");
    }
  g_object_unref (self);
}

void
dr_window_save_to_file (DrWindow *self,
                        GFile    *file)
{
  char *text;
  g_autoptr (GBytes) bytes = NULL;

  g_return_if_fail (DR_IS_WINDOW (self));
  text = dr_pdn_write_game (dr_game_model_get_game (self->model), _dr_window_notation (self));
  bytes = g_bytes_new_take (text, strlen (text));
  /* Written to a temporary file and renamed over the old one: atomic. */
  g_file_replace_contents_bytes_async (file, bytes, NULL, TRUE, G_FILE_CREATE_REPLACE_DESTINATION,
                                       NULL, save_done_cb, g_object_ref (self));
}

static void
save_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  DrWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      dr_window_save_to_file (self, file);
    }
  g_object_unref (dialog);
}

static void
save_as_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Save the Game"), GTK_WINDOW (widget),
                                                              GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
                                                              _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = pdn_filter ();

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (dialog), self->file, NULL);
  else
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), _("game.pdn"));
  g_signal_connect (dialog, "response", G_CALLBACK (save_response_cb), widget);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
save_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);

  if (self->file != NULL)
    dr_window_save_to_file (self, self->file);
  else
    save_as_cb (widget, name, param);
}

void
_dr_window_update_recent (DrWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL && n < 8; l = l->next)
    {
      const char *uri = gtk_recent_info_get_uri (l->data);
      g_autofree char *detailed = NULL;

      if (!g_str_has_suffix (uri, ".pdn") && !g_str_has_suffix (uri, ".PDN"))
        continue;
      detailed = g_strdup_printf ("win.open-recent(%s)", g_variant_print (g_variant_new_string (uri), FALSE));
      g_menu_append (self->recent_menu, gtk_recent_info_get_display_name (l->data), detailed);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
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

      dr_game_set_tag (game, "SetUp", "1");
      dr_game_set_tag (game, "FEN", fen);
      take_game (self, game, NULL);
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
          take_game (self, game, NULL);
          if (read == DR_PDN_READ_PARTIAL)
            _dr_window_toast (self, error->message);
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

/* --- drag and drop ---------------------------------------------------- */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         DrWindow      *self)
{
  if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    {
      dr_window_open_file (self, g_value_get_object (value));
      return TRUE;
    }
  return FALSE;
}

/* --- wiring ----------------------------------------------------------- */

void
_dr_window_actions_update (DrWindow *self)
{
  DrGameNode *current = dr_game_model_get_current (self->model);
  gboolean setup = dr_board_state_get_setup_mode (self->board);
  GtkWidget *w = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (w, "win.back", !setup && current->parent != NULL);
  gtk_widget_action_set_enabled (w, "win.undo", !setup && current->parent != NULL);
  gtk_widget_action_set_enabled (w, "win.start", !setup && current->parent != NULL);
  gtk_widget_action_set_enabled (w, "win.forward", !setup && current->children != NULL);
  gtk_widget_action_set_enabled (w, "win.redo", !setup && current->children != NULL);
  gtk_widget_action_set_enabled (w, "win.end", !setup && current->children != NULL);
  gtk_widget_action_set_enabled (w, "win.promote-variation",
                                 !setup && current->parent != NULL && current->parent->children != current);
  gtk_widget_action_set_enabled (w, "win.make-main-line", !setup && !dr_game_node_is_main_line (current));
  gtk_widget_action_set_enabled (w, "win.delete-from-here", !setup && current->parent != NULL);
  gtk_widget_action_set_enabled (w, "win.setup-clear", setup);
  gtk_widget_action_set_enabled (w, "win.setup-initial", setup);
  gtk_widget_action_set_enabled (w, "win.setup-done", setup);
  gtk_toggle_button_set_active (self->setup_button, setup);
}

void
_dr_window_class_actions_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_cb);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_cb);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_cb);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_cb);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_cb);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, copy_fen_cb);
  gtk_widget_class_install_action (widget_class, "win.copy-pdn", NULL, copy_pdn_cb);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, paste_cb);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_cb);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, back_cb);
  gtk_widget_class_install_action (widget_class, "win.forward", NULL, forward_cb);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, forward_cb);
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

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "win.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "win.forward", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "win.start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "win.end", NULL);
}

/* Called from dr_window_init once the template is built. */
void
_dr_window_actions_connect (DrWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_swapped (self->board, "position-edited", G_CALLBACK (board_edited_cb), self);
  g_signal_connect_swapped (self->fen_entry, "changed", G_CALLBACK (fen_changed_cb), self);
  g_signal_connect_swapped (self->side_dropdown, "notify::selected", G_CALLBACK (side_changed_cb), self);
  g_signal_connect_swapped (self->tool_white_man, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_white_king, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_black_man, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_black_king, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_swapped (self->tool_erase, "toggled", G_CALLBACK (tool_toggled_cb), self);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (_dr_window_update_recent), self, G_CONNECT_SWAPPED);
}
