/* dr-comment-private.h — embedded commands in move comments ([%cmd ...]):
 * what dr-marks.c and dr-clock.c share when they take theirs out
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* The command at [@open, @close] read: the text before it goes to @rest,
 * the command goes, and so does one of the spaces around it; returns
 * where the scan goes on. */
static inline const char *
_dr_comment_drop_command (GString    *rest,
                          const char *from,
                          const char *open,
                          const char *close)
{
  const char *p = close + 1;

  g_string_append_len (rest, from, open - from);
  if (rest->len > 0 && g_ascii_isspace (rest->str[rest->len - 1]))
    while (g_ascii_isspace (*p))
      p++;
  return p;
}

/* The comment's text left once its commands are out, from @p on, into
 * *@text (may be NULL): stripped, NULL when nothing is left.  Frees
 * @rest. */
static inline void
_dr_comment_finish (GString    *rest,
                    const char *p,
                    char      **text)
{
  g_string_append (rest, p);
  if (text != NULL)
    {
      g_strstrip (rest->str);
      *text = rest->str[0] != '\0' ? g_strdup (rest->str) : NULL;
    }
  g_string_free (rest, TRUE);
}
