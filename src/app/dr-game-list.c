/* dr-game-list.c — the games of a file, in a sortable, searchable list
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over a list model of its own (DrGameRows below): the
 * games' tags and lengths are read once, a search or a sort is worked out
 * at once in plain arrays, and the view is told of the change in steps
 * that keep the main loop free (a file of ten thousand games is listed,
 * searched and sorted without holding it for more than a few tens of
 * milliseconds).  Selecting a row (a click, the arrow keys)
 * is choosing that game: ::game-activated tells the window, which shows
 * the game and calls dr_game_list_set_current() back.
 */

#define G_LOG_DOMAIN "dr-game-list"

#include "config.h"

#include "dr-game-list.h"

#include <glib/gi18n.h>

#include <string.h>

/* --- one game ------------------------------------------------------------ */

enum
{
  COLUMN_NUMBER,
  COLUMN_WHITE,
  COLUMN_BLACK,
  COLUMN_EVENT,
  COLUMN_DATE,
  COLUMN_RESULT,
  COLUMN_MOVES,
  N_COLUMNS
};

/* The text columns, in GameInfo.text. */
#define N_TEXTS (COLUMN_RESULT + 1)

/* What the list shows and searches of a game, read once (a plain struct:
 * a file may hold tens of thousands). */
typedef struct
{
  guint    index;
  guint    moves;            /* full moves of the main line */
  char    *text[N_TEXTS];    /* [COLUMN_WHITE .. COLUMN_RESULT]; [0] unused */
  char    *keys[N_TEXTS];    /* collation keys, made when first sorted */
  char    *haystack;         /* what the search looks in, case-folded
                                (made when first searched) */
  char    *site, *round;     /* searched, not shown */
} GameInfo;

static void
game_info_free (gpointer data)
{
  GameInfo *self = data;

  for (guint i = 0; i < N_TEXTS; i++)
    {
      g_free (self->text[i]);
      g_free (self->keys[i]);
    }
  g_free (self->haystack);
  g_free (self->site);
  g_free (self->round);
  g_free (self);
}

static const char *
tag_or_empty (const DrGame *game,
              const char   *name)
{
  const char *value = dr_game_get_tag (game, name);

  /* PDN's unknown values ("?", "????.??.??") say nothing. */
  if (value == NULL || strspn (value, "?.-") == strlen (value))
    return "";
  return value;
}

static GameInfo *
game_info_new (guint         index,
               const DrGame *game)
{
  GameInfo *self = g_new0 (GameInfo, 1);
  const char *result = dr_game_get_tag (game, "Result");

  self->index = index;
  self->moves = (dr_game_main_line_length (game) + 1) / 2;
  self->text[COLUMN_WHITE] = g_strdup (tag_or_empty (game, "White"));
  self->text[COLUMN_BLACK] = g_strdup (tag_or_empty (game, "Black"));
  self->text[COLUMN_EVENT] = g_strdup (tag_or_empty (game, "Event"));
  self->text[COLUMN_DATE] = g_strdup (tag_or_empty (game, "Date"));
  self->text[COLUMN_RESULT] = g_strdup (result != NULL && strcmp (result, "*") != 0 ? result : "");
  self->site = g_strdup (tag_or_empty (game, "Site"));
  self->round = g_strdup (tag_or_empty (game, "Round"));
  return self;
}

static const char *
game_info_haystack (GameInfo *self)
{
  if (self->haystack == NULL)
    {
      g_autofree char *joined = g_strjoin ("\n", self->text[COLUMN_WHITE], self->text[COLUMN_BLACK],
                                           self->text[COLUMN_EVENT], self->site, self->text[COLUMN_DATE],
                                           self->round, NULL);
      self->haystack = g_utf8_casefold (joined, -1);
    }
  return self->haystack;
}

/* Does anything the list shows or searches differ between @a and @b? */
static gboolean
game_info_same (const GameInfo *a,
                const GameInfo *b)
{
  if (a->moves != b->moves || g_strcmp0 (a->site, b->site) != 0 || g_strcmp0 (a->round, b->round) != 0)
    return FALSE;
  for (guint i = COLUMN_WHITE; i < N_TEXTS; i++)
    if (g_strcmp0 (a->text[i], b->text[i]) != 0)
      return FALSE;
  return TRUE;
}

static const char *
game_info_key (GameInfo *self,
               guint     column)
{
  if (self->keys[column] == NULL)
    self->keys[column] = g_utf8_collate_key (self->text[column], -1);
  return self->keys[column];
}

/* --- a row --------------------------------------------------------------- */

/* The items of the list are its rows, not its games: the row at a place
 * stays the same object whatever game it shows, and its cells (labels
 * the column view made for it, if it is on screen) are told of another
 * game by setting their text.  GTK 4.8's column view makes new cell
 * widgets for every new item it keeps alive (some 200 around the visible
 * rows, about 0.3 ms to make or destroy a row here), so a search, a sort
 * or another file showing new games in the same rows would otherwise
 * hold the main loop for 50 to 90 ms on a long list. */
#define DR_TYPE_GAME_ROW (dr_game_row_get_type ())
G_DECLARE_FINAL_TYPE (DrGameRow, dr_game_row, DR, GAME_ROW, GObject)

struct _DrGameRow
{
  GObject   parent_instance;
  GameInfo *game;                   /* borrowed from DrGameRows.games; NULL: none */
  GtkInscription *cells[N_COLUMNS]; /* bound to this row, or NULL */
  guint     n_cells;                /* how many are */
  gboolean  stale;                  /* the cells show another game */
};

G_DEFINE_FINAL_TYPE (DrGameRow, dr_game_row, G_TYPE_OBJECT)

static void
dr_game_row_class_init (DrGameRowClass *klass)
{
}

static void
dr_game_row_init (DrGameRow *self)
{
}

static void
cell_show (GtkInscription *cell,
           guint           column,
           const GameInfo *game)
{
  char number[16];

  if (game == NULL)
    {
      gtk_inscription_set_text (cell, NULL);
      return;
    }
  switch (column)
    {
    case COLUMN_NUMBER:
      g_snprintf (number, sizeof number, "%u", game->index + 1);
      gtk_inscription_set_text (cell, number);
      break;
    case COLUMN_MOVES:
      g_snprintf (number, sizeof number, "%u", game->moves);
      gtk_inscription_set_text (cell, number);
      break;
    default:
      gtk_inscription_set_text (cell, game->text[column]);
      break;
    }
}

static void
dr_game_row_refresh (DrGameRow *self)
{
  for (guint column = 0; column < N_COLUMNS; column++)
    if (self->cells[column] != NULL)
      cell_show (self->cells[column], column, self->game);
  self->stale = FALSE;
}

/* Shows @game; @now: in the cells at once, else they are marked stale
 * (the row is off screen: they are refreshed from an idle).  Returns
 * whether the row has stale cells. */
static gboolean
dr_game_row_set_game (DrGameRow *self,
                      GameInfo  *game,
                      gboolean   now)
{
  if (self->game != game)
    {
      self->game = game;
      self->stale = self->n_cells > 0;
    }
  if (self->stale && now)
    dr_game_row_refresh (self);
  return self->stale;
}

/* --- the rows: the games the search lets through, sorted ----------------- */

/* A GListModel of DrGameRow over all the games; which game each row shows
 * is worked out at once in plain arrays (a search is a strstr per game, a
 * sort a qsort of indices over keys made once per column).  GTK 4.8's
 * incremental filter and sort models, chained, held the main loop for 60
 * to 200 ms at a time on 10,000 games.
 *
 * Rows are added to the view and taken from it a few at a time where the
 * view has widgets for them (new rows from an idle, STEP_ROWS each time,
 * until FILL_ROWS are there, then the rest in one step; rows taken away
 * STEP_ROWS on screen at a time, any number off screen), so that no
 * change makes or destroys more than STEP_ROWS rows' widgets at once. */
#define STEP_ROWS 12
#define FILL_ROWS 256
#define DR_TYPE_GAME_ROWS (dr_game_rows_get_type ())
G_DECLARE_FINAL_TYPE (DrGameRows, dr_game_rows, DR, GAME_ROWS, GObject)

struct _DrGameRows
{
  GObject    parent_instance;
  GPtrArray *games;        /* every game's GameInfo, by index */
  GArray    *rows;         /* guint: the index of the game in each row */
  GPtrArray *objects;      /* the DrGameRow of each row the view asked for,
                              or NULL */
  char     **words;        /* the search, case-folded; NULL: none */
  int        sort_column;  /* -1: the file's order */
  gboolean   descending;
  guint      published;    /* the rows the view has been told of */
  guint      publish_id;   /* the idle telling it of the rest, or 0 */
  guint      prepared;     /* the games whose search text is made */
  guint      prepare_id;   /* the idle making the rest, or 0 */
  guint      changing;     /* telling the view of a change: a selection
                              moving with its row object is not the user's */
  GtkWidget *viewport;     /* the scrolled window showing the rows */
  /* Called before rows the view has are taken away or moved: a selected
   * row object taken away in a change makes GtkSingleSelection look for
   * it among all the rows added (and so make an object for each). */
  void     (*before_shrink) (gpointer data);
  gpointer   before_shrink_data;
  guint      refresh_id;   /* the idle refreshing stale rows, or 0 */
};

static void
rows_changed (DrGameRows *self,
              guint       position,
              guint       removed,
              guint       added)
{
  self->changing++;
  g_list_model_items_changed (G_LIST_MODEL (self), position, removed, added);
  self->changing--;
}

static GType
dr_game_rows_get_item_type (GListModel *model)
{
  return DR_TYPE_GAME_ROW;
}

static guint
dr_game_rows_get_n_items (GListModel *model)
{
  return DR_GAME_ROWS (model)->published;
}

static GameInfo *
rows_game (DrGameRows *self,
           guint       position)
{
  if (position >= self->rows->len)
    return NULL;
  return g_ptr_array_index (self->games, g_array_index (self->rows, guint, position));
}

static gpointer
dr_game_rows_get_item (GListModel *model,
                       guint       position)
{
  DrGameRows *self = DR_GAME_ROWS (model);
  DrGameRow *row;

  if (position >= self->published)
    return NULL;
  if (position >= self->objects->len)
    g_ptr_array_set_size (self->objects, (int) position + 1);
  row = g_ptr_array_index (self->objects, position);
  if (row == NULL)
    {
      row = g_object_new (DR_TYPE_GAME_ROW, NULL);
      row->game = rows_game (self, position);
      self->objects->pdata[position] = row;
    }
  return g_object_ref (row);
}

static void
dr_game_rows_model_init (GListModelInterface *iface)
{
  iface->get_item_type = dr_game_rows_get_item_type;
  iface->get_n_items = dr_game_rows_get_n_items;
  iface->get_item = dr_game_rows_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (DrGameRows, dr_game_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, dr_game_rows_model_init))

static void
dr_game_rows_finalize (GObject *object)
{
  DrGameRows *self = DR_GAME_ROWS (object);

  g_clear_handle_id (&self->publish_id, g_source_remove);
  g_clear_handle_id (&self->prepare_id, g_source_remove);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  /* Rows the view still holds must not show freed games. */
  for (guint i = 0; i < self->objects->len; i++)
    if (self->objects->pdata[i] != NULL)
      DR_GAME_ROW (self->objects->pdata[i])->game = NULL;
  g_ptr_array_unref (self->objects);
  g_ptr_array_unref (self->games);
  g_array_unref (self->rows);
  g_strfreev (self->words);
  G_OBJECT_CLASS (dr_game_rows_parent_class)->finalize (object);
}

static void
row_unref (gpointer row)
{
  if (row != NULL)
    g_object_unref (row);
}

static void
dr_game_rows_class_init (DrGameRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dr_game_rows_finalize;
}

static void
dr_game_rows_init (DrGameRows *self)
{
  self->games = g_ptr_array_new_with_free_func (game_info_free);
  self->rows = g_array_new (FALSE, FALSE, sizeof (guint));
  self->objects = g_ptr_array_new_with_free_func (row_unref);
  self->sort_column = -1;
}

static gboolean
rows_match (DrGameRows *self,
            GameInfo   *game)
{
  const char *haystack;

  if (self->words == NULL)
    return TRUE;
  haystack = game_info_haystack (game);
  for (guint i = 0; self->words[i] != NULL; i++)
    if (strstr (haystack, self->words[i]) == NULL)
      return FALSE;
  return TRUE;
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  DrGameRows *self = data;
  GameInfo *x = g_ptr_array_index (self->games, *(const guint *) a);
  GameInfo *y = g_ptr_array_index (self->games, *(const guint *) b);
  guint column = (guint) self->sort_column;
  int c;

  switch (column)
    {
    case COLUMN_NUMBER:
      c = 0;
      break;
    case COLUMN_MOVES:
      c = x->moves < y->moves ? -1 : x->moves > y->moves;
      break;
    case COLUMN_DATE:
    case COLUMN_RESULT:
      /* "2006.05.13" sorts as text; results are a handful of strings. */
      c = strcmp (x->text[column], y->text[column]);
      break;
    default:
      c = strcmp (x->keys[column], y->keys[column]);
      break;
    }
  /* Equal: in the file's order. */
  if (c == 0)
    c = x->index < y->index ? -1 : x->index > y->index;
  return self->descending ? -c : c;
}

/* Makes the games' search text and the sort keys of the name columns a
 * few hundred at a time while the user looks at the list, so that the
 * first search or sort does not make them all (some 30 ms each on 10,000
 * games). */
static gboolean
prepare_cb (gpointer data)
{
  DrGameRows *self = data;
  guint end = MIN (self->games->len, self->prepared + 200);

  for (; self->prepared < end; self->prepared++)
    {
      GameInfo *game = g_ptr_array_index (self->games, self->prepared);

      game_info_haystack (game);
      for (guint column = COLUMN_WHITE; column <= COLUMN_EVENT; column++)
        game_info_key (game, column);
    }
  if (self->prepared < self->games->len)
    return G_SOURCE_CONTINUE;
  self->prepare_id = 0;
  return G_SOURCE_REMOVE;
}

static void
rows_prepare (DrGameRows *self)
{
  self->prepared = 0;
  if (self->prepare_id == 0 && self->games->len > 0)
    self->prepare_id = g_idle_add_full (G_PRIORITY_LOW, prepare_cb, self, NULL);
}

/* Setting the text of the cells of the 200 rows the view keeps costs
 * 15 to 30 ms here (GtkInscription and GtkLabel alike): the rows on screen
 * show their new games at once, the others from an idle, a few at a
 * time, before they are scrolled into view. */
#define REFRESH_ROWS 24

static gboolean
refresh_cb (gpointer data)
{
  DrGameRows *self = data;
  guint done = 0;

  for (guint i = 0; i < self->objects->len && done < REFRESH_ROWS; i++)
    {
      DrGameRow *row = self->objects->pdata[i];

      if (row != NULL && row->stale)
        {
          dr_game_row_refresh (row);
          done++;
        }
    }
  if (done == REFRESH_ROWS)
    return G_SOURCE_CONTINUE;
  self->refresh_id = 0;
  return G_SOURCE_REMOVE;
}

static void
rows_refresh_later (DrGameRows *self)
{
  if (self->refresh_id == 0)
    self->refresh_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_cb, self, NULL);
}

static GtkWidget *
row_cell (DrGameRow *row)
{
  for (guint column = 0; column < N_COLUMNS; column++)
    if (row->cells[column] != NULL)
      return GTK_WIDGET (row->cells[column]);
  return NULL;
}

/* Is @row's widget in the visible part of the list now?  GTK 4.8's list
 * view leaves the rows it keeps off screen unmapped and unallocated. */
static gboolean
row_visible (DrGameRows *self,
             DrGameRow  *row)
{
  GtkWidget *cell = row_cell (row);
  graphene_point_t at;
  int height;

  if (cell == NULL || !gtk_widget_get_mapped (cell) || (height = gtk_widget_get_height (cell)) <= 0)
    return FALSE;
  if (self->viewport == NULL || !gtk_widget_compute_point (cell, self->viewport, &GRAPHENE_POINT_INIT (0, 0), &at))
    return TRUE;
  return at.y + (float) height >= 0 && at.y <= (float) gtk_widget_get_height (self->viewport);
}

/* How many rows the list shows at once, a few more to be sure. */
static guint
rows_page (DrGameRows *self)
{
  int row_height = 0;

  for (guint i = 0; i < self->objects->len && row_height <= 0; i++)
    {
      DrGameRow *row = self->objects->pdata[i];
      GtkWidget *cell = row != NULL ? row_cell (row) : NULL;

      /* The inscription, its column's cell, the row. */
      if (cell != NULL && gtk_widget_get_parent (cell) != NULL)
        row_height = gtk_widget_get_height (gtk_widget_get_parent (gtk_widget_get_parent (cell)));
    }
  if (self->viewport == NULL || row_height <= 0)
    return FILL_ROWS;
  return (guint) (gtk_widget_get_height (self->viewport) / row_height) + 4;
}

/* Does the view show row @position (has it widgets for it)? */
static gboolean
rows_on_screen (DrGameRows *self,
                guint       position)
{
  DrGameRow *row = position < self->objects->len ? self->objects->pdata[position] : NULL;

  return row != NULL && row->n_cells > 0;
}

/* One step towards telling the view of every row: adds rows, or takes
 * away those past the last. */
static gboolean
rows_publish_step (DrGameRows *self)
{
  guint from = self->published;
  guint len = self->rows->len;

  if (from < len)
    {
      self->published = from < FILL_ROWS ? MIN (len, from + STEP_ROWS) : len;
      rows_changed (self, from, 0, self->published - from);
    }
  else if (from > len)
    {
      guint on_screen = 0;
      guint to = from;

      /* From the last row up: rows off screen cost nothing to take away. */
      while (to > len && on_screen < STEP_ROWS)
        if (rows_on_screen (self, --to))
          on_screen++;
      /* The row objects past the end go with their rows. */
      if (self->objects->len > to)
        g_ptr_array_set_size (self->objects, (int) to);
      self->published = to;
      rows_changed (self, to, from - to, 0);
    }
  return self->published != len;
}

static gboolean
publish_cb (gpointer data)
{
  DrGameRows *self = data;

  if (rows_publish_step (self))
    return G_SOURCE_CONTINUE;
  self->publish_id = 0;
  return G_SOURCE_REMOVE;
}

/* Fewer rows than the view was told of: the rows on screen (those with
 * widgets) move to where the view will show them, and the rest go.  A
 * row object taken away and put back in the same change keeps its
 * widgets (GTK's list item manager takes them back, and its scroll anchor
 * follows), so no widget is made or destroyed; if there are more rows on
 * screen than rows left, those over stay, blank, at the end until the
 * idle takes them away a step at a time. */
static void
rows_shrink (DrGameRows *self)
{
  guint len = self->rows->len;
  guint from = self->published;
  guint lo = G_MAXUINT, hi = 0, k = 0, start;
  g_autoptr (GPtrArray) moved = NULL;
  g_autofree gboolean *was_visible = NULL;

  for (guint i = 0; i < MIN (from, self->objects->len); i++)
    if (rows_on_screen (self, i))
      {
        lo = MIN (lo, i);
        hi = i + 1;
        k++;
      }
  if (hi <= len)
    {
      /* The rows on screen stay: those past the end have no widgets. */
      if (self->objects->len > len)
        g_ptr_array_set_size (self->objects, (int) len);
      self->published = len;
      rows_changed (self, len, from - len, 0);
      return;
    }
  start = len >= k ? MIN (lo, len - k) : 0;
  moved = g_ptr_array_new_with_free_func (row_unref);
  was_visible = g_new0 (gboolean, k);
  for (guint i = start; i < MIN (from, self->objects->len); i++)
    {
      gpointer row = self->objects->pdata[i];

      self->objects->pdata[i] = NULL;
      if (row != NULL && DR_GAME_ROW (row)->n_cells > 0)
        {
          was_visible[moved->len] = row_visible (self, row);
          g_ptr_array_add (moved, row);
        }
      else
        row_unref (row);
    }
  self->published = MAX (len, start + k);
  g_ptr_array_set_size (self->objects, (int) self->published);
  for (guint i = 0; i < k; i++)
    {
      self->objects->pdata[start + i] = moved->pdata[i];
      moved->pdata[i] = NULL;
    }
  {
    /* The view keeps its first row where it was, unless the list is now
     * too short for that: then it shows its last rows. */
    guint page = rows_page (self);
    gboolean stale = FALSE;

    for (guint i = start; i < self->published; i++)
      if (self->objects->pdata[i] != NULL)
        stale |= dr_game_row_set_game (self->objects->pdata[i], rows_game (self, i),
                                       i + page >= len || was_visible[i - start]);
    if (stale)
      rows_refresh_later (self);
  }
  rows_changed (self, start, from - start, self->published - start);
}

/* Works out the rows again: the rows the view has show their new games
 * at once, and rows are added or taken away a step at a time. */
static void
rows_update (DrGameRows *self)
{
  g_array_set_size (self->rows, 0);
  for (guint i = 0; i < self->games->len; i++)
    if (rows_match (self, g_ptr_array_index (self->games, i)))
      g_array_append_val (self->rows, i);
  if (self->sort_column > COLUMN_NUMBER || self->descending)
    {
      if (self->sort_column >= COLUMN_WHITE && self->sort_column <= COLUMN_EVENT)
        for (guint i = 0; i < self->games->len; i++)
          game_info_key (g_ptr_array_index (self->games, i), (guint) self->sort_column);
      g_qsort_with_data (self->rows->data, (int) self->rows->len, sizeof (guint), compare_rows, self);
    }
  {
    gboolean stale = FALSE;

    for (guint i = 0; i < self->objects->len; i++)
      {
        DrGameRow *row = self->objects->pdata[i];

        if (row != NULL)
          stale |= dr_game_row_set_game (row, rows_game (self, i), row->n_cells > 0 && row_visible (self, row));
      }
    if (stale)
      rows_refresh_later (self);
  }
  if (self->published > self->rows->len)
    {
      if (self->before_shrink != NULL)
        self->before_shrink (self->before_shrink_data);
      rows_shrink (self);
    }
  /* An empty view gets its first rows at once, the rest come from an
   * idle (so does a step towards fewer rows). */
  if (self->published != self->rows->len && self->publish_id == 0
      && (self->published > 0 || rows_publish_step (self)))
    self->publish_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, publish_cb, self, NULL);
}

/* --- the list ------------------------------------------------------------ */

/* The sorter of a column: the compare function only tells which column
 * the column view sorts by (see view_sorter_changed_cb). */
typedef struct
{
  DrGameList *list;
  guint       column;
} ColumnSort;

struct _DrGameList
{
  GtkWidget           parent_instance;

  GtkWidget          *search;
  GtkWidget          *count;
  GtkWidget          *scrolled;
  GtkColumnView      *view;
  GtkColumnViewColumn *columns[N_COLUMNS];
  ColumnSort          sorts[N_COLUMNS];

  DrGameRows         *rows;
  GtkSingleSelection *selection;
  GameInfo            probe_games[2];
  DrGameRow          *probe[2];   /* two rows alike but for their games' numbers */
  int                 probed;     /* the column whose compare ran first, or -1 */

  guint               current;    /* the game shown, or G_MAXUINT */
  guint               scroll_tick;/* scrolling to it once laid out, or 0 */
  gboolean            selecting;  /* the selection is being set from the window */
};

G_DEFINE_FINAL_TYPE (DrGameList, dr_game_list, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_GAME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static int
column_compare (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  ColumnSort *sort = data;
  const DrGameRow *x = a, *y = b;

  if (sort->list->probed < 0)
    sort->list->probed = (int) sort->column;
  return x->game->index < y->game->index ? -1 : x->game->index > y->game->index;
}

static void
update_count (DrGameList *self)
{
  guint n = self->rows->games->len;
  guint shown = self->rows->rows->len;
  g_autofree char *text = NULL;

  if (self->rows->words == NULL)
    text = g_strdup_printf (ngettext ("%u game", "%u games", n), n);
  else
    /* Translators: games the search found, of all the file's games. */
    text = g_strdup_printf (ngettext ("%u of %u game", "%u of %u games", n), shown, n);
  gtk_label_set_text (GTK_LABEL (self->count), text);
}

/* Selects the row of the current game, if the search shows it. */
static void
select_current (DrGameList *self)
{
  guint row = self->current != G_MAXUINT ? dr_game_list_find_row (self, self->current) : G_MAXUINT;

  self->selecting = TRUE;
  /* Not told to the view yet: selected when it is (rows_published_cb). */
  if (row == G_MAXUINT || row >= self->rows->published)
    gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  else if (gtk_single_selection_get_selected (self->selection) != row)
    gtk_single_selection_set_selected (self->selection, row);
  self->selecting = FALSE;
}

static void
unselect (DrGameList *self)
{
  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->selecting = FALSE;
}

static void
before_shrink_cb (gpointer data)
{
  unselect (data);
}

/* The rows changed (a search, a sort, games): the count, and the current
 * game keeps its highlight. */
static void
list_rows_changed (DrGameList *self)
{
  update_count (self);
  select_current (self);
}

/* Works out the rows again; the current game's row is selected after. */
static void
list_update_rows (DrGameList *self)
{
  rows_update (self->rows);
  list_rows_changed (self);
}

/* The current game's row into view: the list may be long.  GTK 4.8 has
 * no gtk_column_view_scroll_to (4.12); the list view inside the column
 * view has the "list.scroll-to-item" action of every GtkListBase. */
static void
scroll_to_current (DrGameList *self)
{
  guint row = self->current != G_MAXUINT ? dr_game_list_find_row (self, self->current) : G_MAXUINT;

  if (row >= self->rows->published || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      {
        gtk_widget_activate_action (child, "list.scroll-to-item", "u", row);
        break;
      }
}

static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  DrGameList *self = DR_GAME_LIST (widget);
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->view));

  /* Not laid out yet: the next frame. */
  if (gtk_adjustment_get_page_size (adj) <= 0 && gtk_widget_get_mapped (widget))
    return G_SOURCE_CONTINUE;
  self->scroll_tick = 0;
  scroll_to_current (self);
  return G_SOURCE_REMOVE;
}

static void
mapped_cb (GtkWidget *widget)
{
  DrGameList *self = DR_GAME_LIST (widget);

  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (widget, scroll_tick_cb, NULL, NULL);
}

static void
rows_published_cb (DrGameList *self,
                   guint       position,
                   guint       removed,
                   guint       added)
{
  /* The selection may have moved with a row object. */
  select_current (self);
  /* The rest of the rows, from the idle. */
  if (position > 0 && removed == 0)
    scroll_to_current (self);
}

static void
selection_changed_cb (DrGameList *self)
{
  DrGameRow *row = gtk_single_selection_get_selected_item (self->selection);

  if (self->selecting || self->rows->changing > 0 || row == NULL || row->game == NULL || row->game->index == self->current)
    return;
  g_signal_emit (self, signals[SIGNAL_GAME_ACTIVATED], 0, row->game->index);
}

static void
activate_cb (DrGameList *self,
             guint       position)
{
  g_autoptr (DrGameRow) row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);

  if (row != NULL && row->game != NULL && row->game->index != self->current)
    g_signal_emit (self, signals[SIGNAL_GAME_ACTIVATED], 0, row->game->index);
}

/* A click on a column's header: the rows sorted by that column. */
static void
view_sorter_changed_cb (DrGameList *self)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (self->view);
  int column = -1;
  gboolean descending = FALSE;

  if (gtk_sorter_get_order (sorter) != GTK_SORTER_ORDER_NONE)
    {
      /* GTK 4.8 does not say which column sorts (4.10 has
       * gtk_column_view_sorter_get_primary_sort_column): the sorter is
       * asked to compare two games that differ only in their number, so
       * that the primary column's compare runs first, and its answer,
       * against the numbers' order, gives the direction. */
      GtkOrdering order;

      self->probed = -1;
      order = gtk_sorter_compare (sorter, self->probe[0], self->probe[1]);
      column = self->probed;
      self->probed = G_MAXINT;
      descending = order == GTK_ORDERING_LARGER;
    }
  self->rows->sort_column = column;
  self->rows->descending = descending;
  list_update_rows (self);
}

static void
search_changed_cb (DrGameList *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search));
  g_autofree char *folded = g_utf8_casefold (text, -1);
  char **words = g_strsplit_set (g_strstrip (folded), " \t", -1);
  guint j = 0;

  /* Drop the empty words two spaces leave. */
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      words[j++] = words[i];
    else
      g_free (words[i]);
  words[j] = NULL;
  if (j == 0)
    g_clear_pointer (&words, g_strfreev);
  g_strfreev (self->rows->words);
  self->rows->words = words;
  list_update_rows (self);
}

static void
stop_search_cb (DrGameList *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
}

/* --- the columns ------------------------------------------------------- */

/* A cell is a GtkInscription, whose size does not depend on its text: a
 * row showing another game is only drawn again, not measured again. */
static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          gpointer                  data)
{
  guint column = GPOINTER_TO_UINT (data);
  GtkWidget *cell = gtk_inscription_new (NULL);

  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), column == COLUMN_NUMBER || column == COLUMN_MOVES ? 1.0f : 0.0f);
  /* Wide enough for a name, a date, "1-1", "999". */
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), column >= COLUMN_WHITE && column <= COLUMN_EVENT ? 16
                                                         : column == COLUMN_DATE                          ? 10
                                                                                                          : 4);
  if (column == COLUMN_NUMBER || column == COLUMN_MOVES || column == COLUMN_DATE)
    gtk_widget_add_css_class (cell, "numeric");
  if (column == COLUMN_NUMBER)
    gtk_widget_add_css_class (cell, "dim-label");
  gtk_list_item_set_child (list_item, cell);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *list_item,
         gpointer                  data)
{
  guint column = GPOINTER_TO_UINT (data);
  DrGameRow *row = gtk_list_item_get_item (list_item);
  GtkInscription *cell = GTK_INSCRIPTION (gtk_list_item_get_child (list_item));

  if (row->cells[column] == NULL)
    row->n_cells++;
  row->cells[column] = cell;
  cell_show (cell, column, row->game);
}

static void
unbind_cb (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  data)
{
  guint column = GPOINTER_TO_UINT (data);
  DrGameRow *row = gtk_list_item_get_item (list_item);

  if (row != NULL && row->cells[column] == GTK_INSCRIPTION (gtk_list_item_get_child (list_item)))
    {
      row->cells[column] = NULL;
      if (--row->n_cells == 0)
        row->stale = FALSE;
    }
}

static void
add_column (DrGameList *self,
            guint       column,
            const char *title,
            gboolean    expand,
            int         width)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkCustomSorter *sorter;
  GtkColumnViewColumn *c;

  self->sorts[column].list = self;
  self->sorts[column].column = column;
  sorter = gtk_custom_sorter_new (column_compare, &self->sorts[column], NULL);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cb), GUINT_TO_POINTER (column));
  c = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (c, GTK_SORTER (sorter));
  gtk_column_view_column_set_resizable (c, TRUE);
  gtk_column_view_column_set_expand (c, expand);
  if (width > 0)
    gtk_column_view_column_set_fixed_width (c, width);
  gtk_column_view_append_column (self->view, c);
  self->columns[column] = c;
  g_object_unref (sorter);
  g_object_unref (c);
}

/* --- the widget -------------------------------------------------------- */

static void
dr_game_list_dispose (GObject *object)
{
  DrGameList *self = DR_GAME_LIST (object);
  GtkWidget *child;

  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->view), self);
  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_tick);
  self->scroll_tick = 0;
  /* The view may keep the rows a while: nothing of them comes back here,
   * and their idles stop now. */
  if (self->rows != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->rows, self);
      g_clear_handle_id (&self->rows->publish_id, g_source_remove);
      g_clear_handle_id (&self->rows->prepare_id, g_source_remove);
      g_clear_handle_id (&self->rows->refresh_id, g_source_remove);
      self->rows->viewport = NULL;
    }
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->view = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->rows);
  g_clear_object (&self->probe[0]);
  g_clear_object (&self->probe[1]);
  G_OBJECT_CLASS (dr_game_list_parent_class)->dispose (object);
}

static void
dr_game_list_class_init (DrGameListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_game_list_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "gamelist");

  /**
   * DrGameList::game-activated:
   * @index: the game's index in the file
   *
   * The user chose another game (a click on its row, or the arrow keys in
   * the list).
   */
  signals[SIGNAL_GAME_ACTIVATED] = g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                                 0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
dr_game_list_init (DrGameList *self)
{
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  self->current = G_MAXUINT;
  self->probed = G_MAXINT;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->search = gtk_search_entry_new ();
  g_object_set (self->search, "placeholder-text", _("Players, event, year"), NULL);
  gtk_widget_set_hexpand (self->search, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Search the games"), -1);
  self->count = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->count, "dim-label");
  gtk_widget_add_css_class (self->count, "numeric");
  gtk_box_append (GTK_BOX (top), self->search);
  gtk_box_append (GTK_BOX (top), self->count);
  gtk_widget_set_margin_start (top, 8);
  gtk_widget_set_margin_end (top, 8);
  gtk_widget_set_margin_top (top, 6);
  gtk_widget_set_margin_bottom (top, 6);
  gtk_widget_set_parent (top, GTK_WIDGET (self));

  self->rows = g_object_new (DR_TYPE_GAME_ROWS, NULL);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  for (guint i = 0; i < 2; i++)
    {
      self->probe_games[i].index = i;
      self->probe[i] = g_object_new (DR_TYPE_GAME_ROW, NULL);
      self->probe[i]->game = &self->probe_games[i];
    }

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection))));
  gtk_column_view_set_show_column_separators (self->view, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  /* Translators: the columns of the game list. */
  /* The short columns as wide as their title or their cells ask (a fixed
   * 60 px clipped "Moves"); the names share the rest. */
  add_column (self, COLUMN_NUMBER, C_("games", "#"), FALSE, -1);
  add_column (self, COLUMN_WHITE, C_("games", "White"), TRUE, -1);
  add_column (self, COLUMN_BLACK, C_("games", "Black"), TRUE, -1);
  add_column (self, COLUMN_EVENT, C_("games", "Event"), TRUE, -1);
  add_column (self, COLUMN_DATE, C_("games", "Date"), FALSE, -1);
  add_column (self, COLUMN_RESULT, C_("games", "Result"), FALSE, -1);
  add_column (self, COLUMN_MOVES, C_("games", "Moves"), FALSE, -1);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (self->scrolled, TRUE);
  self->rows->viewport = self->scrolled;
  self->rows->before_shrink = before_shrink_cb;
  self->rows->before_shrink_data = self;
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));

  g_signal_connect_swapped (self->search, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect_swapped (self->search, "stop-search", G_CALLBACK (stop_search_cb), self);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (self->rows, "items-changed", G_CALLBACK (rows_published_cb), self);
  g_signal_connect_swapped (self->view, "activate", G_CALLBACK (activate_cb), self);
  /* Shown again, or for the first time: the current game in view, once
   * the rows have their size. */
  g_signal_connect (self, "map", G_CALLBACK (mapped_cb), NULL);
  g_signal_connect_swapped (gtk_column_view_get_sorter (self->view), "changed", G_CALLBACK (view_sorter_changed_cb),
                            self);
  update_count (self);
}

GtkWidget *
dr_game_list_new (void)
{
  return g_object_new (DR_TYPE_GAME_LIST, NULL);
}

/* A column that no game fills (the Date of a file without dates) gives
 * its room to the names. */
static void
show_filled_columns (DrGameList *self)
{
  static const guint optional[] = { COLUMN_EVENT, COLUMN_DATE, COLUMN_RESULT };
  GPtrArray *games = self->rows->games;

  for (guint c = 0; c < G_N_ELEMENTS (optional); c++)
    {
      gboolean filled = FALSE;

      for (guint i = 0; i < games->len && !filled; i++)
        filled = ((GameInfo *) g_ptr_array_index (games, i))->text[optional[c]][0] != '\0';
      gtk_column_view_column_set_visible (self->columns[optional[c]], filled);
    }
}

void
dr_game_list_set_collection (DrGameList            *self,
                             const DrPdnCollection *collection)
{
  guint n = collection != NULL ? dr_pdn_collection_get_n_entries (collection) : 0;
  g_autoptr (GPtrArray) old = NULL;

  g_return_if_fail (DR_IS_GAME_LIST (self));

  old = self->rows->games;
  self->rows->games = g_ptr_array_new_full (n, game_info_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->rows->games, game_info_new (i, dr_pdn_collection_get_game (collection, i)));
  self->current = G_MAXUINT;
  show_filled_columns (self);
  /* The rows show the new games before the old ones go. */
  list_update_rows (self);
  rows_prepare (self->rows);
}

void
dr_game_list_update_game (DrGameList   *self,
                          guint         index,
                          const DrGame *game)
{
  GPtrArray *games;
  GameInfo *info, *old = NULL;

  g_return_if_fail (DR_IS_GAME_LIST (self));
  g_return_if_fail (game != NULL);

  games = self->rows->games;
  g_return_if_fail (index <= games->len);
  info = game_info_new (index, game);
  if (index < games->len)
    {
      /* Nothing the list shows or searches changed: leave it alone. */
      if (game_info_same (g_ptr_array_index (games, index), info))
        {
          game_info_free (info);
          return;
        }
      old = g_ptr_array_index (games, index);
      games->pdata[index] = info;
    }
  else
    g_ptr_array_add (games, info);
  show_filled_columns (self);
  /* The row that showed the old one shows the new one (maybe elsewhere)
   * before the old one goes. */
  list_update_rows (self);
  if (old != NULL)
    game_info_free (old);
}

void
dr_game_list_set_current (DrGameList *self,
                          guint       index)
{
  g_return_if_fail (DR_IS_GAME_LIST (self));

  self->current = index;
  select_current (self);
  scroll_to_current (self);
}

gboolean
dr_game_list_get_busy (DrGameList *self)
{
  g_return_val_if_fail (DR_IS_GAME_LIST (self), FALSE);
  return self->rows->publish_id != 0;
}

guint
dr_game_list_get_n_games (DrGameList *self)
{
  g_return_val_if_fail (DR_IS_GAME_LIST (self), 0);
  return self->rows->games->len;
}

guint
dr_game_list_get_n_shown (DrGameList *self)
{
  g_return_val_if_fail (DR_IS_GAME_LIST (self), 0);
  return self->rows->rows->len;
}

guint
dr_game_list_get_row_game (DrGameList *self,
                           guint       row)
{
  g_return_val_if_fail (DR_IS_GAME_LIST (self), G_MAXUINT);
  return row < self->rows->rows->len ? g_array_index (self->rows->rows, guint, row) : G_MAXUINT;
}

guint
dr_game_list_find_row (DrGameList *self,
                       guint       index)
{
  GArray *rows;

  g_return_val_if_fail (DR_IS_GAME_LIST (self), G_MAXUINT);

  rows = self->rows->rows;
  for (guint row = 0; row < rows->len; row++)
    if (g_array_index (rows, guint, row) == index)
      return row;
  return G_MAXUINT;
}

GtkWidget *
dr_game_list_get_search_entry (DrGameList *self)
{
  g_return_val_if_fail (DR_IS_GAME_LIST (self), NULL);
  return self->search;
}

GtkColumnView *
dr_game_list_get_view (DrGameList *self)
{
  g_return_val_if_fail (DR_IS_GAME_LIST (self), NULL);
  return self->view;
}

void
dr_game_list_sort_by (DrGameList  *self,
                      guint        column,
                      GtkSortType  order)
{
  g_return_if_fail (DR_IS_GAME_LIST (self));
  g_return_if_fail (column < N_COLUMNS);
  gtk_column_view_sort_by_column (self->view, self->columns[column], order);
}
