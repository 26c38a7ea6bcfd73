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
  "[Event \"Crown first\"]\n[White \"MF Tinsley\"]\n[Black \"D Oldbury\"]\n[Result \"1-0\"]\n[GameType \"21\"]\n"
  "[SetUp \"1\"]\n[FEN \"W:W6,18,29:B2,21\"]\n\n1. 6-1 1-0\n\n"
  "[Event \"Two ways\"]\n[White \"MF Tinsley\"]\n[Black \"W Ryan\"]\n[Result \"*\"]\n[GameType \"21\"]\n"
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

/* The game list and the explorer both open in a window of 1400×900 (the
 * board was 215 px): the board keeps 60 % of the window's height. */
static void
test_list_and_explorer (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  DrWindow *window;
  int width, height, board;

  if (test_skip_without_input (have_display))
    return;
  reset_window_settings ();
  g_settings_set_int (settings, "window-width", 1400);
  g_settings_set_int (settings, "window-height", 900);
  g_settings_set_boolean (settings, "explorer-visible", TRUE);
  window = open_problems (&width, &height);
  test_run_for (300);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->explorer)));
  save_screen (GTK_WIDGET (window), "list-and-explorer");
  board = MIN (gtk_widget_get_width (GTK_WIDGET (window->board_view)),
               gtk_widget_get_height (GTK_WIDGET (window->board_view)));
  g_test_message ("window %d×%d: board %d px", width, height, board);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
  g_assert_cmpint (board * 10, >=, gtk_widget_get_height (GTK_WIDGET (window)) * 6);
  test_put_away (window);
  reset_window_settings ();
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

/* The widget of the game list showing @data (a cell or a column's title),
 * mapped. */
static gboolean
shows_text (GtkWidget *widget,
            gpointer   data)
{
  const char *text = GTK_IS_LABEL (widget)         ? gtk_label_get_text (GTK_LABEL (widget))
                     : GTK_IS_INSCRIPTION (widget) ? gtk_inscription_get_text (GTK_INSCRIPTION (widget))
                                                   : NULL;

  return g_strcmp0 (text, data) == 0 && gtk_widget_get_mapped (widget);
}

/* @text's widget in the game list is as wide as its text: not cut. */
static void
assert_not_cut (DrWindow   *window,
                const char *text)
{
  GtkWidget *widget = test_find_widget (GTK_WIDGET (window->game_list), GTK_TYPE_WIDGET, shows_text, (gpointer) text);
  g_autoptr (PangoLayout) layout = NULL;
  int width;

  g_assert_nonnull (widget);
  layout = gtk_widget_create_pango_layout (widget, text);
  pango_layout_get_pixel_size (layout, &width, NULL);
  g_test_message ("“%s”: %d px of text in %d px", text, width, gtk_widget_get_width (widget));
  g_assert_cmpint (gtk_widget_get_width (widget), >=, width);
  /* Nor clipped by what holds it: a column's title, its cell. */
  for (GtkWidget *a = gtk_widget_get_parent (widget); a != GTK_WIDGET (window->game_list); a = gtk_widget_get_parent (a))
    {
      double x = 0, y = 0;

      g_assert_true (gtk_widget_translate_coordinates (widget, a, gtk_widget_get_width (widget), 0, &x, &y));
      g_assert_cmpfloat (x, <=, gtk_widget_get_width (a) + 0.5);
    }
}

/* Games without dates (as in tinsley.pdn): no Date column, its room
 * given to the names; in a window of 1400 px with the list widened to
 * 480 px, the names are whole, and so are the columns' titles. */
static void
test_game_list_columns (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  static const char *const titles[] = { "White", "Black", "Event", "Result", "Moves" };
  GListModel *columns;
  DrWindow *window;
  int width, height;

  if (test_skip_without_input (have_display))
    return;
  reset_window_settings ();
  g_settings_set_int (settings, "window-width", 1400);
  g_settings_set_int (settings, "window-height", 800);
  g_settings_set_int (settings, "games-width", 480);
  window = open_problems (&width, &height);
  test_run_for (300);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window->game_list)));
  save_screen (GTK_WIDGET (window), "game-list");

  columns = gtk_column_view_get_columns (dr_game_list_get_view (window->game_list));
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, i);
      const char *title = gtk_column_view_column_get_title (column);

      g_assert_true (gtk_column_view_column_get_resizable (column));
      g_assert_true (gtk_column_view_column_get_visible (column) == !g_str_equal (title, "Date"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    assert_not_cut (window, titles[i]);
  assert_not_cut (window, "MF Tinsley");
  assert_not_cut (window, "D Oldbury");
  test_put_away (window);
  reset_window_settings ();
}

static gboolean
is_primary (GtkWidget *widget,
            gpointer   data)
{
  return gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

typedef struct
{
  GtkWidget *popover;
  GtkWidget *scrolled;
} MenuShown;

/* The popover is on screen and laid out. */
static gboolean
menu_shown (gpointer data)
{
  MenuShown *m = data;

  if (m->popover == NULL || !gtk_widget_get_mapped (m->popover))
    return FALSE;
  m->scrolled = test_find_widget (m->popover, GTK_TYPE_SCROLLED_WINDOW, NULL, NULL);
  return m->scrolled != NULL && gtk_widget_get_height (m->scrolled) > 0;
}

/* Every row of the menu @popover is shown without scrolling. */
static void
assert_menu_whole (GtkWidget  *popover,
                   const char *what)
{
  MenuShown m = { popover, NULL };
  GtkAdjustment *adjustment;

  test_wait_until (menu_shown, &m, what);
  test_run_for (300);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (m.scrolled));
  g_test_message ("%s: %.0f px of rows in %.0f px", what, gtk_adjustment_get_upper (adjustment),
                  gtk_adjustment_get_page_size (adjustment));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, gtk_adjustment_get_page_size (adjustment) + 0.5);
}

/* The first level of the main menu: its rows, submenus counted once. */
static guint
menu_rows (GMenuModel *menu)
{
  guint rows = 0;

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);

      rows += section != NULL ? menu_rows (section) : 1;
    }
  return rows;
}

/* On a screen of 900 px, the main menu (grouped in sections and a few
 * submenus, some fifteen rows) and the move list's menu show all their
 * rows, none hidden below a scroll. */
static void
test_menus_whole (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  DrWindow *window;
  GtkWidget *button;
  GtkTextBuffer *buffer;
  GtkTextIter iter;
  GdkRectangle where;
  DrGameNode *move;
  int width, height, start, end, x, y;

  if (test_skip_without_input (have_display))
    return;
  reset_window_settings ();
  window = open_problems (&width, &height);
  test_run_for (300);

  button = test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, is_primary, NULL);
  g_assert_nonnull (button);
  g_test_message ("the main menu's first level: %u rows",
                  menu_rows (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button))));
  g_assert_cmpuint (menu_rows (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button))), <=, 18);
  test_click_widget (button);
  assert_menu_whole (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))), "the main menu");
  test_keys (GTK_WINDOW (window), "Escape");

  /* A right click on the game's move. */
  move = dr_game_model_get_game (window->model)->root->children;
  g_assert_nonnull (move);
  g_assert_true (dr_move_list_view_get_range (window->move_list, move, &start, &end));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (window->move_list));
  gtk_text_buffer_get_iter_at_offset (buffer, &iter, (start + end) / 2);
  gtk_text_view_get_iter_location (GTK_TEXT_VIEW (window->move_list), &iter, &where);
  gtk_text_view_buffer_to_window_coords (GTK_TEXT_VIEW (window->move_list), GTK_TEXT_WINDOW_WIDGET, where.x,
                                         where.y + where.height / 2, &x, &y);
  test_click_button (GTK_WIDGET (window->move_list), x, y, 3);
  g_assert_nonnull (window->move_menu);
  assert_menu_whole (GTK_WIDGET (window->move_menu), "the move list's menu");
  test_keys (GTK_WINDOW (window), "Escape");
  test_put_away (window);
}

int
main (int    argc,
      char **argv)
{
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
  g_test_add_func ("/app/layout/list-and-explorer", test_list_and_explorer);
  g_test_add_func ("/app/layout/game-list-columns", test_game_list_columns);
  g_test_add_func ("/app/layout/menus-whole", test_menus_whole);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "layout",
    .flags = TEST_APP_QUIET,
  });
}
