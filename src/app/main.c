/* main.c — starts Draughtsman
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-application.h"


int
main (int    argc,
      char **argv)
{
  g_autoptr (DrApplication) app = NULL;

  dr_application_init_i18n ();

  app = dr_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
