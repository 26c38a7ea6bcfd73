/* fuzz-pdn.c — libFuzzer harness for the PDN reader and writer
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: one byte that picks the variant the reader assumes (or none:
 * guess it) in its low 7 bits and the notation games are written in in
 * its high bit, then PDN text.  Every game read, whole or in part, is
 * written in that notation; the text written must read back as one game,
 * whole if the game was read whole and in part (its [%unread] comments) if
 * not, and be written again unchanged: write (read (write (g))) == write (g).
 *
 * One notation an input, not both: the round trip is most of the time an
 * input takes (README.md, "Speed"), and the fuzzer flips the high bit as
 * readily as any other.
 */

#include "config.h"

#include "fuzz-common.h"

#include "dr-game.h"
#include "dr-pdn.h"

#include <string.h>

/* 4 KiB of text: 99.6 % of the games of shared/data (median 421 bytes),
 * several short games, and long enough for quadratic work to stand out:
 * the reproducer of the one found so far, corpus/pdn/slow-joined-separators,
 * is 4 KiB (README.md, "Speed"). */
#define FUZZ_MAX_INPUT 4096

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static void
check_round_trip (const DrGame *game,
                  DrNotation    notation)
{
  g_autofree char *text = dr_pdn_write_game (game, notation);
  g_autofree char *again = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (DrGame) back = NULL;
  g_autoptr (DrGame) extra = NULL;
  g_autoptr (GError) error = NULL;
  DrPdnRead read;

  reader = dr_pdn_reader_new (text, -1, "written", "UTF-8", game->rules, &error);
  FUZZ_CHECK (reader != NULL, "the written text is not UTF-8: %s", error->message);
  read = dr_pdn_reader_next_game (reader, &back, &error);
  /* A game read in part reads back in part, with its unread text. */
  FUZZ_CHECK (read == (dr_game_find_unread (game) != NULL ? DR_PDN_READ_PARTIAL : DR_PDN_READ_WHOLE),
              "the written game does not read back as it was read: %s\n---\n%s---",
              error != NULL ? error->message : "(no game)", text);
  g_clear_error (&error);
  FUZZ_CHECK (back->rules == game->rules, "the written %s game reads back as %s\n---\n%s---",
              game->rules->name, back->rules->name, text);
  FUZZ_CHECK (dr_pdn_reader_next_game (reader, &extra, &error) == DR_PDN_READ_END && error == NULL,
              "the written game reads back as more than one\n---\n%s---", text);
  again = dr_pdn_write_game (back, notation);
  FUZZ_CHECK (strcmp (text, again) == 0,
              "the written game is written again otherwise\n--- first:\n%s--- again:\n%s---",
              text, again);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DrRules *rules;
  int variant;
  DrNotation notation;
  g_autoptr (DrPdnReader) reader = NULL;
  guint n_games = 0;

  if (size < 1 || size > FUZZ_MAX_INPUT + 1)
    return 0;
  /* One more choice than there are variants: none, guess it. */
  variant = (data[0] & 0x7f) % (DR_N_VARIANTS + 1);
  notation = (data[0] & 0x80) != 0 ? DR_NOTATION_ALGEBRAIC : DR_NOTATION_NUMERIC;
  rules = variant == DR_N_VARIANTS ? NULL : dr_rules_get ((DrVariant) variant);
  reader = dr_pdn_reader_new ((const char *) data + 1, (gssize) size - 1, "fuzz", NULL,
                              rules, NULL);
  if (reader == NULL)
    return 0;
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autoptr (DrGame) copy = NULL;
      g_autoptr (GError) error = NULL;

      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);

      if (read == DR_PDN_READ_END)
        {
          FUZZ_CHECK (game == NULL && error == NULL, "the end of the input with a game or an error");
          break;
        }
      FUZZ_CHECK (game != NULL, "no game before the end of the input");
      /* A game read in part says why, and keeps what it could not read. */
      FUZZ_CHECK ((read == DR_PDN_READ_PARTIAL) == (error != NULL), "a game read in part without an error");
      FUZZ_CHECK (read == DR_PDN_READ_WHOLE || dr_game_find_unread (game) != NULL,
                  "a game read in part keeps no unread text: %s", error->message);
      FUZZ_CHECK (++n_games < FUZZ_MAX_INPUT, "more games than bytes");
      copy = dr_game_copy (game);
      FUZZ_CHECK (dr_game_equal (game, copy), "dr_game_copy gives another game");
      check_round_trip (game, notation);
    }
  return 0;
}
