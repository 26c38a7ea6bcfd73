/* dr-cli-db.h — draughtsman-cli db: the game database from the command line
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dr-game.h"

G_BEGIN_DECLS

/* draughtsman-cli db SUBCOMMAND ... (@argv[0] is "db"). */
int       dr_cli_db_command        (int      argc,
                                    char   **argv);

/* pdn-convert --classify: sets @game's Opening tag to the name (or
 * ballot) of its opening when one is recognised.  The opening tables are
 * read on the first call and kept in *@book (free it with
 * dr_cli_db_classify_done()).  Returns FALSE, with a message printed, if
 * they cannot be read. */
gboolean  dr_cli_db_classify       (DrGame  *game,
                                    gpointer *book);
void      dr_cli_db_classify_done  (gpointer book);

G_END_DECLS
