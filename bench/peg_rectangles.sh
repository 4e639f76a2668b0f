#!/usr/bin/env bash
# The rectangle study: how large a full rectangular board can the solver decide completely
# (every single vacancy to single peg problem) in 2 minutes? For each R x C (R <= C) in order of
# area, one `analyse` run on 2 threads with a 120 s limit per problem; the table gives the wall
# time and the answers. Usage: bench/peg_rectangles.sh [build-dir] [max-area] [min-area]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
max_area=${2:-42}
dir=$(mktemp -d)
echo "| board | holes | pairs | solved | impossible | undecided | searched | seconds (2 threads) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
min_area=${3:-12}
for area in $(seq "$min_area" "$max_area"); do
  for r in $(seq 3 8); do
    (( area % r == 0 )) || continue
    c=$((area / r))
    (( c >= r && c <= 12 )) || continue
    f=$dir/rect_${r}x${c}.txt
    { for _ in $(seq "$r"); do printf 'X%.0s' $(seq "$c"); echo; done
      echo
      for _ in $(seq "$r"); do printf 'o%.0s' $(seq "$c"); echo; done; } > "$f"
    line=$("$build/boundsearch" analyse peg "$f" --threads 2 --time-limit 120 --out "$dir/out_${r}x${c}" | sed -n 3p)
    summary=$dir/out_${r}x${c}/summary.json
    python3 - "$summary" "$r" "$c" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print(f"| {sys.argv[2]}x{sys.argv[3]} | {d['holes']} | {d['pairs']} | {d['solved']} | {d['impossible']} | {d['undecided']} | {d['searched']} | {d['seconds']:.2f} |")
PY
  done
done
