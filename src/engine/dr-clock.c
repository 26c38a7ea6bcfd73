/* dr-clock.c — time controls, a game clock, and clock times in comments
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rule texts: shared/rules/004 (the Draughts code of Russia), articles
 * 3.8 (the clock and its flag) and 3.9 (time controls).
 */

#define G_LOG_DOMAIN "dr-clock"

#include "config.h"

#include "dr-clock.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (dr-time-control-error-quark, dr_time_control_error)

/* ------------------------------------------------------------------ */
/* Time controls                                                       */
/* ------------------------------------------------------------------ */

/**
 * dr_time_control_new:
 * @kind: timed, unknown ("?") or none ("-")
 * @periods: (array length=n_periods) (nullable): the periods, for
 *   %DR_TIME_CONTROL_TIMED
 * @n_periods: how many; more than 0 exactly when @kind is timed
 *
 * Returns: (transfer full): a new time control holding a copy of @periods
 */
DrTimeControl *
dr_time_control_new (DrTimeControlKind   kind,
                     const DrTimePeriod *periods,
                     guint               n_periods)
{
  DrTimeControl *control;

  g_return_val_if_fail ((kind == DR_TIME_CONTROL_TIMED) == (n_periods > 0), NULL);
  g_return_val_if_fail (n_periods == 0 || periods != NULL, NULL);

  control = g_new0 (DrTimeControl, 1);
  control->kind = kind;
  control->n_periods = n_periods;
  if (n_periods > 0)
    control->periods = g_memdup2 (periods, n_periods * sizeof *periods);
  return control;
}

/**
 * dr_time_control_copy:
 * @control: a time control
 *
 * Returns: (transfer full): a copy of @control
 */
DrTimeControl *
dr_time_control_copy (const DrTimeControl *control)
{
  g_return_val_if_fail (control != NULL, NULL);

  return dr_time_control_new (control->kind, control->periods, control->n_periods);
}

/**
 * dr_time_control_free:
 * @control: (nullable): a time control
 */
void
dr_time_control_free (DrTimeControl *control)
{
  if (control == NULL)
    return;
  g_free (control->periods);
  g_free (control);
}

/**
 * dr_time_control_equal:
 *
 * Returns: whether @a and @b are the same control, period by period
 */
gboolean
dr_time_control_equal (const DrTimeControl *a,
                       const DrTimeControl *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->kind != b->kind || a->n_periods != b->n_periods)
    return FALSE;
  for (guint i = 0; i < a->n_periods; i++)
    {
      const DrTimePeriod *p = &a->periods[i], *q = &b->periods[i];

      if (p->moves != q->moves || p->seconds != q->seconds || p->increment != q->increment
          || !p->sandglass != !q->sandglass)
        return FALSE;
    }
  return TRUE;
}

/* The 1-based column of @p in @text, in characters when the text before
 * it is UTF-8 (a tag value normally is), in bytes otherwise. */
static guint
column_of (const char *text,
           const char *p)
{
  gssize len = p - text;

  if (g_utf8_validate (text, len, NULL))
    return (guint) g_utf8_strlen (text, len) + 1;
  return (guint) len + 1;
}

/* The character at @p, for a message: one UTF-8 character, or one byte. */
static char *
char_text (const char *p)
{
  const char *next = g_utf8_next_char (p);

  if (g_utf8_validate (p, next - p, NULL))
    return g_strndup (p, (gsize) (next - p));
  return g_strdup_printf ("\\x%02X", (guint) (guchar) *p);
}

static void
set_found_error (GError    **error,
                 const char *text,
                 const char *p,
                 gboolean    want_number)
{
  g_autofree char *found = NULL;

  if (*p == '\0')
    {
      if (want_number)
        g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_SYNTAX,
                     _("Time control column %u: expected a number, found the end"),
                     column_of (text, p));
      else
        /* Cannot happen: the end is where a period may end. */
        g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_SYNTAX,
                     _("Time control column %u: unexpected end"), column_of (text, p));
      return;
    }
  found = char_text (p);
  if (want_number)
    g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_SYNTAX,
                 _("Time control column %u: expected a number, found “%s”"),
                 column_of (text, p), found);
  else
    g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_SYNTAX,
                 _("Time control column %u: expected “:” or the end, found “%s”"),
                 column_of (text, p), found);
}

/* A number of moves or seconds at *@p, which is moved past it. */
static gboolean
read_number (const char  *text,
             const char **p,
             guint       *value,
             GError     **error)
{
  const char *start = *p;
  guint64 v = 0;

  if (!g_ascii_isdigit (**p))
    {
      set_found_error (error, text, *p, TRUE);
      return FALSE;
    }
  for (; g_ascii_isdigit (**p); (*p)++)
    if (v <= DR_TIME_CONTROL_MAX)
      v = v * 10 + (guint64) (**p - '0');
  if (v > DR_TIME_CONTROL_MAX)
    {
      g_autofree char *number = g_strndup (start, (gsize) (*p - start));

      g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_NUMBER,
                   _("Time control column %u: %s is too large (at most %u)"),
                   column_of (text, start), number, DR_TIME_CONTROL_MAX);
      return FALSE;
    }
  *value = (guint) v;
  return TRUE;
}

/* One period at *@p: "moves/seconds", "seconds", "seconds+increment",
 * "moves/seconds+increment" or "*seconds". */
static gboolean
read_period (const char   *text,
             const char  **p,
             DrTimePeriod *period,
             GError      **error)
{
  const char *start = *p;
  guint number;

  memset (period, 0, sizeof *period);
  if (**p == '*')
    {
      period->sandglass = TRUE;
      (*p)++;
    }
  if (!read_number (text, p, &number, error))
    return FALSE;
  if (**p == '/')
    {
      if (period->sandglass)
        {
          g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_SYNTAX,
                       _("Time control column %u: a sandglass period has no number of moves"),
                       column_of (text, *p));
          return FALSE;
        }
      if (number == 0)
        {
          g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_NUMBER,
                       _("Time control column %u: a period of 0 moves"),
                       column_of (text, start));
          return FALSE;
        }
      period->moves = number;
      (*p)++;
      start = *p;
      if (!read_number (text, p, &number, error))
        return FALSE;
    }
  if (number == 0)
    {
      g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_NUMBER,
                   _("Time control column %u: a period with no time"),
                   column_of (text, start));
      return FALSE;
    }
  period->seconds = number;
  if (**p == '+')
    {
      if (period->sandglass)
        {
          g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_SYNTAX,
                       _("Time control column %u: a sandglass period has no increment"),
                       column_of (text, *p));
          return FALSE;
        }
      (*p)++;
      if (!read_number (text, p, &period->increment, error))
        return FALSE;
    }
  return TRUE;
}

static const char *
skip_blanks (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* Is @p "?" or "-" standing as a whole element (before ':', blanks or the
 * end)? */
static gboolean
is_lone_marker (const char *p)
{
  const char *after;

  if (*p != '?' && *p != '-')
    return FALSE;
  after = skip_blanks (p + 1);
  return *after == '\0' || *after == ':';
}

/**
 * dr_time_control_parse:
 * @text: a TimeControl tag value
 * @out: (out) (transfer full): where the control goes
 * @error: return location for a #GError
 *
 * Reads the PDN (PGN) TimeControl grammar: periods joined by ':', see
 * dr-clock.h.  Blanks around the periods are allowed.  Errors say the
 * column (in characters, from 1) where the text goes wrong:
 * %DR_TIME_CONTROL_ERROR_EMPTY for a missing period,
 * %DR_TIME_CONTROL_ERROR_SYNTAX for a character out of place,
 * %DR_TIME_CONTROL_ERROR_NUMBER for 0 moves, no time or a number above
 * %DR_TIME_CONTROL_MAX, %DR_TIME_CONTROL_ERROR_ALONE for "?" or "-" among
 * periods and %DR_TIME_CONTROL_ERROR_UNREACHABLE for a period after one
 * that lasts the rest of the game.
 *
 * Returns: TRUE on success
 */
gboolean
dr_time_control_parse (const char     *text,
                       DrTimeControl **out,
                       GError        **error)
{
  g_autoptr (GArray) periods = NULL;
  const char *p;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  p = skip_blanks (text);
  if (is_lone_marker (p) && *skip_blanks (p + 1) == '\0')
    {
      *out = dr_time_control_new (*p == '?' ? DR_TIME_CONTROL_UNKNOWN : DR_TIME_CONTROL_NONE,
                                  NULL, 0);
      return TRUE;
    }

  periods = g_array_new (FALSE, FALSE, sizeof (DrTimePeriod));
  for (;;)
    {
      DrTimePeriod period;
      const char *start;

      p = skip_blanks (p);
      start = p;
      if (*p == '\0' || *p == ':')
        {
          g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_EMPTY,
                       _("Time control column %u: a period is missing"), column_of (text, p));
          return FALSE;
        }
      if (is_lone_marker (p))
        {
          g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_ALONE,
                       _("Time control column %u: “%c” stands alone, not beside periods"),
                       column_of (text, p), *p);
          return FALSE;
        }
      if (!read_period (text, &p, &period, error))
        return FALSE;
      /* A period for the rest of the game is the last one there can be. */
      if (periods->len > 0 && g_array_index (periods, DrTimePeriod, periods->len - 1).moves == 0)
        {
          g_set_error (error, DR_TIME_CONTROL_ERROR, DR_TIME_CONTROL_ERROR_UNREACHABLE,
                       _("Time control column %u: the period before this one lasts "
                         "the rest of the game"),
                       column_of (text, start));
          return FALSE;
        }
      g_array_append_val (periods, period);
      p = skip_blanks (p);
      if (*p == '\0')
        break;
      if (*p != ':')
        {
          set_found_error (error, text, p, FALSE);
          return FALSE;
        }
      p++;
    }
  *out = dr_time_control_new (DR_TIME_CONTROL_TIMED, (DrTimePeriod *) periods->data, periods->len);
  return TRUE;
}

/**
 * dr_time_control_to_string:
 * @control: a time control
 *
 * The TimeControl tag value of @control: the form dr_time_control_parse()
 * reads back as the same control ("40/7200:3600+60", "*300", "?").
 *
 * Returns: (transfer full): the text
 */
char *
dr_time_control_to_string (const DrTimeControl *control)
{
  GString *out;

  g_return_val_if_fail (control != NULL, NULL);

  switch (control->kind)
    {
    case DR_TIME_CONTROL_UNKNOWN:
      return g_strdup ("?");
    case DR_TIME_CONTROL_NONE:
      return g_strdup ("-");
    case DR_TIME_CONTROL_TIMED:
    default:
      break;
    }
  out = g_string_new (NULL);
  for (guint i = 0; i < control->n_periods; i++)
    {
      const DrTimePeriod *p = &control->periods[i];

      if (i > 0)
        g_string_append_c (out, ':');
      if (p->sandglass)
        g_string_append_c (out, '*');
      else if (p->moves > 0)
        g_string_append_printf (out, "%u/", p->moves);
      g_string_append_printf (out, "%u", p->seconds);
      if (p->increment > 0 && !p->sandglass)
        g_string_append_printf (out, "+%u", p->increment);
    }
  return g_string_free (out, FALSE);
}

/* "1 h 30 min", "3 min", "1 min 30 s", "2 s". */
static void
append_duration (GString *out,
                 guint    seconds)
{
  guint h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60;
  gsize start = out->len;

  if (h > 0)
    g_string_append_printf (out, _("%u h"), h);
  if (m > 0)
    {
      if (out->len > start)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, _("%u min"), m);
    }
  if (s > 0 || out->len == start)
    {
      if (out->len > start)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, _("%u s"), s);
    }
}

static char *
duration_text (guint seconds)
{
  GString *out = g_string_new (NULL);

  append_duration (out, seconds);
  return g_string_free (out, FALSE);
}

/* One period for people: "1 h 30 min for 50 moves", "3 min + 2 s a move". */
static char *
describe_period (const DrTimePeriod *p,
                 gboolean            last)
{
  g_autofree char *time = duration_text (p->seconds);
  g_autofree char *timed = NULL;

  if (p->sandglass)
    timed = g_strdup_printf (_("sandglass of %s"), time);
  else if (p->increment > 0)
    {
      g_autofree char *increment = duration_text (p->increment);

      /* Translators: a time and its Fischer increment: "3 min + 2 s a move" */
      timed = g_strdup_printf (_("%s + %s a move"), time, increment);
    }
  else
    timed = g_steal_pointer (&time);
  if (p->moves == 0)
    return g_steal_pointer (&timed);
  if (last)
    /* The last period with a number of moves starts again when done. */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s for every %u move",
                                         "%s for every %u moves", p->moves),
                            timed, p->moves);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s for %u move", "%s for %u moves",
                                       p->moves),
                          timed, p->moves);
}

/**
 * dr_time_control_describe:
 * @control: a time control
 *
 * The control for people, translated: "1 h 30 min for 50 moves, then
 * 30 min", "3 min + 2 s a move", "2 h for every 40 moves".
 *
 * Returns: (transfer full): the text
 */
char *
dr_time_control_describe (const DrTimeControl *control)
{
  char *text = NULL;

  g_return_val_if_fail (control != NULL, NULL);

  switch (control->kind)
    {
    case DR_TIME_CONTROL_UNKNOWN:
      return g_strdup (_("unknown time control"));
    case DR_TIME_CONTROL_NONE:
      return g_strdup (_("no time control"));
    case DR_TIME_CONTROL_TIMED:
    default:
      break;
    }
  for (guint i = 0; i < control->n_periods; i++)
    {
      g_autofree char *period = describe_period (&control->periods[i],
                                                 i + 1 == control->n_periods);

      if (text == NULL)
        text = g_steal_pointer (&period);
      else
        {
          /* Translators: one period of a time control, then the next */
          char *joined = g_strdup_printf (_("%s, then %s"), text, period);

          g_free (text);
          text = joined;
        }
    }
  return text;
}

/* The time controls of 004 3.9 (Draughts code of Russia; 3.9.5 allows
 * others up to 6 hours a game), then common Fischer controls that no rule
 * text names. */
static const DrTimeControlPreset presets[] = {
  /* 004 3.9.1: Russian draughts. */
  { "russian-45", N_("Russian draughts, micro-matches: 45 min"), "004 3.9.1", "2700" },
  { "russian-60", N_("Russian draughts, youth and schools: 1 h"), "004 3.9.1", "3600" },
  { "russian-classical",
    N_("Russian draughts, championships: 1 h 10 min for 35 moves, then 15 min"),
    "004 3.9.1", "35/4200:900" },
  /* 004 3.9.2: International (100-square) draughts. */
  { "international-classical",
    N_("International draughts: 1 h 30 min for 50 moves, then 30 min"),
    "004 3.9.2", "50/5400:1800" },
  /* 004 3.9.3: blitz, 3 to 5 min a game. */
  { "blitz-3", N_("Blitz: 3 min"), "004 3.9.3", "180" },
  { "blitz-5", N_("Blitz: 5 min"), "004 3.9.3", "300" },
  /* 004 3.9.4: rapid, 10 to 30 min a game. */
  { "rapid-10", N_("Rapid: 10 min"), "004 3.9.4", "600" },
  { "rapid-15", N_("Rapid: 15 min"), "004 3.9.4", "900" },
  { "rapid-25", N_("Rapid: 25 min"), "004 3.9.4", "1500" },
  { "rapid-30", N_("Rapid: 30 min"), "004 3.9.4", "1800" },
  /* Not from the rule texts. */
  { "fischer-3-2", N_("Fischer: 3 min + 2 s a move"), NULL, "180+2" },
  { "fischer-5-3", N_("Fischer: 5 min + 3 s a move"), NULL, "300+3" },
  { "fischer-15-10", N_("Fischer: 15 min + 10 s a move"), NULL, "900+10" },
};

/**
 * dr_time_control_presets:
 * @n_presets: (out): the number of presets
 *
 * The time controls to offer: those of 004 3.9.1-3.9.4, each with its
 * article, then common Fischer controls (article NULL).
 *
 * Returns: (transfer none) (array length=n_presets): a static table
 */
const DrTimeControlPreset *
dr_time_control_presets (guint *n_presets)
{
  g_return_val_if_fail (n_presets != NULL, NULL);

  *n_presets = G_N_ELEMENTS (presets);
  return presets;
}
