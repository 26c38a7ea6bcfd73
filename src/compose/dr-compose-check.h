/* dr-compose-check.h — the formal requirements of 004 section VI, checked
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A composition is checked against the formal requirements of the Draughts
 * code of Russia, section VI (shared/rules/004, 6.1.3 and 6.2): each
 * requirement gives one check item with its article, a status and a
 * message that says why (which square, which move).  The code is written
 * for Russian and International draughts; the other variants are checked
 * by the same articles, as their federations have no composition code of
 * their own (the items say so).
 *
 * The static checks (dr_compose_check_static()) need only the start
 * position and the stipulation; dr_compose_check_stated() reads the
 * stated solution (the game's move tree) as well.
 */
#pragma once

#include <glib.h>

#include "dr-game.h"
#include "dr-stipulation.h"

G_BEGIN_DECLS

typedef enum
{
  DR_CHECK_PASS,
  DR_CHECK_FAIL,            /* the composition does not exist (6.1.1) */
  DR_CHECK_DEFECT,          /* a serious defect (6.2.8.3), not a failure */
  DR_CHECK_NOT_APPLICABLE,  /* the article does not apply to this genre */
  DR_CHECK_UNDECIDED,       /* not decided within the limits given */
} DrCheckStatus;

typedef struct
{
  const char    *article;   /* "6.2.2", "6.2.7.1" ... (static string) */
  DrCheckStatus  status;
  char          *message;
} DrCheckItem;

typedef struct
{
  GPtrArray *items;         /* DrCheckItem *, in the order checked */
  DrGenre    genre;         /* stated, or found from the material (6.1.3) */
  char      *group;         /* "miniature", "medium problem", ... (6.1.3) */
} DrCheckReport;

DrCheckReport *dr_check_report_new      (void);
void           dr_check_report_free     (DrCheckReport       *report);
/* Adds an item; @message is a printf format. */
void           dr_check_report_add      (DrCheckReport       *report,
                                         const char          *article,
                                         DrCheckStatus        status,
                                         const char          *message,
                                         ...) G_GNUC_PRINTF (4, 5);
/* Removes every item of @article (a later check decides it better). */
void           dr_check_report_remove   (DrCheckReport       *report,
                                         const char          *article);
/* The first item of @article, or NULL. */
const DrCheckItem *dr_check_report_find (const DrCheckReport *report,
                                         const char          *article);
/* The worst status of the report: FAIL, else UNDECIDED, else DEFECT,
 * else PASS. */
DrCheckStatus  dr_check_report_verdict  (const DrCheckReport *report);
const char    *dr_check_status_label    (DrCheckStatus        status);

/* 6.1.3: the genre the material allows, with @st's goal (a lock goal makes
 * a task); DR_GENRE_UNSTATED when none fits.  @group: (out) (optional)
 * (transfer full): the group within the genre. */
DrGenre        dr_compose_genre_of      (const DrRules       *rules,
                                         const DrPosition    *pos,
                                         const DrStipulation *st,
                                         char               **group);

/* 6.2.2 retro analysis: a move of the side that has just moved (the side
 * not to move in @pos) that leads to @pos from a legal position, and a
 * move of the other side before it.  Returns the number of plies found
 * (0, 1 or 2); @text gets "Black 27-22, before it White 33-28". */
int            dr_compose_last_moves    (const DrRules       *rules,
                                         const DrPosition    *pos,
                                         char               **text);

/* 6.2.8.2: is @pos, the defender to move, locked with exactly the men
 * and kings @st asks for?  If not, @why (transfer full) says why. */
gboolean       dr_compose_is_exact_lock (const DrRules       *rules,
                                         const DrPosition    *pos,
                                         const DrStipulation *st,
                                         char               **why);

/* The checks that need only the start: 6.2.2, 6.1.3, 6.2.7.1, the first
 * move (6.1.3, 6.2.8.3) and White under attack in tasks (6.2.8.3). */
void           dr_compose_check_static  (DrCheckReport       *report,
                                         const DrRules       *rules,
                                         const DrPosition    *pos,
                                         const DrStipulation *st);

/* The checks of the stated solution (the game's moves): 6.2.7.2 the
 * final of problems, 6.2.8.2 the locks of tasks, 6.2.5 thematic
 * variations counted in the stated tree.  @report's genre must be set
 * (dr_compose_check_static()). */
void           dr_compose_check_stated  (DrCheckReport       *report,
                                         const DrGame        *game,
                                         const DrStipulation *st);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrCheckReport, dr_check_report_free)

G_END_DECLS
