/* dr-cli-book.h — draughtsman-cli book
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

/* argv[0] is "book". */
int dr_cli_book (int    argc,
                 char **argv);
