/* dr-analysis.c — the engine analysing on its own thread
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * STYLE.md §6: one persistent worker thread per DrAnalysis, fed by a
 * GAsyncQueue (an infinite analysis must not hold a thread of GLib's
 * shared pool, and the transposition table stays warm from one position
 * to the next).  An atomic generation counter is both the stop signal
 * (the search aborts as soon as it differs from the generation it was
 * started with) and the staleness check: results of an older generation
 * are dropped.  Progress from the search is stored under a mutex and
 * handed to the main thread through at most one queued idle, so however
 * fast the search reports, ::progress is emitted at most once per main
 * loop iteration.  GTK is never touched from the worker.
 */

#define G_LOG_DOMAIN "dr-analysis"

#include "config.h"

#include "dr-analysis.h"
#include "dr-movegen.h"

#include <string.h>

/* GLib's GMutex and GAsyncQueue wait on futexes, which ThreadSanitizer
 * cannot see: tell it about the orderings they give, so that a build with
 * -Db_sanitize=thread checks this file's own accesses (tests/tsan.supp
 * covers GLib's internals). */
#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define happens_after(addr)  __tsan_acquire ((void *) (addr))
#define happens_before(addr) __tsan_release ((void *) (addr))
#else
#define happens_after(addr)  ((void) (addr))
#define happens_before(addr) ((void) (addr))
#endif

typedef struct
{
  const DrRules *rules;
  DrPosition     position;
  GArray        *history;      /* DrPosition */
  int            lines;
  guint          generation;
  DrEgdbTables  *egdb;         /* a reference, or NULL */
  int            threads;
  int            hash_mb;
  int            max_depth;
  guint          max_time_ms;
} Request;

struct _DrAnalysis
{
  GObject        parent_instance;
  GThread       *thread;
  GAsyncQueue   *requests;      /* Request *, or the shutdown sentinel */
  atomic_uint    generation;
  atomic_int     search_threads;   /* what the worker's search was given */
  atomic_int     search_hash_mb;

  GMutex         mutex;         /* guards the four fields below */
  DrSearchInfo  *latest;        /* DR_SEARCH_MAX_PV of them */
  int            n_latest;
  guint          latest_generation;
  guint          notify_source;
  guint          finished_generation;   /* the search that stopped by itself */

  /* Main thread only. */
  DrSearchInfo  *lines;         /* DR_SEARCH_MAX_PV of them (too big for the instance) */
  int            n_lines;
  const DrRules *rules;
  DrPosition     position;
  gboolean       running;
  gboolean       finished;
  DrEgdbTables  *egdb;
  int            threads;
  int            hash_mb;
  int            max_depth;
  guint          max_time_ms;
};

G_DEFINE_FINAL_TYPE (DrAnalysis, dr_analysis, G_TYPE_OBJECT)

enum
{
  PROGRESS,
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];
static Request shutdown_request;

static void
request_free (Request *r)
{
  if (r == NULL || r == &shutdown_request)
    return;
  g_array_unref (r->history);
  dr_egdb_tables_unref (r->egdb);
  g_free (r);
}

static void
lock (DrAnalysis *self)
{
  g_mutex_lock (&self->mutex);
  happens_after (&self->mutex);
}

static void
unlock (DrAnalysis *self)
{
  happens_before (&self->mutex);
  g_mutex_unlock (&self->mutex);
}

/* Main thread: one idle per burst of progress. */
static gboolean
notify_cb (gpointer data)
{
  DrAnalysis *self = data;
  gboolean fresh;

  lock (self);
  self->notify_source = 0;
  fresh = self->latest_generation == atomic_load (&self->generation);
  if (fresh)
    {
      memcpy (self->lines, self->latest, DR_SEARCH_MAX_PV * sizeof *self->lines);
      self->n_lines = self->n_latest;
    }
  unlock (self);
  if (fresh)
    g_signal_emit (self, signals[PROGRESS], 0);
  return G_SOURCE_REMOVE;
}

/* Main thread: the search of a generation stopped by itself; its last
 * lines (published before this idle was queued) are shown first. */
static gboolean
finished_cb (gpointer data)
{
  DrAnalysis *self = data;
  guint current = atomic_load (&self->generation);
  gboolean fresh;
  guint pending;

  lock (self);
  fresh = self->finished_generation == current;
  pending = self->notify_source;
  unlock (self);
  /* The last lines not shown yet: shown now, before ::finished.  Only
   * this thread clears notify_source, so the idle has not run. */
  if (pending != 0)
    {
      g_source_remove (pending);
      notify_cb (self);
    }
  if (fresh && self->running)
    {
      self->finished = TRUE;
      g_signal_emit (self, signals[FINISHED], 0);
    }
  return G_SOURCE_REMOVE;
}

typedef struct
{
  DrAnalysis *self;
  guint       generation;
  int         lines;
  DrMoveList  legal;
  DrSearchInfo pending[DR_SEARCH_MAX_PV];
} WorkerState;

/* Worker thread: called by the search for each line of an iteration. */
static void
info_cb (const DrSearchInfo *info,
         void               *user_data)
{
  WorkerState *w = user_data;
  DrAnalysis *self = w->self;
  int index = info->multipv - 1;

  if (index < 0 || index >= DR_SEARCH_MAX_PV)
    return;
  w->pending[index] = *info;
  if (index + 1 < w->lines)
    return;   /* publish whole iterations */
  lock (self);
  memcpy (self->latest, w->pending, sizeof w->pending);
  self->n_latest = w->lines;
  self->latest_generation = w->generation;
  if (self->notify_source == 0)
    self->notify_source = g_idle_add_full (G_PRIORITY_DEFAULT, notify_cb, g_object_ref (self), g_object_unref);
  unlock (self);
}

static gpointer
worker (gpointer data)
{
  DrAnalysis *self = data;
  DrSearch *search = NULL;
  const DrRules *search_rules = NULL;
  DrEgdbTables *search_egdb = NULL;   /* what the search probes: kept while it may */

  for (;;)
    {
      Request *r = g_async_queue_pop (self->requests);

      happens_after (r);
      WorkerState w = { 0 };
      DrSearchLimits limits = { 0 };
      DrSearchResult result;

      if (r == &shutdown_request)
        break;
      /* Only the newest request counts. */
      if (r->generation != atomic_load (&self->generation))
        {
          request_free (r);
          continue;
        }
      if (search == NULL || search_rules != r->rules || atomic_load (&self->search_hash_mb) != r->hash_mb)
        {
          dr_search_free (search);
          search = dr_search_new_for_play (r->rules, (size_t) r->hash_mb);
          atomic_store (&self->search_hash_mb, r->hash_mb);
          atomic_store (&self->search_threads, 1);
          search_rules = r->rules;
          dr_egdb_tables_unref (search_egdb);
          search_egdb = NULL;
        }
      if (r->egdb != search_egdb)
        {
          dr_egdb_tables_unref (search_egdb);
          search_egdb = r->egdb != NULL ? dr_egdb_tables_ref (r->egdb) : NULL;
          dr_search_set_egdb (search, search_egdb != NULL ? dr_egdb_tables_get (search_egdb) : NULL);
          /* Scores stored without the tables (or with others) go. */
          dr_search_clear (search);
        }
      if (dr_search_get_threads (search) != r->threads)
        {
          if (!dr_search_set_threads (search, r->threads))
            g_warning ("the analysis cannot run on %d threads (out of memory): it runs on %d",
                       r->threads, dr_search_get_threads (search));
        }
      atomic_store (&self->search_threads, dr_search_get_threads (search));
      w.self = self;
      w.generation = r->generation;
      /* The search reports no more lines than there are moves. */
      dr_movegen_legal (r->rules, &r->position, &w.legal);
      w.lines = MIN (r->lines, (int) w.legal.n);
      /* Canadian draughts' search (dr-wide-search.h) follows one line. */
      if (r->rules->geometry->wide)
        w.lines = MIN (w.lines, 1);
      limits.multipv = w.lines;
      limits.max_depth = r->max_depth;
      limits.max_time_ms = r->max_time_ms;
      limits.abort_word = &self->generation;
      limits.abort_unless = r->generation;
      limits.info_func = info_cb;
      limits.user_data = &w;
      dr_search_set_history (search, (const DrPosition *) r->history->data, r->history->len);
      dr_search_run (search, &r->position, &limits, &result);
      /* Not stopped from outside: a limit was reached (or the position
       * solved).  The worker then waits for the next request. */
      if (atomic_load (&self->generation) == r->generation)
        {
          lock (self);
          self->finished_generation = r->generation;
          unlock (self);
          g_idle_add_full (G_PRIORITY_DEFAULT, finished_cb, g_object_ref (self), g_object_unref);
        }
      request_free (r);
    }
  dr_search_free (search);
  dr_egdb_tables_unref (search_egdb);
  return NULL;
}

static void
dr_analysis_dispose (GObject *object)
{
  DrAnalysis *self = DR_ANALYSIS (object);

  if (self->thread != NULL)
    {
      /* Stop the search, ask the worker to finish, and wait for it. */
      atomic_fetch_add (&self->generation, 1);
      g_async_queue_push_front (self->requests, &shutdown_request);
      g_thread_join (self->thread);
      self->thread = NULL;
    }
  G_OBJECT_CLASS (dr_analysis_parent_class)->dispose (object);
}

static void
dr_analysis_finalize (GObject *object)
{
  DrAnalysis *self = DR_ANALYSIS (object);
  Request *r;

  while ((r = g_async_queue_try_pop (self->requests)) != NULL)
    request_free (r);
  g_async_queue_unref (self->requests);
  g_mutex_clear (&self->mutex);
  g_free (self->latest);
  g_free (self->lines);
  dr_egdb_tables_unref (self->egdb);
  G_OBJECT_CLASS (dr_analysis_parent_class)->finalize (object);
}

static void
dr_analysis_class_init (DrAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dr_analysis_dispose;
  object_class->finalize = dr_analysis_finalize;

  /**
   * DrAnalysis::progress:
   *
   * New lines are available; coalesced to at most one emission per main
   * loop iteration, and never for a stopped or replaced analysis.
   */
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * DrAnalysis::finished:
   *
   * The search stopped by itself (its depth or time limit reached, or
   * the position solved); the lines are its last.
   */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dr_analysis_init (DrAnalysis *self)
{
  g_mutex_init (&self->mutex);
  self->latest = g_new0 (DrSearchInfo, DR_SEARCH_MAX_PV);
  self->lines = g_new0 (DrSearchInfo, DR_SEARCH_MAX_PV);
  self->requests = g_async_queue_new ();
  self->threads = 1;
  self->hash_mb = 64;
  atomic_store (&self->search_threads, 0);
  atomic_store (&self->search_hash_mb, 0);
  self->thread = g_thread_new ("analysis", worker, self);
}

DrAnalysis *
dr_analysis_new (void)
{
  return g_object_new (DR_TYPE_ANALYSIS, NULL);
}

void
dr_analysis_start (DrAnalysis       *self,
                   const DrRules    *rules,
                   const DrPosition *position,
                   const DrPosition *history,
                   gsize             n_history,
                   int               lines)
{
  Request *r;

  g_return_if_fail (DR_IS_ANALYSIS (self));
  g_return_if_fail (rules != NULL && position != NULL);

  r = g_new0 (Request, 1);
  r->rules = rules;
  r->position = *position;
  r->history = g_array_sized_new (FALSE, FALSE, sizeof (DrPosition), (guint) n_history);
  if (n_history > 0)
    g_array_append_vals (r->history, history, (guint) n_history);
  r->lines = CLAMP (lines, 1, DR_SEARCH_MAX_PV);
  r->egdb = self->egdb != NULL ? dr_egdb_tables_ref (self->egdb) : NULL;
  r->threads = self->threads;
  r->hash_mb = self->hash_mb;
  r->max_depth = self->max_depth;
  r->max_time_ms = self->max_time_ms;
  /* A new generation stops whatever runs and makes its results stale. */
  r->generation = atomic_fetch_add (&self->generation, 1) + 1;
  self->rules = rules;
  self->position = *position;
  self->n_lines = 0;
  self->running = TRUE;
  self->finished = FALSE;
  happens_before (r);
  g_async_queue_push (self->requests, r);
}

void
dr_analysis_stop (DrAnalysis *self)
{
  g_return_if_fail (DR_IS_ANALYSIS (self));

  atomic_fetch_add (&self->generation, 1);
  self->running = FALSE;
  self->finished = FALSE;
}

void
dr_analysis_set_options (DrAnalysis *self,
                         int         threads,
                         int         hash_mb,
                         int         max_depth,
                         guint       max_time_ms)
{
  g_return_if_fail (DR_IS_ANALYSIS (self));
  self->threads = CLAMP (threads, 1, DR_SEARCH_MAX_THREADS);
  self->hash_mb = MAX (hash_mb, 1);
  self->max_depth = CLAMP (max_depth, 0, DR_SEARCH_MAX_PLY);
  self->max_time_ms = max_time_ms;
}

int
dr_analysis_get_threads (DrAnalysis *self)
{
  g_return_val_if_fail (DR_IS_ANALYSIS (self), 0);
  return atomic_load (&self->search_threads);
}

int
dr_analysis_get_hash_mb (DrAnalysis *self)
{
  g_return_val_if_fail (DR_IS_ANALYSIS (self), 0);
  return atomic_load (&self->search_hash_mb);
}

gboolean
dr_analysis_get_finished (DrAnalysis *self)
{
  g_return_val_if_fail (DR_IS_ANALYSIS (self), FALSE);
  return self->finished;
}

void
dr_analysis_set_egdb (DrAnalysis   *self,
                      DrEgdbTables *tables)
{
  g_return_if_fail (DR_IS_ANALYSIS (self));
  if (tables != NULL)
    dr_egdb_tables_ref (tables);
  dr_egdb_tables_unref (self->egdb);
  self->egdb = tables;
}

guint
dr_analysis_get_generation (DrAnalysis *self)
{
  g_return_val_if_fail (DR_IS_ANALYSIS (self), 0);
  return atomic_load (&self->generation);
}

gboolean
dr_analysis_get_running (DrAnalysis *self)
{
  g_return_val_if_fail (DR_IS_ANALYSIS (self), FALSE);
  return self->running;
}

const DrSearchInfo *
dr_analysis_get_lines (DrAnalysis *self,
                       int        *n)
{
  g_return_val_if_fail (DR_IS_ANALYSIS (self), NULL);
  *n = self->n_lines;
  return self->lines;
}

const DrRules *
dr_analysis_get_rules (DrAnalysis *self)
{
  g_return_val_if_fail (DR_IS_ANALYSIS (self), NULL);
  return self->rules;
}

const DrPosition *
dr_analysis_get_position (DrAnalysis *self)
{
  g_return_val_if_fail (DR_IS_ANALYSIS (self), NULL);
  return &self->position;
}
