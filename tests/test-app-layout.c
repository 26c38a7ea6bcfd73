/* test-app-layout.c — the window keeps the board first
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real windows under Xvfb (test-app-util.h), at the default size:
 *  - each side pane opened by its key (the game list F9, the explorer F7,
 *    Composition Ctrl+Shift+E, Solve Problems Ctrl+Shift+P) leaves the
 *    board at least 60 % of the window's height, and the window keeps
 *    its size;
 *  - a pane's width, dragged, is remembered by the next window;
 *  - the window's size is written back as it was: no window grows from
 *    one session to the next;
 *  - a window too narrow for the board and a pane shows the pane over
 *    the board;
 *  - the main menu's first level fits a small screen.
 * With DR_TEST_SCREENS set to a folder, each pane's window is written
 * there as a PNG file (layout-<pane>.png), to be looked at.
 */

#define G_LOG_DOMAIN "test-app-layout"

#include "config.h"

#include "test-app-util.h"

#include <glib/gstdio.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

/* Two English problems (a setup each): the game list opens by itself,
 * and Solve mode has problems to set. */
static const char problems_pdn[] =
  "[Event \"Crown first\"]\n[White \"MF Tinsley\"]\n[Black \"D Oldbury\"]\n[GameType \"21\"]\n"
  "[SetUp \"1\"]\n[FEN \"W:W6,18,29:B2,21\"]\n\n1. 6-1 *\n\n"
  "[Event \"Two ways\"]\n[White \"MF Tinsley\"]\n[Black \"W Ryan\"]\n[GameType \"21\"]\n"
  "[SetUp \"1\"]\n[FEN \"W:W18,20,11:B24,10\"]\n\n1. 11-7 *\n";

typedef struct
{
  const char *name;
  const char *keys;   /* what opens the pane */
} PaneCase;

static const PaneCase pane_cases[] = {
  { "games", "F9" },
  { "explorer", "F7" },
  { "composition", "ctrl+shift+e" },
  { "solve", "ctrl+shift+p" },
};

/* The window as it is on screen, into DR_TEST_SCREENS/layout-@name.png. */
static void
save_screen (GtkWidget  *window,
             const char *name)
{
  const char *dir = g_getenv ("DR_TEST_SCREENS");
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);
  g_autoptr (GdkPaintable) paintable = NULL;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;
  GtkSnapshot *snapshot;

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, (float) width, (float) height));
  base = g_strdup_printf ("layout-%s.png", name);
  path = g_build_filename (dir, base, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("%s: %d×%d", path, width, height);
}

static int
default_width (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GVariant) value = g_settings_get_default_value (settings, "window-width");

  return g_variant_get_int32 (value);
}

static int
default_height (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GVariant) value = g_settings_get_default_value (settings, "window-height");

  return g_variant_get_int32 (value);
}

/* The window's settings back to their defaults: its size, the panes. */
static void
reset_window_settings (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GSettingsSchema) schema = NULL;
  g_auto (GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    if (g_str_has_prefix (keys[i], "window-") || g_str_has_suffix (keys[i], "-width")
        || g_str_equal (keys[i], "explorer-visible"))
      g_settings_reset (settings, keys[i]);
}

/* A new window, which opens the problems; its size as first shown in
 * @width and @height. */
static DrWindow *
open_problems (int *width,
               int *height)
{
  DrWindow *window = test_open_window (GTK_APPLICATION (app));
  g_autoptr (GFile) file = test_make_file (tmp_dir, "problems.pdn", problems_pdn);
  TestLoaded l = { window, test_english_position ("W:W6,18,29:B2,21") };

  *width = gtk_widget_get_width (GTK_WIDGET (window));
  *height = gtk_widget_get_height (GTK_WIDGET (window));
  dr_window_open_file (window, file);
  test_wait_until (test_english_file_loaded, &l, "the file to be read");
  return window;
}

/* The side pane of @name is on screen. */
static gboolean
pane_shown (DrWindow   *window,
            const char *name)
{
  if (g_str_equal (name, "games"))
    return gtk_widget_get_mapped (GTK_WIDGET (window->game_list));
  if (g_str_equal (name, "explorer"))
    return gtk_widget_get_mapped (GTK_WIDGET (window->explorer));
  if (g_str_equal (name, "composition"))
    return gtk_widget_get_mapped (GTK_WIDGET (window->compose_pane));
  return gtk_widget_get_mapped (GTK_WIDGET (window->solve_trainer));
}

/* One side pane opened at the default size: the board keeps at least
 * 60 % of the window's height, and the window its size. */
static void
test_board_first (gconstpointer data)
{
  const PaneCase *pane = data;
  DrWindow *window;
  int board_w, board_h, win_w, win_h, start_w, start_h;

  if (test_skip_without_input (have_display))
    return;
  reset_window_settings ();
  window = open_problems (&start_w, &start_h);
  test_run_for (300);
  /* The list opens with a file of several games: out of the way first. */
  if (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)))
    test_keys (GTK_WINDOW (window), "F9");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  test_keys (GTK_WINDOW (window), pane->keys);
  test_run_for (600);
  g_assert_true (pane_shown (window, pane->name));

  save_screen (GTK_WIDGET (window), pane->name);
  board_w = gtk_widget_get_width (GTK_WIDGET (window->board_view));
  board_h = gtk_widget_get_height (GTK_WIDGET (window->board_view));
  win_w = gtk_widget_get_width (GTK_WIDGET (window));
  win_h = gtk_widget_get_height (GTK_WIDGET (window));
  g_test_message ("%s: window %d×%d (%d×%d before), board %d×%d", pane->name, win_w, win_h, start_w, start_h,
                  board_w, board_h);
  g_assert_cmpint (win_w, ==, start_w);
  g_assert_cmpint (win_h, ==, start_h);
  /* The board is square: the smaller side is its size. */
  g_assert_cmpint (MIN (board_w, board_h) * 10, >=, win_h * 6);

  test_put_away (window);
}

/* A window closed and another opened, again and again: the size written
 * is the size it had, and no window grows from one session to the next. */
static void
test_size_kept (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);

  if (test_skip_without_input (have_display))
    return;
  reset_window_settings ();
  g_settings_set_boolean (settings, "explorer-visible", TRUE);
  for (guint i = 0; i < 3; i++)
    {
      int width, height;
      DrWindow *window = open_problems (&width, &height);

      test_run_for (300);
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->explorer)));
      g_test_message ("session %u: window %d×%d", i, gtk_widget_get_width (GTK_WIDGET (window)),
                      gtk_widget_get_height (GTK_WIDGET (window)));
      test_put_away (window);
      g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, default_width ());
      g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, default_height ());
    }
  reset_window_settings ();
}

/* The explorer's inner edge dragged 60 px to the left: the explorer is
 * 60 px wider, and so is it in the next window; F7 collapses it, and the
 * board takes the room. */
static void
test_pane_width_kept (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  DrWindow *window;
  DrSidePane *pane;
  GtkWidget *handle;
  int before, after, board_open, width, height;
  double x = 0, y = 0;

  if (test_skip_without_input (have_display))
    return;
  reset_window_settings ();
  window = open_problems (&width, &height);
  test_run_for (300);
  test_keys (GTK_WINDOW (window), "F9 F7");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->explorer)));
  pane = dr_side_pane_of_child (GTK_WIDGET (window->explorer));
  g_assert_nonnull (pane);
  before = gtk_widget_get_width (GTK_WIDGET (pane));
  g_assert_cmpint (before, ==, g_settings_get_int (settings, "explorer-width"));

  /* In the window's coordinates: the strip moves with the pointer. */
  handle = dr_side_pane_get_handle (pane);
  g_assert_true (gtk_widget_translate_coordinates (handle, GTK_WIDGET (window), gtk_widget_get_width (handle) / 2.0,
                                                   gtk_widget_get_height (handle) / 2.0, &x, &y));
  test_drag (GTK_WIDGET (window), x, y, x - 60, y);
  after = gtk_widget_get_width (GTK_WIDGET (pane));
  g_test_message ("explorer %d px, dragged: %d px", before, after);
  g_assert_cmpint (ABS (after - (before + 60)), <=, 1);
  g_assert_cmpint (g_settings_get_int (settings, "explorer-width"), ==, after);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);

  board_open = gtk_widget_get_width (GTK_WIDGET (window->board_view));
  test_keys (GTK_WINDOW (window), "F7");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (window->explorer)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window->board_view)), >, board_open);
  test_keys (GTK_WINDOW (window), "F7");
  test_put_away (window);

  window = open_problems (&width, &height);
  test_run_for (300);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->explorer)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (dr_side_pane_of_child (GTK_WIDGET (window->explorer)))), ==,
                   after);
  test_put_away (window);
  reset_window_settings ();
}

/* A window too narrow for the board and the game list: the list lies
 * over the board, which keeps the size it has without it. */
static void
test_narrow_overlay (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  DrWindow *window;
  int board_w, board_h, width, height;

  if (test_skip_without_input (have_display))
    return;
  reset_window_settings ();
  g_settings_set_int (settings, "window-width", 700);
  window = open_problems (&width, &height);
  test_run_for (300);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  board_w = gtk_widget_get_width (GTK_WIDGET (window->board_view));
  board_h = gtk_widget_get_height (GTK_WIDGET (window->board_view));
  save_screen (GTK_WIDGET (window), "narrow");
  test_keys (GTK_WINDOW (window), "F9");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  g_test_message ("window %d×%d: board %d×%d with the list over it, %d×%d without", width, height, board_w, board_h,
                  gtk_widget_get_width (GTK_WIDGET (window->board_view)),
                  gtk_widget_get_height (GTK_WIDGET (window->board_view)));
  g_assert_cmpint (board_w, ==, gtk_widget_get_width (GTK_WIDGET (window->board_view)));
  g_assert_cmpint (board_h, ==, gtk_widget_get_height (GTK_WIDGET (window->board_view)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  test_put_away (window);
  reset_window_settings ();
}

int
main (int    argc,
      char **argv)
{
  int status;

  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (pane_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/layout/board-first/%s", pane_cases[i].name);
      g_test_add_data_func (path, &pane_cases[i], test_board_first);
    }
  g_test_add_func ("/app/layout/size-kept", test_size_kept);
  g_test_add_func ("/app/layout/pane-width-kept", test_pane_width_kept);
  g_test_add_func ("/app/layout/narrow-overlay", test_narrow_overlay);

  have_display = test_app_init ();
  if (!have_display)
    return g_test_run ();
  tmp_dir = g_dir_make_tmp ("draughtsman-layout-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);
  app = test_app_register ();
  /* The flaps fold and open at once: the sizes read are the final ones. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
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
