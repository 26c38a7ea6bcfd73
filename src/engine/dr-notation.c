/* dr-notation.c — squares and moves as text
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-notation"

#include "config.h"

#include "dr-notation.h"

#include "dr-bitboard.h"

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
