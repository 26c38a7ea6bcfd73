/* dr-egdb-status.c — what the endgame tables say of a position, in words
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The value is told by colour ("White wins in 17"), not for the side to
 * move, so that it reads the same on either player's turn; "in N" counts
 * the winner's moves, as the CLI and the search do (dr-egdb.h).
 */

#define G_LOG_DOMAIN "dr-egdb-status"

#include "config.h"

#include "dr-egdb-status.h"

#include "dr-movegen.h"

#include <glib/gi18n.h>
#include <string.h>

char *
dr_egdb_status_summary (const DrPosition  *pos,
                        const DrEgdbProbe *probe)
{
  gboolean white_wins;
  g_autofree char *value = NULL;

  if (probe->value == DR_EGDB_DRAW)
    return g_strdup (_("Database: draw"));
  white_wins = (probe->value == DR_EGDB_WIN) == (pos->turn == DR_SIDE_WHITE);
  value = white_wins ? g_strdup_printf (_("Database: White wins in %d"), probe->moves)
                     : g_strdup_printf (_("Database: Black wins in %d"), probe->moves);
  if (probe->count_rule == NULL)
    return g_steal_pointer (&value);
  /* Translators: the value above, then the move of the count rule that
   * would end the game as a draw first. */
  return g_strdup_printf (_("%s (count rule: draw at move %d)"), value, probe->count_rule_move);
}

gboolean
dr_egdb_status_probe (const DrEgdb     *db,
                      const DrPosition *pos,
                      DrNotation        notation,
                      int               max_line,
                      DrEgdbStatus     *status)
{
  const DrRules *rules = dr_egdb_get_rules (db);

  memset (status, 0, sizeof *status);
  if (!dr_egdb_probe (db, pos, &status->probe, NULL))
    return FALSE;
  /* The game is over: the status line says so. */
  if (status->probe.value != DR_EGDB_DRAW && status->probe.plies == 0)
    return FALSE;
  status->summary = dr_egdb_status_summary (pos, &status->probe);
  if (status->probe.value != DR_EGDB_DRAW && max_line > 0)
    {
      g_autofree DrMove *moves = g_new (DrMove, max_line + 1);
      g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
      GString *text = g_string_new (NULL);
      DrPosition cur = *pos;
      int n = dr_egdb_line (db, pos, moves, max_line + 1);

      for (int i = 0; i < MIN (n, max_line); i++)
        {
          g_autofree char *move = NULL;

          dr_movegen_legal (rules, &cur, legal);
          move = dr_move_to_text (rules, legal, &moves[i], notation);
          g_string_append_printf (text, "%s%s", i > 0 ? " " : "", move);
          dr_position_apply (&cur, &cur, &moves[i]);
        }
      if (n > max_line)
        g_string_append (text, " …");
      status->line = g_string_free (text, text->len == 0);
    }
  if (status->probe.count_rule != NULL)
    {
      const DrDrawRule *rule = status->probe.count_rule;

      /* Translators: the rule's article, its limit in moves, the move at
       * which it would draw along the table's line. */
      status->remark = status->probe.value == DR_EGDB_WIN
                         ? g_strdup_printf (_("Count rule %s (%d moves): along the table’s line it ends the game "
                                              "as a draw at move %d, before the win."),
                                            rule->article, rule->limit, status->probe.count_rule_move)
                         : g_strdup_printf (_("Count rule %s (%d moves): along the table’s line it ends the game "
                                              "as a draw at move %d, before the loss."),
                                            rule->article, rule->limit, status->probe.count_rule_move);
    }
  return TRUE;
}

void
dr_egdb_status_clear (DrEgdbStatus *status)
{
  g_clear_pointer (&status->summary, g_free);
  g_clear_pointer (&status->line, g_free);
  g_clear_pointer (&status->remark, g_free);
}
