/* test-board-state.c — clicks, drags and setup edits become moves and edits
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * DrBoardState is the view-model of the board: no GTK, no display.  The
 * squares and the expected moves are worked out by hand from the PDN
 * numbering (International: 1 = b10, 5 = j10, 46 = a1, 50 = i1, rows of
 * five; Russian and English 8x8: algebraic names, 1 = b8, 29 = a1 in the
 * English numbering) and from the capture rules, never taken from a run
 * of this code.
 */

#include "config.h"

#include "test-util.h"

#include "dr-board-state.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-stack.h"
#include "dr-wide.h"

#include <string.h>

/* Records what a DrBoardState emits. */
typedef struct
{
  guint      n_move;
  guint      n_choose;
  guint      n_illegal;
  guint      n_edited;
  guint      n_changed;
  DrMove     move;            /* the last ::move */
  GArray    *routes;          /* DrMove: the last ::choose-route */
  char      *reason;          /* the last ::illegal */
} Recorder;

static void
move_cb (DrBoardState *state,
         const DrMove *move,
         Recorder     *rec)
{
  rec->n_move++;
  rec->move = *move;
}

static void
choose_cb (DrBoardState *state,
           GPtrArray    *moves,
           Recorder     *rec)
{
  rec->n_choose++;
  g_array_set_size (rec->routes, 0);
  for (guint i = 0; i < moves->len; i++)
    g_array_append_val (rec->routes, *(const DrMove *) moves->pdata[i]);
}

static void
illegal_cb (DrBoardState *state,
            const char   *reason,
            Recorder     *rec)
{
  rec->n_illegal++;
  g_free (rec->reason);
  rec->reason = g_strdup (reason);
}

static void
edited_cb (DrBoardState *state,
           Recorder     *rec)
{
  rec->n_edited++;
}

static void
changed_cb (DrBoardState *state,
            Recorder     *rec)
{
  rec->n_changed++;
}

static void
recorder_init (Recorder     *rec,
               DrBoardState *state)
{
  memset (rec, 0, sizeof *rec);
  rec->routes = g_array_new (FALSE, TRUE, sizeof (DrMove));
  g_signal_connect (state, "move", G_CALLBACK (move_cb), rec);
  g_signal_connect (state, "choose-route", G_CALLBACK (choose_cb), rec);
  g_signal_connect (state, "illegal", G_CALLBACK (illegal_cb), rec);
  g_signal_connect (state, "position-edited", G_CALLBACK (edited_cb), rec);
  g_signal_connect (state, "changed", G_CALLBACK (changed_cb), rec);
}

static void
recorder_clear (Recorder *rec)
{
  g_clear_pointer (&rec->routes, g_array_unref);
  g_clear_pointer (&rec->reason, g_free);
}

/* A square by algebraic name on @rules' board. */
static int
named (const DrRules *rules,
       const char    *name)
{
  size_t consumed = 0;
  int bit = dr_geometry_parse_square (rules->geometry, name, -1, &consumed);

  g_assert_cmpint (bit, >=, 0);
  g_assert_cmpuint (consumed, ==, strlen (name));
  return bit;
}

static DrBitboard
bits10 (const int *numbers)
{
  DrBitboard b = 0;

  for (guint i = 0; numbers[i] != 0; i++)
    b |= dr_bb_bit (n10 (numbers[i]));
  return b;
}

static DrBoardState *
state_with_fen (const DrRules *rules,
                const char    *fen)
{
  DrBoardState *state = dr_board_state_new ();
  g_autoptr (GError) error = NULL;
  DrPosition pos;

  if (fen != NULL)
    {
      g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
      g_assert_no_error (error);
    }
  else
    dr_rules_initial (rules, &pos);
  dr_board_state_set_position (state, rules, &pos, NULL);
  return state;
}

/* International start: the man on 32 (d4) goes to 27 (c5) or 28 (e5). */
static void
test_select_targets (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, NULL);
  Recorder rec;

  recorder_init (&rec, state);
  g_assert_cmpint (dr_board_state_get_selected (state), ==, -1);
  g_assert_cmpuint (dr_board_state_get_targets (state), ==, 0);

  g_assert_cmpint (dr_board_state_click (state, n10 (32)), ==, DR_CLICK_SELECTED);
  g_assert_cmpint (dr_board_state_get_selected (state), ==, n10 (32));
  g_assert_cmpuint (dr_board_state_get_targets (state), ==,
                    dr_bb_bit (n10 (27)) | dr_bb_bit (n10 (28)));
  g_assert_cmpuint (dr_board_state_get_route (state), ==, 0);
  g_assert_cmpuint (rec.n_move + rec.n_illegal + rec.n_choose, ==, 0);

  /* Another of our men: the selection moves to it (31 goes to 26 or 27). */
  g_assert_cmpint (dr_board_state_click (state, n10 (31)), ==, DR_CLICK_SELECTED);
  g_assert_cmpint (dr_board_state_get_selected (state), ==, n10 (31));
  g_assert_cmpuint (dr_board_state_get_targets (state), ==,
                    dr_bb_bit (n10 (26)) | dr_bb_bit (n10 (27)));

  /* The selected piece again: deselects. */
  g_assert_cmpint (dr_board_state_click (state, n10 (31)), ==, DR_CLICK_NOTHING);
  g_assert_cmpint (dr_board_state_get_selected (state), ==, -1);
  g_assert_cmpuint (dr_board_state_get_targets (state), ==, 0);

  /* Off the board: nothing selected, nothing emitted. */
  g_assert_cmpint (dr_board_state_click (state, n10 (32)), ==, DR_CLICK_SELECTED);
  g_assert_cmpint (dr_board_state_click (state, -1), ==, DR_CLICK_NOTHING);
  g_assert_cmpint (dr_board_state_get_selected (state), ==, -1);
  g_assert_cmpuint (rec.n_move + rec.n_illegal + rec.n_choose, ==, 0);
  recorder_clear (&rec);
}

static void
test_click_move (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, NULL);
  Recorder rec;

  recorder_init (&rec, state);
  g_assert_cmpint (dr_board_state_click (state, n10 (32)), ==, DR_CLICK_SELECTED);
  g_assert_cmpint (dr_board_state_click (state, n10 (28)), ==, DR_CLICK_MOVED);
  g_assert_cmpuint (rec.n_move, ==, 1);
  g_assert_cmpint (rec.move.from, ==, n10 (32));
  g_assert_cmpint (rec.move.to, ==, n10 (28));
  g_assert_cmpuint (rec.move.captures, ==, 0);
  g_assert_cmpuint (rec.move.flags & DR_MOVE_PROMOTES, ==, 0);
  g_assert_cmpuint (rec.n_illegal + rec.n_choose, ==, 0);
  /* The move is only announced: the owner sets the new position. */
  g_assert_cmpint (dr_board_state_get_selected (state), ==, -1);
  g_assert_cmpint (dr_position_get (dr_board_state_get_position (state), n10 (32)), ==,
                   DR_PIECE_WHITE_MAN);
  recorder_clear (&rec);
}

static void
test_click_empty (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, NULL);
  Recorder rec;

  recorder_init (&rec, state);
  /* 25 (j6) and 26 (a5) are empty at the start. */
  g_assert_cmpint (dr_board_state_click (state, n10 (25)), ==, DR_CLICK_NOTHING);
  g_assert_cmpint (dr_board_state_click (state, n10 (26)), ==, DR_CLICK_NOTHING);
  g_assert_cmpint (dr_board_state_get_selected (state), ==, -1);
  g_assert_cmpuint (rec.n_move + rec.n_illegal + rec.n_choose + rec.n_edited, ==, 0);
  recorder_clear (&rec);
}

static void
test_click_illegal (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, NULL);
  Recorder rec;

  recorder_init (&rec, state);

  /* A black man, White to move. */
  g_assert_cmpint (dr_board_state_click (state, n10 (19)), ==, DR_CLICK_ILLEGAL);
  g_assert_cmpuint (rec.n_illegal, ==, 1);
  g_assert_nonnull (strstr (rec.reason, "lack"));
  g_assert_cmpint (dr_board_state_get_selected (state), ==, -1);

  /* A man that cannot move: 46 (a1) is hemmed in by 41. */
  g_assert_cmpint (dr_board_state_click (state, n10 (46)), ==, DR_CLICK_ILLEGAL);
  g_assert_cmpuint (rec.n_illegal, ==, 2);
  g_assert_nonnull (strstr (rec.reason, "46"));
  g_assert_cmpint (dr_board_state_get_selected (state), ==, -1);

  /* 32 to 23 is two rows away: not a move; the reason names both ends
   * and what 32 can play. */
  g_assert_cmpint (dr_board_state_click (state, n10 (32)), ==, DR_CLICK_SELECTED);
  g_assert_cmpint (dr_board_state_click (state, n10 (23)), ==, DR_CLICK_ILLEGAL);
  g_assert_cmpuint (rec.n_illegal, ==, 3);
  g_assert_nonnull (strstr (rec.reason, "32"));
  g_assert_nonnull (strstr (rec.reason, "23"));
  g_assert_nonnull (strstr (rec.reason, "28"));
  g_assert_cmpuint (rec.n_move, ==, 0);
  recorder_clear (&rec);
}

/* White men 28 (e5) and 40 (i3), a black man on 23 (f6): 28x19 is the only
 * move, so clicking 40 is refused because the capture is compulsory, and
 * so is 28 to a quiet square. */
static void
test_click_capture_compulsory (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, "W:W28,40:B23");
  Recorder rec;

  recorder_init (&rec, state);
  g_assert_cmpint (dr_board_state_click (state, n10 (40)), ==, DR_CLICK_ILLEGAL);
  g_assert_cmpuint (rec.n_illegal, ==, 1);
  /* Said plainly, and the piece that must capture marked (issue 23:
   * "“40-40” is not legal: a capture is compulsory: 28x19" before). */
  g_assert_cmpstr (rec.reason, ==, "A capture is compulsory: the piece on 28 must capture.");
  g_assert_cmpuint (dr_board_state_get_must_capture (state), ==, dr_bb_bit (n10 (28)));

  g_assert_cmpint (dr_board_state_click (state, n10 (28)), ==, DR_CLICK_SELECTED);
  g_assert_cmpuint (dr_board_state_get_must_capture (state), ==, 0);
  g_assert_cmpuint (dr_board_state_get_targets (state), ==, dr_bb_bit (n10 (19)));
  g_assert_cmpint (dr_board_state_click (state, n10 (22)), ==, DR_CLICK_ILLEGAL);
  g_assert_cmpuint (rec.n_illegal, ==, 2);
  g_assert_nonnull (strstr (rec.reason, "capture"));

  g_assert_cmpint (dr_board_state_click (state, n10 (19)), ==, DR_CLICK_MOVED);
  g_assert_cmpuint (rec.n_move, ==, 1);
  g_assert_cmpint (rec.move.from, ==, n10 (28));
  g_assert_cmpint (rec.move.to, ==, n10 (19));
  g_assert_cmpuint (rec.move.captures, ==, dr_bb_bit (n10 (23)));
  recorder_clear (&rec);
}

/* A white king on 47 (c1); black men on 11 (b8), 12 (d8), 19 (g7), 29 (g5),
 * 30 (i5), 40 (i3).  The most pieces a capture can take is four, and two
 * such captures end on 6 (a9):
 *   A: 47x29 lands on 24 (h6), x30 on 35 (j4), x40 on 44 (h2), x11 on 6;
 *   B: 47x29 lands on 24 (h6), x19 on 8 (e9), x12 on 17 (c7), x11 on 6.
 * 24 is on both routes; 35 and 44 only on A, 8 and 17 only on B. */
#define TWO_ROUTES "W:WK47:B11,12,19,29,30,40"

static const int route_a_captures[] = { 29, 30, 40, 11, 0 };
static const int route_b_captures[] = { 29, 19, 12, 11, 0 };

static void
test_two_routes_choose (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, TWO_ROUTES);
  DrBitboard a = bits10 (route_a_captures);
  DrBitboard b = bits10 (route_b_captures);
  Recorder rec;
  DrMove chosen;

  recorder_init (&rec, state);
  g_assert_cmpint (dr_board_state_click (state, n10 (47)), ==, DR_CLICK_SELECTED);
  g_assert_cmpuint (dr_board_state_get_targets (state), ==, dr_bb_bit (n10 (6)));
  g_assert_cmpint (dr_board_state_click (state, n10 (6)), ==, DR_CLICK_CHOOSE);
  g_assert_cmpuint (rec.n_choose, ==, 1);
  g_assert_cmpuint (rec.n_move, ==, 0);
  g_assert_cmpuint (rec.routes->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const DrMove *m = &g_array_index (rec.routes, DrMove, i);

      g_assert_cmpint (m->from, ==, n10 (47));
      g_assert_cmpint (m->to, ==, n10 (6));
      g_assert_true (m->captures == a || m->captures == b);
    }
  g_assert_true (g_array_index (rec.routes, DrMove, 0).captures
                 != g_array_index (rec.routes, DrMove, 1).captures);

  /* The menu's answer plays it. */
  chosen = g_array_index (rec.routes, DrMove, 1);
  dr_board_state_choose (state, &chosen);
  g_assert_cmpuint (rec.n_move, ==, 1);
  g_assert_cmpuint (rec.move.captures, ==, chosen.captures);
  g_assert_cmpint (dr_board_state_get_selected (state), ==, -1);
  recorder_clear (&rec);
}

static void
test_two_routes_turning (void)
{
  static const struct { int turn; const int *captures; } cases[] = {
    { 35, route_a_captures },
    { 44, route_a_captures },
    { 8, route_b_captures },
    { 17, route_b_captures },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, TWO_ROUTES);
      Recorder rec;

      recorder_init (&rec, state);
      g_assert_cmpint (dr_board_state_click (state, n10 (47)), ==, DR_CLICK_SELECTED);
      g_assert_cmpint (dr_board_state_click (state, n10 (cases[i].turn)), ==, DR_CLICK_SELECTED);
      g_assert_cmpuint (dr_board_state_get_route (state), ==, dr_bb_bit (n10 (cases[i].turn)));
      g_assert_cmpint (dr_board_state_get_selected (state), ==, n10 (47));
      g_assert_cmpuint (dr_board_state_get_targets (state), ==, dr_bb_bit (n10 (6)));
      g_assert_cmpint (dr_board_state_click (state, n10 (6)), ==, DR_CLICK_MOVED);
      g_assert_cmpuint (rec.n_move, ==, 1);
      g_assert_cmpuint (rec.n_choose, ==, 0);
      g_assert_cmpint (rec.move.from, ==, n10 (47));
      g_assert_cmpint (rec.move.to, ==, n10 (6));
      g_assert_cmpuint (rec.move.captures, ==, bits10 (cases[i].captures));
      g_assert_cmpuint (dr_board_state_get_route (state), ==, 0);
      recorder_clear (&rec);
    }

  /* 24 (h6) is on both routes: it narrows nothing, the choice remains. */
  {
    g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, TWO_ROUTES);
    Recorder rec;

    recorder_init (&rec, state);
    g_assert_cmpint (dr_board_state_click (state, n10 (47)), ==, DR_CLICK_SELECTED);
    g_assert_cmpint (dr_board_state_click (state, n10 (24)), ==, DR_CLICK_SELECTED);
    g_assert_cmpint (dr_board_state_click (state, n10 (6)), ==, DR_CLICK_CHOOSE);
    g_assert_cmpuint (rec.routes->len, ==, 2);
    g_assert_cmpuint (rec.n_move, ==, 0);
    recorder_clear (&rec);
  }
}

/* Russian: a white man on h4 takes g5, e7 (crowned on d8, goes on as a
 * king, 004 1.5.15), b6, b4 and b2, and ends on a1; no other capture ends
 * there, so one click on a1 plays it. */
static void
test_unique_long_capture (void)
{
  const DrRules *rules = &dr_rules_russian;
  g_autoptr (DrBoardState) state = state_with_fen (rules, "W:Wh4:Bb2,b4,b6,e7,g5");
  static const char *const black[] = { "b2", "b4", "b6", "e7", "g5" };
  DrBitboard taken = 0;
  Recorder rec;

  for (guint i = 0; i < G_N_ELEMENTS (black); i++)
    taken |= dr_bb_bit (named (rules, black[i]));

  recorder_init (&rec, state);
  g_assert_cmpint (dr_board_state_click (state, named (rules, "h4")), ==, DR_CLICK_SELECTED);
  g_assert_cmpuint (dr_board_state_get_targets (state), ==, dr_bb_bit (named (rules, "a1")));
  g_assert_cmpint (dr_board_state_click (state, named (rules, "a1")), ==, DR_CLICK_MOVED);
  g_assert_cmpuint (rec.n_move, ==, 1);
  g_assert_cmpuint (rec.n_choose, ==, 0);
  g_assert_cmpint (rec.move.from, ==, named (rules, "h4"));
  g_assert_cmpint (rec.move.to, ==, named (rules, "a1"));
  g_assert_cmpuint (rec.move.captures, ==, taken);
  g_assert_cmpuint (rec.move.flags & DR_MOVE_PROMOTES, !=, 0);
  recorder_clear (&rec);
}

static void
test_drop (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, NULL);
  Recorder rec;

  recorder_init (&rec, state);
  /* Dropped where it was: still selected, no move. */
  g_assert_cmpint (dr_board_state_drop (state, n10 (33), n10 (33)), ==, DR_CLICK_SELECTED);
  g_assert_cmpuint (rec.n_move, ==, 0);
  /* 33 (f4) goes to 28 (e5) or 29 (g5). */
  g_assert_cmpint (dr_board_state_drop (state, n10 (33), n10 (29)), ==, DR_CLICK_MOVED);
  g_assert_cmpuint (rec.n_move, ==, 1);
  g_assert_cmpint (rec.move.from, ==, n10 (33));
  g_assert_cmpint (rec.move.to, ==, n10 (29));

  /* A drag of a black piece, and of a white one to a wrong square. */
  g_assert_cmpint (dr_board_state_drop (state, n10 (18), n10 (23)), ==, DR_CLICK_ILLEGAL);
  g_assert_cmpuint (rec.n_illegal, ==, 1);
  g_assert_cmpint (dr_board_state_drop (state, n10 (34), n10 (25)), ==, DR_CLICK_ILLEGAL);
  g_assert_cmpuint (rec.n_illegal, ==, 2);
  /* Dropped off the board: nothing. */
  g_assert_cmpint (dr_board_state_drop (state, n10 (34), -1), ==, DR_CLICK_NOTHING);
  g_assert_cmpuint (rec.n_move, ==, 1);
  g_assert_cmpuint (rec.n_illegal, ==, 2);
  recorder_clear (&rec);
}

static void
test_setup_clicks (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, "W:W46:B5");
  const DrPosition *pos = dr_board_state_get_position (state);
  int sq = n10 (23);
  Recorder rec;

  recorder_init (&rec, state);
  dr_board_state_set_setup_mode (state, TRUE);
  g_assert_true (dr_board_state_get_setup_mode (state));
  g_assert_null (dr_board_state_get_last_move (state));
  g_assert_cmpint (dr_board_state_get_setup_tool (state), ==, DR_SETUP_WHITE_MAN);

  /* The tool's piece, then the same tool again goes on to its king. */
  g_assert_cmpint (dr_board_state_click (state, sq), ==, DR_CLICK_EDITED);
  g_assert_cmpint (dr_position_get (pos, sq), ==, DR_PIECE_WHITE_MAN);
  g_assert_cmpuint (rec.n_edited, ==, 1);
  g_assert_cmpint (dr_board_state_click (state, sq), ==, DR_CLICK_EDITED);
  g_assert_cmpint (dr_position_get (pos, sq), ==, DR_PIECE_WHITE_KING);
  g_assert_cmpuint (rec.n_edited, ==, 2);

  /* Another tool replaces what is there. */
  dr_board_state_set_setup_tool (state, DR_SETUP_BLACK_KING);
  g_assert_cmpint (dr_board_state_get_setup_tool (state), ==, DR_SETUP_BLACK_KING);
  g_assert_cmpint (dr_board_state_click (state, sq), ==, DR_CLICK_EDITED);
  g_assert_cmpint (dr_position_get (pos, sq), ==, DR_PIECE_BLACK_KING);
  dr_board_state_set_setup_tool (state, DR_SETUP_ERASE);
  g_assert_cmpint (dr_board_state_click (state, sq), ==, DR_CLICK_EDITED);
  g_assert_cmpint (dr_position_get (pos, sq), ==, DR_PIECE_NONE);
  g_assert_cmpuint (rec.n_edited, ==, 4);

  /* The secondary click runs through every piece and back to nothing. */
  {
    static const DrPiece cycle[] = {
      DR_PIECE_WHITE_MAN, DR_PIECE_WHITE_KING, DR_PIECE_BLACK_MAN, DR_PIECE_BLACK_KING,
      DR_PIECE_NONE, DR_PIECE_WHITE_MAN,
    };
    for (guint i = 0; i < G_N_ELEMENTS (cycle); i++)
      {
        g_assert_cmpint (dr_board_state_secondary_click (state, sq), ==, DR_CLICK_EDITED);
        g_assert_cmpint (dr_position_get (pos, sq), ==, cycle[i]);
      }
    g_assert_cmpuint (rec.n_edited, ==, 4 + G_N_ELEMENTS (cycle));
  }

  /* Off the board: nothing. */
  g_assert_cmpint (dr_board_state_click (state, -1), ==, DR_CLICK_NOTHING);
  g_assert_cmpuint (rec.n_edited, ==, 10);

  /* No move is ever emitted in setup mode, even on a legal move's squares. */
  g_assert_cmpuint (rec.n_move + rec.n_illegal + rec.n_choose, ==, 0);

  /* Setup drag: the piece moves. */
  g_assert_cmpint (dr_board_state_drop (state, sq, n10 (28)), ==, DR_CLICK_EDITED);
  g_assert_cmpint (dr_position_get (pos, sq), ==, DR_PIECE_NONE);
  g_assert_cmpint (dr_position_get (pos, n10 (28)), ==, DR_PIECE_WHITE_MAN);
  g_assert_cmpuint (rec.n_edited, ==, 11);

  dr_board_state_set_side_to_move (state, DR_SIDE_BLACK);
  g_assert_cmpint (pos->turn, ==, DR_SIDE_BLACK);
  g_assert_cmpuint (rec.n_edited, ==, 12);

  dr_board_state_clear_board (state);
  g_assert_cmpuint (dr_position_occupied (pos), ==, 0);
  g_assert_cmpint (pos->turn, ==, DR_SIDE_BLACK);
  g_assert_cmpuint (rec.n_edited, ==, 13);
  /* The hash is the empty board's with Black to move. */
  g_assert_cmpuint (pos->hash, ==, dr_position_compute_hash (pos));

  /* Leaving setup mode: clicks are moves again; on an empty board with
   * nothing to move a click does nothing. */
  dr_board_state_set_setup_mode (state, FALSE);
  g_assert_cmpint (dr_board_state_click (state, n10 (28)), ==, DR_CLICK_NOTHING);
  g_assert_cmpuint (rec.n_edited, ==, 13);
  recorder_clear (&rec);
}

/* The FEN of @state's position (algebraic). */
static char *
state_fen (DrBoardState *state)
{
  return dr_fen_write (dr_board_state_get_rules (state), dr_board_state_get_position (state),
                       DR_NOTATION_ALGEBRAIC);
}

#define assert_state_fen(state, expected)                        \
  G_STMT_START {                                                 \
    g_autofree char *f_ = state_fen (state);                     \
    g_assert_cmpstr (f_, ==, (expected));                        \
  } G_STMT_END

/* Setup in a tower game (Lasca, README "Towers"): the palette works on
 * the top of a tower, or with Beneath on its bottom; a drag moves the
 * whole tower; the position's words refuse a 33rd piece beneath the tops
 * with a reason.  Other variants ignore Beneath. */
static void
test_setup_towers (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_lasca, "W:Wc3(bW):Bg7");
  g_autoptr (DrBoardState) intl = state_with_fen (&dr_rules_international, "W:W46:B5");
  const DrRules *r = &dr_rules_lasca;
  int c3 = named (r, "c3");
  Recorder rec;
  int beneath = 0, counts[2];

  recorder_init (&rec, state);
  dr_board_state_set_setup_mode (state, TRUE);
  g_assert_false (dr_board_state_get_setup_beneath (state));

  /* The same piece again crowns the top; another replaces it; the pieces
   * beneath stay. */
  g_assert_cmpint (dr_board_state_click (state, c3), ==, DR_CLICK_EDITED);
  assert_state_fen (state, "W:WKc3(bW):Bg7");
  dr_board_state_set_setup_tool (state, DR_SETUP_BLACK_MAN);
  dr_board_state_click (state, c3);
  assert_state_fen (state, "W:W:Bg7,c3(bW)");

  /* Beneath: a white man goes to the bottom, the eraser takes it away. */
  dr_board_state_set_setup_beneath (state, TRUE);
  dr_board_state_set_setup_tool (state, DR_SETUP_WHITE_MAN);
  g_assert_cmpint (dr_board_state_click (state, c3), ==, DR_CLICK_EDITED);
  assert_state_fen (state, "W:W:Bg7,c3(bWw)");
  dr_board_state_set_setup_tool (state, DR_SETUP_ERASE);
  dr_board_state_click (state, c3);
  assert_state_fen (state, "W:W:Bg7,c3(bW)");
  /* On an empty square the eraser does nothing; a piece stands alone. */
  g_assert_cmpint (dr_board_state_click (state, named (r, "a1")), ==, DR_CLICK_NOTHING);

  /* Beneath off: the eraser takes the top off, the black man below
   * commands; a right click goes on to the top's next piece. */
  dr_board_state_set_setup_beneath (state, FALSE);
  dr_board_state_click (state, c3);
  assert_state_fen (state, "W:W:Bg7,c3(W)");
  g_assert_cmpint (dr_board_state_secondary_click (state, c3), ==, DR_CLICK_EDITED);
  assert_state_fen (state, "W:W:Bg7,Kc3(W)");
  g_assert_cmpuint (rec.n_edited, ==, 6);

  /* A drag moves the whole tower, replacing what stood there. */
  g_assert_cmpint (dr_board_state_drop (state, c3, named (r, "g7")), ==, DR_CLICK_EDITED);
  assert_state_fen (state, "W:W:BKg7(W)");

  /* A tower as high as the words hold: 32 pieces beneath the tops. */
  dr_board_state_set_setup_beneath (state, TRUE);
  dr_board_state_set_setup_tool (state, DR_SETUP_BLACK_MAN);
  while (dr_board_state_beneath_click (state, named (r, "a1")) == DR_CLICK_EDITED)
    g_assert_cmpuint (rec.n_illegal, ==, 0);
  g_assert_cmpuint (rec.n_illegal, ==, 1);
  g_assert_nonnull (strstr (rec.reason, "32 pieces beneath"));
  dr_stack_count (dr_board_state_get_position (state), counts);
  beneath = counts[0] + counts[1] - dr_bb_count (dr_position_occupied (dr_board_state_get_position (state)));
  g_assert_cmpint (beneath, ==, 32);
  g_assert_cmpuint (rec.n_move + rec.n_choose, ==, 0);
  recorder_clear (&rec);

  /* International draughts: Beneath or not, a click is a click. */
  dr_board_state_set_setup_mode (intl, TRUE);
  dr_board_state_set_setup_beneath (intl, TRUE);
  dr_board_state_click (intl, n10 (23));
  dr_board_state_beneath_click (intl, n10 (23));
  g_assert_cmpint (dr_position_get (dr_board_state_get_position (intl), n10 (23)), ==, DR_PIECE_WHITE_KING);
  g_assert_cmpuint (dr_board_state_get_position (intl)->under_run, ==, 0);
}

/* Setup edits keep the legal moves up to date: a man put down in setup
 * mode can be moved once setup ends. */
static void
test_setup_then_play (void)
{
  g_autoptr (DrBoardState) state = state_with_fen (&dr_rules_international, "W:W46:B5");
  Recorder rec;

  recorder_init (&rec, state);
  dr_board_state_set_setup_mode (state, TRUE);
  dr_board_state_click (state, n10 (33));
  dr_board_state_set_setup_mode (state, FALSE);
  g_assert_cmpint (dr_board_state_click (state, n10 (33)), ==, DR_CLICK_SELECTED);
  g_assert_cmpuint (dr_board_state_get_targets (state), ==,
                    dr_bb_bit (n10 (28)) | dr_bb_bit (n10 (29)));
  recorder_clear (&rec);
}

typedef struct
{
  double x, y;
  int    expected;     /* PDN number, or 0 for -1 */
} Probe;

static void
check_probes (const DrGeometry *g,
              gboolean          flipped,
              double            size,
              const Probe      *probes,
              guint             n)
{
  for (guint i = 0; i < n; i++)
    {
      int bit = dr_board_layout_square_at (g, flipped, size, probes[i].x, probes[i].y);
      int expected = probes[i].expected == 0 ? -1 : dr_geometry_bit_from_number (g, probes[i].expected);

      if (bit != expected)
        g_error ("%dx%d%s at (%g, %g): square %d, expected %d", g->width, g->height,
                 flipped ? " flipped" : "", probes[i].x, probes[i].y,
                 bit < 0 ? -1 : dr_geometry_number (g, bit), probes[i].expected);
    }
}

/* 10x10 of 500 pixels: cells of 50.  Unflipped, the top row is rank 10
 * (a10 light, b10 = 1, ..., j10 = 5) and the bottom row rank 1 (a1 = 46,
 * ..., i1 = 50, j1 light).  Flipped, the top row is rank 1 from j1 (light)
 * to a1, and the bottom row rank 10 from j10 to a10. */
static void
test_layout_square_at_10x10 (void)
{
  static const Probe unflipped[] = {
    { 25, 25, 0 }, { 75, 25, 1 }, { 475, 25, 5 }, { 425, 25, 0 },
    { 25, 475, 46 }, { 75, 475, 0 }, { 425, 475, 50 }, { 475, 475, 0 },
    { 25, 75, 6 }, { 225, 275, 28 }, { 275, 275, 0 },
    /* Cell edges: 50 is the first pixel of the second column. */
    { 50, 0, 1 }, { 99.9, 49.9, 1 }, { 49.9, 0, 0 },
    /* Outside. */
    { -1, 25, 0 }, { 75, -0.5, 0 }, { 500, 475, 0 }, { 25, 500, 0 }, { 600, 600, 0 },
  };
  static const Probe flipped[] = {
    { 25, 25, 0 }, { 75, 25, 50 }, { 475, 25, 46 }, { 425, 25, 0 },
    { 25, 475, 5 }, { 75, 475, 0 }, { 425, 475, 1 }, { 475, 475, 0 },
    { 25, 75, 45 }, { 225, 275, 23 }, { 225, 225, 0 },
    { -1, 25, 0 }, { 500, 25, 0 },
  };

  check_probes (&dr_geometry_10x10, FALSE, 500, unflipped, G_N_ELEMENTS (unflipped));
  check_probes (&dr_geometry_10x10, TRUE, 500, flipped, G_N_ELEMENTS (flipped));
  /* No board, no square. */
  g_assert_cmpint (dr_board_layout_square_at (&dr_geometry_10x10, FALSE, 0, 0, 0), ==, -1);
}

/* 8x8 (English numbering) of 400 pixels: cells of 50.  Unflipped the top
 * row is a8 (light), b8 = 1, ..., h8 = 4; the bottom row a1 = 29, ...,
 * g1 = 32, h1 light. */
static void
test_layout_square_at_8x8 (void)
{
  static const Probe unflipped[] = {
    { 25, 25, 0 }, { 75, 25, 1 }, { 375, 25, 4 }, { 325, 25, 0 },
    { 25, 375, 29 }, { 325, 375, 32 }, { 375, 375, 0 }, { 25, 75, 5 },
    { 400, 25, 0 }, { 25, 400, 0 },
  };
  static const Probe flipped[] = {
    { 25, 25, 0 }, { 75, 25, 32 }, { 375, 25, 29 },
    { 25, 375, 4 }, { 325, 375, 1 }, { 375, 375, 0 }, { 375, 325, 5 },
  };

  check_probes (&dr_geometry_8x8, FALSE, 400, unflipped, G_N_ELEMENTS (unflipped));
  check_probes (&dr_geometry_8x8, TRUE, 400, flipped, G_N_ELEMENTS (flipped));
}

static void
check_cell (const DrGeometry *g,
            gboolean          flipped,
            int               number,
            int               column,
            int               row)
{
  int c = -2, r = -2;

  dr_board_layout_cell (g, flipped, dr_geometry_bit_from_number (g, number), &c, &r);
  g_assert_cmpint (c, ==, column);
  g_assert_cmpint (r, ==, row);
}

static void
test_layout_cell (void)
{
  const DrGeometry *g10 = &dr_geometry_10x10;
  const DrGeometry *g8 = &dr_geometry_8x8;
  int c = 0, r = 0;

  check_cell (g10, FALSE, 1, 1, 0);
  check_cell (g10, FALSE, 5, 9, 0);
  check_cell (g10, FALSE, 6, 0, 1);
  check_cell (g10, FALSE, 28, 4, 5);
  check_cell (g10, FALSE, 46, 0, 9);
  check_cell (g10, FALSE, 50, 8, 9);
  check_cell (g10, TRUE, 1, 8, 9);
  check_cell (g10, TRUE, 5, 0, 9);
  check_cell (g10, TRUE, 46, 9, 0);
  check_cell (g10, TRUE, 50, 1, 0);
  check_cell (g8, FALSE, 1, 1, 0);
  check_cell (g8, FALSE, 29, 0, 7);
  check_cell (g8, FALSE, 32, 6, 7);
  check_cell (g8, TRUE, 1, 6, 7);
  check_cell (g8, TRUE, 29, 7, 0);

  /* A bit that is not a square. */
  dr_board_layout_cell (g10, FALSE, -1, &c, &r);
  g_assert_cmpint (c, ==, -1);
  g_assert_cmpint (r, ==, -1);

  /* The two functions agree on every square, both ways up. */
  for (int flip = 0; flip < 2; flip++)
    for (int n = 1; n <= 50; n++)
      {
        int bit = dr_geometry_bit_from_number (g10, n);

        dr_board_layout_cell (g10, flip, bit, &c, &r);
        g_assert_cmpint (dr_board_layout_square_at (g10, flip, 500, c * 50 + 25, r * 50 + 25), ==, bit);
      }
}

static void
test_flip_and_arrow (void)
{
  g_autoptr (DrBoardState) state = dr_board_state_new ();
  Recorder rec;
  int from = 0, to = 0;

  recorder_init (&rec, state);
  g_assert_false (dr_board_state_get_flipped (state));
  dr_board_state_set_flipped (state, TRUE);
  g_assert_true (dr_board_state_get_flipped (state));
  g_assert_cmpuint (rec.n_changed, ==, 1);
  /* Setting what is already there changes nothing. */
  dr_board_state_set_flipped (state, TRUE);
  g_assert_cmpuint (rec.n_changed, ==, 1);

  dr_board_state_get_arrow (state, &from, &to);
  g_assert_cmpint (from, ==, -1);
  g_assert_cmpint (to, ==, -1);
  dr_board_state_set_arrow (state, n10 (32), n10 (28));
  dr_board_state_get_arrow (state, &from, &to);
  g_assert_cmpint (from, ==, n10 (32));
  g_assert_cmpint (to, ==, n10 (28));
  g_assert_cmpuint (rec.n_changed, ==, 2);
  recorder_clear (&rec);
}

/* Canadian draughts (004 2.5.1 via 001): the pieces on bits 64-71 of the
 * 12x12 board (White's first rank, squares 1 and 2: dr-geometry.h) are
 * selected, moved and marked like the others.  a1 = 67, b2 = 61, c3 = 56,
 * b12 = 1, a11 = 7, c11 = 8, h6 = 40 and d6 = 38 by the GameType 27
 * numbering. */
static void
test_canadian_wide_squares (void)
{
  const DrRules *rules = &dr_rules_canadian;
  g_autoptr (DrBoardState) capture = state_with_fen (rules, "W:W67,38:B61");
  g_autoptr (DrBoardState) black = state_with_fen (rules, "B:W40:B1");
  int a1 = named (rules, "a1"), b12 = named (rules, "b12");
  Recorder rec;

  g_assert_cmpint (a1, >=, 64);
  g_assert_cmpint (b12, >=, 64);
  recorder_init (&rec, capture);
  /* d6 may not move: a1 must capture, and is marked. */
  g_assert_cmpint (dr_board_state_click (capture, named (rules, "d6")), ==, DR_CLICK_ILLEGAL);
  g_assert_true (dr_board_state_get_must_capture (capture) == dr_wide_bit (a1));
  g_assert_nonnull (strstr (rec.reason, "67 must capture"));
  g_assert_cmpint (dr_board_state_click (capture, a1), ==, DR_CLICK_SELECTED);
  g_assert_true (dr_board_state_get_targets (capture) == dr_wide_bit (named (rules, "c3")));
  g_assert_cmpint (dr_board_state_click (capture, named (rules, "c3")), ==, DR_CLICK_MOVED);
  g_assert_cmpuint (rec.n_move, ==, 1);
  g_assert_cmpint (rec.move.from, ==, a1);
  g_assert_cmpuint (rec.move.captures, ==, dr_bb_bit (named (rules, "b2")));
  recorder_clear (&rec);

  g_assert_cmpint (dr_board_state_click (black, b12), ==, DR_CLICK_SELECTED);
  g_assert_true (dr_board_state_get_targets (black)
                 == (dr_wide_bit (named (rules, "a11")) | dr_wide_bit (named (rules, "c11"))));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/board-state/select/targets", test_select_targets);
  g_test_add_func ("/app/board-state/click/move", test_click_move);
  g_test_add_func ("/app/board-state/click/empty", test_click_empty);
  g_test_add_func ("/app/board-state/click/illegal", test_click_illegal);
  g_test_add_func ("/app/board-state/click/capture-compulsory", test_click_capture_compulsory);
  g_test_add_func ("/app/board-state/capture/two-routes/choose", test_two_routes_choose);
  g_test_add_func ("/app/board-state/capture/two-routes/turning", test_two_routes_turning);
  g_test_add_func ("/app/board-state/capture/unique-long", test_unique_long_capture);
  g_test_add_func ("/app/board-state/drop", test_drop);
  g_test_add_func ("/app/board-state/setup/clicks", test_setup_clicks);
  g_test_add_func ("/app/board-state/setup/then-play", test_setup_then_play);
  g_test_add_func ("/app/board-state/setup/towers", test_setup_towers);
  g_test_add_func ("/app/board-state/flip-and-arrow", test_flip_and_arrow);
  g_test_add_func ("/app/board-state/canadian/wide-squares", test_canadian_wide_squares);
  g_test_add_func ("/app/board-layout/square-at/10x10", test_layout_square_at_10x10);
  g_test_add_func ("/app/board-layout/square-at/8x8", test_layout_square_at_8x8);
  g_test_add_func ("/app/board-layout/cell", test_layout_cell);

  return g_test_run ();
}
