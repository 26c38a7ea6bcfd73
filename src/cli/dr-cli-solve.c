/* dr-cli-solve.c — draughtsman-cli solve: prove compositions (issue 12)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   solve --variant V --fen F [--goal G] [--attacker S] [--lock N] [--lock-kings N]
 *         [--nodes N] [--time S] [--egdb-dir D] [--cooks [--cook-nodes N]] [--tree]
 *         [--no-finales] [--threads N] [--method id|pn]
 *   solve --pdn FILE [--variant V] [same options]
 *
 * One position: the verdict, the key, the solution tree (--tree), the
 * refutation, the cooks (--cooks).  A collection: one line per problem
 * and a summary.  Exit status 0 when everything is proved or won down to
 * its finales (dr-solve.h, DR_SOLVE_WON_FINALES), 1 otherwise,
 * 2 on bad input.  The output is an interface: change it on purpose.
 */

#define G_LOG_DOMAIN "dr-cli"

#include "config.h"

#include "dr-cli-solve.h"

#include "dr-cli-egdb.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-solve.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>

#define EXIT_BAD_INPUT 2
/* Each alternative move of --cooks, when no limit is given. */
#define COOK_DEFAULT_NODES 1000000

typedef struct
{
  char    *variant;
  char    *fen;
  char    *pdn;
  char    *goal;
  char    *attacker;
  char    *egdb_dir;
  char    *notation;
  int      lock_men;
  int      lock_kings;
  gint64   nodes;
  gint64   cook_nodes;
  double   seconds;
  int      depth;
  gboolean cooks;
  gboolean tree;
  gboolean no_finales;
  int      threads;
  char    *method;
} SolveArgs;

static void
solve_args_clear (SolveArgs *a)
{
  g_free (a->variant);
  g_free (a->fen);
  g_free (a->pdn);
  g_free (a->goal);
  g_free (a->attacker);
  g_free (a->egdb_dir);
  g_free (a->notation);
  g_free (a->method);
}

/* The options of @a for @rules; FALSE with a message on bad values. */
static gboolean
make_options (const SolveArgs *a,
              DrSolveOptions  *o)
{
  dr_solve_options_init (o);
  if (a->goal != NULL && !dr_solve_goal_from_string (a->goal, &o->goal))
    {
      g_printerr (_("draughtsman-cli solve: unknown goal “%s” (win, draw, lock, giveaway, "
                    "win-either, win-or-draw)\n"), a->goal);
      return FALSE;
    }
  if (a->attacker == NULL || g_str_equal (a->attacker, "to-move"))
    o->attacker = DR_SOLVE_ATTACKER_TO_MOVE;
  else if (g_str_equal (a->attacker, "white"))
    o->attacker = DR_SOLVE_ATTACKER_WHITE;
  else if (g_str_equal (a->attacker, "black"))
    o->attacker = DR_SOLVE_ATTACKER_BLACK;
  else
    {
      g_printerr (_("draughtsman-cli solve: --attacker must be white, black or to-move, not “%s”\n"),
                  a->attacker);
      return FALSE;
    }
  if (a->lock_men >= 0 || a->lock_kings >= 0)
    {
      if (a->goal == NULL)
        o->goal = DR_SOLVE_GOAL_LOCK;
      if (o->goal != DR_SOLVE_GOAL_LOCK)
        {
          g_printerr (_("draughtsman-cli solve: --lock and --lock-kings go with --goal lock\n"));
          return FALSE;
        }
      /* "Lock three men": exactly three men, and no king. */
      o->lock_men = a->lock_men >= 0 ? a->lock_men : 0;
      o->lock_kings = a->lock_kings >= 0 ? a->lock_kings : 0;
    }
  o->max_nodes = a->nodes > 0 ? (guint64) a->nodes : 0;
  o->max_seconds = a->seconds > 0 ? a->seconds : 0;
  o->max_depth = a->depth > 0 ? a->depth : 0;
  /* A problem's solution ends at its finales (004 6.2.7.2); the complete
   * proof is searched beside them on the second core. */
  o->finales = !a->no_finales;
  o->threads = a->threads > 0 ? (guint) a->threads : MIN (2, g_get_num_processors ());
  if (a->method != NULL && !dr_solve_method_from_string (a->method, &o->method))
    {
      g_printerr (_("draughtsman-cli solve: --method must be id or pn, not “%s”\n"), a->method);
      return FALSE;
    }
  return TRUE;
}

/* The limits of each alternative move tried for --cooks. */
static void
cook_limits (const SolveArgs *a,
             DrSolveOptions  *co)
{
  if (a->cook_nodes > 0)
    co->max_nodes = (guint64) a->cook_nodes;
  else if (co->max_nodes == 0 && co->max_seconds == 0)
    co->max_nodes = COOK_DEFAULT_NODES;
}

static void
print_cooks (const DrRules *rules,
             GPtrArray     *cooks,
             DrNotation     notation)
{
  guint undecided = 0;
  int shallowest = -1;

  for (guint i = 0; i < cooks->len; i++)
    {
      const DrSolveCook *c = cooks->pdata[i];
      DrMoveList *list;

      if (!dr_solve_status_is_won (c->status))
        {
          /* The alternative's own move and the attacker moves its search
           * ruled out after it: no win that short exists.  Only iterative
           * deepening rules depths out (df-pn has no bound to say). */
          int bound = c->proof != NULL && c->proof->parts[0].method == DR_SOLVE_METHOD_ID
                      ? c->proof->parts[0].lower_bound + 1 : 0;

          undecided++;
          if (shallowest < 0 || bound < shallowest)
            shallowest = bound;
          continue;
        }
      list = g_new (DrMoveList, 1);
      g_autofree char *move = NULL, *stated = NULL;
      list->all_paths = false;
      dr_movegen_legal (rules, &c->before, list);
      move = dr_move_to_text (rules, list, &c->move, notation);
      if (c->stated.from != c->stated.to || c->stated.captures != 0)
        stated = dr_move_to_text (rules, list, &c->stated, notation);
      /* An alternative 6.2.7.3 allows is no cook: said so first. */
      g_print ("%s: %s, %s at ply %u%s%s (%s%s%s, article %s)\n",
               c->dual != DR_SOLVE_DUAL_NONE ? "allowed" : "cook",
               c->kind == DR_SOLVE_COOK_FULL ? "full" : "partial",
               move, c->line_index + 1,
               stated != NULL ? " instead of " : "", stated != NULL ? stated : "",
               dr_solve_status_to_string (c->status),
               c->dual == DR_SOLVE_DUAL_ALTERNATIVE_MOVE ? "; allowed: alternative move"
               : c->dual == DR_SOLVE_DUAL_ALTERNATIVE_CAPTURE ? "; allowed: alternative capture" : "",
               c->final_king_capture ? "; final king capture elsewhere on the diagonal" : "",
               c->article != NULL ? c->article : "6.2.6");
      if (c->proof != NULL && dr_solve_status_is_won (c->proof->status))
        {
          g_autofree char *text = dr_solve_result_format (c->proof, notation, TRUE);
          char **lines = g_strsplit (text, "\n", -1);

          for (char **l = lines; *l != NULL; l++)
            if (**l != '\0')
              g_print ("  | %s\n", *l);
          g_strfreev (lines);
        }
      g_free (list);
    }
  if (undecided > 0 && shallowest > 0)
    g_print ("alternatives undecided within the limits (possible cooks): %u; none wins within %d moves\n",
             undecided, shallowest);
  else if (undecided > 0)
    g_print ("alternatives undecided within the limits (possible cooks): %u\n", undecided);
}

static int
solve_fen (const SolveArgs *a,
           const DrRules   *rules,
           DrNotation       notation,
           DrEgdb          *egdb)
{
  DrSolveOptions o;
  DrPosition pos;
  g_autoptr (GError) error = NULL;
  g_autoptr (DrSolveResult) r = NULL;
  g_autofree char *text = NULL;

  if (!make_options (a, &o))
    return EXIT_BAD_INPUT;
  o.egdb = egdb;
  if (!dr_fen_parse (rules, a->fen, &pos, &error))
    {
      g_printerr (_("draughtsman-cli solve: --fen: %s\n"), error->message);
      return EXIT_BAD_INPUT;
    }
  r = dr_solve (rules, &pos, &o, &error);
  if (r == NULL)
    {
      g_printerr ("draughtsman-cli solve: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }
  text = dr_solve_result_format (r, notation, a->tree);
  g_print ("%s", text);
  g_print ("verdict: %s, nodes: %" G_GUINT64_FORMAT ", time: %.0f ms\n",
           dr_solve_status_to_string (r->status), r->nodes, r->seconds * 1000);
  if (a->cooks && o.goal != DR_SOLVE_GOAL_WIN_EITHER && o.goal != DR_SOLVE_GOAL_WIN_OR_DRAW)
    {
      const DrMove *key = dr_solve_result_get_key (r);
      DrSolveOptions co = o;
      g_autoptr (GPtrArray) cooks = NULL;

      cook_limits (a, &co);
      cooks = dr_solve_cooks (rules, &pos, key, key != NULL ? 1 : 0, &co, &error);

      if (cooks == NULL)
        {
          g_printerr ("draughtsman-cli solve: %s\n", error->message);
          return EXIT_BAD_INPUT;
        }
      print_cooks (rules, cooks, notation);
    }
  return dr_solve_status_is_won (r->status) ? EXIT_SUCCESS : EXIT_FAILURE;
}

static int
cmp_double (const void *x,
            const void *y)
{
  double a = *(const double *) x, b = *(const double *) y;
  return (a > b) - (a < b);
}

static int
solve_pdn (const SolveArgs *a,
           const DrRules   *default_rules,
           const char      *notation_name,
           const char      *egdb_dir)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (a->pdn, NULL, default_rules, &error);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (DrEgdb) egdb = NULL;
  const DrRules *egdb_rules = NULL;
  guint index = 0, proved = 0, won_finales = 0, refuted = 0, undecided = 0, skipped = 0, bad = 0;
  guint key_matches = 0, full_cooks = 0, stated_also_wins = 0;
  double worst = 0;
  guint worst_index = 0;
  DrSolveOptions base;

  if (reader == NULL)
    {
      g_printerr ("draughtsman-cli solve: %s: %s\n", a->pdn, error->message);
      return EXIT_BAD_INPUT;
    }
  if (!make_options (a, &base))
    return EXIT_BAD_INPUT;
  /* Games without a GameType: the variant the whole file reads best in,
   * as pdn-check and compose-check choose it, said on standard error. */
  {
    g_autofree char *report = NULL;

    dr_pdn_reader_detect_variant (reader, &report);
    if (report != NULL)
      g_printerr ("%s: %s\n", a->pdn, report);
  }

  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrMove));
      g_autoptr (DrSolveResult) r = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);
      const char *event, *round;
      DrSolveOptions o = base;
      const DrMove *key;
      DrNotation notation;
      gboolean stated_is_key = FALSE;
      DrSolveStatus stated_status = DR_SOLVE_UNDECIDED;
      g_autofree char *key_text = NULL;
      g_autofree char *cook_text = NULL;
      g_autoptr (GPtrArray) found = NULL;
      double ms;

      if (read == DR_PDN_READ_END)
        break;
      index++;
      if (read == DR_PDN_READ_PARTIAL)
        {
          g_print ("%u: %s\n", index, error->message);
          g_clear_error (&error);
          bad++;
          if (game == NULL)
            continue;
        }
      event = dr_game_get_tag (game, "Event");
      round = dr_game_get_tag (game, "Round");
      if (!game->setup)
        {
          g_print ("%u [%s%s%s]: skipped (no FEN)\n", index, event != NULL ? event : "",
                   round != NULL && *round != '\0' ? "/" : "", round != NULL ? round : "");
          skipped++;
          continue;
        }
      if (egdb_rules != game->rules)
        {
          g_clear_pointer (&egdb, dr_egdb_free);
          egdb = dr_cli_egdb_for_search (game->rules, egdb_dir, "solve");
          egdb_rules = game->rules;
        }
      o.egdb = egdb;
      /* The stipulation: --goal, else a Goal tag, else a draw study for a
       * drawn result, else a win for the side to move. */
      if (a->goal == NULL && o.goal != DR_SOLVE_GOAL_LOCK)
        {
          const char *goal_tag = dr_game_get_tag (game, "Goal");
          const char *result = dr_game_get_tag (game, "Result");

          if (goal_tag == NULL || !dr_solve_goal_from_string (goal_tag, &o.goal))
            o.goal = g_strcmp0 (result, "1/2-1/2") == 0 ? DR_SOLVE_GOAL_DRAW : DR_SOLVE_GOAL_WIN;
        }
      /* The winner the Result tag names is the attacker (004 6.1.4: Black
       * may move first in a problem White wins), unless --attacker says;
       * the tag is read in the game's variant, so English "0-1" is a win
       * for White, the second player (the beginner's collection states
       * #28B, Black to move, as "0-1").  Without a winner the side to
       * move is the attacker. */
      if (a->attacker == NULL
          && (o.goal == DR_SOLVE_GOAL_WIN || o.goal == DR_SOLVE_GOAL_WIN_EITHER))
        o.attacker = dr_solve_attacker_from_result (game->rules, dr_game_get_tag (game, "Result"));
      /* Finales end problems only (004 6.2.7.2): a Genre tag that says
       * otherwise (an étude) asks for the whole proof. */
      {
        const char *genre = dr_game_get_tag (game, "Genre");

        if (genre != NULL && g_ascii_strcasecmp (genre, "problem") != 0)
          o.finales = FALSE;
      }
      notation = notation_name != NULL && g_str_equal (notation_name, "algebraic")
                 ? DR_NOTATION_ALGEBRAIC
                 : notation_name != NULL && g_str_equal (notation_name, "numeric")
                 ? DR_NOTATION_NUMERIC : game->rules->notation;
      for (DrGameNode *n = game->root->children; n != NULL; n = n->children)
        g_array_append_val (line, n->move);

      r = dr_solve (game->rules, &game->root->position, &o, &error);
      if (r == NULL)
        {
          g_print ("%u [%s%s%s]: bad input: %s\n", index, event != NULL ? event : "",
                   round != NULL && *round != '\0' ? "/" : "", round != NULL ? round : "",
                   error->message);
          g_clear_error (&error);
          bad++;
          continue;
        }
      key = dr_solve_result_get_key (r);
      if (key != NULL)
        {
          DrMoveList *list = g_new (DrMoveList, 1);

          list->all_paths = false;
          dr_movegen_legal (game->rules, &game->root->position, list);
          key_text = dr_move_to_text (game->rules, list, key, notation);
          g_free (list);
          stated_is_key = line->len > 0 && dr_move_same (key, &g_array_index (line, DrMove, 0));
          key_matches += stated_is_key;
          /* Another key: does the stated one win too (a full cook, 6.2.6),
           * or is it not a solution within the limits? */
          if (line->len > 0 && !stated_is_key && r->n_parts == 1)
            {
              DrSolveOptions so = o;
              DrPosition after;
              g_autoptr (DrSolveResult) sr = NULL;

              so.attacker = r->parts[0].attacker == DR_SIDE_WHITE ? DR_SOLVE_ATTACKER_WHITE
                                                                   : DR_SOLVE_ATTACKER_BLACK;
              dr_position_apply (&after, &game->root->position, &g_array_index (line, DrMove, 0));
              sr = dr_solve (game->rules, &after, &so, NULL);
              stated_status = sr != NULL ? sr->status : DR_SOLVE_UNDECIDED;
              stated_also_wins += dr_solve_status_is_won (stated_status);
            }
        }
      if (a->cooks && dr_solve_status_is_won (r->status) && r->n_parts == 1)
        {
          DrSolveOptions co = o;
          g_autoptr (GPtrArray) cooks = NULL;

          cook_limits (a, &co);
          cooks = dr_solve_cooks (game->rules, &game->root->position,
                                  (const DrMove *) (void *) line->data, line->len, &co, &error);
          if (cooks == NULL)
            {
              cook_text = g_strdup_printf ("cooks: %s", error->message);
              g_clear_error (&error);
            }
          else
            {
              GString *s = g_string_new (NULL);
              guint nf = 0, np = 0, nd = 0;

              for (guint i = 0; i < cooks->len; i++)
                {
                  const DrSolveCook *c = cooks->pdata[i];
                  if (!dr_solve_status_is_won (c->status))
                    continue;
                  if (c->dual != DR_SOLVE_DUAL_NONE)
                    nd++;
                  else if (c->kind == DR_SOLVE_COOK_FULL)
                    nf++;
                  else
                    np++;
                }
              full_cooks += nf;
              g_string_append_printf (s, "cooks: %u full, %u partial, %u allowed", nf, np, nd);
              cook_text = g_string_free (s, FALSE);
              found = g_steal_pointer (&cooks);
            }
        }
      ms = r->seconds * 1000;
      g_array_append_val (times, ms);
      if (ms > worst)
        {
          worst = ms;
          worst_index = index;
        }
      switch (r->status)
        {
        case DR_SOLVE_PROVED: proved++; break;
        case DR_SOLVE_WON_FINALES: won_finales++; break;
        case DR_SOLVE_REFUTED: refuted++; break;
        default: undecided++; break;
        }
      g_print ("%u [%s%s%s]: %s %s, nodes %" G_GUINT64_FORMAT ", %.0f ms, key %s, stated first move %s%s%s%s\n",
               index, event != NULL ? event : "",
               round != NULL && *round != '\0' ? "/" : "", round != NULL ? round : "",
               dr_solve_goal_to_string (o.goal), dr_solve_status_to_string (r->status), r->nodes, ms,
               key_text != NULL ? key_text : "-",
               line->len == 0 ? "none" : stated_is_key ? "is the key"
               : key == NULL ? "-" : dr_solve_status_is_won (stated_status) ? "differs, and wins too (a full cook)"
               : stated_status == DR_SOLVE_REFUTED ? "differs, and does not win"
               : "differs, and is not shown to win within the limits",
               r->status != DR_SOLVE_PROVED ? " (" : "",
               r->status != DR_SOLVE_PROVED ? r->message : "",
               r->status != DR_SOLVE_PROVED ? ")" : "");
      if (cook_text != NULL)
        g_print ("  %s\n", cook_text);
      if (found != NULL && found->len > 0)
        print_cooks (game->rules, found, notation);
    }

  if (times->len > 0)
    g_array_sort (times, cmp_double);
  g_print ("problems: %u, proved: %u, won finales: %u, refuted: %u, undecided: %u, skipped: %u, bad: %u; "
           "key = stated first move: %u; another key, the stated one winning too: %u; full cooks: %u; "
           "time median %.0f ms, worst %.0f ms (#%u)\n",
           proved + won_finales + refuted + undecided, proved, won_finales, refuted, undecided, skipped, bad,
           key_matches, stated_also_wins, full_cooks,
           times->len > 0 ? g_array_index (times, double, times->len / 2) : 0.0, worst, worst_index);
  if (bad > 0)
    return EXIT_BAD_INPUT;
  return refuted + undecided == 0 && proved + won_finales > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

int
dr_cli_solve (int    argc,
              char **argv)
{
  SolveArgs a = { .lock_men = -1, .lock_kings = -1 };
  double seconds = 0;
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &a.variant, N_("Rules (default: international; with --pdn, games without a GameType tag)"), N_("VARIANT") },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &a.fen, N_("The position (PDN FEN)"), N_("FEN") },
    { "pdn", 0, 0, G_OPTION_ARG_FILENAME, &a.pdn, N_("Solve every game of a collection from its FEN; the main line is the stated solution"), N_("FILE") },
    { "goal", 'g', 0, G_OPTION_ARG_STRING, &a.goal, N_("win (default), draw, lock, giveaway, win-either, win-or-draw"), N_("GOAL") },
    { "attacker", 'a', 0, G_OPTION_ARG_STRING, &a.attacker, N_("The side with the stipulation: white, black or to-move (default)"), N_("SIDE") },
    { "lock", 0, 0, G_OPTION_ARG_INT, &a.lock_men, N_("Lock task: exactly N men locked"), N_("N") },
    { "lock-kings", 0, 0, G_OPTION_ARG_INT, &a.lock_kings, N_("Lock task: exactly N kings locked"), N_("N") },
    { "nodes", 0, 0, G_OPTION_ARG_INT64, &a.nodes, N_("Give up after N positions (per problem)"), N_("N") },
    { "time", 't', 0, G_OPTION_ARG_DOUBLE, &seconds, N_("Give up after S seconds (per problem)"), N_("S") },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &a.depth, N_("Give up beyond N attacker moves (default 100)"), N_("N") },
    { "egdb-dir", 0, 0, G_OPTION_ARG_FILENAME, &a.egdb_dir, N_("Endgame tables from this folder (default: $XDG_DATA_HOME/draughtsman/egdb; \"\" for none)"), N_("DIR") },
    { "notation", 'n', 0, G_OPTION_ARG_STRING, &a.notation, N_("Squares as numeric or algebraic"), N_("NOTATION") },
    { "cooks", 'c', 0, G_OPTION_ARG_NONE, &a.cooks, N_("Look for cooks: other winning moves (each tried within the limits, or 1,000,000 positions)"), NULL },
    { "cook-nodes", 0, 0, G_OPTION_ARG_INT64, &a.cook_nodes, N_("--cooks: give up each alternative after N positions (default: --nodes)"), N_("N") },
    { "tree", 0, 0, G_OPTION_ARG_NONE, &a.tree, N_("Print the solution tree"), NULL },
    { "no-finales", 0, 0, G_OPTION_ARG_NONE, &a.no_finales, N_("A win must run every line to the end of the game or the tables, not to won finales (004 6.2.7.2)"), NULL },
    { "threads", 0, 0, G_OPTION_ARG_INT, &a.threads, N_("Threads: 2 or more searches the complete proof beside the finales (default: 2, or 1 on one core)"), N_("N") },
    { "method", 0, 0, G_OPTION_ARG_STRING, &a.method, N_("The win's search: pn (proof numbers, default) or id (iterative deepening)"), N_("METHOD") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  const DrRules *rules = NULL;
  int status;

  g_option_context_set_summary (context, _("Prove a composition's stipulation: the solution tree, "
                                           "or the refutation, and the cooks (004 section VI)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("draughtsman-cli solve: %s\n", error->message);
      solve_args_clear (&a);
      return EXIT_BAD_INPUT;
    }
  a.seconds = seconds;
  if (a.variant != NULL && (rules = dr_rules_from_name (a.variant)) == NULL)
    {
      g_printerr (_("draughtsman-cli solve: unknown variant “%s”\n"), a.variant);
      solve_args_clear (&a);
      return EXIT_BAD_INPUT;
    }
  if (a.notation != NULL && !g_str_equal (a.notation, "numeric") && !g_str_equal (a.notation, "algebraic"))
    {
      g_printerr (_("draughtsman-cli solve: --notation must be numeric or algebraic\n"));
      solve_args_clear (&a);
      return EXIT_BAD_INPUT;
    }
  if ((a.fen == NULL) == (a.pdn == NULL))
    {
      g_printerr (_("draughtsman-cli solve: give either --fen or --pdn\n"));
      solve_args_clear (&a);
      return EXIT_BAD_INPUT;
    }
  if (a.pdn != NULL)
    status = solve_pdn (&a, rules, a.notation, a.egdb_dir);
  else
    {
      g_autoptr (DrEgdb) egdb = NULL;
      DrNotation notation;

      if (rules == NULL)
        rules = &dr_rules_international;
      notation = a.notation == NULL ? rules->notation
                 : g_str_equal (a.notation, "algebraic") ? DR_NOTATION_ALGEBRAIC : DR_NOTATION_NUMERIC;
      egdb = dr_cli_egdb_for_search (rules, a.egdb_dir, "solve");
      status = solve_fen (&a, rules, notation, egdb);
    }
  solve_args_clear (&a);
  return status;
}
