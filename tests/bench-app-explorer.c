/* bench-app-explorer.c — the explorer's latency as the window sees it
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-app-explorer DATABASE [VARIANT] [STEPS] [SEED]
 *
 * Opens a window on DATABASE with the explorer shown and walks through
 * positions the way a user would: from the start, a move of the explorer's
 * list (weighted by games), now and then back a move or back to the
 * start.  For each position change it measures the time from the change
 * (the model's move or step back, as the board or a key makes it) to the
 * explorer's table showing the new position's answer, and prints the
 * median, 90th percentile and worst, and the first (cold) look-up apart.
 * Needs a display (Xvfb) and GSETTINGS_SCHEMA_DIR.
 */

#define G_LOG_DOMAIN "bench-app-explorer"

#include "config.h"

#include "dr-application.h"
#include "dr-window-gamedb.h"
#include "dr-window-private.h"

#include "dr-movegen.h"

#include <stdlib.h>

static gboolean
shows_current (DrWindow *window)
{
  return !dr_explorer_get_busy (window->explorer)
         && dr_explorer_get_shown_key (window->explorer)
              == dr_gamedb_position_key (dr_game_model_get_rules (window->model),
                                         dr_game_model_get_position (window->model));
}

/* Runs the main loop until the explorer shows the current position;
 * returns the time it took since @start, in ms. */
static double
wait_shown (DrWindow *window,
            gint64    start)
{
  while (!shows_current (window))
    {
      if (g_get_monotonic_time () - start > 60 * G_USEC_PER_SEC)
        g_error ("the explorer did not answer in 60 s");
      g_main_context_iteration (NULL, TRUE);
    }
  return (g_get_monotonic_time () - start) / 1000.0;
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The moves of the explorer's list, with their counts (the move rows'
 * data and second label). */
static GArray *
listed_moves (DrWindow *window,
              GArray   *weights)
{
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (DrMove));
  GtkWidget *list;

  list = find_named (GTK_WIDGET (window->explorer), "explorer-moves");
  g_assert (list != NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      const DrMove *move = g_object_get_data (G_OBJECT (row), "move");
      GtkWidget *box, *count;

      if (move == NULL)
        continue;
      box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      count = gtk_widget_get_next_sibling (gtk_widget_get_first_child (box));
      g_array_append_val (moves, *move);
      g_array_append_vals (weights, &(double) { atof (gtk_label_get_text (GTK_LABEL (count))) }, 1);
    }
  return moves;
}

int
main (int    argc,
      char **argv)
{
  const char *db = argc > 1 ? argv[1] : NULL;
  const DrRules *rules = dr_rules_from_name (argc > 2 ? argv[2] : "international");
  guint steps = argc > 3 ? (guint) atoi (argv[3]) : 200;
  GRand *rand = g_rand_new_with_seed (argc > 4 ? (guint32) atoi (argv[4]) : 1);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  DrApplication *app;
  DrWindow *window;
  double first;

  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  if (db == NULL || rules == NULL || !gtk_init_check ())
    {
      g_printerr ("usage: bench-app-explorer DATABASE [VARIANT] [STEPS] [SEED] (with a display)\n");
      return 2;
    }
  app = dr_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = dr_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  dr_game_model_new_game (window->model, rules, NULL);
  gtk_toggle_button_set_active (window->explorer_button, TRUE);
  /* The window's first frames (realizing, fonts, the board's pieces) are
   * not the explorer's. */
  {
    gint64 settle = g_get_monotonic_time () + G_USEC_PER_SEC;

    while (g_get_monotonic_time () < settle)
      g_main_context_iteration (NULL, FALSE);
  }
  {
    gint64 start = g_get_monotonic_time ();
    dr_window_set_database (window, db);
    first = wait_shown (window, start);
  }

  for (guint i = 0; i < steps; i++)
    {
      g_autoptr (GArray) weights = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr (GArray) moves = listed_moves (window, weights);
      guint ply = dr_game_model_get_current (window->model)->ply;
      double r = g_rand_double (rand), total = 0;
      gint64 start;

      for (guint j = 0; j < weights->len; j++)
        total += g_array_index (weights, double, j);
      start = g_get_monotonic_time ();
      if (moves->len == 0 || ply >= 16 || r < 0.1)
        dr_game_model_go_start (window->model);
      else if (r < 0.25 && ply > 0)
        dr_game_model_go_back (window->model);
      else
        {
          double pick = g_rand_double (rand) * total;
          guint j = 0;

          for (; j + 1 < moves->len && pick >= g_array_index (weights, double, j); j++)
            pick -= g_array_index (weights, double, j);
          dr_game_model_play (window->model, &g_array_index (moves, DrMove, j));
        }
      if (shows_current (window))   /* the same position again */
        continue;
      {
        double ms = wait_shown (window, start);
        g_array_append_val (times, ms);
      }
    }
  g_array_sort (times, compare_double);
  g_print ("database %s, %u position changes\n", db, times->len);
  g_print ("first look-up (cold): %.1f ms\n", first);
  if (times->len > 0)
    g_print ("median %.1f ms, 90%% %.1f ms, worst %.1f ms, best %.1f ms\n",
             g_array_index (times, double, times->len / 2),
             g_array_index (times, double, times->len * 9 / 10),
             g_array_index (times, double, times->len - 1), g_array_index (times, double, 0));
  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (app);
  g_rand_free (rand);
  return 0;
}
