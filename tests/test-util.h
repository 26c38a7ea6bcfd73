/* test-util.h — small helpers shared by the test programs
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Header-only (static inline), so each test program stays one source file.
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <time.h>

#include "dr-geometry.h"
#include "dr-movegen.h"

/* The bit of International square @number (1 = b10, 46 = a1, rows of five). */
static inline int
n10 (int number)
{
  int bit = dr_geometry_bit_from_number (&dr_geometry_10x10, number);

  g_assert_cmpint (bit, >=, 0);
  return bit;
}

static inline gboolean test_loses_within (const DrRules *rules, const DrPosition *pos, int plies);

/* An exhaustive solver, independent of our search (test-search.c and
 * test-opponent.c check the search against it): can the side to move
 * force the opponent out of moves within @plies plies?  Plain minimax over
 * dr_movegen_legal(): no evaluation, no pruning, no table, no draw rule
 * (none can apply in so few plies). */
static inline gboolean
test_wins_within (const DrRules    *rules,
                  const DrPosition *pos,
                  int               plies)
{
  g_autofree DrMoveList *list = NULL;

  if (plies < 1)
    return FALSE;
  list = g_new0 (DrMoveList, 1);
  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;

      dr_position_apply (&child, pos, &list->moves[i]);
      if (test_loses_within (rules, &child, plies - 1))
        return TRUE;
    }
  return FALSE;
}

/* Has the side to move no move now, or does every move let the opponent
 * win within @plies - 1 plies? */
static inline gboolean
test_loses_within (const DrRules    *rules,
                   const DrPosition *pos,
                   int               plies)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, list);
  if (list->n == 0)
    return TRUE;
  if (plies < 2)
    return FALSE;
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;

      dr_position_apply (&child, pos, &list->moves[i]);
      if (!test_wins_within (rules, &child, plies - 1))
        return FALSE;
    }
  return TRUE;
}

/* The positions of random games in @rules from a fixed seed, one a ply,
 * @n of them. */
static inline GArray *
test_random_positions (const DrRules *rules,
                       guint          n,
                       guint32        seed)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);

  while (out->len < n)
    {
      DrPosition pos;

      dr_rules_initial (rules, &pos);
      for (int ply = 0; ply < 150 && out->len < n; ply++)
        {
          dr_movegen_legal (rules, &pos, list);
          if (list->n == 0)
            break;
          dr_position_apply (&pos, &pos, &list->moves[g_rand_int_range (rand, 0, (gint32) list->n)]);
          g_array_append_val (out, pos);
        }
    }
  return out;
}

/* Is @move one of the legal moves of @pos under @rules? */
static inline gboolean
test_move_is_legal (const DrRules    *rules,
                    const DrPosition *pos,
                    const DrMove     *move)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    if (dr_move_same (&list->moves[i], move))
      return TRUE;
  return FALSE;
}

/* The calling thread's processor time in µs: on a loaded machine the wall
 * clock also counts the time other processes had the processor. */
static inline gint64
test_thread_cpu_us (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Runs the default main context for @ms milliseconds. */
static inline void
test_iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (2000);
}

/* Set in the tests' environment by a strict build (meson -Dstrict_tests=true,
 * which .ci/setup-build passes when CI=true). */
static inline gboolean
test_strict (void)
{
  return g_strcmp0 (g_getenv ("DRAUGHTSMAN_STRICT_TESTS"), "1") == 0;
}

/* A test whose prerequisite (a display, a program, the shared data) is
 * missing: skipped with @reason, or failed in a strict build, where
 * nothing may be left out. */
static inline void
test_skip_missing (const char *reason)
{
  if (test_strict ())
    g_test_fail_printf ("%s (a strict build requires it)", reason);
  else
    g_test_skip (reason);
}

/* The folder of the real files, shared/data ($DRAUGHTSMAN_SHARED/data,
 * which tests/meson.build sets, else ../shared/data).  When it is not
 * there, returns NULL after marking the running test: skipped, with the
 * path looked at, or failed if CI=true, where data that went missing must
 * not let the tests that need it pass unseen. */
static inline char *
test_shared_data_dir (void)
{
  const char *shared = g_getenv ("DRAUGHTSMAN_SHARED");
  g_autofree char *dir = g_build_filename (shared != NULL ? shared : "../shared", "data", NULL);

  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&dir);
  if (test_strict () || g_strcmp0 (g_getenv ("CI"), "true") == 0)
    g_test_fail_printf ("the shared data (%s) is missing, and CI=true requires it", dir);
  else
    g_test_skip_printf ("the shared data is not at %s (set DRAUGHTSMAN_SHARED to the folder "
                        "that holds data/)", dir);
  return NULL;
}

/* Removes @path and everything under it (a test's temporary folder). */
static inline void
test_remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          test_remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_remove (path);
}
