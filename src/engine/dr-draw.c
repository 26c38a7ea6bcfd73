/* dr-draw.c — the end of a game: no move left, and the draw rules
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every draw rule is read off the positions of the game so far, one per
 * ply: a capture shows as a piece gone, a crowning as a man turned king, a
 * man move as a man moved.  The rule tables themselves are data on each
 * DrRules (dr-rules.c), every row citing its article.
 */

#include "dr-draw.h"

#include "dr-bitboard.h"
#include "dr-movegen.h"

#include <stdlib.h>

typedef struct
{
  int men[2];
  int kings[2];
} Material;

static Material
material_of (const DrPosition *pos)
{
  Material m;

  for (int s = 0; s < 2; s++)
    {
      m.kings[s] = dr_bb_count (pos->pieces[s] & pos->kings);
      m.men[s] = dr_bb_count (pos->pieces[s] & ~pos->kings);
    }
  return m;
}

static bool
same_material (const Material *a,
               const Material *b)
{
  return a->men[0] == b->men[0] && a->men[1] == b->men[1]
         && a->kings[0] == b->kings[0] && a->kings[1] == b->kings[1];
}

DrBitboard
dr_draw_main_road (const DrRules *rules)
{
  const DrGeometry *g = rules->geometry;
  DrBitboard road = 0;

  for (int x = 0; x < g->width; x++)
    {
      /* a1-h8 on the standard boards; on the turned boards (a1 light) the
       * long diagonal is h1-a8. */
      int bit = dr_geometry_bit_at_xy (g, g->mirrored ? g->width - 1 - x : x, x);
      if (bit >= 0)
        road |= dr_bb_bit (bit);
    }
  return road;
}

/* Does the balance of @rule hold in @pos with @strong as the stronger side? */
static bool
endgame_balance (const DrRules    *rules,
                 const DrDrawRule *rule,
                 const DrPosition *pos,
                 int               strong)
{
  Material m = material_of (pos);
  int weak = 1 - strong;
  int n_strong = m.men[strong] + m.kings[strong];
  int n_weak = m.men[weak] + m.kings[weak];

  if (rule->both_kings && (m.kings[0] == 0 || m.kings[1] == 0))
    return false;
  if (rule->total_max != 0
      && (n_strong + n_weak < rule->total_min || n_strong + n_weak > rule->total_max))
    return false;
  if (rule->strong_max != 0 && (n_strong < rule->strong_min || n_strong > rule->strong_max))
    return false;
  if (m.kings[strong] < rule->strong_min_kings)
    return false;
  if (rule->strong_kings_only && m.men[strong] != 0)
    return false;
  if (rule->weak_pieces != 0 && n_weak != rule->weak_pieces)
    return false;
  if (rule->weak_kings_only && m.men[weak] != 0)
    return false;
  if (rule->on_main_road || rule->off_main_road)
    {
      DrBitboard road = dr_draw_main_road (rules);
      bool on = (pos->pieces[weak] & ~road) == 0;
      if (on != rule->on_main_road)
        return false;
    }
  return true;
}

static bool
endgame_holds (const DrRules    *rules,
               const DrDrawRule *rule,
               const DrPosition *history,
               size_t            n,
               int               strong)
{
  const DrPosition *cur = &history[n - 1];
  Material m = material_of (cur);
  size_t first = n - 1;
  unsigned moves = 0;

  if (!endgame_balance (rules, rule, cur, strong))
    return false;
  /* Back to the move that made the balance: the material is what it is
   * now, and the balance holds, in every position since. */
  while (first > 0)
    {
      Material prev = material_of (&history[first - 1]);
      if (!same_material (&prev, &m) || !endgame_balance (rules, rule, &history[first - 1], strong))
        break;
      first--;
    }
  for (size_t i = first + 1; i < n; i++)
    if (rule->count_both || history[i - 1].turn == strong)
      moves++;
  return moves >= (rule->count_both ? 2u * rule->limit : rule->limit);
}

/* Plies since the last capture or crowning (material change), or since the
 * last man move or capture. */
static size_t
plies_since (const DrPosition *history,
             size_t            n,
             bool              man_moves_count)
{
  size_t plies = 0;

  for (size_t i = n - 1; i > 0; i--)
    {
      const DrPosition *a = &history[i - 1];
      const DrPosition *b = &history[i];
      Material ma = material_of (a);
      Material mb = material_of (b);
      int mover = a->turn;

      if (!same_material (&ma, &mb))
        break;
      if (man_moves_count && (a->pieces[mover] & ~a->kings) != (b->pieces[mover] & ~b->kings))
        break;
      plies++;
    }
  return plies;
}

static bool
lone_kings_draw (const DrRules    *rules,
                 const DrPosition *pos)
{
  DrMoveList *list;
  bool draw = true;

  if (dr_bb_count (pos->pieces[0]) != 1 || dr_bb_count (pos->pieces[1]) != 1
      || (dr_position_occupied (pos) & ~pos->kings) != 0)
    return false;
  list = malloc (sizeof *list);
  if (list == NULL)
    return false;
  list->all_paths = false;
  dr_movegen_legal (rules, pos, list);
  if (list->n > 0 && list->moves[0].captures != 0)
    draw = false;                /* a shot now */
  else
    {
      /* Forced to be shot next move: every move walks into a capture. */
      bool escape = false;
      for (unsigned i = 0; i < list->n && !escape; i++)
        {
          DrPosition child;
          dr_position_apply (&child, pos, &list->moves[i]);
          if (!dr_movegen_has_capture (rules, &child))
            escape = true;
        }
      draw = escape;
    }
  free (list);
  return draw;
}

bool
dr_draw_rule_holds (const DrRules    *rules,
                    const DrDrawRule *rule,
                    const DrPosition *history,
                    size_t            n)
{
  const DrPosition *cur;
  unsigned count = 1;

  if (n == 0)
    return false;
  cur = &history[n - 1];
  switch (rule->kind)
    {
    case DR_DRAW_REPETITION:
      for (size_t i = 0; i + 1 < n; i++)
        {
          const DrPosition *p = &history[i];
          if (p->pieces[0] == cur->pieces[0] && p->pieces[1] == cur->pieces[1]
              && p->kings == cur->kings && p->turn == cur->turn)
            count++;
        }
      return count >= rule->limit;
    case DR_DRAW_NO_PROGRESS:
      return plies_since (history, n, false) >= 2u * rule->limit;
    case DR_DRAW_KINGS_ONLY:
      return plies_since (history, n, true) >= 2u * rule->limit;
    case DR_DRAW_ENDGAME:
      return endgame_holds (rules, rule, history, n, DR_SIDE_WHITE)
             || endgame_holds (rules, rule, history, n, DR_SIDE_BLACK);
    case DR_DRAW_LONE_KINGS:
      return lone_kings_draw (rules, cur);
    default:
      return false;
    }
}

DrStatus
dr_game_status_with (const DrRules     *rules,
                     const DrDrawRule  *draw_rules,
                     unsigned           n_draw_rules,
                     const DrPosition  *history,
                     size_t             n,
                     const DrDrawRule **which)
{
  const DrPosition *cur;
  DrMoveList *list;
  unsigned n_moves;

  if (which != NULL)
    *which = NULL;
  if (n == 0)
    return DR_STATUS_ONGOING;
  cur = &history[n - 1];
  list = malloc (sizeof *list);
  if (list == NULL)
    return DR_STATUS_ONGOING;
  list->all_paths = false;
  n_moves = dr_movegen_count (rules, cur, list);
  free (list);
  if (n_moves == 0)
    {
      bool mover_wins = rules->giveaway;
      DrSide winner = mover_wins ? (DrSide) cur->turn : DR_SIDE_OTHER (cur->turn);
      return winner == DR_SIDE_WHITE ? DR_STATUS_WHITE_WINS : DR_STATUS_BLACK_WINS;
    }
  for (unsigned i = 0; i < n_draw_rules; i++)
    if (dr_draw_rule_holds (rules, &draw_rules[i], history, n))
      {
        if (which != NULL)
          *which = &draw_rules[i];
        return DR_STATUS_DRAW;
      }
  return DR_STATUS_ONGOING;
}

DrStatus
dr_game_status (const DrRules     *rules,
                const DrPosition  *history,
                size_t             n,
                const DrDrawRule **which)
{
  return dr_game_status_with (rules, rules->draw_rules, rules->n_draw_rules, history, n, which);
}
