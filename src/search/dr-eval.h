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

/* Weights of the evaluation terms, per variant family; the tuning tool
 * (tools/dr-tune) fits them on positions from real games. */
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
} DrEvalWeights;

const DrEvalWeights *dr_eval_default_weights (const DrRules    *rules);

/* What a man is worth on each square, and the square sets the evaluation
 * counts with, worked out once per geometry and weights
 * (dr_eval_tables_init) so that dr_eval() does no geometry. */
typedef struct
{
  int        man_square[2][64];  /* advance + back-rank guard + centre, by side */
  DrBitboard left;               /* the left half of the files */
  DrBitboard last_but_one[2];    /* the rank before a side's crowning rank */
} DrEvalTables;

void  dr_eval_tables_init   (DrEvalTables        *tables,
                             const DrGeometry    *geometry,
                             const DrEvalWeights *weights);

int   dr_eval               (const DrRules       *rules,
                             const DrEvalWeights *weights,
                             const DrEvalTables  *tables,
                             const DrPosition    *pos);
