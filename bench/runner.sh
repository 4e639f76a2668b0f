#!/usr/bin/env bash
# The experiment runner's figures, as docs/BENCHMARKS.md quotes them: medians of 5 sweeps.
#   overhead: bench-runner.toml, 1,000 trivial runs one at a time; the runner's time per run
#             beyond the runs' own wall times (target: under 5 ms)
#   demo:     the README's first command's sweep, demo.toml (target: under 2 minutes)
# Usage: bench/runner.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build}/boundsearch
reps=5
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# The runner's closing line: "...; 4.05 s; runner overhead 1.14 ms per run"
field() { sed -n "s/.*; \([0-9.]*\) s; runner overhead \([-0-9.]*\) ms per run/\\$1/p"; }

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; commit $(git rev-parse --short HEAD)"
overhead=() sweep=() demo=()
for _ in $(seq $reps); do
  line=$("$cli" run experiments/configs/bench-runner.toml --overwrite --progress quiet --no-report 2>&1 | tail -1)
  overhead+=("$(field 2 <<< "$line")")
  sweep+=("$(field 1 <<< "$line")")
  t0=$(date +%s%N)
  "$cli" run experiments/configs/demo.toml --overwrite --progress quiet > /dev/null 2>&1
  demo+=("$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN {printf "%.2f\n", (b - a) / 1e9}')")
done
echo "| measurement | median of $reps | all |"
echo "|---|---:|---|"
echo "| runner overhead per run, 1,000 trivial runs, 1 job (ms) | $(printf '%s\n' "${overhead[@]}" | median) | ${overhead[*]} |"
echo "| the 1,000-run sweep, wall (s) | $(printf '%s\n' "${sweep[@]}" | median) | ${sweep[*]} |"
echo "| demo.toml, whole command with the report (s) | $(printf '%s\n' "${demo[@]}" | median) | ${demo[*]} |"
