/* test-app-egdb.c — the endgame tables in the application
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks (test-app-util.h):
 * the label under the board and the analysis pane show the tables' value
 * and line for the position shown, and follow every change of it; the
 * preferences page lists what a folder holds, generates what is missing
 * when its Generate button is clicked, cancels on Cancel, resumes on a
 * second Generate, and says what went wrong.  Tables are built into
 * temporary folders (English up to 4 pieces, Russian up to 4: seconds).
 *
 * Values checked by hand, from the rules of English checkers (000):
 *  - W:WK22:BK18: White's king is next to Black's only piece with 15
 *    empty behind it; capturing is compulsory (000 1.19-1.20), so White
 *    plays 22x15 and Black, with no piece, has lost (000 1.30): White wins
 *    in 1, and the line is "22x15".
 *  - B:WK1,K3:BK32: two kings against one, none attacked: the two kings
 *    win (the lone king is driven out of the double corner: the classical
 *    result, and every such position of the 3-piece tables is a win, as
 *    tests/test-egdb.c's independent solver confirms); a win for White,
 *    never a draw.
 */

#define G_LOG_DOMAIN "test-app-egdb"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-egdb-page.h"
#include "dr-window-private.h"

#include "dr-fen.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;
static GSettings *settings;

/* --- helpers ---------------------------------------------------------- */



/* Runs the main loop until @done, failing after @seconds. */
static void
wait_until (TestCondition  done,
            gpointer       data,
            int            seconds,
            const char    *what)
{
  gint64 end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %s", what);
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (2000);
    }
}

static DrPosition
fen (const DrRules *rules,
     const char    *text)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_true (dr_fen_parse (rules, text, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

static gboolean
probe_answered (gpointer data)
{
  return !((DrWindow *) data)->egdb_busy;
}

/* The label under the board once the probe of the position shown has
 * answered (it runs on a worker thread), or NULL when it is hidden. */
static const char *
board_label (DrWindow *window)
{
  test_wait_until (probe_answered, window, "the tables' answer");
  if (!gtk_widget_get_visible (GTK_WIDGET (window->egdb_label)))
    return NULL;
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->egdb_label)));
  return gtk_label_get_text (window->egdb_label);
}

/* What the label should say of the window's position, from the tables
 * probed here (NULL: not in them). */
static char *
expected_label (DrWindow   *window,
                const char *dir)
{
  const DrRules *rules = dr_game_model_get_rules (window->model);
  const DrPosition *pos = dr_game_model_get_position (window->model);
  g_autoptr (DrEgdb) db = dr_egdb_open (rules, dir, NULL);
  DrEgdbProbe probe;

  if (db == NULL || !dr_egdb_probe (db, pos, &probe, NULL) || (probe.value != DR_EGDB_DRAW && probe.plies == 0))
    return NULL;
  return dr_egdb_status_summary (pos, &probe);
}

static void
build (const char *dir,
       const char *variant,
       int         pieces)
{
  DrEgdbBuildOptions options = { dr_rules_from_name (variant), dir, pieces, NULL, 2 };
  g_autoptr (GError) error = NULL;

  g_assert_true (dr_egdb_build (&options, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* Two real clicks: English square @from, then @to. */
static void
click_move (DrWindow *window,
            int       from,
            int       to)
{
  DrGameNode *before = dr_game_model_get_current (window->model);

  test_click_square (window->board_view, dr_geometry_bit_from_number (&dr_geometry_8x8, from));
  test_click_square (window->board_view, dr_geometry_bit_from_number (&dr_geometry_8x8, to));
  g_assert_true (dr_game_model_get_current (window->model)->parent == before);
}

/* This thread's processor time, in nanoseconds. */
static gint64
thread_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static gboolean
lines_from_tables (gpointer data)
{
  DrWindow *window = data;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (window->analysis_lines)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      if (GTK_IS_LABEL (label) && strstr (gtk_label_get_text (GTK_LABEL (label)), "(db)") != NULL)
        return TRUE;
    }
  return FALSE;
}

static gboolean
game_analysis_done (gpointer data)
{
  return ((DrWindow *) data)->game_analysis == NULL;
}

/* --- the label and the pane -------------------------------------------- */

static void
test_label (void)
{
  const DrRules *english = dr_rules_from_name ("english");
  g_autofree char *dir = g_build_filename (tmp_dir, "label", NULL);
  g_autofree char *expected = NULL;
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  DrWindow *window;
  DrPosition pos;
  DrMove line[200];
  int n;

  if (test_skip_without_input (have_display))
    return;
  build (dir, "english", 4);
  g_settings_set_string (settings, "egdb-dir", dir);
  window = test_open_window (GTK_APPLICATION (app));

  /* The start of a game is not in the tables: nothing shown. */
  dr_game_model_new_game (window->model, english, NULL);
  test_run_for (100);
  g_assert_null (board_label (window));
  g_assert_false (gtk_widget_get_visible (window->egdb_box));

  /* Win in 1, by hand (see the top of the file). */
  pos = fen (english, "W:WK22:BK18");
  dr_game_model_new_game (window->model, english, &pos);
  test_run_for (100);
  g_assert_cmpstr (board_label (window), ==, "Database: White wins in 1");
  test_run_for (100);
  g_assert_true (gtk_widget_get_mapped (window->egdb_box));
  g_assert_cmpstr (gtk_label_get_text (window->egdb_summary), ==, "Database: White wins in 1");
  g_assert_cmpstr (gtk_label_get_text (window->egdb_line), ==, "22x15");

  /* Two kings against one: a win for White, Black to move, and the
   * distance the tables give. */
  pos = fen (english, "B:WK1,K3:BK32");
  dr_game_model_new_game (window->model, english, &pos);
  test_run_for (100);
  g_assert_nonnull (board_label (window));
  g_assert_true (g_str_has_prefix (board_label (window), "Database: White wins in "));
  expected = expected_label (window, dir);
  g_assert_cmpstr (board_label (window), ==, expected);
  g_clear_pointer (&expected, g_free);

  /* Real moves on the board, and back: the label follows. */
  {
    g_autofree char *before = g_strdup (board_label (window));

    click_move (window, 32, 27);
    expected = expected_label (window, dir);
    g_assert_nonnull (expected);
    g_assert_cmpstr (board_label (window), ==, expected);
    g_clear_pointer (&expected, g_free);
    click_move (window, 1, 6);
    expected = expected_label (window, dir);
    g_assert_cmpstr (board_label (window), ==, expected);
    g_clear_pointer (&expected, g_free);
    test_click_action (GTK_WIDGET (window), "win.back");
    test_click_action (GTK_WIDGET (window), "win.back");
    g_assert_cmpstr (board_label (window), ==, before);
  }

  /* The engine searches with the tables: its lines say so. */
  pos = fen (english, "W:WK15,20:BK28,12");
  dr_game_model_new_game (window->model, english, &pos);
  test_click_widget (GTK_WIDGET (window->analysis_button));
  g_assert_true (dr_analysis_get_running (window->analysis));
  test_wait_until (lines_from_tables, window, "an analysis line scored by the tables");
  test_click_widget (GTK_WIDGET (window->analysis_button));
  g_assert_false (dr_analysis_get_running (window->analysis));

  /* Analyse Game (clicked in the main menu's place: the action) searches
   * with the tables too: the First Position, which the search alone
   * scores +1.42 at depth 14 (README.md), is a proven win at its budget. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL));
  g_assert_nonnull (window->game_analysis);
  {
    g_autoptr (DrGameAnalysis) analysis = g_object_ref (window->game_analysis);

    wait_until (game_analysis_done, window, 120, "the whole-game analysis");
    g_assert_cmpuint (dr_game_analysis_get_n_done (analysis), ==, 1);
    g_assert_cmpint (dr_game_analysis_get_point (analysis, 0)->score, >=, DR_SCORE_WON);
  }

  /* Along a whole game (the First Position played out by the tables'
   * line, 81 plies): the label at every position, and how long each
   * update probed. */
  n = dr_egdb_line (dr_egdb_tables_get (window->egdb), &pos, line, G_N_ELEMENTS (line));
  g_assert_cmpint (n, ==, 81);
  for (int i = 0; i < n; i++)
    {
      dr_game_model_play (window->model, &line[i]);
      expected = expected_label (window, dir);
      g_assert_cmpstr (board_label (window), ==, expected);
      g_clear_pointer (&expected, g_free);
      g_array_append_val (times, window->egdb_probe_us);
    }
  /* The last position: Black has no move, the game is over (the status
   * line says it): no label. */
  g_assert_null (board_label (window));
  /* Positions changed faster than the probes answer: the label ends on
   * the last one's value, not an older answer's. */
  dr_game_model_go_to (window->model, dr_game_model_get_game (window->model)->root);
  for (int i = 0; i < 30; i++)
    dr_game_model_go_forward (window->model);
  expected = expected_label (window, dir);
  g_assert_cmpstr (board_label (window), ==, expected);
  g_clear_pointer (&expected, g_free);
  g_array_sort (times, compare_int64);
  g_test_message ("label probe (worker thread: probe, line of up to 16 moves, texts) over %u positions: median %" G_GINT64_FORMAT
                  " us, worst %" G_GINT64_FORMAT " us", times->len, g_array_index (times, gint64, times->len / 2),
                  g_array_index (times, gint64, times->len - 1));
  /* The same positions again, the blocks read once already: the probe
   * alone (what the label needs) and with the line (the pane), in wall
   * time and in this thread's processor time (the machine may be shared:
   * the wall clock counts other processes too). */
  {
    g_autoptr (GArray) wall = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autoptr (GArray) cpu = g_array_new (FALSE, FALSE, sizeof (gint64));
    g_autoptr (GArray) probe_cpu = g_array_new (FALSE, FALSE, sizeof (gint64));
    const DrEgdb *db = dr_egdb_tables_get (window->egdb);
    DrPosition cur = pos;

    for (int i = 0; i < n; i++)
      {
        DrEgdbProbe probe;
        DrEgdbStatus status;
        gint64 c0 = thread_ns (), c1, c2, w0 = g_get_monotonic_time (), w1;

        g_assert_true (dr_egdb_probe (db, &cur, &probe, NULL));
        c1 = thread_ns () - c0;
        c0 = thread_ns ();
        w0 = g_get_monotonic_time ();
        g_assert_true (dr_egdb_status_probe (db, &cur, DR_NOTATION_NUMERIC, 16, &status));
        c2 = thread_ns () - c0;
        w1 = g_get_monotonic_time () - w0;
        dr_egdb_status_clear (&status);
        g_array_append_val (probe_cpu, c1);
        g_array_append_val (cpu, c2);
        g_array_append_val (wall, w1);
        dr_position_apply (&cur, &cur, &line[i]);
      }
    g_array_sort (wall, compare_int64);
    g_array_sort (cpu, compare_int64);
    g_array_sort (probe_cpu, compare_int64);
    g_test_message ("again, %d positions: dr_egdb_probe alone, processor time median %.1f us, worst %.1f us; "
                    "probe with line and texts, processor time median %.1f us, worst %.1f us, wall median %"
                    G_GINT64_FORMAT " us, worst %" G_GINT64_FORMAT " us", n,
                    g_array_index (probe_cpu, gint64, n / 2) / 1e3, g_array_index (probe_cpu, gint64, n - 1) / 1e3,
                    g_array_index (cpu, gint64, n / 2) / 1e3, g_array_index (cpu, gint64, n - 1) / 1e3,
                    g_array_index (wall, gint64, n / 2), g_array_index (wall, gint64, n - 1));
    /* Well under a millisecond of processor time (ten under the
     * sanitizers, which slow it about tenfold). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    g_assert_cmpint (g_array_index (cpu, gint64, n / 2), <, 10000000);
#else
    g_assert_cmpint (g_array_index (cpu, gint64, n / 2), <, 1000000);
#endif
  }
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
  g_settings_reset (settings, "egdb-dir");
}

/* --- the preferences page ---------------------------------------------- */

static gboolean
page_shown (gpointer data)
{
  GtkWindow *prefs = test_find_toplevel (ADW_TYPE_PREFERENCES_WINDOW);

  if (prefs == NULL)
    return FALSE;
  *(DrEgdbPage **) data = (DrEgdbPage *) test_find_widget (GTK_WIDGET (prefs), DR_TYPE_EGDB_PAGE, NULL, NULL);
  return *(DrEgdbPage **) data != NULL && gtk_widget_get_mapped (GTK_WIDGET (*(DrEgdbPage **) data));
}

static gboolean
page_settled (gpointer data)
{
  return !dr_egdb_page_get_refreshing (data);
}

/* Runs the main loop until the page has read the folder again and laid
 * out its new rows. */
static void
settle_page (DrEgdbPage *page)
{
  test_run_for (100);
  wait_until (page_settled, page, 60, "the page to read the folder");
  test_run_for (200);
}

static gboolean
chooser_shown (gpointer data)
{
  return test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG) != NULL;
}

static gboolean
folder_is (gpointer data)
{
  g_autofree char *dir = g_settings_get_string (settings, "egdb-dir");

  return g_str_equal (dir, data);
}

static gboolean
build_over (gpointer data)
{
  return dr_egdb_manager_get_build (dr_egdb_manager_get_default ()) == NULL;
}

static gboolean
build_reached_slice (gpointer data)
{
  const DrEgdbBuildState *b = dr_egdb_manager_get_build (dr_egdb_manager_get_default ());

  return b == NULL || b->slice_index >= GPOINTER_TO_INT (data);
}

/* Brings @widget into the view of its scrolled window (the page is long),
 * then clicks it. */
static void
click_in_page (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  GtkWidget *child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
  double x, y;

  g_assert_nonnull (widget);
  g_assert_true (gtk_widget_get_sensitive (widget));
  test_run_for (100);
  g_assert_true (gtk_widget_translate_coordinates (widget, child, 0, 0, &x, &y));
  gtk_adjustment_set_value (adj, MAX (0, y - 100));
  test_run_for (200);
  test_click_widget (widget);
}

static const char *
row_subtitle (DrEgdbPage    *page,
              const DrRules *rules,
              int            pieces)
{
  AdwActionRow *row = dr_egdb_page_get_count_row (page, rules, pieces);

  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (row);
}

static gint64
mtime_of (const char *dir,
          const char *slice)
{
  g_autofree char *path = g_strdup_printf ("%s/russian/%s.egdb", dir, slice);
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (gint64) st.st_mtime * 1000000000 + st.st_mtim.tv_nsec;
}

static gboolean
expander_titled (GtkWidget *widget,
                 gpointer   data)
{
  return g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

static void
test_page (void)
{
  const DrRules *russian = dr_rules_from_name ("russian");
  g_autofree char *dir = g_build_filename (tmp_dir, "page", NULL);
  g_autofree char *expected = NULL;
  g_autoptr (GPtrArray) small = dr_egdb_plan (russian, 3, NULL);
  g_autofree gint64 *mtimes = NULL;
  DrEgdbPage *page = NULL;
  GtkWidget *english;
  GtkWindow *prefs;
  DrWindow *window;
  DrPosition pos;

  if (test_skip_without_input (have_display))
    return;
  g_settings_reset (settings, "egdb-dir");
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  window = test_open_window (GTK_APPLICATION (app));
  pos = fen (russian, "W:WKa1,Kc1:BKh8");
  dr_game_model_new_game (window->model, russian, &pos);
  test_run_for (100);
  g_assert_null (board_label (window));

  g_action_group_activate_action (G_ACTION_GROUP (app), "egdb", NULL);
  wait_until (page_shown, &page, 20, "the Endgame Databases page");
  prefs = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page)));
  test_run_for (300);
  settle_page (page);

  /* The folder, chosen in the file chooser (GTK's own under Xvfb): the
   * setting and the page follow. */
  {
    g_autofree char *def = dr_egdb_default_dir ();
    g_autoptr (GFile) folder = g_file_new_for_path (dir);
    g_autoptr (GError) error = NULL;
    GtkWindow *chooser;

    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (test_find_widget (GTK_WIDGET (page),
                                                                                     ADW_TYPE_ACTION_ROW, NULL,
                                                                                     NULL))), ==, def);
    click_in_page (test_find_widget (GTK_WIDGET (page), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "Choose…"));
    wait_until (chooser_shown, NULL, 20, "the folder chooser");
    chooser = test_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    g_assert_cmpint (gtk_file_chooser_get_action (GTK_FILE_CHOOSER (chooser)), ==,
                     GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
    g_assert_true (gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, &error));
    G_GNUC_END_IGNORE_DEPRECATIONS
    g_assert_no_error (error);
    test_run_for (300);
    test_click_widget (test_find_widget (GTK_WIDGET (chooser), GTK_TYPE_BUTTON, test_button_has_label,
                                         (gpointer) "_Select"));
    wait_until (folder_is, dir, 20, "the folder chosen in the setting");
    settle_page (page);
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (test_find_widget (GTK_WIDGET (page),
                                                                                     ADW_TYPE_ACTION_ROW, NULL,
                                                                                     NULL))), ==, dir);
  }
  g_assert_true (g_str_has_prefix (row_subtitle (page, russian, 3), "Not installed"));
  g_assert_nonnull (strstr (row_subtitle (page, russian, 3), "(estimate)"));

  /* English opened by a click on its row (Russian, the window's variant,
   * is open already). */
  english = test_find_widget (GTK_WIDGET (page), ADW_TYPE_EXPANDER_ROW, expander_titled,
                              (gpointer) "English draughts (checkers)");
  g_assert_nonnull (english);
  g_assert_false (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (english)));
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (english, GTK_TYPE_SCROLLED_WINDOW);
    GtkWidget *child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
    double x, y;

    g_assert_true (gtk_widget_translate_coordinates (english, child, 0, 0, &x, &y));
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)), MAX (0, y - 100));
    test_run_for (200);
    test_click (english, gtk_widget_get_width (english) / 2.0, 20);
  }
  g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (english)));

  /* Generate 2-3 pieces: listed as installed, and the window, whose
   * position has three pieces, shows its value now.  The page stays
   * where it was scrolled to, English open (issue 23: it closed, and the
   * page went back to the top). */
  click_in_page (dr_egdb_page_get_generate_button (page, russian, 3));
  {
    GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (test_find_widget (GTK_WIDGET (page),
                                                                         GTK_TYPE_SCROLLED_WINDOW, NULL, NULL));
    double scrolled_to = gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scrolled));

    wait_until (build_over, NULL, 120, "the 3-piece build");
    settle_page (page);
    test_run_for (300);
    g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scrolled)), ==, scrolled_to);
  }
  english = test_find_widget (GTK_WIDGET (page), ADW_TYPE_EXPANDER_ROW, expander_titled,
                              (gpointer) "English draughts (checkers)");
  g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (english)));
  g_assert_cmpstr (dr_egdb_page_get_build_title (page), ==, "Russian draughts up to 3 pieces: generated");
  g_assert_true (g_str_has_prefix (row_subtitle (page, russian, 2), "Installed and complete: 3 slices"));
  g_assert_true (g_str_has_prefix (row_subtitle (page, russian, 3), "Installed and complete: 6 slices"));
  /* Issue 23: the variant read "Incomplete" with its tables complete. */
  g_assert_true (g_str_has_prefix (adw_expander_row_get_subtitle (ADW_EXPANDER_ROW (gtk_widget_get_ancestor (
                                     GTK_WIDGET (dr_egdb_page_get_count_row (page, russian, 3)), ADW_TYPE_EXPANDER_ROW))),
                                   "Complete up to 3 pieces, "));
  g_assert_null (dr_egdb_page_get_generate_button (page, russian, 3));
  expected = expected_label (window, dir);
  g_assert_nonnull (expected);
  g_assert_cmpstr (board_label (window), ==, expected);

  /* Generate 4 pieces and cancel it in its first 4-piece slices: the
   * finished slices stay, the page says it was cancelled. */
  mtimes = g_new (gint64, small->len);
  for (guint i = 0; i < small->len; i++)
    mtimes[i] = mtime_of (dir, g_ptr_array_index (small, i));
  click_in_page (dr_egdb_page_get_generate_button (page, russian, 4));
  g_assert_nonnull (dr_egdb_manager_get_build (dr_egdb_manager_get_default ()));
  wait_until (build_reached_slice, GINT_TO_POINTER ((int) small->len), 120, "the first 4-piece slice");
  g_assert_false (build_over (NULL));
  click_in_page (dr_egdb_page_get_cancel_button (page));
  wait_until (build_over, NULL, 120, "the build to stop");
  settle_page (page);
  g_assert_cmpstr (dr_egdb_page_get_build_title (page), ==, "Russian draughts up to 4 pieces: cancelled");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dr_egdb_page_get_build_message (page))));
  g_assert_false (g_str_has_prefix (row_subtitle (page, russian, 4), "Installed and complete"));
  g_assert_nonnull (dr_egdb_page_get_generate_button (page, russian, 4));

  /* Generate again: it completes, and the slices made before are kept
   * as they were (resumed, not rebuilt). */
  click_in_page (dr_egdb_page_get_generate_button (page, russian, 4));
  wait_until (build_over, NULL, 300, "the 4-piece build");
  settle_page (page);
  g_assert_cmpstr (dr_egdb_page_get_build_title (page), ==, "Russian draughts up to 4 pieces: generated");
  g_assert_true (g_str_has_prefix (row_subtitle (page, russian, 4), "Installed and complete: 14 slices"));
  for (guint i = 0; i < small->len; i++)
    g_assert_cmpint (mtime_of (dir, g_ptr_array_index (small, i)), ==, mtimes[i]);

  /* A folder that cannot be made: said in the page, as an error. */
  {
    g_autofree char *file = g_build_filename (tmp_dir, "a-file", NULL);
    g_autofree char *bad = g_build_filename (file, "egdb", NULL);
    GtkLabel *message = dr_egdb_page_get_build_message (page);

    g_assert_true (g_file_set_contents (file, "not a folder", -1, NULL));
    g_settings_set_string (settings, "egdb-dir", bad);
    settle_page (page);
    click_in_page (dr_egdb_page_get_generate_button (page, russian, 2));
    g_assert_cmpstr (dr_egdb_page_get_build_title (page), ==, "Russian draughts up to 2 pieces: not started");
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (message)));
    g_assert_nonnull (strstr (gtk_label_get_text (message), "cannot be written"));
    g_assert_nonnull (strstr (gtk_label_get_text (message), bad));
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (message), "error"));
    g_assert_true (build_over (NULL));
  }

  /* A damaged file: the row says which and why; the window shows no
   * value from tables it cannot trust. */
  {
    g_autofree char *damaged = g_build_filename (tmp_dir, "damaged", NULL);
    g_autofree char *file = g_build_filename (damaged, "russian", "k-k.egdb", NULL);

    build (damaged, "russian", 3);
    g_assert_true (g_file_set_contents (file, "garbage, not a table", -1, NULL));
    g_settings_set_string (settings, "egdb-dir", damaged);
    settle_page (page);
    g_assert_nonnull (strstr (row_subtitle (page, russian, 2), "Damaged: "));
    g_assert_nonnull (strstr (row_subtitle (page, russian, 2), "k-k.egdb"));
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (dr_egdb_page_get_count_row (page, russian, 2)), "error"));
    g_assert_null (board_label (window));
  }

  gtk_window_destroy (prefs);
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
  g_settings_reset (settings, "egdb-dir");
}

/* --- opening off the main thread ------------------------------------- */

/* The main loop's pulse: a timeout every 5 ms, and the longest time it
 * went without one. */
typedef struct
{
  guint  n;
  gint64 last;
  gint64 longest;
} Pulse;

static gboolean
pulse_cb (gpointer data)
{
  Pulse *p = data;
  gint64 now = g_get_monotonic_time ();

  p->n++;
  p->longest = MAX (p->longest, now - p->last);
  p->last = now;
  return G_SOURCE_CONTINUE;
}

/* Holds readers of a FIFO until its release: opened for writing too, a
 * FIFO lets every reader's open() through (fifo(7)). */
typedef struct
{
  char *path;
  int   fd;
} Fifo;

static gpointer
fifo_release_thread (gpointer data)
{
  Fifo *f = data;

  /* Were the tables opened on the main thread, it would be stuck in
   * open() until now: the test then fails rather than hangs. */
  g_usleep (5 * G_USEC_PER_SEC);
  f->fd = open (f->path, O_RDWR | O_NONBLOCK);
  return NULL;
}

static gboolean
label_answered (gpointer data)
{
  return !((DrWindow *) data)->egdb_busy;
}

/* The tables are opened and the page reads the folder on worker threads:
 * a table file that blocks whoever opens it (a FIFO under a table's name)
 * holds both for five seconds, and meanwhile the main loop goes on
 * turning (a gap of up to two seconds is allowed for a loaded machine);
 * when the folder changes, the window's label and the page's rows
 * follow. */
static void
test_open_async (void)
{
  const DrRules *english = dr_rules_from_name ("english");
  g_autofree char *good = g_build_filename (tmp_dir, "async-good", NULL);
  g_autofree char *slow = g_build_filename (tmp_dir, "async-slow", NULL);
  Fifo fifo = { NULL, -1 };
  Pulse pulse = { 0 };
  DrEgdbPage *page = NULL;
  GThread *release;
  DrWindow *window;
  DrPosition pos;
  guint source;

  if (test_skip_without_input (have_display))
    return;
  build (good, "english", 3);
  build (slow, "english", 3);
  fifo.path = g_build_filename (slow, "english", "k-k.egdb", NULL);
  g_assert_cmpint (g_remove (fifo.path), ==, 0);
  g_assert_cmpint (mkfifo (fifo.path, 0600), ==, 0);

  g_settings_reset (settings, "egdb-dir");
  window = test_open_window (GTK_APPLICATION (app));
  pos = fen (english, "W:WK22:BK18");
  dr_game_model_new_game (window->model, english, &pos);
  test_run_for (100);
  g_assert_null (board_label (window));
  g_action_group_activate_action (G_ACTION_GROUP (app), "egdb", NULL);
  wait_until (page_shown, &page, 20, "the Endgame Databases page");
  settle_page (page);
  g_assert_true (g_str_has_prefix (row_subtitle (page, english, 3), "Not installed"));

  /* The folder with the blocking file: for two seconds and a half, the
   * main loop turns and both wait for the worker. */
  source = g_timeout_add (5, pulse_cb, &pulse);
  pulse.last = g_get_monotonic_time ();
  test_run_for (500);
  pulse_cb (&pulse);
  g_test_message ("before: %u turns of the main loop in 500 ms, the longest gap %.1f ms", pulse.n,
                  pulse.longest / 1000.0);
  pulse.n = 0;
  pulse.longest = 0;
  release = g_thread_new ("fifo-release", fifo_release_thread, &fifo);
  pulse.last = g_get_monotonic_time ();
  g_settings_set_string (settings, "egdb-dir", slow);
  test_run_for (2500);
  pulse_cb (&pulse);
  g_test_message ("while the tables were held: %u turns of the main loop in 2500 ms, the longest gap %.1f ms",
                  pulse.n, pulse.longest / 1000.0);
  g_assert_cmpint (pulse.longest, <, 2000 * 1000);
  g_assert_cmpuint (pulse.n, >=, 20);
  g_assert_true (window->egdb_busy);
  g_assert_true (dr_egdb_manager_is_opening (dr_egdb_manager_get_default (), english));
  g_assert_true (dr_egdb_page_get_refreshing (page));

  /* Let go: the FIFO reads as an empty file, which is refused. */
  g_thread_join (release);
  g_assert_cmpint (fifo.fd, >=, 0);
  wait_until (label_answered, window, 20, "the label after the opening");
  settle_page (page);
  g_assert_null (board_label (window));
  g_assert_nonnull (strstr (row_subtitle (page, english, 2), "Damaged: "));
  g_assert_nonnull (strstr (row_subtitle (page, english, 2), "k-k.egdb"));
  /* Unlinked before it is closed: nobody can open it again and wait. */
  g_assert_cmpint (g_remove (fifo.path), ==, 0);
  close (fifo.fd);

  /* The folder of good tables: the label and the rows follow. */
  g_settings_set_string (settings, "egdb-dir", good);
  wait_until (label_answered, window, 20, "the label after the opening");
  g_assert_cmpstr (board_label (window), ==, "Database: White wins in 1");
  settle_page (page);
  g_assert_true (g_str_has_prefix (row_subtitle (page, english, 3), "Installed and complete: "));
  g_assert_null (strstr (row_subtitle (page, english, 2), "Damaged"));
  /* And after a build finishes (here, of another variant) the page reads
   * the folder again. */
  g_assert_true (g_str_has_prefix (row_subtitle (page, dr_rules_from_name ("russian"), 2), "Not installed"));
  g_assert_true (dr_egdb_manager_build (dr_egdb_manager_get_default (), dr_rules_from_name ("russian"), 2, NULL));
  wait_until (build_over, NULL, 60, "the 2-piece build");
  settle_page (page);
  g_assert_true (g_str_has_prefix (row_subtitle (page, dr_rules_from_name ("russian"), 2),
                                   "Installed and complete: "));

  g_source_remove (source);
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (page))));
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
  g_settings_reset (settings, "egdb-dir");
  g_free (fifo.path);
}

/* --- the outside engine ------------------------------------------------ */

static gboolean
engine_line_deep (gpointer data)
{
  DrWindow *window = data;
  const DrSearchInfo *line;

  if (window->hub_engine == NULL || !dr_hub_engine_get_running (window->hub_engine))
    return FALSE;
  line = dr_hub_engine_get_line (window->hub_engine);
  return line != NULL && line->depth >= 6;
}

static gboolean
file_has (gpointer data)
{
  const char *const *what = data;
  g_autofree char *text = NULL;

  return g_file_get_contents (what[0], &text, NULL, NULL) && strstr (text, what[1]) != NULL;
}

/* The outside Hub engine gets the tables' folder through set-param, when
 * it declares the parameter: our own `draughtsman-cli hub` (through a
 * `tee` that keeps what it is told), on the First Position, which its
 * search alone scores +1.42 at depth 14 (README.md) and the tables as a
 * win.  An engine that does not declare the parameter is not sent it. */
static void
test_outside_engine (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  const DrRules *english = dr_rules_from_name ("english");
  g_autofree char *dir = g_build_filename (tmp_dir, "engine", NULL);
  g_autofree char *log = g_build_filename (tmp_dir, "engine-input.log", NULL);
  g_autofree char *fake_log = g_build_filename (tmp_dir, "fake-input.log", NULL);
  g_autofree char *fake = g_build_filename (tmp_dir, "fake-engine.sh", NULL);
  g_autofree char *command = NULL;
  g_autofree char *set_param = NULL;
  g_autofree char *text = NULL;
  const DrSearchInfo *line;
  DrWindow *window;
  DrPosition pos;

  if (test_skip_without_input (have_display))
    return;
  if (cli == NULL)
    {
      g_test_skip ("DRAUGHTSMAN_CLI is not set");
      return;
    }
  build (dir, "english", 4);
  g_settings_set_string (settings, "egdb-dir", dir);
  command = g_strdup_printf ("sh -c 'tee \"$0\" | \"$1\" hub' '%s' '%s'", log, cli);
  g_settings_set_string (settings, "engine-command", command);
  g_settings_set_string (settings, "engine-options", "");
  window = test_open_window (GTK_APPLICATION (app));
  pos = fen (english, "W:WK15,20:BK28,12");
  dr_game_model_new_game (window->model, english, &pos);

  test_click_widget (GTK_WIDGET (window->analysis_button));
  wait_until (engine_line_deep, window, 60, "the outside engine's line at depth 6");
  line = dr_hub_engine_get_line (window->hub_engine);
  g_test_message ("outside engine: depth %d, score %d", line->depth, line->score);
  /* A win from the tables (Hub scores are capped below our own wins). */
  g_assert_cmpint (line->score, >=, DR_SCORE_DB_UNSURE);
  set_param = g_strdup_printf ("set-param name=egdb-dir value=%s\n", dir);
  g_assert_true (g_file_get_contents (log, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, set_param));
  g_assert_true (strstr (text, set_param) < strstr (text, "init\n"));
  test_click_widget (GTK_WIDGET (window->analysis_button));
  g_assert_false (dr_hub_engine_get_running (window->hub_engine));

  /* An engine that declares no such parameter. */
  {
    const char *script = "#!/bin/sh\n"
                         "while IFS= read -r line; do\n"
                         "  printf '%s\\n' \"$line\" >> \"$1\"\n"
                         "  case \"$line\" in\n"
                         "    hub) echo 'id name=Fake'; echo 'param name=hash value=8 type=int min=1 max=64';"
                         " echo 'param name=variant value=normal type=enum values=\"normal english\"'; echo wait;;\n"
                         "    init) echo ready;;\n"
                         "    stop) echo 'done move=';;\n"
                         "    quit) exit 0;;\n"
                         "  esac\n"
                         "done\n";
    const char *what[] = { fake_log, "init", NULL };
    g_autofree char *fake_command = g_strdup_printf ("'%s' '%s'", fake, fake_log);
    g_autofree char *seen = NULL;

    g_assert_true (g_file_set_contents (fake, script, -1, NULL));
    g_assert_cmpint (g_chmod (fake, 0755), ==, 0);
    g_settings_set_string (settings, "engine-command", fake_command);
    test_click_widget (GTK_WIDGET (window->analysis_button));
    wait_until (file_has, (gpointer) what, 20, "the fake engine's init");
    g_assert_true (g_file_get_contents (fake_log, &seen, NULL, NULL));
    g_assert_nonnull (strstr (seen, "set-param name=variant value=english"));
    g_assert_null (strstr (seen, "egdb-dir"));
    test_click_widget (GTK_WIDGET (window->analysis_button));
  }

  dr_window_close_confirmed (window, FALSE);
  test_run_for (200);
  g_settings_reset (settings, "engine-command");
  g_settings_reset (settings, "engine-options");
  g_settings_reset (settings, "egdb-dir");
}

/* --- quitting during a build ------------------------------------------ */

static const char *const stop_question = "Stop the Table Build?";

static GtkWindow *
find_question (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_mapped (GTK_WIDGET (w))
          && g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w)), stop_question) == 0)
        return w;
    }
  return NULL;
}

static gboolean
question_shown (gpointer data)
{
  return find_question () != NULL;
}

static gboolean
pointer_cleared (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* Waits for the question and clicks its button @label. */
static void
answer_question (const char *label)
{
  GtkWindow *dialog;
  GtkWidget *button;

  wait_until (question_shown, NULL, 20, stop_question);
  dialog = find_question ();
  g_assert_true (gtk_window_get_transient_for (dialog) != NULL);
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) label);
  g_assert_nonnull (button);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  test_click_widget (button);
  wait_until (pointer_cleared, &dialog, 20, "the question to close");
}

static gboolean
has_partial_file (const char *folder)
{
  g_autoptr (GDir) d = g_dir_open (folder, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (strstr (name, ".egdb.") != NULL)
      return TRUE;
  return FALSE;
}

/* Closing the last window (or quitting) while tables are built asks
 * first: Cancel keeps the window and the build; Stop and Quit stops the
 * build, keeps the slices it finished, and closes. */
static void
test_quit_during_build (void)
{
  const DrRules *russian = dr_rules_from_name ("russian");
  DrEgdbManager *manager = dr_egdb_manager_get_default ();
  g_autofree char *dir = g_build_filename (tmp_dir, "quit", NULL);
  g_autofree char *folder = g_build_filename (dir, "russian", NULL);
  g_autoptr (GPtrArray) small = dr_egdb_plan (russian, 3, NULL);
  g_autoptr (GPtrArray) plan = dr_egdb_plan (russian, 5, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrEgdb) db = NULL;
  DrWindow *window;
  int stopped_at;

  if (test_skip_without_input (have_display))
    return;
  g_settings_set_string (settings, "egdb-dir", dir);
  /* What a write killed half-way would leave (g_file_set_contents'
   * temporary file): the stopped build removes it. */
  {
    g_autofree char *partial = g_build_filename (folder, "kk-k.egdb.Q7XZ2P", NULL);

    g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
    g_assert_true (g_file_set_contents (partial, "half a table", -1, NULL));
    g_assert_true (has_partial_file (folder));
  }
  window = test_open_window (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  g_assert_true (dr_egdb_manager_build (manager, russian, 5, &error));
  g_assert_no_error (error);
  wait_until (build_reached_slice, GINT_TO_POINTER ((int) small->len), 120, "the first 4-piece slice");
  g_assert_false (build_over (NULL));

  /* The window's close button (the real close request): asked, and on
   * Cancel nothing changes. */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_close (GTK_WINDOW (window));
  answer_question ("_Cancel");
  /* That nothing closes: a fixed wait. */
  test_run_for (200);
  g_assert_nonnull (window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  g_assert_false (build_over (NULL));

  /* Quit (the application's action) asks the same. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  answer_question ("_Cancel");
  test_run_for (200);   /* that nothing closes */
  g_assert_nonnull (window);
  g_assert_false (build_over (NULL));

  /* Stop and Quit: the build stops, then the window closes. */
  gtk_window_close (GTK_WINDOW (window));
  answer_question ("_Stop and Quit");
  wait_until (pointer_cleared, &window, 60, "the window to close");
  g_assert_true (build_over (NULL));
  /* The slices finished are there and pass their checks, in the plan's
   * order up to the one under way, which left nothing; nor any after. */
  db = dr_egdb_open (russian, dir, &error);
  g_assert_no_error (error);
  g_assert_nonnull (db);
  stopped_at = -1;
  for (guint i = 0; i < plan->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s.egdb", folder, (char *) g_ptr_array_index (plan, i));

      if (stopped_at < 0 && !g_file_test (path, G_FILE_TEST_IS_REGULAR))
        stopped_at = (int) i;
      if (stopped_at >= 0)
        g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  g_test_message ("stopped at slice %d of %u", stopped_at, plan->len);
  g_assert_cmpint (stopped_at, >=, (int) small->len);
  g_assert_cmpint (dr_egdb_max_pieces (db), >=, 3);
  g_assert_false (has_partial_file (folder));
  g_settings_reset (settings, "egdb-dir");
}

/* --- main ------------------------------------------------------------- */

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  /* /app/egdb/open-async measures how long the main loop goes without a
   * turn: Mesa's software OpenGL under Xvfb compiles its shaders on the
   * main thread (hundreds of milliseconds a frame at first), cairo does
   * not. */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  /* A state folder of its own: no other program's sessions. */
  test_app_own_state ("test-app-egdb");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/egdb/label", test_label);
  g_test_add_func ("/app/egdb/page", test_page);
  g_test_add_func ("/app/egdb/open-async", test_open_async);
  g_test_add_func ("/app/egdb/outside-engine", test_outside_engine);
  g_test_add_func ("/app/egdb/quit-during-build", test_quit_during_build);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "egdb",
    .settings = &settings,
    .flags = TEST_APP_QUIET,
  });
}
