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
 * that asserts how many records the file holds and how many are problems.
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
 * A problem is solved when the search, with one thread, a cleared table
 * and a fixed node budget (so the outcome is the same from run to run and
 * from build to build), either plays the solution's first move (compared
 * with dr_move_same; the PDN reader has resolved the move text against
 * the legal moves), or plays another move and proves it wins (a score of
 * DR_SCORE_WON or more, "win in N"): the task is "to play and win", so a
 * dual is a correct answer too.  The expected move always comes from the
 * file; the only data here are node budgets and the names of the problems
 * that the search does not solve.
 *
 * The budget is DEFAULT_NODES unless tactics_budgets[] gives more.  A
 * problem not solved at any budget tried is listed in
 * tactics_known_failures[] with the reason, and its path asserts that it
 * is still unsolved.  Paths whose budget is above SLOW_ABOVE run only with
 * -m slow (suite 'slow').  /tactics/tables checks that every key of the
 * two tables names a problem.
 *
 * Re-measuring (after a change to the evaluation or the search): from the
 * source tree (or with DRAUGHTSMAN_SHARED set), run a release build's
 *   DR_TACTICS_MEASURE=1 <builddir>/tests/test-tactics
 * For each problem it tries the budgets 50,000, 100,000, 200,000, ... up
 * to DR_TACTICS_MEASURE_CAP (default MEASURE_CAP), reports what it played
 * and, for a problem unsolved at the cap, what the search makes of the
 * solution's first move and of the line's last position (the evidence for
 * a known failure's reason), then prints the two tables ready to paste
 * over these; nothing is asserted in that mode.  A row of
 * tactics_known_failures[] keeps its reason while the problem stays
 * unsolved; a new one gets the words "REASON NEEDED", to be replaced by what the evidence
 * shows.  DR_TACTICS_MEASURE_ONLY=<text> measures only the problems whose
 * key contains <text>.  A smaller cap is quicker, but the problems that
 * need more than it come out as failures at the cap.
 */

#include "config.h"

#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-search.h"

/* Nodes per problem unless tactics_budgets[] says otherwise. */
#define DEFAULT_NODES  200000
/* Budgets above this run only with -m slow. */
#define SLOW_ABOVE     5000000
/* The measurement's first budget (doubled each step) and its default cap. */
#define MEASURE_FIRST  50000
#define MEASURE_CAP    51200000
/* Transposition table of each search, in megabytes.  The node budgets are
 * measured with this size: changing it changes them. */
#define TT_MEGABYTES   16

typedef struct
{
  const char *path;
  const char *file;          /* under shared/data/ */
  const char *variant;       /* for files without GameType; NULL: as the file says */
  guint       records;       /* games the reader meets, as test-pdn.c counts them */
  guint       problems;      /* records that pass the rules above */
} TacticsCollection;

static const TacticsCollection tactics_collections[] = {
  /* 35 records: A64 is Black to move (White wins), A87 has Result "*". */
  { "/tactics/international/cat-a1", "international/problems-Cat.A1.pdn", NULL, 35, 33 },
  /* 46 records: the stray body at line 611, and C80 is Black to move. */
  { "/tactics/international/cat-c1", "international/problems-Cat.C1.pdn", NULL, 46, 44 },
  /* 51 records, all problems. */
  { "/tactics/international/pwcp-2", "international/problems-PWCP_2.pdn", NULL, 51, 51 },
  /* 91 records: 18 "TTS Example" problems, of which 7 and 8 are draws,
   * then 73 "TTS Game" games from the start position. */
  { "/tactics/english/shots", "english/problems-tricks-traps-and-shots.pdn", "english", 91, 16 },
};

/* A problem that needs more than DEFAULT_NODES.  The key is the test path
 * without "/tactics/". */
typedef struct
{
  const char *key;
  guint64     nodes;
} TacticsBudget;

/* Measured with DR_TACTICS_MEASURE=1 (see the top of the file).  Each
 * comment is the measurement: the budgets 50,000 * 2^k tried, in
 * thousands of nodes, + where the problem was solved and - where not.
 * The budget is twice the smallest that solved it (at least
 * DEFAULT_NODES), checked to solve it too; above the cap (51,200,000) the
 * smallest itself.  A larger budget does not always solve what a smaller
 * one did (A80, C76): the search stops at another depth, with other moves
 * in its table. */
static const TacticsBudget tactics_budgets[] = {
  { "international/cat-a1/A22", 400000 },  /* 50k- 100k- 200k+ 400k+ */
  { "international/cat-a1/A80", 400000 },  /* 50k+ 200k- 400k+ */
  { "international/cat-c1/C8", 1600000 },  /* 50k- ... 400k- 800k+ 1600k+ */
  { "international/cat-c1/C75", 6400000 },  /* 50k- ... 1600k- 3200k+ 6400k+ */
  { "international/cat-c1/C76", 800000 },  /* 50k+ 200k- 400k- 800k+ */
  { "international/cat-c1/C81", 51200000 },  /* 50k- ... 25600k- 51200k+ */
  { "international/cat-c1/C83", 12800000 },  /* 50k- ... 3200k- 6400k+ 12800k+ */
  { "international/cat-c1/C85", 51200000 },  /* 50k- ... 25600k- 51200k+ */
  { "international/pwcp-2/A11", 400000 },  /* 50k- 100k- 200k+ 400k+ */
  { "international/pwcp-2/A30", 1600000 },  /* 50k- ... 400k- 800k+ 1600k+ */
  { "international/pwcp-2/A46", 3200000 },  /* 50k- ... 800k- 1600k+ 3200k+ */
  /* English, measured again with the tuned English weights. */
  { "english/shots/TTS-Example-6", 800000 },  /* 50k- ... 200k- 400k+ 800k+ */
  { "english/shots/TTS-Example-11", 800000 },  /* 50k- ... 200k- 400k+ 800k+ */
  { "english/shots/TTS-Example-13", 400000 },  /* 50k- 100k- 200k+ 400k+ */
  { NULL, 0 },
};

/* A problem the search does not solve at any budget tried.  Its path
 * asserts that it is still unsolved at @nodes, so that a change which
 * solves it fails here and this table gets updated. */
typedef struct
{
  const char *key;
  guint64     nodes;
  const char *reason;        /* what was verified */
} TacticsKnownFailure;

/* Each unsolved at every budget up to 51,200,000 nodes.  The reasons come
 * from the measurement mode (which searches the position after the
 * solution's first move and the one the line ends in) and from searching
 * each position of the line.  In none of the five does the search refute
 * the composer's line: it scores the solution's first move +1.68 or better
 * and the line's last position as won.  The win is deeper than it reaches
 * from the root. */
static const TacticsKnownFailure tactics_known_failures[] = {
  { "international/cat-c1/C22", 51200000,
    "plays 19-14 (+2.55, depth 20); after the solution's 18-12 it proves a win "
    "in 14 (depth 25): it misses a win it proves once shown the quiet first "
    "move" },
  { "international/cat-c1/C84", 51200000,
    "plays 8-3 (+2.42, depth 18); after 30-25, +3.52 (depth 23); the line's "
    "last position is a win in 13 (depth 27): a long king ending beyond the "
    "root search" },
  { "international/pwcp-2/A9", 51200000,
    "plays 44-40 (+2.03, depth 19); after 18-12, +3.56 (depth 21); the line's "
    "last position is a win in 9 (depth 18), beyond the root search" },
  { "international/pwcp-2/A29", 51200000,
    "plays 18-12 (+4.62, depth 20); after 15-10, +2.41 (depth 21): the line's "
    "3. ... 8-12 loses in 3, the better 3. ... 8-13 loses too (win in 12 at "
    "51,200,000 nodes from there), beyond the root search" },
  { "english/shots/TTS-Example-17", 51200000,
    "plays 32-27 (+2.09, depth 25); after 22-18, +2.83 (depth 29); the line "
    "ends in a position it scores win in 21 (depth 43), far beyond the root "
    "search" },
  { NULL, 0, NULL },
};

/* One problem: the record's setup and the solution's first move. */
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
} TacticsProblem;

/* A collection as read from its file, before any test runs. */
typedef struct
{
  const TacticsCollection *collection;
  char      *error;          /* the file could not be opened; NULL if it could */
  gboolean   missing;        /* shared/data is not there */
  guint      records;
  GPtrArray *problems;       /* TacticsProblem * */
  GPtrArray *left_out;       /* char *, one message per record left out */
} TacticsFile;

typedef enum
{
  TACTICS_UNSOLVED,
  TACTICS_SOLUTION,          /* played the solution's first move */
  TACTICS_PROVEN_WIN,        /* played another move, scored as a win */
} TacticsOutcome;

static char *
data_path (const char *file)
{
  const char *shared = g_getenv ("DRAUGHTSMAN_SHARED");

  return g_build_filename (shared != NULL ? shared : "../shared", "data", file, NULL);
}

static char *
move_text (const DrRules    *rules,
           const DrPosition *pos,
           const DrMove     *move)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, legal);
  return dr_move_to_text (rules, legal, move, rules->notation);
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
  g_free (p);
}

static void
tactics_file_free (TacticsFile *f)
{
  g_free (f->error);
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

static void
test_records (gconstpointer data)
{
  const TacticsFile *f = data;

  if (f->missing)
    {
      g_test_skip ("shared/data is not beside the source tree");
      return;
    }
  g_assert_null (f->error);
  for (guint i = 0; i < f->left_out->len; i++)
    g_test_message ("%s", (const char *) g_ptr_array_index (f->left_out, i));
  g_assert_cmpuint (f->records, ==, f->collection->records);
  g_assert_cmpuint (f->problems->len, ==, f->collection->problems);
}

/* Every key of the two tables names a problem, and none is in both: a
 * renamed or removed record must not leave a stale entry behind. */
static void
test_tables (gconstpointer data)
{
  GPtrArray *files = (GPtrArray *) data;
  g_autoptr (GHashTable) keys = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < files->len; i++)
    {
      const TacticsFile *f = g_ptr_array_index (files, i);

      if (f->missing)
        {
          g_test_skip ("shared/data is not beside the source tree");
          return;
        }
      for (guint j = 0; j < f->problems->len; j++)
        {
          const TacticsProblem *p = g_ptr_array_index (f->problems, j);

          g_hash_table_add (keys, p->key);
        }
    }
  for (gsize i = 0; i < G_N_ELEMENTS (tactics_budgets); i++)
    if (tactics_budgets[i].key != NULL)
      {
        g_test_message ("tactics_budgets[]: %s", tactics_budgets[i].key);
        g_assert_true (g_hash_table_contains (keys, tactics_budgets[i].key));
        g_assert_cmpuint (tactics_budgets[i].nodes, >, 0);
      }
  for (gsize i = 0; i < G_N_ELEMENTS (tactics_known_failures); i++)
    if (tactics_known_failures[i].key != NULL)
      {
        g_test_message ("tactics_known_failures[]: %s", tactics_known_failures[i].key);
        g_assert_true (g_hash_table_contains (keys, tactics_known_failures[i].key));
        g_assert_cmpuint (tactics_known_failures[i].nodes, >, 0);
        /* A reason pasted from the measuring mode must be written out. */
        g_assert_null (strstr (tactics_known_failures[i].reason, "REASON NEEDED"));
        for (gsize j = 0; j < G_N_ELEMENTS (tactics_budgets); j++)
          g_assert_cmpstr (tactics_budgets[j].key, !=, tactics_known_failures[i].key);
      }
}

static guint64
budget_for (const char *key)
{
  for (gsize i = 0; i < G_N_ELEMENTS (tactics_budgets); i++)
    if (tactics_budgets[i].key != NULL && strcmp (tactics_budgets[i].key, key) == 0)
      return tactics_budgets[i].nodes;
  return DEFAULT_NODES;
}

static const TacticsKnownFailure *
known_failure_for (const char *key)
{
  for (gsize i = 0; i < G_N_ELEMENTS (tactics_known_failures); i++)
    if (tactics_known_failures[i].key != NULL && strcmp (tactics_known_failures[i].key, key) == 0)
      return &tactics_known_failures[i];
  return NULL;
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
  g_autofree char *expected = move_text (p->rules, &p->root, &p->solution);
  g_autofree char *played = move_text (p->rules, &p->root, &result->best);
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

static void
test_problem (gconstpointer data)
{
  const TacticsProblem *p = data;
  const TacticsKnownFailure *known = known_failure_for (p->key);
  guint64 nodes = known != NULL ? known->nodes : budget_for (p->key);
  DrSearch *search;
  DrSearchResult result;
  TacticsOutcome outcome;
  g_autofree char *what = NULL;

  if (nodes > SLOW_ABOVE && !g_test_slow ())
    {
      g_autofree char *why = g_strdup_printf ("%s: %" G_GUINT64_FORMAT " nodes, only with -m slow",
                                              p->key, nodes);
      g_test_skip (why);
      return;
    }

  search = dr_search_new (p->rules, TT_MEGABYTES);
  g_assert_nonnull (search);
  outcome = tactics_solve (search, p, nodes, &result);
  dr_search_free (search);
  what = tactics_describe (p, outcome, &result);

  if (known != NULL)
    {
      /* Still unsolved, as tactics_known_failures[] says. */
      g_test_message ("%s (%s), a known failure at %" G_GUINT64_FORMAT " nodes (%s): %s",
                      p->key, p->title, nodes, known->reason, what);
      g_assert_cmpint (outcome, ==, TACTICS_UNSOLVED);
      return;
    }
  g_test_message ("%s (%s) at %" G_GUINT64_FORMAT " nodes: %s", p->key, p->title, nodes, what);
  g_assert_cmpint (outcome, !=, TACTICS_UNSOLVED);
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
  g_autofree char *expected = move_text (p->rules, &p->root, &p->solution);
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
  reply = move_text (p->rules, &child, &result.best);
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

/* The measurement mode (DR_TACTICS_MEASURE=1): for each problem, the
 * smallest of MEASURE_FIRST * 2^k (up to @cap) at which it is solved;
 * then the budget to put in the table, twice that and at least
 * DEFAULT_NODES, doubled again until it solves the problem too. */
typedef struct
{
  guint64  nodes;
  gboolean solved;
} MeasureTry;

/* " 50k- ... 3200k- 6400k+": the tries in order, a run of three or more
 * failures shortened to its first and last. */
static char *
measure_tries_text (GArray *tries)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < tries->len; i++)
    {
      const MeasureTry *t = &g_array_index (tries, MeasureTry, i);
      guint run = 0;

      while (i + run < tries->len && !g_array_index (tries, MeasureTry, i + run).solved)
        run++;
      if (run >= 3)
        {
          g_string_append_printf (text, " %" G_GUINT64_FORMAT "k- ... %" G_GUINT64_FORMAT "k-",
                                  t->nodes / 1000,
                                  g_array_index (tries, MeasureTry, i + run - 1).nodes / 1000);
          i += run - 1;
          continue;
        }
      g_string_append_printf (text, " %" G_GUINT64_FORMAT "k%s", t->nodes / 1000,
                              t->solved ? "+" : "-");
    }
  return g_string_free (text, FALSE);
}

/* @text as C string literals of at most about 76 characters, one per line
 * after @indent. */
static void
append_wrapped_literal (GString    *out,
                        const char *indent,
                        const char *text)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  GString *chunk = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      if (chunk->len > 0 && chunk->len + strlen (words[i]) > 76)
        {
          g_string_append_printf (out, "%s\"%s\"\n", indent, chunk->str);
          g_string_truncate (chunk, 0);
        }
      g_string_append (chunk, words[i]);
      if (words[i + 1] != NULL)
        g_string_append_c (chunk, ' ');
    }
  g_string_append_printf (out, "%s\"%s\"", indent, chunk->str);
  g_string_free (chunk, TRUE);
}

static void
measure_problem (const TacticsProblem *p,
                 guint64               cap,
                 GString              *budgets,
                 GString              *failures)
{
  DrSearch *search = dr_search_new (p->rules, TT_MEGABYTES);
  DrSearchResult result;
  TacticsOutcome outcome = TACTICS_UNSOLVED;
  guint64 smallest = 0, budget = 0, nodes, last = 0;
  g_autofree char *what = NULL;
  g_autofree char *line = NULL;
  const TacticsKnownFailure *known = known_failure_for (p->key);
  g_autoptr (GArray) tries = g_array_new (FALSE, FALSE, sizeof (MeasureTry));

  g_assert_nonnull (search);
  for (nodes = MEASURE_FIRST; nodes <= cap; nodes *= 2)
    {
      MeasureTry t = { nodes, FALSE };

      outcome = tactics_solve (search, p, nodes, &result);
      g_clear_pointer (&what, g_free);
      what = tactics_describe (p, outcome, &result);
      t.solved = outcome != TACTICS_UNSOLVED;
      g_array_append_val (tries, t);
      last = nodes;
      if (t.solved)
        {
          smallest = nodes;
          break;
        }
    }

  if (smallest != 0)
    {
      g_autofree char *first = g_strdup (what);
      TacticsOutcome first_outcome = outcome;

      /* Twice the need, at least the default, and solved there too (a
       * larger budget can change the move played).  Past the cap, keep
       * the measured budget. */
      for (budget = MAX (DEFAULT_NODES, 2 * smallest); budget <= cap; budget *= 2)
        {
          MeasureTry t = { budget, FALSE };

          t.solved = tactics_solve (search, p, budget, &result) != TACTICS_UNSOLVED;
          g_array_append_val (tries, t);
          if (t.solved)
            break;
        }
      if (budget > cap)
        budget = smallest;
      line = measure_tries_text (tries);
      g_print ("# %s:%s\n#   %s\n", p->key, line, first);
      if (budget != DEFAULT_NODES)
        g_string_append_printf (budgets,
                                "  { \"%s\", %" G_GUINT64_FORMAT " },  /*%s%s */\n",
                                p->key, budget, line,
                                first_outcome == TACTICS_PROVEN_WIN ? ", a dual" : "");
      if (known != NULL)
        g_print ("#   solved: remove it from tactics_known_failures[]\n");
    }
  else
    {
      g_autofree char *after = describe_solution (search, p, cap);

      line = measure_tries_text (tries);
      g_print ("# %s:%s\n#   unsolved: %s\n#   %s\n", p->key, line, what, after);
      g_string_append_printf (failures, "  { \"%s\", %" G_GUINT64_FORMAT ",\n", p->key, last);
      append_wrapped_literal (failures, "    ",
                              known != NULL ? known->reason : "REASON NEEDED: say why (verified how)");
      g_string_append (failures, " },\n");
    }
  dr_search_free (search);
}

static void
measure (GPtrArray *files)
{
  const char *cap_text = g_getenv ("DR_TACTICS_MEASURE_CAP");
  const char *only = g_getenv ("DR_TACTICS_MEASURE_ONLY");
  guint64 cap = cap_text != NULL ? g_ascii_strtoull (cap_text, NULL, 10) : MEASURE_CAP;
  g_autoptr (GString) budgets = g_string_new (NULL);
  g_autoptr (GString) failures = g_string_new (NULL);

  if (cap < MEASURE_FIRST)
    cap = MEASURE_FIRST;
  g_print ("# Measuring from %d nodes, doubling, up to %" G_GUINT64_FORMAT
           " (+ solved, - not)\n", MEASURE_FIRST, cap);
  for (guint i = 0; i < files->len; i++)
    {
      const TacticsFile *f = g_ptr_array_index (files, i);

      if (f->missing || f->error != NULL)
        g_print ("# %s: not read (%s)\n", f->collection->file,
                 f->missing ? "missing" : f->error);
      for (guint j = 0; j < f->problems->len; j++)
        {
          const TacticsProblem *p = g_ptr_array_index (f->problems, j);

          if (only == NULL || strstr (p->key, only) != NULL)
            measure_problem (p, cap, budgets, failures);
        }
    }
  g_print ("\nstatic const TacticsBudget tactics_budgets[] = {\n%s  { NULL, 0 },\n};\n",
           budgets->str);
  g_print ("\nstatic const TacticsKnownFailure tactics_known_failures[] = {\n%s"
           "  { NULL, 0, NULL },\n};\n", failures->str);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func ((GDestroyNotify) tactics_file_free);
  const char *measure_mode = g_getenv ("DR_TACTICS_MEASURE");
  int status = 0;

  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (tactics_collections); i++)
    g_ptr_array_add (files, tactics_file_read (&tactics_collections[i]));

  if (measure_mode != NULL && measure_mode[0] != '\0' && strcmp (measure_mode, "0") != 0)
    {
      measure (files);
      return 0;
    }

  g_test_add_data_func ("/tactics/tables", files, test_tables);
  for (guint i = 0; i < files->len; i++)
    {
      const TacticsFile *f = g_ptr_array_index (files, i);
      g_autofree char *records = g_strconcat (f->collection->path, "/records", NULL);

      g_test_add_data_func (records, f, test_records);
      for (guint j = 0; j < f->problems->len; j++)
        {
          const TacticsProblem *p = g_ptr_array_index (f->problems, j);

          g_test_add_data_func (p->path, p, test_problem);
        }
    }
  status = g_test_run ();
  return status;
}
