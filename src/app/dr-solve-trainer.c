/* dr-solve-trainer.c — Solve mode: training on a problem collection
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Solve mode (issue 12, "In the application") takes the problems of the
 * open file (each game's start position and stipulation) one after the
 * other.  The solution stays hidden: the trainer plays on the window's
 * board and never touches the game (the window hides the move list).
 *
 * Each problem is first proved by the solver (dr-solve.h) on a worker
 * (GTask), the board staying free: a move made before the proof is ready
 * waits for it.  The user plays the attacker's moves.  A move of the proof
 * is answered with the defender's strongest defence, the reply whose line
 * is longest (dr_compose_strongest_reply()).  A move outside the proof is
 * solved again briefly on a worker: if it wins too, the training goes on
 * in its proof; if it is refuted, the trainer says so with the defender's
 * answer that refutes it and why the line fails, and the move must be
 * taken back; if the solver cannot tell in time, it is taken back.  A hint
 * names the piece to move, a second one the move (with an arrow).
 *
 * The score of each problem (solved at the first try, solved with hints or
 * after wrong moves, failed: the solution was shown) is kept per
 * collection in $XDG_DATA_HOME/draughtsman/solve-scores.ini (a key file,
 * one group per collection file, written atomically by
 * g_key_file_save_to_file()).
 */

#define G_LOG_DOMAIN "dr-solve-trainer"

#include "config.h"

#include "dr-solve-trainer.h"

#include "dr-compose-pane.h"
#include "dr-movegen.h"
#include "dr-solve.h"
#include "dr-stipulation.h"

#include <errno.h>
#include <glib/gi18n.h>

/* The proof of a problem may take this long; a move outside the proof is
 * solved for this long. */
#define PROVE_SECONDS  60.0
#define CHECK_SECONDS  3.0
/* The program's answer comes this long after the user's move. */
#define REPLY_DELAY_MS 350

struct _DrSolveTrainer
{
  GtkBox              parent_instance;

  GtkLabel           *problem_label;
  GtkLabel           *task_label;
  GtkLabel           *source_label;
  GtkSpinner         *spinner;
  GtkLabel           *message_label;
  GtkLabel           *moves_label;
  GtkWidget          *hint_button;
  GtkWidget          *take_back_button;
  GtkWidget          *solution_button;
  GtkWidget          *next_button;
  GtkLabel           *score_label;

  DrBoardState       *board;
  DrNotation          notation;
  DrEgdbTables       *egdb;
  gboolean            active;
  GPtrArray          *games;       /* DrGame * */
  char               *key;         /* the collection's name in the score file */
  guint               index;
  DrSolveTrainerState state;
  char               *message;

  /* The problem under way. */
  const DrRules      *rules;
  DrStipulation       st;
  DrSide              attacker;
  DrPosition          pos;         /* shown on the board */
  GArray             *played;      /* DrMove, from the start */
  GPtrArray          *results;     /* DrSolveResult *: the proof, then the proofs of other winning moves */
  const DrSolveNode  *node;        /* where the proof is, at @pos */
  DrPosition          back_pos;    /* the position to take back to (SPOILED) */
  guint               back_len;
  gboolean            have_pending;
  DrMove              pending;     /* a move made while the proof was being worked out */
  guint               hints;
  guint               mistakes;
  gboolean            scored;
  guint               reply_id;
  GCancellable       *cancellable; /* of the solve under way */
  guint               generation;
};

G_DEFINE_FINAL_TYPE (DrSolveTrainer, dr_solve_trainer, GTK_TYPE_BOX)

enum
{
  STOPPED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void user_move (DrSolveTrainer *self, const DrMove *move);

/* --- the score file ---------------------------------------------------- */

char *
dr_solve_trainer_score_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "draughtsman", "solve-scores.ini", NULL);
}

static GKeyFile *
load_scores (void)
{
  g_autofree char *path = dr_solve_trainer_score_path ();
  GKeyFile *kf = g_key_file_new ();

  /* No file yet, or one that cannot be read: the scores start again. */
  g_key_file_load_from_file (kf, path, G_KEY_FILE_KEEP_COMMENTS, NULL);
  return kf;
}

static const char *const score_words[] = { "", "first-try", "helped", "failed" };

static void
save_score (DrSolveTrainer *self,
            DrSolveScore    score)
{
  g_autofree char *path = dr_solve_trainer_score_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GKeyFile) kf = load_scores ();
  g_autofree char *name = g_strdup_printf ("problem-%u", self->index + 1);
  g_autoptr (GError) error = NULL;

  g_key_file_set_string (kf, self->key, name, score_words[score]);
  if (g_mkdir_with_parents (dir, 0700) != 0 || !g_key_file_save_to_file (kf, path, &error))
    {
      /* Translators: the score file's path, then why it cannot be written. */
      g_autofree char *text = g_strdup_printf (_("The score cannot be kept in %s: %s"), path,
                                               error != NULL ? error->message : g_strerror (errno));
      g_warning ("%s", text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->score_label), text);
    }
}

void
dr_solve_trainer_get_score (DrSolveTrainer *self,
                            guint          *first_try,
                            guint          *helped,
                            guint          *failed)
{
  g_autoptr (GKeyFile) kf = load_scores ();
  g_auto (GStrv) keys = NULL;

  *first_try = *helped = *failed = 0;
  if (self->key == NULL || (keys = g_key_file_get_keys (kf, self->key, NULL, NULL)) == NULL)
    return;
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *v = g_key_file_get_string (kf, self->key, keys[i], NULL);

      if (g_strcmp0 (v, score_words[DR_SOLVE_SCORE_FIRST_TRY]) == 0)
        (*first_try)++;
      else if (g_strcmp0 (v, score_words[DR_SOLVE_SCORE_HELPED]) == 0)
        (*helped)++;
      else if (g_strcmp0 (v, score_words[DR_SOLVE_SCORE_FAILED]) == 0)
        (*failed)++;
    }
}

static void
show_score (DrSolveTrainer *self)
{
  guint first, helped, failed;
  g_autofree char *text = NULL;

  dr_solve_trainer_get_score (self, &first, &helped, &failed);
  /* Translators: the collection's score: solved at the first try, solved
   * with hints or after wrong moves, failed, and the number of problems. */
  text = g_strdup_printf (_("Score: %u solved at the first try, %u with hints or retries, %u failed, of %u"),
                          first, helped, failed, self->games != NULL ? self->games->len : 0);
  gtk_label_set_text (self->score_label, text);
}

static void
score_problem (DrSolveTrainer *self,
               DrSolveScore    score)
{
  if (self->scored)
    return;
  self->scored = TRUE;
  save_score (self, score);
  show_score (self);
}

/* --- showing ----------------------------------------------------------- */

static void
set_message (DrSolveTrainer *self,
             const char     *text)
{
  g_free (self->message);
  self->message = g_strdup (text);
  gtk_label_set_text (self->message_label, text);
}

static char *
text_of (DrSolveTrainer   *self,
         const DrPosition *pos,
         const DrMove     *move)
{
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

  dr_movegen_legal (self->rules, pos, legal);
  return dr_move_to_text (self->rules, legal, move, self->notation);
}

static void
update_view (DrSolveTrainer *self)
{
  const DrMove *last = self->played->len > 0 ? &g_array_index (self->played, DrMove, self->played->len - 1) : NULL;
  g_autoptr (GString) moves = g_string_new (NULL);
  DrPosition pos;
  gboolean playing = self->state == DR_SOLVE_TRAINER_PLAYING;

  if (self->rules == NULL)
    return;
  dr_board_state_set_arrow (self->board, -1, -1);
  dr_board_state_set_position (self->board, self->rules, &self->pos, last);
  if (self->games != NULL && self->index < self->games->len)
    {
      const DrGame *game = self->games->pdata[self->index];

      pos = game->root->position;
      for (guint i = 0; i < self->played->len; i++)
        {
          g_autofree char *t = text_of (self, &pos, &g_array_index (self->played, DrMove, i));

          g_string_append_printf (moves, "%s%s", i > 0 ? " " : "", t);
          dr_position_apply (&pos, &pos, &g_array_index (self->played, DrMove, i));
        }
    }
  gtk_label_set_text (self->moves_label, moves->str);
  gtk_widget_set_sensitive (self->hint_button, playing);
  gtk_widget_set_visible (self->take_back_button, self->state == DR_SOLVE_TRAINER_SPOILED);
  gtk_widget_set_sensitive (self->solution_button,
                            self->state != DR_SOLVE_TRAINER_SOLVED && self->state != DR_SOLVE_TRAINER_IDLE);
  gtk_widget_set_sensitive (self->next_button, self->games != NULL && self->index + 1 < self->games->len);
  gtk_spinner_set_spinning (self->spinner,
                            self->state == DR_SOLVE_TRAINER_PREPARING || self->state == DR_SOLVE_TRAINER_CHECKING);
}

void
dr_solve_trainer_show (DrSolveTrainer *self)
{
  g_return_if_fail (DR_IS_SOLVE_TRAINER (self));
  if (self->active)
    update_view (self);
}

/* --- solving on a worker ----------------------------------------------- */

typedef struct
{
  guint          generation;
  gboolean       check;       /* a move outside the proof (else the problem) */
  const DrRules *rules;
  DrPosition     start;
  DrMove         move;        /* check: the move played */
  DrSolveOptions options;
  DrEgdbTables  *tables;
  GCancellable  *cancellable;
  DrSolveResult *result;
} SolveJob;

static void
solve_job_free (gpointer data)
{
  SolveJob *job = data;

  g_clear_pointer (&job->tables, dr_egdb_tables_unref);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->result, dr_solve_result_free);
  g_free (job);
}

static void
solve_thread (GTask        *task,
              gpointer      source,
              gpointer      data,
              GCancellable *cancellable)
{
  SolveJob *job = data;
  GError *error = NULL;

  job->options.egdb = job->tables != NULL ? dr_egdb_tables_get (job->tables) : NULL;
  job->options.cancellable = job->cancellable;
  job->result = dr_solve (job->rules, &job->start, &job->options, &error);
  if (job->result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void solve_done_cb (GObject *source, GAsyncResult *res, gpointer data);

static void
run_solve (DrSolveTrainer   *self,
           gboolean          check,
           const DrPosition *start,
           const DrMove     *move)
{
  g_autoptr (GTask) task = NULL;
  SolveJob *job = g_new0 (SolveJob, 1);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  job->generation = ++self->generation;
  job->check = check;
  job->rules = self->rules;
  job->start = *start;
  if (move != NULL)
    job->move = *move;
  dr_solve_options_init (&job->options);
  dr_compose_options_from_stipulation (&job->options, &self->st);
  /* Only the simple goal of the position as given is trained. */
  if (job->options.goal == DR_SOLVE_GOAL_WIN_EITHER || job->options.goal == DR_SOLVE_GOAL_WIN_OR_DRAW)
    job->options.goal = DR_SOLVE_GOAL_WIN;
  job->options.max_seconds = check ? CHECK_SECONDS : PROVE_SECONDS;
  /* A short check needs no big table (clearing one takes time). */
  if (check)
    job->options.tt_mb = 4;
  job->tables = self->egdb != NULL ? dr_egdb_tables_ref (self->egdb) : NULL;
  job->cancellable = g_object_ref (self->cancellable);
  task = g_task_new (self, NULL, solve_done_cb, NULL);
  g_task_set_source_tag (task, run_solve);
  g_task_set_task_data (task, job, solve_job_free);
  g_task_run_in_thread (task, solve_thread);
}

/* --- the play ---------------------------------------------------------- */

static void arrive (DrSolveTrainer *self);

static gboolean
reply_cb (gpointer data)
{
  DrSolveTrainer *self = data;
  const DrSolveNode *reply;
  g_autofree char *text = NULL;
  g_autofree char *message = NULL;

  self->reply_id = 0;
  reply = dr_compose_strongest_reply (self->node);
  if (reply == NULL)
    return G_SOURCE_REMOVE;
  text = text_of (self, &self->pos, &reply->move);
  g_array_append_val (self->played, reply->move);
  self->pos = reply->position;
  self->node = reply;
  /* Translators: the program's answer to the user's move. */
  message = g_strdup_printf (_("%s answers %s. Your move."), self->attacker == DR_SIDE_WHITE ? _("Black") : _("White"),
                             text);
  set_message (self, message);
  arrive (self);
  return G_SOURCE_REMOVE;
}

/* The proof is at self->node, the board at self->pos: what comes next. */
static void
arrive (DrSolveTrainer *self)
{
  if (self->node->children == NULL)
    {
      g_autofree char *message = NULL;

      self->state = DR_SOLVE_TRAINER_SOLVED;
      score_problem (self, self->hints == 0 && self->mistakes == 0 ? DR_SOLVE_SCORE_FIRST_TRY
                                                                    : DR_SOLVE_SCORE_HELPED);
      /* Translators: the end of a problem, and why it is won. */
      message = g_strdup_printf (_("Solved! (%s)"), dr_solve_leaf_to_string (self->node->leaf));
      set_message (self, message);
    }
  else if (!self->node->attacker_to_move)
    {
      self->state = DR_SOLVE_TRAINER_REPLYING;
      g_clear_handle_id (&self->reply_id, g_source_remove);
      self->reply_id = g_timeout_add (REPLY_DELAY_MS, reply_cb, self);
    }
  else
    self->state = DR_SOLVE_TRAINER_PLAYING;
  update_view (self);
}

static void
solve_done_cb (GObject      *source,
               GAsyncResult *res,
               gpointer      data)
{
  DrSolveTrainer *self = DR_SOLVE_TRAINER (source);
  SolveJob *job = g_task_get_task_data (G_TASK (res));
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;
  DrSolveResult *result;

  if (job->generation != self->generation || !self->active)
    return;
  g_clear_object (&self->cancellable);
  if (!g_task_propagate_boolean (G_TASK (res), &error))
    {
      /* Translators: the solver refused the problem's position. */
      message = g_strdup_printf (_("This problem cannot be solved here: %s"), error->message);
      self->state = DR_SOLVE_TRAINER_UNPROVED;
      set_message (self, message);
      update_view (self);
      return;
    }
  result = g_steal_pointer (&job->result);
  g_ptr_array_add (self->results, result);

  if (!job->check)
    {
      if (result->status != DR_SOLVE_PROVED)
        {
          /* Translators: the solver's own account follows. */
          message = g_strdup_printf (_("The program cannot prove this problem (%s). Show the solution or go on."),
                                     result->message != NULL ? result->message
                                                             : dr_solve_status_to_string (result->status));
          self->state = DR_SOLVE_TRAINER_UNPROVED;
          set_message (self, message);
          update_view (self);
          return;
        }
      self->node = result->parts[0].tree;
      self->state = DR_SOLVE_TRAINER_PLAYING;
      if (self->played->len == 0 && !self->have_pending)
        set_message (self, self->node->attacker_to_move ? _("Your move.") : _("The defence moves first."));
      arrive (self);
      if (self->have_pending && self->state == DR_SOLVE_TRAINER_PLAYING)
        {
          self->have_pending = FALSE;
          user_move (self, &self->pending);
        }
      self->have_pending = FALSE;
      return;
    }

  /* A move outside the proof. */
  {
    g_autofree char *move = text_of (self, &self->back_pos, &job->move);

    if (result->status == DR_SOLVE_PROVED)
      {
        /* Translators: the user's move is not the author's, but wins as well. */
        message = g_strdup_printf (_("%s wins too (not the author’s way). Go on."), move);
        set_message (self, message);
        self->node = result->parts[0].tree;
        arrive (self);
      }
    else if (result->status == DR_SOLVE_REFUTED && result->parts[0].refutation != NULL
             && result->parts[0].refutation->len > 0)
      {
        const DrMove *answer = &g_array_index (result->parts[0].refutation, DrMove, 0);
        g_autofree char *answer_text = text_of (self, &self->pos, answer);

        self->mistakes++;
        g_array_append_val (self->played, *answer);
        dr_position_apply (&self->pos, &self->pos, answer);
        /* Translators: the user's move, the defender's answer, and why the
         * line it starts is not won (the solver's reason). */
        message = g_strdup_printf (_("%s spoils the win: the answer %s holds (%s). Take it back."), move, answer_text,
                                   dr_solve_leaf_to_string (result->parts[0].refutation_leaf));
        self->state = DR_SOLVE_TRAINER_SPOILED;
        set_message (self, message);
        update_view (self);
      }
    else
      {
        self->mistakes++;
        /* Translators: the solver could not decide the user's move in time. */
        message = g_strdup_printf (result->status == DR_SOLVE_REFUTED
                                     ? _("%s spoils the win: nothing wins after it. Take it back.")
                                     : _("%s is not the solution: the program cannot show that it wins. Take it back."),
                                   move);
        self->state = DR_SOLVE_TRAINER_SPOILED;
        set_message (self, message);
        update_view (self);
      }
  }
}

static void
user_move (DrSolveTrainer *self,
           const DrMove   *move)
{
  const DrSolveNode *child = dr_solve_node_find_child (self->node, move);
  DrPosition after;
  g_autofree char *text = text_of (self, &self->pos, move);
  g_autofree char *message = NULL;

  dr_position_apply (&after, &self->pos, move);
  self->back_pos = self->pos;
  self->back_len = self->played->len;
  g_array_append_val (self->played, *move);
  self->pos = after;
  if (child != NULL)
    {
      self->node = child;
      /* Translators: the user's move is in the proof. */
      message = g_strdup_printf (_("%s — right."), text);
      set_message (self, message);
      arrive (self);
      return;
    }
  /* Not in the proof: is it a win all the same? */
  self->state = DR_SOLVE_TRAINER_CHECKING;
  /* Translators: a move outside the proof is being solved. */
  message = g_strdup_printf (_("%s is not the author’s move: checking it…"), text);
  set_message (self, message);
  update_view (self);
  run_solve (self, TRUE, &after, move);
}

gboolean
dr_solve_trainer_move (DrSolveTrainer *self,
                       const DrMove   *move)
{
  g_return_val_if_fail (DR_IS_SOLVE_TRAINER (self), FALSE);

  if (!self->active)
    return FALSE;
  switch (self->state)
    {
    case DR_SOLVE_TRAINER_PREPARING:
      /* Played as soon as the proof is there. */
      self->pending = *move;
      self->have_pending = TRUE;
      set_message (self, _("Working out the proof: your move is played as soon as it is ready…"));
      break;
    case DR_SOLVE_TRAINER_PLAYING:
      user_move (self, move);
      break;
    case DR_SOLVE_TRAINER_SPOILED:
      set_message (self, _("Take the move back first."));
      update_view (self);
      break;
    case DR_SOLVE_TRAINER_IDLE:
    case DR_SOLVE_TRAINER_REPLYING:
    case DR_SOLVE_TRAINER_CHECKING:
    case DR_SOLVE_TRAINER_SOLVED:
    case DR_SOLVE_TRAINER_FAILED:
    case DR_SOLVE_TRAINER_UNPROVED:
    default:
      /* Not the user's turn: the board goes back to the trainer's position. */
      update_view (self);
      break;
    }
  return TRUE;
}

static void
load_problem (DrSolveTrainer *self)
{
  const DrGame *game = self->games->pdata[self->index];
  g_autofree char *title = NULL;
  g_autofree char *task = NULL;
  g_autofree char *source = NULL;
  const char *event = dr_game_get_tag (game, "Event");

  g_clear_handle_id (&self->reply_id, g_source_remove);
  dr_stipulation_clear (&self->st);
  dr_stipulation_read (&self->st, game, NULL);
  self->rules = game->rules;
  self->attacker = self->st.attacker;
  self->pos = game->root->position;
  g_array_set_size (self->played, 0);
  g_ptr_array_set_size (self->results, 0);
  self->node = NULL;
  self->hints = 0;
  self->mistakes = 0;
  self->scored = FALSE;
  self->have_pending = FALSE;
  self->state = DR_SOLVE_TRAINER_PREPARING;

  /* Translators: the problem's number in the collection, and how many. */
  title = g_strdup_printf (_("Problem %u of %u"), self->index + 1, self->games->len);
  gtk_label_set_text (self->problem_label, title);
  task = dr_stipulation_to_text (&self->st);
  gtk_label_set_text (self->task_label, task);
  {
    const char *parts[4];
    guint n = 0;

    if (event != NULL && event[0] != '\0' && !g_str_equal (event, "?"))
      parts[n++] = event;
    if (self->st.author != NULL)
      parts[n++] = self->st.author;
    if (self->st.source != NULL && g_strcmp0 (self->st.source, "?") != 0)
      parts[n++] = self->st.source;
    parts[n] = NULL;
    source = g_strjoinv (" · ", (char **) parts);
  }
  gtk_label_set_text (self->source_label, source);
  set_message (self, _("Working out the proof…"));
  show_score (self);
  update_view (self);
  run_solve (self, FALSE, &self->pos, NULL);
}

/* --- buttons ----------------------------------------------------------- */

void
dr_solve_trainer_hint (DrSolveTrainer *self)
{
  const DrSolveNode *good;
  char square[8];
  g_autofree char *message = NULL;

  g_return_if_fail (DR_IS_SOLVE_TRAINER (self));

  if (self->state != DR_SOLVE_TRAINER_PLAYING || self->node == NULL || self->node->children == NULL)
    return;
  good = self->node->children;
  self->hints++;
  if (self->hints == 1)
    {
      dr_notation_square (self->rules, good->move.from, self->notation, square);
      /* Translators: a hint: the square of the piece to move. */
      message = g_strdup_printf (_("Hint: move the piece on %s."), square);
      set_message (self, message);
      update_view (self);
    }
  else
    {
      g_autofree char *text = text_of (self, &self->pos, &good->move);

      /* Translators: a hint: the move itself. */
      message = g_strdup_printf (_("Hint: play %s."), text);
      set_message (self, message);
      update_view (self);
      dr_board_state_set_arrow (self->board, good->move.from, good->move.to);
    }
}

static void
hint_clicked_cb (DrSolveTrainer *self)
{
  dr_solve_trainer_hint (self);
}

static void
take_back_clicked_cb (DrSolveTrainer *self)
{
  if (self->state != DR_SOLVE_TRAINER_SPOILED)
    return;
  self->pos = self->back_pos;
  g_array_set_size (self->played, self->back_len);
  self->state = DR_SOLVE_TRAINER_PLAYING;
  set_message (self, _("Taken back. Your move."));
  update_view (self);
}

static void
solution_clicked_cb (DrSolveTrainer *self)
{
  const DrGame *game;
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrMove));
  g_autoptr (GString) text = g_string_new (NULL);
  DrPosition pos;

  if (!self->active || self->games == NULL)
    return;
  game = self->games->pdata[self->index];
  if (self->state == DR_SOLVE_TRAINER_PREPARING || self->state == DR_SOLVE_TRAINER_CHECKING)
    {
      if (self->cancellable != NULL)
        g_cancellable_cancel (self->cancellable);
      self->generation++;
    }
  g_clear_handle_id (&self->reply_id, g_source_remove);
  /* The proof's main line, or the author's when there is no proof. */
  if (self->results->len > 0 && dr_solve_result_get_tree (self->results->pdata[0]) != NULL)
    dr_compose_tree_main_line (dr_solve_result_get_tree (self->results->pdata[0]), line);
  else
    for (DrGameNode *n = game->root->children; n != NULL; n = n->children)
      g_array_append_val (line, n->move);
  pos = game->root->position;
  for (guint i = 0; i < line->len; i++)
    {
      g_autofree char *t = text_of (self, &pos, &g_array_index (line, DrMove, i));

      g_string_append_printf (text, "%s%s", i > 0 ? " " : "", t);
      dr_position_apply (&pos, &pos, &g_array_index (line, DrMove, i));
    }
  score_problem (self, DR_SOLVE_SCORE_FAILED);
  self->state = DR_SOLVE_TRAINER_FAILED;
  self->pos = game->root->position;
  g_array_set_size (self->played, 0);
  {
    /* Translators: the solution's moves follow. */
    g_autofree char *message = g_strdup_printf (_("The solution: %s"), text->len > 0 ? text->str : _("(no moves)"));
    set_message (self, message);
  }
  update_view (self);
}

void
dr_solve_trainer_next (DrSolveTrainer *self)
{
  g_return_if_fail (DR_IS_SOLVE_TRAINER (self));

  if (!self->active || self->games == NULL || self->index + 1 >= self->games->len)
    return;
  /* A problem left unsolved counts as failed. */
  if (self->state != DR_SOLVE_TRAINER_SOLVED && self->state != DR_SOLVE_TRAINER_UNPROVED)
    score_problem (self, DR_SOLVE_SCORE_FAILED);
  self->index++;
  load_problem (self);
}

static void
solution_button_cb (DrSolveTrainer *self)
{
  solution_clicked_cb (self);
}

static void
next_clicked_cb (DrSolveTrainer *self)
{
  dr_solve_trainer_next (self);
}

static void
leave_clicked_cb (DrSolveTrainer *self)
{
  dr_solve_trainer_stop (self);
}

/* --- API --------------------------------------------------------------- */

void
dr_solve_trainer_start (DrSolveTrainer *self,
                        GPtrArray      *games,
                        const char     *key,
                        guint           first)
{
  g_return_if_fail (DR_IS_SOLVE_TRAINER (self));
  g_return_if_fail (games != NULL && games->len > 0);

  g_clear_pointer (&self->games, g_ptr_array_unref);
  self->games = games;
  g_free (self->key);
  self->key = g_strdup (key);
  self->index = MIN (first, games->len - 1);
  self->active = TRUE;
  load_problem (self);
}

void
dr_solve_trainer_stop (DrSolveTrainer *self)
{
  g_return_if_fail (DR_IS_SOLVE_TRAINER (self));

  if (!self->active)
    return;
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->generation++;
  g_clear_handle_id (&self->reply_id, g_source_remove);
  self->active = FALSE;
  self->state = DR_SOLVE_TRAINER_IDLE;
  dr_board_state_set_arrow (self->board, -1, -1);
  g_signal_emit (self, signals[STOPPED], 0);
}

gboolean
dr_solve_trainer_get_active (DrSolveTrainer *self)
{
  g_return_val_if_fail (DR_IS_SOLVE_TRAINER (self), FALSE);
  return self->active;
}

DrSolveTrainerState
dr_solve_trainer_get_state (DrSolveTrainer *self)
{
  g_return_val_if_fail (DR_IS_SOLVE_TRAINER (self), DR_SOLVE_TRAINER_IDLE);
  return self->state;
}

guint
dr_solve_trainer_get_index (DrSolveTrainer *self)
{
  g_return_val_if_fail (DR_IS_SOLVE_TRAINER (self), 0);
  return self->index;
}

guint
dr_solve_trainer_get_n_problems (DrSolveTrainer *self)
{
  g_return_val_if_fail (DR_IS_SOLVE_TRAINER (self), 0);
  return self->games != NULL ? self->games->len : 0;
}

const char *
dr_solve_trainer_get_message (DrSolveTrainer *self)
{
  g_return_val_if_fail (DR_IS_SOLVE_TRAINER (self), NULL);
  return self->message;
}

void
dr_solve_trainer_set_notation (DrSolveTrainer *self,
                               DrNotation      notation)
{
  g_return_if_fail (DR_IS_SOLVE_TRAINER (self));
  self->notation = notation;
}

void
dr_solve_trainer_set_egdb (DrSolveTrainer *self,
                           DrEgdbTables   *tables)
{
  g_return_if_fail (DR_IS_SOLVE_TRAINER (self));

  if (tables == self->egdb)
    return;
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  self->egdb = tables != NULL ? dr_egdb_tables_ref (tables) : NULL;
}

/* --- GObject ----------------------------------------------------------- */

static void
dr_solve_trainer_dispose (GObject *object)
{
  DrSolveTrainer *self = DR_SOLVE_TRAINER (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->generation++;
  self->active = FALSE;
  g_clear_handle_id (&self->reply_id, g_source_remove);
  g_clear_object (&self->board);
  g_clear_pointer (&self->egdb, dr_egdb_tables_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_SOLVE_TRAINER);
  G_OBJECT_CLASS (dr_solve_trainer_parent_class)->dispose (object);
}

static void
dr_solve_trainer_finalize (GObject *object)
{
  DrSolveTrainer *self = DR_SOLVE_TRAINER (object);

  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_pointer (&self->results, g_ptr_array_unref);
  g_clear_pointer (&self->played, g_array_unref);
  dr_stipulation_clear (&self->st);
  g_free (self->key);
  g_free (self->message);
  G_OBJECT_CLASS (dr_solve_trainer_parent_class)->finalize (object);
}

static void
dr_solve_trainer_class_init (DrSolveTrainerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_solve_trainer_dispose;
  object_class->finalize = dr_solve_trainer_finalize;

  /* Solve mode ended (Leave Solve Mode, or dr_solve_trainer_stop()). */
  signals[STOPPED] = g_signal_new ("stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-solve-trainer.ui");
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, problem_label);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, task_label);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, source_label);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, spinner);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, message_label);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, moves_label);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, hint_button);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, take_back_button);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, solution_button);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, next_button);
  gtk_widget_class_bind_template_child (widget_class, DrSolveTrainer, score_label);
  gtk_widget_class_bind_template_callback (widget_class, hint_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, take_back_clicked_cb);
  gtk_widget_class_bind_template_callback_full (widget_class, "solution_clicked_cb", G_CALLBACK (solution_button_cb));
  gtk_widget_class_bind_template_callback (widget_class, next_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, leave_clicked_cb);
}

static void
dr_solve_trainer_init (DrSolveTrainer *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->played = g_array_new (FALSE, FALSE, sizeof (DrMove));
  self->results = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_solve_result_free);
  self->notation = DR_NOTATION_NUMERIC;
  dr_stipulation_init (&self->st, DR_SIDE_WHITE);
}

GtkWidget *
dr_solve_trainer_new (DrBoardState *board)
{
  DrSolveTrainer *self;

  g_return_val_if_fail (DR_IS_BOARD_STATE (board), NULL);
  self = g_object_new (DR_TYPE_SOLVE_TRAINER, NULL);
  self->board = g_object_ref (board);
  return GTK_WIDGET (self);
}
