/* test-diagram.c — diagrams for publication: the library and draughtsman-cli diagram
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each format is checked as a reader of it would: a PNG by its signature
 * and by Cairo's PNG reader (its size, then its pixels), an SVG by parsing
 * it as XML and counting the discs drawn (one filled circular path per
 * piece, grouped by colour), a PDF by its header and its "/Type /Page"
 * objects.  Where the pieces must be is worked out here from the numbering
 * of the variants as the rules and PDN give it, not from the program:
 * International square 1 is b10 (top row, second square from the left as
 * White sees the board), 6 is a9, 46 a1 and 50 i1; English and Russian
 * numbers 1 = b8 ... 29 = a1, 32 = g1; Italian boards have a light square
 * at a1, with 1 = a8 and 32 = h1.  Solutions are compared with the PDN
 * text they were read from.
 */

#include "config.h"

#include "dr-diagram.h"
#include "dr-fen.h"
#include "dr-pdn-collection.h"

#include "test-util.h"

#include <glib/gstdio.h>
#include <pango/pangocairo.h>
#include <string.h>
#include <sys/wait.h>

static char *tmp_dir;

/* --- helpers ---------------------------------------------------------- */

static void
parse_fen (const DrRules *rules,
           const char    *fen,
           DrPosition    *pos)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (dr_fen_parse (rules, fen, pos, &error));
  g_assert_no_error (error);
}

typedef struct
{
  const guint8 *data;
  gsize         len;
  gsize         at;
} Reader;

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *data,
            unsigned int   length)
{
  Reader *r = closure;

  if (r->at + length > r->len)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, r->data + r->at, length);
  r->at += length;
  return CAIRO_STATUS_SUCCESS;
}

/* @bytes as a PNG image read by Cairo (checked for the PNG signature). */
static cairo_surface_t *
load_png (GBytes *bytes)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  Reader r = { 0 };
  cairo_surface_t *surface;

  r.data = g_bytes_get_data (bytes, &r.len);
  g_assert_cmpuint (r.len, >, 8);
  g_assert_cmpmem (r.data, 8, signature, 8);
  surface = cairo_image_surface_create_from_png_stream (read_bytes, &r);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

/* The colour at (@x, @y), 0-255 each. */
static void
pixel (cairo_surface_t *surface,
       double           x,
       double           y,
       int             *r,
       int             *g,
       int             *b)
{
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data;
  guint32 p;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  g_assert_cmpint ((int) x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint ((int) y, <, cairo_image_surface_get_height (surface));
  p = *(const guint32 *) (data + (int) y * stride + 4 * (int) x);
  *r = (p >> 16) & 0xff;
  *g = (p >> 8) & 0xff;
  *b = p & 0xff;
}

static int
luminance (cairo_surface_t *surface,
           double           x,
           double           y)
{
  int r, g, b;

  pixel (surface, x, y, &r, &g, &b);
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/* The mean luminance of the cell's inner half. */
static double
cell_mean (cairo_surface_t        *surface,
           const DrRules          *rules,
           const DrDiagramOptions *o,
           int                     row,
           int                     column)
{
  double x, y, cell, sum = 0;
  int n = 0;

  dr_diagram_cell (rules, o, row, column, &x, &y, &cell);
  for (double dy = cell * 0.25; dy < cell * 0.75; dy += 1)
    for (double dx = cell * 0.25; dx < cell * 0.75; dx += 1)
      {
        sum += luminance (surface, x + dx, y + dy);
        n++;
      }
  return sum / n;
}

/* What the centre of the cell at @row, @column shows. */
typedef enum
{
  SHOWS_LIGHT_SQUARE,
  SHOWS_DARK_SQUARE,
  SHOWS_WHITE_PIECE,
  SHOWS_BLACK_PIECE,
} Shows;

static Shows
cell_shows (cairo_surface_t        *surface,
            const DrRules          *rules,
            const DrDiagramOptions *o,
            int                     row,
            int                     column)
{
  double x, y, cell;
  int r, g, b;

  dr_diagram_cell (rules, o, row, column, &x, &y, &cell);
  /* Halfway between the centre and the disc's rim: the piece's own
   * colour, not its rim or crown. */
  pixel (surface, x + cell * 0.5, y + cell * 0.5 - cell * 0.2, &r, &g, &b);
  if (o->style == DR_DIAGRAM_STYLE_COLOUR)
    {
      /* Colour style: squares are cream and brown, white pieces ivory,
       * black ones near black. */
      if (r > 245 && g > 235 && b > 215)
        return SHOWS_WHITE_PIECE;
      if (r < 70 && g < 70 && b < 70)
        return SHOWS_BLACK_PIECE;
      if (r > 200 && b < 210)
        return SHOWS_LIGHT_SQUARE;
      g_assert_cmpint (r, <, 170);
      g_assert_cmpint (r, >, 100);
      return SHOWS_DARK_SQUARE;
    }
  /* Black and white: a white disc and a light square are both white; the
   * disc has a black rim at 0.4 cell, which a square has not. */
  if (r == 0 && g == 0 && b == 0)
    return SHOWS_BLACK_PIECE;
  if (r > 250)
    {
      int rim = luminance (surface, x + cell * 0.5 + cell * 0.40, y + cell * 0.5);
      return rim < 80 ? SHOWS_WHITE_PIECE : SHOWS_LIGHT_SQUARE;
    }
  g_assert_cmpint (abs (r - 158), <, 10);
  return SHOWS_DARK_SQUARE;
}

static GBytes *
render (const DrRules          *rules,
        const char             *fen,
        const DrDiagramOptions *o,
        DrDiagramFormat         format)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos;
  GBytes *bytes;

  parse_fen (rules, fen, &pos);
  bytes = dr_diagram_render (rules, &pos, o, format, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  return bytes;
}

static guint
count_pdf_pages (GBytes *bytes)
{
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  guint pages = 0;

  g_assert_cmpuint (len, >, 5);
  g_assert_cmpmem (data, 5, "%PDF-", 5);
  for (gsize i = 0; i + 11 < len; i++)
    if (memcmp (data + i, "/Type /Page", 11) == 0 && data[i + 11] != 's')
      pages++;
  return pages;
}

/* --- SVG -------------------------------------------------------------- */

typedef struct
{
  guint       hidden;   /* depth inside <defs> or <symbol> */
  GHashTable *fills;    /* "rgb(...)" -> count of filled curved paths */
  guint       paths;
} SvgCount;

static void
svg_start (GMarkupParseContext *context,
           const char          *element,
           const char         **names,
           const char         **values,
           gpointer             data,
           GError             **error)
{
  SvgCount *c = data;
  const char *style = NULL, *d = NULL;

  if (g_str_equal (element, "defs") || g_str_equal (element, "symbol") || c->hidden > 0)
    {
      c->hidden++;
      return;
    }
  if (!g_str_equal (element, "path"))
    return;
  c->paths++;
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], "style"))
      style = values[i];
    else if (g_str_equal (names[i], "d"))
      d = values[i];
  if (style != NULL && d != NULL && strstr (style, "fill:rgb(") != NULL && strchr (d, 'C') != NULL)
    {
      const char *fill = strstr (style, "fill:rgb(") + 5;
      g_autofree char *colour = g_strndup (fill, strcspn (fill, ";"));
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (c->fills, colour));

      g_hash_table_insert (c->fills, g_steal_pointer (&colour), GUINT_TO_POINTER (n + 1));
    }
}

static void
svg_end (GMarkupParseContext *context,
         const char          *element,
         gpointer             data,
         GError             **error)
{
  SvgCount *c = data;

  if (c->hidden > 0)
    c->hidden--;
}

/* The mean of the three percentages of "rgb(a%,b%,c%)". */
static double
rgb_level (const char *rgb)
{
  double sum = 0;
  const char *p = strchr (rgb, '(');

  g_assert_nonnull (p);
  for (int i = 0; i < 3; i++)
    {
      char *end;
      sum += g_ascii_strtod (p + 1, &end);
      p = strchr (end, ',');
      if (p == NULL)
        break;
    }
  return sum / 3;
}

/* --- tests: files ----------------------------------------------------- */

static void
test_png (void)
{
  DrDiagramOptions o;
  g_autoptr (GBytes) bytes = NULL;
  cairo_surface_t *surface;

  dr_diagram_options_init (&o);
  o.size = 256;
  bytes = render (&dr_rules_english, "B:W21-32:B1-12", &o, DR_DIAGRAM_PNG);
  surface = load_png (bytes);
  /* The board alone, square: 256 wide, 256 high (to a pixel). */
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 256);
  g_assert_cmpint (abs (cairo_image_surface_get_height (surface) - 256), <=, 1);
  cairo_surface_destroy (surface);

  /* A caption adds lines under the board. */
  o.caption = "Problem 1";
  o.stipulation = "Black to play and win";
  g_bytes_unref (bytes);
  bytes = render (&dr_rules_english, "B:W21-32:B1-12", &o, DR_DIAGRAM_PNG);
  surface = load_png (bytes);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 256);
  g_assert_cmpint (cairo_image_surface_get_height (surface), >, 256 + 20);
  cairo_surface_destroy (surface);
}

/* The discs of the SVG @bytes: how many of the lighter colour, how many of
 * the darker (exactly two colours). */
static void
svg_discs (GBytes *bytes,
           guint  *light,
           guint  *dark)
{
  g_autoptr (GError) error = NULL;
  GMarkupParser parser = { svg_start, svg_end, NULL, NULL, NULL };
  SvgCount count = { 0 };
  GMarkupParseContext *context;
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  GHashTableIter iter;
  gpointer key, value;
  double light_level = -1, dark_level = 101;

  g_assert_nonnull (g_strstr_len (data, (gssize) MIN (len, 200), "<svg"));
  count.fills = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  context = g_markup_parse_context_new (&parser, 0, &count, NULL);
  g_assert_true (g_markup_parse_context_parse (context, data, (gssize) len, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);

  /* Two colours of discs: the lighter one counts the white pieces. */
  g_assert_cmpuint (g_hash_table_size (count.fills), ==, 2);
  g_hash_table_iter_init (&iter, count.fills);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      double level = rgb_level (key);

      if (level > light_level)
        {
          if (light_level >= 0)
            {
              *dark = *light;
              dark_level = light_level;
            }
          *light = GPOINTER_TO_UINT (value);
          light_level = level;
        }
      else
        {
          *dark = GPOINTER_TO_UINT (value);
          dark_level = level;
        }
    }
  g_assert_cmpfloat (light_level, >, dark_level);
  g_hash_table_unref (count.fills);
}

static void
test_svg (void)
{
  /* International, 5 white pieces (one a king) and 7 black (three kings). */
  static const char fen[] = "W:W6,17,18,38,K41:B8,14,24,34,K36,K45,K50";
  const DrDiagramStyle styles[] = { DR_DIAGRAM_STYLE_COLOUR, DR_DIAGRAM_STYLE_BW };

  for (guint s = 0; s < G_N_ELEMENTS (styles); s++)
    {
      DrDiagramOptions o;
      g_autoptr (GBytes) bytes = NULL;
      guint light = 0, dark = 0;

      dr_diagram_options_init (&o);
      o.style = styles[s];
      bytes = render (&dr_rules_international, fen, &o, DR_DIAGRAM_SVG);
      svg_discs (bytes, &light, &dark);
      g_assert_cmpuint (light, ==, 5);
      g_assert_cmpuint (dark, ==, 7);
    }
}

/* Pillar draughts: every piece of a tower is drawn, the ones beneath too:
 * c3 a white man over two black men, f6 a black man over two white men,
 * h2 a white man. */
static void
test_svg_towers (void)
{
  DrDiagramOptions o;
  g_autoptr (GBytes) bytes = NULL;
  guint light = 0, dark = 0;

  dr_diagram_options_init (&o);
  bytes = render (&dr_rules_pillar, "W:Wc3(bb),h2:Bf6(ww)", &o, DR_DIAGRAM_SVG);
  svg_discs (bytes, &light, &dark);
  g_assert_cmpuint (light, ==, 4);
  g_assert_cmpuint (dark, ==, 3);
}

static void
test_pdf (void)
{
  DrDiagramOptions o;
  g_autoptr (GBytes) bytes = NULL;

  dr_diagram_options_init (&o);
  o.caption = "A1";
  bytes = render (&dr_rules_russian, "W:Wa1,c3,e3:Bb8,d8", &o, DR_DIAGRAM_PDF);
  g_assert_cmpuint (count_pdf_pages (bytes), ==, 1);
}

/* Eight problems; three have no moves, one is Black to move. */
static const char collection_pdn[] =
  "[Event \"A1\"]\n[Site \"PWCP -2\"]\n[Date \"2007/2008\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
  "[FEN \"W:W6,17,18,38,41:B8,14,24,34,36.\"]\n\n1. 17-12 36x47 2. 12x3 47x1 3. 3x45 1-0\n\n"
  "[Event \"A2\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"W:W20,28,29,30,48:B8,9,10,18,37.\"]\n\n"
  "1. 48-42 37x48 2. 29-23 48x14 3. 23x3 14x46 4. 3x5 1-0\n\n"
  "[Event \"A3\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"W:W6,11,18,22,28:B17,32,36,37,43.\"]\n\n"
  "1. 6-1 32x12 2. 1x31 36x18 3. 11x13 1-0\n\n"
  "[Event \"A4\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"W:W6,11,18,22,28:B17,32,36,37,43.\"]\n\n1-0\n\n"
  "[Event \"A5\"]\n[Result \"0-1\"]\n[SetUp \"1\"]\n[FEN \"B:W28,33:B17,19.\"]\n\n"
  "1... 17-21 2. 33-29 0-1\n\n"
  "[Event \"A6\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"W:W6,11,18,22,28:B17,32,36,37,43.\"]\n\n1-0\n\n"
  "[Event \"A7\"]\n[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"W:W6,11,18,22,28:B17,32,36,37,43.\"]\n\n1-0\n\n"
  "[Event \"A8\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"W:W6,11,18,22,28:B17,32,36,37,43.\"]\n\n"
  "1. 6-1 32x12 1-0\n\n";

static GPtrArray *
collection_games (DrPdnCollection **collection)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *games = g_ptr_array_new ();

  *collection = dr_pdn_collection_new_from_bytes (collection_pdn, strlen (collection_pdn), "test.pdn",
                                                  NULL, &dr_rules_international, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < dr_pdn_collection_get_n_entries (*collection); i++)
    {
      g_assert_null (dr_pdn_collection_get_entry (*collection, i)->error);
      g_ptr_array_add (games, (gpointer) dr_pdn_collection_get_game (*collection, i));
    }
  g_assert_cmpuint (games->len, ==, 8);
  return games;
}

static void
count_progress (guint    done,
                guint    total,
                gpointer data)
{
  guint *calls = data;

  g_assert_cmpuint (done, <=, total);
  (*calls)++;
}

static void
test_collection (void)
{
  g_autoptr (DrPdnCollection) collection = NULL;
  g_autoptr (GPtrArray) games = collection_games (&collection);
  struct { guint per_page; guint pages; } cases[] = {
    /* Diagram pages (8 / per page, rounded up), then one of solutions. */
    { 6, 2 + 1 },
    { 4, 2 + 1 },
    { 1, 8 + 1 },
    { 12, 1 + 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrDiagramOptions o;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (GError) error = NULL;
      guint calls = 0;

      dr_diagram_options_init (&o);
      o.labels = DR_DIAGRAM_LABELS_NUMBERS;
      o.style = DR_DIAGRAM_STYLE_BW;
      bytes = dr_diagram_render_collection (games, &o, cases[i].per_page, count_progress, &calls, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (count_pdf_pages (bytes), ==, cases[i].pages);
      /* One call a page. */
      g_assert_cmpuint (calls, ==, cases[i].pages);
    }
}

static void
test_collection_errors (void)
{
  g_autoptr (DrPdnCollection) collection = NULL;
  g_autoptr (GPtrArray) games = collection_games (&collection);
  g_autoptr (GPtrArray) none = g_ptr_array_new ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  DrDiagramOptions o;
  GBytes *bytes;

  dr_diagram_options_init (&o);
  bytes = dr_diagram_render_collection (none, &o, 6, NULL, NULL, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, DR_DIAGRAM_ERROR, DR_DIAGRAM_ERROR_EMPTY);
  g_clear_error (&error);
  bytes = dr_diagram_render_collection (games, &o, 13, NULL, NULL, NULL, &error);
  g_assert_null (bytes);
  g_assert_error (error, DR_DIAGRAM_ERROR, DR_DIAGRAM_ERROR_OPTION);
  g_clear_error (&error);
  g_cancellable_cancel (cancellable);
  bytes = dr_diagram_render_collection (games, &o, 6, NULL, NULL, cancellable, &error);
  g_assert_null (bytes);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_solutions (void)
{
  g_autoptr (DrPdnCollection) collection = NULL;
  g_autoptr (GPtrArray) games = collection_games (&collection);
  /* As the file writes them. */
  const char *expected[] = {
    "1. 17-12 36x47 2. 12x3 47x1 3. 3x45",
    "1. 48-42 37x48 2. 29-23 48x14 3. 23x3 14x46 4. 3x5",
    "1. 6-1 32x12 2. 1x31 36x18 3. 11x13",
    "",
    "1... 17-21 2. 33-29",
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *text = dr_diagram_solution_text (games->pdata[i]);
      g_assert_cmpstr (text, ==, expected[i]);
    }
}

static void
test_caption (void)
{
  g_autoptr (DrPdnCollection) collection = NULL;
  g_autoptr (GPtrArray) games = collection_games (&collection);
  DrDiagramCaption c;
  g_autoptr (DrGame) game = NULL;

  dr_diagram_caption_from_game (games->pdata[0], &c);
  g_assert_cmpstr (c.caption, ==, "A1");
  g_assert_null (c.author);
  g_assert_cmpstr (c.source, ==, "PWCP -2, 2007/2008");
  g_assert_cmpstr (c.stipulation, ==, "White to play and win");
  dr_diagram_caption_clear (&c);
  dr_diagram_caption_from_game (games->pdata[4], &c);
  g_assert_cmpstr (c.stipulation, ==, "Black to play and win");
  dr_diagram_caption_clear (&c);
  dr_diagram_caption_from_game (games->pdata[6], &c);
  g_assert_cmpstr (c.stipulation, ==, "White to play and draw");
  dr_diagram_caption_clear (&c);

  /* A game: its players; tags of the composition code win. */
  game = dr_game_new (&dr_rules_russian, NULL);
  dr_game_set_tag (game, "Event", "USSR 1947");
  dr_game_set_tag (game, "White", "Kurkin");
  dr_game_set_tag (game, "Black", "Sokolov");
  dr_game_set_tag (game, "Site", "?");
  dr_game_set_tag (game, "Date", "????.??.??");
  dr_diagram_caption_from_game (game, &c);
  g_assert_cmpstr (c.caption, ==, "USSR 1947");
  g_assert_cmpstr (c.author, ==, "Kurkin – Sokolov");
  g_assert_null (c.source);
  g_assert_null (c.stipulation);
  dr_diagram_caption_clear (&c);
  dr_game_set_tag (game, "Author", "A. Shaya");
  dr_game_set_tag (game, "Source", "64, 1972");
  dr_game_set_tag (game, "Stipulation", "White to play and draw");
  dr_diagram_caption_from_game (game, &c);
  g_assert_cmpstr (c.author, ==, "A. Shaya");
  g_assert_cmpstr (c.source, ==, "64, 1972");
  g_assert_cmpstr (c.stipulation, ==, "White to play and draw");
  dr_diagram_caption_clear (&c);
}

/* --- tests: where things are drawn ------------------------------------ */

typedef struct
{
  const DrRules *rules;
  const char    *fen;
  /* Drawn cell (row, column) from the top left, unflipped, and what it
   * shows. */
  int            cells[6][2];
  Shows          shows[6];
} PixelCase;

static void
check_pixels (const PixelCase *c,
              DrDiagramStyle   style,
              gboolean         flipped)
{
  const DrGeometry *g = c->rules->geometry;
  DrDiagramOptions o;
  g_autoptr (GBytes) bytes = NULL;
  cairo_surface_t *surface;

  dr_diagram_options_init (&o);
  o.size = 400;
  o.style = style;
  o.flipped = flipped;
  bytes = render (c->rules, c->fen, &o, DR_DIAGRAM_PNG);
  surface = load_png (bytes);
  for (guint i = 0; i < G_N_ELEMENTS (c->cells); i++)
    {
      int row = flipped ? g->height - 1 - c->cells[i][0] : c->cells[i][0];
      int column = flipped ? g->width - 1 - c->cells[i][1] : c->cells[i][1];

      if (c->cells[i][0] < 0)
        break;
      g_test_message ("%s %s%s: cell %d,%d", c->rules->name, style == DR_DIAGRAM_STYLE_BW ? "bw" : "colour",
                      flipped ? " flipped" : "", row, column);
      g_assert_cmpint (cell_shows (surface, c->rules, &o, row, column), ==, c->shows[i]);
    }
  /* An empty dark square is darker than an empty light one, whichever
   * the style (the first two cells listed as such). */
  {
    int dark = -1, light = -1;

    for (guint i = 0; i < G_N_ELEMENTS (c->cells) && c->cells[i][0] >= 0; i++)
      if (c->shows[i] == SHOWS_DARK_SQUARE && dark < 0)
        dark = (int) i;
      else if (c->shows[i] == SHOWS_LIGHT_SQUARE && light < 0)
        light = (int) i;
    g_assert_cmpint (dark, >=, 0);
    g_assert_cmpint (light, >=, 0);
    g_assert_cmpfloat (cell_mean (surface, c->rules, &o,
                                  flipped ? g->height - 1 - c->cells[dark][0] : c->cells[dark][0],
                                  flipped ? g->width - 1 - c->cells[dark][1] : c->cells[dark][1]) + 40,
                       <, cell_mean (surface, c->rules, &o,
                                     flipped ? g->height - 1 - c->cells[light][0] : c->cells[light][0],
                                     flipped ? g->width - 1 - c->cells[light][1] : c->cells[light][1]));
  }
  cairo_surface_destroy (surface);
}

static void
test_pixels (void)
{
  const PixelCase cases[] = {
    /* International: 1 = b10, 6 = a9 (empty, dark), 50 = i1; j1 and a10
     * light.  Kings: a man cannot stand on its crowning row. */
    { &dr_rules_international, "W:WK1:BK50",
      { { 0, 1 }, { 9, 8 }, { 1, 0 }, { 0, 0 }, { 9, 9 }, { -1, -1 } },
      { SHOWS_WHITE_PIECE, SHOWS_BLACK_PIECE, SHOWS_DARK_SQUARE, SHOWS_LIGHT_SQUARE, SHOWS_LIGHT_SQUARE } },
    /* English: 1 = b8, 32 = g1, 29 = a1 (empty, dark); a8 light. */
    { &dr_rules_english, "B:WK1:BK32",
      { { 0, 1 }, { 7, 6 }, { 7, 0 }, { 0, 0 }, { -1, -1 } },
      { SHOWS_WHITE_PIECE, SHOWS_BLACK_PIECE, SHOWS_DARK_SQUARE, SHOWS_LIGHT_SQUARE } },
    /* Russian: a1 dark, h8 dark, b1 light, b2 dark. */
    { &dr_rules_russian, "W:Wa1:Bh8",
      { { 7, 0 }, { 0, 7 }, { 7, 1 }, { 6, 1 }, { -1, -1 } },
      { SHOWS_WHITE_PIECE, SHOWS_BLACK_PIECE, SHOWS_LIGHT_SQUARE, SHOWS_DARK_SQUARE } },
    /* Italian: a1 light; 1 = a8, 32 = h1. */
    { &dr_rules_italian, "W:W32:B1",
      { { 7, 7 }, { 0, 0 }, { 7, 0 }, { 7, 1 }, { -1, -1 } },
      { SHOWS_WHITE_PIECE, SHOWS_BLACK_PIECE, SHOWS_LIGHT_SQUARE, SHOWS_DARK_SQUARE } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      check_pixels (&cases[i], DR_DIAGRAM_STYLE_COLOUR, FALSE);
      check_pixels (&cases[i], DR_DIAGRAM_STYLE_BW, FALSE);
      check_pixels (&cases[i], DR_DIAGRAM_STYLE_COLOUR, TRUE);
      check_pixels (&cases[i], DR_DIAGRAM_STYLE_BW, TRUE);
    }
}

/* Number of pixels in the cell's middle that differ from the square's
 * colour (text drawn there). */
static guint
cell_ink (cairo_surface_t        *surface,
          const DrRules          *rules,
          const DrDiagramOptions *o,
          int                     row,
          int                     column)
{
  double x, y, cell;
  int r0, g0, b0;
  guint ink = 0;

  dr_diagram_cell (rules, o, row, column, &x, &y, &cell);
  pixel (surface, x + 2, y + 2, &r0, &g0, &b0);
  for (double dy = cell * 0.2; dy < cell * 0.8; dy += 1)
    for (double dx = cell * 0.2; dx < cell * 0.8; dx += 1)
      {
        int r, g, b;
        pixel (surface, x + dx, y + dy, &r, &g, &b);
        if (abs (r - r0) + abs (g - g0) + abs (b - b0) > 60)
          ink++;
      }
  return ink;
}

static void
test_numbers (void)
{
  struct { const DrRules *rules; int row, column; const char *number; } cells[] = {
    { &dr_rules_international, 0, 1, "1" },
    { &dr_rules_international, 0, 9, "5" },
    { &dr_rules_international, 1, 0, "6" },
    { &dr_rules_international, 9, 0, "46" },
    { &dr_rules_international, 9, 8, "50" },
    { &dr_rules_international, 0, 0, NULL },
    { &dr_rules_english, 0, 1, "1" },
    { &dr_rules_english, 0, 7, "4" },
    { &dr_rules_english, 7, 0, "29" },
    { &dr_rules_english, 7, 6, "32" },
    { &dr_rules_english, 7, 7, NULL },
    { &dr_rules_russian, 0, 1, "1" },
    { &dr_rules_italian, 0, 0, "1" },
    { &dr_rules_italian, 7, 7, "32" },
    { &dr_rules_italian, 7, 0, NULL },
  };
  DrDiagramOptions o;

  dr_diagram_options_init (&o);
  o.labels = DR_DIAGRAM_LABELS_NUMBERS;
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      g_autofree char *n = dr_diagram_cell_number (cells[i].rules, &o, cells[i].row, cells[i].column);
      g_autofree char *flipped = NULL;
      const DrGeometry *g = cells[i].rules->geometry;

      g_assert_cmpstr (n, ==, cells[i].number);
      o.flipped = TRUE;
      flipped = dr_diagram_cell_number (cells[i].rules, &o, g->height - 1 - cells[i].row,
                                        g->width - 1 - cells[i].column);
      o.flipped = FALSE;
      g_assert_cmpstr (flipped, ==, cells[i].number);
    }

  /* Drawn: square 1 of International (empty) carries its number, and
   * only with the numbers; square 50 holds a piece and shows it. */
  for (int style = 0; style < 2; style++)
    {
      g_autoptr (GBytes) with = NULL, without = NULL;
      cairo_surface_t *a, *b;

      o.style = style == 0 ? DR_DIAGRAM_STYLE_COLOUR : DR_DIAGRAM_STYLE_BW;
      o.size = 400;
      o.labels = DR_DIAGRAM_LABELS_NUMBERS;
      with = render (&dr_rules_international, "W:W50:B5", &o, DR_DIAGRAM_PNG);
      o.labels = DR_DIAGRAM_LABELS_NONE;
      without = render (&dr_rules_international, "W:W50:B5", &o, DR_DIAGRAM_PNG);
      a = load_png (with);
      b = load_png (without);
      o.labels = DR_DIAGRAM_LABELS_NUMBERS;
      g_assert_cmpuint (cell_ink (a, &dr_rules_international, &o, 0, 1), >, 15);
      g_assert_cmpuint (cell_ink (a, &dr_rules_international, &o, 9, 0), >, 15);
      g_assert_cmpuint (cell_ink (a, &dr_rules_international, &o, 0, 0), ==, 0);
      g_assert_cmpint (cell_shows (a, &dr_rules_international, &o, 9, 8), ==, SHOWS_WHITE_PIECE);
      o.labels = DR_DIAGRAM_LABELS_NONE;
      g_assert_cmpuint (cell_ink (b, &dr_rules_international, &o, 0, 1), ==, 0);
      cairo_surface_destroy (a);
      cairo_surface_destroy (b);
    }
}

static void
test_errors (void)
{
  DrDiagramOptions o;
  DrPosition pos;
  g_autoptr (GError) error = NULL;
  DrDiagramFormat format;
  GBytes *bytes;

  dr_diagram_options_init (&o);
  dr_rules_initial (&dr_rules_russian, &pos);
  o.size = 10;
  bytes = dr_diagram_render (&dr_rules_russian, &pos, &o, DR_DIAGRAM_PNG, &error);
  g_assert_null (bytes);
  g_assert_error (error, DR_DIAGRAM_ERROR, DR_DIAGRAM_ERROR_OPTION);
  g_assert_nonnull (strstr (error->message, "10"));

  g_assert_true (dr_diagram_format_from_path ("/tmp/a.b/x.SVG", &format));
  g_assert_cmpint (format, ==, DR_DIAGRAM_SVG);
  g_assert_true (dr_diagram_format_from_path ("x.pdf", &format));
  g_assert_cmpint (format, ==, DR_DIAGRAM_PDF);
  g_assert_false (dr_diagram_format_from_path ("/tmp/a.png/x", &format));
  g_assert_false (dr_diagram_format_from_path ("x.gif", &format));
}

/* --- draughtsman-cli diagram ------------------------------------------ */

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

static Run
cli (const char *first,
     ...) G_GNUC_NULL_TERMINATED;

static Run
cli (const char *first,
     ...)
{
  const char *program = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_auto (GStrv) envp = g_environ_setenv (g_get_environ (), "LC_ALL", "C.UTF-8", TRUE);
  g_autoptr (GError) error = NULL;
  Run r = { 0 };
  int wait_status;
  va_list ap;

  g_assert_nonnull (program);
  g_ptr_array_add (argv, (gpointer) program);
  g_ptr_array_add (argv, (gpointer) "diagram");
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &r.out, &r.err, &wait_status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  r.status = WEXITSTATUS (wait_status);
  if (r.status != 0)
    g_test_message ("stderr: %s", r.err);
  return r;
}

static GBytes *
read_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *data;
  gsize len;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

static void
test_cli_formats (void)
{
  g_autofree char *png = g_build_filename (tmp_dir, "cli.png", NULL);
  g_autofree char *svg = g_build_filename (tmp_dir, "cli.svg", NULL);
  g_autofree char *pdf = g_build_filename (tmp_dir, "cli.pdf", NULL);
  g_autofree char *forced = g_build_filename (tmp_dir, "forced.out", NULL);
  g_autoptr (GBytes) bytes = NULL;
  cairo_surface_t *surface;
  Run r;

  /* The format from the suffix. */
  r = cli ("--variant", "english", "--fen", "B:W21,22:B1,K2", "-o", png, "--size", "200", "--numbers",
           "--style", "bw", "--caption", "Gem", "--author", "A. N. Other", "--source", "Book",
           "--stipulation", "Black to play and win", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "");
  run_clear (&r);
  bytes = read_file (png);
  surface = load_png (bytes);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 200);
  g_assert_cmpint (cairo_image_surface_get_height (surface), >, 200 + 40);
  cairo_surface_destroy (surface);
  g_clear_pointer (&bytes, g_bytes_unref);

  r = cli ("--variant", "russian", "--fen", "W:Wa1,c3:Bh8", "-o", svg, "--coordinates", "--flip", NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  bytes = read_file (svg);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (bytes, NULL), 300, "<svg"));
  g_clear_pointer (&bytes, g_bytes_unref);

  r = cli ("--fen", "W:W31-35:B16-20", "-o", pdf, NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  bytes = read_file (pdf);
  g_assert_cmpuint (count_pdf_pages (bytes), ==, 1);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* --format wins over the suffix. */
  r = cli ("--fen", "W:W31-35:B16-20", "--format", "pdf", "-o", forced, NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  bytes = read_file (forced);
  g_assert_cmpuint (count_pdf_pages (bytes), ==, 1);
}

static void
test_cli_collection (void)
{
  g_autofree char *pdn = g_build_filename (tmp_dir, "problems.pdn", NULL);
  g_autofree char *pdf = g_build_filename (tmp_dir, "problems.pdf", NULL);
  g_autofree char *shared = NULL;
  g_autoptr (GBytes) bytes = NULL;
  Run r;

  g_assert_true (g_file_set_contents (pdn, collection_pdn, -1, NULL));
  r = cli ("--pdn", pdn, "-o", pdf, "--per-page", "4", "--style", "bw", "--numbers", NULL);
  g_assert_cmpint (r.status, ==, 0);
  run_clear (&r);
  bytes = read_file (pdf);
  g_assert_cmpuint (count_pdf_pages (bytes), ==, 2 + 1);
  g_clear_pointer (&bytes, g_bytes_unref);

  /* A collection is PDF. */
  r = cli ("--pdn", pdn, "-o", "x.png", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "PDF only"));
  run_clear (&r);

  /* The shared problem collection: 51 problems, 9 pages of six, and
   * the solutions after them. */
  shared = test_shared_data_dir ();
  if (shared == NULL)
    return;
  {
    g_autofree char *pwcp = g_build_filename (shared, "international", "problems-PWCP_2.pdn", NULL);
    guint pages;

    r = cli ("--pdn", pwcp, "-o", pdf, NULL);
    g_assert_cmpint (r.status, ==, 0);
    run_clear (&r);
    bytes = read_file (pdf);
    pages = count_pdf_pages (bytes);
    g_test_message ("PWCP_2: %u pages", pages);
    g_assert_cmpuint (pages, >=, 9 + 1);
    g_assert_cmpuint (pages, <=, 9 + 3);
  }
}

static void
test_cli_errors (void)
{
  g_autofree char *png = g_build_filename (tmp_dir, "bad.png", NULL);
  Run r;

  /* A bad FEN: one line saying which FEN, for which variant, and why;
   * no file. */
  r = cli ("--variant", "english", "--fen", "W:W33:B1", "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "bad FEN “W:W33:B1” for english"));
  g_assert_nonnull (strstr (r.err, "33"));
  g_assert_cmpstr (strchr (r.err, '\n'), ==, "\n");
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  run_clear (&r);

  r = cli ("--fen", "W:W31:B1", "-o", "diagram.gif", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "cannot tell the format"));
  run_clear (&r);

  r = cli ("--fen", "W:W31:B1", "--format", "jpeg", "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "--format must be png, svg or pdf"));
  run_clear (&r);

  r = cli ("--fen", "W:W31:B1", NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "-o FILE"));
  run_clear (&r);

  r = cli ("--fen", "W:W31:B1", "--coordinates", "--numbers", "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 1);
  run_clear (&r);

  r = cli ("--fen", "W:W31:B1", "--size", "5", "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "size"));
  run_clear (&r);

  r = cli ("--variant", "checkers", "-o", png, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "unknown variant “checkers”"));
  run_clear (&r);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
}

/* Issue 25: dr_diagram_release_caches() may only reset Cairo's and
 * fontconfig's caches once the font map is gone, and Pango's threads hold
 * it a moment after a drawing (pangofc-fontmap.c: the FcFontSetSort thread
 * of each new pattern).  It used to give up at once, leaving fontconfig's
 * patterns to look leaked (LeakSanitizer aborted 18 runs in 1,637); it
 * must wait for the holder and free the map itself.  A thread of the
 * test's stands for Pango's: it holds the map for 300 ms. */
static gpointer
hold_font_map (gpointer data)
{
  g_usleep (300 * 1000);
  g_object_unref (data);
  return NULL;
}

static void
font_map_finalized (gpointer  data,
                    GObject  *where_the_object_was)
{
  (void) where_the_object_was;
  g_atomic_int_set ((int *) data, 1);
}

static void
test_release_caches (void)
{
  if (g_test_subprocess ())
    {
      DrDiagramOptions o;
      g_autoptr (GBytes) bytes = NULL;
      PangoFontMap *map;
      GThread *holder;
      int finalized = 0;
      gint64 start;

      dr_diagram_options_init (&o);
      o.caption = "Problem 1";
      bytes = render (&dr_rules_english, "B:W21-32:B1-12", &o, DR_DIAGRAM_PNG);
      map = pango_cairo_font_map_get_default ();
      g_object_weak_ref (G_OBJECT (map), font_map_finalized, &finalized);
      holder = g_thread_new ("holder", hold_font_map, g_object_ref (map));
      start = g_get_monotonic_time ();
      dr_diagram_release_caches ();
      /* Freed before the call returned, after the holder let go. */
      g_assert_cmpint (g_atomic_int_get (&finalized), ==, 1);
      g_assert_cmpint (g_get_monotonic_time () - start, >=, 250 * 1000);
      g_thread_join (holder);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("test-diagram-XXXXXX", NULL);
  g_assert_nonnull (tmp_dir);

  g_test_add_func ("/diagram/png", test_png);
  g_test_add_func ("/diagram/svg", test_svg);
  g_test_add_func ("/diagram/svg-towers", test_svg_towers);
  g_test_add_func ("/diagram/pdf", test_pdf);
  g_test_add_func ("/diagram/collection/pages", test_collection);
  g_test_add_func ("/diagram/collection/errors", test_collection_errors);
  g_test_add_func ("/diagram/collection/solutions", test_solutions);
  g_test_add_func ("/diagram/caption", test_caption);
  g_test_add_func ("/diagram/pixels", test_pixels);
  g_test_add_func ("/diagram/numbers", test_numbers);
  g_test_add_func ("/diagram/errors", test_errors);
  g_test_add_func ("/diagram/cli/formats", test_cli_formats);
  g_test_add_func ("/diagram/cli/collection", test_cli_collection);
  g_test_add_func ("/diagram/cli/errors", test_cli_errors);
  g_test_add_func ("/diagram/release-caches", test_release_caches);
  status = g_test_run ();
  dr_diagram_release_caches ();

  {
    g_autoptr (GDir) dir = g_dir_open (tmp_dir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
        g_unlink (path);
      }
    g_rmdir (tmp_dir);
  }
  g_free (tmp_dir);
  return status;
}
