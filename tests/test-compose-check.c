/* test-compose-check.c — the formal checks of 004 section VI and the stipulation tags
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each constructed position breaks one requirement of 004 section VI and
 * must fail on that article; the expected squares and moves were worked
 * out by hand from the International numbering (rows of five, square 1 is
 * b10, White's men move towards 1-5 and are crowned there; on an odd row
 * (1-5, 11-15, ...) square n touches n-5, n-4 above and n+5, n+6 below,
 * on an even row n-6, n-5 and n+4, n+5).  A real problem (PWCP 2, A1)
 * passes the static checks.  draughtsman-cli compose-check is run on
 * small files written here: its summary line and exit status.
 */

#include "config.h"

#include "test-util.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "dr-compose-check.h"
#include "dr-compose-solve.h"
#include "dr-fen.h"
#include "dr-pdn.h"
#include "dr-stipulation.h"

/* The static checks of @fen (not validated) with @st, or the default
 * stipulation (a win for the side to move) when @st is NULL. */
static DrCheckReport *
check_fen (const char          *fen,
           const DrStipulation *st)
{
  const DrRules *rules = dr_rules_get (DR_VARIANT_INTERNATIONAL);
  DrCheckReport *report = dr_check_report_new ();
  g_autoptr (GError) error = NULL;
  DrStipulation dflt;
  DrPosition pos;

  g_assert_true (dr_fen_parse_unchecked (rules, fen, &pos, &error));
  g_assert_no_error (error);
  dr_stipulation_init (&dflt, (DrSide) pos.turn);
  dr_compose_check_static (report, rules, &pos, st != NULL ? st : &dflt);
  return report;
}

/* The item of @article with @status, or NULL; its message is printed. */
static const DrCheckItem *
find_item (const DrCheckReport *report,
           const char          *article,
           DrCheckStatus        status)
{
  for (guint i = 0; i < report->items->len; i++)
    {
      const DrCheckItem *item = g_ptr_array_index (report->items, i);

      if (g_str_equal (item->article, article) && item->status == status)
        {
          g_test_message ("%s %s %s", item->article, dr_check_status_label (item->status),
                          item->message);
          return item;
        }
    }
  return NULL;
}

/* Asserts an item of @article with @status whose message holds @needle
 * (any message when NULL). */
static void
assert_item (const DrCheckReport *report,
             const char          *article,
             DrCheckStatus        status,
             const char          *needle)
{
  for (guint i = 0; i < report->items->len; i++)
    {
      const DrCheckItem *item = g_ptr_array_index (report->items, i);

      if (g_str_equal (item->article, article) && item->status == status
          && (needle == NULL || strstr (item->message, needle) != NULL))
        {
          g_test_message ("%s %s %s", item->article, dr_check_status_label (item->status),
                          item->message);
          return;
        }
    }
  for (guint i = 0; i < report->items->len; i++)
    {
      const DrCheckItem *it = g_ptr_array_index (report->items, i);

      g_printerr ("  %s %s %s\n", it->article, dr_check_status_label (it->status), it->message);
    }
  g_error ("no %s item with status %s saying “%s”", article, dr_check_status_label (status),
           needle != NULL ? needle : "");
}

/* 6.2.2: a white man on 3, White's crowning row (rank 10). */
static void
test_legality_man_on_crowning_row (void)
{
  g_autoptr (DrCheckReport) report = check_fen ("W:W3,32,33,34,35:B19,20,24", NULL);

  assert_item (report, "6.2.2", DR_CHECK_FAIL, "on 3 ");
}

/* 6.2.2: 21 white pieces (26-46); a side starts with 20. */
static void
test_legality_too_many (void)
{
  g_autoptr (DrCheckReport) report = check_fen ("W:W26-46:B5,6,7", NULL);

  assert_item (report, "6.2.2", DR_CHECK_FAIL, "21 pieces");
}

/* 6.2.2: Black's only man stands on 3, its own back rank, and both
 * squares below it (8, 9) hold white men: it cannot have come there by
 * a move (men go forward, away from 3) nor by a backward capture (it
 * would have landed over 8 or 9, which are not empty). */
static void
test_legality_no_last_move (void)
{
  g_autoptr (DrCheckReport) report = check_fen ("W:W8,9,33:B3", NULL);

  assert_item (report, "6.2.2", DR_CHECK_FAIL, "no last move for Black");
}

/* 6.2.2: Black's man on 13 cannot have come quietly (8 and 9 above it
 * are White's), nor by a capture over 8 or 9 (still there); the men on 2
 * and 4 stand on Black's back rank, where no man arrives by a quiet move.
 * So Black's last move was a capture, a white man given back: 24x13 over
 * 19 (it cannot have gone on over 8 or 9, as 2 and 4 are Black's), or
 * 11x2 over 7 (the man on 2 came back by a backward capture).  The
 * position is legal, and a White move before it exists too. */
static void
test_legality_last_moves (void)
{
  const DrRules *rules = dr_rules_get (DR_VARIANT_INTERNATIONAL);
  g_autoptr (DrCheckReport) report = check_fen ("W:W8,9,33:B2,4,13", NULL);
  g_autofree char *text = NULL;
  DrPosition pos;

  assert_item (report, "6.2.2", DR_CHECK_PASS, "Black ");
  g_assert_true (dr_fen_parse (rules, "W:W8,9,33:B2,4,13", &pos, NULL));
  g_assert_cmpint (dr_compose_last_moves (rules, &pos, &text), ==, 2);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "Black "));
  g_assert_nonnull (strchr (text, 'x'));
  g_assert_nonnull (strstr (text, "before it White"));
}

/* 6.2.7.1: White 5, Black 7 (an excess of two); with Black 6 it passes.
 * Black's 11 came from 6 or 7, White's 31 from 36: legal. */
static void
test_black_excess (void)
{
  g_autoptr (DrCheckReport) two = check_fen ("W:W31,32,33,34,35:B1,2,3,4,11,12,13", NULL);
  g_autoptr (DrCheckReport) one = check_fen ("W:W31,32,33,34,35:B1,2,3,11,12,13", NULL);

  assert_item (two, "6.2.2", DR_CHECK_PASS, NULL);
  assert_item (two, "6.1.3", DR_CHECK_PASS, "problem");
  assert_item (two, "6.2.7.1", DR_CHECK_FAIL, "excess of 2");
  assert_item (one, "6.2.7.1", DR_CHECK_PASS, NULL);
}

/* 6.1.3: the solution starts with a non-capturing move; here White's 28
 * must take 23 (landing on 19). */
static void
test_first_move_capture (void)
{
  g_autoptr (DrCheckReport) report = check_fen ("W:W28,31,32,33,34:B1,2,3,23", NULL);
  g_autoptr (DrCheckReport) quiet = check_fen ("W:W30,31,32,33,34:B1,2,3,23", NULL);

  assert_item (report, "6.1.3", DR_CHECK_FAIL, "28x19");
  g_assert_null (find_item (quiet, "6.1.3", DR_CHECK_FAIL));
}

/* 6.2.8.3, tasks: Black under attack (White's 28 takes 23; 32 is White's,
 * so Black's 23 could not take 28) fails; White
 * under attack (Black's 23 would take 28 and go on; 19 is Black's,
 * so White has no capture) is a serious defect. */
static void
test_task_under_attack (void)
{
  DrStipulation st;
  g_autoptr (DrCheckReport) black = NULL;
  g_autoptr (DrCheckReport) white = NULL;

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.goal = DR_GOAL_LOCK;
  st.lock_men = 2;
  black = check_fen ("W:W28,32,36,37,38,39,40:B14,23", &st);
  assert_item (black, "6.1.3", DR_CHECK_PASS, "task");
  assert_item (black, "6.2.8.3", DR_CHECK_FAIL, "Black pieces are under attack");
  g_assert_null (find_item (black, "6.2.8.3", DR_CHECK_DEFECT));

  white = check_fen ("W:W28,36,37,38,39,40:B19,23", &st);
  assert_item (white, "6.2.8.3", DR_CHECK_DEFECT, "23x");
  g_assert_null (find_item (white, "6.2.8.3", DR_CHECK_FAIL));
  g_assert_cmpint (dr_check_report_verdict (white), ==, DR_CHECK_DEFECT);
}

/* 6.1.3: a stated genre that does not fit: a "problem" with three White
 * pieces is an étude; a positional ending in International draughts does
 * not exist; a task must have a lock goal. */
static void
test_genre_mismatch (void)
{
  DrStipulation st;
  g_autoptr (DrCheckReport) problem = NULL;
  g_autoptr (DrCheckReport) ending = NULL;
  g_autoptr (DrCheckReport) task = NULL;

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.genre = DR_GENRE_PROBLEM;
  problem = check_fen ("W:W32,33,34:B13,14", &st);
  assert_item (problem, "6.1.3", DR_CHECK_FAIL, "an étude");
  st.genre = DR_GENRE_POSITIONAL_ENDING;
  ending = check_fen ("W:W32,33,34:B13,14", &st);
  assert_item (ending, "6.1.3", DR_CHECK_FAIL, "only in Russian");
  st.genre = DR_GENRE_TASK;
  task = check_fen ("W:W32,33,34:B13,14", &st);
  assert_item (task, "6.1.3", DR_CHECK_FAIL, "lock");
}

/* The stipulations a writer and reader must carry: every field. */
static void
fill_stipulations (GArray *out)
{
  DrStipulation st;

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  g_array_append_val (out, st);                  /* the default: no tags */

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.genre = DR_GENRE_TASK;
  st.goal = DR_GOAL_LOCK;
  st.lock_men = 3;
  st.author = g_strdup ("A. Ivanov");
  st.source = g_strdup ("Shashki 1/1985");
  st.date = g_strdup ("1985");
  g_array_append_val (out, st);

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.goal = DR_GOAL_LOCK;
  st.lock_men = 1;
  st.lock_kings = 2;
  st.special = DR_SPECIAL_DOUBLE | DR_SPECIAL_RETRO;
  g_array_append_val (out, st);

  dr_stipulation_init (&st, DR_SIDE_BLACK);      /* 6.1.4 Black moves first */
  st.attacker = DR_SIDE_WHITE;
  st.genre = DR_GENRE_ETUDE;
  g_array_append_val (out, st);

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.goal = DR_GOAL_DRAW;
  st.genre = DR_GENRE_POSITIONAL_ENDING;
  g_array_append_val (out, st);

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.order = DR_ORDER_EITHER;
  st.special = DR_SPECIAL_PRACTICAL;
  g_array_append_val (out, st);

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.order = DR_ORDER_WIN_OR_DRAW;
  g_array_append_val (out, st);

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.goal = DR_GOAL_GIVEAWAY;
  g_array_append_val (out, st);

  dr_stipulation_init (&st, DR_SIDE_WHITE);
  st.unread = g_strdup ("Mate in three");
  g_array_append_val (out, st);
}

/* Written to a game's tags, the game written as PDN and read back by
 * the PDN reader, then read from its tags: the same stipulation. */
static void
test_stipulation_round_trip (void)
{
  const DrRules *rules = dr_rules_get (DR_VARIANT_INTERNATIONAL);
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (DrStipulation));

  fill_stipulations (all);
  for (guint i = 0; i < all->len; i++)
    {
      DrStipulation *st = &g_array_index (all, DrStipulation, i);
      g_autoptr (DrGame) game = NULL;
      g_autoptr (DrGame) back = NULL;
      g_autoptr (DrPdnReader) reader = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      DrStipulation read;
      DrPosition pos;

      g_assert_true (dr_fen_parse (rules, st->to_move == DR_SIDE_WHITE
                                   ? "W:W31,32,33,34,35:B11,12,13,14,15"
                                   : "B:W31,32,33,34,35:B11,12,13,14,15", &pos, NULL));
      game = dr_game_new (rules, &pos);
      dr_game_set_tag (game, "Event", "round trip");
      dr_game_set_tag (game, "Site", "Somewhere");
      dr_stipulation_write (st, game);
      text = dr_pdn_write_game (game, DR_NOTATION_NUMERIC);
      g_test_message ("%s", text);
      reader = dr_pdn_reader_new (text, -1, "round-trip.pdn", NULL, rules, &error);
      g_assert_no_error (error);
      g_assert_cmpint (dr_pdn_reader_next_game (reader, &back, &error), ==, DR_PDN_READ_WHOLE);
      g_assert_no_error (error);
      g_assert_true (dr_stipulation_read (&read, back, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (dr_game_get_tag (back, "Site"), ==, "Somewhere");
      if (!dr_stipulation_equal (st, &read))
        {
          g_autofree char *a = dr_stipulation_to_text (st);
          g_autofree char *b = dr_stipulation_to_text (&read);

          g_error ("stipulation %u: wrote “%s” (genre %d, source %s), read “%s” (genre %d, "
                   "source %s)", i, a, st->genre, st->source, b, read.genre, read.source);
        }
      dr_stipulation_clear (&read);
    }
  for (guint i = 0; i < all->len; i++)
    dr_stipulation_clear (&g_array_index (all, DrStipulation, i));
}

/* The sentences people write, read into the same stipulation. */
static void
test_stipulation_sentences (void)
{
  static const struct
  {
    const char *text;
    DrSide      to_move;
    DrGoal      goal;
    DrSide      attacker;
    DrOrder     order;
    guint       men, kings;
    gboolean    conflict;
  } cases[] = {
    { "White to play and win", DR_SIDE_WHITE, DR_GOAL_WIN, DR_SIDE_WHITE, DR_ORDER_AS_GIVEN, 0, 0, FALSE },
    { "White to move and win.", DR_SIDE_WHITE, DR_GOAL_WIN, DR_SIDE_WHITE, DR_ORDER_AS_GIVEN, 0, 0, FALSE },
    { "Black to play, White wins", DR_SIDE_BLACK, DR_GOAL_WIN, DR_SIDE_WHITE, DR_ORDER_AS_GIVEN, 0, 0, FALSE },
    { "white to play and lock 2 kings and 1 man", DR_SIDE_WHITE, DR_GOAL_LOCK, DR_SIDE_WHITE, DR_ORDER_AS_GIVEN, 1, 2, FALSE },
    { "White wins whoever moves", DR_SIDE_WHITE, DR_GOAL_WIN, DR_SIDE_WHITE, DR_ORDER_EITHER, 0, 0, FALSE },
    { "White to play wins, Black to play draws", DR_SIDE_WHITE, DR_GOAL_WIN, DR_SIDE_WHITE, DR_ORDER_WIN_OR_DRAW, 0, 0, FALSE },
    { "Draw", DR_SIDE_WHITE, DR_GOAL_DRAW, DR_SIDE_WHITE, DR_ORDER_AS_GIVEN, 0, 0, FALSE },
    { "White to play and draw", DR_SIDE_BLACK, DR_GOAL_DRAW, DR_SIDE_WHITE, DR_ORDER_AS_GIVEN, 0, 0, TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrStipulation st;

      dr_stipulation_init (&st, cases[i].to_move);
      g_assert_true (dr_stipulation_parse_text (&st, cases[i].text));
      g_assert_cmpint (st.goal, ==, cases[i].goal);
      g_assert_cmpint (st.attacker, ==, cases[i].attacker);
      g_assert_cmpint (st.order, ==, cases[i].order);
      g_assert_cmpuint (st.lock_men, ==, cases[i].men);
      g_assert_cmpuint (st.lock_kings, ==, cases[i].kings);
      g_assert_cmpint (st.mover_conflict, ==, cases[i].conflict);
    }
  {
    DrStipulation st;

    dr_stipulation_init (&st, DR_SIDE_WHITE);
    g_assert_false (dr_stipulation_parse_text (&st, "Mate in three"));
    g_assert_false (dr_stipulation_parse_text (&st, "White to play and lock"));
    g_assert_cmpint (st.goal, ==, DR_GOAL_WIN);
  }
}

/* A collection's problem with no tags of ours: the Result says who wins. */
static void
test_stipulation_default_from_result (void)
{
  const char *pdn = "[Event \"C80\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
                    "[FEN \"B:WK4,13,18:B7,25,31.\"]\n\n1. ... 7-11 1-0\n";
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "c80.pdn", NULL,
                                                      dr_rules_get (DR_VARIANT_INTERNATIONAL),
                                                      NULL);
  g_autoptr (DrGame) game = NULL;
  g_autofree char *text = NULL;
  DrStipulation st;

  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, NULL), ==, DR_PDN_READ_WHOLE);
  g_assert_true (dr_stipulation_read (&st, game, NULL));
  text = dr_stipulation_to_text (&st);
  g_assert_cmpstr (text, ==, "Black to play, White wins");
  dr_stipulation_clear (&st);
}

/* draughtsman-cli solve's Goal tag (and our Lock) stand for a Stipulation
 * sentence; the writer writes them beside it. */
static void
test_stipulation_goal_tag (void)
{
  const char *pdn = "[Event \"task\"]\n[Goal \"lock\"]\n[Lock \"2 kings and 1 man\"]\n"
                    "[SetUp \"1\"]\n[FEN \"W:W31,32,33,34,35,36,37:B11,12,13\"]\n\n*\n";
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "task.pdn", NULL,
                                                      dr_rules_get (DR_VARIANT_INTERNATIONAL),
                                                      NULL);
  g_autoptr (DrGame) game = NULL;
  DrStipulation st;

  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, NULL), ==, DR_PDN_READ_WHOLE);
  g_assert_true (dr_stipulation_read (&st, game, NULL));
  g_assert_cmpint (st.goal, ==, DR_GOAL_LOCK);
  g_assert_cmpuint (st.lock_men, ==, 1);
  g_assert_cmpuint (st.lock_kings, ==, 2);
  st.lock_men = 3;
  st.lock_kings = 0;
  dr_stipulation_write (&st, game);
  g_assert_cmpstr (dr_game_get_tag (game, "Goal"), ==, "lock");
  g_assert_cmpstr (dr_game_get_tag (game, "Lock"), ==, "3 men");
  g_assert_cmpstr (dr_game_get_tag (game, "Stipulation"), ==, "White to play and lock 3 men");
  dr_stipulation_clear (&st);
}

/* A sound problem of a real collection (PWCP 2, A1: 17-12 36x47 12x3
 * 47x1 3x45) passes every static check and the stated final. */
static void
test_real_problem (void)
{
  g_autofree char *dir = test_shared_data_dir ();
  g_autofree char *path = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (DrGame) game = NULL;
  g_autoptr (DrCheckReport) report = dr_check_report_new ();
  g_autoptr (GError) error = NULL;
  DrStipulation st;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, "international", "problems-PWCP_2.pdn", NULL);
  reader = dr_pdn_reader_new_for_file (path, NULL, dr_rules_get (DR_VARIANT_INTERNATIONAL), &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_cmpstr (dr_game_get_tag (game, "Event"), ==, "A1");
  g_assert_true (dr_stipulation_read (&st, game, &error));
  dr_compose_check_static (report, game->rules, &game->root->position, &st);
  dr_compose_check_stated (report, game, &st);
  assert_item (report, "6.2.2", DR_CHECK_PASS, NULL);
  assert_item (report, "6.1.3", DR_CHECK_PASS, "miniature");
  assert_item (report, "6.2.7.1", DR_CHECK_PASS, NULL);
  assert_item (report, "6.2.7.2", DR_CHECK_PASS, NULL);
  g_assert_cmpint (dr_check_report_verdict (report), ==, DR_CHECK_PASS);
  g_assert_cmpstr (st.source, ==, "PWCP -2");
  dr_stipulation_clear (&st);
}

/* Every check, the solver's too, of the one game in @pdn. */
static DrCheckReport *
check_pdn (const char *pdn)
{
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "test.pdn", NULL,
                                                      dr_rules_get (DR_VARIANT_INTERNATIONAL),
                                                      NULL);
  g_autoptr (DrGame) game = NULL;
  g_autoptr (GError) error = NULL;
  DrCheckReport *report = dr_check_report_new ();
  DrComposeLimits limits = { 200000, 0, NULL, NULL };
  DrStipulation st;

  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_no_error (error);
  g_assert_true (dr_stipulation_read (&st, game, &error));
  dr_compose_check_static (report, game->rules, &game->root->position, &st);
  dr_compose_check_stated (report, game, &st);
  dr_compose_check_solution (report, game, &game->root->position, &st, &limits);
  dr_stipulation_clear (&st);
  return report;
}

/* 6.2.4 statist: Black to play, White wins (6.1.4).  Black's 18 must take
 * 22 (landing on 27; it cannot go on over 32, as 38 is White's), and
 * White's 32 takes it (32x21): Black has nothing left.  White's man on 49
 * takes no part: without it the solution is the same. */
static void
test_statist (void)
{
  g_autoptr (DrCheckReport) report =
    check_pdn ("[Event \"statist\"]\n[Stipulation \"Black to play, White wins\"]\n"
               "[FEN \"B:W22,32,38,49:B18\"]\n\n1. ... 18x27 2. 32x21 *\n");

  assert_item (report, "6.2.3", DR_CHECK_PASS, NULL);
  assert_item (report, "6.2.4", DR_CHECK_FAIL, "statists (the stated solution works without "
               "them): white man 49");
  g_assert_null (find_item (report, "6.2.4", DR_CHECK_UNDECIDED));
}

/* 6.2.4 economy of the final: the same play without the man on 49.  The
 * man on 38 is needed at the start (without it Black's capture goes on,
 * 18x38, taking 22 and 32), but once Black has nothing left it is not:
 * the final is won without it. */
static void
test_uneconomical_final (void)
{
  g_autoptr (DrCheckReport) report =
    check_pdn ("[Event \"final\"]\n[Stipulation \"Black to play, White wins\"]\n"
               "[FEN \"B:W22,32,38:B18\"]\n\n1. ... 18x27 2. 32x21 *\n");
  const DrCheckItem *statist = NULL;

  assert_item (report, "6.2.3", DR_CHECK_PASS, NULL);
  assert_item (report, "6.2.4", DR_CHECK_FAIL, "uneconomical final");
  assert_item (report, "6.2.4", DR_CHECK_FAIL, "white man 38");
  statist = find_item (report, "6.2.4", DR_CHECK_PASS);
  g_assert_nonnull (statist);
  g_assert_nonnull (strstr (statist->message, "no statist"));
}

/* draughtsman-cli compose-check FILE: the status and standard output. */
static int
run_cli (const char  *file,
         gboolean     solver,
         char       **out,
         char       **err)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  const char *argv[] = { cli, "compose-check", "--egdb-dir", "", "--nodes", "100000",
                         solver ? "--seconds=0" : "--static", file, NULL };
  g_auto (GStrv) envp = g_get_environ ();
  g_autoptr (GError) error = NULL;
  int status;

  g_assert_nonnull (cli);
  envp = g_environ_setenv (envp, "LC_ALL", "C", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               out, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_test_message ("%s\n%s", *out, *err);
  return WEXITSTATUS (status);
}

static char *
write_temp (const char *name,
            const char *text)
{
  g_autofree char *dir = g_dir_make_tmp ("test-compose-XXXXXX", NULL);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static void
remove_temp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_cli (void)
{
  /* A sound problem (PWCP 2, A1) and one with Black two pieces up. */
  const char *two = "[Event \"A1\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
                    "[FEN \"W:W6,17,18,38,41:B8,14,24,34,36.\"]\n\n"
                    "1. 17-12 36x47 2. 12x3 47x1 3. 3x45 1-0\n\n"
                    "[Event \"excess\"]\n[Round \"7\"]\n[SetUp \"1\"]\n"
                    "[FEN \"W:W31,32,33,34,35:B1,2,3,4,11,12,13\"]\n\n*\n";
  const char *bad_fen = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"W:W31,32,33:Bzz\"]\n\n*\n";
  const char *sound = "[Event \"A1\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
                      "[FEN \"W:W6,17,18,38,41:B8,14,24,34,36.\"]\n\n"
                      "1. 17-12 36x47 2. 12x3 47x1 3. 3x45 1-0\n";
  g_autofree char *path = write_temp ("two.pdn", two);
  g_autofree char *bad = write_temp ("bad.pdn", bad_fen);
  const char *uneconomical = "[Event \"final\"]\n[Stipulation \"Black to play, White wins\"]\n"
                             "[FEN \"B:W22,32,38:B18\"]\n\n1. ... 18x27 2. 32x21 *\n";
  g_autofree char *good = write_temp ("sound.pdn", sound);
  g_autofree char *final = write_temp ("final.pdn", uneconomical);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run_cli (path, FALSE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "== 2. excess, 7 (two.pdn:"));
  g_assert_nonnull (strstr (out, "6.2.7.1  FAIL"));
  g_assert_nonnull (strstr (out, "2 problems, 1 sound, 0 with defects, 1 failed, 0 undecided\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (good, FALSE, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "1 problems, 1 sound, 0 with defects, 0 failed, 0 undecided\n"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (bad, FALSE, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "bad.pdn:"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli ("/nonexistent/problems.pdn", FALSE, &out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "/nonexistent/problems.pdn"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* With the solver: the uneconomical final of test_uneconomical_final. */
  g_assert_cmpint (run_cli (final, TRUE, &out, &err), ==, 1);
  g_assert_nonnull (strstr (out, "6.2.3    PASS"));
  g_assert_nonnull (strstr (out, "6.2.4    FAIL      uneconomical final"));
  g_assert_nonnull (strstr (out, "1 problems, 0 sound, 0 with defects, 1 failed, 0 undecided\n"));

  remove_temp (path);
  remove_temp (bad);
  remove_temp (good);
  remove_temp (final);
}

/* Canadian draughts (12x12): not checked, and the report says so. */
static void
test_canadian_not_checked (void)
{
  g_autoptr (DrCheckReport) report = dr_check_report_new ();
  g_autoptr (GError) error = NULL;
  DrStipulation st;
  DrPosition pos;

  g_assert_true (dr_fen_parse (&dr_rules_canadian, "W:Wd4,e5,f6:Bd8,h8", &pos, &error));
  dr_stipulation_init (&st, DR_SIDE_WHITE);
  dr_compose_check_static (report, &dr_rules_canadian, &pos, &st);
  g_assert_cmpuint (report->items->len, ==, 1);
  g_assert_nonnull (find_item (report, "6.1.1", DR_CHECK_UNDECIDED));
  g_assert_cmpint (dr_check_report_verdict (report), ==, DR_CHECK_UNDECIDED);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compose/canadian-not-checked", test_canadian_not_checked);

  g_test_add_func ("/compose/legality/man-on-crowning-row", test_legality_man_on_crowning_row);
  g_test_add_func ("/compose/legality/too-many", test_legality_too_many);
  g_test_add_func ("/compose/legality/no-last-move", test_legality_no_last_move);
  g_test_add_func ("/compose/legality/last-moves", test_legality_last_moves);
  g_test_add_func ("/compose/problem/black-excess", test_black_excess);
  g_test_add_func ("/compose/first-move/capture", test_first_move_capture);
  g_test_add_func ("/compose/task/under-attack", test_task_under_attack);
  g_test_add_func ("/compose/genre/mismatch", test_genre_mismatch);
  g_test_add_func ("/compose/solver/statist", test_statist);
  g_test_add_func ("/compose/solver/uneconomical-final", test_uneconomical_final);
  g_test_add_func ("/compose/stipulation/round-trip", test_stipulation_round_trip);
  g_test_add_func ("/compose/stipulation/sentences", test_stipulation_sentences);
  g_test_add_func ("/compose/stipulation/default-from-result", test_stipulation_default_from_result);
  g_test_add_func ("/compose/stipulation/goal-tag", test_stipulation_goal_tag);
  g_test_add_func ("/compose/real/pwcp-a1", test_real_problem);
  g_test_add_func ("/compose/cli", test_cli);
  return g_test_run ();
}
