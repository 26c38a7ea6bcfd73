/* dr-timed-reader.c — messages from a stream, each read with a deadline
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Used for every outside engine: a DXP peer's socket (stop byte NUL) and
 * a Hub engine's standard output (stop byte newline).
 */

#define G_LOG_DOMAIN "dr-protocol"

#include "config.h"

#include "dr-timed-reader.h"

#include "dr-dxp-message.h"

#include <glib/gi18n.h>
#include <string.h>

/* Reading with a deadline ------------------------------------------------ */

/* Bytes are read without blocking into @buffer; when none are there the
 * reader waits in its own main context for the stream to become readable,
 * for @wake or for the deadline, whichever comes first. */
struct _DrTimedReader
{
  GInputStream *stream;
  GByteArray   *buffer;
  GMainContext *context;
  gboolean      eof;
};

/**
 * dr_timed_reader_new:
 * @stream: a #GPollableInputStream
 *
 * Returns: (transfer full): a reader of @stream
 */
DrTimedReader *
dr_timed_reader_new (GInputStream *stream)
{
  DrTimedReader *self;

  g_return_val_if_fail (G_IS_POLLABLE_INPUT_STREAM (stream), NULL);

  self = g_new0 (DrTimedReader, 1);
  self->stream = g_object_ref (stream);
  self->buffer = g_byte_array_new ();
  self->context = g_main_context_new ();
  return self;
}

void
dr_timed_reader_free (DrTimedReader *self)
{
  if (self == NULL)
    return;
  g_object_unref (self->stream);
  g_byte_array_unref (self->buffer);
  g_main_context_unref (self->context);
  g_free (self);
}

static gboolean
flag_set_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
readable_cb (GObject  *stream,
             gpointer  data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wake_cb (GCancellable *wake,
         gpointer      context)
{
  g_main_context_wakeup (context);
}

/* Until the stream has bytes (or has ended), @wake is cancelled or
 * @deadline has passed.  @wake wakes the context through a handler, not
 * through the pollable source's cancellable: GLib 2.74's GCancellableSource
 * leaks when the cancellable fires (LeakSanitizer sees it). */
static void
wait_readable (DrTimedReader *self,
               gint64         deadline,
               GCancellable  *wake)
{
  gboolean ready = FALSE, late = FALSE;
  GSource *readable = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (self->stream), NULL);
  GSource *timer = NULL;
  gulong handler = 0;

  g_source_set_callback (readable, G_SOURCE_FUNC (readable_cb), &ready, NULL);
  g_source_attach (readable, self->context);
  if (deadline >= 0)
    {
      gint64 left_ms = (deadline - g_get_monotonic_time () + 999) / 1000;

      timer = g_timeout_source_new ((guint) CLAMP (left_ms, 0, (gint64) G_MAXUINT));
      g_source_set_callback (timer, flag_set_cb, &late, NULL);
      g_source_attach (timer, self->context);
    }
  /* Called at once if @wake is already cancelled. */
  if (wake != NULL)
    handler = g_cancellable_connect (wake, G_CALLBACK (wake_cb), self->context, NULL);
  while (!ready && !late && !g_cancellable_is_cancelled (wake))
    g_main_context_iteration (self->context, TRUE);
  if (handler != 0)
    g_cancellable_disconnect (wake, handler);
  g_source_destroy (readable);
  g_source_unref (readable);
  if (timer != NULL)
    {
      g_source_destroy (timer);
      g_source_unref (timer);
    }
}

/**
 * dr_timed_reader_read:
 * @self: a reader
 * @stop: the byte that ends a message
 * @deadline: the monotonic time (µs) to give up at, or -1
 * @wake: (nullable): a cancellable that ends the wait
 * @length: (out): the message's length
 * @error: return location for a #GError
 *
 * Messages already read are returned even after @deadline or once @wake
 * is cancelled.
 *
 * Returns: (transfer full) (nullable): the message, NULL at the end of
 *   the stream or on an error
 */
char *
dr_timed_reader_read (DrTimedReader *self,
                      char           stop,
                      gint64         deadline,
                      GCancellable  *wake,
                      gsize         *length,
                      GError       **error)
{
  for (;;)
    {
      guint8 *end = self->buffer->len > 0 ? memchr (self->buffer->data, stop, self->buffer->len) : NULL;
      GError *local = NULL;
      char chunk[4096];
      gssize n;

      if (end != NULL)
        {
          gsize size = (gsize) (end - self->buffer->data);
          char *text = g_malloc (size + 1);

          memcpy (text, self->buffer->data, size);
          text[size] = '\0';
          g_byte_array_remove_range (self->buffer, 0, (guint) size + 1);
          *length = size;
          return text;
        }
      if (self->eof)
        {
          if (self->buffer->len > 0)
            {
              g_autofree char *part = g_strndup ((const char *) self->buffer->data, self->buffer->len);
              g_autofree char *escaped = g_strescape (part, NULL);

              g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_CLOSED,
                           _("the connection closed in the middle of the message “%s”"), escaped);
              g_byte_array_set_size (self->buffer, 0);
            }
          return NULL;
        }
      if (g_cancellable_set_error_if_cancelled (wake, error))
        return NULL;
      if (deadline >= 0 && g_get_monotonic_time () >= deadline)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, _("no answer in time"));
          return NULL;
        }
      n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (self->stream), chunk,
                                                    sizeof chunk, NULL, &local);
      if (n > 0)
        g_byte_array_append (self->buffer, (const guint8 *) chunk, (guint) n);
      else if (n == 0)
        self->eof = TRUE;
      else if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        {
          g_error_free (local);
          wait_readable (self, deadline, wake);
        }
      else
        {
          g_propagate_error (error, local);
          return NULL;
        }
    }
}
