#!/bin/sh
# Stands in for a test that cannot run in this build (its program or
# library is missing): a TAP plan of no tests that says why, which meson
# reports as SKIP.  A strict build (-Dstrict_tests=true, as in CI) fails at
# configuration instead and never uses this.
# Usage: skip-test.sh REASON...
echo "1..0 # SKIP $*"
