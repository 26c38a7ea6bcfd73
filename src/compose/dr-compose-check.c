/* dr-compose-check.c — the formal requirements of 004 section VI, checked
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Articles are those of shared/rules/004 (Draughts code of Russia),
 * section VI.  Each check cites the article it implements; the text it
 * quotes is the Russian original.
 */
#define G_LOG_DOMAIN "dr-compose-check"

#include "config.h"

#include "dr-compose-check.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"

/* Report. */

void
dr_check_report_remove (DrCheckReport *report,
                        const char    *article)
{
  for (guint i = report->items->len; i-- > 0;)
    {
      const DrCheckItem *item = g_ptr_array_index (report->items, i);

      if (g_str_equal (item->article, article))
        g_ptr_array_remove_index (report->items, i);
    }
}

static void
check_item_free (gpointer data)
{
  DrCheckItem *item = data;

  g_free (item->message);
  g_free (item);
}

DrCheckReport *
dr_check_report_new (void)
{
  DrCheckReport *report = g_new0 (DrCheckReport, 1);

  report->items = g_ptr_array_new_with_free_func (check_item_free);
  report->genre = DR_GENRE_UNSTATED;
  return report;
}

void
dr_check_report_free (DrCheckReport *report)
{
  if (report == NULL)
    return;
  g_ptr_array_unref (report->items);
  g_free (report->group);
  g_free (report);
}

void
dr_check_report_add (DrCheckReport *report,
                     const char    *article,
                     DrCheckStatus  status,
                     const char    *message,
                     ...)
{
  DrCheckItem *item = g_new0 (DrCheckItem, 1);
  va_list args;

  item->article = article;
  item->status = status;
  va_start (args, message);
  item->message = g_strdup_vprintf (message, args);
  va_end (args);
  g_ptr_array_add (report->items, item);
}

const DrCheckItem *
dr_check_report_find (const DrCheckReport *report,
                      const char          *article)
{
  for (guint i = 0; i < report->items->len; i++)
    {
      const DrCheckItem *item = g_ptr_array_index (report->items, i);

      if (g_str_equal (item->article, article))
        return item;
    }
  return NULL;
}

DrCheckStatus
dr_check_report_verdict (const DrCheckReport *report)
{
  static const int rank[] = {
    [DR_CHECK_PASS] = 0, [DR_CHECK_NOT_APPLICABLE] = 0, [DR_CHECK_DEFECT] = 1,
    [DR_CHECK_UNDECIDED] = 2, [DR_CHECK_FAIL] = 3,
  };
  DrCheckStatus worst = DR_CHECK_PASS;

  for (guint i = 0; i < report->items->len; i++)
    {
      const DrCheckItem *item = g_ptr_array_index (report->items, i);

      if (rank[item->status] > rank[worst])
        worst = item->status;
    }
  return worst;
}

const char *
dr_check_status_label (DrCheckStatus status)
{
  switch (status)
    {
    case DR_CHECK_PASS:
      return "PASS";
    case DR_CHECK_FAIL:
      return "FAIL";
    case DR_CHECK_DEFECT:
      return "DEFECT";
    case DR_CHECK_NOT_APPLICABLE:
      return "N.A.";
    case DR_CHECK_UNDECIDED:
    default:
      return "UNDECIDED";
    }
}

/* Helpers. */

static const char *
side_title (DrSide side)
{
  return side == DR_SIDE_WHITE ? _("White") : _("Black");
}

static char *
square_name (const DrRules *rules,
             int            bit,
             char          *buf)
{
  return dr_notation_square (rules, bit, rules->notation, buf);
}

/* The most pieces a side starts with: 12 on 8x8, 20 on 10x10 (004 1.3,
 * 2.3), as dr_position_validate() counts them. */
static int
max_pieces (const DrRules *rules)
{
  const DrGeometry *g = rules->geometry;

  return g->n_squares / g->height * rules->rows_of_men;
}

static gboolean
is_eight_by_eight (const DrRules *rules)
{
  return rules->geometry->height == 8;
}

/* Does the variant follow the code of 004 by its own federation? */
static gboolean
code_applies (const DrRules *rules)
{
  return rules->variant == DR_VARIANT_RUSSIAN || rules->variant == DR_VARIANT_INTERNATIONAL;
}

/* One diagonal step from @bit, or -1 off the board. */
static int
step (const DrGeometry *g,
      int               bit,
      int               dr,
      int               df)
{
  int row, file;

  if (bit < 0 || !dr_geometry_row_file (g, bit, &row, &file))
    return -1;
  return dr_geometry_bit_at (g, row + dr, file + df);
}

static const int dirs[4][2] = { { -1, -1 }, { -1, 1 }, { 1, -1 }, { 1, 1 } };

/* The row a man of @side moves towards: White's men go up (internal row 0
 * is the top rank, where White is crowned). */
static int
forward (DrSide side)
{
  return side == DR_SIDE_WHITE ? -1 : 1;
}

/* 6.2.2 retro analysis.
 *
 * A last move of the side S that has just moved (the side not to move) is
 * looked for by undoing it: each piece of S is moved back to a square it
 * could have come from, quietly or by a capture whose captured pieces
 * (men or kings of the other side) are put back on the board.  Each
 * position so found is then checked forward with the move generator: S to
 * move there, one of its legal moves (with compulsory capture and the
 * variant's capture choice) must lead exactly to the position.  So the
 * rules of the variant decide, not this file.  Captures of up to three
 * jumps (two for flying kings) are undone; a position whose only last
 * moves are longer captures is called doubtful, never illegal. */

typedef struct
{
  DrPosition pre;
  DrMove     move;
} Retro;

typedef struct
{
  const DrRules    *rules;
  const DrPosition *pos;
  DrSide            side;      /* S, the side that has just moved */
  DrMoveList       *list;
  GArray           *out;       /* Retro */
  guint             limit;
} RetroSearch;

static gboolean
retro_done (RetroSearch *rs)
{
  return rs->out->len >= rs->limit;
}

/* Is @pre (S to move) legal, and does one of its legal moves lead to the
 * position?  Then it is added to the results. */
static void
retro_try (RetroSearch      *rs,
           const DrPosition *pre)
{
  DrPosition p = *pre;

  if (retro_done (rs))
    return;
  p.turn = (uint8_t) rs->side;
  p.hash = dr_position_compute_hash (&p);
  if (!dr_position_validate (rs->rules, &p, NULL))
    return;
  dr_movegen_legal (rs->rules, &p, rs->list);
  for (unsigned i = 0; i < rs->list->n; i++)
    {
      DrPosition after;

      dr_position_apply (&after, &p, &rs->list->moves[i]);
      if (after.pieces[0] == rs->pos->pieces[0] && after.pieces[1] == rs->pos->pieces[1]
          && after.kings == rs->pos->kings)
        {
          Retro r = { p, rs->list->moves[i] };

          g_array_append_val (rs->out, r);
          return;
        }
    }
}

/* The position with S's piece moved back from @to to @from (a king when
 * @king) and @restored (@restored_kings of them kings) given back to the
 * other side. */
static void
retro_build (RetroSearch *rs,
             int          to,
             int          from,
             gboolean     king,
             DrBitboard   restored,
             DrBitboard   restored_kings,
             DrPosition  *pre)
{
  DrSide s = rs->side;

  *pre = *rs->pos;
  pre->pieces[s] &= ~dr_bb_bit (to);
  pre->kings &= ~dr_bb_bit (to);
  pre->pieces[s] |= dr_bb_bit (from);
  if (king)
    pre->kings |= dr_bb_bit (from);
  pre->pieces[DR_SIDE_OTHER (s)] |= restored;
  pre->kings |= restored_kings;
}

/* Tries the capture undone by one jump over @m from @from, then goes on
 * undoing earlier jumps from @from. */
static void retro_uncapture (RetroSearch *rs, int to, int cur, gboolean king,
                             DrBitboard restored, DrBitboard restored_kings, int depth);

static void
retro_unjump (RetroSearch *rs,
              int          to,
              int          m,
              int          from,
              gboolean     king,
              DrBitboard   restored,
              DrBitboard   restored_kings,
              int          depth)
{
  for (int as_king = 0; as_king < 2 && !retro_done (rs); as_king++)
    {
      DrBitboard r = restored | dr_bb_bit (m);
      DrBitboard rk = restored_kings | (as_king ? dr_bb_bit (m) : 0);
      DrPosition pre;

      retro_build (rs, to, from, king, r, rk, &pre);
      retro_try (rs, &pre);
      retro_uncapture (rs, to, from, king, r, rk, depth + 1);
    }
}

/* Undoes captures backwards from @cur: each jump undone puts a piece back
 * on the square jumped (a man or a king), and the square the jump started
 * from is a possible start of the whole capture.  Squares crossed must be
 * empty before the move: the capture's own start and end squares aside,
 * only squares empty now qualify. */
static void
retro_uncapture (RetroSearch *rs,
                 int          to,
                 int          cur,
                 gboolean     king,
                 DrBitboard   restored,
                 DrBitboard   restored_kings,
                 int          depth)
{
  const DrGeometry *g = rs->rules->geometry;
  DrBitboard blocked = (dr_position_occupied (rs->pos) & ~dr_bb_bit (to)) | restored;
  gboolean flying = king && rs->rules->kings_fly;
  int max_depth = flying ? 2 : 3;

  if (depth >= max_depth || retro_done (rs))
    return;
  for (int d = 0; d < 4; d++)
    {
      int dr = dirs[d][0], df = dirs[d][1];

      /* The jump went in direction (dr, df), so it came from the other
       * way; men that capture forward only came from behind. */
      if (!king && !rs->rules->men_capture_backward && dr != forward (rs->side))
        continue;
      if (!flying)
        {
          int m = step (g, cur, -dr, -df);
          int from = step (g, m, -dr, -df);

          if (m < 0 || from < 0 || m == to || dr_bb_has (blocked, m) || dr_bb_has (blocked, from))
            continue;
          retro_unjump (rs, to, m, from, king, restored, restored_kings, depth);
          continue;
        }
      /* A flying king: it may have landed any number of free squares
       * beyond the piece it jumped, and started any number before it. */
      for (int m = step (g, cur, -dr, -df); m >= 0 && m != to && !dr_bb_has (blocked, m);
           m = step (g, m, -dr, -df))
        for (int from = step (g, m, -dr, -df); from >= 0 && !dr_bb_has (blocked, from);
             from = step (g, from, -dr, -df))
          retro_unjump (rs, to, m, from, king, restored, restored_kings, depth);
    }
}

static void
retro_piece (RetroSearch *rs,
             int          to)
{
  const DrGeometry *g = rs->rules->geometry;
  DrBitboard occupied = dr_position_occupied (rs->pos);
  gboolean is_king = dr_bb_has (rs->pos->kings, to);
  gboolean crowned_here = is_king
                          && dr_bb_has (dr_rules_promotion_mask (rs->rules, rs->side), to);
  int fwd = forward (rs->side);

  /* Quiet moves: a man from behind (also a man crowned on arrival), a king
   * from along a free diagonal. */
  if (!is_king || crowned_here)
    for (int df = -1; df <= 1; df += 2)
      {
        int from = step (g, to, -fwd, df);
        DrPosition pre;

        if (from < 0 || dr_bb_has (occupied, from))
          continue;
        retro_build (rs, to, from, FALSE, 0, 0, &pre);
        retro_try (rs, &pre);
      }
  if (is_king)
    for (int d = 0; d < 4; d++)
      for (int from = step (g, to, dirs[d][0], dirs[d][1]);
           from >= 0 && !dr_bb_has (occupied, from);
           from = rs->rules->kings_fly ? step (g, from, dirs[d][0], dirs[d][1]) : -1)
        {
          DrPosition pre;

          retro_build (rs, to, from, TRUE, 0, 0, &pre);
          retro_try (rs, &pre);
        }

  /* Captures. */
  if (!is_king || crowned_here)
    retro_uncapture (rs, to, to, FALSE, 0, 0, 0);
  if (is_king)
    retro_uncapture (rs, to, to, TRUE, 0, 0, 0);
}

/* Up to @limit last moves of the side not to move in @pos. */
static GArray *
retro_moves (const DrRules    *rules,
             const DrPosition *pos,
             guint             limit)
{
  RetroSearch rs = { rules, pos, DR_SIDE_OTHER ((DrSide) pos->turn), NULL, NULL, limit };

  rs.list = g_new (DrMoveList, 1);
  rs.list->all_paths = false;
  rs.out = g_array_new (FALSE, FALSE, sizeof (Retro));
  for (DrBitboard b = pos->pieces[rs.side]; b != 0 && !retro_done (&rs); b = dr_bb_rest (b))
    retro_piece (&rs, dr_bb_first (b));
  g_free (rs.list);
  return rs.out;
}

int
dr_compose_last_moves (const DrRules    *rules,
                       const DrPosition *pos,
                       char            **text)
{
  g_autoptr (GArray) first = retro_moves (rules, pos, 64);
  DrSide s = DR_SIDE_OTHER ((DrSide) pos->turn);

  if (text != NULL)
    *text = NULL;
  if (first->len == 0)
    return 0;
  for (guint i = 0; i < first->len; i++)
    {
      Retro *r1 = &g_array_index (first, Retro, i);
      g_autoptr (GArray) second = retro_moves (rules, &r1->pre, 1);

      if (second->len > 0)
        {
          Retro *r2 = &g_array_index (second, Retro, 0);

          if (text != NULL)
            {
              g_autofree char *m1 = dr_move_to_text (rules, NULL, &r1->move, rules->notation);
              g_autofree char *m2 = dr_move_to_text (rules, NULL, &r2->move, rules->notation);

              *text = g_strdup_printf (_("%s %s, before it %s %s"), side_title (s), m1,
                                       side_title (DR_SIDE_OTHER (s)), m2);
            }
          return 2;
        }
    }
  if (text != NULL)
    {
      g_autofree char *m1 = dr_move_to_text (rules, NULL, &g_array_index (first, Retro, 0).move,
                                             rules->notation);

      *text = g_strdup_printf (_("%s %s"), side_title (s), m1);
    }
  return 1;
}

/* 6.2.2 Legality. */
static void
check_legality (DrCheckReport    *report,
                const DrRules    *rules,
                const DrPosition *pos)
{
  const char *art = "6.2.2";
  int max = max_pieces (rules);
  DrSide s = DR_SIDE_OTHER ((DrSide) pos->turn);
  g_autofree char *text = NULL;
  int plies;

  for (int side = 0; side < 2; side++)
    {
      DrBitboard men = pos->pieces[side] & ~pos->kings;
      DrBitboard bad = men & dr_rules_promotion_mask (rules, (DrSide) side);
      int n = dr_bb_count (pos->pieces[side]);

      if (n > max)
        {
          dr_check_report_add (report, art, DR_CHECK_FAIL,
                               _("%s has %d pieces; a side starts with %d in %s and cannot "
                                 "gain any"), side_title ((DrSide) side), n, max, rules->title);
          return;
        }
      if (bad != 0)
        {
          char name[8];

          dr_check_report_add (report, art, DR_CHECK_FAIL,
                               _("the %s man on %s stands on its own crowning row: it would "
                                 "have been crowned"),
                               side == DR_SIDE_WHITE ? _("white") : _("black"),
                               square_name (rules, dr_bb_first (bad), name));
          return;
        }
    }
  if (pos->pieces[s] == 0)
    {
      dr_check_report_add (report, art, DR_CHECK_FAIL,
                           _("%s has no pieces, so %s cannot have made the last move"),
                           side_title (s), side_title (s));
      return;
    }
  if (rules->orthogonal_board || rules->orthogonal_captures)
    {
      dr_check_report_add (report, art, DR_CHECK_PASS,
                           _("piece counts and crowning rows are right; the last move is not "
                             "looked for in %s (diagonal variants only)"), rules->title);
      return;
    }
  plies = dr_compose_last_moves (rules, pos, &text);
  if (plies == 0)
    dr_check_report_add (report, art, DR_CHECK_FAIL,
                         _("no last move for %s could lead here: no piece of %s can have "
                           "arrived on its square by a legal move or capture"),
                         side_title (s), side_title (s));
  else if (plies == 1)
    dr_check_report_add (report, art, DR_CHECK_UNDECIDED,
                         _("doubtful: %s’s last move can be %s, but no move of %s before it "
                           "was found; the author must give the last moves of both sides"),
                         side_title (s), text, side_title (DR_SIDE_OTHER (s)));
  else
    dr_check_report_add (report, art, DR_CHECK_PASS,
                         _("a legal position; possible last moves: %s"), text);
}

/* 6.1.3 genre and group from the material. */

typedef struct
{
  int men[2];
  int kings[2];
  int all[2];
} Material;

static void
material_of (const DrPosition *pos,
             Material         *m)
{
  for (int s = 0; s < 2; s++)
    {
      m->all[s] = dr_bb_count (pos->pieces[s]);
      m->kings[s] = dr_bb_count (pos->pieces[s] & pos->kings);
      m->men[s] = m->all[s] - m->kings[s];
    }
}

static char *
problem_group (const DrRules  *rules,
               const Material *m)
{
  int most = MAX (m->men[0], m->men[1]);

  if (m->kings[0] + m->kings[1] > 0)
    return g_strdup (_("problem with kings and men"));
  if (is_eight_by_eight (rules))
    /* 6.1.3, Russian draughts: miniatures up to 6 men a side, endings
     * (концовки) up to 12. */
    return g_strdup (most <= 6 ? _("miniature") : _("ending"));
  /* 6.1.3, International: miniatures up to 7, medium up to 12, large up
   * to 20. */
  return g_strdup (most <= 7 ? _("miniature") : most <= 12 ? _("medium problem")
                   : _("large problem"));
}

DrGenre
dr_compose_genre_of (const DrRules       *rules,
                     const DrPosition    *pos,
                     const DrStipulation *st,
                     char               **group)
{
  Material m;
  DrSide a = st->attacker, d = DR_SIDE_OTHER (st->attacker);

  material_of (pos, &m);
  if (group != NULL)
    *group = NULL;
  if (st->goal == DR_GOAL_LOCK)
    {
      /* 6.1.3 tasks: locking men; kings or kings with men; miniature
       * tasks, White at most 7 units. */
      if (group != NULL)
        *group = g_strdup (m.all[a] <= 7 ? _("miniature task")
                           : st->lock_kings > 0 ? _("task locking kings")
                           : _("task locking men"));
      return DR_GENRE_TASK;
    }
  if (st->genre == DR_GENRE_POSITIONAL_ENDING)
    return rules->variant == DR_VARIANT_RUSSIAN && m.all[0] <= 8 && m.all[1] <= 8
           ? DR_GENRE_POSITIONAL_ENDING : DR_GENRE_UNSTATED;
  if (m.all[a] > 4)
    {
      if (group != NULL)
        *group = problem_group (rules, &m);
      return DR_GENRE_PROBLEM;
    }
  if (m.all[d] <= 6)
    return DR_GENRE_ETUDE;
  return DR_GENRE_UNSTATED;
}

static void
check_genre (DrCheckReport       *report,
             const DrRules       *rules,
             const DrPosition    *pos,
             const DrStipulation *st)
{
  const char *art = "6.1.3";
  g_autofree char *group = NULL;
  DrGenre found = dr_compose_genre_of (rules, pos, st, &group);
  DrSide a = st->attacker, d = DR_SIDE_OTHER (st->attacker);
  g_autofree char *material = NULL;
  const char *note = code_applies (rules) ? ""
                     : _(" (004 section VI applied by analogy: this variant has no code of its own)");
  Material m;

  material_of (pos, &m);
  material = g_strdup_printf (_("%s %d men %d kings, %s %d men %d kings"),
                              side_title (a), m.men[a], m.kings[a],
                              side_title (d), m.men[d], m.kings[d]);
  report->genre = st->genre != DR_GENRE_UNSTATED ? st->genre : found;
  g_free (report->group);
  report->group = g_strdup (group);

  if (st->genre == DR_GENRE_POSITIONAL_ENDING && rules->variant != DR_VARIANT_RUSSIAN)
    {
      dr_check_report_add (report, art, DR_CHECK_FAIL,
                           _("positional endings exist only in Russian draughts, not in %s"),
                           rules->title);
      return;
    }
  if (st->genre == DR_GENRE_TASK && st->goal != DR_GOAL_LOCK)
    {
      dr_check_report_add (report, art, DR_CHECK_FAIL,
                           _("a task’s goal is a lock (“Запирание”), not a win or a draw"));
      return;
    }
  if (st->goal == DR_GOAL_LOCK && st->genre != DR_GENRE_TASK && st->genre != DR_GENRE_UNSTATED)
    {
      dr_check_report_add (report, art, DR_CHECK_FAIL,
                           _("a lock goal makes the composition a task, not a %s"),
                           dr_genre_title (st->genre));
      return;
    }
  if (st->goal == DR_GOAL_GIVEAWAY)
    {
      dr_check_report_add (report, art, DR_CHECK_NOT_APPLICABLE,
                           _("a giveaway composition (6.1.4): the genres of 6.1.3 do not "
                             "apply; %s"), material);
      return;
    }
  switch (st->genre)
    {
    case DR_GENRE_PROBLEM:
      if (found != DR_GENRE_PROBLEM)
        {
          dr_check_report_add (report, art, DR_CHECK_FAIL,
                               _("a problem needs more than four %s pieces; with %d it is %s"),
                               side_title (a), m.all[a],
                               found == DR_GENRE_ETUDE ? _("an étude")
                               : _("no genre (too many Black pieces for an étude)"));
          return;
        }
      break;
    case DR_GENRE_ETUDE:
      if (m.all[a] > 4 || m.all[d] > 6)
        {
          dr_check_report_add (report, art, DR_CHECK_FAIL,
                               _("an étude has at most four %s and six %s pieces; here %s"),
                               side_title (a), side_title (d), material);
          return;
        }
      break;
    case DR_GENRE_POSITIONAL_ENDING:
      if (found != DR_GENRE_POSITIONAL_ENDING)
        {
          dr_check_report_add (report, art, DR_CHECK_FAIL,
                               _("a positional ending has at most eight pieces a side; here %s"),
                               material);
          return;
        }
      break;
    case DR_GENRE_TASK:
    case DR_GENRE_UNSTATED:
    default:
      if (found == DR_GENRE_UNSTATED)
        {
          dr_check_report_add (report, art, DR_CHECK_FAIL,
                               _("no genre fits the material: %s (a problem needs more than "
                                 "four %s pieces, an étude at most six %s)%s"),
                               material, side_title (a), side_title (d), note);
          return;
        }
      break;
    }
  if (report->genre != DR_GENRE_TASK && report->genre != DR_GENRE_POSITIONAL_ENDING
      && st->goal != DR_GOAL_WIN && st->goal != DR_GOAL_DRAW)
    {
      dr_check_report_add (report, art, DR_CHECK_FAIL,
                           _("the goal of a %s is a win or a draw"), dr_genre_title (report->genre));
      return;
    }
  dr_check_report_add (report, art, DR_CHECK_PASS, _("%s%s%s%s: %s%s"),
                       dr_genre_title (report->genre),
                       group != NULL ? ", " : "", group != NULL ? group : "",
                       st->genre == DR_GENRE_UNSTATED ? _(" (from the material)") : "",
                       material, note);
}

/* 6.2.7.1: Black's excess at most one piece, in problems. */
static void
check_black_excess (DrCheckReport       *report,
                    const DrPosition    *pos,
                    const DrStipulation *st)
{
  const char *art = "6.2.7.1";
  DrSide a = st->attacker, d = DR_SIDE_OTHER (st->attacker);
  int na = dr_bb_count (pos->pieces[a]), nd = dr_bb_count (pos->pieces[d]);

  if (report->genre != DR_GENRE_PROBLEM)
    dr_check_report_add (report, art, DR_CHECK_NOT_APPLICABLE, _("problems only"));
  else if (nd - na > 1)
    dr_check_report_add (report, art, DR_CHECK_FAIL,
                         _("%s has %d pieces against %s’s %d: an excess of %d, at most one "
                           "is allowed"), side_title (d), nd, side_title (a), na, nd - na);
  else
    dr_check_report_add (report, art, DR_CHECK_PASS, _("%s %d, %s %d pieces"),
                         side_title (a), na, side_title (d), nd);
}

/* The first legal move of @pos as text, or NULL. */
static char *
first_move_text (const DrRules    *rules,
                 const DrPosition *pos)
{
  g_autofree DrMoveList *list = g_new (DrMoveList, 1);

  list->all_paths = false;
  dr_movegen_legal (rules, pos, list);
  if (list->n == 0)
    return NULL;
  return dr_move_to_text (rules, list, &list->moves[0], rules->notation);
}

/* 6.1.3 "решение должно начинаться с неударного хода"; 6.2.8.3 for tasks:
 * no capture first (Black under attack), no position without a first
 * move, and White under attack a serious defect. */
static void
check_first_move (DrCheckReport       *report,
                  const DrRules       *rules,
                  const DrPosition    *pos,
                  const DrStipulation *st)
{
  gboolean task = report->genre == DR_GENRE_TASK;
  const char *art = task ? "6.2.8.3" : "6.1.3";
  DrSide a = st->attacker;

  if (pos->turn != a && st->order == DR_ORDER_AS_GIVEN)
    dr_check_report_add (report, art, DR_CHECK_NOT_APPLICABLE,
                         _("%s moves first (6.1.4): the first move is not %s’s"),
                         side_title ((DrSide) pos->turn), side_title (a));
  else if (!dr_movegen_has_move (rules, pos))
    dr_check_report_add (report, art, DR_CHECK_FAIL, _("%s has no first move"),
                         side_title ((DrSide) pos->turn));
  else if (dr_movegen_has_capture (rules, pos))
    {
      g_autofree char *move = first_move_text (rules, pos);

      if (task)
        dr_check_report_add (report, art, DR_CHECK_FAIL,
                             _("%s pieces are under attack at the start: the first move is "
                               "a capture (%s)"), side_title (DR_SIDE_OTHER (a)), move);
      else
        dr_check_report_add (report, art, DR_CHECK_FAIL,
                             _("the first move is a capture (%s); the solution must start "
                               "with a non-capturing move"), move);
    }
  else
    dr_check_report_add (report, art, DR_CHECK_PASS, _("the first move is not a capture"));

  if (task)
    {
      DrPosition swapped = *pos;

      swapped.turn = (uint8_t) DR_SIDE_OTHER (a);
      swapped.hash = dr_position_compute_hash (&swapped);
      if (dr_movegen_has_capture (rules, &swapped))
        {
          g_autofree char *move = first_move_text (rules, &swapped);

          dr_check_report_add (report, "6.2.8.3", DR_CHECK_DEFECT,
                               _("%s pieces are under attack at the start (%s to move would "
                                 "play %s): a serious defect"),
                               side_title (a), side_title (DR_SIDE_OTHER (a)), move);
        }
      else
        dr_check_report_add (report, "6.2.8.3", DR_CHECK_PASS,
                             _("no %s piece is under attack at the start"), side_title (a));
    }
}

/**
 * dr_compose_check_static:
 * @report: where the items go
 * @rules: the variant
 * @pos: the start (it need not pass dr_position_validate())
 * @st: the stipulation
 *
 * 6.2.2 legality (piece counts, men on their own crowning row, a last move
 * of each side), 6.1.3 genre and group, 6.2.7.1 Black's excess, the first
 * move (6.1.3; 6.2.8.3 for tasks) and White under attack (6.2.8.3).
 */
void
dr_compose_check_static (DrCheckReport       *report,
                         const DrRules       *rules,
                         const DrPosition    *pos,
                         const DrStipulation *st)
{
  /* The retro analysis and the solver are the 64-bit board's. */
  if (rules->geometry->wide)
    {
      dr_check_report_add (report, "6.1.1", DR_CHECK_UNDECIDED,
                           _("%s compositions are not checked: the checks play on boards of "
                             "up to 64 squares"), _(rules->title));
      return;
    }
  check_legality (report, rules, pos);
  if (st->unread != NULL)
    dr_check_report_add (report, "6.1.1", DR_CHECK_UNDECIDED,
                         _("the stipulation “%s” cannot be read; a win for the side to move "
                           "is assumed"), st->unread);
  if (st->mover_conflict)
    dr_check_report_add (report, "6.1.4", DR_CHECK_FAIL,
                         _("the stipulation names the other side to play than the position "
                           "(%s to move)"), side_title (st->to_move));
  check_genre (report, rules, pos, st);
  check_black_excess (report, pos, st);
  check_first_move (report, rules, pos, st);
}

/* The stated solution. */

/* 6.2.8.2: is @pos (Black to move) a lock of exactly the stated pieces? */
gboolean
dr_compose_is_exact_lock (const DrRules       *rules,
               const DrPosition    *pos,
               const DrStipulation *st,
               char               **why)
{
  DrSide d = DR_SIDE_OTHER (st->attacker);
  int kings = dr_bb_count (pos->pieces[d] & pos->kings);
  int men = dr_bb_count (pos->pieces[d]) - kings;

  if (pos->turn != d || dr_movegen_has_move (rules, pos))
    {
      *why = g_strdup_printf (_("%s is not locked: it has a move"), side_title (d));
      return FALSE;
    }
  if (pos->pieces[d] == 0)
    {
      *why = g_strdup_printf (_("%s has no pieces left to lock"), side_title (d));
      return FALSE;
    }
  if ((guint) men != st->lock_men || (guint) kings != st->lock_kings)
    {
      *why = g_strdup_printf (_("%d men and %d kings are locked, the stipulation asks for %u "
                                "men and %u kings"), men, kings, st->lock_men, st->lock_kings);
      return FALSE;
    }
  return TRUE;
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
  for (const DrGameNode *c = node->children; c != NULL; c = c->next)
    collect_leaves (c, leaves);
}

/* Nodes where the defender's move branches (several children). */
static guint
count_branchings (const DrGameNode *node,
                  DrSide            defender)
{
  guint n = 0;

  if (node->children != NULL && node->children->next != NULL
      && node->position.turn == defender)
    n++;
  for (const DrGameNode *c = node->children; c != NULL; c = c->next)
    n += count_branchings (c, defender);
  return n;
}

static char *
line_text (const DrRules    *rules,
           const DrGameNode *leaf)
{
  GPtrArray *moves = g_ptr_array_new_with_free_func (g_free);
  GString *s = g_string_new (NULL);

  for (const DrGameNode *n = leaf; n->parent != NULL; n = n->parent)
    g_ptr_array_insert (moves, 0, dr_move_to_text (rules, NULL, &n->move, rules->notation));
  for (guint i = 0; i < moves->len; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? " " : "", (char *) g_ptr_array_index (moves, i));
  g_ptr_array_unref (moves);
  return g_string_free (s, FALSE);
}

/**
 * dr_compose_check_stated:
 * @report: a report that went through dr_compose_check_static()
 * @game: the composition with its stated solution as moves
 * @st: the stipulation
 *
 * Checks the finals of the stated solution tree: 6.2.7.2 for problems
 * (Black to make a non-capturing move, or one White piece left and no
 * Black), 6.2.8.1/6.2.8.2 for tasks (each final an exact lock), and
 * 6.2.5 the number of variations (tasks: two finals at least; études and
 * positional endings: two branchings).  Without moves there is nothing to
 * check: the items say so.
 */
void
dr_compose_check_stated (DrCheckReport       *report,
                         const DrGame        *game,
                         const DrStipulation *st)
{
  const DrRules *rules = game->rules;
  DrSide a = st->attacker, d = DR_SIDE_OTHER (st->attacker);
  g_autoptr (GPtrArray) leaves = g_ptr_array_new ();

  if (rules->geometry->wide)
    return;     /* dr_compose_check_static() said why */
  if (game->root->children == NULL)
    {
      dr_check_report_add (report, "6.2.3", DR_CHECK_NOT_APPLICABLE,
                           _("no solution is stated (no moves)"));
      return;
    }
  collect_leaves (game->root, leaves);

  if (report->genre == DR_GENRE_PROBLEM && st->goal == DR_GOAL_WIN)
    {
      for (guint i = 0; i < leaves->len; i++)
        {
          const DrGameNode *leaf = g_ptr_array_index (leaves, i);
          const DrPosition *f = &leaf->position;
          int na = dr_bb_count (f->pieces[a]), nd = dr_bb_count (f->pieces[d]);
          g_autofree char *line = line_text (rules, leaf);

          if (nd == 0 && na == 1)
            continue;
          if (nd == 0)
            {
              dr_check_report_add (report, "6.2.7.2", DR_CHECK_FAIL,
                                   _("after %s %s has no pieces and %s has %d: a final without "
                                     "%s pieces may keep one %s piece only"),
                                   line, side_title (d), side_title (a), na, side_title (d),
                                   side_title (a));
              return;
            }
          /* A stated line that stops before the final (the record is
           * short of the combination's end) does not show the final: only
           * the solution proved can tell. */
          if (f->turn != d)
            {
              dr_check_report_add (report, "6.2.7.2", DR_CHECK_UNDECIDED,
                                   _("the stated solution %s ends with %s’s move: the final, "
                                     "a position with %s to move, is not shown"),
                                   line, side_title (d), side_title (d));
              return;
            }
          if (dr_movegen_has_capture (rules, f))
            {
              dr_check_report_add (report, "6.2.7.2", DR_CHECK_UNDECIDED,
                                   _("after %s %s still has a capture: the stated solution "
                                     "stops before the final, where %s makes a non-capturing "
                                     "move"), line, side_title (d), side_title (d));
              return;
            }
          /* No move at all (a lock): Black is to move and has no
           * capture, which is what the article asks; the game is won. */
        }
      if (leaves->len == 1)
        dr_check_report_add (report, "6.2.7.2", DR_CHECK_PASS,
                             _("the stated final has %s to make a non-capturing move, or one "
                               "%s piece left alone"), side_title (d), side_title (a));
      else
        dr_check_report_add (report, "6.2.7.2", DR_CHECK_PASS,
                             _("all %u stated finals have %s to make a non-capturing move, or "
                               "one %s piece left alone"), leaves->len, side_title (d),
                             side_title (a));
    }
  else
    dr_check_report_add (report, "6.2.7.2", DR_CHECK_NOT_APPLICABLE, _("problems only"));

  if (report->genre == DR_GENRE_TASK)
    {
      GHashTable *finals = g_hash_table_new (g_int64_hash, g_int64_equal);
      guint distinct;

      for (guint i = 0; i < leaves->len; i++)
        {
          const DrGameNode *leaf = g_ptr_array_index (leaves, i);
          g_autofree char *why = NULL;

          if (!dr_compose_is_exact_lock (rules, &leaf->position, st, &why))
            {
              g_autofree char *line = line_text (rules, leaf);

              dr_check_report_add (report, "6.2.8.2", DR_CHECK_FAIL, _("after %s: %s"), line, why);
              g_hash_table_unref (finals);
              return;
            }
          g_hash_table_add (finals, (gpointer) &leaf->position.hash);
        }
      distinct = g_hash_table_size (finals);
      g_hash_table_unref (finals);
      dr_check_report_add (report, "6.2.8.2", DR_CHECK_PASS,
                           _("every stated final locks exactly %u men and %u kings"),
                           st->lock_men, st->lock_kings);
      /* The stated tree shows what the author wrote down, not every
       * variation the position holds: too few is not yet a failure. */
      if (distinct < 2)
        dr_check_report_add (report, "6.2.5", DR_CHECK_UNDECIDED,
                             _("the stated solution shows %u final; a task needs at least two "
                               "variations with different finals"), distinct);
      else
        dr_check_report_add (report, "6.2.5", DR_CHECK_PASS,
                             _("%u variations with different finals"), distinct);
    }
  else if (report->genre == DR_GENRE_ETUDE || report->genre == DR_GENRE_POSITIONAL_ENDING)
    {
      guint b = count_branchings (game->root, d);

      if (b < 2)
        dr_check_report_add (report, "6.2.5", DR_CHECK_UNDECIDED,
                             _("the stated solution branches %u times; an étude needs at least "
                               "two branchings"), b);
      else
        dr_check_report_add (report, "6.2.5", DR_CHECK_PASS,
                             _("the stated solution branches %u times"), b);
    }
  else
    dr_check_report_add (report, "6.2.5", DR_CHECK_NOT_APPLICABLE,
                         _("problems may have a single thematic variation"));
}
