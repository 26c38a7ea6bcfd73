/* dr-db-pool.c — the game database the window uses, one connection per thread
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "dr-db-pool"

#include "config.h"

#include "dr-db-pool.h"

/* Connections kept for the next jobs; more are closed when given back. */
#define KEEP 3

struct _DrDbPool
{
  gatomicrefcount  ref;
  char            *path;
  GMutex           lock;
  GPtrArray       *free;   /* DrGameDb *: connections no thread uses */
};

DrDbPool *
dr_db_pool_new (const char *path)
{
  DrDbPool *self;

  g_return_val_if_fail (path != NULL, NULL);
  self = g_new0 (DrDbPool, 1);
  g_atomic_ref_count_init (&self->ref);
  self->path = g_strdup (path);
  g_mutex_init (&self->lock);
  self->free = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_gamedb_close);
  return self;
}

DrDbPool *
dr_db_pool_ref (DrDbPool *self)
{
  g_atomic_ref_count_inc (&self->ref);
  return self;
}

void
dr_db_pool_unref (DrDbPool *self)
{
  if (!g_atomic_ref_count_dec (&self->ref))
    return;
  g_ptr_array_unref (self->free);
  g_mutex_clear (&self->lock);
  g_free (self->path);
  g_free (self);
}

const char *
dr_db_pool_get_path (DrDbPool *self)
{
  return self->path;
}

DrGameDb *
dr_db_pool_take (DrDbPool  *self,
                 GError   **error)
{
  DrGameDb *db = NULL;

  g_mutex_lock (&self->lock);
  if (self->free->len > 0)
    db = g_ptr_array_steal_index_fast (self->free, self->free->len - 1);
  g_mutex_unlock (&self->lock);
  if (db == NULL)
    db = dr_gamedb_open (self->path, error);
  return db;
}

void
dr_db_pool_give (DrDbPool *self,
                 DrGameDb *db)
{
  if (db == NULL)
    return;
  g_mutex_lock (&self->lock);
  if (self->free->len < KEEP)
    {
      g_ptr_array_add (self->free, db);
      db = NULL;
    }
  g_mutex_unlock (&self->lock);
  if (db != NULL)
    dr_gamedb_close (db);
}

void
dr_db_pool_flush (DrDbPool *self)
{
  g_mutex_lock (&self->lock);
  g_ptr_array_set_size (self->free, 0);
  g_mutex_unlock (&self->lock);
}

const DrOpeningBook *
dr_app_opening_book (void)
{
  static DrOpeningBook *book;

  if (g_once_init_enter (&book))
    {
      g_autoptr (GError) error = NULL;
      DrOpeningBook *b = dr_opening_book_new_builtin (&error);

      /* The tables are built into the program and tested: a failure is a
       * bug, and the program goes on without names. */
      if (b == NULL)
        {
          g_warning ("The built-in opening tables cannot be read: %s", error->message);
          b = dr_opening_book_new ();
        }
      g_once_init_leave (&book, b);
    }
  return book;
}
