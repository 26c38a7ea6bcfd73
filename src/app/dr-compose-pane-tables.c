/* dr-compose-pane-tables.c — Composition mode: the endgame tables a composition needs
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tables out of the box (issue 24).  A user who has just installed the
 * program has no tables, and the solver proves few endings without them.
 * When Verify is asked for a composition with few enough pieces for its
 * tables to build in a minute or two (COMPOSE_TABLES_8X8 pieces on 8x8
 * boards: the English 2-5 build in 78 s of CPU, 103 MB; COMPOSE_TABLES_10X10
 * on 10x10: the International 2-4 in 21 s, 11.5 MB; README "Beyond one
 * machine") and the variant's tables for that many pieces are missing, a
 * banner above the report offers to build them: which tables, the disk
 * size and the time (the manager's estimates from the slices' sizes).
 * The build runs on the manager's thread (the window stays usable), with
 * its progress and Cancel in the banner; the verification then starts
 * with the new tables.  The answer can be remembered (the
 * "compose-build-tables" key: ask, always, never).  A build cancelled
 * leaves no table half-written: the slices finished are kept (building
 * again goes on from there), the one under way is removed.
 */

#define G_LOG_DOMAIN "dr-compose-pane"

#include "config.h"

#include "dr-compose-pane-private.h"

#include "dr-bitboard.h"

#include <glib/gi18n.h>

/* The most pieces the tables offered here have, per board. */
#define COMPOSE_TABLES_8X8   5
#define COMPOSE_TABLES_10X10 4

int
dr_compose_pane_tables_limit (const DrRules *rules)
{
  int board = rules->geometry->n_squares > 32 ? COMPOSE_TABLES_10X10 : COMPOSE_TABLES_8X8;

  return MIN (board, dr_egdb_manager_max_pieces (rules));
}

static char *
duration_text (double seconds)
{
  if (seconds < 60)
    /* Translators: an estimate of a build's time. */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %d second", "about %d seconds",
                                         (gulong) MAX (1, (int) (seconds + 0.5))),
                            MAX (1, (int) (seconds + 0.5)));
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "about %d minute", "about %d minutes",
                                       (gulong) (int) (seconds / 60 + 0.5)),
                          (int) (seconds / 60 + 0.5));
}

static void
show_banner (DrComposePane *self,
             gboolean       building)
{
  gtk_widget_set_visible (self->tables_banner, TRUE);
  gtk_widget_set_visible (self->tables_offer_box, !building);
  gtk_widget_set_visible (self->tables_build_box, building);
}

static void
hide_banner (DrComposePane *self)
{
  gtk_widget_set_visible (self->tables_banner, FALSE);
  self->tables_offering = FALSE;
}

static void
update_progress (DrComposePane *self)
{
  const DrEgdbBuildState *b = dr_egdb_manager_get_build (dr_egdb_manager_get_default ());
  g_autofree char *text = NULL;

  if (b == NULL || !self->tables_building)
    return;
  /* Translators: the variant, the slice being built, its number and how many. */
  text = g_strdup_printf (_("Building the %s tables: %s (%d of %d)"), _(b->rules->title),
                          b->slice[0] != '\0' ? b->slice : "…", MIN (b->slice_index + 1, b->n_slices),
                          b->n_slices);
  gtk_progress_bar_set_text (self->tables_progress, text);
  gtk_progress_bar_set_fraction (self->tables_progress, b->fraction);
}

/* The tables are there (or opening them failed): the verification. */
static void
verify_with_tables (DrComposePane *self)
{
  DrEgdbManager *manager = dr_egdb_manager_get_default ();
  g_autofree char *error = NULL;
  g_autoptr (DrEgdbTables) tables = dr_egdb_manager_get_tables (manager, self->tables_rules, &error);

  if (tables == NULL && dr_egdb_manager_is_opening (manager, self->tables_rules))
    {
      /* Being opened on a worker: again at ::tables-opened. */
      self->tables_opening = TRUE;
      return;
    }
  self->tables_opening = FALSE;
  hide_banner (self);
  if (tables != NULL)
    dr_compose_pane_set_egdb (self, tables);
  else if (error != NULL)
    g_warning ("The tables just built cannot be opened: %s", error);
  self->tables_asked = TRUE;
  dr_compose_pane_verify (self);
}

static void
tables_opened_cb (DrComposePane *self,
                  const DrRules *rules,
                  DrEgdbManager *manager)
{
  if (self->tables_opening && rules == self->tables_rules)
    verify_with_tables (self);
}

static void
build_progress_cb (DrComposePane *self,
                   DrEgdbManager *manager)
{
  update_progress (self);
}

static void
build_finished_cb (DrComposePane *self,
                   const GError  *error,
                   DrEgdbManager *manager)
{
  if (!self->tables_building)
    return;
  self->tables_building = FALSE;
  gtk_widget_set_sensitive (self->verify_button, TRUE);
  if (error != NULL)
    {
      g_autofree char *text = NULL;

      hide_banner (self);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->verdict_label,
                            _("The table build was cancelled: Verify asks again, or verifies without them"));
      else
        {
          /* Translators: the build failed; the reason follows. */
          text = g_strdup_printf (_("The tables could not be built: %s"), error->message);
          gtk_label_set_text (self->verdict_label, text);
        }
      return;
    }
  verify_with_tables (self);
}

static void
start_build (DrComposePane *self)
{
  g_autoptr (GError) error = NULL;

  if (!dr_egdb_manager_build (dr_egdb_manager_get_default (), self->tables_rules, self->tables_pieces, &error))
    {
      g_autofree char *text = g_strdup_printf (_("The tables could not be built: %s"), error->message);

      hide_banner (self);
      gtk_label_set_text (self->verdict_label, text);
      return;
    }
  self->tables_building = TRUE;
  self->tables_offering = FALSE;
  gtk_widget_set_sensitive (self->verify_button, FALSE);
  gtk_progress_bar_set_fraction (self->tables_progress, 0);
  show_banner (self, TRUE);
  gtk_label_set_text (self->verdict_label, _("Building the endgame tables; the verification follows"));
  update_progress (self);
}

static void
build_clicked_cb (DrComposePane *self)
{
  if (gtk_check_button_get_active (self->tables_remember))
    g_settings_set_string (self->settings, "compose-build-tables", "always");
  start_build (self);
}

static void
without_clicked_cb (DrComposePane *self)
{
  if (gtk_check_button_get_active (self->tables_remember))
    g_settings_set_string (self->settings, "compose-build-tables", "never");
  hide_banner (self);
  self->tables_asked = TRUE;
  dr_compose_pane_verify (self);
}

static void
cancel_build_clicked_cb (DrComposePane *self)
{
  if (self->tables_building)
    dr_egdb_manager_cancel (dr_egdb_manager_get_default ());
}

gboolean
_dr_compose_pane_tables_intercept (DrComposePane *self)
{
  DrGame *game = dr_game_model_get_game (self->model);
  DrEgdbManager *manager = dr_egdb_manager_get_default ();
  g_autofree char *answer = NULL;
  g_autoptr (GPtrArray) survey = NULL;
  const DrEgdbCountStatus *status;
  int pieces;

  if (self->tables_asked)
    {
      /* Answered for this verification. */
      self->tables_asked = FALSE;
      return FALSE;
    }
  if (self->tables_building || self->tables_opening)
    return TRUE;
  hide_banner (self);
  answer = g_settings_get_string (self->settings, "compose-build-tables");
  pieces = dr_bb_count (dr_position_occupied (&game->root->position));
  if (g_str_equal (answer, "never") || pieces < 2 || pieces > dr_compose_pane_tables_limit (game->rules)
      || dr_egdb_manager_get_build (manager) != NULL)
    return FALSE;
  /* Tables of the position's size are open: nothing to offer, and no
   * survey (it reads every file's header and index) on this thread. */
  if (self->egdb != NULL && dr_egdb_max_pieces (dr_egdb_tables_get (self->egdb)) >= pieces)
    return FALSE;
  survey = dr_egdb_manager_survey (manager, game->rules);
  if (survey == NULL || survey->len < (guint) (pieces - 1))
    return FALSE;
  status = g_ptr_array_index (survey, pieces - 2);
  if (status->n_missing == 0)
    return FALSE;
  self->tables_rules = game->rules;
  self->tables_pieces = pieces;
  self->tables_start = game->root->position;
  if (g_str_equal (answer, "always"))
    {
      start_build (self);
      return self->tables_building;
    }
  {
    g_autofree char *size = g_format_size (status->estimate_bytes);
    g_autofree char *time = duration_text (status->estimate_seconds);
    /* Translators: the variant, the largest piece count, the disk size
     * ("103 MB") and the time ("about 2 minutes"). */
    g_autofree char *text = g_strdup_printf (_("The %s endgame tables of 2 to %d pieces are not installed; with them "
                                               "the solver proves this ending exactly. Build them now, in the "
                                               "background? They take %s on disk and %s of work."),
                                             _(game->rules->title), pieces, size, time);

    gtk_label_set_text (self->tables_label, text);
  }
  gtk_check_button_set_active (self->tables_remember, FALSE);
  self->tables_offering = TRUE;
  show_banner (self, FALSE);
  gtk_label_set_text (self->verdict_label, _("Endgame tables would help: build them, or verify without them"));
  return TRUE;
}

void
_dr_compose_pane_tables_follow (DrComposePane *self)
{
  DrGame *game = dr_game_model_get_game (self->model);

  if (self->tables_offering
      && (game->rules != self->tables_rules || !dr_position_equal (&game->root->position, &self->tables_start)))
    {
      hide_banner (self);
      gtk_label_set_text (self->verdict_label, "");
    }
}

const char *
dr_compose_pane_get_tables_offer (DrComposePane *self)
{
  g_return_val_if_fail (DR_IS_COMPOSE_PANE (self), NULL);
  return self->tables_offering ? gtk_label_get_text (self->tables_label) : NULL;
}

gboolean
dr_compose_pane_get_building_tables (DrComposePane *self)
{
  g_return_val_if_fail (DR_IS_COMPOSE_PANE (self), FALSE);
  return self->tables_building || self->tables_opening;
}

static GtkWidget *
new_button (const char *label,
            GCallback   callback,
            gpointer    data)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  g_signal_connect_swapped (button, "clicked", callback, data);
  return button;
}

/* The banner, above the verdict (hidden until it offers). */
void
_dr_compose_pane_tables_init (DrComposePane *self)
{
  DrEgdbManager *manager = dr_egdb_manager_get_default ();
  GtkWidget *buttons;
  GtkWidget *button;

  self->settings = g_settings_new (APP_ID);
  self->tables_banner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->tables_banner, "card");
  gtk_widget_set_visible (self->tables_banner, FALSE);

  self->tables_offer_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (self->tables_offer_box, 8);
  gtk_widget_set_margin_end (self->tables_offer_box, 8);
  gtk_widget_set_margin_top (self->tables_offer_box, 8);
  gtk_widget_set_margin_bottom (self->tables_offer_box, 8);
  self->tables_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->tables_label, TRUE);
  gtk_label_set_xalign (self->tables_label, 0);
  gtk_box_append (GTK_BOX (self->tables_offer_box), GTK_WIDGET (self->tables_label));
  self->tables_remember = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_("_Remember the answer")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->tables_remember),
                               _("Build such tables from now on without asking, or never offer them"));
  gtk_box_append (GTK_BOX (self->tables_offer_box), GTK_WIDGET (self->tables_remember));
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  button = new_button (_("_Build Tables"), G_CALLBACK (build_clicked_cb), self);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_box_append (GTK_BOX (buttons), button);
  gtk_box_append (GTK_BOX (buttons), new_button (_("Verify _Without"), G_CALLBACK (without_clicked_cb), self));
  gtk_box_append (GTK_BOX (self->tables_offer_box), buttons);
  gtk_box_append (GTK_BOX (self->tables_banner), self->tables_offer_box);

  self->tables_build_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (self->tables_build_box, 8);
  gtk_widget_set_margin_end (self->tables_build_box, 8);
  gtk_widget_set_margin_top (self->tables_build_box, 8);
  gtk_widget_set_margin_bottom (self->tables_build_box, 8);
  self->tables_progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->tables_progress, TRUE);
  gtk_progress_bar_set_ellipsize (self->tables_progress, PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (self->tables_build_box), GTK_WIDGET (self->tables_progress));
  gtk_box_append (GTK_BOX (self->tables_build_box),
                  new_button (_("_Cancel the Build"), G_CALLBACK (cancel_build_clicked_cb), self));
  gtk_box_append (GTK_BOX (self->tables_banner), self->tables_build_box);

  gtk_box_insert_child_after (GTK_BOX (self), self->tables_banner, GTK_WIDGET (self->progress_bar));

  g_signal_connect_object (manager, "build-progress", G_CALLBACK (build_progress_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "build-finished", G_CALLBACK (build_finished_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (manager, "tables-opened", G_CALLBACK (tables_opened_cb), self, G_CONNECT_SWAPPED);
}

void
_dr_compose_pane_tables_dispose (DrComposePane *self)
{
  /* A build the pane started goes on (the manager's, as from the tables
   * page); nobody verifies after it. */
  self->tables_building = FALSE;
  self->tables_opening = FALSE;
  g_clear_object (&self->settings);
}
