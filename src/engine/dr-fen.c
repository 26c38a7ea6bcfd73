/* dr-fen.c — positions as PDN FEN text
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-fen"

#include "config.h"

#include "dr-fen.h"

#include "dr-bitboard.h"
#include "dr-stack.h"
#include "dr-wide-rules.h"
#include "dr-wide-text.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (dr-fen-error-quark, dr_fen_error)

/* Square text as the user wrote it, for messages. */
static char *
token_text (const char *start,
            const char *end)
{
  return g_strndup (start, (gsize) (end - start));
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* One square at @p (number or algebraic), setting *bit; on error reports
 * it at @column. */
static gboolean
parse_square (const DrRules *rules,
              const char    *p,
              const char    *fen,
              int           *bit,
              size_t        *len,
              GError       **error)
{
  const DrGeometry *g = rules->geometry;

  *bit = dr_geometry_parse_square (g, p, -1, len);
  if (*len == 0)
    {
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                   _("FEN column %d: expected a square, found “%c”"),
                   (int) (p - fen) + 1, *p ? *p : ' ');
      return FALSE;
    }
  if (*bit < 0)
    {
      g_autofree char *text = token_text (p, p + *len);
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SQUARE,
                   _("FEN column %d: “%s” is not a playing square of the %dx%d board"),
                   (int) (p - fen) + 1, text, g->width, g->height);
      return FALSE;
    }
  return TRUE;
}

static gboolean
place (const DrRules *rules,
       DrPosition    *pos,
       int            bit,
       DrSide         side,
       gboolean       king,
       const char    *at,
       const char    *fen,
       GError       **error)
{
  char name[8];

  if (dr_bb_has (dr_position_occupied (pos), bit))
    {
      if (rules->notation == DR_NOTATION_NUMERIC)
        g_snprintf (name, sizeof name, "%d", dr_geometry_number (rules->geometry, bit));
      else
        dr_geometry_name (rules->geometry, bit, name);
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_DUPLICATE,
                   _("FEN column %d: square %s is listed twice"),
                   (int) (at - fen) + 1, name);
      return FALSE;
    }
  pos->pieces[side] |= dr_bb_bit (bit);
  if (king)
    pos->kings |= dr_bb_bit (bit);
  return TRUE;
}

static gboolean fen_parse (const DrRules *rules, const char *fen, DrPosition *pos,
                           gboolean validate, GError **error);

/* Towers (pillar and Lasker draughts): no published notation writes the
 * pieces of a column in a FEN, so ours extends PDN FEN: a square may be
 * followed by the pieces beneath its top, from the top down, in
 * parentheses: w and b men, W and B kings ("W:Wc3(bb),Kd4(w):B…" is a white
 * man on c3 over two black men and a white king on d4 over a white man).
 * Reads the parentheses at *@p (just after the square @bit) into @stacks. */
static gboolean
parse_tower (const DrRules *rules,
             const char   **p,
             const char    *fen,
             int            bit,
             DrStacks      *stacks,
             GError       **error)
{
  const char *q = *p;
  const char *open = q;
  int h = 0;

  if (*q != '(')
    return TRUE;
  if (!rules->towers)
    {
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                   _("FEN column %d: towers “(…)” are for pillar and Lasker draughts, not %s"),
                   (int) (q - fen) + 1, rules->title);
      return FALSE;
    }
  for (q++; *q != ')'; q++)
    {
      int code;

      switch (*q)
        {
        case 'w': code = 0; break;
        case 'W': code = 1; break;
        case 'b': code = 2; break;
        case 'B': code = 3; break;
        case '\0':
        case ':':
        case ',':
        case '"':
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                       _("FEN column %d: the tower opened here has no “)”"),
                       (int) (open - fen) + 1);
          return FALSE;
        default:
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                       _("FEN column %d: “%c” in a tower is not a piece (w, b: men; W, B: kings)"),
                       (int) (q - fen) + 1, *q);
          return FALSE;
        }
      if (h >= DR_STACK_MAX)
        {
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_TOO_MANY_PIECES,
                       _("FEN column %d: a tower holds at most %d pieces"),
                       (int) (open - fen) + 1, DR_STACK_MAX + 1);
          return FALSE;
        }
      stacks->code[bit][h++] = (uint8_t) code;
    }
  if (h == 0)
    {
      g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                   _("FEN column %d: “()” is an empty tower: leave the parentheses out"),
                   (int) (open - fen) + 1);
      return FALSE;
    }
  stacks->height[bit] = (uint8_t) h;
  *p = q + 1;
  return TRUE;
}

gboolean
dr_fen_parse (const DrRules *rules,
              const char    *fen,
              DrPosition    *pos,
              GError       **error)
{
  return fen_parse (rules, fen, pos, TRUE, error);
}

/* Canadian draughts: dr-wide-text.c reads the 12x12 board's FEN, and the
 * position is packed (dr-wide-rules.h).  It checks what
 * dr_position_validate() does, so the unchecked parse checks too. */
static gboolean
wide_fen_parse (const char *fen,
                DrPosition *pos,
                GError    **error)
{
  DrWidePosition wide;

  if (!dr_wide_fen_parse (DR_WIDE_RULES_SIZE, fen, &wide, error))
    return FALSE;
  dr_wide_rules_pack (&wide, pos);
  return TRUE;
}

/**
 * dr_fen_parse_unchecked:
 *
 * dr_fen_parse() without dr_position_validate(): for the composition
 * checks, which report an impossible position (004 6.2.2) rather than
 * refuse it.
 */
gboolean
dr_fen_parse_unchecked (const DrRules *rules,
                        const char    *fen,
                        DrPosition    *pos,
                        GError       **error)
{
  return fen_parse (rules, fen, pos, FALSE, error);
}

static gboolean
fen_parse (const DrRules *rules,
           const char    *fen,
           DrPosition    *pos,
           gboolean       validate,
           GError       **error)
{
  DrPosition result;
  DrStacks stacks;
  const char *p = fen;

  if (rules->geometry->wide)
    return wide_fen_parse (fen, pos, error);

  g_return_val_if_fail (rules != NULL, FALSE);
  g_return_val_if_fail (fen != NULL, FALSE);

  dr_position_clear (&result);
  memset (stacks.height, 0, sizeof stacks.height);
  while (is_space (*p) || *p == '"')
    p++;
  switch (*p)
    {
    case 'W': case 'w':
      result.turn = DR_SIDE_WHITE;
      break;
    case 'B': case 'b':
      result.turn = DR_SIDE_BLACK;
      break;
    case '?':
      result.turn = (uint8_t) rules->first_side;
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

  while (*p != '\0')
    {
      DrSide side;

      while (is_space (*p))
        p++;
      if (*p == '\0' || *p == '"' || (*p == '.' && (p[1] == '\0' || is_space (p[1]) || p[1] == '"')))
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
      /* Two-move draughts: "T2", the second move of the turn (our own
       * field; "T1", the first, is the default). */
      if (*p == 'T')
        {
          if ((p[1] != '1' && p[1] != '2') || (p[2] != '\0' && p[2] != ':' && p[2] != '"'
                                               && !is_space (p[2])))
            {
              g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                           _("FEN column %d: the move of the turn is “T1” or “T2”"),
                           (int) (p - fen) + 1);
              return FALSE;
            }
          if (p[1] == '2' && !rules->two_moves)
            {
              g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                           _("FEN column %d: “T2” (a turn's second move) is for two-move draughts, not %s"),
                           (int) (p - fen) + 1, rules->title);
              return FALSE;
            }
          result.second = p[1] == '2';
          p += 2;
          continue;
        }
      /* lidraughts' half-move clock and move number, Frisian counters. */
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
      else if (*p == '\0' || *p == ':')
        continue;               /* "B::" */
      else
        {
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                       _("FEN column %d: a piece list starts with W or B, not “%c”"),
                       (int) (p - fen) + 1, *p);
          return FALSE;
        }
      p++;

      /* Squares, comma separated; the list may be empty. */
      while (TRUE)
        {
          gboolean king = FALSE;
          const char *at;
          int bit;
          size_t len;

          while (is_space (*p))
            p++;
          if (*p == '\0' || *p == ':' || *p == '"' || (*p == '.' && (p[1] == '\0' || is_space (p[1]) || p[1] == '"')))
            break;
          at = p;
          if (*p == 'K' || *p == 'k')
            {
              king = TRUE;
              p++;
            }
          if (!parse_square (rules, p, fen, &bit, &len, error))
            return FALSE;
          if (p[len] == '-' && g_ascii_isdigit (p[0]))
            {
              /* A range of numbered squares: "31-50". */
              int first = dr_geometry_number (rules->geometry, bit);
              int last_bit;
              size_t len2;
              const char *q = p + len + 1;

              if (!parse_square (rules, q, fen, &last_bit, &len2, error))
                return FALSE;
              if (!g_ascii_isdigit (*q) || dr_geometry_number (rules->geometry, last_bit) < first)
                {
                  g_autofree char *text = token_text (p, q + len2);
                  g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                               _("FEN column %d: “%s” is not a range of squares"),
                               (int) (p - fen) + 1, text);
                  return FALSE;
                }
              for (int n = first; n <= dr_geometry_number (rules->geometry, last_bit); n++)
                if (!place (rules, &result, dr_geometry_bit_from_number (rules->geometry, n),
                            side, king, at, fen, error))
                  return FALSE;
              p = q + len2;
            }
          else
            {
              if (!place (rules, &result, bit, side, king, at, fen, error))
                return FALSE;
              p += len;
              if (!parse_tower (rules, &p, fen, bit, &stacks, error))
                return FALSE;
            }
          while (is_space (*p))
            p++;
          if (*p == ',')
            {
              p++;
              continue;
            }
          if (*p != '\0' && *p != ':' && *p != '"' && *p != '.')
            {
              g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX,
                           _("FEN column %d: unexpected “%c” after a square"),
                           (int) (p - fen) + 1, *p);
              return FALSE;
            }
        }
    }

  result.hash = dr_position_compute_hash (&result);
  if (!dr_stack_encode (&result, &stacks))
    {
      g_set_error_literal (error, DR_FEN_ERROR, DR_FEN_ERROR_TOO_MANY_PIECES,
                           _("FEN: the towers hold more pieces than a position can (32 beneath the tops)"));
      return FALSE;
    }
  if (validate && !dr_position_validate (rules, &result, error))
    return FALSE;
  *pos = result;
  return TRUE;
}

gboolean
dr_position_validate (const DrRules    *rules,
                      const DrPosition *pos,
                      GError          **error)
{
  const DrGeometry *g = rules->geometry;
  int max_pieces = g->n_squares / g->height * rules->rows_of_men;
  int counts[2];

  g_return_val_if_fail (rules != NULL && pos != NULL, FALSE);

  if (g->wide)
    {
      /* Canadian: check the 128-bit position the same way. */
      DrWidePosition wide;
      const DrWideGeometry *wg = dr_wide_geometry (DR_WIDE_RULES_SIZE);

      dr_wide_rules_unpack (pos, &wide);
      for (int side = 0; side < 2; side++)
        {
          DrWideBoard bad = wide.pieces[side] & ~wide.kings & wg->promo[side];
          int n = dr_wide_count (wide.pieces[side]);

          if (bad != 0)
            {
              g_autofree char *name = g_strdup_printf ("%d", dr_wide_number (wg, dr_wide_first (bad)));

              g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_MAN_ON_PROMOTION_ROW,
                           side == DR_SIDE_WHITE
                           ? _("The white man on %s stands on White’s crowning rank: it would be a king")
                           : _("The black man on %s stands on Black’s crowning rank: it would be a king"),
                           name);
              return FALSE;
            }
          if (n > wg->n_men)
            {
              g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_TOO_MANY_PIECES,
                           side == DR_SIDE_WHITE
                           ? _("White has %d pieces; a side has at most %d in %s")
                           : _("Black has %d pieces; a side has at most %d in %s"),
                           n, (int) wg->n_men, rules->title);
              return FALSE;
            }
        }
      return TRUE;
    }
  if (g->dense || rules->towers)
    {
      /* Ranks of unequal length (Lasca): count the start's men. */
      max_pieces = 0;
      for (int r = 0; r < rules->rows_of_men; r++)
        max_pieces += dr_bb_count (dr_geometry_row_mask (g, r));
    }
  /* Towers: the pieces beneath count too (nothing leaves the board). */
  dr_stack_count (pos, counts);

  for (int side = 0; side < 2; side++)
    {
      DrBitboard men = pos->pieces[side] & ~pos->kings;
      DrBitboard bad = men & dr_rules_promotion_mask (rules, (DrSide) side);
      int n = counts[side];

      if (bad != 0)
        {
          char name[8];
          int bit = dr_bb_first (bad);

          if (rules->notation == DR_NOTATION_NUMERIC)
            g_snprintf (name, sizeof name, "%d", dr_geometry_number (g, bit));
          else
            dr_geometry_name (g, bit, name);
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_MAN_ON_PROMOTION_ROW,
                       side == DR_SIDE_WHITE
                       ? _("The white man on %s stands on White’s crowning rank: it would be a king")
                       : _("The black man on %s stands on Black’s crowning rank: it would be a king"),
                       name);
          return FALSE;
        }
      if (n > max_pieces)
        {
          g_set_error (error, DR_FEN_ERROR, DR_FEN_ERROR_TOO_MANY_PIECES,
                       side == DR_SIDE_WHITE
                       ? _("White has %d pieces; a side has at most %d in %s")
                       : _("Black has %d pieces; a side has at most %d in %s"),
                       n, max_pieces, rules->title);
          return FALSE;
        }
    }
  return TRUE;
}

/* Squares of @set in numbering order. */
static void
append_tower (GString          *out,
              const DrStacks   *stacks,
              int               bit)
{
  if (stacks->height[bit] == 0)
    return;
  g_string_append_c (out, '(');
  for (int i = 0; i < stacks->height[bit]; i++)
    g_string_append_c (out, "wWbB"[stacks->code[bit][i] & 3]);
  g_string_append_c (out, ')');
}

static void
append_squares (GString          *out,
                const DrRules    *rules,
                const DrPosition *pos,
                DrBitboard        set,
                DrNotation        notation)
{
  const DrGeometry *g = rules->geometry;
  gboolean first = TRUE;
  DrStacks stacks;

  dr_stack_decode (pos, &stacks);

  for (int n = 1; n <= g->n_squares; n++)
    {
      int bit = dr_geometry_bit_from_number (g, n);
      gboolean king;

      if (!dr_bb_has (set, bit))
        continue;
      king = dr_bb_has (pos->kings, bit);
      if (!first)
        g_string_append_c (out, ',');
      first = FALSE;
      if (king)
        g_string_append_c (out, 'K');
      if (notation == DR_NOTATION_ALGEBRAIC)
        {
          char name[8];
          dr_geometry_name (g, bit, name);
          g_string_append (out, name);
          append_tower (out, &stacks, bit);
          continue;
        }
      g_string_append_printf (out, "%d", n);
      if (stacks.height[bit] != 0)
        append_tower (out, &stacks, bit);
      else if (!king)
        {
          /* Extend to a range over consecutive men. */
          int last = n;
          while (last + 1 <= g->n_squares)
            {
              int next = dr_geometry_bit_from_number (g, last + 1);
              if (!dr_bb_has (set, next) || dr_bb_has (pos->kings, next)
                  || stacks.height[next] != 0)
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
}

char *
dr_fen_write (const DrRules    *rules,
              const DrPosition *pos,
              DrNotation        notation)
{
  GString *out;

  if (rules->geometry->wide)
    {
      DrWidePosition wide;

      dr_wide_rules_unpack (pos, &wide);
      return dr_wide_fen_write (&wide, notation == DR_NOTATION_ALGEBRAIC);
    }
  out = g_string_new (NULL);
  g_string_append_c (out, pos->turn == DR_SIDE_WHITE ? 'W' : 'B');
  g_string_append (out, ":W");
  append_squares (out, rules, pos, pos->pieces[DR_SIDE_WHITE], notation);
  g_string_append (out, ":B");
  append_squares (out, rules, pos, pos->pieces[DR_SIDE_BLACK], notation);
  if (pos->second)
    g_string_append (out, ":T2");
  return g_string_free (out, FALSE);
}
