/* test-tactics.c — the search on composed problems: does it find the shot?
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The problems are those of shared/data/ (DRAUGHTSMAN_SHARED, as in
 * test-pdn.c): each record gives a FEN setup and the composer's solution
 * as its main line.  Every problem is a test path of its own,
 * /tactics/<collection>/<name>, where the name is the record's Round tag
 * (its Event tag when Round is empty), with "-2", "-3"... on a name met
 * again in the same file.  Each collection also has a path .../records
 * that asserts how many records the file holds and how many are problems,
 * and a path .../floors (below).
 *
 * Which records are problems is decided from the file alone, by these
 * rules, in this order; every record left out is named in a test message
 * with its reason, and the counts are asserted:
 *   1. a record the reader reads only in part is not a problem (Cat.C1
 *      line 611 is a stray move body after the last problem; test-pdn.c
 *      lists it);
 *   2. a record without a FEN setup is a game from the start position
 *      (the "TTS Game" records of the English shots file: the shot comes
 *      somewhere in the game and the file does not mark where);
 *   3. a record without solution moves has nothing to compare with (the
 *      position-only English collections, problems-beginner, -lpc, -gem
 *      and -borderclassics, are all of this kind, so they have no test
 *      path here);
 *   4. the task must be "to play and win": the Result tag (or, without
 *      one, the game's terminator) must be a win for the side to move.
 *      This leaves out draws ("1/2-1/2"), unknown results ("*") and the
 *      "Black to move, White wins" problems (Cat.A1 A64, Cat.C1 C80),
 *      whose first move is the loser's defence.
 *
 * A problem is solved at a node budget when the search, with one thread,
 * a cleared table and that budget (so the outcome is the same from run to
 * run and from build to build), either plays the solution's first move
 * (compared with dr_move_same; the PDN reader has resolved the move text
 * against the legal moves), or plays another move and proves it wins (a
 * score of DR_SCORE_WON or more, "win in N"): the task is "to play and
 * win", so a dual is a correct answer too.  The expected move always
 * comes from the file.
 *
 * Every problem climbs the same budget ladder, tactics_ladder[]: the
 * search tries the first rung, and the next only if that did not solve
 * it.  A problem counts as solved by a rung when one of the rungs up to
 * it solved it.  For each collection, tactics_collections[] holds a floor
 * per rung: the number of its problems solved by that rung may not fall
 * below it (.../floors).  The floors are what this engine has reached, a
 * ratchet, not a truth about the problems: they may only rise.  When the
 * floors path reports more solved than a floor, raise that floor in the
 * same commit; a change that lowers a count is a regression of the
 * search to fix, never a floor to lower, with one exception: a change
 * that wins at equal time (`match --sprt`, H1 accepted) and moves a few
 * problems between rungs may set the floors to what it reaches; its
 * commit names every problem that moved and gives the counts of the
 * 591-position set (data/tactics/international.txt, README "The tactical
 * set"), large enough for two or three problems not to decide (issue 28).
 *
 * The problems the search does not solve at any rung are listed in
 * tactics_known_failures[] with the reason, verified by hand; the top
 * floor of a collection is its number of problems less its known
 * failures (/tactics/tables checks it).  A problem's path asserts that it
 * is solved by the ladder's top rung, or, for a known failure, that it is
 * still unsolved at every rung, so that a change which solves one fails
 * here and the list and floors get updated.
 *
 * The rungs marked slow run only with -m slow (the test 'test-tactics-
 * slow', suite 'slow', which .ci/run runs).  Without it, a problem that
 * the quick rungs do not solve is skipped with the reason, and the floors
 * of the slow rungs are not checked.  After a failure the problem's path
 * reports what the search played at each rung and, at the top rung, what
 * it makes of the solution's first move and of the line's last position.
 */

#include "config.h"

#include "test-util.h"

#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-search.h"

/* Transposition table of each search, in megabytes.  The outcomes at each
 * rung, and so the floors, depend on it. */
#define TT_MEGABYTES   16

/* A rung of the ladder: a node budget, and whether it runs only with
 * -m slow.  The quick rungs come first. */
typedef struct
{
  guint64  nodes;
  gboolean slow;
} TacticsRung;

#define N_RUNGS 4

static const TacticsRung tactics_ladder[N_RUNGS] = {
  { 200000, FALSE },
  { 2000000, FALSE },
  { 12800000, TRUE },
  { 51200000, TRUE },
};

typedef struct
{
  const char *path;
  const char *file;          /* under shared/data/ */
  const char *variant;       /* for files without GameType; NULL: as the file says */
  guint       records;       /* games the reader meets, as test-pdn.c counts them */
  guint       problems;      /* records that pass the rules above */
  guint       floors[N_RUNGS]; /* solved by each rung, at least; may only rise */
} TacticsCollection;

/* The floors are the counts the search reached at bench signature 515726
 * (tests/bench.sig: International's drawish endings scaled down,
 * dr_eval_drawish()); the comments name the problems that need more than
 * the first rung.  Against signature 531311 that is, of Cat.A1, A22
 * solved at the second rung (the first before) and A80 at the third (the
 * second); of Cat.C1, C22 at the first (none), C91 at the first (the
 * third), C83 at the third (the fourth) and C75 at the third (the
 * second); of PWCP_2, A30 at the first (the second), A9 and A29 at the
 * second (none), A32 at the fourth (the first) and A46 at none (the
 * third): the exception above, for +59 Elo at 100 ms (README, "Drawish
 * endings"), with 561 of the 591-position set at 200,000 nodes (562
 * before) and 568 at 2 M (569).  Before it, signature 563246 (the
 * learned patterns, International's fitted on rounds 1 and 2 of
 * self-play, late-move reductions from the second move at non-PV nodes,
 * promotions in the quiescence search).  Against
 * signature 512813 (International's patterns of round 1) that is C81 of
 * Cat.C1 solved at the first rung (the second before), C83 at the fourth
 * (the third), C91 at the third (the first) and C17-2 at none (the
 * first), and of PWCP_2 A30 at the second (the first), A46 at the third
 * (the second) and A29 at none (the fourth): the exception above, for
 * +70 Elo at 100 ms (README "The learned evaluation"), with 562 of the
 * 591-position set at 200,000 nodes as before and 569 at 2 M (572
 * before).  Earlier, signature 512813 against 548878 (reductions from the
 * fourth move everywhere, no promotions at the leaves): one more of
 * Cat.A1 and of PWCP_2 at the first rung, A29 of PWCP_2 solved at the top
 * and C85 of Cat.C1 lost there (see its known failure).  Against the
 * hand-set evaluation alone (signature 570134) the patterns solved one
 * problem fewer of Cat.A1 at the first rung, one more of Cat.C1 at each of
 * the first three and two more of the English shots at the first. */
static const TacticsCollection tactics_collections[] = {
  /* 35 records: A64 is Black to move (White wins), A87 has Result "*".
   * A22 needs the second rung, A80 the third. */
  { "/tactics/international/cat-a1", "international/problems-Cat.A1.pdn", NULL, 35, 33,
    { 31, 32, 33, 33 } },
  /* 46 records: the stray body at line 611, and C80 is Black to move.
   * C8 needs the second rung, C75 and C83 the third; C17-2, C84 and C85
   * are known failures. */
  { "/tactics/international/cat-c1", "international/problems-Cat.C1.pdn", NULL, 46, 44,
    { 38, 39, 41, 41 } },
  /* 51 records, all problems.  A9 and A29 need the second rung, A32 the
   * fourth; A46 is a known failure. */
  { "/tactics/international/pwcp-2", "international/problems-PWCP_2.pdn", NULL, 51, 51,
    { 47, 49, 49, 50 } },
  /* 91 records: 18 "TTS Example" problems, of which 7 and 8 are draws,
   * then 73 "TTS Game" games from the start position.  All but 17 (a
   * known failure) are solved at the first rung. */
  { "/tactics/english/shots", "english/problems-tricks-traps-and-shots.pdn", "english", 91, 16,
    { 15, 15, 15, 15 } },
};

/* A problem the search does not solve at any rung.  The key is the test
 * path without "/tactics/". */
typedef struct
{
  const char *key;
  const char *reason;        /* what was verified */
} TacticsKnownFailure;

/* Each unsolved at every rung, the top one being 51,200,000 nodes.  The
 * reasons come from searching the position after the solution's first
 * move and the one the line ends in (what a failing path reports), and
 * each position of the line.  In none of them does the search refute
 * the composer's line: it scores the solution's first move +1.68 or better
 * and the line's last position as won.  The win is deeper than it reaches
 * from the root, or (C85) it plays another winning move that the test's
 * 16 MiB table is too small to prove. */
static const TacticsKnownFailure tactics_known_failures[] = {
  { "international/cat-c1/C17-2",
    "plays 28-22 (+2.44, depth 19); after the solution's 38-32, +2.76 (depth "
    "20); the line's last position is a win in 8 (depth 17).  Solved at the "
    "first rung with round 1's International patterns (bench 512813)" },
  { "international/cat-c1/C84",
    "plays 8-3 (+2.42, depth 18); after 30-25, +3.52 (depth 23); the line's "
    "last position is a win in 13 (depth 27): a long king ending beyond the "
    "root search" },
  { "international/cat-c1/C85",
    "plays 27-21 (+8.06, depth 21), another win: the same search proves it a "
    "win in 14 with a 64 MiB table (analyse --nodes 51200000 --hash 64, depth "
    "22); after the solution's 34-29, a win in 13 (depth 27).  Solved at the "
    "top rung before the late-move reductions of bench 512813" },
  { "international/pwcp-2/A46",
    "plays 39-34 (+0.96, depth 20); after the solution's 39-33, +2.24 (depth "
    "21); the line's last position is a win in 2 (depth 5).  The line ends in "
    "three pieces against a king, which the evaluation scales down as drawish "
    "until the search proves the win (dr_eval_drawish()).  Solved at the "
    "third rung before it (bench 531311)" },
  { "english/shots/TTS-Example-17",
    "plays 32-27 (+2.09, depth 25); after 22-18, +2.83 (depth 29); the line "
    "ends in a position it scores win in 21 (depth 43), far beyond the root "
    "search" },
  { NULL, NULL },
};

typedef enum
{
  TACTICS_UNSOLVED,
  TACTICS_SOLUTION,          /* played the solution's first move */
  TACTICS_PROVEN_WIN,        /* played another move, scored as a win */
} TacticsOutcome;

/* One problem: the record's setup and the solution's first move, and what
 * the ladder gave so far (the problem's path and the floors path share
 * it, so each rung is searched once). */
typedef struct
{
  char          *key;        /* "international/cat-a1/A43" */
  char          *path;       /* "/tactics/" + key */
  char          *title;      /* "#12 SMvan Eijk A43" for messages */
  const DrRules *rules;
  DrPosition     root;
  DrMove         solution;
  DrPosition     end;        /* after the whole main line */
  guint          end_ply;

  guint          tried;      /* rungs searched, from the first */
  int            solved_at;  /* the rung that solved it, or -1 */
  GString       *log;        /* one line per rung searched */
} TacticsProblem;

/* A collection as read from its file, before any test runs. */
typedef struct
{
  const TacticsCollection *collection;
  char      *error;          /* the file could not be opened; NULL if it could */
  gboolean   missing;        /* shared/data is not there */
  char      *missing_path;
  guint      records;
  GPtrArray *problems;       /* TacticsProblem * */
  GPtrArray *left_out;       /* char *, one message per record left out */
} TacticsFile;

static char *
data_path (const char *file)
{
  const char *shared = g_getenv ("DRAUGHTSMAN_SHARED");

  return g_build_filename (shared != NULL ? shared : "../shared", "data", file, NULL);
}

/* The record's name: Round, or Event when Round is empty, with the
 * characters a test path cannot hold replaced. */
static char *
record_name (const DrGame *game)
{
  const char *round = dr_game_get_tag (game, "Round");
  const char *event = dr_game_get_tag (game, "Event");
  char *name;

  name = g_strstrip (g_strdup (round != NULL && round[0] != '\0' && strcmp (round, "-") != 0
                               ? round : event != NULL ? event : "unnamed"));
  for (char *p = name; *p != '\0'; p++)
    if (*p == '/' || g_ascii_isspace (*p))
      *p = '-';
  return name;
}

/* Rule 4: NULL if the record asks the side to move to win, else why not. */
static const char *
not_a_win_task (const DrGame *game)
{
  DrSide turn = (DrSide) game->root->position.turn;

  /* game->result: the Result tag, or the terminator without one. */
  switch (game->result)
    {
    case DR_RESULT_WHITE_WINS:
      return turn == DR_SIDE_WHITE ? NULL : "a win for the side not to move";
    case DR_RESULT_BLACK_WINS:
      return turn == DR_SIDE_BLACK ? NULL : "a win for the side not to move";
    case DR_RESULT_DRAW:
      return "a draw";
    case DR_RESULT_BOTH_LOSE:
    case DR_RESULT_UNKNOWN:
    default:
      return "no result stated";
    }
}

static void
tactics_problem_free (gpointer data)
{
  TacticsProblem *p = data;

  g_free (p->key);
  g_free (p->path);
  g_free (p->title);
  g_string_free (p->log, TRUE);
  g_free (p);
}

static void
tactics_file_free (TacticsFile *f)
{
  g_free (f->error);
  g_free (f->missing_path);
  g_ptr_array_unref (f->problems);
  g_ptr_array_unref (f->left_out);
  g_free (f);
}

/* Reads a collection and applies the rules above.  This runs before the
 * tests are registered (there is one path per problem), so it asserts
 * nothing: the .../records path checks what it found. */
static TacticsFile *
tactics_file_read (const TacticsCollection *c)
{
  TacticsFile *f = g_new0 (TacticsFile, 1);
  g_autofree char *path = data_path (c->file);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const DrRules *rules = c->variant != NULL ? dr_rules_from_name (c->variant) : NULL;
  const char *group = c->path + strlen ("/tactics/");

  f->collection = c;
  f->problems = g_ptr_array_new_with_free_func (tactics_problem_free);
  f->left_out = g_ptr_array_new_with_free_func (g_free);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      f->missing = TRUE;
      f->missing_path = g_strdup (path);
      return f;
    }
  reader = dr_pdn_reader_new_for_file (path, NULL, rules, &error);
  if (reader == NULL)
    {
      f->error = g_strdup (error->message);
      return f;
    }

  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autofree char *name = NULL;
      g_autofree char *event = NULL;
      const char *round;
      const char *why_not;
      TacticsProblem *p;
      guint n;
      DrPdnRead read;

      read = dr_pdn_reader_next_game (reader, &game, &error);
      if (read == DR_PDN_READ_END)
        break;
      if (read == DR_PDN_READ_PARTIAL)
        {
          /* Rule 1. */
          f->records++;
          g_ptr_array_add (f->left_out, g_strdup_printf ("record %u left out: %s",
                                                         f->records, error->message));
          g_clear_error (&error);
          continue;
        }
      f->records++;
      event = g_strstrip (g_strdup (dr_game_get_tag (game, "Event") != NULL
                                    ? dr_game_get_tag (game, "Event") : ""));
      round = dr_game_get_tag (game, "Round");

      if (!game->setup)
        why_not = "no FEN setup";                         /* rule 2 */
      else if (game->root->children == NULL)
        why_not = "no solution moves";                    /* rule 3 */
      else
        why_not = not_a_win_task (game);                  /* rule 4 */
      if (why_not != NULL)
        {
          g_ptr_array_add (f->left_out, g_strdup_printf ("#%u %s %s left out: %s", f->records,
                                                         event, round != NULL ? round : "",
                                                         why_not));
          continue;
        }

      name = record_name (game);
      n = GPOINTER_TO_UINT (g_hash_table_lookup (seen, name)) + 1;
      g_hash_table_replace (seen, g_strdup (name), GUINT_TO_POINTER (n));
      p = g_new0 (TacticsProblem, 1);
      if (n == 1)
        p->key = g_strdup_printf ("%s/%s", group, name);
      else
        p->key = g_strdup_printf ("%s/%s-%u", group, name, n);
      p->path = g_strconcat ("/tactics/", p->key, NULL);
      p->title = g_strdup_printf ("#%u %s%s%s", f->records, event,
                                  round != NULL && round[0] != '\0' ? " " : "",
                                  round != NULL ? round : "");
      p->solved_at = -1;
      p->log = g_string_new (NULL);
      p->rules = game->rules;
      p->root = game->root->position;
      p->solution = game->root->children->move;
      for (const DrGameNode *node = game->root->children; node != NULL; node = node->children)
        {
          p->end = node->position;
          p->end_ply = node->ply;
        }
      g_ptr_array_add (f->problems, p);
    }
  return f;
}

/* The rungs this run may search: all with -m slow, else the quick ones. */
static guint
available_rungs (void)
{
  guint n = 0;

  while (n < N_RUNGS && (g_test_slow () || !tactics_ladder[n].slow))
    n++;
  return n;
}

static void
skip_without_data (const TacticsFile *f)
{
  g_autofree char *why = g_strdup_printf ("%s is missing: shared/data must be beside the source "
                                          "tree, or DRAUGHTSMAN_SHARED set", f->missing_path);

  test_skip_missing (why);
}

static void
test_records (gconstpointer data)
{
  const TacticsFile *f = data;

  if (f->missing)
    {
      skip_without_data (f);
      return;
    }
  g_assert_null (f->error);
  for (guint i = 0; i < f->left_out->len; i++)
    g_test_message ("%s", (const char *) g_ptr_array_index (f->left_out, i));
  g_assert_cmpuint (f->records, ==, f->collection->records);
  g_assert_cmpuint (f->problems->len, ==, f->collection->problems);
}

static const TacticsKnownFailure *
known_failure_for (const char *key)
{
  for (gsize i = 0; i < G_N_ELEMENTS (tactics_known_failures); i++)
    if (tactics_known_failures[i].key != NULL && strcmp (tactics_known_failures[i].key, key) == 0)
      return &tactics_known_failures[i];
  return NULL;
}

/* The ladder is the same few budgets for every problem, growing, the slow
 * rungs last; every known failure names a problem; and the floors agree
 * with the list: rising along the ladder, the top one each collection's
 * problems less its known failures. */
static void
test_tables (gconstpointer data)
{
  GPtrArray *files = (GPtrArray *) data;
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_false (tactics_ladder[0].slow);
  for (guint r = 1; r < N_RUNGS; r++)
    {
      g_assert_cmpuint (tactics_ladder[r].nodes, >, tactics_ladder[r - 1].nodes);
      g_assert_true (tactics_ladder[r].slow || !tactics_ladder[r - 1].slow);
    }

  for (guint i = 0; i < files->len; i++)
    {
      const TacticsFile *f = g_ptr_array_index (files, i);
      const TacticsCollection *c = f->collection;
      const char *group = c->path + strlen ("/tactics/");
      guint known = 0;

      if (f->missing)
        {
          skip_without_data (f);
          return;
        }
      for (guint j = 0; j < f->problems->len; j++)
        {
          const TacticsProblem *p = g_ptr_array_index (f->problems, j);

          g_hash_table_add (keys, p->key);
        }
      for (gsize k = 0; k < G_N_ELEMENTS (tactics_known_failures); k++)
        if (tactics_known_failures[k].key != NULL
            && g_str_has_prefix (tactics_known_failures[k].key, group)
            && tactics_known_failures[k].key[strlen (group)] == '/')
          known++;
      g_test_message ("%s: floors %u, %u, %u, %u of %u problems, %u known failures", group,
                      c->floors[0], c->floors[1], c->floors[2], c->floors[3], c->problems, known);
      for (guint r = 1; r < N_RUNGS; r++)
        g_assert_cmpuint (c->floors[r], >=, c->floors[r - 1]);
      g_assert_cmpuint (c->floors[N_RUNGS - 1] + known, ==, c->problems);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (tactics_known_failures); i++)
    if (tactics_known_failures[i].key != NULL)
      {
        g_test_message ("tactics_known_failures[]: %s", tactics_known_failures[i].key);
        g_assert_true (g_hash_table_contains (keys, tactics_known_failures[i].key));
        g_assert_cmpuint (strlen (tactics_known_failures[i].reason), >, 0);
      }
}

/* Runs the search on @p at @nodes from a cleared table.  @search must be
 * for the problem's rules. */
static TacticsOutcome
tactics_solve (DrSearch             *search,
               const TacticsProblem *p,
               guint64               nodes,
               DrSearchResult       *result)
{
  DrSearchLimits limits = { .max_nodes = nodes, .multipv = 1 };

  dr_search_clear (search);
  dr_search_set_history (search, NULL, 0);
  /* The solution's first move is legal, so there is a move to find. */
  g_assert_true (dr_search_run (search, &p->root, &limits, result));
  if (dr_move_same (&result->best, &p->solution))
    return TACTICS_SOLUTION;
  if (result->score >= DR_SCORE_WON)
    return TACTICS_PROVEN_WIN;
  return TACTICS_UNSOLVED;
}

/* "solution 46-41 played", "47-41 played, a proven win (the solution is
 * 46-41)", "47-41 played (the solution is 46-41)", with the score, depth
 * and nodes. */
static char *
tactics_describe (const TacticsProblem *p,
                  TacticsOutcome        outcome,
                  const DrSearchResult *result)
{
  g_autofree char *expected = dr_move_to_text_at (p->rules, &p->root, &p->solution);
  g_autofree char *played = dr_move_to_text_at (p->rules, &p->root, &result->best);
  char score[32];

  dr_score_to_string (result->score, score);
  switch (outcome)
    {
    case TACTICS_SOLUTION:
      return g_strdup_printf ("the solution's first move %s played (%s, depth %d, %"
                              G_GUINT64_FORMAT " nodes)",
                              expected, score, result->depth, (guint64) result->nodes);
    case TACTICS_PROVEN_WIN:
      return g_strdup_printf ("%s played, not the solution's %s, but proven won (%s, depth %d, %"
                              G_GUINT64_FORMAT " nodes)",
                              played, expected, score, result->depth, (guint64) result->nodes);
    case TACTICS_UNSOLVED:
    default:
      return g_strdup_printf ("%s played, not the solution's %s, and not proven won "
                              "(%s, depth %d, %" G_GUINT64_FORMAT " nodes)",
                              played, expected, score, result->depth, (guint64) result->nodes);
    }
}

/* For a problem the search does not solve: what it makes of the
 * solution's first move, searched from the position after it at @nodes.
 * A win there means the search misses a win it can prove once shown the
 * move; anything else means it cannot prove the composer's line. */
static char *
describe_solution (DrSearch             *search,
                   const TacticsProblem *p,
                   guint64               nodes)
{
  DrSearchLimits limits = { .max_nodes = nodes, .multipv = 1 };
  g_autofree char *expected = dr_move_to_text_at (p->rules, &p->root, &p->solution);
  g_autofree char *reply = NULL;
  DrPosition child;
  DrSearchResult result;
  GString *text;
  char score[32];

  dr_position_apply (&child, &p->root, &p->solution);
  dr_search_clear (search);
  dr_search_set_history (search, &p->root, 1);
  if (!dr_search_run (search, &child, &limits, &result))
    return g_strdup_printf ("after %s the opponent has no move: the solution wins at once",
                            expected);
  reply = dr_move_to_text_at (p->rules, &child, &result.best);
  dr_score_to_string (-result.score, score);
  text = g_string_new (NULL);
  g_string_append_printf (text, "after the solution's %s, searched at %" G_GUINT64_FORMAT
                          " nodes: %s for its side (depth %d, reply %s)",
                          expected, nodes, score, result.depth, reply);

  /* And the position the composer's line ends in, for its side. */
  dr_search_clear (search);
  dr_search_set_history (search, NULL, 0);
  if (!dr_search_run (search, &p->end, &limits, &result))
    g_string_append_printf (text, "; the line (%u plies) ends with the side to move blocked: "
                            "a %s for its side", p->end_ply,
                            p->end.turn == p->root.turn ? "loss" : "win");
  else
    g_string_append_printf (text, "; the line (%u plies) ends in a position scored %s "
                            "for its side (depth %d)", p->end_ply,
                            dr_score_to_string (p->end.turn == p->root.turn
                                                ? result.score : -result.score, score),
                            result.depth);
  return g_string_free (text, FALSE);
}

/* Climbs the ladder for @p up to (not including) rung @up_to, from where
 * it stopped, until a rung solves it. */
static void
tactics_climb (TacticsProblem *p,
               guint           up_to)
{
  DrSearch *search;

  if (p->solved_at >= 0 || p->tried >= up_to)
    return;
  search = dr_search_new (p->rules, TT_MEGABYTES);
  g_assert_nonnull (search);
  while (p->tried < up_to && p->solved_at < 0)
    {
      guint64 nodes = tactics_ladder[p->tried].nodes;
      DrSearchResult result;
      TacticsOutcome outcome = tactics_solve (search, p, nodes, &result);
      g_autofree char *what = tactics_describe (p, outcome, &result);

      g_string_append_printf (p->log, "\n  %" G_GUINT64_FORMAT " nodes: %s", nodes, what);
      if (outcome != TACTICS_UNSOLVED)
        p->solved_at = (int) p->tried;
      p->tried++;
    }
  dr_search_free (search);
}

static void
test_problem (gconstpointer data)
{
  TacticsProblem *p = (TacticsProblem *) data;
  const TacticsKnownFailure *known = known_failure_for (p->key);
  guint up_to = available_rungs ();
  guint64 top = tactics_ladder[up_to - 1].nodes;

  tactics_climb (p, up_to);
  g_test_message ("%s (%s):%s", p->key, p->title, p->log->str);

  if (known != NULL)
    {
      /* Still unsolved, as tactics_known_failures[] says: at every rung
       * with -m slow, at the quick ones without. */
      if (p->solved_at >= 0)
        g_test_message ("a known failure solved: remove it from tactics_known_failures[] "
                        "and raise the floors of its collection");
      g_assert_cmpint (p->solved_at, <, 0);
      g_test_message ("a known failure, unsolved up to %" G_GUINT64_FORMAT " nodes%s: %s", top,
                      up_to < N_RUNGS ? " (-m slow asserts the larger rungs)" : "", known->reason);
      return;
    }
  if (p->solved_at >= 0)
    return;
  if (up_to < N_RUNGS)
    {
      g_autofree char *why = g_strdup_printf ("%s: not solved within %" G_GUINT64_FORMAT
                                              " nodes; -m slow climbs to %" G_GUINT64_FORMAT
                                              " (the floors count it)",
                                              p->key, top, tactics_ladder[N_RUNGS - 1].nodes);

      g_test_skip (why);
      return;
    }
  {
    DrSearch *search = dr_search_new (p->rules, TT_MEGABYTES);
    g_autofree char *evidence = describe_solution (search, p, top);

    dr_search_free (search);
    g_test_message ("unsolved at every rung: %s", evidence);
  }
  g_assert_cmpint (p->solved_at, >=, 0);
}

/* The number of the collection's problems solved by each rung this run
 * may search is at least the floor. */
static void
test_floors (gconstpointer data)
{
  const TacticsFile *f = data;
  const TacticsCollection *c = f->collection;
  guint up_to = available_rungs ();
  guint solved[N_RUNGS] = { 0 };

  if (f->missing)
    {
      skip_without_data (f);
      return;
    }
  g_assert_null (f->error);
  for (guint j = 0; j < f->problems->len; j++)
    {
      TacticsProblem *p = g_ptr_array_index (f->problems, j);

      tactics_climb (p, up_to);
      for (guint r = 0; r < up_to; r++)
        if (p->solved_at >= 0 && (guint) p->solved_at <= r)
          solved[r]++;
    }
  for (guint r = 0; r < up_to; r++)
    {
      g_test_message ("by %" G_GUINT64_FORMAT " nodes: %u of %u solved (floor %u)%s",
                      tactics_ladder[r].nodes, solved[r], f->problems->len, c->floors[r],
                      solved[r] > c->floors[r] ? ": raise the floor" : "");
    }
  if (up_to < N_RUNGS)
    g_test_message ("the rungs from %" G_GUINT64_FORMAT " nodes are counted with -m slow",
                    tactics_ladder[up_to].nodes);
  for (guint r = 0; r < up_to; r++)
    g_assert_cmpuint (solved[r], >=, c->floors[r]);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) tactics_file_free);

  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (tactics_collections); i++)
    g_ptr_array_add (files, tactics_file_read (&tactics_collections[i]));

  g_test_add_data_func ("/tactics/tables", files, test_tables);
  for (guint i = 0; i < files->len; i++)
    {
      const TacticsFile *f = g_ptr_array_index (files, i);
      g_autofree char *records = g_strconcat (f->collection->path, "/records", NULL);
      g_autofree char *floors = g_strconcat (f->collection->path, "/floors", NULL);

      g_test_add_data_func (records, f, test_records);
      for (guint j = 0; j < f->problems->len; j++)
        {
          const TacticsProblem *p = g_ptr_array_index (f->problems, j);

          g_test_add_data_func (p->path, p, test_problem);
        }
      /* After the problems, whose outcomes it reuses. */
      g_test_add_data_func (floors, f, test_floors);
    }
  return g_test_run ();
}
