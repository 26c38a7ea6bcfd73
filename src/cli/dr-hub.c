/* dr-hub.c — the Hub protocol, engine side
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Line-based: "command name=value name=\"value with spaces\" flag".  The
 * search runs on a worker thread so that "stop" and "ping" are answered
 * while it thinks; "stop" sets the search's abort word, which it polls
 * every 1,024 nodes.  Positions are "pos=<side><one character a square>"
 * (w, b, W, B, e in square order) plus the moves played since, for
 * repetitions; moves are "32-28" or "from x to x captured squares".
 *
 * "go ponder" searches a position in which the interface has already
 * played the move it expects from its user, with no limit: the level's
 * clock starts at "ponder-hit" (the move was played; the search goes on,
 * now against the clock), and "stop" ends a miss (ENGINES.md §4.1).  The
 * main loop clears the search's ponder word for a hit.
 *
 * The parameter "level" (dr-opponent.h; "full" by default) weakens the
 * engine into an opponent: below full strength a "go" answer is the move
 * dr_opponent_choose_at() draws, with the level's node limit within the
 * interface's, on one search thread, seeded by the position (the same
 * game is played the same way again).  Pondering is off below full
 * strength: "go ponder" waits for "ponder-hit" (then thinks on its own
 * clock) or "stop", since a search that went on while the user thinks
 * would see deeper than the level's node limit.
 *
 * The interface is a program we do not control, so every command is
 * checked before it changes anything: a refused command (answered with
 * "error message=...") leaves the engine as it was.  Lines are read whole,
 * up to DR_HUB_MAX_LINE bytes; a longer one is refused as one error and
 * none of it runs.  A parameter set after "init" takes effect at once:
 * everything the engine derives from the variant (search, evaluation,
 * endgame tables, position, move writing) follows a variant change, and a
 * new table size or tables folder rebuilds what depends on it.
 */

#define G_LOG_DOMAIN "dr-hub"

#include "config.h"

#include "dr-cli-egdb.h"
#include "dr-hub.h"

#include "dr-cli-learn.h"
#include "dr-tune.h"

#include "dr-bitboard.h"
#include "dr-book.h"
#include "dr-fen.h"
#include "dr-hub-text.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-opponent.h"
#include "dr-search.h"

#include <glib.h>
#include <glib/gi18n.h>
#include <pthread.h>
#include <string.h>

/* The base of the seeds of the levels' choices (dr_opponent_seed()). */
#define HUB_SEED 0x44726f70u

typedef struct
{
  FILE          *out;
  /* A pthread mutex, not a GMutex: ThreadSanitizer sees its orderings
   * (GLib's futexes it cannot). */
  pthread_mutex_t out_lock;
  const DrRules *rules;
  DrSearch      *search;
  DrEgdb        *egdb;            /* endgame tables of rules, or NULL */
  char          *egdb_dir;        /* param egdb-dir; NULL: the default folder */
  DrPatterns    *patterns;        /* --patterns FILE, loaded for rules */
  DrPosition     pos;
  GArray        *history;         /* DrPosition before pos */
  DrSearchLimits limits;
  atomic_uint    abort;
  atomic_uint    pondering;       /* the search's ponder word: 1 until ponder-hit */
  GThread       *thread;
  atomic_bool    running;         /* the search thread has not said "done" yet */
  guint          generation;
  int            level;           /* param level, 1..dr_opponent_n_levels() */
  int            go_level;        /* the level of the running search (its thread's) */
  int            hash_mb;         /* param hash */
  int            threads;         /* param threads */
  const char    *weights_path;    /* --weights, or NULL */
  const char    *patterns_option; /* --patterns */
  const char    *book_option;     /* --book */
  gboolean       probcut_set;     /* --probcut given, */
  DrProbCut      probcut;         /* its mode */
  DrBook        *book;            /* the opening book of rules, or NULL */
  gboolean       use_book;        /* param book */
  GRand         *book_rand;       /* draws among the book's moves */
} Hub;

static void
say (Hub        *hub,
     const char *format,
     ...) G_GNUC_PRINTF (2, 3);

static void
say (Hub        *hub,
     const char *format,
     ...)
{
  va_list args;

  pthread_mutex_lock (&hub->out_lock);
  va_start (args, format);
  vfprintf (hub->out, format, args);
  va_end (args);
  fputc ('\n', hub->out);
  fflush (hub->out);
  pthread_mutex_unlock (&hub->out_lock);
}

/* "error message=..." with @error's message; a double quote in it would
 * end the value early, so it becomes a single one. */
static void
say_error (Hub          *hub,
           const GError *error)
{
  g_autofree char *text = g_strdup (error->message);

  g_strdelimit (text, "\"\r\n", '\'');
  say (hub, "error message=\"%s\"", text);
}

/* @text for an error message: its first 64 bytes, "…" if there is more
 * (a line may hold 65,535). */
static char *
quote_text (const char *text)
{
  if (strlen (text) <= 64)
    return g_strdup (text);
  return g_strdup_printf ("%.64s…", text);
}

/* "pos start" or "pos pos=TEXT", then "moves" played from there.  Nothing
 * changes unless all of it is right: the new position and history are
 * built apart and only then replace the old ones. */
static gboolean
set_position (Hub        *hub,
              GHashTable *args,
              GError    **error)
{
  const char *text = g_hash_table_lookup (args, "pos");
  const char *moves = g_hash_table_lookup (args, "moves");
  gboolean start = g_hash_table_contains (args, "start");
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GError) local = NULL;
  DrPosition pos;

  if (start == (text != NULL))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           start ? _("pos: “start” and “pos=” both given")
                                 : _("pos: no position (“start” or “pos=”)"));
      return FALSE;
    }
  if (start)
    dr_rules_initial (hub->rules, &pos);
  else if (!dr_hub_position_parse (hub->rules, text, &pos))
    {
      g_autofree char *quoted = quote_text (text);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("pos: “%s” is not a position for %s: W or B (the side to move), then %d "
                     "characters w b W B e for squares 1 to %d"),
                   quoted, hub->rules->title, hub->rules->geometry->n_squares,
                   hub->rules->geometry->n_squares);
      return FALSE;
    }
  else if (!dr_position_validate (hub->rules, &pos, &local))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("pos: %s"), local->message);
      return FALSE;
    }
  else if ((pos.pieces[DR_SIDE_WHITE] | pos.pieces[DR_SIDE_BLACK]) == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("pos: the board is empty"));
      return FALSE;
    }
  if (moves != NULL)
    {
      g_auto (GStrv) list = g_strsplit (moves, " ", -1);
      guint n = 0;

      for (guint i = 0; list[i] != NULL; i++)
        {
          DrMove move;

          if (list[i][0] == '\0')
            continue;
          n++;
          if (!dr_move_parse_hub (hub->rules, &pos, list[i], &move, &local))
            {
              g_autofree char *quoted = quote_text (list[i]);

              /* The move's own message quotes it too: long, it says too
               * much, so only the first bytes are given. */
              if (strlen (list[i]) > 64)
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                             _("pos: move %u of moves, “%s”, is not a move"), n, quoted);
              else
                g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                             _("pos: move %u of moves, “%s”: %s"), n, quoted, local->message);
              return FALSE;
            }
          g_array_append_val (history, pos);
          dr_position_apply (&pos, &pos, &move);
        }
    }
  hub->pos = pos;
  g_array_set_size (hub->history, 0);
  g_array_append_vals (hub->history, history->data, history->len);
  return TRUE;
}

/* What the engine derives from its parameters: a search for @rules with a
 * table of @hash_mb MiB, its evaluation (--weights, --patterns) and the
 * endgame tables of @rules in the folder "egdb-dir".  On success these
 * replace the old ones and the parameters are the engine's; on failure
 * (no memory for the table) nothing changes. */
static gboolean
setup (Hub           *hub,
       const DrRules *rules,
       int            hash_mb,
       GError       **error)
{
  DrSearch *search = dr_search_new (rules, (size_t) hash_mb);
  gboolean ok;

  if (search == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   _("not enough memory for a %d MiB table: the engine is unchanged"), hash_mb);
      return FALSE;
    }
  if (hub->search != NULL)
    dr_search_free (hub->search);
  hub->search = search;
  dr_search_set_probcut (search, hub->probcut_set ? hub->probcut : dr_probcut_for_play (rules));
  hub->rules = rules;
  hub->hash_mb = hash_mb;
  if (!dr_search_set_threads (hub->search, hub->threads))
    say (hub, "error message=\"not enough memory for %d threads: searching on one\"", hub->threads);
  g_clear_pointer (&hub->egdb, dr_egdb_free);
  hub->egdb = dr_cli_egdb_for_search (rules, hub->egdb_dir, "hub");
  dr_search_set_egdb (hub->search, hub->egdb);
  g_clear_pointer (&hub->book, dr_book_free);
  if (hub->book_option == NULL)
    hub->book = dr_book_new_builtin (rules);
  else if (!g_str_equal (hub->book_option, "none"))
    {
      g_autoptr (GError) local = NULL;

      hub->book = dr_book_load_file (rules, hub->book_option, &local);
      if (hub->book == NULL)
        say (hub, "error message=\"%s: no opening book\"", local->message);
    }
  g_clear_pointer (&hub->patterns, dr_patterns_free);
  hub->patterns = dr_cli_patterns_for_search (hub->search, hub->patterns_option, "hub", &ok);
  if (!ok)
    say (hub, "error message=\"pattern weights %s do not load: the shipped ones are used\"",
         hub->patterns_option);
  if (hub->weights_path != NULL)
    {
      DrEvalWeights weights = *dr_eval_default_weights (rules);
      g_autoptr (GError) local = NULL;

      if (dr_eval_weights_load (hub->weights_path, &weights, &local))
        dr_search_set_weights (hub->search, &weights);
      else
        say_error (hub, local);
    }
  return TRUE;
}

/* An integer parameter's value from @min to @max, else an error naming
 * the range. */
static gboolean
int_param (const char *name,
           const char *value,
           int         min,
           int         max,
           int        *out,
           GError    **error)
{
  gint64 n;

  if (!g_ascii_string_to_signed (value, 10, min, max, &n, NULL))
    {
      g_autofree char *quoted = quote_text (value);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("set-param: %s “%s” is not an integer from %d to %d"), name, quoted, min, max);
      return FALSE;
    }
  *out = (int) n;
  return TRUE;
}

/* "set-param name=N value=V".  Before "init" the value is only kept;
 * after it, what depends on the parameter is rebuilt at once (setup()),
 * and for a variant the position goes back to that variant's start. */
static gboolean
set_param (Hub        *hub,
           GHashTable *args,
           gboolean    initialised,
           GError    **error)
{
  const char *name = g_hash_table_lookup (args, "name");
  const char *value = g_hash_table_lookup (args, "value");

  if (name == NULL || value == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("set-param: name= and value= are both needed"));
      return FALSE;
    }
  if (g_str_equal (name, "variant"))
    {
      const DrRules *rules = dr_hub_variant_rules (value);

      if (rules == NULL)
        {
          g_autofree char *quoted = quote_text (value);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("unknown variant %s"), quoted);
          return FALSE;
        }
      if (!initialised)
        hub->rules = rules;
      else if (rules != hub->rules)
        {
          if (!setup (hub, rules, hub->hash_mb, error))
            return FALSE;
          dr_rules_initial (hub->rules, &hub->pos);
          g_array_set_size (hub->history, 0);
        }
    }
  else if (g_str_equal (name, "hash"))
    {
      int hash_mb;

      if (!int_param (name, value, 1, DR_HUB_MAX_HASH_MB, &hash_mb, error))
        return FALSE;
      if (!initialised)
        hub->hash_mb = hash_mb;
      else if (hash_mb != hub->hash_mb && !setup (hub, hub->rules, hash_mb, error))
        return FALSE;
    }
  else if (g_str_equal (name, "threads"))
    {
      /* Read at each "go". */
      if (!int_param (name, value, 1, DR_SEARCH_MAX_THREADS, &hub->threads, error))
        return FALSE;
    }
  else if (g_str_equal (name, "egdb-dir"))
    {
      g_free (hub->egdb_dir);
      hub->egdb_dir = g_strdup (value);
      if (initialised)
        {
          g_clear_pointer (&hub->egdb, dr_egdb_free);
          hub->egdb = dr_cli_egdb_for_search (hub->rules, hub->egdb_dir, "hub");
          dr_search_set_egdb (hub->search, hub->egdb);
        }
    }
  else if (g_str_equal (name, "book"))
    {
      /* Read at each "go". */
      if (!g_str_equal (value, "true") && !g_str_equal (value, "false"))
        {
          g_autofree char *quoted = quote_text (value);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("book: true or false, not %s"), quoted);
          return FALSE;
        }
      hub->use_book = g_str_equal (value, "true");
    }
  else if (g_str_equal (name, "level"))
    {
      /* Read at each "go". */
      int level_value = dr_opponent_level_from_id (value);

      if (level_value == 0)
        {
          g_autofree char *quoted = quote_text (value);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("unknown level %s"), quoted);
          return FALSE;
        }
      hub->level = level_value;
    }
  /* Other names: ignored, as Hub asks of unknown arguments. */
  return TRUE;
}

/* How a line of the interface was read. */
typedef enum
{
  LINE_OK,
  LINE_TOO_LONG,    /* more than DR_HUB_MAX_LINE bytes: skipped to its end */
  LINE_NUL,         /* holds a NUL byte: skipped to its end */
  LINE_END,         /* the end of the input, no line */
} LineStatus;

/* Reads one line of @in into @line, without its newline (nor a '\r'
 * before it).  A line is read whole or not at all: past DR_HUB_MAX_LINE
 * bytes the rest of it is read and dropped, so none of it runs as a
 * command.  The last line may lack its newline. */
static LineStatus
read_line (FILE    *in,
           GString *line)
{
  gboolean too_long = FALSE, nul = FALSE;
  int c;

  g_string_truncate (line, 0);
  while ((c = getc (in)) != EOF && c != '\n')
    {
      if (c == '\0')
        nul = TRUE;
      else if (line->len >= DR_HUB_MAX_LINE)
        too_long = TRUE;
      else if (!too_long && !nul)
        g_string_append_c (line, (char) c);
    }
  if (c == EOF && line->len == 0 && !too_long && !nul)
    return LINE_END;
  if (too_long)
    return LINE_TOO_LONG;
  if (nul)
    return LINE_NUL;
  if (line->len > 0 && line->str[line->len - 1] == '\r')
    g_string_truncate (line, line->len - 1);
  return LINE_OK;
}

static char *
pv_text (Hub                *hub,
         const DrSearchInfo *info)
{
  GString *out = g_string_new (NULL);
  DrPosition pos = hub->pos;

  for (int i = 0; i < info->pv_length; i++)
    {
      g_autofree char *m = dr_move_to_hub (hub->rules, &info->pv[i]);
      g_string_append_printf (out, "%s%s", i ? " " : "", m);
      dr_position_apply (&pos, &pos, &info->pv[i]);
    }
  return g_string_free (out, FALSE);
}

static void
info_cb (const DrSearchInfo *info,
         void               *user_data)
{
  Hub *hub = user_data;
  g_autofree char *pv = NULL;
  double seconds = info->time_ms / 1000.0;

  /* Below full strength the lines are searched side by side: Hub's info
   * has no line number, so only the best of each iteration is told. */
  if (info->multipv > 1)
    return;
  pv = pv_text (hub, info);
  say (hub, "info depth=%d score=%.2f nodes=%" G_GUINT64_FORMAT " time=%.3f nps=%.2f pv=\"%s\"",
       info->depth, info->score / 100.0, info->nodes, seconds,
       seconds > 0 ? info->nodes / seconds / 1e6 : 0.0, pv);
}

static gpointer
search_thread (gpointer data)
{
  Hub *hub = data;
  DrSearchResult result;
  DrSearchLimits limits = hub->limits;
  bool found;

  limits.abort_word = &hub->abort;
  limits.abort_unless = hub->generation;
  limits.info_func = info_cb;
  limits.user_data = hub;
  limits.ponder_word = &hub->pondering;
  dr_search_set_history (hub->search, (const DrPosition *) hub->history->data, hub->history->len);
  if (hub->go_level < dr_opponent_n_levels ())
    {
      DrMove chosen;

      /* No pondering: wait for the hit (then think on the level's own
       * clock) or for "stop" (then the search, stopped at once, gives
       * its fallback move). */
      while (atomic_load (&hub->pondering) != 0 && atomic_load (&hub->abort) == limits.abort_unless)
        g_usleep (2000);
      limits.ponder_word = NULL;
      found = dr_opponent_choose_at (hub->search, &hub->pos, dr_opponent_level (hub->go_level),
                                     &limits, dr_opponent_seed (HUB_SEED, &hub->pos), &chosen,
                                     &result);
    }
  else
    found = dr_search_run (hub->search, &hub->pos, &limits, &result);
  if (found)
    {
      const DrSearchInfo *line = NULL;
      g_autofree char *move = dr_move_to_hub (hub->rules, &result.best);
      g_autofree char *ponder = NULL;

      /* The expected reply: the second move of the line played. */
      for (int i = 0; i < result.n_lines && line == NULL; i++)
        if (dr_move_same (&result.lines[i].pv[0], &result.best))
          line = &result.lines[i];
      if (line != NULL && line->pv_length > 1)
        ponder = dr_move_to_hub (hub->rules, &line->pv[1]);
      /* Finished before "done" is said: the next command, sent as soon as
       * the interface reads "done", must find the search over (the main
       * loop then joins this thread, which only has to return). */
      atomic_store (&hub->running, false);
      if (ponder != NULL)
        say (hub, "done move=%s ponder=%s", move, ponder);
      else
        say (hub, "done move=%s", move);
    }
  else
    {
      atomic_store (&hub->running, false);
      say (hub, "done");
    }
  return NULL;
}

static void
join_search (Hub *hub)
{
  if (hub->thread != NULL)
    {
      g_thread_join (hub->thread);
      hub->thread = NULL;
    }
}

static void
stop_search (Hub *hub)
{
  atomic_store (&hub->abort, hub->generation + 1);
  join_search (hub);
}

static void
set_level (Hub        *hub,
           GHashTable *args)
{
  const char *v;

  memset (&hub->limits, 0, sizeof hub->limits);
  hub->limits.multipv = 1;
  if ((v = g_hash_table_lookup (args, "depth")) != NULL)
    hub->limits.max_depth = atoi (v);
  else if ((v = g_hash_table_lookup (args, "nodes")) != NULL)
    hub->limits.max_nodes = g_ascii_strtoull (v, NULL, 10);
  else if ((v = g_hash_table_lookup (args, "move-time")) != NULL)
    hub->limits.max_time_ms = (uint64_t) (g_ascii_strtod (v, NULL) * 1000);
  else if ((v = g_hash_table_lookup (args, "time")) != NULL)
    {
      /* Time left for the rest (or 30 more moves), plus the increment. */
      double time = g_ascii_strtod (v, NULL);
      const char *moves = g_hash_table_lookup (args, "moves");
      const char *inc = g_hash_table_lookup (args, "inc");
      double share = time / (moves != NULL && atoi (moves) > 0 ? atoi (moves) : 30);

      if (inc != NULL)
        share += g_ascii_strtod (inc, NULL) * 0.8;
      hub->limits.max_time_ms = (uint64_t) (MIN (share, time * 0.5) * 1000);
    }
}

int
dr_hub_run (FILE               *in,
            FILE               *out,
            const DrHubOptions *options)
{
  Hub hub = { 0 };
  g_autoptr (GString) line = g_string_new (NULL);
  gboolean initialised = FALSE;
  LineStatus status;

  g_return_val_if_fail (options->threads >= 1 && options->threads <= DR_SEARCH_MAX_THREADS, EXIT_FAILURE);
  g_return_val_if_fail (options->hash_mb >= 1 && options->hash_mb <= DR_HUB_MAX_HASH_MB, EXIT_FAILURE);
  hub.out = out;
  pthread_mutex_init (&hub.out_lock, NULL);
  hub.rules = &dr_rules_international;
  hub.history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  dr_rules_initial (hub.rules, &hub.pos);
  hub.limits.max_depth = 12;
  hub.limits.multipv = 1;
  hub.level = dr_opponent_level (options->level) != NULL ? options->level : dr_opponent_n_levels ();
  hub.hash_mb = options->hash_mb;
  hub.threads = options->threads;
  hub.weights_path = options->weights_path;
  hub.patterns_option = options->patterns_option;
  hub.book_option = options->book_option;
  hub.probcut_set = options->probcut_set;
  hub.probcut = options->probcut;
  hub.use_book = TRUE;
  hub.book_rand = g_rand_new ();

  while ((status = read_line (in, line)) != LINE_END)
    {
      g_autoptr (GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autoptr (GError) error = NULL;
      g_autofree char *command = NULL;
      DrMove book_move;

      /* A search that has said "done" is over: collect its thread. */
      if (hub.thread != NULL && !atomic_load (&hub.running))
        join_search (&hub);
      if (status == LINE_TOO_LONG)
        {
          say (&hub, "error message=\"a line longer than %d bytes: ignored\"", DR_HUB_MAX_LINE);
          continue;
        }
      if (status == LINE_NUL)
        {
          say (&hub, "error message=\"a line with a NUL byte: ignored\"");
          continue;
        }
      command = dr_hub_tokenize (line->str, args);
      if (command == NULL)
        continue;
      if (g_str_equal (command, "ping"))
        say (&hub, "pong");
      else if (g_str_equal (command, "quit"))
        break;
      else if (g_str_equal (command, "stop"))
        {
          if (initialised)
            stop_search (&hub);
        }
      /* The search thread reads the rules, position and limits: nothing
       * else may change them while it runs (ENGINES.md §4.1). */
      else if (hub.thread != NULL && !g_str_equal (command, "ponder-hit"))
        say (&hub, "error message=\"searching: only ping, stop and ponder-hit\"");
      else if (g_str_equal (command, "hub"))
        {
          g_autofree char *values = dr_hub_variant_names ();

          say (&hub, "id name=Draughtsman version=%s author=\"The Draughtsman authors\"", PACKAGE_VERSION);
          say (&hub, "param name=variant value=normal type=enum values=\"%s\"", values);
          say (&hub, "param name=hash value=%d type=int min=1 max=%d", hub.hash_mb, DR_HUB_MAX_HASH_MB);
          say (&hub, "param name=threads value=%d type=int min=1 max=%d", hub.threads, DR_SEARCH_MAX_THREADS);
          say (&hub, "param name=book value=%s type=bool", hub.use_book ? "true" : "false");
          {
            g_autofree char *dir = dr_egdb_default_dir ();
            say (&hub, "param name=egdb-dir value=\"%s\" type=string", dir);
          }
          {
            GString *ids = g_string_new (NULL);

            for (int i = 1; i <= dr_opponent_n_levels (); i++)
              g_string_append_printf (ids, "%s%s", i > 1 ? " " : "", dr_opponent_level (i)->id);
            say (&hub, "param name=level value=%s type=enum values=\"%s\"",
                 dr_opponent_level (hub.level)->id, ids->str);
            g_string_free (ids, TRUE);
          }
          say (&hub, "wait");
        }
      else if (g_str_equal (command, "set-param"))
        {
          if (!set_param (&hub, args, initialised, &error))
            say_error (&hub, error);
        }
      else if (g_str_equal (command, "init"))
        {
          if (!setup (&hub, hub.rules, hub.hash_mb, &error))
            say_error (&hub, error);
          else
            {
              dr_rules_initial (hub.rules, &hub.pos);
              g_array_set_size (hub.history, 0);
              initialised = TRUE;
              say (&hub, "ready");
            }
        }
      else if (!initialised)
        say (&hub, "error message=\"init first\"");
      else if (g_str_equal (command, "new-game"))
        dr_search_clear (hub.search);
      else if (g_str_equal (command, "pos"))
        {
          if (!set_position (&hub, args, &error))
            say_error (&hub, error);
        }
      else if (g_str_equal (command, "level"))
        set_level (&hub, args);
      else if (g_str_equal (command, "go") && hub.use_book && hub.book != NULL
               && hub.level == dr_opponent_n_levels () && !g_hash_table_contains (args, "ponder")
               && dr_book_pick (hub.book, &hub.pos, hub.book_rand, &book_move))
        {
          /* A book move, at full strength only (the levels choose their
           * own), answered at once: nothing to ponder on. */
          g_autofree char *move = dr_move_to_hub (hub.rules, &book_move);
          DrPosition after;
          DrMove reply;

          say (&hub, "info depth=0 pv=\"%s\" book=true", move);
          /* The reply expected: the book's heaviest, if it has one. */
          dr_position_apply (&after, &hub.pos, &book_move);
          if (dr_book_pick (hub.book, &after, NULL, &reply))
            {
              g_autofree char *ponder = dr_move_to_hub (hub.rules, &reply);

              say (&hub, "done move=%s ponder=%s", move, ponder);
            }
          else
            say (&hub, "done move=%s", move);
        }
      else if (g_str_equal (command, "go"))
        {
          /* Levels are defined on one thread (dr-opponent.h); should
           * memory run out on the way back to more, the search stays on
           * one. */
          hub.go_level = hub.level;
          dr_search_set_threads (hub.search, hub.go_level < dr_opponent_n_levels () ? 1 : hub.threads);
          hub.generation++;
          atomic_store (&hub.abort, hub.generation);
          atomic_store (&hub.pondering, g_hash_table_contains (args, "ponder") ? 1 : 0);
          atomic_store (&hub.running, true);
          hub.thread = g_thread_new ("hub-search", search_thread, &hub);
        }
      else if (g_str_equal (command, "ponder-hit"))
        {
          /* The search's clock starts now.  Without a search (a ponder
           * search may end on its own, e.g. on a proven win, and has said
           * "done") there is nothing to do. */
          atomic_store (&hub.pondering, 0);
        }
      else
        say (&hub, "error message=\"bad command\"");
    }
  stop_search (&hub);
  if (hub.search != NULL)
    dr_search_free (hub.search);
  g_clear_pointer (&hub.egdb, dr_egdb_free);
  g_clear_pointer (&hub.patterns, dr_patterns_free);
  g_clear_pointer (&hub.book, dr_book_free);
  g_rand_free (hub.book_rand);
  g_free (hub.egdb_dir);
  g_array_unref (hub.history);
  pthread_mutex_destroy (&hub.out_lock);
  return 0;
}
