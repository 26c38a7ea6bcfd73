/* dr-movegen-diag.h — move generator for the diagonal boards, as a template
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Included by dr-movegen.c once per variant family with these macros set
 * (the "poor man's template" of STYLE.md §4: every rule flag is a constant,
 * so the compiler drops the branches a variant does not need):
 *
 *   G(name)          prefixes the generated names
 *   HALF             playing squares per rank: 4 (8x8) or 5 (10x10)
 *   MAN_BACK         men capture backwards too
 *   MAN_TAKES_KING   men may capture kings
 *   FLY              kings move and capture any distance
 *   ORTHO            captures also along ranks and files (Frisian)
 *   PROMO            DR_PROMOTION_* for a man reaching the far row mid-capture
 *   CHOICE           DR_CAPTURE_* capture choice rule
 *   KING_RUNS        the Frisian king-move restriction
 *
 * and, where a variant needs them (both 0 unless defined):
 *
 *   SELF_CAPTURE     the mover's own pieces are captured too (Samoyed)
 *   DEMOTE           captured kings stay on the board as men (Northern):
 *                    the captures that take a king carry DR_MOVE_DEMOTES
 *
 * and undefines them again at the end.
 *
 * Captures are found by depth-first search over landing squares.  Captured
 * pieces stay on the board until the move ends (004 1.5.7, 1.5.12, 003
 * 3.4.6, 000 1.19): they are no longer capturable but still block, so the
 * "Turkish strike" needs no extra code and a piece is never jumped twice
 * (004 1.5.9).  The
 * moving piece's own square counts as empty, so a king may cross or end on
 * it.
 */

#ifndef SELF_CAPTURE
#define SELF_CAPTURE 0
#endif
#ifndef DEMOTE
#define DEMOTE 0
#endif

#define P        (2 * HALF + 3)  /* bits per pair of ranks */
#define D1       (HALF + 1)      /* one diagonal step down (towards White) */
#define D2       (HALF + 2)      /* the other diagonal step down */
#define SQUARES  (HALF == 5 ? UINT64_C (0x7DF3EF9F7CFBE7DF) : UINT64_C (0x000003DE7BCF79EF))
#define ROW0     ((UINT64_C (1) << HALF) - 1)
#define ROWLAST  (ROW0 << ((HALF - 1) * P + HALF + 1))
/* Bit for "jump @j took a king" in a king pattern: earlier jumps weigh more. */
#define KING_AT(j) (UINT32_C (1) << (DR_MAX_JUMPS - 1 - (j)))

static inline int64_t
G (score) (const DrGenCtx *c,
           DrBitboard      caps,
           uint32_t        king_pattern)
{
  int n = dr_bb_count (caps);
  int kings = dr_bb_count (caps & c->opp_kings);

  switch (CHOICE)
    {
    case DR_CAPTURE_MOST_PIECES:
      return n;
    case DR_CAPTURE_MOST_THEN_KINGS:
      return n * 32 + kings;
    case DR_CAPTURE_ITALIAN:
      /* FID rules: most pieces; then by a king; then most kings; then the
       * capture that meets a king first, comparing the kinds of the
       * captured pieces in capture order (kings before men). */
      return ((int64_t) n << 32) | ((int64_t) c->by_king << 31) | ((int64_t) kings << 24)
             | king_pattern;
    case DR_CAPTURE_KING_FIRST:
      return c->by_king;
    case DR_CAPTURE_FRISIAN:
      /* KNDB art. 11-12: the highest value, then by a king. */
      return dr_frisian_capture_value (n - kings, kings) * 2 + c->by_king;
    case DR_CAPTURE_FREE:
    default:
      return 0;
    }
}

static void
G (emit) (DrGenCtx  *c,
          int        to,
          DrBitboard caps,
          int        n_jumps,
          uint32_t   king_pattern,
          unsigned   flags)
{
  DrMoveList *list = c->list;

  if (CHOICE != DR_CAPTURE_FREE)
    {
      int64_t score = G (score) (c, caps, king_pattern);
      if (score < c->best)
        return;
      if (score > c->best)
        {
          c->best = score;
          list->n = 0;
        }
    }
  if (DEMOTE && (caps & c->opp_kings) != 0)
    flags |= DR_MOVE_DEMOTES;
  _dr_move_list_add_capture (list, c->from, to, caps, n_jumps,
                             flags | (c->by_king ? DR_MOVE_BY_KING : 0), c->path);
}

static bool G (king_capture) (DrGenCtx  *c,
                              int        sq,
                              DrBitboard caps,
                              int        n_jumps,
                              uint32_t   king_pattern,
                              int        last_dir,
                              bool       skip_same,
                              unsigned   flags);
static bool G (man_capture)  (DrGenCtx  *c,
                              int        sq,
                              DrBitboard caps,
                              int        n_jumps,
                              uint32_t   king_pattern);

/* A king's capture in direction @d (a constant once inlined) from @sq.
 * Returns whether there is one; emits every capture it completes. */
static inline __attribute__ ((always_inline)) bool
G (king_dir) (DrGenCtx  *c,
              int        sq,
              int        d,
              DrBitboard caps,
              int        n_jumps,
              uint32_t   king_pattern,
              unsigned   flags)
{
  DrBitboard b = dr_bb_shift ((DrBitboard) 1 << sq, d);
  DrBitboard land;
  uint32_t fk;

  if (FLY)
    while (b & c->empty)
      b = dr_bb_shift (b, d);
  if ((b & c->opp & ~caps) == 0)
    return false;
  land = dr_bb_shift (b, d) & c->empty;
  if (land == 0)
    return false;
  fk = king_pattern | ((b & c->opp_kings) ? KING_AT (n_jumps) : 0);
  caps |= b;
  if (FLY)
    {
      /* A flying king may land on any free square beyond the piece, but
       * must take one from which the capture goes on, if there is one
       * (004 1.5.6, 003 3.3).  Going on in the same direction from a later
       * landing square repeats the route from the first one (Scan's
       * duplicate pruning), so only the first tries it. */
      bool goes_on = false;

      for (DrBitboard l = land; l != 0; l = dr_bb_shift (l, d) & c->empty)
        {
          int to = dr_bb_first (l);
          c->path[n_jumps] = (uint8_t) to;
          if (G (king_capture) (c, to, caps, n_jumps + 1, fk, d, l != land, flags))
            goes_on = true;
        }
      if (!goes_on)
        for (DrBitboard l = land; l != 0; l = dr_bb_shift (l, d) & c->empty)
          {
            int to = dr_bb_first (l);
            c->path[n_jumps] = (uint8_t) to;
            G (emit) (c, to, caps, n_jumps + 1, fk, flags);
          }
    }
  else
    {
      int to = dr_bb_first (land);
      c->path[n_jumps] = (uint8_t) to;
      if (!G (king_capture) (c, to, caps, n_jumps + 1, fk, d, false, flags))
        G (emit) (c, to, caps, n_jumps + 1, fk, flags);
    }
  return true;
}

/* Captures by a king (or a man crowned mid-capture in Russian) standing on
 * @sq after @n_jumps jumps that took @caps.  Returns whether any capture
 * goes on from @sq; every completed capture is emitted.  Turning back is
 * impossible (the piece just taken still blocks), so -@last_dir is not
 * tried; nor is @last_dir itself from a later landing square (@skip_same). */
static bool
G (king_capture) (DrGenCtx  *c,
                  int        sq,
                  DrBitboard caps,
                  int        n_jumps,
                  uint32_t   king_pattern,
                  int        last_dir,
                  bool       skip_same,
                  unsigned   flags)
{
  bool found = false;

#define KING_DIR(d)                                                          \
  if ((d) != -last_dir && !(skip_same && (d) == last_dir))                   \
    found |= G (king_dir) (c, sq, (d), caps, n_jumps, king_pattern, flags)
  KING_DIR (-D2);
  KING_DIR (-D1);
  KING_DIR (D1);
  KING_DIR (D2);
  if (ORTHO)
    {
      KING_DIR (-1);
      KING_DIR (1);
      KING_DIR (-P);
      KING_DIR (P);
    }
#undef KING_DIR
  return found;
}

/* Can a man on @sq jump again, after taking @caps?  The quick test that
 * spares most single captures a recursive call. */
static inline bool
G (man_may_jump) (const DrGenCtx *c,
                  int             sq,
                  DrBitboard      caps)
{
  DrBitboard b = (DrBitboard) 1 << sq;
  DrBitboard t = (MAN_TAKES_KING ? c->opp : c->opp & ~c->opp_kings) & ~caps;
  DrBitboard r = 0;

#define JUMP_TO(d) dr_bb_shift (dr_bb_shift (b, (d)) & t, (d))
  if (MAN_BACK || c->side == DR_SIDE_WHITE)
    r |= JUMP_TO (-D2) | JUMP_TO (-D1);
  if (MAN_BACK || c->side == DR_SIDE_BLACK)
    r |= JUMP_TO (D1) | JUMP_TO (D2);
  if (ORTHO)
    r |= JUMP_TO (-1) | JUMP_TO (1) | JUMP_TO (-P) | JUMP_TO (P);
#undef JUMP_TO
  return (r & c->empty) != 0;
}

/* A man's jump in direction @d (a constant once inlined) from @sq. */
static inline __attribute__ ((always_inline)) bool
G (man_dir) (DrGenCtx  *c,
             int        sq,
             int        d,
             DrBitboard caps,
             int        n_jumps,
             uint32_t   king_pattern)
{
  DrBitboard takeable = (MAN_TAKES_KING ? c->opp : c->opp & ~c->opp_kings) & ~caps;
  DrBitboard over = dr_bb_shift ((DrBitboard) 1 << sq, d) & takeable;
  int land = sq + 2 * d;
  uint32_t fk;

  if (over == 0 || (dr_bb_shift (over, d) & c->empty) == 0)
    return false;
  caps |= over;
  fk = king_pattern | ((over & c->opp_kings) ? KING_AT (n_jumps) : 0);
  c->path[n_jumps] = (uint8_t) land;
  if (dr_bb_has (c->promo, land))
    {
      if (PROMO == DR_PROMOTION_ENDS_MOVE)
        G (emit) (c, land, caps, n_jumps + 1, fk, DR_MOVE_PROMOTES);
      else if (PROMO == DR_PROMOTION_GOES_ON_AS_KING)
        {
          if (!G (king_capture) (c, land, caps, n_jumps + 1, fk, d, false, DR_MOVE_PROMOTES))
            G (emit) (c, land, caps, n_jumps + 1, fk, DR_MOVE_PROMOTES);
        }
      else if (G (man_may_jump) (c, land, caps))
        G (man_capture) (c, land, caps, n_jumps + 1, fk);
      else
        G (emit) (c, land, caps, n_jumps + 1, fk, DR_MOVE_PROMOTES);
    }
  else if (G (man_may_jump) (c, land, caps))
    G (man_capture) (c, land, caps, n_jumps + 1, fk);
  else
    G (emit) (c, land, caps, n_jumps + 1, fk, 0);
  return true;
}

/* Captures by a man on @sq after @n_jumps jumps that took @caps: forward
 * (towards row 0 for White), backward where the variant allows, and along
 * ranks and files in Frisian (KNDB art. 7). */
static bool
G (man_capture) (DrGenCtx  *c,
                 int        sq,
                 DrBitboard caps,
                 int        n_jumps,
                 uint32_t   king_pattern)
{
  bool found = false;

  if (MAN_BACK || c->side == DR_SIDE_WHITE)
    {
      found |= G (man_dir) (c, sq, -D2, caps, n_jumps, king_pattern);
      found |= G (man_dir) (c, sq, -D1, caps, n_jumps, king_pattern);
    }
  if (MAN_BACK || c->side == DR_SIDE_BLACK)
    {
      found |= G (man_dir) (c, sq, D1, caps, n_jumps, king_pattern);
      found |= G (man_dir) (c, sq, D2, caps, n_jumps, king_pattern);
    }
  if (ORTHO)
    {
      found |= G (man_dir) (c, sq, -1, caps, n_jumps, king_pattern);
      found |= G (man_dir) (c, sq, 1, caps, n_jumps, king_pattern);
      found |= G (man_dir) (c, sq, -P, caps, n_jumps, king_pattern);
      found |= G (man_dir) (c, sq, P, caps, n_jumps, king_pattern);
    }
  return found;
}

/* Men with a piece to take next to them in direction @d and a free square
 * behind it. */
#define CAN_JUMP(men, takeable, empty, d) \
  ((men) & dr_bb_shift ((takeable) & dr_bb_shift ((empty), -(d)), -(d)))

/* Men of @pos's side to move that can start a capture. */
static inline DrBitboard
G (capturing_men) (const DrPosition *pos)
{
  int us = pos->turn;
  DrBitboard empty = SQUARES & ~(pos->pieces[0] | pos->pieces[1]);
  DrBitboard men = pos->pieces[us] & ~pos->kings;
  DrBitboard opp = SELF_CAPTURE ? pos->pieces[0] | pos->pieces[1] : pos->pieces[1 - us];
  DrBitboard takeable = MAN_TAKES_KING ? opp : opp & ~pos->kings;
  DrBitboard movers = 0;

  if (MAN_BACK || us == DR_SIDE_WHITE)
    movers |= CAN_JUMP (men, takeable, empty, -D2) | CAN_JUMP (men, takeable, empty, -D1);
  if (MAN_BACK || us == DR_SIDE_BLACK)
    movers |= CAN_JUMP (men, takeable, empty, D1) | CAN_JUMP (men, takeable, empty, D2);
  if (ORTHO)
    movers |= CAN_JUMP (men, takeable, empty, -1) | CAN_JUMP (men, takeable, empty, 1)
              | CAN_JUMP (men, takeable, empty, -P) | CAN_JUMP (men, takeable, empty, P);
  return movers;
}

/* Every capture of @pos into @list (which the caller has emptied).  Kept
 * out of line: most positions have none, and the quick test in
 * G (captures) below spares them this function's frame. */
static __attribute__ ((noinline)) void
G (captures_found) (const DrPosition *pos,
                    DrMoveList       *list,
                    DrBitboard        movers)
{
  DrGenCtx c;
  int us = pos->turn;
  DrBitboard own = pos->pieces[us];
  DrBitboard empty = SQUARES & ~(pos->pieces[0] | pos->pieces[1]);
  DrBitboard men = own & ~pos->kings;
  DrBitboard kings = own & pos->kings;
  DrBitboard takeable;

  /* Samoyed: every piece but the mover, set per mover below. */
  c.opp = SELF_CAPTURE ? pos->pieces[0] | pos->pieces[1] : pos->pieces[1 - us];
  c.opp_kings = c.opp & pos->kings;
  takeable = MAN_TAKES_KING ? c.opp : c.opp & ~c.opp_kings;
  c.list = list;
  c.side = us;
  c.best = -1;
  c.promo = us == DR_SIDE_WHITE ? ROW0 : ROWLAST;
  c.by_king = 0;
  if (movers != 0)
    {
      /* The first jump, direction by direction for all men at once; the
       * mover's own square is free for the rest of its route. */
#define FIRST_JUMPS(d)                                                       \
  for (DrBitboard m = CAN_JUMP (men, takeable, empty, (d)); m != 0; m = dr_bb_rest (m)) \
    {                                                                        \
      c.from = dr_bb_first (m);                                              \
      c.empty = empty | ((DrBitboard) 1 << c.from);                          \
      if (SELF_CAPTURE)                                                      \
        {                                                                    \
          c.opp = (own | pos->pieces[1 - us]) & ~c.empty;                    \
          c.opp_kings = c.opp & pos->kings;                                  \
        }                                                                    \
      G (man_dir) (&c, c.from, (d), 0, 0, 0);                                \
    }
      if (MAN_BACK || us == DR_SIDE_WHITE)
        {
          FIRST_JUMPS (-D2);
          FIRST_JUMPS (-D1);
        }
      if (MAN_BACK || us == DR_SIDE_BLACK)
        {
          FIRST_JUMPS (D1);
          FIRST_JUMPS (D2);
        }
      if (ORTHO)
        {
          FIRST_JUMPS (-1);
          FIRST_JUMPS (1);
          FIRST_JUMPS (-P);
          FIRST_JUMPS (P);
        }
#undef FIRST_JUMPS
    }
  c.by_king = 1;
  for (; kings != 0; kings = dr_bb_rest (kings))
    {
      c.from = dr_bb_first (kings);
      c.empty = empty | dr_bb_bit (c.from);
      if (SELF_CAPTURE)
        {
          c.opp = (own | pos->pieces[1 - us]) & ~c.empty;
          c.opp_kings = c.opp & pos->kings;
        }
      G (king_capture) (&c, c.from, 0, 0, 0, 0, false, 0);
    }
}

static inline void
G (captures) (const DrPosition *pos,
              DrMoveList       *list)
{
  DrBitboard movers = G (capturing_men) (pos);

  if ((movers | (pos->pieces[pos->turn] & pos->kings)) != 0)
    G (captures_found) (pos, list, movers);
}

static inline void
G (add_quiet) (DrMoveList *list,
               int         from,
               int         to,
               unsigned    flags)
{
  DrMove *m;

  if (list->n >= DR_MAX_MOVES)
    {
      list->overflow = true;
      return;
    }
  m = &list->moves[list->n++];
  m->captures = 0;
  m->from = (uint8_t) from;
  m->to = (uint8_t) to;
  m->n_jumps = 0;
  m->flags = (uint8_t) flags;
}

/* Kings that may make a quiet move: in Frisian, not the king that already
 * made three quiet moves in a row while its side still has men. */
static inline DrBitboard
G (free_kings) (const DrPosition *pos)
{
  int us = pos->turn;
  DrBitboard kings = pos->pieces[us] & pos->kings;

  if (KING_RUNS && (pos->pieces[us] & ~pos->kings) != 0
      && pos->king_run_length[us] >= 3)
    kings &= ~dr_bb_bit (pos->king_run_square[us]);
  return kings;
}

static void
G (quiet) (const DrPosition *pos,
           DrMoveList       *list)
{
  int us = pos->turn;
  DrBitboard empty = SQUARES & ~(pos->pieces[0] | pos->pieces[1]);
  DrBitboard men = pos->pieces[us] & ~pos->kings;
  DrBitboard promo = us == DR_SIDE_WHITE ? ROW0 : ROWLAST;

#define MEN_STEP(d)                                                          \
  for (DrBitboard t = dr_bb_shift (men, (d)) & empty; t != 0; t = dr_bb_rest (t)) \
    {                                                                        \
      int to = dr_bb_first (t);                                              \
      G (add_quiet) (list, to - (d), to, dr_bb_has (promo, to) ? DR_MOVE_PROMOTES : 0); \
    }
  if (us == DR_SIDE_WHITE)
    {
      MEN_STEP (-D2);
      MEN_STEP (-D1);
    }
  else
    {
      MEN_STEP (D1);
      MEN_STEP (D2);
    }
#undef MEN_STEP
  for (DrBitboard kings = G (free_kings) (pos); kings != 0; kings = dr_bb_rest (kings))
    {
      int from = dr_bb_first (kings);

      /* Kings move along diagonals only, Frisian kings too. */
#define KING_STEP(d)                                                         \
  for (DrBitboard t = dr_bb_shift ((DrBitboard) 1 << from, (d)) & empty; t != 0; \
       t = FLY ? dr_bb_shift (t, (d)) & empty : 0)                          \
    G (add_quiet) (list, from, dr_bb_first (t), DR_MOVE_BY_KING)
      KING_STEP (-D2);
      KING_STEP (-D1);
      KING_STEP (D1);
      KING_STEP (D2);
#undef KING_STEP
    }
}

static void
G (generate) (const DrPosition *pos,
              DrMoveList       *list)
{
  list->n = 0;
  list->overflow = false;
  G (captures) (pos, list);
  if (list->n == 0)
    G (quiet) (pos, list);
}

/* The number of legal moves, without writing quiet moves out (perft's
 * bulk counting). */
static unsigned
G (count) (const DrPosition *pos,
           DrMoveList       *scratch)
{
  int us = pos->turn;
  DrBitboard empty, men, kings;
  unsigned n = 0;

  scratch->n = 0;
  scratch->overflow = false;
  G (captures) (pos, scratch);
  if (scratch->n != 0)
    return scratch->n;

  empty = SQUARES & ~(pos->pieces[0] | pos->pieces[1]);
  men = pos->pieces[us] & ~pos->kings;
  kings = G (free_kings) (pos);
  if (us == DR_SIDE_WHITE)
    n = (unsigned) (dr_bb_count (dr_bb_shift (men, -D1) & empty)
                    + dr_bb_count (dr_bb_shift (men, -D2) & empty));
  else
    n = (unsigned) (dr_bb_count (dr_bb_shift (men, D1) & empty)
                    + dr_bb_count (dr_bb_shift (men, D2) & empty));
  if (kings != 0)
    {
      /* Every free square on every ray, one ray step at a time for all
       * kings at once. */
#define KING_RAYS(d)                                                         \
  for (DrBitboard b = dr_bb_shift (kings, (d)) & empty; b != 0;             \
       b = FLY ? dr_bb_shift (b, (d)) & empty : 0)                          \
    n += (unsigned) dr_bb_count (b)
      KING_RAYS (-D2);
      KING_RAYS (-D1);
      KING_RAYS (D1);
      KING_RAYS (D2);
#undef KING_RAYS
    }
  return n;
}

/* Has the side to move a capture?  Only the first jump is looked for: a
 * capture that can start can be completed, and the choice rule only picks
 * among captures.  Men as in G (capturing_men); kings a ray at a time for
 * all of them at once, as in G (count). */
static bool
G (has_capture) (const DrPosition *pos)
{
  int us = pos->turn;
  DrBitboard empty, opp, kings;

  if (G (capturing_men) (pos) != 0)
    return true;
  kings = pos->pieces[us] & pos->kings;
  if (kings == 0)
    return false;
  empty = SQUARES & ~(pos->pieces[0] | pos->pieces[1]);
  opp = SELF_CAPTURE ? pos->pieces[0] | pos->pieces[1] : pos->pieces[1 - us];
  /* The first piece each king meets along the ray (a flying king passes
   * free squares); a capture if it is the opponent's with a free square
   * behind it. */
#define KING_TAKES(d)                                                        \
  do                                                                         \
    {                                                                        \
      DrBitboard met = 0;                                                    \
      for (DrBitboard b = dr_bb_shift (kings, (d)); b != 0;                 \
           b = FLY ? dr_bb_shift (b & empty, (d)) : 0)                      \
        met |= b & opp;                                                      \
      if ((dr_bb_shift (met, (d)) & empty) != 0)                             \
        return true;                                                         \
    }                                                                        \
  while (0)
  KING_TAKES (-D2);
  KING_TAKES (-D1);
  KING_TAKES (D1);
  KING_TAKES (D2);
  if (ORTHO)
    {
      KING_TAKES (-1);
      KING_TAKES (1);
      KING_TAKES (-P);
      KING_TAKES (P);
    }
#undef KING_TAKES
  return false;
}

/* Has the side to move a quiet move, capture compulsion aside?  The
 * squares G (quiet) would list, tested instead of listed. */
static bool
G (has_quiet) (const DrPosition *pos)
{
  int us = pos->turn;
  DrBitboard empty = SQUARES & ~(pos->pieces[0] | pos->pieces[1]);
  DrBitboard men = pos->pieces[us] & ~pos->kings;
  DrBitboard kings = G (free_kings) (pos);
  DrBitboard to;

  if (us == DR_SIDE_WHITE)
    to = dr_bb_shift (men, -D2) | dr_bb_shift (men, -D1);
  else
    to = dr_bb_shift (men, D1) | dr_bb_shift (men, D2);
  to |= dr_bb_shift (kings, -D2) | dr_bb_shift (kings, -D1)
        | dr_bb_shift (kings, D1) | dr_bb_shift (kings, D2);
  return (to & empty) != 0;
}

static DrMovesKind
G (moves_kind) (const DrPosition *pos)
{
  if (G (has_capture) (pos))
    return DR_MOVES_CAPTURE;
  return G (has_quiet) (pos) ? DR_MOVES_QUIET : DR_MOVES_NONE;
}

/* Copy-make for perft: pieces and side to move only.  Perft reads no hash
 * (Scan's Pos::succ keeps none either), so it skips the Zobrist update;
 * Frisian needs its king-run counters for legality and uses the full one. */
static inline void
G (succ) (DrPosition       *child,
          const DrPosition *pos,
          const DrMove     *move)
{
  int us = pos->turn;
  DrBitboard from = (DrBitboard) 1 << move->from;
  DrBitboard to = (DrBitboard) 1 << move->to;
  bool king = (pos->kings & from) != 0 || (move->flags & DR_MOVE_PROMOTES) != 0;

  if (KING_RUNS)
    {
      dr_position_apply (child, pos, move);
      return;
    }
  child->pieces[us] = (pos->pieces[us] & ~from & (SELF_CAPTURE ? ~move->captures : ~(DrBitboard) 0)) | to;
  child->pieces[us ^ 1] = (pos->pieces[us ^ 1] & ~move->captures)
                          | (DEMOTE ? move->captures & pos->kings & pos->pieces[us ^ 1] : 0);
  child->kings = (pos->kings & ~from & ~move->captures) | (king ? to : 0);
  child->turn = (uint8_t) (us ^ 1);
}

/* Perft for this variant: the generator, the counting and copy-make all
 * inline in one loop (dr-perft.c calls it through DrRules.perft).  Needs
 * @depth >= 2 and lists[0..depth]. */
static uint64_t
G (perft) (const DrPosition *pos,
           int               depth,
           DrMoveList       *lists)
{
  DrMoveList *list = &lists[depth];
  uint64_t nodes = 0;

  G (generate) (pos, list);
  if (depth == 2)
    {
      for (unsigned i = 0; i < list->n; i++)
        {
          DrPosition child;

          G (succ) (&child, pos, &list->moves[i]);
          nodes += G (count) (&child, &lists[1]);
        }
      return nodes;
    }
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;

      G (succ) (&child, pos, &list->moves[i]);
      nodes += G (perft) (&child, depth - 1, lists);
    }
  return nodes;
}

#undef P
#undef D1
#undef D2
#undef SQUARES
#undef ROW0
#undef ROWLAST
#undef CAN_JUMP
#undef KING_AT
#undef G
#undef HALF
#undef MAN_BACK
#undef MAN_TAKES_KING
#undef FLY
#undef ORTHO
#undef PROMO
#undef CHOICE
#undef KING_RUNS
#undef SELF_CAPTURE
#undef DEMOTE
