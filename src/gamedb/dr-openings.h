/* dr-openings.h — named openings and ballots, recognised by position
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A DrOpeningBook holds opening tables read from text (data/openings/,
 * data/ballots/, built into the library): each entry is a name or a ballot
 * code with its defining moves, which are replayed once to give the
 * position they lead to.  A game is classified by the positions of its
 * main line, so a transposed move order is still named; where a source
 * gives the opening's tabiya, reaching the tabiya names it too (a game may
 * transpose into a tabiya without passing through the defining position).
 * Of several entries met, the deepest (most plies matched) wins.  Names and ballot
 * codes are kept apart: a game has at most one of each.
 *
 * Look-ups do not change a book: once built, one book may serve several
 * threads at once (an import on a worker, the board's opening name).
 */
#pragma once

#include <glib.h>

#include "dr-game.h"
#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_OPENINGS_ERROR (dr_openings_error_quark ())

typedef enum
{
  DR_OPENINGS_ERROR_SYNTAX,   /* a line that is not "field | field | ..." */
  DR_OPENINGS_ERROR_MOVE,     /* a defining move that is not legal */
  DR_OPENINGS_ERROR_SOURCE,   /* a line citing a source ("[W-GP]") that
                                 the table's header does not list */
  DR_OPENINGS_ERROR_TABIYA,   /* a tabiya that cannot be played, or that
                                 does not pass through the defining
                                 position */
} DrOpeningsError;

GQuark      dr_openings_error_quark      (void);

typedef enum
{
  DR_OPENING_NAME,     /* a named opening: "Городская партия", "Old Fourteenth" */
  DR_OPENING_BALLOT,   /* a ballot: "FMJD 1-I", "ACF 94" */
} DrOpeningKind;

typedef struct
{
  DrOpeningKind  kind;
  const DrRules *rules;
  char          *code;      /* ballot code with its table ("ACF 94"); NULL for names */
  char          *name;      /* name in the original language; a ballot's nickname; or NULL */
  char          *name_en;   /* the standard English name, or NULL */
  char          *moves;     /* the defining moves as the table writes them */
  char          *source;    /* where the table says it comes from */
  char          *tabiya;    /* the moves to the tabiya where the source
                               gives one beyond the defining moves, or NULL */
  guint          depth;     /* number of defining moves (plies) */
  guint          tabiya_depth; /* plies to the tabiya, 0 without one */
  DrPosition     position;  /* after the defining moves */
  DrPosition     tabiya_position; /* after the tabiya's moves, if tabiya_depth > 0:
                                     it names the opening too, at tabiya_depth */
} DrOpening;

/* How a table's columns ("a | b | c", '#' starts a comment line) are read:
 * the index of each field, -1 for none. */
typedef struct
{
  DrOpeningKind  kind;
  const DrRules *rules;
  const char    *code_prefix;  /* ballots: put before the code ("ACF") */
  int            code;
  int            name;
  int            name_en;
  int            moves;
  int            source;
  int            fen;          /* the position, for lines whose "moves" are
                                  not moves (the relocated men of the
                                  FMJD table's "flying" openings) */
  int            tabiya;       /* the moves to the tabiya (optional) */
  const char    *source_all;   /* the source of every line, if no column */
} DrOpeningTableFormat;

typedef struct _DrOpeningBook DrOpeningBook;

DrOpeningBook   *dr_opening_book_new         (void);
/* Every table built into the library (data/openings/, data/ballots/). */
DrOpeningBook   *dr_opening_book_new_builtin (GError                     **error);
void             dr_opening_book_free        (DrOpeningBook               *self);
/* Adds the entries of @text, a table in @format; @name is what messages
 * call it ("russian.txt:12: ...").  Where the table has a source column,
 * each source a line cites in brackets ("[W-GP]") must be one that a
 * comment line of the table lists ("#  [W-GP]  ru.wikipedia ..."). */
gboolean         dr_opening_book_add_table   (DrOpeningBook               *self,
                                              const char                  *name,
                                              const char                  *text,
                                              const DrOpeningTableFormat  *format,
                                              GError                     **error);
guint            dr_opening_book_get_n       (const DrOpeningBook         *self);
const DrOpening *dr_opening_book_get         (const DrOpeningBook         *self,
                                              guint                        index);
/* The deepest entry of @kind whose position (or tabiya) is @pos, or NULL;
 * deepest by the plies of what matched: the defining moves, or the moves
 * to the tabiya. */
const DrOpening *dr_opening_book_lookup      (const DrOpeningBook         *self,
                                              const DrRules               *rules,
                                              const DrPosition            *pos,
                                              DrOpeningKind                kind);
/* The greatest depth of any entry (how far classifying needs to look). */
guint            dr_opening_book_max_depth   (const DrOpeningBook         *self);

typedef struct
{
  const DrOpening *name;     /* the deepest named opening met, or NULL */
  guint            name_ply; /* where the game reached it */
  guint            name_depth; /* the plies of what it matched: name->depth, or
                                  name->tabiya_depth where the game reached
                                  the tabiya by another move order */
  const DrOpening *ballot;   /* the deepest ballot met, or NULL */
  guint            ballot_ply;
  guint            ballot_depth;
} DrClassification;

/* Classifies the positions @line[0..n-1] of a game (line[0] the start). */
void             dr_opening_book_classify_line (const DrOpeningBook       *self,
                                                const DrRules             *rules,
                                                const DrPosition          *line,
                                                guint                      n,
                                                DrClassification          *out);
/* Classifies @game's main line. */
void             dr_opening_book_classify    (const DrOpeningBook         *self,
                                              const DrGame                *game,
                                              DrClassification            *out);

/* "Городская партия (City Game)", "Old Fourteenth", "ACF 94 (Nutcracker)",
 * "FMJD 1-I". */
char            *dr_opening_get_label        (const DrOpening             *opening);
/* What an [Opening] tag says: the name's label, followed by the ballot's
 * when both were met ("Игра Филиппова (Filippov's Game), FMJD 43-XIII",
 * "Kelso, ACF 94 (Nutcracker)"): a ballot code never stands in for a
 * name.  The ballot's label alone when no name was met; NULL when
 * neither was. */
char            *dr_classification_to_tag    (const DrClassification      *classification);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrOpeningBook, dr_opening_book_free)

G_END_DECLS
