/* dr-book.c — an opening book: moves known good in known positions
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-book.h"

#include "dr-bytes.h"

#include "dr-game.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#define HEADER_SIZE 48
#define HEADER_SIGNED 16
#define ENTRY_SIZE 20
#define MAX_WEIGHT 65535
static const guint8 magic[8] = { 'D', 'R', 'B', 'O', 'O', 'K', 0, 1 };

G_DEFINE_QUARK (dr-book-error-quark, dr_book_error)

typedef struct
{
  DrBitboard captures;
  guint8     from;
  guint8     to;
  guint      weight;
} Entry;

struct _DrBook
{
  const DrRules *rules;
  GHashTable    *positions;   /* guint64 * key -> GArray of Entry */
  guint          n_entries;
};

static guint
key_hash (gconstpointer v)
{
  guint64 k = *(const guint64 *) v;

  return (guint) (k ^ (k >> 32));
}

static gboolean
key_equal (gconstpointer a,
           gconstpointer b)
{
  return *(const guint64 *) a == *(const guint64 *) b;
}

static void
free_entries (gpointer data)
{
  g_array_unref (data);
}

DrBook *
dr_book_new (const DrRules *rules)
{
  DrBook *self;

  g_return_val_if_fail (rules != NULL, NULL);
  self = g_new0 (DrBook, 1);
  self->rules = rules;
  self->positions = g_hash_table_new_full (key_hash, key_equal, g_free, free_entries);
  return self;
}

void
dr_book_free (DrBook *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->positions);
  g_free (self);
}

const DrRules *
dr_book_get_rules (const DrBook *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->rules;
}

guint
dr_book_n_entries (const DrBook *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_entries;
}

static void
add_entry (DrBook     *self,
           guint64     key,
           DrBitboard  captures,
           guint8      from,
           guint8      to,
           guint       weight)
{
  GArray *entries = g_hash_table_lookup (self->positions, &key);

  if (entries == NULL)
    {
      entries = g_array_new (FALSE, FALSE, sizeof (Entry));
      g_hash_table_insert (self->positions, g_memdup2 (&key, sizeof key), entries);
    }
  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);

      if (e->from == from && e->to == to && e->captures == captures)
        {
          e->weight = MIN ((guint) MAX_WEIGHT, e->weight + weight);
          return;
        }
    }
  {
    Entry e = { captures, from, to, CLAMP (weight, 1, MAX_WEIGHT) };

    g_array_append_val (entries, e);
    self->n_entries++;
  }
}

void
dr_book_add (DrBook           *self,
             const DrPosition *pos,
             const DrMove     *move,
             guint             weight)
{
  g_return_if_fail (self != NULL && pos != NULL && move != NULL);
  add_entry (self, pos->hash, move->captures, move->from, move->to, weight);
}

static int
by_weight (gconstpointer a,
           gconstpointer b)
{
  const DrBookMove *x = a, *y = b;

  return (y->weight > x->weight) - (y->weight < x->weight);
}

guint
dr_book_lookup (const DrBook     *self,
                const DrPosition *pos,
                DrBookMove        out[DR_MAX_MOVES])
{
  guint64 key;
  GArray *entries;
  g_autofree DrMoveList *legal = NULL;
  guint n = 0;

  g_return_val_if_fail (self != NULL && pos != NULL, 0);
  key = pos->hash;
  entries = g_hash_table_lookup (self->positions, &key);
  if (entries == NULL)
    return 0;
  legal = g_new (DrMoveList, 1);
  legal->all_paths = false;
  dr_movegen_legal (self->rules, pos, legal);
  /* Only legal moves: a key shared by another position gives none. */
  for (guint i = 0; i < legal->n; i++)
    for (guint j = 0; j < entries->len; j++)
      {
        const Entry *e = &g_array_index (entries, Entry, j);
        const DrMove *m = &legal->moves[i];

        if (m->from == e->from && m->to == e->to && m->captures == e->captures)
          {
            out[n].move = *m;
            out[n].weight = e->weight;
            n++;
            break;
          }
      }
  qsort (out, n, sizeof *out, by_weight);
  return n;
}

gboolean
dr_book_pick (const DrBook     *self,
              const DrPosition *pos,
              GRand            *rand,
              DrMove           *move)
{
  DrBookMove moves[DR_MAX_MOVES];
  guint n = dr_book_lookup (self, pos, moves);
  guint64 total = 0, r;

  if (n == 0)
    return FALSE;
  if (rand == NULL)
    {
      *move = moves[0].move;
      return TRUE;
    }
  for (guint i = 0; i < n; i++)
    total += moves[i].weight;
  r = (guint64) g_rand_double_range (rand, 0, (double) total);
  for (guint i = 0; i < n; i++)
    {
      if (r < moves[i].weight)
        {
          *move = moves[i].move;
          return TRUE;
        }
      r -= moves[i].weight;
    }
  *move = moves[n - 1].move;
  return TRUE;
}

/* --- files -------------------------------------------------------------- */

static void
digest (const guint8 *data,
        gsize         n_entries,
        guint8        out[32])
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize len = 32;

  g_checksum_update (checksum, data, HEADER_SIGNED);
  g_checksum_update (checksum, data + HEADER_SIZE, (gssize) (n_entries * ENTRY_SIZE));
  g_checksum_get_digest (checksum, out, &len);
}

static int
by_key (gconstpointer a,
        gconstpointer b)
{
  guint64 x = **(const guint64 *const *) a, y = **(const guint64 *const *) b;

  return (x > y) - (x < y);
}

static int
entry_by_weight (gconstpointer a,
                 gconstpointer b)
{
  const Entry *x = a, *y = b;

  if (x->weight != y->weight)
    return (y->weight > x->weight) - (y->weight < x->weight);
  if (x->from != y->from)
    return x->from - y->from;
  if (x->to != y->to)
    return x->to - y->to;
  return (x->captures > y->captures) - (x->captures < y->captures);
}

GBytes *
dr_book_to_bytes (const DrBook *self)
{
  g_autoptr (GPtrArray) keys = NULL;
  guint8 *data, *p;
  gsize size;

  g_return_val_if_fail (self != NULL, NULL);
  {
    GHashTableIter iter;
    gpointer key;

    keys = g_ptr_array_sized_new (g_hash_table_size (self->positions));
    g_hash_table_iter_init (&iter, self->positions);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_ptr_array_add (keys, key);
  }
  g_ptr_array_sort (keys, by_key);
  size = HEADER_SIZE + (gsize) self->n_entries * ENTRY_SIZE;
  data = g_malloc0 (size);
  memcpy (data, magic, sizeof magic);
  dr_write_le32 (data + 8, (guint32) self->rules->gametype);
  dr_write_le32 (data + 12, self->n_entries);
  p = data + HEADER_SIZE;
  for (guint i = 0; i < keys->len; i++)
    {
      const guint64 *key = g_ptr_array_index (keys, i);
      g_autoptr (GArray) entries = g_array_copy (g_hash_table_lookup (self->positions, key));

      g_array_sort (entries, entry_by_weight);
      for (guint j = 0; j < entries->len; j++, p += ENTRY_SIZE)
        {
          const Entry *e = &g_array_index (entries, Entry, j);

          dr_write_le64 (p, *key);
          dr_write_le64 (p + 8, e->captures);
          p[16] = e->from;
          p[17] = e->to;
          dr_write_le16 (p + 18, (guint16) e->weight);
        }
    }
  digest (data, self->n_entries, data + HEADER_SIGNED);
  return g_bytes_new_take (data, size);
}

DrBook *
dr_book_load_bytes (const DrRules *rules,
                    GBytes        *bytes,
                    const char    *name,
                    GError       **error)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  guint8 sum[32];
  guint32 gametype, n;
  g_autoptr (DrBook) self = NULL;
  guint64 last_key = 0;

  g_return_val_if_fail (rules != NULL && bytes != NULL && name != NULL, NULL);
  if (size < HEADER_SIZE || memcmp (data, magic, sizeof magic - 1) != 0)
    {
      g_set_error (error, DR_BOOK_ERROR, DR_BOOK_ERROR_FORMAT, _("%s: not an opening book"), name);
      return NULL;
    }
  if (data[7] != magic[7])
    {
      g_set_error (error, DR_BOOK_ERROR, DR_BOOK_ERROR_FORMAT,
                   _("%s: opening book of format version %d; this program reads version %d"),
                   name, data[7], magic[7]);
      return NULL;
    }
  gametype = dr_read_le32 (data + 8);
  n = dr_read_le32 (data + 12);
  if (size != HEADER_SIZE + (gsize) n * ENTRY_SIZE)
    {
      g_set_error (error, DR_BOOK_ERROR, DR_BOOK_ERROR_DAMAGED,
                   _("%s: opening book damaged: %" G_GSIZE_FORMAT " bytes where its %u moves take %"
                     G_GSIZE_FORMAT), name, size, n, HEADER_SIZE + (gsize) n * ENTRY_SIZE);
      return NULL;
    }
  digest (data, n, sum);
  if (memcmp (sum, data + HEADER_SIGNED, sizeof sum) != 0)
    {
      g_set_error (error, DR_BOOK_ERROR, DR_BOOK_ERROR_DAMAGED,
                   _("%s: opening book damaged: the checksum does not match"), name);
      return NULL;
    }
  if (gametype != (guint32) rules->gametype)
    {
      const DrRules *other = dr_rules_from_gametype ((int) gametype);

      g_set_error (error, DR_BOOK_ERROR, DR_BOOK_ERROR_VARIANT,
                   _("%s: an opening book for GameType %u (%s), not for GameType %d (%s)"),
                   name, gametype, other != NULL ? other->title : _("unknown"),
                   rules->gametype, rules->title);
      return NULL;
    }
  self = dr_book_new (rules);
  for (guint32 i = 0; i < n; i++)
    {
      const guint8 *p = data + HEADER_SIZE + (gsize) i * ENTRY_SIZE;
      guint64 key = dr_read_le64 (p);
      guint weight = dr_read_le16 (p + 18);

      if ((i > 0 && key < last_key) || p[16] >= 64 || p[17] >= 64 || weight == 0)
        {
          g_set_error (error, DR_BOOK_ERROR, DR_BOOK_ERROR_DAMAGED,
                       _("%s: opening book damaged: move %u is out of order or out of range"),
                       name, i + 1);
          return NULL;
        }
      last_key = key;
      add_entry (self, key, dr_read_le64 (p + 8), p[16], p[17], weight);
    }
  return g_steal_pointer (&self);
}

DrBook *
dr_book_load_file (const DrRules *rules,
                   const char    *path,
                   GError       **error)
{
  g_autofree char *contents = NULL;
  gsize len;
  g_autoptr (GBytes) bytes = NULL;

  if (!g_file_get_contents (path, &contents, &len, error))
    return NULL;
  bytes = g_bytes_new_take (g_steal_pointer (&contents), len);
  return dr_book_load_bytes (rules, bytes, path, error);
}

gboolean
dr_book_save (const DrBook *self,
              const char   *path,
              GError      **error)
{
  g_autoptr (GBytes) bytes = dr_book_to_bytes (self);
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);

  return g_file_set_contents_full (path, data, (gssize) len, G_FILE_SET_CONTENTS_CONSISTENT, 0644, error);
}

/* The resource compiled from data/patterns/ and data/book/ (meson:
 * gnome.compile_resources). */
extern GResource *dr_search_get_resource (void);

DrBook *
dr_book_new_builtin (const DrRules *rules)
{
  g_autofree char *path = g_strdup_printf ("/io/github/draughtsman/book/%s.drb", rules->name);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  DrBook *self;

  bytes = g_resource_lookup_data (dr_search_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return NULL;
  self = dr_book_load_bytes (rules, bytes, path, &error);
  if (self == NULL)
    g_warning ("built-in %s: %s", path, error->message);
  return self;
}

/* --- building ----------------------------------------------------------- */

void
dr_book_build_options_init (DrBookBuildOptions *options)
{
  options->max_plies = 8;
  options->depth = 10;
  options->margin = 15;
  options->max_positions = 2000;
  options->min_games = 2;
  options->min_score = 0.5;
  options->lines = 4;
}

typedef struct
{
  DrMove move;
  guint  games;
  double points;      /* for the side that played it: 1 a win, 1/2 a draw */
} GameMove;

/* key -> GArray of GameMove */
static GHashTable *
game_moves (const DrRules            *rules,
            GPtrArray                *games,
            const DrBookBuildOptions *options)
{
  GHashTable *table = g_hash_table_new_full (key_hash, key_equal, g_free, free_entries);

  for (guint g = 0; games != NULL && g < games->len; g++)
    {
      const DrGame *game = g_ptr_array_index (games, g);
      const DrGameNode *node = game->root;

      if (game->rules != rules || !dr_game_starts_from_initial (game)
          || (game->result != DR_RESULT_WHITE_WINS && game->result != DR_RESULT_BLACK_WINS
              && game->result != DR_RESULT_DRAW))
        continue;
      for (; node->children != NULL && node->ply < options->max_plies; node = node->children)
        {
          const DrGameNode *child = node->children;
          guint64 key = node->position.hash;
          GArray *moves = g_hash_table_lookup (table, &key);
          DrSide mover = node->position.turn;
          double points = game->result == DR_RESULT_DRAW ? 0.5
                          : (game->result == DR_RESULT_WHITE_WINS) == (mover == DR_SIDE_WHITE) ? 1.0 : 0.0;
          guint i;

          if (moves == NULL)
            {
              moves = g_array_new (FALSE, FALSE, sizeof (GameMove));
              g_hash_table_insert (table, g_memdup2 (&key, sizeof key), moves);
            }
          for (i = 0; i < moves->len; i++)
            if (dr_move_same (&g_array_index (moves, GameMove, i).move, &child->move))
              break;
          if (i == moves->len)
            {
              GameMove m = { child->move, 0, 0 };

              g_array_append_val (moves, m);
            }
          g_array_index (moves, GameMove, i).games++;
          g_array_index (moves, GameMove, i).points += points;
        }
    }
  return table;
}

typedef struct
{
  DrPosition pos;
  guint      ply;
} Queued;

/* The score of @move in @pos from the mover's view: its line's if the
 * search reported one, else a search of the position after it. */
static int
move_score (DrSearch             *search,
            const DrSearchResult *result,
            const DrPosition     *pos,
            const DrMove         *move,
            int                   depth)
{
  DrSearchLimits limits = { .max_depth = MAX (1, depth - 1), .multipv = 1 };
  DrSearchResult reply;
  DrPosition child;

  for (int i = 0; i < result->n_lines; i++)
    if (result->lines[i].pv_length > 0 && dr_move_same (&result->lines[i].pv[0], move))
      return result->lines[i].score;
  dr_position_apply (&child, pos, move);
  if (!dr_search_run (search, &child, &limits, &reply))
    return DR_SCORE_WON;   /* the opponent has no move: a win */
  return -reply.score;
}

DrBook *
dr_book_build (DrSearch                 *search,
               GPtrArray                *games,
               const DrBookBuildOptions *options,
               DrBookProgressFunc        progress,
               gpointer                  user_data)
{
  const DrRules *rules = dr_search_get_rules (search);
  g_autoptr (GHashTable) proposed = game_moves (rules, games, options);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (key_hash, key_equal, g_free, NULL);
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (Queued));
  g_autofree DrMoveList *legal = g_new (DrMoveList, 1);
  DrBook *book = dr_book_new (rules);
  guint head = 0, done = 0;
  Queued start = { .ply = 0 };

  g_return_val_if_fail (options->lines >= 1 && options->lines <= DR_SEARCH_MAX_PV, book);
  dr_rules_initial (rules, &start.pos);
  g_array_append_val (queue, start);
  g_hash_table_add (seen, g_memdup2 (&start.pos.hash, sizeof start.pos.hash));
  dr_search_set_history (search, NULL, 0);

  while (head < queue->len && (options->max_positions == 0 || done < options->max_positions))
    {
      Queued q = g_array_index (queue, Queued, head++);
      DrMove kept[DR_MAX_MOVES];
      int scores[DR_MAX_MOVES];
      guint n_kept = 0;
      GArray *from_games;
      int best;

      legal->all_paths = false;
      dr_movegen_legal (rules, &q.pos, legal);
      if (legal->n == 0)
        continue;
      if (legal->n == 1)
        {
          /* Forced: no search, and the book goes on after it. */
          kept[0] = legal->moves[0];
          scores[0] = 0;
          n_kept = 1;
          best = 0;
        }
      else
        {
          DrSearchLimits limits = { .max_depth = options->depth, .multipv = (int) MIN (options->lines, legal->n) };
          DrSearchResult result;

          dr_search_run (search, &q.pos, &limits, &result);
          done++;
          best = result.lines[0].score;
          for (int i = 0; i < result.n_lines; i++)
            if (result.lines[i].pv_length > 0 && result.lines[i].score >= best - options->margin)
              {
                kept[n_kept] = result.lines[i].pv[0];
                scores[n_kept++] = result.lines[i].score;
              }
          /* The players' moves that scored well, if the search agrees. */
          from_games = g_hash_table_lookup (proposed, &q.pos.hash);
          for (guint i = 0; from_games != NULL && i < from_games->len; i++)
            {
              const GameMove *m = &g_array_index (from_games, GameMove, i);
              guint k;
              int s;

              if (m->games < options->min_games || m->points / m->games < options->min_score)
                continue;
              for (k = 0; k < n_kept; k++)
                if (dr_move_same (&kept[k], &m->move))
                  break;
              if (k < n_kept)
                continue;
              s = move_score (search, &result, &q.pos, &m->move, options->depth);
              if (s >= best - options->margin)
                {
                  kept[n_kept] = m->move;
                  scores[n_kept++] = s;
                }
            }
        }

      for (guint k = 0; k < n_kept; k++)
        {
          /* The best move weighs most; one a full margin below, a quarter
           * of it; games played add to it. */
          guint weight = 4 * (guint) (options->margin + 1) - 3 * (guint) MIN (best - scores[k], options->margin);
          GArray *played = g_hash_table_lookup (proposed, &q.pos.hash);

          for (guint i = 0; played != NULL && i < played->len; i++)
            if (dr_move_same (&g_array_index (played, GameMove, i).move, &kept[k]))
              weight += 4 * g_array_index (played, GameMove, i).games;
          dr_book_add (book, &q.pos, &kept[k], weight);
          if (q.ply + 1 < options->max_plies)
            {
              Queued next = { .ply = q.ply + 1 };

              dr_position_apply (&next.pos, &q.pos, &kept[k]);
              if (!g_hash_table_contains (seen, &next.pos.hash))
                {
                  g_hash_table_add (seen, g_memdup2 (&next.pos.hash, sizeof next.pos.hash));
                  g_array_append_val (queue, next);
                }
            }
        }
      if (progress != NULL)
        progress (done, queue->len - head, user_data);
    }
  return book;
}
