/* dr-game-list.c — the games of a file, in a sortable, searchable list
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkColumnView over a GListStore of DrGameItem (one small object per
 * game: its number, tags and length, read once), through a
 * GtkFilterListModel (the search) and a GtkSortListModel (the column
 * headers' sorter), both incremental: a file of ten thousand games is
 * filtered and sorted in slices between frames, and the view makes rows
 * only for what is on screen.  Selecting a row (a click, the arrow keys)
 * is choosing that game: ::game-activated tells the window, which shows
 * the game and calls dr_game_list_set_current() back.
 */

#define G_LOG_DOMAIN "dr-game-list"

#include "config.h"

#include "dr-game-list.h"

#include <glib/gi18n.h>

#include <string.h>

/* --- one game ------------------------------------------------------------ */

#define DR_TYPE_GAME_ITEM (dr_game_item_get_type ())
G_DECLARE_FINAL_TYPE (DrGameItem, dr_game_item, DR, GAME_ITEM, GObject)

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

/* The text columns, in DrGameItem.text. */
#define N_TEXTS (COLUMN_RESULT + 1)

struct _DrGameItem
{
  GObject  parent_instance;
  guint    index;
  guint    moves;            /* full moves of the main line */
  char    *text[N_TEXTS];    /* [COLUMN_WHITE .. COLUMN_RESULT]; [0] unused */
  char    *keys[N_TEXTS];    /* collation keys, made when first sorted */
  char    *haystack;         /* what the search looks in, case-folded
                                (made when first searched) */
  char    *site, *round;     /* searched, not shown */
};

G_DEFINE_FINAL_TYPE (DrGameItem, dr_game_item, G_TYPE_OBJECT)

static void
dr_game_item_finalize (GObject *object)
{
  DrGameItem *self = DR_GAME_ITEM (object);

  for (guint i = 0; i < N_TEXTS; i++)
    {
      g_free (self->text[i]);
      g_free (self->keys[i]);
    }
  g_free (self->haystack);
  g_free (self->site);
  g_free (self->round);
  G_OBJECT_CLASS (dr_game_item_parent_class)->finalize (object);
}

static void
dr_game_item_class_init (DrGameItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dr_game_item_finalize;
}

static void
dr_game_item_init (DrGameItem *self)
{
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

static DrGameItem *
dr_game_item_new (guint         index,
                  const DrGame *game)
{
  DrGameItem *self = g_object_new (DR_TYPE_GAME_ITEM, NULL);
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
item_haystack (DrGameItem *self)
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
item_same (DrGameItem *a,
           DrGameItem *b)
{
  if (a->moves != b->moves || g_strcmp0 (a->site, b->site) != 0 || g_strcmp0 (a->round, b->round) != 0)
    return FALSE;
  for (guint i = COLUMN_WHITE; i < N_TEXTS; i++)
    if (g_strcmp0 (a->text[i], b->text[i]) != 0)
      return FALSE;
  return TRUE;
}

static const char *
item_key (DrGameItem *self,
          guint       column)
{
  if (self->keys[column] == NULL)
    self->keys[column] = g_utf8_collate_key (self->text[column], -1);
  return self->keys[column];
}

/* --- the rows: the games the search lets through, sorted ----------------- */

/* A GListModel of DrGameItem: all the games, and the rows shown, worked
 * out at once in plain arrays (a search is a strstr per game, a sort a
 * qsort of indices over keys made once per column).  GTK 4.8's
 * incremental filter and sort models, chained, held the main loop for 60
 * to 200 ms at a time on 10,000 games.
 *
 * GTK 4.8's column view makes the cell widgets of every new row it keeps
 * alive (some 200 around the visible ones) at once: about 0.8 ms a row
 * here, whatever the number of games, while rows below those cost next to
 * nothing and rows holding the same items keep their widgets.  So a new
 * order of the same games goes to the view at once, and new rows (a new
 * file, a search) go a few at a time from an idle until those 200 are
 * there, then the rest in one step. */
#define STEP_ROWS 24
#define FILL_ROWS 256
#define DR_TYPE_GAME_ROWS (dr_game_rows_get_type ())
G_DECLARE_FINAL_TYPE (DrGameRows, dr_game_rows, DR, GAME_ROWS, GObject)

struct _DrGameRows
{
  GObject    parent_instance;
  GPtrArray *items;        /* every game's DrGameItem, by index */
  GArray    *rows;         /* guint: the index of the game in each row */
  char     **words;        /* the search, case-folded; NULL: none */
  int        sort_column;  /* -1: the file's order */
  gboolean   descending;
  guint      published;    /* the rows the view has been told of */
  guint      publish_id;   /* the idle telling it of the rest, or 0 */
  guint      prepared;     /* the games whose search text is made */
  guint      prepare_id;   /* the idle making the rest, or 0 */
};

static GType
dr_game_rows_get_item_type (GListModel *model)
{
  return DR_TYPE_GAME_ITEM;
}

static guint
dr_game_rows_get_n_items (GListModel *model)
{
  return DR_GAME_ROWS (model)->published;
}

static gpointer
dr_game_rows_get_item (GListModel *model,
                       guint       position)
{
  DrGameRows *self = DR_GAME_ROWS (model);

  if (position >= self->published)
    return NULL;
  return g_object_ref (g_ptr_array_index (self->items, g_array_index (self->rows, guint, position)));
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
  g_ptr_array_unref (self->items);
  g_array_unref (self->rows);
  g_strfreev (self->words);
  G_OBJECT_CLASS (dr_game_rows_parent_class)->finalize (object);
}

static void
dr_game_rows_class_init (DrGameRowsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dr_game_rows_finalize;
}

static void
dr_game_rows_init (DrGameRows *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->rows = g_array_new (FALSE, FALSE, sizeof (guint));
  self->sort_column = -1;
}

static gboolean
rows_match (DrGameRows *self,
            DrGameItem *item)
{
  const char *haystack;

  if (self->words == NULL)
    return TRUE;
  haystack = item_haystack (item);
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
  DrGameItem *x = g_ptr_array_index (self->items, *(const guint *) a);
  DrGameItem *y = g_ptr_array_index (self->items, *(const guint *) b);
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

/* Makes the games' search text a few hundred at a time while the user
 * looks at the list, so that the first search does not make it all. */
static gboolean
prepare_cb (gpointer data)
{
  DrGameRows *self = data;
  guint end = MIN (self->items->len, self->prepared + 500);

  for (; self->prepared < end; self->prepared++)
    item_haystack (g_ptr_array_index (self->items, self->prepared));
  if (self->prepared < self->items->len)
    return G_SOURCE_CONTINUE;
  self->prepare_id = 0;
  return G_SOURCE_REMOVE;
}

static void
rows_prepare (DrGameRows *self)
{
  self->prepared = 0;
  if (self->prepare_id == 0 && self->items->len > 0)
    self->prepare_id = g_idle_add_full (G_PRIORITY_LOW, prepare_cb, self, NULL);
}

static gboolean
publish_rest_cb (gpointer data)
{
  DrGameRows *self = data;
  guint from = self->published;

  self->published = from < FILL_ROWS ? MIN (self->rows->len, from + STEP_ROWS) : self->rows->len;
  if (self->published > from)
    g_list_model_items_changed (G_LIST_MODEL (self), from, 0, self->published - from);
  if (self->published < self->rows->len)
    return G_SOURCE_CONTINUE;
  self->publish_id = 0;
  return G_SOURCE_REMOVE;
}

/* Works out the rows again and tells the view if they differ; @same_games:
 * the games are those shown before, in another order (or but one
 * changed or added). */
static void
rows_update (DrGameRows *self,
             gboolean    same_games)
{
  guint old_n = self->rows->len;
  guint old_published = self->published;
  g_autoptr (GArray) old = g_array_copy (self->rows);

  g_array_set_size (self->rows, 0);
  for (guint i = 0; i < self->items->len; i++)
    if (rows_match (self, g_ptr_array_index (self->items, i)))
      g_array_append_val (self->rows, i);
  if (self->sort_column > COLUMN_NUMBER || self->descending)
    {
      if (self->sort_column >= COLUMN_WHITE && self->sort_column <= COLUMN_EVENT)
        for (guint i = 0; i < self->items->len; i++)
          item_key (g_ptr_array_index (self->items, i), (guint) self->sort_column);
      g_qsort_with_data (self->rows->data, (int) self->rows->len, sizeof (guint), compare_rows, self);
    }
  if (old_n == self->rows->len && (old_n == 0 || memcmp (old->data, self->rows->data, old_n * sizeof (guint)) == 0))
    return;
  if (same_games)
    self->published = MIN (self->rows->len, MAX (STEP_ROWS, old_published));
  else
    self->published = MIN (self->rows->len, STEP_ROWS);
  if (self->rows->len > self->published && self->publish_id == 0)
    self->publish_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, publish_rest_cb, self, NULL);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, old_published, self->published);
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
  DrGameItem         *probe[2];   /* two games alike but for their number */
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
  const DrGameItem *x = a, *y = b;

  if (sort->list->probed < 0)
    sort->list->probed = (int) sort->column;
  return x->index < y->index ? -1 : x->index > y->index;
}

static void
update_count (DrGameList *self)
{
  guint n = self->rows->items->len;
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

  /* Not told to the view yet: selected when it is (rows_published_cb). */
  if (row != G_MAXUINT && row >= self->rows->published)
    return;
  self->selecting = TRUE;
  if (row == G_MAXUINT)
    gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  else if (gtk_single_selection_get_selected (self->selection) != row)
    gtk_single_selection_set_selected (self->selection, row);
  self->selecting = FALSE;
}

/* The rows changed (a search, a sort, games): the count, and the current
 * game keeps its highlight. */
static void
rows_changed (DrGameList *self)
{
  update_count (self);
  select_current (self);
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
  /* The rest of the rows, from the idle. */
  if (position > 0 && removed == 0)
    {
      select_current (self);
      scroll_to_current (self);
    }
}

static void
selection_changed_cb (DrGameList *self)
{
  DrGameItem *item = gtk_single_selection_get_selected_item (self->selection);

  if (self->selecting || item == NULL || item->index == self->current)
    return;
  g_signal_emit (self, signals[SIGNAL_GAME_ACTIVATED], 0, item->index);
}

static void
activate_cb (DrGameList *self,
             guint       position)
{
  g_autoptr (DrGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->rows), position);

  if (item != NULL && item->index != self->current)
    g_signal_emit (self, signals[SIGNAL_GAME_ACTIVATED], 0, item->index);
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
  rows_update (self->rows, TRUE);
  rows_changed (self);
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
  rows_update (self->rows, FALSE);
  rows_changed (self);
}

static void
stop_search_cb (DrGameList *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search), "");
}

/* --- the columns ------------------------------------------------------- */

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *list_item,
          gpointer                  data)
{
  guint column = GPOINTER_TO_UINT (data);
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_NUMBER || column == COLUMN_MOVES ? 1.0f : 0.0f);
  if (column == COLUMN_NUMBER || column == COLUMN_MOVES || column == COLUMN_DATE)
    gtk_widget_add_css_class (label, "numeric");
  if (column == COLUMN_NUMBER)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_list_item_set_child (list_item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *list_item,
         gpointer                  data)
{
  guint column = GPOINTER_TO_UINT (data);
  DrGameItem *item = gtk_list_item_get_item (list_item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (list_item));
  char number[16];

  switch (column)
    {
    case COLUMN_NUMBER:
      g_snprintf (number, sizeof number, "%u", item->index + 1);
      gtk_label_set_text (label, number);
      break;
    case COLUMN_MOVES:
      g_snprintf (number, sizeof number, "%u", item->moves);
      gtk_label_set_text (label, number);
      break;
    default:
      gtk_label_set_text (label, item->text[column]);
      break;
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
  self->probe[0] = g_object_new (DR_TYPE_GAME_ITEM, NULL);
  self->probe[1] = g_object_new (DR_TYPE_GAME_ITEM, NULL);
  self->probe[1]->index = 1;

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection))));
  gtk_column_view_set_show_column_separators (self->view, FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  /* Translators: the columns of the game list. */
  add_column (self, COLUMN_NUMBER, C_("games", "#"), FALSE, 48);
  add_column (self, COLUMN_WHITE, C_("games", "White"), TRUE, -1);
  add_column (self, COLUMN_BLACK, C_("games", "Black"), TRUE, -1);
  add_column (self, COLUMN_EVENT, C_("games", "Event"), TRUE, -1);
  add_column (self, COLUMN_DATE, C_("games", "Date"), FALSE, 88);
  add_column (self, COLUMN_RESULT, C_("games", "Result"), FALSE, 72);
  add_column (self, COLUMN_MOVES, C_("games", "Moves"), FALSE, 60);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->view));
  gtk_widget_set_vexpand (self->scrolled, TRUE);
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

void
dr_game_list_set_collection (DrGameList            *self,
                             const DrPdnCollection *collection)
{
  guint n = collection != NULL ? dr_pdn_collection_get_n_entries (collection) : 0;

  g_return_if_fail (DR_IS_GAME_LIST (self));

  g_ptr_array_set_size (self->rows->items, 0);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->rows->items, dr_game_item_new (i, dr_pdn_collection_get_game (collection, i)));
  self->current = G_MAXUINT;
  /* Every row is another game now, even where the numbers stay. */
  {
    guint old = self->rows->published;
    g_array_set_size (self->rows->rows, 0);
    self->rows->published = 0;
    g_list_model_items_changed (G_LIST_MODEL (self->rows), 0, old, 0);
  }
  rows_update (self->rows, FALSE);
  rows_changed (self);
  rows_prepare (self->rows);
}

void
dr_game_list_update_game (DrGameList   *self,
                          guint         index,
                          const DrGame *game)
{
  GPtrArray *items;
  DrGameItem *item;

  g_return_if_fail (DR_IS_GAME_LIST (self));
  g_return_if_fail (game != NULL);

  items = self->rows->items;
  g_return_if_fail (index <= items->len);
  item = dr_game_item_new (index, game);
  if (index < items->len)
    {
      guint row;

      /* Nothing the list shows or searches changed: leave it alone. */
      if (item_same (g_ptr_array_index (items, index), item))
        {
          g_object_unref (item);
          return;
        }
      g_object_unref (g_ptr_array_index (items, index));
      items->pdata[index] = item;
      /* The row shows the new item (its place may change below). */
      row = dr_game_list_find_row (self, index);
      if (row < self->rows->published)
        g_list_model_items_changed (G_LIST_MODEL (self->rows), row, 1, 1);
    }
  else
    g_ptr_array_add (items, item);
  rows_update (self->rows, TRUE);
  rows_changed (self);
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
  return self->rows->items->len;
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
