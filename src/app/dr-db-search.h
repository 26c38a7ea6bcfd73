/* dr-db-search.h — the Search Database window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-db-pool.h"
#include "dr-game-model.h"

G_BEGIN_DECLS

#define DR_TYPE_DB_SEARCH_DIALOG (dr_db_search_dialog_get_type ())

G_DECLARE_FINAL_TYPE (DrDbSearchDialog, dr_db_search_dialog, DR, DB_SEARCH_DIALOG, GtkWindow)

/* A window over @parent searching @pool's database; "current position"
 * and "pattern" take @model's position when the search starts.  A
 * double-clicked game is emitted as ::game-activated (gint64 id, guint
 * ply). */
DrDbSearchDialog *dr_db_search_dialog_new         (GtkWindow        *parent,
                                                   DrDbPool         *pool,
                                                   DrGameModel      *model);
void              dr_db_search_dialog_set_pool    (DrDbSearchDialog *self,
                                                   DrDbPool         *pool);
/* A search is under way. */
gboolean          dr_db_search_dialog_get_running (DrDbSearchDialog *self);
/* The games found by the last search (items with "id", "ply", "white",
 * "black" properties). */
GListModel       *dr_db_search_dialog_get_results (DrDbSearchDialog *self);

G_END_DECLS
