/* test-app-folk.c — a game of Northern draughts recorded with the mouse
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks
 * (test-app-util.h).  A PDN file of GameType 91 (Northern draughts, our
 * own number: README) opens in that variant; two captures are clicked on
 * the board: White's man takes Black's king, which stays as a man (001:102),
 * and that man at once takes back, backward (004 1.5.3).  The move list
 * shows both, and the game written out keeps GameType 91.
 */

#define G_LOG_DOMAIN "test-app-folk"

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

typedef struct
{
  DrWindow   *window;
  DrPosition  start;
} Loaded;

static gboolean
northern_loaded (gpointer data)
{
  Loaded *l = data;
  DrGame *game = dr_game_model_get_game (l->window->model);

  return l->window->file != NULL && game->rules == &dr_rules_northern
         && dr_position_equal (&game->root->position, &l->start);
}

static int
square (const char *name)
{
  return dr_geometry_bit_at_xy (&dr_geometry_8x8, name[0] - 'a', name[1] - '1');
}

static char *
move_list_text (DrWindow *window)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (window->move_list));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
test_northern_game (void)
{
  static const char fen[] = "W:Wc3,a1:BKd4,h8";
  g_autofree char *pdn = g_strdup_printf ("[Event \"Northern\"]\n[GameType \"91\"]\n[SetUp \"1\"]\n"
                                          "[FEN \"%s\"]\n\n*\n", fen);
  g_autoptr (GFile) file = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *list = NULL;
  g_autofree char *written = NULL;
  Loaded l;
  DrGame *game;
  DrGameNode *node;

  if (test_skip_without_input (have_display))
    return;
  l.window = test_open_window (GTK_APPLICATION (app));
  g_assert_true (dr_fen_parse (&dr_rules_northern, fen, &l.start, &error));
  g_assert_no_error (error);
  file = test_make_file (tmp_dir, "northern.pdn", pdn);
  dr_window_open_file (l.window, file);
  test_wait_until (northern_loaded, &l, "the Northern game to be read");
  game = dr_game_model_get_game (l.window->model);

  /* 1. c3:e5: the king on d4 becomes a black man. */
  test_click_square (l.window->board_view, square ("c3"));
  test_click_square (l.window->board_view, square ("e5"));
  node = game->root->children;
  g_assert_nonnull (node);
  g_assert_cmpint (dr_position_get (&node->position, square ("d4")), ==, DR_PIECE_BLACK_MAN);
  g_assert_cmpint (dr_position_get (&node->position, square ("e5")), ==, DR_PIECE_WHITE_MAN);

  /* 1... d4:f6: that man takes back at once. */
  test_click_square (l.window->board_view, square ("d4"));
  test_click_square (l.window->board_view, square ("f6"));
  node = node->children;
  g_assert_nonnull (node);
  g_assert_cmpint (dr_position_get (&node->position, square ("e5")), ==, DR_PIECE_NONE);
  g_assert_cmpint (dr_position_get (&node->position, square ("f6")), ==, DR_PIECE_BLACK_MAN);
  g_assert_true (dr_game_model_get_current (l.window->model) == node);

  list = move_list_text (l.window);
  g_assert_nonnull (strstr (list, "c3:e5"));
  g_assert_nonnull (strstr (list, "d4:f6"));
  written = dr_pdn_write_game (game, DR_NOTATION_ALGEBRAIC);
  g_assert_nonnull (strstr (written, "[GameType \"91\"]"));
  g_assert_nonnull (strstr (written, "1. c3:e5 d4:f6"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/folk/northern-game", test_northern_game);

  have_display = test_app_init ();
  if (!have_display)
    return g_test_run ();
  tmp_dir = g_dir_make_tmp ("draughtsman-folk-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  app = test_app_register ();
  {
    g_autoptr (GSettings) settings = g_settings_new (APP_ID);

    g_settings_set_boolean (settings, "auto-play-forced", FALSE);
    g_settings_set_boolean (settings, "animate", FALSE);
  }

  status = g_test_run ();

  test_app_close (&app);
  test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}
