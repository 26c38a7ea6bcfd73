/* dr-egdb.h — endgame databases: generated here, exact, probed by the search
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a table holds.  A slice is one material balance: so many men and
 * kings for each side (both sides at least one piece), with either side to
 * move.  For every legal position of a slice the table stores the
 * game-theoretic value for the side to move, under the variant's own move
 * rules (dr-movegen: capture obligation and choice, promotion) and its
 * game end only (a side without a legal move has lost, 000 1.30, 004 1.8.1,
 * 003 4.2; has won in the giveaway games):
 *
 *   DR_EGDB_WIN   the side to move wins, in @plies plies at the latest
 *                 against the best defence (it plays the fastest win);
 *   DR_EGDB_LOSS  the side to move loses, in @plies plies at the latest
 *                 (it plays the slowest loss);
 *   DR_EGDB_DRAW  neither side can force the end of the game.
 *
 * @plies counts half-moves to the position where the loser has no move
 * (no piece, or all blocked), through captures and crownings: "White wins
 * in 23" is a win in 45 plies, (plies + 1) / 2 moves of the winner.
 *
 * What the value leaves out.  Repetition is a draw in the tables too (a
 * cycle never ends the game).  The count rules are not in the stored
 * value: 004 1.9.1.3 (three kings against a lone king: 15 moves), 004
 * 1.9.1.4-1.9.1.6, 003 section 5 (International: 16 and 5 moves, 25
 * moves of king play), 000 1.32.3 (English: 40 moves without a capture or
 * a crowning) may end a game as a draw before a stored win arrives.  So
 * dr_egdb_probe() says so with the value: it plays the table's winning line
 * on (the winner's fastest win, the loser's slowest defence), with the
 * count starting at the probed position, and names in @count_rule the
 * first of the variant's count rules that would end the game on the way,
 * and at which move.  The search (dr-search.c) never shows such a win as
 * "win in N": it scores a table win as exact only where no count rule
 * applies to the material or the win comes within the rule's limit.
 *
 * Positions in which the side to move must capture are not stored: their
 * value is worked out on probing from their successors, which are in
 * smaller slices (a one-ply search, repeated while captures continue).
 *
 * Files: two per slice, DIR/VARIANT/SLICE.egdb (win/draw/loss, capture
 * positions stored as "don't care" and resolved on probing by the
 * captures) and DIR/VARIANT/SLICE.dist (the distances of the wins and
 * losses), DIR being $XDG_DATA_HOME/draughtsman/egdb by default
 * (dr_egdb_default_dir()).  The format (format 2; README.md "Endgame
 * databases", dr-egdb-file.c) is block-compressed and memory-mapped; its
 * header names the variant, the slice, the format version and checksums,
 * and a file that does not match them is refused; so is a format-1 file,
 * with the command that converts it (dr_egdb_convert(), egdb convert).
 * dr_egdb_probe_wld() reads the values alone, dr_egdb_probe_quiet(),
 * dr_egdb_probe() and dr_egdb_line() the distances too.
 *
 * Threads: a DrEgdb is read-only once open, and dr_egdb_probe() and
 * dr_egdb_probe_quiet() may be called from any number of threads at once.
 */
#pragma once

#include <gio/gio.h>

#include "dr-egdb-probe.h"
#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_EGDB_ERROR (dr_egdb_error_quark ())

typedef enum
{
  DR_EGDB_ERROR_VARIANT,     /* the variant has no tables (Turkish, Frisian) */
  DR_EGDB_ERROR_IO,          /* a file or folder could not be read or written */
  DR_EGDB_ERROR_CORRUPT,     /* a file is not a table, truncated, or fails its checksum */
  DR_EGDB_ERROR_MISSING,     /* a slice a position or a build needs is not there */
  DR_EGDB_ERROR_MISMATCH,    /* verify: a stored value is not what its successors say */
  DR_EGDB_ERROR_CANCELLED,   /* a build was cancelled */
  DR_EGDB_ERROR_ARGUMENT,    /* a bad piece count or slice name */
} DrEgdbError;

/* The format version written in every file's header. */
#define DR_EGDB_FORMAT_VERSION 2

typedef struct
{
  DrEgdbValue       value;        /* for the side to move */
  int               plies;        /* see above; 0 for a draw */
  int               moves;        /* the winner's moves: (plies + 1) / 2 */
  bool              has_best;     /* FALSE for a draw or a position with no move */
  DrMove            best;         /* the table's move: fastest win, slowest loss,
                                     a move keeping the draw */
  /* The first count rule that ends the game as a draw along the table's
   * line, the count starting at this position; NULL when none does.  At
   * the end of move @count_rule_move (of the side to move's moves). */
  const DrDrawRule *count_rule;
  int               count_rule_move;
} DrEgdbProbe;

/* One slice's file, as dr_egdb_list() finds it. */
typedef struct
{
  char    *variant;          /* command-line name */
  char    *slice;            /* e.g. "kkk-k", "mk-mm": side to move first in each part */
  char    *path;
  int      pieces;
  int      men[2];           /* of the slice's first and second side */
  int      kings[2];
  guint64  positions;        /* indexed, both sides to move */
  guint64  legal;            /* legal positions, both sides to move */
  guint64  wins, draws, losses;   /* legal, no capture pending, first side's view when it is to move */
  guint64  file_size;        /* both files */
  int      max_plies;
  double   build_seconds;
  char    *error;            /* dr_egdb_list(): why the file is refused, else NULL */
  guint64  wld_size;         /* the win/draw/loss file alone */
} DrEgdbTableInfo;

void       dr_egdb_table_info_free (DrEgdbTableInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrEgdbTableInfo, dr_egdb_table_info_free)

GQuark     dr_egdb_error_quark      (void);

/* $XDG_DATA_HOME/draughtsman/egdb (newly allocated). */
char      *dr_egdb_default_dir      (void);

/* Can @rules have tables?  The diagonal variants and the giveaway games;
 * not Turkish (orthogonal) nor Frisian (its king-move rule, KNDB art. 17,
 * makes a value depend on the moves before the position). */
gboolean   dr_egdb_supported        (const DrRules     *rules);

/* Opens every table of @rules' variant under @dir (NULL: the default),
 * checking each file's header and block index.  A folder without tables
 * is not an error (dr_egdb_max_pieces() is then 0); a file that fails its
 * checks is. */
DrEgdb    *dr_egdb_open             (const DrRules     *rules,
                                     const char        *dir,
                                     GError           **error);
void       dr_egdb_free             (DrEgdb            *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrEgdb, dr_egdb_free)

/* The sizes and counts of the open tables, smallest slices first. */
GPtrArray *dr_egdb_get_tables       (const DrEgdb      *self);

/* The value of @pos, its distance, the table's best move and the count
 * rule remark.  A position one piece beyond the tables whose side to move
 * must capture is worked out from its successors.  FALSE with @error when
 * the position is not covered or a block fails its checksum. */
gboolean   dr_egdb_probe            (const DrEgdb      *self,
                                     const DrPosition  *pos,
                                     DrEgdbProbe       *result,
                                     GError           **error);

/* The table's line from @pos: the winner's fastest win and the loser's
 * slowest defence (a draw: moves that keep it), at most @max moves into
 * @moves, which it returns the number of; 0 when @pos is not covered or
 * has no move. */
int        dr_egdb_line             (const DrEgdb      *self,
                                     const DrPosition  *pos,
                                     DrMove            *moves,
                                     int                max);

/* Every table file for @rules (every variant if NULL) under @dir (NULL:
 * the default), each checked as dr_egdb_open() checks it; files that fail
 * are listed with @positions == 0 and the reason in @error.
 * An array of DrEgdbTableInfo. */
GPtrArray *dr_egdb_list             (const char        *dir,
                                     const DrRules     *rules,
                                     GError           **error);

/* Building.  Progress is called on the building thread after each part
 * of the work. */
typedef struct
{
  const char *slice;          /* the slice being built or checked */
  int         slice_index;    /* 0-based, in build order */
  int         n_slices;
  const char *stage;          /* "skip" (already built), "init", "level", "write", "done", "verify" */
  guint64     done;           /* positions (or levels) done in this stage */
  guint64     total;
} DrEgdbProgress;

typedef void (*DrEgdbProgressFunc) (const DrEgdbProgress *progress,
                                    gpointer              user_data);

typedef struct
{
  const DrRules *rules;
  const char    *dir;         /* NULL: the default */
  int            pieces;      /* every slice with 2..pieces pieces */
  const char    *slice;       /* or only this slice (its smaller slices must exist) */
  int            threads;     /* 0 or 1: one */
} DrEgdbBuildOptions;

/* Builds every missing slice in dependency order; a slice whose file is
 * there and sound is kept (so an interrupted build resumes after the last
 * finished slice).  A slice is written to a temporary file and renamed
 * when complete. */
gboolean   dr_egdb_build            (const DrEgdbBuildOptions *options,
                                     DrEgdbProgressFunc        progress,
                                     gpointer                  user_data,
                                     GCancellable             *cancellable,
                                     GError                  **error);

/* Converts every format-1 table of @rules under @dir (NULL: the default)
 * to format 2 in place (the win/draw/loss file under the same name and
 * its distance file beside it), each written whole and renamed; files in
 * format 2 already are left.  Counts the files converted in @converted
 * (may be NULL).  Progress as for a build, stage "convert". */
gboolean   dr_egdb_convert          (const DrRules            *rules,
                                     const char               *dir,
                                     DrEgdbProgressFunc        progress,
                                     gpointer                  user_data,
                                     GCancellable             *cancellable,
                                     int                      *converted,
                                     GError                  **error);

/* The slices a build of @pieces pieces makes, in build order (names);
 * and for each the slices it reads (captures and crownings lead there). */
GPtrArray *dr_egdb_plan             (const DrRules     *rules,
                                     int                pieces,
                                     GError           **error);
/* The positions of @slice as its file indexes them (both sides to move,
 * as DrEgdbTableInfo.positions): what a build of it goes through. */
guint64    dr_egdb_slice_positions  (const DrRules     *rules,
                                     const char        *slice,
                                     GError           **error);
GPtrArray *dr_egdb_slice_depends    (const DrRules     *rules,
                                     const char        *slice,
                                     GError           **error);

/* Checks the whole file checksum of every open table, then every stored
 * value against a one-ply search over the stored values of its successors,
 * on @threads threads (0 or 1: the calling thread alone; the progress is
 * always reported from it).  The first mismatch in index order is the
 * error, whatever the number of threads.  Counts the positions checked in
 * @checked (may be NULL). */
gboolean   dr_egdb_verify           (const DrEgdb      *self,
                                     const char        *slice,
                                     int                threads,
                                     DrEgdbProgressFunc progress,
                                     gpointer           user_data,
                                     GCancellable      *cancellable,
                                     guint64           *checked,
                                     GError           **error);

/* The number of legal placements of @pieces pieces on @rules' board, in
 * the convention of Schaeffer et al. (men never on their own crowning row,
 * either side may have none, side to move not counted), by walking the
 * tables' indexing. */
guint64    dr_egdb_count_positions  (const DrRules     *rules,
                                     int                pieces);

/* Win/draw/loss apart from distances (issue 29): what the values of a
 * slice cost under candidate codecs (dr-egdb-wld.c; draughtsman-cli egdb
 * compress-stats).  Mode 0 leaves out the positions whose side to move
 * must capture (and broken indices), mode 1 also those where the opponent
 * has a capture it keeps after every move.  @bytes count the coded blocks
 * and a part's Huffman code, @index_bytes 8 a block for its offset and
 * checksum; @lookup_us the time of @lookups random look-ups into coded
 * blocks. */
#define DR_EGDB_WLD_CODECS 4
#define DR_EGDB_WLD_BLOCKS 3
extern const uint32_t dr_egdb_wld_block_sizes[DR_EGDB_WLD_BLOCKS];

typedef struct
{
  guint64 bytes[DR_EGDB_WLD_BLOCKS];
  guint64 index_bytes[DR_EGDB_WLD_BLOCKS];
  double  lookup_us[DR_EGDB_WLD_BLOCKS];
  guint64 lookups[DR_EGDB_WLD_BLOCKS];
} DrEgdbWldCodecStats;

typedef struct
{
  guint64 positions;          /* indexed, both parts */
  guint64 stored, broken, capture, threat;
  guint64 wld[3];             /* stored: draws, wins, losses */
  /* today's probe of a stored position, and the one-ply resolution of a
   * threat position: @probes and @resolves timed, in all */
  double  probe_us, resolve_us;
  guint64 probes, resolves;
  /* the stored wins and losses, and the order-0 entropy of their
   * distances within each part, in bits: what a distance file would take
   * at least with a code per part that knows the win/draw/loss value */
  guint64 decisive;
  double  distance_bits;
  DrEgdbWldCodecStats codecs[2][DR_EGDB_WLD_CODECS];   /* [mode][codec] */
} DrEgdbWldStats;

const char *dr_egdb_wld_codec_name  (int                codec);
/* Measures @slice of the open tables (every block read and checked);
 * FALSE with @error when it is not open, damaged, or a codec does not
 * give back what it coded. */
gboolean   dr_egdb_wld_stats        (const DrEgdb      *self,
                                     const char        *slice,
                                     DrEgdbWldStats    *stats,
                                     GError           **error);

G_END_DECLS
