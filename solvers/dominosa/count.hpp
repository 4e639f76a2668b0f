// Exact solution counts of Dominosa grids by splitting them into independent components, as
// #SAT model counters (Relsat, Cachet, sharpSAT) do.
//
// Why. A random grid has many local ambiguities (a 2x2 square "a b / a b" can be tiled two
// ways) that do not see each other, so its count is their product: it grows exponentially with
// the order, and the plain counting DFS, which enumerates solutions one by one, stops near order
// 12 (1,152 solutions). Counts are big integers, so that no order can overflow them; the random
// grids measured up to order 50 stay below 2^28 (docs/history/dominosa.md).
//
// How. At every node, after the rules have run to a fixpoint (they are sound, so the set of
// solutions, hence the count, is unchanged), the open part of the grid is split into components:
// two open cells are linked when a usable placement covers both, and all usable placements of one
// not-yet-placed domino are linked together. No solution of one component constrains another,
// so the count of the node is the product of the components' counts. A single component is
// branched on its item (cell or domino) with the fewest placements, and the branches' counts
// are summed; the branches are disjoint, as each uses another placement for that item.
//
// Rules. Any sound rule set gives the same count; the solver adds the probe rule to the default
// ones for this counter, as without it the default rules fail a wrong branch of a large random
// grid only far below it (order 30 seed 3: 81,106 nodes and 37 s, against 50 nodes and 1.2 s).
//
// Cache. A component's count is a function of its usable placements alone, so it is cached under
// their sorted list. One subtlety: the rules look at the whole grid, so while a component is
// counted, a rule may fail a branch because of another component that has no solution at all.
// The count found is then too low, but the product is zero anyway. Such a count must not be
// reused, so a node whose product is zero takes back every cache entry written since it was
// entered (the log); a nonzero product proves every part of it feasible, which makes its counts
// exact.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "core/stop_reason.hpp"
#include "heuristics/dominosa/dominosa_rule.hpp"
#include "propagation/problem.hpp"
#include "search/stats.hpp"

namespace bs::dominosa {

using DominosaProblem = propagation::Problem<Structure, RuleInfo>;
using BigCount = boost::multiprecision::cpp_int;

struct ComponentCountLimits {
  double seconds = 0;  // wall time; 0: none
  uint64_t nodes = 0;  // branches entered; 0: none
  // Cached components at most (each is its placement list and a count); past it, no new entries.
  size_t cache_entries = 1u << 20;
  bool cache = true;
};

struct ComponentCount {
  BigCount solutions = 0;
  bool complete = false;  // false: a limit stopped it, and `solutions` means nothing
  StopReason stop = StopReason::exhausted;
  // One solution, as a one-bit direction per cell, when complete and solutions > 0.
  std::vector<propagation::Mask> witness;
  uint64_t nodes = 0;            // branches entered
  uint64_t splits = 0;           // nodes whose open part fell into two components or more
  uint64_t most_components = 0;  // the most components seen at one node
  uint64_t cache_hits = 0;
  uint64_t cache_entries = 0;  // entries left in the cache at the end
  search::Stats stats;         // the rules' calls and prunes, by index in the problem's rules
};

// The rules named (select_rules order, cheapest first) as the problem runs them: the probing
// and LP ones (or from `costly_from` up) last, left out below the problem's costly depth.
// `timed`: --profile.
DominosaProblem::Rules dominosa_problem_rules(const std::vector<std::string>& names, bool timed,
                                              Cost costly_from = Cost::probing);

// Counts every solution below `root`, a state that `problem` has already propagated to a
// consistent fixpoint. Serial.
ComponentCount count_by_components(const DominosaProblem& problem, const Structure& structure,
                                   const DominosaProblem::State& root,
                                   const ComponentCountLimits& limits);

// A count in decimal.
std::string decimal(const BigCount& count);

}  // namespace bs::dominosa
