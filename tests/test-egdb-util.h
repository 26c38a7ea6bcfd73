/* test-egdb-util.h — small endgame tables built for a test, and damaging copies of them
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by test-egdb.c (indices, values, files, the command line),
 * test-egdb-search.c (the search with tables) and test-egdb-wld.c.  The
 * tables are built on first use into tables.dir, which the test's main()
 * makes and removes.  Header-only (static inline), as test-util.h is.
 */

#pragma once

#include "test-util.h"

#include "dr-egdb-private.h"
#include "dr-fen.h"

#include <glib/gstdio.h>

/* The tables built for the tests, per variant. */
typedef struct
{
  char   *dir;
} Tables;

static Tables tables;


static inline DrEgdb *
open_tables (const char *variant,
             int         pieces)
{
  const DrRules *rules = dr_rules_from_name (variant);
  DrEgdbBuildOptions options = { rules, tables.dir, pieces, NULL, 2 };
  g_autoptr (GError) error = NULL;
  DrEgdb *db;

  g_assert_true (dr_egdb_build (&options, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  db = dr_egdb_open (rules, tables.dir, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_egdb_max_pieces (db), >=, pieces);
  return db;
}

static inline DrPosition
fen (const char *variant,
     const char *text)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_true (dr_fen_parse (dr_rules_from_name (variant), text, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

static inline char *
copy_tables (const char *variant,
             int         pieces)
{
  g_autoptr (DrEgdb) db = open_tables (variant, pieces);
  char *dir = g_dir_make_tmp ("egdb-copy-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, variant, NULL);

  g_assert_cmpint (g_mkdir_with_parents (sub, 0755), ==, 0);
  for (guint i = 0; i < db->tables->len; i++)
    {
      EgdbTable *t = g_ptr_array_index (db->tables, i);

      /* The win/draw/loss file and its distance file. */
      for (EgdbTable *f = t; f != NULL; f = f == t ? t->dist : NULL)
        {
          g_autofree char *base = g_path_get_basename (f->path);
          g_autofree char *to = g_build_filename (sub, base, NULL);
          g_autofree char *contents = NULL;
          gsize length;

          g_assert_true (g_file_get_contents (f->path, &contents, &length, NULL));
          g_assert_true (g_file_set_contents (to, contents, (gssize) length, NULL));
        }
    }
  return dir;
}

/* Changes @file: cuts it to @truncate bytes if >= 0, else flips a bit at
 * @offset from its end (negative) or start. */
static inline void
damage (const char *dir,
        const char *variant,
        const char *file,
        gssize      truncate,
        gssize      offset)
{
  g_autofree char *path = g_build_filename (dir, variant, file, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  if (truncate >= 0)
    {
      /* A cut, never a longer file (which would write past @contents). */
      g_assert_cmpuint ((gsize) truncate, <, length);
      length = (gsize) truncate;
    }
  else
    contents[offset < 0 ? (gssize) length + offset : offset] ^= 0x10;
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
}

