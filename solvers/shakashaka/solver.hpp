// Shakashaka, wired: the selected propagation rules at the root, then the generic DFS.
#pragma once

#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/result.hpp"
#include "puzzles/shakashaka/grid.hpp"
#include "solvers/solver.hpp"

namespace bs::shakashaka {

// Solves (or, with option count, counts) one instance. The solution, when there is one, is
// verified independently before it is returned, and also left in `solution` when given.
Result solve(const Instance& instance, const Options& options, Solution* solution = nullptr);

// Re-checks a "no solution" certificate by another route: anything found by propagation or search
// is re-decided by the integer model (CBC, families A-F), and the IP's own by the search. Empty
// when the certificate holds, else why not; CheckUnfinished (solvers/verify_result.hpp) when the
// second route stops at its 60 s limit.
std::string check_certificate(const Instance& instance, const Certificate& certificate);

// What the generator asks of a puzzle, in-process, with the given rules: the number of solutions
// up to `limit`, the hardest rule that made progress at the root (an index into grade_names();
// -1 when none did), and whether the rules stopped short of a full grid.
struct Analysis {
  int solutions = 0;
  int hardest = -1;
  bool needs_search = false;
  bool complete = false;  // the count finished (or reached `limit`) within the node limit
  Solution first;         // the first solution found, when there is one
};
Analysis analyse(const Instance& instance, int limit, const std::string& rules = "default",
                 uint64_t node_limit = 0);
// The default rule names, cheapest first: the grades in increasing difficulty, then "search".
const std::vector<std::string>& grade_names();

PuzzleSolver shakashaka_solver();

}  // namespace bs::shakashaka
