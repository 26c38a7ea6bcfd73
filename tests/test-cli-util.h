/* test-cli-util.h — running draughtsman-cli from a test and checking what it printed
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by test-cli.c (rules commands), test-cli-pdn.c (pdn-check and
 * pdn-convert) and test-cli-learn.c (analyse, solve, tactics, selfplay,
 * tune).  Header-only (static inline), as test-util.h is.
 */

#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#define MAX_ARGS  16
#define MAX_MOVES 16

/* One run of the CLI. */
typedef struct
{
  char     *command;   /* the command line, for messages */
  gboolean  exited;    /* ended through exit (), not killed by a signal */
  int       status;    /* exit status when @exited, else -1 */
  int       signal;    /* the signal that killed it, else 0 */
  char     *out;
  char     *err;
} CliRun;

static inline void
cli_run_free (CliRun *run)
{
  g_free (run->command);
  g_free (run->out);
  g_free (run->err);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CliRun, cli_run_free)

/* Runs the CLI with the NULL-terminated @args (not counting argv[0]). */
/* A limit on the size of the files a run writes (RLIMIT_FSIZE), to stop
 * it in the middle of writing, at the same byte every time: past the
 * limit a write kills it (SIGXFSZ), or fails (EFBIG) if it ignores the
 * signal.  Neither touches its pipes. */
typedef struct
{
  rlim_t   bytes;       /* 0: no limit */
  gboolean ignore;      /* SIGXFSZ ignored: the write fails */
} FileLimit;

static inline void
file_limit_setup (gpointer data)
{
  const FileLimit *limit = data;
  struct rlimit r = { limit->bytes, limit->bytes };

  /* In the child before exec: only async-signal-safe calls. */
  if (limit->bytes > 0)
    setrlimit (RLIMIT_FSIZE, &r);
  if (limit->ignore)
    signal (SIGXFSZ, SIG_IGN);
}

static inline CliRun *
cli_runv_limited (const char * const *args,
                  const FileLimit    *limit)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_auto (GStrv) envp = g_get_environ ();
  g_autoptr (GError) error = NULL;
  CliRun *run = g_new0 (CliRun, 1);
  int wait_status = 0;
  gboolean spawned;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (; *args != NULL; args++)
    g_ptr_array_add (argv, (gpointer) *args);
  g_ptr_array_add (argv, NULL);

  /* Untranslated messages, whatever the tester's locale. */
  envp = g_environ_setenv (envp, "LC_ALL", "C", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");

  run->command = g_strjoinv (" ", (char **) argv->pdata);
  spawned = g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT,
                          limit != NULL ? file_limit_setup : NULL, (gpointer) limit,
                          &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (spawned);

  run->exited = WIFEXITED (wait_status);
  run->status = run->exited ? WEXITSTATUS (wait_status) : -1;
  run->signal = WIFSIGNALED (wait_status) ? WTERMSIG (wait_status) : 0;
  return run;
}

static inline CliRun *
cli_runv (const char * const *args)
{
  return cli_runv_limited (args, NULL);
}

static inline CliRun *cli_run (const char *first,
                        ...) G_GNUC_NULL_TERMINATED;

static inline CliRun *
cli_run (const char *first,
         ...)
{
  const char *args[MAX_ARGS + 1];
  int n = 0;
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    {
      g_assert_cmpint (n, <, MAX_ARGS);
      args[n++] = arg;
    }
  va_end (ap);
  args[n] = NULL;
  return cli_runv (args);
}

static inline void
cli_run_report (const CliRun *run)
{
  g_test_message ("$ %s\n  exited %d, status %d, signal %d\n  stdout:\n%s\n  stderr:\n%s",
                  run->command, run->exited, run->status, run->signal, run->out, run->err);
}

static inline void
assert_success (const CliRun *run)
{
  if (!run->exited || run->status != 0)
    cli_run_report (run);
  g_assert_cmpint (run->signal, ==, 0);
  g_assert_true (run->exited);
  g_assert_cmpint (run->status, ==, 0);
}

/* A refused command line: not a crash, a non-zero status (@status itself
 * unless it is 0), nothing on stdout and exactly one line on stderr. */
static inline void
assert_refused (const CliRun *run,
                int           status)
{
  const char *newline = strchr (run->err, '\n');
  gboolean one_line = run->err[0] != '\0' && run->err[0] != '\n'
                      && newline != NULL && newline[1] == '\0';

  if (!run->exited || run->status == 0 || (status != 0 && run->status != status)
      || run->out[0] != '\0' || !one_line)
    cli_run_report (run);
  g_assert_cmpint (run->signal, ==, 0);
  g_assert_true (run->exited);
  g_assert_cmpint (run->status, !=, 0);
  if (status != 0)
    g_assert_cmpint (run->status, ==, status);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_true (one_line);
}

/* The lines of @text, which must end in a newline (or be empty). */
static inline GStrv
output_lines (const char *text)
{
  GStrv lines;
  guint n;

  if (text[0] == '\0')
    return g_new0 (char *, 1);
  g_assert_true (g_str_has_suffix (text, "\n"));
  lines = g_strsplit (text, "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpstr (lines[n - 1], ==, "");
  g_free (lines[n - 1]);
  lines[n - 1] = NULL;
  return lines;
}

static inline int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* @lines sorted and joined by newlines: a set, printable in a message. */
static inline char *
sorted_set (const char * const *lines,
            guint               n)
{
  g_autoptr (GPtrArray) sorted = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (sorted, (gpointer) lines[i]);
  g_ptr_array_sort (sorted, compare_strings);
  g_ptr_array_add (sorted, NULL);
  return g_strjoinv ("\n", (char **) sorted->pdata);
}

/* @got and the NULL-terminated @expected hold the same lines, in any order. */
static inline void
assert_same_set (const char * const *got,
                 guint               n_got,
                 const char * const *expected)
{
  g_autofree char *got_set = sorted_set (got, n_got);
  g_autofree char *expected_set = sorted_set (expected, g_strv_length ((GStrv) expected));

  g_assert_cmpstr (got_set, ==, expected_set);
  g_assert_cmpuint (n_got, ==, g_strv_length ((GStrv) expected));
}

/* Appends "--variant V", "--fen F", "--notation N" to @args where set. */
static inline void
add_position_args (GPtrArray  *args,
                   const char *variant,
                   const char *fen,
                   const char *notation)
{
  if (variant != NULL)
    {
      g_ptr_array_add (args, (gpointer) "--variant");
      g_ptr_array_add (args, (gpointer) variant);
    }
  if (fen != NULL)
    {
      g_ptr_array_add (args, (gpointer) "--fen");
      g_ptr_array_add (args, (gpointer) fen);
    }
  if (notation != NULL)
    {
      g_ptr_array_add (args, (gpointer) "--notation");
      g_ptr_array_add (args, (gpointer) notation);
    }
}

/* The names in @dir, sorted.  (transfer full) */
static inline GPtrArray *
dir_names (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_strings);
  return names;
}

/* The names in @dir, sorted and joined by spaces. */
static inline char *
dir_listing (const char *dir)
{
  g_autoptr (GPtrArray) names = dir_names (dir);

  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* @path holds @text. */
static inline void
assert_file_text (const char *path,
                  const char *text)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, text);
}

static inline void
test_no_cli (void)
{
  g_test_skip ("DRAUGHTSMAN_CLI is not set (run the test through meson test)");
}

/* g_test_init(); FALSE, with only a skipped case added, when no CLI is
 * named: the caller then runs just that. */
static inline gboolean
cli_test_init (int    *argc,
               char ***argv)
{
  g_test_init (argc, argv, NULL);
  if (g_getenv ("DRAUGHTSMAN_CLI") != NULL)
    return TRUE;
  g_test_add_func ("/cli/no-cli", test_no_cli);
  return FALSE;
}
