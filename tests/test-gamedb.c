/* test-gamedb.c — the game database: files, import, search, explorer, drill, CLI
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every test works on database and PDN files of its own in a temporary
 * folder, removed at the end.
 */

#include "config.h"

#include "dr-drill.h"
#include "dr-fen.h"
#include "dr-gamedb.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"

typedef struct
{
  char *dir;
  char *db_path;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("test-gamedb-XXXXXX", &error);
  g_assert_no_error (error);
  f->db_path = g_build_filename (f->dir, "sub", "games.sqlite", NULL);
}


static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->db_path);
}

static char *
write_file (Fixture    *f,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* Russian games.  Games 1 and 2 reach the City Game's position by two move
 * orders; game 3 has an illegal move at line 23, column 15. */
static const char games_pdn[] =
  "[Event \"Test cup\"]\n"
  "[Date \"1950.05.01\"]\n"
  "[White \"Ivanov\"]\n"
  "[Black \"Petrov\"]\n"
  "[Result \"2-0\"]\n"
  "[GameType \"25\"]\n"
  "\n"
  "1. c3-d4 d6-c5 2. b2-c3 f6-g5 3. c3-b4 2-0\n"
  "\n"
  "[Event \"Test cup\"]\n"
  "[Date \"1960.05.02\"]\n"
  "[White \"Petrov\"]\n"
  "[Black \"Sidorov\"]\n"
  "[Result \"1-1\"]\n"
  "[GameType \"25\"]\n"
  "\n"
  "1. c3-d4 f6-g5 2. b2-c3 {a comment\n[with a bracket]} d6-c5 3. g3-h4 1-1\n"
  "\n"
  "[Event \"Open\"]\n"
  "[Date \"1970.??.??\"]\n"
  "[White \"Sidorov\"]\n"
  "[Black \"Ivanov\"]\n"
  "[Result \"0-2\"]\n"
  "[GameType \"25\"]\n"
  "\n"
  "1. c3-d4 d6-c5 2. a1-b2 0-2\n";

static DrGameDb *
open_db (Fixture *f)
{
  g_autoptr (GError) error = NULL;
  DrGameDb *db = dr_gamedb_open (f->db_path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (db);
  return db;
}

static void
collect_message (const char *message,
                 gpointer    user_data)
{
  g_ptr_array_add (user_data, g_strdup (message));
}

static void
import_text (Fixture             *f,
             DrGameDb            *db,
             const char          *text,
             DrGameDbImportStats *stats,
             GPtrArray           *messages)
{
  g_autofree char *path = write_file (f, "games.pdn", text);
  const char *paths[] = { path, NULL };
  DrGameDbImportOptions options = { .message = collect_message, .user_data = messages };
  g_autoptr (GError) error = NULL;

  g_assert_true (dr_gamedb_import (db, paths, &options, stats, NULL, &error));
  g_assert_no_error (error);
}

static sqlite3 *
raw_open (const char *path)
{
  sqlite3 *raw = NULL;

  g_assert_cmpint (sqlite3_open (path, &raw), ==, SQLITE_OK);
  return raw;
}

/* A new file is created with its folder and the schema version; it opens
 * again; files that are not ours, damaged, or newer are refused. */
static void
test_open (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *garbage = NULL;
  g_autofree char *foreign = NULL;
  DrGameDb *db = open_db (f);
  sqlite3 *raw;
  sqlite3_stmt *stmt;

  g_assert_cmpint (dr_gamedb_count_games (db), ==, 0);
  dr_gamedb_close (db);
  raw = raw_open (f->db_path);
  g_assert_cmpint (sqlite3_prepare_v2 (raw, "PRAGMA user_version", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, DR_GAMEDB_SCHEMA_VERSION);
  sqlite3_finalize (stmt);
  sqlite3_close (raw);
  db = open_db (f);
  dr_gamedb_close (db);

  /* Not a database at all. */
  garbage = write_file (f, "garbage.sqlite", "This is not a database, just some text that is long "
                        "enough to fill a header of one hundred bytes and then some more.........");
  g_assert_null (dr_gamedb_open (garbage, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, garbage));
  g_clear_error (&error);

  /* Another program's database. */
  foreign = g_build_filename (f->dir, "foreign.sqlite", NULL);
  raw = raw_open (foreign);
  g_assert_cmpint (sqlite3_exec (raw, "CREATE TABLE t (x)", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);
  g_assert_null (dr_gamedb_open (foreign, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT);
  g_clear_error (&error);

  /* A newer schema. */
  raw = raw_open (f->db_path);
  g_assert_cmpint (sqlite3_exec (raw, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);
  g_assert_null (dr_gamedb_open (f->db_path, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_VERSION);
  g_clear_error (&error);

  /* Our id and version but a table gone. */
  raw = raw_open (f->db_path);
  g_assert_cmpint (sqlite3_exec (raw, "PRAGMA user_version = 1; DROP TABLE positions",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);
  g_assert_null (dr_gamedb_open (f->db_path, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT);
}

/* A database with the three games and 2,000 drill records, the drill
 * table over several pages (the import leaves it alone); closed. */
static void
make_database (Fixture *f)
{
  DrGameDb *db = open_db (f);
  DrGameDbImportStats stats;
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  sqlite3 *raw;

  import_text (f, db, games_pdn, &stats, messages);
  dr_gamedb_close (db);
  raw = raw_open (f->db_path);
  g_assert_cmpint (sqlite3_exec (raw, "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 "
                                      "FROM n WHERE i < 2000) INSERT INTO drill SELECT "
                                      "'a repertoire', i, 1, 0, 0, NULL FROM n",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (raw), ==, SQLITE_OK);
}

/* Makes a leaf page of the drill table invalid (its page type byte), the
 * file's size unchanged: PRAGMA quick_check sees it, reads of the games
 * and an import do not. */
static void
damage_drill_page (Fixture *f)
{
  g_autofree char *contents = NULL;
  sqlite3 *raw = raw_open (f->db_path);
  sqlite3_stmt *stmt;
  gsize length, root, page_size, child;

  g_assert_cmpint (sqlite3_prepare_v2 (raw, "SELECT rootpage, (SELECT page_size FROM pragma_page_size) "
                                            "FROM sqlite_master WHERE name = 'drill'",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  root = (gsize) sqlite3_column_int64 (stmt, 0);
  page_size = (gsize) sqlite3_column_int64 (stmt, 1);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_close (raw), ==, SQLITE_OK);
  g_assert_true (g_file_get_contents (f->db_path, &contents, &length, NULL));
  /* An interior page of an index b-tree (WITHOUT ROWID): type 2, the
   * right-most child at offset 8. */
  g_assert_cmpint (contents[(root - 1) * page_size], ==, 2);
  child = (gsize) ((guint8) contents[(root - 1) * page_size + 8] << 24
                   | (guint8) contents[(root - 1) * page_size + 9] << 16
                   | (guint8) contents[(root - 1) * page_size + 10] << 8
                   | (guint8) contents[(root - 1) * page_size + 11]);
  g_assert_cmpuint (child * page_size, <=, length);
  contents[(child - 1) * page_size] = 0x7f;
  g_assert_true (g_file_set_contents (f->db_path, contents, (gssize) length, NULL));
}

/* An empty file is refused (it used to be taken for a new database and
 * given a schema), named, and left as it was. */
static void
test_open_empty (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *empty = write_file (f, "empty.sqlite", "");
  GStatBuf st;

  g_assert_null (dr_gamedb_open (empty, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, empty));
  g_assert_nonnull (strstr (error->message, "empty"));
  g_assert_cmpint (g_stat (empty, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 0);
}

/* Who may create: a missing file only with CREATE_MISSING, an empty one
 * only with CREATE_EMPTY. */
static void
test_open_flags (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *empty = write_file (f, "empty.sqlite", "");
  DrGameDb *db;

  g_assert_null (dr_gamedb_open_full (f->db_path, DR_GAMEDB_OPEN_EXISTING, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_OPEN);
  g_assert_nonnull (strstr (error->message, f->db_path));
  g_assert_false (g_file_test (f->db_path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  g_assert_null (dr_gamedb_open_full (empty, DR_GAMEDB_OPEN_CREATE_MISSING, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT);
  g_clear_error (&error);
  db = dr_gamedb_open_full (empty, DR_GAMEDB_OPEN_CREATE_EMPTY, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_gamedb_count_games (db), ==, 0);
  g_assert_true (dr_gamedb_check (db, &error));
  dr_gamedb_close (db);
  db = dr_gamedb_open_full (empty, DR_GAMEDB_OPEN_EXISTING, &error);
  g_assert_no_error (error);
  dr_gamedb_close (db);
}

/* Canadian draughts (GameType 27, 12x12) is not held: its games are
 * skipped with a message each and counted; the other games of the file are
 * stored. */
static void
test_import_canadian_refused (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  DrGameDbImportStats stats = { 0 };
  DrGameDb *db = open_db (f);

  import_text (f, db,
               "[GameType \"27\"]\n[Result \"*\"]\n\n1. 44-37 26-33 *\n\n"
               "[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-b4 *\n",
               &stats, messages);
  g_assert_cmpuint (stats.games_read, ==, 2);
  g_assert_cmpuint (stats.refused, ==, 1);
  g_assert_cmpuint (stats.games_added, ==, 1);
  g_assert_cmpint (dr_gamedb_count_games (db), ==, 1);
  g_assert_cmpuint (messages->len, ==, 1);
  g_assert_nonnull (strstr (messages->pdata[0], "games.pdn:1:"));
  g_assert_nonnull (strstr (messages->pdata[0], "Canadian draughts"));
  dr_gamedb_close (db);
}

/* A file that fails PRAGMA quick_check takes no import (it used to report
 * success) and no game; it says the file is damaged. */
static void
test_import_damaged (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  const char *paths[2] = { NULL, NULL };
  DrGameDb *db;

  make_database (f);
  damage_drill_page (f);
  path = write_file (f, "more.pdn", "[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-b4 *\n");
  paths[0] = path;
  db = open_db (f);
  g_assert_cmpint (dr_gamedb_count_games (db), ==, 3);
  g_assert_false (dr_gamedb_import (db, paths, NULL, NULL, NULL, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, f->db_path));
  g_assert_nonnull (strstr (error->message, "damaged"));
  g_clear_error (&error);
  g_assert_cmpint (dr_gamedb_count_games (db), ==, 3);
  dr_gamedb_close (db);
}

/* Import counts, messages with file:line:column, the text kept as read,
 * the position index, and a second import that adds nothing. */
static void
test_import (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autofree char *pdn = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *path = g_build_filename (f->dir, "games.pdn", NULL);
  g_autofree char *where = g_strdup_printf ("%s:27:19:", path);
  g_autoptr (DrGameDbInfo) info = NULL;
  g_autoptr (DrGame) game = NULL;
  DrGameDbImportStats stats;
  const char *second;

  import_text (f, db, games_pdn, &stats, messages);
  g_assert_cmpuint (stats.files, ==, 1);
  g_assert_cmpuint (stats.games_read, ==, 3);
  g_assert_cmpuint (stats.games_added, ==, 3);
  g_assert_cmpuint (stats.duplicates, ==, 0);
  g_assert_cmpuint (stats.with_errors, ==, 1);
  /* 5 + 1, 5 + 1 and 2 + 1 positions. */
  g_assert_cmpuint (stats.positions, ==, 15);
  g_assert_cmpint (dr_gamedb_count_positions (db), ==, 15);
  g_assert_cmpuint (messages->len, ==, 1);
  g_assert_true (g_str_has_prefix (messages->pdata[0], where));

  /* The text as read, comment and line breaks included. */
  pdn = dr_gamedb_get_pdn (db, 2, &error);
  g_assert_no_error (error);
  second = strstr (games_pdn, "[Event \"Test cup\"]\n[Date \"1960");
  expected = g_strndup (second, (gsize) (strstr (second, "1-1\n") + 3 - second));
  g_assert_cmpstr (pdn, ==, expected);
  g_free (pdn);
  pdn = NULL;

  info = dr_gamedb_get_info (db, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->white, ==, "Sidorov");
  g_assert_cmpstr (info->event, ==, "Open");
  g_assert_cmpint (info->year, ==, 1970);
  g_assert_cmpint (info->result, ==, DR_RESULT_BLACK_WINS);
  g_assert_cmpuint (info->plies, ==, 2);
  g_assert_nonnull (info->error);
  g_assert_true (info->rules == &dr_rules_russian);

  game = dr_gamedb_load_game (db, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 5);
  g_assert_null (dr_gamedb_get_info (db, 99, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* Again: nothing new. */
  import_text (f, db, games_pdn, &stats, messages);
  g_assert_cmpuint (stats.games_read, ==, 3);
  g_assert_cmpuint (stats.games_added, ==, 0);
  g_assert_cmpuint (stats.duplicates, ==, 3);
  g_assert_cmpint (dr_gamedb_count_games (db), ==, 3);
  g_assert_cmpint (dr_gamedb_count_positions (db), ==, 15);
}

/* A file read in blocks much smaller than itself, cut between games (not
 * at the bracket inside a comment), gives the same games and the same
 * line numbers as one read whole. */
static void
test_import_blocks (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GPtrArray) small_messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) whole_messages = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = NULL;
  g_autofree char *small_db = g_build_filename (f->dir, "small.sqlite", NULL);
  g_autofree char *whole_db = g_build_filename (f->dir, "whole.sqlite", NULL);
  g_autoptr (GError) error = NULL;
  DrGameDbImportStats small, whole;

  /* 12 copies of the games, each game with an event of its own. */
  for (int i = 0; i < 12; i++)
    {
      g_autofree char *copy = g_strdup (games_pdn);
      g_auto (GStrv) parts = g_strsplit (copy, "[Event \"", -1);

      for (guint p = 1; parts[p] != NULL; p++)
        g_string_append_printf (text, "[Event \"%d %s", i, parts[p]);
      g_string_append (text, "\n");
    }
  path = write_file (f, "blocks.pdn", text->str);
  for (int pass = 0; pass < 2; pass++)
    {
      const char *paths[] = { path, NULL };
      DrGameDbImportOptions options = {
        .block_bytes = pass == 0 ? 100 : 0,
        .batch_games = 7,
        .message = collect_message,
        .user_data = pass == 0 ? small_messages : whole_messages,
      };
      g_autoptr (DrGameDb) db = dr_gamedb_open (pass == 0 ? small_db : whole_db, &error);

      g_assert_no_error (error);
      g_assert_true (dr_gamedb_import (db, paths, &options, pass == 0 ? &small : &whole, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpint (dr_gamedb_count_games (db), ==, 36);
    }
  g_assert_cmpuint (small.games_read, ==, 36);
  g_assert_cmpuint (small.games_added, ==, whole.games_added);
  g_assert_cmpuint (small.positions, ==, whole.positions);
  g_assert_cmpuint (small.with_errors, ==, 12);
  g_assert_cmpuint (small_messages->len, ==, whole_messages->len);
  for (guint i = 0; i < small_messages->len; i++)
    g_assert_cmpstr (small_messages->pdata[i], ==, whole_messages->pdata[i]);
  /* The last game's problem is far down the file. */
  g_assert_nonnull (strstr (small_messages->pdata[11], ":335:19:"));
}

static void
cancel_after_first_batch (const DrGameDbImportStats *stats,
                          gpointer                   user_data)
{
  if (stats->games_read >= 5)
    g_cancellable_cancel (user_data);
}

/* Cancelling keeps the batches committed and rolls back the one under
 * way; the counts say what is in the file. */
static void
test_import_cancel (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  DrGameDbImportStats stats;

  for (int i = 0; i < 2000; i++)
    g_string_append_printf (text, "[Round \"%d\"]\n[GameType \"25\"]\n\n1. c3-d4 *\n\n", i);
  path = write_file (f, "many.pdn", text->str);
  {
    const char *paths[] = { path, NULL };
    DrGameDbImportOptions options = {
      .batch_games = 400, .progress = cancel_after_first_batch, .user_data = cancellable,
    };

    g_assert_false (dr_gamedb_import (db, paths, &options, &stats, cancellable, &error));
  }
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* Progress comes every 1,000 games: cancelled at game 1,000, after
   * two batches of 400. */
  g_assert_cmpint (dr_gamedb_count_games (db), ==, 800);
  g_assert_cmpuint (stats.games_added, ==, 800);
  g_assert_cmpint (dr_gamedb_count_positions (db), ==, 1600);
}

/* The sums of a busy position are kept after its first exploring, and
 * an import empties them. */
static void
test_explore_cache (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  DrGameDbImportStats stats;
  DrPosition start, after, previous;
  DrExploreFilter filter = { .previous = &previous };

  for (int i = 0; i < 2100; i++)
    g_string_append_printf (text, "[Round \"%d\"]\n[Result \"%s\"]\n[GameType \"25\"]\n\n1. %s *\n\n",
                            i, i % 3 == 0 ? "2-0" : "1-1", i % 2 == 0 ? "c3-d4" : "a3-b4");
  import_text (f, db, text->str, &stats, messages);
  /* The import explored the start: its two moves are kept. */
  {
    sqlite3 *raw = raw_open (f->db_path);
    sqlite3_stmt *stmt;

    g_assert_cmpint (sqlite3_prepare_v2 (raw, "SELECT count (*) FROM explore_cache", -1, &stmt, NULL),
                     ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 2);
    sqlite3_finalize (stmt);
    sqlite3_close (raw);
  }
  dr_rules_initial (&dr_rules_russian, &start);
  for (int pass = 0; pass < 3; pass++)
    {
      g_autoptr (DrExploreResult) r = dr_gamedb_explore (db, &dr_rules_russian, &start, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (r->games, ==, pass < 2 ? 2100 : 2101);
      g_assert_cmpuint (r->white_wins, ==, 700);
      g_assert_cmpuint (r->moves->len, ==, 2);
      g_assert_cmpuint (g_array_index (r->moves, DrExploreMove, 0).games, ==, pass < 2 ? 1050 : 1051);
      if (pass == 1)
        {
          /* Now from the cache; then one game more. */
          g_string_assign (text, "[Round \"x\"]\n[GameType \"25\"]\n\n1. c3-d4 d6-c5 *\n");
          import_text (f, db, text->str, &stats, messages);
          g_assert_cmpuint (stats.games_added, ==, 1);
        }
    }
  /* Transpositions counted from the previous position's kept sums. */
  {
    g_autoptr (DrExploreResult) first = dr_gamedb_explore (db, &dr_rules_russian, &start, NULL, &error);
    g_autoptr (DrExploreResult) r = NULL;

    previous = start;
    dr_position_apply (&after, &start, &g_array_index (first->moves, DrExploreMove, 0).move);
    r = dr_gamedb_explore (db, &dr_rules_russian, &after, &filter, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (r->games, ==, 1051);
    g_assert_cmpuint (r->transpositions, ==, 0);
  }
}

static void
stale_row_cb (const DrGameDbImportStats *stats,
              gpointer                   user_data)
{
  const char *path = user_data;
  sqlite3 *raw;

  if (stats->games_read != 1000)
    return;
  raw = raw_open (path);
  g_assert_cmpint (sqlite3_exec (raw, "INSERT INTO explore_cache VALUES (42, 1, 5, 1, 2, 2, 0, 0)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (raw);
}

/* Sums kept by another connection during an import are gone after it. */
static void
test_explore_cache_stale (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  sqlite3 *raw;
  sqlite3_stmt *stmt;

  for (int i = 0; i < 1500; i++)
    g_string_append_printf (text, "[Round \"%d\"]\n[GameType \"25\"]\n\n1. c3-d4 *\n\n", i);
  path = write_file (f, "games.pdn", text->str);
  {
    const char *paths[] = { path, NULL };
    DrGameDbImportOptions options = { .batch_games = 500, .progress = stale_row_cb, .user_data = f->db_path };

    g_assert_true (dr_gamedb_import (db, paths, &options, NULL, NULL, &error));
    g_assert_no_error (error);
  }
  raw = raw_open (f->db_path);
  g_assert_cmpint (sqlite3_prepare_v2 (raw, "SELECT count (*) FROM explore_cache WHERE key = 42", -1,
                                       &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (raw);
}

static void
position_after (const DrRules *rules,
                const char    *moves,
                DrPosition    *pos)
{
  g_auto (GStrv) tokens = g_strsplit (moves, " ", -1);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GError) error = NULL;

  dr_rules_initial (rules, pos);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      DrMove move;

      if (*tokens[i] == '\0')
        continue;
      dr_movegen_legal (rules, pos, legal);
      g_assert_true (dr_move_parse (rules, pos, legal, tokens[i], &move, &error));
      dr_position_apply (pos, pos, &move);
    }
}

static const DrExploreMove *
find_move (const DrExploreResult *r,
           const char            *text)
{
  for (guint i = 0; i < r->moves->len; i++)
    {
      const DrExploreMove *m = &g_array_index (r->moves, DrExploreMove, i);
      g_autofree char *t = dr_move_to_text (&dr_rules_russian, NULL, &m->move, DR_NOTATION_ALGEBRAIC);

      if (g_str_equal (t, text))
        return m;
    }
  return NULL;
}

/* Moves with counts, results and years; transpositions by position;
 * the latest games; filters. */
static void
test_explore (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  DrGameDbImportStats stats;
  DrPosition start, pos, previous;
  const DrExploreMove *m;
  DrExploreFilter filter = { 0 };

  import_text (f, db, games_pdn, &stats, messages);
  dr_rules_initial (&dr_rules_russian, &start);
  {
    g_autoptr (DrExploreResult) r = dr_gamedb_explore (db, &dr_rules_russian, &start, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (r->games, ==, 3);
    g_assert_cmpuint (r->white_wins, ==, 1);
    g_assert_cmpuint (r->draws, ==, 1);
    g_assert_cmpuint (r->black_wins, ==, 1);
    g_assert_cmpuint (r->moves->len, ==, 1);
    m = find_move (r, "c3-d4");
    g_assert_nonnull (m);
    g_assert_cmpuint (m->games, ==, 3);
    g_assert_cmpfloat_with_epsilon (m->average_year, 1960.0, 1e-9);
    g_assert_cmpuint (r->top_games->len, ==, 3);
    g_assert_cmpint (((DrExploreGame *) r->top_games->pdata[0])->year, ==, 1970);
    g_assert_cmpstr (((DrExploreGame *) r->top_games->pdata[0])->white, ==, "Sidorov");
  }
  /* After 1.cd4: d6-c5 twice, f6-g5 once. */
  position_after (&dr_rules_russian, "c3-d4", &pos);
  {
    g_autoptr (DrExploreResult) r = dr_gamedb_explore (db, &dr_rules_russian, &pos, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (r->moves->len, ==, 2);
    m = &g_array_index (r->moves, DrExploreMove, 0);
    g_assert_cmpuint (m->games, ==, 2);
    g_assert_nonnull (find_move (r, "f6-g5"));
    g_assert_cmpuint (find_move (r, "d6-c5")->white_wins, ==, 1);
    g_assert_cmpuint (find_move (r, "d6-c5")->black_wins, ==, 1);
  }
  /* The City Game's position: reached by both move orders. */
  position_after (&dr_rules_russian, "c3-d4 d6-c5 b2-c3 f6-g5", &pos);
  position_after (&dr_rules_russian, "c3-d4 d6-c5 b2-c3", &previous);
  filter.previous = &previous;
  {
    g_autoptr (DrExploreResult) r = dr_gamedb_explore (db, &dr_rules_russian, &pos, &filter, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (r->games, ==, 2);
    g_assert_cmpuint (r->transpositions, ==, 1);
    g_assert_cmpuint (r->moves->len, ==, 2);
    g_assert_cmpuint (r->top_games->len, ==, 2);
    g_assert_cmpuint (((DrExploreGame *) r->top_games->pdata[0])->ply, ==, 4);
  }
  /* Filters: a player, years, a minimum count. */
  filter = (DrExploreFilter) { .player = "vanov" };
  {
    g_autoptr (DrExploreResult) r = dr_gamedb_explore (db, &dr_rules_russian, &start, &filter, &error);

    g_assert_cmpuint (r->games, ==, 2);
  }
  filter = (DrExploreFilter) { .year_min = 1955, .year_max = 1965 };
  {
    g_autoptr (DrExploreResult) r = dr_gamedb_explore (db, &dr_rules_russian, &start, &filter, &error);

    g_assert_cmpuint (r->games, ==, 1);
    g_assert_cmpuint (r->draws, ==, 1);
  }
  position_after (&dr_rules_russian, "c3-d4", &pos);
  filter = (DrExploreFilter) { .min_count = 2 };
  {
    g_autoptr (DrExploreResult) r = dr_gamedb_explore (db, &dr_rules_russian, &pos, &filter, &error);

    g_assert_cmpuint (r->moves->len, ==, 1);
    g_assert_nonnull (find_move (r, "d6-c5"));
  }
  /* With many more games elsewhere, the latest games of the position are
   * found by its own rows. */
  {
    g_autoptr (GString) more = g_string_new (NULL);
    g_autoptr (DrExploreResult) r = NULL;

    for (int i = 0; i < 60; i++)
      g_string_append_printf (more, "[Round \"%d\"]\n[Date \"2000.01.01\"]\n[GameType \"25\"]\n\n"
                              "1. a3-b4 *\n\n", i);
    import_text (f, db, more->str, &stats, messages);
    g_assert_cmpuint (stats.games_added, ==, 60);
    position_after (&dr_rules_russian, "c3-d4 d6-c5 b2-c3 f6-g5", &pos);
    r = dr_gamedb_explore (db, &dr_rules_russian, &pos, NULL, &error);
    g_assert_cmpuint (r->games, ==, 2);
    g_assert_cmpuint (r->top_games->len, ==, 2);
    g_assert_cmpint (((DrExploreGame *) r->top_games->pdata[0])->id, ==, 2);
    g_assert_cmpint (((DrExploreGame *) r->top_games->pdata[1])->id, ==, 1);
    g_assert_cmpuint (((DrExploreGame *) r->top_games->pdata[1])->ply, ==, 4);
    g_clear_pointer (&r, dr_explore_result_free);
    /* And of the start, by the latest games of the variant. */
    r = dr_gamedb_explore (db, &dr_rules_russian, &start, &(DrExploreFilter) { .top_games = 3 }, &error);
    g_assert_cmpuint (r->games, ==, 63);
    g_assert_cmpuint (r->top_games->len, ==, 3);
    g_assert_cmpint (((DrExploreGame *) r->top_games->pdata[0])->id, ==, 63);
    g_assert_cmpint (((DrExploreGame *) r->top_games->pdata[0])->year, ==, 2000);
  }
  /* Another variant shares no key. */
  {
    DrPosition b;
    g_autoptr (DrExploreResult) r = NULL;

    dr_rules_initial (&dr_rules_brazilian, &b);
    r = dr_gamedb_explore (db, &dr_rules_brazilian, &b, NULL, &error);
    g_assert_cmpuint (r->games, ==, 0);
  }
}

static GArray *
search (DrGameDb            *db,
        const DrGameDbQuery *q)
{
  g_autoptr (GError) error = NULL;
  GArray *hits = dr_gamedb_search (db, q, NULL, &error);

  g_assert_no_error (error);
  return hits;
}

static gint64
hit_id (GArray *hits,
        guint   i)
{
  return g_array_index (hits, DrGameDbHit, i).id;
}

/* A game whose first move is not legal is stored with its PDN text and
 * counted with the errors; it does not stop the import (it did, when it
 * was the first game: "NOT NULL constraint failed: games.moves"). */
static void
test_import_no_move (Fixture       *f,
                     gconstpointer  data)
{
  static const char pdn[] =
    "[Event \"First\"]\n[Result \"*\"]\n[GameType \"25\"]\n\n1. b2-c3 e7-d6 *\n\n"
    "[Event \"Second\"]\n[Result \"*\"]\n[GameType \"25\"]\n\n1. c3-d4 d6-c5 *\n";
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = write_file (f, "no-move.pdn", pdn);
  const char *paths[] = { path, NULL };
  DrGameDbImportOptions options = { 0 };
  DrGameDbImportStats stats;

  dr_gamedb_import (db, paths, &options, &stats, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats.games_read, ==, 2);
  g_assert_cmpuint (stats.games_added, ==, 2);
  g_assert_cmpuint (stats.with_errors, ==, 1);
}

/* A name is found however it is spelt: "ё" or "е", any case, composed or
 * not (е and a combining diaeresis); players and events too, by the
 * search and by the explorer's filter. */
static void
test_search_spelling (Fixture       *f,
                      gconstpointer  data)
{
  static const char pdn[] =
    "[Event \"XXV первенство СССР\"]\n[White \"Абаулин В.\"]\n[Black \"Абациев Н.\"]\n"
    "[Result \"*\"]\n[GameType \"25\"]\n\n"
    "1. c3-d4 d6-e5 2. b2-c3 e7-d6 3. e3-f4 *\n";
  static const char *const spellings[] = {
    "Перекрёсток", "перекресток", "ПЕРЕКРЁСТОК", "ПЕРЕКРЕСТОК", "Перекре\xcc\x88сток", "crossroads",
  };
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrOpeningBook) book = dr_opening_book_new_builtin (&error);
  g_autofree char *path = write_file (f, "spelling.pdn", pdn);
  const char *paths[] = { path, NULL };
  DrGameDbImportOptions options = { .openings = book };
  DrGameDbImportStats stats;

  g_assert_no_error (error);
  dr_gamedb_import (db, paths, &options, &stats, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats.games_added, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
    {
      GArray *hits = search (db, &(DrGameDbQuery) { .result = -1, .opening = spellings[i] });

      if (hits->len != 1)
        g_error ("“%s” found %u games, not 1", spellings[i], hits->len);
      g_array_unref (hits);
    }
  {
    GArray *hits = search (db, &(DrGameDbQuery) { .result = -1, .opening = "Городская" });

    g_assert_cmpuint (hits->len, ==, 0);
    g_array_unref (hits);
    hits = search (db, &(DrGameDbQuery) { .result = -1, .white = "абаулин", .black = "АБАЦИЕВ",
                                          .event = "первенство ссср" });
    g_assert_cmpuint (hits->len, ==, 1);
    g_array_unref (hits);
    hits = search (db, &(DrGameDbQuery) { .result = -1, .player = "абаулина" });
    g_assert_cmpuint (hits->len, ==, 0);
    g_array_unref (hits);
  }
  {
    DrPosition start;
    DrExploreResult *r;

    dr_rules_initial (&dr_rules_russian, &start);
    r = dr_gamedb_explore (db, &dr_rules_russian, &start, &(DrExploreFilter) { .player = "абациев" }, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (r->games, ==, 1);
    dr_explore_result_free (r);
  }
}

/* Every criterion alone and together, an exact position and a pattern. */
static void
test_search (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrOpeningBook) book = dr_opening_book_new_builtin (&error);
  g_autofree char *path = write_file (f, "games.pdn", games_pdn);
  const char *paths[] = { path, NULL };
  DrGameDbImportOptions options = { .openings = book };
  DrGameDbImportStats stats;
  DrPosition pos;
  DrPattern pattern;
  GArray *hits;

  g_assert_no_error (error);
  g_assert_true (dr_gamedb_import (db, paths, &options, &stats, NULL, &error));
  (void) messages;

#define SEARCH(...) search (db, &(DrGameDbQuery) { .result = -1, __VA_ARGS__ })
  hits = SEARCH (.player = "petrov");
  g_assert_cmpuint (hits->len, ==, 2);
  g_assert_cmpint (hit_id (hits, 0), ==, 1);
  g_assert_cmpint (hit_id (hits, 1), ==, 2);
  g_array_unref (hits);
  hits = SEARCH (.white = "Sidorov");
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_cmpint (hit_id (hits, 0), ==, 3);
  g_array_unref (hits);
  hits = SEARCH (.black = "Sidorov", .event = "cup");
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_cmpint (hit_id (hits, 0), ==, 2);
  g_array_unref (hits);
  hits = SEARCH (.year_min = 1955);
  g_assert_cmpuint (hits->len, ==, 2);
  g_array_unref (hits);
  hits = SEARCH (.year_min = 1955, .year_max = 1965);
  g_assert_cmpuint (hits->len, ==, 1);
  g_array_unref (hits);
  hits = search (db, &(DrGameDbQuery) { .result = DR_RESULT_BLACK_WINS });
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_cmpint (hit_id (hits, 0), ==, 3);
  g_array_unref (hits);
  hits = SEARCH (.rules = &dr_rules_brazilian);
  g_assert_cmpuint (hits->len, ==, 0);
  g_array_unref (hits);
  /* "%" is a character, not a wildcard. */
  hits = SEARCH (.player = "%");
  g_assert_cmpuint (hits->len, ==, 0);
  g_array_unref (hits);
  /* Both move orders are the City Game, whatever the case of the name
     searched. */
  hits = SEARCH (.opening = "Городская");
  g_assert_cmpuint (hits->len, ==, 2);
  g_array_unref (hits);
  hits = SEARCH (.opening = "городская ПАРТИЯ");
  g_assert_cmpuint (hits->len, ==, 2);
  g_array_unref (hits);
  hits = SEARCH (.opening = "city game");
  g_assert_cmpuint (hits->len, ==, 2);
  g_array_unref (hits);
  hits = SEARCH (.limit = 2);
  g_assert_cmpuint (hits->len, ==, 2);
  g_array_unref (hits);

  position_after (&dr_rules_russian, "c3-d4 d6-c5 b2-c3 f6-g5", &pos);
  hits = SEARCH (.rules = &dr_rules_russian, .position = &pos);
  g_assert_cmpuint (hits->len, ==, 2);
  g_assert_cmpuint (g_array_index (hits, DrGameDbHit, 0).ply, ==, 4);
  g_array_unref (hits);
  hits = SEARCH (.rules = &dr_rules_russian, .position = &pos, .player = "Sidorov");
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_cmpint (hit_id (hits, 0), ==, 2);
  g_array_unref (hits);

  /* White men on b4 (3.cb4, game 1) and h4 (3.gh4, game 2): never both. */
  g_assert_true (dr_pattern_parse (&dr_rules_russian, "W:Wb4,h4", &pattern, &error));
  g_assert_no_error (error);
  hits = SEARCH (.rules = &dr_rules_russian, .pattern = &pattern);
  g_assert_cmpuint (hits->len, ==, 0);
  g_array_unref (hits);
  g_assert_true (dr_pattern_parse (&dr_rules_russian, "?:Wb4:Bc5:Ec3", &pattern, &error));
  hits = SEARCH (.rules = &dr_rules_russian, .pattern = &pattern);
  g_assert_cmpuint (hits->len, ==, 1);
  g_assert_cmpint (hit_id (hits, 0), ==, 1);
  g_assert_cmpuint (g_array_index (hits, DrGameDbHit, 0).ply, ==, 5);
  g_array_unref (hits);
  /* A black man on g5 and an empty f6: from ply 4 of games 1 and 2. */
  g_assert_true (dr_pattern_parse (&dr_rules_russian, "W:Bg5:Ef6", &pattern, &error));
  hits = SEARCH (.rules = &dr_rules_russian, .pattern = &pattern);
  g_assert_cmpuint (hits->len, ==, 2);
  g_assert_cmpuint (g_array_index (hits, DrGameDbHit, 1).ply, ==, 2);
  g_array_unref (hits);
  /* A king there: none. */
  g_assert_true (dr_pattern_parse (&dr_rules_russian, "W:BKg5", &pattern, &error));
  hits = SEARCH (.rules = &dr_rules_russian, .pattern = &pattern);
  g_assert_cmpuint (hits->len, ==, 0);
  g_array_unref (hits);
#undef SEARCH

  g_assert_false (dr_pattern_parse (&dr_rules_russian, "W:Wz9", &pattern, &error));
  g_assert_nonnull (strstr (error->message, "W:Wz9"));
  g_clear_error (&error);
  g_assert_false (dr_pattern_parse (&dr_rules_russian, "W:Wb4:Eb4", &pattern, &error));
  g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT);
}

/* A repertoire with a variation and comments; the program plays White's
 * moves; a miss gives the right move and its comment and is kept in the
 * database until answered right. */
static void
test_drill (Fixture       *f,
            gconstpointer  data)
{
  static const char repertoire_pdn[] =
    "[GameType \"25\"]\n\n"
    "1. c3-d4 d6-c5 {the City Game} 2. b2-c3 (2. d2-c3 f6-g5 {declined}) f6-g5 *\n";
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (repertoire_pdn, -1, "rep", NULL, NULL, &error);
  g_autoptr (DrGame) game = NULL;
  g_autoptr (DrRepertoire) rep = dr_repertoire_new (&dr_rules_russian, DR_SIDE_BLACK);
  g_autoptr (DrDrill) drill = NULL;
  g_autoptr (GPtrArray) weak = NULL;
  DrDrillVerdict verdict;
  DrMove move, expected;
  const char *comment;
  DrPosition after_cd4;

  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_true (dr_repertoire_add_game (rep, game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dr_repertoire_get_n_positions (rep), ==, 5);
  /* A FEN tag of the start position is still the start (ussr1947.pdn
   * writes one before every game); any other setup is refused. */
  {
    DrPosition start, other;
    g_autoptr (DrGame) tagged = NULL;
    g_autoptr (DrGame) set_up = NULL;

    dr_rules_initial (&dr_rules_russian, &start);
    tagged = dr_game_new (&dr_rules_russian, &start);
    g_assert_true (dr_repertoire_add_game (rep, tagged, &error));
    g_assert_no_error (error);
    other = start;
    dr_position_set_turn (&other, DR_SIDE_BLACK);
    set_up = dr_game_new (&dr_rules_russian, &other);
    g_assert_false (dr_repertoire_add_game (rep, set_up, &error));
    g_assert_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT);
    g_clear_error (&error);
    g_assert_cmpuint (dr_repertoire_get_n_positions (rep), ==, 5);
  }

  drill = dr_drill_new (rep, db, "test", 7);
  /* The program played 1.cd4 for White. */
  position_after (&dr_rules_russian, "c3-d4", &after_cd4);
  g_assert_true (dr_position_equal (dr_drill_get_position (drill), &after_cd4));
  g_assert_false (dr_drill_is_over (drill));
  /* 1...fg5 is not the repertoire's. */
  {
    g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

    dr_movegen_legal (&dr_rules_russian, &after_cd4, legal);
    g_assert_true (dr_move_parse (&dr_rules_russian, &after_cd4, legal, "f6-g5", &move, &error));
  }
  g_assert_true (dr_drill_answer (drill, &move, &verdict, &expected, &comment, &error));
  g_assert_no_error (error);
  g_assert_cmpint (verdict, ==, DR_DRILL_WRONG);
  g_assert_cmpstr (comment, ==, "the City Game");
  g_assert_cmpuint (dr_drill_get_need (drill, &after_cd4), ==, 1);
  weak = dr_drill_weak_lines (drill);
  g_assert_cmpuint (weak->len, ==, 1);
  g_assert_cmpuint (((GArray *) weak->pdata[0])->len, ==, 1);
  /* The drill went on with 1...dc5 and White's 2.bc3 or 2.dc3. */
  g_assert_cmpuint (dr_drill_get_moves (drill)->len, ==, 3);
  g_assert_false (dr_drill_is_over (drill));
  {
    const DrPosition *pos = dr_drill_get_position (drill);
    g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

    dr_movegen_legal (&dr_rules_russian, pos, legal);
    g_assert_true (dr_move_parse (&dr_rules_russian, pos, legal, "f6-g5", &move, &error));
    g_assert_true (dr_drill_answer (drill, &move, &verdict, &expected, &comment, &error));
    g_assert_cmpint (verdict, ==, DR_DRILL_CORRECT);
  }
  g_assert_true (dr_drill_is_over (drill));

  /* Kept in the database: a new drill over it knows; a right answer
   * makes it good. */
  dr_drill_free (g_steal_pointer (&drill));
  drill = dr_drill_new (rep, db, "test", 8);
  g_assert_cmpuint (dr_drill_get_need (drill, &after_cd4), ==, 1);
  {
    g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

    dr_movegen_legal (&dr_rules_russian, &after_cd4, legal);
    g_assert_true (dr_move_parse (&dr_rules_russian, &after_cd4, legal, "d6-c5", &move, &error));
  }
  g_assert_true (dr_drill_answer (drill, &move, &verdict, &expected, &comment, &error));
  g_assert_cmpint (verdict, ==, DR_DRILL_CORRECT);
  g_assert_cmpuint (dr_drill_get_need (drill, &after_cd4), ==, 0);
  g_ptr_array_unref (weak);
  weak = dr_drill_weak_lines (drill);
  g_assert_cmpuint (weak->len, ==, 0);
  /* Another repertoire name keeps its own records. */
  dr_drill_free (g_steal_pointer (&drill));
  g_assert_true (dr_gamedb_drill_record (db, "other", dr_gamedb_position_key (&dr_rules_russian, &after_cd4),
                                         FALSE, &error));
  drill = dr_drill_new (rep, db, "test", 9);
  g_assert_cmpuint (dr_drill_get_need (drill, &after_cd4), ==, 0);
}

/* A repertoire from the database's counts, and the program's choices
 * weighted by them. */
static void
test_drill_from_db (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr (DrGameDb) db = open_db (f);
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrRepertoire) rep = dr_repertoire_new (&dr_rules_russian, DR_SIDE_WHITE);
  g_autoptr (GArray) weights = NULL;
  g_autoptr (GArray) moves = NULL;
  g_autoptr (GArray) first = NULL;
  DrGameDbImportStats stats;
  DrPosition pos;
  guint counts[2] = { 0, 0 };

  import_text (f, db, games_pdn, &stats, messages);
  g_assert_true (dr_repertoire_add_from_db (rep, db, NULL, 2, &error));
  g_assert_no_error (error);
  position_after (&dr_rules_russian, "c3-d4", &pos);
  moves = dr_repertoire_lookup (rep, &pos, &weights, NULL);
  g_assert_cmpuint (moves->len, ==, 2);
  g_assert_cmpuint (g_array_index (weights, guint, 0), ==, 2);
  g_assert_cmpuint (g_array_index (weights, guint, 1), ==, 1);
  dr_rules_initial (&dr_rules_russian, &pos);
  first = dr_repertoire_lookup (rep, &pos, NULL, NULL);
  g_assert_cmpuint (first->len, ==, 1);
  /* As White: after 1.cd4 the program answers d6-c5 about twice as often
   * as f6-g5. */
  for (guint seed = 0; seed < 300; seed++)
    {
      g_autoptr (DrDrill) drill = dr_drill_new (rep, NULL, "db", seed);
      DrDrillVerdict verdict;
      const GArray *played;
      DrMove expected;

      g_assert_true (dr_drill_answer (drill, &g_array_index (first, DrMove, 0), &verdict,
                                      &expected, NULL, &error));
      g_assert_cmpint (verdict, ==, DR_DRILL_CORRECT);
      played = dr_drill_get_moves (drill);
      g_assert_cmpuint (played->len, ==, 2);
      counts[dr_move_same (&g_array_index (played, DrMove, 1), &g_array_index (moves, DrMove, 0)) ? 0 : 1]++;
    }
  g_assert_cmpuint (counts[0], >, 170);
  g_assert_cmpuint (counts[1], >, 70);
}

/* The command line: import, search, explore, show, info, pdn-convert
 * --classify, and a damaged file refused with its name. */
static void
test_cli (Fixture       *f,
          gconstpointer  data)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *pdn = write_file (f, "games.pdn", games_pdn);
  g_autofree char *garbage = write_file (f, "bad.sqlite", "not a database, but text that fills "
                                         "the hundred bytes of a header and goes on a little more.");
  g_autoptr (GError) error = NULL;
  char *out = NULL, *err = NULL;
  int status;

  if (cli == NULL)
    {
      test_skip_missing ("DRAUGHTSMAN_CLI is not set");
      return;
    }
#define RUN(...) \
  do { \
    const char *argv[] = { cli, __VA_ARGS__, NULL }; \
    g_clear_pointer (&out, g_free); \
    g_clear_pointer (&err, g_free); \
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, \
                                 &out, &err, &status, &error)); \
    g_assert_no_error (error); \
  } while (0)

  RUN ("db", "import", "--db", f->db_path, pdn);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "games: 3, added: 3, duplicates: 0, with errors: 1"));
  g_assert_nonnull (strstr (err, ":27:19:"));
  RUN ("db", "import", "--db", f->db_path, f->dir);
  g_assert_nonnull (strstr (out, "games: 3, added: 0, duplicates: 3"));
  RUN ("db", "search", "--db", f->db_path, "--player", "Sidorov", "--result", "draw");
  g_assert_true (g_str_has_prefix (out, "2\trussian\t1960.05.02\tPetrov - Sidorov\tTest cup\tdraw\t"
                                        "Городская партия (City Game)\n"));
  RUN ("db", "search", "--db", f->db_path, "--variant", "russian", "--pattern", "W:Bg5:Ef6");
  g_assert_nonnull (strstr (out, "\tply 4\n"));
  g_assert_nonnull (strstr (out, "\tply 2\n"));
  RUN ("db", "explore", "--db", f->db_path, "--variant", "russian", "--moves", "cd4");
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "games 3 transpositions 0 white 33.3% draw 33.3% black 33.3%\n"));
  g_assert_nonnull (strstr (out, "d6-c5           2  white  50.0%  draw   0.0%  black  50.0%  year 1960\n"));
  RUN ("db", "explore", "--db", f->db_path, "--variant", "russian", "--eval", "--eval-depth", "2",
       "--moves", "cd4 dc5 bc3 fg5");
  g_assert_nonnull (strstr (out, "games 2 transpositions 1 "));
  g_assert_nonnull (strstr (out, "  eval "));
  RUN ("db", "show", "--db", f->db_path, "1");
  g_assert_true (g_str_has_prefix (out, "[Event \"Test cup\"]\n[Date \"1950.05.01\"]"));
  RUN ("db", "info", "--db", f->db_path);
  g_assert_nonnull (strstr (out, "games 3\npositions 15\n"));
  RUN ("db", "info", "--db", garbage);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, garbage));
  g_assert_nonnull (strstr (err, "damaged"));
  RUN ("pdn-convert", "--classify", pdn);
  g_assert_nonnull (strstr (out, "[Opening \"Городская партия (City Game), FMJD "));
  {
    const char *argv[] = { cli, "db", "drill", "--db", f->db_path, "--variant", "russian",
                           "--side", "black", "--plies", "2", NULL };
    g_autofree char *input = NULL;
    GPid pid;
    int in_fd, out_fd;
    g_autoptr (GString) all = g_string_new (NULL);
    char buf[512];
    gssize n;

    g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                             NULL, NULL, &pid, &in_fd, &out_fd, NULL, &error));
    g_assert_cmpint (write (in_fd, "b6-a5\nd6-c5\n", 12), ==, 12);
    close (in_fd);
    while ((n = read (out_fd, buf, sizeof buf)) > 0)
      g_string_append_len (all, buf, n);
    close (out_fd);
    g_spawn_close_pid (pid);
    g_assert_nonnull (strstr (all->str, "program c3-d4\nyour move?\nwrong: the repertoire plays d6-c5\n"));
  }
#undef RUN
  g_free (out);
  g_free (err);
}

/* The command line on files that are not sound databases: reads of an
 * empty or missing file refuse it by name and make nothing; an import
 * into a damaged file is refused; an import may make an empty file a
 * database; db check. */
static void
test_cli_refuses (Fixture       *f,
                  gconstpointer  data)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autofree char *pdn = write_file (f, "games.pdn", games_pdn);
  g_autofree char *empty = write_file (f, "empty.sqlite", "");
  g_autofree char *missing = g_build_filename (f->dir, "missing.sqlite", NULL);
  g_autoptr (GError) error = NULL;
  char *out = NULL, *err = NULL;
  GStatBuf st;
  int status;

  if (cli == NULL)
    {
      test_skip_missing ("DRAUGHTSMAN_CLI is not set");
      return;
    }
#define RUN(...) \
  do { \
    const char *argv[] = { cli, __VA_ARGS__, NULL }; \
    g_clear_pointer (&out, g_free); \
    g_clear_pointer (&err, g_free); \
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, \
                                 &out, &err, &status, &error)); \
    g_assert_no_error (error); \
  } while (0)

  RUN ("db", "info", "--db", empty);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, empty));
  g_assert_nonnull (strstr (err, "empty"));
  g_assert_cmpint (g_stat (empty, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 0);
  RUN ("db", "search", "--db", empty, "--player", "Petrov");
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  RUN ("db", "explore", "--db", empty, "--variant", "russian");
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpint (g_stat (empty, &st), ==, 0);
  g_assert_cmpint (st.st_size, ==, 0);
  RUN ("db", "info", "--db", missing);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, missing));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));

  make_database (f);
  damage_drill_page (f);
  RUN ("db", "import", "--db", f->db_path, pdn);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, f->db_path));
  g_assert_nonnull (strstr (err, "damaged"));
  RUN ("db", "check", "--db", f->db_path);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "damaged"));

  RUN ("db", "import", "--db", empty, pdn);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (out, "games: 3, added: 3"));
  RUN ("db", "check", "--db", empty);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_str_has_suffix (out, ": ok\n"));
#undef RUN
  g_free (out);
  g_free (err);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/gamedb/import/canadian-refused", test_import_canadian_refused);
  ADD ("/gamedb/open", test_open);
  ADD ("/gamedb/open/empty", test_open_empty);
  ADD ("/gamedb/open/flags", test_open_flags);
  ADD ("/gamedb/import/damaged", test_import_damaged);
  ADD ("/gamedb/import", test_import);
  ADD ("/gamedb/import/blocks", test_import_blocks);
  ADD ("/gamedb/import/cancel", test_import_cancel);
  ADD ("/gamedb/import/no-move", test_import_no_move);
  ADD ("/gamedb/explore", test_explore);
  ADD ("/gamedb/explore/cache", test_explore_cache);
  ADD ("/gamedb/explore/cache-stale", test_explore_cache_stale);
  ADD ("/gamedb/search", test_search);
  ADD ("/gamedb/search/spelling", test_search_spelling);
  ADD ("/gamedb/drill", test_drill);
  ADD ("/gamedb/drill/from-db", test_drill_from_db);
  ADD ("/gamedb/cli", test_cli);
  ADD ("/gamedb/cli/refuses", test_cli_refuses);
#undef ADD
  return g_test_run ();
}
