/* dr-hub-text.c — the text of the Hub protocol, for both of its ends
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tokenizing follows Scan 3.1's reading of the protocol (ENGINES.md §4.1):
 * names are runs of characters other than space, '=' and '"'; a value is a
 * run up to the next space, or anything between double quotes.
 */

#define G_LOG_DOMAIN "dr-hub"

#include "config.h"

#include "dr-hub-text.h"

#include <string.h>

char *
dr_hub_tokenize (const char *line,
                 GHashTable *args)
{
  const char *p = line;
  char *command = NULL;

  g_return_val_if_fail (line != NULL && args != NULL, NULL);

  while (*p != '\0')
    {
      GString *name = g_string_new (NULL);
      GString *value = g_string_new (NULL);

      while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
      while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != '=')
        g_string_append_c (name, *p++);
      if (*p == '=')
        {
          p++;
          if (*p == '"')
            {
              p++;
              while (*p != '\0' && *p != '"')
                g_string_append_c (value, *p++);
              if (*p == '"')
                p++;
            }
          else
            while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
              g_string_append_c (value, *p++);
        }
      if (name->len == 0)
        {
          g_string_free (name, TRUE);
          g_string_free (value, TRUE);
          continue;
        }
      if (command == NULL)
        {
          command = g_string_free (name, FALSE);
          g_string_free (value, TRUE);
        }
      else
        g_hash_table_replace (args, g_string_free (name, FALSE), g_string_free (value, FALSE));
    }
  return command;
}

void
dr_hub_append_arg (GString    *out,
                   const char *name,
                   const char *value)
{
  g_return_if_fail (out != NULL && name != NULL && value != NULL);

  /* Whatever ends an unquoted value in dr_hub_tokenize(). */
  if (*value == '\0' || strpbrk (value, " \t\r\n=") != NULL)
    g_string_append_printf (out, " %s=\"%s\"", name, value);
  else
    g_string_append_printf (out, " %s=%s", name, value);
}

char *
dr_hub_position_to_text (const DrRules    *rules,
                         const DrPosition *pos)
{
  const DrGeometry *g = rules->geometry;
  GString *out = g_string_sized_new ((gsize) g->n_squares + 1);

  g_string_append_c (out, pos->turn == DR_SIDE_WHITE ? 'W' : 'B');
  for (int n = 1; n <= g->n_squares; n++)
    {
      switch (dr_position_get (pos, dr_geometry_bit_from_number (g, n)))
        {
        case DR_PIECE_WHITE_MAN: g_string_append_c (out, 'w'); break;
        case DR_PIECE_WHITE_KING: g_string_append_c (out, 'W'); break;
        case DR_PIECE_BLACK_MAN: g_string_append_c (out, 'b'); break;
        case DR_PIECE_BLACK_KING: g_string_append_c (out, 'B'); break;
        default: g_string_append_c (out, 'e'); break;
        }
    }
  return g_string_free (out, FALSE);
}

gboolean
dr_hub_position_parse (const DrRules *rules,
                       const char    *text,
                       DrPosition    *pos)
{
  const DrGeometry *g = rules->geometry;
  DrPosition result;

  if (text == NULL || strlen (text) != (size_t) g->n_squares + 1 || (text[0] != 'W' && text[0] != 'B'))
    return FALSE;
  dr_position_clear (&result);
  for (int n = 1; n <= g->n_squares; n++)
    {
      int bit = dr_geometry_bit_from_number (g, n);

      switch (text[n])
        {
        case 'w': dr_position_put (&result, bit, DR_PIECE_WHITE_MAN); break;
        case 'W': dr_position_put (&result, bit, DR_PIECE_WHITE_KING); break;
        case 'b': dr_position_put (&result, bit, DR_PIECE_BLACK_MAN); break;
        case 'B': dr_position_put (&result, bit, DR_PIECE_BLACK_KING); break;
        case 'e': break;
        default: return FALSE;
        }
    }
  dr_position_set_turn (&result, text[0] == 'W' ? DR_SIDE_WHITE : DR_SIDE_BLACK);
  *pos = result;
  return TRUE;
}

/* Scan's names where it has one (normal, losing, frisian), ours elsewhere. */
static const struct { const char *hub; DrVariant variant; } variant_names[] = {
  { "normal", DR_VARIANT_INTERNATIONAL }, { "losing", DR_VARIANT_ANTIDRAUGHTS },
  { "frisian", DR_VARIANT_FRISIAN }, { "russian", DR_VARIANT_RUSSIAN },
  { "brazilian", DR_VARIANT_BRAZILIAN }, { "english", DR_VARIANT_ENGLISH },
  { "italian", DR_VARIANT_ITALIAN }, { "spanish", DR_VARIANT_SPANISH },
  { "czech", DR_VARIANT_CZECH }, { "pool", DR_VARIANT_POOL },
  { "turkish", DR_VARIANT_TURKISH }, { "russian-giveaway", DR_VARIANT_RUSSIAN_GIVEAWAY },
  { "diagonal", DR_VARIANT_DIAGONAL }, { "northern", DR_VARIANT_NORTHERN },
  { "samoyed", DR_VARIANT_SAMOYED },
  { "armenian", DR_VARIANT_ARMENIAN }, { "two-move", DR_VARIANT_TWO_MOVE },
  { "stavropol", DR_VARIANT_STAVROPOL },
  /* The Hub position text has one character a square: the tops only, so
   * a tower game can be named but not set up with towers over Hub. */
  { "pillar", DR_VARIANT_PILLAR }, { "lasca", DR_VARIANT_LASCA },
  { "canadian", DR_VARIANT_CANADIAN },
};

const char *
dr_hub_variant_name (const DrRules *rules)
{
  for (gsize i = 0; i < G_N_ELEMENTS (variant_names); i++)
    if (variant_names[i].variant == rules->variant)
      return variant_names[i].hub;
  return NULL;
}

const DrRules *
dr_hub_variant_rules (const char *name)
{
  for (gsize i = 0; name != NULL && i < G_N_ELEMENTS (variant_names); i++)
    if (g_str_equal (name, variant_names[i].hub))
      return dr_rules_get (variant_names[i].variant);
  return NULL;
}

char *
dr_hub_variant_names (void)
{
  GString *values = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (variant_names); i++)
    g_string_append_printf (values, "%s%s", i ? " " : "", variant_names[i].hub);
  return g_string_free (values, FALSE);
}
