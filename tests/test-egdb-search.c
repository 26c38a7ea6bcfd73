/* test-egdb-search.c — the search with endgame tables
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * English tables to 4 pieces, built once into a temporary folder: the
 * search's root is exact with them, it reads the win/draw/loss values
 * only and a distance a reported line (issue 29), it converts a table
 * win, and it goes on without damaged tables, saying so once.
 */

#include "config.h"

#include "test-egdb-util.h"

#include "dr-search.h"

#include <stdlib.h>
#include <string.h>

static void
test_search_uses_tables (void)
{
  const DrRules *rules = dr_rules_from_name ("english");
  g_autoptr (DrEgdb) db = open_tables ("english", 4);
  DrPosition pos = fen ("english", "W:WK15,20:BK28,12");
  DrSearchLimits lim = { .max_depth = 6, .multipv = 1 };
  DrSearchResult with, without;
  DrSearch *search = dr_search_new (rules, 4);
  DrEgdbProbe probe;
  char text[32];

  g_assert_true (dr_egdb_probe (db, &pos, &probe, NULL));
  g_assert_true (dr_search_run (search, &pos, &lim, &without));
  dr_search_clear (search);
  dr_search_set_egdb (search, db);
  g_assert_true (dr_search_run (search, &pos, &lim, &with));
  /* Without the tables six plies see no win; with them the root is exact. */
  g_assert_cmpint (without.score, <, DR_SCORE_WON);
  g_assert_cmpint (with.score, ==, DR_SCORE_WIN - probe.plies);
  g_assert_true (with.lines[0].db);
  dr_score_to_string (with.score, text);
  g_assert_cmpint (atoi (text + strlen ("win in ")), ==, probe.moves);
  dr_search_free (search);
}

/* The search reads the win/draw/loss values only (issue 29): no distance
 * during the search, one a reported line at the end of an iteration.  At
 * a root the 2-4 piece tables do not hold (five pieces; White's captures
 * lead into them) it used to read a distance at every table node it met
 * (142 reads at depth 12; now one an iteration); a win it sees without
 * its distance reads "win". */
static void
test_search_no_distances (void)
{
  const DrRules *rules = dr_rules_from_name ("english");
  g_autoptr (DrEgdb) db = open_tables ("english", 4);
  DrPosition pos = fen ("english", "W:W22,K5,K1:BK15,10");
  DrSearchLimits lim = { .max_depth = 12, .multipv = 1 };
  DrSearchResult result;
  DrSearch *search = dr_search_new (rules, 4);
  guint64 before;
  char text[32];

  dr_search_set_egdb (search, db);
  before = dr_egdb_distance_reads (db);
  g_assert_true (dr_search_run (search, &pos, &lim, &result));
  g_test_message ("distance reads: %" G_GUINT64_FORMAT, dr_egdb_distance_reads (db) - before);
  g_assert_cmpuint (dr_egdb_distance_reads (db) - before, <=, (guint64) result.depth);
  g_assert_true (result.lines[0].db);
  g_assert_cmpint (result.score, >, DR_SCORE_DB_WIN - 1000);
  g_assert_cmpint (result.score, <, DR_SCORE_WON);
  g_assert_cmpstr (dr_score_to_string (result.score, text), ==, "win");
  dr_search_free (search);
}

/* Plays @pos out, @depth plies a move, both sides searching with @db;
 * returns the plies until the side to move has no move, or -1 after
 * @max_plies.  *@reads: the most distances a move read. */
static int
play_out (DrEgdb           *db,
          const DrPosition *pos,
          int               depth,
          int               max_plies,
          DrSide           *loser,
          guint64          *reads)
{
  const DrRules *rules = dr_egdb_get_rules (db);
  DrSearch *search = dr_search_new (rules, 4);
  DrSearchLimits lim = { .max_depth = depth, .multipv = 1 };
  DrPosition game[256];
  int n = 0;

  g_assert_cmpint (max_plies, <, 256);
  dr_search_set_egdb (search, db);
  game[n++] = *pos;
  *reads = 0;
  while (n <= max_plies)
    {
      DrSearchResult result;
      guint64 before = dr_egdb_distance_reads (db);

      dr_search_set_history (search, game, (size_t) n);
      if (!dr_search_run (search, &game[n - 1], &lim, &result))
        {
          *loser = game[n - 1].turn;
          dr_search_free (search);
          return n - 1;
        }
      *reads = MAX (*reads, dr_egdb_distance_reads (db) - before);
      dr_position_apply (&game[n], &game[n - 1], &result.best);
      n++;
    }
  dr_search_free (search);
  return -1;
}

/* The search still converts a table win: from a root the tables hold it
 * reads the distances of the root's children (the fastest win, the
 * slowest defence: the game lasts the table's plies); from one they do
 * not hold, the win/draw/loss values lead it into them. */
static void
test_search_converts (void)
{
  g_autoptr (DrEgdb) db = open_tables ("english", 4);
  DrPosition three = fen ("english", "W:WK1,K5,K9:BK32");
  DrPosition five = fen ("english", "W:W22,K5,K1:BK15,10");
  DrEgdbProbe probe;
  DrSide loser = DR_SIDE_WHITE;
  guint64 reads;
  int plies;

  g_assert_true (dr_egdb_probe (db, &three, &probe, NULL));
  g_assert_cmpint (probe.value, ==, DR_EGDB_WIN);
  plies = play_out (db, &three, 4, 200, &loser, &reads);
  g_test_message ("3 kings v 1: %d plies (tables: %d), at most %" G_GUINT64_FORMAT " distance reads a move",
                  plies, probe.plies, reads);
  g_assert_cmpint (plies, ==, probe.plies);
  g_assert_cmpint (loser, ==, DR_SIDE_BLACK);
  /* The root's children (at most 4 plies of iterations, a king's moves
   * each) and a report an iteration. */
  g_assert_cmpuint (reads, <, 4 * 64);

  loser = DR_SIDE_WHITE;
  plies = play_out (db, &five, 8, 150, &loser, &reads);
  g_test_message ("five pieces: %d plies", plies);
  g_assert_cmpint (plies, >, 0);
  g_assert_cmpint (loser, ==, DR_SIDE_BLACK);
}

/* A search over damaged tables goes on without them and says so once (it
 * used to take the damaged blocks for positions not in the tables, in
 * silence). */
static void
test_search_damaged (void)
{
  const DrRules *rules = dr_rules_from_name ("english");
  g_autoptr (DrEgdb) good = open_tables ("english", 4);
  g_autoptr (DrEgdb) db = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = copy_tables ("english", 4);
  DrPosition pos = fen ("english", "W:WK15,20:BK28,12");
  DrSearchLimits lim = { .max_depth = 6, .multipv = 1 };
  DrSearchResult result;
  DrSearch *search = dr_search_new (rules, 4);
  DrEgdbProbe probe;
  EgdbMaterial m;
  const EgdbPart *parts[2];

  /* A byte in the runs of every block of both parts of mk-mk. */
  g_assert_true (_dr_egdb_parse_slice ("mk-mk", &m));
  parts[0] = good->lookup[m.m0][m.k0][m.m1][m.k1];
  parts[1] = good->lookup[m.m1][m.k1][m.m0][m.k0];
  for (int p = 0; p < 2; p++)
    for (guint32 b = 0; b < parts[p]->n_blocks && (p == 0 || parts[1] != parts[0]); b++)
      {
        guint64 at, length;
        _dr_egdb_block_span (parts[p], b, &at, &length);
        damage (dir, "english", "mk-mk.egdb", -1, (gssize) at);
      }
  db = dr_egdb_open (rules, dir, &error);
  g_assert_no_error (error);
  dr_search_set_egdb (search, db);
  g_test_expect_message ("dr-egdb", G_LOG_LEVEL_WARNING,
                         "endgame table *mk-mk.egdb is damaged: block * the search goes on without it");
  g_assert_true (dr_search_run (search, &pos, &lim, &result));
  g_test_assert_expected_messages ();
  /* Once more: no second warning (it would be fatal here). */
  dr_search_clear (search);
  g_assert_true (dr_search_run (search, &pos, &lim, &result));
  g_assert_false (dr_egdb_probe (db, &pos, &probe, &error));
  g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT);
  dr_search_free (search);
  test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tables.dir = g_dir_make_tmp ("egdb-search-XXXXXX", NULL);
  g_test_add_func ("/egdb/search", test_search_uses_tables);
  g_test_add_func ("/egdb/search/damaged", test_search_damaged);
  g_test_add_func ("/egdb/search/no-distances", test_search_no_distances);
  g_test_add_func ("/egdb/search/converts", test_search_converts);
  status = g_test_run ();
  test_remove_tree (tables.dir);
  g_free (tables.dir);
  return status;
}
