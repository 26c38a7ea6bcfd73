/* dr-dxp-link.h — one DXP connection over TCP
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dr-dxp-message.h"

G_BEGIN_DECLS

/* One DXP connection: messages out, messages in with a deadline.  CHAT
 * is printed ("chat: TEXT") and BACKREQ refused on the way in. */
typedef struct _DrDxpLink DrDxpLink;

DrDxpLink *dr_dxp_link_new          (GSocketConnection  *connection,
                                     gboolean            verbose);
/* Connects to "HOST[:PORT]" (port 27531 by default). */
DrDxpLink *dr_dxp_link_connect      (const char         *address,
                                     gboolean            verbose,
                                     GError            **error);
void      dr_dxp_link_free          (DrDxpLink          *self);
gboolean  dr_dxp_link_send          (DrDxpLink          *self,
                                     const DrDxpMessage *msg,
                                     GError            **error);
/* The next message other than CHAT and BACKREQ.  At the end of the
 * stream: FALSE, and *@eof TRUE without an error if @eof is not NULL,
 * else DR_DXP_ERROR_CLOSED.  @deadline and @wake: as
 * dr_timed_reader_read(). */
gboolean  dr_dxp_link_receive       (DrDxpLink          *self,
                                     DrDxpMessage       *msg,
                                     gint64              deadline,
                                     GCancellable       *wake,
                                     gboolean           *eof,
                                     GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrDxpLink, dr_dxp_link_free)

G_END_DECLS
