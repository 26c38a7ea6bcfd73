/* test-app-folk.c — games of the compendium's other games recorded with
 * the mouse
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
 *
 * Armenian, Two-move and Stavropol draughts (GameTypes 93-95), pillar and
 * Lasker draughts (88, 89): a game from the start clicked on the board,
 * saved, and opened again in a second window, where it is the same game
 * (towers included).
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

  list = dr_move_list_view_get_text (l.window->move_list);
  g_assert_nonnull (strstr (list, "c3:e5"));
  g_assert_nonnull (strstr (list, "d4:f6"));
  written = dr_pdn_write_game (game, DR_NOTATION_ALGEBRAIC);
  g_assert_nonnull (strstr (written, "[GameType \"91\"]"));
  g_assert_nonnull (strstr (written, "1. c3:e5 d4:f6"));
}

typedef struct
{
  const char    *path;
  const DrRules *rules;
  const char    *moves[12];   /* from, to, from, to ... NULL */
  const char    *listed;      /* in the move list (no-break spaces after numbers) */
  const char    *written;     /* in the PDN saved */
} FolkGame;

static const FolkGame folk_games[] = {
  /* 001:374: men forward and sideways; b6 ... Black's c6 takes c5 forward
   * (its way), d5 could have taken it sideways: free choice (004 1.5.14). */
  { "/app/folk/armenian-game", &dr_rules_armenian,
    { "c3", "c4", "d6", "d5", "c4", "c5", "c6", "c4", NULL },
    "c3-c4 d6-d5", "1. c3-c4 d6-d5 2. c4-c5 c6:c4" },
  /* 001:104: White's two moves, Black's two (a capture, compulsory on its
   * own, and a free move), then White's capture. */
  { "/app/folk/two-move-game", &dr_rules_two_move,
    { "c3", "d4", "d4", "c5", "b6", "d4", "f6", "g5", "e3", "c5", NULL },
    "c3-d4 d4-c5 b6:d4 f6-g5 2.\u00a0e3:c5", "1. c3-d4 d4-c5 b6:d4 f6-g5 2. e3:c5" },
  /* 001:408: White moves Black's f6, Black White's g3; then White must
   * take (its own h4 over g5) and Black must take back. */
  { "/app/folk/stavropol-game", &dr_rules_stavropol,
    { "f6", "g5", "g3", "h4", "h4", "f6", "g7", "e5", NULL },
    "f6-g5 g3-h4", "1. f6-g5 g3-h4 2. h4:f6 g7:e5" },
  /* 001:100: White's d4 takes e5 and makes a tower on f6, whose top g7
   * takes: the white man goes under Black's, f6 is Black's again. */
  { "/app/folk/pillar-game", &dr_rules_pillar,
    { "c3", "d4", "f6", "e5", "d4", "f6", "g7", "e5", NULL },
    "c3-d4 f6-e5", "1. c3-d4 f6-e5 2. d4:f6 g7:e5" },
  /* 001:116, on the 7x7 board's light squares: towers made and taken. */
  { "/app/folk/lasca-game", &dr_rules_lasca,
    { "c3", "d4", "e5", "c3", "b2", "d4", "c5", "b4", NULL },
    "c3-d4 e5:c3", "1. c3-d4 e5:c3 2. b2:d4 c5-b4" },
};

typedef struct
{
  DrWindow      *window;
  const DrRules *rules;
  GFile         *file;
  guint          length;
} Opened;

static gboolean
game_opened (gpointer data)
{
  Opened *o = data;
  DrGame *game = dr_game_model_get_game (o->window->model);

  return o->window->file != NULL && g_file_equal (o->window->file, o->file)
         && game->rules == o->rules && dr_game_main_line_length (game) == o->length;
}

static void
test_folk_game (gconstpointer data)
{
  const FolkGame *g = data;
  g_autofree char *pdn = g_strdup_printf ("[Event \"%s\"]\n[GameType \"%d\"]\n\n*\n",
                                          g->rules->title, g->rules->gametype);
  g_autofree char *gametype = g_strdup_printf ("[GameType \"%d\"]", g->rules->gametype);
  g_autofree char *name = g_strdup_printf ("%s.pdn", g->rules->name);
  g_autofree char *saved_name = g_strdup_printf ("%s-saved.pdn", g->rules->name);
  g_autofree char *list = NULL;
  g_autofree char *saved_text = NULL;
  g_autoptr (GFile) file = NULL;
  g_autoptr (GFile) saved = NULL;
  DrWindow *second;
  Opened o;
  DrGame *game, *reopened;
  DrGameNode *node;
  guint n = 0;

  if (test_skip_without_input (have_display))
    return;
  o.window = test_open_window (GTK_APPLICATION (app));
  o.rules = g->rules;
  o.file = file = test_make_file (tmp_dir, name, pdn);
  o.length = 0;
  dr_window_open_file (o.window, file);
  test_wait_until (game_opened, &o, "the game to be read");
  game = dr_game_model_get_game (o.window->model);

  for (; g->moves[n] != NULL; n += 2)
    test_click_move (o.window, dr_geometry_bit_at_xy (g->rules->geometry, g->moves[n][0] - 'a',
                                                      g->moves[n][1] - '1'),
                     dr_geometry_bit_at_xy (g->rules->geometry, g->moves[n + 1][0] - 'a',
                                            g->moves[n + 1][1] - '1'));
  node = dr_game_model_get_current (o.window->model);
  g_assert_cmpuint (node->ply, ==, n / 2);
  list = dr_move_list_view_get_text (o.window->move_list);
  if (strstr (list, g->listed) == NULL)
    g_error ("the move list “%s” has no “%s”", list, g->listed);

  /* Saved, then opened again in a second window: the same game. */
  saved = g_file_new_build_filename (tmp_dir, saved_name, NULL);
  dr_window_save_to_file (o.window, saved);
  test_wait_until (test_window_unmodified, o.window, "the save");
  g_assert_true (g_file_get_contents (g_file_peek_path (saved), &saved_text, NULL, NULL));
  g_assert_nonnull (strstr (saved_text, gametype));
  if (strstr (saved_text, g->written) == NULL)
    g_error ("the file saved “%s” has no “%s”", saved_text, g->written);
  second = test_open_window (GTK_APPLICATION (app));
  o.window = second;
  o.file = saved;
  o.length = n / 2;
  dr_window_open_file (second, saved);
  test_wait_until (game_opened, &o, "the saved game to be read");
  reopened = dr_game_model_get_game (second->model);
  g_assert_true (dr_position_equal (&dr_game_node_main_line_end (reopened->root)->position,
                                    &dr_game_node_main_line_end (game->root)->position));
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/folk/northern-game", test_northern_game);
  for (gsize i = 0; i < G_N_ELEMENTS (folk_games); i++)
    g_test_add_data_func (folk_games[i].path, &folk_games[i], test_folk_game);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "folk",
    .flags = TEST_APP_QUIET,
  });
}
