/* dr-egdb-manager.c — the application's endgame tables: folder, open tables, building
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One per process, without GTK.  The folder is a setting; the tables of a
 * variant are opened on first use and shared by reference (a window's
 * label, its analysis thread), so that tables replaced after a build stay
 * alive until the last search using them has stopped.  A build runs on a
 * thread of its own (it may take hours: not GLib's shared pool), reports
 * through at most one queued idle (the DrAnalysis pattern) and is stopped
 * with a GCancellable; the library keeps every finished slice, so
 * building again resumes.
 */

#define G_LOG_DOMAIN "dr-egdb-manager"

#include "config.h"

#include "dr-egdb-manager.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

struct _DrEgdbTables
{
  DrEgdb *db;
};

DrEgdbTables *
dr_egdb_tables_ref (DrEgdbTables *tables)
{
  return g_atomic_rc_box_acquire (tables);
}

static void
tables_clear (DrEgdbTables *tables)
{
  dr_egdb_free (tables->db);
}

void
dr_egdb_tables_unref (DrEgdbTables *tables)
{
  if (tables != NULL)
    g_atomic_rc_box_release_full (tables, (GDestroyNotify) tables_clear);
}

const DrEgdb *
dr_egdb_tables_get (DrEgdbTables *tables)
{
  return tables->db;
}

void
dr_egdb_count_status_free (DrEgdbCountStatus *status)
{
  if (status == NULL)
    return;
  g_free (status->damaged);
  g_free (status);
}

/* The tables opened for a variant, or why there are none; or, while
 * @opening, nothing yet: a worker is reading the folder. */
typedef struct
{
  DrEgdbTables *tables;
  char         *error;
  gboolean      opening;
} Entry;

static void
entry_free (Entry *e)
{
  dr_egdb_tables_unref (e->tables);
  g_free (e->error);
  g_free (e);
}

typedef struct
{
  DrEgdbManager *self;
  const DrRules *rules;
  int            pieces;
  char          *dir;
  GCancellable  *cancellable;
  guint64       *weights;      /* positions of each slice of the plan still to make */
  guint64        total;
  GThread       *thread;

  /* Under the manager's mutex. */
  DrEgdbBuildState state;
  gboolean       finished;
  GError        *error;
} Build;

struct _DrEgdbManager
{
  GObject     parent_instance;
  GSettings  *settings;
  GHashTable *entries;        /* const DrRules * -> Entry * */
  guint       serial;         /* ++ on each reload: older openings and surveys are dropped */
  Build      *build;          /* main thread: the build under way */
  DrEgdbBuildState shown;     /* main thread: its latest state */
  GMutex      mutex;
  guint       notify_source;
  /* The estimates' rates, per board (8x8, 10x10), until the next reload. */
  gboolean    calibrated[2];
  double      rate[2];
  double      bytes_per_position[2];
};

G_DEFINE_FINAL_TYPE (DrEgdbManager, dr_egdb_manager, G_TYPE_OBJECT)

enum
{
  TABLES_CHANGED,
  TABLES_OPENED,
  BUILD_PROGRESS,
  BUILD_FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
build_free (Build *b)
{
  g_free (b->dir);
  g_free (b->weights);
  g_clear_object (&b->cancellable);
  g_clear_error (&b->error);
  g_free (b);
}

static void
settings_changed_cb (DrEgdbManager *self,
                     const char    *key,
                     GSettings     *settings)
{
  dr_egdb_manager_reload (self);
}

static void
dr_egdb_manager_dispose (GObject *object)
{
  DrEgdbManager *self = DR_EGDB_MANAGER (object);

  if (self->build != NULL)
    {
      g_cancellable_cancel (self->build->cancellable);
      g_thread_join (self->build->thread);
      build_free (self->build);
      self->build = NULL;
    }
  g_clear_handle_id (&self->notify_source, g_source_remove);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->entries, g_hash_table_unref);
  G_OBJECT_CLASS (dr_egdb_manager_parent_class)->dispose (object);
}

static void
dr_egdb_manager_finalize (GObject *object)
{
  g_mutex_clear (&DR_EGDB_MANAGER (object)->mutex);
  G_OBJECT_CLASS (dr_egdb_manager_parent_class)->finalize (object);
}

static void
dr_egdb_manager_class_init (DrEgdbManagerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dr_egdb_manager_dispose;
  object_class->finalize = dr_egdb_manager_finalize;

  /* The folder changed or a build finished: ask for the tables again. */
  signals[TABLES_CHANGED] = g_signal_new ("tables-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The tables of a variant (the DrRules *) asked for have been opened
   * (or found missing or damaged): dr_egdb_manager_get_tables() answers
   * now. */
  signals[TABLES_OPENED] = g_signal_new ("tables-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* dr_egdb_manager_get_build() says more; at most once a main loop turn. */
  signals[BUILD_PROGRESS] = g_signal_new ("build-progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The build ended: the GError (NULL when it completed). */
  signals[BUILD_FINISHED] = g_signal_new ("build-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
dr_egdb_manager_init (DrEgdbManager *self)
{
  g_mutex_init (&self->mutex);
  self->entries = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) entry_free);
}

DrEgdbManager *
dr_egdb_manager_new (GSettings *settings)
{
  DrEgdbManager *self = g_object_new (DR_TYPE_EGDB_MANAGER, NULL);

  self->settings = g_object_ref (settings);
  g_signal_connect_swapped (settings, "changed::egdb-dir", G_CALLBACK (settings_changed_cb), self);
  return self;
}

DrEgdbManager *
dr_egdb_manager_get_default (void)
{
  static DrEgdbManager *manager;

  if (manager == NULL)
    {
      g_autoptr (GSettings) settings = g_settings_new (APP_ID);
      manager = dr_egdb_manager_new (settings);
    }
  return manager;
}

char *
dr_egdb_manager_get_dir (DrEgdbManager *self)
{
  g_autofree char *dir = NULL;

  g_return_val_if_fail (DR_IS_EGDB_MANAGER (self), NULL);
  dir = g_settings_get_string (self->settings, "egdb-dir");
  if (*dir == '\0')
    return dr_egdb_default_dir ();
  return g_steal_pointer (&dir);
}

void
dr_egdb_manager_set_dir (DrEgdbManager *self,
                         const char    *dir)
{
  g_return_if_fail (DR_IS_EGDB_MANAGER (self));
  g_settings_set_string (self->settings, "egdb-dir", dir != NULL ? dir : "");
}

void
dr_egdb_manager_reload (DrEgdbManager *self)
{
  g_return_if_fail (DR_IS_EGDB_MANAGER (self));
  g_hash_table_remove_all (self->entries);
  self->serial++;
  self->calibrated[0] = self->calibrated[1] = FALSE;
  g_signal_emit (self, signals[TABLES_CHANGED], 0);
}

/* Opening ------------------------------------------------------------------- */

/* One opening of a variant's tables; owns copies only. */
typedef struct
{
  const DrRules *rules;
  char          *dir;
  guint          serial;
  DrEgdb        *db;
  GError        *error;
} Opening;

static void
opening_free (Opening *o)
{
  g_free (o->dir);
  dr_egdb_free (o->db);
  g_clear_error (&o->error);
  g_free (o);
}

/* Worker thread (GLib's pool): dr_egdb_open checks every file's header and
 * block index, which takes long with many or large files.  Nothing here
 * touches the manager. */
static void
open_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Opening *o = data;

  o->db = dr_egdb_open (o->rules, o->dir, &o->error);
  g_task_return_boolean (task, TRUE);
}

/* Main thread. */
static void
open_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  DrEgdbManager *self = DR_EGDB_MANAGER (source);
  Opening *o = g_task_get_task_data (G_TASK (result));
  Entry *e;

  /* The folder changed meanwhile (or the manager went): another opening
   * follows, if anyone asks. */
  if (self->entries == NULL || o->serial != self->serial)
    return;
  e = g_hash_table_lookup (self->entries, o->rules);
  if (e == NULL || !e->opening)
    return;
  e->opening = FALSE;
  if (o->db != NULL && dr_egdb_max_pieces (o->db) > 0)
    {
      e->tables = g_atomic_rc_box_new0 (DrEgdbTables);
      e->tables->db = g_steal_pointer (&o->db);
    }
  if (o->error != NULL)
    {
      e->error = g_strdup (o->error->message);
      g_message ("%s", o->error->message);
    }
  g_signal_emit (self, signals[TABLES_OPENED], 0, o->rules);
}

DrEgdbTables *
dr_egdb_manager_get_tables (DrEgdbManager *self,
                            const DrRules *rules,
                            char         **error)
{
  Entry *e;

  g_return_val_if_fail (DR_IS_EGDB_MANAGER (self), NULL);
  if (error != NULL)
    *error = NULL;
  e = g_hash_table_lookup (self->entries, rules);
  if (e == NULL)
    {
      e = g_new0 (Entry, 1);
      g_hash_table_insert (self->entries, (gpointer) rules, e);
      if (dr_egdb_supported (rules))
        {
          g_autoptr (GTask) task = g_task_new (self, NULL, open_done_cb, NULL);
          Opening *o = g_new0 (Opening, 1);

          o->rules = rules;
          o->dir = dr_egdb_manager_get_dir (self);
          o->serial = self->serial;
          e->opening = TRUE;
          g_task_set_source_tag (task, dr_egdb_manager_get_tables);
          g_task_set_task_data (task, o, (GDestroyNotify) opening_free);
          g_task_run_in_thread (task, open_thread);
        }
      return NULL;
    }
  if (error != NULL)
    *error = g_strdup (e->error);
  return e->tables != NULL ? dr_egdb_tables_ref (e->tables) : NULL;
}

guint
dr_egdb_manager_get_serial (DrEgdbManager *self)
{
  g_return_val_if_fail (DR_IS_EGDB_MANAGER (self), 0);
  return self->serial;
}

gboolean
dr_egdb_manager_is_opening (DrEgdbManager *self,
                            const DrRules *rules)
{
  Entry *e;

  g_return_val_if_fail (DR_IS_EGDB_MANAGER (self), FALSE);
  e = g_hash_table_lookup (self->entries, rules);
  return e != NULL && e->opening;
}

int
dr_egdb_manager_max_pieces (const DrRules *rules)
{
  return rules->geometry->n_squares > 32 ? 5 : 6;
}

/* Estimates ------------------------------------------------------------------ */

/* Positions a second and bytes a position: what the installed tables of
 * this board size took (their files record the build time) if they are
 * many, else the
 * figures measured for README.md ("Beyond one machine": 8x8 1.6-2.0 M
 * positions a second, 10x10 1.35-2.4 M), the slower end.  Bytes a
 * position are format 2's, values and distances together (English 2-5
 * 0.57, Russian 2-5 0.29: the README's egdb section), the larger end;
 * for 10x10 format 1's 0.31, format 2 being smaller still. */
static void
calibrate (const char    *dir,
           const DrRules *rules,
           double        *rate,
           double        *bytes_per_position)
{
  g_autoptr (GPtrArray) all = dr_egdb_list (dir, NULL, NULL);
  guint64 positions = 0, bytes = 0;
  double seconds = 0;

  for (guint i = 0; i < all->len; i++)
    {
      DrEgdbTableInfo *t = g_ptr_array_index (all, i);
      const DrRules *r = dr_rules_from_name (t->variant);

      if (t->positions == 0 || r == NULL || r->geometry->n_squares != rules->geometry->n_squares)
        continue;
      positions += t->positions;
      bytes += t->file_size;
      seconds += t->build_seconds;
    }
  *rate = rules->geometry->n_squares > 32 ? 1.35e6 : 1.6e6;
  *bytes_per_position = rules->geometry->n_squares > 32 ? 0.31 : 0.57;
  /* Small tables stay in the processor's caches (a 4-piece set builds
   * three times as fast a position as a 6-piece one) and are mostly
   * headers: only a set of the size of the 5-piece ones tells. */
  if (positions >= 100000000 && seconds > 0)
    {
      *rate = (double) positions / seconds;
      *bytes_per_position = (double) bytes / (double) positions;
    }
}

static int
slice_pieces (const char *name)
{
  int n = 0;

  for (const char *c = name; *c != '\0'; c++)
    n += *c == 'm' || *c == 'k';
  return n;
}

/* What the folder @dir holds of @rules' variant: pure, for any thread. */
static GPtrArray *
survey_variant (const char    *dir,
                const DrRules *rules,
                double         rate,
                double         per_position)
{
  int max = dr_egdb_manager_max_pieces (rules);
  g_autoptr (GPtrArray) installed = dr_egdb_list (dir, rules, NULL);
  g_autoptr (GPtrArray) plan = dr_egdb_plan (rules, max, NULL);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_egdb_count_status_free);
  guint64 missing_positions = 0;
  guint n_missing = 0;

  if (plan == NULL)
    return out;
  for (int pieces = 2; pieces <= max; pieces++)
    {
      DrEgdbCountStatus *s = g_new0 (DrEgdbCountStatus, 1);

      s->pieces = pieces;
      for (guint i = 0; i < plan->len; i++)
        {
          const char *name = g_ptr_array_index (plan, i);
          DrEgdbTableInfo *found = NULL;

          if (slice_pieces (name) != pieces)
            continue;
          s->n_slices++;
          for (guint j = 0; j < installed->len && found == NULL; j++)
            if (g_str_equal (((DrEgdbTableInfo *) g_ptr_array_index (installed, j))->slice, name))
              found = g_ptr_array_index (installed, j);
          if (found != NULL && found->positions > 0)
            {
              s->n_installed++;
              s->bytes += found->file_size;
              continue;
            }
          if (found != NULL && s->damaged == NULL)
            s->damaged = g_strdup (found->error);
          n_missing++;
          missing_positions += dr_egdb_slice_positions (rules, name, NULL);
        }
      /* A build of this count makes the smaller counts' missing slices too. */
      s->n_missing = n_missing;
      s->missing_positions = missing_positions;
      s->estimate_bytes = (guint64) ((double) missing_positions * per_position);
      s->estimate_seconds = (double) missing_positions / rate;
      g_ptr_array_add (out, s);
    }
  return out;
}

GPtrArray *
dr_egdb_manager_survey (DrEgdbManager *self,
                        const DrRules *rules)
{
  g_autofree char *dir = NULL;
  int board;

  g_return_val_if_fail (DR_IS_EGDB_MANAGER (self), NULL);
  dir = dr_egdb_manager_get_dir (self);
  board = rules->geometry->n_squares > 32;
  /* Every file of the folder is read for it: once. */
  if (!self->calibrated[board])
    {
      calibrate (dir, rules, &self->rate[board], &self->bytes_per_position[board]);
      self->calibrated[board] = TRUE;
    }
  return survey_variant (dir, rules, self->rate[board], self->bytes_per_position[board]);
}

/* One survey of every variant; owns copies only. */
typedef struct
{
  char      *dir;
  guint      serial;
  gboolean   calibrated[2];
  double     rate[2];
  double     bytes_per_position[2];
  GPtrArray *variants;        /* GPtrArray * per DrVariant (NULL: no tables) */
} Survey;

static void
variant_survey_free (GPtrArray *survey)
{
  if (survey != NULL)
    g_ptr_array_unref (survey);
}

static void
survey_free (Survey *v)
{
  g_free (v->dir);
  g_clear_pointer (&v->variants, g_ptr_array_unref);
  g_free (v);
}

/* Worker thread: reads every file's header and index, as dr_egdb_open. */
static void
survey_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Survey *v = data;

  v->variants = g_ptr_array_new_with_free_func ((GDestroyNotify) variant_survey_free);
  for (int i = 0; i < DR_N_VARIANTS; i++)
    {
      const DrRules *rules = dr_rules_get ((DrVariant) i);
      int board = rules->geometry->n_squares > 32;

      if (g_cancellable_is_cancelled (cancellable) || !dr_egdb_supported (rules))
        {
          g_ptr_array_add (v->variants, NULL);
          continue;
        }
      if (!v->calibrated[board])
        {
          calibrate (v->dir, rules, &v->rate[board], &v->bytes_per_position[board]);
          v->calibrated[board] = TRUE;
        }
      g_ptr_array_add (v->variants, survey_variant (v->dir, rules, v->rate[board], v->bytes_per_position[board]));
    }
  g_task_return_boolean (task, !g_cancellable_is_cancelled (cancellable));
}

void
dr_egdb_manager_survey_async (DrEgdbManager       *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  Survey *v;

  g_return_if_fail (DR_IS_EGDB_MANAGER (self));
  task = g_task_new (self, cancellable, callback, user_data);
  v = g_new0 (Survey, 1);
  v->dir = dr_egdb_manager_get_dir (self);
  v->serial = self->serial;
  for (int board = 0; board < 2; board++)
    {
      v->calibrated[board] = self->calibrated[board];
      v->rate[board] = self->rate[board];
      v->bytes_per_position[board] = self->bytes_per_position[board];
    }
  g_task_set_source_tag (task, dr_egdb_manager_survey_async);
  g_task_set_task_data (task, v, (GDestroyNotify) survey_free);
  g_task_set_check_cancellable (task, TRUE);
  g_task_run_in_thread (task, survey_thread);
}

GPtrArray *
dr_egdb_manager_survey_finish (DrEgdbManager  *self,
                               GAsyncResult   *result,
                               GError        **error)
{
  Survey *v;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  v = g_task_get_task_data (G_TASK (result));
  /* The rates are kept for the next survey of the same folder. */
  if (v->serial == self->serial)
    for (int board = 0; board < 2; board++)
      if (v->calibrated[board] && !self->calibrated[board])
        {
          self->calibrated[board] = TRUE;
          self->rate[board] = v->rate[board];
          self->bytes_per_position[board] = v->bytes_per_position[board];
        }
  return g_steal_pointer (&v->variants);
}

/* Building --------------------------------------------------------------------- */

static gboolean
build_notify_cb (gpointer data)
{
  DrEgdbManager *self = data;
  Build *b = self->build;
  gboolean finished;
  GError *error = NULL;

  g_mutex_lock (&self->mutex);
  self->notify_source = 0;
  if (b == NULL)
    {
      g_mutex_unlock (&self->mutex);
      return G_SOURCE_REMOVE;
    }
  self->shown = b->state;
  finished = b->finished;
  if (finished)
    error = g_steal_pointer (&b->error);
  g_mutex_unlock (&self->mutex);

  if (!finished)
    {
      g_signal_emit (self, signals[BUILD_PROGRESS], 0);
      return G_SOURCE_REMOVE;
    }
  g_thread_join (b->thread);
  self->build = NULL;
  build_free (b);
  /* The new files are read from now on. */
  dr_egdb_manager_reload (self);
  g_signal_emit (self, signals[BUILD_FINISHED], 0, error);
  g_clear_error (&error);
  return G_SOURCE_REMOVE;
}

/* Build thread, with the mutex held. */
static void
queue_notify (DrEgdbManager *self)
{
  if (self->notify_source == 0)
    self->notify_source = g_idle_add_full (G_PRIORITY_DEFAULT, build_notify_cb, g_object_ref (self),
                                           g_object_unref);
}

/* Build thread. */
static void
build_progress_cb (const DrEgdbProgress *p,
                   gpointer              data)
{
  Build *b = data;
  double done = 0, part = 0;

  for (int i = 0; i < p->slice_index; i++)
    done += (double) b->weights[i];
  /* The first pass takes most of a slice's time, the levels the rest. */
  if (g_str_equal (p->stage, "init"))
    part = p->total > 0 ? 0.6 * (double) p->done / (double) p->total : 0;
  else if (g_str_equal (p->stage, "level"))
    part = 0.6 + (p->total > 0 ? 0.35 * (double) p->done / (double) p->total : 0);
  else if (g_str_equal (p->stage, "write"))
    part = 0.95;
  else if (g_str_equal (p->stage, "done"))
    part = 1;
  done += part * (double) b->weights[p->slice_index];

  g_mutex_lock (&b->self->mutex);
  g_strlcpy (b->state.slice, p->slice, sizeof b->state.slice);
  b->state.slice_index = p->slice_index;
  b->state.n_slices = p->n_slices;
  b->state.fraction = b->total > 0 ? MIN (done / (double) b->total, 1.0) : 1.0;
  queue_notify (b->self);
  g_mutex_unlock (&b->self->mutex);
}

/* Build thread: a table is written to a temporary file renamed into place
 * when complete (g_file_set_contents, dr-egdb-file.c), so a build stopped
 * leaves no table half-written; a temporary file that a program killed
 * while writing left (<slice>.egdb.XXXXXX, or the distances'
 * <slice>.dist.XXXXXX) is removed here. */
static void
remove_partial_files (const char    *dir,
                      const DrRules *rules)
{
  g_autofree char *folder = g_build_filename (dir, rules->name, NULL);
  g_autoptr (GDir) d = g_dir_open (folder, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      const char *suffix = strstr (name, ".egdb.");

      if (suffix == NULL)
        suffix = strstr (name, ".dist.");
      if (suffix != NULL && strlen (suffix) == strlen (".egdb.XXXXXX"))
        {
          g_autofree char *path = g_build_filename (folder, name, NULL);

          if (g_remove (path) != 0)
            g_warning ("Cannot remove the unfinished table %s: %s", path, g_strerror (errno));
        }
    }
}

static gpointer
build_thread (gpointer data)
{
  Build *b = data;
  DrEgdbBuildOptions options = { b->rules, b->dir, b->pieces, NULL, 1 };
  GError *error = NULL;

  if (!dr_egdb_build (&options, build_progress_cb, b, b->cancellable, &error))
    remove_partial_files (b->dir, b->rules);
  g_mutex_lock (&b->self->mutex);
  b->finished = TRUE;
  b->error = error;
  queue_notify (b->self);
  g_mutex_unlock (&b->self->mutex);
  return NULL;
}

/* The free space of the file system @dir is on (or would be on), or
 * G_MAXUINT64 when it cannot be told. */
static guint64
free_space (const char *dir)
{
  g_autoptr (GFile) file = g_file_new_for_path (dir);

  while (file != NULL)
    {
      g_autoptr (GFileInfo) info = g_file_query_filesystem_info (file, G_FILE_ATTRIBUTE_FILESYSTEM_FREE, NULL,
                                                                 NULL);
      GFile *parent;

      if (info != NULL && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_FILESYSTEM_FREE))
        return g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_FILESYSTEM_FREE);
      parent = g_file_get_parent (file);
      g_object_unref (file);
      file = parent;
    }
  return G_MAXUINT64;
}

gboolean
dr_egdb_manager_build (DrEgdbManager *self,
                       const DrRules *rules,
                       int            pieces,
                       GError       **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *folder = NULL;
  g_autoptr (GPtrArray) plan = NULL;
  g_autoptr (GPtrArray) installed = NULL;
  g_autoptr (GPtrArray) survey = NULL;
  DrEgdbCountStatus *status;
  guint64 room;
  Build *b;

  g_return_val_if_fail (DR_IS_EGDB_MANAGER (self), FALSE);

  if (self->build != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY, _("Tables are being generated already"));
      return FALSE;
    }
  if ((plan = dr_egdb_plan (rules, pieces, error)) == NULL)
    return FALSE;
  dir = dr_egdb_manager_get_dir (self);
  folder = g_build_filename (dir, rules->name, NULL);
  /* Said now rather than after the first slice. */
  if (g_mkdir_with_parents (folder, 0755) != 0 || g_access (folder, W_OK) != 0)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), _("The folder %s cannot be written: %s"),
                   folder, g_strerror (saved));
      return FALSE;
    }
  survey = dr_egdb_manager_survey (self, rules);
  status = g_ptr_array_index (survey, pieces - 2);
  room = free_space (folder);
  if (status->estimate_bytes > room)
    {
      g_autofree char *need = g_format_size (status->estimate_bytes);
      g_autofree char *have = g_format_size (room);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("Not enough space in %s: the tables need about %s, %s is free"), folder, need, have);
      return FALSE;
    }

  b = g_new0 (Build, 1);
  b->self = self;
  b->rules = rules;
  b->pieces = pieces;
  b->dir = g_steal_pointer (&dir);
  b->cancellable = g_cancellable_new ();
  b->weights = g_new0 (guint64, plan->len);
  installed = dr_egdb_list (b->dir, rules, NULL);
  for (guint i = 0; i < plan->len; i++)
    {
      gboolean have = FALSE;

      for (guint j = 0; j < installed->len && !have; j++)
        {
          DrEgdbTableInfo *t = g_ptr_array_index (installed, j);
          have = t->positions > 0 && g_str_equal (t->slice, g_ptr_array_index (plan, i));
        }
      b->weights[i] = have ? 0 : dr_egdb_slice_positions (rules, g_ptr_array_index (plan, i), NULL);
      b->total += b->weights[i];
    }
  b->state.rules = rules;
  b->state.pieces = pieces;
  b->state.n_slices = (int) plan->len;
  self->shown = b->state;
  self->build = b;
  b->thread = g_thread_new ("egdb-build", build_thread, b);
  g_signal_emit (self, signals[BUILD_PROGRESS], 0);
  return TRUE;
}

void
dr_egdb_manager_cancel (DrEgdbManager *self)
{
  g_return_if_fail (DR_IS_EGDB_MANAGER (self));
  if (self->build != NULL)
    g_cancellable_cancel (self->build->cancellable);
}

const DrEgdbBuildState *
dr_egdb_manager_get_build (DrEgdbManager *self)
{
  g_return_val_if_fail (DR_IS_EGDB_MANAGER (self), NULL);
  return self->build != NULL ? &self->shown : NULL;
}
