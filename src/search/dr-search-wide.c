/* dr-search-wide.c — Canadian draughts handed to dr-wide-search.h
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Canadian draughts (rules->geometry->wide) does not fit the 64-bit
 * boards of dr-search.c: a searcher for it holds a DrWideSearch and
 * nothing else, and dr_search_run() hands it the position, unpacked
 * (dr-wide-rules.h), and gives its lines and moves back as DrSearchInfo
 * and DrMove (DR_MOVE_WIDE).
 */

#include "dr-search-private.h"

#include "dr-wide-rules.h"
#include "dr-wide-search.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Sets up @self, zeroed, for @rules' wide board: FALSE if memory runs out. */
bool
_dr_search_wide_init (DrSearch      *self,
                      const DrRules *rules,
                      size_t         tt_megabytes)
{
  self->rules = rules;
  self->wide = dr_wide_search_new (tt_megabytes > 0 ? tt_megabytes : 1);
  return self->wide != NULL;
}

void
_dr_search_wide_free (DrSearch *self)
{
  dr_wide_search_free (self->wide);
  self->wide = NULL;
}

/* Canadian draughts: dr-wide-search.h's search, its lines given as
 * DrSearchInfo (one line: it has no multi-PV; no repetition history). */
typedef struct
{
  const DrSearchLimits *limits;
  DrSearchInfo          last;
  bool                  any;
} WideRun;

static void
wide_info_to_line (const DrWideSearchInfo *wi,
                   DrSearchInfo           *info)
{
  memset (info, 0, sizeof *info);
  info->depth = wi->depth;
  info->seldepth = wi->seldepth;
  info->multipv = 1;
  info->score = wi->score;
  info->nodes = wi->nodes;
  info->time_ms = wi->time_ms;
  info->pv_length = wi->pv_length < DR_SEARCH_MAX_PLY ? wi->pv_length : DR_SEARCH_MAX_PLY;
  for (int i = 0; i < info->pv_length; i++)
    dr_wide_rules_move (&wi->pv[i], &info->pv[i]);
}

static void
wide_info_cb (const DrWideSearchInfo *wi,
              void                   *user_data)
{
  WideRun *run = user_data;

  wide_info_to_line (wi, &run->last);
  run->any = true;
  if (run->limits->info_func != NULL)
    run->limits->info_func (&run->last, run->limits->user_data);
}

bool
_dr_search_wide_run (DrSearch             *self,
                     const DrPosition     *root,
                     const DrSearchLimits *limits,
                     DrSearchResult       *result)
{
  DrWidePosition pos;
  DrWideSearchLimits wl = { 0 };
  DrWideSearchResult wr;
  WideRun *run = calloc (1, sizeof *run);
  bool pondering = limits->ponder_word != NULL
                   && atomic_load_explicit (limits->ponder_word, memory_order_relaxed) != 0;
  bool found;

  memset (result, 0, sizeof *result);
  if (run == NULL)
    return false;
  run->limits = limits;
  dr_wide_rules_unpack (root, &pos);
  /* Pondering: until stopped (the limits apply from the ponder-hit,
   * which this search does not see: it goes on until stopped). */
  wl.max_depth = pondering ? 0 : limits->max_depth;
  wl.max_nodes = pondering ? 0 : limits->max_nodes;
  wl.max_time_ms = pondering ? 0 : limits->max_time_ms;
  wl.abort_word = limits->abort_word;
  wl.abort_unless = limits->abort_unless;
  wl.info_func = wide_info_cb;
  wl.user_data = run;
  found = dr_wide_search_run (self->wide, &pos, &wl, &wr);
  if (found)
    {
      dr_wide_rules_move (&wr.best, &result->best);
      result->score = wr.score;
      result->depth = wr.depth;
      result->nodes = wr.nodes;
      result->time_ms = wr.time_ms;
      if (run->any)
        {
          result->n_lines = 1;
          result->lines[0] = run->last;
        }
    }
  self->run_nodes = found ? wr.nodes : 0;
  free (run);
  return found;
}
