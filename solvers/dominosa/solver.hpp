// Dominosa, wired: the selected propagation rules at the root, then the generic DFS branching
// on the item with the fewest options (or the reference integer model with --method ip).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/result.hpp"
#include "puzzles/dominosa/grid.hpp"
#include "solvers/solver.hpp"

namespace bs::dominosa {

// Solves (or, with option count, counts) one instance. The solution, when there is one, is
// verified independently before it is returned, and also left in `solution` when given.
Result solve(const Instance& instance, const Options& options, Solution* solution = nullptr);

// Re-checks a "no solution" certificate by another route: what the rules or the search refuted
// is re-decided by the integer model (CBC), and what CBC refuted by the search. Empty when the
// certificate holds, else why not; CheckUnfinished (solvers/verify_result.hpp) when the second
// route stops at its 60 s limit.
std::string check_certificate(const Instance& instance, const Certificate& certificate);

// What the generator asks of a grid: in-process, with the default rules (or `rules`, a --rules
// value). The solutions up to `limit` (complete: that is all of them), each kept as its
// placements, ascending; the hardest default rule that made progress at the root (an index into
// grade_names(), -1 when none did); whether the rules stopped short of a full cover; and the
// nodes searched. `node_limit` (0: none) cuts the count short, and then complete is false. The
// search is split into kAnalysisSubtrees subtrees with a share of the node limit each (DfsConfig::
// split_subtrees), so every field but `nodes` is the same on any number of `threads`.
struct Analysis {
  int solutions = 0;
  bool complete = false;
  int hardest = -1;
  bool needs_search = false;
  std::vector<std::vector<int>> found;
  uint64_t nodes = 0;
};
inline constexpr size_t kAnalysisSubtrees = 16;
Analysis analyse(const Instance& instance, int limit, const std::string& rules = "default",
                 uint64_t node_limit = 0, int threads = 1);
// The cells that the rules `rules` (a --rules value) leave unsettled at the root of `instance`,
// ascending: a cell is settled when one direction is left to it. Every cell when the rules find
// no solution. The rules are sound, so none open means the grid has one solution at most.
std::vector<int> open_cells_at_root(const Instance& instance, const std::string& rules);
// The default rule names, cheapest first: the grades in increasing difficulty, then "search".
const std::vector<std::string>& grade_names();

PuzzleSolver dominosa_solver();

}  // namespace bs::dominosa
