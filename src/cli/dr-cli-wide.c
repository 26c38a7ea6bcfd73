/* dr-cli-wide.c — perft, divide, moves and fen on the wide boards
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-cli-wide.h"

#include "dr-wide-text.h"

#include <glib/gi18n.h>
#include <stdlib.h>

int
dr_cli_wide_size (const char *variant)
{
  /* 001: Canadian draughts, International rules on 12x12. */
  return g_strcmp0 (variant, "canadian") == 0 ? 12 : 0;
}

/* The position and notation @o asks for; prints the error and returns
 * FALSE when it cannot. */
static gboolean
resolve (const DrCliWideOptions *o,
         DrWidePosition         *pos,
         gboolean               *algebraic)
{
  g_autoptr (GError) error = NULL;
  int size = dr_cli_wide_size (o->variant);

  *algebraic = FALSE;
  if (o->notation != NULL)
    {
      if (g_str_equal (o->notation, "algebraic"))
        *algebraic = TRUE;
      else if (!g_str_equal (o->notation, "numeric"))
        {
          g_printerr (_("draughtsman-cli %s: --notation must be numeric or algebraic, not “%s”\n"),
                      o->command, o->notation);
          return FALSE;
        }
    }
  if (o->fen == NULL)
    dr_wide_initial (pos, size);
  else if (!dr_wide_fen_parse (size, o->fen, pos, &error))
    {
      g_printerr ("draughtsman-cli %s: %s\n", o->command, error->message);
      return FALSE;
    }
  return TRUE;
}

int
dr_cli_wide_perft (const DrCliWideOptions *o,
                   int                     depth)
{
  DrWidePosition pos;
  gboolean algebraic;
  uint64_t nodes = 0;
  gint64 start;

  if (!resolve (o, &pos, &algebraic))
    return EXIT_FAILURE;
  start = g_get_monotonic_time ();
  for (int d = 1; d <= depth; d++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double seconds;

      nodes = dr_wide_perft (&pos, d, o->paths);
      seconds = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
      g_print ("perft %d %" G_GUINT64_FORMAT "\n", d, nodes);
      g_printerr ("  depth %d: %.3f s, %.1f M nodes/s\n", d, seconds,
                  seconds > 0 ? (double) nodes / seconds / 1e6 : 0.0);
    }
  g_print ("Nodes searched: %" G_GUINT64_FORMAT "\n", nodes);
  g_printerr ("Total time (ms): %" G_GINT64_FORMAT "\n", (g_get_monotonic_time () - start) / 1000);
  return EXIT_SUCCESS;
}

int
dr_cli_wide_divide (const DrCliWideOptions *o,
                    int                     depth)
{
  DrWidePosition pos;
  gboolean algebraic;
  uint64_t total = 0;
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);

  if (!resolve (o, &pos, &algebraic))
    return EXIT_FAILURE;
  list->all_paths = o->paths;
  dr_wide_generate (&pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrWidePosition child;
      g_autofree char *text = dr_wide_move_text (&pos, list, &list->moves[i], algebraic);
      uint64_t nodes;

      dr_wide_apply (&child, &pos, &list->moves[i]);
      nodes = dr_wide_perft (&child, depth - 1, o->paths);
      total += nodes;
      g_print ("%s: %" G_GUINT64_FORMAT "\n", text, nodes);
    }
  g_print ("\nNodes searched: %" G_GUINT64_FORMAT "\n", total);
  return EXIT_SUCCESS;
}

/* Hub protocol form: from, to, then every captured square ("32x21x27"). */
static char *
hub_text (const DrWidePosition *pos,
          const DrWideMove     *move)
{
  const DrWideGeometry *g = dr_wide_geometry (pos->size);
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%d%c%d", dr_wide_number (g, move->from),
                          move->captures ? 'x' : '-', dr_wide_number (g, move->to));
  for (int n = 1; n <= g->n_squares; n++)
    if (dr_wide_has (move->captures, dr_wide_bit_from_number (g, n)))
      g_string_append_printf (out, "x%d", n);
  return g_string_free (out, FALSE);
}

int
dr_cli_wide_moves (const DrCliWideOptions *o)
{
  DrWidePosition pos;
  gboolean algebraic, hub = FALSE;
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);

  if (o->format != NULL)
    {
      if (g_str_equal (o->format, "hub"))
        hub = TRUE;
      else if (!g_str_equal (o->format, "notation"))
        {
          g_printerr (_("draughtsman-cli moves: --format must be notation or hub, not “%s”\n"),
                      o->format);
          return EXIT_FAILURE;
        }
    }
  if (!resolve (o, &pos, &algebraic))
    return EXIT_FAILURE;
  dr_wide_generate (&pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      g_autofree char *text = hub ? hub_text (&pos, &list->moves[i])
                                  : dr_wide_move_text (&pos, list, &list->moves[i], algebraic);
      g_print ("%s\n", text);
    }
  return EXIT_SUCCESS;
}

int
dr_cli_wide_fen (const DrCliWideOptions *o)
{
  DrWidePosition pos;
  gboolean algebraic;
  g_autofree char *text = NULL;

  if (!resolve (o, &pos, &algebraic))
    return EXIT_FAILURE;
  text = dr_wide_fen_write (&pos, algebraic);
  g_print ("%s\n", text);
  return EXIT_SUCCESS;
}
