/* dr-game-analysis.c — the engine over every position of a game
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A finite job, so a GTask in GLib's pool does (STYLE.md §6 keeps the
 * persistent thread for the endless live analysis).  The worker searches
 * each position with its own DrSearch at a fixed node budget; progress is
 * an atomic count handed to the main thread through at most one queued
 * idle, as DrAnalysis does.  Cancelling bumps the abort word the search
 * polls, so a cancel is felt within a thousand nodes.
 */

#define G_LOG_DOMAIN "dr-game-analysis"

#include "config.h"

#include "dr-game-analysis.h"

#include "dr-movegen.h"

#include <glib/gi18n.h>

struct _DrGameAnalysis
{
  GObject              parent_instance;
  const DrRules       *rules;
  GArray              *positions;   /* DrPosition */
  DrGameAnalysisPoint *points;      /* written by the worker, read once done */
  guint64              max_nodes;
  atomic_uint          n_done;
  atomic_uint          abort_word;
  atomic_int           notify_queued;
  DrEgdbTables        *egdb;        /* set before the worker starts, or NULL */
};

G_DEFINE_FINAL_TYPE (DrGameAnalysis, dr_game_analysis, G_TYPE_OBJECT)

enum
{
  PROGRESS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
dr_game_analysis_finalize (GObject *object)
{
  DrGameAnalysis *self = DR_GAME_ANALYSIS (object);

  g_array_unref (self->positions);
  g_free (self->points);
  dr_egdb_tables_unref (self->egdb);
  G_OBJECT_CLASS (dr_game_analysis_parent_class)->finalize (object);
}

static void
dr_game_analysis_class_init (DrGameAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dr_game_analysis_finalize;

  /**
   * DrGameAnalysis::progress:
   *
   * More positions are done; coalesced, on the main thread.
   */
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dr_game_analysis_init (DrGameAnalysis *self)
{
}

DrGameAnalysis *
dr_game_analysis_new (const DrRules    *rules,
                      const DrPosition *positions,
                      guint             n_positions,
                      guint64           max_nodes)
{
  DrGameAnalysis *self;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (positions != NULL || n_positions == 0, NULL);

  self = g_object_new (DR_TYPE_GAME_ANALYSIS, NULL);
  self->rules = rules;
  self->positions = g_array_sized_new (FALSE, FALSE, sizeof (DrPosition), n_positions);
  if (n_positions > 0)
    g_array_append_vals (self->positions, positions, n_positions);
  self->points = g_new0 (DrGameAnalysisPoint, MAX (n_positions, 1));
  self->max_nodes = max_nodes;
  return self;
}

void
dr_game_analysis_set_egdb (DrGameAnalysis *self,
                           DrEgdbTables   *tables)
{
  g_return_if_fail (DR_IS_GAME_ANALYSIS (self));
  if (tables != NULL)
    dr_egdb_tables_ref (tables);
  dr_egdb_tables_unref (self->egdb);
  self->egdb = tables;
}

static gboolean
notify_cb (gpointer data)
{
  DrGameAnalysis *self = data;

  atomic_store (&self->notify_queued, 0);
  g_signal_emit (self, signals[PROGRESS], 0);
  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable   *cancellable,
              DrGameAnalysis *self)
{
  atomic_fetch_add (&self->abort_word, 1);
}

static void
worker (GTask        *task,
        gpointer      source_object,
        gpointer      task_data,
        GCancellable *cancellable)
{
  DrGameAnalysis *self = source_object;
  const DrPosition *positions = (const DrPosition *) self->positions->data;
  DrSearch *search = dr_search_new_for_play (self->rules, 16);
  g_autofree DrSearchResult *result = g_new0 (DrSearchResult, 1);
  unsigned ticket = atomic_load (&self->abort_word);
  gulong handler = 0;

  if (self->egdb != NULL)
    dr_search_set_egdb (search, dr_egdb_tables_get (self->egdb));
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), self, NULL);
  for (guint i = 0; i < self->positions->len; i++)
    {
      DrSearchLimits limits = { 0 };
      DrGameAnalysisPoint *point = &self->points[i];

      if (g_cancellable_is_cancelled (cancellable))
        break;
      limits.max_nodes = self->max_nodes;
      limits.abort_word = &self->abort_word;
      limits.abort_unless = ticket;
      dr_search_set_history (search, positions, i);
      point->has_move = dr_search_run (search, &positions[i], &limits, result);
      point->best = result->best;
      /* No move: the side to move has lost. */
      point->score = point->has_move ? result->score : -DR_SCORE_WIN;
      atomic_fetch_add (&self->n_done, 1);
      if (atomic_exchange (&self->notify_queued, 1) == 0)
        g_idle_add_full (G_PRIORITY_DEFAULT, notify_cb, g_object_ref (self), g_object_unref);
    }
  g_cancellable_disconnect (cancellable, handler);
  dr_search_free (search);
  if (g_cancellable_is_cancelled (cancellable))
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The analysis was stopped"));
  else
    g_task_return_boolean (task, TRUE);
}

void
dr_game_analysis_run_async (DrGameAnalysis     *self,
                            GCancellable       *cancellable,
                            GAsyncReadyCallback callback,
                            gpointer            user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (DR_IS_GAME_ANALYSIS (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dr_game_analysis_run_async);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, worker);
}

gboolean
dr_game_analysis_run_finish (DrGameAnalysis *self,
                             GAsyncResult   *result,
                             GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

guint
dr_game_analysis_get_n_positions (DrGameAnalysis *self)
{
  g_return_val_if_fail (DR_IS_GAME_ANALYSIS (self), 0);
  return self->positions->len;
}

const DrPosition *
dr_game_analysis_get_position (DrGameAnalysis *self,
                               guint           i)
{
  g_return_val_if_fail (DR_IS_GAME_ANALYSIS (self), NULL);
  g_return_val_if_fail (i < self->positions->len, NULL);
  return &g_array_index (self->positions, DrPosition, i);
}

guint
dr_game_analysis_get_n_done (DrGameAnalysis *self)
{
  g_return_val_if_fail (DR_IS_GAME_ANALYSIS (self), 0);
  return atomic_load (&self->n_done);
}

const DrGameAnalysisPoint *
dr_game_analysis_get_point (DrGameAnalysis *self,
                            guint           i)
{
  g_return_val_if_fail (DR_IS_GAME_ANALYSIS (self), NULL);
  if (i >= atomic_load (&self->n_done))
    return NULL;
  return &self->points[i];
}

/* Wins and big advantages count as ten men: "win in 7" after "win in 5"
 * is no mistake. */
static int
capped (int score)
{
  return CLAMP (score, -10 * DR_SCORE_MAN, 10 * DR_SCORE_MAN);
}

int
dr_game_analysis_loss (int before,
                       int after)
{
  return MAX (0, capped (before) - capped (after));
}

DrNag
dr_game_analysis_judge (DrGameAnalysis *self,
                        guint           i,
                        const DrMove   *played,
                        int            *drop)
{
  const DrGameAnalysisPoint *before = dr_game_analysis_get_point (self, i);
  const DrGameAnalysisPoint *after = dr_game_analysis_get_point (self, i + 1);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  int d;

  *drop = 0;
  if (before == NULL || after == NULL || !before->has_move)
    return DR_NAG_NONE;
  /* The engine's own move, or the only one, is never marked: any drop is
   * the budget's horizon, not the move. */
  dr_movegen_legal (self->rules, &g_array_index (self->positions, DrPosition, i), legal);
  if (legal->n <= 1 || dr_move_same (&before->best, played))
    return DR_NAG_NONE;
  /* After the move the score is the opponent's: turned round, it is the
   * mover's. */
  d = dr_game_analysis_loss (before->score, -after->score);
  *drop = d;
  if (d >= DR_GAME_ANALYSIS_BLUNDER)
    return DR_NAG_BLUNDER;
  if (d >= DR_GAME_ANALYSIS_MISTAKE)
    return DR_NAG_MISTAKE;
  if (d >= DR_GAME_ANALYSIS_INACCURACY)
    return DR_NAG_DUBIOUS;
  return DR_NAG_NONE;
}
