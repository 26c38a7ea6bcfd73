/* dr-window-keyentry.c — typing a move on the keyboard
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A digit or a letter typed while the board has the focus (or Ctrl+K)
 * opens a small entry over the board.  The text is read as the engine
 * reads a move in a PDN file (dr_move_parse(): "32-28", "28x19", "c3-d4",
 * "cd4", "b4:d6"); Return plays it as a click on the board would (the
 * board's "move" signal: the same undo step, variation and refusals).
 * Below the entry, the legal moves whose text starts with what is typed,
 * ambiguous captures written with their full route; clicking one (or
 * Down then Return) plays it.  A text that is not a legal move shows the
 * engine's reason and stays for correction; Escape closes the entry.
 */

#include "config.h"

#include "dr-window-private.h"

#include "dr-movegen.h"
#include "dr-notation.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct
{
  DrWindow   *window;
  GtkWidget  *popover;
  GtkWidget  *entry;
  GtkWidget  *message;
  GtkWidget  *list;
  GArray     *shown;   /* DrMove: the completions listed, in order */
} KeyEntry;

static void
key_entry_free (gpointer data)
{
  KeyEntry *ke = data;

  g_array_unref (ke->shown);
  g_free (ke);
}

static KeyEntry *
key_entry_get (DrWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "dr-key-entry");
}

/* The text of @move as the board's notation writes it; @legal tells
 * which moves need their route spelt out. */
static char *
move_text (DrWindow         *self,
           const DrMoveList *legal,
           const DrMove     *move)
{
  return dr_move_to_text (dr_board_state_get_rules (self->board), legal, move, _dr_window_notation (self));
}

/* The same move by the same route (the bytes of path past n_jumps, and
 * the padding, are not compared: the generator leaves them as they are). */
static gboolean
same_move (const DrMove *a,
           const DrMove *b)
{
  return a->from == b->from && a->to == b->to && a->captures == b->captures && a->n_jumps == b->n_jumps
         && memcmp (a->path, b->path, a->n_jumps) == 0;
}

static void
update_completions (KeyEntry *ke)
{
  DrWindow *self = ke->window;
  const DrRules *rules = dr_board_state_get_rules (self->board);
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (ke->entry));
  g_autofree char *folded = g_utf8_strdown (typed, -1);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GArray) matched = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (ke->list)) != NULL)
    gtk_list_box_remove (GTK_LIST_BOX (ke->list), child);
  g_array_set_size (ke->shown, 0);
  gtk_widget_set_visible (ke->message, FALSE);
  if (*typed == '\0')
    {
      gtk_widget_set_visible (ke->list, FALSE);
      return;
    }
  dr_movegen_legal (rules, dr_board_state_get_position (self->board), legal);
  /* The moves a complete text could mean (the routes of an ambiguous
   * capture, the short forms "cd4"), then those whose text starts with
   * what is typed. */
  matched = dr_move_match (rules, dr_board_state_get_position (self->board), folded);
  for (unsigned i = 0; i < legal->n; i++)
    {
      g_autofree char *text = move_text (self, legal, &legal->moves[i]);
      g_autofree char *lower = g_utf8_strdown (text, -1);
      gboolean fits = g_str_has_prefix (lower, folded);

      for (guint j = 0; !fits && j < matched->len; j++)
        fits = same_move (&g_array_index (matched, DrMove, j), &legal->moves[i]);
      if (!fits)
        continue;
      g_array_append_val (ke->shown, legal->moves[i]);
      child = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (child), 0);
      gtk_widget_add_css_class (child, "numeric");
      gtk_list_box_append (GTK_LIST_BOX (ke->list), child);
    }
  gtk_widget_set_visible (ke->list, ke->shown->len > 0);
}

static void
play (KeyEntry     *ke,
      const DrMove *move)
{
  DrMove copy = *move;

  gtk_popover_popdown (GTK_POPOVER (ke->popover));
  gtk_editable_set_text (GTK_EDITABLE (ke->entry), "");
  /* As a click would: the window's "move" handler plays it. */
  dr_board_state_choose (ke->window->board, &copy);
}

static void
refuse (KeyEntry   *ke,
        const char *message)
{
  gtk_label_set_text (GTK_LABEL (ke->message), message);
  gtk_widget_set_visible (ke->message, TRUE);
  gtk_widget_grab_focus (ke->entry);
}

static void
entry_activate_cb (GtkEntry *entry,
                   KeyEntry *ke)
{
  DrWindow *self = ke->window;
  const DrRules *rules = dr_board_state_get_rules (self->board);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GError) error = NULL;
  /* Squares are read in any case: "CD4", "C3-D4". */
  g_autofree char *folded = g_utf8_strdown (gtk_editable_get_text (GTK_EDITABLE (entry)), -1);
  DrMove move;

  dr_movegen_legal (rules, dr_board_state_get_position (self->board), legal);
  if (!dr_move_parse (rules, dr_board_state_get_position (self->board), legal,
                      folded, &move, &error))
    {
      refuse (ke, error->message);
      return;
    }
  play (ke, &move);
}

static void
row_activated_cb (GtkListBox    *list,
                  GtkListBoxRow *row,
                  KeyEntry      *ke)
{
  int index = gtk_list_box_row_get_index (row);

  if (index >= 0 && (guint) index < ke->shown->len)
    play (ke, &g_array_index (ke->shown, DrMove, index));
}

/* Down in the entry goes to the completions. */
static gboolean
entry_key_cb (GtkEventControllerKey *controller,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              KeyEntry              *ke)
{
  GtkListBoxRow *first;

  if (keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down)
    return FALSE;
  first = gtk_list_box_get_row_at_index (GTK_LIST_BOX (ke->list), 0);
  if (first == NULL)
    return FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (first));
  return TRUE;
}

static gboolean
can_enter (DrWindow *self)
{
  return !dr_board_state_get_setup_mode (self->board);
}

/* Opens the entry holding @text. */
static void
open_entry (DrWindow   *self,
            const char *text)
{
  KeyEntry *ke = key_entry_get (self);

  if (!can_enter (self))
    return;
  gtk_editable_set_text (GTK_EDITABLE (ke->entry), text);
  update_completions (ke);
  gtk_popover_popup (GTK_POPOVER (ke->popover));
  gtk_widget_grab_focus (ke->entry);
  gtk_editable_set_position (GTK_EDITABLE (ke->entry), -1);
}

static gboolean
board_key_cb (GtkEventControllerKey *controller,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              DrWindow              *self)
{
  gunichar c = gdk_keyval_to_unicode (keyval);
  char text[8] = { 0 };

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  if (c == 0 || !g_unichar_isalnum (c))
    return FALSE;
  g_unichar_to_utf8 (c, text);
  open_entry (self, text);
  return TRUE;
}

static void
enter_move_cb (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       data)
{
  open_entry (data, "");
}

/* A click on the board gives it the keyboard focus, so that what is
 * typed next opens the entry (the click itself goes on to the board). */
static void
board_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  DrWindow        *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
popover_closed_cb (GtkPopover *popover,
                   KeyEntry   *ke)
{
  gtk_widget_grab_focus (GTK_WIDGET (ke->window->board_view));
}

/* Called from dr_window_init once the template is built. */
void
_dr_window_keyentry_connect (DrWindow *self)
{
  static const GActionEntry entries[] = { { "enter-move", enter_move_cb, NULL, NULL, NULL, { 0 } } };
  KeyEntry *ke = g_new0 (KeyEntry, 1);
  GtkEventController *keys;
  GtkGesture *click;
  GtkWidget *box;
  GtkWidget *scrolled;

  ke->window = self;
  ke->shown = g_array_new (FALSE, FALSE, sizeof (DrMove));
  g_object_set_data_full (G_OBJECT (self), "dr-key-entry", ke, key_entry_free);

  ke->popover = gtk_popover_new ();
  gtk_widget_add_css_class (ke->popover, "dr-move-entry");
  gtk_popover_set_position (GTK_POPOVER (ke->popover), GTK_POS_BOTTOM);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  ke->entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (ke->entry), _("Move, as 32-28 or c3-d4"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (ke->entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Move"), -1);
  gtk_entry_set_activates_default (GTK_ENTRY (ke->entry), FALSE);
  gtk_box_append (GTK_BOX (box), ke->entry);
  ke->message = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (ke->message), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (ke->message), 30);
  gtk_label_set_xalign (GTK_LABEL (ke->message), 0);
  gtk_widget_add_css_class (ke->message, "error");
  gtk_widget_set_visible (ke->message, FALSE);
  gtk_box_append (GTK_BOX (box), ke->message);
  ke->list = gtk_list_box_new ();
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (ke->list), TRUE);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 240);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), ke->list);
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_popover_set_child (GTK_POPOVER (ke->popover), box);
  gtk_widget_set_parent (ke->popover, GTK_WIDGET (self->board_view));

  g_signal_connect_swapped (ke->entry, "changed", G_CALLBACK (update_completions), ke);
  g_signal_connect (ke->entry, "activate", G_CALLBACK (entry_activate_cb), ke);
  g_signal_connect (ke->list, "row-activated", G_CALLBACK (row_activated_cb), ke);
  g_signal_connect (ke->popover, "closed", G_CALLBACK (popover_closed_cb), ke);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (entry_key_cb), ke);
  gtk_widget_add_controller (ke->entry, keys);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (board_key_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board_view), keys);
  gtk_widget_set_focusable (GTK_WIDGET (self->board_view), TRUE);
  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (board_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board_view), GTK_EVENT_CONTROLLER (click));
  g_action_map_add_action_entries (G_ACTION_MAP (self), entries, G_N_ELEMENTS (entries), self);
}

/* Called from dr_window_dispose: the popover hangs on the board view. */
void
_dr_window_keyentry_dispose (DrWindow *self)
{
  KeyEntry *ke = key_entry_get (self);

  if (ke == NULL || ke->popover == NULL)
    return;
  g_signal_handlers_disconnect_by_data (ke->popover, ke);
  gtk_widget_unparent (ke->popover);
  ke->popover = NULL;
}
