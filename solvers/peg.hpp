// Peg solitaire, wired: root rules, then the generic DFS over a bit-set board.
#pragma once

#include <string>
#include <vector>

#include "core/options.hpp"
#include "core/result.hpp"
#include "puzzles/peg/board.hpp"
#include "solvers/solver.hpp"

namespace bs::peg {

Result solve(const Instance& instance, const Options& options);
// The same result, and the jumps of the solution when there is one.
Result solve(const Instance& instance, const Options& options, std::vector<JumpRC>& jumps);

// `boundsearch bounds peg FILE`: the R(J) table as text.
std::string bounds_table(const Instance& instance, const Options& options);

PuzzleSolver peg_solver();

}  // namespace bs::peg
