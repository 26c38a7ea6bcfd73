/* dr-egdb-private.h — endgame databases: indexing, file format, probing internals
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Indexing (dr-egdb-index.c).  A table part holds the positions of one
 * material with one side to move.  Positions are normalised so that the
 * side to move is White: a position with Black to move is turned half way
 * round (square s to square N-1-s in the 0-based order of the playing
 * squares) and the colours are swapped, which maps every diagonal
 * variant's rules onto themselves.  The index of a normalised position is
 *
 *   ((rank of White's men among the squares a White man can stand on
 *     * C(NB, c) + rank of Black's men among Black's man squares)
 *    * C(N - a - c, b) + rank of White's kings among the squares left)
 *   * C(N - a - c - b, d) + rank of Black's kings among the squares left
 *
 * with ranks in the combinatorial number system (colex order), a and c the
 * men and b and d the kings of White and Black.  The men of the two sides
 * are ranked independently, so an index whose men share a square is not a
 * position ("broken": no value, never probed).
 */
#pragma once

#include "dr-egdb.h"

#include <stdatomic.h>

#define EGDB_MAX_PIECES 8
#define EGDB_MAX_SQUARES 50

/* A material with one side to move: the mover's men and kings, then the
 * other side's. */
typedef struct
{
  uint8_t m0, k0, m1, k1;
} EgdbMaterial;

/* The squares of a board in the tables' own 0-based order (bit order). */
typedef struct
{
  const DrRules *rules;
  int            n;                      /* playing squares */
  int            half;                   /* squares per rank */
  uint8_t        bit_of[EGDB_MAX_SQUARES];
  int8_t         square_of[64];          /* -1 off the board */
  uint64_t       binomial[EGDB_MAX_SQUARES + 1][EGDB_MAX_PIECES + 1];
} EgdbBoard;

void     _dr_egdb_board_init     (EgdbBoard          *board,
                                  const DrRules      *rules);
uint64_t _dr_egdb_part_size      (const EgdbBoard    *board,
                                  EgdbMaterial        m);
/* Material of @pos with its side to move first. */
EgdbMaterial _dr_egdb_material   (const DrPosition   *pos);
/* The index of @pos (any side to move) within its part. */
uint64_t _dr_egdb_index          (const EgdbBoard    *board,
                                  const DrPosition   *pos);
/* The position (White to move) of @index in the part of @m; FALSE for a
 * broken index. */
bool     _dr_egdb_unindex        (const EgdbBoard    *board,
                                  EgdbMaterial        m,
                                  uint64_t            index,
                                  DrPosition         *pos);
typedef struct
{
  bool     valid, men_ok;
  uint64_t men, wm, bm;
  uint64_t rwk, wk;
} EgdbUnindexCache;

/* The same, remembering the men and kings of the last call in @cache
 * (zeroed before the first) for indices that come in order. */
bool     _dr_egdb_unindex_cached (const EgdbBoard  *board,
                                  EgdbMaterial      m,
                                  uint64_t          index,
                                  DrPosition       *pos,
                                  EgdbUnindexCache *cache);
/* "kkm-k" style names: a side is its men as 'm' then its kings as 'k'. */
char    *_dr_egdb_material_name  (EgdbMaterial        m);
bool     _dr_egdb_parse_slice    (const char         *name,
                                  EgdbMaterial       *m);
/* Slices are named by their canonical part: the stronger side first
 * (more pieces, then more kings). */
EgdbMaterial _dr_egdb_canonical  (EgdbMaterial        m);
EgdbMaterial _dr_egdb_swap       (EgdbMaterial        m);
bool     _dr_egdb_material_equal (EgdbMaterial        a,
                                  EgdbMaterial        b);

/* File format (dr-egdb-file.c). */
#define EGDB_MAGIC "DRAUEGDB"
#define EGDB_DIST_MAGIC "DRAUDIST"
#define EGDB_DIST_SUFFIX ".dist"
#define EGDB_HEADER_SIZE 256
#define EGDB_HUFF_LENGTHS 48      /* EGDB_HUFF_SYMBOLS (dr-egdb-wld-private.h) */
#define EGDB_BLOCK 4096           /* values per block */
#define EGDB_SUB   256            /* values per run-length coded run */
#define EGDB_SUBS  (EGDB_BLOCK / EGDB_SUB)

typedef struct _EgdbTable EgdbTable;
typedef struct _EgdbCache EgdbCache;
struct _EgdbHuffCode;

/* What a file holds: format 1 (values with distances, read only to be
 * converted), a format-2 win/draw/loss file, a format-2 distance file. */
typedef enum
{
  EGDB_KIND_V1,
  EGDB_KIND_WLD,
  EGDB_KIND_DIST,
} EgdbKind;

typedef struct _EgdbPart
{
  EgdbTable   *table;         /* the file it is in */
  int          index;         /* 0 or 1, in the file */
  EgdbMaterial material;      /* this part's, side to move first */
  uint64_t     n_values;
  uint32_t     n_blocks;
  uint32_t     value_bytes;   /* 1 or 2 */
  uint64_t     index_offset;  /* n_blocks + 1 uint64 offsets, into the file */
  uint64_t     data_offset;
  uint64_t     wins, draws, losses, legal;
  uint32_t     max_plies;
  const guint8 *data;         /* mapped */
  const guint64 *offsets;     /* mapped, n_blocks + 1 entries, relative to data_offset
                                 (format 1 and distance files) */
  const guint32 *offsets32;   /* the same, win/draw/loss files */
  struct _EgdbHuffCode *huff; /* win/draw/loss files: the part's run code */
  const struct _EgdbPart *dist; /* win/draw/loss files: the same part's distances */
  const guint32 *block_sums;  /* mapped, a checksum per block */
  atomic_uchar *block_state;  /* per block: 0 not checked yet, 1 sound, 2 damaged */
} EgdbPart;

/* A table found damaged (a block failing its checksum or not decoding)
 * is treated as absent from then on: every probe into it fails, and the
 * first damaged block is kept for the messages. */
struct _EgdbTable
{
  EgdbMaterial slice;         /* canonical */
  EgdbKind     kind;
  EgdbTable   *dist;          /* a win/draw/loss file's distance file (owned) */
  EgdbCache   *cache;         /* the decoded blocks of its DrEgdb, NULL outside one */
  uint32_t     serial;        /* its number in the cache's keys */
  char        *name;
  char        *path;
  GMappedFile *file;
  int          n_parts;       /* 1 when both sides have the same material */
  EgdbPart     parts[2];
  guint64      file_size;
  double       build_seconds;
  guint64      checksum;      /* of everything after the header */
  atomic_uint_fast64_t damage; /* 0: none met; else (part << 32 | block) + 1 */
  atomic_bool  warned;        /* the search's warning was given */
};

/* Encoded values: 0 draw; wins 1, 3, 5, ... and losses 2, 4, 6, ... where
 * a value v encodes k = (v - 1) / 2 and the plies are 2k + parity, the
 * parity of a win being 1 (0 in the giveaway games) and of a loss the
 * other.  Two-byte values the same, little-endian. */
static inline int
egdb_win_parity (const DrRules *rules)
{
  return rules->giveaway ? 0 : 1;
}

/* Opens a format-2 table (its win/draw/loss file @path and the distance
 * file beside it); a format-1 file is refused with the command that
 * converts it.  _dr_egdb_table_open_kind() opens one file of @kind. */
EgdbTable *_dr_egdb_table_open   (const DrRules      *rules,
                                  const char         *path,
                                  GError            **error);
EgdbTable *_dr_egdb_table_open_kind (const DrRules   *rules,
                                     const char      *path,
                                     EgdbKind         kind,
                                     GError         **error);
/* Either format: format 1 as EGDB_KIND_V1 (to be converted, or compared
 * in the tests), else as _dr_egdb_table_open(). */
EgdbTable *_dr_egdb_table_open_any (const DrRules    *rules,
                                    const char       *path,
                                    GError          **error);
/* The distance file's path of a win/draw/loss file's (newly allocated). */
char      *_dr_egdb_dist_path    (const char         *path);
/* The file offset and length of block @b of @part (for the tests that
 * damage one). */
void       _dr_egdb_block_span   (const EgdbPart     *part,
                                  uint32_t            b,
                                  guint64            *at,
                                  guint64            *length);
/* Win/draw/loss of @index (0 draw, 1 win, 2 loss; a free position reads
 * as the value it was given), through @cache when not NULL; -1 if the
 * block is damaged. */
int        _dr_egdb_part_wld     (const EgdbPart     *part,
                                  uint64_t            index);
/* The distance k of @index of a win/draw/loss part (its wins and losses:
 * plies = 2k + parity), from its distance file; -1 if a block is
 * damaged. */
int        _dr_egdb_part_dist    (const EgdbPart     *part,
                                  uint64_t            index);
/* A cache of decoded win/draw/loss blocks, shared by the threads. */
EgdbCache *_dr_egdb_cache_new    (void);
void       _dr_egdb_cache_free   (EgdbCache          *cache);
/* How many distances were asked of the tables of @cache so far
 * (_dr_egdb_part_dist(), hits in the memo of the last ones included). */
guint64    _dr_egdb_cache_distance_reads (EgdbCache  *cache);
void       _dr_egdb_table_free   (EgdbTable          *table);
/* The raw value at @index of @part, or -1 if its block is damaged (or an
 * earlier read found its table damaged). */
int        _dr_egdb_part_value   (const EgdbPart     *part,
                                  uint64_t            index);
/* Decodes block @b of @part into @out (EGDB_BLOCK values); FALSE if its
 * checksum fails.  For a format-2 table, the values as format 1 stores
 * them, made of the win/draw/loss and the distance blocks (the free
 * positions then hold whatever was written there). */
bool       _dr_egdb_part_block   (const EgdbPart     *part,
                                  uint32_t            b,
                                  uint16_t           *out);
guint64    _dr_egdb_file_checksum (const guint8      *data,
                                   gsize              length);
/* Marks @part's table damaged at block @b (the first such block is kept). */
void       _dr_egdb_part_damaged (const EgdbPart     *part,
                                  uint32_t            b);
/* "endgame table FILE is damaged: block B of part P ...", for a table
 * marked damaged. */
void       _dr_egdb_damage_error (const EgdbTable    *table,
                                  GError            **error);

/* Writing: @values per part (n_values each, encoded as above, with
 * EGDB_DONT_CARE for broken positions and positions with a capture).
 * _dr_egdb_table_write() writes format 2 (the win/draw/loss file @path
 * and its distance file), _dr_egdb_table_write_v1() format 1 (for the
 * tests of the conversion). */
#define EGDB_DONT_CARE 0xffff
gboolean   _dr_egdb_table_write_v1 (const DrRules    *rules,
                                  const char         *path,
                                  EgdbMaterial        slice,
                                  int                 n_parts,
                                  const EgdbMaterial *parts,
                                  uint16_t * const   *values,
                                  const uint64_t     *n_values,
                                  const uint64_t     *legal,
                                  double              build_seconds,
                                  GError            **error);
gboolean   _dr_egdb_table_write  (const DrRules      *rules,
                                  const char         *path,
                                  EgdbMaterial        slice,
                                  int                 n_parts,
                                  const EgdbMaterial *parts,
                                  uint16_t * const   *values,
                                  const uint64_t     *n_values,
                                  const uint64_t     *legal,
                                  double              build_seconds,
                                  GError            **error);

/* The open tables of one variant. */
struct _DrEgdb
{
  const DrRules *rules;
  EgdbBoard      board;
  GPtrArray     *tables;            /* EgdbTable */
  /* parts by material: [m0][k0][m1][k1] */
  const EgdbPart *lookup[EGDB_MAX_PIECES + 1][EGDB_MAX_PIECES + 1][EGDB_MAX_PIECES + 1][EGDB_MAX_PIECES + 1];
  int            max_pieces;
  EgdbCache     *cache;
  uint32_t       serials;           /* tables added so far */
};

/* dr_egdb_open() that also opens format-1 files. */
DrEgdb    *_dr_egdb_open_any     (const DrRules      *rules,
                                  const char         *dir,
                                  GError            **error);
/* dr_egdb_build() writing format 1 (the tests' reference). */
gboolean   _dr_egdb_build_v1     (const DrEgdbBuildOptions *options,
                                  GError            **error);
void       _dr_egdb_add_table    (DrEgdb             *self,
                                  EgdbTable          *table);
DrEgdb    *_dr_egdb_new_empty    (const DrRules      *rules);
/* Value and plies of any covered position (captures by a one-ply search
 * over the successors); DR_EGDB_UNKNOWN if not covered, or if a table it
 * read is damaged: then *@damaged (if not NULL and still NULL) is that
 * table. */
DrEgdbValue _dr_egdb_value       (const DrEgdb       *self,
                                  const DrPosition   *pos,
                                  int                *plies,   /* NULL: no distance read */
                                  DrMoveList         *scratch,
                                  const EgdbTable   **damaged);
char      *_dr_egdb_table_path   (const DrRules      *rules,
                                  const char         *dir,
                                  EgdbMaterial        slice);
