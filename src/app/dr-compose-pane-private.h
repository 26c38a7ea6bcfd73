/* dr-compose-pane-private.h — between the parts of DrComposePane
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dr-compose-pane.h"

#include "dr-compose-check.h"

G_BEGIN_DECLS

/* The cooks' search: each alternative gets this share of the time limit,
 * within these bounds (seconds). */
#define COOK_SHARE    10.0
#define COOK_MIN_S    0.5
#define COOK_MAX_S    3.0
/* The entries are written into the game this long after the last key. */
#define APPLY_DELAY_MS 600
/* The finales listed in the checklist, at most (the rest: the tree). */
#define COMPOSE_FINALE_ROWS 40
/* Add the Solution to the Game: the largest tree it adds (positions). */
#define COMPOSE_ADD_TREE_MAX 5000

struct _DrComposePane
{
  GtkBox          parent_instance;

  /* Template children. */
  GtkDropDown    *genre_dropdown;
  GtkDropDown    *goal_dropdown;
  GtkDropDown    *attacker_dropdown;
  GtkWidget      *lock_label;
  GtkWidget      *lock_box;
  GtkSpinButton  *lock_men_spin;
  GtkSpinButton  *lock_kings_spin;
  GtkEntry       *author_entry;
  GtkEntry       *source_entry;
  GtkEntry       *date_entry;
  GtkLabel       *stipulation_label;
  GtkSpinButton  *time_spin;
  GtkWidget      *verify_button;
  GtkWidget      *cancel_button;
  GtkProgressBar *progress_bar;
  GtkLabel       *verdict_label;
  GtkWidget      *add_solution_button;
  GtkListBox     *checklist;
  GtkWidget      *line_box;
  GtkLabel       *line_label;
  GtkWidget      *line_back_button;
  GtkWidget      *line_forward_button;
  GtkWidget      *add_variation_button;
  GtkWidget      *tree_expander;
  GtkTextView    *tree_view;
  GtkWidget      *add_main_line_button;

  DrGameModel    *model;
  DrBoardState   *board;
  DrNotation      notation;
  DrEgdbTables   *egdb;
  gboolean        loading;        /* the fields are being set from the game */
  gboolean        writing;        /* the pane is editing the game */
  gboolean        goal_touched;   /* the user chose a goal: a sentence not read goes */
  guint           apply_id;

  /* The verification. */
  GCancellable   *cancellable;    /* of the one under way, or NULL */
  guint           generation;
  gboolean        busy;
  GMutex          mutex;          /* guards latest and progress_id */
  DrSolveProgress latest;
  const char     *phase;          /* what the worker does now (translated, static) */
  guint           progress_id;
  guint           n_finished;
  DrSolveResult  *result;
  GPtrArray      *cooks;          /* DrSolveCook *, or NULL: not searched */
  GArray         *cook_basis;     /* DrMove: the line the cooks were looked for along */
  gboolean        basis_stated;   /* it is the game's (else the proof's main line) */
  DrCheckReport  *report;
  const DrRules  *rules;          /* of the result */
  DrPosition      start;          /* the position verified */

  /* The tables offered (dr-compose-pane-tables.c). */
  GSettings      *settings;
  GtkWidget      *tables_banner;
  GtkWidget      *tables_offer_box;
  GtkWidget      *tables_build_box;
  GtkLabel       *tables_label;
  GtkCheckButton *tables_remember;
  GtkProgressBar *tables_progress;
  const DrRules  *tables_rules;   /* of the tables offered or being built */
  int             tables_pieces;
  DrPosition      tables_start;   /* the position they were offered for */
  gboolean        tables_offering;
  gboolean        tables_building;
  gboolean        tables_opening; /* built: waiting for the manager to open them */
  gboolean        tables_asked;   /* the next Verify goes ahead without asking */

  /* The line shown on the board. */
  gboolean        showing_line;
  GArray         *line;           /* DrMove */
  DrPosition      line_start;
  guint           line_pos;       /* moves of the line played on the board */
  gboolean        line_addable;   /* starts at the game's start */
  char           *line_comment;   /* put on the line's first new move when added */
  guint           line_comment_at;
};

/* dr-compose-pane.c */
void  _dr_compose_pane_emit_line_changed   (DrComposePane *self);
/* The stipulation as the fields say (the rest as the game's tags say). */
void  _dr_compose_pane_fields_stipulation  (DrComposePane *self,
                                            DrStipulation *st);
/* Writes the fields into the game's tags (an edit, if they changed it). */
void  _dr_compose_pane_apply_fields        (DrComposePane *self);

/* dr-compose-pane-report.c */
void  _dr_compose_pane_class_init_report   (GtkWidgetClass *widget_class);
void  _dr_compose_pane_clear_checklist     (DrComposePane *self);
/* The verdict and the checklist of the last verification. */
void  _dr_compose_pane_show_report         (DrComposePane *self);

/* The verdict at a leaf of a solution tree for people ("won finale
 * (004 6.2.7.2): +5.67 at 6 plies", "table win in 7 plies", "end of game:
 * no move left"); NULL when @node is not a leaf. */
char *_dr_compose_leaf_verdict             (const DrSolveNode *node);

/* dr-compose-pane-tables.c */
void     _dr_compose_pane_tables_init      (DrComposePane *self);
void     _dr_compose_pane_tables_dispose   (DrComposePane *self);
/* Called by Verify: TRUE when it offers tables or builds them instead
 * (the verification follows the answer or the build). */
gboolean _dr_compose_pane_tables_intercept (DrComposePane *self);
/* The game changed: an offer made for another start position goes. */
void     _dr_compose_pane_tables_follow    (DrComposePane *self);

/* dr-compose-pane-verify.c */
void  _dr_compose_pane_class_init_verify   (GtkWidgetClass *widget_class);

G_END_DECLS
