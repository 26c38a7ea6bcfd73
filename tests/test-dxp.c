/* test-dxp.c — the DamExchange protocol: messages, moves, and two engines
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The messages below are written by hand from the layouts of ENGINES.md
 * §4.2 (the two MOVE examples are the spec's own), not produced by the code
 * under test.  The end-to-end cases run two `draughtsman-cli dxp`
 * processes ($DRAUGHTSMAN_CLI) against each other on 127.0.0.1 and replay
 * the game they report with the engine's own rules.
 */

#include "config.h"

#include "dr-draw.h"
#include "dr-dxp.h"
#include "dr-fen.h"
#include "dr-hub-client.h"
#include "dr-match.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-timed-reader.h"
#include "test-dxp-util.h"
#include "test-util.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NAME32 "Draughtsman                     "   /* 11 + 21 spaces */

/* Parsing and formatting ----------------------------------------------- */

typedef struct
{
  const char *path;
  const char *text;
  DrDxpType   type;
} ValidCase;

static const ValidCase valid_cases[] = {
  { "/cli/dxp/message/gamereq/start", "R01" NAME32 "Z010000A", DR_DXP_GAMEREQ },
  { "/cli/dxp/message/gamereq/setup",
    "R01" NAME32 "W005050BZ"
    "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww", DR_DXP_GAMEREQ },
  { "/cli/dxp/message/gameacc/accept", "A" NAME32 "0", DR_DXP_GAMEACC },
  { "/cli/dxp/message/move/quiet", "M0012061100", DR_DXP_MOVE },
  { "/cli/dxp/message/move/capture", "M001205250422122320", DR_DXP_MOVE },
  { "/cli/dxp/message/gameend/draw", "E20", DR_DXP_GAMEEND },
  { "/cli/dxp/message/gameend/give-up-stop", "E11", DR_DXP_GAMEEND },
  { "/cli/dxp/message/chat", "CHello, good luck!", DR_DXP_CHAT },
  { "/cli/dxp/message/backreq", "B005Z", DR_DXP_BACKREQ },
  { "/cli/dxp/message/backacc", "K1", DR_DXP_BACKACC },
};

static void
test_valid (gconstpointer data)
{
  const ValidCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *again = NULL;
  DrDxpMessage msg;

  g_assert_true (dr_dxp_message_parse (c->text, strlen (c->text), &msg, &error));
  g_assert_no_error (error);
  g_assert_cmpint (msg.type, ==, c->type);
  again = dr_dxp_message_format (&msg);
  g_assert_cmpstr (again, ==, c->text);
}

/* The fields of the spec's examples, one by one. */
static void
test_fields (void)
{
  g_autoptr (GError) error = NULL;
  const char *setup = "R01" NAME32 "W005050BZ"
                      "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
  DrDxpMessage msg;
  DrPosition start;

  g_assert_true (dr_dxp_message_parse ("M001205250422122320", 19, &msg, &error));
  g_assert_cmpint (msg.seconds, ==, 12);
  g_assert_cmpint (msg.from, ==, 5);
  g_assert_cmpint (msg.to, ==, 25);
  g_assert_cmpint (msg.n_captured, ==, 4);
  /* ENGINES.md's gloss says "capturing 04, 22, 12, 20", but 04 is the
   * count field: the captured squares are 22, 12, 23 and 20. */
  g_assert_cmpint (msg.captured[0], ==, 22);
  g_assert_cmpint (msg.captured[1], ==, 12);
  g_assert_cmpint (msg.captured[2], ==, 23);
  g_assert_cmpint (msg.captured[3], ==, 20);

  g_assert_true (dr_dxp_message_parse ("R01" NAME32 "Z010000A", 43, &msg, &error));
  g_assert_cmpint (msg.version, ==, 1);
  g_assert_cmpstr (msg.name, ==, "Draughtsman");
  g_assert_cmpint (msg.follower_side, ==, DR_SIDE_BLACK);
  g_assert_cmpint (msg.minutes, ==, 10);
  g_assert_cmpint (msg.moves, ==, 0);
  g_assert_false (msg.setup);

  /* The setup is the start position with Black to move. */
  g_assert_true (dr_dxp_message_parse (setup, strlen (setup), &msg, &error));
  g_assert_true (msg.setup);
  g_assert_cmpint (msg.follower_side, ==, DR_SIDE_WHITE);
  g_assert_cmpint (msg.minutes, ==, 5);
  g_assert_cmpint (msg.moves, ==, 50);
  dr_rules_initial (&dr_rules_international, &start);
  dr_position_set_turn (&start, DR_SIDE_BLACK);
  g_assert_true (dr_position_equal (&msg.position, &start));

  g_assert_true (dr_dxp_message_parse ("E11", 3, &msg, &error));
  g_assert_cmpint (msg.reason, ==, DR_DXP_END_I_LOSE);
  g_assert_cmpint (msg.stop, ==, 1);

  g_assert_true (dr_dxp_message_parse ("B005Z", 5, &msg, &error));
  g_assert_cmpint (msg.move_number, ==, 5);
  g_assert_cmpint (msg.side_to_move, ==, DR_SIDE_BLACK);

  g_assert_true (dr_dxp_message_parse ("CHi", 3, &msg, &error));
  g_assert_cmpstr (msg.text, ==, "Hi");
  g_assert_no_error (error);
}

/* Formatting pads, cuts and clamps to the layout. */
static void
test_format (void)
{
  DrDxpMessage msg = { .type = DR_DXP_GAMEACC, .code = 2 };
  g_autofree char *acc = NULL, *req = NULL, *move = NULL;

  g_strlcpy (msg.name, "Name that is longer than thirty-two bytes", sizeof msg.name);
  acc = dr_dxp_message_format (&msg);
  g_assert_cmpstr (acc, ==, "AName that is longer than thirty-2");

  memset (&msg, 0, sizeof msg);
  msg.type = DR_DXP_GAMEREQ;
  msg.version = 1;
  g_strlcpy (msg.name, "  Lead", sizeof msg.name);
  msg.follower_side = DR_SIDE_WHITE;
  msg.minutes = 3;
  msg.moves = 75;
  req = dr_dxp_message_format (&msg);
  g_assert_cmpstr (req, ==, "R01Lead                            W003075A");

  memset (&msg, 0, sizeof msg);
  msg.type = DR_DXP_MOVE;
  msg.seconds = 123456;
  msg.from = 32;
  msg.to = 28;
  move = dr_dxp_message_format (&msg);
  g_assert_cmpstr (move, ==, "M9999322800");
}

typedef struct
{
  const char *path;
  const char *text;
  int         code;
  const char *detail;   /* must appear in the error message */
} InvalidCase;

static const InvalidCase invalid_cases[] = {
  { "/cli/dxp/invalid/empty", "", DR_DXP_ERROR_LENGTH, "empty" },
  { "/cli/dxp/invalid/unknown-header", "X0012", DR_DXP_ERROR_UNKNOWN_TYPE, "byte 1" },
  { "/cli/dxp/invalid/lowercase-header", "m0012061100", DR_DXP_ERROR_UNKNOWN_TYPE, "“m”" },
  { "/cli/dxp/invalid/move/short", "M00120611", DR_DXP_ERROR_LENGTH, "at least 11" },
  { "/cli/dxp/invalid/move/time-letter", "M00a2061100", DR_DXP_ERROR_FIELD, "byte 4 (in the time field, bytes 2–5)" },
  { "/cli/dxp/invalid/move/from-space", "M0012 61100", DR_DXP_ERROR_FIELD, "byte 6 (in the from field, bytes 6–7) is “ ”" },
  { "/cli/dxp/invalid/move/to-range", "M0012065100", DR_DXP_ERROR_FIELD, "the to field (bytes 8–9) is 51" },
  { "/cli/dxp/invalid/move/from-zero", "M0012001100", DR_DXP_ERROR_FIELD, "the from field (bytes 6–7) is 00" },
  { "/cli/dxp/invalid/move/count-range", "M0012061121", DR_DXP_ERROR_FIELD, "number captured" },
  { "/cli/dxp/invalid/move/missing-captured", "M0012061101", DR_DXP_ERROR_LENGTH, "13 for 1 captured" },
  { "/cli/dxp/invalid/move/extra-byte", "M00120611000", DR_DXP_ERROR_LENGTH, "11 for 0 captured" },
  { "/cli/dxp/invalid/move/captured-range", "M001206110155", DR_DXP_ERROR_FIELD, "captured square field (bytes 12–13) is 55" },
  { "/cli/dxp/invalid/move/captured-twice", "M00120611020404", DR_DXP_ERROR_FIELD, "(bytes 14–15) is 04, listed already at bytes 12–13" },
  { "/cli/dxp/invalid/gameend/reason", "E41", DR_DXP_ERROR_FIELD, "the reason field (bytes 2–2) is 4" },
  { "/cli/dxp/invalid/gameend/stop", "E0x", DR_DXP_ERROR_FIELD, "byte 3 (the stop code field) is “x”" },
  { "/cli/dxp/invalid/gameend/long", "E000", DR_DXP_ERROR_LENGTH, "expected 3" },
  { "/cli/dxp/invalid/gamereq/short", "R01" NAME32 "Z010000", DR_DXP_ERROR_LENGTH, "43 (normal start)" },
  { "/cli/dxp/invalid/gamereq/version", "R0x" NAME32 "Z010000A", DR_DXP_ERROR_FIELD, "byte 3 (in the version field, bytes 2–3)" },
  { "/cli/dxp/invalid/gamereq/colour", "R01" NAME32 "B010000A", DR_DXP_ERROR_FIELD, "byte 36 (the follower colour field) is “B”" },
  { "/cli/dxp/invalid/gamereq/start", "R01" NAME32 "Z010000C", DR_DXP_ERROR_FIELD, "byte 43 (the starting position field)" },
  { "/cli/dxp/invalid/gamereq/setup-short", "R01" NAME32 "Z010000BW", DR_DXP_ERROR_LENGTH, "94 with a setup" },
  { "/cli/dxp/invalid/gamereq/start-with-setup", "R01" NAME32 "Z010000AW"
    "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww", DR_DXP_ERROR_LENGTH, "43 with the normal start" },
  { "/cli/dxp/invalid/gamereq/setup-piece", "R01" NAME32 "Z010000BW"
    "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeebwwwwwwwwwwwwwwwwwww", DR_DXP_ERROR_FIELD, "byte 75 (in the position field, bytes 45–94) is “b”" },
  { "/cli/dxp/invalid/gamereq/setup-colour", "R01" NAME32 "Z010000Bw"
    "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww", DR_DXP_ERROR_FIELD, "byte 44 (the colour to move field)" },
  { "/cli/dxp/invalid/gameacc/short", "A" NAME32, DR_DXP_ERROR_LENGTH, "expected 34" },
  { "/cli/dxp/invalid/gameacc/code", "A" NAME32 "4", DR_DXP_ERROR_FIELD, "acceptance code" },
  { "/cli/dxp/invalid/chat/empty", "C", DR_DXP_ERROR_LENGTH, "2 to 127" },
  { "/cli/dxp/invalid/chat/too-long", "C"
    "0123456789012345678901234567890123456789012345678901234567890123456789"
    "01234567890123456789012345678901234567890123456789012345678", DR_DXP_ERROR_LENGTH, "at most 127" },
  { "/cli/dxp/invalid/chat/not-ascii", "Cdam\xc3\xa9", DR_DXP_ERROR_BAD_BYTE,
    "byte 5 (in the text field, bytes 2–127) is \\xC3" },
  { "/cli/dxp/invalid/header-not-ascii", "\xc3M0012061100", DR_DXP_ERROR_BAD_BYTE, "byte 1 (the header) is \\xC3" },
  { "/cli/dxp/invalid/unknown-header-long", "X"
    "0123456789012345678901234567890123456789012345678901234567890123456789"
    "0123456789012345678901234567890123456789012345678901234567890123456789", DR_DXP_ERROR_UNKNOWN_TYPE,
    "byte 1 (the header) is “X”" },
  { "/cli/dxp/invalid/move/time-not-ascii", "M00\x80" "2061100", DR_DXP_ERROR_BAD_BYTE,
    "byte 4 (in the time field, bytes 2–5) is \\x80" },
  { "/cli/dxp/invalid/move/not-ascii-after", "M0012061100\xff", DR_DXP_ERROR_BAD_BYTE,
    "byte 12 (in the captured square field, bytes 12–13) is \\xFF" },
  { "/cli/dxp/invalid/move/cut-in-to", "M0012061", DR_DXP_ERROR_LENGTH,
    "byte 9 (in the to field, bytes 8–9) is missing" },
  { "/cli/dxp/invalid/move/cut-in-captured", "M00120611010", DR_DXP_ERROR_LENGTH,
    "byte 13 (in the captured square field, bytes 12–13) is missing" },
  { "/cli/dxp/invalid/move/over-127", "M0012061120"
    "0102030405060708091011121314151617181920"
    "0102030405060708091011121314151617181920"
    "0102030405060708091011121314151617181920", DR_DXP_ERROR_LENGTH,
    "at most 51: byte 52 is “0”, where the message should end after the captured square field" },
  { "/cli/dxp/invalid/gameend/short", "E0", DR_DXP_ERROR_LENGTH, "byte 3 (in the stop code field, bytes 3–3) is missing" },
  { "/cli/dxp/invalid/gameacc/long", "A" NAME32 "00", DR_DXP_ERROR_LENGTH,
    "byte 35 is “0”, where the message should end after the acceptance code field" },
  { "/cli/dxp/invalid/gamereq/start-long", "R01" NAME32 "Z010000AW", DR_DXP_ERROR_LENGTH,
    "byte 44 is “W”, where the message should end after the starting position field" },
  { "/cli/dxp/invalid/gamereq/setup-long", "R01" NAME32 "Z010000BW"
    "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwwwe", DR_DXP_ERROR_LENGTH,
    "byte 95 is “e”, where the message should end after the position field" },
  { "/cli/dxp/invalid/backreq/short", "B00", DR_DXP_ERROR_LENGTH, "byte 4 (in the move number field, bytes 2–4) is missing" },
  { "/cli/dxp/invalid/backreq/long", "B005WZ", DR_DXP_ERROR_LENGTH,
    "byte 6 is “Z”, where the message should end after the colour to move field" },
  { "/cli/dxp/invalid/backacc/long", "K00", DR_DXP_ERROR_LENGTH,
    "byte 3 is “0”, where the message should end after the acceptance code field" },
  { "/cli/dxp/invalid/backreq/zero", "B000W", DR_DXP_ERROR_FIELD, "move number" },
  { "/cli/dxp/invalid/backreq/colour", "B005X", DR_DXP_ERROR_FIELD, "byte 5 (the colour to move field) is “X”" },
  { "/cli/dxp/invalid/backacc/empty", "K", DR_DXP_ERROR_LENGTH, "expected 2" },
};

static void
test_invalid (gconstpointer data)
{
  const InvalidCase *c = data;
  g_autoptr (GError) error = NULL;
  DrDxpMessage msg;

  g_assert_false (dr_dxp_message_parse (c->text, strlen (c->text), &msg, &error));
  g_assert_error (error, DR_DXP_ERROR, c->code);
  if (strstr (error->message, c->detail) == NULL)
    g_error ("“%s” does not say “%s”", error->message, c->detail);
  /* Every error names the byte at fault, its field (or the header) and
   * what was expected there. */
  if (strstr (error->message, "byte") == NULL || strstr (error->message, "expected") == NULL
      || (strstr (error->message, " field") == NULL && strstr (error->message, "(the header)") == NULL))
    g_error ("“%s” does not name the byte, its field and what was expected", error->message);
}

/* A NUL inside the message (the stream splits messages there, so only a
 * caller that passes a length past it can see one). */
static void
test_embedded_nul (void)
{
  g_autoptr (GError) error = NULL;
  DrDxpMessage msg;

  g_assert_false (dr_dxp_message_parse ("E2\0", 3, &msg, &error));
  g_assert_error (error, DR_DXP_ERROR, DR_DXP_ERROR_BAD_BYTE);
}

/* The reader of messages ---------------------------------------------------- */

/* A connected pair of loopback sockets: @server's end and @client's. */
static void
socket_pair (GSocketConnection **server,
             GSocketConnection **client)
{
  g_autoptr (GSocketListener) listener = g_socket_listener_new ();
  g_autoptr (GSocketClient) connector = g_socket_client_new ();
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new_from_string ("127.0.0.1", 0);
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_socket_listener_add_address (listener, address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error));
  g_assert_no_error (error);
  /* The kernel completes the connection from the backlog: connecting
   * first, then accepting, works on one thread. */
  *client = g_socket_client_connect (connector, G_SOCKET_CONNECTABLE (effective), NULL, &error);
  g_assert_no_error (error);
  *server = g_socket_listener_accept (listener, NULL, NULL, &error);
  g_assert_no_error (error);
}

static void
write_bytes (GSocketConnection *connection,
             const char        *data,
             gsize              length)
{
  g_autoptr (GError) error = NULL;
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (connection));

  g_assert_true (g_output_stream_write_all (out, data, length, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* Waits up to 10 s for a message: messages written before are whole in
 * the socket by then, or the reader is wrong. */
static char *
read_message (DrTimedReader *reader,
              gsize         *length,
              GError       **error)
{
  return dr_timed_reader_read (reader, '\0', g_get_monotonic_time () + 10 * G_USEC_PER_SEC,
                               NULL, length, error);
}

/* Messages split over several reads come whole; one of the largest size
 * (127 bytes) is read; one byte more without a NUL is an error at once,
 * quoting only the first 64 bytes and without waiting for a NUL that
 * will never come (the reader had buffered without limit until the
 * deadline); the connection closing inside a message quotes 64 bytes and
 * gives the length (it had quoted all of it). */
static void
test_reader_bounded (void)
{
  g_autoptr (GSocketConnection) server = NULL;
  g_autoptr (GSocketConnection) client = NULL;
  g_autoptr (DrTimedReader) reader = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *longest = g_strnfill (DR_DXP_MAX_MESSAGE, 'C');
  g_autofree char *too_long = g_strnfill (4096, 'C');
  g_autofree char *cut = g_strnfill (100, 'x');
  g_autofree char *quoted_64 = g_strnfill (63, 'x');
  g_autofree char *quoted_65 = g_strnfill (64, 'x');
  char *text;
  gsize length = 0;

  socket_pair (&server, &client);
  reader = dr_timed_reader_new (g_io_stream_get_input_stream (G_IO_STREAM (server)),
                                DR_DXP_MAX_MESSAGE);

  /* Half a message: nothing yet (the deadline has passed already). */
  write_bytes (client, "CHel", 4);
  g_assert_null (dr_timed_reader_read (reader, '\0', 0, NULL, &length, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
  g_clear_error (&error);
  write_bytes (client, "lo\0Cx", 5);
  text = read_message (reader, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "CHello");
  g_assert_cmpuint (length, ==, 6);
  g_free (text);
  write_bytes (client, "y", 2);
  text = read_message (reader, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "Cxy");
  g_free (text);

  write_bytes (client, longest, DR_DXP_MAX_MESSAGE + 1);
  text = read_message (reader, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, DR_DXP_MAX_MESSAGE);
  g_assert_cmpstr (text, ==, longest);
  g_free (text);

  write_bytes (client, too_long, 4096);
  g_assert_null (read_message (reader, &length, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "longer than 127 bytes"));
  g_assert_cmpuint (strlen (error->message), <, 200);
  g_clear_error (&error);

  /* The test's side closes inside a message: "C" and 100 x. */
  g_clear_pointer (&reader, dr_timed_reader_free);
  g_clear_object (&server);
  socket_pair (&server, &client);
  reader = dr_timed_reader_new (g_io_stream_get_input_stream (G_IO_STREAM (server)),
                                DR_DXP_MAX_MESSAGE);
  write_bytes (client, "C", 1);
  write_bytes (client, cut, 100);
  g_io_stream_close (G_IO_STREAM (client), NULL, NULL);
  g_assert_null (read_message (reader, &length, &error));
  g_assert_error (error, DR_DXP_ERROR, DR_DXP_ERROR_CLOSED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "101 bytes"));
  g_assert_nonnull (strstr (error->message, quoted_64));
  g_assert_null (strstr (error->message, quoted_65));
}

/* Moves ----------------------------------------------------------------- */

/* Every legal move of some positions survives move -> message -> text ->
 * message -> move, the captured squares reversed too. */
static void
test_move_roundtrip (void)
{
  static const char *const fens[] = {
    NULL,
    "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
    "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
    "W:WK46:B9,10,12,13,19,20,22,23,32,33,34,40",
  };
  const DrRules *rules = &dr_rules_international;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  unsigned multi = 0;

  for (gsize f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      g_autoptr (GError) error = NULL;
      DrPosition pos;

      if (fens[f] == NULL)
        dr_rules_initial (rules, &pos);
      else
        g_assert_true (dr_fen_parse (rules, fens[f], &pos, &error));
      g_assert_no_error (error);
      dr_movegen_legal (rules, &pos, legal);
      g_assert_cmpuint (legal->n, >, 0);
      for (unsigned i = 0; i < legal->n; i++)
        {
          DrDxpMessage msg, back;
          DrMove move;
          g_autofree char *text = NULL;

          dr_dxp_message_set_move (&msg, &legal->moves[i], 7);
          text = dr_dxp_message_format (&msg);
          g_assert_cmpuint (strlen (text), ==, 11 + 2 * (gsize) dr_bb_count (legal->moves[i].captures));
          g_assert_true (dr_dxp_message_parse (text, strlen (text), &back, &error));
          g_assert_no_error (error);
          g_assert_true (dr_dxp_message_get_move (&back, &pos, &move, &error));
          g_assert_no_error (error);
          g_assert_true (dr_move_same (&move, &legal->moves[i]));
          if (back.n_captured > 1)
            {
              for (int a = 0, b = back.n_captured - 1; a < b; a++, b--)
                {
                  int t = back.captured[a];
                  back.captured[a] = back.captured[b];
                  back.captured[b] = t;
                }
              g_assert_true (dr_dxp_message_get_move (&back, &pos, &move, &error));
              g_assert_true (dr_move_same (&move, &legal->moves[i]));
              multi++;
            }
        }
    }
  /* The positions do hold multiple captures. */
  g_assert_cmpuint (multi, >, 0);
}

static void
test_move_known (void)
{
  g_autoptr (GError) error = NULL;
  DrDxpMessage msg;
  DrPosition pos;
  DrMove move;

  /* 32-28 from the start; 33-29-24 is no move; 28x19 needs a capture. */
  dr_rules_initial (&dr_rules_international, &pos);
  g_assert_true (dr_dxp_message_parse ("M0001322800", 11, &msg, &error));
  g_assert_true (dr_dxp_message_get_move (&msg, &pos, &move, &error));
  g_assert_no_error (error);
  g_assert_true (dr_dxp_message_parse ("M0001504500", 11, &msg, &error));
  g_assert_false (dr_dxp_message_get_move (&msg, &pos, &move, &error));
  g_assert_error (error, DR_DXP_ERROR, DR_DXP_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "50-45"));
  g_clear_error (&error);

  /* White 28 takes 23 and lands on 19; naming 22 as taken is illegal. */
  g_assert_true (dr_fen_parse (&dr_rules_international, "W:W28:B23,5", &pos, &error));
  g_assert_true (dr_dxp_message_parse ("M000228190123", 13, &msg, &error));
  g_assert_true (dr_dxp_message_get_move (&msg, &pos, &move, &error));
  g_assert_cmpint (dr_bb_count (move.captures), ==, 1);
  g_assert_true (dr_dxp_message_parse ("M000228190122", 13, &msg, &error));
  g_assert_false (dr_dxp_message_get_move (&msg, &pos, &move, &error));
  g_assert_error (error, DR_DXP_ERROR, DR_DXP_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "28x19 capturing 22"));
  g_clear_error (&error);
  /* A quiet move when a capture is compulsory. */
  g_assert_true (dr_dxp_message_parse ("M0002282200", 11, &msg, &error));
  g_assert_false (dr_dxp_message_get_move (&msg, &pos, &move, &error));
  g_assert_error (error, DR_DXP_ERROR, DR_DXP_ERROR_ILLEGAL_MOVE);
}

/* Two processes ---------------------------------------------------------- */

/* done and procs[] are read and written with atomics as well as under
 * the lock: GLib's GMutex waits on a futex that ThreadSanitizer does not
 * see, and .ci/run runs this program under it. */
typedef struct
{
  GMutex       lock;
  GCond        cond;
  gint         done;
  GSubprocess *procs[2];
} Watchdog;

/* Kills both engines if they have not finished in time, so that a hung
 * game fails the test instead of hanging it. */
static gpointer
watchdog_thread (gpointer data)
{
  Watchdog *w = data;
  gint64 deadline = g_get_monotonic_time () + 90 * G_TIME_SPAN_SECOND;

  g_mutex_lock (&w->lock);
  while (!g_atomic_int_get (&w->done))
    if (!g_cond_wait_until (&w->cond, &w->lock, deadline))
      {
        for (int i = 0; i < 2; i++)
          {
            GSubprocess *proc = g_atomic_pointer_get (&w->procs[i]);

            if (proc != NULL)
              g_subprocess_force_exit (proc);
          }
        break;
      }
  g_mutex_unlock (&w->lock);
  return NULL;
}

typedef struct
{
  char *out;
  char *err;
} Output;

/* Reads the game lines of one engine's output: the result and the moves. */
static void
check_game (const char *out,
            const char *fen,
            const char *expected_result,
            char      **moves_out)
{
  const DrRules *rules = &dr_rules_international;
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GError) error = NULL;
  g_autofree char *result = NULL;
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  g_auto (GStrv) moves = NULL;
  const char *game_line = NULL, *moves_line = NULL;
  DrPosition pos;
  DrStatus status;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "game 1: "))
      game_line = lines[i];
    else if (g_str_has_prefix (lines[i], "moves: "))
      moves_line = lines[i] + strlen ("moves: ");
  g_assert_nonnull (game_line);
  g_assert_nonnull (moves_line);
  {
    g_autoptr (GRegex) re = g_regex_new (" (2-0|1-1|0-2|\\*) after ([0-9]+) plies", 0, 0, NULL);
    g_autoptr (GMatchInfo) match = NULL;

    if (!g_regex_match (re, game_line, 0, &match))
      g_error ("no result in “%s”", game_line);
    result = g_match_info_fetch (match, 1);
  }
  if (expected_result != NULL)
    g_assert_cmpstr (result, ==, expected_result);
  g_assert_cmpstr (result, !=, "*");

  if (fen == NULL)
    dr_rules_initial (rules, &pos);
  else
    g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
  g_array_append_val (history, pos);
  moves = g_strsplit (moves_line, " ", -1);
  for (guint i = 0; moves[i] != NULL; i++)
    {
      DrMove move;

      if (moves[i][0] == '\0')
        continue;
      if (!dr_move_parse (rules, &pos, NULL, moves[i], &move, &error))
        g_error ("move %u “%s”: %s", i + 1, moves[i], error->message);
      dr_position_apply (&pos, &pos, &move);
      g_array_append_val (history, pos);
    }
  /* The game ended where the rules end it, with the reported result. */
  status = dr_game_status (rules, (const DrPosition *) history->data, history->len, NULL);
  if (g_str_equal (result, "2-0"))
    g_assert_cmpint (status, ==, DR_STATUS_WHITE_WINS);
  else if (g_str_equal (result, "0-2"))
    g_assert_cmpint (status, ==, DR_STATUS_BLACK_WINS);
  else
    g_assert_cmpint (status, ==, DR_STATUS_DRAW);
  *moves_out = g_strdup (moves_line);
}


static void
run_pair (const char *fen,
          const char *expected_result)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) follower = NULL, initiator = NULL;
  g_autoptr (GDataInputStream) follower_out = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL, *port = NULL, *rest = NULL;
  g_autofree char *init_out = NULL, *init_err = NULL;
  g_autofree char *moves_a = NULL, *moves_b = NULL;
  g_autoptr (GString) follower_text = g_string_new (NULL);
  Watchdog w = { 0 };
  GThread *thread;
  const char *argv_init[16];
  int n = 0;

  g_assert_nonnull (cli);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");

  follower = g_subprocess_launcher_spawn (launcher, &error, cli, "dxp", "--listen", "--port", "0",
                                          "--movetime", "10", "--games", "1", "--hash", "4", NULL);
  g_assert_no_error (error);
  g_mutex_init (&w.lock);
  g_cond_init (&w.cond);
  w.procs[0] = follower;
  thread = g_thread_new ("watchdog", watchdog_thread, &w);

  /* "listening on 127.0.0.1:PORT": the port the system chose. */
  follower_out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (follower));
  first = g_data_input_stream_read_line (follower_out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (first);
  g_assert_true (g_str_has_prefix (first, "listening on 127.0.0.1:"));
  port = g_strdup (strrchr (first, ':') + 1);

  argv_init[n++] = cli;
  argv_init[n++] = "dxp";
  argv_init[n++] = "--port";
  argv_init[n++] = port;
  argv_init[n++] = "--movetime";
  argv_init[n++] = "10";
  argv_init[n++] = "--games";
  argv_init[n++] = "1";
  argv_init[n++] = "--hash";
  argv_init[n++] = "4";
  argv_init[n++] = "--verbose";
  if (fen != NULL)
    {
      argv_init[n++] = "--fen";
      argv_init[n++] = fen;
    }
  argv_init[n] = NULL;
  initiator = g_subprocess_launcher_spawnv (launcher, argv_init, &error);
  g_assert_no_error (error);
  g_mutex_lock (&w.lock);
  g_atomic_pointer_set (&w.procs[1], initiator);
  g_mutex_unlock (&w.lock);

  g_assert_true (g_subprocess_communicate_utf8 (initiator, NULL, NULL, &init_out, &init_err, &error));
  g_assert_no_error (error);
  read_to_end (follower_out, follower_text);
  g_assert_true (g_subprocess_wait (follower, NULL, &error));

  g_mutex_lock (&w.lock);
  g_atomic_int_set (&w.done, TRUE);
  g_cond_signal (&w.cond);
  g_mutex_unlock (&w.lock);
  g_thread_join (thread);
  g_mutex_clear (&w.lock);
  g_cond_clear (&w.cond);

  g_test_message ("initiator:\n%s%s", init_out, init_err);
  g_test_message ("follower:\n%s", follower_text->str);
  g_assert_true (g_subprocess_get_if_exited (initiator));
  g_assert_cmpint (g_subprocess_get_exit_status (initiator), ==, 0);
  g_assert_true (g_subprocess_get_if_exited (follower));
  g_assert_cmpint (g_subprocess_get_exit_status (follower), ==, 0);

  /* The request carried the setup; one side ended, the other answered. */
  g_assert_nonnull (strstr (init_err, fen == NULL ? "dxp > R01Draughtsman" : "Z010000BW"));
  g_assert_nonnull (strstr (init_err, "dxp < ADraughtsman                     0"));
  g_assert_true (strstr (init_err, "dxp > E") != NULL && strstr (init_err, "dxp < E") != NULL);

  check_game (init_out, fen, expected_result, &moves_a);
  check_game (follower_text->str, fen, expected_result, &moves_b);
  g_assert_cmpstr (moves_a, ==, moves_b);
  g_assert_nonnull (strstr (init_out, "games: 1,"));
  g_assert_nonnull (strstr (follower_text->str, "games: 1,"));
}

static void
test_end_to_end_start (void)
{
  run_pair (NULL, NULL);
}

/* A setup where White's one capture ends the game: the GAMEREQ carries
 * the position, and Black, with nothing left, gives up. */
static void
test_end_to_end_setup (void)
{
  run_pair ("W:W28:B23", "2-0");
}

/* A scripted peer ---------------------------------------------------------- */


/* Listens on a free loopback port and starts an initiator against it,
 * with @timeout (NULL: the default) as its --timeout. */
static void
peer_start_full (Peer       *p,
                 const char *timeout)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new_from_string ("127.0.0.1", 0);
  g_autoptr (GSocketAddress) effective = NULL;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (cli);
  p->listener = g_socket_listener_new ();
  g_assert_true (g_socket_listener_add_address (p->listener, address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error));
  g_assert_no_error (error);
  p->port = g_strdup_printf ("%u", g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective)));
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_unsetenv (launcher, "LANGUAGE");
  p->cli = g_subprocess_launcher_spawn (launcher, &error, cli, "dxp", "--port", p->port,
                                        "--movetime", "10", "--hash", "4",
                                        timeout != NULL ? "--timeout" : NULL, timeout, NULL);
  g_assert_no_error (error);
  p->connection = g_socket_listener_accept (p->listener, NULL, NULL, &error);
  g_assert_no_error (error);
  p->in = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (p->connection)));
  p->out = g_io_stream_get_output_stream (G_IO_STREAM (p->connection));
}

static void
peer_start (Peer *p)
{
  peer_start_full (p, NULL);
}


/* Closes the connection and waits for the CLI; returns its exit status. */
static int
peer_finish (Peer  *p,
             char **out,
             char **err)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_io_stream_close (G_IO_STREAM (p->connection), NULL, NULL);
  g_assert_true (g_subprocess_communicate_utf8 (p->cli, NULL, NULL, out, err, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (p->cli));
  status = g_subprocess_get_exit_status (p->cli);
  g_test_message ("stdout:\n%s\nstderr:\n%s", *out, *err);
  g_object_unref (p->in);
  g_object_unref (p->connection);
  g_object_unref (p->listener);
  g_object_unref (p->cli);
  g_free (p->port);
  return status;
}

/* Chat, a refused take-back, and the other side giving up. */
static void
test_peer_script (void)
{
  g_autofree char *req = NULL, *move = NULL, *chat = NULL, *back = NULL, *end = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  DrDxpMessage msg;
  DrPosition start;
  DrMove m;
  Peer p = { 0 };

  peer_start (&p);
  req = peer_receive (&p);
  g_assert_cmpstr (req, ==, "R01" NAME32 "Z010000A");
  peer_send (&p, "AScripted                        0");
  peer_send (&p, "CHello");
  move = peer_receive (&p);
  g_assert_true (dr_dxp_message_parse (move, strlen (move), &msg, &error));
  g_assert_cmpint (msg.type, ==, DR_DXP_MOVE);
  dr_rules_initial (&dr_rules_international, &start);
  g_assert_true (dr_dxp_message_get_move (&msg, &start, &m, &error));
  g_assert_no_error (error);
  peer_send (&p, "B001W");
  chat = peer_receive (&p);
  g_assert_true (g_str_has_prefix (chat, "C"));
  back = peer_receive (&p);
  g_assert_cmpstr (back, ==, "K1");
  peer_send (&p, "E11");
  end = peer_receive (&p);
  g_assert_cmpstr (end, ==, "E31");
  g_assert_cmpint (peer_finish (&p, &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "chat: Hello\n"));
  g_assert_nonnull (strstr (out, "game 1: Draughtsman (white) - Scripted (black) 2-0 after 1 plies"));
}

/* A peer that accepts and then never moves loses on time; the session
 * ends with the GAMEEND exchange instead of waiting for ever. */
static void
test_peer_silent (void)
{
  g_autofree char *req = NULL, *move = NULL, *end = NULL, *out = NULL, *err = NULL;
  Peer p = { 0 };

  peer_start_full (&p, "300");
  req = peer_receive (&p);
  peer_send (&p, "AScripted                        0");
  move = peer_receive (&p);
  g_assert_true (g_str_has_prefix (move, "M"));
  end = peer_receive (&p);
  /* "I win", and no more games: it was the only one. */
  g_assert_cmpstr (end, ==, "E31");
  peer_send (&p, "E01");
  g_assert_cmpint (peer_finish (&p, &out, &err), ==, 0);
  g_assert_nonnull (strstr (err, "dxp: game 1, move 1: Scripted did not move within 300 ms; "
                                 "it forfeits the game"));
  g_assert_nonnull (strstr (out, "game 1: Draughtsman (white) - Scripted (black) 2-0 after 1 plies "
                                 "(the other side ran out of time)"));
  g_assert_nonnull (strstr (out, "games: 1, wins: 1, draws: 0, losses: 0"));
}

static void
peer_send_raw (Peer       *p,
               const char *data,
               gsize       length)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_output_stream_write_all (p->out, data, length, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* A peer that sends bytes without the NUL that ends a message: the
 * session ends at once with an error naming the limit, with a --timeout
 * of 60 s that it must not wait for (it had buffered until then). */
static void
test_peer_no_nul (void)
{
  g_autofree char *req = NULL, *out = NULL, *err = NULL;
  g_autofree char *flood = g_strnfill (4096, 'C');
  gint64 t0;
  Peer p = { 0 };

  peer_start_full (&p, "60000");
  req = peer_receive (&p);
  t0 = g_get_monotonic_time ();
  peer_send_raw (&p, flood, 4096);
  /* The CLI ends by itself: its output closes. */
  g_assert_cmpint (g_data_input_stream_read_byte (p.in, NULL, NULL), ==, 0);
  g_assert_cmpint (peer_finish (&p, &out, &err), ==, 1);
  g_assert_cmpint (g_get_monotonic_time () - t0, <, 30 * G_USEC_PER_SEC);
  if (strstr (err, "DXP: a message longer than 127 bytes") == NULL)
    g_error ("“%s” does not name the limit", err);
}

/* The peer closes inside a message of 101 bytes: the error gives its
 * length and quotes 64 of them (it had quoted all of it). */
static void
test_peer_closed_mid_message (void)
{
  g_autofree char *req = NULL, *out = NULL, *err = NULL;
  g_autofree char *cut = g_strnfill (100, 'x');
  g_autofree char *quoted_65 = g_strnfill (64, 'x');
  Peer p = { 0 };

  peer_start (&p);
  req = peer_receive (&p);
  peer_send_raw (&p, "C", 1);
  peer_send_raw (&p, cut, 100);
  g_assert_cmpint (peer_finish (&p, &out, &err), ==, 1);
  if (strstr (err, "in the middle of a message (101 bytes: “C") == NULL)
    g_error ("“%s” does not give the length", err);
  g_assert_null (strstr (err, quoted_65));
}

typedef struct
{
  const char *path;
  gboolean    after_move;   /* send @bad as Black's answer to the first move */
  const char *bad;
  const char *detail;       /* in the CLI's error message */
} BadPeerCase;

static const BadPeerCase bad_peer_cases[] = {
  { "/cli/dxp/peer/bad-gameacc", FALSE, "AScripted                        x",
    "byte 34 (the acceptance code field) is “x”, expected a digit" },
  { "/cli/dxp/peer/refuses", FALSE, "AScripted                        2",
    "Scripted refused the game (GAMEACC code 2" },
  { "/cli/dxp/peer/bad-move-field", TRUE, "M00a2191400",
    "byte 4 (in the time field, bytes 2–5) is “a”, expected a digit" },
  { "/cli/dxp/peer/illegal-move", TRUE, "M0001101500", "DXP MOVE 10-15 is not a legal move for Black" },
  { "/cli/dxp/peer/unexpected", TRUE, "AScripted                        0",
    "DXP GAMEACC message during a game: not allowed here; byte 1 (the header) is “A”, expected M (MOVE) or E (GAMEEND)" },
  { "/cli/dxp/peer/unknown", TRUE, "Q", "byte 1 (the header) is “Q”" },
};

static void
test_bad_peer (gconstpointer data)
{
  const BadPeerCase *c = data;
  g_autofree char *req = NULL, *move = NULL, *out = NULL, *err = NULL;
  Peer p = { 0 };

  peer_start (&p);
  req = peer_receive (&p);
  if (c->after_move)
    {
      peer_send (&p, "AScripted                        0");
      move = peer_receive (&p);
      g_assert_true (g_str_has_prefix (move, "M"));
    }
  peer_send (&p, c->bad);
  g_assert_cmpint (peer_finish (&p, &out, &err), ==, 1);
  if (strstr (err, c->detail) == NULL)
    g_error ("“%s” does not say “%s”", err, c->detail);
}

/* Matches -------------------------------------------------------------- */

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (valid_cases); i++)
    g_test_add_data_func (valid_cases[i].path, &valid_cases[i], test_valid);
  g_test_add_func ("/cli/dxp/message/fields", test_fields);
  g_test_add_func ("/cli/dxp/message/format-clamps", test_format);
  for (gsize i = 0; i < G_N_ELEMENTS (invalid_cases); i++)
    g_test_add_data_func (invalid_cases[i].path, &invalid_cases[i], test_invalid);
  g_test_add_func ("/cli/dxp/invalid/embedded-nul", test_embedded_nul);
  g_test_add_func ("/cli/dxp/move/roundtrip", test_move_roundtrip);
  g_test_add_func ("/cli/dxp/move/known", test_move_known);
  g_test_add_func ("/cli/dxp/end-to-end/start", test_end_to_end_start);
  g_test_add_func ("/cli/dxp/end-to-end/setup", test_end_to_end_setup);
  g_test_add_func ("/cli/dxp/peer/script", test_peer_script);
  g_test_add_func ("/cli/dxp/peer/silent", test_peer_silent);
  g_test_add_func ("/cli/dxp/peer/no-nul", test_peer_no_nul);
  g_test_add_func ("/cli/dxp/peer/closed-mid-message", test_peer_closed_mid_message);
  g_test_add_func ("/protocol/timed-reader/bounded", test_reader_bounded);
  for (gsize i = 0; i < G_N_ELEMENTS (bad_peer_cases); i++)
    g_test_add_data_func (bad_peer_cases[i].path, &bad_peer_cases[i], test_bad_peer);
  return g_test_run ();
}
