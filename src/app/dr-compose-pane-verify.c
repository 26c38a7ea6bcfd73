/* dr-compose-pane-verify.c — Composition mode: Verify on a worker
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Verify proves the stipulation from the game's start position with the
 * solver (dr-solve.h) on a worker (GTask), with the window's endgame
 * tables; the solver's progress comes back through one queued idle at a
 * time (the sysprof pattern) and Cancel cancels its GCancellable.  A
 * proved stipulation is then searched for cooks along the game's main line
 * (the stated solution, 6.2.6), each alternative with a short limit of its
 * own, and the formal checks of dr-compose-check.h run on the same worker.
 * A generation number drops the answer of a verification that was
 * cancelled or overtaken.
 */

#define G_LOG_DOMAIN "dr-compose-pane"

#include "config.h"

#include "dr-compose-pane-private.h"

#include "dr-compose-solve.h"

#include <inttypes.h>
#include <glib/gi18n.h>

/* --- the verification on a worker --------------------------------------- */

typedef struct
{
  DrComposePane *self;        /* the task's source object holds it */
  guint          generation;
  const DrRules *rules;
  DrPosition     start;
  GArray        *stated;      /* DrMove: the game's main line */
  DrGame        *game;        /* a copy, for the checks of the stated solution */
  DrStipulation  st;
  DrEgdbTables  *tables;
  double         max_seconds;
  GCancellable  *cancellable;
  /* Out. */
  DrSolveResult *result;
  GPtrArray     *cooks;
  DrCheckReport *report;
  gboolean       stated_by_game; /* @stated is the game's (else the proof's) */
} VerifyJob;

static void
verify_job_free (gpointer data)
{
  VerifyJob *job = data;

  g_clear_pointer (&job->stated, g_array_unref);
  g_clear_pointer (&job->game, dr_game_free);
  dr_stipulation_clear (&job->st);
  g_clear_pointer (&job->tables, dr_egdb_tables_unref);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->result, dr_solve_result_free);
  g_clear_pointer (&job->cooks, g_ptr_array_unref);
  g_clear_pointer (&job->report, dr_check_report_free);
  g_free (job);
}

static gboolean
progress_idle_cb (gpointer data)
{
  DrComposePane *self = data;
  DrSolveProgress p;
  const char *phase;
  g_autofree char *text = NULL;

  g_mutex_lock (&self->mutex);
  self->progress_id = 0;
  p = self->latest;
  phase = self->phase != NULL ? self->phase : "";
  g_mutex_unlock (&self->mutex);
  if (!self->busy)
    return G_SOURCE_REMOVE;
  /* Translators: the solver's progress: the bound in moves, the
   * positions visited and the time. */
  text = g_strdup_printf (_("%s: depth %d · %" PRIu64 " positions · %.1f s"), phase, p.depth, (uint64_t) p.nodes,
                          p.seconds);
  gtk_progress_bar_set_text (self->progress_bar, text);
  gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_REMOVE;
}

/* On the worker: what it does next, shown with the progress. */
static void
set_phase (VerifyJob  *job,
           const char *phase)
{
  DrComposePane *self = job->self;

  g_mutex_lock (&self->mutex);
  self->phase = phase;
  if (self->progress_id == 0)
    self->progress_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, progress_idle_cb, g_object_ref (self),
                                         g_object_unref);
  g_mutex_unlock (&self->mutex);
}

/* On the solving thread. */
static void
verify_progress_cb (const DrSolveProgress *progress,
                    gpointer               data)
{
  VerifyJob *job = data;
  DrComposePane *self = job->self;

  g_mutex_lock (&self->mutex);
  self->latest = *progress;
  if (self->progress_id == 0)
    self->progress_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, progress_idle_cb, g_object_ref (self),
                                         g_object_unref);
  g_mutex_unlock (&self->mutex);
}

static void
verify_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  VerifyJob *job = data;
  DrSolveOptions options;
  GError *error = NULL;

  dr_solve_options_init (&options);
  dr_compose_options_from_stipulation (&options, &job->st);
  options.max_seconds = job->max_seconds;
  options.egdb = job->tables != NULL ? dr_egdb_tables_get (job->tables) : NULL;
  options.cancellable = job->cancellable;
  options.progress = verify_progress_cb;
  options.progress_data = job;
  /* A problem's solution ends at its finales (004 6.2.7.2).  One
   * thread: a second one beside it (draughtsman-cli solve --threads)
   * would take the window's core on a two-core machine. */
  options.finales = job->st.genre == DR_GENRE_PROBLEM || job->st.genre == DR_GENRE_UNSTATED;
  options.threads = 1;
  set_phase (job, _("Proving"));
  job->result = dr_solve (job->rules, &job->start, &options, &error);
  if (job->result == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  job->report = dr_check_report_new ();
  dr_compose_check_static (job->report, job->rules, &job->start, &job->st);
  dr_compose_check_stated (job->report, job->game, &job->st);

  /* The cooks of a proved simple stipulation, along the stated solution;
   * each alternative with a short limit of its own. */
  if (dr_solve_status_is_won (job->result->status) && job->result->n_parts == 1
      && !g_cancellable_is_cancelled (job->cancellable))
    {
      double limit = job->max_seconds > 0 ? job->max_seconds / COOK_SHARE : COOK_MAX_S;

      options.max_seconds = CLAMP (limit, COOK_MIN_S, COOK_MAX_S);
      /* Without a stated solution, the proof's main line is the one the
       * alternatives are weighed against (its key first). */
      if (job->stated->len == 0)
        dr_compose_tree_main_line (dr_solve_result_get_tree (job->result), job->stated);
      set_phase (job, _("Looking for cooks"));
      job->cooks = dr_solve_cooks (job->rules, &job->start, (const DrMove *) job->stated->data, job->stated->len,
                                   &options, &error);
      if (job->cooks == NULL)
        {
          /* The line is the game's (legal by construction) or the proof's:
           * should it fail, the report says so rather than Verify. */
          dr_check_report_add (job->report, "6.2.6", DR_CHECK_UNDECIDED, "%s", error->message);
          g_clear_error (&error);
        }
      else if (g_cancellable_is_cancelled (job->cancellable))
        g_clear_pointer (&job->cooks, g_ptr_array_unref);
    }

  /* The other checks that need the solver (6.2.4 statists and the
   * economy of the final, 6.2.5 variations, ...): their 6.2.3 and 6.2.6
   * items are left out, the rows above say the same with their lines. */
  if (dr_solve_status_is_won (job->result->status) && !g_cancellable_is_cancelled (job->cancellable))
    {
      g_autoptr (DrCheckReport) more = dr_check_report_new ();
      double limit = job->max_seconds > 0 ? job->max_seconds / COOK_SHARE : COOK_MAX_S;
      DrComposeLimits limits = { 0, CLAMP (limit, COOK_MIN_S, COOK_MAX_S), options.egdb, job->cancellable, 1 };

      set_phase (job, _("Checking statists and the final"));
      dr_compose_check_solution (more, job->game, &job->start, &job->st, &limits);
      for (guint i = 0; i < more->items->len; i++)
        {
          const DrCheckItem *item = more->items->pdata[i];

          if (!g_str_has_prefix (item->article, "6.2.3") && !g_str_has_prefix (item->article, "6.2.6")
              && !g_str_has_prefix (item->article, "6.2.7.3"))
            dr_check_report_add (job->report, item->article, item->status, "%s", item->message);
        }
    }
  g_task_return_boolean (task, TRUE);
}

static void
set_busy (DrComposePane *self,
          gboolean       busy)
{
  self->busy = busy;
  gtk_widget_set_sensitive (self->verify_button, !busy);
  gtk_widget_set_sensitive (self->cancel_button, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), busy);
}

static void
verify_done_cb (GObject      *source,
                GAsyncResult *res,
                gpointer      data)
{
  DrComposePane *self = DR_COMPOSE_PANE (source);
  VerifyJob *job = g_task_get_task_data (G_TASK (res));
  g_autoptr (GError) error = NULL;

  if (job->generation != self->generation || self->model == NULL)
    return;   /* overtaken by another verification, or the pane went */
  set_busy (self, FALSE);
  g_clear_object (&self->cancellable);
  if (!g_task_propagate_boolean (G_TASK (res), &error))
    {
      /* Translators: the solver refused the position; the reason follows. */
      g_autofree char *text = g_strdup_printf (_("Cannot verify: %s"), error->message);

      gtk_label_set_text (self->verdict_label, text);
      _dr_compose_pane_clear_checklist (self);
      self->n_finished++;
      return;
    }
  g_clear_pointer (&self->result, dr_solve_result_free);
  g_clear_pointer (&self->cooks, g_ptr_array_unref);
  g_clear_pointer (&self->report, dr_check_report_free);
  self->result = g_steal_pointer (&job->result);
  self->cooks = g_steal_pointer (&job->cooks);
  g_clear_pointer (&self->cook_basis, g_array_unref);
  self->cook_basis = g_array_ref (job->stated);
  self->basis_stated = job->stated_by_game;
  self->report = g_steal_pointer (&job->report);
  self->rules = job->rules;
  self->start = job->start;
  _dr_compose_pane_show_report (self);
  if (self->result->stop == DR_SOLVE_STOP_CANCELLED)
    gtk_label_set_text (self->verdict_label, _("Cancelled: not decided"));
  self->n_finished++;
}

void
dr_compose_pane_verify (DrComposePane *self)
{
  g_autoptr (GTask) task = NULL;
  DrGame *game;
  VerifyJob *job;

  g_return_if_fail (DR_IS_COMPOSE_PANE (self));

  if (self->apply_id != 0)
    _dr_compose_pane_apply_fields (self);
  dr_compose_pane_leave_line (self);
  /* The endgame tables it needs, offered first when they are missing. */
  if (_dr_compose_pane_tables_intercept (self))
    return;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  game = dr_game_model_get_game (self->model);
  job = g_new0 (VerifyJob, 1);
  job->self = self;
  job->generation = ++self->generation;
  job->rules = game->rules;
  job->start = game->root->position;
  job->stated = g_array_new (FALSE, FALSE, sizeof (DrMove));
  for (DrGameNode *n = game->root->children; n != NULL; n = n->children)
    g_array_append_val (job->stated, n->move);
  job->stated_by_game = job->stated->len > 0;
  job->game = dr_game_copy (game);
  _dr_compose_pane_fields_stipulation (self, &job->st);
  job->tables = self->egdb != NULL ? dr_egdb_tables_ref (self->egdb) : NULL;
  job->max_seconds = gtk_spin_button_get_value (self->time_spin);
  job->cancellable = g_object_ref (self->cancellable);

  _dr_compose_pane_clear_checklist (self);
  gtk_widget_set_visible (self->tree_expander, FALSE);
  gtk_widget_set_visible (self->add_solution_button, FALSE);
  gtk_label_set_text (self->verdict_label, _("Verifying…"));
  gtk_progress_bar_set_text (self->progress_bar, _("Starting…"));
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  set_busy (self, TRUE);

  task = g_task_new (self, NULL, verify_done_cb, NULL);
  g_task_set_source_tag (task, dr_compose_pane_verify);
  g_task_set_task_data (task, job, verify_job_free);
  g_task_run_in_thread (task, verify_thread);
}

void
dr_compose_pane_cancel (DrComposePane *self)
{
  g_return_if_fail (DR_IS_COMPOSE_PANE (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->busy)
    gtk_label_set_text (self->verdict_label, _("Cancelling…"));
}

static void
verify_clicked_cb (DrComposePane *self)
{
  dr_compose_pane_verify (self);
}

static void
cancel_clicked_cb (DrComposePane *self)
{
  dr_compose_pane_cancel (self);
}

void
_dr_compose_pane_class_init_verify (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, verify_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
}
