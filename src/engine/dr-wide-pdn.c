/* dr-wide-pdn.c — reading PDN games on the wide boards
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-wide-pdn.h"

#include "dr-notation.h"
#include "dr-pdn-private.h"
#include "dr-wide-text.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 64   /* nested variations */

typedef struct
{
  DrPdnReader       *r;
  int                size;
  DrWidePdnCounts   *counts;
  DrWidePdnErrorFunc func;
  gpointer           user_data;
  DrWidePosition     start;
  gboolean           started;    /* a tag or a move of this game was read */
  gboolean           in_moves;   /* its movetext has begun */
  gboolean           broken;     /* a problem: skip to the next game */
  int                depth;      /* variations open */
  int                skip_depth; /* a broken variation: skip until closed */
  DrWidePosition     pos[MAX_DEPTH + 1];    /* the position at each level */
  DrWidePosition     before[MAX_DEPTH + 1]; /* before the last move there */
  gboolean           has_before[MAX_DEPTH + 1];
  DrWideMoveList    *list;
} Check;

static int
expected_gametype (int size)
{
  /* PDN.md §4: 27 Canadian 12x12; 20 International 10x10. */
  return size == 12 ? 27 : size == 10 ? 20 : 0;
}

static void problem (Check      *c,
                     guint       line,
                     guint       column,
                     int         code,
                     const char *format,
                     ...) G_GNUC_PRINTF (5, 6);

static void
problem (Check      *c,
         guint       line,
         guint       column,
         int         code,
         const char *format,
         ...)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (&error, DR_PDN_ERROR, code, "%s:%u:%u: %s", c->r->name, line, column, message);
  if (c->func != NULL)
    c->func (error, c->user_data);
  c->counts->errors++;
  c->broken = TRUE;
}

static void
new_game (Check *c)
{
  dr_wide_initial (&c->start, c->size);
  c->started = FALSE;
  c->in_moves = FALSE;
  c->broken = FALSE;
  c->depth = 0;
  c->skip_depth = -1;
  c->has_before[0] = FALSE;
}

static void
end_game (Check *c)
{
  if (c->started)
    c->counts->games++;
  new_game (c);
}

static gboolean
is_result (const char *w)
{
  static const char *const results[] = {
    "1-0", "0-1", "1/2-1/2", "½-½", "0.5-0.5", "2-0", "0-2", "1-1", "0-0", "*", NULL
  };
  return g_strv_contains (results, w);
}

static void
setup (Check      *c,
       const char *fen,
       guint       line,
       guint       column)
{
  g_autoptr (GError) error = NULL;

  if (c->in_moves)
    return;   /* a /FEN/ command inside the movetext: not ours to follow */
  if (!dr_wide_fen_parse (c->size, fen, &c->start, &error))
    problem (c, line, column, DR_PDN_ERROR_BAD_SETUP, "%s", error->message);
}

static void
tag (Check *c,
     Token *t)
{
  if (c->in_moves)
    end_game (c);
  c->started = TRUE;
  if (g_ascii_strcasecmp (t->text, "FEN") == 0)
    setup (c, t->value, t->line, t->column);
  else if (g_ascii_strcasecmp (t->text, "GameType") == 0)
    {
      char *end;
      long type = strtol (t->value, &end, 10);

      if (end == t->value || type != expected_gametype (c->size))
        problem (c, t->line, t->column, DR_PDN_ERROR_UNKNOWN_GAMETYPE,
                 _("GameType “%s” is not International rules on %dx%d (expected %d)"),
                 t->value, c->size, c->size, expected_gametype (c->size));
    }
}

static void
begin_moves (Check *c)
{
  if (c->in_moves)
    return;
  c->in_moves = TRUE;
  c->started = TRUE;
  c->pos[0] = c->start;
}

static void
word (Check *c,
      Token *t)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *move = NULL;
  const char *p = t->text, *m;
  const DrWideMove *found;
  DrWidePosition *pos;
  gsize len;

  begin_moves (c);
  if (is_result (t->text))
    {
      if (c->depth == 0)
        end_game (c);
      return;
    }
  /* A move number ("12.", "12...") alone or glued to the move. */
  while (g_ascii_isdigit (*p))
    p++;
  if (p > t->text && *p == '.')
    while (*p == '.')
      p++;
  else
    p = t->text;
  while (*p == '.')
    p++;
  m = p;
  len = strcspn (m, "!?");
  if (len == 0)
    return;
  if (c->broken || c->skip_depth >= 0)
    return;
  move = g_strndup (m, len);
  pos = &c->pos[c->depth];
  dr_wide_generate (pos, c->list);
  found = dr_wide_move_parse (pos, c->list, move, &error);
  if (found == NULL)
    {
      guint column = t->column + (guint) g_utf8_pointer_to_offset (t->text, m);

      if (c->depth > 0)
        {
          /* Skip this variation, not the game. */
          problem (c, t->line, column, error->code == DR_MOVE_ERROR_AMBIGUOUS
                   ? DR_PDN_ERROR_AMBIGUOUS_MOVE : DR_PDN_ERROR_ILLEGAL_MOVE, "%s", error->message);
          c->broken = FALSE;
          c->skip_depth = c->depth;
        }
      else
        problem (c, t->line, column, error->code == DR_MOVE_ERROR_AMBIGUOUS
                 ? DR_PDN_ERROR_AMBIGUOUS_MOVE : DR_PDN_ERROR_ILLEGAL_MOVE, "%s", error->message);
      return;
    }
  c->before[c->depth] = *pos;
  c->has_before[c->depth] = TRUE;
  dr_wide_apply (pos, pos, found);
  c->counts->moves++;
}

void
dr_wide_pdn_check (DrPdnReader        *reader,
                   int                 size,
                   DrWidePdnCounts    *counts,
                   DrWidePdnErrorFunc  func,
                   gpointer            user_data)
{
  Check *c = g_new0 (Check, 1);

  c->r = reader;
  c->size = size;
  c->counts = counts;
  c->func = func;
  c->user_data = user_data;
  c->list = g_new0 (DrWideMoveList, 1);
  new_game (c);
  for (;;)
    {
      Token t = { 0 };

      _dr_pdn_next_token (reader, &t);
      switch (t.type)
        {
        case TOKEN_EOF:
          if (c->depth > 0 && !c->broken)
            problem (c, t.line, t.column, DR_PDN_ERROR_UNEXPECTED_EOF,
                     _("the file ends inside a variation"));
          end_game (c);
          _dr_pdn_token_clear (&t);
          g_free (c->list);
          g_free (c);
          return;
        case TOKEN_TAG:
          tag (c, &t);
          break;
        case TOKEN_SETUP:
          setup (c, t.text, t.line, t.column);
          break;
        case TOKEN_OPEN:
          begin_moves (c);
          if (c->depth == MAX_DEPTH)
            problem (c, t.line, t.column, DR_PDN_ERROR_SYNTAX,
                     _("variations nested more than %d deep"), MAX_DEPTH);
          else if (!c->has_before[c->depth] && c->skip_depth < 0 && !c->broken)
            problem (c, t.line, t.column, DR_PDN_ERROR_SYNTAX,
                     _("a variation before any move"));
          else
            {
              /* The variation replaces the last move at this level. */
              c->pos[c->depth + 1] = c->before[c->depth];
              c->has_before[c->depth + 1] = FALSE;
              c->depth++;
            }
          break;
        case TOKEN_CLOSE:
          if (c->depth == 0)
            {
              if (!c->broken)
                problem (c, t.line, t.column, DR_PDN_ERROR_SYNTAX, _("“)” without a variation to close"));
            }
          else
            {
              if (c->skip_depth == c->depth)
                c->skip_depth = -1;
              c->depth--;
            }
          break;
        case TOKEN_WORD:
          word (c, &t);
          break;
        case TOKEN_ERROR:
          problem (c, t.line, t.column, DR_PDN_ERROR_SYNTAX, "%s", t.text);
          break;
        case TOKEN_COMMENT:
        case TOKEN_NAG:
          break;
        }
      _dr_pdn_token_clear (&t);
    }
}
