#!/usr/bin/env bash
# Issue 34's parallel target: 2 threads against 1 on bench-peg-parallel.toml, on a quiet machine
# and again while a second 2-thread sweep shares it (a loop of 2-thread solves of a 4x12
# rectangle, standing for a researcher's other sweep or CI). Prints both reports' medians and the
# ratios of the sums of medians.
# Usage: bench/peg_parallel_load.sh [build-dir]   (a Release build)
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build}/boundsearch
out=results/peg-parallel-load
rm -rf "$out"
mkdir -p "$out"
for when in quiet loaded; do
  sed "s|^output = .*|output = \"$out/$when\"|; s|^name = .*|name = \"bench-peg-parallel-$when\"|" \
    experiments/configs/bench-peg-parallel.toml >"$out/$when.toml"
done

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; commit $(git rev-parse --short HEAD)"
"$cli" run "$out/quiet.toml" --progress quiet --no-report
(while :; do "$cli" solve peg instances/peg/hard/rect_4x12_v01_f31.txt --threads 2 >/dev/null; done) &
load=$!
trap 'kill $load 2>/dev/null || true' EXIT
"$cli" run "$out/loaded.toml" --progress quiet --no-report
kill $load 2>/dev/null || true

# Medians of wall seconds per (instance, threads), and the ratio of the sums, from the rows.
for when in quiet loaded; do
  echo
  echo "## $when"
  python3 - "$out/$when/rows.jsonl" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
times, nodes = {}, {}
for r in rows:
    key = (r["instance"], int(r["threads"]))
    times.setdefault(key, []).append(r["stats"]["wall_seconds"])
    nodes.setdefault(key, set()).add(r["stats"].get("nodes"))
sums = {1: 0.0, 2: 0.0}
print("| instance | 1 thread | 2 threads | speedup | node counts equal |")
print("|---|---:|---:|---:|---|")
for inst in sorted({k[0] for k in times}):
    one, two = statistics.median(times[(inst, 1)]), statistics.median(times[(inst, 2)])
    sums[1] += one
    sums[2] += two
    same = len(nodes[(inst, 1)] | nodes[(inst, 2)]) == 1
    print(f"| {inst} | {one:.3f} | {two:.3f} | {one / two:.2f}x | {'yes' if same else 'NO'} |")
print(f"| sum of medians | {sums[1]:.3f} | {sums[2]:.3f} | {sums[1] / sums[2]:.2f}x | |")
PY
done
