/* test-app-canadian.c — a Canadian game recorded with the mouse
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks
 * (test-app-util.h).  A PDN file of GameType 27 opens as Canadian draughts
 * (001: International rules on 12x12, 30 men each) on the 12x12 board;
 * seventeen moves are clicked, among them captures of one and two pieces
 * and a man from the first rank (i1, square 71: a square beyond the 64-bit
 * board, dr-geometry.h); a quiet move while a capture is compulsory is
 * refused (004 2.5.1).  The game is saved, keeps GameType 27, and opens
 * again in a second window as the same game.  A set-up position checks the
 * majority capture (004 2.5.1): the capture of one piece is refused, that
 * of two is played.  The squares are numbers of GameType 27 (1 = b12 ...
 * 72 = k1); the game was checked legal with draughtsman-cli pdn-check
 * --variant canadian.
 */

#define G_LOG_DOMAIN "test-app-canadian"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-fen.h"
#include "dr-pdn.h"
#include "dr-window-private.h"

#include <adwaita.h>
#include <string.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

static const DrRules *rules = &dr_rules_canadian;

typedef struct
{
  DrWindow *window;
  GFile    *file;
  guint     length;
} Opened;

static gboolean
canadian_opened (gpointer data)
{
  Opened *o = data;
  DrGame *game = dr_game_model_get_game (o->window->model);

  return o->window->file != NULL && g_file_equal (o->window->file, o->file)
         && game->rules == rules && dr_game_main_line_length (game) == o->length;
}

static int
number (int n)
{
  return dr_geometry_bit_from_number (rules->geometry, n);
}

/* from, to; 0 ends. */
static const int game_moves[] = {
  44, 37, 26, 33, 49, 44, 25, 31, 46, 39, 33, 46, 52, 39, 29, 35, 51, 46, 35, 40,
  46, 35, 28, 52, 59, 46, 22, 28, 65, 59, 24, 29, 71, 65, 0,
};

static void
test_game (void)
{
  static const char pdn[] = "[Event \"Canadian\"]\n[GameType \"27,W,12,12,N2,0\"]\n\n*\n";
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFile) saved = NULL;
  g_autofree char *list = NULL;
  g_autofree char *saved_text = NULL;
  DrWindow *second;
  Opened o;
  DrGame *game, *reopened;
  DrGameNode *node;
  guint n = 0;

  if (test_skip_without_input (have_display))
    return;
  o.window = test_open_window (GTK_APPLICATION (app));
  o.file = file = test_make_file (tmp_dir, "canadian.pdn", pdn);
  o.length = 0;
  dr_window_open_file (o.window, file);
  test_wait_until (canadian_opened, &o, "the Canadian game to be read");
  game = dr_game_model_get_game (o.window->model);
  g_assert_cmpint (dr_position_get (&game->root->position, number (71)), ==, DR_PIECE_WHITE_MAN);

  for (; game_moves[n] != 0; n += 2)
    {
      if (n == 20)
        {
          /* 6. White must take (46x35 among others): a click on 43, which
           * cannot, is refused, and 46 is marked as one that must. */
          node = dr_game_model_get_current (o.window->model);
          test_click_square (o.window->board_view, number (43));
          g_assert_true (dr_game_model_get_current (o.window->model) == node);
          g_assert_true (dr_wide_has (dr_board_state_get_must_capture (o.window->board), number (46)));
          g_assert_false (dr_wide_has (dr_board_state_get_must_capture (o.window->board), number (43)));
        }
      test_click_move (o.window, number (game_moves[n]), number (game_moves[n + 1]));
    }
  node = dr_game_model_get_current (o.window->model);
  g_assert_cmpuint (node->ply, ==, n / 2);
  /* 6... 28x52 (ply 12) took two men. */
  {
    DrGameNode *at = node;

    while (at->ply > 12)
      at = at->parent;
    g_assert_cmpint (at->move.from, ==, number (28));
    g_assert_cmpint (dr_bb_count (at->move.captures), ==, 2);
  }
  g_assert_cmpint (dr_position_get (&node->position, number (65)), ==, DR_PIECE_WHITE_MAN);
  g_assert_cmpint (dr_position_get (&node->position, number (71)), ==, DR_PIECE_NONE);
  list = dr_move_list_view_get_text (o.window->move_list);
  if (strstr (list, "46x35 28x52") == NULL || strstr (list, "71-65") == NULL)
    g_error ("the move list “%s” lacks a move played", list);

  /* Saved, then opened again in a second window: the same game. */
  saved = g_file_new_build_filename (tmp_dir, "canadian-saved.pdn", NULL);
  dr_window_save_to_file (o.window, saved);
  test_wait_until (test_window_unmodified, o.window, "the save");
  g_assert_true (g_file_get_contents (g_file_peek_path (saved), &saved_text, NULL, NULL));
  g_assert_nonnull (strstr (saved_text, "[GameType \"27"));
  if (strstr (saved_text, "1. 44-37 26-33 2. 49-44 25-31 3. 46-39 33x46") == NULL
      || strstr (saved_text, "9. 71-65") == NULL)
    g_error ("the file saved “%s” lacks the game", saved_text);
  second = test_open_window (GTK_APPLICATION (app));
  o.window = second;
  o.file = saved;
  o.length = n / 2;
  dr_window_open_file (second, saved);
  test_wait_until (canadian_opened, &o, "the saved game to be read");
  reopened = dr_game_model_get_game (second->model);
  g_assert_true (dr_position_equal (&dr_game_node_main_line_end (reopened->root)->position,
                                    &node->position));
  g_assert_cmpuint (dr_game_node_main_line_end (reopened->root)->position.hash, ==, node->position.hash);
}

/* 004 2.5.1 via 001: e3 (57) may take f4 alone (landing on g5) or f4 and
 * f6 (landing on e7, 33): only the second is legal. */
static void
test_majority (void)
{
  static const char fen[] = "W:We3,Ka9:Bb10,d4,f4,f6";
  g_autofree char *pdn = g_strdup_printf ("[GameType \"27\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n*\n", fen);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  DrPosition start;
  DrGameNode *root;
  Opened o;
  int e3, g5, e7;
  size_t consumed;

  if (test_skip_without_input (have_display))
    return;
  g_assert_true (dr_fen_parse (rules, fen, &start, &error));
  g_assert_no_error (error);
  e3 = dr_geometry_parse_square (rules->geometry, "e3", -1, &consumed);
  g5 = dr_geometry_parse_square (rules->geometry, "g5", -1, &consumed);
  e7 = dr_geometry_parse_square (rules->geometry, "e7", -1, &consumed);
  o.window = test_open_window (GTK_APPLICATION (app));
  o.file = file = test_make_file (tmp_dir, "majority.pdn", pdn);
  o.length = 0;
  dr_window_open_file (o.window, file);
  test_wait_until (canadian_opened, &o, "the position to be read");
  root = dr_game_model_get_current (o.window->model);
  g_assert_true (dr_position_equal (&root->position, &start));

  test_click_square (o.window->board_view, e3);
  g_assert_true (dr_board_state_get_targets (o.window->board) == dr_wide_bit (e7));
  test_click_square (o.window->board_view, g5);
  g_assert_true (dr_game_model_get_current (o.window->model) == root);
  test_click_move (o.window, e3, e7);
  g_assert_cmpint (dr_bb_count (dr_game_model_get_current (o.window->model)->move.captures), ==, 2);
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/canadian/001/game-saved-and-reopened", test_game);
  g_test_add_func ("/app/canadian/004-2.5.1/majority", test_majority);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "canadian",
    .flags = TEST_APP_QUIET,
  });
}
