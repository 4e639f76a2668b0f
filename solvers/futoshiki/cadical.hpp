// `--method cadical`: Futoshiki solved by the CaDiCaL binary on the direct CNF, the benchmarks'
// CDCL baseline (issue 35).
//
// Each call writes the CNF (puzzles/futoshiki/cnf.hpp) to a temporary file and runs
// `cadical -q [-t SECONDS] FILE` as a child process (posix_spawn, no shell), its output into a
// second temporary file; both files are removed whatever happens. The model read back is checked
// by the independent verifier before it counts. The binary is $BS_CADICAL when set, else
// `cadical` on PATH.
//
// Counting adds the blocking clause of each model found and calls again, from scratch each time:
// a count of k solutions costs k + 1 whole CaDiCaL runs (process start, parse, search), so the
// uniqueness question (--limit 2: one call, then one on the CNF plus the blocking clause, whose
// UNSAT means exactly one) is what it is for; a full count of a loose grid is far slower than
// the toolkit's own counting.
//
// A time limit goes to CaDiCaL as -t, the remaining whole seconds rounded up, and the child is
// also killed once the remaining time has passed. A call cut short makes the run unknown with
// stop reason time_limit, never solved or infeasible.
#pragma once

#include <string>

#include "core/options.hpp"
#include "core/result.hpp"
#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki {

// The certificate kind of an instance CaDiCaL found unsatisfiable; `verify` re-decides it with
// the search.
inline constexpr const char* kCadicalUnsat = "cadical-unsat";

// The CaDiCaL binary to run: $BS_CADICAL when set (std::invalid_argument when it is no
// executable file), else the first `cadical` on PATH (std::invalid_argument when there is none).
std::string cadical_binary();

// Solves or counts (options.count, options.limit) `instance` with CaDiCaL, into `r` (status,
// stop, count, certificate, counters cadical_calls and cadical_seconds: the wall time inside the
// children) and `grid` (the first solution). Throws std::runtime_error when CaDiCaL fails (an
// exit code other than its answers', or an answer that disagrees with its exit code).
void solve_by_cadical(const Instance& instance, const CommonOptions& options, Result& r,
                      Grid& grid);

}  // namespace bs::futoshiki
