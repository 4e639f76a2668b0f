#!/usr/bin/env bash
# Each puzzle's bench node count must equal the committed one (bench/expected/<puzzle>.txt). A
# change to a search that changes what it visits changes its count: if that change is intended,
# run `boundsearch bench` and commit the puzzle's "Nodes searched by" number with the change.
set -euo pipefail
cli=$1
dir=$2
out=$("$cli" bench)
status=0
while read -r puzzle got; do
  file="$dir/$puzzle.txt"
  if [[ ! -f "$file" ]]; then
    echo "bench: $puzzle searched $got nodes, and $file is missing" >&2
    status=1
    continue
  fi
  expected=$(tr -d '[:space:]' < "$file")
  if [[ "$got" != "$expected" ]]; then
    echo "bench: $puzzle searched $got nodes, expected $expected ($file)" >&2
    status=1
  else
    echo "bench: $puzzle searched $got nodes, as expected"
  fi
done < <(awk '/^Nodes searched by / {sub(":", "", $4); print $4, $5}' <<<"$out")
exit $status
