/* dr-hub-engine.h — an outside engine speaking the Hub protocol
 *
 * SPDX-FileCopyrightText: 2026 The Draughtsman authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dr-search.h"

G_BEGIN_DECLS

#define DR_HUB_ENGINE_ERROR (dr_hub_engine_error_quark ())

typedef enum
{
  DR_HUB_ENGINE_ERROR_START,      /* the program could not be started */
  DR_HUB_ENGINE_ERROR_EXITED,     /* it stopped or closed its output */
  DR_HUB_ENGINE_ERROR_PROTOCOL,   /* it said something we cannot follow */
  DR_HUB_ENGINE_ERROR_VARIANT,    /* it does not play the game's variant */
} DrHubEngineError;

GQuark dr_hub_engine_error_quark (void);

#define DR_TYPE_HUB_ENGINE (dr_hub_engine_get_type ())

G_DECLARE_FINAL_TYPE (DrHubEngine, dr_hub_engine, DR, HUB_ENGINE, GObject)

/* @command_line is parsed like a shell's (g_shell_parse_argv); "hub" is
 * the engine's first line.  @options, "name=value name2=value2", are sent
 * as set-param before init (only those the engine declares). */
DrHubEngine   *dr_hub_engine_new          (const char       *command_line,
                                           const char       *options,
                                           GError          **error);
/* Analyses the position reached from @root by @moves (the moves are sent
 * so that the engine sees repetitions), until stopped.  Starts the engine
 * if needed; a running analysis is stopped first. */
void           dr_hub_engine_offer_param  (DrHubEngine      *self,
                                           const char       *name,
                                           const char       *value);
void           dr_hub_engine_analyse      (DrHubEngine      *self,
                                           const DrRules    *rules,
                                           const DrPosition *root,
                                           const DrMove     *moves,
                                           gsize             n_moves);
void           dr_hub_engine_stop         (DrHubEngine      *self);
gboolean       dr_hub_engine_get_running  (DrHubEngine      *self);
/* The engine's name from its "id" line, or the program's name. */
const char    *dr_hub_engine_get_name     (DrHubEngine      *self);
/* The latest line (Hub engines report one); NULL before the first. */
const DrSearchInfo *dr_hub_engine_get_line (DrHubEngine     *self);
const DrPosition *dr_hub_engine_get_position (DrHubEngine   *self);
const DrRules *dr_hub_engine_get_rules    (DrHubEngine      *self);

G_END_DECLS
