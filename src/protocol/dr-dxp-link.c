/* dr-dxp-link.c — one DXP connection over TCP
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ENGINES.md §4.2.  Layer 1 is a TCP stream of NUL-terminated ASCII
 * messages; the link sends and receives whole messages (dr-dxp-message.c),
 * each wait with a deadline (dr-timed-reader.c).
 */

#define G_LOG_DOMAIN "dr-dxp"

#include "config.h"

#include "dr-dxp-link.h"

#include "dr-timed-reader.h"

#include <glib/gi18n.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>

/* The link --------------------------------------------------------------- */

struct _DrDxpLink
{
  GSocketConnection *connection;
  GOutputStream     *out;
  DrTimedReader     *in;
  gboolean           verbose;    /* every message on standard error */
};

/**
 * dr_dxp_link_new:
 * @connection: a connected TCP socket
 * @verbose: whether to show every message on standard error
 *
 * Returns: (transfer full): a link over @connection
 */
DrDxpLink *
dr_dxp_link_new (GSocketConnection *connection,
                 gboolean           verbose)
{
  DrDxpLink *self = g_new0 (DrDxpLink, 1);
  GSocket *socket = g_socket_connection_get_socket (connection);

  /* One small message, then wait for the answer: no Nagle delay.  Waits
   * have their own deadlines, so none on the socket itself. */
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  g_socket_set_timeout (socket, 0);
  self->connection = g_object_ref (connection);
  self->out = g_io_stream_get_output_stream (G_IO_STREAM (connection));
  self->in = dr_timed_reader_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                  DR_DXP_MAX_MESSAGE);
  self->verbose = verbose;
  return self;
}

/**
 * dr_dxp_link_connect:
 * @address: "HOST" or "HOST:PORT" ("[::1]:PORT" for IPv6)
 * @verbose: whether to show every message on standard error
 * @error: return location for a #GError
 *
 * Connects within %DR_WAIT_HANDSHAKE_MS.
 *
 * Returns: (transfer full) (nullable): the link
 */
DrDxpLink *
dr_dxp_link_connect (const char *address,
                     gboolean    verbose,
                     GError    **error)
{
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnectable) where = NULL;
  g_autoptr (GSocketConnection) connection = NULL;

  where = g_network_address_parse (address, DR_DXP_DEFAULT_PORT, error);
  if (where == NULL)
    return NULL;
  g_socket_client_set_timeout (client, DR_WAIT_HANDSHAKE_MS / 1000);
  connection = g_socket_client_connect (client, where, NULL, error);
  if (connection == NULL)
    return NULL;
  return dr_dxp_link_new (connection, verbose);
}

void
dr_dxp_link_free (DrDxpLink *self)
{
  if (self == NULL)
    return;
  g_io_stream_close (G_IO_STREAM (self->connection), NULL, NULL);
  dr_timed_reader_free (self->in);
  g_object_unref (self->connection);
  g_free (self);
}

/**
 * dr_dxp_link_send:
 * @self: a link
 * @msg: the message
 * @error: return location for a #GError
 *
 * Returns: TRUE if the message (and its NUL) went out
 */
gboolean
dr_dxp_link_send (DrDxpLink          *self,
                  const DrDxpMessage *msg,
                  GError            **error)
{
  g_autofree char *text = dr_dxp_message_format (msg);

  if (self->verbose)
    g_printerr ("dxp > %s\n", text);
  /* The NUL terminator goes too. */
  return g_output_stream_write_all (self->out, text, strlen (text) + 1, NULL, NULL, error)
         && g_output_stream_flush (self->out, NULL, error);
}

static gboolean
send_chat (DrDxpLink  *link,
           const char *text,
           GError    **error)
{
  DrDxpMessage msg = { .type = DR_DXP_CHAT };

  g_strlcpy (msg.text, text, sizeof msg.text);
  return dr_dxp_link_send (link, &msg, error);
}

/**
 * dr_dxp_link_receive:
 * @self: a link
 * @msg: (out): the message
 * @deadline: the monotonic time (µs) to give up at, or -1
 * @wake: (nullable): a cancellable that ends the wait
 * @eof: (out) (optional): set at the end of the stream
 * @error: return location for a #GError
 *
 * Returns: TRUE if a message other than CHAT and BACKREQ came
 */
gboolean
dr_dxp_link_receive (DrDxpLink    *self,
                     DrDxpMessage *msg,
                     gint64        deadline,
                     GCancellable *wake,
                     gboolean     *eof,
                     GError      **error)
{
  for (;;)
    {
      g_autofree char *text = NULL;
      GError *local = NULL;
      gsize length = 0;

      text = dr_timed_reader_read (self->in, '\0', deadline, wake, &length, &local);
      if (text == NULL)
        {
          if (local != NULL)
            {
              /* Past the largest message: the peer does not speak DXP. */
              if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE))
                {
                  GError *too_long = g_error_new_literal (DR_DXP_ERROR, DR_DXP_ERROR_LENGTH, local->message);

                  g_error_free (local);
                  local = too_long;
                }
              if (local->domain == DR_DXP_ERROR)
                g_prefix_error (&local, "DXP: ");
              g_propagate_error (error, local);
              return FALSE;
            }
          if (eof != NULL)
            {
              *eof = TRUE;
              return FALSE;
            }
          g_set_error_literal (error, DR_DXP_ERROR, DR_DXP_ERROR_CLOSED,
                               _("DXP connection closed by the other side in the middle of a game"));
          return FALSE;
        }
      if (self->verbose)
        g_printerr ("dxp < %s\n", text);
      if (!dr_dxp_message_parse (text, length, msg, error))
        return FALSE;
      if (msg->type == DR_DXP_CHAT)
        {
          g_print ("chat: %s\n", msg->text);
          fflush (stdout);
        }
      else if (msg->type == DR_DXP_BACKREQ)
        {
          DrDxpMessage refuse = { .type = DR_DXP_BACKACC, .code = 1 };

          if (!send_chat (self, "Sorry, Draughtsman does not take moves back.", error)
              || !dr_dxp_link_send (self, &refuse, error))
            return FALSE;
        }
      else
        return TRUE;
    }
}
