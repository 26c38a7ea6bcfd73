/* dr-compose-solve.h — the formal checks of 004 section VI that need the solver
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 6.2.3 solvability, 6.2.6 uniqueness (full and partial cooks, with the
 * International alternatives of 6.2.7.3), 6.2.4 statists and the economy
 * of the final (6.2.8.1 for tasks), and 6.2.5 the variations of the proof,
 * each turned into check items of a DrCheckReport (dr-compose-check.h).
 * Every verdict comes from dr_solve() (dr-solve.h): a proof, a refutation,
 * or "not decided within the limits", which the items report as such.
 */
#pragma once

#include <gio/gio.h>

#include "dr-compose-check.h"
#include "dr-egdb.h"

G_BEGIN_DECLS

typedef struct
{
  guint64       max_nodes;    /* per solve; 0: no limit */
  double        max_seconds;  /* per solve; 0: no limit */
  const DrEgdb *egdb;         /* (nullable), borrowed */
  GCancellable *cancellable;  /* (nullable) */
  guint         threads;      /* dr_solve()'s DrSolveOptions.threads; 0: one */
} DrComposeLimits;

/* Adds the solver's items to @report (which went through
 * dr_compose_check_static() and dr_compose_check_stated()): @game's main
 * line is the stated solution, @start its start position. */
void dr_compose_check_solution (DrCheckReport         *report,
                                const DrGame          *game,
                                const DrPosition      *start,
                                const DrStipulation   *st,
                                const DrComposeLimits *limits);

G_END_DECLS
