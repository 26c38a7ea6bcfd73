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

DrApplication *dr_application_new (void);

G_END_DECLS
