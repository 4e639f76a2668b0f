#!/usr/bin/env bash
# Two mpirun ranks on localhost split one sweep: each rank runs its shard into its own file, and
# rank 0 merges them. Passes when rows.jsonl holds every run of the grid exactly once, rows came
# from both ranks, and no shard file is left behind.
set -euo pipefail
mpirun=$1 cli=$2 src=$3
dir=$(mktemp -d /tmp/bs-mpi-XXXXXX)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/mpi.toml" <<TOML
puzzle = "peg"
instances = ["$src/instances/peg/lab_fig1.txt", "$src/instances/peg/rect_3x5_v02_f02.txt",
             "$src/instances/peg/french37_central.txt"]
output = "$dir/out"
seeds = [1, 2, 3, 4, 5, 6]
time_limit = 10
[configs.full]
TOML
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# LeakSanitizer builds would report Open MPI's own allocations as leaks.
export ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
"$mpirun" -np 2 "$cli" run "$dir/mpi.toml" --progress quiet --no-report
rows="$dir/out/rows.jsonl"
[[ -f $rows ]] || { echo "no merged rows.jsonl"; exit 1; }
lines=$(wc -l < "$rows")
keys=$(python3 -c 'import json,sys; print(len({json.loads(l)["key"] for l in open(sys.argv[1])}))' "$rows" 2>/dev/null \
  || grep -o '"key":"[^"]*"' "$rows" | sort -u | wc -l)
shards=$(grep -o '"shard":"[^"]*"' "$rows" | sort -u | wc -l)
left=$(find "$dir/out" -name 'rows.shard-*' | wc -l)
echo "mpi: $lines rows, $keys keys, from $shards shards, $left shard files left"
[[ $lines -eq 18 && $keys -eq 18 && $shards -eq 2 && $left -eq 0 ]]
