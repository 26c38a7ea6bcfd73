/* test-movegen.c — the capture rules of every variant, on worked examples
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The positions are the worked examples of the rule texts (shared/rules/),
 * rebuilt square by square from the text: where a diagram is described
 * only in words, the squares the text leaves open are filled so that the
 * text's statement is exact, and the case says so.  Other cases are built
 * to exercise one rule article each.  Expected moves are written as
 * FROM x TO / captured squares (sorted), "K" when the man is crowned: the
 * comparison is on start, end, captured set and crowning, not on the route
 * (duplicate captures by different routes are one move).
 */

#include "config.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <stdlib.h>
#include <string.h>

typedef enum
{
  EXACT,     /* the legal moves are exactly these */
  CONTAINS,  /* these are among the legal moves */
} Match;

typedef struct
{
  const char *path;
  const char *variant;
  const char *fen;
  Match       match;
  const char *moves[8];
  const char *source;
} MoveCase;

static const MoveCase move_cases[] = {
  /* Russian draughts, 004 section I. */
  { "/rules/movegen/russian/free-choice-three-routes", "russian",
    "W:WKd2:Bb6,d6,f4,f6,g7", EXACT,
    { "d2xa7/b6,d6,f4,g7", "d2xa7/b6,d6,f4,f6", "d2xa5/b6,f4,f6" },
    "004 1.6.2 diagram 5: three directions of capture; free choice 004 1.5.14 keeps the shorter one" },
  { "/rules/movegen/russian/turkish-strike", "russian",
    "B:Wc3,d4,e3,f2,f4:BKa5,d6,e7", EXACT, { "a5xe5/c3,f2,f4" },
    "004 1.6.3 diagram 6: a5:e1:g3:e5; d4 cannot be taken (004 1.5.9, 1.5.12)" },
  { "/rules/movegen/russian/man-crowned-by-capture", "russian",
    "W:Wd4,e3:BKe5,d6,e7", EXACT, { "d4xd8/e5,e7K" },
    "004 1.6.3 diagram 6, White's reply d4:d8" },
  { "/rules/movegen/russian/king-stops-before-jumped-piece", "russian",
    "W:WKe1:Bb6,c3,c5,d6,e5,e7", EXACT, { "e1xd4/b6,c3,e5,e7" },
    "004 1.6.3 diagram 7: e1:a5:d8:f6:d4, the king must stop on d4" },
  { "/rules/movegen/russian/promotion-mid-capture", "russian",
    "B:Wa1,a3,b2,b4,d2,d4,e3,f2,f4:Ba5,c5,c7,e7,g7", EXACT, { "a5xc3/b4,d2,d4,f2,f4K" },
    "004 1.6.3 diagram 8: a5:c3:e1:g3:e5:c3 and a5:c3:e5:g3:e1:c3, one move; crowned on e1 "
    "it goes on as a king (004 1.5.15)" },
  { "/rules/movegen/russian/promotion-mid-capture-reply", "russian",
    "W:Wa1,a3,b2,e3:BKc3,c5,c7,e7,g7", EXACT, { "b2xh8/c3,c5,c7,e7,g7K" },
    "004 1.6.3 diagram 8, White's reply b2:d4:b6:d8:f6:h8 (004 1.5.15)" },
  { "/rules/movegen/russian/king-landing-squares", "russian",
    "W:WKg1:Ba7,e3", EXACT, { "g1xd4/e3", "g1xc5/e3", "g1xb6/e3" },
    "001, King's move: White can beat g1:d4, or g1:c5, or g1:b6 (004 1.5.2)" },
  { "/rules/movegen/russian/king-two-pieces", "russian",
    "W:WKh2:Bb4,e5", EXACT, { "h2xa3/b4,e5" }, "001: 1.h2:d6:a3" },
  { "/rules/movegen/russian/king-three-pieces", "russian",
    "W:WKh2:Bb6,d2,e5", EXACT, { "h2xe1/b6,d2,e5" }, "001: 1.h2:c7:a5:e1" },
  { "/rules/movegen/russian/king-four-directions", "russian",
    "W:WKa5:Bb2,b4,e5,g3,g5", CONTAINS,
    { "a5xa1/b2,b4", "a5xe1/b4,e5,g3,g5", "a5xh6/b4,g5", "a5xa1/b2,b4,e5,g3,g5" },
    "001: 2.a5:c3:a1 or 2.a5:c3:f6:h4:e1 or 2.a5:d2:h6 or 2.a5:e1:h4:f6:a1" },
  { "/rules/movegen/russian/quiet-crowning", "russian",
    "W:We7:Bb6,c5,d2", EXACT, { "e7-f8K", "e7-d8K" },
    "001, the newborn king: 1.e7-f8 or 1.e7-d8 (004 1.4.4)" },
  { "/rules/movegen/russian/newborn-king-captures-next-move", "russian",
    "W:WKd8:Bb6,c5,Ke1", EXACT, { "d8xa5/b6" }, "001: 2.d8xa5 (004 1.5.16)" },
  { "/rules/movegen/russian/crowned-man-goes-on", "russian",
    "W:Wh4:Bb2,b4,b6,e7,g5", EXACT, { "h4xa1/b2,b4,b6,e7,g5K" },
    "001: 2.h4:d8:a5:c3:a1, crowned on d8 it strikes on at once (004 1.5.15)" },
  { "/rules/movegen/russian/man-captures-backwards", "russian",
    "B:Wb2,b4,b6,e7,f4,h4:Be3", EXACT, { "e3xg5/f4" },
    "001: 1...e3:g5, a man capturing backwards (004 1.5.3)" },

  /* International draughts, 004 section II and 003. */
  { "/rules/movegen/international/two-routes", "international",
    "W:WK47:B11,12,19,29,30,40", EXACT, { "47x6/11,12,19,29", "47x6/11,29,30,40" },
    "004 2.4 diagram 12: 47:24:8:17:6 and 47:24:35:44:6" },
  { "/rules/movegen/international/majority-over-king", "international",
    "B:W33,41,42:BK10,36", EXACT, { "36x29/33,41,42" },
    "004 2.5.1 diagram 13: the king 10 may not take one piece; the man 36 takes three "
    "and stays a man (004 2.5.2.1)" },
  { "/rules/movegen/international/majority-man", "international",
    "W:WK10,36:B31,32,33", EXACT, { "36x29/31,32,33" }, "004 2.5.1 diagram 13, White to move" },
  { "/rules/movegen/international/majority-quantity-not-quality", "international",
    "W:W26,K45:B11,12,21,22,K23,27", EXACT, { "26x19/21,22,23", "45x16/11,12,23" },
    "004 2.5.1 diagram 14, 003 3.5 diagram 8: 26x17x28x19 or 45x18x7x16" },
  { "/rules/movegen/international/kings-or-men", "international",
    "W:W28:BK11,14,K22,23", EXACT, { "28x6/11,22", "28x10/14,23" },
    "003 3.5 diagram 9: two kings or two men, either (003 3.4.3)" },
  { "/rules/movegen/international/man-passes-crowning-row", "international",
    "W:W35:B7,8,19,30", EXACT, { "35x11/7,8,19,30" },
    "004 2.5.2.1 diagram 15, 003 3.5 diagram 10: 35x24x13x2x11 stays a man" },
  { "/rules/movegen/international/man-crowned-stops", "international",
    "W:W35:B8,11,19,30", EXACT, { "35x2/8,19,30K" },
    "004 2.5.2.2 diagram 16, 003 3.5 diagram 11: 35x24x13x2, crowned, stops" },
  { "/rules/movegen/international/king-stops-majority", "international",
    "B:W19,20,28,30:BK22", EXACT, { "22x23/19,20,28,30" },
    "003 3.5 diagram 12: 22x39x25x14x23, the king stops on 23" },

  /* English checkers, 000 and 002 I.1 (constructed after 002 I.1.3.7). */
  { "/rules/movegen/english/men-no-backward-capture", "english",
    "W:W22:B18,19", EXACT, { "22x15/18" },
    "002 I.1.3.7 diagram 2: the man takes one piece, not backwards (000 1.18)" },
  { "/rules/movegen/english/promotion-ends-move", "english",
    "W:W11:B6,7", EXACT, { "11x2/7K" },
    "002 I.1.3.7 diagram 3: crowned, the move ends (000 1.19, 002 I.1.3.6)" },
  { "/rules/movegen/english/new-king-next-move", "english",
    "W:WK2:B6", EXACT, { "2x9/6" }, "002 I.1.3.7 diagram 3, next move" },
  { "/rules/movegen/english/man-double-jump", "english",
    "W:W16,21:BK2,10,17", EXACT, { "21x7/10,17" }, "002 I.1.3.7 diagram 4: White takes two" },
  { "/rules/movegen/english/short-king", "english",
    "B:W7,16:BK2", EXACT, { "2x20/7,16" },
    "002 I.1.3.7 diagram 4: the king takes two by short jumps (000 1.21)" },
  { "/rules/movegen/english/free-choice", "english",
    "B:W14,15,23:B10,11", EXACT, { "10x17/14", "10x26/15,23", "11x27/15,23" },
    "000 1.20: any capture, not necessarily the longest" },
  { "/rules/movegen/english/men-forward-only", "english",
    "B:W32:B14", EXACT, { "14-17", "14-18" }, "000 1.15: men move forward only" },

  /* Brazilian: International rules on 8x8 (001). */
  { "/rules/movegen/brazilian/majority", "brazilian",
    "W:WKd2:Bb6,d6,f4,f6,g7", EXACT, { "d2xa7/b6,d6,f4,g7", "d2xa7/b6,d6,f4,f6" },
    "004 1.6.2 diagram 5 under the majority rule: the three-piece route is out" },
  { "/rules/movegen/brazilian/man-passes-crowning-row", "brazilian",
    "W:Wd6:Be7,g7", EXACT, { "d6xh6/e7,g7" },
    "as 004 2.5.2.1: goes on as a man over the far rank and stays a man" },
  { "/rules/movegen/russian/crowned-on-the-way", "russian",
    "W:Wd6:Be7,g7", EXACT, { "d6xh6/e7,g7K" },
    "004 1.5.15: crowned on f8, it ends the capture as a king" },
  { "/rules/movegen/english/crowned-on-the-way-stops", "english",
    "W:W10:B7,8", EXACT, { "10x3/7K" },
    "000 1.19: d6:f8 crowns and ends the move; f8:h6 would come next move" },
  { "/rules/movegen/russian/any-piece-may-capture", "russian",
    "W:WKg1,b2:Bc3,f2", EXACT,
    { "g1xe3/f2", "g1xd4/f2", "g1xc5/f2", "g1xb6/f2", "g1xa7/f2", "b2xd4/c3" },
    "004 1.5.14: free choice between a man's and a king's capture" },

  /* Pool checkers (APCA; tkabber pool rules 4-5). */
  { "/rules/movegen/pool/man-not-crowned-passing", "pool",
    "W:W10:B7,8", EXACT, { "10x12/7,8" },
    "APCA: a man that reaches the far side and can jump on backwards does so, uncrowned" },
  { "/rules/movegen/pool/crowned-at-the-end", "pool",
    "W:Wh4:Bb2,b4,b6,e7,g5", EXACT, { "20x2/7,16K" },
    "APCA: crowned only if the jumps end on the far side; no king continuation" },
  { "/rules/movegen/pool/free-choice", "pool",
    "W:WKd2:Bb6,d6,f4,f6,g7", EXACT, { "26x5/8,9,10,19", "26x5/9,10,11,19", "26x13/9,11,19" },
    "APCA: free choice of capture (Russian diagram 5 position in English numbering)" },

  /* Italian (FID; the board turned, 1 = a8 ... 32 = h1). */
  { "/rules/movegen/italian/man-cannot-take-king", "italian",
    "W:Wc2:Bb3,Kd3", EXACT, { "26x17/21" }, "FID: a man may not capture a king" },
  { "/rules/movegen/italian/king-captures-first", "italian",
    "W:WKb1,e2:Bc2,f3", EXACT, { "29x22/26" },
    "FID: at equal number, capture with the king" },
  { "/rules/movegen/italian/most-kings", "italian",
    "W:WKd3:BKc4,e4", EXACT, { "22x13/18" }, "FID: at equal number, take the most kings" },
  { "/rules/movegen/italian/first-king", "italian",
    "W:WKd3:BKc4,c6,e4,Kg6", EXACT, { "22x6/10,18" },
    "FID: at equal number of kings, the capture that meets a king first" },
  { "/rules/movegen/italian/equal-captures-free", "italian",
    "W:W26,30:B21,22", EXACT, { "26x17/21", "26x19/22" },
    "FID: when every precedence ties, either capture; men only forward (30 takes nothing)" },

  /* Spanish (the board turned, 1 = h1 ... 32 = a8). */
  { "/rules/movegen/spanish/most-kings", "spanish",
    "W:WKd3:BKc4,e4", EXACT, { "11x20/15", "11x24/15" },
    "FED: the most pieces, then the most kings; flying king lands anywhere beyond" },

  /* Czech. */
  { "/rules/movegen/czech/king-must-capture", "czech",
    "W:WKg1,b2:Bc3,f2", EXACT,
    { "g1xe3/f2", "g1xd4/f2", "g1xc5/f2", "g1xb6/f2", "g1xa7/f2" },
    "CFD: if a king can capture, a king must capture" },

  /* Turkish (orthogonal, captured pieces leave at once). */
  { "/rules/movegen/turkish/most-pieces", "turkish",
    "W:Wd4:Bd5,d7,e4", EXACT, { "d4xd8/d5,d7K" },
    "Turkish rules: the most pieces must be taken; men capture forward and sideways" },
  { "/rules/movegen/turkish/removed-at-once", "turkish",
    "W:WKa4:Bc4,e6,d8,c2", EXACT, { "a4xc1/c2,c4,d8,e6" },
    "Turkish rules: each captured piece leaves the board at once, so c4's square can be crossed" },
  { "/rules/movegen/turkish/no-half-turn", "turkish",
    "W:WKe4:Bc4,g4", EXACT, { "e4xb4/c4", "e4xa4/c4", "e4xh4/g4" },
    "Turkish rules: a king may not turn back by 180 degrees between two jumps" },

  /* Frisian (KNDB official rules 2011). */
  { "/rules/movegen/frisian/value", "frisian",
    "W:W33:B17,28,K34", EXACT, { "33x11/17,28" },
    "KNDB art. 11: two men are worth more than one king" },
  { "/rules/movegen/frisian/king-captures-first", "frisian",
    "W:W33,K50:B28,44", EXACT, { "50x39/44" },
    "KNDB art. 12: at equal value, the king captures" },
  { "/rules/movegen/frisian/orthogonal-man-capture", "frisian",
    "W:W33:B23", EXACT, { "33x13/23" },
    "KNDB art. 7: men capture along files and ranks too" },
};

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* "FROMxTO/caps" or "FROM-TO", K when crowned, in the variant's notation. */
static char *
move_key (const DrRules *rules,
          const DrMove  *move)
{
  g_autoptr (GPtrArray) caps = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);
  char buf[8];

  g_string_append (out, dr_notation_square (rules, move->from, rules->notation, buf));
  g_string_append_c (out, move->captures ? 'x' : '-');
  g_string_append (out, dr_notation_square (rules, move->to, rules->notation, buf));
  for (DrBitboard b = move->captures; b != 0; b = dr_bb_rest (b))
    g_ptr_array_add (caps, g_strdup (dr_notation_square (rules, dr_bb_first (b), rules->notation, buf)));
  if (caps->len > 0)
    {
      qsort (caps->pdata, caps->len, sizeof (char *), compare_strings);
      g_string_append_c (out, '/');
      for (guint i = 0; i < caps->len; i++)
        g_string_append_printf (out, "%s%s", i ? "," : "", (char *) caps->pdata[i]);
    }
  if (move->flags & DR_MOVE_PROMOTES)
    g_string_append_c (out, 'K');
  return g_string_free (out, FALSE);
}

/* Expected keys list captured squares as written; sort them the same way. */
static char *
normalise_key (const char *key)
{
  const char *slash = strchr (key, '/');
  g_auto (GStrv) parts = NULL;
  g_autofree char *caps = NULL;
  gboolean crowned;
  GString *out;

  if (slash == NULL)
    return g_strdup (key);
  crowned = g_str_has_suffix (key, "K");
  caps = g_strndup (slash + 1, strlen (slash + 1) - (crowned ? 1 : 0));
  parts = g_strsplit (caps, ",", -1);
  qsort (parts, g_strv_length (parts), sizeof (char *), compare_strings);
  out = g_string_new_len (key, slash - key + 1);
  for (guint i = 0; parts[i] != NULL; i++)
    g_string_append_printf (out, "%s%s", i ? "," : "", parts[i]);
  if (crowned)
    g_string_append_c (out, 'K');
  return g_string_free (out, FALSE);
}

static GPtrArray *
legal_keys (const DrRules    *rules,
            const DrPosition *pos)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  dr_movegen_legal (rules, pos, list);
  g_assert_false (list->overflow);
  for (unsigned i = 0; i < list->n; i++)
    g_ptr_array_add (keys, move_key (rules, &list->moves[i]));
  return keys;
}

static gboolean
keys_contain (GPtrArray  *keys,
              const char *key)
{
  for (guint i = 0; i < keys->len; i++)
    if (g_str_equal (keys->pdata[i], key))
      return TRUE;
  return FALSE;
}

static void
assert_moves (const char *variant,
              const char *fen,
              Match       match,
              const char *const *expected,
              const char *source)
{
  const DrRules *rules = dr_rules_from_name (variant);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) keys = NULL;
  g_autoptr (GString) got = g_string_new (NULL);
  guint n_expected = 0;
  DrPosition pos;

  g_assert_nonnull (rules);
  g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
  g_assert_no_error (error);
  keys = legal_keys (rules, &pos);
  for (guint i = 0; i < keys->len; i++)
    g_string_append_printf (got, " %s", (char *) keys->pdata[i]);
  g_test_message ("%s: legal moves:%s (%s)", fen, got->str, source);
  for (; expected[n_expected] != NULL; n_expected++)
    {
      g_autofree char *key = normalise_key (expected[n_expected]);
      if (!keys_contain (keys, key))
        g_error ("%s: %s is not among the legal moves:%s (%s)", fen, key, got->str, source);
    }
  if (match == EXACT)
    g_assert_cmpuint (keys->len, ==, n_expected);
}

static void
test_move_case (gconstpointer data)
{
  const MoveCase *c = data;

  assert_moves (c->variant, c->fen, c->match, c->moves, c->source);
}

/* The quick tests (dr_movegen_has_capture, _has_move, _kind) and
 * dr_position_hash_after against the full generator and copy-make, on
 * random positions of every variant: pieces scattered at several densities
 * (so that sides are blocked, or have no pieces, or kings capture from
 * afar), Frisian king runs set at random, and the positions of random games
 * from the start.  The generator is the reference: these functions must
 * give the answers it gives. */

#define QUICK_SEED      20260512u
#define QUICK_POSITIONS 4000
#define QUICK_GAMES     100
#define QUICK_PLIES     120

typedef struct
{
  unsigned long positions, none, blocked, quiet, capture;
} QuickCounts;

static void
check_quick (const DrRules    *rules,
             const DrPosition *pos,
             DrMoveList       *list,
             QuickCounts      *counts)
{
  DrMovesKind kind;
  bool capture;

  dr_movegen_legal (rules, pos, list);
  g_assert_false (list->overflow);
  capture = list->n > 0 && list->moves[0].captures != 0;
  kind = list->n == 0 ? DR_MOVES_NONE : capture ? DR_MOVES_CAPTURE : DR_MOVES_QUIET;
  if (dr_movegen_has_capture (rules, pos) != capture || dr_movegen_has_move (rules, pos) != (list->n > 0)
      || dr_movegen_kind (rules, pos) != kind || rules->moves_kind (pos) != kind)
    {
      g_autofree char *fen = dr_fen_write (rules, pos, rules->notation);
      g_error ("%s %s: %u legal moves (%s), has_capture %d, has_move %d, kind %d", rules->name, fen,
               list->n, capture ? "captures" : "quiet", dr_movegen_has_capture (rules, pos),
               dr_movegen_has_move (rules, pos), dr_movegen_kind (rules, pos));
    }
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;

      dr_position_apply (&child, pos, &list->moves[i]);
      g_assert_cmpuint (dr_position_hash_after (pos, &list->moves[i]), ==, child.hash);
    }
  counts->positions++;
  if (list->n == 0)
    {
      counts->none++;
      /* Pieces, but none can move. */
      if (pos->pieces[pos->turn] != 0)
        counts->blocked++;
    }
  else if (capture)
    counts->capture++;
  else
    counts->quiet++;
}

/* Pieces at random on the playing squares: each square is taken with
 * probability @density percent, men never on their own crowning rank. */
static void
random_position (const DrRules *rules,
                 GRand         *rand,
                 int            density,
                 DrPosition    *pos)
{
  const DrGeometry *g = rules->geometry;

  dr_position_clear (pos);
  /* Every playing square, bits 64-71 too on Canadian's wide board. */
  for (int sq = 0; sq < (g->wide ? g->n_squares : 64); sq++)
    {
      int row, file, side;
      bool king;

      if (!dr_geometry_row_file (g, sq, &row, &file))
        continue;
      side = g_rand_int_range (rand, 0, 2);
      king = g_rand_int_range (rand, 0, 4) == 0 || row == (side == 0 ? 0 : g->height - 1);

      if (g_rand_int_range (rand, 0, 100) >= density)
        continue;
      dr_position_put (pos, sq, side == 0 ? (king ? DR_PIECE_WHITE_KING : DR_PIECE_WHITE_MAN)
                                          : (king ? DR_PIECE_BLACK_KING : DR_PIECE_BLACK_MAN));
    }
  dr_position_set_turn (pos, (DrSide) g_rand_int_range (rand, 0, 2));
  if (rules->frisian_king_runs)
    for (int side = 0; side < 2; side++)
      {
        DrBitboard kings = pos->pieces[side] & pos->kings;

        if (kings == 0 || g_rand_int_range (rand, 0, 2) == 0)
          continue;
        pos->king_run_square[side] = (uint8_t) dr_bb_first (kings);
        pos->king_run_length[side] = (uint8_t) g_rand_int_range (rand, 1, 4);
        pos->hash = dr_position_compute_hash (pos);
      }
}

static void
test_quick (gconstpointer data)
{
  const DrRules *rules = data;
  static const int densities[] = { 5, 15, 30, 50, 70, 90 };
  g_autoptr (GRand) rand = g_rand_new_with_seed (QUICK_SEED);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  QuickCounts counts = { 0 };

  /* Every variant has them (the search relies on it for speed). */
  g_assert_nonnull (rules->has_capture);
  g_assert_nonnull (rules->has_quiet);
  g_assert_nonnull (rules->moves_kind);

  for (int i = 0; i < QUICK_POSITIONS; i++)
    {
      DrPosition pos;

      random_position (rules, rand, densities[i % G_N_ELEMENTS (densities)], &pos);
      check_quick (rules, &pos, list, &counts);
    }
  for (int game = 0; game < QUICK_GAMES; game++)
    {
      DrPosition pos;

      dr_rules_initial (rules, &pos);
      for (int ply = 0; ply < QUICK_PLIES; ply++)
        {
          check_quick (rules, &pos, list, &counts);
          if (list->n == 0)
            break;
          dr_position_apply (&pos, &pos, &list->moves[g_rand_int_range (rand, 0, (gint32) list->n)]);
        }
    }
  g_test_message ("%s: %lu positions, %lu without a move (%lu blocked), %lu with quiet moves, "
                  "%lu with captures", rules->name, counts.positions, counts.none, counts.blocked,
                  counts.quiet, counts.capture);
  /* Each answer was met. */
  g_assert_cmpuint (counts.blocked, >, 0);
  g_assert_cmpuint (counts.quiet, >, 0);
  g_assert_cmpuint (counts.capture, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (move_cases); i++)
    g_test_add_data_func (move_cases[i].path, &move_cases[i], test_move_case);
  for (int v = 0; v < DR_N_VARIANTS; v++)
    {
      const DrRules *rules = dr_rules_get ((DrVariant) v);
      g_autofree char *path = g_strdup_printf ("/rules/movegen/quick-tests/%s", rules->name);

      g_test_add_data_func (path, rules, test_quick);
    }
  return g_test_run ();
}
