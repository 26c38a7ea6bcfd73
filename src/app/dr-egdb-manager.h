/* dr-egdb-manager.h — the application's endgame tables: folder, open tables, building
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dr-egdb.h"

G_BEGIN_DECLS

/* Open tables of one variant, shared by reference: a search keeps a
 * reference for as long as it may probe them. */
typedef struct _DrEgdbTables DrEgdbTables;

DrEgdbTables  *dr_egdb_tables_ref          (DrEgdbTables     *tables);
void           dr_egdb_tables_unref        (DrEgdbTables     *tables);
const DrEgdb  *dr_egdb_tables_get          (DrEgdbTables     *tables);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrEgdbTables, dr_egdb_tables_unref)

/* What is installed of one piece count of a variant, and what making the
 * rest would take (an estimate). */
typedef struct
{
  int      pieces;
  guint    n_slices;          /* slices with exactly this many pieces */
  guint    n_installed;       /* of them, files that pass their checks */
  guint64  bytes;             /* their size on disk */
  char    *damaged;           /* the first refused file's reason, or NULL */
  /* A build of this count makes every missing slice of 2..pieces: */
  guint    n_missing;
  guint64  missing_positions;
  guint64  estimate_bytes;
  double   estimate_seconds;
} DrEgdbCountStatus;

void           dr_egdb_count_status_free   (DrEgdbCountStatus *status);

/* Where a build stands. */
typedef struct
{
  const DrRules *rules;
  int            pieces;
  char           slice[32];   /* the slice being built, or "" */
  int            slice_index; /* 0-based among the slices to build */
  int            n_slices;
  double         fraction;    /* of the work, by positions */
} DrEgdbBuildState;

#define DR_TYPE_EGDB_MANAGER (dr_egdb_manager_get_type ())

G_DECLARE_FINAL_TYPE (DrEgdbManager, dr_egdb_manager, DR, EGDB_MANAGER, GObject)

/* The process's manager, reading the folder from @settings (the
 * "egdb-dir" key: empty for dr_egdb_default_dir()). */
DrEgdbManager *dr_egdb_manager_get_default (void);
DrEgdbManager *dr_egdb_manager_new         (GSettings        *settings);

/* The folder the tables are in (newly allocated). */
char          *dr_egdb_manager_get_dir     (DrEgdbManager    *self);
/* @dir NULL or "" for the default. */
void           dr_egdb_manager_set_dir     (DrEgdbManager    *self,
                                            const char       *dir);

/* The tables of @rules' variant (transfer full); NULL when the folder
 * has none, the variant can have none, or they cannot be opened (then
 * @error says why).  The first request starts opening them on a worker
 * thread and answers NULL: ::tables-opened says when they are there. */
DrEgdbTables  *dr_egdb_manager_get_tables  (DrEgdbManager    *self,
                                            const DrRules    *rules,
                                            char            **error);
/* Bumped whenever the tables change (another folder, a build finished). */
guint          dr_egdb_manager_get_serial  (DrEgdbManager    *self);
/* Are @rules' tables being opened? */
gboolean       dr_egdb_manager_is_opening  (DrEgdbManager    *self,
                                            const DrRules    *rules);
/* Forgets the tables opened, and says so by ::tables-changed: the next
 * request opens the folder again. */
void           dr_egdb_manager_reload      (DrEgdbManager    *self);

/* The piece counts of @rules' variant (2 .. 6 on 8x8, 2 .. 5 on 10x10),
 * installed or not: an array of DrEgdbCountStatus. */
GPtrArray     *dr_egdb_manager_survey      (DrEgdbManager    *self,
                                            const DrRules    *rules);
int            dr_egdb_manager_max_pieces  (const DrRules    *rules);
/* The survey of every variant, on a worker thread (it reads every file):
 * an array indexed by DrVariant of those arrays, NULL where a variant
 * has no tables (transfer full). */
void           dr_egdb_manager_survey_async  (DrEgdbManager       *self,
                                              GCancellable        *cancellable,
                                              GAsyncReadyCallback  callback,
                                              gpointer             user_data);
GPtrArray     *dr_egdb_manager_survey_finish (DrEgdbManager       *self,
                                              GAsyncResult        *result,
                                              GError             **error);

/* Builds the missing slices of 2..@pieces on a thread of its own:
 * ::build-progress, then ::build-finished with the error (NULL when all
 * were made; G_IO_ERROR_CANCELLED when cancelled).  What was finished is
 * kept, so building again resumes.  FALSE with @error when a build runs,
 * the folder cannot be written or has not the room. */
gboolean       dr_egdb_manager_build       (DrEgdbManager    *self,
                                            const DrRules    *rules,
                                            int               pieces,
                                            GError          **error);
void           dr_egdb_manager_cancel      (DrEgdbManager    *self);
/* The build under way, or NULL. */
const DrEgdbBuildState *dr_egdb_manager_get_build (DrEgdbManager *self);

G_END_DECLS
