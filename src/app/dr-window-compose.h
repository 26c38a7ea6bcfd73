/* dr-window-compose.h — the window's Composition and Solve modes, for tests
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-compose-pane.h"
#include "dr-solve-trainer.h"
#include "dr-window.h"

G_BEGIN_DECLS

/* The Composition pane (shown by win.composition) and the Solve mode
 * trainer (started by win.solve-problems). */
DrComposePane  *dr_window_get_compose_pane  (DrWindow *self);
DrSolveTrainer *dr_window_get_solve_trainer (DrWindow *self);

G_END_DECLS
