/* dr-egdb-status.h — what the endgame tables say of a position, in words
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No GTK: the window's label and analysis pane show these texts.
 */
#pragma once

#include <glib.h>

#include "dr-egdb.h"
#include "dr-notation.h"

G_BEGIN_DECLS

typedef struct
{
  DrEgdbProbe probe;
  char       *summary;   /* "Database: White wins in 17", "Database: draw" */
  char       *line;      /* the table's line (a win or loss), or NULL */
  char       *remark;    /* the count rule that would draw first, or NULL */
} DrEgdbStatus;

/* Fills @status when @db holds @pos and the game is not over there; FALSE
 * otherwise.  The line has at most @max_line moves ("…" after). */
gboolean dr_egdb_status_probe (const DrEgdb      *db,
                               const DrPosition  *pos,
                               DrNotation         notation,
                               int                max_line,
                               DrEgdbStatus      *status);
void     dr_egdb_status_clear (DrEgdbStatus      *status);
/* The summary alone, from a probe of @pos. */
char    *dr_egdb_status_summary (const DrPosition  *pos,
                                 const DrEgdbProbe *probe);

G_END_DECLS
