/* test-app-towers.c — towers built by hand in the setup palette
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks
 * (test-app-util.h).  In pillar draughts (GameType 88) the setup palette
 * has Beneath: a tower of four pieces of both colours is built on d4 with
 * it and with Shift+click, its bottom piece taken away again, the tower
 * dragged away and back whole, the FEN field and the board following each
 * edit; the position is started from, and a capture is played from it by
 * clicks: the top taken goes under the taker (001:100); Undo takes back
 * the move, then the whole setup.  In Russian draughts Beneath is not
 * shown, and Shift+click places a piece as a plain click does: no tower.
 */

#define G_LOG_DOMAIN "test-app-towers"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-fen.h"
#include "dr-pdn.h"
#include "dr-stack.h"
#include "dr-window-private.h"

#include <adwaita.h>
#include <string.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

static int
square (const char *name)
{
  return dr_geometry_bit_at_xy (&dr_geometry_8x8, name[0] - 'a', name[1] - '1');
}

typedef struct
{
  DrWindow      *window;
  const DrRules *rules;
  GFile         *file;
} Opened;

static gboolean
game_opened (gpointer data)
{
  Opened *o = data;
  DrGame *game = dr_game_model_get_game (o->window->model);

  return o->window->file != NULL && g_file_equal (o->window->file, o->file) && game->rules == o->rules;
}

/* A new window with a game of @rules from the start, open from a file. */
static DrWindow *
open_game (const DrRules *rules)
{
  g_autofree char *pdn = g_strdup_printf ("[Event \"%s\"]\n[GameType \"%d\"]\n\n*\n", rules->title, rules->gametype);
  g_autofree char *name = g_strdup_printf ("%s.pdn", rules->name);
  g_autoptr (GFile) file = test_make_file (tmp_dir, name, pdn);
  Opened o = { test_open_window (GTK_APPLICATION (app)), rules, file };

  dr_window_open_file (o.window, file);
  test_wait_until (game_opened, &o, "the game to be read");
  return o.window;
}

/* Setup mode entered by a click on the header's button, the palette shown
 * and the board still again below it. */
static void
enter_setup (DrWindow *window)
{
  test_click_widget (GTK_WIDGET (window->setup_button));
  test_wait_until (test_widget_mapped, window->setup_done_button, "the setup palette");
  test_wait_still (GTK_WIDGET (window->board_view));
  g_assert_true (dr_board_state_get_setup_mode (window->board));
}

/* The palette's Beneath button, or NULL. */
static GtkWidget *
beneath_button (DrWindow *window)
{
  return test_find_widget (GTK_WIDGET (window), GTK_TYPE_TOGGLE_BUTTON, test_button_has_label, (gpointer) "Beneath");
}

/* A real click on square @name with Shift held. */
static void
shift_click_square (DrWindow   *window,
                    const char *name)
{
  test_xdotool ((const char *const[]) { "keydown", "shift", NULL });
  test_click_square (window->board_view, square (name));
  test_xdotool ((const char *const[]) { "keyup", "shift", NULL });
  test_settle ();
}

/* The tower on @name in the board shown, top first, as FEN letters. */
static char *
tower_text (DrWindow   *window,
            const char *name)
{
  DrPiece tower[DR_STACK_MAX + 1];
  int n = dr_stack_get (dr_board_state_get_position (window->board), square (name), tower);
  GString *s = g_string_new (NULL);

  for (int i = 0; i < n; i++)
    g_string_append_c (s, "-wWbB"[tower[i]]);
  return g_string_free (s, FALSE);
}

#define assert_tower(window, name, expected)                     \
  G_STMT_START {                                                 \
    g_autofree char *t_ = tower_text ((window), (name));         \
    g_assert_cmpstr (t_, ==, (expected));                        \
  } G_STMT_END

/* The FEN field shows @fen, and the board holds that position. */
static void
assert_fen (DrWindow      *window,
            const DrRules *rules,
            const char    *fen)
{
  g_autoptr (GError) error = NULL;
  DrPosition expected;

  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (window->fen_entry)), ==, fen);
  g_assert_true (dr_fen_parse (rules, fen, &expected, &error));
  g_assert_no_error (error);
  g_assert_true (dr_position_equal (dr_board_state_get_position (window->board), &expected));
}

static void
test_pillar_tower (void)
{
  DrWindow *window;
  GtkWidget *beneath;
  DrGame *game;
  DrGameNode *node;
  g_autofree char *written = NULL;

  if (test_skip_without_input (have_display))
    return;
  window = open_game (&dr_rules_pillar);
  enter_setup (window);
  beneath = beneath_button (window);
  g_assert_nonnull (beneath);
  g_assert_true (gtk_widget_get_mapped (beneath));
  test_click_action (GTK_WIDGET (window), "win.setup-clear");

  /* A black man on d4, then beneath it a white man and a black king. */
  test_click_widget (GTK_WIDGET (window->tool_black_man));
  test_click_square (window->board_view, square ("d4"));
  assert_tower (window, "d4", "b");
  test_click_widget (beneath);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (beneath)));
  test_click_widget (GTK_WIDGET (window->tool_white_man));
  test_click_square (window->board_view, square ("d4"));
  assert_tower (window, "d4", "bw");
  test_click_widget (GTK_WIDGET (window->tool_black_king));
  test_click_square (window->board_view, square ("d4"));
  assert_tower (window, "d4", "bwB");
  assert_fen (window, &dr_rules_pillar, "W:W:Bd4(wB)");

  /* Beneath off: Shift+click puts a white king, then a white man, at the
   * bottom; a plain click on c3 puts a single white man. */
  test_click_widget (beneath);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (beneath)));
  test_click_widget (GTK_WIDGET (window->tool_white_king));
  shift_click_square (window, "d4");
  test_click_widget (GTK_WIDGET (window->tool_white_man));
  shift_click_square (window, "d4");
  assert_tower (window, "d4", "bwBWw");
  test_click_square (window->board_view, square ("c3"));
  assert_tower (window, "c3", "w");

  /* The eraser with Shift takes the bottom piece away. */
  test_click_widget (GTK_WIDGET (window->tool_erase));
  shift_click_square (window, "d4");
  assert_tower (window, "d4", "bwBW");

  /* A drag moves the whole tower, there and back. */
  {
    double x0, y0, x1, y1;

    test_square_point (window->board_view, square ("d4"), &x0, &y0);
    test_square_point (window->board_view, square ("f4"), &x1, &y1);
    test_drag (GTK_WIDGET (window->board_view), x0, y0, x1, y1);
    assert_tower (window, "f4", "bwBW");
    assert_tower (window, "d4", "");
    test_drag (GTK_WIDGET (window->board_view), x1, y1, x0, y0);
    assert_tower (window, "d4", "bwBW");
    assert_tower (window, "f4", "");
  }

  /* A black man on h8 for Black to have a top: the position is valid,
   * and the FEN field has the tower, top down. */
  test_click_widget (GTK_WIDGET (window->tool_black_man));
  test_click_square (window->board_view, square ("h8"));
  assert_fen (window, &dr_rules_pillar, "W:Wc3:Bh8,d4(wBW)");
  g_assert_cmpstr (gtk_label_get_text (window->setup_message), ==, "The position can be played.");

  /* Started from: the game's start and its FEN tag. */
  test_click_widget (window->setup_done_button);
  g_assert_false (dr_board_state_get_setup_mode (window->board));
  game = dr_game_model_get_game (window->model);
  g_assert_true (game->rules == &dr_rules_pillar);
  g_assert_cmpstr (dr_game_get_tag (game, "FEN"), ==, "W:Wc3:Bh8,d4(wBW)");

  /* c3:e5 takes d4's top, which goes under the taker; the white man
   * beneath commands d4 now (001:100). */
  test_wait_still (GTK_WIDGET (window->board_view));
  test_click_move (window, square ("c3"), square ("e5"));
  node = dr_game_model_get_current (window->model);
  g_assert_true (node->parent == game->root);
  {
    g_autofree char *fen = dr_fen_write (&dr_rules_pillar, &node->position, DR_NOTATION_ALGEBRAIC);
    g_assert_cmpstr (fen, ==, "B:We5(b),d4(BW):Bh8");
  }
  assert_tower (window, "e5", "wb");
  assert_tower (window, "d4", "wBW");
  written = dr_pdn_write_game (game, DR_NOTATION_ALGEBRAIC);
  g_assert_nonnull (strstr (written, "[FEN \"W:Wc3:Bh8,d4(wBW)\"]"));
  g_assert_nonnull (strstr (written, "1. c3:e5"));

  /* Ctrl+Z takes the move back, then the whole setup: the game before
   * it, from the start, comes back. */
  test_keys (GTK_WINDOW (window), "ctrl+z");
  game = dr_game_model_get_game (window->model);
  node = dr_game_model_get_current (window->model);
  g_assert_true (node == game->root && node->children == NULL);
  g_assert_cmpstr (dr_game_get_tag (game, "FEN"), ==, "W:Wc3:Bh8,d4(wBW)");
  test_keys (GTK_WINDOW (window), "ctrl+z");
  game = dr_game_model_get_game (window->model);
  {
    DrPosition start;

    dr_rules_initial (&dr_rules_pillar, &start);
    g_assert_true (game->rules == &dr_rules_pillar);
    g_assert_true (dr_position_equal (&game->root->position, &start));
  }
  test_put_away (window);
}

/* Russian draughts has no towers: no Beneath in its palette, and Shift
 * changes nothing (a second piece replaces the first). */
static void
test_russian_unchanged (void)
{
  DrWindow *window;
  GtkWidget *beneath;

  if (test_skip_without_input (have_display))
    return;
  window = open_game (&dr_rules_russian);
  enter_setup (window);
  beneath = beneath_button (window);
  g_assert_nonnull (beneath);
  g_assert_false (gtk_widget_get_visible (beneath));
  test_click_action (GTK_WIDGET (window), "win.setup-clear");

  test_click_widget (GTK_WIDGET (window->tool_black_man));
  shift_click_square (window, "d4");
  assert_tower (window, "d4", "b");
  test_click_widget (GTK_WIDGET (window->tool_white_man));
  shift_click_square (window, "d4");
  assert_tower (window, "d4", "w");
  test_click_widget (GTK_WIDGET (window->tool_white_king));
  shift_click_square (window, "c3");
  test_click_widget (GTK_WIDGET (window->tool_black_man));
  test_click_square (window->board_view, square ("h8"));
  assert_fen (window, &dr_rules_russian, "W:Wd4,Kc3:Bh8");
  g_assert_cmpstr (gtk_label_get_text (window->setup_message), ==, "The position can be played.");
  g_assert_null (strchr (gtk_editable_get_text (GTK_EDITABLE (window->fen_entry)), '('));
  test_put_away (window);
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/towers/setup/pillar-tower", test_pillar_tower);
  g_test_add_func ("/app/towers/setup/russian-unchanged", test_russian_unchanged);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "towers",
    .flags = TEST_APP_QUIET,
  });
}
