/* dr-marks.c — arrows and coloured squares kept in a move's comment
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-marks"

#include "config.h"

#include "dr-marks.h"

#include "dr-comment-private.h"
#include "dr-geometry.h"
#include "dr-notation.h"

#include <string.h>

static const char color_letters[] = "GRBY";

static int
color_of (char c)
{
  const char *at = c != '\0' ? strchr (color_letters, c) : NULL;

  return at != NULL ? (int) (at - color_letters) : -1;
}

static const char *
skip_space (const char *p,
            const char *end)
{
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p;
}

/* One square at @p (before @end); -1 if there is none or it is no playing
 * square. */
static int
read_square (const DrRules *rules,
             const char   **p,
             const char    *end)
{
  char buf[8];
  size_t len = 0, consumed = 0;
  int bit;

  /* dr_geometry_parse_square() reads a NUL-terminated string. */
  while (*p + len < end && len < sizeof buf - 1 && g_ascii_isalnum ((*p)[len]))
    {
      buf[len] = (*p)[len];
      len++;
    }
  buf[len] = '\0';
  if (len == 0)
    return -1;
  bit = dr_geometry_parse_square (rules->geometry, buf, -1, &consumed);
  if (bit < 0 || consumed == 0)
    return -1;
  *p += consumed;
  return bit;
}

/* The items of a "%csl" (@arrows FALSE) or "%cal" command, from @p to @end
 * (the closing bracket), appended to @marks; FALSE (and @marks as it was)
 * if any item is not valid. */
static gboolean
read_items (const DrRules *rules,
            const char    *p,
            const char    *end,
            gboolean       arrows,
            GArray        *marks)
{
  guint before = marks->len;

  p = skip_space (p, end);
  while (p < end)
    {
      DrMark mark;
      int color = color_of (*p);
      int from, to;

      if (color < 0)
        goto invalid;
      p++;
      from = read_square (rules, &p, end);
      if (from < 0)
        goto invalid;
      to = from;
      if (arrows)
        {
          if (p < end && *p == '-')
            p++;
          to = read_square (rules, &p, end);
          if (to < 0 || to == from)
            goto invalid;
        }
      mark.from = (gint8) from;
      mark.to = (gint8) to;
      mark.color = (guint8) color;
      g_array_append_val (marks, mark);
      p = skip_space (p, end);
      if (p < end)
        {
          if (*p != ',')
            goto invalid;
          p = skip_space (p + 1, end);
          if (p == end)
            goto invalid;
        }
    }
  return TRUE;

invalid:
  g_array_set_size (marks, before);
  return FALSE;
}

GArray *
dr_marks_from_comment (const DrRules *rules,
                       const char    *comment,
                       char         **text)
{
  GArray *marks = g_array_new (FALSE, FALSE, sizeof (DrMark));
  GString *rest = g_string_new (NULL);
  const char *p = comment != NULL ? comment : "";

  for (;;)
    {
      const char *open = strstr (p, "[%c");
      const char *close;
      gboolean arrows;

      if (open == NULL)
        break;
      if (!(strncmp (open, "[%csl", 5) == 0 || strncmp (open, "[%cal", 5) == 0)
          || !(open[5] == ' ' || open[5] == '\t' || open[5] == '\n' || open[5] == ']'))
        {
          g_string_append_len (rest, p, open + 3 - p);
          p = open + 3;
          continue;
        }
      arrows = open[3] == 'a';
      close = strchr (open, ']');
      if (close == NULL || !read_items (rules, open + 5, close, arrows, marks))
        {
          /* Not ours to read: kept as it is. */
          g_string_append_len (rest, p, open + 5 - p);
          p = open + 5;
          continue;
        }
      /* The command goes, and one of the spaces around it. */
      p = _dr_comment_drop_command (rest, p, open, close);
    }
  _dr_comment_finish (rest, p, text);
  return marks;
}

static void
append_square (GString       *out,
               const DrRules *rules,
               int            bit,
               DrNotation     notation)
{
  char buf[8];

  g_string_append (out, dr_notation_square (rules, bit, notation, buf));
}

char *
dr_marks_to_comment (const DrRules *rules,
                     const char    *text,
                     const GArray  *marks,
                     DrNotation     notation)
{
  GString *out = g_string_new (text);

  for (int arrows = 0; arrows <= 1 && marks != NULL; arrows++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < marks->len; i++)
        {
          const DrMark *m = &g_array_index (marks, DrMark, i);

          if ((m->from != m->to) != arrows)
            continue;
          if (!any)
            g_string_append_printf (out, "%s[%%%s ", out->len > 0 ? " " : "", arrows ? "cal" : "csl");
          else
            g_string_append_c (out, ',');
          any = TRUE;
          g_string_append_c (out, color_letters[m->color & 3]);
          append_square (out, rules, m->from, notation);
          if (arrows)
            {
              if (notation != DR_NOTATION_ALGEBRAIC)
                g_string_append_c (out, '-');
              append_square (out, rules, m->to, notation);
            }
        }
      if (any)
        g_string_append_c (out, ']');
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

gboolean
dr_marks_toggle (GArray       *marks,
                 const DrMark *mark)
{
  for (guint i = 0; i < marks->len; i++)
    {
      DrMark *m = &g_array_index (marks, DrMark, i);

      if (m->from != mark->from || m->to != mark->to)
        continue;
      if (m->color == mark->color)
        {
          g_array_remove_index (marks, i);
          return FALSE;
        }
      m->color = mark->color;
      return TRUE;
    }
  g_array_append_val (marks, *mark);
  return TRUE;
}

char *
dr_marks_toggle_in_comment (const DrRules *rules,
                            const char    *comment,
                            const DrMark  *mark,
                            DrNotation     notation)
{
  g_autofree char *text = NULL;
  g_autoptr (GArray) marks = dr_marks_from_comment (rules, comment, &text);

  dr_marks_toggle (marks, mark);
  return dr_marks_to_comment (rules, text, marks, notation);
}
