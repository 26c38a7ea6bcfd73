/* dr-clock.h — time controls, a game clock, and clock times in comments
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The clock of an engine game, or of an over-the-board game recorded by
 * hand, as data: no widget, no timer and no system clock.  Every call that
 * needs the time takes it as @now, in microseconds on a monotonic clock
 * (g_get_monotonic_time() in the application), so the same calls give the
 * same answers in a test.
 *
 * - A #DrTimeControl is what the PDN tag TimeControl says (PGN's grammar,
 *   shared/design/PDN.md §2): periods joined by ':', each "moves/seconds"
 *   (a period of that many moves), "seconds" (the rest of the game),
 *   "seconds+increment" (Fischer: the increment is added after each move)
 *   or "*seconds" (sandglass: the time one side uses goes to the other);
 *   "?" (unknown) and "-" (none) stand alone.  Example: "40/7200:3600+60"
 *   is 2 h for 40 moves, then 1 h for the rest of the game with 60 s a
 *   move.  "moves/seconds+increment", an increment in a period of moves,
 *   which PGN's grammar lacks, is read and written too.  When the last
 *   period has a number of moves it starts again each time it is done
 *   ("40/7200" is 2 h for every 40 moves).
 * - dr_time_control_presets() lists the controls of the Draughts code of
 *   Russia (004 3.9.1 - 3.9.4) and a few common Fischer controls.
 * - A #DrClock is the two dials of a game clock (004 3.8.1, 3.8.2): one
 *   runs at a time; pressing it after a move (004 3.8.6) stops the mover's
 *   and starts the opponent's.  The flag falls when a side's time runs
 *   out, before or during its control move and even while it presses the
 *   clock (004 3.8.9); dr_clock_flag_result() then gives the result, which
 *   004 3.8.12 turns round when the flagged side's move left the opponent
 *   without a piece or a move.
 * - The times go into the game as embedded commands in each move's
 *   comment (PDN 3.0 commands.rst, PDN.md §6), as lidraughts writes them:
 *
 *     12. 32-28 {[%clock w0:41:07 B0:38:52]} 19-23 {[%clock W0:41:07 b0:37:30]}
 *
 *   "%clock" gives one or both clocks after the move, a letter for the
 *   side (w, b) in upper case when that clock is running; DGT boards'
 *   "[%clk 0:41:07]" gives the time left to the side that has just moved.
 *   Times are h:mm:ss (hours may have more than one digit; a fraction of
 *   a second, "0:00:09.5", is read and dropped when written).  The
 *   TimeControl tag names the control.  Comments keep their other text,
 *   as with the marks of dr-marks.h; a clock command that cannot be read
 *   stays in the text as it was.
 */
#pragma once

#include <glib.h>

#include "dr-game.h"
#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_TIME_CONTROL_ERROR (dr_time_control_error_quark ())

typedef enum
{
  DR_TIME_CONTROL_ERROR_EMPTY,       /* no text, or nothing after a ':' */
  DR_TIME_CONTROL_ERROR_SYNTAX,      /* a character out of place */
  DR_TIME_CONTROL_ERROR_NUMBER,      /* 0 moves, no time, or a number too large */
  DR_TIME_CONTROL_ERROR_ALONE,       /* "?" or "-" beside periods */
  DR_TIME_CONTROL_ERROR_UNREACHABLE, /* a period after one that lasts the rest of the game */
} DrTimeControlError;

#define DR_CLOCK_ERROR (dr_clock_error_quark ())

typedef enum
{
  DR_CLOCK_ERROR_COMMAND,            /* a clock command in a comment that cannot be read */
} DrClockError;

/* The largest number a time control may hold (moves or seconds). */
#define DR_TIME_CONTROL_MAX 999999999u

typedef enum
{
  DR_TIME_CONTROL_TIMED,    /* the periods below */
  DR_TIME_CONTROL_UNKNOWN,  /* "?" */
  DR_TIME_CONTROL_NONE,     /* "-": no clock */
} DrTimeControlKind;

/* One period of a time control. */
typedef struct
{
  guint    moves;      /* moves each side makes in it; 0: the rest of the game */
  guint    seconds;    /* time each side gets for it (> 0) */
  guint    increment;  /* Fischer: seconds added after each move made in it */
  gboolean sandglass;  /* the time the mover uses is added to the opponent's */
} DrTimePeriod;

typedef struct
{
  DrTimeControlKind kind;
  guint             n_periods;   /* > 0 when kind is DR_TIME_CONTROL_TIMED */
  DrTimePeriod     *periods;
} DrTimeControl;

/* A time control of a rule text, or a common one (article NULL). */
typedef struct
{
  const char *id;       /* stable key for settings: "blitz-3" */
  const char *name;     /* English, marked with N_(): translate where shown */
  const char *article;  /* "004 3.9.2", or NULL when no rule text names it */
  const char *control;  /* its TimeControl text */
} DrTimeControlPreset;

/* What a clock command of a comment says (and what is written back):
 * times are the time left, in microseconds. */
typedef struct
{
  gboolean known[2];      /* by DrSide: this side's time is given */
  gboolean running[2];    /* this side's clock is running */
  gint64   remaining[2];
} DrClockTimes;

typedef struct _DrClock DrClock;

GQuark          dr_time_control_error_quark (void);
GQuark          dr_clock_error_quark        (void);

/* Time controls. */
DrTimeControl  *dr_time_control_new         (DrTimeControlKind      kind,
                                             const DrTimePeriod    *periods,
                                             guint                  n_periods);
DrTimeControl  *dr_time_control_copy        (const DrTimeControl   *control);
void            dr_time_control_free        (DrTimeControl         *control);
gboolean        dr_time_control_equal       (const DrTimeControl   *a,
                                             const DrTimeControl   *b);
gboolean        dr_time_control_parse       (const char            *text,
                                             DrTimeControl        **out,
                                             GError               **error);
char           *dr_time_control_to_string   (const DrTimeControl   *control);
char           *dr_time_control_describe    (const DrTimeControl   *control);
const DrTimeControlPreset *
                dr_time_control_presets     (guint                 *n_presets);

/* The clock. */
DrClock        *dr_clock_new                (const DrTimeControl   *control);
void            dr_clock_free               (DrClock               *self);
const DrTimeControl *
                dr_clock_get_control        (const DrClock         *self);
void            dr_clock_start              (DrClock               *self,
                                             DrSide                 side,
                                             gint64                 now);
gint64          dr_clock_press              (DrClock               *self,
                                             gint64                 now,
                                             gboolean              *flag_fell);
void            dr_clock_pause              (DrClock               *self,
                                             gint64                 now);
void            dr_clock_resume             (DrClock               *self,
                                             gint64                 now);
void            dr_clock_set_to_move        (DrClock               *self,
                                             DrSide                 side,
                                             gint64                 now);
void            dr_clock_set_remaining      (DrClock               *self,
                                             DrSide                 side,
                                             gint64                 remaining,
                                             gint64                 now);
gint64          dr_clock_remaining          (const DrClock         *self,
                                             DrSide                 side,
                                             gint64                 now);
gboolean        dr_clock_flagged            (const DrClock         *self,
                                             gint64                 now,
                                             DrSide                *side);
gboolean        dr_clock_is_running         (const DrClock         *self,
                                             DrSide                *side);
gboolean        dr_clock_is_paused          (const DrClock         *self);
guint           dr_clock_moves              (const DrClock         *self,
                                             DrSide                 side);
guint           dr_clock_period             (const DrClock         *self,
                                             DrSide                 side);
guint           dr_clock_moves_to_control   (const DrClock         *self,
                                             DrSide                 side);
DrResult        dr_clock_flag_result        (const DrRules         *rules,
                                             const DrPosition      *pos,
                                             DrSide                 flagged);

/* Clock times in comments. */
void            dr_clock_get_times          (const DrClock         *self,
                                             gint64                 now,
                                             DrClockTimes          *times);
char           *dr_clock_format_time        (gint64                 time);
gboolean        dr_clock_times_from_comment (const char            *comment,
                                             DrSide                 mover,
                                             DrClockTimes          *times,
                                             char                 **text,
                                             GError               **error);
char           *dr_clock_times_to_comment   (const char            *text,
                                             const DrClockTimes    *times);
char           *dr_clock_times_replace_in_comment (const char         *comment,
                                                   const DrClockTimes *times);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrTimeControl, dr_time_control_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrClock, dr_clock_free)

G_END_DECLS
