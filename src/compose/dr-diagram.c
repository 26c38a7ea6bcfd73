/* dr-diagram.c — positions drawn for publication: PNG, SVG and PDF diagrams
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything is drawn in the units of the surface (pixels for PNG, points
 * for SVG and PDF) from one size, the board's width with its labels: the
 * cell, the pieces, the labels and the caption's text all scale with it,
 * so a diagram looks the same at any size and on every surface.  Text is
 * laid out with hinting off, so a caption measured on one surface takes
 * the same room on another.
 */

#define G_LOG_DOMAIN "dr-diagram"

#include "config.h"

#include "dr-diagram.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-stack.h"

#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <string.h>

G_DEFINE_QUARK (dr-diagram-error-quark, dr_diagram_error)

/* A4 in points, and the page's margins. */
#define PAGE_WIDTH   595.276
#define PAGE_HEIGHT  841.890
#define PAGE_MARGIN  42.0
#define PAGE_FOOTER  18.0

typedef struct
{
  double light[3];
  double dark[3];
  double frame[3];
  double label[3];
  double number[3];         /* square numbers, on dark squares */
  double white_fill[3];
  double white_line[3];
  double black_fill[3];
  double black_line[3];
  double white_crown[3];
  double black_crown[3];
  double white_ring[3];
  double black_ring[3];
} Palette;

static const Palette colour_palette = {
  .light = { 0.941, 0.875, 0.745 },
  .dark = { 0.545, 0.373, 0.239 },
  .frame = { 0.290, 0.204, 0.149 },
  .label = { 0.290, 0.204, 0.149 },
  .number = { 0.965, 0.925, 0.855 },
  .white_fill = { 0.976, 0.957, 0.898 },
  .white_line = { 0.353, 0.302, 0.251 },
  .black_fill = { 0.165, 0.133, 0.122 },
  .black_line = { 0.0, 0.0, 0.0 },
  .white_crown = { 0.831, 0.627, 0.090 },
  .black_crown = { 0.894, 0.706, 0.180 },
  .white_ring = { 0.757, 0.706, 0.620 },
  .black_ring = { 0.400, 0.345, 0.310 },
};

static const Palette bw_palette = {
  .light = { 1.0, 1.0, 1.0 },
  .dark = { 0.620, 0.620, 0.620 },
  .frame = { 0.0, 0.0, 0.0 },
  .label = { 0.0, 0.0, 0.0 },
  .number = { 0.0, 0.0, 0.0 },
  .white_fill = { 1.0, 1.0, 1.0 },
  .white_line = { 0.0, 0.0, 0.0 },
  .black_fill = { 0.0, 0.0, 0.0 },
  .black_line = { 0.0, 0.0, 0.0 },
  .white_crown = { 0.0, 0.0, 0.0 },
  .black_crown = { 1.0, 1.0, 1.0 },
  .white_ring = { 0.0, 0.0, 0.0 },
  .black_ring = { 1.0, 1.0, 1.0 },
};

/* Where things go: all from the options' size. */
typedef struct
{
  double cell;
  double frame;        /* the frame's line width */
  double board_x;      /* the top left corner of the squares */
  double board_y;
  double board_bottom; /* below the board and its labels */
  double width;
} Layout;

void
dr_diagram_options_init (DrDiagramOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->size = 320;
  options->style = DR_DIAGRAM_STYLE_COLOUR;
  options->labels = DR_DIAGRAM_LABELS_NONE;
}

gboolean
dr_diagram_format_from_name (const char      *name,
                             DrDiagramFormat *format)
{
  if (name == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (name, "png") == 0)
    *format = DR_DIAGRAM_PNG;
  else if (g_ascii_strcasecmp (name, "svg") == 0)
    *format = DR_DIAGRAM_SVG;
  else if (g_ascii_strcasecmp (name, "pdf") == 0)
    *format = DR_DIAGRAM_PDF;
  else
    return FALSE;
  return TRUE;
}

gboolean
dr_diagram_format_from_path (const char      *path,
                             DrDiagramFormat *format)
{
  const char *dot;

  if (path == NULL)
    return FALSE;
  dot = strrchr (path, '.');
  if (dot == NULL || strchr (dot, G_DIR_SEPARATOR) != NULL)
    return FALSE;
  return dr_diagram_format_from_name (dot + 1, format);
}

const char *
dr_diagram_format_suffix (DrDiagramFormat format)
{
  switch (format)
    {
    case DR_DIAGRAM_SVG:
      return "svg";
    case DR_DIAGRAM_PDF:
      return "pdf";
    case DR_DIAGRAM_PNG:
    default:
      return "png";
    }
}

/* --- captions ---------------------------------------------------------- */

/* A tag's value, NULL when missing, empty or "?" (PDN's unknown). */
static const char *
tag (const DrGame *game,
     const char   *name)
{
  const char *value = dr_game_get_tag (game, name);

  if (value == NULL)
    return NULL;
  while (*value == ' ')
    value++;
  if (*value == '\0' || g_str_equal (value, "?") || g_str_equal (value, "-"))
    return NULL;
  /* PDN's unknown date: every field "??". */
  if (strspn (value, "?.") == strlen (value))
    return NULL;
  return value;
}

void
dr_diagram_caption_from_game (const DrGame     *game,
                              DrDiagramCaption *caption)
{
  const char *white, *black, *site, *date, *value;
  DrSide turn;

  g_return_if_fail (game != NULL);
  g_return_if_fail (caption != NULL);

  memset (caption, 0, sizeof *caption);
  caption->caption = g_strdup (tag (game, "Event"));

  white = tag (game, "White");
  black = tag (game, "Black");
  if ((value = tag (game, "Author")) != NULL)
    caption->author = g_strdup (value);
  else if (white != NULL && black != NULL)
    /* Translators: the players of a game under its diagram. */
    caption->author = g_strdup_printf (_("%s – %s"), white, black);
  else if (white != NULL || black != NULL)
    caption->author = g_strdup (white != NULL ? white : black);

  site = tag (game, "Site");
  date = tag (game, "Date");
  if ((value = tag (game, "Source")) != NULL)
    caption->source = g_strdup (value);
  else if (site != NULL && date != NULL)
    caption->source = g_strdup_printf ("%s, %s", site, date);
  else if (site != NULL || date != NULL)
    caption->source = g_strdup (site != NULL ? site : date);

  if ((value = tag (game, "Stipulation")) != NULL)
    {
      caption->stipulation = g_strdup (value);
      return;
    }
  if (!game->setup)
    return;
  turn = (DrSide) game->root->position.turn;
  switch (game->result)
    {
    case DR_RESULT_WHITE_WINS:
    case DR_RESULT_BLACK_WINS:
      if ((game->result == DR_RESULT_WHITE_WINS) == (turn == DR_SIDE_WHITE))
        caption->stipulation = g_strdup (turn == DR_SIDE_WHITE ? _("White to play and win")
                                                               : _("Black to play and win"));
      else
        caption->stipulation = g_strdup (turn == DR_SIDE_WHITE ? _("White to play, Black wins")
                                                               : _("Black to play, White wins"));
      break;
    case DR_RESULT_DRAW:
      caption->stipulation = g_strdup (turn == DR_SIDE_WHITE ? _("White to play and draw")
                                                             : _("Black to play and draw"));
      break;
    case DR_RESULT_UNKNOWN:
    case DR_RESULT_BOTH_LOSE:
    default:
      caption->stipulation = g_strdup (turn == DR_SIDE_WHITE ? _("White to play") : _("Black to play"));
      break;
    }
}

void
dr_diagram_caption_clear (DrDiagramCaption *caption)
{
  g_return_if_fail (caption != NULL);

  g_clear_pointer (&caption->caption, g_free);
  g_clear_pointer (&caption->author, g_free);
  g_clear_pointer (&caption->source, g_free);
  g_clear_pointer (&caption->stipulation, g_free);
}

/* --- layout ------------------------------------------------------------ */

static gboolean
labels_numbers (const DrRules          *rules,
                const DrDiagramOptions *options)
{
  return options->labels == DR_DIAGRAM_LABELS_NUMBERS && !rules->geometry->all_squares;
}

static void
layout_board (const DrRules          *rules,
              const DrDiagramOptions *options,
              double                  width,
              Layout                 *l)
{
  const DrGeometry *g = rules->geometry;
  gboolean coordinates = options->labels == DR_DIAGRAM_LABELS_COORDINATES;
  double margin = coordinates ? 0.6 : 0.0;

  l->width = width;
  /* width = margin * cell + frame + width * cell + frame, frame = cell / 30 */
  l->cell = width / (g->width + margin + 2.0 / 30.0);
  l->frame = l->cell / 30.0;
  l->board_x = margin * l->cell + l->frame;
  l->board_y = l->frame;
  l->board_bottom = l->board_y + g->height * l->cell + l->frame + margin * l->cell;
}

static gboolean
has_text (const char *s)
{
  return s != NULL && *s != '\0';
}

/* The caption as Pango markup, or NULL when there is none. */
static char *
caption_markup (const DrDiagramOptions *options)
{
  GString *m = g_string_new (NULL);
  const char *lines[] = { options->caption, options->author, options->source, options->stipulation };
  const char *open[] = { "<b>", "", "<i>", "" };
  const char *close[] = { "</b>", "", "</i>", "" };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *escaped = NULL;

      if (!has_text (lines[i]))
        continue;
      escaped = g_markup_escape_text (lines[i], -1);
      if (m->len > 0)
        g_string_append_c (m, '\n');
      g_string_append_printf (m, "%s%s%s", open[i], escaped, close[i]);
    }
  if (m->len == 0)
    {
      g_string_free (m, TRUE);
      return NULL;
    }
  return g_string_free (m, FALSE);
}

/* A layout for @cr with hinting off: it measures the same everywhere. */
static PangoLayout *
new_layout (cairo_t    *cr,
            double      font_size,
            const char *family)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoContext *context = pango_layout_get_context (layout);
  cairo_font_options_t *fo = cairo_font_options_create ();
  PangoFontDescription *font = pango_font_description_new ();

  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, fo);
  pango_layout_context_changed (layout);
  cairo_font_options_destroy (fo);
  pango_font_description_set_family (font, family != NULL ? family : "Sans");
  pango_font_description_set_absolute_size (font, MAX (1.0, font_size) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  return layout;
}

static PangoLayout *
caption_layout (cairo_t                *cr,
                const DrDiagramOptions *options,
                double                  width)
{
  g_autofree char *markup = caption_markup (options);
  PangoLayout *layout;

  if (markup == NULL)
    return NULL;
  layout = new_layout (cr, width * 0.045, NULL);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

static double
caption_gap (double width)
{
  return width * 0.03;
}

static void
get_size (cairo_t                *cr,
          const DrRules          *rules,
          const DrDiagramOptions *options,
          double                 *width,
          double                 *height)
{
  Layout l;
  PangoLayout *text;

  layout_board (rules, options, options->size, &l);
  *width = options->size;
  *height = l.board_bottom;
  text = caption_layout (cr, options, options->size);
  if (text != NULL)
    {
      PangoRectangle logical;

      pango_layout_get_extents (text, NULL, &logical);
      *height += caption_gap (options->size) + (double) logical.height / PANGO_SCALE;
      g_object_unref (text);
    }
}

void
dr_diagram_get_size (const DrRules          *rules,
                     const DrDiagramOptions *options,
                     double                 *width,
                     double                 *height)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_if_fail (rules != NULL);
  g_return_if_fail (options != NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  get_size (cr, rules, options, width, height);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The square at drawn @row, @column: its external x (file), y (rank). */
static void
cell_xy (const DrRules          *rules,
         const DrDiagramOptions *options,
         int                     row,
         int                     column,
         int                    *x,
         int                    *y)
{
  const DrGeometry *g = rules->geometry;

  *x = options->flipped ? g->width - 1 - column : column;
  *y = options->flipped ? row : g->height - 1 - row;
}

int
dr_diagram_cell (const DrRules          *rules,
                 const DrDiagramOptions *options,
                 int                     row,
                 int                     column,
                 double                 *x,
                 double                 *y,
                 double                 *cell)
{
  Layout l;
  int fx, fy;

  g_return_val_if_fail (rules != NULL, -1);
  g_return_val_if_fail (options != NULL, -1);

  layout_board (rules, options, options->size, &l);
  if (x != NULL)
    *x = l.board_x + column * l.cell;
  if (y != NULL)
    *y = l.board_y + row * l.cell;
  if (cell != NULL)
    *cell = l.cell;
  cell_xy (rules, options, row, column, &fx, &fy);
  return dr_geometry_bit_at_xy (rules->geometry, fx, fy);
}

char *
dr_diagram_cell_number (const DrRules          *rules,
                        const DrDiagramOptions *options,
                        int                     row,
                        int                     column)
{
  int bit;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (rules->geometry->all_squares)
    return NULL;
  bit = dr_diagram_cell (rules, options, row, column, NULL, NULL, NULL);
  if (bit < 0)
    return NULL;
  return g_strdup_printf ("%d", dr_geometry_number (rules->geometry, bit));
}

/* --- drawing ----------------------------------------------------------- */

static void
set_rgb (cairo_t      *cr,
         const double *rgb)
{
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
}

/* @text centred on (@cx, @cy). */
static void
draw_label (cairo_t      *cr,
            const char   *text,
            double        cx,
            double        cy,
            double        size,
            const double *rgb)
{
  PangoLayout *layout = new_layout (cr, size, NULL);
  PangoRectangle logical;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_extents (layout, NULL, &logical);
  set_rgb (cr, rgb);
  cairo_move_to (cr, cx - (double) logical.width / PANGO_SCALE / 2.0,
                 cy - (double) logical.height / PANGO_SCALE / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* A crown of width @w centred on (@cx, @cy). */
static void
crown_path (cairo_t *cr,
            double   cx,
            double   cy,
            double   w)
{
  cairo_new_path (cr);
  cairo_move_to (cr, cx - 0.50 * w, cy + 0.28 * w);
  cairo_line_to (cr, cx + 0.50 * w, cy + 0.28 * w);
  cairo_line_to (cr, cx + 0.56 * w, cy - 0.30 * w);
  cairo_line_to (cr, cx + 0.24 * w, cy - 0.02 * w);
  cairo_line_to (cr, cx, cy - 0.40 * w);
  cairo_line_to (cr, cx - 0.24 * w, cy - 0.02 * w);
  cairo_line_to (cr, cx - 0.56 * w, cy - 0.30 * w);
  cairo_close_path (cr);
}

static void
draw_piece (cairo_t       *cr,
            const Palette *p,
            DrPiece        piece,
            double         cx,
            double         cy,
            double         cell)
{
  gboolean white = piece == DR_PIECE_WHITE_MAN || piece == DR_PIECE_WHITE_KING;
  gboolean king = piece == DR_PIECE_WHITE_KING || piece == DR_PIECE_BLACK_KING;
  double r = cell * 0.40;

  /* The disc: one filled path of its own (the SVG test counts them). */
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  set_rgb (cr, white ? p->white_fill : p->black_fill);
  cairo_fill (cr);
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_set_line_width (cr, cell * 0.045);
  set_rgb (cr, white ? p->white_line : p->black_line);
  cairo_stroke (cr);
  /* The rim of a man; a king's double ring, with a crown inside. */
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r * 0.70, 0, 2 * G_PI);
  cairo_set_line_width (cr, cell * 0.025);
  set_rgb (cr, white ? p->white_ring : p->black_ring);
  cairo_stroke (cr);
  if (king)
    {
      crown_path (cr, cx, cy + r * 0.05, r * 0.95);
      set_rgb (cr, white ? p->white_crown : p->black_crown);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, cell * 0.02);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      set_rgb (cr, white ? p->white_line : p->black_line);
      cairo_stroke (cr);
    }
}

/* The piece on @bit, or the tower there (pillar and Lasker draughts) seen
 * a little from the side as on the board (dr-board-view.c): its pieces
 * flattened, from the bottom up, a rim apart, so that their colours show
 * in order, the top one last; its height beside it. */
static void
draw_tower (cairo_t          *cr,
            const Palette    *p,
            const DrGeometry *g,
            const DrPosition *pos,
            int               bit,
            double            cx,
            double            cy,
            double            cell)
{
  DrPiece tower[DR_STACK_MAX + 1];
  int n = pos->under_run != 0 ? dr_stack_get (pos, bit, tower) : 0;
  const double flat = 0.62;
  double d = cell * 0.80;       /* draw_piece's disc */
  double step, total;
  char text[8];

  if (n <= 1)
    {
      draw_piece (cr, p, dr_position_get (pos, bit), cx, cy, cell);
      return;
    }
  step = MIN (d * 0.17, (cell * 0.92 - d * flat) / (n - 1));
  total = d * flat + step * (n - 1);
  for (int i = n - 1; i >= 0; i--)
    {
      cairo_save (cr);
      cairo_translate (cr, cx, cy + total / 2 - d * flat / 2 - step * (n - 1 - i));
      cairo_scale (cr, 1.0, flat);
      draw_piece (cr, p, tower[i], 0, 0, cell);
      cairo_restore (cr);
    }
  g_snprintf (text, sizeof text, "%d", n);
  draw_label (cr, text, cx + cell * 0.40, cy - cell * 0.38, cell * 0.22,
              g->dense ? p->frame : p->number);
}

void
dr_diagram_draw (cairo_t                *cr,
                 const DrRules          *rules,
                 const DrPosition       *pos,
                 const DrDiagramOptions *options)
{
  const DrGeometry *g;
  const Palette *p;
  Layout l;
  PangoLayout *text;
  gboolean numbers;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (rules != NULL);
  g_return_if_fail (pos != NULL);
  g_return_if_fail (options != NULL);

  g = rules->geometry;
  p = options->style == DR_DIAGRAM_STYLE_BW ? &bw_palette : &colour_palette;
  numbers = labels_numbers (rules, options);
  layout_board (rules, options, options->size, &l);
  cairo_save (cr);

  /* The frame, then the squares inside it. */
  cairo_rectangle (cr, l.board_x - l.frame / 2, l.board_y - l.frame / 2,
                   g->width * l.cell + l.frame, g->height * l.cell + l.frame);
  cairo_set_line_width (cr, l.frame);
  set_rgb (cr, p->frame);
  cairo_stroke (cr);
  cairo_rectangle (cr, l.board_x, l.board_y, g->width * l.cell, g->height * l.cell);
  set_rgb (cr, p->light);
  cairo_fill (cr);
  for (int row = 0; row < g->height; row++)
    for (int column = 0; column < g->width; column++)
      {
        int x, y, bit;
        gboolean dark;

        cell_xy (rules, options, row, column, &x, &y);
        bit = dr_geometry_bit_at_xy (g, x, y);
        /* Lasca plays on the light squares (001: "on white fields"). */
        dark = g->all_squares ? ((x + y) & 1) == 0 : (bit >= 0) != g->dense;
        if (!dark)
          continue;
        cairo_rectangle (cr, l.board_x + column * l.cell, l.board_y + row * l.cell, l.cell, l.cell);
        set_rgb (cr, p->dark);
        cairo_fill (cr);
      }

  /* Numbers in the empty playing squares, then the pieces. */
  for (int row = 0; row < g->height; row++)
    for (int column = 0; column < g->width; column++)
      {
        int x, y, bit;
        double cx = l.board_x + (column + 0.5) * l.cell;
        double cy = l.board_y + (row + 0.5) * l.cell;
        DrPiece piece;

        cell_xy (rules, options, row, column, &x, &y);
        bit = dr_geometry_bit_at_xy (g, x, y);
        if (bit < 0)
          continue;
        piece = dr_position_get (pos, bit);
        if (piece != DR_PIECE_NONE)
          draw_tower (cr, p, g, pos, bit, cx, cy, l.cell);
        else if (numbers)
          {
            char text_buf[8];

            g_snprintf (text_buf, sizeof text_buf, "%d", dr_geometry_number (g, bit));
            draw_label (cr, text_buf, cx, cy, l.cell * 0.36, p->number);
          }
      }

  if (options->labels == DR_DIAGRAM_LABELS_COORDINATES)
    {
      double size = l.cell * 0.34;

      for (int column = 0; column < g->width; column++)
        {
          int x, y;
          char name[2];

          cell_xy (rules, options, 0, column, &x, &y);
          name[0] = (char) ('a' + x);
          name[1] = '\0';
          draw_label (cr, name, l.board_x + (column + 0.5) * l.cell,
                      l.board_y + g->height * l.cell + l.frame + 0.3 * l.cell, size, p->label);
        }
      for (int row = 0; row < g->height; row++)
        {
          int x, y;
          char digits[4];

          cell_xy (rules, options, row, 0, &x, &y);
          g_snprintf (digits, sizeof digits, "%d", y + 1);
          draw_label (cr, digits, (l.board_x - l.frame) / 2.0, l.board_y + (row + 0.5) * l.cell, size, p->label);
        }
    }

  text = caption_layout (cr, options, options->size);
  if (text != NULL)
    {
      set_rgb (cr, p->label);
      cairo_move_to (cr, 0, l.board_bottom + caption_gap (options->size));
      pango_cairo_show_layout (cr, text);
      g_object_unref (text);
    }
  cairo_restore (cr);
}

/* --- files ------------------------------------------------------------- */

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check_cairo (cairo_status_t   status,
             GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, DR_DIAGRAM_ERROR, DR_DIAGRAM_ERROR_DRAWING,
               _("The diagram could not be drawn: %s"), cairo_status_to_string (status));
  return FALSE;
}

static gboolean
check_size (int       size,
            GError  **error)
{
  if (size >= DR_DIAGRAM_MIN_SIZE && size <= DR_DIAGRAM_MAX_SIZE)
    return TRUE;
  g_set_error (error, DR_DIAGRAM_ERROR, DR_DIAGRAM_ERROR_OPTION,
               _("The diagram’s size is %d: it must be from %d to %d"),
               size, DR_DIAGRAM_MIN_SIZE, DR_DIAGRAM_MAX_SIZE);
  return FALSE;
}

/* A vector surface writing into @out. */
static cairo_surface_t *
vector_surface (DrDiagramFormat  format,
                GByteArray      *out,
                double           width,
                double           height)
{
  cairo_surface_t *surface;

  if (format == DR_DIAGRAM_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_bytes, out, width, height);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
    }
  else
    {
      surface = cairo_pdf_surface_create_for_stream (append_bytes, out, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Draughtsman " PACKAGE_VERSION);
    }
  return surface;
}

GBytes *
dr_diagram_render (const DrRules          *rules,
                   const DrPosition       *pos,
                   const DrDiagramOptions *options,
                   DrDiagramFormat         format,
                   GError                **error)
{
  g_autoptr (GByteArray) out = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  double width, height;
  cairo_status_t status;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (pos != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_size (options->size, error))
    return NULL;
  if (format != DR_DIAGRAM_PNG && format != DR_DIAGRAM_SVG && format != DR_DIAGRAM_PDF)
    {
      g_set_error (error, DR_DIAGRAM_ERROR, DR_DIAGRAM_ERROR_FORMAT,
                   _("Unknown diagram format %d"), (int) format);
      return NULL;
    }
  dr_diagram_get_size (rules, options, &width, &height);
  out = g_byte_array_new ();
  if (format == DR_DIAGRAM_PNG)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width), (int) ceil (height));
  else
    surface = vector_surface (format, out, width, height);
  cr = cairo_create (surface);
  /* A white page: a diagram is printed on paper. */
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  dr_diagram_draw (cr, rules, pos, options);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status == CAIRO_STATUS_SUCCESS && format == DR_DIAGRAM_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, out);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!check_cairo (status, error))
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

gboolean
dr_diagram_write_file (GBytes      *bytes,
                       const char  *path,
                       GError     **error)
{
  gsize len;
  const char *data;

  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  data = g_bytes_get_data (bytes, &len);
  /* A temporary file beside @path, renamed over it. */
  return g_file_set_contents_full (path, data, (gssize) len, G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}

/* How long dr_diagram_release_caches() waits for Pango's threads to let go
 * of the font map: they finish in milliseconds, this bound only keeps a
 * wedged thread from holding the process up. */
#define RELEASE_WAIT_USEC (10 * G_USEC_PER_SEC)

void
dr_diagram_release_caches (void)
{
  PangoFontMap *map = g_object_ref (pango_cairo_font_map_get_default ());
  GObject *object = G_OBJECT (map);
  gint64 start = g_get_monotonic_time ();
  gint64 waited;
  guint polls = 0;

  /* cairo_debug_reset_static_data() aborts the program if a font of
   * Cairo's is still alive, and FcFini() asserts on fontconfig objects
   * still in use: both only once the font map is gone, finalized here.
   *
   * Pango 1.50 does its fontconfig work on threads of its own:
   * - one thread starts fontconfig when the map is made, which may be just
   *   now (a command that failed before it drew); FcFini() while it loads
   *   the font caches asserts (fccache.c: FcCacheFini), so it is waited for
   *   (pango_fc_font_map_get_config() returns once fontconfig is up);
   * - each new font pattern starts two threads, FcFontSetMatch and
   *   FcFontSetSort (pangofc-fontmap.c, pango_fc_patterns_new()).  Drawing
   *   waits for the match only, so the sort may still run when the drawing
   *   is done.  Each holds a reference to the map and drops it as its very
   *   last step, after its fontconfig objects are destroyed.
   *
   * So the map is held here, dropped as the default, and its count of
   * references waited for until only ours is left: the threads are then
   * done with fontconfig, the last unref below finalizes the map on this
   * thread, and the caches can go.  Skipping the reset instead leaves
   * fontconfig's patterns, which point to their elements by offset, looking
   * leaked to LeakSanitizer (issue 25: 18 aborts in 1,637 runs). */
  if (PANGO_IS_FC_FONT_MAP (map))
    (void) pango_fc_font_map_get_config (PANGO_FC_FONT_MAP (map));
  pango_cairo_font_map_set_default (NULL);
  while (g_atomic_int_get (&object->ref_count) > 1
         && g_get_monotonic_time () - start < RELEASE_WAIT_USEC)
    {
      g_usleep (500);
      polls++;
    }
  waited = g_get_monotonic_time () - start;
  if (g_atomic_int_get (&object->ref_count) > 1)
    {
      g_object_unref (map);
      g_warning ("Pango still holds its font map after %" G_GINT64_FORMAT " ms: "
                 "the font caches stay", waited / 1000);
      return;
    }
  if (polls > 0)
    g_debug ("waited %" G_GINT64_FORMAT " us for Pango's threads to release the font map",
             waited);
  g_object_unref (map);
  cairo_debug_reset_static_data ();
  FcFini ();
}

/* --- collections ------------------------------------------------------- */

char *
dr_diagram_solution_text (const DrGame *game)
{
  const DrRules *rules;
  GString *text = g_string_new (NULL);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  guint start_offset;

  g_return_val_if_fail (game != NULL, NULL);

  rules = game->rules;
  start_offset = game->root->position.turn == rules->first_side ? 0 : 1;
  for (DrGameNode *node = game->root->children; node != NULL; node = node->children)
    {
      const DrPosition *before = &node->parent->position;
      guint number = (node->parent->ply + start_offset) / 2 + 1;
      g_autofree char *move = NULL;

      if (text->len > 0)
        g_string_append_c (text, ' ');
      if (before->turn == rules->first_side)
        g_string_append_printf (text, "%u. ", number);
      else if (node->parent == game->root)
        g_string_append_printf (text, "%u... ", number);
      dr_movegen_legal (rules, before, legal);
      move = dr_move_to_text (rules, legal, &node->move, rules->notation);
      g_string_append (text, move);
    }
  return g_string_free (text, FALSE);
}

typedef struct
{
  cairo_t *cr;
  guint    page;        /* pages shown so far */
  guint    total;       /* pages foreseen (progress only) */
  DrDiagramProgressFunc progress;
  gpointer user_data;
} PageWriter;

static void
draw_footer (cairo_t *cr,
             guint    page)
{
  char number[16];

  g_snprintf (number, sizeof number, "%u", page);
  draw_label (cr, number, PAGE_WIDTH / 2, PAGE_HEIGHT - PAGE_MARGIN / 2 - 4, 9, bw_palette.label);
}

static void
page_done (PageWriter *w)
{
  w->page++;
  draw_footer (w->cr, w->page);
  cairo_show_page (w->cr);
  if (w->progress != NULL)
    w->progress (w->page, MAX (w->total, w->page), w->user_data);
}

static void
grid_shape (guint  per_page,
            guint *columns,
            guint *rows)
{
  *columns = per_page <= 2 ? 1 : per_page <= 8 ? 2 : 3;
  *rows = (per_page + *columns - 1) / *columns;
}

/* The largest board size for which the diagram fits @w x @h. */
static double
fit_size (cairo_t                *cr,
          const DrRules          *rules,
          DrDiagramOptions       *o,
          double                  w,
          double                  h)
{
  double size = w;

  for (int i = 0; i < 8; i++)
    {
      double dw, dh;

      o->size = (int) floor (size);
      get_size (cr, rules, o, &dw, &dh);
      if (dh <= h)
        break;
      size = size * h / dh * 0.99;
    }
  return o->size;
}

static void
draw_solutions (PageWriter *w,
                GPtrArray  *games)
{
  cairo_t *cr = w->cr;
  double y = PAGE_MARGIN;
  double bottom = PAGE_HEIGHT - PAGE_MARGIN - PAGE_FOOTER;
  double width = PAGE_WIDTH - 2 * PAGE_MARGIN;
  PangoLayout *heading = new_layout (cr, 14, NULL);
  g_autofree char *title = g_markup_printf_escaped ("<b>%s</b>", _("Solutions"));
  PangoRectangle logical;

  pango_layout_set_markup (heading, title, -1);
  pango_layout_get_extents (heading, NULL, &logical);
  set_rgb (cr, bw_palette.label);
  cairo_move_to (cr, PAGE_MARGIN, y);
  pango_cairo_show_layout (cr, heading);
  y += (double) logical.height / PANGO_SCALE + 8;
  g_object_unref (heading);

  for (guint i = 0; i < games->len; i++)
    {
      const DrGame *game = games->pdata[i];
      DrDiagramCaption caption;
      g_autofree char *moves = dr_diagram_solution_text (game);
      g_autofree char *markup = NULL;
      g_autofree char *name = NULL;
      PangoLayout *entry = new_layout (cr, 10, NULL);
      double height;

      dr_diagram_caption_from_game (game, &caption);
      name = has_text (caption.caption) ? g_markup_printf_escaped (" (%s)", caption.caption) : g_strdup ("");
      markup = g_markup_printf_escaped ("<b>%u.</b>%s %s", i + 1, name,
                                        *moves != '\0' ? moves : _("no solution given"));
      dr_diagram_caption_clear (&caption);
      pango_layout_set_width (entry, (int) (width * PANGO_SCALE));
      pango_layout_set_wrap (entry, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_markup (entry, markup, -1);
      pango_layout_get_extents (entry, NULL, &logical);
      height = (double) logical.height / PANGO_SCALE;
      if (y + height > bottom && y > PAGE_MARGIN)
        {
          page_done (w);
          y = PAGE_MARGIN;
        }
      set_rgb (cr, bw_palette.label);
      cairo_move_to (cr, PAGE_MARGIN, y);
      pango_cairo_show_layout (cr, entry);
      y += height + 5;
      g_object_unref (entry);
    }
  page_done (w);
}

GBytes *
dr_diagram_render_collection (GPtrArray              *games,
                              const DrDiagramOptions *options,
                              guint                   per_page,
                              DrDiagramProgressFunc   progress,
                              gpointer                user_data,
                              GCancellable           *cancellable,
                              GError                **error)
{
  g_autoptr (GByteArray) out = NULL;
  cairo_surface_t *surface;
  PageWriter w = { 0 };
  guint columns, rows;
  double cell_w, cell_h, gap = 18;
  cairo_status_t status;

  g_return_val_if_fail (games != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (per_page < 1 || per_page > 12)
    {
      g_set_error (error, DR_DIAGRAM_ERROR, DR_DIAGRAM_ERROR_OPTION,
                   _("%u diagrams a page: it must be from 1 to 12"), per_page);
      return NULL;
    }
  if (games->len == 0)
    {
      g_set_error_literal (error, DR_DIAGRAM_ERROR, DR_DIAGRAM_ERROR_EMPTY,
                           _("The collection holds no game to draw"));
      return NULL;
    }
  grid_shape (per_page, &columns, &rows);
  cell_w = (PAGE_WIDTH - 2 * PAGE_MARGIN - (columns - 1) * gap) / columns;
  cell_h = (PAGE_HEIGHT - 2 * PAGE_MARGIN - PAGE_FOOTER - (rows - 1) * gap) / rows;

  out = g_byte_array_new ();
  surface = vector_surface (DR_DIAGRAM_PDF, out, PAGE_WIDTH, PAGE_HEIGHT);
  w.cr = cairo_create (surface);
  w.progress = progress;
  w.user_data = user_data;
  /* Diagram pages, and (at least) one page of solutions. */
  w.total = (games->len + per_page - 1) / per_page + 1;

  for (guint i = 0; i < games->len; i++)
    {
      const DrGame *game = games->pdata[i];
      guint slot = i % per_page;
      DrDiagramOptions o = *options;
      DrDiagramCaption caption;
      g_autofree char *title = NULL;
      double x0 = PAGE_MARGIN + (slot % columns) * (cell_w + gap);
      double y0 = PAGE_MARGIN + (slot / columns) * (cell_h + gap);
      double size;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          cairo_destroy (w.cr);
          cairo_surface_destroy (surface);
          return NULL;
        }
      dr_diagram_caption_from_game (game, &caption);
      title = has_text (caption.caption) ? g_strdup_printf ("%u. %s", i + 1, caption.caption)
                                         : g_strdup_printf ("%u.", i + 1);
      o.caption = title;
      o.author = caption.author;
      o.source = caption.source;
      o.stipulation = caption.stipulation;
      size = fit_size (w.cr, game->rules, &o, cell_w, cell_h);
      cairo_save (w.cr);
      cairo_translate (w.cr, x0 + (cell_w - size) / 2, y0);
      dr_diagram_draw (w.cr, game->rules, &game->root->position, &o);
      cairo_restore (w.cr);
      dr_diagram_caption_clear (&caption);
      if (slot == per_page - 1 || i == games->len - 1)
        page_done (&w);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      cairo_destroy (w.cr);
      cairo_surface_destroy (surface);
      return NULL;
    }
  draw_solutions (&w, games);

  status = cairo_status (w.cr);
  cairo_destroy (w.cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!check_cairo (status, error))
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
