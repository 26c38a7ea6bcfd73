/* dr-gamedb.h — a game database in one SQLite file: import, search, explore
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A DrGameDb is one database file (default
 * $XDG_DATA_HOME/draughtsman/games.sqlite) holding games as they were read
 * (their PDN text, exported unchanged), their tags, players and events, and
 * a position index: for every position of every game's main line, the
 * position's 64-bit key (its Zobrist hash mixed with the variant), the
 * game, the ply and the move played next.  The schema is versioned
 * (PRAGMA user_version) and older files are migrated when opened; a file
 * that is not a Draughtsman database, or is damaged, is refused.
 *
 * Threads: a DrGameDb is one SQLite connection, to be used by one thread
 * at a time.  Open one per thread (the application's worker opens its
 * own): the file is in WAL mode, so readers go on while an import writes.
 * Every call is blocking; the long ones (import, pattern search) take a
 * GCancellable and report progress through a callback on the calling
 * thread, for the caller to pass on (e.g. through one queued idle).
 */
#pragma once

#include <gio/gio.h>

#include "dr-game.h"
#include "dr-openings.h"
#include "dr-rules.h"

G_BEGIN_DECLS

#define DR_GAMEDB_ERROR (dr_gamedb_error_quark ())

typedef enum
{
  DR_GAMEDB_ERROR_OPEN,       /* the file cannot be opened or created */
  DR_GAMEDB_ERROR_CORRUPT,    /* not a Draughtsman database, or damaged */
  DR_GAMEDB_ERROR_VERSION,    /* written by a newer Draughtsman */
  DR_GAMEDB_ERROR_SQL,        /* SQLite failed (disk full, locked, ...) */
  DR_GAMEDB_ERROR_NOT_FOUND,  /* no game with that id */
  DR_GAMEDB_ERROR_INPUT,      /* a file to import cannot be read, a bad query */
} DrGameDbError;

GQuark      dr_gamedb_error_quark        (void);

/* The schema version this program writes. */
#define DR_GAMEDB_SCHEMA_VERSION 1

typedef struct _DrGameDb DrGameDb;

/* $XDG_DATA_HOME/draughtsman/games.sqlite (newly allocated). */
char       *dr_gamedb_default_path       (void);
typedef enum
{
  DR_GAMEDB_OPEN_EXISTING       = 0,       /* a game database must be there */
  DR_GAMEDB_OPEN_CREATE_MISSING = 1 << 0,  /* a missing file becomes a new database */
  DR_GAMEDB_OPEN_CREATE_EMPTY   = 1 << 1,  /* so does an empty (zero-length) file */
} DrGameDbOpenFlags;

/* Opens @path, migrating an older schema.  A missing file is created (and
 * its folder) only with DR_GAMEDB_OPEN_CREATE_MISSING, an empty file made
 * a database only with DR_GAMEDB_OPEN_CREATE_EMPTY; a file that is not a
 * game database is refused, and so is one cut short.  Every connection
 * runs PRAGMA quick_check before its first write (import, add, drill, a
 * migration), and refuses to write into a damaged file. */
DrGameDb   *dr_gamedb_open_full          (const char          *path,
                                          DrGameDbOpenFlags    flags,
                                          GError             **error);
/* dr_gamedb_open_full() with DR_GAMEDB_OPEN_CREATE_MISSING. */
DrGameDb   *dr_gamedb_open               (const char          *path,
                                          GError             **error);
/* PRAGMA integrity_check: FALSE (DR_GAMEDB_ERROR_CORRUPT) if the file's
 * structure, the order of its keys or its indices are damaged.  A changed
 * value inside a row is not seen otherwise: SQLite keeps no checksum of
 * its pages. */
gboolean    dr_gamedb_check              (DrGameDb            *self,
                                          GError             **error);
void        dr_gamedb_close              (DrGameDb            *self);
const char *dr_gamedb_get_path           (DrGameDb            *self);
/* The number of games, and of indexed positions. */
gint64      dr_gamedb_count_games        (DrGameDb            *self);
gint64      dr_gamedb_count_positions    (DrGameDb            *self);

/* The key of @pos in the position index: its hash mixed with the
 * variant, so that a Russian and a Brazilian game never share a key. */
guint64     dr_gamedb_position_key       (const DrRules       *rules,
                                          const DrPosition    *pos);

/* Import ---------------------------------------------------------------- */

typedef struct
{
  const char *current_file;   /* the file being read (NULL when done) */
  guint       files;          /* PDN files read so far */
  guint64     games_read;     /* games met in the files */
  guint64     games_added;    /* new games stored */
  guint64     duplicates;     /* games already in the database: skipped */
  guint64     with_errors;    /* games read only in part (stored as read) */
  guint64     refused;        /* Canadian games: not stored (dr_gamedb_import()) */
  guint64     positions;      /* positions indexed */
  guint64     bytes_done;     /* of all the files */
  guint64     bytes_total;
} DrGameDbImportStats;

typedef void (*DrGameDbProgressFunc) (const DrGameDbImportStats *stats,
                                      gpointer                   user_data);
/* A problem in a game, "FILE:LINE:COLUMN: message". */
typedef void (*DrGameDbMessageFunc)  (const char                *message,
                                      gpointer                   user_data);

typedef struct
{
  const DrRules        *rules;       /* games naming no variant; NULL: chosen per file */
  const char           *encoding;    /* NULL: found out per file */
  guint                 batch_games; /* games per transaction; 0: 20,000 */
  guint                 block_bytes; /* bytes read at a time; 0: 4 MiB */
  const DrOpeningBook  *openings;    /* classifies each game; NULL: none */
  DrGameDbProgressFunc  progress;    /* every 1,000 games and at each file */
  DrGameDbMessageFunc   message;     /* each game read in part */
  gpointer              user_data;
} DrGameDbImportOptions;

/* Imports the PDN files in @paths (NULL-terminated); a folder stands for
 * every *.pdn file under it.  Files are read in blocks of a few megabytes,
 * cut between games, so memory stays bounded whatever their size; every
 * @batch_games games are one transaction.  A game already in the database
 * (the same variant, tags in order, start position, moves and variations)
 * is skipped; a game read only in part is stored with what was read, its
 * PDN text whole, and counted in @with_errors.  On cancel the batch under
 * way is rolled back (the batches before it stay), and the error is
 * G_IO_ERROR_CANCELLED.  @stats (may be NULL) holds the counts at the end,
 * also on failure.  Canadian draughts games are not stored (their 12x12
 * positions do not fit the position index's patterns, which are 64-bit):
 * each is a message and counts in @refused. */
gboolean    dr_gamedb_import             (DrGameDb                    *self,
                                          const char * const          *paths,
                                          const DrGameDbImportOptions *options,
                                          DrGameDbImportStats         *stats,
                                          GCancellable                *cancellable,
                                          GError                     **error);

/* Adds one game (for the application's "save to database"), @pdn its text
 * (NULL: written by dr_pdn_write_game()).  Returns its id, the existing
 * game's id if it is a duplicate, or 0 on error. */
gint64      dr_gamedb_add_game           (DrGameDb            *self,
                                          const DrGame        *game,
                                          const char          *pdn,
                                          const DrOpeningBook *openings,
                                          GError             **error);

/* Games ------------------------------------------------------------------ */

typedef struct
{
  gint64    id;
  char     *white;
  char     *black;
  char     *event;
  char     *site;
  char     *date;
  int       year;        /* 0: unknown */
  DrResult  result;
  const DrRules *rules;
  guint     plies;       /* main line */
  char     *opening;     /* name, or NULL */
  char     *ballot;      /* ballot code, or NULL */
  char     *error;       /* why it was read only in part, or NULL */
} DrGameDbInfo;

void        dr_gamedb_info_free          (DrGameDbInfo        *info);
DrGameDbInfo *dr_gamedb_get_info         (DrGameDb            *self,
                                          gint64               id,
                                          GError             **error);
/* The game's PDN text as it was read. */
char       *dr_gamedb_get_pdn            (DrGameDb            *self,
                                          gint64               id,
                                          GError             **error);
/* The game read back from its PDN text (perhaps in part, as it was). */
DrGame     *dr_gamedb_load_game          (DrGameDb            *self,
                                          gint64               id,
                                          GError             **error);
/* The position after @ply plies of the main line of game @id. */
gboolean    dr_gamedb_get_position       (DrGameDb            *self,
                                          gint64               id,
                                          guint                ply,
                                          DrPosition          *pos,
                                          GError             **error);

/* Search ---------------------------------------------------------------- */

/* A partial position: these pieces on these squares, anything elsewhere.
 * A square in @men must hold a man of its side, in @kings a king, in
 * @pieces either; @empty must be empty. */
typedef struct
{
  DrBitboard pieces[2];    /* by DrSide: a man or a king */
  DrBitboard men[2];
  DrBitboard kings[2];
  DrBitboard empty;
} DrPattern;

/* Reads a pattern as FEN piece lists ("W:W27,K35:B12"; '?' or either side
 * to move, which a pattern does not look at); "E" lists empty squares
 * ("W:W27:B12:E22,23").  Squares without K match men only. */
gboolean    dr_pattern_parse             (const DrRules       *rules,
                                          const char          *text,
                                          DrPattern           *pattern,
                                          GError             **error);
gboolean    dr_pattern_match             (const DrPattern     *pattern,
                                          const DrPosition    *pos);

typedef struct
{
  const DrRules    *rules;      /* NULL: any variant */
  const char       *player;     /* either side; part of the name, any case */
  const char       *white;
  const char       *black;
  const char       *event;      /* part of the event's name */
  int               year_min;   /* 0: no bound */
  int               year_max;
  int               result;     /* a DrResult, or -1: any */
  const char       *opening;    /* part of the opening's name or ballot code */
  const DrPosition *position;   /* reached on the main line (needs @rules) */
  const DrPattern  *pattern;    /* matched on the main line (needs @rules) */
  guint             limit;      /* 0: no limit */
} DrGameDbQuery;

typedef struct
{
  gint64 id;
  guint  ply;    /* where @position or @pattern was found; 0 otherwise */
} DrGameDbHit;

/* The games that fit every criterion set, in id order: a GArray of
 * DrGameDbHit. */
GArray     *dr_gamedb_search             (DrGameDb            *self,
                                          const DrGameDbQuery *query,
                                          GCancellable        *cancellable,
                                          GError             **error);

/* Explorer -------------------------------------------------------------- */

typedef struct
{
  DrMove  move;
  guint64 games;
  guint64 white_wins;
  guint64 draws;
  guint64 black_wins;   /* and games without a result: games - the three */
  double  average_year; /* 0: no game with a date */
} DrExploreMove;

typedef struct
{
  gint64   id;
  char    *white;
  char    *black;
  char    *event;
  int      year;
  DrResult result;
  guint    ply;          /* where the game reached the position */
} DrExploreGame;

typedef struct
{
  guint64    games;          /* games reaching the position */
  guint64    transpositions; /* of them, reaching it by another move order
                                (not from @previous); 0 without @previous */
  guint64    white_wins;
  guint64    draws;
  guint64    black_wins;
  GArray    *moves;          /* DrExploreMove, most played first */
  GPtrArray *top_games;      /* DrExploreGame *, latest first */
} DrExploreResult;

typedef struct
{
  const char       *player;     /* either side; part of the name */
  int               year_min;   /* 0: no bound */
  int               year_max;
  guint             min_count;  /* moves played fewer times are left out */
  guint             top_games;  /* 0: 10 */
  const DrPosition *previous;   /* the position before, for transpositions */
} DrExploreFilter;

void        dr_explore_result_free       (DrExploreResult     *result);
DrExploreResult *dr_gamedb_explore       (DrGameDb              *self,
                                          const DrRules         *rules,
                                          const DrPosition      *pos,
                                          const DrExploreFilter *filter,
                                          GError               **error);

/* Drill statistics (dr-drill.h keeps them here) ------------------------- */

/* Records an answer of the user at position @key of repertoire
 * @repertoire. */
gboolean    dr_gamedb_drill_record       (DrGameDb            *self,
                                          const char          *repertoire,
                                          guint64              key,
                                          gboolean             correct,
                                          GError             **error);
/* How much position @key needs practice: misses not yet made good by
 * later right answers (0: none). */
guint       dr_gamedb_drill_need         (DrGameDb            *self,
                                          const char          *repertoire,
                                          guint64              key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrGameDb, dr_gamedb_close)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrGameDbInfo, dr_gamedb_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrExploreResult, dr_explore_result_free)

G_END_DECLS
