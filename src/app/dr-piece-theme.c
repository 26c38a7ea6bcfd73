/* dr-piece-theme.c — piece images from SVG, rendered once per size
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The SVG files are parsed once; each piece is drawn with librsvg into a
 * cairo image surface at the size the board needs (in device pixels, so
 * HiDPI is sharp) and kept as a GdkTexture until the size changes
 * (gnome-chess's rule: never parse or render SVG inside snapshot).
 */

#define G_LOG_DOMAIN "dr-piece-theme"

#include "config.h"

#include "dr-piece-theme.h"

#include <librsvg/rsvg.h>

#define RESOURCE_PREFIX "/io/github/draughtsman/Draughtsman/pieces/"

static const char *const piece_files[] = {
  [DR_PIECE_WHITE_MAN] = "white-man",
  [DR_PIECE_WHITE_KING] = "white-king",
  [DR_PIECE_BLACK_MAN] = "black-man",
  [DR_PIECE_BLACK_KING] = "black-king",
};

struct _DrPieceTheme
{
  GObject     parent_instance;
  char       *name;
  RsvgHandle *handles[5];
  GdkTexture *textures[5];
  int         pixels;
};

G_DEFINE_FINAL_TYPE (DrPieceTheme, dr_piece_theme, G_TYPE_OBJECT)

static void
dr_piece_theme_finalize (GObject *object)
{
  DrPieceTheme *self = DR_PIECE_THEME (object);

  for (guint i = 0; i < G_N_ELEMENTS (self->handles); i++)
    {
      g_clear_object (&self->handles[i]);
      g_clear_object (&self->textures[i]);
    }
  g_free (self->name);
  G_OBJECT_CLASS (dr_piece_theme_parent_class)->finalize (object);
}

static void
dr_piece_theme_class_init (DrPieceThemeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = dr_piece_theme_finalize;
}

static void
dr_piece_theme_init (DrPieceTheme *self)
{
}

DrPieceTheme *
dr_piece_theme_new (const char  *name,
                    GError     **error)
{
  g_autoptr (DrPieceTheme) self = g_object_new (DR_TYPE_PIECE_THEME, NULL);

  g_return_val_if_fail (name != NULL, NULL);

  self->name = g_strdup (name);
  for (int p = DR_PIECE_WHITE_MAN; p <= DR_PIECE_BLACK_KING; p++)
    {
      g_autofree char *path = g_strconcat (RESOURCE_PREFIX, name, "/", piece_files[p], ".svg", NULL);
      g_autoptr (GBytes) bytes = g_resources_lookup_data (path, 0, error);
      gsize len;
      const guint8 *data;

      if (bytes == NULL)
        return NULL;
      data = g_bytes_get_data (bytes, &len);
      self->handles[p] = rsvg_handle_new_from_data (data, len, error);
      if (self->handles[p] == NULL)
        return NULL;
    }
  return g_steal_pointer (&self);
}

const char *
dr_piece_theme_get_name (DrPieceTheme *self)
{
  g_return_val_if_fail (DR_IS_PIECE_THEME (self), NULL);
  return self->name;
}

static GdkTexture *
render (RsvgHandle *handle,
        int         pixels)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixels, pixels);
  cairo_t *cr = cairo_create (surface);
  RsvgRectangle viewport = { 0, 0, pixels, pixels };
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  GdkTexture *texture;

  if (!rsvg_handle_render_document (handle, cr, &viewport, &error))
    g_warning ("Cannot draw a piece: %s", error->message);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* Cairo's ARGB32 is premultiplied BGRA in memory on little-endian
   * machines: GDK_MEMORY_DEFAULT. */
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * (gsize) pixels);
  texture = gdk_memory_texture_new (pixels, pixels, GDK_MEMORY_DEFAULT, bytes,
                                    (gsize) cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return texture;
}

GdkTexture *
dr_piece_theme_get_texture (DrPieceTheme *self,
                            DrPiece       piece,
                            int           pixels)
{
  g_return_val_if_fail (DR_IS_PIECE_THEME (self), NULL);
  g_return_val_if_fail (piece >= DR_PIECE_WHITE_MAN && piece <= DR_PIECE_BLACK_KING, NULL);

  pixels = MAX (pixels, 1);
  if (pixels != self->pixels)
    {
      for (guint i = 0; i < G_N_ELEMENTS (self->textures); i++)
        g_clear_object (&self->textures[i]);
      self->pixels = pixels;
    }
  if (self->textures[piece] == NULL)
    self->textures[piece] = render (self->handles[piece], pixels);
  return self->textures[piece];
}
