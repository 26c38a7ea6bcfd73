/* test-app-keyentry.c — typing a move on the keyboard (issue 23)
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real keys and clicks
 * (test-app-util.h).  A digit typed on the board, or Ctrl+K, opens the
 * move entry over the board; Return plays what is typed, in the notation
 * the board shows, as one undo step.  A capture with several routes lists
 * them below the entry and Down, Down, Return plays the second, as does a
 * click on it; a text that is
 * no legal move says why and plays nothing; Escape closes the entry.
 */

#define G_LOG_DOMAIN "test-app-keyentry"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-application.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-window-private.h"

#include <string.h>

/* The king on 47 takes four pieces by two routes that end on 6:
 * 47x24x8x17x6 (11, 12, 19, 29) and 47x24x35x44x6 (11, 29, 30, 40). */
#define IN_TWO_ROUTES "W:WK47:B11,12,19,29,30,40"

static gboolean have_display;
static DrApplication *app;

/* A window of @app showing a new game of @rules from @fen (NULL: the
 * variant's start). */
static DrWindow *
open_game (const DrRules *rules,
           const char    *fen)
{
  DrWindow *window = test_open_window (GTK_APPLICATION (app));
  DrPosition pos;

  if (fen != NULL)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (dr_fen_parse (rules, fen, &pos, &error));
      g_assert_no_error (error);
    }
  dr_game_model_new_game (window->model, rules, fen != NULL ? &pos : NULL);
  test_settle ();
  return window;
}

static GtkWidget *
entry_of (DrWindow *window)
{
  return test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_ENTRY, NULL, NULL);
}

static gboolean
entry_open (gpointer data)
{
  GtkWidget *entry = entry_of (data);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (data));

  /* The focus is in the entry's text. */
  return entry != NULL && gtk_widget_get_mapped (entry) && focus != NULL
         && (focus == entry || gtk_widget_is_ancestor (focus, entry));
}

static gboolean
entry_closed (gpointer data)
{
  GtkWidget *entry = entry_of (data);

  return entry == NULL || !gtk_widget_get_mapped (entry);
}

static gboolean
is_error_label (GtkWidget *widget,
                gpointer   data)
{
  return gtk_widget_has_css_class (widget, "error");
}

/* The message shown under the entry, or NULL when none is shown. */
static const char *
entry_message (DrWindow *window)
{
  GtkWidget *label = test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_LABEL, is_error_label, NULL);

  g_assert_nonnull (label);
  return gtk_widget_get_visible (label) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

static GtkListBox *
completions_of (DrWindow *window)
{
  GtkWidget *list = test_find_widget (GTK_WIDGET (window->board_view), GTK_TYPE_LIST_BOX, NULL, NULL);

  g_assert_nonnull (list);
  return GTK_LIST_BOX (list);
}

/* The texts of the completions listed. */
static GPtrArray *
completion_texts (DrWindow *window)
{
  GtkListBox *list = completions_of (window);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);
  GtkListBoxRow *row;

  if (!gtk_widget_get_visible (GTK_WIDGET (list)))
    return texts;
  for (int i = 0; (row = gtk_list_box_get_row_at_index (list, i)) != NULL; i++)
    g_ptr_array_add (texts, g_strdup (gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (row)))));
  return texts;
}

/* Opens the entry with Ctrl+K. */
static void
open_entry (DrWindow *window)
{
  test_keys (GTK_WINDOW (window), "ctrl+k");
  test_wait_until (entry_open, window, "the move entry to open");
}

/* The move of @text in the window's current position, which must parse. */
static DrMove
parse_move (DrWindow   *window,
            const char *text)
{
  const DrRules *rules = dr_game_model_get_rules (window->model);
  g_autoptr (GError) error = NULL;
  DrMove move;

  g_assert_true (dr_move_parse (rules, dr_game_model_get_position (window->model), NULL, text, &move, &error));
  g_assert_no_error (error);
  return move;
}

static gboolean
same_move (const DrMove *a,
           const DrMove *b)
{
  return a->from == b->from && a->to == b->to && a->captures == b->captures && a->n_jumps == b->n_jumps
         && memcmp (a->path, b->path, a->n_jumps) == 0;
}

/* The game is at its start, with no move. */
static void
assert_at_bare_start (DrWindow *window)
{
  DrGameNode *root = dr_game_model_get_game (window->model)->root;

  g_assert_true (dr_game_model_get_current (window->model) == root);
  g_assert_null (root->children);
}

/* A digit typed on the board opens the entry with it; the rest typed and
 * Return play 32-28 as one undo step. */
static void
test_numeric (void)
{
  DrWindow *window;
  DrGameNode *root;
  g_autofree char *list = NULL;

  if (test_skip_without_input (have_display))
    return;
  window = open_game (&dr_rules_international, NULL);
  root = dr_game_model_get_current (window->model);
  gtk_widget_grab_focus (GTK_WIDGET (window->board_view));
  test_keys (GTK_WINDOW (window), "3");
  test_wait_until (entry_open, window, "the move entry to open on a digit");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_of (window))), ==, "3");
  test_type (GTK_WINDOW (window), "2-28");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry_of (window))), ==, "32-28");
  /* The only legal move that starts so is offered. */
  {
    g_autoptr (GPtrArray) texts = completion_texts (window);

    g_assert_cmpuint (texts->len, ==, 1);
    g_assert_cmpstr (g_ptr_array_index (texts, 0), ==, "32-28");
  }
  test_keys (GTK_WINDOW (window), "Return");
  test_wait_until (entry_closed, window, "the move entry to close");
  g_assert_true (dr_game_model_get_current (window->model)->parent == root);
  list = dr_move_list_view_get_text (window->move_list);
  g_assert_nonnull (strstr (list, "32-28"));
  /* One undo step (it brings back a copy of the game before). */
  test_keys (GTK_WINDOW (window), "ctrl+z");
  assert_at_bare_start (window);
  test_put_away (window);
}

/* Russian: the short form "cd4" (004 1.6.2) typed in capitals, and a
 * capture written "c3:e5". */
static void
test_russian_short (void)
{
  DrWindow *window;
  DrGameNode *node;
  g_autofree char *list = NULL;

  if (test_skip_without_input (have_display))
    return;
  window = open_game (&dr_rules_russian, NULL);
  open_entry (window);
  test_type (GTK_WINDOW (window), "CD4");
  test_keys (GTK_WINDOW (window), "Return");
  test_wait_until (entry_closed, window, "the move entry to close");
  node = dr_game_model_get_current (window->model);
  g_assert_true (node->parent == dr_game_model_get_game (window->model)->root);
  {
    g_autofree char *from = dr_notation_square (&dr_rules_russian, node->move.from, DR_NOTATION_ALGEBRAIC,
                                                g_malloc (8));
    g_autofree char *to = dr_notation_square (&dr_rules_russian, node->move.to, DR_NOTATION_ALGEBRAIC,
                                              g_malloc (8));
    g_assert_cmpstr (from, ==, "c3");
    g_assert_cmpstr (to, ==, "d4");
  }
  list = dr_move_list_view_get_text (window->move_list);
  g_assert_nonnull (strstr (list, "c3-d4"));

  /* Black answers f6-e5 (typed in full); White takes c3... d4:f6. */
  open_entry (window);
  test_type (GTK_WINDOW (window), "f6-e5");
  test_keys (GTK_WINDOW (window), "Return");
  test_wait_until (entry_closed, window, "the move entry to close");
  open_entry (window);
  test_type (GTK_WINDOW (window), "d:f6");
  test_keys (GTK_WINDOW (window), "Return");
  test_wait_until (entry_closed, window, "the move entry to close");
  node = dr_game_model_get_current (window->model);
  g_assert_cmpuint (node->move.n_jumps, ==, 1);
  g_clear_pointer (&list, g_free);
  list = dr_move_list_view_get_text (window->move_list);
  g_assert_nonnull (strstr (list, "d4:f6"));
  test_put_away (window);
}

/* "47x6" fits two routes: both are offered, and the second, chosen with
 * the keys (@data NULL) or by a click on it (@data non-NULL), is played as
 * one undo step, taking its pieces. */
static void
test_routes (gconstpointer data)
{
  gboolean by_click = data != NULL;
  DrWindow *window;
  DrGameNode *root, *node;
  g_autoptr (GPtrArray) texts = NULL;
  DrMove first, second;
  GtkListBoxRow *row;

  if (test_skip_without_input (have_display))
    return;
  window = open_game (&dr_rules_international, IN_TWO_ROUTES);
  root = dr_game_model_get_current (window->model);
  open_entry (window);
  test_type (GTK_WINDOW (window), "47x6");
  texts = completion_texts (window);
  g_assert_cmpuint (texts->len, ==, 2);
  g_assert_true ((g_str_equal (g_ptr_array_index (texts, 0), "47x24x8x17x6")
                  && g_str_equal (g_ptr_array_index (texts, 1), "47x24x35x44x6"))
                 || (g_str_equal (g_ptr_array_index (texts, 1), "47x24x8x17x6")
                     && g_str_equal (g_ptr_array_index (texts, 0), "47x24x35x44x6")));
  first = parse_move (window, g_ptr_array_index (texts, 0));
  second = parse_move (window, g_ptr_array_index (texts, 1));
  g_assert_true (first.captures != second.captures);

  /* Return alone says that the text fits both, and plays nothing (the
   * message appears above the list, which moves down). */
  test_keys (GTK_WINDOW (window), "Return");
  g_assert_nonnull (entry_message (window));
  g_assert_nonnull (strstr (entry_message (window), g_ptr_array_index (texts, 1)));
  g_assert_true (dr_game_model_get_current (window->model) == root);
  g_assert_true (entry_open (window));

  row = gtk_list_box_get_row_at_index (completions_of (window), 1);
  if (by_click)
    test_click_widget (GTK_WIDGET (row));
  else
    {
      /* Down goes to the first route, Down again to the second. */
      test_keys (GTK_WINDOW (window), "Down Down");
      g_assert_true (gtk_widget_has_focus (GTK_WIDGET (row)));
      test_keys (GTK_WINDOW (window), "Return");
    }
  test_wait_until (entry_closed, window, "the move entry to close");
  node = dr_game_model_get_current (window->model);
  /* Before the board presented its popovers as they grew, the entry kept
   * its first size: the routes lay outside it, and a click on one closed
   * the entry and played nothing. */
  if (node == root)
    g_error ("choosing the route %s closed the entry and played nothing", (const char *) g_ptr_array_index (texts, 1));
  g_assert_true (node->parent == root);
  g_assert_true (same_move (&node->move, &second));
  g_assert_true ((node->position.pieces[DR_SIDE_BLACK] & second.captures) == 0);
  g_assert_true ((node->position.pieces[DR_SIDE_BLACK] & first.captures & ~second.captures) != 0);
  /* One undo step. */
  test_keys (GTK_WINDOW (window), "ctrl+z");
  assert_at_bare_start (window);
  test_put_away (window);
}

/* A move that is not legal says why and plays nothing; the entry stays
 * for correction. */
static void
test_illegal (void)
{
  DrWindow *window;
  DrGameNode *root;
  const char *message;

  if (test_skip_without_input (have_display))
    return;
  window = open_game (&dr_rules_international, NULL);
  root = dr_game_model_get_current (window->model);
  open_entry (window);
  test_type (GTK_WINDOW (window), "28-23");
  test_keys (GTK_WINDOW (window), "Return");
  message = entry_message (window);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, "no piece on 28"));
  g_assert_true (entry_open (window));
  g_assert_true (dr_game_model_get_current (window->model) == root);
  g_assert_null (root->children);

  /* Not a move at all. */
  gtk_editable_set_text (GTK_EDITABLE (entry_of (window)), "");
  test_type (GTK_WINDOW (window), "32/28");
  test_keys (GTK_WINDOW (window), "Return");
  g_assert_nonnull (entry_message (window));
  g_assert_null (root->children);
  test_keys (GTK_WINDOW (window), "Escape");
  test_wait_until (entry_closed, window, "the move entry to close");
  test_put_away (window);
}

/* Escape closes the entry and plays nothing; the board has the focus. */
static void
test_escape (void)
{
  DrWindow *window;
  DrGameNode *root;

  if (test_skip_without_input (have_display))
    return;
  window = open_game (&dr_rules_international, NULL);
  root = dr_game_model_get_current (window->model);
  open_entry (window);
  test_type (GTK_WINDOW (window), "32-28");
  test_keys (GTK_WINDOW (window), "Escape");
  test_wait_until (entry_closed, window, "the move entry to close on Escape");
  g_assert_null (root->children);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (window->board_view)));
  test_put_away (window);
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/keyentry/numeric", test_numeric);
  g_test_add_func ("/app/keyentry/russian-short", test_russian_short);
  g_test_add_data_func ("/app/keyentry/routes", NULL, test_routes);
  g_test_add_data_func ("/app/keyentry/routes-click", "click", test_routes);
  g_test_add_func ("/app/keyentry/illegal", test_illegal);
  g_test_add_func ("/app/keyentry/escape", test_escape);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .flags = TEST_APP_QUIET,
  });
}
