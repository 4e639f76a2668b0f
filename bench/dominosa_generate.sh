#!/usr/bin/env bash
# The Dominosa generator's figures, as docs/BENCHMARKS.md quotes them (issue 31): the wall time of
# `boundsearch generate dominosa` per (order, grade, seed), on 1 and 2 threads, the two thread
# counts interleaved run by run so that the machine's noise falls on both alike. Each cell is the
# median of 5 runs; the speedup is the ratio of the medians of the per-seed times, 1 thread over 2,
# and the puzzle text is checked to be the same on both (the generator promises it).
# Usage: bench/dominosa_generate.sh [build-dir] [order:grade ...]
#   default: 30:any 100:any 30:set-analysis, seeds 1-5
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
cases=("${@:-30:any 100:any 30:set-analysis}")
read -r -a cases <<< "${cases[*]}"
cli=$build/boundsearch
seeds=${SEEDS:-1 2 3 4 5}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; commit $(git rev-parse --short HEAD)"
echo "| order | grade | seed | 1 thread (s) | 2 threads (s) | speedup |"
echo "|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  order=${c%%:*} grade=${c#*:}
  for seed in $seeds; do
    for rep in 1 2 3 4 5; do
      for t in 1 2; do
        s=$(date +%s.%N)
        "$cli" generate dominosa --order "$order" --seed "$seed" --grade "$grade" --threads "$t" \
          > "$tmp/puzzle.$t"
        e=$(date +%s.%N)
        awk -v s="$s" -v e="$e" 'BEGIN {print e - s}' >> "$tmp/time.$order.$grade.$seed.$t"
      done
      cmp -s "$tmp/puzzle.1" "$tmp/puzzle.2" || { echo "threads changed the puzzle: $c seed $seed" >&2; exit 1; }
    done
    one=$(median < "$tmp/time.$order.$grade.$seed.1")
    two=$(median < "$tmp/time.$order.$grade.$seed.2")
    echo "$one" >> "$tmp/all.$order.$grade.1"
    echo "$two" >> "$tmp/all.$order.$grade.2"
    printf '| %s | %s | %s | %.3f | %.3f | %.2f |\n' "$order" "$grade" "$seed" "$one" "$two" \
      "$(awk -v a="$one" -v b="$two" 'BEGIN {print a / b}')"
  done
  one=$(median < "$tmp/all.$order.$grade.1")
  two=$(median < "$tmp/all.$order.$grade.2")
  printf '| %s | %s | median | %.3f | %.3f | %.2f |\n' "$order" "$grade" "$one" "$two" \
    "$(awk -v a="$one" -v b="$two" 'BEGIN {print a / b}')"
done
