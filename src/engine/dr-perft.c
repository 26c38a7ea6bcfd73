/* dr-perft.c — counting move paths
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "dr-perft.h"

#include "dr-movegen.h"

#include <stdlib.h>

static uint64_t
perft_rec (const DrRules    *rules,
           const DrPosition *pos,
           int               depth,
           DrMoveList       *lists)
{
  DrMoveList *list = &lists[depth];
  uint64_t nodes = 0;

  if (depth == 1)
    {
      if (!list->all_paths)
        return dr_movegen_count (rules, pos, list);
      dr_movegen_legal (rules, pos, list);
      return list->n;
    }
  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;

      dr_position_apply (&child, pos, &list->moves[i]);
      nodes += perft_rec (rules, &child, depth - 1, lists);
    }
  return nodes;
}

uint64_t
dr_perft (const DrRules    *rules,
          const DrPosition *pos,
          int               depth,
          DrDuplicates      duplicates)
{
  DrMoveList *lists;
  uint64_t nodes;

  if (depth <= 0)
    return 1;
  /* One list per ply, on the heap: they are 32 KiB each. */
  lists = malloc (sizeof (DrMoveList) * (size_t) (depth + 1));
  if (lists == NULL)
    return 0;
  for (int d = 0; d <= depth; d++)
    lists[d].all_paths = duplicates == DR_DUPLICATES_KEEP;
  if (depth >= 2 && rules->perft != NULL)
    nodes = rules->perft (pos, depth, lists);
  else
    nodes = perft_rec (rules, pos, depth, lists);
  free (lists);
  return nodes;
}
