/* fuzz-common.h — what the libFuzzer harnesses share
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Prints a message and, for a critical or a warning, aborts: made fatal by
 * GLib itself, they would end the process by SIGTRAP (G_BREAKPOINT), which
 * libFuzzer does not catch, and the input would be lost. */
static inline GLogWriterOutput
fuzz_log_writer (GLogLevelFlags   level,
                 const GLogField *fields,
                 gsize            n_fields,
                 gpointer         data)
{
  const char *message = NULL;

  g_log_writer_standard_streams (level, fields, n_fields, data);
  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "MESSAGE") == 0)
      message = fields[i].value;
  /* GLib's own bug, not ours (GLib 2.74, gkeyfile.c): a value with a bad
   * escape and then a '\' at its end sets its error twice, which GLib
   * warns about; the value is refused all the same
   * (corpus/session/glib-escape-at-end). */
  if ((level & G_LOG_LEVEL_WARNING) && message != NULL
      && strstr (message, "GError set over the top") != NULL
      && strstr (message, "Key file contains escape character at end of line") != NULL)
    return G_LOG_WRITER_HANDLED;
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return G_LOG_WRITER_HANDLED;
}

/* A critical or warning from GLib (a g_return_if_fail that fired) is a bug
 * too. */
static inline void
fuzz_init (void)
{
  g_log_set_writer_func (fuzz_log_writer, NULL, NULL);
}

/* The variant a first byte picks. */
static inline const DrRules *
fuzz_rules (uint8_t byte)
{
  return dr_rules_get ((DrVariant) (byte % DR_N_VARIANTS));
}
