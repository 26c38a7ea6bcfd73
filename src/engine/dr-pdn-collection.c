/* dr-pdn-collection.c — a PDN file as its games, written back untouched
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader gives each game's span in the file's text (UTF-8), and the
 * spans follow each other without gaps (dr_pdn_reader_game_span()), so the
 * text before the first game and the entries' sources, put end to end,
 * are the file's text.  Writing keeps that text for every entry not
 * edited; only edited and new entries are written by dr_pdn_write_game().
 * The whole is then encoded as the file was: the same legacy encoding if
 * every character fits (a CP1251 file whose entries were not edited comes
 * back byte for byte, since CP1251 and UTF-8 map one to one), the same
 * BOM, and the file's line end on the written entries (the writer writes
 * "\n").
 */

#define G_LOG_DOMAIN "dr-pdn"

#include "config.h"

#include "dr-pdn-collection.h"

#include <string.h>

struct _DrPdnCollection
{
  char          *encoding;
  gboolean       bom;
  const char    *line_end;
  char          *prefix;          /* the text before the first game */
  GPtrArray     *entries;         /* DrPdnEntry * */
  const DrRules *rules;           /* for the games that name no variant */
  char          *variant_report;
};

static void
entry_free (DrPdnEntry *entry)
{
  g_free (entry->source);
  g_clear_pointer (&entry->game, dr_game_free);
  g_clear_error (&entry->error);
  g_clear_pointer (&entry->edited, dr_game_free);
  g_free (entry);
}

/**
 * dr_pdn_collection_new:
 *
 * Returns: (transfer full): a collection without games, to append to
 */
DrPdnCollection *
dr_pdn_collection_new (void)
{
  DrPdnCollection *self = g_new0 (DrPdnCollection, 1);

  self->encoding = g_strdup ("UTF-8");
  self->line_end = "\n";
  self->prefix = g_strdup ("");
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  return self;
}

/* The line end @text uses most: CRLF, LF or a lone CR (old Macintosh
 * files; the Italian file of shared/data has some). */
static const char *
find_line_end (const char *text,
               gsize       len)
{
  gsize crlf = 0, lf = 0, cr = 0;

  for (gsize i = 0; i < len; i++)
    if (text[i] == '\r')
      {
        if (i + 1 < len && text[i + 1] == '\n')
          {
            crlf++;
            i++;
          }
        else
          cr++;
      }
    else if (text[i] == '\n')
      lf++;
  if (crlf > lf && crlf >= cr)
    return "\r\n";
  if (cr > lf && cr > crlf)
    return "\r";
  return "\n";
}

/**
 * dr_pdn_collection_new_from_bytes:
 * @data: the file's bytes
 * @len: their number
 * @name: what messages call the file
 * @encoding: (nullable): the file's encoding, NULL to find it out
 * @rules: (nullable): the variant the caller would choose for games that
 *   name none; dr_pdn_reader_detect_variant() keeps it if their moves
 *   replay in it
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the collection, or NULL when the
 *   bytes are not text in @encoding (or in any encoding the reader knows)
 */
DrPdnCollection *
dr_pdn_collection_new_from_bytes (const char    *data,
                                  gsize          len,
                                  const char    *name,
                                  const char    *encoding,
                                  const DrRules *rules,
                                  GError       **error)
{
  g_autoptr (DrPdnReader) reader = NULL;
  DrPdnCollection *self;
  const char *text;
  gsize text_len;
  gboolean first = TRUE;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  reader = dr_pdn_reader_new (data != NULL ? data : "", (gssize) len, name, encoding, rules, error);
  if (reader == NULL)
    return NULL;
  self = dr_pdn_collection_new ();
  g_free (self->encoding);
  self->encoding = g_strdup (dr_pdn_reader_get_encoding (reader));
  self->bom = dr_pdn_reader_get_bom (reader);
  text = dr_pdn_reader_get_text (reader, &text_len);
  self->line_end = find_line_end (text, text_len);
  self->rules = dr_pdn_reader_detect_variant (reader, &self->variant_report);
  g_free (self->prefix);
  self->prefix = NULL;
  for (;;)
    {
      DrPdnEntry *entry = g_new0 (DrPdnEntry, 1);
      DrPdnRead read = dr_pdn_reader_next_game (reader, &entry->game, &entry->error);
      gsize start, end;

      dr_pdn_reader_game_span (reader, &start, &end);
      if (first)
        self->prefix = g_strndup (text, start);
      first = FALSE;
      if (read == DR_PDN_READ_END)
        {
          entry_free (entry);
          break;
        }
      entry->source = g_strndup (text + start, end - start);
      g_ptr_array_add (self->entries, entry);
    }
  return self;
}

/**
 * dr_pdn_collection_new_from_file:
 * @path: the file
 * @encoding: (nullable): as in dr_pdn_collection_new_from_bytes()
 * @rules: (nullable): as in dr_pdn_collection_new_from_bytes()
 * @error: return location for a #GError (DR_PDN_ERROR_IO if the file
 *   cannot be read)
 *
 * Returns: (transfer full) (nullable): the collection
 */
DrPdnCollection *
dr_pdn_collection_new_from_file (const char    *path,
                                 const char    *encoding,
                                 const DrRules *rules,
                                 GError       **error)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) local = NULL;
  gsize len;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &data, &len, &local))
    {
      g_set_error (error, DR_PDN_ERROR, DR_PDN_ERROR_IO, "%s", local->message);
      return NULL;
    }
  return dr_pdn_collection_new_from_bytes (data, len, path, encoding, rules, error);
}

void
dr_pdn_collection_free (DrPdnCollection *self)
{
  if (self == NULL)
    return;
  g_free (self->encoding);
  g_free (self->prefix);
  g_ptr_array_unref (self->entries);
  g_free (self->variant_report);
  g_free (self);
}

guint
dr_pdn_collection_get_n_entries (const DrPdnCollection *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->entries->len;
}

/**
 * dr_pdn_collection_get_entry:
 * @self: a collection
 * @index: an entry, less than dr_pdn_collection_get_n_entries()
 *
 * Returns: (transfer none): the entry; valid until the collection changes
 */
const DrPdnEntry *
dr_pdn_collection_get_entry (const DrPdnCollection *self,
                             guint                  index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);

  return g_ptr_array_index (self->entries, index);
}

const DrGame *
dr_pdn_collection_get_game (const DrPdnCollection *self,
                            guint                  index)
{
  const DrPdnEntry *entry = dr_pdn_collection_get_entry (self, index);

  if (entry == NULL)
    return NULL;
  return entry->edited != NULL ? entry->edited : entry->game;
}

guint
dr_pdn_collection_count_errors (const DrPdnCollection *self)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->entries->len; i++)
    if (((DrPdnEntry *) g_ptr_array_index (self->entries, i))->error != NULL)
      n++;
  return n;
}

/**
 * dr_pdn_collection_set_game:
 * @self: a collection
 * @index: an entry
 * @game: (transfer full): its new game
 *
 * The entry keeps its source and the game read (to go back to), but is
 * written from @game from now on.
 */
void
dr_pdn_collection_set_game (DrPdnCollection *self,
                            guint            index,
                            DrGame          *game)
{
  DrPdnEntry *entry;

  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->entries->len);
  g_return_if_fail (game != NULL);

  entry = g_ptr_array_index (self->entries, index);
  if (entry->edited != game)
    {
      g_clear_pointer (&entry->edited, dr_game_free);
      entry->edited = game;
    }
}

/**
 * dr_pdn_collection_append:
 * @self: a collection
 * @game: (transfer full): a new game
 *
 * Returns: the index of its entry, the last
 */
guint
dr_pdn_collection_append (DrPdnCollection *self,
                          DrGame          *game)
{
  DrPdnEntry *entry;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (game != NULL, 0);

  entry = g_new0 (DrPdnEntry, 1);
  entry->edited = game;
  g_ptr_array_add (self->entries, entry);
  return self->entries->len - 1;
}

void
dr_pdn_collection_remove (DrPdnCollection *self,
                          guint            index)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->entries->len);

  g_ptr_array_remove_index (self->entries, index);
}

const char *
dr_pdn_collection_get_encoding (const DrPdnCollection *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->encoding;
}

gboolean
dr_pdn_collection_get_bom (const DrPdnCollection *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->bom;
}

const char *
dr_pdn_collection_get_line_end (const DrPdnCollection *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->line_end;
}

const DrRules *
dr_pdn_collection_get_rules (const DrPdnCollection *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->rules;
}

const char *
dr_pdn_collection_get_variant_report (const DrPdnCollection *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->variant_report;
}

/* Appends @text with its "\n" as @line_end. */
static void
append_with_line_ends (GString    *out,
                       const char *text,
                       const char *line_end)
{
  for (const char *p = text; *p != '\0'; p++)
    if (*p == '\n')
      g_string_append (out, line_end);
    else
      g_string_append_c (out, *p);
}

static gboolean
ends_line (const GString *out)
{
  return out->len > 0 && (out->str[out->len - 1] == '\n' || out->str[out->len - 1] == '\r');
}

/**
 * dr_pdn_collection_write:
 * @self: a collection
 * @notation: the notation of the games written (edited or new)
 * @length: (out) (optional): the number of bytes returned
 * @as_utf8: (out) (optional): set to TRUE when the file's legacy encoding
 *   cannot hold every character and the text is UTF-8 instead
 *
 * Returns: (transfer full): the file's bytes, NUL-terminated
 */
char *
dr_pdn_collection_write (const DrPdnCollection *self,
                         DrNotation             notation,
                         gsize                 *length,
                         gboolean              *as_utf8)
{
  g_autoptr (GString) out = NULL;
  char *bytes;
  gsize n;

  g_return_val_if_fail (self != NULL, NULL);

  if (as_utf8 != NULL)
    *as_utf8 = FALSE;
  out = g_string_new (self->prefix);
  for (guint i = 0; i < self->entries->len; i++)
    {
      const DrPdnEntry *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *text = NULL;

      if (entry->edited == NULL)
        {
          g_string_append (out, entry->source);
          continue;
        }
      /* A written game starts on a line of its own, after a blank line,
       * unless the text before it is the start of the file or already
       * ends a line (the blank lines kept with the entry before). */
      if (out->len > 0 && !ends_line (out))
        {
          g_string_append (out, self->line_end);
          g_string_append (out, self->line_end);
        }
      text = dr_pdn_write_game (entry->edited, notation);
      append_with_line_ends (out, text, self->line_end);
      if (i + 1 < self->entries->len)
        g_string_append (out, self->line_end);
    }

  if (g_ascii_strcasecmp (self->encoding, "UTF-8") != 0)
    {
      bytes = g_convert (out->str, (gssize) out->len, self->encoding, "UTF-8", NULL, &n, NULL);
      if (bytes != NULL)
        {
          if (length != NULL)
            *length = n;
          return bytes;
        }
      /* A character the legacy encoding does not have. */
      if (as_utf8 != NULL)
        *as_utf8 = TRUE;
    }
  else if (self->bom)
    g_string_prepend (out, "\xEF\xBB\xBF");
  if (length != NULL)
    *length = out->len;
  return g_string_free (g_steal_pointer (&out), FALSE);
}
