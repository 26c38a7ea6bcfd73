/* test-solve.c — the composition solver (issue 12): proofs, refutations,
 * cooks, lock tasks, draw studies, limits, and real problems
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The constructed positions are small enough to be checked by hand; the
 * reasoning is written beside each.  Every proof is re-checked with
 * dr_solve_verify_tree().  The tables the draw-study tests need
 * (International, two and three pieces) are built in a temporary folder.
 */

#include "config.h"

#include "dr-egdb.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-solve.h"
#include "test-util.h"

#include <glib/gstdio.h>
#include <string.h>

static char *tables_dir;


/* The temporary folder of the tables the tests build (each variant in a
 * folder of its own under it), made on first use. */
static const char *
tables_root (void)
{
  if (tables_dir == NULL)
    {
      g_autoptr (GError) error = NULL;

      tables_dir = g_dir_make_tmp ("solve-egdb-XXXXXX", &error);
      g_assert_no_error (error);
    }
  return tables_dir;
}

static DrEgdb *
international_tables (void)
{
  static DrEgdb *db;

  if (db == NULL)
    {
      DrEgdbBuildOptions options = { &dr_rules_international, NULL, 3, NULL, 1 };
      g_autoptr (GError) error = NULL;

      options.dir = tables_root ();
      g_assert_true (dr_egdb_build (&options, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
      db = dr_egdb_open (&dr_rules_international, tables_dir, &error);
      g_assert_no_error (error);
      g_assert_cmpint (dr_egdb_max_pieces (db), ==, 3);
    }
  return db;
}

static DrPosition
fen (const DrRules *rules,
     const char    *text)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  g_assert_true (dr_fen_parse (rules, text, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

static DrMove
move (const DrRules    *rules,
      const DrPosition *pos,
      const char       *text)
{
  g_autoptr (GError) error = NULL;
  DrMove m;

  g_assert_true (dr_move_parse (rules, pos, NULL, text, &m, &error));
  g_assert_no_error (error);
  return m;
}

/* Solves and checks the tree of any proof. */
static DrSolveResult *
solve (const DrRules        *rules,
       const char           *text,
       const DrSolveOptions *options)
{
  g_autoptr (GError) error = NULL;
  DrPosition pos = fen (rules, text);
  DrSolveResult *r = dr_solve (rules, &pos, options, &error);

  g_assert_no_error (error);
  g_assert_nonnull (r);
  g_assert_true (dr_solve_verify_tree (r, &error));
  g_assert_no_error (error);
  for (guint p = 0; p < r->n_parts; p++)
    g_assert_true (dr_solve_status_is_won (r->parts[p].status) == (r->parts[p].tree != NULL));
  return r;
}

static void
assert_key (const DrSolveResult *r,
            const char          *text)
{
  const DrMove *key = dr_solve_result_get_key (r);
  DrMoveList *list = g_new (DrMoveList, 1);
  g_autofree char *got = NULL;

  g_assert_nonnull (key);
  list->all_paths = false;
  dr_movegen_legal (r->rules, &r->parts[0].start, list);
  got = dr_move_to_text (r->rules, list, key, r->rules->notation);
  g_assert_cmpstr (got, ==, text);
  g_free (list);
}

/* A shot: White's man takes 28x19 (compulsory), Black's king must take it
 * back along the long diagonal 5-46 and lands on it wherever it goes, and
 * the White king on 46 takes it: Black has nothing left. */
static void
test_shot (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;
  const DrSolveNode *tree, *reply;

  dr_solve_options_init (&o);
  r = solve (&dr_rules_international, "W:WK46,28:BK5,23", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_PROVED);
  assert_key (r, "28x19");
  g_assert_cmpint (r->parts[0].distance, ==, 2);
  tree = dr_solve_result_get_tree (r);
  g_assert_true (tree->attacker_to_move);
  g_assert_cmpuint (dr_solve_node_n_children (tree), ==, 1);
  /* Black's five landing squares, each answered by a capture that ends it. */
  g_assert_cmpuint (dr_solve_node_n_children (tree->children), ==, 5);
  for (reply = tree->children->children; reply != NULL; reply = reply->next)
    {
      g_assert_cmpuint (dr_solve_node_n_children (reply), ==, 1);
      g_assert_cmpint (reply->children->leaf, ==, DR_SOLVE_LEAF_NO_MOVE);
    }
  g_assert_cmpuint (dr_solve_node_count (tree), ==, 12);
}

/* Not a win: with the White king on 47 (off the long diagonal) Black's
 * king takes back to a square White cannot reach, and king against king
 * is a draw (the tables say so).  Refuted with the line 28x19 5x.. and a
 * table leaf.  As a draw study the same position is proved: the draw is
 * reached (table draws, or Black loses the king on 41). */
static void
test_refuted_and_draw_study (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) win = NULL;
  g_autoptr (DrSolveResult) draw = NULL;
  g_autoptr (DrSolveResult) no_tables = NULL;
  const DrSolveNode *n;

  dr_solve_options_init (&o);
  o.egdb = international_tables ();
  win = solve (&dr_rules_international, "W:WK47,28:BK5,23", &o);
  g_assert_cmpint (win->status, ==, DR_SOLVE_REFUTED);
  g_assert_nonnull (win->parts[0].refutation);
  g_assert_cmpuint (win->parts[0].refutation->len, ==, 2);
  g_assert_cmpint (win->parts[0].refutation_leaf, ==, DR_SOLVE_LEAF_EGDB);
  g_assert_null (dr_solve_result_get_key (win));

  o.goal = DR_SOLVE_GOAL_DRAW;
  draw = solve (&dr_rules_international, "W:WK47,28:BK5,23", &o);
  g_assert_cmpint (draw->status, ==, DR_SOLVE_PROVED);
  assert_key (draw, "28x19");
  n = dr_solve_result_get_tree (draw)->children;
  g_assert_cmpuint (dr_solve_node_n_children (n), ==, 6);
  for (n = n->children; n != NULL; n = n->next)
    g_assert_true (n->leaf == DR_SOLVE_LEAF_EGDB || n->children != NULL);

  /* A composition inside the tables still gets its key: the root is
   * searched, the tables answer one move further. */
  {
    g_autoptr (DrSolveResult) in_tables = NULL;

    dr_solve_options_init (&o);
    o.egdb = international_tables ();
    /* Two kings catch the man on 36 (the tables: a win). */
    in_tables = solve (&dr_rules_international, "W:WK1,K2:B36", &o);
    g_assert_cmpint (in_tables->status, ==, DR_SOLVE_PROVED);
    g_assert_nonnull (dr_solve_result_get_key (in_tables));
    g_assert_cmpint (dr_solve_result_get_tree (in_tables)->leaf, ==, DR_SOLVE_LEAF_NONE);
    g_assert_cmpint (dr_solve_result_get_tree (in_tables)->children->leaf, ==, DR_SOLVE_LEAF_EGDB);
  }

  /* Without the tables the king endings never end: not decided.
   * Iterative deepening says how far it ruled a solution out; df-pn
   * (the default, test-dfpn.c) says its numbers instead. */
  dr_solve_options_init (&o);
  o.max_nodes = 5000;
  o.method = DR_SOLVE_METHOD_ID;
  no_tables = solve (&dr_rules_international, "W:WK47,28:BK5,23", &o);
  g_assert_cmpint (no_tables->status, ==, DR_SOLVE_UNDECIDED);
  g_assert_cmpint (no_tables->stop, ==, DR_SOLVE_STOP_NODES);
  g_assert_cmpint (no_tables->parts[0].lower_bound, >=, 2);
  g_clear_pointer (&no_tables, dr_solve_result_free);
  o.method = DR_SOLVE_METHOD_PN;
  no_tables = solve (&dr_rules_international, "W:WK47,28:BK5,23", &o);
  g_assert_cmpint (no_tables->status, ==, DR_SOLVE_UNDECIDED);
  g_assert_cmpint (no_tables->stop, ==, DR_SOLVE_STOP_NODES);
}

/* A full cook: Black's only man on 23 can be taken by 28x19 or by 29x18,
 * and either leaves Black without a piece. */
static void
test_cook (void)
{
  const DrRules *rules = &dr_rules_international;
  DrSolveOptions o;
  DrPosition pos = fen (rules, "W:W28,29:B23");
  DrMove line[1], other;
  g_autoptr (GPtrArray) cooks = NULL;
  g_autoptr (GError) error = NULL;
  const DrSolveCook *c;

  dr_solve_options_init (&o);
  line[0] = move (rules, &pos, "28x19");
  cooks = dr_solve_cooks (rules, &pos, line, 1, &o, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cooks->len, ==, 1);
  c = cooks->pdata[0];
  g_assert_cmpint (c->kind, ==, DR_SOLVE_COOK_FULL);
  g_assert_cmpint (c->status, ==, DR_SOLVE_PROVED);
  g_assert_cmpint (c->dual, ==, DR_SOLVE_DUAL_NONE);
  g_assert_cmpuint (c->line_index, ==, 0);
  other = move (rules, &pos, "29x18");
  g_assert_true (dr_move_same (&c->move, &other));
  g_assert_true (dr_solve_verify_tree (c->proof, &error));
  g_assert_no_error (error);

  /* An illegal stated line is an error that says where. */
  g_clear_pointer (&cooks, g_ptr_array_unref);
  line[0] = move (rules, &pos, "28x19");
  line[0].to = line[0].from;
  cooks = dr_solve_cooks (rules, &pos, line, 1, &o, &error);
  g_assert_null (cooks);
  g_assert_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_ILLEGAL_LINE);
  g_assert_nonnull (strstr (error->message, "Move 1"));
}

/* 6.2.7.3: the final king capture 46x32 of the stated line could land
 * on 28, 23, 19, 14, 10 or 5 as well, on the same diagonal: partial
 * cooks, not allowed alternatives. */
static void
test_final_king_capture (void)
{
  const DrRules *rules = &dr_rules_international;
  DrSolveOptions o;
  DrPosition pos = fen (rules, "W:WK46:B37");
  DrMove line[1];
  g_autoptr (GPtrArray) cooks = NULL;
  g_autoptr (GError) error = NULL;

  dr_solve_options_init (&o);
  line[0] = move (rules, &pos, "46x32");
  cooks = dr_solve_cooks (rules, &pos, line, 1, &o, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cooks->len, ==, 6);
  for (guint i = 0; i < cooks->len; i++)
    {
      const DrSolveCook *c = cooks->pdata[i];
      g_assert_true (c->final_king_capture);
      g_assert_cmpint (c->kind, ==, DR_SOLVE_COOK_PARTIAL);
      g_assert_cmpstr (c->article, ==, "6.2.7.3");
    }
}

/* A lock task (6.1.3): 46-41 leaves Black's man on 36 without a move (41
 * taken, 47 behind it occupied); 47-41 would let it take 36x47.  Locking
 * two men is impossible here: refuted (6.2.8.2). */
static void
test_lock (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;
  g_autoptr (DrSolveResult) wrong = NULL;
  g_autoptr (DrSolveResult) win = NULL;
  g_autoptr (GError) error = NULL;

  dr_solve_options_init (&o);
  o.goal = DR_SOLVE_GOAL_LOCK;
  o.lock_men = 1;
  o.lock_kings = 0;
  r = solve (&dr_rules_international, "W:W46,47:B36", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_PROVED);
  assert_key (r, "46-41");
  g_assert_cmpint (dr_solve_result_get_tree (r)->children->leaf, ==, DR_SOLVE_LEAF_LOCK);

  o.lock_men = 2;
  wrong = solve (&dr_rules_international, "W:W46,47:B36", &o);
  g_assert_cmpint (wrong->status, ==, DR_SOLVE_REFUTED);

  /* Lock counts belong to the lock goal. */
  o.goal = DR_SOLVE_GOAL_WIN;
  g_assert_null (dr_solve (&dr_rules_international, &r->parts[0].start, &o, &error));
  g_assert_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID);

  /* The same key wins too: a locked side has lost. */
  dr_solve_options_init (&o);
  win = solve (&dr_rules_international, "W:W46,47:B36", &o);
  g_assert_cmpint (win->status, ==, DR_SOLVE_PROVED);
  assert_key (win, "46-41");
}

/* 6.1.4: Black moves first and White wins.  Black's man on 18 goes to 22
 * or 23 and is taken (28x17, or 28x19 / 29x18).  With Black as the
 * attacker (the side to move) it is refuted: Black loses its only man. */
static void
test_black_moves_first (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;
  g_autoptr (DrSolveResult) black = NULL;
  const DrSolveNode *tree;

  dr_solve_options_init (&o);
  o.attacker = DR_SOLVE_ATTACKER_WHITE;
  r = solve (&dr_rules_international, "B:W28,29:B18", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_PROVED);
  tree = dr_solve_result_get_tree (r);
  g_assert_false (tree->attacker_to_move);
  g_assert_null (dr_solve_result_get_key (r));
  g_assert_cmpuint (dr_solve_node_n_children (tree), ==, 2);

  dr_solve_options_init (&o);
  black = solve (&dr_rules_international, "B:W28,29:B18", &o);
  g_assert_cmpint (black->status, ==, DR_SOLVE_REFUTED);
  g_assert_cmpint (black->parts[0].attacker, ==, DR_SIDE_BLACK);
}

/* 6.1.4 compound stipulations: "wins whichever side moves" (White to
 * move: 29-24 and Black's man is taken wherever it goes; Black to move:
 * as above), and "White to move wins, Black to move draws" on the draw
 * study, where White to move does not win. */
static void
test_compound (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) either = NULL;
  g_autoptr (DrSolveResult) win_draw = NULL;

  dr_solve_options_init (&o);
  o.goal = DR_SOLVE_GOAL_WIN_EITHER;
  o.attacker = DR_SOLVE_ATTACKER_WHITE;
  either = solve (&dr_rules_international, "W:W28,29:B18", &o);
  g_assert_cmpuint (either->n_parts, ==, 2);
  g_assert_cmpint (either->parts[0].status, ==, DR_SOLVE_PROVED);
  g_assert_cmpint (either->parts[1].status, ==, DR_SOLVE_PROVED);
  g_assert_cmpint (either->parts[1].start.turn, ==, DR_SIDE_BLACK);
  g_assert_cmpint (either->status, ==, DR_SOLVE_PROVED);

  o.goal = DR_SOLVE_GOAL_WIN_OR_DRAW;
  o.egdb = international_tables ();
  win_draw = solve (&dr_rules_international, "W:WK47,28:BK5,23", &o);
  g_assert_cmpint (win_draw->parts[0].goal, ==, DR_SOLVE_GOAL_WIN);
  g_assert_cmpint (win_draw->parts[0].status, ==, DR_SOLVE_REFUTED);
  g_assert_cmpint (win_draw->parts[1].goal, ==, DR_SOLVE_GOAL_DRAW);
  g_assert_cmpint (win_draw->parts[1].status, ==, DR_SOLVE_PROVED);
  g_assert_cmpint (win_draw->status, ==, DR_SOLVE_REFUTED);
}

/* The giveaway task (6.1.4): White must get rid of its pieces.  White's
 * man on 28 goes to 23 or 22 into Black's man on 18, which must take it:
 * White has nothing left, the task is done. */
static void
test_giveaway (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;

  dr_solve_options_init (&o);
  o.goal = DR_SOLVE_GOAL_GIVEAWAY;
  r = solve (&dr_rules_international, "W:W28:B17", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_PROVED);
  g_assert_cmpint (r->parts[0].distance, ==, 1);
  assert_key (r, "28-22");
}

/* A stated line checked against the proof: the shot's line is followed;
 * a line whose first move spoils the win is caught there. */
static void
test_check_line (void)
{
  const DrRules *rules = &dr_rules_international;
  DrSolveOptions o;
  DrPosition pos = fen (rules, "W:W28,29:B18");
  DrPosition p1;
  DrMove line[3];
  DrSolveLineCheck check;
  g_autoptr (GError) error = NULL;

  dr_solve_options_init (&o);
  o.max_nodes = 20000;
  line[0] = move (rules, &pos, "29-24");
  dr_position_apply (&p1, &pos, &line[0]);
  line[1] = move (rules, &p1, "18-22");
  dr_position_apply (&p1, &p1, &line[1]);
  line[2] = move (rules, &p1, "28x17");
  g_assert_true (dr_solve_check_line (rules, &pos, line, 3, &o, &check, &error));
  g_assert_no_error (error);
  g_assert_true (check.legal);
  g_assert_true (check.follows_proof);
  g_assert_cmpint (check.final_leaf, ==, DR_SOLVE_LEAF_NO_MOVE);
  g_assert_cmpint (check.final_status, ==, DR_SOLVE_PROVED);

  /* 29-23?? 18x29: White's man on 28 against Black's on 29 is not a
   * proved win within the limit. */
  line[0] = move (rules, &pos, "29-23");
  g_assert_true (dr_solve_check_line (rules, &pos, line, 1, &o, &check, &error));
  g_assert_false (check.follows_proof);
  g_assert_cmpuint (check.first_wrong, ==, 0);
}

static void
progress_cb (const DrSolveProgress *progress,
             gpointer               user_data)
{
  guint *calls = user_data;

  g_assert_cmpuint (progress->nodes, >, 0);
  (*calls)++;
}

static gboolean
cancel_cb (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* PWCP_2 A9: far from proved in a second without tables. */
#define HARD "W:W11,17,18,33,44:B6,9,19,27,39."

static gpointer
solve_thread (gpointer data)
{
  DrSolveOptions *o = data;
  DrPosition pos = fen (&dr_rules_international, HARD);

  return dr_solve (&dr_rules_international, &pos, o, NULL);
}

/* Limits: a node limit, a time limit and cancellation each give
 * UNDECIDED with the reason; progress is reported meanwhile. */
static void
test_limits (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) nodes = NULL;
  g_autoptr (DrSolveResult) timed = NULL;
  g_autoptr (DrSolveResult) cancelled = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GMainContext) context = g_main_context_new ();
  guint calls = 0;
  GThread *thread;
  GSource *source;

  dr_solve_options_init (&o);
  o.max_nodes = 3000;
  nodes = solve (&dr_rules_international, "W:WK47,28:BK5,23", &o);
  g_assert_cmpint (nodes->status, ==, DR_SOLVE_UNDECIDED);
  g_assert_cmpint (nodes->stop, ==, DR_SOLVE_STOP_NODES);
  g_assert_cmpuint (nodes->nodes, <=, 3000 + 1);

  dr_solve_options_init (&o);
  o.max_seconds = 0.3;
  o.progress = progress_cb;
  o.progress_data = &calls;
  timed = solve (&dr_rules_international, HARD, &o);
  g_assert_cmpint (timed->status, ==, DR_SOLVE_UNDECIDED);
  g_assert_cmpint (timed->stop, ==, DR_SOLVE_STOP_TIME);
  g_assert_cmpfloat (timed->seconds, <, 5.0);
  g_assert_cmpuint (calls, >, 0);

  dr_solve_options_init (&o);
  o.cancellable = cancellable;
  thread = g_thread_new ("solve", solve_thread, &o);
  source = g_timeout_source_new (100);
  g_source_set_callback (source, cancel_cb, cancellable, NULL);
  g_source_attach (source, context);
  g_source_unref (source);
  while (!g_cancellable_is_cancelled (cancellable))
    g_main_context_iteration (context, TRUE);
  cancelled = g_thread_join (thread);
  g_assert_nonnull (cancelled);
  g_assert_cmpint (cancelled->status, ==, DR_SOLVE_UNDECIDED);
  g_assert_cmpint (cancelled->stop, ==, DR_SOLVE_STOP_CANCELLED);
}

/* English, no tables: two men against one win (000 1.30: the side left
 * without a move loses), but the proof of every defence down to the end
 * is larger than a tree may be: undecided, saying that a win was found
 * and at what depth, never "proved" without the tree. */
static void
test_tree_too_large (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;

  dr_solve_options_init (&o);
  o.max_seconds = 60;
  /* Iterative deepening: it says at what depth it found the win. */
  o.method = DR_SOLVE_METHOD_ID;
  r = solve (&dr_rules_english, "W:W28,29:B23", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_UNDECIDED);
  g_assert_cmpint (r->stop, ==, DR_SOLVE_STOP_TREE_SIZE);
  g_assert_null (dr_solve_result_get_tree (r));
  g_assert_cmpint (r->parts[0].found_depth, >, 10);
  g_assert_cmpint (r->parts[0].lower_bound, ==, r->parts[0].found_depth - 1);
  g_assert_nonnull (strstr (r->message, "a win in"));
  g_assert_nonnull (strstr (r->message, "more than 2000000 positions"));
}

/* A tampered tree fails verification. */
static void
test_verify_rejects (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;
  g_autoptr (GError) error = NULL;
  DrSolveNode *defender, *gone;

  dr_solve_options_init (&o);
  r = solve (&dr_rules_international, "W:WK46,28:BK5,23", &o);
  defender = r->parts[0].tree->children;
  /* Drop one of Black's replies. */
  gone = defender->children;
  defender->children = gone->next;
  g_assert_false (dr_solve_verify_tree (r, &error));
  g_assert_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_VERIFY);
  g_assert_nonnull (strstr (error->message, "defender node"));
  defender->children = gone;
  g_clear_error (&error);
  g_assert_true (dr_solve_verify_tree (r, &error));

  /* A leaf that is not won. */
  gone->children->leaf = DR_SOLVE_LEAF_LOCK;
  g_assert_false (dr_solve_verify_tree (r, &error));
}

/* Real problems: proved from their FEN, and the key is the first move of
 * the published solution.  (English: the side to move wins, whatever the
 * Result tag says; the FEN's side letter is the side to move.) */
/* Won finales (issue 24, 004 6.2.7.2).  32x21x12 is White's only move;
 * then Black, with three men on its back row, has no capture: a finale
 * with White three men ahead and no black king, which the engine scores
 * far above +2.00.  Without finales no line reaches the end of the game
 * within four moves: undecided, as before. */
static void
test_won_finale (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;
  g_autoptr (DrSolveResult) plain = NULL;
  g_autofree char *text = NULL;
  const DrSolveNode *tree;

  dr_solve_options_init (&o);
  o.max_depth = 4;
  plain = solve (&dr_rules_international, "W:W32,46,47,48,49,50:B27,17,3,4,5", &o);
  g_assert_cmpint (plain->status, ==, DR_SOLVE_UNDECIDED);

  o.finales = TRUE;
  r = solve (&dr_rules_international, "W:W32,46,47,48,49,50:B27,17,3,4,5", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_WON_FINALES);
  g_assert_cmpstr (dr_solve_status_to_string (r->status), ==, "won finales");
  assert_key (r, "32x12");
  tree = dr_solve_result_get_tree (r);
  g_assert_cmpint (tree->children->leaf, ==, DR_SOLVE_LEAF_FINALE);
  g_assert_cmpint (tree->children->finale_score, >=, DR_SOLVE_FINALE_MIN_SCORE);
  g_assert_cmpuint (r->parts[0].n_finales, ==, 1);
  g_assert_null (strstr (r->message, "proved"));
  text = dr_solve_result_format (r, DR_NOTATION_NUMERIC, TRUE);
  g_assert_nonnull (strstr (text, "# won finale (004 6.2.7.2)"));

  /* The second thread's complete proof does not change a verdict it
   * cannot reach. */
  g_clear_pointer (&r, dr_solve_result_free);
  o.threads = 2;
  r = solve (&dr_rules_international, "W:W32,46,47,48,49,50:B27,17,3,4,5", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_WON_FINALES);

  /* A complete proof stays "proved" with finales on: the end of the game
   * comes before any finale. */
  g_clear_pointer (&r, dr_solve_result_free);
  o.threads = 1;
  r = solve (&dr_rules_international, "W:WK46,28:BK5,23", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_PROVED);
  g_assert_cmpuint (r->parts[0].n_finales, ==, 0);
}

/* A finale that is only a draw is no won finale.  White's men on 16, 17
 * and 18 are three men ahead of Black's on 40, but whatever White plays
 * Black crowns on 49 or 50 within the engine's horizon, and kings against
 * a king are a draw: the engine sees no win, so no line ends there, and
 * within four moves the problem stays undecided.  The verifier refuses a
 * finale leaf put on such a position by hand. */
static void
test_draw_finale (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;
  g_autoptr (GError) error = NULL;

  dr_solve_options_init (&o);
  o.finales = TRUE;
  o.max_depth = 4;
  r = solve (&dr_rules_international, "W:W16,17,18:B40", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_UNDECIDED);
  g_assert_null (dr_solve_result_get_tree (r));

  /* A forged tree: 17-11 with a finale leaf scored below the threshold. */
  g_clear_pointer (&r, dr_solve_result_free);
  r = solve (&dr_rules_international, "W:W32,46,47,48,49,50:B27,17,3,4,5", &o);
  g_assert_cmpint (r->status, ==, DR_SOLVE_WON_FINALES);
  ((DrSolveNode *) r->parts[0].tree->children)->finale_score = DR_SOLVE_FINALE_MIN_SCORE - 1;
  g_assert_false (dr_solve_verify_tree (r, &error));
  g_assert_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_VERIFY);
}

/* Cooks with the finales' verdict: five White men against one black man
 * on its back row win whatever White plays (every move reaches a finale
 * four men ahead), so against the stated 46-41 every other move is a full
 * cook, found and reported as won finales, not as proved. */
static void
test_finale_cooks (void)
{
  const DrRules *rules = &dr_rules_international;
  DrSolveOptions o;
  DrPosition pos = fen (rules, "W:W46,47,48,49,50:B5");
  DrMove line[1];
  g_autoptr (GPtrArray) cooks = NULL;
  g_autoptr (GError) error = NULL;

  dr_solve_options_init (&o);
  o.finales = TRUE;
  o.max_depth = 3;
  line[0] = move (rules, &pos, "46-41");
  cooks = dr_solve_cooks (rules, &pos, line, 1, &o, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cooks->len, ==, 8);
  for (guint i = 0; i < cooks->len; i++)
    {
      const DrSolveCook *c = cooks->pdata[i];

      g_assert_cmpint (c->kind, ==, DR_SOLVE_COOK_FULL);
      g_assert_cmpint (c->status, ==, DR_SOLVE_WON_FINALES);
      g_assert_true (dr_solve_verify_tree (c->proof, &error));
      g_assert_no_error (error);
    }
}

static void
test_real_problems (void)
{
  static const struct
  {
    const char *file;
    const char *variant;
    guint       index;     /* 1-based game number */
  } problems[] = {
    { "international/problems-PWCP_2.pdn", "international", 3 },
    { "international/problems-PWCP_2.pdn", "international", 4 },
    { "international/problems-PWCP_2.pdn", "international", 10 },
    { "international/problems-PWCP_2.pdn", "international", 26 },
    { "international/problems-PWCP_2.pdn", "international", 37 },
    { "english/problems-tricks-traps-and-shots.pdn", "english", 2 },
    { "english/problems-tricks-traps-and-shots.pdn", "english", 3 },
  };
  g_autofree char *data = test_shared_data_dir ();

  if (data == NULL)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (problems); i++)
    {
      g_autofree char *path = g_build_filename (data, problems[i].file, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (path, NULL,
                                                                   dr_rules_from_name (problems[i].variant),
                                                                   &error);
      g_autoptr (DrGame) game = NULL;
      g_autoptr (DrSolveResult) r = NULL;
      DrSolveOptions o;
      const DrMove *key;

      g_assert_no_error (error);
      for (guint k = 0; k < problems[i].index; k++)
        {
          g_clear_pointer (&game, dr_game_free);
          g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
        }
      g_assert_true (game->setup);
      dr_solve_options_init (&o);
      o.max_nodes = 400000;
      r = dr_solve (game->rules, &game->root->position, &o, &error);
      g_assert_no_error (error);
      g_test_message ("%s #%u: %s, %" G_GUINT64_FORMAT " nodes", problems[i].file,
                      problems[i].index, r->message, r->nodes);
      g_assert_cmpint (r->status, ==, DR_SOLVE_PROVED);
      g_assert_true (dr_solve_verify_tree (r, &error));
      g_assert_no_error (error);
      key = dr_solve_result_get_key (r);
      g_assert_nonnull (key);
      g_assert_nonnull (game->root->children);
      g_assert_true (dr_move_same (key, &game->root->children->move));
    }
}

/* A draw study won by a draw rule that counts moves: Russian, a king
 * against a king, White to move draws (004 1.9.1.4: five moves, then a
 * draw; no tables).  The rule holds sooner on a longer line, so a failure
 * found within a bound on one line is not a failure on another: stored in
 * the transposition table, as it was, it pruned the lines that reach the
 * rule, and this ended "tree not verified" (and a king on c1 against h2
 * "no solution within 100 moves"). */
static void
test_draw_by_count_rule (void)
{
  DrSolveOptions o;
  g_autoptr (DrSolveResult) r = NULL;

  dr_solve_options_init (&o);
  o.goal = DR_SOLVE_GOAL_DRAW;
  o.max_nodes = 3000000;
  r = solve (&dr_rules_russian, "W:WKa7:BKh2", &o);
  g_test_message ("%s", r->message);
  g_assert_cmpint (r->status, ==, DR_SOLVE_PROVED);
}

/* The tables of @rules up to four pieces, built once in tables_root(). */
static DrEgdb *
four_piece_tables (const DrRules *rules)
{
  DrEgdbBuildOptions options = { rules, NULL, 4, NULL, 1 };
  g_autoptr (GError) error = NULL;
  DrEgdb *db;

  options.dir = tables_root ();
  g_assert_true (dr_egdb_build (&options, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  db = dr_egdb_open (rules, tables_dir, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_egdb_max_pieces (db), ==, 4);
  return db;
}

/* Every game of the endgame collection @path with at most four pieces
 * (issue 24, "English and Russian endgame problems"): the stated result
 * (Result tag, read in the game's variant: a drawn result is a draw for
 * the side to move, a win one for the side the tag names) is proved with
 * the tables to four pieces, built here, as `draughtsman-cli solve --pdn`
 * states it.  The whole collections are measured on demand (README,
 * "Proving compositions").  Returns the number of games checked. */
static guint
check_stated_results (const char    *path,
                      const DrRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (path, NULL, rules, &error);
  g_autoptr (DrEgdb) db = four_piece_tables (rules);
  guint checked = 0, index = 0;

  g_assert_no_error (error);
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autoptr (DrSolveResult) r = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);
      const char *result;
      DrSolveOptions o;

      if (read == DR_PDN_READ_END)
        break;
      index++;
      /* A game the reader cannot set up (shared/data's beginner #10 has a
       * white man on White's crowning rank) is no stated result. */
      g_clear_error (&error);
      if (read != DR_PDN_READ_WHOLE || !game->setup
          || dr_bb_count (dr_position_occupied (&game->root->position)) > 4)
        continue;
      g_assert_true (game->rules == rules);
      result = dr_game_get_tag (game, "Result");
      dr_solve_options_init (&o);
      o.egdb = db;
      o.threads = 1;
      o.max_nodes = 200000;
      o.goal = dr_result_from_string (result, rules) == DR_RESULT_DRAW ? DR_SOLVE_GOAL_DRAW
                                                                        : DR_SOLVE_GOAL_WIN;
      o.attacker = dr_solve_attacker_from_result (rules, result);
      r = dr_solve (rules, &game->root->position, &o, &error);
      g_assert_no_error (error);
      g_test_message ("%s #%u [%s] %s: %s", path, index, dr_game_get_tag (game, "Event"), result,
                      r->message);
      g_assert_cmpint (r->status, ==, DR_SOLVE_PROVED);
      g_assert_true (dr_solve_verify_tree (r, &error));
      g_assert_no_error (error);
      checked++;
    }
  return checked;
}

/* tests/data/endgames-russian.pdn: Petrov's triangle, Sargin's position
 * with either side to move, the king against three men (a win and a
 * draw), Shoshin's study ... */
static void
test_endgames_russian (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "endgames-russian.pdn", NULL);

  g_assert_cmpuint (check_stated_results (path, &dr_rules_russian), ==, 12);
}

/* shared/data's English beginner's problems: two kings against one, the
 * draws of two against two, #28A and #28B (the same position with either
 * side to move, a win for White both times). */
static void
test_endgames_english (void)
{
  g_autofree char *data = test_shared_data_dir ();
  g_autofree char *path = NULL;

  if (data == NULL)
    return;
  path = g_build_filename (data, "english", "problems-beginner.pdn", NULL);
  g_assert_cmpuint (check_stated_results (path, &dr_rules_english), ==, 11);
}

/* Canadian draughts (12x12) is refused with the reason, not solved on the
 * 64-bit board's code. */
static void
test_canadian_refused (void)
{
  DrSolveOptions o;
  DrPosition pos;
  g_autoptr (GError) error = NULL;

  dr_solve_options_init (&o);
  g_assert_true (dr_fen_parse (&dr_rules_canadian, "W:Wd4,e5,f6:Bd8,h8", &pos, &error));
  g_assert_null (dr_solve (&dr_rules_canadian, &pos, &o, &error));
  g_assert_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "Canadian draughts"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solve/canadian-refused", test_canadian_refused);
  g_test_add_func ("/solve/shot", test_shot);
  g_test_add_func ("/solve/refuted-and-draw-study", test_refuted_and_draw_study);
  g_test_add_func ("/solve/cook", test_cook);
  g_test_add_func ("/solve/final-king-capture", test_final_king_capture);
  g_test_add_func ("/solve/lock", test_lock);
  g_test_add_func ("/solve/black-moves-first", test_black_moves_first);
  g_test_add_func ("/solve/compound", test_compound);
  g_test_add_func ("/solve/giveaway", test_giveaway);
  g_test_add_func ("/solve/check-line", test_check_line);
  g_test_add_func ("/solve/limits", test_limits);
  g_test_add_func ("/solve/tree-too-large", test_tree_too_large);
  g_test_add_func ("/solve/verify-rejects", test_verify_rejects);
  g_test_add_func ("/solve/real-problems", test_real_problems);
  g_test_add_func ("/solve/finale/won", test_won_finale);
  g_test_add_func ("/solve/finale/draw", test_draw_finale);
  g_test_add_func ("/solve/finale/cooks", test_finale_cooks);
  g_test_add_func ("/solve/draw-by-count-rule", test_draw_by_count_rule);
  g_test_add_func ("/solve/endgames/russian", test_endgames_russian);
  g_test_add_func ("/solve/endgames/english", test_endgames_english);
  status = g_test_run ();
  if (tables_dir != NULL)
    test_remove_tree (tables_dir);
  return status;
}
