/* dr-gamedb.c — the database file: schema, migrations, games, drill records
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-gamedb"

#include "config.h"

#include "dr-gamedb.h"

#include "dr-fen.h"
#include "dr-gamedb-private.h"
#include "dr-pdn.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

G_DEFINE_QUARK (dr-gamedb-error-quark, dr_gamedb_error)

/* PRAGMA application_id: "DrDB". */
#define DR_GAMEDB_APPLICATION_ID 0x44724442

/* migrations[v] takes a database from schema version v to v + 1.  Never
 * change one that has shipped: add the next. */
static const char *const migrations[DR_GAMEDB_SCHEMA_VERSION] = {
  /* 0 -> 1 */
  "CREATE TABLE players (\n"
  "  id   INTEGER PRIMARY KEY,\n"
  "  name TEXT NOT NULL UNIQUE);\n"
  "CREATE TABLE events (\n"
  "  id   INTEGER PRIMARY KEY,\n"
  "  name TEXT NOT NULL UNIQUE);\n"
  "CREATE TABLE games (\n"
  "  id      INTEGER PRIMARY KEY,\n"
  "  digest  BLOB NOT NULL UNIQUE,      -- SHA-1 of variant, tags, start, moves\n"
  "  variant TEXT NOT NULL,             -- DrRules name: 'russian'\n"
  "  white   INTEGER REFERENCES players (id),\n"
  "  black   INTEGER REFERENCES players (id),\n"
  "  event   INTEGER REFERENCES events (id),\n"
  "  site    TEXT,\n"
  "  date    TEXT,                      -- the Date tag as written\n"
  "  year    INTEGER,                   -- from Date; NULL: unknown\n"
  "  round   TEXT,\n"
  "  result  INTEGER NOT NULL,          -- DrResult: 0 *, 1 White, 2 Black, 3 draw, 4 0-0\n"
  "  plies   INTEGER NOT NULL,          -- main line\n"
  "  opening TEXT,                      -- named opening (label)\n"
  "  ballot  TEXT,                      -- ballot code\n"
  "  error   TEXT,                      -- why it was read only in part\n"
  "  start   TEXT,                      -- FEN of a setup; NULL: the initial position\n"
  "  moves   BLOB NOT NULL,             -- main line, 16-bit move codes\n"
  "  pdn     TEXT NOT NULL,             -- the game's text as read\n"
  "  source  TEXT);                     -- FILE:LINE it was imported from\n"
  "CREATE INDEX games_white ON games (white);\n"
  "CREATE INDEX games_black ON games (black);\n"
  "CREATE INDEX games_event ON games (event);\n"
  "CREATE INDEX games_year ON games (year);\n"
  "CREATE INDEX games_variant_year ON games (variant, year);\n"
  "CREATE TABLE positions (            -- a game's first visit of each position\n"
  "  key    INTEGER NOT NULL,           -- Zobrist hash mixed with the variant\n"
  "  move   INTEGER NOT NULL,           -- move code played next; -1: none\n"
  "  game   INTEGER NOT NULL,\n"
  "  ply    INTEGER NOT NULL,\n"
  "  result INTEGER NOT NULL,           -- the game's (kept here for the explorer)\n"
  "  year   INTEGER,\n"
  "  PRIMARY KEY (key, move, game)) WITHOUT ROWID;\n"
  "CREATE TABLE explore_cache (        -- the explorer's sums for busy positions\n"
  "  key        INTEGER NOT NULL,\n"
  "  move       INTEGER NOT NULL,\n"
  "  games      INTEGER NOT NULL,\n"
  "  white      INTEGER NOT NULL,\n"
  "  draws      INTEGER NOT NULL,\n"
  "  black      INTEGER NOT NULL,\n"
  "  year_sum   INTEGER NOT NULL,\n"
  "  year_games INTEGER NOT NULL,\n"
  "  PRIMARY KEY (key, move)) WITHOUT ROWID;\n"
  "CREATE TABLE drill (\n"
  "  repertoire TEXT NOT NULL,\n"
  "  key        INTEGER NOT NULL,\n"
  "  tries      INTEGER NOT NULL,\n"
  "  misses     INTEGER NOT NULL,\n"
  "  need       INTEGER NOT NULL,       -- misses not yet made good\n"
  "  last       INTEGER,                -- unix time of the last answer\n"
  "  PRIMARY KEY (repertoire, key)) WITHOUT ROWID;\n",
};

const char *
_dr_gamedb_embedded_text (const char *path)
{
  for (unsigned i = 0; i < _dr_gamedb_embedded_n_files; i++)
    if (g_str_equal (_dr_gamedb_embedded_files[i].path, path))
      return _dr_gamedb_embedded_files[i].text;
  return NULL;
}

char *
dr_gamedb_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "draughtsman", "games.sqlite", NULL);
}

guint64
dr_gamedb_position_key (const DrRules    *rules,
                        const DrPosition *pos)
{
  return _dr_gamedb_key (rules, pos);
}

void
_dr_gamedb_set_error (DrGameDb    *self,
                      GError     **error,
                      const char  *doing)
{
  int code = sqlite3_errcode (self->db);
  DrGameDbError e = DR_GAMEDB_ERROR_SQL;

  if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
    e = DR_GAMEDB_ERROR_CORRUPT;
  g_set_error (error, DR_GAMEDB_ERROR, e, _("%s: %s: %s"), self->path, doing,
               e == DR_GAMEDB_ERROR_CORRUPT
               ? _("the file is damaged or is not a game database")
               : sqlite3_errmsg (self->db));
}

sqlite3_stmt *
_dr_gamedb_prepare (DrGameDb    *self,
                    const char  *sql,
                    GError     **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (self->statements, sql);

  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }
  if (sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL) != SQLITE_OK)
    {
      _dr_gamedb_set_error (self, error, _("preparing a query"));
      sqlite3_finalize (stmt);
      return NULL;
    }
  g_hash_table_insert (self->statements, g_strdup (sql), stmt);
  return stmt;
}

gboolean
_dr_gamedb_exec (DrGameDb    *self,
                 const char  *sql,
                 GError     **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    {
      _dr_gamedb_set_error (self, error, sql);
      return FALSE;
    }
  return TRUE;
}

static gboolean
query_int (DrGameDb    *self,
           const char  *sql,
           gint64      *value,
           GError     **error)
{
  sqlite3_stmt *stmt = _dr_gamedb_prepare (self, sql, error);

  if (stmt == NULL)
    return FALSE;
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      _dr_gamedb_set_error (self, error, _("reading the database"));
      sqlite3_reset (stmt);
      return FALSE;
    }
  *value = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return TRUE;
}

static gboolean
migrate (DrGameDb *self,
         gint64    from,
         GError  **error)
{
  for (gint64 v = from; v < DR_GAMEDB_SCHEMA_VERSION; v++)
    {
      g_autofree char *pragmas = g_strdup_printf ("PRAGMA application_id = %d;"
                                                  "PRAGMA user_version = %" G_GINT64_FORMAT ";",
                                                  DR_GAMEDB_APPLICATION_ID, v + 1);

      if (!_dr_gamedb_exec (self, "BEGIN IMMEDIATE", error))
        return FALSE;
      if (!_dr_gamedb_exec (self, migrations[v], error)
          || !_dr_gamedb_exec (self, pragmas, error)
          || !_dr_gamedb_exec (self, "COMMIT", error))
        {
          sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
          return FALSE;
        }
    }
  return TRUE;
}

static void
finalize_statement (gpointer data)
{
  sqlite3_finalize (data);
}

/* SQLite keeps no checksum of its pages, so a flipped byte in a row goes
 * unseen.  PRAGMA quick_check finds what breaks the file's structure (its
 * b-trees, the pages they share or lose) in one pass over the pages;
 * PRAGMA integrity_check (@thorough) also the order of the keys and the
 * indices against their tables, about two and a half times as long.
 * FALSE with DR_GAMEDB_ERROR_CORRUPT naming the file and its first
 * problem if the file is damaged. */
static gboolean
check_file (DrGameDb    *self,
            gboolean     thorough,
            const char  *doing,
            GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  g_autofree char *problem = NULL;
  int rc;

  if (sqlite3_prepare_v2 (self->db, thorough ? "PRAGMA integrity_check (1)" : "PRAGMA quick_check (1)",
                          -1, &stmt, NULL) != SQLITE_OK)
    problem = g_strdup (sqlite3_errmsg (self->db));
  else if ((rc = sqlite3_step (stmt)) != SQLITE_ROW)
    problem = g_strdup (rc == SQLITE_DONE ? "no answer" : sqlite3_errmsg (self->db));
  else if (g_strcmp0 ((const char *) sqlite3_column_text (stmt, 0), "ok") != 0)
    problem = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  if (problem == NULL)
    {
      self->checked = TRUE;
      return TRUE;
    }
  g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT,
               _("%s: the file is damaged (SQLite's %s: %s); %s. Restore it from a copy, or "
                 "import the games again into a new file"), self->path,
               thorough ? "integrity check" : "quick check", problem, doing);
  return FALSE;
}

gboolean
_dr_gamedb_check_for_writing (DrGameDb  *self,
                              GError   **error)
{
  return self->checked || check_file (self, FALSE, _("nothing was written to it"), error);
}

gboolean
dr_gamedb_check (DrGameDb  *self,
                 GError   **error)
{
  return check_file (self, TRUE, _("it was only read"), error);
}

/* What is at @path, before SQLite sees it (SQLite takes an empty file for
 * a new database, and creates a missing one): FALSE if it may not be
 * opened as @flags say.  A file shorter than the page count in its header
 * SQLite refuses itself (SQLITE_CORRUPT). */
static gboolean
inspect_file (const char         *path,
              DrGameDbOpenFlags   flags,
              GError            **error)
{
  guint8 header[100];
  GStatBuf st;
  FILE *file;
  gsize n;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      if (saved == ENOENT && (flags & DR_GAMEDB_OPEN_CREATE_MISSING) != 0)
        return TRUE;
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_OPEN,
                   saved == ENOENT ? _("%s: no game database there (db import makes one)")
                                   : _("%s: cannot open: %s"), path, g_strerror (saved));
      return FALSE;
    }
  if (st.st_size == 0)
    {
      if ((flags & DR_GAMEDB_OPEN_CREATE_EMPTY) != 0)
        return TRUE;
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT,
                   _("%s: the file is empty (0 bytes), not a game database; it was left as it is"),
                   path);
      return FALSE;
    }
  file = g_fopen (path, "rb");
  if (file == NULL)
    {
      int saved = errno;

      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_OPEN, _("%s: cannot open: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }
  n = fread (header, 1, sizeof header, file);
  fclose (file);
  if (n < sizeof header || memcmp (header, "SQLite format 3", 16) != 0)
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT,
                   _("%s: not a game database (not an SQLite file, or its header is damaged)"),
                   path);
      return FALSE;
    }
  return TRUE;
}

DrGameDb *
dr_gamedb_open (const char  *path,
                GError     **error)
{
  return dr_gamedb_open_full (path, DR_GAMEDB_OPEN_CREATE_MISSING, error);
}

DrGameDb *
dr_gamedb_open_full (const char         *path,
                     DrGameDbOpenFlags   flags,
                     GError            **error)
{
  g_autoptr (DrGameDb) self = g_new0 (DrGameDb, 1);
  g_autofree char *dir = g_path_get_dirname (path);
  gint64 app_id, version, n_objects;

  self->path = g_strdup (path);
  for (int v = 0; v < DR_N_VARIANTS; v++)
    self->variant_games[v] = -1;
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, finalize_statement);
  if (!inspect_file (path, flags, error))
    return NULL;
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_OPEN,
                   _("%s: cannot create the folder: %s"), path, g_strerror (saved));
      return NULL;
    }
  if (sqlite3_open_v2 (path, &self->db,
                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                       NULL) != SQLITE_OK)
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_OPEN, _("%s: cannot open: %s"),
                   path, self->db != NULL ? sqlite3_errmsg (self->db) : g_strerror (ENOMEM));
      return NULL;
    }
  sqlite3_extended_result_codes (self->db, 0);
  sqlite3_busy_timeout (self->db, 10000);
  if (!_dr_gamedb_add_functions (self->db))
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_OPEN, _("%s: cannot open: %s"),
                   path, sqlite3_errmsg (self->db));
      return NULL;
    }
  if (!query_int (self, "PRAGMA application_id", &app_id, error)
      || !query_int (self, "PRAGMA user_version", &version, error)
      || !query_int (self, "SELECT count(*) FROM sqlite_master", &n_objects, error))
    return NULL;
  if (app_id != DR_GAMEDB_APPLICATION_ID && (app_id != 0 || n_objects != 0))
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT,
                   _("%s: not a Draughtsman game database"), path);
      return NULL;
    }
  if (version > DR_GAMEDB_SCHEMA_VERSION)
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_VERSION,
                   _("%s: written by a newer Draughtsman (schema %lld, this one reads up to %d)"),
                   path, (long long) version, DR_GAMEDB_SCHEMA_VERSION);
      return NULL;
    }
  /* WAL: readers (the explorer) go on while an import writes; NORMAL
   * syncs at checkpoints only, which WAL makes safe against corruption.
   * A 64 MiB page cache bounds the memory used whatever the file size. */
  if (!_dr_gamedb_exec (self, "PRAGMA journal_mode = WAL;"
                              "PRAGMA synchronous = NORMAL;"
                              "PRAGMA temp_store = MEMORY;"
                              "PRAGMA cache_size = -65536;", error))
    return NULL;
  /* An older file is checked before it is migrated (written). */
  if (version < DR_GAMEDB_SCHEMA_VERSION
      && ((n_objects > 0 && !_dr_gamedb_check_for_writing (self, error))
          || !migrate (self, version, error)))
    return NULL;
  /* Every table must be there: a file with our id but a broken schema
   * is refused here rather than at the first query. */
  if (_dr_gamedb_prepare (self, "SELECT id, digest, variant, white, black, event, site, date, "
                                "year, round, result, plies, opening, ballot, error, start, "
                                "moves, pdn, source FROM games WHERE id = ?", NULL) == NULL
      || _dr_gamedb_prepare (self, "SELECT key, move, game, ply, result, year FROM positions "
                                   "WHERE key = ?", NULL) == NULL)
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT,
                   _("%s: the game database's tables are damaged"), path);
      return NULL;
    }
  return g_steal_pointer (&self);
}

void
dr_gamedb_close (DrGameDb *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->statements);
  if (self->db != NULL)
    sqlite3_close (self->db);
  g_free (self->path);
  g_free (self);
}

const char *
dr_gamedb_get_path (DrGameDb *self)
{
  return self->path;
}

gint64
dr_gamedb_count_games (DrGameDb *self)
{
  gint64 n = 0;

  return query_int (self, "SELECT count(*) FROM games", &n, NULL) ? n : -1;
}

gint64
_dr_gamedb_count_variant (DrGameDb      *self,
                          const DrRules *rules)
{
  sqlite3_stmt *stmt;
  gint64 n = 0;

  DrPosition start;

  if (self->variant_games[rules->variant] >= 0)
    return self->variant_games[rules->variant];
  /* The games from the start, as the explorer keeps them (a big
   * database); else counted (a small one: quick). */
  dr_rules_initial (rules, &start);
  stmt = _dr_gamedb_prepare (self, "SELECT total (games) FROM explore_cache WHERE key = ?", NULL);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, (gint64) _dr_gamedb_key (rules, &start));
  if (sqlite3_step (stmt) == SQLITE_ROW)
    n = (gint64) sqlite3_column_double (stmt, 0);
  sqlite3_reset (stmt);
  if (n == 0)
    {
      stmt = _dr_gamedb_prepare (self, "SELECT count (*) FROM games WHERE variant = ?", NULL);
      if (stmt == NULL)
        return 0;
      sqlite3_bind_text (stmt, 1, rules->name, -1, SQLITE_STATIC);
      if (sqlite3_step (stmt) == SQLITE_ROW)
        n = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
    }
  self->variant_games[rules->variant] = n;
  return n;
}

gint64
dr_gamedb_count_positions (DrGameDb *self)
{
  gint64 n = 0;

  return query_int (self, "SELECT count(*) FROM positions", &n, NULL) ? n : -1;
}

int
_dr_gamedb_year_of (const char *date)
{
  int year = 0;

  if (date == NULL)
    return 0;
  for (int i = 0; i < 4; i++)
    {
      if (!g_ascii_isdigit (date[i]))
        return 0;
      year = year * 10 + (date[i] - '0');
    }
  return year;
}

/* Move codes -------------------------------------------------------------- */

guint16
_dr_move_encode (const DrMoveList *legal,
                 const DrMove     *move)
{
  guint rank = 0;

  if (move->captures != 0)
    for (unsigned i = 0; i < legal->n; i++)
      {
        const DrMove *m = &legal->moves[i];

        if (m->from == move->from && m->to == move->to && m->captures < move->captures)
          rank++;
      }
  return (guint16) ((move->from & 63) | ((move->to & 63) << 6) | (MIN (rank, 15) << 12));
}

gboolean
_dr_move_decode (const DrMoveList *legal,
                 guint16           code,
                 DrMove           *move)
{
  guint from = code & 63, to = (code >> 6) & 63, rank = code >> 12;

  for (unsigned i = 0; i < legal->n; i++)
    {
      const DrMove *m = &legal->moves[i];
      guint below = 0;

      if (m->from != from || m->to != to)
        continue;
      if (m->captures != 0)
        for (unsigned j = 0; j < legal->n; j++)
          if (legal->moves[j].from == from && legal->moves[j].to == to
              && legal->moves[j].captures < m->captures)
            below++;
      if (MIN (below, 15) == rank)
        {
          *move = *m;
          return TRUE;
        }
    }
  return FALSE;
}

GArray *
_dr_gamedb_replay (const DrRules    *rules,
                   const guint8     *moves,
                   gsize             n_bytes,
                   const DrPosition *start,
                   DrMoveList       *scratch)
{
  GArray *line = g_array_sized_new (FALSE, FALSE, sizeof (DrPosition), n_bytes / 2 + 1);
  DrPosition pos = *start;

  g_array_append_val (line, pos);
  for (gsize i = 0; i + 1 < n_bytes; i += 2)
    {
      DrMove move;

      dr_movegen_legal (rules, &pos, scratch);
      if (!_dr_move_decode (scratch, (guint16) (moves[i] | (moves[i + 1] << 8)), &move))
        break;
      dr_position_apply (&pos, &pos, &move);
      g_array_append_val (line, pos);
    }
  return line;
}

/* Games ------------------------------------------------------------------ */

void
dr_gamedb_info_free (DrGameDbInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->white);
  g_free (info->black);
  g_free (info->event);
  g_free (info->site);
  g_free (info->date);
  g_free (info->opening);
  g_free (info->ballot);
  g_free (info->error);
  g_free (info);
}

static char *
column_text (sqlite3_stmt *stmt,
             int           column)
{
  const unsigned char *text = sqlite3_column_text (stmt, column);

  return text != NULL ? g_strdup ((const char *) text) : NULL;
}

static sqlite3_stmt *
find_game (DrGameDb    *self,
           const char  *sql,
           gint64       id,
           GError     **error)
{
  sqlite3_stmt *stmt = _dr_gamedb_prepare (self, sql, error);
  int rc;

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, id);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    return stmt;
  if (rc == SQLITE_DONE)
    g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_NOT_FOUND,
                 _("%s: no game %lld"), self->path, (long long) id);
  else
    _dr_gamedb_set_error (self, error, _("reading a game"));
  sqlite3_reset (stmt);
  return NULL;
}

DrGameDbInfo *
dr_gamedb_get_info (DrGameDb  *self,
                    gint64     id,
                    GError   **error)
{
  sqlite3_stmt *stmt = find_game (self,
                                  "SELECT g.id, w.name, b.name, e.name, g.site, g.date, g.year, "
                                  "g.result, g.variant, g.plies, g.opening, g.ballot, g.error "
                                  "FROM games g LEFT JOIN players w ON w.id = g.white "
                                  "LEFT JOIN players b ON b.id = g.black "
                                  "LEFT JOIN events e ON e.id = g.event WHERE g.id = ?",
                                  id, error);
  DrGameDbInfo *info;

  if (stmt == NULL)
    return NULL;
  info = g_new0 (DrGameDbInfo, 1);
  info->id = sqlite3_column_int64 (stmt, 0);
  info->white = column_text (stmt, 1);
  info->black = column_text (stmt, 2);
  info->event = column_text (stmt, 3);
  info->site = column_text (stmt, 4);
  info->date = column_text (stmt, 5);
  info->year = sqlite3_column_int (stmt, 6);
  info->result = (DrResult) sqlite3_column_int (stmt, 7);
  info->rules = dr_rules_from_name ((const char *) sqlite3_column_text (stmt, 8));
  info->plies = (guint) sqlite3_column_int (stmt, 9);
  info->opening = column_text (stmt, 10);
  info->ballot = column_text (stmt, 11);
  info->error = column_text (stmt, 12);
  sqlite3_reset (stmt);
  return info;
}

char *
dr_gamedb_get_pdn (DrGameDb  *self,
                   gint64     id,
                   GError   **error)
{
  sqlite3_stmt *stmt = find_game (self, "SELECT pdn FROM games WHERE id = ?", id, error);
  char *text;

  if (stmt == NULL)
    return NULL;
  text = column_text (stmt, 0);
  sqlite3_reset (stmt);
  return text;
}

DrGame *
dr_gamedb_load_game (DrGameDb  *self,
                     gint64     id,
                     GError   **error)
{
  sqlite3_stmt *stmt = find_game (self, "SELECT pdn, variant FROM games WHERE id = ?", id, error);
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GError) local = NULL;
  const DrRules *rules;
  DrGame *game = NULL;

  if (stmt == NULL)
    return NULL;
  text = column_text (stmt, 0);
  rules = dr_rules_from_name ((const char *) sqlite3_column_text (stmt, 1));
  sqlite3_reset (stmt);
  name = g_strdup_printf ("%s#%" G_GINT64_FORMAT, self->path, id);
  /* The variant it was stored under stands for a missing GameType, as
   * the file's choice did when it was imported. */
  reader = dr_pdn_reader_new (text, -1, name, "UTF-8", rules, error);
  if (reader == NULL)
    return NULL;
  if (dr_pdn_reader_next_game (reader, &game, &local) == DR_PDN_READ_END)
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT,
                   _("%s: game %lld has no PDN text"), self->path, (long long) id);
      return NULL;
    }
  return game;
}

gboolean
dr_gamedb_get_position (DrGameDb    *self,
                        gint64       id,
                        guint        ply,
                        DrPosition  *pos,
                        GError     **error)
{
  sqlite3_stmt *stmt = find_game (self, "SELECT variant, start, moves FROM games WHERE id = ?",
                                  id, error);
  g_autofree DrMoveList *scratch = NULL;
  g_autoptr (GArray) line = NULL;
  const DrRules *rules;
  const char *start;
  DrPosition root;

  if (stmt == NULL)
    return FALSE;
  rules = dr_rules_from_name ((const char *) sqlite3_column_text (stmt, 0));
  start = (const char *) sqlite3_column_text (stmt, 1);
  if (rules == NULL || (start != NULL && !dr_fen_parse (rules, start, &root, NULL)))
    {
      sqlite3_reset (stmt);
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_CORRUPT,
                   _("%s: game %lld has a broken variant or start"),
                   self->path, (long long) id);
      return FALSE;
    }
  if (start == NULL)
    dr_rules_initial (rules, &root);
  scratch = g_new (DrMoveList, 1);
  scratch->all_paths = false;
  line = _dr_gamedb_replay (rules, sqlite3_column_blob (stmt, 2), (gsize) sqlite3_column_bytes (stmt, 2),
                            &root, scratch);
  sqlite3_reset (stmt);
  if (ply >= line->len)
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_NOT_FOUND,
                   _("%s: game %lld has no ply %u"), self->path, (long long) id, ply);
      return FALSE;
    }
  *pos = g_array_index (line, DrPosition, ply);
  return TRUE;
}

/* Drill records ---------------------------------------------------------- */

gboolean
dr_gamedb_drill_record (DrGameDb    *self,
                        const char  *repertoire,
                        guint64      key,
                        gboolean     correct,
                        GError     **error)
{
  sqlite3_stmt *stmt = _dr_gamedb_prepare (self,
      "INSERT INTO drill (repertoire, key, tries, misses, need, last) "
      "VALUES (?1, ?2, 1, ?3, ?3, CAST (strftime ('%s', 'now') AS INTEGER)) "
      "ON CONFLICT (repertoire, key) DO UPDATE SET tries = tries + 1, "
      "misses = misses + ?3, need = max (0, need + (CASE WHEN ?3 THEN 1 ELSE -1 END)), "
      "last = CAST (strftime ('%s', 'now') AS INTEGER)", error);

  if (stmt == NULL || !_dr_gamedb_check_for_writing (self, error))
    return FALSE;
  sqlite3_bind_text (stmt, 1, repertoire, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, (gint64) key);
  sqlite3_bind_int (stmt, 3, correct ? 0 : 1);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      _dr_gamedb_set_error (self, error, _("recording a drill answer"));
      sqlite3_reset (stmt);
      return FALSE;
    }
  sqlite3_reset (stmt);
  return TRUE;
}

guint
dr_gamedb_drill_need (DrGameDb   *self,
                      const char *repertoire,
                      guint64     key)
{
  sqlite3_stmt *stmt = _dr_gamedb_prepare (self,
      "SELECT need FROM drill WHERE repertoire = ? AND key = ?", NULL);
  guint need = 0;

  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, repertoire, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 2, (gint64) key);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    need = (guint) sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);
  return need;
}
