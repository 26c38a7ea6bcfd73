/* dr-analysis.h — the engine analysing on its own thread
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dr-egdb-manager.h"
#include "dr-search.h"

G_BEGIN_DECLS

#define DR_TYPE_ANALYSIS (dr_analysis_get_type ())

G_DECLARE_FINAL_TYPE (DrAnalysis, dr_analysis, DR, ANALYSIS, GObject)

DrAnalysis    *dr_analysis_new          (void);
/* Starts analysing @position of @rules (with the game's earlier positions
 * @history[0..n-1] for repetitions), until stopped; a running analysis is
 * dropped.  @lines best moves are followed. */
void           dr_analysis_start        (DrAnalysis       *self,
                                         const DrRules    *rules,
                                         const DrPosition *position,
                                         const DrPosition *history,
                                         gsize             n_history,
                                         int               lines);
void           dr_analysis_stop         (DrAnalysis       *self);
/* How the searches started from now on run: on @threads threads, with a
 * table of @hash_mb megabytes, stopping by themselves at depth @max_depth
 * or after @max_time_ms (0: no such limit; both 0: until stopped). */
void           dr_analysis_set_options  (DrAnalysis       *self,
                                         int               threads,
                                         int               hash_mb,
                                         int               max_depth,
                                         guint             max_time_ms);
/* The threads and table size the worker's search was last given. */
int            dr_analysis_get_threads  (DrAnalysis       *self);
int            dr_analysis_get_hash_mb  (DrAnalysis       *self);
/* TRUE once the current search has stopped by itself (its depth or time
 * limit reached, or the position solved); ::finished is emitted then. */
gboolean       dr_analysis_get_finished (DrAnalysis       *self);
/* The endgame tables the searches started from now on probe (NULL:
 * none); each search keeps a reference until it has stopped. */
void           dr_analysis_set_egdb     (DrAnalysis       *self,
                                         DrEgdbTables     *tables);
gboolean       dr_analysis_get_running  (DrAnalysis       *self);
/* Bumped by every start and stop: how many searches were begun or ended. */
guint          dr_analysis_get_generation (DrAnalysis     *self);
/* The latest lines found (valid until the next ::progress); the number of
 * lines in *n. */
const DrSearchInfo *dr_analysis_get_lines (DrAnalysis     *self,
                                           int            *n);
const DrRules *dr_analysis_get_rules    (DrAnalysis       *self);
const DrPosition *dr_analysis_get_position (DrAnalysis    *self);

G_END_DECLS
