// A cheap first solution of a Dominosa grid, found by local search on tilings, for the search to
// use as its phase (propagation::Problem::set_phase).
//
// Why. On a large random grid the rules decide few cells at the root, and the exact-cover DFS
// thrashes while it looks for a first solution; given a solution as the phase (each node's moves
// ordered so that the guide's value comes first) it counts to 2 at order 100 in a few hundred
// nodes (docs/history/dominosa.md). The solver does not know a solution, so this finds one, or
// something close, without search: a perfect matching of the cells over the alive placements (a
// tiling, which ignores the numbers), then repair of the domino types it uses twice.
//
// What it promises. Nothing about the answers: the phase only orders values, so the DFS that
// follows stays exact whatever this returns. A tiling with no type missing is a solution, and is
// marked so only after the puzzle's own verifier accepted it. Deterministic for a seed: the same
// grid, domains and seed give the same tiling on every platform (splitmix64, no clock).
#pragma once

#include <cstdint>
#include <vector>

#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

struct FirstSolutionConfig {
  uint64_t seed = 0;
  // Repair moves before giving up with the best tiling seen; 0: a budget from the grid's size.
  uint64_t max_moves = 0;
  // Wall seconds before giving up with the best tiling seen; 0: none. A run it cuts short is the
  // only one that is not deterministic.
  double seconds = 0;
};

struct FirstSolution {
  std::vector<int> tiling;  // the best tiling's placements, ascending; empty: no perfect matching
  int missing = -1;         // domino types the best tiling lacks (as many are doubled); 0: solved
  bool verified = false;    // missing == 0 and verify_solution accepted it
  uint64_t moves = 0;       // repair moves made
  bool timed_out = false;   // config.seconds ran out before the budget of moves
  int restarts = 0;         // walks begun from a fresh first tiling after the first one
  int start_missing = -1;   // the types the first perfect matching lacked
};

// From the domains `dom` of a propagated node (Structure::words() words): only placements alive
// there are used, so cells the rules fixed keep their partners.
FirstSolution first_solution(const Structure& s, const Mask* dom,
                             const FirstSolutionConfig& config);

// The phase of a tiling: per cell, the direction bit of its partner (0 for a cell it misses).
std::vector<Mask> phase_of(const Structure& s, const std::vector<int>& tiling);

}  // namespace bs::dominosa
