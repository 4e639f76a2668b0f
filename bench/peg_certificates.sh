#!/usr/bin/env bash
# Certificates that carry their proof, on a held-out-style sweep (issue 34): random boards with
# one vacancy and one final peg in the same position class (so that classes decide nothing),
# solved one process at a time on 1 thread; every "impossible" answer's certificate is then
# checked by `verify`, which never solves or searches. Prints how many answers of each kind
# carried a proof that checked, and the solver's time against the checker's: the solve's
# wall_seconds against the time `verify` prints for its check (files read included), neither
# with the process start-up.
# Usage: bench/peg_certificates.sh [build-dir] [instances] [seed]
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:-build}")
count=${2:-300}
seed=${3:-1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$build/boundsearch" "$dir" "$count" "$seed" <<'PY'
import json, random, statistics, subprocess, sys, time
exe, work, count, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)

def position_class(holes, pegs):
    # Parities of the three diagonal colour classes, both diagonals: the classic Z2 x Z2 pair.
    n = [0] * 6
    for (r, c) in pegs:
        n[(r + c) % 3] += 1
        n[3 + (r - c) % 3] += 1
    return ((n[0] + n[1]) % 2, (n[1] + n[2]) % 2, (n[3] + n[4]) % 2, (n[4] + n[5]) % 2)

def board():
    rows, cols = rng.randint(3, 6), rng.randint(4, 7)
    holes = {(r, c) for r in range(rows) for c in range(cols)}
    for _ in range(rng.randint(0, 3)):  # cut corners: a few shapes beyond rectangles
        r, c = rng.choice([(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)])
        holes.discard((r, c))
    return rows, cols, sorted(holes)

def instance(i):
    while True:
        rows, cols, holes = board()
        vacancy = rng.choice(holes)
        start = [h for h in holes if h != vacancy]
        same = [h for h in holes if position_class(holes, [h]) == position_class(holes, start)]
        if same:
            break
    peg = rng.choice(same)
    text = f"# sweep {i}: {rows}x{cols}, vacancy {vacancy}, peg {peg}\n"
    grid = lambda has: "\n".join("".join(("X" if has((r, c)) else "o") if (r, c) in holes else "-"
                                         for c in range(cols)) for r in range(rows))
    text += grid(lambda h: h != vacancy) + "\n\n" + grid(lambda h: h == peg) + "\n"
    path = f"{work}/sweep_{i}.txt"
    open(path, "w").write(text)
    return path

rows = []
for i in range(count):
    path = instance(i)
    t0 = time.perf_counter()
    out = subprocess.run([exe, "solve", "peg", path, "--json", "--threads", "1"],
                         capture_output=True, text=True)
    solve_s = time.perf_counter() - t0
    r = json.loads(out.stdout)
    kind = r["certificate"]["kind"] if r["status"] == "infeasible" else r["status"]
    check_s, verdict, log = None, None, 0
    if r["status"] == "infeasible":
        res = f"{work}/result_{i}.json"
        open(res, "w").write(out.stdout)
        t0 = time.perf_counter()
        v = subprocess.run([exe, "verify", "peg", path, res], capture_output=True, text=True)
        check_s = time.perf_counter() - t0
        if v.stdout.startswith("ok:"):  # the check's own time, files read included
            check_s = float(v.stdout.split(" in ")[1].split()[0])
        verdict = {0: "ok", 1: "WRONG", 6: "unchecked"}.get(v.returncode, f"exit {v.returncode}")
        log = int(r["stats"].get("proof_log_positions", 0))
    # The solver's own time: its wall_seconds, start-up and printing excluded, like the check's.
    rows.append((kind, r["stats"].get("wall_seconds", solve_s), check_s, verdict, log))

kinds = sorted({k for k, *_ in rows})
print(f"{count} instances (seed {seed}), one process each, 1 thread")
print("| answer | count | checked ok | unchecked | wrong | solve s (median) | check s (median) | "
      "sum check / sum solve | largest proof log |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for k in kinds:
    sel = [r for r in rows if r[0] == k]
    solve = [r[1] for r in sel]
    checks = [r[2] for r in sel if r[2] is not None]
    ok = sum(r[3] == "ok" for r in sel)
    unchecked = sum(r[3] == "unchecked" for r in sel)
    wrong = sum(r[3] not in (None, "ok", "unchecked") for r in sel)
    ratio = f"{sum(checks) / sum(solve):.3f}" if checks else "-"
    med = f"{statistics.median(checks):.4f}" if checks else "-"
    print(f"| {k} | {len(sel)} | {ok if checks else '-'} | {unchecked if checks else '-'} | "
          f"{wrong if checks else '-'} | {statistics.median(solve):.4f} | {med} | {ratio} | "
          f"{max(r[4] for r in sel)} |")
heavy = [r for r in rows if r[0] in ("exhaustive-search", "infeasible-ip")]
if heavy:
    print(f"\nexhaustive-search and infeasible-ip together: {len(heavy)} answers, check/solve = "
          f"{sum(r[2] for r in heavy) / sum(r[1] for r in heavy):.3f} (in-process times)")
PY
