/* test-board-view.c — the board widget, drawn to a texture and hit-tested
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Needs a display (CI runs the suite under xvfb-run); skipped without one.
 * The view is 480x480 with the coordinates off, so the 10x10 board fills
 * it in cells of 48 pixels from the origin: the cell in column c and row r
 * (from the top left) spans [48c, 48c + 48) x [48r, 48r + 48).  Which
 * square a cell holds follows from the PDN numbering (1 = b10, 5 = j10,
 * 46 = a1, 50 = i1; White at the bottom unless flipped).  Colours are the
 * theme's (dr_board_view_square_color) and the pieces' SVGs: a white man
 * is cream in the middle, a black man dark brown.
 */

#include "config.h"

#include "test-util.h"

#include "dr-board-view.h"

#include "dr-fen.h"

/* gtk_init_check() succeeded (gtk_is_initialized() is TRUE even when it
 * failed). */
static gboolean have_display;

#define SIZE 480
#define CELL (SIZE / 10)

typedef struct
{
  GtkWidget    *window;
  DrBoardView  *view;
  DrBoardState *state;
  guchar       *pixels;      /* B8G8R8A8 premultiplied (GDK_MEMORY_DEFAULT) */
  gsize         stride;
  int           width;
  int           height;
} Fixture;

static void
iterate_until (gboolean (*done) (Fixture *), Fixture *f)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!done (f))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for the window: mapped %d, %dx%d",
                 gtk_widget_get_mapped (GTK_WIDGET (f->view)),
                 gtk_widget_get_width (GTK_WIDGET (f->view)),
                 gtk_widget_get_height (GTK_WIDGET (f->view)));
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  /* Let a frame go by. */
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
count_tick_cb (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  guint *ticks = data;

  return ++*ticks < 2 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* The widget paintable shows the widget as it was last drawn: after a
 * change, wait until a frame has been painted.  A tick callback runs
 * before each frame's paint, so by the second tick the first frame is
 * on the screen. */
static void
wait_for_frame (Fixture *f)
{
  guint ticks = 0;
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  gtk_widget_queue_draw (GTK_WIDGET (f->view));
  gtk_widget_add_tick_callback (GTK_WIDGET (f->view), count_tick_cb, &ticks, NULL);
  while (ticks < 2)
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for a frame");
      g_main_context_iteration (NULL, TRUE);
    }
}

static gboolean
allocated (Fixture *f)
{
  return gtk_widget_get_mapped (GTK_WIDGET (f->view))
         && gtk_widget_get_width (GTK_WIDGET (f->view)) == SIZE
         && gtk_widget_get_height (GTK_WIDGET (f->view)) == SIZE;
}

static void
set_fen (Fixture    *f,
         const char *fen)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_true (dr_fen_parse (&dr_rules_international, fen, &pos, &error));
  g_assert_no_error (error);
  dr_board_state_set_position (f->state, &dr_rules_international, &pos, NULL);
}

static void
set_fen_rules (Fixture       *f,
               const DrRules *rules,
               const char    *fen)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
  g_assert_no_error (error);
  dr_board_state_set_position (f->state, rules, &pos, NULL);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  if (!have_display)
    return;
  f->window = gtk_window_new ();
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), SIZE, SIZE);
  f->view = DR_BOARD_VIEW (dr_board_view_new ());
  gtk_widget_set_size_request (GTK_WIDGET (f->view), SIZE, SIZE);
  dr_board_view_set_show_coordinates (f->view, FALSE);
  dr_board_view_set_animate (f->view, FALSE);
  dr_board_view_set_board_theme (f->view, DR_BOARD_THEME_WOOD);
  f->state = dr_board_view_get_state (f->view);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  set_fen (f, "W:W46:B5");
  gtk_window_present (GTK_WINDOW (f->window));
  iterate_until (allocated, f);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_clear_pointer (&f->pixels, g_free);
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  for (int i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
skip_without_display (void)
{
  if (have_display)
    return FALSE;
  g_test_skip ("no display");
  return TRUE;
}

/* Draws the view as GTK would and keeps its pixels; also writes them to
 * the build directory as @name.png for a look. */
static void
render (Fixture    *f,
        const char *name)
{
  GtkWidget *view = GTK_WIDGET (f->view);
  g_autoptr (GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr (GskRenderNode) node = NULL;
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *base = g_strconcat (name, ".png", NULL);
  g_autofree char *file = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (f->window));

  wait_for_frame (f);
  paintable = gtk_widget_paintable_new (view);
  snapshot = gtk_snapshot_new ();

  f->width = gtk_widget_get_width (view);
  f->height = gtk_widget_get_height (view);
  gdk_paintable_snapshot (paintable, snapshot, f->width, f->height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, (float) f->width, (float) f->height));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, f->width);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, f->height);
  g_clear_pointer (&f->pixels, g_free);
  f->stride = (gsize) f->width * 4;
  f->pixels = g_malloc (f->stride * (gsize) f->height);
  gdk_texture_download (texture, f->pixels, f->stride);

  file = g_test_build_filename (G_TEST_BUILT, base, NULL);
  if (!gdk_texture_save_to_png (texture, file))
    g_test_message ("could not write %s", file);
  else
    g_test_message ("wrote %s", file);
}

typedef struct
{
  int r, g, b;
} Rgb;

static Rgb
pixel (Fixture *f,
       int      x,
       int      y)
{
  const guchar *p;

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, f->width);
  g_assert_cmpint (y, <, f->height);
  p = f->pixels + (gsize) y * f->stride + (gsize) x * 4;
  /* Opaque, so premultiplication changes nothing. */
  g_assert_cmpint (p[3], ==, 255);
  return (Rgb) { p[2], p[1], p[0] };
}

static int
luma (Rgb c)
{
  return (299 * c.r + 587 * c.g + 114 * c.b) / 1000;
}

/* The mean brightness of the disc of radius 0.3 cell round the centre of
 * cell (@column, @row): a piece's face, crown and all. */
static int
disc_luma (Fixture *f,
           int      column,
           int      row)
{
  int radius = CELL * 3 / 10;
  int sum = 0, n = 0;

  for (int dy = -radius; dy <= radius; dy++)
    for (int dx = -radius; dx <= radius; dx++)
      if (dx * dx + dy * dy <= radius * radius)
        {
          sum += luma (pixel (f, column * CELL + CELL / 2 + dx, row * CELL + CELL / 2 + dy));
          n++;
        }
  return sum / n;
}

static void
assert_color (Fixture    *f,
              int         x,
              int         y,
              GdkRGBA     want,
              const char *what)
{
  Rgb c = pixel (f, x, y);
  int r = (int) (want.red * 255 + 0.5), g = (int) (want.green * 255 + 0.5), b = (int) (want.blue * 255 + 0.5);

  if (ABS (c.r - r) > 2 || ABS (c.g - g) > 2 || ABS (c.b - b) > 2)
    g_error ("%s at (%d, %d): #%02x%02x%02x, expected #%02x%02x%02x", what, x, y, c.r, c.g, c.b, r, g, b);
}

/* The centre, and a point near the top-left corner, of cell (@column, @row). */
static int
cx (int column)
{
  return column * CELL + CELL / 2;
}

static int
corner (int column)
{
  return column * CELL + 2;
}

static void
assert_white_man (Fixture *f,
                  int      column,
                  int      row)
{
  Rgb c = pixel (f, cx (column), cx (row));

  /* Cream: light, and warmer than grey (red over blue). */
  if (luma (c) < 190 || c.r < c.b)
    g_error ("cell (%d, %d): #%02x%02x%02x is not a white man", column, row, c.r, c.g, c.b);
}

static void
assert_black_man (Fixture *f,
                  int      column,
                  int      row)
{
  Rgb c = pixel (f, cx (column), cx (row));

  if (luma (c) > 100)
    g_error ("cell (%d, %d): #%02x%02x%02x is not a black man", column, row, c.r, c.g, c.b);
}

static void
test_colors (Fixture       *f,
             gconstpointer  data)
{
  GdkRGBA dark, light;

  if (skip_without_display ())
    return;
  dark = dr_board_view_square_color (f->view, TRUE);
  light = dr_board_view_square_color (f->view, FALSE);
  /* The wood theme: a light and a dark square that differ. */
  g_assert_false (gdk_rgba_equal (&dark, &light));

  render (f, "board-view-colors");

  /* 46 = a1: bottom-left cell, a white man; 5 = j10: top-right, a black man. */
  assert_white_man (f, 0, 9);
  assert_black_man (f, 9, 0);
  /* Around a piece the square shows. */
  assert_color (f, corner (0), corner (9), dark, "a1's corner");
  assert_color (f, corner (9), corner (0), dark, "j10's corner");
  assert_color (f, cx (0) - CELL / 2 + 1, cx (9) + CELL / 2 - 2, dark, "a1's lower corner");

  /* Empty dark squares: 1 (b10), 28 (e5), 50 (i1); light: a10, j1, f5. */
  assert_color (f, cx (1), cx (0), dark, "b10");
  assert_color (f, cx (4), cx (5), dark, "e5");
  assert_color (f, cx (8), cx (9), dark, "i1");
  assert_color (f, cx (0), cx (0), light, "a10");
  assert_color (f, cx (9), cx (9), light, "j1");
  assert_color (f, cx (5), cx (5), light, "f5");

  /* Every cell: dark exactly where (column + row) is odd, and only the two
   * pieces' cells are anything but the square colour at their centre. */
  for (int row = 0; row < 10; row++)
    for (int column = 0; column < 10; column++)
      {
        gboolean is_dark = (column + row) % 2 == 1;

        assert_color (f, corner (column), corner (row), is_dark ? dark : light, "a square's corner");
        if ((column == 0 && row == 9) || (column == 9 && row == 0))
          continue;
        assert_color (f, cx (column), cx (row), is_dark ? dark : light, "an empty square");
      }
}

static void
test_flipped (Fixture       *f,
              gconstpointer  data)
{
  GdkRGBA dark;

  if (skip_without_display ())
    return;
  dark = dr_board_view_square_color (f->view, TRUE);

  dr_board_state_set_flipped (f->state, TRUE);
  render (f, "board-view-flipped");

  /* Turned round: a1 (the white man) is at the top right, j10 (the black
   * man) at the bottom left. */
  assert_white_man (f, 9, 0);
  assert_black_man (f, 0, 9);
  assert_color (f, corner (9), corner (0), dark, "a1's corner");
  assert_color (f, corner (0), corner (9), dark, "j10's corner");
  /* i1 (50) is now at column 1, row 0, and b10 (1) at column 8, row 9:
   * empty dark squares. */
  assert_color (f, cx (1), cx (0), dark, "i1 flipped");
  assert_color (f, cx (8), cx (9), dark, "b10 flipped");
  /* Cell (c, r) shows file 9 - c and rank r + 1, so the colours keep
   * their pattern: dark where c + r is odd. */
  for (int row = 0; row < 10; row++)
    for (int column = 0; column < 10; column++)
      assert_color (f, corner (column), corner (row),
                    (column + row) % 2 == 1 ? dark : dr_board_view_square_color (f->view, FALSE),
                    "a flipped square's corner");
}

/* A king is drawn too, and a position set later shows at once. */
static void
test_kings (Fixture       *f,
            gconstpointer  data)
{
  GdkRGBA dark;

  if (skip_without_display ())
    return;
  dark = dr_board_view_square_color (f->view, TRUE);
  set_fen (f, "W:WK28:BK23");
  render (f, "board-view-kings");

  /* 28 = e5: column 4, row 5.  23 = f6: column 5, row 4.  A crown is
   * drawn in the middle of each, so compare the faces as a whole: the
   * white king is lighter than the dark square it stands on, the black
   * one much darker. */
  {
    int square = luma ((Rgb) { (int) (dark.red * 255), (int) (dark.green * 255), (int) (dark.blue * 255) });

    g_assert_cmpint (disc_luma (f, 4, 5), >, square + 10);
    g_assert_cmpint (disc_luma (f, 5, 4), <, square - 40);
  }
  assert_color (f, corner (4), corner (5), dark, "e5's corner");
  assert_color (f, corner (5), corner (4), dark, "f6's corner");
  /* a1 and j10 are empty now. */
  assert_color (f, cx (0), cx (9), dark, "a1");
  assert_color (f, cx (9), cx (0), dark, "j10");
}

/* The mean brightness of the band of cell (@column, @row) of an 8x8 board
 * (60 pixels a cell) from @top to @bottom pixels down, half a piece wide. */
static int
band_luma (Fixture *f,
           int      column,
           int      row,
           int      top,
           int      bottom)
{
  int cell = SIZE / 8, sum = 0, n = 0;

  for (int y = top; y < bottom; y++)
    for (int x = -cell / 6; x <= cell / 6; x++)
      {
        sum += luma (pixel (f, column * cell + cell / 2 + x, row * cell + y));
        n++;
      }
  return sum / n;
}

/* Pillar draughts: a tower shows its pieces stacked, the top one whole and
 * the ones beneath as rims below it, in their colours. */
static void
test_towers (Fixture       *f,
             gconstpointer  data)
{
  GdkRGBA dark;
  int square;

  if (skip_without_display ())
    return;
  dark = dr_board_view_square_color (f->view, TRUE);
  square = luma ((Rgb) { (int) (dark.red * 255), (int) (dark.green * 255), (int) (dark.blue * 255) });
  /* c3: a white man over two black men; f6: a black man over two white
   * men; h2: a white man alone. */
  set_fen_rules (f, &dr_rules_pillar, "W:Wc3(bb),h2:Bf6(ww)");
  render (f, "board-view-towers");

  /* The top pieces' faces, in the upper half of the square (a cell is 60
   * pixels), cream and black. */
  g_assert_cmpint (band_luma (f, 2, 5, 12, 28), >, 180);
  g_assert_cmpint (band_luma (f, 5, 2, 12, 28), <, 100);
  /* The rims of the pieces beneath, 36 to 50 down: black under c3's white
   * man, cream under f6's black man; a single piece leaves the square
   * there. */
  g_assert_cmpint (band_luma (f, 2, 5, 36, 50), <, square - 60);
  g_assert_cmpint (band_luma (f, 5, 2, 36, 50), >, square + 20);
  g_assert_cmpint (band_luma (f, 7, 6, 57, 59), ==, square);
}

/* Lasker draughts is played on the light squares of a 7x7 board. */
static void
test_lasca_board (Fixture       *f,
                  gconstpointer  data)
{
  GdkRGBA light, dark;
  int cell = SIZE / 7;

  if (skip_without_display ())
    return;
  light = dr_board_view_square_color (f->view, FALSE);
  dark = dr_board_view_square_color (f->view, TRUE);
  set_fen_rules (f, &dr_rules_lasca, "W:Wa1:Bg7");
  render (f, "board-view-lasca");
  /* a1 (bottom left) and g1, a7, g7 are light, with the pieces on a1 and
   * g7; b1 and a2 are dark. */
  assert_color (f, 2, 6 * cell + 2, light, "a1's corner");
  assert_color (f, 6 * cell + cell / 2, 6 * cell + cell / 2, light, "g1");
  assert_color (f, cell / 2, cell / 2, light, "a7");
  assert_color (f, cell + cell / 2, 6 * cell + cell / 2, dark, "b1");
  assert_color (f, cell / 2, 5 * cell + cell / 2, dark, "a2");
  if (luma (pixel (f, cell / 2, 6 * cell + cell / 2)) < 190)
    g_error ("a1: not a white man");
}

/* The user's marks (dr-marks.h): a ring drawn inside a square, an arrow
 * between two; gone again when the marks are. */
static void
test_marks (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr (GArray) marks = g_array_new (FALSE, FALSE, sizeof (DrMark));
  /* 28 = e5 (column 4, row 5), red; an arrow 33 (f4) - 24 (h6), green,
   * through the middle of g5 (column 6, row 5), a dark square. */
  DrMark ring = { (gint8) n10 (28), (gint8) n10 (28), DR_MARK_RED };
  DrMark arrow = { (gint8) n10 (33), (gint8) n10 (24), DR_MARK_GREEN };
  GdkRGBA dark, light;
  int ring_x = cx (4) + CELL * 44 / 100, ring_y = cx (5);
  Rgb c;

  if (skip_without_display ())
    return;
  dark = dr_board_view_square_color (f->view, TRUE);
  light = dr_board_view_square_color (f->view, FALSE);
  set_fen (f, "W:W46:B5");
  g_array_append_val (marks, ring);
  g_array_append_val (marks, arrow);
  dr_board_view_set_marks (f->view, marks);
  g_assert_cmpuint (dr_board_view_get_marks (f->view)->len, ==, 2);
  render (f, "board-view-marks");

  c = pixel (f, ring_x, ring_y);
  if (!(c.r > c.g + 60 && c.r > c.b + 60))
    g_error ("the ring on e5 at (%d, %d): #%02x%02x%02x is not red", ring_x, ring_y, c.r, c.g, c.b);
  /* Inside the ring the square shows. */
  assert_color (f, cx (4), cx (5), dark, "e5 inside its ring");
  c = pixel (f, cx (6), cx (5));
  if (!(c.g > c.r + 40 && c.g > c.b + 40))
    g_error ("the arrow over g5: #%02x%02x%02x is not green", c.r, c.g, c.b);

  /* No marks: the squares again. */
  dr_board_view_set_marks (f->view, NULL);
  g_assert_cmpuint (dr_board_view_get_marks (f->view)->len, ==, 0);
  render (f, "board-view-no-marks");
  assert_color (f, ring_x, ring_y, dark, "e5 without its ring");
  assert_color (f, cx (6), cx (5), dark, "g5 without the arrow");
  assert_color (f, cx (5), cx (5), light, "f5, beside the arrow");
}

static void
test_square_at (Fixture       *f,
                gconstpointer  data)
{
  static const struct { int column, row, number; } cells[] = {
    { 1, 0, 1 }, { 9, 0, 5 }, { 0, 1, 6 }, { 4, 5, 28 }, { 0, 9, 46 }, { 8, 9, 50 },
    { 0, 0, 0 }, { 9, 9, 0 }, { 5, 5, 0 },
  };

  if (skip_without_display ())
    return;

  for (int flip = 0; flip < 2; flip++)
    {
      dr_board_state_set_flipped (f->state, flip);
      for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
        {
          /* Flipped, the cell (c, r) shows what (9 - c, 9 - r) showed. */
          int column = flip ? 9 - cells[i].column : cells[i].column;
          int row = flip ? 9 - cells[i].row : cells[i].row;
          int expected = cells[i].number == 0 ? -1 : n10 (cells[i].number);
          double x, y;

          g_assert_cmpint (dr_board_view_square_at (f->view, cx (column), cx (row)), ==, expected);
          /* Anywhere inside the cell. */
          g_assert_cmpint (dr_board_view_square_at (f->view, column * CELL + 0.5, row * CELL + CELL - 0.5),
                           ==, expected);
          if (expected < 0)
            continue;
          g_assert_true (dr_board_view_square_center (f->view, expected, &x, &y));
          g_assert_cmpfloat_with_epsilon (x, cx (column), 0.01);
          g_assert_cmpfloat_with_epsilon (y, cx (row), 0.01);
        }
      /* Outside the board. */
      g_assert_cmpint (dr_board_view_square_at (f->view, -1, 100), ==, -1);
      g_assert_cmpint (dr_board_view_square_at (f->view, 100, SIZE + 1), ==, -1);
    }
}

/* With the coordinates on, the board shrinks to make room for them and
 * hit testing follows it: every square's centre maps back to the square. */
static void
test_square_at_with_coordinates (Fixture       *f,
                                 gconstpointer  data)
{
  if (skip_without_display ())
    return;
  dr_board_view_set_show_coordinates (f->view, TRUE);
  for (int flip = 0; flip < 2; flip++)
    {
      double first_x = -1, first_y = -1;

      dr_board_state_set_flipped (f->state, flip);
      for (int n = 1; n <= 50; n++)
        {
          double x, y;

          g_assert_true (dr_board_view_square_center (f->view, n10 (n), &x, &y));
          g_assert_cmpint (dr_board_view_square_at (f->view, x, y), ==, n10 (n));
          if (n == 1)
            first_x = x, first_y = y;
        }
      /* Square 1 is no longer in the top-left-but-one cell of 48. */
      g_assert_true (first_x != cx (flip ? 8 : 1) || first_y != cx (flip ? 9 : 0));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  if (!have_display)
    g_test_message ("no display: the board view tests are skipped");

  g_test_add ("/app/board-view/render/colors", Fixture, NULL, fixture_setup, test_colors, fixture_teardown);
  g_test_add ("/app/board-view/render/flipped", Fixture, NULL, fixture_setup, test_flipped, fixture_teardown);
  g_test_add ("/app/board-view/render/kings", Fixture, NULL, fixture_setup, test_kings, fixture_teardown);
  g_test_add ("/app/board-view/render/marks", Fixture, NULL, fixture_setup, test_marks, fixture_teardown);
  g_test_add ("/app/board-view/render/towers", Fixture, NULL, fixture_setup, test_towers, fixture_teardown);
  g_test_add ("/app/board-view/render/lasca", Fixture, NULL, fixture_setup, test_lasca_board,
              fixture_teardown);
  g_test_add ("/app/board-view/square-at/plain", Fixture, NULL, fixture_setup, test_square_at,
              fixture_teardown);
  g_test_add ("/app/board-view/square-at/coordinates", Fixture, NULL, fixture_setup,
              test_square_at_with_coordinates, fixture_teardown);

  return g_test_run ();
}
