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
#include "dr-wide-rules.h"

#include <string.h>

/* Marks the titles for translation (xgettext); the application translates
 * them where it shows them. */
#define N_(text) text

#define LONE_KING .weak_pieces = 1, .weak_kings_only = true

/* English checkers: WCDF rules (000) and the Ukrainian checkers version
 * (002); the 40 moves are counted from the last capture or crowning. */
static const DrDrawRule english_draws[] = {
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "000 1.32.2, 002 I.1.5.2" },
  { .kind = DR_DRAW_NO_PROGRESS, .limit = 40, .article = "000 1.32.3, 002 I.1.5.3" },
};

/* Russian draughts: 004 1.9.1.  Brazilian uses the same set, as the IDF
 * (which governs both 64-square games) and lidraughts do. */
static const DrDrawRule russian_draws[] = {
  { .kind = DR_DRAW_ENDGAME, .limit = 15, .strong_min = 3, .strong_max = 20,
    .strong_min_kings = 3, .strong_kings_only = true, LONE_KING, .article = "004 1.9.1.3" },
  { .kind = DR_DRAW_ENDGAME, .limit = 5, .both_kings = true, .total_min = 2, .total_max = 3,
    .count_both = true, .article = "004 1.9.1.4" },
  { .kind = DR_DRAW_ENDGAME, .limit = 30, .both_kings = true, .total_min = 4, .total_max = 5,
    .count_both = true, .article = "004 1.9.1.4" },
  { .kind = DR_DRAW_ENDGAME, .limit = 60, .both_kings = true, .total_min = 6, .total_max = 7,
    .count_both = true, .article = "004 1.9.1.4" },
  { .kind = DR_DRAW_ENDGAME, .limit = 5, .strong_min = 3, .strong_max = 3, LONE_KING,
    .on_main_road = true, .article = "004 1.9.1.5" },
  { .kind = DR_DRAW_KINGS_ONLY, .limit = 15, .article = "004 1.9.1.6" },
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "004 1.9.1.7" },
};

/* International draughts: 003 section 5, the set the rules README digests. */
static const DrDrawRule international_draws[] = {
  { .kind = DR_DRAW_ENDGAME, .limit = 5, .strong_min = 3, .strong_max = 3,
    .strong_min_kings = 1, LONE_KING, .on_main_road = true, .article = "003 5.3.1, 5.3.2" },
  { .kind = DR_DRAW_ENDGAME, .limit = 5, .strong_min = 1, .strong_max = 2,
    .strong_min_kings = 1, LONE_KING, .article = "003 5.3.3, 5.3.4" },
  { .kind = DR_DRAW_ENDGAME, .limit = 16, .strong_min = 3, .strong_max = 3,
    .strong_min_kings = 3, .strong_kings_only = true, LONE_KING, .off_main_road = true,
    .article = "003 5.4" },
  { .kind = DR_DRAW_KINGS_ONLY, .limit = 25, .article = "003 5.5, 004 2.6" },
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "003 5.6, 004 2.6" },
};

/* FMJD official rules (Annex 1, 2015) 6.1-6.4: no main-road clause. */
const DrDrawRule dr_draw_rules_international_fmjd[] = {
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "FMJD 6.1" },
  { .kind = DR_DRAW_KINGS_ONLY, .limit = 25, .article = "FMJD 6.2" },
  { .kind = DR_DRAW_ENDGAME, .limit = 16, .strong_min = 3, .strong_max = 3,
    .strong_min_kings = 1, LONE_KING, .count_both = true, .article = "FMJD 6.3" },
  { .kind = DR_DRAW_ENDGAME, .limit = 5, .strong_min = 1, .strong_max = 2,
    .strong_min_kings = 1, LONE_KING, .count_both = true, .article = "FMJD 6.4" },
};
const unsigned dr_draw_rules_international_fmjd_n = DR_N_ELEMENTS (dr_draw_rules_international_fmjd);

/* Draughts code of Russia, section II 2.6. */
const DrDrawRule dr_draw_rules_international_004[] = {
  { .kind = DR_DRAW_KINGS_ONLY, .limit = 25, .article = "004 2.6" },
  { .kind = DR_DRAW_ENDGAME, .limit = 5, .strong_min = 1, .strong_max = 3, LONE_KING,
    .article = "004 2.6" },
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "004 2.6" },
  { .kind = DR_DRAW_ENDGAME, .limit = 50, .strong_min = 5, .strong_max = 5,
    .strong_min_kings = 4, .weak_pieces = 2, .weak_kings_only = true, .article = "004 2.6" },
};
const unsigned dr_draw_rules_international_004_n = DR_N_ELEMENTS (dr_draw_rules_international_004);

/* Frisian: KNDB official rules (2011) art. 18 and 21.1; they have no
 * repetition or king-move rule. */
static const DrDrawRule frisian_draws[] = {
  { .kind = DR_DRAW_ENDGAME, .limit = 7, .strong_min = 2, .strong_max = 2,
    .strong_min_kings = 2, .strong_kings_only = true, LONE_KING, .article = "KNDB Frisian art. 18" },
  { .kind = DR_DRAW_LONE_KINGS, .article = "KNDB Frisian art. 21.1" },
};

/* Pool checkers: APCA rules 26-27 (as DCTL cites them); three kings must
 * beat a lone king within 13 moves. */
static const DrDrawRule pool_draws[] = {
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "APCA 26" },
  { .kind = DR_DRAW_ENDGAME, .limit = 13, .strong_min = 3, .strong_max = 3,
    .strong_min_kings = 3, .strong_kings_only = true, LONE_KING, .article = "APCA 27" },
};

/* Italian: FID regolamento tecnico 9.3 (fourfold repetition) and 10.4 (40
 * moves of king play), as DCTL's italian.hpp cites them. */
static const DrDrawRule italian_draws[] = {
  { .kind = DR_DRAW_REPETITION, .limit = 4, .article = "FID 9.3" },
  { .kind = DR_DRAW_KINGS_ONLY, .limit = 40, .article = "FID 10.4" },
};

/* Spanish, Czech, Turkish and the giveaway games: repetition only (no
 * count rule was found in their federations' texts). */
static const DrDrawRule repetition_draws[] = {
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "threefold repetition" },
};

/* International draughts: 004 section II, 003; also the base of
 * antidraughts. */
#define INTERNATIONAL_GAME                                                   \
  .gametype = 20,                                                            \
  .geometry = &dr_geometry_10x10,             /* 004 2.2, 003 1.1: 100 squares */ \
  .first_side = DR_SIDE_WHITE,                /* 004 1.4.1 via 2.1 */        \
  .rows_of_men = 4,                           /* 004 2.3: 20 men, four ranks */ \
  .notation = DR_NOTATION_NUMERIC,            /* 004 2.4: squares 1-50 */    \
  .capture_separator = 'x',                   /* PDN GameType 20 */          \
  .men_capture_backward = true,               /* 004 1.5.3 via 2.1 */        \
  .men_capture_kings = true,                                                 \
  .kings_fly = true,                          /* 004 1.4.5, 1.5.2 */         \
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN, /* 004 2.5.2.1 */     \
  .capture_choice = DR_CAPTURE_MOST_PIECES,   /* 004 2.5.1, 003 3.4.3 */     \
  .generate = _dr_movegen_generate_international,                            \
  .count = _dr_movegen_count_international,                                  \
  .has_capture = _dr_movegen_has_capture_international,                      \
  .has_quiet = _dr_movegen_has_quiet_international,                          \
  .moves_kind = _dr_movegen_moves_kind_international,                        \
  .perft = _dr_movegen_perft_international

const DrRules dr_rules_international = {
  .variant = DR_VARIANT_INTERNATIONAL,
  .name = "international",
  .title = N_("International draughts"),
  .source = "004 section II; 003",
  INTERNATIONAL_GAME,
  .draw_rules = international_draws,
  .n_draw_rules = DR_N_ELEMENTS (international_draws),
};

/* Russian draughts: 004 section I; also the base of its giveaway and of
 * the compendium's other games (001 lines 102-104). */
#define RUSSIAN_RULES                                                        \
  .geometry = &dr_geometry_8x8,               /* 004 1.1 */                  \
  .first_side = DR_SIDE_WHITE,                /* 004 1.4.1 */                \
  .rows_of_men = 3,                           /* 004 1.3 */                  \
  .notation = DR_NOTATION_ALGEBRAIC,          /* 004 1.6 */                  \
  .capture_separator = ':',                   /* 004 1.6, PDN GameType 25 */ \
  .english_numbers = true,                                                   \
  .men_capture_backward = true,               /* 004 1.5.3 */                \
  .men_capture_kings = true,                                                 \
  .kings_fly = true,                          /* 004 1.4.5, 1.5.2 */         \
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_KING, /* 004 1.5.15 */     \
  .capture_choice = DR_CAPTURE_FREE           /* 004 1.5.14 */

#define RUSSIAN_GAME                                                         \
  RUSSIAN_RULES,                                                             \
  .generate = _dr_movegen_generate_russian,                                  \
  .count = _dr_movegen_count_russian,                                        \
  .has_capture = _dr_movegen_has_capture_russian,                            \
  .has_quiet = _dr_movegen_has_quiet_russian,                                \
  .moves_kind = _dr_movegen_moves_kind_russian,                              \
  .perft = _dr_movegen_perft_russian

const DrRules dr_rules_russian = {
  .variant = DR_VARIANT_RUSSIAN,
  .name = "russian",
  .title = N_("Russian draughts"),
  .source = "004 section I",
  .gametype = 25,
  RUSSIAN_GAME,
  .draw_rules = russian_draws,
  .n_draw_rules = DR_N_ELEMENTS (russian_draws),
};

const DrRules dr_rules_english = {
  .variant = DR_VARIANT_ENGLISH,
  .name = "english",
  .title = N_("English draughts (checkers)"),
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
  .draw_rules = english_draws,
  .n_draw_rules = DR_N_ELEMENTS (english_draws),
  .generate = _dr_movegen_generate_english,
  .count = _dr_movegen_count_english,
  .has_capture = _dr_movegen_has_capture_english,
  .has_quiet = _dr_movegen_has_quiet_english,
  .moves_kind = _dr_movegen_moves_kind_english,
  .perft = _dr_movegen_perft_english,
};

const DrRules dr_rules_brazilian = {
  .variant = DR_VARIANT_BRAZILIAN,
  .name = "brazilian",
  .title = N_("Brazilian draughts"),
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
  .draw_rules = russian_draws,
  .n_draw_rules = DR_N_ELEMENTS (russian_draws),
  .generate = _dr_movegen_generate_brazilian,
  .count = _dr_movegen_count_brazilian,
  .has_capture = _dr_movegen_has_capture_brazilian,
  .has_quiet = _dr_movegen_has_quiet_brazilian,
  .moves_kind = _dr_movegen_moves_kind_brazilian,
  .perft = _dr_movegen_perft_brazilian,
};

const DrRules dr_rules_pool = {
  .variant = DR_VARIANT_POOL,
  .name = "pool",
  .title = N_("Pool checkers"),
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
  .draw_rules = pool_draws,
  .n_draw_rules = DR_N_ELEMENTS (pool_draws),
  .generate = _dr_movegen_generate_pool,
  .count = _dr_movegen_count_pool,
  .has_capture = _dr_movegen_has_capture_pool,
  .has_quiet = _dr_movegen_has_quiet_pool,
  .moves_kind = _dr_movegen_moves_kind_pool,
  .perft = _dr_movegen_perft_pool,
};

const DrRules dr_rules_italian = {
  .variant = DR_VARIANT_ITALIAN,
  .name = "italian",
  .title = N_("Italian draughts"),
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
  .draw_rules = italian_draws,
  .n_draw_rules = DR_N_ELEMENTS (italian_draws),
  .generate = _dr_movegen_generate_italian,
  .count = _dr_movegen_count_italian,
  .has_capture = _dr_movegen_has_capture_italian,
  .has_quiet = _dr_movegen_has_quiet_italian,
  .moves_kind = _dr_movegen_moves_kind_italian,
  .perft = _dr_movegen_perft_italian,
};

const DrRules dr_rules_spanish = {
  .variant = DR_VARIANT_SPANISH,
  .name = "spanish",
  .title = N_("Spanish draughts"),
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
  .draw_rules = repetition_draws,
  .n_draw_rules = DR_N_ELEMENTS (repetition_draws),
  .generate = _dr_movegen_generate_spanish,
  .count = _dr_movegen_count_spanish,
  .has_capture = _dr_movegen_has_capture_spanish,
  .has_quiet = _dr_movegen_has_quiet_spanish,
  .moves_kind = _dr_movegen_moves_kind_spanish,
  .perft = _dr_movegen_perft_spanish,
};

const DrRules dr_rules_czech = {
  .variant = DR_VARIANT_CZECH,
  .name = "czech",
  .title = N_("Czech draughts"),
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
  .draw_rules = repetition_draws,
  .n_draw_rules = DR_N_ELEMENTS (repetition_draws),
  .generate = _dr_movegen_generate_czech,
  .count = _dr_movegen_count_czech,
  .has_capture = _dr_movegen_has_capture_czech,
  .has_quiet = _dr_movegen_has_quiet_czech,
  .moves_kind = _dr_movegen_moves_kind_czech,
  .perft = _dr_movegen_perft_czech,
};

const DrRules dr_rules_turkish = {
  .variant = DR_VARIANT_TURKISH,
  .name = "turkish",
  .title = N_("Turkish draughts"),
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
  .draw_rules = repetition_draws,
  .n_draw_rules = DR_N_ELEMENTS (repetition_draws),
  .generate = _dr_movegen_generate_turkish,
  .count = _dr_movegen_count_turkish,
  .has_capture = _dr_movegen_has_capture_turkish,
  .has_quiet = _dr_movegen_has_quiet_turkish,
  .moves_kind = _dr_movegen_moves_kind_turkish,
};

const DrRules dr_rules_frisian = {
  .variant = DR_VARIANT_FRISIAN,
  .name = "frisian",
  .title = N_("Frisian draughts"),
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
  .draw_rules = frisian_draws,
  .n_draw_rules = DR_N_ELEMENTS (frisian_draws),
  .generate = _dr_movegen_generate_frisian,
  .count = _dr_movegen_count_frisian,
  .has_capture = _dr_movegen_has_capture_frisian,
  .has_quiet = _dr_movegen_has_quiet_frisian,
  .moves_kind = _dr_movegen_moves_kind_frisian,
  .perft = _dr_movegen_perft_frisian,
};

const DrRules dr_rules_antidraughts = {
  .variant = DR_VARIANT_ANTIDRAUGHTS,
  .name = "antidraughts",
  .title = N_("Antidraughts (International giveaway)"),
  .source = "International rules (004 II) with the goal reversed; 001 survey",
  INTERNATIONAL_GAME,
  .giveaway = true,
  .draw_rules = repetition_draws,
  .n_draw_rules = DR_N_ELEMENTS (repetition_draws),
};

const DrRules dr_rules_russian_giveaway = {
  .variant = DR_VARIANT_RUSSIAN_GIVEAWAY,
  .name = "russian-giveaway",
  .title = N_("Russian giveaway (obratnye shashki)"),
  .source = "Russian rules (004 I) with the goal reversed; 004 5.1.4; 001 survey",
  .gametype = 25,
  RUSSIAN_GAME,
  .giveaway = true,
  .draw_rules = repetition_draws,
  .n_draw_rules = DR_N_ELEMENTS (repetition_draws),
};

/* The compendium's other games (001, the survey after the national
 * variants; 001 repeats the passage, cited here at its first lines).  PDN
 * has no GameType for them: 90-92 are this program's own (README).  Where
 * 001 says no more than "the classic Russians", 004 section I applies, draw
 * rules included. */

/* 001 line 104: "the diagonal ones differ from the classic Russians in the
 * initial arrangement of pieces: they line up in opposite corners of the
 * board on dark squares in three rows so that in the first (from the
 * corner) row there is 2 checkers, in the second - 4 and in the third - 6".
 * Rows of 2, 4 and 6 dark squares exist only along the long diagonal, from
 * the light corners: White g1 h2 / e1-h4 / c1-h6, Black b8 a7 / d8-a5 /
 * f8-a3 (dr_rules_initial()). */
const DrRules dr_rules_diagonal = {
  .variant = DR_VARIANT_DIAGONAL,
  .name = "diagonal",
  .title = N_("Diagonal draughts"),
  .source = "001 line 104; 004 section I",
  .gametype = 90,
  RUSSIAN_GAME,
  .corner_setup = true,
  .draw_rules = russian_draws,
  .n_draw_rules = DR_N_ELEMENTS (russian_draws),
};

/* 001 line 102: "In northern drafts, unlike traditional Russians, when
 * someone else's king is taken, it is not removed from the board, but
 * replaced with a simple checker."  The replacement stands where the removal
 * would: at the end of the capture (004 1.5.7, 1.5.12), so until then the
 * king is a captured piece like any other, jumped once only (004 1.5.9). */
const DrRules dr_rules_northern = {
  .variant = DR_VARIANT_NORTHERN,
  .name = "northern",
  .title = N_("Northern draughts"),
  .source = "001 line 102; 004 section I",
  .gametype = 91,
  RUSSIAN_RULES,
  .kings_demoted = true,
  .draw_rules = russian_draws,
  .n_draw_rules = DR_N_ELEMENTS (russian_draws),
  .generate = _dr_movegen_generate_northern,
  .count = _dr_movegen_count_northern,
  .has_capture = _dr_movegen_has_capture_northern,
  .has_quiet = _dr_movegen_has_quiet_northern,
  .moves_kind = _dr_movegen_moves_kind_northern,
  .perft = _dr_movegen_perft_northern,
};

/* 001 line 102: "in Samoyed checkers you can (and should) beat another
 * checker, regardless of its color, i.e. both his own and someone else's";
 * line 412: "it is required to beat not only the opponent's checkers, but
 * also your own".  004 1.5.8 (no jumping one's own pieces) is the article
 * this replaces; the rest of 004 I stands. */
const DrRules dr_rules_samoyed = {
  .variant = DR_VARIANT_SAMOYED,
  .name = "samoyed",
  .title = N_("Samoyed draughts"),
  .source = "001 lines 102, 412; 004 section I",
  .gametype = 92,
  RUSSIAN_RULES,
  .self_capture = true,
  .draw_rules = russian_draws,
  .n_draw_rules = DR_N_ELEMENTS (russian_draws),
  .generate = _dr_movegen_generate_samoyed,
  .count = _dr_movegen_count_samoyed,
  .has_capture = _dr_movegen_has_capture_samoyed,
  .has_quiet = _dr_movegen_has_quiet_samoyed,
  .moves_kind = _dr_movegen_moves_kind_samoyed,
  .perft = _dr_movegen_perft_samoyed,
};

/* 001:374 "Armenian. Checkers move not diagonally, but in a perpendicular
 * direction, crossing cells of different colors.  Just like the English
 * ones, there is a ban on destroying opponent's pieces in a backward move."
 * The passage (001:368-380) describes each country's game by its
 * differences from Russian draughts ("International. The rules are similar
 * to the Russian game", "English. ... similar to Russian checkers.  The
 * differences are ..."), so what it does not change is 004 section I.
 * Against our Turkish draughts (001:96 and the federation rules), the
 * moves are the same: men one square forward or sideways, never back,
 * capturing the same ways (001:374 "ban ... in a backward move"; Russian
 * men do not move back either, 004 1.4.3); kings any distance along ranks
 * and files (004 1.4.5).  Three rules differ, each 004 I's where Turkish
 * has its own (dr-movegen-turkish.c):
 *   - any capture may be chosen (004 1.5.14), not the most pieces;
 *   - the pieces taken stay on the board until the capture ends, block,
 *     and are jumped once only (004 1.5.9, 1.5.12), not removed one by one;
 *   - a man that reaches the far rank in a capture is crowned and goes on
 *     as a king (004 1.5.15), not on as a man.
 * 001 gives no start position: Turkish draughts' (16 men on ranks 2-3 and
 * 6-7), the only one for orthogonal men on all 64 squares; 004 1.9.1's
 * endgame draws presume the diagonal board, so threefold repetition only. */
const DrRules dr_rules_armenian = {
  .variant = DR_VARIANT_ARMENIAN,
  .name = "armenian",
  .title = N_("Armenian draughts"),
  .gametype = 93,
  .source = "001 line 374; 004 section I; start as Turkish draughts",
  .geometry = &dr_geometry_8x8_full,
  .first_side = DR_SIDE_WHITE,                /* 004 1.4.1 */
  .rows_of_men = 2,                           /* as Turkish (001 gives none) */
  .notation = DR_NOTATION_ALGEBRAIC,          /* 004 1.6 */
  .capture_separator = ':',                   /* 004 1.6 */
  .men_capture_backward = false,              /* 001:374 */
  .men_capture_kings = true,
  .men_move_sideways = true,                  /* 001:374 "perpendicular" */
  .kings_fly = true,                          /* 004 1.4.5 */
  .orthogonal_board = true,                   /* 001:374 */
  .removed_at_once = false,                   /* 004 1.5.9, 1.5.12 */
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_KING, /* 004 1.5.15 */
  .capture_choice = DR_CAPTURE_FREE,          /* 004 1.5.14 */
  .draw_rules = repetition_draws,
  .n_draw_rules = DR_N_ELEMENTS (repetition_draws),
  .generate = _dr_movegen_generate_armenian,
  .count = _dr_movegen_count_armenian,
  .has_capture = _dr_movegen_has_capture_turkish,
  .has_quiet = _dr_movegen_has_quiet_turkish,
  .moves_kind = _dr_movegen_moves_kind_armenian,
};

/* 001 line 104: "In two-move checkers, the opponents make 2 moves in a row
 * (which gives a serious advantage to White)", where 004 1.4.1 has the
 * partners make one move each in turn.  Decided here (README):
 *   - every turn is two moves, White's first included: the advantage 001
 *     names is the first player's, which a one-move first turn (the
 *     progressive-chess convention) would take away;
 *   - each move is a Russian move and obeys the capture rule on its own
 *     (004 1.5.3, 1.5.14): a capture made first does not excuse a capture
 *     that is there at the second move, nor the reverse;
 *   - a player who cannot make a move loses (004 1.8.1), the second move
 *     of a turn as well as the first: the turn does not pass;
 *   - draws: 004 1.9.1, each move counted as a move (its repetition
 *     compares positions at the same point of a turn).
 * The position records the point of the turn (DrPosition.second; FEN
 * ":T2", dr-fen.c). */
const DrRules dr_rules_two_move = {
  .variant = DR_VARIANT_TWO_MOVE,
  .name = "two-move",
  .title = N_("Two-move draughts"),
  .source = "001 line 104; 004 section I",
  .gametype = 94,
  RUSSIAN_RULES,
  .two_moves = true,
  .draw_rules = russian_draws,
  .n_draw_rules = DR_N_ELEMENTS (russian_draws),
  .generate = _dr_movegen_generate_two_move,
  .count = _dr_movegen_count_two_move,
  .has_capture = _dr_movegen_has_capture_russian,
  .has_quiet = _dr_movegen_has_quiet_russian,
  .moves_kind = _dr_movegen_moves_kind_russian,
};

/* 001 line 102: "According to the rules of Stavropol checkers, you can
 * also play for the opponent"; line 408: "a participant can, in turn, make
 * a move not with his own chips, but with the opponent."  Decided here
 * (README):
 *   - a piece moves, captures and is crowned as a piece of its colour
 *     (004 1.4, 1.5): an opponent's man moved by the player goes the
 *     opponent's way, takes the player's pieces and is crowned, as the
 *     opponent's king, on the player's first rank;
 *   - capture is compulsory (004 1.5.3) over every move the player may
 *     make: with a capture by a piece of either colour on the board, the
 *     player captures, with a piece of either colour (free choice, 004
 *     1.5.14);
 *   - a player whose pieces are all taken has lost (004 1.8.1), even
 *     though the opponent's could still be moved; one who can move
 *     neither colour has lost too. */
const DrRules dr_rules_stavropol = {
  .variant = DR_VARIANT_STAVROPOL,
  .name = "stavropol",
  .title = N_("Stavropol draughts"),
  .source = "001 lines 102, 408; 004 section I",
  .gametype = 95,
  RUSSIAN_RULES,
  .foreign_moves = true,
  .draw_rules = russian_draws,
  .n_draw_rules = DR_N_ELEMENTS (russian_draws),
  .generate = _dr_movegen_generate_stavropol,
  .count = _dr_movegen_count_stavropol,
  .has_capture = _dr_movegen_has_capture_stavropol,
  .has_quiet = _dr_movegen_has_quiet_stavropol,
  .moves_kind = _dr_movegen_moves_kind_stavropol,
};

/* The tower games: kings-only and repetition draws of Russian draughts;
 * 004 1.9.1.3-1.9.1.5 count pieces, which towers make another thing. */
static const DrDrawRule pillar_draws[] = {
  { .kind = DR_DRAW_KINGS_ONLY, .limit = 15, .article = "004 1.9.1.6" },
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "004 1.9.1.7" },
};

/* 001 line 100 (and 342): "In the old Russian game of pillar checkers
 * (towers), all the chips remain on the board until the end of the game:
 * the beaten checker is placed under the batter. The towers formed during
 * the game move all over the board, "obeying" the top checker. The tower can
 * go to the kings (only the top checker turns into it). When a tower is
 * captured, the top checker is removed from it: the checker that was
 * previously under it now becomes the main one in this tower."  Everything
 * else is Russian draughts (004 section I): a tower is jumped once and the
 * jumped towers stay until the capture ends (004 1.5.9, 1.5.12), so the
 * pieces go under the taker in the order taken.  A king taken stays a king
 * beneath and commands as one when uncovered ("Officers in prison do not
 * lose their status", jpneto.github.io/world_abstract_games/bashnya.htm;
 * the same for Lasca). */
const DrRules dr_rules_pillar = {
  .variant = DR_VARIANT_PILLAR,
  .name = "pillar",
  .title = N_("Pillar draughts"),
  .source = "001 line 100; 004 section I",
  .gametype = 88,
  RUSSIAN_RULES,
  .towers = true,
  .draw_rules = pillar_draws,
  .n_draw_rules = DR_N_ELEMENTS (pillar_draws),
  .generate = _dr_movegen_generate_pillar,
  .count = _dr_movegen_count_pillar,
  .has_capture = _dr_movegen_has_capture_pillar,
  .has_quiet = _dr_movegen_has_quiet_pillar,
  .moves_kind = _dr_movegen_moves_kind_pillar,
};

/* 001 line 116: "Lasker checkers, invented by the world chess champion in
 * the 1910s on the basis of Russian pillar checkers. The game is played on
 * a 7x7 board on white fields (the corner cells on such a board are
 * white)."  What 001 leaves open is Lasker's (1911), as the Lasca site
 * reprints it (lasca.org/show?2M1, show?6UW): 11 pieces each on the three
 * nearest rows; soldiers step diagonally forward, officers forward or
 * backward, one square; captures by the short jump, compulsory, the player
 * choosing among them, and "if once he has executed it, he can carry out a
 * new capture with the same piece, he a[lso must]" (draughts.github.io/
 * lasca.html); soldiers capture forward only (English draughts' rule,
 * which Lasca follows: Wikipedia "Bashni"); "promotion only comes at the
 * end of a move"; "a piece may not attack the same piece twice in the
 * course of a single move"; "if captured, an officer retains its rank".
 * White moves first (lasca.org's diagrams); threefold repetition is the
 * only draw rule we apply (Lasker's text gives none). */
const DrRules dr_rules_lasca = {
  .variant = DR_VARIANT_LASCA,
  .name = "lasca",
  .title = N_("Lasker draughts (Lasca)"),
  .source = "001 line 116; Lasker 1911 (lasca.org)",
  .gametype = 89,
  .geometry = &dr_geometry_7x7,
  .first_side = DR_SIDE_WHITE,
  .rows_of_men = 3,
  .notation = DR_NOTATION_ALGEBRAIC,
  .capture_separator = ':',
  .men_capture_backward = false,
  .men_capture_kings = true,
  .kings_fly = false,
  .towers = true,
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN,
  .capture_choice = DR_CAPTURE_FREE,
  .draw_rules = repetition_draws,
  .n_draw_rules = DR_N_ELEMENTS (repetition_draws),
  .generate = _dr_movegen_generate_lasca,
  .count = _dr_movegen_count_lasca,
  .has_capture = _dr_movegen_has_capture_lasca,
  .has_quiet = _dr_movegen_has_quiet_lasca,
  .moves_kind = _dr_movegen_moves_kind_lasca,
};

/* 001: "In Brazilian and Canadian checkers, the game is played according
 * to the rules of international checkers, but on boards, respectively,
 * 8 x 8 and 12 x 12"; 30 men each, on the five nearest ranks.  The
 * International rules (004 section II) on the 12x12 board, generated by
 * dr-wide.c through dr-wide-rules.h (its moves carry DR_MOVE_WIDE).  Draw
 * rules: 003's king-move and repetition rules; its endgame-balance rules
 * are written for 10x10 (main road, piece counts of 20-man sides) and are
 * not applied. */
static const DrDrawRule canadian_draws[] = {
  { .kind = DR_DRAW_KINGS_ONLY, .limit = 25, .article = "003 5.5, 004 2.6 (via 001)" },
  { .kind = DR_DRAW_REPETITION, .limit = 3, .article = "003 5.6, 004 2.6 (via 001)" },
};

const DrRules dr_rules_canadian = {
  .variant = DR_VARIANT_CANADIAN,
  .name = "canadian",
  .title = N_("Canadian draughts"),
  .source = "001; 004 section II",
  .gametype = 27,                             /* PDN 3.0: 27,W,12,12,N2,0 */
  .geometry = &dr_geometry_12x12,
  .first_side = DR_SIDE_WHITE,                /* 004 1.4.1 via 2.1 */
  .rows_of_men = 5,                           /* 001: 30 men each */
  .notation = DR_NOTATION_NUMERIC,
  .capture_separator = 'x',
  .men_capture_backward = true,               /* 004 1.5.3 via 2.1 */
  .men_capture_kings = true,
  .kings_fly = true,                          /* 004 1.4.5, 1.5.2 */
  .promotion_in_capture = DR_PROMOTION_GOES_ON_AS_MAN, /* 004 2.5.2.1 */
  .capture_choice = DR_CAPTURE_MOST_PIECES,   /* 004 2.5.1 */
  .draw_rules = canadian_draws,
  .n_draw_rules = DR_N_ELEMENTS (canadian_draws),
  .generate = dr_wide_rules_generate,
  .count = dr_wide_rules_count,
  .perft = dr_wide_rules_perft,
  .has_capture = dr_wide_rules_has_capture,
  .has_quiet = dr_wide_rules_has_quiet,
  .moves_kind = dr_wide_rules_moves_kind,
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
  [DR_VARIANT_DIAGONAL] = &dr_rules_diagonal,
  [DR_VARIANT_NORTHERN] = &dr_rules_northern,
  [DR_VARIANT_SAMOYED] = &dr_rules_samoyed,
  [DR_VARIANT_ARMENIAN] = &dr_rules_armenian,
  [DR_VARIANT_TWO_MOVE] = &dr_rules_two_move,
  [DR_VARIANT_STAVROPOL] = &dr_rules_stavropol,
  [DR_VARIANT_PILLAR] = &dr_rules_pillar,
  [DR_VARIANT_LASCA] = &dr_rules_lasca,
  [DR_VARIANT_CANADIAN] = &dr_rules_canadian,
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
  int first = rules->orthogonal_board ? 1 : 0;  /* Turkish, Armenian: back rank empty */

  dr_position_clear (pos);
  if (rules->corner_setup)
    {
      /* Diagonal draughts (001 line 104): the dark squares of the three
       * diagonals nearest the light corner h1 (a8 for Black) that hold 2,
       * 4 and 6 squares, where file - rank is 2, 4 or 6 (rank - file for
       * Black). */
      for (int x = 0; x < g->width; x++)
        for (int y = 0; y < g->height; y++)
          {
            int bit = dr_geometry_bit_at_xy (g, x, y);

            if (bit < 0)
              continue;
            if (x - y == 2 || x - y == 4 || x - y == 6)
              pos->pieces[DR_SIDE_WHITE] |= dr_bb_bit (bit);
            if (y - x == 2 || y - x == 4 || y - x == 6)
              pos->pieces[DR_SIDE_BLACK] |= dr_bb_bit (bit);
          }
      pos->turn = (uint8_t) rules->first_side;
      pos->hash = dr_position_compute_hash (pos);
      return;
    }
  if (g->wide)
    {
      DrWidePosition wide;

      dr_wide_initial (&wide, DR_WIDE_RULES_SIZE);
      dr_wide_rules_pack (&wide, pos);
      return;
    }
  for (int r = first; r < first + rules->rows_of_men; r++)
    {
      pos->pieces[DR_SIDE_BLACK] |= dr_geometry_row_mask (g, r);
      pos->pieces[DR_SIDE_WHITE] |= dr_geometry_row_mask (g, g->height - 1 - r);
    }
  pos->turn = (uint8_t) rules->first_side;
  pos->hash = dr_position_compute_hash (pos);
}
