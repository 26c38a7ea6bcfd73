/* test-cli.c — draughtsman-cli run as a program: its output and exit status
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CLI named by $DRAUGHTSMAN_CLI is spawned with g_spawn_sync() and its
 * stdout, stderr and wait status are checked against the interface the
 * issue fixed (perft, divide, moves, fen; --notation on every command),
 * and analyse on what a fixed depth determines (not the clock).
 *
 * No expected value here was produced by running the CLI:
 *   - perft counts come from shared/data/oracles/perft.txt (the
 *     [block / name] and row are cited on each case; "drop" rows are run
 *     without --paths, "keep" rows with --paths) or, where marked, from
 *     shared/design/ENGINES.md or notes/capture-examples.md;
 *   - move lists follow from the rules by hand (start positions, and
 *     captures built by hand from the PDN square numbering: International
 *     square 1 is b10, 5 is j10, 6 is a9, ..., 46 is a1, 50 is j2);
 *   - divide totals are the perft counts, and the per-move counts must
 *     add up to them;
 *   - analyse plays a composed shot's only winning move at the distance
 *     test-search.c proves by exhaustive search, and with --weights the
 *     capture that the weights' material values decide by hand; its node
 *     counts are only compared between two runs.
 * Move lists are compared as sets: the interface does not fix an order.
 */

#include "config.h"

#include "test-util.h"

#include <glib.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <glib/gstdio.h>
#include <signal.h>
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

static void
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

static void
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

static CliRun *
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

static CliRun *
cli_runv (const char * const *args)
{
  return cli_runv_limited (args, NULL);
}

static CliRun *cli_run (const char *first,
                        ...) G_GNUC_NULL_TERMINATED;

static CliRun *
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

static void
cli_run_report (const CliRun *run)
{
  g_test_message ("$ %s\n  exited %d, status %d, signal %d\n  stdout:\n%s\n  stderr:\n%s",
                  run->command, run->exited, run->status, run->signal, run->out, run->err);
}

static void
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
static void
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
static GStrv
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

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* @lines sorted and joined by newlines: a set, printable in a message. */
static char *
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
static void
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
static void
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

/* Runs "COMMAND [position args] [--paths] DEPTH" (perft or divide) and
 * checks that it succeeded. */
static CliRun *
run_count (const char *command,
           const char *variant,
           const char *fen,
           const char *notation,
           gboolean    paths,
           const char *depth_text)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  CliRun *run;

  g_ptr_array_add (args, (gpointer) command);
  add_position_args (args, variant, fen, notation);
  if (paths)
    g_ptr_array_add (args, (gpointer) "--paths");
  g_ptr_array_add (args, (gpointer) depth_text);
  g_ptr_array_add (args, NULL);
  run = cli_runv ((const char * const *) args->pdata);
  assert_success (run);
  return run;
}

/* perft ---------------------------------------------------------------- */

typedef struct
{
  const char *path;
  const char *variant;
  const char *fen;         /* NULL: the initial position */
  gboolean    paths;       /* --paths: a "keep" row */
  const char *notation;    /* --notation, or NULL */
  guint64     nodes[12];   /* perft(1), perft(2), ...; 0 ends the row */
  const char *source;
} PerftCase;

#define WOLDOUBY  "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"
#define RANDOM178 "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"
#define ALL_KINGS "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:" \
                  "BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20"
#define FRONT_ROWS "W:B16,17,18,19,20:W31,32,33,34,35"
/* notes/capture-examples.md RU-163-D8: the Black man a5 has two routes
 * a5:c3:e1:g3:e5:c3 and a5:c3:e5:g3:e1:c3, taking the same five men: one
 * move, two paths.  White's only reply is b2:d4:b6:d8:f6:h8. */
#define RU_163_D8 "B:Wa1,a3,b2,b4,d2,d4,e3,f2,f4:Ba5,c5,c7,e7,g7"
/* notes/capture-examples.md IN-NOT-D12: the White king 47 has exactly two
 * captures, both ending on 6, taking 29,19,12,11 and 29,30,40,11. */
#define IN_NOT_D12 "W:WK47:B11,12,19,29,30,40"

static const PerftCase perft_cases[] = {
  { "/cli/perft/international", "international", NULL, FALSE, NULL,
    { 9, 81, 658, 4265, 27117 },
    "perft.txt [initial/board_10x10.cpp / International] drop_duplicates" },
  { "/cli/perft/russian", "russian", NULL, FALSE, NULL,
    { 7, 49, 302, 1469, 7482, 37986, 190146, 929899 },
    "perft.txt [initial/board_08x08.cpp / Russian] drop_duplicates" },
  { "/cli/perft/russian-paths", "russian", NULL, TRUE, NULL,
    { 7, 49, 302, 1469, 7482, 37986, 190146, 929905 },
    "perft.txt [initial/board_08x08.cpp / Russian] keep_duplicates (parts from drop at d8)" },
  { "/cli/perft/english", "english", NULL, FALSE, NULL,
    { 7, 49, 302, 1469, 7361, 36768, 179740 },
    "perft.txt [initial/board_08x08.cpp / Checkers] drop_duplicates" },
  { "/cli/perft/brazilian", "brazilian", NULL, FALSE, NULL,
    { 7, 49, 302, 1469, 7473, 37628 },
    "perft.txt [initial/board_08x08.cpp / Brazilian] drop_duplicates" },
  { "/cli/perft/pool", "pool", NULL, FALSE, NULL,
    { 7, 49, 302, 1469, 7482, 37986 },
    "perft.txt [initial/board_08x08.cpp / Pool] drop_duplicates" },
  { "/cli/perft/czech", "czech", NULL, FALSE, NULL,
    { 7, 49, 302, 1469, 7361, 36768 },
    "perft.txt [initial/board_08x08.cpp / Czech] drop_duplicates" },
  { "/cli/perft/spanish", "spanish", NULL, FALSE, NULL,
    { 7, 49, 302, 1469, 7361, 36473 },
    "perft.txt [initial/board_08x08.cpp / Spanish] drop_duplicates" },
  { "/cli/perft/italian", "italian", NULL, FALSE, NULL,
    { 7, 49, 302, 1469, 7361, 36473 },
    "perft.txt [initial/board_08x08.cpp / Italian] drop_duplicates" },
  { "/cli/perft/frisian", "frisian", NULL, FALSE, NULL,
    { 9, 81, 658, 3874 },
    "perft.txt [initial/board_10x10.cpp / Frisian] drop_duplicates" },
  { "/cli/perft/frisian-paths", "frisian", NULL, TRUE, NULL,
    { 9, 81, 658, 3880 },
    "perft.txt [initial/board_10x10.cpp / Frisian] keep_duplicates (parts from drop at d4)" },
  { "/cli/perft/woldouby", "international", WOLDOUBY, FALSE, NULL,
    { 6, 12, 30, 73, 215, 590, 1944, 6269 },
    "perft.txt [international/fmjd.cpp / Woldouby] drop_duplicates" },
  { "/cli/perft/random178", "international", RANDOM178, FALSE, NULL,
    { 14, 55, 1168, 5432, 87195 },
    "perft.txt [international/fmjd.cpp / Random178] drop_duplicates (Black to move)" },
  { "/cli/perft/all-kings", "international", ALL_KINGS, FALSE, NULL,
    { 17, 79, 352, 1399 },
    "perft.txt [international/fmjd.cpp / AllKings] drop_duplicates" },
  { "/cli/perft/almost-promotion", "international", "W:W6,7,8,9,10:B41,42,43,44,45", FALSE, NULL,
    { 9, 81, 795, 7578, 86351 },
    "perft.txt [international/fmjd.cpp / AlmostPromotion] drop_duplicates" },
  { "/cli/perft/front-rows-paths", "international", FRONT_ROWS, TRUE, NULL,
    { 9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317 },
    "perft.txt [international/shashki.cpp / FrontRows] keep_duplicates" },
  { "/cli/perft/front-rows", "international", FRONT_ROWS, FALSE, NULL,
    { 9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008313 },
    "ENGINES.md §1.1a FrontRows unique row (Scan 3.1); perft.txt has only the keep row" },
  { "/cli/perft/italian-gilbert-1", "italian", "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
    TRUE, NULL,
    { 5, 13, 42, 107, 360, 1099, 3736 },
    "perft.txt [italian/gilbert.cpp / Position1] keep_duplicates" },
  { "/cli/perft/italian-gilbert-2", "italian", "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", TRUE, NULL,
    { 6, 47, 271, 1916, 10810, 73137 },
    "perft.txt [italian/gilbert.cpp / Position2] keep_duplicates" },
  { "/cli/perft/italian-gilbert-3", "italian", "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", TRUE, NULL,
    { 13, 112, 828, 6756, 46241 },
    "perft.txt [italian/gilbert.cpp / Position3] keep_duplicates" },
  { "/cli/perft/notation-numeric", "russian", NULL, FALSE, "numeric",
    { 7, 49, 302 },
    "perft.txt [initial/board_08x08.cpp / Russian] drop_duplicates; --notation changes no count" },
  { "/cli/perft/notation-algebraic", "international", WOLDOUBY, FALSE, "algebraic",
    { 6, 12, 30, 73 },
    "perft.txt [international/fmjd.cpp / Woldouby] drop_duplicates; --notation changes no count" },
  { "/cli/perft/duplicate-capture", "russian", RU_163_D8, FALSE, NULL,
    { 1, 1 },
    "capture-examples.md RU-163-D8: one move (two routes), then White's only reply" },
  { "/cli/perft/duplicate-capture-paths", "russian", RU_163_D8, TRUE, NULL,
    { 2, 2 },
    "capture-examples.md RU-163-D8: two routes, each followed by White's only reply" },
};

static void
test_perft_case (gconstpointer data)
{
  const PerftCase *c = data;
  g_autofree char *depth_text = NULL;
  g_autoptr (CliRun) run = NULL;
  g_auto (GStrv) lines = NULL;
  int depth = 0;

  while (depth < (int) G_N_ELEMENTS (c->nodes) && c->nodes[depth] != 0)
    depth++;
  depth_text = g_strdup_printf ("%d", depth);

  run = run_count ("perft", c->variant, c->fen, c->notation, c->paths, depth_text);

  /* "perft D N" for each depth, then "Nodes searched: N"; the timings
   * go to stderr. */
  lines = output_lines (run->out);
  if (g_strv_length (lines) != (guint) depth + 1)
    cli_run_report (run);
  g_assert_cmpuint (g_strv_length (lines), ==, depth + 1);
  for (int d = 1; d <= depth; d++)
    {
      g_autofree char *expected = g_strdup_printf ("perft %d %" G_GUINT64_FORMAT, d, c->nodes[d - 1]);

      if (g_strcmp0 (lines[d - 1], expected) != 0)
        g_test_message ("expected from %s", c->source);
      g_assert_cmpstr (lines[d - 1], ==, expected);
    }
  {
    g_autofree char *expected = g_strdup_printf ("Nodes searched: %" G_GUINT64_FORMAT, c->nodes[depth - 1]);

    g_assert_cmpstr (lines[depth], ==, expected);
  }
}

/* divide --------------------------------------------------------------- */

typedef struct
{
  const char *path;
  const char *variant;
  const char *fen;
  gboolean    paths;
  const char *notation;
  int         depth;
  guint64     total;
  guint64     each;                 /* every move's count, or 0: unchecked */
  const char *moves[MAX_MOVES];     /* the moves, or { NULL }: unchecked */
  const char *source;
} DivideCase;

#define INTERNATIONAL_START_MOVES \
  "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30", NULL
/* The same moves in algebraic: rank 4 holds 31-35 on b4, d4, f4, h4, j4
 * and rank 5 holds 26-30 on a5, c5, e5, g5, i5. */
#define INTERNATIONAL_START_ALGEBRAIC \
  "b4-a5", "b4-c5", "d4-c5", "d4-e5", "f4-e5", "f4-g5", "h4-g5", "h4-i5", "j4-i5", NULL
#define RUSSIAN_START_MOVES \
  "a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4", NULL
/* Black moves first: 9-12 to 13-16. */
#define ENGLISH_START_MOVES \
  "9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16", NULL

static const DivideCase divide_cases[] = {
  { "/cli/divide/international", "international", NULL, FALSE, NULL, 3, 658, 0,
    { INTERNATIONAL_START_MOVES },
    "perft.txt [initial/board_10x10.cpp / International] drop_duplicates d3" },
  /* Two different captures between the same squares: full paths. */
  { "/cli/divide/ambiguous-paths", "international", IN_NOT_D12, FALSE, NULL, 1, 2, 1,
    { "47x24x8x17x6", "47x24x35x44x6", NULL },
    "capture-examples.md IN-NOT-D12: exactly two captures" },
  /* After any first move Black's front men 16-20 still have their nine
   * moves: the White man on 26-30 blocks none of 21-25. */
  { "/cli/divide/international-depth2", "international", NULL, FALSE, NULL, 2, 81, 9,
    { INTERNATIONAL_START_MOVES },
    "perft.txt [initial/board_10x10.cpp / International] drop_duplicates d2" },
  { "/cli/divide/international-algebraic", "international", NULL, FALSE, "algebraic", 2, 81, 9,
    { INTERNATIONAL_START_ALGEBRAIC },
    "perft.txt [initial/board_10x10.cpp / International] drop_duplicates d2" },
  { "/cli/divide/russian", "russian", NULL, FALSE, NULL, 2, 49, 7,
    { RUSSIAN_START_MOVES },
    "perft.txt [initial/board_08x08.cpp / Russian] drop_duplicates d2" },
  { "/cli/divide/english", "english", NULL, FALSE, NULL, 2, 49, 7,
    { ENGLISH_START_MOVES },
    "perft.txt [initial/board_08x08.cpp / Checkers] drop_duplicates d2" },
  { "/cli/divide/sums", "russian", NULL, FALSE, NULL, 6, 37986, 0,
    { RUSSIAN_START_MOVES },
    "perft.txt [initial/board_08x08.cpp / Russian] drop_duplicates d6" },
  { "/cli/divide/woldouby", "international", WOLDOUBY, FALSE, NULL, 6, 590, 0, { NULL },
    "perft.txt [international/fmjd.cpp / Woldouby] drop_duplicates d6" },
  { "/cli/divide/random178", "international", RANDOM178, FALSE, NULL, 4, 5432, 0, { NULL },
    "perft.txt [international/fmjd.cpp / Random178] drop_duplicates d4" },
  { "/cli/divide/paths", "international", FRONT_ROWS, TRUE, NULL, 9, 1008317, 0, { NULL },
    "perft.txt [international/shashki.cpp / FrontRows] keep_duplicates d9" },
  { "/cli/divide/unique", "international", FRONT_ROWS, FALSE, NULL, 9, 1008313, 0, { NULL },
    "ENGINES.md §1.1a FrontRows unique row d9 (Scan 3.1)" },
  { "/cli/divide/russian-paths", "russian", NULL, TRUE, NULL, 8, 929905, 0,
    { RUSSIAN_START_MOVES },
    "perft.txt [initial/board_08x08.cpp / Russian] keep_duplicates d8" },
  { "/cli/divide/duplicate-capture", "russian", RU_163_D8, FALSE, NULL, 1, 1, 1,
    { "a5:c3", NULL },
    "capture-examples.md RU-163-D8: the two routes are one move" },
  /* With --paths both routes are listed; they share start and end, so
   * each is written with the squares it turns on. */
  { "/cli/divide/duplicate-capture-paths", "russian", RU_163_D8, TRUE, NULL, 1, 2, 1,
    { "a5:c3:e1:g3:e5:c3", "a5:c3:e5:g3:e1:c3", NULL },
    "capture-examples.md RU-163-D8: two routes" },
};

static void
test_divide_case (gconstpointer data)
{
  const DivideCase *c = data;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *depth_text = g_strdup_printf ("%d", c->depth);
  g_autofree char *expected_total = g_strdup_printf ("Nodes searched: %" G_GUINT64_FORMAT, c->total);
  g_autoptr (CliRun) run = NULL;
  g_auto (GStrv) lines = NULL;
  guint n_lines, n_moves;
  guint64 sum = 0;

  run = run_count ("divide", c->variant, c->fen, c->notation, c->paths, depth_text);

  /* "MOVE: N" per legal move, a blank line, "Nodes searched: N". */
  lines = output_lines (run->out);
  n_lines = g_strv_length (lines);
  if (n_lines < 3)
    cli_run_report (run);
  g_assert_cmpuint (n_lines, >=, 3);
  n_moves = n_lines - 2;
  g_assert_cmpstr (lines[n_moves], ==, "");
  if (g_strcmp0 (lines[n_moves + 1], expected_total) != 0)
    g_test_message ("expected from %s", c->source);
  g_assert_cmpstr (lines[n_moves + 1], ==, expected_total);

  for (guint i = 0; i < n_moves; i++)
    {
      /* Russian captures contain ':' themselves: the count follows the
       * last ": ". */
      const char *sep = g_strrstr (lines[i], ": ");
      guint64 nodes;
      g_autoptr (GError) error = NULL;

      g_assert_nonnull (sep);
      g_assert_true (g_ascii_string_to_unsigned (sep + 2, 10, 0, G_MAXUINT64, &nodes, &error));
      g_assert_no_error (error);
      if (c->each != 0)
        g_assert_cmpuint (nodes, ==, c->each);
      sum += nodes;
      g_ptr_array_add (names, g_strndup (lines[i], sep - lines[i]));
    }
  g_assert_cmpuint (sum, ==, c->total);
  if (c->moves[0] != NULL)
    assert_same_set ((const char * const *) names->pdata, names->len, c->moves);
}

/* moves ---------------------------------------------------------------- */

typedef struct
{
  const char *path;
  const char *variant;
  const char *fen;
  const char *notation;
  const char *format;               /* --format, or NULL */
  const char *moves[MAX_MOVES];
} MovesCase;

static const MovesCase moves_cases[] = {
  { "/cli/moves/international", "international", NULL, NULL, NULL,
    { INTERNATIONAL_START_MOVES } },
  { "/cli/moves/international-format-notation", "international", NULL, NULL, "notation",
    { INTERNATIONAL_START_MOVES } },
  { "/cli/moves/international-algebraic", "international", NULL, "algebraic", NULL,
    { INTERNATIONAL_START_ALGEBRAIC } },
  { "/cli/moves/russian", "russian", NULL, NULL, NULL,
    { RUSSIAN_START_MOVES } },
  { "/cli/moves/english", "english", NULL, NULL, NULL,
    { ENGLISH_START_MOVES } },
  /* Black to move: the man on 5 (j10) has only i9 = 10. */
  { "/cli/moves/black-to-move", "international", "B:W46:B5", NULL, NULL,
    { "5-10", NULL } },
  /* 32 = d4 takes 27 = c5 and lands on b6 = 21. */
  { "/cli/moves/capture", "international", "W:W32:B27", NULL, NULL,
    { "32x21", NULL } },
  { "/cli/moves/capture-algebraic-fen", "international", "W:Wd4:Bc5", NULL, NULL,
    { "32x21", NULL } },
  { "/cli/moves/russian-capture", "russian", "W:Wc3:Bd4", NULL, NULL,
    { "c3:e5", NULL } },
  /* Two routes, same captured set: one move, no path. */
  { "/cli/moves/duplicate-capture", "russian", RU_163_D8, NULL, NULL,
    { "a5:c3", NULL } },
  /* Two different captures from 47 to 6: written with the landing squares
   * (47=c1, 24=h6, 8=e9, 17=c7, 6=a9; 35=j4, 44=h2). */
  { "/cli/moves/ambiguous-paths", "international", IN_NOT_D12, NULL, NULL,
    { "47x24x8x17x6", "47x24x35x44x6", NULL } },
  { "/cli/moves/hub", "international", NULL, NULL, "hub",
    { INTERNATIONAL_START_MOVES } },
  { "/cli/moves/hub-capture", "international", "W:W32:B27", NULL, "hub",
    { "32x21x27", NULL } },
  { "/cli/moves/hub-ambiguous", "international", IN_NOT_D12, NULL, "hub",
    { "47x6x11x12x19x29", "47x6x11x29x30x40", NULL } },
};

static void
test_moves_case (gconstpointer data)
{
  const MovesCase *c = data;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autoptr (CliRun) run = NULL;
  g_auto (GStrv) lines = NULL;

  g_ptr_array_add (args, (gpointer) "moves");
  add_position_args (args, c->variant, c->fen, c->notation);
  if (c->format != NULL)
    {
      g_ptr_array_add (args, (gpointer) "--format");
      g_ptr_array_add (args, (gpointer) c->format);
    }
  g_ptr_array_add (args, NULL);

  run = cli_runv ((const char * const *) args->pdata);
  assert_success (run);
  lines = output_lines (run->out);
  assert_same_set ((const char * const *) lines, g_strv_length (lines), c->moves);
}

/* fen ------------------------------------------------------------------ */

typedef struct
{
  const char *path;
  const char *variant;
  const char *notation;
  const char *input;
  const char *output;     /* normalised: side, W list, B list, ascending */
} FenCase;

static const FenCase fen_cases[] = {
  { "/cli/fen/international-initial", "international", NULL,
    "W:W31-50:B1-20", "W:W31-50:B1-20" },
  { "/cli/fen/lists-swapped", "international", NULL,
    "W:B1-20:W31-50.", "W:W31-50:B1-20" },
  { "/cli/fen/ranges", "international", NULL,
    "W:W35,34,33,32,31,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
    "B20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1",
    "W:W31-50:B1-20" },
  { "/cli/fen/kings", "international", NULL,
    "W:WK46,31:BK5,1", "W:W31,K46:B1,K5" },
  { "/cli/fen/random178", "international", NULL, RANDOM178,
    "B:W6,9-11,20-23,30,K31,33,37,41-44,46:BK17,K24" },
  { "/cli/fen/unknown-side", "international", NULL,
    "?:W31-50:B1-20", "W:W31-50:B1-20" },
  { "/cli/fen/english-unknown-side", "english", NULL,
    "?:W21-32:B1-12", "B:W21-32:B1-12" },
  { "/cli/fen/algebraic-input", "international", NULL,
    "W:Wd4:Bc5", "W:W32:B27" },
  { "/cli/fen/notation-algebraic", "international", "algebraic",
    "W:W32:B27", "W:Wd4:Bc5" },
  { "/cli/fen/russian", "russian", NULL,
    "W:Wc3:Bd4", "W:Wc3:Bd4" },
};

static void
test_fen_case (gconstpointer data)
{
  const FenCase *c = data;
  g_autoptr (CliRun) run = NULL;
  g_autofree char *expected = g_strconcat (c->output, "\n", NULL);

  if (c->notation != NULL)
    run = cli_run ("fen", "--variant", c->variant, "--notation", c->notation, c->input, NULL);
  else
    run = cli_run ("fen", "--variant", c->variant, c->input, NULL);
  assert_success (run);
  g_assert_cmpstr (run->out, ==, expected);
}

/* errors --------------------------------------------------------------- */

typedef struct
{
  const char *path;
  int         status;               /* the exit status required, or 0: any but 0 */
  const char *args[MAX_ARGS];
} ErrorCase;

static const ErrorCase error_cases[] = {
  { "/cli/errors/unknown-command", 0, { "frobnicate", NULL } },
  { "/cli/errors/unknown-variant", 0, { "perft", "--variant", "klingon", "1", NULL } },
  { "/cli/errors/unknown-variant-moves", 0, { "moves", "--variant", "klingon", NULL } },
  { "/cli/errors/unknown-variant-fen", 1, { "fen", "--variant", "klingon", "W:W31-50:B1-20", NULL } },
  /* Bad FEN of each kind the reader tells apart. */
  { "/cli/errors/fen-syntax", 1, { "fen", "--variant", "international", "garbage", NULL } },
  { "/cli/errors/fen-empty", 1, { "fen", "--variant", "international", "", NULL } },
  { "/cli/errors/fen-open-range", 1, { "fen", "--variant", "international", "W:W31-:B1", NULL } },
  { "/cli/errors/fen-side", 1, { "fen", "--variant", "international", "X:W31:B1", NULL } },
  { "/cli/errors/fen-square-high", 1, { "fen", "--variant", "international", "W:W51:B1", NULL } },
  { "/cli/errors/fen-square-zero", 1, { "fen", "--variant", "international", "W:W0:B1", NULL } },
  { "/cli/errors/fen-square-russian", 1, { "fen", "--variant", "russian", "W:Wc3:Bd9", NULL } },
  { "/cli/errors/fen-square-light", 1, { "fen", "--variant", "russian", "W:Wc4:Bd5", NULL } },
  { "/cli/errors/fen-duplicate", 1, { "fen", "--variant", "international", "W:W31,31:B1", NULL } },
  { "/cli/errors/fen-duplicate-colours", 1, { "fen", "--variant", "international", "W:W31:B31", NULL } },
  { "/cli/errors/fen-man-on-promotion-row", 1, { "fen", "--variant", "international", "W:W1:B20", NULL } },
  { "/cli/errors/fen-black-man-on-promotion-row", 1, { "fen", "--variant", "international", "W:W31:B50", NULL } },
  { "/cli/errors/fen-too-many-pieces", 1, { "fen", "--variant", "international", "W:W21-50:B1-5", NULL } },
  { "/cli/errors/fen-missing", 0, { "fen", "--variant", "international", NULL } },
  { "/cli/errors/fen-extra", 0, { "fen", "--variant", "international", "W:W31:B1", "W:W32:B1", NULL } },
  { "/cli/errors/bad-fen-perft", 0, { "perft", "--variant", "international", "--fen", "W:W51:B1", "1", NULL } },
  { "/cli/errors/bad-fen-divide", 0, { "divide", "--variant", "international", "--fen", "garbage", "1", NULL } },
  { "/cli/errors/bad-fen-moves", 0, { "moves", "--variant", "russian", "--fen", "W:Wc3,c3:Bd4", NULL } },
  /* DEPTH */
  { "/cli/errors/depth-zero", 0, { "perft", "--variant", "international", "0", NULL } },
  { "/cli/errors/depth-abc", 0, { "perft", "--variant", "international", "abc", NULL } },
  { "/cli/errors/depth-empty", 0, { "perft", "--variant", "international", "", NULL } },
  { "/cli/errors/depth-fraction", 0, { "perft", "--variant", "international", "1.5", NULL } },
  { "/cli/errors/depth-negative", 0, { "perft", "--variant", "international", "-1", NULL } },
  { "/cli/errors/depth-missing", 0, { "perft", "--variant", "international", NULL } },
  { "/cli/errors/extra-arguments", 0, { "perft", "--variant", "international", "1", "2", NULL } },
  { "/cli/errors/divide-depth-zero", 0, { "divide", "--variant", "international", "0", NULL } },
  { "/cli/errors/divide-depth-abc", 0, { "divide", "--variant", "international", "abc", NULL } },
  { "/cli/errors/divide-depth-missing", 0, { "divide", "--variant", "international", NULL } },
  { "/cli/errors/divide-extra-arguments", 0, { "divide", "--variant", "international", "1", "x", NULL } },
  { "/cli/errors/moves-extra-arguments", 0, { "moves", "--variant", "international", "1", NULL } },
  /* Option values */
  { "/cli/errors/notation-bogus", 0, { "perft", "--variant", "international", "--notation", "bogus", "1", NULL } },
  { "/cli/errors/notation-bogus-divide", 0, { "divide", "--notation", "bogus", "1", NULL } },
  { "/cli/errors/notation-bogus-moves", 0, { "moves", "--notation", "bogus", NULL } },
  { "/cli/errors/notation-bogus-fen", 1, { "fen", "--notation", "bogus", "W:W31-50:B1-20", NULL } },
  { "/cli/errors/notation-bogus-match", 1, { "match", "hub:a", "hub:b", "--notation", "bogus", NULL } },
  { "/cli/errors/analyse-threads-zero", 0, { "analyse", "--threads", "0", NULL } },
  { "/cli/errors/analyse-level-bogus", 1, { "analyse", "--level", "grandmaster", NULL } },
  { "/cli/errors/analyse-seed-negative", 1, { "analyse", "--level", "beginner", "--seed", "-1", NULL } },
  { "/cli/errors/hub-level-bogus", 1, { "hub", "--level", "grandmaster", NULL } },
  { "/cli/errors/match-threads-bogus", 1, { "match", "hub:a", "hub:b", "--threads", "65", NULL } },
  { "/cli/errors/sprt-bogus", 1, { "match", "hub:a", "hub:b", "--sprt", "5", NULL } },
  { "/cli/errors/sprt-reversed", 1, { "match", "hub:a", "hub:b", "--sprt", "5,0", NULL } },
  { "/cli/errors/concurrency-zero", 1, { "match", "hub:a", "hub:b", "--concurrency", "0", NULL } },
  { "/cli/errors/concurrency-dxp", 1, { "match", "hub:a", "dxp:127.0.0.1", "--concurrency", "2", NULL } },
  { "/cli/errors/format-bogus", 0, { "moves", "--variant", "international", "--format", "bogus", NULL } },
  { "/cli/errors/variant-missing-value", 0, { "perft", "1", "--variant", NULL } },
  /* Unknown options, including options of another command. */
  { "/cli/errors/unknown-option", 0, { "perft", "--variant", "international", "--bogus", "1", NULL } },
  { "/cli/errors/unknown-option-moves", 0, { "moves", "--bogus", NULL } },
  { "/cli/errors/format-on-perft", 0, { "perft", "--format", "hub", "1", NULL } },
  { "/cli/errors/paths-on-moves", 0, { "moves", "--paths", NULL } },
  { "/cli/errors/paths-on-fen", 1, { "fen", "--paths", "W:W31-50:B1-20", NULL } },
};

static void
test_error_case (gconstpointer data)
{
  const ErrorCase *c = data;
  g_autoptr (CliRun) run = cli_runv (c->args);

  assert_refused (run, c->status);
}

static void
test_no_cli (void)
{
  g_test_skip ("DRAUGHTSMAN_CLI is not set (run the test through meson test)");
}

/* pdn-check and pdn-convert ------------------------------------------- */

/* A file with a good game, a game with an illegal move on line 5 and a
 * good one: pdn-check reports the bad one as FILE:LINE:COLUMN and counts
 * all three, the moves read of the bad one too; pdn-convert writes all
 * three, the bad one with its unread rest in an [%unread] comment, which a
 * second pdn-check reports again.  The file has no GameType: the variant
 * chosen is told on standard error, standard output keeps its form. */
static void
test_pdn_commands (void)
{
  static const char pdn[] =
    "[Event \"one\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
    "[Event \"two\"]\n1. 32-28 19-23 2. 33-29 *\n\n"
    "[Event \"three\"]\n1. 35-30 *\n";
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.pdn", NULL);
  g_autofree char *converted = g_build_filename (dir, "converted.pdn", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *variant = NULL;

  g_assert_true (g_file_set_contents (path, pdn, -1, NULL));
  variant = g_strdup_printf ("%s: no GameType; replays as international (1 error in 3 games; ", path);
  {
    g_autoptr (CliRun) run = cli_run ("pdn-check", path, NULL);
    cli_run_report (run);
    g_assert_true (run->exited);
    g_assert_cmpint (run->status, ==, 1);
    expected = g_strdup_printf ("%s:5:19: ", path);
    g_assert_true (g_str_has_prefix (run->out, expected));
    /* Game two's two moves before the error count. */
    g_assert_nonnull (strstr (run->out, "\ngames: 3, moves: 7, errors: 1\n"));
    g_assert_true (g_str_has_prefix (run->err, variant));
  }
  {
    g_autoptr (CliRun) run = cli_run ("pdn-convert", path, NULL);

    cli_run_report (run);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, expected));
    g_assert_true (g_str_has_prefix (run->err, variant));
    g_assert_nonnull (strstr (run->out, "[Event \"one\"]\n[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n"));
    g_assert_nonnull (strstr (run->out, "[Event \"two\"]\n[GameType \"20\"]\n\n"
                                        "1. 32-28 19-23 {[%unread] 2. 33-29 *} *\n"));
    g_assert_nonnull (strstr (run->out, "[Event \"three\"]\n[GameType \"20\"]\n\n1. 35-30 *\n"));
    g_assert_true (g_file_set_contents (converted, run->out, -1, NULL));
    {
      g_autoptr (CliRun) again = cli_run ("pdn-check", converted, NULL);
      g_autofree char *report = g_strdup_printf ("%s:9:16: moves kept unread by an earlier reading: ",
                                                 converted);

      cli_run_report (again);
      g_assert_cmpint (again->status, ==, 1);
      /* (The quotes around the excerpt are '?' in the C locale.) */
      g_assert_true (g_str_has_prefix (again->out, report));
      g_assert_true (g_str_has_suffix (again->out, "2. 33-29 *?\ngames: 3, moves: 7, errors: 1\n"));
      /* Every game names its variant now: nothing to choose. */
      g_assert_cmpstr (again->err, ==, "");
    }
  }
  {
    g_autoptr (CliRun) run = cli_run ("pdn-convert", "--notation", "algebraic", converted, NULL);
    g_assert_cmpint (run->status, ==, 1);
    /* 32-28 is d4-e5 (rank 4: 31-35 on b4..j4; rank 5: 26-30 on a5..i5). */
    g_assert_nonnull (strstr (run->out, "1. d4-e5 "));
  }
  {
    g_autoptr (CliRun) run = cli_run ("pdn-check", "/nonexistent/file.pdn", NULL);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->out, "/nonexistent/file.pdn"));
  }
  g_unlink (path);
  g_unlink (converted);
  g_rmdir (dir);
}


/* draughtsman-cli solve (issue 12): one position with its tree; a file
 * without GameType (the variant chosen for the whole file, as pdn-check
 * chooses it: "W:W28,29:B23" alone would read as 8x8) with a full cook
 * (28x19 and 29x18 both take Black's last piece) and a PWCP 2 problem
 * whose other first moves the limits leave undecided, each said with the
 * depth its search ruled out; a refuted lock task; a bad FEN. */
/* tactics build: a composition gives its key and the winner's later
 * moves where it has a choice; tactics run: the count solved, and every
 * bad line of a set as FILE:LINE before any search (exit status 2). */
static void
test_tactics_command (void)
{
  static const char pdn[] =
    "[Event \"A1\"]\n[FEN \"W:W6,17,18,38,41:B8,14,24,34,36.\"]\n"
    "1. 17-12 36x47 2. 12x3 47x1 3. 3x45 1-0\n";
  static const char bad[] =
    "# a comment\n"
    "W:W31-50:B1-20 | 32-28 | good\n"
    "W:W31-50:B1-20 | 32-28\n"
    "W:W31-50:B1-20 | 36-31 | no such move\n"
    "X:W31 | 31-26 | bad side\n";
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "problems.pdn", NULL);
  g_autofree char *set = g_build_filename (dir, "set.txt", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.txt", NULL);
  g_autofree char *text = NULL;
  g_autofree char *want = NULL;

  g_assert_true (g_file_set_contents (path, pdn, -1, NULL));
  g_assert_true (g_file_set_contents (bad_path, bad, -1, NULL));
  {
    g_autoptr (CliRun) run = cli_run ("tactics", "build", "-o", set, path, NULL);
    cli_run_report (run);
    assert_success (run);
    g_assert_nonnull (strstr (run->out, "2 positions: 1 composition keys, 1 later solution moves"));
  }
  g_assert_true (g_file_get_contents (set, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "\nW:W6,17-18,38,41:B8,14,24,34,36 | 17-12 | problems.pdn:1 key\n"));
  g_assert_nonnull (strstr (text, " | 3x45 | problems.pdn:1 solution ply 4\n"));
  {
    g_autoptr (CliRun) run = cli_run ("tactics", "run", set, "--nodes", "200000", NULL);
    cli_run_report (run);
    assert_success (run);
    g_assert_true (g_str_has_prefix (run->out, "2 of 2 solved (node limit, probcut off"));
  }
  {
    g_autoptr (CliRun) run = cli_run ("tactics", "run", bad_path, NULL);
    cli_run_report (run);
    g_assert_true (run->exited);
    g_assert_cmpint (run->status, ==, 2);
    g_assert_cmpstr (run->out, ==, "");
    want = g_strdup_printf ("%s:3: 2 fields, not 3 (FEN | MOVES | SOURCE)\n", bad_path);
    g_assert_nonnull (strstr (run->err, want));
    g_free (want);
    want = g_strdup_printf ("%s:4: moves: ", bad_path);
    g_assert_nonnull (strstr (run->err, want));
    g_free (want);
    want = g_strdup_printf ("%s:5: FEN: ", bad_path);
    g_assert_nonnull (strstr (run->err, want));
    g_assert_null (strstr (run->err, ":2:"));
  }
  g_unlink (set);
  g_unlink (bad_path);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_solve_command (void)
{
  static const char pdn[] =
    "[Event \"cook\"]\n[FEN \"W:W28,29:B23\"]\n1. 28x19 1-0\n\n"
    "[Event \"A1\"]\n[FEN \"W:W6,17,18,38,41:B8,14,24,34,36.\"]\n"
    "1. 17-12 36x47 2. 12x3 47x1 3. 3x45 1-0\n";
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "problems.pdn", NULL);

  {
    g_autoptr (CliRun) run = cli_run ("solve", "--variant", "international", "--fen", "W:W28,K46:BK5,23",
                                      "--egdb-dir", "", "--tree", NULL);
    cli_run_report (run);
    assert_success (run);
    g_assert_nonnull (strstr (run->out, "\nproved: win for White in 2 moves\nkey: 28x19\n"));
    /* Every capture of the king's is answered (004 1.5.9: a king captures
     * from any distance); five defences, each a leaf. */
    g_assert_nonnull (strstr (run->out, "  1... 5x41\n    2. 46x37  # no move\n"));
  }
  {
    /* Issue 24: 32x12 leaves Black three men down with no capture and no
     * king, a finale the engine judges won: "won finales", never
     * "proved", exit status 0; without finales nothing is decided within
     * four moves (exit status 1). */
    g_autoptr (CliRun) run = cli_run ("solve", "--fen", "W:W32,46,47,48,49,50:B3,4,5,17,27", "--egdb-dir", "",
                                      "--depth", "4", "--threads", "1", "--tree", NULL);
    g_autoptr (CliRun) plain = cli_run ("solve", "--fen", "W:W32,46,47,48,49,50:B3,4,5,17,27", "--egdb-dir", "",
                                        "--depth", "4", "--no-finales", NULL);
    cli_run_report (run);
    assert_success (run);
    g_assert_nonnull (strstr (run->out, "\nwon finales: win for White in 1 moves, 1 of the lines"));
    g_assert_nonnull (strstr (run->out, "\nkey: 32x12\n"));
    g_assert_nonnull (strstr (run->out, "  1. 32x12  # won finale (004 6.2.7.2): +"));
    g_assert_nonnull (strstr (run->out, "verdict: won finales"));
    g_assert_null (strstr (run->out, "proved"));
    cli_run_report (plain);
    g_assert_cmpint (plain->status, ==, 1);
    g_assert_nonnull (strstr (plain->out, "verdict: undecided"));
  }
  g_assert_true (g_file_set_contents (path, pdn, -1, NULL));
  {
    /* One thread: the complete proof after the finales' gets as many
     * nodes as they took, not as much time (with two, under load, the
     * second thread's complete proof ran out of time: "won finales"). */
    g_autoptr (CliRun) run = cli_run ("solve", "--pdn", path, "--cooks", "--cook-nodes", "3000",
                                      "--egdb-dir", "", "--threads", "1", NULL);
    /* --method id: iterative deepening says how deep it ruled out the
     * alternatives it could not decide (df-pn has no such bound). */
    g_autoptr (CliRun) id = cli_run ("solve", "--pdn", path, "--cooks", "--cook-nodes", "3000",
                                     "--egdb-dir", "", "--method", "id", "--no-finales", "--threads", "1", NULL);
    g_autoptr (GRegex) undecided = g_regex_new ("\nalternatives undecided within the limits \\(possible cooks\\): "
                                                "[0-9]+; none wins within ([0-9]+) moves\n", 0, 0, NULL);
    g_autoptr (GMatchInfo) match = NULL;
    g_autofree char *depth = NULL;

    cli_run_report (run);
    assert_success (run);
    g_assert_nonnull (strstr (run->err, "no GameType; replays as international"));
    g_assert_nonnull (strstr (run->out, "1 [cook]: win proved"));
    g_assert_nonnull (strstr (run->out, "\ncook: full, 29x18 at ply 1 instead of 28x19 (proved, article 6.2.6)\n"));
    g_assert_nonnull (strstr (run->out, "2 [A1]: win proved"));
    g_assert_nonnull (strstr (run->out, "key 17-12, stated first move is the key"));
    /* df-pn's undecided alternatives, with no depth bound. */
    g_assert_nonnull (strstr (run->out, "\nalternatives undecided within the limits (possible cooks): "));
    g_assert_null (strstr (run->out, "none wins within"));
    cli_run_report (id);
    assert_success (id);
    g_assert_nonnull (strstr (id->out, "2 [A1]: win proved"));
    g_assert_true (g_regex_match (undecided, id->out, 0, &match));
    depth = g_match_info_fetch (match, 1);
    /* At least the stated solution's own three moves were searched. */
    g_assert_cmpint (atoi (depth), >=, 3);
    g_assert_nonnull (strstr (run->out, "problems: 2, proved: 2, won finales: 0, refuted: 0, undecided: 0"));
    g_assert_nonnull (strstr (run->out, "full cooks: 1;"));
  }
  {
    /* 6.1.4, Black moves first: D. Vuurboom, Cat.A1 A64, Black to move and
     * "1-0".  The Result tag's winner is the attacker (before, the side to
     * move was: a win for Black was looked for, undecided). */
    static const char black_first[] =
      "[Event \"A64\"]\n[GameType \"20\"]\n[FEN \"B:W8,25,30:B7,15,18\"]\n[Result \"1-0\"]\n"
      "1. ... 7-12 2. 8x17 18-23 3. 17-12 23-28 1-0\n";
    g_autofree char *bf = g_build_filename (dir, "black-first.pdn", NULL);
    g_autoptr (CliRun) run = NULL;

    g_assert_true (g_file_set_contents (bf, black_first, -1, NULL));
    run = cli_run ("solve", "--pdn", bf, "--egdb-dir", "", "--threads", "1", "--nodes", "400000", NULL);
    cli_run_report (run);
    assert_success (run);
    g_assert_nonnull (strstr (run->out, "1 [A64]: win won finales"));
    g_assert_nonnull (strstr (run->out, "win for White in"));
    g_remove (bf);
  }
  {
    /* English checkers, Black to move and "0-1": a win for White, the
     * second player (the beginner's collection's #28B is stated so).
     * Black's man must move next to White's two and is taken.  Before,
     * only International read the Result tag: Black, to move, was the
     * attacker and the win was refuted. */
    static const char english[] =
      "[Event \"t\"]\n[GameType \"21\"]\n[Result \"0-1\"]\n[SetUp \"1\"]\n[FEN \"B:W18,19:B10\"]\n0-1\n";
    g_autofree char *en = g_build_filename (dir, "english-black-first.pdn", NULL);
    g_autoptr (CliRun) run = NULL;

    g_assert_true (g_file_set_contents (en, english, -1, NULL));
    run = cli_run ("solve", "--pdn", en, "--egdb-dir", "", "--threads", "1", "--nodes", "100000", NULL);
    cli_run_report (run);
    assert_success (run);
    g_assert_nonnull (strstr (run->out, "1 [t]: win proved"));
    g_remove (en);
  }
  {
    /* Two men cannot both be locked (6.2.8.2): the refutation ends where
     * White has no move. */
    g_autoptr (CliRun) run = cli_run ("solve", "--variant", "international", "--fen", "W:W46,47:B36",
                                      "--goal", "lock", "--lock", "2", "--egdb-dir", "", NULL);
    cli_run_report (run);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->out, "\nrefuted: lock is not reached"));
  }
  {
    g_autoptr (CliRun) run = cli_run ("solve", "--fen", "W:W46,47:B36x", "--egdb-dir", "", NULL);
    cli_run_report (run);
    g_assert_cmpint (run->status, ==, 2);
    g_assert_nonnull (strstr (run->err, "FEN column 13"));
  }
  g_unlink (path);
  g_rmdir (dir);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The PDN files under @dir and its folders, in name order. */
static void
find_pdn_files (const char *dir,
                GPtrArray  *files)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        find_pdn_files (path, files);
      else if (g_str_has_suffix (path, ".pdn"))
        g_ptr_array_add (files, g_steal_pointer (&path));
    }
}

/* pdn-check's totals line: games, moves and errors. */
static void
pdn_totals (const CliRun *run,
            guint64      *games,
            guint64      *moves,
            guint64      *errors)
{
  const char *line = strstr (run->out, "games: ");

  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "games: %" G_GUINT64_FORMAT ", moves: %" G_GUINT64_FORMAT
                                 ", errors: %" G_GUINT64_FORMAT, games, moves, errors), ==, 3);
}

/* Never lose a game: pdn-convert writes every game of every PDN file of
 * shared/data, those it reads only in part too, so that what it writes
 * holds as many games (and moves, and games read in part) as the file;
 * and converting that again gives the same text. */
static void
test_pdn_convert_keeps_every_game (void)
{
  g_autofree char *data = test_shared_data_dir ();
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = NULL;
  g_autofree char *once = NULL;
  guint64 all_errors = 0;

  if (data == NULL)
    return;
  find_pdn_files (data, files);
  /* shared/data/README.md: 40 PDN files; fewer means the wrong folder. */
  g_assert_cmpuint (files->len, >=, 40);
  dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  once = g_build_filename (dir, "once.pdn", NULL);
  for (guint i = 0; i < files->len; i++)
    {
      const char *file = files->pdata[i];
      g_autoptr (CliRun) check = cli_run ("pdn-check", "--quiet", file, NULL);
      g_autoptr (CliRun) convert = cli_run ("pdn-convert", file, NULL);
      g_autoptr (CliRun) check_once = NULL;
      g_autoptr (CliRun) convert_once = NULL;
      guint64 games, moves, errors, games_once, moves_once, errors_once;

      g_assert_true (check->exited && convert->exited);
      pdn_totals (check, &games, &moves, &errors);
      g_assert_cmpint (check->status, ==, errors > 0);
      g_assert_cmpint (convert->status, ==, errors > 0);
      g_assert_true (g_file_set_contents (once, convert->out, -1, NULL));
      check_once = cli_run ("pdn-check", "--quiet", once, NULL);
      pdn_totals (check_once, &games_once, &moves_once, &errors_once);
      g_test_message ("%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " read in part; written: %"
                      G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " read in part",
                      file, games, errors, games_once, errors_once);
      g_assert_cmpuint (games_once, ==, games);
      g_assert_cmpuint (moves_once, ==, moves);
      g_assert_cmpuint (errors_once, ==, errors);
      convert_once = cli_run ("pdn-convert", once, NULL);
      g_assert_cmpstr (convert_once->out, ==, convert->out);
      all_errors += errors;
    }
  /* Games read in part were among them (english/README.md: Petal 1981
   * game 18 of tinsley.pdn has an illegal move), so keeping those was
   * tried too. */
  g_assert_cmpuint (all_errors, >, 0);
  g_unlink (once);
  g_rmdir (dir);
}

/* The names in @dir, sorted and joined by spaces. */
static char *
dir_listing (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* @path holds @text. */
static void
assert_file_text (const char *path,
                  const char *text)
{
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, text);
}

/* pdn-convert --output (issue 25): the file is the old one or the whole
 * new one, never a part.  Stopped in the middle of writing (a file size
 * limit), the old file stays as it was; when the write fails, the
 * temporary file goes too, and the message names the file.  Written whole,
 * it holds what standard output gets without --output: every game, the
 * one of tags alone too. */
static void
test_pdn_convert_output (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.pdn", NULL);
  g_autofree char *dest = g_build_filename (dir, "converted.pdn", NULL);
  g_autoptr (GString) pdn = g_string_new ("[Event \"alone\"]\n[White \"Scholma\"]\n");
  const char *args[] = { "pdn-convert", "--output", dest, path, NULL };
  guint n = 40;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (pdn, "[Event \"game %u\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n", i);
  g_assert_true (g_file_set_contents (path, pdn->str, -1, NULL));
  g_assert_true (g_file_set_contents (dest, "old\n", -1, NULL));
  {
    /* The write fails past 512 bytes (the whole is about 3 KB). */
    FileLimit limit = { 512, TRUE };
    g_autoptr (CliRun) run = cli_runv_limited (args, &limit);
    g_autofree char *listing = dir_listing (dir);
    g_autofree char *said = g_strdup_printf ("draughtsman-cli pdn-convert: %s not written (left as it was): ", dest);

    cli_run_report (run);
    g_assert_true (run->exited);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, said));
    g_assert_cmpstr (run->out, ==, "");
    assert_file_text (dest, "old\n");
    g_assert_cmpstr (listing, ==, "converted.pdn games.pdn");
  }
  {
    /* Killed in the middle of writing: the old file still. */
    FileLimit limit = { 512, FALSE };
    g_autoptr (CliRun) run = cli_runv_limited (args, &limit);

    cli_run_report (run);
    g_assert_false (run->exited);
    g_assert_cmpint (run->signal, ==, SIGXFSZ);
    assert_file_text (dest, "old\n");
  }
  {
    g_autoptr (CliRun) plain = cli_run ("pdn-convert", path, NULL);
    g_autoptr (CliRun) run = cli_runv (args);
    g_autoptr (CliRun) check = NULL;

    assert_success (plain);
    assert_success (run);
    g_assert_cmpstr (run->out, ==, "");
    assert_file_text (dest, plain->out);
    g_assert_true (g_str_has_prefix (plain->out, "[Event \"alone\"]\n[White \"Scholma\"]\n"));
    check = cli_run ("pdn-check", dest, NULL);
    assert_success (check);
    g_assert_nonnull (strstr (check->out, "games: 41, moves: 160, errors: 0\n"));
  }
  test_remove_tree (dir);
}

/* selfplay --output (issue 25): a run that fails leaves the file as it
 * was and no temporary file beside it, whether it fails before the first
 * game (weights that do not load: it used to leave the header alone in
 * place of the file) or while writing (a file size limit: it used to put
 * the part written in place of the file). */
static void
test_selfplay_output_kept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *dest = g_build_filename (dir, "sp.txt", NULL);
  g_autofree char *said = g_strdup_printf ("draughtsman-cli selfplay: %s not written (left as it was): ", dest);

  g_assert_true (g_file_set_contents (dest, "old\n", -1, NULL));
  {
    g_autoptr (CliRun) run = cli_run ("selfplay", "--variant", "russian", "--games", "2", "--nodes", "50",
                                      "--patterns", "/nonexistent/weights.drp", "-o", dest, NULL);
    g_autofree char *listing = dir_listing (dir);

    cli_run_report (run);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, "/nonexistent/weights.drp"));
    assert_file_text (dest, "old\n");
    g_assert_cmpstr (listing, ==, "sp.txt");
  }
  {
    const char *args[] = { "selfplay", "--variant", "russian", "--games", "4", "--nodes", "100",
                           "--threads", "1", "--seed", "3", "-o", dest, NULL };
    FileLimit limit = { 64, TRUE };
    g_autoptr (CliRun) run = cli_runv_limited (args, &limit);
    g_autofree char *listing = dir_listing (dir);

    cli_run_report (run);
    g_assert_true (run->exited);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, said));
    assert_file_text (dest, "old\n");
    g_assert_cmpstr (listing, ==, "sp.txt");
  }
  test_remove_tree (dir);
}

/* analyse -------------------------------------------------------------- */

/* An "info" line without what depends on the clock (nps, time): "depth D
 * seldepth S multipv K score X nodes N pv MOVES".  The line must have all
 * its fields in the documented order. */
static char *
info_fixed_part (const char *line)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);
  static const char * const names[] = { "info", "depth", NULL, "seldepth", NULL, "multipv", NULL,
                                        "score" };
  GString *out = g_string_new (NULL);
  guint i = G_N_ELEMENTS (names);

  g_assert_cmpuint (g_strv_length (words), >, i);
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    if (names[k] != NULL)
      g_assert_cmpstr (words[k], ==, names[k]);
  g_string_append_printf (out, "depth %s seldepth %s multipv %s score", words[2], words[4], words[6]);
  /* The score is "+0.25" or "win in 4"/"loss in 4". */
  while (words[i] != NULL && !g_str_equal (words[i], "nodes"))
    g_string_append_printf (out, " %s", words[i++]);
  g_assert_cmpstr (words[i], ==, "nodes");
  g_assert_nonnull (words[i + 1]);
  g_string_append_printf (out, " nodes %s", words[i + 1]);
  g_assert_cmpstr (words[i + 2], ==, "nps");
  g_assert_nonnull (words[i + 3]);
  g_assert_cmpstr (words[i + 4], ==, "time");
  g_assert_nonnull (words[i + 5]);
  g_assert_cmpstr (words[i + 6], ==, "pv");
  g_string_append (out, " pv");
  for (i += 7; words[i] != NULL; i++)
    g_string_append_printf (out, " %s", words[i]);
  return g_string_free (out, FALSE);
}

/* What analyse printed that a fixed depth determines: every info line's
 * fixed part, then the bestmove line. */
static char *
analyse_fixed_output (const CliRun *run)
{
  g_auto (GStrv) lines = output_lines (run->out);
  GString *out = g_string_new (NULL);
  guint n = g_strv_length (lines);

  g_assert_cmpuint (n, >=, 2);
  for (guint i = 0; i + 1 < n; i++)
    {
      g_autofree char *fixed = info_fixed_part (lines[i]);

      g_string_append_printf (out, "%s\n", fixed);
    }
  g_assert_true (g_str_has_prefix (lines[n - 1], "bestmove "));
  g_string_append_printf (out, "%s\n", lines[n - 1]);
  return g_string_free (out, FALSE);
}

/* A composed shot (international/problems-Cat.C1.pdn, S.M.van Eijk C62):
 * of its 11 legal moves only 44-39 wins, in 7 plies (test-search.c proves
 * both with an exhaustive solver).  At a fixed depth the output is the
 * same from run to run but for the clock; every iteration is reported,
 * the win is seen and played. */
static void
test_analyse_fixed_depth (void)
{
  static const char *fen = "W:W14,20,30,32,37,44,46:B8,18-19,23,33,36,43";
  g_autoptr (CliRun) first = cli_run ("analyse", "--fen", fen, "--depth", "7", NULL);
  g_autoptr (CliRun) second = cli_run ("analyse", "--fen", fen, "--depth", "7", NULL);
  g_autofree char *fixed = NULL;
  g_autofree char *fixed_again = NULL;
  g_auto (GStrv) lines = NULL;
  guint64 last_nodes = 0;

  assert_success (first);
  assert_success (second);
  fixed = analyse_fixed_output (first);
  fixed_again = analyse_fixed_output (second);
  g_test_message ("%s", fixed);
  g_assert_cmpstr (fixed, ==, fixed_again);

  lines = g_strsplit (fixed, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 7 + 2);
  for (guint d = 1; d <= 7; d++)
    {
      g_autofree char *prefix = g_strdup_printf ("depth %u seldepth ", d);
      const char *nodes = strstr (lines[d - 1], " nodes ");
      guint64 n;

      g_assert_true (g_str_has_prefix (lines[d - 1], prefix));
      g_assert_nonnull (strstr (lines[d - 1], " multipv 1 score "));
      g_assert_nonnull (nodes);
      n = g_ascii_strtoull (nodes + strlen (" nodes "), NULL, 10);
      g_assert_cmpuint (n, >, last_nodes);
      last_nodes = n;
    }
  g_assert_nonnull (strstr (lines[6], " score win in 4 nodes "));
  g_assert_nonnull (strstr (lines[6], " pv 44-39 "));
  g_assert_cmpstr (lines[7], ==, "bestmove 44-39");
}

/* --level: below full strength the move is a level's choice among its
 * lines (dr-opponent.h), the same for the same --seed, not always the same
 * for others, and always one of the moves the position allows (the
 * International start after 32-28 18-23: nine steps and 28-22).  --level
 * full is what analyse says without it. */
static void
test_analyse_level (void)
{
  static const char *fen = "W:W28,31,33-50:B1-17,19-20,23";
  static const char *legal[] = { "28-22", "31-26", "31-27", "33-29", "34-29", "34-30", "35-30",
                                 "37-32", "38-32", NULL };
  g_autoptr (GHashTable) chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (CliRun) plain = cli_run ("analyse", "--fen", fen, "--depth", "5", NULL);
  g_autoptr (CliRun) full = cli_run ("analyse", "--fen", fen, "--depth", "5", "--level", "full", NULL);
  g_autofree char *plain_fixed = NULL;
  g_autofree char *full_fixed = NULL;

  assert_success (plain);
  assert_success (full);
  plain_fixed = analyse_fixed_output (plain);
  full_fixed = analyse_fixed_output (full);
  g_assert_cmpstr (plain_fixed, ==, full_fixed);

  for (int seed = 0; seed < 12; seed++)
    {
      g_autofree char *seed_text = g_strdup_printf ("%d", seed);
      g_autoptr (CliRun) run = cli_run ("analyse", "--fen", fen, "--level", "beginner",
                                        "--seed", seed_text, NULL);
      g_autoptr (CliRun) again = cli_run ("analyse", "--fen", fen, "--level", "beginner",
                                          "--seed", seed_text, NULL);
      g_autofree char *fixed = NULL;
      g_autofree char *fixed_again = NULL;
      g_auto (GStrv) lines = NULL;
      const char *best;
      guint n;

      assert_success (run);
      assert_success (again);
      fixed = analyse_fixed_output (run);
      fixed_again = analyse_fixed_output (again);
      g_assert_cmpstr (fixed, ==, fixed_again);
      /* The level's six lines are reported side by side. */
      g_assert_nonnull (strstr (fixed, " multipv 6 score "));
      lines = output_lines (run->out);
      n = g_strv_length (lines);
      best = lines[n - 1] + strlen ("bestmove ");
      g_assert_true (g_strv_contains (legal, best));
      g_hash_table_add (chosen, g_strdup (best));
    }
  g_assert_cmpuint (g_hash_table_size (chosen), >=, 2);
}

/* --weights changes what the search decides, not only its clock.  White's
 * man on 32 must take either the king on 27 or the man on 28 (one piece
 * each, so the majority rule allows both), and at depth 1 nothing can be
 * taken back: with the default weights a king is worth more than a man,
 * so 32x21 takes it; with king=0 a king is worth nothing, so 32x23 takes
 * the man. */
static void
test_analyse_weights (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *weights = g_build_filename (dir, "k0.ini", NULL);
  g_autoptr (CliRun) plain = NULL;
  g_autoptr (CliRun) zero = NULL;
  g_autofree char *plain_fixed = NULL;
  g_autofree char *zero_fixed = NULL;

  g_assert_true (g_file_set_contents (weights, "[Weights]\nking=0\n", -1, NULL));
  plain = cli_run ("analyse", "--fen", "W:W32:BK27,28", "--depth", "1", NULL);
  zero = cli_run ("analyse", "--fen", "W:W32:BK27,28", "--depth", "1", "--weights", weights, NULL);
  assert_success (plain);
  assert_success (zero);
  plain_fixed = analyse_fixed_output (plain);
  zero_fixed = analyse_fixed_output (zero);
  g_test_message ("default weights:\n%sking=0:\n%s", plain_fixed, zero_fixed);
  g_assert_true (g_str_has_suffix (plain_fixed, "pv 32x21\nbestmove 32x21\n"));
  g_assert_true (g_str_has_suffix (zero_fixed, "pv 32x23\nbestmove 32x23\n"));
  g_unlink (weights);
  g_rmdir (dir);
}

/* tune: the weights file it writes is read back by analyse --weights and
 * hub --weights, and changes what analyse says; bad files are refused
 * with their name. */
/* selfplay writes training positions; tune --patterns fits weights on
 * them that analyse and hub then load; a damaged weights file is refused
 * with its name and what is wrong. */
static void
test_selfplay_patterns (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (dir, "sp.txt", NULL);
  g_autofree char *data2 = g_build_filename (dir, "sp2.txt", NULL);
  g_autofree char *weights = g_build_filename (dir, "p.drp", NULL);
  g_autofree char *text = NULL, *text2 = NULL, *bytes = NULL;
  gsize size;

  {
    g_autoptr (CliRun) run = cli_run ("selfplay", "--variant", "russian", "--games", "30", "--nodes", "300",
                                      "--threads", "2", "--seed", "5", "-o", data, NULL);
    g_autoptr (CliRun) again = cli_run ("selfplay", "--variant", "russian", "--games", "30", "--nodes", "300",
                                        "--threads", "1", "--seed", "5", "-o", data2, NULL);
    g_auto (GStrv) lines = NULL, lines2 = NULL;

    assert_success (run);
    assert_success (again);
    g_assert_nonnull (strstr (run->err, "30 games, "));
    g_assert_true (g_file_get_contents (data, &text, NULL, NULL));
    g_assert_true (g_file_get_contents (data2, &text2, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "# draughtsman-cli selfplay --variant russian --games 30 --nodes 300"));
    /* The same games whatever the threads: the same lines, in another order. */
    lines = g_strsplit (text, "\n", -1);
    lines2 = g_strsplit (text2, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), >, 300);
    g_assert_cmpuint (g_strv_length (lines), ==, g_strv_length (lines2));
    qsort (lines, g_strv_length (lines), sizeof (char *), compare_strings);
    qsort (lines2, g_strv_length (lines2), sizeof (char *), compare_strings);
    for (guint i = 0; lines[i] != NULL; i++)
      if (lines[i][0] != '#')
        g_assert_cmpstr (lines[i], ==, lines2[i]);
  }
  {
    g_autoptr (CliRun) run = cli_run ("tune", "--patterns", "--global", "--variant", "russian", "--epochs", "20",
                                      "-o", weights, data, NULL);

    assert_success (run);
    g_assert_nonnull (strstr (run->err, "kept-apart loss: "));
    /* The global terms fitted with the patterns, and said. */
    g_assert_nonnull (strstr (run->err, "kings-vs-none"));
    g_assert_true (g_file_get_contents (weights, &bytes, &size, NULL));
    /* Format 3: the windows' weights, then 10 global terms' two weights. */
    g_assert_cmpuint (size, ==, 48 + (9 * 2 * 6561 + 10 * 2) * 2);
  }
  {
    g_autoptr (CliRun) run = cli_run ("analyse", "--variant", "russian", "--depth", "3", "--patterns", weights, NULL);
    g_autoptr (CliRun) intl = cli_run ("analyse", "--depth", "3", "--patterns", weights, NULL);

    assert_success (run);
    g_assert_cmpint (intl->status, ==, 1);
    g_assert_nonnull (strstr (intl->err, weights));
    g_assert_nonnull (strstr (intl->err, "GameType 25 (Russian draughts), not for GameType 20 (International"));
  }
  {
    g_autoptr (CliRun) run = NULL;

    bytes[size - 1] ^= 0x40;
    g_assert_true (g_file_set_contents (weights, bytes, (gssize) size, NULL));
    run = cli_run ("analyse", "--variant", "russian", "--depth", "3", "--patterns", weights, NULL);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, weights));
    g_assert_nonnull (strstr (run->err, "checksum"));
  }
  {
    g_autoptr (CliRun) run = NULL;

    g_assert_true (g_file_set_contents (data, "0 3 1 x W:W21:B12\n", -1, NULL));
    run = cli_run ("tune", "--patterns", "--variant", "russian", "-o", weights, data, NULL);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, ":1:7: a score was expected"));
  }
  test_remove_tree (dir);
}

static void
test_tune_command (void)
{
  /* Twenty short games: White wins those where it gets a man to 24, the
   * rest are drawn; enough for a fit to move. */
  g_autoptr (GString) pdn = g_string_new (NULL);
  g_autofree char *dir = g_dir_make_tmp ("test-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.pdn", NULL);
  g_autofree char *weights = g_build_filename (dir, "w.ini", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.ini", NULL);
  g_autofree char *text = NULL;

  for (int i = 0; i < 20; i++)
    g_string_append_printf (pdn, "[Event \"g%d\"]\n[Result \"%s\"]\n1. 32-28 19-23 2. 28x19 14x23 3. %s %s\n\n",
                            i, i % 2 ? "2-0" : "1-1", i % 2 ? "34-30" : "33-29", i % 2 ? "2-0" : "1-1");
  g_assert_true (g_file_set_contents (path, pdn->str, -1, NULL));
  {
    g_autoptr (CliRun) run = cli_run ("tune", "--iterations", "50", "--all-steps", "--output", weights, path, NULL);

    assert_success (run);
    g_assert_cmpstr (run->out, ==, "");
    g_assert_nonnull (strstr (run->err, "games: 20 (0 unreadable), positions: "));
    g_assert_nonnull (strstr (run->err, "error before: "));
    g_assert_true (g_file_get_contents (weights, &text, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "# draughtsman-cli tune --variant international --lambda 0.001 --all-steps, 20 games"));
    g_assert_nonnull (strstr (text, "\n[Weights]\nman=100\nking="));
  }
  {
    g_autoptr (CliRun) run = cli_run ("tune", "--c", "--iterations", "5", path, NULL);

    assert_success (run);
    g_assert_true (g_str_has_prefix (run->out, "{\n  .man = 100,\n  .king = "));
  }
  {
    /* A king worth nothing changes the score of a king ending (compared
     * without the clock's fields, which differ from run to run anyway). */
    g_autoptr (CliRun) plain = cli_run ("analyse", "--fen", "W:WK46:B5", "--depth", "1", NULL);
    g_autoptr (CliRun) zero = NULL;
    g_autofree char *plain_fixed = NULL;
    g_autofree char *zero_fixed = NULL;

    g_assert_true (g_file_set_contents (weights, "[Weights]\nking=0\n", -1, NULL));
    zero = cli_run ("analyse", "--fen", "W:WK46:B5", "--depth", "1", "--weights", weights, NULL);
    assert_success (plain);
    assert_success (zero);
    plain_fixed = analyse_fixed_output (plain);
    zero_fixed = analyse_fixed_output (zero);
    g_assert_cmpstr (plain_fixed, !=, zero_fixed);
  }
  {
    g_autoptr (CliRun) run = NULL;

    g_assert_true (g_file_set_contents (bad, "[Weights]\nqueen=1\n", -1, NULL));
    run = cli_run ("analyse", "--depth", "1", "--weights", bad, NULL);
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, bad));
    g_assert_nonnull (strstr (run->err, "unknown weight"));
  }
  {
    g_autoptr (CliRun) run = cli_run ("hub", "--weights", bad, NULL);

    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, "unknown weight"));
  }
  {
    g_autoptr (CliRun) run = cli_run ("tune", "--variant", "english", path, NULL);

    /* The games are International ones: nothing to fit for English. */
    g_assert_cmpint (run->status, ==, 1);
    g_assert_nonnull (strstr (run->err, "no quiet position from a game of english with a result"));
  }
  g_unlink (path);
  g_unlink (weights);
  g_unlink (bad);
  g_rmdir (dir);
}

/* Issue 23: "`draughtsman-cli` run from the build tree stays English
 * under ru_RU and uk_UA: unlike the application it ignores
 * `DRAUGHTSMAN_LOCALEDIR`."  Before the fix the usage stayed English. */
static void
test_locale_dir (void)
{
  static const char *const langs[][3] = {
    { "ru_RU.UTF-8", "ru", "Использование: draughtsman-cli" },
    { "uk_UA.UTF-8", "uk", "Використання: draughtsman-cli" },
  };
  g_autofree char *localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (langs); i++)
    {
      g_autofree char *catalogue = g_build_filename (localedir, langs[i][1], "LC_MESSAGES", "draughtsman.mo", NULL);
      const char *argv[] = { g_getenv ("DRAUGHTSMAN_CLI"), NULL };
      g_auto (GStrv) envp = g_get_environ ();
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr (GError) error = NULL;
      int status = 0;

      if (!g_file_test (catalogue, G_FILE_TEST_EXISTS))
        {
          /* A build without the application (-Dgui=false) has no catalogues. */
          g_test_skip ("the build tree has no message catalogues");
          return;
        }
      envp = g_environ_setenv (envp, "LC_ALL", langs[i][0], TRUE);
      envp = g_environ_setenv (envp, "LANGUAGE", langs[i][1], TRUE);
      envp = g_environ_setenv (envp, "DRAUGHTSMAN_LOCALEDIR", localedir, TRUE);
      g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                                   &error));
      g_assert_no_error (error);
      g_test_message ("%s: %s", langs[i][0], err);
      g_assert_true (g_str_has_prefix (err, langs[i][2]));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("DRAUGHTSMAN_CLI") == NULL)
    {
      g_test_add_func ("/cli/no-cli", test_no_cli);
      return g_test_run ();
    }

  for (gsize i = 0; i < G_N_ELEMENTS (perft_cases); i++)
    g_test_add_data_func (perft_cases[i].path, &perft_cases[i], test_perft_case);
  for (gsize i = 0; i < G_N_ELEMENTS (divide_cases); i++)
    g_test_add_data_func (divide_cases[i].path, &divide_cases[i], test_divide_case);
  for (gsize i = 0; i < G_N_ELEMENTS (moves_cases); i++)
    g_test_add_data_func (moves_cases[i].path, &moves_cases[i], test_moves_case);
  for (gsize i = 0; i < G_N_ELEMENTS (fen_cases); i++)
    g_test_add_data_func (fen_cases[i].path, &fen_cases[i], test_fen_case);
  for (gsize i = 0; i < G_N_ELEMENTS (error_cases); i++)
    g_test_add_data_func (error_cases[i].path, &error_cases[i], test_error_case);
  g_test_add_func ("/cli/locale-dir", test_locale_dir);
  g_test_add_func ("/cli/pdn/check-and-convert", test_pdn_commands);
  g_test_add_func ("/cli/solve", test_solve_command);
  g_test_add_func ("/cli/tactics", test_tactics_command);
  g_test_add_func ("/cli/pdn/convert-keeps-every-game", test_pdn_convert_keeps_every_game);
  g_test_add_func ("/cli/pdn/convert-output", test_pdn_convert_output);
  g_test_add_func ("/cli/selfplay/output-kept", test_selfplay_output_kept);
  g_test_add_func ("/cli/analyse/fixed-depth", test_analyse_fixed_depth);
  g_test_add_func ("/cli/analyse/weights", test_analyse_weights);
  g_test_add_func ("/cli/analyse/level", test_analyse_level);
  g_test_add_func ("/cli/tune", test_tune_command);
  g_test_add_func ("/cli/selfplay-patterns", test_selfplay_patterns);
  return g_test_run ();
}
