/* dr-gamedb-explore.c — the opening explorer: moves played from a position
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One range scan of the position table on the position's key gives every
 * game that reached the position, whatever the move order, with the move
 * it went on with and its result and year (kept in the row, so that no
 * game is looked up but the few shown).  A player filter joins the games.
 */

#define G_LOG_DOMAIN "dr-gamedb"

#include "config.h"

#include "dr-gamedb.h"

#include "dr-gamedb-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct
{
  gint32  code;
  guint64 games;
  guint64 results[5];   /* by DrResult */
  guint64 year_sum;
  guint64 year_games;
} MoveStats;

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

/* Is @t later (or, the same year, a higher id) than @u? */
static gboolean
top_before (const TopGame *t,
            const TopGame *u)
{
  return t->year != u->year ? t->year > u->year : t->game > u->game;
}

static void
top_insert (GArray        *top,
            guint          max,
            const TopGame *t)
{
  guint i = top->len;

  if (top->len == max && !top_before (t, &g_array_index (top, TopGame, max - 1)))
    return;
  while (i > 0 && top_before (t, &g_array_index (top, TopGame, i - 1)))
    i--;
  g_array_insert_val (top, i, *t);
  if (top->len > max)
    g_array_set_size (top, max);
}

char *
_dr_gamedb_like (const char *text)
{
  GString *s = g_string_new ("%");

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '%' || *p == '_' || *p == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '%');
  return g_string_free (s, FALSE);
}

static GHashTable *
matching_players (DrGameDb    *self,
                  const char  *part,
                  GError     **error)
{
  sqlite3_stmt *stmt = _dr_gamedb_prepare (self,
      "SELECT id FROM players WHERE name LIKE ? ESCAPE '\\'", error);
  g_autofree char *like = _dr_gamedb_like (part);
  GHashTable *ids;
  int rc;

  if (stmt == NULL)
    return NULL;
  ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  sqlite3_bind_text (stmt, 1, like, -1, SQLITE_STATIC);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (stmt, 0);

      g_hash_table_add (ids, g_memdup2 (&id, sizeof id));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _dr_gamedb_set_error (self, error, _("finding players"));
      g_hash_table_unref (ids);
      return NULL;
    }
  return ids;
}

/* (game, ply) pairs at which the games reached @key: for transpositions. */
static GHashTable *
positions_of (DrGameDb    *self,
              guint64      key,
              GError     **error)
{
  sqlite3_stmt *stmt = _dr_gamedb_prepare (self,
      "SELECT game, ply FROM positions WHERE key = ?", error);
  GHashTable *set;
  int rc;

  if (stmt == NULL)
    return NULL;
  set = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  sqlite3_bind_int64 (stmt, 1, (gint64) key);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 id = (sqlite3_column_int64 (stmt, 0) << 16) | (sqlite3_column_int (stmt, 1) & 0xffff);

      g_hash_table_add (set, g_memdup2 (&id, sizeof id));
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _dr_gamedb_set_error (self, error, _("reading the position index"));
      g_hash_table_unref (set);
      return NULL;
    }
  return set;
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

DrExploreResult *
dr_gamedb_explore (DrGameDb              *self,
                   const DrRules         *rules,
                   const DrPosition      *pos,
                   const DrExploreFilter *filter,
                   GError               **error)
{
  static const DrExploreFilter no_filter = { 0 };
  g_autoptr (DrExploreResult) result = g_new0 (DrExploreResult, 1);
  g_autoptr (GHashTable) players = NULL;
  g_autoptr (GHashTable) before = NULL;
  g_autoptr (GArray) stats = g_array_new (FALSE, TRUE, sizeof (MoveStats));
  g_autoptr (GArray) top = g_array_new (FALSE, FALSE, sizeof (TopGame));
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  guint64 key = _dr_gamedb_key (rules, pos);
  guint max_top;
  gint64 last_game = -1;
  sqlite3_stmt *stmt;
  int rc;

  if (filter == NULL)
    filter = &no_filter;
  max_top = filter->top_games > 0 ? filter->top_games : 10;
  result->moves = g_array_new (FALSE, TRUE, sizeof (DrExploreMove));
  result->top_games = g_ptr_array_new_with_free_func (explore_game_free);
  if (filter->player != NULL && *filter->player != '\0'
      && (players = matching_players (self, filter->player, error)) == NULL)
    return NULL;
  if (filter->previous != NULL
      && (before = positions_of (self, _dr_gamedb_key (rules, filter->previous), error)) == NULL)
    return NULL;

  stmt = players != NULL
         ? _dr_gamedb_prepare (self, "SELECT p.game, p.ply, p.move, p.result, p.year, "
                                     "g.white, g.black FROM positions p "
                                     "JOIN games g ON g.id = p.game WHERE p.key = ?", error)
         : _dr_gamedb_prepare (self, "SELECT game, ply, move, result, year "
                                     "FROM positions WHERE key = ?", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, (gint64) key);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 game = sqlite3_column_int64 (stmt, 0);
      guint ply = (guint) sqlite3_column_int (stmt, 1);
      gint32 code = sqlite3_column_int (stmt, 2);
      int res = sqlite3_column_int (stmt, 3);
      int year = sqlite3_column_int (stmt, 4);
      MoveStats *m = NULL;

      /* A game that comes back to the position counts once, at the
       * first time (rows come in game, ply order). */
      if (game == last_game)
        continue;
      last_game = game;
      if ((filter->year_min > 0 && (year == 0 || year < filter->year_min))
          || (filter->year_max > 0 && (year == 0 || year > filter->year_max)))
        continue;
      if (players != NULL)
        {
          gint64 w = sqlite3_column_int64 (stmt, 5), b = sqlite3_column_int64 (stmt, 6);

          if (!g_hash_table_contains (players, &w) && !g_hash_table_contains (players, &b))
            continue;
        }
      result->games++;
      if (res == DR_RESULT_WHITE_WINS)
        result->white_wins++;
      else if (res == DR_RESULT_DRAW)
        result->draws++;
      else if (res == DR_RESULT_BLACK_WINS)
        result->black_wins++;
      if (before != NULL)
        {
          gint64 prev = (game << 16) | ((ply - 1) & 0xffff);

          if (ply == 0 || !g_hash_table_contains (before, &prev))
            result->transpositions++;
        }
      top_insert (top, max_top, &(TopGame) { game, year, ply });
      if (code < 0)
        continue;
      for (guint i = 0; i < stats->len; i++)
        if (g_array_index (stats, MoveStats, i).code == code)
          {
            m = &g_array_index (stats, MoveStats, i);
            break;
          }
      if (m == NULL)
        {
          g_array_set_size (stats, stats->len + 1);
          m = &g_array_index (stats, MoveStats, stats->len - 1);
          m->code = code;
        }
      m->games++;
      m->results[CLAMP (res, 0, 4)]++;
      if (year > 0)
        {
          m->year_sum += (guint64) year;
          m->year_games++;
        }
    }
  sqlite3_reset (stmt);
  if (rc != SQLITE_DONE)
    {
      _dr_gamedb_set_error (self, error, _("reading the position index"));
      return NULL;
    }

  dr_movegen_legal (rules, pos, legal);
  for (guint i = 0; i < stats->len; i++)
    {
      const MoveStats *m = &g_array_index (stats, MoveStats, i);
      DrExploreMove row = { 0 };

      if (m->games < filter->min_count)
        continue;
      /* A code that is not a legal move here: a hash collision with
       * another position; leave it out. */
      if (!_dr_move_decode (legal, (guint16) m->code, &row.move))
        continue;
      row.games = m->games;
      row.white_wins = m->results[DR_RESULT_WHITE_WINS];
      row.draws = m->results[DR_RESULT_DRAW];
      row.black_wins = m->results[DR_RESULT_BLACK_WINS];
      row.average_year = m->year_games > 0 ? (double) m->year_sum / (double) m->year_games : 0;
      g_array_append_val (result->moves, row);
    }
  g_array_sort (result->moves, compare_moves);
  if (!fill_top_games (self, top, result, error))
    return NULL;
  return g_steal_pointer (&result);
}
