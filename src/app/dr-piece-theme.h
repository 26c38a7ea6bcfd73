/* dr-piece-theme.h — piece images from SVG, rendered once per size
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dr-types.h"

G_BEGIN_DECLS

#define DR_TYPE_PIECE_THEME (dr_piece_theme_get_type ())

G_DECLARE_FINAL_TYPE (DrPieceTheme, dr_piece_theme, DR, PIECE_THEME, GObject)

/* The piece set @name from the application's resources
 * (pieces/@name/{white,black}-{man,king}.svg); NULL with @error if it is
 * missing or not SVG. */
DrPieceTheme *dr_piece_theme_new         (const char   *name,
                                          GError      **error);
const char   *dr_piece_theme_get_name    (DrPieceTheme *self);
/* @piece drawn @pixels wide (device pixels), cached until the size
 * changes. */
GdkTexture   *dr_piece_theme_get_texture (DrPieceTheme *self,
                                          DrPiece       piece,
                                          int           pixels);

G_END_DECLS
