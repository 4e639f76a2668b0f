#!/usr/bin/env bash
# bench/behaviour.sh BIN OUT: captures what a refactoring must not change, so that two binaries'
# captures can be compared with `diff -r`: the bench output (node counts), Minesweeper --record
# files, Futoshiki node counts, grades and rule counters on every shipped instance (solve and
# count --limit 2), and with FULL=1 the analyse peg tables of English and French. Run from the
# repository root (or set SRC). Issue 29 used it after every merge.
set -u
bin=$(realpath "$1"); out=$2; src=${SRC:-.}
mkdir -p "$out"; out=$(realpath "$out"); cd "$src"
"$bin" bench | sed "s/ *[0-9.]* ms$//" | grep -v "^Time" > "$out/bench.txt" 2>&1
# mines records: the seeds the tests and benchmarks use
"$bin" play mines --board expert --games 300 --seed 1 --record "$out/rec_fast.jsonl" >/dev/null
"$bin" play mines --board expert --games 30 --seed 1 --lookahead 1 --record "$out/rec_strong.jsonl" >/dev/null
"$bin" play mines --board expert --first-click snr --games 30 --seed 7 --lookahead 1 --record "$out/rec_snr.jsonl" >/dev/null
"$bin" play mines --board beginner9 --first-click snr --games 300 --seed 3 --record "$out/rec_beg.jsonl" >/dev/null
# futoshiki node counts
: > "$out/futoshiki.txt"
for f in $(find instances/futoshiki -name '*.txt' -o -name '*.sgtid' | sort); do
  [[ $f == *count_1m* ]] && continue
  s=$("$bin" solve futoshiki "$f" --json | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["status"], r["stats"].get("nodes"), r.get("hardest_rule",""), {k:v for k,v in r["stats"].items() if k.startswith(("calls_","prunes_"))})' 2>&1)
  c=$("$bin" count futoshiki "$f" --limit 2 --json | python3 -c 'import json,sys; r=json.load(sys.stdin); print(r["status"], r["stats"].get("nodes"), r["stats"].get("solutions"), r.get("count"))' 2>&1)
  echo "$f | $s | $c" >> "$out/futoshiki.txt"
done
if [[ ${FULL:-0} == 1 ]]; then
  "$bin" analyse peg instances/peg/english33_central.txt --threads 2 > "$out/analyse_english.md"
  "$bin" analyse peg instances/peg/french37_central.txt --threads 2 > "$out/analyse_french.md"
fi
echo "captured in $out"
