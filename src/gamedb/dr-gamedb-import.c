/* dr-gamedb-import.c — PDN files into the database, streaming, in batches
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A file is read in blocks of DR_IMPORT_BLOCK bytes, each cut where a game
 * begins (a tag line after move text, outside comments), so only a block
 * and the batch's position rows are in memory whatever the file's size.
 * Each block is read by its own DrPdnReader: the encoding and the variant
 * of the games that name none are found out on the first block and kept
 * for the rest of the file, and the line numbers of messages are moved on
 * by the lines of the blocks before.
 *
 * Every game is stored with its PDN text (the reader's span of it), its
 * main-line move codes, and one row per position in the position table.
 * The rows of a batch are sorted by key before they are inserted, so each
 * batch walks the index once, in order.
 */

#define G_LOG_DOMAIN "dr-gamedb"

#include "config.h"

#include "dr-gamedb.h"

#include "dr-fen.h"
#include "dr-gamedb-private.h"
#include "dr-pdn.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#define DR_IMPORT_BLOCK (4u << 20)
/* Games per transaction.  The position rows of a batch are spread over the
 * whole index: each batch rewrites most of its pages, so few large batches
 * cost far less than many small ones (100,000 games: 12 s with 20,000 a
 * batch, 61 s with 2,000). */
#define DR_IMPORT_BATCH 20000
#define DR_IMPORT_MAX_ROWS 2000000

typedef struct
{
  gint64  key;
  gint64  game;
  guint16 ply;
  gint32  move;
  guint8  result;
  guint16 year;
} PositionRow;

typedef struct
{
  DrGameDb                    *db;
  const DrGameDbImportOptions *options;
  DrGameDbImportStats         *stats;
  GArray                      *rows;       /* PositionRow of the batch */
  guint                        in_batch;   /* games since BEGIN */
  gboolean                     in_transaction;
  GHashTable                  *players;    /* name -> id (gint64 in a pointer) */
  GHashTable                  *events;
  DrMoveList                  *legal;
  GArray                      *line;       /* DrPosition of the main line */
  GByteArray                  *codes;      /* main line move codes */
  GHashTable                  *seen;       /* keys of the game so far */
  gboolean                     cache_cleared;
  gboolean                     variants[DR_N_VARIANTS];  /* met in this import */
} Import;

/* Names ---------------------------------------------------------------- */

static const char *
known_tag (const DrGame *game,
           const char   *name)
{
  const char *value = dr_game_get_tag (game, name);

  if (value == NULL || *value == '\0' || g_str_equal (value, "?") || g_str_equal (value, "-"))
    return NULL;
  return value;
}

/* The id of @name in @table (players or events), added if new. */
static gboolean
name_id (Import      *im,
         GHashTable  *cache,
         gboolean     player,
         const char  *name,
         gint64      *id,
         GError     **error)
{
  sqlite3_stmt *stmt;
  gpointer cached;

  *id = 0;
  if (name == NULL)
    return TRUE;
  if (g_hash_table_lookup_extended (cache, name, NULL, &cached))
    {
      *id = GPOINTER_TO_SIZE (cached);
      return TRUE;
    }
  stmt = _dr_gamedb_prepare (im->db, player
                             ? "INSERT INTO players (name) VALUES (?) ON CONFLICT (name) "
                               "DO UPDATE SET name = name RETURNING id"
                             : "INSERT INTO events (name) VALUES (?) ON CONFLICT (name) "
                               "DO UPDATE SET name = name RETURNING id", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) != SQLITE_ROW)
    {
      _dr_gamedb_set_error (im->db, error, _("storing a name"));
      sqlite3_reset (stmt);
      return FALSE;
    }
  *id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  /* Bounded: the cache only saves look-ups. */
  if (g_hash_table_size (cache) > 200000)
    g_hash_table_remove_all (cache);
  g_hash_table_insert (cache, g_strdup (name), GSIZE_TO_POINTER ((gsize) *id));
  return TRUE;
}

/* The digest ------------------------------------------------------------- */

static void
digest_tree (GChecksum        *sum,
             const DrGameNode *node)
{
  for (const DrGameNode *child = node->children; child != NULL; child = child->next)
    {
      guint8 bytes[12];

      bytes[0] = '(';
      bytes[1] = child->move.from;
      bytes[2] = child->move.to;
      bytes[3] = child->move.flags & DR_MOVE_PROMOTES;
      for (int i = 0; i < 8; i++)
        bytes[4 + i] = (guint8) (child->move.captures >> (8 * i));
      g_checksum_update (sum, bytes, sizeof bytes);
      digest_tree (sum, child);
      g_checksum_update (sum, (const guchar *) ")", 1);
    }
}

/* Same variant, tags (names and values, in order), start position and
 * moves (every variation): the same digest. */
static void
game_digest (const DrGame *game,
             guint8        digest[20])
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
  const DrPosition *start = &game->root->position;
  guint8 bytes[25];
  gsize len = 20;

  g_checksum_update (sum, (const guchar *) game->rules->name, -1);
  for (guint i = 0; i < game->tag_names->len; i++)
    {
      g_checksum_update (sum, (const guchar *) "\1", 1);
      g_checksum_update (sum, game->tag_names->pdata[i], -1);
      g_checksum_update (sum, (const guchar *) "\2", 1);
      g_checksum_update (sum, game->tag_values->pdata[i], -1);
    }
  for (int i = 0; i < 8; i++)
    {
      bytes[i] = (guint8) (start->pieces[0] >> (8 * i));
      bytes[8 + i] = (guint8) (start->pieces[1] >> (8 * i));
      bytes[16 + i] = (guint8) (start->kings >> (8 * i));
    }
  bytes[24] = start->turn;
  g_checksum_update (sum, bytes, sizeof bytes);
  digest_tree (sum, game->root);
  g_checksum_get_digest (sum, digest, &len);
}

/* Storing ---------------------------------------------------------------- */

static gboolean
flush_batch (Import  *im,
             GError **error)
{
  sqlite3_stmt *stmt;

  if (!im->in_transaction)
    return TRUE;
  stmt = _dr_gamedb_prepare (im->db, "INSERT INTO positions (key, move, game, ply, result, year) "
                                     "VALUES (?, ?, ?, ?, ?, ?)", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < im->rows->len; i++)
    {
      const PositionRow *row = &g_array_index (im->rows, PositionRow, i);

      sqlite3_bind_int64 (stmt, 1, row->key);
      sqlite3_bind_int (stmt, 2, row->move);
      sqlite3_bind_int64 (stmt, 3, row->game);
      sqlite3_bind_int (stmt, 4, row->ply);
      sqlite3_bind_int (stmt, 5, row->result);
      if (row->year != 0)
        sqlite3_bind_int (stmt, 6, row->year);
      else
        sqlite3_bind_null (stmt, 6);
      if (sqlite3_step (stmt) != SQLITE_DONE)
        {
          _dr_gamedb_set_error (im->db, error, _("storing the position index"));
          sqlite3_reset (stmt);
          return FALSE;
        }
      sqlite3_reset (stmt);
    }
  im->stats->positions += im->rows->len;
  g_array_set_size (im->rows, 0);
  if (!_dr_gamedb_exec (im->db, "COMMIT", error))
    return FALSE;
  im->in_transaction = FALSE;
  im->in_batch = 0;
  return TRUE;
}

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const PositionRow *x = a, *y = b;

  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  if (x->move != y->move)
    return x->move < y->move ? -1 : 1;
  if (x->game != y->game)
    return x->game < y->game ? -1 : 1;
  return (int) x->ply - (int) y->ply;
}

static gboolean
end_batch (Import  *im,
           GError **error)
{
  g_array_sort (im->rows, compare_rows);
  return flush_batch (im, error);
}

/* Stores @game (its text @pdn, @len bytes), read in part if @problem is
 * not NULL.  Returns the new id, or the existing one with *@duplicate, or
 * 0 on error. */
static gint64
store_game (Import       *im,
            const DrGame *game,
            const char   *pdn,
            gssize        len,
            const char   *problem,
            const char   *source,
            gboolean     *duplicate,
            GError      **error)
{
  sqlite3_stmt *stmt;
  guint8 digest[20];
  gint64 white, black, event, id;
  const char *date = known_tag (game, "Date");
  int year = _dr_gamedb_year_of (date);
  g_autofree char *start = NULL;
  g_autofree char *opening = NULL;
  g_autofree char *ballot = NULL;
  guint plies;

  *duplicate = FALSE;
  if (!im->in_transaction)
    {
      if (!_dr_gamedb_exec (im->db, "BEGIN IMMEDIATE", error))
        return 0;
      im->in_transaction = TRUE;
      /* The explorer's sums are out of date from the first game on. */
      if (!im->cache_cleared)
        {
          if (!_dr_gamedb_exec (im->db, "DELETE FROM explore_cache", error))
            return 0;
          im->cache_cleared = TRUE;
        }
    }
  game_digest (game, digest);
  stmt = _dr_gamedb_prepare (im->db, "SELECT id FROM games WHERE digest = ?", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_blob (stmt, 1, digest, sizeof digest, SQLITE_STATIC);
  switch (sqlite3_step (stmt))
    {
    case SQLITE_ROW:
      id = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
      *duplicate = TRUE;
      return id;
    case SQLITE_DONE:
      sqlite3_reset (stmt);
      break;
    default:
      _dr_gamedb_set_error (im->db, error, _("looking for duplicates"));
      sqlite3_reset (stmt);
      return 0;
    }

  /* The main line: positions and move codes. */
  g_array_set_size (im->line, 0);
  g_byte_array_set_size (im->codes, 0);
  g_array_append_val (im->line, game->root->position);
  for (const DrGameNode *node = game->root; node->children != NULL; node = node->children)
    {
      guint16 code;
      guint8 bytes[2];

      if (node->children->move.captures != 0)
        dr_movegen_legal (game->rules, &node->position, im->legal);
      else
        im->legal->n = 0;
      code = _dr_move_encode (im->legal, &node->children->move);
      bytes[0] = (guint8) (code & 0xff);
      bytes[1] = (guint8) (code >> 8);
      g_byte_array_append (im->codes, bytes, 2);
      g_array_append_val (im->line, node->children->position);
    }
  plies = im->line->len - 1;
  if (im->options->openings != NULL)
    {
      DrClassification c;

      dr_opening_book_classify_line (im->options->openings, game->rules,
                                     (const DrPosition *) im->line->data, im->line->len, &c);
      if (c.name != NULL)
        opening = dr_opening_get_label (c.name);
      if (c.ballot != NULL)
        ballot = dr_opening_get_label (c.ballot);
    }
  /* A FEN tag of the initial position (real files have them) is no
   * setup. */
  if (!dr_game_starts_from_initial (game))
    start = dr_fen_write (game->rules, &game->root->position, DR_NOTATION_NUMERIC);

  if (!name_id (im, im->players, TRUE, known_tag (game, "White"), &white, error)
      || !name_id (im, im->players, TRUE, known_tag (game, "Black"), &black, error)
      || !name_id (im, im->events, FALSE, known_tag (game, "Event"), &event, error))
    return 0;

  stmt = _dr_gamedb_prepare (im->db,
      "INSERT INTO games (digest, variant, white, black, event, site, date, year, round, "
      "result, plies, opening, ballot, error, start, moves, pdn, source) "
      "VALUES (?, ?, nullif (?, 0), nullif (?, 0), nullif (?, 0), ?, ?, nullif (?, 0), ?, "
      "?, ?, ?, ?, ?, ?, ?, ?, ?)", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_blob (stmt, 1, digest, sizeof digest, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, game->rules->name, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 3, white);
  sqlite3_bind_int64 (stmt, 4, black);
  sqlite3_bind_int64 (stmt, 5, event);
  sqlite3_bind_text (stmt, 6, known_tag (game, "Site"), -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 7, date, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 8, year);
  sqlite3_bind_text (stmt, 9, known_tag (game, "Round"), -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 10, (int) game->result);
  sqlite3_bind_int (stmt, 11, (int) plies);
  sqlite3_bind_text (stmt, 12, opening, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 13, ballot, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 14, problem, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 15, start, -1, SQLITE_STATIC);
  /* No move (a first move that is not legal): an empty blob, not NULL,
     which the column refuses. */
  if (im->codes->len == 0)
    sqlite3_bind_zeroblob (stmt, 16, 0);
  else
    sqlite3_bind_blob (stmt, 16, im->codes->data, (int) im->codes->len, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 17, pdn, (int) len, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 18, source, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) != SQLITE_DONE)
    {
      _dr_gamedb_set_error (im->db, error, _("storing a game"));
      sqlite3_reset (stmt);
      return 0;
    }
  sqlite3_reset (stmt);
  id = sqlite3_last_insert_rowid (im->db->db);

  /* One row per position and game: where the game first reached it (a
   * game that comes back to a position counts once). */
  g_hash_table_remove_all (im->seen);
  for (guint ply = 0; ply <= plies; ply++)
    {
      PositionRow row = {
        .key = (gint64) _dr_gamedb_key (game->rules, &g_array_index (im->line, DrPosition, ply)),
        .game = id,
        .ply = (guint16) MIN (ply, G_MAXUINT16),
        .move = ply < plies ? (gint32) (im->codes->data[2 * ply] | (im->codes->data[2 * ply + 1] << 8))
                            : -1,
        .result = (guint8) game->result,
        .year = (guint16) CLAMP (year, 0, G_MAXUINT16),
      };

      if (!g_hash_table_add (im->seen, g_memdup2 (&row.key, sizeof row.key)))
        continue;
      g_array_append_val (im->rows, row);
    }
  im->in_batch++;
  im->variants[game->rules->variant] = TRUE;
  return id;
}

/* Reading files in blocks ------------------------------------------------ */

/* Where the last game that starts in @data (after its first byte) begins:
 * the start of a tag line, outside comments, after a line of move text.
 * 0 if there is none. */
static gsize
last_game_start (const char *data,
                 gsize       len)
{
  gsize cut = 0, i = 0;
  gboolean in_comment = FALSE, after_moves = FALSE;

  while (i < len)
    {
      gboolean line_start = i == 0 || data[i - 1] == '\n' || data[i - 1] == '\r';
      char c = data[i];

      if (in_comment)
        {
          if (c == '}')
            in_comment = FALSE;
          i++;
          continue;
        }
      if (line_start && (c == '[' || c == '%'))
        {
          gsize end = i;
          gboolean text_after = FALSE;

          if (c == '[' && after_moves && i > 0)
            cut = i;
          while (end < len && data[end] != '\n' && data[end] != '\r')
            end++;
          if (c == '[')
            {
              /* "[FEN "..."] *": a tag line that ends with move text. */
              const char *close = g_strrstr_len (data + i, (gssize) (end - i), "]");

              for (const char *p = close != NULL ? close + 1 : data + end; p < data + end; p++)
                if (!g_ascii_isspace (*p))
                  text_after = TRUE;
              after_moves = text_after;
            }
          i = end;
          continue;
        }
      if (c == '{')
        in_comment = TRUE;
      if (!g_ascii_isspace (c))
        after_moves = TRUE;
      i++;
    }
  return cut;
}

static guint
count_lines (const char *data,
             gsize       len)
{
  guint n = 0;

  for (gsize i = 0; i < len; i++)
    if (data[i] == '\n' || (data[i] == '\r' && (i + 1 >= len || data[i + 1] != '\n')))
      n++;
  return n;
}

/* "FILE:LINE:COLUMN: message" of a block that starts at line @offset + 1
 * of the file: the line moved on. */
static char *
shift_message (const char *message,
               const char *name,
               guint       offset)
{
  gsize n = strlen (name);
  const char *p;
  char *end;
  guint64 line;

  if (offset == 0 || !g_str_has_prefix (message, name) || message[n] != ':')
    return g_strdup (message);
  p = message + n + 1;
  line = g_ascii_strtoull (p, &end, 10);
  if (end == p || *end != ':')
    return g_strdup (message);
  return g_strdup_printf ("%s:%" G_GUINT64_FORMAT "%s", name, line + offset, end);
}

static gboolean
report_progress (Import *im)
{
  if (im->options->progress != NULL)
    im->options->progress (im->stats, im->options->user_data);
  return TRUE;
}

static gboolean
import_block (Import        *im,
              const char    *path,
              const char    *data,
              gsize          len,
              guint          line_offset,
              gboolean       first,
              const DrRules **rules,
              char         **encoding,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GError) local = NULL;
  guint batch = im->options->batch_games > 0 ? im->options->batch_games : DR_IMPORT_BATCH;
  const char *text;
  gsize text_len;

  reader = dr_pdn_reader_new (data, (gssize) len, path, *encoding, *rules, &local);
  if (reader == NULL)
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT, "%s", local->message);
      return FALSE;
    }
  if (first)
    {
      g_autofree char *report = NULL;
      const DrRules *chosen = dr_pdn_reader_detect_variant (reader, &report);

      if (report != NULL)
        *rules = chosen;
      if (*encoding == NULL)
        *encoding = g_strdup (dr_pdn_reader_get_encoding (reader));
    }
  text = dr_pdn_reader_get_text (reader, &text_len);
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autofree char *problem = NULL;
      g_autofree char *source = NULL;
      DrPdnRead read;
      gsize start, end;
      guint line, column;
      gboolean duplicate;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      read = dr_pdn_reader_next_game (reader, &game, &local);
      if (read == DR_PDN_READ_END)
        break;
      im->stats->games_read++;
      if (read == DR_PDN_READ_PARTIAL)
        {
          problem = shift_message (local->message, path, line_offset);
          g_clear_error (&local);
          im->stats->with_errors++;
          if (im->options->message != NULL)
            im->options->message (problem, im->options->user_data);
        }
      dr_pdn_reader_game_span (reader, &start, &end);
      dr_pdn_reader_game_start (reader, &line, &column);
      if (game->rules->geometry->wide)
        {
          g_autofree char *refused = g_strdup_printf (_("%s:%u:%u: a game of %s: the game database "
                                                        "does not hold games on the 12x12 board; "
                                                        "not stored"),
                                                      path, line + line_offset, column,
                                                      _(game->rules->title));

          im->stats->refused++;
          if (im->options->message != NULL)
            im->options->message (refused, im->options->user_data);
          continue;
        }
      /* The span runs on to the next game: its text is the game's, less
       * the blank lines after it. */
      while (end > start && g_ascii_isspace (text[end - 1]))
        end--;
      source = g_strdup_printf ("%s:%u", path, line + line_offset);
      if (store_game (im, game, text + start, (gssize) (end - start), problem, source,
                      &duplicate, error) == 0)
        return FALSE;
      if (duplicate)
        im->stats->duplicates++;
      else
        im->stats->games_added++;
      /* A batch ends after @batch games, or sooner when its position rows
       * reach DR_IMPORT_MAX_ROWS (games of hundreds of moves): memory
       * stays bounded. */
      if (im->in_batch >= batch || im->rows->len >= DR_IMPORT_MAX_ROWS)
        {
          if (!end_batch (im, error))
            return FALSE;
        }
      if (im->stats->games_read % 1000 == 0)
        report_progress (im);
    }
  return TRUE;
}

static gboolean
import_file (Import        *im,
             const char    *path,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr (GByteArray) buffer = g_byte_array_new ();
  g_autofree char *encoding = g_strdup (im->options->encoding);
  const DrRules *rules = im->options->rules;
  guint line_offset = 0;
  gboolean first = TRUE, eof = FALSE;
  FILE *file = g_fopen (path, "rb");
  gsize block = im->options->block_bytes > 0 ? im->options->block_bytes : DR_IMPORT_BLOCK;
  gsize want = block;

  if (file == NULL)
    {
      int saved = errno;

      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT, _("%s: cannot open: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }
  im->stats->current_file = path;
  report_progress (im);
  while (!eof || buffer->len > 0)
    {
      gsize cut;

      /* Fill the buffer to @want bytes. */
      while (!eof && buffer->len < want)
        {
          gsize old = buffer->len, got;

          g_byte_array_set_size (buffer, (guint) want);
          got = fread (buffer->data + old, 1, want - old, file);
          g_byte_array_set_size (buffer, (guint) (old + got));
          im->stats->bytes_done += got;
          if (got < want - old)
            {
              if (ferror (file))
                {
                  int saved = errno;

                  fclose (file);
                  g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT,
                               _("%s: cannot read: %s"), path, g_strerror (saved));
                  return FALSE;
                }
              eof = TRUE;
            }
        }
      cut = eof ? buffer->len : last_game_start ((const char *) buffer->data, buffer->len);
      if (cut == 0)
        {
          /* One game longer than the block: read more. */
          want *= 2;
          continue;
        }
      if (!import_block (im, path, (const char *) buffer->data, cut, line_offset, first,
                         &rules, &encoding, cancellable, error))
        {
          fclose (file);
          return FALSE;
        }
      first = FALSE;
      line_offset += count_lines ((const char *) buffer->data, cut);
      g_byte_array_remove_range (buffer, 0, (guint) cut);
      want = block;
    }
  fclose (file);
  im->stats->files++;
  return TRUE;
}

/* Explores the busy positions from @pos on (those the explorer keeps the
 * sums of), so that even their first exploring is quick. */
static gboolean
warm_cache (DrGameDb         *db,
            const DrRules    *rules,
            const DrPosition *pos,
            guint             depth,
            GError          **error)
{
  g_autoptr (DrExploreResult) r = NULL;
  DrExploreFilter filter = { .top_games = 1 };

  r = dr_gamedb_explore (db, rules, pos, &filter, error);
  if (r == NULL)
    return FALSE;
  if (depth == 0)
    return TRUE;
  for (guint i = 0; i < r->moves->len; i++)
    {
      const DrExploreMove *m = &g_array_index (r->moves, DrExploreMove, i);
      DrPosition child;

      if (m->games < _DR_EXPLORE_CACHE_GAMES)
        continue;
      dr_position_apply (&child, pos, &m->move);
      if (!warm_cache (db, rules, &child, depth - 1, error))
        return FALSE;
    }
  return TRUE;
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The PDN files under @path (itself if it is a file), sorted. */
static gboolean
collect_files (const char  *path,
               GPtrArray   *files,
               guint64     *bytes,
               GError     **error)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT, _("%s: %s"), path,
                   g_strerror (saved));
      return FALSE;
    }
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, error);
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      if (dir == NULL)
        return FALSE;
      while ((name = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (names, g_build_filename (path, name, NULL));
      g_ptr_array_sort (names, compare_paths);
      for (guint i = 0; i < names->len; i++)
        {
          const char *child = names->pdata[i];
          g_autofree char *lower = g_ascii_strdown (child, -1);

          if (g_file_test (child, G_FILE_TEST_IS_DIR))
            {
              if (!collect_files (child, files, bytes, error))
                return FALSE;
            }
          else if (g_str_has_suffix (lower, ".pdn"))
            {
              GStatBuf cst;

              if (g_stat (child, &cst) == 0)
                *bytes += (guint64) cst.st_size;
              g_ptr_array_add (files, g_strdup (child));
            }
        }
      return TRUE;
    }
  *bytes += (guint64) st.st_size;
  g_ptr_array_add (files, g_strdup (path));
  return TRUE;
}

static void
import_init (Import                      *im,
             DrGameDb                    *db,
             const DrGameDbImportOptions *options,
             DrGameDbImportStats         *stats)
{
  im->db = db;
  im->options = options;
  im->stats = stats;
  im->rows = g_array_new (FALSE, FALSE, sizeof (PositionRow));
  im->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  im->events = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  im->legal = g_new0 (DrMoveList, 1);
  im->line = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  im->codes = g_byte_array_new ();
  im->seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
}

static void
import_clear (Import *im)
{
  for (int v = 0; v < DR_N_VARIANTS; v++)
    im->db->variant_games[v] = -1;
  if (im->in_transaction)
    sqlite3_exec (im->db->db, "ROLLBACK", NULL, NULL, NULL);
  g_array_unref (im->rows);
  g_hash_table_unref (im->players);
  g_hash_table_unref (im->events);
  g_free (im->legal);
  g_array_unref (im->line);
  g_byte_array_unref (im->codes);
  g_hash_table_unref (im->seen);
}

gboolean
dr_gamedb_import (DrGameDb                    *self,
                  const char * const          *paths,
                  const DrGameDbImportOptions *options,
                  DrGameDbImportStats         *stats,
                  GCancellable                *cancellable,
                  GError                     **error)
{
  static const DrGameDbImportOptions defaults = { 0 };
  DrGameDbImportStats local_stats = { 0 };
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  Import im = { 0 };
  gboolean ok = TRUE;

  if (options == NULL)
    options = &defaults;
  if (stats == NULL)
    stats = &local_stats;
  memset (stats, 0, sizeof *stats);
  for (guint i = 0; paths[i] != NULL; i++)
    if (!collect_files (paths[i], files, &stats->bytes_total, error))
      return FALSE;
  /* Games written into a damaged file would be lost with it, or damage
   * it further: check it first. */
  if (!_dr_gamedb_check_for_writing (self, error))
    return FALSE;
  import_init (&im, self, options, stats);
  for (guint i = 0; ok && i < files->len; i++)
    ok = import_file (&im, files->pdata[i], cancellable, error);
  if (!ok)
    /* What was stored of the batch under way goes: the counts say so. */
    stats->games_added -= MIN (stats->games_added, im.in_batch);
  else
    ok = end_batch (&im, error);
  /* Sums another connection kept while the import went on are stale:
   * empty the cache again, then fill it from the start positions. */
  if (ok && im.cache_cleared)
    ok = _dr_gamedb_exec (self, "DELETE FROM explore_cache", error);
  for (int v = 0; ok && v < DR_N_VARIANTS; v++)
    if (im.variants[v])
      {
        DrPosition start;

        dr_rules_initial (dr_rules_get ((DrVariant) v), &start);
        ok = warm_cache (self, dr_rules_get ((DrVariant) v), &start, 40, error);
      }
  import_clear (&im);
  stats->current_file = NULL;
  report_progress (&im);
  return ok;
}

gint64
dr_gamedb_add_game (DrGameDb            *self,
                    const DrGame        *game,
                    const char          *pdn,
                    const DrOpeningBook *openings,
                    GError             **error)
{
  DrGameDbImportOptions options = { .openings = openings };
  DrGameDbImportStats stats = { 0 };
  g_autofree char *text = pdn == NULL ? dr_pdn_write_game (game, game->rules->notation) : NULL;
  DrGameNode *unread = dr_game_find_unread (game);
  Import im = { 0 };
  gboolean duplicate;
  gint64 id;

  if (!_dr_gamedb_check_for_writing (self, error))
    return 0;
  import_init (&im, self, &options, &stats);
  id = store_game (&im, game, pdn != NULL ? pdn : text, -1,
                   unread != NULL ? _("read only in part") : NULL, NULL, &duplicate, error);
  if (id != 0 && !end_batch (&im, error))
    id = 0;
  import_clear (&im);
  return id;
}
