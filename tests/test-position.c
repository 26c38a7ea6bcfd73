/* test-position.c — positions as values: pieces, side to move, Zobrist hash
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The random games check properties that hold by the rules of every
 * variant, whatever the move: a move changes only its start, its end and
 * the captured squares; the mover keeps all its pieces and the opponent
 * loses exactly the captured ones; the piece that moved stands on the end
 * square, a king if it was one or was crowned; a man that ends its move on
 * its far rank is crowned (004 1.5.11, 003 1.5, 000 1.19); the side to move
 * alternates.  The incrementally kept hash must equal the hash computed from
 * scratch (dr-position.h), and a position reached in play can always be set
 * up (dr_position_validate).  No expected value comes from running this
 * project's code.
 */

#include "config.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-movegen.h"

#include <string.h>

#define N_GAMES   200
#define MAX_PLIES 150
#define SEED      20260421u

typedef struct
{
  const char *variant;
  const char *fen;   /* NULL: the initial position */
} StartCase;

/* Start positions: every variant's initial position, and some with kings
 * so that flying kings, king captures and Frisian king runs are played. */
static const StartCase start_cases[] = {
  { "international", NULL },
  { "international", "W:WK46,K47,31,32,33,34,35:BK5,K4,16,17,18,19,20" },
  { "international", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46" },
  { "frisian", NULL },
  { "frisian", "W:WK46,K47,30,31:BK5,K4,19,20" },
  { "frisian", "W:WK46,K50,36,37,38:BK1,K5,11,12,13" },
  { "antidraughts", NULL },
  { "antidraughts", "W:WK46,31,32,33:BK5,16,17,18" },
  { "russian", NULL },
  { "russian", "W:WKa1,Kc1,c3,e3,g3:BKh8,Kf8,b6,d6,f6" },
  { "russian-giveaway", NULL },
  { "russian-giveaway", "W:WKa1,c3,e3:BKh8,b6,d6" },
  { "english", NULL },
  { "english", "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29" },
  { "brazilian", NULL },
  { "brazilian", "W:WKa1,c3,e3,g3:BKh8,b6,d6,f6" },
  { "pool", NULL },
  { "pool", "B:WK29,K30,21,22,23:BK1,K2,9,10,11" },
  { "italian", NULL },
  { "italian", "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4" },
  { "spanish", NULL },
  { "spanish", "W:WK30,K31,5,6,7:BK1,K2,21,22,23" },
  { "czech", NULL },
  { "czech", "B:WKa1,Kc1,c3,e3:BKh8,Kf8,d6,f6" },
  { "turkish", NULL },
  { "turkish", "W:WKa1,Kh1,a3,b3,c3,d3:BKa8,Kh8,e6,f6,g6,h6" },
  { "turkish", "W:WKd4,Ke1,a2,b2:BKd5,Kh8,c6,d6,e6,f7,g7" },
};

static const DrRules *
rules_named (const char *name)
{
  const DrRules *rules = dr_rules_from_name (name);

  g_assert_nonnull (rules);
  return rules;
}

static void
start_position (const StartCase *c,
                DrPosition      *pos)
{
  const DrRules *rules = rules_named (c->variant);
  g_autoptr (GError) error = NULL;

  if (c->fen == NULL)
    {
      dr_rules_initial (rules, pos);
      return;
    }
  g_assert_true (dr_fen_parse (rules, c->fen, pos, &error));
  g_assert_no_error (error);
}

static DrPiece
piece_of (DrSide side,
          bool   king)
{
  if (side == DR_SIDE_WHITE)
    return king ? DR_PIECE_WHITE_KING : DR_PIECE_WHITE_MAN;
  return king ? DR_PIECE_BLACK_KING : DR_PIECE_BLACK_MAN;
}

static void
assert_consistent (const DrPosition *pos)
{
  g_assert_cmpuint (pos->pieces[0] & pos->pieces[1], ==, 0);
  g_assert_cmpuint (pos->kings & ~dr_position_occupied (pos), ==, 0);
  g_assert_cmpuint (pos->hash, ==, dr_position_compute_hash (pos));
  g_assert_cmpint (pos->turn, <=, 1);
}

/* Everything a move must do, checked on @child = @parent + @move. */
static void
check_move (const DrRules    *rules,
            const DrPosition *parent,
            const DrMove     *move,
            const DrPosition *child)
{
  DrSide us = (DrSide) parent->turn;
  DrSide them = DR_SIDE_OTHER (us);
  bool was_king = dr_bb_has (parent->kings, move->from);
  bool promotes = (move->flags & DR_MOVE_PROMOTES) != 0;
  DrBitboard touched = dr_bb_bit (move->from) | dr_bb_bit (move->to) | move->captures;
  DrBitboard squares = rules->geometry->squares;
  g_autoptr (GError) error = NULL;

  /* The move itself makes sense in @parent. */
  g_assert_true (dr_bb_has (parent->pieces[us], move->from));
  g_assert_true (dr_bb_has (squares, move->to));
  g_assert_true (move->from == move->to
                 || !dr_bb_has (dr_position_occupied (parent), move->to)
                 || dr_bb_has (move->captures, move->to));
  g_assert_cmpuint (move->captures & ~parent->pieces[them], ==, 0);
  g_assert_cmpint ((move->flags & DR_MOVE_BY_KING) != 0, ==, was_king);
  g_assert_true (!promotes || !was_king);
  g_assert_true (move->n_jumps == 0 || move->path[move->n_jumps - 1] == move->to);
  g_assert_cmpint (move->n_jumps == 0, ==, move->captures == 0);

  /* A man that ends its move on its far rank is crowned; where crowning
   * ends the move, a crowned man ends there. */
  if (!was_king && dr_bb_has (dr_rules_promotion_mask (rules, us), move->to))
    g_assert_true (promotes);
  if (promotes && rules->promotion_in_capture != DR_PROMOTION_GOES_ON_AS_KING)
    g_assert_true (dr_bb_has (dr_rules_promotion_mask (rules, us), move->to));

  /* The result. */
  assert_consistent (child);
  g_assert_cmpint (child->turn, ==, them);
  g_assert_cmpint (dr_bb_count (child->pieces[us]), ==, dr_bb_count (parent->pieces[us]));
  g_assert_cmpint (dr_bb_count (child->pieces[them]), ==,
                   dr_bb_count (parent->pieces[them]) - dr_bb_count (move->captures));
  g_assert_cmpint (dr_position_get (child, move->to), ==, piece_of (us, was_king || promotes));
  if (move->from != move->to)
    g_assert_cmpint (dr_position_get (child, move->from), ==, DR_PIECE_NONE);
  for (DrBitboard c = move->captures & ~dr_bb_bit (move->to); c != 0; c = dr_bb_rest (c))
    g_assert_cmpint (dr_position_get (child, dr_bb_first (c)), ==, DR_PIECE_NONE);
  /* Nothing else moved. */
  g_assert_cmpuint (child->pieces[0] & ~touched, ==, parent->pieces[0] & ~touched);
  g_assert_cmpuint (child->pieces[1] & ~touched, ==, parent->pieces[1] & ~touched);
  g_assert_cmpuint (child->kings & ~touched, ==, parent->kings & ~touched);
  g_assert_cmpuint (dr_position_occupied (child) & ~squares, ==, 0);

  /* A position reached in play can be set up. */
  if (!dr_position_validate (rules, child, &error))
    g_test_message ("%s: %s", rules->name, error->message);
  g_assert_no_error (error);
}

/* Hashes seen, to catch two different positions with one hash: with
 * 64-bit random keys that is as good as impossible in a few hundred
 * thousand positions, unless the keys are broken. */
static void
remember_hash (GHashTable       *seen,
               const DrPosition *pos)
{
  DrPosition *other = g_hash_table_lookup (seen, &pos->hash);

  if (other != NULL)
    {
      g_assert_true (dr_position_equal (other, pos));
      return;
    }
  other = g_memdup2 (pos, sizeof *pos);
  g_hash_table_insert (seen, &other->hash, other);
}

static void
test_zobrist_incremental (gconstpointer data)
{
  const StartCase *c = data;
  const DrRules *rules = rules_named (c->variant);
  g_autoptr (GRand) rand = g_rand_new_with_seed (SEED);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, g_free);
  DrPosition start;
  unsigned long plies = 0, captures = 0, promotions = 0, king_moves = 0;

  start_position (c, &start);
  assert_consistent (&start);
  g_assert_true (dr_position_validate (rules, &start, NULL));

  for (int game = 0; game < N_GAMES; game++)
    {
      DrPosition pos = start;

      for (int ply = 0; ply < MAX_PLIES; ply++)
        {
          DrPosition child, in_place;
          const DrMove *move;

          dr_movegen_legal (rules, &pos, list);
          g_assert_false (list->overflow);
          if (list->n == 0)
            break;
          move = &list->moves[g_rand_int_range (rand, 0, (gint32) list->n)];

          dr_position_apply (&child, &pos, move);
          if (child.hash != dr_position_compute_hash (&child))
            {
              g_autofree char *fen = dr_fen_write (rules, &pos, rules->notation);
              g_test_message ("%s game %d ply %d: hash wrong after %u-%u (captures %" G_GINT64_MODIFIER "x) from %s",
                              rules->name, game, ply, move->from, move->to,
                              (guint64) move->captures, fen);
            }
          check_move (rules, &pos, move, &child);

          /* Copy-make in place gives the same position and hash. */
          in_place = pos;
          dr_position_apply (&in_place, &in_place, move);
          g_assert_true (dr_position_equal (&in_place, &child));
          g_assert_cmpuint (in_place.hash, ==, child.hash);
          g_assert_cmpuint (in_place.hash, ==, dr_position_compute_hash (&in_place));

          if (game < 20)
            remember_hash (seen, &child);
          plies++;
          captures += move->captures != 0;
          promotions += (move->flags & DR_MOVE_PROMOTES) != 0;
          king_moves += (move->flags & DR_MOVE_BY_KING) != 0;
          pos = child;
        }
    }
  g_test_message ("%s: %lu plies, %lu captures, %lu crownings, %lu king moves",
                  rules->name, plies, captures, promotions, king_moves);
  /* The games did play (and the king positions moved kings). */
  g_assert_cmpuint (plies, >, N_GAMES);
  g_assert_cmpuint (captures, >, 0);
  if (c->fen != NULL)
    g_assert_cmpuint (king_moves, >, 0);
}

/* Turkish captured pieces leave the board at once (notes/variants.md B.5),
 * so a king may end its capture on a square it has just emptied.  White king
 * a5, black men a4, b2, c3, b4: a5 x a4 to a2, x b2 to c2, x c3 to c4, x b4
 * to a4 takes all four, and no other route takes four (a 180° turn is not
 * allowed).  The king ends on a4, a king still, and Black has nothing left. */
static void
test_turkish_land_on_captured (void)
{
  const DrRules *rules = rules_named ("turkish");
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  DrPosition pos, child, in_place;
  g_autoptr (GError) error = NULL;
  int a4 = dr_geometry_bit_at_xy (rules->geometry, 0, 3);
  int a5 = dr_geometry_bit_at_xy (rules->geometry, 0, 4);

  g_assert_true (dr_fen_parse (rules, "W:WKa5:Ba4,b2,c3,b4", &pos, &error));
  g_assert_no_error (error);
  dr_movegen_legal (rules, &pos, list);
  g_assert_cmpuint (list->n, ==, 1);
  g_assert_cmpint (list->moves[0].from, ==, a5);
  g_assert_cmpint (list->moves[0].to, ==, a4);
  g_assert_cmpint (dr_bb_count (list->moves[0].captures), ==, 4);

  dr_position_apply (&child, &pos, &list->moves[0]);
  g_assert_cmpint (dr_position_get (&child, a4), ==, DR_PIECE_WHITE_KING);
  g_assert_cmpuint (child.pieces[DR_SIDE_BLACK], ==, 0);
  g_assert_cmpuint (child.hash, ==, dr_position_compute_hash (&child));

  in_place = pos;
  dr_position_apply (&in_place, &in_place, &list->moves[0]);
  g_assert_true (dr_position_equal (&in_place, &child));
  g_assert_cmpuint (in_place.hash, ==, dr_position_compute_hash (&in_place));
}

/* The side to move is part of the position and of its hash. */
static void
test_zobrist_distinct (void)
{
  for (int v = 0; v < DR_N_VARIANTS; v++)
    {
      const DrRules *rules = dr_rules_get ((DrVariant) v);
      DrPosition a, b;
      int bit;

      dr_rules_initial (rules, &a);
      b = a;
      dr_position_set_turn (&b, DR_SIDE_OTHER (a.turn));
      g_assert_cmpint (b.turn, !=, a.turn);
      g_assert_false (dr_position_equal (&a, &b));
      g_assert_cmpuint (b.hash, ==, dr_position_compute_hash (&b));
      g_assert_cmpuint (a.hash, !=, b.hash);
      dr_position_set_turn (&b, (DrSide) a.turn);
      g_assert_true (dr_position_equal (&a, &b));
      g_assert_cmpuint (a.hash, ==, b.hash);

      /* A man and a king on the same square are different positions. */
      bit = dr_bb_first (a.pieces[DR_SIDE_WHITE]);
      dr_position_put (&b, bit, DR_PIECE_WHITE_KING);
      g_assert_false (dr_position_equal (&a, &b));
      g_assert_cmpuint (a.hash, !=, b.hash);
      /* A white and a black man too. */
      dr_position_put (&b, bit, DR_PIECE_BLACK_MAN);
      g_assert_cmpuint (a.hash, !=, b.hash);
      /* And the empty board with either side to move. */
      dr_position_clear (&a);
      b = a;
      dr_position_set_turn (&b, DR_SIDE_BLACK);
      g_assert_cmpuint (a.hash, !=, b.hash);
    }
}

/* The keys themselves: nonzero and all different (a zero or repeated key
 * makes two positions hash alike). */
static void
test_zobrist_keys (void)
{
  g_autoptr (GHashTable) keys = g_hash_table_new (g_int64_hash, g_int64_equal);

  g_assert_cmpuint (dr_zobrist_turn, !=, 0);
  g_hash_table_add (keys, (gpointer) &dr_zobrist_turn);
  for (int i = 0; i < 4; i++)
    for (int sq = 0; sq < 64; sq++)
      {
        g_assert_cmpuint (dr_zobrist_piece[i][sq], !=, 0);
        g_assert_false (g_hash_table_contains (keys, &dr_zobrist_piece[i][sq]));
        g_hash_table_add (keys, (gpointer) &dr_zobrist_piece[i][sq]);
      }
  for (int side = 0; side < 2; side++)
    for (int i = 1; i < 4; i++)
      g_assert_cmpuint (dr_zobrist_frisian[side][i], !=, 0);
}

/* dr_position_put / dr_position_get for every piece kind on every square
 * of every board, on an empty board and on a full initial position. */
static void
test_put_get (void)
{
  static const DrPiece kinds[] = {
    DR_PIECE_WHITE_MAN, DR_PIECE_WHITE_KING, DR_PIECE_BLACK_MAN, DR_PIECE_BLACK_KING, DR_PIECE_NONE,
  };
  static const char *variants[] = { "international", "english", "italian", "spanish", "turkish" };

  for (gsize v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      const DrRules *rules = rules_named (variants[v]);
      DrBitboard squares = rules->geometry->squares;

      for (int start = 0; start < 2; start++)
        {
          DrPosition base;

          if (start == 0)
            dr_position_clear (&base);
          else
            dr_rules_initial (rules, &base);
          assert_consistent (&base);

          for (DrBitboard b = squares; b != 0; b = dr_bb_rest (b))
            {
              int bit = dr_bb_first (b);
              DrBitboard others = ~dr_bb_bit (bit);

              for (gsize k = 0; k < G_N_ELEMENTS (kinds); k++)
                {
                  DrPosition pos = base;

                  dr_position_put (&pos, bit, kinds[k]);
                  g_assert_cmpint (dr_position_get (&pos, bit), ==, kinds[k]);
                  assert_consistent (&pos);
                  g_assert_cmpint (pos.turn, ==, base.turn);
                  /* Other squares untouched. */
                  g_assert_cmpuint (pos.pieces[0] & others, ==, base.pieces[0] & others);
                  g_assert_cmpuint (pos.pieces[1] & others, ==, base.pieces[1] & others);
                  g_assert_cmpuint (pos.kings & others, ==, base.kings & others);
                  /* Putting back what was there restores the position. */
                  dr_position_put (&pos, bit, dr_position_get (&base, bit));
                  g_assert_true (dr_position_equal (&pos, &base));
                  g_assert_cmpuint (pos.hash, ==, base.hash);
                }
            }
        }
    }
}

/* The cleared position: empty, White to move, hash consistent. */
static void
test_clear (void)
{
  DrPosition pos;

  memset (&pos, 0xa5, sizeof pos);
  dr_position_clear (&pos);
  g_assert_cmpuint (dr_position_occupied (&pos), ==, 0);
  g_assert_cmpuint (pos.kings, ==, 0);
  g_assert_cmpint (pos.turn, ==, DR_SIDE_WHITE);
  g_assert_cmpuint (pos.hash, ==, dr_position_compute_hash (&pos));
  for (int bit = 0; bit < 64; bit++)
    g_assert_cmpint (dr_position_get (&pos, bit), ==, DR_PIECE_NONE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (start_cases); i++)
    {
      g_autofree char *path = NULL;
      int n = 0;

      for (gsize j = 0; j < i; j++)
        n += strcmp (start_cases[j].variant, start_cases[i].variant) == 0;
      path = start_cases[i].fen == NULL
             ? g_strdup_printf ("/engine/position/zobrist/incremental/%s", start_cases[i].variant)
             : g_strdup_printf ("/engine/position/zobrist/incremental/%s-kings-%d", start_cases[i].variant, n);
      g_test_add_data_func (path, &start_cases[i], test_zobrist_incremental);
    }
  g_test_add_func ("/engine/position/zobrist/distinct", test_zobrist_distinct);
  g_test_add_func ("/engine/position/zobrist/keys", test_zobrist_keys);
  g_test_add_func ("/engine/position/apply/turkish-land-on-captured", test_turkish_land_on_captured);
  g_test_add_func ("/engine/position/put-get", test_put_get);
  g_test_add_func ("/engine/position/clear", test_clear);
  return g_test_run ();
}
