/* dr-application.h — the application
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define DR_TYPE_APPLICATION (dr_application_get_type ())

G_DECLARE_FINAL_TYPE (DrApplication, dr_application, DR, APPLICATION, AdwApplication)

DrApplication *dr_application_new                  (void);
/* The user's locale and the program's translations: from the install
 * prefix, or from $DRAUGHTSMAN_LOCALEDIR when the program runs from its
 * build tree (.ci/start sets it to the build's po/ folder).  Call first
 * thing in main(). */
void           dr_application_init_i18n            (void);
/* Started with --screenshot: no session is kept or restored. */
gboolean       dr_application_get_screenshot_mode  (DrApplication *self);
/* Opens a window for each session kept from an earlier run (a crash, or
 * the last window closed) and returns how many; once per process. */
guint          dr_application_restore_sessions     (DrApplication *self);

G_END_DECLS
