/* dr-search-smp.c — Lazy SMP: the helper threads of a search
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Step 8 of dr-search.c: dr_search_set_threads() gives a searcher helpers,
 * searchers of their own that share its transposition table; each
 * dr_search_run() starts them on the same root, each on a thread, and
 * stops and joins them when its own iterations end.  Which iteration a
 * helper searches is dr_search_helper_depth()'s choice.
 */

#include "dr-search-private.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

void
_dr_search_free_helpers (DrSearch *self)
{
  for (int i = 0; i < self->n_helpers; i++)
    dr_search_free (self->helpers[i]);
  free (self->helpers);
  self->helpers = NULL;
  self->n_helpers = 0;
}

/* A searcher on @main's table, weights, tables and game, for a thread of
 * its own. */
static DrSearch *
helper_new (DrSearch *main,
            int       index)
{
  DrSearch *self = calloc (1, sizeof *self);

  if (self == NULL)
    return NULL;
  _dr_search_set_rules (self, main->rules);
  self->tt = main->tt;
  self->tt_mask = main->tt_mask;
  self->shared_tt = true;
  self->first_depth = 1;
  self->helper_index = index + 1;
  self->main = main;
  if (posix_memalign ((void **) &self->lists, 64, (DR_SEARCH_MAX_PLY + 1) * LIST_STRIDE) != 0)
    {
      free (self);
      return NULL;
    }
  for (int ply = 0; ply <= DR_SEARCH_MAX_PLY; ply++)
    list_at (self, ply)->all_paths = false;
  self->weights = dr_eval_default_weights (self->rules);
  dr_search_set_weights (self, main->weights == &main->own_weights ? &main->own_weights : NULL);
  dr_search_set_egdb (self, main->egdb);
  self->patterns = main->patterns;
  self->probcut = main->probcut;
  memset (self->killers, -1, sizeof self->killers);
  return self;
}

/**
 * dr_search_set_threads:
 * @self: a searcher
 * @threads: threads to search with, 1 to %DR_SEARCH_MAX_THREADS
 *
 * Lazy SMP: dr_search_run() searches on @threads threads, the calling one
 * and @threads - 1 helpers sharing the table.  Returns FALSE (and keeps
 * the threads it had) if memory runs out.
 */
bool
dr_search_set_threads (DrSearch *self,
                       int       threads)
{
  DrSearch **helpers;
  int n = threads < 1 ? 0 : threads > DR_SEARCH_MAX_THREADS ? DR_SEARCH_MAX_THREADS - 1 : threads - 1;

  if (self->shared_tt)
    return false;
  if (self->wide != NULL)
    return true;        /* one thread (dr-wide-search.h) */
  if (n == self->n_helpers)
    return true;
  helpers = n > 0 ? calloc ((size_t) n, sizeof *helpers) : NULL;
  if (n > 0 && helpers == NULL)
    return false;
  for (int i = 0; i < n; i++)
    {
      helpers[i] = helper_new (self, i);
      if (helpers[i] == NULL)
        {
          for (int j = 0; j < i; j++)
            dr_search_free (helpers[j]);
          free (helpers);
          return false;
        }
    }
  _dr_search_free_helpers (self);
  self->helpers = helpers;
  self->n_helpers = n;
  if (self->n_game > 0)
    for (int i = 0; i < n; i++)
      {
        DrSearch *h = helpers[i];

        h->game_hashes = malloc (self->n_game * sizeof (uint64_t));
        if (h->game_hashes != NULL)
          {
            memcpy (h->game_hashes, self->game_hashes, self->n_game * sizeof (uint64_t));
            h->n_game = self->n_game;
            h->game_reversible = self->game_reversible;
          }
      }
  return true;
}

int
dr_search_get_threads (DrSearch *self)
{
  return self->n_helpers + 1;
}

uint64_t
dr_search_get_thread_nodes (DrSearch *self,
                            int       thread)
{
  if (thread == 0)
    return self->run_nodes;
  if (thread < 0 || thread > self->n_helpers)
    return 0;
  return self->helpers[thread - 1]->run_nodes;
}

/* Lazy SMP, step 8: which iteration helper @helper searches after its
 * last, at @depth or deeper, while the main searcher is on @main_depth.
 * Not one the main searcher has started: helper 1 goes a ply ahead of
 * it, helper 2 two plies, and so on by turns (helper k at least
 * 1 + (k - 1) % 2 ahead), so that the table holds the next iteration's
 * nodes when the main search gets there.  From the third helper on, a
 * helper also skips iterations, by runs of 1 + (k - 1) / 4 depths from a
 * phase of its own, as Stockfish's helpers did (the idea only, after its
 * skip tables), so that no two search in step. */
int
dr_search_helper_depth (int helper,
                        int depth,
                        int main_depth)
{
  int ahead = 1 + (helper - 1) % 2;
  int run = 1 + (helper - 1) / 4;
  int phase = helper;

  if (helper < 1)
    return depth;
  if (depth < main_depth + ahead)
    depth = main_depth + ahead;
  if (helper >= 3)
    while (((depth + phase) / run) % 2 != 0)
      depth++;
  return depth;
}

/* Lazy SMP: the helpers' threads. */
typedef struct
{
  DrSearch       *helper;
  DrPosition      root;
  DrSearchLimits  limits;
  DrSearchResult  result;
  pthread_t       thread;
  bool            started;
} HelperRun;

static void *
helper_thread (void *data)
{
  HelperRun *run = data;

  dr_search_run (run->helper, &run->root, &run->limits, &run->result);
  return NULL;
}

/* Starts the helpers on @root: they search until dr_search_run() on
 * @self stops them (or their depth limit, @limits' own). */
void
_dr_search_start_helpers (DrSearch             *self,
                          const DrPosition     *root,
                          const DrSearchLimits *limits)
{
  HelperRun *runs;

  self->helper_runs = NULL;
  if (self->n_helpers == 0)
    return;
  runs = calloc ((size_t) self->n_helpers, sizeof *runs);
  if (runs == NULL)
    return;      /* searched on one thread */
  atomic_store (&self->smp_stop, 0);
  for (int i = 0; i < self->n_helpers; i++)
    {
      HelperRun *run = &runs[i];

      run->helper = self->helpers[i];
      run->root = *root;
      run->limits.max_depth = limits->max_depth;
      run->limits.multipv = 1;
      run->limits.abort_word = &self->smp_stop;
      run->limits.abort_unless = 0;
      run->helper->path[0] = root->hash;
      atomic_store_explicit (&run->helper->published_nodes, 0, memory_order_relaxed);
      run->started = pthread_create (&run->thread, NULL, helper_thread, run) == 0;
    }
  self->helper_runs = runs;
}

/* The helpers' nodes so far, as they last published them. */
uint64_t
_dr_search_helper_nodes (DrSearch *self)
{
  uint64_t n = 0;

  if (self->helper_runs == NULL)
    return 0;
  for (int i = 0; i < self->n_helpers; i++)
    n += atomic_load_explicit (&self->helpers[i]->published_nodes, memory_order_relaxed);
  return n;
}

/* Stops and joins the helpers; returns their nodes. */
uint64_t
_dr_search_stop_helpers (DrSearch *self)
{
  HelperRun *runs = self->helper_runs;
  uint64_t n = 0;

  if (runs == NULL)
    return 0;
  atomic_store (&self->smp_stop, 1);
  for (int i = 0; i < self->n_helpers; i++)
    if (runs[i].started)
      {
        pthread_join (runs[i].thread, NULL);
        n += runs[i].result.nodes;
      }
  free (runs);
  self->helper_runs = NULL;
  return n;
}
