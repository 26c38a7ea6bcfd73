/* dr-dxp.c — the DamExchange protocol (DXP), International draughts
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ENGINES.md §4.2.  `draughtsman-cli dxp`: the game loop over one
 * connection.  The messages (dr-dxp-message.c) and the link
 * (dr-dxp-link.c) are in src/protocol/, shared with `match`.
 *
 * The loop is synchronous: on our move the search runs to its time limit
 * and only then is the socket read again.  The peer may only send CHAT or
 * BACKREQ while we think, and those wait in the socket's buffer.
 * Take-backs are refused (BACKACC code 1).
 *
 * In error messages bytes are counted from 1, the header being byte 1.
 */

#define G_LOG_DOMAIN "dr-dxp"

#include "config.h"

#include "dr-dxp.h"

#include "dr-draw.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-search.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The session ------------------------------------------------------------ */

/* A game that has not ended after this many moves each is abandoned with
 * GAMEEND reason 0: the draw rules should have ended it long before. */
#define MAX_PLIES 1200

typedef struct
{
  char         *host;
  int           port;
  gboolean      listen;
  gint64        movetime_ms;    /* 0: share out the game's thinking time */
  gint64        timeout_ms;     /* 0: DR_WAIT_HANDSHAKE_MS, or the other side's clock */
  int           games;
  int           minutes;        /* the GAMEREQ's thinking time */
  char         *fen;            /* the GAMEREQ's setup position */
  char         *name;
  int           hash_mb;
  gboolean      verbose;
} Options;

typedef struct
{
  Options            *opts;
  DrDxpLink          *link;
  DrSearch           *search;
  char                peer[DR_DXP_NAME_LENGTH + 1];
  int                 wins, draws, losses, unknown;
} Session;

static gint64
handshake_ms (Session *s)
{
  return s->opts->timeout_ms > 0 ? s->opts->timeout_ms : DR_WAIT_HANDSHAKE_MS;
}

/* dr_dxp_link_receive() within @ms; a time-out says what was awaited. */
static gboolean
receive_within (Session      *s,
                DrDxpMessage *msg,
                gint64        ms,
                const char   *what,
                gboolean     *eof,
                GError      **error)
{
  GError *local = NULL;

  if (dr_dxp_link_receive (s->link, msg, g_get_monotonic_time () + ms * 1000, NULL, eof, &local))
    return TRUE;
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                   _("DXP: %s sent no %s within %lld ms"), s->peer, what, (long long) ms);
      g_error_free (local);
    }
  else if (local != NULL)
    g_propagate_error (error, local);
  return FALSE;
}

/* A well-formed message of a type the game's state does not allow: its
 * header byte is wrong, and @expected says which would do. */
static gboolean
unexpected (const DrDxpMessage *msg,
            const char         *when,
            const char         *expected,
            GError            **error)
{
  g_set_error (error, DR_DXP_ERROR, DR_DXP_ERROR_UNEXPECTED,
               _("DXP %s message %s: not allowed here; byte 1 (the header) is “%c”, expected %s"),
               dr_dxp_type_name (msg->type), when, (char) msg->type, expected);
  return FALSE;
}

/* The game's state as a GAMEEND reason from @side's point of view. */
static DrDxpEndReason
reason_for (DrStatus status,
            DrSide   side)
{
  switch (status)
    {
    case DR_STATUS_WHITE_WINS: return side == DR_SIDE_WHITE ? DR_DXP_END_I_WIN : DR_DXP_END_I_LOSE;
    case DR_STATUS_BLACK_WINS: return side == DR_SIDE_BLACK ? DR_DXP_END_I_WIN : DR_DXP_END_I_LOSE;
    case DR_STATUS_DRAW:       return DR_DXP_END_DRAW;
    case DR_STATUS_ONGOING:
    default:                   return DR_DXP_END_UNKNOWN;
    }
}

static DrDxpEndReason
mirror (DrDxpEndReason r)
{
  return r == DR_DXP_END_I_WIN ? DR_DXP_END_I_LOSE : r == DR_DXP_END_I_LOSE ? DR_DXP_END_I_WIN : r;
}

static uint64_t
move_time (Session *s,
           int      minutes,
           int      moves,
           int      our_moves,
           gint64   used_ms)
{
  gint64 left;
  int to_go;

  if (s->opts->movetime_ms > 0)
    return (uint64_t) s->opts->movetime_ms;
  left = (gint64) minutes * 60000 - used_ms;
  to_go = moves > 0 ? MAX (1, moves - our_moves) : 30;
  /* Keep a reserve: each side keeps its own clock, and ours must not run out. */
  return (uint64_t) MAX (10, left / (to_go + 2));
}

/* Sends our GAMEEND and waits for the other side's, skipping moves sent
 * before ours arrived if @skip_moves (a forfeit on time). */
static gboolean
end_exchange (Session         *s,
              DrDxpEndReason   reason,
              gboolean         stop_all,
              gboolean         skip_moves,
              gboolean        *stop,
              GError         **error)
{
  DrDxpMessage end = { .type = DR_DXP_GAMEEND, .reason = reason, .stop = stop_all };
  DrDxpMessage msg;

  if (!dr_dxp_link_send (s->link, &end, error))
    return FALSE;
  do
    if (!receive_within (s, &msg, handshake_ms (s), _("GAMEEND in answer to ours"), NULL, error))
      return FALSE;
  while (skip_moves && msg.type == DR_DXP_MOVE);
  if (msg.type != DR_DXP_GAMEEND)
    return unexpected (&msg, _("after our GAMEEND"), _("E (GAMEEND)"), error);
  *stop = msg.stop || stop_all;
  return TRUE;
}

/* The other side's GAMEEND (@msg), in @status: answers it. */
static gboolean
answer_end (Session            *s,
            const DrDxpMessage *msg,
            DrStatus            status,
            DrSide              us,
            gboolean            last,
            DrDxpEndReason     *ours,
            const char        **how,
            gboolean           *stop,
            GError            **error)
{
  DrDxpMessage end = { .type = DR_DXP_GAMEEND, .stop = last };

  /* Our own view if the rules have ended the game, else whatever the
   * other side says. */
  end.reason = status != DR_STATUS_ONGOING ? reason_for (status, us) : mirror (msg->reason);
  if (!dr_dxp_link_send (s->link, &end, error))
    return FALSE;
  *ours = mirror (msg->reason);
  *how = msg->reason == DR_DXP_END_I_LOSE ? _("the other side gave up")
         : msg->reason == DR_DXP_END_DRAW ? _("the other side called a draw")
         : msg->reason == DR_DXP_END_I_WIN ? _("the other side claimed a win")
         : _("the other side ended the game");
  if (status != DR_STATUS_ONGOING && end.reason != *ours)
    g_printerr (_("dxp: the other side's result differs from the rules' one\n"));
  *stop = msg->stop || last;
  return TRUE;
}

/* Our search, on a thread of its own while this one reads the socket: a
 * CHAT or BACKREQ is answered at once, and a GAMEEND (the other side
 * ending the game in our turn) stops the search. */
typedef struct
{
  DrSearch       *search;
  DrPosition      root;
  DrSearchLimits  limits;
  DrSearchResult  result;
  gboolean        found;
  GCancellable   *done;
} Think;

static gpointer
think_thread (gpointer data)
{
  Think *t = data;

  t->found = dr_search_run (t->search, &t->root, &t->limits, &t->result);
  g_cancellable_cancel (t->done);
  return NULL;
}

/* Returns FALSE on an error; else either *@peer_end and the other side's
 * GAMEEND in @msg, or our move in @best. */
static gboolean
think (Session          *s,
       const DrPosition *pos,
       uint64_t          ms,
       DrMove           *best,
       gboolean         *peer_end,
       DrDxpMessage     *msg,
       GError          **error)
{
  Think t = { .search = s->search, .root = *pos };
  atomic_uint abort_word = 0;
  GThread *thread;
  gboolean ok = TRUE;

  t.limits.max_time_ms = ms;
  t.limits.multipv = 1;
  t.limits.abort_word = &abort_word;
  t.limits.abort_unless = 0;
  t.done = g_cancellable_new ();
  *peer_end = FALSE;
  thread = g_thread_new ("dxp-search", think_thread, &t);
  for (;;)
    {
      GError *local = NULL;

      /* The search's own time limit bounds this wait. */
      if (dr_dxp_link_receive (s->link, msg, -1, t.done, NULL, &local))
        {
          if (msg->type == DR_DXP_GAMEEND)
            *peer_end = TRUE;
          else
            ok = unexpected (msg, _("during our turn"), _("E (GAMEEND), C (CHAT) or B (BACKREQ)"), error);
          break;
        }
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_error_free (local);
          break;
        }
      g_propagate_error (error, local);
      ok = FALSE;
      break;
    }
  atomic_store (&abort_word, 1);
  g_thread_join (thread);
  g_object_unref (t.done);
  if (!ok || *peer_end)
    return ok;
  if (!t.found)
    {
      /* dr_game_status said that there is a move. */
      g_set_error_literal (error, DR_DXP_ERROR, DR_DXP_ERROR_UNEXPECTED,
                           _("DXP: the search found no move in a position that has one"));
      return FALSE;
    }
  *best = t.result.best;
  return TRUE;
}

/* Plays one game from @start, we being @us; the GAMEEND exchange ends it.
 * Sets *@stop when either side's stop code asks for no more games. */
static gboolean
play_game (Session          *s,
           int               number,
           const DrPosition *start,
           DrSide            us,
           int               minutes,
           int               moves,
           gboolean          last,
           gboolean         *stop,
           GError          **error)
{
  const DrRules *rules = &dr_rules_international;
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GString) record = g_string_new (NULL);
  DrDxpEndReason ours;              /* the result, from our point of view */
  const char *how;
  int our_moves = 0;
  gint64 used_ms = 0, peer_used_ms = 0;

  g_array_append_val (history, *start);
  dr_search_clear (s->search);
  for (;;)
    {
      const DrPosition *pos = &g_array_index (history, DrPosition, history->len - 1);
      const DrDrawRule *which = NULL;
      DrStatus status = dr_game_status (rules, (const DrPosition *) history->data,
                                        history->len, &which);
      DrDxpMessage msg;
      DrMove move;

      if (pos->turn == us)
        {
          gboolean peer_end;
          gint64 t0;

          if (status != DR_STATUS_ONGOING || history->len > MAX_PLIES)
            {
              ours = reason_for (status, us);
              if (!end_exchange (s, ours, last, FALSE, stop, error))
                return FALSE;
              how = status == DR_STATUS_DRAW ? _("draw by the rules")
                    : status == DR_STATUS_ONGOING ? _("move limit") : _("no legal move");
              break;
            }
          dr_search_set_history (s->search, (const DrPosition *) history->data, history->len - 1);
          t0 = g_get_monotonic_time ();
          if (!think (s, pos, move_time (s, minutes, moves, our_moves, used_ms), &move, &peer_end, &msg,
                      error))
            return FALSE;
          if (peer_end)
            {
              if (!answer_end (s, &msg, status, us, last, &ours, &how, stop, error))
                return FALSE;
              break;
            }
          used_ms += (g_get_monotonic_time () - t0) / 1000;
          dr_dxp_message_set_move (&msg, &move,
                                   (int) ((g_get_monotonic_time () - t0 + 500000) / G_USEC_PER_SEC));
          if (!dr_dxp_link_send (s->link, &msg, error))
            return FALSE;
          our_moves++;
        }
      else
        {
          /* The other side loses on time when its clock (plus a grace)
           * has run out. */
          gint64 limit = s->opts->timeout_ms > 0 ? s->opts->timeout_ms
                         : MAX ((gint64) minutes * 60000 - peer_used_ms, 0) + DR_WAIT_GRACE_MS;
          gint64 t0 = g_get_monotonic_time ();
          GError *local = NULL;

          if (!dr_dxp_link_receive (s->link, &msg, t0 + limit * 1000, NULL, NULL, &local))
            {
              if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
                {
                  g_propagate_error (error, local);
                  return FALSE;
                }
              g_error_free (local);
              g_printerr (_("dxp: game %d, move %u: %s did not move within %lld ms; it forfeits the game\n"),
                          number, (history->len - 1 + (start->turn == DR_SIDE_BLACK)) / 2 + 1, s->peer,
                          (long long) limit);
              ours = DR_DXP_END_I_WIN;
              how = _("the other side ran out of time");
              if (!end_exchange (s, ours, last, TRUE, stop, error))
                return FALSE;
              break;
            }
          peer_used_ms += (g_get_monotonic_time () - t0) / 1000;
          if (msg.type == DR_DXP_GAMEEND)
            {
              if (!answer_end (s, &msg, status, us, last, &ours, &how, stop, error))
                return FALSE;
              break;
            }
          if (msg.type != DR_DXP_MOVE)
            return unexpected (&msg, _("during a game"), _("M (MOVE) or E (GAMEEND)"), error);
          if (!dr_dxp_message_get_move (&msg, pos, &move, error))
            return FALSE;
        }

      dr_movegen_legal (rules, pos, legal);
      {
        g_autofree char *text = dr_move_to_text (rules, legal, &move, DR_NOTATION_NUMERIC);
        DrPosition next;

        g_string_append_printf (record, "%s%s", record->len ? " " : "", text);
        dr_position_apply (&next, pos, &move);
        g_array_append_val (history, next);
      }
    }

  switch (ours)
    {
    case DR_DXP_END_I_WIN:  s->wins++; break;
    case DR_DXP_END_I_LOSE: s->losses++; break;
    case DR_DXP_END_DRAW:   s->draws++; break;
    case DR_DXP_END_UNKNOWN:
    default:                s->unknown++; break;
    }
  {
    const char *result;
    DrDxpEndReason white = us == DR_SIDE_WHITE ? ours : mirror (ours);

    result = white == DR_DXP_END_I_WIN ? "2-0" : white == DR_DXP_END_I_LOSE ? "0-2"
             : white == DR_DXP_END_DRAW ? "1-1" : "*";
    g_print ("game %d: %s (white) - %s (black) %s after %u plies (%s)\n", number,
             us == DR_SIDE_WHITE ? s->opts->name : s->peer,
             us == DR_SIDE_WHITE ? s->peer : s->opts->name, result, history->len - 1, how);
    g_print ("moves: %s\n", record->str);
    fflush (stdout);
  }
  return TRUE;
}

static gboolean
run_initiator (Session          *s,
               const DrPosition *setup,
               GError          **error)
{
  for (int game = 1; game <= s->opts->games; game++)
    {
      DrDxpMessage req, msg;
      DrPosition start;
      gboolean stop = FALSE;

      if (setup != NULL)
        start = *setup;
      else
        dr_rules_initial (&dr_rules_international, &start);
      /* We play White in the odd games. */
      dr_dxp_game_request (&req, s->opts->name, &start,
                           game % 2 == 1 ? DR_SIDE_BLACK : DR_SIDE_WHITE, s->opts->minutes);
      /* An explicit --fen is always sent as a setup. */
      req.setup = setup != NULL;
      if (!dr_dxp_link_send (s->link, &req, error)
          || !receive_within (s, &msg, handshake_ms (s), _("GAMEACC"), NULL, error))
        return FALSE;
      if (msg.type != DR_DXP_GAMEACC)
        return unexpected (&msg, _("in answer to GAMEREQ"), _("A (GAMEACC)"), error);
      g_strlcpy (s->peer, msg.name, sizeof s->peer);
      if (!dr_dxp_check_acceptance (&msg, error))
        return FALSE;
      if (!play_game (s, game, &req.position, DR_SIDE_OTHER (req.follower_side), req.minutes, req.moves,
                      game == s->opts->games, &stop, error))
        return FALSE;
      if (stop)
        break;
    }
  return TRUE;
}

static gboolean
run_follower (Session  *s,
              GError  **error)
{
  int played = 0;

  for (;;)
    {
      DrDxpMessage msg, acc = { .type = DR_DXP_GAMEACC };
      g_autoptr (GError) invalid = NULL;
      gboolean eof = FALSE, stop = FALSE;

      if (!receive_within (s, &msg, handshake_ms (s), _("GAMEREQ"), &eof, error))
        return eof;
      if (msg.type != DR_DXP_GAMEREQ)
        return unexpected (&msg, _("between games"), _("R (GAMEREQ)"), error);
      g_strlcpy (s->peer, msg.name, sizeof s->peer);
      g_strlcpy (acc.name, s->opts->name, sizeof acc.name);
      if (msg.version != 1)
        acc.code = 1;
      else if (msg.setup && !dr_position_validate (&dr_rules_international, &msg.position, &invalid))
        {
          g_printerr (_("dxp: refusing the game's setup position: %s\n"), invalid->message);
          acc.code = 2;
        }
      if (!dr_dxp_link_send (s->link, &acc, error))
        return FALSE;
      if (acc.code != 0)
        continue;
      played++;
      if (!play_game (s, played, &msg.position, msg.follower_side, msg.minutes, msg.moves,
                      s->opts->games > 0 && played >= s->opts->games, &stop, error))
        return FALSE;
      if (stop)
        return TRUE;
    }
}

static GSocketConnection *
open_connection (Options  *o,
                 GError  **error)
{
  if (o->listen)
    {
      g_autoptr (GSocketListener) listener = g_socket_listener_new ();
      g_autoptr (GSocketAddress) address = NULL;
      g_autoptr (GSocketAddress) effective = NULL;

      address = g_inet_socket_address_new_from_string (o->host, (guint) o->port);
      if (address == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("--host must be an IP address to listen on, not “%s”"), o->host);
          return NULL;
        }
      if (!g_socket_listener_add_address (listener, address, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                          NULL, &effective, error))
        return NULL;
      /* With --port 0 the system picks the port: say which. */
      g_print ("listening on %s:%u\n", o->host,
               g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective)));
      fflush (stdout);
      return g_socket_listener_accept (listener, NULL, NULL, error);
    }
  else
    {
      g_autoptr (GSocketClient) client = g_socket_client_new ();

      g_socket_client_set_timeout (client, DR_WAIT_HANDSHAKE_MS / 1000);
      return g_socket_client_connect_to_host (client, o->host, (guint16) o->port, NULL, error);
    }
}

/**
 * dr_dxp_command:
 * @argc: the arguments' count, the command name included
 * @argv: the arguments
 *
 * draughtsman-cli dxp: plays International draughts over DXP, as the
 * follower (--listen) or the initiator.
 *
 * Returns: the exit status
 */
int
dr_dxp_command (int    argc,
                char **argv)
{
  Options o = { .port = DR_DXP_DEFAULT_PORT, .games = 1, .minutes = 10, .hash_mb = 64 };
  GOptionEntry entries[] = {
    { "host", 0, 0, G_OPTION_ARG_STRING, &o.host, N_("Host to connect to, or address to listen on (default 127.0.0.1)"), N_("HOST") },
    { "port", 'p', 0, G_OPTION_ARG_INT, &o.port, N_("TCP port (default 27531; with --listen, 0 picks a free one)"), N_("PORT") },
    { "listen", 'l', 0, G_OPTION_ARG_NONE, &o.listen, N_("Wait for a connection and follow the other side's game requests"), NULL },
    { "movetime", 't', 0, G_OPTION_ARG_INT64, &o.movetime_ms, N_("Think this many milliseconds a move (default: share out the game's time)"), N_("MS") },
    { "games", 'g', 0, G_OPTION_ARG_INT, &o.games, N_("Games to play (default 1; 0 with --listen: as many as asked)"), N_("N") },
    { "time", 0, 0, G_OPTION_ARG_INT, &o.minutes, N_("Thinking time a side for a game we ask for, in minutes (default 10)"), N_("MIN") },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &o.fen, N_("Ask for games from this position (PDN FEN)"), N_("FEN") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &o.name, N_("Name to give the other side (default Draughtsman)"), N_("NAME") },
    { "hash", 0, 0, G_OPTION_ARG_INT, &o.hash_mb, N_("Transposition table size in MiB (default 64)"), N_("MB") },
    { "timeout", 0, 0, G_OPTION_ARG_INT64, &o.timeout_ms, N_("Longest wait for any message of the other side; it loses a game on time after this (default: 10000 for GAMEREQ, GAMEACC and GAMEEND, its game clock + 5000 for a move)"), N_("MS") },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &o.verbose, N_("Show every message on standard error"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GSocketConnection) connection = NULL;
  Session s = { &o };
  DrPosition setup;
  int status = EXIT_SUCCESS;

  g_option_context_set_summary (context, _("Play International draughts over the DamExchange protocol "
                                           "(DXP): as the initiator, which connects and asks for games, "
                                           "or with --listen as the follower."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli dxp: %s\n", error->message);
      status = EXIT_FAILURE;
      goto out;
    }
  if (argc != 1 || o.port < 0 || o.port > 65535 || (o.port == 0 && !o.listen) || o.movetime_ms < 0
      || o.games < 0 || (o.games == 0 && !o.listen) || o.minutes < 1 || o.minutes > 999
      || o.hash_mb < 1 || o.hash_mb > 4096 || (o.fen != NULL && o.listen) || o.timeout_ms < 0)
    {
      g_printerr (_("draughtsman-cli dxp: bad arguments (see --help)\n"));
      status = EXIT_FAILURE;
      goto out;
    }
  if (o.host == NULL)
    o.host = g_strdup ("127.0.0.1");
  if (o.name == NULL)
    o.name = g_strdup ("Draughtsman");
  if (o.fen != NULL && !dr_fen_parse (&dr_rules_international, o.fen, &setup, &error))
    {
      g_printerr ("draughtsman-cli dxp: %s\n", error->message);
      status = EXIT_FAILURE;
      goto out;
    }

  connection = open_connection (&o, &error);
  if (connection == NULL)
    {
      g_printerr ("draughtsman-cli dxp: %s\n", error->message);
      status = EXIT_FAILURE;
      goto out;
    }
  s.link = dr_dxp_link_new (connection, o.verbose);
  s.search = dr_search_new_for_play (&dr_rules_international, (size_t) o.hash_mb);
  g_strlcpy (s.peer, "?", sizeof s.peer);

  if (!(o.listen ? run_follower (&s, &error)
                 : run_initiator (&s, o.fen != NULL ? &setup : NULL, &error)))
    {
      g_printerr ("draughtsman-cli dxp: %s\n", error->message);
      status = EXIT_FAILURE;
    }
  g_print ("games: %d, wins: %d, draws: %d, losses: %d, unknown: %d\n",
           s.wins + s.draws + s.losses + s.unknown, s.wins, s.draws, s.losses, s.unknown);
  dr_dxp_link_free (s.link);
  dr_search_free (s.search);

out:
  g_free (o.host);
  g_free (o.fen);
  g_free (o.name);
  return status;
}
