/* test-app-explorer.c — the game database in the window: import, explorer, search
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks (test-app-util.h):
 * a few games written here are imported into a new database through the
 * Import Games dialog (its Import button clicked; the files handed to it
 * as a drop or the file chooser would), the explorer then lists the first
 * moves with the counts found in this file's text, a click on a move row
 * plays it on the board, a double-click on a game opens it at the ply it
 * reached the position; an answer that comes back for a position no
 * longer shown is dropped; the Search Database window finds games by
 * player, by the board's position and by its pieces, and opens one on a
 * double-click; Evaluate moves scores each move listed with the engine
 * (a move that loses a man at once scores lowest) and an evaluation
 * overtaken by a new position is dropped; Train Repertoire checks moves
 * clicked on the board against a repertoire and, after a miss, tells and
 * plays the right one.
 */

#define G_LOG_DOMAIN "test-app-explorer"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-window-gamedb.h"
#include "dr-window-private.h"

#include "dr-bitboard.h"
#include "dr-book.h"
#include "dr-movegen.h"

#include <glib/gstdio.h>
#include <string.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

/* International games.  The fifth is the first again (a duplicate); the
 * last is read only in part (30-99 is no move), its first moves kept. */
static const char games_pdn[] =
  "[Event \"Explorer Cup\"]\n[Date \"1990.05.01\"]\n[White \"Alice Ivanova\"]\n[Black \"Boris Petrov\"]\n"
  "[Result \"2-0\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 2. 37-32 12-18 2-0\n\n"
  "[Event \"Explorer Cup\"]\n[Date \"1995.06.02\"]\n[White \"Carla Smit\"]\n[Black \"Alice Ivanova\"]\n"
  "[Result \"1-1\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-1\n\n"
  "[Event \"Spring Open\"]\n[Date \"2001.04.03\"]\n[White \"Dmitri Orlov\"]\n[Black \"Evert Jansen\"]\n"
  "[Result \"0-2\"]\n[GameType \"20\"]\n\n1. 33-29 18-22 0-2\n\n"
  "[Event \"Spring Open\"]\n[Date \"2003.04.04\"]\n[White \"Evert Jansen\"]\n[Black \"Carla Smit\"]\n"
  "[Result \"1-1\"]\n[GameType \"20\"]\n\n1. 32-28 17-22 1-1\n\n"
  "[Event \"Explorer Cup\"]\n[Date \"1990.05.01\"]\n[White \"Alice Ivanova\"]\n[Black \"Boris Petrov\"]\n"
  "[Result \"2-0\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 2. 37-32 12-18 2-0\n\n"
  "[Event \"Autumn Blitz\"]\n[Date \"2010.09.05\"]\n[White \"Frank Moll\"]\n[Black \"Dmitri Orlov\"]\n"
  "[Result \"*\"]\n[GameType \"20\"]\n\n1. 31-27 16-21 2. 27x16 *\n\n"
  "[Event \"Autumn Blitz\"]\n[Date \"2011.09.06\"]\n[White \"Gina Broken\"]\n[Black \"Frank Moll\"]\n"
  "[Result \"*\"]\n[GameType \"20\"]\n\n1. 34-30 20-25 2. 30-99 *\n";

/* --- helpers ---------------------------------------------------------- */


/* How often each first move ("32-28") is played in @pdn, a game and its
 * exact copy counted once (the database skips duplicates): read from the
 * text, not through the program's PDN reader. */
static GHashTable *
count_first_moves (const char *pdn)
{
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) games = g_strsplit (pdn, "[Event ", -1);

  for (guint i = 0; games[i] != NULL; i++)
    {
      const char *moves = strstr (games[i], "\n1. ");
      g_autofree char *first = NULL;
      guint n;

      if (moves == NULL || g_hash_table_contains (seen, games[i]))
        continue;
      g_hash_table_add (seen, g_strdup (games[i]));
      moves += 4;
      first = g_strndup (moves, strcspn (moves, " "));
      n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, first));
      g_hash_table_insert (counts, g_steal_pointer (&first), GUINT_TO_POINTER (n + 1));
    }
  return counts;
}

static gboolean
has_name (GtkWidget *widget,
          gpointer   data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static GtkListBox *
explorer_list (DrWindow   *window,
               const char *name)
{
  GtkWidget *list = test_find_widget (GTK_WIDGET (window->explorer), GTK_TYPE_LIST_BOX, has_name, (gpointer) name);

  g_assert_nonnull (list);
  return GTK_LIST_BOX (list);
}

/* The labels of a row, in order. */
static GPtrArray *
row_labels (GtkWidget *row)
{
  GPtrArray *labels = g_ptr_array_new ();
  GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));

  for (GtkWidget *c = gtk_widget_get_first_child (box); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LABEL (c))
      g_ptr_array_add (labels, (gpointer) gtk_label_get_text (GTK_LABEL (c)));
  return labels;
}

/* The explorer's move row for @move, or NULL. */
static GtkWidget *
find_move_row (DrWindow   *window,
               const char *move)
{
  GtkListBox *list = explorer_list (window, "explorer-moves");

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      g_autoptr (GPtrArray) labels = NULL;

      if (!GTK_IS_LIST_BOX_ROW (row))
        continue;
      labels = row_labels (row);
      if (labels->len > 0 && g_str_equal (labels->pdata[0], move))
        return row;
    }
  return NULL;
}

typedef struct
{
  DrWindow *window;
  guint64   key;
} Showing;

/* The explorer shows the answer for the window's current position. */
static gboolean
explorer_shows_current (gpointer data)
{
  DrWindow *window = data;
  DrExplorer *explorer = window->explorer;

  return !dr_explorer_get_busy (explorer)
         && dr_explorer_get_shown_key (explorer)
              == dr_gamedb_position_key (dr_game_model_get_rules (window->model),
                                         dr_game_model_get_position (window->model));
}

static gboolean
import_finished (gpointer data)
{
  DrDbImportDialog *dialog = data;

  return !dr_db_import_dialog_get_running (dialog) && dr_db_import_dialog_get_summary (dialog) != NULL;
}

static gboolean
import_dialog_shown (gpointer data)
{
  return test_find_toplevel (DR_TYPE_DB_IMPORT_DIALOG) != NULL;
}

static void
double_click (GtkWidget *widget)
{
  g_autofree char *id = NULL, *sx = NULL, *sy = NULL;
  int wx, wy;
  gulong xid = test_window_point (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0,
                                  &wx, &wy);

  id = g_strdup_printf ("%lu", xid);
  sx = g_strdup_printf ("%d", wx);
  sy = g_strdup_printf ("%d", wy);
  test_xdotool ((const char *const[]) { "mousemove", "--window", id, sx, sy, "sleep", "0.05",
                                        "click", "--repeat", "2", "--delay", "80", "1", NULL });
  test_settle ();
  test_run_for (300);
}

typedef struct
{
  DrWindow   *window;
  const char *white;
  guint       ply;
} Opened;

static gboolean
game_opened (gpointer data)
{
  Opened *o = data;
  DrGame *game = dr_game_model_get_game (o->window->model);

  return g_strcmp0 (dr_game_get_tag (game, "White"), o->white) == 0
         && dr_game_model_get_current (o->window->model)->ply == o->ply;
}

static void import_file (DrWindow *window, GFile *pdn_file, const char *imported);

/* A new window with its explorer hidden: the window before may have left
 * it shown, and a new window comes back as the last one was. */
static DrWindow *
open_window_explorer_hidden (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);

  g_settings_set_boolean (settings, "explorer-visible", FALSE);
  return test_open_window (GTK_APPLICATION (app));
}

/* A new window on a new database, the explorer shown by its button, and
 * the games above imported through the Import Games dialog. */
static DrWindow *
window_with_games (const char *db_name)
{
  DrWindow *window;
  g_autofree char *db_path = g_build_filename (tmp_dir, db_name, NULL);
  g_autofree char *pdn_path = g_build_filename (tmp_dir, "games.pdn", NULL);
  g_autoptr (GFile) pdn_file = g_file_new_for_path (pdn_path);
  g_autoptr (GError) error = NULL;

  window = open_window_explorer_hidden ();
  g_assert_true (g_file_set_contents (pdn_path, games_pdn, -1, &error));
  g_assert_no_error (error);
  dr_game_model_new_game (window->model, &dr_rules_international, NULL);
  dr_window_set_database (window, db_path);
  test_click_widget (GTK_WIDGET (window->explorer_button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->explorer)));
  test_wait_until (explorer_shows_current, window, "the explorer to look the empty database up");
  g_assert_null (find_move_row (window, "32-28"));
  import_file (window, pdn_file, "6 games imported");
  return window;
}

/* The games of @pdn_file imported through the Import Games dialog into
 * the window's database; its summary says @imported. */
static void
import_file (DrWindow   *window,
             GFile      *pdn_file,
             const char *imported)
{
  DrDbImportDialog *dialog;
  GtkWidget *button;
  guint shown;

  /* The menu item's action; the files as the chooser would hand them. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.import-games", NULL);
  test_wait_until (import_dialog_shown, NULL, "the Import Games dialog");
  dialog = DR_DB_IMPORT_DIALOG (test_find_toplevel (DR_TYPE_DB_IMPORT_DIALOG));
  dr_db_import_dialog_add_files (dialog, &pdn_file, 1);
  test_run_for (200);
  shown = dr_explorer_get_n_shown (window->explorer);
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Import");
  g_assert_nonnull (button);
  test_click_widget (button);
  test_wait_until (import_finished, dialog, "the import to finish");
  g_test_message ("summary: %s", dr_db_import_dialog_get_summary (dialog));
  g_assert_nonnull (strstr (dr_db_import_dialog_get_summary (dialog), imported));
  if (g_str_equal (imported, "6 games imported"))
    {
      g_assert_nonnull (strstr (dr_db_import_dialog_get_summary (dialog), "1 duplicate skipped"));
      g_assert_nonnull (strstr (dr_db_import_dialog_get_summary (dialog), "1 game with errors"));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  /* The explorer looked the position up again after the import. */
  test_wait_until (explorer_shows_current, window, "the explorer to show the imported games");
  g_assert_cmpuint (dr_explorer_get_n_shown (window->explorer), >, shown);
}

/* --- tests ------------------------------------------------------------- */

static void
test_import_and_play (void)
{
  DrWindow *window;
  g_autoptr (GHashTable) expected = NULL;
  GHashTableIter iter;
  gpointer move, count;
  guint rows = 0;
  GtkListBox *moves;
  GtkWidget *row;
  DrGameNode *current;

  if (test_skip_without_input (have_display))
    return;
  window = window_with_games ("import.sqlite");

  /* Every first move of the file, with its count, and no other. */
  expected = count_first_moves (games_pdn);
  g_assert_cmpuint (g_hash_table_size (expected), ==, 4);
  moves = explorer_list (window, "explorer-moves");
  for (row = gtk_widget_get_first_child (GTK_WIDGET (moves)); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row))
      rows++;
  g_assert_cmpuint (rows, ==, g_hash_table_size (expected));
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &move, &count))
    {
      g_autoptr (GPtrArray) labels = NULL;
      g_autofree char *text = g_strdup_printf ("%u", GPOINTER_TO_UINT (count));

      row = find_move_row (window, move);
      g_assert_nonnull (row);
      labels = row_labels (row);
      g_assert_cmpuint (labels->len, >=, 2);
      g_test_message ("%s: %s games (expected %s)", (char *) move, (char *) labels->pdata[1], text);
      g_assert_cmpstr (labels->pdata[1], ==, text);
    }

  /* A click on 32-28 plays it on the board, into the game. */
  row = find_move_row (window, "32-28");
  test_click_widget (row);
  current = dr_game_model_get_current (window->model);
  g_assert_nonnull (current->parent);
  g_assert_true (current->parent == dr_game_model_get_game (window->model)->root);
  g_assert_cmpint (current->move.from, ==, n10 (32));
  g_assert_cmpint (current->move.to, ==, n10 (28));
  g_assert_true (dr_board_state_get_last_move (window->board) != NULL);
  g_assert_cmpint (dr_board_state_get_last_move (window->board)->from, ==, n10 (32));

  /* The explorer follows: Black's replies to 32-28 in the file. */
  test_wait_until (explorer_shows_current, window, "the explorer to follow the move");
  g_assert_nonnull (find_move_row (window, "18-23"));
  g_assert_nonnull (find_move_row (window, "19-23"));
  g_assert_nonnull (find_move_row (window, "17-22"));
  g_assert_null (find_move_row (window, "18-22"));

  /* A double-click on a game opens it where it reached the position. */
  {
    GtkListBox *games = explorer_list (window, "explorer-games");
    GtkWidget *first = GTK_WIDGET (gtk_list_box_get_row_at_index (games, 0));
    g_autoptr (GPtrArray) labels = NULL;
    Opened o = { window, "Evert Jansen", 1 };

    g_assert_nonnull (first);
    labels = g_ptr_array_new ();
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (first));
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_first_child (box))), ==,
                       "Evert Jansen – Carla Smit");
    }
    dr_game_model_set_saved (window->model);
    double_click (first);
    test_wait_until (game_opened, &o, "the game to open at ply 1");
    g_assert_cmpint (dr_game_model_get_current (window->model)->move.from, ==, n10 (32));
  }
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

static void
test_stale_answer (void)
{
  DrWindow *window;
  guint shown;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  const DrRules *rules = &dr_rules_international;

  if (test_skip_without_input (have_display))
    return;
  window = window_with_games ("stale.sqlite");

  /* Every look-up now takes 400 ms past the point of no return: the one
   * for the start position is still under way when 33-29 is played. */
  dr_explorer_set_delay (window->explorer, 400);
  dr_explorer_refresh (window->explorer);
  shown = dr_explorer_get_n_shown (window->explorer);
  test_run_for (50);
  g_assert_true (dr_explorer_get_busy (window->explorer));
  dr_movegen_legal (rules, dr_game_model_get_position (window->model), legal);
  for (guint i = 0; i < legal->n; i++)
    if (legal->moves[i].from == n10 (33) && legal->moves[i].to == n10 (29))
      dr_game_model_play (window->model, &legal->moves[i]);
  g_assert_cmpuint (dr_game_model_get_current (window->model)->ply, ==, 1);
  test_wait_until (explorer_shows_current, window, "the explorer to show the position after 33-29");
  /* Let the start position's answer come back if it still were to. */
  test_run_for (800);
  g_assert_cmpuint (dr_explorer_get_n_shown (window->explorer), ==, shown + 1);
  g_assert_true (explorer_shows_current (window));
  g_assert_nonnull (find_move_row (window, "18-22"));
  g_assert_null (find_move_row (window, "32-28"));
  dr_explorer_set_delay (window->explorer, 0);
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

static gboolean
search_finished (gpointer data)
{
  return !dr_db_search_dialog_get_running (data);
}

static gboolean
label_is (GtkWidget *widget,
          gpointer   data)
{
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
test_check_has_label (GtkWidget *widget,
                      gpointer   data)
{
  return g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), data) == 0;
}

static void
test_search_by_player (void)
{
  DrWindow *window;
  DrDbSearchDialog *dialog;
  GtkWidget *entry, *button, *cell;
  GListModel *results;
  gboolean carla = FALSE, alice_white = FALSE;
  Opened o;

  if (test_skip_without_input (have_display))
    return;
  window = window_with_games ("search.sqlite");
  dialog = dr_window_show_search (window);
  test_wait_until ((TestCondition) gtk_widget_get_mapped, dialog, "the search window");
  test_run_for (200);

  entry = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, NULL, NULL);
  g_assert_nonnull (entry);
  test_click_widget (entry);
  test_type (GTK_WINDOW (dialog), "ivanova");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "ivanova");
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Search");
  g_assert_nonnull (button);
  test_click_widget (button);
  test_wait_until (search_finished, dialog, "the search");

  /* Alice Ivanova's two games (the copy of one was skipped). */
  results = dr_db_search_dialog_get_results (dialog);
  g_assert_cmpuint (g_list_model_get_n_items (results), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (results, i);
      g_autofree char *white = NULL, *black = NULL;

      g_object_get (item, "white", &white, "black", &black, NULL);
      carla |= g_str_equal (white, "Carla Smit") && g_str_equal (black, "Alice Ivanova");
      alice_white |= g_str_equal (white, "Alice Ivanova") && g_str_equal (black, "Boris Petrov");
    }
  g_assert_true (carla);
  g_assert_true (alice_white);

  /* A double-click on a row opens that game in the window. */
  test_run_for (300);
  cell = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_LABEL, label_is, (gpointer) "Carla Smit");
  g_assert_nonnull (cell);
  dr_game_model_set_saved (window->model);
  double_click (cell);
  o = (Opened) { window, "Carla Smit", 0 };
  test_wait_until (game_opened, &o, "the game found to open");
  g_assert_cmpstr (dr_game_get_tag (dr_game_model_get_game (window->model), "Black"), ==, "Alice Ivanova");

  /* After 32-28: the games reaching that position, then those with the
   * board's pieces on their squares (all forty here: the same three). */
  g_assert_true (dr_game_model_go_forward (window->model));
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  {
    GtkWidget *position = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_CHECK_BUTTON, test_check_has_label,
                                            (gpointer) "Reaches the _current position");
    GtkWidget *pattern = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_CHECK_BUTTON, test_check_has_label,
                                           (gpointer) "Has the board’s _pieces");

    g_assert_nonnull (position);
    g_assert_nonnull (pattern);
    test_click_widget (position);
    g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (position)));
    test_click_widget (button);
    test_wait_until (search_finished, dialog, "the search by position");
    g_assert_cmpuint (g_list_model_get_n_items (results), ==, 3);
    for (guint i = 0; i < 3; i++)
      {
        g_autoptr (GObject) item = g_list_model_get_item (results, i);
        guint ply = 0;

        g_object_get (item, "ply", &ply, NULL);
        g_assert_cmpuint (ply, ==, 1);
      }
    test_click_widget (position);
    test_click_widget (pattern);
    test_click_widget (button);
    test_wait_until (search_finished, dialog, "the search by pattern");
    g_assert_cmpuint (g_list_model_get_n_items (results), ==, 3);
  }
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

/* The repertoire: White plays 32-28 or 33-29; after 32-28 18-23, 37-32
 * (with its comment); Black's 18-23 and 12-18 are the program's. */
static const char repertoire_pdn[] =
  "[Event \"Repertoire\"]\n[GameType \"20\"]\n\n"
  "1. 32-28 (1. 33-29) 18-23 2. 37-32 {keep the centre} 12-18 *\n";

static gboolean
drill_line_over (gpointer data)
{
  return !dr_drill_dialog_get_active (data) && dr_game_model_get_current (
           dr_window_get_model (DR_WINDOW (gtk_window_get_transient_for (data))))->ply == 4;
}

static gboolean
drill_waits_for_user (gpointer data)
{
  return dr_drill_dialog_get_active (data);
}

static void
test_drill (void)
{
  DrWindow *window;
  DrDrillDialog *dialog;
  g_autofree char *path = g_build_filename (tmp_dir, "repertoire.pdn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  GtkWidget *button;
  DrGameNode *node;
  static const int line[4][2] = { { 32, 28 }, { 18, 23 }, { 37, 32 }, { 12, 18 } };

  if (test_skip_without_input (have_display))
    return;
  g_assert_true (g_file_set_contents (path, repertoire_pdn, -1, NULL));
  window = test_open_window (GTK_APPLICATION (app));
  dr_game_model_new_game (window->model, &dr_rules_international, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.train-repertoire", NULL);
  dialog = window->drill;
  g_assert_nonnull (dialog);
  test_wait_until ((TestCondition) gtk_widget_get_mapped, dialog, "the Train Repertoire window");
  dr_drill_dialog_set_file (dialog, file);
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Start");
  g_assert_nonnull (button);
  test_click_widget (button);
  test_wait_until (drill_waits_for_user, dialog, "the drill to start");
  g_assert_cmpuint (dr_game_model_get_current (window->model)->ply, ==, 0);

  /* 32-28, by real clicks on the board: right; the program answers 18-23. */
  test_click_square (window->board_view, n10 (32));
  test_click_square (window->board_view, n10 (28));
  g_assert_nonnull (strstr (dr_drill_dialog_get_message (dialog), "Right: 32-28"));
  g_assert_cmpuint (dr_game_model_get_current (window->model)->ply, ==, 2);

  /* 31-27 is not the repertoire's: it says 37-32 and its comment, plays
   * 37-32 in its place, and the program's 12-18 ends the line. */
  test_click_square (window->board_view, n10 (31));
  test_click_square (window->board_view, n10 (27));
  test_wait_until (drill_line_over, dialog, "the line to end");
  g_test_message ("drill: %s", dr_drill_dialog_get_message (dialog));
  g_assert_nonnull (strstr (dr_drill_dialog_get_message (dialog), "31-27 is not in the repertoire: the move is 37-32"));
  g_assert_nonnull (strstr (dr_drill_dialog_get_message (dialog), "keep the centre"));
  node = dr_game_model_get_current (window->model);
  for (int i = 3; i >= 0; i--, node = node->parent)
    {
      g_assert_cmpint (node->move.from, ==, n10 (line[i][0]));
      g_assert_cmpint (node->move.to, ==, n10 (line[i][1]));
    }
  g_assert_null (node->parent);
  /* The miss: the position after 32-28 18-23 needs practice. */
  g_test_message ("drill: %s", dr_drill_dialog_get_score (dialog));
  g_assert_nonnull (strstr (dr_drill_dialog_get_score (dialog), "missed: 1 · 1 position to practise"));

  /* Over: the board's moves go into the game again. */
  dr_game_model_set_saved (window->model);
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);

  /* Another window, another drill over the same file: the game database
   * remembers the miss; played right this time, it is made good. */
  window = test_open_window (GTK_APPLICATION (app));
  dr_game_model_new_game (window->model, &dr_rules_international, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.train-repertoire", NULL);
  dialog = window->drill;
  test_wait_until ((TestCondition) gtk_widget_get_mapped, dialog, "the Train Repertoire window");
  dr_drill_dialog_set_file (dialog, file);
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Start");
  test_click_widget (button);
  test_wait_until (drill_waits_for_user, dialog, "the drill to start again");
  g_assert_nonnull (strstr (dr_drill_dialog_get_score (dialog), "missed: 0 · 1 position to practise"));
  test_click_square (window->board_view, n10 (32));
  test_click_square (window->board_view, n10 (28));
  test_click_square (window->board_view, n10 (37));
  test_click_square (window->board_view, n10 (32));
  test_wait_until (drill_line_over, dialog, "the line to end again");
  g_test_message ("drill: %s", dr_drill_dialog_get_score (dialog));
  g_assert_nonnull (strstr (dr_drill_dialog_get_score (dialog), "Right: 2 · missed: 0 · 0 positions to practise"));
  dr_game_model_set_saved (window->model);
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

static gboolean
explorer_answered_since (gpointer data)
{
  Showing *sh = data;

  return dr_explorer_get_n_shown (sh->window->explorer) > sh->key && explorer_shows_current (sh->window);
}

/* The dialog closed while it imports: the import stops (the games of the
 * batches before stay), and the explorer still looks the position up
 * again. */
static void
test_import_closed (void)
{
  DrWindow *window;
  g_autofree char *db_path = g_build_filename (tmp_dir, "closed.sqlite", NULL);
  g_autofree char *pdn_path = g_build_filename (tmp_dir, "many.pdn", NULL);
  g_autoptr (GFile) pdn_file = g_file_new_for_path (pdn_path);
  g_autoptr (GString) many = g_string_new (NULL);
  DrDbImportDialog *dialog;
  GtkWidget *button;
  Showing sh;

  if (test_skip_without_input (have_display))
    return;
  for (guint i = 0; i < 40000; i++)
    g_string_append_printf (many, "[Event \"Many %u\"]\n[GameType \"20\"]\n\n1. 32-28 18-23 2. 37-32 *\n\n", i);
  g_assert_true (g_file_set_contents (pdn_path, many->str, (gssize) many->len, NULL));
  window = test_open_window (GTK_APPLICATION (app));
  dr_window_set_database (window, db_path);
  gtk_toggle_button_set_active (window->explorer_button, TRUE);
  test_wait_until (explorer_shows_current, window, "the explorer to look the empty database up");
  dialog = dr_window_show_import (window);
  dr_db_import_dialog_add_files (dialog, &pdn_file, 1);
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Import");
  sh = (Showing) { window, dr_explorer_get_n_shown (window->explorer) };
  g_signal_emit_by_name (button, "clicked");
  test_run_for (50);
  g_assert_true (dr_db_import_dialog_get_running (dialog));
  gtk_window_close (GTK_WINDOW (dialog));
  test_wait_until (explorer_answered_since, &sh, "the explorer to look up after the import stopped");
  test_run_for (300);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (DrGameDb) db = dr_gamedb_open (db_path, &error);

    g_assert_no_error (error);
    g_test_message ("%" G_GINT64_FORMAT " of 40000 games stored before the import stopped",
                    dr_gamedb_count_games (db));
    g_assert_cmpint (dr_gamedb_count_games (db), <, 40000);
  }
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}


/* --- the engine's evaluation of the moves ------------------------------ */

/* Black's replies to 1. 31-27 in the database: 16-21 puts a man where
 * 27x16 takes it and nothing takes back; 17-21 and 19-23 are quiet and
 * 18-22 an even exchange (27x18, then 12x23 or 13x22). */
static const char eval_pdn[] =
  "[Event \"Eval 1\"]\n[GameType \"20\"]\n\n1. 31-27 16-21 2. 27x16 *\n\n"
  "[Event \"Eval 2\"]\n[GameType \"20\"]\n\n1. 31-27 17-21 *\n\n"
  "[Event \"Eval 3\"]\n[GameType \"20\"]\n\n1. 31-27 18-22 *\n\n"
  "[Event \"Eval 4\"]\n[GameType \"20\"]\n\n1. 31-27 19-23 *\n\n";

static const char *const eval_replies[] = { "16-21", "17-21", "18-22", "19-23" };

/* A window on a new database of eval_pdn, the explorer at 1. 31-27 (its
 * row clicked). */
static DrWindow *
window_at_31_27 (const char *db_name)
{
  DrWindow *window;
  g_autofree char *db_path = g_build_filename (tmp_dir, db_name, NULL);
  g_autofree char *pdn_path = g_build_filename (tmp_dir, "eval.pdn", NULL);
  g_autoptr (GFile) pdn_file = g_file_new_for_path (pdn_path);
  GtkWidget *row;

  window = open_window_explorer_hidden ();
  g_assert_true (g_file_set_contents (pdn_path, eval_pdn, -1, NULL));
  dr_game_model_new_game (window->model, &dr_rules_international, NULL);
  dr_window_set_database (window, db_path);
  test_click_widget (GTK_WIDGET (window->explorer_button));
  test_wait_until (explorer_shows_current, window, "the explorer to look the empty database up");
  import_file (window, pdn_file, "4 games imported");
  row = find_move_row (window, "31-27");
  g_assert_nonnull (row);
  test_click_widget (row);
  g_assert_cmpuint (dr_game_model_get_current (window->model)->ply, ==, 1);
  test_wait_until (explorer_shows_current, window, "the explorer to show Black's replies");
  for (guint i = 0; i < G_N_ELEMENTS (eval_replies); i++)
    g_assert_nonnull (find_move_row (window, eval_replies[i]));
  return window;
}

static GtkWidget *
eval_button (DrWindow *window)
{
  GtkWidget *button = test_find_widget (GTK_WIDGET (window->explorer), GTK_TYPE_BUTTON, has_name,
                                        (gpointer) "explorer-evaluate");

  g_assert_nonnull (button);
  return button;
}

/* The engine's score in @move's row ("" before any), its last label. */
static char *
row_eval (DrWindow   *window,
          const char *move)
{
  GtkWidget *row = find_move_row (window, move);
  g_autoptr (GPtrArray) labels = NULL;

  g_assert_nonnull (row);
  labels = row_labels (row);
  g_assert_cmpuint (labels->len, ==, 5);
  return g_strdup (labels->pdata[labels->len - 1]);
}

/* "+0.35", "-1.02 (db)", "win in 3", "loss in 2" as men (a won end as
 * 100 men less its distance). */
static double
eval_men (const char *text)
{
  char *end = NULL;
  double value;

  if (g_str_has_prefix (text, "win in "))
    return 100 - g_ascii_strtod (text + 7, NULL);
  if (g_str_has_prefix (text, "loss in "))
    return -100 + g_ascii_strtod (text + 8, NULL);
  value = g_ascii_strtod (text, &end);
  g_assert_true (end != text);
  return value;
}

static gboolean
not_evaluating (gpointer data)
{
  return !dr_explorer_get_evaluating (data);
}

static gboolean
evaluated_once (gpointer data)
{
  return dr_explorer_get_n_evaluated (data) > 0;
}

static const DrMove *
move_from_to (const DrMoveList *list,
              int               from,
              int               to)
{
  for (guint i = 0; i < list->n; i++)
    if (list->moves[i].from == n10 (from) && list->moves[i].to == n10 (to))
      return &list->moves[i];
  return NULL;
}

static void
test_evaluate (void)
{
  DrWindow *window;
  GtkWidget *button;
  double score[G_N_ELEMENTS (eval_replies)];
  const DrRules *rules = &dr_rules_international;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrPosition after, taken;
  const DrMove *move;

  if (test_skip_without_input (have_display))
    return;
  window = window_at_31_27 ("eval.sqlite");
  button = eval_button (window);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Evaluate moves");
  g_assert_nonnull (gtk_widget_get_tooltip_text (button));
  for (guint i = 0; i < G_N_ELEMENTS (eval_replies); i++)
    {
      g_autofree char *text = row_eval (window, eval_replies[i]);
      g_assert_cmpstr (text, ==, "");
    }

  /* The real button: it turns into Stop while the engine searches. */
  test_click_widget (button);
  g_assert_true (dr_explorer_get_evaluating (window->explorer));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Stop");
  test_wait_until (not_evaluating, window->explorer, "the moves' evaluation");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Evaluate moves");
  for (guint i = 0; i < G_N_ELEMENTS (eval_replies); i++)
    {
      g_autofree char *text = row_eval (window, eval_replies[i]);

      g_test_message ("%s: %s", eval_replies[i], text);
      g_assert_cmpstr (text, !=, "");
      score[i] = eval_men (text);
    }

  /* The independent check, by the rules alone: after 16-21 White must
   * capture, every capture takes one man, and Black then has no capture:
   * Black is a man down at once.  From Black's side (the side to move)
   * its score is below -0.5 and half a man below every other reply's. */
  dr_movegen_legal (rules, dr_game_model_get_position (window->model), legal);
  move = move_from_to (legal, 16, 21);
  g_assert_nonnull (move);
  dr_position_apply (&after, dr_game_model_get_position (window->model), move);
  dr_movegen_legal (rules, &after, legal);
  g_assert_cmpuint (legal->n, >, 0);
  for (guint i = 0; i < legal->n; i++)
    {
      g_autofree DrMoveList *replies = g_new0 (DrMoveList, 1);

      g_assert_cmpint (dr_bb_count (legal->moves[i].captures), ==, 1);
      dr_position_apply (&taken, &after, &legal->moves[i]);
      dr_movegen_legal (rules, &taken, replies);
      g_assert_true (replies->n == 0 || replies->moves[0].captures == 0);
    }
  g_assert_cmpfloat (score[0], <, -0.5);
  for (guint i = 1; i < G_N_ELEMENTS (eval_replies); i++)
    g_assert_cmpfloat (score[0], <, score[i] - 0.5);

  /* Stop: a long evaluation ends at once, keeping the depths done. */
  dr_explorer_set_eval_time (window->explorer, 60000);
  test_click_widget (button);
  g_assert_true (dr_explorer_get_evaluating (window->explorer));
  test_wait_until (evaluated_once, window->explorer, "the first depth");
  test_run_for (300);
  g_assert_true (dr_explorer_get_evaluating (window->explorer));
  test_click_widget (button);
  {
    gint64 start = g_get_monotonic_time ();

    test_wait_until (not_evaluating, window->explorer, "the evaluation to stop");
    g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  }
  for (guint i = 0; i < G_N_ELEMENTS (eval_replies); i++)
    {
      g_autofree char *text = row_eval (window, eval_replies[i]);
      g_assert_cmpstr (text, !=, "");
    }
  dr_explorer_set_eval_time (window->explorer, 0);
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

typedef struct
{
  DrWindow *window;
  guint     ply;
} AtPly;

static gboolean
has_action (GtkWidget *widget,
            gpointer   data)
{
  return g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), data) == 0;
}

static gboolean
explorer_current_at (gpointer data)
{
  AtPly *a = data;

  return dr_game_model_get_current (a->window->model)->ply == a->ply && explorer_shows_current (a->window);
}

/* The position changes (a move played, then taken back) while the moves
 * are evaluated: the evaluation ends, and its answer, though for the same
 * moves once back, is not shown in the rows made since. */
static void
test_evaluate_stale (void)
{
  DrWindow *window;
  GtkWidget *button, *row, *back;
  GtkLabel *status;
  AtPly at;

  if (test_skip_without_input (have_display))
    return;
  window = window_at_31_27 ("eval-stale.sqlite");
  button = eval_button (window);
  dr_explorer_set_eval_time (window->explorer, 3000);
  /* The answer, with the depths done, comes back 1.5 s after the search
   * stopped: once the rows of 31-27 are shown again. */
  dr_explorer_set_eval_delay (window->explorer, 1500);
  test_click_widget (button);
  test_wait_until (evaluated_once, window->explorer, "the first depth");
  g_assert_true (dr_explorer_get_evaluating (window->explorer));
  {
    g_autofree char *text = row_eval (window, "16-21");
    g_assert_cmpstr (text, !=, "");
  }

  /* 16-21 played by a click on its row, then taken back by the Back
   * button. */
  row = find_move_row (window, "16-21");
  test_click_widget (row);
  at = (AtPly) { window, 2 };
  test_wait_until (explorer_current_at, &at, "the explorer after 16-21");
  g_assert_false (dr_explorer_get_evaluating (window->explorer));
  back = test_find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, has_action, (gpointer) "win.back");
  g_assert_nonnull (back);
  test_click_widget (back);
  at = (AtPly) { window, 1 };
  test_wait_until (explorer_current_at, &at, "the explorer back after 31-27");
  /* Past the old evaluation's budget and delay: its answer came back. */
  test_run_for (3500);
  g_assert_false (dr_explorer_get_evaluating (window->explorer));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "Evaluate moves");
  for (guint i = 0; i < G_N_ELEMENTS (eval_replies); i++)
    {
      g_autofree char *text = row_eval (window, eval_replies[i]);

      g_test_message ("%s after the change: \"%s\"", eval_replies[i], text);
      g_assert_cmpstr (text, ==, "");
    }
  status = GTK_LABEL (gtk_widget_get_prev_sibling (gtk_widget_get_prev_sibling (button)));
  g_assert_cmpstr (gtk_label_get_text (status), ==, "");
  dr_explorer_set_eval_time (window->explorer, 0);
  dr_explorer_set_eval_delay (window->explorer, 0);
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

/* The explorer shows the shipped opening book's moves for the position,
 * with or without a database, one button each; a click plays the move
 * (issue 28: "the explorer shows the book's moves"). */
static void
test_book_moves (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (DrBook) book = dr_book_new_builtin (&dr_rules_international);
  g_autofree DrBookMove *moves = g_new (DrBookMove, DR_MAX_MOVES);
  DrWindow *window;
  GtkWidget *flow, *child, *button = NULL;
  guint n, shown = 0;
  DrGameNode *current;
  const DrMove *move;

  if (test_skip_without_input (have_display))
    return;
  g_assert_nonnull (book);
  g_settings_set_boolean (settings, "explorer-visible", TRUE);
  window = test_open_window (GTK_APPLICATION (app));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->explorer)));
  n = dr_book_lookup (book, &dr_game_model_get_current (window->model)->position, moves);
  g_assert_cmpuint (n, >, 1);
  g_assert_cmpuint (dr_explorer_get_n_book_moves (window->explorer), ==, n);
  flow = test_find_widget (GTK_WIDGET (window->explorer), GTK_TYPE_FLOW_BOX, has_name, (gpointer) "explorer-book");
  g_assert_nonnull (flow);
  g_assert_true (gtk_widget_is_visible (flow));
  for (child = gtk_widget_get_first_child (flow); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *b = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      g_assert_true (GTK_IS_BUTTON (b));
      shown++;
      /* The heaviest move comes first; take the last one shown. */
      button = b;
    }
  g_assert_cmpuint (shown, ==, n);
  move = g_object_get_data (G_OBJECT (button), "move");
  g_assert_nonnull (move);
  g_assert_cmpint (move->from, ==, moves[n - 1].move.from);
  g_assert_cmpint (move->to, ==, moves[n - 1].move.to);
  test_click_widget (button);
  current = dr_game_model_get_current (window->model);
  g_assert_true (current->parent == dr_game_model_get_game (window->model)->root);
  g_assert_cmpint (current->move.from, ==, moves[n - 1].move.from);
  g_assert_cmpint (current->move.to, ==, moves[n - 1].move.to);
  /* The reply's book moves follow the position. */
  n = dr_book_lookup (book, &current->position, moves);
  g_assert_cmpuint (dr_explorer_get_n_book_moves (window->explorer), ==, n);
  g_assert_cmpint (gtk_widget_is_visible (flow), ==, n > 0);
  dr_window_close_confirmed (window, FALSE);
  test_run_for (50);
  g_settings_set_boolean (settings, "explorer-visible", FALSE);
}

/* Whether the explorer is shown is kept: a new window (a new session)
 * shows it as the last one left it, shown or hidden. */
static void
test_visible_remembered (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  DrWindow *window;

  g_settings_set_boolean (settings, "explorer-visible", FALSE);
  window = test_open_window (GTK_APPLICATION (app));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->explorer)));
  test_click_widget (GTK_WIDGET (window->explorer_button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->explorer)));
  dr_window_close_confirmed (window, FALSE);
  test_run_for (50);

  window = test_open_window (GTK_APPLICATION (app));
  g_assert_true (gtk_toggle_button_get_active (window->explorer_button));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->explorer)));
  test_click_widget (GTK_WIDGET (window->explorer_button));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->explorer)));
  dr_window_close_confirmed (window, FALSE);
  test_run_for (50);

  window = test_open_window (GTK_APPLICATION (app));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->explorer)));
  dr_window_close_confirmed (window, FALSE);
  test_run_for (50);
}

static void
prepare_settings (GSettings *settings)
{
  g_settings_set_string (settings, "variant", "international");
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/explorer/import-and-play", test_import_and_play);
  g_test_add_func ("/app/explorer/stale-answer", test_stale_answer);
  g_test_add_func ("/app/explorer/search", test_search_by_player);
  g_test_add_func ("/app/explorer/import-closed", test_import_closed);
  g_test_add_func ("/app/explorer/drill", test_drill);
  g_test_add_func ("/app/explorer/evaluate", test_evaluate);
  g_test_add_func ("/app/explorer/evaluate-stale", test_evaluate_stale);
  g_test_add_func ("/app/explorer/visible-remembered", test_visible_remembered);
  g_test_add_func ("/app/explorer/book-moves", test_book_moves);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "explorer",
    .flags = TEST_APP_QUIET,
    .prepare = prepare_settings,
  });
}
