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
  DR_PDN_ERROR_UNREAD,            /* text kept unread by an earlier reading */
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

/* What dr_pdn_reader_next_game() read. */
typedef enum
{
  DR_PDN_READ_END,      /* no game left: *game is NULL, *error is not set */
  DR_PDN_READ_WHOLE,    /* *game was read whole; *error is not set */
  DR_PDN_READ_PARTIAL,  /* *game was read up to a problem, which *error
                           tells ("name:LINE:COLUMN: message") */
} DrPdnRead;

/* The next game.  Every game of the input comes back, whole or in part;
 * only the end of the input gives no game (text that cannot be read at all,
 * an encoding or a file that cannot be opened, fails in
 * dr_pdn_reader_new()).  A game ends at its terminator, at a tag section
 * after its moves, or at a tag its own tag section already names (in any
 * case): a game of tags alone, without moves or terminator, before the
 * next game's tags comes back as a game without moves.
 *
 * A game read in part holds its tags, its moves, comments and variations up
 * to the problem, and the rest of its text from where reading stopped to
 * the end of the game (its terminator included), verbatim but for line
 * ends, as #DrGameNode.unread on the last node read (the root if no move
 * was; dr_game_find_unread()).  The problems: a tag that cannot be read
 * (the unread text starts with it; the tags before it are kept), a GameType
 * this program does not play (the game is International, the GameType tag
 * is kept, and all of the move text is unread), a FEN that cannot be read
 * (the FEN tag is kept as written, the game starts from the variant's
 * initial position, and all of the move text is unread), and a move, a
 * comment or a parenthesis that cannot be read.  Its result is its Result
 * tag's, else that of a result that ends the unread text.  A game that
 * holds text kept unread by an earlier reading (the writer's [%unread]
 * comments) is read in part too, with DR_PDN_ERROR_UNREAD at the first
 * such comment.
 *
 * The reader then goes on after the game: the next call reads the
 * following one. */
DrPdnRead     dr_pdn_reader_next_game   (DrPdnReader    *reader,
                                         DrGame        **game,
                                         GError        **error);

/* Line and column (1-based) where the last game returned began. */
void          dr_pdn_reader_game_start  (DrPdnReader    *reader,
                                         guint          *line,
                                         guint          *column);

/* Where the last game returned lies in the text (dr_pdn_reader_get_text()):
 * byte offsets from its first tag (or move, comment, ...) to the start of
 * the next game, or the end of the text, so that its terminator and the
 * whitespace, line comments and stray "*" after it are its own.  The games'
 * spans follow each other without gaps; what comes before the first game
 * (blank lines, '%' comments) belongs to none. */
void          dr_pdn_reader_game_span   (DrPdnReader    *reader,
                                         gsize          *start,
                                         gsize          *end);

/* The text read, in UTF-8 (without a BOM), and its length in bytes. */
const char   *dr_pdn_reader_get_text    (DrPdnReader    *reader,
                                         gsize          *length);
/* The encoding the input was in: "UTF-8", "WINDOWS-1251", "WINDOWS-1252"
 * or the one the caller named; and whether it began with a UTF-8 BOM. */
const char   *dr_pdn_reader_get_encoding (DrPdnReader   *reader);
gboolean      dr_pdn_reader_get_bom     (DrPdnReader    *reader);

/* Chooses the variant of the games that name none (neither GameType nor
 * Variant tag), once for the whole input; call it before reading the
 * first game.  Up to the first 200 games are read under each variant of
 * their board size (10x10 or 8x8, as the square numbers and FENs of their
 * setups and moves tell) and under the reader's @rules; the variant under
 * which the fewest of them are read in part wins, and on a tie the
 * reader's @rules, else the variant the reader would guess for most of
 * them game by game, else the first in DrVariant order.  The games that
 * name no variant are then read in it, but for one whose setup or moves
 * use squares of the other board (a 10x10 setup among 8x8 ones), which
 * keeps the reader's guess.
 *
 * Returns the variant chosen, or the reader's @rules (perhaps NULL: each
 * game guessed) when every game sampled names its variant; then *@report
 * is NULL.  Otherwise *@report says what was found, e.g. "no GameType;
 * replays as italian (0 errors in 36 games; russian: 36 errors, ...)". */
const DrRules *dr_pdn_reader_detect_variant (DrPdnReader *reader,
                                             char       **report);

/* Strict PDN 3.0 text of @game: the tags in order, the moves in @notation
 * with numbers, variations, comments (a '}' in one becomes ')'), glyphs
 * glued to moves and other NAGs as $n, lines of at most 80 columns, and
 * the result as terminator.
 *
 * Text kept unread (#DrGameNode.unread) is written after its node's move
 * and comment (after the opening comment for the root) as a comment that
 * starts with the marker "[%unread]" and a space, then the text as it
 * was, line breaks included.  A comment cannot hold '}', so the text is cut
 * at each '}', and each piece after the first goes into a comment of its
 * own that starts with "[%unread-rbrace]" (standing for the '}') and a
 * space; an empty piece is written without the space:
 *
 *     unread "2. 32-27 {a } b} *"  is written
 *     {[%unread] 2. 32-27 {a } {[%unread-rbrace]  b} {[%unread-rbrace]  *}
 *
 * (what stands between the comments does not matter).
 *
 * The reader puts such comments back together on their node, so that a
 * game written, read and written again gives the same text. */
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
