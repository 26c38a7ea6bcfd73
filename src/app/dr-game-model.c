/* dr-game-model.c — the game being shown and edited, as a GObject
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Holds a DrGame and the node being shown.  Every change, of the tree or
 * of the current node, emits ::changed exactly once, so that views redraw
 * once per move.
 */

#define G_LOG_DOMAIN "dr-game-model"

#include "config.h"

#include "dr-game-model.h"

struct _DrGameModel
{
  GObject     parent_instance;
  DrGame     *game;
  DrGameNode *current;
  guint       revision;        /* bumped on every change of the game itself */
  guint       saved_revision;
};

G_DEFINE_FINAL_TYPE (DrGameModel, dr_game_model, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* @edited: the game itself changed (not only the node shown). */
static void
emit_changed (DrGameModel *self,
              gboolean     edited)
{
  if (edited)
    self->revision++;
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
dr_game_model_finalize (GObject *object)
{
  DrGameModel *self = DR_GAME_MODEL (object);

  g_clear_pointer (&self->game, dr_game_free);
  G_OBJECT_CLASS (dr_game_model_parent_class)->finalize (object);
}

static void
dr_game_model_class_init (DrGameModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dr_game_model_finalize;

  /**
   * DrGameModel::changed:
   *
   * The game or the current node changed; emitted once per change.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dr_game_model_init (DrGameModel *self)
{
}

DrGameModel *
dr_game_model_new (const DrRules *rules)
{
  DrGameModel *self = g_object_new (DR_TYPE_GAME_MODEL, NULL);

  self->game = dr_game_new (rules, NULL);
  self->current = self->game->root;
  return self;
}

void
dr_game_model_set_game (DrGameModel *self,
                        DrGame      *game)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  g_return_if_fail (game != NULL);

  g_clear_pointer (&self->game, dr_game_free);
  self->game = game;
  self->current = game->root;
  self->saved_revision = ++self->revision;
  emit_changed (self, FALSE);
}

void
dr_game_model_new_game (DrGameModel      *self,
                        const DrRules    *rules,
                        const DrPosition *start)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));

  dr_game_model_set_game (self, dr_game_new (rules, start));
}

DrGame *
dr_game_model_get_game (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), NULL);
  return self->game;
}

const DrRules *
dr_game_model_get_rules (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), NULL);
  return self->game->rules;
}

DrGameNode *
dr_game_model_get_current (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), NULL);
  return self->current;
}

const DrPosition *
dr_game_model_get_position (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), NULL);
  return &self->current->position;
}

DrGameNode *
dr_game_model_play (DrGameModel  *self,
                    const DrMove *move)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), NULL);
  g_return_val_if_fail (move != NULL, NULL);

  DrGameNode *child = dr_game_node_find_child (self->current, move);

  self->current = child != NULL ? child : dr_game_add_move (self->game, self->current, move);
  if (child == NULL && dr_game_node_is_main_line (self->current))
    {
      /* A move that ends the game on the main line gives the result. */
      switch (dr_game_model_get_status (self, NULL))
        {
        case DR_STATUS_WHITE_WINS:
          self->game->result = DR_RESULT_WHITE_WINS;
          break;
        case DR_STATUS_BLACK_WINS:
          self->game->result = DR_RESULT_BLACK_WINS;
          break;
        case DR_STATUS_DRAW:
          self->game->result = DR_RESULT_DRAW;
          break;
        case DR_STATUS_ONGOING:
        default:
          break;
        }
    }
  emit_changed (self, child == NULL);
  return self->current;
}

void
dr_game_model_go_to (DrGameModel *self,
                     DrGameNode  *node)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  g_return_if_fail (node != NULL);

  if (node == self->current)
    return;
  self->current = node;
  emit_changed (self, FALSE);
}

gboolean
dr_game_model_go_back (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  if (self->current->parent == NULL)
    return FALSE;
  dr_game_model_go_to (self, self->current->parent);
  return TRUE;
}

gboolean
dr_game_model_go_forward (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  if (self->current->children == NULL)
    return FALSE;
  dr_game_model_go_to (self, self->current->children);
  return TRUE;
}

void
dr_game_model_go_start (DrGameModel *self)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  dr_game_model_go_to (self, self->game->root);
}

void
dr_game_model_go_end (DrGameModel *self)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  dr_game_model_go_to (self, dr_game_node_main_line_end (self->current));
}

gboolean
dr_game_model_promote_variation (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  if (!dr_game_promote_variation (self->game, self->current))
    return FALSE;
  emit_changed (self, TRUE);
  return TRUE;
}

void
dr_game_model_make_main_line (DrGameModel *self)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));

  dr_game_make_main_line (self->game, self->current);
  emit_changed (self, TRUE);
}

gboolean
dr_game_model_delete_from_current (DrGameModel *self)
{
  DrGameNode *parent;

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  parent = self->current->parent;
  if (parent == NULL)
    return FALSE;
  dr_game_delete_from (self->game, self->current);
  self->current = parent;
  emit_changed (self, TRUE);
  return TRUE;
}

void
dr_game_model_set_comment (DrGameModel *self,
                           const char  *text)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));

  dr_game_node_set_comment_after (self->current, text != NULL && text[0] != '\0' ? text : NULL);
  emit_changed (self, TRUE);
}

void
dr_game_model_set_glyph (DrGameModel *self,
                         DrNag        glyph)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));

  if (self->current->parent == NULL)
    return;
  dr_game_node_set_glyph (self->current, glyph);
  emit_changed (self, TRUE);
}

DrStatus
dr_game_model_get_status (DrGameModel       *self,
                          const DrDrawRule **which)
{
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GPtrArray) line = g_ptr_array_new ();

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), DR_STATUS_ONGOING);

  /* The positions from the start to the current node, one per ply. */
  for (DrGameNode *n = self->current; n != NULL; n = n->parent)
    g_ptr_array_add (line, n);
  for (guint i = line->len; i > 0; i--)
    g_array_append_val (history, ((DrGameNode *) line->pdata[i - 1])->position);
  return dr_game_status (self->game->rules, (const DrPosition *) history->data, history->len, which);
}

gboolean
dr_game_model_get_modified (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);
  return self->revision != self->saved_revision;
}

void
dr_game_model_set_saved (DrGameModel *self)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  self->saved_revision = self->revision;
}
