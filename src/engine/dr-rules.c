/* dr-rules.c — the rules of each variant, as data
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rule texts (shared/rules/):
 *   000  WCDF rules of English checkers (Russian translation)
 *   001  compendium: Russian rules with examples, survey of national variants
 *   002  Ukrainian federation, 64-square checkers version
 *   003  Ukrainian federation, 100-square draughts
 *   004  Draughts code of Russia (I Russian draughts, II International)
 * Articles are cited as "004 1.5.15".  Variants the seeds only sketch cite
 * the federation rules followed, named in each description's .source.
 */

#include "dr-rules.h"

#include "dr-bitboard.h"
#include "dr-movegen-private.h"

#include <string.h>

const DrRules dr_rules_international = {
  .variant = DR_VARIANT_INTERNATIONAL,
  .name = "international",
  .title = "International draughts",
  .gametype = 20,
  .source = "004 section II; 003",
  .geometry = &dr_geometry_10x10,             /* 004 2.2, 003 1.1: 100 squares */
  .first_side = DR_SIDE_WHITE,                /* 004 1.4.1 via 2.1 */
  .rows_of_men = 4,                           /* 004 2.3: 20 men, four ranks */
  .notation = DR_NOTATION_NUMERIC,            /* 004 2.4: squares 1-50 */
  .capture_separator = 'x',                   /* PDN GameType 20 */
  .men_capture_backward = true,               /* 004 1.5.3 via 2.1 */
  .men_capture_kings = true,
  .kings_fly = true,                          /* 004 1.4.5, 1.5.2 */
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN, /* 004 2.5.2.1 */
  .capture_choice = DR_CAPTURE_MOST_PIECES,   /* 004 2.5.1, 003 3.4.3 */
  .generate = _dr_movegen_generate_international,
  .count = _dr_movegen_count_international,
};

const DrRules dr_rules_russian = {
  .variant = DR_VARIANT_RUSSIAN,
  .name = "russian",
  .title = "Russian draughts",
  .gametype = 25,
  .source = "004 section I",
  .geometry = &dr_geometry_8x8,               /* 004 1.1 */
  .first_side = DR_SIDE_WHITE,                /* 004 1.4.1 */
  .rows_of_men = 3,                           /* 004 1.3 */
  .notation = DR_NOTATION_ALGEBRAIC,          /* 004 1.6 */
  .capture_separator = ':',                   /* 004 1.6, PDN GameType 25 */
  .english_numbers = true,
  .men_capture_backward = true,               /* 004 1.5.3 */
  .men_capture_kings = true,
  .kings_fly = true,                          /* 004 1.4.5, 1.5.2 */
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_KING, /* 004 1.5.15 */
  .capture_choice = DR_CAPTURE_FREE,          /* 004 1.5.14 */
  .generate = _dr_movegen_generate_russian,
  .count = _dr_movegen_count_russian,
};

const DrRules dr_rules_english = {
  .variant = DR_VARIANT_ENGLISH,
  .name = "english",
  .title = "English draughts (checkers)",
  .gametype = 21,
  .source = "000 (WCDF); 002 I.1",
  .geometry = &dr_geometry_8x8,               /* 000 1.1-1.5: 1-32 */
  .first_side = DR_SIDE_BLACK,                /* 000: Black (dark) moves first */
  .rows_of_men = 3,
  .notation = DR_NOTATION_NUMERIC,            /* 000 1.5 */
  .capture_separator = 'x',
  .men_capture_backward = false,              /* 000 1.17-1.18: forward only */
  .men_capture_kings = true,
  .kings_fly = false,                         /* 000 1.16, 1.21: one square */
  .promotion_in_capture = DR_PROMOTION_ENDS_MOVE, /* 000 1.19, 002 I.1.3.6 */
  .capture_choice = DR_CAPTURE_FREE,          /* 000 1.20 */
  .generate = _dr_movegen_generate_english,
  .count = _dr_movegen_count_english,
};

const DrRules dr_rules_brazilian = {
  .variant = DR_VARIANT_BRAZILIAN,
  .name = "brazilian",
  .title = "Brazilian draughts",
  .gametype = 26,
  .source = "001 survey: International rules on the 8x8 board (FMJD)",
  .geometry = &dr_geometry_8x8,
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 3,
  .notation = DR_NOTATION_ALGEBRAIC,          /* PDN GameType 26: A0 */
  .capture_separator = 'x',
  .english_numbers = true,
  .men_capture_backward = true,
  .men_capture_kings = true,
  .kings_fly = true,
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN,
  .capture_choice = DR_CAPTURE_MOST_PIECES,
  .generate = _dr_movegen_generate_brazilian,
  .count = _dr_movegen_count_brazilian,
};

const DrRules dr_rules_pool = {
  .variant = DR_VARIANT_POOL,
  .name = "pool",
  .title = "Pool checkers",
  .gametype = 23,
  .source = "American Pool Checkers Association rules; 001 survey",
  .geometry = &dr_geometry_8x8,               /* PDN "23,B,8,8,N1,0" */
  .first_side = DR_SIDE_BLACK,                /* APCA: dark moves first */
  .rows_of_men = 3,
  .notation = DR_NOTATION_NUMERIC,
  .capture_separator = 'x',
  .men_capture_backward = true,
  .men_capture_kings = true,
  .kings_fly = true,
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN,
  .capture_choice = DR_CAPTURE_FREE,
  .generate = _dr_movegen_generate_pool,
  .count = _dr_movegen_count_pool,
};

const DrRules dr_rules_italian = {
  .variant = DR_VARIANT_ITALIAN,
  .name = "italian",
  .title = "Italian draughts",
  .gametype = 22,
  .source = "Federazione Italiana Dama rules; 001 survey",
  .geometry = &dr_geometry_8x8_italian,       /* PDN "22,W,8,8,N2,1" */
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 3,
  .notation = DR_NOTATION_NUMERIC,
  .capture_separator = 'x',
  .men_capture_backward = false,
  .men_capture_kings = false,                 /* FID: a man never takes a king */
  .kings_fly = false,
  .promotion_in_capture = DR_PROMOTION_ENDS_MOVE,
  .capture_choice = DR_CAPTURE_ITALIAN,
  .generate = _dr_movegen_generate_italian,
  .count = _dr_movegen_count_italian,
};

const DrRules dr_rules_spanish = {
  .variant = DR_VARIANT_SPANISH,
  .name = "spanish",
  .title = "Spanish draughts",
  .gametype = 24,
  .source = "Federación Española de Damas rules; 001 survey",
  .geometry = &dr_geometry_8x8_spanish,       /* PDN "24,W,8,8,N1,1" */
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 3,
  .notation = DR_NOTATION_NUMERIC,
  .capture_separator = 'x',
  .men_capture_backward = false,
  .men_capture_kings = true,
  .kings_fly = true,
  .promotion_in_capture = DR_PROMOTION_ENDS_MOVE,
  .capture_choice = DR_CAPTURE_MOST_THEN_KINGS,
  .generate = _dr_movegen_generate_spanish,
  .count = _dr_movegen_count_spanish,
};

const DrRules dr_rules_czech = {
  .variant = DR_VARIANT_CZECH,
  .name = "czech",
  .title = "Czech draughts",
  .gametype = 29,
  .source = "Česká federace dámy rules; 001 survey",
  .geometry = &dr_geometry_8x8,
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 3,
  .notation = DR_NOTATION_ALGEBRAIC,          /* PDN "29,W,8,8,A0,0" */
  .capture_separator = 'x',
  .english_numbers = true,
  .men_capture_backward = false,
  .men_capture_kings = true,
  .kings_fly = true,
  .promotion_in_capture = DR_PROMOTION_ENDS_MOVE,
  .capture_choice = DR_CAPTURE_KING_FIRST,
  .generate = _dr_movegen_generate_czech,
  .count = _dr_movegen_count_czech,
};

const DrRules dr_rules_turkish = {
  .variant = DR_VARIANT_TURKISH,
  .name = "turkish",
  .title = "Turkish draughts",
  .gametype = 30,
  .source = "Turkish draughts rules; 001 survey",
  .geometry = &dr_geometry_8x8_full,          /* PDN "30,W,8,8,A0,0" */
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 2,                           /* ranks 2-3 and 6-7 */
  .notation = DR_NOTATION_ALGEBRAIC,
  .capture_separator = 'x',
  .men_capture_backward = false,
  .men_capture_kings = true,
  .men_move_sideways = true,
  .kings_fly = true,
  .orthogonal_board = true,
  .removed_at_once = true,
  /* Sources disagree (notes in dr-movegen-turkish.c): Wikipedia, pydraughts
   * and hcheckers let the man go on as a man, crowned at the end. */
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN,
  .capture_choice = DR_CAPTURE_MOST_PIECES,
  .generate = _dr_movegen_generate_turkish,
  .count = _dr_movegen_count_turkish,
};

const DrRules dr_rules_frisian = {
  .variant = DR_VARIANT_FRISIAN,
  .name = "frisian",
  .title = "Frisian draughts",
  .gametype = 40,
  .source = "KNDB rules of Frisian draughts; 001 survey",
  .geometry = &dr_geometry_10x10,
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 4,
  .notation = DR_NOTATION_NUMERIC,
  .capture_separator = 'x',
  .men_capture_backward = true,
  .men_capture_kings = true,
  .kings_fly = true,
  .orthogonal_captures = true,
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN,
  .capture_choice = DR_CAPTURE_FRISIAN,
  .frisian_king_runs = true,
  .generate = _dr_movegen_generate_frisian,
  .count = _dr_movegen_count_frisian,
};

const DrRules dr_rules_antidraughts = {
  .variant = DR_VARIANT_ANTIDRAUGHTS,
  .name = "antidraughts",
  .title = "Antidraughts (International giveaway)",
  .gametype = 20,
  .source = "International rules (004 II) with the goal reversed; 001 survey",
  .geometry = &dr_geometry_10x10,
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 4,
  .notation = DR_NOTATION_NUMERIC,
  .capture_separator = 'x',
  .men_capture_backward = true,
  .men_capture_kings = true,
  .kings_fly = true,
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN,
  .capture_choice = DR_CAPTURE_MOST_PIECES,
  .giveaway = true,
  .generate = _dr_movegen_generate_international,
  .count = _dr_movegen_count_international,
};

const DrRules dr_rules_russian_giveaway = {
  .variant = DR_VARIANT_RUSSIAN_GIVEAWAY,
  .name = "russian-giveaway",
  .title = "Russian giveaway (obratnye shashki)",
  .gametype = 25,
  .source = "Russian rules (004 I) with the goal reversed; 001 survey",
  .geometry = &dr_geometry_8x8,
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 3,
  .notation = DR_NOTATION_ALGEBRAIC,
  .capture_separator = ':',
  .english_numbers = true,
  .men_capture_backward = true,
  .men_capture_kings = true,
  .kings_fly = true,
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_KING,
  .capture_choice = DR_CAPTURE_FREE,
  .giveaway = true,
  .generate = _dr_movegen_generate_russian,
  .count = _dr_movegen_count_russian,
};

static const DrRules *const all_rules[DR_N_VARIANTS] = {
  [DR_VARIANT_INTERNATIONAL] = &dr_rules_international,
  [DR_VARIANT_RUSSIAN] = &dr_rules_russian,
  [DR_VARIANT_ENGLISH] = &dr_rules_english,
  [DR_VARIANT_BRAZILIAN] = &dr_rules_brazilian,
  [DR_VARIANT_POOL] = &dr_rules_pool,
  [DR_VARIANT_ITALIAN] = &dr_rules_italian,
  [DR_VARIANT_SPANISH] = &dr_rules_spanish,
  [DR_VARIANT_CZECH] = &dr_rules_czech,
  [DR_VARIANT_TURKISH] = &dr_rules_turkish,
  [DR_VARIANT_FRISIAN] = &dr_rules_frisian,
  [DR_VARIANT_ANTIDRAUGHTS] = &dr_rules_antidraughts,
  [DR_VARIANT_RUSSIAN_GIVEAWAY] = &dr_rules_russian_giveaway,
};

const DrRules *
dr_rules_get (DrVariant variant)
{
  if ((unsigned) variant >= DR_N_VARIANTS)
    return NULL;
  return all_rules[variant];
}

const DrRules *
dr_rules_from_name (const char *name)
{
  for (int i = 0; i < DR_N_VARIANTS; i++)
    if (strcmp (all_rules[i]->name, name) == 0)
      return all_rules[i];
  return NULL;
}

const DrRules *
dr_rules_from_gametype (int gametype)
{
  /* The first variant with that number: the giveaway variants share their
   * base game's number and come last. */
  for (int i = 0; i < DR_N_VARIANTS; i++)
    if (all_rules[i]->gametype == gametype)
      return all_rules[i];
  return NULL;
}

DrBitboard
dr_rules_promotion_mask (const DrRules *rules,
                         DrSide         side)
{
  const DrGeometry *g = rules->geometry;

  /* White is crowned on the top rank (internal row 0), Black on the bottom. */
  return dr_geometry_row_mask (g, side == DR_SIDE_WHITE ? 0 : g->height - 1);
}

void
dr_rules_initial (const DrRules *rules,
                  DrPosition    *pos)
{
  const DrGeometry *g = rules->geometry;
  int first = rules->orthogonal_board ? 1 : 0;  /* Turkish leaves the back rank empty */

  dr_position_clear (pos);
  for (int r = first; r < first + rules->rows_of_men; r++)
    {
      pos->pieces[DR_SIDE_BLACK] |= dr_geometry_row_mask (g, r);
      pos->pieces[DR_SIDE_WHITE] |= dr_geometry_row_mask (g, g->height - 1 - r);
    }
  pos->turn = (uint8_t) rules->first_side;
  pos->hash = dr_position_compute_hash (pos);
}
