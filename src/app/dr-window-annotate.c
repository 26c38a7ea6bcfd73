/* dr-window-annotate.c — comments, glyphs and the move list's menu
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A comment before or after the current move is written in a popover
 * (Ctrl+M, or Comment… in the move list's menu): Ctrl+Return or Save keeps
 * it, an empty text or Remove deletes it, Escape leaves it as it was.
 * Move glyphs (! ? !! ?? !? ?!) come by Ctrl+1 … Ctrl+6 and from the menu,
 * and the same key takes them off again; the position's assessments (=,
 * ∞, +=, =+, ±, ∓, +−, −+: NAGs 10-19) from the menu.  A right click on a
 * move in the move list opens the menu of what can be done to it.  Every
 * one of these is an edit of the model, undone by Ctrl+Z.
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

#include "dr-marks.h"
#include "dr-pdn.h"

#include <glib/gi18n.h>

/* --- glyphs and assessments ------------------------------------------- */

static void
glyph_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  DrNag glyph = (DrNag) g_variant_get_uint32 (param);
  DrGameNode *current = dr_game_model_get_current (self->model);

  if (current->parent == NULL || glyph < DR_NAG_GOOD || glyph > DR_NAG_DUBIOUS)
    return;
  /* The same glyph again takes it off. */
  dr_game_model_set_glyph (self->model, dr_game_node_get_glyph (current) == glyph ? DR_NAG_NONE : glyph);
}

static void
position_nag_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  guint nag = g_variant_get_uint32 (param);

  if (nag != 0 && (nag < 10 || nag > 19))
    return;
  dr_game_model_set_position_nag (self->model,
                                  dr_game_model_get_position_nag (self->model) == nag ? 0 : (guint8) nag);
}

static void
delete_variation_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  dr_game_model_delete_variation (DR_WINDOW (widget)->model);
}

/* The line from the start to the end of the current node's line, as PDN:
 * the game with no other variation. */
static void
copy_line_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  DrGame *game = dr_game_model_get_game (self->model);
  g_autoptr (DrGame) copy = dr_game_new (game->rules, game->setup ? &game->root->position : NULL);
  g_autoptr (GPtrArray) path = g_ptr_array_new ();
  g_autofree char *text = NULL;
  DrGameNode *node = copy->root;
  DrGameNode *n;

  for (guint i = 0; i < game->tag_names->len; i++)
    dr_game_set_tag (copy, game->tag_names->pdata[i], game->tag_values->pdata[i]);
  copy->setup = game->setup;
  dr_game_node_set_comment_after (copy->root, game->root->comment_after);
  /* The game's result is the main line's, not a variation's. */
  copy->result = dr_game_node_is_main_line (dr_game_model_get_current (self->model)) ? game->result
                                                                                      : DR_RESULT_UNKNOWN;
  if (dr_game_get_tag (copy, "Result") != NULL)
    dr_game_set_tag (copy, "Result", dr_result_to_string (copy->result, copy->rules));
  /* The nodes from the start to the current one, then its main
   * continuation. */
  for (n = dr_game_model_get_current (self->model); n->parent != NULL; n = n->parent)
    g_ptr_array_insert (path, 0, n);
  for (n = dr_game_model_get_current (self->model)->children; n != NULL; n = n->children)
    g_ptr_array_add (path, n);
  for (guint i = 0; i < path->len; i++)
    {
      DrGameNode *from = path->pdata[i];

      node = dr_game_add_move (copy, node, &from->move);
      dr_game_node_set_comment_before (node, from->comment_before);
      dr_game_node_set_comment_after (node, from->comment_after);
      for (guint k = 0; from->nags != NULL && k < from->nags->len; k++)
        dr_game_node_add_nag (node, g_array_index (from->nags, guint8, k));
    }
  text = dr_pdn_write_game (copy, _dr_window_notation (self));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  _dr_window_toast (self, _("Line copied"));
}

/* --- the comment editor ------------------------------------------------ */

static gboolean
comment_before_shown (DrWindow *self)
{
  return self->comment_before != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (self->comment_before));
}

static const char *
current_comment (DrWindow *self,
                 gboolean  before)
{
  DrGameNode *current = dr_game_model_get_current (self->model);

  return before ? current->comment_before : current->comment_after;
}

/* The comment after the current move with its text replaced by @text:
 * the arrows and marks drawn on the board (dr-marks.h) stay. */
static char *
with_marks (DrWindow   *self,
            const char *text)
{
  const DrRules *rules = dr_game_model_get_rules (self->model);
  g_autoptr (GArray) marks = dr_marks_from_comment (rules, current_comment (self, FALSE), NULL);

  return dr_marks_to_comment (rules, text != NULL && text[0] != '\0' ? text : NULL, marks, rules->notation);
}

static void
comment_save (DrWindow *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->comment_view);
  g_autofree char *text = NULL;
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = g_strstrip (gtk_text_buffer_get_text (buffer, &start, &end, FALSE));
  if (comment_before_shown (self))
    dr_game_model_set_comment_before (self->model, text);
  else
    {
      g_autofree char *comment = with_marks (self, text);
      dr_game_model_set_comment (self->model, comment);
    }
  gtk_popover_popdown (self->comment_popover);
}

static void
comment_remove (DrWindow *self)
{
  if (comment_before_shown (self))
    dr_game_model_set_comment_before (self->model, NULL);
  else
    {
      g_autofree char *comment = with_marks (self, NULL);
      dr_game_model_set_comment (self->model, comment);
    }
  gtk_popover_popdown (self->comment_popover);
}

/* Before or after the move: the editor shows that comment (after it,
 * without the arrows and marks, which the board shows). */
static void
comment_side_toggled (DrWindow *self)
{
  gboolean before = comment_before_shown (self);
  g_autofree char *text = NULL;

  if (before)
    text = g_strdup (current_comment (self, TRUE));
  else
    g_array_unref (dr_marks_from_comment (dr_game_model_get_rules (self->model), current_comment (self, FALSE),
                                          &text));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->comment_view), text != NULL ? text : "", -1);
}

static gboolean
comment_key_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                DrWindow              *self)
{
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter) && (state & GDK_CONTROL_MASK) != 0)
    {
      comment_save (self);
      return TRUE;
    }
  return FALSE;
}

static void
build_comment_popover (DrWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *sides = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *after = gtk_check_button_new_with_mnemonic (_("_After the move"));
  GtkWidget *before = gtk_check_button_new_with_mnemonic (_("_Before the move"));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *view = gtk_text_view_new ();
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *remove = gtk_button_new_with_mnemonic (_("_Remove"));
  GtkWidget *save = gtk_button_new_with_mnemonic (_("_Save"));
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_check_button_set_group (GTK_CHECK_BUTTON (before), GTK_CHECK_BUTTON (after));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (after), TRUE);
  gtk_box_append (GTK_BOX (sides), after);
  gtk_box_append (GTK_BOX (sides), before);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (GTK_TEXT_VIEW (view), FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), view);
  gtk_scrolled_window_set_min_content_width (GTK_SCROLLED_WINDOW (scrolled), 280);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 90);
  gtk_widget_add_css_class (scrolled, "card");
  gtk_widget_add_css_class (save, "suggested-action");
  gtk_widget_set_hexpand (remove, TRUE);
  gtk_widget_set_halign (remove, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (buttons), remove);
  gtk_box_append (GTK_BOX (buttons), save);
  gtk_box_append (GTK_BOX (box), sides);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_box_append (GTK_BOX (box), buttons);

  self->comment_popover = GTK_POPOVER (gtk_popover_new ());
  gtk_popover_set_child (self->comment_popover, box);
  gtk_widget_set_parent (GTK_WIDGET (self->comment_popover), GTK_WIDGET (self->move_list));
  self->comment_view = GTK_TEXT_VIEW (view);
  self->comment_before = before;
  g_signal_connect_swapped (before, "toggled", G_CALLBACK (comment_side_toggled), self);
  g_signal_connect_swapped (save, "clicked", G_CALLBACK (comment_save), self);
  g_signal_connect_swapped (remove, "clicked", G_CALLBACK (comment_remove), self);
  g_signal_connect_swapped (self->comment_popover, "closed", G_CALLBACK (gtk_widget_grab_focus), self->move_list);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (comment_key_cb), self);
  gtk_widget_add_controller (view, keys);
}

/* Where the current move is written in the move list. */
static gboolean
current_move_rect (DrWindow     *self,
                   GdkRectangle *rect)
{
  GtkTextView *view = GTK_TEXT_VIEW (self->move_list);
  DrGameNode *current = dr_game_model_get_current (self->model);
  int start = -1;

  if (current->parent == NULL || !dr_move_list_view_get_range (self->move_list, current, &start, NULL))
    return FALSE;
  {
    GtkTextIter iter;

    gtk_text_buffer_get_iter_at_offset (gtk_text_view_get_buffer (view), &iter, start);
    gtk_text_view_get_iter_location (view, &iter, rect);
    gtk_text_view_buffer_to_window_coords (view, GTK_TEXT_WINDOW_WIDGET, rect->x, rect->y, &rect->x, &rect->y);
  }
  return TRUE;
}

/* Is there a comment after the current move, other than marks? */
static gboolean
has_text_after (DrWindow *self)
{
  g_autofree char *text = NULL;

  g_array_unref (dr_marks_from_comment (dr_game_model_get_rules (self->model), current_comment (self, FALSE), &text));
  return text != NULL;
}

static void
comment_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  GdkRectangle rect;

  if (dr_game_model_get_current (self->model)->parent == NULL)
    return;
  if (self->comment_popover == NULL)
    build_comment_popover (self);
  /* After the move, unless only a comment before it is there. */
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->comment_before),
                               !has_text_after (self) && current_comment (self, TRUE) != NULL);
  comment_side_toggled (self);
  if (current_move_rect (self, &rect))
    gtk_popover_set_pointing_to (self->comment_popover, &rect);
  gtk_popover_popup (self->comment_popover);
  gtk_widget_grab_focus (GTK_WIDGET (self->comment_view));
}

/* --- the move list's menu ---------------------------------------------- */

/* Made with the window, not on the first right click: a popover menu
 * shows its sections' separators an idle after it is made, and one shown
 * at once was sized without them (its last row hidden until scrolled). */
static void
make_move_menu (DrWindow *self)
{
  GtkBuilder *builder = gtk_builder_new_from_resource ("/io/github/draughtsman/Draughtsman/dr-move-menu.ui");
  GMenuModel *model = G_MENU_MODEL (gtk_builder_get_object (builder, "move_menu"));

  self->move_menu = GTK_POPOVER (gtk_popover_menu_new_from_model (model));
  gtk_popover_set_has_arrow (self->move_menu, FALSE);
  gtk_widget_set_halign (GTK_WIDGET (self->move_menu), GTK_ALIGN_START);
  gtk_widget_set_parent (GTK_WIDGET (self->move_menu), GTK_WIDGET (self->move_list));
  /* The focus goes back to the move list: left inside the closed menu,
   * it would keep every key (Ctrl+Z) from the window. */
  g_signal_connect_swapped (self->move_menu, "closed", G_CALLBACK (gtk_widget_grab_focus), self->move_list);
  g_object_unref (builder);
}

static void
move_list_menu_cb (DrWindow       *self,
                   double          x,
                   double          y,
                   DrMoveListView *view)
{
  gtk_popover_set_pointing_to (self->move_menu, &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (self->move_menu);
}

/* --- arrows and marks on the board --------------------------------------- */

/* The user drew on the board: the mark goes into (or out of) the comment
 * after the current move, the game's opening comment at the start. */
static void
board_mark_cb (DrWindow    *self,
               int          from,
               int          to,
               guint        color,
               DrBoardView *view)
{
  const DrRules *rules = dr_game_model_get_rules (self->model);
  DrMark mark = { (gint8) from, (gint8) to, (guint8) color };
  g_autofree char *comment = NULL;

  if (dr_board_state_get_setup_mode (self->board))
    return;
  comment = dr_marks_toggle_in_comment (rules, current_comment (self, FALSE), &mark, rules->notation);
  dr_game_model_set_comment (self->model, comment);
}

static void
clear_marks_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  const DrRules *rules = dr_game_model_get_rules (self->model);
  g_autofree char *text = NULL;

  g_array_unref (dr_marks_from_comment (rules, current_comment (self, FALSE), &text));
  dr_game_model_set_comment (self->model, text);
}

/* --- wiring ------------------------------------------------------------ */

void
_dr_window_annotate_update (DrWindow *self)
{
  DrGameNode *current = dr_game_model_get_current (self->model);
  gboolean setup = dr_board_state_get_setup_mode (self->board);
  gboolean move = !setup && current->parent != NULL;
  gboolean variation = FALSE;

  for (DrGameNode *n = current; n->parent != NULL && !variation; n = n->parent)
    variation = n->parent->children != n;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.comment", move);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.glyph", move);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.position-nag", move);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.delete-variation", !setup && variation);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-line", !setup);

  /* The marks of the position shown. */
  {
    g_autoptr (GArray) marks = NULL;

    if (!setup)
      marks = dr_marks_from_comment (dr_game_model_get_rules (self->model), current->comment_after, NULL);
    dr_board_view_set_marks (self->board_view, marks);
    gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.clear-marks", marks != NULL && marks->len > 0);
  }
}

void
_dr_window_class_annotate_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.comment", NULL, comment_cb);
  gtk_widget_class_install_action (widget_class, "win.glyph", "u", glyph_cb);
  gtk_widget_class_install_action (widget_class, "win.position-nag", "u", position_nag_cb);
  gtk_widget_class_install_action (widget_class, "win.delete-variation", NULL, delete_variation_cb);
  gtk_widget_class_install_action (widget_class, "win.copy-line", NULL, copy_line_cb);
  gtk_widget_class_install_action (widget_class, "win.clear-marks", NULL, clear_marks_cb);
}

void
_dr_window_annotate_connect (DrWindow *self)
{
  make_move_menu (self);
  g_signal_connect_swapped (self->move_list, "menu", G_CALLBACK (move_list_menu_cb), self);
  g_signal_connect_swapped (self->board_view, "mark", G_CALLBACK (board_mark_cb), self);
}

void
_dr_window_annotate_dispose (DrWindow *self)
{
  if (self->comment_popover != NULL)
    gtk_widget_unparent (GTK_WIDGET (g_steal_pointer (&self->comment_popover)));
  if (self->move_menu != NULL)
    gtk_widget_unparent (GTK_WIDGET (g_steal_pointer (&self->move_menu)));
  self->comment_view = NULL;
  self->comment_before = NULL;
}
