/* dr-dxp-message.h — DXP messages (ENGINES.md §4.2), International draughts
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_DXP_ERROR (dr_dxp_error_quark ())

#define DR_DXP_DEFAULT_PORT   27531
/* The longest message, in bytes before the NUL terminator.  Layer 1
 * allows 1 to 127 characters; the longest of each layer-2 layout
 * (ENGINES.md §4.2), header byte included:
 *   CHAT     1 + text 126                                        = 127
 *   GAMEREQ  1 + version 2 + name 32 + colour 1 + time 3 + moves 3
 *            + start 1 (B) + colour to move 1 + position 50     =  94
 *   MOVE     1 + time 4 + from 2 + to 2 + count 2 + 20 captured
 *            squares × 2 (a side has 20 pieces at most)          =  51
 *   GAMEACC  1 + name 32 + code 1                                =  34
 *   BACKREQ 5, GAMEEND 3, BACKACC 2.
 * So 127 (a full CHAT); 128 bytes without a NUL are not DXP. */
#define DR_DXP_MAX_MESSAGE    127
#define DR_DXP_NAME_LENGTH    32
#define DR_DXP_MAX_CAPTURED   20
#define DR_DXP_MAX_CHAT       126

typedef enum
{
  DR_DXP_ERROR_LENGTH,        /* too short or too long for its type */
  DR_DXP_ERROR_BAD_BYTE,      /* a byte outside ASCII 1-127 */
  DR_DXP_ERROR_UNKNOWN_TYPE,  /* a header that is none of R A M E C B K */
  DR_DXP_ERROR_FIELD,         /* a field holds a byte its layout forbids */
  DR_DXP_ERROR_ILLEGAL_MOVE,  /* a well-formed MOVE that is not legal */
  DR_DXP_ERROR_UNEXPECTED,    /* a message the game's state does not allow */
  DR_DXP_ERROR_CLOSED,        /* the connection ended in the middle */
  DR_DXP_ERROR_REFUSED,       /* the follower refused the game */
} DrDxpError;

typedef enum
{
  DR_DXP_GAMEREQ = 'R',
  DR_DXP_GAMEACC = 'A',
  DR_DXP_MOVE    = 'M',
  DR_DXP_GAMEEND = 'E',
  DR_DXP_CHAT    = 'C',
  DR_DXP_BACKREQ = 'B',
  DR_DXP_BACKACC = 'K',
} DrDxpType;

/* GAMEEND reasons, from the sender's point of view. */
typedef enum
{
  DR_DXP_END_UNKNOWN = 0,
  DR_DXP_END_I_LOSE  = 1,
  DR_DXP_END_DRAW    = 2,
  DR_DXP_END_I_WIN   = 3,
} DrDxpEndReason;

/* One layer-2 message (ENGINES.md §4.2), as values: squares are the
 * numbers 1-50, times and counts plain integers.  Only the fields of
 * @type are meaningful. */
typedef struct
{
  DrDxpType  type;
  /* GAMEREQ */
  int        version;                          /* 1 */
  DrSide     follower_side;
  int        minutes;                          /* thinking time, 0-999 */
  int        moves;                            /* 0: no move limit */
  gboolean   setup;                            /* FALSE: the start position */
  DrPosition position;                         /* the start or the setup */
  /* GAMEREQ, GAMEACC: no trailing spaces */
  char       name[DR_DXP_NAME_LENGTH + 1];
  /* GAMEACC, BACKACC */
  int        code;
  /* MOVE */
  int        seconds;                          /* 0-9999, informational */
  int        from;
  int        to;
  int        n_captured;
  int        captured[DR_DXP_MAX_CAPTURED];
  /* GAMEEND */
  DrDxpEndReason reason;
  int        stop;                             /* 1: no further games */
  /* CHAT */
  char       text[DR_DXP_MAX_CHAT + 1];
  /* BACKREQ */
  int        move_number;                      /* 1-999 */
  DrSide     side_to_move;
} DrDxpMessage;

GQuark    dr_dxp_error_quark        (void);

/* Reads one message: @length bytes of @text, without the NUL. */
gboolean  dr_dxp_message_parse      (const char         *text,
                                     gsize               length,
                                     DrDxpMessage       *msg,
                                     GError            **error);
/* The message as sent, without the NUL; fields out of range are clamped
 * to what the layout can hold, names cut to 32 bytes. */
char     *dr_dxp_message_format     (const DrDxpMessage *msg);

/* MOVE fields for @move (International numbering). */
void      dr_dxp_message_set_move   (DrDxpMessage       *msg,
                                     const DrMove       *move,
                                     int                 seconds);
/* The legal move of @pos that a MOVE message names. */
gboolean  dr_dxp_message_get_move   (const DrDxpMessage *msg,
                                     const DrPosition   *pos,
                                     DrMove             *move,
                                     GError            **error);

/* A GAMEREQ from @name for a game from @start (setup B unless it is the
 * initial position), version 1, no move limit. */
void      dr_dxp_game_request       (DrDxpMessage       *msg,
                                     const char         *name,
                                     const DrPosition   *start,
                                     DrSide              follower_side,
                                     int                 minutes);
/* FALSE with DR_DXP_ERROR_REFUSED and the reason unless @acc accepts. */
gboolean  dr_dxp_check_acceptance   (const DrDxpMessage *acc,
                                     GError            **error);

/* "GAMEREQ" and so on. */
const char *dr_dxp_type_name        (DrDxpType           type);

G_END_DECLS
