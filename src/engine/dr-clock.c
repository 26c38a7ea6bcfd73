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

#include "dr-comment-private.h"
#include "dr-movegen.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (dr-time-control-error-quark, dr_time_control_error)
G_DEFINE_QUARK (dr-clock-error-quark, dr_clock_error)

#define USEC_PER_SEC G_GINT64_CONSTANT (1000000)

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

/* ------------------------------------------------------------------ */
/* The clock                                                           */
/* ------------------------------------------------------------------ */

/* DrClock: the two dials.  Only the side to move's clock runs (004
 * 3.8.2), from @since; its remaining time is stored as it was at @since,
 * so reading the clock changes nothing and the flag is worked out from
 * @now.  A clock is not running before dr_clock_start(), while paused,
 * and for good once a flag has fallen (the game is over, 004 3.8.9). */
struct _DrClock
{
  DrTimeControl *control;
  gint64         remaining[2];    /* µs, by DrSide; the running side's as of @since */
  guint          moves[2];        /* moves made */
  guint          period[2];       /* index into control->periods */
  guint          period_moves[2]; /* moves made in that period */
  DrSide         to_move;         /* whose clock runs (or would, unpaused) */
  gint64         since;           /* @now when the running clock last started */
  gint64         move_used;       /* µs @to_move used on this move before @since */
  gboolean       started;
  gboolean       paused;
  gboolean       fallen;          /* the flag of @fallen_side has fallen */
  DrSide         fallen_side;
};

static gint64
period_usec (guint seconds)
{
  return (gint64) seconds * USEC_PER_SEC;
}

/* @a + @b for times that are never negative, saturating (a repeated last
 * period keeps adding time). */
static gint64
add_time (gint64 a,
          gint64 b)
{
  return a > G_MAXINT64 - b ? G_MAXINT64 : a + b;
}

static const DrTimePeriod *
current_period (const DrClock *self,
                DrSide         side)
{
  return &self->control->periods[self->period[side]];
}

static gboolean
is_running (const DrClock *self)
{
  return self->started && !self->paused && !self->fallen;
}

static gint64
elapsed (const DrClock *self,
         gint64         now)
{
  return now > self->since ? now - self->since : 0;
}

/**
 * dr_clock_new:
 * @control: a timed control (%DR_TIME_CONTROL_TIMED)
 *
 * A clock set for @control: each side has the time of the first period.
 * Nothing runs until dr_clock_start().
 *
 * Returns: (transfer full): the clock
 */
DrClock *
dr_clock_new (const DrTimeControl *control)
{
  DrClock *self;

  g_return_val_if_fail (control != NULL, NULL);
  g_return_val_if_fail (control->kind == DR_TIME_CONTROL_TIMED && control->n_periods > 0, NULL);

  self = g_new0 (DrClock, 1);
  self->control = dr_time_control_copy (control);
  for (int side = 0; side < 2; side++)
    self->remaining[side] = period_usec (control->periods[0].seconds);
  self->to_move = DR_SIDE_WHITE;
  return self;
}

void
dr_clock_free (DrClock *self)
{
  if (self == NULL)
    return;
  dr_time_control_free (self->control);
  g_free (self);
}

/**
 * dr_clock_get_control:
 *
 * Returns: (transfer none): the clock's time control
 */
const DrTimeControl *
dr_clock_get_control (const DrClock *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->control;
}

/**
 * dr_clock_start:
 * @side: the side that moves first, whose clock starts (White's, 004 3.7.3)
 * @now: the time, µs
 *
 * Starts the clock once, at the start of the game.
 */
void
dr_clock_start (DrClock *self,
                DrSide   side,
                gint64   now)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->started);

  self->started = TRUE;
  self->to_move = side;
  self->since = now;
  self->move_used = 0;
}

/* Charges the running side with the time from @since to @now, and makes
 * @now the new @since.  When that uses up its time the flag falls at the
 * moment the time ran out, and the clock stops (004 3.8.9). */
static void
charge (DrClock *self,
        gint64   now)
{
  DrSide mover = self->to_move;
  DrSide other = DR_SIDE_OTHER (mover);
  gint64 used = elapsed (self, now);

  if (!is_running (self))
    return;
  if (used >= self->remaining[mover])
    {
      used = self->remaining[mover];
      self->fallen = TRUE;
      self->fallen_side = mover;
    }
  self->remaining[mover] -= used;
  if (current_period (self, mover)->sandglass)
    self->remaining[other] = add_time (self->remaining[other], used);
  self->move_used += used;
  self->since = now;
}

/**
 * dr_clock_press:
 * @now: the time, µs
 * @flag_fell: (out) (optional): set to whether the mover's flag had
 *   fallen
 *
 * The side to move has made its move and presses the clock (004 3.8.6):
 * its clock stops and the opponent's starts.  The mover is charged with
 * the time the move took; sandglass: the opponent gets it.  Then it gets
 * its Fischer increment, and when the move completes the moves of its
 * period, the time of the next period (004 3.9.1: 1 h 10 min for 35
 * moves, then 15 min more); after the last period with a number of
 * moves, that period again.
 *
 * If the mover's time ran out before or during the move, even while
 * pressing the clock, the flag has fallen (004 3.8.9): no time is added,
 * the mover's time stays at 0, the clock stops for good and *@flag_fell
 * is TRUE.  A press after a flag fell changes nothing and returns 0.
 *
 * Returns: the time the move took, µs (pauses not counted)
 */
gint64
dr_clock_press (DrClock  *self,
                gint64    now,
                gboolean *flag_fell)
{
  DrSide mover;
  const DrTimePeriod *period;
  gint64 took;

  if (flag_fell != NULL)
    *flag_fell = FALSE;
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (self->started && !self->paused, 0);

  if (self->fallen)
    {
      if (flag_fell != NULL)
        *flag_fell = TRUE;
      return 0;
    }
  mover = self->to_move;
  took = self->move_used + elapsed (self, now);
  charge (self, now);
  if (self->fallen)
    {
      if (flag_fell != NULL)
        *flag_fell = TRUE;
      return took;
    }

  period = current_period (self, mover);
  self->moves[mover]++;
  self->period_moves[mover]++;
  self->remaining[mover] = add_time (self->remaining[mover], period_usec (period->increment));
  if (period->moves > 0 && self->period_moves[mover] == period->moves)
    {
      if (self->period[mover] + 1 < self->control->n_periods)
        self->period[mover]++;
      self->period_moves[mover] = 0;
      self->remaining[mover] = add_time (self->remaining[mover],
                                         period_usec (current_period (self, mover)->seconds));
    }
  self->to_move = DR_SIDE_OTHER (mover);
  self->move_used = 0;
  self->since = now;
  return took;
}

/**
 * dr_clock_pause:
 * @now: the time, µs
 *
 * Stops both clocks (an adjournment, the arbiter's pause); the side to
 * move keeps the time it has used on its move so far.  If its time ran out
 * before @now, its flag has fallen instead.
 */
void
dr_clock_pause (DrClock *self,
                gint64   now)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (self->started);

  if (!is_running (self))
    return;
  charge (self, now);
  if (!self->fallen)
    self->paused = TRUE;
}

/**
 * dr_clock_set_to_move:
 * @side: whose clock runs from now on
 * @now: the time, µs
 *
 * Moves taken back: the clock runs (or, paused, will run) for @side from
 * @now.  The time used so far stays used, and no move is counted or
 * taken off, no increment given: the moves to the control still count the
 * moves taken back.  A flag that has fallen stays down.
 */
void
dr_clock_set_to_move (DrClock *self,
                      DrSide   side,
                      gint64   now)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (self->started);

  if (self->fallen)
    return;
  charge (self, now);
  if (self->fallen)
    return;
  self->to_move = side;
  self->move_used = 0;
  self->since = now;
}

/**
 * dr_clock_resume:
 * @now: the time, µs
 *
 * Starts the side to move's clock again after dr_clock_pause().
 */
void
dr_clock_resume (DrClock *self,
                 gint64   now)
{
  g_return_if_fail (self != NULL);

  if (!self->paused)
    return;
  self->paused = FALSE;
  self->since = now;
}

/**
 * dr_clock_set_remaining:
 * @side: whose time
 * @remaining: its time left, µs (below 0 counts as 0)
 * @now: the time, µs
 *
 * Sets a side's time by hand: the arbiter's correction (004 3.8.8), or a
 * game recorded from a clock on the table.  A flag that has fallen stays
 * down.
 */
void
dr_clock_set_remaining (DrClock *self,
                        DrSide   side,
                        gint64   remaining,
                        gint64   now)
{
  g_return_if_fail (self != NULL);

  if (self->fallen)
    return;
  charge (self, now);
  if (self->fallen)
    return;
  self->remaining[side] = MAX (remaining, 0);
}

/**
 * dr_clock_remaining:
 * @side: whose time
 * @now: the time, µs
 *
 * Returns: @side's time left at @now, µs: 0 once its flag has fallen
 */
gint64
dr_clock_remaining (const DrClock *self,
                    DrSide         side,
                    gint64         now)
{
  DrSide mover;
  gint64 used;

  g_return_val_if_fail (self != NULL, 0);

  if (!is_running (self))
    return self->remaining[side];
  mover = self->to_move;
  used = MIN (elapsed (self, now), self->remaining[mover]);
  if (side == mover)
    return self->remaining[side] - used;
  if (current_period (self, mover)->sandglass)
    return add_time (self->remaining[side], used);
  return self->remaining[side];
}

/**
 * dr_clock_flagged:
 * @now: the time, µs
 * @side: (out) (optional): whose flag
 *
 * Has a flag fallen by @now (004 3.8.9)?  Only the running clock's flag
 * can fall; once down it stays down.
 *
 * Returns: TRUE when a flag is down
 */
gboolean
dr_clock_flagged (const DrClock *self,
                  gint64         now,
                  DrSide        *side)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->fallen)
    {
      if (side != NULL)
        *side = self->fallen_side;
      return TRUE;
    }
  if (is_running (self) && elapsed (self, now) >= self->remaining[self->to_move])
    {
      if (side != NULL)
        *side = self->to_move;
      return TRUE;
    }
  return FALSE;
}

/**
 * dr_clock_is_running:
 * @side: (out) (optional): whose clock runs
 *
 * Returns: TRUE when a clock runs: started, not paused, no flag down
 */
gboolean
dr_clock_is_running (const DrClock *self,
                     DrSide        *side)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (side != NULL)
    *side = self->to_move;
  return is_running (self);
}

gboolean
dr_clock_is_paused (const DrClock *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->paused;
}

/**
 * dr_clock_moves:
 *
 * Returns: the number of moves @side has made (presses that counted)
 */
guint
dr_clock_moves (const DrClock *self,
                DrSide         side)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->moves[side];
}

/**
 * dr_clock_period:
 *
 * Returns: the index of @side's current period in the time control
 */
guint
dr_clock_period (const DrClock *self,
                 DrSide         side)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->period[side];
}

/**
 * dr_clock_moves_to_control:
 *
 * Returns: the moves @side still has to make in its period, the last of
 *   them the control move; 0 when the period lasts the rest of the game
 */
guint
dr_clock_moves_to_control (const DrClock *self,
                           DrSide         side)
{
  const DrTimePeriod *period;

  g_return_val_if_fail (self != NULL, 0);

  period = current_period (self, side);
  return period->moves > 0 ? period->moves - self->period_moves[side] : 0;
}

/**
 * dr_clock_flag_result:
 * @rules: the variant
 * @pos: the position on the board when the flag fell
 * @flagged: the side whose flag fell
 *
 * The result of the game when @flagged's flag falls (004 3.8.9: the
 * flagged side loses).  004 3.8.12: if the flag fell after @flagged made
 * its move on the board (the opponent is to move in @pos) and that move
 * took the opponent's last piece or locked all of them, the time is not
 * counted and the game goes by the board: @flagged wins (in the giveaway
 * games, where the side without a move wins, the opponent wins, as the
 * board says).  Pass the result to dr_result_to_string() for the
 * variant's notation ("2-0" in International).
 *
 * Returns: the result
 */
DrResult
dr_clock_flag_result (const DrRules    *rules,
                      const DrPosition *pos,
                      DrSide            flagged)
{
  DrSide opponent = DR_SIDE_OTHER (flagged);
  DrSide winner = opponent;

  g_return_val_if_fail (rules != NULL, DR_RESULT_UNKNOWN);
  g_return_val_if_fail (pos != NULL, DR_RESULT_UNKNOWN);

  /* 004 3.8.12: all the opponent's pieces taken or locked. */
  if ((DrSide) pos->turn == opponent && !dr_movegen_has_move (rules, pos))
    winner = rules->giveaway ? opponent : flagged;
  return winner == DR_SIDE_WHITE ? DR_RESULT_WHITE_WINS : DR_RESULT_BLACK_WINS;
}

/* ------------------------------------------------------------------ */
/* Clock times in comments                                             */
/* ------------------------------------------------------------------ */

/**
 * dr_clock_get_times:
 * @now: the time, µs
 * @times: (out caller-allocates): both sides' times at @now, for a comment
 */
void
dr_clock_get_times (const DrClock *self,
                    gint64         now,
                    DrClockTimes  *times)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (times != NULL);

  for (int side = 0; side < 2; side++)
    {
      times->known[side] = TRUE;
      times->remaining[side] = dr_clock_remaining (self, (DrSide) side, now);
      times->running[side] = is_running (self) && self->to_move == (DrSide) side;
    }
}

/**
 * dr_clock_format_time:
 * @time: µs (below 0 counts as 0)
 *
 * The time as a clock command writes it: h:mm:ss, whole seconds (a
 * fraction is dropped), hours in as many digits as they need.
 *
 * Returns: (transfer full): the text, "0:41:07"
 */
char *
dr_clock_format_time (gint64 time)
{
  gint64 s = MAX (time, 0) / USEC_PER_SEC;

  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d",
                          s / 3600, (int) (s / 60 % 60), (int) (s % 60));
}

static const char *
skip_space (const char *p,
            const char *end)
{
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p;
}

/* Two digits below 60 at *@p. */
static gboolean
read_sixty (const char **p,
            const char  *end,
            gint64      *value)
{
  const char *q = *p;

  if (end - q < 2 || !g_ascii_isdigit (q[0]) || !g_ascii_isdigit (q[1]) || q[0] > '5')
    return FALSE;
  *value = (q[0] - '0') * 10 + (q[1] - '0');
  *p = q + 2;
  return TRUE;
}

/* A time "h:mm:ss" or "h:mm:ss.f" at *@p (before @end), in µs; on failure
 * *@why says what is wrong. */
static gboolean
read_time (const char **p,
           const char  *end,
           gint64      *time,
           const char **why)
{
  const char *q = *p;
  gint64 hours = 0, minutes, seconds, micro = 0;
  int digits = 0;

  for (; q < end && g_ascii_isdigit (*q); q++, digits++)
    if (digits < 6)
      hours = hours * 10 + (*q - '0');
  if (digits == 0 || digits > 6 || q == end || *q != ':')
    {
      *why = _("expected a time h:mm:ss");
      return FALSE;
    }
  q++;
  if (!read_sixty (&q, end, &minutes))
    {
      *why = _("the minutes must be two digits from 00 to 59");
      return FALSE;
    }
  if (q == end || *q != ':')
    {
      *why = _("expected a time h:mm:ss");
      return FALSE;
    }
  q++;
  if (!read_sixty (&q, end, &seconds))
    {
      *why = _("the seconds must be two digits from 00 to 59");
      return FALSE;
    }
  if (q < end && *q == '.')
    {
      gint64 scale = USEC_PER_SEC;

      q++;
      if (q == end || !g_ascii_isdigit (*q))
        {
          *why = _("expected digits after the decimal point");
          return FALSE;
        }
      /* Digits past the microsecond are dropped. */
      for (; q < end && g_ascii_isdigit (*q); q++)
        if (scale > 1)
          {
            scale /= 10;
            micro += (*q - '0') * scale;
          }
    }
  *time = ((hours * 60 + minutes) * 60 + seconds) * USEC_PER_SEC + micro;
  *p = q;
  return TRUE;
}

typedef enum
{
  COMMAND_NONE,
  COMMAND_CLOCK,   /* "[%clock w0:00:10 B0:00:03]" */
  COMMAND_CLK,     /* "[%clk 0:00:10]" */
} CommandKind;

static gboolean
is_side_letter (char c)
{
  return c == 'w' || c == 'W' || c == 'b' || c == 'B';
}

/* Which clock command starts at @open (a "[%cl" in the comment), if any.
 * "[%clock" may run into its first time ("[%clockw0:00:10]", as the
 * regular expression of PDN.md §6 allows). */
static CommandKind
command_at (const char *open)
{
  if (strncmp (open, "[%clock", 7) == 0
      && (g_ascii_isspace (open[7]) || open[7] == ']'
          || (is_side_letter (open[7]) && g_ascii_isdigit (open[8]))))
    return COMMAND_CLOCK;
  if (strncmp (open, "[%clk", 5) == 0 && (g_ascii_isspace (open[5]) || open[5] == ']'))
    return COMMAND_CLK;
  return COMMAND_NONE;
}

/* The times of the command from @p to @close (its ']'), added to @times
 * only when the whole command reads. */
static gboolean
read_command (CommandKind   kind,
              const char   *p,
              const char   *close,
              DrSide        mover,
              DrClockTimes *times,
              const char  **why)
{
  DrClockTimes read = { { FALSE, FALSE }, { FALSE, FALSE }, { 0, 0 } };

  p = skip_space (p, close);
  if (kind == COMMAND_CLK)
    {
      if (!read_time (&p, close, &read.remaining[mover], why))
        return FALSE;
      if (skip_space (p, close) != close)
        {
          *why = _("expected one time only");
          return FALSE;
        }
      read.known[mover] = TRUE;
    }
  else
    {
      if (p == close)
        {
          *why = _("no time given");
          return FALSE;
        }
      while (p < close)
        {
          DrSide side;

          if (!is_side_letter (*p))
            {
              *why = _("expected w or b before a time");
              return FALSE;
            }
          side = *p == 'w' || *p == 'W' ? DR_SIDE_WHITE : DR_SIDE_BLACK;
          if (read.known[side])
            {
              *why = _("the same clock is given twice");
              return FALSE;
            }
          read.running[side] = g_ascii_isupper (*p);
          p++;
          if (!read_time (&p, close, &read.remaining[side], why))
            return FALSE;
          read.known[side] = TRUE;
          p = skip_space (p, close);
        }
    }
  for (int side = 0; side < 2; side++)
    if (read.known[side])
      {
        times->known[side] = TRUE;
        times->running[side] = read.running[side];
        times->remaining[side] = read.remaining[side];
      }
  return TRUE;
}

/**
 * dr_clock_times_from_comment:
 * @comment: (nullable): a move's comment
 * @mover: the side that made the move ("[%clk]" gives its time)
 * @times: (out caller-allocates): the times read; a side not given is
 *   not known
 * @text: (out) (optional) (nullable): the comment without the clock
 *   commands read, trimmed; NULL when nothing else is left
 * @error: return location for a #GError
 *
 * Reads the clock commands of a comment ("[%clock w0:00:10 B0:00:03]",
 * "[%clk 0:00:10]"; a later one overrides an earlier one for the same
 * side).  A clock command that cannot be read is left in @text as it was
 * and reported as %DR_CLOCK_ERROR_COMMAND with its column (the first such
 * command); @times and @text are filled in either way.  Other commands
 * ("[%csl ...]") and text are kept.
 *
 * Returns: FALSE when a clock command could not be read
 */
gboolean
dr_clock_times_from_comment (const char   *comment,
                             DrSide        mover,
                             DrClockTimes *times,
                             char        **text,
                             GError      **error)
{
  GString *rest = g_string_new (NULL);
  const char *p = comment != NULL ? comment : "";
  gboolean ok = TRUE;

  g_return_val_if_fail (times != NULL, FALSE);

  memset (times, 0, sizeof *times);
  for (;;)
    {
      const char *open = strstr (p, "[%cl");
      const char *close, *inner;
      const char *why = NULL;
      CommandKind kind;

      if (open == NULL)
        break;
      kind = command_at (open);
      if (kind == COMMAND_NONE)
        {
          /* Another command, not ours: kept. */
          g_string_append_len (rest, p, open + 4 - p);
          p = open + 4;
          continue;
        }
      close = strchr (open, ']');
      inner = strchr (open + 1, '[');
      if (close == NULL || (inner != NULL && inner < close))
        why = _("the command is not closed with “]”");
      else
        read_command (kind, open + (kind == COMMAND_CLOCK ? 7 : 5), close, mover, times, &why);
      if (why != NULL)
        {
          /* Kept as it is, and reported. */
          if (ok)
            {
              gsize len = close != NULL && (inner == NULL || close < inner)
                          ? (gsize) (close + 1 - open) : strlen (open);
              g_autofree char *command = NULL;

              /* At most 40 bytes of it, cut between two characters. */
              if (len > 40)
                for (len = 40; len > 0 && (open[len] & 0xC0) == 0x80; len--)
                  ;
              command = g_strndup (open, len);

              g_set_error (error, DR_CLOCK_ERROR, DR_CLOCK_ERROR_COMMAND,
                           _("Comment column %u: clock command “%s”: %s"),
                           column_of (comment, open), command, why);
            }
          ok = FALSE;
          g_string_append_len (rest, p, open + 4 - p);
          p = open + 4;
          continue;
        }
      /* The command goes, and one of the spaces around it. */
      p = _dr_comment_drop_command (rest, p, open, close);
    }
  _dr_comment_finish (rest, p, text);
  return ok;
}

/**
 * dr_clock_times_to_comment:
 * @text: (nullable): the comment's text (NULL or "": none)
 * @times: (nullable): the times to write (NULL or none known: none)
 *
 * The comment of @text with the times appended as one "[%clock ...]"
 * command: White's time, then Black's, each known one with its letter in
 * upper case when that clock runs, times in whole seconds.
 *
 * Returns: (transfer full) (nullable): the comment; NULL when both are
 *   empty
 */
char *
dr_clock_times_to_comment (const char         *text,
                           const DrClockTimes *times)
{
  GString *out = g_string_new (text);

  if (times != NULL && (times->known[DR_SIDE_WHITE] || times->known[DR_SIDE_BLACK]))
    {
      g_string_append (out, out->len > 0 ? " [%clock" : "[%clock");
      for (int side = 0; side < 2; side++)
        {
          g_autofree char *time = NULL;

          if (!times->known[side])
            continue;
          time = dr_clock_format_time (times->remaining[side]);
          g_string_append_printf (out, " %c%s",
                                  side == DR_SIDE_WHITE ? (times->running[side] ? 'W' : 'w')
                                                        : (times->running[side] ? 'B' : 'b'),
                                  time);
        }
      g_string_append_c (out, ']');
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

/**
 * dr_clock_times_replace_in_comment:
 * @comment: (nullable): a move's comment
 * @times: (nullable): the times to write (NULL: the clock commands are
 *   taken out)
 *
 * The comment with its clock commands replaced by one for @times; the rest
 * of the text, other commands and clock commands that cannot be read are
 * kept.
 *
 * Returns: (transfer full) (nullable): the new comment; NULL when nothing
 *   is left
 */
char *
dr_clock_times_replace_in_comment (const char         *comment,
                                   const DrClockTimes *times)
{
  g_autofree char *text = NULL;
  DrClockTimes old;

  dr_clock_times_from_comment (comment, DR_SIDE_WHITE, &old, &text, NULL);
  return dr_clock_times_to_comment (text, times);
}
