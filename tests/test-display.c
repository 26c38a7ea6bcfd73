/* test-display.c — is there a display for the GTK tests?
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * test-board-view and test-app-session skip their cases when GTK cannot
 * open a display, so that the engine's tests run anywhere.  This test says
 * so once, with the way to get one, and in a strict build (CI, where the
 * suite runs under xvfb-run) it fails instead: a run without a display
 * must not pass with the GTK tests quietly skipped.
 */

#include "config.h"

#include "test-util.h"

#include <gtk/gtk.h>

static void
test_display (void)
{
  gboolean ok = gtk_init_check ();

  /* A server just started, or busy with another client starting, may
   * refuse a first connection: a few tries before saying there is none. */
  for (int tries = 1; !ok && tries < 5; tries++)
    {
      g_usleep (200 * 1000);
      ok = gtk_init_check ();
    }
  if (!ok)
    {
      test_skip_missing ("no display: the GTK tests skip their cases (run them under "
                         "xvfb-run -a meson test)");
      return;
    }
  g_assert_nonnull (gdk_display_get_default ());
  g_test_message ("display %s", gdk_display_get_name (gdk_display_get_default ()));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/display", test_display);
  return g_test_run ();
}
