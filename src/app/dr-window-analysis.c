/* dr-window-analysis.c — the analysis pane of the main window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Starts and stops the engine (DrAnalysis, on its own thread), shows the
 * best lines with their score and depth in the current notation and the
 * engine's speed, draws the best move as an arrow, and plays a line into
 * the game as a variation when it is clicked.  The analysis follows the
 * user: every change of the current position restarts it there.
 *
 * The evaluation bar beside the board shows the live score; the graph
 * below the moves shows the latest score known for each position of the
 * main line, from the live analysis or from "Analyse Game", which
 * searches every position of the main line at a fixed budget and marks
 * the moves that lose ground.
 */

#define G_LOG_DOMAIN "dr-window"

#include "config.h"

#include "dr-window-private.h"

#include "dr-movegen.h"
#include "dr-notation.h"

#include <glib/gi18n.h>
#include <string.h>

/* The budget per position of "Analyse Game". */
#define GAME_ANALYSIS_NODES 200000

/* The latest score known for a position of the main line, by ply; the
 * position says whether the line still goes through it. */
typedef struct
{
  DrPosition position;
  int        score;        /* White's view */
  gboolean   known;
} Eval;

static int
white_view (const DrPosition *position,
            int               score)
{
  return position->turn == DR_SIDE_WHITE ? score : -score;
}

static void
store_eval (DrWindow         *self,
            guint             ply,
            const DrPosition *position,
            int               white_score)
{
  Eval *e;

  if (self->evals == NULL)
    self->evals = g_array_new (FALSE, TRUE, sizeof (Eval));
  if (ply >= self->evals->len)
    g_array_set_size (self->evals, ply + 1);
  e = &g_array_index (self->evals, Eval, ply);
  e->position = *position;
  e->score = white_score;
  e->known = TRUE;
}

/* The graph from the main line and the scores known for it. */
static void
update_graph (DrWindow *self)
{
  DrGame *game = dr_game_model_get_game (self->model);
  DrGameNode *current = dr_game_model_get_current (self->model);
  g_autoptr (GArray) scores = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GArray) marks = g_array_new (FALSE, FALSE, sizeof (DrEvalGraphMark));
  g_autofree char *summary = NULL;

  for (DrGameNode *n = game->root; n != NULL; n = n->children)
    {
      int score = DR_EVAL_GRAPH_UNKNOWN;
      DrEvalGraphMark mark = DR_EVAL_GRAPH_MARK_NONE;

      if (self->evals != NULL && n->ply < self->evals->len)
        {
          const Eval *e = &g_array_index (self->evals, Eval, n->ply);

          if (e->known && dr_position_equal (&e->position, &n->position))
            score = e->score;
        }
      g_array_append_val (scores, score);
      /* The marks are the game's own glyphs: the analysis's, and the
       * user's where they changed them. */
      switch (n == game->root ? DR_NAG_NONE : dr_game_node_get_glyph (n))
        {
        case DR_NAG_DUBIOUS: mark = DR_EVAL_GRAPH_MARK_INACCURACY; break;
        case DR_NAG_MISTAKE: mark = DR_EVAL_GRAPH_MARK_MISTAKE; break;
        case DR_NAG_BLUNDER: mark = DR_EVAL_GRAPH_MARK_BLUNDER; break;
        default: break;
        }
      g_array_append_val (marks, mark);
    }
  dr_eval_graph_set_scores (self->eval_graph, (const int *) scores->data, scores->len);
  dr_eval_graph_set_marks (self->eval_graph, (const DrEvalGraphMark *) marks->data, marks->len);
  dr_eval_graph_set_current (self->eval_graph, dr_game_node_is_main_line (current) ? (int) current->ply : -1);

  summary = _dr_window_game_summary (game, (const int *) scores->data, scores->len);
  gtk_label_set_text (self->game_summary, summary != NULL ? summary : "");
  gtk_widget_set_visible (GTK_WIDGET (self->game_summary), summary != NULL);
}

static void
eval_graph_ply_selected_cb (DrWindow    *self,
                            guint        ply,
                            DrEvalGraph *graph)
{
  DrGameNode *node = dr_game_model_get_game (self->model)->root;

  if (dr_board_state_get_setup_mode (self->board))
    return;
  while (node->children != NULL && node->ply < ply)
    node = node->children;
  dr_game_model_go_to (self->model, node);
}

/* Is an engine, ours or the outside one, analysing? */
static gboolean
live_running (DrWindow *self)
{
  return (self->analysis != NULL && dr_analysis_get_running (self->analysis))
         || (self->hub_engine != NULL && dr_hub_engine_get_running (self->hub_engine));
}

/* The lines shown, with the position and rules they are about. */
static const DrSearchInfo *
live_lines (DrWindow          *self,
            int               *n,
            const DrRules    **rules,
            const DrPosition **position)
{
  if (self->hub_engine != NULL && dr_hub_engine_get_running (self->hub_engine))
    {
      const DrSearchInfo *line = dr_hub_engine_get_line (self->hub_engine);

      *n = line != NULL ? 1 : 0;
      *rules = dr_hub_engine_get_rules (self->hub_engine);
      *position = dr_hub_engine_get_position (self->hub_engine);
      return line;
    }
  if (self->analysis == NULL)
    {
      *n = 0;
      *rules = NULL;
      *position = NULL;
      return NULL;
    }
  *rules = dr_analysis_get_rules (self->analysis);
  *position = dr_analysis_get_position (self->analysis);
  return dr_analysis_get_lines (self->analysis, n);
}

static char *
line_text (DrWindow           *self,
           const DrRules      *rules,
           const DrPosition   *position,
           const DrSearchInfo *info)
{
  DrPosition pos = *position;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  GString *out = g_string_new (NULL);
  char score[32];

  /* Translators: a score the endgame tables proved. */
  g_string_append_printf (out, info->db ? _("%s (db)  ") : "%s  ", dr_score_to_string (info->score, score));
  for (int i = 0; i < info->pv_length && i < 12; i++)
    {
      g_autofree char *text = NULL;

      dr_movegen_legal (rules, &pos, legal);
      text = dr_move_to_text (rules, legal, &info->pv[i], _dr_window_notation (self));
      g_string_append_printf (out, "%s%s", i ? " " : "", text);
      dr_position_apply (&pos, &pos, &info->pv[i]);
    }
  return g_string_free (out, FALSE);
}

static void
line_activated_cb (GtkListBox    *list,
                   GtkListBoxRow *row,
                   DrWindow      *self)
{
  int index = gtk_list_box_row_get_index (row);
  int n;
  const DrRules *rules;
  const DrPosition *position;
  const DrSearchInfo *lines = live_lines (self, &n, &rules, &position);
  DrGameNode *start = dr_game_model_get_current (self->model);

  g_autofree DrSearchInfo *line = NULL;

  if (index < 0 || index >= n || !dr_position_equal (position, &start->position))
    return;
  /* The line goes into the game as a variation from here, as one edit
   * (one Ctrl+Z takes it back), and the view stays where it was.  The
   * edit restarts the analysis, which replaces its lines: copy first. */
  line = g_memdup2 (&lines[index], sizeof *line);
  dr_game_model_add_line (self->model, line->pv, (guint) line->pv_length);
}

static void
clear_lines (DrWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->analysis_lines))) != NULL)
    gtk_list_box_remove (self->analysis_lines, child);
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_lines), FALSE);
}

/* The live score: the bar, and the graph if the position is on the main
 * line. */
static void
update_eval (DrWindow         *self,
             const DrPosition *position,
             int               score)
{
  DrGameNode *current = dr_game_model_get_current (self->model);
  int white = white_view (position, score);

  dr_eval_bar_set_score (self->eval_bar, white);
  if (dr_game_node_is_main_line (current) && dr_position_equal (&current->position, position))
    {
      store_eval (self, current->ply, position, white);
      update_graph (self);
    }
}

static void
progress_cb (DrWindow *self)
{
  int n;
  const DrRules *rules;
  const DrPosition *position;
  const DrSearchInfo *lines = live_lines (self, &n, &rules, &position);
  g_autofree char *status = NULL;

  clear_lines (self);
  for (int i = 0; i < n; i++)
    {
      g_autofree char *text = line_text (self, rules, position, &lines[i]);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_margin_start (label, 8);
      gtk_widget_set_margin_end (label, 8);
      gtk_widget_set_margin_top (label, 4);
      gtk_widget_set_margin_bottom (label, 4);
      gtk_list_box_append (self->analysis_lines, label);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_lines), n > 0);
  if (n > 0)
    {
      guint64 nps = lines[0].time_ms > 0 ? lines[0].nodes * 1000 / lines[0].time_ms : 0;

      /* Translators: engine status: depth, thousands of positions per second. */
      status = g_strdup_printf (_("Depth %d · %u kN/s"), lines[0].depth, (guint) MIN (nps / 1000, G_MAXUINT));
      if (self->hub_engine != NULL && dr_hub_engine_get_running (self->hub_engine))
        {
          /* Translators: the outside engine's name, then the status above. */
          g_autofree char *named = g_strdup_printf (_("%s · %s"), dr_hub_engine_get_name (self->hub_engine), status);
          g_free (status);
          status = g_steal_pointer (&named);
        }
      gtk_label_set_text (self->analysis_label, status);
      dr_board_state_set_arrow (self->board, lines[0].pv[0].from, lines[0].pv[0].to);
      update_eval (self, position, lines[0].score);
    }
}

static void stop_live (DrWindow *self);

/* The analysis stopped by itself at its limit: the status says so. */
static void
analysis_finished_cb (DrWindow *self)
{
  int n = 0;
  const DrSearchInfo *lines = dr_analysis_get_lines (self->analysis, &n);

  if (n == 0 || (self->hub_engine != NULL && dr_hub_engine_get_running (self->hub_engine)))
    return;
  {
    /* Translators: engine status once the analysis stopped by itself at its set depth or time. */
    g_autofree char *status = g_strdup_printf (_("Depth %d (limit)"), lines[0].depth);
    gtk_label_set_text (self->analysis_label, status);
  }
}

static void
hub_engine_failed_cb (DrWindow     *self,
                      const GError *error,
                      DrHubEngine  *engine)
{
  stop_live (self);
  _dr_window_toast (self, error->message);
}

/* The outside engine of the settings, started on first use and replaced
 * when its command or options change; NULL when none is set (or its
 * command line does not parse, which is said once). */
static DrHubEngine *
outside_engine (DrWindow *self)
{
  g_autofree char *command = g_settings_get_string (self->settings, "engine-command");
  g_autofree char *options = g_settings_get_string (self->settings, "engine-options");
  g_autofree char *tables = _dr_window_egdb_engine_key (self);
  g_autofree char *key = g_strconcat (command, "\n", options, "\n", tables, NULL);
  g_autoptr (GError) error = NULL;

  g_strstrip (command);
  if (*command == '\0')
    {
      if (self->hub_engine != NULL)
        dr_hub_engine_stop (self->hub_engine);
      return NULL;
    }
  if (self->hub_engine != NULL && g_strcmp0 (key, self->hub_engine_key) == 0)
    return self->hub_engine;
  if (self->hub_engine != NULL)
    g_signal_handlers_disconnect_by_data (self->hub_engine, self);
  g_clear_object (&self->hub_engine);
  g_free (self->hub_engine_key);
  self->hub_engine_key = g_steal_pointer (&key);
  self->hub_engine = dr_hub_engine_new (command, options, &error);
  if (self->hub_engine == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The engine command cannot be read: %s"), error->message);
      _dr_window_toast (self, message);
      return NULL;
    }
  _dr_window_egdb_offer (self, self->hub_engine);
  g_signal_connect_swapped (self->hub_engine, "progress", G_CALLBACK (progress_cb), self);
  g_signal_connect_swapped (self->hub_engine, "failed", G_CALLBACK (hub_engine_failed_cb), self);
  return self->hub_engine;
}

static void
start (DrWindow *self)
{
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GPtrArray) path = g_ptr_array_new ();
  DrGameNode *current = dr_game_model_get_current (self->model);

  for (DrGameNode *n = current->parent; n != NULL; n = n->parent)
    g_ptr_array_add (path, n);
  for (guint i = path->len; i > 0; i--)
    g_array_append_val (history, ((DrGameNode *) path->pdata[i - 1])->position);
  dr_board_state_set_arrow (self->board, -1, -1);
  clear_lines (self);
  switch (dr_game_model_get_status (self->model, NULL))
    {
    case DR_STATUS_ONGOING:
      break;
    case DR_STATUS_WHITE_WINS:
      dr_eval_bar_set_score (self->eval_bar, DR_SCORE_WIN);
      gtk_label_set_text (self->analysis_label, _("The game is over"));
      return;
    case DR_STATUS_BLACK_WINS:
      dr_eval_bar_set_score (self->eval_bar, -DR_SCORE_WIN);
      gtk_label_set_text (self->analysis_label, _("The game is over"));
      return;
    case DR_STATUS_DRAW:
    default:
      dr_eval_bar_set_score (self->eval_bar, 0);
      gtk_label_set_text (self->analysis_label, _("The game is over"));
      return;
    }
  gtk_label_set_text (self->analysis_label, _("Thinking…"));
  if (outside_engine (self) != NULL)
    {
      /* The game's moves go with the start position, for repetitions. */
      g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (DrMove));
      DrGameNode *root = dr_game_model_get_game (self->model)->root;

      for (guint i = path->len; i > 0; i--)
        if (path->pdata[i - 1] != root)
          g_array_append_val (moves, ((DrGameNode *) path->pdata[i - 1])->move);
      if (current != root)
        g_array_append_val (moves, current->move);
      if (self->analysis != NULL)
        dr_analysis_stop (self->analysis);
      dr_hub_engine_analyse (self->hub_engine, dr_game_model_get_rules (self->model), &root->position,
                             (const DrMove *) moves->data, moves->len);
      return;
    }
  if (self->analysis == NULL)
    {
      self->analysis = dr_analysis_new ();
      g_signal_connect_swapped (self->analysis, "progress", G_CALLBACK (progress_cb), self);
      g_signal_connect_swapped (self->analysis, "finished", G_CALLBACK (analysis_finished_cb), self);
    }
  {
    g_autoptr (DrEgdbTables) tables = _dr_window_egdb_tables (self);
    dr_analysis_set_egdb (self->analysis, tables);
  }
  {
    int limit = g_settings_get_enum (self->settings, "analysis-limit");

    dr_analysis_set_options (self->analysis,
                             MIN (g_settings_get_int (self->settings, "analysis-threads"),
                                  (int) g_get_num_processors ()),
                             g_settings_get_int (self->settings, "analysis-hash-mb"),
                             limit == 1 ? g_settings_get_int (self->settings, "analysis-depth") : 0,
                             limit == 2 ? (guint) g_settings_get_int (self->settings, "analysis-movetime-ms") : 0);
  }
  dr_analysis_start (self->analysis, dr_game_model_get_rules (self->model), &current->position,
                     (const DrPosition *) history->data, history->len,
                     g_settings_get_int (self->settings, "analysis-lines"));
}

/* The pane's menu of the number of lines and the limit, whose items
 * change the settings. */
void
_dr_window_analysis_connect (DrWindow *self)
{
  g_autoptr (GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) lines = g_menu_new ();
  g_autoptr (GMenu) limits = g_menu_new ();
  g_autoptr (GAction) lines_action = g_settings_create_action (self->settings, "analysis-lines");
  g_autoptr (GAction) limit_action = g_settings_create_action (self->settings, "analysis-limit");
  GtkWidget *button = gtk_menu_button_new ();

  g_action_map_add_action (G_ACTION_MAP (group), lines_action);
  g_action_map_add_action (G_ACTION_MAP (group), limit_action);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "analysis", G_ACTION_GROUP (group));
  for (int n = 1; n <= 5; n++)
    {
      /* Translators: an item of the analysis pane's menu: how many best moves are followed. */
      g_autofree char *label = g_strdup_printf (ngettext ("%d line", "%d lines", n), n);
      g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);

      g_menu_item_set_action_and_target_value (item, "analysis.analysis-lines", g_variant_new_int32 (n));
      g_menu_append_item (lines, item);
    }
  g_menu_append (limits, _("Until stopped"), "analysis.analysis-limit::infinite");
  g_menu_append (limits, _("To the set depth"), "analysis.analysis-limit::depth");
  g_menu_append (limits, _("For the set time"), "analysis.analysis-limit::time");
  g_menu_append_section (menu, _("Lines"), G_MENU_MODEL (lines));
  g_menu_append_section (menu, _("Limit"), G_MENU_MODEL (limits));
  g_menu_append (menu, _("Analysis Preferences…"), "app.preferences");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "view-more-symbolic");
  gtk_widget_set_tooltip_text (button, _("Analysis lines and limit"));
  gtk_widget_set_name (button, "analysis-menu");
  gtk_widget_add_css_class (button, "flat");
  gtk_box_append (GTK_BOX (gtk_widget_get_parent (GTK_WIDGET (self->analysis_label))), button);
}

void
_dr_window_analysis_follow (DrWindow *self)
{
  update_graph (self);
  dr_eval_bar_set_flipped (self->eval_bar, dr_board_state_get_flipped (self->board));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop-game-analysis", self->game_analysis != NULL);
  if (live_running (self) && !dr_board_state_get_setup_mode (self->board))
    start (self);
}

static void
stop_live (DrWindow *self)
{
  if (self->analysis != NULL)
    dr_analysis_stop (self->analysis);
  if (self->hub_engine != NULL)
    dr_hub_engine_stop (self->hub_engine);
  dr_board_state_set_arrow (self->board, -1, -1);
  clear_lines (self);
  gtk_label_set_text (self->analysis_label, _("Engine off"));
  gtk_toggle_button_set_active (self->analysis_button, FALSE);
  dr_eval_bar_set_shown (self->eval_bar, FALSE);
}

static void
analysis_cb (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  DrWindow *self = DR_WINDOW (widget);

  if (live_running (self))
    {
      stop_live (self);
      return;
    }
  /* Shown first: an engine that fails at once turns them off again. */
  gtk_toggle_button_set_active (self->analysis_button, TRUE);
  dr_eval_bar_set_shown (self->eval_bar, TRUE);
  start (self);
}

/* --- the players' summary ------------------------------------------------ */

typedef struct
{
  guint moves;        /* moves whose loss is known */
  int   loss;         /* their losses added up, hundredths of a man */
  guint marks[3];     /* ?!, ?, ?? */
} PlayerSummary;

/* What the main line's glyphs and the scores along it (one a position,
 * White's view, DR_EVAL_GRAPH_UNKNOWN where not known) say of each side:
 * "White: 1 blunder, 0 mistakes, 2 inaccuracies, average loss 0.31",
 * the same for Black, on two lines; NULL while no move has a known loss. */
char *
_dr_window_game_summary (const DrGame *game,
                         const int    *scores,
                         guint         n)
{
  PlayerSummary sides[2] = { { 0 } };
  GString *text;
  guint ply = 0;

  for (const DrGameNode *node = game->root; node->children != NULL; node = node->children, ply++)
    {
      const DrGameNode *child = node->children;
      PlayerSummary *s = &sides[node->position.turn == DR_SIDE_WHITE ? 0 : 1];
      int sign = node->position.turn == DR_SIDE_WHITE ? 1 : -1;

      switch (dr_game_node_get_glyph (child))
        {
        case DR_NAG_DUBIOUS: s->marks[0]++; break;
        case DR_NAG_MISTAKE: s->marks[1]++; break;
        case DR_NAG_BLUNDER: s->marks[2]++; break;
        default: break;
        }
      if (ply + 1 < n && scores[ply] != DR_EVAL_GRAPH_UNKNOWN && scores[ply + 1] != DR_EVAL_GRAPH_UNKNOWN)
        {
          s->moves++;
          s->loss += dr_game_analysis_loss (sign * scores[ply], sign * scores[ply + 1]);
        }
    }
  if (sides[0].moves == 0 && sides[1].moves == 0)
    return NULL;

  text = g_string_new (NULL);
  for (guint i = 0; i < 2; i++)
    {
      const char *tag = dr_game_get_tag (game, i == 0 ? "White" : "Black");
      const char *name = tag != NULL && tag[0] != '\0' && strcmp (tag, "?") != 0 ? tag
                         : i == 0 ? _("White") : _("Black");
      char average[32];

      if (i > 0)
        g_string_append_c (text, '\n');
      if (sides[i].moves == 0)
        g_strlcpy (average, "—", sizeof average);
      else
        g_snprintf (average, sizeof average, "%.2f",
                    (double) sides[i].loss / sides[i].moves / DR_SCORE_MAN);
      g_string_append_printf (text,
                              /* Translators: the whole-game analysis's summary of one player:
                               * the name, then the counts of moves marked ??, ? and ?!, then the
                               * average loss a move in men (e.g. 0.31). */
                              _("%s: %u ??, %u ?, %u ?!, average loss %s"),
                              name, sides[i].marks[2], sides[i].marks[1], sides[i].marks[0], average);
    }
  return g_string_free (text, FALSE);
}

/* --- whole-game analysis ------------------------------------------------ */

/* The scores found so far onto the graph, where the main line is still
 * what is being analysed. */
static void
store_game_scores (DrWindow       *self,
                   DrGameAnalysis *analysis)
{
  DrGameNode *node = dr_game_model_get_game (self->model)->root;
  guint done = dr_game_analysis_get_n_done (analysis);

  for (guint i = 0; i < done && node != NULL; i++, node = node->children)
    {
      const DrGameAnalysisPoint *point = dr_game_analysis_get_point (analysis, i);

      if (!dr_position_equal (&node->position, dr_game_analysis_get_position (analysis, i)))
        break;
      store_eval (self, i, &node->position, white_view (&node->position, point->score));
    }
  update_graph (self);
}

static void
game_analysis_progress_cb (DrWindow       *self,
                           DrGameAnalysis *analysis)
{
  guint done = dr_game_analysis_get_n_done (analysis);
  guint total = dr_game_analysis_get_n_positions (analysis);
  g_autofree char *text = NULL;

  store_game_scores (self, analysis);

  /* Translators: whole-game analysis progress: positions done, positions in all. */
  text = g_strdup_printf (_("Analysing the game: %u of %u"), done, total);
  gtk_progress_bar_set_text (self->game_analysis_progress, text);
  gtk_progress_bar_set_fraction (self->game_analysis_progress, total > 0 ? (double) done / total : 1.0);
}

/* "Better was 32-28 (+0.45)" after @node's move, added to what is there
 * unless it already says so. */
static void
add_comment (DrGameNode *node,
             const char *text)
{
  g_autofree char *joined = NULL;

  if (node->comment_after == NULL || node->comment_after[0] == '\0')
    {
      dr_game_node_set_comment_after (node, text);
      return;
    }
  if (strstr (node->comment_after, text) != NULL)
    return;
  joined = g_strdup_printf ("%s %s", node->comment_after, text);
  dr_game_node_set_comment_after (node, joined);
}

/* Glyphs and comments onto the moves that lost ground, for the part of
 * the main line that is still what was analysed. */
static guint
annotate (DrWindow       *self,
          DrGameAnalysis *analysis,
          DrGame         *game)
{
  const DrRules *rules = game->rules;
  DrGameNode *node = game->root;
  guint n = dr_game_analysis_get_n_positions (analysis);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  guint marked = 0;

  for (guint i = 0; i < n && node != NULL; i++, node = node->children)
    {
      const DrGameAnalysisPoint *point = dr_game_analysis_get_point (analysis, i);
      DrGameNode *child = node->children;
      DrNag glyph, old;
      int drop;

      if (point == NULL || !dr_position_equal (&node->position, dr_game_analysis_get_position (analysis, i)))
        break;
      if (child == NULL || i + 1 >= n
          || !dr_position_equal (&child->position, dr_game_analysis_get_position (analysis, i + 1)))
        continue;
      glyph = dr_game_analysis_judge (analysis, i, &child->move, &drop);
      if (glyph == DR_NAG_NONE)
        continue;
      /* The user's own assessments stay. */
      old = dr_game_node_get_glyph (child);
      if (old == DR_NAG_NONE || old == DR_NAG_DUBIOUS || old == DR_NAG_MISTAKE || old == DR_NAG_BLUNDER)
        dr_game_node_set_glyph (child, glyph);
      {
        g_autofree char *best = NULL;
        g_autofree char *text = NULL;
        char score[32];

        dr_movegen_legal (rules, &node->position, legal);
        best = dr_move_to_text (rules, legal, &point->best, _dr_window_notation (self));
        /* Translators: a comment on a weak move: the engine's move and its score for the mover. */
        text = g_strdup_printf (_("Better was %s (%s)"), best, dr_score_to_string (point->score, score));
        add_comment (child, text);
        /* The better move as a variation, after the moves already there. */
        if (dr_game_node_find_child (node, &point->best) == NULL)
          dr_game_add_move (game, node, &point->best);
      }
      marked++;
    }
  return marked;
}

typedef struct
{
  DrWindow       *self;
  DrGameAnalysis *analysis;
  guint           marked;
} Annotating;

static gboolean
annotate_edit (DrGame   *game,
               gpointer  data)
{
  Annotating *a = data;

  a->marked = annotate (a->self, a->analysis, game);
  return a->marked > 0;
}

static void
game_analysis_done_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      data)
{
  DrWindow *self = data;
  DrGameAnalysis *analysis = DR_GAME_ANALYSIS (source);
  g_autoptr (GError) error = NULL;
  gboolean ok = dr_game_analysis_run_finish (analysis, result, &error);

  /* The window went away (or began another) meanwhile: nothing to show. */
  if (self->game_analysis != analysis)
    {
      g_object_unref (self);
      return;
    }
  g_signal_handlers_disconnect_by_data (analysis, self);
  g_clear_object (&self->game_analysis);
  g_clear_object (&self->game_analysis_cancellable);
  gtk_widget_set_visible (self->game_analysis_box, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analysis", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analyse-game", TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop-game-analysis", FALSE);
  if (ok)
    {
      Annotating a = { self, analysis, 0 };

      store_game_scores (self, analysis);
      /* One edit of the model (one ::changed, one step of Undo). */
      dr_game_model_edit (self->model, annotate_edit, &a);
      _dr_window_toast (self, a.marked > 0 ? _("The game is analysed: weak moves are marked")
                                           : _("The game is analysed: no weak moves found"));
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    _dr_window_toast (self, error->message);
  g_object_unref (self);
}

static void
analyse_game_cb (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  DrWindow *self = DR_WINDOW (widget);
  g_autoptr (GArray) positions = g_array_new (FALSE, FALSE, sizeof (DrPosition));

  if (self->game_analysis != NULL || dr_board_state_get_setup_mode (self->board))
    return;
  for (DrGameNode *n = dr_game_model_get_game (self->model)->root; n != NULL; n = n->children)
    g_array_append_val (positions, n->position);

  /* One engine at a time. */
  if (live_running (self))
    stop_live (self);
  gtk_widget_action_set_enabled (widget, "win.analysis", FALSE);
  gtk_widget_action_set_enabled (widget, "win.analyse-game", FALSE);
  gtk_widget_action_set_enabled (widget, "win.stop-game-analysis", TRUE);

  self->game_analysis = dr_game_analysis_new (dr_game_model_get_rules (self->model),
                                              (const DrPosition *) positions->data, positions->len,
                                              GAME_ANALYSIS_NODES);
  {
    g_autoptr (DrEgdbTables) tables = _dr_window_egdb_tables (self);
    dr_game_analysis_set_egdb (self->game_analysis, tables);
  }
  self->game_analysis_cancellable = g_cancellable_new ();
  g_signal_connect_swapped (self->game_analysis, "progress", G_CALLBACK (game_analysis_progress_cb), self);
  game_analysis_progress_cb (self, self->game_analysis);
  gtk_widget_set_visible (self->game_analysis_box, TRUE);
  dr_game_analysis_run_async (self->game_analysis, self->game_analysis_cancellable,
                              game_analysis_done_cb, g_object_ref (self));
}

/* Stopped, it ends as it would have: through game_analysis_done_cb, which
 * then marks nothing. */
static void
stop_game_analysis_cb (GtkWidget  *widget,
                       const char *name,
                       GVariant   *param)
{
  DrWindow *self = DR_WINDOW (widget);

  if (self->game_analysis_cancellable != NULL)
    g_cancellable_cancel (self->game_analysis_cancellable);
}

void
_dr_window_analysis_dispose (DrWindow *self)
{
  if (self->game_analysis != NULL)
    {
      g_cancellable_cancel (self->game_analysis_cancellable);
      g_signal_handlers_disconnect_by_data (self->game_analysis, self);
      g_clear_object (&self->game_analysis);
      g_clear_object (&self->game_analysis_cancellable);
    }
  g_clear_pointer (&self->evals, g_array_unref);
  if (self->hub_engine != NULL)
    g_signal_handlers_disconnect_by_data (self->hub_engine, self);
  g_clear_object (&self->hub_engine);
  g_clear_pointer (&self->hub_engine_key, g_free);
}

void
_dr_window_class_analysis_init (DrWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (DR_TYPE_EVAL_BAR);
  g_type_ensure (DR_TYPE_EVAL_GRAPH);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, eval_bar);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, game_analysis_box);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, game_analysis_progress);
  gtk_widget_class_bind_template_child (widget_class, DrWindow, game_summary);
  gtk_widget_class_bind_template_callback (widget_class, eval_graph_ply_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, line_activated_cb);

  gtk_widget_class_install_action (widget_class, "win.analysis", NULL, analysis_cb);
  gtk_widget_class_install_action (widget_class, "win.analyse-game", NULL, analyse_game_cb);
  gtk_widget_class_install_action (widget_class, "win.stop-game-analysis", NULL, stop_game_analysis_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, GDK_CONTROL_MASK, "win.analysis", NULL);
}
