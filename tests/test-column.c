/* test-column.c — the tower games: pillar draughts and Lasker draughts
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 001 (shared/rules/001_bf355a2230861c0b.txt) describes both in its survey:
 * pillar checkers at line 100 (again at 342), Lasker checkers at 116; it has
 * no article numbers, so its lines are cited ("001:100").  What it leaves
 * open is Russian draughts (004 section I) for pillar draughts and Lasker's
 * own rules (1911, as lasca.org reprints them) for Lasca: the tests say
 * which.  The perft tables are our generator's, each checked against a
 * second generator written here for the purpose (the "slow" one): arrays of
 * towers as strings, recursion, its own FEN reader, sharing nothing with
 * src/engine.  A move is a start, an end and the position it makes: two
 * routes that make the same position are one move (DR_DUPLICATES_DROP).
 */

#include "config.h"

#include "dr-egdb.h"
#include "dr-eval.h"
#include "dr-fen.h"
#include "dr-game.h"
#include "dr-geometry.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"
#include "dr-patterns.h"
#include "dr-perft.h"
#include "dr-search.h"
#include "dr-stack.h"
#include "test-cli-util.h"

#include <string.h>

/* ------------------------------------------------------------------ */
/* The slow generator.                                                 */

#define SLOW_TALL 26       /* the 24 pieces of pillar draughts in one tower, and a NUL */

typedef struct
{
  int  size;          /* 8: pillar draughts, 7: Lasca */
  bool lasca;         /* Lasker's rules: steps, forward captures, crowned at the end */
} SlowRules;

/* tower[y][x]: the tower on file x (0 = a), rank y (0 = rank 1), top first,
 * as a string of 'w' 'W' 'b' 'B' ("" empty).  Both boards play on the
 * squares with x + y even (a1 is a playing square on both). */
typedef struct
{
  char tower[8][8][SLOW_TALL];
  char turn;
} SlowPos;

typedef struct
{
  int     fx, fy, tx, ty;
  SlowPos after;
} SlowMove;

typedef struct
{
  SlowMove moves[128];
  int      n;
} SlowList;

static const int dx[4] = { -1, 1, -1, 1 };
static const int dy[4] = { 1, 1, -1, -1 };   /* 0, 1: up the board (White's forward) */

static bool
slow_on (const SlowRules *r,
         int              x,
         int              y)
{
  return x >= 0 && y >= 0 && x < r->size && y < r->size;
}

/* "W:Wc3(bb),Kd4:Be5": towers beneath in parentheses, top first. */
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
      g_auto (GStrv) squares = g_strsplit (parts[i] + 1, ",", -1);

      for (int j = 0; squares[j] != NULL; j++)
        {
          const char *s = squares[j];
          bool king = s[0] == 'K';
          char *t;

          if (king)
            s++;
          if (*s == 0)
            continue;
          t = pos->tower[s[1] - '1'][s[0] - 'a'];
          t[0] = king ? (char) (colour - 32) : colour;
          if (s[2] == '(')
            {
              const char *end = strchr (s, ')');
              memcpy (t + 1, s + 3, (size_t) (end - s - 3));
            }
        }
    }
}

static bool
mine (const char *tower,
      char        side)
{
  return tower[0] != 0 && (tower[0] | 32) == side;
}

static bool
is_king (const char *tower)
{
  return tower[0] == 'W' || tower[0] == 'B';
}

/* The mover's crowning rank. */
static int
last_rank (const SlowRules *r,
           char             side)
{
  return side == 'w' ? r->size - 1 : 0;
}

static void
slow_add (SlowList      *list,
          const SlowPos *after,
          int            fx,
          int            fy,
          int            tx,
          int            ty)
{
  for (int i = 0; i < list->n; i++)
    if (list->moves[i].fx == fx && list->moves[i].fy == fy && list->moves[i].tx == tx
        && list->moves[i].ty == ty && memcmp (&list->moves[i].after, after, sizeof *after) == 0)
      return;
  g_assert_cmpint (list->n, <, (int) G_N_ELEMENTS (list->moves));
  list->moves[list->n].fx = fx;
  list->moves[list->n].fy = fy;
  list->moves[list->n].tx = tx;
  list->moves[list->n].ty = ty;
  list->moves[list->n].after = *after;
  list->n++;
}

/* The capture so far: the start, the squares taken in order. */
typedef struct
{
  int fx, fy;
  int n;
  int x[16], y[16];
} Route;

static bool
taken (const Route *route,
       int          x,
       int          y)
{
  for (int i = 0; i < route->n; i++)
    if (route->x[i] == x && route->y[i] == y)
      return true;
  return false;
}

/* The position after the capture @route ending on (x, y). */
static void
slow_finish (const SlowRules *r,
             const SlowPos   *pos,
             const Route     *route,
             int              x,
             int              y,
             bool             king,
             SlowList        *list)
{
  SlowPos after = *pos;
  char mover[SLOW_TALL] = { 0 };
  size_t len;

  strcpy (mover, pos->tower[route->fy][route->fx]);
  after.tower[route->fy][route->fx][0] = 0;
  for (int i = 0; i < route->n; i++)
    {
      char *t = after.tower[route->y[i]][route->x[i]];

      len = strlen (mover);
      mover[len] = t[0];
      mover[len + 1] = 0;
      memmove (t, t + 1, strlen (t));
    }
  if (king || y == last_rank (r, pos->turn))
    mover[0] = (char) (pos->turn - 32);
  strcpy (after.tower[y][x], mover);
  after.turn = pos->turn == 'w' ? 'b' : 'w';
  slow_add (list, &after, route->fx, route->fy, x, y);
}

static bool slow_jumps (const SlowRules *r, const SlowPos *pos, Route *route, int x, int y,
                        bool king, bool record, SlowList *list);

/* The capture goes on from (x, y) if it can; else it ends there. */
static void
slow_land (const SlowRules *r,
           const SlowPos   *pos,
           Route           *route,
           int              x,
           int              y,
           bool             king,
           SlowList        *list)
{
  /* Pillar: crowned on the far rank in a capture, goes on as a king (004
   * 1.5.15); Lasca: crowned when the move ends. */
  if (!r->lasca && y == last_rank (r, pos->turn))
    king = true;
  if (!slow_jumps (r, pos, route, x, y, king, true, list))
    slow_finish (r, pos, route, x, y, king, list);
}

/* Is (x, y) free during the capture?  The mover's start square is. */
static bool
slow_free (const SlowPos *pos,
           const Route   *route,
           int            x,
           int            y)
{
  return pos->tower[y][x][0] == 0 || (x == route->fx && y == route->fy);
}

/* The jumps from (x, y); with @record, the moves they lead to.  Returns
 * whether there is one. */
static bool
slow_jumps (const SlowRules *r,
            const SlowPos   *pos,
            Route           *route,
            int              x,
            int              y,
            bool             king,
            bool             record,
            SlowList        *list)
{
  char them = pos->turn == 'w' ? 'b' : 'w';
  bool any = false;

  for (int k = 0; k < 4; k++)
    {
      int forward = pos->turn == 'w' ? k < 2 : k >= 2;
      int ox = x + dx[k], oy = y + dy[k];
      int lands[8][2];
      int n_lands = 0;

      if (r->lasca && !king && !forward)
        continue;
      if (king && !r->lasca)
        while (slow_on (r, ox, oy) && slow_free (pos, route, ox, oy))
          ox += dx[k], oy += dy[k];
      if (!slow_on (r, ox, oy) || !mine (pos->tower[oy][ox], them) || taken (route, ox, oy))
        continue;
      for (int lx = ox + dx[k], ly = oy + dy[k]; slow_on (r, lx, ly) && slow_free (pos, route, lx, ly);
           lx += dx[k], ly += dy[k])
        {
          lands[n_lands][0] = lx;
          lands[n_lands][1] = ly;
          n_lands++;
          if (!king || r->lasca)
            break;
        }
      if (n_lands == 0)
        continue;
      any = true;
      if (!record)
        return true;
      route->x[route->n] = ox;
      route->y[route->n] = oy;
      route->n++;
      {
        /* A flying king lands where it can go on capturing, if it can
         * anywhere (004 1.5.11). */
        bool go_on[8];
        bool some = false;

        for (int i = 0; i < n_lands; i++)
          {
            bool k2 = king || (!r->lasca && lands[i][1] == last_rank (r, pos->turn));
            go_on[i] = slow_jumps (r, pos, route, lands[i][0], lands[i][1], k2, false, NULL);
            some |= go_on[i];
          }
        for (int i = 0; i < n_lands; i++)
          if (go_on[i] || !some)
            slow_land (r, pos, route, lands[i][0], lands[i][1], king, list);
      }
      route->n--;
    }
  return any;
}

static void
slow_generate (const SlowRules *r,
               const SlowPos   *pos,
               SlowList        *list)
{
  list->n = 0;
  for (int y = 0; y < r->size; y++)
    for (int x = 0; x < r->size; x++)
      if (mine (pos->tower[y][x], pos->turn))
        {
          Route route = { .fx = x, .fy = y, .n = 0 };
          slow_jumps (r, pos, &route, x, y, is_king (pos->tower[y][x]), true, list);
        }
  if (list->n > 0)
    return;
  for (int y = 0; y < r->size; y++)
    for (int x = 0; x < r->size; x++)
      if (mine (pos->tower[y][x], pos->turn))
        for (int k = 0; k < 4; k++)
          {
            bool king = is_king (pos->tower[y][x]);
            int forward = pos->turn == 'w' ? k < 2 : k >= 2;

            if (!king && !forward)
              continue;
            for (int tx = x + dx[k], ty = y + dy[k]; slow_on (r, tx, ty) && pos->tower[ty][tx][0] == 0;
                 tx += dx[k], ty += dy[k])
              {
                SlowPos after = *pos;

                strcpy (after.tower[ty][tx], pos->tower[y][x]);
                after.tower[y][x][0] = 0;
                if (ty == last_rank (r, pos->turn))
                  after.tower[ty][tx][0] = (char) (pos->turn - 32);
                after.turn = pos->turn == 'w' ? 'b' : 'w';
                slow_add (list, &after, x, y, tx, ty);
                if (!king || r->lasca)
                  break;
              }
          }
}

/* @lists: one list a ply, allocated once (a list is large). */
static uint64_t
slow_perft (const SlowRules *r,
            const SlowPos   *pos,
            int              depth,
            SlowList        *lists)
{
  uint64_t n = 0;

  slow_generate (r, pos, lists);
  if (depth == 1)
    return (uint64_t) lists->n;
  for (int i = 0; i < lists->n; i++)
    n += slow_perft (r, &lists->moves[i].after, depth - 1, lists + 1);
  return n;
}

/* ------------------------------------------------------------------ */
/* Helpers.                                                            */

static DrPosition
pos_from (const DrRules *rules,
          const char    *fen)
{
  DrPosition pos;
  g_autoptr (GError) error = NULL;

  g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
  g_assert_no_error (error);
  return pos;
}

/* The tower on @name as a string, top first ("" empty). */
static char *
tower_at (const DrRules    *rules,
          const DrPosition *pos,
          const char       *name)
{
  DrPiece tower[DR_STACK_MAX + 1];
  size_t len;
  int bit = dr_geometry_parse_square (rules->geometry, name, -1, &len);
  int n = dr_stack_get (pos, bit, tower);
  GString *out = g_string_new (NULL);

  g_assert_cmpint (bit, >=, 0);
  for (int i = 0; i < n; i++)
    g_string_append_c (out, "?wWbB"[tower[i]]);
  return g_string_free (out, FALSE);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The moves of @fen, as the variant writes them, sorted, comma separated. */
static char *
moves_of (const DrRules *rules,
          const char    *fen)
{
  DrPosition pos = pos_from (rules, fen);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  dr_movegen_legal (rules, &pos, list);
  for (unsigned i = 0; i < list->n; i++)
    g_ptr_array_add (names, dr_move_to_text (rules, list, &list->moves[i], rules->notation));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (",", (char **) names->pdata);
}

/* The position after @text is played from @fen. */
static DrPosition
after (const DrRules *rules,
       const char    *fen,
       const char    *text)
{
  DrPosition pos = pos_from (rules, fen);
  DrPosition next;
  DrMove move;
  g_autoptr (GError) error = NULL;

  g_assert_true (dr_move_parse (rules, &pos, NULL, text, &move, &error));
  g_assert_no_error (error);
  dr_position_apply (&next, &pos, &move);
  g_assert_cmphex (next.hash, ==, dr_position_compute_hash (&next));
  g_assert_cmphex (next.hash, ==, dr_position_hash_after (&pos, &move));
  return next;
}

static void
assert_tower (const DrRules    *rules,
              const DrPosition *pos,
              const char       *square,
              const char       *expected)
{
  g_autofree char *got = tower_at (rules, pos, square);

  g_assert_cmpstr (got, ==, expected);
}

static void
assert_moves (const DrRules *rules,
              const char    *fen,
              const char    *expected)
{
  g_autofree char *got = moves_of (rules, fen);

  g_assert_cmpstr (got, ==, expected);
}

/* ------------------------------------------------------------------ */
/* Pillar draughts (001:100, 001:342; 004 section I for the rest).     */

/* "the beaten checker is placed under the batter" */
static void
test_pillar_goes_under (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition pos = after (r, "W:Wc3:Bd4", "c3:e5");

  assert_tower (r, &pos, "e5", "wb");
  assert_tower (r, &pos, "d4", "");
  assert_tower (r, &pos, "c3", "");
}

/* "When a tower is captured, the top checker is removed from it: the
 * checker that was previously under it now becomes the main one": here a
 * white man freed from a black tower becomes White's. */
static void
test_pillar_top_taken (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition pos = after (r, "W:Wc3:Bd4(w)", "c3:e5");
  size_t len;

  assert_tower (r, &pos, "e5", "wb");
  assert_tower (r, &pos, "d4", "w");
  g_assert_cmpint (dr_position_get (&pos, dr_geometry_parse_square (r->geometry, "d4", -1, &len)),
                   ==, DR_PIECE_WHITE_MAN);
}

/* "The towers ... move all over the board, "obeying" the top checker": a
 * man over a king moves as a man, a king over a man as a king. */
static void
test_pillar_obeys_top (void)
{
  const DrRules *r = &dr_rules_pillar;

  assert_moves (r, "W:Wc3(B):Bh8", "c3-b4,c3-d4");
  assert_moves (r, "W:WKc3(b):Bh8",
                "c3-a1,c3-a5,c3-b2,c3-b4,c3-d2,c3-d4,c3-e1,c3-e5,c3-f6,c3-g7");
}

/* "The tower can go to the kings (only the top checker turns into it)". */
static void
test_pillar_crowned_by_top (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition pos = after (r, "W:Wc7(bw):Bh2", "c7-b8");

  assert_tower (r, &pos, "b8", "Wbw");
}

/* A king taken stays a king beneath (Bashni: "Officers in prison do not
 * lose their status", jpneto bashnya.htm), and commands as one when
 * uncovered: the tower changes sides. */
static void
test_pillar_king_beneath (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition pos = after (r, "B:Wd4(B):Be5", "e5:c3");

  assert_tower (r, &pos, "c3", "bw");
  assert_tower (r, &pos, "d4", "B");
  /* Now Black's king: it flies. */
  pos.turn = DR_SIDE_BLACK;
  pos.hash = dr_position_compute_hash (&pos);
  {
    g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
    unsigned from_d4 = 0;
    size_t len;
    int d4 = dr_geometry_parse_square (r->geometry, "d4", -1, &len);

    dr_movegen_legal (r, &pos, list);
    for (unsigned i = 0; i < list->n; i++)
      if (list->moves[i].from == d4)
        from_d4++;
    /* d4: e3 f2 g1, c5 b6 a7, e5 f6 g7 h8 (c3 is its own tower). */
    g_assert_cmpuint (from_d4, ==, 10);
  }
}

/* Russian draughts 004 1.5.9: a tower is jumped once in a move, even if
 * its new top could be taken again; it loses one piece. */
static void
test_pillar_jumped_once (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition pos;

  assert_moves (r, "W:WKa1:Bc3(bb)", "a1:d4,a1:e5,a1:f6,a1:g7,a1:h8");
  pos = after (r, "W:WKa1:Bc3(bb)", "a1:e5");
  assert_tower (r, &pos, "c3", "bb");
  assert_tower (r, &pos, "e5", "Wb");
}

/* 004 1.5.15: a man that reaches the far rank in a capture is crowned and
 * goes on capturing as a king. */
static void
test_pillar_crowned_goes_on (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition pos = after (r, "W:Wf6:Be7,c7", "f6:d8:b6");

  assert_tower (r, &pos, "b6", "Wbb");
  assert_tower (r, &pos, "e7", "");
  assert_tower (r, &pos, "c7", "");
}

/* 004 1.5.14, 1.5.6: any capture may be chosen, but it is played out. */
static void
test_pillar_free_choice (void)
{
  assert_moves (&dr_rules_pillar, "W:Wc3,g3:Bd4,f4,f6", "c3:g7,g3:g7");
}

/* The order of the taking is the order in the tower: round a loop one way
 * or the other, a king and three men make two towers, so two moves; four
 * men make one. */
static void
test_pillar_capture_order (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition one, two;

  /* Ending back on c3, or beyond it on b2, a1 (the loop one way) or b4,
   * a5 (the other way). */
  assert_moves (r, "W:WKc3:BKd4,f4,f2,d2",
                "c3:a1,c3:a5,c3:b2,c3:b4,c3:e1:g3:e5:c3,c3:e5:g3:e1:c3");
  one = after (r, "W:WKc3:BKd4,f4,f2,d2", "c3:e5:g3:e1:c3");
  two = after (r, "W:WKc3:BKd4,f4,f2,d2", "c3:e1:g3:e5:c3");
  assert_tower (r, &one, "c3", "WBbbb");
  assert_tower (r, &two, "c3", "WbbbB");
  g_assert_false (dr_position_equal (&one, &two));
  g_assert_cmphex (one.hash, !=, two.hash);
  assert_moves (r, "W:WKc3:Bd4,f4,f2,d2", "c3:a1,c3:a5,c3:b2,c3:b4,c3:c3");
}

/* ------------------------------------------------------------------ */
/* Lasker draughts (001:116; Lasker 1911 via lasca.org).               */

/* "a 7x7 board on white fields (the corner cells on such a board are
 * white)"; 11 pieces each (lasca.org). */
static void
test_lasca_board (void)
{
  const DrRules *r = &dr_rules_lasca;
  const DrGeometry *g = r->geometry;
  DrPosition pos;
  size_t len;
  char name[8];

  g_assert_cmpint (g->n_squares, ==, 25);
  g_assert_cmpint (dr_bb_count (g->squares), ==, 25);
  for (int i = 0; i < 4; i++)
    g_assert_cmpint (dr_geometry_parse_square (g, (const char *[]) { "a1", "g1", "a7", "g7" }[i],
                                               -1, &len), >=, 0);
  g_assert_cmpint (dr_geometry_parse_square (g, "b1", -1, &len), <, 0);
  g_assert_cmpint (dr_geometry_parse_square (g, "h8", -1, &len), <, 0);
  /* Numbers 1-25 from a7, and back. */
  for (int n = 1; n <= 25; n++)
    g_assert_cmpint (dr_geometry_number (g, dr_geometry_bit_from_number (g, n)), ==, n);
  dr_geometry_name (g, dr_geometry_bit_from_number (g, 1), name);
  g_assert_cmpstr (name, ==, "a7");
  dr_geometry_name (g, dr_geometry_bit_from_number (g, 25), name);
  g_assert_cmpstr (name, ==, "g1");
  dr_rules_initial (r, &pos);
  g_assert_cmpint (dr_bb_count (pos.pieces[DR_SIDE_WHITE]), ==, 11);
  g_assert_cmpint (dr_bb_count (pos.pieces[DR_SIDE_BLACK]), ==, 11);
  {
    g_autofree char *fen = dr_fen_write (r, &pos, DR_NOTATION_ALGEBRAIC);
    g_assert_cmpstr (fen, ==, "W:Wa3,c3,e3,g3,b2,d2,f2,a1,c1,e1,g1:Ba7,c7,e7,g7,b6,d6,f6,a5,c5,e5,g5");
  }
  assert_moves (r, "W:Wa3,c3,e3,g3,b2,d2,f2,a1,c1,e1,g1:Ba7,c7,e7,g7,b6,d6,f6,a5,c5,e5,g5",
                "a3-b4,c3-b4,c3-d4,e3-d4,e3-f4,g3-f4");
}

/* Soldiers step and capture forward only (lasca.org: "Soldiers ... move
 * only forward"; the capture as in English draughts). */
static void
test_lasca_soldier_forward (void)
{
  assert_moves (&dr_rules_lasca, "W:Wd4:Bc3,e5", "d4:f6");
  assert_moves (&dr_rules_lasca, "W:Wd4:Bc3,g7", "d4-c5,d4-e5");
}

/* Officers move one square, forward or backward ("An officer, or a column
 * commanded by an officer, may move either backwards or forwards"). */
static void
test_lasca_officer_steps (void)
{
  assert_moves (&dr_rules_lasca, "W:WKd4:Bg7", "d4-c3,d4-c5,d4-e3,d4-e5");
  assert_moves (&dr_rules_lasca, "W:WKd4:Bc3,g7", "d4:b2");
}

/* "promotion only comes at the end of a move": the soldier that reaches
 * the far row in a capture stops there, though an officer could go on. */
static void
test_lasca_promotion_at_end (void)
{
  const DrRules *r = &dr_rules_lasca;
  DrPosition pos = after (r, "W:Wc5:Bd6,f6", "c5:e7");

  assert_moves (r, "W:Wc5:Bd6,f6", "c5:e7");
  assert_tower (r, &pos, "e7", "Wb");
  assert_tower (r, &pos, "f6", "b");
}

/* "a piece may not attack the same piece twice in the course of a single
 * move": the officer takes one piece of the column. */
static void
test_lasca_not_twice (void)
{
  const DrRules *r = &dr_rules_lasca;
  DrPosition pos = after (r, "W:WKc3:Bd4(bb)", "c3:e5");

  assert_moves (r, "W:WKc3:Bd4(bb)", "c3:e5");
  assert_tower (r, &pos, "d4", "bb");
  assert_tower (r, &pos, "e5", "Wb");
}

/* "If captured, an officer retains its rank for use if later released":
 * lasca.org's example, Black's soldier frees a white officer. */
static void
test_lasca_officer_released (void)
{
  const DrRules *r = &dr_rules_lasca;
  DrPosition pos = after (r, "B:Wc3(W):Bd4", "d4:b2");

  assert_tower (r, &pos, "b2", "bw");
  assert_tower (r, &pos, "c3", "W");
}

/* ------------------------------------------------------------------ */
/* Representation, FEN, PDN.                                           */

/* The hash covers the stacks; positions with other pieces beneath differ. */
static void
test_hash_covers_stacks (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition a = pos_from (r, "W:Wc3(bw):Bg7");
  DrPosition b = pos_from (r, "W:Wc3(wb):Bg7");
  DrPosition c = pos_from (r, "W:Wc3(bW):Bg7");
  DrPosition d = pos_from (r, "W:Wc3:Bg7");

  g_assert_false (dr_position_equal (&a, &b));
  g_assert_cmphex (a.hash, !=, b.hash);
  g_assert_cmphex (a.hash, !=, c.hash);
  g_assert_cmphex (a.hash, !=, d.hash);
  /* Without towers the hash is what it was before towers. */
  {
    DrPosition e = pos_from (&dr_rules_russian, "W:Wc3:Bg7");
    g_assert_cmphex (d.hash, ==, e.hash);
    g_assert_cmphex (d.under | d.under_run, ==, 0);
  }
  /* Setting a square anew keeps the other towers. */
  {
    size_t len;
    dr_position_put (&a, dr_geometry_parse_square (r->geometry, "a1", -1, &len),
                     DR_PIECE_WHITE_KING);
    assert_tower (r, &a, "c3", "wbw");
    assert_tower (r, &a, "a1", "W");
    g_assert_cmphex (a.hash, ==, dr_position_compute_hash (&a));
  }
}

static void
test_fen_round_trip (void)
{
  static const struct
  {
    const DrRules *rules;
    const char    *fen;
  } cases[] = {
    { &dr_rules_pillar, "W:WKd4(wB),c3(bb):Bf6(W),e5" },
    { &dr_rules_pillar, "B:Wa1(bbbbbbbbbbb):Bh8(wwwwwwwwwww)" },
    { &dr_rules_lasca, "W:WKd4(bbw),c3:Bg7,Ka1(W)" },
    { &dr_rules_lasca, "B:Wa3,c3,e3,g3,b2,d2,f2,a1,c1,e1,g1:Ba7,c7,e7,g7,b6,d6,f6,a5,c5,e5,g5" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrPosition pos = pos_from (cases[i].rules, cases[i].fen);
      DrPosition back;
      g_autofree char *text = dr_fen_write (cases[i].rules, &pos, DR_NOTATION_ALGEBRAIC);
      g_autofree char *numeric = dr_fen_write (cases[i].rules, &pos, DR_NOTATION_NUMERIC);

      g_assert_cmpstr (text, ==, cases[i].fen);
      back = pos_from (cases[i].rules, numeric);
      g_assert_true (dr_position_equal (&pos, &back));
      g_assert_cmphex (pos.hash, ==, back.hash);
    }
}

static void
test_fen_errors (void)
{
  static const struct
  {
    const DrRules *rules;
    const char    *fen;
    int            code;
    const char    *message;
  } cases[] = {
    { &dr_rules_pillar, "W:Wc3(bx):Be5", DR_FEN_ERROR_SYNTAX,
      "FEN column 8: “x” in a tower is not a piece (w, b: men; W, B: kings)" },
    { &dr_rules_pillar, "W:Wc3(bb:Be5", DR_FEN_ERROR_SYNTAX,
      "FEN column 6: the tower opened here has no “)”" },
    { &dr_rules_pillar, "W:Wc3():Be5", DR_FEN_ERROR_SYNTAX,
      "FEN column 6: “()” is an empty tower: leave the parentheses out" },
    { &dr_rules_russian, "W:Wc3(b):Be5", DR_FEN_ERROR_SYNTAX,
      "FEN column 6: towers “(…)” are for pillar and Lasker draughts, not Russian draughts" },
    { &dr_rules_pillar, "W:Wc3(bbbbbbbbbbbb):Be5", DR_FEN_ERROR_TOO_MANY_PIECES,
      "Black has 13 pieces; a side has at most 12 in Pillar draughts" },
    { &dr_rules_lasca, "W:Wb1:Bg7", DR_FEN_ERROR_SQUARE,
      "FEN column 4: “b1” is not a playing square of the 7x7 board" },
    { &dr_rules_lasca, "W:Wa7(b):Bg1", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW,
      "The white man on a7 stands on White’s crowning rank: it would be a king" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DrPosition pos;
      g_autoptr (GError) error = NULL;

      g_assert_false (dr_fen_parse (cases[i].rules, cases[i].fen, &pos, &error));
      g_assert_error (error, DR_FEN_ERROR, cases[i].code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* A game of each written as PDN (our GameTypes 88 and 89) and read back. */
static void
test_pdn_round_trip (void)
{
  static const struct
  {
    const DrRules *rules;
    const char    *moves[4];
    const char    *gametype;
    const char    *tower;
    const char    *expected;
  } cases[] = {
    { &dr_rules_pillar, { "c3-d4", "f6-e5", "d4:f6", "g7:e5" }, "[GameType \"88\"]", "e5", "bw" },
    { &dr_rules_lasca, { "c3-d4", "e5:c3", "b2:d4", "c5-b4" }, "[GameType \"89\"]", "d4", "wb" },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const DrRules *rules = cases[c].rules;
      g_autoptr (DrGame) game = dr_game_new (rules, NULL);
      g_autoptr (DrGame) back = NULL;
      g_autoptr (DrPdnReader) reader = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = NULL;
      DrGameNode *node = game->root;

      for (gsize i = 0; i < G_N_ELEMENTS (cases[c].moves); i++)
        {
          DrMove move;
          gboolean ok = dr_move_parse (rules, &node->position, NULL, cases[c].moves[i], &move, &error);

          g_assert_no_error (error);
          g_assert_true (ok);
          node = dr_game_add_move (game, node, &move);
        }
      assert_tower (rules, &node->position, cases[c].tower, cases[c].expected);
      text = dr_pdn_write_game (game, DR_NOTATION_ALGEBRAIC);
      g_assert_nonnull (strstr (text, cases[c].gametype));
      reader = dr_pdn_reader_new (text, -1, "written", NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (dr_pdn_reader_next_game (reader, &back, &error), ==, DR_PDN_READ_WHOLE);
      g_assert_no_error (error);
      g_assert_true (back->rules == rules);
      g_assert_true (dr_position_equal (&dr_game_node_main_line_end (back->root)->position,
                                        &node->position));
    }
}

/* No endgame tables: their slices count the tops as the material, and in
 * the tower games nothing is removed. */
static void
test_no_endgame_tables (void)
{
  g_assert_false (dr_egdb_supported (&dr_rules_pillar));
  g_assert_false (dr_egdb_supported (&dr_rules_lasca));
  g_assert_true (dr_egdb_supported (&dr_rules_russian));
}

/* ------------------------------------------------------------------ */
/* perft, checked by the slow generator.                               */

typedef struct
{
  const DrRules *rules;
  const char    *fen;    /* NULL: the start */
  int            depth;
} PerftCase;

static void
check_perft (const PerftCase *pc)
{
  SlowRules sr = { .size = pc->rules == &dr_rules_lasca ? 7 : 8,
                   .lasca = pc->rules == &dr_rules_lasca };
  g_autofree SlowPos *slow = g_new (SlowPos, 1);
  g_autofree char *fen = NULL;
  DrPosition pos;

  if (pc->fen != NULL)
    pos = pos_from (pc->rules, pc->fen);
  else
    dr_rules_initial (pc->rules, &pos);
  fen = dr_fen_write (pc->rules, &pos, DR_NOTATION_ALGEBRAIC);
  slow_parse (fen, slow);
  for (int d = 1; d <= pc->depth; d++)
    {
      uint64_t fast = dr_perft (pc->rules, &pos, d, DR_DUPLICATES_DROP);
      g_autofree SlowList *lists = g_new (SlowList, d);
      uint64_t check = slow_perft (&sr, slow, d, lists);

      if (g_test_verbose ())
        g_test_message ("%s %s perft %d: %" G_GUINT64_FORMAT, pc->rules->name, fen, d, fast);
      g_assert_cmpuint (fast, ==, check);
    }
}

/* From the start: pillar draughts to 7, Lasca to 11. */
static void
test_perft_start (void)
{
  static const PerftCase cases[] = {
    { &dr_rules_pillar, NULL, 7 },
    { &dr_rules_lasca, NULL, 11 },
  };
  /* Our figures, which the slow generator agrees with (above). */
  static const uint64_t pillar[] = { 7, 49, 302, 1469, 7482, 37908, 189912 };
  static const uint64_t lasca[] = { 6, 6, 18, 54, 116, 324, 846, 2148, 5692, 13898, 37124 };
  DrPosition pos;

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    check_perft (&cases[i]);
  dr_rules_initial (&dr_rules_pillar, &pos);
  for (gsize d = 0; d < G_N_ELEMENTS (pillar); d++)
    g_assert_cmpuint (dr_perft (&dr_rules_pillar, &pos, (int) d + 1, DR_DUPLICATES_DROP), ==, pillar[d]);
  dr_rules_initial (&dr_rules_lasca, &pos);
  for (gsize d = 0; d < G_N_ELEMENTS (lasca); d++)
    g_assert_cmpuint (dr_perft (&dr_rules_lasca, &pos, (int) d + 1, DR_DUPLICATES_DROP), ==, lasca[d]);
}

/* Positions with towers and kings of both colours. */
static void
test_perft_towers (void)
{
  static const PerftCase cases[] = {
    { &dr_rules_pillar, "W:WKc3(bB),e3(b),g3,b2(bb),d2,a1:BKf6(ww),d6(W),b6,e7,g7(w),h8", 5 },
    { &dr_rules_pillar, "W:WKc3:BKd4,f4,f2,d2,b6(w),g7", 5 },
    { &dr_rules_lasca, "W:WKd4(bB),a3,c3(b),e1:BKb6(ww),d6,f6(W),e7,g5", 7 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    check_perft (&cases[i]);
}

/* Random games from both starts: at each position the two generators find
 * the same number of moves two plies on. */
static void
test_random_games (void)
{
  const DrRules *all[] = { &dr_rules_pillar, &dr_rules_lasca };
  GRand *rand = g_rand_new_with_seed (27);

  for (gsize v = 0; v < G_N_ELEMENTS (all); v++)
    for (int game = 0; game < 12; game++)
      {
        const DrRules *r = all[v];
        SlowRules sr = { .size = r == &dr_rules_lasca ? 7 : 8, .lasca = r == &dr_rules_lasca };
        g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
        g_autofree SlowPos *slow = g_new (SlowPos, 1);
        g_autofree SlowList *lists = g_new (SlowList, 2);
        DrPosition pos;

        dr_rules_initial (r, &pos);
        for (int ply = 0; ply < 120; ply++)
          {
            g_autofree char *fen = dr_fen_write (r, &pos, DR_NOTATION_ALGEBRAIC);

            slow_parse (fen, slow);
            if (dr_perft (r, &pos, 2, DR_DUPLICATES_DROP) != slow_perft (&sr, slow, 2, lists))
              g_error ("%s: the generators disagree at %s", r->name, fen);
            dr_movegen_legal (r, &pos, list);
            if (list->n == 0)
              break;
            dr_position_apply (&pos, &pos, &list->moves[g_rand_int_range (rand, 0, (gint32) list->n)]);
            g_assert_cmphex (pos.hash, ==, dr_position_compute_hash (&pos));
          }
      }
  g_rand_free (rand);
}

/* draughtsman-cli with -v pillar / -v lasca: perft, moves, fen and
 * pdn-check. */
static void
test_cli (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *pdn = NULL;

  if (g_getenv ("DRAUGHTSMAN_CLI") == NULL)
    {
      g_test_skip ("DRAUGHTSMAN_CLI is not set (run the test through meson test)");
      return;
    }
  {
    g_autoptr (CliRun) run = cli_run ("perft", "-v", "pillar", "6", NULL);
    g_assert_cmpint (run->status, ==, 0);
    g_assert_nonnull (strstr (run->out, "perft 6 37908"));
  }
  {
    g_autoptr (CliRun) run = cli_run ("moves", "-v", "lasca", "-f", "W:WKc3:Bd4(bb)", NULL);
    g_assert_cmpint (run->status, ==, 0);
    g_assert_cmpstr (run->out, ==, "c3:e5\n");
  }
  {
    g_autoptr (CliRun) run = cli_run ("fen", "-v", "pillar", "W:Wc3(bW):Be5", NULL);
    g_assert_cmpint (run->status, ==, 0);
    g_assert_cmpstr (run->out, ==, "W:Wc3(bW):Be5\n");
  }
  dir = g_dir_make_tmp ("test-column-XXXXXX", NULL);
  pdn = g_build_filename (dir, "towers.pdn", NULL);
  g_assert_true (g_file_set_contents (pdn,
                                      "[GameType \"88\"]\n\n1. c3-d4 f6-e5 2. d4:f6 g7:e5 *\n\n"
                                      "[GameType \"89\"]\n\n1. c3-d4 e5:c3 2. b2:d4 c5-b4 *\n",
                                      -1, NULL));
  {
    g_autoptr (CliRun) run = cli_run ("pdn-check", pdn, NULL);
    g_assert_cmpint (run->status, ==, 0);
    g_assert_nonnull (strstr (run->out, "games: 2, moves: 8, errors: 0"));
  }
  g_assert_cmpint (g_remove (pdn), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}


/* ------------------------------------------------------------------ */
/* The evaluation of towers (dr-eval.c, tower_score).                   */

static int
eval_of (const DrRules *rules,
         const char    *fen)
{
  const DrEvalWeights *w = dr_eval_default_weights (rules);
  g_autofree DrEvalTables *tables = g_new0 (DrEvalTables, 1);
  DrPosition pos = pos_from (rules, fen);

  dr_eval_tables_init (tables, rules->geometry, w);
  return dr_eval (rules, w, tables, &pos);
}

/* What is beneath decides: each case against the same tops with nothing
 * beneath (which a tops-only evaluation cannot tell apart from it), from
 * both sides' view. */
static char *
tops_only (const char *fen)
{
  GString *out = g_string_new (NULL);

  for (const char *c = fen; *c != 0; c++)
    if (*c == '(')
      c = strchr (c, ')');
    else
      g_string_append_c (out, *c);
  return g_string_free (out, FALSE);
}

/* @fen (Lasca, algebraic) turned half round with the colours and the side
 * to move swapped: a1 <-> g7, White <-> Black, in towers too. */
static char *
lasca_turned (const char *fen)
{
  GString *out = g_string_new (NULL);

  for (const char *c = fen; *c != 0; c++)
    {
      if (*c >= 'a' && *c <= 'g' && c[1] >= '1' && c[1] <= '7')
        {
          g_string_append_c (out, (char) ('a' + ('g' - *c)));
          g_string_append_c (out, (char) ('1' + ('7' - c[1])));
          c++;
        }
      else if (*c == 'W' || *c == 'B')
        g_string_append_c (out, *c == 'W' ? 'B' : 'W');
      else if (*c == 'w' || *c == 'b')
        g_string_append_c (out, *c == 'w' ? 'b' : 'w');
      else
        g_string_append_c (out, *c);
    }
  return g_string_free (out, FALSE);
}

/* The evaluation is the same for a position and for it turned half round
 * with the colours swapped (each side's view of its own game).  Lasca's
 * 7x7 board broke it: ranks and diagonal steps were read with the
 * even-width formula (White's men counted a rank short, steps of 5 and 6
 * instead of 7 and 9), and the middle file counted as the right wing:
 * W:Wc3,e3:Be5,c5 scored -0.30 with White to move, +0.30 with Black. */
static void
test_eval_lasca_symmetric (void)
{
  static const char * const fens[] = {
    "W:Wc3,e3:Be5,c5",
    "W:Wc3:Be5",
    "W:We3:Bc5",
    "W:Wa1,c1,e1,g1,b2,d2,f2,a3,c3,e3,g3:Ba7,c7,e7,g7,b6,d6,f6,a5,c5,e5,g5",
    "W:Wd4(bb),Ka1,f2:Bb6(w),Kg7,e5",
    "B:Wb2,d2,f2,c3:Be7,d6(ww),a5",
  };
  const DrRules *rules = dr_rules_from_name ("lasca");

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      g_autofree char *turned = lasca_turned (fens[i]);
      int a = eval_of (rules, fens[i]), b = eval_of (rules, turned);

      g_test_message ("%s: %d; %s: %d", fens[i], a, turned, b);
      g_assert_cmpint (a, ==, b);
    }
}

static void
test_eval_prisoners (void)
{
  static const struct
  {
    const char *rules;
    const char *fen;       /* White to move */
    int         sign;      /* which side the towers favour: +1 White */
  } cases[] = {
    /* White holds a black prisoner, Black none. */
    { "pillar", "W:Wc3(b),e3:Bf6,d6", 1 },
    /* Black holds a white prisoner. */
    { "pillar", "W:Wc3,e3:Bf6(w),d6", -1 },
    /* White has a man in reserve beneath its top. */
    { "pillar", "W:Wc3(w),e3:Bf6,d6", 1 },
    /* Both hold one, White's deeper (surer to be kept) and a reserve. */
    { "pillar", "W:Wc3(wb),e3:Bf6(w),d6", 1 },
    /* A king a prisoner is still a piece the other side lacks. */
    { "pillar", "W:Wc3(B),e3:Bf6,d6", 1 },
    { "lasca", "W:Wc3(b),e3:Be5,c5", 1 },
    { "lasca", "W:Wc3,e3:Be5(ww),c5", -1 },
    { "lasca", "W:Wc3(w),e3:Be5,c5", 1 },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const DrRules *r = dr_rules_from_name (cases[i].rules);
      g_autofree char *tops = tops_only (cases[i].fen);
      g_autofree char *black = g_strdup (cases[i].fen);
      g_autofree char *black_tops = g_strdup (tops);
      int white_view = eval_of (r, cases[i].fen) - eval_of (r, tops);
      int black_view;

      black[0] = 'B';
      black_tops[0] = 'B';
      black_view = eval_of (r, black) - eval_of (r, black_tops);
      g_test_message ("%s %s: %+d on the tops, Black to move %+d", cases[i].rules, cases[i].fen,
                      white_view, black_view);
      g_assert_cmpint (white_view * cases[i].sign, >, 0);
      g_assert_cmpint (black_view, ==, -white_view);
    }
  /* Symmetric tops with nothing beneath, pillar: nothing between them. */
  g_assert_cmpint (eval_of (&dr_rules_pillar, "W:Wc3,e3:Bf6,d6"), ==, 0);
}

/* The tower terms are the tower games' own: every other variant's
 * weights leave them at 0, and no pattern weights serve the tower games. */
static void
test_eval_own_weights (void)
{
  for (int v = 0; v < DR_N_VARIANTS; v++)
    {
      const DrRules *r = dr_rules_get ((DrVariant) v);
      const DrEvalWeights *w = dr_eval_default_weights (r);
      bool any = false;

      for (int d = 0; d < 4; d++)
        any = any || w->tower_own[d] != 0 || w->tower_prisoner[d] != 0;
      g_assert_cmpint (any, ==, r->towers);
      if (r->towers)
        g_assert_false (dr_patterns_supported (r));
    }
}

/* The search frees its own pieces: e3 may take the top of d4 (three
 * white men beneath) or of f4 (one); either frees a white man and takes
 * a black one, and only the first leaves White a tower with two men in
 * reserve.  (A tops-only search picks e3:c5 here too, seeing the line's
 * consequences: this checks the search with the tower terms, it is not
 * a case the tops alone get wrong.) */
static void
test_search_frees (void)
{
  const DrRules *r = &dr_rules_pillar;
  DrPosition pos = pos_from (r, "W:We3,a1,c1,g1:Bd4(www),f4(w),a7,c7,e7,g7,h8");
  DrSearchLimits lim = { .max_depth = 6, .multipv = 1 };
  DrSearchResult result;
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autofree char *text = NULL;
  DrSearch *search = dr_search_new (r, 4);

  g_assert_true (dr_search_run (search, &pos, &lim, &result));
  dr_movegen_legal (r, &pos, list);
  text = dr_move_to_text (r, list, &result.best, r->notation);
  g_test_message ("best %s, score %d", text, result.score);
  g_assert_cmpstr (text, ==, "e3:c5");
  dr_search_free (search);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/column/pillar/001:100/goes-under", test_pillar_goes_under);
  g_test_add_func ("/column/pillar/001:100/top-taken", test_pillar_top_taken);
  g_test_add_func ("/column/pillar/001:100/obeys-top", test_pillar_obeys_top);
  g_test_add_func ("/column/pillar/001:100/crowned-by-top", test_pillar_crowned_by_top);
  g_test_add_func ("/column/pillar/bashnya/king-beneath", test_pillar_king_beneath);
  g_test_add_func ("/column/pillar/004-1.5.9/jumped-once", test_pillar_jumped_once);
  g_test_add_func ("/column/pillar/004-1.5.15/crowned-goes-on", test_pillar_crowned_goes_on);
  g_test_add_func ("/column/pillar/004-1.5.14/free-choice", test_pillar_free_choice);
  g_test_add_func ("/column/pillar/capture-order", test_pillar_capture_order);
  g_test_add_func ("/column/lasca/001:116/board", test_lasca_board);
  g_test_add_func ("/column/lasca/lasker/soldier-forward", test_lasca_soldier_forward);
  g_test_add_func ("/column/lasca/lasker/officer-steps", test_lasca_officer_steps);
  g_test_add_func ("/column/lasca/lasker/promotion-at-end", test_lasca_promotion_at_end);
  g_test_add_func ("/column/lasca/lasker/not-twice", test_lasca_not_twice);
  g_test_add_func ("/column/lasca/lasker/officer-released", test_lasca_officer_released);
  g_test_add_func ("/column/hash", test_hash_covers_stacks);
  g_test_add_func ("/column/fen/round-trip", test_fen_round_trip);
  g_test_add_func ("/column/fen/errors", test_fen_errors);
  g_test_add_func ("/column/pdn/round-trip", test_pdn_round_trip);
  g_test_add_func ("/column/egdb/none", test_no_endgame_tables);
  g_test_add_func ("/column/perft/start", test_perft_start);
  g_test_add_func ("/column/perft/towers", test_perft_towers);
  g_test_add_func ("/column/perft/random-games", test_random_games);
  g_test_add_func ("/column/cli", test_cli);
  g_test_add_func ("/column/eval/prisoners", test_eval_prisoners);
  g_test_add_func ("/column/eval/lasca-symmetric", test_eval_lasca_symmetric);
  g_test_add_func ("/column/eval/own-weights", test_eval_own_weights);
  g_test_add_func ("/column/search/frees", test_search_frees);
  return g_test_run ();
}
