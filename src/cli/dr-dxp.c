/* dr-dxp.c — the DamExchange protocol (DXP), International draughts
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ENGINES.md §4.2.  Layer 1 is a TCP stream of NUL-terminated ASCII
 * messages; layer 2 is fixed-width fields, numbers zero-padded.  The first
 * half of this file reads and writes single messages and knows nothing of
 * sockets (tests/test-dxp.c drives it with hand-written messages); the
 * second half is the game loop over a GSocketConnection.
 *
 * The loop is synchronous: on our move the search runs to its time limit
 * and only then is the socket read again.  The peer may only send CHAT or
 * BACKREQ while we think, and those wait in the socket's buffer.
 * Take-backs are refused (BACKACC code 1).
 *
 * In error messages bytes are counted from 1, the header being byte 1.
 */

#define G_LOG_DOMAIN "dr-dxp"

#include "config.h"

#include "dr-dxp.h"

#include "dr-draw.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-search.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (dr-dxp-error-quark, dr_dxp_error)

/* Lengths of the fixed-size messages, header included. */
#define GAMEREQ_LENGTH        43
#define GAMEREQ_SETUP_LENGTH  94
#define GAMEACC_LENGTH        34
#define MOVE_MIN_LENGTH       11
#define GAMEEND_LENGTH        3
#define BACKREQ_LENGTH        5
#define BACKACC_LENGTH        2

/* Message parsing ------------------------------------------------------ */

static const char *
type_name (char header)
{
  switch (header)
    {
    case DR_DXP_GAMEREQ: return "GAMEREQ";
    case DR_DXP_GAMEACC: return "GAMEACC";
    case DR_DXP_MOVE:    return "MOVE";
    case DR_DXP_GAMEEND: return "GAMEEND";
    case DR_DXP_CHAT:    return "CHAT";
    case DR_DXP_BACKREQ: return "BACKREQ";
    case DR_DXP_BACKACC: return "BACKACC";
    default:             return "?";
    }
}

/* “x” for a printable byte, \xNN otherwise, into @buf (16 bytes). */
static const char *
byte_text (char  c,
           char *buf)
{
  if (g_ascii_isprint (c))
    g_snprintf (buf, 16, "“%c”", c);
  else
    g_snprintf (buf, 16, "\\x%02X", (guchar) c);
  return buf;
}

typedef struct
{
  const char *text;
  gsize       length;
  const char *type;
  char       *quoted;   /* the message, escaped, for error messages */
} Parser;

static gboolean
field_error (Parser     *p,
             GError    **error,
             const char *field,
             gsize       first,
             gsize       width,
             gsize       at,
             const char *expected)
{
  char b[16];

  if (width == 1)
    g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_FIELD,
                 _("DXP %s message “%s”: byte %u (the %s field) is %s, expected %s"),
                 p->type, p->quoted, (guint) (at + 1), field, byte_text (p->text[at], b), expected);
  else
    g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_FIELD,
                 _("DXP %s message “%s”: byte %u (in the %s field, bytes %u–%u) is %s, expected %s"),
                 p->type, p->quoted, (guint) (at + 1), field, (guint) (first + 1), (guint) (first + width),
                 byte_text (p->text[at], b), expected);
  return FALSE;
}

static gboolean
length_error (Parser     *p,
              GError    **error,
              const char *expected)
{
  g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_LENGTH,
               _("DXP %s message “%s” is %u bytes long, expected %s"),
               p->type, p->quoted, (guint) p->length, expected);
  return FALSE;
}

/* A zero-padded decimal field of @width bytes at @first, from @min to @max. */
static gboolean
read_number (Parser     *p,
             const char *field,
             gsize       first,
             gsize       width,
             int         min,
             int         max,
             int        *out,
             GError    **error)
{
  int value = 0;

  for (gsize i = first; i < first + width; i++)
    {
      if (!g_ascii_isdigit (p->text[i]))
        return field_error (p, error, field, first, width, i, _("a digit"));
      value = value * 10 + (p->text[i] - '0');
    }
  if (value < min || value > max)
    {
      g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_FIELD,
                   _("DXP %s message “%s”: the %s field (bytes %u–%u) is %0*d, expected %0*d to %0*d"),
                   p->type, p->quoted, field, (guint) (first + 1), (guint) (first + width), (int) width, value,
                   (int) width, min, (int) width, max);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

static gboolean
read_side (Parser     *p,
           const char *field,
           gsize       at,
           DrSide     *out,
           GError    **error)
{
  if (p->text[at] == 'W')
    *out = DR_SIDE_WHITE;
  else if (p->text[at] == 'Z')
    *out = DR_SIDE_BLACK;
  else
    return field_error (p, error, field, at, 1, at, _("W (white) or Z (black)"));
  return TRUE;
}

/* A name field: 32 bytes, right-padded with spaces. */
static void
read_name (Parser *p,
           gsize   first,
           char   *out)
{
  memcpy (out, p->text + first, DR_DXP_NAME_LENGTH);
  out[DR_DXP_NAME_LENGTH] = '\0';
  g_strstrip (out);
}

static gboolean
read_position (Parser     *p,
               gsize       first,
               DrPosition *pos,
               GError    **error)
{
  const DrGeometry *g = &dr_geometry_10x10;

  dr_position_clear (pos);
  for (int n = 1; n <= 50; n++)
    {
      gsize at = first + (gsize) n - 1;
      DrPiece piece;

      switch (p->text[at])
        {
        case 'e': continue;
        case 'w': piece = DR_PIECE_WHITE_MAN; break;
        case 'W': piece = DR_PIECE_WHITE_KING; break;
        case 'z': piece = DR_PIECE_BLACK_MAN; break;
        case 'Z': piece = DR_PIECE_BLACK_KING; break;
        default:
          return field_error (p, error, _("position"), first, 50, at, _("e, w, z, W or Z"));
        }
      dr_position_put (pos, dr_geometry_bit_from_number (g, n), piece);
    }
  return TRUE;
}

static gboolean
parse_gamereq (Parser       *p,
               DrDxpMessage *msg,
               GError      **error)
{
  if (p->length < GAMEREQ_LENGTH)
    return length_error (p, error, _("43 (normal start) or 94 (setup position)"));
  if (!read_number (p, _("version"), 1, 2, 0, 99, &msg->version, error))
    return FALSE;
  read_name (p, 3, msg->name);
  if (!read_side (p, _("follower colour"), 35, &msg->follower_side, error)
      || !read_number (p, _("thinking time"), 36, 3, 0, 999, &msg->minutes, error)
      || !read_number (p, _("number of moves"), 39, 3, 0, 999, &msg->moves, error))
    return FALSE;
  if (p->text[42] == 'A')
    {
      if (p->length != GAMEREQ_LENGTH)
        return length_error (p, error, _("43 with the normal start (A)"));
      msg->setup = FALSE;
      dr_rules_initial (&dr_rules_international, &msg->position);
      return TRUE;
    }
  if (p->text[42] != 'B')
    return field_error (p, error, _("starting position"), 42, 1, 42,
                        _("A (normal start) or B (setup follows)"));
  if (p->length != GAMEREQ_SETUP_LENGTH)
    return length_error (p, error, _("94 with a setup position (B)"));
  msg->setup = TRUE;
  if (!read_side (p, _("colour to move"), 43, &msg->side_to_move, error)
      || !read_position (p, 44, &msg->position, error))
    return FALSE;
  dr_position_set_turn (&msg->position, msg->side_to_move);
  return TRUE;
}

static gboolean
parse_move (Parser       *p,
            DrDxpMessage *msg,
            GError      **error)
{
  if (p->length < MOVE_MIN_LENGTH)
    return length_error (p, error, _("at least 11"));
  if (!read_number (p, _("time"), 1, 4, 0, 9999, &msg->seconds, error)
      || !read_number (p, _("from"), 5, 2, 1, 50, &msg->from, error)
      || !read_number (p, _("to"), 7, 2, 1, 50, &msg->to, error)
      || !read_number (p, _("number captured"), 9, 2, 0, DR_DXP_MAX_CAPTURED, &msg->n_captured, error))
    return FALSE;
  if (p->length != MOVE_MIN_LENGTH + 2 * (gsize) msg->n_captured)
    {
      g_autofree char *expected = g_strdup_printf (_("%d for %d captured pieces"),
                                                   MOVE_MIN_LENGTH + 2 * msg->n_captured,
                                                   msg->n_captured);
      return length_error (p, error, expected);
    }
  for (int i = 0; i < msg->n_captured; i++)
    {
      gsize first = MOVE_MIN_LENGTH + 2 * (gsize) i;

      if (!read_number (p, _("captured square"), first, 2, 1, 50, &msg->captured[i], error))
        return FALSE;
      for (int j = 0; j < i; j++)
        if (msg->captured[j] == msg->captured[i])
          {
            g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_FIELD,
                         _("DXP MOVE message “%s”: captured square %02d (bytes %u–%u) is listed twice"),
                         p->quoted, msg->captured[i], (guint) (first + 1), (guint) (first + 2));
            return FALSE;
          }
    }
  return TRUE;
}

/**
 * dr_dxp_message_parse:
 * @text: the message, without its NUL terminator
 * @length: its length in bytes
 * @msg: (out): the message's fields
 * @error: return location for a #GError
 *
 * Reads one DXP message strictly: every field at its place and width,
 * numbers zero-padded and in range.  The error names the field and the
 * byte at fault.
 *
 * Returns: TRUE on success
 */
gboolean
dr_dxp_message_parse (const char   *text,
                      gsize         length,
                      DrDxpMessage *msg,
                      GError      **error)
{
  Parser p = { text, length, NULL, NULL };
  gboolean ok = FALSE;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (msg != NULL, FALSE);

  memset (msg, 0, sizeof *msg);
  if (length == 0)
    {
      g_set_error_literal (error, DR_DXP_ERROR, DR_DXP_ERROR_LENGTH, _("DXP message is empty"));
      return FALSE;
    }
  for (gsize i = 0; i < length; i++)
    if (text[i] == '\0' || (guchar) text[i] > 127)
      {
        g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_BAD_BYTE,
                     _("DXP message byte %u is \\x%02X, not an ASCII character from 1 to 127"),
                     (guint) (i + 1), (guchar) text[i]);
        return FALSE;
      }
  p.type = type_name (text[0]);
  {
    g_autofree char *copy = g_strndup (text, MIN (length, (gsize) 200));
    p.quoted = g_strescape (copy, NULL);
  }
  if (length > DR_DXP_MAX_MESSAGE)
    {
      length_error (&p, error, _("at most 127"));
      goto out;
    }
  msg->type = (DrDxpType) text[0];
  switch (text[0])
    {
    case DR_DXP_GAMEREQ:
      ok = parse_gamereq (&p, msg, error);
      break;

    case DR_DXP_GAMEACC:
      if (length != GAMEACC_LENGTH)
        length_error (&p, error, "34");
      else
        {
          read_name (&p, 1, msg->name);
          ok = read_number (&p, _("acceptance code"), 33, 1, 0, 3, &msg->code, error);
        }
      break;

    case DR_DXP_MOVE:
      ok = parse_move (&p, msg, error);
      break;

    case DR_DXP_GAMEEND:
      if (length != GAMEEND_LENGTH)
        length_error (&p, error, "3");
      else
        {
          int reason = 0;

          ok = read_number (&p, _("reason"), 1, 1, 0, 3, &reason, error)
               && read_number (&p, _("stop code"), 2, 1, 0, 1, &msg->stop, error);
          msg->reason = (DrDxpEndReason) reason;
        }
      break;

    case DR_DXP_CHAT:
      if (length < 2)
        length_error (&p, error, _("2 to 127"));
      else
        {
          memcpy (msg->text, text + 1, length - 1);
          msg->text[length - 1] = '\0';
          ok = TRUE;
        }
      break;

    case DR_DXP_BACKREQ:
      if (length != BACKREQ_LENGTH)
        length_error (&p, error, "5");
      else
        ok = read_number (&p, _("move number"), 1, 3, 1, 999, &msg->move_number, error)
             && read_side (&p, _("colour to move"), 4, &msg->side_to_move, error);
      break;

    case DR_DXP_BACKACC:
      if (length != BACKACC_LENGTH)
        length_error (&p, error, "2");
      else
        ok = read_number (&p, _("acceptance code"), 1, 1, 0, 9, &msg->code, error);
      break;

    default:
      {
        char b[16];

        g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_UNKNOWN_TYPE,
                     _("DXP message “%s”: byte 1 (the header) is %s, expected one of R, A, M, E, C, B, K"),
                     p.quoted, byte_text (text[0], b));
      }
      break;
    }

out:
  g_free (p.quoted);
  return ok;
}

/* Message formatting --------------------------------------------------- */

/* Appends @text cut or space-padded to @width bytes, non-ASCII and
 * control bytes as '?'. */
static void
append_field (GString    *out,
              const char *text,
              gsize       width,
              gboolean    pad)
{
  gsize i;

  for (i = 0; i < width && text[i] != '\0'; i++)
    g_string_append_c (out, g_ascii_isprint (text[i]) ? text[i] : '?');
  for (; pad && i < width; i++)
    g_string_append_c (out, ' ');
}

/**
 * dr_dxp_message_format:
 * @msg: a message
 *
 * Writes @msg in DXP's fixed-width layout.  Numbers out of their field's
 * range are clamped, names cut to 32 bytes (and a GAMEREQ name's leading
 * spaces dropped: the field must not start with one), bytes outside
 * printable ASCII replaced by '?'.
 *
 * Returns: (transfer full): the message, without the NUL terminator
 */
char *
dr_dxp_message_format (const DrDxpMessage *msg)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (msg != NULL, NULL);

  g_string_append_c (out, (char) msg->type);
  switch (msg->type)
    {
    case DR_DXP_GAMEREQ:
      {
        const char *name = msg->name;

        while (*name == ' ')
          name++;
        g_string_append_printf (out, "%02d", CLAMP (msg->version, 0, 99));
        append_field (out, name, DR_DXP_NAME_LENGTH, TRUE);
        g_string_append_printf (out, "%c%03d%03d", msg->follower_side == DR_SIDE_WHITE ? 'W' : 'Z',
                                CLAMP (msg->minutes, 0, 999), CLAMP (msg->moves, 0, 999));
        if (!msg->setup)
          g_string_append_c (out, 'A');
        else
          {
            g_string_append_c (out, 'B');
            g_string_append_c (out, msg->position.turn == DR_SIDE_WHITE ? 'W' : 'Z');
            for (int n = 1; n <= 50; n++)
              {
                static const char chars[] = { 'e', 'w', 'W', 'z', 'Z' };
                int bit = dr_geometry_bit_from_number (&dr_geometry_10x10, n);

                g_string_append_c (out, chars[dr_position_get (&msg->position, bit)]);
              }
          }
      }
      break;

    case DR_DXP_GAMEACC:
      append_field (out, msg->name, DR_DXP_NAME_LENGTH, TRUE);
      g_string_append_printf (out, "%d", CLAMP (msg->code, 0, 3));
      break;

    case DR_DXP_MOVE:
      {
        int n = CLAMP (msg->n_captured, 0, DR_DXP_MAX_CAPTURED);

        g_string_append_printf (out, "%04d%02d%02d%02d", CLAMP (msg->seconds, 0, 9999),
                                CLAMP (msg->from, 0, 99), CLAMP (msg->to, 0, 99), n);
        for (int i = 0; i < n; i++)
          g_string_append_printf (out, "%02d", CLAMP (msg->captured[i], 0, 99));
      }
      break;

    case DR_DXP_GAMEEND:
      g_string_append_printf (out, "%d%d", CLAMP ((int) msg->reason, 0, 3), msg->stop ? 1 : 0);
      break;

    case DR_DXP_CHAT:
      append_field (out, msg->text, DR_DXP_MAX_CHAT, FALSE);
      if (out->len == 1)
        g_string_append_c (out, ' ');
      break;

    case DR_DXP_BACKREQ:
      g_string_append_printf (out, "%03d%c", CLAMP (msg->move_number, 1, 999),
                              msg->side_to_move == DR_SIDE_WHITE ? 'W' : 'Z');
      break;

    case DR_DXP_BACKACC:
      g_string_append_printf (out, "%d", CLAMP (msg->code, 0, 9));
      break;

    default:
      g_string_free (out, TRUE);
      g_return_val_if_reached (NULL);
    }
  return g_string_free (out, FALSE);
}

/* Moves ------------------------------------------------------------------- */

/**
 * dr_dxp_message_set_move:
 * @msg: a message, which becomes a MOVE
 * @move: a move of International draughts
 * @seconds: the time it took
 *
 * Fills a MOVE message: from, to and the captured squares in ascending
 * order, in International square numbers.
 */
void
dr_dxp_message_set_move (DrDxpMessage *msg,
                         const DrMove *move,
                         int           seconds)
{
  const DrGeometry *g = &dr_geometry_10x10;

  memset (msg, 0, sizeof *msg);
  msg->type = DR_DXP_MOVE;
  msg->seconds = seconds;
  msg->from = dr_geometry_number (g, move->from);
  msg->to = dr_geometry_number (g, move->to);
  /* Ascending bit order is ascending square order on 10x10. */
  for (DrBitboard c = move->captures; c != 0 && msg->n_captured < DR_DXP_MAX_CAPTURED; c &= c - 1)
    msg->captured[msg->n_captured++] = dr_geometry_number (g, __builtin_ctzll (c));
}

/**
 * dr_dxp_message_get_move:
 * @msg: a MOVE message
 * @pos: the position it is played in
 * @move: (out): the legal move it names
 * @error: return location for a #GError
 *
 * Finds the legal move with @msg's from, to and captured squares (in any
 * order).  Two routes of one capture are the same move.
 *
 * Returns: TRUE if there is one, else FALSE with DR_DXP_ERROR_ILLEGAL_MOVE
 */
gboolean
dr_dxp_message_get_move (const DrDxpMessage *msg,
                         const DrPosition   *pos,
                         DrMove             *move,
                         GError            **error)
{
  const DrGeometry *g = &dr_geometry_10x10;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GString) text = g_string_new (NULL);
  DrBitboard captures = 0;
  int from, to;

  g_return_val_if_fail (msg != NULL && msg->type == DR_DXP_MOVE, FALSE);

  from = dr_geometry_bit_from_number (g, msg->from);
  to = dr_geometry_bit_from_number (g, msg->to);
  for (int i = 0; i < msg->n_captured; i++)
    {
      int bit = dr_geometry_bit_from_number (g, msg->captured[i]);

      if (bit >= 0)
        captures |= (DrBitboard) 1 << bit;
    }
  dr_movegen_legal (&dr_rules_international, pos, legal);
  for (unsigned i = 0; i < legal->n; i++)
    if (from >= 0 && to >= 0 && legal->moves[i].from == from && legal->moves[i].to == to
        && legal->moves[i].captures == captures)
      {
        *move = legal->moves[i];
        return TRUE;
      }
  g_string_append_printf (text, "%02d%c%02d", msg->from, msg->n_captured > 0 ? 'x' : '-', msg->to);
  for (int i = 0; i < msg->n_captured; i++)
    g_string_append_printf (text, "%s%02d", i ? ", " : _(" capturing "), msg->captured[i]);
  g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_ILLEGAL_MOVE,
               _("DXP MOVE %s is not a legal move for %s in this position"),
               text->str, pos->turn == DR_SIDE_WHITE ? _("White") : _("Black"));
  return FALSE;
}

/**
 * dr_dxp_type_name:
 * @type: a message type
 *
 * Returns: the message's name, "GAMEREQ" and so on ("?" if unknown)
 */
const char *
dr_dxp_type_name (DrDxpType type)
{
  return type_name ((char) type);
}

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
  self->in = dr_timed_reader_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)));
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

/* The session ------------------------------------------------------------ */

/* A game that has not ended after this many moves each is abandoned with
 * GAMEEND reason 0: the draw rules should have ended it long before. */
#define MAX_PLIES 1200

typedef struct
{
  char         *host;
  int           port;
  gboolean      listen;
  gint64        movetime_ms;    /* 0: share out the game's thinking time */
  gint64        timeout_ms;     /* 0: DR_WAIT_HANDSHAKE_MS, or the other side's clock */
  int           games;
  int           minutes;        /* the GAMEREQ's thinking time */
  char         *fen;            /* the GAMEREQ's setup position */
  char         *name;
  int           hash_mb;
  gboolean      verbose;
} Options;

typedef struct
{
  Options            *opts;
  DrDxpLink          *link;
  DrSearch           *search;
  char                peer[DR_DXP_NAME_LENGTH + 1];
  int                 wins, draws, losses, unknown;
} Session;

static gint64
handshake_ms (Session *s)
{
  return s->opts->timeout_ms > 0 ? s->opts->timeout_ms : DR_WAIT_HANDSHAKE_MS;
}

/* dr_dxp_link_receive() within @ms; a time-out says what was awaited. */
static gboolean
receive_within (Session      *s,
                DrDxpMessage *msg,
                gint64        ms,
                const char   *what,
                gboolean     *eof,
                GError      **error)
{
  GError *local = NULL;

  if (dr_dxp_link_receive (s->link, msg, g_get_monotonic_time () + ms * 1000, NULL, eof, &local))
    return TRUE;
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                   _("DXP: %s sent no %s within %lld ms"), s->peer, what, (long long) ms);
      g_error_free (local);
    }
  else if (local != NULL)
    g_propagate_error (error, local);
  return FALSE;
}

static gboolean
unexpected (const DrDxpMessage *msg,
            const char         *when,
            GError            **error)
{
  g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_UNEXPECTED,
               _("DXP %s message %s: not allowed here"), type_name ((char) msg->type), when);
  return FALSE;
}

/* The game's state as a GAMEEND reason from @side's point of view. */
static DrDxpEndReason
reason_for (DrStatus status,
            DrSide   side)
{
  switch (status)
    {
    case DR_STATUS_WHITE_WINS: return side == DR_SIDE_WHITE ? DR_DXP_END_I_WIN : DR_DXP_END_I_LOSE;
    case DR_STATUS_BLACK_WINS: return side == DR_SIDE_BLACK ? DR_DXP_END_I_WIN : DR_DXP_END_I_LOSE;
    case DR_STATUS_DRAW:       return DR_DXP_END_DRAW;
    case DR_STATUS_ONGOING:
    default:                   return DR_DXP_END_UNKNOWN;
    }
}

static DrDxpEndReason
mirror (DrDxpEndReason r)
{
  return r == DR_DXP_END_I_WIN ? DR_DXP_END_I_LOSE : r == DR_DXP_END_I_LOSE ? DR_DXP_END_I_WIN : r;
}

static uint64_t
move_time (Session *s,
           int      minutes,
           int      moves,
           int      our_moves,
           gint64   used_ms)
{
  gint64 left;
  int to_go;

  if (s->opts->movetime_ms > 0)
    return (uint64_t) s->opts->movetime_ms;
  left = (gint64) minutes * 60000 - used_ms;
  to_go = moves > 0 ? MAX (1, moves - our_moves) : 30;
  /* Keep a reserve: each side keeps its own clock, and ours must not run out. */
  return (uint64_t) MAX (10, left / (to_go + 2));
}

/* Sends our GAMEEND and waits for the other side's, skipping moves sent
 * before ours arrived if @skip_moves (a forfeit on time). */
static gboolean
end_exchange (Session         *s,
              DrDxpEndReason   reason,
              gboolean         stop_all,
              gboolean         skip_moves,
              gboolean        *stop,
              GError         **error)
{
  DrDxpMessage end = { .type = DR_DXP_GAMEEND, .reason = reason, .stop = stop_all };
  DrDxpMessage msg;

  if (!dr_dxp_link_send (s->link, &end, error))
    return FALSE;
  do
    if (!receive_within (s, &msg, handshake_ms (s), _("GAMEEND in answer to ours"), NULL, error))
      return FALSE;
  while (skip_moves && msg.type == DR_DXP_MOVE);
  if (msg.type != DR_DXP_GAMEEND)
    return unexpected (&msg, _("after our GAMEEND"), error);
  *stop = msg.stop || stop_all;
  return TRUE;
}

/* The other side's GAMEEND (@msg), in @status: answers it. */
static gboolean
answer_end (Session            *s,
            const DrDxpMessage *msg,
            DrStatus            status,
            DrSide              us,
            gboolean            last,
            DrDxpEndReason     *ours,
            const char        **how,
            gboolean           *stop,
            GError            **error)
{
  DrDxpMessage end = { .type = DR_DXP_GAMEEND, .stop = last };

  /* Our own view if the rules have ended the game, else whatever the
   * other side says. */
  end.reason = status != DR_STATUS_ONGOING ? reason_for (status, us) : mirror (msg->reason);
  if (!dr_dxp_link_send (s->link, &end, error))
    return FALSE;
  *ours = mirror (msg->reason);
  *how = msg->reason == DR_DXP_END_I_LOSE ? _("the other side gave up")
         : msg->reason == DR_DXP_END_DRAW ? _("the other side called a draw")
         : msg->reason == DR_DXP_END_I_WIN ? _("the other side claimed a win")
         : _("the other side ended the game");
  if (status != DR_STATUS_ONGOING && end.reason != *ours)
    g_printerr (_("dxp: the other side's result differs from the rules' one\n"));
  *stop = msg->stop || last;
  return TRUE;
}

/* Our search, on a thread of its own while this one reads the socket: a
 * CHAT or BACKREQ is answered at once, and a GAMEEND (the other side
 * ending the game in our turn) stops the search. */
typedef struct
{
  DrSearch       *search;
  DrPosition      root;
  DrSearchLimits  limits;
  DrSearchResult  result;
  gboolean        found;
  GCancellable   *done;
} Think;

static gpointer
think_thread (gpointer data)
{
  Think *t = data;

  t->found = dr_search_run (t->search, &t->root, &t->limits, &t->result);
  g_cancellable_cancel (t->done);
  return NULL;
}

/* Returns FALSE on an error; else either *@peer_end and the other side's
 * GAMEEND in @msg, or our move in @best. */
static gboolean
think (Session          *s,
       const DrPosition *pos,
       uint64_t          ms,
       DrMove           *best,
       gboolean         *peer_end,
       DrDxpMessage     *msg,
       GError          **error)
{
  Think t = { .search = s->search, .root = *pos };
  atomic_uint abort_word = 0;
  GThread *thread;
  gboolean ok = TRUE;

  t.limits.max_time_ms = ms;
  t.limits.multipv = 1;
  t.limits.abort_word = &abort_word;
  t.limits.abort_unless = 0;
  t.done = g_cancellable_new ();
  *peer_end = FALSE;
  thread = g_thread_new ("dxp-search", think_thread, &t);
  for (;;)
    {
      GError *local = NULL;

      /* The search's own time limit bounds this wait. */
      if (dr_dxp_link_receive (s->link, msg, -1, t.done, NULL, &local))
        {
          if (msg->type == DR_DXP_GAMEEND)
            *peer_end = TRUE;
          else
            ok = unexpected (msg, _("during our turn"), error);
          break;
        }
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_error_free (local);
          break;
        }
      g_propagate_error (error, local);
      ok = FALSE;
      break;
    }
  atomic_store (&abort_word, 1);
  g_thread_join (thread);
  g_object_unref (t.done);
  if (!ok || *peer_end)
    return ok;
  if (!t.found)
    {
      /* dr_game_status said that there is a move. */
      g_set_error_literal (error, DR_DXP_ERROR, DR_DXP_ERROR_UNEXPECTED,
                           _("DXP: the search found no move in a position that has one"));
      return FALSE;
    }
  *best = t.result.best;
  return TRUE;
}

/* Plays one game from @start, we being @us; the GAMEEND exchange ends it.
 * Sets *@stop when either side's stop code asks for no more games. */
static gboolean
play_game (Session          *s,
           int               number,
           const DrPosition *start,
           DrSide            us,
           int               minutes,
           int               moves,
           gboolean          last,
           gboolean         *stop,
           GError          **error)
{
  const DrRules *rules = &dr_rules_international;
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GString) record = g_string_new (NULL);
  DrDxpEndReason ours;              /* the result, from our point of view */
  const char *how;
  int our_moves = 0;
  gint64 used_ms = 0, peer_used_ms = 0;

  g_array_append_val (history, *start);
  dr_search_clear (s->search);
  for (;;)
    {
      const DrPosition *pos = &g_array_index (history, DrPosition, history->len - 1);
      const DrDrawRule *which = NULL;
      DrStatus status = dr_game_status (rules, (const DrPosition *) history->data,
                                        history->len, &which);
      DrDxpMessage msg;
      DrMove move;

      if (pos->turn == us)
        {
          gboolean peer_end;
          gint64 t0;

          if (status != DR_STATUS_ONGOING || history->len > MAX_PLIES)
            {
              ours = reason_for (status, us);
              if (!end_exchange (s, ours, last, FALSE, stop, error))
                return FALSE;
              how = status == DR_STATUS_DRAW ? _("draw by the rules")
                    : status == DR_STATUS_ONGOING ? _("move limit") : _("no legal move");
              break;
            }
          dr_search_set_history (s->search, (const DrPosition *) history->data, history->len - 1);
          t0 = g_get_monotonic_time ();
          if (!think (s, pos, move_time (s, minutes, moves, our_moves, used_ms), &move, &peer_end, &msg,
                      error))
            return FALSE;
          if (peer_end)
            {
              if (!answer_end (s, &msg, status, us, last, &ours, &how, stop, error))
                return FALSE;
              break;
            }
          used_ms += (g_get_monotonic_time () - t0) / 1000;
          dr_dxp_message_set_move (&msg, &move,
                                   (int) ((g_get_monotonic_time () - t0 + 500000) / G_USEC_PER_SEC));
          if (!dr_dxp_link_send (s->link, &msg, error))
            return FALSE;
          our_moves++;
        }
      else
        {
          /* The other side loses on time when its clock (plus a grace)
           * has run out. */
          gint64 limit = s->opts->timeout_ms > 0 ? s->opts->timeout_ms
                         : MAX ((gint64) minutes * 60000 - peer_used_ms, 0) + DR_WAIT_GRACE_MS;
          gint64 t0 = g_get_monotonic_time ();
          GError *local = NULL;

          if (!dr_dxp_link_receive (s->link, &msg, t0 + limit * 1000, NULL, NULL, &local))
            {
              if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
                {
                  g_propagate_error (error, local);
                  return FALSE;
                }
              g_error_free (local);
              g_printerr (_("dxp: game %d, move %u: %s did not move within %lld ms; it forfeits the game\n"),
                          number, (history->len - 1 + (start->turn == DR_SIDE_BLACK)) / 2 + 1, s->peer,
                          (long long) limit);
              ours = DR_DXP_END_I_WIN;
              how = _("the other side ran out of time");
              if (!end_exchange (s, ours, last, TRUE, stop, error))
                return FALSE;
              break;
            }
          peer_used_ms += (g_get_monotonic_time () - t0) / 1000;
          if (msg.type == DR_DXP_GAMEEND)
            {
              if (!answer_end (s, &msg, status, us, last, &ours, &how, stop, error))
                return FALSE;
              break;
            }
          if (msg.type != DR_DXP_MOVE)
            return unexpected (&msg, _("during a game"), error);
          if (!dr_dxp_message_get_move (&msg, pos, &move, error))
            return FALSE;
        }

      dr_movegen_legal (rules, pos, legal);
      {
        g_autofree char *text = dr_move_to_text (rules, legal, &move, DR_NOTATION_NUMERIC);
        DrPosition next;

        g_string_append_printf (record, "%s%s", record->len ? " " : "", text);
        dr_position_apply (&next, pos, &move);
        g_array_append_val (history, next);
      }
    }

  switch (ours)
    {
    case DR_DXP_END_I_WIN:  s->wins++; break;
    case DR_DXP_END_I_LOSE: s->losses++; break;
    case DR_DXP_END_DRAW:   s->draws++; break;
    case DR_DXP_END_UNKNOWN:
    default:                s->unknown++; break;
    }
  {
    const char *result;
    DrDxpEndReason white = us == DR_SIDE_WHITE ? ours : mirror (ours);

    result = white == DR_DXP_END_I_WIN ? "2-0" : white == DR_DXP_END_I_LOSE ? "0-2"
             : white == DR_DXP_END_DRAW ? "1-1" : "*";
    g_print ("game %d: %s (white) - %s (black) %s after %u plies (%s)\n", number,
             us == DR_SIDE_WHITE ? s->opts->name : s->peer,
             us == DR_SIDE_WHITE ? s->peer : s->opts->name, result, history->len - 1, how);
    g_print ("moves: %s\n", record->str);
    fflush (stdout);
  }
  return TRUE;
}

/**
 * dr_dxp_game_request:
 * @msg: (out): the message
 * @name: the initiator's name
 * @start: the start position (with its side to move)
 * @follower_side: the follower's colour
 * @minutes: the thinking time a side for the game
 *
 * A GAMEREQ, version 1, without a move limit: the normal start (A) if
 * @start is International's initial position, else a setup (B).
 */
void
dr_dxp_game_request (DrDxpMessage     *msg,
                     const char       *name,
                     const DrPosition *start,
                     DrSide            follower_side,
                     int               minutes)
{
  DrPosition initial;

  memset (msg, 0, sizeof *msg);
  msg->type = DR_DXP_GAMEREQ;
  msg->version = 1;
  g_strlcpy (msg->name, name, sizeof msg->name);
  msg->follower_side = follower_side;
  msg->minutes = minutes;
  msg->moves = 0;
  msg->position = *start;
  dr_rules_initial (&dr_rules_international, &initial);
  msg->setup = !dr_position_equal (start, &initial);
}

/**
 * dr_dxp_check_acceptance:
 * @acc: a GAMEACC message
 * @error: return location for a #GError
 *
 * Returns: TRUE if @acc accepts the game, else FALSE with
 *   DR_DXP_ERROR_REFUSED and the reason
 */
gboolean
dr_dxp_check_acceptance (const DrDxpMessage *acc,
                         GError            **error)
{
  static const char *const codes[] = {
    NULL, N_("wrong protocol version"), N_("refuses this game"), N_("refuses all games"),
  };

  if (acc->code == 0)
    return TRUE;
  g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_REFUSED,
               _("DXP: %s refused the game (GAMEACC code %d: %s)"),
               acc->name, acc->code, _(codes[CLAMP (acc->code, 1, 3)]));
  return FALSE;
}

static gboolean
run_initiator (Session          *s,
               const DrPosition *setup,
               GError          **error)
{
  for (int game = 1; game <= s->opts->games; game++)
    {
      DrDxpMessage req, msg;
      DrPosition start;
      gboolean stop = FALSE;

      if (setup != NULL)
        start = *setup;
      else
        dr_rules_initial (&dr_rules_international, &start);
      /* We play White in the odd games. */
      dr_dxp_game_request (&req, s->opts->name, &start,
                           game % 2 == 1 ? DR_SIDE_BLACK : DR_SIDE_WHITE, s->opts->minutes);
      /* An explicit --fen is always sent as a setup. */
      req.setup = setup != NULL;
      if (!dr_dxp_link_send (s->link, &req, error)
          || !receive_within (s, &msg, handshake_ms (s), _("GAMEACC"), NULL, error))
        return FALSE;
      if (msg.type != DR_DXP_GAMEACC)
        return unexpected (&msg, _("in answer to GAMEREQ"), error);
      g_strlcpy (s->peer, msg.name, sizeof s->peer);
      if (!dr_dxp_check_acceptance (&msg, error))
        return FALSE;
      if (!play_game (s, game, &req.position, DR_SIDE_OTHER (req.follower_side), req.minutes, req.moves,
                      game == s->opts->games, &stop, error))
        return FALSE;
      if (stop)
        break;
    }
  return TRUE;
}

static gboolean
run_follower (Session  *s,
              GError  **error)
{
  int played = 0;

  for (;;)
    {
      DrDxpMessage msg, acc = { .type = DR_DXP_GAMEACC };
      g_autoptr (GError) invalid = NULL;
      gboolean eof = FALSE, stop = FALSE;

      if (!receive_within (s, &msg, handshake_ms (s), _("GAMEREQ"), &eof, error))
        return eof;
      if (msg.type != DR_DXP_GAMEREQ)
        return unexpected (&msg, _("between games"), error);
      g_strlcpy (s->peer, msg.name, sizeof s->peer);
      g_strlcpy (acc.name, s->opts->name, sizeof acc.name);
      if (msg.version != 1)
        acc.code = 1;
      else if (msg.setup && !dr_position_validate (&dr_rules_international, &msg.position, &invalid))
        {
          g_printerr (_("dxp: refusing the game's setup position: %s\n"), invalid->message);
          acc.code = 2;
        }
      if (!dr_dxp_link_send (s->link, &acc, error))
        return FALSE;
      if (acc.code != 0)
        continue;
      played++;
      if (!play_game (s, played, &msg.position, msg.follower_side, msg.minutes, msg.moves,
                      s->opts->games > 0 && played >= s->opts->games, &stop, error))
        return FALSE;
      if (stop)
        return TRUE;
    }
}

static GSocketConnection *
open_connection (Options  *o,
                 GError  **error)
{
  if (o->listen)
    {
      g_autoptr (GSocketListener) listener = g_socket_listener_new ();
      g_autoptr (GSocketAddress) address = NULL;
      g_autoptr (GSocketAddress) effective = NULL;

      address = g_inet_socket_address_new_from_string (o->host, (guint) o->port);
      if (address == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("--host must be an IP address to listen on, not “%s”"), o->host);
          return NULL;
        }
      if (!g_socket_listener_add_address (listener, address, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                          NULL, &effective, error))
        return NULL;
      /* With --port 0 the system picks the port: say which. */
      g_print ("listening on %s:%u\n", o->host,
               g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective)));
      fflush (stdout);
      return g_socket_listener_accept (listener, NULL, NULL, error);
    }
  else
    {
      g_autoptr (GSocketClient) client = g_socket_client_new ();

      g_socket_client_set_timeout (client, DR_WAIT_HANDSHAKE_MS / 1000);
      return g_socket_client_connect_to_host (client, o->host, (guint16) o->port, NULL, error);
    }
}

/**
 * dr_dxp_command:
 * @argc: the arguments' count, the command name included
 * @argv: the arguments
 *
 * draughtsman-cli dxp: plays International draughts over DXP, as the
 * follower (--listen) or the initiator.
 *
 * Returns: the exit status
 */
int
dr_dxp_command (int    argc,
                char **argv)
{
  Options o = { .port = DR_DXP_DEFAULT_PORT, .games = 1, .minutes = 10, .hash_mb = 64 };
  GOptionEntry entries[] = {
    { "host", 0, 0, G_OPTION_ARG_STRING, &o.host, N_("Host to connect to, or address to listen on (default 127.0.0.1)"), N_("HOST") },
    { "port", 'p', 0, G_OPTION_ARG_INT, &o.port, N_("TCP port (default 27531; with --listen, 0 picks a free one)"), N_("PORT") },
    { "listen", 'l', 0, G_OPTION_ARG_NONE, &o.listen, N_("Wait for a connection and follow the other side's game requests"), NULL },
    { "movetime", 't', 0, G_OPTION_ARG_INT64, &o.movetime_ms, N_("Think this many milliseconds a move (default: share out the game's time)"), N_("MS") },
    { "games", 'g', 0, G_OPTION_ARG_INT, &o.games, N_("Games to play (default 1; 0 with --listen: as many as asked)"), N_("N") },
    { "time", 0, 0, G_OPTION_ARG_INT, &o.minutes, N_("Thinking time a side for a game we ask for, in minutes (default 10)"), N_("MIN") },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &o.fen, N_("Ask for games from this position (PDN FEN)"), N_("FEN") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &o.name, N_("Name to give the other side (default Draughtsman)"), N_("NAME") },
    { "hash", 0, 0, G_OPTION_ARG_INT, &o.hash_mb, N_("Transposition table size in MiB (default 64)"), N_("MB") },
    { "timeout", 0, 0, G_OPTION_ARG_INT64, &o.timeout_ms, N_("Longest wait for any message of the other side; it loses a game on time after this (default: 10000 for GAMEREQ, GAMEACC and GAMEEND, its game clock + 5000 for a move)"), N_("MS") },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &o.verbose, N_("Show every message on standard error"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnection) connection = NULL;
  Session s = { &o };
  DrPosition setup;
  int status = EXIT_SUCCESS;

  g_option_context_set_summary (context, _("Play International draughts over the DamExchange protocol "
                                           "(DXP): as the initiator, which connects and asks for games, "
                                           "or with --listen as the follower."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli dxp: %s\n", error->message);
      status = EXIT_FAILURE;
      goto out;
    }
  if (argc != 1 || o.port < 0 || o.port > 65535 || (o.port == 0 && !o.listen) || o.movetime_ms < 0
      || o.games < 0 || (o.games == 0 && !o.listen) || o.minutes < 1 || o.minutes > 999
      || o.hash_mb < 1 || o.hash_mb > 4096 || (o.fen != NULL && o.listen) || o.timeout_ms < 0)
    {
      g_printerr (_("draughtsman-cli dxp: bad arguments (see --help)\n"));
      status = EXIT_FAILURE;
      goto out;
    }
  if (o.host == NULL)
    o.host = g_strdup ("127.0.0.1");
  if (o.name == NULL)
    o.name = g_strdup ("Draughtsman");
  if (o.fen != NULL && !dr_fen_parse (&dr_rules_international, o.fen, &setup, &error))
    {
      g_printerr ("draughtsman-cli dxp: %s\n", error->message);
      status = EXIT_FAILURE;
      goto out;
    }

  connection = open_connection (&o, &error);
  if (connection == NULL)
    {
      g_printerr ("draughtsman-cli dxp: %s\n", error->message);
      status = EXIT_FAILURE;
      goto out;
    }
  s.link = dr_dxp_link_new (connection, o.verbose);
  s.search = dr_search_new (&dr_rules_international, (size_t) o.hash_mb);
  g_strlcpy (s.peer, "?", sizeof s.peer);

  if (!(o.listen ? run_follower (&s, &error)
                 : run_initiator (&s, o.fen != NULL ? &setup : NULL, &error)))
    {
      g_printerr ("draughtsman-cli dxp: %s\n", error->message);
      status = EXIT_FAILURE;
    }
  g_print ("games: %d, wins: %d, draws: %d, losses: %d, unknown: %d\n",
           s.wins + s.draws + s.losses + s.unknown, s.wins, s.draws, s.losses, s.unknown);
  dr_dxp_link_free (s.link);
  dr_search_free (s.search);

out:
  g_free (o.host);
  g_free (o.fen);
  g_free (o.name);
  return status;
}
