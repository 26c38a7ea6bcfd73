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

/* Has the window's game changed since it was opened or saved? */
gboolean     dr_window_get_modified (DrWindow       *self);
/* Is a file being read for the window (one opened, or a session's)? */
gboolean     dr_window_get_loading  (DrWindow       *self);

typedef void (*DrWindowDecided) (DrWindow *window,
                                 gboolean  go_on,
                                 gpointer  data);
/* Before the window's game is replaced or closed: if it is modified, asks
 * Save / Discard / Cancel and calls @done with @go_on TRUE once the game
 * is saved or discarded, FALSE on Cancel (or a failed save); if it is not
 * modified, calls @done at once.  @destroy frees @data afterwards. */
void         dr_window_confirm_discard (DrWindow        *self,
                                        DrWindowDecided  done,
                                        gpointer         data,
                                        GDestroyNotify   destroy);
/* Destroys the window once the question has been answered: its session is
 * removed, or with @keep_session kept clean for the next start. */
void         dr_window_close_confirmed (DrWindow       *self,
                                        gboolean        keep_session);
/* Takes over the session kept in @path (a window's state from an earlier
 * run, dr_application_restore_sessions): its game, file and node. */
gboolean     dr_window_restore_session (DrWindow       *self,
                                        const char     *path,
                                        GError        **error);

/* Takes the game of @pdn (named @name in messages) as an unsaved game in
 * no file, and writes the window's session at once. */
gboolean     dr_window_restore_game_text (DrWindow     *self,
                                          const char   *pdn,
                                          const char   *name,
                                          GError      **error);

/* The file chooser's filter for PDN files (by MIME type and suffix). */
GtkFileFilter *dr_pdn_file_filter     (void);

G_END_DECLS
