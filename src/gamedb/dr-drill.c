/* dr-drill.c — opening training: a repertoire and a drill over it
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-drill"

#include "config.h"

#include "dr-drill.h"

#include "dr-gamedb-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct
{
  DrMove move;
  guint  weight;
  char  *comment;
} RepMove;

typedef struct
{
  DrPosition position;
  GArray    *moves;   /* RepMove */
  GArray    *path;    /* DrMove from the start: the first line that came here */
} RepNode;

struct _DrRepertoire
{
  const DrRules *rules;
  DrSide         side;
  GHashTable    *nodes;   /* guint64 * key -> RepNode * */
};

static void
rep_node_free (gpointer data)
{
  RepNode *n = data;

  for (guint i = 0; i < n->moves->len; i++)
    g_free (g_array_index (n->moves, RepMove, i).comment);
  g_array_unref (n->moves);
  g_array_unref (n->path);
  g_free (n);
}

DrRepertoire *
dr_repertoire_new (const DrRules *rules,
                   DrSide         side)
{
  DrRepertoire *self = g_new0 (DrRepertoire, 1);

  self->rules = rules;
  self->side = side;
  self->nodes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, rep_node_free);
  return self;
}

void
dr_repertoire_free (DrRepertoire *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->nodes);
  g_free (self);
}

DrSide
dr_repertoire_get_side (const DrRepertoire *self)
{
  return self->side;
}

const DrRules *
dr_repertoire_get_rules (const DrRepertoire *self)
{
  return self->rules;
}

guint
dr_repertoire_get_n_positions (const DrRepertoire *self)
{
  return g_hash_table_size (self->nodes);
}

static RepNode *
rep_node (DrRepertoire     *self,
          const DrPosition *pos,
          const GArray     *path)
{
  guint64 key = _dr_gamedb_key (self->rules, pos);
  RepNode *n = g_hash_table_lookup (self->nodes, &key);

  if (n == NULL)
    {
      n = g_new0 (RepNode, 1);
      n->position = *pos;
      n->moves = g_array_new (FALSE, TRUE, sizeof (RepMove));
      n->path = g_array_new (FALSE, FALSE, sizeof (DrMove));
      g_array_append_vals (n->path, path->data, path->len);
      g_hash_table_insert (self->nodes, g_memdup2 (&key, sizeof key), n);
    }
  return n;
}

static void
rep_add (DrRepertoire     *self,
         const DrPosition *pos,
         const GArray     *path,
         const DrMove     *move,
         guint             weight,
         const char       *comment)
{
  RepNode *n = rep_node (self, pos, path);
  RepMove *m = NULL;

  for (guint i = 0; i < n->moves->len; i++)
    if (dr_move_same (&g_array_index (n->moves, RepMove, i).move, move))
      m = &g_array_index (n->moves, RepMove, i);
  if (m == NULL)
    {
      g_array_set_size (n->moves, n->moves->len + 1);
      m = &g_array_index (n->moves, RepMove, n->moves->len - 1);
      m->move = *move;
    }
  m->weight += weight;
  if (m->comment == NULL && comment != NULL && *comment != '\0')
    m->comment = g_strdup (comment);
}

static void
add_tree (DrRepertoire     *self,
          const DrGameNode *node,
          GArray           *path)
{
  for (const DrGameNode *child = node->children; child != NULL; child = child->next)
    {
      rep_add (self, &node->position, path, &child->move, 1,
               child->comment_after != NULL ? child->comment_after : child->comment_before);
      g_array_append_val (path, child->move);
      add_tree (self, child, path);
      g_array_set_size (path, path->len - 1);
    }
}

gboolean
dr_repertoire_add_game (DrRepertoire  *self,
                        const DrGame  *game,
                        GError       **error)
{
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (DrMove));

  if (game->rules != self->rules || !dr_game_starts_from_initial (game))
    {
      g_set_error (error, DR_GAMEDB_ERROR, DR_GAMEDB_ERROR_INPUT,
                   _("a repertoire game must be %s from the initial position"),
                   self->rules->name);
      return FALSE;
    }
  add_tree (self, game->root, path);
  return TRUE;
}

static gboolean
add_from_db (DrRepertoire          *self,
             DrGameDb              *db,
             const DrExploreFilter *filter,
             const DrPosition      *pos,
             GArray                *path,
             guint                  plies_left,
             GError               **error)
{
  g_autoptr (DrExploreResult) result = NULL;
  DrExploreFilter f = *filter;

  if (plies_left == 0)
    return TRUE;
  f.top_games = 1;
  f.previous = NULL;
  result = dr_gamedb_explore (db, self->rules, pos, &f, error);
  if (result == NULL)
    return FALSE;
  for (guint i = 0; i < result->moves->len; i++)
    {
      const DrExploreMove *m = &g_array_index (result->moves, DrExploreMove, i);
      DrPosition child;

      rep_add (self, pos, path, &m->move, (guint) MIN (m->games, G_MAXUINT), NULL);
      dr_position_apply (&child, pos, &m->move);
      g_array_append_val (path, m->move);
      if (!add_from_db (self, db, filter, &child, path, plies_left - 1, error))
        return FALSE;
      g_array_set_size (path, path->len - 1);
    }
  return TRUE;
}

gboolean
dr_repertoire_add_from_db (DrRepertoire          *self,
                           DrGameDb              *db,
                           const DrExploreFilter *filter,
                           guint                  max_plies,
                           GError               **error)
{
  static const DrExploreFilter none = { 0 };
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (DrMove));
  DrPosition start;

  dr_rules_initial (self->rules, &start);
  return add_from_db (self, db, filter != NULL ? filter : &none, &start, path, max_plies, error);
}

static int
compare_rep_moves (gconstpointer a,
                   gconstpointer b)
{
  const RepMove *x = a, *y = b;

  return x->weight != y->weight ? (x->weight > y->weight ? -1 : 1) : 0;
}

static const RepNode *
rep_find (const DrRepertoire *self,
          const DrPosition   *pos)
{
  guint64 key = _dr_gamedb_key (self->rules, pos);
  const RepNode *n = g_hash_table_lookup (self->nodes, &key);

  return n != NULL && dr_position_equal (&n->position, pos) && n->moves->len > 0 ? n : NULL;
}

GArray *
dr_repertoire_lookup (const DrRepertoire *self,
                      const DrPosition   *pos,
                      GArray            **weights,
                      GPtrArray         **comments)
{
  const RepNode *n = rep_find (self, pos);
  g_autoptr (GArray) sorted = NULL;
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (DrMove));

  if (weights != NULL)
    *weights = g_array_new (FALSE, FALSE, sizeof (guint));
  if (comments != NULL)
    *comments = g_ptr_array_new ();
  if (n == NULL)
    return moves;
  sorted = g_array_copy (n->moves);
  g_array_sort (sorted, compare_rep_moves);
  for (guint i = 0; i < sorted->len; i++)
    {
      const RepMove *m = &g_array_index (sorted, RepMove, i);

      g_array_append_val (moves, m->move);
      if (weights != NULL)
        g_array_append_val (*weights, m->weight);
      if (comments != NULL)
        g_ptr_array_add (*comments, m->comment);
    }
  return moves;
}

/* The drill ---------------------------------------------------------------- */

struct _DrDrill
{
  DrRepertoire *repertoire;
  DrGameDb     *db;
  char         *name;
  GRand        *rand;
  GHashTable   *need;      /* without a database: guint64 * key -> need */
  DrPosition    position;
  GArray       *moves;     /* DrMove played in this line */
};

DrDrill *
dr_drill_new (DrRepertoire *repertoire,
              DrGameDb     *db,
              const char   *name,
              guint32       seed)
{
  DrDrill *self = g_new0 (DrDrill, 1);

  self->repertoire = repertoire;
  self->db = db;
  self->name = g_strdup_printf ("%s/%s/%s", name != NULL ? name : "",
                                repertoire->rules->name,
                                repertoire->side == DR_SIDE_WHITE ? "white" : "black");
  self->rand = g_rand_new_with_seed (seed);
  self->need = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->moves = g_array_new (FALSE, FALSE, sizeof (DrMove));
  dr_drill_restart (self);
  return self;
}

void
dr_drill_free (DrDrill *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_rand_free (self->rand);
  g_hash_table_unref (self->need);
  g_array_unref (self->moves);
  g_free (self);
}

guint
dr_drill_get_need (DrDrill          *self,
                   const DrPosition *pos)
{
  guint64 key = _dr_gamedb_key (self->repertoire->rules, pos);

  if (self->db != NULL)
    return dr_gamedb_drill_need (self->db, self->name, key);
  return GPOINTER_TO_UINT (g_hash_table_lookup (self->need, &key));
}

static gboolean
record (DrDrill          *self,
        const DrPosition *pos,
        gboolean          correct,
        GError          **error)
{
  guint64 key = _dr_gamedb_key (self->repertoire->rules, pos);
  guint need;

  if (self->db != NULL)
    return dr_gamedb_drill_record (self->db, self->name, key, correct, error);
  need = GPOINTER_TO_UINT (g_hash_table_lookup (self->need, &key));
  need = correct ? (need > 0 ? need - 1 : 0) : need + 1;
  g_hash_table_insert (self->need, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (need));
  return TRUE;
}

static void
play (DrDrill      *self,
      const DrMove *move)
{
  dr_position_apply (&self->position, &self->position, move);
  g_array_append_val (self->moves, *move);
}

/* The program's moves, until the user is to move or the book ends: by
 * weight, times 1 + 3 x the need of the position the move leads to. */
static void
play_opponent (DrDrill *self)
{
  while ((DrSide) self->position.turn != self->repertoire->side)
    {
      const RepNode *n = rep_find (self->repertoire, &self->position);
      double total = 0, pick;

      if (n == NULL)
        return;
      {
        g_autoptr (GArray) weights = g_array_sized_new (FALSE, FALSE, sizeof (double), n->moves->len);

        for (guint i = 0; i < n->moves->len; i++)
          {
            const RepMove *m = &g_array_index (n->moves, RepMove, i);
            DrPosition child;
            double w;

            dr_position_apply (&child, &self->position, &m->move);
            w = (double) m->weight * (1.0 + 3.0 * dr_drill_get_need (self, &child));
            g_array_append_val (weights, w);
            total += w;
          }
        pick = g_rand_double (self->rand) * total;
        for (guint i = 0; i < n->moves->len; i++)
          {
            pick -= g_array_index (weights, double, i);
            if (pick < 0 || i + 1 == n->moves->len)
              {
                play (self, &g_array_index (n->moves, RepMove, i).move);
                break;
              }
          }
      }
    }
}

void
dr_drill_restart (DrDrill *self)
{
  dr_rules_initial (self->repertoire->rules, &self->position);
  g_array_set_size (self->moves, 0);
  play_opponent (self);
}

const DrPosition *
dr_drill_get_position (DrDrill *self)
{
  return &self->position;
}

const GArray *
dr_drill_get_moves (DrDrill *self)
{
  return self->moves;
}

gboolean
dr_drill_is_over (DrDrill *self)
{
  return rep_find (self->repertoire, &self->position) == NULL;
}

gboolean
dr_drill_answer (DrDrill         *self,
                 const DrMove    *move,
                 DrDrillVerdict  *verdict,
                 DrMove          *expected,
                 const char     **comment,
                 GError         **error)
{
  const RepNode *n = rep_find (self->repertoire, &self->position);
  const RepMove *best = NULL, *chosen = NULL;
  DrPosition before = self->position;

  *verdict = DR_DRILL_CORRECT;
  if (comment != NULL)
    *comment = NULL;
  g_return_val_if_fail (n != NULL && (DrSide) self->position.turn == self->repertoire->side, FALSE);
  for (guint i = 0; i < n->moves->len; i++)
    {
      const RepMove *m = &g_array_index (n->moves, RepMove, i);

      if (best == NULL || m->weight > best->weight)
        best = m;
      if (dr_move_same (&m->move, move))
        chosen = m;
    }
  if (chosen == NULL)
    {
      *verdict = DR_DRILL_WRONG;
      chosen = best;
    }
  if (expected != NULL)
    *expected = chosen->move;
  if (comment != NULL)
    *comment = chosen->comment;
  if (!record (self, &before, *verdict == DR_DRILL_CORRECT, error))
    return FALSE;
  play (self, &chosen->move);
  play_opponent (self);
  return TRUE;
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  const GArray *x = *(const GArray * const *) a, *y = *(const GArray * const *) b;

  return (int) x->len - (int) y->len;
}

GPtrArray *
dr_drill_weak_lines (DrDrill *self)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->repertoire->nodes);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const RepNode *n = value;

      if ((DrSide) n->position.turn == self->repertoire->side
          && dr_drill_get_need (self, &n->position) > 0)
        g_ptr_array_add (lines, g_array_copy (n->path));
    }
  g_ptr_array_sort (lines, compare_paths);
  return lines;
}
