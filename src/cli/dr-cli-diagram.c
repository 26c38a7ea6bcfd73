/* dr-cli-diagram.c — draughtsman-cli diagram: a position or a collection drawn
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   draughtsman-cli diagram --variant V --fen F [--format png|svg|pdf] -o FILE
 *       [--size N] [--caption T] [--author A] [--source S] [--stipulation T]
 *       [--coordinates|--numbers] [--style bw|colour] [--flip]
 *   draughtsman-cli diagram --pdn FILE -o OUT.pdf [--per-page N] [...style]
 *
 * The format is --format's, else the output file's suffix.  The file is
 * written atomically (a temporary file renamed over it).
 */

#define G_LOG_DOMAIN "dr-cli"

#include "config.h"

#include "dr-cli-diagram.h"

#include "dr-diagram.h"
#include "dr-fen.h"
#include "dr-pdn-collection.h"

#include <glib/gi18n.h>
#include <stdlib.h>

typedef struct
{
  char     *variant;
  char     *fen;
  char     *pdn;
  char     *format;
  char     *output;
  int       size;
  int       per_page;
  char     *caption;
  char     *author;
  char     *source;
  char     *stipulation;
  gboolean  coordinates;
  gboolean  numbers;
  char     *style;
  gboolean  flip;
} DiagramArgs;

static void
diagram_args_clear (DiagramArgs *a)
{
  g_free (a->variant);
  g_free (a->fen);
  g_free (a->pdn);
  g_free (a->format);
  g_free (a->output);
  g_free (a->caption);
  g_free (a->author);
  g_free (a->source);
  g_free (a->stipulation);
  g_free (a->style);
}

static int
fail (const char *format,
      ...) G_GNUC_PRINTF (1, 2);

static int
fail (const char *format,
      ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("draughtsman-cli diagram: %s\n", message);
  return EXIT_FAILURE;
}

static int
run (DiagramArgs *a)
{
  DrDiagramOptions options;
  DrDiagramFormat format;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;

  dr_diagram_options_init (&options);
  if (a->output == NULL)
    return fail (_("-o FILE is needed: where to write the diagram"));
  if (a->coordinates && a->numbers)
    return fail (_("--coordinates and --numbers cannot go together"));
  options.labels = a->coordinates ? DR_DIAGRAM_LABELS_COORDINATES
                   : a->numbers ? DR_DIAGRAM_LABELS_NUMBERS : DR_DIAGRAM_LABELS_NONE;
  options.flipped = a->flip;
  if (a->size != 0)
    options.size = a->size;
  if (a->style != NULL)
    {
      if (g_str_equal (a->style, "bw"))
        options.style = DR_DIAGRAM_STYLE_BW;
      else if (g_str_equal (a->style, "colour") || g_str_equal (a->style, "color"))
        options.style = DR_DIAGRAM_STYLE_COLOUR;
      else
        return fail (_("--style must be bw or colour, not “%s”"), a->style);
    }
  if (a->format != NULL)
    {
      if (!dr_diagram_format_from_name (a->format, &format))
        return fail (_("--format must be png, svg or pdf, not “%s”"), a->format);
    }
  else if (!dr_diagram_format_from_path (a->output, &format))
    return fail (_("cannot tell the format from “%s”: give --format png, svg or pdf"), a->output);

  if (a->pdn != NULL)
    {
      const DrRules *rules = NULL;
      g_autoptr (DrPdnCollection) collection = NULL;
      g_autoptr (GPtrArray) games = g_ptr_array_new ();

      if (a->fen != NULL)
        return fail (_("--pdn and --fen cannot go together"));
      if (format != DR_DIAGRAM_PDF)
        return fail (_("a collection (--pdn) is written as PDF only, not %s"), dr_diagram_format_suffix (format));
      if (a->variant != NULL && (rules = dr_rules_from_name (a->variant)) == NULL)
        return fail (_("unknown variant “%s”"), a->variant);
      collection = dr_pdn_collection_new_from_file (a->pdn, NULL, rules, &error);
      if (collection == NULL)
        return fail ("%s", error->message);
      for (guint i = 0; i < dr_pdn_collection_get_n_entries (collection); i++)
        {
          const DrPdnEntry *entry = dr_pdn_collection_get_entry (collection, i);
          const DrGame *game = dr_pdn_collection_get_game (collection, i);

          if (entry->error != NULL)
            g_printerr (_("draughtsman-cli diagram: %s: game %u: %s\n"), a->pdn, i + 1, entry->error->message);
          if (game != NULL)
            g_ptr_array_add (games, (gpointer) game);
        }
      bytes = dr_diagram_render_collection (games, &options, a->per_page != 0 ? (guint) a->per_page : 6,
                                            NULL, NULL, NULL, &error);
      if (bytes == NULL)
        return fail ("%s: %s", a->pdn, error->message);
    }
  else
    {
      const DrRules *rules = dr_rules_from_name (a->variant != NULL ? a->variant : "international");
      DrPosition pos;

      if (rules == NULL)
        return fail (_("unknown variant “%s”"), a->variant);
      if (a->per_page != 0)
        return fail (_("--per-page is for a collection (--pdn)"));
      if (a->fen == NULL)
        dr_rules_initial (rules, &pos);
      else if (!dr_fen_parse (rules, a->fen, &pos, &error))
        return fail (_("bad FEN “%s” for %s: %s"), a->fen, rules->name, error->message);
      options.caption = a->caption;
      options.author = a->author;
      options.source = a->source;
      options.stipulation = a->stipulation;
      bytes = dr_diagram_render (rules, &pos, &options, format, &error);
      if (bytes == NULL)
        return fail ("%s", error->message);
    }
  if (!dr_diagram_write_file (bytes, a->output, &error))
    return fail ("%s", error->message);
  return EXIT_SUCCESS;
}

int
dr_cli_diagram (int    argc,
                char **argv)
{
  DiagramArgs a = { 0 };
  GOptionEntry entries[] = {
    { "variant", 'v', 0, G_OPTION_ARG_STRING, &a.variant, N_("Rules of the position (default: international; for --pdn: the file's)"), N_("VARIANT") },
    { "fen", 'f', 0, G_OPTION_ARG_STRING, &a.fen, N_("The position (PDN FEN; default: the start)"), N_("FEN") },
    { "pdn", 0, 0, G_OPTION_ARG_FILENAME, &a.pdn, N_("Every game of this PDN file, as one PDF with the solutions"), N_("FILE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &a.output, N_("Write to this file"), N_("FILE") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &a.format, N_("png, svg or pdf (default: from the file's suffix)"), N_("FORMAT") },
    { "size", 's', 0, G_OPTION_ARG_INT, &a.size, N_("Board width with its labels, in pixels or points (default: 320)"), N_("N") },
    { "per-page", 0, 0, G_OPTION_ARG_INT, &a.per_page, N_("Diagrams a page of a collection, 1-12 (default: 6)"), N_("N") },
    { "caption", 0, 0, G_OPTION_ARG_STRING, &a.caption, N_("A title under the board"), N_("TEXT") },
    { "author", 0, 0, G_OPTION_ARG_STRING, &a.author, N_("The author, under the title"), N_("TEXT") },
    { "source", 0, 0, G_OPTION_ARG_STRING, &a.source, N_("The source, under the author"), N_("TEXT") },
    { "stipulation", 0, 0, G_OPTION_ARG_STRING, &a.stipulation, N_("The stipulation (\"White to play and win\")"), N_("TEXT") },
    { "coordinates", 0, 0, G_OPTION_ARG_NONE, &a.coordinates, N_("Letters and digits around the board"), NULL },
    { "numbers", 0, 0, G_OPTION_ARG_NONE, &a.numbers, N_("The numbers of the empty playing squares"), NULL },
    { "style", 0, 0, G_OPTION_ARG_STRING, &a.style, N_("colour (default) or bw, for print"), N_("STYLE") },
    { "flip", 0, 0, G_OPTION_ARG_NONE, &a.flip, N_("Black at the bottom"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("diagram"));
  g_autoptr (GError) error = NULL;
  int status;

  g_option_context_set_summary (context, _("Draw a position (PNG, SVG, PDF) or every game of a PDN file (PDF)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      diagram_args_clear (&a);
      return fail ("%s", error->message);
    }
  if (argc > 1)
    status = fail (_("unexpected argument “%s”"), argv[1]);
  else
    status = run (&a);
  diagram_args_clear (&a);
  dr_diagram_release_caches ();
  return status;
}
