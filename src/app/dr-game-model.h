/* dr-game-model.h — the game being shown and edited, as a GObject
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "dr-draw.h"
#include "dr-game.h"

G_BEGIN_DECLS

#define DR_TYPE_GAME_MODEL (dr_game_model_get_type ())

G_DECLARE_FINAL_TYPE (DrGameModel, dr_game_model, DR, GAME_MODEL, GObject)

DrGameModel      *dr_game_model_new            (const DrRules    *rules);
/* Replaces the game (transfer full); the current node is its start. */
void              dr_game_model_set_game       (DrGameModel      *self,
                                                DrGame           *game);
void              dr_game_model_new_game       (DrGameModel      *self,
                                                const DrRules    *rules,
                                                const DrPosition *start);
DrGame           *dr_game_model_get_game       (DrGameModel      *self);
const DrRules    *dr_game_model_get_rules      (DrGameModel      *self);
DrGameNode       *dr_game_model_get_current    (DrGameModel      *self);
const DrPosition *dr_game_model_get_position   (DrGameModel      *self);

/* Plays @move (legal in the current position) from the current node: the
 * existing continuation if it is one, else a new variation; the new node
 * becomes current. */
DrGameNode       *dr_game_model_play           (DrGameModel      *self,
                                                const DrMove     *move);
void              dr_game_model_go_to          (DrGameModel      *self,
                                                DrGameNode       *node);
gboolean          dr_game_model_go_back        (DrGameModel      *self);
gboolean          dr_game_model_go_forward     (DrGameModel      *self);
void              dr_game_model_go_start       (DrGameModel      *self);
void              dr_game_model_go_end         (DrGameModel      *self);
/* Tree edits at the current node. */
gboolean          dr_game_model_promote_variation (DrGameModel   *self);
void              dr_game_model_make_main_line (DrGameModel      *self);
gboolean          dr_game_model_delete_from_current (DrGameModel *self);
void              dr_game_model_set_comment    (DrGameModel      *self,
                                                const char       *text);
void              dr_game_model_set_glyph      (DrGameModel      *self,
                                                DrNag             glyph);

/* The end of the game at the current node: no move left, or a draw rule
 * of the variant (*which names it). */
DrStatus          dr_game_model_get_status     (DrGameModel      *self,
                                                const DrDrawRule **which);

/* Has the game changed since dr_game_model_set_saved()? */
gboolean          dr_game_model_get_modified   (DrGameModel      *self);
void              dr_game_model_set_saved      (DrGameModel      *self);

G_END_DECLS
