/* dr-cli-egdb.c — draughtsman-cli egdb: build, probe, verify, list and plan endgame tables
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   egdb build  --variant V (--pieces N | --slice S) [--dir D] [--threads T] [--quiet]
 *   egdb probe  --variant V [--dir D] --fen F [--notation numeric|algebraic]
 *   egdb verify --variant V [--dir D] [--slice S] [--threads T]
 *   egdb info   [--variant V] [--dir D]
 *   egdb plan   --variant V --pieces N [--dir D] [--output FILE]
 *   egdb compress-stats --variant V [--dir D]
 *
 * The output is an interface (the tests read it): change it on purpose.
 */

#define G_LOG_DOMAIN "dr-cli"

#include "config.h"

#include "dr-cli-egdb.h"

#include "dr-bitboard.h"
#include "dr-egdb.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  char    *variant;
  char    *dir;
  char    *fen;
  char    *slice;
  char    *notation;
  char    *output;
  int      pieces;
  int      threads;
  int      bench;
  gboolean quiet;
} EgdbOptions;

static void
egdb_options_clear (EgdbOptions *o)
{
  g_free (o->variant);
  g_free (o->dir);
  g_free (o->fen);
  g_free (o->slice);
  g_free (o->notation);
  g_free (o->output);
}

static gboolean
parse (const char  *sub,
       const char  *summary,
       EgdbOptions *o,
       int         *argc,
       char      ***argv)
{
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &o->variant, N_("Rules of the tables"), N_("VARIANT") },
    { "dir", 'd', 0, G_OPTION_ARG_FILENAME, &o->dir, N_("Tables folder (default $XDG_DATA_HOME/draughtsman/egdb)"), N_("DIR") },
    { "pieces", 'p', 0, G_OPTION_ARG_INT, &o->pieces, N_("Every slice with up to N pieces"), N_("N") },
    { "slice", 's', 0, G_OPTION_ARG_STRING, &o->slice, N_("Only this slice (e.g. kkm-k)"), N_("SLICE") },
    { "threads", 't', 0, G_OPTION_ARG_INT, &o->threads, N_("Threads (build, verify)"), N_("T") },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &o->fen, N_("Position (PDN FEN)"), N_("FEN") },
    { "notation", 'n', 0, G_OPTION_ARG_STRING, &o->notation, N_("Squares as numeric or algebraic"), N_("NOTATION") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o->output, N_("Write the Makefile here (plan)"), N_("FILE") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &o->quiet, N_("No progress on standard error"), NULL },
    { "bench", 0, 0, G_OPTION_ARG_INT, &o->bench, N_("probe: time N random positions instead (ns a probe)"), N_("N") },
    { NULL }
  };
  g_autofree char *parameter = g_strdup_printf ("egdb %s", sub);
  g_autoptr (GOptionContext) context = g_option_context_new (parameter);
  g_autoptr (GError) error = NULL;

  g_option_context_set_summary (context, summary);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("draughtsman-cli egdb %s: %s\n", sub, error->message);
      return FALSE;
    }
  if (*argc != 1)
    {
      g_printerr (_("draughtsman-cli egdb %s: unexpected argument “%s”\n"), sub, (*argv)[1]);
      return FALSE;
    }
  return TRUE;
}

static const DrRules *
rules_of (const char  *sub,
          EgdbOptions *o,
          gboolean     required)
{
  const DrRules *rules;

  if (o->variant == NULL)
    {
      if (required)
        g_printerr (_("draughtsman-cli egdb %s: --variant is required\n"), sub);
      return NULL;
    }
  rules = dr_rules_from_name (o->variant);
  if (rules == NULL)
    g_printerr (_("draughtsman-cli egdb %s: unknown variant “%s”\n"), sub, o->variant);
  return rules;
}

static char *
human_size (guint64 bytes)
{
  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}

/* build ------------------------------------------------------------------ */

typedef struct
{
  gboolean quiet;
  gint64   slice_start;
  gint64   last_print;
  guint64  positions;
} BuildReport;

static void
build_progress_cb (const DrEgdbProgress *p,
                   gpointer              user_data)
{
  BuildReport *r = user_data;
  gint64 now = g_get_monotonic_time ();

  if (g_str_equal (p->stage, "init") && p->done == 0)
    r->slice_start = now;
  if (g_str_equal (p->stage, "init"))
    r->positions = p->total;
  if (r->quiet)
    return;
  if (g_str_equal (p->stage, "skip"))
    g_printerr ("[%d/%d] %-10s already built\n", p->slice_index + 1, p->n_slices, p->slice);
  else if (g_str_equal (p->stage, "done"))
    {
      double s = (double) (now - r->slice_start) / 1e6;
      g_printerr ("[%d/%d] %-10s %" G_GUINT64_FORMAT " positions in %.2f s (%.0f positions/s)\n",
                  p->slice_index + 1, p->n_slices, p->slice, r->positions, s,
                  s > 0 ? (double) r->positions / s : 0.0);
    }
  else if (now - r->last_print > 10 * G_USEC_PER_SEC)
    {
      r->last_print = now;
      g_printerr ("[%d/%d] %-10s %s %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT "\n",
                  p->slice_index + 1, p->n_slices, p->slice, p->stage, p->done, p->total);
    }
}

static int
egdb_build (int    argc,
            char **argv)
{
  EgdbOptions o = { 0 };
  const DrRules *rules;
  DrEgdbBuildOptions options = { 0 };
  BuildReport report = { 0 };
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  int status = EXIT_SUCCESS;

  if (!parse ("build", _("Build every missing slice up to N pieces (or one slice), in dependency order."),
              &o, &argc, &argv) || (rules = rules_of ("build", &o, TRUE)) == NULL)
    {
      egdb_options_clear (&o);
      return EXIT_FAILURE;
    }
  options.rules = rules;
  options.dir = o.dir;
  options.pieces = o.pieces;
  options.slice = o.slice;
  options.threads = o.threads > 0 ? o.threads : 1;
  report.quiet = o.quiet;
  if (o.slice == NULL && o.pieces == 0)
    {
      g_printerr (_("draughtsman-cli egdb build: give --pieces N or --slice S\n"));
      status = EXIT_FAILURE;
    }
  else if (!dr_egdb_build (&options, build_progress_cb, &report, NULL, &error))
    {
      g_printerr ("draughtsman-cli egdb build: %s\n", error->message);
      status = EXIT_FAILURE;
    }
  else
    g_print ("built %s up to %d pieces in %.2f s\n", rules->name,
             o.slice != NULL ? 0 : o.pieces, (double) (g_get_monotonic_time () - start) / 1e6);
  egdb_options_clear (&o);
  return status;
}

/* Times dr_egdb_probe_quiet() on @n random positions the tables hold (no
 * capture pending). */
static int
probe_bench (const DrRules *rules,
             DrEgdb        *db,
             int            n)
{
  const DrGeometry *g = rules->geometry;
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autofree DrPosition *positions = g_new (DrPosition, n);
  DrBitboard top = dr_rules_promotion_mask (rules, DR_SIDE_WHITE);
  DrBitboard bottom = dr_rules_promotion_mask (rules, DR_SIDE_BLACK);
  int max = dr_egdb_max_pieces (db), found = 0;
  guint64 sum = 0;

  if (max < 2)
    {
      g_printerr (_("draughtsman-cli egdb probe: no tables to time\n"));
      return EXIT_FAILURE;
    }
  while (found < n)
    {
      DrPosition pos;
      int pieces = g_rand_int_range (rand, 2, max + 1);
      int plies;

      dr_position_clear (&pos);
      for (int i = 0; i < pieces; i++)
        {
          int bit;
          DrPiece piece = i == 0 ? DR_PIECE_WHITE_KING : i == 1 ? DR_PIECE_BLACK_KING
                          : (DrPiece) g_rand_int_range (rand, DR_PIECE_WHITE_MAN, DR_PIECE_BLACK_KING + 1);
          do
            bit = g_rand_int_range (rand, 0, 64);
          while (!dr_bb_has (g->squares, bit) || dr_position_get (&pos, bit) != DR_PIECE_NONE
                 || (piece == DR_PIECE_WHITE_MAN && dr_bb_has (top, bit))
                 || (piece == DR_PIECE_BLACK_MAN && dr_bb_has (bottom, bit)));
          if (i < 2 && g_rand_boolean (rand))
            piece = piece == DR_PIECE_WHITE_KING ? DR_PIECE_WHITE_MAN : DR_PIECE_BLACK_MAN;
          if ((piece == DR_PIECE_WHITE_MAN && dr_bb_has (top, bit)) || (piece == DR_PIECE_BLACK_MAN && dr_bb_has (bottom, bit)))
            piece = piece == DR_PIECE_WHITE_MAN ? DR_PIECE_WHITE_KING : DR_PIECE_BLACK_KING;
          dr_position_put (&pos, bit, piece);
        }
      dr_position_set_turn (&pos, g_rand_boolean (rand) ? DR_SIDE_WHITE : DR_SIDE_BLACK);
      if (dr_egdb_probe_quiet (db, &pos, &plies) != DR_EGDB_UNKNOWN)
        positions[found++] = pos;
    }
  /* Pass 1: every position once, blocks all over the files; pass 2: the
   * first 256 positions over and over, their blocks in the caches.  With
   * the distances (dr_egdb_probe_quiet), then the value alone
   * (dr_egdb_probe_wld, what a search reads). */
  for (int wld = 0; wld < 2; wld++)
    for (int pass = 0; pass < 2; pass++)
      {
        gint64 start = g_get_monotonic_time ();
        for (int i = 0; i < n; i++)
          {
            int plies = 0;
            const DrPosition *pos = &positions[pass == 0 ? i : i % MIN (n, 256)];
            sum += wld ? (guint64) dr_egdb_probe_wld (db, pos)
                       : (guint64) dr_egdb_probe_quiet (db, pos, &plies) + (guint64) plies;
          }
        g_print ("%s%s: %d probes, %.0f ns a probe\n", pass == 0 ? "random positions" : "cached blocks",
                 wld ? ", value alone" : "", n, (double) (g_get_monotonic_time () - start) * 1000.0 / n);
      }
  return sum > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* probe ------------------------------------------------------------------ */

static int
egdb_probe (int    argc,
            char **argv)
{
  EgdbOptions o = { 0 };
  const DrRules *rules;
  g_autoptr (DrEgdb) db = NULL;
  g_autoptr (GError) error = NULL;
  DrPosition pos;
  DrEgdbProbe result;
  DrNotation notation;
  int status = EXIT_FAILURE;

  if (!parse ("probe", _("The value of a position for its side to move, the distance and the best move."),
              &o, &argc, &argv) || (rules = rules_of ("probe", &o, TRUE)) == NULL)
    goto out;
  notation = rules->notation;
  if (o.notation != NULL)
    {
      if (g_str_equal (o.notation, "numeric"))
        notation = DR_NOTATION_NUMERIC;
      else if (g_str_equal (o.notation, "algebraic"))
        notation = DR_NOTATION_ALGEBRAIC;
      else
        {
          g_printerr (_("draughtsman-cli egdb probe: unknown notation “%s”\n"), o.notation);
          goto out;
        }
    }
  if (o.bench > 0)
    {
      if ((db = dr_egdb_open (rules, o.dir, &error)) == NULL)
        {
          g_printerr ("draughtsman-cli egdb probe: %s\n", error->message);
          goto out;
        }
      status = probe_bench (rules, db, o.bench);
      goto out;
    }
  if (o.fen == NULL)
    {
      g_printerr (_("draughtsman-cli egdb probe: --fen is required\n"));
      goto out;
    }
  if (!dr_fen_parse (rules, o.fen, &pos, &error)
      || (db = dr_egdb_open (rules, o.dir, &error)) == NULL
      || !dr_egdb_probe (db, &pos, &result, &error))
    {
      g_printerr ("draughtsman-cli egdb probe: %s\n", error->message);
      goto out;
    }
  switch (result.value)
    {
    case DR_EGDB_WIN:
      g_print ("value win in %d (%d plies)\n", result.moves, result.plies);
      break;
    case DR_EGDB_LOSS:
      g_print ("value loss in %d (%d plies)\n", result.moves, result.plies);
      break;
    case DR_EGDB_DRAW:
    case DR_EGDB_UNKNOWN:
    default:
      g_print ("value draw\n");
      break;
    }
  if (result.has_best)
    {
      g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
      g_autofree char *text = NULL;

      dr_movegen_legal (rules, &pos, legal);
      text = dr_move_to_text (rules, legal, &result.best, notation);
      g_print ("bestmove %s\n", text);
    }
  else
    g_print ("bestmove (none)\n");
  if (result.count_rule != NULL)
    g_print ("count-rule %s: %d moves; along the table's line it ends the game as a draw at move %d, "
             "before the %s\n", result.count_rule->article, result.count_rule->limit,
             result.count_rule_move, result.value == DR_EGDB_WIN ? "win" : "loss");
  status = EXIT_SUCCESS;

out:
  egdb_options_clear (&o);
  return status;
}

/* verify ----------------------------------------------------------------- */

static void
verify_progress_cb (const DrEgdbProgress *p,
                    gpointer              user_data)
{
  if (!*(gboolean *) user_data && p->done == p->total)
    g_printerr ("[%d/%d] %-10s %" G_GUINT64_FORMAT " values read\n", p->slice_index + 1, p->n_slices,
                p->slice, p->total);
}

static int
egdb_verify (int    argc,
             char **argv)
{
  EgdbOptions o = { 0 };
  const DrRules *rules;
  g_autoptr (DrEgdb) db = NULL;
  g_autoptr (GError) error = NULL;
  guint64 checked = 0;
  gint64 start = g_get_monotonic_time ();
  int status = EXIT_FAILURE;

  if (!parse ("verify", _("Check every stored value against its successors' values (a one-ply search)."),
              &o, &argc, &argv) || (rules = rules_of ("verify", &o, TRUE)) == NULL)
    goto out;
  if ((db = dr_egdb_open (rules, o.dir, &error)) == NULL
      || !dr_egdb_verify (db, o.slice, o.threads, verify_progress_cb, &o.quiet, NULL, &checked, &error))
    {
      g_printerr ("draughtsman-cli egdb verify: %s\n", error->message);
      goto out;
    }
  {
    g_autoptr (GPtrArray) tables = dr_egdb_get_tables (db);
    g_print ("verified %" G_GUINT64_FORMAT " positions in %u tables of %s in %.2f s: all agree\n",
             checked, o.slice != NULL ? 1 : tables->len, rules->name,
             (double) (g_get_monotonic_time () - start) / 1e6);
  }
  status = EXIT_SUCCESS;

out:
  egdb_options_clear (&o);
  return status;
}

/* convert ---------------------------------------------------------------- */

static void
convert_progress_cb (const DrEgdbProgress *p,
                     gpointer              user_data)
{
  if (!*(gboolean *) user_data && g_str_equal (p->stage, "done"))
    g_printerr ("[%d/%d] %s converted\n", p->slice_index + 1, p->n_slices, p->slice);
}

static int
egdb_convert (int    argc,
              char **argv)
{
  EgdbOptions o = { 0 };
  const DrRules *rules;
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  int converted = 0, status = EXIT_FAILURE;

  if (!parse ("convert", _("Convert format-1 tables to format 2 (win/draw/loss and distance files), in place."),
              &o, &argc, &argv) || (rules = rules_of ("convert", &o, TRUE)) == NULL)
    goto out;
  if (!dr_egdb_convert (rules, o.dir, convert_progress_cb, &o.quiet, NULL, &converted, &error))
    {
      g_printerr ("draughtsman-cli egdb convert: %s\n", error->message);
      goto out;
    }
  g_print ("converted %d tables of %s in %.2f s\n", converted, rules->name,
           (double) (g_get_monotonic_time () - start) / 1e6);
  status = EXIT_SUCCESS;

out:
  egdb_options_clear (&o);
  return status;
}

/* info ------------------------------------------------------------------- */

static int
egdb_info (int    argc,
           char **argv)
{
  EgdbOptions o = { 0 };
  const DrRules *rules = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (GError) error = NULL;
  const char *variant = NULL;
  guint64 pos_n = 0, legal_n = 0, size_n = 0;
  double secs_n = 0;
  int pieces = -1, status = EXIT_FAILURE;
  guint damaged = 0;

  if (!parse ("info", _("List the tables: slices, positions, results, sizes and build times."),
              &o, &argc, &argv))
    goto out;
  if (o.variant != NULL && (rules = rules_of ("info", &o, FALSE)) == NULL)
    goto out;
  tables = dr_egdb_list (o.dir, rules, &error);
  g_print ("%-16s %-10s %6s %14s %14s %12s %12s %12s %6s %10s %9s\n", "variant", "slice", "pieces",
           "positions", "legal", "wins", "draws", "losses", "plies", "bytes", "seconds");
  for (guint i = 0; i <= tables->len; i++)
    {
      DrEgdbTableInfo *t = i < tables->len ? g_ptr_array_index (tables, i) : NULL;

      /* A refused file: said so in its place, and left out of the sums. */
      if (t != NULL && t->error != NULL)
        {
          g_print ("%-16s %-10s damaged: %s\n", t->variant, t->slice, t->path);
          g_printerr ("%s\n", t->error);
          damaged++;
          continue;
        }
      if (variant != NULL && (t == NULL || !g_str_equal (t->variant, variant) || t->pieces != pieces))
        {
          g_autofree char *size = human_size (size_n);
          g_print ("%-16s %-10s %6d %14" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %12s %12s %12s %6s %10s %9.1f  (total, %s)\n",
                   variant, "all", pieces, pos_n, legal_n, "", "", "", "", "", secs_n, size);
          pos_n = legal_n = size_n = 0;
          secs_n = 0;
        }
      if (t == NULL)
        break;
      variant = t->variant;
      pieces = t->pieces;
      g_print ("%-16s %-10s %6d %14" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT
               " %12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %6d %10" G_GUINT64_FORMAT " %9.1f\n",
               t->variant, t->slice, t->pieces, t->positions, t->legal, t->wins, t->draws, t->losses,
               t->max_plies, t->file_size, t->build_seconds);
      pos_n += t->positions;
      legal_n += t->legal;
      size_n += t->file_size;
      secs_n += t->build_seconds;
    }
  if (damaged > 0)
    g_printerr (ngettext ("draughtsman-cli egdb info: %u table is damaged\n",
                          "draughtsman-cli egdb info: %u tables are damaged\n", damaged), damaged);
  status = damaged > 0 ? EXIT_FAILURE : EXIT_SUCCESS;

out:
  egdb_options_clear (&o);
  return status;
}

/* compress-stats ----------------------------------------------------------- */

static void
wld_stats_add (DrEgdbWldStats       *sum,
               const DrEgdbWldStats *s)
{
  sum->positions += s->positions;
  sum->stored += s->stored;
  sum->broken += s->broken;
  sum->capture += s->capture;
  sum->threat += s->threat;
  for (int v = 0; v < 3; v++)
    sum->wld[v] += s->wld[v];
  sum->probe_us += s->probe_us;
  sum->probes += s->probes;
  sum->resolve_us += s->resolve_us;
  sum->resolves += s->resolves;
  sum->decisive += s->decisive;
  sum->distance_bits += s->distance_bits;
  for (int m = 0; m < 2; m++)
    for (int c = 0; c < DR_EGDB_WLD_CODECS; c++)
      for (int b = 0; b < DR_EGDB_WLD_BLOCKS; b++)
        {
          sum->codecs[m][c].bytes[b] += s->codecs[m][c].bytes[b];
          sum->codecs[m][c].index_bytes[b] += s->codecs[m][c].index_bytes[b];
          sum->codecs[m][c].lookup_us[b] += s->codecs[m][c].lookup_us[b];
          sum->codecs[m][c].lookups[b] += s->codecs[m][c].lookups[b];
        }
}

/* Positions a byte, with the block index or (@data) without. */
static double
per_byte (const DrEgdbWldStats *s,
          int                   mode,
          int                   codec,
          int                   block,
          gboolean              data)
{
  guint64 bytes = s->codecs[mode][codec].bytes[block]
                  + (data ? 0 : s->codecs[mode][codec].index_bytes[block]);

  return bytes > 0 ? (double) s->positions / (double) bytes : 0;
}

static void
wld_stats_print_total (const char           *what,
                       const DrEgdbWldStats *s,
                       guint64               file_bytes)
{
  static const char *modes[2] = { "captures free", "captures and threats free" };

  g_print ("\n%s: %" G_GUINT64_FORMAT " positions, %" G_GUINT64_FORMAT " stored (%.1f%%), "
           "%" G_GUINT64_FORMAT " broken, %" G_GUINT64_FORMAT " capture (%.1f%%), "
           "%" G_GUINT64_FORMAT " threat (%.1f%%); files today %" G_GUINT64_FORMAT
           " bytes, %.2f positions a byte\n",
           what, s->positions, s->stored, 100.0 * (double) s->stored / (double) MAX (s->positions, 1),
           s->broken, s->capture, 100.0 * (double) s->capture / (double) MAX (s->positions, 1),
           s->threat, 100.0 * (double) s->threat / (double) MAX (s->positions, 1),
           file_bytes, (double) s->positions / (double) MAX (file_bytes, 1));
  g_print ("  probe of a stored position today %.0f ns, one-ply resolution of a threat position %.0f ns\n",
           1000.0 * s->probe_us / (double) MAX (s->probes, 1),
           1000.0 * s->resolve_us / (double) MAX (s->resolves, 1));
  g_print ("  distances: %" G_GUINT64_FORMAT " wins and losses stored, order-0 entropy per part "
           "%.2f bits each, %.0f bytes (%.1f positions a byte)\n",
           s->decisive, s->distance_bits / (double) MAX (s->decisive, 1), s->distance_bits / 8,
           (double) s->positions / MAX (s->distance_bits / 8, 1));
  for (int m = 0; m < 2; m++)
    {
      g_print ("  %-26s", modes[m]);
      for (int b = 0; b < DR_EGDB_WLD_BLOCKS; b++)
        g_print ("  %5u a block: pos/byte (data) ns/look-up", dr_egdb_wld_block_sizes[b]);
      g_print ("\n");
      for (int c = 0; c < DR_EGDB_WLD_CODECS; c++)
        {
          g_print ("    %-24s", dr_egdb_wld_codec_name (c));
          for (int b = 0; b < DR_EGDB_WLD_BLOCKS; b++)
            {
              const DrEgdbWldCodecStats *cs = &s->codecs[m][c];
              g_print ("  %14.2f %7.2f %11.0f", per_byte (s, m, c, b, FALSE), per_byte (s, m, c, b, TRUE),
                       1000.0 * cs->lookup_us[b] / (double) MAX (cs->lookups[b], 1));
            }
          g_print ("\n");
        }
    }
}

static int
egdb_compress_stats (int    argc,
                     char **argv)
{
  EgdbOptions o = { 0 };
  const DrRules *rules;
  g_autoptr (DrEgdb) db = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (GError) error = NULL;
  DrEgdbWldStats all = { 0 }, count = { 0 };
  guint64 all_file = 0, count_file = 0;
  int pieces = -1, status = EXIT_FAILURE;

  if (!parse ("compress-stats",
              _("Measure win/draw/loss codecs on the tables (positions a byte, look-up time)."),
              &o, &argc, &argv) || (rules = rules_of ("compress-stats", &o, TRUE)) == NULL)
    goto out;
  if ((db = dr_egdb_open (rules, o.dir, &error)) == NULL)
    {
      g_printerr ("draughtsman-cli egdb compress-stats: %s\n", error->message);
      goto out;
    }
  tables = dr_egdb_get_tables (db);
  g_print ("%-10s %6s %12s %7s %7s %7s %10s %10s %10s %10s\n", "slice", "pieces", "positions",
           "stored%", "captur%", "threat%", "rle/c", "huff/c", "rle/c+t", "huff/c+t");
  for (guint i = 0; i <= tables->len; i++)
    {
      DrEgdbTableInfo *t = i < tables->len ? g_ptr_array_index (tables, i) : NULL;
      DrEgdbWldStats s;

      if (pieces >= 0 && (t == NULL || t->pieces != pieces))
        {
          g_autofree char *what = g_strdup_printf ("%s, %d pieces", rules->name, pieces);
          wld_stats_print_total (what, &count, count_file);
          g_print ("\n");
          wld_stats_add (&all, &count);
          all_file += count_file;
          memset (&count, 0, sizeof count);
          count_file = 0;
        }
      if (t == NULL)
        break;
      pieces = t->pieces;
      if (!dr_egdb_wld_stats (db, t->slice, &s, &error))
        {
          g_printerr ("draughtsman-cli egdb compress-stats: %s\n", error->message);
          goto out;
        }
      /* Per slice: blocks of 4096 positions (with their index). */
      g_print ("%-10s %6d %12" G_GUINT64_FORMAT " %7.1f %7.1f %7.1f %10.2f %10.2f %10.2f %10.2f\n",
               t->slice, t->pieces, s.positions,
               100.0 * (double) s.stored / (double) MAX (s.positions, 1),
               100.0 * (double) s.capture / (double) MAX (s.positions, 1),
               100.0 * (double) s.threat / (double) MAX (s.positions, 1),
               per_byte (&s, 0, 2, 1, FALSE), per_byte (&s, 0, 3, 1, FALSE),
               per_byte (&s, 1, 2, 1, FALSE), per_byte (&s, 1, 3, 1, FALSE));
      wld_stats_add (&count, &s);
      count_file += t->file_size;
    }
  wld_stats_print_total (rules->name, &all, all_file);
  status = EXIT_SUCCESS;

out:
  egdb_options_clear (&o);
  return status;
}

/* plan ------------------------------------------------------------------- */

static int
egdb_plan (int    argc,
           char **argv)
{
  EgdbOptions o = { 0 };
  const DrRules *rules;
  g_autoptr (GPtrArray) slices = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *def = NULL;
  const char *dir;
  int status = EXIT_FAILURE;

  if (!parse ("plan", _("Write a Makefile with one target per slice and its dependencies."),
              &o, &argc, &argv) || (rules = rules_of ("plan", &o, TRUE)) == NULL)
    goto out;
  if ((slices = dr_egdb_plan (rules, o.pieces, &error)) == NULL)
    {
      g_printerr ("draughtsman-cli egdb plan: %s\n", error->message);
      goto out;
    }
  def = dr_egdb_default_dir ();
  dir = o.dir != NULL ? o.dir : def;
  {
    /* What it takes, at the densities of format 2 measured on the 2-5
     * piece tables (README "File format"): English 70.2 positions a byte
     * of win/draw/loss and 2.55 of distances, Russian (flying kings, the
     * figures used for every variant whose kings fly) 31.0 and 5.75; and
     * the build rates the application assumes (8x8 1.6 M positions a
     * second of one core, 10x10 1.35 M). */
    guint64 positions = 0;
    double wld = rules->kings_fly ? 31.0 : 70.2, dist = rules->kings_fly ? 5.75 : 2.55;
    double rate = rules->geometry->n_squares > 32 ? 1.35e6 : 1.6e6;
    g_autofree char *wld_size = NULL, *dist_size = NULL;

    guint64 largest = 0;
    g_autofree char *memory = NULL;

    for (guint i = 0; i < slices->len; i++)
      {
        guint64 n = dr_egdb_slice_positions (rules, g_ptr_array_index (slices, i), NULL);
        positions += n;
        largest = MAX (largest, n);
      }
    /* The builder keeps 3 bytes a position of the slice it builds. */
    memory = human_size (3 * largest);
    wld_size = human_size ((guint64) ((double) positions / wld));
    dist_size = human_size ((guint64) ((double) positions / dist));
    g_string_append_printf (out,
                            "# %u slices, %" G_GUINT64_FORMAT " positions: about %s of win/draw/loss\n"
                            "# (%.1f positions a byte) and %s of distances (%.2f a byte), and\n"
                            "# %.1f CPU-hours at %.2f M positions a second of one core;\n"
                            "# the largest slice, %" G_GUINT64_FORMAT " positions, needs %s of memory.\n",
                            slices->len, positions, wld_size, wld, dist_size, dist,
                            (double) positions / rate / 3600.0, rate / 1e6, largest, memory);
  }
  g_string_append_printf (out,
                          "# Endgame tables of %s up to %d pieces: one target per slice.\n"
                          "# make -f THIS -j N builds the independent slices side by side;\n"
                          "# each target is the slice's file, so make skips what is built.\n"
                          "CLI ?= draughtsman-cli\n"
                          "DIR ?= %s\n"
                          "VARIANT = %s\n\n"
                          "all:", rules->name, o.pieces, dir, rules->name);
  for (guint i = 0; i < slices->len; i++)
    g_string_append_printf (out, " $(DIR)/$(VARIANT)/%s.egdb", (char *) g_ptr_array_index (slices, i));
  g_string_append (out, "\n\n");
  for (guint i = 0; i < slices->len; i++)
    {
      const char *name = g_ptr_array_index (slices, i);
      g_autoptr (GPtrArray) deps = dr_egdb_slice_depends (rules, name, NULL);

      g_string_append_printf (out, "$(DIR)/$(VARIANT)/%s.egdb:", name);
      for (guint j = 0; j < deps->len; j++)
        g_string_append_printf (out, " $(DIR)/$(VARIANT)/%s.egdb", (char *) g_ptr_array_index (deps, j));
      g_string_append_printf (out, "\n\t$(CLI) egdb build --variant $(VARIANT) --dir $(DIR) --slice %s --quiet\n\n",
                              name);
    }
  g_string_append (out, ".PHONY: all\n");
  if (o.output != NULL)
    {
      if (!g_file_set_contents (o.output, out->str, (gssize) out->len, &error))
        {
          g_printerr ("draughtsman-cli egdb plan: %s\n", error->message);
          goto out;
        }
    }
  else
    g_print ("%s", out->str);
  status = EXIT_SUCCESS;

out:
  egdb_options_clear (&o);
  return status;
}

DrEgdb *
dr_cli_egdb_for_search (const DrRules *rules,
                        const char    *dir,
                        const char    *command)
{
  g_autoptr (GError) error = NULL;
  DrEgdb *db;

  if ((dir != NULL && *dir == '\0') || !dr_egdb_supported (rules))
    return NULL;
  db = dr_egdb_open (rules, dir, &error);
  if (db == NULL)
    {
      g_printerr (_("draughtsman-cli %s: endgame tables not used: %s\n"), command, error->message);
      return NULL;
    }
  if (dr_egdb_max_pieces (db) == 0)
    {
      dr_egdb_free (db);
      return NULL;
    }
  return db;
}

int
dr_cli_egdb (int    argc,
             char **argv)
{
  static const struct
  {
    const char *name;
    int (*run) (int argc, char **argv);
    const char *summary;
  } subs[] = {
    { "build", egdb_build, N_("build the tables up to N pieces (resumes an interrupted build)") },
    { "probe", egdb_probe, N_("value, distance, best move and count-rule remark of a position") },
    { "verify", egdb_verify, N_("check every stored value against a one-ply search") },
    { "info", egdb_info, N_("list the installed tables with their sizes") },
    { "convert", egdb_convert, N_("convert format-1 tables to format 2 in place") },
    { "plan", egdb_plan, N_("write a Makefile with one target per slice") },
    { "compress-stats", egdb_compress_stats, N_("measure win/draw/loss codecs on the tables") },
  };

  if (argc >= 2)
    for (gsize i = 0; i < G_N_ELEMENTS (subs); i++)
      if (g_str_equal (argv[1], subs[i].name))
        return subs[i].run (argc - 1, argv + 1);
  g_printerr (_("Usage: draughtsman-cli egdb SUBCOMMAND [OPTIONS]\n\nSubcommands:\n"));
  for (gsize i = 0; i < G_N_ELEMENTS (subs); i++)
    g_printerr ("  %-8s %s\n", subs[i].name, _(subs[i].summary));
  return argc >= 2 && (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "help")) ? EXIT_SUCCESS : 2;
}
