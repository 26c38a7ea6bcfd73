/* fuzz-hub.c — libFuzzer harness for the Hub command reader
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: Hub protocol lines (ENGINES.md §4.1), read as `draughtsman-cli
 * hub` reads its commands: each line split by dr_hub_tokenize(); a
 * "set-param name=variant value=..." picks the variant, as the engine
 * does, and a "pos pos=... moves=..." sets a position and plays its moves
 * with dr_hub_position_parse() and dr_move_parse_hub().  What must hold:
 * - a blank line has no command, a line without a command no arguments
 *   (values without a name, "=x", are dropped); no name is empty or holds
 *   a space or '=';
 * - the command and its arguments written back with dr_hub_append_arg()
 *   tokenize to the same command and arguments (when no value holds a '"',
 *   which the protocol cannot carry);
 * - a position that parses is written by dr_hub_position_to_text() as the
 *   same text; every move read is legal, and dr_move_to_hub() writes it
 *   as a text that reads back as the same move;
 * - a variant name that is known is the name of its variant.
 */

#include "config.h"

#include "fuzz-common.h"

#include "dr-hub-text.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <string.h>

/* Commands are short: the longest real one, "pos" with a 50-square
 * position and a game's moves, stays under 2 KiB. */
#define FUZZ_MAX_INPUT 4096

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static GHashTable *
new_args (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static gboolean
is_blank (const char *line)
{
  for (const char *p = line; *p != '\0'; p++)
    if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
      return FALSE;
  return TRUE;
}

static void
check_tokens (const char *line,
              const char *command,
              GHashTable *args)
{
  g_autoptr (GString) written = NULL;
  g_autoptr (GHashTable) back = new_args ();
  g_autofree char *again = NULL;
  GHashTableIter iter;
  gpointer key, value;

  FUZZ_CHECK (command == NULL || !is_blank (line), "“%s”: a command for a blank line", line);
  if (command == NULL)
    {
      /* A line of values without names ("=x") is read as a blank one. */
      FUZZ_CHECK (g_hash_table_size (args) == 0, "“%s”: arguments without a command", line);
      return;
    }
  FUZZ_CHECK (*command != '\0' && strpbrk (command, " \t\r\n=") == NULL, "“%s”: command “%s”", line, command);
  written = g_string_new (command);
  g_hash_table_iter_init (&iter, args);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      FUZZ_CHECK (*(char *) key != '\0' && strpbrk (key, " \t\r\n=") == NULL, "“%s”: argument “%s”",
                  line, (char *) key);
      if (strchr (value, '"') != NULL)
        return;
      dr_hub_append_arg (written, key, value);
    }
  again = dr_hub_tokenize (written->str, back);
  FUZZ_CHECK (g_strcmp0 (command, again) == 0, "“%s” is written “%s”: command “%s”", line, written->str, again);
  FUZZ_CHECK (g_hash_table_size (back) == g_hash_table_size (args), "“%s” is written “%s”: %u arguments, not %u",
              line, written->str, g_hash_table_size (back), g_hash_table_size (args));
  g_hash_table_iter_init (&iter, args);
  while (g_hash_table_iter_next (&iter, &key, &value))
    FUZZ_CHECK (g_strcmp0 (value, g_hash_table_lookup (back, key)) == 0,
                "“%s” is written “%s”: %s=“%s” reads back as “%s”", line, written->str, (char *) key,
                (char *) value, (char *) g_hash_table_lookup (back, key));
}

static void
check_position (const DrRules *rules,
                GHashTable    *args)
{
  const char *text = g_hash_table_lookup (args, "pos");
  const char *moves = g_hash_table_lookup (args, "moves");
  g_auto (GStrv) list = NULL;
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autofree char *written = NULL;
  DrPosition pos;

  if (!dr_hub_position_parse (rules, text, &pos))
    return;
  written = dr_hub_position_to_text (rules, &pos);
  FUZZ_CHECK (strcmp (text, written) == 0, "%s: position “%s” is written “%s”", rules->name, text, written);
  if (moves == NULL)
    return;
  list = g_strsplit (moves, " ", -1);
  for (guint i = 0; list[i] != NULL; i++)
    {
      g_autofree char *hub = NULL;
      g_autoptr (GError) error = NULL;
      DrMove move, back;
      gboolean found = FALSE;

      if (list[i][0] == '\0')
        continue;
      if (!dr_move_parse_hub (rules, &pos, list[i], &move, &error))
        {
          FUZZ_CHECK (error != NULL, "dr_move_parse_hub failed without an error on “%s”", list[i]);
          return;
        }
      dr_movegen_legal (rules, &pos, legal);
      for (unsigned k = 0; k < legal->n; k++)
        found |= dr_move_same (&legal->moves[k], &move);
      FUZZ_CHECK (found, "%s: dr_move_parse_hub reads “%s” as an illegal move", rules->name, list[i]);
      hub = dr_move_to_hub (rules, &move);
      FUZZ_CHECK (dr_move_parse_hub (rules, &pos, hub, &back, &error),
                  "%s: “%s” is written “%s”, which does not read back: %s", rules->name, list[i], hub,
                  error->message);
      FUZZ_CHECK (dr_move_same (&move, &back), "%s: “%s” is written “%s”, another move", rules->name,
                  list[i], hub);
      dr_position_apply (&pos, &pos, &move);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DrRules *rules = &dr_rules_international;
  g_autofree char *input = NULL;
  g_auto (GStrv) lines = NULL;

  if (size > FUZZ_MAX_INPUT)
    return 0;
  /* Lines as fgets() and g_strchomp() leave them: no NUL inside. */
  input = g_strndup ((const char *) data, size);
  lines = g_strsplit (input, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (GHashTable) args = new_args ();
      g_autofree char *command = NULL;
      const char *name, *value;

      g_strchomp (lines[i]);
      command = dr_hub_tokenize (lines[i], args);
      check_tokens (lines[i], command, args);
      if (command == NULL)
        continue;
      name = g_hash_table_lookup (args, "name");
      value = g_hash_table_lookup (args, "value");
      if (g_str_equal (command, "set-param") && g_strcmp0 (name, "variant") == 0 && value != NULL)
        {
          const DrRules *named = dr_hub_variant_rules (value);

          if (named != NULL)
            {
              FUZZ_CHECK (strcmp (dr_hub_variant_name (named), value) == 0,
                          "variant “%s” is %s, named “%s”", value, named->name, dr_hub_variant_name (named));
              rules = named;
            }
        }
      else if (g_str_equal (command, "pos"))
        check_position (rules, args);
    }
  return 0;
}
