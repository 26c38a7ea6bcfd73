/* test-pdn.c — reading and writing PDN: real files, quirks, errors, round trips
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real files are those of shared/data/ (DRAUGHTSMAN_SHARED), with the
 * counts their folder READMEs give; the problems found in them were each
 * checked by hand against the rules (see the comments).
 */

#include "config.h"

#include "dr-fen.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-pdn.h"

#include "test-util.h"

#include <string.h>

/* --- real files ------------------------------------------------------- */

typedef struct
{
  const char *path;
  const char *file;         /* under shared/data/ */
  const char *variant;      /* for files without GameType; NULL: as the file says */
  guint       games;
  guint       error_lines[6]; /* lines of the games reported, 0-terminated */
  const char *source;
} DataCase;

static const DataCase data_cases[] = {
  { "/pdn/read/data/international/nk2003-amsterdam", "international/nk2003-amsterdam.pdn", NULL, 33,
    { 0 }, "international/README.md: 33 games, 33 replay; CRLF and LF mixed" },
  { "/pdn/read/data/international/nk-ronde-01", "international/nk_ronde_01.pdn", NULL, 7,
    { 0 }, "README: 7/7; comments, variations, NAGs" },
  { "/pdn/read/data/international/nk-ronde-02", "international/nk_ronde_02.pdn", NULL, 7, { 0 }, "README: 7/7" },
  { "/pdn/read/data/international/rk-ronde-12", "international/rk_ronde_12.pdn", NULL, 7, { 0 }, "README: 7/7" },
  { "/pdn/read/data/international/090417ronde12", "international/090417ronde12.pdn", NULL, 7,
    { 0 }, "README: 7/7; games without result tokens, no GameType" },
  { "/pdn/read/data/international/dutch96h", "international/DUTCH96H.pdn", NULL, 13,
    { 0 }, "README: 13/13; moves written 1- 6" },
  { "/pdn/read/data/international/prof2", "international/PROF2.pdn", NULL, 16, { 0 }, "README: 16/16" },
  { "/pdn/read/data/international/candidate95", "international/candidate95.pdn", NULL, 8,
    { 0 }, "README: 8/8" },
  { "/pdn/read/data/international/kurnik", "international/kurnik.pdn", NULL, 4,
    { 0 }, "README: 4/4; GameType with its descriptor" },
  { "/pdn/read/data/international/schildpad", "international/schildpad.pdn", NULL, 34,
    { 0 }, "README: 34/34; king captures without their route (4x24, 36x16)" },
  { "/pdn/read/data/international/windragon", "international/windragon.pdn", NULL, 1,
    { 0 }, "README: 1 game, engine comments after every move" },
  { "/pdn/read/data/international/delfts", "international/delfts.pdn", NULL, 2,
    { 0 }, "README: 2/2; match scores as results, zero-padded numbers" },
  { "/pdn/read/data/international/pwcp-2", "international/problems-PWCP_2.pdn", NULL, 51,
    { 0 }, "README: 51/51 problems" },
  { "/pdn/read/data/international/cat-a1", "international/problems-Cat.A1.pdn", NULL, 35,
    { 0 }, "README: 35 problems, 33 + 2 with ..." },
  /* Line 611 holds a stray "36x27 1-0" after the last game: a body
   * without tags, from the start position, where 36 has no move. */
  { "/pdn/read/data/international/cat-c1", "international/problems-Cat.C1.pdn", NULL, 46,
    { 611, 0 }, "README: 45 problems, 2 with intermediate squares (read here), plus a stray body" },
  { "/pdn/read/data/english/tinsley", "english/tinsley.pdn", "english", 724,
    { 5588, 0 }, "english/README.md: 724 games, Petal 1981 game 18 has an illegal move" },
  { "/pdn/read/data/english/oca", "english/OCA_2.0-excerpt.pdn", "english", 43, { 0 }, "README: 43/43" },
  { "/pdn/read/data/english/inferno", "english/inferno.pdn", "english", 68, { 0 }, "README: 68/68" },
  { "/pdn/read/data/english/principles", "english/principles-of-strategy.pdn", "english", 16,
    { 0 }, "README: 16/16" },
  /* The file holds 91 [Event] tags (TTS Game 47 twice); README says 90. */
  { "/pdn/read/data/english/tricks", "english/problems-tricks-traps-and-shots.pdn", "english", 91,
    { 0 }, "README: all replay; a result glued to the next tag" },
  /* Line 78: a white man on 1, White's crowning rank (000 1.5, 1.19). */
  { "/pdn/read/data/english/beginner", "english/problems-beginner.pdn", "english", 58,
    { 78, 0 }, "README: 58 positions" },
  /* Lines 286, 502, 518: black men on 30, 32, 31; line 582: a white man on
   * 4; each on its own side's crowning rank. */
  { "/pdn/read/data/english/lpc", "english/problems-lpc.pdn", "english", 100,
    { 286, 502, 518, 582, 0 }, "README: 100 positions" },
  { "/pdn/read/data/english/gem", "english/problems-gem.pdn", "english", 162, { 0 }, "README: 162" },
  { "/pdn/read/data/english/borderclassics", "english/problems-borderclassics.pdn", "english", 183,
    { 0 }, "README: 183" },
  { "/pdn/read/data/english/11-man", "english/11-man-ballot-positions.pdn", "english", 2400,
    { 0 }, "README: 2400 positions" },
  { "/pdn/read/data/russian/ussr1947", "russian/ussr1947.pdn", NULL, 153,
    { 0 }, "russian/README.md: 153/153; numeric FEN, algebraic moves, no GameType" },
  { "/pdn/read/data/czech/mrcd2000kval", "czech/mrcd2000kval.pdn", "czech", 40, { 0 }, "czech/README.md: 40" },
  { "/pdn/read/data/czech/mrcd2006", "czech/mrcd2006.pdn", "czech", 44, { 0 }, "czech/README.md: 44" },
  { "/pdn/read/data/czech/mrdrcd08", "czech/mrdrcd08.pdn", "czech", 40, { 0 }, "czech/README.md: 40" },
  { "/pdn/read/data/italian/campionato", "italian/Campionato_Assoluto_2005-rounds1-4.pdn", "italian", 36,
    { 0 }, "italian/README.md: 36 games, all replay under Italian rules" },
  { "/pdn/read/data/italian/11-man", "italian/11-man-ballot-positions.pdn", "italian", 2400,
    { 0 }, "italian/README.md: 2400 positions" },
};

/* The path of @file under shared/data, or NULL (the test is then skipped,
 * or failed on CI: test_shared_data_dir()). */
static char *
data_path (const char *file)
{
  g_autofree char *dir = test_shared_data_dir ();

  return dir != NULL ? g_build_filename (dir, file, NULL) : NULL;
}

/* The line of a message "name:LINE:COL: message". */
static guint
message_line (const char *message)
{
  const char *p = strchr (message + strlen ("x"), ':');

  g_assert_nonnull (p);
  while (p != NULL && !g_ascii_isdigit (p[1]))
    p = strchr (p + 1, ':');
  return p != NULL ? (guint) atoi (p + 1) : 0;
}

/* Reads every game of a file, whole or in part: the games, and the lines
 * of the errors of those read in part.  A game comes with an error exactly
 * when it is read in part, and then keeps unread text. */
static GPtrArray *
read_all (DrPdnReader *reader,
          GArray      *error_lines,
          GPtrArray   *messages)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) dr_game_free);

  for (;;)
    {
      g_autoptr (GError) error = NULL;
      DrGame *game = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);

      if (read == DR_PDN_READ_END)
        {
          g_assert_null (game);
          g_assert_no_error (error);
          break;
        }
      g_assert_nonnull (game);
      g_ptr_array_add (games, game);
      if (read == DR_PDN_READ_WHOLE)
        {
          g_assert_no_error (error);
          g_assert_null (dr_game_find_unread (game));
          continue;
        }
      g_assert_nonnull (error);
      g_assert_nonnull (dr_game_find_unread (game));
      if (error_lines != NULL)
        {
          guint line = message_line (error->message);
          g_array_append_val (error_lines, line);
        }
      if (messages != NULL)
        g_ptr_array_add (messages, g_strdup (error->message));
    }
  return games;
}

/* Writing a game and reading it back gives the same game; the writer adds
 * a GameType where the game has none (and a FEN for a setup command), and
 * the second write is the first.  This holds for games read in part too,
 * their unread text included. */
static void
assert_round_trip (const DrGame *game,
                   const char   *where)
{
  g_autofree char *text = dr_pdn_write_game (game, game->rules->notation);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (text, -1, "written", NULL, NULL, &error);
  g_autoptr (DrGame) back = NULL;
  g_autoptr (DrGame) expected = dr_game_copy (game);
  g_autofree char *again = NULL;
  DrPdnRead read;

  g_assert_no_error (error);
  read = dr_pdn_reader_next_game (reader, &back, &error);
  /* A game read in part reads back in part, with its unread text kept in
   * [%unread] comments (DR_PDN_ERROR_UNREAD), or again the problem before
   * its moves (a FEN or GameType that still cannot be used). */
  if (dr_game_find_unread (game) != NULL)
    {
      g_assert_cmpint (read, ==, DR_PDN_READ_PARTIAL);
      g_assert_nonnull (error);
      if (game->root->children != NULL)
        g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_UNREAD);
      g_clear_error (&error);
    }
  else if (read != DR_PDN_READ_WHOLE)
    g_error ("%s: what was written does not read back: %s\n%s", where,
             error ? error->message : "no game", text);
  if (dr_game_get_tag (expected, "GameType") == NULL)
    {
      g_autofree char *type = g_strdup_printf ("%d", game->rules->gametype);
      dr_game_set_tag (expected, "GameType", type);
    }
  if (expected->setup && dr_game_get_tag (expected, "FEN") == NULL)
    {
      /* A body that began with a setup command: the writer gives a FEN. */
      g_autofree char *fen = dr_fen_write (game->rules, &game->root->position, game->rules->notation);
      dr_game_set_tag (expected, "FEN", fen);
    }
  if (!dr_game_equal (expected, back))
    g_error ("%s: the game read back differs:\n%s", where, text);
  again = dr_pdn_write_game (back, back->rules->notation);
  g_assert_cmpstr (again, ==, text);
}

static void
test_data_case (gconstpointer data)
{
  const DataCase *c = data;
  g_autofree char *path = data_path (c->file);
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) games = NULL;
  guint n_expected = 0;

  if (path == NULL)
    return;
  reader = dr_pdn_reader_new_for_file (path, NULL,
                                       c->variant ? dr_rules_from_name (c->variant) : NULL, &error);
  g_assert_no_error (error);
  games = read_all (reader, lines, messages);
  for (guint i = 0; i < messages->len; i++)
    g_test_message ("%s", (char *) messages->pdata[i]);
  while (c->error_lines[n_expected] != 0)
    n_expected++;
  /* Every game comes back, those read in part too. */
  g_assert_cmpuint (games->len, ==, c->games);
  g_assert_cmpuint (lines->len, ==, n_expected);
  for (guint i = 0; i < n_expected; i++)
    g_assert_cmpuint (g_array_index (lines, guint, i), ==, c->error_lines[i]);
  for (guint i = 0; i < games->len; i++)
    {
      g_autofree char *where = g_strdup_printf ("%s game %u", c->file, i + 1);
      assert_round_trip (games->pdata[i], where);
    }
}

/* --- PDN edge cases of the standard's test set ----------------------- */

static void
test_edge_cases (void)
{
  static const struct { const char *file; guint games; guint moves; } parse[] = {
    { "alphanumeric.pdn", 1, 1 }, { "fen.pdn", 3, 0 }, { "gameterminator.pdn", 1, 1 },
    { "linecomment.pdn", 1, 2 }, { "movestrength.pdn", 1, 3 }, { "string.pdn", 1, 1 },
    { "unicode.pdn", 1, 2 }, { "variation.pdn", 1, 9 },
  };
  g_autofree char *fail = data_path ("pdn-edge-cases/should-fail/nested_comment.pdn");

  if (fail == NULL)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (parse); i++)
    {
      g_autofree char *name = g_strconcat ("pdn-edge-cases/should-parse/", parse[i].file, NULL);
      g_autofree char *path = data_path (name);
      g_autoptr (GError) error = NULL;
      g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (path, NULL, NULL, &error);
      g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GPtrArray) games = NULL;
      guint moves = 0;

      g_assert_no_error (error);
      games = read_all (reader, lines, NULL);
      g_assert_cmpuint (lines->len, ==, 0);
      g_assert_cmpuint (games->len, ==, parse[i].games);
      for (guint g = 0; g < games->len; g++)
        {
          moves += dr_game_count_moves (games->pdata[g]);
          assert_round_trip (games->pdata[g], parse[i].file);
        }
      g_assert_cmpuint (moves, ==, parse[i].moves);
    }

  {
    /* Comments do not nest: the first "}" closes, the second is stray.
     * The moves before it are kept, and the stray "}" itself, unread. */
    g_autoptr (GError) error = NULL;
    g_autoptr (DrPdnReader) reader = dr_pdn_reader_new_for_file (fail, NULL, NULL, &error);
    g_autoptr (DrGame) game = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_PARTIAL);
    g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_SYNTAX);
    g_assert_nonnull (strstr (error->message, "nested_comment.pdn:1:46: "));
    g_assert_cmpuint (dr_game_main_line_length (game), ==, 3);
    g_assert_cmpstr (dr_game_node_main_line_end (game->root)->comment_after, ==, "nested { comment");
    g_assert_cmpstr (dr_game_node_main_line_end (game->root)->unread, ==, "}");
    assert_round_trip (game, "nested_comment.pdn");
  }
}

/* --- quirks, one by one ----------------------------------------------- */

typedef struct
{
  const char *path;
  const char *variant;
  const char *pdn;
  const char *main_line;   /* the main line written back, numeric/algebraic as the variant */
  const char *source;
} QuirkCase;

static const QuirkCase quirk_cases[] = {
  { "/pdn/read/quirks/space-in-move", "international", "1. 32-28 19-23 2. 28x19 14x 23 3. 35- 30 *",
    "32-28 19-23 28x19 14x23 35-30", "DUTCH96H.pdn: 14x 23, candidate95.pdn: 1- 6" },
  { "/pdn/read/quirks/spaced-capture", "international", "1. 32-28 19-23 2. 28 x 19 14 x23 *",
    "32-28 19-23 28x19 14x23", "PDN.md §5: 28 x17 / 28 x 17" },
  { "/pdn/read/quirks/glued-number", "international", "1.32-28 19-23 2.28x19 *",
    "32-28 19-23 28x19", "PDN.md §1.1: 1.33-28" },
  { "/pdn/read/quirks/zero-padded", "international", "01. 32-28 17-21 02. 37-32 *",
    "32-28 17-21 37-32", "delfts.pdn: 01. 34-29 06-11" },
  { "/pdn/read/quirks/x-for-quiet", "english", "1. 10x14 22-18 *", "10-14 22-18",
    "tinsley.pdn: 4. 10x14" },
  { "/pdn/read/quirks/glued-text", "english", "1. 11-15 22-18Whiteoversteppedthetime. 2. 15x22 *",
    "11-15 22-18 15x22", "tinsley.pdn: free text glued to a move" },
  { "/pdn/read/quirks/ellipsis", "international", "[FEN \"B:W31-50:B1-20\"]\n1. ... 20-25 2. 31-26 *",
    "20-25 31-26", "PDN.md §1.1: 1. ... 7-12 where the first player has no move to give" },
  { "/pdn/read/quirks/line-comments", "international",
    "% a line comment\n1. 32-28 ; to the end of the line\n19-23 *", "32-28 19-23",
    "PDN 3.0 % escape; PGN ; comment" },
  { "/pdn/read/quirks/strength-marks", "international", "1. 32-28!? 19-23(?) 2. 28x19!! *",
    "32-28!? 19-23? 28x19!!", "movestrength.pdn" },
  { "/pdn/read/quirks/no-result", "international", "[Event \"a\"]\n1. 32-28 19-23\n[Event \"b\"]\n1. 33-28 *",
    "32-28 19-23", "090417ronde12.pdn: games end without a result token" },
  { "/pdn/read/quirks/russian-numeric-fen", "russian",
    "[FEN \"W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12.\"]\n1. c3-d4 f6-g5 2. b2-c3 *",
    "c3-d4 f6-g5 b2-c3", "ussr1947.pdn: numeric FEN beside algebraic moves" },
  { "/pdn/read/quirks/russian-short", "russian", "1. ed4 dc5 2. b:d6 *",
    NULL, "004 1.6.2: short notation (b:d6 is illegal here: the test expects an error)" },
  { "/pdn/read/quirks/crlf", "international", "[Event \"a\"]\r\n\r\n1. 32-28 17-21\r\n2. 37-32 *\r\n",
    "32-28 17-21 37-32", "nk2003-amsterdam.pdn: CRLF" },
  { "/pdn/read/quirks/bom", "international", "\xEF\xBB\xBF[Event \"a\"]\n1. 32-28 *", "32-28",
    "UTF-8 with a byte order mark" },
  { "/pdn/read/quirks/padded-tag", "international", "[Event       \"padded\"]\n[site \"x\"]\n1. 32-28 *",
    "32-28", "data/README.md: padded tags" },
  { "/pdn/read/quirks/setup-command", "international", "/FEN \"W:W32:B27\"/ 1. 32x21 *", "32x21",
    "PDN.md §6: a body that starts with a setup command" },
  { "/pdn/read/quirks/nag-and-star", "international", "1. 32-28 $1 17-21* 2. 37-32 $14 *",
    "32-28! 17-21 37-32", "PDN.md §8: NAGs, the PDN 2.0 star" },
};

/* The main line as "m1 m2 ...", glyphs glued. */
static char *
main_line_text (const DrGame *game)
{
  static const char *const glyphs[] = { "", "!", "?", "!!", "??", "!?", "?!" };
  GString *out = g_string_new (NULL);

  for (const DrGameNode *n = game->root->children; n != NULL; n = n->children)
    {
      g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);
      g_autofree char *text = NULL;
      DrNag glyph = dr_game_node_get_glyph (n);

      dr_movegen_legal (game->rules, &n->parent->position, legal);
      text = dr_move_to_text (game->rules, legal, &n->move, game->rules->notation);
      g_string_append_printf (out, "%s%s%s", out->len ? " " : "", text,
                              glyph <= 6 ? glyphs[glyph] : "");
    }
  return g_string_free (out, FALSE);
}

static void
test_quirk_case (gconstpointer data)
{
  const QuirkCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (c->pdn, -1, "quirk.pdn", NULL,
                                                      dr_rules_from_name (c->variant), &error);
  g_autoptr (DrGame) game = NULL;
  g_autofree char *line = NULL;

  g_assert_no_error (error);
  if (c->main_line == NULL)
    {
      g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_PARTIAL);
      g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_ILLEGAL_MOVE);
      g_assert_nonnull (strstr (error->message, "quirk.pdn:1:"));
      return;
    }
  if (dr_pdn_reader_next_game (reader, &game, &error) != DR_PDN_READ_WHOLE)
    g_error ("%s: %s", c->path, error->message);
  line = main_line_text (game);
  g_assert_cmpstr (line, ==, c->main_line);
  assert_round_trip (game, c->path);
}

/* --- the game tree from PDN ------------------------------------------- */

static void
test_tree (void)
{
  /* variation.pdn: 32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23 */
  static const char pdn[] =
    "{Opening} 1. 32-28 19-23 ({Or} 1... 18-23 2. 38-32 (2. 37-32? 23-29! {Black wins}) 2... 12-18)"
    " 2. 28x19 14x23 {end} 1-1";
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "tree.pdn", NULL, NULL, &error);
  g_autoptr (DrGame) game = NULL;
  DrGameNode *m1, *m2, *v1, *v2, *v21;

  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_no_error (error);
  g_assert_cmpstr (game->root->comment_after, ==, "Opening");
  g_assert_cmpint (game->result, ==, DR_RESULT_DRAW);
  m1 = game->root->children;
  m2 = m1->children;                     /* 19-23 */
  v1 = m2->next;                         /* 18-23, a variation of 19-23 */
  g_assert_nonnull (v1);
  g_assert_null (v1->next);
  g_assert_cmpstr (v1->comment_before, ==, "Or");
  v2 = v1->children;                     /* 38-32 */
  v21 = v2->next;                        /* 37-32? */
  g_assert_nonnull (v21);
  g_assert_cmpint (dr_game_node_get_glyph (v21), ==, DR_NAG_MISTAKE);
  g_assert_cmpint (dr_game_node_get_glyph (v21->children), ==, DR_NAG_GOOD);
  g_assert_cmpstr (v21->children->comment_after, ==, "Black wins");
  g_assert_cmpuint (v2->children->ply, ==, 4);   /* 12-18 */
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 4);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 9);
  g_assert_cmpstr (dr_game_node_main_line_end (game->root)->comment_after, ==, "end");
  assert_round_trip (game, "tree");
}

/* --- errors and recovery ---------------------------------------------- */

typedef struct
{
  const char *path;
  const char *pdn;
  int         code;
  const char *where;       /* "LINE:COL" the message must give */
  guint       moves;       /* moves read before the problem */
  const char *unread;      /* the text kept unread */
} ErrorCase;

/* The unread text runs from the token that stopped reading (or its move
 * number) to the game's terminator; a problem before the moves (GameType,
 * FEN) leaves all of them unread, and a terminator alone is the game's. */
static const ErrorCase error_cases[] = {
  { "/pdn/errors/illegal-move", "[Event \"x\"]\n1. 32-28 19-23\n2. 32-27 *", DR_PDN_ERROR_ILLEGAL_MOVE, "3:4",
    2, "2. 32-27 *" },
  { "/pdn/errors/ambiguous-move", "[FEN \"W:WK47:B11,12,19,29,30,40\"]\n1. 47x6 *",
    DR_PDN_ERROR_AMBIGUOUS_MOVE, "2:4", 0, "1. 47x6 *" },
  { "/pdn/errors/bad-fen", "[Event \"x\"]\n[FEN \"W:W51:B1\"]\n*", DR_PDN_ERROR_BAD_SETUP, "2:1", 0, "" },
  { "/pdn/errors/impossible-fen", "[FEN \"W:W3:B40\"]\n*", DR_PDN_ERROR_BAD_SETUP, "1:1", 0, "" },
  { "/pdn/errors/unknown-gametype", "[GameType \"99\"]\n1. 32-28 *", DR_PDN_ERROR_UNKNOWN_GAMETYPE, "1:1",
    0, "1. 32-28 *" },
  { "/pdn/errors/unclosed-comment", "1. 32-28 {never closed", DR_PDN_ERROR_SYNTAX, "1:10", 1, "{never closed" },
  { "/pdn/errors/unclosed-variation", "1. 32-28 (1. 33-28 *", DR_PDN_ERROR_UNEXPECTED_EOF, "1:21", 2, "" },
  { "/pdn/errors/stray-paren", "1. 32-28 ) 19-23 *", DR_PDN_ERROR_SYNTAX, "1:10", 1, ") 19-23 *" },
  { "/pdn/errors/unclosed-tag", "[Event \"x\n1. 32-28 *", DR_PDN_ERROR_SYNTAX, "1:1", 0,
    "[Event \"x\n1. 32-28 *" },
  { "/pdn/errors/not-a-move", "1. 32-28 hello *", DR_PDN_ERROR_SYNTAX, "1:10", 1, "hello *" },
  { "/pdn/errors/setup-mid-game", "1. 32-28 /FEN \"W:W32:B27\"/ *", DR_PDN_ERROR_BAD_SETUP, "1:10", 1,
    "/FEN \"W:W32:B27\"/ *" },
};

/* A broken game comes back read in part: the error says where, the moves
 * before it are there, the rest is kept unread, and the whole writes and
 * reads back the same. */
static void
test_error_case (gconstpointer data)
{
  const ErrorCase *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (c->pdn, -1, "bad.pdn", NULL, NULL, &error);
  g_autoptr (DrGame) game = NULL;
  g_autofree char *where = g_strconcat ("bad.pdn:", c->where, ": ", NULL);
  DrGameNode *node;

  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_PARTIAL);
  g_assert_error (error, DR_PDN_ERROR, c->code);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, where));
  g_assert_cmpuint (dr_game_count_moves (game), ==, c->moves);
  node = dr_game_find_unread (game);
  g_assert_nonnull (node);
  g_assert_cmpstr (node->unread, ==, c->unread);
  assert_round_trip (game, c->path);
  g_clear_error (&error);
  g_clear_pointer (&game, dr_game_free);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_END);
}

static void
test_resync (void)
{
  static const char pdn[] =
    "[Event \"one\"]\n1. 32-28 19-23 *\n\n"
    "[Event \"two\"]\n1. 32-28 19-23 2. 50-44 {bad} (2. 28x19) 20-25 *\n\n"
    "[Event \"three\"]\n1. 33-28 *\n\n"
    "[Event \"four\" {broken tag\n1. 34-29 *\n\n"
    "[Event \"five\"]\n1. 34-30\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "resync.pdn", NULL, NULL, &error);
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GPtrArray) games = read_all (reader, lines, NULL);
  DrGame *two, *four;

  /* One broken game never loses the others, nor itself. */
  g_assert_cmpuint (games->len, ==, 5);
  g_assert_cmpstr (dr_game_get_tag (games->pdata[0], "Event"), ==, "one");
  g_assert_cmpstr (dr_game_get_tag (games->pdata[2], "Event"), ==, "three");
  g_assert_cmpstr (dr_game_get_tag (games->pdata[4], "Event"), ==, "five");
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_cmpuint (g_array_index (lines, guint, 0), ==, 5);
  g_assert_cmpuint (g_array_index (lines, guint, 1), ==, 10);
  two = games->pdata[1];
  g_assert_cmpstr (dr_game_get_tag (two, "Event"), ==, "two");
  g_assert_cmpuint (dr_game_count_moves (two), ==, 2);
  g_assert_cmpstr (dr_game_node_main_line_end (two->root)->unread, ==,
                   "2. 50-44 {bad} (2. 28x19) 20-25 *");
  /* The broken tag and all after it, up to the game's end. */
  four = games->pdata[3];
  g_assert_cmpuint (four->tag_names->len, ==, 0);
  g_assert_cmpstr (four->root->unread, ==, "[Event \"four\" {broken tag\n1. 34-29 *");
  for (guint i = 0; i < games->len; i++)
    assert_round_trip (games->pdata[i], "resync.pdn");
}

/* A tag section with no moves after it, then another game's tags: two
 * games, the first with its tags and no moves, whether or not a
 * terminator ends it (issue 25: the second game's tags used to overwrite
 * the first's, and one game was lost). */
static void
test_tags_only (void)
{
  static const char pdn[] =
    "[Event \"alone\"]\n[White \"A\"]\n[Result \"2-0\"]\n\n"
    "[Event \"terminated\"]\n[White \"B\"]\n*\n\n"
    "[Event \"played\"]\n[White \"C\"]\n[Black \"D\"]\n1. 32-28 19-23 *\n\n"
    "[Event \"last\"]\n[Black \"E\"]\n";
  static const struct { const char *event, *white, *black; guint moves; } expected[] = {
    { "alone", "A", NULL, 0 }, { "terminated", "B", NULL, 0 },
    { "played", "C", "D", 2 }, { "last", NULL, "E", 0 },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "tags.pdn", NULL, NULL, &error);
  g_autoptr (GPtrArray) games = NULL;

  g_assert_no_error (error);
  games = read_all (reader, NULL, NULL);
  g_assert_cmpuint (games->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < games->len; i++)
    {
      DrGame *game = games->pdata[i];

      g_assert_cmpstr (dr_game_get_tag (game, "Event"), ==, expected[i].event);
      g_assert_cmpstr (dr_game_get_tag (game, "White"), ==, expected[i].white);
      g_assert_cmpstr (dr_game_get_tag (game, "Black"), ==, expected[i].black);
      g_assert_cmpuint (dr_game_count_moves (game), ==, expected[i].moves);
      assert_round_trip (game, "tags.pdn");
    }
  g_assert_cmpuint (((DrGame *) games->pdata[0])->tag_names->len, ==, 3);
  g_assert_cmpint (((DrGame *) games->pdata[0])->result, ==, DR_RESULT_WHITE_WINS);
}

/* shared/data's nk2003-amsterdam.pdn ends with a game of tags alone (the
 * tags of round 5, Scholma - Messemaker): a file joined after it keeps
 * all of its games, and that one keeps its players. */
static void
test_tags_only_joined (void)
{
  g_autofree char *first = data_path ("international/nk2003-amsterdam.pdn");
  g_autofree char *second = data_path ("international/nk_ronde_01.pdn");
  g_autofree char *a = NULL, *b = NULL, *joined = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GPtrArray) games = NULL;
  DrGame *last;

  if (first == NULL)
    return;
  g_assert_true (g_file_get_contents (first, &a, NULL, &error));
  g_assert_true (g_file_get_contents (second, &b, NULL, &error));
  joined = g_strconcat (a, b, NULL);
  reader = dr_pdn_reader_new (joined, -1, "joined.pdn", NULL, NULL, &error);
  g_assert_no_error (error);
  games = read_all (reader, NULL, NULL);
  g_assert_cmpuint (games->len, ==, 33 + 7);
  last = games->pdata[32];
  g_assert_cmpstr (dr_game_get_tag (last, "White"), ==, "Auke Scholma");
  g_assert_cmpstr (dr_game_get_tag (last, "Black"), ==, "Bas Messemaker");
  g_assert_cmpuint (dr_game_count_moves (last), ==, 0);
  g_assert_cmpstr (dr_game_get_tag (games->pdata[33], "Event"), !=, "NK 2003");
  g_assert_cmpuint (dr_game_count_moves (games->pdata[33]), >, 0);
}

/* --- games read in part ---------------------------------------------- */

/* Reads the one game of @pdn, in part; its error goes to *@error. */
static DrGame *
read_partial (const char *pdn,
              GError    **error)
{
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "part.pdn", NULL, NULL, NULL);
  DrGame *game = NULL;

  g_assert_nonnull (reader);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, error), ==, DR_PDN_READ_PARTIAL);
  g_assert_nonnull (game);
  return game;
}

/* A record with placeholder moves ("1. - - 2. - -", a result-only
 * record, no terminator) keeps its players and event, and its Result
 * tag's result. */
static void
test_keep_placeholder_moves (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrGame) game = read_partial ("[Event \"Open\"]\n[White \"Alpha\"]\n[Black \"Beta\"]\n"
                                          "[Result \"2-0\"]\n1. - - 2. - -\n", &error);

  g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "part.pdn:5:4: "));
  g_assert_cmpstr (dr_game_get_tag (game, "Event"), ==, "Open");
  g_assert_cmpstr (dr_game_get_tag (game, "White"), ==, "Alpha");
  g_assert_cmpstr (dr_game_get_tag (game, "Black"), ==, "Beta");
  g_assert_cmpint (game->result, ==, DR_RESULT_WHITE_WINS);
  g_assert_null (game->root->children);
  g_assert_cmpstr (game->root->unread, ==, "1. - - 2. - -");
  assert_round_trip (game, "placeholder");
}

/* An ambiguous last move loses none of the moves before it. */
static void
test_keep_moves_before_ambiguous (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrGame) game = read_partial ("[Event \"Amb\"]\n[FEN \"B:WK4,46:B13,20,32,37,2\"]\n"
                                          "1... 2-8 2. 4x15 1-0\n", &error);

  g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_AMBIGUOUS_MOVE);
  g_assert_true (g_str_has_prefix (error->message, "part.pdn:3:13: "));
  g_assert_cmpuint (dr_game_main_line_length (game), ==, 1);
  g_assert_cmpstr (game->root->children->unread, ==, "2. 4x15 1-0");
  /* No Result tag: the result that ends the unread text. */
  g_assert_cmpint (game->result, ==, DR_RESULT_WHITE_WINS);
  assert_round_trip (game, "ambiguous");
}

/* Where no move can be read, the result still comes from the Result tag,
 * else from a result at the end of the unread text. */
static void
test_keep_result (void)
{
  static const struct { const char *pdn; DrResult result; } cases[] = {
    { "[GameType \"99\"]\n[Result \"1-0\"]\n1. e4 e5 *\n", DR_RESULT_WHITE_WINS },
    { "[GameType \"99\"]\n1. e4 e5 0-1\n", DR_RESULT_BLACK_WINS },
    { "[FEN \"W:W51:B1\"]\n1. 32-28 1-1\n", DR_RESULT_DRAW },
    { "[FEN \"W:W51:B1\"]\n[Result \"0-2\"]\n1-1\n", DR_RESULT_BLACK_WINS },
    { "[Event \"x\"]\n1. 32-28 hello 19-23 2-0\n", DR_RESULT_WHITE_WINS },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (DrGame) game = read_partial (cases[i].pdn, &error);

      g_test_message ("%s", error->message);
      g_assert_cmpint (game->result, ==, cases[i].result);
      assert_round_trip (game, cases[i].pdn);
    }
}

/* Unread text with '}' in it: cut at each '}', the pieces after the first
 * in "[%unread-rbrace]" comments, and put back together on reading. */
static void
test_keep_rbrace (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrGame) game = read_partial ("1. 32-28 19-23 2. 32-27 {a } b} }\n*\n", &error);
  g_autofree char *text = NULL;
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (DrGame) back = NULL;

  g_assert_cmpstr (game->root->children->children->unread, ==, "2. 32-27 {a } b} }\n*");
  text = dr_pdn_write_game (game, DR_NOTATION_NUMERIC);
  g_test_message ("%s", text);
  /* Each comment a token: lines still break before one that passes 80. */
  g_assert_cmpstr (text, ==, "[GameType \"20\"]\n\n"
                             "1. 32-28 19-23 {[%unread] 2. 32-27 {a } {[%unread-rbrace]  b}\n"
                             "{[%unread-rbrace]  } {[%unread-rbrace] \n*} *\n");
  reader = dr_pdn_reader_new (text, -1, "written.pdn", NULL, NULL, NULL);
  g_clear_error (&error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &back, &error), ==, DR_PDN_READ_PARTIAL);
  g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_UNREAD);
  g_assert_true (g_str_has_prefix (error->message, "written.pdn:3:16: "));
  g_assert_cmpstr (back->root->children->children->unread, ==, "2. 32-27 {a } b} }\n*");
  assert_round_trip (game, "rbrace");
}

/* An error inside a variation: the unread text goes on the variation's
 * last move, with the comment that waited for the next move; the main
 * line read before it stays. */
static void
test_keep_in_variation (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrGame) game = read_partial ("1. 32-28 19-23 (1... 18-23 2. 38-32 {Or} 2... 99-98) 2. 28x19 *\n",
                                          &error);
  DrGameNode *variation;

  g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_SYNTAX);
  variation = game->root->children->children->next;
  g_assert_nonnull (variation);
  g_assert_cmpstr (variation->children->comment_after, ==, "Or");
  g_assert_cmpstr (variation->children->unread, ==, "2... 99-98) 2. 28x19 *");
  g_assert_cmpuint (dr_game_count_moves (game), ==, 4);
  assert_round_trip (game, "variation");

  /* At a variation's first move: on the move it branches from, with the
   * comment that led the variation. */
  g_clear_error (&error);
  g_clear_pointer (&game, dr_game_free);
  game = read_partial ("1. 32-28 19-23 ({Or} 1... 99-98 2. 38-32) 2. 28x19 *\n", &error);
  g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_SYNTAX);
  g_assert_cmpuint (dr_game_count_moves (game), ==, 2);
  g_assert_cmpstr (game->root->children->comment_after, ==, "Or");
  g_assert_cmpstr (game->root->children->unread, ==, "1... 99-98 2. 38-32) 2. 28x19 *");
  assert_round_trip (game, "variation start");
}

/* A comment of one's own that begins like the marks stays a comment. */
static void
test_keep_comment_like_mark (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new ("1. 32-28 {[%unread] mine} *", -1, "c.pdn", NULL, NULL,
                                                      &error);
  g_autoptr (DrGame) game = NULL;

  /* As read, it is text kept unread... */
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_PARTIAL);
  g_assert_cmpstr (game->root->children->unread, ==, "mine");
  g_clear_error (&error);
  /* ...but one a user writes is written so that it reads back as his. */
  dr_game_node_set_unread (game->root->children, NULL);
  dr_game_node_set_comment_after (game->root->children, "[%unread] mine");
  assert_round_trip (game, "comment");
}

/* --- spans ------------------------------------------------------------ */

/* The games' spans follow each other from the first game's start to the
 * end of the text: what comes before the first game, and each game's
 * text with its terminator, stray "*" and blank lines, whole or not. */
static void
test_spans (void)
{
  static const char pdn[] =
    "% a file comment\r\n\r\n"
    "[Event \"a\"]\r\n1. 32-28 *\r\n*\r\n\r\n"
    "[Event \"b\"]\r\n1. 32-28 19-23 2. 50-44 *\r\n"
    "% between\r\n"
    "[Event \"c\"]\r\n1. 33-28 1-1[Event \"d\"] 1. 34-29";
  static const char *const games[] = {
    "[Event \"a\"]\r\n1. 32-28 *\r\n*\r\n\r\n",
    "[Event \"b\"]\r\n1. 32-28 19-23 2. 50-44 *\r\n% between\r\n",
    "[Event \"c\"]\r\n1. 33-28 1-1",
    "[Event \"d\"] 1. 34-29",
  };
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "spans.pdn", NULL, NULL, NULL);
  gsize len, start, end, at;
  const char *text = dr_pdn_reader_get_text (reader, &len);
  guint n = 0;

  g_assert_cmpuint (len, ==, strlen (pdn));
  at = strlen ("% a file comment\r\n\r\n");
  for (;;)
    {
      g_autoptr (DrGame) game = NULL;
      g_autoptr (GError) error = NULL;
      DrPdnRead read = dr_pdn_reader_next_game (reader, &game, &error);

      dr_pdn_reader_game_span (reader, &start, &end);
      if (read == DR_PDN_READ_END)
        break;
      g_assert_cmpuint (n, <, G_N_ELEMENTS (games));
      g_assert_cmpuint (start, ==, at);
      g_assert_cmpmem (text + start, end - start, games[n], strlen (games[n]));
      at = end;
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (games));
  g_assert_cmpuint (at, ==, len);
}

/* --- the variant of files without GameType -------------------------- */

typedef struct
{
  const char *path;
  const char *file;         /* under shared/data */
  const char *preferred;    /* the caller's variant, or NULL */
  const char *chosen;
  guint       games;
  guint       errors;       /* games read in part, in the variant chosen */
  const char *report;       /* the start of the report */
  const char *source;
} DetectCase;

static const DetectCase detect_cases[] = {
  { "/pdn/variant/czech/mrcd2000kval", "czech/mrcd2000kval.pdn", NULL, "czech", 40, 0,
    "no GameType; replays as czech (0 errors in 40 games; russian: 32 errors, english: 40 errors",
    "czech/README.md: Czech rules; under Russian rules only 8 of 40 replay" },
  { "/pdn/variant/czech/mrcd2006", "czech/mrcd2006.pdn", NULL, "czech", 44, 0,
    "no GameType; replays as czech (0 errors in 44 games; russian: 34 errors", "czech/README.md: 10 of 44 under Russian" },
  { "/pdn/variant/czech/mrdrcd08", "czech/mrdrcd08.pdn", "russian", "czech", 40, 0,
    "no GameType; replays as czech (0 errors in 40 games; russian: 35 errors",
    "czech/README.md; the caller's Russian does not replay, so it gives way" },
  { "/pdn/variant/italian/campionato", "italian/Campionato_Assoluto_2005-rounds1-4.pdn", NULL, "italian", 36, 0,
    "no GameType; replays as italian (0 errors in 36 games; russian: 36 errors, english: 36 errors",
    "italian/README.md: all replay under Italian rules" },
  { "/pdn/variant/italian/campionato-english", "italian/Campionato_Assoluto_2005-rounds1-4.pdn", "english",
    "italian", 36, 0, "no GameType; replays as italian (0 errors in 36 games; russian: 36 errors",
    "the caller's English does not replay" },
  { "/pdn/variant/russian/ussr1947", "russian/ussr1947.pdn", NULL, "russian", 153, 0,
    "no GameType; replays as russian (0 errors in 153 games; english: 152 errors, brazilian: 32 errors",
    "russian/README.md: 153/153 under Russian rules" },
  /* Positions without moves replay in any 8x8 variant whose numbering
   * holds their squares: the caller's choice stands, and without one the
   * guess of each game (English, from the square numbers). */
  { "/pdn/variant/keeps-callers/italian-ballots", "italian/11-man-ballot-positions.pdn", "italian", "italian",
    2400, 0, "no GameType; replays as italian (0 errors in 200 games; russian: 0 errors",
    "positions only: nothing tells the 8x8 variants apart but the caller" },
  { "/pdn/variant/keeps-guess/italian-ballots", "italian/11-man-ballot-positions.pdn", NULL, "english",
    2400, 0, "no GameType; replays as english (0 errors in 200 games; russian: 0 errors",
    "without a caller's choice, the reader's guess stands" },
  { "/pdn/variant/keeps-callers/tinsley", "english/tinsley.pdn", "english", "english", 724, 1,
    "no GameType; replays as english (0 errors in 200 games; russian: 200 errors",
    "english/README.md: 721/724; Petal 1981 game 18 is the one error after the 200 sampled" },
  /* A 10x10 setup among 8x8 ones keeps its board (PDN test set: all 10x10). */
  { "/pdn/variant/mixed-boards", "pdn-edge-cases/should-parse/fen.pdn", NULL, "english", 3, 0,
    "no GameType; replays as english (0 errors in 3 games", "pdn-edge-cases/README.md" },
};

static void
test_detect_case (gconstpointer data)
{
  const DetectCase *c = data;
  g_autofree char *path = data_path (c->file);
  g_autoptr (DrPdnReader) reader = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *report = NULL;
  const DrRules *chosen;

  if (path == NULL)
    return;
  reader = dr_pdn_reader_new_for_file (path, NULL, c->preferred ? dr_rules_from_name (c->preferred) : NULL,
                                       &error);
  g_assert_no_error (error);
  chosen = dr_pdn_reader_detect_variant (reader, &report);
  g_test_message ("%s", report);
  g_assert_nonnull (chosen);
  g_assert_cmpstr (chosen->name, ==, c->chosen);
  g_assert_true (g_str_has_prefix (report, c->report));
  games = read_all (reader, lines, NULL);
  g_assert_cmpuint (games->len, ==, c->games);
  g_assert_cmpuint (lines->len, ==, c->errors);
  if (g_str_has_suffix (c->path, "mixed-boards"))
    g_assert_true (((DrGame *) games->pdata[2])->rules == &dr_rules_international);
}

/* Games that name their variant need no choosing: the caller's stands and
 * nothing is reported. */
static void
test_detect_tagged (void)
{
  static const char pdn[] = "[GameType \"25\"]\n1. c3-d4 *\n\n[GameType \"20\"]\n1. 32-28 *\n";
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "tagged.pdn", NULL, &dr_rules_czech, NULL);
  g_autofree char *report = NULL;
  g_autoptr (GPtrArray) games = NULL;

  g_assert_true (dr_pdn_reader_detect_variant (reader, &report) == &dr_rules_czech);
  g_assert_null (report);
  games = read_all (reader, NULL, NULL);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_true (((DrGame *) games->pdata[0])->rules == &dr_rules_russian);
}

/* --- encodings -------------------------------------------------------- */

static void
test_encoding_1251 (void)
{
  g_autofree char *path = data_path ("russian/ussr1947.pdn");
  g_autofree char *utf8 = NULL;
  g_autofree char *legacy = NULL;
  gsize len, legacy_len;
  g_autoptr (GError) error = NULL;

  if (path == NULL)
    return;
  g_assert_true (g_file_get_contents (path, &utf8, &len, NULL));
  /* The same file as Windows-1251, as older Russian programs save it. */
  legacy = g_convert (utf8, (gssize) len, "WINDOWS-1251", "UTF-8", NULL, &legacy_len, &error);
  g_assert_no_error (error);
  {
    g_autoptr (DrPdnReader) a = dr_pdn_reader_new (utf8, (gssize) len, "utf8", NULL, NULL, &error);
    g_autoptr (DrPdnReader) b = dr_pdn_reader_new (legacy, (gssize) legacy_len, "cp1251", NULL, NULL, &error);
    g_autoptr (GPtrArray) ga = read_all (a, NULL, NULL);
    g_autoptr (GPtrArray) gb = read_all (b, NULL, NULL);

    g_assert_cmpuint (ga->len, ==, 153);
    g_assert_cmpuint (gb->len, ==, ga->len);
    for (guint i = 0; i < ga->len; i++)
      g_assert_true (dr_game_equal (ga->pdata[i], gb->pdata[i]));
    /* Game 1's White is a Cyrillic name. */
    g_assert_true (g_utf8_validate (dr_game_get_tag (gb->pdata[0], "White"), -1, NULL));
    g_assert_cmpstr (dr_game_get_tag (gb->pdata[0], "White"), ==, dr_game_get_tag (ga->pdata[0], "White"));
  }
}

static void
test_encoding_1252 (void)
{
  /* "Gérard Taillé" and "Åke" in Windows-1252. */
  static const char pdn[] = "[White \"G\xE9rard Taill\xE9\"]\n[Black \"\xC5ke\"]\n1. 32-28 *";
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "cp1252", NULL, NULL, &error);
  g_autoptr (DrGame) game = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_cmpstr (dr_game_get_tag (game, "White"), ==, "Gérard Taillé");
  g_assert_cmpstr (dr_game_get_tag (game, "Black"), ==, "Åke");
}

static void
test_encoding_forced (void)
{
  static const char pdn[] = "[White \"\xE9\"]\n*";
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "x.pdn", "UTF-8", NULL, &error);

  g_assert_null (reader);
  g_assert_error (error, DR_PDN_ERROR, DR_PDN_ERROR_ENCODING);
}

/* --- writing ---------------------------------------------------------- */

static void
test_write_strict (void)
{
  static const char pdn[] =
    "[Event \"A \\\"quoted\\\" event\"]\n[FEN \"B:W31-50:B1-20.\"]\n"
    "1... 20-25 2. 31-26 {a comment} 2... 25-30 $14 3. 34x25 *";
  g_autoptr (GError) error = NULL;
  g_autoptr (DrPdnReader) reader = dr_pdn_reader_new (pdn, -1, "w.pdn", NULL, NULL, &error);
  g_autoptr (DrGame) game = NULL;
  g_autofree char *text = NULL;
  g_autofree char *alg = NULL;

  g_assert_cmpint (dr_pdn_reader_next_game (reader, &game, &error), ==, DR_PDN_READ_WHOLE);
  g_assert_no_error (error);
  g_assert_cmpstr (game->root->children->children->comment_after, ==, "a comment");
  /* PDN has no escape for '}' in a comment. */
  dr_game_node_set_comment_after (game->root->children->children, "a } b");
  text = dr_pdn_write_game (game, DR_NOTATION_NUMERIC);
  g_test_message ("%s", text);
  /* Escaped quotes, a normal FEN (no dot), the number of a second-player
   * start, a '}' in a comment replaced, NAGs as $n, the terminator. */
  g_assert_nonnull (strstr (text, "[Event \"A \\\"quoted\\\" event\"]\n"));
  g_assert_nonnull (strstr (text, "[FEN \"B:W31-50:B1-20\"]\n"));
  g_assert_nonnull (strstr (text, "[GameType \"20\"]\n"));
  g_assert_nonnull (strstr (text, "\n1... 20-25 2. 31-26 {a ) b} 2... 25-30 $14 3. 34x25 *\n"));
  alg = dr_pdn_write_game (game, DR_NOTATION_ALGEBRAIC);
  /* 34x25 is h4xj6 (rank 4 holds 31-35 on b4..j4, rank 6 21-25 on b6..j6). */
  g_assert_nonnull (strstr (alg, "h4xj6"));
  g_assert_nonnull (strstr (alg, "[FEN \"B:Wb4,d4,"));
  for (const char *p = text; *p; )
    {
      const char *nl = strchr (p, '\n');
      g_assert_cmpint (nl ? nl - p : (gssize) strlen (p), <=, 80);
      p = nl ? nl + 1 : p + strlen (p);
    }
}

/* Every legal capture of positions where captures share their start and
 * end, played in a game from the position, written and read back, is that
 * capture (g1m.pdn had "14. f6:h8" that read back as ambiguous). */
static void
test_write_shared_ends (void)
{
  static const struct { const char *variant; const char *fen; } positions[] = {
    { "russian", "W:WKf6,e3,b2,f2,h2,a1,c1,e1:Bb8,c7,e7,g7,c5,g5" },
    { "russian", "W:WKe1:Bb4,c7,d2,f2,f6" },
    { "russian", "W:Wa1,a3,b2,b4,d2,d4,e3,f2,f4:Ba5,c5,c7,e7,g7" },
    { "pool", "W:WKf6,e3,b2,f2,h2,a1,c1,e1:Bb8,c7,e7,g7,c5,g5" },
    { "international", "W:WK47:B11,12,19,29,30,40" },
    { "international", "W:WK47:B11,12,19,29,30,40,13,23" },
  };
  guint shared = 0;

  for (gsize p = 0; p < G_N_ELEMENTS (positions); p++)
    for (int notation = 0; notation < 2; notation++)
      {
        const DrRules *rules = dr_rules_from_name (positions[p].variant);
        g_autofree DrMoveList *paths = g_new0 (DrMoveList, 1);
        g_autoptr (GError) error = NULL;
        DrPosition pos;

        g_assert_true (dr_fen_parse (rules, positions[p].fen, &pos, &error));
        g_assert_no_error (error);
        if (notation == DR_NOTATION_NUMERIC && rules->geometry->all_squares)
          continue;
        paths->all_paths = TRUE;
        dr_movegen_legal (rules, &pos, paths);
        for (unsigned i = 0; i < paths->n; i++)
          {
            const DrMove *m = &paths->moves[i];
            g_autoptr (DrGame) game = dr_game_new (rules, &pos);
            g_autoptr (DrGame) back = NULL;
            g_autoptr (DrPdnReader) reader = NULL;
            g_autofree char *text = NULL;

            for (unsigned j = 0; j < paths->n; j++)
              if (j != i && paths->moves[j].from == m->from && paths->moves[j].to == m->to
                  && !dr_move_same (&paths->moves[j], m))
                {
                  shared++;
                  break;
                }
            dr_game_add_move (game, game->root, m);
            text = dr_pdn_write_game (game, (DrNotation) notation);
            reader = dr_pdn_reader_new (text, -1, "shared-ends.pdn", NULL, rules, &error);
            g_assert_no_error (error);
            if (dr_pdn_reader_next_game (reader, &back, &error) != DR_PDN_READ_WHOLE)
              g_error ("%s %s: the game written as\n%s\ndoes not read back: %s", rules->name,
                       positions[p].fen, text, error ? error->message : "?");
            g_assert_nonnull (back->root->children);
            g_assert_null (back->root->children->children);
            g_assert_true (dr_move_same (&back->root->children->move, m));
          }
      }
  /* The positions do have such captures. */
  g_assert_cmpuint (shared, >=, 8);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (data_cases); i++)
    g_test_add_data_func (data_cases[i].path, &data_cases[i], test_data_case);
  g_test_add_func ("/pdn/read/edge-cases", test_edge_cases);
  for (gsize i = 0; i < G_N_ELEMENTS (quirk_cases); i++)
    g_test_add_data_func (quirk_cases[i].path, &quirk_cases[i], test_quirk_case);
  g_test_add_func ("/pdn/read/tree", test_tree);
  for (gsize i = 0; i < G_N_ELEMENTS (error_cases); i++)
    g_test_add_data_func (error_cases[i].path, &error_cases[i], test_error_case);
  g_test_add_func ("/pdn/resync/after-bad-game", test_resync);
  g_test_add_func ("/pdn/read/tags-only", test_tags_only);
  g_test_add_func ("/pdn/read/tags-only-joined", test_tags_only_joined);
  g_test_add_func ("/pdn/keep/placeholder-moves", test_keep_placeholder_moves);
  g_test_add_func ("/pdn/keep/moves-before-ambiguous", test_keep_moves_before_ambiguous);
  g_test_add_func ("/pdn/keep/result", test_keep_result);
  g_test_add_func ("/pdn/keep/rbrace", test_keep_rbrace);
  g_test_add_func ("/pdn/keep/in-variation", test_keep_in_variation);
  g_test_add_func ("/pdn/keep/comment-like-mark", test_keep_comment_like_mark);
  g_test_add_func ("/pdn/span/tile", test_spans);
  for (gsize i = 0; i < G_N_ELEMENTS (detect_cases); i++)
    g_test_add_data_func (detect_cases[i].path, &detect_cases[i], test_detect_case);
  g_test_add_func ("/pdn/variant/tagged", test_detect_tagged);
  g_test_add_func ("/pdn/encoding/windows-1251", test_encoding_1251);
  g_test_add_func ("/pdn/encoding/windows-1252", test_encoding_1252);
  g_test_add_func ("/pdn/encoding/forced-utf8", test_encoding_forced);
  g_test_add_func ("/pdn/write/strict", test_write_strict);
  g_test_add_func ("/pdn/write/shared-ends", test_write_shared_ends);
  return g_test_run ();
}
