/* test-app-help.c — the user guide from the window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real keys and clicks
 * (test-app-util.h):
 *
 *  - F1 opens the user guide, help:draughtsman;
 *  - so does Help in the main menu's last section, beside Keyboard
 *    Shortcuts and About;
 *  - Keyboard Shortcuts shows F1 for the guide.
 *
 * The guide is not opened for real here: the program writes the URI it
 * would open to the file named by DRAUGHTSMAN_TEST_HELP_URI_FILE, an
 * environment variable for the tests only (dr-application.c, help_cb),
 * which this program sets.  Without it the program opens the URI with
 * gtk_show_uri_full(), in the help browser.
 */

#define G_LOG_DOMAIN "test-app-help"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-window-private.h"

#include <string.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;
static char *uri_file;

/* The URI the program was asked to open, or NULL (transfer full). */
static char *
uri_opened (void)
{
  char *text = NULL;

  if (!g_file_get_contents (uri_file, &text, NULL, NULL))
    return NULL;
  return text;
}

static gboolean
help_asked (gpointer data)
{
  g_autofree char *text = uri_opened ();

  return text != NULL;
}

static void
assert_help_opened (void)
{
  g_autofree char *text = NULL;

  test_wait_until (help_asked, NULL, "the user guide to be opened");
  text = uri_opened ();
  g_assert_cmpstr (text, ==, "help:draughtsman");
  g_assert_cmpint (g_remove (uri_file), ==, 0);
}

static void
test_help_f1 (void)
{
  DrWindow *window;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  g_assert_false (g_file_test (uri_file, G_FILE_TEST_EXISTS));
  test_keys (GTK_WINDOW (window), "F1");
  assert_help_opened ();
  test_put_away (window);
}

static gboolean
is_primary (GtkWidget *widget,
            gpointer   data)
{
  return gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

/* The action of item @i of @menu, or NULL (transfer full). */
static char *
item_action (GMenuModel *menu,
             int         i)
{
  char *action = NULL;

  g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action);
  return action;
}

/* A menu item (GtkModelButton, private to GTK) by its text, the
 * mnemonic's underline left out. */
static gboolean
is_item (GtkWidget *widget,
         gpointer   data)
{
  g_autofree char *text = NULL;
  g_autoptr (GString) plain = NULL;

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0 || !gtk_widget_get_mapped (widget))
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  if (text == NULL)
    return FALSE;
  plain = g_string_new (text);
  g_string_replace (plain, "_", "", 0);
  return strcmp (plain->str, data) == 0;
}

typedef struct
{
  GtkWidget *button;
  GtkWidget *row;
} MenuItem;

/* The menu is open and its Help laid out. */
static gboolean
help_item_ready (gpointer data)
{
  MenuItem *m = data;
  GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (m->button));

  if (popover == NULL || !gtk_widget_get_mapped (GTK_WIDGET (popover)))
    return FALSE;
  m->row = test_find_widget (GTK_WIDGET (popover), GTK_TYPE_WIDGET, is_item, (gpointer) "Help");
  return m->row != NULL && gtk_widget_get_width (m->row) > 20 && gtk_widget_get_height (m->row) > 10;
}

static void
test_help_menu (void)
{
  DrWindow *window;
  MenuItem m = { NULL, NULL };
  GMenuModel *menu;
  g_autoptr (GMenuModel) last = NULL;
  gboolean help = FALSE, shortcuts = FALSE, about = FALSE;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  m.button = test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, is_primary, NULL);
  g_assert_nonnull (m.button);

  /* Help is in the last section, with Keyboard Shortcuts and About. */
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (m.button));
  g_assert_nonnull (menu);
  last = g_menu_model_get_item_link (menu, g_menu_model_get_n_items (menu) - 1, G_MENU_LINK_SECTION);
  g_assert_nonnull (last);
  for (int i = 0; i < g_menu_model_get_n_items (last); i++)
    {
      g_autofree char *action = item_action (last, i);

      help |= g_strcmp0 (action, "app.help") == 0;
      shortcuts |= g_strcmp0 (action, "win.show-help-overlay") == 0;
      about |= g_strcmp0 (action, "app.about") == 0;
    }
  g_assert_true (help);
  g_assert_true (shortcuts);
  g_assert_true (about);

  /* A real click on it. */
  test_click_widget (m.button);
  test_wait_until (help_item_ready, &m, "Help in the main menu");
  test_run_for (300);
  g_assert_false (g_file_test (uri_file, G_FILE_TEST_EXISTS));
  test_click_widget (m.row);
  assert_help_opened ();
  test_put_away (window);
}

static void
test_help_shortcuts (void)
{
  DrWindow *window;
  GtkWindow *shortcuts;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  shortcuts = test_shortcuts_open (GTK_WINDOW (window));
  g_assert_cmpstr (test_shortcut_accelerator (shortcuts, "User guide"), ==, "F1");
  gtk_window_destroy (shortcuts);
  test_put_away (window);
}

/* The help's URI goes to a file (dr-application.c), not to a browser. */
static void
set_uri_file (void)
{
  uri_file = g_build_filename (tmp_dir, "help-uri", NULL);
  g_setenv ("DRAUGHTSMAN_TEST_HELP_URI_FILE", uri_file, TRUE);
}

int
main (int    argc,
      char **argv)
{
  int status;

  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/help/f1", test_help_f1);
  g_test_add_func ("/app/help/menu", test_help_menu);
  g_test_add_func ("/app/help/shortcuts", test_help_shortcuts);

  status = test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "help",
    .before_register = set_uri_file,
  });
  g_free (uri_file);
  return status;
}
