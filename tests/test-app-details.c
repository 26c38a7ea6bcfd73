/* test-app-details.c — Game Details, the dialogs and the window's details
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks and keys
 * (test-app-util.h):
 *
 *  - Game Details (Ctrl+I) keeps what is typed in a field when the focus
 *    moves to another field and when the window is closed with its ×,
 *    each field one undo step;
 *  - an unknown tag ("?") shows as an empty field with "?" as its
 *    placeholder: what is typed replaces it, and a field emptied is
 *    written "?" again (PDN 3.0);
 *  - Escape closes Game Details, Search Database, Import Games and Train
 *    Repertoire; Game Details opens inside the main window;
 *  - the window's title names the file and the application, and its
 *    subtitle the file and the variant;
 *  - a click on a piece that may not move because a capture is
 *    compulsory says so and marks the pieces that must capture;
 *  - an engine line clicked goes into the game as one undo step;
 *  - the game list's filter is cleared when another file is opened;
 *  - Keyboard Shortcuts shows Ctrl+Space for the analysis, without
 *    GTK's warnings;
 *  - the board's margin is dark in the dark style;
 *  - a file opened while the last session's window reads its own file
 *    gets a window of its own.
 */

#define G_LOG_DOMAIN "test-app-details"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-window-gamedb.h"
#include "dr-window-private.h"

#include <adwaita.h>
#include <signal.h>
#include <string.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

static const char *
tag (DrWindow   *window,
     const char *name)
{
  return dr_game_get_tag (dr_game_model_get_game (window->model), name);
}

static GtkWindow *
details_window (void)
{
  GtkWindow *w = test_find_toplevel (ADW_TYPE_WINDOW);

  return w != NULL && g_strcmp0 (gtk_window_get_title (w), "Game Details") == 0 ? w : NULL;
}

static gboolean
details_shown (gpointer data)
{
  return details_window () != NULL;
}

static gboolean
details_gone (gpointer data)
{
  return details_window () == NULL;
}

static gboolean
row_titled (GtkWidget *widget,
            gpointer   data)
{
  return g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

static GtkWidget *
find_row (GtkWindow  *details,
          const char *title)
{
  GtkWidget *row = test_find_widget (GTK_WIDGET (details), ADW_TYPE_ENTRY_ROW, row_titled, (gpointer) title);

  g_assert_nonnull (row);
  return row;
}

/* Ctrl+I, typed into @window: Game Details, shown. */
static GtkWindow *
open_details (DrWindow *window)
{
  test_keys (GTK_WINDOW (window), "ctrl+i");
  test_wait_until (details_shown, NULL, "Game Details");
  /* The page scrolls to the row focused: clicked once it stands still. */
  test_run_for (400);
  return details_window ();
}

/* A click into the row titled @title of @details and @text typed there,
 * after what it holds: no Return. */
static void
type_into_row (GtkWindow  *details,
               const char *title,
               const char *text)
{
  GtkWidget *row = find_row (details, title);

  test_click_widget (row);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (details)), row));
  test_xdotool ((const char *const[]) { "key", "--clearmodifiers", "End", NULL });
  test_type (details, text);
}

static gboolean
is_close_button (GtkWidget *widget,
                 gpointer   data)
{
  return gtk_widget_has_css_class (widget, "close");
}

/* A click on the × of @details. */
static void
click_close (GtkWindow *details)
{
  GtkWidget *close = test_find_widget (GTK_WIDGET (details), GTK_TYPE_BUTTON, is_close_button, NULL);

  g_assert_nonnull (close);
  test_click_widget (close);
  test_wait_until (details_gone, NULL, "Game Details to close");
}

/* Issue 23: "typing a new Event and White and closing with the × keeps
 * nothing".  Before the fix each field had to be confirmed with Return or
 * its ✓: both tags stayed as they were. */
static void
test_details_keep_typed (void)
{
  DrWindow *window;
  GtkWindow *details;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  g_assert_cmpstr (tag (window, "Event"), ==, "?");
  g_assert_cmpstr (tag (window, "White"), ==, "?");

  details = open_details (window);
  /* Typed, then the focus moved on: kept. */
  type_into_row (details, "Event", "Ch NL");
  type_into_row (details, "White", "Sijbrands");
  g_assert_cmpstr (tag (window, "Event"), ==, "Ch NL");
  /* Typed, then the window closed with its ×: kept. */
  click_close (details);
  g_assert_cmpstr (tag (window, "White"), ==, "Sijbrands");
  g_assert_cmpstr (gtk_label_get_text (window->players_label), ==, "Sijbrands – Black");

  /* One undo step each. */
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_cmpstr (tag (window, "White"), ==, "?");
  g_assert_cmpstr (tag (window, "Event"), ==, "Ch NL");
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_cmpstr (tag (window, "Event"), ==, "?");
  test_put_away (window);
}

static const char *
placeholder (GtkWidget *row)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (row));

  g_assert_true (GTK_IS_TEXT (text));
  return gtk_text_get_placeholder_text (GTK_TEXT (text));
}

/* Issue 23: an unknown tag showed "?" as its text, so typing into it gave
 * "?Sijbrands".  Before the fix the Black row held "?" and the tag became
 * "?Sijbrands". */
static void
test_details_unknown (void)
{
  DrWindow *window;
  GtkWindow *details;
  GtkWidget *row;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  details = open_details (window);
  row = find_row (details, "Black");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");
  g_assert_cmpstr (placeholder (row), ==, "?");
  type_into_row (details, "Black", "Sijbrands");
  test_keys (details, "Return");
  g_assert_cmpstr (tag (window, "Black"), ==, "Sijbrands");

  /* Emptied: unknown again, "?" as PDN 3.0 writes it. */
  test_click_widget (row);
  test_keys (details, "ctrl+a BackSpace Return");
  g_assert_cmpstr (tag (window, "Black"), ==, "?");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");
  click_close (details);
  test_put_away (window);
}

static gboolean
window_hidden (gpointer data)
{
  return !gtk_widget_get_visible (data);
}

/* Escape typed into @dialog closes it (hidden, or destroyed). */
static void
escape_closes (GtkWindow *dialog)
{
  g_autoptr (GtkWindow) held = g_object_ref (dialog);

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));
  test_run_for (300);
  test_keys (dialog, "Escape");
  test_wait_until (window_hidden, dialog, "Escape to close the dialog");
}

/* Issue 23: "Escape closes it, and so does every other dialog (Search
 * Database ignores Escape today).  Its default height fits inside the
 * main window", and Import Games and Search Database have a title bar of
 * their own, as the other dialogs.  Before the fix Escape left Game
 * Details, Search Database, Import Games and Train Repertoire open, and
 * Game Details was 760 pixels high in a 700-pixel window. */
static void
test_dialogs_escape (void)
{
  DrWindow *window;
  GtkWindow *details, *dialog;
  int width = 0, height = 0;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  details = open_details (window);
  gtk_window_get_default_size (details, &width, &height);
  g_assert_cmpint (height, >, 0);
  g_assert_cmpint (height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (details)), <=, gtk_widget_get_height (GTK_WIDGET (window)));
  type_into_row (details, "Round", "7");
  test_keys (details, "Escape");
  test_wait_until (details_gone, NULL, "Escape to close Game Details");
  g_assert_cmpstr (tag (window, "Round"), ==, "7");

  dialog = GTK_WINDOW (dr_window_show_search (window));
  g_assert_nonnull (gtk_window_get_titlebar (dialog));
  escape_closes (dialog);
  dialog = GTK_WINDOW (dr_window_show_import (window));
  g_assert_nonnull (gtk_window_get_titlebar (dialog));
  escape_closes (dialog);
  dialog = GTK_WINDOW (dr_window_show_drill (window));
  g_assert_nonnull (gtk_window_get_titlebar (dialog));
  escape_closes (dialog);
  test_put_away (window);
}

static gboolean
file_shown (gpointer data)
{
  return ((DrWindow *) data)->file != NULL && !dr_window_get_modified (data);
}

/* Issue 23: "The window's title is never set: taskbars and Alt+Tab show
 * "draughtsman"", and "The subtitle reads "Unsaved game • — International
 * draughts"".  Before the fix the title was NULL, and the subtitle of a
 * changed game had "• —" in it. */
static void
test_window_title (void)
{
  DrWindow *window;
  g_autoptr (GFile) file = NULL;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Unsaved game — Draughtsman");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Unsaved game — International draughts");
  test_click_move (window, n10 (32), n10 (28));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "*Unsaved game — Draughtsman");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "*Unsaved game — International draughts");
  test_put_away (window);

  window = test_open_window (GTK_APPLICATION (app));
  file = test_make_file (tmp_dir, "title.pdn", "[GameType \"20\"]\n\n1. 32-28 *\n");
  dr_window_open_file (window, file);
  test_wait_until (file_shown, window, "the file to be read");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "title.pdn — Draughtsman");
  test_put_away (window);
}

static void
illegal_cb (DrBoardState *board,
            const char   *reason,
            char        **last)
{
  g_free (*last);
  *last = g_strdup (reason);
}

/* @pdn's first game, shown in @window. */
static void
show_game (DrWindow   *window,
           const char *pdn)
{
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "test.pdn", NULL, NULL, NULL);
  DrGame *game = NULL;

  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, NULL), ==, DR_PDN_READ_WHOLE);
  dr_game_model_set_game (window->model, game);
  test_settle ();
}

/* Issue 23: "When a capture is compulsory, clicking a piece that cannot
 * move says so plainly, without the garbled move text shown today
 * ("“31-31” is not legal: a capture is compulsory: 28x19"), and
 * highlights the pieces that must capture."  Before the fix the reason
 * was "“40-40” is not legal: a capture is compulsory: 28x19" and no piece
 * was marked. */
static void
test_capture_compulsory (void)
{
  DrWindow *window;
  g_autofree char *reason = NULL;
  gulong id;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  show_game (window, "[GameType \"20\"]\n[SetUp \"1\"]\n[FEN \"W:W28,33,40:B23,29\"]\n\n*\n");
  id = g_signal_connect (window->board, "illegal", G_CALLBACK (illegal_cb), &reason);

  /* 28x19 and 33x24 are the moves (capturing is compulsory);
   * 40 may not move. */
  test_click_square (window->board_view, n10 (40));
  g_assert_cmpstr (reason, ==, "A capture is compulsory: one of the pieces on 28, 33 must capture.");
  g_assert_cmpuint (dr_board_state_get_must_capture (window->board), ==, dr_bb_bit (n10 (28)) | dr_bb_bit (n10 (33)));
  g_assert_cmpint (dr_board_state_get_selected (window->board), ==, -1);

  /* The marks go with the next click: a capturing piece selected. */
  test_click_square (window->board_view, n10 (28));
  g_assert_cmpuint (dr_board_state_get_must_capture (window->board), ==, 0);
  g_assert_cmpint (dr_board_state_get_selected (window->board), ==, n10 (28));
  g_signal_handler_disconnect (window->board, id);
  test_put_away (window);
}

/* The engine's first line shows three moves or more. */
static gboolean
long_line_shown (gpointer data)
{
  DrWindow *window = data;
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (window->analysis_lines, 0);
  g_auto (GStrv) words = NULL;
  GtkWidget *label;

  if (row == NULL || !GTK_IS_LABEL (label = gtk_list_box_row_get_child (row)))
    return FALSE;
  words = g_strsplit_set (gtk_label_get_text (GTK_LABEL (label)), " ", -1);
  return g_strv_length (words) >= 5;      /* the score, two spaces, three moves */
}

static guint
line_length (DrGameNode *node)
{
  guint n = 0;

  for (node = node->children; node != NULL; node = node->children)
    n++;
  return n;
}

/* Issue 23: "Clicking an engine line adds it as a variation in one undo
 * step.  Today one Ctrl+Z takes off one of its ~20 moves."  Before the
 * fix, one Ctrl+Z left all the line's moves but its last. */
static void
test_engine_line_undo (void)
{
  DrWindow *window;
  DrGameNode *root;
  GtkListBoxRow *row;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  root = dr_game_model_get_current (window->model);
  g_assert_null (root->children);
  test_keys (GTK_WINDOW (window), "ctrl+space");
  test_wait_until (long_line_shown, window, "a line of three moves");
  /* The rows are made again as the search deepens: activated at once
   * rather than by a click that a new row could take the place of. */
  row = gtk_list_box_get_row_at_index (window->analysis_lines, 0);
  g_signal_emit_by_name (window->analysis_lines, "row-activated", row);
  g_assert_true (dr_game_model_get_current (window->model) == root);
  g_assert_cmpuint (line_length (root), >=, 3);
  test_keys (GTK_WINDOW (window), "ctrl+space");

  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_null (dr_game_model_get_game (window->model)->root->children);
  test_put_away (window);
}

typedef struct
{
  DrWindow *window;
  guint     n_games;
  guint     n_shown;
} ListCount;

static gboolean
list_counts (gpointer data)
{
  ListCount *c = data;

  return !dr_game_list_get_busy (c->window->game_list)
         && dr_game_list_get_n_games (c->window->game_list) == c->n_games
         && dr_game_list_get_n_shown (c->window->game_list) == c->n_shown;
}

static const char three_games[] =
  "[White \"Anna\"]\n[Black \"Bert\"]\n[GameType \"20\"]\n\n1. 32-28 *\n\n"
  "[White \"Carl\"]\n[Black \"Dirk\"]\n[GameType \"20\"]\n\n1. 33-28 *\n\n"
  "[White \"Eva\"]\n[Black \"Fem\"]\n[GameType \"20\"]\n\n1. 34-29 *\n";
static const char two_games[] =
  "[White \"Gijs\"]\n[Black \"Hans\"]\n[GameType \"20\"]\n\n1. 31-27 *\n\n"
  "[White \"Ids\"]\n[Black \"Jan\"]\n[GameType \"20\"]\n\n1. 31-26 *\n";

/* Issue 23: "A game list filter carries over to the next file opened:
 * "0 of 33 games" until cleared."  Before the fix the second file showed
 * 0 of its 2 games. */
static void
test_filter_per_file (void)
{
  DrWindow *window;
  g_autoptr (GFile) first = NULL, second = NULL;
  GtkWidget *search;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  first = test_make_file (tmp_dir, "three.pdn", three_games);
  second = test_make_file (tmp_dir, "two.pdn", two_games);
  dr_window_open_file (window, first);
  test_wait_until (list_counts, &(ListCount) { window, 3, 3 }, "the three games");
  test_run_for (300);

  search = dr_game_list_get_search_entry (window->game_list);
  test_click_widget (search);
  test_type (GTK_WINDOW (window), "Nobody");
  test_wait_until (list_counts, &(ListCount) { window, 3, 0 }, "no game to fit the filter");

  dr_window_open_file (window, second);
  test_wait_until (list_counts, &(ListCount) { window, 2, 2 }, "both games of the second file");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (search)), ==, "");
  test_put_away (window);
}

/* Issue 23: "The Keyboard Shortcuts window shows no key for starting the
 * analysis (Ctrl+Space), and prints "GtkLabel reported min width -3"
 * twice."  Before the fix the window's first drawing stopped the test
 * with that warning (warnings are fatal here), and the analysis had no
 * key. */
static void
test_shortcuts_window (void)
{
  DrWindow *window;
  GtkWindow *shortcuts;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  shortcuts = test_shortcuts_open (GTK_WINDOW (window));
  g_assert_cmpstr (test_shortcut_accelerator (shortcuts, "Start or stop the analysis"), ==, "<Control>space");
  escape_closes (shortcuts);
  test_put_away (window);
}

/* The luminance of the board view's pixel at (@x, @y), as drawn now. */
static double
board_luminance (DrBoardView *view,
                 double       x,
                 double       y)
{
  GtkWidget *widget = GTK_WIDGET (view);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree guchar *pixels = g_malloc ((gsize) w * h * 4);
  const guchar *p;

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h));
  gdk_texture_download (texture, pixels, (gsize) w * 4);
  /* GDK_MEMORY_DEFAULT: B, G, R, A. */
  p = pixels + ((gsize) y * w + (gsize) x) * 4;
  return (0.0722 * p[0] + 0.7152 * p[1] + 0.2126 * p[2]) / 255.0;
}

/* Issue 23: "Dark style leaves the board's margin bright cream."  Before
 * the fix the margin drew at the same cream (luminance 0.94) in both
 * styles. */
static void
test_dark_margin (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  DrWindow *window;
  double x6, y6, x7, y7, cell, mx, my;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  /* Square 6 is the first of its rank, 7 two columns on: the margin's
   * corner, above and left of the board, has no number in it. */
  test_square_point (window->board_view, n10 (6), &x6, &y6);
  test_square_point (window->board_view, n10 (7), &x7, &y7);
  cell = (x7 - x6) / 2;
  mx = x6 - cell * 0.5 - cell * 0.3;
  my = y6 - cell * 1.5 - cell * 0.3;
  g_assert_cmpfloat (mx, >=, 0);
  g_assert_cmpfloat (my, >=, 0);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_LIGHT);
  test_run_for (300);
  g_assert_cmpfloat (board_luminance (window->board_view, mx, my), >, 0.8);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  test_run_for (300);
  g_assert_true (adw_style_manager_get_dark (style));
  g_assert_cmpfloat (board_luminance (window->board_view, mx, my), <, 0.3);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  test_put_away (window);
}

static DrWindow *
window_with_file (GFile *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (DR_IS_WINDOW (l->data) && ((DrWindow *) l->data)->file != NULL
        && g_file_equal (((DrWindow *) l->data)->file, file) && !dr_window_get_loading (l->data))
      return l->data;
  return NULL;
}

static gboolean
both_files_shown (gpointer data)
{
  GFile **files = data;

  return window_with_file (files[0]) != NULL && window_with_file (files[1]) != NULL;
}

static gboolean
has_moves (gpointer data)
{
  DrWindow *window = data;

  return window->file != NULL && dr_game_model_get_game (window->model)->root->children != NULL;
}

/* Issue 23: "Opening a file from the command line first shows the
 * previous session's game for about a second."  The last session's window
 * is still reading its file when the file to open comes: before the fix
 * it was taken for that file too (it held no move yet), and showed one
 * file, then the other, in one window. */
static void
test_open_after_session (void)
{
  /* Where the subprocess finds them too. */
  const char *dir = g_getenv ("DRAUGHTSMAN_DETAILS_STATE");
  g_autoptr (GFile) session = test_make_file (dir, "session.pdn", three_games);
  g_autoptr (GFile) opened = test_make_file (dir, "opened.pdn", two_games);
  GFile *files[] = { session, opened };
  DrWindow *a, *b;

  if (test_skip_without_input (have_display))
    return;
  if (g_test_subprocess ())
    {
      /* The last run: a window with a file, killed. */
      DrWindow *window = test_open_window (GTK_APPLICATION (app));

      dr_window_open_file (window, session);
      test_wait_until (has_moves, window, "the session's file");
      _dr_window_session_flush (window);
      raise (SIGKILL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_assert_false (g_test_trap_has_passed ());

  /* This run, with a file to open, as the command line gives it. */
  g_application_open (G_APPLICATION (app), &files[1], 1, "");
  test_wait_until (both_files_shown, files, "both files, each in its window");
  a = window_with_file (session);
  b = window_with_file (opened);
  g_assert_true (a != b);
  test_run_for (500);
  g_assert_true (window_with_file (session) == a && window_with_file (opened) == b);
  test_put_away (a);
  test_put_away (b);
}

/* A subprocess is killed: its folder goes with the parent's state. */
static void
make_tmp_dir (void)
{
  if (g_test_subprocess ())
    {
      tmp_dir = g_build_filename (g_getenv ("DRAUGHTSMAN_DETAILS_STATE"), "subprocess", NULL);
      g_assert_cmpint (g_mkdir_with_parents (tmp_dir, 0700), ==, 0);
    }
  else
    tmp_dir = g_dir_make_tmp ("draughtsman-details-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* Sessions of this program's own: the last run's is restored here, and
   * the other programs' windows (meson runs them side by side) are not.
   * The subprocess of /app/details/open-after-session shares it. */
  if (g_getenv ("DRAUGHTSMAN_DETAILS_STATE") == NULL)
    {
      g_autofree char *state = g_dir_make_tmp ("draughtsman-details-state-XXXXXX", NULL);

      g_assert_nonnull (state);
      g_setenv ("DRAUGHTSMAN_DETAILS_STATE", state, TRUE);
    }
  g_setenv ("XDG_STATE_HOME", g_getenv ("DRAUGHTSMAN_DETAILS_STATE"), TRUE);
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/details/keep-typed", test_details_keep_typed);
  g_test_add_func ("/app/details/unknown", test_details_unknown);
  g_test_add_func ("/app/details/dialogs-escape", test_dialogs_escape);
  g_test_add_func ("/app/details/window-title", test_window_title);
  g_test_add_func ("/app/details/capture-compulsory", test_capture_compulsory);
  g_test_add_func ("/app/details/engine-line-undo", test_engine_line_undo);
  g_test_add_func ("/app/details/filter-per-file", test_filter_per_file);
  g_test_add_func ("/app/details/shortcuts-window", test_shortcuts_window);
  g_test_add_func ("/app/details/dark-margin", test_dark_margin);
  g_test_add_func ("/app/details/open-after-session", test_open_after_session);

  status = test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .before_register = make_tmp_dir,
    .flags = TEST_APP_QUIET,
  });
  if (!have_display)
    return status;
  test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  if (!g_test_subprocess ())
    test_remove_tree (g_getenv ("DRAUGHTSMAN_DETAILS_STATE"));
  return status;
}
