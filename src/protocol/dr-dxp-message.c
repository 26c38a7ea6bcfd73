/* dr-dxp-message.c — DXP messages: reading and writing one message
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ENGINES.md §4.2.  Layer 2 of the DamExchange protocol: a message is a
 * header byte and fixed-width fields, numbers zero-padded.  This file
 * knows nothing of sockets (tests/test-dxp.c drives it with hand-written
 * messages); dr-dxp-link.c carries the messages over TCP.
 *
 * In error messages bytes are counted from 1, the header being byte 1.
 */

#define G_LOG_DOMAIN "dr-dxp"

#include "config.h"

#include "dr-dxp-message.h"

#include "dr-movegen.h"
#include "dr-notation.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (dr-dxp-error-quark, dr_dxp_error)

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

/* The layouts (ENGINES.md §4.2), for naming the field a byte is in.
 * @first is 0-based (the header is byte 0); a MOVE's captured squares are
 * one field of DR_DXP_MAX_CAPTURED two-byte squares. */
typedef struct
{
  char        header;
  const char *name;
  guint8      first;
  guint8      width;
} Field;

static const Field fields[] = {
  { 'R', N_("version"), 1, 2 }, { 'R', N_("initiator name"), 3, 32 },
  { 'R', N_("follower colour"), 35, 1 }, { 'R', N_("thinking time"), 36, 3 },
  { 'R', N_("number of moves"), 39, 3 }, { 'R', N_("starting position"), 42, 1 },
  { 'R', N_("colour to move"), 43, 1 }, { 'R', N_("position"), 44, 50 },
  { 'A', N_("follower name"), 1, 32 }, { 'A', N_("acceptance code"), 33, 1 },
  { 'M', N_("time"), 1, 4 }, { 'M', N_("from"), 5, 2 }, { 'M', N_("to"), 7, 2 },
  { 'M', N_("number captured"), 9, 2 }, { 'M', N_("captured square"), 11, 2 * DR_DXP_MAX_CAPTURED },
  { 'E', N_("reason"), 1, 1 }, { 'E', N_("stop code"), 2, 1 },
  { 'C', N_("text"), 1, DR_DXP_MAX_CHAT },
  { 'B', N_("move number"), 1, 3 }, { 'B', N_("colour to move"), 4, 1 },
  { 'K', N_("acceptance code"), 1, 1 },
};

/* The field of a @header message that holds byte @at (0-based), or NULL
 * past the last one; a captured square is its own two bytes. */
static const Field *
field_at (char   header,
          gsize  at,
          Field *square)
{
  for (gsize i = 0; i < G_N_ELEMENTS (fields); i++)
    if (fields[i].header == header && at >= fields[i].first && at < (gsize) fields[i].first + fields[i].width)
      {
        if (header != DR_DXP_MOVE || fields[i].first != 11)
          return &fields[i];
        *square = fields[i];
        square->first = (guint8) (11 + (at - 11) / 2 * 2);
        square->width = 2;
        return square;
      }
  return NULL;
}

/* A message of the wrong length for its type, @wanted bytes by the
 * layout (or the nearest length the layout allows): the error names the
 * first byte missing and its field, or the first byte too many and the
 * field the message should have ended with. */
static gboolean
length_error (Parser     *p,
              GError    **error,
              const char *expected,
              gsize       wanted)
{
  char header = p->length > 0 ? p->text[0] : '\0';
  Field square;
  const Field *f;
  char b[16];

  if (p->length < wanted && (f = field_at (header, p->length, &square)) != NULL)
    g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_LENGTH,
                 _("DXP %s message “%s” is %u bytes long, expected %s: byte %u "
                   "(in the %s field, bytes %u–%u) is missing"),
                 p->type, p->quoted, (guint) p->length, expected, (guint) p->length + 1,
                 _(f->name), (guint) f->first + 1, (guint) f->first + f->width);
  else if (p->length > wanted && wanted > 0 && (f = field_at (header, wanted - 1, &square)) != NULL)
    g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_LENGTH,
                 _("DXP %s message “%s” is %u bytes long, expected %s: byte %u is %s, "
                   "where the message should end after the %s field"),
                 p->type, p->quoted, (guint) p->length, expected, (guint) wanted + 1,
                 byte_text (p->text[wanted], b), _(f->name));
  else
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
    return length_error (p, error, _("43 (normal start) or 94 (setup position)"), GAMEREQ_LENGTH);
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
        return length_error (p, error, _("43 with the normal start (A)"), GAMEREQ_LENGTH);
      msg->setup = FALSE;
      dr_rules_initial (&dr_rules_international, &msg->position);
      return TRUE;
    }
  if (p->text[42] != 'B')
    return field_error (p, error, _("starting position"), 42, 1, 42,
                        _("A (normal start) or B (setup follows)"));
  if (p->length != GAMEREQ_SETUP_LENGTH)
    return length_error (p, error, _("94 with a setup position (B)"), GAMEREQ_SETUP_LENGTH);
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
    return length_error (p, error, _("at least 11"), MOVE_MIN_LENGTH);
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
      return length_error (p, error, expected, MOVE_MIN_LENGTH + 2 * (gsize) msg->n_captured);
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
                         _("DXP MOVE message “%s”: the captured square field (bytes %u–%u) is %02d, "
                           "listed already at bytes %u–%u; expected each captured square once"),
                         p->quoted, (guint) (first + 1), (guint) (first + 2), msg->captured[i],
                         (guint) (MOVE_MIN_LENGTH + 2 * j + 1), (guint) (MOVE_MIN_LENGTH + 2 * j + 2));
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
  Field square;

  g_return_val_if_fail (text != NULL || length == 0, FALSE);
  g_return_val_if_fail (msg != NULL, FALSE);

  memset (msg, 0, sizeof *msg);
  if (length == 0)
    {
      g_set_error_literal (error, DR_DXP_ERROR, DR_DXP_ERROR_LENGTH,
                           _("DXP message is empty: byte 1 (the header) is missing, "
                             "expected one of R, A, M, E, C, B, K"));
      return FALSE;
    }
  p.type = type_name (text[0]);
  {
    g_autofree char *copy = g_strndup (text, MIN (length, (gsize) 200));
    p.quoted = g_strescape (copy, NULL);
  }
  if (text[0] == '\0' || (guchar) text[0] > 127)
    {
      g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_BAD_BYTE,
                   _("DXP message byte 1 (the header) is \\x%02X, expected one of R, A, M, E, C, B, K"),
                   (guchar) text[0]);
      goto out;
    }
  if (field_at (text[0], 1, &square) == NULL)
    {
      char b[16];

      g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_UNKNOWN_TYPE,
                   _("DXP message “%s”: byte 1 (the header) is %s, expected one of R, A, M, E, C, B, K"),
                   p.quoted, byte_text (text[0], b));
      goto out;
    }
  for (gsize i = 1; i < length; i++)
    if (text[i] == '\0' || (guchar) text[i] > 127)
      {
        const Field *f = field_at (text[0], i, &square);

        if (f != NULL)
          g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_BAD_BYTE,
                       _("DXP %s message byte %u (in the %s field, bytes %u–%u) is \\x%02X, "
                         "expected an ASCII character from 1 to 127"),
                       p.type, (guint) (i + 1), _(f->name), (guint) f->first + 1,
                       (guint) f->first + f->width, (guchar) text[i]);
        else
          g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_BAD_BYTE,
                       _("DXP %s message byte %u (after the last field) is \\x%02X, "
                         "expected the end of the message"),
                       p.type, (guint) (i + 1), (guchar) text[i]);
        goto out;
      }
  if (length > DR_DXP_MAX_MESSAGE)
    {
      /* The longest of the type's layouts (dr-dxp-message.h). */
      gsize longest = text[0] == DR_DXP_GAMEREQ ? GAMEREQ_SETUP_LENGTH
                      : text[0] == DR_DXP_GAMEACC ? GAMEACC_LENGTH
                      : text[0] == DR_DXP_MOVE ? MOVE_MIN_LENGTH + 2 * DR_DXP_MAX_CAPTURED
                      : text[0] == DR_DXP_GAMEEND ? GAMEEND_LENGTH
                      : text[0] == DR_DXP_BACKREQ ? BACKREQ_LENGTH
                      : text[0] == DR_DXP_BACKACC ? BACKACC_LENGTH
                      : DR_DXP_MAX_MESSAGE;
      g_autofree char *expected = g_strdup_printf (_("at most %u"), (guint) longest);

      length_error (&p, error, expected, longest);
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
        length_error (&p, error, "34", GAMEACC_LENGTH);
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
        length_error (&p, error, "3", GAMEEND_LENGTH);
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
        length_error (&p, error, _("2 to 127"), 2);
      else
        {
          memcpy (msg->text, text + 1, length - 1);
          msg->text[length - 1] = '\0';
          ok = TRUE;
        }
      break;

    case DR_DXP_BACKREQ:
      if (length != BACKREQ_LENGTH)
        length_error (&p, error, "5", BACKREQ_LENGTH);
      else
        ok = read_number (&p, _("move number"), 1, 3, 1, 999, &msg->move_number, error)
             && read_side (&p, _("colour to move"), 4, &msg->side_to_move, error);
      break;

    case DR_DXP_BACKACC:
      if (length != BACKACC_LENGTH)
        length_error (&p, error, "2", BACKACC_LENGTH);
      else
        ok = read_number (&p, _("acceptance code"), 1, 1, 0, 9, &msg->code, error);
      break;

    default:
      /* Unknown headers were refused above. */
      g_assert_not_reached ();
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

/* Starting and accepting a game ------------------------------------------ */

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
