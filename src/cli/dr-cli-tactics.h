/* dr-cli-tactics.h — draughtsman-cli tactics
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* argv[0] is "tactics". */
int dr_cli_tactics (int    argc,
                    char **argv);
