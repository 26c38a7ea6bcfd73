#!/bin/sh
# The search's signature (Stockfish's tests/signature.sh): `draughtsman-cli
# bench` must search exactly the node count recorded in bench.sig.  A change
# that alters the search on purpose updates bench.sig (and the recorded
# counts of /search/deterministic-nodes in test-search.c) and says
# "Bench: N" in its commit message.
# Usage: check-bench.sh CLI SIGNATURE-FILE
set -eu
cli=$1
expected=$(cat "$2")
actual=$("$cli" bench 2>/dev/null | sed -n 's/^Nodes searched: //p')
echo "# bench: expected $expected, searched $actual"
if [ "$actual" = "$expected" ]; then
  echo "ok 1 /search/bench/signature"
  echo "1..1"
else
  echo "not ok 1 /search/bench/signature"
  echo "1..1"
  exit 1
fi
