/* dr-hub.h — the Hub protocol, engine side
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

#include "dr-search.h"

/* The largest table the engine takes, in MiB. */
#define DR_HUB_MAX_HASH_MB 4096

/* The longest line the engine reads, in bytes without its newline; a
 * longer one is refused whole.  A "pos" line is about 100 bytes plus 6 a
 * move: this is room for thousands of moves. */
#define DR_HUB_MAX_LINE 65535

/* What the engine starts with, before the interface sets anything:
 * @weights_path (NULL: none) is a weights file (dr-tune.h) read over the
 * variant's defaults; @patterns_option the pattern weights
 * (dr_cli_patterns_for_search); @level (dr-opponent.h) the strength until
 * the interface sets the parameter "level"; @threads and @hash_mb the
 * search's threads (1 to DR_SEARCH_MAX_THREADS) and table size (1 to
 * DR_HUB_MAX_HASH_MB) until it sets "threads" and "hash".  These let two
 * engines of one `match` differ. */
typedef struct
{
  const char *weights_path;
  const char *patterns_option;
  const char *book_option;      /* NULL: the book that ships; "none": none; else a file */
  int         level;
  int         threads;
  int         hash_mb;
  gboolean    probcut_set;      /* --probcut given: */
  DrProbCut   probcut;          /* its mode; else dr_probcut_for_play() of each variant */
} DrHubOptions;

/* Speaks Hub 2 (Scan 3's protocol, ENGINES.md §4.1) on @in and @out until
 * "quit" or the end of @in; returns the exit status. */
int dr_hub_run (FILE               *in,
                FILE               *out,
                const DrHubOptions *options);
