/* dr-timed-reader.h — messages from a stream, each read with a deadline
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Waits on an outside engine (a DXP peer, a Hub engine's pipe) have a
 * limit: a fixed one for handshakes (the game's request and its end, an
 * engine's start), and on a move the move's time plus a grace. */
#define DR_WAIT_HANDSHAKE_MS  10000
#define DR_WAIT_GRACE_MS      5000

/* A stream read in messages that end with a stop byte ('\0' for DXP,
 * '\n' for Hub), each read with a deadline and at most @max_length bytes
 * long (without the stop byte).  The stream must be a
 * GPollableInputStream (sockets, pipes). */
typedef struct _DrTimedReader DrTimedReader;

DrTimedReader *dr_timed_reader_new  (GInputStream       *stream,
                                     gsize               max_length);
void      dr_timed_reader_free      (DrTimedReader      *self);
/* The next message, without its stop byte (transfer full); NULL at the
 * end of the stream (no error), or with G_IO_ERROR_TIMED_OUT after
 * @deadline (monotonic µs, -1: none), G_IO_ERROR_CANCELLED once @wake is
 * cancelled, G_IO_ERROR_MESSAGE_TOO_LARGE once more than the largest
 * message came without a stop byte (or with one past it),
 * DR_DXP_ERROR_CLOSED if the stream ends inside a message.  Errors quote
 * at most the message's first 64 bytes. */
char     *dr_timed_reader_read      (DrTimedReader      *self,
                                     char                stop,
                                     gint64              deadline,
                                     GCancellable       *wake,
                                     gsize              *length,
                                     GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrTimedReader, dr_timed_reader_free)

G_END_DECLS
