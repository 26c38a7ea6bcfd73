/* dr-match.h — two engines, Hub or DXP, play each other from openings
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_MATCH_ERROR (dr_match_error_quark ())

typedef enum
{
  DR_MATCH_ERROR_OPENINGS,   /* an openings file that cannot be used */
  DR_MATCH_ERROR_ENGINE,     /* an engine that died or broke the protocol */
} DrMatchError;

GQuark    dr_match_error_quark      (void);

/* The Elo difference that a score of @wins, @draws and @losses means in
 * the logistic model, and the half-width of its 95% interval, from the
 * score's standard error over the games.  Either is infinite when the
 * score (or an end of its interval) is 0 or 1. */
void      dr_match_elo              (int                 wins,
                                     int                 draws,
                                     int                 losses,
                                     double             *elo,
                                     double             *margin);

/* The start positions of an openings file: one FEN a line, or ballot
 * lines "code | moves | ... | FEN" (data/ballots/); '#' starts a comment.
 * (transfer full): a GPtrArray of g_strdup'd FEN, each checked against
 * @rules; @codes (optional) gets the codes, "" when a line has none. */
double    dr_match_elo_bound        (int                 wins,
                                     int                 draws,
                                     int                 losses);

/* The sequential probability ratio test of a match (see dr-match.c). */
double    dr_match_sprt_llr         (int                 wins,
                                     int                 draws,
                                     int                 losses,
                                     double              elo0,
                                     double              elo1);
void      dr_match_sprt_bounds      (double              alpha,
                                     double              beta,
                                     double             *lower,
                                     double             *upper);

GPtrArray *dr_match_read_openings   (const char         *path,
                                     const DrRules      *rules,
                                     GPtrArray         **codes,
                                     GError            **error);

/* draughtsman-cli match A B [OPTIONS], each engine a Hub command line or
 * dxp:HOST[:PORT]; returns the exit status. */
int       dr_match_command          (int                 argc,
                                     char              **argv);

G_END_DECLS
