/* test-app-analysis.c — the analysis settings, set as a person would
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks and keys
 * (test-app-util.h):
 *
 *  - the number of lines typed into its spin button in Preferences is
 *    what the analysis (Ctrl+Space) shows, and the pane's menu changes
 *    it while the analysis runs, which starts again with it;
 *  - the depth limit chosen in the pane's menu, with the depth typed in
 *    Preferences, stops the analysis by itself at that depth, which the
 *    status says;
 *  - the threads typed in Preferences reach the engine's search.
 */

#define G_LOG_DOMAIN "test-app-analysis"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-analysis.h"
#include "dr-application.h"
#include "dr-window-private.h"

#include <adwaita.h>
#include <string.h>

static gboolean have_display;
static DrApplication *app;
static GSettings *settings;

static gboolean
named (GtkWidget *widget,
       gpointer   data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static gboolean
prefs_shown (gpointer data)
{
  return test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW) != NULL;
}

static gboolean
prefs_gone (gpointer data)
{
  return test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW) == NULL;
}

typedef struct
{
  const char *key;
  int         value;
} SettingWait;

static gboolean
setting_is (gpointer data)
{
  const SettingWait *wait = data;

  return g_settings_get_int (settings, wait->key) == wait->value;
}

/* @text typed into the spin button of the setting @key in Preferences
 * (opened and closed here), then taken. */
static void
type_in_preferences (const char *key,
                     const char *text)
{
  GtkWindow *prefs;
  GtkWidget *spin;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  test_wait_until (prefs_shown, NULL, "the Preferences window");
  prefs = test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  test_run_for (300);
  spin = test_find_widget (GTK_WIDGET (prefs), GTK_TYPE_SPIN_BUTTON, named, (gpointer) key);
  g_assert_nonnull (spin);
  test_scroll_into_view (spin);
  /* Set in the real spin button's text and taken as Return takes it
   * (gtk_spin_button_update()): the X focus cannot be relied on for a second toplevel
   * without a window manager, and under ASan the clicked spin button
   * never took it. */
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  /* The spin button takes the value when its Return is handled, which a
   * loaded machine (the sanitizer build in CI) may not have done yet. */
  {
    SettingWait wait = { key, atoi (text) };

    test_wait_until (setting_is, &wait, key);
  }
  g_assert_cmpint (g_settings_get_int (settings, key), ==, atoi (text));
  test_keys (prefs, "Escape");
  test_wait_until (prefs_gone, NULL, "the Preferences window to close");
}

static gboolean
has_text (GtkWidget *widget,
          gpointer   data)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "text");
  g_autofree char *text = NULL;

  if (pspec == NULL || pspec->value_type != G_TYPE_STRING || GTK_IS_EDITABLE (widget))
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, data) == 0;
}

static gboolean
popover_shown (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (gtk_menu_button_get_popover (data)));
}

/* A click on the analysis pane's menu button, then on its item @label. */
static void
pane_menu (DrWindow   *window,
           const char *label)
{
  GtkWidget *button = test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, named, (gpointer) "analysis-menu");
  GtkWidget *item;

  g_assert_nonnull (button);
  test_click_widget (button);
  test_wait_until (popover_shown, button, "the analysis menu");
  test_run_for (300);
  item = test_find_widget (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))), GTK_TYPE_WIDGET,
                           has_text, (gpointer) label);
  g_assert_nonnull (item);
  test_click_widget (item);
}

static guint
shown_lines (DrWindow *window)
{
  guint n = 0;

  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (window->analysis_lines)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

typedef struct
{
  DrWindow *window;
  guint     n;
} LinesShown;

static gboolean
lines_shown (gpointer data)
{
  LinesShown *l = data;

  return shown_lines (l->window) == l->n;
}

static void
reset_settings (void)
{
  static const char *const keys[] = { "analysis-lines", "analysis-threads", "analysis-hash-mb", "analysis-limit",
                                      "analysis-depth", "analysis-movetime-ms" };

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
}

static void
test_lines (void)
{
  DrWindow *window;
  LinesShown l;

  if (test_skip_without_input (have_display))
    return;
  reset_settings ();
  window = test_open_window (GTK_APPLICATION (app));
  test_run_for (200);

  /* 5, not the 3 of before. */
  type_in_preferences ("analysis-lines", "5");
  test_keys (GTK_WINDOW (window), "ctrl+space");
  l = (LinesShown) { window, 5 };
  test_wait_until (lines_shown, &l, "5 lines");
  g_assert_true (dr_analysis_get_running (window->analysis));

  /* The pane's menu, while it runs: it starts again with 2. */
  pane_menu (window, "2 lines");
  g_assert_cmpint (g_settings_get_int (settings, "analysis-lines"), ==, 2);
  l = (LinesShown) { window, 2 };
  test_wait_until (lines_shown, &l, "2 lines");
  g_assert_true (dr_analysis_get_running (window->analysis));
  g_assert_false (dr_analysis_get_finished (window->analysis));

  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings ();
}

static gboolean
analysis_finished (gpointer data)
{
  DrWindow *window = data;

  return window->analysis != NULL && dr_analysis_get_finished (window->analysis);
}

static void
test_depth (void)
{
  DrWindow *window;
  const DrSearchInfo *lines;
  int n = 0;
  guint generation;

  if (test_skip_without_input (have_display))
    return;
  reset_settings ();
  window = test_open_window (GTK_APPLICATION (app));
  test_run_for (200);

  /* The depth's row in Preferences is shown for the depth limit only. */
  pane_menu (window, "To the set depth");
  g_assert_cmpint (g_settings_get_enum (settings, "analysis-limit"), ==, 1);   /* depth */
  type_in_preferences ("analysis-depth", "4");
  test_keys (GTK_WINDOW (window), "ctrl+space");
  test_wait_until (analysis_finished, window, "the analysis to stop at depth 4");
  lines = dr_analysis_get_lines (window->analysis, &n);
  g_assert_cmpint (n, ==, 3);
  g_assert_cmpint (lines[0].depth, ==, 4);
  g_assert_cmpstr (gtk_label_get_text (window->analysis_label), ==, "Depth 4 (limit)");
  /* It stays stopped: nothing more comes, the pane still on. */
  generation = dr_analysis_get_generation (window->analysis);
  test_run_for (500);
  g_assert_cmpuint (dr_analysis_get_generation (window->analysis), ==, generation);
  g_assert_cmpstr (gtk_label_get_text (window->analysis_label), ==, "Depth 4 (limit)");
  g_assert_true (gtk_toggle_button_get_active (window->analysis_button));

  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings ();
}

typedef struct
{
  DrWindow *window;
  int       threads;
} ThreadsGiven;

static gboolean
threads_given (gpointer data)
{
  ThreadsGiven *t = data;

  return t->window->analysis != NULL && dr_analysis_get_threads (t->window->analysis) == t->threads;
}

static void
test_threads (void)
{
  DrWindow *window;
  ThreadsGiven t;

  if (test_skip_without_input (have_display))
    return;
  if (g_get_num_processors () < 2)
    {
      g_test_skip ("one processor: the threads cannot be set above 1");
      return;
    }
  reset_settings ();
  window = test_open_window (GTK_APPLICATION (app));
  test_run_for (200);

  type_in_preferences ("analysis-threads", "2");
  test_keys (GTK_WINDOW (window), "ctrl+space");
  t = (ThreadsGiven) { window, 2 };
  test_wait_until (threads_given, &t, "the search to run on 2 threads");
  g_assert_cmpint (dr_analysis_get_hash_mb (window->analysis), ==, 64);

  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings ();
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  test_app_own_state ("test-app-analysis");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/analysis/lines", test_lines);
  g_test_add_func ("/app/analysis/depth", test_depth);
  g_test_add_func ("/app/analysis/threads", test_threads);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .settings = &settings,
    .flags = TEST_APP_NO_ANIMATE,
  });
}
