#!/bin/sh
# The user guide (help/C/*.page): each page valid Mallard, every page
# reachable from index.page through its guide links, no link to a page
# that does not exist, and the pages help/meson.build installs are the
# pages there are.  Prints TAP.
# Usage: check-help.sh YELP_CHECK HELP_C_DIR INSTALLED_PAGE...
set -u
yelp_check="$1"
dir="$2"
shift 2

n=0
failed=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }

cd "$dir" || { echo "1..0 # no such folder: $dir"; exit 1; }
pages=$(ls *.page 2>/dev/null)
if [ -z "$pages" ]; then
  echo "not ok 1 - no page in $dir"
  echo "1..1"
  exit 1
fi

for page in $pages; do
  if out=$("$yelp_check" validate "$page" 2>&1) && [ -z "$out" ]; then
    ok "$page is valid Mallard"
  else
    not_ok "$page is valid Mallard"
    printf '%s\n' "$out" | sed 's/^/# /'
  fi
done

# yelp-check prints the page ids not reachable from the index.
out=$("$yelp_check" orphans $pages 2>&1)
if [ $? -eq 0 ] && [ -z "$out" ]; then
  ok "every page is linked from the index"
else
  not_ok "every page is linked from the index"
  printf 'not reached from index.page: %s\n' $out | sed 's/^/# /'
fi

out=$("$yelp_check" links $pages 2>&1)
if [ $? -eq 0 ] && [ -z "$out" ]; then
  ok "every link names a page that exists"
else
  not_ok "every link names a page that exists"
  printf '%s\n' "$out" | sed 's/^/# /'
fi

# The installed list (help/meson.build) against the folder.
missing=""
for page in $pages; do
  found=0
  for installed in "$@"; do
    [ "$installed" = "$page" ] && found=1
  done
  [ $found -eq 1 ] || missing="$missing $page"
done
extra=""
for installed in "$@"; do
  [ -f "$installed" ] || extra="$extra $installed"
done
if [ -z "$missing$extra" ]; then
  ok "help/meson.build installs every page"
else
  not_ok "help/meson.build installs every page"
  [ -z "$missing" ] || echo "# not in help/meson.build's sources:$missing"
  [ -z "$extra" ] || echo "# in help/meson.build's sources but not in $dir:$extra"
fi

echo "1..$n"
exit $failed
