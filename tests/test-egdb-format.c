/* test-egdb-format.c — endgame databases: format 2 against format 1
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Format 2 (issue 29) keeps win/draw/loss and the distances in two files.
 * The same tables are built in format 1 (the generator's values through
 * the old writer), converted to format 2 (egdb convert) and built in format
 * 2 directly; every stored position's value and distance must be the same
 * in the three, through the blocks and through the probes.  In the suite:
 * English and Russian to 4 pieces, International to 3; more on demand:
 *
 *   DR_TEST_EGDB_PIECES_8X8=5 DR_TEST_EGDB_PIECES_10X10=4 \
 *     meson test -C _build test-egdb-format --timeout-multiplier 20
 *
 * Then a damaged block of either file is found and named (file, block,
 * part), and a format-1 file is refused with the command that converts it.
 */

#include "config.h"

#include "test-util.h"

#include "dr-egdb-wld-private.h"
#include "dr-fen.h"
#include "dr-movegen.h"

#include <string.h>

static int
pieces_from_env (const char *name,
                 int         fallback)
{
  const char *v = g_getenv (name);

  return v != NULL && *v != '\0' ? (int) g_ascii_strtoll (v, NULL, 10) : fallback;
}

static const EgdbTable *
table_named (const DrEgdb *db,
             const char   *name)
{
  for (guint i = 0; i < db->tables->len; i++)
    {
      const EgdbTable *t = g_ptr_array_index (db->tables, i);
      if (g_str_equal (t->name, name))
        return t;
    }
  return NULL;
}

/* Every table of @old (format 1) against @db (format 2): each stored
 * position's raw value from the blocks, and through the probes (with and
 * without the distance) for every third one.  Returns the positions
 * compared. */
static guint64
compare_tables (const DrRules *rules,
                const DrEgdb  *old,
                const DrEgdb  *db)
{
  g_autofree guint16 *a = g_new (guint16, EGDB_BLOCK);
  g_autofree guint16 *b = g_new (guint16, EGDB_BLOCK);
  guint64 compared = 0;

  g_assert_cmpuint (old->tables->len, ==, db->tables->len);
  g_assert_cmpint (old->max_pieces, ==, db->max_pieces);
  for (guint i = 0; i < old->tables->len; i++)
    {
      const EgdbTable *t1 = g_ptr_array_index (old->tables, i);
      const EgdbTable *t2 = table_named (db, t1->name);

      g_assert_cmpint (t1->kind, ==, EGDB_KIND_V1);
      g_assert_nonnull (t2);
      g_assert_cmpint (t2->kind, ==, EGDB_KIND_WLD);
      g_assert_nonnull (t2->dist);
      g_assert_cmpint (t1->n_parts, ==, t2->n_parts);
      for (int p = 0; p < t1->n_parts; p++)
        {
          const EgdbPart *p1 = &t1->parts[p], *p2 = &t2->parts[p];
          EgdbUnindexCache cache = { 0 };

          g_assert_cmpuint (p1->n_values, ==, p2->n_values);
          g_assert_cmpuint (p1->wins, ==, p2->wins);
          g_assert_cmpuint (p1->draws, ==, p2->draws);
          g_assert_cmpuint (p1->losses, ==, p2->losses);
          g_assert_cmpuint (p1->max_plies, ==, p2->max_plies);
          for (guint32 blk = 0; blk < p1->n_blocks; blk++)
            {
              guint64 start = (guint64) blk * EGDB_BLOCK;
              guint64 n = MIN ((guint64) EGDB_BLOCK, p1->n_values - start);

              g_assert_true (_dr_egdb_part_block (p1, blk, a));
              g_assert_true (_dr_egdb_part_block (p2, blk, b));
              for (guint64 j = 0; j < n; j++)
                {
                  DrPosition pos;

                  if (!_dr_egdb_unindex_cached (&old->board, p1->material, start + j, &pos, &cache)
                      || dr_movegen_has_capture (rules, &pos))
                    continue;
                  if (a[j] != b[j])
                    {
                      g_autofree char *fen = dr_fen_write (rules, &pos, rules->notation);
                      g_error ("%s %s: %s is %u in format 1, %u in format 2", rules->name, t1->name,
                               fen, a[j], b[j]);
                    }
                  compared++;
                  if ((start + j) % 3 == 0)
                    {
                      int plies1 = -1, plies2 = -2;
                      DrEgdbValue v1 = dr_egdb_probe_quiet (old, &pos, &plies1);
                      DrEgdbValue v2 = dr_egdb_probe_quiet (db, &pos, &plies2);

                      g_assert_cmpint (v1, !=, DR_EGDB_UNKNOWN);
                      g_assert_cmpint (v1, ==, v2);
                      g_assert_cmpint (plies1, ==, plies2);
                      g_assert_cmpint (dr_egdb_probe_wld (db, &pos), ==, v1);
                    }
                }
            }
        }
    }
  return compared;
}

static void
copy_dir (const char *from,
          const char *to)
{
  g_autoptr (GDir) d = g_dir_open (from, 0, NULL);
  const char *entry;

  g_assert_nonnull (d);
  g_assert_cmpint (g_mkdir_with_parents (to, 0755), ==, 0);
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *a = g_build_filename (from, entry, NULL);
      g_autofree char *b = g_build_filename (to, entry, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (a, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (b, contents, (gssize) length, NULL));
    }
}

static void
same_values (const char *variant,
             int         pieces)
{
  const DrRules *rules = dr_rules_from_name (variant);
  g_autofree char *root = g_dir_make_tmp ("egdb-format-XXXXXX", NULL);
  g_autofree char *v1 = g_build_filename (root, "v1", NULL);
  g_autofree char *conv = g_build_filename (root, "converted", NULL);
  g_autofree char *built = g_build_filename (root, "built", NULL);
  g_autofree char *v1_sub = g_build_filename (v1, variant, NULL);
  g_autofree char *conv_sub = g_build_filename (conv, variant, NULL);
  DrEgdbBuildOptions options = { rules, v1, pieces, NULL, 2 };
  g_autoptr (GError) error = NULL;
  g_autoptr (DrEgdb) old = NULL;
  g_autoptr (DrEgdb) converted = NULL;
  g_autoptr (DrEgdb) direct = NULL;
  int n_converted = 0;
  guint64 checked = 0;

  g_assert_true (_dr_egdb_build_v1 (&options, &error));
  g_assert_no_error (error);
  old = _dr_egdb_open_any (rules, v1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (old->max_pieces, ==, pieces);

  copy_dir (v1_sub, conv_sub);
  g_assert_true (dr_egdb_convert (rules, conv, NULL, NULL, NULL, &n_converted, &error));
  g_assert_no_error (error);
  g_assert_cmpint (n_converted, ==, (int) old->tables->len);
  /* Once converted, nothing is left to convert. */
  g_assert_true (dr_egdb_convert (rules, conv, NULL, NULL, NULL, &n_converted, &error));
  g_assert_cmpint (n_converted, ==, 0);
  converted = dr_egdb_open (rules, conv, &error);
  g_assert_no_error (error);

  options.dir = built;
  g_assert_true (dr_egdb_build (&options, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  direct = dr_egdb_open (rules, built, &error);
  g_assert_no_error (error);

  g_test_message ("%s 2-%d: %" G_GUINT64_FORMAT " stored positions compared",
                  variant, pieces, compare_tables (rules, old, converted));
  compare_tables (rules, old, direct);
  /* And both files of each pass verify. */
  g_assert_true (dr_egdb_verify (converted, NULL, 2, NULL, NULL, NULL, &checked, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (checked, >, 0);
  test_remove_tree (root);
}

static void
test_same_english (void)
{
  same_values ("english", pieces_from_env ("DR_TEST_EGDB_PIECES_8X8", 4));
}

static void
test_same_russian (void)
{
  same_values ("russian", pieces_from_env ("DR_TEST_EGDB_PIECES_8X8", 4));
}

static void
test_same_international (void)
{
  same_values ("international", pieces_from_env ("DR_TEST_EGDB_PIECES_10X10", 3));
}

/* Flips a bit of @path at @offset. */
static void
flip (const char *path,
      guint64     offset)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (offset, <, length);
  contents[offset] ^= 0x10;
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
}

/* A position of @part in block @b with no capture, its value @want
 * (DR_EGDB_UNKNOWN: any). */
static bool
position_in_block (const DrEgdb   *db,
                   const EgdbPart *part,
                   guint32         b,
                   DrEgdbValue     want,
                   DrPosition     *pos)
{
  for (guint64 i = (guint64) b * EGDB_BLOCK; i < MIN (part->n_values, (guint64) (b + 1) * EGDB_BLOCK); i++)
    {
      int plies;
      if (_dr_egdb_unindex (&db->board, part->material, i, pos)
          && !dr_movegen_has_capture (db->rules, pos)
          && (want == DR_EGDB_UNKNOWN || dr_egdb_probe_quiet (db, pos, &plies) == want))
        return true;
    }
  return false;
}

static void
test_corrupt_block (void)
{
  const DrRules *rules = dr_rules_from_name ("english");
  g_autofree char *dir = g_dir_make_tmp ("egdb-format-XXXXXX", NULL);
  DrEgdbBuildOptions options = { rules, dir, 3, NULL, 1 };
  g_autoptr (GError) error = NULL;
  g_autoptr (DrEgdb) good = NULL;
  const EgdbTable *t;
  const EgdbPart *part;

  g_assert_true (dr_egdb_build (&options, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  good = dr_egdb_open (rules, dir, &error);
  g_assert_no_error (error);
  t = table_named (good, "mk-k");
  g_assert_nonnull (t);
  part = &t->parts[0];
  g_assert_cmpuint (part->n_blocks, >, 2);

  /* Block 1 of the win/draw/loss file, then block 2 of the distance
   * file: each named, with its file, by the probe, by verify and by the
   * search's probe (a warning, the table then absent). */
  for (int which = 0; which < 2; which++)
    {
      g_autofree char *copy = g_dir_make_tmp ("egdb-format-XXXXXX", NULL);
      g_autofree char *from = g_build_filename (dir, "english", NULL);
      g_autofree char *to = g_build_filename (copy, "english", NULL);
      const EgdbPart *target = which == 0 ? part : part->dist;
      guint32 b = which == 0 ? 1 : 2;
      const char *file = which == 0 ? "mk-k.egdb" : "mk-k.dist";
      g_autofree char *path = g_build_filename (to, file, NULL);
      g_autofree char *words = g_strdup_printf ("%s is damaged: block %u of part 0 ", file, b);
      g_autoptr (DrEgdb) db = NULL;
      g_autoptr (GError) perror = NULL;
      g_autoptr (GError) verror = NULL;
      DrEgdbProbe probe;
      DrPosition pos;
      guint64 at, length;

      copy_dir (from, to);
      _dr_egdb_block_span (target, b, &at, &length);
      g_assert_cmpuint (length, >, 0);
      flip (path, at + length / 2);
      db = dr_egdb_open (rules, copy, &error);
      g_assert_no_error (error);
      /* A win reads the distance file too; its value alone does not. */
      g_assert_true (position_in_block (good, part, b, DR_EGDB_WIN, &pos));
      if (which == 1)
        g_assert_cmpint (dr_egdb_probe_wld (db, &pos), ==, DR_EGDB_WIN);
      g_assert_false (dr_egdb_probe (db, &pos, &probe, &perror));
      g_assert_error (perror, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT);
      if (strstr (perror->message, words) == NULL)
        g_error ("“%s” does not say “%s”", perror->message, words);
      g_clear_pointer (&db, dr_egdb_free);

      db = dr_egdb_open (rules, copy, &error);
      g_assert_no_error (error);
      g_assert_false (dr_egdb_verify (db, "mk-k", 1, NULL, NULL, NULL, NULL, &verror));
      g_assert_error (verror, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT);
      if (strstr (verror->message, file) == NULL)
        g_error ("“%s” does not name %s", verror->message, file);
      test_remove_tree (copy);
    }
  test_remove_tree (dir);
}

static void
test_v1_refused (void)
{
  const DrRules *rules = dr_rules_from_name ("english");
  g_autofree char *dir = g_dir_make_tmp ("egdb-format-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "english", "kk-k.egdb", NULL);
  g_autofree char *dist = g_build_filename (dir, "english", "kk-k.dist", NULL);
  DrEgdbBuildOptions options = { rules, dir, 3, NULL, 1 };
  g_autoptr (GError) error = NULL;
  g_autoptr (DrEgdb) db = NULL;
  g_autoptr (GPtrArray) list = NULL;
  int n = 0;

  g_assert_true (_dr_egdb_build_v1 (&options, &error));
  g_assert_no_error (error);
  db = dr_egdb_open (rules, dir, &error);
  g_assert_null (db);
  g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "format 1"));
  g_assert_nonnull (strstr (error->message, "egdb convert --variant english"));
  g_assert_nonnull (strstr (error->message, dir));
  g_clear_error (&error);
  /* Listed as refused, with the reason. */
  list = dr_egdb_list (dir, rules, NULL);
  g_assert_cmpuint (list->len, >, 0);
  for (guint i = 0; i < list->len; i++)
    g_assert_nonnull (strstr (((DrEgdbTableInfo *) g_ptr_array_index (list, i))->error, "convert"));

  /* Converted, it opens; a win/draw/loss file without its distance file
   * is refused. */
  g_assert_true (dr_egdb_convert (rules, dir, NULL, NULL, NULL, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpint (n, ==, (int) list->len);
  db = dr_egdb_open (rules, dir, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_egdb_max_pieces (db), ==, 3);
  g_clear_pointer (&db, dr_egdb_free);
  g_assert_cmpint (g_unlink (dist), ==, 0);
  db = dr_egdb_open (rules, dir, &error);
  g_assert_null (db);
  g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISSING);
  g_assert_nonnull (strstr (error->message, "kk-k.dist"));
  (void) path;
  test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/egdb/format/same/english", test_same_english);
  g_test_add_func ("/egdb/format/same/russian", test_same_russian);
  g_test_add_func ("/egdb/format/same/international", test_same_international);
  g_test_add_func ("/egdb/format/corrupt-block", test_corrupt_block);
  g_test_add_func ("/egdb/format/v1-refused", test_v1_refused);
  return g_test_run ();
}
