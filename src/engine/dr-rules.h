/* dr-rules.h — the rules of each variant, as data
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hot-path header: libc only.
 *
 * Each variant is one const DrRules (dr-rules.c), every field citing the
 * article of the rule text it implements (shared/rules/: 000 WCDF checkers,
 * 001 compendium, 002 Ukrainian checkers, 003 Ukrainian 100-square, 004
 * Draughts code of Russia) or, for the variants the seeds only sketch, the
 * federation text that was followed.  The move generator is instantiated
 * once per combination of rule flags (dr-movegen.c) and reached through the
 * function pointers at the end, so the flags cost nothing at run time.
 */
#pragma once

#include "dr-geometry.h"
#include "dr-position.h"

typedef enum
{
  DR_VARIANT_INTERNATIONAL,
  DR_VARIANT_RUSSIAN,
  DR_VARIANT_ENGLISH,
  DR_VARIANT_BRAZILIAN,
  DR_VARIANT_POOL,
  DR_VARIANT_ITALIAN,
  DR_VARIANT_SPANISH,
  DR_VARIANT_CZECH,
  DR_VARIANT_TURKISH,
  DR_VARIANT_FRISIAN,
  DR_VARIANT_ANTIDRAUGHTS,
  DR_VARIANT_RUSSIAN_GIVEAWAY,
  DR_VARIANT_DIAGONAL,
  DR_VARIANT_NORTHERN,
  DR_VARIANT_SAMOYED,
  DR_VARIANT_ARMENIAN,
  DR_VARIANT_TWO_MOVE,
  DR_VARIANT_STAVROPOL,
  DR_VARIANT_PILLAR,
  DR_VARIANT_LASCA,
  DR_VARIANT_CANADIAN,
  DR_N_VARIANTS
} DrVariant;

/* Which of several captures a player may choose. */
typedef enum
{
  DR_CAPTURE_FREE,            /* any capture */
  DR_CAPTURE_MOST_PIECES,     /* the most pieces, kings counting as men */
  DR_CAPTURE_MOST_THEN_KINGS, /* the most pieces, then the most kings (Spanish) */
  DR_CAPTURE_ITALIAN,         /* most pieces, then by a king, most kings, first king */
  DR_CAPTURE_KING_FIRST,      /* a king must capture if it can (Czech) */
  DR_CAPTURE_FRISIAN,         /* highest value, then by a king */
} DrCaptureChoice;

/* What happens to a man that reaches the far row in the middle of a capture. */
typedef enum
{
  DR_PROMOTION_ENDS_MOVE,     /* crowned, the move ends there */
  DR_PROMOTION_GOES_ON_AS_MAN,/* goes on capturing as a man if it can; crowned
                                 only if the capture ends on the far row */
  DR_PROMOTION_GOES_ON_AS_KING, /* crowned at once, goes on as a king */
} DrPromotionInCapture;

typedef enum
{
  DR_NOTATION_NUMERIC,
  DR_NOTATION_ALGEBRAIC,
} DrNotation;

typedef struct _DrRules DrRules;

typedef void     (*DrGenerateFunc) (const DrPosition *pos,
                                    DrMoveList       *list);
typedef unsigned (*DrCountFunc)    (const DrPosition *pos,
                                    DrMoveList       *scratch);
typedef uint64_t (*DrPerftFunc)    (const DrPosition *pos,
                                    int               depth,
                                    DrMoveList       *lists);

/* What the side to move can do, as the generator would find it. */
typedef enum
{
  DR_MOVES_NONE,     /* no legal move: blocked, or no pieces */
  DR_MOVES_QUIET,    /* quiet moves only */
  DR_MOVES_CAPTURE,  /* a capture, so only captures */
} DrMovesKind;

/* Bitboard tests that generate no move (dr-movegen-diag.h). */
typedef bool        (*DrTestFunc)      (const DrPosition *pos);
typedef DrMovesKind (*DrMovesKindFunc) (const DrPosition *pos);

/* A draw rule: one article of a variant's rule text, read off the game's
 * history by dr_draw_check() (dr-draw.c).  Limits are in moves of one side
 * ("40 moves" is 40 moves of each player, 80 plies). */
typedef enum
{
  DR_DRAW_REPETITION,      /* the same position, same side to move, @limit times */
  DR_DRAW_NO_PROGRESS,     /* @limit moves each without a capture or a crowning */
  DR_DRAW_KINGS_ONLY,      /* @limit moves each with kings only: no man moved, no capture */
  DR_DRAW_ENDGAME,         /* a material balance held for @limit moves */
  DR_DRAW_LONE_KINGS,      /* Frisian: king against king, no shot either way */
} DrDrawKind;

typedef struct
{
  DrDrawKind  kind;
  uint8_t     limit;
  /* DR_DRAW_ENDGAME: the stronger side has strong_min..strong_max pieces,
   * at least strong_min_kings kings, only kings if strong_kings_only; the
   * other side has weak_pieces pieces (0: any number), all kings if
   * weak_kings_only, all on the main road or all off it if asked.
   * both_kings and total_min..total_max describe balances without a
   * stronger side (004 1.9.1.4).  The count runs from the move that made
   * the balance (and the main-road condition) true, and counts the
   * stronger side's moves, or both sides' if count_both. */
  uint8_t     strong_min;
  uint8_t     strong_max;
  uint8_t     strong_min_kings;
  bool        strong_kings_only;
  uint8_t     weak_pieces;
  bool        weak_kings_only;
  bool        on_main_road;
  bool        off_main_road;
  bool        both_kings;
  uint8_t     total_min;
  uint8_t     total_max;
  bool        count_both;
  const char *article;
} DrDrawRule;

struct _DrRules
{
  DrVariant            variant;
  const char          *name;             /* command-line name */
  const char          *title;            /* English display name */
  int                  gametype;         /* PDN 3.0 GameType */
  const char          *source;           /* the rule text followed */
  const DrGeometry    *geometry;
  DrSide               first_side;
  uint8_t              rows_of_men;      /* ranks filled at the start, each side */
  bool                 corner_setup;     /* Diagonal: the men start in two corners */
  DrNotation           notation;         /* the variant's usual notation */
  char                 capture_separator;
  bool                 english_numbers;  /* numeric squares as in English checkers too */
  bool                 men_capture_backward;
  bool                 men_capture_kings;
  bool                 men_move_sideways;  /* Turkish */
  bool                 kings_fly;
  bool                 orthogonal_captures; /* Frisian */
  bool                 orthogonal_board;   /* Turkish: orthogonal moves only */
  bool                 removed_at_once;    /* captured pieces leave the board at once (Turkish) */
  bool                 kings_demoted;      /* a captured king stays, as a man (Northern) */
  bool                 self_capture;       /* own pieces are captured too (Samoyed) */
  bool                 two_moves;          /* a turn is two moves (two-move) */
  bool                 foreign_moves;      /* the opponent's pieces may be moved (Stavropol) */
  bool                 towers;             /* taken pieces go under the taker (pillar, Lasca; dr-stack.h) */
  DrPromotionInCapture promotion_in_capture;
  DrCaptureChoice      capture_choice;
  bool                 frisian_king_runs;  /* Frisian king-move restriction */
  bool                 giveaway;           /* the side without a move wins */
  const DrDrawRule    *draw_rules;       /* the variant's default rule set */
  uint8_t              n_draw_rules;
  DrGenerateFunc       generate;
  DrCountFunc          count;
  DrPerftFunc          perft;            /* depth >= 2; NULL: the generic loop */
  DrTestFunc           has_capture;      /* the quick tests, same rules as generate */
  DrTestFunc           has_quiet;
  DrMovesKindFunc      moves_kind;
};

extern const DrRules dr_rules_international;
extern const DrRules dr_rules_russian;
extern const DrRules dr_rules_english;
extern const DrRules dr_rules_brazilian;
extern const DrRules dr_rules_pool;
extern const DrRules dr_rules_italian;
extern const DrRules dr_rules_spanish;
extern const DrRules dr_rules_czech;
extern const DrRules dr_rules_turkish;
extern const DrRules dr_rules_frisian;
extern const DrRules dr_rules_antidraughts;
extern const DrRules dr_rules_russian_giveaway;
extern const DrRules dr_rules_diagonal;
extern const DrRules dr_rules_northern;
extern const DrRules dr_rules_samoyed;
extern const DrRules dr_rules_armenian;
extern const DrRules dr_rules_two_move;
extern const DrRules dr_rules_stavropol;
extern const DrRules dr_rules_pillar;
extern const DrRules dr_rules_lasca;
extern const DrRules dr_rules_canadian;

/* Alternative International draw rule sets (the default, on
 * dr_rules_international, is 003 section 5 as the rules README digests it):
 * the FMJD official rules 6.1-6.4, and the Draughts code of Russia 2.6. */
extern const DrDrawRule dr_draw_rules_international_fmjd[];
extern const unsigned   dr_draw_rules_international_fmjd_n;
extern const DrDrawRule dr_draw_rules_international_004[];
extern const unsigned   dr_draw_rules_international_004_n;

const DrRules *dr_rules_get            (DrVariant         variant);
const DrRules *dr_rules_from_name      (const char       *name);
const DrRules *dr_rules_from_gametype  (int               gametype);
/* The far row of @side: where its men are crowned. */
DrBitboard     dr_rules_promotion_mask (const DrRules    *rules,
                                        DrSide            side);
void           dr_rules_initial        (const DrRules    *rules,
                                        DrPosition       *pos);
