/* test-egdb.c — endgame databases: indices, counts, values, files, resume
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Small tables (2-4 pieces, seconds) are built once into a temporary
 * folder and shared by the tests (test-egdb-util.h; the search with
 * them is in test-egdb-search.c).  The values are checked against a
 * solver written here that shares nothing with the generator but the
 * move generator: forward passes over every position until nothing
 * changes (the generator takes moves back and works level by level).
 */

#include "config.h"

#include "test-egdb-util.h"

#include "dr-draw.h"
#include "dr-movegen.h"
#include "dr-notation.h"
#include "dr-search.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

/* Indices ------------------------------------------------------------------ */

/* Every index of some slices decodes to a position that encodes back to
 * it, or is broken exactly when two men share a square; the positions
 * are legal (no man on its crowning row, pieces as the slice says). */
static void
test_index_roundtrip (void)
{
  static const struct { const char *variant; const char *slice; } cases[] = {
    { "english", "mk-mk" }, { "english", "mm-m" }, { "russian", "kkk-k" },
    { "international", "mm-k" }, { "italian", "mk-m" }, { "spanish", "mmk-k" },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const DrRules *rules = dr_rules_from_name (cases[c].variant);
      EgdbBoard board;
      EgdbMaterial m;
      guint64 broken = 0, n;

      _dr_egdb_board_init (&board, rules);
      g_assert_true (_dr_egdb_parse_slice (cases[c].slice, &m));
      for (int part = 0; part < 2; part++, m = _dr_egdb_swap (m))
        {
          n = _dr_egdb_part_size (&board, m);
          for (guint64 i = 0; i < n; i++)
            {
              DrPosition pos, flipped;
              g_autoptr (GError) error = NULL;
              EgdbMaterial got;

              if (!_dr_egdb_unindex (&board, m, i, &pos))
                {
                  broken++;
                  continue;
                }
              got = _dr_egdb_material (&pos);
              g_assert_true (_dr_egdb_material_equal (got, m));
              g_assert_cmpuint (_dr_egdb_index (&board, &pos), ==, i);
              if (!dr_position_validate (rules, &pos, &error))
                g_error ("%s %s index %" G_GUINT64_FORMAT ": %s", cases[c].variant, cases[c].slice, i,
                         error->message);
              /* The same position with Black to move, colours swapped and
               * turned round, has the same index. */
              dr_position_clear (&flipped);
              for (int s = 0; s < board.n; s++)
                {
                  DrPiece piece = dr_position_get (&pos, board.bit_of[s]);
                  DrPiece swapped = piece == DR_PIECE_WHITE_MAN ? DR_PIECE_BLACK_MAN
                                    : piece == DR_PIECE_WHITE_KING ? DR_PIECE_BLACK_KING
                                    : piece == DR_PIECE_BLACK_MAN ? DR_PIECE_WHITE_MAN
                                    : piece == DR_PIECE_BLACK_KING ? DR_PIECE_WHITE_KING : DR_PIECE_NONE;
                  if (swapped != DR_PIECE_NONE)
                    dr_position_put (&flipped, board.bit_of[board.n - 1 - s], swapped);
                }
              dr_position_set_turn (&flipped, DR_SIDE_BLACK);
              g_assert_cmpuint (_dr_egdb_index (&board, &flipped), ==, i);
            }
        }
      /* Broken indices are those whose men overlap: none without men of
       * both sides. */
      if (m.m0 == 0 || m.m1 == 0)
        g_assert_cmpuint (broken, ==, 0);
    }
}

/* Position counts per number of pieces on the English checkers board:
 * Schaeffer, Burch, Björnsson, Kishimoto, Müller, Lake, Lu, Sutphen,
 * "Checkers Is Solved", Science 317 (2007) 1518-1522, table 1 (men never
 * on their own crowning row, side to move not counted).  The formula
 * (dr_egdb_count_positions) for 1-6 pieces; the tables' indexing,
 * walked index by index, for 1-3. */
static void
test_count_published (void)
{
  static const guint64 published[] = { 0, 120, 6972, 261224, 7092774, 148688232, 2503611964 };
  const DrRules *english = dr_rules_from_name ("english");
  EgdbBoard board;

  _dr_egdb_board_init (&board, english);
  for (int n = 1; n <= 6; n++)
    g_assert_cmpuint (dr_egdb_count_positions (english, n), ==, published[n]);
  for (int n = 1; n <= 3; n++)
    {
      guint64 walked = 0;

      for (int m0 = 0; m0 <= n; m0++)
        for (int k0 = 0; m0 + k0 <= n; k0++)
          for (int m1 = 0; m0 + k0 + m1 <= n; m1++)
            {
              EgdbMaterial m = { (uint8_t) m0, (uint8_t) k0, (uint8_t) m1, (uint8_t) (n - m0 - k0 - m1) };
              guint64 size = _dr_egdb_part_size (&board, m);

              for (guint64 i = 0; i < size; i++)
                {
                  DrPosition pos;
                  walked += _dr_egdb_unindex (&board, m, i, &pos);
                }
            }
      g_assert_cmpuint (walked, ==, published[n]);
    }
}

/* Values ------------------------------------------------------------------- */

/* The independent solver: every position of 2..@pieces pieces, values
 * found by passes over all of them, each pass using only what earlier
 * passes found (so pass n finds exactly the positions decided in n
 * plies). */
typedef struct
{
  const DrRules *rules;
  EgdbBoard      board;
  gint16        *parts[4][4][4][4];   /* by material: 0 open, else kind << 12 | plies */
} Solver;

enum { S_OPEN = 0, S_WIN = 1, S_LOSS = 2 };

static gint16 *
solver_part (Solver      *s,
             EgdbMaterial m)
{
  return s->parts[m.m0][m.k0][m.m1][m.k1];
}

static void
solver_value (Solver           *s,
              const DrPosition *pos,
              int              *kind,
              int              *plies)
{
  EgdbMaterial m = _dr_egdb_material (pos);
  gint16 v;

  if (m.m0 + m.k0 == 0)
    {
      *kind = s->rules->giveaway ? S_WIN : S_LOSS;
      *plies = 0;
      return;
    }
  v = solver_part (s, m)[_dr_egdb_index (&s->board, pos)];
  *kind = v >> 12;
  *plies = v & 0xfff;
}

static void
solve (Solver        *s,
       const DrRules *rules,
       int            pieces)
{
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  GPtrArray *materials = g_ptr_array_new_with_free_func (g_free);
  gboolean changed = TRUE;

  g_assert_cmpint (pieces, <=, 3);
  memset (s, 0, sizeof *s);
  s->rules = rules;
  _dr_egdb_board_init (&s->board, rules);
  for (int n = 2; n <= pieces; n++)
    for (int m0 = 0; m0 <= n; m0++)
      for (int k0 = 0; m0 + k0 <= n; k0++)
        for (int m1 = 0; m0 + k0 + m1 <= n; m1++)
          {
            EgdbMaterial m = { (uint8_t) m0, (uint8_t) k0, (uint8_t) m1, (uint8_t) (n - m0 - k0 - m1) };
            EgdbMaterial *copy;
            if (m0 + k0 == 0 || m1 + m.k1 == 0)
              continue;
            copy = g_memdup2 (&m, sizeof m);
            g_ptr_array_add (materials, copy);
            s->parts[m.m0][m.k0][m.m1][m.k1] = g_new0 (gint16, _dr_egdb_part_size (&s->board, m));
          }
  for (int pass = 1; changed; pass++)
    {
      changed = FALSE;
      for (guint k = 0; k < materials->len; k++)
        {
          EgdbMaterial m = *(EgdbMaterial *) g_ptr_array_index (materials, k);
          gint16 *values = solver_part (s, m);
          guint64 size = _dr_egdb_part_size (&s->board, m);

          for (guint64 i = 0; i < size; i++)
            {
              DrPosition pos;
              int best_win = -1, worst_loss = -1;
              gboolean open_child = FALSE;

              if (values[i] != 0 || !_dr_egdb_unindex (&s->board, m, i, &pos))
                continue;
              dr_movegen_legal (rules, &pos, list);
              if (list->n == 0)
                {
                  values[i] = (gint16) ((rules->giveaway ? S_WIN : S_LOSS) << 12);
                  changed = TRUE;
                  continue;
                }
              for (unsigned j = 0; j < list->n; j++)
                {
                  DrPosition child;
                  int kind, plies;

                  dr_position_apply (&child, &pos, &list->moves[j]);
                  solver_value (s, &child, &kind, &plies);
                  if (kind == S_OPEN || plies >= pass)
                    open_child = TRUE;       /* not known before this pass */
                  else if (kind == S_LOSS)
                    best_win = best_win < 0 ? plies : MIN (best_win, plies);
                  else
                    worst_loss = MAX (worst_loss, plies);
                }
              if (best_win >= 0)
                values[i] = (gint16) (S_WIN << 12 | (best_win + 1));
              else if (!open_child)
                values[i] = (gint16) (S_LOSS << 12 | (worst_loss + 1));
              else
                continue;
              changed = TRUE;
            }
        }
    }
  g_ptr_array_free (materials, TRUE);
}

static void
solver_clear (Solver *s)
{
  for (int i = 0; i < 4 * 4 * 4 * 4; i++)
    g_free ((&s->parts[0][0][0][0])[i]);
}

/* The tables against the solver, position by position, with and without
 * captures pending, through dr_egdb_probe (value, distance, and a best
 * move that keeps the value). */
static void
check_against_solver (const char *variant,
                      int         pieces)
{
  const DrRules *rules = dr_rules_from_name (variant);
  g_autoptr (DrEgdb) db = open_tables (variant, pieces);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  g_autofree DrMoveList *lists = g_new0 (DrMoveList, EGDB_MAX_PIECES + 2);
  Solver s;
  guint64 checked = 0, wins = 0, losses = 0;

  solve (&s, rules, pieces);
  for (int code = 0; code < 4 * 4 * 4 * 4; code++)
    {
      EgdbMaterial m = { (uint8_t) (code >> 6), (uint8_t) ((code >> 4) & 3), (uint8_t) ((code >> 2) & 3),
                         (uint8_t) (code & 3) };
      const gint16 *values = solver_part (&s, m);
      guint64 size;

      if (values == NULL)
        continue;
      size = _dr_egdb_part_size (&s.board, m);

      for (guint64 i = 0; i < size; i++)
        {
          DrPosition pos;
          DrEgdbProbe probe;
          g_autoptr (GError) error = NULL;
          int kind = values[i] >> 12, plies = values[i] & 0xfff;
          DrEgdbValue expected = kind == S_WIN ? DR_EGDB_WIN : kind == S_LOSS ? DR_EGDB_LOSS : DR_EGDB_DRAW;

          if (!_dr_egdb_unindex (&s.board, m, i, &pos))
            continue;
          /* Every position's value; the whole probe (best move, count
           * rules along the line) of every seventh. */
          if (i % 7 != 0)
            {
              int got_plies = 0;
              DrEgdbValue got = _dr_egdb_value (db, &pos, &got_plies, lists, NULL);

              if (got != expected || (expected != DR_EGDB_DRAW && got_plies != plies))
                {
                  g_autofree char *text = dr_fen_write (rules, &pos, rules->notation);
                  g_error ("%s %s: tables say %d in %d plies, the solver %d in %d", variant, text,
                           got, got_plies, expected, plies);
                }
              wins += expected == DR_EGDB_WIN;
              losses += expected == DR_EGDB_LOSS;
              checked++;
              continue;
            }
          g_assert_true (dr_egdb_probe (db, &pos, &probe, &error));
          g_assert_no_error (error);
          if (probe.value != expected || (expected != DR_EGDB_DRAW && probe.plies != plies))
            {
              g_autofree char *text = dr_fen_write (rules, &pos, rules->notation);
              g_error ("%s %s: tables say %d in %d plies, the solver %d in %d", variant, text,
                       probe.value, probe.plies, expected, plies);
            }
          if (probe.has_best)
            {
              DrPosition child;
              int ck, cp;

              dr_position_apply (&child, &pos, &probe.best);
              solver_value (&s, &child, &ck, &cp);
              if (expected == DR_EGDB_WIN)
                g_assert_true (ck == S_LOSS && cp + 1 == plies);
              else if (expected == DR_EGDB_LOSS)
                g_assert_true (ck == S_WIN && cp + 1 == plies);
              else
                g_assert_cmpint (ck, ==, S_OPEN);
            }
          else
            {
              dr_movegen_legal (rules, &pos, list);
              g_assert_cmpuint (list->n, ==, 0);
            }
          wins += expected == DR_EGDB_WIN;
          losses += expected == DR_EGDB_LOSS;
          checked++;
        }
    }
  solver_clear (&s);
  /* Something is decided: the comparison is not between two empty tables. */
  g_assert_cmpuint (wins, >, checked / 20);
  g_assert_cmpuint (losses, >, 0);
  g_test_message ("%s: %" G_GUINT64_FORMAT " positions agree", variant, checked);
}

static void
test_values_english (void)
{
  check_against_solver ("english", 3);
}

static void
test_values_russian (void)
{
  check_against_solver ("russian", 3);
}

static void
test_values_giveaway (void)
{
  /* The side without a move wins: wins in even plies, losses in odd. */
  check_against_solver ("russian-giveaway", 3);
}

static void
test_values_international (void)
{
  check_against_solver ("international", 2);
  check_against_solver ("italian", 2);
  check_against_solver ("spanish", 2);
  check_against_solver ("czech", 2);
  check_against_solver ("pool", 2);
  check_against_solver ("brazilian", 2);
  check_against_solver ("antidraughts", 2);
}

/* The tables prove themselves: every stored value of every variant up to
 * three pieces (and of the four-piece slices of the classical endgames
 * below) agrees with a one-ply search over its successors' stored values.
 * Every four-piece slice: -m thorough. */
static void
test_verify (void)
{
  static const struct { const char *variant; int pieces; const char *slice; } cases[] = {
    { "english", 3, NULL }, { "russian", 3, NULL }, { "international", 3, NULL }, { "brazilian", 3, NULL },
    { "pool", 3, NULL }, { "italian", 3, NULL }, { "spanish", 3, NULL }, { "czech", 3, NULL },
    { "antidraughts", 3, NULL }, { "russian-giveaway", 3, NULL },
    { "english", 4, "mk-mk" }, { "russian", 4, "kkk-k" },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (DrEgdb) db = open_tables (cases[c].variant, cases[c].pieces);
      g_autoptr (GError) error = NULL;
      guint64 checked = 0;
      const char *slice = g_test_thorough () ? NULL : cases[c].slice;

      g_assert_true (dr_egdb_verify (db, slice, 1, NULL, NULL, NULL, &checked, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (checked, >, 1000);
      /* Threads check the same positions. */
      if (c % 4 == 0)
        {
          guint64 threaded = 0;
          g_assert_true (dr_egdb_verify (db, slice, 3, NULL, NULL, NULL, &threaded, &error));
          g_assert_no_error (error);
          g_assert_cmpuint (threaded, ==, checked);
        }
    }
}

/* A value changed by hand (with every checksum made right) is caught by
 * verify, which names the position. */
static void
test_verify_catches (void)
{
  const DrRules *rules = dr_rules_from_name ("russian");
  g_autoptr (DrEgdb) db = open_tables ("russian", 3);
  g_autofree char *dir = g_dir_make_tmp ("egdb-bad-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "russian", NULL);
  g_autoptr (DrEgdb) bad = NULL;
  g_autoptr (GError) error = NULL;
  EgdbMaterial slice, parts[2];
  uint16_t *values[2];
  uint64_t n[2], legal[2];
  EgdbTable *t = NULL;
  uint64_t changed_at[2] = { 0, 0 };
  int n_changed = 0;
  g_autofree char *first_fen = NULL;

  g_assert_true (_dr_egdb_parse_slice ("mk-k", &slice));
  for (guint i = 0; i < db->tables->len; i++)
    if (_dr_egdb_material_equal (((EgdbTable *) g_ptr_array_index (db->tables, i))->slice, slice))
      t = g_ptr_array_index (db->tables, i);
  g_assert_nonnull (t);
  g_assert_cmpint (g_mkdir_with_parents (sub, 0755), ==, 0);
  for (int p = 0; p < t->n_parts; p++)
    {
      parts[p] = t->parts[p].material;
      n[p] = t->parts[p].n_values;
      legal[p] = t->parts[p].legal;
      values[p] = g_new (uint16_t, n[p] + EGDB_BLOCK);
      for (guint32 b = 0; b < t->parts[p].n_blocks; b++)
        g_assert_true (_dr_egdb_part_block (&t->parts[p], b, values[p] + (guint64) b * EGDB_BLOCK));
    }
  /* A win in 1 (a capture of the last piece next move) made a draw, at
   * a position without a capture pending (those are not stored); and a
   * second one two blocks or more further on, so that threads taking
   * blocks side by side must still report the first. */
  for (uint64_t i = 0; i < n[0] && n_changed < 2; i++)
    {
      DrPosition pos;
      if (values[0][i] == 1 && (n_changed == 0 || i >= changed_at[0] + 2 * EGDB_BLOCK)
          && _dr_egdb_unindex (&db->board, parts[0], i, &pos) && !dr_movegen_has_capture (rules, &pos))
        {
          values[0][i] = 0;
          changed_at[n_changed++] = i;
          if (n_changed == 1)
            first_fen = dr_fen_write (rules, &pos, rules->notation);
        }
    }
  g_assert_cmpint (n_changed, ==, 2);
  {
    g_autofree char *path = _dr_egdb_table_path (rules, dir, slice);
    g_assert_true (_dr_egdb_table_write (rules, path, slice, t->n_parts, parts, values, n, legal, 0, &error));
    g_assert_no_error (error);
  }
  /* The smaller slices it reads, as they are. */
  for (guint i = 0; i < db->tables->len; i++)
    {
      EgdbTable *other = g_ptr_array_index (db->tables, i);
      g_autofree char *base = g_path_get_basename (other->path);
      g_autofree char *to = g_build_filename (sub, base, NULL);
      g_autofree char *contents = NULL;
      gsize length;

      g_autofree char *dist_to = _dr_egdb_dist_path (to);

      if (other == t)
        continue;
      g_assert_true (g_file_get_contents (other->path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (to, contents, (gssize) length, NULL));
      g_clear_pointer (&contents, g_free);
      g_assert_true (g_file_get_contents (other->dist->path, &contents, &length, NULL));
      g_assert_true (g_file_set_contents (dist_to, contents, (gssize) length, NULL));
    }
  bad = dr_egdb_open (rules, dir, &error);
  g_assert_no_error (error);
  g_assert_false (dr_egdb_verify (bad, "mk-k", 1, NULL, NULL, NULL, NULL, &error));
  g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISMATCH);
  g_assert_nonnull (strstr (error->message, "stored as draw"));
  g_assert_nonnull (strstr (error->message, first_fen));
  /* The same first mismatch with threads, however the blocks fall. */
  for (int threads = 2; threads <= 4; threads++)
    {
      g_autoptr (GError) terror = NULL;
      g_assert_false (dr_egdb_verify (bad, "mk-k", threads, NULL, NULL, NULL, NULL, &terror));
      g_assert_error (terror, DR_EGDB_ERROR, DR_EGDB_ERROR_MISMATCH);
      g_assert_cmpstr (terror->message, ==, error->message);
    }
  for (int p = 0; p < t->n_parts; p++)
    g_free (values[p]);
  test_remove_tree (dir);
}

/* Files -------------------------------------------------------------------- */

static void
expect_refused (const char *dir,
                const char *variant,
                const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (DrEgdb) db = dr_egdb_open (dr_rules_from_name (variant), dir, &error);

  g_assert_null (db);
  g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT);
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” does not say “%s”", error->message, words);
}

static void
test_corrupt_files (void)
{
  const DrRules *rules = dr_rules_from_name ("russian");
  char *dir;

  /* Truncated: shorter than the header, and shorter than the header says. */
  dir = copy_tables ("russian", 3);
  damage (dir, "russian", "mk-m.egdb", 100, 0);
  expect_refused (dir, "russian", "truncated");
  test_remove_tree (dir), g_free (dir);
  dir = copy_tables ("russian", 3);
  /* Past the 256-byte header, short of the blocks (the format-2 file is
   * 1,889 bytes long). */
  damage (dir, "russian", "mk-m.egdb", 300, 0);
  expect_refused (dir, "russian", "truncated");
  test_remove_tree (dir), g_free (dir);

  /* The header: its magic, its checksum. */
  dir = copy_tables ("russian", 3);
  damage (dir, "russian", "kk-k.egdb", -1, 0);
  expect_refused (dir, "russian", "magic");
  test_remove_tree (dir), g_free (dir);
  dir = copy_tables ("russian", 3);
  damage (dir, "russian", "kk-k.egdb", -1, 100);
  expect_refused (dir, "russian", "header fails its checksum");
  test_remove_tree (dir), g_free (dir);

  /* A table of another variant under this one's name. */
  dir = copy_tables ("russian", 3);
  {
    g_autoptr (DrEgdb) db = open_tables ("english", 2);
    g_autofree char *from = g_build_filename (tables.dir, "english", "k-k.egdb", NULL);
    g_autofree char *to = g_build_filename (dir, "russian", "k-k.egdb", NULL);
    g_autofree char *contents = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
    g_assert_true (g_file_set_contents (to, contents, (gssize) length, NULL));
    expect_refused (dir, "russian", "not russian");
  }
  test_remove_tree (dir), g_free (dir);

  /* A damaged block: the file opens (blocks are checked when first read),
   * the other blocks answer until a probe reads the damaged one; from then
   * on the table is absent (the search is warned once), and verify
   * refuses the file. */
  dir = copy_tables ("russian", 3);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (DrEgdb) good = open_tables ("russian", 3);
    g_autoptr (DrEgdb) db = NULL;
    const EgdbPart *part = NULL;
    EgdbMaterial m;
    guint64 unknown = 0, known = 0;
    DrPosition answered = { 0 };
    int answered_plies;

    g_assert_true (_dr_egdb_parse_slice ("mm-m", &m));
    part = good->lookup[m.m0][m.k0][m.m1][m.k1];
    g_assert_cmpuint (part->n_blocks, >, 1);
    /* A byte in block 0. */
    {
      guint64 at, length;
      _dr_egdb_block_span (part, 0, &at, &length);
      g_assert_cmpuint (length, >, 2);
      damage (dir, "russian", "mm-m.egdb", -1, (gssize) (at + length / 2));
    }
    db = dr_egdb_open (rules, dir, &error);
    g_assert_no_error (error);
    /* Backwards: the blocks after the first answer, then block 0 does
     * not, and nothing of the table answers any more. */
    for (guint64 i = part->n_values; i-- > 0;)
      {
        DrPosition pos;
        int plies;
        if (_dr_egdb_unindex (&db->board, m, i, &pos) && !dr_movegen_has_capture (rules, &pos))
          {
            g_assert_cmpint (dr_egdb_probe_quiet (good, &pos, &plies), !=, DR_EGDB_UNKNOWN);
            if (unknown == 0 && i < EGDB_BLOCK)
              g_test_expect_message ("dr-egdb", G_LOG_LEVEL_WARNING,
                                     "endgame table *mm-m.egdb is damaged: block 0 of part 0 *");
            if (dr_egdb_probe_quiet (db, &pos, &plies) == DR_EGDB_UNKNOWN)
              {
                g_assert_cmpuint (i, <, EGDB_BLOCK);
                unknown++;
              }
            else
              {
                g_assert_cmpuint (i, >=, EGDB_BLOCK);
                answered = pos;
                known++;
              }
          }
      }
    g_test_assert_expected_messages ();
    g_assert_cmpuint (unknown, >, 1);
    g_assert_cmpuint (known, >, 0);
    g_assert_cmpint (dr_egdb_probe_quiet (db, &answered, &answered_plies), ==, DR_EGDB_UNKNOWN);
    g_assert_false (dr_egdb_verify (db, NULL, 2, NULL, NULL, NULL, NULL, &error));
    g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT);
  }
  test_remove_tree (dir), g_free (dir);
}

/* A file whose offsets near 2^64 wrap round when added to, written with
 * right checksums (as a hostile file would be): refused, not read outside
 * the file (found by tests/fuzz/fuzz-egdb). */
static void
put_le64 (char   *p,
          guint64 v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (char) (v >> (8 * i));
}

static void
expect_wrap_refused (gsize       field,
                     gboolean    in_index,
                     guint64     value,
                     const char *words)
{
  char *dir = copy_tables ("russian", 2);
  g_autofree char *path = g_build_filename (dir, "russian", "k-k.egdb", NULL);
  g_autofree char *contents = NULL;
  guint64 index_at, data_at;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  /* Part 0's description (header byte 72): its index and data offsets. */
  index_at = GUINT64_FROM_LE (*(guint64 *) (void *) (contents + 72 + 24));
  data_at = GUINT64_FROM_LE (*(guint64 *) (void *) (contents + 72 + 32));
  put_le64 (contents + (in_index ? index_at : 0) + field, value);
  put_le64 (contents + 72 + 72, _dr_egdb_file_checksum ((guint8 *) contents + index_at, data_at - index_at));
  put_le64 (contents + 232, _dr_egdb_file_checksum ((guint8 *) contents, 232));
  g_assert_true (g_file_set_contents (path, contents, (gssize) length, NULL));
  expect_refused (dir, "russian", words);
  test_remove_tree (dir), g_free (dir);
}

static void
test_wrapping_offsets (void)
{
  guint64 n_blocks;
  {
    g_autoptr (DrEgdb) db = open_tables ("russian", 2);
    g_autofree char *path = g_build_filename (tables.dir, "russian", "k-k.egdb", NULL);
    g_autofree char *contents = NULL;

    g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
    n_blocks = GUINT32_FROM_LE (*(guint32 *) (void *) (contents + 72 + 16));
  }
  /* The end of the last block (format 2: a 4-byte offset after the
   * code's 48 lengths), past the end of the file. */
  expect_wrap_refused (EGDB_HUFF_LENGTHS + 4 * n_blocks, TRUE, G_MAXUINT32, "blocks run past the end");
  /* The index offset: 2^64 - 8 plus the index's length wraps below the
   * data offset. */
  expect_wrap_refused (72 + 24, FALSE, G_MAXUINT64 - 7, "does not fit");
}

/* Resume ------------------------------------------------------------------- */

typedef struct
{
  GCancellable *cancellable;
  int           done;
  int           skipped;
  int           stop_after;
} ResumeState;

static void
resume_progress_cb (const DrEgdbProgress *p,
                    gpointer              user_data)
{
  ResumeState *s = user_data;

  if (g_str_equal (p->stage, "skip"))
    s->skipped++;
  else if (g_str_equal (p->stage, "done"))
    s->done++;
  /* Cancelled in the middle of the next slice's first pass. */
  if (s->stop_after > 0 && s->done == s->stop_after && g_str_equal (p->stage, "init") && p->done > 0)
    g_cancellable_cancel (s->cancellable);
}

static void
test_resume (void)
{
  const DrRules *rules = dr_rules_from_name ("english");
  g_autofree char *dir = g_dir_make_tmp ("egdb-resume-XXXXXX", NULL);
  DrEgdbBuildOptions options = { rules, dir, 3, NULL, 1 };
  ResumeState s = { g_cancellable_new (), 0, 0, 5 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) plan = dr_egdb_plan (rules, 3, NULL);
  g_autoptr (DrEgdb) resumed = NULL;
  g_autoptr (DrEgdb) reference = open_tables ("english", 3);
  g_autoptr (GPtrArray) listed = NULL;

  g_assert_false (dr_egdb_build (&options, resume_progress_cb, &s, s.cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpint (s.done, ==, 5);
  /* The five finished slices are there, and nothing else (no half file). */
  listed = dr_egdb_list (dir, rules, NULL);
  g_assert_cmpuint (listed->len, ==, 5);
  {
    g_autofree char *sub = g_build_filename (dir, "english", NULL);
    GDir *d = g_dir_open (sub, 0, NULL);
    int files = 0;
    while (g_dir_read_name (d) != NULL)
      files++;
    g_dir_close (d);
    /* Each slice's win/draw/loss file and distance file. */
    g_assert_cmpint (files, ==, 2 * 5);
  }

  g_object_unref (s.cancellable);
  s = (ResumeState) { NULL, 0, 0, 0 };
  g_assert_true (dr_egdb_build (&options, resume_progress_cb, &s, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (s.skipped, ==, 5);
  g_assert_cmpint (s.done, ==, (int) plan->len - 5);

  /* The same tables as a build in one go: the same data, byte for byte
   * after the header (which holds the build time). */
  resumed = dr_egdb_open (rules, dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (resumed->tables->len, ==, plan->len);
  for (guint i = 0; i < resumed->tables->len; i++)
    {
      EgdbTable *a = g_ptr_array_index (resumed->tables, i);
      EgdbTable *b = g_ptr_array_index (reference->tables, i);
      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpuint (a->checksum, ==, b->checksum);
      g_assert_cmpuint (a->file_size, ==, b->file_size);
      g_assert_cmpuint (a->dist->checksum, ==, b->dist->checksum);
      g_assert_cmpuint (a->dist->file_size, ==, b->dist->file_size);
    }
  test_remove_tree (dir);
}

/* The first pass on several threads gives the same tables as on one. */
static void
test_build_threads (void)
{
  const DrRules *rules = dr_rules_from_name ("russian");
  g_autofree char *one_dir = g_dir_make_tmp ("egdb-threads-XXXXXX", NULL);
  g_autofree char *four_dir = g_dir_make_tmp ("egdb-threads-XXXXXX", NULL);
  DrEgdbBuildOptions one = { rules, one_dir, 3, NULL, 1 };
  DrEgdbBuildOptions four = { rules, four_dir, 3, NULL, 4 };
  g_autoptr (GError) error = NULL;
  g_autoptr (DrEgdb) a = NULL;
  g_autoptr (DrEgdb) b = NULL;

  g_assert_true (dr_egdb_build (&one, NULL, NULL, NULL, &error));
  g_assert_true (dr_egdb_build (&four, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  a = dr_egdb_open (rules, one_dir, &error);
  b = dr_egdb_open (rules, four_dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (a->tables->len, ==, 9);
  g_assert_cmpuint (b->tables->len, ==, a->tables->len);
  for (guint i = 0; i < a->tables->len; i++)
    g_assert_cmpuint (((EgdbTable *) g_ptr_array_index (a->tables, i))->checksum, ==,
                      ((EgdbTable *) g_ptr_array_index (b->tables, i))->checksum);
  test_remove_tree (one_dir);
  test_remove_tree (four_dir);
}

/* Count rules -------------------------------------------------------------- */

static void
test_count_rules (void)
{
  g_autoptr (DrEgdb) russian = open_tables ("russian", 4);
  const DrRules *rules = dr_rules_from_name ("international");
  EgdbMaterial m;
  guint64 remarks = 0, wins = 0;
  DrPosition pos;
  DrEgdbProbe probe;
  g_autoptr (GError) error = NULL;

  /* The material says which rule may apply, with its limit in moves. */
  pos = fen ("russian", "W:WKc1,Ke1,Kg1:BKb8");
  g_assert_cmpint (dr_egdb_count_limit (dr_rules_from_name ("russian"), &pos), ==, 15);   /* 004 1.9.1.3 */
  pos = fen ("international", "W:WK46,K50:BK5");
  g_assert_cmpint (dr_egdb_count_limit (rules, &pos), ==, 5);                              /* 003 5.3.3 */
  pos = fen ("english", "W:WK14,K18:BK5");
  g_assert_cmpint (dr_egdb_count_limit (dr_rules_from_name ("english"), &pos), ==, 40);    /* 000 1.32.3 */

  /* The remark follows the table's line with the variant's own draw
   * rules (dr_draw_rule_holds).  Russian rules with 004 1.9.1.3 cut to
   * five moves: Petrov's triangle needs more, and the remark says the
   * count ends the game at White's fifth move. */
  {
    static const DrDrawRule short_count[] = {
      { .kind = DR_DRAW_ENDGAME, .limit = 5, .strong_min = 3, .strong_max = 20, .strong_min_kings = 3,
        .strong_kings_only = true, .weak_pieces = 1, .weak_kings_only = true, .article = "004 1.9.1.3 (5)" },
    };
    DrRules shorter = *dr_rules_from_name ("russian");
    g_autoptr (DrEgdb) short_db = NULL;

    shorter.draw_rules = short_count;
    shorter.n_draw_rules = 1;
    short_db = dr_egdb_open (&shorter, tables.dir, &error);
    g_assert_no_error (error);
    pos = fen ("russian", "W:WKa3,Kb2,Kc1:BKd8");
    g_assert_cmpint (dr_egdb_count_limit (&shorter, &pos), ==, 5);
    g_assert_true (dr_egdb_probe (short_db, &pos, &probe, &error));
    g_assert_cmpint (probe.value, ==, DR_EGDB_WIN);
    g_assert_cmpint (probe.moves, >, 5);
    g_assert_nonnull (probe.count_rule);
    g_assert_cmpstr (probe.count_rule->article, ==, "004 1.9.1.3 (5)");
    g_assert_cmpint (probe.count_rule_move, ==, 5);
    /* The losing side's view: the same rule, at its own fifth move. */
    pos = fen ("russian", "B:WKa3,Kb2,Kc1:BKh4");
    g_assert_true (dr_egdb_probe (short_db, &pos, &probe, &error));
    g_assert_cmpint (probe.value, ==, DR_EGDB_LOSS);
    g_assert_nonnull (probe.count_rule);
    /* No win in five moves or fewer has the remark; a longer one has it
     * unless the table's line leaves the balance first (a king given up
     * for a shot): then the count stops. */
    g_assert_true (_dr_egdb_parse_slice ("kkk-k", &m));
    for (guint64 i = 0; i < _dr_egdb_part_size (&russian->board, m); i += 3)
      {
        if (!_dr_egdb_unindex (&russian->board, m, i, &pos)
            || !dr_egdb_probe (short_db, &pos, &probe, &error) || probe.value != DR_EGDB_WIN)
          continue;
        wins++;
        if (probe.count_rule != NULL)
          {
            remarks++;
            g_assert_cmpint (probe.moves, >, 5);
            g_assert_cmpint (probe.count_rule_move, ==, 5);
          }
        else if (probe.moves > 5)
          {
            /* Along the line a piece is taken within five moves. */
            DrPosition cur = pos;
            DrEgdbProbe step = probe;
            int pieces = dr_bb_count (dr_position_occupied (&pos));
            gboolean taken = FALSE;

            for (int ply = 0; ply < 10 && step.has_best && !taken; ply++)
              {
                dr_position_apply (&cur, &cur, &step.best);
                taken = dr_bb_count (dr_position_occupied (&cur)) < pieces;
                g_assert_true (dr_egdb_probe (short_db, &cur, &step, &error));
              }
            g_assert_true (taken);
          }
      }
    g_test_message ("russian kkk-k, 5-move count: %" G_GUINT64_FORMAT " wins, %" G_GUINT64_FORMAT
                    " with the remark", wins, remarks);
    g_assert_cmpuint (remarks, >, 0);
    g_assert_cmpuint (remarks, <, wins);
  }

  /* With the real rules, three kings against one win within the 15
   * moves of 004 1.9.1.3 (Petrov's triangle): no remark. */
  pos = fen ("russian", "W:WKa3,Kb2,Kc1:BKd8");
  g_assert_true (dr_egdb_probe (russian, &pos, &probe, &error));
  g_assert_cmpint (probe.value, ==, DR_EGDB_WIN);
  g_assert_cmpint (probe.moves, <=, 15);
  g_assert_null (probe.count_rule);
}

/* Classical endgames ------------------------------------------------------- */

/* Russian draughts, three kings against one (004 1.9.1.3, 1.9.1.5): the
 * lone king that holds the main road (a1-h8) draws, but for shots (a
 * king given up, won within five moves); off it, the three kings win
 * (Petrov's triangle) when they are to move and nothing hangs. */
static void
test_russian_three_kings (void)
{
  const DrRules *rules = dr_rules_from_name ("russian");
  g_autoptr (DrEgdb) db = open_tables ("russian", 4);
  DrBitboard road = dr_draw_main_road (rules);
  EgdbMaterial m = { 0, 3, 0, 1 };
  guint64 on_road = 0, on_road_draws = 0, off_road = 0, off_road_wins = 0;
  DrPosition pos;
  DrEgdbProbe probe;
  g_autoptr (GError) error = NULL;

  /* The textbook positions. */
  pos = fen ("russian", "W:WKc1,Ke1,Kg1:BKh8");
  g_assert_true (dr_egdb_probe (db, &pos, &probe, &error));
  g_assert_cmpint (probe.value, ==, DR_EGDB_DRAW);
  pos = fen ("russian", "W:WKc1,Ke1,Kg1:BKb8");
  g_assert_true (dr_egdb_probe (db, &pos, &probe, &error));
  g_assert_cmpint (probe.value, ==, DR_EGDB_WIN);

  /* All of them, White (three kings) to move, none of White's kings on
   * the main road and none attacked (no shot for the lone king next). */
  for (guint64 i = 0; i < _dr_egdb_part_size (&db->board, m); i++)
    {
      DrPosition after;
      int plies;
      DrEgdbValue v;

      if (!_dr_egdb_unindex (&db->board, m, i, &pos) || (pos.pieces[0] & road) != 0
          || dr_movegen_has_capture (rules, &pos))
        continue;
      after = pos;
      after.turn = DR_SIDE_BLACK;
      if (dr_movegen_has_capture (rules, &after))
        continue;
      v = dr_egdb_probe_quiet (db, &pos, &plies);
      if (pos.pieces[1] & road)
        {
          on_road++;
          on_road_draws += v == DR_EGDB_DRAW;
          /* The exceptions are shots: a king given up to draw the lone
           * king off the road, won within five moves. */
          if (v != DR_EGDB_DRAW)
            {
              g_assert_cmpint (v, ==, DR_EGDB_WIN);
              g_assert_cmpint (plies, <=, 9);
            }
        }
      else
        {
          off_road++;
          off_road_wins += v == DR_EGDB_WIN;
        }
    }
  g_test_message ("on the road: %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT " draws; off: %" G_GUINT64_FORMAT
                  "/%" G_GUINT64_FORMAT " wins", on_road_draws, on_road, off_road_wins, off_road);
  g_assert_cmpuint (on_road_draws, >, on_road * 95 / 100);
  g_assert_cmpuint (off_road_wins, ==, off_road);
}

/* English checkers, "First Position": two kings (here a king and a man
 * that crowns) against a king and a man in the double corner, the side
 * with the move wins (ACF, standard positions, "Winning 1st position":
 * White K15, 20 against Red K28, 12, White to move).  Without the move it
 * is a draw. */
static void
test_english_first_position (void)
{
  g_autoptr (DrEgdb) db = open_tables ("english", 4);
  DrPosition pos;
  DrEgdbProbe probe;
  g_autoptr (GError) error = NULL;

  pos = fen ("english", "W:WK15,20:BK28,12");
  g_assert_true (dr_egdb_probe (db, &pos, &probe, &error));
  g_assert_no_error (error);
  g_assert_cmpint (probe.value, ==, DR_EGDB_WIN);
  g_test_message ("first position: win in %d", probe.moves);
  g_assert_cmpint (probe.moves, >, 10);
  /* The table's line: the probe's best move first, each move keeping the
   * value one ply shorter, to the end of the game. */
  {
    DrMove line[200];
    int n = dr_egdb_line (db, &pos, line, G_N_ELEMENTS (line));
    DrPosition cur = pos;
    g_autofree DrMoveList *legal = g_new0 (DrMoveList, 1);

    g_assert_cmpint (n, ==, probe.plies);
    g_assert_cmpint (line[0].from, ==, probe.best.from);
    g_assert_cmpint (line[0].to, ==, probe.best.to);
    for (int i = 0; i < n; i++)
      {
        DrEgdbProbe step;

        g_assert_true (dr_egdb_probe (db, &cur, &step, NULL));
        g_assert_cmpint (step.plies, ==, probe.plies - i);
        g_assert_cmpint (step.value, ==, i % 2 == 0 ? DR_EGDB_WIN : DR_EGDB_LOSS);
        dr_position_apply (&cur, &cur, &line[i]);
      }
    dr_movegen_legal (dr_rules_from_name ("english"), &cur, legal);
    g_assert_cmpuint (legal->n, ==, 0);
    g_assert_cmpint (dr_egdb_line (db, &pos, line, 3), ==, 3);
  }

  /* Bob Newell's "first position without": Black to play and win,
   * B:W22,K5:BK15,K6. */
  pos = fen ("english", "B:W22,K5:BK15,K6");
  g_assert_true (dr_egdb_probe (db, &pos, &probe, &error));
  g_assert_cmpint (probe.value, ==, DR_EGDB_WIN);

  /* One piece beyond the tables with a capture to make: worked out from
   * the position after it (15x24 is the only move). */
  {
    DrEgdbProbe after;
    DrPosition child = fen ("english", "B:WK24,20:BK28,12");

    pos = fen ("english", "W:WK15,20:BK28,12,19");
    g_assert_true (dr_egdb_probe (db, &pos, &probe, &error));
    g_assert_no_error (error);
    g_assert_true (dr_egdb_probe (db, &child, &after, &error));
    g_assert_cmpint (after.value, !=, DR_EGDB_DRAW);
    g_assert_cmpint (probe.value, ==, after.value == DR_EGDB_WIN ? DR_EGDB_LOSS : DR_EGDB_WIN);
    g_assert_cmpint (probe.plies, ==, after.plies + 1);
    g_assert_true (probe.has_best);
    g_assert_cmpuint (probe.best.captures, !=, 0);
  }

  /* Two kings against one in the double corner: a win (000 1.30). */
  pos = fen ("english", "W:WK18,K19:BK28");
  g_assert_true (dr_egdb_probe (db, &pos, &probe, &error));
  g_assert_cmpint (probe.value, ==, DR_EGDB_WIN);
  /* One king against one: a draw, unless one is trapped. */
  pos = fen ("english", "W:WK18:BK28");
  g_assert_true (dr_egdb_probe (db, &pos, &probe, &error));
  g_assert_cmpint (probe.value, ==, DR_EGDB_DRAW);
}

/* Plan ---------------------------------------------------------------------- */

static void
test_plan (void)
{
  const DrRules *rules = dr_rules_from_name ("russian");
  g_autoptr (GPtrArray) plan = dr_egdb_plan (rules, 5, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) deps = NULL;

  /* Every slice of 2-5 pieces, each side at least one piece: a side of
   * a pieces is one of a + 1 (men, kings) pairs, so n pieces make
   * sum (a + 1)(n - a + 1) ordered pairs of sides, a = 1 .. n - 1, counted
   * once for both orders: 3, 6, 14 and 22 slices. */
  g_assert_cmpuint (plan->len, ==, 3 + 6 + 14 + 22);
  for (guint i = 0; i < plan->len; i++)
    {
      g_autoptr (GPtrArray) d = dr_egdb_slice_depends (rules, g_ptr_array_index (plan, i), &error);
      g_assert_no_error (error);
      for (guint j = 0; j < d->len; j++)
        {
          guint at;
          g_assert_true (g_ptr_array_find_with_equal_func (plan, g_ptr_array_index (d, j), g_str_equal, &at));
          g_assert_cmpuint (at, <, i);
        }
    }
  /* A man against a king: it is crowned (k-k) or either piece is taken
   * (no slice). */
  deps = dr_egdb_slice_depends (rules, "m-k", &error);
  g_assert_cmpuint (deps->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (deps, 0), ==, "k-k");
  g_assert_null (dr_egdb_plan (dr_rules_from_name ("turkish"), 3, &error));
  g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_VARIANT);
  g_clear_error (&error);

  /* What a build goes through is what the files index (the application
   * estimates time and disk from it). */
  {
    g_autoptr (DrEgdb) db = open_tables ("russian", 3);
    g_autoptr (GPtrArray) infos = dr_egdb_get_tables (db);

    for (guint i = 0; i < infos->len; i++)
      {
        DrEgdbTableInfo *t = g_ptr_array_index (infos, i);
        g_assert_cmpuint (dr_egdb_slice_positions (rules, t->slice, &error), ==, t->positions);
        g_assert_no_error (error);
      }
    /* k-k: 32 * 31 placements, either side to move. */
    g_assert_cmpuint (dr_egdb_slice_positions (rules, "k-k", NULL), ==, 2 * 32 * 31);
    g_assert_cmpuint (dr_egdb_slice_positions (rules, "x-k", &error), ==, 0);
    g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_ARGUMENT);
  }
}

/* The command line ----------------------------------------------------------- */

static char *
run_cli (const char *input,
         const char *first,
         ...)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  va_list ap;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (gpointer) cli);
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  process = g_subprocess_newv ((const char * const *) args->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDIN_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, input, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (process));
  return out;
}

/* draughtsman-cli @argv: its exit status, its standard output and error. */
static int
run_cli_status (const char * const *argv,
                char              **out,
                char              **err)
{
  const char *cli = g_getenv ("DRAUGHTSMAN_CLI");
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (cli);
  g_ptr_array_add (args, (gpointer) cli);
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) argv[i]);
  g_ptr_array_add (args, NULL);
  process = g_subprocess_newv ((const char * const *) args->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, out, err, &error));
  g_assert_no_error (error);
  return g_subprocess_get_exit_status (process);
}

/* A probe whose best move leads into a damaged block says the table is
 * damaged and gives no answer (issue 25: it gave the right value with
 * "bestmove (none)" and exit 0), in the library and in the command line;
 * egdb info lists a refused file in its place, without a row of zeros. */
static void
test_damaged_probe (void)
{
  const DrRules *rules = dr_rules_from_name ("english");
  g_autoptr (DrEgdb) good = open_tables ("english", 3);
  g_autoptr (DrEgdb) db = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = copy_tables ("english", 3);
  g_autofree char *words = NULL;
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const EgdbPart *part, *other;
  DrPosition pos = { 0 }, child;
  DrEgdbProbe probe;
  EgdbMaterial m;
  guint64 block = 0, length;
  bool found = false;

  g_assert_true (_dr_egdb_parse_slice ("kk-k", &m));
  part = good->lookup[m.m0][m.k0][m.m1][m.k1];
  other = good->lookup[m.m1][m.k1][m.m0][m.k0];
  g_assert_true (other == part + 1);
  /* The first win of two kings against one whose best move leads to a
   * position without a capture: its value is in the other part. */
  for (guint64 i = 0; i < part->n_values && !found; i++)
    {
      if (!_dr_egdb_unindex (&good->board, m, i, &pos) || dr_movegen_has_capture (rules, &pos)
          || !dr_egdb_probe (good, &pos, &probe, NULL) || probe.value != DR_EGDB_WIN
          || !probe.has_best)
        continue;
      dr_position_apply (&child, &pos, &probe.best);
      if (dr_bb_count (dr_position_occupied (&child)) != 3 || dr_movegen_has_capture (rules, &child))
        continue;
      block = _dr_egdb_index (&good->board, &child) / EGDB_BLOCK;
      found = true;
    }
  g_assert_true (found);
  {
    guint64 at;
    _dr_egdb_block_span (other, block, &at, &length);
    g_assert_cmpuint (length, >, 1);
    damage (dir, "english", "kk-k.egdb", -1, (gssize) at);
  }

  db = dr_egdb_open (rules, dir, &error);
  g_assert_no_error (error);
  g_assert_false (dr_egdb_probe (db, &pos, &probe, &error));
  g_assert_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT);
  words = g_strdup_printf ("kk-k.egdb is damaged: block %u of part 1 ", (unsigned) block);
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” does not say “%s”", error->message, words);

  /* The command line: a non-zero exit and the message. */
  text = dr_fen_write (rules, &pos, rules->notation);
  {
    const char *argv[] = { "egdb", "probe", "--variant", "english", "--dir", dir, "--fen", text, NULL };

    g_assert_cmpint (run_cli_status (argv, &out, &err), !=, 0);
    g_assert_null (strstr (out, "bestmove"));
    if (strstr (err, words) == NULL)
      g_error ("“%s” does not say “%s”", err, words);
  }

  /* A file refused when opened: listed as damaged among the 2-piece
   * slices, the totals of each size as they were, a non-zero exit. */
  damage (dir, "english", "k-k.egdb", -1, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *argv[] = { "egdb", "info", "--variant", "english", "--dir", dir, NULL };
    g_auto (GStrv) lines = NULL;
    int totals = 0;

    g_assert_cmpint (run_cli_status (argv, &out, &err), !=, 0);
    lines = g_strsplit (out, "\n", -1);
    g_assert_true (g_str_has_prefix (lines[1], "english          k-k        damaged: "));
    for (guint i = 0; lines[i] != NULL; i++)
      {
        char variant[32], slice[32];
        int pieces;
        guint64 positions;

        if (sscanf (lines[i], "%31s %31s %d %" G_GUINT64_FORMAT, variant, slice, &pieces, &positions) == 4
            && g_str_equal (slice, "all"))
          {
            totals++;
            g_assert_cmpint (pieces, ==, totals + 1);
            g_assert_cmpuint (positions, >, 0);
          }
      }
    g_assert_cmpint (totals, >=, 2);
    g_assert_nonnull (strstr (err, "magic"));
  }
  test_remove_tree (dir);
}

/* probe, analyse and hub through draughtsman-cli, with the tables. */
static void
test_cli (void)
{
  g_autoptr (DrEgdb) db = open_tables ("english", 4);
  g_autofree char *probe = run_cli (NULL, "egdb", "probe", "--variant", "english", "--dir", tables.dir,
                                    "--fen", "W:WK15,20:BK28,12", NULL);
  g_autofree char *analyse = run_cli (NULL, "analyse", "--variant", "english", "--fen", "W:WK15,20:BK28,12",
                                      "--depth", "3", "--egdb-dir", tables.dir, NULL);
  g_autofree char *without = run_cli (NULL, "analyse", "--variant", "english", "--fen", "W:WK15,20:BK28,12",
                                      "--depth", "3", "--egdb-dir", "", NULL);
  g_autofree char *hub_input = g_strdup_printf ("hub\nset-param name=variant value=english\n"
                                                "set-param name=egdb-dir value=\"%s\"\ninit\n"
                                                "pos pos=Wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww\nlevel depth=3\n"
                                                "quit\n", tables.dir);
  g_autofree char *hub = NULL;
  DrPosition pos = fen ("english", "W:WK15,20:BK28,12");
  DrEgdbProbe p;
  g_autofree char *expected = NULL;

  g_assert_true (dr_egdb_probe (db, &pos, &p, NULL));
  expected = g_strdup_printf ("value win in %d (%d plies)\n", p.moves, p.plies);
  g_assert_true (g_str_has_prefix (probe, expected));
  g_assert_nonnull (strstr (probe, "bestmove "));
  g_free (expected);
  expected = g_strdup_printf (" score win in %d (db) ", p.moves);
  g_assert_nonnull (strstr (analyse, expected));
  g_assert_null (strstr (without, "(db)"));
  g_assert_null (strstr (without, "win in"));
  hub = run_cli (hub_input, "hub", NULL);
  g_assert_nonnull (strstr (hub, "param name=egdb-dir "));
  g_assert_nonnull (strstr (hub, "ready"));
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tables.dir = g_dir_make_tmp ("egdb-test-XXXXXX", NULL);
  g_test_add_func ("/egdb/index/roundtrip", test_index_roundtrip);
  g_test_add_func ("/egdb/count/published", test_count_published);
  g_test_add_func ("/egdb/values/english", test_values_english);
  g_test_add_func ("/egdb/values/russian", test_values_russian);
  g_test_add_func ("/egdb/values/giveaway", test_values_giveaway);
  g_test_add_func ("/egdb/values/other-variants", test_values_international);
  g_test_add_func ("/egdb/verify/all", test_verify);
  g_test_add_func ("/egdb/verify/catches", test_verify_catches);
  g_test_add_func ("/egdb/files/corrupt", test_corrupt_files);
  g_test_add_func ("/egdb/files/damaged-probe", test_damaged_probe);
  g_test_add_func ("/egdb/files/wrapping-offsets", test_wrapping_offsets);
  g_test_add_func ("/egdb/build/resume", test_resume);
  g_test_add_func ("/egdb/build/threads", test_build_threads);
  g_test_add_func ("/egdb/count-rules", test_count_rules);
  g_test_add_func ("/egdb/classical/russian-three-kings", test_russian_three_kings);
  g_test_add_func ("/egdb/classical/english-first-position", test_english_first_position);
  g_test_add_func ("/egdb/plan", test_plan);
  g_test_add_func ("/egdb/cli", test_cli);
  status = g_test_run ();
  test_remove_tree (tables.dir);
  g_free (tables.dir);
  return status;
}
