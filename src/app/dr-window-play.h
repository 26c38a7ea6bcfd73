/* dr-window-play.h — the window's game against the engine, for tests
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-play-pane.h"
#include "dr-window.h"

G_BEGIN_DECLS

DrPlayPane *dr_window_get_play_pane (DrWindow *self);

G_END_DECLS
