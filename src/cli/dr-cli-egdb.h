/* dr-cli-egdb.h — draughtsman-cli egdb
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-egdb.h"

/* argv[0] is "egdb". */
int dr_cli_egdb (int    argc,
                 char **argv);

/* The tables of @rules for a search (analyse, hub): under @dir, or the
 * default folder if @dir is NULL; none if @dir is "" or holds none.  A
 * table that fails its checks is reported on standard error, naming
 * @command, and the search goes without tables. */
DrEgdb *dr_cli_egdb_for_search (const DrRules *rules,
                                const char    *dir,
                                const char    *command);
