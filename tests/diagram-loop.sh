#!/usr/bin/env bash
# Draws diagrams with draughtsman-cli again and again and counts the runs
# that did not exit 0: the check for the intermittent LeakSanitizer abort
# at exit (issue 25; dr_diagram_release_caches() in src/compose/dr-diagram.c).
# Not part of the suite: run it on demand against a sanitizer build, on a
# loaded machine, e.g.
#   ASAN_OPTIONS=abort_on_error=1:detect_leaks=1 \
#     tests/diagram-loop.sh _build-sanitize/src/cli/draughtsman-cli 250
# Each round draws four diagrams (PDF, SVG, a PDN collection as PDF, PNG),
# so 250 rounds make 1,000 runs.  It prints one line a failed run and a
# summary: runs, failures, and the runs in which Pango's threads still held
# the font map when the drawing was done (the race the fix waits out).
set -uo pipefail
cli="${1:?usage: diagram-loop.sh DRAUGHTSMAN_CLI [ROUNDS]}"
rounds="${2:-250}"
here="$(cd "$(dirname "$0")" && pwd)"
pdn="$here/../../shared/data/international/problems-PWCP_2.pdn"
[ -f "$pdn" ] || pdn=""
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
runs=0 failed=0 raced=0
for ((i = 0; i < rounds; i++)); do
  for kind in pdf svg pdn png; do
    case "$kind" in
      pdf) args=(--fen "W:W31-35:B16-20" -o "$work/d.pdf") ;;
      svg) args=(--variant russian --fen "W:Wa1,c3:Bh8" -o "$work/d.svg" --coordinates --flip) ;;
      pdn) if [ -n "$pdn" ]; then args=(--pdn "$pdn" -o "$work/c.pdf" --per-page 4); else args=(--fen "W:W31:B1" -o "$work/c.pdf"); fi ;;
      png) args=(--variant english --fen "B:W21,22:B1,K2" -o "$work/d.png" --size 200 --numbers) ;;
    esac
    G_MESSAGES_DEBUG=all LC_ALL=C.UTF-8 "$cli" diagram "${args[@]}" >"$work/out" 2>&1
    status=$?
    runs=$((runs + 1))
    grep -q "release the font map" "$work/out" && raced=$((raced + 1))
    if [ "$status" -ne 0 ]; then
      failed=$((failed + 1))
      echo "run $runs ($kind): exit $status"
      grep -m3 -E "ERROR|SUMMARY|font map|leak" "$work/out" | sed 's/^/  /'
    fi
  done
done
echo "runs $runs, failed $failed, font map still held when drawing ended $raced"
[ "$failed" -eq 0 ]
