/* dr-dxp.h — draughtsman-cli dxp: plays International draughts over DXP
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-dxp-link.h"
#include "dr-dxp-message.h"
#include "dr-timed-reader.h"

G_BEGIN_DECLS

/* draughtsman-cli dxp [OPTIONS]: plays over DXP; returns the exit status. */
int       dr_dxp_command            (int                 argc,
                                     char              **argv);

G_END_DECLS
