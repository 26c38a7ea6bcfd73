/* test-egdb-wld.c — endgame databases: win/draw/loss apart, free positions, codecs
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * English tables to 4 pieces (and Russian to 3) are built once into a
 * temporary folder.  On real slices: a position is marked free exactly
 * when the side to move must capture (or, for threats, when one ply over
 * its moves, each then a capture, gives its stored value), and every codec
 * gives back every stored position's value.
 */

#include "config.h"

#include "test-egdb-util.h"

#include "dr-egdb-wld-private.h"
#include "dr-movegen.h"

#include <string.h>

static const EgdbPart *
part_of_slice (const DrEgdb *db,
               const char   *slice,
               int           index)
{
  for (guint i = 0; i < db->tables->len; i++)
    {
      const EgdbTable *t = g_ptr_array_index (db->tables, i);
      if (g_str_equal (t->name, slice))
        return index < t->n_parts ? &t->parts[index] : NULL;
    }
  g_assert_not_reached ();
  return NULL;
}

static const struct
{
  const char *variant;
  int         pieces;
  const char *slice;
} slices[] = {
  { "english", 4, "mk-mk" },
  { "english", 4, "mk-mm" },
  { "english", 4, "mmk-k" },
  { "russian", 3, "mk-m" },
};

/* Every position's class, checked on its own: broken indices, captures of
 * the side to move (which the probe resolves: never unknown), threats
 * (resolved by one ply to the stored value), and stored values that are
 * the probe's. */
static void
test_free_positions (void)
{
  guint64 threats = 0, captures = 0, stored = 0;

  for (gsize c = 0; c < G_N_ELEMENTS (slices); c++)
    {
      g_autoptr (DrEgdb) db = open_tables (slices[c].variant, slices[c].pieces);
      const DrRules *rules = db->rules;
      g_autofree DrMoveList *lists = g_new0 (DrMoveList, EGDB_WLD_LISTS);

      for (int p = 0; p < 2; p++)
        {
          const EgdbPart *part = part_of_slice (db, slices[c].slice, p);
          g_autoptr (GError) error = NULL;
          g_autofree uint8_t *wld = NULL, *why = NULL, *plain = NULL, *plain_why = NULL;

          if (part == NULL)
            continue;
          wld = g_malloc (part->n_values);
          why = g_malloc (part->n_values);
          plain = g_malloc (part->n_values);
          plain_why = g_malloc (part->n_values);
          g_assert_true (_dr_egdb_wld_extract (db, part, true, wld, why, &error));
          g_assert_no_error (error);
          g_assert_true (_dr_egdb_wld_extract (db, part, false, plain, plain_why, &error));
          g_assert_no_error (error);
          for (uint64_t i = 0; i < part->n_values; i++)
            {
              DrPosition pos;
              int plies = 0;
              DrEgdbValue v;
              static const uint8_t wld_of[] = { 0, EGDB_WLD_WIN, EGDB_WLD_DRAW, EGDB_WLD_LOSS };

              if (!_dr_egdb_unindex (&db->board, part->material, i, &pos))
                {
                  g_assert_cmpint (why[i], ==, EGDB_FREE_BROKEN);
                  continue;
                }
              if (dr_movegen_has_capture (rules, &pos))
                {
                  g_assert_cmpint (why[i], ==, EGDB_FREE_CAPTURE);
                  g_assert_cmpint (plain_why[i], ==, EGDB_FREE_CAPTURE);
                  v = _dr_egdb_value (db, &pos, &plies, lists, NULL);
                  g_assert_cmpint (v, !=, DR_EGDB_UNKNOWN);
                  captures++;
                  continue;
                }
              /* Stored today: the value the probe gives. */
              v = dr_egdb_probe_quiet (db, &pos, &plies);
              g_assert_cmpint (v, !=, DR_EGDB_UNKNOWN);
              g_assert_cmpint (plain_why[i], ==, EGDB_FREE_NONE);
              g_assert_cmpint (plain[i], ==, wld_of[v]);
              g_assert_cmpint (wld[i], ==, wld_of[v]);
              if (why[i] == EGDB_FREE_THREAT)
                {
                  DrPosition other = pos;

                  /* The opponent has a capture and keeps one after every
                   * move; one ply gives the stored value. */
                  other.turn ^= 1;
                  g_assert_true (dr_movegen_has_capture (rules, &other));
                  dr_movegen_legal (rules, &pos, &lists[0]);
                  for (unsigned m = 0; m < lists[0].n; m++)
                    {
                      DrPosition child;
                      dr_position_apply (&child, &pos, &lists[0].moves[m]);
                      g_assert_true (dr_movegen_has_capture (rules, &child));
                    }
                  g_assert_cmpint (_dr_egdb_wld_resolve (db, &pos, lists), ==, v);
                  threats++;
                }
              else
                {
                  g_assert_cmpint (why[i], ==, EGDB_FREE_NONE);
                  stored++;
                }
            }
        }
    }
  /* Each class is met (the checks above ran). */
  g_assert_cmpuint (threats, >, 100);
  g_assert_cmpuint (captures, >, 1000);
  g_assert_cmpuint (stored, >, 1000);
}

/* Codes @wld (filled from @orig by @why) in blocks of @block with every
 * codec and checks every position decodes: a stored one to its value, a
 * free one to the filled value; a block cut short does not decode. */
static void
check_codecs (const uint8_t *orig,
              const uint8_t *why,
              uint64_t       n,
              uint32_t       block)
{
  g_autofree uint8_t *wld = g_memdup2 (orig, n);
  g_autofree uint8_t *whole = g_malloc (block);
  uint64_t freq[EGDB_HUFF_SYMBOLS] = { 0 };
  EgdbHuff huff;

  _dr_egdb_wld_fill (wld, why, n, block);
  for (uint64_t i = 0; i < n; i++)
    {
      g_assert_cmpint (wld[i], <=, 2);
      if (why[i] == EGDB_FREE_NONE)
        g_assert_cmpint (wld[i], ==, orig[i]);
    }
  _dr_egdb_huff_count (wld, n, block, freq);
  _dr_egdb_huff_build (&huff, freq);
  for (int c = 0; c < EGDB_N_CODECS; c++)
    for (uint64_t start = 0; start < n; start += block)
      {
        g_autoptr (GByteArray) out = g_byte_array_new ();
        uint32_t size = (uint32_t) MIN ((uint64_t) block, n - start);

        _dr_egdb_wld_encode ((EgdbCodec) c, &huff, wld + start, size, out);
        g_assert_true (_dr_egdb_wld_decode ((EgdbCodec) c, &huff, out->data, out->len, size, whole));
        g_assert_cmpmem (whole, size, wld + start, size);
        /* One position at a time: every 61st, and the last. */
        for (uint32_t j = 0;; j += 61)
          {
            int v;

            if (j >= size)
              j = size - 1;
            v = _dr_egdb_wld_decode_at ((EgdbCodec) c, &huff, out->data, out->len, size, j);
            if (v != wld[start + j])
              g_error ("codec %s, block of %u at %" G_GUINT64_FORMAT ": position %u decodes to %d, not %d",
                       _dr_egdb_codec_name ((EgdbCodec) c), block, start, j, v, wld[start + j]);
            if (j == size - 1)
              break;
          }
        g_assert_cmpint (_dr_egdb_wld_decode_at ((EgdbCodec) c, &huff, out->data, out->len, size, size), ==, -1);
        /* Cut short: the last position is no longer there. */
        g_assert_cmpint (_dr_egdb_wld_decode_at ((EgdbCodec) c, &huff, out->data, out->len - 1, size,
                                                 size - 1), ==, -1);
        g_assert_false (_dr_egdb_wld_decode ((EgdbCodec) c, &huff, out->data, out->len - 1, size, whole));
      }
}

static void
test_codecs_real (void)
{
  for (gsize c = 0; c < G_N_ELEMENTS (slices); c++)
    {
      g_autoptr (DrEgdb) db = open_tables (slices[c].variant, slices[c].pieces);
      const EgdbPart *part = part_of_slice (db, slices[c].slice, 0);
      g_autoptr (GError) error = NULL;
      g_autofree uint8_t *wld = g_malloc (part->n_values);
      g_autofree uint8_t *why = g_malloc (part->n_values);
      static const uint32_t blocks[] = { 1000, 4096, 65536 };

      g_assert_true (_dr_egdb_wld_extract (db, part, true, wld, why, &error));
      g_assert_no_error (error);
      for (gsize b = 0; b < G_N_ELEMENTS (blocks); b++)
        check_codecs (wld, why, part->n_values, blocks[b]);
    }
}

/* Runs of every length class, one value a whole block, a free block. */
static void
test_codecs_edges (void)
{
  const uint64_t n = 3 * 65536 + 17;
  g_autofree uint8_t *wld = g_malloc0 (n);
  g_autofree uint8_t *why = g_malloc0 (n);
  uint64_t i = 0;

  /* Runs of 1, 2, 3, ... 700 cycling through the values, then a whole
   * block of wins, then a block all free. */
  for (uint32_t len = 1, v = 0; i < 65536; len++, v = (v + 1 + len % 2) % 3)
    for (uint32_t k = 0; k < len && i < 65536; k++)
      wld[i++] = (uint8_t) v;
  memset (wld + 65536, EGDB_WLD_WIN, 65536);
  memset (why + 2 * 65536, EGDB_FREE_CAPTURE, 65536);
  for (i = 2 * 65536; i < n; i++)
    wld[i] = (uint8_t) (i % 3);
  check_codecs (wld, why, n, 65536);
  check_codecs (wld, why, n, 4096);
  check_codecs (wld, why, n, 1);
}

/* The measuring: every position counted once, and the sizes of the plain
 * codecs what their definitions give (the data, 8 bytes a block). */
static void
test_stats (void)
{
  g_autoptr (DrEgdb) db = open_tables ("english", 4);
  const EgdbPart *part = part_of_slice (db, "mk-mk", 0);
  g_autoptr (GError) error = NULL;
  DrEgdbWldStats stats;

  g_assert_null (part_of_slice (db, "mk-mk", 1));
  g_assert_true (dr_egdb_wld_stats (db, "mk-mk", &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (stats.positions, ==, part->n_values);
  g_assert_cmpuint (stats.stored + stats.broken + stats.capture + stats.threat, ==, stats.positions);
  g_assert_cmpuint (stats.wld[0] + stats.wld[1] + stats.wld[2], ==, stats.stored);
  for (int m = 0; m < 2; m++)
    for (int b = 0; b < DR_EGDB_WLD_BLOCKS; b++)
      {
        uint64_t block = dr_egdb_wld_block_sizes[b], n = part->n_values;
        uint64_t blocks = (n + block - 1) / block, last = n - (blocks - 1) * block;

        g_assert_cmpuint (stats.codecs[m][EGDB_CODEC_PACK2].bytes[b], ==,
                          (blocks - 1) * (block / 4) + (last + 3) / 4);
        g_assert_cmpuint (stats.codecs[m][EGDB_CODEC_PACK3].bytes[b], ==,
                          (blocks - 1) * ((block + 4) / 5) + (last + 4) / 5);
        g_assert_cmpuint (stats.codecs[m][EGDB_CODEC_RLE].index_bytes[b], ==, 8 * blocks);
        g_assert_cmpuint (stats.codecs[m][EGDB_CODEC_RLE].lookups[b], >, 0);
      }
  g_assert_false (dr_egdb_wld_stats (db, "mmmmm-k", &stats, &error));
  g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISSING);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tables.dir = g_dir_make_tmp ("egdb-wld-XXXXXX", NULL);
  g_test_add_func ("/egdb/wld/free-positions", test_free_positions);
  g_test_add_func ("/egdb/wld/codecs/real", test_codecs_real);
  g_test_add_func ("/egdb/wld/codecs/edges", test_codecs_edges);
  g_test_add_func ("/egdb/wld/stats", test_stats);
  status = g_test_run ();
  test_remove_tree (tables.dir);
  g_free (tables.dir);
  return status;
}
