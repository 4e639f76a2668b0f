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

// Re-checks a "no solution" certificate without solving or searching: position classes, peg
// counts and pagodas are recomputed from the board; an infeasible IP's branch-and-bound proof and
// an exhaustive search's proof log are confirmed step by step (puzzles/peg/proof_check.hpp).
// Returns an empty string when the certificate holds, else why it does not. A certificate that
// carries no proof (its log would have been too large, say) throws CheckUnfinished
// (solvers/verify_result.hpp): it is then neither confirmed nor refuted.
std::string check_certificate(const Instance& instance, const Certificate& certificate);

// `boundsearch bounds peg FILE`: the R(J) table as text.
std::string bounds_table(const Instance& instance, const Options& options);

PuzzleSolver peg_solver();

}  // namespace bs::peg
