/* dr-movegen-private.h — the generator instantiations, for dr-rules.c
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-rules.h"

#include <string.h>

/* Appends a capture to @list, unless it is already there by another route
 * (ENGINES.md §0; two jumps can already close a loop for a king) or the
 * list is full.  @path holds DR_MAX_JUMPS squares, the first @n_jumps set. */
static inline void
_dr_move_list_add_capture (DrMoveList    *list,
                           int            from,
                           int            to,
                           DrBitboard     captures,
                           int            n_jumps,
                           unsigned       flags,
                           const uint8_t *path)
{
  DrMove *m;

  if (n_jumps >= 2 && !list->all_paths)
    for (unsigned i = 0; i < list->n; i++)
      {
        const DrMove *o = &list->moves[i];
        if (o->captures == captures && o->to == to && o->from == from
            && (o->flags & DR_MOVE_PROMOTES) == (flags & DR_MOVE_PROMOTES))
          return;
      }
  if (list->n >= DR_MAX_MOVES)
    {
      list->overflow = true;
      return;
    }
  m = &list->moves[list->n++];
  m->captures = captures;
  m->from = (uint8_t) from;
  m->to = (uint8_t) to;
  m->n_jumps = (uint8_t) n_jumps;
  m->flags = (uint8_t) flags;
  /* All of it: a fixed size copies in a few instructions. */
  memcpy (m->path, path, DR_MAX_JUMPS);
}

#define DR_DECLARE_GENERATOR(name)                                           \
  void     _dr_movegen_generate_##name (const DrPosition *pos,               \
                                        DrMoveList       *list);             \
  unsigned _dr_movegen_count_##name    (const DrPosition *pos,               \
                                        DrMoveList       *scratch);      \
  uint64_t _dr_movegen_perft_##name    (const DrPosition *pos,               \
                                        int               depth,             \
                                        DrMoveList       *lists);            \
  bool     _dr_movegen_has_capture_##name (const DrPosition *pos);           \
  bool     _dr_movegen_has_quiet_##name   (const DrPosition *pos);           \
  DrMovesKind _dr_movegen_moves_kind_##name (const DrPosition *pos);

DR_DECLARE_GENERATOR (international)
DR_DECLARE_GENERATOR (frisian)
DR_DECLARE_GENERATOR (russian)
DR_DECLARE_GENERATOR (brazilian)
DR_DECLARE_GENERATOR (pool)
DR_DECLARE_GENERATOR (english)
DR_DECLARE_GENERATOR (italian)
DR_DECLARE_GENERATOR (spanish)
DR_DECLARE_GENERATOR (czech)
DR_DECLARE_GENERATOR (northern)
DR_DECLARE_GENERATOR (samoyed)

/* Turkish has no specialised perft loop (DrRules.perft is NULL). */
void     _dr_movegen_generate_turkish (const DrPosition *pos,
                                       DrMoveList       *list);
unsigned _dr_movegen_count_turkish    (const DrPosition *pos,
                                       DrMoveList       *scratch);
bool     _dr_movegen_has_capture_turkish (const DrPosition *pos);
bool     _dr_movegen_has_quiet_turkish   (const DrPosition *pos);
DrMovesKind _dr_movegen_moves_kind_turkish (const DrPosition *pos);

/* Armenian: its own generator; the quick tests are Turkish draughts'. */
void     _dr_movegen_generate_armenian (const DrPosition *pos,
                                        DrMoveList       *list);
unsigned _dr_movegen_count_armenian    (const DrPosition *pos,
                                        DrMoveList       *scratch);
DrMovesKind _dr_movegen_moves_kind_armenian (const DrPosition *pos);

/* Two-move: the Russian quick tests; no perft loop of its own. */
void     _dr_movegen_generate_two_move (const DrPosition *pos,
                                        DrMoveList       *list);
unsigned _dr_movegen_count_two_move    (const DrPosition *pos,
                                        DrMoveList       *scratch);

/* Stavropol: no perft loop of its own. */
void     _dr_movegen_generate_stavropol (const DrPosition *pos,
                                         DrMoveList       *list);
unsigned _dr_movegen_count_stavropol    (const DrPosition *pos,
                                         DrMoveList       *scratch);
bool     _dr_movegen_has_capture_stavropol (const DrPosition *pos);
bool     _dr_movegen_has_quiet_stavropol   (const DrPosition *pos);
DrMovesKind _dr_movegen_moves_kind_stavropol (const DrPosition *pos);

/* The tower games (dr-movegen-stack.c): no perft loop of their own. */
void     _dr_movegen_generate_pillar (const DrPosition *pos,
                                      DrMoveList       *list);
unsigned _dr_movegen_count_pillar    (const DrPosition *pos,
                                      DrMoveList       *scratch);
bool     _dr_movegen_has_capture_pillar (const DrPosition *pos);
bool     _dr_movegen_has_quiet_pillar   (const DrPosition *pos);
DrMovesKind _dr_movegen_moves_kind_pillar (const DrPosition *pos);
void     _dr_movegen_generate_lasca (const DrPosition *pos,
                                     DrMoveList       *list);
unsigned _dr_movegen_count_lasca    (const DrPosition *pos,
                                     DrMoveList       *scratch);
bool     _dr_movegen_has_capture_lasca (const DrPosition *pos);
bool     _dr_movegen_has_quiet_lasca   (const DrPosition *pos);
DrMovesKind _dr_movegen_moves_kind_lasca (const DrPosition *pos);
