/* test-game-model.c — the game model: one ::changed per change, modified flag, status
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Emissions are counted with libglib-testing's GtSignalLogger.  Moves are
 * looked up among the legal moves by their squares, worked out by hand
 * from the International numbering (1 = b10, 46 = a1, rows of five); the
 * expected statuses follow from the rules (003 4.2: a side with no move
 * loses; 003 5.6: the third repetition is a draw).
 */

#define G_LOG_DOMAIN "test-game-model"

#include "config.h"

#include "test-util.h"

#include "dr-game-model.h"

#include "dr-fen.h"
#include "dr-movegen.h"

#include <libglib-testing/signal-logger.h>
#include <string.h>

/* The legal move from @from to @to (International numbers) in the
 * model's current position. */
static DrMove
move_of (DrGameModel *model,
         int          from,
         int          to)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  int found = -1;

  dr_movegen_legal (dr_game_model_get_rules (model), dr_game_model_get_position (model), list);
  for (unsigned i = 0; i < list->n; i++)
    if (list->moves[i].from == n10 (from) && list->moves[i].to == n10 (to))
      {
        g_assert_cmpint (found, ==, -1);
        found = (int) i;
      }
  if (found < 0)
    g_error ("%d-%d is not legal here", from, to);
  return list->moves[found];
}

static DrGameNode *
play (DrGameModel *model,
      int          from,
      int          to)
{
  DrMove move = move_of (model, from, to);

  return dr_game_model_play (model, &move);
}

/* Exactly one ::changed since the last check. */
#define assert_changed_once(logger, model) \
  G_STMT_START { \
    gt_signal_logger_assert_emission_pop (logger, model, "changed", NULL); \
    gt_signal_logger_assert_no_emissions (logger); \
  } G_STMT_END

static DrGameModel *
model_from_fen (const DrRules *rules,
                const char    *fen)
{
  DrGameModel *model = dr_game_model_new (rules);
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
  g_assert_no_error (error);
  dr_game_model_new_game (model, rules, &pos);
  return model;
}

static void
test_new (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  DrPosition start;

  dr_rules_initial (&dr_rules_international, &start);
  g_assert_true (dr_game_model_get_rules (model) == &dr_rules_international);
  g_assert_true (dr_game_model_get_current (model) == dr_game_model_get_game (model)->root);
  g_assert_true (dr_position_equal (dr_game_model_get_position (model), &start));
  g_assert_false (dr_game_model_get_modified (model));
  g_assert_cmpint (dr_game_model_get_status (model, NULL), ==, DR_STATUS_ONGOING);
}

static void
test_play_and_navigate (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrGameNode *root = dr_game_model_get_current (model);
  DrGameNode *n1, *n2;

  gt_signal_logger_connect (logger, model, "changed");

  n1 = play (model, 32, 28);
  assert_changed_once (logger, model);
  g_assert_true (dr_game_model_get_current (model) == n1);
  g_assert_true (n1->parent == root);
  g_assert_cmpint (dr_game_model_get_position (model)->turn, ==, DR_SIDE_BLACK);

  n2 = play (model, 19, 23);
  assert_changed_once (logger, model);
  g_assert_true (n2->parent == n1);

  g_assert_true (dr_game_model_go_back (model));
  assert_changed_once (logger, model);
  g_assert_true (dr_game_model_get_current (model) == n1);

  g_assert_true (dr_game_model_go_forward (model));
  assert_changed_once (logger, model);
  g_assert_true (dr_game_model_get_current (model) == n2);

  /* At the end of the line there is no forward, and nothing is emitted. */
  g_assert_false (dr_game_model_go_forward (model));
  gt_signal_logger_assert_no_emissions (logger);

  dr_game_model_go_to (model, root);
  assert_changed_once (logger, model);
  g_assert_true (dr_game_model_get_current (model) == root);

  /* Going to the node shown is no change. */
  dr_game_model_go_to (model, root);
  gt_signal_logger_assert_no_emissions (logger);
  dr_game_model_go_start (model);
  gt_signal_logger_assert_no_emissions (logger);

  /* No back from the start. */
  g_assert_false (dr_game_model_go_back (model));
  gt_signal_logger_assert_no_emissions (logger);

  dr_game_model_go_end (model);
  assert_changed_once (logger, model);
  g_assert_true (dr_game_model_get_current (model) == n2);
}

static void
test_existing_continuation (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrGame *game = dr_game_model_get_game (model);
  DrGameNode *n1, *again;

  n1 = play (model, 32, 28);
  play (model, 19, 23);
  dr_game_model_go_start (model);
  dr_game_model_set_saved (model);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 2);

  gt_signal_logger_connect (logger, model, "changed");
  again = play (model, 32, 28);
  assert_changed_once (logger, model);
  g_assert_true (again == n1);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 2);
  g_assert_null (n1->next);
  /* Following the game is not editing it. */
  g_assert_false (dr_game_model_get_modified (model));

  /* A different move is a variation. */
  dr_game_model_go_back (model);
  assert_changed_once (logger, model);
  play (model, 33, 28);
  assert_changed_once (logger, model);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 3);
  g_assert_nonnull (n1->next);
  g_assert_true (dr_game_model_get_current (model) == n1->next);
  g_assert_true (dr_game_model_get_modified (model));
}

static void
test_modified (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  DrGameNode *n1;

  g_assert_false (dr_game_model_get_modified (model));
  n1 = play (model, 32, 28);
  g_assert_true (dr_game_model_get_modified (model));
  dr_game_model_set_saved (model);
  g_assert_false (dr_game_model_get_modified (model));

  /* Navigation is not an edit. */
  dr_game_model_go_back (model);
  dr_game_model_go_forward (model);
  dr_game_model_go_start (model);
  dr_game_model_go_to (model, n1);
  dr_game_model_go_end (model);
  g_assert_false (dr_game_model_get_modified (model));

  /* Edits are. */
  dr_game_model_set_comment (model, "the centre");
  g_assert_true (dr_game_model_get_modified (model));
  dr_game_model_set_saved (model);
  dr_game_model_set_glyph (model, DR_NAG_GOOD);
  g_assert_true (dr_game_model_get_modified (model));
  dr_game_model_set_saved (model);
  g_assert_true (dr_game_model_delete_from_current (model));
  g_assert_true (dr_game_model_get_modified (model));

  /* A new game, or one set from a file, starts unmodified. */
  dr_game_model_new_game (model, &dr_rules_russian, NULL);
  g_assert_false (dr_game_model_get_modified (model));
  g_assert_true (dr_game_model_get_rules (model) == &dr_rules_russian);
  dr_game_model_set_game (model, dr_game_new (&dr_rules_international, NULL));
  g_assert_false (dr_game_model_get_modified (model));
}

static void
test_tree_edits (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrGame *game = dr_game_model_get_game (model);
  DrGameNode *root = game->root;
  DrGameNode *main1, *var1, *var2;

  main1 = play (model, 32, 28);
  play (model, 19, 23);
  dr_game_model_go_start (model);
  var1 = play (model, 33, 28);
  dr_game_model_go_start (model);
  var2 = play (model, 34, 29);
  g_assert_true (root->children == main1);
  g_assert_true (main1->next == var1);
  g_assert_true (var1->next == var2);

  gt_signal_logger_connect (logger, model, "changed");

  /* 34-29 one place up: before 33-28. */
  g_assert_true (dr_game_model_promote_variation (model));
  assert_changed_once (logger, model);
  g_assert_true (root->children == main1);
  g_assert_true (main1->next == var2);
  g_assert_true (var2->next == var1);
  g_assert_true (dr_game_model_get_current (model) == var2);

  /* Up again: the main line.  Then it cannot go higher. */
  g_assert_true (dr_game_model_promote_variation (model));
  assert_changed_once (logger, model);
  g_assert_true (root->children == var2);
  g_assert_false (dr_game_model_promote_variation (model));
  gt_signal_logger_assert_no_emissions (logger);

  /* Back to 32-28's line, as the main line. */
  dr_game_model_go_to (model, main1->children);
  assert_changed_once (logger, model);
  dr_game_model_make_main_line (model);
  assert_changed_once (logger, model);
  g_assert_true (root->children == main1);

  dr_game_model_set_comment (model, "a classical reply");
  assert_changed_once (logger, model);
  g_assert_cmpstr (main1->children->comment_after, ==, "a classical reply");
  /* An empty comment removes it. */
  dr_game_model_set_comment (model, "");
  assert_changed_once (logger, model);
  g_assert_null (main1->children->comment_after);

  dr_game_model_set_glyph (model, DR_NAG_MISTAKE);
  assert_changed_once (logger, model);
  g_assert_cmpint (dr_game_node_get_glyph (main1->children), ==, DR_NAG_MISTAKE);

  /* Deleting 19-23: the current node becomes 32-28. */
  g_assert_true (dr_game_model_delete_from_current (model));
  assert_changed_once (logger, model);
  g_assert_true (dr_game_model_get_current (model) == main1);
  g_assert_null (main1->children);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 3);

  /* The root cannot be deleted, nor take a glyph. */
  dr_game_model_go_start (model);
  assert_changed_once (logger, model);
  g_assert_false (dr_game_model_delete_from_current (model));
  dr_game_model_set_glyph (model, DR_NAG_GOOD);
  gt_signal_logger_assert_no_emissions (logger);

  /* A new game is one change. */
  dr_game_model_new_game (model, &dr_rules_international, NULL);
  assert_changed_once (logger, model);
}

/* White's only man, on 46 (a1), is blocked by black men on 41 (b2) and 37
 * (c3) and cannot take 41: White has no move and loses (003 4.2). */
static void
test_status_blocked (void)
{
  g_autoptr (DrGameModel) model = model_from_fen (&dr_rules_international, "W:W46:B37,41");
  const DrDrawRule *rule = (const DrDrawRule *) 1;

  g_assert_cmpint (dr_game_model_get_status (model, &rule), ==, DR_STATUS_BLACK_WINS);
  g_assert_null (rule);

  /* The same with Black to move: Black plays on. */
  {
    g_autoptr (DrGameModel) other = model_from_fen (&dr_rules_international, "B:W46:B37,41");
    g_assert_cmpint (dr_game_model_get_status (other, NULL), ==, DR_STATUS_ONGOING);
  }
}

/* Reached through play: the white man on 28 takes the last black piece and
 * Black has no move. */
static void
test_status_after_last_capture (void)
{
  g_autoptr (DrGameModel) model = model_from_fen (&dr_rules_international, "W:W28,40:B23");

  g_assert_cmpint (dr_game_model_get_status (model, NULL), ==, DR_STATUS_ONGOING);
  play (model, 28, 19);
  g_assert_cmpint (dr_game_model_get_status (model, NULL), ==, DR_STATUS_WHITE_WINS);
  dr_game_model_go_back (model);
  g_assert_cmpint (dr_game_model_get_status (model, NULL), ==, DR_STATUS_ONGOING);
}

/* Kings on 50 (i1) and 1 (b10) go to 44 (h2) and 7 (c9) and back, twice;
 * men on 46 (a1) and 5 (j10) stand still.  No line of a king meets the
 * other side's pieces, so nothing can be taken, and with two pieces each
 * no endgame count applies.  The start position comes back after plies 4
 * and 8: the third time is a draw by repetition (003 5.6). */
static void
test_status_repetition (void)
{
  static const int shuffle[][2] = { { 50, 44 }, { 1, 7 }, { 44, 50 }, { 7, 1 } };
  const DrRules *rules = &dr_rules_international;
  g_autoptr (DrGameModel) model = model_from_fen (rules, "W:WK50,46:BK1,5");
  const DrDrawRule *repetition = NULL;
  const DrDrawRule *rule = NULL;

  for (unsigned i = 0; i < rules->n_draw_rules; i++)
    if (rules->draw_rules[i].kind == DR_DRAW_REPETITION)
      repetition = &rules->draw_rules[i];
  g_assert_nonnull (repetition);
  g_assert_cmpuint (repetition->limit, ==, 3);

  for (guint ply = 0; ply < 8; ply++)
    {
      g_assert_cmpint (dr_game_model_get_status (model, &rule), ==, DR_STATUS_ONGOING);
      g_assert_null (rule);
      play (model, shuffle[ply % 4][0], shuffle[ply % 4][1]);
    }
  g_assert_cmpint (dr_game_model_get_status (model, &rule), ==, DR_STATUS_DRAW);
  g_assert_true (rule == repetition);
  g_assert_cmpint (rule->kind, ==, DR_DRAW_REPETITION);
  g_assert_nonnull (rule->article);
  g_assert_nonnull (strstr (rule->article, "003 5.6"));

  /* One ply back, it is not over. */
  dr_game_model_go_back (model);
  g_assert_cmpint (dr_game_model_get_status (model, &rule), ==, DR_STATUS_ONGOING);

  /* The repetition counts along the line shown: in a variation that
   * leaves the cycle it is no draw. */
  play (model, 7, 2);
  g_assert_cmpint (dr_game_model_get_status (model, &rule), ==, DR_STATUS_ONGOING);
}

/* Undo takes an edit back, Redo puts it again; stepping is no edit;
 * the saved state comes back as unmodified; a new edit clears Redo. */
static void
test_undo_redo (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  g_autoptr (GtSignalLogger) logger = gt_signal_logger_new ();
  DrGame *game;

  gt_signal_logger_connect (logger, model, "changed");
  g_assert_false (dr_game_model_can_undo (model));
  play (model, 32, 28);
  play (model, 19, 23);
  dr_game_model_set_saved (model);
  play (model, 28, 19);
  gt_signal_logger_free (g_steal_pointer (&logger));
  logger = gt_signal_logger_new ();
  gt_signal_logger_connect (logger, model, "changed");

  /* Stepping back is not undone. */
  dr_game_model_go_back (model);
  assert_changed_once (logger, model);
  g_assert_true (dr_game_model_undo (model));
  assert_changed_once (logger, model);
  game = dr_game_model_get_game (model);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 2);
  /* The node shown before the edit. */
  g_assert_cmpuint (dr_game_model_get_current (model)->ply, ==, 2);
  g_assert_false (dr_game_model_get_modified (model));
  g_assert_true (dr_game_model_can_redo (model));

  g_assert_true (dr_game_model_redo (model));
  g_assert_cmpuint (dr_game_main_line_length (dr_game_model_get_game (model)), ==, 3);
  g_assert_true (dr_game_model_get_modified (model));

  /* Undo all the way, then a new move: nothing left to redo. */
  while (dr_game_model_undo (model))
    ;
  g_assert_cmpuint (dr_game_main_line_length (dr_game_model_get_game (model)), ==, 0);
  g_assert_true (dr_game_model_get_modified (model));
  play (model, 31, 27);
  g_assert_false (dr_game_model_can_redo (model));

  /* A game loaded has no history. */
  dr_game_model_new_game (model, &dr_rules_international, NULL);
  g_assert_false (dr_game_model_can_undo (model));
  g_assert_false (dr_game_model_can_redo (model));
}

/* A save records the revision it wrote: an edit made meanwhile stays
 * unsaved. */
static void
test_saved_revision (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  guint written;

  play (model, 32, 28);
  written = dr_game_model_get_revision (model);
  play (model, 19, 23);
  dr_game_model_set_saved_revision (model, written);
  g_assert_true (dr_game_model_get_modified (model));
  dr_game_model_undo (model);
  g_assert_false (dr_game_model_get_modified (model));
  dr_game_model_set_modified (model);
  g_assert_true (dr_game_model_get_modified (model));
}

/* A result the main line's last move gave follows the main line (delete,
 * promote); one written by hand stays.  Tag and terminator agree. */
static void
test_result_follows_moves (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  DrPosition pos;
  DrGame *game;

  /* The king's 38-47 leaves Black's last man (41) no move: 41-46, 41-47
   * are taken and 41x37 lands on 32, taken too (003 4.2: no move, lost).
   * 38-43 lets it go to 47.  No capture for White first. */
  g_assert_true (dr_fen_parse (&dr_rules_international, "W:W32,37,46,K38:B41", &pos, NULL));
  dr_game_model_new_game (model, &dr_rules_international, &pos);
  play (model, 38, 47);
  game = dr_game_model_get_game (model);
  g_assert_cmpint (game->result, ==, DR_RESULT_WHITE_WINS);
  g_assert_cmpstr (dr_game_get_tag (game, "Result"), ==, "2-0");

  /* A variation 38-43 promoted to the main line: the game goes on. */
  dr_game_model_go_back (model);
  play (model, 38, 43);
  g_assert_cmpint (dr_game_model_get_game (model)->result, ==, DR_RESULT_WHITE_WINS);
  g_assert_true (dr_game_model_promote_variation (model));
  game = dr_game_model_get_game (model);
  g_assert_cmpint (game->result, ==, DR_RESULT_UNKNOWN);
  g_assert_cmpstr (dr_game_get_tag (game, "Result"), ==, "*");
  /* Back as it was: the win again. */
  dr_game_model_undo (model);
  game = dr_game_model_get_game (model);
  g_assert_cmpint (game->result, ==, DR_RESULT_WHITE_WINS);

  /* Deleting the winning move clears it. */
  dr_game_model_go_to (model, game->root->children);
  g_assert_true (dr_game_model_delete_from_current (model));
  game = dr_game_model_get_game (model);
  g_assert_cmpint (game->result, ==, DR_RESULT_UNKNOWN);
  g_assert_cmpstr (dr_game_get_tag (game, "Result"), ==, "*");
}

/* New games have the Seven Tag Roster of PDN 3.0, in its order. */
static void
test_standard_tags (void)
{
  static const char *const roster[] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_russian);
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_russian, NULL);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  DrGame *g;

  dr_game_model_new_game (model, &dr_rules_russian, NULL);
  g = dr_game_model_get_game (model);
  g_assert_cmpuint (g->tag_names->len, ==, 7);
  for (guint i = 0; i < 7; i++)
    g_assert_cmpstr (g->tag_names->pdata[i], ==, roster[i]);
  g_assert_cmpstr (dr_game_get_tag (g, "Date"), ==, date);
  g_assert_cmpstr (dr_game_get_tag (g, "Event"), ==, "?");
  g_assert_cmpstr (dr_game_get_tag (g, "Result"), ==, "*");

  /* Tags a game has keep their values; the missing ones go in order
   * before the others. */
  dr_game_set_tag (game, "FEN", "W:W21-32:B1-12");
  dr_game_set_tag (game, "White", "Ivanov");
  dr_game_model_add_standard_tags (game);
  g_assert_cmpuint (game->tag_names->len, ==, 8);
  for (guint i = 0; i < 7; i++)
    g_assert_cmpstr (game->tag_names->pdata[i], ==, roster[i]);
  g_assert_cmpstr (game->tag_names->pdata[7], ==, "FEN");
  g_assert_cmpstr (dr_game_get_tag (game, "White"), ==, "Ivanov");
}

/* The path names the node shown, variations included. */
static void
test_path (void)
{
  g_autoptr (DrGameModel) model = dr_game_model_new (&dr_rules_international);
  g_autoptr (GArray) path = NULL;
  DrGameNode *variation;

  play (model, 32, 28);
  play (model, 19, 23);
  dr_game_model_go_back (model);
  variation = play (model, 18, 23);
  path = dr_game_model_get_path (model);
  g_assert_cmpuint (path->len, ==, 2);
  g_assert_cmpuint (g_array_index (path, guint, 0), ==, 0);
  g_assert_cmpuint (g_array_index (path, guint, 1), ==, 1);
  dr_game_model_go_start (model);
  dr_game_model_go_to_path (model, (const guint *) path->data, path->len);
  g_assert_true (dr_game_model_get_current (model) == variation);
  /* Past the tree's end: as far as it goes. */
  g_array_index (path, guint, 1) = 7;
  dr_game_model_go_to_path (model, (const guint *) path->data, path->len);
  g_assert_cmpuint (dr_game_model_get_current (model)->ply, ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/game-model/new", test_new);
  g_test_add_func ("/app/game-model/changed/play-and-navigate", test_play_and_navigate);
  g_test_add_func ("/app/game-model/changed/tree-edits", test_tree_edits);
  g_test_add_func ("/app/game-model/existing-continuation", test_existing_continuation);
  g_test_add_func ("/app/game-model/modified", test_modified);
  g_test_add_func ("/app/game-model/status/blocked", test_status_blocked);
  g_test_add_func ("/app/game-model/status/last-capture", test_status_after_last_capture);
  g_test_add_func ("/app/game-model/status/repetition", test_status_repetition);
  g_test_add_func ("/app/game-model/undo-redo", test_undo_redo);
  g_test_add_func ("/app/game-model/saved-revision", test_saved_revision);
  g_test_add_func ("/app/game-model/result-follows-moves", test_result_follows_moves);
  g_test_add_func ("/app/game-model/standard-tags", test_standard_tags);
  g_test_add_func ("/app/game-model/path", test_path);

  return g_test_run ();
}
