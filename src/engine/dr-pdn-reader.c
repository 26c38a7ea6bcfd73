/* dr-pdn-reader.c — reading PDN liberally
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two levels, after PolyGlot's PGN reader: a lexer (dr-pdn-lexer.c) that
 * turns the text into tokens with their line and column (tags, comments,
 * parentheses, NAGs, setup commands and "words": moves, move numbers,
 * results), and a game reader (this file) that builds DrGame trees from
 * them, checking every move against the rules.  What real files do that the PDN 3.0 writing grammar does not
 * allow is accepted (shared/data/README.md, shared/design/PDN.md §1.1,
 * §1.2, §5-§10): CRLF, a BOM or a legacy encoding, padded and lower-case
 * tag names, '%' and ';' line comments, move numbers like "01." or glued
 * to the move ("1.33-28"), moves with a space inside ("1- 6", "28 x 17"),
 * 'x' on quiet moves, routes, strength marks in parentheses, free text
 * glued to a move, results as terminators or missing, a game that starts
 * at a tag section without any terminator, a game of tags alone before the
 * next game's tags.
 *
 * An error stops the game it is in; the reader then skips to the end of
 * that game (its terminator, or the next tag section) so that one broken
 * game never loses the others.
 */

#define G_LOG_DOMAIN "dr-pdn"

#include "config.h"

#include "dr-pdn.h"
#include "dr-pdn-private.h"

#include "dr-bitboard.h"
#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (dr-pdn-error-quark, dr_pdn_error)

/* The longest text of a move: every square of the longest capture route
 * (DR_MAX_JUMPS + 1 squares of up to 3 characters and a separator), with
 * room to spare. */
#define MAX_MOVE_TEXT 128
/* --- words ------------------------------------------------------------ */

static const struct
{
  const char *mark;
  guint8      nag;
} strength_marks[] = {
  { "!!", DR_NAG_BRILLIANT }, { "??", DR_NAG_BLUNDER }, { "!?", DR_NAG_INTERESTING },
  { "?!", DR_NAG_DUBIOUS }, { "!", DR_NAG_GOOD }, { "?", DR_NAG_MISTAKE },
};

static guint8
strength_nag (const char *mark)
{
  for (gsize i = 0; i < G_N_ELEMENTS (strength_marks); i++)
    if (g_str_has_prefix (mark, strength_marks[i].mark))
      return strength_marks[i].nag;
  return DR_NAG_NONE;
}

static gboolean
is_result_word (const char *w)
{
  static const char *const results[] = {
    "1-0", "0-1", "1/2-1/2", "½-½", "0.5-0.5", "2-0", "0-2", "1-1", "0-0", "*", NULL
  };
  return g_strv_contains (results, w);
}

/* A match score such as "4-6" (delfts.pdn): a result only where a game
 * ends. */
static gboolean
is_score_word (const char *w)
{
  const char *dash = strchr (w, '-');

  if (dash == NULL || dash == w || dash[1] == '\0')
    return FALSE;
  for (const char *p = w; *p; p++)
    if (!g_ascii_isdigit (*p) && *p != '-' && *p != '.')
      return FALSE;
  return TRUE;
}

DrResult
dr_result_from_string (const char    *text,
                       const DrRules *rules)
{
  DrSide first = rules != NULL ? rules->first_side : DR_SIDE_WHITE;

  if (text == NULL)
    return DR_RESULT_UNKNOWN;
  if (g_str_equal (text, "2-0"))
    return DR_RESULT_WHITE_WINS;
  if (g_str_equal (text, "0-2"))
    return DR_RESULT_BLACK_WINS;
  if (g_str_equal (text, "1-1") || g_str_equal (text, "1/2-1/2") || g_str_equal (text, "½-½")
      || g_str_equal (text, "0.5-0.5"))
    return DR_RESULT_DRAW;
  if (g_str_equal (text, "0-0"))
    return DR_RESULT_BOTH_LOSE;
  /* "1-0" is a win for the first player: Black in English checkers. */
  if (g_str_equal (text, "1-0"))
    return first == DR_SIDE_WHITE ? DR_RESULT_WHITE_WINS : DR_RESULT_BLACK_WINS;
  if (g_str_equal (text, "0-1"))
    return first == DR_SIDE_WHITE ? DR_RESULT_BLACK_WINS : DR_RESULT_WHITE_WINS;
  return DR_RESULT_UNKNOWN;
}

/* Splits a word into a leading move number ("12.", "12...", "01."), the
 * move, strength marks and glued free text.  Returns the move part. */
static char *
split_word (const char *word,
            gboolean   *had_number,
            char      **marks,
            char      **junk)
{
  const char *p = word;
  const char *move, *end;

  *had_number = FALSE;
  *marks = NULL;
  *junk = NULL;
  while (g_ascii_isdigit (*p))
    p++;
  if (p > word && *p == '.')
    {
      while (*p == '.')
        p++;
      *had_number = TRUE;
    }
  else
    p = word;
  move = p;
  /* The move: squares and separators. */
  while (g_ascii_isalnum (*p) || *p == '-' || *p == ':')
    {
      /* Letters after the squares are text glued to the move
       * ("26-22Whiteoversteppedthe...", tinsley.pdn). */
      if (g_ascii_isalpha (*p) && *p != 'x' && *p != 'X'
          && !(g_ascii_islower (*p) && *p <= 'j' && g_ascii_isdigit (p[1]))
          && !(g_ascii_islower (*p) && *p <= 'h' && (p[1] == ':' || p[1] == 'x' || g_ascii_islower (p[1])) && p == move))
        break;
      if ((*p == 'x' || *p == 'X') && !(g_ascii_isdigit (p[1]) || g_ascii_islower (p[1]) || p[1] == '\0'))
        break;
      p++;
    }
  end = p;
  if (*p == '!' || *p == '?' || *p == '(' || *p == '*')
    {
      const char *m = p;
      while (*p == '!' || *p == '?' || *p == '(' || *p == ')' || *p == '*')
        p++;
      *marks = g_strndup (m, (gsize) (p - m));
    }
  if (*p != '\0')
    *junk = g_strdup (p);
  return g_strndup (move, (gsize) (end - move));
}

/* --- the game reader -------------------------------------------------- */

typedef struct
{
  DrPdnReader *r;
  DrGame      *game;
  GPtrArray   *stack;       /* DrGameNode *: where each open variation returns */
  DrGameNode  *node;        /* the node the next move is played from */
  DrGameNode  *last;        /* the node of the last move read, or NULL */
  char        *pending;     /* a comment waiting for the next move */
  char        *result_word;
  DrMoveList  *legal;
  gsize        error_offset; /* where the unread text begins: the token that
                               stopped reading, or its move number */
  gsize        number_offset; /* where the move number before this token begins */
  gboolean     after_number; /* this token follows a move number ("62." "...") */
  gboolean     number_next;  /* the token just read was one */
  gboolean     kept;        /* an [%unread] comment was read ... */
  guint        kept_line;   /* ... here */
  guint        kept_column;
} GameBuilder;

static void
pdn_error_valist (DrPdnReader *r,
                  GError     **error,
                  int          code,
                  guint        line,
                  guint        column,
                  const char  *format,
                  va_list      args) G_GNUC_PRINTF (6, 0);

static void
pdn_error_valist (DrPdnReader *r,
                  GError     **error,
                  int          code,
                  guint        line,
                  guint        column,
                  const char  *format,
                  va_list      args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  g_set_error (error, DR_PDN_ERROR, code, "%s:%u:%u: %s", r->name, line, column, message);
}

static void
pdn_error (DrPdnReader *r,
           GError     **error,
           int          code,
           guint        line,
           guint        column,
           const char  *format,
           ...) G_GNUC_PRINTF (6, 7);

static void
pdn_error (DrPdnReader *r,
           GError     **error,
           int          code,
           guint        line,
           guint        column,
           const char  *format,
           ...)
{
  va_list args;

  va_start (args, format);
  pdn_error_valist (r, error, code, line, column, format, args);
  va_end (args);
}

/* An error in the moves at token @t: reading stops there, and the text
 * from @t on is what stays unread. */
static void
body_error (GameBuilder *b,
            GError     **error,
            int          code,
            const Token *t,
            const char  *format,
            ...) G_GNUC_PRINTF (5, 6);

static void
body_error (GameBuilder *b,
            GError     **error,
            int          code,
            const Token *t,
            const char  *format,
            ...)
{
  va_list args;

  va_start (args, format);
  pdn_error_valist (b->r, error, code, t->line, t->column, format, args);
  va_end (args);
  b->error_offset = b->after_number ? b->number_offset : t->offset;
}

/* @old and @text joined by a space (either may be NULL); a new string. */
static char *
joined (const char *old,
        const char *text)
{
  if (old == NULL)
    return g_strdup (text);
  return g_strconcat (old, " ", text, NULL);
}

/* Adds @text to the comment after @node. */
static void
comment_after (DrGameNode *node,
               const char *text)
{
  g_autofree char *c = joined (node->comment_after, text);

  dr_game_node_set_comment_after (node, c);
}

/* Comment text with its line breaks and runs of spaces folded into single
 * spaces: how a file wraps a comment is layout, not content. */
static char *
fold_spaces (const char *raw)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = raw; *p; p++)
    {
      if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        space = out->len > 0;
      else
        {
          if (space)
            g_string_append_c (out, ' ');
          space = FALSE;
          g_string_append_c (out, *p);
        }
    }
  return g_string_free (out, FALSE);
}

static void
add_comment (GameBuilder *b,
             const char  *raw)
{
  g_autofree char *text = fold_spaces (raw);

  if (b->last == NULL || b->pending != NULL)
    {
      /* Before any move of this line: the game's opening comment, or one
       * that leads a variation (it goes before the variation's move). */
      if (b->stack->len == 0 && b->last == NULL && b->node == b->game->root)
        comment_after (b->game->root, text);
      else
        {
          char *p = joined (b->pending, text);
          g_free (b->pending);
          b->pending = p;
        }
      return;
    }
  comment_after (b->last, text);
}

/* The variant a lidraughts Variant tag names, or NULL. */
static const DrRules *
rules_from_variant_tag (const char *value)
{
  static const struct { const char *tag; DrVariant variant; } names[] = {
    { "Standard", DR_VARIANT_INTERNATIONAL }, { "International", DR_VARIANT_INTERNATIONAL },
    { "Russian", DR_VARIANT_RUSSIAN }, { "Brazilian", DR_VARIANT_BRAZILIAN },
    { "Frisian", DR_VARIANT_FRISIAN }, { "Frysk!", DR_VARIANT_FRISIAN },
    { "Antidraughts", DR_VARIANT_ANTIDRAUGHTS }, { "English", DR_VARIANT_ENGLISH },
    { "Italian", DR_VARIANT_ITALIAN }, { "Spanish", DR_VARIANT_SPANISH },
    { "Czech", DR_VARIANT_CZECH }, { "Turkish", DR_VARIANT_TURKISH },
    { "Pool", DR_VARIANT_POOL }, { "Russian giveaway", DR_VARIANT_RUSSIAN_GIVEAWAY },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (value, names[i].tag) == 0)
      return dr_rules_get (names[i].variant);
  return NULL;
}

/* Which variant a game without a GameType plays: the caller's, else a
 * guess from the FEN and the first move (PDN.md §4 reader fallback). */
static const DrRules *
guess_rules (DrPdnReader *r,
             const char  *fen,
             const char  *variant_tag)
{
  gsize save_pos = r->pos, save_consumed = r->consumed;
  guint save_line = r->line, save_column = r->column;
  gboolean save_peeked = r->has_peeked;
  Token save_token = r->peeked;
  const DrRules *rules = NULL;
  int max_number = 0;
  int first_from = 0;
  gboolean algebraic = FALSE;

  if (variant_tag != NULL && (rules = rules_from_variant_tag (variant_tag)) != NULL)
    return rules;
  if (r->rules != NULL && !r->rules_detected)
    return r->rules;

  /* Numbers above 32, or algebraic squares, in the FEN and first moves. */
  if (fen != NULL)
    for (const char *p = fen; *p; p++)
      {
        if (g_ascii_isdigit (*p) && (p == fen || !g_ascii_isdigit (p[-1])))
          {
            int n = atoi (p);
            if (p > fen && g_ascii_islower (p[-1]))
              algebraic = TRUE;
            else
              max_number = MAX (max_number, n);
          }
      }
  if (!algebraic && max_number <= 32)
    {
      Token t;

      /* Look ahead from the token already peeked, if any, which stays as
       * it is: the lookahead lexes the text again into its own tokens. */
      if (r->has_peeked)
        {
          r->pos = r->peeked.offset;
          r->line = r->peeked.line;
          r->column = r->peeked.column;
          r->has_peeked = FALSE;
        }
      for (int words = 0; words < 60 && max_number <= 32; words++)
        {
          gboolean had_number;
          g_autofree char *marks = NULL, *junk = NULL, *move = NULL;

          _dr_pdn_next_token (r, &t);
          if (t.type == TOKEN_EOF || t.type == TOKEN_TAG || t.type == TOKEN_ERROR)
            {
              _dr_pdn_token_clear (&t);
              break;
            }
          if (t.type == TOKEN_WORD)
            {
              move = split_word (t.text, &had_number, &marks, &junk);
              if (move[0] >= 'a' && move[0] <= 'h'
                  && (g_ascii_isdigit (move[1])
                      || (move[1] >= 'a' && move[1] <= 'h' && g_ascii_isdigit (move[2]))
                      || ((move[1] == ':' || move[1] == 'x') && g_ascii_islower (move[2]))))
                algebraic = TRUE;   /* "c3-d4", "cd4", "b:d6" */
              else if (move[0] != '\0' && strchr (move, '-') != NULL && !is_result_word (move))
                {
                  if (first_from == 0)
                    first_from = atoi (move);
                  for (const char *p = move; *p; p++)
                    if (g_ascii_isdigit (*p) && (p == move || !g_ascii_isdigit (p[-1])))
                      max_number = MAX (max_number, atoi (p));
                }
            }
          _dr_pdn_token_clear (&t);
        }
    }
  r->pos = save_pos;
  r->consumed = save_consumed;
  r->line = save_line;
  r->column = save_column;
  r->has_peeked = save_peeked;
  r->peeked = save_token;

  if (r->rules != NULL)
    {
      /* The variant chosen for the file (dr_pdn_reader_detect_variant()),
       * unless the squares of this game are of the other board: a 10x10
       * setup among 8x8 ones (pdn-edge-cases/should-parse/fen.pdn), or
       * algebraic 8x8 squares in a 10x10 file. */
      if (max_number > 32 && r->rules->geometry->n_squares <= 32)
        return &dr_rules_international;
      if (algebraic && r->rules->geometry->width == 10)
        return &dr_rules_russian;
      return r->rules;
    }

  /* pydraughts' rule: a game from the start whose first move leaves 31-35
   * (White, International) or 9-12 (Black, English). */
  if (algebraic)
    rules = (r->last_rules != NULL && r->last_rules->notation == DR_NOTATION_ALGEBRAIC)
            ? r->last_rules : &dr_rules_russian;
  else if (max_number > 32 || (fen == NULL && first_from >= 31 && first_from <= 35))
    rules = &dr_rules_international;
  else if (r->last_rules != NULL)
    rules = r->last_rules;  /* nothing tells: as the file's games so far */
  else if (max_number > 0)
    rules = &dr_rules_english;
  else
    rules = &dr_rules_international;
  return rules;
}

static const DrRules *
rules_from_gametype (const char *value)
{
  char *end;
  long type = strtol (value, &end, 10);

  if (end == value)
    return NULL;
  return dr_rules_from_gametype ((int) type);
}

/* Skips to the end of the game after an error: past its terminator, or up
 * to the next tag section.  Returns the terminator if there was one (a
 * result or "*"), for the game's result. */
static char *
skip_game (DrPdnReader *r)
{
  Token t;

  for (;;)
    {
      Token *p = _dr_pdn_peek_token (r);

      if (p->type == TOKEN_EOF || p->type == TOKEN_TAG)
        return NULL;
      _dr_pdn_next_token (r, &t);
      if (t.type == TOKEN_WORD && (g_str_equal (t.text, "*") || is_result_word (t.text)))
        {
          Token *after = _dr_pdn_peek_token (r);
          if (after->type == TOKEN_EOF || after->type == TOKEN_TAG || after->space_before)
            {
              char *terminator = g_steal_pointer (&t.text);

              _dr_pdn_token_clear (&t);
              return terminator;
            }
        }
      _dr_pdn_token_clear (&t);
    }
}

/* The texts of the next moves of this line in the file (past move
 * numbers, comments and NAGs, up to a variation, a result or the end),
 * without consuming anything. */
static GPtrArray *
peek_next_moves (DrPdnReader *r,
                 guint        max)
{
  gsize save_pos = r->pos, save_consumed = r->consumed;
  guint save_line = r->line, save_column = r->column;
  gboolean save_peeked = r->has_peeked;
  Token save_token = r->peeked;
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);

  if (r->has_peeked)
    {
      r->pos = r->peeked.offset;
      r->line = r->peeked.line;
      r->column = r->peeked.column;
      r->has_peeked = FALSE;
    }
  while (found->len < max)
    {
      Token t;
      gboolean had_number, stop = FALSE;
      g_autofree char *marks = NULL, *junk = NULL, *move = NULL;

      _dr_pdn_next_token (r, &t);
      if (t.type == TOKEN_WORD && !is_result_word (t.text))
        {
          move = split_word (t.text, &had_number, &marks, &junk);
          if (move[0] != '\0')
            g_ptr_array_add (found, g_steal_pointer (&move));
        }
      else if (t.type != TOKEN_COMMENT && t.type != TOKEN_NAG)
        stop = TRUE;
      _dr_pdn_token_clear (&t);
      if (stop)
        break;
    }
  r->pos = save_pos;
  r->consumed = save_consumed;
  r->line = save_line;
  r->column = save_column;
  r->has_peeked = save_peeked;
  r->peeked = save_token;
  return found;
}

/* Real files write captures that share start and end without their route
 * (schildpad.pdn: "4x24 28-32").  The move meant is the one after which
 * the file's next moves stay legal longest, if only one does. */
static gboolean
resolve_by_next_moves (GameBuilder *b,
                       const char  *text,
                       DrMove      *move)
{
  const DrRules *rules = b->game->rules;
  g_autoptr (GArray) cands = dr_move_match (rules, &b->node->position, text);
  g_autoptr (GPtrArray) next = peek_next_moves (b->r, 400);
  guint best = 0, n_best = 0;

  for (guint i = 0; i < cands->len; i++)
    {
      const DrMove *m = &g_array_index (cands, DrMove, i);
      DrPosition pos;
      guint depth = 0;

      dr_position_apply (&pos, &b->node->position, m);
      for (; depth < next->len; depth++)
        {
          DrMove reply;
          if (!dr_move_parse (rules, &pos, NULL, next->pdata[depth], &reply, NULL))
            break;
          dr_position_apply (&pos, &pos, &reply);
        }
      if (depth > best)
        {
          best = depth;
          n_best = 0;
        }
      if (depth == best)
        {
          n_best++;
          *move = *m;
        }
    }
  return best > 0 && n_best == 1;
}

static gboolean
play_word (GameBuilder *b,
           Token       *t,
           const char  *move_text,
           GError     **error)
{
  const DrRules *rules = b->game->rules;
  g_autoptr (GError) local = NULL;
  DrMove move;
  DrGameNode *child;

  dr_movegen_legal (rules, &b->node->position, b->legal);
  if (!dr_move_parse (rules, &b->node->position, b->legal, move_text, &move, &local)
      && !(g_error_matches (local, DR_MOVE_ERROR, DR_MOVE_ERROR_AMBIGUOUS)
           && resolve_by_next_moves (b, move_text, &move)))
    {
      if (g_error_matches (local, DR_MOVE_ERROR, DR_MOVE_ERROR_SYNTAX))
        body_error (b, error, DR_PDN_ERROR_SYNTAX, t,
                    _("“%s” is not a move"), t->text);
      else
        body_error (b, error,
                    g_error_matches (local, DR_MOVE_ERROR, DR_MOVE_ERROR_AMBIGUOUS)
                    ? DR_PDN_ERROR_AMBIGUOUS_MOVE : DR_PDN_ERROR_ILLEGAL_MOVE,
                    t, "%s", local->message);
      return FALSE;
    }
  child = dr_game_add_move (b->game, b->node, &move);
  if (b->pending != NULL)
    {
      g_autofree char *c = joined (child->comment_before, b->pending);
      dr_game_node_set_comment_before (child, c);
      g_clear_pointer (&b->pending, g_free);
    }
  b->last = child;
  b->node = child;
  return TRUE;
}

/* The marks of the comments that carry text kept unread (dr-pdn.h). */
#define UNREAD_MARK        "[%unread]"
#define UNREAD_RBRACE_MARK "[%unread-rbrace]"

/* @text[@from, @to) with its line ends as "\n": the text a game could not
 * read, kept as written but for the file's line-end convention, which the
 * writer of the file restores. */
static char *
unread_text (const char *text,
             gsize       from,
             gsize       to)
{
  GString *out = g_string_sized_new (to > from ? to - from : 0);

  for (gsize i = from; i < to; i++)
    {
      if (text[i] == '\r')
        {
          g_string_append_c (out, '\n');
          if (i + 1 < to && text[i + 1] == '\n')
            i++;
        }
      else
        g_string_append_c (out, text[i]);
    }
  return g_string_free (out, FALSE);
}

/* Adds @text to the unread text of @node, after @joint. */
static void
append_unread (DrGameNode *node,
               const char *joint,
               const char *text)
{
  g_autofree char *all = node->unread != NULL ? g_strconcat (node->unread, joint, text, NULL)
                                              : g_strdup (text);

  dr_game_node_set_unread (node, all);
}

/* A comment that the writer made of text kept unread: its text goes back
 * to the node it follows (the last move read, else the node the line
 * starts from), a "[%unread-rbrace]" piece after a '}'.  Returns FALSE for
 * any other comment. */
static gboolean
read_unread_comment (GameBuilder *b,
                     const Token *t)
{
  DrGameNode *node = b->last != NULL ? b->last : b->node;
  const char *text = t->text;
  g_autofree char *piece = NULL;
  gboolean rbrace;

  if (g_str_has_prefix (text, UNREAD_MARK))
    {
      text += strlen (UNREAD_MARK);
      rbrace = FALSE;
    }
  else if (g_str_has_prefix (text, UNREAD_RBRACE_MARK))
    {
      text += strlen (UNREAD_RBRACE_MARK);
      rbrace = TRUE;
    }
  else
    return FALSE;
  if (*text == ' ')
    text++;
  piece = unread_text (text, 0, strlen (text));
  if (rbrace)
    {
      g_autofree char *all = g_strconcat (node->unread != NULL ? node->unread : "", "}", piece, NULL);
      dr_game_node_set_unread (node, all);
    }
  else
    append_unread (node, "\n", piece);
  if (!b->kept)
    {
      b->kept = TRUE;
      b->kept_line = t->line;
      b->kept_column = t->column;
    }
  return TRUE;
}

static gboolean
read_body (GameBuilder *b,
           GError     **error)
{
  DrPdnReader *r = b->r;
  Token t;

  for (;;)
    {
      Token *p = _dr_pdn_peek_token (r);

      if (p->type == TOKEN_EOF || (p->type == TOKEN_TAG && b->stack->len == 0))
        {
          if (b->stack->len > 0)
            {
              b->after_number = b->number_next;
              body_error (b, error, DR_PDN_ERROR_UNEXPECTED_EOF, p,
                          _("the game ends inside a variation: a “)” is missing"));
              return FALSE;
            }
          return TRUE;       /* no terminator: the game ends here */
        }
      _dr_pdn_next_token (r, &t);
      b->after_number = b->number_next;
      b->number_next = FALSE;
      switch (t.type)
        {
        case TOKEN_ERROR:
          body_error (b, error, DR_PDN_ERROR_SYNTAX, &t, "%s", t.text);
          _dr_pdn_token_clear (&t);
          return FALSE;
        case TOKEN_TAG:
          body_error (b, error, DR_PDN_ERROR_SYNTAX, &t,
                      _("tag %s inside the moves (a “)” is missing?)"), t.text);
          _dr_pdn_token_clear (&t);
          return FALSE;
        case TOKEN_COMMENT:
          if (!read_unread_comment (b, &t))
            add_comment (b, t.text);
          break;
        case TOKEN_NAG:
          if (b->last != NULL)
            dr_game_node_add_nag (b->last, (guint8) MIN (t.number, 255));
          break;
        case TOKEN_SETUP:
          {
            g_autoptr (GError) local = NULL;
            DrPosition pos;

            if (b->last != NULL || b->stack->len > 0)
              {
                body_error (b, error, DR_PDN_ERROR_BAD_SETUP, &t,
                            _("a position set up in the middle of the moves (/FEN/) is not supported"));
                _dr_pdn_token_clear (&t);
                return FALSE;
              }
            if (!dr_fen_parse (b->game->rules, t.text, &pos, &local))
              {
                body_error (b, error, DR_PDN_ERROR_BAD_SETUP, &t, "%s", local->message);
                _dr_pdn_token_clear (&t);
                return FALSE;
              }
            /* The first setup of a body is the start position. */
            b->game->root->position = pos;
            b->game->setup = TRUE;
            break;
          }
        case TOKEN_OPEN:
          if (b->last == NULL)
            {
              body_error (b, error, DR_PDN_ERROR_SYNTAX, &t,
                          _("a variation before any move"));
              _dr_pdn_token_clear (&t);
              return FALSE;
            }
          /* An alternative to the last move: from the position before it. */
          g_ptr_array_add (b->stack, b->last);
          b->node = b->last->parent;
          b->last = NULL;
          b->pending = NULL;
          break;
        case TOKEN_CLOSE:
          if (b->stack->len == 0)
            {
              body_error (b, error, DR_PDN_ERROR_SYNTAX, &t,
                          _("“)” without a variation to close"));
              _dr_pdn_token_clear (&t);
              return FALSE;
            }
          if (b->pending != NULL && b->last != NULL)
            add_comment (b, b->pending);
          g_clear_pointer (&b->pending, g_free);
          b->last = g_ptr_array_steal_index (b->stack, b->stack->len - 1);
          b->node = b->last;
          break;
        case TOKEN_WORD:
          {
            gboolean had_number;
            g_autofree char *marks = NULL, *junk = NULL, *move = NULL;
            Token *after;

            if (is_result_word (t.text) && b->stack->len == 0)
              {
                /* "1-1" could be a move in no variant; results end games. */
                b->result_word = g_strdup (t.text);
                _dr_pdn_token_clear (&t);
                return TRUE;
              }
            move = split_word (t.text, &had_number, &marks, &junk);
            if (move[0] == '\0')
              {
                if (t.text[0] == '.' || g_str_equal (t.text, "…")
                    || (had_number && marks == NULL && junk == NULL))
                  {
                    /* A move number or "..." alone: unread text that
                     * starts at the next token starts here. */
                    if (!b->after_number)
                      b->number_offset = t.offset;
                    b->number_next = TRUE;
                    break;
                  }
                if (marks != NULL && b->last != NULL)
                  {
                    guint8 nag = strength_nag (marks);
                    if (strchr (marks, '*') != NULL)
                      dr_game_node_add_nag (b->last, DR_NAG_ONLY_MOVE);
                    if (nag != DR_NAG_NONE)
                      dr_game_node_set_glyph (b->last, (DrNag) nag);
                    break;
                  }
              }
            /* A move written with spaces inside: "1- 6", "28 x17", "28 x 17". */
            for (;;)
              {
                gsize l = strlen (move);
                after = _dr_pdn_peek_token (r);
                /* No move is longer than MAX_MOVE_TEXT: stop joining words
                 * there, or "32- - - - ..." takes quadratic time. */
                if (after->type != TOKEN_WORD || marks != NULL || junk != NULL
                    || l > MAX_MOVE_TEXT)
                  break;
                if ((l > 0 && strchr ("-x:", move[l - 1]) != NULL)
                    || (after->text[0] != '\0' && strchr ("x:", after->text[0]) != NULL)
                    || (after->text[0] == '-' && after->text[1] != '\0'))
                  {
                    Token w;
                    char *joined;
                    g_autofree char *m2 = NULL, *mk = NULL, *jk = NULL;
                    gboolean num2;

                    _dr_pdn_next_token (r, &w);
                    m2 = split_word (w.text, &num2, &mk, &jk);
                    joined = g_strconcat (move, w.text, NULL);
                    g_free (move);
                    move = split_word (joined, &num2, &marks, &junk);
                    g_free (joined);
                    _dr_pdn_token_clear (&w);
                    continue;
                  }
                break;
              }
            if (move[0] == '\0' || strchr ("-x:", move[strlen (move) - 1]) != NULL)
              {
                if (is_score_word (t.text))
                  {
                    after = _dr_pdn_peek_token (r);
                    if (after->type == TOKEN_EOF || after->type == TOKEN_TAG)
                      {
                        b->result_word = g_strdup (t.text);
                        _dr_pdn_token_clear (&t);
                        return TRUE;
                      }
                  }
                body_error (b, error, DR_PDN_ERROR_SYNTAX, &t,
                            _("“%s” is not a move"), t.text);
                _dr_pdn_token_clear (&t);
                return FALSE;
              }
            if (!play_word (b, &t, move, error))
              {
                /* A match score ("4-6", delfts.pdn) at the end of a game. */
                after = _dr_pdn_peek_token (r);
                if (is_score_word (t.text) && b->stack->len == 0
                    && (after->type == TOKEN_EOF || after->type == TOKEN_TAG))
                  {
                    g_clear_error (error);
                    b->result_word = g_strdup (t.text);
                    _dr_pdn_token_clear (&t);
                    return TRUE;
                  }
                _dr_pdn_token_clear (&t);
                return FALSE;
              }
            if (marks != NULL)
              {
                guint8 nag = strength_nag (marks[0] == '(' ? marks + 1 : marks);
                if (nag != DR_NAG_NONE)
                  dr_game_node_set_glyph (b->last, (DrNag) nag);
                if (strchr (marks, '*') != NULL)
                  dr_game_node_add_nag (b->last, DR_NAG_ONLY_MOVE);
              }
            if (junk != NULL)
              add_comment (b, junk);
            break;
          }
        case TOKEN_EOF:
        default:
          break;
        }
      _dr_pdn_token_clear (&t);
    }
}

static void
game_builder_clear (GameBuilder *b)
{
  g_clear_pointer (&b->stack, g_ptr_array_unref);
  g_clear_pointer (&b->pending, g_free);
  g_clear_pointer (&b->result_word, g_free);
  g_clear_pointer (&b->legal, g_free);
}

/* Takes the stray terminators after a game ("1-0 *"), and notes where the
 * next game starts: the end of this one's span. */
static void
end_game_span (DrPdnReader *r)
{
  Token *p;

  while ((p = _dr_pdn_peek_token (r))->type == TOKEN_WORD && g_str_equal (p->text, "*"))
    {
      Token t;
      _dr_pdn_next_token (r, &t);
      _dr_pdn_token_clear (&t);
    }
  r->game_end = p->type == TOKEN_EOF ? r->len : p->offset;
}

/* Is @name (matched as the reader matches tag names, whatever the case)
 * among @names? */
static gboolean
names_tag (GPtrArray  *names,
           const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_ascii_strcasecmp (names->pdata[i], name) == 0)
      return TRUE;
  return FALSE;
}

/* The excerpt of unread text a message shows: its first line, shortened. */
static char *
unread_excerpt (const char *unread)
{
  gsize n = strcspn (unread, "\n");
  const char *cut = g_utf8_offset_to_pointer (unread, MIN (g_utf8_strlen (unread, (gssize) n), 40));
  g_autofree char *head = g_strndup (unread, (gsize) (cut - unread));

  return g_strconcat (head, *cut != '\0' ? "…" : "", NULL);
}

DrPdnRead
dr_pdn_reader_next_game (DrPdnReader *r,
                         DrGame     **out,
                         GError     **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (DrGame) game = NULL;
  g_autoptr (GError) local = NULL;
  g_autofree char *terminator = NULL;
  const DrRules *rules = NULL;
  const char *fen = NULL, *gametype = NULL, *variant = NULL, *result = NULL;
  GameBuilder b = { 0 };
  DrPosition start;
  Token *p;
  guint fen_line = 0, fen_column = 0;
  gboolean failed = FALSE;     /* reading stopped: the rest is unread */
  gboolean raw_fen = FALSE;    /* the FEN tag is kept as written */
  gsize unread_from = 0;
  DrGameNode *unread_node;

  g_return_val_if_fail (r != NULL && out != NULL, DR_PDN_READ_END);
  *out = NULL;

  /* Stray terminators before the first game. */
  while ((p = _dr_pdn_peek_token (r))->type == TOKEN_WORD && g_str_equal (p->text, "*"))
    {
      Token t;
      _dr_pdn_next_token (r, &t);
      _dr_pdn_token_clear (&t);
    }
  if (p->type == TOKEN_EOF)
    {
      r->game_start = r->game_end = r->len;
      return DR_PDN_READ_END;
    }
  r->game_line = p->line;
  r->game_column = p->column;
  r->game_start = p->offset;

  /* The tag section.  A tag that cannot be read ends it: what follows is
   * kept unread, from that tag on.  A tag named a second time ends it
   * too: a game has one value for each tag, so that tag begins the next
   * game's section, and this game has no moves (a game of tags alone, as
   * at the end of nk2003-amsterdam.pdn, then another file's first game). */
  while ((p = _dr_pdn_peek_token (r))->type == TOKEN_TAG || p->type == TOKEN_ERROR)
    {
      Token t;

      if (p->type == TOKEN_TAG && names_tag (names, p->text))
        break;
      _dr_pdn_next_token (r, &t);
      if (t.type == TOKEN_ERROR)
        {
          pdn_error (r, &local, DR_PDN_ERROR_SYNTAX, t.line, t.column, "%s", t.text);
          unread_from = t.offset;
          failed = TRUE;
          _dr_pdn_token_clear (&t);
          break;
        }
      if (g_ascii_strcasecmp (t.text, "FEN") == 0)
        {
          fen_line = t.line;
          fen_column = t.column;
        }
      g_ptr_array_add (names, t.text);
      g_ptr_array_add (values, t.value);
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      if (g_ascii_strcasecmp (name, "FEN") == 0)
        fen = values->pdata[i];
      else if (g_ascii_strcasecmp (name, "GameType") == 0)
        gametype = values->pdata[i];
      else if (g_ascii_strcasecmp (name, "Variant") == 0)
        variant = values->pdata[i];
      else if (g_ascii_strcasecmp (name, "Result") == 0)
        result = values->pdata[i];
    }

  if (gametype != NULL)
    {
      rules = rules_from_gametype (gametype);
      if (rules == NULL)
        {
          /* A game of another kind: kept with all of its moves unread, as
           * International (not a guess from its moves, which would depend
           * on what is unread, and change once it is written back). */
          if (!failed)
            {
              pdn_error (r, &local, DR_PDN_ERROR_UNKNOWN_GAMETYPE, r->game_line, r->game_column,
                         _("GameType “%s” is not a variant this program plays"), gametype);
              unread_from = _dr_pdn_peek_token (r)->offset;
              failed = TRUE;
            }
          rules = &dr_rules_international;
          raw_fen = TRUE;
        }
      else
        {
          /* GameType 20 and 25 are shared with the giveaway games. */
          if (variant != NULL && g_ascii_strcasecmp (variant, "Antidraughts") == 0)
            rules = &dr_rules_antidraughts;
          if (variant != NULL && g_ascii_strcasecmp (variant, "Russian giveaway") == 0)
            rules = &dr_rules_russian_giveaway;
          if (r->rules != NULL && r->rules->gametype == rules->gametype)
            rules = r->rules;
        }
    }
  else
    rules = guess_rules (r, fen, variant);

  if (fen != NULL && !raw_fen)
    {
      g_autoptr (GError) fen_error = NULL;

      if (dr_fen_parse (rules, fen, &start, &fen_error))
        game = dr_game_new (rules, &start);
      else
        {
          /* Kept as written; the moves, which need the position, unread. */
          if (!failed)
            {
              pdn_error (r, &local, DR_PDN_ERROR_BAD_SETUP, fen_line, fen_column, "%s",
                         fen_error->message);
              unread_from = _dr_pdn_peek_token (r)->offset;
              failed = TRUE;
            }
          raw_fen = TRUE;
        }
    }
  if (game == NULL)
    game = dr_game_new (rules, NULL);
  for (guint i = 0; i < names->len; i++)
    {
      /* The FEN tag holds the position read, in normal form. */
      if (g_ascii_strcasecmp (names->pdata[i], "FEN") == 0 && !raw_fen)
        {
          g_autofree char *normal = dr_fen_write (rules, &game->root->position, rules->notation);
          dr_game_set_tag (game, names->pdata[i], normal);
        }
      else
        dr_game_set_tag (game, names->pdata[i], values->pdata[i]);
    }

  b.r = r;
  b.game = game;
  b.stack = g_ptr_array_new ();
  b.node = game->root;
  /* Not zeroed (32 KiB): the generator fills it before each use. */
  b.legal = g_new (DrMoveList, 1);
  b.legal->all_paths = FALSE;
  if (failed && unread_from == _dr_pdn_peek_token (r)->offset)
    {
      /* None of the moves can be read (a GameType or FEN this program
       * cannot use).  Text kept unread by an earlier reading, which the
       * writer put first, comes back as it was, and a terminator alone
       * after it is the game's own, as in any game. */
      while ((p = _dr_pdn_peek_token (r))->type == TOKEN_COMMENT
             && (g_str_has_prefix (p->text, UNREAD_MARK) || g_str_has_prefix (p->text, UNREAD_RBRACE_MARK)))
        {
          Token t;

          _dr_pdn_next_token (r, &t);
          read_unread_comment (&b, &t);
          _dr_pdn_token_clear (&t);
        }
      unread_from = p->offset;
      if (p->type == TOKEN_WORD && (g_str_equal (p->text, "*") || is_result_word (p->text)))
        {
          Token t;

          _dr_pdn_next_token (r, &t);
          if (_dr_pdn_peek_token (r)->type == TOKEN_EOF || _dr_pdn_peek_token (r)->type == TOKEN_TAG)
            {
              terminator = g_steal_pointer (&t.text);
              unread_from = r->consumed;
            }
          _dr_pdn_token_clear (&t);
        }
    }
  else if (!failed && !read_body (&b, &local))
    {
      failed = TRUE;
      unread_from = b.error_offset;
    }
  if (failed)
    {
      /* What was read stays; the rest of the game's text goes on the node
       * where reading stopped, with a comment that waited for a move.  A
       * game read in part always has unread text, if only "". */
      unread_node = b.last != NULL ? b.last : b.node;
      if (b.pending != NULL)
        comment_after (unread_node, b.pending);
      if (terminator == NULL)
        terminator = skip_game (r);
      if (r->consumed > unread_from || unread_node->unread == NULL)
        {
          g_autofree char *text = unread_text (r->text, unread_from, MAX (unread_from, r->consumed));
          append_unread (unread_node, "\n", text);
        }
    }
  else
    r->last_rules = rules;
  game->result = dr_result_from_string (result != NULL ? result
                                        : b.result_word != NULL ? b.result_word : terminator,
                                        rules);
  if (!failed && b.kept)
    {
      g_autofree char *excerpt = unread_excerpt (dr_game_find_unread (game)->unread);

      pdn_error (r, &local, DR_PDN_ERROR_UNREAD, b.kept_line, b.kept_column,
                 _("moves kept unread by an earlier reading: “%s”"), excerpt);
    }
  game_builder_clear (&b);
  end_game_span (r);
  *out = g_steal_pointer (&game);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return DR_PDN_READ_PARTIAL;
    }
  return DR_PDN_READ_WHOLE;
}

void
dr_pdn_reader_game_start (DrPdnReader *r,
                          guint       *line,
                          guint       *column)
{
  *line = r->game_line;
  *column = r->game_column;
}

DrPdnReader *
dr_pdn_reader_new (const char    *data,
                   gssize         len,
                   const char    *name,
                   const char    *encoding,
                   const DrRules *rules,
                   GError       **error)
{
  DrPdnReader *r;
  g_autoptr (GError) local = NULL;
  const char *found = NULL;
  gboolean bom = FALSE;
  char *text;

  g_return_val_if_fail (data != NULL, NULL);
  if (len < 0)
    len = (gssize) strlen (data);
  text = _dr_pdn_to_utf8 (data, (gsize) len, encoding, &found, &bom, &local);
  if (text == NULL)
    {
      g_set_error (error, DR_PDN_ERROR, DR_PDN_ERROR_ENCODING, "%s: %s", name ? name : "PDN",
                   local->message);
      return NULL;
    }
  r = g_new0 (DrPdnReader, 1);
  r->name = g_strdup (name != NULL ? name : "PDN");
  r->text = text;
  r->owns_text = TRUE;
  r->encoding = g_strdup (found);
  r->bom = bom;
  r->len = strlen (text);
  r->line = 1;
  r->column = 1;
  r->rules = rules;
  return r;
}

DrPdnReader *
dr_pdn_reader_new_for_file (const char    *path,
                            const char    *encoding,
                            const DrRules *rules,
                            GError       **error)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) local = NULL;
  gsize len;

  if (!g_file_get_contents (path, &data, &len, &local))
    {
      g_set_error (error, DR_PDN_ERROR, DR_PDN_ERROR_IO, "%s", local->message);
      return NULL;
    }
  return dr_pdn_reader_new (data, (gssize) len, path, encoding, rules, error);
}

void
dr_pdn_reader_free (DrPdnReader *r)
{
  if (r == NULL)
    return;
  if (r->has_peeked)
    _dr_pdn_token_clear (&r->peeked);
  g_free (r->name);
  if (r->owns_text)
    g_free (r->text);
  g_free (r->encoding);
  g_free (r);
}

void
dr_pdn_reader_game_span (DrPdnReader *r,
                         gsize       *start,
                         gsize       *end)
{
  g_return_if_fail (r != NULL);

  if (start != NULL)
    *start = r->game_start;
  if (end != NULL)
    *end = r->game_end;
}

const char *
dr_pdn_reader_get_text (DrPdnReader *r,
                        gsize       *length)
{
  g_return_val_if_fail (r != NULL, NULL);

  if (length != NULL)
    *length = r->len;
  return r->text;
}

const char *
dr_pdn_reader_get_encoding (DrPdnReader *r)
{
  g_return_val_if_fail (r != NULL, NULL);

  return r->encoding;
}

gboolean
dr_pdn_reader_get_bom (DrPdnReader *r)
{
  g_return_val_if_fail (r != NULL, FALSE);

  return r->bom;
}

/* --- the variant of a file without GameType -------------------------- */

/* How many games dr_pdn_reader_detect_variant() reads under each variant:
 * enough to outvote a few transcription errors, few enough that a file of
 * 100,000 games opens at once. */
#define DETECT_SAMPLE 200

/* A reader over the first @len bytes of @r's text, which it borrows. */
static DrPdnReader *
reader_borrow (DrPdnReader   *r,
               gsize          len,
               const DrRules *rules)
{
  DrPdnReader *s = g_new0 (DrPdnReader, 1);

  s->name = g_strdup (r->name);
  s->text = r->text;
  s->owns_text = FALSE;
  s->encoding = g_strdup (r->encoding);
  s->len = len;
  s->line = 1;
  s->column = 1;
  s->rules = rules;
  s->rules_detected = rules != NULL;
  return s;
}

/* Does @game name its variant, so that the reader's variant does not
 * matter to it? */
static gboolean
names_variant (const DrGame *game)
{
  const char *variant = dr_game_get_tag (game, "Variant");

  return dr_game_get_tag (game, "GameType") != NULL
         || (variant != NULL && rules_from_variant_tag (variant) != NULL);
}

/* Reads up to DETECT_SAMPLE games of the first @len bytes of @r's text
 * with @rules as the reader's variant.  Returns how many of the games that
 * name no variant were read in part; *@games gets how many name none, and
 * if not NULL @guessed[v] how many of them were read as variant v, and
 * *@end where the last game read ends. */
static guint
trial_read (DrPdnReader   *r,
            gsize          len,
            const DrRules *rules,
            guint         *games,
            guint         *guessed,
            gsize         *end)
{
  g_autoptr (DrPdnReader) s = reader_borrow (r, len, rules);
  guint errors = 0;

  *games = 0;
  for (guint n = 0; n < DETECT_SAMPLE; n++)
    {
      g_autoptr (DrGame) game = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (s, &game, NULL);

      if (read == DR_PDN_READ_END)
        break;
      if (names_variant (game))
        continue;
      (*games)++;
      if (read == DR_PDN_READ_PARTIAL)
        errors++;
      if (guessed != NULL)
        guessed[game->rules->variant]++;
    }
  if (end != NULL)
    *end = s->game_end;
  return errors;
}

static char *
errors_text (guint errors)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u error", "%u errors", errors), errors);
}

/**
 * dr_pdn_reader_detect_variant:
 * @reader: a reader that has not read a game yet
 * @report: (out) (optional) (transfer full) (nullable): what was found,
 *   NULL when every game sampled names its variant
 *
 * Chooses the variant of the games that name none (PDN.md §4: the Czech
 * and Italian files of shared/data carry no GameType): the first
 * DETECT_SAMPLE games are read under each variant of their board and the
 * variant with the fewest games read in part wins; ties go to the
 * reader's variant, else to the one the reader guesses most often game by
 * game (guess_rules()), else to the first in DrVariant order.  The reader
 * then reads such games in the variant chosen.
 *
 * Returns: (nullable): the variant chosen, or the reader's own when no
 *   game sampled lacks a variant
 */
const DrRules *
dr_pdn_reader_detect_variant (DrPdnReader *r,
                              char       **report)
{
  guint guessed[DR_N_VARIANTS] = { 0 };
  guint errors[DR_N_VARIANTS] = { 0 };
  const DrRules *tried[DR_N_VARIANTS] = { NULL };   /* the rules tried, by variant */
  const DrRules *guess = NULL, *reference, *best;
  const DrGeometry *board;
  guint games, most = 0;
  gsize end;
  g_autoptr (GString) others = NULL;
  g_autofree char *best_errors = NULL;

  if (report != NULL)
    *report = NULL;
  g_return_val_if_fail (r != NULL, NULL);
  g_return_val_if_fail (r->consumed == 0 && !r->has_peeked, r->rules);

  /* Step 1. Read as the reader would, game by game: which games name no
   * variant, which variant each is guessed to be (and so which board),
   * and where the sample ends. */
  trial_read (r, r->len, NULL, &games, guessed, &end);
  if (games == 0)
    return r->rules;
  for (int v = 0; v < DR_N_VARIANTS; v++)
    if (guessed[v] > most)
      {
        most = guessed[v];
        guess = dr_rules_get ((DrVariant) v);
      }
  reference = r->rules != NULL ? r->rules : guess;
  board = guess->geometry;

  /* Step 2. Each variant of that board size, and the caller's, on the
   * same games. */
  for (int v = 0; v < DR_N_VARIANTS; v++)
    {
      /* The caller's own rules for its variant (they may be a variant's
       * rules with other draw rules). */
      const DrRules *rules = v == (int) reference->variant ? reference : dr_rules_get ((DrVariant) v);
      guint n;

      if (rules != reference && (rules->geometry->width != board->width
                                 || rules->geometry->height != board->height))
        continue;
      errors[v] = trial_read (r, end, rules, &n, NULL, NULL);
      tried[v] = rules;
    }

  /* Step 3. The fewest errors; on a tie the reference, then the order of
   * DrVariant. */
  best = reference;
  for (int v = 0; v < DR_N_VARIANTS; v++)
    if (tried[v] != NULL && errors[v] < errors[best->variant])
      best = tried[v];
  r->rules = best;
  r->rules_detected = TRUE;

  if (report != NULL)
    {
      others = g_string_new (NULL);
      for (int v = 0; v < DR_N_VARIANTS; v++)
        if (tried[v] != NULL && v != (int) best->variant)
          {
            g_autofree char *e = errors_text (errors[v]);

            g_string_append_printf (others, "%s%s: %s", others->len > 0 ? ", " : "",
                                    dr_rules_get ((DrVariant) v)->name, e);
          }
      best_errors = errors_text (errors[best->variant]);
      *report = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "no GameType; replays as %s (%s in %u game; %s)",
                                              "no GameType; replays as %s (%s in %u games; %s)",
                                              games),
                                 best->name, best_errors, games, others->str);
    }
  return best;
}
