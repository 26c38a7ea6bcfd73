/* dr-pdn-writer.c — writing strict PDN 3.0
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The writing grammar of PDN 3.0 (shared/design/PDN.md §1): tags, then the
 * moves with "N." before the first player's moves and "N..." where a line
 * resumes with the second player's (after a comment or a variation, and at
 * a variation's start), variations in parentheses after the move they
 * replace, comments in braces, glyphs glued to their move and other NAGs as
 * $n, captures with their route only where two captures share start and
 * end (rule 6), lines of at most 80 columns, and the result as terminator.
 * Text a reader could not read goes back as it was, in marked comments
 * (put_unread(), dr-pdn.h), its own line breaks kept.
 * The tree is walked with an explicit stack: neither a long main line nor
 * deeply nested variations can exhaust the C stack.
 */

#define G_LOG_DOMAIN "dr-pdn"

#include "config.h"

#include "dr-pdn.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <string.h>

typedef struct
{
  GString *out;
  gsize    line_start;   /* offset of the current output line */
  gboolean need_space;
} Writer;

/* Appends one token, breaking the line before it if it would pass 80. */
static void
put (Writer     *w,
     const char *token)
{
  gsize len = strlen (token);

  if (w->need_space)
    {
      if (w->out->len - w->line_start + 1 + len > 80)
        {
          g_string_append_c (w->out, '\n');
          w->line_start = w->out->len;
        }
      else
        g_string_append_c (w->out, ' ');
    }
  g_string_append (w->out, token);
  w->need_space = TRUE;
}

static void
put_comment (Writer     *w,
             const char *text)
{
  /* No escape exists for '}' (PDN.md §6); comments are split into words
   * so that long ones wrap too. */
  g_autofree char *clean = g_strdup (text);
  g_auto (GStrv) words = NULL;
  /* A comment of one's own that starts like the marks of unread text
   * (put_unread()) gets a space first, which the reader drops again. */
  GString *first = g_string_new (g_str_has_prefix (text, "[%unread") ? "{ " : "{");

  for (char *p = clean; *p; p++)
    if (*p == '}')
      *p = ')';
    else if (*p == '\n' || *p == '\r' || *p == '\t')
      *p = ' ';
  words = g_strsplit (clean, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (words[i][0] == '\0')
        continue;
      if (first != NULL)
        {
          g_string_append (first, words[i]);
          put (w, first->str);
          g_string_free (first, TRUE);
          first = NULL;
        }
      else
        put (w, words[i]);
    }
  if (first != NULL)
    {
      put (w, first->str);
      g_string_free (first, TRUE);
      g_string_append_c (w->out, '}');
    }
  else
    g_string_append_c (w->out, '}');
}

/* Appends a token that may hold line breaks (text kept unread), breaking
 * the line before it if its first line would pass 80; the line it ends
 * on is the current one. */
static void
put_verbatim (Writer     *w,
              const char *token)
{
  const char *last_break = strrchr (token, '\n');
  gsize first = strcspn (token, "\n");

  if (w->need_space)
    {
      if (w->out->len - w->line_start + 1 + first > 80)
        {
          g_string_append_c (w->out, '\n');
          w->line_start = w->out->len;
        }
      else
        g_string_append_c (w->out, ' ');
    }
  g_string_append (w->out, token);
  if (last_break != NULL)
    w->line_start = w->out->len - strlen (last_break + 1);
  w->need_space = TRUE;
}

/* Text kept unread, as the comments of dr-pdn.h: "{[%unread] TEXT}", cut
 * at each '}', each piece after the first in a "{[%unread-rbrace] ...}"
 * comment of its own. */
static void
put_unread (Writer     *w,
            const char *text)
{
  const char *piece = text;

  for (gboolean first = TRUE; ; first = FALSE)
    {
      gsize len = strcspn (piece, "}");
      g_autofree char *token = g_strdup_printf ("{%s%s%.*s}",
                                                first ? "[%unread]" : "[%unread-rbrace]",
                                                len > 0 ? " " : "", (int) len, piece);

      put_verbatim (w, token);
      if (piece[len] == '\0')
        break;
      piece += len + 1;
    }
}

static const char *const glyphs[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

/* Writes @node's move with its number, comments and NAGs.  @restate: a
 * second player's move gets "N..." (the line starts or resumes here). */
static gboolean
put_move (Writer           *w,
          const DrGame     *game,
          const DrGameNode *node,
          DrNotation        notation,
          gboolean          restate)
{
  const DrRules *rules = game->rules;
  const DrPosition *before = &node->parent->position;
  /* Not zeroed (32 KiB a move written): the generator fills it. */
  g_autofree DrMoveList *legal = g_new (DrMoveList, 1);
  g_autofree char *text = NULL;
  GString *token;
  gboolean first_player = before->turn == rules->first_side;
  /* Move numbers count the first player's turns from the start position.
   * Two-move draughts: a turn is two moves, "1. c3-d4 d4-c5 f6-g5 g5-h4
   * 2. ...", the number before the first player's first move of a turn. */
  gboolean opens_turn;
  guint number = dr_game_node_move_number (game, node, &opens_turn);

  if (node->comment_before != NULL)
    {
      put_comment (w, node->comment_before);
      restate = TRUE;
    }
  if (opens_turn || (first_player && restate))
    {
      g_autofree char *n = g_strdup_printf ("%u.", number);
      put (w, n);
    }
  else if (restate)
    {
      g_autofree char *n = g_strdup_printf ("%u...", number);
      put (w, n);
    }
  legal->all_paths = false;
  dr_movegen_legal (rules, before, legal);
  text = dr_move_to_text (rules, legal, &node->move, notation);
  token = g_string_new (text);
  if (node->nags != NULL)
    for (guint i = 0; i < node->nags->len; i++)
      {
        guint8 nag = g_array_index (node->nags, guint8, i);
        if (nag >= 1 && nag <= 6 && i == 0)
          g_string_append (token, glyphs[nag]);
      }
  put (w, token->str);
  g_string_free (token, TRUE);
  if (node->nags != NULL)
    for (guint i = 0; i < node->nags->len; i++)
      {
        guint8 nag = g_array_index (node->nags, guint8, i);
        if (!(nag >= 1 && nag <= 6 && i == 0))
          {
            g_autofree char *n = g_strdup_printf ("$%u", nag);
            put (w, n);
          }
      }
  if (node->comment_after != NULL)
    put_comment (w, node->comment_after);
  if (node->unread != NULL)
    put_unread (w, node->unread);
  return node->comment_after != NULL || node->unread != NULL;
}

typedef enum
{
  STEP_LINE,       /* write the line that starts at node, opening "(" first if nested */
  STEP_CONTINUE,   /* go on with the main line at node (may be NULL) */
  STEP_CLOSE,      /* write ")" */
} StepKind;

typedef struct
{
  StepKind          kind;
  const DrGameNode *node;
  gboolean          restate;
} Step;

static void
write_moves (Writer       *w,
             const DrGame *game,
             DrNotation    notation)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Step));
  Step first = { STEP_CONTINUE, game->root->children, TRUE };

  if (game->root->comment_after != NULL)
    put_comment (w, game->root->comment_after);
  if (game->root->unread != NULL)
    put_unread (w, game->root->unread);
  g_array_append_val (stack, first);
  while (stack->len > 0)
    {
      Step s = g_array_index (stack, Step, stack->len - 1);
      const DrGameNode *node = s.node;
      gboolean restate = s.restate;

      g_array_set_size (stack, stack->len - 1);
      if (s.kind == STEP_CLOSE)
        {
          g_string_append_c (w->out, ')');
          continue;
        }
      if (s.kind == STEP_LINE)
        {
          put (w, "(");
          w->need_space = FALSE;
        }
      /* Along the line: each move, then its alternatives in parentheses,
       * then on; the alternatives are pushed, so the main line waits. */
      while (node != NULL)
        {
          gboolean after_comment = put_move (w, game, node, notation, restate);

          restate = after_comment;
          if (node->parent->children == node && node->next != NULL)
            {
              Step cont = { STEP_CONTINUE, node->children, TRUE };
              guint n = 0;

              g_array_append_val (stack, cont);
              for (const DrGameNode *v = node->next; v != NULL; v = v->next)
                n++;
              /* Push in reverse so the first alternative comes out first. */
              for (guint i = n; i > 0; i--)
                {
                  const DrGameNode *v = node->next;
                  Step close = { STEP_CLOSE, NULL, FALSE };
                  Step line;

                  for (guint k = 1; k < i; k++)
                    v = v->next;
                  line = (Step) { STEP_LINE, v, TRUE };
                  g_array_append_val (stack, close);
                  g_array_append_val (stack, line);
                }
              break;
            }
          node = node->children;
        }
    }
}

char *
dr_pdn_write_game (const DrGame *game,
                   DrNotation    notation)
{
  Writer w = { g_string_new (NULL), 0, FALSE };
  gboolean has_gametype = FALSE, has_fen = FALSE;

  g_return_val_if_fail (game != NULL, NULL);

  for (guint i = 0; i < game->tag_names->len; i++)
    {
      const char *name = game->tag_names->pdata[i];
      const char *value = game->tag_values->pdata[i];
      g_autofree char *fen = NULL;

      if (g_ascii_strcasecmp (name, "GameType") == 0)
        has_gametype = TRUE;
      if (g_ascii_strcasecmp (name, "FEN") == 0)
        {
          /* The position itself, in the notation asked for; a FEN that
           * could not be read (the game does not start from it) stays as
           * it was written. */
          has_fen = TRUE;
          if (game->setup)
            value = fen = dr_fen_write (game->rules, &game->root->position, notation);
        }
      g_string_append_printf (w.out, "[%s \"", name);
      for (const char *p = value; *p; p++)
        {
          if (*p == '"' || *p == '\\')
            g_string_append_c (w.out, '\\');
          g_string_append_c (w.out, *p);
        }
      g_string_append (w.out, "\"]\n");
    }
  if (!has_gametype)
    g_string_append_printf (w.out, "[GameType \"%d\"]\n", game->rules->gametype);
  if (dr_game_get_tag (game, "Variant") == NULL)
    {
      /* The giveaway games share their base game's GameType; lidraughts'
       * Variant tag tells them apart (PDN.md §4). */
      if (game->rules->variant == DR_VARIANT_ANTIDRAUGHTS)
        g_string_append (w.out, "[Variant \"Antidraughts\"]\n");
      else if (game->rules->variant == DR_VARIANT_RUSSIAN_GIVEAWAY)
        g_string_append (w.out, "[Variant \"Russian giveaway\"]\n");
    }
  if (game->setup && !has_fen)
    {
      g_autofree char *fen = dr_fen_write (game->rules, &game->root->position, notation);
      g_string_append_printf (w.out, "[FEN \"%s\"]\n", fen);
    }
  g_string_append_c (w.out, '\n');
  w.line_start = w.out->len;
  write_moves (&w, game, notation);
  put (&w, dr_result_to_string (game->result, game->rules));
  g_string_append (w.out, "\n");
  return g_string_free (w.out, FALSE);
}
