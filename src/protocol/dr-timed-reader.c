/* dr-timed-reader.c — messages from a stream, each read with a deadline
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Used for every outside engine: a DXP peer's socket (stop byte NUL) and
 * a Hub engine's standard output (stop byte newline).
 *
 * The other side is a program we do not control: a message has a largest
 * size (the protocol's), and one that goes past it without its stop byte
 * is an error at once, so memory stays bounded whatever the other side
 * sends.  Each byte is searched for the stop byte once (the buffer keeps
 * how far it was searched), so reading is linear in what arrives.
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
  gsize         scanned;      /* the first bytes of @buffer, searched already */
  gsize         max_length;   /* the longest message, without its stop byte */
  GMainContext *context;
  gboolean      eof;
};

/* How much of a message an error quotes. */
#define QUOTE_BYTES 64

/**
 * dr_timed_reader_new:
 * @stream: a #GPollableInputStream
 * @max_length: the longest message, in bytes without its stop byte
 *
 * Returns: (transfer full): a reader of @stream
 */
DrTimedReader *
dr_timed_reader_new (GInputStream *stream,
                     gsize         max_length)
{
  DrTimedReader *self;

  g_return_val_if_fail (G_IS_POLLABLE_INPUT_STREAM (stream), NULL);
  g_return_val_if_fail (max_length > 0, NULL);

  self = g_new0 (DrTimedReader, 1);
  self->stream = g_object_ref (stream);
  self->max_length = max_length;
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
/* The first QUOTE_BYTES bytes of the buffer, escaped, with "…" if there
 * are more. */
static char *
quote_buffer (DrTimedReader *self)
{
  gsize n = MIN (self->buffer->len, (gsize) QUOTE_BYTES);
  g_autofree char *part = g_malloc (n + 1);
  g_autofree char *escaped = NULL;

  /* g_strescape() stops at a NUL: a stop byte past the limit is one. */
  for (gsize i = 0; i < n; i++)
    part[i] = self->buffer->data[i] != 0 ? (char) self->buffer->data[i] : '\x01';
  part[n] = '\0';
  escaped = g_strescape (part, NULL);
  return g_strconcat (escaped, self->buffer->len > n ? "…" : "", NULL);
}

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
      guint8 *end = NULL;
      GError *local = NULL;
      char chunk[4096];
      gssize n;

      /* Step 1. Only the bytes that came since the last search. */
      if (self->buffer->len > self->scanned)
        end = memchr (self->buffer->data + self->scanned, stop, self->buffer->len - self->scanned);
      self->scanned = end != NULL ? (gsize) (end - self->buffer->data) : self->buffer->len;
      /* Step 2. A message longer than any the protocol has is an error as
       * soon as it is seen, stop byte or not. */
      if (self->scanned > self->max_length)
        {
          g_autofree char *quoted = quote_buffer (self);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                       _("a message longer than %" G_GSIZE_FORMAT " bytes, the most the protocol "
                         "allows: “%s”"), self->max_length, quoted);
          g_byte_array_set_size (self->buffer, 0);
          self->scanned = 0;
          return NULL;
        }
      if (end != NULL)
        {
          gsize size = self->scanned;
          char *text = g_malloc (size + 1);

          memcpy (text, self->buffer->data, size);
          text[size] = '\0';
          g_byte_array_remove_range (self->buffer, 0, (guint) size + 1);
          self->scanned = 0;
          *length = size;
          return text;
        }
      if (self->eof)
        {
          if (self->buffer->len > 0)
            {
              g_autofree char *quoted = quote_buffer (self);

              g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_CLOSED,
                           _("the connection closed in the middle of a message (%u bytes: “%s”)"),
                           self->buffer->len, quoted);
              g_byte_array_set_size (self->buffer, 0);
              self->scanned = 0;
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
