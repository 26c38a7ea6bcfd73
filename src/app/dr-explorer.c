/* dr-explorer.c — the opening explorer beside the board
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the position on the board: the moves played from it in the game
 * database, how often, how the games ended and when, and the latest games
 * that reached it.  The look-up runs on a worker (GTask) with its own
 * connection from the pool; a new position cancels the look-up under way,
 * and an answer that comes back for an earlier position (its generation is
 * not the newest) is dropped, so the board never waits and the pane never
 * shows another position's moves.
 *
 * On request (Evaluate moves) the engine scores each listed move: a
 * DrSearch on a worker (GTask) searches the position after each move,
 * deepening all of them one ply at a time until the time budget is spent,
 * and the moves' scores of the last depth every move completed are shown
 * from the side to move's view.  The rows are rebuilt on every look-up,
 * which also ends the evaluation under way and makes its answers stale
 * (an evaluation generation, as for the look-ups).
 */

#define G_LOG_DOMAIN "dr-explorer"

#include "config.h"

#include "dr-explorer.h"

#include "dr-book.h"
#include "dr-movegen.h"
#include "dr-search.h"

#include <stdlib.h>
#include <glib/gi18n.h>

/* The engine's time for all the moves together, by default. */
#define EVAL_TIME_MS 1500
#define EVAL_MAX_DEPTH 40

struct _DrExplorer
{
  GtkBox         parent_instance;

  GtkLabel      *opening_label;
  GtkWidget     *book_box;
  GtkFlowBox    *book_flow;
  GtkLabel      *db_label;
  GtkLabel      *summary_label;
  GtkEntry      *player_entry;
  GtkSpinButton *year_from;
  GtkSpinButton *year_to;
  GtkSpinButton *min_count;
  GtkListBox    *moves_list;
  GtkListBox    *games_list;

  DrDbPool      *pool;
  const DrRules *rules;
  DrPosition     pos;
  DrPosition     previous;
  DrBook        *book;           /* the shipped book of book_rules, or NULL */
  const DrRules *book_rules;
  guint          n_book_moves;   /* shown */
  gboolean       has_pos;
  gboolean       has_previous;
  DrNotation     notation;
  GCancellable  *cancellable;   /* of the look-up under way, or NULL */
  guint          generation;    /* of the newest look-up asked for */
  gboolean       busy;
  gboolean       count_games;   /* count the games after the next answer shown */
  guint64        shown_key;
  guint          n_shown;
  guint          delay_ms;

  /* The moves' evaluation. */
  GtkButton     *eval_button;
  GtkSpinner    *eval_spinner;
  GtkLabel      *eval_status;
  DrEgdbTables  *egdb;
  GCancellable  *eval_cancellable;  /* of the evaluation under way, or NULL */
  guint          eval_generation;   /* of the newest evaluation asked for */
  gboolean       evaluating;
  guint          eval_time_ms;
  guint          eval_delay_ms;
  guint          n_evaluated;
};

G_DEFINE_FINAL_TYPE (DrExplorer, dr_explorer, GTK_TYPE_BOX)

enum
{
  MOVE_ACTIVATED,
  GAME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* --- the worker -------------------------------------------------------- */

typedef struct
{
  DrDbPool        *pool;
  const DrRules   *rules;
  DrPosition       pos;
  DrPosition       previous;
  gboolean         has_previous;
  char            *player;
  int              year_min;
  int              year_max;
  guint            min_count;
  guint            delay_ms;
  guint            generation;
  DrExploreResult *result;
} Lookup;

static void
lookup_free (gpointer data)
{
  Lookup *l = data;

  g_clear_pointer (&l->pool, dr_db_pool_unref);
  g_clear_pointer (&l->result, dr_explore_result_free);
  g_free (l->player);
  g_free (l);
}

static void
lookup_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Lookup *l = data;
  g_autoptr (GError) error = NULL;
  DrExploreFilter filter = { 0 };
  DrGameDb *db;

  /* A look-up queued behind others may be stale before it starts. */
  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  db = dr_db_pool_take (l->pool, &error);
  if (db == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  filter.player = l->player;
  filter.year_min = l->year_min;
  filter.year_max = l->year_max;
  filter.min_count = l->min_count;
  filter.top_games = 20;
  filter.previous = l->has_previous ? &l->previous : NULL;
  l->result = dr_gamedb_explore (db, l->rules, &l->pos, &filter, &error);
  /* A slow query (tests): it cannot be stopped once under way. */
  if (l->delay_ms > 0)
    g_usleep (l->delay_ms * (gulong) 1000);
  dr_db_pool_give (l->pool, db);
  if (l->result == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

/* --- the engine's evaluation (worker) ----------------------------------- */

typedef struct
{
  DrMove   move;
  int      score;     /* hundredths of a man, the side to move's view */
  gboolean db;        /* the endgame tables' score */
} MoveEval;

typedef struct
{
  DrExplorer    *self;        /* a reference, for the progress idles */
  const DrRules *rules;
  DrPosition     pos;
  DrEgdbTables  *egdb;        /* a reference, or NULL */
  guint          generation;
  guint          time_ms;
  guint          delay_ms;    /* tests: the answer comes back this late */
  atomic_uint    abort;       /* 1: cancelled */
  GArray        *moves;       /* MoveEval, scores of the last complete depth */
  int            depth;       /* that depth, 0: none yet */
} Eval;

typedef struct
{
  DrExplorer *self;
  guint       generation;
  GArray     *moves;
  int         depth;
} EvalProgress;

static void show_evals (DrExplorer *self, GArray *moves, int depth);
static void update_eval_button (DrExplorer *self);

static void
eval_free (gpointer data)
{
  Eval *e = data;

  g_clear_object (&e->self);
  g_clear_pointer (&e->egdb, dr_egdb_tables_unref);
  g_array_unref (e->moves);
  g_free (e);
}

static gboolean
eval_is_current (DrExplorer *self,
                 guint       generation)
{
  return generation == self->eval_generation;
}

/* Main thread: the scores of a depth every move completed. */
static gboolean
eval_progress_cb (gpointer data)
{
  EvalProgress *p = data;

  if (eval_is_current (p->self, p->generation) && p->self->evaluating)
    show_evals (p->self, p->moves, p->depth);
  return G_SOURCE_REMOVE;
}

static void
eval_progress_free (gpointer data)
{
  EvalProgress *p = data;

  g_object_unref (p->self);
  g_array_unref (p->moves);
  g_free (p);
}

/* Runs on the thread that cancels (the main thread): only the atomic
 * word the search polls is touched. */
static void
eval_cancelled_cb (GCancellable *cancellable,
                   gpointer      data)
{
  Eval *e = data;

  atomic_store (&e->abort, 1);
}

/* The score of the move to @child from the mover's view, one ply
 * further from a won or lost end than @child's own. */
static int
parent_score (int child_score)
{
  int score = -child_score;

  if (score >= DR_SCORE_WON)
    score--;
  else if (score <= -DR_SCORE_WON)
    score++;
  return score;
}

static void
eval_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Eval *e = data;
  gulong handler = g_cancellable_connect (cancellable, G_CALLBACK (eval_cancelled_cb), e, NULL);
  DrSearch *search = dr_search_new_for_play (e->rules, 16);
  g_autofree DrSearchResult *result = g_new0 (DrSearchResult, 1);
  g_autoptr (GArray) round = g_array_copy (e->moves);
  gint64 deadline = g_get_monotonic_time () + (gint64) e->time_ms * 1000;
  gint64 last_post = 0;

  if (e->egdb != NULL)
    dr_search_set_egdb (search, dr_egdb_tables_get (e->egdb));
  /* The position before each move's, for repetitions. */
  dr_search_set_history (search, &e->pos, 1);
  for (int depth = 1; depth <= EVAL_MAX_DEPTH && atomic_load (&e->abort) == 0; depth++)
    {
      gboolean complete = TRUE, decided = TRUE;

      for (guint i = 0; i < round->len && complete; i++)
        {
          MoveEval *m = &g_array_index (round, MoveEval, i);
          DrSearchLimits limits = { 0 };
          DrPosition child;
          gint64 left_ms = (deadline - g_get_monotonic_time ()) / 1000;

          if (left_ms <= 0)
            {
              complete = FALSE;
              break;
            }
          dr_position_apply (&child, &e->pos, &m->move);
          limits.max_depth = depth;
          limits.max_time_ms = (uint64_t) left_ms;
          limits.abort_word = &e->abort;
          limits.abort_unless = 0;
          if (!dr_search_run (search, &child, &limits, result))
            {
              /* No move after it: the move wins (loses in giveaway). */
              m->score = e->rules->giveaway ? -(DR_SCORE_WIN - 1) : DR_SCORE_WIN - 1;
              m->db = FALSE;
              continue;
            }
          /* Stopped (time, cancel) before this depth was done; a won or
           * lost end found sooner is done. */
          if (result->n_lines == 0
              || (result->depth < depth && abs (result->score) < DR_SCORE_WON))
            {
              complete = FALSE;
              break;
            }
          m->score = parent_score (result->score);
          m->db = result->lines[0].db;
          decided &= abs (m->score) >= DR_SCORE_WON;
        }
      if (!complete)
        break;
      g_array_set_size (e->moves, 0);
      g_array_append_vals (e->moves, round->data, round->len);
      e->depth = depth;
      /* The scores so far, a few times a second at most. */
      if (g_get_monotonic_time () - last_post > 150 * 1000)
        {
          EvalProgress *p = g_new0 (EvalProgress, 1);

          p->self = g_object_ref (e->self);
          p->generation = e->generation;
          p->moves = g_array_copy (e->moves);
          p->depth = depth;
          g_idle_add_full (G_PRIORITY_DEFAULT, eval_progress_cb, p, eval_progress_free);
          last_post = g_get_monotonic_time ();
        }
      if (decided)
        break;
    }
  dr_search_free (search);
  g_cancellable_disconnect (cancellable, handler);
  /* A late answer (tests): it cannot be stopped once under way. */
  if (e->delay_ms > 0)
    g_usleep (e->delay_ms * (gulong) 1000);
  g_task_return_boolean (task, TRUE);
}

/* --- showing an answer ------------------------------------------------- */

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

/* White wins, draws and Black wins as one bar, light to dark. */
static void
draw_bar (GtkDrawingArea *area,
          cairo_t        *cr,
          int             width,
          int             height,
          gpointer        data)
{
  const double *share = data;
  static const double shade[3] = { 0.95, 0.62, 0.18 };
  double x = 0;

  for (int i = 0; i < 3; i++)
    {
      double w = share[i] * width;

      cairo_set_source_rgb (cr, shade[i], shade[i], shade[i]);
      cairo_rectangle (cr, x, 0, w, height);
      cairo_fill (cr);
      x += w;
    }
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, 0.5, 0.5, width - 1, height - 1);
  cairo_stroke (cr);
}

static GtkWidget *
make_bar (guint64 games,
          guint64 white,
          guint64 draws,
          guint64 black)
{
  GtkWidget *bar = gtk_drawing_area_new ();
  double *share = g_new0 (double, 3);

  if (games > 0)
    {
      share[0] = (double) white / games;
      share[1] = (double) draws / games;
      share[2] = (double) black / games;
    }
  g_object_set_data_full (G_OBJECT (bar), "share", share, g_free);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (bar), draw_bar, share, NULL);
  gtk_widget_set_size_request (bar, 60, 10);
  gtk_widget_set_hexpand (bar, TRUE);
  gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
  return bar;
}

static double
percent (guint64 part,
         guint64 whole)
{
  return whole > 0 ? 100.0 * part / whole : 0;
}

static GtkWidget *
label_new (const char *text,
           int         width_chars,
           float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (width_chars > 0)
    gtk_label_set_width_chars (GTK_LABEL (label), width_chars);
  return label;
}

static GtkWidget *
move_row (DrExplorer          *self,
          const DrMoveList    *legal,
          const DrExploreMove *m)
{
  g_autofree char *text = dr_move_to_text (self->rules, legal, &m->move, self->notation);
  g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, m->games);
  g_autofree char *score = NULL;
  g_autofree char *year = NULL;
  g_autofree char *tip = NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label;

  /* Translators: White wins, draws, Black wins, in per cent. */
  score = g_strdup_printf (_("%.0f/%.0f/%.0f"), percent (m->white_wins, m->games), percent (m->draws, m->games),
                           percent (m->black_wins, m->games));
  year = m->average_year > 0 ? g_strdup_printf ("%.0f", m->average_year) : g_strdup ("—");
  /* Translators: a move's line in the explorer, as a tooltip. */
  tip = g_strdup_printf (_("%s: %s games, White won %.1f%%, draws %.1f%%, Black won %.1f%%, average year %s"), text,
                         count, percent (m->white_wins, m->games), percent (m->draws, m->games),
                         percent (m->black_wins, m->games), year);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  label = label_new (text, 7, 0);
  gtk_widget_add_css_class (label, "monospace");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), label_new (count, 6, 1));
  gtk_box_append (GTK_BOX (box), make_bar (m->games, m->white_wins, m->draws, m->black_wins));
  label = label_new (score, 8, 1);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), label);
  label = label_new (year, 4, 1);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  /* The engine's score, once the moves are evaluated. */
  label = label_new ("", 6, 1);
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), label);
  g_object_set_data (G_OBJECT (row), "eval-label", label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, tip);
  g_object_set_data_full (G_OBJECT (row), "move", g_memdup2 (&m->move, sizeof m->move), g_free);
  return row;
}

static const char *
result_text (DrResult       result,
             const DrRules *rules)
{
  return result == DR_RESULT_UNKNOWN ? "*" : dr_result_to_string (result, rules);
}

static GtkWidget *
game_row (DrExplorer          *self,
          const DrExploreGame *g)
{
  g_autofree char *players = NULL;
  g_autofree char *detail = NULL;
  g_autofree char *year = g->year > 0 ? g_strdup_printf ("%d", g->year) : NULL;
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label;

  /* Translators: White player – Black player. */
  players = g_strdup_printf (_("%s – %s"), g->white != NULL && *g->white ? g->white : "?",
                             g->black != NULL && *g->black ? g->black : "?");
  detail = g_strdup_printf ("%s%s%s · %s", g->event != NULL ? g->event : "",
                            year != NULL && g->event != NULL ? ", " : "", year != NULL ? year : "",
                            result_text (g->result, self->rules));
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  label = label_new (players, 0, 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), label);
  label = label_new (detail, 0, 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "game-id", g_memdup2 (&g->id, sizeof g->id), g_free);
  g_object_set_data (G_OBJECT (row), "ply", GUINT_TO_POINTER (g->ply));
  return row;
}

static void
show_database (DrExplorer *self,
               gint64      games)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (self->pool == NULL)
    {
      gtk_label_set_text (self->db_label, _("No database"));
      return;
    }
  name = g_path_get_basename (dr_db_pool_get_path (self->pool));
  if (games < 0)
    text = g_strdup (name);
  else
    /* Translators: the database file's name and how many games it holds. */
    text = g_strdup_printf (ngettext ("%s — %lld game", "%s — %lld games",
                                      (gulong) games),
                            name, (long long) games);
  gtk_label_set_text (self->db_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->db_label), dr_db_pool_get_path (self->pool));
}

static void
show_result (DrExplorer *self,
             Lookup     *l)
{
  const DrExploreResult *r = l->result;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autofree char *summary = NULL;

  clear_list (self->moves_list);
  clear_list (self->games_list);
  if (r->games == 0)
    summary = g_strdup (_("No game in the database reaches this position"));
  else
    {
      /* Translators: games reaching the position and how they ended. */
      summary = g_strdup_printf (ngettext ("%llu game: White won %.0f%%, draws %.0f%%, "
                                           "Black won %.0f%%",
                                           "%llu games: White won %.0f%%, draws %.0f%%, "
                                           "Black won %.0f%%",
                                           (gulong) r->games),
                                 (unsigned long long) r->games, percent (r->white_wins, r->games), percent (r->draws, r->games),
                                 percent (r->black_wins, r->games));
      if (r->transpositions > 0)
        {
          char *more = g_strdup_printf (ngettext ("%s (%llu by transposition)",
                                                  "%s (%llu by transposition)",
                                                  (gulong) r->transpositions),
                                        summary, (unsigned long long) r->transpositions);
          g_free (summary);
          summary = more;
        }
    }
  gtk_label_set_text (self->summary_label, summary);
  dr_movegen_legal (self->rules, &self->pos, legal);
  for (guint i = 0; i < r->moves->len; i++)
    gtk_list_box_append (self->moves_list,
                         move_row (self, legal, &g_array_index (r->moves, DrExploreMove, i)));
  for (guint i = 0; i < r->top_games->len; i++)
    gtk_list_box_append (self->games_list, game_row (self, r->top_games->pdata[i]));
  self->shown_key = dr_gamedb_position_key (self->rules, &self->pos);
  update_eval_button (self);
}

/* --- the engine's evaluation (main thread) ------------------------------ */

static gboolean
has_move_rows (DrExplorer *self)
{
  return gtk_list_box_get_row_at_index (self->moves_list, 0) != NULL;
}

static void
update_eval_button (DrExplorer *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->eval_spinner), self->evaluating);
  gtk_spinner_set_spinning (self->eval_spinner, self->evaluating);
  if (self->evaluating)
    {
      gtk_button_set_label (self->eval_button, _("Stop"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->eval_button), _("Stop evaluating the moves"));
      gtk_widget_set_sensitive (GTK_WIDGET (self->eval_button), TRUE);
      return;
    }
  gtk_button_set_label (self->eval_button, _("Evaluate moves"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->eval_button),
                               _("Let the engine search each move listed for a moment and show its "
                                 "score for the side to move"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->eval_button), !self->busy && has_move_rows (self));
}

/* The moves' scores into their rows. */
static void
show_evals (DrExplorer *self,
            GArray     *moves,
            int         depth)
{
  g_autofree char *tip = NULL;
  g_autofree char *status = NULL;

  if (depth == 0)
    return;
  /* Translators: the depth of the engine's search, in plies. */
  tip = g_strdup_printf (_("The engine’s score for the side to move, searched %d plies deep"), depth + 1);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->moves_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      const DrMove *move = g_object_get_data (G_OBJECT (row), "move");
      GtkLabel *label = g_object_get_data (G_OBJECT (row), "eval-label");

      if (move == NULL || label == NULL)
        continue;
      for (guint i = 0; i < moves->len; i++)
        {
          const MoveEval *m = &g_array_index (moves, MoveEval, i);
          char score[32];
          g_autofree char *text = NULL;

          if (!dr_move_same (&m->move, move))
            continue;
          dr_score_to_string (m->score, score);
          /* Translators: a score the endgame tables proved. */
          text = m->db ? g_strdup_printf (_("%s (db)"), score) : g_strdup (score);
          gtk_label_set_text (label, text);
          gtk_widget_set_tooltip_text (GTK_WIDGET (label), tip);
          break;
        }
    }
  if (self->evaluating)
    /* Translators: the engine evaluates the moves; the depth reached. */
    status = g_strdup_printf (_("Evaluating… depth %d"), depth + 1);
  else
    /* Translators: the depth of the scores shown, in plies. */
    status = g_strdup_printf (_("Engine scores, depth %d"), depth + 1);
  gtk_label_set_text (self->eval_status, status);
  self->n_evaluated++;
}

static void
eval_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  DrExplorer *self = DR_EXPLORER (source);
  Eval *e = g_task_get_task_data (G_TASK (result));

  g_task_propagate_boolean (G_TASK (result), NULL);
  /* For rows no longer shown (another position), or the pane going. */
  if (!eval_is_current (self, e->generation))
    return;
  self->evaluating = FALSE;
  g_clear_object (&self->eval_cancellable);
  if (e->depth > 0)
    show_evals (self, e->moves, e->depth);
  else
    gtk_label_set_text (self->eval_status, "");
  update_eval_button (self);
}

/* Ends the evaluation under way; its answers are dropped. */
static void
drop_eval (DrExplorer *self)
{
  self->eval_generation++;
  if (self->eval_cancellable != NULL)
    g_cancellable_cancel (self->eval_cancellable);
  g_clear_object (&self->eval_cancellable);
  self->evaluating = FALSE;
  if (self->eval_status != NULL)
    gtk_label_set_text (self->eval_status, "");
}

static void
start_eval (DrExplorer *self)
{
  g_autoptr (GTask) task = NULL;
  Eval *e;

  drop_eval (self);
  if (self->busy || !has_move_rows (self))
    return;
  e = g_new0 (Eval, 1);
  e->self = g_object_ref (self);
  e->rules = self->rules;
  e->pos = self->pos;
  e->egdb = self->egdb != NULL ? dr_egdb_tables_ref (self->egdb) : NULL;
  e->generation = self->eval_generation;
  e->time_ms = self->eval_time_ms;
  e->delay_ms = self->eval_delay_ms;
  e->moves = g_array_new (FALSE, TRUE, sizeof (MoveEval));
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->moves_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      const DrMove *move = g_object_get_data (G_OBJECT (row), "move");
      MoveEval m = { 0 };

      if (move == NULL)
        continue;
      m.move = *move;
      g_array_append_val (e->moves, m);
      gtk_label_set_text (g_object_get_data (G_OBJECT (row), "eval-label"), "");
    }
  self->evaluating = TRUE;
  self->eval_cancellable = g_cancellable_new ();
  gtk_label_set_text (self->eval_status, _("Evaluating…"));
  update_eval_button (self);
  task = g_task_new (self, self->eval_cancellable, eval_done_cb, NULL);
  g_task_set_source_tag (task, start_eval);
  g_task_set_task_data (task, e, eval_free);
  g_task_run_in_thread (task, eval_thread);
}

static void
dr_explorer_eval_clicked_cb (DrExplorer *self)
{
  if (!self->evaluating)
    {
      start_eval (self);
      return;
    }
  /* Stopped: the scores of the depths done stay; the answer still comes
   * back, with them. */
  g_cancellable_cancel (self->eval_cancellable);
}

/* The database's games, counted after the first answer is shown (a full
 * scan of a big file takes longer than a look-up). */
static void
count_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  DrDbPool *pool = data;
  g_autoptr (GError) error = NULL;
  DrGameDb *db = dr_db_pool_take (pool, &error);
  gint64 n;

  if (db == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  n = dr_gamedb_count_games (db);
  dr_db_pool_give (pool, db);
  g_task_return_int (task, n);
}

static void
count_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  DrExplorer *self = DR_EXPLORER (source);
  gssize n = g_task_propagate_int (G_TASK (result), NULL);

  /* Another database by now, or the pane is gone. */
  if (g_task_get_task_data (G_TASK (result)) != self->pool || n < 0)
    return;
  show_database (self, n);
}

static void
start_count (DrExplorer *self)
{
  g_autoptr (GTask) task = g_task_new (self, NULL, count_done_cb, NULL);

  g_task_set_source_tag (task, start_count);
  g_task_set_task_data (task, dr_db_pool_ref (self->pool), (GDestroyNotify) dr_db_pool_unref);
  g_task_run_in_thread (task, count_thread);
}

static void
lookup_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  DrExplorer *self = DR_EXPLORER (source);
  GTask *task = G_TASK (result);
  Lookup *l = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (task, &error);

  /* The answer for a position no longer shown (or for a pane going). */
  if (l->generation != self->generation || g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  self->busy = FALSE;
  self->n_shown++;
  g_clear_object (&self->cancellable);
  if (!ok)
    {
      g_autofree char *message = NULL;

      clear_list (self->moves_list);
      clear_list (self->games_list);
      /* Translators: the database file, then why it cannot be read. */
      message = g_strdup_printf (_("The database %s cannot be read: %s"), dr_db_pool_get_path (l->pool),
                                 error->message);
      gtk_label_set_text (self->summary_label, message);
      update_eval_button (self);
      return;
    }
  show_result (self, l);
  if (self->count_games)
    {
      self->count_games = FALSE;
      start_count (self);
    }
}

static void
start_lookup (DrExplorer *self)
{
  Lookup *l;
  g_autoptr (GTask) task = NULL;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->generation++;
  /* The rows are rebuilt: their evaluation under way is of no use. */
  drop_eval (self);
  /* Hidden, or nothing to look up: the look-up waits until shown. */
  if (self->pool == NULL || !self->has_pos || !gtk_widget_get_visible (GTK_WIDGET (self)))
    {
      self->busy = FALSE;
      update_eval_button (self);
      return;
    }
  self->busy = TRUE;
  update_eval_button (self);
  self->cancellable = g_cancellable_new ();
  l = g_new0 (Lookup, 1);
  l->pool = dr_db_pool_ref (self->pool);
  l->rules = self->rules;
  l->pos = self->pos;
  l->previous = self->previous;
  l->has_previous = self->has_previous;
  l->player = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->player_entry)));
  if (*l->player == '\0')
    g_clear_pointer (&l->player, g_free);
  l->year_min = gtk_spin_button_get_value_as_int (self->year_from);
  l->year_max = gtk_spin_button_get_value_as_int (self->year_to);
  l->min_count = (guint) gtk_spin_button_get_value_as_int (self->min_count);
  l->delay_ms = self->delay_ms;
  l->generation = self->generation;
  task = g_task_new (self, self->cancellable, lookup_done_cb, NULL);
  g_task_set_source_tag (task, start_lookup);
  g_task_set_task_data (task, l, lookup_free);
  g_task_run_in_thread (task, lookup_thread);
}

/* --- the opening book ---------------------------------------------------- */

static void
book_move_clicked_cb (GtkButton  *button,
                      DrExplorer *self)
{
  const DrMove *move = g_object_get_data (G_OBJECT (button), "move");

  if (move != NULL)
    g_signal_emit (self, signals[MOVE_ACTIVATED], 0, move);
}

/* The book's moves in the position, at once: a look-up in a sorted array. */
static void
show_book (DrExplorer *self)
{
  g_autofree DrBookMove *moves = g_new (DrBookMove, DR_MAX_MOVES);
  g_autofree DrMoveList *legal = NULL;
  GtkWidget *child;
  guint n = 0, total = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->book_flow))) != NULL)
    gtk_flow_box_remove (self->book_flow, child);
  if (self->book_rules != self->rules)
    {
      g_clear_pointer (&self->book, dr_book_free);
      self->book = dr_book_new_builtin (self->rules);
      self->book_rules = self->rules;
    }
  if (self->book != NULL && self->has_pos)
    n = dr_book_lookup (self->book, &self->pos, moves);
  self->n_book_moves = n;
  gtk_widget_set_visible (self->book_box, n > 0);
  if (n == 0)
    return;
  legal = g_new0 (DrMoveList, 1);
  dr_movegen_legal (self->rules, &self->pos, legal);
  for (guint i = 0; i < n; i++)
    total += moves[i].weight;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = dr_move_to_text (self->rules, legal, &moves[i].move, self->notation);
      g_autofree char *label = NULL;
      g_autofree char *tip = NULL;
      GtkWidget *button;
      double share = 100.0 * moves[i].weight / total;

      /* Translators: a book move and its share of the book's moves here. */
      label = g_strdup_printf (_("%s %.0f%%"), text, share);
      /* Translators: a book move's tooltip in the explorer. */
      tip = g_strdup_printf (_("%s: the engine plays it %.0f%% of the time here (click to play it)"), text, share);
      button = gtk_button_new_with_label (label);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "monospace");
      gtk_widget_set_tooltip_text (button, tip);
      g_object_set_data_full (G_OBJECT (button), "move", g_memdup2 (&moves[i].move, sizeof moves[i].move), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (book_move_clicked_cb), self);
      gtk_flow_box_append (self->book_flow, button);
    }
}

guint
dr_explorer_get_n_book_moves (DrExplorer *self)
{
  g_return_val_if_fail (DR_IS_EXPLORER (self), 0);
  return self->n_book_moves;
}

/* --- input ------------------------------------------------------------- */

static void
dr_explorer_filter_changed_cb (DrExplorer *self)
{
  start_lookup (self);
}

static void
dr_explorer_move_activated_cb (DrExplorer    *self,
                               GtkListBoxRow *row)
{
  const DrMove *move = g_object_get_data (G_OBJECT (row), "move");

  if (move != NULL)
    g_signal_emit (self, signals[MOVE_ACTIVATED], 0, move);
}

static void
dr_explorer_game_activated_cb (DrExplorer    *self,
                               GtkListBoxRow *row)
{
  const gint64 *id = g_object_get_data (G_OBJECT (row), "game-id");

  if (id != NULL)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, *id,
                   GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "ply")));
}

static void
visible_changed_cb (DrExplorer *self)
{
  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    start_lookup (self);
}

/* --- the object -------------------------------------------------------- */

static void
dr_explorer_dispose (GObject *object)
{
  DrExplorer *self = DR_EXPLORER (object);

  /* An answer that comes back now is dropped. */
  self->generation++;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  drop_eval (self);
  g_clear_pointer (&self->pool, dr_db_pool_unref);
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  g_clear_pointer (&self->book, dr_book_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_EXPLORER);
  G_OBJECT_CLASS (dr_explorer_parent_class)->dispose (object);
}

static void
dr_explorer_class_init (DrExplorerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_explorer_dispose;

  /* A move row was clicked: (const DrMove *move). */
  signals[MOVE_ACTIVATED] = g_signal_new ("move-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* A game row was double-clicked: (gint64 id, guint ply). */
  signals[GAME_ACTIVATED] = g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-explorer.ui");
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, opening_label);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, book_box);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, book_flow);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, db_label);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, summary_label);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, player_entry);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, year_from);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, year_to);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, min_count);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, moves_list);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, games_list);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, eval_button);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, eval_spinner);
  gtk_widget_class_bind_template_child (widget_class, DrExplorer, eval_status);
  gtk_widget_class_bind_template_callback (widget_class, dr_explorer_eval_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_explorer_filter_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_explorer_move_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_explorer_game_activated_cb);
}

static void
dr_explorer_init (DrExplorer *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rules = &dr_rules_international;
  self->notation = DR_NOTATION_NUMERIC;
  self->count_games = TRUE;
  self->eval_time_ms = EVAL_TIME_MS;
  show_database (self, -1);
  update_eval_button (self);
  g_signal_connect (self, "notify::visible", G_CALLBACK (visible_changed_cb), NULL);
}

GtkWidget *
dr_explorer_new (void)
{
  return g_object_new (DR_TYPE_EXPLORER, NULL);
}

void
dr_explorer_set_pool (DrExplorer *self,
                      DrDbPool   *pool)
{
  g_return_if_fail (DR_IS_EXPLORER (self));

  if (pool != NULL)
    dr_db_pool_ref (pool);
  g_clear_pointer (&self->pool, dr_db_pool_unref);
  self->pool = pool;
  self->count_games = TRUE;
  show_database (self, -1);
  start_lookup (self);
}

void
dr_explorer_set_position (DrExplorer       *self,
                          const DrRules    *rules,
                          const DrPosition *pos,
                          const DrPosition *previous,
                          const char       *opening)
{
  g_return_if_fail (DR_IS_EXPLORER (self));
  g_return_if_fail (rules != NULL && pos != NULL);

  self->rules = rules;
  self->pos = *pos;
  self->has_pos = TRUE;
  self->has_previous = previous != NULL;
  if (previous != NULL)
    self->previous = *previous;
  gtk_label_set_text (self->opening_label, opening != NULL ? opening : "");
  gtk_widget_set_visible (GTK_WIDGET (self->opening_label), opening != NULL);
  show_book (self);
  start_lookup (self);
}

void
dr_explorer_set_notation (DrExplorer *self,
                          DrNotation  notation)
{
  g_return_if_fail (DR_IS_EXPLORER (self));

  if (notation == self->notation)
    return;
  self->notation = notation;
  show_book (self);
  start_lookup (self);
}

void
dr_explorer_refresh (DrExplorer *self)
{
  g_return_if_fail (DR_IS_EXPLORER (self));

  self->count_games = TRUE;
  start_lookup (self);
}

gboolean
dr_explorer_get_busy (DrExplorer *self)
{
  g_return_val_if_fail (DR_IS_EXPLORER (self), FALSE);
  return self->busy;
}

guint64
dr_explorer_get_shown_key (DrExplorer *self)
{
  g_return_val_if_fail (DR_IS_EXPLORER (self), 0);
  return self->shown_key;
}

guint
dr_explorer_get_n_shown (DrExplorer *self)
{
  g_return_val_if_fail (DR_IS_EXPLORER (self), 0);
  return self->n_shown;
}

void
dr_explorer_set_delay (DrExplorer *self,
                       guint       ms)
{
  g_return_if_fail (DR_IS_EXPLORER (self));
  self->delay_ms = ms;
}

void
dr_explorer_set_egdb (DrExplorer   *self,
                      DrEgdbTables *tables)
{
  g_return_if_fail (DR_IS_EXPLORER (self));

  if (tables != NULL)
    dr_egdb_tables_ref (tables);
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  self->egdb = tables;
}

void
dr_explorer_evaluate (DrExplorer *self)
{
  g_return_if_fail (DR_IS_EXPLORER (self));
  start_eval (self);
}

gboolean
dr_explorer_get_evaluating (DrExplorer *self)
{
  g_return_val_if_fail (DR_IS_EXPLORER (self), FALSE);
  return self->evaluating;
}

guint
dr_explorer_get_n_evaluated (DrExplorer *self)
{
  g_return_val_if_fail (DR_IS_EXPLORER (self), 0);
  return self->n_evaluated;
}

void
dr_explorer_set_eval_time (DrExplorer *self,
                           guint       ms)
{
  g_return_if_fail (DR_IS_EXPLORER (self));
  self->eval_time_ms = ms > 0 ? ms : EVAL_TIME_MS;
}

void
dr_explorer_set_eval_delay (DrExplorer *self,
                            guint       ms)
{
  g_return_if_fail (DR_IS_EXPLORER (self));
  self->eval_delay_ms = ms;
}
