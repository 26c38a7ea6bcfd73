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

/* Draw rules, each an article of the variant's rule text; dr-draw.c reads
 * them off a game's history.  Counts are in moves of both sides together
 * unless the name says plies. */
typedef struct
{
  uint8_t repetition;           /* same position, same side to move, this many times */
  uint8_t no_progress_plies;    /* plies without a capture or a man move (0: none) */
  bool    no_progress_kings_only; /* ... counted only while both sides have kings only */
  uint8_t kings_only_plies;     /* king-only play by both sides for this many plies */
  uint8_t endgame_rules;        /* dr-draw.c DrEndgameRules: which material rules apply */
} DrDrawRules;

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
  DrPromotionInCapture promotion_in_capture;
  DrCaptureChoice      capture_choice;
  bool                 frisian_king_runs;  /* Frisian king-move restriction */
  bool                 giveaway;           /* the side without a move wins */
  DrDrawRules          draw;
  DrGenerateFunc       generate;
  DrCountFunc          count;
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

const DrRules *dr_rules_get            (DrVariant         variant);
const DrRules *dr_rules_from_name      (const char       *name);
const DrRules *dr_rules_from_gametype  (int               gametype);
/* The far row of @side: where its men are crowned. */
DrBitboard     dr_rules_promotion_mask (const DrRules    *rules,
                                        DrSide            side);
void           dr_rules_initial        (const DrRules    *rules,
                                        DrPosition       *pos);
