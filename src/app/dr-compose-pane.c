/* dr-compose-pane.c — Composition mode: the stipulation, Verify and its checklist
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
 * Verify proves the stipulation from the game's start position with the
 * solver (dr-solve.h) on a worker (GTask), with the window's endgame
 * tables; the solver's progress comes back through one queued idle at a
 * time (the sysprof pattern) and Cancel cancels its GCancellable.  A
 * proved stipulation is then searched for cooks along the game's main line
 * (the stated solution, 6.2.6), each alternative with a short limit of its
 * own, and the formal checks of dr-compose-check.h run on the same worker.
 * A generation number drops the answer of a verification that was
 * cancelled or overtaken.
 *
 * The report is a checklist: one row per requirement with its article
 * (6.2.3 solvability, 6.2.6 uniqueness: a row per cook, then the formal
 * checks).  A row with a line (the refutation, a cook with its proof, the
 * solution's main line) shows it on the board when clicked, without
 * touching the game: the board steps through the line with the pane's
 * arrows, and Add as Variation plays it into the game through the model
 * (so Undo and Save work as for moves made by hand).  A move made on the
 * board or any change of the game leaves the line.
 */

#define G_LOG_DOMAIN "dr-compose-pane"

#include "config.h"

#include "dr-compose-pane.h"

#include "dr-compose-check.h"
#include "dr-compose-solve.h"
#include "dr-movegen.h"

#include <inttypes.h>
#include <string.h>
#include <glib/gi18n.h>

/* The cooks' search: each alternative gets this share of the time limit,
 * within these bounds (seconds). */
#define COOK_SHARE    10.0
#define COOK_MIN_S    0.5
#define COOK_MAX_S    3.0
/* The entries are written into the game this long after the last key. */
#define APPLY_DELAY_MS 600

struct _DrComposePane
{
  GtkBox          parent_instance;

  /* Template children. */
  GtkDropDown    *genre_dropdown;
  GtkDropDown    *goal_dropdown;
  GtkDropDown    *attacker_dropdown;
  GtkWidget      *lock_label;
  GtkWidget      *lock_box;
  GtkSpinButton  *lock_men_spin;
  GtkSpinButton  *lock_kings_spin;
  GtkEntry       *author_entry;
  GtkEntry       *source_entry;
  GtkEntry       *date_entry;
  GtkLabel       *stipulation_label;
  GtkSpinButton  *time_spin;
  GtkWidget      *verify_button;
  GtkWidget      *cancel_button;
  GtkProgressBar *progress_bar;
  GtkLabel       *verdict_label;
  GtkListBox     *checklist;
  GtkWidget      *line_box;
  GtkLabel       *line_label;
  GtkWidget      *line_back_button;
  GtkWidget      *line_forward_button;
  GtkWidget      *add_variation_button;
  GtkWidget      *tree_expander;
  GtkTextView    *tree_view;
  GtkWidget      *add_main_line_button;

  DrGameModel    *model;
  DrBoardState   *board;
  DrNotation      notation;
  DrEgdbTables   *egdb;
  gboolean        loading;        /* the fields are being set from the game */
  gboolean        writing;        /* the pane is editing the game */
  gboolean        goal_touched;   /* the user chose a goal: a sentence not read goes */
  guint           apply_id;

  /* The verification. */
  GCancellable   *cancellable;    /* of the one under way, or NULL */
  guint           generation;
  gboolean        busy;
  GMutex          mutex;          /* guards latest and progress_id */
  DrSolveProgress latest;
  const char     *phase;          /* what the worker does now (translated, static) */
  guint           progress_id;
  guint           n_finished;
  DrSolveResult  *result;
  GPtrArray      *cooks;          /* DrSolveCook *, or NULL: not searched */
  GArray         *cook_basis;     /* DrMove: the line the cooks were looked for along */
  gboolean        basis_stated;   /* it is the game's (else the proof's main line) */
  DrCheckReport  *report;
  const DrRules  *rules;          /* of the result */
  DrPosition      start;          /* the position verified */

  /* The line shown on the board. */
  gboolean        showing_line;
  GArray         *line;           /* DrMove */
  DrPosition      line_start;
  guint           line_pos;       /* moves of the line played on the board */
  gboolean        line_addable;   /* starts at the game's start */
  char           *line_comment;   /* put on the line's first new move when added */
  guint           line_comment_at;
};

G_DEFINE_FINAL_TYPE (DrComposePane, dr_compose_pane, GTK_TYPE_BOX)

enum
{
  LINE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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

/* The moves of @line from @start as the variant writes them, the move
 * after @pos plies (the one the board shows last) in bold; NULL @pos: none
 * marked.  Markup. */
static char *
line_markup (const DrRules    *rules,
             const DrPosition *start,
             const DrMove     *line,
             guint             n,
             int               mark,
             DrNotation        notation)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  DrPosition pos = *start;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *move = NULL;
      g_autofree char *escaped = NULL;

      dr_movegen_legal (rules, &pos, legal);
      move = dr_move_to_text (rules, legal, &line[i], notation);
      escaped = g_markup_escape_text (move, -1);
      if (i > 0)
        g_string_append_c (text, ' ');
      if (pos.turn == DR_SIDE_WHITE || i == 0)
        g_string_append_printf (text, "%u.%s ", i / 2 + 1 + (start->turn == DR_SIDE_BLACK && i > 0 ? 1 : 0),
                                pos.turn == DR_SIDE_WHITE ? "" : "..");
      if ((int) i == mark)
        g_string_append_printf (text, "<b>%s</b>", escaped);
      else
        g_string_append (text, escaped);
      dr_position_apply (&pos, &pos, &line[i]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
move_text (const DrRules    *rules,
           const DrPosition *pos,
           const DrMove     *move,
           DrNotation        notation)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  dr_movegen_legal (rules, pos, legal);
  return dr_move_to_text (rules, legal, move, notation);
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
static void
fields_stipulation (DrComposePane *self,
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
static void
apply_fields (DrComposePane *self)
{
  DrStipulation st;

  g_clear_handle_id (&self->apply_id, g_source_remove);
  fields_stipulation (self, &st);
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
  apply_fields (self);
  return G_SOURCE_REMOVE;
}

static void
field_changed_cb (DrComposePane *self)
{
  if (self->loading)
    return;
  apply_fields (self);
}

static void
goal_changed_cb (DrComposePane *self)
{
  if (self->loading)
    return;
  self->goal_touched = TRUE;
  apply_fields (self);
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

/* --- the line on the board --------------------------------------------- */

static void
restore_board (DrComposePane *self)
{
  DrGameNode *current = dr_game_model_get_current (self->model);

  dr_board_state_set_position (self->board, dr_game_model_get_rules (self->model), &current->position,
                               current->parent != NULL ? &current->move : NULL);
}

static void
show_line_position (DrComposePane *self)
{
  DrPosition pos = self->line_start;
  const DrMove *last = NULL;
  g_autofree char *markup = NULL;

  for (guint i = 0; i < self->line_pos; i++)
    {
      last = &g_array_index (self->line, DrMove, i);
      dr_position_apply (&pos, &pos, last);
    }
  dr_board_state_set_position (self->board, self->rules, &pos, last);
  markup = line_markup (self->rules, &self->line_start, (const DrMove *) self->line->data, self->line->len,
                        (int) self->line_pos - 1, self->notation);
  gtk_label_set_markup (self->line_label, markup);
  gtk_widget_set_sensitive (self->line_back_button, self->line_pos > 0);
  gtk_widget_set_sensitive (self->line_forward_button, self->line_pos < self->line->len);
  g_signal_emit (self, signals[LINE_CHANGED], 0);
}

void
dr_compose_pane_leave_line (DrComposePane *self)
{
  g_return_if_fail (DR_IS_COMPOSE_PANE (self));

  if (!self->showing_line)
    return;
  self->showing_line = FALSE;
  gtk_widget_set_visible (self->line_box, FALSE);
  restore_board (self);
  g_signal_emit (self, signals[LINE_CHANGED], 0);
}

gboolean
dr_compose_pane_get_showing_line (DrComposePane *self)
{
  g_return_val_if_fail (DR_IS_COMPOSE_PANE (self), FALSE);
  return self->showing_line;
}

static void
checklist_row_activated_cb (DrComposePane *self,
                            GtkListBoxRow *row)
{
  GArray *line = g_object_get_data (G_OBJECT (row), "line");
  const DrPosition *start = g_object_get_data (G_OBJECT (row), "line-start");

  if (line == NULL || start == NULL || self->rules == NULL)
    return;
  g_clear_pointer (&self->line, g_array_unref);
  self->line = g_array_ref (line);
  self->line_start = *start;
  self->line_addable = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "line-addable"));
  g_free (self->line_comment);
  self->line_comment = g_strdup (g_object_get_data (G_OBJECT (row), "line-comment"));
  self->line_comment_at = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "line-focus"));
  /* The board shows the line's point: the alternative move just played. */
  self->line_pos = MIN (self->line_comment_at + 1, line->len);
  self->showing_line = TRUE;
  gtk_widget_set_visible (self->line_box, TRUE);
  gtk_widget_set_sensitive (self->add_variation_button, self->line_addable && line->len > 0);
  show_line_position (self);
}

static void
line_back_clicked_cb (DrComposePane *self)
{
  if (self->showing_line && self->line_pos > 0)
    {
      self->line_pos--;
      show_line_position (self);
    }
}

static void
line_forward_clicked_cb (DrComposePane *self)
{
  if (self->showing_line && self->line_pos < self->line->len)
    {
      self->line_pos++;
      show_line_position (self);
    }
}

static void
line_close_clicked_cb (DrComposePane *self)
{
  dr_compose_pane_leave_line (self);
}

/* Plays @n moves of @line from the game's start into the game: the moves
 * the game has are followed, the first new one starts a variation.  Each
 * new move is an edit, as a move made on the board; @comment (if any)
 * goes after move @comment_at. */
static void
add_line_to_game (DrComposePane *self,
                  const DrMove  *line,
                  guint          n,
                  const char    *comment,
                  guint          comment_at)
{
  DrGame *game = dr_game_model_get_game (self->model);

  dr_game_model_go_to (self->model, game->root);
  for (guint i = 0; i < n; i++)
    {
      DrGameNode *had = dr_game_node_find_child (dr_game_model_get_current (self->model), &line[i]);

      dr_game_model_play (self->model, &line[i]);
      if (i == comment_at && comment != NULL && had == NULL)
        dr_game_model_set_comment (self->model, comment);
    }
}

static void
add_variation_clicked_cb (DrComposePane *self)
{
  g_autoptr (GArray) line = NULL;
  g_autofree char *comment = NULL;
  guint at = self->line_comment_at;

  if (!self->showing_line || !self->line_addable)
    return;
  line = g_array_ref (self->line);
  comment = g_strdup (self->line_comment);
  /* Leaving the line first: the game's changes bring the board back. */
  dr_compose_pane_leave_line (self);
  add_line_to_game (self, (const DrMove *) line->data, line->len, comment, at);
}

static void
add_main_line_clicked_cb (DrComposePane *self)
{
  const DrSolveNode *tree;
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrMove));
  DrGame *game = dr_game_model_get_game (self->model);

  if (self->result == NULL || (tree = dr_solve_result_get_tree (self->result)) == NULL
      || !dr_position_equal (&self->result->parts[0].start, &game->root->position))
    return;
  dr_compose_pane_leave_line (self);
  dr_compose_tree_main_line (tree, line);
  add_line_to_game (self, (const DrMove *) line->data, line->len, NULL, 0);
}

/* --- the checklist ----------------------------------------------------- */

static const char *
status_icon (DrCheckStatus status)
{
  switch (status)
    {
    case DR_CHECK_PASS:
      return "emblem-ok-symbolic";
    case DR_CHECK_FAIL:
      return "dialog-error-symbolic";
    case DR_CHECK_DEFECT:
      return "dialog-warning-symbolic";
    case DR_CHECK_NOT_APPLICABLE:
      return "list-remove-symbolic";
    case DR_CHECK_UNDECIDED:
    default:
      return "dialog-question-symbolic";
    }
}

static const char *
status_title (DrCheckStatus status)
{
  switch (status)
    {
    case DR_CHECK_PASS:
      return _("passed");
    case DR_CHECK_FAIL:
      return _("failed");
    case DR_CHECK_DEFECT:
      return _("defect");
    case DR_CHECK_NOT_APPLICABLE:
      return _("does not apply");
    case DR_CHECK_UNDECIDED:
    default:
      return _("undecided");
    }
}

/* A row: the status, the article and what it checks, the message; with
 * @line (transfer none, may be NULL) it can be clicked to show the line
 * from @start. */
static GtkListBoxRow *
add_row (DrComposePane    *self,
         const char       *kind,
         const char       *article,
         const char       *title,
         DrCheckStatus     status,
         const char       *message,
         GArray           *line,
         const DrPosition *start,
         gboolean          addable,
         guint             focus,
         const char       *comment)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *icon = gtk_image_new_from_icon_name (status_icon (status));
  g_autofree char *heading = NULL;
  GtkWidget *label;

  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_widget_add_css_class (icon, status == DR_CHECK_PASS ? "success" : status == DR_CHECK_FAIL ? "error"
                                  : status == DR_CHECK_DEFECT ? "warning" : "dim-label");
  gtk_box_append (GTK_BOX (box), icon);
  /* Translators: the article of 004, what it requires, and the status
   * ("6.2.3 Solvability: passed"). */
  heading = g_strdup_printf (_("%s %s: %s"), article, title, status_title (status));
  label = gtk_label_new (heading);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (text), label);
  if (message != NULL && message[0] != '\0')
    {
      label = gtk_label_new (message);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_box_append (GTK_BOX (text), label);
    }
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), text);
  if (line != NULL && line->len > 0)
    {
      GtkWidget *go = gtk_image_new_from_icon_name ("go-next-symbolic");

      gtk_widget_set_valign (go, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (row, _("Show this line on the board"));
      gtk_box_append (GTK_BOX (box), go);
      g_object_set_data_full (G_OBJECT (row), "line", g_array_ref (line), (GDestroyNotify) g_array_unref);
      g_object_set_data_full (G_OBJECT (row), "line-start", g_memdup2 (start, sizeof *start), g_free);
      g_object_set_data (G_OBJECT (row), "line-addable", GUINT_TO_POINTER (addable));
      g_object_set_data (G_OBJECT (row), "line-focus", GUINT_TO_POINTER (focus));
      g_object_set_data_full (G_OBJECT (row), "line-comment", g_strdup (comment), g_free);
    }
  else
    gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "kind", g_strdup (kind), g_free);
  g_object_set_data_full (G_OBJECT (row), "article", g_strdup (article), g_free);
  g_object_set_data (G_OBJECT (row), "status", GINT_TO_POINTER (status));
  gtk_list_box_append (self->checklist, row);
  return GTK_LIST_BOX_ROW (row);
}

static void
clear_checklist (DrComposePane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->checklist))) != NULL)
    gtk_list_box_remove (self->checklist, child);
}

static const char *
side_name (DrSide side)
{
  return side == DR_SIDE_WHITE ? _("White") : _("Black");
}

/* The 6.2.3 rows: one per part of the result. */
static void
add_solvability_rows (DrComposePane *self,
                      const DrGame  *game)
{
  for (guint p = 0; p < self->result->n_parts; p++)
    {
      const DrSolvePart *part = &self->result->parts[p];
      gboolean from_game = dr_position_equal (&part->start, &game->root->position);
      g_autofree char *prefix = NULL;
      g_autofree char *message = NULL;
      g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrMove));
      DrCheckStatus status;

      if (self->result->n_parts > 1)
        /* Translators: which part of a compound stipulation, and who moves first in it. */
        prefix = g_strdup_printf (_("%s to move: "), side_name ((DrSide) part->start.turn));
      else
        prefix = g_strdup ("");
      if (part->status == DR_SOLVE_WON_FINALES)
        {
          const DrSolveNode *key = part->tree != NULL ? part->tree->children : NULL;
          g_autofree char *key_text = NULL;

          dr_compose_tree_main_line (part->tree, line);
          if (key != NULL && part->tree->attacker_to_move)
            key_text = dr_solve_node_move_text (self->rules, key, self->notation);
          /* Not "proved": the lines end in finales (004 6.2.7.2) the
           * engine judges won; the tree below lists them one by one. */
          message = g_strdup_printf (_("%swon finales: the key %s, %d moves in the longest line, a solution tree "
                                       "of %u positions, %u of its lines ending in a finale the engine judges won "
                                       "(at least %d men ahead; after %d plies at least %+.2f, or a win it sees "
                                       "where Black has a king) (%.1f s)"),
                                     prefix, key_text != NULL ? key_text : "—", part->distance,
                                     dr_solve_node_count (part->tree), part->n_finales, DR_SOLVE_FINALE_MIN_MEN,
                                     DR_SOLVE_FINALE_DEPTH, DR_SOLVE_FINALE_MIN_SCORE / 100.0, part->seconds);
          add_row (self, "solvability", "6.2.3", _("Solvability"), DR_CHECK_PASS, message, line, &part->start,
                   from_game, 0, NULL);
        }
      else if (part->status == DR_SOLVE_PROVED)
        {
          const DrSolveNode *key = part->tree != NULL ? part->tree->children : NULL;
          g_autofree char *key_text = NULL;

          status = DR_CHECK_PASS;
          dr_compose_tree_main_line (part->tree, line);
          if (key != NULL && part->tree->attacker_to_move)
            key_text = dr_solve_node_move_text (self->rules, key, self->notation);
          message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "%sproved: the key %s, %d move in the longest line, a solution tree of %u positions (%.1f s)",
                                                  "%sproved: the key %s, %d moves in the longest line, a solution tree of %u positions (%.1f s)",
                                                  (gulong) part->distance),
                                     prefix, key_text != NULL ? key_text : "—", part->distance,
                                     dr_solve_node_count (part->tree), part->seconds);
          add_row (self, "solvability", "6.2.3", _("Solvability"), status, message, line, &part->start,
                   from_game, 0, NULL);
        }
      else if (part->status == DR_SOLVE_REFUTED)
        {
          g_autofree char *text = NULL;

          status = DR_CHECK_FAIL;
          if (part->refutation != NULL)
            g_array_append_vals (line, part->refutation->data, part->refutation->len);
          text = line_markup (self->rules, &part->start, (const DrMove *) line->data, line->len, -1,
                              self->notation);
          /* Translators: the refutation line, then why its end is not won. */
          message = g_strdup_printf (_("%srefuted: %s (%s)"), prefix, text,
                                     dr_solve_leaf_to_string (part->refutation_leaf));
          add_row (self, "refutation", "6.2.3", _("Solvability"), status, message, line, &part->start, from_game,
                   0, NULL);
        }
      else
        {
          status = DR_CHECK_UNDECIDED;
          /* PRIu64, not G_GUINT64_FORMAT: xgettext knows <inttypes.h>'s
           * macros and keeps the whole message. */
          message = g_strdup_printf (_("%snot decided: stopped (%s) after %" PRIu64
                                       " positions in %.1f s; no solution within %d moves"),
                                     prefix, dr_solve_stop_to_string (part->stop), (uint64_t) part->nodes, part->seconds,
                                     part->lower_bound);
          add_row (self, "solvability", "6.2.3", _("Solvability"), status, message, NULL, NULL, FALSE, 0, NULL);
        }
    }
}

/* The cook's whole line from the game's start: the stated moves before
 * it, the alternative, and its proof's main line; @focus gets the index of
 * the alternative.  FALSE when the stated moves do not lead to the cook's
 * position (then the line starts there). */
static gboolean
cook_line (DrComposePane     *self,
           const DrSolveCook *cook,
           const GArray      *stated,
           GArray            *line,
           guint             *focus)
{
  DrPosition pos = self->start;
  const DrSolveNode *tree = cook->proof != NULL ? dr_solve_result_get_tree (cook->proof) : NULL;
  gboolean from_start = cook->line_index <= stated->len;

  for (guint i = 0; from_start && i < cook->line_index; i++)
    dr_position_apply (&pos, &pos, &g_array_index (stated, DrMove, i));
  from_start = from_start && dr_position_equal (&pos, &cook->before);
  if (from_start)
    g_array_append_vals (line, stated->data, cook->line_index);
  *focus = line->len;
  g_array_append_val (line, cook->move);
  if (tree != NULL)
    dr_compose_tree_main_line (tree, line);
  return from_start;
}

static void
add_cook_rows (DrComposePane *self,
               const GArray  *stated)
{
  guint undecided = 0;
  guint shown = 0;
  int shallowest = -1;
  g_autoptr (GString) possible = g_string_new (NULL);

  if (self->cooks == NULL)
    {
      add_row (self, "uniqueness", "6.2.6", _("Uniqueness"), DR_CHECK_UNDECIDED,
               dr_solve_status_is_won (self->result->status)
                 ? _("Not searched: cooks are looked for in simple stipulations only")
                 : _("Not searched: the stipulation is not proved"),
               NULL, NULL, FALSE, 0, NULL);
      return;
    }
  for (guint i = 0; i < self->cooks->len; i++)
    {
      const DrSolveCook *cook = self->cooks->pdata[i];
      g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrMove));
      g_autofree char *alt = move_text (self->rules, &cook->before, &cook->move, self->notation);
      g_autofree char *stated_text = NULL;
      g_autofree char *message = NULL;
      g_autofree char *comment = NULL;
      guint focus = 0;
      gboolean addable;
      DrCheckStatus status;
      const char *title;
      GtkListBoxRow *row;

      if (!dr_solve_status_is_won (cook->status))
        {
          /* The alternative itself and the attacker moves its search
           * ruled out after it. */
          int bound = cook->proof != NULL ? cook->proof->parts[0].lower_bound + 1 : 0;

          if (shallowest < 0 || bound < shallowest)
            shallowest = bound;
          undecided++;
          /* Translators: a move number and a move ("3. 19-15"). */
          g_string_append_printf (possible, _("%s%u. %s"), possible->len > 0 ? ", " : "",
                                  cook->line_index / 2 + 1, alt);
          continue;
        }
      addable = cook_line (self, cook, stated, line, &focus);
      if (cook->line_index < stated->len)
        stated_text = move_text (self->rules, &cook->before, &cook->stated, self->notation);
      title = cook->kind == DR_SOLVE_COOK_FULL ? _("Full cook") : _("Partial cook");
      if (cook->dual != DR_SOLVE_DUAL_NONE)
        {
          status = DR_CHECK_PASS;
          message = g_strdup_printf (_("%s in place of %s also wins: an alternative the code allows (6.2.7.3)"),
                                     alt, stated_text != NULL ? stated_text : "—");
        }
      else
        {
          status = cook->final_king_capture ? DR_CHECK_DEFECT : DR_CHECK_FAIL;
          if (stated_text != NULL)
            /* Translators: the alternative move, the stated move, the line. */
            message = g_strdup_printf (_("%s in place of %s also wins%s"), alt, stated_text,
                                       cook->final_king_capture ? _(" (a final king capture to another square of the diagonal)") : "");
          else
            message = g_strdup_printf (_("%s also wins after the stated solution ends"), alt);
        }
      /* Translators: a comment on a cook added to the game as a variation. */
      comment = g_strdup_printf (_("%s (004 %s)"), title, cook->article != NULL ? cook->article : "6.2.6");
      row = add_row (self, "cook", cook->article != NULL ? cook->article : "6.2.6", title, status, message, line,
                     addable ? &self->start : &cook->before, addable, addable ? focus : 0, comment);
      g_object_set_data (G_OBJECT (row), "cook-full", GINT_TO_POINTER (cook->kind == DR_SOLVE_COOK_FULL));
      shown++;
    }
  if (undecided > 0)
    {
      g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                               "%u alternative not decided within its limit: %s",
                                                               "%u alternatives not decided within their limit: %s",
                                                               undecided),
                                                  undecided, possible->str);

      if (shallowest > 0)
        {
          /* Translators: after the list of undecided alternatives. */
          g_autofree char *bound = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                 "; none of them wins within %d move",
                                                                 "; none of them wins within %d moves",
                                                                 (gulong) shallowest),
                                                    shallowest);
          char *both = g_strconcat (message, bound, NULL);

          g_free (message);
          message = both;
        }
      add_row (self, "uniqueness", "6.2.6", _("Uniqueness"), DR_CHECK_UNDECIDED, message, NULL, NULL, FALSE, 0,
               NULL);
    }
  else if (shown == 0)
    add_row (self, "uniqueness", "6.2.6", _("Uniqueness"), DR_CHECK_PASS,
             self->basis_stated ? _("No cook: no other attacker move of the stated solution wins")
                                : _("No cook: no other attacker move of the proof’s main line wins (the game states no solution)"),
             NULL, NULL, FALSE, 0, NULL);
}

static void
show_report (DrComposePane *self)
{
  DrGame *game = dr_game_model_get_game (self->model);
  DrCheckStatus worst = DR_CHECK_PASS;
  g_autofree char *tree_text = NULL;

  clear_checklist (self);
  add_solvability_rows (self, game);
  add_cook_rows (self, self->cook_basis);
  if (self->report != NULL)
    for (guint i = 0; i < self->report->items->len; i++)
      {
        const DrCheckItem *item = self->report->items->pdata[i];

        add_row (self, "check", item->article, _("Formal check"), item->status, item->message, NULL, NULL, FALSE,
                 0, NULL);
      }
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->checklist)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      DrCheckStatus s = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "status"));

      if (s == DR_CHECK_FAIL)
        worst = DR_CHECK_FAIL;
      else if (s == DR_CHECK_UNDECIDED && worst != DR_CHECK_FAIL)
        worst = DR_CHECK_UNDECIDED;
      else if (s == DR_CHECK_DEFECT && worst == DR_CHECK_PASS)
        worst = DR_CHECK_DEFECT;
    }
  switch (worst)
    {
    case DR_CHECK_FAIL:
      gtk_label_set_text (self->verdict_label, _("The composition fails a requirement"));
      break;
    case DR_CHECK_UNDECIDED:
      gtk_label_set_text (self->verdict_label, _("Not everything could be decided"));
      break;
    case DR_CHECK_DEFECT:
      gtk_label_set_text (self->verdict_label, _("The composition is correct, with a defect"));
      break;
    case DR_CHECK_PASS:
    case DR_CHECK_NOT_APPLICABLE:
    default:
      gtk_label_set_text (self->verdict_label, _("The composition meets every requirement checked"));
      break;
    }
  if (self->result->message != NULL)
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->verdict_label), self->result->message);
  gtk_widget_set_visible (self->tree_expander, dr_solve_status_is_won (self->result->status));
  if (dr_solve_status_is_won (self->result->status))
    {
      tree_text = dr_solve_result_format (self->result, self->notation, TRUE);
      gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->tree_view), tree_text, -1);
      gtk_widget_set_sensitive (self->add_main_line_button,
                                dr_position_equal (&self->result->parts[0].start, &game->root->position));
    }
}

/* --- the verification on a worker --------------------------------------- */

typedef struct
{
  DrComposePane *self;        /* the task's source object holds it */
  guint          generation;
  const DrRules *rules;
  DrPosition     start;
  GArray        *stated;      /* DrMove: the game's main line */
  DrGame        *game;        /* a copy, for the checks of the stated solution */
  DrStipulation  st;
  DrEgdbTables  *tables;
  double         max_seconds;
  GCancellable  *cancellable;
  /* Out. */
  DrSolveResult *result;
  GPtrArray     *cooks;
  DrCheckReport *report;
  gboolean       stated_by_game; /* @stated is the game's (else the proof's) */
} VerifyJob;

static void
verify_job_free (gpointer data)
{
  VerifyJob *job = data;

  g_clear_pointer (&job->stated, g_array_unref);
  g_clear_pointer (&job->game, dr_game_free);
  dr_stipulation_clear (&job->st);
  g_clear_pointer (&job->tables, dr_egdb_tables_unref);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->result, dr_solve_result_free);
  g_clear_pointer (&job->cooks, g_ptr_array_unref);
  g_clear_pointer (&job->report, dr_check_report_free);
  g_free (job);
}

static gboolean
progress_idle_cb (gpointer data)
{
  DrComposePane *self = data;
  DrSolveProgress p;
  const char *phase;
  g_autofree char *text = NULL;

  g_mutex_lock (&self->mutex);
  self->progress_id = 0;
  p = self->latest;
  phase = self->phase != NULL ? self->phase : "";
  g_mutex_unlock (&self->mutex);
  if (!self->busy)
    return G_SOURCE_REMOVE;
  /* Translators: the solver's progress: the bound in moves, the
   * positions visited and the time. */
  text = g_strdup_printf (_("%s: depth %d · %" PRIu64 " positions · %.1f s"), phase, p.depth, (uint64_t) p.nodes,
                          p.seconds);
  gtk_progress_bar_set_text (self->progress_bar, text);
  gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_REMOVE;
}

/* On the worker: what it does next, shown with the progress. */
static void
set_phase (VerifyJob  *job,
           const char *phase)
{
  DrComposePane *self = job->self;

  g_mutex_lock (&self->mutex);
  self->phase = phase;
  if (self->progress_id == 0)
    self->progress_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, progress_idle_cb, g_object_ref (self),
                                         g_object_unref);
  g_mutex_unlock (&self->mutex);
}

/* On the solving thread. */
static void
verify_progress_cb (const DrSolveProgress *progress,
                    gpointer               data)
{
  VerifyJob *job = data;
  DrComposePane *self = job->self;

  g_mutex_lock (&self->mutex);
  self->latest = *progress;
  if (self->progress_id == 0)
    self->progress_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, progress_idle_cb, g_object_ref (self),
                                         g_object_unref);
  g_mutex_unlock (&self->mutex);
}

static void
verify_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  VerifyJob *job = data;
  DrSolveOptions options;
  GError *error = NULL;

  dr_solve_options_init (&options);
  dr_compose_options_from_stipulation (&options, &job->st);
  options.max_seconds = job->max_seconds;
  options.egdb = job->tables != NULL ? dr_egdb_tables_get (job->tables) : NULL;
  options.cancellable = job->cancellable;
  options.progress = verify_progress_cb;
  options.progress_data = job;
  /* A problem's solution ends at its finales (004 6.2.7.2).  One
   * thread: a second one beside it (draughtsman-cli solve --threads)
   * would take the window's core on a two-core machine. */
  options.finales = job->st.genre == DR_GENRE_PROBLEM || job->st.genre == DR_GENRE_UNSTATED;
  options.threads = 1;
  set_phase (job, _("Proving"));
  job->result = dr_solve (job->rules, &job->start, &options, &error);
  if (job->result == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  job->report = dr_check_report_new ();
  dr_compose_check_static (job->report, job->rules, &job->start, &job->st);
  dr_compose_check_stated (job->report, job->game, &job->st);

  /* The cooks of a proved simple stipulation, along the stated solution;
   * each alternative with a short limit of its own. */
  if (dr_solve_status_is_won (job->result->status) && job->result->n_parts == 1
      && !g_cancellable_is_cancelled (job->cancellable))
    {
      double limit = job->max_seconds > 0 ? job->max_seconds / COOK_SHARE : COOK_MAX_S;

      options.max_seconds = CLAMP (limit, COOK_MIN_S, COOK_MAX_S);
      /* Without a stated solution, the proof's main line is the one the
       * alternatives are weighed against (its key first). */
      if (job->stated->len == 0)
        dr_compose_tree_main_line (dr_solve_result_get_tree (job->result), job->stated);
      set_phase (job, _("Looking for cooks"));
      job->cooks = dr_solve_cooks (job->rules, &job->start, (const DrMove *) job->stated->data, job->stated->len,
                                   &options, &error);
      if (job->cooks == NULL)
        {
          /* The line is the game's (legal by construction) or the proof's:
           * should it fail, the report says so rather than Verify. */
          dr_check_report_add (job->report, "6.2.6", DR_CHECK_UNDECIDED, "%s", error->message);
          g_clear_error (&error);
        }
      else if (g_cancellable_is_cancelled (job->cancellable))
        g_clear_pointer (&job->cooks, g_ptr_array_unref);
    }

  /* The other checks that need the solver (6.2.4 statists and the
   * economy of the final, 6.2.5 variations, ...): their 6.2.3 and 6.2.6
   * items are left out, the rows above say the same with their lines. */
  if (dr_solve_status_is_won (job->result->status) && !g_cancellable_is_cancelled (job->cancellable))
    {
      g_autoptr (DrCheckReport) more = dr_check_report_new ();
      double limit = job->max_seconds > 0 ? job->max_seconds / COOK_SHARE : COOK_MAX_S;
      DrComposeLimits limits = { 0, CLAMP (limit, COOK_MIN_S, COOK_MAX_S), options.egdb, job->cancellable, 1 };

      set_phase (job, _("Checking statists and the final"));
      dr_compose_check_solution (more, job->game, &job->start, &job->st, &limits);
      for (guint i = 0; i < more->items->len; i++)
        {
          const DrCheckItem *item = more->items->pdata[i];

          if (!g_str_has_prefix (item->article, "6.2.3") && !g_str_has_prefix (item->article, "6.2.6")
              && !g_str_has_prefix (item->article, "6.2.7.3"))
            dr_check_report_add (job->report, item->article, item->status, "%s", item->message);
        }
    }
  g_task_return_boolean (task, TRUE);
}

static void
set_busy (DrComposePane *self,
          gboolean       busy)
{
  self->busy = busy;
  gtk_widget_set_sensitive (self->verify_button, !busy);
  gtk_widget_set_sensitive (self->cancel_button, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), busy);
}

static void
verify_done_cb (GObject      *source,
                GAsyncResult *res,
                gpointer      data)
{
  DrComposePane *self = DR_COMPOSE_PANE (source);
  VerifyJob *job = g_task_get_task_data (G_TASK (res));
  g_autoptr (GError) error = NULL;

  if (job->generation != self->generation || self->model == NULL)
    return;   /* overtaken by another verification, or the pane went */
  set_busy (self, FALSE);
  g_clear_object (&self->cancellable);
  if (!g_task_propagate_boolean (G_TASK (res), &error))
    {
      /* Translators: the solver refused the position; the reason follows. */
      g_autofree char *text = g_strdup_printf (_("Cannot verify: %s"), error->message);

      gtk_label_set_text (self->verdict_label, text);
      clear_checklist (self);
      self->n_finished++;
      return;
    }
  g_clear_pointer (&self->result, dr_solve_result_free);
  g_clear_pointer (&self->cooks, g_ptr_array_unref);
  g_clear_pointer (&self->report, dr_check_report_free);
  self->result = g_steal_pointer (&job->result);
  self->cooks = g_steal_pointer (&job->cooks);
  g_clear_pointer (&self->cook_basis, g_array_unref);
  self->cook_basis = g_array_ref (job->stated);
  self->basis_stated = job->stated_by_game;
  self->report = g_steal_pointer (&job->report);
  self->rules = job->rules;
  self->start = job->start;
  show_report (self);
  if (self->result->stop == DR_SOLVE_STOP_CANCELLED)
    gtk_label_set_text (self->verdict_label, _("Cancelled: not decided"));
  self->n_finished++;
}

void
dr_compose_pane_verify (DrComposePane *self)
{
  g_autoptr (GTask) task = NULL;
  DrGame *game;
  VerifyJob *job;

  g_return_if_fail (DR_IS_COMPOSE_PANE (self));

  if (self->apply_id != 0)
    apply_fields (self);
  dr_compose_pane_leave_line (self);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  game = dr_game_model_get_game (self->model);
  job = g_new0 (VerifyJob, 1);
  job->self = self;
  job->generation = ++self->generation;
  job->rules = game->rules;
  job->start = game->root->position;
  job->stated = g_array_new (FALSE, FALSE, sizeof (DrMove));
  for (DrGameNode *n = game->root->children; n != NULL; n = n->children)
    g_array_append_val (job->stated, n->move);
  job->stated_by_game = job->stated->len > 0;
  job->game = dr_game_copy (game);
  fields_stipulation (self, &job->st);
  job->tables = self->egdb != NULL ? dr_egdb_tables_ref (self->egdb) : NULL;
  job->max_seconds = gtk_spin_button_get_value (self->time_spin);
  job->cancellable = g_object_ref (self->cancellable);

  clear_checklist (self);
  gtk_widget_set_visible (self->tree_expander, FALSE);
  gtk_label_set_text (self->verdict_label, _("Verifying…"));
  gtk_progress_bar_set_text (self->progress_bar, _("Starting…"));
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  set_busy (self, TRUE);

  task = g_task_new (self, NULL, verify_done_cb, NULL);
  g_task_set_source_tag (task, dr_compose_pane_verify);
  g_task_set_task_data (task, job, verify_job_free);
  g_task_run_in_thread (task, verify_thread);
}

void
dr_compose_pane_cancel (DrComposePane *self)
{
  g_return_if_fail (DR_IS_COMPOSE_PANE (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->busy)
    gtk_label_set_text (self->verdict_label, _("Cancelling…"));
}

static void
verify_clicked_cb (DrComposePane *self)
{
  dr_compose_pane_verify (self);
}

static void
cancel_clicked_cb (DrComposePane *self)
{
  dr_compose_pane_cancel (self);
}

/* --- following the game ------------------------------------------------ */

static void
model_changed_cb (DrComposePane *self)
{
  DrGame *game = dr_game_model_get_game (self->model);

  /* The window has put the game's position back on the board. */
  self->showing_line = FALSE;
  gtk_widget_set_visible (self->line_box, FALSE);
  if (self->writing || self->apply_id != 0)
    return;
  load_fields (self);
  /* A report of another position is not this one's. */
  if (self->result != NULL && !dr_position_equal (&self->start, &game->root->position))
    {
      g_clear_pointer (&self->result, dr_solve_result_free);
      g_clear_pointer (&self->cooks, g_ptr_array_unref);
      g_clear_pointer (&self->report, dr_check_report_free);
      clear_checklist (self);
      gtk_widget_set_visible (self->tree_expander, FALSE);
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
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, checklist);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, line_box);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, line_label);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, line_back_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, line_forward_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, add_variation_button);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, tree_expander);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, tree_view);
  gtk_widget_class_bind_template_child (widget_class, DrComposePane, add_main_line_button);
  gtk_widget_class_bind_template_callback (widget_class, verify_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, checklist_row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, line_back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, line_forward_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, line_close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_variation_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_main_line_clicked_cb);
}

static void
dr_compose_pane_init (DrComposePane *self)
{
  g_mutex_init (&self->mutex);
  gtk_widget_init_template (GTK_WIDGET (self));
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
