/* fuzz-move.c — libFuzzer harness for the move readers
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: one byte that picks the variant; one byte that, if odd, says a
 * FEN follows up to a '\n' (else the position is the start); then the
 * move text.  A move dr_move_parse() reads must be legal, agree with
 * dr_move_match(), and be written by dr_move_to_text() and
 * dr_move_to_hub() as texts that read back as the same move.
 */

#include "config.h"

#include "fuzz-common.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <string.h>

#define FUZZ_MAX_INPUT 4096

static DrMoveList legal;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static gboolean
is_legal (const DrMove *move)
{
  for (unsigned i = 0; i < legal.n; i++)
    if (dr_move_same (&legal.moves[i], move))
      return TRUE;
  return FALSE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DrRules *rules;
  g_autofree char *input = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) hub_error = NULL;
  g_autoptr (GArray) matches = NULL;
  const char *text;
  DrPosition pos;
  DrMove move, again, hub;
  gboolean ok;

  if (size < 2 || size > FUZZ_MAX_INPUT)
    return 0;
  rules = fuzz_rules (data[0]);
  input = g_strndup ((const char *) data + 2, size - 2);
  text = input;
  if (data[1] & 1)
    {
      char *nl = strchr (input, '\n');

      if (nl == NULL)
        return 0;
      *nl = '\0';
      if (!dr_fen_parse (rules, input, &pos, NULL))
        return 0;
      text = nl + 1;
    }
  else
    dr_rules_initial (rules, &pos);
  memset (&legal, 0, sizeof legal);
  dr_movegen_legal (rules, &pos, &legal);

  ok = dr_move_parse (rules, &pos, &legal, text, &move, &error);
  FUZZ_CHECK (ok == (error == NULL), "dr_move_parse: result and error disagree on “%s”", text);

  /* Without the list of legal moves, the same answer. */
  {
    g_autoptr (GError) local = NULL;
    gboolean ok2 = dr_move_parse (rules, &pos, NULL, text, &again, &local);

    FUZZ_CHECK (ok2 == ok, "dr_move_parse on “%s” depends on the legal list", text);
    FUZZ_CHECK (!ok || (dr_move_same (&move, &again) && move.n_jumps == again.n_jumps
                        && memcmp (move.path, again.path, move.n_jumps) == 0),
                "dr_move_parse on “%s” depends on the legal list", text);
  }

  matches = dr_move_match (rules, &pos, text);
  for (guint i = 0; i < matches->len; i++)
    FUZZ_CHECK (is_legal (&g_array_index (matches, DrMove, i)),
                "dr_move_match on “%s” gives an illegal move", text);
  if (ok)
    FUZZ_CHECK (matches->len == 1 && dr_move_same (&g_array_index (matches, DrMove, 0), &move),
                "%s: “%s” reads as one move but matches %u", rules->name, text, matches->len);
  else if (g_error_matches (error, DR_MOVE_ERROR, DR_MOVE_ERROR_AMBIGUOUS))
    FUZZ_CHECK (matches->len >= 2, "%s: “%s” is ambiguous but matches %u",
                rules->name, text, matches->len);

  if (dr_move_parse_hub (rules, &pos, text, &hub, &hub_error))
    FUZZ_CHECK (is_legal (&hub), "%s: dr_move_parse_hub reads “%s” as an illegal move",
                rules->name, text);
  else
    FUZZ_CHECK (hub_error != NULL, "dr_move_parse_hub failed without an error on “%s”", text);

  if (!ok)
    return 0;
  FUZZ_CHECK (is_legal (&move), "%s: “%s” reads as an illegal move", rules->name, text);

  for (int n = 0; n < 2; n++)
    {
      DrNotation notation = n == 0 ? DR_NOTATION_NUMERIC : DR_NOTATION_ALGEBRAIC;
      g_autofree char *written = dr_move_to_text (rules, &legal, &move, notation);
      g_autoptr (GError) local = NULL;

      FUZZ_CHECK (dr_move_parse (rules, &pos, &legal, written, &again, &local),
                  "%s: “%s” written from “%s” does not read back: %s",
                  rules->name, written, text, local->message);
      FUZZ_CHECK (dr_move_same (&move, &again), "%s: “%s” written from “%s” reads as another move",
                  rules->name, written, text);
    }

  {
    g_autofree char *written = dr_move_to_hub (rules, &move);
    g_autoptr (GError) local = NULL;

    FUZZ_CHECK (dr_move_parse_hub (rules, &pos, written, &again, &local),
                "%s: hub move “%s” written from “%s” does not read back: %s",
                rules->name, written, text, local->message);
    FUZZ_CHECK (dr_move_same (&move, &again), "%s: hub move “%s” reads as another move",
                rules->name, written);
  }
  return 0;
}
