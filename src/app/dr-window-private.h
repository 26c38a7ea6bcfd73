/* dr-window-private.h — what dr-window.c and dr-window-actions.c share
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-analysis.h"
#include "dr-application.h"
#include "dr-board-state.h"
#include "dr-board-view.h"
#include "dr-compose-pane.h"
#include "dr-egdb-manager.h"
#include "dr-egdb-status.h"
#include "dr-game-list.h"
#include "dr-eval-bar.h"
#include "dr-eval-graph.h"
#include "dr-explorer.h"
#include "dr-game-analysis.h"
#include "dr-hub-engine.h"
#include "dr-move-list-view.h"
#include "dr-pdn-collection.h"
#include "dr-play-pane.h"
#include "dr-side-pane.h"
#include "dr-solve-trainer.h"
#include "dr-window.h"

G_BEGIN_DECLS

typedef struct _DrSessionFile DrSessionFile;

/* The game shown is in no entry of the window's collection yet. */
#define DR_WINDOW_NO_GAME G_MAXUINT

struct _DrWindow
{
  AdwApplicationWindow parent_instance;

  /* Template children. */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle  *window_title;
  GtkRevealer     *setup_revealer;
  GtkToggleButton *setup_button;
  GtkToggleButton *tool_white_man;
  GtkToggleButton *tool_white_king;
  GtkToggleButton *tool_black_man;
  GtkToggleButton *tool_black_king;
  GtkToggleButton *tool_erase;
  GtkToggleButton *tool_beneath;
  GtkDropDown     *side_dropdown;
  GtkEntry        *fen_entry;
  GtkLabel        *setup_message;
  GtkWidget       *setup_done_button;
  DrBoardView     *board_view;
  GtkLabel        *status_label;
  DrMoveListView  *move_list;
  GtkLabel        *players_label;   /* "White – Black" above the move list */
  GtkLabel        *event_label;     /* the event, site and date */
  GtkToggleButton *analysis_button;
  GtkLabel        *analysis_label;
  GtkListBox      *analysis_lines;
  DrEvalBar       *eval_bar;
  DrEvalGraph     *eval_graph;
  GtkWidget       *game_analysis_box;
  GtkProgressBar  *game_analysis_progress;
  GtkLabel        *game_summary;    /* each player's marks and average loss */
  GMenu           *recent_menu;
  AdwBin          *board_area;      /* the board side, in the flaps of the side panes */
  GtkWidget       *board_box;       /* the board and the analysis column */
  GtkWidget       *analysis_column; /* the analysis and the move list, right of the board */
  DrGameList      *game_list;       /* left of the board */
  GtkToggleButton *games_button;
  GtkToggleButton *explorer_button;
  GtkLabel        *opening_label;   /* the opening's name above the move list */
  /* The endgame tables (dr-window-egdb.c). */
  GtkLabel        *egdb_label;      /* under the board */
  GtkWidget       *egdb_box;        /* in the analysis pane */
  GtkLabel        *egdb_summary;
  GtkLabel        *egdb_line;
  GtkLabel        *egdb_remark;
  DrEgdbTables    *egdb;            /* of egdb_rules' variant, or NULL */
  const DrRules   *egdb_rules;      /* the variant looked up, or NULL: not yet */
  gint64           egdb_probe_us;   /* how long the last probe took (on its thread) */
  guint            egdb_generation; /* bumped by each update: older probes are dropped */
  gboolean         egdb_busy;       /* the newest probe has not answered yet */
  GtkWidget       *egdb_quit_dialog; /* "Stop the Table Build?" shown, or NULL */

  DrGameModel     *model;
  DrAnalysis      *analysis;
  DrHubEngine     *hub_engine;      /* the outside engine of the settings, when one is set */
  char            *hub_engine_key;  /* its command and options, to see them change */
  GArray          *evals;           /* the latest score of each main-line ply (dr-window-analysis.c) */
  DrGameAnalysis  *game_analysis;   /* the whole-game analysis under way, or NULL */
  GCancellable    *game_analysis_cancellable;
  DrBoardState    *board;
  GSettings       *settings;
  GFile           *file;            /* where the game was opened or saved, or NULL */
  DrPdnCollection *collection;      /* the games of that file (or none yet) */
  guint            game_index;      /* the entry shown, or DR_WINDOW_NO_GAME (in none yet) */
  gboolean         collection_dirty;/* games put back into it since it was saved */
  guint            commit_serial;   /* bumped each time a game is put back */
  int              save_notation;   /* chosen in Save As (the save-notation enum), or -1 */
  GCancellable    *cancellable;     /* cancelled when the window goes: file loads */
  guint            n_loading;       /* files being read for it (a session's too) */
  GtkWidget       *confirm_dialog;  /* the Save / Discard / Cancel question shown, or NULL */
  gboolean         close_confirmed; /* the user answered it for closing the window */
  const DrRules   *shown_rules;     /* the variant the views were set up for */
  guint            forced_id;
  gboolean         updating_fen;    /* the FEN entry is being set from the board */
  GArray          *initial_path;    /* node shown in the next game taken (guint child indices), or NULL */
  guint            initial_game;    /* game taken from files of several, or 0 to pick */

  /* Annotation (dr-window-annotate.c): made on first use. */
  GtkPopover      *comment_popover;
  GtkTextView     *comment_view;
  GtkWidget       *comment_before;  /* the "before the move" check button */
  GtkPopover      *move_menu;       /* the move list's menu */

  /* The session (dr-window-files.c). */
  DrSessionFile   *session;         /* this window's session file, made on first write */
  guint64          session_serial;  /* of the newest state handed to the writer */
  guint            session_id;      /* the pending write, or 0 */
  gboolean         session_closed;  /* closed by the user: no more writes */
  gboolean         sessions_on;     /* the application keeps sessions (not --screenshot) */

  /* The game database (dr-window-gamedb.c). */
  DrExplorer      *explorer;        /* the pane right of the move list */
  DrDbPool        *db_pool;
  struct _DrDbSearchDialog *db_search; /* the Search Database window, or NULL */
  struct _DrDrillDialog *drill;     /* the Train Repertoire window, or NULL */

  /* Composition and Solve modes (dr-window-compose.c). */
  GtkToggleButton *composition_button;
  GtkStack        *compose_stack;   /* the side pane of either mode */
  DrComposePane   *compose_pane;
  DrSolveTrainer  *solve_trainer;
  DrGame          *solve_game;      /* the game shown when Solve mode began (compared only) */

  /* Playing against the engine (dr-window-play.c), a page of compose_stack. */
  DrPlayPane      *play_pane;
};

void  _dr_window_class_actions_init (DrWindowClass *klass);
void  _dr_window_class_analysis_init (DrWindowClass *klass);
void  _dr_window_actions_update     (DrWindow      *self);
void  _dr_window_toast              (DrWindow      *self,
                                     const char    *message);
void  _dr_window_set_setup_mode     (DrWindow      *self,
                                     gboolean       setup);
void  _dr_window_setup_validate     (DrWindow      *self);
void  _dr_window_update_recent      (DrWindow      *self);
/* Restarts the analysis on the current position if it runs. */
void  _dr_window_analysis_follow    (DrWindow      *self);
/* The pane's menu (lines, limit); a change of the analysis settings
 * restarts the running analysis. */
void  _dr_window_analysis_connect   (DrWindow      *self);
char *_dr_window_game_summary       (const DrGame  *game,
                                     const int     *scores,
                                     guint          n);
/* Stops the whole-game analysis and lets go of what the analysis holds. */
void  _dr_window_analysis_dispose   (DrWindow      *self);
void  _dr_window_actions_connect    (DrWindow      *self);
/* The notation in use: the setting, or the variant's own. */
DrNotation _dr_window_notation      (DrWindow      *self);
/* Status line, title and actions again, after the game or a setting
 * changed. */
void  _dr_window_refresh            (DrWindow      *self);

/* @pane beside the board on the @edge side, as wide as the setting @key
 * (dr-side-pane.c): the panes added later are the outer ones. */
void  _dr_window_add_side_pane      (DrWindow      *self,
                                     GtkWidget     *pane,
                                     GtkPackType    edge,
                                     const char    *key);

/* The game list follows the game shown (dr-window-files.c). */
void  _dr_window_game_list_follow   (DrWindow      *self);

/* dr-window-annotate.c */
void  _dr_window_class_annotate_init (DrWindowClass *klass);
void  _dr_window_annotate_connect   (DrWindow      *self);
void  _dr_window_annotate_update    (DrWindow      *self);
void  _dr_window_annotate_dispose   (DrWindow      *self);
/* dr-window-egdb.c */
void  _dr_window_class_egdb_init    (DrWindowClass *klass);
void  _dr_window_egdb_connect       (DrWindow      *self);
void  _dr_window_egdb_dispose       (DrWindow      *self);
/* The label and the pane from the tables, for the current position (the
 * probe runs on a worker thread: egdb_busy until it has answered). */
void  _dr_window_egdb_update        (DrWindow      *self);
/* The tables' folder and state, for an outside engine: a new value means
 * a new engine; and the folder offered to it (its "egdb-dir"). */
char *_dr_window_egdb_engine_key    (DrWindow      *self);
void  _dr_window_egdb_offer         (DrWindow      *self,
                                     DrHubEngine   *engine);
/* Quitting while tables are built: asks to stop the build and calls @done
 * with @go_on TRUE once it has stopped, FALSE on Cancel; FALSE (and @done
 * is not called) when no build runs. */
gboolean _dr_window_egdb_confirm_stop (DrWindow        *self,
                                       DrWindowDecided  done,
                                       gpointer         data);
/* The tables of the game's variant (transfer full), or NULL. */
DrEgdbTables *_dr_window_egdb_tables (DrWindow     *self);
/* dr-window-tags.c */
void  _dr_window_class_tags_init    (DrWindowClass *klass);
/* "White – Black" and the event above the move list, from the tags. */
void  _dr_window_update_header      (DrWindow      *self);

/* dr-window-files.c */
void  _dr_window_class_files_init   (DrWindowClass *klass);
void  _dr_window_files_connect      (DrWindow      *self);
void  _dr_window_files_dispose      (DrWindow      *self);
/* Puts @game (transfer full) in the window as it is in a file, at the
 * initial path if one is set. */
void  _dr_window_take_game          (DrWindow      *self,
                                     DrGame        *game);
/* The window shows @game (transfer full), a new game of @file (NULL: of
 * none), as read: the collection is a new, empty one. */
void  _dr_window_set_document       (DrWindow      *self,
                                     GFile         *file,
                                     DrGame        *game);
/* The notation files are written in. */
DrNotation _dr_window_save_notation (DrWindow      *self);
/* The file's name, or "Unsaved game". */
char *_dr_window_document_name      (DrWindow      *self);
gboolean _dr_window_close_request   (DrWindow      *self);
/* Destroyed or disposed of: callbacks that come late leave it alone. */
gboolean _dr_window_closed          (DrWindow      *self);
/* Where the windows' sessions are kept. */
char *_dr_window_session_dir        (void);
/* Writes the session a moment from now (off the main thread). */
void  _dr_window_session_schedule   (DrWindow      *self);
/* Writes a pending session now. */
void  _dr_window_session_flush      (DrWindow      *self);
/* The user closed the window: its session is removed, or with @keep
 * reduced to what reopens its file. */
void  _dr_window_session_close      (DrWindow      *self,
                                     gboolean       keep);
void  _dr_session_file_unref        (DrSessionFile *sf);
/* This window's session file, or NULL before its first write. */
const char *_dr_window_session_path (DrWindow      *self);

/* dr-window-gamedb.c */
void  _dr_window_class_gamedb_init  (DrWindowClass *klass);
void  _dr_window_gamedb_connect     (DrWindow      *self);
/* The explorer and the opening name follow the current position. */
void  _dr_window_gamedb_follow      (DrWindow      *self);
/* A move made on the board goes to the drill under way (TRUE), if one is. */
gboolean _dr_window_drill_move      (DrWindow      *self,
                                     const DrMove  *move);
void  _dr_window_gamedb_dispose     (DrWindow      *self);

/* dr-window-compose.c */
void  _dr_window_class_compose_init (DrWindowClass *klass);
void  _dr_window_compose_connect    (DrWindow      *self);
void  _dr_window_compose_dispose    (DrWindow      *self);
void  _dr_window_set_composition_mode (DrWindow    *self,
                                       gboolean     on);
gboolean _dr_window_get_composition_mode (DrWindow *self);
/* Solve mode on the problems of the open file. */
void  _dr_window_start_solving      (DrWindow      *self);
/* A move made on the board goes to Solve mode, or ends the line of the
 * Composition report shown (TRUE: taken). */
gboolean _dr_window_compose_move    (DrWindow      *self,
                                     const DrMove  *move);

/* dr-window-play.c */
void  _dr_window_class_play_init    (DrWindowClass *klass);
void  _dr_window_play_connect       (DrWindow      *self);

/* dr-window-keyentry.c: typing a move */
void  _dr_window_keyentry_connect   (DrWindow      *self);
void  _dr_window_keyentry_dispose   (DrWindow      *self);
void  _dr_window_play_dispose       (DrWindow      *self);
/* Plays against the engine from the position shown. */
void  _dr_window_play_start         (DrWindow            *self,
                                     DrSide               engine_side,
                                     int                  level,
                                     const DrTimeControl *control);
/* Ends the game against the engine, if one is played. */
void  _dr_window_play_stop          (DrWindow      *self);
/* A move made on the board that the game against the engine refuses
 * (its turn, or the game over): TRUE. */
gboolean _dr_window_play_refuse     (DrWindow      *self);

G_END_DECLS
