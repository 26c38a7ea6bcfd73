/* test-perft.c — move generation checked against published perft counts
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every row cites where its numbers come from; none comes from this
 * project's code.  Unless a row says otherwise the numbers are from
 * shared/data/oracles/perft.txt, extracted from rhalbersma/dctl (commit
 * 21869018) test/src/algo/traversal/, which credits the shashki.com
 * "Standard validation generator moves" and damforum.nl perft threads; see
 * shared/design/ENGINES.md §1 for the independent checks of each table.
 * "drop" rows count duplicate captures once (distinct legal moves), "keep"
 * rows once per capture route (ENGINES.md §0).
 *
 * By default each row is checked to quick_depth; with -m slow, to its end.
 */

#include "config.h"

#include "dr-fen.h"
#include "dr-perft.h"

typedef struct
{
  const char   *path;
  const char   *variant;
  const char   *fen;          /* NULL: the initial position */
  DrDuplicates  duplicates;
  int           quick_depth;
  uint64_t      nodes[18];    /* perft(1), perft(2), ...; 0 ends the row */
  const char   *source;
} PerftCase;

static const PerftCase perft_cases[] = {
  { "/rules/perft/international/initial", "international", NULL, DR_DUPLICATES_DROP, 8,
    { 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398 },
    "perft.txt [initial/board_10x10.cpp / International] drop; Bik (BikDam) to d10" },
  { "/rules/perft/antidraughts/initial", "antidraughts", NULL, DR_DUPLICATES_DROP, 7,
    { 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763 },
    "ENGINES.md §1.1: Scan variant=losing, same generator as International, to d10" },
  { "/rules/perft/russian/initial", "russian", NULL, DR_DUPLICATES_DROP, 10,
    /* Depth 10 is where a generator that gets the piece type wrong after a
     * man is crowned mid-capture (004 1.5.15) parts from the table. */
    { 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032, 110917189,
      544770444, 2673979569 },
    "perft.txt [initial/board_08x08.cpp / Russian] drop; ENGINES.md §1.3 (Avrora agrees)" },
  { "/rules/perft/russian-giveaway/initial", "russian-giveaway", NULL, DR_DUPLICATES_DROP, 8,
    { 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586, 22444032 },
    "Russian rules with the goal reversed: perft is the Russian row (ENGINES.md §1.5)" },
  { "/rules/perft/russian/initial-paths", "russian", NULL, DR_DUPLICATES_KEEP, 9,
    { 7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667 },
    "perft.txt [initial/board_08x08.cpp / Russian] keep (Kallisto agrees) to d9" },
  { "/rules/perft/english/initial", "english", NULL, DR_DUPLICATES_DROP, 10,
    { 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128,
      388617999, 1766564893 },
    "perft.txt [initial/board_08x08.cpp / Checkers] drop" },
  { "/rules/perft/english/initial-paths", "english", NULL, DR_DUPLICATES_KEEP, 10,
    { 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128,
      388623673, 1766623630 },
    "OEIS A133046 (Aart Bik), duplicate captures counted separately" },
  { "/rules/perft/brazilian/initial", "brazilian", NULL, DR_DUPLICATES_DROP, 10,
    { 7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257,
      511882477, 2481546396 },
    "perft.txt [initial/board_08x08.cpp / Brazilian] drop" },
  { "/rules/perft/pool/initial", "pool", NULL, DR_DUPLICATES_DROP, 10,
    { 7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955, 110833952,
      544005148, 2668385616 },
    "perft.txt [initial/board_08x08.cpp / Pool] drop" },
  { "/rules/perft/czech/initial", "czech", NULL, DR_DUPLICATES_DROP, 10,
    { 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210,
      386262109, 1749707352 },
    "perft.txt [initial/board_08x08.cpp / Czech] drop" },
  { "/rules/perft/spanish/initial", "spanish", NULL, DR_DUPLICATES_DROP, 10,
    { 7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200,
      365728331, 1637958247 },
    "perft.txt [initial/board_08x08.cpp / Spanish] drop" },
  { "/rules/perft/italian/initial", "italian", NULL, DR_DUPLICATES_DROP, 10,
    { 7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058,
      367911475, 1655211086 },
    "perft.txt [initial/board_08x08.cpp / Italian] drop" },
  { "/rules/perft/frisian/initial", "frisian", NULL, DR_DUPLICATES_DROP, 8,
    { 9, 81, 658, 3874, 21265, 102431, 540126, 2825779, 15605069, 85817725, 491186430 },
    "perft.txt [initial/board_10x10.cpp / Frisian] drop; Scan 3.1 variant=frisian agrees (ENGINES.md §1.5)" },
  { "/rules/perft/international/random178", "international",
    "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", DR_DUPLICATES_DROP, 6,
    { 14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193 },
    "perft.txt [international/fmjd.cpp / Random178]; damforum t=2308" },
  { "/rules/perft/international/woldouby", "international",
    "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", DR_DUPLICATES_DROP, 11,
    { 6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645,
      58360286, 346184885 },
    "perft.txt [international/fmjd.cpp / Woldouby]; damforum t=2308" },
  { "/rules/perft/international/all-kings", "international",
    "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:"
    "BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20", DR_DUPLICATES_DROP, 5,
    { 17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162, 417920283 },
    "perft.txt [international/fmjd.cpp / AllKings]; damforum t=2308" },
  { "/rules/perft/international/almost-promotion", "international",
    "W:W6,7,8,9,10:B41,42,43,44,45", DR_DUPLICATES_DROP, 6,
    { 9, 81, 795, 7578, 86351, 936311, 11448262, 138362698, 1799526674 },
    "perft.txt [international/fmjd.cpp / AlmostPromotion]; damforum t=2308" },
  { "/rules/perft/international/front-rows", "international",
    "W:B16,17,18,19,20:W31,32,33,34,35", DR_DUPLICATES_KEEP, 10,
    { 9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008317, 3174159, 10369533,
      34907917, 123162301 },
    "perft.txt [international/shashki.cpp / FrontRows] keep (men only: routes are canonical)" },
  { "/rules/perft/international/front-rows-unique", "international",
    "W:B16,17,18,19,20:W31,32,33,34,35", DR_DUPLICATES_DROP, 10,
    { 9, 81, 534, 2538, 9052, 29999, 98971, 310315, 1008313, 3174155, 10369511,
      34907891, 123162134 },
    "ENGINES.md §1.1a: FrontRows unique row computed with Scan 3.1" },
  { "/rules/perft/italian/gilbert-1", "italian",
    "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3", DR_DUPLICATES_KEEP, 9,
    { 5, 13, 42, 107, 360, 1099, 3736, 12495, 43686, 164177, 628686, 2643623, 10833722,
      49327264 },
    "perft.txt [italian/gilbert.cpp / Position1] keep; Ed Gilbert, damforum t=2822" },
  { "/rules/perft/italian/gilbert-2", "italian",
    "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", DR_DUPLICATES_KEEP, 7,
    { 6, 47, 271, 1916, 10810, 73137, 389809, 2469050, 12803372, 77920042 },
    "perft.txt [italian/gilbert.cpp / Position2] keep; Ed Gilbert, damforum t=2822" },
  { "/rules/perft/italian/gilbert-3", "italian",
    "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", DR_DUPLICATES_KEEP, 6,
    { 13, 112, 828, 6756, 46241, 368908, 2468110, 19914763, 130562037 },
    "perft.txt [italian/gilbert.cpp / Position3] keep; Ed Gilbert, damforum t=2822" },
};

static void
test_perft_case (gconstpointer data)
{
  const PerftCase *c = data;
  const DrRules *rules = dr_rules_from_name (c->variant);
  DrPosition pos;
  int last = 0;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (rules);
  if (c->fen != NULL)
    {
      g_assert_true (dr_fen_parse (rules, c->fen, &pos, &error));
      g_assert_no_error (error);
    }
  else
    dr_rules_initial (rules, &pos);

  while (last < (int) G_N_ELEMENTS (c->nodes) && c->nodes[last] != 0)
    last++;
  if (!g_test_slow () && c->quick_depth < last)
    last = c->quick_depth;
  for (int depth = 1; depth <= last; depth++)
    {
      uint64_t nodes = dr_perft (rules, &pos, depth, c->duplicates);
      if (nodes != c->nodes[depth - 1])
        g_test_message ("%s depth %d: got %" G_GUINT64_FORMAT ", expected %" G_GUINT64_FORMAT " (%s)",
                        c->path, depth, nodes, c->nodes[depth - 1], c->source);
      g_assert_cmpuint (nodes, ==, c->nodes[depth - 1]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (perft_cases); i++)
    g_test_add_data_func (perft_cases[i].path, &perft_cases[i], test_perft_case);
  return g_test_run ();
}
