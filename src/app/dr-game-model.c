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

#include "dr-pdn.h"

/* The game as it was before an edit (or after it, on the redo stack). */
typedef struct
{
  DrGame *game;
  GArray *path;       /* guint: the current node then (dr_game_model_get_path) */
  guint   revision;
} Snapshot;

/* How many edits Undo reaches back. */
#define UNDO_DEPTH 200

struct _DrGameModel
{
  GObject     parent_instance;
  DrGame     *game;
  DrGameNode *current;
  guint       revision;        /* this state of the game; a new number on every edit */
  guint       next_revision;   /* the number the next edit takes */
  guint       saved_revision;
  GQueue      undo;            /* Snapshot *, newest first */
  GQueue      redo;            /* Snapshot *, newest first */
};

G_DEFINE_FINAL_TYPE (DrGameModel, dr_game_model, G_TYPE_OBJECT)

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
snapshot_free (gpointer data)
{
  Snapshot *s = data;

  dr_game_free (s->game);
  g_array_unref (s->path);
  g_free (s);
}

static Snapshot *
snapshot_take (DrGameModel *self)
{
  Snapshot *s = g_new0 (Snapshot, 1);

  s->game = dr_game_copy (self->game);
  s->path = dr_game_model_get_path (self);
  s->revision = self->revision;
  return s;
}

/* Puts @s (transfer full) in place of the game. */
static void
snapshot_restore (DrGameModel *self,
                  Snapshot    *s)
{
  g_clear_pointer (&self->game, dr_game_free);
  self->game = g_steal_pointer (&s->game);
  self->current = self->game->root;
  self->revision = s->revision;
  for (guint i = 0; i < s->path->len; i++)
    {
      DrGameNode *child = self->current->children;
      for (guint k = g_array_index (s->path, guint, i); child != NULL && k > 0; k--)
        child = child->next;
      if (child == NULL)
        break;
      self->current = child;
    }
  snapshot_free (s);
}

static void
clear_history (DrGameModel *self)
{
  g_queue_clear_full (&self->undo, snapshot_free);
  g_queue_clear_full (&self->redo, snapshot_free);
}

/* Called before an edit: the state it leaves goes on the undo stack. */
static void
begin_edit (DrGameModel *self)
{
  g_queue_push_head (&self->undo, snapshot_take (self));
  while (self->undo.length > UNDO_DEPTH)
    snapshot_free (g_queue_pop_tail (&self->undo));
  g_queue_clear_full (&self->redo, snapshot_free);
}

/* @edited: the game itself changed (not only the node shown). */
static void
emit_changed (DrGameModel *self,
              gboolean     edited)
{
  if (edited)
    self->revision = self->next_revision++;
  g_signal_emit (self, signals[CHANGED], 0);
}

static DrResult
result_of_status (DrStatus status)
{
  switch (status)
    {
    case DR_STATUS_WHITE_WINS:
      return DR_RESULT_WHITE_WINS;
    case DR_STATUS_BLACK_WINS:
      return DR_RESULT_BLACK_WINS;
    case DR_STATUS_DRAW:
      return DR_RESULT_DRAW;
    case DR_STATUS_ONGOING:
    default:
      return DR_RESULT_UNKNOWN;
    }
}

/* How the game stands at @node: no move left, a draw rule, or going on. */
static DrStatus
status_at (const DrGame     *game,
           const DrGameNode *node,
           const DrDrawRule **which)
{
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GPtrArray) line = g_ptr_array_new ();

  /* The positions from the start to @node, one per ply. */
  for (const DrGameNode *n = node; n != NULL; n = n->parent)
    g_ptr_array_add (line, (gpointer) n);
  for (guint i = line->len; i > 0; i--)
    g_array_append_val (history, ((DrGameNode *) line->pdata[i - 1])->position);
  return dr_game_status (game->rules, (const DrPosition *) history->data, history->len, which);
}

/* The result the main line's moves give by the rules: a side with no
 * move left, or a draw rule; DR_RESULT_UNKNOWN while the game goes on. */
static DrResult
main_line_result (DrGameModel *self)
{
  return result_of_status (status_at (self->game, dr_game_node_main_line_end (self->game->root), NULL));
}

/* The game's result, in the game and in its Result tag alike, so that
 * the tag and the move text's terminator never disagree. */
static void
set_result (DrGameModel *self,
            DrResult     result)
{
  self->game->result = result;
  if (dr_game_get_tag (self->game, "Result") != NULL)
    dr_game_set_tag (self->game, "Result", dr_result_to_string (result, self->game->rules));
}

/* After an edit of the tree: a result that the old main line's last move
 * produced (@produced) follows the main line as it is now; a result
 * written by hand (a resignation, an agreed draw) stays. */
static void
update_result (DrGameModel *self,
               gboolean     produced)
{
  DrResult now = main_line_result (self);

  if (produced && now != self->game->result)
    set_result (self, now);
}

/* Does the result come from the main line's moves? */
static gboolean
result_produced (DrGameModel *self)
{
  return self->game->result != DR_RESULT_UNKNOWN && main_line_result (self) == self->game->result;
}

static void
dr_game_model_finalize (GObject *object)
{
  DrGameModel *self = DR_GAME_MODEL (object);

  clear_history (self);
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
  g_queue_init (&self->undo);
  g_queue_init (&self->redo);
  self->next_revision = 1;
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

  clear_history (self);
  g_clear_pointer (&self->game, dr_game_free);
  self->game = game;
  self->current = game->root;
  self->revision = self->next_revision++;
  self->saved_revision = self->revision;
  emit_changed (self, FALSE);
}

void
dr_game_model_add_standard_tags (DrGame *game)
{
  static const char *const roster[] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  GPtrArray *names, *values;

  g_return_if_fail (game != NULL);

  /* PDN 3.0, "Seven Tag Roster": these seven first, in this order, then
   * the game's other tags as they were. */
  names = g_ptr_array_new_with_free_func (g_free);
  values = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
    {
      const char *value = dr_game_get_tag (game, roster[i]);

      if (value == NULL && i == 2)
        value = date;
      else if (value == NULL && i == 6)
        value = dr_result_to_string (game->result, game->rules);
      else if (value == NULL)
        value = "?";
      g_ptr_array_add (names, g_strdup (roster[i]));
      g_ptr_array_add (values, g_strdup (value));
    }
  for (guint k = 0; k < game->tag_names->len; k++)
    {
      gboolean in_roster = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (roster); i++)
        in_roster |= g_ascii_strcasecmp (game->tag_names->pdata[k], roster[i]) == 0;
      if (in_roster)
        continue;
      g_ptr_array_add (names, g_strdup (game->tag_names->pdata[k]));
      g_ptr_array_add (values, g_strdup (game->tag_values->pdata[k]));
    }
  g_ptr_array_unref (game->tag_names);
  g_ptr_array_unref (game->tag_values);
  game->tag_names = names;
  game->tag_values = values;
}

void
dr_game_model_new_game (DrGameModel      *self,
                        const DrRules    *rules,
                        const DrPosition *start)
{
  DrGame *game;

  g_return_if_fail (DR_IS_GAME_MODEL (self));

  game = dr_game_new (rules, start);
  dr_game_model_add_standard_tags (game);
  dr_game_model_set_game (self, game);
}

void
dr_game_model_replace_game (DrGameModel *self,
                            DrGame      *game)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  g_return_if_fail (game != NULL);

  begin_edit (self);
  g_clear_pointer (&self->game, dr_game_free);
  self->game = game;
  self->current = game->root;
  emit_changed (self, TRUE);
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
  DrGameNode *child;

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), NULL);
  g_return_val_if_fail (move != NULL, NULL);

  child = dr_game_node_find_child (self->current, move);
  if (child != NULL)
    {
      dr_game_model_go_to (self, child);
      return child;
    }
  begin_edit (self);
  self->current = dr_game_add_move (self->game, self->current, move);
  /* A move that ends the game on the main line gives the result. */
  if (dr_game_node_is_main_line (self->current))
    {
      DrResult result = result_of_status (status_at (self->game, self->current, NULL));
      if (result != DR_RESULT_UNKNOWN)
        set_result (self, result);
    }
  emit_changed (self, TRUE);
  return self->current;
}

/**
 * dr_game_model_add_line:
 * @self: a #DrGameModel
 * @moves: (array length=n_moves): the moves of a line, from the current node
 * @n_moves: how many
 *
 * Adds @moves to the game from the current node, the moves it already has
 * followed, as one edit (one undo step); the current node stays.
 *
 * Returns: %TRUE if a move was added
 */
gboolean
dr_game_model_add_line (DrGameModel  *self,
                        const DrMove *moves,
                        guint         n_moves)
{
  DrGameNode *node, *child;
  guint i = 0;

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (moves != NULL || n_moves == 0, FALSE);

  for (node = self->current; i < n_moves && (child = dr_game_node_find_child (node, &moves[i])) != NULL; i++)
    node = child;
  if (i == n_moves)
    return FALSE;
  begin_edit (self);
  for (; i < n_moves; i++)
    node = dr_game_add_move (self->game, node, &moves[i]);
  /* A line that ends the game on the main line gives the result. */
  if (dr_game_node_is_main_line (node))
    {
      DrResult result = result_of_status (status_at (self->game, node, NULL));
      if (result != DR_RESULT_UNKNOWN)
        set_result (self, result);
    }
  emit_changed (self, TRUE);
  return TRUE;
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
  gboolean produced;

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  if (self->current->parent == NULL || self->current->parent->children == self->current)
    return FALSE;
  produced = result_produced (self);
  begin_edit (self);
  dr_game_promote_variation (self->game, self->current);
  update_result (self, produced);
  emit_changed (self, TRUE);
  return TRUE;
}

void
dr_game_model_make_main_line (DrGameModel *self)
{
  gboolean produced;

  g_return_if_fail (DR_IS_GAME_MODEL (self));

  if (dr_game_node_is_main_line (self->current))
    return;
  produced = result_produced (self);
  begin_edit (self);
  dr_game_make_main_line (self->game, self->current);
  update_result (self, produced);
  emit_changed (self, TRUE);
}

gboolean
dr_game_model_delete_from_current (DrGameModel *self)
{
  DrGameNode *parent;
  gboolean produced;

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  parent = self->current->parent;
  if (parent == NULL)
    return FALSE;
  produced = result_produced (self);
  begin_edit (self);
  dr_game_delete_from (self->game, self->current);
  self->current = parent;
  update_result (self, produced);
  emit_changed (self, TRUE);
  return TRUE;
}

void
dr_game_model_set_comment (DrGameModel *self,
                           const char  *text)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));

  if (g_strcmp0 (self->current->comment_after, text != NULL && text[0] != '\0' ? text : NULL) == 0)
    return;
  begin_edit (self);
  dr_game_node_set_comment_after (self->current, text != NULL && text[0] != '\0' ? text : NULL);
  emit_changed (self, TRUE);
}

void
dr_game_model_set_glyph (DrGameModel *self,
                         DrNag        glyph)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));

  if (self->current->parent == NULL || dr_game_node_get_glyph (self->current) == glyph)
    return;
  begin_edit (self);
  dr_game_node_set_glyph (self->current, glyph);
  emit_changed (self, TRUE);
}

void
dr_game_model_set_comment_before (DrGameModel *self,
                                  const char  *text)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));

  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (self->current->parent == NULL || g_strcmp0 (self->current->comment_before, text) == 0)
    return;
  begin_edit (self);
  dr_game_node_set_comment_before (self->current, text);
  emit_changed (self, TRUE);
}

static gboolean
is_position_nag (guint8 nag)
{
  return nag >= 10 && nag <= 19;
}

guint8
dr_game_model_get_position_nag (DrGameModel *self)
{
  GArray *nags;

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), 0);

  nags = self->current->nags;
  for (guint i = 0; nags != NULL && i < nags->len; i++)
    if (is_position_nag (g_array_index (nags, guint8, i)))
      return g_array_index (nags, guint8, i);
  return 0;
}

void
dr_game_model_set_position_nag (DrGameModel *self,
                                guint8       nag)
{
  g_autoptr (GArray) keep = NULL;
  DrGameNode *node;

  g_return_if_fail (DR_IS_GAME_MODEL (self));
  g_return_if_fail (nag == 0 || is_position_nag (nag));

  node = self->current;
  if (node->parent == NULL || dr_game_model_get_position_nag (self) == nag)
    return;
  begin_edit (self);
  /* The move's glyph and other NAGs stay, in their order. */
  keep = node->nags != NULL ? g_array_copy (node->nags) : g_array_new (FALSE, FALSE, sizeof (guint8));
  dr_game_node_clear_nags (node);
  for (guint i = 0; i < keep->len; i++)
    if (!is_position_nag (g_array_index (keep, guint8, i)))
      dr_game_node_add_nag (node, g_array_index (keep, guint8, i));
  if (nag != 0)
    dr_game_node_add_nag (node, nag);
  emit_changed (self, TRUE);
}

void
dr_game_model_set_tag (DrGameModel *self,
                       const char  *name,
                       const char  *value)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  g_return_if_fail (name != NULL && *name != '\0');

  if (value != NULL && *value == '\0')
    value = NULL;
  if (g_strcmp0 (dr_game_get_tag (self->game, name), value) == 0)
    return;
  begin_edit (self);
  if (value == NULL)
    dr_game_remove_tag (self->game, name);
  else
    dr_game_set_tag (self->game, name, value);
  /* The tag and the move text's terminator stay one. */
  if (g_ascii_strcasecmp (name, "Result") == 0)
    self->game->result = value != NULL ? dr_result_from_string (value, self->game->rules) : DR_RESULT_UNKNOWN;
  emit_changed (self, TRUE);
}

gboolean
dr_game_model_delete_variation (DrGameModel *self)
{
  DrGameNode *start = NULL;

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  /* The nearest node on the way back that is not its parent's first
   * child: where the variation leaves the line. */
  for (DrGameNode *n = self->current; n->parent != NULL && start == NULL; n = n->parent)
    if (n->parent->children != n)
      start = n;
  if (start == NULL)
    return FALSE;
  dr_game_model_go_to (self, start);
  return dr_game_model_delete_from_current (self);
}

gboolean
dr_game_model_edit (DrGameModel         *self,
                    DrGameModelEditFunc  edit,
                    gpointer             data)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);
  g_return_val_if_fail (edit != NULL, FALSE);

  begin_edit (self);
  if (!edit (self->game, data))
    {
      /* Nothing changed: nothing to undo. */
      snapshot_free (g_queue_pop_head (&self->undo));
      return FALSE;
    }
  emit_changed (self, TRUE);
  return TRUE;
}

DrStatus
dr_game_model_get_status (DrGameModel       *self,
                          const DrDrawRule **which)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), DR_STATUS_ONGOING);

  return status_at (self->game, self->current, which);
}

GArray *
dr_game_model_get_path (DrGameModel *self)
{
  GArray *path;

  g_return_val_if_fail (DR_IS_GAME_MODEL (self), NULL);

  path = g_array_sized_new (FALSE, FALSE, sizeof (guint), self->current->ply);
  g_array_set_size (path, self->current->ply);
  for (DrGameNode *n = self->current; n->parent != NULL; n = n->parent)
    {
      guint k = 0;
      for (DrGameNode *c = n->parent->children; c != n; c = c->next)
        k++;
      g_array_index (path, guint, n->ply - 1) = k;
    }
  return path;
}

void
dr_game_model_go_to_path (DrGameModel *self,
                          const guint *path,
                          guint        len)
{
  DrGameNode *node;

  g_return_if_fail (DR_IS_GAME_MODEL (self));

  node = self->game->root;
  for (guint i = 0; i < len; i++)
    {
      DrGameNode *child = node->children;
      for (guint k = path[i]; child != NULL && k > 0; k--)
        child = child->next;
      if (child == NULL)
        break;
      node = child;
    }
  dr_game_model_go_to (self, node);
}

gboolean
dr_game_model_can_undo (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);
  return self->undo.length > 0;
}

gboolean
dr_game_model_can_redo (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);
  return self->redo.length > 0;
}

gboolean
dr_game_model_undo (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  if (self->undo.length == 0)
    return FALSE;
  g_queue_push_head (&self->redo, snapshot_take (self));
  snapshot_restore (self, g_queue_pop_head (&self->undo));
  emit_changed (self, FALSE);
  return TRUE;
}

gboolean
dr_game_model_redo (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), FALSE);

  if (self->redo.length == 0)
    return FALSE;
  g_queue_push_head (&self->undo, snapshot_take (self));
  snapshot_restore (self, g_queue_pop_head (&self->redo));
  emit_changed (self, FALSE);
  return TRUE;
}

guint
dr_game_model_get_revision (DrGameModel *self)
{
  g_return_val_if_fail (DR_IS_GAME_MODEL (self), 0);
  return self->revision;
}

void
dr_game_model_set_saved_revision (DrGameModel *self,
                                  guint        revision)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  self->saved_revision = revision;
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

void
dr_game_model_set_modified (DrGameModel *self)
{
  g_return_if_fail (DR_IS_GAME_MODEL (self));
  /* No state of the game has revision 0. */
  self->saved_revision = 0;
  emit_changed (self, FALSE);
}
