/* fuzz-patterns.c — libFuzzer harness for the pattern weights file reader
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A weights file (dr-patterns.h) is a 48-byte header and then 26 KiB of
 * weights a window, up to 420 KiB: too long for a fuzzer to write, and
 * guarded by a SHA-256 it cannot match.  So the input describes the file:
 *   byte 0  the variant (fuzz_rules())
 *   byte 1  flags: bit 0, write the right SHA-256 into the header
 *   byte 2  the payload's length, as a signed difference (-128 to 127) to
 *           the length the variant's windows need
 *   then the header (48 bytes, zero-padded if the input is shorter), then
 *   weight bytes, repeated to fill the payload.
 * What must hold: dr_patterns_load_bytes() refuses the file with a
 * DR_PATTERNS_ERROR or reads exactly the weights the file holds, and
 * dr_patterns_eval() then evaluates the start position.
 */

#include "config.h"

#include "fuzz-common.h"

#include "dr-patterns.h"

#include <string.h>

#define HEADER_SIZE 48
#define HEADER_SIGNED 16
#define FUZZ_MAX_INPUT 4096

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

/* The weights' bytes in a file of format @version: 2 without the global
 * terms, 3 with them. */
static gsize
payload_size (const DrRules *rules,
              int            version)
{
  static gsize sizes[DR_N_VARIANTS];

  if (!dr_patterns_supported (rules))
    return 0;
  if (sizes[rules->variant] == 0)
    {
      g_autoptr (DrPatterns) patterns = dr_patterns_new (rules);

      sizes[rules->variant] = (gsize) dr_patterns_n_windows (patterns) * 2 * DR_PATTERNS_SIZE * 2;
    }
  return sizes[rules->variant] + (version == 3 ? 2 * DR_PATTERNS_N_GLOBAL * 2 : 0);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DrRules *rules;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (DrPatterns) patterns = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree guint8 *file = NULL;
  const guint8 *weights;
  gsize n_weights, length, n;
  DrPosition pos;

  if (size < 3 || size > FUZZ_MAX_INPUT)
    return 0;
  rules = fuzz_rules (data[0]);
  n = payload_size (rules, size > 10 ? data[3 + 7] : 3);
  if (n == 0)
    n = 2 * DR_PATTERNS_SIZE * 2;
  length = HEADER_SIZE + n + (gsize) (gssize) (int8_t) data[2];
  file = g_malloc0 (length);
  memcpy (file, data + 3, MIN ((gsize) HEADER_SIZE, size - 3));
  weights = data + 3 + HEADER_SIZE;
  n_weights = size > 3 + HEADER_SIZE ? size - 3 - HEADER_SIZE : 0;
  /* The weight bytes, then copies of what is there (memcpy: a byte at a
   * time would be most of the time an input takes). */
  if (n_weights > 0)
    {
      gsize done = MIN (n_weights, length - HEADER_SIZE);

      memcpy (file + HEADER_SIZE, weights, done);
      while (HEADER_SIZE + done < length)
        {
          gsize more = MIN (done, length - HEADER_SIZE - done);

          memcpy (file + HEADER_SIZE + done, file + HEADER_SIZE, more);
          done += more;
        }
    }
  if ((data[1] & 1) && length >= HEADER_SIZE)
    {
      g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
      gsize sum_length = 32;

      /* Formats 2 and 3: the checksum covers the header's first 16 bytes (magic,
       * version, GameType, windows) and the weights. */
      g_checksum_update (checksum, file, HEADER_SIGNED);
      g_checksum_update (checksum, file + HEADER_SIZE, (gssize) (length - HEADER_SIZE));
      g_checksum_get_digest (checksum, file + 16, &sum_length);
    }
  bytes = g_bytes_new_static (file, length);
  patterns = dr_patterns_load_bytes (rules, bytes, &error);
  if (patterns == NULL)
    {
      FUZZ_CHECK (error != NULL && error->domain == DR_PATTERNS_ERROR,
                  "weights refused without a DR_PATTERNS_ERROR");
      return 0;
    }
  FUZZ_CHECK (error == NULL, "weights read with an error: %s", error->message);
  FUZZ_CHECK (dr_patterns_get_rules (patterns) == rules, "weights read for another variant");
  FUZZ_CHECK (length == HEADER_SIZE + payload_size (rules, file[7]), "weights of %zu bytes read", length);
  {
    const gint16 *w = dr_patterns_weights (patterns);

    for (gsize i = 0; i < (length - HEADER_SIZE) / 2; i++)
      FUZZ_CHECK (w[i] == (gint16) (guint16) (file[HEADER_SIZE + 2 * i] | file[HEADER_SIZE + 2 * i + 1] << 8),
                  "weight %zu read as %d", i, w[i]);
  }
  dr_rules_initial (rules, &pos);
  (void) dr_patterns_eval (patterns, &pos);
  return 0;
}
