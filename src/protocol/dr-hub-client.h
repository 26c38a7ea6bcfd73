/* dr-hub-client.h — the interface's end of the Hub protocol, without I/O
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ENGINES.md §4.1.  What an interface says to a Hub engine and what it
 * makes of the engine's lines, for both drivers of outside engines: the
 * application's (src/app/dr-hub-engine.c, asynchronous on the main
 * thread) and `draughtsman-cli match`'s (src/cli/dr-match.c, blocking
 * reads with deadlines).  Each reads the lines its own way and hands them
 * to dr_hub_client_read_line(); the lines to send are made here.
 *
 * The handshake: "hub"; the engine's "id" and "param" lines, then "wait";
 * "set-param" for the variant (dr_hub_client_variant_line()) and the
 * options the engine declared (dr_hub_client_declares()); "init"; "ready".
 */
#pragma once

#include <glib.h>

#include "dr-rules.h"
#include "dr-search.h"

G_BEGIN_DECLS

#define DR_HUB_CLIENT_ERROR (dr_hub_client_error_quark ())

/* The longest line taken from an engine, in bytes without its newline: an
 * "info" line whose principal variation has a thousand moves of at most 66
 * bytes ("50x50" and 20 captured squares "x12") is under 70 KB; an engine
 * that sends more without a newline is broken. */
#define DR_HUB_CLIENT_MAX_LINE (1024 * 1024)

typedef enum
{
  DR_HUB_CLIENT_ERROR_VARIANT,   /* the engine does not declare the variant */
} DrHubClientError;

GQuark dr_hub_client_error_quark (void);

/* What a line of the engine's was. */
typedef enum
{
  DR_HUB_LINE_NONE,     /* blank, or nothing an interface acts on */
  DR_HUB_LINE_ID,       /* "id": dr_hub_client_get_name() may have changed */
  DR_HUB_LINE_PARAM,    /* "param": a parameter declared */
  DR_HUB_LINE_WAIT,     /* "wait": the declarations are over */
  DR_HUB_LINE_READY,    /* "ready": "init" is done */
  DR_HUB_LINE_INFO,     /* "info": #DrHubReply.info */
  DR_HUB_LINE_DONE,     /* "done": #DrHubReply.move, .ponder */
  DR_HUB_LINE_PONG,     /* "pong" */
  DR_HUB_LINE_ERROR,    /* "error": #DrHubReply.message */
} DrHubLine;

typedef struct
{
  char         *move;      /* DONE: the move in Hub notation; NULL without one */
  char         *ponder;    /* DONE: the expected reply, or NULL */
  char         *message;   /* ERROR: the engine's message (or the whole line) */
  DrSearchInfo  info;      /* INFO: depth, score (hundredths of a man),
                              nodes, time and the line, read as far as it
                              is legal from the position given */
} DrHubReply;

void         dr_hub_reply_clear          (DrHubReply       *reply);

typedef struct _DrHubClient DrHubClient;

DrHubClient *dr_hub_client_new           (void);
void         dr_hub_client_free          (DrHubClient      *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DrHubClient, dr_hub_client_free)

/* Forgets the declarations (an engine started again). */
void         dr_hub_client_reset         (DrHubClient      *self);

/* Reads one line of the engine's (without its newline) into @reply,
 * which the caller clears.  For an "info" line the moves of its "pv" are
 * read from @pos under @rules, up to the first that is not legal there;
 * with @rules NULL the line is left empty. */
DrHubLine    dr_hub_client_read_line     (DrHubClient      *self,
                                          const char       *line,
                                          const DrRules    *rules,
                                          const DrPosition *pos,
                                          DrHubReply       *reply);

/* The name from the engine's "id", or NULL before one. */
const char  *dr_hub_client_get_name      (DrHubClient      *self);
/* Did the engine declare the parameter @name? */
gboolean     dr_hub_client_declares      (DrHubClient      *self,
                                          const char       *name);

/* The "set-param" line that chooses @rules' variant (transfer full):
 * NULL when none is needed (International to an engine that declares no
 * variant), or NULL with @error when the engine does not declare it. */
char        *dr_hub_client_variant_line  (DrHubClient      *self,
                                          const DrRules    *rules,
                                          GError          **error);

/* "set-param name=NAME value=VALUE", quoted as needed. */
char        *dr_hub_set_param_line       (const char       *name,
                                          const char       *value);
/* "pos pos=... [moves=\"...\"]": @base, then @moves played from it. */
char        *dr_hub_pos_line             (const DrRules    *rules,
                                          const DrPosition *base,
                                          const DrMove     *moves,
                                          gsize             n_moves);

G_END_DECLS
