/* test-game.c — the game tree: moves, variations, comments, NAGs, tags
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moves are real legal moves, looked up in dr_movegen_legal() by their
 * squares; the squares were worked out by hand from the International
 * numbering (1 = b10, rows of five) and Russian algebraic names.  Expected
 * trees, counts and strings follow from the contract in dr-game.h and
 * dr-game.c and from shared/design/PDN.md §2, §4, §8 and §9; none comes
 * from running this project's code.
 */

#include "config.h"

#include "dr-fen.h"
#include "dr-game.h"
#include "dr-movegen.h"

#include <string.h>

#ifdef G_OS_UNIX
#include <pthread.h>
#endif

#define LONG_PLIES 20000

static int
square (const DrRules *rules,
        const char    *name)
{
  size_t consumed = 0;
  int bit = dr_geometry_parse_square (rules->geometry, name, -1, &consumed);

  g_assert_cmpint (bit, >=, 0);
  g_assert_cmpuint (consumed, ==, strlen (name));
  return bit;
}

/* The one legal move of @pos from @from to @to (square names or numbers);
 * @list is working space. */
static DrMove
legal_move_in (const DrRules    *rules,
               const DrPosition *pos,
               const char       *from,
               const char       *to,
               DrMoveList       *list)
{
  int f = square (rules, from);
  int t = square (rules, to);
  int found = -1;

  list->all_paths = false;
  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    if (list->moves[i].from == f && list->moves[i].to == t)
      {
        g_assert_cmpint (found, ==, -1);
        found = (int) i;
      }
  if (found < 0)
    g_error ("%s: %s-%s is not legal", rules->name, from, to);
  return list->moves[found];
}

static DrMove
legal_move (const DrRules    *rules,
            const DrPosition *pos,
            const char       *from,
            const char       *to)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);

  return legal_move_in (rules, pos, from, to, list);
}

static DrGameNode *
play (DrGame     *game,
      DrGameNode *node,
      const char *from,
      const char *to)
{
  DrMove move = legal_move (game->rules, &node->position, from, to);
  DrGameNode *child = dr_game_add_move (game, node, &move);

  g_assert_nonnull (child);
  g_assert_true (child->parent == node);
  g_assert_true (dr_move_same (&child->move, &move));
  return child;
}

/* The @i-th child of @node (0: the main continuation). */
static DrGameNode *
child (DrGameNode *node,
       guint       i)
{
  DrGameNode *c = node->children;

  while (i-- > 0 && c != NULL)
    c = c->next;
  g_assert_nonnull (c);
  return c;
}

static guint
n_children (const DrGameNode *node)
{
  guint n = 0;

  for (const DrGameNode *c = node->children; c != NULL; c = c->next)
    n++;
  return n;
}

/* @node's children are exactly @expected (NULL-terminated), in order, and
 * each has @node as its parent. */
static void
assert_children (const DrGameNode  *node,
                 DrGameNode *const *expected)
{
  const DrGameNode *c = node->children;
  guint i = 0;

  for (; expected[i] != NULL; i++, c = c->next)
    {
      g_assert_true (c == expected[i]);
      g_assert_true (c->parent == node);
    }
  g_assert_null (c);
}

static void
assert_nags (const DrGameNode *node,
             const guint8     *expected,
             guint             n)
{
  if (n == 0)
    {
      g_assert_true (node->nags == NULL || node->nags->len == 0);
      return;
    }
  g_assert_nonnull (node->nags);
  g_assert_cmpmem (node->nags->data, node->nags->len, expected, n);
}

/* Replays the moves from the root to @node and compares positions and ply. */
static void
assert_position_replayed (const DrGame     *game,
                          const DrGameNode *node)
{
  GPtrArray *path = g_ptr_array_new ();
  DrPosition pos = game->root->position;

  for (const DrGameNode *n = node; n->parent != NULL; n = n->parent)
    g_ptr_array_add (path, (gpointer) n);
  g_assert_cmpuint (node->ply, ==, path->len);
  for (guint i = path->len; i-- > 0;)
    {
      const DrGameNode *n = g_ptr_array_index (path, i);
      dr_position_apply (&pos, &pos, &n->move);
    }
  g_assert_true (dr_position_equal (&pos, &node->position));
  g_assert_cmpuint (pos.hash, ==, node->position.hash);
  g_ptr_array_unref (path);
}

/* Every node of a (small) tree, in pre-order. */
static void
collect_nodes (DrGameNode *node,
               GPtrArray  *out)
{
  g_ptr_array_add (out, node);
  for (DrGameNode *c = node->children; c != NULL; c = c->next)
    collect_nodes (c, out);
}

/* The sample game, International:
 *
 *   root {Opening comment}
 *   ├─ A 32-28 ── 18-23 ── 37-32 ! $14 {solid} ── 12-18
 *   │          └─ {Also possible} 17-22 ?!
 *   ├─ B 33-28 ── 18-23
 *   └─ C 31-27
 *
 * 8 moves, 4 on the main line; Event, Site, White, Black and Result tags;
 * a draw. */
static DrGame *
build_sample (void)
{
  DrGame *game = dr_game_new (&dr_rules_international, NULL);
  DrGameNode *a, *n;

  dr_game_set_tag (game, "Event", "Test match");
  dr_game_set_tag (game, "Site", "Here");
  dr_game_set_tag (game, "White", "One, A.");
  dr_game_set_tag (game, "Black", "Two, B.");
  dr_game_set_tag (game, "Result", "1-1");
  game->result = DR_RESULT_DRAW;
  dr_game_node_set_comment_after (game->root, "Opening comment");

  a = play (game, game->root, "32", "28");
  n = play (game, a, "18", "23");
  n = play (game, n, "37", "32");
  dr_game_node_set_glyph (n, DR_NAG_GOOD);
  dr_game_node_add_nag (n, 14);
  dr_game_node_set_comment_after (n, "solid");
  play (game, n, "12", "18");
  n = play (game, a, "17", "22");
  dr_game_node_set_comment_before (n, "Also possible");
  dr_game_node_set_glyph (n, DR_NAG_DUBIOUS);
  n = play (game, game->root, "33", "28");
  play (game, n, "18", "23");
  play (game, game->root, "31", "27");
  return game;
}

/* -- new ----------------------------------------------------------------- */

static void
test_new (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_russian, NULL);
  g_autoptr (DrGame) setup = NULL;
  g_autoptr (GError) error = NULL;
  DrPosition initial, start;

  dr_rules_initial (&dr_rules_russian, &initial);
  g_assert_true (game->rules == &dr_rules_russian);
  g_assert_true (dr_position_equal (&game->root->position, &initial));
  g_assert_false (game->setup);
  g_assert_cmpint (game->result, ==, DR_RESULT_UNKNOWN);
  g_assert_null (game->root->parent);
  g_assert_null (game->root->children);
  g_assert_null (game->root->next);
  g_assert_cmpuint (game->root->ply, ==, 0);
  g_assert_cmpuint (game->tag_names->len, ==, 0);
  g_assert_cmpuint (game->tag_values->len, ==, 0);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 0);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 0);
  g_assert_true (dr_game_node_main_line_end (game->root) == game->root);
  g_assert_true (dr_game_node_is_main_line (game->root));

  /* A start position is copied, and makes a setup game. */
  g_assert_true (dr_fen_parse (&dr_rules_international, "B:W28,K46:B12,13,K5", &start, &error));
  g_assert_no_error (error);
  setup = dr_game_new (&dr_rules_international, &start);
  g_assert_true (setup->setup);
  g_assert_true (dr_position_equal (&setup->root->position, &start));
  dr_position_clear (&start);
  g_assert_cmpint (dr_position_get (&setup->root->position, square (&dr_rules_international, "46")),
                   ==, DR_PIECE_WHITE_KING);
  g_assert_cmpint (setup->root->position.turn, ==, DR_SIDE_BLACK);

  g_assert_false (dr_game_starts_from_initial (setup));

  /* Even the initial position, given explicitly, is a setup; but the game
   * still starts from the initial position (a book, the tactical set and
   * the database read it as a game), and not with the other side to
   * move. */
  dr_game_free (g_steal_pointer (&setup));
  setup = dr_game_new (&dr_rules_russian, &initial);
  g_assert_true (setup->setup);
  g_assert_false (dr_game_equal (game, setup));
  g_assert_true (dr_game_starts_from_initial (game));
  g_assert_true (dr_game_starts_from_initial (setup));
  dr_game_free (g_steal_pointer (&setup));
  start = initial;
  dr_position_set_turn (&start, DR_SIDE_BLACK);
  setup = dr_game_new (&dr_rules_russian, &start);
  g_assert_false (dr_game_starts_from_initial (setup));

  dr_game_free (NULL);
}

/* -- tree ---------------------------------------------------------------- */

static void
test_tree_main_line (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_international, NULL);
  const char *moves[][2] = {
    { "32", "28" }, { "18", "23" }, { "37", "32" }, { "12", "18" },
    { "41", "37" }, { "7", "12" }, { "46", "41" }, { "1", "7" },
  };
  DrGameNode *nodes[G_N_ELEMENTS (moves) + 1];

  nodes[0] = game->root;
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      nodes[i + 1] = play (game, nodes[i], moves[i][0], moves[i][1]);
      g_assert_cmpuint (nodes[i + 1]->ply, ==, i + 1);
      g_assert_true (nodes[i]->children == nodes[i + 1]);
      g_assert_null (nodes[i + 1]->next);
      g_assert_null (nodes[i + 1]->children);
      g_assert_null (nodes[i + 1]->comment_before);
      g_assert_null (nodes[i + 1]->comment_after);
      g_assert_null (nodes[i + 1]->nags);
      g_assert_cmpuint (dr_game_main_line_length (game), ==, i + 1);
      g_assert_cmpuint (dr_game_count_moves (game), ==, i + 1);
    }
  for (guint i = 0; i <= G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (dr_game_node_is_main_line (nodes[i]));
      g_assert_true (dr_game_node_main_line_end (nodes[i]) == nodes[G_N_ELEMENTS (moves)]);
      assert_position_replayed (game, nodes[i]);
    }
  /* White moved 32-28 first: 32 empty, 28 a white man, Black to move. */
  g_assert_cmpint (nodes[1]->position.turn, ==, DR_SIDE_BLACK);
  g_assert_cmpint (dr_position_get (&nodes[1]->position, square (game->rules, "32")),
                   ==, DR_PIECE_NONE);
  g_assert_cmpint (dr_position_get (&nodes[1]->position, square (game->rules, "28")),
                   ==, DR_PIECE_WHITE_MAN);
}

static void
test_tree_add_variation (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_international, NULL);
  DrGameNode *a, *b, *c, *a1, *a2;
  DrMove move;

  a = play (game, game->root, "32", "28");
  b = play (game, game->root, "33", "28");
  c = play (game, game->root, "31", "27");
  assert_children (game->root, (DrGameNode *[]) { a, b, c, NULL });
  g_assert_true (dr_game_node_is_main_line (a));
  g_assert_false (dr_game_node_is_main_line (b));
  g_assert_false (dr_game_node_is_main_line (c));
  g_assert_cmpuint (b->ply, ==, 1);
  g_assert_cmpuint (c->ply, ==, 1);

  a1 = play (game, a, "18", "23");
  a2 = play (game, a, "17", "22");
  assert_children (a, (DrGameNode *[]) { a1, a2, NULL });
  g_assert_true (dr_game_node_is_main_line (a1));
  g_assert_false (dr_game_node_is_main_line (a2));
  /* Below a variation, even first children are off the main line. */
  g_assert_false (dr_game_node_is_main_line (play (game, c, "16", "21")));

  g_assert_cmpuint (dr_game_count_moves (game), ==, 6);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 2);
  g_assert_true (dr_game_node_main_line_end (game->root) == a1);
  g_assert_true (dr_game_node_main_line_end (b) == b);

  move = legal_move (game->rules, &game->root->position, "33", "28");
  g_assert_true (dr_game_node_find_child (game->root, &move) == b);
  move = legal_move (game->rules, &game->root->position, "34", "29");
  g_assert_null (dr_game_node_find_child (game->root, &move));
  move = legal_move (game->rules, &a->position, "17", "22");
  g_assert_true (dr_game_node_find_child (a, &move) == a2);
  g_assert_null (dr_game_node_find_child (b, &move));

  for (DrGameNode *n = game->root->children; n != NULL; n = n->next)
    assert_position_replayed (game, n);
  assert_position_replayed (game, a2);
}

/* The capture square of test_tree_add_existing: the white man on e5 (28)
 * takes f6, f8, d8 and d6 (23, 13, 12, 22) and comes back to e5, round
 * by g7-e9-c7 (19, 8, 17) or the other way round (17, 8, 19): one move
 * (dr_move_same), two routes. */
static const char *const loop_fen = "W:W28,46:B12,13,22,23,5";

static void
loop_routes (const DrPosition *pos,
             DrMove           *first,
             DrMove           *second)
{
  const DrRules *rules = &dr_rules_international;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  int e5 = square (rules, "28");
  guint found = 0;

  list->all_paths = true;
  dr_movegen_legal (rules, pos, list);
  g_assert_cmpuint (list->n, ==, 2);
  for (unsigned i = 0; i < list->n; i++)
    {
      const DrMove *m = &list->moves[i];

      g_assert_cmpint (m->from, ==, e5);
      g_assert_cmpint (m->to, ==, e5);
      g_assert_cmpint (m->n_jumps, ==, 4);
      g_assert_cmpint (dr_bb_count (m->captures), ==, 4);
      if (m->path[0] == square (rules, "19"))
        {
          g_assert_cmpint (m->path[1], ==, square (rules, "8"));
          g_assert_cmpint (m->path[2], ==, square (rules, "17"));
          *first = *m;
          found |= 1;
        }
      else
        {
          g_assert_cmpint (m->path[0], ==, square (rules, "17"));
          g_assert_cmpint (m->path[1], ==, square (rules, "8"));
          g_assert_cmpint (m->path[2], ==, square (rules, "19"));
          *second = *m;
          found |= 2;
        }
    }
  g_assert_cmpuint (found, ==, 3);
  g_assert_true (dr_move_same (first, second));
}

static void
test_tree_add_existing (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_international, NULL);
  g_autoptr (DrGame) loop = NULL;
  g_autoptr (DrGame) loop2 = NULL;
  g_autoptr (GError) error = NULL;
  DrGameNode *a, *b, *n;
  DrMove move, route1, route2;
  DrPosition start;

  a = play (game, game->root, "32", "28");
  b = play (game, game->root, "33", "28");
  n = play (game, a, "18", "23");

  g_assert_true (play (game, game->root, "32", "28") == a);
  g_assert_true (play (game, game->root, "33", "28") == b);
  g_assert_true (play (game, a, "18", "23") == n);
  assert_children (game->root, (DrGameNode *[]) { a, b, NULL });
  assert_children (a, (DrGameNode *[]) { n, NULL });
  g_assert_cmpuint (dr_game_count_moves (game), ==, 3);

  /* A copy of the move (not the same pointer) finds it too. */
  move = a->move;
  g_assert_true (dr_game_add_move (game, game->root, &move) == a);

  /* The same capture by the other route is the same move: the existing
   * node is returned and keeps its route. */
  g_assert_true (dr_fen_parse (&dr_rules_international, loop_fen, &start, &error));
  g_assert_no_error (error);
  loop_routes (&start, &route1, &route2);
  loop = dr_game_new (&dr_rules_international, &start);
  n = dr_game_add_move (loop, loop->root, &route1);
  g_assert_true (dr_game_add_move (loop, loop->root, &route2) == n);
  g_assert_true (dr_game_node_find_child (loop->root, &route2) == n);
  g_assert_cmpuint (dr_game_count_moves (loop), ==, 1);
  g_assert_cmpmem (n->move.path, n->move.n_jumps, route1.path, route1.n_jumps);
  assert_position_replayed (loop, n);
  /* Four black pieces gone, the white man back on e5. */
  g_assert_cmpint (dr_bb_count (n->position.pieces[DR_SIDE_BLACK]), ==, 1);
  g_assert_cmpint (dr_position_get (&n->position, square (loop->rules, "28")),
                   ==, DR_PIECE_WHITE_MAN);

  /* Two routes of one capture are one move (PDN 3.0 rule 6 writes neither
   * route), so the games are equal. */
  loop2 = dr_game_new (&dr_rules_international, &start);
  dr_game_add_move (loop2, loop2->root, &route2);
  g_assert_true (dr_game_equal (loop, loop2));
  g_assert_true (dr_game_equal (loop2, loop));
  dr_game_free (g_steal_pointer (&loop2));
  loop2 = dr_game_new (&dr_rules_international, &start);
  dr_game_add_move (loop2, loop2->root, &route1);
  g_assert_true (dr_game_equal (loop, loop2));
}

static void
test_tree_promote_variation (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_international, NULL);
  DrGameNode *a, *b, *c, *d, *a1;

  a = play (game, game->root, "32", "28");
  b = play (game, game->root, "33", "28");
  c = play (game, game->root, "31", "27");
  d = play (game, game->root, "34", "29");
  a1 = play (game, a, "18", "23");

  /* Already first: nothing changes (the root too). */
  g_assert_false (dr_game_promote_variation (game, a));
  g_assert_false (dr_game_promote_variation (game, a1));
  g_assert_false (dr_game_promote_variation (game, game->root));
  assert_children (game->root, (DrGameNode *[]) { a, b, c, d, NULL });

  g_assert_true (dr_game_promote_variation (game, c));
  assert_children (game->root, (DrGameNode *[]) { a, c, b, d, NULL });
  g_assert_true (dr_game_promote_variation (game, d));
  assert_children (game->root, (DrGameNode *[]) { a, c, d, b, NULL });
  g_assert_true (dr_game_promote_variation (game, c));
  assert_children (game->root, (DrGameNode *[]) { c, a, d, b, NULL });
  g_assert_true (dr_game_node_is_main_line (c));
  g_assert_false (dr_game_node_is_main_line (a));
  g_assert_false (dr_game_node_is_main_line (a1));
  g_assert_false (dr_game_promote_variation (game, c));
  assert_children (game->root, (DrGameNode *[]) { c, a, d, b, NULL });

  /* The last one, twice. */
  g_assert_true (dr_game_promote_variation (game, b));
  g_assert_true (dr_game_promote_variation (game, b));
  assert_children (game->root, (DrGameNode *[]) { c, b, a, d, NULL });

  /* Subtrees travel with their node. */
  assert_children (a, (DrGameNode *[]) { a1, NULL });
  g_assert_cmpuint (dr_game_count_moves (game), ==, 5);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 1);
}

static void
test_tree_make_main_line (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_international, NULL);
  DrGameNode *a, *b, *c, *c1, *c2, *c3, *d1, *e1, *e2, *f;

  /* root: [A 32-28, B 33-28, C 31-27]; C: [16-21, 17-22, 18-22];
   * after 18-22 White must take 27x18 (c5 over d6 to e7), and Black
   * retakes 12x23 (d8 over e7 to f6) or 13x22 (f8 over e7 to d6). */
  a = play (game, game->root, "32", "28");
  b = play (game, game->root, "33", "28");
  c = play (game, game->root, "31", "27");
  c1 = play (game, c, "16", "21");
  c2 = play (game, c, "17", "22");
  c3 = play (game, c, "18", "22");
  d1 = play (game, c3, "27", "18");
  g_assert_cmpint (dr_bb_count (d1->move.captures), ==, 1);
  e1 = play (game, d1, "12", "23");
  e2 = play (game, d1, "13", "22");
  f = play (game, e2, "33", "28");
  play (game, a, "18", "23");
  g_assert_cmpuint (dr_game_count_moves (game), ==, 11);
  g_assert_false (dr_game_node_is_main_line (e2));

  dr_game_make_main_line (game, e2);
  assert_children (game->root, (DrGameNode *[]) { c, a, b, NULL });
  assert_children (c, (DrGameNode *[]) { c3, c1, c2, NULL });
  assert_children (c3, (DrGameNode *[]) { d1, NULL });
  assert_children (d1, (DrGameNode *[]) { e2, e1, NULL });
  assert_children (e2, (DrGameNode *[]) { f, NULL });
  g_assert_true (dr_game_node_is_main_line (e2));
  g_assert_true (dr_game_node_is_main_line (f));
  g_assert_false (dr_game_node_is_main_line (e1));
  g_assert_false (dr_game_node_is_main_line (a));
  g_assert_true (dr_game_node_main_line_end (game->root) == f);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 5);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 11);

  /* Again: nothing to do. */
  dr_game_make_main_line (game, e2);
  assert_children (game->root, (DrGameNode *[]) { c, a, b, NULL });
  assert_children (d1, (DrGameNode *[]) { e2, e1, NULL });

  /* Back to A; the order behind it is kept (C, then B). */
  dr_game_make_main_line (game, a->children);
  assert_children (game->root, (DrGameNode *[]) { a, c, b, NULL });
  assert_children (c, (DrGameNode *[]) { c3, c1, c2, NULL });
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 2);

  /* On the root: nothing. */
  dr_game_make_main_line (game, game->root);
  assert_children (game->root, (DrGameNode *[]) { a, c, b, NULL });
}

static void
test_tree_delete_from (void)
{
  g_autoptr (DrGame) game = build_sample ();
  DrGameNode *a, *b, *c, *a1, *a2, *n3, *n4;

  a = child (game->root, 0);
  b = child (game->root, 1);
  c = child (game->root, 2);
  a1 = child (a, 0);
  a2 = child (a, 1);
  n3 = child (a1, 0);
  n4 = child (n3, 0);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 8);

  /* A leaf at the end of the main line. */
  dr_game_delete_from (game, n4);
  g_assert_null (n3->children);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 7);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 3);

  /* A middle variation with its subtree: B and 18-23. */
  dr_game_delete_from (game, b);
  assert_children (game->root, (DrGameNode *[]) { a, c, NULL });
  g_assert_cmpuint (dr_game_count_moves (game), ==, 5);

  /* The main continuation: the variation becomes the main line. */
  dr_game_delete_from (game, a1);
  assert_children (a, (DrGameNode *[]) { a2, NULL });
  g_assert_true (dr_game_node_is_main_line (a2));
  g_assert_cmpuint (dr_game_count_moves (game), ==, 3);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 2);
  /* The rest is intact. */
  g_assert_cmpstr (a2->comment_before, ==, "Also possible");
  g_assert_cmpint (dr_game_node_get_glyph (a2), ==, DR_NAG_DUBIOUS);
  g_assert_cmpstr (game->root->comment_after, ==, "Opening comment");
  g_assert_cmpstr (dr_game_get_tag (game, "Event"), ==, "Test match");
  assert_position_replayed (game, a2);

  /* The last variation. */
  dr_game_delete_from (game, c);
  assert_children (game->root, (DrGameNode *[]) { a, NULL });
  g_assert_cmpuint (dr_game_count_moves (game), ==, 2);

  /* Everything. */
  dr_game_delete_from (game, a);
  g_assert_null (game->root->children);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 0);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 0);
  g_assert_true (dr_game_node_main_line_end (game->root) == game->root);

  /* And the tree grows again. */
  play (game, game->root, "35", "30");
  g_assert_cmpuint (dr_game_count_moves (game), ==, 1);
}

/* -- node data ----------------------------------------------------------- */

static void
test_node_comments (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_russian, NULL);
  DrGameNode *n = play (game, game->root, "c3", "d4");
  char buf[] = "kept as a copy";

  g_assert_null (n->comment_before);
  g_assert_null (n->comment_after);

  dr_game_node_set_comment_before (n, "before");
  dr_game_node_set_comment_after (n, buf);
  buf[0] = 'X';
  g_assert_cmpstr (n->comment_before, ==, "before");
  g_assert_cmpstr (n->comment_after, ==, "kept as a copy");

  dr_game_node_set_comment_after (n, "replaced");
  g_assert_cmpstr (n->comment_after, ==, "replaced");
  g_assert_cmpstr (n->comment_before, ==, "before");

  /* Setting a comment to itself. */
  dr_game_node_set_comment_after (n, n->comment_after);
  g_assert_cmpstr (n->comment_after, ==, "replaced");

  /* Empty is a comment; NULL removes it. */
  dr_game_node_set_comment_before (n, "");
  g_assert_nonnull (n->comment_before);
  g_assert_cmpstr (n->comment_before, ==, "");
  dr_game_node_set_comment_before (n, NULL);
  g_assert_null (n->comment_before);

  /* The root's "after" comment is the game's opening comment. */
  dr_game_node_set_comment_after (game->root, "A Russian game");
  g_assert_cmpstr (game->root->comment_after, ==, "A Russian game");
}

static void
test_node_glyph (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_russian, NULL);
  DrGameNode *n = play (game, game->root, "c3", "d4");

  g_assert_cmpint (dr_game_node_get_glyph (n), ==, DR_NAG_NONE);
  g_assert_null (n->nags);

  dr_game_node_set_glyph (n, DR_NAG_GOOD);
  g_assert_cmpint (dr_game_node_get_glyph (n), ==, DR_NAG_GOOD);
  assert_nags (n, (guint8[]) { 1 }, 1);

  /* Other NAGs are kept around a replaced glyph. */
  dr_game_node_add_nag (n, 14);
  assert_nags (n, (guint8[]) { 1, 14 }, 2);
  dr_game_node_set_glyph (n, DR_NAG_BLUNDER);
  g_assert_cmpint (dr_game_node_get_glyph (n), ==, DR_NAG_BLUNDER);
  assert_nags (n, (guint8[]) { 4, 14 }, 2);

  /* Removing the glyph keeps the rest. */
  dr_game_node_set_glyph (n, DR_NAG_NONE);
  g_assert_cmpint (dr_game_node_get_glyph (n), ==, DR_NAG_NONE);
  assert_nags (n, (guint8[]) { 14 }, 1);
  dr_game_node_set_glyph (n, DR_NAG_NONE);
  assert_nags (n, (guint8[]) { 14 }, 1);

  /* A new glyph goes first, where PDN writes it; $7 (only move) and $22
   * are not move-assessment glyphs 1-6 and stay. */
  dr_game_node_add_nag (n, DR_NAG_ONLY_MOVE);
  dr_game_node_add_nag (n, 22);
  g_assert_cmpint (dr_game_node_get_glyph (n), ==, DR_NAG_NONE);
  dr_game_node_set_glyph (n, DR_NAG_INTERESTING);
  assert_nags (n, (guint8[]) { 5, 14, 7, 22 }, 4);
  g_assert_cmpint (dr_game_node_get_glyph (n), ==, DR_NAG_INTERESTING);

  /* Several glyphs as a reader may add them: the first is the glyph;
   * setting one leaves one. */
  dr_game_node_clear_nags (n);
  g_assert_null (n->nags);
  dr_game_node_add_nag (n, 146);
  dr_game_node_add_nag (n, DR_NAG_DUBIOUS);
  dr_game_node_add_nag (n, 10);
  dr_game_node_add_nag (n, DR_NAG_BRILLIANT);
  assert_nags (n, (guint8[]) { 146, 6, 10, 3 }, 4);
  g_assert_cmpint (dr_game_node_get_glyph (n), ==, DR_NAG_DUBIOUS);
  dr_game_node_set_glyph (n, DR_NAG_MISTAKE);
  assert_nags (n, (guint8[]) { 146, 2, 10 }, 3);
  dr_game_node_set_glyph (n, DR_NAG_NONE);
  assert_nags (n, (guint8[]) { 146, 10 }, 2);

  /* Removing the only NAG leaves none. */
  dr_game_node_clear_nags (n);
  dr_game_node_set_glyph (n, DR_NAG_MISTAKE);
  dr_game_node_set_glyph (n, DR_NAG_NONE);
  assert_nags (n, NULL, 0);
  g_assert_cmpint (dr_game_node_get_glyph (n), ==, DR_NAG_NONE);

  /* Every glyph round-trips. */
  for (DrNag g = DR_NAG_GOOD; g <= DR_NAG_DUBIOUS; g++)
    {
      dr_game_node_set_glyph (n, g);
      g_assert_cmpint (dr_game_node_get_glyph (n), ==, g);
      assert_nags (n, (guint8[]) { (guint8) g }, 1);
    }
}

/* -- tags ---------------------------------------------------------------- */

static void
assert_tags (const DrGame      *game,
             const char *const *expected)
{
  guint n = 0;

  for (; expected[2 * n] != NULL; n++)
    {
      g_assert_cmpuint (n, <, game->tag_names->len);
      g_assert_cmpstr (g_ptr_array_index (game->tag_names, n), ==, expected[2 * n]);
      g_assert_cmpstr (g_ptr_array_index (game->tag_values, n), ==, expected[2 * n + 1]);
    }
  g_assert_cmpuint (game->tag_names->len, ==, n);
  g_assert_cmpuint (game->tag_values->len, ==, n);
}

static void
test_tags (void)
{
  g_autoptr (DrGame) game = dr_game_new (&dr_rules_international, NULL);

  g_assert_null (dr_game_get_tag (game, "Event"));

  dr_game_set_tag (game, "Event", "Open");
  dr_game_set_tag (game, "Site", "Paris");
  dr_game_set_tag (game, "White", "A");
  dr_game_set_tag (game, "Black", "B");
  assert_tags (game, (const char *[]) { "Event", "Open", "Site", "Paris", "White", "A",
                                        "Black", "B", NULL });

  /* Case-insensitive look-up. */
  g_assert_cmpstr (dr_game_get_tag (game, "Event"), ==, "Open");
  g_assert_cmpstr (dr_game_get_tag (game, "event"), ==, "Open");
  g_assert_cmpstr (dr_game_get_tag (game, "SITE"), ==, "Paris");
  g_assert_cmpstr (dr_game_get_tag (game, "wHITE"), ==, "A");
  g_assert_null (dr_game_get_tag (game, "Whit"));
  g_assert_null (dr_game_get_tag (game, "Round"));

  /* Replaced in place, with the new spelling. */
  dr_game_set_tag (game, "site", "Amsterdam");
  assert_tags (game, (const char *[]) { "Event", "Open", "site", "Amsterdam", "White", "A",
                                        "Black", "B", NULL });
  dr_game_set_tag (game, "Site", "Amsterdam");
  dr_game_set_tag (game, "BLACK", "C");
  dr_game_set_tag (game, "Black", "C");
  assert_tags (game, (const char *[]) { "Event", "Open", "Site", "Amsterdam", "White", "A",
                                        "Black", "C", NULL });

  /* Setting a tag from its own stored name and value. */
  dr_game_set_tag (game, g_ptr_array_index (game->tag_names, 2),
                   g_ptr_array_index (game->tag_values, 2));
  assert_tags (game, (const char *[]) { "Event", "Open", "Site", "Amsterdam", "White", "A",
                                        "Black", "C", NULL });

  /* New ones are appended; an empty value is a value. */
  dr_game_set_tag (game, "Round", "");
  dr_game_set_tag (game, "GameType", "20");
  assert_tags (game, (const char *[]) { "Event", "Open", "Site", "Amsterdam", "White", "A",
                                        "Black", "C", "Round", "", "GameType", "20", NULL });
  g_assert_cmpstr (dr_game_get_tag (game, "round"), ==, "");

  /* Removal keeps the order of the others. */
  dr_game_remove_tag (game, "SITE");
  assert_tags (game, (const char *[]) { "Event", "Open", "White", "A", "Black", "C",
                                        "Round", "", "GameType", "20", NULL });
  g_assert_null (dr_game_get_tag (game, "Site"));
  dr_game_remove_tag (game, "Site");
  dr_game_remove_tag (game, "Annotator");
  dr_game_remove_tag (game, "gametype");
  dr_game_remove_tag (game, "Event");
  assert_tags (game, (const char *[]) { "White", "A", "Black", "C", "Round", "", NULL });

  /* A removed tag comes back at the end. */
  dr_game_set_tag (game, "Event", "Open");
  assert_tags (game, (const char *[]) { "White", "A", "Black", "C", "Round", "",
                                        "Event", "Open", NULL });
}

/* -- copy and equal ------------------------------------------------------ */

static void
assert_trees_disjoint (DrGame *a,
                       DrGame *b)
{
  g_autoptr (GPtrArray) na = g_ptr_array_new ();
  g_autoptr (GPtrArray) nb = g_ptr_array_new ();

  collect_nodes (a->root, na);
  collect_nodes (b->root, nb);
  g_assert_cmpuint (na->len, ==, nb->len);
  for (guint i = 0; i < na->len; i++)
    {
      DrGameNode *x = g_ptr_array_index (na, i);
      DrGameNode *y = g_ptr_array_index (nb, i);

      g_assert_true (x != y);
      g_assert_true (x->comment_before == NULL || x->comment_before != y->comment_before);
      g_assert_true (x->comment_after == NULL || x->comment_after != y->comment_after);
      g_assert_true (x->nags == NULL || x->nags != y->nags);
      g_assert_cmpuint (x->ply, ==, y->ply);
      g_assert_true (dr_position_equal (&x->position, &y->position));
      g_assert_cmpuint (n_children (x), ==, n_children (y));
    }
  g_assert_true (a->tag_names != b->tag_names);
  for (guint i = 0; i < a->tag_names->len; i++)
    g_assert_true (g_ptr_array_index (a->tag_names, i) != g_ptr_array_index (b->tag_names, i));
}

static void
test_copy (void)
{
  g_autoptr (DrGame) game = build_sample ();
  g_autoptr (DrGame) reference = build_sample ();
  g_autoptr (DrGame) copy = dr_game_copy (game);
  g_autoptr (DrGame) copy2 = NULL;
  DrGameNode *n;

  g_assert_true (dr_game_equal (game, reference));
  g_assert_true (dr_game_equal (game, copy));
  g_assert_true (dr_game_equal (copy, game));
  g_assert_true (copy->rules == game->rules);
  g_assert_cmpint (copy->result, ==, DR_RESULT_DRAW);
  g_assert_false (copy->setup);
  g_assert_cmpuint (dr_game_count_moves (copy), ==, 8);
  g_assert_cmpuint (dr_game_main_line_length (copy), ==, 4);
  g_assert_cmpstr (child (child (child (copy->root, 0), 0), 0)->comment_after, ==, "solid");
  g_assert_null (copy->root->parent);
  assert_trees_disjoint (game, copy);

  /* Change the copy everywhere: the original is as it was. */
  dr_game_set_tag (copy, "Event", "Changed");
  dr_game_remove_tag (copy, "Site");
  copy->result = DR_RESULT_WHITE_WINS;
  n = child (child (child (copy->root, 0), 0), 0);
  dr_game_node_set_comment_after (n, "changed");
  dr_game_node_add_nag (n, 18);
  dr_game_node_set_glyph (n, DR_NAG_BRILLIANT);
  play (copy, child (copy->root, 2), "16", "21");
  dr_game_promote_variation (copy, child (copy->root, 1));
  dr_game_delete_from (copy, child (child (copy->root, 1), 1));
  dr_game_node_set_comment_after (copy->root, NULL);
  g_assert_false (dr_game_equal (game, copy));
  g_assert_true (dr_game_equal (game, reference));

  /* Free the original: the copy lives on, and copies again. */
  dr_game_free (g_steal_pointer (&game));
  copy2 = dr_game_copy (copy);
  g_assert_true (dr_game_equal (copy, copy2));
  g_assert_cmpstr (dr_game_get_tag (copy2, "event"), ==, "Changed");
  g_assert_cmpuint (dr_game_count_moves (copy2), ==, 8);

  /* A setup game copies its start. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (DrGame) setup = NULL;
    g_autoptr (DrGame) setup_copy = NULL;
    DrPosition start;

    g_assert_true (dr_fen_parse (&dr_rules_international, loop_fen, &start, &error));
    g_assert_no_error (error);
    setup = dr_game_new (&dr_rules_international, &start);
    setup_copy = dr_game_copy (setup);
    g_assert_true (setup_copy->setup);
    g_assert_true (dr_position_equal (&setup_copy->root->position, &start));
    g_assert_true (dr_game_equal (setup, setup_copy));
  }
}

typedef void (*Mutation) (DrGame *game);

static void
mut_tag_value (DrGame *game)
{
  dr_game_set_tag (game, "White", "One, B.");
}

static void
mut_tag_case (DrGame *game)
{
  dr_game_set_tag (game, "EVENT", "Test match");
}

static void
mut_tag_order (DrGame *game)
{
  dr_game_remove_tag (game, "Event");
  dr_game_set_tag (game, "Event", "Test match");
}

static void
mut_tag_extra (DrGame *game)
{
  dr_game_set_tag (game, "Round", "1");
}

static void
mut_tag_missing (DrGame *game)
{
  dr_game_remove_tag (game, "Result");
}

static void
mut_result (DrGame *game)
{
  game->result = DR_RESULT_UNKNOWN;
}

static void
mut_setup (DrGame *game)
{
  game->setup = TRUE;
}

static void
mut_rules (DrGame *game)
{
  /* Antidraughts: the same board, start and moves. */
  game->rules = &dr_rules_antidraughts;
}

static void
mut_start (DrGame *game)
{
  DrPosition *pos = &game->root->position;

  dr_position_put (pos, square (game->rules, "1"), DR_PIECE_NONE);
  pos->hash = dr_position_compute_hash (pos);
}

static void
mut_extra_move (DrGame *game)
{
  play (game, dr_game_node_main_line_end (game->root), "31", "27");
}

static void
mut_extra_variation (DrGame *game)
{
  play (game, game->root, "34", "29");
}

static void
mut_missing_variation (DrGame *game)
{
  dr_game_delete_from (game, child (child (game->root, 1), 0));
}

static void
mut_other_move (DrGame *game)
{
  /* C 31-27 becomes 31-26: as many moves, one different. */
  dr_game_delete_from (game, child (game->root, 2));
  play (game, game->root, "31", "26");
}

static void
mut_variation_order (DrGame *game)
{
  dr_game_promote_variation (game, child (game->root, 2));
}

static void
mut_comment_empty (DrGame *game)
{
  dr_game_node_set_comment_after (child (game->root, 2), "");
}

static void
mut_comment_text (DrGame *game)
{
  dr_game_node_set_comment_after (game->root, "Opening comment.");
}

static void
mut_comment_side (DrGame *game)
{
  DrGameNode *n = child (child (game->root, 0), 1);

  dr_game_node_set_comment_after (n, n->comment_before);
  dr_game_node_set_comment_before (n, NULL);
}

static void
mut_comment_removed (DrGame *game)
{
  dr_game_node_set_comment_after (child (child (child (game->root, 0), 0), 0), NULL);
}

static void
mut_nag_order (DrGame *game)
{
  DrGameNode *n = child (child (child (game->root, 0), 0), 0);

  dr_game_node_clear_nags (n);
  dr_game_node_add_nag (n, 14);
  dr_game_node_add_nag (n, DR_NAG_GOOD);
}

static void
mut_nag_missing (DrGame *game)
{
  dr_game_node_set_glyph (child (child (game->root, 0), 1), DR_NAG_NONE);
}

static void
mut_nag_extra (DrGame *game)
{
  dr_game_node_add_nag (child (game->root, 1), 146);
}

static void
mut_glyph (DrGame *game)
{
  dr_game_node_set_glyph (child (child (child (game->root, 0), 0), 0), DR_NAG_BRILLIANT);
}

static void
mut_nag_root (DrGame *game)
{
  dr_game_node_add_nag (game->root, 10);
}

static const struct
{
  const char *name;
  Mutation    mutate;
} mutations[] = {
  { "tag-value", mut_tag_value },
  { "tag-case", mut_tag_case },
  { "tag-order", mut_tag_order },
  { "tag-extra", mut_tag_extra },
  { "tag-missing", mut_tag_missing },
  { "result", mut_result },
  { "setup", mut_setup },
  { "rules", mut_rules },
  { "start", mut_start },
  { "extra-move", mut_extra_move },
  { "extra-variation", mut_extra_variation },
  { "missing-variation", mut_missing_variation },
  { "other-move", mut_other_move },
  { "variation-order", mut_variation_order },
  { "comment-empty", mut_comment_empty },
  { "comment-text", mut_comment_text },
  { "comment-side", mut_comment_side },
  { "comment-removed", mut_comment_removed },
  { "nag-order", mut_nag_order },
  { "nag-missing", mut_nag_missing },
  { "nag-extra", mut_nag_extra },
  { "glyph", mut_glyph },
  { "nag-root", mut_nag_root },
};

static void
test_equal (void)
{
  g_autoptr (DrGame) game = build_sample ();

  g_assert_true (dr_game_equal (game, game));

  for (guint i = 0; i < G_N_ELEMENTS (mutations); i++)
    {
      g_autoptr (DrGame) other = build_sample ();

      g_test_message ("mutation %s", mutations[i].name);
      g_assert_true (dr_game_equal (game, other));
      mutations[i].mutate (other);
      g_assert_false (dr_game_equal (game, other));
      g_assert_false (dr_game_equal (other, game));
      g_assert_true (dr_game_equal (other, other));
    }

  /* An empty NAG array (which a caller may leave in the public struct) is
   * the same as none. */
  {
    g_autoptr (DrGame) other = build_sample ();
    DrGameNode *n = child (other->root, 2);

    g_assert_null (n->nags);
    n->nags = g_array_new (FALSE, FALSE, sizeof (guint8));
    g_assert_true (dr_game_equal (game, other));
    g_assert_true (dr_game_equal (other, game));
  }
}

/* -- positions ----------------------------------------------------------- */

/* A deterministic game with variations: along the main line, the move
 * chosen by a fixed formula; every fifth ply a variation of two moves. */
static void
check_positions_for (const DrRules *rules)
{
  g_autoptr (DrGame) game = dr_game_new (rules, NULL);
  g_autoptr (GPtrArray) nodes = g_ptr_array_new ();
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  DrGameNode *node = game->root;
  guint expected_moves = 0;
  guint captures = 0;

  for (guint ply = 0; ply < 80; ply++)
    {
      DrGameNode *next;

      dr_movegen_legal (rules, &node->position, list);
      if (list->n == 0)
        break;
      next = dr_game_add_move (game, node, &list->moves[(ply * 7 + 3) % list->n]);
      expected_moves++;
      captures += next->move.captures != 0;
      if (ply % 5 == 0 && list->n > 1)
        {
          DrGameNode *var = dr_game_add_move (game, node,
                                              &list->moves[(ply * 7 + 4) % list->n]);
          DrMoveList *l2 = g_new0 (DrMoveList, 1);

          g_assert_true (var != next);
          expected_moves++;
          dr_movegen_legal (rules, &var->position, l2);
          if (l2->n > 0)
            {
              dr_game_add_move (game, var, &l2->moves[0]);
              expected_moves++;
            }
          g_free (l2);
        }
      node = next;
    }
  g_test_message ("%s: %u moves, %u captures on the main line",
                  rules->name, expected_moves, captures);
  g_assert_cmpuint (captures, >, 0);
  g_assert_cmpuint (dr_game_count_moves (game), ==, expected_moves);
  g_assert_true (dr_game_node_main_line_end (game->root) == node);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, node->ply);

  collect_nodes (game->root, nodes);
  g_assert_cmpuint (nodes->len, ==, expected_moves + 1);
  for (guint i = 0; i < nodes->len; i++)
    assert_position_replayed (game, g_ptr_array_index (nodes, i));

  /* The copy's positions too. */
  {
    g_autoptr (DrGame) copy = dr_game_copy (game);
    g_autoptr (GPtrArray) copied = g_ptr_array_new ();

    collect_nodes (copy->root, copied);
    for (guint i = 0; i < copied->len; i++)
      assert_position_replayed (copy, g_ptr_array_index (copied, i));
    g_assert_true (dr_game_equal (game, copy));
  }
}

static void
test_positions (void)
{
  check_positions_for (&dr_rules_international);
  check_positions_for (&dr_rules_russian);
  check_positions_for (&dr_rules_english);
  check_positions_for (&dr_rules_frisian);
}

/* -- a long game ---------------------------------------------------------- */

/* Two kings shuffling on an empty International board, each on edge
 * squares, which no piece can ever jump: White i1-j2-i1 (50, 45), Black
 * b10-a9-b10 (1, 6).  Every move is legal; that the game would long be
 * drawn does not matter to the tree. */
static gpointer
long_line_run (gpointer data)
{
  const DrRules *rules = &dr_rules_international;
  const char *const shuffle[4][2] = {
    { "50", "45" }, { "1", "6" }, { "45", "50" }, { "6", "1" },
  };
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autoptr (DrGame) game = NULL;
  g_autoptr (DrGame) copy = NULL;
  DrGameNode *node, *last, *var;
  DrPosition start;
  DrMove moves[4], alt;

  dr_position_clear (&start);
  dr_position_put (&start, square (rules, "50"), DR_PIECE_WHITE_KING);
  dr_position_put (&start, square (rules, "1"), DR_PIECE_BLACK_KING);
  dr_position_set_turn (&start, DR_SIDE_WHITE);
  start.hash = dr_position_compute_hash (&start);
  game = dr_game_new (rules, &start);

  node = game->root;
  for (guint i = 0; i < 4; i++)
    {
      moves[i] = legal_move_in (rules, &node->position, shuffle[i][0], shuffle[i][1], list);
      node = dr_game_add_move (game, node, &moves[i]);
    }
  for (guint i = 4; i < LONG_PLIES; i++)
    node = dr_game_add_move (game, node, &moves[i % 4]);
  last = node;

  g_assert_cmpuint (last->ply, ==, LONG_PLIES);
  g_assert_cmpuint (dr_game_count_moves (game), ==, LONG_PLIES);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, LONG_PLIES);
  g_assert_true (dr_game_node_main_line_end (game->root) == last);
  g_assert_true (dr_game_node_is_main_line (last));
  /* A multiple of four plies: the kings are home, White to move. */
  g_assert_cmpuint (last->position.pieces[0], ==, start.pieces[0]);
  g_assert_cmpuint (last->position.pieces[1], ==, start.pieces[1]);
  g_assert_cmpuint (last->position.kings, ==, start.kings);
  g_assert_cmpint (last->position.turn, ==, DR_SIDE_WHITE);

  /* Copy and compare: equal, then a difference at the far end. */
  copy = dr_game_copy (game);
  g_assert_true (dr_game_equal (game, copy));
  g_assert_cmpuint (dr_game_count_moves (copy), ==, LONG_PLIES);
  dr_game_node_set_comment_after (dr_game_node_main_line_end (copy->root), "the end");
  g_assert_false (dr_game_equal (game, copy));
  dr_game_node_set_comment_after (dr_game_node_main_line_end (copy->root), NULL);
  g_assert_true (dr_game_equal (game, copy));

  /* A variation at the far end, made the main line and back: two plies
   * before the end (a multiple of four plus two) White's king is on j2
   * and plays 45-50; the alternative is j2-i3 (45-40). */
  alt = legal_move_in (rules, &last->parent->parent->position, "45", "40", list);
  var = dr_game_add_move (game, last->parent->parent, &alt);
  g_assert_false (dr_game_node_is_main_line (var));
  dr_game_make_main_line (game, var);
  g_assert_true (dr_game_node_is_main_line (var));
  g_assert_cmpuint (dr_game_main_line_length (game), ==, LONG_PLIES - 1);
  g_assert_cmpuint (dr_game_count_moves (game), ==, LONG_PLIES + 1);
  g_assert_false (dr_game_equal (game, copy));
  g_assert_true (dr_game_promote_variation (game, last->parent));
  g_assert_true (dr_game_node_main_line_end (game->root) == last);
  g_assert_cmpuint (dr_game_main_line_length (game), ==, LONG_PLIES);

  /* Delete nearly everything from the start of the copy, free the rest. */
  dr_game_delete_from (copy, copy->root->children->children);
  g_assert_cmpuint (dr_game_count_moves (copy), ==, 1);
  dr_game_free (g_steal_pointer (&copy));
  copy = dr_game_copy (game);
  g_assert_true (dr_game_equal (game, copy));
  return NULL;
}

/* On Unix the long line runs on a thread with a 256 KiB stack: a walk that
 * recursed once per ply would need the better part of a megabyte or more for
 * 20,000 plies and crash here, where it might just fit in the main thread's
 * 8 MiB.  GThread (GLib 2.74) cannot set a stack size, hence pthreads. */
static void
test_long_line (void)
{
#ifdef G_OS_UNIX
  pthread_attr_t attr;
  pthread_t thread;

  g_assert_cmpint (pthread_attr_init (&attr), ==, 0);
  g_assert_cmpint (pthread_attr_setstacksize (&attr, 256 * 1024), ==, 0);
  g_assert_cmpint (pthread_create (&thread, &attr, long_line_run, NULL), ==, 0);
  g_assert_cmpint (pthread_join (thread, NULL), ==, 0);
  pthread_attr_destroy (&attr);
#else
  long_line_run (NULL);
#endif
}

/* -- results ------------------------------------------------------------- */

typedef struct
{
  const DrRules *rules;
  const char    *white_wins;
  const char    *black_wins;
  const char    *draw;
} ResultCase;

static void
check_results (const ResultCase *c)
{
  g_test_message ("%s (GameType %d)", c->rules->name, c->rules->gametype);
  g_assert_cmpstr (dr_result_to_string (DR_RESULT_WHITE_WINS, c->rules), ==, c->white_wins);
  g_assert_cmpstr (dr_result_to_string (DR_RESULT_BLACK_WINS, c->rules), ==, c->black_wins);
  g_assert_cmpstr (dr_result_to_string (DR_RESULT_DRAW, c->rules), ==, c->draw);
  g_assert_cmpstr (dr_result_to_string (DR_RESULT_BOTH_LOSE, c->rules), ==, "0-0");
  g_assert_cmpstr (dr_result_to_string (DR_RESULT_UNKNOWN, c->rules), ==, "*");
}

/* PDN.md §2 and §4: GameType 20 and 27 use the International result type
 * (2-0 White, 0-2 Black, 1-1); the others the default type, where 1-0 is
 * a win for the side that moves first (Black in English checkers and
 * American pool, White elsewhere). */
static void
test_result_strings (void)
{
  DrRules canadian = dr_rules_international;
  DrRules black_first_international = dr_rules_international;
  const ResultCase cases[] = {
    { &dr_rules_international, "2-0", "0-2", "1-1" },
    { &dr_rules_antidraughts, "2-0", "0-2", "1-1" },
    { &canadian, "2-0", "0-2", "1-1" },
    { &black_first_international, "2-0", "0-2", "1-1" },
    { &dr_rules_english, "0-1", "1-0", "1/2-1/2" },
    { &dr_rules_pool, "0-1", "1-0", "1/2-1/2" },
    { &dr_rules_russian, "1-0", "0-1", "1/2-1/2" },
    { &dr_rules_russian_giveaway, "1-0", "0-1", "1/2-1/2" },
    { &dr_rules_brazilian, "1-0", "0-1", "1/2-1/2" },
    { &dr_rules_italian, "1-0", "0-1", "1/2-1/2" },
    { &dr_rules_spanish, "1-0", "0-1", "1/2-1/2" },
    { &dr_rules_czech, "1-0", "0-1", "1/2-1/2" },
    { &dr_rules_turkish, "1-0", "0-1", "1/2-1/2" },
    { &dr_rules_frisian, "1-0", "0-1", "1/2-1/2" },
  };

  /* Stand-ins for rules the project does not have: Canadian (GameType 27,
   * 12x12) and an International game that Black would start. */
  canadian.gametype = 27;
  canadian.name = "canadian";
  black_first_international.first_side = DR_SIDE_BLACK;

  /* The premises of the table: who starts in each variant. */
  g_assert_cmpint (dr_rules_english.first_side, ==, DR_SIDE_BLACK);
  g_assert_cmpint (dr_rules_pool.first_side, ==, DR_SIDE_BLACK);
  g_assert_cmpint (dr_rules_russian.first_side, ==, DR_SIDE_WHITE);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    check_results (&cases[i]);
}

/* Text a reader could not read: kept on its node, copied, compared,
 * found, and gone with the node. */
static void
test_node_unread (void)
{
  g_autoptr (DrGame) game = build_sample ();
  g_autoptr (DrGame) copy = NULL;
  DrGameNode *variation = child (child (game->root, 0), 1);    /* 17-22 */
  DrGameNode *main_end = child (child (child (child (game->root, 0), 0), 0), 0);

  g_assert_null (dr_game_find_unread (game));
  copy = dr_game_copy (game);
  /* Pre-order: the main line's end comes before a variation of move 2. */
  dr_game_node_set_unread (variation, "3. 99-98 *");
  g_assert_true (dr_game_find_unread (game) == variation);
  dr_game_node_set_unread (main_end, "");
  g_assert_true (dr_game_find_unread (game) == main_end);
  g_assert_false (dr_game_equal (game, copy));
  dr_game_node_set_unread (copy->root->children->children->children->children, "");
  g_assert_false (dr_game_equal (game, copy));
  dr_game_node_set_unread (child (child (copy->root, 0), 1), "3. 99-98 *");
  g_assert_true (dr_game_equal (game, copy));

  g_clear_pointer (&copy, dr_game_free);
  copy = dr_game_copy (game);
  g_assert_true (dr_game_equal (game, copy));
  g_assert_cmpstr (child (child (copy->root, 0), 1)->unread, ==, "3. 99-98 *");
  g_assert_false (child (child (copy->root, 0), 1)->unread == variation->unread);

  /* An empty text still marks the game as read in part; NULL clears. */
  dr_game_node_set_unread (main_end, NULL);
  g_assert_true (dr_game_find_unread (game) == variation);
  dr_game_delete_from (game, variation);
  g_assert_null (dr_game_find_unread (game));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/new", test_new);
  g_test_add_func ("/game/tree/main-line", test_tree_main_line);
  g_test_add_func ("/game/tree/add-variation", test_tree_add_variation);
  g_test_add_func ("/game/tree/add-existing", test_tree_add_existing);
  g_test_add_func ("/game/tree/promote-variation", test_tree_promote_variation);
  g_test_add_func ("/game/tree/make-main-line", test_tree_make_main_line);
  g_test_add_func ("/game/tree/delete-from", test_tree_delete_from);
  g_test_add_func ("/game/tree/positions", test_positions);
  g_test_add_func ("/game/tree/long-line", test_long_line);
  g_test_add_func ("/game/node/comments", test_node_comments);
  g_test_add_func ("/game/node/glyph", test_node_glyph);
  g_test_add_func ("/game/node/unread", test_node_unread);
  g_test_add_func ("/game/tags", test_tags);
  g_test_add_func ("/game/copy", test_copy);
  g_test_add_func ("/game/equal", test_equal);
  g_test_add_func ("/game/result/strings", test_result_strings);

  return g_test_run ();
}
