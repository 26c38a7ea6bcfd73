/* test-wide.c — Canadian draughts and the other large boards (dr-wide.h)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * 1. perft of the fast generator against published rows (sources on each
 *    row; none comes from this project's code), each to quick_depth, to
 *    its end with -m slow;
 * 2. the rule texts' capture examples, moved onto the 12x12 board;
 * 3. a second generator written here for the purpose: an array board and
 *    plain recursion, sharing no code with dr-wide.c.  It lists every
 *    capture route, then keeps the ones that take the most pieces, one per
 *    (from, to, captured set).  Its perft must equal the fast one's, and
 *    along seeded random games both must list the same moves;
 * 4. FEN round trips and the messages of bad FEN and moves;
 * 5. draughtsman-cli --variant canadian (when meson test names the CLI);
 * 6. the search (dr-wide-search.h): forced wins it must find, checked by a
 *    plain enumeration of every line written here, its limits, and legal
 *    best moves along random games;
 * 7. PDN games (dr-wide-pdn.h): tests/data/canadian-games.pdn, and the
 *    problems' places and messages.
 */

#include "config.h"

#include "dr-fen.h"
#include "dr-notation.h"
#include "dr-wide-pdn.h"
#include "dr-wide-search.h"
#include "dr-wide-text.h"
#include "test-cli-util.h"

#include <string.h>

/* ---- 1. Published perft rows ---------------------------------------- */

typedef struct
{
  const char *path;
  int         size;
  const char *fen;          /* NULL: the start position */
  int         quick_depth;
  uint64_t    nodes[12];    /* perft(1), perft(2), ...; 0 ends the row */
  const char *source;
} WidePerftCase;

static const WidePerftCase perft_cases[] = {
  { "/wide/perft/canadian/initial", 12, NULL, 6,
    { 11, 121, 1222, 10053, 79049, 584100, 4369366, 31839056, 237209258 },
    "ENGINES.md §1.5: damforum t=4563 (\"Perft on large boards\") via DCTL board_large.cpp, "
    "unique moves; DCTL verified it to d8" },
  { "/wide/perft/international-14x14/initial", 14, NULL, 5,
    { 13, 169, 2042, 20513, 195333, 1710812, 15007858, 127249292 },
    "DCTL test/src/algo/traversal/initial/board_large.cpp Board14x14 (damforum t=4563), unique" },
  { "/wide/perft/international-6x6/initial", 6, NULL, 9,
    { 5, 25, 106, 369, 1301, 4214, 12912, 39526, 113614, 329982, 933564 },
    "shared/data/oracles/perft.txt [initial/board_06x06.cpp / International] drop" },
  /* The 10x10 rows, which the 64-bit generator also meets (test-perft). */
  { "/wide/perft/international/initial", 10, NULL, 6,
    { 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961 },
    "perft.txt [initial/board_10x10.cpp / International] drop" },
  { "/wide/perft/international/random178", 10,
    "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46", 5,
    { 14, 55, 1168, 5432, 87195, 629010, 9041010 },
    "perft.txt [international/fmjd.cpp / Random178]; damforum t=2308" },
  { "/wide/perft/international/woldouby", 10,
    "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38", 9,
    { 6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436 },
    "perft.txt [international/fmjd.cpp / Woldouby]; damforum t=2308" },
  { "/wide/perft/international/all-kings", 10,
    "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:"
    "BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20", 4,
    { 17, 79, 352, 1399, 7062, 37589, 217575 },
    "perft.txt [international/fmjd.cpp / AllKings]; damforum t=2308" },
  { "/wide/perft/international/almost-promotion", 10, "W:W6,7,8,9,10:B41,42,43,44,45", 5,
    { 9, 81, 795, 7578, 86351, 936311, 11448262 },
    "perft.txt [international/fmjd.cpp / AlmostPromotion]; damforum t=2308" },
};

static void
position_from (int             size,
               const char     *fen,
               DrWidePosition *pos)
{
  g_autoptr (GError) error = NULL;

  if (fen == NULL)
    dr_wide_initial (pos, size);
  else
    {
      g_assert_true (dr_wide_fen_parse (size, fen, pos, &error));
      g_assert_no_error (error);
    }
}

static void
test_perft_case (gconstpointer data)
{
  const WidePerftCase *c = data;
  DrWidePosition pos;

  position_from (c->size, c->fen, &pos);
  g_test_message ("source: %s", c->source);
  for (int d = 1; d <= (int) G_N_ELEMENTS (c->nodes) && c->nodes[d - 1] != 0; d++)
    {
      if (d > c->quick_depth && !g_test_slow ())
        break;
      g_assert_cmpuint (dr_wide_perft (&pos, d, FALSE), ==, c->nodes[d - 1]);
    }
}

/* ---- 2. The rule texts' examples ------------------------------------ */

static DrWideMoveList *
legal_moves (const DrWidePosition *pos)
{
  DrWideMoveList *list = g_new0 (DrWideMoveList, 1);

  dr_wide_generate (pos, list);
  g_assert_false (list->overflow);
  return list;
}

static int
compare_text (gconstpointer a,
              gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The legal moves as text, sorted, joined with spaces. */
static char *
moves_text (const DrWidePosition *pos,
            gboolean              algebraic)
{
  g_autofree DrWideMoveList *list = legal_moves (pos);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (unsigned i = 0; i < list->n; i++)
    g_ptr_array_add (texts, dr_wide_move_text (pos, list, &list->moves[i], algebraic));
  g_ptr_array_sort (texts, compare_text);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}

static int
square (const char *name)
{
  size_t len;
  const DrWideGeometry *g = dr_wide_geometry (12);
  int bit = dr_wide_bit_at_xy (g, name[0] - 'a', atoi (name + 1) - 1);

  len = strlen (name);
  g_assert_cmpint (len, >=, 2);
  g_assert_cmpint (bit, >=, 0);
  return bit;
}

/* 004 2.5.1: the capture that takes the most pieces, whether by a man or a
 * king: the man on e3 takes two (f4, f6), so neither its capture of d4
 * nor the king's of b10 or f4 is legal. */
static void
test_majority (void)
{
  DrWidePosition pos;
  g_autofree char *text = NULL;
  g_autofree DrWideMoveList *list = NULL;

  position_from (12, "W:We3,Ka9:Bb10,d4,f4,f6", &pos);
  text = moves_text (&pos, TRUE);
  g_assert_cmpstr (text, ==, "e3xe7");
  list = legal_moves (&pos);
  g_assert_true (list->moves[0].captures == (dr_wide_bit (square ("f4")) | dr_wide_bit (square ("f6"))));
  g_assert_cmpuint (list->moves[0].flags, ==, 0);
}

/* 004 1.4.5, 1.5.2 (via 2.1): a flying king takes two pieces on one
 * diagonal and may stop on any free square beyond the last. */
static void
test_king_flies (void)
{
  DrWidePosition pos;
  g_autofree char *text = NULL;

  position_from (12, "W:WKa1:Bd4,h8", &pos);
  text = moves_text (&pos, TRUE);
  g_assert_cmpstr (text, ==, "a1xi9 a1xj10 a1xk11 a1xl12");
}

/* 004 1.5.6: of the squares beyond d4 the king must take f6, from which
 * the capture goes on (over g5), not e5, g7 or beyond. */
static void
test_king_must_go_on (void)
{
  DrWidePosition pos;
  g_autofree char *text = NULL;
  g_autofree DrWideMoveList *list = NULL;

  position_from (12, "W:WKa1:Bd4,g5", &pos);
  text = moves_text (&pos, TRUE);
  g_assert_cmpstr (text, ==, "a1xh4 a1xi3 a1xj2 a1xk1");
  list = legal_moves (&pos);
  for (unsigned i = 0; i < list->n; i++)
    {
      g_assert_cmpint (list->moves[i].n_jumps, ==, 2);
      g_assert_cmpint (list->moves[i].path[0], ==, square ("f6"));
      g_assert_true (list->moves[i].flags & DR_MOVE_BY_KING);
    }
}

/* 004 I 1.6.3, diagram 6 (1.5.7, 1.5.9, 1.5.12): the black king on a5
 * takes c3, f2 and f4 (a5:e1:g3:e5); it cannot go on over d4, because c3
 * is still on the board behind it until the capture ends (the "Turkish
 * strike").  Were captured pieces lifted at once, a5 would take four. */
static void
test_turkish_strike (void)
{
  DrWidePosition pos;
  g_autofree DrWideMoveList *list = NULL;
  DrWideBoard taken = dr_wide_bit (square ("c3")) | dr_wide_bit (square ("f2"))
                      | dr_wide_bit (square ("f4"));

  position_from (12, "B:Wc3,d4,f2,f4:BKa5", &pos);
  list = legal_moves (&pos);
  g_assert_cmpuint (list->n, >, 0);
  for (unsigned i = 0; i < list->n; i++)
    {
      g_assert_true (list->moves[i].captures == taken);
      g_assert_false (dr_wide_has (list->moves[i].captures, square ("d4")));
    }
}

/* 004 1.5.9: a piece is not jumped twice.  The king on c3 goes round the
 * four men on b4, d4, d6, b6 (over d4 to e5, d6 to c7, b6 to a5, b4 back
 * to c3, or the other way round) and stops: from c3 it may not take d4 a
 * second time.  Both ways round to c3 are the same move, listed once;
 * listed by route there are six. */
static void
test_no_double_jump (void)
{
  DrWidePosition pos;
  g_autofree DrWideMoveList *list = NULL;
  g_autofree char *text = NULL;

  position_from (12, "W:WKc3:Bb4,d4,b6,d6", &pos);
  text = moves_text (&pos, TRUE);
  g_assert_cmpstr (text, ==, "c3xa1 c3xb2 c3xc3 c3xd2 c3xe1");
  list = legal_moves (&pos);
  for (unsigned i = 0; i < list->n; i++)
    {
      g_assert_cmpint (dr_wide_count (list->moves[i].captures), ==, 4);
      g_assert_cmpint (list->moves[i].n_jumps, ==, 4);
    }
  list->all_paths = TRUE;
  dr_wide_generate (&pos, list);
  g_assert_cmpuint (list->n, ==, 6);
  g_assert_cmpuint (dr_wide_perft (&pos, 1, TRUE), ==, 6);
  g_assert_cmpuint (dr_wide_perft (&pos, 1, FALSE), ==, 5);
}

/* 004 2.5.2.1: a man that reaches the last rank mid-capture and can go on
 * as a man goes on and stays a man (d10 over e11 to f12, over g11 to h10;
 * as a king it could also have taken j8); a man that ends its capture
 * there is crowned. */
static void
test_promotion_passing (void)
{
  DrWidePosition pos, child;
  g_autofree DrWideMoveList *list = NULL;
  g_autofree DrWideMoveList *list2 = NULL;
  g_autofree char *text = NULL;

  position_from (12, "W:Wd10:Be11,g11,j8", &pos);
  text = moves_text (&pos, TRUE);
  g_assert_cmpstr (text, ==, "d10xh10");
  list = legal_moves (&pos);
  g_assert_cmpint (dr_wide_count (list->moves[0].captures), ==, 2);
  g_assert_cmpuint (list->moves[0].flags & DR_MOVE_PROMOTES, ==, 0);
  dr_wide_apply (&child, &pos, &list->moves[0]);
  g_assert_false (dr_wide_has (child.kings, square ("h10")));
  g_assert_true (dr_wide_has (child.pieces[DR_SIDE_WHITE], square ("h10")));

  position_from (12, "W:Wd10:Be11", &pos);
  list2 = legal_moves (&pos);
  g_assert_cmpuint (list2->n, ==, 1);
  g_assert_cmpuint (list2->moves[0].flags & DR_MOVE_PROMOTES, !=, 0);
  dr_wide_apply (&child, &pos, &list2->moves[0]);
  g_assert_true (dr_wide_has (child.kings, square ("f12")));
}

/* 001: International rules on 12x12 with 30 men each; PDN GameType 27
 * numbering (`27,W,12,12,N2,0`): 1 = b12, 6 = l12, 7 = a11, 72 = k1. */
static void
test_start_and_numbering (void)
{
  DrWidePosition pos;
  const DrWideGeometry *g = dr_wide_geometry (12);
  g_autofree char *fen = NULL;
  g_autofree char *text = NULL;
  char buf[4];

  dr_wide_initial (&pos, 12);
  g_assert_cmpint (dr_wide_count (pos.pieces[DR_SIDE_WHITE]), ==, 30);
  g_assert_cmpint (dr_wide_count (pos.pieces[DR_SIDE_BLACK]), ==, 30);
  g_assert_cmpint (g->n_squares, ==, 72);
  fen = dr_wide_fen_write (&pos, FALSE);
  g_assert_cmpstr (fen, ==, "W:W43-72:B1-30");
  g_assert_cmpstr (dr_wide_square_text (g, dr_wide_bit_from_number (g, 1), TRUE, buf), ==, "b12");
  g_assert_cmpstr (dr_wide_square_text (g, dr_wide_bit_from_number (g, 6), TRUE, buf), ==, "l12");
  g_assert_cmpstr (dr_wide_square_text (g, dr_wide_bit_from_number (g, 7), TRUE, buf), ==, "a11");
  g_assert_cmpstr (dr_wide_square_text (g, dr_wide_bit_from_number (g, 67), TRUE, buf), ==, "a1");
  g_assert_cmpstr (dr_wide_square_text (g, dr_wide_bit_from_number (g, 72), TRUE, buf), ==, "k1");
  text = moves_text (&pos, FALSE);
  g_assert_cmpstr (text, ==, "43-37 44-37 44-38 45-38 45-39 46-39 46-40 47-40 47-41 48-41 48-42");
  /* Every square's number, bit and name agree both ways. */
  for (int n = 1; n <= g->n_squares; n++)
    {
      int bit = dr_wide_bit_from_number (g, n), x, y;
      g_assert_cmpint (dr_wide_number (g, bit), ==, n);
      g_assert_true (dr_wide_xy (g, bit, &x, &y));
      g_assert_cmpint (dr_wide_bit_at_xy (g, x, y), ==, bit);
      g_assert_cmpint ((x + y) % 2, ==, 0);
    }
}

/* ---- 3. The second generator ---------------------------------------- */

enum { O_EMPTY, O_WMAN, O_WKING, O_BMAN, O_BKING };

typedef struct
{
  int           size;
  int           turn;               /* 0 White, 1 Black */
  unsigned char sq[14][14];         /* [y][x], y = 0 rank 1, x = 0 file a */
} OBoard;

typedef struct
{
  int      fx, fy, tx, ty;
  gboolean promotes;
  int      n_taken;
  uint64_t taken[4];                /* bit 14 * y + x */
} OMove;

#define O_MAX_MOVES 8192

typedef struct
{
  int   n;
  OMove m[O_MAX_MOVES];
} OList;

static const int o_dx[4] = { 1, -1, 1, -1 };
static const int o_dy[4] = { 1, 1, -1, -1 };

static gboolean
o_on (const OBoard *b, int x, int y)
{
  return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

static gboolean
o_mine (const OBoard *b, int p)
{
  return b->turn == 0 ? p == O_WMAN || p == O_WKING : p == O_BMAN || p == O_BKING;
}

static gboolean
o_theirs (const OBoard *b, int p)
{
  return p != O_EMPTY && !o_mine (b, p);
}

static void
o_add (OList *l, const OMove *m)
{
  g_assert_cmpint (l->n, <, O_MAX_MOVES);
  l->m[l->n++] = *m;
}

/* Every capture route from (x, y) onward; @cur holds the route so far,
 * with the taken pieces still on the board.  Each route's end is listed. */
static void
o_jumps (const OBoard *b, gboolean king, OMove *cur, int x, int y, OList *out)
{
  for (int d = 0; d < 4; d++)
    {
      int cx = x + o_dx[d], cy = y + o_dy[d];

      /* The piece to take: the next one (a king looks along the line). */
      if (king)
        while (o_on (b, cx, cy) && (b->sq[cy][cx] == O_EMPTY || (cx == cur->fx && cy == cur->fy)))
          cx += o_dx[d], cy += o_dy[d];
      if (!o_on (b, cx, cy) || !o_theirs (b, b->sq[cy][cx])
          || (cur->taken[(14 * cy + cx) / 64] >> ((14 * cy + cx) % 64) & 1))
        continue;
      for (int lx = cx + o_dx[d], ly = cy + o_dy[d];
           o_on (b, lx, ly) && (b->sq[ly][lx] == O_EMPTY || (lx == cur->fx && ly == cur->fy));
           lx += o_dx[d], ly += o_dy[d])
        {
          OMove next = *cur;

          next.taken[(14 * cy + cx) / 64] |= (uint64_t) 1 << ((14 * cy + cx) % 64);
          next.n_taken++;
          next.tx = lx;
          next.ty = ly;
          next.promotes = !king && ly == (b->turn == 0 ? b->size - 1 : 0);
          o_add (out, &next);
          o_jumps (b, king, &next, lx, ly, out);
          if (!king)
            break;
        }
    }
}

static gboolean
o_same (const OMove *a, const OMove *b)
{
  return a->fx == b->fx && a->fy == b->fy && a->tx == b->tx && a->ty == b->ty
         && memcmp (a->taken, b->taken, sizeof a->taken) == 0;
}

static void
o_generate (const OBoard *b, OList *out)
{
  int forward = b->turn == 0 ? 1 : -1;
  int best = 1;

  out->n = 0;
  for (int y = 0; y < b->size; y++)
    for (int x = 0; x < b->size; x++)
      if (o_mine (b, b->sq[y][x]))
        {
          OMove start = { .fx = x, .fy = y };
          o_jumps (b, b->sq[y][x] == O_WKING || b->sq[y][x] == O_BKING, &start, x, y, out);
        }
  if (out->n > 0)
    {
      /* The most pieces; one of each (from, to, taken). */
      int n = 0;

      for (int i = 0; i < out->n; i++)
        best = MAX (best, out->m[i].n_taken);
      for (int i = 0; i < out->n; i++)
        {
          gboolean seen = FALSE;

          if (out->m[i].n_taken != best)
            continue;
          for (int j = 0; j < n && !seen; j++)
            seen = o_same (&out->m[j], &out->m[i]);
          if (!seen)
            out->m[n++] = out->m[i];
        }
      out->n = n;
      return;
    }
  for (int y = 0; y < b->size; y++)
    for (int x = 0; x < b->size; x++)
      {
        int p = b->sq[y][x];
        gboolean king = p == O_WKING || p == O_BKING;

        if (!o_mine (b, p))
          continue;
        for (int d = 0; d < 4; d++)
          {
            if (!king && o_dy[d] != forward)
              continue;
            for (int tx = x + o_dx[d], ty = y + o_dy[d];
                 o_on (b, tx, ty) && b->sq[ty][tx] == O_EMPTY; tx += o_dx[d], ty += o_dy[d])
              {
                OMove m = { .fx = x, .fy = y, .tx = tx, .ty = ty };
                m.promotes = !king && ty == (b->turn == 0 ? b->size - 1 : 0);
                o_add (out, &m);
                if (!king)
                  break;
              }
          }
      }
}

static void
o_apply (OBoard *child, const OBoard *b, const OMove *m)
{
  int p = b->sq[m->fy][m->fx];

  *child = *b;
  for (int y = 0; y < b->size; y++)
    for (int x = 0; x < b->size; x++)
      if (m->taken[(14 * y + x) / 64] >> ((14 * y + x) % 64) & 1)
        child->sq[y][x] = O_EMPTY;
  child->sq[m->fy][m->fx] = O_EMPTY;
  if (m->promotes)
    p = p == O_WMAN ? O_WKING : O_BKING;
  child->sq[m->ty][m->tx] = (unsigned char) p;
  child->turn = 1 - b->turn;
}

static uint64_t
o_perft (const OBoard *b, int depth, OList *lists)
{
  OList *l = &lists[depth];
  uint64_t nodes = 0;

  o_generate (b, l);
  if (depth == 1)
    return (uint64_t) l->n;
  for (int i = 0; i < l->n; i++)
    {
      OBoard child;
      o_apply (&child, b, &l->m[i]);
      nodes += o_perft (&child, depth - 1, lists);
    }
  return nodes;
}

/* The oracle's own reading of numeric FEN ("W:W43-72:BK1,2"): square n is
 * on rank size - row, row = (n - 1) / half from the top, on files b, d, ...
 * in even rows and a, c, ... in odd ones (PDN.md §4, N2). */
static void
o_from_fen (OBoard *b, int size, const char *fen)
{
  g_auto (GStrv) fields = g_strsplit (fen, ":", -1);
  int half = size / 2;

  memset (b, 0, sizeof *b);
  b->size = size;
  b->turn = fen[0] == 'B' ? 1 : 0;
  for (int f = 1; fields[f] != NULL; f++)
    {
      g_auto (GStrv) items = g_strsplit (fields[f] + 1, ",", -1);
      gboolean white = fields[f][0] == 'W';

      for (int i = 0; items[i] != NULL && items[i][0] != '\0'; i++)
        {
          gboolean king = items[i][0] == 'K';
          const char *s = items[i] + (king ? 1 : 0);
          int first = atoi (s), last = strchr (s, '-') ? atoi (strchr (s, '-') + 1) : first;

          for (int n = first; n <= last; n++)
            {
              int row = (n - 1) / half, k = (n - 1) % half;
              int x = row % 2 == 0 ? 2 * k + 1 : 2 * k, y = size - 1 - row;
              b->sq[y][x] = (unsigned char) (white ? (king ? O_WKING : O_WMAN) : (king ? O_BKING : O_BMAN));
            }
        }
    }
}

static void
o_start (OBoard *b, int size)
{
  memset (b, 0, sizeof *b);
  b->size = size;
  for (int y = 0; y < size / 2 - 1; y++)
    for (int x = 0; x < size; x++)
      if ((x + y) % 2 == 0)
        {
          b->sq[y][x] = O_WMAN;
          b->sq[size - 1 - y][size - 1 - x] = O_BMAN;
        }
}

typedef struct
{
  const char *path;
  int         size;
  const char *fen;         /* NULL: the start */
  int         depth;       /* without -m slow */
  int         slow_depth;
} OracleCase;

static const OracleCase oracle_cases[] = {
  { "/wide/oracle/canadian/initial", 12, NULL, 6, 7 },
  { "/wide/oracle/canadian/kings", 12, "W:WK67,K40,50,55:BK6,K20,15,22", 6, 7 },
  { "/wide/oracle/canadian/kings-and-men", 12,
    "B:WK30,K35,K44,49,60,61,62,63:BK1,K13,8,9,10,11,25", 6, 7 },
  /* Two kings among twelve men: long captures, loops, the same move by
   * several routes. */
  { "/wide/oracle/canadian/king-loops", 12,
    "W:WK46,K47,66:B14,15,16,20,21,22,26,27,28,32,33,34", 6, 7 },
  { "/wide/oracle/international-14x14/initial", 14, NULL, 5, 6 },
  { "/wide/oracle/international-6x6/initial", 6, NULL, 9, 11 },
};

static void
test_oracle_case (gconstpointer data)
{
  const OracleCase *c = data;
  DrWidePosition pos;
  OBoard board;
  g_autofree OList *lists = NULL;
  int depth = g_test_slow () ? c->slow_depth : c->depth;

  position_from (c->size, c->fen, &pos);
  if (c->fen == NULL)
    o_start (&board, c->size);
  else
    o_from_fen (&board, c->size, c->fen);
  lists = g_new (OList, depth + 1);
  for (int d = 1; d <= depth; d++)
    {
      uint64_t fast = dr_wide_perft (&pos, d, FALSE);
      uint64_t slow = o_perft (&board, d, lists);

      g_test_message ("%s d%d: %" G_GUINT64_FORMAT, c->path, d, slow);
      g_assert_cmpuint (fast, ==, slow);
    }
}

/* The fast generator's moves as the oracle writes them. */
static void
o_from_wide (const DrWidePosition *pos, const DrWideMove *m, OMove *o)
{
  const DrWideGeometry *g = dr_wide_geometry (pos->size);
  int x, y;

  memset (o, 0, sizeof *o);
  g_assert_true (dr_wide_xy (g, m->from, &o->fx, &o->fy));
  g_assert_true (dr_wide_xy (g, m->to, &o->tx, &o->ty));
  o->promotes = (m->flags & DR_MOVE_PROMOTES) != 0;
  for (int n = 1; n <= g->n_squares; n++)
    {
      int bit = dr_wide_bit_from_number (g, n);
      if (dr_wide_has (m->captures, bit))
        {
          g_assert_true (dr_wide_xy (g, bit, &x, &y));
          o->taken[(14 * y + x) / 64] |= (uint64_t) 1 << ((14 * y + x) % 64);
          o->n_taken++;
        }
    }
}

/* Seeded random games: at every ply both generators list the same moves,
 * with the same promotions.  The games run into the king endings that
 * perft from the start never reaches. */
static void
test_oracle_games (gconstpointer data)
{
  int size = GPOINTER_TO_INT (data);
  g_autoptr (GRand) rand = g_rand_new_with_seed (27);
  g_autofree OList *olist = g_new (OList, 1);
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);
  int games = g_test_slow () ? 200 : 20;
  unsigned plies = 0, king_plies = 0;

  for (int game = 0; game < games; game++)
    {
      DrWidePosition pos;
      OBoard board;

      dr_wide_initial (&pos, size);
      o_start (&board, size);
      for (int ply = 0; ply < 400; ply++)
        {
          DrWidePosition child;
          OBoard next;
          unsigned pick;

          dr_wide_generate (&pos, list);
          o_generate (&board, olist);
          g_assert_false (list->overflow);
          g_assert_cmpint ((int) list->n, ==, olist->n);
          for (unsigned i = 0; i < list->n; i++)
            {
              OMove o;
              gboolean found = FALSE;

              o_from_wide (&pos, &list->moves[i], &o);
              for (int j = 0; j < olist->n && !found; j++)
                found = o_same (&o, &olist->m[j]) && o.promotes == olist->m[j].promotes
                        && o.n_taken == olist->m[j].n_taken;
              if (!found)
                {
                  g_autofree char *fen = dr_wide_fen_write (&pos, FALSE);
                  g_autofree char *text = dr_wide_move_text (&pos, list, &list->moves[i], FALSE);
                  g_error ("%s: the oracle has no %s", fen, text);
                }
            }
          if (list->n == 0)
            break;
          plies++;
          king_plies += pos.kings != 0;
          pick = (unsigned) g_rand_int_range (rand, 0, (gint32) list->n);
          {
            OMove o;
            int j = 0;

            o_from_wide (&pos, &list->moves[pick], &o);
            while (!o_same (&o, &olist->m[j]))
              j++;
            o_apply (&next, &board, &olist->m[j]);
          }
          dr_wide_apply (&child, &pos, &list->moves[pick]);
          pos = child;
          board = next;
        }
    }
  g_test_message ("%u plies compared, %u with kings on the board", plies, king_plies);
  /* The games must reach kings, or they test little. */
  g_assert_cmpuint (king_plies, >, plies / 20);
}

/* ---- 4. FEN and move text ------------------------------------------- */

static void
test_fen_round_trip (void)
{
  static const char *const fens[] = {
    "W:W43-72:B1-30",
    "B:W30,K35,K44,49,60-63:B1,8-11,K13,25",
    "W:WK1,K72:BK6,K67",
    "B:W:B7",
    /* Squares on the k file: "k3" is not a king on 3. */
    "W:W60,K66:BK6,12",
  };

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      DrWidePosition pos, again;
      g_autofree char *numeric = NULL;
      g_autofree char *algebraic = NULL;

      position_from (12, fens[i], &pos);
      numeric = dr_wide_fen_write (&pos, FALSE);
      g_test_message ("%s", numeric);
      g_assert_cmpstr (numeric, ==, fens[i]);
      algebraic = dr_wide_fen_write (&pos, TRUE);
      g_test_message ("%s", algebraic);
      position_from (12, algebraic, &again);
      g_assert_true (memcmp (&pos, &again, sizeof pos) == 0);
    }
}

typedef struct
{
  const char *fen;
  int         code;
  const char *message;
} BadFen;

static void
test_fen_errors (void)
{
  static const BadFen bad[] = {
    { "", DR_FEN_ERROR_SYNTAX, "FEN is empty" },
    { "X:W43", DR_FEN_ERROR_SIDE, "FEN column 1: the side to move must be W or B, not “X”" },
    { "W:W73", DR_FEN_ERROR_SQUARE, "FEN column 4: “73” is not a playing square of the 12x12 board" },
    { "W:Wa2", DR_FEN_ERROR_SQUARE, "FEN column 4: “a2” is not a playing square of the 12x12 board" },
    { "W:Wm13", DR_FEN_ERROR_SQUARE, "FEN column 4: “m13” is not a playing square of the 12x12 board" },
    { "W:W40,40", DR_FEN_ERROR_DUPLICATE, "FEN column 7: square 40 is listed twice" },
    { "W:W50-45", DR_FEN_ERROR_SYNTAX, "FEN column 4: “50-45” is not a range of squares" },
    { "W;W40", DR_FEN_ERROR_SYNTAX, "FEN column 2: expected “:” before the next list, found “;”" },
    { "W:X40", DR_FEN_ERROR_SYNTAX, "FEN column 3: a piece list starts with W or B, not “X”" },
    { "W:W40 41", DR_FEN_ERROR_SYNTAX, "FEN column 7: unexpected “4” after a square" },
    { "W:W3", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW,
      "The white man on 3 stands on White’s crowning rank: it would be a king" },
    { "W:B70", DR_FEN_ERROR_MAN_ON_PROMOTION_ROW,
      "The black man on 70 stands on Black’s crowning rank: it would be a king" },
    { "W:W31-61", DR_FEN_ERROR_TOO_MANY_PIECES,
      "White has 31 pieces; a side has at most 30 on the 12x12 board" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      DrWidePosition pos;
      g_autoptr (GError) error = NULL;

      g_assert_false (dr_wide_fen_parse (12, bad[i].fen, &pos, &error));
      g_assert_error (error, DR_FEN_ERROR, bad[i].code);
      g_assert_cmpstr (error->message, ==, bad[i].message);
    }
}

static void
test_move_text (void)
{
  DrWidePosition pos;
  g_autofree DrWideMoveList *list = NULL;
  const DrWideMove *m;
  g_autoptr (GError) error = NULL;

  dr_wide_initial (&pos, 12);
  list = legal_moves (&pos);
  m = dr_wide_move_parse (&pos, list, "46-40", &error);
  g_assert_no_error (error);
  g_assert_nonnull (m);
  g_assert_cmpint (dr_wide_number (dr_wide_geometry (12), m->to), ==, 40);
  m = dr_wide_move_parse (&pos, list, "i5-j6", &error);
  g_assert_no_error (error);
  g_assert_nonnull (m);
  g_assert_cmpint (dr_wide_number (dr_wide_geometry (12), m->from), ==, 47);

  g_assert_null (dr_wide_move_parse (&pos, list, "46-35", &error));
  g_assert_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_ILLEGAL);
  g_assert_cmpstr (error->message, ==, "“46-35” is not a legal move in W:W43-72:B1-30");
  g_clear_error (&error);
  g_assert_null (dr_wide_move_parse (&pos, list, "46-99", &error));
  g_assert_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "“46-99”: no playing square at column 4");
  g_clear_error (&error);
  g_assert_null (dr_wide_move_parse (&pos, list, "46/41", &error));
  g_assert_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "“46/41”: unexpected “/” at column 3");
}

/* Captures that share their from and to squares but take different men
 * are written with their whole route (PDN.md §1 rule 6), and read back
 * from it; the bare from-to is ambiguous. */
static void
test_move_text_routes (void)
{
  DrWidePosition pos;
  g_autofree DrWideMoveList *list = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  position_from (12, "W:WKf10:Bd2,e3,g3,f6,a7,e9", &pos);
  text = moves_text (&pos, TRUE);
  g_assert_cmpstr (text, ==, "f10xa5 f10xa5xe1xh4xa11 f10xa5xe1xh4xb10 f10xa5xe1xh4xc9 "
                             "f10xa5xe1xh4xd8 f10xa5xe1xh4xe7 f10xb4 f10xb6 "
                             "f10xb6xf2xh4xa11 f10xb6xf2xh4xb10 f10xb6xf2xh4xc9 "
                             "f10xb6xf2xh4xd8 f10xb6xf2xh4xe7 f10xc3 f10xc5 f10xd4");
  list = legal_moves (&pos);
  for (unsigned i = 0; i < list->n; i++)
    {
      g_autofree char *move = dr_wide_move_text (&pos, list, &list->moves[i], TRUE);
      g_assert_true (dr_wide_move_parse (&pos, list, move, &error) == &list->moves[i]);
      g_assert_no_error (error);
      g_assert_cmpint (dr_wide_count (list->moves[i].captures), ==, 4);
    }
  g_assert_nonnull (dr_wide_move_parse (&pos, list, "f10xb6xe7", &error));
  g_assert_no_error (error);
  g_assert_null (dr_wide_move_parse (&pos, list, "f10xe7", &error));
  g_assert_error (error, DR_MOVE_ERROR, DR_MOVE_ERROR_AMBIGUOUS);
  g_assert_cmpstr (error->message, ==, "“f10xe7” fits several legal moves: give the squares the capture passes");
}

/* ---- 5. draughtsman-cli -------------------------------------------- */

static void
test_cli_perft (void)
{
  g_autoptr (CliRun) run = cli_run ("perft", "--variant", "canadian", "4", NULL);
  g_autoptr (CliRun) div = cli_run ("divide", "--variant", "canadian", "2", NULL);
  g_autoptr (CliRun) paths = cli_run ("perft", "--variant", "canadian", "--paths",
                                      "--fen", "W:WKc3:Bb4,d4,b6,d6", "1", NULL);

  g_assert_cmpint (run->status, ==, 0);
  g_assert_cmpstr (run->out, ==, "perft 1 11\nperft 2 121\nperft 3 1222\nperft 4 10053\n"
                                 "Nodes searched: 10053\n");
  g_assert_cmpint (div->status, ==, 0);
  g_assert_nonnull (strstr (div->out, "43-37: 11\n"));
  g_assert_true (g_str_has_suffix (div->out, "\nNodes searched: 121\n"));
  g_assert_cmpint (paths->status, ==, 0);
  g_assert_true (g_str_has_prefix (paths->out, "perft 1 6\n"));
}

static void
test_cli_moves_and_fen (void)
{
  g_autoptr (CliRun) moves = cli_run ("moves", "--variant", "canadian", "--notation", "algebraic",
                                      "--fen", "W:WKa1:Bd4,h8", NULL);
  g_autoptr (CliRun) hub = cli_run ("moves", "--variant", "canadian", "--format", "hub",
                                    "--fen", "W:We3,Ka9:Bb10,d4,f4,f6", NULL);
  g_autoptr (CliRun) fen = cli_run ("fen", "--variant", "canadian", "--notation", "algebraic",
                                    "W:W60,K66:BK6,12", NULL);
  g_autoptr (CliRun) bad = cli_run ("fen", "--variant", "canadian", "W:W73", NULL);
  g_autoptr (CliRun) unknown = cli_run ("perft", "--variant", "canadien", "1", NULL);

  g_assert_cmpint (moves->status, ==, 0);
  g_assert_cmpstr (moves->out, ==, "a1xi9\na1xj10\na1xk11\na1xl12\n");
  g_assert_cmpint (hub->status, ==, 0);
  g_assert_cmpstr (hub->out, ==, "57x33x39x51\n");
  g_assert_cmpint (fen->status, ==, 0);
  g_assert_cmpstr (fen->out, ==, "W:Wk3,Kl2:BKl12,k11\n");
  g_assert_cmpint (bad->status, ==, 1);
  /* Under LC_ALL=C the quotes come out as '?'. */
  g_assert_true (g_str_has_prefix (bad->err, "draughtsman-cli fen: FEN column 4: "));
  g_assert_true (g_str_has_suffix (bad->err, "73? is not a playing square of the 12x12 board\n"));
  g_assert_cmpint (unknown->status, ==, 1);
  g_assert_nonnull (strstr (unknown->err, ", canadian)"));
}

/* ---- 6. The search --------------------------------------------------- */

static gboolean forced_loss (const DrWidePosition *pos,
                             int                   plies);

/* TRUE when the side to move can leave the opponent without a move (004
 * 1.8.1) within @plies plies whatever the opponent does: every line
 * enumerated, no pruning but the first win found. */
static gboolean
forced_win (const DrWidePosition *pos,
            int                   plies)
{
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);

  if (plies < 1)
    return FALSE;
  dr_wide_generate (pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrWidePosition child;

      dr_wide_apply (&child, pos, &list->moves[i]);
      if (forced_loss (&child, plies - 1))
        return TRUE;
    }
  return FALSE;
}

/* TRUE when the side to move has no move now, or every move lets the
 * opponent win within @plies - 1 plies. */
static gboolean
forced_loss (const DrWidePosition *pos,
             int                   plies)
{
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);

  dr_wide_generate (pos, list);
  if (list->n == 0)
    return TRUE;
  for (unsigned i = 0; i < list->n; i++)
    {
      DrWidePosition child;

      dr_wide_apply (&child, pos, &list->moves[i]);
      if (!forced_win (&child, plies - 1))
        return FALSE;
    }
  return TRUE;
}

static gboolean
same_move (const DrWideMove *a,
           const DrWideMove *b)
{
  return a->from == b->from && a->to == b->to && a->captures == b->captures;
}

/* Searches @fen on 12x12 to @depth; the result into @result. */
static void
search_fen (const char         *fen,
            int                 depth,
            DrWidePosition     *pos,
            DrWideSearchResult *result)
{
  g_autoptr (GError) error = NULL;
  DrWideSearchLimits lim = { .max_depth = depth };
  DrWideSearch *search = dr_wide_search_new (4);

  g_assert_nonnull (search);
  g_assert_true (dr_wide_fen_parse (12, fen, pos, &error));
  g_assert_no_error (error);
  g_assert_true (dr_wide_search_run (search, pos, &lim, result));
  dr_wide_search_free (search);
}

/* The best move of @pos must be the one @text names. */
static void
assert_best (const DrWidePosition *pos,
             const DrWideMove     *best,
             const char           *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);
  const DrWideMove *want;

  dr_wide_generate (pos, list);
  want = dr_wide_move_parse (pos, list, text, &error);
  g_assert_no_error (error);
  g_assert_true (same_move (best, want));
}

/* White gives a man on e7; d8 must take it and stop on f6 (d4 blocks the
 * way on over e5), and e5 takes f6 and h8: Black has no piece left.  The
 * win needs the capture after the horizon of a depth 1 search. */
#define COMBINATION_FEN "W:Wd4,e5,f6:Bd8,h8"

static void
test_search_combination_win (void)
{
  DrWidePosition pos, child;
  DrWideSearchResult result;
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);

  for (int depth = 1; depth <= 4; depth++)
    {
      search_fen (COMBINATION_FEN, depth, &pos, &result);
      g_assert_cmpint (result.score, ==, DR_SCORE_WIN - 3);
      assert_best (&pos, &result.best, "f6-e7");
    }
  /* Enumeration: a win in three plies, none in one, and f6-e7 wins. */
  g_assert_true (forced_win (&pos, 3));
  g_assert_false (forced_win (&pos, 1));
  dr_wide_apply (&child, &pos, &result.best);
  g_assert_true (forced_loss (&child, 2));
  dr_wide_generate (&child, list);
  g_assert_cmpuint (list->n, ==, 1);
}

/* The same combination with men far away: it wins two men for one. */
static void
test_search_combination_material (void)
{
  DrWidePosition pos, child, after;
  DrWideSearchResult result;
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);

  search_fen ("W:Wd4,e5,f6,k1:Bd8,h8,a11,c11", 6, &pos, &result);
  assert_best (&pos, &result.best, "f6-e7");
  g_assert_cmpint (result.score, >=, DR_SCORE_MAN);
  g_assert_cmpint (result.score, <, DR_SCORE_WON);
  /* By hand: Black's one reply takes one man, White's capture then two. */
  dr_wide_apply (&child, &pos, &result.best);
  dr_wide_generate (&child, list);
  g_assert_cmpuint (list->n, ==, 1);
  g_assert_cmpint (dr_wide_count (list->moves[0].captures), ==, 1);
  dr_wide_apply (&after, &child, &list->moves[0]);
  dr_wide_generate (&after, list);
  g_assert_cmpuint (list->n, ==, 1);
  g_assert_cmpint (dr_wide_count (list->moves[0].captures), ==, 2);
}

/* Kings on a1 and b2 against a man on f8: b2-a3 holds e7, a1 the long
 * diagonal through g7; whichever way the man goes it is taken. */
static void
test_search_king_endgame (void)
{
  DrWidePosition pos, child;
  DrWideSearchResult result;

  search_fen ("W:WKa1,Kb2:Bf8", 10, &pos, &result);
  g_assert_cmpint (result.score, ==, DR_SCORE_WIN - 3);
  /* A proven win ends the search before the depth asked. */
  g_assert_cmpint (result.depth, <, 10);
  g_assert_true (forced_win (&pos, 3));
  g_assert_false (forced_win (&pos, 1));
  dr_wide_apply (&child, &pos, &result.best);
  g_assert_true (forced_loss (&child, 2));
}

typedef struct
{
  int      last_depth;
  int      n_infos;
  uint64_t last_nodes;
} InfoLog;

static void
log_info (const DrWideSearchInfo *info,
          void                   *user_data)
{
  InfoLog *log = user_data;

  g_assert_cmpint (info->depth, ==, log->last_depth + 1);
  g_assert_cmpint (info->pv_length, >=, 1);
  g_assert_cmpuint (info->nodes, >=, log->last_nodes);
  log->last_depth = info->depth;
  log->last_nodes = info->nodes;
  log->n_infos++;
}

static void
test_search_limits (void)
{
  DrWidePosition pos;
  DrWideSearchResult result, again;
  DrWideSearch *search = dr_wide_search_new (4);
  InfoLog log = { 0 };
  DrWideSearchLimits by_depth = { .max_depth = 4, .info_func = log_info, .user_data = &log };
  DrWideSearchLimits by_nodes = { .max_nodes = 20000 };
  DrWideSearchLimits empty = { .max_depth = 3 };

  dr_wide_initial (&pos, 12);
  g_assert_true (dr_wide_search_run (search, &pos, &by_depth, &result));
  g_assert_cmpint (log.n_infos, ==, 4);
  g_assert_cmpint (result.depth, ==, 4);
  g_assert_cmpuint (result.nodes, ==, log.last_nodes);
  dr_wide_search_free (search);
  /* A fresh search repeats its node count. */
  search = dr_wide_search_new (4);
  g_assert_true (dr_wide_search_run (search, &pos, &empty, &again));
  dr_wide_search_free (search);
  search = dr_wide_search_new (4);
  g_assert_true (dr_wide_search_run (search, &pos, &empty, &result));
  g_assert_cmpuint (result.nodes, ==, again.nodes);
  g_assert_true (same_move (&result.best, &again.best));
  /* The node limit: stops on it, having completed some iterations. */
  g_assert_true (dr_wide_search_run (search, &pos, &by_nodes, &result));
  g_assert_cmpuint (result.nodes, <=, 20000);
  g_assert_cmpuint (result.nodes, >=, 20000);
  g_assert_cmpint (result.depth, >=, 3);
  /* No move (b2 blocked by a1 and c1): no search, the side to move has
   * lost. */
  g_assert_true (dr_wide_fen_parse (12, "B:Wa1,c1:Bb2", &pos, NULL));
  g_assert_false (dr_wide_search_run (search, &pos, &empty, &result));
  dr_wide_search_free (search);
}

/* Along seeded random games on each size, the best move at depth 3 is one
 * of the position's legal moves; a game's last position has none. */
static void
test_search_legal_best (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (2727);
  g_autofree DrWideMoveList *list = g_new0 (DrWideMoveList, 1);
  DrWideSearch *search = dr_wide_search_new (4);
  DrWideSearchLimits lim = { .max_depth = 3 };
  int searched = 0;

  for (int size = 8; size <= 12; size += 2)
    for (int game = 0; game < 4; game++)
      {
        DrWidePosition pos;

        dr_wide_initial (&pos, size);
        for (int ply = 0; ply < 300; ply++)
          {
            DrWideSearchResult result;
            gboolean found = FALSE;

            dr_wide_generate (&pos, list);
            if (list->n == 0)
              {
                g_assert_false (dr_wide_search_run (search, &pos, &lim, &result));
                break;
              }
            if (ply % 7 == 0)
              {
                g_assert_true (dr_wide_search_run (search, &pos, &lim, &result));
                for (unsigned i = 0; i < list->n && !found; i++)
                  found = same_move (&result.best, &list->moves[i])
                          && result.best.flags == list->moves[i].flags;
                g_assert_true (found);
                searched++;
              }
            dr_wide_apply (&pos, &pos, &list->moves[g_rand_int_range (rand, 0, (gint32) list->n)]);
          }
      }
  g_assert_cmpint (searched, >, 50);
  dr_wide_search_free (search);
}

static void
test_cli_analyse (void)
{
  g_autoptr (CliRun) run = cli_run ("analyse", "--variant", "canadian", "--notation", "algebraic",
                                    "--fen", COMBINATION_FEN, "--depth", "8", NULL);
  g_autoptr (CliRun) start = cli_run ("analyse", "--variant", "canadian", "--nodes", "5000", NULL);
  g_autoptr (CliRun) multipv = cli_run ("analyse", "--variant", "canadian", "--multipv", "2", NULL);
  g_auto (GStrv) lines = NULL;

  assert_success (run);
  /* Seen at depth 1 (the captures after the horizon), the win in three
   * plies is proven at depth 3, where the search stops. */
  lines = output_lines (run->out);
  g_assert_cmpuint (g_strv_length (lines), ==, 4);
  g_assert_true (g_str_has_prefix (lines[0], "info depth 1 seldepth 3 multipv 1 score win in 2 nodes "));
  g_assert_true (g_str_has_suffix (lines[0], " pv f6-e7 d8xf6 e5xi9"));
  g_assert_true (g_str_has_prefix (lines[2], "info depth 3 "));
  g_assert_cmpstr (lines[3], ==, "bestmove f6-e7");
  assert_success (start);
  g_assert_nonnull (strstr (start->out, "info depth 2 "));
  g_assert_true (g_str_has_prefix (strrchr (start->out, 'b'), "bestmove "));
  assert_refused (multipv, 1);
  g_assert_nonnull (strstr (multipv->err, "--variant canadian takes only"));
}

/* ---- 7. PDN ----------------------------------------------------------- */

static void
collect_problem (const GError *error,
                 gpointer      user_data)
{
  g_ptr_array_add (user_data, g_strdup (error->message));
}

/* A whole game of the search against itself (103 moves, Black wins), a
 * variation and a comment in it, and the king ending of
 * test_search_king_endgame in algebraic notation from a FEN tag. */
static void
test_pdn_games (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "canadian-games.pdn", NULL);
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (path, NULL, NULL, &error);
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  DrWidePdnCounts counts = { 0 };

  g_assert_no_error (error);
  dr_wide_pdn_check (reader, 12, &counts, collect_problem, problems);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (counts.games, ==, 2);
  /* 206 in the game, 4 in its variation, 3 in the ending. */
  g_assert_cmpuint (counts.moves, ==, 213);
  g_assert_cmpuint (counts.errors, ==, 0);
}

static void
test_pdn_errors (void)
{
  static const char text[] =
    "[GameType \"27\"]\n"
    "\n"
    "1. 44-37 26-33 2. 49-44 26-31 3. 46-39 *\n"
    "\n"
    "[GameType \"20\"]\n"
    "\n"
    "1. 32-28 *\n"
    "\n"
    "[FEN \"W:W73:B1\"]\n"
    "\n"
    "1. 44-37 *\n"
    "\n"
    "1. 44-37 (1. 45-38 19-99) 26-33 *\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (text, -1, "bad.pdn", NULL, NULL, &error);
  g_autoptr (GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  DrWidePdnCounts counts = { 0 };

  g_assert_no_error (error);
  dr_wide_pdn_check (reader, 12, &counts, collect_problem, problems);
  g_assert_cmpuint (problems->len, ==, 4);
  /* The move after the illegal one is not read. */
  g_assert_true (g_str_has_prefix (problems->pdata[0], "bad.pdn:3:25: "));
  g_assert_nonnull (strstr (problems->pdata[0], "26-31"));
  g_assert_nonnull (strstr (problems->pdata[0], " is not a legal move in B:W37,43-48,50-72:B1-25,27-30,33"));
  g_assert_true (g_str_has_prefix (problems->pdata[1], "bad.pdn:5:1: GameType "));
  g_assert_true (g_str_has_suffix (problems->pdata[1], " is not International rules on 12x12 (expected 27)"));
  g_assert_true (g_str_has_prefix (problems->pdata[2], "bad.pdn:9:1: FEN column 4: "));
  /* A game with a bad GameType or FEN is not replayed.  In the fourth, a
   * bad move in a variation is a problem, and the main line goes on. */
  g_assert_true (g_str_has_prefix (problems->pdata[3], "bad.pdn:13:20: "));
  g_assert_nonnull (strstr (problems->pdata[3], "19-99"));
  g_assert_cmpuint (counts.games, ==, 4);
  g_assert_cmpuint (counts.moves, ==, 3 + 3);
  g_assert_cmpuint (counts.errors, ==, 4);
}

static void
test_cli_pdn_check (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "canadian-games.pdn", NULL);
  g_autoptr (CliRun) run = cli_run ("pdn-check", "--variant", "canadian", path, NULL);

  assert_success (run);
  g_assert_cmpstr (run->out, ==, "games: 2, moves: 213, errors: 0\n");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (perft_cases); i++)
    g_test_add_data_func (perft_cases[i].path, &perft_cases[i], test_perft_case);
  g_test_add_func ("/wide/rules/001/start-and-numbering", test_start_and_numbering);
  g_test_add_func ("/wide/rules/004-2.5.1/majority", test_majority);
  g_test_add_func ("/wide/rules/004-1.5.2/king-flies", test_king_flies);
  g_test_add_func ("/wide/rules/004-1.5.6/king-must-go-on", test_king_must_go_on);
  g_test_add_func ("/wide/rules/004-1.6.3-diagram-6/turkish-strike", test_turkish_strike);
  g_test_add_func ("/wide/rules/004-1.5.9/no-double-jump", test_no_double_jump);
  g_test_add_func ("/wide/rules/004-2.5.2.1/promotion-passing", test_promotion_passing);
  for (guint i = 0; i < G_N_ELEMENTS (oracle_cases); i++)
    g_test_add_data_func (oracle_cases[i].path, &oracle_cases[i], test_oracle_case);
  g_test_add_data_func ("/wide/oracle/canadian/games", GINT_TO_POINTER (12), test_oracle_games);
  g_test_add_data_func ("/wide/oracle/international/games", GINT_TO_POINTER (10), test_oracle_games);
  g_test_add_data_func ("/wide/oracle/international-14x14/games", GINT_TO_POINTER (14), test_oracle_games);
  g_test_add_func ("/wide/fen/round-trip", test_fen_round_trip);
  g_test_add_func ("/wide/fen/errors", test_fen_errors);
  g_test_add_func ("/wide/move/text", test_move_text);
  g_test_add_func ("/wide/move/routes", test_move_text_routes);
  g_test_add_func ("/wide/search/combination-win", test_search_combination_win);
  g_test_add_func ("/wide/search/combination-material", test_search_combination_material);
  g_test_add_func ("/wide/search/004-1.8.1/king-endgame-win", test_search_king_endgame);
  g_test_add_func ("/wide/search/limits", test_search_limits);
  g_test_add_func ("/wide/search/legal-best-move", test_search_legal_best);
  g_test_add_func ("/wide/pdn/games", test_pdn_games);
  g_test_add_func ("/wide/pdn/errors", test_pdn_errors);
  if (g_getenv ("DRAUGHTSMAN_CLI") != NULL)
    {
      g_test_add_func ("/wide/cli/perft", test_cli_perft);
      g_test_add_func ("/wide/cli/moves-and-fen", test_cli_moves_and_fen);
      g_test_add_func ("/wide/cli/analyse", test_cli_analyse);
      g_test_add_func ("/wide/cli/pdn-check", test_cli_pdn_check);
    }
  return g_test_run ();
}
