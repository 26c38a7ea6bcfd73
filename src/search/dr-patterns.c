/* dr-patterns.c — the learned part of the evaluation: men patterns
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See dr-patterns.h for what is evaluated and the file format.  A
 * window's 8 squares are kept in bit order; on the diagonal boards a
 * window holds two neighbouring squares of each of its four ranks, which
 * are neighbouring bits (dr-geometry.h), so a window's men are gathered
 * with four shifts, and the base-3 pattern number comes from two table
 * look-ups.  Turning the board half a turn maps a window's squares, in bit
 * order, onto the turned window's squares in reverse bit order, so the
 * Black view's pattern is read from the same gathered bits through a
 * reversed table.  Both facts are checked when the windows are set up: a
 * board without them has no patterns.
 */

#include "config.h"

#include "dr-patterns.h"

#include "dr-bytes.h"

#include "dr-bitboard.h"
#include "dr-geometry.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <string.h>

#define HEADER_SIZE 48
/* The part of the header the checksum covers with the weights: magic,
 * version, GameType and windows; version 4 adds the shape (4 bytes). */
#define HEADER_SIGNED 16
#define HEADER_SHAPE 4
static const guint8 magic[8] = { 'D', 'R', 'P', 'A', 'T', 0, 0, 3 };
/* Version 2: the same without the global terms. */
#define VERSION_NO_GLOBAL 2
/* Version 4: version 3 with the window shape after the windows. */
#define VERSION_SHAPE 4

typedef struct
{
  const char *name;
  int         ranks, files;         /* a window's size, in squares of the board */
  int         rank_step, file_step; /* between neighbouring windows */
  gboolean    paired;               /* one table for a window and its turned twin */
} Shape;

static const Shape shapes[DR_PATTERNS_N_SHAPES] = {
  [DR_PATTERNS_SHAPE_4X4] = { "4x4", 4, 4, 2, 2, FALSE },
  [DR_PATTERNS_SHAPE_6X4] = { "6x4", 6, 4, 4, 2, TRUE },
  [DR_PATTERNS_SHAPE_4X6] = { "4x6", 4, 6, 2, 4, TRUE },
};

struct _DrPatterns
{
  const DrRules *rules;
  DrPatternsShape shape;
  int            n_windows;                          /* windows on the board */
  int            n_tables;                           /* weight tables (dr_patterns_n_windows ()) */
  int            n_squares;                          /* playing squares a window */
  guint32        size;                               /* 3^n_squares */
  int            turned[DR_PATTERNS_MAX_WINDOWS];    /* the window turned half a turn */
  int            table_window[DR_PATTERNS_MAX_WINDOWS];  /* a table's window, White's view */
  int            table_turned[DR_PATTERNS_MAX_WINDOWS];  /* and the one read for Black's */
  /* Other shapes than 4x4: a window's men are gathered rank by rank,
   * rank r's squares at bits base[w] + rank_offset[r] and up. */
  int            base[DR_PATTERNS_MAX_WINDOWS];
  int            rank_offset[8];
  int            per_rank;
  int            n_start;                            /* pieces at the start */
  guint32       *base3;                              /* bits -> sum of 3^i */
  guint32       *base3_reversed;                     /* bits -> sum of 3^(n_squares - 1 - i) */
  gint16        *weights;                            /* [window][pattern][set], then [global][set] */
  gint16        *global;                             /* in weights, after the windows' */
  /* For the global terms, by side (0 White): */
  DrBitboard     rank_mask[2][12];                   /* the squares of each rank from the side's own back rank */
  DrBitboard     left;                               /* the files of the board's left half */
  int            height;
  gboolean       has_global;                         /* a global weight is not 0 */
};

G_DEFINE_QUARK (dr-patterns-error-quark, dr_patterns_error)

/* Sets up the windows of @shape on @self's board; FALSE if the board
 * does not have the layout the fast gathering needs. */
static gboolean
setup_windows (DrPatterns     *self,
               const DrRules  *rules,
               DrPatternsShape shape)
{
  const DrGeometry *g = rules->geometry;
  const Shape *sh;
  int squares[DR_PATTERNS_MAX_WINDOWS][DR_PATTERNS_MAX_SQUARES];
  int origin[DR_PATTERNS_MAX_WINDOWS][2];
  int n = 0, k_max;

  if ((int) shape < 0 || shape >= DR_PATTERNS_N_SHAPES)
    return FALSE;
  sh = &shapes[shape];
  k_max = sh->ranks * sh->files / 2;
  /* The tower games: the patterns would see the tops only (dr-eval.c
   * weighs the towers). */
  if (g->all_squares || rules->giveaway || rules->towers)
    return FALSE;
  if ((g->width != 8 && g->width != 10) || g->height != g->width)
    return FALSE;
  /* The windows must reach the far edges. */
  if (sh->ranks > g->height || sh->files > g->width
      || (g->height - sh->ranks) % sh->rank_step != 0 || (g->width - sh->files) % sh->file_step != 0)
    return FALSE;
  for (int row0 = 0; row0 + sh->ranks <= g->height; row0 += sh->rank_step)
    for (int file0 = 0; file0 + sh->files <= g->width; file0 += sh->file_step)
      {
        int k = 0;

        if (n == DR_PATTERNS_MAX_WINDOWS)
          return FALSE;
        for (int row = row0; row < row0 + sh->ranks; row++)
          for (int file = file0; file < file0 + sh->files; file++)
            {
              int bit = dr_geometry_bit_at (g, row, file);

              if (bit < 0)
                continue;
              if (k == k_max)
                return FALSE;
              squares[n][k++] = bit;
            }
        if (k != k_max)
          return FALSE;
        /* Bit order. */
        for (int i = 1; i < k; i++)
          for (int j = i; j > 0 && squares[n][j - 1] > squares[n][j]; j--)
            {
              int t = squares[n][j];

              squares[n][j] = squares[n][j - 1];
              squares[n][j - 1] = t;
            }
        origin[n][0] = row0;
        origin[n][1] = file0;
        n++;
      }
  self->shape = shape;
  self->n_windows = n;
  self->n_squares = k_max;
  self->per_rank = sh->files / 2;

  /* Each rank's squares are neighbouring bits, at the same offsets from
   * the window's first square in every window. */
  for (int w = 0; w < n; w++)
    for (int r = 0; r < sh->ranks; r++)
      {
        int first = squares[w][r * self->per_rank];

        for (int i = 1; i < self->per_rank; i++)
          if (squares[w][r * self->per_rank + i] != first + i)
            return FALSE;
        if (w == 0)
          self->rank_offset[r] = first - squares[0][0];
        else if (first - squares[w][0] != self->rank_offset[r])
          return FALSE;
        self->base[w] = squares[w][0];
      }

  /* The 4x4 layout gather_board () reads: windows band by band (two pairs
   * of ranks), each band's windows one bit apart, and the same spacing of
   * a window's four pairs everywhere (half + 1, period, period + half + 1). */
  if (shape == DR_PATTERNS_SHAPE_4X4)
    {
      if (g->period != (g->width == 10 ? 13 : 11))
        return FALSE;
      for (int w = 0; w < n; w++)
        {
          int band = w / (g->width / 2 - 1), c = w % (g->width / 2 - 1);
          int base = band * g->period + c;
          int expected[4] = { base, base + g->half + 1, base + g->period, base + g->period + g->half + 1 };

          for (int r = 0; r < 4; r++)
            if (squares[w][2 * r] != expected[r])
              return FALSE;
        }
    }

  /* The turned windows, and the reversed order of their squares. */
  for (int w = 0; w < n; w++)
    {
      int row0 = g->height - sh->ranks - origin[w][0], file0 = g->width - sh->files - origin[w][1];

      self->turned[w] = -1;
      for (int v = 0; v < n; v++)
        if (origin[v][0] == row0 && origin[v][1] == file0)
          self->turned[w] = v;
      if (self->turned[w] < 0)
        return FALSE;
      for (int i = 0; i < k_max; i++)
        {
          int row, file;

          dr_geometry_row_file (g, squares[w][i], &row, &file);
          if (dr_geometry_bit_at (g, g->height - 1 - row, g->width - 1 - file)
              != squares[self->turned[w]][k_max - 1 - i])
            return FALSE;
        }
    }

  /* The tables.  A window w and its turned twin t with tables of their
   * own score W_w[own_w] - W_w[flip_w] + W_t[own_t] - W_t[flip_t]; the
   * first two terms already weigh any pattern of both windows (flip_w
   * is t's from Black's view), so paired shapes keep those only: half the
   * weights and half the look-ups for the same model. */
  self->n_tables = 0;
  for (int w = 0; w < n; w++)
    if (!sh->paired || w <= self->turned[w])
      {
        self->table_window[self->n_tables] = w;
        self->table_turned[self->n_tables] = self->turned[w];
        self->n_tables++;
      }
  return TRUE;
}

gboolean
dr_patterns_shape_supported (const DrRules  *rules,
                             DrPatternsShape shape)
{
  DrPatterns probe;

  return setup_windows (&probe, rules, shape);
}

const char *
dr_patterns_shape_name (DrPatternsShape shape)
{
  return (int) shape >= 0 && shape < DR_PATTERNS_N_SHAPES ? shapes[shape].name : NULL;
}

gboolean
dr_patterns_shape_from_name (const char      *name,
                             DrPatternsShape *shape)
{
  for (int i = 0; i < DR_PATTERNS_N_SHAPES; i++)
    if (g_strcmp0 (name, shapes[i].name) == 0)
      {
        *shape = (DrPatternsShape) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
dr_patterns_supported (const DrRules *rules)
{
  return dr_patterns_shape_supported (rules, DR_PATTERNS_SHAPE_4X4);
}

DrPatterns *
dr_patterns_new (const DrRules *rules)
{
  return dr_patterns_new_shape (rules, DR_PATTERNS_SHAPE_4X4);
}

DrPatterns *
dr_patterns_new_shape (const DrRules  *rules,
                       DrPatternsShape shape)
{
  DrPatterns *self = g_new0 (DrPatterns, 1);
  const DrGeometry *g = rules->geometry;
  guint32 n_bits;

  if (!setup_windows (self, rules, shape))
    g_error ("dr_patterns_new_shape: no %s patterns for %s", dr_patterns_shape_name (shape), rules->name);
  self->rules = rules;
  self->n_start = 2 * (g->height / 2 - 1) * (g->width / 2);
  self->size = 1;
  for (int i = 0; i < self->n_squares; i++)
    self->size *= 3;
  n_bits = 1u << self->n_squares;
  self->base3 = g_new (guint32, n_bits);
  self->base3_reversed = g_new (guint32, n_bits);
  for (guint32 v = 0; v < n_bits; v++)
    {
      guint32 sum = 0, reversed = 0, power = 1;

      for (int i = 0; i < self->n_squares; i++, power *= 3)
        if (v & (1u << i))
          sum += power;
      power = 1;
      for (int i = self->n_squares - 1; i >= 0; i--, power *= 3)
        if (v & (1u << i))
          reversed += power;
      self->base3[v] = sum;
      self->base3_reversed[v] = reversed;
    }
  self->weights = g_new0 (gint16, (gsize) self->n_tables * 2 * self->size + 2 * DR_PATTERNS_N_GLOBAL);
  self->global = self->weights + (gsize) self->n_tables * 2 * self->size;
  self->height = g->height;
  for (int row = 0; row < g->height; row++)
    {
      /* Internal row 0 is White's crowning rank. */
      self->rank_mask[0][g->height - 1 - row] = dr_geometry_row_mask (g, row);
      self->rank_mask[1][row] = dr_geometry_row_mask (g, row);
    }
  for (DrBitboard b = g->squares; b != 0; b = dr_bb_rest (b))
    {
      int sq = dr_bb_first (b), row, file;

      dr_geometry_row_file (g, sq, &row, &file);
      if (file < g->width / 2)
        self->left |= dr_bb_bit (sq);
    }
  return self;
}

void
dr_patterns_free (DrPatterns *self)
{
  if (self == NULL)
    return;
  g_free (self->weights);
  g_free (self->base3);
  g_free (self->base3_reversed);
  g_free (self);
}

const DrRules *
dr_patterns_get_rules (const DrPatterns *self)
{
  return self->rules;
}

int
dr_patterns_n_windows (const DrPatterns *self)
{
  return self->n_tables;
}

guint32
dr_patterns_size (const DrPatterns *self)
{
  return self->size;
}

DrPatternsShape
dr_patterns_get_shape (const DrPatterns *self)
{
  return self->shape;
}

gint16 *
dr_patterns_weights (DrPatterns *self)
{
  return self->weights;
}

gint16 *
dr_patterns_global_weights (DrPatterns *self)
{
  return self->global;
}

/* One side's global counts, added to @out with @sign. */
static inline void
side_global (const DrPatterns *self,
             const DrPosition *pos,
             int               side,
             int               sign,
             int              *out)
{
  const DrGeometry *g = self->rules->geometry;
  DrBitboard own = pos->pieces[side], opp = pos->pieces[side ^ 1];
  DrBitboard men = own & ~pos->kings, kings = own & pos->kings;
  DrBitboard empty = g->squares & ~(own | opp);
  int d1 = g->half + 1, d2 = g->half + 2;
  DrBitboard step1 = side == 0 ? dr_bb_shift (men, -d1) : dr_bb_shift (men, d1);
  DrBitboard step2 = side == 0 ? dr_bb_shift (men, -d2) : dr_bb_shift (men, d2);
  DrBitboard free_ahead = side == 0 ? dr_bb_shift (empty, d1) | dr_bb_shift (empty, d2)
                                    : dr_bb_shift (empty, -d1) | dr_bb_shift (empty, -d2);
  int n_kings = dr_bb_count (kings), tempo = 0, left, right, reach = 0;
  int steps[4] = { -d2, -d1, d1, d2 };

  for (int r = 1; r < self->height; r++)
    tempo += r * dr_bb_count (men & self->rank_mask[side][r]);
  left = dr_bb_count (men & self->left);
  right = dr_bb_count (men) - left;
  for (int k = 0; kings != 0 && k < 4; k++)
    for (DrBitboard x = dr_bb_shift (kings, steps[k]) & empty; x != 0;
         x = self->rules->kings_fly ? dr_bb_shift (x, steps[k]) & empty : 0)
      reach += dr_bb_count (x);

  out[DR_PATTERNS_G_KINGS] += sign * n_kings;
  out[DR_PATTERNS_G_KINGS_VS_NONE] += (opp & pos->kings) == 0 ? sign * n_kings : 0;
  out[DR_PATTERNS_G_MAN_MOBILITY] += sign * (dr_bb_count (step1 & empty) + dr_bb_count (step2 & empty));
  out[DR_PATTERNS_G_KING_MOBILITY] += sign * reach;
  out[DR_PATTERNS_G_TEMPO] += sign * tempo;
  out[DR_PATTERNS_G_BALANCE] += sign * (left > right ? left - right : right - left);
  out[DR_PATTERNS_G_RUNAWAY] += sign * dr_bb_count (men & free_ahead & self->rank_mask[side][self->height - 2]);
  out[DR_PATTERNS_G_LOCKED] += sign * dr_bb_count (men & ~free_ahead);
  out[DR_PATTERNS_G_BACK_RANK] += sign * dr_bb_count (men & self->rank_mask[side][0]);
}

static inline void
global_terms (const DrPatterns *self,
              const DrPosition *pos,
              int               out[DR_PATTERNS_N_GLOBAL])
{
  int white = dr_bb_count (pos->pieces[0]), black = dr_bb_count (pos->pieces[1]);

  memset (out, 0, DR_PATTERNS_N_GLOBAL * sizeof *out);
  side_global (self, pos, DR_SIDE_WHITE, 1, out);
  side_global (self, pos, DR_SIDE_BLACK, -1, out);
  out[DR_PATTERNS_G_SIMPLIFY] = (white - black) * (self->n_start - white - black) / 8;
}

void
dr_patterns_global (const DrPatterns *self,
                    const DrPosition *pos,
                    int               out[DR_PATTERNS_N_GLOBAL])
{
  global_terms (self, pos, out);
}

/* The men of each window, for a board of @bands bands of @per_band
 * windows: constants once inlined, so the shifts are immediate. */
static inline __attribute__ ((always_inline)) void
gather_board (DrBitboard bb,
              unsigned  *out,
              int        bands,
              int        per_band,
              int        period,
              int        o1,
              int        o2,
              int        o3)
{
  for (int b = 0; b < bands; b++)
    {
      DrBitboard x = bb >> (b * period);

      for (int c = 0; c < per_band; c++, x >>= 1)
        *out++ = (unsigned) ((x & 3) | ((x >> (o1 - 2)) & 0xc) | ((x >> (o2 - 4)) & 0x30)
                             | ((x >> (o3 - 6)) & 0xc0));
    }
}

/* The men of each window of a shape other than 4x4, rank by rank. */
static inline void
gather_ranks (const DrPatterns *self,
              DrBitboard        bb,
              unsigned         *out)
{
  DrBitboard mask = (1u << self->per_rank) - 1;

  for (int w = 0; w < self->n_windows; w++)
    {
      DrBitboard x = bb >> self->base[w];
      unsigned v = 0;

      for (int r = 0, at = 0; at < self->n_squares; r++, at += self->per_rank)
        v |= (unsigned) ((x >> self->rank_offset[r]) & mask) << at;
      out[w] = v;
    }
}

static inline __attribute__ ((always_inline)) void
patterns_index (const DrPatterns *self,
                const DrPosition *pos,
                DrPatternsIndex  *index)
{
  DrBitboard white = pos->pieces[DR_SIDE_WHITE] & ~pos->kings;
  DrBitboard black = pos->pieces[DR_SIDE_BLACK] & ~pos->kings;
  unsigned gw[DR_PATTERNS_MAX_WINDOWS], gb[DR_PATTERNS_MAX_WINDOWS];
  int pieces = dr_bb_count (pos->pieces[0] | pos->pieces[1]);

  if (self->shape != DR_PATTERNS_SHAPE_4X4)
    {
      gather_ranks (self, white, gw);
      gather_ranks (self, black, gb);
    }
  else if (self->n_windows == 16)
    {
      gather_board (white, gw, 4, 4, 13, 6, 13, 19);
      gather_board (black, gb, 4, 4, 13, 6, 13, 19);
    }
  else
    {
      gather_board (white, gw, 3, 3, 11, 5, 11, 16);
      gather_board (black, gb, 3, 3, 11, 5, 11, 16);
    }
  for (int i = 0; i < self->n_tables; i++)
    {
      int w = self->table_window[i], t = self->table_turned[i];

      index->own[i] = self->base3[gw[w]] + 2 * self->base3[gb[w]];
      index->flip[i] = self->base3_reversed[gb[t]] + 2 * self->base3_reversed[gw[t]];
    }
  index->full = pieces >= self->n_start ? DR_PATTERNS_PHASE_MAX
                                        : pieces * DR_PATTERNS_PHASE_MAX / self->n_start;
}

void
dr_patterns_index (const DrPatterns *self,
                   const DrPosition *pos,
                   DrPatternsIndex  *index)
{
  patterns_index (self, pos, index);
}

int
dr_patterns_eval (const DrPatterns *self,
                  const DrPosition *pos)
{
  DrPatternsIndex index;
  int full = 0, empty = 0, score;

  patterns_index (self, pos, &index);
  for (int w = 0; w < self->n_tables; w++)
    {
      /* A pattern's two weights side by side: one cache line for both. */
      const gint16 *window = self->weights + (gsize) w * 2 * self->size;
      const gint16 *own = window + 2 * index.own[w], *flip = window + 2 * index.flip[w];

      full += own[0] - flip[0];
      empty += own[1] - flip[1];
    }
  if (self->has_global)
    {
      int gv[DR_PATTERNS_N_GLOBAL], gfull = 0, gempty = 0;

      global_terms (self, pos, gv);
      for (int i = 0; i < DR_PATTERNS_N_GLOBAL; i++)
        {
          gfull += self->global[2 * i] * gv[i];
          gempty += self->global[2 * i + 1] * gv[i];
        }
      full += gfull / DR_PATTERNS_GLOBAL_SCALE;
      empty += gempty / DR_PATTERNS_GLOBAL_SCALE;
    }
  score = (full * index.full + empty * (DR_PATTERNS_PHASE_MAX - index.full)) / DR_PATTERNS_PHASE_MAX;
  return pos->turn == DR_SIDE_WHITE ? score : -score;
}

/* Bytes of weights in a file of @version. */
static gsize
payload_size (const DrPatterns *self,
              int               version)
{
  return ((gsize) self->n_tables * 2 * self->size + (version > VERSION_NO_GLOBAL ? 2 * DR_PATTERNS_N_GLOBAL : 0))
         * 2;
}

/* The header's size, and the part the checksum covers, in a file of
 * @version; the checksum follows the signed part. */
static gsize
header_size (int version)
{
  return version >= VERSION_SHAPE ? HEADER_SIZE + HEADER_SHAPE : HEADER_SIZE;
}

static gsize
header_signed (int version)
{
  return version >= VERSION_SHAPE ? HEADER_SIGNED + HEADER_SHAPE : HEADER_SIGNED;
}

void
dr_patterns_weights_changed (DrPatterns *self)
{
  self->has_global = FALSE;
  for (int i = 0; i < 2 * DR_PATTERNS_N_GLOBAL; i++)
    self->has_global |= self->global[i] != 0;
}

/* The SHA-256 of @data's signed header, with @gametype in place of its
 * own, and of its @size bytes of weights. */
static void
digest (const guint8 *data,
        guint32       gametype,
        gsize         size,
        guint8        out[32])
{
  g_autoptr (GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  gsize signed_size = header_signed (data[7]);
  guint8 header[HEADER_SIGNED + HEADER_SHAPE];
  gsize len = 32;

  memcpy (header, data, signed_size);
  dr_write_le32 (header + 8, gametype);
  g_checksum_update (checksum, header, (gssize) signed_size);
  g_checksum_update (checksum, data + header_size (data[7]), (gssize) size);
  g_checksum_get_digest (checksum, out, &len);
}

/* The variant whose GameType, put in @data's header, makes its checksum
 * right: the one the weights were made for, when the header names another
 * (written by hand, or by a tool that mislabels).  NULL if none. */
static const DrRules *
signed_for (const guint8 *data,
            gsize         size)
{
  for (int v = 0; v < DR_N_VARIANTS; v++)
    {
      const DrRules *rules = dr_rules_get ((DrVariant) v);
      guint8 sum[32];

      if (rules != dr_rules_from_gametype (rules->gametype) || !dr_patterns_supported (rules))
        continue;
      digest (data, (guint32) rules->gametype, size, sum);
      if (memcmp (sum, data + header_signed (data[7]), 32) == 0)
        return rules;
    }
  return NULL;
}

DrPatterns *
dr_patterns_load_bytes (const DrRules *rules,
                        GBytes        *bytes,
                        GError       **error)
{
  g_autoptr (DrPatterns) self = NULL;
  gsize size, header;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  DrPatternsShape shape = DR_PATTERNS_SHAPE_4X4;
  guint8 sum[32];
  gsize n;
  int version;

  if (!dr_patterns_supported (rules))
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_VARIANT,
                   _("%s has no pattern evaluation"), rules->title);
      return NULL;
    }
  if (size < HEADER_SIZE || memcmp (data, magic, 5) != 0)
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_FORMAT,
                   _("not a pattern weights file"));
      return NULL;
    }
  version = data[7];
  if (memcmp (data, magic, 7) != 0 || version < VERSION_NO_GLOBAL || version > VERSION_SHAPE)
    {
      /* Version 1's checksum left the GameType out. */
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_FORMAT,
                   _("pattern weights of format version %d; this program reads versions 2 to %d"
                     " (fit them again with draughtsman-cli tune --patterns)"),
                   version, VERSION_SHAPE);
      return NULL;
    }
  header = header_size (version);
  if (size < header)
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_CORRUPT,
                   _("pattern weights of %" G_GSIZE_FORMAT " bytes: shorter than their header (truncated?)"),
                   size);
      return NULL;
    }
  if (dr_read_le32 (data + 8) != (guint32) rules->gametype)
    {
      const DrRules *found = dr_rules_from_gametype ((int) dr_read_le32 (data + 8));

      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_VARIANT,
                   _("pattern weights for GameType %u (%s), not for GameType %d (%s)"),
                   dr_read_le32 (data + 8), found != NULL ? found->title : _("no variant known here"),
                   rules->gametype, rules->title);
      return NULL;
    }
  if (version >= VERSION_SHAPE)
    {
      g_autofree char *name = g_strdup_printf ("%ux%u", data[16], data[17]);

      if (data[18] != 0 || data[19] != 0 || !dr_patterns_shape_from_name (name, &shape))
        {
          g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_FORMAT,
                       _("pattern weights with windows of shape %s (bytes 16-19: %u %u %u %u);"
                         " this program knows 4x4, 6x4 and 4x6"),
                       name, data[16], data[17], data[18], data[19]);
          return NULL;
        }
      if (!dr_patterns_shape_supported (rules, shape))
        {
          g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_VARIANT,
                       _("pattern windows of shape %s do not fit the board of %s"), name, rules->title);
          return NULL;
        }
    }
  self = dr_patterns_new_shape (rules, shape);
  if (dr_read_le32 (data + 12) != (guint32) self->n_tables)
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_CORRUPT,
                   _("pattern weights for GameType %d with %u windows; its board has %d of shape %s"),
                   rules->gametype, dr_read_le32 (data + 12), self->n_tables, dr_patterns_shape_name (shape));
      return NULL;
    }
  n = payload_size (self, version);
  if (size != header + n)
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_CORRUPT,
                   _("pattern weights of %" G_GSIZE_FORMAT " bytes; %" G_GSIZE_FORMAT " expected (truncated?)"),
                   size, header + n);
      return NULL;
    }
  digest (data, (guint32) rules->gametype, n, sum);
  if (memcmp (sum, data + header_signed (version), 32) != 0)
    {
      const DrRules *made_for = signed_for (data, n);

      if (made_for != NULL)
        g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_VARIANT,
                     _("pattern weights made for GameType %d (%s), not for GameType %d (%s)"
                       " as their header says"),
                     made_for->gametype, made_for->title, rules->gametype, rules->title);
      else
        g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_CORRUPT,
                     _("pattern weights damaged: the checksum does not match"));
      return NULL;
    }
  for (gsize i = 0; i < n / 2; i++)
    self->weights[i] = (gint16) dr_read_le16 (data + header + 2 * i);
  dr_patterns_weights_changed (self);
  return g_steal_pointer (&self);
}

DrPatterns *
dr_patterns_load (const DrRules *rules,
                  const char    *path,
                  GError       **error)
{
  g_autofree char *contents = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) local = NULL;
  DrPatterns *self;
  gsize size;

  if (!g_file_get_contents (path, &contents, &size, error))
    return NULL;
  bytes = g_bytes_new_take (g_steal_pointer (&contents), size);
  self = dr_patterns_load_bytes (rules, bytes, &local);
  if (self == NULL)
    g_set_error (error, local->domain, local->code, "%s: %s", path, local->message);
  return self;
}

gboolean
dr_patterns_save (const DrPatterns *self,
                  const char       *path,
                  GError          **error)
{
  /* 4x4 windows keep version 3, which older builds read. */
  int version = self->shape == DR_PATTERNS_SHAPE_4X4 ? magic[7] : VERSION_SHAPE;
  gsize n = payload_size (self, version), header = header_size (version);
  g_autofree guint8 *data = g_malloc0 (header + n);

  memcpy (data, magic, sizeof magic);
  data[7] = (guint8) version;
  dr_write_le32 (data + 8, (guint32) self->rules->gametype);
  dr_write_le32 (data + 12, (guint32) self->n_tables);
  if (version >= VERSION_SHAPE)
    {
      data[16] = (guint8) shapes[self->shape].ranks;
      data[17] = (guint8) shapes[self->shape].files;
    }
  for (gsize i = 0; i < n / 2; i++)
    dr_write_le16 (data + header + 2 * i, (guint16) self->weights[i]);
  digest (data, (guint32) self->rules->gametype, n, data + header_signed (version));
  /* Atomic: a crash leaves the old file or the new one. */
  return g_file_set_contents (path, (const char *) data, (gssize) (header + n), error);
}

/* The resource compiled from data/patterns/ (meson: gnome.compile_resources). */
extern GResource *dr_search_get_resource (void);

DrPatterns *
dr_patterns_new_builtin (const DrRules *rules)
{
  g_autofree char *path = g_strdup_printf ("/io/github/draughtsman/patterns/%s.drp", rules->name);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  DrPatterns *self;

  if (!dr_patterns_supported (rules))
    return NULL;
  bytes = g_resource_lookup_data (dr_search_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes == NULL)
    return NULL;
  self = dr_patterns_load_bytes (rules, bytes, &error);
  if (self == NULL)
    g_warning ("built-in %s: %s", path, error->message);
  return self;
}
