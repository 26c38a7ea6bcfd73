/* dr-opponent.h — the engine as an opponent: strength levels
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libc only, like dr-search.h.
 *
 * A level weakens the search in three ways: fewer nodes per move, several
 * lines searched side by side (multi-PV: each costs nodes, so the search
 * sees less deep), and deliberate noise in the choice among those lines.
 * Level n (dr_opponent_n_levels()) is full strength: the plain search,
 * limited by time only.
 */
#pragma once

#include "dr-search.h"

typedef struct
{
  const char *id;          /* "beginner", "novice", ..., "full": stable, for settings and the CLI */
  const char *name;        /* for people, marked N_() for translation: "Beginner", ... "Full strength" */
  uint64_t    max_nodes;   /* nodes per move, 0: no limit (time only) */
  int         noise;       /* hundredths of a man: a move scoring within this of the best may be chosen */
  int         lines;       /* moves searched side by side (multi-PV) to choose among; 1: the best only */
  int         elo_below_next; /* measured by `match` against the next level: how many Elo weaker; 0 for full */
  int         elo_margin;  /* the 95% margin of elo_below_next */
} DrOpponentLevel;

int                    dr_opponent_n_levels      (void);  /* levels are 1..n, n = full strength */
const DrOpponentLevel *dr_opponent_level         (int                   level); /* NULL outside 1..n */
int                    dr_opponent_level_from_id (const char           *id);   /* 0 if unknown */
/* The Elo of @level relative to full strength (at 0.1 s a move): the sum
 * of the measured steps up to it, 0 for full strength, negative below. */
int                    dr_opponent_level_elo     (int                   level);

/* Chooses the engine's move in @root at @level: searches with the level's
 * node limit and @time_ms (0: no time limit; at least one of the two must
 * bound the search unless @abort_word does), then picks among the lines
 * whose score is within the level's noise of the best, at random but
 * reproducibly from @seed (weighted towards the better ones); a forced
 * capture or a single legal move is played at once.  A move that the
 * search proves loses (a losing score in "loss in N" range) while another
 * does not is never chosen by noise; a proven win is never thrown away by
 * noise.  FALSE when @root has no legal move.
 *
 * @result is the search's, with the choice in it: best is @move, score
 * the score of @move's line, lines[] the lines chosen among (best first,
 * those of the last complete iteration).  A move played at once was not
 * searched: depth, nodes and n_lines are 0.  Levels are defined on one
 * search thread: on more, the helpers' nodes come on top of the limit.
 * The same search state (dr_search_clear()), position, level, limits and
 * seed give the same move. */
bool dr_opponent_choose (DrSearch             *search,
                         const DrPosition     *root,
                         int                   level,
                         uint64_t              time_ms,
                         const atomic_uint    *abort_word,
                         unsigned              abort_unless,
                         uint32_t              seed,
                         DrMove               *move,
                         DrSearchResult       *result);

/* The same at @level, any level (the table's or the caller's own), within
 * @limits: the caller's depth, node and time limits, abort word, info
 * callback (called for every line of every iteration) and ponder word.
 * The level's node limit applies where it is the tighter, and its lines
 * replace @limits->multipv.  A level below full strength should not
 * ponder: its node limit would count from the ponder hit. */
bool dr_opponent_choose_at (DrSearch              *search,
                            const DrPosition      *root,
                            const DrOpponentLevel *level,
                            const DrSearchLimits  *limits,
                            uint32_t               seed,
                            DrMove                *move,
                            DrSearchResult        *result);

/* A seed for the choice in @pos: @base mixed with the position's hash, so
 * that the same game from the same base is played the same way again. */
uint32_t dr_opponent_seed (uint32_t               base,
                           const DrPosition      *pos);
