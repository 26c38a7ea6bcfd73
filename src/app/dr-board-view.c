/* dr-board-view.c — the board, drawn and clicked
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws a DrBoardState: squares and highlights with gtk_snapshot_append_color,
 * pieces as textures from DrPieceTheme (rendered once per size, in device
 * pixels), labels as Pango layouts, the engine's arrow with cairo.  Input
 * goes to the state: a press and release on one square is a click, a press
 * moved further than a few pixels is a drag; the right button is the
 * secondary click of setup mode.  A played move slides when animation is
 * on.
 */

#define G_LOG_DOMAIN "dr-board-view"

#include "config.h"

#include "dr-board-view.h"

#include "dr-bitboard.h"
#include "dr-notation.h"
#include "dr-piece-theme.h"
#include "dr-stack.h"

#include <math.h>
#include <string.h>

#define ANIMATION_US (180 * 1000)

struct _DrBoardView
{
  GtkWidget     parent_instance;
  DrBoardState *state;
  gulong        changed_handler;
  DrPieceTheme *pieces;
  DrBoardTheme  theme;
  gboolean      show_coordinates;
  gboolean      numbers_in_squares;
  DrNotation    notation;
  gboolean      animate;
  DrBitboard    preview;   /* the pieces a route being chosen takes */

  /* A drag in progress. */
  int           press_square;
  double        press_x, press_y;
  double        drag_x, drag_y;
  gboolean      dragging;

  /* Marks drawn by the user (DrMark), and one being drawn with the
   * secondary button: from @mark_from to the square under the pointer. */
  GArray       *marks;
  int           mark_from;
  double        mark_x, mark_y;
  guint8        mark_color;

  /* A move sliding into place. */
  guint         tick_id;
  gint64        anim_start;
  int           anim_from, anim_to;
  DrMove        anim_last;
};

G_DEFINE_FINAL_TYPE (DrBoardView, dr_board_view, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_MARK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The colours of marks (DrMarkColor), as chess and draughts study boards
 * draw them. */
static const double mark_rgb[][3] = {
  [DR_MARK_GREEN] = { 0.08, 0.47, 0.11 },
  [DR_MARK_RED] = { 0.75, 0.11, 0.16 },
  [DR_MARK_BLUE] = { 0.00, 0.30, 0.70 },
  [DR_MARK_YELLOW] = { 0.90, 0.56, 0.00 },
};

static const struct { const char *light; const char *dark; } theme_colors[] = {
  [DR_BOARD_THEME_WOOD] = { "#f0d9b5", "#b58863" },
  [DR_BOARD_THEME_GREEN] = { "#eeeed2", "#769656" },
  [DR_BOARD_THEME_BLUE] = { "#dee3e6", "#8ca2ad" },
  [DR_BOARD_THEME_GRAY] = { "#e0e0e0", "#9a9a9a" },
};

GdkRGBA
dr_board_view_square_color (DrBoardView *self,
                            gboolean     dark)
{
  GdkRGBA color;

  gdk_rgba_parse (&color, dark ? theme_colors[self->theme].dark : theme_colors[self->theme].light);
  return color;
}

/* Where the board lies in the widget: its origin and cell size. */
static void
board_rect (DrBoardView *self,
            double      *ox,
            double      *oy,
            double      *cell)
{
  const DrGeometry *g = dr_board_state_get_rules (self->state)->geometry;
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double total = MIN (w, h);
  double cells = g->width + (self->show_coordinates ? 1.0 : 0.0);

  *cell = floor (total / cells);
  *ox = floor ((w - *cell * g->width) / 2);
  *oy = floor ((h - *cell * g->height) / 2);
}

int
dr_board_view_square_at (DrBoardView *self,
                         double       x,
                         double       y)
{
  const DrGeometry *g;
  double ox, oy, cell;

  g_return_val_if_fail (DR_IS_BOARD_VIEW (self), -1);

  g = dr_board_state_get_rules (self->state)->geometry;
  board_rect (self, &ox, &oy, &cell);
  return dr_board_layout_square_at (g, dr_board_state_get_flipped (self->state),
                                    cell * g->width, x - ox, y - oy);
}

gboolean
dr_board_view_square_center (DrBoardView *self,
                             int          square,
                             double      *x,
                             double      *y)
{
  const DrGeometry *g = dr_board_state_get_rules (self->state)->geometry;
  double ox, oy, cell;
  int column, row;

  board_rect (self, &ox, &oy, &cell);
  dr_board_layout_cell (g, dr_board_state_get_flipped (self->state), square, &column, &row);
  if (column < 0)
    return FALSE;
  *x = ox + (column + 0.5) * cell;
  *y = oy + (row + 0.5) * cell;
  return TRUE;
}

static void
cell_rect (DrBoardView     *self,
           int              square,
           graphene_rect_t *rect)
{
  const DrGeometry *g = dr_board_state_get_rules (self->state)->geometry;
  double ox, oy, cell;
  int column, row;

  board_rect (self, &ox, &oy, &cell);
  dr_board_layout_cell (g, dr_board_state_get_flipped (self->state), square, &column, &row);
  graphene_rect_init (rect, (float) (ox + column * cell), (float) (oy + row * cell), (float) cell, (float) cell);
}

static void
append_overlay (GtkSnapshot *snapshot,
                const graphene_rect_t *rect,
                const char  *color_text)
{
  GdkRGBA color;

  gdk_rgba_parse (&color, color_text);
  gtk_snapshot_append_color (snapshot, &color, rect);
}

static void
append_piece (DrBoardView           *self,
              GtkSnapshot           *snapshot,
              DrPiece                piece,
              const graphene_rect_t *rect)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  GdkTexture *texture;

  if (self->pieces == NULL || piece == DR_PIECE_NONE)
    return;
  texture = dr_piece_theme_get_texture (self->pieces, piece, (int) ceil (rect->size.width * scale));
  gtk_snapshot_append_texture (snapshot, texture, rect);
}

static void
append_label (DrBoardView *self,
              GtkSnapshot *snapshot,
              const char  *text,
              double       cx,
              double       cy,
              double       cell,
              double       fraction,
              const char  *color_text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  PangoFontDescription *font = pango_font_description_new ();
  PangoRectangle ink, logical;
  GdkRGBA color;

  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_absolute_size (font, MAX (6.0, cell * fraction) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  gdk_rgba_parse (&color, color_text);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((float) (cx - logical.width / 2.0),
                                                         (float) (cy - logical.height / 2.0)));
  gtk_snapshot_append_layout (snapshot, layout, &color);
  gtk_snapshot_restore (snapshot);
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* The style's text colour (light in a dark style), for what is drawn
 * around the board. */
static GdkRGBA
text_color (DrBoardView *self)
{
  GdkRGBA color;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &color);
  return color;
}

static gboolean
dark_style (DrBoardView *self)
{
  GdkRGBA fg = text_color (self);

  return 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5;
}

static void
append_coordinates (DrBoardView *self,
                    GtkSnapshot *snapshot)
{
  const DrRules *rules = dr_board_state_get_rules (self->state);
  const DrGeometry *g = rules->geometry;
  gboolean flipped = dr_board_state_get_flipped (self->state);
  double ox, oy, cell;
  const char *ink = dark_style (self) ? "#c0bfbc" : "#5e5c64";

  board_rect (self, &ox, &oy, &cell);
  if (self->notation == DR_NOTATION_ALGEBRAIC)
    {
      for (int c = 0; c < g->width; c++)
        {
          int x = flipped ? g->width - 1 - c : c;
          char text[2] = { (char) ('a' + x), '\0' };
          append_label (self, snapshot, text, ox + (c + 0.5) * cell, oy + g->height * cell + cell * 0.25,
                        cell, 0.3, ink);
        }
      for (int r = 0; r < g->height; r++)
        {
          int y = flipped ? r : g->height - 1 - r;
          g_autofree char *text = g_strdup_printf ("%d", y + 1);
          append_label (self, snapshot, text, ox - cell * 0.25, oy + (r + 0.5) * cell, cell, 0.3, ink);
        }
      return;
    }
  /* Numeric boards: the first and last square number of each rank, at its
   * ends. */
  for (int r = 0; r < g->height; r++)
    {
      int lo = 0, hi = 0;

      for (int c = 0; c < g->width; c++)
        {
          int x = flipped ? g->width - 1 - c : c;
          int y = flipped ? r : g->height - 1 - r;
          int bit = dr_geometry_bit_at_xy (g, x, y);
          int n = bit >= 0 ? dr_geometry_number (g, bit) : 0;

          if (n > 0)
            {
              if (lo == 0)
                lo = n;
              hi = n;
            }
        }
      if (lo > 0)
        {
          g_autofree char *a = g_strdup_printf ("%d", lo);
          g_autofree char *b = g_strdup_printf ("%d", hi);
          append_label (self, snapshot, a, ox - cell * 0.25, oy + (r + 0.5) * cell, cell, 0.26, ink);
          append_label (self, snapshot, b, ox + g->width * cell + cell * 0.25, oy + (r + 0.5) * cell,
                        cell, 0.26, ink);
        }
    }
}

/* An arrow from the centre of @from to that of @to (or to the point
 * @x2, @y2 when @to is -1). */
static void
draw_arrow (DrBoardView *self,
            cairo_t     *cr,
            int          from,
            int          to,
            double       x2,
            double       y2,
            double       width)
{
  double x1, y1, ox, oy, cell, angle;

  if (!dr_board_view_square_center (self, from, &x1, &y1)
      || (to >= 0 && !dr_board_view_square_center (self, to, &x2, &y2)))
    return;
  board_rect (self, &ox, &oy, &cell);
  angle = atan2 (y2 - y1, x2 - x1);
  cairo_set_line_width (cr, cell * width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2 - cos (angle) * cell * 0.3, y2 - sin (angle) * cell * 0.3);
  cairo_stroke (cr);
  cairo_move_to (cr, x2, y2);
  cairo_line_to (cr, x2 - cos (angle - 0.5) * cell * 0.45, y2 - sin (angle - 0.5) * cell * 0.45);
  cairo_line_to (cr, x2 - cos (angle + 0.5) * cell * 0.45, y2 - sin (angle + 0.5) * cell * 0.45);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* A ring inside @square. */
static void
draw_ring (DrBoardView *self,
           cairo_t     *cr,
           int          square)
{
  double x, y, ox, oy, cell;

  if (!dr_board_view_square_center (self, square, &x, &y))
    return;
  board_rect (self, &ox, &oy, &cell);
  cairo_set_line_width (cr, cell * 0.08);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, cell * 0.44, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static void
set_mark_source (cairo_t *cr,
                 guint    color,
                 double   alpha)
{
  const double *rgb = mark_rgb[color % G_N_ELEMENTS (mark_rgb)];

  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
}

/* The user's marks, the one being drawn, and the engine's best move. */
static void
append_marks (DrBoardView *self,
              GtkSnapshot *snapshot)
{
  int from, to;
  cairo_t *cr;
  graphene_rect_t bounds;

  graphene_rect_init (&bounds, 0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                      gtk_widget_get_height (GTK_WIDGET (self)));
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  for (guint i = 0; i < self->marks->len; i++)
    {
      const DrMark *m = &g_array_index (self->marks, DrMark, i);

      set_mark_source (cr, m->color, 0.8);
      if (m->from == m->to)
        draw_ring (self, cr, m->from);
      else
        draw_arrow (self, cr, m->from, m->to, 0, 0, 0.14);
    }
  if (self->mark_from >= 0)
    {
      int over = dr_board_view_square_at (self, self->mark_x, self->mark_y);

      set_mark_source (cr, self->mark_color, 0.5);
      if (over == self->mark_from || over < 0)
        draw_ring (self, cr, self->mark_from);
      else
        draw_arrow (self, cr, self->mark_from, over, 0, 0, 0.14);
    }
  dr_board_state_get_arrow (self->state, &from, &to);
  if (from >= 0 && to >= 0)
    {
      cairo_set_source_rgba (cr, 0.15, 0.45, 0.85, 0.75);
      draw_arrow (self, cr, from, to, 0, 0, 0.16);
    }
  cairo_destroy (cr);
}

/* The piece on @bit in @rect, or the tower there (pillar and Lasker
 * draughts), seen a little from the side: its pieces flattened to discs in
 * perspective, from the bottom up, each a rim higher than the one below, so
 * that the colours show in order and the top piece, which commands, shows
 * its face (and crown); its height in the square's corner. */
static void
append_tower (DrBoardView           *self,
              GtkSnapshot           *snapshot,
              const DrGeometry      *g,
              const DrPosition      *pos,
              int                    bit,
              double                 cell,
              const graphene_rect_t *rect)
{
  DrPiece tower[DR_STACK_MAX + 1];
  int n = pos->under_run != 0 ? dr_stack_get (pos, bit, tower) : 0;
  g_autofree char *height = NULL;
  const float flat = 0.62f;
  float d, step, total;

  if (n <= 1)
    {
      append_piece (self, snapshot, dr_position_get (pos, bit), rect);
      return;
    }
  d = rect->size.width;
  step = MIN (d * 0.17f, (rect->size.height - d * flat) / (float) (n - 1));
  total = d * flat + step * (float) (n - 1);
  for (int i = n - 1; i >= 0; i--)
    {
      float y = rect->origin.y + (rect->size.height + total) / 2 - d * flat - step * (float) (n - 1 - i);

      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (rect->origin.x, y));
      gtk_snapshot_scale (snapshot, 1.0f, flat);
      append_piece (self, snapshot, tower[i], &GRAPHENE_RECT_INIT (0, 0, d, d));
      gtk_snapshot_restore (snapshot);
    }
  height = g_strdup_printf ("%d", n);
  append_label (self, snapshot, height, rect->origin.x + rect->size.width * 0.95,
                rect->origin.y + rect->size.height * 0.02, cell, 0.2,
                g->dense ? "rgba(60,40,20,0.95)" : "rgba(255,255,255,0.95)");
}

static void
dr_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  DrBoardView *self = DR_BOARD_VIEW (widget);
  const DrRules *rules = dr_board_state_get_rules (self->state);
  const DrGeometry *g = rules->geometry;
  const DrPosition *pos = dr_board_state_get_position (self->state);
  const DrMove *last = dr_board_state_get_last_move (self->state);
  DrWideBoard targets = dr_board_state_get_targets (self->state);
  DrWideBoard route = dr_board_state_get_route (self->state);
  DrWideBoard must_capture = dr_board_state_get_must_capture (self->state);
  int selected = dr_board_state_get_selected (self->state);
  gboolean flipped = dr_board_state_get_flipped (self->state);
  double ox, oy, cell, progress = 1.0;
  GdkRGBA light = dr_board_view_square_color (self, FALSE);
  GdkRGBA dark = dr_board_view_square_color (self, TRUE);
  GdkRGBA frame;

  board_rect (self, &ox, &oy, &cell);
  if (cell < 1)
    return;
  if (self->tick_id != 0)
    progress = MIN (1.0, (double) (g_get_monotonic_time () - self->anim_start) / ANIMATION_US);

  gdk_rgba_parse (&frame, "#4a3426");
  if (self->show_coordinates)
    {
      /* The margin of the numbers: cream, or a dark brown in a dark style. */
      GdkRGBA border = dark_style (self) ? (GdkRGBA) { 0.19, 0.17, 0.15, 1.0 } : (GdkRGBA) { 0.96, 0.94, 0.90, 1.0 };
      gtk_snapshot_append_color (snapshot, &border,
                                 &GRAPHENE_RECT_INIT ((float) (ox - cell / 2), (float) (oy - cell / 2),
                                                      (float) (cell * (g->width + 1)),
                                                      (float) (cell * (g->height + 1))));
    }
  gtk_snapshot_append_color (snapshot, &frame,
                             &GRAPHENE_RECT_INIT ((float) ox - 2, (float) oy - 2,
                                                  (float) (cell * g->width + 4), (float) (cell * g->height + 4)));

  /* Squares, then highlights, then pieces. */
  for (int row = 0; row < g->height; row++)
    for (int column = 0; column < g->width; column++)
      {
        int x = flipped ? g->width - 1 - column : column;
        int y = flipped ? row : g->height - 1 - row;
        int bit = dr_geometry_bit_at_xy (g, x, y);
        graphene_rect_t r = GRAPHENE_RECT_INIT ((float) (ox + column * cell), (float) (oy + row * cell),
                                                (float) cell, (float) cell);

        /* Lasca plays on the light squares (001: "on white fields"). */
        gtk_snapshot_append_color (snapshot,
                                   (bit >= 0 && !g->all_squares) != g->dense ? &dark : &light, &r);
        if (g->all_squares && ((x + y) & 1) == 0)
          gtk_snapshot_append_color (snapshot, &dark, &r);
        if (bit < 0)
          continue;
        if (last != NULL && (bit == last->from || bit == last->to))
          append_overlay (snapshot, &r, "rgba(246,211,45,0.45)");
        if (bit == selected)
          append_overlay (snapshot, &r, "rgba(46,194,126,0.65)");
        else if (dr_wide_has (route, bit))
          append_overlay (snapshot, &r, "rgba(53,132,228,0.55)");
        else if (dr_wide_has (targets, bit))
          append_overlay (snapshot, &r, "rgba(46,194,126,0.35)");
        else if (dr_wide_has (must_capture, bit))
          append_overlay (snapshot, &r, "rgba(230,97,0,0.6)");
        if (dr_bb_has (self->preview, bit))
          append_overlay (snapshot, &r, "rgba(224,27,36,0.7)");
      }
  /* Bits 0-63, and on Canadian's board 64-71 too (dr-geometry.h). */
  for (int bit = 0; bit < (g->wide ? g->n_squares : 64); bit++)
    {
      DrPiece piece = dr_position_get (pos, bit);
      graphene_rect_t r;

      if (!g->wide && !dr_bb_has (g->squares, bit))
        continue;
      cell_rect (self, bit, &r);
      if (self->numbers_in_squares && !g->all_squares)
        {
          g_autofree char *n = g_strdup_printf ("%d", dr_geometry_number (g, bit));
          append_label (self, snapshot, n, r.origin.x + cell * 0.2, r.origin.y + cell * 0.16, cell, 0.18,
                        "rgba(255,255,255,0.8)");
        }
      if (piece == DR_PIECE_NONE)
        continue;
      if (self->dragging && bit == self->press_square)
        continue;
      if (self->tick_id != 0 && bit == self->anim_to)
        {
          graphene_rect_t a;
          cell_rect (self, self->anim_from, &a);
          r.origin.x = (float) (a.origin.x + (r.origin.x - a.origin.x) * progress);
          r.origin.y = (float) (a.origin.y + (r.origin.y - a.origin.y) * progress);
        }
      /* Pieces fill 86% of the square. */
      graphene_rect_inset (&r, (float) (cell * 0.07), (float) (cell * 0.07));
      append_tower (self, snapshot, g, pos, bit, cell, &r);
    }
  if (self->dragging && self->press_square >= 0)
    {
      DrPiece piece = dr_position_get (pos, self->press_square);
      graphene_rect_t r = GRAPHENE_RECT_INIT ((float) (self->drag_x - cell * 0.45),
                                              (float) (self->drag_y - cell * 0.45),
                                              (float) (cell * 0.9), (float) (cell * 0.9));
      append_piece (self, snapshot, piece, &r);
    }
  if (self->show_coordinates)
    append_coordinates (self, snapshot);
  append_marks (self, snapshot);
}

static void
dr_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  *minimum = 240;
  *natural = 560;
}

/* The board's children are the popovers the window hangs on it (the move
 * entry, the route menu).  GTK gives a popover its size and place only
 * when its parent presents it from size_allocate (gtk_popover_present());
 * without this, a popover whose contents grew (the move entry's message
 * shown above its routes) kept its first size, the routes fell outside
 * it and a click on one closed the entry instead of playing it. */
static void
dr_board_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      gtk_popover_present (GTK_POPOVER (child));
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  DrBoardView *self = DR_BOARD_VIEW (widget);

  gtk_widget_queue_draw (widget);
  if (g_get_monotonic_time () - self->anim_start >= ANIMATION_US)
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
state_changed_cb (DrBoardView  *self,
                  DrBoardState *state)
{
  const DrMove *last = dr_board_state_get_last_move (state);

  /* A new last move slides in, unless it was dragged there. */
  if (self->animate && last != NULL && !self->dragging
      && gtk_widget_get_mapped (GTK_WIDGET (self))
      && memcmp (last, &self->anim_last, sizeof *last) != 0)
    {
      self->anim_last = *last;
      self->anim_from = last->from;
      self->anim_to = last->to;
      self->anim_start = g_get_monotonic_time ();
      if (self->tick_id == 0)
        self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
    }
  else if (last != NULL)
    self->anim_last = *last;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_begin_cb (GtkGestureDrag *gesture,
               double          x,
               double          y,
               DrBoardView    *self)
{
  self->press_square = dr_board_view_square_at (self, x, y);
  self->press_x = x;
  self->press_y = y;
  self->dragging = FALSE;
}

static void
drag_update_cb (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                DrBoardView    *self)
{
  const DrPosition *pos = dr_board_state_get_position (self->state);

  if (!self->dragging && hypot (dx, dy) > 6 && self->press_square >= 0
      && dr_position_get (pos, self->press_square) != DR_PIECE_NONE)
    self->dragging = TRUE;
  if (self->dragging)
    {
      self->drag_x = self->press_x + dx;
      self->drag_y = self->press_y + dy;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
drag_end_cb (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             DrBoardView    *self)
{
  if (self->dragging)
    {
      int to = dr_board_view_square_at (self, self->press_x + dx, self->press_y + dy);

      dr_board_state_drop (self->state, self->press_square, to);
      self->dragging = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else if (dr_board_state_get_setup_mode (self->state)
           && (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)) & GDK_SHIFT_MASK))
    /* Setup, the tower games: Shift puts the piece under the tower. */
    dr_board_state_beneath_click (self->state, self->press_square);
  else
    dr_board_state_click (self->state, self->press_square);
}

/* The colour of a mark drawn with @state held: green, Shift red, Ctrl
 * blue, Alt or Ctrl+Shift yellow. */
static guint8
mark_color_for (GdkModifierType state)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;
  gboolean ctrl = (state & GDK_CONTROL_MASK) != 0;

  if ((state & GDK_ALT_MASK) != 0 || (shift && ctrl))
    return DR_MARK_YELLOW;
  if (shift)
    return DR_MARK_RED;
  if (ctrl)
    return DR_MARK_BLUE;
  return DR_MARK_GREEN;
}

static void
secondary_begin_cb (GtkGestureDrag *gesture,
                    double          x,
                    double          y,
                    DrBoardView    *self)
{
  DrBoardState *state = self->state;
  int square = dr_board_view_square_at (self, x, y);

  /* In setup, the secondary button places the other colour at once; in
   * play it first drops a selection.  Otherwise it draws a mark. */
  if (dr_board_state_get_setup_mode (state) || dr_board_state_get_selected (state) >= 0
      || dr_board_state_get_route (state) != 0)
    {
      dr_board_state_secondary_click (state, square);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  if (square < 0)
    return;
  self->mark_from = square;
  self->mark_x = x;
  self->mark_y = y;
  self->mark_color = mark_color_for (gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
secondary_update_cb (GtkGestureDrag *gesture,
                     double          dx,
                     double          dy,
                     DrBoardView    *self)
{
  double x, y;

  if (self->mark_from < 0)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  self->mark_x = x + dx;
  self->mark_y = y + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
secondary_end_cb (GtkGestureDrag *gesture,
                  double          dx,
                  double          dy,
                  DrBoardView    *self)
{
  int from = self->mark_from;
  double x, y;
  int to;

  if (from < 0)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  to = dr_board_view_square_at (self, x + dx, y + dy);
  self->mark_from = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* Let go outside the board: nothing. */
  if (to >= 0)
    g_signal_emit (self, signals[SIGNAL_MARK], 0, from, to, (guint) self->mark_color);
}

static void
secondary_cancel_cb (GtkGesture       *gesture,
                     GdkEventSequence *sequence,
                     DrBoardView      *self)
{
  self->mark_from = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
dr_board_view_dispose (GObject *object)
{
  DrBoardView *self = DR_BOARD_VIEW (object);

  if (self->state != NULL)
    g_clear_signal_handler (&self->changed_handler, self->state);
  g_clear_object (&self->state);
  g_clear_object (&self->pieces);
  g_clear_pointer (&self->marks, g_array_unref);
  G_OBJECT_CLASS (dr_board_view_parent_class)->dispose (object);
}

/* A dark style or back: the margin and the numbers change colour. */
static void
dr_board_view_css_changed (GtkWidget         *widget,
                           GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (dr_board_view_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
dr_board_view_class_init (DrBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_board_view_dispose;
  widget_class->snapshot = dr_board_view_snapshot;
  widget_class->measure = dr_board_view_measure;
  widget_class->size_allocate = dr_board_view_size_allocate;
  widget_class->css_changed = dr_board_view_css_changed;
  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  /**
   * DrBoardView::mark:
   * @from: the square the secondary button was pressed on
   * @to: the square it was let go on (@from: a square mark)
   * @color: the DrMarkColor the modifiers held chose
   *
   * The user drew a mark with the secondary button: an arrow, or a
   * square when pressed and let go on the same one.  Whoever holds the
   * marks toggles it and gives them back with dr_board_view_set_marks().
   */
  signals[SIGNAL_MARK] = g_signal_new ("mark", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 3, G_TYPE_INT, G_TYPE_INT, G_TYPE_UINT);
}

static void
dr_board_view_init (DrBoardView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *secondary = gtk_gesture_drag_new ();

  self->show_coordinates = TRUE;
  self->notation = DR_NOTATION_NUMERIC;
  self->animate = TRUE;
  self->press_square = -1;
  self->mark_from = -1;
  self->marks = g_array_new (FALSE, FALSE, sizeof (DrMark));
  self->anim_from = self->anim_to = -1;
  dr_board_view_set_state (self, NULL);
  dr_board_view_set_piece_theme (self, "classic");

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "drag-begin", G_CALLBACK (secondary_begin_cb), self);
  g_signal_connect (secondary, "drag-update", G_CALLBACK (secondary_update_cb), self);
  g_signal_connect (secondary, "drag-end", G_CALLBACK (secondary_end_cb), self);
  g_signal_connect (secondary, "cancel", G_CALLBACK (secondary_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
}

GtkWidget *
dr_board_view_new (void)
{
  return g_object_new (DR_TYPE_BOARD_VIEW, NULL);
}

void
dr_board_view_set_state (DrBoardView  *self,
                         DrBoardState *state)
{
  g_return_if_fail (DR_IS_BOARD_VIEW (self));

  if (self->state != NULL)
    g_clear_signal_handler (&self->changed_handler, self->state);
  g_clear_object (&self->state);
  self->state = state != NULL ? g_object_ref (state) : dr_board_state_new ();
  self->changed_handler = g_signal_connect_swapped (self->state, "changed",
                                                    G_CALLBACK (state_changed_cb), self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

DrBoardState *
dr_board_view_get_state (DrBoardView *self)
{
  g_return_val_if_fail (DR_IS_BOARD_VIEW (self), NULL);
  return self->state;
}

void
dr_board_view_set_piece_theme (DrBoardView *self,
                               const char  *name)
{
  g_autoptr (GError) error = NULL;
  DrPieceTheme *pieces;

  g_return_if_fail (DR_IS_BOARD_VIEW (self));

  if (self->pieces != NULL && g_strcmp0 (dr_piece_theme_get_name (self->pieces), name) == 0)
    return;
  pieces = dr_piece_theme_new (name, &error);
  if (pieces == NULL)
    {
      g_warning ("Piece set “%s”: %s", name, error->message);
      return;
    }
  g_clear_object (&self->pieces);
  self->pieces = pieces;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dr_board_view_set_board_theme (DrBoardView  *self,
                               DrBoardTheme  theme)
{
  g_return_if_fail (DR_IS_BOARD_VIEW (self));
  if ((guint) theme >= G_N_ELEMENTS (theme_colors))
    theme = DR_BOARD_THEME_WOOD;
  self->theme = theme;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dr_board_view_set_show_coordinates (DrBoardView *self,
                                    gboolean     show)
{
  g_return_if_fail (DR_IS_BOARD_VIEW (self));
  self->show_coordinates = !!show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dr_board_view_set_numbers_in_squares (DrBoardView *self,
                                      gboolean     show)
{
  g_return_if_fail (DR_IS_BOARD_VIEW (self));
  self->numbers_in_squares = !!show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dr_board_view_set_notation (DrBoardView *self,
                            DrNotation   notation)
{
  g_return_if_fail (DR_IS_BOARD_VIEW (self));
  self->notation = notation;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
dr_board_view_set_animate (DrBoardView *self,
                           gboolean     animate)
{
  g_return_if_fail (DR_IS_BOARD_VIEW (self));
  self->animate = !!animate;
}

void
dr_board_view_set_preview (DrBoardView *self,
                           DrBitboard   squares)
{
  g_return_if_fail (DR_IS_BOARD_VIEW (self));
  if (self->preview == squares)
    return;
  self->preview = squares;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

DrBitboard
dr_board_view_get_preview (DrBoardView *self)
{
  g_return_val_if_fail (DR_IS_BOARD_VIEW (self), 0);
  return self->preview;
}

void
dr_board_view_set_marks (DrBoardView  *self,
                         const GArray *marks)
{
  g_return_if_fail (DR_IS_BOARD_VIEW (self));

  g_array_set_size (self->marks, 0);
  if (marks != NULL && marks->len > 0)
    g_array_append_vals (self->marks, marks->data, marks->len);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const GArray *
dr_board_view_get_marks (DrBoardView *self)
{
  g_return_val_if_fail (DR_IS_BOARD_VIEW (self), NULL);
  return self->marks;
}
