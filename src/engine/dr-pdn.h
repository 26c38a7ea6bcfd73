/* dr-pdn.h — reading and writing PDN
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reading is liberal, as the PDN 3.0 standard asks and real files need
 * (shared/design/PDN.md, shared/data/README.md); writing is strict PDN 3.0.
 */
#pragma once

#include <glib.h>

#include "dr-game.h"

G_BEGIN_DECLS

#define DR_PDN_ERROR (dr_pdn_error_quark ())

typedef enum
{
  DR_PDN_ERROR_SYNTAX,            /* text that is not PDN */
  DR_PDN_ERROR_UNEXPECTED_EOF,    /* the file ends inside a tag, comment or variation */
  DR_PDN_ERROR_UNKNOWN_GAMETYPE,  /* a GameType this program does not play */
  DR_PDN_ERROR_BAD_SETUP,         /* a FEN that cannot be read or cannot occur */
  DR_PDN_ERROR_ILLEGAL_MOVE,      /* a move that is not legal where it stands */
  DR_PDN_ERROR_AMBIGUOUS_MOVE,    /* a move that fits several legal moves */
  DR_PDN_ERROR_ENCODING,          /* bytes that are not text in any known encoding */
  DR_PDN_ERROR_IO,                /* the file cannot be read */
} DrPdnError;

GQuark        dr_pdn_error_quark        (void);

typedef struct _DrPdnReader DrPdnReader;

/* A reader over @data (@len bytes, or -1 for NUL-terminated).  @name is
 * what messages call the input ("games.pdn").  The encoding is found out:
 * UTF-8 with or without BOM, else Windows-1251 or Windows-1252 by the look
 * of the text, unless @encoding names one.  @rules is the variant for
 * games whose GameType does not say (NULL: guess from the setup and the
 * moves, International when nothing tells). */
DrPdnReader  *dr_pdn_reader_new         (const char     *data,
                                         gssize          len,
                                         const char     *name,
                                         const char     *encoding,
                                         const DrRules  *rules,
                                         GError        **error);
DrPdnReader  *dr_pdn_reader_new_for_file (const char    *path,
                                          const char    *encoding,
                                          const DrRules *rules,
                                          GError       **error);
void          dr_pdn_reader_free        (DrPdnReader    *reader);

/* The next game.  Returns FALSE with *@error NULL at the end of the input.
 * A broken game returns FALSE with *@error set ("name:line:column:
 * message"); the reader has then moved past it and the next call reads the
 * following game. */
gboolean      dr_pdn_reader_next_game   (DrPdnReader    *reader,
                                         DrGame        **game,
                                         GError        **error);

/* Line and column (1-based) where the last game returned or failed began. */
void          dr_pdn_reader_game_start  (DrPdnReader    *reader,
                                         guint          *line,
                                         guint          *column);

/* Strict PDN 3.0 text of @game: the tags in order, the moves in @notation
 * with numbers, variations, comments (a '}' in one becomes ')'), glyphs
 * glued to moves and other NAGs as $n, lines of at most 80 columns, and
 * the result as terminator. */
char         *dr_pdn_write_game         (const DrGame   *game,
                                         DrNotation      notation);

/* Turns legacy or BOM-marked text into UTF-8 (see dr_pdn_reader_new). */
char         *dr_pdn_to_utf8            (const char     *data,
                                         gsize           len,
                                         const char     *encoding,
                                         GError        **error);

/* The result @text means in @rules (PDN.md §2, §9); DR_RESULT_UNKNOWN for
 * "*" and anything not a result. */
DrResult      dr_result_from_string     (const char     *text,
                                         const DrRules  *rules);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrPdnReader, dr_pdn_reader_free)

G_END_DECLS
