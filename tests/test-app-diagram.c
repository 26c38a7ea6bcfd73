/* test-app-diagram.c — Export Diagram, Copy Diagram and Export Collection in the window
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real application under Xvfb, driven by real clicks (test-app-util.h):
 * a problem file is opened, the window's menu is opened with a click on
 * its button and the item clicked; the dialog shows the caption from the
 * game's tags; the file is handed to it as the file chooser would, a
 * caption typed, and its Export button clicked: the file (which existed)
 * is replaced by the diagram, with nothing left beside it.  Copy Diagram
 * puts an image of the position on the clipboard, read back as a texture;
 * Export Collection as PDF writes every game of the file, then the
 * solutions.
 */

#define G_LOG_DOMAIN "test-app-diagram"

#include "config.h"

#include "test-app-util.h"
#include "test-util.h"

#include "dr-diagram-dialog.h"

#include <glib/gstdio.h>
#include <string.h>

static gboolean have_display;
static DrApplication *app;
static char *tmp_dir;

/* Three International problems (PWCP -2, A1-A3). */
static const char problems_pdn[] =
  "[Event \"A1\"]\n[Site \"PWCP -2\"]\n[Date \"2007/2008\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
  "[FEN \"W:W6,17,18,38,41:B8,14,24,34,36.\"]\n\n1. 17-12 36x47 2. 12x3 47x1 3. 3x45 1-0\n\n"
  "[Event \"A2\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"W:W20,28,29,30,48:B8,9,10,18,37.\"]\n\n"
  "1. 48-42 37x48 2. 29-23 48x14 3. 23x3 14x46 4. 3x5 1-0\n\n"
  "[Event \"A3\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"W:W6,11,18,22,28:B17,32,36,37,43.\"]\n\n"
  "1. 6-1 32x12 2. 1x31 36x18 3. 11x13 1-0\n";

static gboolean
skip_without_input (void)
{
  if (!have_display)
    {
      g_test_skip ("no display");
      return TRUE;
    }
  return !test_input_available ();
}

static gboolean
game_shown (gpointer data)
{
  DrWindow *window = data;

  return window->file != NULL && window->game_index != DR_WINDOW_NO_GAME;
}

/* A window with the problems file open at its first game. */
static DrWindow *
window_with_problems (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "problems.pdn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  DrWindow *window;

  g_assert_true (g_file_set_contents (path, problems_pdn, -1, NULL));
  window = test_open_window (GTK_APPLICATION (app));
  dr_window_set_initial_ply (window, 0, 1);
  dr_window_open_file (window, file);
  test_wait_until (game_shown, window, "the first problem");
  g_assert_cmpstr (dr_game_get_tag (dr_game_model_get_game (window->model), "Event"), ==, "A1");
  return window;
}

static gboolean
is_menu_button (GtkWidget *widget,
                gpointer   data)
{
  GMenuModel *model = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget));

  return model != NULL && g_menu_model_get_n_items (model) > 3;
}

/* A menu item (GtkModelButton, private to GTK) by its text (without the
 * mnemonic's underline). */
static gboolean
is_item (GtkWidget *widget,
         gpointer   data)
{
  g_autofree char *text = NULL;

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "GtkModelButton") != 0)
    return FALSE;
  g_object_get (widget, "text", &text, NULL);
  return g_strcmp0 (text, data) == 0 && gtk_widget_get_mapped (widget);
}

static gboolean
popover_open (gpointer data)
{
  GtkPopover *popover = gtk_menu_button_get_popover (data);

  return popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover));
}

typedef struct
{
  GtkWidget  *button;
  const char *item;
  GtkWidget  *row;
} MenuItem;

/* The menu is open and @item laid out in it (slow under the sanitizers). */
static gboolean
item_ready (gpointer data)
{
  MenuItem *m = data;
  GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (m->button));

  if (popover == NULL || !gtk_widget_get_mapped (GTK_WIDGET (popover)))
    return FALSE;
  m->row = test_find_widget (GTK_WIDGET (popover), GTK_TYPE_WIDGET, is_item, (gpointer) m->item);
  return m->row != NULL && gtk_widget_get_width (m->row) > 20 && gtk_widget_get_height (m->row) > 10;
}

/* Opens the window's menu with a click on its button, then the submenu
 * @submenu with a click, and clicks @item. */
static void
click_menu_item (DrWindow   *window,
                 const char *submenu,
                 const char *item)
{
  MenuItem m = { NULL, submenu, NULL };

  m.button = test_find_widget (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, is_menu_button, NULL);
  g_assert_nonnull (m.button);
  test_click_widget (m.button);
  test_wait_until (popover_open, m.button, "the window's menu");
  test_wait_until (item_ready, &m, submenu);
  test_run_for (300);
  test_click_widget (m.row);
  m.item = item;
  m.row = NULL;
  test_wait_until (item_ready, &m, item);
  test_run_for (300);
  test_click_widget (m.row);
}

static gboolean
dialog_shown (gpointer data)
{
  return test_find_toplevel (DR_TYPE_DIAGRAM_DIALOG) != NULL;
}

static gboolean
dialog_gone (gpointer data)
{
  return test_find_toplevel (DR_TYPE_DIAGRAM_DIALOG) == NULL;
}

static DrDiagramDialog *
open_dialog (DrWindow   *window,
             const char *item)
{
  click_menu_item (window, "Export", item);
  test_wait_until (dialog_shown, NULL, "the diagram dialog");
  test_run_for (200);
  return DR_DIAGRAM_DIALOG (test_find_toplevel (DR_TYPE_DIAGRAM_DIALOG));
}

static gboolean
has_entry_text (GtkWidget *widget,
                gpointer   data)
{
  return g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (widget)), data) == 0;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static gboolean
has_typed (gpointer data)
{
  return g_strcmp0 (gtk_editable_get_text (data), "White wins") == 0;
}

/* The file names in @dir, sorted, joined by spaces. */
static char *
folder_listing (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* --- tests ------------------------------------------------------------- */

static void
test_export_diagram (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "export", NULL);
  g_autofree char *path = g_build_filename (dir, "a1.png", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GdkTexture) texture = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *listing = NULL;
  DrDiagramDialog *dialog;
  GtkWidget *entry, *button;
  DrWindow *window;

  if (skip_without_input ())
    return;
  window = window_with_problems ();
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  /* A file there already: replaced whole. */
  g_assert_true (g_file_set_contents (path, "not a picture", -1, NULL));

  dialog = open_dialog (window, "Export Diagram…");
  g_assert_nonnull (dialog);
  /* The caption from the game's tags: Event, Site and Date, the
   * stipulation from the side to move and the result. */
  g_assert_nonnull (test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, has_entry_text, (gpointer) "A1"));
  g_assert_nonnull (test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, has_entry_text,
                                      (gpointer) "PWCP -2, 2007/2008"));
  entry = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, has_entry_text, (gpointer) "White to play and win");
  g_assert_nonnull (entry);

  /* A stipulation typed in its field. */
  /* The keyboard's focus on the dialog first (no window manager gives
   * it), then a click in the field. */
  test_keys (GTK_WINDOW (dialog), "");
  test_click_widget (entry);
  test_keys (GTK_WINDOW (dialog), "ctrl+a BackSpace");
  test_type (GTK_WINDOW (dialog), "White wins");
  for (int i = 0; i < 100 && !has_typed (entry); i++)
    test_run_for (100);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "White wins");

  /* The file as the chooser hands it; Export clicked. */
  dr_diagram_dialog_set_file (dialog, file);
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Export");
  g_assert_nonnull (button);
  test_click_widget (button);
  test_wait_until (dialog_gone, NULL, "the export to finish");

  /* A PNG 480 pixels wide (the dialog's size), taller than wide: the
   * caption's four lines under the board. */
  texture = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 480);
  g_assert_cmpint (gdk_texture_get_height (texture), >, 480 + 4 * 14);
  listing = folder_listing (dir);
  g_assert_cmpstr (listing, ==, "a1.png");

  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

/* Issue 24: a composition set up in the application (a Genre tag, the
 * day's Date, no Site, no result) is exported with its stipulation,
 * "White to play and win", not the result's "White to play", and with no
 * Source: the day it was set up is no source.  Before the fix the fields
 * read "White to play" and "2026.11.28". */
static void
test_export_composition (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "composition.pdn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  DrDiagramDialog *dialog;
  DrWindow *window;

  if (skip_without_input ())
    return;
  g_assert_true (g_file_set_contents (path,
                                      "[Event \"Miniature\"]\n[Date \"2026.11.28\"]\n[Result \"*\"]\n"
                                      "[SetUp \"1\"]\n[Genre \"problem\"]\n"
                                      "[FEN \"W:W32,46,47,48,49,50:B3,4,5,17,27\"]\n\n*\n", -1, NULL));
  window = test_open_window (GTK_APPLICATION (app));
  dr_window_set_initial_ply (window, 0, 1);
  dr_window_open_file (window, file);
  test_wait_until (game_shown, window, "the composition");

  dialog = open_dialog (window, "Export Diagram…");
  g_assert_nonnull (dialog);
  g_assert_nonnull (test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, has_entry_text,
                                      (gpointer) "White to play and win"));
  g_assert_null (test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, has_entry_text, (gpointer) "2026.11.28"));
  g_assert_null (test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_ENTRY, has_entry_text, (gpointer) "White to play"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  test_wait_until (dialog_gone, NULL, "the dialog to close");
  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

static void
test_export_format (void)
{
  g_autofree char *dir = g_build_filename (tmp_dir, "svg", NULL);
  g_autofree char *path = g_build_filename (dir, "a1.svg", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  DrDiagramDialog *dialog;
  GtkWidget *button;
  DrWindow *window;

  if (skip_without_input ())
    return;
  window = window_with_problems ();
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  dialog = open_dialog (window, "Export Diagram…");
  /* The suffix chooses the format. */
  dr_diagram_dialog_set_file (dialog, file);
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Export");
  test_click_widget (button);
  test_wait_until (dialog_gone, NULL, "the export to finish");
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
  g_assert_nonnull (strstr (contents, "<svg"));

  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

typedef struct
{
  GdkTexture *texture;
  GError     *error;
  gboolean    done;
} ReadBack;

static void
texture_read_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  ReadBack *r = data;

  r->texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (source), result, &r->error);
  r->done = TRUE;
}

static gboolean
read_done (gpointer data)
{
  return ((ReadBack *) data)->done;
}

static gboolean
holds_texture (gpointer data)
{
  return gdk_content_formats_contain_gtype (gdk_clipboard_get_formats (data), GDK_TYPE_TEXTURE);
}

static void
test_copy_diagram (void)
{
  GdkClipboard *clipboard;
  ReadBack r = { 0 };
  DrWindow *window;
  guchar *pixels;
  int width, height;

  if (skip_without_input ())
    return;
  window = window_with_problems ();
  clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  gdk_clipboard_set_text (clipboard, "before");
  test_run_for (100);

  click_menu_item (window, "Copy and Paste", "Copy Diagram (Image)");
  test_wait_until (holds_texture, clipboard, "an image on the clipboard");
  gdk_clipboard_read_texture_async (clipboard, NULL, texture_read_cb, &r);
  test_wait_until (read_done, &r, "the clipboard's texture");
  g_assert_no_error (r.error);
  g_assert_nonnull (r.texture);
  width = gdk_texture_get_width (r.texture);
  height = gdk_texture_get_height (r.texture);
  /* 480 wide with coordinates, as square (to a pixel) without a caption. */
  g_assert_cmpint (width, ==, 480);
  g_assert_cmpint (abs (height - 480), <=, 1);
  /* Square 6 (a9) holds a white man in A1: the middle of the second row's
   * first square (the digits take 0.6 of a square on the left) is the
   * man's ivory, square 1 (b10) is empty and brown. */
  pixels = g_malloc ((gsize) width * height * 4);
  gdk_texture_download (r.texture, pixels, (gsize) width * 4);
  {
    double cell = 480.0 / (10 + 0.6 + 2.0 / 30);
    double x0 = 0.6 * cell + cell / 30;
    const guchar *man = pixels + ((int) (1.3 * cell) * width + (int) (x0 + 0.5 * cell)) * 4;
    const guchar *empty = pixels + ((int) (0.3 * cell) * width + (int) (x0 + 1.5 * cell)) * 4;

    /* GDK_MEMORY_DEFAULT is B, G, R, A. */
    g_assert_cmpint (man[2], >, 240);
    g_assert_cmpint (man[1], >, 230);
    g_assert_cmpint (empty[2], <, 170);
    g_assert_cmpint (empty[0], <, 100);
  }
  g_free (pixels);
  g_object_unref (r.texture);

  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

static void
test_export_collection (void)
{
  g_autofree char *path = g_build_filename (tmp_dir, "problems.pdf", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  gsize len;
  guint pages = 0;
  DrDiagramDialog *dialog;
  GtkWidget *button;
  DrWindow *window;

  if (skip_without_input ())
    return;
  window = window_with_problems ();
  dialog = open_dialog (window, "Export Collection as PDF…");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Export Collection as PDF");
  g_assert_nonnull (strstr (dr_diagram_dialog_get_message (dialog), "3 diagrams"));
  dr_diagram_dialog_set_file (dialog, file);
  button = test_find_widget (GTK_WIDGET (dialog), GTK_TYPE_BUTTON, test_button_has_label, (gpointer) "_Export");
  test_click_widget (button);
  test_wait_until (dialog_gone, NULL, "the collection's PDF");
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  for (gsize i = 0; i + 11 < len; i++)
    if (memcmp (contents + i, "/Type /Page", 11) == 0 && contents[i + 11] != 's')
      pages++;
  /* Three diagrams on one page (six a page), then the solutions. */
  g_assert_cmpuint (pages, ==, 2);

  dr_window_close_confirmed (window, FALSE);
  test_run_for (100);
}

int
main (int    argc,
      char **argv)
{
  test_app_environment ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/diagram/export", test_export_diagram);
  g_test_add_func ("/app/diagram/export/format", test_export_format);
  g_test_add_func ("/app/diagram/export/composition", test_export_composition);
  g_test_add_func ("/app/diagram/copy", test_copy_diagram);
  g_test_add_func ("/app/diagram/collection", test_export_collection);

  return test_app_main (&(TestAppMain) {
    .app = &app,
    .have_display = &have_display,
    .tmp_dir = &tmp_dir,
    .tmp_name = "diagram",
  });
}
