/* dr-match.c — two Hub engines play each other from ballot openings
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each engine is a command line started with GSubprocess and spoken to in
 * the Hub protocol (ENGINES.md §4.1) on its standard input and output.
 * Every opening is played twice, colours reversed.  The referee is this
 * file: it checks each move with the rules, sends every position as the
 * one after the last irreversible move plus the moves since (what Hub
 * sends, for repetitions), and ends games by the variant's rules.  An
 * illegal move loses the game; an engine that dies or does not answer
 * the protocol ends the match.
 */

#define G_LOG_DOMAIN "dr-match"

#include "config.h"

#include "dr-match.h"

#include "dr-draw.h"
#include "dr-fen.h"
#include "dr-hub-text.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <gio/gio.h>
#include <glib/gi18n.h>
#include <math.h>
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

typedef struct
{
  char             *command;
  char             *name;
  GSubprocess      *process;
  GOutputStream    *in;
  GDataInputStream *out;
} Engine;

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

static char *
engine_read_line (Engine  *e,
                  GError **error)
{
  GError *local = NULL;
  char *line = g_data_input_stream_read_line (e->out, NULL, NULL, &local);

  if (line == NULL)
    {
      if (local != NULL)
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
engine_start (Engine         *e,
              const char     *command,
              const DrRules  *rules,
              GError        **error)
{
  g_auto (GStrv) argv = NULL;

  e->command = g_strdup (command);
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
  e->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (e->process));
  if (!engine_send (e, error, "hub"))
    return FALSE;
  for (;;)
    {
      g_autofree char *line = engine_read_line (e, error);

      if (line == NULL)
        return FALSE;
      g_autoptr (GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autofree char *verb = dr_hub_tokenize (line, args);
      const char *name = g_hash_table_lookup (args, "name");

      if (g_strcmp0 (verb, "id") == 0 && name != NULL)
        {
          g_free (e->name);
          e->name = g_strdup (name);
        }
      else if (g_strcmp0 (verb, "wait") == 0)
        break;
    }
  if (rules != &dr_rules_international
      && !engine_send (e, error, "set-param name=variant value=%s", dr_hub_variant_name (rules)))
    return FALSE;
  if (!engine_send (e, error, "init"))
    return FALSE;
  for (;;)
    {
      g_autofree char *line = engine_read_line (e, error);

      if (line == NULL)
        return FALSE;
      if (g_str_equal (line, "ready"))
        return TRUE;
      if (g_str_has_prefix (line, "error"))
        {
          g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                       _("engine “%s”: %s"), e->name, line);
          return FALSE;
        }
    }
}

static void
engine_stop (Engine *e)
{
  if (e->process != NULL)
    {
      engine_send (e, NULL, "quit");
      g_output_stream_close (e->in, NULL, NULL);
      g_subprocess_wait (e->process, NULL, NULL);
      g_clear_object (&e->out);
      g_clear_object (&e->process);
    }
  g_free (e->command);
  g_free (e->name);
}

/* Asks @e for a move in @base followed by @moves (Hub texts).
 *
 * A "ping" follows "go": the answers come in order, so an "error" before
 * the "pong" says that the engine refused part of the request, and the
 * game cannot go on. */
static char *
engine_think (Engine           *e,
              const DrRules    *rules,
              const DrPosition *base,
              GPtrArray        *moves,
              gint64            movetime_ms,
              GError          **error)
{
  g_autofree char *pos = dr_hub_position_to_text (rules, base);
  g_autofree char *list = NULL;
  char seconds[G_ASCII_DTOSTR_BUF_SIZE];
  int refused = 0;
  gboolean pong = FALSE, searching = TRUE;
  g_autofree char *move = NULL;
  g_autofree char *refusal = NULL;

  g_ptr_array_add (moves, NULL);
  list = g_strjoinv (" ", (char **) moves->pdata);
  g_ptr_array_set_size (moves, moves->len - 1);
  g_ascii_formatd (seconds, sizeof seconds, "%.3f", movetime_ms / 1000.0);

  if (!(moves->len > 0 ? engine_send (e, error, "pos pos=%s moves=\"%s\"", pos, list)
                       : engine_send (e, error, "pos pos=%s", pos))
      || !engine_send (e, error, "level move-time=%s", seconds)
      || !engine_send (e, error, "go think")
      || !engine_send (e, error, "ping"))
    return NULL;
  /* Until both the pong and (unless all three were refused) the done. */
  while (!pong || searching)
    {
      g_autofree char *line = engine_read_line (e, error);
      g_autoptr (GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autofree char *command = NULL;

      if (line == NULL)
        return NULL;
      command = dr_hub_tokenize (line, args);
      if (g_strcmp0 (command, "error") == 0 && !pong)
        {
          if (refusal == NULL)
            refusal = g_strdup (line);
          if (++refused == 3)
            searching = FALSE;
        }
      else if (g_strcmp0 (command, "pong") == 0)
        pong = TRUE;
      else if (g_strcmp0 (command, "done") == 0)
        {
          searching = FALSE;
          g_free (move);
          move = g_strdup (g_hash_table_lookup (args, "move"));
          if (move == NULL && refused == 0)
            {
              g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
                           _("engine “%s” answered “%s” without a move"), e->name, line);
              return NULL;
            }
        }
    }
  if (refused == 0)
    return g_steal_pointer (&move);
  g_set_error (error, DR_MATCH_ERROR, DR_MATCH_ERROR_ENGINE,
               _("engine “%s” refused the position: %s"), e->name, refusal);
  return NULL;
}

/* The match --------------------------------------------------------------- */

typedef struct
{
  const DrRules *rules;
  gint64         movetime_ms;
} Match;

/* Plays one game; returns White's points (2 a win, 1 a draw, 0 a loss)
 * and what ended it in *@how, or -1 on an engine failure. */
static int
play_game (Match      *m,
           Engine     *white,
           Engine     *black,
           const char *fen,
           char      **how,
           GError    **error)
{
  const DrRules *rules = m->rules;
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  DrPosition pos, base;

  if (!dr_fen_parse (rules, fen, &pos, error)
      || !engine_send (white, error, "new-game") || !engine_send (black, error, "new-game"))
    return -1;
  base = pos;
  g_array_append_val (history, pos);
  for (;;)
    {
      const DrDrawRule *which = NULL;
      DrStatus status = dr_game_status (rules, (const DrPosition *) history->data, history->len, &which);
      Engine *e = pos.turn == DR_SIDE_WHITE ? white : black;
      g_autofree char *text = NULL;
      g_autoptr (GError) illegal = NULL;
      DrMove move;

      switch (status)
        {
        case DR_STATUS_WHITE_WINS:
          *how = g_strdup (_("Black cannot move"));
          return 2;
        case DR_STATUS_BLACK_WINS:
          *how = g_strdup (_("White cannot move"));
          return 0;
        case DR_STATUS_DRAW:
          *how = g_strdup_printf (_("draw, %s"), which != NULL ? which->article : "");
          return 1;
        case DR_STATUS_ONGOING:
        default:
          break;
        }
      if (history->len > MAX_PLIES)
        {
          *how = g_strdup_printf (_("adjudicated a draw after %d plies"), MAX_PLIES);
          return 1;
        }
      text = engine_think (e, rules, &base, moves, m->movetime_ms, error);
      if (text == NULL)
        return -1;
      if (!dr_move_parse_hub (rules, &pos, text, &move, &illegal))
        {
          *how = g_strdup_printf (_("“%s” played “%s”: %s"), e->name, text, illegal->message);
          return pos.turn == DR_SIDE_WHITE ? 0 : 2;
        }
      /* A capture or a man's move cannot be undone: the next positions
       * are sent from here. */
      if (move.captures != 0 || (pos.kings & ((DrBitboard) 1 << move.from)) == 0)
        {
          dr_position_apply (&pos, &pos, &move);
          base = pos;
          g_ptr_array_set_size (moves, 0);
        }
      else
        {
          g_ptr_array_add (moves, dr_move_to_hub (rules, &move));
          dr_position_apply (&pos, &pos, &move);
        }
      g_array_append_val (history, pos);
    }
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
  int games = 2;
  gint64 movetime = 100;
  GOptionEntry entries[] = {
    { "openings", 'o', 0, G_OPTION_ARG_FILENAME, &openings_path, N_("Start positions: one FEN a line, or a ballot file (default: the start position)"), N_("FILE") },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, N_("Games to play, each opening twice with colours reversed (default 2)"), N_("N") },
    { "movetime", 't', 0, G_OPTION_ARG_INT64, &movetime, N_("Milliseconds a move for each engine (default 100)"), N_("MS") },
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &variant, N_("Rules to play by (default: international)"), N_("VARIANT") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("\"ENGINE A\" \"ENGINE B\""));
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) fens = NULL;
  g_autoptr (GPtrArray) codes = NULL;
  Engine engines[2] = { { 0 } };
  Match m = { 0 };
  int wins = 0, draws = 0, losses = 0;
  int status = EXIT_SUCCESS;
  double elo, margin;

  /* An engine that dies must not take the referee with it. */
  signal (SIGPIPE, SIG_IGN);
  g_option_context_set_summary (context, _("Play two Hub protocol engines, each given as a command line "
                                           "(\"draughtsman-cli hub\"), against each other, and print the "
                                           "score and Elo difference of the first."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli match: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if (argc != 3 || games < 1 || movetime < 1)
    {
      g_printerr (_("draughtsman-cli match: expected two engine command lines and a positive "
                    "--games and --movetime (see --help)\n"));
      return EXIT_FAILURE;
    }
  m.rules = dr_rules_from_name (variant != NULL ? variant : "international");
  m.movetime_ms = movetime;
  if (m.rules == NULL)
    {
      g_printerr (_("draughtsman-cli match: unknown variant “%s”\n"), variant);
      return EXIT_FAILURE;
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

  for (int i = 0; i < 2 && status == EXIT_SUCCESS; i++)
    if (!engine_start (&engines[i], argv[1 + i], m.rules, &error))
      status = EXIT_FAILURE;
  for (int g = 0; g < games && status == EXIT_SUCCESS; g++)
    {
      guint opening = (guint) (g / 2) % fens->len;
      gboolean a_white = g % 2 == 0;
      Engine *white = &engines[a_white ? 0 : 1];
      Engine *black = &engines[a_white ? 1 : 0];
      g_autofree char *how = NULL;
      const char *code = g_ptr_array_index (codes, opening);
      int points = play_game (&m, white, black, g_ptr_array_index (fens, opening), &how, &error);
      int a_points;

      if (points < 0)
        {
          status = EXIT_FAILURE;
          break;
        }
      a_points = a_white ? points : 2 - points;
      if (a_points == 2)
        wins++;
      else if (a_points == 1)
        draws++;
      else
        losses++;
      g_print ("game %d, opening %s: %s (white) - %s (black) %s (%s)\n", g + 1,
               code[0] != '\0' ? code : (const char *) g_ptr_array_index (fens, opening),
               white->name, black->name, points == 2 ? "2-0" : points == 1 ? "1-1" : "0-2", how);
      fflush (stdout);
    }
  if (status != EXIT_SUCCESS)
    g_printerr ("draughtsman-cli match: %s\n", error->message);

  dr_match_elo (wins, draws, losses, &elo, &margin);
  g_print ("%s - %s: wins %d, draws %d, losses %d, score %.1f/%d\n", engines[0].name,
           engines[1].name != NULL ? engines[1].name : argv[2], wins, draws, losses,
           wins + 0.5 * draws, wins + draws + losses);
  if (isfinite (elo) && isfinite (margin))
    g_print ("Elo difference: %+.1f +/- %.1f (95%%)\n", elo, margin);
  else if (isfinite (elo))
    g_print ("Elo difference: %+.1f +/- inf (95%%)\n", elo);
  else
    g_print ("Elo difference: %s (95%%)\n", elo > 0 ? "+inf" : "-inf");
  for (int i = 0; i < 2; i++)
    engine_stop (&engines[i]);
  return status;
}
