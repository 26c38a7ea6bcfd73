/* test-app-routes.c — the route menu previews what each route takes (issue 23)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks, pointer moves
 * and keys (test-app-util.h).  The king on 47 has two captures of four
 * men that end on 6; clicking 47 then 6 opens the menu of the two routes.
 * The route under the pointer, or the one the keyboard moves to, marks on
 * the board the pieces it takes; closing the menu takes the marks off.
 */

#define G_LOG_DOMAIN "test-app-routes"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-window-private.h"

#include <string.h>

static gboolean have_display;
static DrApplication *app;

/* The move @text in @window's position, which must parse. */
static DrMove
parse_move (DrWindow   *window,
            const char *text)
{
  g_autoptr (GError) error = NULL;
  DrMove move;

  g_assert_true (dr_move_parse (dr_game_model_get_rules (window->model), dr_game_model_get_position (window->model),
                                NULL, text, &move, &error));
  g_assert_no_error (error);
  return move;
}

static gboolean
route_menu_shown (gpointer data)
{
  DrWindow *window = data;
  GtkWidget *menu = test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_POPOVER_MENU, NULL, NULL);

  return menu != NULL && gtk_widget_get_mapped (menu);
}

static gboolean
route_menu_gone (gpointer data)
{
  return !route_menu_shown (data);
}

static gboolean
label_is (GtkWidget *widget,
          gpointer   data)
{
  return g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), data);
}

typedef struct
{
  DrWindow  *window;
  DrBitboard want;
} PreviewWait;

static gboolean
preview_is (gpointer data)
{
  PreviewWait *wait = data;

  return dr_board_view_get_preview (wait->window->board_view) == wait->want;
}

static void
wait_preview (DrWindow   *window,
              DrBitboard  want,
              const char *what)
{
  PreviewWait wait = { window, want };

  test_wait_until (preview_is, &wait, what);
}

/* The pointer moved (no button) to the middle of @widget. */
static void
hover (GtkWidget *widget)
{
  g_autofree char *id = NULL, *sx = NULL, *sy = NULL;
  int wx, wy;
  gulong xid;

  test_wait_still (widget);
  xid = test_window_point (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0, &wx, &wy);
  id = g_strdup_printf ("%lu", xid);
  sx = g_strdup_printf ("%d", wx);
  sy = g_strdup_printf ("%d", wy);
  test_xdotool ((const char *const[]) { "mousemove", "--window", id, sx, sy, NULL });
  test_settle ();
}

/* The menu item (its label) of the route written @text. */
static GtkWidget *
route_item (DrWindow   *window,
            const char *text)
{
  GtkWidget *menu = test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_POPOVER_MENU, NULL, NULL);
  GtkWidget *label;

  g_assert_nonnull (menu);
  label = test_find_widget (menu, GTK_TYPE_LABEL, label_is, (gpointer) text);
  g_assert_nonnull (label);
  return label;
}

static void
open_route_menu (DrWindow     *window,
                 const DrMove *move)
{
  g_assert_cmpuint (dr_board_view_get_preview (window->board_view), ==, 0);
  if (dr_board_state_get_selected (window->board) != move->from)
    test_click_square (window->board_view, move->from);
  g_assert_cmpint (dr_board_state_get_selected (window->board), ==, move->from);
  test_click_square (window->board_view, move->to);
  test_wait_until (route_menu_shown, window, "the route menu");
  test_wait_still (test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_POPOVER_MENU, NULL, NULL));
}

static void
test_preview (void)
{
  const DrRules *rules = &dr_rules_international;
  DrWindow *window;
  DrPosition pos;
  DrMove a, b;
  DrGameNode *root;

  if (test_skip_without_input (have_display))
    return;
  window = test_open_window (GTK_APPLICATION (app));
  g_assert_true (dr_fen_parse (rules, "W:WK47:B11,12,19,29,30,40", &pos, NULL));
  dr_game_model_new_game (window->model, rules, &pos);
  test_settle ();
  root = dr_game_model_get_current (window->model);
  a = parse_move (window, "47x24x35x44x6");
  b = parse_move (window, "47x24x8x17x6");
  g_assert_cmpuint (a.captures, !=, b.captures);

  /* The pointer on route B marks B's four pieces, then on route A A's. */
  open_route_menu (window, &a);
  hover (route_item (window, "47x24x8x17x6"));
  wait_preview (window, b.captures, "route B's pieces to be marked");
  hover (route_item (window, "47x24x35x44x6"));
  wait_preview (window, a.captures, "route A's pieces to be marked");
  /* Escape closes the menu: nothing played, nothing marked. */
  test_keys (GTK_WINDOW (window), "Escape");
  test_wait_until (route_menu_gone, window, "the route menu to close");
  wait_preview (window, 0, "the marks to go");
  g_assert_true (dr_game_model_get_current (window->model) == root);

  /* By the keyboard: Down goes to the first route (A), marked; Return
   * plays it and the marks go. */
  open_route_menu (window, &a);
  test_keys (GTK_WINDOW (window), "Down");
  wait_preview (window, a.captures, "the focused route's pieces to be marked");
  test_keys (GTK_WINDOW (window), "Return");
  test_wait_until (route_menu_gone, window, "the route menu to close");
  wait_preview (window, 0, "the marks to go once played");
  g_assert_true (dr_game_model_get_current (window->model)->parent == root);
  g_assert_cmpuint (dr_game_model_get_current (window->model)->move.captures, ==, a.captures);

  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

static void
prepare_settings (GSettings *settings)
{
  g_settings_set_boolean (settings, "route-menu", TRUE);
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/routes/preview", test_preview);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .flags = TEST_APP_NO_ANIMATE,
    .prepare = prepare_settings,
  });
}
