/* dr-wide-text.c — FEN, square names and move text for the wide boards
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-wide"

#include "config.h"

#include "dr-wide-text.h"

#include "dr-fen.h"
#include "dr-notation.h"

#include <glib/gi18n-lib.h>
#include <string.h>

const char *
dr_wide_square_text (const DrWideGeometry *g,
                     int                   bit,
                     gboolean              algebraic,
                     char                 *buf)
{
  int x, y;

  if (!algebraic)
    g_snprintf (buf, 4, "%d", dr_wide_number (g, bit));
  else if (dr_wide_xy (g, bit, &x, &y))
    g_snprintf (buf, 4, "%c%d", 'a' + x, y + 1);
  else
    g_strlcpy (buf, "?", 4);
  return buf;
}

/* One square at @p: a number or a letter and a number.  Returns the bit,
 * or -1 with *len > 0 for a square not on the board, or *len == 0 when
 * nothing there looks like a square. */
static int
read_square (const DrWideGeometry *g,
             const char           *p,
             size_t               *len)
{
  const char *q = p;
  int file = -1, number = 0;

  if (g_ascii_isalpha (*q))
    file = g_ascii_tolower (*q++) - 'a';
  if (!g_ascii_isdigit (*q))
    {
      *len = 0;
      return -1;
    }
  while (g_ascii_isdigit (*q) && number < 1000)
    number = number * 10 + (*q++ - '0');
  *len = (size_t) (q - p);
  if (file >= 0)
    return dr_wide_bit_at_xy (g, file, number - 1);
  return dr_wide_bit_from_number (g, number);
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static gboolean
ends_fen (const char *p)
{
  return *p == '\0' || *p == '"' || (*p == '.' && (p[1] == '\0' || is_space (p[1]) || p[1] == '"'));
}

static gboolean
fen_square (const DrWideGeometry *g,
            const char           *p,
            const char           *fen,
            int                  *bit,
            size_t               *len,
            GError              **error)
{
  *bit = read_square (g, p, len);
  if (*len == 0)
    {
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                   _("FEN column %d: expected a square, found “%c”"),
                   (int) (p - fen) + 1, *p ? *p : ' ');
      return FALSE;
    }
  if (*bit < 0)
    {
      g_autofree char *text = g_strndup (p, *len);
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SQUARE,
                   _("FEN column %d: “%s” is not a playing square of the %dx%d board"),
                   (int) (p - fen) + 1, text, g->size, g->size);
      return FALSE;
    }
  return TRUE;
}

static gboolean
fen_place (const DrWideGeometry *g,
           DrWidePosition       *pos,
           int                   bit,
           DrSide                side,
           gboolean              king,
           const char           *at,
           const char           *fen,
           GError              **error)
{
  if (dr_wide_has (pos->pieces[0] | pos->pieces[1], bit))
    {
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_DUPLICATE,
                   _("FEN column %d: square %d is listed twice"),
                   (int) (at - fen) + 1, dr_wide_number (g, bit));
      return FALSE;
    }
  pos->pieces[side] |= dr_wide_bit (bit);
  if (king)
    pos->kings |= dr_wide_bit (bit);
  return TRUE;
}

/* One W or B list at @p (after the letter); sets *end past it. */
static gboolean
fen_list (const DrWideGeometry *g,
          DrWidePosition       *pos,
          DrSide                side,
          const char           *p,
          const char           *fen,
          const char          **end,
          GError              **error)
{
  while (TRUE)
    {
      gboolean king = FALSE;
      const char *at;
      int bit;
      size_t len;

      while (is_space (*p))
        p++;
      if (*p == ':' || ends_fen (p))
        break;
      at = p;
      /* "K" for a king; lower-case "k" too, but "k3" is the square on the
       * k file of the 12x12 and 14x14 boards. */
      if (*p == 'K' || (*p == 'k' && !g_ascii_isdigit (p[1])))
        {
          king = TRUE;
          p++;
        }
      if (!fen_square (g, p, fen, &bit, &len, error))
        return FALSE;
      if (p[len] == '-' && g_ascii_isdigit (*p))
        {
          /* A range of numbered squares: "43-72". */
          const char *q = p + len + 1;
          int last_bit;
          size_t len2;

          if (!fen_square (g, q, fen, &last_bit, &len2, error))
            return FALSE;
          if (!g_ascii_isdigit (*q) || dr_wide_number (g, last_bit) < dr_wide_number (g, bit))
            {
              g_autofree char *text = g_strndup (p, (gsize) (q + len2 - p));
              g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                           _("FEN column %d: “%s” is not a range of squares"),
                           (int) (p - fen) + 1, text);
              return FALSE;
            }
          for (int n = dr_wide_number (g, bit); n <= dr_wide_number (g, last_bit); n++)
            if (!fen_place (g, pos, dr_wide_bit_from_number (g, n), side, king, at, fen, error))
              return FALSE;
          p = q + len2;
        }
      else
        {
          if (!fen_place (g, pos, bit, side, king, at, fen, error))
            return FALSE;
          p += len;
        }
      while (is_space (*p))
        p++;
      if (*p == ',')
        {
          p++;
          continue;
        }
      if (*p != ':' && !ends_fen (p))
        {
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                       _("FEN column %d: unexpected “%c” after a square"),
                       (int) (p - fen) + 1, *p);
          return FALSE;
        }
    }
  *end = p;
  return TRUE;
}

/* Men on their own crowning rank; more pieces than a side starts with. */
static gboolean
fen_validate (const DrWideGeometry *g,
              const DrWidePosition *pos,
              GError              **error)
{
  for (int side = 0; side < 2; side++)
    {
      DrWideBoard bad = pos->pieces[side] & ~pos->kings & g->promo[side];
      int n = dr_wide_count (pos->pieces[side]);

      if (bad != 0)
        {
          int number = dr_wide_number (g, dr_wide_first (bad));
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_MAN_ON_PROMOTION_ROW,
                       side == DR_SIDE_WHITE
                       ? _("The white man on %d stands on White’s crowning rank: it would be a king")
                       : _("The black man on %d stands on Black’s crowning rank: it would be a king"),
                       number);
          return FALSE;
        }
      if (n > g->n_men)
        {
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_TOO_MANY_PIECES,
                       side == DR_SIDE_WHITE
                       ? _("White has %d pieces; a side has at most %d on the %dx%d board")
                       : _("Black has %d pieces; a side has at most %d on the %dx%d board"),
                       n, g->n_men, g->size, g->size);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
dr_wide_fen_parse (int              size,
                   const char      *fen,
                   DrWidePosition  *pos,
                   GError         **error)
{
  const DrWideGeometry *g = dr_wide_geometry (size);
  DrWidePosition result = { 0 };
  const char *p = fen;

  g_return_val_if_fail (g != NULL && fen != NULL && pos != NULL, FALSE);

  result.size = g->size;
  while (is_space (*p) || *p == '"')
    p++;
  switch (*p)
    {
    case 'W': case 'w': case '?':
      result.turn = DR_SIDE_WHITE;
      break;
    case 'B': case 'b':
      result.turn = DR_SIDE_BLACK;
      break;
    case '\0':
      g_set_error_literal (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX, _("FEN is empty"));
      return FALSE;
    default:
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SIDE,
                   _("FEN column %d: the side to move must be W or B, not “%c”"),
                   (int) (p - fen) + 1, *p);
      return FALSE;
    }
  p++;
  while (TRUE)
    {
      DrSide side;

      while (is_space (*p))
        p++;
      if (ends_fen (p))
        break;
      if (*p != ':')
        {
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                       _("FEN column %d: expected “:” before the next list, found “%c”"),
                       (int) (p - fen) + 1, *p);
          return FALSE;
        }
      p++;
      while (is_space (*p))
        p++;
      /* lidraughts' half-move clock and move number. */
      if (*p == 'H' || *p == 'F' || *p == '+')
        {
          while (*p != '\0' && *p != ':')
            p++;
          continue;
        }
      if (*p == 'W' || *p == 'w')
        side = DR_SIDE_WHITE;
      else if (*p == 'B' || *p == 'b')
        side = DR_SIDE_BLACK;
      else if (*p == ':' || ends_fen (p))
        continue;
      else
        {
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                       _("FEN column %d: a piece list starts with W or B, not “%c”"),
                       (int) (p - fen) + 1, *p);
          return FALSE;
        }
      if (!fen_list (g, &result, side, p + 1, fen, &p, error))
        return FALSE;
    }
  if (!fen_validate (g, &result, error))
    return FALSE;
  *pos = result;
  return TRUE;
}

static void
append_squares (GString              *out,
                const DrWideGeometry *g,
                const DrWidePosition *pos,
                DrWideBoard           set,
                gboolean              algebraic)
{
  gboolean first = TRUE;
  char buf[4];

  for (int n = 1; n <= g->n_squares; n++)
    {
      int bit = dr_wide_bit_from_number (g, n);
      gboolean king = dr_wide_has (pos->kings, bit);
      int last = n;

      if (!dr_wide_has (set, bit))
        continue;
      g_string_append (out, first ? "" : ",");
      first = FALSE;
      g_string_append (out, king ? "K" : "");
      g_string_append (out, dr_wide_square_text (g, bit, algebraic, buf));
      if (king || algebraic)
        continue;
      while (last < g->n_squares)
        {
          int next = dr_wide_bit_from_number (g, last + 1);
          if (!dr_wide_has (set, next) || dr_wide_has (pos->kings, next))
            break;
          last++;
        }
      if (last > n)
        {
          g_string_append_printf (out, "-%d", last);
          n = last;
        }
    }
}

char *
dr_wide_fen_write (const DrWidePosition *pos,
                   gboolean              algebraic)
{
  const DrWideGeometry *g = dr_wide_geometry (pos->size);
  GString *out = g_string_new (pos->turn == DR_SIDE_WHITE ? "W" : "B");

  g_string_append (out, ":W");
  append_squares (out, g, pos, pos->pieces[DR_SIDE_WHITE], algebraic);
  g_string_append (out, ":B");
  append_squares (out, g, pos, pos->pieces[DR_SIDE_BLACK], algebraic);
  return g_string_free (out, FALSE);
}

static gboolean
shares_ends (const DrWideMoveList *legal,
             const DrWideMove     *move)
{
  for (unsigned i = 0; i < legal->n; i++)
    {
      const DrWideMove *o = &legal->moves[i];
      if (o->from == move->from && o->to == move->to && o->captures != move->captures)
        return TRUE;
    }
  return FALSE;
}

char *
dr_wide_move_text (const DrWidePosition *pos,
                   const DrWideMoveList *legal,
                   const DrWideMove     *move,
                   gboolean              algebraic)
{
  const DrWideGeometry *g = dr_wide_geometry (pos->size);
  GString *out = g_string_new (NULL);
  char buf[4];

  g_string_append (out, dr_wide_square_text (g, move->from, algebraic, buf));
  if (move->n_jumps == 0)
    g_string_append_printf (out, "-%s", dr_wide_square_text (g, move->to, algebraic, buf));
  else if (legal != NULL && shares_ends (legal, move))
    for (int i = 0; i < move->n_jumps; i++)
      g_string_append_printf (out, "x%s", dr_wide_square_text (g, move->path[i], algebraic, buf));
  else
    g_string_append_printf (out, "x%s", dr_wide_square_text (g, move->to, algebraic, buf));
  return g_string_free (out, FALSE);
}

/* Do the landing squares of @move pass @via[0..n_via) in this order? */
static gboolean
passes (const DrWideMove *move,
        const int        *via,
        int               n_via)
{
  int k = 0;

  for (int i = 0; i + 1 < move->n_jumps && k < n_via; i++)
    if (move->path[i] == via[k])
      k++;
  return k == n_via;
}

const DrWideMove *
dr_wide_move_parse (const DrWidePosition *pos,
                    const DrWideMoveList *legal,
                    const char           *text,
                    GError              **error)
{
  const DrWideGeometry *g = dr_wide_geometry (pos->size);
  int squares[DR_WIDE_MAX_JUMPS + 1];
  int n = 0;
  gboolean capture = FALSE;
  const DrWideMove *found = NULL;
  const char *p = text;

  while (TRUE)
    {
      size_t len;
      int bit = read_square (g, p, &len);

      if (len == 0 || bit < 0 || n == (int) G_N_ELEMENTS (squares))
        {
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                       len == 0 ? _("“%s”: expected a square at column %d")
                                : _("“%s”: no playing square at column %d"),
                       text, (int) (p - text) + 1);
          return NULL;
        }
      squares[n++] = bit;
      p += len;
      if (*p == '\0')
        break;
      if (*p == 'x' || *p == 'X' || *p == ':')
        capture = TRUE;
      else if (*p != '-')
        {
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                       _("“%s”: unexpected “%c” at column %d"), text, *p, (int) (p - text) + 1);
          return NULL;
        }
      p++;
    }
  if (n < 2)
    {
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                   _("“%s”: a move names at least two squares"), text);
      return NULL;
    }
  for (unsigned i = 0; i < legal->n; i++)
    {
      const DrWideMove *m = &legal->moves[i];

      if (m->from != squares[0] || m->to != squares[n - 1] || (capture && m->n_jumps == 0)
          || !passes (m, squares + 1, n - 2))
        continue;
      if (found != NULL && found->captures != m->captures)
        {
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_AMBIGUOUS,
                       _("“%s” fits several legal moves: give the squares the capture passes"), text);
          return NULL;
        }
      if (found == NULL)
        found = m;
    }
  if (found == NULL)
    {
      g_autofree char *fen = dr_wide_fen_write (pos, FALSE);
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                   _("“%s” is not a legal move in %s"), text, fen);
      return NULL;
    }
  return found;
}
