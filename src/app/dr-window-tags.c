/* dr-window-tags.c — the game's header: shown above the move list, edited in a window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Above the move list: "White – Black" and the event, site and date.  A
 * click on them (or Ctrl+I) opens Game Details: the seven tags of PDN 3.0
 * (the result as a choice of the variant's results), and every other tag
 * of the game, each removable, with a row to add one.  What is typed in a
 * row is kept when Return is pressed, when the focus leaves the row and
 * when the window is closed (its × or Escape), each changed row as one
 * edit of the model (Ctrl+Z takes it back).  An unknown value ("?" in the
 * PDN) shows as an empty row with "?" as its placeholder, so that what is
 * typed replaces it.  GameType, FEN and SetUp are the program's to write
 * and are not shown.
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

#include <glib/gi18n.h>

static const char *const roster[] = { "Event", "Site", "Date", "Round", "White", "Black" };

static gboolean
managed_tag (const char *name)
{
  return g_ascii_strcasecmp (name, "GameType") == 0 || g_ascii_strcasecmp (name, "FEN") == 0
         || g_ascii_strcasecmp (name, "SetUp") == 0 || g_ascii_strcasecmp (name, "Result") == 0;
}

static gboolean
roster_tag (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    if (g_ascii_strcasecmp (name, roster[i]) == 0)
      return TRUE;
  return FALSE;
}

/* A tag's value for showing: "?" and empty are unknown. */
static const char *
known (const char *value)
{
  return value != NULL && *value != '\0' && g_strcmp0 (value, "?") != 0 ? value : NULL;
}

void
_dr_window_update_header (DrWindow *self)
{
  DrGame *game = dr_game_model_get_game (self->model);
  const char *white = known (dr_game_get_tag (game, "White"));
  const char *black = known (dr_game_get_tag (game, "Black"));
  g_autoptr (GString) event = g_string_new (NULL);
  g_autofree char *players = NULL;
  const char *parts[] = { known (dr_game_get_tag (game, "Event")), known (dr_game_get_tag (game, "Site")),
                          known (dr_game_get_tag (game, "Date")) };

  /* Translators: the players above the move list, White – Black. */
  players = g_strdup_printf (_("%s – %s"), white != NULL ? white : _("White"), black != NULL ? black : _("Black"));
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i] != NULL)
      g_string_append_printf (event, "%s%s", event->len > 0 ? " · " : "", parts[i]);
  gtk_label_set_text (self->players_label, players);
  gtk_label_set_text (self->event_label, event->str);
  gtk_widget_set_visible (GTK_WIDGET (self->event_label), event->len > 0);
}

/* --- Game Details ------------------------------------------------------ */

static void fill_details (DrWindow *self, AdwPreferencesPage *page);

/* What a row shows for @value: nothing for an unknown value. */
static const char *
shown_value (const char *value)
{
  return value != NULL && g_strcmp0 (value, "?") != 0 ? value : "";
}

/* Keeps what @row holds, if it differs from the game's value: an
 * empty row is an unknown value, written "?" (PDN 3.0). */
static void
tag_row_apply (DrWindow    *self,
               AdwEntryRow *row)
{
  const char *name = g_object_get_data (G_OBJECT (row), "tag");
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

  if (name == NULL || _dr_window_closed (self)
      || g_strcmp0 (text, shown_value (dr_game_get_tag (dr_game_model_get_game (self->model), name))) == 0)
    return;
  dr_game_model_set_tag (self->model, name, *text != '\0' ? text : "?");
}

static void
tag_row_apply_cb (AdwEntryRow *row,
                  DrWindow    *self)
{
  tag_row_apply (self, row);
}

static void
tag_row_focus_leave_cb (GtkEventController *controller,
                        DrWindow           *self)
{
  tag_row_apply (self, ADW_ENTRY_ROW (gtk_event_controller_get_widget (controller)));
}

typedef struct
{
  DrWindow  *self;
  GtkWidget *page;
} Refill;

static gboolean
refill_idle_cb (gpointer data)
{
  Refill *r = data;

  if (!_dr_window_closed (r->self))
    fill_details (r->self, ADW_PREFERENCES_PAGE (r->page));
  g_object_unref (r->self);
  g_object_unref (r->page);
  g_free (r);
  return G_SOURCE_REMOVE;
}

/* The rows made again once the button clicked in one of them is done. */
static void
refill (DrWindow  *self,
        GtkWidget *any_child)
{
  GtkWidget *page = gtk_widget_get_ancestor (any_child, ADW_TYPE_PREFERENCES_PAGE);
  Refill *r;

  if (page == NULL)
    return;
  r = g_new0 (Refill, 1);
  r->self = g_object_ref (self);
  r->page = g_object_ref (page);
  g_idle_add (refill_idle_cb, r);
}

static void
tag_remove_cb (GtkButton *button,
               DrWindow  *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), "tag");
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), ADW_TYPE_ENTRY_ROW);

  /* The row, focused, keeps its text no more: it goes. */
  if (row != NULL)
    g_object_set_data (G_OBJECT (row), "tag", NULL);
  dr_game_model_set_tag (self->model, name, NULL);
  refill (self, GTK_WIDGET (button));
}

/* Adds the tag typed in the new tag's rows of @button, if its name is one
 * (a letter, then letters, digits and "_": PDN 3.0); TRUE if it did. */
static gboolean
tag_add (DrWindow  *self,
         GtkWidget *button)
{
  AdwEntryRow *name_row = g_object_get_data (G_OBJECT (button), "name-row");
  AdwEntryRow *value_row = g_object_get_data (G_OBJECT (button), "value-row");
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (name_row))));
  const char *value = gtk_editable_get_text (GTK_EDITABLE (value_row));

  if (name[0] == '\0' || !g_ascii_isalpha (name[0]) || managed_tag (name))
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  dr_game_model_set_tag (self->model, name, *value != '\0' ? value : "?");
  return TRUE;
}

static void
tag_add_cb (GtkButton *button,
            DrWindow  *self)
{
  if (tag_add (self, GTK_WIDGET (button)))
    refill (self, GTK_WIDGET (button));
}

static void
result_selected_cb (AdwComboRow *row,
                    GParamSpec  *pspec,
                    DrWindow    *self)
{
  static const DrResult results[] = { DR_RESULT_UNKNOWN, DR_RESULT_WHITE_WINS, DR_RESULT_BLACK_WINS, DR_RESULT_DRAW };
  guint i = adw_combo_row_get_selected (row);
  const DrRules *rules = dr_game_model_get_rules (self->model);

  if (i < G_N_ELEMENTS (results))
    dr_game_model_set_tag (self->model, "Result", dr_result_to_string (results[i], rules));
}

static GtkWidget *
tag_row (DrWindow   *self,
         const char *name,
         const char *title,
         gboolean    removable)
{
  GtkWidget *row = adw_entry_row_new ();
  const char *value = dr_game_get_tag (dr_game_model_get_game (self->model), name);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (row));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), shown_value (value));
  /* Translators: shown in an empty field of Game Details: the value is
   * unknown, as the PDN writes it. */
  if (GTK_IS_TEXT (text))
    gtk_text_set_placeholder_text (GTK_TEXT (text), C_("tag value", "?"));
  g_object_set_data_full (G_OBJECT (row), "tag", g_strdup (name), g_free);
  g_signal_connect (row, "entry-activated", G_CALLBACK (tag_row_apply_cb), self);
  g_signal_connect (focus, "leave", G_CALLBACK (tag_row_focus_leave_cb), self);
  gtk_widget_add_controller (row, focus);
  if (removable)
    {
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");

      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      /* Translators: a button beside a PDN tag. */
      gtk_widget_set_tooltip_text (remove, _("Remove the tag"));
      g_object_set_data_full (G_OBJECT (remove), "tag", g_strdup (name), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (tag_remove_cb), self);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), remove);
    }
  return row;
}

/* The page's groups, made again from the game's tags. */
static void
fill_details (DrWindow           *self,
              AdwPreferencesPage *page)
{
  static const char *const titles[] = { N_("Event"), N_("Site"), N_("Date (YYYY.MM.DD)"), N_("Round"),
                                        N_("White"), N_("Black") };
  DrGame *game = dr_game_model_get_game (self->model);
  GtkWidget *main = adw_preferences_group_new ();
  GtkWidget *others = adw_preferences_group_new ();
  GtkWidget *result = adw_combo_row_new ();
  GtkWidget *name_row = adw_entry_row_new ();
  GtkWidget *value_row = adw_entry_row_new ();
  GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add"));
  g_autoptr (GtkStringList) results = gtk_string_list_new (NULL);
  GtkWidget *old;
  guint selected = 0;

  /* Remove what was there (after a tag was added or removed). */
  while ((old = g_object_get_data (G_OBJECT (page), "group")) != NULL)
    {
      g_object_set_data (G_OBJECT (page), "group", g_object_get_data (G_OBJECT (old), "next"));
      adw_preferences_page_remove (page, ADW_PREFERENCES_GROUP (old));
    }

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (main), _("Game"));
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (main), tag_row (self, roster[i], _(titles[i]), FALSE));
  gtk_string_list_append (results, _("Unknown (*)"));
  for (DrResult r = DR_RESULT_WHITE_WINS; r <= DR_RESULT_DRAW; r++)
    {
      const char *text = dr_result_to_string (r, game->rules);
      g_autofree char *label = g_strdup_printf ("%s  %s", text,
                                                r == DR_RESULT_WHITE_WINS ? _("White wins")
                                                : r == DR_RESULT_BLACK_WINS ? _("Black wins") : _("Draw"));
      gtk_string_list_append (results, label);
      if (game->result == r)
        selected = (guint) r;
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (result), _("Result"));
  adw_combo_row_set_model (ADW_COMBO_ROW (result), G_LIST_MODEL (results));
  adw_combo_row_set_selected (ADW_COMBO_ROW (result), selected);
  g_signal_connect (result, "notify::selected", G_CALLBACK (result_selected_cb), self);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (main), result);

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (others), _("Other Tags"));
  for (guint i = 0; i < game->tag_names->len; i++)
    {
      const char *name = game->tag_names->pdata[i];
      if (!roster_tag (name) && !managed_tag (name))
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (others), tag_row (self, name, name, TRUE));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name_row), _("New tag’s name"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (value_row), _("New tag’s value"));
  gtk_widget_set_valign (add, GTK_ALIGN_CENTER);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (value_row), add);
  g_object_set_data (G_OBJECT (add), "name-row", name_row);
  g_object_set_data (G_OBJECT (add), "value-row", value_row);
  g_signal_connect (add, "clicked", G_CALLBACK (tag_add_cb), self);
  g_object_set_data (G_OBJECT (page), "add-button", add);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (others), name_row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (others), value_row);

  adw_preferences_page_add (page, ADW_PREFERENCES_GROUP (main));
  adw_preferences_page_add (page, ADW_PREFERENCES_GROUP (others));
  g_object_set_data (G_OBJECT (others), "next", NULL);
  g_object_set_data (G_OBJECT (main), "next", others);
  g_object_set_data (G_OBJECT (page), "group", main);
}

/* Keeps every row's text, and the new tag typed, as the window closes. */
static void
apply_all (DrWindow  *self,
           GtkWidget *widget)
{
  if (ADW_IS_ENTRY_ROW (widget) && g_object_get_data (G_OBJECT (widget), "tag") != NULL)
    tag_row_apply (self, ADW_ENTRY_ROW (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    apply_all (self, child);
}

static gboolean
details_close_request_cb (GtkWindow *window,
                          DrWindow  *self)
{
  GtkWidget *page = g_object_get_data (G_OBJECT (window), "page");
  GtkWidget *add = g_object_get_data (G_OBJECT (page), "add-button");

  if (!_dr_window_closed (self))
    {
      apply_all (self, page);
      if (add != NULL)
        tag_add (self, add);
    }
  return FALSE;
}

static void
edit_tags_cb (GtkWidget *widget, const char *name, GVariant *param)
{
  DrWindow *self = DR_WINDOW (widget);
  GtkWidget *window = adw_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *page = adw_preferences_page_new ();
  int height = gtk_widget_get_height (widget);
  GtkEventController *keys;

  gtk_window_set_title (GTK_WINDOW (window), _("Game Details"));
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  /* Inside the main window, which it covers as a sheet. */
  gtk_window_set_default_size (GTK_WINDOW (window), 480, height > 0 ? CLAMP (height - 80, 360, 640) : 560);
  keys = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (window, keys);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (page, TRUE);
  gtk_box_append (GTK_BOX (box), page);
  adw_window_set_content (ADW_WINDOW (window), box);
  g_object_set_data (G_OBJECT (window), "page", page);
  g_signal_connect (window, "close-request", G_CALLBACK (details_close_request_cb), self);
  fill_details (self, ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (window));
}

void
_dr_window_class_tags_init (DrWindowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.edit-tags", NULL, edit_tags_cb);
}
