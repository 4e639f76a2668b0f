#!/usr/bin/env bash
# bench/speed.sh BASE NEW [RUNS]: the same commands with two binaries, interleaved, RUNS times
# (default 5); prints each one's median CPU time (user + system) and the ratio new/base. Run from
# the repository root.
set -u
base=$(realpath "$1"); new=$(realpath "$2"); runs=${3:-5}
cmds=(
  "bench"
  "count futoshiki instances/futoshiki/generated/gen_15_seed2.txt --limit 2"
  "count futoshiki instances/futoshiki/count/fut_07_count_1m.txt --limit 200000"
  "play mines --board expert --games 3000 --seed 2"
  "play mines --board expert --games 200 --seed 2 --lookahead 1"
  "solve mines instances/mines/lattice_111.txt"
  "solve peg instances/peg/wiegleb45_central.txt"
  "analyse peg instances/peg/french37_central.txt --threads 1"
)
for c in "${cmds[@]}"; do
  tb=(); tn=()
  for ((i = 0; i < runs; i++)); do
    for which in base new; do
      bin=$base; [[ $which == new ]] && bin=$new
      /usr/bin/time -o "${TMPDIR:-/tmp}/speed_t" -f "%U %S" $bin $c > /dev/null 2>&1
      t=$(awk '{print $1 + $2}' "${TMPDIR:-/tmp}/speed_t")
      if [[ $which == base ]]; then tb+=("$t"); else tn+=("$t"); fi
    done
  done
  mb=$(printf "%s\n" "${tb[@]}" | sort -g | sed -n "$(( (runs + 1) / 2 ))p")
  mn=$(printf "%s\n" "${tn[@]}" | sort -g | sed -n "$(( (runs + 1) / 2 ))p")
  echo "$c | base $mb | new $mn | ratio $(python3 -c "print(round($mn/$mb, 3) if $mb > 0 else 'n/a')")"
done
