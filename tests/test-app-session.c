/* test-app-session.c — a scripted session: play by clicks, save, open again
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Needs a display (CI runs the suite under xvfb-run); skipped without one
 * (failed under CI=true).  The application and its windows are the real
 * ones, and a click is a real pointer click (XTest, test-app-util.h) on the
 * centre of a square (dr_board_view_square_center), which reaches the
 * board view's gestures as a person's would.  Settings live in
 * memory and the XDG directories in the build directory (tests/meson.build);
 * run by hand without them, the test makes its own temporary home.
 *
 * The moves are International draughts, worked out by hand from the PDN
 * numbering (1 = b10, 46 = a1, rows of five).
 */

#define G_LOG_DOMAIN "test-app-session"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-window-private.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-pdn.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* gtk_init_check() succeeded (gtk_is_initialized() is TRUE even when it
 * failed). */
static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

static DrBitboard
bits10 (const int *numbers)
{
  DrBitboard b = 0;

  for (guint i = 0; numbers[i] != 0; i++)
    b |= dr_bb_bit (n10 (numbers[i]));
  return b;
}

/* No display or no way to send input: skipped with the reason, or failed
 * under CI=true (test-app-util.h). */

#define wait_until test_wait_until

#define open_window() test_open_window (GTK_APPLICATION (app))

/* Done with @window: hidden, not destroyed (see test_close_window), and
 * what it had pending (the autosave, 400 ms after a change) let run, so
 * that it does not write over the next test's game. */
static void
put_away (DrWindow *window)
{
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  test_iterate_for (800);
}

/* A real click on @number's square; what it did, as the board state
 * shows it afterwards. */
static DrClickResult
click (DrWindow *window,
       int       number)
{
  int square = n10 (number);
  double x = -1, y = -1;
  guint ply = dr_game_model_get_current (window->model)->ply;
  DrGameNode *before = dr_game_model_get_current (window->model);

  g_assert_true (dr_board_view_square_center (window->board_view, square, &x, &y));
  /* The view's hit testing maps the point back to the square. */
  g_assert_cmpint (dr_board_view_square_at (window->board_view, x, y), ==, square);
  test_click (GTK_WIDGET (window->board_view), x, y);
  if (dr_game_model_get_current (window->model) != before && dr_game_model_get_current (window->model)->ply == ply + 1)
    return DR_CLICK_MOVED;
  if (dr_board_state_get_selected (window->board) >= 0)
    return DR_CLICK_SELECTED;
  return DR_CLICK_ILLEGAL;
}

/* Plays @from-@to by two clicks and checks what the game got. */
static void
click_move (DrWindow  *window,
            int        from,
            int        to,
            const int *captured)
{
  DrGameModel *model = dr_window_get_model (window);
  DrGameNode *before = dr_game_model_get_current (model);
  DrGameNode *after;

  g_assert_cmpint (click (window, from), ==, DR_CLICK_SELECTED);
  g_assert_cmpint (click (window, to), ==, DR_CLICK_MOVED);
  after = dr_game_model_get_current (model);
  g_assert_true (after->parent == before);
  g_assert_cmpint (after->move.from, ==, n10 (from));
  g_assert_cmpint (after->move.to, ==, n10 (to));
  g_assert_cmpuint (after->move.captures, ==, captured != NULL ? bits10 (captured) : 0);
  /* The board shows the new position at once. */
  g_assert_true (dr_position_equal (dr_board_state_get_position (window->board), &after->position));
  g_assert_cmpint (dr_board_state_get_selected (window->board), ==, -1);
}

static char *
game_text (DrGameModel *model)
{
  return dr_pdn_write_game (dr_game_model_get_game (model), dr_game_model_get_rules (model)->notation);
}

typedef struct
{
  DrWindow *window;
  GFile    *file;
} SaveWait;

static gboolean
saved (gpointer data)
{
  SaveWait *w = data;

  return g_file_query_exists (w->file, NULL) && !dr_game_model_get_modified (dr_window_get_model (w->window));
}

static void
save (DrWindow *window,
      GFile    *file)
{
  SaveWait w = { window, file };

  g_assert_true (dr_game_model_get_modified (dr_window_get_model (window)));
  dr_window_save_to_file (window, file);
  wait_until (saved, &w, "the game to be saved");
  g_assert_nonnull (window->file);
  g_assert_true (g_file_equal (window->file, file));
}

/* The window's session (a file of its own under
 * $XDG_STATE_HOME/draughtsman/session/) holds the running game a moment
 * after each change, and it reads back as the same game. */
static gboolean
autosaved (gpointer data)
{
  DrWindow *window = data;
  const char *path = _dr_window_session_path (window);
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *pdn = NULL;
  g_autofree char *expected = game_text (window->model);

  if (window->session_id != 0 || path == NULL || !g_key_file_load_from_file (kf, path, 0, NULL))
    return FALSE;
  pdn = g_key_file_get_string (kf, "Game", "pdn", NULL);
  return g_strcmp0 (pdn, expected) == 0;
}

static void
check_autosave (DrWindow *window)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *pdn = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (DrGame) game = NULL;
  g_autofree char *again = NULL;
  g_autofree char *expected = game_text (window->model);

  wait_until (autosaved, window, "the autosave");
  g_assert_true (g_key_file_load_from_file (kf, _dr_window_session_path (window), 0, NULL));
  pdn = g_key_file_get_string (kf, "Game", "pdn", NULL);
  reader = dr_pdn_reader_new (pdn, -1, "session", "UTF-8", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_no_error (error);
  again = dr_pdn_write_game (game, game->rules->notation);
  g_assert_cmpstr (again, ==, expected);
  g_assert_true (game->rules == dr_game_model_get_rules (window->model));
}

typedef struct
{
  DrWindow *window;
  GFile    *file;
} OpenWait;

static gboolean
opened (gpointer data)
{
  OpenWait *w = data;

  return w->window->file != NULL && g_file_equal (w->window->file, w->file);
}

/* 1. 32-28 19-23 2. 28x19 14x23 3. 34-29 23x34 4. 40x29: two exchanges.
 * After 19-23 White must take (28x19), and a click on another man is
 * refused.  Black's moves are clicked on a board turned round. */
static void
test_play_save_open (void)
{
  static const int took_23[] = { 23, 0 }, took_19[] = { 19, 0 };
  static const int took_29[] = { 29, 0 }, took_34[] = { 34, 0 };
  DrWindow *window, *second;
  DrGameModel *model;
  g_autoptr (GFile) file = NULL;
  g_autofree char *text = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *reopened = NULL;
  DrGameNode *end;

  if (test_skip_without_input (have_display))
    return;

  window = open_window ();
  model = dr_window_get_model (window);
  /* Whatever was restored, start afresh. */
  dr_game_model_new_game (model, &dr_rules_international, NULL);
  g_assert_false (dr_game_model_get_modified (model));

  click_move (window, 32, 28, NULL);
  g_assert_true (dr_game_model_get_modified (model));
  click_move (window, 19, 23, NULL);

  /* 31 has quiet moves, but 28 must capture. */
  g_assert_cmpint (click (window, 31), ==, DR_CLICK_ILLEGAL);
  g_assert_cmpint (dr_game_model_get_current (model)->ply, ==, 2);
  click_move (window, 28, 19, took_23);

  /* Black's view. */
  g_settings_set_boolean (window->settings, "board-flipped", TRUE);
  g_assert_true (dr_board_state_get_flipped (window->board));
  click_move (window, 14, 23, took_19);
  click_move (window, 34, 29, NULL);
  click_move (window, 23, 34, took_29);
  g_settings_set_boolean (window->settings, "board-flipped", FALSE);
  g_assert_false (dr_board_state_get_flipped (window->board));
  /* 40x29: 39x30 takes 34 too, but ends elsewhere. */
  click_move (window, 40, 29, took_34);

  end = dr_game_model_get_current (model);
  g_assert_cmpuint (end->ply, ==, 7);
  g_assert_cmpuint (dr_game_main_line_length (dr_game_model_get_game (model)), ==, 7);
  /* 20 men each at the start, two taken from each. */
  g_assert_cmpint (dr_bb_count (end->position.pieces[DR_SIDE_WHITE]), ==, 18);
  g_assert_cmpint (dr_bb_count (end->position.pieces[DR_SIDE_BLACK]), ==, 18);

  check_autosave (window);

  file = g_file_new_build_filename (tmp_dir, "session.pdn", NULL);
  save (window, file);
  text = game_text (model);
  g_assert_true (g_file_get_contents (g_file_peek_path (file), &contents, NULL, NULL));
  /* Written out by hand: the seven tags of a new game (PDN 3.0), the
   * GameType, the moves in International's numeric notation. */
  {
    g_autoptr (GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
    g_autofree char *expected = g_strdup_printf ("[Event \"?\"]\n[Site \"?\"]\n[Date \"%s\"]\n[Round \"?\"]\n"
                                                 "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
                                                 "[GameType \"20\"]\n\n"
                                                 "1. 32-28 19-23 2. 28x19 14x23 3. 34-29 23x34 4. 40x29 *\n",
                                                 date);
    g_assert_cmpstr (contents, ==, expected);
  }
  g_assert_cmpstr (contents, ==, text);

  /* Opened in another window: the same game, unmodified. */
  second = open_window ();
  dr_window_open_file (second, file);
  wait_until (opened, &(OpenWait) { second, file }, "the game to be opened");
  reopened = game_text (dr_window_get_model (second));
  g_assert_cmpstr (reopened, ==, text);
  g_assert_false (dr_game_model_get_modified (dr_window_get_model (second)));
  g_assert_cmpuint (dr_game_main_line_length (dr_game_model_get_game (dr_window_get_model (second))), ==, 7);

  put_away (second);
  put_away (window);
}

static gboolean
has_moves (gpointer data)
{
  return dr_game_main_line_length (dr_game_model_get_game (data)) > 0;
}

/* A king on 47 with two four-piece captures to 6 (see test-board-state.c):
 * A takes 29, 30, 40, 11 turning on 24, 35, 44; B takes 29, 19, 12, 11
 * turning on 24, 8, 17.  Clicking 35 picks A; Black then plays 19-24. */
static void
test_capture_route (void)
{
  static const int route_a[] = { 29, 30, 40, 11, 0 };
  const DrRules *rules = &dr_rules_international;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *text = NULL;
  g_autofree char *reopened = NULL;
  DrGameNode *capture;
  DrGameModel *model;
  DrWindow *window;
  DrPosition pos;

  if (test_skip_without_input (have_display))
    return;

  window = open_window ();
  model = dr_window_get_model (window);
  g_assert_true (dr_fen_parse (rules, "W:WK47:B11,12,19,29,30,40", &pos, &error));
  g_assert_no_error (error);
  dr_game_model_set_game (model, dr_game_new (rules, &pos));

  g_assert_cmpint (click (window, 47), ==, DR_CLICK_SELECTED);
  g_assert_cmpuint (dr_board_state_get_targets (window->board), ==, dr_bb_bit (n10 (6)));
  g_assert_cmpint (click (window, 35), ==, DR_CLICK_SELECTED);
  g_assert_cmpuint (dr_board_state_get_route (window->board), ==, dr_bb_bit (n10 (35)));
  g_assert_cmpint (click (window, 6), ==, DR_CLICK_MOVED);
  capture = dr_game_model_get_current (model);
  g_assert_cmpuint (capture->ply, ==, 1);
  g_assert_cmpint (capture->move.from, ==, n10 (47));
  g_assert_cmpint (capture->move.to, ==, n10 (6));
  g_assert_cmpuint (capture->move.captures, ==, bits10 (route_a));
  g_assert_cmpuint (capture->position.pieces[DR_SIDE_BLACK], ==, dr_bb_bit (n10 (12)) | dr_bb_bit (n10 (19)));
  g_assert_true (dr_position_equal (dr_board_state_get_position (window->board), &capture->position));

  click_move (window, 19, 24, NULL);
  check_autosave (window);

  file = g_file_new_build_filename (tmp_dir, "capture.pdn", NULL);
  save (window, file);
  text = game_text (model);
  /* A game from a set-up position says so. */
  g_assert_nonnull (strstr (text, "[FEN \""));

  /* Opened again into the same window, over a new game. */
  dr_game_model_new_game (model, rules, NULL);
  g_assert_cmpuint (dr_game_main_line_length (dr_game_model_get_game (model)), ==, 0);
  dr_window_open_file (window, file);
  wait_until (has_moves, model, "the game to be opened");
  reopened = game_text (model);
  g_assert_cmpstr (reopened, ==, text);
  g_assert_true (dr_game_model_get_game (model)->setup);
  g_assert_true (dr_position_equal (&dr_game_model_get_game (model)->root->position, &pos));
  g_assert_cmpuint (dr_game_model_get_game (model)->root->children->move.captures, ==, bits10 (route_a));

  put_away (window);
}

/* A window torn down without the question (the program ending) must
 * leave nothing behind that still uses it: its pending session is written
 * at once, and no timer of it runs later.  In a subprocess, since a timer
 * left behind would fire on a dead window. */
static void
test_close_window (void)
{
  if (test_skip_without_input (have_display))
    return;
  if (g_test_subprocess ())
    {
      DrWindow *window = open_window ();
      DrGameModel *model = dr_window_get_model (window);
      g_autofree char *expected = NULL;
      g_autofree char *path = NULL;
      g_autofree char *pdn = NULL;
      g_autoptr (GKeyFile) kf = g_key_file_new ();

      dr_game_model_new_game (model, &dr_rules_international, NULL);
      /* A first session write, so that its file is known. */
      click_move (window, 32, 28, NULL);
      check_autosave (window);
      path = g_strdup (_dr_window_session_path (window));
      /* 19-23 as the board plays it, with no main loop turn after it. */
      {
        g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

        dr_movegen_legal (&dr_rules_international, dr_game_model_get_position (model), legal);
        for (guint i = 0; i < legal->n; i++)
          if (legal->moves[i].from == n10 (19) && legal->moves[i].to == n10 (23))
            dr_game_model_play (model, &legal->moves[i]);
      }
      g_assert_cmpuint (dr_game_model_get_current (model)->ply, ==, 2);
      expected = game_text (model);
      /* Destroyed before the session write is due: it is written on the
       * way out. */
      g_assert_cmpuint (window->session_id, !=, 0);
      gtk_window_destroy (GTK_WINDOW (window));
      g_assert_true (g_key_file_load_from_file (kf, path, 0, NULL));
      pdn = g_key_file_get_string (kf, "Game", "pdn", NULL);
      g_assert_cmpstr (pdn, ==, expected);
      /* Criticals are fatal here. */
      test_iterate_for (1500);
      return;
    }
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  /* Closing the window must not leave a timer that touches it later. */
  g_test_trap_assert_passed ();
}

static guint
current_ply (DrWindow *window)
{
  return dr_game_model_get_current (window->model)->ply;
}

static gboolean
has_action (GtkWidget *widget,
            gpointer   data)
{
  return g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), data) == 0;
}

/* Left, Right, Home, End step through the game and Up, Down choose among
 * the variations, with the focus on a button of the window (where the
 * arrows used to move the focus instead), but not in a text field. */
static void
test_arrow_keys (void)
{
  DrWindow *window;
  GtkWidget *button;
  DrGameNode *variation, *main_line;

  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  dr_game_model_new_game (window->model, &dr_rules_international, NULL);
  click_move (window, 32, 28, NULL);
  click_move (window, 19, 23, NULL);
  click_move (window, 28, 19, (const int[]) { 23, 0 });
  /* The focus on the "back" button, by a click on it. */
  button = test_find_widget (GTK_WIDGET (window), GTK_TYPE_BUTTON, has_action, (gpointer) "win.back");
  test_click_widget (button);
  g_assert_cmpuint (current_ply (window), ==, 2);
  g_assert_true (gtk_widget_has_focus (button) || gtk_widget_get_focus_on_click (button) == FALSE);

  test_keys (GTK_WINDOW (window), "Left");
  g_assert_cmpuint (current_ply (window), ==, 1);
  test_keys (GTK_WINDOW (window), "Right");
  g_assert_cmpuint (current_ply (window), ==, 2);
  test_keys (GTK_WINDOW (window), "Home");
  g_assert_cmpuint (current_ply (window), ==, 0);
  test_keys (GTK_WINDOW (window), "End");
  g_assert_cmpuint (current_ply (window), ==, 3);
  g_assert_cmpuint (dr_game_main_line_length (dr_game_model_get_game (window->model)), ==, 3);

  /* A variation at ply 2: 18-23 beside 19-23. */
  test_keys (GTK_WINDOW (window), "Left Left");
  click_move (window, 18, 23, NULL);
  variation = dr_game_model_get_current (window->model);
  main_line = variation->parent->children;
  g_assert_true (main_line != variation);
  test_keys (GTK_WINDOW (window), "Up");
  g_assert_true (dr_game_model_get_current (window->model) == main_line);
  test_keys (GTK_WINDOW (window), "Down");
  g_assert_true (dr_game_model_get_current (window->model) == variation);

  /* In a text field the arrows move the cursor. */
  test_keys (GTK_WINDOW (window), "ctrl+e");
  g_assert_true (dr_board_state_get_setup_mode (window->board));
  gtk_widget_grab_focus (GTK_WIDGET (window->fen_entry));
  test_keys (GTK_WINDOW (window), "End Left Left");
  g_assert_cmpint (gtk_editable_get_position (GTK_EDITABLE (window->fen_entry)), ==,
                   (int) strlen (gtk_editable_get_text (GTK_EDITABLE (window->fen_entry))) - 2);
  test_keys (GTK_WINDOW (window), "ctrl+e");
  g_assert_true (dr_game_model_get_current (window->model) == variation);
  put_away (window);
}

static gboolean
route_menu_shown (gpointer data)
{
  DrWindow *window = data;
  GtkWidget *menu = test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_POPOVER_MENU, NULL, NULL);

  return menu != NULL && gtk_widget_get_mapped (menu);
}

static gboolean
played_one (gpointer data)
{
  return current_ply (data) == 1;
}

static gboolean
label_is (GtkWidget *widget,
          gpointer   data)
{
  return g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), data);
}

/* The king on 47 has two captures of four men that end on 6: clicking 47
 * then 6 asks which, in a menu of the two routes.  Picking one, by a
 * click or by the keyboard, plays that one (it used to play nothing). */
static void
test_route_menu (void)
{
  static const int route_a[] = { 29, 30, 40, 11, 0 };
  static const int route_b[] = { 29, 19, 12, 11, 0 };
  const DrRules *rules = &dr_rules_international;
  DrWindow *window;
  DrPosition pos;
  GtkWidget *menu, *item;

  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  g_assert_true (dr_fen_parse (rules, "W:WK47:B11,12,19,29,30,40", &pos, NULL));

  /* By a click on the item of route B (turning on 24, 8, 17). */
  dr_game_model_new_game (window->model, rules, &pos);
  g_assert_cmpint (click (window, 47), ==, DR_CLICK_SELECTED);
  click (window, 6);
  wait_until (route_menu_shown, window, "the route menu");
  menu = test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_POPOVER_MENU, NULL, NULL);
  item = test_find_widget (menu, GTK_TYPE_LABEL, label_is, (gpointer) "47x24x8x17x6");
  if (item == NULL)
    item = test_find_widget (menu, GTK_TYPE_LABEL, label_is, (gpointer) "47x24x8x17x06");
  g_assert_nonnull (item);
  test_click_widget (item);
  wait_until (played_one, window, "the route picked to be played");
  g_assert_cmpuint (current_ply (window), ==, 1);
  g_assert_cmpuint (dr_game_model_get_current (window->model)->move.captures, ==, bits10 (route_b));

  /* By the keyboard: the first item is route A; Return plays it. */
  dr_game_model_new_game (window->model, rules, &pos);
  g_assert_cmpint (click (window, 47), ==, DR_CLICK_SELECTED);
  click (window, 6);
  wait_until (route_menu_shown, window, "the route menu again");
  test_wait_still (test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_POPOVER_MENU, NULL, NULL));
  test_keys (GTK_WINDOW (window), "Down Return");
  wait_until (played_one, window, "the route chosen to be played");
  g_assert_cmpuint (current_ply (window), ==, 1);
  g_assert_cmpuint (dr_game_model_get_current (window->model)->move.captures, ==, bits10 (route_a));
  put_away (window);
}

/* WCAG 2 contrast ratio of two colours. */
static double
luminance (const GdkRGBA *c)
{
  double v[3] = { c->red, c->green, c->blue };

  for (int i = 0; i < 3; i++)
    v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : pow ((v[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

static double
contrast (const GdkRGBA *a,
          const GdkRGBA *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

typedef struct
{
  GdkRGBA bg;
  guint   checked;
} ContrastCheck;

static void
check_tag (GtkTextTag *tag,
           gpointer    data)
{
  ContrastCheck *c = data;
  gboolean fg_set = FALSE, bg_set = FALSE;
  GdkRGBA *fg = NULL, *bg = NULL;
  g_autofree char *name = NULL;

  g_object_get (tag, "foreground-set", &fg_set, "background-set", &bg_set, "foreground-rgba", &fg,
                "background-rgba", &bg, "name", &name, NULL);
  if (fg_set)
    {
      double ratio = contrast (fg, bg_set ? bg : &c->bg);

      g_test_message ("tag %s: contrast %.2f", name != NULL ? name : "(variation)", ratio);
      /* WCAG AA for text. */
      g_assert_cmpfloat (ratio, >=, 4.5);
      c->checked++;
    }
  g_clear_pointer (&fg, gdk_rgba_free);
  g_clear_pointer (&bg, gdk_rgba_free);
}

/* With the dark style forced (and the light one), every coloured text of
 * the move list (variations, comments, move numbers, the current move)
 * stands out from its background by WCAG's 4.5:1 at least. */
static void
test_dark_style (void)
{
  static const char pdn[] =
    "[GameType \"20\"]\n\n1. 32-28 {a comment} (1. 33-29 19-23 (1... 18-23 2. 29x18)) 19-23 *\n";
  AdwStyleManager *style = adw_style_manager_get_default ();
  g_autoptr (DrPdnReader) reader = NULL;
  DrGame *game = NULL;
  DrWindow *window;

  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  reader = dr_pdn_reader_new (pdn, -1, "variations.pdn", NULL, NULL, NULL);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, NULL), ==, DR_PDN_READ_WHOLE);
  dr_game_model_set_game (window->model, game);
  dr_game_model_go_end (window->model);
  for (int pass = 0; pass < 2; pass++)
    {
      ContrastCheck c = { { 0 }, 0 };
      GtkTextTagTable *table = gtk_text_buffer_get_tag_table (gtk_text_view_get_buffer (GTK_TEXT_VIEW (window->move_list)));

      adw_style_manager_set_color_scheme (style, pass == 0 ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      test_run_for (300);
      g_assert_true (adw_style_manager_get_dark (style) == (pass == 0));
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      g_assert_true (gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (window->move_list)),
                                                     "view_bg_color", &c.bg));
      G_GNUC_END_IGNORE_DEPRECATIONS
      gtk_text_tag_table_foreach (table, check_tag, &c);
      /* Variations at two depths, comment, numbers, current move. */
      g_assert_cmpuint (c.checked, >=, 5);
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  put_away (window);
}

/* A real right (@button 3) or left click on @node's move in the move
 * list. */
static void
click_move_text (DrWindow   *window,
                 DrGameNode *node,
                 int         button)
{
  GtkTextView *view = GTK_TEXT_VIEW (window->move_list);
  GtkTextIter iter;
  GdkRectangle rect;
  int start = -1, x, y;

  g_assert_true (dr_move_list_view_get_range (window->move_list, node, &start, NULL));
  gtk_text_buffer_get_iter_at_offset (gtk_text_view_get_buffer (view), &iter, start + 1);
  gtk_text_view_get_iter_location (view, &iter, &rect);
  gtk_text_view_buffer_to_window_coords (view, GTK_TEXT_WINDOW_WIDGET, rect.x, rect.y, &x, &y);
  test_click_button (GTK_WIDGET (view), x + 2, y + rect.height / 2.0, button);
}

static gboolean
popover_shown (gpointer data)
{
  return data != NULL && gtk_widget_get_mapped (data);
}

/* The label's text, its mnemonic's underscore left out, is @data. */
static gboolean
label_text_is (GtkWidget *widget,
               gpointer   data)
{
  g_autoptr (GString) text = g_string_new (gtk_label_get_label (GTK_LABEL (widget)));

  g_string_replace (text, "_", "", 0);
  return g_str_equal (text->str, data) && gtk_widget_get_mapped (widget);
}

/* Clicks the item labelled @label of the menu open on the move list. */
static void
click_menu_item (DrWindow   *window,
                 const char *label)
{
  GtkWidget *item;

  test_wait_until (popover_shown, window->move_menu, "the move list's menu");
  item = test_find_widget (GTK_WIDGET (window->move_menu), GTK_TYPE_LABEL, label_text_is, (gpointer) label);
  g_assert_nonnull (item);
  test_click_widget (item);
}

typedef struct
{
  char     *text;
  gboolean  done;
} ClipboardRead;

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  ClipboardRead *r = data;

  r->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  r->done = TRUE;
}

static gboolean
clipboard_read (gpointer data)
{
  return ((ClipboardRead *) data)->done;
}

static char *
clipboard_text (DrWindow *window)
{
  ClipboardRead r = { NULL, FALSE };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL, clipboard_read_cb, &r);
  test_wait_until (clipboard_read, &r, "the clipboard");
  g_assert_nonnull (r.text);
  return r.text;
}

/* A real right drag from square @from to @to (numbers, 10x10) with
 * @modifier held; @from == @to is a right click. */
static void
right_drag (DrWindow   *window,
            int         from,
            int         to,
            const char *modifier)
{
  double x0, y0, x1, y1;

  test_square_point (window->board_view, n10 (from), &x0, &y0);
  test_square_point (window->board_view, n10 (to), &x1, &y1);
  test_drag_button (GTK_WIDGET (window->board_view), x0, y0, x1, y1, 3, modifier);
}

/* Arrows and coloured squares drawn on the board with the right button
 * (colours by modifier), kept in the comment after the move as "%cal" and
 * "%csl" commands, shown again when the position comes back, kept by the
 * comment editor, undone by Ctrl+Z, written to PDN and read back. */
static void
test_marks (void)
{
  static const char pdn[] = "[GameType \"20\"]\n\n1. 32-28 19-23 *\n";
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (DrPdnReader) again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *written = NULL;
  DrGame *game = NULL, *read_back = NULL;
  DrGameNode *first;
  DrWindow *window;

  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  reader = dr_pdn_reader_new (pdn, -1, "marks.pdn", NULL, NULL, NULL);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, NULL), ==, DR_PDN_READ_WHOLE);
  dr_game_model_set_game (window->model, game);
  dr_game_model_go_to (window->model, game->root->children);
  test_run_for (200);
  first = dr_game_model_get_current (window->model);

  /* A right drag 33 -> 29: a green arrow. */
  right_drag (window, 33, 29, NULL);
  g_assert_cmpstr (first->comment_after, ==, "[%cal G33-29]");
  g_assert_cmpuint (dr_board_view_get_marks (window->board_view)->len, ==, 1);
  /* Shift + right click on 23: a red square. */
  right_drag (window, 23, 23, "shift");
  g_assert_cmpstr (first->comment_after, ==, "[%csl R23] [%cal G33-29]");
  /* Ctrl: the same arrow turns blue; a right click on a piece's square
   * marks it too (19, Black's man). */
  right_drag (window, 33, 29, "ctrl");
  right_drag (window, 19, 19, NULL);
  g_assert_cmpstr (first->comment_after, ==, "[%csl R23,G19] [%cal B33-29]");
  g_assert_cmpuint (dr_board_view_get_marks (window->board_view)->len, ==, 3);
  /* The same green click on 19 takes it off again. */
  right_drag (window, 19, 19, NULL);
  g_assert_cmpstr (first->comment_after, ==, "[%csl R23] [%cal B33-29]");
  /* Nothing of it shows as text in the move list. */
  text = dr_move_list_view_get_text (window->move_list);
  g_assert_null (strstr (text, "[%"));
  g_assert_null (strstr (text, "33-29"));

  /* The comment editor shows the text only and keeps the marks. */
  test_keys (GTK_WINDOW (window), "ctrl+m");
  test_wait_until (popover_shown, window->comment_popover, "the comment editor");
  test_run_for (300);
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (window->comment_view);
    GtkTextIter start, end;
    g_autofree char *shown = NULL;

    gtk_text_buffer_get_bounds (buffer, &start, &end);
    shown = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    g_assert_cmpstr (shown, ==, "");
  }
  test_type (GTK_WINDOW (window), "aims at 23");
  test_keys (GTK_WINDOW (window), "ctrl+Return");
  first = dr_game_model_get_current (window->model);
  g_assert_cmpstr (first->comment_after, ==, "aims at 23 [%csl R23] [%cal B33-29]");
  g_free (text);
  text = dr_move_list_view_get_text (window->move_list);
  g_test_message ("%s", text);
  /* A number and its move are joined by a no-break space, so that a line
   * never ends with a move number (issue 23). */
  g_assert_nonnull (strstr (text, "32-28 aims at 23 1…\u00a019-23"));
  g_assert_nonnull (strstr (text, "1.\u00a032-28"));
  g_assert_null (strstr (text, "1. 32-28"));

  /* The marks belong to the position: not after 19-23, back on 32-28. */
  test_keys (GTK_WINDOW (window), "Right");
  /* (With the focus in the move list, where the editor left it.) */
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (window->move_list));
  g_assert_cmpuint (dr_board_view_get_marks (window->board_view)->len, ==, 0);
  test_keys (GTK_WINDOW (window), "Left");
  g_assert_cmpuint (dr_board_view_get_marks (window->board_view)->len, ==, 2);

  /* Ctrl+Z: the comment's text, then the last mark, come off in turn. */
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_cmpstr (dr_game_model_get_current (window->model)->comment_after, ==, "[%csl R23] [%cal B33-29]");
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_cmpstr (dr_game_model_get_current (window->model)->comment_after, ==, "[%csl R23,G19] [%cal B33-29]");
  g_assert_cmpuint (dr_board_view_get_marks (window->board_view)->len, ==, 3);

  /* Written to PDN and read back: the same comment, the same marks. */
  written = dr_pdn_write_game (dr_game_model_get_game (window->model), DR_NOTATION_NUMERIC);
  g_assert_nonnull (strstr (written, "1. 32-28 {[%csl R23,G19] [%cal B33-29]} 1... 19-23"));
  again = dr_pdn_reader_new (written, -1, "again.pdn", NULL, NULL, NULL);
  g_assert_cmpint (dr_pdn_reader_next_game (again, &read_back, NULL), ==, DR_PDN_READ_WHOLE);
  g_assert_cmpstr (read_back->root->children->comment_after, ==, "[%csl R23,G19] [%cal B33-29]");
  dr_game_model_set_game (window->model, read_back);
  dr_game_model_go_to (window->model, read_back->root->children);
  test_run_for (200);
  g_assert_cmpuint (dr_board_view_get_marks (window->board_view)->len, ==, 3);
  /* The move list's menu takes them all off at once. */
  click_move_text (window, read_back->root->children, 3);
  click_menu_item (window, "Remove Arrows and Marks");
  g_assert_null (dr_game_model_get_current (window->model)->comment_after);
  g_assert_cmpuint (dr_board_view_get_marks (window->board_view)->len, ==, 0);

  put_away (window);
}

/* Comments, glyphs and assessments by the move list's menu (a real right
 * click on a move) and by keys; each shown in the move list, written to
 * PDN, and undone by Ctrl+Z. */
static void
test_annotate (void)
{
  static const char pdn[] =
    "[GameType \"20\"]\n\n1. 32-28 (1. 33-29 18-23) 19-23 2. 28x19 14x23 *\n";
  g_autoptr (DrPdnReader) reader = NULL;
  g_autofree char *text = NULL;
  g_autofree char *written = NULL;
  DrGame *game = NULL;
  DrGameNode *reply, *variation;
  DrWindow *window;

  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  reader = dr_pdn_reader_new (pdn, -1, "annotate.pdn", NULL, NULL, NULL);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, NULL), ==, DR_PDN_READ_WHOLE);
  dr_game_model_set_game (window->model, game);
  test_run_for (200);
  reply = game->root->children->children;          /* 19-23 */
  variation = game->root->children->next->children; /* 18-23 */

  /* A comment after 19-23: right click, Comment…, type, Ctrl+Return. */
  click_move_text (window, reply, 3);
  g_assert_true (dr_game_model_get_current (window->model) == reply);
  click_menu_item (window, "Comment…");
  test_wait_until (popover_shown, window->comment_popover, "the comment editor");
  test_run_for (300);
  test_type (GTK_WINDOW (window), "the only move");
  test_keys (GTK_WINDOW (window), "ctrl+Return");
  g_assert_cmpstr (reply->comment_after, ==, "the only move");
  text = dr_move_list_view_get_text (window->move_list);
  g_assert_nonnull (strstr (text, "19-23 the only move"));

  /* Glyphs by keys: Ctrl+1 puts "!", the same key takes it off; Ctrl+4 "??". */
  test_keys (GTK_WINDOW (window), "ctrl+1");
  g_assert_cmpint (dr_game_node_get_glyph (reply), ==, DR_NAG_GOOD);
  test_keys (GTK_WINDOW (window), "ctrl+1");
  g_assert_cmpint (dr_game_node_get_glyph (reply), ==, DR_NAG_NONE);
  test_keys (GTK_WINDOW (window), "ctrl+4");
  g_assert_cmpint (dr_game_node_get_glyph (reply), ==, DR_NAG_BLUNDER);

  /* An assessment from the menu's Position submenu. */
  click_move_text (window, reply, 3);
  click_menu_item (window, "Position");
  click_menu_item (window, "± White is better");
  g_assert_cmpuint (dr_game_model_get_position_nag (window->model), ==, 16);
  g_free (text);
  text = dr_move_list_view_get_text (window->move_list);
  g_assert_nonnull (strstr (text, "19-23?? ± the only move"));
  written = dr_pdn_write_game (dr_game_model_get_game (window->model), DR_NOTATION_NUMERIC);
  g_assert_nonnull (strstr (written, "19-23?? $16 {the only move}"));

  /* Undo takes back the assessment, then the glyph. */
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_cmpuint (dr_game_model_get_position_nag (window->model), ==, 0);
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_cmpint (dr_game_node_get_glyph (dr_game_model_get_current (window->model)), ==, DR_NAG_NONE);

  /* Copy the Line as PDN, on 18-23 of the variation: the line from the
   * start through it, nothing of the main line after 32-28's branch. */
  variation = dr_game_model_get_game (window->model)->root->children->next->children;
  click_move_text (window, variation, 3);
  click_menu_item (window, "Copy the Line as PDN");
  {
    g_autofree char *copied = clipboard_text (window);
    g_assert_nonnull (strstr (copied, "1. 33-29 18-23 *"));
    g_assert_null (strstr (copied, "32-28"));
  }

  /* Delete Variation, from the menu on a move of the variation. */
  variation = dr_game_model_get_game (window->model)->root->children->next->children;
  click_move_text (window, variation, 3);
  click_menu_item (window, "Delete Variation");
  g_assert_null (dr_game_model_get_game (window->model)->root->children->next);
  put_away (window);
}

static gboolean
row_titled (GtkWidget *widget,
            gpointer   data)
{
  return g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

static gboolean
button_icon_is (GtkWidget *widget,
                gpointer   data)
{
  return g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), data) == 0;
}

static gboolean
details_shown (gpointer data)
{
  GtkWindow *w = test_find_toplevel (ADW_TYPE_WINDOW);

  return w != NULL && g_strcmp0 (gtk_window_get_title (w), "Game Details") == 0;
}

/* Scrolls the page of @widget so that @widget is in view, as a person
 * would before clicking it. */
static void
scroll_into_view (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;
  double top;

  if (scrolled == NULL)
    return;
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_assert_true (gtk_widget_compute_bounds (widget, gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled)),
                                            &bounds));
  top = gtk_adjustment_get_value (adjustment);
  if (bounds.origin.y < top || bounds.origin.y + bounds.size.height > top + gtk_adjustment_get_page_size (adjustment))
    gtk_adjustment_set_value (adjustment, bounds.origin.y + bounds.size.height - gtk_adjustment_get_page_size (adjustment));
  test_run_for (200);
}

/* Types @text into the entry row titled @title of @details, replacing
 * what it holds, and presses Return. */
static void
edit_row (GtkWindow  *details,
          const char *title,
          const char *text,
          gboolean    apply)
{
  GtkWidget *row = test_find_widget (GTK_WIDGET (details), ADW_TYPE_ENTRY_ROW, row_titled, (gpointer) title);

  g_assert_nonnull (row);
  /* The page scrolls to the row focused: test_click_widget() clicks it
   * once it stands still. */
  scroll_into_view (row);
  test_click_widget (row);
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (details));

    g_assert_nonnull (focus);
    g_assert_true (focus == row || gtk_widget_is_ancestor (focus, row));
  }
  test_keys (details, "ctrl+a");
  test_type (details, text);
  if (apply)
    test_keys (details, "Return");
}

static const char *
tag (DrWindow   *window,
     const char *name)
{
  return dr_game_get_tag (dr_game_model_get_game (window->model), name);
}

/* White – Black and the event above the move list; Game Details, opened
 * by a click on them, edits the tags: a value changed, a tag removed, a
 * tag added, each an edit that Ctrl+Z takes back. */
static gboolean
widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static gboolean
annotator_row_gone (gpointer data)
{
  return test_find_widget (GTK_WIDGET (data), ADW_TYPE_ENTRY_ROW, row_titled, (gpointer) "Annotator") == NULL;
}

static void
test_game_details (void)
{
  static const char pdn[] =
    "[Event \"Ch NL\"]\n[Site \"Amsterdam\"]\n[Date \"2003.04.05\"]\n[White \"Schwarzman\"]\n"
    "[Black \"Sijbrands\"]\n[Annotator \"ATM\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 *\n";
  g_autoptr (DrPdnReader) reader = NULL;
  DrGame *game = NULL;
  DrWindow *window;
  GtkWindow *details;
  GtkWidget *row, *trash, *add, *header;

  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  reader = dr_pdn_reader_new (pdn, -1, "details.pdn", NULL, NULL, NULL);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, NULL), ==, DR_PDN_READ_WHOLE);
  dr_game_model_set_game (window->model, game);
  g_assert_cmpstr (gtk_label_get_text (window->players_label), ==, "Schwarzman – Sijbrands");
  g_assert_cmpstr (gtk_label_get_text (window->event_label), ==, "Ch NL · Amsterdam · 2003.04.05");

  /* The game's header shows once the window has laid out the game set
   * just now: under load that can take a frame or two. */
  header = gtk_widget_get_ancestor (GTK_WIDGET (window->players_label), GTK_TYPE_BUTTON);
  g_assert_nonnull (header);
  test_wait_until (widget_mapped, header, "the game's header to be shown");
  test_click_widget (header);
  test_wait_until (details_shown, NULL, "Game Details");
  details = test_find_toplevel (ADW_TYPE_WINDOW);

  edit_row (details, "White", "Ivanov", TRUE);
  g_assert_cmpstr (tag (window, "White"), ==, "Ivanov");
  g_assert_cmpstr (gtk_label_get_text (window->players_label), ==, "Ivanov – Sijbrands");

  row = test_find_widget (GTK_WIDGET (details), ADW_TYPE_ENTRY_ROW, row_titled, (gpointer) "Annotator");
  g_assert_nonnull (row);
  trash = test_find_widget (row, GTK_TYPE_BUTTON, button_icon_is, (gpointer) "user-trash-symbolic");
  g_assert_nonnull (trash);
  test_click_widget (trash);
  g_assert_null (tag (window, "Annotator"));
  /* The dialog makes its rows again in an idle after the click: the rows
   * found before that are gone with it (under load the next row looked up
   * was an old one, destroyed while the test scrolled to it: a Gtk-CRITICAL
   * in gtk_widget_get_mapped()).  Wait, as a person would, for the row to
   * go. */
  test_wait_until (annotator_row_gone, details, "the Annotator row to go");

  edit_row (details, "New tag’s name", "Opening", FALSE);
  edit_row (details, "New tag’s value", "Ketelaar", FALSE);
  row = test_find_widget (GTK_WIDGET (details), ADW_TYPE_ENTRY_ROW, row_titled, (gpointer) "New tag’s value");
  add = test_find_widget (row, GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Add");
  g_assert_nonnull (add);
  scroll_into_view (add);
  test_click_widget (add);
  g_assert_cmpstr (tag (window, "Opening"), ==, "Ketelaar");

  gtk_window_close (details);
  test_run_for (300);
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_null (tag (window, "Opening"));
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_cmpstr (tag (window, "Annotator"), ==, "ATM");
  test_keys (GTK_WINDOW (window), "ctrl+z");
  g_assert_cmpstr (tag (window, "White"), ==, "Schwarzman");
  put_away (window);
}

static gboolean
analysis_shown (gpointer data)
{
  DrWindow *window = data;

  return gtk_widget_get_first_child (GTK_WIDGET (window->analysis_lines)) != NULL;
}

/* Lines are shown, and the arrow is a Black man's move (from 16-20). */
static gboolean
black_arrow (gpointer data)
{
  DrWindow *window = data;
  int from = -1, to = -1;

  dr_board_state_get_arrow (window->board, &from, &to);
  return analysis_shown (window) && from >= 0
         && (dr_bb_bit (from) & bits10 ((const int[]) { 16, 17, 18, 19, 20, 0 })) != 0;
}

/* Ctrl+Space's action: the engine's lines appear, the best move is drawn,
 * the analysis follows the game, a clicked line becomes a variation, and
 * a second activation stops it. */
static void
test_analysis_pane (void)
{
  static const int none[] = { 0 };
  DrWindow *window;
  DrGameModel *model;
  DrGameNode *after;
  GtkListBoxRow *row;
  int from = -1, to = -1;

  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  model = dr_window_get_model (window);
  dr_game_model_set_game (model, dr_game_new (&dr_rules_international, NULL));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  g_assert_true (gtk_toggle_button_get_active (window->analysis_button));
  wait_until (analysis_shown, window, "the engine's lines");
  g_assert_cmpstr (gtk_label_get_text (window->analysis_label), !=, "Thinking…");
  dr_board_state_get_arrow (window->board, &from, &to);
  /* White's first moves all start on 31-35 (003 2.2: men move forward). */
  g_assert_cmpint (from, >=, 0);
  g_assert_true (dr_bb_bit (from) & bits10 ((const int[]) { 31, 32, 33, 34, 35, 0 }));

  /* A move restarts the engine on Black's side: its arrow leaves 16-20. */
  click_move (window, 32, 28, none);
  after = dr_game_model_get_current (model);
  wait_until (black_arrow, window, "the lines after 32-28");
  dr_board_state_get_arrow (window->board, &from, &to);

  /* Clicking a line plays it into the game and stays where it was. */
  row = gtk_list_box_get_row_at_index (window->analysis_lines, 0);
  g_assert_nonnull (row);
  g_signal_emit_by_name (window->analysis_lines, "row-activated", row);
  g_assert_true (dr_game_model_get_current (model) == after);
  g_assert_nonnull (after->children);
  g_assert_cmpint (after->children->move.from, ==, from);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  g_assert_false (gtk_toggle_button_get_active (window->analysis_button));
  g_assert_false (analysis_shown (window));
  dr_board_state_get_arrow (window->board, &from, &to);
  g_assert_cmpint (from, ==, -1);
  put_away (window);
}

/* White's share of the bar: level in the middle, symmetric, growing with
 * the score, a found win filling it and a mere big lead not quite. */
static void
check_bar_fraction (void)
{
  double last = 0;

  g_assert_cmpfloat (dr_eval_bar_fraction (0), ==, 0.5);
  g_assert_cmpfloat (dr_eval_bar_fraction (DR_SCORE_WON), ==, 1.0);
  g_assert_cmpfloat (dr_eval_bar_fraction (DR_SCORE_WIN - 3), ==, 1.0);
  g_assert_cmpfloat (dr_eval_bar_fraction (-DR_SCORE_WON), ==, 0.0);
  g_assert_cmpfloat (dr_eval_bar_fraction (20 * DR_SCORE_MAN), <, 1.0);
  g_assert_cmpfloat (dr_eval_bar_fraction (-20 * DR_SCORE_MAN), >, 0.0);
  /* A man up shows plainly. */
  g_assert_cmpfloat (dr_eval_bar_fraction (DR_SCORE_MAN), >, 0.6);
  for (int score = -DR_SCORE_WON + 1; score < DR_SCORE_WON; score += 37)
    {
      double f = dr_eval_bar_fraction (score);

      g_assert_cmpfloat (f, >=, last);
      g_assert_cmpfloat_with_epsilon (f, 1.0 - dr_eval_bar_fraction (-score), 1e-9);
      last = f;
    }
}

static gboolean
graph_has_start (gpointer data)
{
  DrWindow *window = data;

  return dr_eval_graph_get_n_points (window->eval_graph) > 0
         && dr_eval_graph_get_score (window->eval_graph, 0) != DR_EVAL_GRAPH_UNKNOWN;
}

/* Where the board's first square is drawn, in window coordinates. */
static double
board_left (DrWindow *window)
{
  double x = 0, y = 0, wx = 0, wy = 0;

  g_assert_true (dr_board_view_square_center (window->board_view, n10 (46), &x, &y));
  g_assert_true (gtk_widget_translate_coordinates (GTK_WIDGET (window->board_view), GTK_WIDGET (window),
                                                   x, y, &wx, &wy));
  return wx;
}

/* Black to move takes a man and wins (17x28, the CLI's "win in 8"): the
 * bar, from White's view, goes to Black; it shows only with the engine
 * on, and the graph gets the start position's score. */
static void
test_eval_bar (void)
{
  double board_x;
  DrWindow *window;
  DrGameModel *model;
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  check_bar_fraction ();
  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  model = dr_window_get_model (window);
  g_assert_true (dr_fen_parse (&dr_rules_international, "B:W22,45:B6,17", &pos, &error));
  g_assert_no_error (error);
  dr_game_model_set_game (model, dr_game_new (&dr_rules_international, &pos));
  g_assert_false (dr_eval_bar_get_shown (window->eval_bar));
  g_assert_cmpuint (dr_eval_graph_get_n_points (window->eval_graph), ==, 1);
  g_assert_cmpint (dr_eval_graph_get_score (window->eval_graph, 0), ==, DR_EVAL_GRAPH_UNKNOWN);

  board_x = board_left (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  g_assert_true (dr_eval_bar_get_shown (window->eval_bar));
  wait_until (graph_has_start, window, "the start position's score");
  /* The board stays where it was when the bar appears, and when it goes:
   * a check that something does not happen, so a fixed wait. */
  test_run_for (200);
  g_assert_cmpfloat (board_left (window), ==, board_x);
  g_assert_cmpint (dr_eval_bar_get_score (window->eval_bar), <, -DR_SCORE_MAN);
  g_assert_cmpfloat (dr_eval_bar_get_fraction (window->eval_bar), <, 0.3);
  g_assert_cmpint (dr_eval_graph_get_score (window->eval_graph, 0), ==, dr_eval_bar_get_score (window->eval_bar));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  g_assert_false (dr_eval_bar_get_shown (window->eval_bar));
  test_run_for (200);
  g_assert_cmpfloat (board_left (window), ==, board_x);
  /* What was found stays on the graph. */
  g_assert_cmpint (dr_eval_graph_get_score (window->eval_graph, 0), <, -DR_SCORE_MAN);
  put_away (window);
}

static gboolean
game_analysed (gpointer data)
{
  DrWindow *window = data;

  return window->game_analysis == NULL;
}

static gboolean
graph_allocated (gpointer data)
{
  DrWindow *window = data;

  return gtk_widget_get_width (GTK_WIDGET (window->eval_graph)) > 50;
}

/* 1. 28-22?? leaves the man to 17x28, and Black's man then runs to a king
 * (the CLI: 28-23 +0.07, after 28-22 "win in 8" for Black).  "Analyse
 * Game" stops the live engine, marks the blunder with the better move,
 * fills the graph, and a click on the graph goes to that ply. */
static void
test_analyse_game (void)
{
  static const char pdn[] =
    "[GameType \"20\"]\n"
    "[FEN \"W:W28,45:B6,17\"]\n"
    "1. 28-22 17x28 2. 45-40 28-32 *\n";
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GError) error = NULL;
  DrGame *game = NULL;
  DrWindow *window;
  DrGameModel *model;
  DrGameNode *blunder, *node;
  guint n;

  if (test_skip_without_input (have_display))
    return;
  window = open_window ();
  model = dr_window_get_model (window);
  reader = dr_pdn_reader_new (pdn, -1, "blunder.pdn", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_no_error (error);
  dr_game_model_set_game (model, game);
  dr_game_model_go_end (model);
  n = dr_game_main_line_length (game);
  g_assert_cmpuint (n, ==, 4);
  g_assert_false (dr_game_model_get_modified (model));

  /* Stopped at once, it marks nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL));
  g_assert_true (gtk_widget_get_visible (window->game_analysis_box));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-game-analysis", NULL));
  wait_until (game_analysed, window, "the stopped game analysis");
  g_assert_false (gtk_widget_get_visible (window->game_analysis_box));
  g_assert_false (dr_game_model_get_modified (model));
  g_assert_cmpint (dr_game_node_get_glyph (game->root->children), ==, DR_NAG_NONE);

  /* The live engine gives way. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  g_assert_true (dr_analysis_get_running (window->analysis));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL));
  g_assert_nonnull (window->game_analysis);
  g_assert_false (dr_analysis_get_running (window->analysis));
  g_assert_false (gtk_toggle_button_get_active (window->analysis_button));
  g_assert_false (dr_eval_bar_get_shown (window->eval_bar));
  g_assert_true (gtk_widget_get_visible (window->game_analysis_box));

  wait_until (game_analysed, window, "the game analysis");
  g_assert_false (gtk_widget_get_visible (window->game_analysis_box));
  g_assert_true (dr_game_model_get_modified (model));

  game = dr_game_model_get_game (model);
  blunder = game->root->children;
  g_assert_cmpint (blunder->move.to, ==, n10 (22));
  g_assert_cmpint (dr_game_node_get_glyph (blunder), ==, DR_NAG_BLUNDER);
  g_assert_nonnull (blunder->comment_after);
  /* The better move (28-23) is a variation beside it, in the same edit. */
  g_assert_nonnull (blunder->next);
  g_assert_cmpint (blunder->next->move.to, ==, n10 (23));
  g_assert_null (blunder->next->next);
  /* The forced capture and the lost side's moves are not marked. */
  g_assert_cmpint (dr_game_node_get_glyph (blunder->children), ==, DR_NAG_NONE);
  g_assert_null (blunder->children->comment_after);
  /* The blunder is marked on the graph, and each player summed up. */
  g_assert_cmpint (dr_eval_graph_get_mark (window->eval_graph, 1), ==, DR_EVAL_GRAPH_MARK_BLUNDER);
  for (guint i = 2; i <= n; i++)
    g_assert_cmpint (dr_eval_graph_get_mark (window->eval_graph, i), ==, DR_EVAL_GRAPH_MARK_NONE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->game_summary)));
  {
    const char *summary = gtk_label_get_text (window->game_summary);
    g_auto (GStrv) lines = g_strsplit (summary, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 2);
    g_assert_true (g_str_has_prefix (lines[0], "White: 1 ??, 0 ?, 0 ?!, average loss "));
    g_assert_true (g_str_has_prefix (lines[1], "Black: 0 ??, 0 ?, 0 ?!, average loss "));
    /* White lost more than ten men's worth over two moves: 5 a move at least. */
    g_assert_cmpfloat (g_ascii_strtod (lines[0] + strlen ("White: 1 ??, 0 ?, 0 ?!, average loss "), NULL), >=, 5.0);
  }
  /* One Undo takes the whole analysis's edit back: marks, comments and
   * the variation. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  game = dr_game_model_get_game (model);
  g_assert_cmpint (dr_game_node_get_glyph (game->root->children), ==, DR_NAG_NONE);
  g_assert_null (game->root->children->next);
  g_assert_cmpint (dr_eval_graph_get_mark (window->eval_graph, 1), ==, DR_EVAL_GRAPH_MARK_NONE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  game = dr_game_model_get_game (model);
  blunder = game->root->children;
  g_assert_cmpint (dr_game_node_get_glyph (blunder), ==, DR_NAG_BLUNDER);

  /* One point per position: the start and each ply, all known. */
  g_assert_cmpuint (dr_eval_graph_get_n_points (window->eval_graph), ==, n + 1);
  for (guint i = 0; i <= n; i++)
    g_assert_cmpint (dr_eval_graph_get_score (window->eval_graph, i), !=, DR_EVAL_GRAPH_UNKNOWN);
  g_assert_cmpint (dr_eval_graph_get_score (window->eval_graph, 0), >, -DR_SCORE_MAN);
  g_assert_cmpint (dr_eval_graph_get_score (window->eval_graph, 1), <=, -DR_SCORE_WON);
  g_assert_cmpint (dr_eval_graph_get_current (window->eval_graph), ==, (int) n);

  /* Clicking the graph goes to the ply under the pointer. */
  wait_until (graph_allocated, window, "the graph to be shown");
  dr_eval_graph_select_at (window->eval_graph, dr_eval_graph_ply_x (window->eval_graph, 1));
  node = dr_game_model_get_current (model);
  g_assert_true (node == blunder);
  g_assert_cmpint (dr_eval_graph_get_current (window->eval_graph), ==, 1);
  g_assert_true (dr_position_equal (dr_board_state_get_position (window->board), &blunder->position));
  dr_eval_graph_select_at (window->eval_graph, dr_eval_graph_ply_x (window->eval_graph, 3) + 1);
  g_assert_cmpuint (dr_game_model_get_current (model)->ply, ==, 3);
  g_assert_true (dr_game_node_is_main_line (dr_game_model_get_current (model)));
  dr_eval_graph_select_at (window->eval_graph, -10);
  g_assert_true (dr_game_model_get_current (model) == game->root);

  /* Both engines can run again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  g_assert_true (dr_analysis_get_running (window->analysis));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  put_away (window);
}

static gboolean
engine_off (gpointer data)
{
  DrWindow *window = data;

  return !gtk_toggle_button_get_active (window->analysis_button);
}

/* An outside Hub engine set in the preferences analyses instead of ours:
 * here our own CLI's hub engine as a child process ($DRAUGHTSMAN_CLI). A
 * command that cannot start turns the analysis off again. */
static void
test_outside_engine (void)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *command = NULL;
  g_autofree char *prefix = NULL;
  DrWindow *window;
  int from = -1, to = -1;

  if (!have_display || cli == NULL)
    {
      g_test_skip (!have_display ? "no display" : "DRAUGHTSMAN_CLI is not set");
      return;
    }
  window = open_window ();
  dr_game_model_set_game (dr_window_get_model (window), dr_game_new (&dr_rules_international, NULL));
  command = g_strdup_printf ("'%s' hub", cli);
  g_settings_set_string (window->settings, "engine-command", command);
  g_settings_set_string (window->settings, "engine-options", "hash=8");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  wait_until (analysis_shown, window, "the outside engine's line");
  g_assert_nonnull (window->hub_engine);
  /* The status names the engine from its "id" line. */
  prefix = g_strdup_printf ("%s · ", dr_hub_engine_get_name (window->hub_engine));
  g_assert_cmpstr (dr_hub_engine_get_name (window->hub_engine), ==, "Draughtsman");
  g_assert_true (g_str_has_prefix (gtk_label_get_text (window->analysis_label), prefix));
  dr_board_state_get_arrow (window->board, &from, &to);
  g_assert_true (dr_bb_bit (from) & bits10 ((const int[]) { 31, 32, 33, 34, 35, 0 }));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  g_assert_false (dr_hub_engine_get_running (window->hub_engine));

  g_settings_set_string (window->settings, "engine-command", "/nonexistent/draughts-engine hub");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL));
  wait_until (engine_off, window, "the failed engine to be turned off");
  g_assert_false (analysis_shown (window));

  g_settings_reset (window->settings, "engine-command");
  g_settings_reset (window->settings, "engine-options");
  put_away (window);
}



int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/session/play-save-open", test_play_save_open);
  g_test_add_func ("/app/session/capture-route", test_capture_route);
  g_test_add_func ("/app/session/close-window", test_close_window);
  g_test_add_func ("/app/session/arrow-keys", test_arrow_keys);
  g_test_add_func ("/app/session/route-menu", test_route_menu);
  g_test_add_func ("/app/session/dark-style", test_dark_style);
  g_test_add_func ("/app/session/annotate", test_annotate);
  g_test_add_func ("/app/session/marks", test_marks);
  g_test_add_func ("/app/session/game-details", test_game_details);
  g_test_add_func ("/app/session/analysis", test_analysis_pane);
  g_test_add_func ("/app/session/eval-bar", test_eval_bar);
  g_test_add_func ("/app/session/analyse-game", test_analyse_game);
  g_test_add_func ("/app/session/outside-engine", test_outside_engine);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "session",
    /* The test plays every move itself. */
    .flags = TEST_APP_NO_AUTO_PLAY_FORCED,
  });
}
