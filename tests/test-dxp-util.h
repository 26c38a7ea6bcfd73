/* test-dxp-util.h — a scripted DXP peer for the protocol tests
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by test-dxp.c (the DXP engine against a script) and test-match.c
 * (match against a DXP follower that stops answering).
 */
#pragma once

#include <gio/gio.h>
#include <string.h>

/* Appends every line left in @in to @text, up to the end of the stream. */
static inline void
read_to_end (GDataInputStream *in,
             GString          *text)
{
  g_autoptr (GError) error = NULL;

  for (;;)
    {
      g_autofree char *line = g_data_input_stream_read_line (in, NULL, NULL, &error);

      g_assert_no_error (error);
      if (line == NULL)
        break;
      g_string_append_printf (text, "%s\n", line);
    }
}

typedef struct
{
  GSocketListener    *listener;
  GSocketConnection  *connection;
  GDataInputStream   *in;
  GOutputStream      *out;
  GSubprocess        *cli;
  char               *port;
} Peer;

static inline void
peer_send (Peer       *p,
           const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_output_stream_write_all (p->out, text, strlen (text) + 1, NULL, NULL, &error));
  g_assert_no_error (error);
}


static inline char *
peer_receive (Peer *p)
{
  g_autoptr (GError) error = NULL;
  gsize length;
  char *text = g_data_input_stream_read_upto (p->in, "", 1, &length, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (text);
  g_assert_cmpint (g_data_input_stream_read_byte (p->in, NULL, &error), ==, 0);
  g_assert_no_error (error);
  return text;
}
