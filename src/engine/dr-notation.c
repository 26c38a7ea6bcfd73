/* dr-notation.c — squares and moves as text
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-notation"

#include "config.h"

#include "dr-notation.h"

#include "dr-bitboard.h"
#include "dr-movegen.h"

#include <glib/gi18n-lib.h>

#include <string.h>

char *
dr_notation_square (const DrRules *rules,
                    int            bit,
                    DrNotation     notation,
                    char          *buf)
{
  if (notation == DR_NOTATION_ALGEBRAIC)
    dr_geometry_name (rules->geometry, bit, buf);
  else
    g_snprintf (buf, 8, "%d", dr_geometry_number (rules->geometry, bit));
  return buf;
}

/* Is there another capture in @legal from the same square to the same
 * square?  Another move, or (when @legal lists every route) another route
 * of the same move. */
static gboolean
shares_ends (const DrMoveList *legal,
             const DrMove     *move)
{
  if (legal == NULL || move->n_jumps == 0)
    return FALSE;
  for (unsigned i = 0; i < legal->n; i++)
    {
      const DrMove *o = &legal->moves[i];
      if (o->from != move->from || o->to != move->to)
        continue;
      if (!dr_move_same (o, move) || o->n_jumps != move->n_jumps
          || memcmp (o->path, move->path, move->n_jumps) != 0)
        return TRUE;
    }
  return FALSE;
}

char *
dr_move_to_text (const DrRules    *rules,
                 const DrMoveList *legal,
                 const DrMove     *move,
                 DrNotation        notation)
{
  GString *out = g_string_new (NULL);
  char buf[8];

  g_string_append (out, dr_notation_square (rules, move->from, notation, buf));
  if (move->n_jumps == 0)
    {
      g_string_append_c (out, '-');
      g_string_append (out, dr_notation_square (rules, move->to, notation, buf));
    }
  else if (shares_ends (legal, move))
    for (int i = 0; i < move->n_jumps; i++)
      {
        g_string_append_c (out, rules->capture_separator);
        g_string_append (out, dr_notation_square (rules, move->path[i], notation, buf));
      }
  else
    {
      g_string_append_c (out, rules->capture_separator);
      g_string_append (out, dr_notation_square (rules, move->to, notation, buf));
    }
  return g_string_free (out, FALSE);
}

char *
dr_move_to_text_at (const DrRules    *rules,
                    const DrPosition *pos,
                    const DrMove     *move)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, legal);
  return dr_move_to_text (rules, legal, move, rules->notation);
}

char *
dr_move_to_hub (const DrRules *rules,
                const DrMove  *move)
{
  GString *out = g_string_new (NULL);
  const DrGeometry *g = rules->geometry;

  g_string_append_printf (out, "%d%c%d", dr_geometry_number (g, move->from),
                          move->captures ? 'x' : '-', dr_geometry_number (g, move->to));
  for (int n = 1; n <= g->n_squares; n++)
    if (dr_bb_has (move->captures, dr_geometry_bit_from_number (g, n)))
      g_string_append_printf (out, "x%d", n);
  return g_string_free (out, FALSE);
}

G_DEFINE_QUARK (dr-move-error-quark, dr_move_error)

#define MAX_ROUTE (DR_MAX_JUMPS + 2)

/* "32-28, 32-27": @moves in the variant's notation. */
static char *
list_moves (const DrRules    *rules,
            const DrMoveList *legal,
            const DrMove     *const *moves,
            guint             n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = dr_move_to_text (rules, legal, moves[i], rules->notation);
      g_string_append_printf (out, "%s%s", i ? ", " : "", text);
    }
  return g_string_free (out, FALSE);
}

/* Splits @text into squares.  Returns the number of squares (0 on a syntax
 * error); *capture_sep tells whether 'x' or ':' was used. */
static int
parse_route (const DrRules *rules,
             const char    *text,
             int           *squares,
             gboolean      *capture_sep,
             GError       **error)
{
  const DrGeometry *g = rules->geometry;
  const char *p = text;
  int n = 0;

  *capture_sep = FALSE;
  while (*p != '\0')
    {
      size_t len;
      int bit;

      if (n >= MAX_ROUTE)
        {
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                       _("“%s” has more squares than any move"), text);
          return 0;
        }
      bit = dr_geometry_parse_square (g, p, -1, &len);
      if (len == 0)
        {
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                       _("“%s” is not a move: “%c” where a square should be"), text, *p);
          return 0;
        }
      if (bit < 0)
        {
          g_autofree char *sq = g_strndup (p, len);
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                       _("“%s” is not a move: %s is not a playing square"), text, sq);
          return 0;
        }
      squares[n++] = bit;
      p += len;
      if (*p == '-' || *p == 'x' || *p == 'X' || *p == ':')
        {
          if (*p != '-')
            *capture_sep = TRUE;
          p++;
          if (*p == '\0')
            {
              g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                           _("“%s” is not a move: it ends with a separator"), text);
              return 0;
            }
        }
      else if (*p != '\0' && !(g_ascii_isalpha (*p) && g_ascii_isdigit (p[-1])))
        {
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                       _("“%s” is not a move: unexpected “%c”"), text, *p);
          return 0;
        }
    }
  if (n < 2)
    {
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX,
                   _("“%s” is not a move: a move needs two squares"), text);
      return 0;
    }
  return n;
}

/* Every square the capture @move passes or lands on, in order, after its
 * start square.  Returns the count. */
static int
route_squares (const DrRules *rules,
               const DrMove  *move,
               int           *out,
               int            max)
{
  const DrGeometry *g = rules->geometry;
  int n = 0;
  int at = move->from;

  for (int j = 0; j < move->n_jumps; j++)
    {
      int x, y, tx, ty, dx, dy;

      dr_geometry_xy (g, at, &x, &y);
      dr_geometry_xy (g, move->path[j], &tx, &ty);
      dx = (tx > x) - (tx < x);
      dy = (ty > y) - (ty < y);
      while ((x != tx || y != ty) && n < max)
        {
          int bit;
          x += dx;
          y += dy;
          bit = dr_geometry_bit_at_xy (g, x, y);
          if (bit >= 0)
            out[n++] = bit;
        }
      at = move->path[j];
    }
  return n;
}

typedef enum
{
  FIT_EXACT,      /* the landing squares one for one (PDN 3.0 rule 7) */
  FIT_LANDING,    /* some of the landing squares, in order */
  FIT_PASSING,    /* squares on its way, in order */
} RouteFit;

/* Does @move go through the squares @route[1..n-2] in that order, in the
 * sense of @fit? */
static gboolean
route_fits (const DrRules *rules,
            const DrMove  *move,
            const int     *route,
            int            n,
            RouteFit       fit)
{
  int passed[256];
  int n_passed, k = 1;

  if (fit == FIT_EXACT)
    {
      if (move->n_jumps != n - 1)
        return FALSE;
      for (int i = 1; i < n - 1; i++)
        if (move->path[i - 1] != route[i])
          return FALSE;
      return TRUE;
    }
  if (fit == FIT_LANDING)
    {
      for (int i = 0; i < move->n_jumps - 1 && k < n - 1; i++)
        if (move->path[i] == route[k])
          k++;
      return k == n - 1;
    }
  n_passed = route_squares (rules, move, passed, G_N_ELEMENTS (passed));
  for (int i = 0; i < n_passed && k < n - 1; i++)
    if (passed[i] == route[k])
      k++;
  return k == n - 1;
}

/* Is @to behind @from for a man of @side (towards its own side)? */
static gboolean
men_backwards (const DrRules *rules,
               DrSide         side,
               int            from,
               int            to)
{
  int fx, fy, tx, ty;

  if (!dr_geometry_xy (rules->geometry, from, &fx, &fy) || !dr_geometry_xy (rules->geometry, to, &tx, &ty))
    return FALSE;
  /* White moves up the board (rank 1 to the top), Black down. */
  return side == DR_SIDE_WHITE ? ty < fy : ty > fy;
}

static void
explain_illegal (const DrRules    *rules,
                 const DrPosition *pos,
                 const DrMoveList *legal,
                 const char       *text,
                 int               from,
                 int               to,
                 GError          **error)
{
  g_autoptr (GPtrArray) mine = g_ptr_array_new ();
  char from_name[8];
  DrSide us = (DrSide) pos->turn;
  gboolean captures = legal->n > 0 && legal->moves[0].captures != 0;

  dr_notation_square (rules, from, rules->notation, from_name);
  if (!dr_bb_has (dr_position_occupied (pos), from))
    {
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                   _("“%s” is not legal: there is no piece on %s"), text, from_name);
      return;
    }
  if (!dr_bb_has (pos->pieces[us], from))
    {
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                   us == DR_SIDE_WHITE
                   ? _("“%s” is not legal: the piece on %s is Black’s and White is to move")
                   : _("“%s” is not legal: the piece on %s is White’s and Black is to move"),
                   text, from_name);
      return;
    }
  for (unsigned i = 0; i < legal->n; i++)
    if (legal->moves[i].from == from)
      g_ptr_array_add (mine, (gpointer) &legal->moves[i]);
  if (captures && mine->len == 0)
    {
      g_autoptr (GPtrArray) all = g_ptr_array_new ();
      g_autofree char *list = NULL;

      for (unsigned i = 0; i < legal->n; i++)
        g_ptr_array_add (all, (gpointer) &legal->moves[i]);
      list = list_moves (rules, legal, (const DrMove *const *) all->pdata, all->len);
      switch (dr_bb_count (legal->moves[0].captures) > 1 ? rules->capture_choice : DR_CAPTURE_FREE)
        {
        case DR_CAPTURE_MOST_PIECES:
        case DR_CAPTURE_MOST_THEN_KINGS:
        case DR_CAPTURE_ITALIAN:
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                       _("“%s” is not legal: the capture that takes the most pieces (%d) is compulsory: %s"),
                       text, dr_bb_count (legal->moves[0].captures), list);
          break;
        case DR_CAPTURE_FRISIAN:
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                       _("“%s” is not legal: the capture of the highest value is compulsory: %s"),
                       text, list);
          break;
        case DR_CAPTURE_KING_FIRST:
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                       (legal->moves[0].flags & DR_MOVE_BY_KING)
                       ? _("“%s” is not legal: when a king can capture, a king must: %s")
                       : _("“%s” is not legal: a capture is compulsory: %s"),
                       text, list);
          break;
        case DR_CAPTURE_FREE:
        default:
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                       _("“%s” is not legal: a capture is compulsory: %s"), text, list);
          break;
        }
    }
  else if (mine->len == 0)
    g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                 _("“%s” is not legal: the piece on %s has no legal move"), text, from_name);
  else if (!dr_bb_has (pos->kings, from) && !captures && men_backwards (rules, (DrSide) us, from, to))
    g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                 _("“%s” is not legal: a man does not move backwards"), text);
  else
    {
      g_autofree char *list = list_moves (rules, legal, (const DrMove *const *) mine->pdata, mine->len);
      char to_name[8];

      dr_notation_square (rules, to, rules->notation, to_name);
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                   captures
                   ? _("“%s” is not legal: the piece on %s cannot end on %s; it must capture: %s")
                   : _("“%s” is not legal: the piece on %s cannot go to %s; it can play %s"),
                   text, from_name, to_name, list);
    }
}

/* Copies the distinct moves among @cands into @out (the first of each: the
 * one whose route fits the text best). */
static void
collect (GPtrArray *cands,
         GArray    *out)
{
  for (guint i = 0; i < cands->len; i++)
    {
      const DrMove *m = cands->pdata[i];
      gboolean seen = FALSE;

      for (guint j = 0; j < out->len && !seen; j++)
        seen = dr_move_same (&g_array_index (out, DrMove, j), m);
      if (!seen)
        g_array_append_val (out, *m);
    }
}

/* The short Russian forms: "ed4" (file of the man, destination) and
 * "b:d6" (the same for a capture). */
static gboolean
parse_short (const DrRules    *rules,
             const DrMoveList *legal,
             const char       *text,
             GArray           *out,
             GError          **error)
{
  const DrGeometry *g = rules->geometry;
  int file = text[0] - 'a';
  gboolean capture = text[1] == ':' || text[1] == 'x';
  const char *sq = text + (capture ? 2 : 1);
  g_autoptr (GPtrArray) cands = g_ptr_array_new ();
  size_t len;
  int to = dr_geometry_parse_square (g, sq, -1, &len);

  if (to < 0 || sq[len] != '\0')
    {
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX, _("“%s” is not a move"), text);
      return FALSE;
    }
  for (unsigned i = 0; i < legal->n; i++)
    {
      const DrMove *m = &legal->moves[i];
      int x, y;

      dr_geometry_xy (g, m->from, &x, &y);
      if (x == file && m->to == to && (!capture || m->captures != 0))
        g_ptr_array_add (cands, (gpointer) m);
    }
  if (cands->len == 0)
    {
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                   _("“%s” is not legal: no piece on the %c file can go to %s"),
                   text, text[0], sq);
      return FALSE;
    }
  collect (cands, out);
  return TRUE;
}

static gboolean
is_short_form (const char *t)
{
  size_t n = strlen (t);

  /* letter, optional ':'/'x', letter, digits: "ed4", "b:d6", "bxd6". */
  if (n < 3 || !g_ascii_islower (t[0]) || g_ascii_isdigit (t[1]))
    return FALSE;
  if (t[1] == ':' || t[1] == 'x')
    return n >= 4 && g_ascii_islower (t[2]) && g_ascii_isdigit (t[3]);
  return g_ascii_islower (t[1]) && g_ascii_isdigit (t[2]);
}

/* The distinct moves that fit @text, into @out; FALSE with @error when the
 * text is not a move or no legal move fits it. */
static gboolean
parse_internal (const DrRules    *rules,
                const DrPosition *pos,
                const DrMoveList *legal,
                const char       *text,
                GArray           *out,
                GError          **error)
{
  g_autofree DrMoveList *own = NULL;
  g_autofree DrMoveList *routes = NULL;
  g_autofree char *clean = NULL;
  g_autoptr (GPtrArray) cands = g_ptr_array_new ();
  int route[MAX_ROUTE];
  gboolean capture_sep;
  int n;

  clean = g_strstrip (g_strdup (text));
  if (legal == NULL)
    {
      own = g_new (DrMoveList, 1);     /* 32 KiB: not zeroed, generated */
      own->all_paths = false;
      dr_movegen_legal (rules, pos, own);
      legal = own;
    }
  if (!rules->geometry->all_squares && rules->geometry->width == 8 && is_short_form (clean))
    return parse_short (rules, legal, clean, out, error);
  if (strlen (clean) >= 3 && strlen (clean) <= 4 && strspn (clean, "0123456789") == strlen (clean))
    {
      /* Two numbers run together ("3228", seen in old files): the one
       * split that makes a legal move. */
      for (size_t cut = 1; cut < strlen (clean); cut++)
        {
          g_autofree char *split = g_strdup_printf ("%.*s-%s", (int) cut, clean, clean + cut);
          parse_internal (rules, pos, legal, split, out, NULL);
        }
      if (out->len > 0)
        return TRUE;
    }
  n = parse_route (rules, clean, route, &capture_sep, error);
  if (n == 0)
    return FALSE;

  if (n > 2)
    {
      /* A route is matched against every route of every capture, not
       * only the one the move list keeps for each move. */
      routes = g_new (DrMoveList, 1);
      routes->all_paths = TRUE;
      dr_movegen_legal (rules, pos, routes);
    }
  for (unsigned i = 0; i < (routes ? routes : legal)->n; i++)
    {
      const DrMove *m = &(routes ? routes : legal)->moves[i];
      if (m->from == route[0] && m->to == route[n - 1])
        g_ptr_array_add (cands, (gpointer) m);
    }
  if (n > 2 && cands->len > 0)
    {
      /* A route: the landing squares one for one if it gives them all,
       * else some of them, else any squares on the way, in order. */
      g_autoptr (GPtrArray) fit = g_ptr_array_new ();

      for (RouteFit f = FIT_EXACT; f <= FIT_PASSING && fit->len == 0; f++)
        for (guint i = 0; i < cands->len; i++)
          if (route_fits (rules, cands->pdata[i], route, n, f))
            g_ptr_array_add (fit, cands->pdata[i]);
      if (fit->len == 0)
        {
          g_autofree char *list = list_moves (rules, legal, (const DrMove *const *) cands->pdata,
                                              cands->len);
          g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL,
                       _("“%s” is not legal: no capture takes that route (%s)"), clean, list);
          return FALSE;
        }
      g_ptr_array_set_size (cands, 0);
      for (guint i = 0; i < fit->len; i++)
        g_ptr_array_add (cands, fit->pdata[i]);
    }
  else if (n == 2 && cands->len > 1)
    {
      /* The full route of a capture of one piece is its start and end
       * (PDN 3.0 rule 7: no square after the last captured piece), and
       * a writer gives the full route when captures share their start
       * and end (rule 6): so when a one-piece capture is among them,
       * "f6:h8" is that capture, not the longer ones ("f6:d8:b6:d4:h8"),
       * whose full route has more squares. */
      const DrMove *one = NULL;
      guint n_one = 0;

      for (guint i = 0; i < cands->len; i++)
        {
          const DrMove *m = cands->pdata[i];
          if (m->captures != 0 && m->n_jumps == 1)
            {
              one = m;
              n_one++;
            }
        }
      if (n_one == 1)
        {
          g_ptr_array_set_size (cands, 0);
          g_ptr_array_add (cands, (gpointer) one);
        }
    }
  if (cands->len == 0)
    {
      explain_illegal (rules, pos, legal, clean, route[0], route[n - 1], error);
      return FALSE;
    }
  collect (cands, out);
  return TRUE;
}

gboolean
dr_move_parse (const DrRules    *rules,
               const DrPosition *pos,
               const DrMoveList *legal,
               const char       *text,
               DrMove           *move,
               GError          **error)
{
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (DrMove));
  g_autofree DrMoveList *own = NULL;

  g_return_val_if_fail (rules != NULL && pos != NULL && text != NULL, FALSE);

  if (legal == NULL)
    {
      own = g_new (DrMoveList, 1);     /* 32 KiB: not zeroed, generated */
      own->all_paths = false;
      dr_movegen_legal (rules, pos, own);
      legal = own;
    }
  if (!parse_internal (rules, pos, legal, text, found, error))
    return FALSE;
  if (found->len > 1)
    {
      g_autoptr (GPtrArray) list = g_ptr_array_new ();
      g_autofree char *names = NULL;
      g_autofree char *clean = g_strstrip (g_strdup (text));

      for (guint i = 0; i < found->len; i++)
        g_ptr_array_add (list, &g_array_index (found, DrMove, i));
      names = list_moves (rules, legal, (const DrMove *const *) list->pdata, list->len);
      g_set_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_AMBIGUOUS,
                   _("“%s” is ambiguous: it could be %s"), clean, names);
      return FALSE;
    }
  *move = g_array_index (found, DrMove, 0);
  return TRUE;
}

GArray *
dr_move_match (const DrRules    *rules,
               const DrPosition *pos,
               const char       *text)
{
  GArray *found = g_array_new (FALSE, FALSE, sizeof (DrMove));
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, legal);
  parse_internal (rules, pos, legal, text, found, NULL);
  return found;
}

gboolean
dr_move_parse_hub (const DrRules    *rules,
                   const DrPosition *pos,
                   const char       *text,
                   DrMove           *move,
                   GError          **error)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  int squares[MAX_ROUTE];
  gboolean capture_sep;
  DrBitboard caps = 0;
  int n;

  n = parse_route (rules, text, squares, &capture_sep, error);
  if (n == 0)
    return FALSE;
  for (int i = 2; i < n; i++)
    caps |= dr_bb_bit (squares[i]);
  dr_movegen_legal (rules, pos, legal);
  for (unsigned i = 0; i < legal->n; i++)
    {
      const DrMove *m = &legal->moves[i];
      if (m->from == squares[0] && m->to == squares[1] && (n == 2 || m->captures == caps))
        {
          *move = *m;
          return TRUE;
        }
    }
  explain_illegal (rules, pos, legal, text, squares[0], squares[1], error);
  return FALSE;
}
