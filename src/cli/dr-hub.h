/* dr-hub.h — the Hub protocol, engine side
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

/* Speaks Hub 2 (Scan 3's protocol, ENGINES.md §4.1) on @in and @out until
 * "quit" or the end of @in; returns the exit status.  @weights_path (NULL:
 * none) is a weights file (dr-tune.h) read over the variant's defaults;
 * @patterns_option the pattern weights (dr_cli_patterns_for_search).
 * @level (dr-opponent.h) is the strength the engine starts at, until the
 * interface sets its parameter "level". */
int dr_hub_run (FILE       *in,
                FILE       *out,
                const char *weights_path,
                const char *patterns_option,
                int         level);
