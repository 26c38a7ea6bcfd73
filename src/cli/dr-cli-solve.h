/* dr-cli-solve.h — draughtsman-cli solve
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* argv[0] is "solve". */
int dr_cli_solve (int    argc,
                  char **argv);
