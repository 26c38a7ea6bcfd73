/* dr-solve.c — the composition solver: dr_solve(), the solution tree read
 * out of the search, names
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See dr-solve.h for what is proved and how.  In short: an iterative-
 * deepening AND/OR proof search bounded by the number of attacker moves,
 * with a path-independent transposition table (shortest proven distance,
 * largest refuted bound, certainty), the solution tree read out with
 * strictly falling distances, and every tree verified before it is called
 * a proof.
 *
 * This file is the driver: dr_solve() and its parts, the solution tree
 * or refutation read out of the search.  The search itself is in
 * dr-solve-search.c, the verification and printing of a tree in
 * dr-solve-tree.c, cooks and the stated line in dr-solve-cook.c.
 */

#define G_LOG_DOMAIN "dr-solve"

#include "config.h"

#include "dr-solve-private.h"

#include "dr-fen.h"
#include "dr-pdn.h"

#include <inttypes.h>
#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (dr-solve-error-quark, dr_solve_error)

/* -------------------------------------------------------------------- */
/* Names                                                                 */

static const char *goal_names[] = {
  "win", "draw", "lock", "giveaway", "win-either", "win-or-draw",
};

const char *
dr_solve_goal_to_string (DrSolveGoal goal)
{
  if ((guint) goal < G_N_ELEMENTS (goal_names))
    return goal_names[goal];
  return "?";
}

gboolean
dr_solve_goal_from_string (const char  *text,
                           DrSolveGoal *goal)
{
  for (guint i = 0; i < G_N_ELEMENTS (goal_names); i++)
    if (g_ascii_strcasecmp (text, goal_names[i]) == 0)
      {
        *goal = (DrSolveGoal) i;
        return TRUE;
      }
  return FALSE;
}

DrSolveAttacker
dr_solve_attacker_from_result (const DrRules *rules,
                               const char    *result)
{
  switch (dr_result_from_string (result, rules))
    {
    case DR_RESULT_WHITE_WINS: return DR_SOLVE_ATTACKER_WHITE;
    case DR_RESULT_BLACK_WINS: return DR_SOLVE_ATTACKER_BLACK;
    default: return DR_SOLVE_ATTACKER_TO_MOVE;
    }
}

const char *
dr_solve_status_to_string (DrSolveStatus status)
{
  switch (status)
    {
    case DR_SOLVE_PROVED: return "proved";
    case DR_SOLVE_WON_FINALES: return "won finales";
    case DR_SOLVE_REFUTED: return "refuted";
    case DR_SOLVE_UNDECIDED: default: return "undecided";
    }
}

const char *
dr_solve_stop_to_string (DrSolveStop stop)
{
  switch (stop)
    {
    case DR_SOLVE_STOP_DONE: return "done";
    case DR_SOLVE_STOP_NODES: return "node limit";
    case DR_SOLVE_STOP_TIME: return "time limit";
    case DR_SOLVE_STOP_DEPTH: return "depth limit";
    case DR_SOLVE_STOP_CANCELLED: return "cancelled";
    case DR_SOLVE_STOP_UNVERIFIED: return "tree not verified";
    case DR_SOLVE_STOP_TREE_SIZE: return "tree too large";
    default: return "?";
    }
}

const char *
dr_solve_leaf_to_string (DrSolveLeaf leaf)
{
  switch (leaf)
    {
    case DR_SOLVE_LEAF_NONE: return "none";
    case DR_SOLVE_LEAF_NO_MOVE: return "no move";
    case DR_SOLVE_LEAF_LOCK: return "locked";
    case DR_SOLVE_LEAF_WRONG_LOCK: return "wrong lock";
    case DR_SOLVE_LEAF_EGDB: return "tables";
    case DR_SOLVE_LEAF_REPETITION: return "repetition";
    case DR_SOLVE_LEAF_DRAW_RULE: return "draw rule";
    case DR_SOLVE_LEAF_FINALE: return "won finale";
    default: return "?";
    }
}

const char *
dr_solve_method_to_string (DrSolveMethod method)
{
  return method == DR_SOLVE_METHOD_ID ? "id" : "pn";
}

gboolean
dr_solve_method_from_string (const char    *text,
                             DrSolveMethod *method)
{
  if (g_ascii_strcasecmp (text, "id") == 0)
    *method = DR_SOLVE_METHOD_ID;
  else if (g_ascii_strcasecmp (text, "pn") == 0)
    *method = DR_SOLVE_METHOD_PN;
  else
    return FALSE;
  return TRUE;
}

gboolean
dr_solve_status_is_won (DrSolveStatus status)
{
  return status == DR_SOLVE_PROVED || status == DR_SOLVE_WON_FINALES;
}

void
dr_solve_options_init (DrSolveOptions *options)
{
  memset (options, 0, sizeof *options);
  options->goal = DR_SOLVE_GOAL_WIN;
  options->attacker = DR_SOLVE_ATTACKER_TO_MOVE;
  options->lock_men = -1;
  options->lock_kings = -1;
}

/* -------------------------------------------------------------------- */
/* The solution tree                                                     */

void
_dr_solve_node_free (DrSolveNode *node)
{
  while (node != NULL)
    {
      DrSolveNode *next = node->next;
      _dr_solve_node_free (node->children);
      g_free (node);
      node = next;
    }
}

DrSolveNode *
_dr_solve_node_new (DrSolveNode      *parent,
                    const DrMove     *move,
                    const DrPosition *pos,
                    DrSide            attacker)
{
  DrSolveNode *n = g_new0 (DrSolveNode, 1);

  n->parent = parent;
  if (move != NULL)
    n->move = *move;
  n->position = *pos;
  n->ply = parent != NULL ? parent->ply + 1 : 0;
  n->attacker_to_move = pos->turn == attacker;
  return n;
}

void
_dr_solve_node_append (DrSolveNode *parent,
                       DrSolveNode *child)
{
  DrSolveNode **p = &parent->children;

  while (*p != NULL)
    p = &(*p)->next;
  *p = child;
}

/* Builds the tree under @node (its position on c->path already at
 * c->path_len - 1), proving it again within @bound.  FALSE if the proof
 * could not be rebuilt (a limit, or the tree cap). */
static gboolean
extract (Ctx         *c,
         DrSolveNode *node,
         int          bound,
         guint       *count)
{
  const DrPosition *pos = &node->position;
  int ply = c->path_len;
  DrMoveList list;
  Leaf leaf;
  gboolean attacker = pos->turn == c->attacker;
  gboolean ok = TRUE;

  if (++*count > TREE_NODE_CAP || ply >= MAX_PLY - 1 || c->aborted)
    {
      g_debug ("extract: stopped at ply %d (%u positions, cap %d, aborted %d)", ply, *count, TREE_NODE_CAP,
               c->aborted);
      return FALSE;
    }
  c->path[ply] = *pos;
  c->path_len = ply + 1;
  list.all_paths = false;
  dr_movegen_legal (c->rules, pos, &list);
  leaf = _dr_solve_classify (c, pos, list.n, TRUE, node->parent == NULL);
  if (leaf.leaf != DR_SOLVE_LEAF_NONE)
    {
      c->path_len = ply;
      node->leaf = leaf.leaf;
      node->egdb_value = leaf.egdb_value;
      node->egdb_plies = leaf.egdb_plies;
      node->draw_rule = leaf.draw_rule;
      node->finale_score = leaf.finale_score;
      node->distance = 0;
      return leaf.success;
    }

  if (attacker)
    {
      /* The move with the shortest proven distance; among moves to won
       * leaves, the end of the game first, then the tables' fastest win. */
      int best_d = G_MAXINT, best_plies = G_MAXINT;
      DrMove best_m = { 0 };

      _dr_solve_order_moves (c, pos, &list);
      for (unsigned i = 0; i < list.n; i++)
        {
          DrPosition child;
          int d;
          gboolean cert, pd;

          dr_position_apply (&child, pos, &list.moves[i]);
          if (_dr_solve_search (c, &child, bound - 1, &d, &cert, &pd) == R_WIN && d <= best_d)
            {
              int plies = G_MAXINT - 1;

              if (d == 0)
                {
                  DrMoveList *cl = g_new (DrMoveList, 1);
                  Leaf cleaf;

                  cl->all_paths = false;
                  dr_movegen_legal (c->rules, &child, cl);
                  cleaf = _dr_solve_classify (c, &child, cl->n, FALSE, FALSE);
                  plies = cleaf.leaf == DR_SOLVE_LEAF_EGDB ? cleaf.egdb_plies
                          : cleaf.leaf != DR_SOLVE_LEAF_NONE ? 0 : G_MAXINT - 1;
                  g_free (cl);
                }
              if (d < best_d || plies < best_plies)
                {
                  best_d = d;
                  best_plies = plies;
                  best_m = list.moves[i];
                }
              if (d == 0 && plies == 0)
                break;
            }
          if (c->aborted)
            break;
        }
      if (best_d == G_MAXINT)
        {
          g_debug ("extract: no attacker move at ply %d is won within %d moves again", ply, bound - 1);
          ok = FALSE;
        }
      else
        {
          DrPosition child;
          DrSolveNode *cn;

          dr_position_apply (&child, pos, &best_m);
          cn = _dr_solve_node_new (node, &best_m, &child, c->attacker);
          _dr_solve_node_append (node, cn);
          ok = extract (c, cn, best_d, count);
          node->distance = 1 + cn->distance;
        }
    }
  else
    {
      /* Every reply, in the generator's order. */
      for (unsigned i = 0; i < list.n && ok; i++)
        {
          DrPosition child;
          int d;
          gboolean cert, pd;
          DrSolveNode *cn;

          dr_position_apply (&child, pos, &list.moves[i]);
          if (_dr_solve_search (c, &child, bound, &d, &cert, &pd) != R_WIN)
            {
              g_debug ("extract: a defence at ply %d is not won within %d moves again", ply, bound);
              ok = FALSE;
              break;
            }
          cn = _dr_solve_node_new (node, &list.moves[i], &child, c->attacker);
          _dr_solve_node_append (node, cn);
          ok = extract (c, cn, d, count);
          node->distance = MAX (node->distance, cn->distance);
        }
    }
  c->path_len = ply;
  return ok;
}

/* The refutation line: the attacker's best-ordered try, a reply that
 * refutes it with certainty, and so on down to a certain leaf. */
static void
refutation_line (Ctx              *c,
                 const DrPosition *start,
                 int               bound,
                 GArray           *line,
                 DrSolveLeaf      *why)
{
  DrPosition pos = *start;

  c->path_len = 0;
  *why = DR_SOLVE_LEAF_NONE;
  for (int ply = 0; ply < MAX_PLY - 2; ply++)
    {
      DrMoveList list;
      Leaf leaf;
      gboolean found = FALSE;

      list.all_paths = false;
      dr_movegen_legal (c->rules, &pos, &list);
      c->path[c->path_len++] = pos;
      leaf = _dr_solve_classify (c, &pos, list.n, TRUE, ply == 0);
      if (leaf.leaf != DR_SOLVE_LEAF_NONE)
        {
          *why = leaf.leaf;
          break;
        }
      _dr_solve_order_moves (c, &pos, &list);
      for (unsigned i = 0; i < list.n && !found; i++)
        {
          DrPosition child;
          int d;
          gboolean cert, pd;

          dr_position_apply (&child, &pos, &list.moves[i]);
          if (_dr_solve_search (c, &child, bound, &d, &cert, &pd) == R_NOWIN && cert)
            {
              g_array_append_val (line, list.moves[i]);
              pos = child;
              found = TRUE;
            }
        }
      if (!found)
        break;
    }
  c->path_len = 0;
}

/* -------------------------------------------------------------------- */
/* Solving                                                               */

void
_dr_solve_part_clear (DrSolvePart *part)
{
  _dr_solve_node_free (part->tree);
  part->tree = NULL;
  if (part->refutation != NULL)
    g_array_free (part->refutation, TRUE);
  part->refutation = NULL;
}

void
dr_solve_result_free (DrSolveResult *result)
{
  if (result == NULL)
    return;
  for (guint p = 0; p < result->n_parts; p++)
    _dr_solve_part_clear (&result->parts[p]);
  g_free (result->message);
  g_free (result);
}

guint
_dr_solve_count_finales (const DrSolveNode *node)
{
  guint n = node->leaf == DR_SOLVE_LEAF_FINALE;

  for (const DrSolveNode *ch = node->children; ch != NULL; ch = ch->next)
    n += _dr_solve_count_finales (ch);
  return n;
}

/* Solves one part with @c (whose goal and attacker are the part's), by
 * c->method. */
void
_dr_solve_solve_part (Ctx         *c,
                      DrSolvePart *part)
{
  if (c->method == DR_SOLVE_METHOD_PN)
    _dr_solve_pn_solve_part (c, part);
  else
    _dr_solve_id_solve_part (c, part);
}

/* Solves one part by iterative deepening. */
void
_dr_solve_id_solve_part (Ctx         *c,
                         DrSolvePart *part)
{
  guint64 nodes0 = c->nodes;
  int last_done = 0;
  int found_d = -1;

  _dr_solve_ctx_start (c);
  part->status = DR_SOLVE_UNDECIDED;
  part->stop = DR_SOLVE_STOP_DEPTH;
  part->method = DR_SOLVE_METHOD_ID;
  c->path_len = 0;

  for (int d = 0; d <= c->max_depth; d++)
    {
      int dist;
      gboolean certain, pd;
      Outcome r;

      c->depth = d;
      c->path_len = 0;
      r = _dr_solve_search (c, &part->start, d, &dist, &certain, &pd);
      if (r == R_ABORT)
        {
          part->stop = c->abort_reason;
          break;
        }
      if (r == R_WIN)
        {
          found_d = d;
          break;
        }
      last_done = d;
      if (certain)
        {
          part->status = DR_SOLVE_REFUTED;
          part->stop = DR_SOLVE_STOP_DONE;
          part->refutation = g_array_new (FALSE, FALSE, sizeof (DrMove));
          refutation_line (c, &part->start, d, part->refutation, &part->refutation_leaf);
          break;
        }
    }
  part->lower_bound = last_done;

  if (found_d >= 0)
    {
      guint count = 0;
      DrSolveNode *root = _dr_solve_node_new (NULL, NULL, &part->start, c->attacker);

      /* Re-proving the parts of the tree the table lost may take nodes
       * beyond the limit: the proof is there, only the time it takes. */
      c->ignore_node_limit = TRUE;
      c->path_len = 0;
      if (extract (c, root, found_d, &count) && !c->aborted)
        {
          part->tree = root;
          part->n_finales = _dr_solve_count_finales (root);
          part->status = part->n_finales > 0 ? DR_SOLVE_WON_FINALES : DR_SOLVE_PROVED;
          part->stop = DR_SOLVE_STOP_DONE;
          part->distance = root->distance;
          part->lower_bound = found_d > 0 ? found_d - 1 : 0;
        }
      else
        {
          _dr_solve_node_free (root);
          part->stop = c->aborted ? c->abort_reason
                       : count > TREE_NODE_CAP ? DR_SOLVE_STOP_TREE_SIZE : DR_SOLVE_STOP_UNVERIFIED;
          /* The search found the win at found_d and ruled out every
           * shorter one. */
          part->lower_bound = found_d > 0 ? found_d - 1 : 0;
          part->found_depth = found_d;
        }
      c->ignore_node_limit = FALSE;
    }
  part->nodes = c->nodes - nodes0;
  part->seconds = (g_get_monotonic_time () - c->start_time) / (double) G_USEC_PER_SEC;
}

DrSide
_dr_solve_resolve_attacker (const DrSolveOptions *options,
                            const DrPosition     *start)
{
  switch (options->attacker)
    {
    case DR_SOLVE_ATTACKER_WHITE: return DR_SIDE_WHITE;
    case DR_SOLVE_ATTACKER_BLACK: return DR_SIDE_BLACK;
    case DR_SOLVE_ATTACKER_TO_MOVE: default: return (DrSide) start->turn;
    }
}

gboolean
_dr_solve_check_options (const DrRules        *rules,
                         const DrPosition     *start,
                         const DrSolveOptions *options,
                         GError              **error)
{
  /* The solver's search, keys and leaf tests are the 64-bit board's. */
  if (rules->geometry->wide)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("%s is not solved: the solver plays on boards of up to 64 squares"),
                        _(rules->title)), FALSE;
  if ((guint) options->goal > DR_SOLVE_GOAL_WIN_OR_DRAW)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("Unknown goal %d"), (int) options->goal), FALSE;
  if (options->goal != DR_SOLVE_GOAL_LOCK && (options->lock_men >= 0 || options->lock_kings >= 0))
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("A lock count is given, but the goal is %s, not lock"),
                        dr_solve_goal_to_string (options->goal)), FALSE;
  if (options->egdb != NULL && dr_egdb_get_rules (options->egdb)->variant != rules->variant)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("The endgame tables are for %s, the position is %s"),
                        dr_egdb_get_rules (options->egdb)->name, rules->name), FALSE;
  if (start->pieces[0] == 0 && start->pieces[1] == 0)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        "%s", _("The position has no pieces")), FALSE;
  if (!dr_position_validate (rules, start, error))
    return FALSE;
  return TRUE;
}

char *
_dr_solve_part_message (const DrRules     *rules,
                        const DrSolvePart *part)
{
  switch (part->status)
    {
    case DR_SOLVE_PROVED:
      return g_strdup_printf (_("proved: %s for %s in %d moves"),
                              dr_solve_goal_to_string (part->goal),
                              part->attacker == DR_SIDE_WHITE ? _("White") : _("Black"),
                              part->distance);
    case DR_SOLVE_WON_FINALES:
      return g_strdup_printf (_("won finales: %s for %s in %d moves, %u of the lines ending in a finale the "
                                "engine judges won (at least %d men ahead, a king as %d; after %d plies at least "
                                "%+.2f, or a win it sees where the defender has a king)"),
                              dr_solve_goal_to_string (part->goal),
                              part->attacker == DR_SIDE_WHITE ? _("White") : _("Black"),
                              part->distance, part->n_finales, DR_SOLVE_FINALE_MIN_MEN,
                              DR_SOLVE_FINALE_KING_MEN, DR_SOLVE_FINALE_DEPTH,
                              DR_SOLVE_FINALE_MIN_SCORE / (double) DR_SCORE_MAN);
    case DR_SOLVE_REFUTED:
      return g_strdup_printf (_("refuted: %s is not reached (%s)"),
                              dr_solve_goal_to_string (part->goal),
                              dr_solve_leaf_to_string (part->refutation_leaf));
    case DR_SOLVE_UNDECIDED:
    default:
      (void) rules;
      if (part->stop == DR_SOLVE_STOP_TREE_SIZE)
        return g_strdup_printf (_("undecided: a win in %d moves was found, but its tree (every defence) has more "
                                  "than %d positions, %" PRIu64 " nodes"),
                                part->found_depth, TREE_NODE_CAP, (uint64_t) part->nodes);
      if (part->method == DR_SOLVE_METHOD_PN && part->stop != DR_SOLVE_STOP_UNVERIFIED)
        return g_strdup_printf (_("undecided (%s): proof-number search, %" PRIu64 " nodes, the start's proof "
                                  "number %u, disproof number %u"),
                                dr_solve_stop_to_string (part->stop), (uint64_t) part->nodes,
                                part->root_pn, part->root_dn);
      /* PRIu64: xgettext keeps the whole message (not G_GUINT64_FORMAT). */
      return g_strdup_printf (_("undecided (%s): no solution within %d moves, %" PRIu64 " nodes"),
                              dr_solve_stop_to_string (part->stop), part->lower_bound, (uint64_t) part->nodes);
    }
}

void
_dr_solve_finish_result (DrSolveResult *r)
{
  GString *msg = g_string_new (NULL);

  r->status = DR_SOLVE_PROVED;
  r->stop = DR_SOLVE_STOP_DONE;
  for (guint p = 0; p < r->n_parts; p++)
    {
      g_autofree char *m = _dr_solve_part_message (r->rules, &r->parts[p]);

      if (r->parts[p].status == DR_SOLVE_REFUTED)
        r->status = DR_SOLVE_REFUTED;
      else if (r->parts[p].status == DR_SOLVE_UNDECIDED && r->status != DR_SOLVE_REFUTED)
        r->status = DR_SOLVE_UNDECIDED;
      else if (r->parts[p].status == DR_SOLVE_WON_FINALES && r->status == DR_SOLVE_PROVED)
        r->status = DR_SOLVE_WON_FINALES;
      if (r->parts[p].stop != DR_SOLVE_STOP_DONE && r->stop == DR_SOLVE_STOP_DONE)
        r->stop = r->parts[p].stop;
      if (r->n_parts > 1)
        g_string_append_printf (msg, "%s%s to move: %s", p > 0 ? "; " : "",
                                r->parts[p].start.turn == DR_SIDE_WHITE ? _("White") : _("Black"), m);
      else
        g_string_append (msg, m);
    }
  r->message = g_string_free (msg, FALSE);
}

/* The complete proof searched beside the finales' (DrSolveOptions.threads):
 * its own context and table, finales off, stopped through @stop. */
typedef struct
{
  const DrRules  *rules;
  DrSolveOptions  options;
  guint           index;
  DrSolvePart     part;
  gint            stop;
  GMutex          lock;
  GCond           cond;
  gboolean        done;
} Helper;

static gpointer
helper_run (gpointer data)
{
  Helper *h = data;
  Ctx *c = _dr_solve_ctx_new (h->rules, &h->options, h->part.goal, h->part.attacker);

  c->part = h->index;
  c->stop = &h->stop;
  _dr_solve_solve_part (c, &h->part);
  _dr_solve_ctx_free (c);
  /* Atomic as well as locked: ThreadSanitizer does not see the ordering
   * of GLib's futex-based mutex (it reported this flag as a race). */
  g_mutex_lock (&h->lock);
  g_atomic_int_set (&h->done, TRUE);
  g_cond_signal (&h->cond);
  g_mutex_unlock (&h->lock);
  return NULL;
}

/* One thread: after a tree down to won finales, the complete proof is
 * searched for as many positions again as the finales' search took
 * (within the time left), and preferred when found. */
static void
prefer_complete_proof (const DrRules        *rules,
                       const DrSolveOptions *options,
                       guint                 index,
                       DrSolvePart          *part)
{
  DrSolveOptions po = *options;
  DrSolvePart pp = { 0 };
  Ctx *c;

  po.finales = FALSE;
  po.max_nodes = MAX (part->nodes, 10000);
  if (options->max_nodes > 0)
    po.max_nodes = MIN (po.max_nodes, options->max_nodes);
  if (options->max_seconds > 0)
    {
      po.max_seconds = options->max_seconds - part->seconds;
      if (po.max_seconds <= 0)
        return;
    }
  pp.start = part->start;
  pp.goal = part->goal;
  pp.attacker = part->attacker;
  c = _dr_solve_ctx_new (rules, &po, pp.goal, pp.attacker);
  c->part = index;
  _dr_solve_solve_part (c, &pp);
  _dr_solve_ctx_free (c);
  if (pp.status == DR_SOLVE_PROVED)
    {
      guint64 nodes = part->nodes;
      double seconds = part->seconds;

      _dr_solve_part_clear (part);
      *part = pp;
      part->nodes += nodes;
      part->seconds += seconds;
    }
  else
    {
      part->nodes += pp.nodes;
      part->seconds += pp.seconds;
      _dr_solve_part_clear (&pp);
    }
}

/* Solves part @index.  With finales and two threads, a complete proof is
 * searched on a second thread while this one searches down to won
 * finales: a complete proof is preferred.  When the finales' search has
 * its tree first, the complete search gets as long again as the finales'
 * took (within the limits) before it is stopped; when it ends refuted or
 * with a complete proof, the other is stopped at once. */
static void
solve_part (const DrRules        *rules,
            const DrSolveOptions *options,
            guint                 index,
            DrSolvePart          *part)
{
  Ctx *c = _dr_solve_ctx_new (rules, options, part->goal, part->attacker);
  Helper *h = NULL;
  GThread *thread = NULL;

  c->part = index;
  if (c->finales && options->threads >= 2)
    {
      h = g_new0 (Helper, 1);
      h->rules = rules;
      h->options = *options;
      h->options.finales = FALSE;
      h->options.progress = NULL;
      h->index = index;
      h->part = *part;
      g_mutex_init (&h->lock);
      g_cond_init (&h->cond);
      thread = g_thread_new ("dr-solve-proof", helper_run, h);
    }
  _dr_solve_solve_part (c, part);
  _dr_solve_ctx_free (c);
  if (h == NULL)
    {
      if (part->status == DR_SOLVE_WON_FINALES)
        prefer_complete_proof (rules, options, index, part);
      return;
    }

  if (part->status == DR_SOLVE_WON_FINALES)
    {
      gint64 end = g_get_monotonic_time () + (gint64) (part->seconds * G_USEC_PER_SEC);

      g_mutex_lock (&h->lock);
      while (!g_atomic_int_get (&h->done))
        if (!g_cond_wait_until (&h->cond, &h->lock, end))
          break;
      g_mutex_unlock (&h->lock);
    }
  else if (part->status == DR_SOLVE_UNDECIDED && part->stop != DR_SOLVE_STOP_CANCELLED)
    {
      /* Same limits: it ends about when this one did. */
      g_mutex_lock (&h->lock);
      while (!g_atomic_int_get (&h->done))
        g_cond_wait (&h->cond, &h->lock);
      g_mutex_unlock (&h->lock);
    }
  g_atomic_int_set (&h->stop, 1);
  g_thread_join (thread);
  if (h->part.status == DR_SOLVE_PROVED && part->status != DR_SOLVE_PROVED)
    {
      guint64 nodes = part->nodes;
      double seconds = part->seconds;

      _dr_solve_part_clear (part);
      *part = h->part;
      part->nodes += nodes;
      part->seconds = MAX (seconds, part->seconds);
    }
  else
    {
      part->nodes += h->part.nodes;
      _dr_solve_part_clear (&h->part);
    }
  g_mutex_clear (&h->lock);
  g_cond_clear (&h->cond);
  g_free (h);
}

DrSolveResult *
dr_solve (const DrRules        *rules,
          const DrPosition     *start,
          const DrSolveOptions *options,
          GError              **error)
{
  DrSolveResult *r;
  DrSide attacker;
  gint64 t0 = g_get_monotonic_time ();

  g_return_val_if_fail (rules != NULL && start != NULL && options != NULL, NULL);
  if (!_dr_solve_check_options (rules, start, options, error))
    return NULL;

  attacker = _dr_solve_resolve_attacker (options, start);
  r = g_new0 (DrSolveResult, 1);
  r->rules = rules;
  r->goal = options->goal;
  r->lock_men = options->lock_men;
  r->lock_kings = options->lock_kings;
  r->egdb = options->egdb;

  switch (options->goal)
    {
    case DR_SOLVE_GOAL_WIN_EITHER:
    case DR_SOLVE_GOAL_WIN_OR_DRAW:
      r->n_parts = 2;
      for (guint p = 0; p < 2; p++)
        {
          r->parts[p].start = *start;
          r->parts[p].attacker = attacker;
        }
      if (options->goal == DR_SOLVE_GOAL_WIN_EITHER)
        {
          r->parts[0].goal = r->parts[1].goal = DR_SOLVE_GOAL_WIN;
          dr_position_set_turn (&r->parts[1].start, DR_SIDE_OTHER (start->turn));
        }
      else
        {
          r->parts[0].goal = DR_SOLVE_GOAL_WIN;
          r->parts[1].goal = DR_SOLVE_GOAL_DRAW;
          dr_position_set_turn (&r->parts[0].start, attacker);
          dr_position_set_turn (&r->parts[1].start, DR_SIDE_OTHER (attacker));
        }
      break;
    default:
      r->n_parts = 1;
      r->parts[0].start = *start;
      r->parts[0].goal = options->goal;
      r->parts[0].attacker = attacker;
      break;
    }

  for (guint p = 0; p < r->n_parts; p++)
    {
      solve_part (rules, options, p, &r->parts[p]);
      r->nodes += r->parts[p].nodes;
      if (r->parts[p].stop == DR_SOLVE_STOP_CANCELLED)
        break;
    }
  r->seconds = (g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC;

  /* Never "proved" without a checked proof. */
  for (guint p = 0; p < r->n_parts; p++)
    if (dr_solve_status_is_won (r->parts[p].status))
      {
        DrSolveResult one = *r;
        g_autoptr (GError) local = NULL;

        one.n_parts = 1;
        one.parts[0] = r->parts[p];
        if (!dr_solve_verify_tree (&one, &local))
          {
            g_debug ("not a proof: %s", local->message);
            _dr_solve_node_free (r->parts[p].tree);
            r->parts[p].tree = NULL;
            r->parts[p].status = DR_SOLVE_UNDECIDED;
            r->parts[p].stop = DR_SOLVE_STOP_UNVERIFIED;
          }
      }
  _dr_solve_finish_result (r);
  return r;
}
