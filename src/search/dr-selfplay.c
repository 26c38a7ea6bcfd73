/* dr-selfplay.c — games of the engine against itself, for training data
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "dr-selfplay.h"

#include "dr-fen.h"
#include "dr-movegen.h"

DrStatus
dr_selfplay_game (DrSearch                *search,
                  const DrSelfplayOptions *options,
                  guint64                  seed,
                  guint64                  game,
                  GString                 *out,
                  guint                   *n_lines)
{
  const DrRules *rules = dr_search_get_rules (search);
  guint32 seeds[4] = { (guint32) seed, (guint32) (seed >> 32), (guint32) game, (guint32) (game >> 32) };
  g_autoptr (GRand) rand = g_rand_new_with_seed_array (seeds, 4);
  g_autoptr (GArray) history = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  g_autoptr (GPtrArray) records = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) plies = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  DrStatus status = DR_STATUS_ONGOING;
  DrPosition pos;
  const char *result_text;
  int tries = 0;

  dr_search_clear (search);
  dr_rules_initial (rules, &pos);
  g_array_append_val (history, pos);
  *n_lines = 0;
  for (int ply = 0; ; ply++)
    {
      DrPosition next;
      DrMove move;

      status = dr_game_status (rules, (const DrPosition *) history->data, history->len, NULL);
      if (status != DR_STATUS_ONGOING)
        break;
      if (ply >= options->max_plies)
        {
          status = DR_STATUS_DRAW;
          break;
        }
      if (ply < options->random_plies)
        {
          dr_movegen_legal (rules, &pos, list);
          move = list->moves[g_rand_int_range (rand, 0, (gint32) list->n)];
        }
      else
        {
          DrSearchLimits limits = { .max_nodes = options->nodes, .multipv = 1 };
          DrSearchResult result;
          int white_score;

          dr_search_set_history (search, (const DrPosition *) history->data, history->len - 1);
          if (!dr_search_run (search, &pos, &limits, &result))
            break; /* cannot happen: dr_game_status saw a move */
          white_score = pos.turn == DR_SIDE_WHITE ? result.score : -result.score;
          if (ply == options->random_plies && options->max_opening_score > 0
              && ABS (result.score) > options->max_opening_score && tries < 100)
            {
              /* A random opening that gave one side the game: another. */
              tries++;
              ply = -1;
              dr_rules_initial (rules, &pos);
              g_array_set_size (history, 0);
              g_array_append_val (history, pos);
              continue;
            }
          if (result.score >= DR_SCORE_WON || result.score <= -DR_SCORE_WON)
            {
              /* A proven end: the winner is known. */
              status = white_score > 0 ? DR_STATUS_WHITE_WINS : DR_STATUS_BLACK_WINS;
              if (rules->giveaway)
                status = white_score > 0 ? DR_STATUS_BLACK_WINS : DR_STATUS_WHITE_WINS;
              break;
            }
          if (dr_movegen_kind (rules, &pos) != DR_MOVES_CAPTURE)
            {
              g_autofree char *fen = dr_fen_write (rules, &pos, DR_NOTATION_NUMERIC);

              /* The line but its result, known at the end. */
              g_ptr_array_add (records, g_strdup_printf ("%d %s", white_score, fen));
              g_array_append_val (plies, ply);
            }
          move = result.best;
        }
      dr_position_apply (&next, &pos, &move);
      pos = next;
      g_array_append_val (history, pos);
    }

  result_text = status == DR_STATUS_WHITE_WINS ? "1" : status == DR_STATUS_BLACK_WINS ? "0" : "0.5";
  for (guint i = 0; i < records->len; i++)
    g_string_append_printf (out, "%" G_GUINT64_FORMAT " %d %s %s\n", game,
                            g_array_index (plies, int, i), result_text,
                            (const char *) g_ptr_array_index (records, i));
  *n_lines = records->len;
  return status == DR_STATUS_ONGOING ? DR_STATUS_DRAW : status;
}
