/* dr-hub-text.h — the text of the Hub protocol, for both of its ends
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Hub protocol, version 2 (shared/design/ENGINES.md §4.1), is lines of
 * "command name=value name=\"value with spaces\" flag".  Our engine reads
 * them (draughtsman-cli hub) and the application writes them to outside
 * engines; both use these functions.
 */
#pragma once

#include <glib.h>

#include "dr-position.h"
#include "dr-rules.h"

G_BEGIN_DECLS

/* Splits @line into its command (returned, NULL for a blank line) and its
 * arguments, stored in @args (names to values, a flag's value is "").
 * @args must own its keys and values (g_free). */
char       *dr_hub_tokenize          (const char       *line,
                                      GHashTable       *args);

/* Appends " name=value" to @out, quoting the value when it is empty or
 * holds a space, a tab, a line end or '='.  (A value with '"' cannot be
 * written; nor, on a line of its own, can one with '\n'.) */
void        dr_hub_append_arg        (GString          *out,
                                      const char       *name,
                                      const char       *value);

/* The position as "pos=" writes it: the side to move (W or B), then one
 * character a square in numbering order (w, b, W, B for kings, e). */
char       *dr_hub_position_to_text  (const DrRules    *rules,
                                      const DrPosition *pos);
gboolean    dr_hub_position_parse    (const DrRules    *rules,
                                      const char       *text,
                                      DrPosition       *pos);

/* The Hub name of a variant ("normal" for International, as Scan says),
 * and back (NULL when unknown). */
const char *dr_hub_variant_name      (const DrRules    *rules);
const DrRules *dr_hub_variant_rules  (const char       *name);
/* Every Hub variant name, space separated (for "param ... values=..."). */
char       *dr_hub_variant_names     (void);

G_END_DECLS
