/* dr-move-list-view.c — the game as text: moves, variations, comments
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The main line flows as running text with move numbers; each variation
 * starts a new paragraph, indented by its depth, in brackets; comments are
 * in italics and glyphs follow their move.  A click on a move goes there;
 * the current move is highlighted and scrolled into view.  The tree is
 * walked with an explicit stack, as the PDN writer does.
 */

#define G_LOG_DOMAIN "dr-move-list"

#include "config.h"

#include "dr-move-list-view.h"

#include "dr-clock.h"
#include "dr-marks.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <adwaita.h>

typedef struct
{
  int         start;
  int         end;
  DrGameNode *node;
} MoveRange;

struct _DrMoveListView
{
  GtkTextView  parent_instance;
  DrGameModel *model;
  gulong       changed_handler;
  DrNotation   notation;
  GArray      *ranges;         /* MoveRange, in text order */
  GtkTextTag  *tag_move;
  GtkTextTag  *tag_current;
  GtkTextTag  *tag_comment;
  GtkTextTag  *tag_clock;
  GtkTextTag  *tag_number;
  GPtrArray   *depth_tags;     /* GtkTextTag per variation depth */
  GtkTextMark *current_mark;
};

G_DEFINE_FINAL_TYPE (DrMoveListView, dr_move_list_view, GTK_TYPE_TEXT_VIEW)

enum
{
  MENU,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The position's assessments (NAGs 10-19) as written after a move. */
static const char *
position_nag_text (guint8 nag)
{
  switch (nag)
    {
    case 10: return "=";
    case 11: return "=";
    case 12: return "=";
    case 13: return "∞";
    case 14: return "+=";
    case 15: return "=+";
    case 16: return "±";
    case 17: return "∓";
    case 18: return "+−";
    case 19: return "−+";
    default: return NULL;
    }
}

static const char *const glyphs[] = { "", "!", "?", "!!", "??", "!?", "?!" };

static gboolean
dark_style (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* Colours of the text that stand out from the view's background in the
 * light and in the dark style alike (GNOME palette). */
static const char *
variation_color (void)
{
  return dark_style () ? "#c0bfbc" : "#3d3846";
}

static void
update_colors (DrMoveListView *self)
{
  gboolean dark = dark_style ();

  for (guint i = 1; i < self->depth_tags->len; i++)
    g_object_set (self->depth_tags->pdata[i], "foreground", variation_color (), NULL);
  g_object_set (self->tag_comment, "foreground", dark ? "#8ff0a4" : "#1f7a4d", NULL);
  g_object_set (self->tag_number, "foreground", dark ? "#9a9996" : "#6e6d72", NULL);
  g_object_set (self->tag_clock, "foreground", dark ? "#9a9996" : "#6e6d72", NULL);
}

static GtkTextTag *
depth_tag (DrMoveListView *self,
           guint       depth)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self));

  while (self->depth_tags->len <= depth)
    {
      GtkTextTag *tag = gtk_text_buffer_create_tag (buffer, NULL,
                                                    "left-margin", 12 + 18 * (int) self->depth_tags->len,
                                                    "scale", self->depth_tags->len > 0 ? 0.92 : 1.0,
                                                    NULL);
      g_ptr_array_add (self->depth_tags, tag);
      if (self->depth_tags->len > 1)
        g_object_set (tag, "foreground", variation_color (), NULL);
    }
  return self->depth_tags->pdata[depth];
}

static void
insert (DrMoveListView *self,
        const char *text,
        guint       depth,
        GtkTextTag *tag)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self));
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (buffer, &end);
  gtk_text_buffer_insert_with_tags (buffer, &end, text, -1, depth_tag (self, depth), tag, NULL);
}

static int
end_offset (DrMoveListView *self)
{
  GtkTextIter end;

  gtk_text_buffer_get_end_iter (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self)), &end);
  return gtk_text_iter_get_offset (&end);
}

/* The text of @comment without the arrows and marks (dr-marks.h), which
 * the board shows, and without the clock's times (dr-clock.h), which come
 * after the move in *@clock (NULL when the comment gives none for
 * @mover); NULL when nothing else is in it. */
static char *
comment_text (const DrRules *rules,
              const char    *comment,
              DrSide         mover,
              char         **clock)
{
  g_autofree char *marked = NULL;
  char *text = NULL;
  DrClockTimes times;

  if (clock != NULL)
    *clock = NULL;
  if (comment == NULL)
    return NULL;
  g_array_unref (dr_marks_from_comment (rules, comment, &marked));
  if (marked == NULL)
    return NULL;
  if (dr_clock_times_from_comment (marked, mover, &times, &text, NULL))
    {
      if (clock != NULL && times.known[mover])
        *clock = dr_clock_format_time (times.remaining[mover]);
      return text;
    }
  g_free (text);
  return g_steal_pointer (&marked);
}

/* Writes @node's move: number where needed, move, glyph, comments. */
static gboolean
write_move (DrMoveListView *self,
            DrGameNode *node,
            guint       depth,
            gboolean    restate)
{
  DrGame *game = dr_game_model_get_game (self->model);
  const DrRules *rules = game->rules;
  const DrPosition *before = &node->parent->position;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autofree char *text = NULL;
  gboolean first_player = before->turn == rules->first_side;
  gboolean opens_turn;
  guint number = dr_game_node_move_number (game, node, &opens_turn);  /* two-move: a turn of two */
  g_autofree char *clock = NULL;
  g_autofree char *after = comment_text (rules, node->comment_after, (DrSide) before->turn, &clock);
  MoveRange range;
  DrNag glyph;

  if (node->comment_before != NULL)
    {
      insert (self, node->comment_before, depth, self->tag_comment);
      insert (self, " ", depth, NULL);
      restate = TRUE;
    }
  if (opens_turn || restate)
    {
      /* A no-break space: the number stays on the line of its move. */
      g_autofree char *n = g_strdup_printf (first_player ? "%u.\u00a0" : "%u…\u00a0", number);
      insert (self, n, depth, self->tag_number);
    }
  dr_movegen_legal (rules, before, legal);
  text = dr_move_to_text (rules, legal, &node->move, self->notation);
  glyph = dr_game_node_get_glyph (node);
  range.start = end_offset (self);
  insert (self, text, depth, self->tag_move);
  if (glyph >= DR_NAG_GOOD && glyph <= DR_NAG_DUBIOUS)
    insert (self, glyphs[glyph], depth, self->tag_move);
  for (guint i = 0; node->nags != NULL && i < node->nags->len; i++)
    {
      const char *assessment = position_nag_text (g_array_index (node->nags, guint8, i));
      if (assessment != NULL)
        {
          insert (self, " ", depth, NULL);
          insert (self, assessment, depth, self->tag_move);
        }
    }
  range.end = end_offset (self);
  range.node = node;
  g_array_append_val (self->ranges, range);
  insert (self, " ", depth, NULL);
  if (clock != NULL)
    {
      /* The mover's time left after the move ([%clock], dr-clock.h). */
      insert (self, clock, depth, self->tag_clock);
      insert (self, " ", depth, NULL);
    }
  if (after != NULL)
    {
      insert (self, after, depth, self->tag_comment);
      insert (self, " ", depth, NULL);
      return TRUE;
    }
  return FALSE;
}

typedef struct
{
  DrGameNode *node;      /* the line to write from */
  guint       depth;
  gboolean    variation; /* opens a bracket */
  gboolean    close;     /* only closes a bracket */
} Step;

static void
rebuild (DrMoveListView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self));
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Step));
  DrGame *game = dr_game_model_get_game (self->model);
  Step first = { game->root->children, 0, FALSE, FALSE };
  g_autofree char *opening = comment_text (game->rules, game->root->comment_after,
                                          (DrSide) game->root->position.turn, NULL);

  gtk_text_buffer_set_text (buffer, "", 0);
  g_array_set_size (self->ranges, 0);
  if (opening != NULL)
    {
      insert (self, opening, 0, self->tag_comment);
      insert (self, "\n", 0, NULL);
    }
  if (first.node != NULL)
    g_array_append_val (stack, first);
  while (stack->len > 0)
    {
      Step s = g_array_index (stack, Step, stack->len - 1);
      DrGameNode *node = s.node;
      gboolean restate = TRUE;

      g_array_set_size (stack, stack->len - 1);
      if (s.close)
        {
          insert (self, ")\n", s.depth, NULL);
          continue;
        }
      if (s.variation)
        insert (self, "(", s.depth, NULL);
      while (node != NULL)
        {
          restate = write_move (self, node, s.depth, restate);
          if (node->parent->children == node && node->next != NULL)
            {
              /* Alternatives: each on its own indented line, then the
               * main line goes on on a new line. */
              Step cont = { node->children, s.depth, FALSE, FALSE };
              guint n = 0;

              if (node->children != NULL)
                g_array_append_val (stack, cont);
              for (DrGameNode *v = node->next; v != NULL; v = v->next)
                n++;
              for (guint i = n; i > 0; i--)
                {
                  DrGameNode *v = node->next;
                  Step close = { NULL, s.depth + 1, FALSE, TRUE };
                  Step line;

                  for (guint k = 1; k < i; k++)
                    v = v->next;
                  line = (Step) { v, s.depth + 1, TRUE, FALSE };
                  g_array_append_val (stack, close);
                  g_array_append_val (stack, line);
                }
              insert (self, "\n", s.depth, NULL);
              break;
            }
          node = node->children;
        }
    }
  {
    const char *result = dr_result_to_string (game->result, game->rules);
    if (game->result != DR_RESULT_UNKNOWN)
      insert (self, result, 0, self->tag_number);
  }
}

static void
highlight_current (DrMoveListView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self));
  DrGameNode *current = dr_game_model_get_current (self->model);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag (buffer, self->tag_current, &start, &end);
  for (guint i = 0; i < self->ranges->len; i++)
    {
      MoveRange *r = &g_array_index (self->ranges, MoveRange, i);
      if (r->node != current)
        continue;
      gtk_text_buffer_get_iter_at_offset (buffer, &start, r->start);
      gtk_text_buffer_get_iter_at_offset (buffer, &end, r->end);
      gtk_text_buffer_apply_tag (buffer, self->tag_current, &start, &end);
      gtk_text_buffer_move_mark (buffer, self->current_mark, &start);
      gtk_text_view_scroll_mark_onscreen (GTK_TEXT_VIEW (self), self->current_mark);
      return;
    }
}

static void
model_changed_cb (DrMoveListView *self,
                  DrGameModel *model)
{
  rebuild (self);
  highlight_current (self);
}

DrGameNode *
dr_move_list_view_node_at_offset (DrMoveListView *self,
                             int         offset)
{
  g_return_val_if_fail (DR_IS_MOVE_LIST_VIEW (self), NULL);

  for (guint i = 0; i < self->ranges->len; i++)
    {
      MoveRange *r = &g_array_index (self->ranges, MoveRange, i);
      if (offset >= r->start && offset < r->end)
        return r->node;
    }
  return NULL;
}

gboolean
dr_move_list_view_get_range (DrMoveListView *self,
                             DrGameNode     *node,
                             int            *start,
                             int            *end)
{
  g_return_val_if_fail (DR_IS_MOVE_LIST_VIEW (self), FALSE);

  for (guint i = 0; i < self->ranges->len; i++)
    {
      MoveRange *r = &g_array_index (self->ranges, MoveRange, i);
      if (r->node == node)
        {
          if (start != NULL)
            *start = r->start;
          if (end != NULL)
            *end = r->end;
          return TRUE;
        }
    }
  return FALSE;
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            DrMoveListView  *self)
{
  GtkTextIter iter;
  int bx, by;
  DrGameNode *node;

  if (self->model == NULL)
    return;
  gtk_text_view_window_to_buffer_coords (GTK_TEXT_VIEW (self), GTK_TEXT_WINDOW_WIDGET,
                                         (int) x, (int) y, &bx, &by);
  node = NULL;
  if (gtk_text_view_get_iter_at_location (GTK_TEXT_VIEW (self), &iter, bx, by))
    node = dr_move_list_view_node_at_offset (self, gtk_text_iter_get_offset (&iter));
  if (node != NULL)
    dr_game_model_go_to (self->model, node);
  /* The right button: the menu of what can be done to that move (the
   * text view's own menu of copy and select would not help here). */
  if (gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture)) == GDK_BUTTON_SECONDARY)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      g_signal_emit (self, signals[MENU], 0, x, y);
    }
}

static void
dr_move_list_view_dispose (GObject *object)
{
  DrMoveListView *self = DR_MOVE_LIST_VIEW (object);

  if (self->model != NULL)
    g_clear_signal_handler (&self->changed_handler, self->model);
  g_clear_object (&self->model);
  G_OBJECT_CLASS (dr_move_list_view_parent_class)->dispose (object);
}

static void
dr_move_list_view_finalize (GObject *object)
{
  DrMoveListView *self = DR_MOVE_LIST_VIEW (object);

  g_clear_pointer (&self->ranges, g_array_unref);
  g_clear_pointer (&self->depth_tags, g_ptr_array_unref);
  G_OBJECT_CLASS (dr_move_list_view_parent_class)->finalize (object);
}

static void
dr_move_list_view_class_init (DrMoveListViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dr_move_list_view_dispose;
  object_class->finalize = dr_move_list_view_finalize;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "movelist");

  /**
   * DrMoveListView::menu:
   * @x: where, in the view
   * @y:
   *
   * The right button was pressed (on a move, which is then the current
   * one): the window shows its menu there.
   */
  signals[MENU] = g_signal_new ("menu", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                G_TYPE_NONE, 2, G_TYPE_DOUBLE, G_TYPE_DOUBLE);
}

static void
dr_move_list_view_init (DrMoveListView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self));
  GtkGesture *click = gtk_gesture_click_new ();
  GtkTextIter start;

  self->notation = DR_NOTATION_NUMERIC;
  self->ranges = g_array_new (FALSE, FALSE, sizeof (MoveRange));
  self->depth_tags = g_ptr_array_new ();
  self->tag_move = gtk_text_buffer_create_tag (buffer, "move", "weight", PANGO_WEIGHT_SEMIBOLD, NULL);
  self->tag_current = gtk_text_buffer_create_tag (buffer, "current", "background", "#1c71d8",
                                                  "foreground", "#ffffff", NULL);
  self->tag_comment = gtk_text_buffer_create_tag (buffer, "comment", "style", PANGO_STYLE_ITALIC,
                                                  "foreground", "#26a269", NULL);
  self->tag_number = gtk_text_buffer_create_tag (buffer, "number", "foreground", "#77767b", NULL);
  self->tag_clock = gtk_text_buffer_create_tag (buffer, "clock", "foreground", "#77767b", "scale", PANGO_SCALE_SMALL,
                                                "font-features", "tnum", NULL);
  /* Light and dark styles: the colours follow. */
  update_colors (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (update_colors), self,
                           G_CONNECT_SWAPPED);
  gtk_text_buffer_get_start_iter (buffer, &start);
  self->current_mark = gtk_text_buffer_create_mark (buffer, NULL, &start, TRUE);

  gtk_text_view_set_editable (GTK_TEXT_VIEW (self), FALSE);
  /* Ctrl+Z and Ctrl+Shift+Z are the window's undo and redo of edits to
   * the game, also when the move list has the focus. */
  gtk_text_buffer_set_enable_undo (buffer, FALSE);
  gtk_text_view_set_cursor_visible (GTK_TEXT_VIEW (self), FALSE);
  gtk_text_view_set_wrap_mode (GTK_TEXT_VIEW (self), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_top_margin (GTK_TEXT_VIEW (self), 8);
  gtk_text_view_set_bottom_margin (GTK_TEXT_VIEW (self), 8);
  gtk_text_view_set_right_margin (GTK_TEXT_VIEW (self), 8);
  gtk_text_view_set_pixels_below_lines (GTK_TEXT_VIEW (self), 2);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
dr_move_list_view_new (void)
{
  return g_object_new (DR_TYPE_MOVE_LIST_VIEW, NULL);
}

void
dr_move_list_view_set_model (DrMoveListView *self,
                        DrGameModel *model)
{
  g_return_if_fail (DR_IS_MOVE_LIST_VIEW (self));

  if (self->model != NULL)
    g_clear_signal_handler (&self->changed_handler, self->model);
  g_set_object (&self->model, model);
  if (model != NULL)
    {
      self->changed_handler = g_signal_connect_swapped (model, "changed", G_CALLBACK (model_changed_cb), self);
      model_changed_cb (self, model);
    }
}

void
dr_move_list_view_set_notation (DrMoveListView *self,
                           DrNotation  notation)
{
  g_return_if_fail (DR_IS_MOVE_LIST_VIEW (self));

  self->notation = notation;
  if (self->model != NULL)
    model_changed_cb (self, self->model);
}

char *
dr_move_list_view_get_text (DrMoveListView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}
