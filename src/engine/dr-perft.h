/* dr-perft.h — counting move paths, the move generator's test and benchmark
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-rules.h"

/* How captures that take the same pieces along different routes count
 * (ENGINES.md §0): once (the number of distinct legal moves, what the
 * reference tables call "unique" or drop_duplicates) or once per route
 * ("keep", as OEIS A133046 counts English checkers). */
typedef enum
{
  DR_DUPLICATES_DROP,
  DR_DUPLICATES_KEEP,
} DrDuplicates;

/* The number of move sequences of exactly @depth plies from @pos; leaves
 * are counted in bulk at depth 1. */
uint64_t dr_perft (const DrRules    *rules,
                   const DrPosition *pos,
                   int               depth,
                   DrDuplicates      duplicates);
