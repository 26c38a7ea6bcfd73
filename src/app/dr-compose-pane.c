/* dr-compose-pane.c — Composition mode: the pane, the stipulation's fields
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pane beside the board in Composition mode (issue 12, "In the
 * application").  The stipulation (genre, goal, who carries it out, the
 * locked material, author, source, date) is kept in the game's tags by
 * dr-stipulation.h, each change an edit of the game model (Undo takes it
 * back; the entries are written a moment after the typing stops).
 *
 * The pane is split by concern, as GNOME Text Editor splits its big
 * classes, with dr-compose-pane-private.h between the parts:
 *   dr-compose-pane.c         the GObject, the stipulation's fields, following the game;
 *   dr-compose-pane-verify.c  Verify on a worker (the proof, the cooks, the checks);
 *   dr-compose-pane-report.c  the verdict, the checklist and the lines on the board.
 */

#define G_LOG_DOMAIN "dr-compose-pane"

#include "config.h"

#include "dr-compose-pane-private.h"

#include "dr-compose-check.h"
#include "dr-compose-solve.h"
#include "dr-movegen.h"

#include <inttypes.h>
#include <string.h>
#include <glib/gi18n.h>

G_DEFINE_FINAL_TYPE (DrComposePane, dr_compose_pane, GTK_TYPE_BOX)

enum
{
  LINE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
_dr_compose_pane_emit_line_changed (DrComposePane *self)
{
  g_signal_emit (self, signals[LINE_CHANGED], 0);
}

/* --- shared helpers ---------------------------------------------------- */

void
dr_compose_options_from_stipulation (DrSolveOptions      *options,
                                     const DrStipulation *st)
{
  switch (st->goal)
    {
    case DR_GOAL_DRAW:
      options->goal = DR_SOLVE_GOAL_DRAW;
      break;
    case DR_GOAL_LOCK:
      options->goal = DR_SOLVE_GOAL_LOCK;
      options->lock_men = (int) st->lock_men;
      options->lock_kings = (int) st->lock_kings;
      break;
    case DR_GOAL_GIVEAWAY:
      options->goal = DR_SOLVE_GOAL_GIVEAWAY;
      break;
    case DR_GOAL_WIN:
    default:
      options->goal = DR_SOLVE_GOAL_WIN;
      break;
    }
  if (st->goal == DR_GOAL_WIN && st->order == DR_ORDER_EITHER)
    options->goal = DR_SOLVE_GOAL_WIN_EITHER;
  else if (st->goal == DR_GOAL_WIN && st->order == DR_ORDER_WIN_OR_DRAW)
    options->goal = DR_SOLVE_GOAL_WIN_OR_DRAW;
  options->attacker = st->attacker == DR_SIDE_WHITE ? DR_SOLVE_ATTACKER_WHITE : DR_SOLVE_ATTACKER_BLACK;
}

const DrSolveNode *
dr_compose_strongest_reply (const DrSolveNode *node)
{
  const DrSolveNode *best = NULL;

  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    if (best == NULL || c->distance > best->distance)
      best = c;
  return best;
}

void
dr_compose_tree_main_line (const DrSolveNode *node,
                           GArray            *moves)
{
  while (node != NULL && node->children != NULL)
    {
      node = node->attacker_to_move ? node->children : dr_compose_strongest_reply (node);
      g_array_append_val (moves, node->move);
    }
}

/* --- the stipulation's fields ----------------------------------------- */

static guint
goal_index (const DrStipulation *st)
{
  switch (st->goal)
    {
    case DR_GOAL_DRAW:
      return 1;
    case DR_GOAL_LOCK:
      return 2;
    case DR_GOAL_GIVEAWAY:
      return 3;
    case DR_GOAL_WIN:
    default:
      return st->order == DR_ORDER_EITHER ? 4 : st->order == DR_ORDER_WIN_OR_DRAW ? 5 : 0;
    }
}

/* The stipulation in the user's language: the sentences of the common
 * stipulations are translated (the Stipulation tag keeps the English
 * sentence, dr_stipulation_to_text()); the others stay as the tag says. */
static char *
stipulation_sentence (const DrStipulation *st)
{
  gboolean white = st->to_move == DR_SIDE_WHITE;

  if (st->order == DR_ORDER_AS_GIVEN && st->goal == DR_GOAL_WIN)
    {
      if (st->attacker == st->to_move)
        return g_strdup (white ? _("White to play and win") : _("Black to play and win"));
      return g_strdup (white ? _("White to play, Black wins") : _("Black to play, White wins"));
    }
  if (st->order == DR_ORDER_AS_GIVEN && st->goal == DR_GOAL_DRAW && st->attacker == st->to_move)
    return g_strdup (white ? _("White to play and draw") : _("Black to play and draw"));
  return dr_stipulation_to_text (st);
}

static void
show_stipulation (DrComposePane       *self,
                  const DrStipulation *st)
{
  DrGame *game = dr_game_model_get_game (self->model);
  g_autofree char *text = stipulation_sentence (st);
  g_autofree char *group = NULL;
  g_autofree char *group_folded = NULL;
  g_autofree char *genre_folded = NULL;
  g_autofree char *label = NULL;
  DrGenre genre = st->genre;

  if (genre == DR_GENRE_UNSTATED)
    genre = dr_compose_genre_of (game->rules, &game->root->position, st, &group);
  if (st->unread != NULL)
    /* Translators: a Stipulation tag the program cannot read, then the
     * stipulation assumed in its place. */
    label = g_strdup_printf (_("“%s” cannot be read: verified as “%s”"), st->unread, text);
  else if (genre == DR_GENRE_UNSTATED)
    label = g_strdup_printf (_("%s; the material fits no genre of 6.1.3"), text);
  else if (group != NULL
           && strstr (group_folded = g_utf8_casefold (group, -1),
                      genre_folded = g_utf8_casefold (dr_genre_title (genre), -1)) != NULL)
    /* A group that names its genre ("large problem") says it alone, not
     * "problem (large problem)". */
    label = g_strdup_printf ("%s — %s", text, group);
  else
    /* Translators: the stipulation, then the genre (and its group). */
    label = g_strdup_printf ("%s — %s%s%s%s", text, dr_genre_title (genre), group != NULL ? " (" : "",
                             group != NULL ? group : "", group != NULL ? ")" : "");
  gtk_label_set_text (self->stipulation_label, label);
  gtk_widget_set_visible (self->lock_label, st->goal == DR_GOAL_LOCK);
  gtk_widget_set_visible (self->lock_box, st->goal == DR_GOAL_LOCK);
}

static void
read_stipulation (DrComposePane *self,
                  DrStipulation *st)
{
  /* An unknown Genre or Special word is kept as read (the rest is read);
   * the checks say so. */
  dr_stipulation_read (st, dr_game_model_get_game (self->model), NULL);
}

static void
load_fields (DrComposePane *self)
{
  DrStipulation st;

  read_stipulation (self, &st);
  self->loading = TRUE;
  gtk_drop_down_set_selected (self->genre_dropdown, (guint) st.genre);
  gtk_drop_down_set_selected (self->goal_dropdown, goal_index (&st));
  gtk_drop_down_set_selected (self->attacker_dropdown, st.attacker == DR_SIDE_WHITE ? 0 : 1);
  gtk_spin_button_set_value (self->lock_men_spin, st.lock_men);
  gtk_spin_button_set_value (self->lock_kings_spin, st.lock_kings);
  gtk_editable_set_text (GTK_EDITABLE (self->author_entry), st.author != NULL ? st.author : "");
  gtk_editable_set_text (GTK_EDITABLE (self->source_entry), st.source != NULL ? st.source : "");
  gtk_editable_set_text (GTK_EDITABLE (self->date_entry), st.date != NULL ? st.date : "");
  self->loading = FALSE;
  show_stipulation (self, &st);
  dr_stipulation_clear (&st);
}

static char *
entry_value (GtkEntry *entry)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));

  return text[0] != '\0' ? g_steal_pointer (&text) : NULL;
}

/* The stipulation as the fields say (the rest as the game's tags say). */
void
_dr_compose_pane_fields_stipulation (DrComposePane *self,
                    DrStipulation *st)
{
  guint goal = gtk_drop_down_get_selected (self->goal_dropdown);

  read_stipulation (self, st);
  st->genre = (DrGenre) gtk_drop_down_get_selected (self->genre_dropdown);
  if (goal != goal_index (st) || self->goal_touched)
    {
      static const DrGoal goals[] = { DR_GOAL_WIN, DR_GOAL_DRAW, DR_GOAL_LOCK, DR_GOAL_GIVEAWAY,
                                      DR_GOAL_WIN, DR_GOAL_WIN };
      static const DrOrder orders[] = { DR_ORDER_AS_GIVEN, DR_ORDER_AS_GIVEN, DR_ORDER_AS_GIVEN,
                                        DR_ORDER_AS_GIVEN, DR_ORDER_EITHER, DR_ORDER_WIN_OR_DRAW };

      st->goal = goals[MIN (goal, G_N_ELEMENTS (goals) - 1)];
      st->order = orders[MIN (goal, G_N_ELEMENTS (orders) - 1)];
      g_clear_pointer (&st->unread, g_free);
    }
  if ((gtk_drop_down_get_selected (self->attacker_dropdown) == 0 ? DR_SIDE_WHITE : DR_SIDE_BLACK) != st->attacker)
    {
      st->attacker = DR_SIDE_OTHER (st->attacker);
      st->mover_conflict = FALSE;
      g_clear_pointer (&st->unread, g_free);
    }
  st->lock_men = (guint) gtk_spin_button_get_value_as_int (self->lock_men_spin);
  st->lock_kings = (guint) gtk_spin_button_get_value_as_int (self->lock_kings_spin);
  g_free (st->author);
  st->author = entry_value (self->author_entry);
  g_free (st->source);
  st->source = entry_value (self->source_entry);
  g_free (st->date);
  st->date = entry_value (self->date_entry);
}

static char *
tags_text (const DrGame *game)
{
  g_autoptr (GString) s = g_string_new (NULL);

  for (guint i = 0; i < game->tag_names->len; i++)
    g_string_append_printf (s, "%s=%s\n", (char *) game->tag_names->pdata[i], (char *) game->tag_values->pdata[i]);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static gboolean
write_stipulation_edit (DrGame   *game,
                        gpointer  data)
{
  g_autofree char *before = tags_text (game);
  g_autofree char *after = NULL;

  dr_stipulation_write (data, game);
  after = tags_text (game);
  return !g_str_equal (before, after);
}

/* Writes the fields into the game's tags (an edit, if they changed it). */
void
_dr_compose_pane_apply_fields (DrComposePane *self)
{
  DrStipulation st;

  g_clear_handle_id (&self->apply_id, g_source_remove);
  _dr_compose_pane_fields_stipulation (self, &st);
  self->writing = TRUE;
  dr_game_model_edit (self->model, write_stipulation_edit, &st);
  self->writing = FALSE;
  show_stipulation (self, &st);
  dr_stipulation_clear (&st);
}

static gboolean
apply_timeout_cb (gpointer data)
{
  DrComposePane *self = data;

  self->apply_id = 0;
  _dr_compose_pane_apply_fields (self);
  return G_SOURCE_REMOVE;
}

static void
field_changed_cb (DrComposePane *self)
{
  if (self->loading)
    return;
  _dr_compose_pane_apply_fields (self);
}

static void
goal_changed_cb (DrComposePane *self)
{
  if (self->loading)
    return;
  self->goal_touched = TRUE;
  _dr_compose_pane_apply_fields (self);
  self->goal_touched = FALSE;
}

static void
entry_changed_cb (DrComposePane *self)
{
  if (self->loading)
    return;
  g_clear_handle_id (&self->apply_id, g_source_remove);
  self->apply_id = g_timeout_add (APPLY_DELAY_MS, apply_timeout_cb, self);
}

/* --- following the game ------------------------------------------------ */

static void
model_changed_cb (DrComposePane *self)
{
  DrGame *game = dr_game_model_get_game (self->model);

  /* The window has put the game's position back on the board. */
  self->showing_line = FALSE;
  gtk_widget_set_visible (self->line_box, FALSE);
  _dr_compose_pane_tables_follow (self);
  if (self->writing || self->apply_id != 0)
    return;
  load_fields (self);
  /* A report of another position is not this one's. */
  if (self->result != NULL && !dr_position_equal (&self->start, &game->root->position))
    {
      g_clear_pointer (&self->result, dr_solve_result_free);
      g_clear_pointer (&self->cooks, g_ptr_array_unref);
      g_clear_pointer (&self->report, dr_check_report_free);
      _dr_compose_pane_clear_checklist (self);
      gtk_widget_set_visible (self->tree_expander, FALSE);
      gtk_widget_set_visible (self->add_solution_button, FALSE);
      gtk_label_set_text (self->verdict_label, _("The start position changed: verify it again"));
    }
}

/* --- GObject ----------------------------------------------------------- */

static void
dr_compose_pane_dispose (GObject *object)
{
  DrComposePane *self = DR_COMPOSE_PANE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->apply_id, g_source_remove);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_object (&self->board);
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  _dr_compose_pane_tables_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_COMPOSE_PANE);
  G_OBJECT_CLASS (dr_compose_pane_parent_class)->dispose (object);
}

static void
dr_compose_pane_finalize (GObject *object)
{
  DrComposePane *self = DR_COMPOSE_PANE (object);

  g_clear_pointer (&self->result, dr_solve_result_free);
  g_clear_pointer (&self->cooks, g_ptr_array_unref);
  g_clear_pointer (&self->report, dr_check_report_free);
  g_clear_pointer (&self->line, g_array_unref);
  g_clear_pointer (&self->cook_basis, g_array_unref);
  g_free (self->line_comment);
  g_mutex_clear (&self->mutex);
  G_OBJECT_CLASS (dr_compose_pane_parent_class)->finalize (object);
}

static void
dr_compose_pane_class_init (DrComposePaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_compose_pane_dispose;
  object_class->finalize = dr_compose_pane_finalize;

  /**
   * DrComposePane::line-changed:
   *
   * The board shows another position of a report's line, or the game's
   * again (dr_compose_pane_get_showing_line()).
   */
  signals[LINE_CHANGED] = g_signal_new ("line-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-compose-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, genre_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, goal_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, attacker_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, lock_label);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, lock_box);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, lock_men_spin);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, lock_kings_spin);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, author_entry);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, source_entry);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, date_entry);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, stipulation_label);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, time_spin);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, verify_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, add_solution_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, checklist);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, line_box);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, line_label);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, line_back_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, line_forward_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, add_variation_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, tree_expander);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, tree_view);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, add_main_line_button);
  _dr_compose_pane_class_init_report (widget_class);
  _dr_compose_pane_class_init_verify (widget_class);
}

static void
dr_compose_pane_init (DrComposePane *self)
{
  g_mutex_init (&self->mutex);
  gtk_widget_init_template (GTK_WIDGET (self));
  _dr_compose_pane_tables_init (self);
  self->notation = DR_NOTATION_NUMERIC;
  g_signal_connect_swapped (self->genre_dropdown, "notify::selected", G_CALLBACK (field_changed_cb), self);
  g_signal_connect_swapped (self->goal_dropdown, "notify::selected", G_CALLBACK (goal_changed_cb), self);
  g_signal_connect_swapped (self->attacker_dropdown, "notify::selected", G_CALLBACK (field_changed_cb), self);
  g_signal_connect_swapped (self->lock_men_spin, "value-changed", G_CALLBACK (field_changed_cb), self);
  g_signal_connect_swapped (self->lock_kings_spin, "value-changed", G_CALLBACK (field_changed_cb), self);
  g_signal_connect_swapped (self->author_entry, "changed", G_CALLBACK (entry_changed_cb), self);
  g_signal_connect_swapped (self->source_entry, "changed", G_CALLBACK (entry_changed_cb), self);
  g_signal_connect_swapped (self->date_entry, "changed", G_CALLBACK (entry_changed_cb), self);
}

GtkWidget *
dr_compose_pane_new (DrGameModel  *model,
                     DrBoardState *board)
{
  DrComposePane *self;

  g_return_val_if_fail (DR_IS_GAME_MODEL (model), NULL);
  g_return_val_if_fail (DR_IS_BOARD_STATE (board), NULL);

  self = g_object_new (DR_TYPE_COMPOSE_PANE, NULL);
  self->model = g_object_ref (model);
  self->board = g_object_ref (board);
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  load_fields (self);
  return GTK_WIDGET (self);
}

void
dr_compose_pane_set_notation (DrComposePane *self,
                              DrNotation     notation)
{
  g_return_if_fail (DR_IS_COMPOSE_PANE (self));
  self->notation = notation;
}

void
dr_compose_pane_set_egdb (DrComposePane *self,
                          DrEgdbTables  *tables)
{
  g_return_if_fail (DR_IS_COMPOSE_PANE (self));

  if (tables == self->egdb)
    return;
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  self->egdb = tables != NULL ? dr_egdb_tables_ref (tables) : NULL;
}

gboolean
dr_compose_pane_get_busy (DrComposePane *self)
{
  g_return_val_if_fail (DR_IS_COMPOSE_PANE (self), FALSE);
  return self->busy;
}

const DrSolveResult *
dr_compose_pane_get_result (DrComposePane *self)
{
  g_return_val_if_fail (DR_IS_COMPOSE_PANE (self), NULL);
  return self->result;
}

guint
dr_compose_pane_get_n_finished (DrComposePane *self)
{
  g_return_val_if_fail (DR_IS_COMPOSE_PANE (self), 0);
  return self->n_finished;
}

GtkListBox *
dr_compose_pane_get_checklist (DrComposePane *self)
{
  g_return_val_if_fail (DR_IS_COMPOSE_PANE (self), NULL);
  return self->checklist;
}

const char *
dr_compose_pane_get_verdict (DrComposePane *self)
{
  g_return_val_if_fail (DR_IS_COMPOSE_PANE (self), NULL);
  return gtk_label_get_text (self->verdict_label);
}
