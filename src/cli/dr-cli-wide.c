/* dr-cli-wide.c — perft, divide, moves, fen and analyse on the wide boards
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-cli-wide.h"

#include "dr-search.h"
#include "dr-wide-pdn.h"
#include "dr-wide-search.h"
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

typedef struct
{
  DrWidePosition root;
  gboolean       algebraic;
} AnalyseContext;

/* @pv from @root as move texts separated by spaces. */
static char *
line_text (const DrWidePosition *root,
           const DrWideMove     *pv,
           int                   n,
           gboolean              algebraic)
{
  GString *out = g_string_new (NULL);
  g_autofree DrWideMoveList *legal = g_new0 (DrWideMoveList, 1);
  DrWidePosition pos = *root;

  for (int i = 0; i < n; i++)
    {
      g_autofree char *text = NULL;

      dr_wide_generate (&pos, legal);
      text = dr_wide_move_text (&pos, legal, &pv[i], algebraic);
      g_string_append_printf (out, "%s%s", i ? " " : "", text);
      dr_wide_apply (&pos, &pos, &pv[i]);
    }
  return g_string_free (out, FALSE);
}

/* The same line as the 64-bit analyse's (dr-cli.c), multipv always 1. */
static void
analyse_info_cb (const DrWideSearchInfo *info,
                 void                   *user_data)
{
  AnalyseContext *ctx = user_data;
  g_autofree char *pv = line_text (&ctx->root, info->pv, info->pv_length, ctx->algebraic);
  char score[32];

  g_print ("info depth %d seldepth %d multipv 1 score %s nodes %" G_GUINT64_FORMAT
           " nps %" G_GUINT64_FORMAT " time %" G_GUINT64_FORMAT " pv %s\n",
           info->depth, info->seldepth, dr_score_to_string (info->score, score),
           info->nodes, info->time_ms > 0 ? info->nodes * 1000 / info->time_ms : info->nodes,
           info->time_ms, pv);
}

int
dr_cli_wide_analyse (const DrCliWideOptions *o,
                     int                     depth,
                     gint64                  nodes,
                     gint64                  movetime,
                     int                     hash)
{
  AnalyseContext ctx;
  DrWideSearchLimits lim = { 0 };
  DrWideSearchResult result;
  DrWideSearch *search;
  int status = EXIT_SUCCESS;

  if (!resolve (o, &ctx.root, &ctx.algebraic))
    return EXIT_FAILURE;
  if (depth == 0 && nodes == 0 && movetime == 0)
    depth = 12;
  if (depth >= DR_WIDE_SEARCH_MAX_PLY)
    {
      g_printerr (_("draughtsman-cli analyse: --depth must be below %d for %s\n"),
                  DR_WIDE_SEARCH_MAX_PLY, o->variant);
      return EXIT_FAILURE;
    }
  lim.max_depth = depth;
  lim.max_nodes = (uint64_t) nodes;
  lim.max_time_ms = (uint64_t) movetime;
  lim.info_func = analyse_info_cb;
  lim.user_data = &ctx;
  search = dr_wide_search_new ((size_t) hash);
  if (search == NULL)
    {
      g_printerr (_("draughtsman-cli analyse: not enough memory for the table\n"));
      return EXIT_FAILURE;
    }
  if (!dr_wide_search_run (search, &ctx.root, &lim, &result))
    {
      g_print ("bestmove (none)\n");
      status = EXIT_FAILURE;
    }
  else
    {
      g_autofree DrWideMoveList *legal = g_new0 (DrWideMoveList, 1);
      g_autofree char *best = NULL;

      dr_wide_generate (&ctx.root, legal);
      best = dr_wide_move_text (&ctx.root, legal, &result.best, ctx.algebraic);
      g_print ("bestmove %s\n", best);
    }
  dr_wide_search_free (search);
  return status;
}

static void
print_problem (const GError *error,
               gpointer      user_data)
{
  if (!*(gboolean *) user_data)
    g_print ("%s\n", error->message);
}

int
dr_cli_wide_pdn_check (const char  *variant,
                       const char  *encoding,
                       gboolean     quiet,
                       int          n_files,
                       char       **files)
{
  DrWidePdnCounts counts = { 0 };

  for (int i = 0; i < n_files; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (files[i], encoding, NULL, &error);

      if (reader == NULL)
        {
          g_print ("%s: %s\n", files[i], error->message);
          counts.errors++;
          continue;
        }
      dr_wide_pdn_check (reader, dr_cli_wide_size (variant), &counts, print_problem, &quiet);
    }
  g_print ("games: %u, moves: %u, errors: %u\n", counts.games, counts.moves, counts.errors);
  return counts.errors > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
