/* dr-egdb-probe.h — the search's view of the endgame databases
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only (the search includes it).  The whole API,
 * and what a stored value means, is in dr-egdb.h.
 */
#pragma once

#include "dr-rules.h"

typedef enum
{
  DR_EGDB_UNKNOWN = 0,   /* not in the tables */
  DR_EGDB_WIN,
  DR_EGDB_DRAW,
  DR_EGDB_LOSS,
} DrEgdbValue;

typedef struct _DrEgdb DrEgdb;

/* The rules the tables were made for. */
const DrRules *dr_egdb_get_rules (const DrEgdb    *self);

/* Every position with up to this many pieces is covered (all the slices
 * of each count are there); 0 when none is. */
int         dr_egdb_max_pieces  (const DrEgdb     *self);

/* The search's probe: value and plies (dr-egdb.h) of a position in which
 * the side to move has no capture; DR_EGDB_UNKNOWN when it is not covered,
 * the side to move must capture, or the block is damaged.  No allocation,
 * no lock: any number of threads may probe at once. */
DrEgdbValue dr_egdb_probe_quiet (const DrEgdb     *self,
                                 const DrPosition *pos,
                                 int              *plies);

/* The same without the distance: the value alone, from the win/draw/loss
 * file (the distance file is not read).  What a search that needs no
 * "win in N" reads. */
DrEgdbValue dr_egdb_probe_wld   (const DrEgdb     *self,
                                 const DrPosition *pos);

/* How many distances (win or loss in so many plies) were read from the
 * distance files of @self since it was opened, by any probe but the
 * win/draw/loss one: a statistic for the tests and measurements (the
 * search reads distances at its root only, README.md "Endgame
 * databases"). */
uint64_t    dr_egdb_distance_reads (const DrEgdb   *self);

/* The smallest limit (in moves of one side) among the count rules of
 * @rules whose conditions on the material (and the main road) hold in
 * @pos, so that the count may be running; 0 if none. */
int         dr_egdb_count_limit (const DrRules    *rules,
                                 const DrPosition *pos);
