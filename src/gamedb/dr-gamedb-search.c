/* dr-gamedb-search.c — finding games: tags, dates, results, openings, positions
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The criteria on tags become one SQL query on the games table (with the
 * players' and events' names through their tables).  An exact position is
 * a look-up in the position index.  A pattern cannot be indexed: the
 * games the other criteria leave are replayed from their move codes and
 * every position of the main line is tested.
 */

#define G_LOG_DOMAIN "dr-gamedb"

#include "config.h"

#include "dr-gamedb.h"

#include "dr-fen.h"
#include "dr-gamedb-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_STATIC_ASSERT (sizeof (DrGameDbHit) == 16);

char *
_dr_gamedb_fold (const char *text)
{
  g_autofree char *nfc = g_utf8_normalize (text, -1, G_NORMALIZE_NFC);
  g_autofree char *folded = NULL;
  GString *s;

  if (nfc == NULL)   /* not UTF-8: compared as it is */
    return g_strdup (text);
  folded = g_utf8_casefold (nfc, -1);
  s = g_string_new (folded);
  g_string_replace (s, "ё", "е", 0);
  return g_string_free (s, FALSE);
}

static void
sql_fold (sqlite3_context *context,
          int              argc,
          sqlite3_value  **argv)
{
  const unsigned char *text = sqlite3_value_text (argv[0]);

  (void) argc;
  if (text == NULL)
    sqlite3_result_null (context);
  else
    sqlite3_result_text (context, _dr_gamedb_fold ((const char *) text), -1, g_free);
}

gboolean
_dr_gamedb_add_functions (sqlite3 *db)
{
  return sqlite3_create_function_v2 (db, "dr_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                     sql_fold, NULL, NULL, NULL) == SQLITE_OK;
}

gboolean
dr_pattern_parse (const DrRules  *rules,
                  const char     *text,
                  DrPattern      *pattern,
                  GError        **error)
{
  g_auto (GStrv) fields = g_strsplit (text, ":", -1);
  g_autoptr (GString) fen = g_string_new ("?");
  DrPosition pos;

  memset (pattern, 0, sizeof *pattern);
  for (guint i = 0; fields[i] != NULL; i++)
    {
      const char *f = fields[i];

      if (i == 0 && (g_str_equal (f, "W") || g_str_equal (f, "B") || g_str_equal (f, "?")))
        continue;
      if (f[0] == 'E')
        {
          g_auto (GStrv) squares = g_strsplit (f + 1, ",", -1);

          for (guint s = 0; squares[s] != NULL; s++)
            {
              size_t consumed = 0;
              int bit;

              if (*squares[s] == '\0')
                continue;
              bit = dr_geometry_parse_square (rules->geometry, squares[s], -1, &consumed);
              if (bit < 0 || squares[s][consumed] != '\0')
                {
                  g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT,
                               _("pattern “%s”: “%s” is not a square of the board"),
                               text, squares[s]);
                  return FALSE;
                }
              pattern->empty |= (DrBitboard) 1 << bit;
            }
          continue;
        }
      g_string_append_printf (fen, ":%s", f);
    }
  if (!dr_fen_parse (rules, fen->str, &pos, error))
    {
      g_prefix_error (error, _("pattern “%s”: "), text);
      return FALSE;
    }
  for (int side = 0; side < 2; side++)
    {
      pattern->kings[side] = pos.pieces[side] & pos.kings;
      pattern->men[side] = pos.pieces[side] & ~pos.kings;
    }
  if ((pattern->empty & dr_position_occupied (&pos)) != 0)
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT,
                   _("pattern “%s”: a square is both empty and occupied"), text);
      return FALSE;
    }
  return TRUE;
}

gboolean
dr_pattern_match (const DrPattern  *p,
                  const DrPosition *pos)
{
  DrBitboard men[2] = { pos->pieces[0] & ~pos->kings, pos->pieces[1] & ~pos->kings };
  DrBitboard kings[2] = { pos->pieces[0] & pos->kings, pos->pieces[1] & pos->kings };

  return (p->empty & dr_position_occupied (pos)) == 0
         && (p->pieces[0] & ~pos->pieces[0]) == 0 && (p->pieces[1] & ~pos->pieces[1]) == 0
         && (p->men[0] & ~men[0]) == 0 && (p->men[1] & ~men[1]) == 0
         && (p->kings[0] & ~kings[0]) == 0 && (p->kings[1] & ~kings[1]) == 0;
}

/* How many pieces of @side the pattern asks for. */
static guint
pattern_pieces (const DrPattern *p,
                int              side)
{
  return (guint) dr_bb_count (p->pieces[side] | p->men[side] | p->kings[side]);
}

static void
bind_text_args (sqlite3_stmt *stmt,
                GPtrArray    *args)
{
  for (guint i = 0; i < args->len; i++)
    sqlite3_bind_text (stmt, (int) i + 1, args->pdata[i], -1, SQLITE_TRANSIENT);
}

GArray *
dr_gamedb_search (DrGameDb            *self,
                  const DrGameDbQuery *q,
                  GCancellable        *cancellable,
                  GError             **error)
{
  g_autoptr (GString) sql = g_string_new ("SELECT g.id");
  g_autoptr (GString) where = g_string_new (" FROM games g WHERE 1");
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (DrGameDbHit));
  g_autofree DrMoveList *legal = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean replay = q->pattern != NULL;
  guint need[2] = { 0, 0 };
  int rc;

  if ((q->position != NULL || q->pattern != NULL) && q->rules == NULL)
    {
      g_set_error_literal (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT,
                           _("a search by position needs the variant"));
      return NULL;
    }
  if (q->position != NULL)
    {
      /* One row per game and position: a join, no duplicates. */
      g_string_append (sql, ", p.ply");
      g_string_assign (where, " FROM positions p JOIN games g ON g.id = p.game WHERE p.key = ?1");
      g_ptr_array_add (args, g_strdup_printf ("%" G_GINT64_FORMAT,
                                              (gint64) _dr_gamedb_key (q->rules, q->position)));
    }
  else
    g_string_append (sql, ", 0");
  if (replay)
    g_string_append (sql, ", g.start, g.moves");
#define ARG(value) (g_ptr_array_add (args, (value)), args->len)
  if (q->rules != NULL)
    g_string_append_printf (where, " AND g.variant = ?%u", ARG (g_strdup (q->rules->name)));
  if (q->player != NULL)
    {
      guint n = ARG (_dr_gamedb_like (q->player));

      g_string_append_printf (where, " AND (g.white IN (SELECT id FROM players WHERE dr_fold(name) LIKE ?%u ESCAPE '\\')"
                                     " OR g.black IN (SELECT id FROM players WHERE dr_fold(name) LIKE ?%u ESCAPE '\\'))",
                              n, n);
    }
  if (q->white != NULL)
    g_string_append_printf (where, " AND g.white IN (SELECT id FROM players WHERE dr_fold(name) LIKE ?%u ESCAPE '\\')",
                            ARG (_dr_gamedb_like (q->white)));
  if (q->black != NULL)
    g_string_append_printf (where, " AND g.black IN (SELECT id FROM players WHERE dr_fold(name) LIKE ?%u ESCAPE '\\')",
                            ARG (_dr_gamedb_like (q->black)));
  if (q->event != NULL)
    g_string_append_printf (where, " AND g.event IN (SELECT id FROM events WHERE dr_fold(name) LIKE ?%u ESCAPE '\\')",
                            ARG (_dr_gamedb_like (q->event)));
  if (q->opening != NULL)
    {
      /* Names compared folded: "городская" finds "Городская партия",
         "перекресток" "Перекрёсток". */
      guint n = ARG (_dr_gamedb_like (q->opening));

      g_string_append_printf (where, " AND (dr_fold(g.opening) LIKE ?%u ESCAPE '\\'"
                                     " OR dr_fold(g.ballot) LIKE ?%u ESCAPE '\\')",
                              n, n);
    }
  if (q->year_min > 0)
    g_string_append_printf (where, " AND g.year >= %d", q->year_min);
  if (q->year_max > 0)
    g_string_append_printf (where, " AND g.year <= %d", q->year_max);
  if (q->result >= 0)
    g_string_append_printf (where, " AND g.result = %d", q->result);
#undef ARG
  g_string_append (sql, where->str);
  g_string_append (sql, " ORDER BY g.id");
  if (q->limit > 0 && !replay)
    g_string_append_printf (sql, " LIMIT %u", q->limit);

  if (sqlite3_prepare_v2 (self->db, sql->str, -1, &stmt, NULL) != SQLITE_OK)
    {
      _dr_gamedb_set_error (self, error, _("preparing the search"));
      sqlite3_finalize (stmt);
      return NULL;
    }
  bind_text_args (stmt, args);
  if (q->position != NULL)
    sqlite3_bind_int64 (stmt, 1, (gint64) _dr_gamedb_key (q->rules, q->position));
  if (replay)
    {
      legal = g_new0 (DrMoveList, 1);
      need[0] = pattern_pieces (q->pattern, 0);
      need[1] = pattern_pieces (q->pattern, 1);
    }
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      DrGameDbHit hit = { sqlite3_column_int64 (stmt, 0), (guint) sqlite3_column_int (stmt, 1) };

      if (replay)
        {
          const char *start = (const char *) sqlite3_column_text (stmt, 2);
          const guint8 *codes = sqlite3_column_blob (stmt, 3);
          gsize n = (gsize) sqlite3_column_bytes (stmt, 3);
          gboolean found = FALSE;
          DrPosition pos;

          if ((hits->len & 255) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              sqlite3_finalize (stmt);
              return NULL;
            }
          if (start != NULL)
            {
              if (!dr_fen_parse (q->rules, start, &pos, NULL))
                continue;
            }
          else
            dr_rules_initial (q->rules, &pos);
          for (gsize i = 0;; i += 2)
            {
              DrMove move;

              /* Pieces only leave the board: once a side has fewer than
               * the pattern asks for, no later position can match. */
              if ((guint) dr_bb_count (pos.pieces[0]) < need[0]
                  || (guint) dr_bb_count (pos.pieces[1]) < need[1])
                break;
              if (dr_pattern_match (q->pattern, &pos))
                {
                  found = TRUE;
                  hit.ply = (guint) (i / 2);
                  break;
                }
              if (i + 1 >= n)
                break;
              dr_movegen_legal (q->rules, &pos, legal);
              if (!_dr_move_decode (legal, (guint16) (codes[i] | (codes[i + 1] << 8)), &move))
                break;
              dr_position_apply (&pos, &pos, &move);
            }
          if (!found)
            continue;
        }
      g_array_append_val (hits, hit);
      if (q->limit > 0 && hits->len >= q->limit)
        break;
    }
  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    {
      _dr_gamedb_set_error (self, error, _("searching"));
      sqlite3_finalize (stmt);
      return NULL;
    }
  sqlite3_finalize (stmt);
  return g_steal_pointer (&hits);
}
