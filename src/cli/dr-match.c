/* dr-match.c — two engines, Hub or DXP, play each other from openings
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An engine is a command line started with GSubprocess and spoken to in
 * the Hub protocol (ENGINES.md §4.1) on its standard input and output, or
 * "dxp:HOST[:PORT]", a DXP follower (§4.2) that this program connects to
 * as the initiator: a GAMEREQ for each game with the opening as its setup,
 * the other engine's moves relayed as MOVE messages, a GAMEEND at the end.
 * Every opening is played twice, colours reversed.  The referee is this
 * file: it checks each move with the rules, sends every Hub position as
 * the one after the last irreversible move plus the moves since (what Hub
 * sends, for repetitions), and ends games by the variant's rules.  An
 * illegal move loses the game, and so does no answer within the time
 * limit (dr_timed_reader_read() bounds every wait); an engine that dies,
 * breaks the protocol or does not recover from a time-out ends the match.
 */

#define G_LOG_DOMAIN "dr-match"

#include "config.h"

#include "dr-match.h"
#include "dr-game.h"

#include "dr-draw.h"
#include "dr-dxp.h"
#include "dr-fen.h"
#include "dr-hub-client.h"
#include "dr-hub-text.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK (dr-match-error-quark, dr_match_error)

/* A game that the draw rules have not ended by then is adjudicated a draw. */
#define MAX_PLIES 600

/* Elo ----------------------------------------------------------------- */

static double
score_to_elo (double score)
{
  if (score <= 0.0)
    return -INFINITY;
  if (score >= 1.0)
    return INFINITY;
  return -400.0 * log10 (1.0 / score - 1.0);
}

/**
 * dr_match_elo:
 * @wins: games won by the first engine
 * @draws: games drawn
 * @losses: games lost by the first engine
 * @elo: (out): the first engine's Elo advantage
 * @margin: (out): half the width of its 95% interval
 *
 * The logistic model: a score s (a win 1, a draw 1/2) means an Elo
 * difference of -400 log10 (1/s - 1).  The interval is that of the score,
 * s ± 1.96 standard errors (the games' own variance over the square root
 * of their number), mapped through the same curve, as cutechess-cli does.
 */
void
dr_match_elo (int     wins,
              int     draws,
              int     losses,
              double *elo,
              double *margin)
{
  int n = wins + draws + losses;
  double s, variance, se;

  if (n == 0)
    {
      *elo = 0.0;
      *margin = INFINITY;
      return;
    }
  s = (wins + 0.5 * draws) / n;
  variance = (wins * (1.0 - s) * (1.0 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
  se = sqrt (variance / n);
  *elo = score_to_elo (s);
  if (*elo == 0.0)
    *elo = 0.0;   /* not "-0.0" */
  *margin = (score_to_elo (s + 1.96 * se) - score_to_elo (s - 1.96 * se)) / 2.0;
}

/**
 * dr_match_elo_bound:
 * @wins: games won by the first engine
 * @draws: games drawn
 * @losses: games lost by the first engine
 *
 * When one engine scored every point, the Elo difference has no finite
 * estimate, but it has a 95% bound: the Wilson score interval's end for a
 * score of 0 is z²/(N + z²) (z = 1.96), and for a score of 1 one minus
 * that, mapped through -400 log10 (1/s - 1).
 *
 * Returns: the upper bound when nothing was scored, the lower bound when
 * everything was, NAN otherwise
 */
double
dr_match_elo_bound (int wins,
                    int draws,
                    int losses)
{
  int n = wins + draws + losses;
  double z2 = 1.96 * 1.96, end;

  if (n == 0 || (wins + draws > 0 && draws + losses > 0))
    return NAN;
  end = z2 / (n + z2);
  return score_to_elo (wins == n ? 1.0 - end : end);
}

/* Openings ------------------------------------------------------------- */

/**
 * dr_match_read_openings:
 * @path: a file name
 * @rules: the variant the positions are in
 * @codes: (out) (optional): the openings' codes
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the FEN of each opening
 */
GPtrArray *
dr_match_read_openings (const char     *path,
                        const DrRules  *rules,
                        GPtrArray     **codes,
                        GError        **error)
{
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) fens = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (!g_file_get_contents (path, &contents, NULL, error))
    return NULL;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = NULL;
      g_autoptr (GError) local = NULL;
      char *line = g_strstrip (lines[i]);
      char *fen;
      DrPosition pos;
      guint n;

      if (line[0] == '\0' || line[0] == '#')
        continue;
      fields = g_strsplit (line, "|", -1);
      n = g_strv_length (fields);
      fen = g_strstrip (fields[n - 1]);
      if (!dr_fen_parse (rules, fen, &pos, &local))
        {
          g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_OPENINGS,
                       _("%s:%u: %s"), path, i + 1, local->message);
          return NULL;
        }
      g_ptr_array_add (fens, g_strdup (fen));
      g_ptr_array_add (names, g_strdup (n > 1 ? g_strstrip (fields[0]) : ""));
    }
  if (fens->len == 0)
    {
      g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_OPENINGS,
                   _("%s: no openings in the file"), path);
      return NULL;
    }
  if (codes != NULL)
    *codes = g_steal_pointer (&names);
  return g_steal_pointer (&fens);
}

/* Engines -------------------------------------------------------------- */

/* An engine is a Hub command line, started here and spoken to on its
 * standard input and output, or "dxp:HOST[:PORT]", a DXP follower that
 * this referee connects to and asks for each game (ENGINES.md §4.2). */
typedef enum
{
  ENGINE_HUB,
  ENGINE_DXP,
} EngineKind;

typedef struct
{
  EngineKind        kind;
  char             *name;
  /* Hub */
  GSubprocess      *process;
  GOutputStream    *in;
  DrTimedReader    *out;
  int               pongs_due;    /* "ping"s sent whose "pong" is not read yet */
  DrHubClient      *hub;          /* what it declared, its lines read */
  /* DXP */
  DrDxpLink        *link;
  gboolean          playing;      /* a game is open on the link */
  gboolean          owes_answer;  /* it sent GAMEEND: ours is only an answer */
  gboolean          stopped;      /* its GAMEEND's stop code: no more games */
  gint64            used_ms;      /* of its clock in this game */
} Engine;

typedef struct
{
  const DrRules *rules;
  gint64         movetime_ms;
  gint64         timeout_ms;      /* 0: the defaults */
  int            minutes;         /* thinking time a side for a DXP game */
  int            threads;         /* for Hub engines that take "threads"; 0: theirs */
  int            hash_mb;         /* for Hub engines that take "hash"; 0: theirs */
} Match;

static gint64
handshake_ms (const Match *m)
{
  return m->timeout_ms > 0 ? m->timeout_ms : DR_WAIT_HANDSHAKE_MS;
}

static gint64
after_ms (gint64 ms)
{
  return g_get_monotonic_time () + ms * 1000;
}

static gboolean
engine_send (Engine     *e,
             GError    **error,
             const char *format,
             ...) G_GNUC_PRINTF (3, 4);

static gboolean
engine_send (Engine     *e,
             GError    **error,
             const char *format,
             ...)
{
  g_autofree char *line = NULL;
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  text = g_strconcat (line, "\n", NULL);
  if (!g_output_stream_write_all (e->in, text, strlen (text), NULL, NULL, error)
      || !g_output_stream_flush (e->in, NULL, error))
    {
      g_prefix_error (error, _("engine “%s”: "), e->name);
      return FALSE;
    }
  return TRUE;
}

/* The next line of a Hub engine, by @deadline; a time-out is
 * G_IO_ERROR_TIMED_OUT, its message saying how long (@limit_ms) and for
 * what (@what). */
static char *
engine_read_line (Engine     *e,
                  gint64      deadline,
                  gint64      limit_ms,
                  const char *what,
                  GError    **error)
{
  GError *local = NULL;
  gsize length;
  char *line = dr_timed_reader_read (e->out, '\n', deadline, NULL, &length, &local);

  if (line == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                       _("engine “%s” sent no %s within %lld ms"), e->name, what, (long long) limit_ms);
          g_error_free (local);
        }
      else if (local != NULL)
        g_propagate_prefixed_error (error, local, _("engine “%s”: "), e->name);
      else
        g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                     _("engine “%s” ended its output"), e->name);
      return NULL;
    }
  g_strchomp (line);
  return line;
}

static gboolean
hub_start (Engine         *e,
           const char     *command,
           const Match    *m,
           GError        **error)
{
  g_auto (GStrv) argv = NULL;
  g_autofree char *variant = NULL;
  GError *local = NULL;
  gint64 limit = handshake_ms (m), deadline = after_ms (limit);

  e->kind = ENGINE_HUB;
  e->name = g_strdup (command);
  if (!g_shell_parse_argv (command, NULL, &argv, error))
    {
      g_prefix_error (error, _("engine “%s”: "), command);
      return FALSE;
    }
  e->process = g_subprocess_newv ((const char * const *) argv,
                                  G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE, error);
  if (e->process == NULL)
    {
      g_prefix_error (error, _("engine “%s”: "), command);
      return FALSE;
    }
  e->in = g_subprocess_get_stdin_pipe (e->process);
  e->out = dr_timed_reader_new (g_subprocess_get_stdout_pipe (e->process), DR_HUB_CLIENT_MAX_LINE);
  e->hub = dr_hub_client_new ();
  if (!engine_send (e, error, "hub"))
    return FALSE;
  for (;;)
    {
      g_autofree char *line = engine_read_line (e, deadline, limit, _("“wait” in answer to “hub”"), error);
      DrHubReply reply = { 0 };
      DrHubLine kind;

      if (line == NULL)
        return FALSE;
      kind = dr_hub_client_read_line (e->hub, line, NULL, NULL, &reply);
      dr_hub_reply_clear (&reply);
      if (kind == DR_HUB_LINE_ID && dr_hub_client_get_name (e->hub) != NULL)
        {
          g_free (e->name);
          e->name = g_strdup (dr_hub_client_get_name (e->hub));
        }
      else if (kind == DR_HUB_LINE_WAIT)
        break;
    }
  variant = dr_hub_client_variant_line (e->hub, m->rules, &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (variant != NULL && !engine_send (e, error, "%s", variant))
    return FALSE;
  /* Threads and table size, where the engine takes them (Hub "param"). */
  if (m->threads > 0 && dr_hub_client_declares (e->hub, "threads")
      && !engine_send (e, error, "set-param name=threads value=%d", m->threads))
    return FALSE;
  if (m->threads > 0 && !dr_hub_client_declares (e->hub, "threads"))
    g_printerr (_("draughtsman-cli match: engine “%s” has no “threads” parameter; it searches as it does\n"), e->name);
  if (m->hash_mb > 0 && dr_hub_client_declares (e->hub, "hash")
      && !engine_send (e, error, "set-param name=hash value=%d", m->hash_mb))
    return FALSE;
  if (m->hash_mb > 0 && !dr_hub_client_declares (e->hub, "hash"))
    g_printerr (_("draughtsman-cli match: engine “%s” has no “hash” parameter; its table keeps its size\n"), e->name);
  if (!engine_send (e, error, "init"))
    return FALSE;
  deadline = after_ms (limit);
  for (;;)
    {
      g_autofree char *line = engine_read_line (e, deadline, limit, _("“ready” in answer to “init”"), error);
      DrHubReply reply = { 0 };
      DrHubLine kind;

      if (line == NULL)
        return FALSE;
      kind = dr_hub_client_read_line (e->hub, line, NULL, NULL, &reply);
      if (kind == DR_HUB_LINE_ERROR)
        g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                     _("engine “%s”: %s"), e->name, line);
      dr_hub_reply_clear (&reply);
      if (kind == DR_HUB_LINE_READY)
        return TRUE;
      if (kind == DR_HUB_LINE_ERROR)
        return FALSE;
    }
}

static gboolean
engine_start (Engine         *e,
              const char     *spec,
              const Match    *m,
              GError        **error)
{
  if (g_str_has_prefix (spec, "hub:"))
    return hub_start (e, spec + 4, m, error);
  if (!g_str_has_prefix (spec, "dxp:"))
    return hub_start (e, spec, m, error);
  e->kind = ENGINE_DXP;
  e->name = g_strdup (spec);
  if (m->rules != &dr_rules_international)
    {
      g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                   _("engine “%s”: DXP plays International draughts only"), spec);
      return FALSE;
    }
  e->link = dr_dxp_link_connect (spec + 4, FALSE, error);
  if (e->link == NULL)
    {
      g_prefix_error (error, _("engine “%s”: "), spec);
      return FALSE;
    }
  return TRUE;
}

static void
exited_cb (GObject      *process,
           GAsyncResult *result,
           gpointer      data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (process), result, NULL);
  *(gboolean *) data = TRUE;
}

static gboolean
flag_set_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Asks a Hub engine to quit and gives it @limit_ms to do so. */
static void
hub_stop (Engine *e,
          gint64  limit_ms)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  GSource *timer = g_timeout_source_new ((guint) limit_ms);
  gboolean exited = FALSE, late = FALSE;

  engine_send (e, NULL, "quit");
  g_output_stream_close (e->in, NULL, NULL);
  g_main_context_push_thread_default (context);
  g_subprocess_wait_async (e->process, NULL, exited_cb, &exited);
  g_source_set_callback (timer, flag_set_cb, &late, NULL);
  g_source_attach (timer, context);
  while (!exited && !late)
    g_main_context_iteration (context, TRUE);
  if (!exited)
    {
      g_printerr (_("draughtsman-cli match: engine “%s” did not quit; stopping it\n"), e->name);
      g_subprocess_force_exit (e->process);
      while (!exited)
        g_main_context_iteration (context, TRUE);
    }
  g_source_destroy (timer);
  g_source_unref (timer);
  g_main_context_pop_thread_default (context);
}

static void
engine_stop (Engine      *e,
             const Match *m)
{
  if (e->process != NULL)
    {
      hub_stop (e, handshake_ms (m));
      g_clear_pointer (&e->out, dr_timed_reader_free);
      g_clear_object (&e->process);
      g_clear_pointer (&e->hub, dr_hub_client_free);
    }
  g_clear_pointer (&e->link, dr_dxp_link_free);
  g_free (e->name);
}

/* Asks @e for a move in @base followed by @moves (DrMove), within
 * @limit_ms.
 *
 * A "ping" follows "go": the answers come in order, so an "error" before
 * the "pong" says that the engine refused part of the request, and the
 * game cannot go on. */
static char *
hub_think (Engine           *e,
           const DrRules    *rules,
           const DrPosition *base,
           GArray           *moves,
           gint64            movetime_ms,
           gint64            limit_ms,
           GError          **error)
{
  g_autofree char *pos = dr_hub_pos_line (rules, base, (const DrMove *) (void *) moves->data, moves->len);
  char seconds[G_ASCII_DTOSTR_BUF_SIZE];
  int refused = 0;
  gboolean pong = FALSE, searching = TRUE;
  g_autofree char *move = NULL;
  g_autofree char *refusal = NULL;
  gint64 deadline = after_ms (limit_ms);

  g_ascii_formatd (seconds, sizeof seconds, "%.3f", movetime_ms / 1000.0);
  if (!engine_send (e, error, "%s", pos)
      || !engine_send (e, error, "level move-time=%s", seconds)
      || !engine_send (e, error, "go think")
      || !engine_send (e, error, "ping"))
    return NULL;
  e->pongs_due++;
  /* Until both the pong and (unless all three were refused) the done. */
  while (!pong || searching)
    {
      g_autofree char *line = engine_read_line (e, deadline, limit_ms, _("move"), error);
      DrHubReply reply = { 0 };
      DrHubLine kind;

      if (line == NULL)
        return NULL;
      kind = dr_hub_client_read_line (e->hub, line, NULL, NULL, &reply);
      if (kind == DR_HUB_LINE_ERROR && !pong)
        {
          if (refusal == NULL)
            refusal = g_strdup (line);
          if (++refused == 3)
            searching = FALSE;
        }
      else if (kind == DR_HUB_LINE_PONG)
        pong = --e->pongs_due == 0;
      else if (kind == DR_HUB_LINE_DONE)
        {
          searching = FALSE;
          g_free (move);
          move = g_steal_pointer (&reply.move);
          if (move == NULL && refused == 0)
            {
              g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                           _("engine “%s” answered “%s” without a move"), e->name, line);
              dr_hub_reply_clear (&reply);
              return NULL;
            }
        }
      dr_hub_reply_clear (&reply);
    }
  if (refused == 0)
    return g_steal_pointer (&move);
  g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
               _("engine “%s” refused the position: %s"), e->name, refusal);
  return NULL;
}

/* After a time-out: "stop", then a "ping" answered by "pong" in time
 * says that the Hub engine listens again. */
static gboolean
hub_recover (Engine      *e,
             const Match *m,
             GError     **error)
{
  gint64 limit = handshake_ms (m), deadline = after_ms (limit);

  if (!engine_send (e, error, "stop") || !engine_send (e, error, "ping"))
    return FALSE;
  e->pongs_due++;
  /* Every "pong" due, the one for the ping sent with the "go" included
   * if it had not come: the last is the answer to this "ping", which
   * the engine sends after the "done" that "stop" brings, so nothing of
   * the game timed out is left to be read as the next game's answer. */
  for (;;)
    {
      g_autofree char *line = engine_read_line (e, deadline, limit, _("“pong” after “stop”"), error);

      DrHubReply reply = { 0 };
      DrHubLine kind;

      if (line == NULL)
        return FALSE;
      kind = dr_hub_client_read_line (e->hub, line, NULL, NULL, &reply);
      dr_hub_reply_clear (&reply);
      if (kind == DR_HUB_LINE_PONG && --e->pongs_due == 0)
        return TRUE;
    }
}

/* Asks the DXP follower @e for a game from @start, it playing @side. */
static gboolean
dxp_begin (Engine           *e,
           const Match      *m,
           const DrPosition *start,
           DrSide            side,
           GError          **error)
{
  DrDxpMessage req, acc;
  gint64 limit = handshake_ms (m);
  GError *local = NULL;
  gboolean eof = FALSE;

  if (e->stopped)
    {
      g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                   _("engine “%s” wants no more games (GAMEEND stop code 1)"), e->name);
      return FALSE;
    }
  dr_dxp_game_request (&req, "Draughtsman match", start, side, m->minutes);
  if (!dr_dxp_link_send (e->link, &req, error))
    return FALSE;
  if (!dr_dxp_link_receive (e->link, &acc, after_ms (limit), NULL, &eof, &local))
    {
      if (eof)
        g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                     _("engine “%s” closed the connection instead of answering GAMEREQ"), e->name);
      else if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                       _("engine “%s” sent no GAMEACC within %lld ms"), e->name, (long long) limit);
          g_error_free (local);
        }
      else
        g_propagate_prefixed_error (error, local, _("engine “%s”: "), e->name);
      return FALSE;
    }
  if (acc.type != DR_DXP_GAMEACC)
    {
      g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                   _("engine “%s” answered GAMEREQ with %s"), e->name, dr_dxp_type_name (acc.type));
      return FALSE;
    }
  if (acc.name[0] != '\0')
    {
      g_free (e->name);
      e->name = g_strdup (acc.name);
    }
  if (!dr_dxp_check_acceptance (&acc, error))
    return FALSE;
  e->playing = TRUE;
  e->owes_answer = FALSE;
  e->used_ms = 0;
  return TRUE;
}

/* Ends the game open on @e's link with @reason (ours, the initiator's)
 * and stop code @stop.  If @e ended it, ours is the answer; else we wait
 * for its answer, skipping the moves it may have sent before ours came. */
static gboolean
dxp_end (Engine         *e,
         const Match    *m,
         DrDxpEndReason  reason,
         gboolean        stop,
         GError        **error)
{
  DrDxpMessage end = { .type = DR_DXP_GAMEEND, .reason = reason, .stop = stop };
  gint64 limit = handshake_ms (m), deadline = after_ms (limit);
  GError *local = NULL;

  e->playing = FALSE;
  if (!dr_dxp_link_send (e->link, &end, error))
    return FALSE;
  if (e->owes_answer)
    return TRUE;
  for (;;)
    {
      DrDxpMessage msg;

      if (!dr_dxp_link_receive (e->link, &msg, deadline, NULL, NULL, &local))
        {
          if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                           _("engine “%s” did not answer our GAMEEND within %lld ms"),
                           e->name, (long long) limit);
              g_error_free (local);
            }
          else
            g_propagate_prefixed_error (error, local, _("engine “%s”: "), e->name);
          return FALSE;
        }
      if (msg.type == DR_DXP_GAMEEND)
        {
          e->stopped = msg.stop;
          return TRUE;
        }
      if (msg.type != DR_DXP_MOVE)
        {
          g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                       _("engine “%s” answered GAMEEND with %s"), e->name, dr_dxp_type_name (msg.type));
          return FALSE;
        }
    }
}

/* What an engine did in its turn. */
typedef enum
{
  REPLY_MOVE,       /* a legal move */
  REPLY_ILLEGAL,    /* a move that is not legal: it loses */
  REPLY_TIMEOUT,    /* nothing within the limit: it loses */
  REPLY_END,        /* a DXP GAMEEND instead of a move */
  REPLY_ERROR,      /* it died or broke the protocol: the match ends */
} Reply;

/* Asks @e, to move in @pos, for its move; on REPLY_ILLEGAL and
 * REPLY_TIMEOUT *@detail says what happened, on REPLY_END *@claim is its
 * GAMEEND reason. */
static Reply
engine_move (Engine           *e,
             const Match      *m,
             const DrPosition *base,
             GArray           *moves,
             const DrPosition *pos,
             DrMove           *move,
             DrDxpEndReason   *claim,
             char            **detail,
             GError          **error)
{
  GError *local = NULL;

  if (e->kind == ENGINE_HUB)
    {
      gint64 limit = m->timeout_ms > 0 ? m->timeout_ms : 3 * m->movetime_ms + DR_WAIT_GRACE_MS;
      g_autofree char *text = hub_think (e, m->rules, base, moves, m->movetime_ms, limit, &local);

      if (text == NULL)
        {
          if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
            {
              *detail = g_strdup (local->message);
              g_error_free (local);
              return REPLY_TIMEOUT;
            }
          g_propagate_error (error, local);
          return REPLY_ERROR;
        }
      if (!dr_move_parse_hub (m->rules, pos, text, move, &local))
        {
          *detail = g_strdup_printf (_("“%s” played “%s”: %s"), e->name, text, local->message);
          g_error_free (local);
          return REPLY_ILLEGAL;
        }
      return REPLY_MOVE;
    }
  else
    {
      /* Its own clock, which GAMEREQ set, bounds its moves. */
      gint64 clock_left = MAX ((gint64) m->minutes * 60000 - e->used_ms, 0);
      gint64 limit = m->timeout_ms > 0 ? m->timeout_ms
                     : MAX (3 * m->movetime_ms, clock_left) + DR_WAIT_GRACE_MS;
      gint64 t0 = g_get_monotonic_time ();
      DrDxpMessage msg;

      if (!dr_dxp_link_receive (e->link, &msg, t0 + limit * 1000, NULL, NULL, &local))
        {
          if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
            {
              *detail = g_strdup_printf (_("engine “%s” sent no move within %lld ms"),
                                         e->name, (long long) limit);
              g_error_free (local);
              return REPLY_TIMEOUT;
            }
          g_propagate_prefixed_error (error, local, _("engine “%s”: "), e->name);
          return REPLY_ERROR;
        }
      e->used_ms += (g_get_monotonic_time () - t0) / 1000;
      if (msg.type == DR_DXP_GAMEEND)
        {
          *claim = msg.reason;
          e->owes_answer = TRUE;
          e->stopped = msg.stop;
          return REPLY_END;
        }
      if (msg.type != DR_DXP_MOVE)
        {
          g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                       _("engine “%s” sent %s instead of a move"), e->name, dr_dxp_type_name (msg.type));
          return REPLY_ERROR;
        }
      if (!dr_dxp_message_get_move (&msg, pos, move, &local))
        {
          *detail = g_strdup_printf (_("“%s” played an illegal move: %s"), e->name, local->message);
          g_error_free (local);
          return REPLY_ILLEGAL;
        }
      return REPLY_MOVE;
    }
}

/* The match --------------------------------------------------------------- */

/* Plays game @number from @fen; returns White's points (2 a win, 1 a
 * draw, 0 a loss), the moves in @played (DrMove) and what ended it in
 * *@how, or -1 on an engine failure.
 * A result can come with an error as well: the game counts, but an
 * engine cannot go on (it did not end the game as DXP asks, or did not
 * recover from a time-out). */
static int
play_game (Match      *m,
           Engine     *white,
           Engine     *black,
           int         number,
           gboolean    last,
           const char *fen,
           GArray     *played,
           char      **how,
           GError    **error)
{
  const DrRules *rules = m->rules;
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (DrMove));
  Engine *timed_out = NULL;
  DrPosition pos, base;
  DrMove last_move = { 0 };
  gboolean relay = FALSE;
  int relay_seconds = 0;
  DrSide first_turn;
  int points;

  if (!dr_fen_parse (rules, fen, &pos, error))
    return -1;
  for (int i = 0; i < 2; i++)
    {
      Engine *e = i == 0 ? white : black;
      DrSide side = i == 0 ? DR_SIDE_WHITE : DR_SIDE_BLACK;

      if (!(e->kind == ENGINE_HUB ? engine_send (e, error, "new-game")
                                  : dxp_begin (e, m, &pos, side, error)))
        return -1;
    }
  base = pos;
  first_turn = pos.turn;
  g_array_append_val (history, pos);
  for (;;)
    {
      const DrDrawRule *which = NULL;
      DrStatus status = dr_game_status (rules, (const DrPosition *) history->data, history->len, &which);
      Engine *e = pos.turn == DR_SIDE_WHITE ? white : black;
      const char *colour = pos.turn == DR_SIDE_WHITE ? _("White") : _("Black");
      /* Moves are numbered from the opening position. */
      int move_number = (int) (history->len - 1 + (first_turn == DR_SIDE_BLACK)) / 2 + 1;
      g_autofree char *detail = NULL;
      DrDxpEndReason claim = DR_DXP_END_UNKNOWN;
      gint64 t0;
      DrMove move;
      Reply reply;

      if (status == DR_STATUS_WHITE_WINS)
        {
          *how = g_strdup (_("Black cannot move"));
          points = 2;
          break;
        }
      if (status == DR_STATUS_BLACK_WINS)
        {
          *how = g_strdup (_("White cannot move"));
          points = 0;
          break;
        }
      if (status == DR_STATUS_DRAW)
        {
          *how = g_strdup_printf (_("draw, %s"), which != NULL ? which->article : "");
          points = 1;
          break;
        }
      if (history->len > MAX_PLIES)
        {
          *how = g_strdup_printf (_("adjudicated a draw after %d plies"), MAX_PLIES);
          points = 1;
          break;
        }
      /* A DXP engine hears of the other side's move only now that the
       * game goes on: a move that ends it is answered by our GAMEEND. */
      if (relay && e->kind == ENGINE_DXP)
        {
          DrDxpMessage msg;

          dr_dxp_message_set_move (&msg, &last_move, relay_seconds);
          if (!dr_dxp_link_send (e->link, &msg, error))
            {
              g_prefix_error (error, _("engine “%s”: "), e->name);
              return -1;
            }
        }
      t0 = g_get_monotonic_time ();
      reply = engine_move (e, m, &base, moves, &pos, &move, &claim, &detail, error);
      if (reply == REPLY_ERROR)
        return -1;
      if (reply == REPLY_TIMEOUT)
        {
          g_printerr (_("draughtsman-cli match: game %d, move %d (%s): %s; it forfeits the game\n"),
                      number, move_number, colour, detail);
          *how = g_strdup_printf (_("%s at move %d: forfeit"), detail, move_number);
          points = pos.turn == DR_SIDE_WHITE ? 0 : 2;
          timed_out = e;
          break;
        }
      if (reply == REPLY_ILLEGAL)
        {
          g_printerr (_("draughtsman-cli match: game %d, move %d (%s): %s; it loses the game\n"),
                      number, move_number, colour, detail);
          *how = g_strdup_printf (_("%s at move %d: loss"), detail, move_number);
          points = pos.turn == DR_SIDE_WHITE ? 0 : 2;
          break;
        }
      if (reply == REPLY_END)
        {
          /* The rules have not ended the game: a draw or an unknown
           * result is taken as a draw, giving up as a loss, a claimed
           * win as a loss too. */
          gboolean draw = claim == DR_DXP_END_DRAW || claim == DR_DXP_END_UNKNOWN;

          *how = g_strdup_printf (claim == DR_DXP_END_I_LOSE ? _("“%s” gave up")
                                  : claim == DR_DXP_END_DRAW ? _("“%s” called a draw")
                                  : claim == DR_DXP_END_I_WIN ? _("“%s” claimed a win that the rules do not give")
                                  : _("“%s” ended the game without a result: a draw"), e->name);
          points = draw ? 1 : pos.turn == DR_SIDE_WHITE ? 0 : 2;
          break;
        }

      relay = TRUE;
      last_move = move;
      g_array_append_val (played, move);
      relay_seconds = (int) ((g_get_monotonic_time () - t0 + 500000) / G_USEC_PER_SEC);
      /* A capture or a man's move cannot be undone: the next positions
       * are sent from here. */
      if (move.captures != 0 || (pos.kings & ((DrBitboard) 1 << move.from)) == 0)
        {
          dr_position_apply (&pos, &pos, &move);
          base = pos;
          g_array_set_size (moves, 0);
        }
      else
        {
          g_array_append_val (moves, move);
          dr_position_apply (&pos, &pos, &move);
        }
      g_array_append_val (history, pos);
    }

  /* Close the game on each DXP link, with the result from our side;
   * bring a Hub engine that timed out back to listening. */
  for (int i = 0; i < 2; i++)
    {
      Engine *e = i == 0 ? white : black;
      int its = i == 0 ? points : 2 - points;
      DrDxpEndReason ours = its == 2 ? DR_DXP_END_I_LOSE : its == 1 ? DR_DXP_END_DRAW : DR_DXP_END_I_WIN;

      if (e->kind == ENGINE_DXP && e->playing && !dxp_end (e, m, ours, last, error))
        return points;
      if (e->kind == ENGINE_HUB && e == timed_out && !hub_recover (e, m, error))
        return points;
    }
  return points;
}

/* The sequential test ------------------------------------------------------ */

static double
elo_to_score (double elo)
{
  return 1.0 / (1.0 + pow (10.0, -elo / 400.0));
}

/**
 * dr_match_sprt_llr:
 * @wins: games won by the first engine
 * @draws: games drawn
 * @losses: games lost by the first engine
 * @elo0: the Elo difference of H0
 * @elo1: the Elo difference of H1
 *
 * The log-likelihood ratio of H1 (the first engine is @elo1 stronger)
 * against H0 (@elo0 stronger) after these games, in the normal
 * approximation of the generalized SPRT (the one fishtest used before its
 * pentanomial model): with N games of mean score x and variance v, the
 * expected scores s0 and s1 of the two hypotheses (logistic Elo),
 * LLR = N (s1 - s0) (2x - s0 - s1) / (2 v).
 *
 * Returns: the LLR; 0 while every game had the same result (v = 0:
 *   nothing to measure the spread by)
 */
double
dr_match_sprt_llr (int    wins,
                   int    draws,
                   int    losses,
                   double elo0,
                   double elo1)
{
  int n = wins + draws + losses;
  double x, v, s0 = elo_to_score (elo0), s1 = elo_to_score (elo1);

  if (n == 0)
    return 0.0;
  x = (wins + 0.5 * draws) / n;
  v = (wins * (1.0 - x) * (1.0 - x) + draws * (0.5 - x) * (0.5 - x) + losses * x * x) / n;
  if (v <= 0.0)
    return 0.0;
  return n * (s1 - s0) * (2.0 * x - s0 - s1) / (2.0 * v);
}

/**
 * dr_match_sprt_bounds:
 * @alpha: the chance of accepting H1 when H0 holds
 * @beta: the chance of accepting H0 when H1 holds
 * @lower: (out): H0 is accepted at an LLR at or below it
 * @upper: (out): H1 is accepted at an LLR at or above it
 *
 * Wald's bounds: ln (β / (1 - α)) and ln ((1 - β) / α).
 */
void
dr_match_sprt_bounds (double  alpha,
                      double  beta,
                      double *lower,
                      double *upper)
{
  *lower = log (beta / (1.0 - alpha));
  *upper = log ((1.0 - beta) / alpha);
}

/* The match's games, played by one or more slots at once ----------------- */

/* What the slots share: the games to hand out and the results.  Each slot
 * (a thread) has its own two engines and plays one game at a time. */
typedef struct
{
  Match         *m;
  const char    *specs[2];
  GPtrArray     *fens;
  GPtrArray     *codes;
  int            notation;        /* -1: as in the openings file */
  int            games;
  const char    *pdn_path;        /* NULL: no PDN file */
  gboolean       sprt;
  double         elo0, elo1, llr_lower, llr_upper;

  /* A pthread mutex, not a GMutex: ThreadSanitizer sees its orderings
   * (GLib's futexes it cannot), so the fields below stay checked. */
  pthread_mutex_t lock;
  int            next_game;       /* the next game to hand out */
  gboolean       stop;            /* no more games: decided, or a failure */
  int            wins, draws, losses;
  char          *names[2];
  GPtrArray     *pdn_games;       /* char *, each game's PDN text by number; NULL until played */
  GError        *error;           /* the first failure */
} Runner;

/* The game's record: the Seven Tag Roster, the opening, the reason it
 * ended (PDN.md §2: tags a reader does not know are kept). */
static char *
game_pdn (Runner        *r,
          int            number,
          const char    *fen,
          const char    *opening,
          const char    *white,
          const char    *black,
          int            points,
          const char    *how,
          GArray        *played)
{
  const DrRules *rules = r->m->rules;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  g_autofree char *round = g_strdup_printf ("%d", number);
  DrPosition start, initial;
  DrGame *game;
  DrGameNode *node;
  char *text;

  if (!dr_fen_parse (rules, fen, &start, NULL))
    g_return_val_if_reached (NULL);    /* play_game() read it */
  dr_rules_initial (rules, &initial);
  game = dr_game_new (rules, dr_position_equal (&start, &initial) ? NULL : &start);
  game->result = points == 2 ? DR_RESULT_WHITE_WINS : points == 1 ? DR_RESULT_DRAW : DR_RESULT_BLACK_WINS;
  dr_game_set_tag (game, "Event", "draughtsman-cli match");
  dr_game_set_tag (game, "Site", "?");
  dr_game_set_tag (game, "Date", date);
  dr_game_set_tag (game, "Round", round);
  dr_game_set_tag (game, "White", white);
  dr_game_set_tag (game, "Black", black);
  dr_game_set_tag (game, "Result", dr_result_to_string (game->result, rules));
  if (opening[0] != '\0')
    dr_game_set_tag (game, "Opening", opening);
  dr_game_set_tag (game, "Termination", how);
  node = game->root;
  for (guint i = 0; i < played->len; i++)
    node = dr_game_add_move (game, node, &g_array_index (played, DrMove, i));
  text = dr_pdn_write_game (game, r->notation >= 0 ? (DrNotation) r->notation : DR_NOTATION_NUMERIC);
  dr_game_free (game);
  return text;
}

/* Writes every game played so far, in the order of their numbers, in
 * place of the file (g_file_set_contents() writes a new file and renames
 * it: a match stopped at any moment leaves a whole file). */
static gboolean
write_pdn (Runner  *r,
           GError **error)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < r->pdn_games->len; i++)
    {
      const char *game = g_ptr_array_index (r->pdn_games, i);

      if (game == NULL)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, game);
    }
  if (!g_file_set_contents (r->pdn_path, text->str, (gssize) text->len, error))
    {
      g_prefix_error (error, _("cannot write the games to %s: "), r->pdn_path);
      return FALSE;
    }
  return TRUE;
}

/* Under the lock: the first failure stops the match. */
static void
runner_fail (Runner *r,
             GError *error)
{
  r->stop = TRUE;
  if (r->error == NULL)
    r->error = error;
  else
    g_error_free (error);
}

/* Under the lock: game @g (from 0) ended with White's @points. */
static void
runner_record (Runner     *r,
               int         g,
               int         points,
               const char *white,
               const char *black,
               const char *how,
               GArray     *played)
{
  guint opening = (guint) (g / 2) % r->fens->len;
  gboolean a_white = g % 2 == 0;
  const char *code = g_ptr_array_index (r->codes, opening);
  const char *fen = g_ptr_array_index (r->fens, opening);
  g_autofree char *written = NULL;
  int a_points = a_white ? points : 2 - points;

  if (a_points == 2)
    r->wins++;
  else if (a_points == 1)
    r->draws++;
  else
    r->losses++;
  /* An opening without a code is named by its position, in the notation
   * asked for (dr_match_read_openings() checked it). */
  if (code[0] == '\0' && r->notation >= 0)
    {
      DrPosition pos;

      if (dr_fen_parse (r->m->rules, fen, &pos, NULL))
        written = dr_fen_write (r->m->rules, &pos, (DrNotation) r->notation);
    }
  g_print ("game %d, opening %s: %s (white) - %s (black) %s (%s)\n", g + 1,
           code[0] != '\0' ? code : written != NULL ? written : fen, white, black,
           dr_result_to_string (points == 2 ? DR_RESULT_WHITE_WINS : points == 1 ? DR_RESULT_DRAW
                                : DR_RESULT_BLACK_WINS, r->m->rules), how);
  if (r->pdn_path != NULL)
    {
      GError *local = NULL;

      g_ptr_array_index (r->pdn_games, g) = game_pdn (r, g + 1, fen, code, white, black, points, how, played);
      if (!write_pdn (r, &local))
        runner_fail (r, local);
    }
  if (r->sprt)
    {
      double llr = dr_match_sprt_llr (r->wins, r->draws, r->losses, r->elo0, r->elo1);

      g_print ("SPRT: LLR %.2f (%.2f, %.2f) after %d games\n", llr, r->llr_lower, r->llr_upper,
               r->wins + r->draws + r->losses);
      if (!r->stop && (llr <= r->llr_lower || llr >= r->llr_upper))
        {
          g_print (llr >= r->llr_upper ? _("SPRT: H1 accepted (Elo difference %g rather than %g)\n")
                                       : _("SPRT: H0 accepted (Elo difference %g rather than %g)\n"),
                   llr >= r->llr_upper ? r->elo1 : r->elo0, llr >= r->llr_upper ? r->elo0 : r->elo1);
          r->stop = TRUE;
        }
    }
  fflush (stdout);
}

/* A slot: starts its two engines, then plays the games handed to it. */
static gpointer
slot_thread (gpointer data)
{
  Runner *r = data;
  Engine engines[2] = { { 0 } };
  GError *error = NULL;

  for (int i = 0; i < 2; i++)
    if (!engine_start (&engines[i], r->specs[i], r->m, &error))
      {
        pthread_mutex_lock (&r->lock);
        runner_fail (r, error);
        pthread_mutex_unlock (&r->lock);
        goto out;
      }
  pthread_mutex_lock (&r->lock);
  for (int i = 0; i < 2; i++)
    if (r->names[i] == NULL)
      r->names[i] = g_strdup (engines[i].name);
  pthread_mutex_unlock (&r->lock);

  for (;;)
    {
      g_autoptr (GArray) played = g_array_new (FALSE, FALSE, sizeof (DrMove));
      g_autofree char *how = NULL;
      Engine *white, *black;
      int g, points;

      pthread_mutex_lock (&r->lock);
      if (r->stop || r->next_game >= r->games)
        {
          pthread_mutex_unlock (&r->lock);
          break;
        }
      g = r->next_game++;
      pthread_mutex_unlock (&r->lock);

      white = &engines[g % 2 == 0 ? 0 : 1];
      black = &engines[g % 2 == 0 ? 1 : 0];
      points = play_game (r->m, white, black, g + 1, g == r->games - 1,
                          g_ptr_array_index (r->fens, (guint) (g / 2) % r->fens->len), played, &how, &error);
      pthread_mutex_lock (&r->lock);
      if (points >= 0)
        runner_record (r, g, points, white->name, black->name, how, played);
      if (error != NULL)
        runner_fail (r, g_steal_pointer (&error));
      pthread_mutex_unlock (&r->lock);
      if (points < 0)
        break;
    }
out:
  for (int i = 0; i < 2; i++)
    engine_stop (&engines[i], r->m);
  return NULL;
}

/**
 * dr_match_command:
 * @argc: the arguments' count, the command name included
 * @argv: the arguments
 *
 * draughtsman-cli match A B: engine A against engine B.
 *
 * Returns: the exit status
 */
int
dr_match_command (int    argc,
                  char **argv)
{
  g_autofree char *openings_path = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *notation_name = NULL;
  g_autofree char *pdn_path = NULL;
  g_autofree char *sprt = NULL;
  int notation = -1;
  int games = 2, concurrency = 1, threads = 0, hash = 0;
  gint64 movetime = 100, timeout = 0;
  GOptionEntry entries[] = {
    { "openings", 'o', 0, G_OPTION_ARG_FILENAME, &openings_path, N_("Start positions: one FEN a line, or a ballot file (default: the start position)"), N_("FILE") },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("Games to play, each opening twice with colours reversed (default 2)"), N_("N") },
    { "movetime", 't', 0, G_OPTION_ARG_INT64, &movetime, N_("Milliseconds a move for each engine (default 100)"), N_("MS") },
    { "timeout", 0, 0, G_OPTION_ARG_INT64, &timeout, N_("Longest wait for any answer of an engine; after it the engine forfeits the game (default: 10000 to start, 3 × movetime + 5000 for a move; a DXP engine's game clock + 5000)"), N_("MS") },
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Rules to play by (default: international)"), N_("VARIANT") },
    { "notation", 'n', 0, G_OPTION_ARG_STRING, &notation_name, N_("Write the openings' positions, and the games' moves, with numeric or algebraic squares (default: as in the openings file; moves numeric)"), N_("NOTATION") },
    { "pdn", 0, 0, G_OPTION_ARG_FILENAME, &pdn_path, N_("Write every game to this PDN file (rewritten whole after each game), with the engines, opening, result and what ended it"), N_("FILE") },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("Search threads for each Hub engine that takes the “threads” parameter (default: the engine's own)"), N_("N") },
    { "hash", 0, 0, G_OPTION_ARG_INT, &hash, N_("Table size in MiB for each Hub engine that takes the “hash” parameter (default: the engine's own)"), N_("MB") },
    { "concurrency", 'c', 0, G_OPTION_ARG_INT, &concurrency, N_("Games played at once, each pair of engines started that many times (default 1; Hub engines only)"), N_("N") },
    { "sprt", 0, 0, G_OPTION_ARG_STRING, &sprt, N_("Stop when the sequential probability ratio test decides between an Elo difference of ELO0 (H0) and ELO1 (H1), α = β = 0.05; the log-likelihood ratio is printed after each game"), N_("ELO0,ELO1") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("ENGINE-A ENGINE-B"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) fens = NULL;
  g_autoptr (GPtrArray) codes = NULL;
  Runner r = { 0 };
  Match m = { 0 };
  int wins = 0, draws = 0, losses = 0;
  int status = EXIT_SUCCESS;
  double elo, margin;

  /* An engine that dies must not take the referee with it. */
  signal (SIGPIPE, SIG_IGN);
  g_option_context_set_summary (context, _("Play two engines against each other and print the score and "
                                           "Elo difference of the first.  Each engine is either\n"
                                           "  a Hub protocol command line, e.g. \"draughtsman-cli hub\" "
                                           "(\"hub:COMMAND\" says so explicitly), or\n"
                                           "  dxp:HOST[:PORT], a DXP follower to connect to, e.g. "
                                           "dxp:127.0.0.1:27531 (port 27531 by default; "
                                           "International draughts only).\n"
                                           "A DXP engine gets a GAMEREQ for each game, with the opening "
                                           "as its setup and a thinking time of 50 × --movetime rounded "
                                           "up to whole minutes."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli match: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if (argc != 3 || games < 1 || movetime < 1 || timeout < 0)
    {
      g_printerr (_("draughtsman-cli match: expected two engines and a positive "
                    "--games and --movetime (see --help)\n"));
      return EXIT_FAILURE;
    }
  if (threads < 0 || threads > 64 || hash < 0 || hash > 65536)
    {
      g_printerr (_("draughtsman-cli match: --threads must be from 1 to 64 and --hash from 1 to 65536\n"));
      return EXIT_FAILURE;
    }
  if (concurrency < 1 || concurrency > 64)
    {
      g_printerr (_("draughtsman-cli match: --concurrency must be from 1 to 64, not %d\n"), concurrency);
      return EXIT_FAILURE;
    }
  if (concurrency > 1 && (g_str_has_prefix (argv[1], "dxp:") || g_str_has_prefix (argv[2], "dxp:")))
    {
      g_printerr (_("draughtsman-cli match: a DXP engine plays one game at a time: "
                    "--concurrency must be 1\n"));
      return EXIT_FAILURE;
    }
  if (sprt != NULL)
    {
      g_auto (GStrv) bounds = g_strsplit (sprt, ",", -1);
      char *end0 = NULL, *end1 = NULL;

      if (g_strv_length (bounds) == 2)
        {
          r.elo0 = g_ascii_strtod (bounds[0], &end0);
          r.elo1 = g_ascii_strtod (bounds[1], &end1);
        }
      if (g_strv_length (bounds) != 2 || end0 == bounds[0] || *end0 != '\0' || end1 == bounds[1]
          || *end1 != '\0' || !isfinite (r.elo0) || !isfinite (r.elo1) || r.elo0 >= r.elo1)
        {
          g_printerr (_("draughtsman-cli match: --sprt wants ELO0,ELO1 with ELO0 below ELO1, "
                        "e.g. 0,5, not “%s”\n"), sprt);
          return EXIT_FAILURE;
        }
      r.sprt = TRUE;
      dr_match_sprt_bounds (0.05, 0.05, &r.llr_lower, &r.llr_upper);
    }
  m.rules = dr_rules_from_name (variant != NULL ? variant : "international");
  m.movetime_ms = movetime;
  m.timeout_ms = timeout;
  m.minutes = (int) CLAMP ((movetime * 50 + 59999) / 60000, 1, 999);
  m.threads = threads;
  m.hash_mb = hash;
  if (m.rules == NULL)
    {
      g_printerr (_("draughtsman-cli match: unknown variant “%s”\n"), variant);
      return EXIT_FAILURE;
    }
  if (notation_name != NULL)
    {
      if (g_str_equal (notation_name, "numeric"))
        notation = DR_NOTATION_NUMERIC;
      else if (g_str_equal (notation_name, "algebraic"))
        notation = DR_NOTATION_ALGEBRAIC;
      else
        {
          g_printerr (_("draughtsman-cli match: --notation must be numeric or algebraic, not “%s”\n"),
                      notation_name);
          return EXIT_FAILURE;
        }
    }
  if (openings_path != NULL)
    fens = dr_match_read_openings (openings_path, m.rules, &codes, &error);
  else
    {
      DrPosition start;

      fens = g_ptr_array_new_with_free_func (g_free);
      codes = g_ptr_array_new_with_free_func (g_free);
      dr_rules_initial (m.rules, &start);
      g_ptr_array_add (fens, dr_fen_write (m.rules, &start, DR_NOTATION_NUMERIC));
      g_ptr_array_add (codes, g_strdup (_("start")));
    }
  if (fens == NULL)
    {
      g_printerr ("draughtsman-cli match: %s\n", error->message);
      return EXIT_FAILURE;
    }

  r.m = &m;
  r.specs[0] = argv[1];
  r.specs[1] = argv[2];
  r.fens = fens;
  r.codes = codes;
  r.notation = notation;
  r.games = games;
  r.pdn_path = pdn_path;
  r.pdn_games = g_ptr_array_new_full ((guint) games, g_free);
  g_ptr_array_set_size (r.pdn_games, games);
  pthread_mutex_init (&r.lock, NULL);
  {
    g_autoptr (GPtrArray) slots = g_ptr_array_new ();

    for (int i = 0; i < concurrency; i++)
      {
        g_autofree char *name = g_strdup_printf ("match-slot-%d", i + 1);

        g_ptr_array_add (slots, g_thread_new (name, slot_thread, &r));
      }
    for (guint i = 0; i < slots->len; i++)
      g_thread_join (g_ptr_array_index (slots, i));
  }
  pthread_mutex_destroy (&r.lock);
  g_ptr_array_unref (r.pdn_games);
  wins = r.wins;
  draws = r.draws;
  losses = r.losses;
  if (r.error != NULL)
    {
      g_printerr ("draughtsman-cli match: %s\n", r.error->message);
      g_error_free (r.error);
      status = EXIT_FAILURE;
    }

  dr_match_elo (wins, draws, losses, &elo, &margin);
  g_print ("%s - %s: wins %d, draws %d, losses %d, score %.1f/%d\n",
           r.names[0] != NULL ? r.names[0] : argv[1],
           r.names[1] != NULL ? r.names[1] : argv[2], wins, draws, losses,
           wins + 0.5 * draws, wins + draws + losses);
  if (isfinite (elo) && isfinite (margin))
    g_print ("Elo difference: %+.1f +/- %.1f (95%%)\n", elo, margin);
  else if (isfinite (elo))
    g_print ("Elo difference: %+.1f +/- inf (95%%)\n", elo);
  else if (elo < 0)
    g_print (_("Elo difference: below %+.1f (95%%; no point scored)\n"), dr_match_elo_bound (wins, draws, losses));
  else
    g_print (_("Elo difference: above %+.1f (95%%; every game won)\n"), dr_match_elo_bound (wins, draws, losses));
  g_free (r.names[0]);
  g_free (r.names[1]);
  return status;
}
