/* dr-eval.h — static evaluation of a position
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 */
#pragma once

#include "dr-rules.h"

/* Scores are in hundredths of a man, from the side to move's view. */
#define DR_SCORE_MAN   100
#define DR_SCORE_WIN   30000
#define DR_SCORE_INF   32000
/* Scores beyond this are wins or losses in a number of plies. */
#define DR_SCORE_WON   (DR_SCORE_WIN - 1000)
/* A win the endgame tables see but a count rule may forbid (dr-search.c):
 * above any evaluation, below DR_SCORE_WON. */
#define DR_SCORE_DB_UNSURE 20000
/* A win the endgame tables see, no count rule in the way, whose distance
 * the search did not read (dr-search.c): this less the ply at which it
 * was seen, between DR_SCORE_DB_UNSURE and DR_SCORE_WON. */
#define DR_SCORE_DB_WIN    25000

/* Weights of the evaluation terms, per variant; `draughtsman-cli tune`
 * (dr-tune.c) fits them on positions from real games.  Every field is an
 * int and the evaluation is linear in them (the tuner relies on it). */
typedef struct
{
  int man;
  int king;
  int advance[10];     /* a man on its n-th rank from its own side */
  int centre;          /* a man on one of the central squares */
  int back_guard;      /* a man still on its own back rank */
  int balance;         /* per man of difference between the two wings */
  int king_mobility;   /* per free square a king reaches */
  int runaway;         /* a man with no piece left to stop it */
  int locked;          /* a man that cannot move */
  int file[5];         /* a man on a file n files from the nearer edge */
  int man_mobility;    /* per free square a man can step to */
  int open_behind;     /* a man with a free square diagonally behind it */
  int main_road;       /* a king on the long diagonal */
  int simplify;        /* per piece of lead, per piece gone from the board */
  /* The tower games (rules->towers; dr-stack.h): per piece beneath a top,
   * by its depth (1 just below the top, 4 and deeper), to the side whose
   * top commands the tower: a piece of its own colour, freed when the top
   * is taken, and a prisoner of the other colour, which comes back if the
   * tower loses its top. */
  int tower_own[4];
  int tower_prisoner[4];
} DrEvalWeights;

#define DR_EVAL_N_WEIGHTS ((int) (sizeof (DrEvalWeights) / sizeof (int)))

/* The weights as a flat array (the tuner's view) and their names:
 * "man", "advance[3]" ... into @buf (32 bytes). */
int        *dr_eval_weights_array   (DrEvalWeights       *weights);
const int  *dr_eval_weights_array_const (const DrEvalWeights *weights);
const char *dr_eval_weight_name     (int                  index,
                                     char                *buf);
/* The index of @name ("advance[3]"), -1 if none. */
int         dr_eval_weight_index    (const char          *name);

/* The fields of DrEvalWeights in order: name, index of the first weight
 * in the flat array, number of weights ("advance": 10). */
typedef struct
{
  const char *name;
  int         first;
  int         count;
} DrEvalField;

const DrEvalField *dr_eval_fields        (int        *n_fields);
/* The field called @name ("advance"), NULL if none. */
const DrEvalField *dr_eval_field_by_name (const char *name);

const DrEvalWeights *dr_eval_default_weights (const DrRules    *rules);

/* What a man is worth on each square, and the square sets the evaluation
 * counts with, worked out once per geometry and weights
 * (dr_eval_tables_init) so that dr_eval() does no geometry. */
typedef struct
{
  int        man_square[2][64];  /* advance + back-rank guard + centre, by side */
  int        man_bytes[2][8][256]; /* man_square summed over each byte of a board */
  DrBitboard left;               /* the left half of the files */
  DrBitboard right;              /* the right half (without the middle file of an odd width) */
  DrBitboard last_but_one[2];    /* the rank before a side's crowning rank */
  DrBitboard main_road;          /* the long diagonal */
  int        n_start;            /* pieces at the start, for simplify */
} DrEvalTables;

void  dr_eval_tables_init   (DrEvalTables        *tables,
                             const DrGeometry    *geometry,
                             const DrEvalWeights *weights);

int   dr_eval               (const DrRules       *rules,
                             const DrEvalWeights *weights,
                             const DrEvalTables  *tables,
                             const DrPosition    *pos);

/* Endings the side ahead seldom wins, on the 10x10 board with flying kings
 * (International): three pieces or fewer against a side with a king on
 * one of @squares (004 2.6 declares three against a lone king drawn after
 * 16 moves, 5 when the lone king holds the main road) have @score divided
 * by 8; any other position's comes back as it was.  @score is the side to
 * move's.  dr_eval_drawish_squares() gives @rules' squares: all of them
 * in International, none where the rule does not hold. */
DrBitboard dr_eval_drawish_squares (const DrRules    *rules);
int   dr_eval_drawish       (const DrPosition    *pos,
                             DrBitboard           squares,
                             int                  score);
