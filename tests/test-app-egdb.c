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

#include <glib/gstdio.h>
#include <string.h>
#include <time.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;
static GSettings *settings;

/* --- helpers ---------------------------------------------------------- */

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_dir_close (dir);
    }
  g_remove (path);
}


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

static void
test_page (void)
{
  const DrRules *russian = dr_rules_from_name ("russian");
  g_autofree char *dir = g_build_filename (tmp_dir, "page", NULL);
  g_autofree char *expected = NULL;
  g_autoptr (GPtrArray) small = dr_egdb_plan (russian, 3, NULL);
  g_autofree gint64 *mtimes = NULL;
  DrEgdbPage *page = NULL;
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
    test_run_for (200);
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (test_find_widget (GTK_WIDGET (page),
                                                                                     ADW_TYPE_ACTION_ROW, NULL,
                                                                                     NULL))), ==, dir);
  }
  g_assert_true (g_str_has_prefix (row_subtitle (page, russian, 3), "Not installed"));
  g_assert_nonnull (strstr (row_subtitle (page, russian, 3), "(estimate)"));

  /* Generate 2-3 pieces: listed as installed, and the window, whose
   * position has three pieces, shows its value now. */
  click_in_page (dr_egdb_page_get_generate_button (page, russian, 3));
  wait_until (build_over, NULL, 120, "the 3-piece build");
  test_run_for (200);
  g_assert_cmpstr (dr_egdb_page_get_build_title (page), ==, "Russian draughts up to 3 pieces: generated");
  g_assert_true (g_str_has_prefix (row_subtitle (page, russian, 2), "Installed and complete: 3 slices"));
  g_assert_true (g_str_has_prefix (row_subtitle (page, russian, 3), "Installed and complete: 6 slices"));
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
  test_run_for (200);
  g_assert_cmpstr (dr_egdb_page_get_build_title (page), ==, "Russian draughts up to 4 pieces: cancelled");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dr_egdb_page_get_build_message (page))));
  g_assert_false (g_str_has_prefix (row_subtitle (page, russian, 4), "Installed and complete"));
  g_assert_nonnull (dr_egdb_page_get_generate_button (page, russian, 4));

  /* Generate again: it completes, and the slices made before are kept
   * as they were (resumed, not rebuilt). */
  click_in_page (dr_egdb_page_get_generate_button (page, russian, 4));
  wait_until (build_over, NULL, 300, "the 4-piece build");
  test_run_for (200);
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
    test_run_for (300);
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
    test_run_for (300);
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

/* --- main ------------------------------------------------------------- */

int
main (int    argc,
      char **argv)
{
  int status;

  test_ensure_private_home ();
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  g_setenv ("GTK_A11Y", "none", FALSE);
  /* A state folder of its own: no other program's sessions. */
  {
    g_autofree char *state = g_build_filename (g_getenv ("XDG_STATE_HOME"), "test-app-egdb", NULL);
    g_setenv ("XDG_STATE_HOME", state, TRUE);
    g_mkdir_with_parents (state, 0700);
  }

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/egdb/label", test_label);
  g_test_add_func ("/app/egdb/page", test_page);

  have_display = test_app_init ();
  if (!have_display)
    return g_test_run ();
  tmp_dir = g_dir_make_tmp ("draughtsman-egdb-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  app = test_app_register ();
  settings = g_settings_new (APP_ID);
  g_settings_set_boolean (settings, "auto-play-forced", FALSE);
  g_settings_set_boolean (settings, "animate", FALSE);

  status = g_test_run ();

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL;
       l = gtk_application_get_windows (GTK_APPLICATION (app)))
    gtk_window_destroy (l->data);
  g_clear_object (&settings);
  g_clear_object (&app);
  remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
