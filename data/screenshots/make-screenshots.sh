#!/bin/sh
# make-screenshots.sh — the screenshots of the AppStream metainfo
#
# SPDX-FileCopyrightText: 2026 The Draughtsman authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: data/screenshots/make-screenshots.sh [BUILD_DIR]
#
# Runs the built program under Xvfb with its hidden --screenshot option,
# which renders the window (980x700 by default) into a PNG and quits.
# Settings stay in memory (the schema is taken from the build directory)
# and the XDG directories are a temporary directory, so neither the
# user's settings nor the game kept from the last run show, and nothing
# is written to the real home.  BUILD_DIR (default: _build in the source
# tree) must have been built with ninja.  The games come from the shared
# data directory beside the source tree (../shared/data), or from
# $DRAUGHTSMAN_SHARED/data.

set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

if [ $# -ge 1 ]; then
  build=$(cd "$1" && pwd)
else
  build=$root/_build
fi
shared=${DRAUGHTSMAN_SHARED:-$root/../shared}/data

app=$build/src/app/draughtsman
if [ ! -x "$app" ]; then
  echo "make-screenshots.sh: $app is not built (run ninja -C $build)" >&2
  exit 1
fi
if [ ! -f "$build/data/gschemas.compiled" ]; then
  echo "make-screenshots.sh: no compiled schema in $build/data" >&2
  exit 1
fi
if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "make-screenshots.sh: xvfb-run is needed (Debian: xvfb)" >&2
  exit 1
fi

home=$(mktemp -d "${TMPDIR:-/tmp}/draughtsman-screenshots.XXXXXX")
trap 'rm -rf "$home"' EXIT INT TERM

# shoot OUTPUT GAME PLY FILE: game GAME (1-based) of FILE at ply PLY, in a
# window of 1280x800 (a file of several games shows its game list).
# Each run starts with no saved game and no recent files; the cache (Mesa's
# shader cache) is kept from run to run.
shoot () {
  out=$1 game=$2 ply=$3 file=$4
  rm -rf "$home/state" "$home/data" "$home/config"
  mkdir -p "$home/state" "$home/data" "$home/config" "$home/cache"
  rm -f "$out"
  env GSETTINGS_SCHEMA_DIR="$build/data" \
      GSETTINGS_BACKEND=memory \
      XDG_STATE_HOME="$home/state" \
      XDG_DATA_HOME="$home/data" \
      XDG_CONFIG_HOME="$home/config" \
      XDG_CACHE_HOME="$home/cache" \
      GTK_A11Y=none \
      xvfb-run -a -s "-screen 0 1400x900x24" \
      "$app" --screenshot "$out" --size 1280x800 --game "$game" --ply "$ply" "$file"
  if [ ! -s "$out" ]; then
    echo "make-screenshots.sh: $out was not written" >&2
    exit 1
  fi
  echo "wrote $out"
}

# The program takes its picture a fixed 2.5 s after the window appears.
# With a cold shader cache the first frames under Xvfb are slow enough for
# the picture to catch the last move still sliding into place, so a first
# run only warms the cache.
shoot "$home/warm-up.png" 2 41 "$shared/international/nk_ronde_01.pdn" >/dev/null

# International: Dutch championship 2009, round 1, game 2 (Zweerink -
# Vissers), after White's 21st move, 44-39 (ply 41).
shoot "$here/international.png" 2 41 "$shared/international/nk_ronde_01.pdn"

# Russian, with the file's game list: 10th USSR championship, game 54 of the file (Kovrizhkin -
# Shutilkin): White crowned a man on f8 at move 12 (b4:f8) and the
# middlegame goes on around the king; after Black's 15th move (ply 30).
shoot "$here/russian.png" 54 30 "$shared/russian/ussr1947.pdn"

# Annotation: an opening with comments, glyphs, an assessment, a variation,
# and arrows and coloured squares drawn on the board after Black's 8th move
# (ply 16), from annotated.pdn beside this script.
shoot "$here/annotation.png" 1 16 "$here/annotated.pdn"
