#!/usr/bin/env bash
# Issue 4's figures, as docs/BENCHMARKS.md quotes them. Win rates are deterministic (game i of a
# seed is a pure function of the seed, the index, the board and the rule), so each is one run of
# GAMES games; speeds are medians of 5 runs.
# Kernels: bench/mines_bench.cpp through boundsearch_bench (in the speeds part).
# Usage: [PART=rates|speeds] bench/mines.sh [build-dir] [games] [strong-games]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
games=${2:-100000}
strong_games=${3:-$games}
cli=$build/boundsearch
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
field() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
out=${OUT:-results/mines-bench}
mkdir -p "$out"

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; commit $(git rev-parse --short HEAD)"
echo
echo "| setting | games | win rate | 95% Wilson interval | games/s (this run) | CPU s/game |"
echo "|---|---:|---:|---|---:|---:|"
rate() {  # label, games, then the play options; the JSON summary is kept in $out
  local label=$1 n=$2
  shift 2
  local file="$out/$(echo "$label" | tr -c 'a-zA-Z0-9\n' '_').json"
  "$cli" play mines --games "$n" --seed 1 --json "$@" > "$file"
  python3 - "$file" "$label" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("| %s | %d | %.2f%% | %.2f-%.2f%% | %.0f | %.5f |" % (
    sys.argv[2], d["games"], 100 * d["win_rate"], 100 * d["wilson_low"], 100 * d["wilson_high"],
    d["games_per_second"], d["cpu_seconds_per_game"]))
PY
}
if [ "${PART:-all}" != speeds ]; then
rate "expert SFAR (0,0), strong (--lookahead 1), 2 threads" "$strong_games" --board expert --lookahead 1 --threads 2
rate "expert SFAR (0,0), fast, 1 thread" "$games" --board expert --threads 1
rate "expert SNR (3,3), fast, 2 threads" "$games" --board expert --first-click snr --threads 2
rate "expert SNR (3,3), strong, 2 threads" "$strong_games" --board expert --first-click snr --lookahead 1 --threads 2
rate "expert SFAR (0,0), fast, without the corners element, 2 threads" "$games" --board expert --play-off corners --threads 2
rate "intermediate SFAR (0,0), strong, 2 threads" "$games" --board intermediate --lookahead 1 --threads 2
rate "intermediate SFAR (0,0), fast, 2 threads" "$games" --board intermediate --threads 2
rate "beginner 9x9 SFAR (0,0), strong, 2 threads" "$games" --board beginner9 --lookahead 1 --threads 2
rate "beginner 9x9 SNR (3,3), strong, 2 threads" "$games" --board beginner9 --first-click snr --lookahead 1 --threads 2
rate "beginner 9x9 SNR (2,2), strong, 2 threads" "$games" --board beginner9 --first-click snr --click 2,2 --lookahead 1 --threads 2
rate "beginner 9x9 SFAR (0,0), fast, 2 threads" "$games" --board beginner9 --threads 2
rate "beginner 9x9 SNR (3,3), fast, 2 threads" "$games" --board beginner9 --first-click snr --threads 2
fi
[ "${PART:-all}" = rates ] && exit 0
echo
echo "Speed, medians of 5 runs:"
speed() {
  local label=$1
  shift
  local runs
  runs=$(for _ in 1 2 3 4 5; do "$cli" play mines --seed 2 --json "$@" | field 'd["games_per_second"]'; done)
  echo "- $label: $(echo "$runs" | median) games/s (runs: $(echo "$runs" | awk '{printf "%.0f ", $1}'))"
}
speed "expert fast, 1 thread, 20,000 games" --board expert --games 20000 --threads 1
speed "expert strong, 2 threads, 2,000 games" --board expert --games 2000 --threads 2 --lookahead 1
speed "expert SNR strong, 1 thread, 1,000 games (most of its time in the endgame search)" --board expert --first-click snr --games 1000 --threads 1 --lookahead 1
echo
echo "Kernels (bench/mines_bench.cpp), medians of 5:"
"$build/boundsearch_bench" --benchmark_filter=Mines --benchmark_repetitions=5 \
  --benchmark_display_aggregates_only=true 2>&1 | grep -E "_median"
