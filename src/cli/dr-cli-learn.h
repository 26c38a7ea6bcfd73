/* dr-cli-learn.h — draughtsman-cli selfplay, and tune --patterns
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-pattern-fit.h"
#include "dr-patterns.h"
#include "dr-search.h"

/* argv[0] is "selfplay". */
int dr_cli_selfplay (int    argc,
                     char **argv);

/* `tune --patterns`: fits pattern weights on the selfplay files
 * @files[0..n_files-1] and writes them to @output.  @options' prior and
 * progress are set here: the weights of @prior_path (NULL: start from 0)
 * and a line every ten epochs. */
int dr_cli_tune_patterns (const DrRules              *rules,
                          DrPatternsShape             shape,
                          char                      **files,
                          int                         n_files,
                          const DrPatternFitOptions  *options,
                          const char                 *prior_path,
                          const char                 *output);

/* The --patterns option of analyse and hub: NULL keeps the shipped
 * weights, "none" the hand-set terms alone, else a weights file, which
 * must load (*@ok is FALSE and the error printed, naming @command, if
 * not).  Sets them on @search and returns what it must keep alive. */
DrPatterns *dr_cli_patterns_for_search (DrSearch   *search,
                                        const char *option,
                                        const char *command,
                                        gboolean   *ok);
