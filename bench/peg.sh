#!/usr/bin/env bash
# Issue 3's figures, as docs/BENCHMARKS.md quotes them: medians of 5 runs, ratios from one sweep.
# Usage: bench/peg.sh [build-dir] [reps]   (a Release build with the bench target)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
reps=${2:-5}
cli=$build/boundsearch
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# "seconds peak_MB" of a whole CLI process (the clock in ns, the memory from /usr/bin/time).
timed() {
  local t0 t1 mem
  t0=$(date +%s%N)
  mem=$(/usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1)
  t1=$(date +%s%N)
  awk -v a="$t0" -v b="$t1" -v m="$mem" 'BEGIN {printf "%.3f %.0f\n", (b - a) / 1e9, m / 1024}'
}

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(g++ --version | head -1)"
echo "commit: $(git rev-parse --short HEAD)"
echo
echo "| measurement | median of $reps | runs |"
echo "|---|---:|---|"
for board in english33 french37; do
  runs=$(for _ in $(seq "$reps"); do
    timed "$cli" analyse peg "instances/peg/${board}_central.txt" --threads 2 --time-limit 120
  done)
  echo "| $board, every pair, 2 threads: seconds | $(echo "$runs" | awk '{print $1}' | median) | $(echo "$runs" | awk '{print $1}' | tr '\n' ' ')|"
  echo "| $board, every pair, 2 threads: peak MB | $(echo "$runs" | awk '{print $2}' | median) | $(echo "$runs" | awk '{print $2}' | tr '\n' ' ')|"
done
for inst in english33_central wiegleb45_central; do
  runs=$(for _ in $(seq "$reps"); do timed "$cli" solve peg "instances/peg/$inst.txt"; done)
  echo "| $inst, CLI process, file to verified solution, 1 thread: seconds | $(echo "$runs" | awk '{print $1}' | median) | $(echo "$runs" | awk '{print $1}' | tr '\n' ' ')|"
done
echo
"$cli" bench | grep '^Nodes searched'
echo
"$build/boundsearch_bench" --benchmark_filter='PegSearch|Table' --benchmark_repetitions="$reps" \
  --benchmark_report_aggregates_only=true 2>/dev/null | grep -E "median|^-|Benchmark"
