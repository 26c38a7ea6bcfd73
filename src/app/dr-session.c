/* dr-session.c — a window's session file, read (no GTK)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See dr-session.h.  Moved out of dr_window_restore_session()
 * (dr-window-files.c), unchanged but for the window.
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-session.h"

#include "dr-pdn.h"

#include <glib/gi18n.h>
#include <string.h>

DrGame *
dr_session_read_game (const char     *pdn,
                      const char     *name,
                      const DrRules  *rules,
                      GError        **error)
{
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, name, "UTF-8", rules, error);
  DrGame *game = NULL;

  /* A game read in part is kept: it was written so (with its unread text). */
  if (reader == NULL || dr_pdn_reader_next_game (reader, &game, NULL) == DR_PDN_READ_END)
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, DR_PDN_ERROR, DR_PDN_ERROR_SYNTAX, _("%s: the session holds no game"), name);
      return NULL;
    }
  return game;
}

void
dr_session_clear (DrSession *session)
{
  g_clear_pointer (&session->uri, g_free);
  g_clear_pointer (&session->path, g_array_unref);
  g_clear_pointer (&session->current, dr_game_free);
  g_clear_pointer (&session->edits, g_ptr_array_unref);
  g_clear_pointer (&session->edit_index, g_array_unref);
  session->rules = NULL;
  session->game_index = -1;
  session->modified = FALSE;
}

gboolean
dr_session_parse (const char  *data,
                  gsize        length,
                  const char  *name,
                  DrSession   *session,
                  GError     **error)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();
  g_autofree char *variant = NULL;
  g_autofree char *pdn = NULL;
  g_autofree int *ints = NULL;
  g_auto (GStrv) edited = NULL;
  gsize n_path = 0;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (name != NULL && session != NULL, FALSE);

  memset (session, 0, sizeof *session);
  session->game_index = -1;
  if (!g_key_file_load_from_data (kf, data, length, G_KEY_FILE_NONE, error))
    {
      g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
  if (g_key_file_get_integer (kf, "Window", "version", NULL) != DR_SESSION_VERSION)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s: not a session file of this version"), name);
      return FALSE;
    }
  variant = g_key_file_get_string (kf, "Window", "variant", NULL);
  session->rules = variant != NULL ? dr_rules_from_name (variant) : NULL;
  if (session->rules == NULL)
    session->rules = &dr_rules_international;
  session->uri = g_key_file_get_string (kf, "Window", "file", NULL);
  if (g_key_file_has_key (kf, "Window", "game", NULL))
    session->game_index = g_key_file_get_integer (kf, "Window", "game", NULL);
  session->modified = g_key_file_get_boolean (kf, "Window", "modified", NULL);
  ints = g_key_file_get_integer_list (kf, "Window", "path", &n_path, NULL);
  session->path = g_array_new (FALSE, FALSE, sizeof (guint));
  for (gsize i = 0; i < n_path; i++)
    {
      guint k = (guint) MAX (ints[i], 0);
      g_array_append_val (session->path, k);
    }
  session->edits = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_game_free);
  session->edit_index = g_array_new (FALSE, FALSE, sizeof (guint));
  pdn = g_key_file_get_string (kf, "Game", "pdn", NULL);
  if (pdn != NULL && (session->current = dr_session_read_game (pdn, name, session->rules, error)) == NULL)
    goto fail;
  edited = g_key_file_get_keys (kf, "Edited", NULL, NULL);
  for (guint i = 0; edited != NULL && edited[i] != NULL; i++)
    {
      g_autofree char *text = g_key_file_get_string (kf, "Edited", edited[i], NULL);
      guint64 index;
      DrGame *game;

      if (!g_str_has_prefix (edited[i], "game-") || !g_ascii_string_to_unsigned (edited[i] + 5, 10, 0, G_MAXUINT - 1, &index, NULL)
          || text == NULL || (game = dr_session_read_game (text, name, session->rules, error)) == NULL)
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                         _("%s: “%s” is not a game of the session"), name, edited[i]);
          goto fail;
        }
      g_ptr_array_add (session->edits, game);
      g_array_append_val (session->edit_index, (guint) { (guint) index });
    }
  return TRUE;

fail:
  dr_session_clear (session);
  return FALSE;
}
