/* test-marks.c — arrows and coloured squares in comments
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The commands are those PDN.md §6 describes ("[%csl R12,G23]",
 * "[%cal R12-23]", lidraughts' "Ge2e4").  Squares are checked against the
 * boards' own names: on the International board 23 is f6, 28 e5, 32 d4
 * (numbering from b10, 004 1.1 / PDN.md §4).
 */

#include "config.h"

#include "dr-geometry.h"
#include "dr-marks.h"

#include <string.h>

static int
sq (const DrRules *rules,
    const char    *name)
{
  size_t consumed;
  int bit = dr_geometry_parse_square (rules->geometry, name, -1, &consumed);

  g_assert_cmpint (bit, >=, 0);
  return bit;
}

static void
assert_mark (GArray        *marks,
             guint          i,
             const DrRules *rules,
             const char    *from,
             const char    *to,
             DrMarkColor    color)
{
  const DrMark *m;

  g_assert_cmpuint (i, <, marks->len);
  m = &g_array_index (marks, DrMark, i);
  g_assert_cmpint (m->from, ==, sq (rules, from));
  g_assert_cmpint (m->to, ==, sq (rules, to));
  g_assert_cmpint (m->color, ==, color);
}

static void
test_read_numeric (void)
{
  const DrRules *rules = dr_rules_get (DR_VARIANT_INTERNATIONAL);
  g_autofree char *text = NULL;
  g_autoptr (GArray) marks
    = dr_marks_from_comment (rules, "A strong square [%csl G23,R28] [%cal G32-28, B17-22] for White", &text);

  g_assert_cmpstr (text, ==, "A strong square for White");
  g_assert_cmpuint (marks->len, ==, 4);
  assert_mark (marks, 0, rules, "f6", "f6", DR_MARK_GREEN);
  assert_mark (marks, 1, rules, "e5", "e5", DR_MARK_RED);
  assert_mark (marks, 2, rules, "d4", "e5", DR_MARK_GREEN);
  assert_mark (marks, 3, rules, "17", "22", DR_MARK_BLUE);
}

static void
test_read_algebraic (void)
{
  const DrRules *rules = dr_rules_get (DR_VARIANT_RUSSIAN);
  g_autofree char *text = NULL;
  g_autoptr (GArray) marks = dr_marks_from_comment (rules, "[%cal Gc3d4,Yc3-b4][%csl Ba1]", &text);

  g_assert_null (text);
  g_assert_cmpuint (marks->len, ==, 3);
  assert_mark (marks, 0, rules, "c3", "d4", DR_MARK_GREEN);
  assert_mark (marks, 1, rules, "c3", "b4", DR_MARK_YELLOW);
  assert_mark (marks, 2, rules, "a1", "a1", DR_MARK_BLUE);
}

/* Whatever is not a whole, valid command stays in the text, as it was. */
static void
test_invalid_kept (void)
{
  static const struct { DrVariant variant; const char *comment; } cases[] = {
    { DR_VARIANT_INTERNATIONAL, "[%csl X23]" },          /* no such colour */
    { DR_VARIANT_INTERNATIONAL, "[%csl G51]" },          /* no square 51 */
    { DR_VARIANT_RUSSIAN, "[%csl Gb1]" },                /* b1 is a light square */
    { DR_VARIANT_INTERNATIONAL, "[%cal G23-23]" },       /* an arrow needs two squares */
    { DR_VARIANT_INTERNATIONAL, "[%cal G3228]" },        /* numbers need the dash */
    { DR_VARIANT_INTERNATIONAL, "[%csl G23,]" },
    { DR_VARIANT_INTERNATIONAL, "[%csl G23 R28]" },
    { DR_VARIANT_INTERNATIONAL, "see [%csl G23" },       /* never closed */
    { DR_VARIANT_INTERNATIONAL, "[%clk 0:01:00]" },      /* another command */
    { DR_VARIANT_INTERNATIONAL, "[%cslx G23]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;
      g_autoptr (GArray) marks = dr_marks_from_comment (dr_rules_get (cases[i].variant), cases[i].comment, &text);

      g_test_message ("%s", cases[i].comment);
      g_assert_cmpuint (marks->len, ==, 0);
      g_assert_cmpstr (text, ==, cases[i].comment);
    }
}

/* A comment written with the marks reads back as the same text and marks,
 * and in the canonical form it is the same string. */
static void
test_round_trip (void)
{
  static const struct { DrVariant variant; const char *comment; } cases[] = {
    { DR_VARIANT_INTERNATIONAL, "Good [%csl G23,R28] [%cal G32-28,B17-22]" },
    { DR_VARIANT_ENGLISH, "[%cal R9-14]" },
    { DR_VARIANT_RUSSIAN, "Центр [%csl Ye5] [%cal Gc3d4]" },
    { DR_VARIANT_BRAZILIAN, "[%csl Rh8]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const DrRules *rules = dr_rules_get (cases[i].variant);
      g_autofree char *text = NULL;
      g_autoptr (GArray) marks = dr_marks_from_comment (rules, cases[i].comment, &text);
      g_autofree char *again = dr_marks_to_comment (rules, text, marks, rules->notation);

      g_assert_cmpuint (marks->len, >, 0);
      g_assert_cmpstr (again, ==, cases[i].comment);
    }
}

static void
test_toggle (void)
{
  const DrRules *rules = dr_rules_get (DR_VARIANT_INTERNATIONAL);
  DrMark arrow = { (gint8) sq (rules, "32"), (gint8) sq (rules, "28"), DR_MARK_GREEN };
  DrMark square = { (gint8) sq (rules, "23"), (gint8) sq (rules, "23"), DR_MARK_RED };
  char *comment = NULL, *next;

  /* On, then the other mark beside it. */
  next = dr_marks_toggle_in_comment (rules, "Idea", &arrow, DR_NOTATION_NUMERIC);
  g_assert_cmpstr (next, ==, "Idea [%cal G32-28]");
  comment = next;
  next = dr_marks_toggle_in_comment (rules, comment, &square, DR_NOTATION_NUMERIC);
  g_assert_cmpstr (next, ==, "Idea [%csl R23] [%cal G32-28]");
  g_free (comment);
  comment = next;
  /* Another colour changes it. */
  arrow.color = DR_MARK_BLUE;
  next = dr_marks_toggle_in_comment (rules, comment, &arrow, DR_NOTATION_NUMERIC);
  g_assert_cmpstr (next, ==, "Idea [%csl R23] [%cal B32-28]");
  g_free (comment);
  comment = next;
  /* The same colour takes it off; then the last, and the text stays. */
  next = dr_marks_toggle_in_comment (rules, comment, &arrow, DR_NOTATION_NUMERIC);
  g_assert_cmpstr (next, ==, "Idea [%csl R23]");
  g_free (comment);
  comment = next;
  next = dr_marks_toggle_in_comment (rules, comment, &square, DR_NOTATION_NUMERIC);
  g_assert_cmpstr (next, ==, "Idea");
  g_free (comment);
  comment = next;
  /* Nothing left at all: no comment. */
  next = dr_marks_toggle_in_comment (rules, NULL, &square, DR_NOTATION_ALGEBRAIC);
  g_assert_cmpstr (next, ==, "[%csl Rf6]");
  g_free (comment);
  comment = next;
  next = dr_marks_toggle_in_comment (rules, comment, &square, DR_NOTATION_NUMERIC);
  g_assert_null (next);
  g_free (comment);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/marks/read-numeric", test_read_numeric);
  g_test_add_func ("/marks/read-algebraic", test_read_algebraic);
  g_test_add_func ("/marks/invalid-kept", test_invalid_kept);
  g_test_add_func ("/marks/round-trip", test_round_trip);
  g_test_add_func ("/marks/toggle", test_toggle);
  return g_test_run ();
}
