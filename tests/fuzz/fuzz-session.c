/* fuzz-session.c — libFuzzer harness for the session file reader
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: a window's session file (dr-session.h), as the application reads
 * it at start-up.  What must hold: dr_session_parse() fails with an error
 * and leaves the session cleared, or succeeds without one, with a variant,
 * one index for each edited game, and games that are written as PDN text
 * which dr_session_read_game() reads back as a game of the same variant,
 * written again unchanged (as the next session file holds them).
 */

#include "config.h"

#include "fuzz-common.h"

#include "dr-pdn.h"
#include "dr-session.h"

#include <string.h>

/* A session holds a game or two, as PDN: real ones are 1 to 4 KiB. */
#define FUZZ_MAX_INPUT 8192

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static void
check_game (const DrGame *game)
{
  g_autofree char *text = dr_pdn_write_game (game, game->rules->notation);
  g_autofree char *again = NULL;
  g_autoptr (DrGame) back = NULL;
  g_autoptr (GError) error = NULL;

  back = dr_session_read_game (text, "written", game->rules, &error);
  FUZZ_CHECK (back != NULL, "a session's game is written as text that does not read back: %s\n---\n%s---",
              error->message, text);
  FUZZ_CHECK (back->rules == game->rules, "a session's %s game reads back as %s", game->rules->name,
              back->rules->name);
  again = dr_pdn_write_game (back, game->rules->notation);
  FUZZ_CHECK (strcmp (text, again) == 0, "a session's game is written again otherwise\n--- first:\n%s--- again:\n%s---",
              text, again);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_auto (DrSession) session = { 0 };
  g_autoptr (GError) error = NULL;

  if (size > FUZZ_MAX_INPUT)
    return 0;
  if (!dr_session_parse ((const char *) data, size, "fuzz", &session, &error))
    {
      FUZZ_CHECK (error != NULL, "a session refused without an error");
      FUZZ_CHECK (session.rules == NULL && session.uri == NULL && session.path == NULL && session.current == NULL
                  && session.edits == NULL && session.edit_index == NULL,
                  "a session refused but not cleared: %s", error->message);
      return 0;
    }
  FUZZ_CHECK (error == NULL, "a session read with an error: %s", error->message);
  FUZZ_CHECK (session.rules != NULL && session.path != NULL, "a session read without a variant or a path");
  FUZZ_CHECK (session.edits->len == session.edit_index->len, "%u edited games, %u indices",
              session.edits->len, session.edit_index->len);
  if (session.current != NULL)
    check_game (session.current);
  for (guint i = 0; i < session.edits->len; i++)
    check_game (session.edits->pdata[i]);
  return 0;
}
