/* test-pdn-collection.c — a PDN file written back with its untouched games byte for byte
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The files are the real ones of shared/data/ (DRAUGHTSMAN_SHARED); the
 * Windows-1251 file is ussr1947.pdn converted, since shared/data holds
 * none (its Russian file is UTF-8).
 */

#include "config.h"

#include "dr-pdn-collection.h"

#include "test-util.h"

#include <string.h>

static char *
data_path (const char *file)
{
  g_autofree char *dir = test_shared_data_dir ();

  return dir != NULL ? g_build_filename (dir, file, NULL) : NULL;
}

/* The number of games a reader finds in @data. */
static guint
count_games (const char *data,
             gsize       len)
{
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (data, (gssize) len, "count", NULL, NULL, NULL);
  guint n = 0;

  g_assert_nonnull (reader);
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;

      if (dr_pdn_reader_next_game (reader, &game, NULL) == DR_PDN_READ_END)
        break;
      n++;
    }
  return n;
}

/* @game with a comment after its first move (or an opening comment). */
static DrGame *
edited_copy (const DrGame *game,
             const char   *comment)
{
  DrGame *copy = dr_game_copy (game);

  dr_game_node_set_comment_after (copy->root->children != NULL ? copy->root->children : copy->root,
                                  comment);
  return copy;
}

/* Where the text of entry @index starts in the written file, given that
 * the entries before it are written as their sources. */
static gsize
entry_offset (const DrPdnCollection *c,
              const char            *file_text,
              guint                  index)
{
  gsize at;

  /* The text before the first game: the file up to the first source. */
  at = (gsize) (strstr (file_text, dr_pdn_collection_get_entry (c, 0)->source) - file_text);
  for (guint i = 0; i < index; i++)
    at += strlen (dr_pdn_collection_get_entry (c, i)->source);
  return at;
}

/* Written without an edit, a collection is the file, byte for byte; its
 * entries' sources, end to end after the text before the first game, are
 * the file's text. */
static void
test_unchanged (void)
{
  static const char *const files[] = {
    "english/tinsley.pdn", "english/inferno.pdn", "international/nk2003-amsterdam.pdn",
    "italian/Campionato_Assoluto_2005-rounds1-4.pdn", "russian/ussr1947.pdn",
    "international/problems-Cat.C1.pdn", "pdn-edge-cases/should-fail/nested_comment.pdn",
    "pdn-edge-cases/should-parse/linecomment.pdn",
  };

  for (gsize f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = data_path (files[f]);
      g_autofree char *data = NULL;
      g_autofree char *out = NULL;
      g_autoptr (DrPdnCollection) c = NULL;
      g_autoptr (GError) error = NULL;
      gsize len, out_len;
      gboolean as_utf8 = TRUE;

      if (path == NULL)
        return;
      g_assert_true (g_file_get_contents (path, &data, &len, NULL));
      c = dr_pdn_collection_new_from_file (path, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (dr_pdn_collection_get_n_entries (c), ==, count_games (data, len));
      out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &out_len, &as_utf8);
      g_assert_false (as_utf8);
      g_assert_cmpmem (out, out_len, data, len);
    }
}

/* Game 37 of the 724 of tinsley.pdn edited: the file written holds the
 * bytes of the other 723 as they were, and 724 games. */
static void
test_edit_one (void)
{
  g_autofree char *path = data_path ("english/tinsley.pdn");
  g_autofree char *data = NULL;
  g_autofree char *out = NULL;
  g_autoptr (DrPdnCollection) c = NULL;
  g_autoptr (DrPdnCollection) back = NULL;
  g_autoptr (GError) error = NULL;
  const DrPdnEntry *entry;
  gsize len, out_len, before, after;
  guint n;

  if (path == NULL)
    return;
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  c = dr_pdn_collection_new_from_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  n = dr_pdn_collection_get_n_entries (c);
  g_assert_cmpuint (n, ==, 724);
  entry = dr_pdn_collection_get_entry (c, 36);
  g_assert_nonnull (entry->source);
  g_assert_null (entry->error);
  g_assert_true (dr_pdn_collection_get_game (c, 36) == entry->game);
  dr_pdn_collection_set_game (c, 36, edited_copy (entry->game, "edited here"));
  g_assert_nonnull (entry->edited);
  g_assert_true (dr_pdn_collection_get_game (c, 36) == entry->edited);

  out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &out_len, NULL);
  g_assert_cmpuint (strlen (out), ==, out_len);
  /* Games 1-36 as they were, then game 37 written anew, then games 38-724
   * as they were. */
  before = entry_offset (c, data, 36);
  after = len - before - strlen (entry->source);
  g_assert_cmpuint (out_len, >, before + after);
  g_assert_cmpmem (out, before, data, before);
  g_assert_cmpmem (out + out_len - after, after, data + len - after, after);
  g_assert_nonnull (g_strstr_len (out + before, (gssize) (out_len - before - after), "{edited here}"));
  g_assert_null (g_strstr_len (data, (gssize) len, "{edited here}"));

  back = dr_pdn_collection_new_from_bytes (out, out_len, "written", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (dr_pdn_collection_get_n_entries (back), ==, n);
  for (guint i = 0; i < n; i++)
    if (i != 36)
      g_assert_cmpstr (dr_pdn_collection_get_entry (back, i)->source, ==,
                       dr_pdn_collection_get_entry (c, i)->source);
  g_assert_cmpstr (dr_pdn_collection_get_game (back, 36)->root->children->comment_after, ==, "edited here");
  g_assert_cmpuint (dr_game_count_moves (dr_pdn_collection_get_game (back, 36)), ==,
                    dr_game_count_moves (entry->game));
}

/* A CRLF file stays CRLF: the written game too. */
static void
test_crlf (void)
{
  g_autofree char *path = data_path ("english/inferno.pdn");
  g_autofree char *data = NULL;
  g_autofree char *out = NULL;
  g_autoptr (DrPdnCollection) c = NULL;
  g_autoptr (GError) error = NULL;
  gsize len, out_len;
  guint lf = 0, crlf = 0;

  if (path == NULL)
    return;
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  c = dr_pdn_collection_new_from_bytes (data, len, "inferno.pdn", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dr_pdn_collection_get_line_end (c), ==, "\r\n");
  dr_pdn_collection_set_game (c, 10, edited_copy (dr_pdn_collection_get_game (c, 10), "crlf"));
  dr_pdn_collection_append (c, edited_copy (dr_pdn_collection_get_game (c, 0), "appended"));
  out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &out_len, NULL);
  for (gsize i = 0; i < out_len; i++)
    if (out[i] == '\n')
      {
        if (i > 0 && out[i - 1] == '\r')
          crlf++;
        else
          lf++;
      }
  g_assert_cmpuint (lf, ==, 0);
  g_assert_cmpuint (crlf, >, 0);
  g_assert_nonnull (strstr (out, "{crlf}"));
  g_assert_true (g_str_has_suffix (out, "\r\n"));
  g_assert_cmpuint (count_games (out, out_len), ==, 69);
}

/* A Windows-1251 file comes back in Windows-1251, untouched games byte for
 * byte; a character it cannot hold makes it UTF-8, and says so. */
static void
test_cp1251 (void)
{
  g_autofree char *path = data_path ("russian/ussr1947.pdn");
  g_autofree char *utf8 = NULL;
  g_autofree char *legacy = NULL;
  g_autofree char *out = NULL;
  g_autoptr (DrPdnCollection) c = NULL;
  g_autoptr (GError) error = NULL;
  gsize len, legacy_len, out_len, before, after;
  gboolean as_utf8 = TRUE;
  const DrPdnEntry *entry;
  DrGame *game;

  if (path == NULL)
    return;
  g_assert_true (g_file_get_contents (path, &utf8, &len, NULL));
  legacy = g_convert (utf8, (gssize) len, "WINDOWS-1251", "UTF-8", NULL, &legacy_len, &error);
  g_assert_no_error (error);
  g_assert_false (g_utf8_validate (legacy, (gssize) legacy_len, NULL));
  c = dr_pdn_collection_new_from_bytes (legacy, legacy_len, "ussr1947-cp1251.pdn", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (dr_pdn_collection_get_encoding (c), ==, "WINDOWS-1251");
  g_assert_cmpuint (dr_pdn_collection_get_n_entries (c), ==, 153);
  g_assert_true (dr_pdn_collection_get_rules (c) == &dr_rules_russian);

  /* An edit in Cyrillic: still Windows-1251. */
  entry = dr_pdn_collection_get_entry (c, 5);
  game = dr_game_copy (entry->game);
  dr_game_set_tag (game, "Annotator", "Ботвинник");
  dr_pdn_collection_set_game (c, 5, game);
  out = dr_pdn_collection_write (c, DR_NOTATION_ALGEBRAIC, &out_len, &as_utf8);
  g_assert_false (as_utf8);
  g_assert_false (g_utf8_validate (out, (gssize) out_len, NULL));
  {
    /* The other games' bytes, before and after game 6, as they were: the
     * file's text is the UTF-8 file converted, so the offsets are those of
     * the UTF-8 text converted. */
    gsize utf8_before = entry_offset (c, utf8, 5), n;
    g_autofree char *head = g_convert (utf8, (gssize) utf8_before, "WINDOWS-1251", "UTF-8", NULL, &before, NULL);
    g_autofree char *own = g_convert (entry->source, -1, "WINDOWS-1251", "UTF-8", NULL, &n, NULL);

    after = legacy_len - before - n;
    g_assert_cmpmem (out, before, legacy, before);
    g_assert_cmpmem (out + out_len - after, after, legacy + legacy_len - after, after);
    g_assert_cmpuint (out_len, >, before + after);
  }
  {
    g_autoptr (DrPdnCollection) back = dr_pdn_collection_new_from_bytes (out, out_len, "back", NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (dr_pdn_collection_get_encoding (back), ==, "WINDOWS-1251");
    g_assert_cmpuint (dr_pdn_collection_get_n_entries (back), ==, 153);
    g_assert_cmpstr (dr_game_get_tag (dr_pdn_collection_get_game (back, 5), "Annotator"), ==, "Ботвинник");
  }

  /* A character Windows-1251 does not have. */
  game = dr_game_copy (entry->game);
  dr_game_set_tag (game, "Annotator", "象棋");
  dr_pdn_collection_set_game (c, 5, game);
  g_clear_pointer (&out, g_free);
  out = dr_pdn_collection_write (c, DR_NOTATION_ALGEBRAIC, &out_len, &as_utf8);
  g_assert_true (as_utf8);
  g_assert_true (g_utf8_validate (out, (gssize) out_len, NULL));
  g_assert_nonnull (strstr (out, "[Annotator \"象棋\"]"));
  g_assert_cmpuint (count_games (out, out_len), ==, 153);
}

/* A BOM stays; a new game after a last one without a line end starts on
 * a line of its own; removing and appending keep the rest. */
static void
test_bom_append_remove (void)
{
  static const char pdn[] =
    "\xEF\xBB\xBF% kept\n\n[Event \"a\"]\n1. 32-28 *\n\n[Event \"b\"]\n1. 33-28 *\n\n"
    "[Event \"c\"]\n1. 34-29 18-23 2. 50-44 *";
  g_autoptr (DrPdnCollection) c = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  DrGame *game;
  gsize len;

  c = dr_pdn_collection_new_from_bytes (pdn, strlen (pdn), "bom.pdn", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (dr_pdn_collection_get_bom (c));
  g_assert_cmpstr (dr_pdn_collection_get_encoding (c), ==, "UTF-8");
  g_assert_cmpuint (dr_pdn_collection_get_n_entries (c), ==, 3);
  g_assert_cmpuint (dr_pdn_collection_count_errors (c), ==, 1);
  g_assert_nonnull (dr_pdn_collection_get_entry (c, 2)->error);
  g_assert_cmpstr (dr_pdn_collection_get_entry (c, 2)->source, ==, "[Event \"c\"]\n1. 34-29 18-23 2. 50-44 *");

  game = dr_game_new (&dr_rules_international, NULL);
  dr_game_set_tag (game, "Event", "d");
  g_assert_cmpuint (dr_pdn_collection_append (c, game), ==, 3);
  g_assert_null (dr_pdn_collection_get_entry (c, 3)->source);
  dr_pdn_collection_remove (c, 1);
  g_assert_cmpuint (dr_pdn_collection_get_n_entries (c), ==, 3);
  out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &len, NULL);
  g_assert_cmpstr (out, ==,
                   "\xEF\xBB\xBF% kept\n\n[Event \"a\"]\n1. 32-28 *\n\n"
                   "[Event \"c\"]\n1. 34-29 18-23 2. 50-44 *\n\n"
                   "[Event \"d\"]\n[GameType \"20\"]\n\n*\n");

  /* The game read in part, edited: its unread text goes with it. */
  game = dr_game_copy (dr_pdn_collection_get_game (c, 1));
  dr_game_set_tag (game, "Round", "2");
  dr_pdn_collection_set_game (c, 1, game);
  g_clear_pointer (&out, g_free);
  out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &len, NULL);
  g_assert_nonnull (strstr (out, "[Event \"c\"]\n[Round \"2\"]\n[GameType \"20\"]\n\n"
                                 "1. 34-29 18-23 {[%unread] 2. 50-44 *} *\n\n[Event \"d\"]"));
}

/* A game of tags alone before another game is an entry of its own, its
 * tags and its text kept; editing the next game leaves its text as it
 * was (issue 25: the second game's tags used to replace the first's, so
 * the collection had one entry for the two). */
static void
test_tags_only (void)
{
  static const char pdn[] =
    "[Event \"a\"]\n[White \"Scholma\"]\n[Black \"Messemaker\"]\n"
    "[Event \"b\"]\n[White \"Jansen\"]\n1. 32-28 *\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnCollection) c = dr_pdn_collection_new_from_bytes (pdn, strlen (pdn), "tags.pdn", NULL,
                                                                    NULL, &error);
  const DrPdnEntry *first;
  g_autofree char *out = NULL;
  DrGame *game;
  gsize len;

  g_assert_no_error (error);
  g_assert_cmpuint (dr_pdn_collection_get_n_entries (c), ==, 2);
  first = dr_pdn_collection_get_entry (c, 0);
  g_assert_null (first->error);
  g_assert_cmpstr (first->source, ==, "[Event \"a\"]\n[White \"Scholma\"]\n[Black \"Messemaker\"]\n");
  g_assert_cmpstr (dr_game_get_tag (first->game, "White"), ==, "Scholma");
  g_assert_cmpstr (dr_game_get_tag (first->game, "Black"), ==, "Messemaker");
  g_assert_cmpuint (dr_game_count_moves (first->game), ==, 0);
  g_assert_cmpstr (dr_game_get_tag (dr_pdn_collection_get_game (c, 1), "Event"), ==, "b");
  g_assert_null (dr_game_get_tag (dr_pdn_collection_get_game (c, 1), "Black"));
  out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &len, NULL);
  g_assert_cmpstr (out, ==, pdn);
  g_clear_pointer (&out, g_free);

  game = dr_game_copy (dr_pdn_collection_get_game (c, 1));
  dr_game_set_tag (game, "Round", "2");
  dr_pdn_collection_set_game (c, 1, game);
  out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &len, NULL);
  g_assert_true (g_str_has_prefix (out, first->source));
  g_assert_nonnull (strstr (out + strlen (first->source), "[Round \"2\"]"));
}

/* An empty collection, games appended: a new file. */
static void
test_new_file (void)
{
  g_autoptr (DrPdnCollection) c = dr_pdn_collection_new ();
  g_autofree char *out = NULL;
  gsize len;

  out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &len, NULL);
  g_assert_cmpuint (len, ==, 0);
  g_free (out);
  dr_pdn_collection_append (c, dr_game_new (&dr_rules_russian, NULL));
  dr_pdn_collection_append (c, dr_game_new (&dr_rules_english, NULL));
  out = dr_pdn_collection_write (c, DR_NOTATION_NUMERIC, &len, NULL);
  g_assert_cmpstr (out, ==, "[GameType \"25\"]\n\n*\n\n[GameType \"21\"]\n\n*\n");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pdn/collection/unchanged", test_unchanged);
  g_test_add_func ("/pdn/collection/edit-one", test_edit_one);
  g_test_add_func ("/pdn/collection/crlf", test_crlf);
  g_test_add_func ("/pdn/collection/windows-1251", test_cp1251);
  g_test_add_func ("/pdn/collection/bom-append-remove", test_bom_append_remove);
  g_test_add_func ("/pdn/collection/new-file", test_new_file);
  g_test_add_func ("/pdn/collection/tags-only", test_tags_only);
  return g_test_run ();
}
