/* test-clock.c — time controls, the game clock, clock times in comments
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The controls are those of the Draughts code of Russia (shared/rules/004,
 * 3.9.1-3.9.4) and the PDN TimeControl grammar (shared/design/PDN.md §2);
 * the flag is 004 3.8.9 and 3.8.12; the comment commands are PDN.md §6.
 * Every expected number is worked out by hand in the comment beside it.
 * Times are in microseconds; S(x) is x seconds.
 */

#include "config.h"

#include "dr-clock.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-pdn.h"

#include <string.h>

#define S(x) ((gint64) ((x) * G_GINT64_CONSTANT (1000000)))

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

static DrClock *
clock_for (const char *text)
{
  g_autoptr (DrTimeControl) control = parse_ok (text);

  return dr_clock_new (control);
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

/* ---- The clock --------------------------------------------------------- */

/* 004 3.9.1, 1 h 10 min for 35 moves, then 15 min.  White takes 100 s a
 * move, Black 60 s. */
static void
test_classic_control (void)
{
  g_autoptr (DrClock) clock = clock_for ("35/4200:900");
  gint64 now = S (5);   /* any start on the monotonic clock */
  gboolean flag = TRUE;
  DrSide side;

  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now), ==, S (4200));
  g_assert_false (dr_clock_is_running (clock, NULL));
  dr_clock_start (clock, DR_SIDE_WHITE, now);
  g_assert_true (dr_clock_is_running (clock, &side));
  g_assert_cmpint (side, ==, DR_SIDE_WHITE);

  for (int move = 1; move <= 34; move++)
    {
      now += S (100);
      g_assert_cmpint (dr_clock_press (clock, now, &flag), ==, S (100));
      g_assert_false (flag);
      now += S (60);
      g_assert_cmpint (dr_clock_press (clock, now, &flag), ==, S (60));
      g_assert_false (flag);
    }
  /* White: 4200 - 34 * 100 = 800 s; Black: 4200 - 34 * 60 = 2160 s. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now), ==, S (800));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, now), ==, S (2160));
  g_assert_cmpuint (dr_clock_moves (clock, DR_SIDE_WHITE), ==, 34);
  g_assert_cmpuint (dr_clock_period (clock, DR_SIDE_WHITE), ==, 0);
  g_assert_cmpuint (dr_clock_moves_to_control (clock, DR_SIDE_WHITE), ==, 1);

  /* The 35th move, the control move: 99 s into it White has 701 s. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now + S (99)), ==, S (701));
  now += S (100);
  g_assert_cmpint (dr_clock_press (clock, now, &flag), ==, S (100));
  g_assert_false (flag);
  /* 800 - 100 + 900 = 1600 s, in the second period for the rest of the game. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now), ==, S (1600));
  g_assert_cmpuint (dr_clock_period (clock, DR_SIDE_WHITE), ==, 1);
  g_assert_cmpuint (dr_clock_moves (clock, DR_SIDE_WHITE), ==, 35);
  g_assert_cmpuint (dr_clock_moves_to_control (clock, DR_SIDE_WHITE), ==, 0);
  /* Black is still in the first period: 2160 s until its 35th move. */
  g_assert_cmpuint (dr_clock_period (clock, DR_SIDE_BLACK), ==, 0);
  now += S (60);
  dr_clock_press (clock, now, NULL);
  /* Black: 2160 - 60 + 900 = 3000 s. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, now), ==, S (3000));
  g_assert_cmpuint (dr_clock_period (clock, DR_SIDE_BLACK), ==, 1);
  /* White's 36th move: no more time comes, 1600 - 100 = 1500 s. */
  now += S (100);
  dr_clock_press (clock, now, NULL);
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now), ==, S (1500));
  g_assert_false (dr_clock_flagged (clock, now, NULL));
}

/* 004 3.8.9: the flag falls during the control move; pressing the clock
 * half a second later does not bring the next period's time. */
static void
test_flag_at_control (void)
{
  g_autoptr (DrClock) clock = clock_for ("35/4200:900");
  gint64 now = 0;
  gboolean flag = FALSE;
  DrSide side = DR_SIDE_BLACK;

  dr_clock_start (clock, DR_SIDE_WHITE, now);
  for (int move = 1; move <= 34; move++)
    {
      now += S (120);
      dr_clock_press (clock, now, NULL);
      now += S (60);
      dr_clock_press (clock, now, NULL);
    }
  /* White: 4200 - 34 * 120 = 120 s for the control move; Black 2160 s. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now), ==, S (120));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now + S (60)), ==, S (60));
  /* The flag falls at 120 s exactly, not a microsecond before. */
  g_assert_false (dr_clock_flagged (clock, now + S (120) - 1, NULL));
  g_assert_true (dr_clock_flagged (clock, now + S (120), &side));
  g_assert_cmpint (side, ==, DR_SIDE_WHITE);
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now + S (120.5)), ==, 0);

  /* The move took 120.5 s, 0.5 s past the flag. */
  g_assert_cmpint (dr_clock_press (clock, now + S (120.5), &flag), ==, S (120.5));
  g_assert_true (flag);
  now += S (120.5);
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now), ==, 0);   /* not 900 s */
  g_assert_cmpuint (dr_clock_moves (clock, DR_SIDE_WHITE), ==, 34);        /* not counted */
  g_assert_cmpuint (dr_clock_period (clock, DR_SIDE_WHITE), ==, 0);
  g_assert_false (dr_clock_is_running (clock, NULL));
  side = DR_SIDE_BLACK;
  g_assert_true (dr_clock_flagged (clock, now + S (1000), &side));
  g_assert_cmpint (side, ==, DR_SIDE_WHITE);
  /* Black's clock did not start: its time stays 2160 s. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, now + S (1000)), ==, S (2160));
  /* Pressing again changes nothing. */
  flag = FALSE;
  g_assert_cmpint (dr_clock_press (clock, now + S (1), &flag), ==, 0);
  g_assert_true (flag);
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, now + S (1)), ==, S (2160));
}

/* 1 move in 10 s, then 5 s: the press at the last microsecond is in time,
 * the press when the time shows 0 is not (004 3.8.9: "during the switch
 * of the clock at the control move"). */
static void
test_flag_boundary (void)
{
  g_autoptr (DrClock) in_time = clock_for ("1/10:5");
  g_autoptr (DrClock) late = clock_for ("1/10:5");
  gboolean flag = TRUE;

  dr_clock_start (in_time, DR_SIDE_WHITE, 0);
  g_assert_cmpint (dr_clock_press (in_time, S (10) - 1, &flag), ==, S (10) - 1);
  g_assert_false (flag);
  /* 1 µs left, + 5 s. */
  g_assert_cmpint (dr_clock_remaining (in_time, DR_SIDE_WHITE, S (10)), ==, S (5) + 1);

  dr_clock_start (late, DR_SIDE_WHITE, 0);
  dr_clock_press (late, S (10), &flag);
  g_assert_true (flag);
  g_assert_cmpint (dr_clock_remaining (late, DR_SIDE_WHITE, S (10)), ==, 0);
}

/* Fischer 3 min + 2 s: White's moves take 10 s, Black's 4 s. */
static void
test_fischer (void)
{
  g_autoptr (DrClock) clock = clock_for ("180+2");
  g_autoptr (DrClock) short_of_time = clock_for ("180+2");
  gint64 now = S (1000);
  gboolean flag = TRUE;

  dr_clock_start (clock, DR_SIDE_WHITE, now);
  for (int move = 1; move <= 3; move++)
    {
      if (move == 2)
        /* 7 s into the 2nd move: 180 - 10 + 2 - 7 = 165 s. */
        g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now + S (7)), ==, S (165));
      now += S (10);
      g_assert_cmpint (dr_clock_press (clock, now, NULL), ==, S (10));
      now += S (4);
      g_assert_cmpint (dr_clock_press (clock, now, NULL), ==, S (4));
    }
  /* White: 180 - 30 + 6 = 156 s; Black: 180 - 12 + 6 = 174 s. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, now), ==, S (156));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, now), ==, S (174));
  g_assert_cmpuint (dr_clock_moves_to_control (clock, DR_SIDE_WHITE), ==, 0);

  /* The increment does not save a move made after the flag fell. */
  dr_clock_start (short_of_time, DR_SIDE_WHITE, 0);
  dr_clock_press (short_of_time, S (178), &flag);          /* 180 - 178 + 2 = 4 s */
  g_assert_false (flag);
  g_assert_cmpint (dr_clock_remaining (short_of_time, DR_SIDE_WHITE, S (178)), ==, S (4));
  dr_clock_press (short_of_time, S (179), &flag);          /* Black: 180 - 1 + 2 = 181 s */
  g_assert_cmpint (dr_clock_remaining (short_of_time, DR_SIDE_BLACK, S (179)), ==, S (181));
  dr_clock_press (short_of_time, S (183.5), &flag);        /* 4.5 s > 4 s */
  g_assert_true (flag);
  g_assert_cmpint (dr_clock_remaining (short_of_time, DR_SIDE_WHITE, S (183.5)), ==, 0);
}

/* Sandglass of 60 s: what one side uses, the other gets. */
static void
test_sandglass (void)
{
  g_autoptr (DrClock) clock = clock_for ("*60");
  DrSide side;

  dr_clock_start (clock, DR_SIDE_WHITE, 0);
  /* 4 s into White's move: White 56 s, Black 64 s already. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, S (4)), ==, S (56));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, S (4)), ==, S (64));
  g_assert_cmpint (dr_clock_press (clock, S (10), NULL), ==, S (10));
  /* White 60 - 10 = 50 s, Black 60 + 10 = 70 s. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, S (10)), ==, S (50));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, S (10)), ==, S (70));
  g_assert_cmpint (dr_clock_press (clock, S (35), NULL), ==, S (25));
  /* Black 70 - 25 = 45 s, White 50 + 25 = 75 s. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, S (35)), ==, S (45));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, S (35)), ==, S (75));
  /* White's sand runs out 75 s later, at 110 s; Black then has 45 + 75. */
  g_assert_false (dr_clock_flagged (clock, S (110) - 1, NULL));
  g_assert_true (dr_clock_flagged (clock, S (110), &side));
  g_assert_cmpint (side, ==, DR_SIDE_WHITE);
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, S (500)), ==, S (120));
}

/* A pause stops both clocks; the move's time counts only the time run. */
/* Moves taken back (dr_clock_set_to_move): the time used stays used, the
 * clock runs for the side named from then on, no move counted, no
 * increment given. */
static void
test_set_to_move (void)
{
  g_autoptr (DrClock) clock = clock_for ("300+5");
  gint64 t0 = S (1000);
  DrSide side;

  dr_clock_start (clock, DR_SIDE_WHITE, t0);
  dr_clock_press (clock, t0 + S (10), NULL);     /* White: 300 - 10 + 5 = 295 s */
  /* Black thinks 20 s, then White's move is taken back: White's clock
   * runs again, Black keeps its 280 s. */
  dr_clock_set_to_move (clock, DR_SIDE_WHITE, t0 + S (30));
  g_assert_true (dr_clock_is_running (clock, &side));
  g_assert_cmpint (side, ==, DR_SIDE_WHITE);
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, t0 + S (40)), ==, S (280));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, t0 + S (40)), ==, S (285));
  g_assert_cmpuint (dr_clock_moves (clock, DR_SIDE_WHITE), ==, 1);
  g_assert_cmpuint (dr_clock_moves (clock, DR_SIDE_BLACK), ==, 0);
  /* Paused, it still hands the turn over, and runs from the resume. */
  dr_clock_pause (clock, t0 + S (40));
  dr_clock_set_to_move (clock, DR_SIDE_BLACK, t0 + S (50));
  g_assert_true (dr_clock_is_paused (clock));
  dr_clock_resume (clock, t0 + S (60));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, t0 + S (70)), ==, S (270));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, t0 + S (70)), ==, S (285));
}

static void
test_pause_resume (void)
{
  g_autoptr (DrClock) clock = clock_for ("300");
  g_autoptr (DrClock) flagged = clock_for ("10");
  gint64 t0 = S (1000);
  DrSide side;

  dr_clock_start (clock, DR_SIDE_WHITE, t0);
  dr_clock_pause (clock, t0 + S (10));
  g_assert_true (dr_clock_is_paused (clock));
  g_assert_false (dr_clock_is_running (clock, NULL));
  /* Paused: 300 - 10 = 290 s however long the pause, and no flag. */
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, t0 + S (100000)), ==, S (290));
  g_assert_false (dr_clock_flagged (clock, t0 + S (100000), NULL));
  dr_clock_resume (clock, t0 + S (60));
  g_assert_true (dr_clock_is_running (clock, &side));
  g_assert_cmpint (side, ==, DR_SIDE_WHITE);
  /* 10 s before the pause + 5 s after it = 15 s; 300 - 15 = 285 s. */
  g_assert_cmpint (dr_clock_press (clock, t0 + S (65), NULL), ==, S (15));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_WHITE, t0 + S (65)), ==, S (285));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, t0 + S (65)), ==, S (300));

  /* The arbiter sets Black's clock to 200 s 5 s into its move (004
   * 3.8.8); 3 s later it shows 197 s. */
  dr_clock_set_remaining (clock, DR_SIDE_BLACK, S (200), t0 + S (70));
  g_assert_cmpint (dr_clock_remaining (clock, DR_SIDE_BLACK, t0 + S (73)), ==, S (197));
  g_assert_cmpint (dr_clock_press (clock, t0 + S (73), NULL), ==, S (8));

  /* A pause after the time ran out finds the flag down. */
  dr_clock_start (flagged, DR_SIDE_WHITE, 0);
  dr_clock_pause (flagged, S (12));
  g_assert_false (dr_clock_is_paused (flagged));
  g_assert_true (dr_clock_flagged (flagged, S (12), &side));
  g_assert_cmpint (side, ==, DR_SIDE_WHITE);
  g_assert_cmpint (dr_clock_remaining (flagged, DR_SIDE_WHITE, S (12)), ==, 0);
}

/* ---- 004 3.8.12 -------------------------------------------------------- */

static void
position (const DrRules *rules,
          const char    *fen,
          DrPosition    *pos)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (dr_fen_parse (rules, fen, pos, &error));
  g_assert_no_error (error);
}

/* @pos after the legal move from square @from to @to (PDN numbers or
 * names). */
static void
play (const DrRules *rules,
      DrPosition    *pos,
      const char    *from,
      const char    *to)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  size_t consumed;
  int f = dr_geometry_parse_square (rules->geometry, from, -1, &consumed);
  int t = dr_geometry_parse_square (rules->geometry, to, -1, &consumed);

  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    if (list->moves[i].from == f && list->moves[i].to == t)
      {
        dr_position_apply (pos, pos, &list->moves[i]);
        return;
      }
  g_assert_not_reached ();
}

static void
assert_result (const DrRules    *rules,
               const DrPosition *pos,
               DrSide            flagged,
               DrResult          result,
               const char       *text)
{
  DrResult got = dr_clock_flag_result (rules, pos, flagged);

  g_assert_cmpint (got, ==, result);
  g_assert_cmpstr (dr_result_to_string (got, rules), ==, text);
}

/* International: White's man on 32 takes Black's last man, on 28, landing
 * on 23; White's flag falls after the move: Black has no piece left, so
 * the flag does not count and White wins, 2-0.  Before the move (White
 * still to move) the flag loses, 0-2. */
static void
test_flag_last_piece_taken (void)
{
  const DrRules *rules = dr_rules_get (DR_VARIANT_INTERNATIONAL);
  DrPosition before, after;

  position (rules, "W:W32:B28", &before);
  assert_result (rules, &before, DR_SIDE_WHITE, DR_RESULT_BLACK_WINS, "0-2");
  after = before;
  play (rules, &after, "32", "23");
  g_assert_cmpuint (after.pieces[DR_SIDE_BLACK], ==, 0);
  assert_result (rules, &after, DR_SIDE_WHITE, DR_RESULT_WHITE_WINS, "2-0");
}

/* International: Black's king on 46 (a1) has one diagonal, through 41.
 * White plays 42-37: 41 is covered, the king cannot move or take, Black is
 * locked and White's flag after that move does not count: 2-0. */
static void
test_flag_opponent_locked (void)
{
  const DrRules *rules = dr_rules_get (DR_VARIANT_INTERNATIONAL);
  DrPosition pos;

  position (rules, "W:W41,42:BK46", &pos);
  play (rules, &pos, "42", "37");
  g_assert_false (dr_movegen_has_move (rules, &pos));
  g_assert_cmpuint (pos.pieces[DR_SIDE_BLACK], !=, 0);
  assert_result (rules, &pos, DR_SIDE_WHITE, DR_RESULT_WHITE_WINS, "2-0");

  /* Not so for the side to move: White's man on 46 is locked by Black's
   * men on 41 and 37, and White's flag falls before it has moved (it has
   * no move to make): White loses, 0-2. */
  position (rules, "W:W46:B37,41", &pos);
  g_assert_false (dr_movegen_has_move (rules, &pos));
  assert_result (rules, &pos, DR_SIDE_WHITE, DR_RESULT_BLACK_WINS, "0-2");
}

/* An ordinary position: the flagged side loses (004 3.8.9), in the
 * variant's notation. */
static void
test_flag_ordinary (void)
{
  const DrRules *international = dr_rules_get (DR_VARIANT_INTERNATIONAL);
  const DrRules *russian = dr_rules_get (DR_VARIANT_RUSSIAN);
  DrPosition pos;

  dr_rules_initial (international, &pos);
  play (international, &pos, "32", "28");
  assert_result (international, &pos, DR_SIDE_WHITE, DR_RESULT_BLACK_WINS, "0-2");
  play (international, &pos, "19", "23");
  assert_result (international, &pos, DR_SIDE_BLACK, DR_RESULT_WHITE_WINS, "2-0");

  dr_rules_initial (russian, &pos);
  play (russian, &pos, "c3", "d4");
  assert_result (russian, &pos, DR_SIDE_WHITE, DR_RESULT_BLACK_WINS, "0-1");
}

/* Russian, c3xe5 takes Black's last man: 1-0 for White whose flag fell.
 * In the giveaway game the same capture wins for Black on the board (the
 * side without a move wins), flag or no flag: 0-1. */
static void
test_flag_russian_and_giveaway (void)
{
  const DrRules *russian = dr_rules_get (DR_VARIANT_RUSSIAN);
  const DrRules *giveaway = dr_rules_get (DR_VARIANT_RUSSIAN_GIVEAWAY);
  DrPosition pos;

  position (russian, "W:Wc3:Bd4", &pos);
  play (russian, &pos, "c3", "e5");
  assert_result (russian, &pos, DR_SIDE_WHITE, DR_RESULT_WHITE_WINS, "1-0");

  position (giveaway, "W:Wc3:Bd4", &pos);
  play (giveaway, &pos, "c3", "e5");
  assert_result (giveaway, &pos, DR_SIDE_WHITE, DR_RESULT_BLACK_WINS, "0-1");
}

/* ---- Clock commands in comments ---------------------------------------- */

static void
test_comment_read (void)
{
  static const struct
  {
    const char *comment;
    DrSide      mover;
    gboolean    known[2];
    gboolean    running[2];
    gint64      remaining[2];
    const char *text;
  } cases[] = {
    /* PDN.md §6: upper case runs. */
    { "[%clock w0:00:10 B0:00:03]", DR_SIDE_WHITE,
      { TRUE, TRUE }, { FALSE, TRUE }, { S (10), S (3) }, NULL },
    /* DGT's %clk: the mover's time; 9.5 s. */
    { "Good move [%clk 0:00:09.5] here", DR_SIDE_BLACK,
      { FALSE, TRUE }, { FALSE, FALSE }, { 0, S (9.5) }, "Good move here" },
    /* 10 h = 36000 s. */
    { "[%clock W10:00:00]", DR_SIDE_BLACK,
      { TRUE, FALSE }, { TRUE, FALSE }, { S (36000), 0 }, NULL },
    /* The regular expression allows no space; 1:02:03 = 3723 s. */
    { "[%clockb1:02:03]", DR_SIDE_WHITE,
      { FALSE, TRUE }, { FALSE, FALSE }, { 0, S (3723) }, NULL },
    /* Digits past the microsecond dropped: 1.123456 s. */
    { "[%clk 0:00:01.1234567]", DR_SIDE_WHITE,
      { TRUE, FALSE }, { FALSE, FALSE }, { 1123456, 0 }, NULL },
    /* Beside marks and text, which stay. */
    { "Only move [%csl G23] [%clock b0:59:59 W1:00:00] [%cal G32-28]", DR_SIDE_BLACK,
      { TRUE, TRUE }, { TRUE, FALSE }, { S (3600), S (3599) },
      "Only move [%csl G23] [%cal G32-28]" },
    /* A later command overrides an earlier one for its side. */
    { "[%clock w0:01:00 b0:02:00] [%clk 0:00:30]", DR_SIDE_BLACK,
      { TRUE, TRUE }, { FALSE, FALSE }, { S (60), S (30) }, NULL },
    /* No clock command: nothing known, the text as it is. */
    { "Zugzwang", DR_SIDE_WHITE, { FALSE, FALSE }, { FALSE, FALSE }, { 0, 0 }, "Zugzwang" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      DrClockTimes times;

      g_test_message ("%s", cases[i].comment);
      g_assert_true (dr_clock_times_from_comment (cases[i].comment, cases[i].mover, &times,
                                                  &text, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (text, ==, cases[i].text);
      for (int side = 0; side < 2; side++)
        {
          g_assert_cmpint (times.known[side], ==, cases[i].known[side]);
          if (!times.known[side])
            continue;
          g_assert_cmpint (times.running[side], ==, cases[i].running[side]);
          g_assert_cmpint (times.remaining[side], ==, cases[i].remaining[side]);
        }
    }
}

static void
test_comment_write (void)
{
  /* 0:41:07 = 2467 s, with 0.9 s more that the written form drops;
   * 0:38:52 = 2332 s, running. */
  DrClockTimes times = { { TRUE, TRUE }, { FALSE, TRUE }, { S (2467.9), S (2332) } };
  DrClockTimes black = { { FALSE, TRUE }, { FALSE, FALSE }, { 0, S (36000) } };
  DrClockTimes none = { { FALSE, FALSE }, { FALSE, FALSE }, { 0, 0 } };
  g_autofree char *with_text = dr_clock_times_to_comment ("Sharp", &times);
  g_autofree char *alone = dr_clock_times_to_comment (NULL, &times);
  g_autofree char *black_only = dr_clock_times_to_comment ("", &black);
  g_autofree char *nothing = dr_clock_times_to_comment (NULL, &none);
  g_autofree char *text_only = dr_clock_times_to_comment ("Sharp", NULL);
  g_autofree char *negative = dr_clock_format_time (-S (5));
  g_autofree char *hundred = dr_clock_format_time (S (360000));

  g_assert_cmpstr (with_text, ==, "Sharp [%clock w0:41:07 B0:38:52]");
  g_assert_cmpstr (alone, ==, "[%clock w0:41:07 B0:38:52]");
  g_assert_cmpstr (black_only, ==, "[%clock b10:00:00]");
  g_assert_null (nothing);
  g_assert_cmpstr (text_only, ==, "Sharp");
  g_assert_cmpstr (negative, ==, "0:00:00");
  g_assert_cmpstr (hundred, ==, "100:00:00");
}

/* Written times read back as the same times (whole seconds). */
static void
test_comment_round_trip (void)
{
  DrClockTimes times = { { TRUE, TRUE }, { TRUE, FALSE }, { S (7325), S (59) } };
  g_autofree char *comment = dr_clock_times_to_comment ("Time trouble", &times);
  g_autofree char *text = NULL;
  DrClockTimes back;

  /* 7325 s = 2:02:05. */
  g_assert_cmpstr (comment, ==, "Time trouble [%clock W2:02:05 b0:00:59]");
  g_assert_true (dr_clock_times_from_comment (comment, DR_SIDE_BLACK, &back, &text, NULL));
  g_assert_cmpstr (text, ==, "Time trouble");
  for (int side = 0; side < 2; side++)
    {
      g_assert_true (back.known[side]);
      g_assert_cmpint (back.running[side], ==, times.running[side]);
      g_assert_cmpint (back.remaining[side], ==, times.remaining[side]);
    }
}

static void
test_comment_replace (void)
{
  DrClockTimes times = { { TRUE, TRUE }, { TRUE, FALSE }, { S (50), S (120) } };
  g_autofree char *replaced
    = dr_clock_times_replace_in_comment ("Only move [%clock w0:01:00 B0:02:00] [%csl G23]", &times);
  g_autofree char *removed
    = dr_clock_times_replace_in_comment ("Only move [%clock w0:01:00 B0:02:00] [%csl G23]", NULL);
  g_autofree char *emptied = dr_clock_times_replace_in_comment ("[%clk 0:00:05]", NULL);
  g_autofree char *added = dr_clock_times_replace_in_comment (NULL, &times);
  g_autofree char *kept = dr_clock_times_replace_in_comment ("[%clock x1] note", &times);

  g_assert_cmpstr (replaced, ==, "Only move [%csl G23] [%clock W0:00:50 b0:02:00]");
  g_assert_cmpstr (removed, ==, "Only move [%csl G23]");
  g_assert_null (emptied);
  g_assert_cmpstr (added, ==, "[%clock W0:00:50 b0:02:00]");
  /* A command that cannot be read stays; the new one goes after it. */
  g_assert_cmpstr (kept, ==, "[%clock x1] note [%clock W0:00:50 b0:02:00]");
}

/* After a press, the clock's times as a comment command. */
static void
test_times_to_comment (void)
{
  g_autoptr (DrClock) clock = clock_for ("180+2");
  g_autofree char *comment = NULL;
  DrClockTimes times;

  dr_clock_start (clock, DR_SIDE_WHITE, 0);
  dr_clock_press (clock, S (10), NULL);
  /* White 180 - 10 + 2 = 172 s = 0:02:52; Black's clock runs. */
  dr_clock_get_times (clock, S (10), &times);
  comment = dr_clock_times_to_comment (NULL, &times);
  g_assert_cmpstr (comment, ==, "[%clock w0:02:52 B0:03:00]");
}

/* The times of the first two moves of @game, as test_comment_pdn() writes
 * them. */
static void
check_pdn_times (const DrGame *game)
{
  g_autoptr (DrTimeControl) control = NULL;
  g_autoptr (DrTimeControl) preset = parse_ok ("50/5400:1800");   /* 004 3.9.2 */
  g_autofree char *text = NULL;
  g_autofree char *sharp = NULL;
  DrGameNode *node;
  DrClockTimes times;

  g_assert_true (dr_time_control_parse (dr_game_get_tag (game, "TimeControl"), &control, NULL));
  g_assert_true (dr_time_control_equal (control, preset));

  /* After 32-28: White 1:29:50 = 5390 s, Black's clock runs at 5400 s. */
  node = game->root->children;
  g_assert_true (dr_clock_times_from_comment (node->comment_after, DR_SIDE_WHITE, &times,
                                              &text, NULL));
  g_assert_null (text);
  g_assert_cmpint (times.remaining[DR_SIDE_WHITE], ==, S (5390));
  g_assert_false (times.running[DR_SIDE_WHITE]);
  g_assert_cmpint (times.remaining[DR_SIDE_BLACK], ==, S (5400));
  g_assert_true (times.running[DR_SIDE_BLACK]);
  /* After 19-23: Black 1:29:15 = 5355 s, White's clock runs. */
  node = node->children;
  g_assert_true (dr_clock_times_from_comment (node->comment_after, DR_SIDE_BLACK, &times,
                                              &sharp, NULL));
  g_assert_cmpstr (sharp, ==, "Sharp");
  g_assert_cmpint (times.remaining[DR_SIDE_WHITE], ==, S (5390));
  g_assert_true (times.running[DR_SIDE_WHITE]);
  g_assert_cmpint (times.remaining[DR_SIDE_BLACK], ==, S (5355));
  g_assert_false (times.running[DR_SIDE_BLACK]);
}

static DrGame *
read_one_game (const char *pdn)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "clock.pdn", NULL, NULL, &error);
  DrGame *game = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_no_error (error);
  return game;
}

/* A PDN game keeps its control in the TimeControl tag and the times in
 * its move comments; written (the writer may break a comment across
 * lines) and read again, they are the same. */
static void
test_comment_pdn (void)
{
  static const char pdn[] =
    "[GameType \"20\"]\n"
    "[TimeControl \"50/5400:1800\"]\n"
    "[Result \"*\"]\n"
    "\n"
    "1. 32-28 {[%clock w1:29:50 B1:30:00]} 19-23 {Sharp [%clock W1:29:50 b1:29:15]} *\n";
  g_autoptr (DrGame) game = read_one_game (pdn);
  g_autofree char *written = dr_pdn_write_game (game, DR_NOTATION_NUMERIC);
  g_autoptr (DrGame) again = read_one_game (written);
  g_autofree char *rewritten = dr_pdn_write_game (again, DR_NOTATION_NUMERIC);

  check_pdn_times (game);
  g_assert_nonnull (strstr (written, "[TimeControl \"50/5400:1800\"]"));
  g_assert_nonnull (strstr (written, "32-28 {[%clock w1:29:50 B1:30:00]}"));
  check_pdn_times (again);
  g_assert_cmpstr (rewritten, ==, written);
}

/* Clock commands that cannot be read stay in the text, as they were, and
 * are reported with their column (in characters). */
static void
test_comment_malformed (void)
{
  static const struct { const char *comment; guint column; } cases[] = {
    { "[%clock w0:0:10]", 1 },               /* minutes in one digit */
    { "[%clock x0:00:10]", 1 },              /* no such side */
    { "[%clock w0:61:10]", 1 },              /* 61 minutes */
    { "[%clock w0:00:60]", 1 },
    { "[%clock w0:00:10 w0:00:11]", 1 },     /* White twice */
    { "[%clock]", 1 },                       /* no time */
    { "[%clock w]", 1 },
    { "[%clk 0:00:10 0:00:11]", 1 },         /* %clk has one time */
    { "[%clk 1:00]", 1 },
    { "[%clk 0:00:10.]", 1 },
    { "[%clk 1234567:00:00]", 1 },           /* more hours than can be */
    { "see [%clock w0:00:10", 5 },           /* never closed */
    { "[%clock w0:00:10 [%csl G23]", 1 },    /* closed by another command */
    { "Зевок [%clk 0:0:01]", 7 },            /* 6 characters (11 bytes) before it */
    /* Quoted in the message up to 40 bytes, not half a letter. */
    { "[%clock w0:00:10 Цейтнот, цейтнот]", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *where = g_strdup_printf ("column %u:", cases[i].column);
      DrClockTimes times;

      g_test_message ("%s", cases[i].comment);
      g_assert_false (dr_clock_times_from_comment (cases[i].comment, DR_SIDE_WHITE, &times,
                                                   &text, &error));
      g_assert_error (error, DR_CLOCK_ERROR, DR_CLOCK_ERROR_COMMAND);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, where));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_cmpstr (text, ==, cases[i].comment);
      g_assert_false (times.known[DR_SIDE_WHITE]);
      g_assert_false (times.known[DR_SIDE_BLACK]);
    }
}

/* Commands that are not clock commands are not errors; a good command
 * beside a bad one is read, the bad one kept and reported. */
static void
test_comment_not_ours (void)
{
  static const char *const comments[] = {
    "[%clockx 1]", "[%clkx]", "[%cal G32-28]", "[%emt 0:00:05]", "50% [%c",
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  DrClockTimes times;

  for (guint i = 0; i < G_N_ELEMENTS (comments); i++)
    {
      g_autoptr (GError) none = NULL;
      g_autofree char *same = NULL;

      g_assert_true (dr_clock_times_from_comment (comments[i], DR_SIDE_WHITE, &times, &same,
                                                  &none));
      g_assert_no_error (none);
      g_assert_cmpstr (same, ==, comments[i]);
      g_assert_false (times.known[DR_SIDE_WHITE] || times.known[DR_SIDE_BLACK]);
    }

  /* The bad one at column 19. */
  g_assert_false (dr_clock_times_from_comment ("[%clock w0:00:10] [%clk 0:0:1]", DR_SIDE_BLACK,
                                               &times, &text, &error));
  g_assert_error (error, DR_CLOCK_ERROR, DR_CLOCK_ERROR_COMMAND);
  g_assert_nonnull (strstr (error->message, "column 19:"));
  g_assert_cmpstr (text, ==, "[%clk 0:0:1]");
  g_assert_true (times.known[DR_SIDE_WHITE]);
  g_assert_cmpint (times.remaining[DR_SIDE_WHITE], ==, S (10));
  g_assert_false (times.known[DR_SIDE_BLACK]);
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
  g_test_add_func ("/clock/clock/classic-control", test_classic_control);
  g_test_add_func ("/clock/clock/flag-at-control", test_flag_at_control);
  g_test_add_func ("/clock/clock/flag-boundary", test_flag_boundary);
  g_test_add_func ("/clock/clock/fischer", test_fischer);
  g_test_add_func ("/clock/clock/sandglass", test_sandglass);
  g_test_add_func ("/clock/clock/pause-resume", test_pause_resume);
  g_test_add_func ("/clock/clock/set-to-move", test_set_to_move);
  g_test_add_func ("/clock/flag-result/last-piece-taken", test_flag_last_piece_taken);
  g_test_add_func ("/clock/flag-result/opponent-locked", test_flag_opponent_locked);
  g_test_add_func ("/clock/flag-result/ordinary", test_flag_ordinary);
  g_test_add_func ("/clock/flag-result/russian-and-giveaway", test_flag_russian_and_giveaway);
  g_test_add_func ("/clock/comment/read", test_comment_read);
  g_test_add_func ("/clock/comment/write", test_comment_write);
  g_test_add_func ("/clock/comment/round-trip", test_comment_round_trip);
  g_test_add_func ("/clock/comment/replace", test_comment_replace);
  g_test_add_func ("/clock/comment/from-clock", test_times_to_comment);
  g_test_add_func ("/clock/comment/pdn", test_comment_pdn);
  g_test_add_func ("/clock/comment/malformed", test_comment_malformed);
  g_test_add_func ("/clock/comment/not-ours", test_comment_not_ours);
  return g_test_run ();
}
