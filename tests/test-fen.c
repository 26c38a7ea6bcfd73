/* test-fen.c — reading and writing PDN FEN, and position validation
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected FEN texts and positions come from the PDN 3.0 standard
 * (doc/fen.rst as digested in shared/design/PDN.md §3 and §4), from the
 * federation rules quoted in notes/variants.md section C, and from real
 * files in shared/data/ (ussr1947.pdn, the FMJD and pydraughts Russian
 * ballots); none comes from running this project's code.  Where a case
 * rests on the normal form dr-fen.h documents for writing ("side to move,
 * White's then Black's pieces in square order, runs of men as ranges"),
 * the expected text was written by hand from that rule.
 */

#include "config.h"

#include "dr-bitboard.h"
#include "dr-fen.h"

#include <stdlib.h>
#include <string.h>

static const DrRules *
rules_named (const char *name)
{
  const DrRules *rules = dr_rules_from_name (name);

  g_assert_nonnull (rules);
  return rules;
}

static void
parse_ok (const DrRules *rules,
          const char    *fen,
          DrPosition    *pos)
{
  g_autoptr (GError) error = NULL;

  if (!dr_fen_parse (rules, fen, pos, &error))
    g_test_message ("%s: “%s” rejected: %s", rules->name, fen, error->message);
  g_assert_no_error (error);
  g_assert_cmpuint (pos->hash, ==, dr_position_compute_hash (pos));
}

/* The bit of an algebraic name (a fact of the board, test-geometry checks
 * the mapping). */
static int
bit_of (const DrRules *rules,
        const char    *name)
{
  int bit = dr_geometry_bit_at_xy (rules->geometry, name[0] - 'a', atoi (name + 1) - 1);

  g_assert_cmpint (bit, >=, 0);
  return bit;
}

/* Initial positions written as numeric FEN. */
typedef struct
{
  const char *variant;
  const char *fen;
  const char *source;
} InitialCase;

static const InitialCase initial_cases[] = {
  { "international", "W:W31-50:B1-20", "PDN.md §3: the International start, the standard's own example" },
  { "frisian", "W:W31-50:B1-20", "notes/variants.md B.6, FRIS Art 1-6: Black 1-20, White 31-50, White first" },
  { "antidraughts", "W:W31-50:B1-20", "notes/variants.md B.7: International rules, goal reversed" },
  { "english", "B:W21-32:B1-12", "notes/variants.md C.3 and WCDF 000: Black 1-12 moves first" },
  { "pool", "B:W21-32:B1-12", "notes/variants.md C.3: \"23,B,8,8,N1,0\", Black 1-12, Black to move" },
  { "russian", "W:W21-32:B1-12", "lidraughts numbering (1 = b8): White a1-h3 = 21-32, White first (004 1.3, 1.4.1)" },
  { "russian-giveaway", "W:W21-32:B1-12", "Russian set-up (notes/variants.md B.8)" },
  { "brazilian", "W:W21-32:B1-12", "PDN GameType 26 \"26,W,8,8,A0,0\", the Russian set-up" },
  { "czech", "W:W21-32:B1-12", "notes/variants.md C.5: White a1-h3, White first" },
  { "italian", "W:W21-32:B1-12", "notes/variants.md C.1, FID 2.6: Black 1-12, White 21-32" },
  { "spanish", "W:W1-12:B21-32", "notes/variants.md C.2: White 1-12, Black 21-32" },
  { "turkish", "W:W41-56:B9-24", "notes/variants.md C.4: pydraughts' 1-64 start FEN (a2-h3, a6-h7)" },
};

static void
test_initial (gconstpointer data)
{
  const InitialCase *c = data;
  const DrRules *rules = rules_named (c->variant);
  DrPosition initial, parsed;
  g_autofree char *text = NULL;

  dr_rules_initial (rules, &initial);
  text = dr_fen_write (rules, &initial, DR_NOTATION_NUMERIC);
  if (strcmp (text, c->fen) != 0)
    g_test_message ("%s: wrote %s, expected %s (%s)", c->variant, text, c->fen, c->source);
  g_assert_cmpstr (text, ==, c->fen);

  parse_ok (rules, c->fen, &parsed);
  g_assert_true (dr_position_equal (&parsed, &initial));
  g_assert_cmpuint (parsed.hash, ==, initial.hash);
  g_assert_true (dr_position_validate (rules, &initial, NULL));
}

/* The algebraic starts, read as plain facts of the rule texts. */
static void
test_initial_algebraic (void)
{
  static const struct { const char *variant, *fen, *source; } cases[] = {
    { "russian", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
      "004 1.3: White on a1-h3, Black on a6-h8" },
    { "brazilian", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
      "the Russian set-up" },
    { "turkish", "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3"
      ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
      "notes/variants.md B.5: White a2-h3, Black a6-h7" },
    { "italian", "W:Wb1,d1,f1,h1,a2,c2,e2,g2,b3,d3,f3,h3:Ba6,c6,e6,g6,b7,d7,f7,h7,a8,c8,e8,g8",
      "FID 2.3, 2.6 with notes/variants.md C.1 (a1 light)" },
    { "spanish", "W:Wb1,d1,f1,h1,a2,c2,e2,g2,b3,d3,f3,h3:Ba6,c6,e6,g6,b7,d7,f7,h7,a8,c8,e8,g8",
      "notes/variants.md C.2 (a1 light, White at the bottom)" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const DrRules *rules = rules_named (cases[i].variant);
      DrPosition initial, parsed, again;
      g_autofree char *text = NULL;

      dr_rules_initial (rules, &initial);
      parse_ok (rules, cases[i].fen, &parsed);
      if (!dr_position_equal (&parsed, &initial))
        g_test_message ("%s: %s is not the initial position (%s)",
                        cases[i].variant, cases[i].fen, cases[i].source);
      g_assert_true (dr_position_equal (&parsed, &initial));
      text = dr_fen_write (rules, &initial, DR_NOTATION_ALGEBRAIC);
      parse_ok (rules, text, &again);
      g_assert_true (dr_position_equal (&again, &initial));
    }
}

/* Two texts that must read as the same position. */
typedef struct
{
  const char *name;
  const char *variant;
  const char *a;
  const char *b;
  const char *source;
} SameCase;

static const SameCase same_cases[] = {
  { "ranges", "international", "W:W31-50:B1-20",
    "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50"
    ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
    "PDN.md §3: NumericSquareRange 'K'? NUMSQUARE ('-' NUMSQUARE)?" },
  { "king-ranges", "international", "B:WK46-50:BK1-3,K5",
    "B:WK46,K47,K48,K49,K50:BK1,K2,K3,K5", "PDN.md §3: the K prefix applies to the range" },
  { "mixed-ranges", "international", "W:W28,31-33,K45:B1-3,10,K19-20",
    "W:W28,31,32,33,K45:B1,2,3,10,K19,K20", "PDN.md §3" },
  { "lists-any-order", "international", "W:B1-20:W31-50", "W:W31-50:B1-20",
    "PDN.md §3: the order of W and B does not matter" },
  { "pieces-any-order", "international",
    "W:W50,49,48,47,46,45,44,43,42,41,40,39,38,37,36,35,34,33,32,31:B20,1,19,2,18,3,17,4,16,5,15,6,14,7,13,8,12,9,11,10",
    "W:W31-50:B1-20", "PDN.md §3: squares in any order" },
  { "leading-zero", "international", "W:W031,32,046-050:B01-05", "W:W31,32,46-50:B1-5",
    "PDN.md §3: NUMSQUARE = ([1-9][0-9]*)|(0[1-9][0-9]*)|0" },
  { "trailing-dot", "international", "W:W31-50:B1-20.", "W:W31-50:B1-20",
    "PDN.md §3: a trailing '.' tolerated on read" },
  { "trailing-dot-ussr1947", "russian",
    "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.", "W:W21-32:B1-12",
    "shared/data/russian/ussr1947.pdn, the FEN of every game (the initial position)" },
  { "lidraughts-fields", "international", "W:W31-50:B1-20:H0:F1", "W:W31-50:B1-20",
    "PDN.md §3: lidraughts :H and :F fields are ignored" },
  { "lidraughts-fields-mid", "russian", "B:Wa1,c3:H12:F30:Bh8", "B:W29,22:B4",
    "PDN.md §3: fields starting with H or F are ignored wherever they are" },
  { "quoted", "international", "\"W:W31-50:B1-20\"", "W:W31-50:B1-20",
    "PDN.md §3: quotes around the value" },
  { "pdn-example-kings", "english", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
    "B:WK10,K15,18,24,27-28:BK29,K25,K22,20,16,12", "PDN.md §3, the standard's example" },
  { "russian-numeric-vs-algebraic", "russian", "W:Wa1,c1,e1:Bb8,Kd8", "W:W29,30,31:B1,K2",
    "lidraughts numbering 1 = b8, 2 = d8, 29 = a1, 30 = c1, 31 = e1 (russian/README.md)" },
  { "russian-ballot-1-I", "russian",
    "W:Wc3,e3,g3,b4,c1,e1,g1,b2,d2,f2,h2,a3:Ba5,c5,b6,f6,h6,c7,e7,g7,b8,d8,f8,h8",
    "W:W17,21,22,23,24,25,26,27,28,30,31,32:B1,2,3,4,6,7,8,9,11,12,13,14",
    "the same opening ab4 ba5 ba3 ab6 ab2 dc5: pydraughts russian.json \"I-4\" (algebraic) and "
    "the FMJD table \"1-I\" (numeric), shared/data/russian/" },
  { "international-algebraic", "international", "W:Wa1,c1:Bb10,Kj10", "W:W46,47:B1,K5",
    "PDN.md §4: 1 = b10, 5 = j10, 46 = a1, 47 = c1" },
  { "italian-numeric", "italian", "W:Wb1,h1:Ba8,g8", "W:W29,32:B1,4",
    "notes/variants.md C.1: 1 = a8, 4 = g8, 29 = b1, 32 = h1" },
  { "spanish-numeric", "spanish", "W:Wh1,b1:Ba8,g8", "W:W1,4:B29,32",
    "notes/variants.md C.2: 1 = h1, 4 = b1, 29 = g8, 32 = a8" },
};

static void
test_same (gconstpointer data)
{
  const SameCase *c = data;
  const DrRules *rules = rules_named (c->variant);
  DrPosition a, b;

  parse_ok (rules, c->a, &a);
  parse_ok (rules, c->b, &b);
  if (!dr_position_equal (&a, &b))
    g_test_message ("%s: “%s” and “%s” differ (%s)", c->name, c->a, c->b, c->source);
  g_assert_true (dr_position_equal (&a, &b));
  g_assert_cmpuint (a.hash, ==, b.hash);
}

/* What a FEN says, square by square. */
static void
test_read_contents (void)
{
  const DrRules *rules = rules_named ("russian");
  DrPosition pos;

  /* W:Wa1,c1,e1:Bb8,Kd8: three white men on rank 1, a black man on b8 and
   * a black king on d8, White to move. */
  parse_ok (rules, "W:Wa1,c1,e1:Bb8,Kd8", &pos);
  g_assert_cmpint (pos.turn, ==, DR_SIDE_WHITE);
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "a1")), ==, DR_PIECE_WHITE_MAN);
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "c1")), ==, DR_PIECE_WHITE_MAN);
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "e1")), ==, DR_PIECE_WHITE_MAN);
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "b8")), ==, DR_PIECE_BLACK_MAN);
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "d8")), ==, DR_PIECE_BLACK_KING);
  g_assert_cmpint (dr_bb_count (pos.pieces[DR_SIDE_WHITE]), ==, 3);
  g_assert_cmpint (dr_bb_count (pos.pieces[DR_SIDE_BLACK]), ==, 2);
  g_assert_cmpint (dr_bb_count (pos.kings), ==, 1);

  /* The PDN example, in English numbering (1 = b8, rank by rank: 9-12 =
   * b6-h6, 17-20 = b4-h4, 21-24 = a3-g3, 29 = a1). */
  rules = rules_named ("english");
  parse_ok (rules, "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", &pos);
  g_assert_cmpint (pos.turn, ==, DR_SIDE_BLACK);
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "d4")), ==, DR_PIECE_WHITE_MAN);   /* 18 */
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "g3")), ==, DR_PIECE_WHITE_MAN);   /* 24 */
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "d6")), ==, DR_PIECE_WHITE_KING);  /* 10 */
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "h6")), ==, DR_PIECE_BLACK_MAN);   /* 12 */
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "a1")), ==, DR_PIECE_BLACK_KING);  /* 29 */
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "b6")), ==, DR_PIECE_NONE);        /* 9 */
  g_assert_cmpint (dr_bb_count (pos.pieces[DR_SIDE_WHITE]), ==, 6);
  g_assert_cmpint (dr_bb_count (pos.pieces[DR_SIDE_BLACK]), ==, 6);
  g_assert_cmpint (dr_bb_count (pos.kings), ==, 5);
}

/* '?' is the variant's first player (dr-fen.h); empty lists (fen.rst
 * "Extensions", PDN.md §3). */
static void
test_read_unknown_side (void)
{
  DrPosition pos;

  parse_ok (rules_named ("english"), "?:W21-32:B1-12", &pos);
  g_assert_cmpint (pos.turn, ==, DR_SIDE_BLACK);       /* WCDF 000: Black moves first */
  parse_ok (rules_named ("international"), "?:W31-50:B1-20", &pos);
  g_assert_cmpint (pos.turn, ==, DR_SIDE_WHITE);       /* 003, 004: White moves first */
}

static void
test_read_empty_lists (void)
{
  const DrRules *rules = rules_named ("international");
  DrPosition pos;
  g_autofree char *text = NULL;

  parse_ok (rules, "B::", &pos);
  g_assert_cmpint (pos.turn, ==, DR_SIDE_BLACK);
  g_assert_cmpuint (dr_position_occupied (&pos), ==, 0);

  parse_ok (rules, "W:W31:B", &pos);
  g_assert_cmpint (pos.turn, ==, DR_SIDE_WHITE);
  g_assert_cmpint (dr_bb_count (pos.pieces[DR_SIDE_WHITE]), ==, 1);
  g_assert_cmpuint (pos.pieces[DR_SIDE_BLACK], ==, 0);
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "b4")), ==, DR_PIECE_WHITE_MAN);  /* 31 = b4 */
  /* The standard's own text of this position is already normal. */
  text = dr_fen_write (rules, &pos, DR_NOTATION_NUMERIC);
  g_assert_cmpstr (text, ==, "W:W31:B");

  parse_ok (rules, "W:B5", &pos);
  g_assert_cmpuint (pos.pieces[DR_SIDE_WHITE], ==, 0);
  g_assert_cmpint (dr_position_get (&pos, bit_of (rules, "j10")), ==, DR_PIECE_BLACK_MAN);
}

/* Normal forms written by hand from dr-fen.h's rule. */
static void
test_write_normal_form (void)
{
  static const struct { const char *variant, *input, *expected; } cases[] = {
    { "international", "W:B20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1"
      ":W50,49,48,47,46,45,44,43,42,41,40,39,38,37,36,35,34,33,32,31.", "W:W31-50:B1-20" },
    { "international", "B:BK5,19:WK46,28", "B:W28,K46:BK5,19" },
    { "english", "B:W18,24,K10:B12,K29", "B:WK10,18,24:B12,K29" },
    { "russian", "W:We1,a1:Bd8", "W:W29,31:B2" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const DrRules *rules = rules_named (cases[i].variant);
      DrPosition pos;
      g_autofree char *text = NULL;

      parse_ok (rules, cases[i].input, &pos);
      text = dr_fen_write (rules, &pos, DR_NOTATION_NUMERIC);
      g_assert_cmpstr (text, ==, cases[i].expected);
    }
}

/* parse (write (p)) == p, numeric and algebraic, and the second write
 * equals the first (STYLE.md §9 round-trip rule). */
static const struct
{
  const char *variant;
  const char *fen;
} roundtrip_cases[] = {
  { "international", "W:W31-50:B1-20" },
  { "international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46" },
  { "international", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38" },
  { "international", "W:WK31-35,36,K37,38-40:BK1,2-4,K5,K6" },
  { "frisian", "W:WK46,K47,30,31:BK5,K4,19,20" },
  { "english", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29" },
  { "english", "W:WK1,K2,K3,K4:BK29,K30,K31,K32" },
  { "russian", "W:Wa1,c1,e1:Bb8,Kd8" },
  { "russian", "B:WKh8,Ka1,c3:Bh2,Kb8,Kg1" },
  { "brazilian", "W:Wa1,c3,e3,g3,b4:Bh8,Kg7" },
  { "czech", "B:WKa1,e5:Bf6,g7" },
  { "italian", "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3" },
  { "italian", "B:W30,21,22,17,20,K6:B25,28,9,5,1,3" },
  { "italian", "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4" },
  { "spanish", "W:W1-12:B21-32" },
  { "spanish", "B:WK30,5,6:BK1,K2,21" },
  { "pool", "B:WK5,21-24:B9-12,K30" },
  { "turkish", "W:Wa2,b2,c3,Kh8:Ba7,Kd1,e6" },
  { "turkish", "B:WKa1,Kh1:BKa8" },
  { "antidraughts", "W:W31-50:B1-20" },
  { "russian-giveaway", "W:Wa1:Bh8" },
};

static void
test_roundtrip (void)
{
  for (gsize i = 0; i < G_N_ELEMENTS (roundtrip_cases); i++)
    {
      const DrRules *rules = rules_named (roundtrip_cases[i].variant);
      DrPosition pos;
      DrNotation notations[] = { DR_NOTATION_NUMERIC, DR_NOTATION_ALGEBRAIC };

      parse_ok (rules, roundtrip_cases[i].fen, &pos);
      for (gsize n = 0; n < G_N_ELEMENTS (notations); n++)
        {
          DrPosition again, flipped;
          g_autofree char *first = dr_fen_write (rules, &pos, notations[n]);
          g_autofree char *second = NULL;
          g_autofree char *flipped_text = NULL;

          parse_ok (rules, first, &again);
          if (!dr_position_equal (&again, &pos))
            g_test_message ("%s: %s written as %s reads back differently",
                            rules->name, roundtrip_cases[i].fen, first);
          g_assert_true (dr_position_equal (&again, &pos));
          g_assert_cmpuint (again.hash, ==, pos.hash);
          second = dr_fen_write (rules, &again, notations[n]);
          g_assert_cmpstr (second, ==, first);
          /* Written text follows PDN writing: no spaces, no trailing dot. */
          g_assert_null (strchr (first, ' '));
          g_assert_null (strchr (first, '.'));

          /* The other side to move is another position. */
          flipped = pos;
          dr_position_set_turn (&flipped, DR_SIDE_OTHER (pos.turn));
          flipped_text = dr_fen_write (rules, &flipped, notations[n]);
          g_assert_cmpint (flipped_text[0], ==, pos.turn == DR_SIDE_WHITE ? 'B' : 'W');
          g_assert_cmpstr (flipped_text + 1, ==, first + 1);
        }
    }
}

/* Invalid input, json-glib style. */
typedef struct
{
  const char *name;
  const char *variant;
  const char *input;
  DrFenError  code;
  const char *mention;    /* the message must contain this; NULL: not checked */
} InvalidCase;

static const InvalidCase invalid_cases[] = {
  { "empty", "international", "", DR_FEN_ERROR_SYNTAX, NULL },
  { "bad-side", "international", "X:W31-50:B1-20", DR_FEN_ERROR_SIDE, "X" },
  { "bad-side-digit", "international", "1:W31-50:B1-20", DR_FEN_ERROR_SIDE, "1" },
  { "garbage-in-list", "international", "W:W31,#32:B1-20", DR_FEN_ERROR_SYNTAX, "#" },
  { "garbage-after-square", "international", "W:W31$:B1", DR_FEN_ERROR_SYNTAX, "$" },
  { "garbage-list-colour", "international", "W:X31:B1", DR_FEN_ERROR_SYNTAX, "X" },
  { "missing-colon", "international", "W W31", DR_FEN_ERROR_SYNTAX, NULL },
  { "square-0", "international", "W:W0:B1", DR_FEN_ERROR_SQUARE, "0" },
  { "square-51", "international", "W:W31-50:B1-20,51", DR_FEN_ERROR_SQUARE, "51" },
  { "square-33-english", "english", "B:W33:B1", DR_FEN_ERROR_SQUARE, "33" },
  { "square-33-russian", "russian", "W:W21-32,33:B1", DR_FEN_ERROR_SQUARE, "33" },
  { "light-square-a2", "russian", "W:Wa1,a2:Bb8", DR_FEN_ERROR_SQUARE, "a2" },
  { "light-square-a1-italian", "italian", "W:Wa1:B1", DR_FEN_ERROR_SQUARE, "a1" },
  { "off-board-l1", "international", "W:Wl1:B1", DR_FEN_ERROR_SQUARE, "l1" },
  { "off-board-i1-8x8", "russian", "W:Wi1:Bb8", DR_FEN_ERROR_SQUARE, "i1" },
  { "off-board-a9-8x8", "russian", "W:Wa1:Ba9", DR_FEN_ERROR_SQUARE, "a9" },
  { "duplicate", "international", "W:W31,32,31:B1", DR_FEN_ERROR_DUPLICATE, "31" },
  { "duplicate-across-lists", "international", "W:W31:B1,31", DR_FEN_ERROR_DUPLICATE, "31" },
  { "duplicate-range-overlap", "international", "W:W31-40,35-45:B1", DR_FEN_ERROR_DUPLICATE, "35" },
  { "duplicate-range-and-square", "international", "W:W31-50:B1-20,33", DR_FEN_ERROR_DUPLICATE, "33" },
  { "duplicate-king-and-man", "international", "W:WK31,31:B1", DR_FEN_ERROR_DUPLICATE, "31" },
  { "duplicate-algebraic", "russian", "W:Wa1,c3:Bc3", DR_FEN_ERROR_DUPLICATE, "c3" },
  { "reversed-range", "international", "W:W31:B20-1", DR_FEN_ERROR_SYNTAX, "20-1" },
  { "range-off-board", "international", "W:W31-51:B1", DR_FEN_ERROR_SQUARE, "51" },
  /* White crowns on the far rank: International 1-5 (003 1.5), English and
   * Russian 1-4 (b8, d8, f8, h8), Spanish 29-32 (rank 8), Turkish rank 8. */
  { "white-man-on-crowning-rank", "international", "W:W3,31:B20", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, "3" },
  { "black-man-on-crowning-rank", "international", "W:W31:B1,48", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, "48" },
  { "white-man-on-crowning-rank-english", "english", "B:W2:B12", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, NULL },
  { "black-man-on-crowning-rank-english", "english", "B:W21:B30", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, NULL },
  { "white-man-on-crowning-rank-russian", "russian", "W:Wf8:Bb6", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, "f8" },
  { "black-man-on-crowning-rank-russian", "russian", "W:Wc3:Bg1", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, "g1" },
  { "white-man-on-crowning-rank-spanish", "spanish", "W:W30:B21", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, NULL },
  { "black-man-on-crowning-rank-spanish", "spanish", "W:W5:B2", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, NULL },
  { "white-man-on-crowning-rank-italian", "italian", "W:W1:B12", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, NULL },
  { "white-man-on-crowning-rank-turkish", "turkish", "W:Wd8:Ba7", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, "d8" },
  { "black-man-on-crowning-rank-turkish", "turkish", "W:Wa2:Be1", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW, "e1" },
  /* A side starts with 20 pieces in International (003 1.3), 12 on 8x8
   * (004 1.3), 16 in Turkish (notes/variants.md B.5). */
  { "too-many-international", "international", "W:W30-50:B1-20", DR_FEN_ERROR_TOO_MANY_PIECES, "21" },
  { "too-many-international-black", "international", "W:W31-50:BK1-20,21", DR_FEN_ERROR_TOO_MANY_PIECES, "21" },
  { "too-many-russian", "russian", "W:W20-32:B1-12", DR_FEN_ERROR_TOO_MANY_PIECES, "13" },
  { "too-many-turkish", "turkish", "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4:Ba7",
    DR_FEN_ERROR_TOO_MANY_PIECES, "17" },
};

static void
test_invalid (gconstpointer data)
{
  const InvalidCase *c = data;
  const DrRules *rules = rules_named (c->variant);
  DrPosition pos;
  g_autoptr (GError) error = NULL;

  g_assert_false (dr_fen_parse (rules, c->input, &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, (gint) c->code);
  g_assert_nonnull (error->message);
  if (c->mention != NULL && strstr (error->message, c->mention) == NULL)
    g_test_message ("%s: “%s” does not mention “%s”", c->name, error->message, c->mention);
  if (c->mention != NULL)
    g_assert_nonnull (strstr (error->message, c->mention));
}

/* Messages of syntax errors give the column (1-based): the character at
 * that column is the offending one. */
static void
test_invalid_columns (void)
{
  static const struct { const char *variant, *input; int column; } cases[] = {
    { "international", "W:W31,#32:B1-20", 7 },
    { "international", "W:W31-50:B1-20,51", 16 },
    { "international", "W:W31,32,31:B1", 10 },
    { "international", "X:W31", 1 },
    { "russian", "W:Wa1,a2:Bb8", 7 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const DrRules *rules = rules_named (cases[i].variant);
      DrPosition pos;
      g_autoptr (GError) error = NULL;
      g_autofree char *column = g_strdup_printf ("%d", cases[i].column);

      g_assert_false (dr_fen_parse (rules, cases[i].input, &pos, &error));
      g_assert_nonnull (error);
      if (strstr (error->message, column) == NULL)
        g_test_message ("“%s”: “%s” does not give column %d",
                        cases[i].input, error->message, cases[i].column);
      g_assert_nonnull (strstr (error->message, column));
    }
}

/* dr_position_validate on positions built square by square. */
static void
test_validate (void)
{
  const DrRules *rules = rules_named ("international");
  DrPosition pos;
  g_autoptr (GError) error = NULL;

  dr_rules_initial (rules, &pos);
  g_assert_true (dr_position_validate (rules, &pos, &error));
  g_assert_no_error (error);

  /* A white man on 3 (b10 rank, White's crowning rank) is impossible, a
   * white king there is fine. */
  dr_position_put (&pos, dr_geometry_bit_from_number (rules->geometry, 3), DR_PIECE_WHITE_MAN);
  g_assert_false (dr_position_validate (rules, &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, DR_FEN_ERROR_MAN_ON_PROMOTION_ROW);
  g_clear_error (&error);
  dr_position_put (&pos, dr_geometry_bit_from_number (rules->geometry, 3), DR_PIECE_WHITE_KING);
  /* 20 black (one turned into a white king) and 21 white now. */
  g_assert_false (dr_position_validate (rules, &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, DR_FEN_ERROR_TOO_MANY_PIECES);
  g_clear_error (&error);
  dr_position_put (&pos, dr_geometry_bit_from_number (rules->geometry, 50), DR_PIECE_NONE);
  g_assert_true (dr_position_validate (rules, &pos, &error));
  g_assert_no_error (error);

  /* Black men on their own back rank are fine, on rank 1 not. */
  dr_position_clear (&pos);
  dr_position_put (&pos, dr_geometry_bit_from_number (rules->geometry, 1), DR_PIECE_BLACK_MAN);
  g_assert_true (dr_position_validate (rules, &pos, NULL));
  dr_position_put (&pos, dr_geometry_bit_from_number (rules->geometry, 46), DR_PIECE_BLACK_KING);
  g_assert_true (dr_position_validate (rules, &pos, NULL));
  dr_position_put (&pos, dr_geometry_bit_from_number (rules->geometry, 46), DR_PIECE_BLACK_MAN);
  g_assert_false (dr_position_validate (rules, &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, DR_FEN_ERROR_MAN_ON_PROMOTION_ROW);

  /* The empty board can be set up. */
  dr_position_clear (&pos);
  g_assert_true (dr_position_validate (rules, &pos, NULL));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (initial_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/notation/fen/initial/%s", initial_cases[i].variant);
      g_test_add_data_func (path, &initial_cases[i], test_initial);
    }
  g_test_add_func ("/notation/fen/initial/algebraic", test_initial_algebraic);
  for (gsize i = 0; i < G_N_ELEMENTS (same_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/notation/fen/read/%s", same_cases[i].name);
      g_test_add_data_func (path, &same_cases[i], test_same);
    }
  g_test_add_func ("/notation/fen/read/contents", test_read_contents);
  g_test_add_func ("/notation/fen/read/unknown-side", test_read_unknown_side);
  g_test_add_func ("/notation/fen/read/empty-lists", test_read_empty_lists);
  g_test_add_func ("/notation/fen/write/normal-form", test_write_normal_form);
  g_test_add_func ("/notation/fen/write/roundtrip", test_roundtrip);
  for (gsize i = 0; i < G_N_ELEMENTS (invalid_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/notation/fen/invalid/%s", invalid_cases[i].name);
      g_test_add_data_func (path, &invalid_cases[i], test_invalid);
    }
  g_test_add_func ("/notation/fen/invalid/columns", test_invalid_columns);
  g_test_add_func ("/notation/fen/validate/squares", test_validate);
  return g_test_run ();
}
