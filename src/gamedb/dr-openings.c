/* dr-openings.c — named openings and ballots, recognised by position
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-openings"

#include "config.h"

#include "dr-openings.h"

#include "dr-fen.h"
#include "dr-gamedb-private.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (dr-openings-error-quark, dr_openings_error)

struct _DrOpeningBook
{
  GPtrArray  *entries;     /* DrOpening *, in the order read */
  GHashTable *by_key;      /* guint64 * key -> GPtrArray of DrOpening * */
  guint       max_depth;
};

static void
opening_free (gpointer data)
{
  DrOpening *o = data;

  g_free (o->code);
  g_free (o->name);
  g_free (o->name_en);
  g_free (o->moves);
  g_free (o->source);
  g_free (o->tabiya);
  g_free (o);
}

DrOpeningBook *
dr_opening_book_new (void)
{
  DrOpeningBook *self = g_new0 (DrOpeningBook, 1);

  self->entries = g_ptr_array_new_with_free_func (opening_free);
  self->by_key = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                        (GDestroyNotify) g_ptr_array_unref);
  return self;
}

void
dr_opening_book_free (DrOpeningBook *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->by_key);
  g_ptr_array_unref (self->entries);
  g_free (self);
}

guint
dr_opening_book_get_n (const DrOpeningBook *self)
{
  return self->entries->len;
}

const DrOpening *
dr_opening_book_get (const DrOpeningBook *self,
                     guint                index)
{
  g_return_val_if_fail (index < self->entries->len, NULL);
  return self->entries->pdata[index];
}

guint
dr_opening_book_max_depth (const DrOpeningBook *self)
{
  return self->max_depth;
}

/* A field of @fields, trimmed, or NULL when absent or empty. */
static char *
field (char **fields,
       guint  n,
       int    index)
{
  char *text;

  if (index < 0 || (guint) index >= n)
    return NULL;
  text = g_strstrip (g_strdup (fields[index]));
  if (*text == '\0')
    {
      g_free (text);
      return NULL;
    }
  return text;
}

static gboolean
has_field (char **fields,
           guint  n,
           int    index)
{
  g_autofree char *text = field (fields, n, index);

  return text != NULL;
}

/* Replays the defining moves @moves ("1.cd4 dc5 2.bc3", "9-13 22-18",
 * "ab4 ba5"), the first @max_plies of them: move numbers are skipped. */
static gboolean
replay_moves (const DrRules *rules,
              const char    *moves,
              guint          max_plies,
              DrPosition    *pos,
              guint         *depth,
              GError       **error)
{
  g_auto (GStrv) tokens = g_strsplit_set (moves, " \t", -1);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  dr_rules_initial (rules, pos);
  *depth = 0;
  for (guint i = 0; tokens[i] != NULL && *depth < max_plies; i++)
    {
      const char *t = tokens[i];
      DrMove move;

      /* "1.cd4", "3...gh4", "12." */
      while (g_ascii_isdigit (*t))
        t++;
      if (t != tokens[i] && *t != '.' && *t != '\0')
        t = tokens[i];          /* "9-13": a move, not a number */
      while (*t == '.')
        t++;
      if (*t == '\0')
        continue;
      dr_movegen_legal (rules, pos, legal);
      if (!dr_move_parse (rules, pos, legal, t, &move, error))
        return FALSE;
      dr_position_apply (pos, pos, &move);
      (*depth)++;
    }
  return TRUE;
}

/* A line of the FMJD table such as "11-IV | a1-a5 a7-h4 | W:W13,...":
 * men set up elsewhere before play, not moves; its FEN says where. */
static gboolean
position_from_fen (DrOpening  *o,
                   char      **fields,
                   guint       n,
                   int         index,
                   const char *moves)
{
  g_autofree char *fen = field (fields, n, index);
  g_auto (GStrv) tokens = NULL;

  if (fen == NULL || !dr_fen_parse (o->rules, fen, &o->position, NULL))
    return FALSE;
  tokens = g_strsplit (moves, " ", -1);
  o->depth = g_strv_length (tokens);
  return TRUE;
}

/* The sources a table's comment lines list: "#  [W-GP]  ru.wikipedia ..."
 * gives "[W-GP]". */
static GHashTable *
listed_sources (char **lines)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint l = 0; lines[l] != NULL; l++)
    {
      const char *t = lines[l];
      const char *end;

      while (*t == ' ' || *t == '\t')
        t++;
      if (*t != '#')
        continue;
      t++;
      while (*t == ' ' || *t == '\t')
        t++;
      if (*t == '[' && (end = strchr (t, ']')) != NULL)
        g_hash_table_add (keys, g_strndup (t, end - t + 1));
    }
  return keys;
}

/* The first source that @source cites in brackets and @keys does not
 * list, or NULL. */
static char *
unlisted_source (GHashTable *keys,
                 const char *source)
{
  for (const char *t = strchr (source, '['); t != NULL; t = strchr (t + 1, '['))
    {
      const char *end = strchr (t, ']');
      g_autofree char *key = NULL;

      if (end == NULL)
        return g_strdup (t);
      key = g_strndup (t, end - t + 1);
      if (!g_hash_table_contains (keys, key))
        return g_steal_pointer (&key);
    }
  return NULL;
}

/* Replays the tabiya's moves: after as many plies as the defining moves,
 * the position must be theirs (by their order or another), and the
 * tabiya must lie beyond it. */
static gboolean
check_tabiya (DrOpening *o,
              GError   **error)
{
  DrPosition pos;
  guint depth;

  if (!replay_moves (o->rules, o->tabiya, o->depth, &pos, &depth, error))
    return FALSE;
  if (depth != o->depth || !dr_position_equal (&pos, &o->position))
    {
      g_set_error_literal (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_TABIYA,
                           _("it does not pass through the position of the defining moves"));
      return FALSE;
    }
  if (!replay_moves (o->rules, o->tabiya, G_MAXUINT, &o->tabiya_position, &o->tabiya_depth, error))
    return FALSE;
  if (o->tabiya_depth <= o->depth)
    {
      g_set_error_literal (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_TABIYA,
                           _("it is no deeper than the defining moves"));
      return FALSE;
    }
  return TRUE;
}

static void
book_index (DrOpeningBook    *self,
            DrOpening        *o,
            const DrPosition *pos)
{
  guint64 key = _dr_gamedb_key (o->rules, pos);
  GPtrArray *list = g_hash_table_lookup (self->by_key, &key);

  if (list == NULL)
    {
      list = g_ptr_array_new ();
      g_hash_table_insert (self->by_key, g_memdup2 (&key, sizeof key), list);
    }
  if (list->len == 0 || list->pdata[list->len - 1] != o)
    g_ptr_array_add (list, o);
}

/* An entry is found by its position and, where it has one, by its
 * tabiya's. */
static void
book_insert (DrOpeningBook *self,
             DrOpening     *o)
{
  book_index (self, o, &o->position);
  if (o->tabiya_depth > 0)
    book_index (self, o, &o->tabiya_position);
  g_ptr_array_add (self->entries, o);
  self->max_depth = MAX (self->max_depth, MAX (o->depth, o->tabiya_depth));
}

gboolean
dr_opening_book_add_table (DrOpeningBook               *self,
                           const char                  *name,
                           const char                  *text,
                           const DrOpeningTableFormat  *format,
                           GError                     **error)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr (GHashTable) sources = listed_sources (lines);

  g_return_val_if_fail (format->moves >= 0 && format->rules != NULL, FALSE);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_auto (GStrv) fields = NULL;
      g_autoptr (GError) local = NULL;
      g_autofree char *moves = NULL;
      const char *line = lines[l];
      DrOpening *o;
      guint n;

      while (*line == ' ' || *line == '\t' || *line == '\r')
        line++;
      if (*line == '\0' || *line == '#')
        continue;
      fields = g_strsplit (line, "|", -1);
      n = g_strv_length (fields);
      moves = field (fields, n, format->moves);
      if (moves == NULL
          || !has_field (fields, n, format->kind == DR_OPENING_BALLOT ? format->code : format->name))
        {
          g_set_error (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_SYNTAX,
                       _("%s:%u: expected the fields of an opening separated by “|”"),
                       name, l + 1);
          return FALSE;
        }
      o = g_new0 (DrOpening, 1);
      o->kind = format->kind;
      o->rules = format->rules;
      if (format->kind == DR_OPENING_BALLOT)
        {
          g_autofree char *code = field (fields, n, format->code);

          o->code = format->code_prefix != NULL
                    ? g_strdup_printf ("%s %s", format->code_prefix, code)
                    : g_steal_pointer (&code);
        }
      o->name = field (fields, n, format->name);
      o->name_en = field (fields, n, format->name_en);
      o->source = field (fields, n, format->source);
      if (o->source != NULL)
        {
          g_autofree char *unlisted = unlisted_source (sources, o->source);

          if (unlisted != NULL)
            {
              g_set_error (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_SOURCE,
                           _("%s:%u: the source %s is not one the table’s header lists"),
                           name, l + 1, unlisted);
              opening_free (o);
              return FALSE;
            }
        }
      if (o->source == NULL && format->source_all != NULL)
        o->source = g_strdup (format->source_all);
      if (!replay_moves (o->rules, moves, G_MAXUINT, &o->position, &o->depth, &local)
          && !position_from_fen (o, fields, n, format->fen, moves))
        {
          g_set_error (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_MOVE,
                       _("%s:%u: the moves “%s” cannot be played (%s): %s"),
                       name, l + 1, moves, o->rules->name, local->message);
          opening_free (o);
          return FALSE;
        }
      o->moves = g_steal_pointer (&moves);
      o->tabiya = field (fields, n, format->tabiya);
      if (o->tabiya != NULL && !check_tabiya (o, &local))
        {
          g_set_error (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_TABIYA,
                       _("%s:%u: the tabiya “%s” (%s): %s"),
                       name, l + 1, o->tabiya, o->rules->name, local->message);
          opening_free (o);
          return FALSE;
        }
      book_insert (self, o);
    }
  return TRUE;
}

/* The tables built in.  The files cite their sources in their headers;
 * data/openings/README.md lists them. */
static gboolean
add_builtin (DrOpeningBook *self,
             const char    *path,
             DrOpeningTableFormat format,
             GError       **error)
{
  const char *text = _dr_gamedb_embedded_text (path);

  g_return_val_if_fail (text != NULL, FALSE);
  return dr_opening_book_add_table (self, path, text, &format, error);
}

DrOpeningBook *
dr_opening_book_new_builtin (GError **error)
{
  g_autoptr (DrOpeningBook) self = dr_opening_book_new ();
  /* name | English name | moves | source [| tabiya] */
  DrOpeningTableFormat names = {
    .kind = DR_OPENING_NAME, .code = -1, .name = 0, .name_en = 1, .moves = 2, .source = 3, .fen = -1,
    .tabiya = 4,
  };
  /* code | moves | FEN */
  DrOpeningTableFormat fmjd = {
    .kind = DR_OPENING_BALLOT, .code_prefix = "FMJD", .code = 0, .name = -1, .name_en = -1,
    .moves = 1, .source = -1, .fen = 2, .tabiya = -1,
    .source_all = "FMJD Drawing Table 64 (data/ballots, from lidraughts OpeningTable.scala)",
  };
  /* ACF | moves | deck | CTD | name | pyd_std | FEN */
  DrOpeningTableFormat acf = {
    .kind = DR_OPENING_BALLOT, .code_prefix = "ACF", .code = 0, .name = 4, .name_en = -1,
    .moves = 1, .source = -1, .fen = -1, .tabiya = -1,
    .source_all = "ACF three-move ballot (data/ballots, from CheckerBoard and pydraughts)",
  };

  names.rules = &dr_rules_russian;
  if (!add_builtin (self, "data/openings/russian.txt", names, error))
    return NULL;
  names.rules = &dr_rules_english;
  if (!add_builtin (self, "data/openings/english.txt", names, error))
    return NULL;
  names.rules = &dr_rules_international;
  if (!add_builtin (self, "data/openings/international.txt", names, error))
    return NULL;
  acf.rules = &dr_rules_english;
  if (!add_builtin (self, "data/ballots/english-three-move.txt", acf, error))
    return NULL;
  fmjd.rules = &dr_rules_russian;
  if (!add_builtin (self, "data/ballots/russian-fmjd-64.txt", fmjd, error))
    return NULL;
  fmjd.rules = &dr_rules_brazilian;
  if (!add_builtin (self, "data/ballots/brazilian-fmjd-64.txt", fmjd, error))
    return NULL;
  /* The ballot nicknames carry their citation ("Nutcracker [CB]"): the
   * label drops it. */
  for (guint i = 0; i < self->entries->len; i++)
    {
      DrOpening *o = self->entries->pdata[i];
      char *bracket;

      if (o->kind == DR_OPENING_BALLOT && o->name != NULL
          && (bracket = strchr (o->name, '[')) != NULL)
        {
          *bracket = '\0';
          g_strchomp (o->name);
        }
    }
  return g_steal_pointer (&self);
}

/* The deepest entry of @kind at @pos, and in @depth the plies of what
 * matched there: its defining moves or the moves to its tabiya. */
static const DrOpening *
lookup (const DrOpeningBook *self,
        const DrRules       *rules,
        const DrPosition    *pos,
        DrOpeningKind        kind,
        guint               *depth)
{
  guint64 key = _dr_gamedb_key (rules, pos);
  GPtrArray *list = g_hash_table_lookup (self->by_key, &key);
  const DrOpening *best = NULL;

  *depth = 0;
  if (list == NULL)
    return NULL;
  for (guint i = 0; i < list->len; i++)
    {
      const DrOpening *o = list->pdata[i];
      guint d = 0;

      if (o->kind != kind || o->rules != rules)
        continue;
      if (dr_position_equal (&o->position, pos))
        d = o->depth;
      if (o->tabiya_depth > 0 && dr_position_equal (&o->tabiya_position, pos))
        d = MAX (d, o->tabiya_depth);
      if (d > 0 && (best == NULL || d > *depth))
        {
          best = o;
          *depth = d;
        }
    }
  return best;
}

const DrOpening *
dr_opening_book_lookup (const DrOpeningBook *self,
                        const DrRules       *rules,
                        const DrPosition    *pos,
                        DrOpeningKind        kind)
{
  guint depth;

  return lookup (self, rules, pos, kind, &depth);
}

void
dr_opening_book_classify_line (const DrOpeningBook *self,
                               const DrRules       *rules,
                               const DrPosition    *line,
                               guint                n,
                               DrClassification    *out)
{
  memset (out, 0, sizeof *out);
  /* A defining line of d moves is met at ply d or, by a transposition
   * through captures, never later than d plus a few; the tables' depth
   * bounds the search. */
  n = MIN (n, self->max_depth + 1);
  for (guint ply = 0; ply < n; ply++)
    {
      guint name_depth, ballot_depth;
      const DrOpening *name = lookup (self, rules, &line[ply], DR_OPENING_NAME, &name_depth);
      const DrOpening *ballot = lookup (self, rules, &line[ply], DR_OPENING_BALLOT, &ballot_depth);

      if (name != NULL && (out->name == NULL || name_depth >= out->name_depth))
        {
          out->name = name;
          out->name_ply = ply;
          out->name_depth = name_depth;
        }
      if (ballot != NULL && (out->ballot == NULL || ballot_depth >= out->ballot_depth))
        {
          out->ballot = ballot;
          out->ballot_ply = ply;
          out->ballot_depth = ballot_depth;
        }
    }
}

void
dr_opening_book_classify (const DrOpeningBook *self,
                          const DrGame        *game,
                          DrClassification    *out)
{
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrPosition));

  for (DrGameNode *node = game->root; node != NULL && line->len <= self->max_depth;
       node = node->children)
    g_array_append_val (line, node->position);
  dr_opening_book_classify_line (self, game->rules, (const DrPosition *) line->data,
                                 line->len, out);
}

char *
dr_opening_get_label (const DrOpening *o)
{
  if (o->kind == DR_OPENING_BALLOT)
    return o->name != NULL ? g_strdup_printf ("%s (%s)", o->code, o->name) : g_strdup (o->code);
  if (o->name_en != NULL && g_strcmp0 (o->name_en, o->name) != 0)
    return g_strdup_printf ("%s (%s)", o->name, o->name_en);
  return g_strdup (o->name);
}

char *
dr_classification_to_tag (const DrClassification *c)
{
  g_autofree char *name = c->name != NULL ? dr_opening_get_label (c->name) : NULL;
  g_autofree char *ballot = c->ballot != NULL ? dr_opening_get_label (c->ballot) : NULL;

  if (name != NULL && ballot != NULL)
    return g_strdup_printf ("%s, %s", name, ballot);
  return name != NULL ? g_steal_pointer (&name) : g_steal_pointer (&ballot);
}
