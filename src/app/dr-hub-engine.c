/* dr-hub-engine.c — an outside engine speaking the Hub protocol
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine is a child process (GSubprocess) talking Hub 2 on its stdin
 * and stdout (shared/design/ENGINES.md §4.1).  Everything happens on the
 * main thread: its output is read line by line asynchronously, and each
 * line moves a small state machine:
 *
 *   STARTING      "hub" sent; "id" and "param" lines arrive until "wait",
 *                 then set-param (variant, the user's options) and "init"
 *   INITIALISING  waiting for "ready"
 *   IDLE          nothing asked, or the request is sent at once
 *   SEARCHING     "pos", "level infinite", "go analyze" sent; "info" lines
 *                 become ::progress
 *   STOPPING      "stop" sent; the engine still owes "done", after which
 *                 the newest request (if any) is sent
 *
 * Lines to the engine are queued and written asynchronously, so an engine
 * that stops reading never blocks the window.  On "quit" the engine has
 * a moment (QUIT_GRACE_MS) to exit by itself before it is killed.
 *
 * The protocol allows only ping, stop and ponder-hit during a search, so a
 * new position while searching waits for "done".  A variant the engine
 * was not initialised for restarts it (set-param comes before init).
 */

#define G_LOG_DOMAIN "dr-hub-engine"

#include "config.h"

#include "dr-hub-engine.h"

#include "dr-eval.h"
#include "dr-hub-client.h"
#include "dr-hub-text.h"
#include "dr-notation.h"

#include <gio/gunixoutputstream.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <math.h>
#include <signal.h>
#include <string.h>

G_DEFINE_QUARK (dr-hub-engine-error-quark, dr_hub_engine_error)

/* How long an engine told to quit may take before it is killed. */
#define QUIT_GRACE_MS 2000

/* The engine's stdin: a queue of text written one asynchronous write at
 * a time.  Reference-counted (g_rc_box), since a write under way and the
 * quitting engine outlive the DrHubEngine that started them. */
typedef struct
{
  GOutputStream *stream;
  GSubprocess   *process;
  GString       *queue;     /* text not yet handed to a write */
  GBytes        *in_flight; /* the text of the write under way, or NULL */
  gboolean       writing;
  gboolean       closing;   /* "quit" sent: close once the queue is out */
  guint          grace_id;  /* kills the engine if it outstays its grace */
} Pipe;

static void
pipe_clear (gpointer data)
{
  Pipe *p = data;

  g_clear_object (&p->stream);
  g_clear_object (&p->process);
  g_clear_pointer (&p->in_flight, g_bytes_unref);
  g_string_free (p->queue, TRUE);
}

static void
pipe_unref (Pipe *p)
{
  g_rc_box_release_full (p, pipe_clear);
}

static Pipe *
pipe_new (GSubprocess *process)
{
  Pipe *p = g_rc_box_new0 (Pipe);

  p->process = g_object_ref (process);
  p->stream = g_object_ref (g_subprocess_get_stdin_pipe (process));
  /* GIO's asynchronous writes to a pipe are non-blocking writes when the
   * pipe can take them, so the pipe must be non-blocking: otherwise a
   * write larger than what an engine that does not read leaves room for
   * would hold the main thread. */
  if (G_IS_UNIX_OUTPUT_STREAM (p->stream))
    g_unix_set_fd_nonblocking (g_unix_output_stream_get_fd (G_UNIX_OUTPUT_STREAM (p->stream)), TRUE, NULL);
  p->queue = g_string_new (NULL);
  return p;
}

static gboolean
pipe_grace_over_cb (gpointer data)
{
  Pipe *p = data;

  p->grace_id = 0;
  g_debug ("the engine did not quit within %d ms: killed", QUIT_GRACE_MS);
  g_subprocess_force_exit (p->process);
  return G_SOURCE_REMOVE;
}

static void
pipe_exited_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  Pipe *p = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  g_clear_handle_id (&p->grace_id, g_source_remove);
  pipe_unref (p);
}

/* Everything is written: close the engine's stdin and give it its grace. */
static void
pipe_finish (Pipe *p)
{
  g_output_stream_close (p->stream, NULL, NULL);
  p->grace_id = g_timeout_add_full (G_PRIORITY_DEFAULT, QUIT_GRACE_MS, pipe_grace_over_cb,
                                    g_rc_box_acquire (p), (GDestroyNotify) pipe_unref);
  g_subprocess_wait_async (p->process, NULL, pipe_exited_cb, g_rc_box_acquire (p));
}

static void pipe_flush (Pipe *p);

static void
pipe_written_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Pipe *p = data;
  g_autoptr (GError) error = NULL;

  p->writing = FALSE;
  g_clear_pointer (&p->in_flight, g_bytes_unref);
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      /* The engine is gone; its output's end tells the engine object. */
      g_debug ("writing to the engine: %s", error->message);
      g_string_truncate (p->queue, 0);
    }
  if (p->queue->len > 0)
    pipe_flush (p);
  else if (p->closing)
    pipe_finish (p);
  pipe_unref (p);
}

static void
pipe_flush (Pipe *p)
{
  gsize len = p->queue->len;

  p->in_flight = g_bytes_new_take (g_string_free (g_steal_pointer (&p->queue), FALSE), len);
  p->queue = g_string_new (NULL);
  p->writing = TRUE;
  g_output_stream_write_all_async (p->stream, g_bytes_get_data (p->in_flight, NULL), len, G_PRIORITY_DEFAULT,
                                   NULL, pipe_written_cb, g_rc_box_acquire (p));
}

static void
pipe_send (Pipe       *p,
           const char *line)
{
  g_string_append (p->queue, line);
  g_string_append_c (p->queue, '\n');
  if (!p->writing)
    pipe_flush (p);
}

/* "quit" is queued; the engine exits by itself or is killed after its
 * grace.  Takes @p's reference. */
static void
pipe_retire (Pipe *p)
{
  p->closing = TRUE;
  if (!p->writing)
    pipe_finish (p);
  pipe_unref (p);
}

typedef enum
{
  STATE_NOT_STARTED,
  STATE_STARTING,
  STATE_INITIALISING,
  STATE_IDLE,
  STATE_SEARCHING,
  STATE_STOPPING,
  STATE_DEAD,
} State;

struct _DrHubEngine
{
  GObject           parent_instance;
  char            **argv;
  GHashTable       *options;       /* name -> value, from the user */
  GHashTable       *offered;       /* name -> value, from the application */
  DrHubClient      *hub;           /* what the engine declared; its lines read */
  char             *name;

  GSubprocess      *process;
  Pipe             *to_engine;
  GDataInputStream *from_engine;
  GCancellable     *cancellable;
  State             state;
  const DrRules    *engine_rules;  /* what "init" was for */

  /* The newest request not yet sent. */
  gboolean          pending;
  const DrRules    *pending_rules;
  DrPosition        pending_root;
  GArray           *pending_moves; /* DrMove */

  /* What is analysed, and the latest line about it. */
  gboolean          running;
  const DrRules    *rules;
  DrPosition        position;
  DrSearchInfo     *line;
  gboolean          have_line;
};

enum
{
  PROGRESS,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (DrHubEngine, dr_hub_engine, G_TYPE_OBJECT)

static void read_next_line (DrHubEngine *self);

static void
send_line (DrHubEngine *self,
           const char  *line)
{
  if (self->to_engine == NULL)
    return;
  g_debug ("> %s", line);
  pipe_send (self->to_engine, line);
}

/* The engine is gone (or never came): forget it and tell the user once. */
static void
fail (DrHubEngine *self,
      GError      *error)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->process != NULL)
    g_subprocess_force_exit (self->process);
  g_clear_object (&self->process);
  g_clear_pointer (&self->to_engine, pipe_unref);
  g_clear_object (&self->from_engine);
  self->state = STATE_DEAD;
  self->running = FALSE;
  self->pending = FALSE;
  g_signal_emit (self, signals[FAILED], 0, error);
}

static void
launch (DrHubEngine *self)
{
  g_autoptr (GError) error = NULL;

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->process = g_subprocess_newv ((const char *const *) self->argv,
                                     G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                     | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                     &error);
  if (self->process == NULL)
    {
      g_autoptr (GError) failure = g_error_new (DR_HUB_ENGINE_ERROR, DR_HUB_ENGINE_ERROR_START,
                                                _("Cannot start the engine “%s”: %s"),
                                                self->argv[0], error->message);
      fail (self, failure);
      return;
    }
  self->to_engine = pipe_new (self->process);
  self->from_engine = g_data_input_stream_new (g_subprocess_get_stdout_pipe (self->process));
  g_data_input_stream_set_newline_type (self->from_engine, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  dr_hub_client_reset (self->hub);
  self->state = STATE_STARTING;
  self->engine_rules = NULL;
  send_line (self, "hub");
  read_next_line (self);
}

static void
quit_engine (DrHubEngine *self)
{
  if (self->process == NULL)
    return;
  send_line (self, "quit");
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  /* The engine gets a moment to exit by itself (pipe_retire). */
  pipe_retire (g_steal_pointer (&self->to_engine));
  g_clear_object (&self->process);
  g_clear_object (&self->from_engine);
  self->state = STATE_NOT_STARTED;
}

static void
send_request (DrHubEngine *self)
{
  g_autofree char *command = NULL;
  DrPosition pos = self->pending_root;

  /* A new variant needs a new "init", and set-param only comes before it. */
  if (self->engine_rules != self->pending_rules)
    {
      quit_engine (self);
      launch (self);
      return;
    }
  command = dr_hub_pos_line (self->pending_rules, &self->pending_root,
                             (const DrMove *) (void *) self->pending_moves->data, self->pending_moves->len);
  for (guint i = 0; i < self->pending_moves->len; i++)
    dr_position_apply (&pos, &pos, &g_array_index (self->pending_moves, DrMove, i));
  self->rules = self->pending_rules;
  self->position = pos;
  self->have_line = FALSE;
  self->pending = FALSE;
  send_line (self, command);
  send_line (self, "level infinite");
  send_line (self, "go analyze");
  self->state = STATE_SEARCHING;
}

/* Once the engine has declared itself: variant and options, then init. */
static void
initialise (DrHubEngine *self)
{
  const DrRules *rules = self->pending ? self->pending_rules : &dr_rules_international;
  g_autoptr (GError) local = NULL;
  g_autofree char *variant = dr_hub_client_variant_line (self->hub, rules, &local);
  GHashTableIter iter;
  gpointer key, value;

  if (local != NULL)
    {
      g_autoptr (GError) error = g_error_new_literal (DR_HUB_ENGINE_ERROR, DR_HUB_ENGINE_ERROR_VARIANT,
                                                      local->message);
      fail (self, error);
      return;
    }
  if (variant != NULL)
    send_line (self, variant);
  g_hash_table_iter_init (&iter, self->options);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (dr_hub_client_declares (self->hub, key) && !g_str_equal (key, "variant"))
      {
        g_autofree char *line = dr_hub_set_param_line (key, value);

        send_line (self, line);
      }
  /* What the application offers, if the engine asked for it (a "param"
   * line) and the user's options say nothing else. */
  g_hash_table_iter_init (&iter, self->offered);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (dr_hub_client_declares (self->hub, key) && !g_hash_table_contains (self->options, key))
      {
        g_autofree char *line = dr_hub_set_param_line (key, value);

        send_line (self, line);
      }
  self->engine_rules = rules;
  send_line (self, "init");
  self->state = STATE_INITIALISING;
}

static void
handle_line (DrHubEngine *self,
             const char  *line)
{
  DrHubReply reply = { 0 };
  DrHubLine kind;

  g_debug ("< %s", line);
  kind = dr_hub_client_read_line (self->hub, line, self->rules, &self->position, &reply);
  switch (kind)
    {
    case DR_HUB_LINE_ID:
      if (dr_hub_client_get_name (self->hub) != NULL)
        {
          g_free (self->name);
          self->name = g_strdup (dr_hub_client_get_name (self->hub));
        }
      break;
    case DR_HUB_LINE_WAIT:
      if (self->state == STATE_STARTING)
        initialise (self);
      break;
    case DR_HUB_LINE_READY:
      if (self->state == STATE_INITIALISING)
        {
          self->state = STATE_IDLE;
          if (self->pending)
            send_request (self);
        }
      break;
    case DR_HUB_LINE_INFO:
      /* A line with no move has nothing to show on the board. */
      if (self->state == STATE_SEARCHING && reply.info.pv_length > 0)
        {
          *self->line = reply.info;
          self->have_line = TRUE;
          g_signal_emit (self, signals[PROGRESS], 0);
        }
      break;
    case DR_HUB_LINE_DONE:
      if (self->state == STATE_SEARCHING || self->state == STATE_STOPPING)
        {
          self->state = STATE_IDLE;
          if (self->pending)
            send_request (self);
        }
      break;
    case DR_HUB_LINE_ERROR:
      g_debug ("the engine says: %s", reply.message);
      break;
    case DR_HUB_LINE_NONE:
    case DR_HUB_LINE_PARAM:
    case DR_HUB_LINE_PONG:
    default:
      break;
    }
  dr_hub_reply_clear (&reply);
}

static void
line_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  DrHubEngine *self = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;

  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result, NULL, &error);
  /* Cancelled: the engine was told to quit or is being disposed of, and
   * @self may be gone already (a read holds no reference, so that the
   * last unref does dispose of the engine and make it quit). */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* An engine from a restart may be reading already: old streams stop. */
  if (G_DATA_INPUT_STREAM (source) != self->from_engine)
    return;
  if (line == NULL)
    {
      g_autoptr (GError) failure =
        g_error_new (DR_HUB_ENGINE_ERROR, DR_HUB_ENGINE_ERROR_EXITED,
                     _("The engine “%s” stopped: %s"), self->name,
                     error != NULL ? error->message : _("it closed its output"));
      fail (self, failure);
      return;
    }
  handle_line (self, line);
  if (self->from_engine != NULL && G_DATA_INPUT_STREAM (source) == self->from_engine)
    read_next_line (self);
}

static void
read_next_line (DrHubEngine *self)
{
  g_data_input_stream_read_line_async (self->from_engine, G_PRIORITY_DEFAULT, self->cancellable,
                                       line_read_cb, self);
}

static void
dr_hub_engine_dispose (GObject *object)
{
  DrHubEngine *self = DR_HUB_ENGINE (object);

  quit_engine (self);
  G_OBJECT_CLASS (dr_hub_engine_parent_class)->dispose (object);
}

static void
dr_hub_engine_finalize (GObject *object)
{
  DrHubEngine *self = DR_HUB_ENGINE (object);

  g_strfreev (self->argv);
  g_hash_table_unref (self->options);
  g_hash_table_unref (self->offered);
  dr_hub_client_free (self->hub);
  g_free (self->name);
  g_array_unref (self->pending_moves);
  g_free (self->line);
  G_OBJECT_CLASS (dr_hub_engine_parent_class)->finalize (object);
}

static void
dr_hub_engine_class_init (DrHubEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dr_hub_engine_dispose;
  object_class->finalize = dr_hub_engine_finalize;

#ifdef SIGPIPE
  /* An engine that dies leaves a pipe without a reader: writing to it
   * must fail with EPIPE (reported as ::failed), not kill the program. */
  signal (SIGPIPE, SIG_IGN);
#endif

  /**
   * DrHubEngine::progress:
   *
   * The engine sent a new line for the position being analysed.
   */
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * DrHubEngine::failed:
   * @error: what went wrong, in words for the user
   *
   * The engine could not be started, stopped, or cannot play the variant.
   */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
dr_hub_engine_init (DrHubEngine *self)
{
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->offered = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->hub = dr_hub_client_new ();
  self->pending_moves = g_array_new (FALSE, FALSE, sizeof (DrMove));
  self->line = g_new0 (DrSearchInfo, 1);
  self->rules = &dr_rules_international;
  dr_rules_initial (self->rules, &self->position);
}

DrHubEngine *
dr_hub_engine_new (const char  *command_line,
                   const char  *options,
                   GError     **error)
{
  g_autoptr (DrHubEngine) self = NULL;
  g_auto (GStrv) argv = NULL;

  g_return_val_if_fail (command_line != NULL, NULL);

  if (!g_shell_parse_argv (command_line, NULL, &argv, error))
    return NULL;
  self = g_object_new (DR_TYPE_HUB_ENGINE, NULL);
  self->name = g_path_get_basename (argv[0]);
  self->argv = g_steal_pointer (&argv);
  if (options != NULL)
    {
      /* The options are "name=value …", read like a Hub line's arguments. */
      g_autofree char *line = g_strconcat ("options ", options, NULL);

      g_free (dr_hub_tokenize (line, self->options));
    }
  return g_steal_pointer (&self);
}

/**
 * dr_hub_engine_offer_param:
 * @self: a #DrHubEngine
 * @name: a Hub parameter name, e.g. "egdb-dir"
 * @value: its value
 *
 * Sets @name to @value at the engine's next initialisation if the engine
 * declares that parameter in its "param" lines, and the user's options
 * do not set it.  Takes effect when the engine (re)starts.
 */
void
dr_hub_engine_offer_param (DrHubEngine *self,
                           const char  *name,
                           const char  *value)
{
  g_return_if_fail (DR_IS_HUB_ENGINE (self));
  g_return_if_fail (name != NULL && value != NULL);
  g_hash_table_insert (self->offered, g_strdup (name), g_strdup (value));
}

void
dr_hub_engine_analyse (DrHubEngine      *self,
                       const DrRules    *rules,
                       const DrPosition *root,
                       const DrMove     *moves,
                       gsize             n_moves)
{
  g_return_if_fail (DR_IS_HUB_ENGINE (self));
  g_return_if_fail (rules != NULL && root != NULL);

  self->pending = TRUE;
  self->pending_rules = rules;
  self->pending_root = *root;
  g_array_set_size (self->pending_moves, 0);
  if (n_moves > 0)
    g_array_append_vals (self->pending_moves, moves, (guint) n_moves);
  self->running = TRUE;
  self->have_line = FALSE;
  switch (self->state)
    {
    case STATE_NOT_STARTED:
    case STATE_DEAD:
      launch (self);
      break;
    case STATE_IDLE:
      send_request (self);
      break;
    case STATE_SEARCHING:
      send_line (self, "stop");
      self->state = STATE_STOPPING;
      break;
    case STATE_STARTING:
    case STATE_INITIALISING:
    case STATE_STOPPING:
      break;   /* sent when the engine is ready */
    }
}

void
dr_hub_engine_stop (DrHubEngine *self)
{
  g_return_if_fail (DR_IS_HUB_ENGINE (self));

  self->running = FALSE;
  self->pending = FALSE;
  self->have_line = FALSE;
  if (self->state == STATE_SEARCHING)
    {
      send_line (self, "stop");
      self->state = STATE_STOPPING;
    }
}

gboolean
dr_hub_engine_get_running (DrHubEngine *self)
{
  g_return_val_if_fail (DR_IS_HUB_ENGINE (self), FALSE);
  return self->running;
}

const char *
dr_hub_engine_get_name (DrHubEngine *self)
{
  g_return_val_if_fail (DR_IS_HUB_ENGINE (self), NULL);
  return self->name;
}

const DrSearchInfo *
dr_hub_engine_get_line (DrHubEngine *self)
{
  g_return_val_if_fail (DR_IS_HUB_ENGINE (self), NULL);
  return self->have_line ? self->line : NULL;
}

const DrPosition *
dr_hub_engine_get_position (DrHubEngine *self)
{
  g_return_val_if_fail (DR_IS_HUB_ENGINE (self), NULL);
  return &self->position;
}

const DrRules *
dr_hub_engine_get_rules (DrHubEngine *self)
{
  g_return_val_if_fail (DR_IS_HUB_ENGINE (self), NULL);
  return self->rules;
}
