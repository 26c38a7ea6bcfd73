/* dr-patterns.h — the learned part of the evaluation: men patterns
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Scan's lesson (ENGINES.md §3.4): weights for every way the men can stand
 * in small regions of the board, fitted on millions of positions, know
 * more than a hand-set formula.  Ours: the board is covered by overlapping
 * windows of 4x4 squares (8 playing squares each) at every even offset,
 * 16 windows on 10x10 and 9 on 8x8.  A window's contents are one of 3^8 =
 * 6561 patterns (empty or a king, a White man, a Black man on each
 * square), and each pattern has two weights, one for a full board and one
 * for an empty one; the score blends them by the number of pieces left.
 *
 * The evaluation is antisymmetric by construction: the score from White's
 * view is f(pos) - f(pos turned half a turn with the colours swapped),
 * where f sums the weights of the windows' patterns.  So a pattern's
 * weight is its worth to White and, turned round, to Black, and what the
 * fit learns for one side holds for the other.
 *
 * The patterns are added to the hand-set terms of dr-eval.c (material,
 * kings, runaways ...); the fit (`draughtsman-cli tune --patterns`,
 * dr-pattern-fit.c) learns what those miss.  With the patterns it fits a
 * few global terms (DR_PATTERNS_N_GLOBAL, dr_patterns_global()): counts
 * over the whole board that no window sees, such as the kings (which the
 * windows take for empty squares), the kings facing none, the men's
 * mobility, tempo and balance.  Each has a full-board and an empty-board
 * weight, blended as the patterns' are, in sixteenths of a hundredth of a
 * man per unit: one model, fitted together.
 *
 * A weights file (data/patterns/VARIANT.drp) is:
 *   bytes 0-7   "DRPAT\0\0\3" (magic and format version 3)
 *   bytes 8-11  the variant's PDN GameType, little-endian
 *   bytes 12-15 the number of windows, little-endian
 *   bytes 16-47 the SHA-256 of bytes 0-15 and of the weights
 *   then windows x 6561 x 2 weights, int16 little-endian, in hundredths of
 *   a man: window by window, pattern by pattern, the full-board weight then
 *   the empty-board one; then DR_PATTERNS_N_GLOBAL x 2 weights, int16
 *   little-endian, the global terms' full-board then empty-board weights.
 * Version 2 files (the same without the global terms) are read with the
 * global terms at 0.  A file of another variant, size, version or checksum is refused, and so
 * is one whose GameType was changed after it was written: the checksum
 * covers it (version 1's did not), and then names the GameType the
 * weights were made for.
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_PATTERNS_ERROR (dr_patterns_error_quark ())

typedef enum
{
  DR_PATTERNS_ERROR_FORMAT,    /* not a weights file, or of another version */
  DR_PATTERNS_ERROR_VARIANT,   /* a file for another variant or board */
  DR_PATTERNS_ERROR_CORRUPT,   /* truncated, or the checksum is wrong */
} DrPatternsError;

GQuark dr_patterns_error_quark (void);

#define DR_PATTERNS_SIZE      6561   /* 3^8 patterns a window */
#define DR_PATTERNS_MAX_WINDOWS 16

/* The global terms, each from White's view as White's count less Black's. */
typedef enum
{
  DR_PATTERNS_G_KINGS,          /* kings */
  DR_PATTERNS_G_KINGS_VS_NONE,  /* kings, counted only while the other side has none */
  DR_PATTERNS_G_MAN_MOBILITY,   /* the men's free forward squares */
  DR_PATTERNS_G_KING_MOBILITY,  /* the squares the kings reach */
  DR_PATTERNS_G_TEMPO,          /* the men's ranks from their own back rank, summed */
  DR_PATTERNS_G_BALANCE,        /* |men on the left half - men on the right half| */
  DR_PATTERNS_G_RUNAWAY,        /* men a rank from crowning with a free square ahead */
  DR_PATTERNS_G_LOCKED,         /* men with both forward squares taken */
  DR_PATTERNS_G_BACK_RANK,      /* men on their own back rank */
  DR_PATTERNS_G_SIMPLIFY,       /* pieces ahead x pieces off the board, / 8 */
  DR_PATTERNS_N_GLOBAL
} DrPatternsGlobal;

/* Global weights are in 1/DR_PATTERNS_GLOBAL_SCALE hundredths a unit. */
#define DR_PATTERNS_GLOBAL_SCALE 16

typedef struct _DrPatterns DrPatterns;

/* Are patterns defined for @rules' board?  Diagonal boards of 8x8 and
 * 10x10; not Turkish's, nor the giveaway games. */
gboolean    dr_patterns_supported  (const DrRules    *rules);
/* Zero weights for @rules (which must be supported). */
DrPatterns *dr_patterns_new        (const DrRules    *rules);
DrPatterns *dr_patterns_load       (const DrRules    *rules,
                                    const char       *path,
                                    GError          **error);
DrPatterns *dr_patterns_load_bytes (const DrRules    *rules,
                                    GBytes           *bytes,
                                    GError          **error);
/* The weights that ship with the program for @rules' variant (built in
 * from data/patterns/), NULL if there are none.  A built-in file that does
 * not load is a bug: it is reported with g_warning(). */
DrPatterns *dr_patterns_new_builtin (const DrRules   *rules);
gboolean    dr_patterns_save       (const DrPatterns *self,
                                    const char       *path,
                                    GError          **error);
void        dr_patterns_free       (DrPatterns       *self);

const DrRules *dr_patterns_get_rules (const DrPatterns *self);
int         dr_patterns_n_windows  (const DrPatterns *self);
/* The weights: [window][pattern][set], set 0 full board, 1 empty; then
 * the global terms' [term][set] (dr_patterns_global_weights()). */
gint16     *dr_patterns_weights    (DrPatterns       *self);
gint16     *dr_patterns_global_weights (DrPatterns   *self);
/* To be called after the weights were changed through the pointers above. */
void        dr_patterns_weights_changed (DrPatterns  *self);
/* The global terms' values in @pos, White's view (DrPatternsGlobal order). */
void        dr_patterns_global     (const DrPatterns *self,
                                    const DrPosition *pos,
                                    int               out[DR_PATTERNS_N_GLOBAL]);

/* What a position is made of for the patterns: each window's pattern from
 * White's view (own) and from Black's view (flip: the window turned half a
 * turn, colours swapped), and the blend, full / DR_PATTERNS_PHASE_MAX. */
#define DR_PATTERNS_PHASE_MAX 64
typedef struct
{
  guint16 own[DR_PATTERNS_MAX_WINDOWS];
  guint16 flip[DR_PATTERNS_MAX_WINDOWS];
  int     full;          /* 0 (empty board) .. DR_PATTERNS_PHASE_MAX */
} DrPatternsIndex;

void        dr_patterns_index      (const DrPatterns *self,
                                    const DrPosition *pos,
                                    DrPatternsIndex  *index);

/* The patterns' score of @pos in hundredths of a man, from the side to
 * move's view. */
int         dr_patterns_eval       (const DrPatterns *self,
                                    const DrPosition *pos);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrPatterns, dr_patterns_free)

G_END_DECLS
