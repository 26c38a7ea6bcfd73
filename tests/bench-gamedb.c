/* bench-gamedb.c — synthetic games and explorer latency, on demand only
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-gamedb generate N OUT.pdn [VARIANT [SEED]]
 *       N games played by a skewed random choice (so that, as in real
 *       games, a few moves are popular and openings repeat and transpose):
 *       at each ply the legal moves are ranked by the hash of the position
 *       they lead to and move k is chosen with weight 1/(k+1)^2; 20 to 120
 *       plies; a pool of 2,000 players and 300 events, years 1950-2025,
 *       results 35% White, 40% draws, 25% Black.
 *   bench-gamedb explore DB N [VARIANT [SEED]]
 *       The explorer on N positions taken at random from the games of DB
 *       (a random game, a random ply of its main line) and on the start:
 *       median, 90th percentile and worst latency.
 *
 * Not part of the test suite (README: figures).
 */

#include "config.h"

#include "dr-gamedb.h"
#include "dr-movegen.h"
#include "dr-pdn.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* Milliseconds of processor time of this thread (the machine is shared:
 * wall-clock times include waiting for the processor). */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1e3 + (double) ts.tv_nsec / 1e6;
}

static int
generate (guint64        n,
          const char    *path,
          const DrRules *rules,
          guint32        seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  FILE *out = fopen (path, "w");

  if (out == NULL)
    {
      perror (path);
      return EXIT_FAILURE;
    }
  for (guint64 i = 0; i < n; i++)
    {
      g_autoptr (DrGame) game = NULL;
      g_autofree char *text = NULL;
      DrGameNode *node;
      guint plies = (guint) g_rand_int_range (rand, 20, 121);
      double r = g_rand_double (rand);
      char value[64];

      game = dr_game_new (rules, NULL);
      g_snprintf (value, sizeof value, "Synthetic event %d", g_rand_int_range (rand, 1, 301));
      dr_game_set_tag (game, "Event", value);
      g_snprintf (value, sizeof value, "%d.%02d.%02d", g_rand_int_range (rand, 1950, 2026),
                  g_rand_int_range (rand, 1, 13), g_rand_int_range (rand, 1, 29));
      dr_game_set_tag (game, "Date", value);
      g_snprintf (value, sizeof value, "Player %04d", g_rand_int_range (rand, 1, 2001));
      dr_game_set_tag (game, "White", value);
      g_snprintf (value, sizeof value, "Player %04d", g_rand_int_range (rand, 1, 2001));
      dr_game_set_tag (game, "Black", value);
      g_snprintf (value, sizeof value, "%" G_GUINT64_FORMAT, i + 1);
      dr_game_set_tag (game, "Round", value);
      game->result = r < 0.35 ? DR_RESULT_WHITE_WINS : r < 0.75 ? DR_RESULT_DRAW : DR_RESULT_BLACK_WINS;
      dr_game_set_tag (game, "Result", dr_result_to_string (game->result, rules));
      node = game->root;
      for (guint p = 0; p < plies; p++)
        {
          guint64 keys[DR_MAX_MOVES];
          guint order[DR_MAX_MOVES];
          double total = 0, pick;
          guint k;

          dr_movegen_legal (rules, &node->position, legal);
          if (legal->n == 0)
            break;
          for (guint m = 0; m < legal->n; m++)
            {
              keys[m] = dr_position_hash_after (&node->position, &legal->moves[m]);
              order[m] = m;
              total += 1.0 / ((m + 1.0) * (m + 1.0));
            }
          /* Rank by the child's hash: the same position ranks its moves
           * the same way in every game. */
          for (guint a = 1; a < legal->n; a++)
            for (guint b = a; b > 0 && keys[order[b]] < keys[order[b - 1]]; b--)
              {
                guint t = order[b];

                order[b] = order[b - 1];
                order[b - 1] = t;
              }
          pick = g_rand_double (rand) * total;
          for (k = 0; k + 1 < legal->n; k++)
            {
              pick -= 1.0 / ((k + 1.0) * (k + 1.0));
              if (pick < 0)
                break;
            }
          node = dr_game_add_move (game, node, &legal->moves[order[k]]);
        }
      text = dr_pdn_write_game (game, rules->notation);
      fprintf (out, "%s\n", text);
    }
  fclose (out);
  return EXIT_SUCCESS;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static int
explore (const char    *path,
         guint          n,
         const DrRules *rules,
         guint32        seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrGameDb) db = dr_gamedb_open (path, &error);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (double));
  DrPosition start;
  gint64 games, t0;
  guint64 total_games = 0;

  if (db == NULL)
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }
  games = dr_gamedb_count_games (db);
  dr_rules_initial (rules, &start);
  /* The start: the first query reads the pages from the file, the next
   * ones find them in SQLite's cache. */
  for (int pass = 0; pass < 3; pass++)
    {
      g_autoptr (DrExploreResult) r = NULL;
      double c0 = cpu_ms ();

      t0 = g_get_monotonic_time ();
      r = dr_gamedb_explore (db, rules, &start, NULL, &error);
      if (r == NULL)
        {
          g_printerr ("%s\n", error->message);
          return EXIT_FAILURE;
        }
      g_print ("start position (%s): %" G_GUINT64_FORMAT " games, %u moves, %.2f ms (cpu %.2f ms)\n",
               pass == 0 ? "first" : "again", r->games, r->moves->len,
               (double) (g_get_monotonic_time () - t0) / 1000.0, cpu_ms () - c0);
    }
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (DrGameDbInfo) info = NULL;
      g_autoptr (DrExploreResult) r = NULL;
      gint64 id = 1 + (gint64) (g_rand_double (rand) * (double) games);
      DrPosition pos;
      double ms, c0;

      info = dr_gamedb_get_info (db, MIN (id, games), &error);
      if (info == NULL || !dr_gamedb_get_position (db, info->id,
                                                   (guint) g_rand_int_range (rand, 0, (gint32) info->plies + 1),
                                                   &pos, &error))
        {
          g_printerr ("%s\n", error->message);
          return EXIT_FAILURE;
        }
      t0 = g_get_monotonic_time ();
      c0 = cpu_ms ();
      r = dr_gamedb_explore (db, info->rules, &pos, NULL, &error);
      ms = (double) (g_get_monotonic_time () - t0) / 1000.0;
      c0 = cpu_ms () - c0;
      g_array_append_val (cpu_times, c0);
      if (r == NULL)
        {
          g_printerr ("%s\n", error->message);
          return EXIT_FAILURE;
        }
      total_games += r->games;
      g_array_append_val (times, ms);
    }
  g_array_sort (times, compare_doubles);
  g_array_sort (cpu_times, compare_doubles);
  g_print ("%u random positions of %" G_GINT64_FORMAT " games: median %.3f ms, 90%% %.3f ms, "
           "worst %.3f ms (cpu: median %.3f ms, worst %.3f ms); %.1f games per position on average\n",
           n, games, g_array_index (times, double, n / 2), g_array_index (times, double, n * 9 / 10),
           g_array_index (times, double, n - 1), g_array_index (cpu_times, double, n / 2),
           g_array_index (cpu_times, double, n - 1), (double) total_games / n);
  return EXIT_SUCCESS;
}

int
main (int    argc,
      char **argv)
{
  const DrRules *rules = argc > 4 ? dr_rules_from_name (argv[4]) : &dr_rules_russian;
  guint32 seed = argc > 5 ? (guint32) atoi (argv[5]) : 1;

  if (argc < 4 || rules == NULL)
    {
      g_printerr ("usage: bench-gamedb generate N OUT.pdn [VARIANT [SEED]]\n"
                  "       bench-gamedb explore DB N [VARIANT [SEED]]\n");
      return 2;
    }
  if (g_str_equal (argv[1], "generate"))
    return generate (g_ascii_strtoull (argv[2], NULL, 10), argv[3], rules, seed);
  if (g_str_equal (argv[1], "explore"))
    return explore (argv[2], (guint) MAX (1, atoi (argv[3])), rules, seed);
  return 2;
}
