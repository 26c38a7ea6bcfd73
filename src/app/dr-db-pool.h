/* dr-db-pool.h — the game database the window uses, one connection per thread
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A DrGameDb is one SQLite connection for one thread at a time.  The
 * explorer, the search and the game loads run on worker threads, one job
 * after another: a DrDbPool hands each job a connection of its own and
 * keeps it when given back, so a job does not pay for opening the file.
 */
#pragma once

#include "dr-gamedb.h"

G_BEGIN_DECLS

typedef struct _DrDbPool DrDbPool;

DrDbPool   *dr_db_pool_new              (const char *path);
DrDbPool   *dr_db_pool_ref              (DrDbPool   *self);
void        dr_db_pool_unref            (DrDbPool   *self);
const char *dr_db_pool_get_path         (DrDbPool   *self);
/* A connection for the calling thread alone, opened (and the file made)
 * if none is free; give it back with dr_db_pool_give().  Any thread. */
DrGameDb   *dr_db_pool_take             (DrDbPool   *self,
                                         GError    **error);
void        dr_db_pool_give             (DrDbPool   *self,
                                         DrGameDb   *db);
/* Drops the connections kept (after an import, so the next job sees the
 * file as it is now; WAL readers would see it anyway). */
void        dr_db_pool_flush            (DrDbPool   *self);

/* The opening names built into the program, read once; shared by every
 * thread (a book is read-only). */
const DrOpeningBook *dr_app_opening_book (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrDbPool, dr_db_pool_unref)

G_END_DECLS
