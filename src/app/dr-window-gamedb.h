/* dr-window-gamedb.h — the window's game database: explorer, import, search
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-db-import.h"
#include "dr-db-search.h"
#include "dr-drill-dialog.h"
#include "dr-explorer.h"
#include "dr-window.h"

G_BEGIN_DECLS

/* The database the window's explorer, import and search use. */
void              dr_window_set_database       (DrWindow   *self,
                                                const char *path);
DrExplorer       *dr_window_get_explorer       (DrWindow   *self);
/* Opens game @id of the database at @ply of its main line (after the
 * Save / Discard / Cancel question if the game shown is modified). */
void              dr_window_open_database_game (DrWindow   *self,
                                                gint64      id,
                                                guint       ply);
/* Shows a new Import Games dialog (what the menu item does). */
DrDbImportDialog *dr_window_show_import        (DrWindow   *self);
/* Shows the window's Search Database window. */
DrDbSearchDialog *dr_window_show_search        (DrWindow   *self);
/* Shows the window's Train Repertoire window. */
DrDrillDialog    *dr_window_show_drill         (DrWindow   *self);

G_END_DECLS
