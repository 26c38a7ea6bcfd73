/* dr-pdn-private.h — the PDN reader's lexer, shared by its two files
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dr-pdn-lexer.c turns the text into tokens; dr-pdn-reader.c builds games
 * from them.  Not installed, not for other modules.
 */
#pragma once

#include "dr-pdn.h"

G_BEGIN_DECLS

typedef enum
{
  TOKEN_EOF,
  TOKEN_TAG,        /* text = name, value = value */
  TOKEN_COMMENT,    /* text = the comment */
  TOKEN_OPEN,       /* ( */
  TOKEN_CLOSE,      /* ) */
  TOKEN_NAG,        /* number */
  TOKEN_SETUP,      /* text = the FEN of a /FEN "..."/ command */
  TOKEN_WORD,       /* text: a move, a move number, a result, ... */
  TOKEN_ERROR,      /* text = message */
} TokenType;

typedef struct
{
  TokenType type;
  char     *text;
  char     *value;
  guint     number;
  gsize     offset;         /* where the token starts in the text */
  gsize     end;            /* where it ends (the offset after it) */
  guint     line;
  guint     column;
  gboolean  space_before;   /* whitespace between this and the previous token */
} Token;

struct _DrPdnReader
{
  char          *name;
  char          *text;       /* UTF-8 */
  gboolean       owns_text;  /* FALSE: borrowed from another reader */
  char          *encoding;   /* what the input was in */
  gboolean       bom;
  gsize          len;
  gsize          pos;
  gsize          consumed;   /* the end of the last token taken (not peeked) */
  guint          line;
  guint          column;
  const DrRules *rules;      /* the caller's variant, or NULL */
  gboolean       rules_detected; /* @rules was chosen for the file's games
                                    (dr_pdn_reader_detect_variant()) */
  Token          peeked;
  gboolean       has_peeked;
  guint          game_line;
  guint          game_column;
  gsize          game_start; /* the span of the last game returned */
  gsize          game_end;
  const DrRules *last_rules; /* the variant of the file's last game */
};

/* The text of @data (@len bytes) in UTF-8: from @encoding, or, when it is
 * NULL, from what the bytes are (UTF-8 with or without a BOM, else a
 * legacy encoding guessed from them).  @found: the encoding used. */
char   *_dr_pdn_to_utf8     (const char  *data,
                             gsize        len,
                             const char  *encoding,
                             const char **found,
                             gboolean    *bom,
                             GError     **error);

void    _dr_pdn_token_clear (Token       *t);
/* The next token, taken: the reader's text up to its end is read. */
void    _dr_pdn_next_token  (DrPdnReader *r,
                             Token       *t);
/* The next token, left to be taken (owned by @r). */
Token  *_dr_pdn_peek_token  (DrPdnReader *r);

G_END_DECLS
