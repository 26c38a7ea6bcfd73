/* dr-cli-wide.h — perft, divide, moves, fen and analyse on the wide boards
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The variants whose positions do not fit DrPosition (Canadian draughts,
 * dr-wide.h) have no DrRules; dr-cli.c hands its position commands and
 * analyse (dr-wide-search.h) here
 * when --variant names one of them.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *command;
  const char *variant;
  const char *fen;
  const char *notation;
  const char *format;
  gboolean    paths;
} DrCliWideOptions;

/* The board size of wide variant @variant ("canadian": 12), 0 for any
 * other name (NULL included). */
int  dr_cli_wide_size   (const char             *variant);

/* The commands; each prints its own errors and returns an exit status. */
int  dr_cli_wide_perft  (const DrCliWideOptions *o,
                         int                     depth);
int  dr_cli_wide_divide (const DrCliWideOptions *o,
                         int                     depth);
int  dr_cli_wide_moves  (const DrCliWideOptions *o);
int  dr_cli_wide_fen    (const DrCliWideOptions *o);
/* analyse with dr-wide-search.h: limits as the 64-bit analyse (0: none;
 * depth 12 when none is given), a table of @hash MiB. */
int  dr_cli_wide_analyse (const DrCliWideOptions *o,
                          int                     depth,
                          gint64                  nodes,
                          gint64                  movetime,
                          int                     hash);

/* pdn-check of @files (@n_files) on the board of @variant (dr-wide-pdn.h):
 * each problem as FILE:LINE:COLUMN, then the totals. */
int  dr_cli_wide_pdn_check (const char  *variant,
                            const char  *encoding,
                            gboolean     quiet,
                            int          n_files,
                            char       **files);

G_END_DECLS
