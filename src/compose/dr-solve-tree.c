/* dr-solve-tree.c — the composition solver's solution tree: verification,
 * walking and printing
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dr_solve_verify_tree() checks a tree move by move against the rules and
 * the tables alone, not with the search that built it (dr-solve.c); the
 * rest walks a tree and prints a result.
 */

#define G_LOG_DOMAIN "dr-solve"

#include "config.h"

#include "dr-solve-private.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-notation.h"

#include <glib/gi18n-lib.h>

/* -------------------------------------------------------------------- */
/* Verification                                                          */

typedef struct
{
  const DrSolveResult *result;
  const DrSolvePart   *part;
  GArray              *history;    /* DrPosition: the line from the part's start */
  GString             *where;
} Verify;

static gboolean
verify_fail (Verify     *v,
             GError    **error,
             const char *format,
             ...) G_GNUC_PRINTF (3, 4);

static gboolean
verify_fail (Verify     *v,
             GError    **error,
             const char *format,
             ...)
{
  va_list ap;
  g_autofree char *msg = NULL;
  g_autofree char *fen = NULL;
  const DrPosition *last = &g_array_index (v->history, DrPosition, v->history->len - 1);

  va_start (ap, format);
  msg = g_strdup_vprintf (format, ap);
  va_end (ap);
  fen = dr_fen_write (v->result->rules, last, v->result->rules->notation);
  g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_VERIFY,
               _("Solution tree, part %u, at ply %u (%s): %s"),
               (guint) (v->part - v->result->parts), v->history->len - 1, fen, msg);
  return FALSE;
}

static gboolean
verify_node (Verify            *v,
             const DrSolveNode *node,
             GError           **error)
{
  const DrRules *rules = v->result->rules;
  const DrSolvePart *part = v->part;
  const DrPosition *pos = &node->position;
  const DrPosition *history = (const DrPosition *) (void *) v->history->data;
  gsize n = v->history->len;
  DrMoveList *list = g_new (DrMoveList, 1);
  gboolean attacker = pos->turn == part->attacker;
  gboolean ok = TRUE, king = FALSE;
  guint n_children = dr_solve_node_n_children (node);

  list->all_paths = false;
  dr_movegen_legal (rules, pos, list);

  if (node->attacker_to_move != attacker)
    {
      ok = verify_fail (v, error, "%s", _("wrong side to move"));
      goto out;
    }

  /* No draw rule may end the game on a line of a win before its end. */
  if (part->goal != DR_SOLVE_GOAL_DRAW && list->n > 0)
    {
      const DrDrawRule *which = NULL;
      if (dr_game_status (rules, history, n, &which) == DR_STATUS_DRAW)
        {
          ok = verify_fail (v, error, _("the draw rule of %s ends the game here"),
                            which != NULL && which->article != NULL ? which->article : "?");
          goto out;
        }
    }

  if (node->leaf != DR_SOLVE_LEAF_NONE)
    {
      if (n_children != 0)
        {
          ok = verify_fail (v, error, "%s", _("a leaf with children"));
          goto out;
        }
      switch (node->leaf)
        {
        case DR_SOLVE_LEAF_NO_MOVE:
          {
            gboolean wins_without = part->goal == DR_SOLVE_GOAL_GIVEAWAY || rules->giveaway;
            if (list->n != 0)
              ok = verify_fail (v, error, "%s", _("\"no move\" leaf, but the side to move has a move"));
            else if (part->goal == DR_SOLVE_GOAL_LOCK)
              ok = verify_fail (v, error, "%s", _("a lock task ends with a lock, not another end"));
            else if (wins_without != attacker)
              ok = verify_fail (v, error, "%s", _("the game ends, but not in the attacker's favour"));
          }
          break;
        case DR_SOLVE_LEAF_LOCK:
          {
            DrBitboard def = pos->pieces[pos->turn];
            int men = dr_bb_count (def & ~pos->kings), kings = dr_bb_count (def & pos->kings);
            if (part->goal != DR_SOLVE_GOAL_LOCK || attacker || list->n != 0 || def == 0)
              ok = verify_fail (v, error, "%s", _("not a lock of the defender"));
            else if ((v->result->lock_men >= 0 && men != v->result->lock_men)
                     || (v->result->lock_kings >= 0 && kings != v->result->lock_kings))
              ok = verify_fail (v, error, _("locked %d men and %d kings, not the stated material"),
                                men, kings);
          }
          break;
        case DR_SOLVE_LEAF_EGDB:
          {
            const DrEgdb *egdb = v->result->egdb;
            DrEgdbProbe probe;
            DrEgdbValue av;
            g_autoptr (GError) local = NULL;

            if (egdb == NULL || !dr_egdb_probe (egdb, pos, &probe, &local))
              {
                ok = verify_fail (v, error, "%s", local != NULL ? local->message : _("no tables"));
                break;
              }
            av = attacker ? probe.value : flip_value (probe.value);
            if (part->goal == DR_SOLVE_GOAL_DRAW)
              {
                if (av == DR_EGDB_LOSS)
                  ok = verify_fail (v, error, "%s", _("the tables say the attacker loses"));
              }
            else if (part->goal == DR_SOLVE_GOAL_LOCK)
              ok = verify_fail (v, error, "%s", _("a table value does not prove a lock"));
            else if (av != DR_EGDB_WIN)
              ok = verify_fail (v, error, "%s", _("the tables do not say the attacker wins"));
            else if (probe.count_rule != NULL)
              ok = verify_fail (v, error, _("the count rule of %s forbids the table's win"),
                                probe.count_rule->article != NULL ? probe.count_rule->article : "?");
            else if (probe.plies != node->egdb_plies)
              ok = verify_fail (v, error, _("the tables say %d plies, the tree %d"),
                                probe.plies, node->egdb_plies);
          }
          break;
        case DR_SOLVE_LEAF_REPETITION:
          {
            gboolean found = FALSE;
            for (gsize i = 0; i + 1 < n && !found; i++)
              found = dr_position_equal (&history[i], pos);
            if (part->goal != DR_SOLVE_GOAL_DRAW || !found)
              ok = verify_fail (v, error, "%s", _("no repetition of an earlier position"));
          }
          break;
        case DR_SOLVE_LEAF_DRAW_RULE:
          if (part->goal != DR_SOLVE_GOAL_DRAW || node->draw_rule == NULL
              || !dr_draw_rule_holds (rules, node->draw_rule, history, n))
            ok = verify_fail (v, error, "%s", _("the draw rule does not hold"));
          break;
        case DR_SOLVE_LEAF_FINALE:
          if (part->goal != DR_SOLVE_GOAL_WIN || part->status != DR_SOLVE_WON_FINALES)
            ok = verify_fail (v, error, "%s", _("a finale ends a line, but the verdict is not won finales"));
          else if (attacker || node->parent == NULL || dr_movegen_has_capture (rules, pos))
            ok = verify_fail (v, error, "%s",
                              _("not a finale: the defender is not to make a non-capturing move (004 6.2.7.2)"));
          else if (!_dr_solve_finale_material (pos, part->attacker, &king))
            ok = verify_fail (v, error, _("not a won finale: fewer than %d men ahead"),
                              DR_SOLVE_FINALE_MIN_MEN);
          else if (!_dr_solve_finale_score_won (node->finale_score, king))
            ok = verify_fail (v, error, _("not a won finale: the engine's score %d is not enough"),
                              node->finale_score);
          break;
        default:
          ok = verify_fail (v, error, "%s", _("a leaf that is not a success"));
          break;
        }
      goto out;
    }

  if (list->n == 0)
    {
      ok = verify_fail (v, error, "%s", _("the side to move has no move, but the node is not a leaf"));
      goto out;
    }
  if (attacker && n_children != 1)
    {
      ok = verify_fail (v, error, _("an attacker node with %u moves, not one"), n_children);
      goto out;
    }
  if (!attacker && n_children != list->n)
    {
      ok = verify_fail (v, error, _("a defender node with %u of its %u moves"), n_children, list->n);
      goto out;
    }
  for (const DrSolveNode *ch = node->children; ch != NULL && ok; ch = ch->next)
    {
      gboolean legal = FALSE;
      DrPosition after;

      for (unsigned i = 0; i < list->n && !legal; i++)
        legal = dr_move_same (&list->moves[i], &ch->move);
      for (const DrSolveNode *o = node->children; o != ch && legal; o = o->next)
        if (dr_move_same (&o->move, &ch->move))
          legal = FALSE;
      if (!legal)
        {
          ok = verify_fail (v, error, "%s", _("a move that is not legal, or listed twice"));
          break;
        }
      dr_position_apply (&after, pos, &ch->move);
      if (!dr_position_equal (&after, &ch->position) || ch->parent != node)
        {
          ok = verify_fail (v, error, "%s", _("a position that does not follow from its move"));
          break;
        }
      g_array_append_val (v->history, ch->position);
      ok = verify_node (v, ch, error);
      g_array_set_size (v->history, v->history->len - 1);
    }

out:
  g_free (list);
  return ok;
}

gboolean
dr_solve_verify_tree (const DrSolveResult *result,
                      GError             **error)
{
  g_return_val_if_fail (result != NULL, FALSE);

  for (guint p = 0; p < result->n_parts; p++)
    {
      const DrSolvePart *part = &result->parts[p];
      Verify v = { result, part, NULL, NULL };
      gboolean ok;

      if (part->tree == NULL)
        {
          if (dr_solve_status_is_won (part->status))
            return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_VERIFY,
                                _("Part %u is %s but has no tree"), p,
                                dr_solve_status_to_string (part->status)), FALSE;
          continue;
        }
      if (!dr_position_equal (&part->tree->position, &part->start))
        return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_VERIFY,
                            _("Part %u: the tree does not start at the start position"), p), FALSE;
      v.history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
      g_array_append_val (v.history, part->start);
      ok = verify_node (&v, part->tree, error);
      g_array_free (v.history, TRUE);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* -------------------------------------------------------------------- */
/* Walking and printing                                                  */

const DrSolveNode *
dr_solve_result_get_tree (const DrSolveResult *result)
{
  return result->n_parts > 0 ? result->parts[0].tree : NULL;
}

const DrMove *
dr_solve_result_get_key (const DrSolveResult *result)
{
  const DrSolveNode *t = dr_solve_result_get_tree (result);

  if (t == NULL || !t->attacker_to_move || t->children == NULL)
    return NULL;
  return &t->children->move;
}

guint
dr_solve_node_n_children (const DrSolveNode *node)
{
  guint n = 0;

  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    n++;
  return n;
}

const DrSolveNode *
dr_solve_node_nth_child (const DrSolveNode *node,
                         guint              n)
{
  const DrSolveNode *c = node->children;

  while (c != NULL && n-- > 0)
    c = c->next;
  return c;
}

const DrSolveNode *
dr_solve_node_find_child (const DrSolveNode *node,
                          const DrMove      *move)
{
  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    if (dr_move_same (&c->move, move))
      return c;
  return NULL;
}

char *
dr_solve_node_move_text (const DrRules     *rules,
                         const DrSolveNode *node,
                         DrNotation         notation)
{
  DrMoveList *list;
  char *text;

  if (node->parent == NULL)
    return NULL;
  list = g_new (DrMoveList, 1);
  list->all_paths = false;
  dr_movegen_legal (rules, &node->parent->position, list);
  text = dr_move_to_text (rules, list, &node->move, notation);
  g_free (list);
  return text;
}

guint
dr_solve_node_count (const DrSolveNode *node)
{
  guint n = 1;

  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    n += dr_solve_node_count (c);
  return n;
}

static void
format_leaf (GString           *s,
             const DrSolveNode *node)
{
  switch (node->leaf)
    {
    case DR_SOLVE_LEAF_NONE:
      break;
    case DR_SOLVE_LEAF_EGDB:
      {
        /* Said from the attacker's side. */
        DrEgdbValue v = node->attacker_to_move ? node->egdb_value : flip_value (node->egdb_value);
        if (v == DR_EGDB_DRAW)
          g_string_append (s, "  # tables: draw");
        else
          g_string_append_printf (s, "  # tables: %s in %d plies",
                                  v == DR_EGDB_WIN ? "win" : "loss", node->egdb_plies);
      }
      break;
    case DR_SOLVE_LEAF_DRAW_RULE:
      g_string_append_printf (s, "  # draw rule %s",
                              node->draw_rule != NULL && node->draw_rule->article != NULL
                              ? node->draw_rule->article : "");
      break;
    case DR_SOLVE_LEAF_FINALE:
      g_string_append_printf (s, "  # won finale (004 6.2.7.2): %+.2f at %d plies",
                              node->finale_score / (double) DR_SCORE_MAN, DR_SOLVE_FINALE_DEPTH);
      break;
    default:
      g_string_append_printf (s, "  # %s", dr_solve_leaf_to_string (node->leaf));
      break;
    }
}

static void
format_node (GString           *s,
             const DrRules     *rules,
             const DrSolveNode *node,
             DrNotation         notation,
             int                indent)
{
  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    {
      g_autofree char *text = dr_solve_node_move_text (rules, c, notation);
      guint move_no = c->parent->position.turn == rules->first_side
                      ? c->ply / 2 + 1 : (c->ply + 1) / 2;

      g_string_append_printf (s, "%*s%u%s %s", indent * 2, "", move_no,
                              c->parent->position.turn == rules->first_side ? "." : "...",
                              text);
      format_leaf (s, c);
      g_string_append_c (s, '\n');
      /* A forced reply continues on the same level. */
      format_node (s, rules, c,
                   notation, c->next != NULL || node->children != c ? indent + 1 : indent);
    }
}

char *
dr_solve_result_format (const DrSolveResult *result,
                        DrNotation           notation,
                        gboolean             with_tree)
{
  GString *s = g_string_new (NULL);

  for (guint p = 0; p < result->n_parts; p++)
    {
      const DrSolvePart *part = &result->parts[p];
      g_autofree char *m = _dr_solve_part_message (result->rules, part);
      g_autofree char *fen = dr_fen_write (result->rules, &part->start, notation);

      g_string_append_printf (s, "%s%s\n", result->n_parts > 1 ? "part: " : "", fen);
      g_string_append_printf (s, "%s\n", m);
      if (part->tree != NULL && part->tree->attacker_to_move && part->tree->children != NULL)
        {
          g_autofree char *key = dr_solve_node_move_text (result->rules, part->tree->children, notation);
          g_string_append_printf (s, "key: %s\n", key);
        }
      if (part->tree != NULL && with_tree)
        {
          g_string_append_printf (s, "tree (%u positions):\n", dr_solve_node_count (part->tree));
          format_node (s, result->rules, part->tree, notation, 1);
        }
      if (part->refutation != NULL)
        {
          DrPosition pos = part->start;

          g_string_append (s, "refutation:");
          for (guint i = 0; i < part->refutation->len; i++)
            {
              DrMoveList *list = g_new (DrMoveList, 1);
              const DrMove *m2 = &g_array_index (part->refutation, DrMove, i);
              g_autofree char *t = NULL;

              list->all_paths = false;
              dr_movegen_legal (result->rules, &pos, list);
              t = dr_move_to_text (result->rules, list, m2, notation);
              g_string_append_printf (s, " %s", t);
              dr_position_apply (&pos, &pos, m2);
              g_free (list);
            }
          g_string_append_printf (s, "  # %s\n", dr_solve_leaf_to_string (part->refutation_leaf));
        }
    }
  return g_string_free (s, FALSE);
}
