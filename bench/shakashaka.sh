#!/usr/bin/env bash
# The Shakashaka figures, as docs/BENCHMARKS.md quotes them (issue 32). Each cell is the median of
# 5 runs.
#   shipped: every puzzle of instances/shakashaka/{real,sparse}, solved and proved unique
#            (`count --limit 2`), the solver's own wall_seconds (parse excluded), with the default
#            rules, without the probe (the baseline, cut at 10 s), and without the probe and the
#            scanline rule (the ablation of scanline, cut at 10 s);
#   generate: the wall time of `boundsearch generate shakashaka --size WxH --seed S`, then the
#            solve of the puzzle it made with a uniqueness proof (solver wall_seconds);
#            and the same solve on 1 and 2 threads, with the default rules and without the probe.
# Usage: bench/shakashaka.sh [build-dir] [part ...]; parts: shipped generate (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
parts=("${@:-shipped generate}")
read -r -a parts <<< "${parts[*]}"
cli=$build/boundsearch
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
field() { python3 -c "import json,sys; j=json.load(sys.stdin); s=j['stats']; print($1)"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; commit $(git rev-parse --short HEAD)"

# solve_ms FILE [OPTIONS]: the median solver wall time of 5 proofs of uniqueness, in ms, then
# the status, count, grade and nodes of the last.
solve_ms() {
  local f=$1
  shift
  : > "$tmp/t"
  for rep in 1 2 3 4 5; do
    "$cli" count shakashaka "$f" --limit 2 --json "$@" > "$tmp/r.json" || true
    field "s['wall_seconds'] * 1000" < "$tmp/r.json" >> "$tmp/t"
  done
  echo "$(median < "$tmp/t") $(field "j['status'], j.get('count'), j['hardest_rule'], int(s['nodes'])" < "$tmp/r.json")"
}

for part in "${parts[@]}"; do
  case $part in
  shipped)
    echo "| puzzle | default (ms) | status, count, grade, nodes | no probe (ms) | status, count, nodes | no probe, no scanline (ms) | status, count, nodes |"
    echo "|---|---|---|---|---|---|---|"
    for f in ${FILES:-instances/shakashaka/real/*.txt instances/shakashaka/sparse/*.txt}; do
      read -r d rest <<< "$(solve_ms "$f")"
      read -r n nrest <<< "$(solve_ms "$f" --rules=-probe --time-limit 10)"
      read -r ns nsrest <<< "$(solve_ms "$f" --rules=-probe,-scanline --time-limit 10)"
      echo "| $(basename "$f" .txt) | $d | $rest | $n | $nrest | $ns | $nsrest |"
    done
    ;;
  generate)
    echo "| size | seed | generate (s) | grade | clues | solve + uniqueness (ms) | 2 threads (ms) | 1 thread -probe (ms) | 2 threads -probe (ms) |"
    echo "|---|---|---|---|---|---|---|---|---|"
    for size in 30x30 50x50; do
      for seed in 1 2 3 4 5; do
        : > "$tmp/g"
        for rep in 1 2 3 4 5; do
          s=$(date +%s.%N)
          "$cli" generate shakashaka --size "$size" --seed "$seed" > "$tmp/p.txt"
          e=$(date +%s.%N)
          awk -v s="$s" -v e="$e" 'BEGIN {print e - s}' >> "$tmp/g"
        done
        grade=$(sed -n 's/.*; grade //p' "$tmp/p.txt")
        clues=$(grep -v '^#' "$tmp/p.txt" | tail -n +2 | tr -cd '0-4' | wc -c)
        read -r d _ <<< "$(solve_ms "$tmp/p.txt" --threads 1)"
        read -r d2 _ <<< "$(solve_ms "$tmp/p.txt" --threads 2)"
        read -r one _ <<< "$(solve_ms "$tmp/p.txt" --rules=-probe --threads 1)"
        read -r two _ <<< "$(solve_ms "$tmp/p.txt" --rules=-probe --threads 2)"
        echo "| $size | $seed | $(median < "$tmp/g") | $grade | $clues | $d | $d2 | $one | $two |"
      done
    done
    ;;
  *) echo "unknown part $part" >&2; exit 2 ;;
  esac
done
