/* dr-cli-egdb.h — draughtsman-cli egdb
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* argv[0] is "egdb". */
int dr_cli_egdb (int    argc,
                 char **argv);
