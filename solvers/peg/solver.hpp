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

// Re-checks a "no solution" certificate by a route independent of the one that produced it:
// position classes and peg counts are recomputed from the board, an infeasible IP is solved again
// as one plain CBC model, and an exhaustive search is repeated with no rules and no IP. Returns
// an empty string when the certificate holds, else why it does not. The IP and the search get
// `recheck_seconds` (> 0) each; when either stops short of an answer, throws CheckUnfinished
// (solvers/verify_result.hpp): the certificate is then neither confirmed nor refuted.
std::string check_certificate(const Instance& instance, const Certificate& certificate,
                              double recheck_seconds = 60);

// `boundsearch bounds peg FILE`: the R(J) table as text.
std::string bounds_table(const Instance& instance, const Options& options);

PuzzleSolver peg_solver();

}  // namespace bs::peg
