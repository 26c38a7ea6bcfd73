/* dr-bytes.h — little-endian integers in byte buffers
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The project's files (opening books, pattern weights, endgame tables)
 * store their integers little-endian, whatever the machine's order; these
 * read and write them at any alignment.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

static inline guint16
dr_read_le16 (const guint8 *p)
{
  return (guint16) (p[0] | (guint) p[1] << 8);
}

static inline guint32
dr_read_le32 (const guint8 *p)
{
  return (guint32) p[0] | (guint32) p[1] << 8 | (guint32) p[2] << 16 | (guint32) p[3] << 24;
}

static inline guint64
dr_read_le64 (const guint8 *p)
{
  return (guint64) dr_read_le32 (p) | (guint64) dr_read_le32 (p + 4) << 32;
}

static inline void
dr_write_le16 (guint8 *p,
               guint16 v)
{
  p[0] = (guint8) v;
  p[1] = (guint8) (v >> 8);
}

static inline void
dr_write_le32 (guint8 *p,
               guint32 v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (guint8) (v >> (8 * i));
}

static inline void
dr_write_le64 (guint8 *p,
               guint64 v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (guint8) (v >> (8 * i));
}

G_END_DECLS
