#!/usr/bin/env bash
# The bench node count must equal the committed one (bench/expected_nodes.txt). A change to the
# search that changes what it visits changes the count: if that change is intended, run
# `boundsearch bench` and commit its "Nodes searched" number with the change.
set -euo pipefail
cli=$1
expected=$(tr -d '[:space:]' < "$2")
got=$("$cli" bench | awk '/^Nodes searched:/ {print $3}')
if [[ "$got" != "$expected" ]]; then
  echo "bench: $got nodes searched, expected $expected (bench/expected_nodes.txt)" >&2
  exit 1
fi
echo "bench: $got nodes searched, as expected"
