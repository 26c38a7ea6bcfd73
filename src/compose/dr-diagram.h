/* dr-diagram.h — positions drawn for publication: PNG, SVG and PDF diagrams
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No GTK: Cairo's own image, SVG and PDF surfaces, and PangoCairo for the
 * text.  The board is drawn as the application's board view draws it
 * (dr-board-view.c): White at the bottom unless flipped, a1 at White's
 * lower left, the playing squares of the variant's geometry dark (Italian
 * and Spanish boards have a light square at a1), Turkish on all squares.
 * Square numbers are the variant's own (dr-geometry.h).
 *
 * A collection (a PDN file) becomes one PDF: @per_page diagrams a page
 * (A4), each with its number and caption, then the solutions (each game's
 * main line in the variant's notation) on the last pages.
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "dr-game.h"
#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_DIAGRAM_ERROR (dr_diagram_error_quark ())

typedef enum
{
  DR_DIAGRAM_ERROR_FORMAT,    /* not png, svg or pdf */
  DR_DIAGRAM_ERROR_DRAWING,   /* Cairo failed (its status in the message) */
  DR_DIAGRAM_ERROR_EMPTY,     /* a collection with no game to draw */
  DR_DIAGRAM_ERROR_OPTION,    /* an option out of range (size, per page) */
} DrDiagramError;

typedef enum
{
  DR_DIAGRAM_PNG,
  DR_DIAGRAM_SVG,
  DR_DIAGRAM_PDF,
} DrDiagramFormat;

typedef enum
{
  DR_DIAGRAM_STYLE_COLOUR,    /* brown squares, ivory and dark pieces, gold crowns */
  DR_DIAGRAM_STYLE_BW,        /* print: grey dark squares, white pieces outlined,
                                 black pieces filled, kings crowned */
} DrDiagramStyle;

typedef enum
{
  DR_DIAGRAM_LABELS_NONE,
  DR_DIAGRAM_LABELS_COORDINATES, /* a-h / a-j under the board, 1-8 / 1-10 left of it */
  DR_DIAGRAM_LABELS_NUMBERS,     /* each empty playing square's number */
} DrDiagramLabels;

/* Smallest and largest board width (pixels for PNG, points otherwise). */
#define DR_DIAGRAM_MIN_SIZE 64
#define DR_DIAGRAM_MAX_SIZE 4096

typedef struct
{
  int              size;        /* the board's width with its labels: pixels
                                   (PNG) or points (SVG, PDF) */
  DrDiagramStyle   style;
  DrDiagramLabels  labels;
  gboolean         flipped;     /* Black at the bottom */
  /* The caption under the board, each line left out when NULL or empty. */
  const char      *caption;     /* a title: "A1", "Problem 12" */
  const char      *author;
  const char      *source;
  const char      *stipulation; /* "White to play and win" */
} DrDiagramOptions;

/* A caption's strings taken from a game's tags (owned). */
typedef struct
{
  char *caption;
  char *author;
  char *source;
  char *stipulation;
} DrDiagramCaption;

GQuark           dr_diagram_error_quark        (void);

/* 320, colour, no labels, not flipped, no caption. */
void             dr_diagram_options_init       (DrDiagramOptions       *options);

/* "png", "svg", "pdf" (any case); the suffix of a file name. */
gboolean         dr_diagram_format_from_name   (const char             *name,
                                                DrDiagramFormat        *format);
gboolean         dr_diagram_format_from_path   (const char             *path,
                                                DrDiagramFormat        *format);
const char      *dr_diagram_format_suffix      (DrDiagramFormat         format);

/* The caption of @game: the Event tag, the Author tag (or "White – Black"),
 * the Source tag (or Site and Date), the Stipulation tag (or "White to
 * play and win" and the like, from the start position's side to move and
 * the result, for a game set up from a FEN). */
void             dr_diagram_caption_from_game  (const DrGame           *game,
                                                DrDiagramCaption       *caption);
void             dr_diagram_caption_clear      (DrDiagramCaption       *caption);

/* The whole diagram's size with @options (board, labels and caption). */
void             dr_diagram_get_size           (const DrRules          *rules,
                                                const DrDiagramOptions *options,
                                                double                 *width,
                                                double                 *height);
/* Draws the diagram with its top left corner at (0, 0) of @cr. */
void             dr_diagram_draw               (cairo_t                *cr,
                                                const DrRules          *rules,
                                                const DrPosition       *pos,
                                                const DrDiagramOptions *options);
/* Where the cell at @row, @column (0, 0: top left as drawn) lies in the
 * diagram, and the playing square it shows (-1: a light square). */
int              dr_diagram_cell               (const DrRules          *rules,
                                                const DrDiagramOptions *options,
                                                int                     row,
                                                int                     column,
                                                double                 *x,
                                                double                 *y,
                                                double                 *cell);
/* The label a square number shows in the cell: "1", or NULL (transfer full). */
char            *dr_diagram_cell_number        (const DrRules          *rules,
                                                const DrDiagramOptions *options,
                                                int                     row,
                                                int                     column);

/* The diagram as a file's bytes. */
GBytes          *dr_diagram_render             (const DrRules          *rules,
                                                const DrPosition       *pos,
                                                const DrDiagramOptions *options,
                                                DrDiagramFormat         format,
                                                GError                **error);

/* Called after each page of a collection (on the calling thread). */
typedef void (*DrDiagramProgressFunc) (guint    done,
                                       guint    total,
                                       gpointer user_data);

/* @games (const DrGame *) as one PDF: @per_page (1-12) diagrams an A4
 * page, numbered 1, 2, ..., each with its caption; then the solutions.
 * @options gives the style and labels (its size and caption are not
 * used).  Stops with G_IO_ERROR_CANCELLED when @cancellable is. */
GBytes          *dr_diagram_render_collection  (GPtrArray              *games,
                                                const DrDiagramOptions *options,
                                                guint                   per_page,
                                                DrDiagramProgressFunc   progress,
                                                gpointer                user_data,
                                                GCancellable           *cancellable,
                                                GError                **error);
/* The main line of @game from its start, as the variant writes it:
 * "1. 17-12 36x47 2. 12x3" (transfer full; "" if it has no move). */
char            *dr_diagram_solution_text      (const DrGame           *game);

/* At the end of a program that drew diagrams: lets go of the fonts'
 * caches (PangoCairo's font map of the calling thread, Cairo's static
 * data, fontconfig's configuration), so that a leak checker sees only
 * what the program itself kept.  Nothing may be drawn afterwards. */
void             dr_diagram_release_caches     (void);

/* Writes @bytes to @path atomically (a temporary file renamed over it). */
gboolean         dr_diagram_write_file         (GBytes                 *bytes,
                                                const char             *path,
                                                GError                **error);

G_END_DECLS
