/* dr-egdb-file.c — endgame databases: the file format, written and read
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Format 2 (issue 29) keeps a slice in two files: SLICE.egdb holds the
 * win/draw/loss value of every position, SLICE.dist the distances of its
 * wins and losses.  The search needs only the first; the board, the
 * solver and verify read the second when they want a line or a "win in
 * N".  Every number is little-endian.  Both files begin with a 256-byte
 * header:
 *
 *   0   "DRAUEGDB" (values) or "DRAUDIST" (distances)   magic
 *   8   u32 format version    DR_EGDB_FORMAT_VERSION (2)
 *   12  u32 header size       256
 *   16  char[16] variant      command-line name, NUL-padded (no NUL at 16 characters)
 *   32  u32 gametype          PDN GameType
 *   36  u8[4] slice           men, kings of the first side; of the second
 *   40  u32 parts             1 or 2
 *   44  u32 block             positions per block (4096)
 *   48  f64 build seconds
 *   56  u64 file size         the whole file: a shorter file is truncated
 *   64  u64 checksum          of every byte after the header
 *   72  part[2], 80 bytes each:
 *       u8[4] material (side to move first), u32 0 (format 1: value bytes),
 *       u64 positions, u32 blocks, u32 longest distance in plies,
 *       u64 index offset, u64 data offset, u64 wins, draws, losses, legal
 *       positions, u64 checksum of the part's index
 *   232 u64 checksum of bytes 0-231
 *
 * A part's index: the 48 code lengths of its Huffman code, n_blocks + 1
 * u32 block offsets (from the data offset), a u32 checksum per block;
 * then the blocks, 4096 positions each, coded on their own.
 *
 * Values.  Win, draw or loss for the side to move.  Positions whose side
 * to move must capture, and broken indices, are "don't care": they are
 * given the value of the run they sit in (the value before them, or for
 * the first of a block the first stored value after them), which makes
 * the fewest runs, and a probe never reads them: it resolves a capture
 * position by its captures, whose successors have fewer pieces.  A block
 * is its first value in 2 bits, then its runs: a Huffman code (one per
 * part) of the symbol (which, floor(log2 length)), "which" choosing
 * between the two values other than the run before, then the length's
 * low bits raw (dr-egdb-wld.c).  Probes go through a cache of decoded
 * blocks shared by the threads (a block read once is decoded up to the
 * value, read again it is decoded whole into the cache).
 *
 * Distances.  For each position whose (filled) value is a win or a loss,
 * k = (plies - parity) / 2, the parity 1 for a win and 0 for a loss (the
 * other way round in the giveaway games); draws take nothing.  A block is
 * 32 runs of 128 positions, each byte-aligned behind a table of 32 u16
 * offsets, each a Huffman code (one per part) of k below 32, of k's
 * class with raw bits above, or of "the same k as the last win or loss
 * of the run": a probe decodes one run.  The distance of a don't-care
 * position is the one before it.
 *
 * Format 1 (read only to be converted, egdb convert): one file, the
 * value and the distance in one number per position (0 draw, wins 1, 3,
 * 5 ..., losses 2, 4, 6 ...), 8-byte block offsets, blocks of 16 runs of
 * 256 values each run-length coded.  dr_egdb_open() refuses it, naming
 * the file and the command that converts it.
 *
 * Every block's checksum is checked the first time it is read; a block
 * that fails it, or does not decode, marks its file damaged, and the
 * message names the file, the block and the part.
 */

#define G_LOG_DOMAIN "dr-egdb"

#include "config.h"

#include "dr-egdb-wld-private.h"
#include "dr-bytes.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#define PART_DESC 72
#define PART_DESC_SIZE 80

guint64
_dr_egdb_file_checksum (const guint8 *data,
                        gsize         length)
{
  guint64 h = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^ length;
  gsize i = 0;

  for (; i + 8 <= length; i += 8)
    {
      guint64 w;

      memcpy (&w, data + i, 8);
      w = GUINT64_FROM_LE (w);
      h = (h ^ w) * G_GUINT64_CONSTANT (0x100000001b3);
      h ^= h >> 29;
    }
  for (; i < length; i++)
    h = (h ^ data[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  h ^= h >> 32;
  return h;
}

/* Encoding ---------------------------------------------------------------- */

static void
put_varint (GByteArray *out,
            guint64     v)
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

static void
put_symbol (GByteArray *out,
            guint16     v,
            int         width)
{
  guint8 b[2] = { (guint8) v, (guint8) (v >> 8) };
  g_byte_array_append (out, b, (guint) width);
}

static void
encode_block (GByteArray     *out,
              const guint16  *v,
              int             n,
              int             width)
{
  int i = 0;

  while (i < n)
    {
      int run = 1, lit;

      while (i + run < n && v[i + run] == v[i])
        run++;
      if (run >= 3 || i + run == n)
        {
          put_varint (out, (guint64) (run - 1) << 1);
          put_symbol (out, v[i], width);
          i += run;
          continue;
        }
      /* A literal up to the next run of three. */
      lit = 0;
      while (i + lit < n)
        {
          if (i + lit + 2 < n && v[i + lit] == v[i + lit + 1] && v[i + lit] == v[i + lit + 2])
            break;
          lit++;
        }
      put_varint (out, ((guint64) (lit - 1) << 1) | 1);
      for (int j = 0; j < lit; j++)
        put_symbol (out, v[i + j], width);
      i += lit;
    }
}

/* The header's common fields; the size and checksums come last. */
static void
header_init (guint8        *header,
             const char    *magic,
             guint32        version,
             const DrRules *rules,
             EgdbMaterial   slice,
             int            n_parts,
             double         build_seconds)
{
  guint64 bits;

  memcpy (header, magic, 8);
  dr_write_le32 (header + 8, version);
  dr_write_le32 (header + 12, EGDB_HEADER_SIZE);
  memcpy (header + 16, rules->name, MIN (strlen (rules->name), 16));
  dr_write_le32 (header + 32, (guint32) rules->gametype);
  header[36] = slice.m0, header[37] = slice.k0, header[38] = slice.m1, header[39] = slice.k1;
  dr_write_le32 (header + 40, (guint32) n_parts);
  dr_write_le32 (header + 44, EGDB_BLOCK);
  memcpy (&bits, &build_seconds, 8);
  dr_write_le64 (header + 48, bits);
}

typedef struct
{
  guint32 width, n_blocks, max_plies;
  guint64 n, index_at, data_at, wins, draws, losses, legal;
} PartDesc;

static void
put_desc (guint8           *header,
          int               p,
          EgdbMaterial      m,
          const PartDesc   *d,
          const GByteArray *out)
{
  guint8 *desc = header + PART_DESC + p * PART_DESC_SIZE;

  desc[0] = m.m0, desc[1] = m.k0, desc[2] = m.m1, desc[3] = m.k1;
  dr_write_le32 (desc + 4, d->width);
  dr_write_le64 (desc + 8, d->n);
  dr_write_le32 (desc + 16, d->n_blocks);
  dr_write_le32 (desc + 20, d->max_plies);
  dr_write_le64 (desc + 24, d->index_at);
  dr_write_le64 (desc + 32, d->data_at);
  dr_write_le64 (desc + 40, d->wins);
  dr_write_le64 (desc + 48, d->draws);
  dr_write_le64 (desc + 56, d->losses);
  dr_write_le64 (desc + 64, d->legal);
  dr_write_le64 (desc + 72, _dr_egdb_file_checksum (out->data + d->index_at, d->data_at - d->index_at));
}

/* The size and checksums, then the file (g_file_set_contents writes a
 * temporary file and renames it: a file under the table's name is always
 * complete). */
static gboolean
finish_file (GByteArray *out,
             guint8     *header,
             const char *path,
             GError    **error)
{
  dr_write_le64 (header + 56, out->len);
  dr_write_le64 (header + 64, _dr_egdb_file_checksum (out->data + EGDB_HEADER_SIZE, out->len - EGDB_HEADER_SIZE));
  dr_write_le64 (header + 232, _dr_egdb_file_checksum (header, 232));
  memcpy (out->data, header, EGDB_HEADER_SIZE);
  return g_file_set_contents (path, (const char *) out->data, (gssize) out->len, error);
}

static void
pad8 (GByteArray *out)
{
  while (out->len % 8 != 0)
    g_byte_array_append (out, (const guint8 *) "", 1);
}

/* A part of run-length coded values (format 1, distance files): its
 * index, block checksums and blocks, at the end of @out.  Don't-care
 * values take the value before them. */
static void
write_rle_part (GByteArray     *out,
                const guint16  *values,
                PartDesc       *d)
{
  g_autofree guint16 *block = g_new (guint16, EGDB_BLOCK);
  g_autofree guint64 *offsets = g_new0 (guint64, d->n_blocks + 1);
  g_autofree guint32 *sums = g_new0 (guint32, d->n_blocks);
  gsize sums_at;
  guint16 previous = 0;

  d->index_at = out->len;
  g_byte_array_set_size (out, (guint) (out->len + 8 * (d->n_blocks + 1)));
  sums_at = out->len;
  g_byte_array_set_size (out, (guint) (out->len + 4 * d->n_blocks));
  pad8 (out);
  d->data_at = out->len;
  for (guint32 b = 0; b < d->n_blocks; b++)
    {
      guint64 start = (guint64) b * EGDB_BLOCK;
      int count = (int) MIN ((guint64) EGDB_BLOCK, d->n - start);
      gsize block_at = out->len;

      for (int j = 0; j < count; j++)
        {
          guint16 v = values[start + (guint64) j];
          if (v == EGDB_DONT_CARE)
            v = previous;
          block[j] = previous = v;
        }
      offsets[b] = block_at - d->data_at;
      g_byte_array_set_size (out, (guint) (out->len + 2 * EGDB_SUBS));
      for (int sub = 0; sub < EGDB_SUBS; sub++)
        {
          int first = sub * EGDB_SUB;

          dr_write_le16 (out->data + block_at + 2 * sub, (guint16) (out->len - block_at));
          if (first < count)
            encode_block (out, block + first, MIN (EGDB_SUB, count - first), (int) d->width);
        }
      g_assert (out->len - block_at < 65536);
      sums[b] = (guint32) _dr_egdb_file_checksum (out->data + block_at, out->len - block_at);
    }
  offsets[d->n_blocks] = out->len - d->data_at;
  pad8 (out);
  for (guint32 b = 0; b <= d->n_blocks; b++)
    dr_write_le64 (out->data + d->index_at + 8 * b, offsets[b]);
  for (guint32 b = 0; b < d->n_blocks; b++)
    dr_write_le32 (out->data + sums_at + 4 * b, sums[b]);
}

/* The counts of a part's stored values (format 1 encoding). */
static void
count_values (const DrRules  *rules,
              const guint16  *values,
              PartDesc       *d)
{
  int parity = egdb_win_parity (rules);

  d->n_blocks = (guint32) ((d->n + EGDB_BLOCK - 1) / EGDB_BLOCK);
  for (guint64 i = 0; i < d->n; i++)
    {
      guint16 v = values[i];
      if (v == EGDB_DONT_CARE)
        continue;
      if (v == 0)
        d->draws++;
      else
        {
          guint32 k = (guint32) (v - 1) / 2;
          guint32 plies = 2 * k + ((v & 1) ? (guint32) parity : (guint32) (1 - parity));
          if (v & 1)
            d->wins++;
          else
            d->losses++;
          d->max_plies = MAX (d->max_plies, plies);
        }
    }
}

gboolean
_dr_egdb_table_write_v1 (const DrRules      *rules,
                         const char         *path,
                         EgdbMaterial        slice,
                         int                 n_parts,
                         const EgdbMaterial *parts,
                         uint16_t * const   *values,
                         const uint64_t     *n_values,
                         const uint64_t     *legal,
                         double              build_seconds,
                         GError            **error)
{
  g_autoptr (GByteArray) out = g_byte_array_new ();
  guint8 header[EGDB_HEADER_SIZE] = { 0 };

  g_byte_array_set_size (out, EGDB_HEADER_SIZE);
  header_init (header, EGDB_MAGIC, 1, rules, slice, n_parts, build_seconds);
  for (int p = 0; p < n_parts; p++)
    {
      PartDesc d = { .width = 1, .n = n_values[p], .legal = legal[p] };

      count_values (rules, values[p], &d);
      for (guint64 i = 0; i < d.n; i++)
        if (values[p][i] != EGDB_DONT_CARE && values[p][i] > 0xff)
          d.width = 2;
      write_rle_part (out, values[p], &d);
      put_desc (header, p, parts[p], &d, out);
    }
  return finish_file (out, header, path, error);
}

/* Format 2: a part of Huffman-coded blocks (see the top of the file):
 * the win/draw/loss values @wld (filled), or with @k the distances of
 * its wins and losses. */
static void
write_huff_part (GByteArray     *out,
                 const uint8_t  *wld,
                 const uint16_t *k,
                 PartDesc       *d)
{
  g_autofree guint32 *offsets = g_new0 (guint32, d->n_blocks + 1);
  uint64_t freq[EGDB_HUFF_SYMBOLS] = { 0 };
  g_autofree EgdbHuff *huff = g_new0 (EgdbHuff, 1);
  gsize offsets_at, sums_at;

  if (k == NULL)
    _dr_egdb_huff_count (wld, d->n, EGDB_BLOCK, freq);
  else
    _dr_egdb_dist_count (wld, k, d->n, freq);
  _dr_egdb_huff_build (huff, freq);

  d->index_at = out->len;
  g_byte_array_append (out, huff->length, EGDB_HUFF_SYMBOLS);
  offsets_at = out->len;
  g_byte_array_set_size (out, (guint) (out->len + 4 * (d->n_blocks + 1)));
  sums_at = out->len;
  g_byte_array_set_size (out, (guint) (out->len + 4 * d->n_blocks));
  pad8 (out);
  d->data_at = out->len;
  for (guint32 b = 0; b < d->n_blocks; b++)
    {
      guint64 start = (guint64) b * EGDB_BLOCK;
      guint32 count = (guint32) MIN ((guint64) EGDB_BLOCK, d->n - start);
      gsize block_at = out->len;

      offsets[b] = (guint32) (block_at - d->data_at);
      if (k == NULL)
        _dr_egdb_wld_encode (EGDB_CODEC_HUFF, huff, wld + start, count, out);
      else
        _dr_egdb_dist_encode (huff, wld + start, k + start, count, out);
      dr_write_le32 (out->data + sums_at + 4 * b,
             (guint32) _dr_egdb_file_checksum (out->data + block_at, out->len - block_at));
    }
  g_assert (out->len - d->data_at < G_MAXUINT32);
  offsets[d->n_blocks] = (guint32) (out->len - d->data_at);
  pad8 (out);
  for (guint32 b = 0; b <= d->n_blocks; b++)
    dr_write_le32 (out->data + offsets_at + 4 * b, offsets[b]);
}

gboolean
_dr_egdb_table_write (const DrRules      *rules,
                      const char         *path,
                      EgdbMaterial        slice,
                      int                 n_parts,
                      const EgdbMaterial *parts,
                      uint16_t * const   *values,
                      const uint64_t     *n_values,
                      const uint64_t     *legal,
                      double              build_seconds,
                      GError            **error)
{
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autoptr (GByteArray) dist = g_byte_array_new ();
  guint8 header[EGDB_HEADER_SIZE] = { 0 };
  guint8 dist_header[EGDB_HEADER_SIZE] = { 0 };
  g_autofree char *dist_path = _dr_egdb_dist_path (path);

  g_byte_array_set_size (out, EGDB_HEADER_SIZE);
  g_byte_array_set_size (dist, EGDB_HEADER_SIZE);
  header_init (header, EGDB_MAGIC, DR_EGDB_FORMAT_VERSION, rules, slice, n_parts, build_seconds);
  header_init (dist_header, EGDB_DIST_MAGIC, DR_EGDB_FORMAT_VERSION, rules, slice, n_parts, build_seconds);
  for (int p = 0; p < n_parts; p++)
    {
      PartDesc d = { .width = 0, .n = n_values[p], .legal = legal[p] };
      PartDesc dd;
      g_autofree guint16 *k = g_new (guint16, MAX (d.n, 1));
      g_autofree uint8_t *wld = g_malloc (MAX (d.n, 1));
      g_autofree uint8_t *why = g_malloc (MAX (d.n, 1));
      guint16 previous = 0;

      count_values (rules, values[p], &d);
      dd = d;
      /* Free positions (don't care) take the value of their run. */
      for (guint64 i = 0; i < d.n; i++)
        {
          guint16 v = values[p][i];

          why[i] = v == EGDB_DONT_CARE ? EGDB_FREE_CAPTURE : EGDB_FREE_NONE;
          wld[i] = v == EGDB_DONT_CARE || v == 0 ? EGDB_WLD_DRAW : (v & 1) ? EGDB_WLD_WIN : EGDB_WLD_LOSS;
        }
      _dr_egdb_wld_fill (wld, why, d.n, EGDB_BLOCK);
      write_huff_part (out, wld, NULL, &d);
      put_desc (header, p, parts[p], &d, out);
      /* The distances k = (v - 1) / 2 of the wins and losses, the
       * win/draw/loss file telling which; a free position given a win or
       * a loss repeats the distance before it. */
      for (guint64 i = 0; i < d.n; i++)
        {
          guint16 v = values[p][i];
          if (i % EGDB_BLOCK == 0)
            previous = 0;
          if (v != EGDB_DONT_CARE && v != 0)
            previous = (guint16) ((v - 1) / 2);
          k[i] = previous;
        }
      write_huff_part (dist, wld, k, &dd);
      put_desc (dist_header, p, parts[p], &dd, dist);
    }
  /* The distances first: a win/draw/loss file is never without them. */
  return finish_file (dist, dist_header, dist_path, error)
         && finish_file (out, header, path, error);
}

char *
_dr_egdb_dist_path (const char *path)
{
  if (g_str_has_suffix (path, ".egdb"))
    {
      g_autofree char *stem = g_strndup (path, strlen (path) - 5);
      return g_strconcat (stem, EGDB_DIST_SUFFIX, NULL);
    }
  return g_strconcat (path, EGDB_DIST_SUFFIX, NULL);
}

/* Reading ------------------------------------------------------------------ */

/* Offset of block @b's start (of its end for @b == n_blocks) from the
 * part's data. */
static inline guint64
block_offset (const EgdbPart *part,
              guint32         b)
{
  if (part->offsets32 != NULL)
    return GUINT32_FROM_LE (part->offsets32[b]);
  return GUINT64_FROM_LE (part->offsets[b]);
}

void
_dr_egdb_block_span (const EgdbPart *part,
                     uint32_t        b,
                     guint64        *at,
                     guint64        *length)
{
  *at = part->data_offset + block_offset (part, b);
  *length = block_offset (part, b + 1) - block_offset (part, b);
}

static gboolean
corrupt (GError    **error,
         const char *path,
         const char *what)
{
  g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
               _("endgame table %s is refused: %s"), path, what);
  return FALSE;
}

void
_dr_egdb_table_free (EgdbTable *table)
{
  if (table == NULL)
    return;
  for (int p = 0; p < 2; p++)
    {
      g_free (table->parts[p].block_state);
      g_free (table->parts[p].huff);
    }
  _dr_egdb_table_free (table->dist);
  if (table->file != NULL)
    g_mapped_file_unref (table->file);
  g_free (table->name);
  g_free (table->path);
  g_free (table);
}

EgdbTable *
_dr_egdb_table_open_kind (const DrRules *rules,
                          const char    *path,
                          EgdbKind       kind,
                          GError       **error)
{
  guint32 version = kind == EGDB_KIND_V1 ? 1 : DR_EGDB_FORMAT_VERSION;
  g_autoptr (GError) local = NULL;
  GMappedFile *file = g_mapped_file_new (path, FALSE, &local);
  EgdbTable *table;
  const guint8 *h;
  gsize size;
  char variant[17] = { 0 };
  EgdbBoard board;

  if (file == NULL)
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_IO, _("cannot read endgame table %s: %s"),
                   path, local->message);
      return NULL;
    }
  table = g_new0 (EgdbTable, 1);
  table->file = file;
  table->path = g_strdup (path);
  h = (const guint8 *) g_mapped_file_get_contents (file);
  size = g_mapped_file_get_length (file);
  table->file_size = size;
  if (size < EGDB_HEADER_SIZE)
    {
      g_autofree char *what = g_strdup_printf (_("truncated: %llu bytes, shorter than its header"), (unsigned long long) size);
      corrupt (error, path, what);
      goto fail;
    }
  table->kind = kind;
  if (memcmp (h, kind == EGDB_KIND_DIST ? EGDB_DIST_MAGIC : EGDB_MAGIC, 8) != 0)
    {
      corrupt (error, path, kind == EGDB_KIND_DIST ? _("not a Draughtsman distance file (bad magic)")
                                                   : _("not a Draughtsman endgame table (bad magic)"));
      goto fail;
    }
  if (kind == EGDB_KIND_WLD && dr_read_le32 (h + 8) == 1)
    {
      /* The format before win/draw/loss and distances were apart. */
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
                   _("endgame table %s is refused: it is in format 1 (values with distances), "
                     "this program reads format %u; convert it with "
                     "“draughtsman-cli egdb convert --variant %s --dir DIR” (DIR holding %s/), "
                     "or build it again"),
                   path, DR_EGDB_FORMAT_VERSION, rules->name, rules->name);
      goto fail;
    }
  if (dr_read_le32 (h + 8) != version || dr_read_le32 (h + 12) != EGDB_HEADER_SIZE)
    {
      g_autofree char *what = g_strdup_printf (_("format version %u, this program reads version %u"),
                                               dr_read_le32 (h + 8), version);
      corrupt (error, path, what);
      goto fail;
    }
  if (dr_read_le64 (h + 232) != _dr_egdb_file_checksum (h, 232))
    {
      corrupt (error, path, _("the header fails its checksum"));
      goto fail;
    }
  if (dr_read_le64 (h + 56) != size)
    {
      g_autofree char *what = g_strdup_printf (_("truncated or extended: %llu bytes, the header says %llu"),
                                               (unsigned long long) size, (unsigned long long) dr_read_le64 (h + 56));
      corrupt (error, path, what);
      goto fail;
    }
  memcpy (variant, h + 16, 16);
  if (strcmp (variant, rules->name) != 0 || dr_read_le32 (h + 32) != (guint32) rules->gametype)
    {
      g_autofree char *what = g_strdup_printf (_("it is a table of %s, not %s"), variant, rules->name);
      corrupt (error, path, what);
      goto fail;
    }
  if (dr_read_le32 (h + 44) != EGDB_BLOCK || dr_read_le32 (h + 40) < 1 || dr_read_le32 (h + 40) > 2)
    {
      corrupt (error, path, _("bad block size or part count"));
      goto fail;
    }
  table->slice.m0 = h[36], table->slice.k0 = h[37], table->slice.m1 = h[38], table->slice.k1 = h[39];
  if (table->slice.m0 + table->slice.k0 + table->slice.m1 + table->slice.k1 > EGDB_MAX_PIECES
      || table->slice.m0 + table->slice.k0 == 0 || table->slice.m1 + table->slice.k1 == 0)
    {
      corrupt (error, path, _("bad slice"));
      goto fail;
    }
  table->name = _dr_egdb_material_name (table->slice);
  table->n_parts = (int) dr_read_le32 (h + 40);
  table->checksum = dr_read_le64 (h + 64);
  {
    guint64 bits = dr_read_le64 (h + 48);
    memcpy (&table->build_seconds, &bits, 8);
  }
  _dr_egdb_board_init (&board, rules);
  for (int p = 0; p < table->n_parts; p++)
    {
      const guint8 *desc = h + PART_DESC + p * PART_DESC_SIZE;
      EgdbPart *part = &table->parts[p];
      guint64 index_min, last;
      EgdbMaterial expected = p == 0 ? table->slice : _dr_egdb_swap (table->slice);

      part->table = table;
      part->index = p;
      part->material.m0 = desc[0], part->material.k0 = desc[1];
      part->material.m1 = desc[2], part->material.k1 = desc[3];
      part->value_bytes = dr_read_le32 (desc + 4);
      part->n_values = dr_read_le64 (desc + 8);
      part->n_blocks = dr_read_le32 (desc + 16);
      part->max_plies = dr_read_le32 (desc + 20);
      part->index_offset = dr_read_le64 (desc + 24);
      part->data_offset = dr_read_le64 (desc + 32);
      part->wins = dr_read_le64 (desc + 40);
      part->draws = dr_read_le64 (desc + 48);
      part->losses = dr_read_le64 (desc + 56);
      part->legal = dr_read_le64 (desc + 64);
      /* A win/draw/loss part's index: the code's lengths, then 4-byte
       * offsets and checksums; else 8-byte offsets and 4-byte sums. */
      index_min = kind != EGDB_KIND_V1 ? EGDB_HUFF_SYMBOLS + 8 * (guint64) part->n_blocks + 4
                                        : 12 * (guint64) part->n_blocks + 8;
      if (!_dr_egdb_material_equal (part->material, expected)
          || (kind != EGDB_KIND_V1 ? part->value_bytes != 0
                                    : part->value_bytes != 1 && part->value_bytes != 2)
          || part->n_values != _dr_egdb_part_size (&board, part->material)
          || part->n_blocks != (part->n_values + EGDB_BLOCK - 1) / EGDB_BLOCK
          || part->index_offset % 8 != 0
          || part->index_offset < EGDB_HEADER_SIZE
          || part->data_offset > size
          /* Differences, not sums: offsets near 2^64 must not wrap. */
          || part->index_offset > part->data_offset
          || index_min > part->data_offset - part->index_offset)
        {
          corrupt (error, path, _("a part's description does not fit the slice or the file"));
          goto fail;
        }
      if (dr_read_le64 (desc + 72) != _dr_egdb_file_checksum (h + part->index_offset,
                                                       part->data_offset - part->index_offset))
        {
          corrupt (error, path, _("a block index fails its checksum"));
          goto fail;
        }
      part->data = h + part->data_offset;
      if (kind != EGDB_KIND_V1)
        {
          const guint8 *at = h + part->index_offset;

          part->huff = g_new0 (EgdbHuff, 1);
          if (!_dr_egdb_huff_from_lengths (part->huff, at))
            {
              corrupt (error, path, _("a part's run code is not a prefix code"));
              goto fail;
            }
          part->offsets32 = (const guint32 *) (const void *) (at + EGDB_HUFF_SYMBOLS);
          part->block_sums = part->offsets32 + part->n_blocks + 1;
        }
      else
        {
          part->offsets = (const guint64 *) (const void *) (h + part->index_offset);
          part->block_sums = (const guint32 *) (const void *) (h + part->index_offset + 8 * (part->n_blocks + 1));
        }
      for (guint32 b = 0; b < part->n_blocks; b++)
        if (block_offset (part, b) > block_offset (part, b + 1))
          {
            corrupt (error, path, _("a block index is out of order"));
            goto fail;
          }
      last = block_offset (part, part->n_blocks);
      if (last > size - part->data_offset)
        {
          corrupt (error, path, _("blocks run past the end of the file"));
          goto fail;
        }
      part->block_state = g_new0 (atomic_uchar, MAX (part->n_blocks, 1));
    }
  return table;

fail:
  _dr_egdb_table_free (table);
  return NULL;
}

EgdbTable *
_dr_egdb_table_open (const DrRules *rules,
                     const char    *path,
                     GError       **error)
{
  EgdbTable *table = _dr_egdb_table_open_kind (rules, path, EGDB_KIND_WLD, error);
  g_autofree char *dist_path = NULL;

  if (table == NULL)
    return NULL;
  dist_path = _dr_egdb_dist_path (path);
  if (!g_file_test (dist_path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_MISSING,
                   _("endgame table %s is refused: its distance file %s is missing; "
                     "build the slice again (egdb build)"), path, dist_path);
      _dr_egdb_table_free (table);
      return NULL;
    }
  table->dist = _dr_egdb_table_open_kind (rules, dist_path, EGDB_KIND_DIST, error);
  if (table->dist == NULL)
    {
      _dr_egdb_table_free (table);
      return NULL;
    }
  if (!_dr_egdb_material_equal (table->slice, table->dist->slice)
      || table->n_parts != table->dist->n_parts)
    {
      corrupt (error, dist_path, _("it is not the distance file of its table"));
      _dr_egdb_table_free (table);
      return NULL;
    }
  for (int p = 0; p < table->n_parts; p++)
    table->parts[p].dist = &table->dist->parts[p];
  return table;
}

static inline const guint8 *
get_varint (const guint8 *p,
            const guint8 *end,
            guint64      *v)
{
  guint64 x = 0;
  int shift = 0;

  while (p < end && shift < 64)
    {
      guint8 b = *p++;
      x |= (guint64) (b & 0x7f) << shift;
      if ((b & 0x80) == 0)
        {
          *v = x;
          return p;
        }
      shift += 7;
    }
  return NULL;
}

void
_dr_egdb_part_damaged (const EgdbPart *part,
                       uint32_t        b)
{
  uint_fast64_t none = 0;

  atomic_compare_exchange_strong (&part->table->damage, &none,
                                  ((uint_fast64_t) part->index << 32 | b) + 1);
}

void
_dr_egdb_damage_error (const EgdbTable  *table,
                       GError          **error)
{
  uint_fast64_t d = atomic_load (&((EgdbTable *) table)->damage) - 1;

  g_set_error (error, DR_EGDB_ERROR, DR_EGDB_ERROR_CORRUPT,
               _("endgame table %s is damaged: block %u of part %u fails its checksum; "
                 "delete the file and build it again (egdb build)"),
               table->path, (unsigned) (d & 0xffffffffu), (unsigned) (d >> 32));
}

/* Is block @b sound?  Its checksum is computed the first time it is read;
 * a damaged block marks its table damaged. */
static inline bool
block_sound (const EgdbPart *part,
             guint32         b)
{
  unsigned char state = atomic_load_explicit (&part->block_state[b], memory_order_relaxed);

  if (state == 0)
    {
      guint64 start = block_offset (part, b);
      guint64 end = block_offset (part, b + 1);
      guint32 sum = (guint32) _dr_egdb_file_checksum (part->data + start, end - start);

      state = sum == GUINT32_FROM_LE (part->block_sums[b]) ? 1 : 2;
      atomic_store_explicit (&part->block_state[b], state, memory_order_relaxed);
    }
  if (state != 1)
    _dr_egdb_part_damaged (part, b);
  return state == 1;
}

static int
part_value (const EgdbPart *part,
            uint64_t        index)
{
  guint32 b = (guint32) (index / EGDB_BLOCK);
  guint64 off = index % EGDB_BLOCK;
  const guint8 *block, *p, *end;
  guint64 length, sub_at, sub_end;
  int width = (int) part->value_bytes;
  int sub = (int) (off / EGDB_SUB);

  if (index >= part->n_values || !block_sound (part, b))
    return -1;
  block = part->data + block_offset (part, b);
  length = block_offset (part, b + 1) - block_offset (part, b);
  if (length < 2 * EGDB_SUBS)
    return -1;
  sub_at = (guint64) (block[2 * sub] | block[2 * sub + 1] << 8);
  sub_end = sub + 1 < EGDB_SUBS ? (guint64) (block[2 * sub + 2] | block[2 * sub + 3] << 8) : length;
  if (sub_at > sub_end || sub_end > length)
    return -1;
  p = block + sub_at;
  end = block + sub_end;
  off -= (guint64) sub * EGDB_SUB;
  while (p < end)
    {
      guint64 h, count;

      p = get_varint (p, end, &h);
      if (p == NULL)
        return -1;
      count = (h >> 1) + 1;
      if ((h & 1) == 0)
        {
          if (p + width > end)
            return -1;
          if (off < count)
            return width == 1 ? p[0] : p[0] | p[1] << 8;
          p += width;
        }
      else
        {
          if (count > (guint64) (end - p) / (guint64) width)
            return -1;
          if (off < count)
            {
              const guint8 *q = p + off * (guint64) width;
              return width == 1 ? q[0] : q[0] | q[1] << 8;
            }
          p += count * (guint64) width;
        }
      off -= count;
    }
  return -1;
}

int
_dr_egdb_part_value (const EgdbPart *part,
                     uint64_t        index)
{
  int v;

  /* A table found damaged is absent, whatever block is asked for. */
  if (atomic_load_explicit (&part->table->damage, memory_order_relaxed) != 0)
    return -1;
  v = part_value (part, index);
  /* A block that passes its checksum but does not decode is damaged
   * too (a checksum collision, or a writer's bug). */
  if (v < 0)
    _dr_egdb_part_damaged (part, (guint32) MIN (index / EGDB_BLOCK, (guint64) part->n_blocks));
  return v;
}

static bool
rle_block (const EgdbPart *part,
           uint32_t        b,
           uint16_t       *out)
{
  const guint8 *block;
  int width = (int) part->value_bytes;
  guint64 n = MIN ((guint64) EGDB_BLOCK, part->n_values - (guint64) b * EGDB_BLOCK), at = 0, length;

  if (b >= part->n_blocks || !block_sound (part, b))
    return false;
  block = part->data + block_offset (part, b);
  length = block_offset (part, b + 1) - block_offset (part, b);
  if (length < 2 * EGDB_SUBS)
    return false;
  for (int sub = 0; sub < EGDB_SUBS; sub++)
    {
      guint64 sub_at = (guint64) (block[2 * sub] | block[2 * sub + 1] << 8);
      guint64 sub_end = sub + 1 < EGDB_SUBS ? (guint64) (block[2 * sub + 2] | block[2 * sub + 3] << 8) : length;
      guint64 limit = MIN (n, (guint64) (sub + 1) * EGDB_SUB);
      const guint8 *p, *end;

      if (sub_at > sub_end || sub_end > length || at != MIN (n, (guint64) sub * EGDB_SUB))
        return false;
      p = block + sub_at;
      end = block + sub_end;
      while (p < end)
        {
          guint64 h, count;

          p = get_varint (p, end, &h);
          if (p == NULL)
            return false;
          count = (h >> 1) + 1;
          if (count > limit - at)
            return false;
          if ((h & 1) == 0)
            {
              guint16 v;
              if (p + width > end)
                return false;
              v = width == 1 ? p[0] : (guint16) (p[0] | p[1] << 8);
              for (guint64 i = 0; i < count; i++)
                out[at++] = v;
              p += width;
            }
          else
            {
              if (count > (guint64) (end - p) / (guint64) width)
                return false;
              for (guint64 i = 0; i < count; i++, p += width)
                out[at++] = width == 1 ? p[0] : (guint16) (p[0] | p[1] << 8);
            }
        }
      if (at != limit)
        return false;
    }
  return at == n;
}

EgdbTable *
_dr_egdb_table_open_any (const DrRules *rules,
                         const char    *path,
                         GError       **error)
{
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, NULL);

  if (file != NULL && g_mapped_file_get_length (file) >= 12
      && memcmp (g_mapped_file_get_contents (file), EGDB_MAGIC, 8) == 0
      && dr_read_le32 ((const guint8 *) g_mapped_file_get_contents (file) + 8) == 1)
    return _dr_egdb_table_open_kind (rules, path, EGDB_KIND_V1, error);
  return _dr_egdb_table_open (rules, path, error);
}

/* The block cache --------------------------------------------------------- */

/* Decoded win/draw/loss blocks, a byte a position, in a direct-mapped
 * table shared by the threads that probe.  Each slot is a sequence lock:
 * a writer makes its counter odd, stores the key and the values, and
 * makes it even again; a reader that sees the same even counter before
 * and after reading its value and the key has both from one writer.
 * Everything is atomic (relaxed, ordered by the fences): no lock, no
 * allocation, and a slot another thread is filling is just a miss. */
#define CACHE_BITS  10
#define CACHE_SLOTS (1u << CACHE_BITS)
#define CACHE_WORDS (EGDB_BLOCK / 8)

typedef struct
{
  atomic_uint_fast64_t seq;
  atomic_uint_fast64_t key;
  atomic_uint_fast64_t hint;    /* the key of the last miss: filled on its second */
  atomic_uint_fast64_t words[CACHE_WORDS];
} CacheSlot;

#define MEMO_BITS 18

struct _EgdbCache
{
  CacheSlot slots[CACHE_SLOTS];
  atomic_uint_fast64_t memo[1u << MEMO_BITS];
  /* Distances asked for (_dr_egdb_cache_distance_reads()): the search
   * asks for none but at its root, so the counter costs it nothing. */
  atomic_uint_fast64_t distance_reads;
};

EgdbCache *
_dr_egdb_cache_new (void)
{
  /* Zeroed pages, committed as slots are used: all-zero atomics are
   * zero-initialised atomics (key 0 is no block's). */
  return g_new0 (EgdbCache, 1);
}

void
_dr_egdb_cache_free (EgdbCache *cache)
{
  g_free (cache);
}

guint64
_dr_egdb_cache_distance_reads (EgdbCache *cache)
{
  return atomic_load_explicit (&cache->distance_reads, memory_order_relaxed);
}

static inline guint64
cache_key (const EgdbPart *part,
           guint32         b)
{
  return ((guint64) part->table->serial << 33 | (guint64) part->index << 32 | b) + 1;
}

static inline CacheSlot *
cache_slot (EgdbCache *cache,
            guint64    key)
{
  return &cache->slots[(key * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> (64 - CACHE_BITS)];
}

/* The value at @at of the block of @key, or -1 if it is not cached. */
static inline int
cache_get (EgdbCache *cache,
           guint64    key,
           guint32    at)
{
  CacheSlot *slot = cache_slot (cache, key);
  guint64 s1 = atomic_load_explicit (&slot->seq, memory_order_acquire), word, k;

  if (s1 & 1)
    return -1;
  /* Acquire loads, not a fence (ThreadSanitizer does not model fences):
   * the second read of seq cannot move before them. */
  k = atomic_load_explicit (&slot->key, memory_order_acquire);
  word = atomic_load_explicit (&slot->words[at / 8], memory_order_acquire);
  if (k != key || atomic_load_explicit (&slot->seq, memory_order_relaxed) != s1)
    return -1;
  return (int) ((word >> (8 * (at % 8))) & 0xff);
}

/* Values [@from, @to) of the block of @key into @out (at the same
 * places); FALSE if it is not cached. */
static bool
cache_get_range (EgdbCache *cache,
                 guint64    key,
                 guint32    from,
                 guint32    to,
                 guint8    *out)
{
  CacheSlot *slot = cache_slot (cache, key);
  guint64 s1 = atomic_load_explicit (&slot->seq, memory_order_acquire);

  if ((s1 & 1) || atomic_load_explicit (&slot->key, memory_order_relaxed) != key)
    return false;
  for (guint32 w = from / 8; w < (to + 7) / 8; w++)
    {
      guint64 word = GUINT64_TO_LE (atomic_load_explicit (&slot->words[w], memory_order_acquire));
      memcpy (out + 8 * w, &word, 8);
    }
  return atomic_load_explicit (&slot->key, memory_order_acquire) == key
         && atomic_load_explicit (&slot->seq, memory_order_relaxed) == s1;
}

static void
cache_put (EgdbCache     *cache,
           guint64        key,
           const guint8  *values)
{
  CacheSlot *slot = cache_slot (cache, key);
  uint_fast64_t s = atomic_load_explicit (&slot->seq, memory_order_relaxed);

  /* Another thread is writing it: leave it to that one. */
  /* Acquire-release on taking the slot: the stores below cannot move
   * before it (no fence: ThreadSanitizer does not model them). */
  if ((s & 1) || !atomic_compare_exchange_strong_explicit (&slot->seq, &s, s + 1,
                                                           memory_order_acq_rel,
                                                           memory_order_relaxed))
    return;
  /* Release stores: a reader that acquires one of them sees seq odd. */
  atomic_store_explicit (&slot->key, key, memory_order_release);
  for (guint w = 0; w < CACHE_WORDS; w++)
    {
      guint64 word;
      memcpy (&word, values + 8 * w, 8);
      atomic_store_explicit (&slot->words[w], GUINT64_FROM_LE (word), memory_order_release);
    }
  atomic_store_explicit (&slot->seq, s + 2, memory_order_release);
}

/* Win/draw/loss blocks ------------------------------------------------------ */

static inline guint32
block_values (const EgdbPart *part,
              guint32         b)
{
  return (guint32) MIN ((guint64) EGDB_BLOCK, part->n_values - (guint64) b * EGDB_BLOCK);
}

/* Decodes block @b of a win/draw/loss part into @out; FALSE if the block
 * is damaged (marked so). */
static bool
wld_block (const EgdbPart *part,
           guint32         b,
           guint8         *out)
{
  guint64 start, end;

  if (b >= part->n_blocks || !block_sound (part, b))
    return false;
  start = block_offset (part, b);
  end = block_offset (part, b + 1);
  if (!_dr_egdb_wld_decode (EGDB_CODEC_HUFF, part->huff, part->data + start, end - start,
                            block_values (part, b), out))
    {
      _dr_egdb_part_damaged (part, b);
      return false;
    }
  return true;
}

int
_dr_egdb_part_wld (const EgdbPart *part,
                   uint64_t        index)
{
  EgdbCache *cache = part->table->cache;
  guint32 b = (guint32) (index / EGDB_BLOCK), at = (guint32) (index % EGDB_BLOCK);
  guint64 key;
  int v;

  if (index >= part->n_values
      || atomic_load_explicit (&part->table->damage, memory_order_relaxed) != 0)
    return -1;
  if (cache == NULL)
    {
      guint64 start = block_offset (part, b), end = block_offset (part, b + 1);

      if (!block_sound (part, b))
        return -1;
      v = _dr_egdb_wld_decode_at (EGDB_CODEC_HUFF, part->huff, part->data + start, end - start,
                                  block_values (part, b), at);
      if (v < 0 || v > 2)
        {
          _dr_egdb_part_damaged (part, b);
          return -1;
        }
      return v;
    }
  key = cache_key (part, b);
  v = cache_get (cache, key, at);
  if (v < 0)
    {
      CacheSlot *slot = cache_slot (cache, key);
      guint8 values[EGDB_BLOCK] = { 0 };

      /* A block read once is decoded up to the value; read again while
       * its slot holds no other, whole into the cache. */
      if (atomic_exchange_explicit (&slot->hint, key, memory_order_relaxed) != key)
        {
          guint64 start = block_offset (part, b), end = block_offset (part, b + 1);

          if (!block_sound (part, b))
            return -1;
          v = _dr_egdb_wld_decode_at (EGDB_CODEC_HUFF, part->huff, part->data + start, end - start,
                                      block_values (part, b), at);
          if (v < 0 || v > 2)
            {
              _dr_egdb_part_damaged (part, b);
              return -1;
            }
          return v;
        }
      if (!wld_block (part, b, values))
        return -1;
      cache_put (cache, key, values);
      v = values[at];
    }
  return v;
}

/* Decodes the distances of block @b of a win/draw/loss part into @out,
 * @wld its decoded values; FALSE if the distance file's block is damaged
 * (marked so). */
static bool
dist_block (const EgdbPart *part,
            guint32         b,
            const guint8   *wld,
            guint16        *out)
{
  const EgdbPart *dist = part->dist;
  guint64 start, end;

  if (atomic_load_explicit (&dist->table->damage, memory_order_relaxed) != 0
      || b >= dist->n_blocks || !block_sound (dist, b))
    return false;
  start = block_offset (dist, b);
  end = block_offset (dist, b + 1);
  if (!_dr_egdb_dist_decode (dist->huff, dist->data + start, end - start, wld,
                             block_values (part, b), out))
    {
      _dr_egdb_part_damaged (dist, b);
      return false;
    }
  return true;
}

static inline int
dist_probe (const EgdbPart *part,
            uint64_t        index)
{
  const EgdbPart *dist = part->dist;
  EgdbCache *cache = part->table->cache;
  guint32 b = (guint32) (index / EGDB_BLOCK), at = (guint32) (index % EGDB_BLOCK);
  guint32 from = at / EGDB_DIST_SUB * EGDB_DIST_SUB;
  guint8 wld[EGDB_BLOCK];
  guint64 start, end;
  int k;

  if (index >= part->n_values
      || atomic_load_explicit (&dist->table->damage, memory_order_relaxed) != 0)
    return -1;
  /* The win/draw/loss values of the run of 256, from the cache if they
   * are there. */
  if (cache == NULL || !cache_get_range (cache, cache_key (part, b), from, at + 1, wld))
    {
      bool ok;

      if (!block_sound (part, b))
        return -1;
      start = block_offset (part, b);
      end = block_offset (part, b + 1);
      _dr_egdb_wld_decode_range (part->huff, part->data + start, end - start, block_values (part, b),
                                 from, at + 1, wld, &ok);
      if (!ok)
        {
          _dr_egdb_part_damaged (part, b);
          return -1;
        }
    }
  if (!block_sound (dist, b))
    return -1;
  start = block_offset (dist, b);
  end = block_offset (dist, b + 1);
  k = _dr_egdb_dist_decode_at (dist->huff, dist->data + start, end - start, wld, at);
  if (k < 0)
    _dr_egdb_part_damaged (dist, b);
  return k;
}

/* The distances last read, a position a word: its key (table, part,
 * index) above 16 bits of k.  One atomic word each: no lock. */
int
_dr_egdb_part_dist (const EgdbPart *part,
                    uint64_t        index)
{
  EgdbCache *cache = part->table->cache;
  guint64 key, slot, word;
  int k;

  if (cache == NULL || index >= part->n_values)
    return dist_probe (part, index);
  atomic_fetch_add_explicit (&cache->distance_reads, 1, memory_order_relaxed);
  key = ((guint64) part->table->serial << 33 | (guint64) part->index << 32 | index) + 1;
  slot = (key * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> (64 - MEMO_BITS);
  word = atomic_load_explicit (&cache->memo[slot], memory_order_relaxed);
  if (word >> 16 == key)
    return (int) (word & 0xffff);
  k = dist_probe (part, index);
  if (k >= 0 && k < 0xffff && key < (G_GUINT64_CONSTANT (1) << 48))
    atomic_store_explicit (&cache->memo[slot], key << 16 | (guint64) k, memory_order_relaxed);
  return k;
}

bool
_dr_egdb_part_block (const EgdbPart *part,
                     uint32_t        b,
                     uint16_t       *out)
{
  g_autofree guint8 *wld = NULL;
  guint32 n;

  if (part->table->kind != EGDB_KIND_WLD)
    return rle_block (part, b, out);
  wld = g_malloc (EGDB_BLOCK);
  if (!wld_block (part, b, wld) || !dist_block (part, b, wld, out))
    return false;
  /* The values as format 1 has them. */
  n = block_values (part, b);
  for (guint32 i = 0; i < n; i++)
    out[i] = wld[i] == EGDB_WLD_DRAW ? 0 : (guint16) (2 * out[i] + (wld[i] == EGDB_WLD_WIN ? 1 : 2));
  return true;
}

char *
_dr_egdb_table_path (const DrRules *rules,
                     const char    *dir,
                     EgdbMaterial   slice)
{
  g_autofree char *name = _dr_egdb_material_name (_dr_egdb_canonical (slice));
  g_autofree char *file = g_strconcat (name, ".egdb", NULL);
  g_autofree char *def = dir == NULL ? dr_egdb_default_dir () : NULL;

  return g_build_filename (dir != NULL ? dir : def, rules->name, file, NULL);
}
