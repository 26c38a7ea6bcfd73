/* test-draw.c — game end: no move left, the draw rules, Frisian king runs
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each draw rule is checked at the ply where its article says the game is
 * drawn and one ply before, on a history played out move by move.
 */

#include "config.h"

#include "dr-draw.h"
#include "dr-fen.h"
#include "dr-movegen.h"

#include <string.h>

typedef struct
{
  const DrRules *rules;
  GArray        *history;   /* DrPosition, one per ply from the start */
} Game;

static void
game_init (Game       *game,
           const char *variant,
           const char *fen)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  game->rules = dr_rules_from_name (variant);
  g_assert_nonnull (game->rules);
  g_assert_true (dr_fen_parse (game->rules, fen, &pos, &error));
  g_assert_no_error (error);
  game->history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_array_append_val (game->history, pos);
}

static void
game_clear (Game *game)
{
  g_array_unref (game->history);
}

static const DrPosition *
game_current (Game *game)
{
  return &g_array_index (game->history, DrPosition, game->history->len - 1);
}

/* Plays "FROM-TO" (numbers or names), which must be the one legal move
 * between those squares. */
static void
game_play (Game       *game,
           const char *text)
{
  const DrGeometry *g = game->rules->geometry;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  const DrMove *found = NULL;
  size_t len;
  int from, to;
  const char *dash;
  DrPosition child;

  from = dr_geometry_parse_square (g, text, -1, &len);
  dash = text + len;
  g_assert_true (*dash == '-' || *dash == 'x' || *dash == ':');
  to = dr_geometry_parse_square (g, dash + 1, -1, &len);
  g_assert_cmpint (from, >=, 0);
  g_assert_cmpint (to, >=, 0);
  dr_movegen_legal (game->rules, game_current (game), list);
  for (unsigned i = 0; i < list->n; i++)
    if (list->moves[i].from == from && list->moves[i].to == to)
      {
        g_assert_null (found);
        found = &list->moves[i];
      }
  if (found == NULL)
    g_error ("%s is not a legal move", text);
  dr_position_apply (&child, game_current (game), found);
  g_array_append_val (game->history, child);
}

/* Plays the moves of @cycle, @times times over. */
static void
game_play_cycle (Game              *game,
                 const char *const *cycle,
                 int                times)
{
  for (int t = 0; t < times; t++)
    for (int i = 0; cycle[i] != NULL; i++)
      game_play (game, cycle[i]);
}

static const DrDrawRule *
find_rule (const DrRules *rules,
           const char    *article,
           int            limit)
{
  for (unsigned i = 0; i < rules->n_draw_rules; i++)
    if (strcmp (rules->draw_rules[i].article, article) == 0
        && (limit < 0 || rules->draw_rules[i].limit == limit))
      return &rules->draw_rules[i];
  g_error ("no draw rule %s", article);
  return NULL;
}

/* The rule holds after exactly @plies plies of @game, not one ply before. */
static void
assert_rule_from (Game             *game,
                  const DrDrawRule *rule,
                  guint             plies)
{
  const DrPosition *h = (const DrPosition *) game->history->data;

  g_assert_cmpuint (game->history->len, >=, plies + 1);
  for (guint n = 1; n <= game->history->len; n++)
    {
      gboolean holds = dr_draw_rule_holds (game->rules, rule, h, n);
      if (holds != (n >= plies + 1))
        g_error ("%s: after %u plies the rule %s", rule->article, n - 1,
                 holds ? "holds too early" : "does not hold");
    }
}

static void
test_no_move_loses (void)
{
  Game game;

  /* 004 1.8.1: a side whose men are blocked loses. */
  game_init (&game, "russian", "W:Wa1:Bb2,c3");
  g_assert_cmpint (dr_game_status (game.rules, game_current (&game), 1, NULL), ==,
                   DR_STATUS_BLACK_WINS);
  game_clear (&game);
  /* ... and a side without pieces (000 1.30). */
  game_init (&game, "english", "B:W18:B");
  g_assert_cmpint (dr_game_status (game.rules, game_current (&game), 1, NULL), ==,
                   DR_STATUS_WHITE_WINS);
  game_clear (&game);
  /* A side with a move is not lost. */
  game_init (&game, "russian", "W:Wa1:Bb2");
  g_assert_cmpint (dr_game_status (game.rules, game_current (&game), 1, NULL), ==,
                   DR_STATUS_ONGOING);
  game_clear (&game);
}

static void
test_giveaway_no_move_wins (void)
{
  Game game;

  /* Giveaway: the side that cannot move has reached the goal. */
  game_init (&game, "russian-giveaway", "W:Wa1:Bb2,c3");
  g_assert_cmpint (dr_game_status (game.rules, game_current (&game), 1, NULL), ==,
                   DR_STATUS_WHITE_WINS);
  game_clear (&game);
  game_init (&game, "antidraughts", "B:W33:B");
  g_assert_cmpint (dr_game_status (game.rules, game_current (&game), 1, NULL), ==,
                   DR_STATUS_BLACK_WINS);
  game_clear (&game);
}

static void
test_russian_repetition (void)
{
  static const char *const cycle[] = { "c1-d2", "f8-e7", "d2-c1", "e7-f8", NULL };
  const DrDrawRule *which = NULL;
  Game game;

  /* 004 1.9.1.7: the same position a third time, same side to move. */
  game_init (&game, "russian", "W:WKa1,Kc1:BKh8,Kf8");
  game_play_cycle (&game, cycle, 2);
  assert_rule_from (&game, find_rule (game.rules, "004 1.9.1.7", -1), 8);
  g_assert_cmpint (dr_game_status (game.rules, (const DrPosition *) game.history->data,
                                   game.history->len, &which), ==, DR_STATUS_DRAW);
  g_assert_nonnull (which);
  g_assert_cmpstr (which->article, ==, "004 1.9.1.7");
  game_clear (&game);
}

static void
test_russian_three_kings (void)
{
  static const char *const cycle[] = { "c1-d2", "b8-a7", "d2-c1", "a7-b8", NULL };
  Game game;

  /* 004 1.9.1.3: three kings against a lone king, drawn if the lone king
   * still stands after the stronger side's 15th move. */
  game_init (&game, "russian", "W:WKa1,Kc1,Ke1:BKb8");
  game_play_cycle (&game, cycle, 8);
  assert_rule_from (&game, find_rule (game.rules, "004 1.9.1.3", -1), 29);
  game_clear (&game);
}

static void
test_russian_kings_only (void)
{
  static const char *const cycle[] = { "e1-f2", "h6-g7", "f2-e1", "g7-h6", NULL };
  Game game;

  /* 004 1.9.1.6: 15 moves (each) in which only kings moved. */
  game_init (&game, "russian", "W:Wa3,Ke1:Bh8,Kh6");
  game_play_cycle (&game, cycle, 8);
  assert_rule_from (&game, find_rule (game.rules, "004 1.9.1.6", -1), 30);
  game_clear (&game);
}

static void
test_russian_small_endgame (void)
{
  static const char *const cycle[] = { "e1-f2", "h6-g7", "f2-e1", "g7-h6", NULL };
  Game game;

  /* 004 1.9.1.4: both sides with kings, 2-3 pieces on the board: 5 moves. */
  game_init (&game, "russian", "W:Wa3,Ke1:BKh6");
  game_play_cycle (&game, cycle, 3);
  assert_rule_from (&game, find_rule (game.rules, "004 1.9.1.4", 5), 10);
  game_clear (&game);
}

static void
test_english_forty_moves (void)
{
  static const char *const cycle[] = { "29-25", "4-8", "25-29", "8-4", NULL };
  Game game;

  /* 000 1.32.3: 40 moves each without a capture or a crowning. */
  game_init (&game, "english", "W:WK29,22:BK4,11");
  game_play_cycle (&game, cycle, 20);
  assert_rule_from (&game, find_rule (game.rules, "000 1.32.3, 002 I.1.5.3", -1), 80);
  game_clear (&game);
}

static void
test_international_two_kings (void)
{
  static const char *const cycle[] = { "50-45", "3-9", "45-50", "9-3", NULL };
  Game game;

  /* 003 5.3.3: two kings against one, 5 moves of the stronger side. */
  game_init (&game, "international", "W:WK46,K50:BK3");
  game_play_cycle (&game, cycle, 3);
  assert_rule_from (&game, find_rule (game.rules, "003 5.3.3, 5.3.4", -1), 9);
  game_clear (&game);
}

static void
test_international_three_kings (void)
{
  static const char *const cycle[] = { "50-45", "3-9", "45-50", "9-3", NULL };
  Game game;

  /* 003 5.4: three kings against a lone king off the main road: drawn
   * after the stronger side's 16th move. */
  game_init (&game, "international", "W:WK46,K47,K50:BK3");
  game_play_cycle (&game, cycle, 8);
  assert_rule_from (&game, find_rule (game.rules, "003 5.4", -1), 31);
  g_assert_false (dr_draw_rule_holds (game.rules, find_rule (game.rules, "003 5.3.1, 5.3.2", -1),
                                      (const DrPosition *) game.history->data, game.history->len));
  game_clear (&game);
}

static void
test_international_main_road (void)
{
  static const char *const on_road[] = { "47-42", "5-10", "42-47", "10-5", NULL };
  static const char *const on_and_off[] = { "47-42", "10-15", "42-47", "15-10", NULL };
  const DrDrawRule *rule;
  Game game;

  /* 003 5.3.1: three kings against a lone king on the main road (j10 and
   * i9 are on it): drawn after the stronger side's 5th move. */
  game_init (&game, "international", "W:WK47,K48,K50:BK5");
  rule = find_rule (game.rules, "003 5.3.1, 5.3.2", -1);
  game_play_cycle (&game, on_road, 3);
  assert_rule_from (&game, rule, 9);
  game_clear (&game);

  /* The count runs only while the lone king stands on the road: stepping
   * off to j8 and back restarts it. */
  game_init (&game, "international", "W:WK47,K48,K50:BK10");
  game_play_cycle (&game, on_and_off, 3);
  g_assert_false (dr_draw_rule_holds (game.rules, rule, (const DrPosition *) game.history->data,
                                      game.history->len));
  game_clear (&game);
}

static void
test_international_kings_only (void)
{
  static const char *const cycle[] = { "46-41", "3-9", "41-46", "9-3", NULL };
  Game game;

  /* 003 5.5: 25 moves (each) of king play, no man moved, no capture. */
  game_init (&game, "international", "W:W35,K46:B16,K3");
  game_play_cycle (&game, cycle, 13);
  assert_rule_from (&game, find_rule (game.rules, "003 5.5, 004 2.6", -1), 50);
  game_clear (&game);
}

static void
test_frisian_two_kings (void)
{
  static const char *const cycle[] = { "50-45", "3-9", "45-50", "9-3", NULL };
  Game game;

  /* KNDB Frisian art. 18: two kings must beat one within seven moves. */
  game_init (&game, "frisian", "W:WK46,K50:BK3");
  game_play_cycle (&game, cycle, 4);
  assert_rule_from (&game, find_rule (game.rules, "KNDB Frisian art. 18", -1), 13);
  game_clear (&game);
}

static void
test_frisian_lone_kings (void)
{
  Game game;
  const DrDrawRule *rule;

  /* KNDB Frisian art. 21.1: king against king is drawn at once, unless a
   * shot is on. */
  game_init (&game, "frisian", "W:WK46:BK3");
  rule = find_rule (game.rules, "KNDB Frisian art. 21.1", -1);
  g_assert_true (dr_draw_rule_holds (game.rules, rule, game_current (&game), 1));
  game_clear (&game);
  game_init (&game, "frisian", "W:WK46:BK37");
  g_assert_false (dr_draw_rule_holds (game.rules, rule, game_current (&game), 1));
  game_clear (&game);
}

static void
test_frisian_king_runs (void)
{
  static const char *const cycle[] = { "46-41", "1-7", "41-46", "7-12", "46-41", "12-18", NULL };
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  Game game;

  /* KNDB Frisian art. 17: with men and kings, the same king may not make
   * more than three non-capturing moves in a row. */
  game_init (&game, "frisian", "W:W35,K46:B1");
  game_play_cycle (&game, cycle, 1);
  dr_movegen_legal (game.rules, game_current (&game), list);
  g_assert_cmpuint (list->n, ==, 1);
  g_assert_cmpint (list->moves[0].from, ==, dr_geometry_bit_from_number (game.rules->geometry, 35));
  /* A man move lifts the ban. */
  game_play (&game, "35-30");
  game_play (&game, "18-22");
  game_play (&game, "41-46");
  game_clear (&game);

  /* Without men the rule does not apply. */
  game_init (&game, "frisian", "W:WK46:B1");
  game_play_cycle (&game, cycle, 1);
  game_play (&game, "41-46");
  game_clear (&game);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules/end/no-move-loses", test_no_move_loses);
  g_test_add_func ("/rules/end/giveaway-no-move-wins", test_giveaway_no_move_wins);
  g_test_add_func ("/rules/draw/russian/repetition", test_russian_repetition);
  g_test_add_func ("/rules/draw/russian/three-kings", test_russian_three_kings);
  g_test_add_func ("/rules/draw/russian/kings-only", test_russian_kings_only);
  g_test_add_func ("/rules/draw/russian/small-endgame", test_russian_small_endgame);
  g_test_add_func ("/rules/draw/english/forty-moves", test_english_forty_moves);
  g_test_add_func ("/rules/draw/international/two-kings", test_international_two_kings);
  g_test_add_func ("/rules/draw/international/three-kings", test_international_three_kings);
  g_test_add_func ("/rules/draw/international/main-road", test_international_main_road);
  g_test_add_func ("/rules/draw/international/kings-only", test_international_kings_only);
  g_test_add_func ("/rules/draw/frisian/two-kings", test_frisian_two_kings);
  g_test_add_func ("/rules/draw/frisian/lone-kings", test_frisian_lone_kings);
  g_test_add_func ("/rules/movegen/frisian/king-runs", test_frisian_king_runs);
  return g_test_run ();
}
