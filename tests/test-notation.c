/* test-notation.c — moves as text, read and written, per variant
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected moves are given as from, to and captured squares (sorted as
 * text), worked out
 * from the rules and the numbering of each variant (PDN.md §4-5, 004 1.6).
 */

#include "config.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-hub-text.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <stdlib.h>
#include <string.h>

#define RU_D8 "B:Wa1,a3,b2,b4,d2,d4,e3,f2,f4:Ba5,c5,c7,e7,g7"
#define IN_D12 "W:WK47:B11,12,19,29,30,40"
/* The king on f6 takes g7 alone (f6:h8) or goes round e7, c7, c5 and g7
 * to h8 too (f6:d8:b6:d4:h8): Russian lets it choose (a game of
 * g1m.pdn, written "f6:h8" and read back as ambiguous). */
#define RU_CIRCLE "W:WKf6,e3,b2,f2,h2,a1,c1,e1:Bb8,c7,e7,g7,c5,g5"

typedef struct
{
  const char *path;
  const char *variant;
  const char *fen;        /* NULL: the start */
  const char *text;
  const char *from;       /* expected, in the variant's notation; NULL: an error */
  const char *to;
  const char *captures;   /* "b4,d2" in numbering order, "" for none */
  const char *route;      /* expected landing squares "c3,e1,g3,e5,c3", or NULL: unchecked */
  int         error;      /* DrMoveError when from is NULL */
  const char *message;    /* a part of the error message, or NULL */
} ParseCase;

static const ParseCase parse_cases[] = {
  /* International: numeric, '-' and 'x' (PDN 3.0 grammar) and what real
   * files add (PDN.md §5, §1.1). */
  { "/notation/move/international/quiet", "international", NULL, "32-28", "32", "28", "" },
  { "/notation/move/international/x-for-quiet", "international", NULL, "32x28", "32", "28", "" },
  { "/notation/move/international/leading-zeros", "international",
    "B:W31-50:B1-10,12-20", "06-11", "6", "11", "" },
  { "/notation/move/international/no-separator", "international", NULL, "3228", "32", "28", "" },
  { "/notation/move/international/spaces-around", "international", NULL, "  33-29 ", "33", "29", "" },
  { "/notation/move/international/capture", "international", "W:W32:B27", "32x21", "32", "21", "27" },
  { "/notation/move/international/capture-colon", "international", "W:W32:B27", "32:21",
    "32", "21", "27" },
  { "/notation/move/international/route-1", "international", IN_D12, "47x24x8x17x6",
    "47", "6", "11,12,19,29", "24,8,17,6" },
  { "/notation/move/international/route-2", "international", IN_D12, "47x24x35x44x6",
    "47", "6", "11,29,30,40", "24,35,44,6" },
  { "/notation/move/international/route-one-square", "international", IN_D12, "47x35x6",
    "47", "6", "11,29,30,40" },
  { "/notation/move/international/route-colon", "international", IN_D12, "47:24:8:17:6",
    "47", "6", "11,12,19,29" },
  { "/notation/move/international/ambiguous", "international", IN_D12, "47x6",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_AMBIGUOUS, "47x24x8x17x6" },
  { "/notation/move/international/wrong-route", "international", IN_D12, "47x41x6",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_ILLEGAL, NULL },
  { "/notation/move/international/backwards", "international", "W:W31:B5", "31-36",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_ILLEGAL, "backwards" },
  { "/notation/move/international/empty-square", "international", NULL, "28-23",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_ILLEGAL, "no piece on 28" },
  { "/notation/move/international/not-your-piece", "international", NULL, "19-23",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_ILLEGAL, "Black" },
  { "/notation/move/international/capture-compulsory", "international", "W:W32,35:B27", "35-30",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_ILLEGAL, "compulsory" },
  { "/notation/move/international/majority", "international", "B:W33,41,42:BK10,36", "10x46",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_ILLEGAL, "most pieces (3)" },
  { "/notation/move/international/off-board", "international", NULL, "32-51",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_SYNTAX, NULL },
  { "/notation/move/international/garbage", "international", NULL, "32/28",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_SYNTAX, NULL },
  { "/notation/move/international/one-square", "international", NULL, "32",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_SYNTAX, NULL },

  /* Russian: algebraic, ':' for captures, the short forms of 004 1.6.2. */
  { "/notation/move/russian/algebraic", "russian", NULL, "c3-d4", "c3", "d4", "" },
  { "/notation/move/russian/no-separator", "russian", NULL, "a3b4", "a3", "b4", "" },
  { "/notation/move/russian/numeric", "russian", NULL, "22-18", "c3", "d4", "" },
  { "/notation/move/russian/short", "russian", NULL, "ed4", "e3", "d4", "" },
  { "/notation/move/russian/short-ambiguous", "russian", "W:Wc3,e3:Bh8", "cd4", "c3", "d4", "" },
  { "/notation/move/russian/short-capture", "russian",
    "W:Wa1,a3,b2,b4,c1,d2,d4,e1,e3,g1,g3,h2:Ba7,b6,b8,c5,c7,d8,e7,f8,g7,h4,h6,h8",
    "b:d6", "b4", "d6", "c5" },
  { "/notation/move/russian/short-no-piece", "russian", NULL, "dd4",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_ILLEGAL, "d file" },
  { "/notation/move/russian/two-routes-one-move", "russian", RU_D8, "a5:c3",
    "a5", "c3", "b4,d2,d4,f2,f4" },
  { "/notation/move/russian/route-1", "russian", RU_D8, "a5:c3:e1:g3:e5:c3",
    "a5", "c3", "b4,d2,d4,f2,f4", "c3,e1,g3,e5,c3" },
  { "/notation/move/russian/route-2", "russian", RU_D8, "a5:c3:e5:g3:e1:c3",
    "a5", "c3", "b4,d2,d4,f2,f4", "c3,e5,g3,e1,c3" },
  /* A one-jump capture's full route is its start and end (PDN 3.0 rule
   * 7): when another capture shares them, "f6:h8" is that route. */
  { "/notation/move/russian/one-jump-route", "russian", RU_CIRCLE, "f6:h8",
    "f6", "h8", "g7", "h8" },
  { "/notation/move/russian/circle-route", "russian", RU_CIRCLE, "f6:d8:b6:d4:h8",
    "f6", "h8", "c5,c7,e7,g7", "d8,b6,d4,h8" },
  { "/notation/move/russian/circle-short", "russian", RU_CIRCLE, "f6:b6:h8",
    "f6", "h8", "c5,c7,e7,g7" },
  { "/notation/move/russian/route-3", "russian", "W:WKd2:Bb6,d6,f4,f6,g7", "d2:g5:d8:a5",
    "d2", "a5", "b6,f4,f6" },

  /* English checkers: 1 = b8 ... 32 = g1. */
  { "/notation/move/english/quiet", "english", NULL, "11-15", "11", "15", "" },
  { "/notation/move/english/x-for-quiet", "english", NULL, "10x14", "10", "14", "" },
  { "/notation/move/english/double", "english", "W:W16,21:BK2,10,17", "21x14x7",
    "21", "7", "10,17", "14,7" },
  { "/notation/move/english/double-short", "english", "W:W16,21:BK2,10,17", "21x7",
    "21", "7", "10,17" },
  { "/notation/move/english/white-first-move", "english", NULL, "22-18",
    NULL, NULL, NULL, NULL, DR_MOVE_ERROR_ILLEGAL, "Black" },

  /* Italian and Spanish on their turned boards. */
  { "/notation/move/italian/quiet", "italian", NULL, "21-17", "21", "17", "" },
  { "/notation/move/spanish/quiet", "spanish", NULL, "9-13", "9", "13", "" },
  /* Turkish: algebraic on 64 squares. */
  { "/notation/move/turkish/sideways", "turkish", "W:Wd4:Bh8", "d4-c4", "d4", "c4", "" },
};

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* "b4,d2" for the captured squares, sorted as text. */
static char *
captures_text (const DrRules *rules,
               DrBitboard     caps)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);
  char buf[8];

  for (DrBitboard b = caps; b != 0; b = dr_bb_rest (b))
    g_ptr_array_add (names, g_strdup (dr_notation_square (rules, dr_bb_first (b), rules->notation, buf)));
  if (names->len > 1)
    qsort (names->pdata, names->len, sizeof (char *), compare_strings);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (out, "%s%s", i ? "," : "", (char *) names->pdata[i]);
  return g_string_free (out, FALSE);
}

static void
load (const char     *variant,
      const char     *fen,
      const DrRules **rules,
      DrPosition     *pos)
{
  g_autoptr (GError) error = NULL;

  *rules = dr_rules_from_name (variant);
  g_assert_nonnull (*rules);
  if (fen == NULL)
    dr_rules_initial (*rules, pos);
  else
    {
      g_assert_true (dr_fen_parse (*rules, fen, pos, &error));
      g_assert_no_error (error);
    }
}

static void
test_parse_case (gconstpointer data)
{
  const ParseCase *c = data;
  const DrRules *rules;
  g_autoptr (GError) error = NULL;
  DrPosition pos;
  DrMove move;
  gboolean ok;
  char buf[8];

  load (c->variant, c->fen, &rules, &pos);
  ok = dr_move_parse (rules, &pos, NULL, c->text, &move, &error);
  if (c->from == NULL)
    {
      g_assert_false (ok);
      g_assert_error (error, DR_MOVE_ERROR, c->error);
      g_test_message ("%s: %s", c->text, error->message);
      if (c->message != NULL)
        g_assert_nonnull (strstr (error->message, c->message));
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpstr (dr_notation_square (rules, move.from, rules->notation, buf), ==, c->from);
  g_assert_cmpstr (dr_notation_square (rules, move.to, rules->notation, buf), ==, c->to);
  {
    g_autofree char *caps = captures_text (rules, move.captures);
    g_assert_cmpstr (caps, ==, c->captures);
  }
  if (c->route != NULL)
    {
      GString *route = g_string_new (NULL);
      for (int i = 0; i < move.n_jumps; i++)
        g_string_append_printf (route, "%s%s", i ? "," : "",
                                dr_notation_square (rules, move.path[i], rules->notation, buf));
      g_assert_cmpstr (route->str, ==, c->route);
      g_string_free (route, TRUE);
    }
}

/* Writing then reading every legal move gives back that move (the route
 * too where it is written), in both notations, in positions with routes
 * that share start and end. */
static void
test_round_trip (void)
{
  static const struct { const char *variant; const char *fen; } positions[] = {
    { "international", NULL }, { "international", IN_D12 },
    { "international", "W:WK46,K50:B7,8,9,17,18,19,28,29,30,39,40" },
    { "russian", NULL }, { "russian", RU_D8 }, { "russian", "W:WKd2:Bb6,d6,f4,f6,g7" },
    { "english", NULL }, { "english", "B:W14,15,23:B10,11" },
    { "brazilian", "W:WKd2:Bb6,d6,f4,f6,g7" }, { "pool", "W:WKa5:Bb2,b4,e5,g3,g5" },
    { "italian", NULL }, { "spanish", NULL }, { "czech", NULL },
    { "turkish", "W:WKa4:Bc4,e6,d8,c2" }, { "frisian", "W:W33:B17,28,K34" },
    /* A one-jump capture and a longer one with the same ends. */
    { "russian", RU_CIRCLE }, { "pool", RU_CIRCLE }, { "czech", RU_CIRCLE },
    { "russian", "B:WKf6,e3,b2,f2,h2,a1,c1,e1:Bb8,c7,e7,g7,c5,g5" },
    { "russian", "W:WKe1:Bb4,c7,d2,f2,f6" }, { "pool", "W:WKe1:Bb4,c7,d2,f2,f6" },
    /* International: several routes of the same length from 47 to 6. */
    { "international", "W:WK47:B11,12,19,29,30,40,13,23" },
  };

  for (gsize p = 0; p < G_N_ELEMENTS (positions); p++)
    for (int notation = 0; notation < 2; notation++)
      {
        const DrRules *rules;
        DrPosition pos;
        g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
        g_autofree DrMoveList *paths = g_new0 (DrMoveList, 1);

        load (positions[p].variant, positions[p].fen, &rules, &pos);
        if (notation == DR_NOTATION_NUMERIC && rules->geometry->all_squares)
          continue;
        dr_movegen_legal (rules, &pos, legal);
        /* Every route of every move, as --paths lists them. */
        paths->all_paths = TRUE;
        dr_movegen_legal (rules, &pos, paths);
        for (unsigned i = 0; i < paths->n; i++)
          {
            const DrMove *m = &paths->moves[i];

            /* The landing squares tell the captured pieces (one piece on
             * the way between two of them), so a route written with them
             * is never shared by another move: PDN needs no captured
             * squares. */
            for (unsigned j = 0; j < paths->n; j++)
              if (m->n_jumps > 0 && paths->moves[j].from == m->from && paths->moves[j].n_jumps == m->n_jumps
                  && memcmp (paths->moves[j].path, m->path, m->n_jumps) == 0)
                if (!dr_move_same (&paths->moves[j], m))
                  g_error ("%s %s: %s and %s: same landing squares, captures %llx and %llx, flags %x and %x",
                           rules->name, positions[p].fen ? positions[p].fen : "start",
                           dr_move_to_hub (rules, m), dr_move_to_hub (rules, &paths->moves[j]),
                           (unsigned long long) m->captures, (unsigned long long) paths->moves[j].captures,
                           m->flags, paths->moves[j].flags);
            /* As the PDN writer writes it (one route per move listed)
             * and with every route listed. */
            for (int list = 0; list < 2; list++)
          {
            g_autofree char *text = dr_move_to_text (rules, list ? paths : legal, m, (DrNotation) notation);
            g_autoptr (GError) error = NULL;
            DrMove back;

            if (!dr_move_parse (rules, &pos, legal, text, &back, &error))
              g_error ("%s %s: “%s” does not read back: %s", rules->name,
                       positions[p].fen ? positions[p].fen : "start", text, error->message);
            g_assert_true (dr_move_same (&back, m));
            if (strchr (text, rules->capture_separator) != NULL
                && strchr (strchr (text, rules->capture_separator) + 1, rules->capture_separator) != NULL)
              {
                /* A written route reads back as that route. */
                g_assert_cmpint (back.n_jumps, ==, m->n_jumps);
                g_assert_cmpmem (back.path, m->n_jumps, m->path, m->n_jumps);
              }
          }
          }
      }
}

/* Only ambiguous captures carry their route (PDN 3.0 rule 6). */
static void
test_write_minimal (void)
{
  const DrRules *rules;
  DrPosition pos;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  load ("international", IN_D12, &rules, &pos);
  dr_movegen_legal (rules, &pos, legal);
  g_assert_cmpuint (legal->n, ==, 2);
  for (unsigned i = 0; i < legal->n; i++)
    g_ptr_array_add (texts, dr_move_to_text (rules, legal, &legal->moves[i], DR_NOTATION_NUMERIC));
  g_assert_true (g_strv_contains ((const char *const *) (gpointer[]) { texts->pdata[0], texts->pdata[1], NULL },
                                  "47x24x8x17x6"));
  g_assert_true (g_strv_contains ((const char *const *) (gpointer[]) { texts->pdata[0], texts->pdata[1], NULL },
                                  "47x24x35x44x6"));

  load ("russian", RU_D8, &rules, &pos);
  dr_movegen_legal (rules, &pos, legal);
  g_assert_cmpuint (legal->n, ==, 1);
  {
    g_autofree char *text = dr_move_to_text (rules, legal, &legal->moves[0], DR_NOTATION_ALGEBRAIC);
    g_assert_cmpstr (text, ==, "a5:c3");
  }
  load ("international", "W:W32:B27", &rules, &pos);
  dr_movegen_legal (rules, &pos, legal);
  {
    g_autofree char *text = dr_move_to_text (rules, legal, &legal->moves[0], DR_NOTATION_NUMERIC);
    g_autofree char *alg = dr_move_to_text (rules, legal, &legal->moves[0], DR_NOTATION_ALGEBRAIC);
    g_assert_cmpstr (text, ==, "32x21");
    /* 32 = d4, 21 = b6 (PDN numbering: rank 4 holds 31-35 on b4..j4). */
    g_assert_cmpstr (alg, ==, "d4xb6");
  }

  /* dr_move_to_text_at() finds the other routes itself: the same texts,
   * in the variant's own notation (Russian: algebraic). */
  load ("international", IN_D12, &rules, &pos);
  dr_movegen_legal (rules, &pos, legal);
  for (unsigned i = 0; i < legal->n; i++)
    {
      g_autofree char *text = dr_move_to_text_at (rules, &pos, &legal->moves[i]);
      g_assert_true (g_str_equal (text, "47x24x8x17x6") || g_str_equal (text, "47x24x35x44x6"));
    }
  load ("russian", RU_D8, &rules, &pos);
  dr_movegen_legal (rules, &pos, legal);
  {
    g_autofree char *text = dr_move_to_text_at (rules, &pos, &legal->moves[0]);
    g_assert_cmpstr (text, ==, "a5:c3");
  }
}

static void
test_hub (void)
{
  const DrRules *rules;
  DrPosition pos;
  DrMove move;
  g_autoptr (GError) error = NULL;

  load ("international", IN_D12, &rules, &pos);
  g_assert_true (dr_move_parse_hub (rules, &pos, "47x6x40x30x29x11", &move, &error));
  g_assert_no_error (error);
  {
    g_autofree char *hub = dr_move_to_hub (rules, &move);
    g_assert_cmpstr (hub, ==, "47x6x11x29x30x40");
  }
  g_assert_false (dr_move_parse_hub (rules, &pos, "47x6x11x12", &move, &error));
  g_assert_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL);
}

/* Hub lines as ENGINES.md §4.1 writes them: quoted values with spaces,
 * flags, unknown arguments kept. */
static void
test_hub_tokenize (void)
{
  g_autoptr (GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *command = NULL;
  g_autofree char *blank = NULL;
  g_autoptr (GString) out = g_string_new ("set-param");

  command = dr_hub_tokenize ("id name=Scan version=3.1 author=\"Fabien Letouzey\" country=France", args);
  g_assert_cmpstr (command, ==, "id");
  g_assert_cmpstr (g_hash_table_lookup (args, "author"), ==, "Fabien Letouzey");
  g_assert_cmpstr (g_hash_table_lookup (args, "version"), ==, "3.1");
  g_hash_table_remove_all (args);
  g_clear_pointer (&command, g_free);
  command = dr_hub_tokenize ("pos start moves=\"32-28 19-23\"\r\n", args);
  g_assert_cmpstr (command, ==, "pos");
  g_assert_cmpstr (g_hash_table_lookup (args, "start"), ==, "");
  g_assert_cmpstr (g_hash_table_lookup (args, "moves"), ==, "32-28 19-23");
  blank = dr_hub_tokenize ("   ", args);
  g_assert_null (blank);

  dr_hub_append_arg (out, "name", "book");
  dr_hub_append_arg (out, "value", "a b");
  dr_hub_append_arg (out, "empty", "");
  g_assert_cmpstr (out->str, ==, "set-param name=book value=\"a b\" empty=\"\"");

  /* A carriage return ends a value as a space does: quoted, it reads back
   * (found by tests/fuzz/fuzz-hub). */
  g_string_assign (out, "set-param");
  dr_hub_append_arg (out, "egdb-dir", "/tmp/a\rb");
  g_assert_cmpstr (out->str, ==, "set-param egdb-dir=\"/tmp/a\rb\"");
  g_hash_table_remove_all (args);
  g_clear_pointer (&command, g_free);
  command = dr_hub_tokenize (out->str, args);
  g_assert_cmpuint (g_hash_table_size (args), ==, 1);
  g_assert_cmpstr (g_hash_table_lookup (args, "egdb-dir"), ==, "/tmp/a\rb");
}

/* The start position in Hub's text (ENGINES.md §4.1 gives it), and a
 * position with kings read back. */
static void
test_hub_position (void)
{
  const DrRules *rules = &dr_rules_international;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  DrPosition start, pos, back;

  dr_rules_initial (rules, &start);
  text = dr_hub_position_to_text (rules, &start);
  g_assert_cmpstr (text, ==, "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
  g_assert_true (dr_fen_parse (rules, "B:WK3,28:BK47,12", &pos, &error));
  g_assert_no_error (error);
  again = dr_hub_position_to_text (rules, &pos);
  g_assert_cmpint (again[0], ==, 'B');
  g_assert_cmpint (again[3], ==, 'W');
  g_assert_cmpint (again[47], ==, 'B');
  g_assert_cmpint (again[12], ==, 'b');
  g_assert_cmpint (again[28], ==, 'w');
  g_assert_true (dr_hub_position_parse (rules, again, &back));
  g_assert_true (dr_position_equal (&back, &pos));
  g_assert_false (dr_hub_position_parse (rules, "W", &back));
  g_assert_false (dr_hub_position_parse (rules, "Xbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww", &back));
  g_assert_false (dr_hub_position_parse (rules, "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwx", &back));

  g_assert_cmpstr (dr_hub_variant_name (&dr_rules_international), ==, "normal");
  g_assert_true (dr_hub_variant_rules ("losing") == &dr_rules_antidraughts);
  g_assert_null (dr_hub_variant_rules ("killer"));
  /* Every variant has a Hub name, and the name leads back to it. */
  for (int v = 0; v < DR_N_VARIANTS; v++)
    {
      const DrRules *r = dr_rules_get ((DrVariant) v);

      g_assert_nonnull (dr_hub_variant_name (r));
      g_assert_true (dr_hub_variant_rules (dr_hub_variant_name (r)) == r);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (parse_cases); i++)
    g_test_add_data_func (parse_cases[i].path, &parse_cases[i], test_parse_case);
  g_test_add_func ("/notation/move/round-trip", test_round_trip);
  g_test_add_func ("/notation/move/write-minimal", test_write_minimal);
  g_test_add_func ("/notation/move/hub", test_hub);
  g_test_add_func ("/notation/hub/tokenize", test_hub_tokenize);
  g_test_add_func ("/notation/hub/position", test_hub_position);
  return g_test_run ();
}
