/* dr-window.h — the main window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dr-game-model.h"

G_BEGIN_DECLS

#define DR_TYPE_WINDOW (dr_window_get_type ())

G_DECLARE_FINAL_TYPE (DrWindow, dr_window, DR, WINDOW, AdwApplicationWindow)

DrWindow    *dr_window_new          (GtkApplication *application);
DrGameModel *dr_window_get_model    (DrWindow       *self);
/* Opens a PDN file (a game list if it holds several games). */
void         dr_window_open_file    (DrWindow       *self,
                                     GFile          *file);
/* Saves the game to @file, atomically (a temporary file renamed over it). */
void         dr_window_save_to_file (DrWindow       *self,
                                     GFile          *file);

/* Games opened from now on show this ply of their main line; from a file
 * of several games, game @game (1-based; 0: let the user pick). */
void         dr_window_set_initial_ply (DrWindow    *self,
                                        guint        ply,
                                        guint        game);

G_END_DECLS
