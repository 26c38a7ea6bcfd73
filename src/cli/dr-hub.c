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
 */

#define G_LOG_DOMAIN "dr-hub"

#include "config.h"

#include "dr-cli-egdb.h"
#include "dr-hub.h"

#include "dr-cli-learn.h"
#include "dr-tune.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-hub-text.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-opponent.h"
#include "dr-search.h"

#include <glib.h>
#include <string.h>

/* The base of the seeds of the levels' choices (dr_opponent_seed()). */
#define HUB_SEED 0x44726f70u

typedef struct
{
  FILE          *out;
  GMutex         out_lock;
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

  g_mutex_lock (&hub->out_lock);
  va_start (args, format);
  vfprintf (hub->out, format, args);
  va_end (args);
  fputc ('\n', hub->out);
  fflush (hub->out);
  g_mutex_unlock (&hub->out_lock);
}

static gboolean
set_position (Hub        *hub,
              const char *text,
              const char *moves)
{
  DrPosition pos;
  g_auto (GStrv) list = NULL;

  if (!dr_hub_position_parse (hub->rules, text, &pos))
    return FALSE;
  g_array_set_size (hub->history, 0);
  if (moves != NULL)
    {
      list = g_strsplit (moves, " ", -1);
      for (guint i = 0; list[i] != NULL; i++)
        {
          DrMove move;
          if (list[i][0] == '\0')
            continue;
          if (!dr_move_parse_hub (hub->rules, &pos, list[i], &move, NULL))
            return FALSE;
          g_array_append_val (hub->history, pos);
          dr_position_apply (&pos, &pos, &move);
        }
    }
  hub->pos = pos;
  return TRUE;
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
  char line[65536];
  gboolean initialised = FALSE;
  const char *weights_path = options->weights_path;
  const char *patterns_option = options->patterns_option;
  int level = options->level;
  int hash_mb = options->hash_mb;
  int threads = options->threads;

  g_return_val_if_fail (threads >= 1 && threads <= DR_SEARCH_MAX_THREADS, EXIT_FAILURE);
  g_return_val_if_fail (hash_mb >= 1 && hash_mb <= DR_HUB_MAX_HASH_MB, EXIT_FAILURE);
  hub.out = out;
  g_mutex_init (&hub.out_lock);
  hub.rules = &dr_rules_international;
  hub.history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  dr_rules_initial (hub.rules, &hub.pos);
  hub.limits.max_depth = 12;
  hub.limits.multipv = 1;
  hub.level = dr_opponent_level (level) != NULL ? level : dr_opponent_n_levels ();

  while (fgets (line, sizeof line, in) != NULL)
    {
      g_autoptr (GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autofree char *command = NULL;

      g_strchomp (line);
      /* A search that has said "done" is over: collect its thread. */
      if (hub.thread != NULL && !atomic_load (&hub.running))
        join_search (&hub);
      command = dr_hub_tokenize (line, args);
      if (command == NULL)
        continue;
      if (g_str_equal (command, "hub"))
        {
          g_autofree char *values = dr_hub_variant_names ();

          say (&hub, "id name=Draughtsman version=%s author=\"The Draughtsman authors\"", PACKAGE_VERSION);
          say (&hub, "param name=variant value=normal type=enum values=\"%s\"", values);
          say (&hub, "param name=hash value=%d type=int min=1 max=%d", hash_mb, DR_HUB_MAX_HASH_MB);
          say (&hub, "param name=threads value=%d type=int min=1 max=%d", threads, DR_SEARCH_MAX_THREADS);
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
          const char *name = g_hash_table_lookup (args, "name");
          const char *value = g_hash_table_lookup (args, "value");

          if (g_strcmp0 (name, "variant") == 0 && value != NULL)
            {
              const DrRules *rules = dr_hub_variant_rules (value);
              if (rules == NULL)
                say (&hub, "error message=\"unknown variant %s\"", value);
              else
                hub.rules = rules;
            }
          else if (g_strcmp0 (name, "hash") == 0 && value != NULL)
            hash_mb = CLAMP (atoi (value), 1, DR_HUB_MAX_HASH_MB);
          else if (g_strcmp0 (name, "threads") == 0 && value != NULL)
            threads = CLAMP (atoi (value), 1, DR_SEARCH_MAX_THREADS);
          else if (g_strcmp0 (name, "egdb-dir") == 0 && value != NULL)
            {
              g_free (hub.egdb_dir);
              hub.egdb_dir = g_strdup (value);
            }
          else if (g_strcmp0 (name, "level") == 0 && value != NULL)
            {
              int level_value = dr_opponent_level_from_id (value);

              if (level_value == 0)
                say (&hub, "error message=\"unknown level %s\"", value);
              else
                hub.level = level_value;
            }
        }
      else if (g_str_equal (command, "init"))
        {
          if (hub.search != NULL)
            dr_search_free (hub.search);
          hub.search = dr_search_new (hub.rules, (size_t) hash_mb);
          if (hub.search != NULL && !dr_search_set_threads (hub.search, threads))
            say (&hub, "error message=\"not enough memory for %d threads: searching on one\"", threads);
          g_clear_pointer (&hub.egdb, dr_egdb_free);
          hub.egdb = dr_cli_egdb_for_search (hub.rules, hub.egdb_dir, "hub");
          dr_search_set_egdb (hub.search, hub.egdb);
          g_clear_pointer (&hub.patterns, dr_patterns_free);
          if (hub.search != NULL)
            {
              gboolean ok;

              hub.patterns = dr_cli_patterns_for_search (hub.search, patterns_option, "hub", &ok);
              if (!ok)
                say (&hub, "error message=\"pattern weights %s do not load: the shipped ones are used\"", patterns_option);
            }
          if (weights_path != NULL)
            {
              DrEvalWeights weights = *dr_eval_default_weights (hub.rules);
              g_autoptr (GError) error = NULL;

              if (dr_eval_weights_load (weights_path, &weights, &error))
                dr_search_set_weights (hub.search, &weights);
              else
                say (&hub, "error message=\"%s\"", error->message);
            }
          dr_rules_initial (hub.rules, &hub.pos);
          initialised = TRUE;
          say (&hub, "ready");
        }
      else if (g_str_equal (command, "ping"))
        say (&hub, "pong");
      else if (g_str_equal (command, "quit"))
        break;
      else if (!initialised)
        say (&hub, "error message=\"init first\"");
      else if (g_str_equal (command, "stop"))
        stop_search (&hub);
      else if (hub.thread != NULL && !g_str_equal (command, "ponder-hit"))
        say (&hub, "error message=\"searching: only ping, stop and ponder-hit\"");
      else if (g_str_equal (command, "new-game"))
        dr_search_clear (hub.search);
      else if (g_str_equal (command, "pos"))
        {
          if (g_hash_table_contains (args, "start"))
            {
              dr_rules_initial (hub.rules, &hub.pos);
              g_array_set_size (hub.history, 0);
            }
          else if (!set_position (&hub, g_hash_table_lookup (args, "pos"), g_hash_table_lookup (args, "moves")))
            say (&hub, "error message=\"bad position\"");
        }
      else if (g_str_equal (command, "level"))
        set_level (&hub, args);
      else if (g_str_equal (command, "go"))
        {
          /* Levels are defined on one thread (dr-opponent.h); should
           * memory run out on the way back to more, the search stays on
           * one. */
          hub.go_level = hub.level;
          dr_search_set_threads (hub.search, hub.go_level < dr_opponent_n_levels () ? 1 : threads);
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
  g_free (hub.egdb_dir);
  g_array_unref (hub.history);
  g_mutex_clear (&hub.out_lock);
  return 0;
}
