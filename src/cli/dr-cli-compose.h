/* dr-cli-compose.h — draughtsman-cli compose-check
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* argv[0] is "compose-check". */
int dr_cli_compose_check (int    argc,
                          char **argv);
