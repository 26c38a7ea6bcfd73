/* dr-game.c — a game: tags, start position and a tree of moves
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tree is a first-child / next-sibling tree with parent links
 * (dr-game.h).  Games run to thousands of plies on the main line, and a
 * main line is a chain of first children as deep as the game is long, so
 * nothing here recurses over the tree: freeing, copying, comparing and
 * counting walk it in pre- or post-order by following the parent links,
 * which needs neither recursion nor an explicit stack (see next_preorder()
 * and free_subtree()).
 */

#define G_LOG_DOMAIN "dr-game"

#include "config.h"

#include "dr-game.h"

#include <string.h>

/* A node with the data of @src (move, position, comments, NAGs, ply) under
 * @parent, without children or siblings. */
static DrGameNode *
node_dup (const DrGameNode *src,
          DrGameNode       *parent)
{
  DrGameNode *node = g_new0 (DrGameNode, 1);

  node->parent = parent;
  node->move = src->move;
  node->position = src->position;
  node->comment_before = g_strdup (src->comment_before);
  node->comment_after = g_strdup (src->comment_after);
  node->unread = g_strdup (src->unread);
  if (src->nags != NULL)
    {
      node->nags = g_array_sized_new (FALSE, FALSE, sizeof (guint8), src->nags->len);
      g_array_append_vals (node->nags, src->nags->data, src->nags->len);
    }
  node->ply = src->ply;
  return node;
}

/* Frees one node's own data, not its children or siblings. */
static void
node_free (DrGameNode *node)
{
  g_free (node->comment_before);
  g_free (node->comment_after);
  g_free (node->unread);
  if (node->nags != NULL)
    g_array_unref (node->nags);
  g_free (node);
}

/* Frees @top and every node below it, post-order and without recursion:
 * go down first children to a leaf, free it (it is its parent's first
 * child, so the parent's list now starts at its next sibling), then go
 * back to the parent, which descends into its next child or, with none
 * left, is a leaf itself.  @top's own sibling link is not touched: the
 * caller has already unlinked it. */
static void
free_subtree (DrGameNode *top)
{
  DrGameNode *node = top;

  while (node != NULL)
    {
      DrGameNode *parent;

      if (node->children != NULL)
        {
          node = node->children;
          continue;
        }
      if (node == top)
        {
          node_free (node);
          break;
        }
      parent = node->parent;
      parent->children = node->next;
      node_free (node);
      node = parent;
    }
}

/* The node after @node in pre-order within the subtree of @top (a node's
 * first child, else its next sibling, else the next sibling of its nearest
 * ancestor that has one), or NULL at the end. */
static const DrGameNode *
next_preorder (const DrGameNode *node,
               const DrGameNode *top)
{
  if (node->children != NULL)
    return node->children;
  while (node != top)
    {
      if (node->next != NULL)
        return node->next;
      node = node->parent;
    }
  return NULL;
}

/**
 * dr_game_new:
 * @rules: the variant
 * @start: (nullable): the start position, copied; NULL for the variant's
 *   initial position
 *
 * A game without tags or moves.  It counts as a setup game (#DrGame.setup,
 * written with a FEN tag) exactly when @start is given, even if @start is
 * the initial position.
 *
 * Returns: (transfer full): a new game, for dr_game_free()
 */
DrGame *
dr_game_new (const DrRules    *rules,
             const DrPosition *start)
{
  DrGame *game;

  g_return_val_if_fail (rules != NULL, NULL);

  game = g_new0 (DrGame, 1);
  game->rules = rules;
  game->tag_names = g_ptr_array_new_with_free_func (g_free);
  game->tag_values = g_ptr_array_new_with_free_func (g_free);
  game->root = g_new0 (DrGameNode, 1);
  if (start != NULL)
    game->root->position = *start;
  else
    dr_rules_initial (rules, &game->root->position);
  game->setup = start != NULL;
  game->result = DR_RESULT_UNKNOWN;
  return game;
}

void
dr_game_free (DrGame *game)
{
  if (game == NULL)
    return;
  g_ptr_array_unref (game->tag_names);
  g_ptr_array_unref (game->tag_values);
  free_subtree (game->root);
  g_free (game);
}

/**
 * dr_game_copy:
 * @game: a game
 *
 * A deep copy: tags, start, result and the whole tree with comments and
 * NAGs.  The copy shares nothing with @game but the (constant) rules.
 *
 * Returns: (transfer full): the copy
 */
DrGame *
dr_game_copy (const DrGame *game)
{
  DrGame *copy;
  const DrGameNode *s;
  DrGameNode *d;

  g_return_val_if_fail (game != NULL, NULL);

  copy = g_new0 (DrGame, 1);
  copy->rules = game->rules;
  copy->tag_names = g_ptr_array_new_full (game->tag_names->len, g_free);
  copy->tag_values = g_ptr_array_new_full (game->tag_values->len, g_free);
  for (guint i = 0; i < game->tag_names->len; i++)
    {
      g_ptr_array_add (copy->tag_names, g_strdup (g_ptr_array_index (game->tag_names, i)));
      g_ptr_array_add (copy->tag_values, g_strdup (g_ptr_array_index (game->tag_values, i)));
    }
  copy->setup = game->setup;
  copy->result = game->result;

  /* Walk the source in pre-order with a cursor @d on the copy that
   * follows every step: a copied node is created when the walk first
   * reaches it, as its parent's first child or its previous sibling's
   * next, so the order of variations is kept. */
  copy->root = node_dup (game->root, NULL);
  s = game->root;
  d = copy->root;
  for (;;)
    {
      if (s->children != NULL)
        {
          s = s->children;
          d->children = node_dup (s, d);
          d = d->children;
          continue;
        }
      while (s != game->root && s->next == NULL)
        {
          s = s->parent;
          d = d->parent;
        }
      if (s == game->root)
        break;
      s = s->next;
      d->next = node_dup (s, d->parent);
      d = d->next;
    }
  return copy;
}

static int
find_tag (const DrGame *game,
          const char   *name)
{
  for (guint i = 0; i < game->tag_names->len; i++)
    if (g_ascii_strcasecmp (g_ptr_array_index (game->tag_names, i), name) == 0)
      return (int) i;
  return -1;
}

/**
 * dr_game_get_tag:
 * @game: a game
 * @name: a tag name, matched ignoring ASCII case (PDN.md §2: real files
 *   write `[Setup "1"]` and lower-case names)
 *
 * Returns: (nullable) (transfer none): the tag's value, or NULL
 */
const char *
dr_game_get_tag (const DrGame *game,
                 const char   *name)
{
  int i;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  i = find_tag (game, name);
  return i < 0 ? NULL : g_ptr_array_index (game->tag_values, i);
}

/**
 * dr_game_set_tag:
 * @game: a game
 * @name: a tag name
 * @value: its value (not NULL: use dr_game_remove_tag())
 *
 * If a tag of that name (ignoring case) exists, it keeps its place in the
 * order and takes @value and the spelling @name; otherwise the tag is
 * appended.
 */
void
dr_game_set_tag (DrGame     *game,
                 const char *name,
                 const char *value)
{
  int i;

  g_return_if_fail (game != NULL);
  g_return_if_fail (name != NULL);
  g_return_if_fail (value != NULL);

  i = find_tag (game, name);
  if (i < 0)
    {
      g_ptr_array_add (game->tag_names, g_strdup (name));
      g_ptr_array_add (game->tag_values, g_strdup (value));
      return;
    }
  /* Duplicate first: @name or @value may be the strings being replaced. */
  {
    char *new_name = g_strdup (name);
    char *new_value = g_strdup (value);

    g_free (g_ptr_array_index (game->tag_names, i));
    g_free (g_ptr_array_index (game->tag_values, i));
    g_ptr_array_index (game->tag_names, i) = new_name;
    g_ptr_array_index (game->tag_values, i) = new_value;
  }
}

/**
 * dr_game_remove_tag:
 * @game: a game
 * @name: a tag name, matched ignoring case
 *
 * Removes every tag of that name; the others keep their order.  Nothing
 * happens if there is none.
 */
void
dr_game_remove_tag (DrGame     *game,
                    const char *name)
{
  int i;

  g_return_if_fail (game != NULL);
  g_return_if_fail (name != NULL);

  while ((i = find_tag (game, name)) >= 0)
    {
      g_ptr_array_remove_index (game->tag_names, (guint) i);
      g_ptr_array_remove_index (game->tag_values, (guint) i);
    }
}

/**
 * dr_game_node_find_child:
 * @node: a node
 * @move: a move of @node's position
 *
 * Moves are compared with dr_move_same(): a capture reached by another
 * route of the same pieces finds the same child.
 *
 * Returns: (nullable) (transfer none): the child reached by @move
 */
DrGameNode *
dr_game_node_find_child (DrGameNode   *node,
                         const DrMove *move)
{
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  for (DrGameNode *c = node->children; c != NULL; c = c->next)
    if (dr_move_same (&c->move, move))
      return c;
  return NULL;
}

/**
 * dr_game_add_move:
 * @game: a game
 * @node: a node of @game
 * @move: a legal move of @node's position (not checked)
 *
 * An existing child with the same move (dr_move_same()) is returned as it
 * is, keeping the route it was first given.  A new child stores the
 * position after @move and becomes the last of @node's children.
 *
 * Returns: (transfer none): the node after @move
 */
DrGameNode *
dr_game_add_move (DrGame       *game,
                  DrGameNode   *node,
                  const DrMove *move)
{
  DrGameNode *child;
  DrGameNode **link;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  child = dr_game_node_find_child (node, move);
  if (child != NULL)
    return child;

  child = g_new0 (DrGameNode, 1);
  child->parent = node;
  child->move = *move;
  dr_position_apply (&child->position, &node->position, move);
  child->ply = node->ply + 1;

  for (link = &node->children; *link != NULL; link = &(*link)->next)
    ;
  *link = child;
  return child;
}

/* The link that points at @node: its parent's children field or its
 * previous sibling's next field.  @node is not the root. */
static DrGameNode **
link_to (DrGameNode *node)
{
  DrGameNode **link = &node->parent->children;

  while (*link != node)
    link = &(*link)->next;
  return link;
}

/**
 * dr_game_promote_variation:
 * @game: a game
 * @node: a node of @game
 *
 * Swaps @node with its previous sibling.  Promoting the second child makes
 * it the main continuation and the former main continuation the first
 * variation.
 *
 * Returns: FALSE, changing nothing, if @node is the first child (or the
 *   root)
 */
gboolean
dr_game_promote_variation (DrGame     *game,
                           DrGameNode *node)
{
  DrGameNode **link;
  DrGameNode *prev;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  if (node->parent == NULL || node->parent->children == node)
    return FALSE;

  /* Find the link to the previous sibling: prev -> node becomes
   * node -> prev. */
  link = &node->parent->children;
  while ((*link)->next != node)
    link = &(*link)->next;
  prev = *link;
  prev->next = node->next;
  node->next = prev;
  *link = node;
  return TRUE;
}

/**
 * dr_game_make_main_line:
 * @game: a game
 * @node: a node of @game
 *
 * Every node on the path from the root to @node becomes its parent's first
 * child; the other children keep their order behind it.  Afterwards
 * dr_game_node_is_main_line (@node) holds.
 */
void
dr_game_make_main_line (DrGame     *game,
                        DrGameNode *node)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (node != NULL);

  for (DrGameNode *n = node; n->parent != NULL; n = n->parent)
    {
      DrGameNode **link;

      if (n->parent->children == n)
        continue;
      link = link_to (n);
      *link = n->next;
      n->next = n->parent->children;
      n->parent->children = n;
    }
}

/**
 * dr_game_delete_from:
 * @game: a game
 * @node: a node of @game other than the root
 *
 * Unlinks @node from its parent's children and frees it with everything
 * after it.  If @node was the main continuation, its next sibling (the
 * first variation) becomes the main continuation.
 */
void
dr_game_delete_from (DrGame     *game,
                     DrGameNode *node)
{
  DrGameNode **link;

  g_return_if_fail (game != NULL);
  g_return_if_fail (node != NULL);
  g_return_if_fail (node->parent != NULL);

  link = link_to (node);
  *link = node->next;
  node->next = NULL;
  free_subtree (node);
}

/**
 * dr_game_node_set_comment_before:
 * @node: a node
 * @text: (nullable): the comment, copied; NULL removes it
 *
 * The comment written before the node's move.  An empty string is kept
 * as a comment (PDN `{}`), distinct from none.
 */
void
dr_game_node_set_comment_before (DrGameNode *node,
                                 const char *text)
{
  char *copy;

  g_return_if_fail (node != NULL);

  copy = g_strdup (text);
  g_free (node->comment_before);
  node->comment_before = copy;
}

/**
 * dr_game_node_set_comment_after:
 * @node: a node
 * @text: (nullable): the comment, copied; NULL removes it
 *
 * The comment written after the node's move; on the root, the game's
 * opening comment.  An empty string is kept as a comment.
 */
void
dr_game_node_set_comment_after (DrGameNode *node,
                                const char *text)
{
  char *copy;

  g_return_if_fail (node != NULL);

  copy = g_strdup (text);
  g_free (node->comment_after);
  node->comment_after = copy;
}

/**
 * dr_game_node_set_unread:
 * @node: a node
 * @text: (nullable): the text, copied; NULL removes it
 *
 * The PDN text that followed @node in a file and could not be read (a
 * game read in part, dr-pdn.h): kept as it was written so that it can be
 * written back and mended by hand.  An empty string still marks the game
 * as read in part (a file that ended inside a variation).
 */
void
dr_game_node_set_unread (DrGameNode *node,
                         const char *text)
{
  char *copy;

  g_return_if_fail (node != NULL);

  copy = g_strdup (text);
  g_free (node->unread);
  node->unread = copy;
}

/**
 * dr_game_find_unread:
 * @game: a game
 *
 * Returns: (nullable) (transfer none): the first node in pre-order (the
 *   root first) that holds unread text, or NULL when there is none
 */
DrGameNode *
dr_game_find_unread (const DrGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  for (const DrGameNode *node = game->root; node != NULL; node = next_preorder (node, game->root))
    if (node->unread != NULL)
      return (DrGameNode *) node;
  return NULL;
}

static gboolean
is_glyph (guint8 nag)
{
  return nag >= DR_NAG_GOOD && nag <= DR_NAG_DUBIOUS;
}

/**
 * dr_game_node_set_glyph:
 * @node: a node
 * @glyph: a move-assessment NAG, 1-6, or %DR_NAG_NONE
 *
 * A move has at most one move-assessment glyph (PDN.md §8).  Any NAG 1-6
 * the node has is replaced by @glyph, in the place of the first of them,
 * or removed if @glyph is %DR_NAG_NONE; other NAGs stay as they are.  A
 * glyph where there was none goes first, where PDN writes it: glued to
 * the move, before any `$n`.  %DR_NAG_ONLY_MOVE ($7) is not one of the
 * glyphs here: add it with dr_game_node_add_nag().
 */
void
dr_game_node_set_glyph (DrGameNode *node,
                        DrNag       glyph)
{
  guint8 g = (guint8) glyph;
  gboolean placed = FALSE;
  guint i = 0;

  g_return_if_fail (node != NULL);
  g_return_if_fail (glyph == DR_NAG_NONE || is_glyph ((guint8) glyph));

  if (node->nags != NULL)
    while (i < node->nags->len)
      {
        guint8 *nag = &g_array_index (node->nags, guint8, i);

        if (!is_glyph (*nag))
          i++;
        else if (!placed && glyph != DR_NAG_NONE)
          {
            *nag = g;
            placed = TRUE;
            i++;
          }
        else
          g_array_remove_index (node->nags, i);
      }

  if (!placed && glyph != DR_NAG_NONE)
    {
      if (node->nags == NULL)
        node->nags = g_array_new (FALSE, FALSE, sizeof (guint8));
      g_array_prepend_val (node->nags, g);
    }
  if (node->nags != NULL && node->nags->len == 0)
    g_clear_pointer (&node->nags, g_array_unref);
}

/**
 * dr_game_node_get_glyph:
 * @node: a node
 *
 * Returns: the first NAG of @node in 1-6, or %DR_NAG_NONE
 */
DrNag
dr_game_node_get_glyph (const DrGameNode *node)
{
  g_return_val_if_fail (node != NULL, DR_NAG_NONE);

  if (node->nags != NULL)
    for (guint i = 0; i < node->nags->len; i++)
      if (is_glyph (g_array_index (node->nags, guint8, i)))
        return (DrNag) g_array_index (node->nags, guint8, i);
  return DR_NAG_NONE;
}

/**
 * dr_game_node_add_nag:
 * @node: a node
 * @nag: a NAG number
 *
 * Appends @nag as read, without checks: PDN keeps unknown `$n`, and a
 * reader may meet a run of glyphs such as `!?!!` (PDN.md §8).
 */
void
dr_game_node_add_nag (DrGameNode *node,
                      guint8      nag)
{
  g_return_if_fail (node != NULL);

  if (node->nags == NULL)
    node->nags = g_array_new (FALSE, FALSE, sizeof (guint8));
  g_array_append_val (node->nags, nag);
}

void
dr_game_node_clear_nags (DrGameNode *node)
{
  g_return_if_fail (node != NULL);

  g_clear_pointer (&node->nags, g_array_unref);
}

/**
 * dr_game_node_main_line_end:
 * @node: a node
 *
 * Returns: (transfer none): the node reached from @node by first children
 *   only; @node itself if it has no children
 */
DrGameNode *
dr_game_node_main_line_end (DrGameNode *node)
{
  g_return_val_if_fail (node != NULL, NULL);

  while (node->children != NULL)
    node = node->children;
  return node;
}

gboolean
dr_game_node_is_main_line (const DrGameNode *node)
{
  g_return_val_if_fail (node != NULL, FALSE);

  for (; node->parent != NULL; node = node->parent)
    if (node->parent->children != node)
      return FALSE;
  return TRUE;
}

guint
dr_game_node_move_number (const DrGame     *game,
                          const DrGameNode *node,
                          gboolean         *opens_turn)
{
  const DrRules *rules;
  const DrPosition *before, *root;
  guint per_turn, start_offset;

  g_return_val_if_fail (game != NULL && node != NULL && node->parent != NULL, 0);
  rules = game->rules;
  before = &node->parent->position;
  root = &game->root->position;
  per_turn = rules->two_moves ? 2 : 1;
  start_offset = (root->turn == rules->first_side ? 0 : per_turn) + root->second;
  if (opens_turn != NULL)
    *opens_turn = before->turn == rules->first_side && before->second == 0;
  return (node->parent->ply + start_offset) / (2 * per_turn) + 1;
}

guint
dr_game_main_line_length (const DrGame *game)
{
  guint n = 0;

  g_return_val_if_fail (game != NULL, 0);

  for (const DrGameNode *node = game->root->children; node != NULL; node = node->children)
    n++;
  return n;
}

gboolean
dr_game_starts_from_initial (const DrGame *game)
{
  DrPosition initial;

  g_return_val_if_fail (game != NULL, FALSE);

  if (!game->setup)
    return TRUE;
  dr_rules_initial (game->rules, &initial);
  return dr_position_equal (&initial, &game->root->position);
}

guint
dr_game_count_moves (const DrGame *game)
{
  guint n = 0;

  g_return_val_if_fail (game != NULL, 0);

  for (const DrGameNode *node = next_preorder (game->root, game->root);
       node != NULL;
       node = next_preorder (node, game->root))
    n++;
  return n;
}

static gboolean
strings_equal (const char *a,
               const char *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return strcmp (a, b) == 0;
}

/* The same move: dr_move_same().  Two routes of one capture are one move,
 * which PDN writes without a route (PDN 3.0 rule 6), so they are equal. */
static gboolean
moves_identical (const DrMove *a,
                 const DrMove *b)
{
  return dr_move_same (a, b);
}

/* The data of one node; the move only below the root. */
static gboolean
nodes_equal (const DrGameNode *a,
             const DrGameNode *b)
{
  guint na = a->nags != NULL ? a->nags->len : 0;
  guint nb = b->nags != NULL ? b->nags->len : 0;

  if (a->parent != NULL && !moves_identical (&a->move, &b->move))
    return FALSE;
  if (!strings_equal (a->comment_before, b->comment_before)
      || !strings_equal (a->comment_after, b->comment_after)
      || !strings_equal (a->unread, b->unread))
    return FALSE;
  if (na != nb)
    return FALSE;
  return na == 0 || memcmp (a->nags->data, b->nags->data, na) == 0;
}

/**
 * dr_game_equal:
 * @a: a game
 * @b: another game
 *
 * Do @a and @b hold the same game?  The same rules; the same tags in the
 * same order, names and values compared exactly (a reader that changes a
 * name's case changes the game); the same start position and setup flag;
 * the same result; and the same trees: the same moves, each by the same
 * route, the variations in the same order, the same comments (a missing
 * comment is not an empty one), the same NAG sequences and the same text
 * kept unread.
 *
 * Returns: TRUE if they are equal
 */
gboolean
dr_game_equal (const DrGame *a,
               const DrGame *b)
{
  const DrGameNode *x;
  const DrGameNode *y;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a == b)
    return TRUE;
  if (a->rules != b->rules || a->setup != b->setup || a->result != b->result)
    return FALSE;
  if (a->tag_names->len != b->tag_names->len)
    return FALSE;
  for (guint i = 0; i < a->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (a->tag_names, i), g_ptr_array_index (b->tag_names, i)) != 0
        || strcmp (g_ptr_array_index (a->tag_values, i), g_ptr_array_index (b->tag_values, i)) != 0)
      return FALSE;
  if (!dr_position_equal (&a->root->position, &b->root->position))
    return FALSE;

  /* Both trees in pre-order, step by step: the shapes must match at every
   * step (a child on both sides or on neither, a next sibling on both
   * sides or on neither), so the cursors reach their roots together. */
  x = a->root;
  y = b->root;
  for (;;)
    {
      if (!nodes_equal (x, y))
        return FALSE;
      if (x->children != NULL || y->children != NULL)
        {
          if (x->children == NULL || y->children == NULL)
            return FALSE;
          x = x->children;
          y = y->children;
          continue;
        }
      while (x != a->root && x->next == NULL)
        {
          if (y->next != NULL)
            return FALSE;
          x = x->parent;
          y = y->parent;
        }
      if (x == a->root)
        return TRUE;
      if (y->next == NULL)
        return FALSE;
      x = x->next;
      y = y->next;
    }
}

/**
 * dr_result_to_string:
 * @result: a result
 * @rules: the variant
 *
 * The result as the PDN Result tag writes it, in the result type of the
 * variant's GameType (shared/design/PDN.md §2 and §4; §9: the same string
 * ends the movetext).  GameType 20 (International, and antidraughts, which
 * is written as 20) and 27 (Canadian) use the International type: "2-0",
 * "0-2", "1-1".  Every other GameType uses the default type, where "1-0"
 * means the player who moves first won (PDN.md §2: the PDN 2.0 draft and
 * CheckerBoard for English checkers, where Black starts), so the string
 * depends on #DrRules.first_side.  "0-0" (both lose) and "*" (unknown) are
 * common to both.
 *
 * Returns: (transfer none): a static string
 */
const char *
dr_result_to_string (DrResult       result,
                     const DrRules *rules)
{
  gboolean international;
  gboolean first_won;

  g_return_val_if_fail (rules != NULL, "*");

  international = rules->gametype == 20 || rules->gametype == 27;
  switch (result)
    {
    case DR_RESULT_WHITE_WINS:
    case DR_RESULT_BLACK_WINS:
      if (international)
        return result == DR_RESULT_WHITE_WINS ? "2-0" : "0-2";
      first_won = (result == DR_RESULT_WHITE_WINS) == (rules->first_side == DR_SIDE_WHITE);
      return first_won ? "1-0" : "0-1";
    case DR_RESULT_DRAW:
      return international ? "1-1" : "1/2-1/2";
    case DR_RESULT_BOTH_LOSE:
      return "0-0";
    case DR_RESULT_UNKNOWN:
    default:
      return "*";
    }
}
