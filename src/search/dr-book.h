/* dr-book.h — an opening book: moves known good in known positions
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A book maps positions (by their Zobrist key) to the moves worth playing
 * there, each with a weight: how often the engine should choose it.  It is
 * made by dr_book_build() from two sources: the moves of the games of a
 * collection that scored well for the side that played them, and our own
 * analysis (a search of each book position to a fixed depth with several
 * lines, keeping the moves within a margin of the best).  Every move kept
 * was checked by that search, whichever source proposed it.
 *
 * File (little-endian), "DRBOOK" format 1:
 *   0   8  magic "DRBOOK\0" and the format version (1)
 *   8   4  GameType (PDN) of the variant
 *   12  4  number of entries N
 *   16  32 SHA-256 of bytes 0-15 and the entries
 *   48  N entries of 20 bytes, sorted by key then by weight (largest first):
 *       8 the position's key (DrPosition.hash), 8 the captured squares,
 *       1 from, 1 to, 2 weight (1-65535)
 * A file whose checksum, GameType or size is wrong is refused.  A move is
 * taken from a book only if it is legal in the position (a key collision
 * gives no move).
 */
#pragma once

#include <glib.h>

#include "dr-movegen.h"
#include "dr-position.h"
#include "dr-rules.h"
#include "dr-search.h"

G_BEGIN_DECLS

#define DR_BOOK_ERROR (dr_book_error_quark ())

typedef enum
{
  DR_BOOK_ERROR_FORMAT,     /* not a book, or another version */
  DR_BOOK_ERROR_DAMAGED,    /* the checksum or the size does not match */
  DR_BOOK_ERROR_VARIANT,    /* made for another variant */
} DrBookError;

GQuark dr_book_error_quark (void);

typedef struct _DrBook DrBook;

typedef struct
{
  DrMove move;
  guint  weight;
} DrBookMove;

DrBook        *dr_book_new            (const DrRules    *rules);
void           dr_book_free           (DrBook           *self);
const DrRules *dr_book_get_rules      (const DrBook     *self);
guint          dr_book_n_entries      (const DrBook     *self);
/* Adds @move (legal in @pos) with @weight, or adds @weight to it. */
void           dr_book_add            (DrBook           *self,
                                       const DrPosition *pos,
                                       const DrMove     *move,
                                       guint             weight);
/* The book's legal moves in @pos, the heaviest first; their number. */
guint          dr_book_lookup         (const DrBook     *self,
                                       const DrPosition *pos,
                                       DrBookMove        out[DR_MAX_MOVES]);
/* A move of @pos drawn with probability proportional to its weight
 * (@rand: NULL, the heaviest); FALSE if the book has none. */
gboolean       dr_book_pick           (const DrBook     *self,
                                       const DrPosition *pos,
                                       GRand            *rand,
                                       DrMove           *move);

GBytes        *dr_book_to_bytes       (const DrBook     *self);
DrBook        *dr_book_load_bytes     (const DrRules    *rules,
                                       GBytes           *bytes,
                                       const char       *name,
                                       GError          **error);
DrBook        *dr_book_load_file      (const DrRules    *rules,
                                       const char       *path,
                                       GError          **error);
/* Written atomically (a temporary file renamed over @path). */
gboolean       dr_book_save           (const DrBook     *self,
                                       const char       *path,
                                       GError          **error);
/* The book that ships for @rules (data/book/), or NULL if none. */
DrBook        *dr_book_new_builtin    (const DrRules    *rules);

typedef struct
{
  guint  max_plies;      /* book positions from the start: 0 to this - 1 */
  int    depth;          /* the checking search's depth */
  int    margin;         /* hundredths of a man below the best that a move may be */
  guint  max_positions;  /* positions searched at the most (0: no limit) */
  guint  min_games;      /* a game move is proposed from this many games on */
  double min_score;      /* ... scoring at least this for its side (0-1) */
  guint  lines;          /* the search's lines at each position (2-DR_SEARCH_MAX_PV) */
} DrBookBuildOptions;

void           dr_book_build_options_init (DrBookBuildOptions *options);

/* Called after each position searched: done, and positions queued. */
typedef void (*DrBookProgressFunc) (guint    done,
                                    guint    queued,
                                    gpointer user_data);

/* A book for @search's rules: @games (DrGame *, may be NULL or empty)
 * propose the moves their players chose, the search proposes its best
 * lines; each position is expanded breadth-first from the start with the
 * moves kept, up to @options' plies and positions. */
DrBook        *dr_book_build          (DrSearch                 *search,
                                       GPtrArray                *games,
                                       const DrBookBuildOptions *options,
                                       DrBookProgressFunc        progress,
                                       gpointer                  user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrBook, dr_book_free)

G_END_DECLS
