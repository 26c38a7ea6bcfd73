/* dr-eval.c — static evaluation of a position
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A linear evaluation of the classic terms (ENGINES.md §3.4, Kingsrow's
 * and Scan's feature families without Scan's learned patterns): material
 * with the king's worth by variant (a flying king is worth about three
 * men, a short one one and a half), how far the men have come, the
 * centre, the back rank held against the other side's crowning, the
 * balance of the wings, the squares the kings reach, men that cannot be
 * stopped, men that cannot move; in the tower games, the pieces beneath
 * each top (tower_score).  Terms are computed from bitboards, in
 * the generator's layout: White moves towards internal row 0.
 */

#include "dr-eval.h"

#include "dr-bitboard.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The defaults: flying kings, short kings, and English's own set fitted
 * by `draughtsman-cli tune`.  The
 * fits on the International (136 games) and Russian (153 games) games of
 * shared/data lost matches against these hand-set values (International
 * 38%, Russian 37% over 84 and 98 games at 100 ms a move), so the
 * hand-set values stay there; terms added later start at 0. */
static const DrEvalWeights flying_weights = {
  .man = 100, .king = 320,
  .advance = { 0, 2, 4, 6, 9, 12, 16, 20, 24, 28 },
  .centre = 6, .back_guard = 8, .balance = 3, .king_mobility = 2,
  .runaway = 120, .locked = 6
};

static const DrEvalWeights short_king_weights = {
  .man = 100, .king = 150,
  .advance = { 0, 2, 4, 7, 10, 14, 18, 22, 0, 0 },
  .centre = 5, .back_guard = 10, .balance = 2, .king_mobility = 3,
  .runaway = 70, .locked = 5
};

/* English: fitted on the 766 games of shared/data/english/tinsley.pdn and
 * OCA_2.0-excerpt.pdn with result, starting from short_king_weights:
 *   draughtsman-cli tune --variant english --lambda 0.01 --all-steps \
 *       --iterations 1500 tinsley.pdn OCA_2.0-excerpt.pdn
 * (23,052 training and 2,494 validation positions, K 0.854).  Against
 * short_king_weights at 100 ms a move from the ACF three-move ballot, 200
 * games: +59 =119 -22, 59.3%, about +65 Elo. */
static const DrEvalWeights english_weights = {
  .man = 100, .king = 154,
  .advance = { 0, 11, -3, 2, 2, 12, 19, 22, 0, 0 },
  .centre = 2, .back_guard = 16, .balance = 7, .king_mobility = 18,
  .runaway = 69, .locked = -3,
  .file = { 0, 8, 12, 9, 0 },
  .man_mobility = 4, .open_behind = -10, .main_road = -2, .simplify = 1
};

/* The tower games (pillar draughts: Russian rules, flying kings; Lasca:
 * short kings): the tops are weighed with the terms of their kind of king,
 * and every piece beneath a top counts for the side whose top commands
 * the tower, by its colour and depth (tower_score).  A piece of the
 * commander's own colour is a reserve: it commands the tower when the top
 * is taken, worth less the deeper it lies (more tops must go first).  A
 * prisoner of the other colour is a piece the other side does not have;
 * it comes back when the tops above it are taken, so the deeper it lies
 * the surer it is kept.  Hand-set; no pattern weights are learned or
 * shipped for these games (dr_patterns_supported refuses them). */
static const DrEvalWeights pillar_weights = {
  .man = 100, .king = 320,
  .advance = { 0, 2, 4, 6, 9, 12, 16, 20, 24, 28 },
  .centre = 6, .back_guard = 8, .balance = 3, .king_mobility = 2,
  .runaway = 120, .locked = 6,
  .tower_own = { 40, 30, 20, 15 },
  .tower_prisoner = { 40, 50, 60, 60 },
};

static const DrEvalWeights lasca_weights = {
  .man = 100, .king = 150,
  .advance = { 0, 2, 4, 7, 10, 14, 18, 22, 0, 0 },
  .centre = 5, .back_guard = 10, .balance = 2, .king_mobility = 3,
  .runaway = 70, .locked = 5,
  .tower_own = { 40, 30, 20, 15 },
  .tower_prisoner = { 40, 50, 60, 60 },
};

const DrEvalWeights *
dr_eval_default_weights (const DrRules *rules)
{
  if (rules->towers)
    return rules->kings_fly ? &pillar_weights : &lasca_weights;
  if (rules->variant == DR_VARIANT_ENGLISH)
    return &english_weights;
  return rules->kings_fly ? &flying_weights : &short_king_weights;
}

/* The fields in declaration order, for the flat view. */
static const DrEvalField weight_fields[] = {
#define FIELD(f, n) { #f, (int) (offsetof (DrEvalWeights, f) / sizeof (int)), n }
  FIELD (man, 1), FIELD (king, 1), FIELD (advance, 10), FIELD (centre, 1),
  FIELD (back_guard, 1), FIELD (balance, 1), FIELD (king_mobility, 1),
  FIELD (runaway, 1), FIELD (locked, 1), FIELD (file, 5), FIELD (man_mobility, 1),
  FIELD (open_behind, 1), FIELD (main_road, 1), FIELD (simplify, 1),
  FIELD (tower_own, 4), FIELD (tower_prisoner, 4),
#undef FIELD
};

_Static_assert (sizeof (DrEvalWeights) == (2 + 10 + 6 + 5 + 4 + 4 + 4) * sizeof (int),
                "weight_fields lists every field of DrEvalWeights");

const DrEvalField *
dr_eval_fields (int *n_fields)
{
  *n_fields = (int) (sizeof weight_fields / sizeof weight_fields[0]);
  return weight_fields;
}

const DrEvalField *
dr_eval_field_by_name (const char *name)
{
  for (size_t i = 0; i < sizeof weight_fields / sizeof weight_fields[0]; i++)
    if (strcmp (weight_fields[i].name, name) == 0)
      return &weight_fields[i];
  return NULL;
}

int *
dr_eval_weights_array (DrEvalWeights *weights)
{
  return &weights->man;
}

const int *
dr_eval_weights_array_const (const DrEvalWeights *weights)
{
  return &weights->man;
}

const char *
dr_eval_weight_name (int   index,
                     char *buf)
{
  for (size_t i = 0; i < sizeof weight_fields / sizeof weight_fields[0]; i++)
    {
      const DrEvalField *f = &weight_fields[i];

      if (index >= f->first && index < f->first + f->count)
        {
          if (f->count == 1)
            snprintf (buf, 32, "%s", f->name);
          else
            snprintf (buf, 32, "%s[%d]", f->name, index - f->first);
          return buf;
        }
    }
  return NULL;
}

int
dr_eval_weight_index (const char *name)
{
  char buf[32];

  for (int i = 0; i < DR_EVAL_N_WEIGHTS; i++)
    if (strcmp (dr_eval_weight_name (i, buf), name) == 0)
      return i;
  return -1;
}

/* Rank of @bit counted from @side's own back rank (0 = back rank). */
static inline int
rank_from_own_side (const DrGeometry *g,
                    int               bit,
                    int               side)
{
  int row, file;

  if (!dr_geometry_row_file (g, bit, &row, &file))
    return -1;
  /* Internal row 0 is White's crowning rank. */
  return side == 0 ? g->height - 1 - row : row;
}

/* Files from the nearer edge, at most 4. */
#define MIN_EDGE(file, width) \
  ((file) < (width) - 1 - (file) ? ((file) < 4 ? (file) : 4) : ((width) - 1 - (file) < 4 ? (width) - 1 - (file) : 4))

static inline int
file_of (const DrGeometry *g,
         int               bit)
{
  int row, file;

  dr_geometry_row_file (g, bit, &row, &file);
  return file;
}

void
dr_eval_tables_init (DrEvalTables        *t,
                     const DrGeometry    *g,
                     const DrEvalWeights *w)
{
  memset (t, 0, sizeof *t);
  for (DrBitboard b = g->squares; b != 0; b = dr_bb_rest (b))
    {
      int sq = dr_bb_first (b);
      int file = file_of (g, sq);

      for (int side = 0; side < 2; side++)
        {
          int rank = rank_from_own_side (g, sq, side);
          int value = 0;

          if (rank >= 0 && rank < 10)
            value += w->advance[rank];
          if (rank == 0)
            value += w->back_guard;
          if (file >= 2 && file <= g->width - 3 && rank >= 2 && rank <= g->height - 3)
            value += w->centre;
          value += w->file[MIN_EDGE (file, g->width)];
          t->man_square[side][sq] = value;
        }
      if (file < g->width / 2)
        t->left |= dr_bb_bit (sq);
      else if (file >= (g->width + 1) / 2)
        t->right |= dr_bb_bit (sq);
    }
  for (int side = 0; side < 2; side++)
    for (int k = 0; k < 8; k++)
      for (int v = 0; v < 256; v++)
        {
          int sum = 0;

          for (int bit = 0; bit < 8; bit++)
            if (v & (1 << bit))
              sum += t->man_square[side][8 * k + bit];
          t->man_bytes[side][k][v] = sum;
        }
  t->last_but_one[0] = dr_geometry_row_mask (g, 1);
  t->last_but_one[1] = dr_geometry_row_mask (g, g->height - 2);

  /* The long diagonal: of the two corner-to-corner diagonals, the one on
   * playing squares (a1-h8, a1-j10). */
  for (int pass = 0; pass < 2 && t->main_road == 0; pass++)
    {
      DrBitboard road = 0;
      int n = 0;

      for (DrBitboard b = g->squares; b != 0; b = dr_bb_rest (b))
        {
          int sq = dr_bb_first (b), row, file;

          dr_geometry_row_file (g, sq, &row, &file);
          if (pass == 0 ? file == row : file == g->height - 1 - row)
            {
              road |= dr_bb_bit (sq);
              n++;
            }
        }
      if (n == g->width && g->width == g->height)
        t->main_road = road;
    }
  /* Men a side starts with: the rows before the middle two, Turkish's
   * two rows of eight. */
  t->n_start = 2 * (g->all_squares ? 2 * g->width : (g->height / 2 - 1) * (g->width / 2));
}

static int
side_score (const DrRules       *rules,
            const DrEvalWeights *w,
            const DrEvalTables  *t,
            const DrPosition    *pos,
            int                  side)
{
  const DrGeometry *g = rules->geometry;
  DrBitboard own = pos->pieces[side];
  DrBitboard men = own & ~pos->kings;
  DrBitboard kings = own & pos->kings;
  DrBitboard opp = pos->pieces[side ^ 1];
  int score = 0, left, right;
  int n_men = dr_bb_count (men);

  score += n_men * w->man + dr_bb_count (kings) * w->king;
  /* Eight table lookups instead of a loop over the men. */
  for (int k = 0; k < 8; k++)
    score += t->man_bytes[side][k][(men >> (8 * k)) & 255];
  left = dr_bb_count (men & t->left);
  right = dr_bb_count (men & t->right);
  score -= w->balance * (left > right ? left - right : right - left);

  /* Kings: the free squares they reach along their lines. */
  if (kings != 0 && !g->all_squares)
    {
      DrBitboard empty = g->squares & ~(pos->pieces[0] | pos->pieces[1]);
      int d1, d2, steps[4];

      dr_geometry_diagonal_steps (g, &d1, &d2);
      steps[0] = -d2, steps[1] = -d1, steps[2] = d1, steps[3] = d2;

      for (int k = 0; k < 4; k++)
        for (DrBitboard r = dr_bb_shift (kings, steps[k]) & empty; r != 0;
             r = rules->kings_fly ? dr_bb_shift (r, steps[k]) & empty : 0)
          score += w->king_mobility * dr_bb_count (r);
    }
  if (!g->all_squares)
    {
      /* Men whose forward squares are both taken cannot move; a man on
       * the rank before the crowning one with a free square ahead is
       * crowned next move unless the other side takes it first. */
      DrBitboard empty = g->squares & ~(pos->pieces[0] | pos->pieces[1]);
      int d1, d2;
      DrBitboard free_ahead, last_but_one = t->last_but_one[side];

      dr_geometry_diagonal_steps (g, &d1, &d2);
      free_ahead = side == 0 ? dr_bb_shift (empty, d1) | dr_bb_shift (empty, d2)
                             : dr_bb_shift (empty, -d1) | dr_bb_shift (empty, -d2);

      score -= w->locked * dr_bb_count (men & ~free_ahead);
      if ((opp & pos->kings) == 0)
        score += w->runaway * dr_bb_count (men & free_ahead & last_but_one);
      if (w->open_behind != 0)
        {
          DrBitboard free_behind = side == 0 ? dr_bb_shift (empty, -d1) | dr_bb_shift (empty, -d2)
                                             : dr_bb_shift (empty, d1) | dr_bb_shift (empty, d2);

          score += w->open_behind * dr_bb_count (men & free_behind);
        }
      if (w->man_mobility != 0)
        {
          DrBitboard step1 = side == 0 ? dr_bb_shift (men, -d1) : dr_bb_shift (men, d1);
          DrBitboard step2 = side == 0 ? dr_bb_shift (men, -d2) : dr_bb_shift (men, d2);

          score += w->man_mobility * (dr_bb_count (step1 & empty) + dr_bb_count (step2 & empty));
        }
      if (kings != 0)
        score += w->main_road * dr_bb_count (kings & t->main_road);
    }
  return score;
}

/* The pieces beneath the tops (dr-position.h's encoding, read in place:
 * the occupied squares in ascending order, each with its run of ones in
 * under_run and 2 bits a piece in under), for the side on each top:
 * tower_own for its own colour, tower_prisoner for the other's, by depth.
 * Returns side 0's total less side 1's. */
static int
tower_score (const DrEvalWeights *w,
             const DrPosition    *pos)
{
  uint64_t run = pos->under_run;
  uint64_t under = pos->under;
  int score = 0;

  for (DrBitboard occ = dr_position_occupied (pos); occ != 0 && run != 0; occ = dr_bb_rest (occ))
    {
      int sq = dr_bb_first (occ);
      int top = (pos->pieces[1] >> sq) & 1;
      int sign = top == 0 ? 1 : -1;

      for (int depth = 0; run & 1; depth++)
        {
          int colour = (int) (under >> 1) & 1;   /* bit 1 of the code: black */
          int d = depth < 3 ? depth : 3;

          score += sign * (colour == top ? w->tower_own[d] : w->tower_prisoner[d]);
          under >>= 2;
          run >>= 1;
        }
      run >>= 1;                /* the top's 0 */
    }
  return score;
}

int
dr_eval (const DrRules       *rules,
         const DrEvalWeights *weights,
         const DrEvalTables  *tables,
         const DrPosition    *pos)
{
  int us = pos->turn;
  int score = side_score (rules, weights, tables, pos, us) - side_score (rules, weights, tables, pos, us ^ 1);

  if (weights->simplify != 0)
    {
      int own = dr_bb_count (pos->pieces[us]), opp = dr_bb_count (pos->pieces[us ^ 1]);

      score += weights->simplify * (own - opp) * (tables->n_start - own - opp);
    }
  if (pos->under_run != 0)
    {
      int towers = tower_score (weights, pos);

      score += us == 0 ? towers : -towers;
    }

  /* Giveaway: fewer pieces is better; the other terms keep their sign
   * only as tie-breaks. */
  if (rules->giveaway)
    score = -score;
  return score;
}

DrBitboard
dr_eval_drawish_squares (const DrRules *rules)
{
  /* Only 10x10 with flying kings and the common captures.  On 8x8 three
   * kings beat one off the main road (Petrov's triangle, inside Russian's
   * count of 004 1.9.1): scaled wherever the king stood (or only where it
   * held the main road), Russian won its match at 100 ms (+33 Elo) but
   * solved 61 (64) of the 86 positions of its tactical set at 200,000
   * nodes against 70 (README, "Drawish endings").  Frisian's kings, the
   * tower games and the giveaway are other games. */
  if (rules->kings_fly && rules->geometry->width == 10 && rules->geometry->height == 10 &&
      !rules->orthogonal_captures && !rules->towers && !rules->giveaway &&
      !rules->kings_demoted && !rules->self_capture && !rules->two_moves && !rules->foreign_moves)
    return rules->geometry->squares;
  return 0;
}

int
dr_eval_drawish (const DrPosition *pos,
                 DrBitboard        squares,
                 int               score)
{
  int strong;

  if (score == 0)
    return 0;
  strong = score > 0 ? pos->turn : pos->turn ^ 1;
  if ((pos->pieces[strong ^ 1] & pos->kings & squares) != 0 && dr_bb_count (pos->pieces[strong]) <= 3)
    return score / 8;
  return score;
}
