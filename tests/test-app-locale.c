/* test-app-locale.c — the application speaks the user's language
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run once per language by tests/meson.build, with LANG set to the locale
 * (ru_RU.UTF-8, uk_UA.UTF-8) and DRAUGHTSMAN_LOCALEDIR to the build's po/
 * folder, as .ci/start runs the program from the build tree.  The window's
 * status line must say "White to move" in that language; the expected
 * texts are written here by hand (Russian «Ход белых», Ukrainian «Хід
 * білих»), not taken from the catalogues.  The values the Preferences'
 * drop-downs show must not be cut (issue 23: "Как принято в вариа…").
 * A locale that is not installed
 * fails the test under CI=true (.ci/install-deps generates both) and skips
 * it elsewhere.
 */

#define G_LOG_DOMAIN "test-app-locale"

#include "config.h"

#include "test-app-util.h"

#include "dr-application.h"
#include "dr-window-compose.h"
#include "dr-window-private.h"

#include <locale.h>

static const char *expected;
static const char *expected_stipulation;

static gboolean
problem_shown (gpointer data)
{
  DrWindow *window = data;

  return window->file != NULL && window->game_index != DR_WINDOW_NO_GAME
         && dr_game_model_get_rules (window->model) == &dr_rules_international;
}

static gboolean
label_is (GtkWidget *widget,
          gpointer   data)
{
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
status_shown (gpointer data)
{
  DrWindow *window = data;

  return gtk_widget_get_mapped (GTK_WIDGET (window->status_label));
}

static gboolean
preferences_shown (gpointer data)
{
  GtkWindow *prefs = test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);

  return prefs != NULL && gtk_widget_get_mapped (GTK_WIDGET (prefs));
}

/* The labels under @widget that show a drop-down's value (in its row, not
 * in the list it opens), into @found. */
static void
collect_value_labels (GtkWidget *widget,
                      GPtrArray *found)
{
  if (GTK_IS_POPOVER (widget))
    return;
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && (gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_VIEW) != NULL
          || gtk_widget_get_ancestor (widget, GTK_TYPE_DROP_DOWN) != NULL))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_value_labels (child, found);
}

/* Issue 23: "preference values are cut ("Как принято в вариа…")".  Each
 * value the Preferences' drop-downs show is read whole: its text is not
 * ellipsized in the space it is given. */
static void
check_preference_values (GApplication *app)
{
  GtkWindow *prefs;
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  guint cut = 0;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  test_wait_until (preferences_shown, NULL, "the Preferences");
  prefs = test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);
  test_wait_still (GTK_WIDGET (prefs));
  collect_value_labels (GTK_WIDGET (prefs), labels);
  /* Notation, Notation in saved files, Board colours, Pieces, Limit. */
  g_assert_cmpuint (labels->len, >=, 5);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];

      g_test_message ("value “%s”: %d px wide", gtk_label_get_text (label), gtk_widget_get_width (GTK_WIDGET (label)));
      GtkWidget *view = gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_LIST_VIEW);
      GtkWidget *clip = view != NULL ? view : gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_DROP_DOWN);
      graphene_rect_t bounds;
      int needed = 0;

      /* Not ended in "…", as tall as its lines need, and inside the list
       * that holds it (a second line fell outside it). */
      gtk_widget_measure (GTK_WIDGET (label), GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (label)),
                          &needed, NULL, NULL, NULL);
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (label), clip, &bounds));
      if (pango_layout_is_ellipsized (gtk_label_get_layout (label)) || needed > gtk_widget_get_height (GTK_WIDGET (label))
          || bounds.origin.y < 0 || bounds.origin.y + bounds.size.height > gtk_widget_get_height (clip) + 0.5
          || bounds.origin.x < 0 || bounds.origin.x + bounds.size.width > gtk_widget_get_width (clip) + 0.5)
        {
          g_test_message ("the value “%s” is cut", gtk_label_get_text (label));
          cut++;
        }
    }
  g_assert_cmpuint (cut, ==, 0);
  gtk_window_destroy (prefs);
}

static void
test_window_language (void)
{
  const char *lang = g_getenv ("LANG");
  g_autoptr (DrApplication) app = NULL;
  DrWindow *window;

  if (setlocale (LC_MESSAGES, NULL) == NULL || g_strcmp0 (setlocale (LC_MESSAGES, NULL), "C") == 0)
    {
      g_autofree char *why = g_strdup_printf ("the locale %s is not installed (.ci/install-deps generates it)",
                                              lang != NULL ? lang : "(LANG unset)");
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("CI=true, but %s", why);
      test_skip_missing (why);
      return;
    }
  if (!gtk_init_check ())
    {
      if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
        g_error ("CI=true, but there is no display: run under xvfb-run");
      test_skip_missing ("no display");
      return;
    }
  app = dr_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  window = dr_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  test_wait_until (status_shown, window, "the window");
  g_assert_cmpstr (gtk_label_get_text (window->status_label), ==, expected);
  check_preference_values (G_APPLICATION (app));

  /* Issue 24: Composition mode sums up a large International problem in
   * the language ("White to play and win — large problem"), the genre
   * named once. */
  if (expected_stipulation != NULL)
    {
      g_autofree char *dir = g_dir_make_tmp ("draughtsman-locale-XXXXXX", NULL);
      g_autoptr (GFile) file = test_make_file (dir, "large.pdn",
                                               "[Event \"Large\"]\n[GameType \"20\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
                                               "[FEN \"W:W30,32,33,34,35,36,37,38,39,40,41,42,43:B6,7,8,9,10,11,12,13,14,15,"
                                               "16,17,18\"]\n\n1-0\n");
      GtkWidget *label;

      dr_window_open_file (window, file);
      test_wait_until (problem_shown, window, "the large problem");
      _dr_window_set_composition_mode (window, TRUE);
      label = test_find_widget (GTK_WIDGET (dr_window_get_compose_pane (window)), GTK_TYPE_LABEL, label_is,
                                (gpointer) expected_stipulation);
      if (label == NULL)
        g_error ("no label reads “%s” in the Composition pane", expected_stipulation);
      test_remove_tree (dir);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  /* As main.c does, before anything else. */
  dr_application_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-app-locale EXPECTED-STATUS [EXPECTED-STIPULATION]");
  expected = argv[1];
  expected_stipulation = argc > 2 ? argv[2] : NULL;
  g_test_add_func ("/app/locale/window-language", test_window_language);
  return g_test_run ();
}
