/* dr-solve-cook.c — the composition solver's cooks and the stated line
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * dr_solve_cooks() looks for side solutions (6.2.6) and allowed duals
 * (6.2.7.3) along an author's line; dr_solve_check_line() checks that the
 * line is legal and follows a proof.  Both solve with one context whose
 * table is kept from one position to the next.
 */

#define G_LOG_DOMAIN "dr-solve"

#include "config.h"

#include "dr-solve-private.h"

#include "dr-fen.h"
#include "dr-notation.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------------- */
/* Cooks and the stated line                                             */

/* A one-part solve of @pos with @c (its table kept between calls: the
 * entries do not depend on the line, so they stay true). */
static DrSolveResult *
solve_with_ctx (Ctx              *c,
                const DrPosition *pos)
{
  DrSolveResult *r = g_new0 (DrSolveResult, 1);
  g_autoptr (GError) local = NULL;

  r->rules = c->rules;
  r->goal = c->goal;
  r->lock_men = c->options->lock_men;
  r->lock_kings = c->options->lock_kings;
  r->egdb = c->options->egdb;
  r->n_parts = 1;
  r->parts[0].start = *pos;
  r->parts[0].goal = c->goal;
  r->parts[0].attacker = c->attacker;
  _dr_solve_solve_part (c, &r->parts[0]);
  r->nodes = r->parts[0].nodes;
  r->seconds = r->parts[0].seconds;
  if (dr_solve_status_is_won (r->parts[0].status) && !dr_solve_verify_tree (r, &local))
    {
      g_debug ("not a proof: %s", local->message);
      _dr_solve_part_clear (&r->parts[0]);
      r->parts[0].status = DR_SOLVE_UNDECIDED;
      r->parts[0].stop = DR_SOLVE_STOP_UNVERIFIED;
    }
  _dr_solve_finish_result (r);
  return r;
}

void
dr_solve_cook_free (DrSolveCook *cook)
{
  if (cook == NULL)
    return;
  dr_solve_result_free (cook->proof);
  g_free (cook);
}

static gboolean
check_simple_goal (const DrSolveOptions *options,
                   GError              **error)
{
  if (options->goal == DR_SOLVE_GOAL_WIN_EITHER || options->goal == DR_SOLVE_GOAL_WIN_OR_DRAW)
    return g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_INVALID,
                        _("Cooks and lines are checked for one goal at a time, not %s"),
                        dr_solve_goal_to_string (options->goal)), FALSE;
  return TRUE;
}

/* Finds @move among the legal moves of @pos, or says which it is. */
static gboolean
line_move_legal (const DrRules    *rules,
                 const DrPosition *pos,
                 const DrMove     *move,
                 guint             index,
                 GError          **error)
{
  DrMoveList *list = g_new (DrMoveList, 1);
  gboolean found = FALSE;

  list->all_paths = false;
  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n && !found; i++)
    found = dr_move_same (&list->moves[i], move);
  if (!found)
    {
      g_autofree char *fen = dr_fen_write (rules, pos, rules->notation);
      g_autofree char *text = dr_move_to_text (rules, NULL, move, rules->notation);
      g_set_error (error, DR_SOLVE_ERROR, DR_SOLVE_ERROR_ILLEGAL_LINE,
                   _("Move %u of the stated line, %s, is not legal in %s"),
                   index + 1, text, fen);
    }
  g_free (list);
  return found;
}

/* Are @a and @b on one diagonal (or line, for orthogonal boards)? */
static gboolean
same_line (const DrRules *rules,
           int            a,
           int            b)
{
  char sa[8], sb[8];
  int fa, ra, fb, rb;

  dr_notation_square (rules, a, DR_NOTATION_ALGEBRAIC, sa);
  dr_notation_square (rules, b, DR_NOTATION_ALGEBRAIC, sb);
  fa = sa[0] - 'a';
  ra = atoi (sa + 1);
  fb = sb[0] - 'a';
  rb = atoi (sb + 1);
  return ABS (fa - fb) == ABS (ra - rb) || fa == fb || ra == rb;
}

/* International 6.2.7.3: is @alt, played instead of line[i], an allowed
 * alternative move or capture? */
static DrSolveDual
classify_dual (const DrRules    *rules,
               const DrPosition *pos,
               const DrMove     *line,
               guint             n_line,
               guint             i,
               const DrMove     *alt)
{
  const DrMove *stated = &line[i];

  if (rules->variant != DR_VARIANT_INTERNATIONAL)
    return DR_SOLVE_DUAL_NONE;
  if (alt->captures != 0 && stated->captures != 0
      && alt->from == stated->from && alt->to == stated->to)
    return DR_SOLVE_DUAL_ALTERNATIVE_CAPTURE;
  /* A two-move route of one piece: stated a-b then b-c, alternative a-b'
   * then b'-c. */
  if (alt->captures == 0 && stated->captures == 0 && alt->from == stated->from
      && i + 2 < n_line && line[i + 2].captures == 0 && line[i + 2].from == stated->to)
    {
      DrPosition p1, p2;
      DrMoveList *list = g_new (DrMoveList, 1);
      gboolean found = FALSE, reply_legal = FALSE;

      dr_position_apply (&p1, pos, alt);
      list->all_paths = false;
      dr_movegen_legal (rules, &p1, list);
      for (unsigned k = 0; k < list->n && !reply_legal; k++)
        reply_legal = dr_move_same (&list->moves[k], &line[i + 1]);
      if (reply_legal)
        {
          dr_position_apply (&p2, &p1, &line[i + 1]);
          dr_movegen_legal (rules, &p2, list);
          for (unsigned k = 0; k < list->n && !found; k++)
            found = list->moves[k].from == alt->to && list->moves[k].to == line[i + 2].to;
        }
      g_free (list);
      if (found)
        return DR_SOLVE_DUAL_ALTERNATIVE_MOVE;
    }
  return DR_SOLVE_DUAL_NONE;
}

GPtrArray *
dr_solve_cooks (const DrRules        *rules,
                const DrPosition     *start,
                const DrMove         *line,
                guint                 n_line,
                const DrSolveOptions *options,
                GError              **error)
{
  GPtrArray *cooks;
  Ctx *c;
  DrPosition pos = *start;
  DrSide attacker;
  gboolean forced = TRUE;
  guint last_attacker = G_MAXUINT;
  DrMoveList *list;

  g_return_val_if_fail (rules != NULL && start != NULL && options != NULL, NULL);
  if (!_dr_solve_check_options (rules, start, options, error)
      || !check_simple_goal (options, error))
    return NULL;
  if (line == NULL)
    n_line = 0;

  /* Check the whole line first, and find its last attacker move. */
  attacker = _dr_solve_resolve_attacker (options, start);
  for (guint i = 0; i < n_line; i++)
    {
      if (!line_move_legal (rules, &pos, &line[i], i, error))
        return NULL;
      if (pos.turn == attacker)
        last_attacker = i;
      dr_position_apply (&pos, &pos, &line[i]);
    }

  cooks = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_solve_cook_free);
  c = _dr_solve_ctx_new (rules, options, options->goal, attacker);
  list = g_new (DrMoveList, 1);
  pos = *start;
  for (guint i = 0; i <= n_line; i++)
    {
      list->all_paths = false;
      dr_movegen_legal (rules, &pos, list);
      if (pos.turn == attacker && (i < n_line || n_line == 0))
        {
          for (unsigned k = 0; k < list->n; k++)
            {
              const DrMove *m = &list->moves[k];
              DrPosition after;
              DrSolveResult *proof;
              DrSolveCook *cook;

              if (i < n_line && dr_move_same (m, &line[i]))
                continue;
              if (options->cancellable != NULL && g_cancellable_is_cancelled (options->cancellable))
                break;
              dr_position_apply (&after, &pos, m);
              proof = solve_with_ctx (c, &after);
              if (proof->status == DR_SOLVE_REFUTED
                  || (proof->status == DR_SOLVE_UNDECIDED && proof->stop == DR_SOLVE_STOP_CANCELLED))
                {
                  dr_solve_result_free (proof);
                  continue;
                }
              cook = g_new0 (DrSolveCook, 1);
              cook->kind = forced ? DR_SOLVE_COOK_FULL : DR_SOLVE_COOK_PARTIAL;
              cook->line_index = i;
              cook->before = pos;
              if (i < n_line)
                cook->stated = line[i];
              cook->move = *m;
              cook->status = proof->status;
              cook->proof = proof;
              cook->article = "6.2.6";
              if (i < n_line)
                {
                  cook->dual = classify_dual (rules, &pos, line, n_line, i, m);
                  if (cook->dual != DR_SOLVE_DUAL_NONE)
                    cook->article = "6.2.7.3";
                  /* 6.2.7.3: a final king capture landing elsewhere on its
                   * diagonal is a partial cook. */
                  if (rules->variant == DR_VARIANT_INTERNATIONAL && i == last_attacker
                      && (line[i].flags & DR_MOVE_BY_KING) && line[i].captures != 0
                      && m->from == line[i].from && m->captures == line[i].captures
                      && m->to != line[i].to && same_line (rules, m->to, line[i].to))
                    {
                      cook->final_king_capture = TRUE;
                      cook->kind = DR_SOLVE_COOK_PARTIAL;
                      cook->article = "6.2.7.3";
                    }
                }
              g_ptr_array_add (cooks, cook);
            }
        }
      else if (pos.turn != attacker && list->n > 1)
        forced = FALSE;
      if (i == n_line)
        break;
      dr_position_apply (&pos, &pos, &line[i]);
    }
  g_free (list);
  _dr_solve_ctx_free (c);
  return cooks;
}

gboolean
dr_solve_check_line (const DrRules        *rules,
                     const DrPosition     *start,
                     const DrMove         *line,
                     guint                 n_line,
                     const DrSolveOptions *options,
                     DrSolveLineCheck     *check,
                     GError              **error)
{
  Ctx *c;
  DrPosition pos = *start;
  DrSide attacker;
  DrMoveList *list;
  Leaf leaf;

  g_return_val_if_fail (rules != NULL && start != NULL && options != NULL && check != NULL, FALSE);
  if (!_dr_solve_check_options (rules, start, options, error)
      || !check_simple_goal (options, error))
    return FALSE;
  if (line == NULL)
    n_line = 0;

  memset (check, 0, sizeof *check);
  check->n_line = n_line;
  check->legal = TRUE;
  check->first_illegal = n_line;
  check->follows_proof = TRUE;
  check->first_wrong = n_line;
  check->wrong_status = DR_SOLVE_PROVED;

  attacker = _dr_solve_resolve_attacker (options, start);
  c = _dr_solve_ctx_new (rules, options, options->goal, attacker);
  for (guint i = 0; i < n_line; i++)
    {
      gboolean by_attacker = pos.turn == attacker;

      if (!line_move_legal (rules, &pos, &line[i], i, NULL))
        {
          check->legal = FALSE;
          check->first_illegal = i;
          check->n_line = i;
          break;
        }
      dr_position_apply (&pos, &pos, &line[i]);
      if (by_attacker && check->follows_proof)
        {
          DrSolveResult *r = solve_with_ctx (c, &pos);

          if (!dr_solve_status_is_won (r->status))
            {
              check->follows_proof = FALSE;
              check->first_wrong = i;
              check->wrong_status = r->status;
            }
          dr_solve_result_free (r);
        }
    }
  check->final = pos;
  list = g_new (DrMoveList, 1);
  list->all_paths = false;
  dr_movegen_legal (rules, &pos, list);
  c->path_len = 0;
  leaf = _dr_solve_classify (c, &pos, list->n, FALSE, FALSE);
  g_free (list);
  check->final_leaf = leaf.leaf;
  if (leaf.leaf != DR_SOLVE_LEAF_NONE)
    check->final_status = !leaf.success ? DR_SOLVE_REFUTED
                          : leaf.leaf == DR_SOLVE_LEAF_FINALE ? DR_SOLVE_WON_FINALES : DR_SOLVE_PROVED;
  else
    {
      DrSolveResult *r = solve_with_ctx (c, &pos);
      check->final_status = r->status;
      dr_solve_result_free (r);
    }
  _dr_solve_ctx_free (c);
  return TRUE;
}
