/* fuzz-dxp.c — libFuzzer harness for the DXP message parser
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: the bytes of one DXP message, without its NUL (what the link
 * hands to dr_dxp_message_parse()).  A message that parses is written by
 * dr_dxp_message_format() as text that parses back and is written again
 * unchanged.  A MOVE that names a legal move of the start position (or of
 * a GAMEREQ's setup, for the GAMEREQ read just before it in the input,
 * after a NUL) is written by dr_dxp_message_set_move() as a MOVE that
 * names the same move.
 */

#include "config.h"

#include "fuzz-common.h"

#include "dr-dxp-message.h"
#include "dr-movegen.h"

#include <string.h>

/* A message is 127 bytes at most: longer ones are refused after the byte
 * check, so 256 covers every path. */
#define FUZZ_MAX_INPUT 256

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static void
check_move (const DrDxpMessage *msg,
            const DrPosition   *pos)
{
  DrMove move, back;
  DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrDxpMessage again, reread;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  gboolean found = FALSE;

  if (!dr_dxp_message_get_move (msg, pos, &move, &error))
    {
      FUZZ_CHECK (error != NULL && error->code == DR_DXP_ERROR_ILLEGAL_MOVE,
                  "dr_dxp_message_get_move failed without DR_DXP_ERROR_ILLEGAL_MOVE");
      g_free (legal);
      return;
    }
  dr_movegen_legal (&dr_rules_international, pos, legal);
  for (unsigned i = 0; i < legal->n; i++)
    found |= dr_move_same (&legal->moves[i], &move);
  g_free (legal);
  FUZZ_CHECK (found, "dr_dxp_message_get_move returned a move that is not legal");
  dr_dxp_message_set_move (&again, &move, msg->seconds);
  text = dr_dxp_message_format (&again);
  FUZZ_CHECK (dr_dxp_message_parse (text, strlen (text), &reread, &error),
              "the MOVE written for a legal move does not parse: “%s”: %s", text, error->message);
  FUZZ_CHECK (dr_dxp_message_get_move (&reread, pos, &back, &error),
              "the MOVE written for a legal move is not legal: “%s”: %s", text, error->message);
  FUZZ_CHECK (dr_move_same (&move, &back), "the MOVE written as “%s” names another move", text);
}

/* Parses one message; checks what must hold of it. */
static gboolean
check_message (const char   *text,
               gsize         length,
               DrDxpMessage *msg)
{
  DrDxpMessage back;
  g_autoptr (GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *again = NULL;

  if (!dr_dxp_message_parse (text, length, msg, &error))
    {
      FUZZ_CHECK (error != NULL && error->domain == DR_DXP_ERROR,
                  "dr_dxp_message_parse failed without a DXP error");
      return FALSE;
    }
  FUZZ_CHECK (error == NULL, "dr_dxp_message_parse succeeded with an error: %s", error->message);
  FUZZ_CHECK ((char) msg->type == text[0], "a message read as another type");
  written = dr_dxp_message_format (msg);
  FUZZ_CHECK (written != NULL && strlen (written) <= DR_DXP_MAX_MESSAGE,
              "a message is written longer than 127 bytes");
  FUZZ_CHECK (dr_dxp_message_parse (written, strlen (written), &back, &error),
              "“%s” is written as “%s”, which does not parse: %s",
              g_strndup (text, length), written, error->message);
  again = dr_dxp_message_format (&back);
  FUZZ_CHECK (strcmp (written, again) == 0, "“%s” is written again as “%s”", written, again);
  if (msg->type == DR_DXP_GAMEREQ)
    FUZZ_CHECK (back.setup == msg->setup && (!msg->setup || dr_position_equal (&back.position, &msg->position)),
                "the GAMEREQ written as “%s” reads back with another position", written);
  return TRUE;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *) data;
  const char *nul;
  DrDxpMessage first, second;
  DrPosition pos;

  if (size > FUZZ_MAX_INPUT)
    return 0;
  dr_rules_initial (&dr_rules_international, &pos);
  nul = memchr (text, '\0', size);
  if (nul == NULL)
    {
      if (check_message (text, size, &first) && first.type == DR_DXP_MOVE)
        check_move (&first, &pos);
      return 0;
    }
  /* Two messages: a GAMEREQ's position for the MOVE after it. */
  if (check_message (text, (gsize) (nul - text), &first) && first.type == DR_DXP_GAMEREQ && first.setup)
    pos = first.position;
  if (check_message (nul + 1, size - (gsize) (nul - text) - 1, &second) && second.type == DR_DXP_MOVE)
    check_move (&second, &pos);
  return 0;
}
