/* fuzz-egdb.c — libFuzzer harness for the endgame table file reader
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Input: one byte that picks the variant (fuzz_rules()), one byte of
 * flags, then a table file (dr-egdb-file.c).  The flags ask the harness to
 * make the file's checksums right before it is read: bit 0 the header's
 * (and its file size), bit 1 each part's block index, bit 2 each block;
 * bit 3 reads the file as a format-2 win/draw/loss file (4-byte offsets
 * after the code's lengths), else as format 1.
 * Without that, a mutated file is refused at its first checksum and the
 * checks behind it are never reached; with it, the fuzzer reaches them as
 * a damaged or hostile file that was written with right checksums would.
 *
 * What must hold: _dr_egdb_table_open_kind() refuses a file with an error
 * or returns a table that can be read within the file; each block that
 * _dr_egdb_part_block() decodes (format 1) gives the same values as
 * _dr_egdb_part_value() one by one, each win/draw/loss block that decodes
 * whole the same as _dr_egdb_part_wld(), and an index past the part is -1.
 */

#define _GNU_SOURCE

#include "config.h"

#include "fuzz-common.h"

#include "dr-bytes.h"
#include "dr-egdb-wld-private.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The smallest real tables (two and three pieces) are 1 to 10 KiB. */
#define FUZZ_MAX_INPUT (16 * 1024)
/* Header layout (dr-egdb-file.c). */
#define PART_DESC 72
#define PART_DESC_SIZE 80
#define FIX_HEADER 1
#define FIX_INDEX  2
#define FIX_BLOCKS 4
#define FORMAT_2   8
/* Blocks decoded a part: the first and the last few. */
#define MAX_BLOCKS 4

static int memfd = -1;
static char *memfd_path;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  memfd = memfd_create ("fuzz-egdb", MFD_CLOEXEC);
  if (memfd < 0)
    {
      perror ("memfd_create");
      abort ();
    }
  memfd_path = g_strdup_printf ("/proc/self/fd/%d", memfd);
  return 0;
}

/* Makes the checksums of @file (@size bytes, at least the header) right
 * where its own offsets say they are, as far as they lie in the file. */
static void
fix_checksums (guint8 *file,
               gsize   size,
               int     flags)
{
  for (int p = 0; p < 2; p++)
    {
      guint8 *desc = file + PART_DESC + p * PART_DESC_SIZE;
      guint64 n_blocks = dr_read_le32 (desc + 16);
      guint64 index = dr_read_le64 (desc + 24);
      guint64 data = dr_read_le64 (desc + 32);

      if (index >= size || data > size || index > data || n_blocks > size)
        continue;
      if ((flags & FIX_BLOCKS) && (flags & FORMAT_2) && index + EGDB_HUFF_LENGTHS + 8 * n_blocks + 4 <= size)
        for (guint64 b = 0; b < n_blocks; b++)
          {
            const guint8 *offsets = file + index + EGDB_HUFF_LENGTHS;
            guint64 start = dr_read_le32 (offsets + 4 * b);
            guint64 end = dr_read_le32 (offsets + 4 * (b + 1));
            guint8 *sum = file + index + EGDB_HUFF_LENGTHS + 4 * (n_blocks + 1) + 4 * b;
            guint32 v;

            if (start > end || end > size - data)
              continue;
            v = (guint32) _dr_egdb_file_checksum (file + data + start, end - start);
            dr_write_le32 (sum, v);
          }
      else if ((flags & FIX_BLOCKS) && index + 12 * n_blocks + 8 <= size)
        for (guint64 b = 0; b < n_blocks; b++)
          {
            guint64 start = dr_read_le64 (file + index + 8 * b);
            guint64 end = dr_read_le64 (file + index + 8 * (b + 1));
            guint8 *sum = file + index + 8 * (n_blocks + 1) + 4 * b;
            guint32 v;

            if (start > end || end > size - data)
              continue;
            v = (guint32) _dr_egdb_file_checksum (file + data + start, end - start);
            dr_write_le32 (sum, v);
          }
      if (flags & FIX_INDEX)
        dr_write_le64 (desc + 72, _dr_egdb_file_checksum (file + index, data - index));
    }
  if (flags & FIX_HEADER)
    {
      dr_write_le64 (file + 56, size);
      dr_write_le64 (file + 232, _dr_egdb_file_checksum (file, 232));
    }
}

static void
check_part (const EgdbPart *part)
{
  g_autofree uint16_t *values = g_new (uint16_t, EGDB_BLOCK);

  FUZZ_CHECK (_dr_egdb_part_value (part, part->n_values) == -1, "a value past the end of a part");
  for (guint32 k = 0; k < MIN (part->n_blocks, MAX_BLOCKS); k++)
    {
      /* The first blocks, then the last. */
      guint32 b = k < MAX_BLOCKS / 2 ? k : part->n_blocks - 1 - (k - MAX_BLOCKS / 2);
      guint64 n = MIN ((guint64) EGDB_BLOCK, part->n_values - (guint64) b * EGDB_BLOCK);

      if (!_dr_egdb_part_block (part, b, values))
        continue;
      /* A probe reads what the block holds, or nothing once the table is
       * found damaged (another block failed its checksum or its decoding:
       * the whole table is then absent). */
      for (guint64 i = 0; i < n; i++)
        {
          int v = _dr_egdb_part_value (part, (guint64) b * EGDB_BLOCK + i);
          gboolean damaged = atomic_load (&part->table->damage) != 0;

          FUZZ_CHECK (v == values[i] || (v == -1 && damaged),
                      "block %u value %u: the probe reads %d, the block %u (table %s)", b, (guint) i,
                      v, values[i], damaged ? "damaged" : "sound");
        }
    }
}

/* Format 2: the probe (no cache) against the whole block's decoding. */
static void
check_wld_part (const EgdbPart *part)
{
  g_autofree uint8_t *values = g_new (uint8_t, EGDB_BLOCK);

  FUZZ_CHECK (_dr_egdb_part_wld (part, part->n_values) == -1, "a value past the end of a part");
  for (guint32 k = 0; k < MIN (part->n_blocks, MAX_BLOCKS); k++)
    {
      guint32 b = k < MAX_BLOCKS / 2 ? k : part->n_blocks - 1 - (k - MAX_BLOCKS / 2);
      guint64 n = MIN ((guint64) EGDB_BLOCK, part->n_values - (guint64) b * EGDB_BLOCK);
      guint64 at, length;

      _dr_egdb_block_span (part, b, &at, &length);
      if (!_dr_egdb_wld_decode (EGDB_CODEC_HUFF, part->huff, part->data + (at - part->data_offset),
                                length, (uint32_t) n, values))
        continue;
      for (guint64 i = 0; i < n; i++)
        {
          int v = _dr_egdb_part_wld (part, (guint64) b * EGDB_BLOCK + i);
          gboolean damaged = atomic_load (&part->table->damage) != 0;

          FUZZ_CHECK (v == values[i] || (v == -1 && damaged),
                      "block %u value %u: the probe reads %d, the block %u (table %s)", b, (guint) i,
                      v, values[i], damaged ? "damaged" : "sound");
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const DrRules *rules;
  g_autofree guint8 *file = NULL;
  g_autoptr (GError) error = NULL;
  EgdbTable *table;
  gsize length;

  if (size < 2 || size > FUZZ_MAX_INPUT + 2)
    return 0;
  rules = fuzz_rules (data[0]);
  length = size - 2;
  file = g_memdup2 (data + 2, length);
  if (length >= EGDB_HEADER_SIZE)
    fix_checksums (file, length, data[1]);
  if (ftruncate (memfd, 0) != 0 || pwrite (memfd, file, length, 0) != (ssize_t) length)
    {
      perror ("fuzz-egdb: the memory file");
      abort ();
    }
  table = _dr_egdb_table_open_kind (rules, memfd_path, (data[1] & FORMAT_2) ? EGDB_KIND_WLD : EGDB_KIND_V1,
                                    &error);
  if (table == NULL)
    {
      FUZZ_CHECK (error != NULL, "a table refused without an error");
      return 0;
    }
  FUZZ_CHECK (error == NULL, "a table opened with an error");
  for (int p = 0; p < table->n_parts; p++)
    if (table->kind == EGDB_KIND_WLD)
      check_wld_part (&table->parts[p]);
    else
      check_part (&table->parts[p]);
  _dr_egdb_table_free (table);
  return 0;
}
