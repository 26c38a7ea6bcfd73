/* dr-db-import.h — the Import Games dialog: PDN files into the game database
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-db-pool.h"

G_BEGIN_DECLS

#define DR_TYPE_DB_IMPORT_DIALOG (dr_db_import_dialog_get_type ())

G_DECLARE_FINAL_TYPE (DrDbImportDialog, dr_db_import_dialog, DR, DB_IMPORT_DIALOG, GtkWindow)

/* A dialog over @parent that imports into @pool's database. */
DrDbImportDialog *dr_db_import_dialog_new        (GtkWindow        *parent,
                                                  DrDbPool         *pool);
/* Files and folders to import (also what the file choosers and a drop
 * onto the dialog add). */
void              dr_db_import_dialog_add_files  (DrDbImportDialog *self,
                                                  GFile           **files,
                                                  guint             n_files);
/* An import is under way. */
gboolean          dr_db_import_dialog_get_running (DrDbImportDialog *self);
/* The summary shown at the end, or NULL before one. */
const char       *dr_db_import_dialog_get_summary (DrDbImportDialog *self);

G_END_DECLS
