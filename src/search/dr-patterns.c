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
 * version, GameType and windows. */
#define HEADER_SIGNED 16
static const guint8 magic[8] = { 'D', 'R', 'P', 'A', 'T', 0, 0, 3 };
/* Version 2: the same without the global terms. */
#define VERSION_NO_GLOBAL 2

struct _DrPatterns
{
  const DrRules *rules;
  int            n_windows;
  int            turned[DR_PATTERNS_MAX_WINDOWS];    /* the window turned half a turn */
  int            n_start;                            /* pieces at the start */
  guint16        base3[256];                         /* bits -> sum of 3^i */
  guint16        base3_reversed[256];                /* bits -> sum of 3^(7 - i) */
  gint16        *weights;                            /* [window][pattern][set], then [global][set] */
  gint16        *global;                             /* in weights, after the windows' */
  /* For the global terms, by side (0 White): */
  DrBitboard     rank_mask[2][12];                   /* the squares of each rank from the side's own back rank */
  DrBitboard     left;                               /* the files of the board's left half */
  int            height;
  gboolean       has_global;                         /* a global weight is not 0 */
};

G_DEFINE_QUARK (dr-patterns-error-quark, dr_patterns_error)

/* Sets up the windows of @self's board; FALSE if the board does not have
 * the shape the fast gathering needs. */
static gboolean
setup_windows (DrPatterns    *self,
               const DrRules *rules)
{
  const DrGeometry *g = rules->geometry;
  int squares[DR_PATTERNS_MAX_WINDOWS][8];
  int origin[DR_PATTERNS_MAX_WINDOWS][2];
  int n = 0;

  /* The tower games: the patterns would see the tops only (dr-eval.c
   * weighs the towers). */
  if (g->all_squares || rules->giveaway || rules->towers)
    return FALSE;
  if ((g->width != 8 && g->width != 10) || g->height != g->width)
    return FALSE;
  for (int row0 = 0; row0 + 4 <= g->height; row0 += 2)
    for (int file0 = 0; file0 + 4 <= g->width; file0 += 2)
      {
        int k = 0;

        for (int row = row0; row < row0 + 4; row++)
          for (int file = file0; file < file0 + 4; file++)
            {
              int bit = dr_geometry_bit_at (g, row, file);

              if (bit < 0)
                continue;
              if (k == 8)
                return FALSE;
              squares[n][k++] = bit;
            }
        if (k != 8)
          return FALSE;
        /* Bit order. */
        for (int i = 1; i < 8; i++)
          for (int j = i; j > 0 && squares[n][j - 1] > squares[n][j]; j--)
            {
              int t = squares[n][j];

              squares[n][j] = squares[n][j - 1];
              squares[n][j - 1] = t;
            }
        for (int r = 0; r < 4; r++)
          if (squares[n][2 * r + 1] != squares[n][2 * r] + 1)
            return FALSE;
        origin[n][0] = row0;
        origin[n][1] = file0;
        n++;
      }
  self->n_windows = n;

  /* The layout gather_board () reads: windows band by band (two pairs
   * of ranks), each band's windows one bit apart, and the same spacing of
   * a window's four pairs everywhere (half + 1, period, period + half + 1). */
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

  /* The turned windows, and the reversed order of their squares. */
  for (int w = 0; w < n; w++)
    {
      int row0 = g->height - 4 - origin[w][0], file0 = g->width - 4 - origin[w][1];

      self->turned[w] = -1;
      for (int v = 0; v < n; v++)
        if (origin[v][0] == row0 && origin[v][1] == file0)
          self->turned[w] = v;
      if (self->turned[w] < 0)
        return FALSE;
      for (int i = 0; i < 8; i++)
        {
          int row, file;

          dr_geometry_row_file (g, squares[w][i], &row, &file);
          if (dr_geometry_bit_at (g, g->height - 1 - row, g->width - 1 - file)
              != squares[self->turned[w]][7 - i])
            return FALSE;
        }
    }
  return TRUE;
}

gboolean
dr_patterns_supported (const DrRules *rules)
{
  DrPatterns probe;

  return setup_windows (&probe, rules);
}

DrPatterns *
dr_patterns_new (const DrRules *rules)
{
  DrPatterns *self = g_new0 (DrPatterns, 1);
  const DrGeometry *g = rules->geometry;

  if (!setup_windows (self, rules))
    g_error ("dr_patterns_new: no patterns for %s", rules->name);
  self->rules = rules;
  self->n_start = 2 * (g->height / 2 - 1) * (g->width / 2);
  for (int v = 0; v < 256; v++)
    {
      int sum = 0, reversed = 0, power = 1;

      for (int i = 0; i < 8; i++, power *= 3)
        if (v & (1 << i))
          sum += power;
      power = 1;
      for (int i = 7; i >= 0; i--, power *= 3)
        if (v & (1 << i))
          reversed += power;
      self->base3[v] = (guint16) sum;
      self->base3_reversed[v] = (guint16) reversed;
    }
  self->weights = g_new0 (gint16, (gsize) self->n_windows * 2 * DR_PATTERNS_SIZE + 2 * DR_PATTERNS_N_GLOBAL);
  self->global = self->weights + (gsize) self->n_windows * 2 * DR_PATTERNS_SIZE;
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
  return self->n_windows;
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

static inline __attribute__ ((always_inline)) void
patterns_index (const DrPatterns *self,
                const DrPosition *pos,
                DrPatternsIndex  *index)
{
  DrBitboard white = pos->pieces[DR_SIDE_WHITE] & ~pos->kings;
  DrBitboard black = pos->pieces[DR_SIDE_BLACK] & ~pos->kings;
  unsigned gw[DR_PATTERNS_MAX_WINDOWS], gb[DR_PATTERNS_MAX_WINDOWS];
  int pieces = dr_bb_count (pos->pieces[0] | pos->pieces[1]);

  if (self->n_windows == 16)
    {
      gather_board (white, gw, 4, 4, 13, 6, 13, 19);
      gather_board (black, gb, 4, 4, 13, 6, 13, 19);
    }
  else
    {
      gather_board (white, gw, 3, 3, 11, 5, 11, 16);
      gather_board (black, gb, 3, 3, 11, 5, 11, 16);
    }
  for (int w = 0; w < self->n_windows; w++)
    {
      int t = self->turned[w];

      index->own[w] = (guint16) (self->base3[gw[w]] + 2 * self->base3[gb[w]]);
      index->flip[w] = (guint16) (self->base3_reversed[gb[t]] + 2 * self->base3_reversed[gw[t]]);
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
  for (int w = 0; w < self->n_windows; w++)
    {
      /* A pattern's two weights side by side: one cache line for both. */
      const gint16 *window = self->weights + (gsize) w * 2 * DR_PATTERNS_SIZE;
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
  return ((gsize) self->n_windows * 2 * DR_PATTERNS_SIZE + (version > VERSION_NO_GLOBAL ? 2 * DR_PATTERNS_N_GLOBAL : 0))
         * 2;
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
  guint8 header[HEADER_SIGNED];
  gsize len = 32;

  memcpy (header, data, HEADER_SIGNED);
  dr_write_le32 (header + 8, gametype);
  g_checksum_update (checksum, header, HEADER_SIGNED);
  g_checksum_update (checksum, data + HEADER_SIZE, (gssize) size);
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
      if (memcmp (sum, data + 16, 32) == 0)
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
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);
  guint8 sum[32];
  gsize n;

  if (!dr_patterns_supported (rules))
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_VARIANT,
                   _("%s has no pattern evaluation"), rules->title);
      return NULL;
    }
  self = dr_patterns_new (rules);
  if (size < HEADER_SIZE || memcmp (data, magic, 5) != 0)
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_FORMAT,
                   _("not a pattern weights file"));
      return NULL;
    }
  if (memcmp (data, magic, 7) != 0 || (data[7] != magic[7] && data[7] != VERSION_NO_GLOBAL))
    {
      /* Version 1's checksum left the GameType out. */
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_FORMAT,
                   _("pattern weights of format version %d; this program reads versions 2 and %d"
                     " (fit them again with draughtsman-cli tune --patterns)"),
                   data[7], magic[7]);
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
  if (dr_read_le32 (data + 12) != (guint32) self->n_windows)
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_CORRUPT,
                   _("pattern weights for GameType %d with %u windows; its board has %d"),
                   rules->gametype, dr_read_le32 (data + 12), self->n_windows);
      return NULL;
    }
  n = payload_size (self, data[7]);
  if (size != HEADER_SIZE + n)
    {
      g_set_error (error, DR_PATTERNS_ERROR, DR_PATTERNS_ERROR_CORRUPT,
                   _("pattern weights of %" G_GSIZE_FORMAT " bytes; %" G_GSIZE_FORMAT " expected (truncated?)"),
                   size, HEADER_SIZE + n);
      return NULL;
    }
  digest (data, (guint32) rules->gametype, n, sum);
  if (memcmp (sum, data + 16, 32) != 0)
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
    self->weights[i] = (gint16) dr_read_le16 (data + HEADER_SIZE + 2 * i);
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
  gsize n = payload_size (self, magic[7]);
  g_autofree guint8 *data = g_malloc (HEADER_SIZE + n);

  memcpy (data, magic, sizeof magic);
  dr_write_le32 (data + 8, (guint32) self->rules->gametype);
  dr_write_le32 (data + 12, (guint32) self->n_windows);
  for (gsize i = 0; i < n / 2; i++)
    dr_write_le16 (data + HEADER_SIZE + 2 * i, (guint16) self->weights[i]);
  digest (data, (guint32) self->rules->gametype, n, data + 16);
  /* Atomic: a crash leaves the old file or the new one. */
  return g_file_set_contents (path, (const char *) data, (gssize) (HEADER_SIZE + n), error);
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
