/* test-clock.c — time controls, the game clock, clock times in comments
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The controls are those of the Draughts code of Russia (shared/rules/004,
 * 3.9.1-3.9.4) and the PDN TimeControl grammar (shared/design/PDN.md §2);
 * the flag is 004 3.8.9 and 3.8.12; the comment commands are PDN.md §6.
 * Every expected number is worked out by hand in the comment beside it.
 */

#include "config.h"

#include "dr-clock.h"

#include <string.h>

static DrTimeControl *
parse_ok (const char *text)
{
  g_autoptr (GError) error = NULL;
  DrTimeControl *control = NULL;

  g_assert_true (dr_time_control_parse (text, &control, &error));
  g_assert_no_error (error);
  g_assert_nonnull (control);
  return control;
}

/* ---- Time controls ---------------------------------------------------- */

static void
test_parse_example (void)
{
  /* PDN.md §2: "40/7200:3600+60": 40 moves in 7200 s, then the rest of
   * the game in 3600 s with 60 s added a move. */
  g_autoptr (DrTimeControl) control = parse_ok ("40/7200:3600+60");

  g_assert_cmpint (control->kind, ==, DR_TIME_CONTROL_TIMED);
  g_assert_cmpuint (control->n_periods, ==, 2);
  g_assert_cmpuint (control->periods[0].moves, ==, 40);
  g_assert_cmpuint (control->periods[0].seconds, ==, 7200);
  g_assert_cmpuint (control->periods[0].increment, ==, 0);
  g_assert_false (control->periods[0].sandglass);
  g_assert_cmpuint (control->periods[1].moves, ==, 0);
  g_assert_cmpuint (control->periods[1].seconds, ==, 3600);
  g_assert_cmpuint (control->periods[1].increment, ==, 60);
  g_assert_false (control->periods[1].sandglass);
}

/* parse (to_string (x)) == x, and to_string gives back the canonical text. */
static void
test_round_trip (void)
{
  static const char *const texts[] = {
    "40/7200:3600+60",           /* PDN.md §2 */
    "?", "-",                    /* unknown, none */
    "*300",                      /* sandglass */
    "60+5",                      /* kurnik.pdn (PDN.md §10) */
    "40/5400+30:1800+30",        /* an increment in every period */
    "40/7200",                   /* repeats every 40 moves */
    "40/7200:20/3600:1800",
  };
  guint n_presets;
  const DrTimeControlPreset *presets = dr_time_control_presets (&n_presets);
  g_autoptr (GPtrArray) all = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    g_ptr_array_add (all, (gpointer) texts[i]);
  for (guint i = 0; i < n_presets; i++)
    g_ptr_array_add (all, (gpointer) presets[i].control);
  for (guint i = 0; i < all->len; i++)
    {
      const char *text = all->pdata[i];
      g_autoptr (DrTimeControl) control = parse_ok (text);
      g_autofree char *written = dr_time_control_to_string (control);
      g_autoptr (DrTimeControl) again = parse_ok (written);
      g_autoptr (DrTimeControl) copy = dr_time_control_copy (again);

      g_test_message ("%s", text);
      g_assert_cmpstr (written, ==, text);
      g_assert_true (dr_time_control_equal (control, again));
      g_assert_true (dr_time_control_equal (control, copy));
    }
}

/* Blanks around periods are read; the written form has none. */
static void
test_parse_blanks (void)
{
  g_autoptr (DrTimeControl) control = parse_ok (" 40/7200 : 3600+60 ");
  g_autoptr (DrTimeControl) canonical = parse_ok ("40/7200:3600+60");
  g_autoptr (DrTimeControl) other = parse_ok ("40/7200:3600+30");
  g_autofree char *written = dr_time_control_to_string (control);

  g_assert_cmpstr (written, ==, "40/7200:3600+60");
  g_assert_true (dr_time_control_equal (control, canonical));
  g_assert_false (dr_time_control_equal (control, other));
}

/* Bad input: the error code and the column (from 1) where it goes wrong. */
static void
test_parse_invalid (void)
{
  static const struct
  {
    const char         *text;
    DrTimeControlError  code;
    guint               column;
  } cases[] = {
    { "", DR_TIME_CONTROL_ERROR_EMPTY, 1 },
    { "   ", DR_TIME_CONTROL_ERROR_EMPTY, 4 },
    { "40/7200:", DR_TIME_CONTROL_ERROR_EMPTY, 9 },        /* after the ':' (8 characters) */
    { "40/7200::3600", DR_TIME_CONTROL_ERROR_EMPTY, 9 },
    { "abc", DR_TIME_CONTROL_ERROR_SYNTAX, 1 },
    { "-5", DR_TIME_CONTROL_ERROR_SYNTAX, 1 },             /* no negative times */
    { "40/", DR_TIME_CONTROL_ERROR_SYNTAX, 4 },            /* the end where seconds go */
    { "40x7200", DR_TIME_CONTROL_ERROR_SYNTAX, 3 },
    { "40/7200 3600", DR_TIME_CONTROL_ERROR_SYNTAX, 9 },   /* ':' missing */
    { "300+", DR_TIME_CONTROL_ERROR_SYNTAX, 5 },
    { "300+2s", DR_TIME_CONTROL_ERROR_SYNTAX, 6 },
    { "3 мин", DR_TIME_CONTROL_ERROR_SYNTAX, 3 },
    { "300\xff", DR_TIME_CONTROL_ERROR_SYNTAX, 4 },          /* not UTF-8 */
    { "*40/300", DR_TIME_CONTROL_ERROR_SYNTAX, 4 },        /* sandglass: no moves */
    { "*300+5", DR_TIME_CONTROL_ERROR_SYNTAX, 5 },         /* sandglass: no increment */
    { "0/300", DR_TIME_CONTROL_ERROR_NUMBER, 1 },          /* 0 moves */
    { "40/0", DR_TIME_CONTROL_ERROR_NUMBER, 4 },           /* no time */
    { "0", DR_TIME_CONTROL_ERROR_NUMBER, 1 },
    { "0+5", DR_TIME_CONTROL_ERROR_NUMBER, 1 },
    { "1000000000", DR_TIME_CONTROL_ERROR_NUMBER, 1 },     /* DR_TIME_CONTROL_MAX + 1 */
    { "40/99999999999999999999999", DR_TIME_CONTROL_ERROR_NUMBER, 4 },
    { "?:3600", DR_TIME_CONTROL_ERROR_ALONE, 1 },
    { "40/7200:-", DR_TIME_CONTROL_ERROR_ALONE, 9 },
    { "3600:1800", DR_TIME_CONTROL_ERROR_UNREACHABLE, 6 }, /* 3600 is the whole game */
    { "40/7200:3600:900", DR_TIME_CONTROL_ERROR_UNREACHABLE, 14 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *where = g_strdup_printf ("column %u:", cases[i].column);
      DrTimeControl *control = NULL;

      g_test_message ("“%s”", cases[i].text);
      g_assert_false (dr_time_control_parse (cases[i].text, &control, &error));
      g_assert_null (control);
      g_assert_error (error, DR_TIME_CONTROL_ERROR, (gint) cases[i].code);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, where));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
    }
}

static void
test_describe (void)
{
  static const struct { const char *text; const char *description; } cases[] = {
    { "50/5400:1800", "1 h 30 min for 50 moves, then 30 min" },   /* 004 3.9.2 */
    { "35/4200:900", "1 h 10 min for 35 moves, then 15 min" },    /* 004 3.9.1 */
    { "2700", "45 min" },
    { "180+2", "3 min + 2 s a move" },
    { "40/7200", "2 h for every 40 moves" },
    { "1/60:3600", "1 min for 1 move, then 1 h" },
    { "*90", "sandglass of 1 min 30 s" },
    { "40/5400+30:1800+30", "1 h 30 min + 30 s a move for 40 moves, then 30 min + 30 s a move" },
    { "3661", "1 h 1 min 1 s" },
    { "?", "unknown time control" },
    { "-", "no time control" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (DrTimeControl) control = parse_ok (cases[i].text);
      g_autofree char *description = dr_time_control_describe (control);

      g_assert_cmpstr (description, ==, cases[i].description);
    }
}

/* Each preset of the rule texts is what its article says. */
static void
test_presets (void)
{
  static const struct { const char *id; const char *article; const char *control; } expected[] = {
    { "russian-45", "004 3.9.1", "2700" },                     /* 45 min */
    { "russian-60", "004 3.9.1", "3600" },                     /* 1 h */
    { "russian-classical", "004 3.9.1", "35/4200:900" },       /* 1 h 10 min / 35, then 15 min */
    { "international-classical", "004 3.9.2", "50/5400:1800" }, /* 1 h 30 min / 50, then 30 min */
    { "blitz-3", "004 3.9.3", "180" },
    { "blitz-5", "004 3.9.3", "300" },
    { "rapid-10", "004 3.9.4", "600" },
    { "rapid-15", "004 3.9.4", "900" },
    { "rapid-25", "004 3.9.4", "1500" },
    { "rapid-30", "004 3.9.4", "1800" },
    { "fischer-3-2", NULL, "180+2" },
    { "fischer-5-3", NULL, "300+3" },
    { "fischer-15-10", NULL, "900+10" },
  };
  guint n;
  const DrTimeControlPreset *presets = dr_time_control_presets (&n);

  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (DrTimeControl) control = parse_ok (presets[i].control);
      guint total = 0;

      g_assert_cmpstr (presets[i].id, ==, expected[i].id);
      g_assert_cmpstr (presets[i].article, ==, expected[i].article);
      g_assert_cmpstr (presets[i].control, ==, expected[i].control);
      g_assert_nonnull (presets[i].name);
      for (guint j = 0; j < control->n_periods; j++)
        total += control->periods[j].seconds;
      /* 004 3.9.3: blitz is 3-5 min a game; 3.9.4: rapid 10-30 min; 3.9.5:
       * no control over 6 h a game. */
      if (g_strcmp0 (presets[i].article, "004 3.9.3") == 0)
        g_assert_true (total >= 180 && total <= 300);
      if (g_strcmp0 (presets[i].article, "004 3.9.4") == 0)
        g_assert_true (total >= 600 && total <= 1800);
      g_assert_cmpuint (total, <=, 6 * 3600);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/clock/time-control/parse-example", test_parse_example);
  g_test_add_func ("/clock/time-control/round-trip", test_round_trip);
  g_test_add_func ("/clock/time-control/blanks", test_parse_blanks);
  g_test_add_func ("/clock/time-control/invalid", test_parse_invalid);
  g_test_add_func ("/clock/time-control/describe", test_describe);
  g_test_add_func ("/clock/time-control/presets", test_presets);
  return g_test_run ();
}
