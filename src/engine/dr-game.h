/* dr-game.h — a game: tags, start position and a tree of moves
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A DrGame is what a PDN game holds: tag pairs in their order, an optional
 * setup position, and a tree of moves.  Every node but the root is reached
 * by one move and stores the position after it, so any node's position is
 * at hand without replaying.  A node's first child is the main
 * continuation; later children (its siblings) are variations, in the order
 * the game gives them.  Comments may stand before a move (PDN: a comment
 * opening a variation) or after it; the root's "after" comment is the
 * game's opening comment.  Move-strength glyphs are NAGs 1-6 (PDN.md §8).
 *
 * A game read only in part (dr_pdn_reader_next_game() returned
 * DR_PDN_READ_PARTIAL) keeps the text it could not read, verbatim, on the
 * node where reading stopped (#DrGameNode.unread): the last move read, or
 * the root.  The writer gives it back as marked comments (dr-pdn.h).
 *
 * Plain C with GLib; the application wraps it in a GObject (issue 4).
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"

G_BEGIN_DECLS

typedef enum
{
  DR_RESULT_UNKNOWN,       /* "*" */
  DR_RESULT_WHITE_WINS,
  DR_RESULT_BLACK_WINS,
  DR_RESULT_DRAW,
  DR_RESULT_BOTH_LOSE,     /* "0-0", double forfeit */
} DrResult;

/* PGN/PDN move-assessment NAGs ($1-$6) and their glyphs. */
typedef enum
{
  DR_NAG_NONE        = 0,
  DR_NAG_GOOD        = 1,   /* !  */
  DR_NAG_MISTAKE     = 2,   /* ?  */
  DR_NAG_BRILLIANT   = 3,   /* !! */
  DR_NAG_BLUNDER     = 4,   /* ?? */
  DR_NAG_INTERESTING = 5,   /* !? */
  DR_NAG_DUBIOUS     = 6,   /* ?! */
  DR_NAG_ONLY_MOVE   = 7,   /* the PDN 2.0 "*" */
} DrNag;

typedef struct _DrGameNode DrGameNode;

struct _DrGameNode
{
  DrGameNode *parent;
  DrGameNode *children;      /* first child: the main continuation */
  DrGameNode *next;          /* next sibling: the next alternative */
  DrMove      move;          /* the move that led here (not set on the root) */
  DrPosition  position;      /* the position after the move */
  char       *comment_before;
  char       *comment_after;
  GArray     *nags;          /* guint8 NAG numbers in the order given; NULL if none */
  guint       ply;           /* plies from the start position (root: 0) */
  char       *unread;        /* PDN text after this node that a reader could not
                                read, verbatim but for line ends ("\n"); NULL
                                but where reading stopped */
};

typedef struct _DrGame DrGame;

struct _DrGame
{
  const DrRules *rules;
  GPtrArray     *tag_names;   /* char *, in file order */
  GPtrArray     *tag_values;  /* char *, parallel to tag_names */
  DrGameNode    *root;        /* the start position */
  gboolean       setup;       /* started from a FEN or a set-up position, which may
                                be the initial one: dr_game_starts_from_initial() */
  DrResult       result;
};

DrGame     *dr_game_new                 (const DrRules    *rules,
                                         const DrPosition *start);
void        dr_game_free                (DrGame           *game);
DrGame     *dr_game_copy                (const DrGame     *game);

/* Tags: names compare case-insensitively; setting an existing tag replaces
 * its value in place, a new one is appended. */
const char *dr_game_get_tag             (const DrGame     *game,
                                         const char       *name);
void        dr_game_set_tag             (DrGame           *game,
                                         const char       *name,
                                         const char       *value);
void        dr_game_remove_tag          (DrGame           *game,
                                         const char       *name);

/* Plays @move (a legal move of @node's position) from @node: returns the
 * existing child with that move if there is one, otherwise a new child,
 * the main continuation if @node had none and a new variation (the last
 * sibling) otherwise. */
DrGameNode *dr_game_add_move            (DrGame           *game,
                                         DrGameNode       *node,
                                         const DrMove     *move);

/* The child of @node reached by @move, or NULL. */
DrGameNode *dr_game_node_find_child     (DrGameNode       *node,
                                         const DrMove     *move);

/* Moves @node one place up among its siblings (towards the main line).
 * Returns FALSE if it is already the first. */
gboolean    dr_game_promote_variation   (DrGame           *game,
                                         DrGameNode       *node);
/* Makes the line through @node the main line: at @node and at each of its
 * ancestors, the node on the line becomes its parent's first child. */
void        dr_game_make_main_line      (DrGame           *game,
                                         DrGameNode       *node);
/* Removes @node and everything after it (it may not be the root). */
void        dr_game_delete_from         (DrGame           *game,
                                         DrGameNode       *node);

void        dr_game_node_set_comment_before (DrGameNode   *node,
                                             const char   *text);
void        dr_game_node_set_comment_after  (DrGameNode   *node,
                                             const char   *text);
/* The text kept unread after @node (NULL: none); a copy is stored. */
void        dr_game_node_set_unread     (DrGameNode       *node,
                                         const char       *text);
/* The first node, in pre-order, that holds unread text, or NULL when the
 * game was read whole. */
DrGameNode *dr_game_find_unread         (const DrGame     *game);
/* The move-assessment glyph: NAG 1-6, or DR_NAG_NONE to remove it. */
void        dr_game_node_set_glyph      (DrGameNode       *node,
                                         DrNag             glyph);
DrNag       dr_game_node_get_glyph      (const DrGameNode *node);
void        dr_game_node_add_nag        (DrGameNode       *node,
                                         guint8            nag);
void        dr_game_node_clear_nags     (DrGameNode       *node);

/* The last node of the main line from @node. */
DrGameNode *dr_game_node_main_line_end  (DrGameNode       *node);
/* Is @node on the main line of the game (every ancestor a first child)? */
gboolean    dr_game_node_is_main_line   (const DrGameNode *node);
/* Number of moves on the main line, and on the whole tree. */
guint       dr_game_main_line_length    (const DrGame     *game);
/* The move number of @node's move (not the root): the first player's
 * turns from the start position, as PDN and the move list write it.
 * @opens_turn: set to whether the move is the first of a first-player
 * turn, where a number is written before it.  Two-move draughts: a turn
 * is two moves. */
guint       dr_game_node_move_number    (const DrGame     *game,
                                         const DrGameNode *node,
                                         gboolean         *opens_turn);
guint       dr_game_count_moves         (const DrGame     *game);
/* Does the game start from the variant's initial position: no setup, or a
 * FEN tag that sets up the initial position itself, as real collections
 * write before every game (ussr1947.pdn)?  Games, not compositions, for
 * the book, the tactical set and the database's opening index. */
gboolean    dr_game_starts_from_initial (const DrGame     *game);

/* Two games hold the same tags (names and values, in order), start,
 * tree (moves, order of variations), comments, NAGs, unread text and
 * result. */
gboolean    dr_game_equal               (const DrGame     *a,
                                         const DrGame     *b);

const char *dr_result_to_string         (DrResult          result,
                                         const DrRules    *rules);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrGame, dr_game_free)

G_END_DECLS
