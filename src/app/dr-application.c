/* dr-application.c — the application
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Application actions (quit, about, help, preferences), keyboard accelerators,
 * and opening files given on the command line or by the desktop.
 */

#define G_LOG_DOMAIN "dr-application"

#include "config.h"

#include "dr-application.h"

#include "dr-egdb-page.h"
#include "dr-window-private.h"

#include <glib/gi18n.h>

#include <stdio.h>
#include <glib/gstdio.h>
#include <locale.h>

struct _DrApplication
{
  AdwApplication parent_instance;
  char          *screenshot;   /* --screenshot: render the window here and quit */
  int            ply;          /* --ply: show this ply of the main line */
  int            game;         /* --game: open this game of a file (1-based) */
  gboolean       restored;     /* the sessions were looked for */
};

G_DEFINE_FINAL_TYPE (DrApplication, dr_application, ADW_TYPE_APPLICATION)

void
dr_application_init_i18n (void)
{
  const char *localedir = g_getenv ("DRAUGHTSMAN_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL && *localedir != '\0' ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

gboolean
dr_application_get_screenshot_mode (DrApplication *self)
{
  g_return_val_if_fail (DR_IS_APPLICATION (self), FALSE);
  return self->screenshot != NULL;
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

guint
dr_application_restore_sessions (DrApplication *self)
{
  g_autofree char *dir = _dr_window_session_dir ();
  g_autoptr (GDir) d = NULL;
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  guint n = 0;

  g_return_val_if_fail (DR_IS_APPLICATION (self), 0);

  if (self->restored || self->screenshot != NULL)
    return 0;
  self->restored = TRUE;
  d = g_dir_open (dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_prefix (name, "window-") && g_str_has_suffix (name, ".ini"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (paths, compare_paths);
  for (guint i = 0; i < paths->len; i++)
    {
      DrWindow *window = dr_window_new (GTK_APPLICATION (self));
      g_autoptr (GError) error = NULL;

      if (!dr_window_restore_session (window, paths->pdata[i], &error))
        {
          /* Kept, not deleted: it may be of a later version. */
          g_warning ("%s", error->message);
          gtk_window_destroy (GTK_WINDOW (window));
          continue;
        }
      gtk_window_present (GTK_WINDOW (window));
      n++;
    }

  /* Before the sessions, the running game was kept in one file shared by
   * every window: it comes back as an unsaved game, and that file goes
   * once the window's own session holds it. */
  {
    g_autofree char *legacy = g_build_filename (g_get_user_state_dir (), "draughtsman", "current-game.pdn", NULL);
    g_autofree char *text = NULL;

    if (g_file_get_contents (legacy, &text, NULL, NULL))
      {
        DrWindow *window = dr_window_new (GTK_APPLICATION (self));
        g_autoptr (GError) error = NULL;

        if (dr_window_restore_game_text (window, text, legacy, &error))
          {
            gtk_window_present (GTK_WINDOW (window));
            g_remove (legacy);
            n++;
          }
        else
          {
            g_warning ("%s", error->message);
            gtk_window_destroy (GTK_WINDOW (window));
          }
      }
  }
  return n;
}

/* The active window, after the sessions of the last run are restored; a
 * new one if there is none. */
static DrWindow *
get_window (GApplication *app)
{
  GtkWindow *window;

  dr_application_restore_sessions (DR_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (dr_window_new (GTK_APPLICATION (app)));
  return DR_WINDOW (window);
}

/* A window for a file to open: the active one if it holds nothing of the
 * user's (no file, no move, not modified, none being read), else a new
 * one.  A window of the last session may still be reading its file: taken
 * for the new one, it would show the session's game, then this one. */
static DrWindow *
get_window_for_file (GApplication *app)
{
  DrWindow *window = get_window (app);
  DrGame *game = dr_game_model_get_game (dr_window_get_model (window));

  if (dr_window_get_modified (window) || dr_window_get_loading (window) || game->root->children != NULL
      || game->setup)
    window = dr_window_new (GTK_APPLICATION (app));
  return window;
}

/* Renders the window into a PNG file: for the screenshots of the
 * metainfo, made under Xvfb by data/screenshots/make-screenshots.sh. */
static gboolean
take_screenshot_cb (gpointer data)
{
  DrApplication *self = data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height));
  if (!gdk_texture_save_to_png (texture, self->screenshot))
    g_printerr ("Cannot write %s\n", self->screenshot);
  g_application_quit (G_APPLICATION (self));
  return G_SOURCE_REMOVE;
}

static void
after_present (DrApplication *self,
               DrWindow      *window)
{
  if (self->ply >= 0 || self->game > 0)
    dr_window_set_initial_ply (window, (guint) MAX (self->ply, 0), (guint) MAX (self->game, 0));
  if (self->screenshot != NULL)
    g_timeout_add (2500, take_screenshot_cb, self);
}

static void
dr_application_activate (GApplication *app)
{
  DrWindow *window = get_window (app);

  gtk_window_present (GTK_WINDOW (window));
  after_present (DR_APPLICATION (app), window);
}

static int
dr_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  DrApplication *self = DR_APPLICATION (app);

  g_variant_dict_lookup (options, "screenshot", "^ay", &self->screenshot);
  if (!g_variant_dict_lookup (options, "ply", "i", &self->ply))
    self->ply = -1;
  if (!g_variant_dict_lookup (options, "game", "i", &self->game))
    self->game = 0;
  if (self->screenshot != NULL)
    {
      g_autoptr (GSettings) settings = g_settings_new (APP_ID);

      const char *size = NULL;

      /* A picture of the position, not of a piece sliding. */
      g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
      g_settings_set_boolean (settings, "animate", FALSE);
      /* --size WIDTHxHEIGHT: the window's size in the picture. */
      if (g_variant_dict_lookup (options, "size", "&s", &size))
        {
          unsigned width = 0, height = 0;

          if (sscanf (size, "%ux%u", &width, &height) != 2 || width < 360 || height < 360 || width > 4096
              || height > 4096)
            {
              g_printerr ("--size %s: give the width and height, e.g. 1280x800\n", size);
              return 1;
            }
          g_settings_set_int (settings, "window-width", (int) width);
          g_settings_set_int (settings, "window-height", (int) height);
        }
    }
  return -1;
}

static void
dr_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      DrWindow *window = get_window_for_file (app);

      after_present (DR_APPLICATION (app), window);
      dr_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* Quit: each window with unsaved changes asks in turn; Cancel on any
 * keeps every window as it was.  Then all close, keeping their sessions
 * so that the next start shows the same games. */
typedef struct
{
  GApplication *app;
  GList        *windows;   /* DrWindow *, a reference each, still to ask */
  GList        *asked;     /* DrWindow *, a reference each, decided */
} Quitting;

static void
quitting_free (Quitting *q)
{
  g_list_free_full (q->windows, g_object_unref);
  g_list_free_full (q->asked, g_object_unref);
  g_object_unref (q->app);
  g_free (q);
}

static void quit_next (Quitting *q);

static void
quit_decided (DrWindow *window,
              gboolean  go_on,
              gpointer  data)
{
  Quitting *q = data;

  if (!go_on)
    {
      quitting_free (q);
      return;
    }
  quit_next (q);
}

static void
quit_next (Quitting *q)
{
  while (q->windows != NULL)
    {
      DrWindow *window = q->windows->data;

      q->windows = g_list_delete_link (q->windows, q->windows);
      q->asked = g_list_prepend (q->asked, window);
      if (gtk_window_get_application (GTK_WINDOW (window)) != NULL && dr_window_get_modified (window))
        {
          gtk_window_present (GTK_WINDOW (window));
          dr_window_confirm_discard (window, quit_decided, q, NULL);
          return;
        }
    }
  for (GList *l = q->asked; l != NULL; l = l->next)
    dr_window_close_confirmed (l->data, TRUE);
  g_application_quit (q->app);
  quitting_free (q);
}

static void
quit_cb (GSimpleAction *action, GVariant *param, gpointer app)
{
  Quitting *q = g_new0 (Quitting, 1);

  q->app = g_object_ref (app);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (DR_IS_WINDOW (l->data))
      q->windows = g_list_append (q->windows, g_object_ref (l->data));
  if (q->windows != NULL)
    {
      DrWindow *first = q->windows->data;

      /* A table build runs: stopped first, or the quit is cancelled. */
      gtk_window_present (GTK_WINDOW (first));
      if (_dr_window_egdb_confirm_stop (first, quit_decided, q))
        return;
    }
  quit_next (q);
}

/* The user guide (help/C/index.page, installed by help/meson.build). */
#define DR_HELP_URI "help:" GETTEXT_PACKAGE

static void
help_shown_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr (GtkWindow) parent = data;   /* the window asked from, or NULL */
  g_autoptr (GError) error = NULL;

  if (gtk_show_uri_full_finish (parent, result, &error))
    return;
  g_warning ("%s cannot be opened: %s", DR_HELP_URI, error->message);
  if (parent != NULL && DR_IS_WINDOW (parent))
    {
      g_autofree char *message = g_strdup_printf (_("The user guide cannot be opened: %s"), error->message);

      _dr_window_toast (DR_WINDOW (parent), message);
    }
}

/* F1 and the main menu's Help: the guide, in the help browser (Yelp).
 * For the tests only: when DRAUGHTSMAN_TEST_HELP_URI_FILE is set, the URI
 * is written to that file instead of being opened, so that a test sees
 * what would be opened without starting a help browser; the shipped
 * program never sets it, and opens the guide. */
static void
help_cb (GSimpleAction *action, GVariant *param, gpointer app)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (app));
  const char *test_file = g_getenv ("DRAUGHTSMAN_TEST_HELP_URI_FILE");

  if (test_file != NULL && *test_file != '\0')
    {
      g_autoptr (GError) error = NULL;

      if (!g_file_set_contents (test_file, DR_HELP_URI, -1, &error))
        g_warning ("DRAUGHTSMAN_TEST_HELP_URI_FILE: %s", error->message);
      return;
    }
  gtk_show_uri_full (parent, DR_HELP_URI, GDK_CURRENT_TIME, NULL, help_shown_cb,
                     parent != NULL ? g_object_ref (parent) : NULL);
}

static void
about_cb (GSimpleAction *action, GVariant *param, gpointer app)
{
  static const char *developers[] = { "The Draughtsman authors", NULL };
  GtkWidget *about = adw_about_window_new ();

  gtk_window_set_transient_for (GTK_WINDOW (about), gtk_application_get_active_window (GTK_APPLICATION (app)));
  adw_about_window_set_application_name (ADW_ABOUT_WINDOW (about), _("Draughtsman"));
  adw_about_window_set_application_icon (ADW_ABOUT_WINDOW (about), APP_ID);
  adw_about_window_set_version (ADW_ABOUT_WINDOW (about), PACKAGE_VERSION);
  adw_about_window_set_developer_name (ADW_ABOUT_WINDOW (about), _("The Draughtsman authors"));
  adw_about_window_set_developers (ADW_ABOUT_WINDOW (about), developers);
  adw_about_window_set_license_type (ADW_ABOUT_WINDOW (about), GTK_LICENSE_GPL_3_0);
  adw_about_window_set_comments (ADW_ABOUT_WINDOW (about),
                                 _("An analysis board for draughts and checkers: record, replay and study games "
                                   "in International, Russian, English, Brazilian and other draughts."));
  /* Translators: put your names here, one per line. */
  adw_about_window_set_translator_credits (ADW_ABOUT_WINDOW (about), _("translator-credits"));
  gtk_window_present (GTK_WINDOW (about));
}

typedef struct
{
  const char *key;
  const char *title;
  const char *subtitle;
} SwitchRow;

static void
value_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_list_item_set_child (item, label);
}

static void
value_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       GTK_IS_STRING_OBJECT (string) ? gtk_string_object_get_string (string) : NULL);
}

/* The value @row shows read whole.  libadwaita's own labels stop at 20
 * characters and end in "…", which cut the Russian values ("Как принято
 * в вариа…", issue 23); these are as wide as their text, on one line (a
 * second line was clipped by the row's one-item list), and the row's
 * title wraps instead.  The list the row opens keeps libadwaita's items,
 * with their check mark. */
static void
combo_row_show_whole_values (AdwComboRow *row)
{
  g_autoptr (GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  adw_combo_row_set_list_factory (row, adw_combo_row_get_factory (row));
  g_signal_connect (factory, "setup", G_CALLBACK (value_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (value_bind_cb), NULL);
  adw_combo_row_set_factory (row, factory);
}

static GtkWidget *
combo_row (GSettings   *settings,
           const char  *key,
           const char  *title,
           const char *const *labels)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr (GtkStringList) model = gtk_string_list_new ((const char *const *) labels);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  combo_row_show_whole_values (ADW_COMBO_ROW (row));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), (guint) g_settings_get_enum (settings, key));
  g_object_set_data_full (G_OBJECT (row), "key", g_strdup (key), g_free);
  return row;
}

static void
enum_row_selected_cb (AdwComboRow *row,
                      GParamSpec  *pspec,
                      GSettings   *settings)
{
  g_settings_set_enum (settings, g_object_get_data (G_OBJECT (row), "key"),
                       (int) adw_combo_row_get_selected (row));
}

static void
pieces_row_selected_cb (AdwComboRow *row,
                        GParamSpec  *pspec,
                        GSettings   *settings)
{
  g_settings_set_string (settings, "piece-theme", adw_combo_row_get_selected (row) == 1 ? "flat" : "classic");
}

static void
entry_row_apply_cb (AdwEntryRow *row,
                    GSettings   *settings)
{
  g_settings_set_string (settings, g_object_get_data (G_OBJECT (row), "key"),
                         gtk_editable_get_text (GTK_EDITABLE (row)));
}

/* An action row of @title with a spin button suffix for the integer
 * setting @key, from @lower to @upper. */
static GtkWidget *
spin_row (GSettings  *settings,
          const char *key,
          const char *title,
          const char *subtitle,
          double      lower,
          double      upper,
          double      step)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, step);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_name (spin, key);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  g_settings_bind (settings, key, spin, "value", G_SETTINGS_BIND_DEFAULT);
  return row;
}

/* The limit's depth row shown for the depth limit, its time row for the
 * time limit. */
static void
limit_rows_update (AdwComboRow *limit,
                   GParamSpec  *pspec,
                   GtkWidget  **rows)
{
  guint selected = adw_combo_row_get_selected (limit);

  gtk_widget_set_visible (rows[0], selected == 1);
  gtk_widget_set_visible (rows[1], selected == 2);
}

/* The settings of Draughtsman's own engine into @group. */
static void
add_analysis_rows (GSettings            *settings,
                   AdwPreferencesGroup  *group)
{
  static const char *const limits[] = { N_("Until stopped"), N_("Depth"), N_("Time per position"), NULL };
  const char *translated[4];
  GtkWidget *row;
  GtkWidget **rows = g_new0 (GtkWidget *, 2);

  adw_preferences_group_add (group, spin_row (settings, "analysis-lines", _("Lines"),
                                              _("Best moves followed, each with its line"), 1, 8, 1));
  adw_preferences_group_add (group, spin_row (settings, "analysis-threads", _("Threads"),
                                              _("Processor threads the engine searches on"),
                                              1, MAX (1, MIN (64, g_get_num_processors ())), 1));
  adw_preferences_group_add (group, spin_row (settings, "analysis-hash-mb", _("Table size (MB)"),
                                              _("Memory for the positions the engine has seen"), 1, 4096, 16));
  for (guint i = 0; limits[i] != NULL; i++)
    translated[i] = _(limits[i]);
  translated[3] = NULL;
  row = combo_row (settings, "analysis-limit", _("Limit"), translated);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("When the analysis of a position stops by itself"));
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (enum_row_selected_cb), settings, 0);
  adw_preferences_group_add (group, row);
  rows[0] = spin_row (settings, "analysis-depth", _("Depth"), NULL, 1, 100, 1);
  rows[1] = spin_row (settings, "analysis-movetime-ms", _("Time per position (ms)"), NULL, 100, 3600000, 500);
  adw_preferences_group_add (group, rows[0]);
  adw_preferences_group_add (group, rows[1]);
  g_signal_connect_data (row, "notify::selected", G_CALLBACK (limit_rows_update), rows,
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  limit_rows_update (ADW_COMBO_ROW (row), NULL, rows);
}

static GtkWidget *
show_preferences (GApplication *app)
{
  static const SwitchRow switches[] = {
    { "show-coordinates", N_("Coordinates"), N_("Files and ranks, or square numbers, on the border") },
    { "numbers-in-squares", N_("Numbers in the squares"), N_("Each playing square shows its number") },
    { "auto-play-forced", N_("Play forced moves"), N_("A move that is the only legal one is played by itself") },
    { "route-menu", N_("Ask for the capture route"),
      N_("When several captures end on the square clicked, choose from a menu; otherwise click the squares it turns on") },
    { "animate", N_("Animate moves"), N_("Pieces slide to their squares") },
  };
  static const char *const notations[] = { N_("The variant’s own"), N_("Numeric"), N_("Algebraic"), NULL };
  static const char *const boards[] = { N_("Wood"), N_("Green"), N_("Blue"), N_("Gray"), NULL };
  static const char *const pieces[] = { N_("Classic"), N_("Flat"), NULL };
  static const struct { const char *key; const char *title; } entries[] = {
    { "engine-command", N_("Engine command") },
    { "engine-options", N_("Engine options (name=value …)") },
  };
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *window = adw_preferences_window_new ();
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *board = adw_preferences_group_new ();
  GtkWidget *play = adw_preferences_group_new ();
  GtkWidget *engine = adw_preferences_group_new ();
  const char *translated[8];
  GtkWidget *row;
  g_autofree char *piece_theme = g_settings_get_string (settings, "piece-theme");

  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("General"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "preferences-system-symbolic");
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (board), _("Board"));
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (play), _("Playing"));

  for (guint i = 0; notations[i] != NULL; i++)
    translated[i] = _(notations[i]);
  translated[3] = NULL;
  row = combo_row (settings, "notation", _("Notation"), translated);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (enum_row_selected_cb), settings, 0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (board), row);
  /* Translators: the notation of the moves in saved PDN files. */
  translated[0] = _("Standard for the variant");
  row = combo_row (settings, "save-notation", _("Notation in saved files"), translated);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Other programs read the standard notation"));
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (enum_row_selected_cb), settings, 0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (play), row);

  for (guint i = 0; boards[i] != NULL; i++)
    translated[i] = _(boards[i]);
  translated[4] = NULL;
  row = combo_row (settings, "board-theme", _("Board colours"), translated);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (enum_row_selected_cb), settings, 0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (board), row);

  row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Pieces"));
  combo_row_show_whole_values (ADW_COMBO_ROW (row));
  translated[0] = _(pieces[0]);
  translated[1] = _(pieces[1]);
  translated[2] = NULL;
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (gtk_string_list_new (translated)));
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), g_str_equal (piece_theme, "flat") ? 1 : 0);
  g_signal_connect_object (row, "notify::selected", G_CALLBACK (pieces_row_selected_cb), settings, 0);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (board), row);

  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    {
      GtkWidget *sw = gtk_switch_new ();

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(switches[i].title));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(switches[i].subtitle));
      gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
      g_settings_bind (settings, switches[i].key, sw, "active", G_SETTINGS_BIND_DEFAULT);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (i < 2 ? board : play), row);
    }
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (engine), _("Analysis"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (engine),
                                         _("An outside engine speaking the Hub protocol, such as “scan hub”, "
                                           "analyses instead of Draughtsman’s own when its command is given."));
  add_analysis_rows (settings, ADW_PREFERENCES_GROUP (engine));
  for (guint i = 0; i < G_N_ELEMENTS (entries); i++)
    {
      row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(entries[i].title));
      /* Applied when confirmed, not at each key. */
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
      g_settings_bind (settings, entries[i].key, row, "text", G_SETTINGS_BIND_GET | G_SETTINGS_BIND_GET_NO_CHANGES);
      g_object_set_data_full (G_OBJECT (row), "key", g_strdup (entries[i].key), g_free);
      g_signal_connect_object (row, "apply", G_CALLBACK (entry_row_apply_cb), settings, 0);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (engine), row);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (board));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (play));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (engine));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  {
    /* The endgame tables, the active game's variant opened. */
    GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));
    const DrRules *rules = DR_IS_WINDOW (active) ? dr_game_model_get_rules (dr_window_get_model (DR_WINDOW (active)))
                                                 : NULL;
    GtkWidget *egdb = dr_egdb_page_new (dr_egdb_manager_get_default (), rules);

    adw_preferences_page_set_name (ADW_PREFERENCES_PAGE (egdb), "egdb");
    adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (egdb));
  }
  g_object_set_data_full (G_OBJECT (window), "settings", g_object_ref (settings), g_object_unref);
  gtk_window_set_transient_for (GTK_WINDOW (window), gtk_application_get_active_window (GTK_APPLICATION (app)));
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
preferences_cb (GSimpleAction *action, GVariant *param, gpointer app)
{
  show_preferences (app);
}

/* The preferences, at the endgame tables' page. */
static void
egdb_cb (GSimpleAction *action, GVariant *param, gpointer app)
{
  GtkWidget *window = show_preferences (app);

  adw_preferences_window_set_visible_page_name (ADW_PREFERENCES_WINDOW (window), "egdb");
}

static const GActionEntry app_actions[] = {
  { "quit", quit_cb },
  { "about", about_cb },
  { "help", help_cb },
  { "preferences", preferences_cb },
  { "egdb", egdb_cb },
};

static void
dr_application_startup (GApplication *app)
{
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.comment", { "<Control>m", NULL } },
    { "win.edit-tags", { "<Control>i", NULL } },
    { "win.games", { "F9", NULL } },
    { "win.explorer", { "F7", NULL } },
    { "win.search-database", { "<Control><Shift>f", NULL } },
    { "win.glyph(uint32 1)", { "<Control>1", NULL } },
    { "win.glyph(uint32 2)", { "<Control>2", NULL } },
    { "win.glyph(uint32 3)", { "<Control>3", NULL } },
    { "win.glyph(uint32 4)", { "<Control>4", NULL } },
    { "win.glyph(uint32 5)", { "<Control>5", NULL } },
    { "win.glyph(uint32 6)", { "<Control>6", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.copy-pdn", { "<Control><Shift>c", NULL } },
    { "win.paste", { "<Control><Shift>v", NULL } },
    { "win.flip", { "<Control>f", NULL } },
    { "win.enter-move", { "<Control>k", NULL } },
    { "win.setup", { "<Control>e", NULL } },
    { "win.composition", { "<Control><Shift>e", NULL } },
    { "win.solve-problems", { "<Control><Shift>p", NULL } },
    { "win.play-engine", { "<Control><Shift>g", NULL } },
    { "win.fullscreen", { "F11", NULL } },
    { "app.help", { "F1", NULL } },
  };

  G_APPLICATION_CLASS (dr_application_parent_class)->startup (app);
  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions), app);
  for (gsize i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action, accels[i].accels);
  gtk_window_set_default_icon_name (APP_ID);
}

static void
dr_application_finalize (GObject *object)
{
  g_free (DR_APPLICATION (object)->screenshot);
  G_OBJECT_CLASS (dr_application_parent_class)->finalize (object);
}

static void
dr_application_class_init (DrApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = dr_application_finalize;
  app_class->activate = dr_application_activate;
  app_class->handle_local_options = dr_application_handle_local_options;
  app_class->open = dr_application_open;
  app_class->startup = dr_application_startup;
}

static void
dr_application_init (DrApplication *self)
{
  static const GOptionEntry options[] = {
    { "screenshot", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, NULL,
      "Save a picture of the window to FILE and quit", "FILE" },
    { "ply", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL,
      "Show this ply of the game opened", "N" },
    { "game", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL,
      "Open this game of a file of several (1 is the first)", "N" },
    { "size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      "With --screenshot: the window's size", "WIDTHxHEIGHT" },
    { NULL }
  };

  self->ply = -1;
  g_application_add_main_option_entries (G_APPLICATION (self), options);
}

DrApplication *
dr_application_new (void)
{
  return g_object_new (DR_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/draughtsman/Draughtsman",
                       NULL);
}
