/* dr-compose-pane-report.c — Composition mode: the verdict, the checklist, the lines
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
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

#include "dr-compose-pane-private.h"

#include "dr-compose-solve.h"
#include "dr-eval.h"
#include "dr-movegen.h"

#include <inttypes.h>
#include <string.h>
#include <glib/gi18n.h>

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
  _dr_compose_pane_emit_line_changed (self);
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
  _dr_compose_pane_emit_line_changed (self);
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

void
_dr_compose_pane_clear_checklist (DrComposePane *self)
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
          if (part->method == DR_SOLVE_METHOD_PN)
            /* Proof-number search has no depth bound: its proof and
             * disproof numbers say how far it was from either answer. */
            message = g_strdup_printf (_("%snot decided: stopped (%s) after %" PRIu64
                                         " positions in %.1f s; proof number %u, disproof number %u"),
                                       prefix, dr_solve_stop_to_string (part->stop), (uint64_t) part->nodes,
                                       part->seconds, part->root_pn, part->root_dn);
          else
            message = g_strdup_printf (_("%snot decided: stopped (%s) after %" PRIu64
                                         " positions in %.1f s; no solution within %d moves"),
                                       prefix, dr_solve_stop_to_string (part->stop), (uint64_t) part->nodes,
                                       part->seconds, part->lower_bound);
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
          /* Only iterative deepening bounds the depth; a proof-number
           * search that ran out says nothing of it. */
          int bound = cook->proof != NULL && cook->proof->parts[0].method == DR_SOLVE_METHOD_ID
                      ? cook->proof->parts[0].lower_bound + 1 : 0;

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

/* --- the finales ------------------------------------------------------- */

/* The verdict at a leaf of the solution tree, from the attacker's side
 * (as the CLI's tree says it, in the user's language): the comment the
 * line's last move gets in the game, and the finale's row.  NULL: not a
 * leaf. */
char *
_dr_compose_leaf_verdict (const DrSolveNode *node)
{
  switch (node->leaf)
    {
    case DR_SOLVE_LEAF_NONE:
      return NULL;
    case DR_SOLVE_LEAF_FINALE:
      /* Translators: a line of a problem's solution ends here; the
       * engine's score (in men) and its depth. */
      return g_strdup_printf (_("won finale (004 6.2.7.2): %+.2f at %d plies"),
                              node->finale_score / (double) DR_SCORE_MAN, DR_SOLVE_FINALE_DEPTH);
    case DR_SOLVE_LEAF_EGDB:
      {
        DrEgdbValue v = node->egdb_value;

        /* The value is for the side to move: said for the attacker. */
        if (!node->attacker_to_move)
          v = v == DR_EGDB_WIN ? DR_EGDB_LOSS : v == DR_EGDB_LOSS ? DR_EGDB_WIN : v;
        if (v == DR_EGDB_WIN)
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "table win in %d ply", "table win in %d plies",
                                               (gulong) node->egdb_plies),
                                  node->egdb_plies);
        return g_strdup (v == DR_EGDB_DRAW ? _("table draw") : _("table loss"));
      }
    case DR_SOLVE_LEAF_NO_MOVE:
      return g_strdup (_("end of game: no move left"));
    case DR_SOLVE_LEAF_LOCK:
      return g_strdup (_("locked as the stipulation says"));
    case DR_SOLVE_LEAF_REPETITION:
      return g_strdup (_("draw by repetition"));
    case DR_SOLVE_LEAF_DRAW_RULE:
      /* Translators: the article of the draw rule that holds. */
      return g_strdup_printf (_("draw rule %s"), node->draw_rule != NULL && node->draw_rule->article != NULL
                                                   ? node->draw_rule->article : "");
    case DR_SOLVE_LEAF_WRONG_LOCK:
    default:
      return g_strdup (dr_solve_leaf_to_string (node->leaf));
    }
}

/* The number of lines (leaves) under @node. */
static guint
count_leaves (const DrSolveNode *node)
{
  guint n = 0;

  if (node->children == NULL)
    return 1;
  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    n += count_leaves (c);
  return n;
}

typedef struct
{
  DrComposePane    *self;
  const DrSolvePart *part;
  gboolean          addable;
  GArray           *line;     /* DrMove: the moves from the part's start to the node */
  guint             shown;
  guint             more;
} FinaleWalk;

/* A row per leaf of the tree, in the tree's order: the line from the start
 * to it and its verdict; clicked, the board shows the line at its end. */
static void
add_finale_rows_under (FinaleWalk        *w,
                       const DrSolveNode *node)
{
  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    {
      g_array_append_val (w->line, c->move);
      if (c->children != NULL)
        add_finale_rows_under (w, c);
      else if (w->shown >= COMPOSE_FINALE_ROWS)
        w->more++;
      else
        {
          DrComposePane *self = w->self;
          g_autofree char *verdict = _dr_compose_leaf_verdict (c);
          g_autofree char *moves = line_markup (self->rules, &w->part->start, (const DrMove *) w->line->data,
                                                w->line->len, -1, self->notation);
          g_autofree char *plain = NULL;
          g_autofree char *message = NULL;
          g_autofree char *title = NULL;
          /* The row keeps a line of its own (w->line goes on changing). */
          g_autoptr (GArray) line = g_array_sized_new (FALSE, FALSE, sizeof (DrMove), w->line->len);

          g_array_append_vals (line, w->line->data, w->line->len);
          /* The markup without a mark is escaped text: back to plain. */
          pango_parse_markup (moves, -1, 0, NULL, &plain, NULL, NULL);
          /* Translators: a line of the solution, then how it ends. */
          message = g_strdup_printf (_("%s — %s"), plain != NULL ? plain : moves, verdict);
          w->shown++;
          /* Translators: the finales of a solution, numbered. */
          title = g_strdup_printf (_("Finale %u"), w->shown);
          add_row (self, "finale", c->leaf == DR_SOLVE_LEAF_FINALE ? "6.2.7.2" : "6.2.3", title, DR_CHECK_PASS,
                   message, line, &w->part->start, w->addable, line->len - 1, verdict);
        }
      g_array_set_size (w->line, w->line->len - 1);
    }
}

/* The finales of each part's solution tree (the tree's leaves), after the
 * 6.2.3 rows; at most COMPOSE_FINALE_ROWS of them, then how many more. */
static void
add_finale_rows (DrComposePane *self,
                 const DrGame  *game)
{
  for (guint p = 0; p < self->result->n_parts; p++)
    {
      const DrSolvePart *part = &self->result->parts[p];
      g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrMove));
      FinaleWalk w = { self, part, dr_position_equal (&part->start, &game->root->position), line, 0, 0 };

      if (!dr_solve_status_is_won (part->status) || part->tree == NULL)
        continue;
      add_finale_rows_under (&w, part->tree);
      if (w.more > 0)
        {
          g_autofree char *message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                   "and %u more line: see the solution tree",
                                                                   "and %u more lines: see the solution tree",
                                                                   w.more),
                                                      w.more);

          add_row (self, "finales-more", "6.2.3", _("Finales"), DR_CHECK_PASS, message, NULL, NULL, FALSE, 0,
                   NULL);
        }
    }
}

/* Adds every line of @node's tree under @at, the leaves' verdicts as
 * comments after their moves (a comment already there is kept).  TRUE if
 * anything changed. */
static gboolean
add_tree_under (DrGame            *game,
                DrGameNode        *at,
                const DrSolveNode *node)
{
  gboolean changed = FALSE;

  for (const DrSolveNode *c = node->children; c != NULL; c = c->next)
    {
      DrGameNode *child = dr_game_node_find_child (at, &c->move);

      if (child == NULL)
        {
          child = dr_game_add_move (game, at, &c->move);
          changed = TRUE;
        }
      if (c->children != NULL)
        changed |= add_tree_under (game, child, c);
      else if (child->comment_after == NULL || child->comment_after[0] == '\0')
        {
          g_autofree char *verdict = _dr_compose_leaf_verdict (c);

          dr_game_node_set_comment_after (child, verdict);
          changed = TRUE;
        }
    }
  return changed;
}

static gboolean
add_solution_edit (DrGame   *game,
                   gpointer  data)
{
  return add_tree_under (game, game->root, data);
}

/* Every line of the solution into the game as variations (the game's own
 * moves followed), each line's end with its verdict: one edit, one Undo. */
static void
add_solution_clicked_cb (DrComposePane *self)
{
  const DrSolveNode *tree;
  DrGame *game = dr_game_model_get_game (self->model);

  if (self->result == NULL || (tree = dr_solve_result_get_tree (self->result)) == NULL
      || !dr_position_equal (&self->result->parts[0].start, &game->root->position)
      || dr_solve_node_count (tree) > COMPOSE_ADD_TREE_MAX)
    return;
  dr_compose_pane_leave_line (self);
  dr_game_model_edit (self->model, add_solution_edit, (gpointer) tree);
}

/* The verdict reached and why, in one sentence (the first line of the
 * verdict label). */
static char *
verdict_sentence (DrComposePane *self)
{
  const DrSolveResult *r = self->result;
  const DrSolveNode *tree = dr_solve_result_get_tree (r);
  guint n_cooks = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->checklist)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "kind"), "cook") == 0
        && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "status")) != DR_CHECK_PASS)
      n_cooks++;
  if (dr_solve_status_is_won (r->status) && n_cooks > 0)
    /* Translators: the verdict; 6.2.6 requires one solution. */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Cooked: %u other attacker move also wins (6.2.6)",
                                         "Cooked: %u other attacker moves also win (6.2.6)", n_cooks),
                            n_cooks);
  switch (r->status)
    {
    case DR_SOLVE_PROVED:
      {
        guint lines = tree != NULL ? count_leaves (tree) : 0;

        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Proved: the solution’s %u line ends at the end of the game or in the tables",
                                             "Proved: all %u lines of the solution end at the end of the game or in the tables",
                                             lines),
                                lines);
      }
    case DR_SOLVE_WON_FINALES:
      {
        guint lines = 0, finales = 0;

        for (guint p = 0; p < r->n_parts; p++)
          if (r->parts[p].tree != NULL)
            {
              lines += count_leaves (r->parts[p].tree);
              finales += r->parts[p].n_finales;
            }
        /* Translators: the verdict: never called proved (004 6.2.7.2);
         * the finales and the solution's lines. */
        if (finales == lines)
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Won finales: the solution’s %u line ends in a finale the engine judges won (004 6.2.7.2)",
                                               "Won finales: all %u lines of the solution end in a finale the engine judges won (004 6.2.7.2)",
                                               lines),
                                  lines);
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Won finales: %u of the solution’s %u line ends in a finale the engine judges won (004 6.2.7.2), the others at the end of the game or in the tables",
                                             "Won finales: %u of the solution’s %u lines end in a finale the engine judges won (004 6.2.7.2), the others at the end of the game or in the tables",
                                             lines),
                                finales, lines);
      }
    case DR_SOLVE_REFUTED:
      return g_strdup (_("Refuted: a defence holds (the row below shows it)"));
    case DR_SOLVE_UNDECIDED:
    default:
      /* Translators: the verdict, then why the solver stopped. */
      return g_strdup_printf (_("Undecided: stopped (%s)"), dr_solve_stop_to_string (r->stop));
    }
}

void
_dr_compose_pane_show_report (DrComposePane *self)
{
  DrGame *game = dr_game_model_get_game (self->model);
  DrCheckStatus worst = DR_CHECK_PASS;
  g_autofree char *tree_text = NULL;

  _dr_compose_pane_clear_checklist (self);
  add_solvability_rows (self, game);
  add_finale_rows (self, game);
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
  {
    g_autofree char *verdict = verdict_sentence (self);
    g_autofree char *text = NULL;
    const char *summary;

    switch (worst)
      {
      case DR_CHECK_FAIL:
        summary = _("The composition fails a requirement");
        break;
      case DR_CHECK_UNDECIDED:
        summary = _("Not everything could be decided");
        break;
      case DR_CHECK_DEFECT:
        summary = _("The composition is correct, with a defect");
        break;
      case DR_CHECK_PASS:
      case DR_CHECK_NOT_APPLICABLE:
      default:
        summary = _("The composition meets every requirement checked");
        break;
      }
    /* The verdict reached and why, then the checklist in a word. */
    /* The verdict in bold, the checklist's word below it. */
    text = g_markup_printf_escaped ("<b>%s</b>\n%s", verdict, summary);
    gtk_label_set_markup (self->verdict_label, text);
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
  {
    const DrSolveNode *tree = dr_solve_result_get_tree (self->result);
    gboolean fits = tree != NULL && dr_solve_node_count (tree) <= COMPOSE_ADD_TREE_MAX;

    gtk_widget_set_visible (self->add_solution_button, tree != NULL);
    gtk_widget_set_sensitive (self->add_solution_button,
                              fits && dr_position_equal (&self->result->parts[0].start, &game->root->position));
    gtk_widget_set_tooltip_text (self->add_solution_button,
                                 fits ? _("Every line of the solution into the game as variations, each ending with its verdict")
                                      : _("The solution tree is too large to add to the game"));
  }
}

void
_dr_compose_pane_class_init_report (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, checklist_row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, line_back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, line_forward_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, line_close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_variation_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_main_line_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_solution_clicked_cb);
}
