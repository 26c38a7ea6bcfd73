/* dr-drill-dialog.c — Train Repertoire: an opening drill on the window's board
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The repertoire (a PDN file: every variation a line) is read on a worker;
 * then the drill (dr-drill.h) runs on the main loop: the window's game
 * becomes the drill's line, the program's moves are played into it, and
 * the user's moves on the board come here instead of into the game.  A
 * move of the repertoire is played; after a miss the right move is played
 * in its place and this window tells it, with its comment.  What needs
 * practice is kept in the window's game database (one connection of its
 * pool, held while the drill lasts), per repertoire file and side, so the
 * next drill over the same file goes more often where the user missed;
 * without a database, for the session.
 */

#define G_LOG_DOMAIN "dr-drill-dialog"

#include "config.h"

#include "dr-drill-dialog.h"

#include "dr-db-pool.h"
#include "dr-drill.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn-collection.h"

#include <glib/gi18n.h>
#include <string.h>

struct _DrDrillDialog
{
  GtkWindow      parent_instance;

  GtkLabel      *file_label;
  GtkDropDown   *side_dropdown;
  GtkLabel      *message_label;
  GtkLabel      *score_label;
  GtkWidget     *start_button;
  GtkWidget     *stop_button;

  DrWindow      *window;        /* weak */
  GFile         *file;
  GCancellable  *cancellable;   /* of the repertoire being read, or NULL */
  DrRepertoire  *repertoire;
  DrDrill       *drill;
  DrDbPool      *pool;          /* the window's game database, or NULL */
  DrDbPool      *db_pool;       /* where @db comes from */
  DrGameDb      *db;            /* the drill's connection, or NULL */
  gboolean       active;
  guint          right;
  guint          missed;
};

G_DEFINE_FINAL_TYPE (DrDrillDialog, dr_drill_dialog, GTK_TYPE_WINDOW)

static void
set_message (DrDrillDialog *self,
             const char    *message)
{
  gtk_label_set_text (self->message_label, message);
}

static void
update_score (DrDrillDialog *self)
{
  g_autofree char *text = NULL;

  /* Translators: the user's answers in the drill so far. */
  text = g_strdup_printf (_("Right: %u · missed: %u"), self->right, self->missed);
  if (self->drill != NULL)
    {
      g_autoptr (GPtrArray) weak = dr_drill_weak_lines (self->drill);
      g_autofree char *all = NULL;

      /* Translators: positions of the repertoire the user missed and has
       * not made good since, in this drill or an earlier one. */
      all = g_strdup_printf (ngettext ("%s · %u position to practise", "%s · %u positions to practise", weak->len),
                             text, weak->len);
      g_free (text);
      text = g_steal_pointer (&all);
    }
  gtk_label_set_text (self->score_label, text);
}

static void
update_buttons (DrDrillDialog *self)
{
  gtk_widget_set_sensitive (self->start_button, self->file != NULL && self->cancellable == NULL);
  gtk_widget_set_sensitive (self->stop_button, self->active);
}

/* The window's game follows the drill's line: the moves it does not have
 * yet are played into it (all of them again if it was moved elsewhere). */
static void
sync_game (DrDrillDialog *self)
{
  DrGameModel *model = dr_window_get_model (self->window);
  const GArray *moves = dr_drill_get_moves (self->drill);
  const DrRules *rules = dr_repertoire_get_rules (self->repertoire);
  DrGameNode *node;

  dr_game_model_go_end (model);
  node = dr_game_model_get_current (model);
  if (dr_game_model_get_rules (model) != rules || node->ply > moves->len)
    {
      dr_game_model_new_game (model, rules, NULL);
      node = dr_game_model_get_current (model);
    }
  for (guint i = node->ply; i < moves->len; i++)
    dr_game_model_play (model, &g_array_index (moves, DrMove, i));
  if (memcmp (dr_game_model_get_position (model)->pieces, dr_drill_get_position (self->drill)->pieces,
              sizeof (DrBitboard) * 2) != 0)
    {
      dr_game_model_new_game (model, rules, NULL);
      for (guint i = 0; i < moves->len; i++)
        dr_game_model_play (model, &g_array_index (moves, DrMove, i));
    }
}

static void
tell_over (DrDrillDialog *self,
           const char    *before)
{
  g_autofree char *text = NULL;

  /* Translators: the end of a line of the drill. */
  text = g_strdup_printf ("%s%s%s", before != NULL ? before : "", before != NULL ? "\n" : "",
                          _("The line is over. Start again for another one."));
  set_message (self, text);
  self->active = FALSE;
  update_buttons (self);
}

static void
begin_decided (DrWindow *window,
               gboolean  go_on,
               gpointer  data)
{
  DrDrillDialog *self = data;

  if (!go_on || self->drill == NULL)
    return;
  dr_game_model_new_game (dr_window_get_model (window), dr_repertoire_get_rules (self->repertoire), NULL);
  dr_drill_restart (self->drill);
  self->active = TRUE;
  sync_game (self);
  if (dr_drill_is_over (self->drill))
    tell_over (self, _("The repertoire has no move for your side here."));
  else
    set_message (self, _("Your move: play it on the board."));
  update_score (self);
  update_buttons (self);
}

/* --- reading the repertoire -------------------------------------------- */

typedef struct
{
  char          *path;
  DrSide         side;
  DrRepertoire  *repertoire;
  guint          refused;
} Reading;

static void
reading_free (gpointer data)
{
  Reading *r = data;

  g_free (r->path);
  g_clear_pointer (&r->repertoire, dr_repertoire_free);
  g_free (r);
}

static void
read_thread (GTask        *task,
             gpointer      source,
             gpointer      data,
             GCancellable *cancellable)
{
  Reading *r = data;
  g_autoptr (GError) error = NULL;
  DrPdnCollection *collection = dr_pdn_collection_new_from_file (r->path, NULL, NULL, &error);
  guint n;

  if (collection == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  n = dr_pdn_collection_get_n_entries (collection);
  if (n > 0)
    r->repertoire = dr_repertoire_new (dr_pdn_collection_get_game (collection, 0)->rules, r->side);
  for (guint i = 0; i < n; i++)
    if (!dr_repertoire_add_game (r->repertoire, dr_pdn_collection_get_game (collection, i), NULL))
      r->refused++;
  dr_pdn_collection_free (collection);
  if (r->repertoire == NULL || dr_repertoire_get_n_positions (r->repertoire) == 0)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("%s holds no line from the start"),
                             r->path);
  else
    g_task_return_boolean (task, TRUE);
}

/* The drill goes, and its connection back to its pool. */
static void
drop_drill (DrDrillDialog *self)
{
  g_clear_pointer (&self->drill, dr_drill_free);
  if (self->db != NULL)
    dr_db_pool_give (self->db_pool, g_steal_pointer (&self->db));
  g_clear_pointer (&self->db_pool, dr_db_pool_unref);
}

static void
read_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  DrDrillDialog *self = DR_DRILL_DIALOG (source);
  Reading *r = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return;
  g_clear_object (&self->cancellable);
  update_buttons (self);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* Translators: why the repertoire cannot be used. */
      g_autofree char *text = g_strdup_printf (_("The repertoire cannot be read: %s"), error->message);
      set_message (self, text);
      return;
    }
  drop_drill (self);
  g_clear_pointer (&self->repertoire, dr_repertoire_free);
  self->repertoire = g_steal_pointer (&r->repertoire);
  if (self->pool != NULL)
    {
      g_autoptr (GError) db_error = NULL;

      self->db = dr_db_pool_take (self->pool, &db_error);
      if (self->db != NULL)
        self->db_pool = dr_db_pool_ref (self->pool);
      else
        g_warning ("The drill keeps what needs practice for this session only: %s", db_error->message);
    }
  {
    /* The repertoire's file names the record (dr-drill.c adds the variant
     * and the side). */
    g_autofree char *uri = g_file_get_uri (self->file);

    self->drill = dr_drill_new (self->repertoire, self->db, uri, g_random_int ());
  }
  self->right = self->missed = 0;
  update_score (self);
  if (self->window != NULL)
    dr_window_confirm_discard (self->window, begin_decided, g_object_ref (self), g_object_unref);
}

static void
dr_drill_dialog_start_cb (DrDrillDialog *self)
{
  g_autoptr (GTask) task = NULL;
  Reading *r;

  if (self->file == NULL || self->cancellable != NULL)
    return;
  r = g_new0 (Reading, 1);
  r->path = g_file_get_path (self->file);
  r->side = gtk_drop_down_get_selected (self->side_dropdown) == 1 ? DR_SIDE_BLACK : DR_SIDE_WHITE;
  self->active = FALSE;
  self->cancellable = g_cancellable_new ();
  update_buttons (self);
  set_message (self, _("Reading the repertoire…"));
  task = g_task_new (self, self->cancellable, read_done_cb, NULL);
  g_task_set_source_tag (task, dr_drill_dialog_start_cb);
  g_task_set_task_data (task, r, reading_free);
  g_task_run_in_thread (task, read_thread);
}

static void
dr_drill_dialog_stop_cb (DrDrillDialog *self)
{
  self->active = FALSE;
  set_message (self, _("Stopped: the board is yours again."));
  update_buttons (self);
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     DrDrillDialog   *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      dr_drill_dialog_set_file (self, file);
    }
  g_object_unref (dialog);
}

static void
dr_drill_dialog_choose_cb (DrDrillDialog *self)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Choose a Repertoire"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"),
                                                              _("_Cancel"));
  g_autoptr (GtkFileFilter) filter = dr_pdn_file_filter ();

  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_signal_connect (dialog, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* --- the object -------------------------------------------------------- */

static void
dr_drill_dialog_dispose (GObject *object)
{
  DrDrillDialog *self = DR_DRILL_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->active = FALSE;
  if (self->window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
  self->window = NULL;
  drop_drill (self);
  g_clear_pointer (&self->pool, dr_db_pool_unref);
  g_clear_pointer (&self->repertoire, dr_repertoire_free);
  g_clear_object (&self->file);
  gtk_widget_dispose_template (GTK_WIDGET (self), DR_TYPE_DRILL_DIALOG);
  G_OBJECT_CLASS (dr_drill_dialog_parent_class)->dispose (object);
}

static void
dr_drill_dialog_class_init (DrDrillDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dr_drill_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/draughtsman/Draughtsman/dr-drill-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DrDrillDialog, file_label);
  gtk_widget_class_bind_template_child (widget_class, DrDrillDialog, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DrDrillDialog, message_label);
  gtk_widget_class_bind_template_child (widget_class, DrDrillDialog, score_label);
  gtk_widget_class_bind_template_child (widget_class, DrDrillDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, DrDrillDialog, stop_button);
  gtk_widget_class_bind_template_callback (widget_class, dr_drill_dialog_start_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_drill_dialog_stop_cb);
  gtk_widget_class_bind_template_callback (widget_class, dr_drill_dialog_choose_cb);
  /* Escape closes it, as every dialog of the application. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dr_drill_dialog_init (DrDrillDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

DrDrillDialog *
dr_drill_dialog_new (DrWindow *window)
{
  DrDrillDialog *self = g_object_new (DR_TYPE_DRILL_DIALOG, "transient-for", window, NULL);

  self->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
  return self;
}

void
dr_drill_dialog_set_file (DrDrillDialog *self,
                          GFile         *file)
{
  g_autofree char *name = NULL;

  g_return_if_fail (DR_IS_DRILL_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));
  g_set_object (&self->file, file);
  name = g_file_get_parse_name (file);
  gtk_label_set_text (self->file_label, name);
  update_buttons (self);
}

void
dr_drill_dialog_set_pool (DrDrillDialog *self,
                          DrDbPool      *pool)
{
  g_return_if_fail (DR_IS_DRILL_DIALOG (self));
  if (pool != NULL)
    dr_db_pool_ref (pool);
  g_clear_pointer (&self->pool, dr_db_pool_unref);
  self->pool = pool;
}

const char *
dr_drill_dialog_get_score (DrDrillDialog *self)
{
  g_return_val_if_fail (DR_IS_DRILL_DIALOG (self), NULL);
  return gtk_label_get_text (self->score_label);
}

gboolean
dr_drill_dialog_get_active (DrDrillDialog *self)
{
  g_return_val_if_fail (DR_IS_DRILL_DIALOG (self), FALSE);
  return self->active && self->window != NULL;
}

void
dr_drill_dialog_answer (DrDrillDialog *self,
                        const DrMove  *move)
{
  const DrRules *rules;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autofree char *played = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  DrDrillVerdict verdict;
  DrMove expected;
  const char *comment = NULL;

  g_return_if_fail (DR_IS_DRILL_DIALOG (self));
  if (!dr_drill_dialog_get_active (self))
    return;
  rules = dr_repertoire_get_rules (self->repertoire);
  dr_movegen_legal (rules, dr_drill_get_position (self->drill), legal);
  played = dr_move_to_text (rules, legal, move, rules->notation);
  if (!dr_drill_answer (self->drill, move, &verdict, &expected, &comment, &error))
    {
      set_message (self, error->message);
      return;
    }
  if (verdict == DR_DRILL_CORRECT)
    {
      self->right++;
      /* Translators: the user's move was one of the repertoire. */
      text = g_strdup_printf (_("Right: %s"), played);
    }
  else
    {
      g_autofree char *right = dr_move_to_text (rules, legal, &expected, rules->notation);

      self->missed++;
      /* Translators: the user's move, then the repertoire's, then its
       * comment (or nothing). */
      text = g_strdup_printf (_("%s is not in the repertoire: the move is %s%s%s"), played, right,
                              comment != NULL ? " — " : "", comment != NULL ? comment : "");
    }
  sync_game (self);
  update_score (self);
  if (dr_drill_is_over (self->drill))
    tell_over (self, text);
  else
    set_message (self, text);
}

const char *
dr_drill_dialog_get_message (DrDrillDialog *self)
{
  g_return_val_if_fail (DR_IS_DRILL_DIALOG (self), NULL);
  return gtk_label_get_text (self->message_label);
}
