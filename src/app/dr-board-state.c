/* dr-board-state.c — what the board shows and how clicks become moves
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A move is entered by clicking a piece and then its destination (or by
 * dragging).  Legality always comes from the move generator.  When several
 * captures lead from the piece to the destination, the squares the capture
 * turns on can be clicked first, or the route is chosen from a menu
 * (::choose-route); when only one legal move fits, one click plays it.  A
 * click that fits no legal move is answered with the reason in words
 * (::illegal), taken from the notation module's explanations.
 */

#define G_LOG_DOMAIN "dr-board-state"

#include "config.h"

#include "dr-board-state.h"

#include "dr-bitboard.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-stack.h"

#include <glib/gi18n.h>
#include <string.h>

struct _DrBoardState
{
  GObject        parent_instance;
  const DrRules *rules;
  DrPosition     position;
  DrMove         last_move;
  gboolean       has_last_move;
  gboolean       flipped;
  int            selected;
  GArray        *route;           /* int: turning squares clicked so far */
  gboolean       setup;
  DrSetupTool    tool;
  gboolean       beneath;         /* setup in the tower games: at the bottom */
  int            arrow_from;
  int            arrow_to;
  DrMoveList    *routes;          /* every route of every legal move */
  DrWideBoard    must_capture;    /* shown after a click on a piece that may not move */
};

G_DEFINE_FINAL_TYPE (DrBoardState, dr_board_state, G_TYPE_OBJECT)

enum
{
  CHANGED,
  MOVE,
  CHOOSE_ROUTE,
  ILLEGAL,
  POSITION_EDITED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
changed (DrBoardState *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
dr_board_state_finalize (GObject *object)
{
  DrBoardState *self = DR_BOARD_STATE (object);

  g_clear_pointer (&self->route, g_array_unref);
  g_clear_pointer (&self->routes, g_free);
  G_OBJECT_CLASS (dr_board_state_parent_class)->finalize (object);
}

static void
dr_board_state_class_init (DrBoardStateClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dr_board_state_finalize;

  /* Anything drawn changed. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A legal move was entered: (const DrMove *). */
  signals[MOVE] = g_signal_new ("move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* Several moves fit: (GPtrArray of const DrMove *) to choose from with
   * dr_board_state_choose(). */
  signals[CHOOSE_ROUTE] = g_signal_new ("choose-route", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /* Not a legal move: (const char *reason). */
  signals[ILLEGAL] = g_signal_new ("illegal", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* Setup mode: the position was edited. */
  signals[POSITION_EDITED] = g_signal_new ("position-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dr_board_state_init (DrBoardState *self)
{
  self->rules = &dr_rules_international;
  dr_rules_initial (self->rules, &self->position);
  self->selected = -1;
  self->route = g_array_new (FALSE, FALSE, sizeof (int));
  self->routes = g_new0 (DrMoveList, 1);
  self->arrow_from = self->arrow_to = -1;
  self->tool = DR_SETUP_WHITE_MAN;
}

DrBoardState *
dr_board_state_new (void)
{
  return g_object_new (DR_TYPE_BOARD_STATE, NULL);
}

static void
regenerate (DrBoardState *self)
{
  self->routes->all_paths = TRUE;
  dr_movegen_legal (self->rules, &self->position, self->routes);
}

void
dr_board_state_set_position (DrBoardState     *self,
                             const DrRules    *rules,
                             const DrPosition *position,
                             const DrMove     *last_move)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));
  g_return_if_fail (rules != NULL && position != NULL);

  self->rules = rules;
  self->position = *position;
  self->has_last_move = last_move != NULL;
  if (last_move != NULL)
    self->last_move = *last_move;
  self->selected = -1;
  g_array_set_size (self->route, 0);
  self->arrow_from = self->arrow_to = -1;
  self->must_capture = 0;
  regenerate (self);
  changed (self);
}

const DrRules *
dr_board_state_get_rules (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), NULL);
  return self->rules;
}

const DrPosition *
dr_board_state_get_position (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), NULL);
  return &self->position;
}

const DrMove *
dr_board_state_get_last_move (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), NULL);
  return self->has_last_move ? &self->last_move : NULL;
}

void
dr_board_state_set_flipped (DrBoardState *self,
                            gboolean      flipped)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));
  if (self->flipped == !!flipped)
    return;
  self->flipped = !!flipped;
  changed (self);
}

gboolean
dr_board_state_get_flipped (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), FALSE);
  return self->flipped;
}

int
dr_board_state_get_selected (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), -1);
  return self->selected;
}

/* Do the turning squares clicked so far lie on @m's route, in order? */
static gboolean
route_consistent (DrBoardState *self,
                  const DrMove *m)
{
  guint k = 0;

  for (int i = 0; i + 1 < m->n_jumps && k < self->route->len; i++)
    if (m->path[i] == g_array_index (self->route, int, k))
      k++;
  return k == self->route->len;
}

DrWideBoard
dr_board_state_get_targets (DrBoardState *self)
{
  DrWideBoard targets = 0;

  g_return_val_if_fail (DR_IS_BOARD_STATE (self), 0);

  if (self->selected < 0)
    return 0;
  for (unsigned i = 0; i < self->routes->n; i++)
    {
      const DrMove *m = &self->routes->moves[i];
      if (m->from == self->selected && route_consistent (self, m))
        targets |= dr_wide_bit (m->to);
    }
  return targets;
}

DrWideBoard
dr_board_state_get_route (DrBoardState *self)
{
  DrWideBoard route = 0;

  g_return_val_if_fail (DR_IS_BOARD_STATE (self), 0);

  for (guint i = 0; i < self->route->len; i++)
    route |= dr_wide_bit (g_array_index (self->route, int, i));
  return route;
}

void
dr_board_state_clear_selection (DrBoardState *self)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));

  if (self->selected < 0 && self->route->len == 0)
    return;
  self->selected = -1;
  g_array_set_size (self->route, 0);
  changed (self);
}

static gboolean
has_moves_from (DrBoardState *self,
                int           square)
{
  for (unsigned i = 0; i < self->routes->n; i++)
    if (self->routes->moves[i].from == square)
      return TRUE;
  return FALSE;
}

static void
illegal (DrBoardState *self,
         const char   *reason)
{
  g_signal_emit (self, signals[ILLEGAL], 0, reason);
}

/* The reason a move from @from to @to is not legal, in words. */
static void
explain (DrBoardState *self,
         int           from,
         int           to)
{
  char a[8], b[8];
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  DrMove move;

  dr_notation_square (self->rules, from, self->rules->notation, a);
  dr_notation_square (self->rules, to, self->rules->notation, b);
  text = g_strdup_printf ("%s-%s", a, b);
  if (!dr_move_parse (self->rules, &self->position, NULL, text, &move, &error))
    illegal (self, error->message);
}

/* Why the piece on @square, of the side to move, may not move: a capture
 * elsewhere is compulsory (the pieces that may make it are marked), or it
 * has nowhere to go. */
static void
explain_immobile (DrBoardState *self,
                  int           square)
{
  DrWideBoard capturers = 0;
  g_autoptr (GString) squares = g_string_new (NULL);
  guint n = 0;

  for (unsigned i = 0; i < self->routes->n; i++)
    if (self->routes->moves[i].captures != 0)
      capturers |= dr_wide_bit (self->routes->moves[i].from);
  if (capturers == 0)
    {
      g_autofree char *text = NULL;
      char name[8];

      dr_notation_square (self->rules, square, self->rules->notation, name);
      text = g_strdup_printf (_("The piece on %s cannot move."), name);
      illegal (self, text);
      return;
    }
  for (DrWideBoard b = capturers; b != 0; b &= b - 1, n++)
    {
      char name[8];

      dr_notation_square (self->rules, dr_wide_first (b), self->rules->notation, name);
      g_string_append_printf (squares, "%s%s", n > 0 ? ", " : "", name);
    }
  self->must_capture = capturers;
  changed (self);
  {
    /* Translators: %s is one square ("28") or a list of them ("28, 33"). */
    g_autofree char *text = g_strdup_printf (ngettext ("A capture is compulsory: the piece on %s must capture.",
                                                       "A capture is compulsory: one of the pieces on %s must capture.",
                                                       n), squares->str);
    illegal (self, text);
  }
}

/* The squares of @side's pieces, Canadian's bits 64-71 included
 * (dr-wide-rules.h: in `under` when no tower is on the board). */
static DrWideBoard
side_squares (const DrPosition *pos,
              DrSide            side)
{
  DrWideBoard b = pos->pieces[side];

  if (pos->under_run == 0)
    b |= (DrWideBoard) ((pos->under >> (8 * side)) & 0xff) << 64;
  return b;
}

/* The pieces the side to move may move: its own, and in Stavropol
 * draughts the opponent's too (dr-rules.c). */
static DrWideBoard
movable_pieces (DrBoardState *self)
{
  DrSide us = (DrSide) self->position.turn;

  if (self->rules->foreign_moves)
    return side_squares (&self->position, DR_SIDE_WHITE) | side_squares (&self->position, DR_SIDE_BLACK);
  return side_squares (&self->position, us);
}

static DrClickResult
select_square (DrBoardState *self,
               int           square)
{
  DrSide us = (DrSide) self->position.turn;

  if (!dr_wide_has (movable_pieces (self), square))
    {
      if (dr_position_get (&self->position, square) != DR_PIECE_NONE)
        {
          illegal (self, us == DR_SIDE_WHITE ? _("That is a black piece; White is to move.")
                                             : _("That is a white piece; Black is to move."));
          return DR_CLICK_ILLEGAL;
        }
      dr_board_state_clear_selection (self);
      return DR_CLICK_NOTHING;
    }
  if (!has_moves_from (self, square))
    {
      explain_immobile (self, square);
      return DR_CLICK_ILLEGAL;
    }
  self->selected = square;
  g_array_set_size (self->route, 0);
  changed (self);
  return DR_CLICK_SELECTED;
}

static void
emit_move (DrBoardState *self,
           const DrMove *move)
{
  DrMove copy = *move;

  self->selected = -1;
  g_array_set_size (self->route, 0);
  changed (self);
  g_signal_emit (self, signals[MOVE], 0, &copy);
}

static DrClickResult
setup_edited (DrBoardState *self)
{
  regenerate (self);
  changed (self);
  g_signal_emit (self, signals[POSITION_EDITED], 0);
  return DR_CLICK_EDITED;
}

/* The tower games: @tower (top first, @n pieces) on @square, or the edit
 * refused with the reason when the position's words cannot hold it
 * (dr-position.h: 32 pieces beneath the tops in all, beyond any legal
 * position's 23). */
static DrClickResult
setup_put_tower (DrBoardState  *self,
                 int            square,
                 const DrPiece *tower,
                 int            n)
{
  if (!dr_stack_set (&self->position, square, tower, n))
    {
      g_signal_emit (self, signals[ILLEGAL], 0,
                     _("No room for another piece beneath: the towers may hold 32 pieces beneath their tops in all"));
      return DR_CLICK_ILLEGAL;
    }
  return setup_edited (self);
}

static DrClickResult
setup_click (DrBoardState *self,
             int           square,
             gboolean      cycle,
             gboolean      beneath)
{
  static const DrPiece order[] = {
    DR_PIECE_NONE, DR_PIECE_WHITE_MAN, DR_PIECE_WHITE_KING, DR_PIECE_BLACK_MAN, DR_PIECE_BLACK_KING,
  };
  static const DrPiece tools[] = {
    [DR_SETUP_WHITE_MAN] = DR_PIECE_WHITE_MAN, [DR_SETUP_WHITE_KING] = DR_PIECE_WHITE_KING,
    [DR_SETUP_BLACK_MAN] = DR_PIECE_BLACK_MAN, [DR_SETUP_BLACK_KING] = DR_PIECE_BLACK_KING,
    [DR_SETUP_ERASE] = DR_PIECE_NONE,
  };
  DrPiece tower[DR_STACK_MAX + 2];
  DrPiece now, next;
  int n;

  if (square < 0)
    return DR_CLICK_NOTHING;
  now = dr_position_get (&self->position, square);
  next = tools[self->tool];
  if (!self->rules->towers)
    {
      /* A second click with the same piece, or a right click, goes on to
       * the next piece: man, king, the other colour's man and king,
       * nothing. */
      if (cycle || (now == next && next != DR_PIECE_NONE))
        {
          guint i = 0;
          while (order[i] != now)
            i++;
          next = order[(i + 1) % G_N_ELEMENTS (order)];
        }
      dr_position_put (&self->position, square, next);
      return setup_edited (self);
    }

  /* The tower games: the palette works on one end of the square's tower,
   * its top, or with Beneath (or Shift) its bottom. */
  n = dr_stack_get (&self->position, square, tower);
  if (beneath && !cycle)
    {
      if (next == DR_PIECE_NONE)
        {
          if (n == 0)
            return DR_CLICK_NOTHING;
          n--;                  /* the bottom piece taken away */
        }
      else
        tower[n++] = next;      /* put under the tower, at the bottom */
      return setup_put_tower (self, square, tower, n);
    }
  /* The top replaced, the same piece again (or a right click) going on to
   * the next, and past the black king to nothing; the eraser or nothing
   * takes the top off, and the piece below it commands. */
  if (cycle || (now == next && next != DR_PIECE_NONE))
    {
      guint i = 0;
      while (order[i] != now)
        i++;
      next = order[(i + 1) % G_N_ELEMENTS (order)];
    }
  if (next != DR_PIECE_NONE)
    {
      tower[0] = next;
      n = MAX (n, 1);
    }
  else if (n > 0)
    {
      memmove (tower, tower + 1, (gsize) (n - 1) * sizeof tower[0]);
      n--;
    }
  else
    return DR_CLICK_NOTHING;
  return setup_put_tower (self, square, tower, n);
}

static DrClickResult click (DrBoardState *self, int square);

DrClickResult
dr_board_state_click (DrBoardState *self,
                      int           square)
{
  DrWideBoard shown = self->must_capture;
  DrClickResult result;

  g_return_val_if_fail (DR_IS_BOARD_STATE (self), DR_CLICK_NOTHING);

  /* The pieces that must capture are marked until the next click. */
  self->must_capture = 0;
  result = click (self, square);
  if (shown != 0 && self->must_capture == 0)
    changed (self);
  return result;
}

/* The pieces that must capture, marked after a click on a piece that may
 * not move because a capture elsewhere is compulsory; 0 otherwise. */
DrWideBoard
dr_board_state_get_must_capture (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), 0);
  return self->must_capture;
}

static DrClickResult
click (DrBoardState *self,
       int           square)
{
  g_autoptr (GPtrArray) ends = NULL;
  g_autoptr (GPtrArray) distinct = NULL;
  gboolean turning = FALSE;

  if (self->setup)
    return setup_click (self, square, FALSE, self->beneath);
  if (square < 0)
    {
      dr_board_state_clear_selection (self);
      return DR_CLICK_NOTHING;
    }
  if (self->selected < 0)
    return select_square (self, square);

  /* The moves of the selected piece that end here and fit the route. */
  ends = g_ptr_array_new ();
  for (unsigned i = 0; i < self->routes->n; i++)
    {
      const DrMove *m = &self->routes->moves[i];

      if (m->from != self->selected || !route_consistent (self, m))
        continue;
      if (m->to == square)
        g_ptr_array_add (ends, (gpointer) m);
      for (int j = 0; j + 1 < m->n_jumps; j++)
        if (m->path[j] == square)
          turning = TRUE;
    }
  if (square == self->selected && ends->len == 0 && self->route->len == 0)
    {
      dr_board_state_clear_selection (self);
      return DR_CLICK_NOTHING;
    }
  distinct = g_ptr_array_new ();
  for (guint i = 0; i < ends->len; i++)
    {
      gboolean seen = FALSE;
      for (guint j = 0; j < distinct->len && !seen; j++)
        seen = dr_move_same (distinct->pdata[j], ends->pdata[i]);
      if (!seen)
        g_ptr_array_add (distinct, ends->pdata[i]);
    }
  if (distinct->len == 1)
    {
      emit_move (self, distinct->pdata[0]);
      return DR_CLICK_MOVED;
    }
  if (distinct->len > 1 && !turning)
    {
      g_signal_emit (self, signals[CHOOSE_ROUTE], 0, distinct);
      return DR_CLICK_CHOOSE;
    }
  if (turning)
    {
      /* A square the capture turns on: it narrows the routes. */
      g_array_append_val (self->route, square);
      changed (self);
      return DR_CLICK_SELECTED;
    }
  if (dr_wide_has (movable_pieces (self), square))
    return select_square (self, square);
  explain (self, self->selected, square);
  return DR_CLICK_ILLEGAL;
}

DrClickResult
dr_board_state_drop (DrBoardState *self,
                     int           from,
                     int           to)
{
  DrClickResult r;

  g_return_val_if_fail (DR_IS_BOARD_STATE (self), DR_CLICK_NOTHING);

  if (self->setup)
    {
      /* Moving a piece in setup mode: take it up, put it down; a tower
       * moves whole, replacing what stood there. */
      DrPiece tower[DR_STACK_MAX + 2];
      int n;

      if (from < 0 || to < 0 || from == to)
        return DR_CLICK_NOTHING;
      n = dr_stack_get (&self->position, from, tower);
      dr_position_put (&self->position, from, DR_PIECE_NONE);
      if (n <= 1)
        dr_position_put (&self->position, to, n == 1 ? tower[0] : DR_PIECE_NONE);
      else
        /* It fits: no more pieces beneath than before, and the run word
         * has a bit for every square besides (dr-position.h). */
        (void) dr_stack_set (&self->position, to, tower, n);
      return setup_edited (self);
    }
  if (from != self->selected)
    {
      r = select_square (self, from);
      if (r != DR_CLICK_SELECTED)
        return r;
    }
  if (to == from)
    return DR_CLICK_SELECTED;
  return dr_board_state_click (self, to);
}

void
dr_board_state_choose (DrBoardState *self,
                       const DrMove *move)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));
  g_return_if_fail (move != NULL);

  emit_move (self, move);
}

DrClickResult
dr_board_state_secondary_click (DrBoardState *self,
                                int           square)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), DR_CLICK_NOTHING);

  if (!self->setup)
    {
      dr_board_state_clear_selection (self);
      return DR_CLICK_NOTHING;
    }
  return setup_click (self, square, TRUE, FALSE);
}

void
dr_board_state_set_setup_mode (DrBoardState *self,
                               gboolean      setup)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));

  self->setup = !!setup;
  self->selected = -1;
  g_array_set_size (self->route, 0);
  self->has_last_move = FALSE;
  changed (self);
}

gboolean
dr_board_state_get_setup_mode (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), FALSE);
  return self->setup;
}

void
dr_board_state_set_setup_tool (DrBoardState *self,
                               DrSetupTool   tool)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));
  self->tool = tool;
}

DrSetupTool
dr_board_state_get_setup_tool (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), DR_SETUP_WHITE_MAN);
  return self->tool;
}

void
dr_board_state_set_setup_beneath (DrBoardState *self,
                                  gboolean      beneath)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));
  self->beneath = !!beneath;
}

gboolean
dr_board_state_get_setup_beneath (DrBoardState *self)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), FALSE);
  return self->beneath;
}

DrClickResult
dr_board_state_beneath_click (DrBoardState *self,
                              int           square)
{
  g_return_val_if_fail (DR_IS_BOARD_STATE (self), DR_CLICK_NOTHING);

  if (!self->setup)
    return dr_board_state_click (self, square);
  self->must_capture = 0;
  return setup_click (self, square, FALSE, TRUE);
}

void
dr_board_state_set_side_to_move (DrBoardState *self,
                                 DrSide        side)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));

  dr_position_set_turn (&self->position, side);
  regenerate (self);
  changed (self);
  g_signal_emit (self, signals[POSITION_EDITED], 0);
}

void
dr_board_state_clear_board (DrBoardState *self)
{
  DrSide turn;

  g_return_if_fail (DR_IS_BOARD_STATE (self));

  turn = (DrSide) self->position.turn;
  dr_position_clear (&self->position);
  dr_position_set_turn (&self->position, turn);
  regenerate (self);
  changed (self);
  g_signal_emit (self, signals[POSITION_EDITED], 0);
}

void
dr_board_state_set_arrow (DrBoardState *self,
                          int           from,
                          int           to)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));

  if (self->arrow_from == from && self->arrow_to == to)
    return;
  self->arrow_from = from;
  self->arrow_to = to;
  changed (self);
}

void
dr_board_state_get_arrow (DrBoardState *self,
                          int          *from,
                          int          *to)
{
  g_return_if_fail (DR_IS_BOARD_STATE (self));
  *from = self->arrow_from;
  *to = self->arrow_to;
}

int
dr_board_layout_square_at (const DrGeometry *geometry,
                           gboolean          flipped,
                           double            size,
                           double            x,
                           double            y)
{
  double cell = size / geometry->width;
  int column, row;

  if (size <= 0 || x < 0 || y < 0 || x >= size || y >= size)
    return -1;
  column = (int) (x / cell);
  row = (int) (y / cell);
  if (column >= geometry->width || row >= geometry->height)
    return -1;
  /* Unflipped, White is at the bottom: column = file, row counts down
   * from the top rank. */
  if (flipped)
    return dr_geometry_bit_at_xy (geometry, geometry->width - 1 - column, row);
  return dr_geometry_bit_at_xy (geometry, column, geometry->height - 1 - row);
}

void
dr_board_layout_cell (const DrGeometry *geometry,
                      gboolean          flipped,
                      int               square,
                      int              *column,
                      int              *row)
{
  int x, y;

  if (!dr_geometry_xy (geometry, square, &x, &y))
    {
      *column = *row = -1;
      return;
    }
  *column = flipped ? geometry->width - 1 - x : x;
  *row = flipped ? y : geometry->height - 1 - y;
}
