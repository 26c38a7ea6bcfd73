/* dr-pdn-lexer.c — the PDN reader's lexer: text to tokens
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tokens with their line and column: tags, comments, parentheses, NAGs,
 * setup commands and "words" (moves, move numbers, results), which the
 * game reader (dr-pdn-reader.c) splits and plays.  The text is first made
 * UTF-8 from what the file is in.
 */

#define G_LOG_DOMAIN "dr-pdn"

#include "config.h"

#include "dr-pdn-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* --- encodings -------------------------------------------------------- */

/* Legacy single-byte text: Cyrillic (Windows-1251) writes whole words in
 * bytes 0xC0-0xFF, Western European (Windows-1252) puts a single accented
 * letter among ASCII ones.  So: are most high bytes next to another? */
static const char *
guess_legacy (const guchar *data,
              gsize         len)
{
  gsize high = 0, paired = 0;

  for (gsize i = 0; i < len; i++)
    if (data[i] >= 0xC0)
      {
        high++;
        if ((i > 0 && data[i - 1] >= 0xC0) || (i + 1 < len && data[i + 1] >= 0xC0))
          paired++;
      }
  return high > 0 && paired * 2 > high ? "WINDOWS-1251" : "WINDOWS-1252";
}

/* The text of @data in UTF-8, and the encoding it was in (a static
 * string, or @encoding itself) and whether it began with a UTF-8 BOM. */
char *
_dr_pdn_to_utf8 (const char  *data,
         gsize        len,
         const char  *encoding,
         const char **found,
         gboolean    *bom,
         GError     **error)
{
  g_autoptr (GError) local = NULL;
  char *out;

  *bom = FALSE;
  if (len >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      len -= 3;
      *bom = TRUE;
    }
  if ((encoding == NULL || g_ascii_strcasecmp (encoding, "UTF-8") == 0)
      && g_utf8_validate (data, (gssize) len, NULL))
    {
      *found = "UTF-8";
      return g_strndup (data, len);
    }
  if (encoding != NULL && g_ascii_strcasecmp (encoding, "UTF-8") == 0)
    {
      g_set_error_literal (error, DR_PDN_ERROR, DR_PDN_ERROR_ENCODING,
                           _("The text is not valid UTF-8"));
      return NULL;
    }
  if (encoding == NULL)
    encoding = guess_legacy ((const guchar *) data, len);
  *found = encoding;
  out = g_convert (data, (gssize) len, "UTF-8", encoding, NULL, NULL, &local);
  if (out == NULL)
    g_set_error (error, DR_PDN_ERROR, DR_PDN_ERROR_ENCODING,
                 _("The text cannot be read as %s: %s"), encoding, local->message);
  return out;
}

char *
dr_pdn_to_utf8 (const char *data,
                gsize       len,
                const char *encoding,
                GError    **error)
{
  const char *found;
  gboolean bom;

  return _dr_pdn_to_utf8 (data, len, encoding, &found, &bom, error);
}

/* --- lexer ------------------------------------------------------------ */

void
_dr_pdn_token_clear (Token *t)
{
  g_clear_pointer (&t->text, g_free);
  g_clear_pointer (&t->value, g_free);
}

static int
peek_char (DrPdnReader *r,
           gsize        ahead)
{
  return r->pos + ahead < r->len ? (guchar) r->text[r->pos + ahead] : -1;
}

static void
advance (DrPdnReader *r)
{
  guchar c = (guchar) r->text[r->pos++];

  if (c == '\n' || (c == '\r' && peek_char (r, 0) != '\n'))
    {
      r->line++;
      r->column = 1;
    }
  else if (c == '\r')
    ;
  else if ((c & 0xC0) != 0x80)
    r->column++;
}

static gboolean
at_line_start (DrPdnReader *r)
{
  for (gsize i = r->pos; i > 0; i--)
    {
      char c = r->text[i - 1];
      if (c == '\n' || c == '\r')
        return TRUE;
      if (c != ' ' && c != '\t')
        return FALSE;
    }
  return TRUE;
}

static gboolean
is_word_end (int c)
{
  return c < 0 || c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '{' || c == '}'
         || c == '(' || c == ')' || c == '[' || c == ']' || c == '$' || c == ';' || c == '"';
}

/* Strength marks in parentheses glued to a move: "19-23(!?)". */
static gsize
paren_glyph_length (DrPdnReader *r)
{
  gsize i = 1;

  if (peek_char (r, 0) != '(')
    return 0;
  while (peek_char (r, i) == '!' || peek_char (r, i) == '?')
    i++;
  return i > 1 && peek_char (r, i) == ')' ? i + 1 : 0;
}

/* A malformed tag: the rest of its line is dropped with it, so that what
 * follows on the next lines reads normally. */
static void
set_error_token (DrPdnReader *r,
                 Token       *t,
                 char        *message)
{
  int c;

  while ((c = peek_char (r, 0)) >= 0 && c != '\n' && c != '\r')
    advance (r);
  t->type = TOKEN_ERROR;
  t->text = message;
}

static void
lex_tag (DrPdnReader *r,
         Token       *t)
{
  GString *name = g_string_new (NULL);
  GString *value = g_string_new (NULL);
  int c;

  advance (r);                              /* [ */
  while ((c = peek_char (r, 0)) == ' ' || c == '\t')
    advance (r);
  while ((c = peek_char (r, 0)) >= 0 && (g_ascii_isalnum (c) || c == '_' || c == '-'))
    {
      g_string_append_c (name, (char) c);
      advance (r);
    }
  while ((c = peek_char (r, 0)) == ' ' || c == '\t')
    advance (r);
  if (name->len == 0)
    {
      set_error_token (r, t, g_strdup (_("a tag without a name")));
      g_string_free (name, TRUE);
      g_string_free (value, TRUE);
      return;
    }
  if (c == '"' || (c == 0xE2 && peek_char (r, 1) == 0x80 && peek_char (r, 2) == 0x9C))
    {
      /* "value", with \" and \\ escapes; CheckerBoard also writes “ ”. */
      gboolean curly = c != '"';

      if (curly)
        {
          advance (r);
          advance (r);
        }
      advance (r);
      while ((c = peek_char (r, 0)) >= 0)
        {
          if (!curly && c == '"')
            break;
          if (curly && c == 0xE2 && peek_char (r, 1) == 0x80 && peek_char (r, 2) == 0x9D)
            break;
          if (c == '\n' || c == '\r')
            break;
          if (c == '\\' && (peek_char (r, 1) == '"' || peek_char (r, 1) == '\\'))
            {
              advance (r);
              c = peek_char (r, 0);
            }
          g_string_append_c (value, (char) c);
          advance (r);
        }
      if (c != '"' && !(curly && c == 0xE2))
        {
          set_error_token (r, t, g_strdup_printf (_("the value of tag %s has no closing quote"),
                                                  name->str));
          g_string_free (name, TRUE);
          g_string_free (value, TRUE);
          return;
        }
      for (int i = curly ? 3 : 1; i > 0; i--)
        advance (r);
    }
  else
    {
      /* An unquoted value, up to the ']'. */
      while ((c = peek_char (r, 0)) >= 0 && c != ']' && c != '\n' && c != '\r')
        {
          g_string_append_c (value, (char) c);
          advance (r);
        }
      g_strchomp (value->str);
      value->len = strlen (value->str);
    }
  while ((c = peek_char (r, 0)) == ' ' || c == '\t')
    advance (r);
  if (c != ']')
    {
      set_error_token (r, t, g_strdup_printf (_("tag %s is not closed by “]”"), name->str));
      g_string_free (name, TRUE);
      g_string_free (value, TRUE);
      return;
    }
  advance (r);
  t->type = TOKEN_TAG;
  t->text = g_string_free (name, FALSE);
  t->value = g_string_free (value, FALSE);
}

static void
lex_token (DrPdnReader *r,
           Token       *t)
{
  int c;

  memset (t, 0, sizeof *t);
  for (;;)
    {
      c = peek_char (r, 0);
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0xA0)
        {
          advance (r);
          t->space_before = TRUE;
          continue;
        }
      if (c == 0xC2 && peek_char (r, 1) == 0xA0)   /* no-break space */
        {
          advance (r);
          advance (r);
          t->space_before = TRUE;
          continue;
        }
      /* '%' escapes the rest of the line (PDN 3.0), as at a line's start. */
      if (c == '%' && (at_line_start (r) || t->space_before))
        {
          while ((c = peek_char (r, 0)) >= 0 && c != '\n' && c != '\r')
            advance (r);
          t->space_before = TRUE;
          continue;
        }
      break;
    }
  t->offset = r->pos;
  t->line = r->line;
  t->column = r->column;
  if (c < 0)
    {
      t->type = TOKEN_EOF;
      return;
    }
  switch (c)
    {
    case '[':
      lex_tag (r, t);
      return;
    case '{':
      {
        gsize start;

        advance (r);
        start = r->pos;
        while ((c = peek_char (r, 0)) >= 0 && c != '}')
          advance (r);
        if (c < 0)
          {
            t->type = TOKEN_ERROR;
            t->text = g_strdup (_("a comment is not closed by “}”"));
            return;
          }
        t->type = TOKEN_COMMENT;
        t->text = g_strndup (r->text + start, r->pos - start);
        advance (r);
        return;
      }
    case ';':
      {
        gsize start;

        advance (r);
        start = r->pos;
        while ((c = peek_char (r, 0)) >= 0 && c != '\n' && c != '\r')
          advance (r);
        t->type = TOKEN_COMMENT;
        t->text = g_strndup (r->text + start, r->pos - start);
        return;
      }
    case '(':
      advance (r);
      t->type = TOKEN_OPEN;
      return;
    case ')':
      advance (r);
      t->type = TOKEN_CLOSE;
      return;
    case '$':
      advance (r);
      t->type = TOKEN_NAG;
      while ((c = peek_char (r, 0)) >= 0 && g_ascii_isdigit (c))
        {
          if (t->number < 1000)
            t->number = t->number * 10 + (guint) (c - '0');
          advance (r);
        }
      return;
    case '/':
      {
        /* A setup command: /FEN "..."/ */
        gsize start;
        char *body, *q1, *q2;

        advance (r);
        start = r->pos;
        while ((c = peek_char (r, 0)) >= 0 && c != '/' && c != '\n')
          advance (r);
        if (c != '/')
          {
            t->type = TOKEN_ERROR;
            t->text = g_strdup (_("a setup command is not closed by “/”"));
            return;
          }
        body = g_strndup (r->text + start, r->pos - start);
        advance (r);
        /* Strip first: g_strchug() moves the text the quotes point into. */
        g_strchug (body);
        q1 = strchr (body, '"');
        q2 = q1 ? strchr (q1 + 1, '"') : NULL;
        if (!g_str_has_prefix (body, "FEN") || q2 == NULL)
          {
            t->type = TOKEN_ERROR;
            t->text = g_strdup_printf (_("“/%s/” is not a setup command"), body);
            g_free (body);
            return;
          }
        t->type = TOKEN_SETUP;
        t->text = g_strndup (q1 + 1, (gsize) (q2 - q1 - 1));
        g_free (body);
        return;
      }
    case '}':
      advance (r);
      t->type = TOKEN_ERROR;
      t->text = g_strdup (_("“}” without a comment to close (comments do not nest)"));
      return;
    case ']':
      advance (r);
      t->type = TOKEN_ERROR;
      t->text = g_strdup (_("“]” outside a tag"));
      return;
    case '"':
      advance (r);
      t->type = TOKEN_ERROR;
      t->text = g_strdup (_("a string outside a tag"));
      return;
    default:
      {
        GString *word = g_string_new (NULL);
        gsize glyph;

        while (!is_word_end (peek_char (r, 0)))
          {
            g_string_append_c (word, (char) peek_char (r, 0));
            advance (r);
          }
        if ((glyph = paren_glyph_length (r)) > 0)
          for (gsize i = 0; i < glyph; i++)
            {
              g_string_append_c (word, (char) peek_char (r, 0));
              advance (r);
            }
        t->type = TOKEN_WORD;
        t->text = g_string_free (word, FALSE);
        return;
      }
    }
}

/* The next token, taken: the reader's text up to its end is read. */
void
_dr_pdn_next_token (DrPdnReader *r,
            Token       *t)
{
  if (r->has_peeked)
    {
      *t = r->peeked;
      r->has_peeked = FALSE;
    }
  else
    {
      lex_token (r, t);
      t->end = r->pos;
    }
  r->consumed = t->end;
}

Token *
_dr_pdn_peek_token (DrPdnReader *r)
{
  if (!r->has_peeked)
    {
      lex_token (r, &r->peeked);
      r->peeked.end = r->pos;
      r->has_peeked = TRUE;
    }
  return &r->peeked;
}
