#!/usr/bin/env bash
# The foundation issue's figures, as docs/BENCHMARKS.md quotes them: medians of 5 runs.
# Usage: bench/foundation.sh [build-dir]   (a Release build with the bench target)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
cli=$build/boundsearch
reps=5

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# Wall seconds of a whole CLI process, file to answer, $reps times; prints the median in ms.
process_ms() {
  for _ in $(seq $reps); do
    local t0 t1
    t0=$(date +%s%N); "$cli" "$@" > /dev/null; t1=$(date +%s%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f\n", (b - a) / 1e6}'
  done | median
}
# A counter from the CLI summary, median over $reps runs.
counter() {
  local name=$1; shift
  for _ in $(seq $reps); do "$cli" "$@" | awk -v k="$name" '$1 == k {print $2}'; done | median
}

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(g++ --version | head -1)"
echo "commit: $(git rev-parse --short HEAD)"
echo
echo "| measurement | median of $reps |"
echo "|---|---:|"
echo "| English central, CLI process, file to verified solution, 1 thread (ms) | $(process_ms solve peg instances/peg/english33_central.txt) |"
echo "| English central, CLI process, 2 threads (ms) | $(process_ms solve peg instances/peg/english33_central.txt --threads 2) |"
echo "| English central, all 76 R(J) in-process, 2 threads (ms) | $(counter bound_seconds solve peg instances/peg/english33_central.txt --threads 2 | awk '{print $1 * 1000}') |"
echo "| English central, all 76 R(J) in-process, 1 thread (ms) | $(counter bound_seconds solve peg instances/peg/english33_central.txt | awk '{print $1 * 1000}') |"
echo "| French central, CLI process, file to checked certificate (ms) | $(process_ms solve peg instances/peg/french37_central.txt) |"
echo "| French central, solver wall inside the process (ms) | $(counter wall_seconds solve peg instances/peg/french37_central.txt | awk '{print $1 * 1000}') |"
echo "| lab Figure 3, CLI process, 1 thread (ms) | $(process_ms solve peg instances/peg/lab_fig3.txt) |"
echo
"$build/boundsearch_bench" --benchmark_repetitions=$reps --benchmark_report_aggregates_only=true \
  --benchmark_display_aggregates_only=true 2>&1 | grep -E "_median|Benchmark|^---"
