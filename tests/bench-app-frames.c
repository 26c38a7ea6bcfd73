/* bench-app-frames.c — the window's frames while the analysis runs
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-app-frames PDN-FILE [STEPS] [STEP-MS]
 *
 * Opens a window of 1400×900 on PDN-FILE (a file of several games: the
 * game list opens beside the board) with the explorer shown and the
 * analysis running, and steps through the first game, a move every
 * STEP-MS (250) ms, STEPS (60) times, back to the start at its end.  The
 * board's tick callback keeps the frame clock drawing every frame; each
 * frame's work on the main thread (from the clock's "before-paint" to its
 * "after-paint", in wall-clock time and in the main thread's CPU time)
 * and the interval from one frame to the next are recorded, and their
 * median, 99th percentile and worst printed.
 * Needs a display (Xvfb) and GSETTINGS_SCHEMA_DIR.
 */

#define G_LOG_DOMAIN "bench-app-frames"

#include "config.h"

#include "dr-application.h"
#include "dr-window-private.h"

#include <stdlib.h>
#include <time.h>

typedef struct
{
  GArray *work;       /* ms from before-paint to after-paint, per frame */
  GArray *interval;   /* ms from one frame's start to the next's */
  GArray *layout;     /* ms of the layout phase (size requests and allocation) */
  GArray *cpu;        /* ms of the main thread's CPU time from before-paint to after-paint */
  gint64  cpu_started;
  gint64  layout_started;
  gint64  started;    /* this frame's before-paint, µs */
  gint64  previous;   /* the previous frame's before-paint, µs, or 0 */
  gboolean recording;
} Frames;

/* The calling thread's CPU time, µs: a frame's own work, without the
 * time the thread waited for a core (the analysis and other programs
 * compete for the same cores). */
static gint64
thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
before_paint_cb (GdkFrameClock *clock,
                 Frames        *f)
{
  gint64 now = g_get_monotonic_time ();

  if (f->recording && f->previous != 0)
    {
      double ms = (now - f->previous) / 1000.0;
      g_array_append_val (f->interval, ms);
    }
  f->previous = now;
  f->started = now;
  f->cpu_started = thread_cpu_us ();
}

/* After the update phase (the tick callbacks): the layout begins. */
static void
update_done_cb (GdkFrameClock *clock,
                Frames        *f)
{
  f->layout_started = g_get_monotonic_time ();
}

/* Connected after the window's own handler (made when it was realized):
 * the layout phase is over. */
static void
layout_done_cb (GdkFrameClock *clock,
                Frames        *f)
{
  if (f->recording && f->layout_started != 0)
    {
      double ms = (g_get_monotonic_time () - f->layout_started) / 1000.0;
      g_array_append_val (f->layout, ms);
    }
}

static void
after_paint_cb (GdkFrameClock *clock,
                Frames        *f)
{
  if (f->recording && f->started != 0)
    {
      double ms = (g_get_monotonic_time () - f->started) / 1000.0;
      double cpu = (thread_cpu_us () - f->cpu_started) / 1000.0;

      g_array_append_val (f->work, ms);
      g_array_append_val (f->cpu, cpu);
    }
}

/* Asks for every frame: the clock runs whether or not anything moves. */
static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  return G_SOURCE_CONTINUE;
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
report (const char *what,
        GArray     *values)
{
  guint n = values->len, over = 0;

  g_array_sort (values, compare_double);
  for (guint i = 0; i < n; i++)
    over += g_array_index (values, double, i) > 16.0;
  if (n == 0)
    {
      g_print ("%s: no frames\n", what);
      return;
    }
  g_print ("%s: %u frames, median %.1f ms, 99%% %.1f ms, worst %.1f ms, over 16 ms: %u\n", what, n,
           g_array_index (values, double, n / 2), g_array_index (values, double, MIN (n - 1, n * 99 / 100)),
           g_array_index (values, double, n - 1), over);
}

static void
run_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (500);
}

int
main (int    argc,
      char **argv)
{
  const char *path = argc > 1 ? argv[1] : NULL;
  guint steps = argc > 2 ? (guint) atoi (argv[2]) : 60;
  guint step_ms = argc > 3 ? (guint) atoi (argv[3]) : 250;
  Frames f = { 0 };
  g_autoptr (GFile) file = NULL;
  g_autoptr (GSettings) settings = NULL;
  GdkFrameClock *clock;
  DrApplication *app;
  DrWindow *window;
  gint64 end;

  f.work = g_array_new (FALSE, FALSE, sizeof (double));
  f.interval = g_array_new (FALSE, FALSE, sizeof (double));
  f.layout = g_array_new (FALSE, FALSE, sizeof (double));
  f.cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  if (path == NULL || !gtk_init_check ())
    {
      g_printerr ("usage: bench-app-frames PDN-FILE [STEPS] [STEP-MS] (with a display)\n");
      return 2;
    }
  settings = g_settings_new (APP_ID);
  g_settings_set_int (settings, "window-width", 1400);
  g_settings_set_int (settings, "window-height", 900);
  g_settings_set_boolean (settings, "explorer-visible", TRUE);
  app = dr_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = dr_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  file = g_file_new_for_commandline_arg (path);
  dr_window_open_file (window, file);
  /* The window's first frames (realizing, the file, the pieces) are not
   * the ones measured. */
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while (dr_game_model_get_game (window->model)->root->children == NULL)
    {
      if (g_get_monotonic_time () > end)
        g_error ("%s: no game with moves was shown in 20 s", path);
      g_main_context_iteration (NULL, TRUE);
    }
  run_for (1500);
  if (!gtk_widget_get_mapped (GTK_WIDGET (window->game_list)) || !gtk_widget_get_mapped (GTK_WIDGET (window->explorer)))
    g_error ("the game list and the explorer should both be shown");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis", NULL);
  run_for (500);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &f);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &f);
  g_signal_connect_after (clock, "update", G_CALLBACK (update_done_cb), &f);
  g_signal_connect (clock, "layout", G_CALLBACK (layout_done_cb), &f);
  gtk_widget_add_tick_callback (GTK_WIDGET (window->board_view), tick_cb, NULL, NULL);
  f.recording = TRUE;
  for (guint i = 0; i < steps; i++)
    {
      DrGameNode *current = dr_game_model_get_current (window->model);

      if (current->children != NULL)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL);
      else
        gtk_widget_activate_action (GTK_WIDGET (window), "win.start", NULL);
      run_for (step_ms);
    }
  f.recording = FALSE;
  g_print ("%s: %u steps of %u ms, window %d×%d, board %d px, analysis %s\n", path, steps, step_ms,
           gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)),
           MIN (gtk_widget_get_width (GTK_WIDGET (window->board_view)),
                gtk_widget_get_height (GTK_WIDGET (window->board_view))),
           window->analysis != NULL && dr_analysis_get_running (window->analysis) ? "running" : "stopped");
  report ("frame work (before-paint to after-paint)", f.work);
  report ("frame interval", f.interval);
  report ("layout phase (size requests, allocation)", f.layout);
  report ("frame work, main thread's CPU time", f.cpu);
  g_signal_handlers_disconnect_by_data (clock, &f);
  dr_window_close_confirmed (window, FALSE);
  run_for (200);
  g_object_unref (app);
  g_array_unref (f.work);
  g_array_unref (f.interval);
  g_array_unref (f.layout);
  g_array_unref (f.cpu);
  return 0;
}
