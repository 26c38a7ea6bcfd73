/* dr-game-list.h — the games of a file, in a sortable, searchable list
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-game.h"
#include "dr-pdn-collection.h"

G_BEGIN_DECLS

#define DR_TYPE_GAME_LIST (dr_game_list_get_type ())

G_DECLARE_FINAL_TYPE (DrGameList, dr_game_list, DR, GAME_LIST, GtkWidget)

GtkWidget  *dr_game_list_new            (void);
/* Lists every game of @collection (read now; NULL: none).  The list
 * keeps no pointer into it. */
void        dr_game_list_set_collection (DrGameList            *self,
                                         const DrPdnCollection *collection);
/* Game @index is now @game (its tags or moves changed), or a game added
 * at the end when @index is the number of games. */
void        dr_game_list_update_game    (DrGameList            *self,
                                         guint                  index,
                                         const DrGame          *game);
/* The game shown (highlighted), or G_MAXUINT for none. */
void        dr_game_list_set_current    (DrGameList            *self,
                                         guint                  index);
/* The games listed, and those the search lets through. */
guint       dr_game_list_get_n_games    (DrGameList            *self);
guint       dr_game_list_get_n_shown    (DrGameList            *self);
/* The game in row @row of the list as sorted and searched, or G_MAXUINT. */
guint       dr_game_list_get_row_game   (DrGameList            *self,
                                         guint                  row);
/* The row of game @index, or G_MAXUINT if the search hides it. */
guint       dr_game_list_find_row       (DrGameList            *self,
                                         guint                  index);
/* Are rows still being handed to the view (a screenful goes at once,
 * the rest from an idle)? */
gboolean    dr_game_list_get_busy       (DrGameList            *self);
GtkWidget  *dr_game_list_get_search_entry (DrGameList          *self);
GtkColumnView *dr_game_list_get_view    (DrGameList            *self);
/* Sorts by column @column (0 number, 1 White, 2 Black, 3 Event, 4 Date,
 * 5 Result, 6 moves), as a click on its header does.  The list searches
 * and sorts at once: its rows are right when a call returns. */
void        dr_game_list_sort_by        (DrGameList            *self,
                                         guint                  column,
                                         GtkSortType            order);

G_END_DECLS
