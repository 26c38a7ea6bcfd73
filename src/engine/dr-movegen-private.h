/* dr-movegen-private.h — the generator instantiations, for dr-rules.c
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-rules.h"

#define DR_DECLARE_GENERATOR(name)                                           \
  void     _dr_movegen_generate_##name (const DrPosition *pos,               \
                                        DrMoveList       *list);             \
  unsigned _dr_movegen_count_##name    (const DrPosition *pos,               \
                                        DrMoveList       *scratch);      \
  uint64_t _dr_movegen_perft_##name    (const DrPosition *pos,               \
                                        int               depth,             \
                                        DrMoveList       *lists);

DR_DECLARE_GENERATOR (international)
DR_DECLARE_GENERATOR (frisian)
DR_DECLARE_GENERATOR (russian)
DR_DECLARE_GENERATOR (brazilian)
DR_DECLARE_GENERATOR (pool)
DR_DECLARE_GENERATOR (english)
DR_DECLARE_GENERATOR (italian)
DR_DECLARE_GENERATOR (spanish)
DR_DECLARE_GENERATOR (czech)

/* Turkish has no specialised perft loop (DrRules.perft is NULL). */
void     _dr_movegen_generate_turkish (const DrPosition *pos,
                                       DrMoveList       *list);
unsigned _dr_movegen_count_turkish    (const DrPosition *pos,
                                       DrMoveList       *scratch);
