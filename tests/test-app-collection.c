/* test-app-collection.c — files of many games in the window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks (test-app-util.h):
 * a game of a 724-game file changed and the whole file saved with every
 * other game's bytes kept; games that cannot be fully read kept with what
 * was read and their unread text; the game list's search and sort; a file
 * of 10,000 games listed without holding the main loop; a file without
 * GameType.
 */

#define G_LOG_DOMAIN "test-app-collection"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-window-private.h"

#include "dr-fen.h"
#include "dr-pdn.h"

#include <glib/gstdio.h>
#include <string.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

/* @relative under the shared data folder, or NULL with the test skipped
 * (failed under CI). */
static char *
shared_file (const char *relative)
{
  g_autofree char *data = test_shared_data_dir ();

  return data != NULL ? g_build_filename (data, relative, NULL) : NULL;
}

static gboolean
game_number_shown (gpointer data)
{
  DrWindow *window = data;

  return window->file != NULL && window->game_index != DR_WINDOW_NO_GAME;
}

/* Clicks, on the board, a legal move of the position shown that is not
 * its main continuation (a new variation). */
static void
click_other_move (DrWindow *window)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrGameNode *current = dr_game_model_get_current (window->model);

  dr_movegen_legal (dr_game_model_get_rules (window->model), &current->position, legal);
  for (guint i = 0; i < legal->n; i++)
    if (current->children == NULL || !dr_move_same (&legal->moves[i], &current->children->move))
      {
        DrGameNode *after;

        test_click_square (window->board_view, legal->moves[i].from);
        test_click_square (window->board_view, legal->moves[i].to);
        after = dr_game_model_get_current (window->model);
        g_assert_true (after->parent == current);
        g_assert_true (dr_move_same (&after->move, &legal->moves[i]));
        return;
      }
  g_error ("no other move here");
}

/* Game 37 of the 724 of tinsley.pdn gets a variation by a click and the
 * file is saved: every other game's bytes stay as they were, the file
 * still holds 724 games. */
static void
test_collection_save_whole (void)
{
  g_autofree char *source = shared_file ("english/tinsley.pdn");
  g_autoptr (GFile) file = g_file_new_build_filename (tmp_dir, "tinsley.pdn", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr (DrPdnCollection) read_before = NULL;
  g_autoptr (DrPdnCollection) read_after = NULL;
  gsize len_before, len_after, head, tail;
  const char *game37;
  DrWindow *window;

  if (source == NULL)
    return;
  if (test_skip_without_input (have_display))
    return;
  g_assert_true (g_file_get_contents (source, &before, &len_before, NULL));
  g_assert_true (g_file_set_contents (g_file_peek_path (file), before, (gssize) len_before, NULL));

  window = test_open_window (GTK_APPLICATION (app));
  dr_window_set_initial_ply (window, 0, 37);
  dr_window_open_file (window, file);
  test_wait_until (game_number_shown, window, "game 37");
  g_assert_cmpuint (window->game_index, ==, 36);
  g_assert_cmpuint (dr_pdn_collection_get_n_entries (window->collection), ==, 724);
  g_assert_cmpstr (dr_game_get_tag (dr_game_model_get_game (window->model), "Event"), ==, "Practice game 1947");
  g_assert_false (dr_window_get_modified (window));

  click_other_move (window);
  g_assert_true (dr_window_get_modified (window));
  test_keys (GTK_WINDOW (window), "ctrl+s");
  test_wait_until (test_window_unmodified, window, "the save");

  g_assert_true (g_file_get_contents (g_file_peek_path (file), &after, &len_after, NULL));
  read_before = dr_pdn_collection_new_from_bytes (before, len_before, "before", NULL, NULL, NULL);
  read_after = dr_pdn_collection_new_from_bytes (after, len_after, "after", NULL, NULL, NULL);
  g_assert_cmpuint (dr_pdn_collection_get_n_entries (read_after), ==, 724);
  /* The bytes before game 37 and after it are the file's own. */
  game37 = strstr (before, "[Event \"Practice game 1947\"]");
  g_assert_nonnull (game37);
  head = (gsize) (game37 - before);
  g_assert_cmpint (memcmp (before, after, head), ==, 0);
  tail = len_before - head - strlen (dr_pdn_collection_get_entry (read_before, 36)->source);
  g_assert_cmpuint (len_after, >, tail);
  g_assert_cmpint (memcmp (before + len_before - tail, after + len_after - tail, tail), ==, 0);
  for (guint i = 0; i < 724; i++)
    if (i != 36)
      g_assert_cmpstr (dr_pdn_collection_get_entry (read_after, i)->source, ==,
                       dr_pdn_collection_get_entry (read_before, i)->source);
  /* Game 37 has its new variation. */
  g_assert_nonnull (dr_pdn_collection_get_game (read_after, 36)->root->children->next);
  test_put_away (window);
}

/* Games the reader cannot fully read: placeholder moves (a result-only
 * record) and an ambiguous last move.  Their tags, the moves read and the
 * unread rest survive opening and saving; unedited, their bytes stay. */
static const char broken_pdn[] =
  "[Event \"Good\"]\n[White \"W1\"]\n[Black \"B1\"]\n[Result \"*\"]\n[GameType \"20\"]\n\n"
  "1. 32-28 19-23 *\n\n"
  "[Event \"Placeholder\"]\n[White \"Kept White\"]\n[Black \"Kept Black\"]\n[Result \"2-0\"]\n"
  "[GameType \"20\"]\n\n1. - - 2. - - 2-0\n\n"
  "[Event \"Ambiguous\"]\n[White \"W3\"]\n[Black \"B3\"]\n[Result \"*\"]\n[GameType \"20\"]\n"
  "[FEN \"W:WK47:B11,12,19,29,30,40\"]\n\n1. 47x6 *\n";

/* A label or a cell (a GtkInscription) showing @data. */
static gboolean
label_is (GtkWidget *widget,
          gpointer   data)
{
  const char *text = GTK_IS_LABEL (widget)         ? gtk_label_get_text (GTK_LABEL (widget))
                     : GTK_IS_INSCRIPTION (widget) ? gtk_inscription_get_text (GTK_INSCRIPTION (widget))
                                                   : NULL;

  return g_strcmp0 (text, data) == 0 && gtk_widget_get_mapped (widget);
}

typedef struct
{
  DrWindow   *window;
  const char *text;
  GtkWidget  *label;
} LabelSearch;

static gboolean
game_list_label_found (gpointer data)
{
  LabelSearch *search = data;

  search->label = test_find_widget (GTK_WIDGET (search->window->game_list), GTK_TYPE_WIDGET, label_is,
                                    (gpointer) search->text);
  return search->label != NULL;
}

/* The widget showing @text in the game list (a cell, a column's title,
 * the count), waited for: rows off screen take their games from an idle
 * and a scroll lands a frame or more later, later still on a loaded
 * machine (a fixed wait failed there now and then). */
static GtkWidget *
game_list_label (DrWindow   *window,
                 const char *text)
{
  LabelSearch search = { window, text, NULL };
  g_autofree char *what = g_strdup_printf ("\"%s\" in the game list", text);

  test_wait_until (game_list_label_found, &search, what);
  return search.label;
}

static void
test_collection_broken_games (void)
{
  g_autoptr (GFile) file = test_make_file (tmp_dir, "broken.pdn", broken_pdn);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  DrWindow *window;
  DrGame *game;
  const char *good_end;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  dr_window_set_initial_ply (window, 0, 1);
  dr_window_open_file (window, file);
  test_wait_until (game_number_shown, window, "the first game");
  g_assert_cmpuint (dr_pdn_collection_get_n_entries (window->collection), ==, 3);
  g_assert_cmpuint (dr_pdn_collection_count_errors (window->collection), ==, 2);

  /* The ambiguous game keeps nothing it cannot tell apart, all it read
   * before, and its text; the placeholder game keeps its players. */
  game = (DrGame *) dr_pdn_collection_get_game (window->collection, 1);
  g_assert_cmpstr (dr_game_get_tag (game, "White"), ==, "Kept White");
  g_assert_cmpint (game->result, ==, DR_RESULT_WHITE_WINS);

  /* Game 1 edited and saved: games 2 and 3 are written as they were. */
  dr_game_model_go_end (window->model);
  test_click_move (window, n10 (28), n10 (19));
  test_keys (GTK_WINDOW (window), "ctrl+s");
  test_wait_until (test_window_unmodified, window, "the save");
  text = test_read_text (file);
  good_end = strstr (broken_pdn, "[Event \"Placeholder\"]");
  g_assert_true (g_str_has_suffix (text, good_end));
  g_assert_nonnull (strstr (text, "1. 32-28 19-23 2. 28x19 *"));

  /* The placeholder game, picked from the game list beside the board by
   * a click on its row, then edited (a comment): its tags and unread text
   * are written back. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  g_assert_cmpuint (dr_game_list_get_n_games (window->game_list), ==, 3);
  test_click_widget (game_list_label (window, "Kept White"));
  test_wait_until (test_window_unmodified, window, "the switch");
  g_assert_cmpuint (window->game_index, ==, 1);
  g_assert_cmpstr (dr_game_get_tag (dr_game_model_get_game (window->model), "Event"), ==, "Placeholder");
  dr_game_model_set_comment (window->model, "result only");
  test_keys (GTK_WINDOW (window), "ctrl+s");
  test_wait_until (test_window_unmodified, window, "the second save");
  g_free (text);
  text = test_read_text (file);
  expected = g_strdup ("[Event \"Placeholder\"]\n[White \"Kept White\"]\n[Black \"Kept Black\"]\n"
                       "[Result \"2-0\"]\n[GameType \"20\"]\n\n");
  g_assert_nonnull (strstr (text, expected));
  g_assert_nonnull (strstr (text, "[%unread] 1. - - 2. - - 2-0"));
  /* The third game, never edited, as it was. */
  g_assert_true (g_str_has_suffix (text, strstr (broken_pdn, "[Event \"Ambiguous\"]")));
  test_put_away (window);
}

static DrGameList *shown_list;

/* The search (a moment after the typing) shows @data games. */
static gboolean
games_shown_are (gpointer data)
{
  return dr_game_list_get_n_shown (shown_list) == GPOINTER_TO_UINT (data);
}

/* The game list beside the board, driven as a user does: it opens with a
 * file of many games, a click on a row shows that game, typing in the
 * search narrows the list, a click on a column's title sorts by it, Up
 * and Down in the list go from game to game, an edit shows in the list,
 * F9 hides and shows it. */
static void
test_collection_game_list (void)
{
  g_autoptr (GString) pdn = g_string_new (NULL);
  g_autoptr (GFile) file = NULL;
  DrWindow *window;
  GtkWidget *count;

  for (guint i = 0; i < 30; i++)
    g_string_append_printf (pdn, "[Event \"%s\"]\n[Date \"%u.05.01\"]\n[White \"W%02u\"]\n[Black \"B%02u\"]\n"
                            "[Result \"*\"]\n[GameType \"20\"]\n\n1. 32-28 %s *\n\n",
                            i % 3 == 0 ? "League" : "Cup", 1990 + i, i, 29 - i, i % 2 ? "19-23" : "18-23");
  file = test_make_file (tmp_dir, "thirty.pdn", pdn->str);
  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  dr_window_open_file (window, file);
  test_wait_until (game_number_shown, window, "the first game");
  test_run_for (300);

  /* Open beside the board, the first game shown and highlighted. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  g_assert_true (gtk_toggle_button_get_active (window->games_button));
  g_assert_cmpuint (window->game_index, ==, 0);
  count = game_list_label (window, "30 games");

  /* A click on W07's row shows game 8. */
  test_click_widget (game_list_label (window, "W07"));
  g_assert_cmpuint (window->game_index, ==, 7);
  g_assert_cmpstr (dr_game_get_tag (dr_game_model_get_game (window->model), "White"), ==, "W07");

  /* Down in the list: the next game; Left still steps back in the game. */
  test_keys (GTK_WINDOW (window), "Down");
  g_assert_cmpuint (window->game_index, ==, 8);
  dr_game_model_go_end (window->model);
  test_keys (GTK_WINDOW (window), "Left");
  g_assert_cmpuint (dr_game_model_get_current (window->model)->ply, ==, 1);
  g_assert_cmpuint (window->game_index, ==, 8);

  /* Typing in the search: "league 199" is games 1, 4, 7, 10 (1990-1999). */
  shown_list = window->game_list;
  test_click_widget (dr_game_list_get_search_entry (window->game_list));
  test_type (GTK_WINDOW (window), "league 199");
  test_wait_until (games_shown_are, GUINT_TO_POINTER (4), "the search");
  g_assert_cmpuint (dr_game_list_get_n_shown (window->game_list), ==, 4);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (count)), ==, "4 of 30 games");
  /* The game shown is not among them: nothing highlighted. */
  g_assert_cmpuint (dr_game_list_find_row (window->game_list, 8), ==, G_MAXUINT);
  /* Escape clears the search. */
  test_keys (GTK_WINDOW (window), "Escape");
  test_wait_until (games_shown_are, GUINT_TO_POINTER (30), "the search cleared");

  /* The Black column's title, clicked: B00 first (game 30); again: B29. */
  test_click_widget (game_list_label (window, "Black"));
  g_assert_cmpuint (dr_game_list_get_row_game (window->game_list, 0), ==, 29);
  test_click_widget (game_list_label (window, "Black"));
  g_assert_cmpuint (dr_game_list_get_row_game (window->game_list, 0), ==, 0);
  g_assert_cmpuint (dr_game_list_find_row (window->game_list, 8), ==, 8);

  /* The game's White renamed: the list shows it at once. */
  dr_game_model_set_tag (window->model, "White", "Renamed");
  test_run_for (200);
  game_list_label (window, "Renamed");

  /* F9 hides the list, and shows it again. */
  test_keys (GTK_WINDOW (window), "F9");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  test_keys (GTK_WINDOW (window), "F9");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  test_put_away (window);
}

/* The main loop's longest wait while a window opens a file of 10,000
 * games and the user searches, sorts and picks games: its processor time
 * (reported; a timed assertion would fail on a loaded machine), and the
 * rows of the game list whose widgets were made or destroyed in one
 * iteration (asserted: GTK 4.8 spends some 0.3 ms on each, and the list
 * keeps it to one step of 12 and what the view adds around it). */
typedef struct
{
  gint64 last_cpu, worst_cpu;
  guint  rows, most_rows;
} LoopWatch;

static gboolean
loop_watch_tick (gpointer data)
{
  LoopWatch *w = data;
  gint64 cpu = test_thread_cpu_us ();

  if (w->last_cpu > 0)
    w->worst_cpu = MAX (w->worst_cpu, cpu - w->last_cpu);
  w->last_cpu = cpu;
  w->most_rows = MAX (w->most_rows, w->rows);
  w->rows = 0;
  return G_SOURCE_CONTINUE;
}

static void
loop_watch_row (GtkListItemFactory *factory,
                GtkListItem        *item,
                LoopWatch          *w)
{
  w->rows++;
}

static void
loop_watch_report (LoopWatch  *w,
                   const char *what)
{
  loop_watch_tick (w);
  g_test_message ("%s: the longest wait %.1f ms (processor), rows made or destroyed at once %u", what,
                  w->worst_cpu / 1000.0, w->most_rows);
  g_assert_cmpuint (w->most_rows, <=, 2 * 12);
  w->worst_cpu = 0;
  w->most_rows = 0;
}

static void
test_collection_large (void)
{
  g_autoptr (GString) pdn = g_string_new (NULL);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GtkColumnViewColumn) first = NULL;
  g_autofree char *last_white = NULL;
  GtkListItemFactory *factory;
  LoopWatch watch = { 0 };
  DrWindow *window;
  guint tick;

  /* Game i: White "P<i*7919 mod 10000>", dated 1950 + i mod 70. */
  for (guint i = 0; i < 10000; i++)
    g_string_append_printf (pdn, "[Event \"%s\"]\n[Date \"%u.01.01\"]\n[White \"P%05u\"]\n[Black \"Opponent\"]\n"
                            "[Result \"1-1\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 1-1\n\n",
                            i % 10 ? "Club" : "Final", 1950 + i % 70, (i * 7919) % 10000);
  file = test_make_file (tmp_dir, "ten-thousand.pdn", pdn->str);
  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  first = g_list_model_get_item (gtk_column_view_get_columns (dr_game_list_get_view (window->game_list)), 0);
  factory = gtk_column_view_column_get_factory (first);
  g_signal_connect (factory, "setup", G_CALLBACK (loop_watch_row), &watch);
  g_signal_connect (factory, "teardown", G_CALLBACK (loop_watch_row), &watch);
  tick = g_timeout_add (1, loop_watch_tick, &watch);

  dr_window_open_file (window, file);
  test_wait_until (game_number_shown, window, "the first game");
  test_run_for (500);
  g_assert_cmpuint (dr_game_list_get_n_games (window->game_list), ==, 10000);
  loop_watch_report (&watch, "opened and listed");

  /* "final 1950.01": games 0, 70, ... 9940 (143), typed. */
  shown_list = window->game_list;
  test_click_widget (dr_game_list_get_search_entry (window->game_list));
  test_type (GTK_WINDOW (window), "final 1950.01");
  test_wait_until (games_shown_are, GUINT_TO_POINTER (143), "the search");
  test_run_for (300);
  /* Row 1 is game 70 (P04330), shown at once. */
  game_list_label (window, "P04330");
  loop_watch_report (&watch, "searched");

  /* Escape: all again.  Sorted by White, descending: P09999 first (7919
   * is prime to 10000: every number occurs). */
  test_keys (GTK_WINDOW (window), "Escape");
  test_wait_until (games_shown_are, GUINT_TO_POINTER (10000), "the search cleared");
  test_run_for (300);
  loop_watch_report (&watch, "search cleared");
  test_click_widget (game_list_label (window, "White"));
  test_click_widget (game_list_label (window, "White"));
  test_run_for (300);
  g_assert_cmpuint (dr_game_list_get_row_game (window->game_list, 0) * 7919u % 10000u, ==, 9999);
  loop_watch_report (&watch, "sorted");

  /* A click on the first row shows that game; the last game, picked from
   * elsewhere, scrolls the list to its row. */
  test_click_widget (game_list_label (window, "P09999"));
  g_assert_cmpuint (window->game_index * 7919u % 10000u, ==, 9999);
  test_run_for (300);
  loop_watch_report (&watch, "a game picked");
  g_signal_emit_by_name (window->game_list, "game-activated", 9999u);
  test_run_for (500);
  g_assert_cmpuint (window->game_index, ==, 9999);
  last_white = g_strdup_printf ("P%05u", 9999u * 7919u % 10000u);
  game_list_label (window, last_white);
  loop_watch_report (&watch, "the last game shown");

  g_source_remove (tick);
  g_signal_handlers_disconnect_by_data (factory, &watch);
  test_put_away (window);
}

/* A Czech file names no GameType: its games replay as Czech draughts,
 * with no error. */
static void
test_collection_no_gametype (void)
{
  g_autofree char *source = shared_file ("czech/mrcd2000kval.pdn");
  g_autoptr (GFile) file = NULL;
  DrWindow *window;

  if (source == NULL)
    return;
  if (test_skip_without_input (have_display))
    return;
  file = g_file_new_for_path (source);
  window = test_open_window (GTK_APPLICATION (app));
  dr_window_set_initial_ply (window, 0, 1);
  dr_window_open_file (window, file);
  test_wait_until (game_number_shown, window, "the first game");
  g_assert_cmpuint (dr_pdn_collection_count_errors (window->collection), ==, 0);
  g_assert_true (dr_pdn_collection_get_rules (window->collection) == &dr_rules_czech);
  g_assert_true (dr_game_model_get_rules (window->model) == &dr_rules_czech);
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (window->window_title), "Czech"));
  test_put_away (window);
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  /* A state folder of its own: the session files are this program's. */
  test_app_own_state ("test-app-collection");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/collection/save-whole", test_collection_save_whole);
  g_test_add_func ("/app/collection/broken-games", test_collection_broken_games);
  g_test_add_func ("/app/collection/game-list", test_collection_game_list);
  g_test_add_func ("/app/collection/large", test_collection_large);
  g_test_add_func ("/app/collection/no-gametype", test_collection_no_gametype);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "collection",
    .flags = TEST_APP_QUIET,
  });
}
