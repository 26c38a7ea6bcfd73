/* dr-diagram-dialog.h — Export Diagram, Copy Diagram, Export Collection as PDF
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-window.h"

G_BEGIN_DECLS

#define DR_TYPE_DIAGRAM_DIALOG (dr_diagram_dialog_get_type ())

G_DECLARE_FINAL_TYPE (DrDiagramDialog, dr_diagram_dialog, DR, DIAGRAM_DIALOG, GtkWindow)

/* The options of a diagram of @window's current position (the caption
 * taken from its game's tags) or, with @collection, of a PDF of every
 * game of its file; Export asks where (a file chooser) unless a file is
 * chosen already, and writes it on a worker thread, atomically. */
DrDiagramDialog *dr_diagram_dialog_new         (DrWindow        *window,
                                                gboolean         collection);
/* The file to write (what the file chooser sets); its suffix sets the
 * format when it is png, svg or pdf. */
void             dr_diagram_dialog_set_file    (DrDiagramDialog *self,
                                                GFile           *file);
GFile           *dr_diagram_dialog_get_file    (DrDiagramDialog *self);
/* Writing under way. */
gboolean         dr_diagram_dialog_get_busy    (DrDiagramDialog *self);
/* What the dialog last said (an error, the progress), or "". */
const char      *dr_diagram_dialog_get_message (DrDiagramDialog *self);

/* The window's actions win.export-diagram, win.copy-diagram and
 * win.export-collection (dr-window.c installs them). */
void             _dr_window_class_diagram_init (GtkWidgetClass  *widget_class);

G_END_DECLS
