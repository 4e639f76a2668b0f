#!/usr/bin/env bash
# The Futoshiki figures, as docs/BENCHMARKS.md quotes them (issue 6). Medians of 5.
#   bench-futoshiki.toml:          every shipped and generated puzzle, solve + uniqueness proof,
#                                  against the seed's method and the integer model in one sweep
#   bench-futoshiki-parallel.toml: counting on 1 and 2 threads in one sweep (speedup)
#   boundsearch_bench:             the in-process kernels (all 93 shipped puzzles back to back)
#   generate:                      minimal unique puzzles, 5 seeds per size
# Usage: bench/futoshiki.sh [build-dir] [sizes...]   (default sizes: 12 15)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
shift || true
sizes=("${@:-12 15}")
cli=$build/boundsearch
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; commit $(git rev-parse --short HEAD)"
"$cli" run experiments/configs/bench-futoshiki.toml --overwrite --progress quiet > /dev/null
"$cli" run experiments/configs/bench-futoshiki-parallel.toml --overwrite --progress quiet > /dev/null

# Per (config, instance group): the median over repetitions of each instance's solver wall time,
# then the largest of those medians in the group, from the raw rows.
python3 - <<'PY'
import json, statistics, collections
def rows(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]
def group(inst):
    if inst.startswith("gen_"): return "generated %sx%s" % (inst.split("_")[1], inst.split("_")[1])
    return "shipped (93)"
by = collections.defaultdict(list)
status = collections.Counter()
for r in rows("results/bench-futoshiki/rows.jsonl"):
    key = (r["config"], group(r["instance"]), r["instance"])
    ok = r.get("status") == "solved" and r.get("count") == 1 and r.get("count_complete")
    by[key].append(r["stats"]["wall_seconds"] if ok else float("inf"))
agg = collections.defaultdict(list)
for (cfg, grp, inst), ts in by.items():
    agg[(cfg, grp)].append(statistics.median(ts))
print("| config | instances | median per puzzle (ms) | slowest puzzle, median of 5 (ms) | unanswered in 2 s |")
print("|---|---|---:|---:|---:|")
for (cfg, grp), ms in sorted(agg.items()):
    fin = [m for m in ms if m != float("inf")]
    print("| %s | %s | %.3f | %.3f | %d |" % (cfg, grp, 1e3 * statistics.median(fin) if fin else -1,
          1e3 * max(fin) if fin else -1, len(ms) - len(fin)))
par = collections.defaultdict(list)
for r in rows("results/bench-futoshiki-parallel/rows.jsonl"):
    par[(r["instance"], r["threads"])].append(r["wall_seconds"])
for inst in sorted({i for i, _ in par}):
    one, two = statistics.median(par[(inst, 1)]), statistics.median(par[(inst, 2)])
    print("| counting %s: 1 thread %.2f s, 2 threads %.2f s | speedup %.2fx |" % (inst, one, two, one / two))
PY

"$build/boundsearch_bench" --benchmark_filter=Futoshiki --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true 2>/dev/null | grep -E "median|Benchmark"

for n in ${sizes[@]}; do
  times=()
  for seed in 1 2 3 4 5; do
    t0=$(date +%s%N)
    "$cli" generate futoshiki --size "$n" --seed "$seed" > /dev/null
    times+=("$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN {printf "%.2f\n", (b - a) / 1e9}')")
  done
  echo "| generate ${n}x${n}, seeds 1-5 (s) | median $(printf '%s\n' "${times[@]}" | median) | ${times[*]} |"
done
