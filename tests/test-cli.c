/* test-cli.c — draughtsman-cli run as a program: the rules commands
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The CLI named by $DRAUGHTSMAN_CLI is spawned with g_spawn_sync() and its
 * stdout, stderr and wait status are checked against the interface the
 * issue fixed (perft, divide, moves, fen; --notation on every command)
 * and its refusals of bad input.  The PDN commands are tested in
 * test-cli-pdn.c, the searching ones in test-cli-learn.c.
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
 *     add up to them.
 * Move lists are compared as sets: the interface does not fix an order.
 */

#include "config.h"

#include "test-cli-util.h"
#include "test-util.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  if (!cli_test_init (&argc, &argv))
    return g_test_run ();

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
  return g_test_run ();
}
