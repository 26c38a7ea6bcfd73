/* test-folk.c — the compendium's other games: Diagonal, Northern, Samoyed,
 * Armenian, Two-move and Stavropol
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 001 (shared/rules/001_bf355a2230861c0b.txt) describes them in its survey
 * after the national variants; it has no article numbers, so its lines are
 * cited ("001:102").  Each rule it states is a test below, named after the
 * line.  The perft tables are our generator's, each checked here against a
 * second generator written for the purpose (the "slow" one below): plain
 * 8x8 arrays and recursion, sharing nothing with src/engine's generator, and
 * reading its positions from the square names itself.  Duplicate captures
 * (same from, to, captured set and crowning) count once, as
 * DR_DUPLICATES_DROP (ENGINES.md §0).
 *
 * By default the tables are checked to depth 8 from the start (10 for
 * Diagonal) and 6 from a position with kings; with -m slow, two plies
 * deeper, where only the slow generator checks the deepest counts.
 * Armenian, Two-move and Stavropol: depth 6 (7 for Two-move from the
 * start), one or two deeper with -m slow (not Armenian with kings).
 */

#include "config.h"

#include "dr-fen.h"
#include "dr-game.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-perft.h"
#include "dr-search.h"
#include "test-util.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* The slow generator: Russian rules (004 I) and the two changes.      */

typedef struct
{
  bool self_capture;  /* Samoyed: any piece but the mover may be jumped */
  bool demote;        /* Northern: a captured king stays, as a man */
  bool ortho;         /* Armenian: along ranks and files, men never back */
  bool two_move;      /* Two-move: a turn is two moves */
  bool stavropol;     /* Stavropol: the opponent's pieces move too */
} SlowRules;

/* board[y][x]: x = file (0 = a), y = rank (0 = rank 1); 'w' 'W' 'b' 'B'
 * or 0.  White moves up the ranks. */
typedef struct
{
  char board[8][8];
  char turn;          /* 'w' or 'b' */
  bool second;        /* Two-move: the turn's second move ("T2") */
} SlowPos;

typedef struct
{
  int      fx, fy, tx, ty;
  uint64_t caps;      /* bit 8 * y + x of each jumped piece */
  bool     promotes;
  SlowPos  after;
} SlowMove;

typedef struct
{
  SlowMove moves[512];
  int      n;
} SlowList;

static bool
on_board (int x,
          int y)
{
  return x >= 0 && x < 8 && y >= 0 && y < 8;
}

/* Reads "W:Wc3,Kd4:Bf6" (square names, K for kings). */
static void
slow_parse (const char *fen,
            SlowPos    *pos)
{
  g_auto (GStrv) parts = g_strsplit (fen, ":", -1);

  memset (pos, 0, sizeof *pos);
  pos->turn = fen[0] == 'W' ? 'w' : 'b';
  for (int i = 1; parts[i] != NULL; i++)
    {
      char colour = parts[i][0] == 'W' ? 'w' : 'b';
      g_auto (GStrv) squares = NULL;

      if (strcmp (parts[i], "T2") == 0)
        {
          pos->second = true;
          continue;
        }
      squares = g_strsplit (parts[i] + 1, ",", -1);

      for (int j = 0; squares[j] != NULL; j++)
        {
          const char *s = squares[j];
          bool king = s[0] == 'K';

          if (king)
            s++;
          if (*s == 0)
            continue;
          g_assert_true (s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8');
          pos->board[s[1] - '1'][s[0] - 'a'] = (char) (king ? colour - 32 : colour);
        }
    }
}

static bool
is_side (char piece,
         char side)
{
  return piece != 0 && (piece | 32) == side;
}

static void
slow_record (SlowList       *list,
             const SlowRules *rules,
             const SlowPos  *pos,
             int             fx,
             int             fy,
             int             tx,
             int             ty,
             uint64_t        caps,
             bool            king_now,
             bool            was_king)
{
  SlowMove m = { fx, fy, tx, ty, caps, king_now && !was_king, *pos };

  for (int i = 0; i < list->n; i++)
    {
      const SlowMove *o = &list->moves[i];
      if (o->fx == fx && o->fy == fy && o->tx == tx && o->ty == ty && o->caps == caps
          && o->promotes == m.promotes)
        return;
    }
  m.after.board[fy][fx] = 0;
  for (int sq = 0; sq < 64; sq++)
    if (caps & (UINT64_C (1) << sq))
      {
        char *p = &m.after.board[sq / 8][sq % 8];
        if (rules->demote && *p == (pos->turn == 'w' ? 'B' : 'W'))
          *p = (char) (*p + 32);
        else
          *p = 0;
      }
  m.after.board[ty][tx] = (char) (king_now ? pos->turn - 32 : pos->turn);
  m.after.turn = pos->turn == 'w' ? 'b' : 'w';
  g_assert_cmpint (list->n, <, (int) G_N_ELEMENTS (list->moves));
  list->moves[list->n++] = m;
}

/* May the mover jump the piece on (x, y)?  Captured pieces stay on the
 * board and are jumped once only (004 1.5.9, 1.5.12). */
static bool
jumpable (const SlowRules *rules,
          const SlowPos   *pos,
          int              x,
          int              y,
          uint64_t         caps)
{
  char p = pos->board[y][x];

  if (p == 0 || (caps & (UINT64_C (1) << (8 * y + x))))
    return false;
  return rules->self_capture || !is_side (p, pos->turn);
}

/* Continues a capture from (x, y); @board has the mover lifted off.
 * Returns whether any jump was possible from here. */
static bool
slow_capture (SlowList        *list,
              const SlowRules *rules,
              const SlowPos   *pos,
              int fx, int fy, int x, int y,
              bool             king,
              bool             was_king,
              uint64_t         caps)
{
  static const int diag[4][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
  static const int ortho[4][2] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 } };
  bool found = false;

  for (int d = 0; d < 4; d++)
    {
      int dx = rules->ortho ? ortho[d][0] : diag[d][0];
      int dy = rules->ortho ? ortho[d][1] : diag[d][1];
      int ox = x + dx, oy = y + dy;

      /* Armenian (001:374): a man never captures backward. */
      if (rules->ortho && !king && dy == (pos->turn == 'w' ? -1 : 1))
        continue;

      if (king)
        while (on_board (ox, oy) && pos->board[oy][ox] == 0)
          {
            ox += dx;
            oy += dy;
          }
      if (!on_board (ox, oy) || !jumpable (rules, pos, ox, oy, caps))
        continue;
      {
        uint64_t caps2 = caps | (UINT64_C (1) << (8 * oy + ox));
        int lx = ox + dx, ly = oy + dy;
        int n_land = 0, lands[8][2];
        bool goes_on = false;

        while (on_board (lx, ly) && pos->board[ly][lx] == 0)
          {
            lands[n_land][0] = lx;
            lands[n_land][1] = ly;
            n_land++;
            if (!king)
              break;
            lx += dx;
            ly += dy;
          }
        if (n_land == 0)
          continue;
        found = true;
        /* A man crowned on the far row goes on as a king (004 1.5.15); a
         * king must land where the capture goes on, if it can (1.5.6). */
        {
          SlowList scratch = { .n = 0 };
          bool cont[8];

          for (int i = 0; i < n_land; i++)
            {
              int ax = lands[i][0], ay = lands[i][1];
              bool k = king || ay == (pos->turn == 'w' ? 7 : 0);
              cont[i] = slow_capture (&scratch, rules, pos, fx, fy, ax, ay, k, was_king, caps2);
              goes_on |= cont[i];
            }
          for (int i = 0; i < n_land; i++)
            {
              int ax = lands[i][0], ay = lands[i][1];
              bool k = king || ay == (pos->turn == 'w' ? 7 : 0);

              if (goes_on && cont[i])
                slow_capture (list, rules, pos, fx, fy, ax, ay, k, was_king, caps2);
              else if (!goes_on)
                slow_record (list, rules, pos, fx, fy, ax, ay, caps2, k, was_king);
            }
        }
      }
    }
  return found;
}

static void
slow_generate (const SlowRules *rules,
               const SlowPos   *pos,
               SlowList        *list)
{
  int forward = pos->turn == 'w' ? 1 : -1;

  list->n = 0;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++)
      if (is_side (pos->board[y][x], pos->turn))
        {
          SlowPos lifted = *pos;
          bool king = pos->board[y][x] < 'a';

          lifted.board[y][x] = 0;
          slow_capture (list, rules, &lifted, x, y, x, y, king, king, 0);
        }
  if (list->n > 0)
    return;
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++)
      if (is_side (pos->board[y][x], pos->turn))
        {
          bool king = pos->board[y][x] < 'a';

          for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++)
              {
                /* Diagonal steps; Armenian: rank and file steps, a man's
                 * forward or sideways. */
                if (rules->ortho ? (dx != 0) == (dy != 0) : (dx == 0 || dy == 0))
                  continue;
                if (!king && (rules->ortho ? dy == -forward : dy != forward))
                  continue;
                for (int tx = x + dx, ty = y + dy; on_board (tx, ty) && pos->board[ty][tx] == 0;
                     tx += dx, ty += dy)
                  {
                    bool k = king || ty == (pos->turn == 'w' ? 7 : 0);
                    slow_record (list, rules, pos, x, y, tx, ty, 0, k, king);
                    if (!king)
                      break;
                  }
              }
        }
}

static bool
slow_has_pieces (const SlowPos *pos,
                 char           side)
{
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 8; x++)
      if (is_side (pos->board[y][x], side))
        return true;
  return false;
}

/* The legal moves, with the two games that change whose move it is.
 * Stavropol: the player's pieces' moves, then the opponent's pieces',
 * as that side would make them; a capture by either colour makes every
 * quiet move illegal (004 1.5.3); without pieces of one's own, no move
 * (004 1.8.1).  Two-move: the first move of a turn leaves the player on
 * move, at the turn's second move. */
static void
slow_legal (const SlowRules *rules,
            const SlowPos   *pos,
            SlowList        *list)
{
  slow_generate (rules, pos, list);
  if (rules->stavropol)
    {
      g_autofree SlowList *foreign = g_new (SlowList, 1);
      SlowPos other = *pos;
      bool own_capture = list->n > 0 && list->moves[0].caps != 0;
      bool foreign_capture;

      if (!slow_has_pieces (pos, pos->turn))
        {
          list->n = 0;
          return;
        }
      other.turn = pos->turn == 'w' ? 'b' : 'w';
      slow_generate (rules, &other, foreign);
      foreign_capture = foreign->n > 0 && foreign->moves[0].caps != 0;
      if (foreign_capture && !own_capture)
        list->n = 0;
      if (foreign_capture || !own_capture)
        for (int i = 0; i < foreign->n; i++)
          {
            g_assert_cmpint (list->n, <, (int) G_N_ELEMENTS (list->moves));
            list->moves[list->n] = foreign->moves[i];
            /* The turn passes to the opponent as after any move. */
            list->moves[list->n].after.turn = other.turn;
            list->n++;
          }
    }
  for (int i = 0; i < list->n; i++)
    {
      SlowPos *after = &list->moves[i].after;

      after->second = rules->two_move && !pos->second;
      if (after->second)
        after->turn = pos->turn;
    }
}

static SlowRules
slow_rules_of (const DrRules *rules)
{
  return (SlowRules) { rules->self_capture, rules->kings_demoted, rules->orthogonal_board,
                       rules->two_moves, rules->foreign_moves };
}

static uint64_t
slow_perft (const SlowRules *rules,
            const SlowPos   *pos,
            int              depth)
{
  g_autofree SlowList *list = g_new (SlowList, 1);
  uint64_t nodes = 0;

  slow_legal (rules, pos, list);
  if (depth == 1)
    return (uint64_t) list->n;
  for (int i = 0; i < list->n; i++)
    nodes += slow_perft (rules, &list->moves[i].after, depth - 1);
  return nodes;
}

/* ------------------------------------------------------------------ */
/* Helpers over the real engine.                                       */

static void
parse (const DrRules *rules,
       const char    *fen,
       DrPosition    *pos)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (dr_fen_parse (rules, fen, pos, &error));
  g_assert_no_error (error);
}

static int
sq (const char *name)
{
  return dr_geometry_bit_at_xy (&dr_geometry_8x8, name[0] - 'a', name[1] - '1');
}

static int
compare_texts (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The legal moves of @fen as text, sorted, joined by spaces. */
static char *
moves_text (const DrRules *rules,
            const char    *fen)
{
  DrPosition pos;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  parse (rules, fen, &pos);
  dr_movegen_legal (rules, &pos, list);
  for (unsigned i = 0; i < list->n; i++)
    g_ptr_array_add (texts, dr_move_to_text (rules, list, &list->moves[i], DR_NOTATION_ALGEBRAIC));
  g_ptr_array_sort (texts, compare_texts);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}

/* @fen after the move written @text, as a FEN. */
static char *
after (const DrRules *rules,
       const char    *fen,
       const char    *text)
{
  DrPosition pos, child;
  DrMove move;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autoptr (GError) error = NULL;

  parse (rules, fen, &pos);
  dr_movegen_legal (rules, &pos, list);
  dr_move_parse (rules, &pos, list, text, &move, &error);
  g_assert_no_error (error);
  dr_position_apply (&child, &pos, &move);
  g_assert_cmpuint (child.hash, ==, dr_position_compute_hash (&child));
  g_assert_cmpuint (child.hash, ==, dr_position_hash_after (&pos, &move));
  return dr_fen_write (rules, &child, DR_NOTATION_ALGEBRAIC);
}

/* Do two FEN texts give the same position (any square order)? */
static bool
same_position (const DrRules *rules,
               const char    *a,
               const char    *b)
{
  DrPosition pa, pb;

  parse (rules, a, &pa);
  parse (rules, b, &pb);
  return dr_position_equal (&pa, &pb);
}

/* ------------------------------------------------------------------ */
/* Diagonal draughts.                                                  */

/* 001:104 "they line up in opposite corners of the board on dark squares
 * in three rows so that in the first (from the corner) row there is 2
 * checkers, in the second - 4 and in the third - 6". */
#define DIAGONAL_START "W:Wg1,h2,e1,f2,g3,h4,c1,d2,e3,f4,g5,h6:Bb8,a7,d8,c7,b6,a5,f8,e7,d6,c5,b4,a3"
#define RUSSIAN_START "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"

static void
test_diagonal_setup (void)
{
  const DrRules *rules = &dr_rules_diagonal;
  DrPosition initial, text;
  SlowPos slow;

  dr_rules_initial (rules, &initial);
  parse (rules, DIAGONAL_START, &text);
  g_assert_true (dr_position_equal (&initial, &text));
  g_assert_cmpint (initial.turn, ==, DR_SIDE_WHITE);  /* 004 1.4.1 */
  /* The rows, from each side's corner (h1, a8), hold 2, 4 and 6 men,
   * all on dark squares, and nothing else stands on the board. */
  slow_parse (DIAGONAL_START, &slow);
  for (int side = 0; side < 2; side++)
    for (int row = 0; row < 3; row++)
      {
        int n = 0;

        for (int x = 0; x < 8; x++)
          for (int y = 0; y < 8; y++)
            if (slow.board[y][x] == (side == 0 ? 'w' : 'b')
                && (side == 0 ? x - y : y - x) == 6 - 2 * row)
              {
                g_assert_cmpint ((x + y) % 2, ==, 0);
                n++;
              }
        g_assert_cmpint (n, ==, 2 * (row + 1));
      }
  g_assert_cmpint (dr_bb_count (dr_position_occupied (&initial)), ==, 24);
}

/* ------------------------------------------------------------------ */
/* Northern draughts.                                                  */

/* 001:102 "when someone else's king is taken, it is not removed from the
 * board, but replaced with a simple checker": the man it becomes is an
 * ordinary man, which may capture backward at once (004 1.5.3). */
static void
test_northern_king_becomes_man (void)
{
  const DrRules *rules = &dr_rules_northern;
  g_autofree char *moves = moves_text (rules, "W:Wc3:BKd4");
  g_autofree char *fen = after (rules, "W:Wc3:BKd4", "c3:e5");
  g_autofree char *reply = moves_text (rules, fen);
  g_autofree char *russian = after (&dr_rules_russian, "W:Wc3:BKd4", "c3:e5");

  g_assert_cmpstr (moves, ==, "c3:e5");
  g_assert_cmpstr (fen, ==, "B:We5:Bd4");
  g_assert_cmpstr (reply, ==, "d4:f6");
  g_assert_cmpstr (russian, ==, "B:We5:B");
  /* A man taken is removed as in Russian draughts. */
  g_clear_pointer (&fen, g_free);
  fen = after (rules, "W:Wc3:Bd4,h8", "c3:e5");
  g_assert_cmpstr (fen, ==, "B:We5:Bh8");
}

/* 001:102 with 004 1.5.9 and 1.5.12: the king becomes a man where it would
 * have been removed, at the end of the capture; until then it is a taken
 * piece, which blocks and is not jumped again.  Here the king a1 takes c3
 * and e5 and must go on after c3 (004 1.5.6); only c3 stays, as a man. */
static void
test_northern_demoted_at_the_end (void)
{
  const DrRules *rules = &dr_rules_northern;
  g_autofree char *moves = moves_text (rules, "W:WKa1:BKc3,e5");
  g_autofree char *fen = after (rules, "W:WKa1:BKc3,e5", "a1:h8");

  g_assert_cmpstr (moves, ==, "a1:f6 a1:g7 a1:h8");
  g_assert_cmpstr (fen, ==, "B:WKh8:Bc3");
}

/* The route a5:c3:e1 then up to e5 would reach c3 again from the other
 * side: were the king turned into a man at once, it could be jumped a
 * second time.  It is not (004 1.5.9): every move takes c3 once and leaves
 * a black man on it. */
static void
test_northern_not_jumped_twice (void)
{
  const DrRules *rules = &dr_rules_northern;
  DrPosition pos;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);

  parse (rules, "W:WKa5:BKc3,f2,f4,a7", &pos);
  dr_movegen_legal (rules, &pos, list);
  g_assert_cmpuint (list->n, >, 0);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;
      const DrMove *m = &list->moves[i];

      g_assert_true (dr_bb_has (m->captures, sq ("c3")));
      g_assert_true (m->to != sq ("b2") && m->to != sq ("a1"));
      g_assert_true (m->flags & DR_MOVE_DEMOTES);
      dr_position_apply (&child, &pos, m);
      g_assert_cmpint (dr_position_get (&child, sq ("c3")), ==, DR_PIECE_BLACK_MAN);
    }
}

/* ------------------------------------------------------------------ */
/* Samoyed draughts.                                                   */

/* 001:102 "you can (and should) beat another checker, regardless of its
 * color, i.e. both his own and someone else's": a capture of one's own man
 * is compulsory like any other, and each of the two men may take the
 * other, the one on d4 backward (004 1.5.3). */
static void
test_samoyed_own_piece (void)
{
  const DrRules *rules = &dr_rules_samoyed;
  g_autofree char *moves = moves_text (rules, "W:Wc3,d4:Bh8");
  g_autofree char *fen = after (rules, "W:Wc3,d4:Bh8", "c3:e5");

  g_assert_cmpstr (moves, ==, "c3:e5 d4:b2");
  g_assert_cmpstr (fen, ==, "B:We5:Bh8");
}

/* 001:412 "it is required to beat not only the opponent's checkers, but
 * also your own": one capture takes both colours (c3 over d4, then f6), and
 * a man takes its own backward as it takes the opponent's (004 1.5.3). */
static void
test_samoyed_both_colours (void)
{
  const DrRules *rules = &dr_rules_samoyed;
  g_autofree char *moves = moves_text (rules, "W:Wc3,d4:Ba7,f6");
  g_autofree char *fen = after (rules, "W:Wc3,d4:Ba7,f6", "c3:g7");

  g_assert_cmpstr (moves, ==, "c3:g7 d4:b2");
  g_assert_cmpstr (fen, ==, "B:Wg7:Ba7");
}

/* A king takes its own man, and landing squares follow 004 1.5.6 as ever. */
static void
test_samoyed_king (void)
{
  const DrRules *rules = &dr_rules_samoyed;
  g_autofree char *moves = moves_text (rules, "W:WKa1,c3:Bh8");
  g_autofree char *fen = after (rules, "W:WKa1,c3:Bh8", "a1:g7");

  g_assert_cmpstr (moves, ==, "a1:d4 a1:e5 a1:f6 a1:g7");
  g_assert_cmpstr (fen, ==, "B:WKg7:Bh8");
}

/* ------------------------------------------------------------------ */
/* Armenian draughts.                                                  */

/* 001:374 "Checkers move not diagonally, but in a perpendicular
 * direction": a man steps forward or sideways (never back: 004 1.4.3), a
 * king along ranks and files, any distance. */
static void
test_armenian_moves (void)
{
  g_autofree char *man = moves_text (&dr_rules_armenian, "W:Wd4:Bh8");
  g_autofree char *black = moves_text (&dr_rules_armenian, "B:Wh1:Bd4");
  g_autofree char *king = moves_text (&dr_rules_armenian, "W:WKa1,b2:Bh8");

  g_assert_cmpstr (man, ==, "d4-c4 d4-d5 d4-e4");
  g_assert_cmpstr (black, ==, "d4-c4 d4-d3 d4-e4");
  g_assert_cmpstr (king, ==, "a1-a2 a1-a3 a1-a4 a1-a5 a1-a6 a1-a7 a1-a8 a1-b1 a1-c1 a1-d1 "
                   "a1-e1 a1-f1 a1-g1 a1-h1 b2-a2 b2-b3 b2-c2");
}

/* 001:374 "there is a ban on destroying opponent's pieces in a backward
 * move": the man on d4 takes forward and sideways, not the man behind it;
 * the king takes backward too. */
static void
test_armenian_no_backward_capture (void)
{
  g_autofree char *man = moves_text (&dr_rules_armenian, "W:Wd4:Bd3,c4,e4,d5");
  g_autofree char *behind = moves_text (&dr_rules_armenian, "W:Wd4,h1:Bd3");
  g_autofree char *king = moves_text (&dr_rules_armenian, "W:WKd4:Bd3");

  g_assert_cmpstr (man, ==, "d4:b4 d4:d6 d4:f4");
  g_assert_cmpstr (behind, ==, "d4-c4 d4-d5 d4-e4 h1-g1 h1-h2");
  g_assert_cmpstr (king, ==, "d4:d1 d4:d2");
}

/* What Armenian draughts as 001 states it does differently from our
 * Turkish draughts: 004 I's rules where Turkish has its own.  Free choice
 * (004 1.5.14): the one-piece capture d4:f4 is allowed beside d4:d6:d8,
 * where Turkish must take the most. */
static void
test_armenian_free_choice (void)
{
  static const char fen[] = "W:Wd4:Be4,d5,d7";
  g_autofree char *armenian = moves_text (&dr_rules_armenian, fen);
  g_autofree char *turkish = moves_text (&dr_rules_turkish, fen);

  g_assert_cmpstr (armenian, ==, "d4:d8 d4:f4");
  g_assert_cmpstr (turkish, ==, "d4xd8");
}

/* The pieces taken stay until the capture ends (004 1.5.9, 1.5.12): the
 * king d1 takes d3, f5 and g4 and, going back along the third rank, is
 * stopped by d3, which Turkish draughts has already lifted (there it
 * takes b3 too, four pieces, the only move). */
static void
test_armenian_taken_stay (void)
{
  static const char fen[] = "W:WKd1:Bd3,f5,g4,b3";
  DrPosition pos;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autofree char *turkish = moves_text (&dr_rules_turkish, fen);

  g_assert_cmpstr (turkish, ==, "d1xa3");
  parse (&dr_rules_armenian, fen, &pos);
  dr_movegen_legal (&dr_rules_armenian, &pos, list);
  g_assert_cmpuint (list->n, >, 0);
  for (unsigned i = 0; i < list->n; i++)
    g_assert_cmpint (dr_bb_count (list->moves[i].captures), <=, 3);
}

/* A man crowned during a capture goes on as a king (004 1.5.15): b6:b8
 * and on along the eighth rank over d8; a Turkish man on b8 goes on as a
 * man, and has nothing to take sideways. */
static void
test_armenian_crowned_goes_on (void)
{
  static const char fen[] = "W:Wb6:Bb7,d8";
  g_autofree char *armenian = moves_text (&dr_rules_armenian, fen);
  g_autofree char *turkish = moves_text (&dr_rules_turkish, fen);
  g_autofree char *end = after (&dr_rules_armenian, fen, "b6:h8");

  g_assert_cmpstr (armenian, ==, "b6:e8 b6:f8 b6:g8 b6:h8");
  g_assert_cmpstr (turkish, ==, "b6xb8");
  g_assert_cmpstr (end, ==, "B:WKh8:B");
}

/* ------------------------------------------------------------------ */
/* Two-move draughts.                                                  */

/* 001:104 "the opponents make 2 moves in a row": White's first turn is
 * two moves too (dr-rules.c); the position says which move of the turn
 * it is (FEN ":T2"). */
static void
test_two_move_turns (void)
{
  const DrRules *rules = &dr_rules_two_move;
  g_autofree char *first = after (rules, RUSSIAN_START, "c3-d4");
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;
  DrPosition pos;

  g_assert_true (same_position (rules, first, "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,d4,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8:T2"));
  g_assert_true (g_str_has_suffix (first, ":T2") && first[0] == 'W');
  second = after (rules, first, "d4-c5");
  g_assert_true (same_position (rules, second, "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c5,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"));
  g_assert_null (strstr (second, "T2"));
  /* The second move of a turn is Black's too; then White again. */
  third = after (rules, second, "b6:d4");
  g_assert_true (g_str_has_suffix (third, ":T2") && third[0] == 'B');
  parse (rules, third, &pos);
  g_assert_cmpint (pos.second, ==, 1);
  g_assert_cmpuint (pos.hash, ==, dr_position_compute_hash (&pos));
}

/* Each move obeys the capture rule on its own (004 1.5.3): White's first
 * move is free, but the man it brings to d4 must take e5 at the second. */
static void
test_two_move_capture_each_move (void)
{
  const DrRules *rules = &dr_rules_two_move;
  g_autofree char *moves = moves_text (rules, "W:Wc3,h2:Be5");
  g_autofree char *fen = after (rules, "W:Wc3,h2:Be5", "c3-d4");
  g_autofree char *second = moves_text (rules, fen);

  g_assert_cmpstr (moves, ==, "c3-b4 c3-d4 h2-g3");
  g_assert_cmpstr (second, ==, "d4:f6");
}

/* A player who cannot make the second move of the turn has no move, and
 * loses (004 1.8.1): the man h6 can go to g7 only, where f8 and h8 hold
 * it. */
static void
test_two_move_blocked_second (void)
{
  const DrRules *rules = &dr_rules_two_move;
  g_autofree char *fen = after (rules, "W:Wh6:Bf8,h8", "h6-g7");
  g_autofree char *moves = moves_text (rules, fen);
  DrPosition pos;
  DrSearch *search = dr_search_new (rules, 1);
  DrSearchLimits limits = { .max_depth = 2, .multipv = 1 };
  DrSearchResult result;

  g_assert_cmpstr (fen, ==, "W:Wg7:Bf8,h8:T2");
  g_assert_cmpstr (moves, ==, "");
  parse (rules, "W:Wh6:Bf8,h8", &pos);
  dr_search_run (search, &pos, &limits, &result);
  g_assert_cmpint (result.score, <=, -DR_SCORE_WON);
  dr_search_free (search);
}

/* The search keeps the sign inside a turn: c3-d4 and d4:f6 win at once
 * (Black has no piece left), which a search that handed the move to
 * Black after c3-d4 would score as Black's capture e5:c3. */
static void
test_two_move_search (void)
{
  const DrRules *rules = &dr_rules_two_move;
  DrPosition pos;
  DrSearch *search = dr_search_new (rules, 1);
  DrSearchLimits limits = { .max_depth = 4, .multipv = 1 };
  DrSearchResult result;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autofree char *best = NULL;

  parse (rules, "W:Wc3:Be5", &pos);
  g_assert_true (dr_search_run (search, &pos, &limits, &result));
  dr_movegen_legal (rules, &pos, list);
  best = dr_move_to_text (rules, list, &result.best, DR_NOTATION_ALGEBRAIC);
  g_assert_cmpstr (best, ==, "c3-d4");
  g_assert_cmpint (result.score, >=, DR_SCORE_WON);
  dr_search_free (search);
}

/* PDN: a turn's two moves follow one number, "1. c3-d4 d4-c5 b6:d4 f6-g5"
 * (README), and the game reads back. */
static void
test_two_move_pdn_numbers (void)
{
  const DrRules *rules = &dr_rules_two_move;
  static const char *const line[] = { "c3-d4", "d4-c5", "b6:d4", "f6-g5", "e3:c5" };
  g_autoptr (DrGame) game = dr_game_new (rules, NULL);
  g_autoptr (DrGame) back = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  DrGameNode *node = game->root;

  for (gsize i = 0; i < G_N_ELEMENTS (line); i++)
    {
      g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
      DrMove move;

      dr_movegen_legal (rules, &node->position, list);
      g_assert_true (dr_move_parse (rules, &node->position, list, line[i], &move, &error));
      g_assert_no_error (error);
      node = dr_game_add_move (game, node, &move);
    }
  text = dr_pdn_write_game (game, DR_NOTATION_ALGEBRAIC);
  g_assert_nonnull (strstr (text, "1. c3-d4 d4-c5 b6:d4 f6-g5 2. e3:c5"));
  g_assert_nonnull (strstr (text, "[GameType \"94\"]"));
  reader = dr_pdn_reader_new (text, -1, "written", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &back, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_no_error (error);
  g_assert_true (dr_position_equal (&dr_game_node_main_line_end (back->root)->position,
                                    &node->position));
}

/* FEN: "T2" only in two-move draughts; T1 is the default. */
static void
test_two_move_fen (void)
{
  DrPosition pos;
  g_autoptr (GError) error = NULL;
  g_autofree char *written = NULL;

  g_assert_false (dr_fen_parse (&dr_rules_russian, "W:Wc3:Be5:T2", &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_false (dr_fen_parse (&dr_rules_two_move, "W:Wc3:Be5:T3", &pos, &error));
  g_assert_error (error, DR_FEN_ERROR, DR_FEN_ERROR_SYNTAX);
  g_clear_error (&error);
  parse (&dr_rules_two_move, "W:Wc3:Be5:T1", &pos);
  g_assert_cmpint (pos.second, ==, 0);
  written = dr_fen_write (&dr_rules_two_move, &pos, DR_NOTATION_ALGEBRAIC);
  g_assert_cmpstr (written, ==, "W:Wc3:Be5");
}

/* ------------------------------------------------------------------ */
/* Stavropol draughts.                                                 */

/* 001:408 "a participant can, in turn, make a move not with his own
 * chips, but with the opponent": from the start White has its seven
 * moves and Black's seven; the black man moves Black's way, and then it
 * is Black's turn. */
static void
test_stavropol_opponent_piece (void)
{
  const DrRules *rules = &dr_rules_stavropol;
  g_autofree char *moves = moves_text (rules, RUSSIAN_START);
  g_autofree char *fen = after (rules, RUSSIAN_START, "f6-g5");

  g_assert_cmpstr (moves, ==, "a3-b4 b6-a5 b6-c5 c3-b4 c3-d4 d6-c5 d6-e5 e3-d4 e3-f4 f6-e5 "
                   "f6-g5 g3-f4 g3-h4 h6-g5");
  g_assert_true (same_position (rules, fen, "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,g5,h6,a7,c7,e7,g7,b8,d8,f8,h8"));
}

/* Capture is compulsory (004 1.5.3) over every move the player may make:
 * White's own men have no capture, but Black's d4 can take e3 or c5, so
 * White must make one of those captures of its own men. */
static void
test_stavropol_capture_obligation (void)
{
  const DrRules *rules = &dr_rules_stavropol;
  g_autofree char *moves = moves_text (rules, "W:Wc5,e3:Bd4");
  g_autofree char *fen = after (rules, "W:Wc5,e3:Bd4", "d4:f2");

  g_assert_cmpstr (moves, ==, "d4:b6 d4:f2");
  g_assert_cmpstr (fen, ==, "B:Wc5:Bf2");
}

/* A piece is crowned as its colour's (dr-rules.c): the black man moved by
 * White to a1 becomes a black king. */
static void
test_stavropol_crowning (void)
{
  g_autofree char *fen = after (&dr_rules_stavropol, "W:WKa7:Bb2", "b2-a1");

  g_assert_cmpstr (fen, ==, "B:WKa7:BKa1");
}

/* A player whose pieces are all taken has lost (004 1.8.1): no move, the
 * opponent's pieces not withstanding. */
static void
test_stavropol_no_pieces (void)
{
  DrPosition pos;
  g_autofree char *moves = moves_text (&dr_rules_stavropol, "W:W:Bb2");

  parse (&dr_rules_stavropol, "W:W:Bb2", &pos);
  g_assert_false (dr_movegen_has_move (&dr_rules_stavropol, &pos));
  g_assert_cmpstr (moves, ==, "");
}

/* ------------------------------------------------------------------ */
/* Perft, checked by the slow generator.                               */

typedef struct
{
  const char *path;
  const DrRules *rules;
  const char *fen;
  int         quick_depth;
  int         slow_depth;
  uint64_t    nodes[12];  /* our generator's table; the slow one agrees */
} FolkPerft;

#define KINGS_FEN "W:WKa1,Kc3,e3,g3,b2,Kh2:BKb6,Kd6,f6,h6,Ke7,c7"
#define TURKISH_START "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3" \
  ":Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7"

static const FolkPerft perft_cases[] = {
  { "/folk/perft/diagonal/initial", &dr_rules_diagonal, DIAGONAL_START, 10, 12,
    { 6, 6, 14, 40, 83, 266, 859, 3187, 13343, 55587 } },
  /* No king is taken within nine plies of the start: the Russian row
   * (test-perft.c) so far. */
  { "/folk/perft/northern/initial", &dr_rules_northern, RUSSIAN_START, 8, 10,
    { 7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586 } },
  { "/folk/perft/samoyed/initial", &dr_rules_samoyed, RUSSIAN_START, 8, 10,
    { 6, 36, 154, 714, 2491, 9671, 32031, 109622, 377729 } },
  { "/folk/perft/northern/kings", &dr_rules_northern, KINGS_FEN, 6, 8,
    { 2, 3, 31, 199, 1377, 11051, 74517 } },
  { "/folk/perft/samoyed/kings", &dr_rules_samoyed, KINGS_FEN, 6, 8,
    { 8, 101, 380, 1890, 12481, 82104, 665434 } },
  { "/folk/perft/armenian/initial", &dr_rules_armenian, TURKISH_START, 6, 7,
    { 8, 64, 708, 7550, 85496, 941516, 10994572 } },
  /* Depth 7 (76,830,583) takes the slow generator minutes: 6 both ways. */
  { "/folk/perft/armenian/kings", &dr_rules_armenian, KINGS_FEN, 6, 6,
    { 9, 58, 1196, 12012, 293383, 3145697 } },
  { "/folk/perft/two-move/initial", &dr_rules_two_move, RUSSIAN_START, 7, 9,
    { 7, 56, 335, 1842, 8615, 62241, 254512, 1618058, 6628710 } },
  { "/folk/perft/two-move/kings", &dr_rules_two_move, KINGS_FEN, 6, 7,
    { 2, 25, 90, 840, 5056, 49915, 353388 } },
  { "/folk/perft/stavropol/initial", &dr_rules_stavropol, RUSSIAN_START, 6, 7,
    { 14, 210, 2528, 25916, 253946, 2409524, 22422430 } },
  { "/folk/perft/stavropol/kings", &dr_rules_stavropol, KINGS_FEN, 6, 7,
    { 3, 5, 59, 862, 12833, 201961 } },
};

static void
test_perft (gconstpointer data)
{
  const FolkPerft *c = data;
  SlowRules slow_rules = slow_rules_of (c->rules);
  int depth = g_test_slow () ? c->slow_depth : c->quick_depth;
  DrPosition pos;
  SlowPos slow;

  parse (c->rules, c->fen, &pos);
  slow_parse (c->fen, &slow);
  for (int d = 1; d <= depth; d++)
    {
      uint64_t fast = dr_perft (c->rules, &pos, d, DR_DUPLICATES_DROP);
      uint64_t checked = slow_perft (&slow_rules, &slow, d);

      g_test_message ("%s perft %d: %" G_GUINT64_FORMAT, c->path, d, fast);
      g_assert_cmpuint (fast, ==, checked);
      if (d <= (int) G_N_ELEMENTS (c->nodes) && c->nodes[d - 1] != 0)
        g_assert_cmpuint (fast, ==, c->nodes[d - 1]);
    }
}

/* Random games: at every position the two generators find as many moves,
 * and the hash kept by dr_position_apply() is the one computed afresh. */
static void
test_walk (gconstpointer data)
{
  const DrRules *rules = data;
  g_autoptr (GRand) rand = g_rand_new_with_seed (27);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autofree SlowList *slow_list = g_new0 (SlowList, 1);
  SlowRules slow_rules = slow_rules_of (rules);

  for (int game = 0; game < 40; game++)
    {
      DrPosition pos;

      if (game % 2 == 0)
        dr_rules_initial (rules, &pos);
      else
        parse (rules, KINGS_FEN, &pos);
      for (int ply = 0; ply < 150; ply++)
        {
          g_autofree char *fen = dr_fen_write (rules, &pos, DR_NOTATION_ALGEBRAIC);
          SlowPos slow;
          DrPosition child;
          const DrMove *m;

          slow_parse (fen, &slow);
          dr_movegen_legal (rules, &pos, list);
          slow_legal (&slow_rules, &slow, slow_list);
          if ((int) list->n != slow_list->n)
            g_error ("%s: %u moves, the slow generator %d", fen, list->n, slow_list->n);
          g_assert_cmpint (dr_movegen_has_move (rules, &pos), ==, list->n > 0);
          g_assert_cmpint (dr_movegen_has_capture (rules, &pos), ==,
                           list->n > 0 && list->moves[0].captures != 0);
          if (list->n == 0)
            break;
          m = &list->moves[g_rand_int_range (rand, 0, (gint32) list->n)];
          dr_position_apply (&child, &pos, m);
          g_assert_cmpuint (child.hash, ==, dr_position_compute_hash (&child));
          g_assert_cmpuint (child.hash, ==, dr_position_hash_after (&pos, m));
          pos = child;
        }
    }
}

/* ------------------------------------------------------------------ */
/* PDN: our own GameType numbers, written and read back.               */

static void
test_pdn (gconstpointer data)
{
  const DrRules *rules = data;
  g_autoptr (GRand) rand = g_rand_new_with_seed (4);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autoptr (DrGame) game = NULL;
  g_autoptr (DrGame) back = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *gametype = g_strdup_printf ("[GameType \"%d\"]", rules->gametype);
  DrGameNode *node;
  DrPosition start;

  game = dr_game_new (rules, NULL);
  node = game->root;
  dr_rules_initial (rules, &start);
  g_assert_true (dr_position_equal (&node->position, &start));
  for (int ply = 0; ply < 30; ply++)
    {
      dr_movegen_legal (rules, &node->position, list);
      if (list->n == 0)
        break;
      node = dr_game_add_move (game, node, &list->moves[g_rand_int_range (rand, 0, (gint32) list->n)]);
    }
  text = dr_pdn_write_game (game, rules->notation);
  g_assert_nonnull (strstr (text, gametype));
  g_assert_null (strstr (text, "[FEN"));
  reader = dr_pdn_reader_new (text, -1, "written", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &back, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_no_error (error);
  g_assert_true (back->rules == rules);
  g_assert_true (dr_position_equal (&back->root->position, &start));
  g_assert_cmpuint (dr_game_main_line_length (back), ==, dr_game_main_line_length (game));
  g_assert_true (dr_position_equal (&dr_game_node_main_line_end (back->root)->position,
                                    &node->position));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/folk/diagonal/001:104/setup", test_diagonal_setup);
  g_test_add_func ("/folk/northern/001:102/king-becomes-man", test_northern_king_becomes_man);
  g_test_add_func ("/folk/northern/001:102+004-1.5.12/demoted-at-the-end",
                   test_northern_demoted_at_the_end);
  g_test_add_func ("/folk/northern/004-1.5.9/not-jumped-twice", test_northern_not_jumped_twice);
  g_test_add_func ("/folk/samoyed/001:102/own-piece", test_samoyed_own_piece);
  g_test_add_func ("/folk/samoyed/001:412/both-colours", test_samoyed_both_colours);
  g_test_add_func ("/folk/samoyed/001:102/king", test_samoyed_king);
  for (gsize i = 0; i < G_N_ELEMENTS (perft_cases); i++)
    g_test_add_data_func (perft_cases[i].path, &perft_cases[i], test_perft);
  g_test_add_data_func ("/folk/walk/northern", &dr_rules_northern, test_walk);
  g_test_add_data_func ("/folk/walk/samoyed", &dr_rules_samoyed, test_walk);
  g_test_add_data_func ("/folk/walk/diagonal", &dr_rules_diagonal, test_walk);
  g_test_add_data_func ("/folk/pdn/diagonal", &dr_rules_diagonal, test_pdn);
  g_test_add_data_func ("/folk/pdn/northern", &dr_rules_northern, test_pdn);
  g_test_add_data_func ("/folk/pdn/samoyed", &dr_rules_samoyed, test_pdn);
  g_test_add_func ("/folk/armenian/001:374/moves", test_armenian_moves);
  g_test_add_func ("/folk/armenian/001:374/no-backward-capture", test_armenian_no_backward_capture);
  g_test_add_func ("/folk/armenian/004-1.5.14/free-choice", test_armenian_free_choice);
  g_test_add_func ("/folk/armenian/004-1.5.9+1.5.12/taken-stay", test_armenian_taken_stay);
  g_test_add_func ("/folk/armenian/004-1.5.15/crowned-goes-on", test_armenian_crowned_goes_on);
  g_test_add_func ("/folk/two-move/001:104/turns", test_two_move_turns);
  g_test_add_func ("/folk/two-move/004-1.5.3/capture-each-move", test_two_move_capture_each_move);
  g_test_add_func ("/folk/two-move/004-1.8.1/blocked-second", test_two_move_blocked_second);
  g_test_add_func ("/folk/two-move/search", test_two_move_search);
  g_test_add_func ("/folk/two-move/pdn-numbers", test_two_move_pdn_numbers);
  g_test_add_func ("/folk/two-move/fen", test_two_move_fen);
  g_test_add_func ("/folk/stavropol/001:408/opponent-piece", test_stavropol_opponent_piece);
  g_test_add_func ("/folk/stavropol/004-1.5.3/capture-obligation", test_stavropol_capture_obligation);
  g_test_add_func ("/folk/stavropol/crowning", test_stavropol_crowning);
  g_test_add_func ("/folk/stavropol/004-1.8.1/no-pieces", test_stavropol_no_pieces);
  g_test_add_data_func ("/folk/walk/armenian", &dr_rules_armenian, test_walk);
  g_test_add_data_func ("/folk/walk/two-move", &dr_rules_two_move, test_walk);
  g_test_add_data_func ("/folk/walk/stavropol", &dr_rules_stavropol, test_walk);
  g_test_add_data_func ("/folk/pdn/armenian", &dr_rules_armenian, test_pdn);
  g_test_add_data_func ("/folk/pdn/two-move", &dr_rules_two_move, test_pdn);
  g_test_add_data_func ("/folk/pdn/stavropol", &dr_rules_stavropol, test_pdn);
  return g_test_run ();
}
