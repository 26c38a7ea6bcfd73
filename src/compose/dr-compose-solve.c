/* dr-compose-solve.c — the formal checks of 004 section VI that need the solver
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every judgement here is one or more dr_solve() calls, each with the
 * caller's limits: a proof (PROVED), a refutation (REFUTED), or neither
 * (UNDECIDED, which the items report as "not decided", never as a pass or
 * a failure).
 *
 * The solution line.  The stated solution is the game's main line; a game
 * without moves uses the proof's main line (at defender nodes the first
 * legal move).  In problems it ends at the final (cut_at_final()).
 * Cooks and statists are judged against that line:
 *   - 6.2.6 cooks: at every attacker move of the line, every other legal
 *     move is solved; one that also reaches the goal is a cook, full while
 *     every defender move before it was forced (its only legal move) and
 *     partial after the solution branches.  International (6.2.7.3): a
 *     capture to the same square by another route, and a two-move route of
 *     one man to the same square through the other square, are allowed
 *     alternatives; a final king capture to another square of the same
 *     diagonal is a partial cook.
 *   - 6.2.4 statists: a piece is a statist when, without it, the position
 *     passes the static checks, every move of the line is still legal (and
 *     takes the same pieces), after every attacker move of the line the
 *     goal is still proved, a problem's final is still one (6.2.7.2), and
 *     no other key wins (6.2.6).  (Cooks later in the line that the piece
 *     prevents are not looked for.)
 *   - 6.2.4 / 6.2.8.1 economy of the final: in the line's final position
 *     each attacker piece is taken away in turn; if the goal is still
 *     proved (for a task: the same lock stands), the piece was not needed.
 */
#define G_LOG_DOMAIN "dr-compose-solve"

#include "config.h"

#include "dr-compose-solve.h"

#include <glib/gi18n-lib.h>

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-solve.h"

typedef struct
{
  const DrRules         *rules;
  const DrStipulation   *st;
  DrCheckReport         *report;
  DrSolveOptions         options;   /* the whole stipulation */
  DrSolveOptions         simple;    /* one position, the attacker fixed */
  GArray                *line;      /* DrMove */
  GArray                *positions; /* DrPosition: [i] before line[i], [n] the final */
  DrMoveList            *list;
} Ctx;

static const char *
side_title (DrSide side)
{
  return side == DR_SIDE_WHITE ? _("White") : _("Black");
}

static void
options_of (const DrStipulation   *st,
            const DrComposeLimits *limits,
            DrSolveOptions        *o)
{
  dr_solve_options_init (o);
  switch (st->goal)
    {
    case DR_GOAL_DRAW:
      o->goal = DR_SOLVE_GOAL_DRAW;
      break;
    case DR_GOAL_LOCK:
      o->goal = DR_SOLVE_GOAL_LOCK;
      o->lock_men = (int) st->lock_men;
      o->lock_kings = (int) st->lock_kings;
      break;
    case DR_GOAL_GIVEAWAY:
      o->goal = DR_SOLVE_GOAL_GIVEAWAY;
      break;
    case DR_GOAL_WIN:
    default:
      o->goal = DR_SOLVE_GOAL_WIN;
      break;
    }
  if (st->order == DR_ORDER_EITHER)
    o->goal = DR_SOLVE_GOAL_WIN_EITHER;
  else if (st->order == DR_ORDER_WIN_OR_DRAW)
    o->goal = DR_SOLVE_GOAL_WIN_OR_DRAW;
  o->attacker = st->attacker == DR_SIDE_WHITE ? DR_SOLVE_ATTACKER_WHITE : DR_SOLVE_ATTACKER_BLACK;
  o->max_nodes = limits->max_nodes;
  o->max_seconds = limits->max_seconds;
  o->egdb = limits->egdb;
  o->cancellable = limits->cancellable;
  /* Many small solves: a small table each. */
  o->tt_mb = 8;
}

/* The goal of @c's stipulation from @pos with the attacker fixed, whoever
 * is to move: PROVED, REFUTED or UNDECIDED; -1 when the solver refuses
 * the position (an impossible one). */
static int
solve_simple (Ctx              *c,
              const DrPosition *pos)
{
  g_autoptr (DrSolveResult) r = dr_solve (c->rules, pos, &c->simple, NULL);

  return r == NULL ? -1 : (int) r->status;
}

static char *
move_text (Ctx          *c,
           const DrMove *move)
{
  return dr_move_to_text (c->rules, NULL, move, c->rules->notation);
}

/* "3. 27-22" or "3... 27-22": the move's number in the line. */
static char *
numbered (Ctx          *c,
          guint         index,
          const DrMove *move)
{
  const DrPosition *before = &g_array_index (c->positions, DrPosition, index);
  const DrPosition *start = &g_array_index (c->positions, DrPosition, 0);
  guint number = (index + (start->turn == c->rules->first_side ? 0 : 1)) / 2 + 1;
  g_autofree char *m = move_text (c, move);

  return g_strdup_printf (before->turn == c->rules->first_side ? "%u. %s" : "%u... %s", number, m);
}

static void
line_from_proof (Ctx               *c,
                 const DrSolveNode *node)
{
  for (const DrSolveNode *n = node->children; n != NULL; n = n->children)
    {
      g_array_append_val (c->line, n->move);
      g_array_append_val (c->positions, n->position);
    }
}

/* 6.2.3: the stipulation proved from the start, and every attacker move
 * of the stated line keeping it.  When the attacker moves first and the
 * position after the stated key is proved, the start is proved too (a
 * winning move exists), even if the search from the start ran out of
 * limits. */
static DrSolveResult *
check_solvable (Ctx              *c,
                const DrPosition *start,
                gboolean          stated)
{
  g_autoptr (GError) error = NULL;
  DrSolveResult *r = dr_solve (c->rules, start, &c->options, &error);
  DrSide a = c->st->attacker;
  guint undecided = 0, checked = 0;
  int key_status = DR_SOLVE_UNDECIDED;
  g_autofree char *spoiler = NULL;
  gboolean simple = c->options.goal != DR_SOLVE_GOAL_WIN_EITHER
                    && c->options.goal != DR_SOLVE_GOAL_WIN_OR_DRAW;

  if (r == NULL)
    {
      dr_check_report_add (c->report, "6.2.3", DR_CHECK_UNDECIDED,
                           _("the solver cannot take this position: %s"), error->message);
      return NULL;
    }
  if (r->status == DR_SOLVE_REFUTED)
    {
      GString *s = g_string_new (NULL);
      const DrSolvePart *part = &r->parts[0];

      for (guint p = 0; p < r->n_parts; p++)
        if (r->parts[p].status == DR_SOLVE_REFUTED)
          part = &r->parts[p];
      for (guint i = 0; part->refutation != NULL && i < part->refutation->len; i++)
        {
          g_autofree char *t = move_text (c, &g_array_index (part->refutation, DrMove, i));

          g_string_append_printf (s, "%s%s", i > 0 ? " " : "", t);
        }
      dr_check_report_add (c->report, "6.2.3", DR_CHECK_FAIL, _("%s; refutation: %s"),
                           r->message, s->len > 0 ? s->str : "—");
      g_string_free (s, TRUE);
      return r;
    }

  /* The stated line, move by move (simple goals: the compound ones are
   * two positions, the line belongs to one of them). */
  if (stated && simple)
    for (guint i = 0; i < c->line->len && spoiler == NULL; i++)
      {
        const DrPosition *before = &g_array_index (c->positions, DrPosition, i);
        int status;

        if (before->turn != a)
          continue;
        checked++;
        status = solve_simple (c, &g_array_index (c->positions, DrPosition, i + 1));
        if (i == 0)
          key_status = status;
        if (status == DR_SOLVE_REFUTED)
          spoiler = numbered (c, i, &g_array_index (c->line, DrMove, i));
        else if (!dr_solve_status_is_won (status))
          undecided++;
      }

  if (dr_solve_status_is_won (r->status))
    {
      const DrMove *key = dr_solve_result_get_key (r);
      g_autofree char *k = key != NULL ? move_text (c, key) : g_strdup ("—");

      dr_check_report_add (c->report, "6.2.3", DR_CHECK_PASS,
                           _("%s; key %s; the proof has %u positions"), r->message, k,
                           dr_solve_node_count (dr_solve_result_get_tree (r)));
    }
  else if (dr_solve_status_is_won (key_status) && start->turn == a)
    {
      g_autofree char *k = move_text (c, &g_array_index (c->line, DrMove, 0));

      dr_check_report_add (c->report, "6.2.3", DR_CHECK_PASS,
                           _("%s through the stated key %s: after it the goal is reached "
                             "against every defence (the search from the start: %s)"),
                           dr_solve_status_to_string ((DrSolveStatus) key_status), k, r->message);
    }
  else
    dr_check_report_add (c->report, "6.2.3", DR_CHECK_UNDECIDED, "%s", r->message);

  if (spoiler != NULL)
    dr_check_report_add (c->report, "6.2.3", DR_CHECK_FAIL,
                         _("the stated solution fails: after %s the goal is refuted"), spoiler);
  else if (undecided > 0)
    dr_check_report_add (c->report, "6.2.3", DR_CHECK_UNDECIDED,
                         _("the stated solution: %u of its %u %s moves not decided within the "
                           "limits"), undecided, checked, side_title (a));
  else if (checked > 0)
    dr_check_report_add (c->report, "6.2.3", DR_CHECK_PASS,
                         _("every %s move of the stated solution keeps the goal proved"),
                         side_title (a));
  return r;
}

/* On the same diagonal: the squares @a and @b share a diagonal. */
static gboolean
same_diagonal (const DrRules *rules,
               int            a,
               int            b)
{
  int ra, fa, rb, fb;

  if (!dr_geometry_row_file (rules->geometry, a, &ra, &fa)
      || !dr_geometry_row_file (rules->geometry, b, &rb, &fb))
    return FALSE;
  return ABS (ra - rb) == ABS (fa - fb);
}

static gboolean
adjacent (const DrRules *rules,
          int            a,
          int            b)
{
  int ra, fa, rb, fb;

  if (!dr_geometry_row_file (rules->geometry, a, &ra, &fa)
      || !dr_geometry_row_file (rules->geometry, b, &rb, &fb))
    return FALSE;
  return ABS (ra - rb) == 1 && ABS (fa - fb) == 1;
}

/* The next attacker move of the line after @i, or -1. */
static int
next_attacker_move (Ctx  *c,
                    guint i)
{
  for (guint k = i + 1; k < c->line->len; k++)
    if (g_array_index (c->positions, DrPosition, k).turn == c->st->attacker)
      return (int) k;
  return -1;
}

/* 6.2.6 and 6.2.7.3. */
static void
check_cooks (Ctx *c)
{
  DrSide a = c->st->attacker;
  gboolean forced = TRUE;
  gboolean international = c->rules->variant == DR_VARIANT_INTERNATIONAL;
  gboolean practical = (c->st->special & DR_SPECIAL_PRACTICAL) != 0;
  guint cooks = 0, undecided = 0, duals = 0, tried = 0;
  GString *dual_text = g_string_new (NULL);
  int last_attacker = -1;

  for (guint i = 0; i < c->line->len; i++)
    if (g_array_index (c->positions, DrPosition, i).turn == a)
      last_attacker = (int) i;

  for (guint i = 0; i < c->line->len; i++)
    {
      const DrPosition *before = &g_array_index (c->positions, DrPosition, i);
      const DrMove *stated = &g_array_index (c->line, DrMove, i);
      int next;

      dr_movegen_legal (c->rules, before, c->list);
      if (before->turn != a)
        {
          if (c->list->n > 1)
            forced = FALSE;
          continue;
        }
      next = next_attacker_move (c, i);
      for (unsigned k = 0; k < c->list->n; k++)
        {
          DrMove m = c->list->moves[k];
          DrPosition after;
          int status;
          gboolean alt_capture, alt_move, king_final;

          if (dr_move_same (&m, stated))
            continue;
          tried++;
          dr_position_apply (&after, before, &m);
          status = solve_simple (c, &after);
          if (status == DR_SOLVE_REFUTED || status < 0)
            continue;
          if (status == DR_SOLVE_UNDECIDED)
            {
              undecided++;
              continue;
            }
          /* 6.2.7.3 alternatives (International). */
          alt_capture = international && m.captures != 0 && m.from == stated->from
                        && m.to == stated->to;
          alt_move = international && m.captures == 0 && stated->captures == 0
                     && !(m.flags & DR_MOVE_BY_KING) && m.from == stated->from && next >= 0
                     && g_array_index (c->line, DrMove, next).from == stated->to
                     && g_array_index (c->line, DrMove, next).captures == 0
                     && adjacent (c->rules, m.to, g_array_index (c->line, DrMove, next).to);
          king_final = (int) i == last_attacker && (m.flags & DR_MOVE_BY_KING)
                       && (stated->flags & DR_MOVE_BY_KING) && m.captures == stated->captures
                       && m.from == stated->from && same_diagonal (c->rules, m.to, stated->to);
          {
            g_autofree char *alt = numbered (c, i, &m);
            g_autofree char *was = move_text (c, stated);

            if ((alt_capture || alt_move) && !king_final)
              {
                duals++;
                g_string_append_printf (dual_text, "%s%s %s %s", dual_text->len > 0 ? "; " : "",
                                        alt, _("for"), was);
                continue;
              }
            cooks++;
            if (forced && !king_final)
              dr_check_report_add (c->report, "6.2.6", DR_CHECK_FAIL,
                                   _("full cook: %s instead of %s also reaches the goal"),
                                   alt, was);
            else
              {
                /* 6.2.6: a partial cook is not allowed in a problem with
                 * one thematic variation nor in any variation of a task;
                 * in an étude it spoils the variation, unless White has
                 * one piece left; practical problems may deviate
                 * (6.2.7.5 note). */
                gboolean lone = dr_bb_count (before->pieces[a]) == 1;
                DrCheckStatus status_of = c->report->genre == DR_GENRE_PROBLEM && !practical
                                          ? DR_CHECK_FAIL
                                          : c->report->genre == DR_GENRE_TASK ? DR_CHECK_FAIL
                                          : DR_CHECK_DEFECT;

                if (c->report->genre == DR_GENRE_ETUDE && lone)
                  {
                    cooks--;
                    continue;
                  }
                dr_check_report_add (c->report, king_final ? "6.2.7.3" : "6.2.6", status_of,
                                     king_final
                                     ? _("partial cook: the final king capture %s lands on "
                                         "another square of the diagonal than %s")
                                     : _("partial cook: %s instead of %s also reaches the goal"),
                                     alt, was);
              }
          }
        }
    }
  if (duals > 0)
    dr_check_report_add (c->report, "6.2.7.3", DR_CHECK_PASS,
                         _("alternatives the code allows: %s"), dual_text->str);
  g_string_free (dual_text, TRUE);
  if (cooks == 0)
    {
      if (undecided > 0)
        dr_check_report_add (c->report, "6.2.6", DR_CHECK_UNDECIDED,
                             _("%u of %u other %s moves along the solution not decided within "
                               "the limits"), undecided, tried, side_title (a));
      else
        dr_check_report_add (c->report, "6.2.6", DR_CHECK_PASS,
                             _("no cook: each of the %u other %s moves along the solution is "
                               "refuted"), tried, side_title (a));
    }
}

/* Replays the line from @start; FALSE when a move is no longer legal or
 * takes other pieces.  @positions gets the positions before each move. */
static gboolean
replay (Ctx              *c,
        const DrPosition *start,
        GArray           *positions)
{
  DrPosition pos = *start;

  g_array_append_val (positions, pos);
  for (guint i = 0; i < c->line->len; i++)
    {
      const DrMove *want = &g_array_index (c->line, DrMove, i);
      gboolean found = FALSE;

      dr_movegen_legal (c->rules, &pos, c->list);
      for (unsigned k = 0; k < c->list->n && !found; k++)
        if (dr_move_same (&c->list->moves[k], want))
          {
            dr_position_apply (&pos, &pos, &c->list->moves[k]);
            found = TRUE;
          }
      if (!found)
        return FALSE;
      g_array_append_val (positions, pos);
    }
  return TRUE;
}

/* 6.2.7.2: the defender to make a non-capturing move, or one attacker
 * piece left alone. */
static gboolean
final_is_proper (Ctx              *c,
                 const DrPosition *f)
{
  DrSide a = c->st->attacker, d = DR_SIDE_OTHER (a);

  if (f->pieces[d] == 0)
    return dr_bb_count (f->pieces[a]) == 1;
  return f->turn == d && !dr_movegen_has_capture (c->rules, f) && dr_movegen_has_move (c->rules, f);
}

/* Does another first move than the line's win from @pos (attacker to
 * move)?  PROVED if one does, UNDECIDED if the limits leave one open,
 * REFUTED if every other move fails. */
static DrSolveStatus
other_key_wins (Ctx              *c,
                const DrPosition *pos)
{
  g_autofree DrMoveList *list = g_new (DrMoveList, 1);
  DrSolveStatus worst = DR_SOLVE_REFUTED;

  if (pos->turn != c->st->attacker || c->line->len == 0)
    return DR_SOLVE_REFUTED;
  list->all_paths = false;
  dr_movegen_legal (c->rules, pos, list);
  for (unsigned k = 0; k < list->n; k++)
    {
      DrPosition after;
      int status;

      if (dr_move_same (&list->moves[k], &g_array_index (c->line, DrMove, 0)))
        continue;
      dr_position_apply (&after, pos, &list->moves[k]);
      status = solve_simple (c, &after);
      if (dr_solve_status_is_won (status))
        return DR_SOLVE_PROVED;
      if (status == DR_SOLVE_UNDECIDED)
        worst = DR_SOLVE_UNDECIDED;
    }
  return worst;
}

/* 6.2.4: the pieces that can go. */
static void
check_statists (Ctx              *c,
                const DrPosition *start)
{
  DrSide a = c->st->attacker;
  GString *found = g_string_new (NULL);
  GString *maybe = g_string_new (NULL);
  DrCheckStatus fail = (c->st->special & DR_SPECIAL_PRACTICAL) ? DR_CHECK_DEFECT : DR_CHECK_FAIL;
  guint n = 0;

  for (DrBitboard b = dr_position_occupied (start); b != 0; b = dr_bb_rest (b))
    {
      int sq = dr_bb_first (b);
      DrPosition reduced = *start;
      g_autoptr (GArray) positions = g_array_new (FALSE, FALSE, sizeof (DrPosition));
      g_autoptr (DrCheckReport) statics = dr_check_report_new ();
      gboolean proved = TRUE, refuted = FALSE;
      char name[8];
      DrSide owner = dr_bb_has (start->pieces[DR_SIDE_WHITE], sq) ? DR_SIDE_WHITE : DR_SIDE_BLACK;

      reduced.pieces[owner] &= ~dr_bb_bit (sq);
      reduced.kings &= ~dr_bb_bit (sq);
      reduced.hash = dr_position_compute_hash (&reduced);
      if (reduced.pieces[a] == 0 || reduced.pieces[DR_SIDE_OTHER (a)] == 0)
        continue;
      if (!replay (c, &reduced, positions))
        continue;
      dr_compose_check_static (statics, c->rules, &reduced, c->st);
      if (dr_check_report_verdict (statics) == DR_CHECK_FAIL)
        continue;
      for (guint i = 0; i < c->line->len && !refuted; i++)
        {
          int status;

          if (g_array_index (positions, DrPosition, i).turn != a)
            continue;
          status = solve_simple (c, &g_array_index (positions, DrPosition, i + 1));
          if (!dr_solve_status_is_won (status))
            proved = FALSE;
          if (status == DR_SOLVE_REFUTED || status < 0)
            refuted = TRUE;
        }
      if (refuted)
        continue;
      /* The formal requirements without it: a problem's final keeps
       * Black to make a non-capturing move (6.2.7.2), and no other key
       * wins (6.2.6): a piece that guards against a cook is needed. */
      if (c->report->genre == DR_GENRE_PROBLEM && !final_is_proper (c, &g_array_index (positions, DrPosition, c->line->len)))
        continue;
      switch (other_key_wins (c, &reduced))
        {
        case DR_SOLVE_PROVED:
          continue;
        case DR_SOLVE_UNDECIDED:
          proved = FALSE;
          break;
        default:
          break;
        }
      dr_notation_square (c->rules, sq, c->rules->notation, name);
      g_string_append_printf (proved ? found : maybe, "%s%s %s %s",
                              (proved ? found : maybe)->len > 0 ? ", " : "",
                              owner == DR_SIDE_WHITE ? _("white") : _("black"),
                              dr_bb_has (start->kings, sq) ? _("king") : _("man"), name);
      if (proved)
        n++;
    }
  if (found->len > 0)
    dr_check_report_add (c->report, "6.2.4", fail,
                         _("statists (the stated solution works without them): %s"), found->str);
  else if (maybe->len > 0)
    dr_check_report_add (c->report, "6.2.4", DR_CHECK_UNDECIDED,
                         _("possible statists (not decided within the limits): %s"), maybe->str);
  else
    dr_check_report_add (c->report, "6.2.4", DR_CHECK_PASS,
                         _("no statist: without any one piece the stated solution fails"));
  (void) n;
  g_string_free (found, TRUE);
  g_string_free (maybe, TRUE);
}

/* 6.2.4 / 6.2.8.1: the attacker pieces a final does not need, as text
 * ("white man 28, white king 45"), or NULL; *@undecided counts the pieces
 * the limits did not tell. */
static char *
superfluous_in (Ctx              *c,
                const DrPosition *final,
                guint            *undecided)
{
  DrSide a = c->st->attacker;
  GString *s = g_string_new (NULL);

  if (dr_bb_count (final->pieces[a]) < 2)
    return g_string_free (s, TRUE), NULL;
  for (DrBitboard b = final->pieces[a]; b != 0; b = dr_bb_rest (b))
    {
      int sq = dr_bb_first (b);
      DrPosition reduced = *final;
      gboolean spare;
      char name[8];

      reduced.pieces[a] &= ~dr_bb_bit (sq);
      reduced.kings &= ~dr_bb_bit (sq);
      reduced.hash = dr_position_compute_hash (&reduced);
      if (c->st->goal == DR_GOAL_LOCK)
        {
          g_autofree char *why = NULL;

          spare = dr_compose_is_exact_lock (c->rules, &reduced, c->st, &why);
        }
      else
        {
          int status = solve_simple (c, &reduced);

          if (status == DR_SOLVE_UNDECIDED)
            (*undecided)++;
          spare = dr_solve_status_is_won (status);
        }
      if (!spare)
        continue;
      dr_notation_square (c->rules, sq, c->rules->notation, name);
      g_string_append_printf (s, "%s%s %s %s", s->len > 0 ? ", " : "",
                              a == DR_SIDE_WHITE ? _("white") : _("black"),
                              dr_bb_has (final->kings, sq) ? _("king") : _("man"), name);
    }
  if (s->len == 0)
    return g_string_free (s, TRUE), NULL;
  return g_string_free (s, FALSE);
}

static void
collect_leaves (const DrGameNode *node,
                GPtrArray        *leaves)
{
  if (node->children == NULL)
    {
      g_ptr_array_add (leaves, (gpointer) node);
      return;
    }
  for (const DrGameNode *ch = node->children; ch != NULL; ch = ch->next)
    collect_leaves (ch, leaves);
}

static void
check_final_economy (Ctx          *c,
                     const DrGame *game,
                     gboolean      stated)
{
  gboolean task = c->report->genre == DR_GENRE_TASK;
  const char *art = task ? "6.2.8.1" : "6.2.4";
  DrSide a = c->st->attacker, d = DR_SIDE_OTHER (a);
  g_autoptr (GPtrArray) finals = g_ptr_array_new_with_free_func (g_free);
  DrCheckStatus fail = (c->st->special & DR_SPECIAL_PRACTICAL) ? DR_CHECK_DEFECT : DR_CHECK_FAIL;
  guint undecided = 0;

  /* The finals: every leaf of a task's stated tree (6.2.8.1: all
   * finals), else the end of the line. */
  if (task && stated)
    {
      g_autoptr (GPtrArray) leaves = g_ptr_array_new ();

      collect_leaves (game->root, leaves);
      for (guint i = 0; i < leaves->len; i++)
        g_ptr_array_add (finals, g_memdup2 (&((DrGameNode *) g_ptr_array_index (leaves, i))->position,
                                            sizeof (DrPosition)));
    }
  else
    g_ptr_array_add (finals, g_memdup2 (&g_array_index (c->positions, DrPosition, c->line->len),
                                        sizeof (DrPosition)));

  for (guint i = 0; i < finals->len; i++)
    {
      const DrPosition *f = g_ptr_array_index (finals, i);
      g_autofree char *spare = NULL;

      if (f->turn != d || (f->pieces[d] != 0 && dr_movegen_has_capture (c->rules, f)))
        {
          dr_check_report_add (c->report, art, DR_CHECK_UNDECIDED,
                               _("the final’s economy: the solution line stops before the "
                                 "final (%s to move%s)"), side_title ((DrSide) f->turn),
                               f->turn == d ? _(", with a capture") : "");
          return;
        }
      spare = superfluous_in (c, f, &undecided);
      if (spare != NULL)
        {
          dr_check_report_add (c->report, art, fail,
                               _("uneconomical final: %s can go and the goal is still "
                                 "reached"), spare);
          return;
        }
    }
  if (undecided > 0)
    dr_check_report_add (c->report, art, DR_CHECK_UNDECIDED,
                         _("the final’s economy: %u pieces not decided within the limits"),
                         undecided);
  else
    dr_check_report_add (c->report, art, DR_CHECK_PASS,
                         _("economical final: every %s piece is needed"), side_title (a));
}

static void
count_locks (const DrSolveNode *node,
             GHashTable        *locks)
{
  if (node->leaf == DR_SOLVE_LEAF_LOCK)
    g_hash_table_add (locks, (gpointer) &node->position.hash);
  for (const DrSolveNode *ch = node->children; ch != NULL; ch = ch->next)
    count_locks (ch, locks);
}

/* 6.2.7.2: a problem's final is the position after the combination, with
 * Black to make a non-capturing move.  Records often go on with the
 * technical win (a king that still has to catch a man); the checks of
 * uniqueness, statists and economy stop at the first final after a White
 * capture, which ends the combination. */
static void
cut_at_final (Ctx *c)
{
  DrSide a = c->st->attacker, d = DR_SIDE_OTHER (a);

  for (guint i = 1; i <= c->line->len; i++)
    {
      const DrPosition *p = &g_array_index (c->positions, DrPosition, i);
      const DrMove *last = &g_array_index (c->line, DrMove, i - 1);

      if (p->turn == d && last->captures != 0
          && (p->pieces[d] == 0 || !dr_movegen_has_capture (c->rules, p)))
        {
          g_array_set_size (c->line, i);
          g_array_set_size (c->positions, i + 1);
          return;
        }
    }
}

/**
 * dr_compose_check_solution:
 * @report: a report through dr_compose_check_static() and _stated()
 * @game: the composition; its main line is the stated solution
 * @start: its start (the FEN's position)
 * @st: the stipulation
 * @limits: the limits of each solve
 *
 * 6.2.3, 6.2.6 (6.2.7.3), 6.2.4 statists and the final's economy
 * (6.2.8.1), and 6.2.5 for tasks from the proof's finals.  A start that
 * failed 6.2.2 is not solved (the solver takes legal positions only).
 */
void
dr_compose_check_solution (DrCheckReport         *report,
                           const DrGame          *game,
                           const DrPosition      *start,
                           const DrStipulation   *st,
                           const DrComposeLimits *limits)
{
  Ctx c = { game->rules, st, report };
  g_autoptr (DrSolveResult) r = NULL;
  gboolean stated = game->setup && game->root->children != NULL;
  const DrCheckItem *legal = dr_check_report_find (report, "6.2.2");

  if (game->rules->geometry->wide)
    return;     /* dr_compose_check_static() said why */
  if (legal != NULL && legal->status == DR_CHECK_FAIL)
    return;
  if (!dr_position_validate (game->rules, start, NULL))
    return;
  options_of (st, limits, &c.options);
  /* A problem's solution ends at its finales (004 6.2.7.2, dr-solve.h). */
  c.options.finales = report->genre == DR_GENRE_PROBLEM;
  c.options.threads = limits->threads;
  c.simple = c.options;
  if (c.simple.goal == DR_SOLVE_GOAL_WIN_EITHER || c.simple.goal == DR_SOLVE_GOAL_WIN_OR_DRAW)
    c.simple.goal = DR_SOLVE_GOAL_WIN;
  c.line = g_array_new (FALSE, FALSE, sizeof (DrMove));
  c.positions = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  c.list = g_new (DrMoveList, 1);
  c.list->all_paths = false;
  g_array_append_val (c.positions, *start);
  if (stated)
    for (const DrGameNode *n = game->root->children; n != NULL; n = n->children)
      {
        g_array_append_val (c.line, n->move);
        g_array_append_val (c.positions, n->position);
      }

  r = check_solvable (&c, start, stated);
  if (report->genre == DR_GENRE_PROBLEM)
    cut_at_final (&c);
  if (r != NULL && r->status != DR_SOLVE_REFUTED
      && c.options.goal != DR_SOLVE_GOAL_WIN_EITHER && c.options.goal != DR_SOLVE_GOAL_WIN_OR_DRAW)
    {
      if (!stated && dr_solve_status_is_won (r->status))
        line_from_proof (&c, dr_solve_result_get_tree (r));
      if (c.line->len > 0)
        {
          check_cooks (&c);
          check_statists (&c, start);
          check_final_economy (&c, game, stated);
        }
      if (report->genre == DR_GENRE_TASK && dr_solve_status_is_won (r->status))
        {
          GHashTable *locks = g_hash_table_new (g_int64_hash, g_int64_equal);
          guint n;

          count_locks (dr_solve_result_get_tree (r), locks);
          n = g_hash_table_size (locks);
          g_hash_table_unref (locks);
          dr_check_report_remove (report, "6.2.5");
          if (n < 2)
            dr_check_report_add (report, "6.2.5", DR_CHECK_FAIL,
                                 _("the proof ends in %u final; a task needs at least two "
                                   "variations with different finals"), n);
          else
            dr_check_report_add (report, "6.2.5", DR_CHECK_PASS,
                                 _("the proof ends in %u different finals"), n);
        }
    }
  g_array_unref (c.line);
  g_array_unref (c.positions);
  g_free (c.list);
}
