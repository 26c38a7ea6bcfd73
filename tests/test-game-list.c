/* test-game-list.c — the game list: sorting, searching, the current game
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The list's models (search, sort, selection) with games whose tags are
 * written here; the real clicks and typing are in test-app-work.  The
 * large-file case lists 10,000 games and reports how long the main loop
 * was held at most while they were listed, sorted and searched.
 */

#include "config.h"

#include "test-util.h"

#include "dr-game-list.h"

#include <string.h>

static gboolean have_display;

static DrGame *
make_game (const char *white,
           const char *black,
           const char *event,
           const char *date,
           const char *result,
           const char *moves)
{
  g_autofree char *pdn = g_strdup_printf ("[Event \"%s\"]\n[Date \"%s\"]\n[White \"%s\"]\n[Black \"%s\"]\n"
                                          "[Result \"%s\"]\n[GameType \"20\"]\n\n%s %s\n",
                                          event, date, white, black, result, moves, result);
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "test.pdn", NULL, NULL, NULL);
  DrGame *game = NULL;

  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, NULL), ==, DR_PDN_READ_WHOLE);
  return game;
}

static DrPdnCollection *
make_collection (void)
{
  DrPdnCollection *c = dr_pdn_collection_new ();

  dr_pdn_collection_append (c, make_game ("Sijbrands", "Baljakin", "Dutch Open", "2003.07.20", "2-0",
                                          "1. 32-28 19-23 2. 28x19 14x23"));
  dr_pdn_collection_append (c, make_game ("Baliakin", "Schwarzman", "World Championship", "1996.11.02", "1-1",
                                          "1. 32-28"));
  dr_pdn_collection_append (c, make_game ("Engel", "Sijbrands", "Dutch Open", "2004.07.21", "0-2",
                                          "1. 33-29 17-21 2. 29-23 18x29 3. 34x23"));
  dr_pdn_collection_append (c, make_game ("Georgiev", "Schwarzman", "Kurnik", "2003.01.05", "*", ""));
  return c;
}

static char *
order (DrGameList *list)
{
  GString *s = g_string_new (NULL);

  for (guint row = 0; row < dr_game_list_get_n_shown (list); row++)
    g_string_append_printf (s, "%s%u", row ? " " : "", dr_game_list_get_row_game (list, row) + 1);
  return g_string_free (s, FALSE);
}

typedef struct
{
  const char *text;
  gboolean    searched;
} Searching;

/* (Replacing the text first empties the entry, which GtkSearchEntry
 * reports at once: only the search for @text counts.) */
/* The games of the rows, numbered from 1, are @expected ("2 3 4 1"). */
static void
assert_order (DrGameList *list,
              const char *expected)
{
  g_autofree char *o = order (list);

  g_assert_cmpstr (o, ==, expected);
}

static void
search_changed_cb (GtkEditable *entry,
                   Searching   *s)
{
  if (g_strcmp0 (gtk_editable_get_text (entry), s->text) == 0)
    s->searched = TRUE;
}

static void
search (DrGameList *list,
        const char *text)
{
  GtkWidget *entry = dr_game_list_get_search_entry (list);
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  Searching s = { text, FALSE };
  gulong id;

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), text) == 0)
    return;
  /* GtkSearchEntry waits a moment before ::search-changed; the list has
   * done its search when a handler connected after its own runs. */
  id = g_signal_connect (entry, "search-changed", G_CALLBACK (search_changed_cb), &s);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  while (!s.searched || dr_game_list_get_busy (list))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (entry, id);
}

static void
test_sort_search (void)
{
  g_autoptr (DrPdnCollection) c = NULL;
  DrGameList *list;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }
  c = make_collection ();
  list = g_object_ref_sink (DR_GAME_LIST (dr_game_list_new ()));
  dr_game_list_set_collection (list, c);
  g_assert_cmpuint (dr_game_list_get_n_games (list), ==, 4);
  assert_order (list, "1 2 3 4");

  /* By White: Baliakin, Engel, Georgiev,
   * Sijbrands; then descending. */
  dr_game_list_sort_by (list, 1, GTK_SORT_ASCENDING);
  assert_order (list, "2 3 4 1");
  dr_game_list_sort_by (list, 1, GTK_SORT_DESCENDING);
  assert_order (list, "1 4 3 2");
  /* By date, by moves (0, 1, 2, 3 full moves), by result. */
  dr_game_list_sort_by (list, 4, GTK_SORT_ASCENDING);
  assert_order (list, "2 4 1 3");
  dr_game_list_sort_by (list, 6, GTK_SORT_ASCENDING);
  assert_order (list, "4 2 1 3");

  /* The search: every word somewhere in players, event, site, date,
   * round, whatever the case; years by the date. */
  dr_game_list_sort_by (list, 0, GTK_SORT_ASCENDING);
  search (list, "sijbrands");
  assert_order (list, "1 3");
  search (list, "SIJBRANDS 2004");
  assert_order (list, "3");
  search (list, "schwarzman");
  assert_order (list, "2 4");
  search (list, "2003");
  assert_order (list, "1 4");
  search (list, "dutch   open");
  assert_order (list, "1 3");
  search (list, "nobody");
  g_assert_cmpuint (dr_game_list_get_n_shown (list), ==, 0);
  search (list, "");
  g_assert_cmpuint (dr_game_list_get_n_shown (list), ==, 4);

  g_object_unref (list);
}

static void
activated_cb (DrGameList *list,
              guint       index,
              guint      *got)
{
  *got = index;
}

/* The current game is the selected row, wherever sorting and searching
 * put it; choosing another row asks for that game; an edited game's new
 * tags show. */
static void
test_current (void)
{
  g_autoptr (DrPdnCollection) c = NULL;
  g_autoptr (DrGame) edited = NULL;
  GtkSelectionModel *selection;
  DrGameList *list;
  guint got = G_MAXUINT;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }
  c = make_collection ();
  list = g_object_ref_sink (DR_GAME_LIST (dr_game_list_new ()));
  selection = gtk_column_view_get_model (dr_game_list_get_view (list));
  g_signal_connect (list, "game-activated", G_CALLBACK (activated_cb), &got);
  dr_game_list_set_collection (list, c);
  dr_game_list_set_current (list, 2);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (selection)), ==, 2);
  /* Setting it is not choosing it. */
  g_assert_cmpuint (got, ==, G_MAXUINT);

  /* Sorted by White, game 3 (Engel) is row 1 and still selected. */
  dr_game_list_sort_by (list, 1, GTK_SORT_ASCENDING);
  g_assert_cmpuint (dr_game_list_find_row (list, 2), ==, 1);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (selection)), ==, 1);
  /* Searched away, nothing is selected; back, it is again. */
  search (list, "kurnik");
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (selection)), ==,
                    GTK_INVALID_LIST_POSITION);
  search (list, "");
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (selection)), ==, 1);

  /* Selecting row 0 (Baliakin's game, index 1) chooses it. */
  gtk_selection_model_select_item (selection, 0, TRUE);
  g_assert_cmpuint (got, ==, 1);

  /* Game 1's White renamed: the list sorts it again. */
  edited = make_game ("Zoet", "Baljakin", "Dutch Open", "2003.07.20", "2-0", "1. 32-28");
  dr_game_list_update_game (list, 0, edited);
  assert_order (list, "2 3 4 1");
  search (list, "zoet");
  assert_order (list, "1");
  search (list, "");
  /* A game added at the end. */
  dr_game_list_update_game (list, 4, edited);
  g_assert_cmpuint (dr_game_list_get_n_games (list), ==, 5);
  g_object_unref (list);
}

/* The longest the main loop waits while a list in a window takes @n games,
 * sorts them, is searched and sorted again, then shows them all: each
 * call's own time and the gaps between iterations of the loop after it.
 * The window has shown a few games first, so that what GTK does once (its
 * first rows, fonts, styles) is not counted. */
typedef struct
{
  gint64 last, last_cpu;
  gint64 worst, worst_cpu;
  gboolean on;
  /* Rows whose widgets the view made or destroyed since the last
   * iteration, and the most in one iteration: GTK 4.8 spends some 0.3 ms
   * on each, so this is what a stall is made of, counted rather than
   * timed. */
  guint made, most_made;
} Gaps;

static gboolean
tick_cb (gpointer data)
{
  Gaps *g = data;
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = test_thread_cpu_us ();

  if (g->on && g->last > 0)
    {
      g->worst = MAX (g->worst, now - g->last);
      g->worst_cpu = MAX (g->worst_cpu, cpu - g->last_cpu);
    }
  g->last = now;
  g->last_cpu = cpu;
  g->most_made = MAX (g->most_made, g->made);
  g->made = 0;
  return G_SOURCE_CONTINUE;
}

/* A row's first cell made or destroyed. */
static void
row_widgets_cb (GtkListItemFactory *factory,
                GtkListItem        *item,
                Gaps               *g)
{
  g->made++;
}

/* The factory of the first column: one setup and one teardown per row. */
static GtkListItemFactory *
row_factory (DrGameList *list)
{
  GListModel *columns = gtk_column_view_get_columns (dr_game_list_get_view (list));
  g_autoptr (GtkColumnViewColumn) first = g_list_model_get_item (columns, 0);

  return gtk_column_view_column_get_factory (first);
}

/* A call that holds the main loop counts as a gap too. */
#define TIMED(g, call) \
  G_STMT_START { \
    gint64 t0_ = g_get_monotonic_time (), c0_ = test_thread_cpu_us (); \
    call; \
    (g)->worst = MAX ((g)->worst, g_get_monotonic_time () - t0_); \
    (g)->worst_cpu = MAX ((g)->worst_cpu, test_thread_cpu_us () - c0_); \
    (g)->most_made = MAX ((g)->most_made, (g)->made); \
    (g)->made = 0; \
    (g)->last = g_get_monotonic_time (); \
    (g)->last_cpu = test_thread_cpu_us (); \
  } G_STMT_END

static void
settle (DrGameList *list,
        guint       ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end || dr_game_list_get_busy (list))
    g_main_context_iteration (NULL, FALSE);
}

static DrPdnCollection *
numbered_games (guint n)
{
  DrPdnCollection *c = dr_pdn_collection_new ();

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *white = g_strdup_printf ("Player %05u", (i * 7919) % 10000);
      g_autofree char *date = g_strdup_printf ("%u.01.01", 1950 + i % 70);
      dr_pdn_collection_append (c, make_game (white, "Opponent", i % 10 ? "Club" : "Final", date, "1-1",
                                              "1. 32-28 19-23 2. 28x19 14x23"));
    }
  return c;
}

/* Runs @call, then the main loop for @ms (and until the rows are all
 * handed over); reports the longest wait, the call's own time included. */
#define STEP(g, what, ms, call) \
  G_STMT_START { \
    (g)->worst = (g)->worst_cpu = 0; \
    (g)->made = (g)->most_made = 0; \
    TIMED (g, call); \
    settle (list, ms); \
    g_test_message ("  %s: %.1f ms (processor %.1f ms), rows made or destroyed at once: %u", what, \
                    (g)->worst / 1000.0, (g)->worst_cpu / 1000.0, (g)->most_made); \
    all = MAX (all, (g)->worst_cpu); \
    /* A step of the rows (12 added) and a few the view adds or drops \
     * around them as it lays them out. */ \
    g_assert_cmpuint ((g)->most_made, <=, 2 * 12); \
  } G_STMT_END

static gint64
worst_wait (DrGameList      *list,
            DrPdnCollection *c)
{
  Gaps gaps = { 0, 0, 0, 0, TRUE, 0, 0 };
  guint tick = g_timeout_add (1, tick_cb, &gaps);
  GtkEditable *entry = GTK_EDITABLE (dr_game_list_get_search_entry (list));
  gint64 all = 0;

  g_signal_connect (row_factory (list), "setup", G_CALLBACK (row_widgets_cb), &gaps);
  g_signal_connect (row_factory (list), "teardown", G_CALLBACK (row_widgets_cb), &gaps);

  g_test_message ("%u games:", dr_pdn_collection_get_n_entries (c));
  STEP (&gaps, "listed, the last one current", 300,
        (dr_game_list_set_collection (list, c),
         dr_game_list_set_current (list, dr_pdn_collection_get_n_entries (c) - 1)));
  STEP (&gaps, "sorted by White", 300, dr_game_list_sort_by (list, 1, GTK_SORT_DESCENDING));
  STEP (&gaps, "searched", 500, gtk_editable_set_text (entry, "final 1950.01"));
  STEP (&gaps, "sorted by Black", 300, dr_game_list_sort_by (list, 2, GTK_SORT_ASCENDING));
  STEP (&gaps, "search cleared", 500, gtk_editable_set_text (entry, ""));
  g_source_remove (tick);
  g_signal_handlers_disconnect_by_data (row_factory (list), &gaps);
  return all;
}

static void
test_large (void)
{
  g_autoptr (DrPdnCollection) few = NULL;
  g_autoptr (DrPdnCollection) many = NULL;
  GtkWidget *window;
  DrGameList *list;
  gint64 worst_few, worst_many;
  GtkSingleSelection *selection;

  if (!have_display)
    {
      g_test_skip ("no display");
      return;
    }
  few = numbered_games (40);
  many = numbered_games (10000);
  window = gtk_window_new ();
  list = DR_GAME_LIST (dr_game_list_new ());
  selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (dr_game_list_get_view (list)));
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (list));
  gtk_window_set_default_size (GTK_WINDOW (window), 500, 600);
  gtk_window_present (GTK_WINDOW (window));
  dr_game_list_set_collection (list, few);
  settle (list, 500);
  /* GTK's first scroll of a list costs some 50 ms once (its scroll bar);
   * not what this measures. */
  dr_game_list_set_current (list, 39);
  settle (list, 300);

  worst_few = worst_wait (list, few);

  /* Ten thousand: a screenful of rows at once, the rest a moment later;
   * the last game, current, is selected once its row is there. */
  dr_game_list_set_collection (list, many);
  dr_game_list_set_current (list, 9999);
  g_assert_true (dr_game_list_get_busy (list));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), <, 10000);
  settle (list, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, 10000);
  g_assert_cmpuint (gtk_single_selection_get_selected (selection), ==, 9999);
  dr_game_list_sort_by (list, 1, GTK_SORT_DESCENDING);
  /* "Player 09999" first: 7919 is prime to 10000, every number occurs. */
  g_assert_cmpuint (dr_game_list_get_row_game (list, 0) * 7919u % 10000u, ==, 9999);
  g_assert_cmpuint (dr_game_list_get_row_game (list, 9999) * 7919u % 10000u, ==, 0);
  search (list, "final 1950.01");
  /* Dated 1950 are games 0, 70, 140, ... 9940, all finals (every tenth
   * game is one). */
  g_assert_cmpuint (dr_game_list_get_n_shown (list), ==, 143);
  search (list, "");
  g_assert_cmpuint (dr_game_list_get_n_shown (list), ==, 10000);

  worst_many = worst_wait (list, many);
  g_test_message ("the longest the main loop was busy (processor time) while listing, sorting and searching: "
                  "40 games %.1f ms, 10,000 games %.1f ms",
                  worst_few / 1000.0, worst_many / 1000.0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  g_test_add_func ("/game-list/sort-search", test_sort_search);
  g_test_add_func ("/game-list/current", test_current);
  g_test_add_func ("/game-list/large", test_large);
  return g_test_run ();
}
