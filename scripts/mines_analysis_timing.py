#!/usr/bin/env python3
"""Times `boundsearch solve mines` on generated analysis positions (issue 33's measurement).

Usage: mines_analysis_timing.py [--boundsearch PATH] [--count N] [--seed S] [--time-limit T]
                                [--keep DIR] SPEC...

Each SPEC is BOARD:OPEN, or BOARD:OPEN:digits for digits-only clicks: expert:0.12,
100x100x2000:0.35, 30x16x99:0.2:digits. For each SPEC the script makes N positions (seeds S ..
S + N - 1, by `boundsearch generate mines`, the method in solvers/mines/generate.hpp) in a
temporary folder, removed at the end (or in DIR, kept), solves each once with `--json --time-limit T`, and prints a line per
position: its status, the wall time of the whole process, the solver's own wall_seconds (what the
issue's targets are stated on; it includes the re-check of the answer), and the engine's stats
where the result has them. Then, per SPEC, the median and the maximum of both times and how many
positions went unanswered (the time limit, or the process killed 30 s after it).

The positions are the same on every machine, so two builds can be compared position by position.
The default is the issue's expert sweep at 10 seeds: expert:0.12 expert:0.20 expert:0.28
expert:0.35. Nothing beyond the Python standard library is needed.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

# The engine's stats worth a column, those the result has (solvers/mines/solver.cpp names them).
STATS = ["unknown_cells", "components", "largest_component", "enumerated", "lp_bounded_components"]


def parse_spec(spec):
    parts = spec.split(":")
    if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] != "digits"):
        sys.exit(f"mines_analysis_timing: a spec is BOARD:OPEN or BOARD:OPEN:digits, not '{spec}'")
    return parts[0], parts[1], len(parts) == 3


def solve(boundsearch, path, time_limit):
    """Returns (status, process seconds, the result's JSON or None)."""
    command = [boundsearch, "solve", "mines", path, "--json"]
    if time_limit > 0:
        command += ["--time-limit", str(time_limit)]
    started = time.monotonic()
    try:
        # The solver stops itself at the limit; the timeout is only for a run that does not.
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=time_limit + 30 if time_limit > 0 else None)
    except subprocess.TimeoutExpired:
        return "killed", time.monotonic() - started, None
    seconds = time.monotonic() - started
    try:
        result = json.loads(done.stdout)
    except json.JSONDecodeError:
        return f"error (exit {done.returncode}): {done.stderr.strip()[:200]}", seconds, None
    return result.get("status", "?"), seconds, result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="*", metavar="SPEC",
                        default=["expert:0.12", "expert:0.20", "expert:0.28", "expert:0.35"])
    parser.add_argument("--boundsearch", default="build/boundsearch")
    parser.add_argument("--count", type=int, default=10, help="positions per spec")
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds per solve; 0: none")
    parser.add_argument("--keep", help="write the positions here instead of a temporary folder")
    args = parser.parse_args()

    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        measure(args, args.keep)
    else:
        with tempfile.TemporaryDirectory(prefix="mines_analysis_") as folder:
            measure(args, folder)


def measure(args, folder):
    print(f"positions in {folder}; time limit {args.time_limit} s")
    print(f"{'position':34} {'status':8} {'process_s':>10} {'solver_s':>10} "
          + " ".join(f"{s:>{len(s)}}" for s in STATS))
    summary = []
    for spec in args.specs:
        board, open_fraction, digits = parse_spec(spec)
        process_times, solver_times, unanswered = [], [], 0
        for seed in range(args.seed, args.seed + args.count):
            name = f"mines-{board}-o{open_fraction}{'-digits' if digits else ''}-s{seed}"
            path = os.path.join(folder, name + ".txt")
            generate = [args.boundsearch, "generate", "mines", "--board", board, "--open",
                        open_fraction, "--seed", str(seed), "--output", path]
            subprocess.run(generate + (["--digits-only"] if digits else []), check=True)
            status, seconds, result = solve(args.boundsearch, path, args.time_limit)
            stats = (result or {}).get("stats", {})
            solver_seconds = stats.get("wall_seconds", float("nan"))
            process_times.append(seconds)
            solver_times.append(solver_seconds if status == "solved" else seconds)
            unanswered += status != "solved"
            columns = " ".join(f"{stats[s]:>{len(s)}.0f}" if s in stats else f"{'-':>{len(s)}}"
                               for s in STATS)
            print(f"{name:34} {status:8} {seconds:10.3f} {solver_seconds:10.4f} {columns}",
                  flush=True)
        summary.append((spec, process_times, solver_times, unanswered))

    # Unanswered positions count at their process time: a lower bound on what they would take.
    print(f"\n{'spec':24} {'n':>4} {'unanswered':>10} {'median_s':>10} {'max_s':>10} "
          f"{'proc_median_s':>13} {'proc_max_s':>10}")
    for spec, process_times, solver_times, unanswered in summary:
        print(f"{spec:24} {len(solver_times):4d} {unanswered:10d} "
              f"{statistics.median(solver_times):10.4f} {max(solver_times):10.4f} "
              f"{statistics.median(process_times):13.4f} {max(process_times):10.4f}")


if __name__ == "__main__":
    main()
