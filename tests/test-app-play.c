/* test-app-play.c — playing against the engine, with a clock
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks and keys
 * (test-app-util.h):
 *
 *  - Ctrl+Shift+G opens the dialog; Play (clicked) starts a game from the
 *    position shown with the choices of the settings (the engine Black at
 *    the lowest level, 3 minutes each, 004 3.9.3): the players and the
 *    TimeControl tag go into the game, both clocks show 0:03:00;
 *  - the user's moves, clicked on the board, are answered by the engine:
 *    each move's comment gets the clock's times ([%clock]), the move list
 *    shows the mover's time after the move, and the clock that runs is
 *    the side to move's (004 3.8.6);
 *  - a move clicked for the engine's side is refused; Take Back takes
 *    the engine's reply and the user's move away; Resign, once confirmed,
 *    gives the game to the engine (the Result tag), after which there is
 *    nothing to take back;
 *  - a 2-second game: the user's flag falls (004 3.8.9), the game is the
 *    engine's with Termination "time forfeit";
 *  - 004 3.8.12: the flag falls after the user's move that left the
 *    engine no move: the user wins all the same.
 *
 * The position (English checkers; 000 1.19-1.20: capturing is
 * compulsory; White's men move towards 1-4): W:W18,20,11:B24,10, White
 * (the user) to move; Black's men move towards 29-32.
 */

#define G_LOG_DOMAIN "test-app-play"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-book.h"
#include "dr-clock.h"
#include "dr-fen.h"
#include "dr-notation.h"
#include "dr-opponent.h"
#include "dr-window-play.h"
#include "dr-window-private.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

static const char start_fen[] = "W:W18,20,11:B24,10";

static DrWindow *
open_position (const char *name,
               const char *fen)
{
  g_autofree char *pdn = g_strdup_printf ("[Event \"Training\"]\n[GameType \"21\"]\n[SetUp \"1\"]\n"
                                          "[FEN \"%s\"]\n\n*\n", fen);

  return test_open_english_pdn (GTK_APPLICATION (app), tmp_dir, name, pdn, fen);
}

static gboolean
dialog_shown (gpointer data)
{
  GtkWidget *dialog = GTK_WIDGET (test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  return dialog != NULL && gtk_widget_get_mapped (dialog);
}

static gboolean
resign_asked (gpointer data)
{
  GtkWindow *dialog = test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  return dialog != NULL && g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)),
                                      "Resign the Game?") == 0;
}

/* Resign, clicked in @pane, asks first (issue 23: it acted at once): the
 * game goes on until the question is answered with Resign. */
static void
resign (DrPlayPane *pane)
{
  DrPlayState state = dr_play_pane_get_state (pane);

  test_click_labelled (GTK_WIDGET (pane), "_Resign");
  test_wait_until (resign_asked, NULL, "the question to resign");
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, state);
  test_click_labelled (GTK_WIDGET (test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG)), "_Resign");
}

static gboolean
users_turn (gpointer data)
{
  return dr_play_pane_get_state (data) == DR_PLAY_USER;
}

static gboolean
finished (gpointer data)
{
  return dr_play_pane_get_state (data) == DR_PLAY_FINISHED;
}

/* The first legal move of the position shown, clicked on the board
 * (from square, to square: a capture of one piece or a plain move); it
 * is the game's next move (the engine may have answered it already). */
static void
click_first_move (DrWindow *window)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrGameNode *before = dr_game_model_get_current (window->model);

  dr_movegen_legal (&dr_rules_english, &before->position, legal);
  g_assert_cmpuint (legal->n, >, 0);
  test_click_square (window->board_view, legal->moves[0].from);
  test_click_square (window->board_view, legal->moves[0].to);
  g_assert_nonnull (before->children);
  g_assert_true (dr_move_same (&before->children->move, &legal->moves[0]));
}

/* The clock times a move's comment gives. */
static DrClockTimes
times_of (const DrGameNode *node,
          DrSide            mover)
{
  DrClockTimes times;
  g_autofree char *rest = NULL;

  g_assert_nonnull (node->comment_after);
  g_assert_true (dr_clock_times_from_comment (node->comment_after, mover, &times, &rest, NULL));
  return times;
}

/* --- a game ------------------------------------------------------------- */

static void
test_play_game (void)
{
  DrWindow *window;
  DrPlayPane *pane;
  GtkWidget *dialog;
  DrGame *game;
  DrGameNode *root, *first, *reply;
  DrClockTimes times;
  DrSide running;
  g_autofree char *list = NULL;
  g_autofree char *white_name = NULL;

  if (test_skip_without_input (have_display))
    return;
  window = open_position ("play.pdn", start_fen);
  pane = dr_window_get_play_pane (window);
  game = dr_game_model_get_game (window->model);
  root = game->root;

  /* The dialog, by its shortcut; Play with the settings' choices. */
  test_keys (GTK_WINDOW (window), "ctrl+shift+g");
  test_wait_until (dialog_shown, NULL, "the Play dialog");
  dialog = GTK_WIDGET (test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  test_click_labelled (dialog, "_Play");
  g_assert_true (dr_play_pane_get_active (pane));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_USER);
  g_assert_cmpstr (dr_game_get_tag (game, "TimeControl"), ==, "180");
  g_assert_nonnull (strstr (dr_game_get_tag (game, "Black"), "Draughtsman ("));
  white_name = g_strdup (dr_game_get_tag (game, "White"));
  g_assert_null (strstr (white_name, "Draughtsman"));
  g_assert_nonnull (dr_play_pane_get_clock (pane));
  /* White's clock runs (the side to move), Black's shows its 3 minutes. */
  g_assert_true (dr_clock_is_running (dr_play_pane_get_clock (pane), &running));
  g_assert_cmpint (running, ==, DR_SIDE_WHITE);
  g_assert_cmpint (dr_clock_remaining (dr_play_pane_get_clock (pane), DR_SIDE_BLACK, g_get_monotonic_time ()),
                   ==, 180 * G_USEC_PER_SEC);

  /* The user's move, clicked; the engine answers. */
  click_first_move (window);
  first = root->children;
  g_assert_nonnull (first);
  test_wait_until (users_turn, pane, "the engine's reply");
  reply = first->children;
  g_assert_nonnull (reply);
  g_assert_true (dr_game_model_get_current (window->model) == reply);
  /* Both moves carry the clocks' times; each mover's time went down by
   * at most what the move took (3 minutes each at the start). */
  times = times_of (first, DR_SIDE_WHITE);
  g_assert_true (times.known[DR_SIDE_WHITE] && times.known[DR_SIDE_BLACK]);
  g_assert_cmpint (times.remaining[DR_SIDE_WHITE], <=, 180 * G_USEC_PER_SEC);
  g_assert_cmpint (times.remaining[DR_SIDE_WHITE], >, 150 * G_USEC_PER_SEC);
  g_assert_true (times.running[DR_SIDE_BLACK]);
  times = times_of (reply, DR_SIDE_BLACK);
  g_assert_cmpint (times.remaining[DR_SIDE_BLACK], <, 180 * G_USEC_PER_SEC);
  g_assert_true (times.running[DR_SIDE_WHITE]);
  g_assert_true (dr_clock_is_running (dr_play_pane_get_clock (pane), &running));
  g_assert_cmpint (running, ==, DR_SIDE_WHITE);
  /* The move list shows the times, not the command. */
  list = dr_move_list_view_get_text (window->move_list);
  g_test_message ("move list: %s", list);
  g_assert_null (strstr (list, "%clock"));
  g_assert_nonnull (strstr (list, "0:02:"));

  /* Take Back: the reply and the user's move go. */
  test_click_labelled (GTK_WIDGET (pane), "_Take Back");
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_USER);
  g_assert_true (dr_game_model_get_current (window->model) == root);
  g_assert_null (root->children);

  /* Again, then resign: the game is the engine's (Black's). */
  click_first_move (window);
  test_wait_until (users_turn, pane, "the engine's reply");
  resign (pane);
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_FINISHED);
  g_assert_cmpint (game->result, ==, DR_RESULT_BLACK_WINS);
  g_assert_cmpstr (dr_game_get_tag (game, "Termination"), ==, "resignation");
  /* Over: nothing to take back (issue 23: Take Back stayed enabled). */
  g_assert_false (gtk_widget_get_sensitive (test_find_widget (GTK_WIDGET (pane), GTK_TYPE_BUTTON,
                                                              test_button_has_label, (gpointer) "_Take Back")));
  /* Over: a move on the board is refused. */
  {
    g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
    DrGameNode *last = dr_game_model_get_current (window->model);

    dr_movegen_legal (&dr_rules_english, &last->position, legal);
    if (legal->n > 0)
      {
        test_click_square (window->board_view, legal->moves[0].from);
        test_click_square (window->board_view, legal->moves[0].to);
        g_assert_true (dr_game_model_get_current (window->model) == last);
        g_assert_nonnull (strstr (dr_play_pane_get_message (pane), "over"));
      }
  }

  test_click_labelled (GTK_WIDGET (pane), "_Stop Playing");
  g_assert_false (dr_play_pane_get_active (pane));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (pane)));
  test_put_away (window);
}

/* From the start of a game that goes on (a game of the file with its
 * moves): the moves go into a variation, the game's tags stay, and the
 * end is said in the variation's last comment. */
static void
test_play_variation (void)
{
  DrWindow *window;
  g_autofree char *pdn = g_strdup_printf ("[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n"
                                          "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n1... 11-8 1-0\n",
                                          start_fen);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrPlayPane *pane;
  DrGame *game;
  DrGameNode *root, *ours;
  guint i;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_english_pdn (GTK_APPLICATION (app), tmp_dir, "club.pdn", pdn, start_fen);
  pane = dr_window_get_play_pane (window);
  game = dr_game_model_get_game (window->model);
  root = game->root;
  g_assert_nonnull (root->children);
  _dr_window_play_start (window, DR_SIDE_BLACK, 1, NULL);
  /* A move other than the game's 11-8, clicked. */
  dr_movegen_legal (&dr_rules_english, &root->position, legal);
  for (i = 0; i < legal->n && dr_move_same (&legal->moves[i], &root->children->move); i++)
    ;
  g_assert_cmpuint (i, <, legal->n);
  test_click_square (window->board_view, legal->moves[i].from);
  test_click_square (window->board_view, legal->moves[i].to);
  test_wait_until (users_turn, pane, "the engine's reply");
  ours = root->children->next;
  g_assert_nonnull (ours);
  g_assert_true (dr_move_same (&ours->move, &legal->moves[i]));
  g_assert_nonnull (ours->children);
  resign (pane);
  /* The game's tags are the game's. */
  g_assert_cmpstr (dr_game_get_tag (game, "White"), ==, "Ann");
  g_assert_cmpstr (dr_game_get_tag (game, "Black"), ==, "Bob");
  g_assert_cmpstr (dr_game_get_tag (game, "Result"), ==, "1-0");
  g_assert_null (dr_game_get_tag (game, "Termination"));
  g_assert_nonnull (ours->children->comment_after);
  g_assert_nonnull (strstr (ours->children->comment_after, "resignation"));
  test_click_labelled (GTK_WIDGET (pane), "_Stop Playing");
  test_put_away (window);
}

/* Two players at the board with the clock ("Nobody" in the dialog): each
 * move clicked presses the clock, Take Back takes one move back, Offer
 * Draw is a draw agreed. */
static void
test_two_players (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  DrWindow *window;
  DrPlayPane *pane;
  GtkWidget *dialog;
  DrGame *game;
  DrGameNode *root;
  DrSide running;

  if (test_skip_without_input (have_display))
    return;
  g_settings_set_string (settings, "play-engine-side", "none");
  window = open_position ("two.pdn", start_fen);
  pane = dr_window_get_play_pane (window);
  game = dr_game_model_get_game (window->model);
  root = game->root;
  test_keys (GTK_WINDOW (window), "ctrl+shift+g");
  test_wait_until (dialog_shown, NULL, "the Play dialog");
  dialog = GTK_WIDGET (test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  test_click_labelled (dialog, "_Play");
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_USER);

  /* White's move, then Black's, both clicked: no engine answers. */
  click_first_move (window);
  g_assert_true (dr_game_model_get_current (window->model) == root->children);
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_USER);
  g_assert_nonnull (strstr (dr_play_pane_get_message (pane), "Black to move"));
  g_assert_true (dr_clock_is_running (dr_play_pane_get_clock (pane), &running));
  g_assert_cmpint (running, ==, DR_SIDE_BLACK);
  test_run_for (300);
  g_assert_null (root->children->children);
  click_first_move (window);
  g_assert_nonnull (root->children->children);
  g_assert_true (dr_clock_is_running (dr_play_pane_get_clock (pane), &running));
  g_assert_cmpint (running, ==, DR_SIDE_WHITE);
  g_assert_true (times_of (root->children->children, DR_SIDE_BLACK).known[DR_SIDE_BLACK]);

  /* Take Back: Black's move alone; Black's clock runs again. */
  test_click_labelled (GTK_WIDGET (pane), "_Take Back");
  g_assert_true (dr_game_model_get_current (window->model) == root->children);
  g_assert_null (root->children->children);
  g_assert_true (dr_clock_is_running (dr_play_pane_get_clock (pane), &running));
  g_assert_cmpint (running, ==, DR_SIDE_BLACK);

  /* A draw agreed at the board. */
  test_click_labelled (GTK_WIDGET (pane), "Offer _Draw");
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_FINISHED);
  g_assert_cmpint (game->result, ==, DR_RESULT_DRAW);
  g_assert_cmpstr (dr_game_get_tag (game, "Termination"), ==, "agreement");
  test_click_labelled (GTK_WIDGET (pane), "_Stop Playing");
  g_settings_set_string (settings, "play-engine-side", "black");
  test_put_away (window);
}

static void
collect_drop_downs (GtkWidget *widget,
                    GPtrArray *found)
{
  if (GTK_IS_DROP_DOWN (widget))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_drop_downs (child, found);
}

static const char *
item_text (GtkDropDown *drop,
           guint        i)
{
  return gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (drop)), i);
}

static gboolean
dialog_gone (gpointer data)
{
  return !dialog_shown (data);
}

/* Issue 23: "Levels read like ratings ("Beginner (-1952 Elo)"): show the
 * level's name and its measured distance from full strength in words.
 * Time controls carry article numbers ("(004 3.9.3)") in their names:
 * name them by their use, with the article in a tooltip."  Before the fix
 * the first level read "Beginner (-1952 Elo)" and Blitz "Blitz: 3 min
 * (004 3.9.3)", without a tooltip. */
static void
test_play_dialog_words (void)
{
  DrWindow *window;
  GtkWidget *dialog;
  g_autoptr (GPtrArray) drops = g_ptr_array_new ();
  GtkDropDown *levels, *controls;
  g_autofree char *beginner = NULL;

  if (test_skip_without_input (have_display))
    return;
  window = open_position ("words.pdn", start_fen);
  test_keys (GTK_WINDOW (window), "ctrl+shift+g");
  test_wait_until (dialog_shown, NULL, "the Play dialog");
  dialog = GTK_WIDGET (test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  collect_drop_downs (dialog, drops);
  g_assert_cmpuint (drops->len, ==, 3);
  levels = drops->pdata[1];
  controls = drops->pdata[2];

  /* The measure, rounded to 50 Elo. */
  beginner = g_strdup_printf ("Beginner — about %d Elo below full strength",
                              (-dr_opponent_level_elo (1) + 25) / 50 * 50);
  g_assert_cmpstr (item_text (levels, 0), ==, beginner);
  g_assert_cmpstr (item_text (levels, (guint) dr_opponent_n_levels () - 1), ==, "Full strength");
  for (guint i = 0; i < g_list_model_get_n_items (gtk_drop_down_get_model (levels)); i++)
    g_assert_null (strstr (item_text (levels, i), "(-"));

  /* The settings' 3 minutes: Blitz, 004 3.9.3 in the tooltip. */
  g_assert_cmpstr (item_text (controls, gtk_drop_down_get_selected (controls)), ==, "Blitz: 3 min");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (controls)), ==, "As the rules set it: article 004 3.9.3");
  for (guint i = 0; i < g_list_model_get_n_items (gtk_drop_down_get_model (controls)); i++)
    g_assert_null (strstr (item_text (controls, i), "004"));
  gtk_drop_down_set_selected (controls, 0);
  g_assert_null (gtk_widget_get_tooltip_text (GTK_WIDGET (controls)));

  test_keys (GTK_WINDOW (dialog), "Escape");
  test_wait_until (dialog_gone, NULL, "the Play dialog to close");
  test_put_away (window);
}

static gboolean
check_has_label (GtkWidget *widget,
                 gpointer   data)
{
  return g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), data) == 0;
}

typedef struct
{
  GtkCheckButton *check;
  gboolean        before;
} CheckTurned;

static gboolean
check_turned (gpointer data)
{
  CheckTurned *t = data;

  return gtk_check_button_get_active (t->check) != t->before;
}

/* Issue 23: "The first click after choosing from a drop-down in New Game
 * and Play did nothing 4 times out of 6 under Xvfb."  Six times over, a
 * time control is chosen with two real clicks (the drop-down, then the
 * item), and the very next click, on Opening book, must turn it over. */
static void
test_play_dialog_drop_down_then_click (void)
{
  DrWindow *window;
  GtkWidget *dialog, *check;
  g_autoptr (GPtrArray) drops = g_ptr_array_new ();
  GtkDropDown *controls;

  if (test_skip_without_input (have_display))
    return;
  window = open_position ("drop-down.pdn", start_fen);
  test_keys (GTK_WINDOW (window), "ctrl+shift+g");
  test_wait_until (dialog_shown, NULL, "the Play dialog");
  dialog = GTK_WIDGET (test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  collect_drop_downs (dialog, drops);
  g_assert_cmpuint (drops->len, ==, 3);
  controls = drops->pdata[2];
  check = test_find_widget (dialog, GTK_TYPE_CHECK_BUTTON, check_has_label, (gpointer) "Opening _book");
  g_assert_nonnull (check);
  for (guint round = 0; round < 6; round++)
    {
      g_autofree char *what = g_strdup_printf ("round %u: the click on Opening book after choosing a time control "
                                               "to turn it over", round + 1);
      CheckTurned turned = { GTK_CHECK_BUTTON (check), gtk_check_button_get_active (GTK_CHECK_BUTTON (check)) };

      test_choose_in_drop_down (controls, round % 2 == 0 ? 0 : 1);
      test_click_widget (check);
      /* Waited for, not read at once: on a loaded machine the click's
       * events may still be on their way after test_click_widget()'s
       * pause.  A click that does nothing still fails, after 20 s. */
      test_wait_until (check_turned, &turned, what);
    }
  /* Cancel, clicked.  Closed with Escape instead, the first click on Play
   * in the next test's dialog did nothing (3 runs of 3, /app/play/
   * two-players): not understood yet, see issue 23's note. */
  test_click_labelled (dialog, "_Cancel");
  test_wait_until (dialog_gone, NULL, "the Play dialog to close");
  test_put_away (window);
}

/* --- the flag ------------------------------------------------------------ */

static void
test_flag_fall (void)
{
  DrWindow *window;
  DrPlayPane *pane;
  g_autoptr (DrTimeControl) control = NULL;
  DrGame *game;

  if (test_skip_without_input (have_display))
    return;
  window = open_position ("flag.pdn", start_fen);
  pane = dr_window_get_play_pane (window);
  game = dr_game_model_get_game (window->model);
  g_assert_true (dr_time_control_parse ("2", &control, NULL));
  _dr_window_play_start (window, DR_SIDE_BLACK, 1, control);
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_USER);
  /* The user does not move: White's flag falls after 2 s (004 3.8.9). */
  test_wait_until (finished, pane, "the flag to fall");
  g_assert_cmpint (game->result, ==, DR_RESULT_BLACK_WINS);
  g_assert_cmpstr (dr_game_get_tag (game, "Termination"), ==, "time forfeit");
  g_assert_nonnull (strstr (dr_play_pane_get_message (pane), "3.8.9"));
  test_click_labelled (GTK_WIDGET (pane), "_Stop Playing");
  test_put_away (window);
}

/* 004 3.8.12: White's last move took Black's last man, but White's time
 * had run out before the clock was pressed: the flag fell (3.8.9), yet
 * Black has no piece left, so White wins.  The main loop is held while
 * the second runs out, so that the press, not a tick, sees the flag. */
static void
test_flag_after_last_capture (void)
{
  /* White's 14 must take Black's lone 10 (000 1.19: the only move). */
  static const char fen[] = "W:W14,30:B10";
  DrWindow *window;
  DrPlayPane *pane;
  g_autoptr (DrTimeControl) control = NULL;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrPosition start = test_english_position (fen);
  DrGame *game;

  if (test_skip_without_input (have_display))
    return;
  dr_movegen_legal (&dr_rules_english, &start, legal);
  g_assert_cmpuint (legal->n, ==, 1);
  g_assert_cmpuint (legal->moves[0].captures, !=, 0);
  window = open_position ("capture.pdn", fen);
  pane = dr_window_get_play_pane (window);
  game = dr_game_model_get_game (window->model);
  g_assert_true (dr_time_control_parse ("1", &control, NULL));
  _dr_window_play_start (window, DR_SIDE_BLACK, 1, control);
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_USER);
  g_usleep (1200 * 1000);
  dr_game_model_play (window->model, &legal->moves[0]);
  g_assert_cmpint (dr_play_pane_get_state (pane), ==, DR_PLAY_FINISHED);
  g_test_message ("%s", dr_play_pane_get_message (pane));
  g_assert_cmpint (game->result, ==, DR_RESULT_WHITE_WINS);
  g_assert_cmpstr (dr_game_get_tag (game, "Termination"), ==, "time forfeit");
  g_assert_nonnull (strstr (dr_play_pane_get_message (pane), "3.8.12"));
  test_click_labelled (GTK_WIDGET (pane), "_Stop Playing");
  test_put_away (window);
}

static gboolean
engine_moved (gpointer data)
{
  DrWindow *window = data;

  return dr_play_pane_get_state (dr_window_get_play_pane (window)) == DR_PLAY_USER
         && dr_game_model_get_game (window->model)->root->children != NULL;
}

/* The engine plays its first move from the variant's opening book when
 * the Play dialog's Opening book is on, and searches when it is off; the
 * choice is remembered (issue 28: "hub, match and the Play mode use it,
 * an option to turn it off"). */
static void
test_play_book (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (DrBook) book = dr_book_new_builtin (&dr_rules_english);
  g_autofree DrBookMove *moves = g_new (DrBookMove, DR_MAX_MOVES);
  DrPosition start;
  g_autofree char *fen = NULL;
  guint n;

  if (test_skip_without_input (have_display))
    return;
  g_assert_nonnull (book);
  dr_rules_initial (&dr_rules_english, &start);
  fen = dr_fen_write (&dr_rules_english, &start, DR_NOTATION_NUMERIC);
  n = dr_book_lookup (book, &start, moves);
  g_assert_cmpuint (n, >, 1);
  g_settings_set_string (settings, "play-engine-side", start.turn == DR_SIDE_WHITE ? "white" : "black");
  g_settings_set_string (settings, "play-time-control", "-");
  g_settings_set_boolean (settings, "play-book", TRUE);

  for (int round = 0; round < 2; round++)
    {
      g_autofree char *name = g_strdup_printf ("book-%d.pdn", round);
      DrWindow *window = open_position (name, fen);
      DrPlayPane *pane = dr_window_get_play_pane (window);
      GtkWidget *dialog, *check;
      const DrMove *played;
      gboolean in_book = FALSE;

      test_keys (GTK_WINDOW (window), "ctrl+shift+g");
      test_wait_until (dialog_shown, NULL, "the Play dialog");
      dialog = GTK_WIDGET (test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
      check = test_find_widget (dialog, GTK_TYPE_CHECK_BUTTON, check_has_label, (gpointer) "Opening _book");
      g_assert_nonnull (check);
      g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
      /* The second time, the user turns the book off. */
      if (round == 1)
        {
          test_click_widget (check);
          g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
        }
      test_click_labelled (dialog, "_Play");
      test_wait_until (engine_moved, window, "the engine's first move");
      played = &dr_game_model_get_game (window->model)->root->children->move;
      for (guint i = 0; i < n; i++)
        in_book |= dr_move_same (played, &moves[i].move);
      if (round == 0)
        {
          g_assert_true (dr_play_pane_get_last_from_book (pane));
          g_assert_true (in_book);
          g_assert_nonnull (strstr (dr_play_pane_get_message (pane), "opening book"));
        }
      else
        {
          g_assert_false (dr_play_pane_get_last_from_book (pane));
          g_assert_false (g_settings_get_boolean (settings, "play-book"));
        }
      test_click_labelled (GTK_WIDGET (pane), "_Stop Playing");
      test_put_away (window);
    }
  g_settings_set_string (settings, "play-engine-side", "black");
  g_settings_set_string (settings, "play-time-control", "180");
}

static void
prepare_settings (GSettings *settings)
{
  g_settings_set_string (settings, "play-engine-side", "black");
  g_settings_set_string (settings, "play-level", dr_opponent_level (1)->id);
  g_settings_set_string (settings, "play-time-control", "180");
  /* The tests of the game's course play from positions no book holds,
   * and with the search, whatever the book; test_play_book turns it on. */
  g_settings_set_boolean (settings, "play-book", FALSE);
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/play/game", test_play_game);
  g_test_add_func ("/app/play/variation", test_play_variation);
  g_test_add_func ("/app/play/dialog-words", test_play_dialog_words);
  g_test_add_func ("/app/play/dialog-drop-down-then-click", test_play_dialog_drop_down_then_click);
  g_test_add_func ("/app/play/two-players", test_two_players);
  g_test_add_func ("/app/play/flag-fall", test_flag_fall);
  g_test_add_func ("/app/play/flag-after-last-capture", test_flag_after_last_capture);
  g_test_add_func ("/app/play/book", test_play_book);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "play",
    .flags = TEST_APP_QUIET,
    .prepare = prepare_settings,
  });
}
