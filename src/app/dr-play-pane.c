/* dr-play-pane.c — playing against the engine, with a clock
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game is the window's: the user's moves come from the board through
 * the window as any move does, the engine's are played into the model
 * with dr_game_model_play() once its search (dr_opponent_choose() on a
 * GTask thread, one at a time, stopped by an abort word) has chosen one.
 * The pane follows the model's ::changed signal: a move played at the
 * game's last node is a move of the game (the clock is pressed, its
 * times written into the move's comment as [%clock ...], the engine
 * starts when its turn comes); the game shown anywhere else pauses the
 * game and the clock until the last move is shown again.
 *
 * The clock (dr-clock.h) follows 004 3.8: pressed after each move
 * (3.8.6), the flag's fall ends the game (3.8.9) with the result of
 * dr_clock_flag_result() (3.8.12).  The time the engine takes for a move
 * is a share of what it has left: the moves to the next control, or 30
 * in a sudden-death period, plus most of its increment.
 */

#define G_LOG_DOMAIN "dr-play-pane"

#include "config.h"

#include "dr-play-pane.h"

#include "dr-draw.h"
#include "dr-movegen.h"
#include "dr-opponent.h"
#include "dr-book.h"
#include "dr-search.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <stdatomic.h>

#define TICK_MS              100
#define SEARCH_TT_MB         64
/* Without a clock, the engine's move takes at most this long. */
#define NO_CLOCK_MS          2000
/* A draw offer is accepted while the engine's score is at most this
 * (hundredths of a man, its own view). */
#define DRAW_ACCEPT_SCORE    10

struct _DrPlayPane
{
  GtkBox         parent_instance;

  GtkLabel      *title_label;
  GtkLabel      *control_label;
  GtkLabel      *white_name_label;
  GtkLabel      *black_name_label;
  GtkLabel      *white_clock_label;
  GtkLabel      *black_clock_label;
  GtkSpinner    *spinner;
  GtkLabel      *message_label;
  GtkWidget     *take_back_button;
  GtkWidget     *draw_button;
  GtkWidget     *resign_button;

  DrGameModel   *model;
  DrEgdbTables  *egdb;
  DrPlayState    state;
  DrSide         engine_side;
  int            level;
  DrClock       *clock;           /* NULL: no clock */
  DrGameNode    *start_node;      /* where the game against the engine began */
  DrGameNode    *last_node;       /* the game's last move so far */
  char          *message;
  guint          tick_id;
  int            last_score;      /* the engine's latest score, its own view */
  gboolean       have_score;
  gboolean       writing;         /* the pane is editing the model itself */
  gboolean       own_game;        /* the game began at the end of the main line: its
                                     tags are the game's (players, result); else it
                                     is a variation, its end a comment */

  /* The engine: one search, one job at a time. */
  DrSearch      *search;
  const DrRules *search_rules;
  /* The opening book (dr-book.h) the engine plays from while it has a
   * move, for search_rules; NULL: none ships, or use_book is off. */
  DrBook        *book;
  gboolean       use_book;
  gboolean       last_from_book;  /* the engine's latest move came from the book */
  atomic_uint    abort_word;
  guint          generation;
  gboolean       job_running;
  gboolean       think_pending;
};

G_DEFINE_FINAL_TYPE (DrPlayPane, dr_play_pane, GTK_TYPE_BOX)

enum
{
  STOPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void think (DrPlayPane *self);
static void update_view (DrPlayPane *self);

static const DrRules *
rules_of (DrPlayPane *self)
{
  return dr_game_model_get_rules (self->model);
}

static void
set_message (DrPlayPane *self,
             const char *message)
{
  g_free (self->message);
  self->message = g_strdup (message);
}

static const char *
side_name (DrSide side)
{
  return side == DR_SIDE_WHITE ? _("White") : _("Black");
}

/* --- the engine ---------------------------------------------------------- */

typedef struct
{
  DrSearch      *search;       /* the pane's */
  const DrBook  *book;         /* the pane's, or NULL */
  DrEgdbTables  *tables;
  const DrRules *rules;
  DrPosition     root;
  GArray        *history;      /* DrPosition, the game before the root */
  int            level;
  guint64        time_ms;
  guint32        seed;
  atomic_uint   *abort_word;
  unsigned       abort_unless;
  guint          generation;
  gboolean       found;
  gboolean       from_book;
  DrMove         move;
  DrSearchResult result;
} ThinkJob;

static void
think_job_free (gpointer data)
{
  ThinkJob *job = data;

  g_clear_pointer (&job->tables, dr_egdb_tables_unref);
  g_array_unref (job->history);
  g_free (job);
}

static void
think_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  ThinkJob *job = data;

  /* A book move (drawn by its weight) is played at once, at every level:
   * the levels weaken the search, and the book holds only moves a deep
   * search checked. */
  if (job->book != NULL)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (job->seed);

      if (dr_book_pick (job->book, &job->root, rand, &job->move))
        {
          job->found = job->from_book = TRUE;
          g_task_return_boolean (task, TRUE);
          return;
        }
    }
  dr_search_set_egdb (job->search, job->tables != NULL ? dr_egdb_tables_get (job->tables) : NULL);
  dr_search_set_history (job->search, (const DrPosition *) (void *) job->history->data, job->history->len);
  job->found = dr_opponent_choose (job->search, &job->root, job->level, job->time_ms, job->abort_word,
                                   job->abort_unless, job->seed, &job->move, &job->result);
  g_task_return_boolean (task, TRUE);
}

/* The time the engine may take for this move. */
static guint64
move_time_ms (DrPlayPane *self)
{
  gint64 now = g_get_monotonic_time ();
  gint64 left;
  guint to_control, share;
  const DrTimeControl *control;
  guint period;
  gint64 budget;

  if (self->clock == NULL)
    return NO_CLOCK_MS;
  left = dr_clock_remaining (self->clock, self->engine_side, now);
  to_control = dr_clock_moves_to_control (self->clock, self->engine_side);
  share = to_control > 0 ? MIN (to_control, 30u) + 2 : 30;
  budget = left / share;
  control = dr_clock_get_control (self->clock);
  period = dr_clock_period (self->clock, self->engine_side);
  if (control->kind == DR_TIME_CONTROL_TIMED && period < control->n_periods)
    budget += (gint64) control->periods[period].increment * G_USEC_PER_SEC * 4 / 5;
  /* Never more than a third of what is left, never nothing. */
  budget = MIN (budget, left / 3);
  return (guint64) MAX (budget / 1000, 20);
}

static void think_done_cb (GObject *source, GAsyncResult *res, gpointer data);

static void
think (DrPlayPane *self)
{
  g_autoptr (GTask) task = NULL;
  ThinkJob *job;
  DrGameNode *node = self->last_node;

  if (self->job_running)
    {
      /* The search is busy until the job stopped comes back. */
      self->think_pending = TRUE;
      atomic_fetch_add (&self->abort_word, 1);
      return;
    }
  self->think_pending = FALSE;
  if (self->search == NULL || self->search_rules != rules_of (self))
    {
      g_clear_pointer (&self->search, dr_search_free);
      self->search = dr_search_new_for_play (rules_of (self), SEARCH_TT_MB);
      self->search_rules = rules_of (self);
      g_clear_pointer (&self->book, dr_book_free);
    }
  if (self->use_book && self->book == NULL)
    self->book = dr_book_new_builtin (self->search_rules);
  job = g_new0 (ThinkJob, 1);
  job->search = self->search;
  job->book = self->use_book ? self->book : NULL;
  job->tables = self->egdb != NULL ? dr_egdb_tables_ref (self->egdb) : NULL;
  job->rules = rules_of (self);
  job->root = node->position;
  job->history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  for (DrGameNode *n = node->parent; n != NULL; n = n->parent)
    g_array_prepend_val (job->history, n->position);
  job->level = self->level;
  job->time_ms = move_time_ms (self);
  job->seed = (guint32) g_random_int ();
  job->abort_word = &self->abort_word;
  job->abort_unless = atomic_load (&self->abort_word);
  job->generation = ++self->generation;
  self->job_running = TRUE;
  task = g_task_new (self, NULL, think_done_cb, NULL);
  g_task_set_source_tag (task, think);
  g_task_set_task_data (task, job, think_job_free);
  g_task_run_in_thread (task, think_thread);
}

static void
stop_thinking (DrPlayPane *self)
{
  self->think_pending = FALSE;
  self->generation++;
  atomic_fetch_add (&self->abort_word, 1);
}

static void
think_done_cb (GObject      *source,
               GAsyncResult *res,
               gpointer      data)
{
  DrPlayPane *self = DR_PLAY_PANE (source);
  ThinkJob *job = g_task_get_task_data (G_TASK (res));

  self->job_running = FALSE;
  if (self->think_pending)
    {
      think (self);
      return;
    }
  if (job->generation != self->generation || self->state != DR_PLAY_ENGINE
      || dr_game_model_get_current (self->model) != self->last_node)
    return;
  if (!job->found)
    return;    /* no move: the game's end is seen when the move before it came */
  self->last_from_book = job->from_book;
  if (job->result.n_lines > 0)
    {
      self->last_score = job->result.lines[0].score;
      self->have_score = TRUE;
    }
  dr_game_model_play (self->model, &job->move);
}

/* --- the game ------------------------------------------------------------ */

static void
set_tag (DrPlayPane *self,
         const char *name,
         const char *value)
{
  const char *old = dr_game_get_tag (dr_game_model_get_game (self->model), name);

  if (g_strcmp0 (old, value) == 0)
    return;
  self->writing = TRUE;
  dr_game_model_set_tag (self->model, name, value);
  self->writing = FALSE;
}

/* Is @node on the game's main line? */
static gboolean
on_main_line (DrGameNode *node)
{
  for (; node->parent != NULL; node = node->parent)
    if (node->parent->children != node)
      return FALSE;
  return TRUE;
}

static void
finish (DrPlayPane *self,
        DrResult    result,
        const char *termination,
        const char *message)
{
  stop_thinking (self);
  if (self->clock != NULL)
    dr_clock_pause (self->clock, g_get_monotonic_time ());
  g_clear_handle_id (&self->tick_id, g_source_remove);
  self->state = DR_PLAY_FINISHED;
  if (self->own_game)
    {
      set_tag (self, "Result", dr_result_to_string (result, rules_of (self)));
      if (termination != NULL)
        set_tag (self, "Termination", termination);
    }
  else if (self->last_node != self->start_node
           && dr_game_model_get_current (self->model) == self->last_node)
    {
      /* A variation: the game's result stays the game's; the end of this
       * one is said in its last move's comment. */
      g_autofree char *end = g_strdup_printf ("%s (%s)", dr_result_to_string (result, rules_of (self)),
                                              termination != NULL ? termination : "");
      g_autofree char *comment = self->last_node->comment_after != NULL
                                 ? g_strconcat (self->last_node->comment_after, " ", end, NULL)
                                 : g_strdup (end);
      self->writing = TRUE;
      dr_game_model_set_comment (self->model, comment);
      self->writing = FALSE;
    }
  set_message (self, message);
  update_view (self);
}

static DrResult
win_for (DrSide side)
{
  return side == DR_SIDE_WHITE ? DR_RESULT_WHITE_WINS : DR_RESULT_BLACK_WINS;
}

static void
flag_fall (DrPlayPane *self,
           DrSide      flagged)
{
  /* 004 3.8.9, 3.8.12: the position after the flagged side's last move. */
  DrResult result = dr_clock_flag_result (rules_of (self), &self->last_node->position, flagged);
  g_autofree char *message = NULL;

  if (result == win_for (flagged))
    /* Translators: 004 3.8.12: the flag fell, but the opponent had
     * already no piece or no move. */
    message = g_strdup_printf (_("%s’s flag fell, but the opponent had no move left: %s wins (004 3.8.12)"),
                               side_name (flagged), side_name (flagged));
  else
    /* Translators: the side whose time ran out. */
    message = g_strdup_printf (_("%s’s time is up: %s wins (004 3.8.9)"), side_name (flagged),
                               side_name (flagged == DR_SIDE_WHITE ? DR_SIDE_BLACK : DR_SIDE_WHITE));
  finish (self, result, "time forfeit", message);
}

static gboolean
tick_cb (gpointer data)
{
  DrPlayPane *self = data;
  DrSide flagged;

  if (self->clock != NULL && dr_clock_flagged (self->clock, g_get_monotonic_time (), &flagged))
    {
      self->tick_id = 0;
      flag_fall (self, flagged);
      return G_SOURCE_REMOVE;
    }
  update_view (self);
  return G_SOURCE_CONTINUE;
}

/* The clock times after the move just played, into its comment. */
static void
write_clock (DrPlayPane *self,
             DrGameNode *node)
{
  DrClockTimes times;
  g_autofree char *comment = NULL;

  dr_clock_get_times (self->clock, g_get_monotonic_time (), &times);
  comment = dr_clock_times_replace_in_comment (node->comment_after, &times);
  self->writing = TRUE;
  dr_game_model_set_comment (self->model, comment);
  self->writing = FALSE;
}

/* The turn at the game's last node: the end, the engine or the user. */
static void
next_turn (DrPlayPane *self)
{
  const DrDrawRule *which = NULL;
  DrStatus status = dr_game_model_get_status (self->model, &which);
  DrSide turn = self->last_node->position.turn;

  if (status != DR_STATUS_ONGOING)
    {
      g_autofree char *message = NULL;
      DrResult result = status == DR_STATUS_WHITE_WINS ? DR_RESULT_WHITE_WINS
                        : status == DR_STATUS_BLACK_WINS ? DR_RESULT_BLACK_WINS : DR_RESULT_DRAW;

      if (status == DR_STATUS_DRAW)
        /* Translators: a draw rule's article ends the game. */
        message = g_strdup_printf (_("Draw (%s)"), which != NULL ? which->article : "");
      else
        /* Translators: the winner, when the loser has no move left. */
        message = g_strdup_printf (_("%s wins: the opponent has no move left"),
                                   side_name (status == DR_STATUS_WHITE_WINS ? DR_SIDE_WHITE : DR_SIDE_BLACK));
      finish (self, result, "normal", message);
      return;
    }
  if (self->level == 0)
    {
      /* Two players at the board: the clock only. */
      g_autofree char *message = NULL;

      self->state = DR_PLAY_USER;
      /* Translators: whose move it is, in a game of two players. */
      message = g_strdup_printf (_("%s to move."), side_name (turn));
      set_message (self, message);
    }
  else if (turn == self->engine_side)
    {
      self->state = DR_PLAY_ENGINE;
      set_message (self, _("The engine is thinking…"));
      think (self);
    }
  else
    {
      self->state = DR_PLAY_USER;
      set_message (self, self->last_from_book ? _("Your move. The engine played from its opening book.")
                                              : _("Your move."));
    }
  update_view (self);
}

static void
model_changed_cb (DrPlayPane  *self,
                  DrGameModel *model)
{
  DrGameNode *node = dr_game_model_get_current (model);

  if (self->writing || self->state == DR_PLAY_IDLE || self->state == DR_PLAY_FINISHED)
    return;
  if (node != self->last_node && node->parent == self->last_node)
    {
      /* A move of the game, by the side to move at the last node. */
      DrSide mover = self->last_node->position.turn;
      gint64 now = g_get_monotonic_time ();

      self->last_node = node;
      if (self->clock != NULL)
        {
          gboolean fell = FALSE;

          if (self->state == DR_PLAY_PAUSED)
            dr_clock_resume (self->clock, now);
          dr_clock_press (self->clock, now, &fell);
          if (fell)
            {
              flag_fall (self, mover);
              return;
            }
          write_clock (self, node);
        }
      next_turn (self);
      return;
    }
  if (node == self->last_node)
    {
      if (self->state == DR_PLAY_PAUSED)
        {
          if (self->clock != NULL)
            dr_clock_resume (self->clock, g_get_monotonic_time ());
          next_turn (self);
        }
      return;
    }
  /* Another position shown (stepping back, another game): the game waits. */
  if (self->state != DR_PLAY_PAUSED)
    {
      stop_thinking (self);
      if (self->clock != NULL)
        dr_clock_pause (self->clock, g_get_monotonic_time ());
      self->state = DR_PLAY_PAUSED;
      set_message (self, _("Paused: show the game’s last move to go on."));
      update_view (self);
    }
}

/* --- the view ------------------------------------------------------------ */

static char *
clock_text (DrPlayPane *self,
            DrSide      side)
{
  gint64 left;

  if (self->clock == NULL)
    return g_strdup ("—");
  left = dr_clock_remaining (self->clock, side, g_get_monotonic_time ());
  /* A second begun is shown whole: 0:00:00 only once the time is up. */
  return dr_clock_format_time (left > 0 ? left + G_USEC_PER_SEC - 1 : 0);
}

static void
update_view (DrPlayPane *self)
{
  g_autofree char *white = clock_text (self, DR_SIDE_WHITE);
  g_autofree char *black = clock_text (self, DR_SIDE_BLACK);
  DrSide running;
  gboolean playing = self->state == DR_PLAY_USER || self->state == DR_PLAY_ENGINE;

  gtk_label_set_text (self->white_clock_label, white);
  gtk_label_set_text (self->black_clock_label, black);
  if (self->clock != NULL && dr_clock_is_running (self->clock, &running) && !dr_clock_is_paused (self->clock))
    {
      gtk_widget_set_opacity (GTK_WIDGET (self->white_clock_label), running == DR_SIDE_WHITE ? 1.0 : 0.55);
      gtk_widget_set_opacity (GTK_WIDGET (self->black_clock_label), running == DR_SIDE_BLACK ? 1.0 : 0.55);
    }
  gtk_label_set_text (self->message_label, self->message != NULL ? self->message : "");
  gtk_spinner_set_spinning (self->spinner, self->state == DR_PLAY_ENGINE);
  /* Over is over: Take Back would only undo the game's end. */
  gtk_widget_set_sensitive (self->take_back_button, playing && self->last_node != self->start_node);
  gtk_widget_set_sensitive (self->draw_button, playing);
  gtk_widget_set_sensitive (self->resign_button, playing);
}

/* --- the user's commands ------------------------------------------------- */

void
dr_play_pane_take_back (DrPlayPane *self)
{
  DrGameNode *target;

  g_return_if_fail (DR_IS_PLAY_PANE (self));
  if ((self->state != DR_PLAY_USER && self->state != DR_PLAY_ENGINE) || self->last_node == self->start_node)
    return;
  stop_thinking (self);
  /* Back to the user's turn: the engine's reply and the user's move, or
   * the user's move alone while the engine thinks on it. */
  target = self->last_node;
  if (self->level == 0 || target->position.turn == self->engine_side)
    target = target->parent;
  else if (target->parent != self->start_node)
    target = target->parent->parent;
  else
    target = target->parent;
  if (target == NULL)
    return;
  self->writing = TRUE;
  while (self->last_node != target)
    {
      DrGameNode *parent = self->last_node->parent;

      dr_game_model_go_to (self->model, self->last_node);
      dr_game_model_delete_from_current (self->model);
      self->last_node = parent;
    }
  /* A finished game goes on: its result is taken back too. */
  if (self->state == DR_PLAY_FINISHED)
    {
      if (self->own_game)
        {
          dr_game_model_set_tag (self->model, "Result", "*");
          dr_game_model_set_tag (self->model, "Termination", NULL);
        }
      if (self->clock != NULL)
        self->tick_id = g_timeout_add (TICK_MS, tick_cb, self);
    }
  self->writing = FALSE;
  if (self->clock != NULL)
    {
      /* The clock runs for the side to move again. */
      dr_clock_set_to_move (self->clock, target->position.turn, g_get_monotonic_time ());
    }
  next_turn (self);
}

void
dr_play_pane_resign (DrPlayPane *self)
{
  g_autofree char *message = NULL;

  g_return_if_fail (DR_IS_PLAY_PANE (self));
  if (self->state != DR_PLAY_USER && self->state != DR_PLAY_ENGINE)
    return;
  if (self->level == 0)
    {
      /* Two players: the side to move resigns. */
      DrSide loser = self->last_node->position.turn;
      DrSide winner = loser == DR_SIDE_WHITE ? DR_SIDE_BLACK : DR_SIDE_WHITE;

      /* Translators: the side that resigned, the side that wins. */
      message = g_strdup_printf (_("%s resigned: %s wins."), side_name (loser), side_name (winner));
      finish (self, win_for (winner), "resignation", message);
      return;
    }
  /* Translators: the user resigned; the engine's side wins. */
  message = g_strdup_printf (_("You resigned: %s wins."), side_name (self->engine_side));
  finish (self, win_for (self->engine_side), "resignation", message);
}

gboolean
dr_play_pane_offer_draw (DrPlayPane *self)
{
  g_return_val_if_fail (DR_IS_PLAY_PANE (self), FALSE);
  if (self->state != DR_PLAY_USER && self->state != DR_PLAY_ENGINE)
    return FALSE;
  if (self->level == 0)
    {
      /* Two players at the board: the offer was accepted there. */
      finish (self, DR_RESULT_DRAW, "agreement", _("Draw agreed."));
      return TRUE;
    }
  if (self->have_score && self->last_score <= DRAW_ACCEPT_SCORE)
    {
      finish (self, DR_RESULT_DRAW, "agreement", _("The engine accepts the draw."));
      return TRUE;
    }
  set_message (self, self->have_score ? _("The engine declines the draw: it plays on.")
                                      : _("The engine declines the draw: it has not played yet."));
  update_view (self);
  return FALSE;
}

static void
take_back_clicked_cb (DrPlayPane *self)
{
  dr_play_pane_take_back (self);
}

static void
draw_clicked_cb (DrPlayPane *self)
{
  dr_play_pane_offer_draw (self);
}

static void
resign_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    DrPlayPane       *self)
{
  if (g_strcmp0 (response, "resign") == 0)
    dr_play_pane_resign (self);
}

/* Resigning ends the game for good: asked first. */
static void
resign_clicked_cb (DrPlayPane *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Resign the Game?"),
                                   _("The game ends as lost."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "resign", _("_Resign"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resign", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (resign_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
stop_clicked_cb (DrPlayPane *self)
{
  dr_play_pane_stop (self);
}

/* --- starting and stopping ----------------------------------------------- */

static char *
user_name (void)
{
  const char *real = g_get_real_name ();

  if (real != NULL && *real != '\0' && g_strcmp0 (real, "Unknown") != 0)
    return g_strdup (real);
  return g_strdup (g_get_user_name ());
}

void
dr_play_pane_start (DrPlayPane          *self,
                    DrSide               engine_side,
                    int                  level,
                    const DrTimeControl *control)
{
  const DrOpponentLevel *lv = level > 0 ? dr_opponent_level (level) : NULL;
  g_autofree char *engine = NULL;
  g_autofree char *user = user_name ();
  g_autofree char *title = NULL;
  gint64 now = g_get_monotonic_time ();

  g_return_if_fail (DR_IS_PLAY_PANE (self));
  g_return_if_fail (level == 0 || lv != NULL);

  dr_play_pane_stop (self);
  self->engine_side = engine_side;
  self->level = level;
  self->start_node = self->last_node = dr_game_model_get_current (self->model);
  self->have_score = FALSE;
  self->last_from_book = FALSE;
  g_clear_pointer (&self->clock, dr_clock_free);
  if (control != NULL && control->kind == DR_TIME_CONTROL_TIMED)
    self->clock = dr_clock_new (control);

  if (lv != NULL)
    /* Translators: the engine's name as a player, with its level. */
    engine = g_strdup_printf (_("Draughtsman (%s)"), _(lv->name));
  self->state = DR_PLAY_USER;
  /* At the end of the main line the game is this one: its players, its
   * control and its result.  Anywhere else the moves go into a
   * variation and the game's tags stay as they are. */
  self->own_game = self->start_node->children == NULL && on_main_line (self->start_node);
  if (self->own_game)
    {
      if (lv != NULL)
        {
          set_tag (self, "White", engine_side == DR_SIDE_WHITE ? engine : user);
          set_tag (self, "Black", engine_side == DR_SIDE_BLACK ? engine : user);
        }
      if (control != NULL)
        {
          g_autofree char *text = dr_time_control_to_string (control);
          set_tag (self, "TimeControl", text);
        }
      set_tag (self, "Result", "*");
    }
  /* The tags are edits: the game's last move is where it was. */
  self->start_node = self->last_node = dr_game_model_get_current (self->model);

  if (lv != NULL)
    /* Translators: the pane's title: the engine's side and level. */
    title = g_strdup_printf (_("Against the engine (%s, %s)"), side_name (engine_side), _(lv->name));
  else
    title = g_strdup (_("Game clock: two players"));
  gtk_label_set_text (self->title_label, title);
  if (self->clock != NULL)
    {
      g_autofree char *description = dr_time_control_describe (control);
      gtk_label_set_text (self->control_label, description);
      dr_clock_start (self->clock, self->last_node->position.turn, now);
      self->tick_id = g_timeout_add (TICK_MS, tick_cb, self);
    }
  else
    gtk_label_set_text (self->control_label, _("No clock"));
  if (lv != NULL)
    {
      gtk_label_set_text (self->white_name_label, engine_side == DR_SIDE_WHITE ? engine : user);
      gtk_label_set_text (self->black_name_label, engine_side == DR_SIDE_BLACK ? engine : user);
    }
  else
    {
      const DrGame *game = dr_game_model_get_game (self->model);
      const char *white = dr_game_get_tag (game, "White"), *black = dr_game_get_tag (game, "Black");

      gtk_label_set_text (self->white_name_label, white != NULL && g_strcmp0 (white, "?") != 0 ? white : _("White"));
      gtk_label_set_text (self->black_name_label, black != NULL && g_strcmp0 (black, "?") != 0 ? black : _("Black"));
    }
  next_turn (self);
}

void
dr_play_pane_stop (DrPlayPane *self)
{
  gboolean was_active;

  g_return_if_fail (DR_IS_PLAY_PANE (self));
  was_active = self->state != DR_PLAY_IDLE;
  stop_thinking (self);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  self->state = DR_PLAY_IDLE;
  set_message (self, NULL);
  if (was_active)
    g_signal_emit (self, signals[STOPPED], 0);
}

gboolean
dr_play_pane_get_active (DrPlayPane *self)
{
  g_return_val_if_fail (DR_IS_PLAY_PANE (self), FALSE);
  return self->state != DR_PLAY_IDLE;
}

DrPlayState
dr_play_pane_get_state (DrPlayPane *self)
{
  g_return_val_if_fail (DR_IS_PLAY_PANE (self), DR_PLAY_IDLE);
  return self->state;
}

gboolean
dr_play_pane_refuse_move (DrPlayPane *self)
{
  g_return_val_if_fail (DR_IS_PLAY_PANE (self), FALSE);
  if (self->state == DR_PLAY_ENGINE)
    {
      set_message (self, _("The engine is thinking: wait for its move."));
      update_view (self);
      return TRUE;
    }
  if (self->state == DR_PLAY_FINISHED && dr_game_model_get_current (self->model) == self->last_node)
    {
      set_message (self, _("The game is over: take back a move to play on."));
      update_view (self);
      return TRUE;
    }
  return FALSE;
}

const char *
dr_play_pane_get_message (DrPlayPane *self)
{
  g_return_val_if_fail (DR_IS_PLAY_PANE (self), NULL);
  return self->message;
}

DrClock *
dr_play_pane_get_clock (DrPlayPane *self)
{
  g_return_val_if_fail (DR_IS_PLAY_PANE (self), NULL);
  return self->clock;
}

void
dr_play_pane_set_egdb (DrPlayPane   *self,
                       DrEgdbTables *tables)
{
  g_return_if_fail (DR_IS_PLAY_PANE (self));
  if (tables != NULL)
    dr_egdb_tables_ref (tables);
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  self->egdb = tables;
}

/* --- the object ---------------------------------------------------------- */

void
dr_play_pane_set_use_book (DrPlayPane *self,
                           gboolean    use_book)
{
  g_return_if_fail (DR_IS_PLAY_PANE (self));
  self->use_book = use_book;
}

gboolean
dr_play_pane_get_last_from_book (DrPlayPane *self)
{
  g_return_val_if_fail (DR_IS_PLAY_PANE (self), FALSE);
  return self->last_from_book;
}

static void
dr_play_pane_dispose (GObject *object)
{
  DrPlayPane *self = DR_PLAY_PANE (object);

  stop_thinking (self);
  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->model != NULL)
    g_signal_handlers_disconnect_by_data (self->model, self);
  g_clear_object (&self->model);
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_PLAY_PANE);
  G_OBJECT_CLASS (dr_play_pane_parent_class)->dispose (object);
}

static void
dr_play_pane_finalize (GObject *object)
{
  DrPlayPane *self = DR_PLAY_PANE (object);

  /* A running job holds a reference: none runs now. */
  g_clear_pointer (&self->search, dr_search_free);
  g_clear_pointer (&self->clock, dr_clock_free);
  g_free (self->message);
  G_OBJECT_CLASS (dr_play_pane_parent_class)->finalize (object);
}

static void
dr_play_pane_class_init (DrPlayPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_play_pane_dispose;
  object_class->finalize = dr_play_pane_finalize;

  /* The user left the game against the engine. */
  signals[STOPPED] = g_signal_new ("stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-play-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, title_label);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, control_label);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, white_name_label);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, black_name_label);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, white_clock_label);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, black_clock_label);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, spinner);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, message_label);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, take_back_button);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, draw_button);
  gtk_widget_class_bind_template_child (widget_class, DrPlayPane, resign_button);
  gtk_widget_class_bind_template_callback (widget_class, take_back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, draw_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, resign_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_clicked_cb);
}

static void
dr_play_pane_init (DrPlayPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  atomic_init (&self->abort_word, 0);
}

GtkWidget *
dr_play_pane_new (DrGameModel *model)
{
  DrPlayPane *self = g_object_new (DR_TYPE_PLAY_PANE, NULL);

  self->model = g_object_ref (model);
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  update_view (self);
  return GTK_WIDGET (self);
}
