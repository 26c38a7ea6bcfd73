/* dr-egdb-wld-private.h — win/draw/loss apart from distances: extraction and codecs
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The measured first step of issue 29 (dr-egdb-wld.c).  A part's values
 * reduced to win, draw or loss for the side to move, one byte a position
 * here (0 draw, 1 win, 2 loss), with why a position need not be stored:
 *
 *   EGDB_FREE_BROKEN   not a position (men sharing a square);
 *   EGDB_FREE_CAPTURE  the side to move must capture: a probe resolves it
 *                      by the captures, whose successors have fewer pieces
 *                      (as the tables do today);
 *   EGDB_FREE_THREAT   no capture for the side to move, but the opponent
 *                      has one, and after every move of the side to move
 *                      (or none: blocked, lost) the opponent still must
 *                      capture: a probe resolves it by one ply over its
 *                      moves, each then resolved by the captures.  The
 *                      recursion ends: every child is a capture position.
 *
 * A free position ("don't care") is given the value that costs least: the
 * value of the run it sits in (the one before it in its block, or for the
 * first positions of a block the first stored value after them), which
 * makes the fewest runs there can be.
 *
 * The codecs work on blocks of n positions, each coded on its own:
 *
 *   PACK2  2 bits a position;
 *   PACK3  5 positions a byte in base 3 (243 of the 256 codes);
 *   RLE    runs: the first value of a block in a byte, then per run
 *          ((length - 1) << 1 | which) as a LEB128 varint, "which"
 *          choosing between the two values other than the run before;
 *   HUFF   the same runs, each a symbol (which, floor(log2(length)))
 *          Huffman-coded with one code per part (its lengths are stored,
 *          EGDB_HUFF_SYMBOLS bytes), then the length's low bits raw; the
 *          first value of a block in 2 raw bits.
 */
#pragma once

#include "dr-egdb-private.h"

enum
{
  EGDB_WLD_DRAW = 0,
  EGDB_WLD_WIN = 1,
  EGDB_WLD_LOSS = 2,
};

typedef enum
{
  EGDB_FREE_NONE = 0,        /* stored */
  EGDB_FREE_BROKEN,
  EGDB_FREE_CAPTURE,
  EGDB_FREE_THREAT,
} EgdbFree;

typedef enum
{
  EGDB_CODEC_PACK2,
  EGDB_CODEC_PACK3,
  EGDB_CODEC_RLE,
  EGDB_CODEC_HUFF,
  EGDB_N_CODECS
} EgdbCodec;

const char *_dr_egdb_codec_name (EgdbCodec codec);

/* The win/draw/loss value of every index of @part into @wld (n_values
 * bytes; a broken or capture position gets 0 here) and why it is free into
 * @why (EgdbFree), EGDB_FREE_THREAT only when @threats.  FALSE with
 * @error when a block of @part is damaged. */
gboolean _dr_egdb_wld_extract   (const DrEgdb     *db,
                                 const EgdbPart   *part,
                                 bool              threats,
                                 uint8_t          *wld,
                                 uint8_t          *why,
                                 GError          **error);

/* The value of @pos (the side to move has no capture) by one ply over its
 * moves, each successor resolved through the tables (by its captures when
 * it has one): DR_EGDB_UNKNOWN when a successor is not covered.  @scratch:
 * EGDB_WLD_LISTS move lists. */
#define EGDB_WLD_LISTS (EGDB_MAX_PIECES + 2)
DrEgdbValue _dr_egdb_wld_resolve (const DrEgdb    *db,
                                  const DrPosition *pos,
                                  DrMoveList       *scratch);

/* Gives every free position of @wld (@why non-zero) the value of the run
 * it sits in, block by block (@block positions). */
void     _dr_egdb_wld_fill      (uint8_t          *wld,
                                 const uint8_t    *why,
                                 uint64_t          n,
                                 uint32_t          block);

/* Huffman code of the run symbols of one part. */
#define EGDB_HUFF_LOG_MAX  24        /* runs of up to 2^24 - 1 positions */
#define EGDB_HUFF_SYMBOLS  (2 * EGDB_HUFF_LOG_MAX)
#define EGDB_HUFF_MAX_BITS 24
#define EGDB_HUFF_FAST     10
G_STATIC_ASSERT (EGDB_HUFF_SYMBOLS == EGDB_HUFF_LENGTHS);
typedef struct _EgdbHuffCode
{
  uint8_t  length[EGDB_HUFF_SYMBOLS];          /* 0: symbol unused */
  uint32_t code[EGDB_HUFF_SYMBOLS];            /* canonical, MSB first */
  /* decoding: per length, the first code, its count and where its
   * symbols start in @sorted */
  uint32_t first[EGDB_HUFF_MAX_BITS + 1];
  uint32_t count[EGDB_HUFF_MAX_BITS + 1];
  uint32_t start[EGDB_HUFF_MAX_BITS + 1];
  uint8_t  sorted[EGDB_HUFF_SYMBOLS];
  /* the next EGDB_HUFF_FAST bits: symbol << 8 | length, 0 when the code
   * is longer */
  uint16_t fast[1 << EGDB_HUFF_FAST];
} EgdbHuff;

/* Adds the run symbols of @wld (filled) in blocks of @block to @freq. */
void     _dr_egdb_huff_count    (const uint8_t    *wld,
                                 uint64_t          n,
                                 uint32_t          block,
                                 uint64_t         *freq);
/* A code for @freq (EGDB_HUFF_SYMBOLS counts); lengths at most
 * EGDB_HUFF_MAX_BITS. */
void     _dr_egdb_huff_build    (EgdbHuff         *huff,
                                 const uint64_t   *freq);
/* The code of stored @lengths (EGDB_HUFF_SYMBOLS of them); FALSE if they
 * are no prefix code (over-full, or longer than EGDB_HUFF_MAX_BITS). */
bool     _dr_egdb_huff_from_lengths (EgdbHuff     *huff,
                                     const uint8_t *lengths);

/* Appends the coding of @n values (filled: no free position left) to
 * @out; @huff for EGDB_CODEC_HUFF. */
void     _dr_egdb_wld_encode    (EgdbCodec         codec,
                                 const EgdbHuff   *huff,
                                 const uint8_t    *wld,
                                 uint32_t          n,
                                 GByteArray       *out);
/* The value at @at of a block of @n values coded in @data (@length
 * bytes), or -1 if the block does not decode. */
int      _dr_egdb_wld_decode_at (EgdbCodec         codec,
                                 const EgdbHuff   *huff,
                                 const uint8_t    *data,
                                 size_t            length,
                                 uint32_t          n,
                                 uint32_t          at);
/* Decodes a whole block of @n values into @out; FALSE if it does not
 * decode to exactly @n values. */
bool     _dr_egdb_wld_decode    (EgdbCodec         codec,
                                 const EgdbHuff   *huff,
                                 const uint8_t    *data,
                                 size_t            length,
                                 uint32_t          n,
                                 uint8_t          *out);

/* Distances (format 2's distance files): per position whose win/draw/loss
 * value @wld (filled) is a win or a loss, k = (plies - parity) / 2 coded
 * with a Huffman code per part over symbols 0-31 (k itself), 32 + j
 * (k - 31 in [2^j, 2^(j+1)), then j raw bits; j < 15) and 47 (the same k
 * as the win or loss before in its run of 128); draws take no bits.  A
 * block is 32 runs of 128 positions, each byte-aligned behind a table of
 * 32 u16 offsets from the block's start. */
void     _dr_egdb_dist_count    (const uint8_t    *wld,
                                 const uint16_t   *k,
                                 uint64_t          n,
                                 uint64_t         *freq);
void     _dr_egdb_dist_encode   (const EgdbHuff   *huff,
                                 const uint8_t    *wld,
                                 const uint16_t   *k,
                                 uint32_t          n,
                                 GByteArray       *out);
/* Decodes a block of @n distances (0 where @wld is a draw); FALSE if it
 * does not decode to exactly them. */
/* The distance at @at of a block, @wld its win/draw/loss values (those
 * of @at's sub-block up to @at at least); -1 if it does not decode. */
#define EGDB_DIST_SUB  128
#define EGDB_DIST_SUBS (EGDB_BLOCK / EGDB_DIST_SUB)
int      _dr_egdb_dist_decode_at (const EgdbHuff  *huff,
                                  const uint8_t   *data,
                                  size_t           length,
                                  const uint8_t   *wld,
                                  uint32_t         at);
bool     _dr_egdb_dist_decode   (const EgdbHuff   *huff,
                                 const uint8_t    *data,
                                 size_t            length,
                                 const uint8_t    *wld,
                                 uint32_t          n,
                                 uint16_t         *out);

/* The values [@from, @to) of a rle+huffman block of @n values into @out
 * (at the same places); *@ok FALSE if they do not decode. */
void     _dr_egdb_wld_decode_range (const EgdbHuff *huff,
                                    const uint8_t  *data,
                                    size_t          length,
                                    uint32_t        n,
                                    uint32_t        from,
                                    uint32_t        to,
                                    uint8_t        *out,
                                    bool           *ok);
