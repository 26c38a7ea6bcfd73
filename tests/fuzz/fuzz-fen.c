/* fuzz-fen.c — libFuzzer harness for dr_fen_parse and dr_fen_write
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: one byte that picks the variant, then the FEN text.  A FEN that
 * parses must be written, in both notations, as text that parses back to
 * the same position and is written again unchanged.
 */

#include "config.h"

#include "fuzz-common.h"

#include "dr-fen.h"

#include <string.h>

#define FUZZ_MAX_INPUT 4096

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DrRules *rules;
  g_autofree char *fen = NULL;
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  if (size < 1 || size > FUZZ_MAX_INPUT)
    return 0;
  rules = fuzz_rules (data[0]);
  fen = g_strndup ((const char *) data + 1, size - 1);
  if (!dr_fen_parse (rules, fen, &pos, &error))
    {
      FUZZ_CHECK (error != NULL, "dr_fen_parse failed without an error: “%s”", fen);
      return 0;
    }
  FUZZ_CHECK (error == NULL, "dr_fen_parse succeeded with an error: %s", error->message);

  for (int n = 0; n < 2; n++)
    {
      DrNotation notation = n == 0 ? DR_NOTATION_NUMERIC : DR_NOTATION_ALGEBRAIC;
      g_autofree char *text = dr_fen_write (rules, &pos, notation);
      g_autofree char *again = NULL;
      g_autoptr (GError) local = NULL;
      DrPosition back;

      FUZZ_CHECK (dr_fen_parse (rules, text, &back, &local),
                  "%s: “%s” written from “%s” does not parse: %s",
                  rules->name, text, fen, local->message);
      FUZZ_CHECK (dr_position_equal (&pos, &back),
                  "%s: “%s” written from “%s” reads as another position",
                  rules->name, text, fen);
      FUZZ_CHECK (back.hash == pos.hash, "%s: “%s”: hash differs", rules->name, text);
      again = dr_fen_write (rules, &back, notation);
      FUZZ_CHECK (strcmp (text, again) == 0, "%s: “%s” is written again as “%s”",
                  rules->name, text, again);
    }
  return 0;
}
