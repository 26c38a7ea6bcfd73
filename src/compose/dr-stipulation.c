/* dr-stipulation.c — what a composition asks, read from and written to PDN tags
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tags and the sentence grammar are documented in dr-stipulation.h.
 */
#define G_LOG_DOMAIN "dr-stipulation"

#include "config.h"

#include "dr-stipulation.h"

#include <glib/gi18n-lib.h>
#include <string.h>

G_DEFINE_QUARK (dr-stipulation-error-quark, dr_stipulation_error)

static const struct
{
  DrSpecial   flag;
  const char *word;
} special_words[] = {
  { DR_SPECIAL_TWO_TASKS, "two-tasks" },
  { DR_SPECIAL_DOUBLE, "double" },
  { DR_SPECIAL_PICTORIAL, "pictorial" },
  { DR_SPECIAL_RETRO, "retro" },
  { DR_SPECIAL_CONDITIONAL, "conditional" },
  { DR_SPECIAL_PRACTICAL, "practical" },
};

void
dr_stipulation_init (DrStipulation *st,
                     DrSide         to_move)
{
  memset (st, 0, sizeof *st);
  st->genre = DR_GENRE_UNSTATED;
  st->goal = DR_GOAL_WIN;
  st->attacker = to_move;
  st->to_move = to_move;
  st->order = DR_ORDER_AS_GIVEN;
}

void
dr_stipulation_clear (DrStipulation *st)
{
  g_clear_pointer (&st->author, g_free);
  g_clear_pointer (&st->source, g_free);
  g_clear_pointer (&st->date, g_free);
  g_clear_pointer (&st->unread, g_free);
}

void
dr_stipulation_copy (DrStipulation       *dest,
                     const DrStipulation *src)
{
  *dest = *src;
  dest->author = g_strdup (src->author);
  dest->source = g_strdup (src->source);
  dest->date = g_strdup (src->date);
  dest->unread = g_strdup (src->unread);
}

gboolean
dr_stipulation_equal (const DrStipulation *a,
                      const DrStipulation *b)
{
  return a->genre == b->genre && a->goal == b->goal && a->attacker == b->attacker
         && a->to_move == b->to_move && a->order == b->order
         && a->lock_men == b->lock_men && a->lock_kings == b->lock_kings
         && a->special == b->special && a->mover_conflict == b->mover_conflict
         && g_strcmp0 (a->author, b->author) == 0 && g_strcmp0 (a->source, b->source) == 0
         && g_strcmp0 (a->date, b->date) == 0 && g_strcmp0 (a->unread, b->unread) == 0;
}

const char *
dr_genre_to_string (DrGenre genre)
{
  switch (genre)
    {
    case DR_GENRE_PROBLEM:
      return "problem";
    case DR_GENRE_ETUDE:
      return "etude";
    case DR_GENRE_TASK:
      return "task";
    case DR_GENRE_POSITIONAL_ENDING:
      return "positional ending";
    case DR_GENRE_UNSTATED:
    default:
      return NULL;
    }
}

const char *
dr_genre_title (DrGenre genre)
{
  switch (genre)
    {
    case DR_GENRE_PROBLEM:
      return _("problem");
    case DR_GENRE_ETUDE:
      return _("étude");
    case DR_GENRE_TASK:
      return _("task");
    case DR_GENRE_POSITIONAL_ENDING:
      return _("positional ending");
    case DR_GENRE_UNSTATED:
    default:
      return _("no genre");
    }
}

gboolean
dr_genre_from_string (const char *text,
                      DrGenre    *genre)
{
  g_autofree char *t = g_utf8_strdown (text, -1);

  g_strstrip (t);
  if (g_str_equal (t, "problem"))
    *genre = DR_GENRE_PROBLEM;
  else if (g_str_equal (t, "etude") || g_str_equal (t, "étude") || g_str_equal (t, "study"))
    *genre = DR_GENRE_ETUDE;
  else if (g_str_equal (t, "task"))
    *genre = DR_GENRE_TASK;
  else if (g_str_equal (t, "positional ending") || g_str_equal (t, "positional-ending"))
    *genre = DR_GENRE_POSITIONAL_ENDING;
  else if (*t == '\0')
    *genre = DR_GENRE_UNSTATED;
  else
    return FALSE;
  return TRUE;
}

/* Sentences. */

static const char *
side_word (DrSide side)
{
  return side == DR_SIDE_WHITE ? "White" : "Black";
}

static void
append_lock (GString             *s,
             const DrStipulation *st)
{
  if (st->lock_kings > 0)
    g_string_append_printf (s, " %u %s", st->lock_kings, st->lock_kings == 1 ? "king" : "kings");
  if (st->lock_kings > 0 && st->lock_men > 0)
    g_string_append (s, " and");
  if (st->lock_men > 0 || st->lock_kings == 0)
    g_string_append_printf (s, " %u %s", st->lock_men, st->lock_men == 1 ? "man" : "men");
}

/* "win" or "wins", "lock 3 men" or "locks 3 men". */
static void
append_goal (GString             *s,
             const DrStipulation *st,
             gboolean             third_person)
{
  switch (st->goal)
    {
    case DR_GOAL_WIN:
      g_string_append (s, third_person ? "wins" : "win");
      break;
    case DR_GOAL_DRAW:
      g_string_append (s, third_person ? "draws" : "draw");
      break;
    case DR_GOAL_LOCK:
      g_string_append (s, third_person ? "locks" : "lock");
      append_lock (s, st);
      break;
    case DR_GOAL_GIVEAWAY:
      g_string_append (s, third_person ? "gives away" : "give away");
      break;
    default:
      g_assert_not_reached ();
    }
}

char *
dr_stipulation_to_text (const DrStipulation *st)
{
  GString *s = g_string_new (NULL);

  switch (st->order)
    {
    case DR_ORDER_EITHER:
      g_string_append_printf (s, "%s ", side_word (st->attacker));
      append_goal (s, st, TRUE);
      g_string_append (s, " whoever moves");
      break;
    case DR_ORDER_WIN_OR_DRAW:
      g_string_append_printf (s, "%s to play wins, %s to play draws",
                              side_word (st->attacker), side_word (DR_SIDE_OTHER (st->attacker)));
      break;
    case DR_ORDER_AS_GIVEN:
    default:
      if (st->attacker == st->to_move)
        {
          g_string_append_printf (s, "%s to play and ", side_word (st->to_move));
          append_goal (s, st, FALSE);
        }
      else
        {
          g_string_append_printf (s, "%s to play, %s ", side_word (st->to_move), side_word (st->attacker));
          append_goal (s, st, TRUE);
        }
      break;
    }
  return g_string_free (s, FALSE);
}

static gboolean
word_is (char       **w,
         guint        i,
         const char  *word)
{
  return i < g_strv_length (w) && g_str_equal (w[i], word);
}

static gboolean
parse_side (char  **w,
            guint  *i,
            DrSide *side)
{
  if (word_is (w, *i, "white"))
    *side = DR_SIDE_WHITE;
  else if (word_is (w, *i, "black"))
    *side = DR_SIDE_BLACK;
  else
    return FALSE;
  (*i)++;
  return TRUE;
}

/* "3 men", "1 king and 2 men". */
static gboolean
parse_lock (char  **w,
            guint  *i,
            guint  *men,
            guint  *kings)
{
  gboolean any = FALSE;

  *men = *kings = 0;
  for (;;)
    {
      guint64 n;
      char *end;

      if (*i >= g_strv_length (w) || !g_ascii_isdigit (w[*i][0]))
        return any;
      n = g_ascii_strtoull (w[*i], &end, 10);
      if (*end != '\0' || n > 30)
        return FALSE;
      if (word_is (w, *i + 1, "man") || word_is (w, *i + 1, "men"))
        *men = (guint) n;
      else if (word_is (w, *i + 1, "king") || word_is (w, *i + 1, "kings"))
        *kings = (guint) n;
      else
        return FALSE;
      *i += 2;
      any = TRUE;
      if (!word_is (w, *i, "and"))
        return TRUE;
      (*i)++;
    }
}

static gboolean
parse_goal (char          **w,
            guint          *i,
            gboolean        third_person,
            DrStipulation  *st)
{
  if (word_is (w, *i, third_person ? "wins" : "win"))
    st->goal = DR_GOAL_WIN;
  else if (word_is (w, *i, third_person ? "draws" : "draw"))
    st->goal = DR_GOAL_DRAW;
  else if (word_is (w, *i, third_person ? "gives" : "give") && word_is (w, *i + 1, "away"))
    {
      st->goal = DR_GOAL_GIVEAWAY;
      (*i)++;
    }
  else if (word_is (w, *i, third_person ? "locks" : "lock"))
    {
      (*i)++;
      st->goal = DR_GOAL_LOCK;
      return parse_lock (w, i, &st->lock_men, &st->lock_kings);
    }
  else
    return FALSE;
  (*i)++;
  return TRUE;
}

gboolean
dr_stipulation_parse_text (DrStipulation *st,
                           const char    *text)
{
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_autoptr (GString) spaced = g_string_new (NULL);
  g_auto (GStrv) w = NULL;
  g_autoptr (GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  DrStipulation r = *st;
  guint i = 0, n;
  DrSide mover, side;
  gboolean have_mover = FALSE;

  for (const char *p = lower; *p != '\0'; p++)
    {
      if (*p == ',')
        g_string_append (spaced, " , ");
      else if (*p == '.' || *p == '!' || *p == ';' || *p == ':')
        g_string_append_c (spaced, ' ');
      else
        g_string_append_c (spaced, *p);
    }
  {
    g_auto (GStrv) raw = g_strsplit_set (spaced->str, " \t\n\r", -1);

    for (guint k = 0; raw[k] != NULL; k++)
      if (raw[k][0] != '\0')
        g_ptr_array_add (words, g_str_equal (raw[k], "move") ? g_strdup ("play") : g_strdup (raw[k]));
  }
  g_ptr_array_add (words, NULL);
  w = (GStrv) g_ptr_array_steal (words, NULL);
  n = g_strv_length (w);

  r.order = DR_ORDER_AS_GIVEN;
  r.lock_men = r.lock_kings = 0;
  r.mover_conflict = FALSE;
  if (n == 0)
    return FALSE;
  if (!parse_side (w, &i, &side))
    {
      /* "Win", "Draw": the side to move's. */
      r.attacker = r.to_move;
      if (!parse_goal (w, &i, FALSE, &r) || i != n)
        return FALSE;
      *st = r;
      return TRUE;
    }
  if (word_is (w, i, "to") && word_is (w, i + 1, "play"))
    {
      i += 2;
      mover = side;
      have_mover = TRUE;
      if (word_is (w, i, "and"))
        {
          i++;
          r.attacker = side;
          if (!parse_goal (w, &i, FALSE, &r))
            return FALSE;
        }
      else if (word_is (w, i, "wins") && word_is (w, i + 1, ","))
        {
          DrSide other;

          /* "White to play wins, Black to play draws" */
          i += 2;
          if (!parse_side (w, &i, &other) || other == side || !word_is (w, i, "to")
              || !word_is (w, i + 1, "play") || !word_is (w, i + 2, "draws"))
            return FALSE;
          i += 3;
          r.attacker = side;
          r.goal = DR_GOAL_WIN;
          r.order = DR_ORDER_WIN_OR_DRAW;
          have_mover = FALSE;
        }
      else if (word_is (w, i, ","))
        {
          i++;
          if (!parse_side (w, &i, &r.attacker) || !parse_goal (w, &i, TRUE, &r))
            return FALSE;
        }
      else
        return FALSE;
    }
  else
    {
      r.attacker = side;
      if (!parse_goal (w, &i, TRUE, &r))
        return FALSE;
      if (word_is (w, i, "whoever") && word_is (w, i + 1, "moves"))
        {
          i += 2;
          r.order = DR_ORDER_EITHER;
        }
    }
  if (i != n)
    return FALSE;
  if (have_mover && mover != r.to_move)
    r.mover_conflict = TRUE;
  *st = r;
  return TRUE;
}

/* The stipulation a game without a Stipulation tag has: what its result
 * says (a collection's problems end "1-0" when White wins, whoever moves
 * first, and a draw study "1/2-1/2"), else a win for the side to move. */
static void
default_of (const DrGame  *game,
            DrStipulation *st)
{
  DrSide to_move = (DrSide) game->root->position.turn;

  st->order = DR_ORDER_AS_GIVEN;
  st->lock_men = st->lock_kings = 0;
  st->mover_conflict = FALSE;
  st->to_move = to_move;
  switch (game->result)
    {
    case DR_RESULT_WHITE_WINS:
      st->goal = DR_GOAL_WIN;
      st->attacker = DR_SIDE_WHITE;
      break;
    case DR_RESULT_BLACK_WINS:
      st->goal = DR_GOAL_WIN;
      st->attacker = DR_SIDE_BLACK;
      break;
    case DR_RESULT_DRAW:
      /* 6.1.3: White carries out the task, here a draw. */
      st->goal = DR_GOAL_DRAW;
      st->attacker = DR_SIDE_WHITE;
      break;
    case DR_RESULT_UNKNOWN:
    case DR_RESULT_BOTH_LOSE:
    default:
      st->goal = DR_GOAL_WIN;
      st->attacker = to_move;
      break;
    }
}

static const char *
tag_value (const DrGame *game,
           const char   *name)
{
  const char *v = dr_game_get_tag (game, name);

  /* PDN.md §2: "?" and "" mean unknown, and so does the unknown Date. */
  if (v == NULL || *v == '\0' || g_str_equal (v, "?") || g_str_equal (v, "-")
      || g_str_equal (v, "????.??.??"))
    return NULL;
  return v;
}

static const char *goal_words[] = {
  [DR_GOAL_WIN] = "win", [DR_GOAL_DRAW] = "draw", [DR_GOAL_LOCK] = "lock",
  [DR_GOAL_GIVEAWAY] = "giveaway",
};

/* The Goal tag's word (as draughtsman-cli solve reads it). */
static const char *
goal_word (const DrStipulation *st)
{
  if (st->order == DR_ORDER_EITHER)
    return "win-either";
  if (st->order == DR_ORDER_WIN_OR_DRAW)
    return "win-or-draw";
  return goal_words[st->goal];
}

/* Goal ("win", "draw", "lock", "giveaway", "win-either", "win-or-draw")
 * and Lock ("3 men") stand for a Stipulation sentence; the attacker is
 * the default's. */
static void
read_goal_tags (DrStipulation *st,
                const DrGame  *game)
{
  const char *goal = dr_game_get_tag (game, "Goal");
  const char *lock = dr_game_get_tag (game, "Lock");

  if (goal == NULL)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (goal_words); i++)
    if (g_ascii_strcasecmp (goal, goal_words[i]) == 0)
      {
        st->goal = (DrGoal) i;
        st->order = DR_ORDER_AS_GIVEN;
      }
  if (g_ascii_strcasecmp (goal, "win-either") == 0)
    {
      st->goal = DR_GOAL_WIN;
      st->order = DR_ORDER_EITHER;
    }
  else if (g_ascii_strcasecmp (goal, "win-or-draw") == 0)
    {
      st->goal = DR_GOAL_WIN;
      st->order = DR_ORDER_WIN_OR_DRAW;
    }
  if (st->goal == DR_GOAL_LOCK && lock != NULL)
    {
      g_autofree char *lower = g_ascii_strdown (lock, -1);
      g_auto (GStrv) w = g_strsplit_set (lower, " \t", -1);
      g_autoptr (GPtrArray) words = g_ptr_array_new ();
      guint i = 0;

      for (guint k = 0; w[k] != NULL; k++)
        if (w[k][0] != '\0')
          g_ptr_array_add (words, w[k]);
      g_ptr_array_add (words, NULL);
      if (!parse_lock ((char **) words->pdata, &i, &st->lock_men, &st->lock_kings)
          || i != words->len - 1)
        st->lock_men = st->lock_kings = 0;
    }
}

/**
 * dr_stipulation_read:
 * @st: the stipulation to fill in (initialised here; clear it afterwards)
 * @game: a game whose root is the composition's start
 * @error: return location for a #GError
 *
 * Reads the tags of dr-stipulation.h.  A Stipulation tag outside the
 * grammar is kept in @st->unread and the default goal assumed.
 *
 * Returns: FALSE when a Genre or Special tag holds a word this program does
 * not know (@st then holds everything else that was read)
 */
gboolean
dr_stipulation_read (DrStipulation *st,
                     const DrGame  *game,
                     GError       **error)
{
  const char *v;
  gboolean ok = TRUE;

  dr_stipulation_init (st, (DrSide) game->root->position.turn);
  default_of (game, st);
  st->author = g_strdup (tag_value (game, "Author"));
  /* Site and Date stand in for the PDN 3.0 problem tags, as the
   * collections use them, unless those are there (even as "?"). */
  st->source = g_strdup (dr_game_get_tag (game, "Publication") != NULL
                         ? tag_value (game, "Publication") : tag_value (game, "Site"));
  st->date = g_strdup (dr_game_get_tag (game, "PublicationDate") != NULL
                       ? tag_value (game, "PublicationDate") : tag_value (game, "Date"));

  v = dr_game_get_tag (game, "Stipulation");
  if (v != NULL && *v != '\0' && !dr_stipulation_parse_text (st, v))
    st->unread = g_strdup (v);
  else if (v == NULL || *v == '\0')
    read_goal_tags (st, game);

  v = dr_game_get_tag (game, "Special");
  if (v != NULL)
    {
      g_auto (GStrv) parts = g_strsplit (v, ",", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          gboolean known = FALSE;

          g_strstrip (parts[i]);
          if (parts[i][0] == '\0')
            continue;
          for (gsize k = 0; k < G_N_ELEMENTS (special_words); k++)
            if (g_ascii_strcasecmp (parts[i], special_words[k].word) == 0)
              {
                st->special |= special_words[k].flag;
                known = TRUE;
              }
          if (!known && ok)
            {
              g_set_error (error, DR_STIPULATION_ERROR, DR_STIPULATION_ERROR_SPECIAL,
                           _("Special “%s”: “%s” is not one of two-tasks, double, pictorial, "
                             "retro, conditional, practical"), v, parts[i]);
              ok = FALSE;
            }
        }
    }

  v = dr_game_get_tag (game, "Genre");
  if (v != NULL && !dr_genre_from_string (v, &st->genre))
    {
      if (ok)
        g_set_error (error, DR_STIPULATION_ERROR, DR_STIPULATION_ERROR_GENRE,
                     _("Genre “%s” is not one of problem, etude, task, positional ending"), v);
      ok = FALSE;
    }
  return ok;
}

static void
set_or_remove (DrGame     *game,
               const char *name,
               const char *value)
{
  if (value != NULL && *value != '\0')
    dr_game_set_tag (game, name, value);
  else
    dr_game_remove_tag (game, name);
}

/* A problem tag that Site or Date stands in for: left out when it says
 * the same, "?" when it is unknown but they are not. */
static void
set_problem_tag (DrGame     *game,
                 const char *name,
                 const char *stand_in,
                 const char *value)
{
  const char *other = tag_value (game, stand_in);

  if (value != NULL && *value == '\0')
    value = NULL;
  if (g_strcmp0 (value, other) == 0)
    dr_game_remove_tag (game, name);
  else
    dr_game_set_tag (game, name, value != NULL ? value : "?");
}

/**
 * dr_stipulation_write:
 * @st: a stipulation
 * @game: the game whose tags to set
 *
 * Sets the tags of dr-stipulation.h.  The Stipulation tag is written only
 * when it says more than the default (the game's result, else a win for
 * the side to move) and
 * the Genre tag only when a genre is stated; Publication and
 * PublicationDate only when they differ from Site and Date, from which
 * they would be read back anyway.  So a collection read and written again
 * gains no tags.
 */
void
dr_stipulation_write (const DrStipulation *st,
                      DrGame              *game)
{
  g_autoptr (GString) special = g_string_new (NULL);
  DrStipulation dflt;

  set_or_remove (game, "Author", st->author);
  set_problem_tag (game, "Publication", "Site", st->source);
  set_problem_tag (game, "PublicationDate", "Date", st->date);
  set_or_remove (game, "Genre", dr_genre_to_string (st->genre));

  dr_stipulation_init (&dflt, st->to_move);
  default_of (game, &dflt);
  if (st->unread != NULL)
    dr_game_set_tag (game, "Stipulation", st->unread);
  else if (st->goal == dflt.goal && st->attacker == dflt.attacker && st->order == dflt.order
           && st->to_move == dflt.to_move && !st->mover_conflict)
    {
      dr_game_remove_tag (game, "Stipulation");
      dr_game_remove_tag (game, "Goal");
      dr_game_remove_tag (game, "Lock");
    }
  else
    {
      g_autofree char *text = NULL;
      DrStipulation said = *st;

      /* A conflict between sentence and FEN is kept: the sentence names
       * the other side to play. */
      if (st->mover_conflict)
        said.to_move = DR_SIDE_OTHER (st->to_move);
      text = dr_stipulation_to_text (&said);
      dr_game_set_tag (game, "Stipulation", text);
      /* The same for draughtsman-cli solve, which reads Goal. */
      dr_game_set_tag (game, "Goal", goal_word (st));
      if (st->goal == DR_GOAL_LOCK)
        {
          g_autoptr (GString) lock = g_string_new (NULL);

          append_lock (lock, st);
          dr_game_set_tag (game, "Lock", lock->str + 1);
        }
      else
        dr_game_remove_tag (game, "Lock");
    }

  for (gsize k = 0; k < G_N_ELEMENTS (special_words); k++)
    if (st->special & special_words[k].flag)
      g_string_append_printf (special, "%s%s", special->len > 0 ? ", " : "", special_words[k].word);
  set_or_remove (game, "Special", special->str);
}
