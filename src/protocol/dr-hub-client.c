/* dr-hub-client.c — the interface's end of the Hub protocol, without I/O
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See dr-hub-client.h.  The words of a line are split by dr_hub_tokenize()
 * (src/engine/dr-hub-text.c), which the engine's end uses too.
 */

#define G_LOG_DOMAIN "dr-hub-client"

#include "config.h"

#include "dr-hub-client.h"

#include "dr-hub-text.h"
#include "dr-notation.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

G_DEFINE_QUARK (dr-hub-client-error-quark, dr_hub_client_error)

struct _DrHubClient
{
  char       *name;        /* from "id" */
  GHashTable *declared;    /* parameter names from "param" */
  char       *variants;    /* the "values" of "param name=variant" */
};

DrHubClient *
dr_hub_client_new (void)
{
  DrHubClient *self = g_new0 (DrHubClient, 1);

  self->declared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return self;
}

void
dr_hub_client_free (DrHubClient *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_hash_table_unref (self->declared);
  g_free (self->variants);
  g_free (self);
}

void
dr_hub_client_reset (DrHubClient *self)
{
  g_clear_pointer (&self->name, g_free);
  g_hash_table_remove_all (self->declared);
  g_clear_pointer (&self->variants, g_free);
}

void
dr_hub_reply_clear (DrHubReply *reply)
{
  g_clear_pointer (&reply->move, g_free);
  g_clear_pointer (&reply->ponder, g_free);
  g_clear_pointer (&reply->message, g_free);
}

/* "info depth=21 score=-0.01 nodes=31261613 time=3.906 pv=\"32-28 …\"" */
static void
read_info (GHashTable       *args,
           const DrRules    *rules,
           const DrPosition *start,
           DrSearchInfo     *info)
{
  const char *v;

  memset (info, 0, sizeof *info);
  info->multipv = 1;
  if ((v = g_hash_table_lookup (args, "depth")) != NULL)
    info->depth = (int) g_ascii_strtoll (v, NULL, 10);
  if ((v = g_hash_table_lookup (args, "score")) != NULL)
    {
      /* Men, as a real number; our scores are hundredths.  Engines mark
       * wins with large values (Scan: 89.xx, 99.xx); they stay numbers. */
      double men = g_ascii_strtod (v, NULL);
      int limit = DR_SCORE_WON - 1;

      if (isfinite (men))
        info->score = (int) CLAMP (lround (CLAMP (men, -1e6, 1e6) * 100), -limit, limit);
    }
  if ((v = g_hash_table_lookup (args, "nodes")) != NULL)
    info->nodes = g_ascii_strtoull (v, NULL, 10);
  if ((v = g_hash_table_lookup (args, "time")) != NULL)
    {
      double seconds = g_ascii_strtod (v, NULL);

      info->time_ms = isfinite (seconds) && seconds > 0 ? (uint64_t) (MIN (seconds, 1e9) * 1000) : 0;
    }
  if ((v = g_hash_table_lookup (args, "pv")) != NULL && rules != NULL && start != NULL)
    {
      g_auto (GStrv) moves = g_strsplit (v, " ", -1);
      DrPosition pos = *start;

      for (guint i = 0; moves[i] != NULL && info->pv_length < DR_SEARCH_MAX_PLY; i++)
        {
          DrMove move;

          if (moves[i][0] == '\0')
            continue;
          /* A line that leaves the rules ends there. */
          if (!dr_move_parse_hub (rules, &pos, moves[i], &move, NULL))
            break;
          info->pv[info->pv_length++] = move;
          dr_position_apply (&pos, &pos, &move);
        }
    }
}

/**
 * dr_hub_client_read_line:
 * @self: a client
 * @line: a line of the engine's, without its newline
 * @rules: (nullable): the variant of the position searched
 * @pos: (nullable): the position searched, for an "info" line's moves
 * @reply: (out caller-allocates): what the line says; cleared by the caller
 *
 * Returns: what kind of line it was
 */
DrHubLine
dr_hub_client_read_line (DrHubClient      *self,
                         const char       *line,
                         const DrRules    *rules,
                         const DrPosition *pos,
                         DrHubReply       *reply)
{
  g_autoptr (GHashTable) args = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *command = dr_hub_tokenize (line, args);
  const char *name = g_hash_table_lookup (args, "name");

  if (command == NULL)
    return DR_HUB_LINE_NONE;
  if (g_str_equal (command, "id"))
    {
      if (name != NULL && *name != '\0')
        {
          g_free (self->name);
          self->name = g_strdup (name);
        }
      return DR_HUB_LINE_ID;
    }
  if (g_str_equal (command, "param"))
    {
      if (name == NULL)
        return DR_HUB_LINE_NONE;
      g_hash_table_add (self->declared, g_strdup (name));
      if (g_str_equal (name, "variant"))
        {
          g_free (self->variants);
          self->variants = g_strdup (g_hash_table_lookup (args, "values"));
        }
      return DR_HUB_LINE_PARAM;
    }
  if (g_str_equal (command, "wait"))
    return DR_HUB_LINE_WAIT;
  if (g_str_equal (command, "ready"))
    return DR_HUB_LINE_READY;
  if (g_str_equal (command, "pong"))
    return DR_HUB_LINE_PONG;
  if (g_str_equal (command, "info"))
    {
      read_info (args, rules, pos, &reply->info);
      return DR_HUB_LINE_INFO;
    }
  if (g_str_equal (command, "done"))
    {
      reply->move = g_strdup (g_hash_table_lookup (args, "move"));
      reply->ponder = g_strdup (g_hash_table_lookup (args, "ponder"));
      return DR_HUB_LINE_DONE;
    }
  if (g_str_equal (command, "error"))
    {
      const char *message = g_hash_table_lookup (args, "message");

      reply->message = g_strdup (message != NULL ? message : line);
      return DR_HUB_LINE_ERROR;
    }
  return DR_HUB_LINE_NONE;
}

const char *
dr_hub_client_get_name (DrHubClient *self)
{
  return self->name;
}

gboolean
dr_hub_client_declares (DrHubClient *self,
                        const char  *name)
{
  return g_hash_table_contains (self->declared, name);
}

/**
 * dr_hub_client_variant_line:
 * @self: a client past the engine's "wait"
 * @rules: the variant to play
 * @error: return location for a #GError
 *
 * An engine that declares no "variant" plays International draughts
 * only (Hub 2's default game); one that does names the variants it
 * plays in the parameter's values.
 *
 * Returns: (transfer full) (nullable): the "set-param" line to send, or
 *   NULL when none is needed or, with @error, when the engine does not
 *   play @rules
 */
char *
dr_hub_client_variant_line (DrHubClient   *self,
                            const DrRules *rules,
                            GError       **error)
{
  const char *variant = dr_hub_variant_name (rules);
  g_auto (GStrv) values = self->variants != NULL ? g_strsplit (self->variants, " ", -1) : NULL;
  gboolean international = rules->variant == DR_VARIANT_INTERNATIONAL;

  if (variant == NULL
      || (!international && (values == NULL || !g_strv_contains ((const char *const *) values, variant)))
      || (international && values != NULL && !g_strv_contains ((const char *const *) values, variant)))
    {
      g_set_error (error, DR_HUB_CLIENT_ERROR, DR_HUB_CLIENT_ERROR_VARIANT,
                   _("The engine “%s” does not play %s."),
                   self->name != NULL ? self->name : "?", _(rules->title));
      return NULL;
    }
  if (!dr_hub_client_declares (self, "variant"))
    return NULL;
  return dr_hub_set_param_line ("variant", variant);
}

char *
dr_hub_set_param_line (const char *name,
                       const char *value)
{
  GString *line = g_string_new ("set-param");

  dr_hub_append_arg (line, "name", name);
  dr_hub_append_arg (line, "value", value);
  return g_string_free (line, FALSE);
}

char *
dr_hub_pos_line (const DrRules    *rules,
                 const DrPosition *base,
                 const DrMove     *moves,
                 gsize             n_moves)
{
  GString *line = g_string_new ("pos");
  g_autofree char *root = dr_hub_position_to_text (rules, base);

  dr_hub_append_arg (line, "pos", root);
  if (n_moves > 0)
    {
      g_autoptr (GString) list = g_string_new (NULL);

      for (gsize i = 0; i < n_moves; i++)
        {
          g_autofree char *text = dr_move_to_hub (rules, &moves[i]);

          g_string_append_printf (list, "%s%s", i > 0 ? " " : "", text);
        }
      dr_hub_append_arg (line, "moves", list->str);
    }
  return g_string_free (line, FALSE);
}
