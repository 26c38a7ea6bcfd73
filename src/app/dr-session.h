/* dr-session.h — a window's session file, read (no GTK)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What dr_window_restore_session() brings back from a session file
 * (dr-window-files.c writes it): a GKeyFile with the group [Window]
 * (version, variant, file, game, modified, path), [Game] pdn (the game
 * shown, where it differs from the file) and [Edited] game-N (other games
 * of the file edited and not saved).  Reading it needs no window, so that
 * it can be tested and fuzzed on its own (tests/fuzz/fuzz-session.c).
 */
#pragma once

#include <glib.h>

#include "dr-game.h"

G_BEGIN_DECLS

#define DR_SESSION_VERSION 1

typedef struct
{
  const DrRules *rules;       /* the variant; International if unknown */
  char          *uri;         /* the file the game belongs to, or NULL */
  int            game_index;  /* the entry of that file shown, or -1 */
  gboolean       modified;
  GArray        *path;        /* guint: the node shown, child by child */
  DrGame        *current;     /* the game shown, where it differs; or NULL */
  GPtrArray     *edits;       /* DrGame *: other entries edited, not saved */
  GArray        *edit_index;  /* guint: their indices */
} DrSession;

/* Reads @length bytes of @data, a session file named @name (for errors).
 * On success @session holds what it says (dr_session_clear() it); on
 * failure it is left cleared. */
gboolean  dr_session_parse   (const char  *data,
                              gsize        length,
                              const char  *name,
                              DrSession   *session,
                              GError     **error);
void      dr_session_clear   (DrSession   *session);
/* The one game of @pdn (a session's, named @name; @rules NULL: guess the
 * variant), or NULL with @error set.  A game read in part is kept: it was
 * written so, with its unread text. */
DrGame   *dr_session_read_game (const char    *pdn,
                                const char    *name,
                                const DrRules *rules,
                                GError       **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (DrSession, dr_session_clear)

G_END_DECLS
