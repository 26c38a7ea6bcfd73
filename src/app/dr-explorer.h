/* dr-explorer.h — the opening explorer beside the board
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-db-pool.h"
#include "dr-egdb-manager.h"
#include "dr-notation.h"

G_BEGIN_DECLS

#define DR_TYPE_EXPLORER (dr_explorer_get_type ())

G_DECLARE_FINAL_TYPE (DrExplorer, dr_explorer, DR, EXPLORER, GtkBox)

GtkWidget  *dr_explorer_new              (void);
/* The database looked up (NULL: none). */
void        dr_explorer_set_pool         (DrExplorer       *self,
                                          DrDbPool         *pool);
/* The position to show, the one before it (for transpositions; NULL at
 * the start) and its opening's name (NULL: none).  A lookup under way for
 * an earlier position is cancelled and its answer dropped. */
void        dr_explorer_set_position     (DrExplorer       *self,
                                          const DrRules    *rules,
                                          const DrPosition *pos,
                                          const DrPosition *previous,
                                          const char       *opening);
void        dr_explorer_set_notation     (DrExplorer       *self,
                                          DrNotation        notation);
/* Looks the position up again (the database changed). */
void        dr_explorer_refresh          (DrExplorer       *self);

/* A lookup is under way. */
gboolean    dr_explorer_get_busy         (DrExplorer       *self);
/* The key (dr_gamedb_position_key) of the position whose answer is shown,
 * 0 before any; and how many answers (or errors) were shown so far. */
guint64     dr_explorer_get_shown_key    (DrExplorer       *self);
guint       dr_explorer_get_n_shown      (DrExplorer       *self);
/* Each look-up takes @ms longer, as a slow query would, past the point
 * where it could be cancelled (tests: an answer that comes back after
 * the position changed). */
void        dr_explorer_set_delay        (DrExplorer       *self,
                                          guint             ms);

/* The endgame tables the moves' evaluation probes (NULL: none). */
void        dr_explorer_set_egdb         (DrExplorer       *self,
                                          DrEgdbTables     *tables);
/* Scores each move listed with the engine, on a worker, for the time set
 * (1.5 s by default), as the Evaluate moves button does; a new position
 * (or any new look-up) ends it and drops its answers. */
void        dr_explorer_evaluate         (DrExplorer       *self);
gboolean    dr_explorer_get_evaluating   (DrExplorer       *self);
/* How many times scores were shown in the rows (each depth shown counts). */
guint       dr_explorer_get_n_evaluated  (DrExplorer       *self);
/* The engine's time for all the moves together (0: the default). */
void        dr_explorer_set_eval_time    (DrExplorer       *self,
                                          guint             ms);
/* Each evaluation's answer comes back @ms later, past the point where it
 * could be cancelled (tests: an answer that comes back after the
 * position changed). */
void        dr_explorer_set_eval_delay   (DrExplorer       *self,
                                          guint             ms);
/* How many moves of the opening book (dr-book.h) are shown for the
 * position: the variant's shipped book, above the database's moves;
 * clicking one emits move-activated. */
guint       dr_explorer_get_n_book_moves (DrExplorer       *self);

G_END_DECLS
