/* dr-db-search.c — the Search Database window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The criteria of dr_gamedb_search() as a form: player, event, years,
 * result, opening, and the board's position (exact) or its pieces (a
 * partial pattern).  The search and the details of each game found run on
 * a worker (GTask) with a connection from the pool; Stop or a new search
 * cancels the one under way.  Games show in a GtkColumnView; a
 * double-click opens one in the window at the ply where it matched.
 */

#define G_LOG_DOMAIN "dr-db-search"

#include "config.h"

#include "dr-db-search.h"

#include <glib/gi18n.h>

/* Games shown at most. */
#define LIMIT 1000

/* --- a game found ------------------------------------------------------ */

#define DR_TYPE_DB_GAME_ITEM (dr_db_game_item_get_type ())
G_DECLARE_FINAL_TYPE (DrDbGameItem, dr_db_game_item, DR, DB_GAME_ITEM, GObject)

struct _DrDbGameItem
{
  GObject  parent_instance;
  gint64   id;
  guint    ply;
  char    *columns[6];   /* white, black, event, year, result, opening */
};

G_DEFINE_FINAL_TYPE (DrDbGameItem, dr_db_game_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ID,
  PROP_PLY,
  PROP_WHITE,
  PROP_BLACK,
  N_PROPS
};

static void
dr_db_game_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DrDbGameItem *self = DR_DB_GAME_ITEM (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_int64 (value, self->id);
      break;
    case PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    case PROP_WHITE:
      g_value_set_string (value, self->columns[0]);
      break;
    case PROP_BLACK:
      g_value_set_string (value, self->columns[1]);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dr_db_game_item_finalize (GObject *object)
{
  DrDbGameItem *self = DR_DB_GAME_ITEM (object);

  for (guint i = 0; i < G_N_ELEMENTS (self->columns); i++)
    g_free (self->columns[i]);
  G_OBJECT_CLASS (dr_db_game_item_parent_class)->finalize (object);
}

static void
dr_db_game_item_class_init (DrDbGameItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = dr_db_game_item_get_property;
  object_class->finalize = dr_db_game_item_finalize;
  g_object_class_install_property (object_class, PROP_ID,
                                   g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0,
                                                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (object_class, PROP_PLY,
                                   g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0,
                                                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (object_class, PROP_WHITE,
                                   g_param_spec_string ("white", NULL, NULL, NULL,
                                                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (object_class, PROP_BLACK,
                                   g_param_spec_string ("black", NULL, NULL, NULL,
                                                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

static void
dr_db_game_item_init (DrDbGameItem *self)
{
}

static DrDbGameItem *
game_item_new (const DrGameDbInfo *info,
               guint               ply)
{
  DrDbGameItem *self = g_object_new (DR_TYPE_DB_GAME_ITEM, NULL);

  self->id = info->id;
  self->ply = ply;
  self->columns[0] = g_strdup (info->white != NULL ? info->white : "");
  self->columns[1] = g_strdup (info->black != NULL ? info->black : "");
  self->columns[2] = g_strdup (info->event != NULL ? info->event : "");
  self->columns[3] = info->year > 0 ? g_strdup_printf ("%d", info->year) : g_strdup ("");
  self->columns[4] = g_strdup (info->result == DR_RESULT_UNKNOWN ? "*"
                                                                 : dr_result_to_string (info->result, info->rules));
  self->columns[5] = g_strdup (info->opening != NULL ? info->opening : info->ballot != NULL ? info->ballot : "");
  return self;
}

/* --- the window -------------------------------------------------------- */

struct _DrDbSearchDialog
{
  GtkWindow      parent_instance;

  GtkEntry      *player_entry;
  GtkEntry      *event_entry;
  GtkEntry      *opening_entry;
  GtkDropDown   *result_dropdown;
  GtkSpinButton *year_from;
  GtkSpinButton *year_to;
  GtkCheckButton *position_check;
  GtkCheckButton *pattern_check;
  GtkLabel      *status_label;
  GtkWidget     *stop_button;
  GtkWidget     *search_button;
  GtkColumnView *column_view;

  DrDbPool      *pool;
  DrGameModel   *model;
  GListStore    *results;
  GCancellable  *cancellable;   /* of the search under way, or NULL */
};

G_DEFINE_FINAL_TYPE (DrDbSearchDialog, dr_db_search_dialog, GTK_TYPE_WINDOW)

enum
{
  GAME_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  DrDbPool     *pool;
  char         *player;
  char         *event;
  char         *opening;
  int           year_min;
  int           year_max;
  int           result;
  const DrRules *rules;
  DrPosition    position;
  gboolean      use_position;
  DrPattern     pattern;
  gboolean      use_pattern;
  guint         found;          /* games matching, up to LIMIT + 1 */
} Search;

static void
search_free (gpointer data)
{
  Search *s = data;

  g_clear_pointer (&s->pool, dr_db_pool_unref);
  g_free (s->player);
  g_free (s->event);
  g_free (s->opening);
  g_free (s);
}

static char *
entry_text (GtkEntry *entry)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));

  return *text != '\0' ? g_steal_pointer (&text) : NULL;
}

static void
search_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Search *s = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) hits = NULL;
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  DrGameDbQuery query = { 0 };
  DrGameDb *db = dr_db_pool_take (s->pool, &error);

  if (db == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  query.rules = s->use_position || s->use_pattern ? s->rules : NULL;
  query.player = s->player;
  query.event = s->event;
  query.opening = s->opening;
  query.year_min = s->year_min;
  query.year_max = s->year_max;
  query.result = s->result;
  query.position = s->use_position ? &s->position : NULL;
  query.pattern = s->use_pattern ? &s->pattern : NULL;
  /* One more than shown, to tell that there are more. */
  query.limit = LIMIT + 1;
  hits = dr_gamedb_search (db, &query, cancellable, &error);
  for (guint i = 0; hits != NULL && i < hits->len && i < LIMIT; i++)
    {
      const DrGameDbHit *hit = &g_array_index (hits, DrGameDbHit, i);
      g_autoptr (DrGameDbInfo) info = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, &error))
        break;
      info = dr_gamedb_get_info (db, hit->id, &error);
      if (info == NULL)
        break;
      g_ptr_array_add (items, game_item_new (info, hit->ply));
    }
  dr_db_pool_give (s->pool, db);
  if (error != NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  s->found = hits->len;
  g_task_return_pointer (task, g_steal_pointer (&items), (GDestroyNotify) g_ptr_array_unref);
}

static void
set_running (DrDbSearchDialog *self,
             gboolean          running)
{
  gtk_widget_set_visible (self->stop_button, running);
  gtk_widget_set_sensitive (self->search_button, !running);
}

static void
search_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  DrDbSearchDialog *self = DR_DB_SEARCH_DIALOG (source);
  GTask *task = G_TASK (result);
  Search *s = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) items = g_task_propagate_pointer (task, &error);
  g_autofree char *status = NULL;

  /* A newer search took its place, or the window went. */
  if (g_task_get_cancellable (task) != self->cancellable)
    return;
  g_clear_object (&self->cancellable);
  set_running (self, FALSE);
  if (items == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->status_label, _("Search stopped"));
      else
        {
          /* Translators: the database file, then what went wrong. */
          status = g_strdup_printf (_("Searching %s failed: %s"), dr_db_pool_get_path (s->pool), error->message);
          gtk_label_set_text (self->status_label, status);
        }
      return;
    }
  g_list_store_splice (self->results, 0, g_list_model_get_n_items (G_LIST_MODEL (self->results)), items->pdata,
                       items->len);
  if (s->found > LIMIT)
    /* Translators: more games matched than are shown. */
    status = g_strdup_printf (_("More than %u games found; the first %u are shown"), LIMIT, LIMIT);
  else if (s->found == 0)
    status = g_strdup (_("No game found"));
  else
    status = g_strdup_printf (ngettext ("%u game found", "%u games found", s->found), s->found);
  gtk_label_set_text (self->status_label, status);
}

static void
dr_db_search_dialog_search_cb (DrDbSearchDialog *self)
{
  g_autoptr (GTask) task = NULL;
  Search *s = g_new0 (Search, 1);
  const DrPosition *pos = dr_game_model_get_position (self->model);
  guint result = gtk_drop_down_get_selected (self->result_dropdown);
  static const int results[] = { -1, DR_RESULT_WHITE_WINS, DR_RESULT_DRAW, DR_RESULT_BLACK_WINS };

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  s->pool = dr_db_pool_ref (self->pool);
  s->player = entry_text (self->player_entry);
  s->event = entry_text (self->event_entry);
  s->opening = entry_text (self->opening_entry);
  s->year_min = gtk_spin_button_get_value_as_int (self->year_from);
  s->year_max = gtk_spin_button_get_value_as_int (self->year_to);
  s->result = result < G_N_ELEMENTS (results) ? results[result] : -1;
  s->rules = dr_game_model_get_rules (self->model);
  s->position = *pos;
  s->use_position = gtk_check_button_get_active (self->position_check);
  s->use_pattern = gtk_check_button_get_active (self->pattern_check);
  for (int side = 0; side < 2; side++)
    {
      s->pattern.men[side] = pos->pieces[side] & ~pos->kings;
      s->pattern.kings[side] = pos->pieces[side] & pos->kings;
    }

  self->cancellable = g_cancellable_new ();
  set_running (self, TRUE);
  gtk_label_set_text (self->status_label, _("Searching…"));
  task = g_task_new (self, self->cancellable, search_done_cb, NULL);
  g_task_set_source_tag (task, dr_db_search_dialog_search_cb);
  g_task_set_task_data (task, s, search_free);
  g_task_run_in_thread (task, search_thread);
}

static void
dr_db_search_dialog_stop_cb (DrDbSearchDialog *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static void
dr_db_search_dialog_activate_cb (DrDbSearchDialog *self,
                                 guint             position)
{
  g_autoptr (DrDbGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->results), position);

  if (item != NULL)
    g_signal_emit (self, signals[GAME_ACTIVATED], 0, item->id, item->ply);
}

/* --- columns ----------------------------------------------------------- */

static void
cell_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (list_item, label);
}

static void
cell_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  data)
{
  DrDbGameItem *item = gtk_list_item_get_item (list_item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)), item->columns[GPOINTER_TO_UINT (data)]);
}

static void
add_column (DrDbSearchDialog *self,
            const char       *title,
            guint             index,
            gboolean          expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind_cb), GUINT_TO_POINTER (index));
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);
}

/* --- the object -------------------------------------------------------- */

static void
dr_db_search_dialog_dispose (GObject *object)
{
  DrDbSearchDialog *self = DR_DB_SEARCH_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_DB_SEARCH_DIALOG);
  g_clear_object (&self->results);
  g_clear_object (&self->model);
  g_clear_pointer (&self->pool, dr_db_pool_unref);
  G_OBJECT_CLASS (dr_db_search_dialog_parent_class)->dispose (object);
}

static void
dr_db_search_dialog_class_init (DrDbSearchDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_db_search_dialog_dispose;

  signals[GAME_ACTIVATED] = g_signal_new ("game-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/draughtsman/Draughtsman/dr-db-search.ui");
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, player_entry);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, event_entry);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, opening_entry);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, result_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, year_from);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, year_to);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, position_check);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, pattern_check);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, stop_button);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, search_button);
  gtk_widget_class_bind_template_child (widget_class, DrDbSearchDialog, column_view);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_search_dialog_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_search_dialog_stop_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_db_search_dialog_activate_cb);
  /* Escape closes it, as every dialog of the application. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dr_db_search_dialog_init (DrDbSearchDialog *self)
{
  g_autoptr (GtkSingleSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->results = g_list_store_new (DR_TYPE_DB_GAME_ITEM);
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->results)));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (selection));
  add_column (self, _("White"), 0, TRUE);
  add_column (self, _("Black"), 1, TRUE);
  add_column (self, _("Event"), 2, TRUE);
  add_column (self, _("Year"), 3, FALSE);
  add_column (self, _("Result"), 4, FALSE);
  add_column (self, _("Opening"), 5, TRUE);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->search_button);
}

DrDbSearchDialog *
dr_db_search_dialog_new (GtkWindow   *parent,
                         DrDbPool    *pool,
                         DrGameModel *model)
{
  DrDbSearchDialog *self = g_object_new (DR_TYPE_DB_SEARCH_DIALOG, "transient-for", parent, NULL);

  self->pool = dr_db_pool_ref (pool);
  self->model = g_object_ref (model);
  return self;
}

void
dr_db_search_dialog_set_pool (DrDbSearchDialog *self,
                              DrDbPool         *pool)
{
  g_return_if_fail (DR_IS_DB_SEARCH_DIALOG (self));
  dr_db_pool_ref (pool);
  g_clear_pointer (&self->pool, dr_db_pool_unref);
  self->pool = pool;
}

gboolean
dr_db_search_dialog_get_running (DrDbSearchDialog *self)
{
  g_return_val_if_fail (DR_IS_DB_SEARCH_DIALOG (self), FALSE);
  return self->cancellable != NULL;
}

GListModel *
dr_db_search_dialog_get_results (DrDbSearchDialog *self)
{
  g_return_val_if_fail (DR_IS_DB_SEARCH_DIALOG (self), NULL);
  return G_LIST_MODEL (self->results);
}
