/* test-openings.c — opening names and ballots, recognised by position
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-openings.h"
#include "dr-pdn-collection.h"

#include <string.h>

#include "test-util.h"

static DrOpeningBook *
builtin (void)
{
  g_autoptr (GError) error = NULL;
  DrOpeningBook *book = dr_opening_book_new_builtin (&error);

  g_assert_no_error (error);
  g_assert_nonnull (book);
  return book;
}

static DrGame *
game_of (const DrRules *rules,
         const char    *moves)
{
  g_auto (GStrv) tokens = g_strsplit (moves, " ", -1);
  g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
  g_autoptr (GError) error = NULL;
  DrGame *game = dr_game_new (rules, NULL);
  DrGameNode *node = game->root;

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      DrMove move;

      dr_movegen_legal (rules, &node->position, legal);
      g_assert_true (dr_move_parse (rules, &node->position, legal, tokens[i], &move, &error));
      g_assert_no_error (error);
      node = dr_game_add_move (game, node, &move);
    }
  return game;
}

/* A game of a table's moves ("1.cd4 dc5 2.bc3", "9-13 22-18 6-9"): the
 * move numbers are dropped. */
static DrGame *
game_of_table (const DrRules *rules,
               const char    *moves)
{
  g_auto (GStrv) tokens = g_strsplit (moves, " ", -1);
  g_autoptr (GString) plain = g_string_new (NULL);

  for (guint i = 0; tokens[i] != NULL; i++)
    {
      const char *t = strrchr (tokens[i], '.');

      t = t != NULL ? t + 1 : tokens[i];
      if (*t != '\0')
        g_string_append_printf (plain, "%s%s", plain->len > 0 ? " " : "", t);
    }
  return game_of (rules, plain->str);
}

static char *
classify (const DrOpeningBook *book,
          const DrRules       *rules,
          const char          *moves,
          char               **ballot)
{
  g_autoptr (DrGame) game = game_of (rules, moves);
  DrClassification c;

  dr_opening_book_classify (book, game, &c);
  if (ballot != NULL)
    *ballot = c.ballot != NULL ? dr_opening_get_label (c.ballot) : NULL;
  return c.name != NULL ? dr_opening_get_label (c.name) : NULL;
}

/* Every table built in is read, every line replayed. */
static void
test_builtin (void)
{
  g_autoptr (DrOpeningBook) book = builtin ();
  guint counts[2][DR_N_VARIANTS] = { { 0 } };

  for (guint i = 0; i < dr_opening_book_get_n (book); i++)
    {
      const DrOpening *o = dr_opening_book_get (book, i);

      g_assert_cmpuint (o->depth, >, 0);
      g_assert_nonnull (o->source);
      counts[o->kind][o->rules->variant]++;
    }
  g_assert_cmpuint (counts[DR_OPENING_NAME][DR_VARIANT_RUSSIAN], ==, 60);
  g_assert_cmpuint (counts[DR_OPENING_NAME][DR_VARIANT_ENGLISH], ==, 26);
  g_assert_cmpuint (counts[DR_OPENING_NAME][DR_VARIANT_INTERNATIONAL], ==, 5);
  g_assert_cmpuint (counts[DR_OPENING_BALLOT][DR_VARIANT_ENGLISH], ==, 174);
  g_assert_cmpuint (counts[DR_OPENING_BALLOT][DR_VARIANT_RUSSIAN], ==, 736);
  g_assert_cmpuint (counts[DR_OPENING_BALLOT][DR_VARIANT_BRAZILIAN], ==, 725);
}

/* Every named opening's defining line, played as a game, is named by that
 * opening or by a deeper one, never by a shallower one; a tabiya is named
 * as its opening is (or deeper).  Each line's source is cited, and the
 * tabiyas lie beyond their defining moves. */
static void
test_no_hidden_names (void)
{
  g_autoptr (DrOpeningBook) book = builtin ();
  guint tabiyas = 0;

  for (guint i = 0; i < dr_opening_book_get_n (book); i++)
    {
      const DrOpening *o = dr_opening_book_get (book, i);
      g_autoptr (DrGame) game = NULL;
      DrClassification c;

      if (o->kind != DR_OPENING_NAME)
        continue;
      g_assert_nonnull (strchr (o->source, '['));
      game = game_of_table (o->rules, o->moves);
      dr_opening_book_classify (book, game, &c);
      g_assert_nonnull (c.name);
      if (c.name_depth < o->depth)
        g_error ("%s (%s) is named %s, a shallower opening", o->name, o->moves, c.name->name);
      if (o->tabiya != NULL)
        {
          g_autoptr (DrGame) tabiya = game_of_table (o->rules, o->tabiya);

          g_assert_cmpuint (o->tabiya_depth, >, o->depth);
          dr_opening_book_classify (book, tabiya, &c);
          g_assert_nonnull (c.name);
          g_assert_cmpuint (c.name_depth, >=, o->tabiya_depth);
          tabiyas++;
        }
    }
  g_assert_cmpuint (tabiyas, >, 0);
}

/* The [Opening] tag: a name is never replaced by a ballot code; the
 * ballot follows it.  Every nicknamed ACF ballot shows its nickname where
 * its position is reached, named opening or not. */
static void
test_tag (void)
{
  g_autoptr (DrOpeningBook) book = builtin ();
  guint nicknames = 0;

  {
    g_autoptr (DrGame) game = game_of (&dr_rules_russian, "cd4 dc5 bc3 fg5 cb4");
    g_autofree char *tag = NULL;
    DrClassification c;

    dr_opening_book_classify (book, game, &c);
    tag = dr_classification_to_tag (&c);
    g_assert_true (g_str_has_prefix (tag, "Городская партия (City Game), FMJD "));
  }
  {
    g_autoptr (DrGame) game = game_of (&dr_rules_english, "10-15 22-17 9-14");
    g_autofree char *tag = NULL;
    DrClassification c;

    dr_opening_book_classify (book, game, &c);
    tag = dr_classification_to_tag (&c);
    g_assert_cmpstr (tag, ==, "Kelso, ACF 94 (Nutcracker)");
  }
  {
    /* The ballot deeper than the name: still after it. */
    g_autoptr (DrGame) game = game_of (&dr_rules_russian, "ab4 ba5 ba3 ab6 ab2 dc5");
    g_autofree char *tag = NULL;
    DrClassification c;

    dr_opening_book_classify (book, game, &c);
    tag = dr_classification_to_tag (&c);
    g_assert_cmpstr (tag, ==, "Игра Бодянского (Bodyansky's Game), FMJD 1-I");
  }
  {
    /* A ballot and no name: the ballot alone. */
    g_autoptr (DrGame) game = game_of (&dr_rules_russian, "cd4 ba5 bc3 ab6");
    g_autofree char *tag = NULL;
    DrClassification c;

    dr_opening_book_classify (book, game, &c);
    tag = dr_classification_to_tag (&c);
    g_assert_null (c.name);
    g_assert_true (g_str_has_prefix (tag, "FMJD "));
    g_assert_null (strchr (tag, ','));
  }
  {
    g_autoptr (DrGame) game = game_of (&dr_rules_international, "34-29 17-21");
    DrClassification c;

    dr_opening_book_classify (book, game, &c);
    g_assert_null (dr_classification_to_tag (&c));
  }
  for (guint i = 0; i < dr_opening_book_get_n (book); i++)
    {
      const DrOpening *o = dr_opening_book_get (book, i);
      g_autoptr (DrGame) game = NULL;
      g_autofree char *tag = NULL;
      DrClassification c;

      if (o->kind != DR_OPENING_BALLOT || o->rules != &dr_rules_english || o->name == NULL)
        continue;
      game = game_of (o->rules, o->moves);
      dr_opening_book_classify (book, game, &c);
      tag = dr_classification_to_tag (&c);
      if (tag == NULL || strstr (tag, o->name) == NULL)
        g_error ("ACF %s (%s): the tag “%s” lacks its nickname", o->code, o->name, tag);
      nicknames++;
    }
  g_assert_cmpuint (nicknames, ==, 25);
}

/* Names by position: the City Game by its own order and another; the
 * deepest name wins; English names; ballots apart from names. */
static void
test_classify (void)
{
  g_autoptr (DrOpeningBook) book = builtin ();
  char *name, *ballot;

  name = classify (book, &dr_rules_russian, "c3-d4 d6-c5 b2-c3 f6-g5 c3-b4", &ballot);
  g_assert_cmpstr (name, ==, "Городская партия (City Game)");
  g_free (name);
  g_assert_nonnull (ballot);
  g_assert_true (g_str_has_prefix (ballot, "FMJD "));
  g_free (ballot);
  /* Transposed: 1.cd4 fg5 2.bc3 dc5. */
  name = classify (book, &dr_rules_russian, "cd4 fg5 bc3 dc5", NULL);
  g_assert_cmpstr (name, ==, "Городская партия (City Game)");
  g_free (name);
  /* 3.gh4 after 2.dc3: the declined City Game, deeper. */
  name = classify (book, &dr_rules_russian, "cd4 dc5 dc3 fg5 gh4", NULL);
  g_assert_cmpstr (name, ==, "Отказанная городская партия (Declined City Game)");
  g_free (name);
  name = classify (book, &dr_rules_russian, "cd4 dc5 dc3 fg5", NULL);
  g_assert_cmpstr (name, ==, "Городская партия (City Game)");
  g_free (name);
  /* The same moves under Brazilian rules: no Russian name. */
  name = classify (book, &dr_rules_brazilian, "cd4 dc5 bc3 fg5", &ballot);
  g_assert_null (name);
  g_free (ballot);
  name = classify (book, &dr_rules_russian, "gh4 ba5", NULL);
  g_assert_cmpstr (name, ==, "Игра Петрова (Petrov's Game)");
  g_free (name);

  name = classify (book, &dr_rules_english, "11-15 23-19 8-11 22-17 4-8 17-13", &ballot);
  g_assert_cmpstr (name, ==, "Old Fourteenth");
  g_free (name);
  g_assert_cmpstr (ballot, ==, "ACF 126");
  g_free (ballot);
  name = classify (book, &dr_rules_english, "10-15 22-17 9-14", &ballot);
  g_assert_cmpstr (name, ==, "Kelso");
  g_free (name);
  g_assert_cmpstr (ballot, ==, "ACF 94 (Nutcracker)");
  g_free (ballot);
  name = classify (book, &dr_rules_english, "12-16 21-17", NULL);
  g_assert_cmpstr (name, ==, "Dundee");
  g_free (name);
  name = classify (book, &dr_rules_international, "32-28 19-23", &ballot);
  g_assert_cmpstr (name, ==, "Symmetrical variation");
  g_free (name);
  g_assert_null (ballot);
  name = classify (book, &dr_rules_international, "34-29 19-23", NULL);
  g_assert_null (name);
}

/* The defences after 1.cd4 fg5 2.bc3 gh4 3.cb4: the Kiev defence by its
 * order and by another (1.cb4 ... 3.cd4), the Kiev stake beside it, the
 * New Leningrad defence and the later form of the Kiev defence that
 * passes through it (deeper, so it wins); the Fork; the reverse
 * Bodyansky's game and its declined forms; Bodyansky's game's systems by
 * transposition; Otygrysh, the Matasov–Petrov game, the Chelyabinsk and
 * classical joints. */
static void
test_russian (void)
{
  static const struct
  {
    const char *moves;
    const char *name;
  } cases[] = {
    { "cd4 fg5 bc3 gh4 cb4 hg5 dc5 b:d4 e:c5", "Киевская защита (Kiev Defence)" },
    { "cb4 fg5 bc3 gh4 cd4 hg5 dc5 b:d4 e:c5 cb6", "Киевская защита (Kiev Defence)" },
    { "cd4 fg5 bc3 gh4 cb4 hg5 bc5 d:b4 a:c5 cd6", "Киевский кол (Kiev Stake)" },
    { "cd4 fg5 bc3 gh4 cb4 gf6 dc5 b:d4 e:c5", "Новоленинградская защита (New Leningrad Defence)" },
    { "cd4 fg5 bc3 gh4 cb4 gf6 dc5 b:d4 e:c5 cb6", "Киевская защита (Kiev Defence)" },
    { "cd4 fg5 bc3 gh4 cb4 de5 d:f6 e:g5", "Защита Святого – Коршунова (Svyatoy–Korshunov Defence)" },
    { "cd4 de5 gf4 e:c3", "Вилочка (Fork)" },
    { "cd4 hg5 gh4 gh6", "Обратная игра Бодянского (Reverse Bodyansky's Game)" },
    { "cd4 hg5 gf4", "Отказанная обратная игра Бодянского (Declined Reverse Bodyansky's Game)" },
    { "ab4 bc5", "Отказанная игра Бодянского (Declined Bodyansky's Game)" },
    { "cd4 fg5 bc3 gf6 cb4 bc5 d:b6 c:c3 d:b4 hg7", "Игра Дьячкова (Dyachkov's Game)" },
    { "cd4 fg5 gf4 gf6 bc3 gh4 fg5 h:f4 e:g5", "Игра Рамма — Цукерника (Ramm–Tsukernik Game)" },
    { "cd4 de5 bc3 ed6 ef4 ba5 de3", "Отказанный перекрёсток (Declined Crossroads)" },
    { "cd4 de5 bc3 ed6 ef4 ba5", "Перекрёсток (Crossroads)" },
    { "cd4 de5 bc3 ed6 gh4 dc5", "Обратный перекрёсток (Reverse Crossroads)" },
    /* Dyachkov's game with h8 unmoved, and its mirror image for Black. */
    { "cb4 bc5 bc3 fg5 gf4 gh4 cd4 gf6 d:b6 c:c3 d:b4 dc7", "Игра Дьячкова (Dyachkov's Game)" },
    { "cb4 fg5 gf4 gf6 bc3 fe5 ba5 e:g3 f:f6 e:g5", "Обратная игра Дьячкова (Reverse Dyachkov's Game)" },
    /* The New Leningrad defence's tabiya, by another order of moves. */
    { "cd4 fg5 bc3 gf6 cb4 gh4 dc5 b:d4 e:c5 hg7 ba5 d:b4 a:c3", "Новоленинградская защита (New Leningrad Defence)" },
    /* The Poke's tabiya, reached by either capture first. */
    { "cb4 fe5 bc5 d:b4 a:c5 b:d4 e:c5", "Тычок (Poke)" },
    { "cb4 fe5 bc5 b:d4 e:c5 d:b4 a:c5", "Тычок (Poke)" },
    /* Bodyansky's game's systems (2...cb6 3.ba3 bc5 4.d:b6 a:c7 or a:c5),
     * reached by 1.ed4 first: the game never passes through 1.ab4 ba5, so
     * only the systems' positions name it. */
    { "ed4 ba5 ab4 cb6 ba3 bc5 d:b6 a:c7", "Игра Бодянского (Bodyansky's Game)" },
    { "ed4 ba5 ab4 cb6 ba3 bc5 d:b6 a:c5", "Игра Бодянского (Bodyansky's Game)" },
    /* Otygrysh: its tabiya (the return capture 4...a:c7) and the schemes
     * named after it; the Matasov–Petrov game after 1.ef4; the Chelyabinsk
     * and the classical joints, the latter by another order of moves. */
    { "cd4 dc5 bc3 cd6 cb4 ba5 d:b6 a:c7", "Отыгрыш (Recapture)" },
    { "cd4 dc5 bc3 cd6 gf4", "Отыгрыш (Recapture)" },
    { "cd4 dc5 gh4 cd6 hg3", "Отыгрыш (Recapture)" },
    { "ef4 fg5 fe5 d:f4 g:e5", "Игра Матасова — Петрова (Matasov–Petrov Game)" },
    { "cb4 fg5 bc3 gh4 ef4", "Челябинский косяк (Chelyabinsk Joint)" },
    { "cb4 bc5 gf4 fg5 bc3 gf6 ba5 gh4", "Классический косяк (Classical Joint)" },
    /* The declined City Game, and on to its tabiya. */
    { "cd4 dc5 dc3 fg5 gh4 gf4 e:g5 h:f4 fg3 c:e3 g:e5 bc5 ed6 c:e5 cd4 e:c3 b:f2",
      "Отказанная городская партия (Declined City Game)" },
  };
  g_autoptr (DrOpeningBook) book = builtin ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = classify (book, &dr_rules_russian, cases[i].moves, NULL);

      g_assert_cmpstr (name, ==, cases[i].name);
    }
}

/* International names: the Chefneux opening and its Fox (deeper, so it
 * wins).  No other order of moves reaches these positions (every 6-ply
 * line from the start was tried: the captures are forced), so unlike the
 * Russian City Game there is no transposition to test; a near miss is. */
static void
test_international (void)
{
  g_autoptr (DrOpeningBook) book = builtin ();
  char *name;

  name = classify (book, &dr_rules_international, "32-28 18-23 38-32", NULL);
  g_assert_cmpstr (name, ==, "Chefneux opening");
  g_free (name);
  name = classify (book, &dr_rules_international, "32-28 18-23 33-29 23x32 37x28 20-25 41-37", NULL);
  g_assert_cmpstr (name, ==, "Chefneux opening: The Fox");
  g_free (name);
  /* Couttet's classical game, 1.33-28 18-23, and by the other order. */
  name = classify (book, &dr_rules_international, "33-28 18-23 39-33", NULL);
  g_assert_cmpstr (name, ==, "Partie classique (Classical game)");
  g_free (name);
  name = classify (book, &dr_rules_international, "33-28 19-23 28x19 14x23", NULL);
  g_assert_null (name);
  /* The same first captures, 3.38x27 instead of 3.37x28: not the Fox. */
  name = classify (book, &dr_rules_international, "32-28 18-23 33-29 23x32 38x27 20-25", NULL);
  g_assert_cmpstr (name, ==, "Chefneux opening");
  g_free (name);
  /* The Modern variation, 3...17-22 4.28x17 11x22; 12x21 is not it. */
  name = classify (book, &dr_rules_international, "32-28 18-23 33-29 23x32 37x28 17-22 28x17 11x22", NULL);
  g_assert_cmpstr (name, ==, "Chefneux opening: Modern variation");
  g_free (name);
  name = classify (book, &dr_rules_international, "32-28 18-23 33-29 23x32 37x28 17-22 28x17 12x21", NULL);
  g_assert_cmpstr (name, ==, "Chefneux opening");
  g_free (name);
}

/* Real games of the Dutch championship 2003 (shared/data), named by the
 * position their moves reach: Messemaker-Clerc plays the Fox,
 * Winkel-Mathijsen the Symmetrical variation. */
static void
test_international_games (void)
{
  static const struct
  {
    const char *white;
    const char *black;
    const char *name;
  } games[] = {
    { "Bas Messemaker", "Rob Clerc", "Chefneux opening: The Fox" },
    { "Sven Winkel", "Alex Mathijsen", "Symmetrical variation" },
  };
  g_autofree char *dir = test_shared_data_dir ();
  g_autofree char *path = NULL;
  g_autoptr (DrOpeningBook) book = NULL;
  g_autoptr (DrPdnCollection) c = NULL;
  g_autoptr (GError) error = NULL;

  if (dir == NULL)
    return;
  book = builtin ();
  path = g_build_filename (dir, "international", "nk2003-amsterdam.pdn", NULL);
  c = dr_pdn_collection_new_from_file (path, NULL, &dr_rules_international, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      guint found = 0;

      for (guint g = 0; g < dr_pdn_collection_get_n_entries (c); g++)
        {
          const DrGame *game = dr_pdn_collection_get_game (c, g);
          g_autofree char *label = NULL;
          DrClassification cl;

          if (g_strcmp0 (dr_game_get_tag (game, "White"), games[i].white) != 0
              || g_strcmp0 (dr_game_get_tag (game, "Black"), games[i].black) != 0)
            continue;
          dr_opening_book_classify (book, game, &cl);
          g_assert_nonnull (cl.name);
          label = dr_opening_get_label (cl.name);
          g_assert_cmpstr (label, ==, games[i].name);
          found++;
        }
      g_assert_cmpuint (found, >, 0);
    }
}

/* Table errors name the table and the line. */
static void
test_bad_tables (void)
{
  g_autoptr (DrOpeningBook) book = dr_opening_book_new ();
  g_autoptr (GError) error = NULL;
  DrOpeningTableFormat format = {
    .kind = DR_OPENING_NAME, .rules = &dr_rules_russian,
    .code = -1, .name = 0, .name_en = -1, .moves = 1, .source = -1, .fen = -1, .tabiya = -1,
  };

  g_assert_true (dr_opening_book_add_table (book, "ok.txt", "# comment\n\nA | cd4 dc5\n", &format, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dr_opening_book_get_n (book), ==, 1);
  g_assert_false (dr_opening_book_add_table (book, "t.txt", "A | cd4\nno fields here\n", &format, &error));
  g_assert_error (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "t.txt:2:"));
  g_clear_error (&error);
  g_assert_false (dr_opening_book_add_table (book, "u.txt", "\nB | cd4 cd5\n", &format, &error));
  g_assert_error (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "u.txt:2:"));
  g_clear_error (&error);

  /* A source the header does not list; a tabiya off the defining line. */
  format.source = 2;
  format.tabiya = 3;
  g_assert_true (dr_opening_book_add_table (book, "s.txt",
                                            "#  [A]  a book\nC | cd4 dc5 | [A] | cd4 dc5 bc3 fg5\n",
                                            &format, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (dr_opening_book_get (book, dr_opening_book_get_n (book) - 1)->tabiya_depth, ==, 4);
  g_assert_false (dr_opening_book_add_table (book, "v.txt", "#  [A]  a book\nD | cd4 dc5 | [A] [B]\n",
                                             &format, &error));
  g_assert_error (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_SOURCE);
  g_assert_true (g_str_has_prefix (error->message, "v.txt:2:"));
  g_assert_nonnull (strstr (error->message, "[B]"));
  g_clear_error (&error);
  g_assert_false (dr_opening_book_add_table (book, "w.txt", "#  [A]  a book\nE | cd4 dc5 | [A] | cd4 de5 bc3\n",
                                             &format, &error));
  g_assert_error (error, DR_OPENINGS_ERROR, DR_OPENINGS_ERROR_TABIYA);
  g_assert_true (g_str_has_prefix (error->message, "w.txt:2:"));
}

/* A game that transposes into a source's tabiya without passing through
 * the opening's defining position is named by it.  The City Game (1.cd4
 * dc5 2.bc3 fg5), given here a tabiya 3.cb4 gf6 4.b:d6 e:c5 5.dc3 gh4, is
 * reached by 1.ed4 fg5 2.de3 gh4 3.cb4 dc5 4.b:d6 e:c5 5.bc3 gf6 (a game
 * of the 1965-1987 Soviet championships that its source calls a City
 * Game), which never has the position after 2...fg5.  The name the
 * window shows follows the line as it grows: nothing before the tabiya,
 * the name from there on. */
static void
test_tabiya_transposition (void)
{
  g_autoptr (DrOpeningBook) book = dr_opening_book_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (DrGame) game = game_of (&dr_rules_russian, "ed4 fg5 de3 gh4 cb4 dc5 b:d6 e:c5 bc3 gf6 gf4");
  g_autoptr (GArray) line = g_array_new (FALSE, FALSE, sizeof (DrPosition));
  DrOpeningTableFormat format = {
    .kind = DR_OPENING_NAME, .rules = &dr_rules_russian,
    .code = -1, .name = 0, .name_en = -1, .moves = 1, .source = 2, .fen = -1, .tabiya = 3,
  };
  DrClassification c;

  g_assert_true (dr_opening_book_add_table (book, "t.txt",
                                            "#  [A]  a book\n"
                                            "City | 1.cd4 dc5 2.bc3 fg5 | [A] | 1.cd4 dc5 2.bc3 fg5 3.cb4 gf6 "
                                            "4.b:d6 e:c5 5.dc3 gh4\n"
                                            "Other | 1.ed4 fg5 | [A]\n",
                                            &format, &error));
  g_assert_no_error (error);
  dr_opening_book_classify (book, game, &c);
  g_assert_nonnull (c.name);
  g_assert_cmpstr (c.name->name, ==, "City");
  g_assert_cmpuint (c.name_ply, ==, 10);
  g_assert_cmpuint (c.name_depth, ==, 10);
  g_assert_cmpuint (c.name->depth, ==, 4);

  for (DrGameNode *n = game->root; n != NULL; n = n->children)
    {
      g_array_append_val (line, n->position);
      dr_opening_book_classify_line (book, &dr_rules_russian, (const DrPosition *) line->data, line->len, &c);
      if (line->len <= 2)
        g_assert_null (c.name);
      else if (line->len <= 10)
        g_assert_cmpstr (c.name->name, ==, "Other");
      else
        g_assert_cmpstr (c.name->name, ==, "City");
    }
}

/* How many of the games of shared/data get a name (the figure in the
 * README), with a floor per variant. */
static void
test_shared_share (void)
{
  static const struct
  {
    const char *file;
    const DrRules *rules;
    guint floor;   /* per cent named */
  } files[] = {
    { "russian/ussr1947.pdn", &dr_rules_russian, 40 },
    { "english/tinsley.pdn", &dr_rules_english, 80 },
    { "english/OCA_2.0-excerpt.pdn", &dr_rules_english, 80 },
    { "english/inferno.pdn", &dr_rules_english, 80 },
  };
  g_autofree char *dir = test_shared_data_dir ();
  g_autoptr (DrOpeningBook) book = NULL;

  if (dir == NULL)
    return;
  book = builtin ();
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].file, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (DrPdnCollection) c = dr_pdn_collection_new_from_file (path, NULL, files[i].rules, &error);
      guint named = 0, ballot = 0, n;

      g_assert_no_error (error);
      n = dr_pdn_collection_get_n_entries (c);
      for (guint g = 0; g < n; g++)
        {
          DrClassification cl;

          dr_opening_book_classify (book, dr_pdn_collection_get_game (c, g), &cl);
          named += cl.name != NULL;
          ballot += cl.ballot != NULL;
        }
      g_test_message ("%s: %u games, %u named (%.0f%%), %u with a ballot", files[i].file, n,
                      named, 100.0 * named / n, ballot);
      g_assert_cmpuint (named * 100, >=, files[i].floor * n);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/openings/builtin", test_builtin);
  g_test_add_func ("/openings/classify", test_classify);
  g_test_add_func ("/openings/no-hidden-names", test_no_hidden_names);
  g_test_add_func ("/openings/tag", test_tag);
  g_test_add_func ("/openings/russian", test_russian);
  g_test_add_func ("/openings/international/names", test_international);
  g_test_add_func ("/openings/international/games", test_international_games);
  g_test_add_func ("/openings/bad-tables", test_bad_tables);
  g_test_add_func ("/openings/tabiya-transposition", test_tabiya_transposition);
  g_test_add_func ("/openings/shared-share", test_shared_share);
  return g_test_run ();
}
