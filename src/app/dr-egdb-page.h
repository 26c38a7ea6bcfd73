/* dr-egdb-page.h — the preferences page of the endgame tables
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dr-egdb-manager.h"

G_BEGIN_DECLS

#define DR_TYPE_EGDB_PAGE (dr_egdb_page_get_type ())

G_DECLARE_FINAL_TYPE (DrEgdbPage, dr_egdb_page, DR, EGDB_PAGE, AdwPreferencesPage)

/* The page of @manager's tables, @rules' variant opened (NULL: none). */
GtkWidget  *dr_egdb_page_new         (DrEgdbManager *manager,
                                      const DrRules *rules);
/* The "Generate" button of @pieces of @rules' variant, or NULL. */
GtkWidget  *dr_egdb_page_get_generate_button (DrEgdbPage    *self,
                                              const DrRules *rules,
                                              int            pieces);
/* The row telling what is installed of @pieces of @rules' variant. */
AdwActionRow *dr_egdb_page_get_count_row (DrEgdbPage    *self,
                                          const DrRules *rules,
                                          int            pieces);

/* The build shown: its title ("English up to 4 pieces: cancelled"), the
 * message under it (an error has the "error" style), its Cancel button. */
const char *dr_egdb_page_get_build_title   (DrEgdbPage    *self);
GtkLabel   *dr_egdb_page_get_build_message (DrEgdbPage    *self);
GtkWidget  *dr_egdb_page_get_cancel_button (DrEgdbPage    *self);
/* Is the folder being read for the rows (shown dimmed until then)? */
gboolean    dr_egdb_page_get_refreshing    (DrEgdbPage    *self);

G_END_DECLS
