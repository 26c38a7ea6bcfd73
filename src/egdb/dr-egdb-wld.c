/* dr-egdb-wld.c — win/draw/loss apart from distances: what compresses, and how well
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * See dr-egdb-wld-private.h for the values, the free positions and the
 * codecs; dr_egdb_wld_stats() measures them on the installed tables
 * (draughtsman-cli egdb compress-stats).
 */

#define G_LOG_DOMAIN "dr-egdb"

#include "config.h"

#include "dr-egdb-wld-private.h"

#include "dr-movegen.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

const char *
_dr_egdb_codec_name (EgdbCodec codec)
{
  static const char *names[EGDB_N_CODECS] = { "pack2", "pack3", "rle", "rle+huffman" };

  return names[codec];
}

/* Extraction -------------------------------------------------------------- */

static inline uint8_t
wld_of_raw (int raw)
{
  if (raw == 0)
    return EGDB_WLD_DRAW;
  return (raw & 1) ? EGDB_WLD_WIN : EGDB_WLD_LOSS;
}

/* Does the opponent still have to capture after every move of the side to
 * move (vacuously when it has none)?  Only asked when the opponent has a
 * capture now. */
static bool
threat_resolves (const DrRules    *rules,
                 const DrPosition *pos,
                 DrMoveList       *list)
{
  dr_movegen_legal (rules, pos, list);
  for (unsigned i = 0; i < list->n; i++)
    {
      DrPosition child;

      dr_position_apply (&child, pos, &list->moves[i]);
      if (!dr_movegen_has_capture (rules, &child))
        return false;
    }
  return true;
}

gboolean
_dr_egdb_wld_extract (const DrEgdb   *db,
                      const EgdbPart *part,
                      bool            threats,
                      uint8_t        *wld,
                      uint8_t        *why,
                      GError        **error)
{
  const DrRules *rules = db->rules;
  g_autofree guint16 *block = g_new (guint16, EGDB_BLOCK);
  g_autofree DrMoveList *list = g_new0 (DrMoveList, 1);
  EgdbUnindexCache cache = { 0 };

  for (uint32_t b = 0; b < part->n_blocks; b++)
    {
      uint64_t start = (uint64_t) b * EGDB_BLOCK;
      uint64_t n = MIN ((uint64_t) EGDB_BLOCK, part->n_values - start);

      if (!_dr_egdb_part_block (part, b, block))
        {
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
                       _("endgame table %s is damaged: block %u of part %d fails its checksum"),
                       part->table->path, b, part->index);
          return FALSE;
        }
      for (uint64_t j = 0; j < n; j++)
        {
          DrPosition pos;
          uint64_t i = start + j;

          wld[i] = 0;
          if (!_dr_egdb_unindex_cached (&db->board, part->material, i, &pos, &cache))
            {
              why[i] = EGDB_FREE_BROKEN;
              continue;
            }
          if (dr_movegen_has_capture (rules, &pos))
            {
              why[i] = EGDB_FREE_CAPTURE;
              continue;
            }
          wld[i] = wld_of_raw (block[j]);
          why[i] = EGDB_FREE_NONE;
          if (threats)
            {
              DrPosition other = pos;

              other.turn ^= 1;
              if (dr_movegen_has_capture (rules, &other) && threat_resolves (rules, &pos, list))
                why[i] = EGDB_FREE_THREAT;
            }
        }
    }
  return TRUE;
}

DrEgdbValue
_dr_egdb_wld_resolve (const DrEgdb     *db,
                      const DrPosition *pos,
                      DrMoveList       *lists)
{
  const DrRules *rules = db->rules;
  bool draw = false, unknown = false;

  dr_movegen_legal (rules, pos, &lists[0]);
  for (unsigned i = 0; i < lists[0].n; i++)
    {
      DrPosition child;
      int plies = 0;
      DrEgdbValue v;

      dr_position_apply (&child, pos, &lists[0].moves[i]);
      v = _dr_egdb_value (db, &child, &plies, lists + 1, NULL);
      if (v == DR_EGDB_LOSS)
        return DR_EGDB_WIN;
      if (v == DR_EGDB_DRAW)
        draw = true;
      else if (v == DR_EGDB_UNKNOWN)
        unknown = true;
    }
  if (lists[0].n == 0)
    return rules->giveaway ? DR_EGDB_WIN : DR_EGDB_LOSS;
  if (unknown)
    return DR_EGDB_UNKNOWN;
  return draw ? DR_EGDB_DRAW : DR_EGDB_LOSS;
}

void
_dr_egdb_wld_fill (uint8_t       *wld,
                   const uint8_t *why,
                   uint64_t       n,
                   uint32_t       block)
{
  for (uint64_t start = 0; start < n; start += block)
    {
      uint64_t end = MIN (n, start + block), first = start;
      uint8_t v;

      while (first < end && why[first] != EGDB_FREE_NONE)
        first++;
      v = first < end ? wld[first] : EGDB_WLD_DRAW;
      for (uint64_t i = start; i < end; i++)
        {
          if (why[i] != EGDB_FREE_NONE)
            wld[i] = v;
          else
            v = wld[i];
        }
    }
}

/* Runs -------------------------------------------------------------------- */

static inline int
floor_log2 (uint32_t x)
{
  return 31 - __builtin_clz (x);
}

/* The value after @cur chosen by @which (0 or 1). */
static inline uint8_t
next_value (uint8_t cur,
            int     which)
{
  return (uint8_t) ((cur + 1 + which) % 3);
}

static inline int
which_of (uint8_t cur,
          uint8_t next)
{
  return (next + 3 - cur) % 3 - 1;
}

static inline int
run_symbol (int      which,
            uint32_t length)
{
  return which * EGDB_HUFF_LOG_MAX + floor_log2 (length);
}

void
_dr_egdb_huff_count (const uint8_t *wld,
                     uint64_t       n,
                     uint32_t       block,
                     uint64_t      *freq)
{
  for (uint64_t start = 0; start < n; start += block)
    {
      uint64_t end = MIN (n, start + block), i = start;
      uint8_t prev = wld[start];

      while (i < end)
        {
          uint64_t j = i + 1;

          while (j < end && wld[j] == wld[i])
            j++;
          freq[run_symbol (i == start ? 0 : which_of (prev, wld[i]), (uint32_t) (j - i))]++;
          prev = wld[i];
          i = j;
        }
    }
}

/* Huffman ----------------------------------------------------------------- */

static bool
huff_lengths (const uint64_t *freq,
              uint8_t        *length)
{
  uint64_t weight[2 * EGDB_HUFF_SYMBOLS];
  int parent[2 * EGDB_HUFF_SYMBOLS];
  bool alive[2 * EGDB_HUFF_SYMBOLS];
  int nodes = EGDB_HUFF_SYMBOLS, used = 0;

  memset (length, 0, EGDB_HUFF_SYMBOLS);
  for (int s = 0; s < EGDB_HUFF_SYMBOLS; s++)
    {
      weight[s] = freq[s];
      alive[s] = freq[s] > 0;
      parent[s] = -1;
      used += alive[s];
    }
  if (used == 0)
    return true;
  if (used == 1)
    {
      for (int s = 0; s < EGDB_HUFF_SYMBOLS; s++)
        if (alive[s])
          length[s] = 1;
      return true;
    }
  for (int left = used; left > 1; left--)
    {
      int a = -1, b = -1;

      for (int s = 0; s < nodes; s++)
        {
          if (!alive[s])
            continue;
          if (a < 0 || weight[s] < weight[a])
            {
              b = a;
              a = s;
            }
          else if (b < 0 || weight[s] < weight[b])
            b = s;
        }
      weight[nodes] = weight[a] + weight[b];
      alive[nodes] = true;
      parent[nodes] = -1;
      alive[a] = alive[b] = false;
      parent[a] = parent[b] = nodes;
      nodes++;
    }
  for (int s = 0; s < EGDB_HUFF_SYMBOLS; s++)
    {
      int depth = 0;

      if (freq[s] == 0)
        continue;
      for (int p = s; parent[p] >= 0; p = parent[p])
        depth++;
      if (depth > EGDB_HUFF_MAX_BITS)
        return false;
      length[s] = (uint8_t) depth;
    }
  return true;
}

/* The canonical code of @huff->length. */
static void
huff_assign (EgdbHuff *huff)
{
  uint32_t code = 0;
  int k = 0;

  memset (huff->first, 0, sizeof huff->first);
  memset (huff->count, 0, sizeof huff->count);
  memset (huff->start, 0, sizeof huff->start);
  memset (huff->code, 0, sizeof huff->code);
  for (int len = 1; len <= EGDB_HUFF_MAX_BITS; len++)
    {
      huff->first[len] = code;
      huff->start[len] = (uint32_t) k;
      for (int s = 0; s < EGDB_HUFF_SYMBOLS; s++)
        if (huff->length[s] == len)
          {
            huff->code[s] = code++;
            huff->sorted[k++] = (uint8_t) s;
            huff->count[len]++;
          }
      code <<= 1;
    }
  memset (huff->fast, 0, sizeof huff->fast);
  for (int s = 0; s < EGDB_HUFF_SYMBOLS; s++)
    {
      int len = huff->length[s];

      if (len == 0 || len > EGDB_HUFF_FAST)
        continue;
      for (uint32_t fill = 0; fill < 1u << (EGDB_HUFF_FAST - len); fill++)
        huff->fast[huff->code[s] << (EGDB_HUFF_FAST - len) | fill] = (uint16_t) (s << 8 | len);
    }
}

void
_dr_egdb_huff_build (EgdbHuff       *huff,
                     const uint64_t *freq)
{
  uint64_t f[EGDB_HUFF_SYMBOLS];

  memcpy (f, freq, sizeof f);
  /* Flatten the counts until the longest code fits. */
  while (!huff_lengths (f, huff->length))
    for (int s = 0; s < EGDB_HUFF_SYMBOLS; s++)
      if (f[s] > 0)
        f[s] = (f[s] >> 1) | 1;
  huff_assign (huff);
}

bool
_dr_egdb_huff_from_lengths (EgdbHuff      *huff,
                            const uint8_t *lengths)
{
  uint64_t kraft = 0;

  /* Kraft's sum in units of 2^-EGDB_HUFF_MAX_BITS: a prefix code keeps
   * it at most 1. */
  for (int s = 0; s < EGDB_HUFF_SYMBOLS; s++)
    {
      if (lengths[s] > EGDB_HUFF_MAX_BITS)
        return false;
      if (lengths[s] > 0)
        kraft += (uint64_t) 1 << (EGDB_HUFF_MAX_BITS - lengths[s]);
    }
  if (kraft > (uint64_t) 1 << EGDB_HUFF_MAX_BITS)
    return false;
  memcpy (huff->length, lengths, EGDB_HUFF_SYMBOLS);
  huff_assign (huff);
  return true;
}

/* Bits, most significant first. */
typedef struct
{
  GByteArray *out;
  uint64_t    acc;
  int         bits;
} BitWriter;

static void
bits_put (BitWriter *w,
          uint32_t   value,
          int        n)
{
  for (int i = n - 1; i >= 0; i--)
    {
      w->acc = w->acc << 1 | ((value >> i) & 1);
      if (++w->bits == 8)
        {
          guint8 b = (guint8) w->acc;
          g_byte_array_append (w->out, &b, 1);
          w->acc = 0;
          w->bits = 0;
        }
    }
}

static void
bits_flush (BitWriter *w)
{
  if (w->bits > 0)
    bits_put (w, 0, 8 - w->bits);
}

typedef struct
{
  const uint8_t *p, *end;
  uint64_t       acc;
  int            bits;      /* valid bits in acc, at its top */
} BitReader;

static inline bool
bits_fill (BitReader *r)
{
  while (r->bits <= 56 && r->p < r->end)
    {
      r->acc |= (uint64_t) *r->p++ << (56 - r->bits);
      r->bits += 8;
    }
  return r->bits > 0;
}

static inline int
bits_get (BitReader *r,
          int        n,
          uint32_t  *value)
{
  if (n == 0)
    {
      *value = 0;
      return 1;
    }
  if (r->bits < n && (!bits_fill (r) || r->bits < n))
    return 0;
  *value = (uint32_t) (r->acc >> (64 - n));
  r->acc <<= n;
  r->bits -= n;
  return 1;
}

static inline int
huff_get (BitReader      *r,
          const EgdbHuff *huff)
{
  uint32_t code = 0;
  uint16_t e;

  if (r->bits < EGDB_HUFF_MAX_BITS)
    bits_fill (r);
  /* Bits past the end read as 0: an entry counts only if its code is
   * all there. */
  e = huff->fast[r->acc >> (64 - EGDB_HUFF_FAST)];
  if (e != 0 && (e & 0xff) <= r->bits)
    {
      r->acc <<= e & 0xff;
      r->bits -= e & 0xff;
      return e >> 8;
    }
  for (int len = EGDB_HUFF_FAST + 1; len <= EGDB_HUFF_MAX_BITS && len <= r->bits; len++)
    {
      code = (uint32_t) (r->acc >> (64 - len));
      if (code - huff->first[len] < huff->count[len])
        {
          r->acc <<= len;
          r->bits -= len;
          return huff->sorted[huff->start[len] + code - huff->first[len]];
        }
    }
  return -1;
}

/* Coding ------------------------------------------------------------------ */

static void
put_varint (GByteArray *out,
            uint32_t    v)
{
  while (v >= 0x80)
    {
      guint8 b = (guint8) (v | 0x80);
      g_byte_array_append (out, &b, 1);
      v >>= 7;
    }
  {
    guint8 b = (guint8) v;
    g_byte_array_append (out, &b, 1);
  }
}

void
_dr_egdb_wld_encode (EgdbCodec       codec,
                     const EgdbHuff *huff,
                     const uint8_t  *wld,
                     uint32_t        n,
                     GByteArray     *out)
{
  switch (codec)
    {
    case EGDB_CODEC_PACK2:
      for (uint32_t i = 0; i < n; i += 4)
        {
          guint8 b = 0;
          for (uint32_t j = 0; j < 4 && i + j < n; j++)
            b |= (guint8) (wld[i + j] << (2 * j));
          g_byte_array_append (out, &b, 1);
        }
      break;
    case EGDB_CODEC_PACK3:
      for (uint32_t i = 0; i < n; i += 5)
        {
          guint b = 0, scale = 1;
          for (uint32_t j = 0; j < 5 && i + j < n; j++, scale *= 3)
            b += wld[i + j] * scale;
          {
            guint8 byte = (guint8) b;
            g_byte_array_append (out, &byte, 1);
          }
        }
      break;
    case EGDB_CODEC_RLE:
    case EGDB_CODEC_HUFF:
      {
        BitWriter w = { out, 0, 0 };
        uint32_t i = 0;

        if (n == 0)
          break;
        if (codec == EGDB_CODEC_RLE)
          g_byte_array_append (out, &wld[0], 1);
        else
          bits_put (&w, wld[0], 2);
        while (i < n)
          {
            uint32_t j = i + 1, length;
            int which = i == 0 ? 0 : which_of (wld[i - 1], wld[i]);

            while (j < n && wld[j] == wld[i])
              j++;
            length = j - i;
            if (codec == EGDB_CODEC_RLE)
              put_varint (out, (length - 1) << 1 | (uint32_t) which);
            else
              {
                int s = run_symbol (which, length), lg = floor_log2 (length);

                g_assert (huff->length[s] > 0);
                bits_put (&w, huff->code[s], huff->length[s]);
                bits_put (&w, length - (1u << lg), lg);
              }
            i = j;
          }
        if (codec == EGDB_CODEC_HUFF)
          bits_flush (&w);
      }
      break;
    case EGDB_N_CODECS:
    default:
      g_assert_not_reached ();
    }
}

int
_dr_egdb_wld_decode_at (EgdbCodec       codec,
                        const EgdbHuff *huff,
                        const uint8_t  *data,
                        size_t          length,
                        uint32_t        n,
                        uint32_t        at)
{
  static const uint8_t pow3[5] = { 1, 3, 9, 27, 81 };

  if (at >= n)
    return -1;
  switch (codec)
    {
    case EGDB_CODEC_PACK2:
      if (at / 4 >= length)
        return -1;
      return (data[at / 4] >> (2 * (at % 4))) & 3;
    case EGDB_CODEC_PACK3:
      if (at / 5 >= length || data[at / 5] >= 243)
        return -1;
      return data[at / 5] / pow3[at % 5] % 3;
    case EGDB_CODEC_RLE:
      {
        const uint8_t *p = data, *end = data + length;
        uint32_t pos = 0;
        uint8_t cur;

        if (length == 0 || data[0] > 2)
          return -1;
        cur = *p++;
        while (p < end)
          {
            uint32_t h = 0;
            int shift = 0;

            do
              {
                if (p == end || shift > 28)
                  return -1;
                h |= (uint32_t) (*p & 0x7f) << shift;
                shift += 7;
              }
            while (*p++ & 0x80);
            if (pos > 0)
              cur = next_value (cur, (int) (h & 1));
            pos += (h >> 1) + 1;
            if (at < pos)
              return cur;
          }
        return -1;
      }
    case EGDB_CODEC_HUFF:
      {
        BitReader r = { data, data + length, 0, 0 };
        uint32_t pos = 0, v;
        uint8_t cur;

        if (!bits_get (&r, 2, &v) || v > 2)
          return -1;
        cur = (uint8_t) v;
        while (pos < n)
          {
            int s = huff_get (&r, huff), lg;
            uint32_t extra;

            if (s < 0)
              return -1;
            lg = s % EGDB_HUFF_LOG_MAX;
            if (!bits_get (&r, lg, &extra))
              return -1;
            if (pos > 0)
              cur = next_value (cur, s / EGDB_HUFF_LOG_MAX);
            pos += (1u << lg) + extra;
            if (at < pos)
              return cur;
          }
        return -1;
      }
    case EGDB_N_CODECS:
    default:
      break;
    }
  return -1;
}

bool
_dr_egdb_wld_decode (EgdbCodec       codec,
                     const EgdbHuff *huff,
                     const uint8_t  *data,
                     size_t          length,
                     uint32_t        n,
                     uint8_t        *out)
{
  switch (codec)
    {
    case EGDB_CODEC_PACK2:
    case EGDB_CODEC_PACK3:
      {
        size_t per = codec == EGDB_CODEC_PACK2 ? 4 : 5;

        if (length != (n + per - 1) / per)
          return false;
        for (uint32_t i = 0; i < n; i++)
          {
            int v = _dr_egdb_wld_decode_at (codec, huff, data, length, n, i);
            if (v < 0 || v > 2)
              return false;
            out[i] = (uint8_t) v;
          }
        return true;
      }
    case EGDB_CODEC_RLE:
      {
        const uint8_t *p = data, *end = data + length;
        uint32_t pos = 0;
        uint8_t cur;

        if (length == 0 || data[0] > 2)
          return false;
        cur = *p++;
        while (p < end)
          {
            uint32_t h = 0, count;
            int shift = 0;

            do
              {
                if (p == end || shift > 28)
                  return false;
                h |= (uint32_t) (*p & 0x7f) << shift;
                shift += 7;
              }
            while (*p++ & 0x80);
            if (pos > 0)
              cur = next_value (cur, (int) (h & 1));
            count = (h >> 1) + 1;
            if (count > n - pos)
              return false;
            memset (out + pos, cur, count);
            pos += count;
          }
        return pos == n;
      }
    case EGDB_CODEC_HUFF:
      {
        BitReader r = { data, data + length, 0, 0 };
        uint32_t pos = 0, v;
        uint8_t cur;

        if (!bits_get (&r, 2, &v) || v > 2)
          return false;
        cur = (uint8_t) v;
        while (pos < n)
          {
            int s = huff_get (&r, huff), lg;
            uint32_t extra, count;

            if (s < 0)
              return false;
            lg = s % EGDB_HUFF_LOG_MAX;
            if (!bits_get (&r, lg, &extra))
              return false;
            if (pos > 0)
              cur = next_value (cur, s / EGDB_HUFF_LOG_MAX);
            count = (1u << lg) + extra;
            if (count > n - pos)
              return false;
            memset (out + pos, cur, count);
            pos += count;
          }
        /* Only padding may follow, less than a byte of it. */
        return r.p == r.end && r.bits < 8;
      }
    case EGDB_N_CODECS:
    default:
      break;
    }
  return false;
}

/* Measuring --------------------------------------------------------------- */

const uint32_t dr_egdb_wld_block_sizes[DR_EGDB_WLD_BLOCKS] = { 1024, 4096, 16384 };

static const EgdbTable *
find_table (const DrEgdb *self,
            const char   *slice)
{
  for (guint i = 0; i < self->tables->len; i++)
    {
      const EgdbTable *t = g_ptr_array_index (self->tables, i);
      if (g_str_equal (t->name, slice))
        return t;
    }
  return NULL;
}

#define LOOKUPS 4096
#define ROUNDS  8

/* Codes @wld (filled, for @block) with every codec into stats[mode], and
 * times LOOKUPS random look-ups into the coded blocks. */
static gboolean
measure (const EgdbPart *part,
         const uint8_t  *wld,
         uint32_t        block,
         int             size_index,
         DrEgdbWldCodecStats *stats,
         GRand          *rand,
         GError        **error)
{
  uint64_t n = part->n_values;
  uint32_t n_blocks = (uint32_t) ((n + block - 1) / block);
  uint64_t freq[EGDB_HUFF_SYMBOLS] = { 0 };
  EgdbHuff huff;
  g_autofree uint64_t *offsets = g_new (uint64_t, n_blocks + 1);
  g_autofree uint32_t *blocks = g_new (uint32_t, LOOKUPS);
  g_autofree uint32_t *ats = g_new (uint32_t, LOOKUPS);

  _dr_egdb_huff_count (wld, n, block, freq);
  _dr_egdb_huff_build (&huff, freq);
  for (int k = 0; k < LOOKUPS; k++)
    {
      uint32_t b = (uint32_t) g_rand_int_range (rand, 0, (gint32) n_blocks);
      uint32_t size = (uint32_t) MIN ((uint64_t) block, n - (uint64_t) b * block);

      blocks[k] = b;
      ats[k] = (uint32_t) g_rand_int_range (rand, 0, (gint32) size);
    }
  for (int c = 0; c < EGDB_N_CODECS; c++)
    {
      g_autoptr (GByteArray) out = g_byte_array_new ();
      volatile int sink = 0;
      gint64 t0, t1, best;

      for (uint32_t b = 0; b < n_blocks; b++)
        {
          uint64_t start = (uint64_t) b * block;

          offsets[b] = out->len;
          _dr_egdb_wld_encode ((EgdbCodec) c, &huff, wld + start,
                               (uint32_t) MIN ((uint64_t) block, n - start), out);
        }
      offsets[n_blocks] = out->len;
      /* The data and the code's lengths for rle+huffman; 8 bytes a
       * block for its offset and checksum. */
      stats[c].bytes[size_index] += out->len + (c == EGDB_CODEC_HUFF ? EGDB_HUFF_SYMBOLS : 0);
      stats[c].index_bytes[size_index] += 8 * (uint64_t) n_blocks;
      /* The quickest of ROUNDS rounds: the machine may be shared. */
      best = G_MAXINT64;
      for (int round = 0; round < ROUNDS; round++)
        {
          t0 = g_get_monotonic_time ();
          for (int k = round * (LOOKUPS / ROUNDS); k < (round + 1) * (LOOKUPS / ROUNDS); k++)
            {
              uint32_t b = blocks[k];
              uint64_t start = (uint64_t) b * block;

              sink += _dr_egdb_wld_decode_at ((EgdbCodec) c, &huff, out->data + offsets[b],
                                              offsets[b + 1] - offsets[b],
                                              (uint32_t) MIN ((uint64_t) block, n - start), ats[k]);
            }
          t1 = g_get_monotonic_time ();
          best = MIN (best, t1 - t0);
        }
      (void) sink;
      stats[c].lookup_us[size_index] += (double) best * ROUNDS;
      stats[c].lookups[size_index] += LOOKUPS;
      /* What was timed must be right. */
      for (int k = 0; k < LOOKUPS; k++)
        {
          uint32_t b = blocks[k];
          uint64_t start = (uint64_t) b * block;
          int v = _dr_egdb_wld_decode_at ((EgdbCodec) c, &huff, out->data + offsets[b],
                                          offsets[b + 1] - offsets[b],
                                          (uint32_t) MIN ((uint64_t) block, n - start), ats[k]);

          if (v != wld[start + ats[k]])
            {
              g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISMATCH,
                           "%s: codec %s, blocks of %u: position %" G_GUINT64_FORMAT
                           " of part %d decodes to %d, not %d",
                           part->table->name, _dr_egdb_codec_name ((EgdbCodec) c), block,
                           start + ats[k], part->index, v, wld[start + ats[k]]);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* What a threat position costs a probe: one ply resolved through the
 * tables, against the look-up of a stored position (today's tables, the
 * blocks read already).  Up to 512 of each, the quickest of 4 rounds. */
static void
time_probes (const DrEgdb   *self,
             const EgdbPart *part,
             const uint8_t  *why,
             DrEgdbWldStats *stats,
             GRand          *rand)
{
  g_autofree DrMoveList *lists = g_new0 (DrMoveList, EGDB_WLD_LISTS);
  g_autofree DrPosition *threat = g_new (DrPosition, 512);
  g_autofree DrPosition *stored = g_new (DrPosition, 512);
  int n_threat = 0, n_stored = 0;

  for (int tries = 0; tries < 1 << 16 && (n_threat < 512 || n_stored < 512); tries++)
    {
      uint64_t i = (uint64_t) (g_rand_double (rand) * (double) part->n_values);

      if (i >= part->n_values)
        continue;
      /* Neither is a broken index. */
      if (why[i] == EGDB_FREE_THREAT && n_threat < 512
          && _dr_egdb_unindex (&self->board, part->material, i, &threat[n_threat]))
        n_threat++;
      else if (why[i] == EGDB_FREE_NONE && n_stored < 512
               && _dr_egdb_unindex (&self->board, part->material, i, &stored[n_stored]))
        n_stored++;
    }
  for (int kind = 0; kind < 2; kind++)
    {
      int n = kind == 0 ? n_threat : n_stored;
      gint64 best = G_MAXINT64;
      volatile int sink = 0;

      if (n == 0)
        continue;
      for (int round = 0; round < 4; round++)
        {
          gint64 t0 = g_get_monotonic_time ();
          for (int k = 0; k < n; k++)
            {
              int plies;
              sink += kind == 0 ? (int) _dr_egdb_wld_resolve (self, &threat[k], lists)
                                : (int) dr_egdb_probe_quiet (self, &stored[k], &plies);
            }
          best = MIN (best, g_get_monotonic_time () - t0);
        }
      (void) sink;
      if (kind == 0)
        {
          stats->resolve_us += (double) best;
          stats->resolves += (guint64) n;
        }
      else
        {
          stats->probe_us += (double) best;
          stats->probes += (guint64) n;
        }
    }
}

/* The distances of the stored wins and losses (the win/draw/loss value
 * known): their order-0 entropy over the part, in bits. */
static gboolean
distance_bits (const EgdbPart *part,
               const uint8_t  *why,
               double         *bits,
               guint64        *decisive,
               GError        **error)
{
  g_autofree guint16 *block = g_new (guint16, EGDB_BLOCK);
  g_autofree uint64_t *hist = g_new0 (uint64_t, 1 << 15);
  uint64_t total = 0;

  for (uint32_t b = 0; b < part->n_blocks; b++)
    {
      uint64_t start = (uint64_t) b * EGDB_BLOCK;
      uint64_t n = MIN ((uint64_t) EGDB_BLOCK, part->n_values - start);

      if (!_dr_egdb_part_block (part, b, block))
        {
          g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
                       _("endgame table %s is damaged: block %u of part %d fails its checksum"),
                       part->table->path, b, part->index);
          return FALSE;
        }
      for (uint64_t j = 0; j < n; j++)
        if (why[start + j] == EGDB_FREE_NONE && block[j] != 0)
          {
            hist[(block[j] - 1) / 2]++;
            total++;
          }
    }
  for (int k = 0; k < 1 << 15; k++)
    if (hist[k] > 0)
      *bits += (double) hist[k] * -log2 ((double) hist[k] / (double) total);
  *decisive += total;
  return TRUE;
}

gboolean
dr_egdb_wld_stats (const DrEgdb   *self,
                   const char     *slice,
                   DrEgdbWldStats *stats,
                   GError        **error)
{
  const EgdbTable *table = find_table (self, slice);
  g_autoptr (GRand) rand = g_rand_new_with_seed (29);

  memset (stats, 0, sizeof *stats);
  if (table == NULL)
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISSING,
                   _("no table of slice %s is open"), slice);
      return FALSE;
    }
  for (int p = 0; p < table->n_parts; p++)
    {
      const EgdbPart *part = &table->parts[p];
      uint64_t n = part->n_values;
      g_autofree uint8_t *wld = g_malloc (n);
      g_autofree uint8_t *why = g_malloc (n);
      g_autofree uint8_t *work = g_malloc (n);
      g_autofree uint8_t *why_mode = g_malloc (n);

      if (!_dr_egdb_wld_extract (self, part, true, wld, why, error))
        return FALSE;
      time_probes (self, part, why, stats, rand);
      if (!distance_bits (part, why, &stats->distance_bits, &stats->decisive, error))
        return FALSE;
      stats->positions += n;
      for (uint64_t i = 0; i < n; i++)
        switch (why[i])
          {
          case EGDB_FREE_NONE:
            stats->stored++;
            stats->wld[wld[i]]++;
            break;
          case EGDB_FREE_BROKEN:
            stats->broken++;
            break;
          case EGDB_FREE_CAPTURE:
            stats->capture++;
            break;
          case EGDB_FREE_THREAT:
          default:
            stats->threat++;
            break;
          }
      for (int mode = 0; mode < 2; mode++)
        {
          /* Mode 0: threat positions are stored. */
          for (uint64_t i = 0; i < n; i++)
            why_mode[i] = mode == 0 && why[i] == EGDB_FREE_THREAT ? EGDB_FREE_NONE : why[i];
          for (int s = 0; s < DR_EGDB_WLD_BLOCKS; s++)
            {
              memcpy (work, wld, n);
              _dr_egdb_wld_fill (work, why_mode, n, dr_egdb_wld_block_sizes[s]);
              if (!measure (part, work, dr_egdb_wld_block_sizes[s], s, stats->codecs[mode],
                            rand, error))
                return FALSE;
            }
        }
    }
  return TRUE;
}

const char *
dr_egdb_wld_codec_name (int codec)
{
  g_return_val_if_fail (codec >= 0 && codec < EGDB_N_CODECS, NULL);
  return _dr_egdb_codec_name ((EgdbCodec) codec);
}

/* Distances ---------------------------------------------------------------- */

/* The symbol of a distance k: k itself below EGDB_DIST_DIRECT, else the
 * class j of k - EGDB_DIST_DIRECT + 1 in [2^j, 2^(j+1)) followed by j raw
 * bits. */
#define EGDB_DIST_DIRECT 32
#define EGDB_DIST_REPEAT (EGDB_HUFF_SYMBOLS - 1)

static inline int
dist_symbol (uint32_t  k,
             int      *bits,
             uint32_t *extra)
{
  uint32_t x;
  int j;

  if (k < EGDB_DIST_DIRECT)
    {
      *bits = 0;
      *extra = 0;
      return (int) k;
    }
  x = k - EGDB_DIST_DIRECT + 1;
  j = floor_log2 (x);
  g_assert (j < EGDB_DIST_REPEAT - EGDB_DIST_DIRECT);
  *bits = j;
  *extra = x - (1u << j);
  return EGDB_DIST_DIRECT + j;
}

void
_dr_egdb_dist_count (const uint8_t  *wld,
                     const uint16_t *k,
                     uint64_t        n,
                     uint64_t       *freq)
{
  int previous = -1;

  for (uint64_t i = 0; i < n; i++)
    {
      if (i % EGDB_DIST_SUB == 0)
        previous = -1;
      if (wld[i] != EGDB_WLD_DRAW)
        {
          int bits;
          uint32_t extra;
          freq[k[i] == previous ? EGDB_DIST_REPEAT : dist_symbol (k[i], &bits, &extra)]++;
          previous = k[i];
        }
    }
}

/* Sub-blocks of EGDB_DIST_SUB positions, each byte-aligned behind a table
 * of EGDB_DIST_SUBS u16 offsets from the block's start, "the same as
 * before" starting afresh in each: a probe decodes one of them. */
void
_dr_egdb_dist_encode (const EgdbHuff *huff,
                      const uint8_t  *wld,
                      const uint16_t *k,
                      uint32_t        n,
                      GByteArray     *out)
{
  gsize block_at = out->len;

  g_byte_array_set_size (out, out->len + 2 * EGDB_DIST_SUBS);
  for (uint32_t sub = 0; sub < EGDB_DIST_SUBS; sub++)
    {
      BitWriter w = { out, 0, 0 };
      int previous = -1;
      gsize at = out->len - block_at;

      g_assert (at < 65536);
      out->data[block_at + 2 * sub] = (guint8) at;
      out->data[block_at + 2 * sub + 1] = (guint8) (at >> 8);
      for (uint32_t i = sub * EGDB_DIST_SUB; i < MIN (n, (sub + 1) * EGDB_DIST_SUB); i++)
        if (wld[i] != EGDB_WLD_DRAW)
          {
            int bits, s;
            uint32_t extra;

            s = dist_symbol (k[i], &bits, &extra);
            if (k[i] == previous)
              s = EGDB_DIST_REPEAT, bits = 0;
            previous = k[i];
            g_assert (huff->length[s] > 0);
            bits_put (&w, huff->code[s], huff->length[s]);
            bits_put (&w, extra, bits);
          }
      bits_flush (&w);
    }
}

/* Decodes the distances of positions [@from, @to) of a block (one
 * sub-block's, @from its first) into @out (indexed from the block's
 * start); FALSE if they do not decode.  With @whole, the sub-block must
 * end there. */
static bool
dist_decode_sub (const EgdbHuff *huff,
                 const uint8_t  *data,
                 size_t          length,
                 const uint8_t  *wld,
                 uint32_t        from,
                 uint32_t        to,
                 bool            whole,
                 uint16_t       *out)
{
  uint32_t sub = from / EGDB_DIST_SUB;
  size_t start, end;
  BitReader r;
  int previous = -1;

  if (length < 2 * EGDB_DIST_SUBS)
    return false;
  start = data[2 * sub] | (size_t) data[2 * sub + 1] << 8;
  end = sub + 1 < EGDB_DIST_SUBS ? (data[2 * sub + 2] | (size_t) data[2 * sub + 3] << 8) : length;
  if (start > end || end > length)
    return false;
  r = (BitReader) { data + start, data + end, 0, 0 };
  for (uint32_t i = from; i < to; i++)
    {
      int s;
      uint32_t extra;

      if (wld[i] == EGDB_WLD_DRAW)
        {
          out[i] = 0;
          continue;
        }
      s = huff_get (&r, huff);
      if (s < 0)
        return false;
      if (s == EGDB_DIST_REPEAT)
        {
          if (previous < 0)
            return false;
          out[i] = (uint16_t) previous;
        }
      else if (s < EGDB_DIST_DIRECT)
        out[i] = (uint16_t) s;
      else
        {
          int j = s - EGDB_DIST_DIRECT;
          uint32_t k;

          if (!bits_get (&r, j, &extra))
            return false;
          k = EGDB_DIST_DIRECT - 1 + (1u << j) + extra;
          if (k > 0xfffe)
            return false;
          out[i] = (uint16_t) k;
        }
      previous = out[i];
    }
  /* Only padding may follow, less than a byte of it. */
  return !whole || (r.p == r.end && r.bits < 8);
}

bool
_dr_egdb_dist_decode (const EgdbHuff *huff,
                      const uint8_t  *data,
                      size_t          length,
                      const uint8_t  *wld,
                      uint32_t        n,
                      uint16_t       *out)
{
  for (uint32_t sub = 0; sub < EGDB_DIST_SUBS; sub++)
    {
      uint32_t from = MIN (n, sub * EGDB_DIST_SUB), to = MIN (n, (sub + 1) * EGDB_DIST_SUB);

      if (from == to)
        {
          /* Past the end of a short block: empty. */
          size_t start = data[2 * sub] | (size_t) data[2 * sub + 1] << 8;
          size_t end = sub + 1 < EGDB_DIST_SUBS ? (data[2 * sub + 2] | (size_t) data[2 * sub + 3] << 8) : length;
          if (length < 2 * EGDB_DIST_SUBS || start != end)
            return false;
          continue;
        }
      if (!dist_decode_sub (huff, data, length, wld, from, to, true, out))
        return false;
    }
  return true;
}

int
_dr_egdb_dist_decode_at (const EgdbHuff *huff,
                         const uint8_t  *data,
                         size_t          length,
                         const uint8_t  *wld,
                         uint32_t        at)
{
  uint16_t out[EGDB_BLOCK];
  uint32_t from = at / EGDB_DIST_SUB * EGDB_DIST_SUB;

  if (!dist_decode_sub (huff, data, length, wld, from, at + 1, false, out))
    return -1;
  return out[at];
}

void
_dr_egdb_wld_decode_range (const EgdbHuff *huff,
                           const uint8_t  *data,
                           size_t          length,
                           uint32_t        n,
                           uint32_t        from,
                           uint32_t        to,
                           uint8_t        *out,
                           bool           *ok)
{
  BitReader r = { data, data + length, 0, 0 };
  uint32_t pos = 0, v;
  uint8_t cur;

  *ok = false;
  if (to > n || !bits_get (&r, 2, &v) || v > 2)
    return;
  cur = (uint8_t) v;
  while (pos < to)
    {
      int s = huff_get (&r, huff), lg;
      uint32_t extra, count;

      if (s < 0)
        return;
      lg = s % EGDB_HUFF_LOG_MAX;
      if (!bits_get (&r, lg, &extra))
        return;
      if (pos > 0)
        cur = next_value (cur, s / EGDB_HUFF_LOG_MAX);
      count = (1u << lg) + extra;
      if (count > n - pos)
        return;
      for (uint32_t i = MAX (pos, from); i < MIN (pos + count, to); i++)
        out[i] = cur;
      pos += count;
    }
  *ok = true;
}
