/* dr-pdn-collection.h — a PDN file as its games, written back untouched
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A DrPdnCollection is a PDN file held as a list of entries, one per game,
 * each with the game's own text as it stands in the file.  Writing the
 * collection gives back the file: the entries nobody edited byte for byte
 * (their text, in the file's encoding, BOM and line ends), the edited and
 * the new ones as dr_pdn_write_game() writes them.  So a program that
 * changes one game of a file of thousands changes nothing else in it, and
 * a game it could read only in part loses nothing.
 */
#pragma once

#include <glib.h>

#include "dr-game.h"
#include "dr-pdn.h"

G_BEGIN_DECLS

/* One game of the file.  Read only: change it through the functions
 * below. */
typedef struct
{
  char   *source;   /* the game's text in the file (UTF-8; its tags, moves,
                       terminator and the blank lines after it, as
                       dr_pdn_reader_game_span() gives them); NULL for a
                       game added since */
  DrGame *game;     /* the game as read, perhaps in part; NULL for a game
                       added since */
  GError *error;    /* why @game was read only in part, or NULL */
  DrGame *edited;   /* the game written in place of @source, or NULL */
} DrPdnEntry;

typedef struct _DrPdnCollection DrPdnCollection;

/* An empty collection: UTF-8 without BOM, "\n" line ends. */
DrPdnCollection  *dr_pdn_collection_new             (void);
/* Reads every game of @data (@len bytes) as dr_pdn_reader_new() does
 * (@name, @encoding and @rules as there), with the variant of the games
 * that name none chosen once for the file (dr_pdn_reader_detect_variant()).
 * Fails only where the reader cannot be made (DR_PDN_ERROR_ENCODING,
 * DR_PDN_ERROR_IO): every game is an entry, whole or in part. */
DrPdnCollection  *dr_pdn_collection_new_from_bytes  (const char            *data,
                                                     gsize                  len,
                                                     const char            *name,
                                                     const char            *encoding,
                                                     const DrRules         *rules,
                                                     GError               **error);
DrPdnCollection  *dr_pdn_collection_new_from_file   (const char            *path,
                                                     const char            *encoding,
                                                     const DrRules         *rules,
                                                     GError               **error);
void              dr_pdn_collection_free            (DrPdnCollection       *self);

guint             dr_pdn_collection_get_n_entries   (const DrPdnCollection *self);
const DrPdnEntry *dr_pdn_collection_get_entry       (const DrPdnCollection *self,
                                                     guint                  index);
/* The game of entry @index as it now is: the edited one if any, else the
 * one read. */
const DrGame     *dr_pdn_collection_get_game        (const DrPdnCollection *self,
                                                     guint                  index);
/* Entries read in part (with an error). */
guint             dr_pdn_collection_count_errors    (const DrPdnCollection *self);

/* Replaces the game of entry @index by @game (transfer full), which is
 * then written in its place by dr_pdn_write_game(). */
void              dr_pdn_collection_set_game        (DrPdnCollection       *self,
                                                     guint                  index,
                                                     DrGame                *game);
/* Adds @game (transfer full) after the last entry; returns its index. */
guint             dr_pdn_collection_append          (DrPdnCollection       *self,
                                                     DrGame                *game);
/* Removes entry @index with its text; the next entries move up. */
void              dr_pdn_collection_remove          (DrPdnCollection       *self,
                                                     guint                  index);

/* The file's encoding ("UTF-8", "WINDOWS-1251", ...), whether it began
 * with a UTF-8 BOM, and its line end ("\r\n", "\n" or "\r": the most
 * frequent one of the file, "\n" if it has none). */
const char       *dr_pdn_collection_get_encoding    (const DrPdnCollection *self);
gboolean          dr_pdn_collection_get_bom         (const DrPdnCollection *self);
const char       *dr_pdn_collection_get_line_end    (const DrPdnCollection *self);
/* The variant read for the games that name none, and what was found when
 * choosing it (dr_pdn_reader_detect_variant(); NULL when every game names
 * its variant). */
const DrRules    *dr_pdn_collection_get_rules       (const DrPdnCollection *self);
const char       *dr_pdn_collection_get_variant_report (const DrPdnCollection *self);

/* The whole file: the text before the first game, then every entry, the
 * unedited ones as their @source, the edited and new ones as
 * dr_pdn_write_game (game, @notation) with the file's line ends and a blank
 * line before the next game.  It is encoded in the file's encoding (with
 * its BOM) when every character fits; else it is UTF-8 and
 * *@as_utf8 is TRUE, for the caller to tell the user.  Returns the bytes
 * (NUL-terminated), their number in *@length. */
char             *dr_pdn_collection_write           (const DrPdnCollection *self,
                                                     DrNotation             notation,
                                                     gsize                 *length,
                                                     gboolean              *as_utf8);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrPdnCollection, dr_pdn_collection_free)

G_END_DECLS
