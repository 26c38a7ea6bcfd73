/* dr-egdb.c — endgame databases: opening, probing, listing, verifying
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-egdb"

#include "config.h"

#include "dr-egdb-wld-private.h"

#include "dr-bitboard.h"
#include "dr-draw.h"
#include "dr-fen.h"
#include "dr-movegen.h"

#include <glib/gi18n-lib.h>
#include <limits.h>
#include <string.h>

G_DEFINE_QUARK (dr-egdb-error-quark, dr_egdb_error)

char *
dr_egdb_default_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "draughtsman", "egdb", NULL);
}

gboolean
dr_egdb_supported (const DrRules *rules)
{
  /* Northern and Samoyed captures do not take the opponent's material
   * alone (a king comes back as a man; one's own pieces go), which the
   * slices by material the tables are built in do not follow.  Two-move
   * and Stavropol positions are not the alternating one-move game the
   * tables solve.  In the tower games (pillar, Lasca) nothing leaves the
   * board, and the tops the slices count are not the material.
   * Canadian's 72 squares do not fit the 64-bit index. */
  return !rules->geometry->wide && !rules->orthogonal_board && !rules->orthogonal_captures && !rules->frisian_king_runs
         && !rules->removed_at_once && !rules->kings_demoted && !rules->self_capture
         && !rules->two_moves && !rules->foreign_moves && !rules->towers;
}

void
dr_egdb_table_info_free (DrEgdbTableInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->variant);
  g_free (info->slice);
  g_free (info->path);
  g_free (info->error);
  g_free (info);
}

DrEgdb *
_dr_egdb_new_empty (const DrRules *rules)
{
  DrEgdb *self = g_new0 (DrEgdb, 1);

  self->rules = rules;
  _dr_egdb_board_init (&self->board, rules);
  self->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) _dr_egdb_table_free);
  self->cache = _dr_egdb_cache_new ();
  return self;
}

void
dr_egdb_free (DrEgdb *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->tables);
  _dr_egdb_cache_free (self->cache);
  g_free (self);
}

const DrRules *
dr_egdb_get_rules (const DrEgdb *self)
{
  return self->rules;
}

int
dr_egdb_max_pieces (const DrEgdb *self)
{
  return self != NULL ? self->max_pieces : 0;
}

/* Are all the slices of @pieces pieces there? */
static bool
covers_count (const DrEgdb *self,
              int           pieces)
{
  for (int m0 = 0; m0 <= pieces; m0++)
    for (int k0 = 0; m0 + k0 <= pieces; k0++)
      for (int m1 = 0; m0 + k0 + m1 <= pieces; m1++)
        {
          int k1 = pieces - m0 - k0 - m1;
          if (m0 + k0 == 0 || m1 + k1 == 0)
            continue;
          if (self->lookup[m0][k0][m1][k1] == NULL)
            return false;
        }
  return true;
}

void
_dr_egdb_add_table (DrEgdb    *self,
                    EgdbTable *table)
{
  g_ptr_array_add (self->tables, table);
  table->cache = self->cache;
  table->serial = self->serials++;
  for (int p = 0; p < table->n_parts; p++)
    {
      EgdbMaterial m = table->parts[p].material;
      self->lookup[m.m0][m.k0][m.m1][m.k1] = &table->parts[p];
    }
  if (table->n_parts == 1)
    {
      /* Both sides have the same material: one part serves both. */
      EgdbMaterial m = table->parts[0].material;
      self->lookup[m.m1][m.k1][m.m0][m.k0] = &table->parts[0];
    }
  self->max_pieces = 0;
  for (int n = 2; n <= EGDB_MAX_PIECES && covers_count (self, n); n++)
    self->max_pieces = n;
}

static int
compare_tables (gconstpointer a,
                gconstpointer b)
{
  const EgdbTable *x = *(EgdbTable * const *) a, *y = *(EgdbTable * const *) b;
  int nx = x->slice.m0 + x->slice.k0 + x->slice.m1 + x->slice.k1;
  int ny = y->slice.m0 + y->slice.k0 + y->slice.m1 + y->slice.k1;

  if (nx != ny)
    return nx - ny;
  if (x->slice.m0 + x->slice.m1 != y->slice.m0 + y->slice.m1)
    return (x->slice.m0 + x->slice.m1) - (y->slice.m0 + y->slice.m1);
  return strcmp (x->name, y->name);
}

static DrEgdb *
open_tables (const DrRules *rules,
             const char    *dir,
             bool           any,
             GError       **error)
{
  g_autofree char *def = dir == NULL ? dr_egdb_default_dir () : NULL;
  g_autofree char *folder = g_build_filename (dir != NULL ? dir : def, rules->name, NULL);
  g_autoptr (DrEgdb) self = NULL;
  g_autoptr (GDir) d = NULL;
  g_autoptr (GError) local = NULL;
  const char *entry;

  if (!dr_egdb_supported (rules))
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_VARIANT,
                   _("%s has no endgame tables: its rules are not diagonal moves alone"), rules->title);
      return NULL;
    }
  self = _dr_egdb_new_empty (rules);
  d = g_dir_open (folder, 0, &local);
  if (d == NULL)
    {
      if (g_error_matches (local, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return g_steal_pointer (&self);
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_IO, _("cannot read %s: %s"), folder, local->message);
      return NULL;
    }
  while ((entry = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *stem = NULL;
      EgdbMaterial m;
      EgdbTable *table;

      if (!g_str_has_suffix (entry, ".egdb"))
        continue;
      stem = g_strndup (entry, strlen (entry) - 5);
      path = g_build_filename (folder, entry, NULL);
      if (!_dr_egdb_parse_slice (stem, &m))
        continue;
      table = any ? _dr_egdb_table_open_any (rules, path, error) : _dr_egdb_table_open (rules, path, error);
      if (table == NULL)
        return NULL;
      if (!_dr_egdb_material_equal (table->slice, m))
        {
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
                       _("endgame table %s is refused: it holds slice %s"), path, table->name);
          _dr_egdb_table_free (table);
          return NULL;
        }
      _dr_egdb_add_table (self, table);
    }
  g_ptr_array_sort (self->tables, compare_tables);
  return g_steal_pointer (&self);
}

DrEgdb *
dr_egdb_open (const DrRules *rules,
              const char    *dir,
              GError       **error)
{
  return open_tables (rules, dir, false, error);
}

DrEgdb *
_dr_egdb_open_any (const DrRules *rules,
                   const char    *dir,
                   GError       **error)
{
  return open_tables (rules, dir, true, error);
}

static DrEgdbTableInfo *
table_info (const DrRules   *rules,
            const EgdbTable *t)
{
  DrEgdbTableInfo *info = g_new0 (DrEgdbTableInfo, 1);

  info->variant = g_strdup (rules->name);
  info->slice = g_strdup (t->name);
  info->path = g_strdup (t->path);
  info->men[0] = t->slice.m0, info->kings[0] = t->slice.k0;
  info->men[1] = t->slice.m1, info->kings[1] = t->slice.k1;
  info->pieces = t->slice.m0 + t->slice.k0 + t->slice.m1 + t->slice.k1;
  info->file_size = t->file_size + (t->dist != NULL ? t->dist->file_size : 0);
  info->wld_size = t->file_size;
  info->build_seconds = t->build_seconds;
  for (int p = 0; p < t->n_parts; p++)
    {
      guint64 twice = t->n_parts == 1 ? 2 : 1;   /* one part stands for both sides to move */
      info->positions += twice * t->parts[p].n_values;
      info->legal += twice * t->parts[p].legal;
      info->max_plies = MAX (info->max_plies, (int) t->parts[p].max_plies);
    }
  info->wins = t->parts[0].wins;
  info->draws = t->parts[0].draws;
  info->losses = t->parts[0].losses;
  return info;
}

GPtrArray *
dr_egdb_get_tables (const DrEgdb *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_egdb_table_info_free);

  for (guint i = 0; i < self->tables->len; i++)
    g_ptr_array_add (out, table_info (self->rules, g_ptr_array_index (self->tables, i)));
  return out;
}

/* As compare_tables(), for the infos of dr_egdb_list(): a refused file
 * among the others of its slice's size. */
static int
compare_infos (gconstpointer a,
               gconstpointer b)
{
  const DrEgdbTableInfo *x = *(DrEgdbTableInfo * const *) a, *y = *(DrEgdbTableInfo * const *) b;

  if (x->pieces != y->pieces)
    return x->pieces - y->pieces;
  if (x->men[0] + x->men[1] != y->men[0] + y->men[1])
    return (x->men[0] + x->men[1]) - (y->men[0] + y->men[1]);
  return strcmp (x->slice, y->slice);
}

GPtrArray *
dr_egdb_list (const char    *dir,
              const DrRules *rules,
              GError       **error)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_egdb_table_info_free);
  g_autofree char *def = dir == NULL ? dr_egdb_default_dir () : NULL;

  for (int v = 0; v < DR_N_VARIANTS; v++)
    {
      const DrRules *r = dr_rules_get ((DrVariant) v);
      g_autofree char *folder = NULL;
      g_autoptr (GDir) d = NULL;
      const char *entry;
      g_autoptr (GPtrArray) found = NULL;

      if ((rules != NULL && r != rules) || !dr_egdb_supported (r))
        continue;
      folder = g_build_filename (dir != NULL ? dir : def, r->name, NULL);
      d = g_dir_open (folder, 0, NULL);
      if (d == NULL)
        continue;
      found = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_egdb_table_info_free);
      while ((entry = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *path = NULL;
          g_autoptr (GError) local = NULL;
          EgdbTable *table;

          if (!g_str_has_suffix (entry, ".egdb"))
            continue;
          path = g_build_filename (folder, entry, NULL);
          table = _dr_egdb_table_open (r, path, &local);
          if (table == NULL)
            {
              DrEgdbTableInfo *info = g_new0 (DrEgdbTableInfo, 1);
              EgdbMaterial m;

              info->variant = g_strdup (r->name);
              info->slice = g_strndup (entry, strlen (entry) - 5);
              info->path = g_strdup (path);
              info->error = g_strdup (local->message);
              /* Its place among the others is the one its name gives. */
              if (_dr_egdb_parse_slice (info->slice, &m))
                {
                  info->men[0] = m.m0, info->kings[0] = m.k0;
                  info->men[1] = m.m1, info->kings[1] = m.k1;
                  info->pieces = m.m0 + m.k0 + m.m1 + m.k1;
                }
              g_ptr_array_add (found, info);
              continue;
            }
          g_ptr_array_add (found, table_info (r, table));
          _dr_egdb_table_free (table);
        }
      g_ptr_array_sort (found, compare_infos);
      g_ptr_array_extend_and_steal (out, g_steal_pointer (&found));
    }
  (void) error;
  return out;
}

/* Values ------------------------------------------------------------------ */

static inline DrEgdbValue
decode (const DrRules *rules,
        int            raw,
        int           *plies)
{
  int parity = egdb_win_parity (rules), k;

  if (raw < 0 || raw == EGDB_DONT_CARE)
    return DR_EGDB_UNKNOWN;
  if (raw == 0)
    {
      *plies = 0;
      return DR_EGDB_DRAW;
    }
  k = (raw - 1) / 2;
  if (raw & 1)
    {
      *plies = 2 * k + parity;
      return DR_EGDB_WIN;
    }
  *plies = 2 * k + 1 - parity;
  return DR_EGDB_LOSS;
}

static inline const EgdbPart *
part_of (const DrEgdb     *self,
         const DrPosition *pos)
{
  EgdbMaterial m = _dr_egdb_material (pos);

  if (m.m0 + m.k0 + m.m1 + m.k1 > EGDB_MAX_PIECES)
    return NULL;
  return self->lookup[m.m0][m.k0][m.m1][m.k1];
}

/* The search goes on without a damaged table (it is absent from then on);
 * the user is told once per table. */
static void
warn_damaged (EgdbTable *table)
{
  g_autoptr (GError) error = NULL;

  if (atomic_exchange (&table->warned, true))
    return;
  _dr_egdb_damage_error (table, &error);
  g_warning ("%s; the search goes on without it", error->message);
}

/* The stored value of @index of @part, with its plies unless @plies is
 * NULL (then the distance file is not read); DR_EGDB_UNKNOWN with the
 * damaged table in *@bad. */
static inline DrEgdbValue
stored_value (const DrRules    *rules,
              const EgdbPart   *part,
              uint64_t          index,
              int              *plies,
              const EgdbTable **bad)
{
  int w, k, parity;

  if (G_UNLIKELY (part->table->kind == EGDB_KIND_V1))
    {
      /* Format 1, opened to be converted or compared. */
      int raw = _dr_egdb_part_value (part, index), dummy;
      if (raw < 0)
        *bad = part->table;
      return decode (rules, raw, plies != NULL ? plies : &dummy);
    }
  w = _dr_egdb_part_wld (part, index);
  if (G_UNLIKELY (w < 0))
    {
      *bad = part->table;
      return DR_EGDB_UNKNOWN;
    }
  if (w == EGDB_WLD_DRAW)
    {
      if (plies != NULL)
        *plies = 0;
      return DR_EGDB_DRAW;
    }
  if (plies != NULL)
    {
      k = _dr_egdb_part_dist (part, index);
      if (G_UNLIKELY (k < 0))
        {
          *bad = part->dist->table;
          return DR_EGDB_UNKNOWN;
        }
      parity = egdb_win_parity (rules);
      *plies = 2 * k + (w == EGDB_WLD_WIN ? parity : 1 - parity);
    }
  return w == EGDB_WLD_WIN ? DR_EGDB_WIN : DR_EGDB_LOSS;
}

static inline DrEgdbValue
probe_stored (const DrEgdb     *self,
              const DrPosition *pos,
              int              *plies)
{
  const EgdbPart *part;
  const EgdbTable *bad = NULL;
  int n = dr_bb_count (dr_position_occupied (pos));
  DrEgdbValue v;

  if (self == NULL || n > self->max_pieces || n > EGDB_MAX_PIECES)
    return DR_EGDB_UNKNOWN;
  if (pos->pieces[pos->turn] == 0 || pos->pieces[pos->turn ^ 1] == 0)
    return DR_EGDB_UNKNOWN;
  part = part_of (self, pos);
  if (part == NULL || dr_movegen_has_capture (self->rules, pos))
    return DR_EGDB_UNKNOWN;
  v = stored_value (self->rules, part, _dr_egdb_index (&self->board, pos), plies, &bad);
  if (G_UNLIKELY (bad != NULL))
    warn_damaged ((EgdbTable *) bad);
  return v;
}

DrEgdbValue
dr_egdb_probe_quiet (const DrEgdb     *self,
                     const DrPosition *pos,
                     int              *plies)
{
  return probe_stored (self, pos, plies);
}

DrEgdbValue
dr_egdb_probe_wld (const DrEgdb     *self,
                   const DrPosition *pos)
{
  return probe_stored (self, pos, NULL);
}

uint64_t
dr_egdb_distance_reads (const DrEgdb *self)
{
  return self != NULL ? _dr_egdb_cache_distance_reads (self->cache) : 0;
}

/* The value of a position from the values of its successors (negamax with
 * distances: the fastest win, else a draw, else the slowest loss). */
typedef struct
{
  int  best_win;       /* least plies of a child lost for its mover, -1 if none */
  bool draw;
  int  worst_loss;     /* most plies of a child won for its mover */
  bool unknown;
} Combine;

static inline void
combine_add (Combine    *c,
             DrEgdbValue v,
             int         plies)
{
  switch (v)
    {
    case DR_EGDB_LOSS:
      if (c->best_win < 0 || plies < c->best_win)
        c->best_win = plies;
      break;
    case DR_EGDB_DRAW:
      c->draw = true;
      break;
    case DR_EGDB_WIN:
      if (plies > c->worst_loss)
        c->worst_loss = plies;
      break;
    case DR_EGDB_UNKNOWN:
    default:
      c->unknown = true;
      break;
    }
}

static inline DrEgdbValue
combine_value (const Combine *c,
               int           *plies)
{
  if (c->best_win >= 0)
    {
      *plies = c->best_win + 1;
      return DR_EGDB_WIN;
    }
  if (c->unknown)
    return DR_EGDB_UNKNOWN;
  if (c->draw)
    {
      *plies = 0;
      return DR_EGDB_DRAW;
    }
  *plies = c->worst_loss + 1;
  return DR_EGDB_LOSS;
}

DrEgdbValue
_dr_egdb_value (const DrEgdb     *self,
                const DrPosition *pos,
                int              *plies,
                DrMoveList       *scratch,
                const EgdbTable **damaged)
{
  const DrRules *rules = self->rules;
  const EgdbPart *part;
  Combine c = { -1, false, -1, false };
  DrMovesKind kind;

  if (pos->pieces[pos->turn] == 0)
    {
      /* No piece, no move: the game is over (004 1.8.1). */
      if (plies != NULL)
        *plies = 0;
      return rules->giveaway ? DR_EGDB_WIN : DR_EGDB_LOSS;
    }
  if (pos->pieces[pos->turn ^ 1] == 0)
    return DR_EGDB_UNKNOWN;
  part = part_of (self, pos);
  kind = dr_movegen_kind (rules, pos);
  if (kind != DR_MOVES_CAPTURE)
    {
      const EgdbTable *bad = NULL;
      DrEgdbValue v;

      if (part == NULL)
        return DR_EGDB_UNKNOWN;
      v = stored_value (rules, part, _dr_egdb_index (&self->board, pos), plies, &bad);
      if (bad != NULL && damaged != NULL && *damaged == NULL)
        *damaged = bad;
      return v;
    }

  /* Not stored: a one-ply search over the captures, whose successors have
   * fewer pieces (the recursion ends within the piece count). */
  dr_movegen_legal (rules, pos, scratch);
  for (unsigned i = 0; i < scratch->n; i++)
    {
      DrPosition child;
      int p = 0;
      DrEgdbValue v;

      dr_position_apply (&child, pos, &scratch->moves[i]);
      v = _dr_egdb_value (self, &child, plies != NULL ? &p : NULL, scratch + 1, damaged);
      combine_add (&c, v, p);
      if (v == DR_EGDB_UNKNOWN)
        break;
    }
  {
    int dummy = 0;
    return combine_value (&c, plies != NULL ? plies : &dummy);
  }
}

int
dr_egdb_count_limit (const DrRules    *rules,
                     const DrPosition *pos)
{
  int men[2], kings[2], limit = 0;

  for (int s = 0; s < 2; s++)
    {
      men[s] = dr_bb_count (pos->pieces[s] & ~pos->kings);
      kings[s] = dr_bb_count (pos->pieces[s] & pos->kings);
    }
  for (unsigned i = 0; i < rules->n_draw_rules; i++)
    {
      const DrDrawRule *r = &rules->draw_rules[i];
      bool applies = false;

      switch (r->kind)
        {
        case DR_DRAW_NO_PROGRESS:
        case DR_DRAW_KINGS_ONLY:
          applies = true;
          break;
        case DR_DRAW_ENDGAME:
          /* The material conditions of the rule (dr-draw.c reads the
           * same fields), for either side as the stronger. */
          for (int strong = 0; strong < 2 && !applies; strong++)
            {
              int weak = 1 - strong;
              int ns = men[strong] + kings[strong], nw = men[weak] + kings[weak];
              bool ok = true;

              if (r->both_kings && (kings[0] == 0 || kings[1] == 0))
                ok = false;
              if (r->total_max != 0 && (ns + nw < r->total_min || ns + nw > r->total_max))
                ok = false;
              if (r->strong_max != 0 && (ns < r->strong_min || ns > r->strong_max))
                ok = false;
              if (kings[strong] < r->strong_min_kings)
                ok = false;
              if (r->strong_kings_only && men[strong] != 0)
                ok = false;
              if (r->weak_pieces != 0 && nw != r->weak_pieces)
                ok = false;
              if (r->weak_kings_only && men[weak] != 0)
                ok = false;
              if (ok && (r->on_main_road || r->off_main_road))
                {
                  bool on = (pos->pieces[weak] & ~dr_draw_main_road (rules)) == 0;
                  ok = on == r->on_main_road;
                }
              applies = ok;
            }
          break;
        case DR_DRAW_REPETITION:
        case DR_DRAW_LONE_KINGS:
        default:
          break;
        }
      if (applies && r->limit > 0 && (limit == 0 || r->limit < limit))
        limit = r->limit;
    }
  return limit;
}

/* The table's choice among the legal moves of @pos, whose value is @value:
 * the fastest win, the slowest loss, a move that keeps the draw. */
static bool
best_move (const DrEgdb     *self,
           const DrPosition *pos,
           DrEgdbValue       value,
           int               plies,
           DrMoveList       *lists,
           DrMove           *best,
           const EgdbTable **damaged)
{
  DrMoveList *list = &lists[0];

  dr_movegen_legal (self->rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;
      int p = 0;
      DrEgdbValue v;

      dr_position_apply (&child, pos, &list->moves[i]);
      v = _dr_egdb_value (self, &child, &p, lists + 1, damaged);
      if ((value == DR_EGDB_WIN && v == DR_EGDB_LOSS && p + 1 == plies)
          || (value == DR_EGDB_LOSS && v == DR_EGDB_WIN && p + 1 == plies)
          || (value == DR_EGDB_DRAW && v == DR_EGDB_DRAW))
        {
          *best = list->moves[i];
          return true;
        }
    }
  return false;
}

#define N_LISTS (EGDB_MAX_PIECES + 2)

gboolean
dr_egdb_probe (const DrEgdb     *self,
               const DrPosition *pos,
               DrEgdbProbe      *result,
               GError          **error)
{
  g_autofree DrMoveList *lists = g_new0 (DrMoveList, N_LISTS);
  int n = dr_bb_count (dr_position_occupied (pos));
  int plies = 0;
  DrEgdbValue v = DR_EGDB_UNKNOWN;
  const EgdbTable *damaged = NULL;

  memset (result, 0, sizeof *result);
  if (n <= EGDB_MAX_PIECES + 1 && pos->pieces[pos->turn ^ 1] != 0)
    v = _dr_egdb_value (self, pos, &plies, lists, &damaged);
  if (damaged != NULL)
    {
      _dr_egdb_damage_error (damaged, error);
      return FALSE;
    }
  if (v == DR_EGDB_UNKNOWN)
    {
      g_autofree char *fen = dr_fen_write (self->rules, pos, self->rules->notation);
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISSING,
                   _("%s is not in the %s endgame tables (they cover up to %d pieces)"),
                   fen, self->rules->name, self->max_pieces);
      return FALSE;
    }
  result->value = v;
  result->plies = v == DR_EGDB_DRAW ? 0 : plies;
  result->moves = (result->plies + 1) / 2;
  if (pos->pieces[pos->turn] != 0)
    result->has_best = best_move (self, pos, v, plies, lists, &result->best, &damaged);

  /* The count rules along the table's line, counted from here. */
  if (v != DR_EGDB_DRAW && result->has_best)
    {
      g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
      DrPosition cur = *pos;
      DrEgdbValue cv = v;
      int cp = plies;

      g_array_append_val (history, cur);
      for (int ply = 0; ply < plies && result->count_rule == NULL; ply++)
        {
          DrMove m;

          if (!best_move (self, &cur, cv, cp, lists, &m, &damaged))
            break;
          dr_position_apply (&cur, &cur, &m);
          g_array_append_val (history, cur);
          cv = cv == DR_EGDB_WIN ? DR_EGDB_LOSS : DR_EGDB_WIN;
          cp--;
          if (cp == 0)
            break;     /* the game is over before any count ends it */
          for (unsigned i = 0; i < self->rules->n_draw_rules; i++)
            {
              const DrDrawRule *r = &self->rules->draw_rules[i];
              if (r->kind == DR_DRAW_REPETITION || r->kind == DR_DRAW_LONE_KINGS)
                continue;
              if (dr_draw_rule_holds (self->rules, r, (const DrPosition *) (void *) history->data, history->len))
                {
                  result->count_rule = r;
                  result->count_rule_move = ply / 2 + 1;
                  break;
                }
            }
        }
    }
  /* A damaged table met on the way (the best move, the line): no answer
   * rather than one with a piece missing. */
  if (damaged != NULL)
    {
      memset (result, 0, sizeof *result);
      _dr_egdb_damage_error (damaged, error);
      return FALSE;
    }
  return TRUE;
}

int
dr_egdb_line (const DrEgdb     *self,
              const DrPosition *pos,
              DrMove           *moves,
              int               max)
{
  g_autofree DrMoveList *lists = g_new0 (DrMoveList, N_LISTS);
  DrPosition cur = *pos;
  int plies = 0, n = 0;
  DrEgdbValue v;

  if (dr_bb_count (dr_position_occupied (pos)) > EGDB_MAX_PIECES + 1 || pos->pieces[pos->turn ^ 1] == 0
      || pos->pieces[pos->turn] == 0)
    return 0;
  v = _dr_egdb_value (self, &cur, &plies, lists, NULL);
  while (n < max && v != DR_EGDB_UNKNOWN && (v == DR_EGDB_DRAW || plies > 0)
         && cur.pieces[cur.turn] != 0 && cur.pieces[cur.turn ^ 1] != 0)
    {
      if (!best_move (self, &cur, v, plies, lists, &moves[n], NULL))
        break;
      dr_position_apply (&cur, &cur, &moves[n]);
      n++;
      if (v != DR_EGDB_DRAW)
        {
          v = v == DR_EGDB_WIN ? DR_EGDB_LOSS : DR_EGDB_WIN;
          plies--;
        }
    }
  return n;
}

/* Counting ----------------------------------------------------------------- */

guint64
dr_egdb_count_positions (const DrRules *rules,
                         int            pieces)
{
  EgdbBoard board;
  guint64 total = 0;
  int n, half, common;

  _dr_egdb_board_init (&board, rules);
  n = board.n, half = board.half, common = n - 2 * half;
  /* White's men: i on Black's crowning row (where Black's men cannot
   * stand), the rest on the common squares; Black's men: j on White's
   * crowning row, the rest on the common squares left. */
  for (int a = 0; a <= pieces; a++)
    for (int c = 0; a + c <= pieces; c++)
      for (int b = 0; a + b + c <= pieces; b++)
        {
          int d = pieces - a - b - c;
          guint64 men = 0;

          for (int i = 0; i <= a; i++)
            for (int j = 0; j <= c; j++)
              men += board.binomial[half][i] * board.binomial[common][a - i]
                     * board.binomial[half][j]
                     * (common - (a - i) >= 0 ? board.binomial[common - (a - i)][c - j] : 0);
          total += men * board.binomial[n - a - c][b] * board.binomial[n - a - c - b][d];
        }
  return total;
}

/* Verifying --------------------------------------------------------------- */

/* One part's blocks, handed out in order to the verifying threads.  A
 * mismatch in block b stops the hand-out at b; blocks before it are still
 * finished, so the error reported is always the first in index order,
 * whatever the number of threads.  Each thread keeps its own first error
 * (VerifyWorker) and the caller picks the lowest block after joining them:
 * no lock, so nothing ThreadSanitizer cannot see (GLib's GMutex waits on a
 * futex it does not know; tests/tsan.supp). */
typedef struct
{
  const DrEgdb     *db;
  const EgdbTable  *table;
  const EgdbPart   *part;
  int               part_index;
  GCancellable     *cancellable;
  atomic_uint       next_block;
  atomic_uint       stop_at;       /* no block from here on is started */
  atomic_uint_fast64_t checked;
  atomic_uint_fast64_t done;       /* values read */
} VerifyJob;

typedef struct
{
  VerifyJob *job;
  guint32    error_block;          /* the block that failed, if error is set */
  GError    *error;
} VerifyWorker;

static void
verify_fail (VerifyWorker *w,
             guint32       b,
             GError       *error)
{
  VerifyJob *job = w->job;
  unsigned cur = atomic_load (&job->stop_at);

  /* A thread stops at its first failure, so this is its only error. */
  g_assert (w->error == NULL);
  w->error = error;
  w->error_block = b;
  /* atomic min */
  while (b < cur && !atomic_compare_exchange_weak (&job->stop_at, &cur, b))
    ;
}

/* Checks block @b of the job's part; FALSE with @error on a mismatch or a
 * damaged block. */
static gboolean
verify_block (VerifyJob        *job,
              guint32           b,
              guint16          *block,
              DrMoveList       *lists,
              EgdbUnindexCache *cache,
              guint64          *count,
              GError          **error)
{
  const DrEgdb *self = job->db;
  const DrRules *rules = self->rules;
  const EgdbPart *part = job->part;
  guint64 start = (guint64) b * EGDB_BLOCK;
  int n = (int) MIN ((guint64) EGDB_BLOCK, part->n_values - start);
  const EgdbTable *damaged = NULL;

  if (!_dr_egdb_part_block (part, b, block))
    {
      /* The distance file's block, or the win/draw/loss file's. */
      const EgdbTable *bad = job->table->dist != NULL && atomic_load (&job->table->dist->damage) != 0
                             ? job->table->dist : job->table;
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
                   _("endgame table %s is refused: block %u of part %d is damaged"),
                   bad->path, b, job->part_index);
      return FALSE;
    }
  for (int j = 0; j < n; j++)
    {
      DrPosition pos;
      Combine c = { -1, false, -1, false };
      int stored_plies = 0, plies = 0;
      DrEgdbValue stored, v;

      if (!_dr_egdb_unindex_cached (&self->board, part->material, start + (guint64) j, &pos, cache))
        continue;
      if (dr_movegen_has_capture (rules, &pos))
        continue;
      stored = decode (rules, block[j], &stored_plies);
      dr_movegen_legal (rules, &pos, &lists[0]);
      if (lists[0].n == 0)
        {
          v = rules->giveaway ? DR_EGDB_WIN : DR_EGDB_LOSS;
          plies = 0;
        }
      else
        {
          for (unsigned i = 0; i < lists[0].n; i++)
            {
              DrPosition child;
              int cp = 0;
              DrEgdbValue cv;

              dr_position_apply (&child, &pos, &lists[0].moves[i]);
              cv = _dr_egdb_value (self, &child, &cp, lists + 1, &damaged);
              combine_add (&c, cv, cp);
            }
          v = combine_value (&c, &plies);
        }
      if (damaged != NULL)
        {
          _dr_egdb_damage_error (damaged, error);
          return FALSE;
        }
      (*count)++;
      if (v != stored || plies != stored_plies || v == DR_EGDB_UNKNOWN)
        {
          g_autofree char *fen = dr_fen_write (rules, &pos, rules->notation);
          static const char *names[] = { "unknown", "win", "draw", "loss" };
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISMATCH,
                       _("endgame table %s: %s is stored as %s in %d plies, its successors say %s in %d"),
                       job->table->name, fen, names[stored], stored_plies, names[v], plies);
          return FALSE;
        }
    }
  return TRUE;
}

/* Takes blocks until none is left; the calling thread (@pr non-NULL)
 * also reports the progress. */
static void
verify_run (VerifyWorker         *w,
            DrEgdbProgress       *pr,
            guint64               pr_base,
            DrEgdbProgressFunc    progress,
            gpointer              user_data)
{
  g_autofree DrMoveList *lists = g_new0 (DrMoveList, N_LISTS + 1);
  g_autofree guint16 *block = g_new (guint16, EGDB_BLOCK);
  EgdbUnindexCache cache = { 0 };
  VerifyJob *job = w->job;
  guint64 count = 0, reported = 0;

  for (;;)
    {
      guint32 b = atomic_fetch_add (&job->next_block, 1);
      GError *error = NULL;
      guint64 n;

      if (b >= job->part->n_blocks || b >= atomic_load (&job->stop_at))
        break;
      if (g_cancellable_set_error_if_cancelled (job->cancellable, &error)
          || !verify_block (job, b, block, lists, &cache, &count, &error))
        {
          verify_fail (w, b, error);
          break;
        }
      n = MIN ((guint64) EGDB_BLOCK, job->part->n_values - (guint64) b * EGDB_BLOCK);
      n = atomic_fetch_add (&job->done, n) + n;
      if (pr != NULL && progress != NULL && n - reported >= 256 * (guint64) EGDB_BLOCK)
        {
          reported = n;
          pr->done = pr_base + n;
          progress (pr, user_data);
        }
    }
  atomic_fetch_add (&job->checked, count);
}

static gpointer
verify_thread (gpointer data)
{
  verify_run (data, NULL, 0, NULL, NULL);
  return NULL;
}

gboolean
dr_egdb_verify (const DrEgdb      *self,
                const char        *slice,
                int                threads,
                DrEgdbProgressFunc progress,
                gpointer           user_data,
                GCancellable      *cancellable,
                guint64           *checked,
                GError           **error)
{
  guint64 count = 0;
  int n_threads = CLAMP (threads, 1, 64);

  if (checked != NULL)
    *checked = 0;
  for (guint t = 0; t < self->tables->len; t++)
    {
      EgdbTable *table = g_ptr_array_index (self->tables, t);
      const guint8 *data = (const guint8 *) g_mapped_file_get_contents (table->file);
      DrEgdbProgress pr = { table->name, (int) t, (int) self->tables->len, "verify", 0, 0 };

      if (slice != NULL && strcmp (slice, table->name) != 0)
        continue;
      for (const EgdbTable *f = table; f != NULL; f = f == table ? table->dist : NULL)
        {
          data = (const guint8 *) g_mapped_file_get_contents (f->file);
          if (_dr_egdb_file_checksum (data + EGDB_HEADER_SIZE, f->file_size - EGDB_HEADER_SIZE)
              != f->checksum)
            {
              g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
                           _("endgame table %s is refused: its data fail the checksum"), f->path);
              return FALSE;
            }
        }
      for (int p = 0; p < table->n_parts; p++)
        pr.total += table->parts[p].n_values;
      for (int p = 0; p < table->n_parts; p++)
        {
          VerifyJob job = { self, table, &table->parts[p], p, cancellable };
          VerifyWorker workers[64] = { { NULL } };
          GThread *thr[64] = { NULL };
          VerifyWorker *first = NULL;
          guint64 base = pr.done;

          atomic_init (&job.next_block, 0);
          atomic_init (&job.stop_at, UINT_MAX);
          atomic_init (&job.checked, 0);
          atomic_init (&job.done, 0);
          for (int i = 0; i < n_threads; i++)
            workers[i].job = &job;
          for (int i = 1; i < n_threads; i++)
            thr[i] = g_thread_new ("egdb-verify", verify_thread, &workers[i]);
          verify_run (&workers[0], &pr, base, progress, user_data);
          for (int i = 1; i < n_threads; i++)
            g_thread_join (thr[i]);
          count += atomic_load (&job.checked);
          for (int i = 0; i < n_threads; i++)
            if (workers[i].error != NULL
                && (first == NULL || workers[i].error_block < first->error_block))
              first = &workers[i];
          for (int i = 0; i < n_threads; i++)
            if (&workers[i] != first)
              g_clear_error (&workers[i].error);
          if (first != NULL)
            {
              g_propagate_error (error, first->error);
              return FALSE;
            }
          pr.done = base + table->parts[p].n_values;
          if (progress != NULL)
            progress (&pr, user_data);
        }
    }
  if (checked != NULL)
    *checked = count;
  return TRUE;
}
