/* dr-gamedb-explore.c — the opening explorer: moves played from a position
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The position table has one row per game and position (where the game
 * first reached it), keyed by (key, move, game): one range of it is every
 * game that reached the position, whatever the move order, in the order
 * of the moves they went on with, each with its result and year (kept in
 * the row, so that no game is looked up but the few shown).  SQLite sums
 * them up by move without sorting.  A player filter looks up the player's
 * games first.
 */

#define G_LOG_DOMAIN "dr-gamedb"

#include "config.h"

#include "dr-gamedb.h"

#include "dr-gamedb-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct
{
  gint64 game;
  int    year;
  guint  ply;
} TopGame;

static void
explore_game_free (gpointer data)
{
  DrExploreGame *g = data;

  g_free (g->white);
  g_free (g->black);
  g_free (g->event);
  g_free (g);
}

void
dr_explore_result_free (DrExploreResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->moves);
  g_ptr_array_unref (result->top_games);
  g_free (result);
}

static int
compare_moves (gconstpointer a,
               gconstpointer b)
{
  const DrExploreMove *x = a, *y = b;

  if (x->games != y->games)
    return x->games > y->games ? -1 : 1;
  if (x->move.from != y->move.from)
    return (int) x->move.from - (int) y->move.from;
  return (int) x->move.to - (int) y->move.to;
}

char *
_dr_gamedb_like (const char *text)
{
  g_autofree char *folded = _dr_gamedb_fold (text);
  GString *s = g_string_new ("%");

  for (const char *p = folded; *p != '\0'; p++)
    {
      if (*p == '%' || *p == '_' || *p == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '%');
  return g_string_free (s, FALSE);
}

static gboolean
fill_top_games (DrGameDb        *self,
                GArray          *top,
                DrExploreResult *result,
                GError         **error)
{
  for (guint i = 0; i < top->len; i++)
    {
      const TopGame *t = &g_array_index (top, TopGame, i);
      g_autoptr (DrGameDbInfo) info = dr_gamedb_get_info (self, t->game, error);
      DrExploreGame *g;

      if (info == NULL)
        return FALSE;
      g = g_new0 (DrExploreGame, 1);
      g->id = t->game;
      g->white = g_steal_pointer (&info->white);
      g->black = g_steal_pointer (&info->black);
      g->event = g_steal_pointer (&info->event);
      g->year = info->year;
      g->result = info->result;
      g->ply = t->ply;
      g_ptr_array_add (result->top_games, g);
    }
  return TRUE;
}

/* The filter's conditions on the position table's rows, with parameters
 * ?2 (first year), ?3 (last year) and ?4 (part of a player's name). */
static void
append_filter (GString               *sql,
               const DrExploreFilter *filter)
{
  if (filter->year_min > 0)
    g_string_append (sql, " AND year >= ?2");
  if (filter->year_max > 0)
    g_string_append (sql, " AND year <= ?3");
  if (filter->player != NULL && *filter->player != '\0')
    g_string_append (sql, " AND game IN (SELECT id FROM games WHERE "
                          "white IN (SELECT id FROM players WHERE dr_fold(name) LIKE ?4 ESCAPE '\\') OR "
                          "black IN (SELECT id FROM players WHERE dr_fold(name) LIKE ?4 ESCAPE '\\'))");
}

static void
bind_filter (sqlite3_stmt          *stmt,
             guint64                key,
             const DrExploreFilter *filter,
             const char            *like)
{
  sqlite3_bind_int64 (stmt, 1, (gint64) key);
  if (filter->year_min > 0)
    sqlite3_bind_int (stmt, 2, filter->year_min);
  if (filter->year_max > 0)
    sqlite3_bind_int (stmt, 3, filter->year_max);
  if (like != NULL)
    sqlite3_bind_text (stmt, 4, like, -1, SQLITE_STATIC);
}

/* The code of the move that takes @previous to @pos, or -1. */
static gint32
move_between (const DrRules    *rules,
              const DrPosition *previous,
              const DrPosition *pos,
              DrMoveList       *legal)
{
  dr_movegen_legal (rules, previous, legal);
  for (unsigned i = 0; i < legal->n; i++)
    {
      DrPosition child;

      dr_position_apply (&child, previous, &legal->moves[i]);
      if (dr_position_equal (&child, pos))
        return _dr_move_encode (legal, &legal->moves[i]);
    }
  return -1;
}

typedef struct
{
  gint32 move;
  gint64 games, white, draws, black, year_sum, year_games;
} CacheRow;

/* Keeps the sums of @key's moves.  The cache only saves time: a failure
 * (the file locked by an import in another thread) is no error. */
static gint64
data_version (DrGameDb *self)
{
  sqlite3_stmt *stmt = _dr_gamedb_prepare (self, "PRAGMA data_version", NULL);
  gint64 version = -1;

  if (stmt != NULL && sqlite3_step (stmt) == SQLITE_ROW)
    version = sqlite3_column_int64 (stmt, 0);
  if (stmt != NULL)
    sqlite3_reset (stmt);
  return version;
}

/* Keeps the sums of @key's moves, read when the file was at @version
 * (PRAGMA data_version: another connection's commit since, an import in
 * another thread, makes them stale, and they are not kept).  The cache
 * only saves time: a failure, or the file locked by an import, is no
 * error, and the explorer does not wait for the lock. */
static void
store_cache (DrGameDb *self,
             guint64   key,
             GArray   *rows,
             gint64    version)
{
  sqlite3_stmt *stmt = _dr_gamedb_prepare (self, "INSERT OR REPLACE INTO explore_cache (key, move, "
                                                 "games, white, draws, black, year_sum, year_games) "
                                                 "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", NULL);
  gboolean own = sqlite3_get_autocommit (self->db);
  int rc;

  if (stmt == NULL || !own)
    return;
  sqlite3_busy_timeout (self->db, 0);
  rc = sqlite3_exec (self->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  sqlite3_busy_timeout (self->db, 10000);
  if (rc != SQLITE_OK)
    return;
  if (data_version (self) != version)
    {
      sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
      return;
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const CacheRow *r = &g_array_index (rows, CacheRow, i);

      sqlite3_bind_int64 (stmt, 1, (gint64) key);
      sqlite3_bind_int (stmt, 2, r->move);
      sqlite3_bind_int64 (stmt, 3, r->games);
      sqlite3_bind_int64 (stmt, 4, r->white);
      sqlite3_bind_int64 (stmt, 5, r->draws);
      sqlite3_bind_int64 (stmt, 6, r->black);
      sqlite3_bind_int64 (stmt, 7, r->year_sum);
      sqlite3_bind_int64 (stmt, 8, r->year_games);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          sqlite3_reset (stmt);
          sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
          return;
        }
      sqlite3_reset (stmt);
    }
  if (sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

DrExploreResult *
dr_gamedb_explore (DrGameDb              *self,
                   const DrRules         *rules,
                   const DrPosition      *pos,
                   const DrExploreFilter *filter,
                   GError               **error)
{
  static const DrExploreFilter no_filter = { 0 };
  g_autoptr (DrExploreResult) result = g_new0 (DrExploreResult, 1);
  g_autoptr (GArray) top = g_array_new (FALSE, FALSE, sizeof (TopGame));
  g_autoptr (GString) sql = g_string_new (NULL);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autofree char *like = NULL;
  g_autoptr (GString) codes = g_string_new ("-1");
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (CacheRow));
  gboolean cacheable, cached = FALSE;
  gint64 version;
  guint64 key = _dr_gamedb_key (rules, pos);
  sqlite3_stmt *stmt;
  int rc;

  if (filter == NULL)
    filter = &no_filter;
  if (filter->player != NULL && *filter->player != '\0')
    like = _dr_gamedb_like (filter->player);
  result->moves = g_array_new (FALSE, TRUE, sizeof (DrExploreMove));
  result->top_games = g_ptr_array_new_with_free_func (explore_game_free);

  /* The sums by move: from the cache, for a busy position explored
   * before without a filter; else from the rows of the key, which come in
   * move order (the primary key), so grouping by move needs no sort. */
  cacheable = filter->year_min == 0 && filter->year_max == 0 && like == NULL;
  version = cacheable ? data_version (self) : -1;
  if (cacheable)
    {
      stmt = _dr_gamedb_prepare (self, "SELECT move, games, white, draws, black, year_sum, "
                                       "year_games FROM explore_cache WHERE key = ?1", error);
      if (stmt == NULL)
        return NULL;
      sqlite3_bind_int64 (stmt, 1, (gint64) key);
      rc = sqlite3_step (stmt);
      cached = rc == SQLITE_ROW;
      if (!cached)
        sqlite3_reset (stmt);
    }
  if (!cached)
    {
      g_string_assign (sql, "SELECT move, count (*), total (result = 1), total (result = 3), "
                            "total (result = 2), total (year), count (year) FROM positions "
                            "WHERE key = ?1");
      append_filter (sql, filter);
      g_string_append (sql, " GROUP BY move");
      stmt = _dr_gamedb_prepare (self, sql->str, error);
      if (stmt == NULL)
        return NULL;
      bind_filter (stmt, key, filter, like);
      rc = sqlite3_step (stmt);
    }
  dr_movegen_legal (rules, pos, legal);
  for (; rc == SQLITE_ROW; rc = sqlite3_step (stmt))
    {
      gint32 code = sqlite3_column_int (stmt, 0);
      DrExploreMove m = { 0 };
      guint64 year_games = (guint64) sqlite3_column_int64 (stmt, 6);
      CacheRow row = {
        code, sqlite3_column_int64 (stmt, 1), sqlite3_column_int64 (stmt, 2),
        sqlite3_column_int64 (stmt, 3), sqlite3_column_int64 (stmt, 4),
        sqlite3_column_int64 (stmt, 5), (gint64) year_games,
      };

      g_array_append_val (rows, row);
      m.games = (guint64) row.games;
      m.white_wins = (guint64) row.white;
      m.draws = (guint64) row.draws;
      m.black_wins = (guint64) row.black;
      m.average_year = year_games > 0 ? (double) row.year_sum / (double) year_games : 0;
      result->games += m.games;
      result->white_wins += m.white_wins;
      result->draws += m.draws;
      result->black_wins += m.black_wins;
      if (code >= 0)
        g_string_append_printf (codes, ", %d", code);
      /* -1: the game ended here.  A code that is not a legal move here:
       * a hash collision with another position; left out. */
      if (code < 0 || m.games < filter->min_count || !_dr_move_decode (legal, (guint16) code, &m.move))
        continue;
      g_array_append_val (result->moves, m);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _dr_gamedb_set_error (self, error, _("reading the position index"));
      return NULL;
    }
  if (cacheable && !cached && result->games >= _DR_EXPLORE_CACHE_GAMES)
    store_cache (self, key, rows, version);
  g_array_sort (result->moves, compare_moves);

  /* Transpositions: the games here less those that came by the move from
   * @previous. */
  if (filter->previous != NULL && result->games > 0)
    {
      gint32 code = move_between (rules, filter->previous, pos, legal);
      guint64 direct = 0;

      if (code >= 0 && cacheable)
        {
          /* The previous position's sums, if they are kept. */
          stmt = _dr_gamedb_prepare (self, "SELECT count (*), total (CASE WHEN move = ?2 THEN games END) "
                                           "FROM explore_cache WHERE key = ?1", error);
          if (stmt == NULL)
            return NULL;
          sqlite3_bind_int64 (stmt, 1, (gint64) _dr_gamedb_key (rules, filter->previous));
          sqlite3_bind_int (stmt, 2, code);
          if (sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_int64 (stmt, 0) > 0)
            {
              direct = (guint64) sqlite3_column_double (stmt, 1);
              code = -1;
            }
          sqlite3_reset (stmt);
        }
      if (code >= 0)
        {
          g_string_assign (sql, "SELECT count (*) FROM positions WHERE key = ?1 AND move = ?5");
          append_filter (sql, filter);
          stmt = _dr_gamedb_prepare (self, sql->str, error);
          if (stmt == NULL)
            return NULL;
          bind_filter (stmt, _dr_gamedb_key (rules, filter->previous), filter, like);
          sqlite3_bind_int (stmt, 5, code);
          if (sqlite3_step (stmt) != SQLITE_ROW)
            {
              _dr_gamedb_set_error (self, error, _("reading the position index"));
              sqlite3_reset (stmt);
              return NULL;
            }
          direct = (guint64) sqlite3_column_int64 (stmt, 0);
          sqlite3_reset (stmt);
        }
      result->transpositions = result->games - MIN (direct, result->games);
    }

  /* The latest games.  Of a position most games of the variant reach
   * (the first moves), the latest games of the variant are tested one by
   * one with a look-up per move; of any other, its rows are sorted. */
  if (like == NULL && result->games > 0
      && result->games * 20 >= (guint64) _dr_gamedb_count_variant (self, rules))
    {
      g_string_assign (sql, "SELECT g.id, (SELECT p.ply FROM positions p WHERE p.key = ?1 "
                            "AND p.game = g.id AND p.move IN (");
      g_string_append (sql, codes->str);
      g_string_append (sql, ")) AS ply, g.year FROM games g WHERE g.variant = ?6 AND ply IS NOT NULL");
      if (filter->year_min > 0)
        g_string_append (sql, " AND g.year >= ?2");
      if (filter->year_max > 0)
        g_string_append (sql, " AND g.year <= ?3");
      g_string_append (sql, " ORDER BY g.year DESC, g.id DESC LIMIT ?5");
      stmt = _dr_gamedb_prepare (self, sql->str, error);
      if (stmt == NULL)
        return NULL;
      bind_filter (stmt, key, filter, NULL);
      sqlite3_bind_text (stmt, 6, rules->name, -1, SQLITE_STATIC);
    }
  else
    {
      g_string_assign (sql, "SELECT game, ply, year FROM positions WHERE key = ?1");
      append_filter (sql, filter);
      g_string_append (sql, " ORDER BY year DESC, game DESC LIMIT ?5");
      stmt = _dr_gamedb_prepare (self, sql->str, error);
      if (stmt == NULL)
        return NULL;
      bind_filter (stmt, key, filter, like);
    }
  sqlite3_bind_int (stmt, 5, (int) (filter->top_games > 0 ? filter->top_games : 10));
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      TopGame t = { sqlite3_column_int64 (stmt, 0), sqlite3_column_int (stmt, 2),
                    (guint) sqlite3_column_int (stmt, 1) };

      g_array_append_val (top, t);
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _dr_gamedb_set_error (self, error, _("reading the position index"));
      return NULL;
    }
  if (!fill_top_games (self, top, result, error))
    return NULL;
  return g_steal_pointer (&result);
}
