/* test-search-util.h — a search on a position given as a FEN, for tests
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by test-search.c and test-opponent.c.  Header-only (static
 * inline), as test-util.h is.
 */

#pragma once

#include "dr-fen.h"
#include "dr-rules.h"
#include "dr-search.h"

#include <glib.h>

/* @pos set to @fen (the initial position when NULL) of @variant, and a
 * new search of that variant with an 8 MiB table. */
static inline DrSearch *
setup (const char *variant,
       const char *fen,
       DrPosition *pos)
{
  const DrRules *rules = dr_rules_from_name (variant);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (rules);
  if (fen == NULL)
    dr_rules_initial (rules, pos);
  else
    {
      g_assert_true (dr_fen_parse (rules, fen, pos, &error));
      g_assert_no_error (error);
    }
  return dr_search_new (rules, 8);
}
