/* dr-cli-diagram.h — draughtsman-cli diagram
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* argv[0] is "diagram". */
int dr_cli_diagram (int    argc,
                    char **argv);
