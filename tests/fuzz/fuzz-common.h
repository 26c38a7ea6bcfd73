/* fuzz-common.h — what the libFuzzer harnesses share
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>

#include "dr-rules.h"

int LLVMFuzzerInitialize   (int            *argc,
                            char         ***argv);
int LLVMFuzzerTestOneInput (const uint8_t  *data,
                            size_t          size);

/* A property that must hold: report it and abort, so that libFuzzer
 * keeps the input as a crash. */
#define FUZZ_CHECK(cond, ...) \
  G_STMT_START \
  { \
    if (G_UNLIKELY (!(cond))) \
      { \
        fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        fprintf (stderr, __VA_ARGS__); \
        fputc ('\n', stderr); \
        abort (); \
      } \
  } \
  G_STMT_END

/* A critical or warning from GLib (a g_return_if_fail that fired) is a bug
 * too. */
static inline void
fuzz_init (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

/* The variant a first byte picks. */
static inline const DrRules *
fuzz_rules (uint8_t byte)
{
  return dr_rules_get ((DrVariant) (byte % DR_N_VARIANTS));
}
