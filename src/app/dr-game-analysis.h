/* dr-game-analysis.h — the engine over every position of a game
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dr-egdb-manager.h"
#include "dr-game.h"
#include "dr-search.h"

G_BEGIN_DECLS

/* Score drops of a move, from the mover's view, in hundredths of a man,
 * from which it is marked: ?! from half a man, ? from a man, ?? from two
 * and a half men (a man lost for nothing, with some margin for what a
 * fixed budget misjudges). */
#define DR_GAME_ANALYSIS_INACCURACY  50
#define DR_GAME_ANALYSIS_MISTAKE    100
#define DR_GAME_ANALYSIS_BLUNDER    250

typedef struct
{
  gboolean has_move;   /* FALSE: no legal move, the side to move lost */
  DrMove   best;
  int      score;      /* hundredths of a man, side to move's view */
} DrGameAnalysisPoint;

#define DR_TYPE_GAME_ANALYSIS (dr_game_analysis_get_type ())

G_DECLARE_FINAL_TYPE (DrGameAnalysis, dr_game_analysis, DR, GAME_ANALYSIS, GObject)

/* Will search each of @positions[0..n-1] (the positions of a line, in
 * order, each with the ones before it as history) for @max_nodes. */
DrGameAnalysis *dr_game_analysis_new      (const DrRules    *rules,
                                           const DrPosition *positions,
                                           guint             n_positions,
                                           guint64           max_nodes);
/* The endgame tables the searches probe (NULL: none); set before running.
 * A reference is kept until the analysis goes. */
void            dr_game_analysis_set_egdb (DrGameAnalysis    *self,
                                           DrEgdbTables      *tables);
/* Runs on a thread of its own; ::progress on the main thread as positions
 * are done.  Cancelling stops the search under way. */
void            dr_game_analysis_run_async (DrGameAnalysis     *self,
                                            GCancellable       *cancellable,
                                            GAsyncReadyCallback callback,
                                            gpointer            user_data);
gboolean        dr_game_analysis_run_finish (DrGameAnalysis    *self,
                                             GAsyncResult      *result,
                                             GError           **error);
guint           dr_game_analysis_get_n_positions (DrGameAnalysis *self);
const DrPosition *dr_game_analysis_get_position (DrGameAnalysis *self,
                                                 guint           i);
/* Positions searched so far. */
guint           dr_game_analysis_get_n_done (DrGameAnalysis    *self);
/* The result for position @i, once done. */
const DrGameAnalysisPoint *dr_game_analysis_get_point (DrGameAnalysis *self,
                                                       guint           i);
/* What a move lost, from the mover's view, in hundredths of a man (0 or
 * more): the score before it less the score after it, both from the
 * mover's view, each capped at ten men (a "win in 7" after a "win in 5"
 * loses nothing). */
int             dr_game_analysis_loss     (int before,
                                           int after);
/* How bad the move from position @i to @i+1 was: DR_NAG_DUBIOUS,
 * DR_NAG_MISTAKE, DR_NAG_BLUNDER or DR_NAG_NONE; the drop in *drop. */
DrNag           dr_game_analysis_judge    (DrGameAnalysis    *self,
                                           guint              i,
                                           const DrMove      *played,
                                           int               *drop);

G_END_DECLS
