/* fuzz-replay.c — runs a harness over its corpus, without libFuzzer
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Linked with one harness (fuzz-*.c) instead of libFuzzer, built by any
 * compiler: `replay-fuzz-pdn DIR-OR-FILE...` gives each file, in name
 * order, to LLVMFuzzerTestOneInput() once.  A failed check aborts, as it
 * does under libFuzzer; under the sanitizers a memory error does too.  The
 * test suite runs it over tests/fuzz/corpus/<harness>/ (README.md).
 */

#include "config.h"

#include "fuzz-common.h"

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(char * const *) a, *(char * const *) b);
}

/* The files of @path (a file, or a folder's files), in @files. */
static gboolean
collect (const char *path,
         GPtrArray  *files)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (files, g_strdup (path));
      return TRUE;
    }
  dir = g_dir_open (path, 0, &error);
  if (dir == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (files, g_build_filename (path, name, NULL));
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s DIR-OR-FILE...\n", argv[0]);
      return EXIT_FAILURE;
    }
  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    if (!collect (argv[i], files))
      return EXIT_FAILURE;
  if (files->len == 0)
    {
      fprintf (stderr, "%s: no inputs\n", argv[0]);
      return EXIT_FAILURE;
    }
  g_ptr_array_sort (files, compare_names);
  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *data = NULL;
      g_autoptr (GError) error = NULL;
      gsize length;

      if (!g_file_get_contents (files->pdata[i], &data, &length, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return EXIT_FAILURE;
        }
      LLVMFuzzerTestOneInput ((const uint8_t *) data, length);
    }
  printf ("%u inputs replayed\n", files->len);
  return EXIT_SUCCESS;
}
