// jump-bounds: Kiyomi and Matsui's bounds on how often each jump can occur.
//
// Count how often each jump J occurs in a solution: x_J. Every hole ends as it must, so
// sum_J x_J v_J = start - final, where v_J is +1 on the two holes J empties and -1 on the hole it
// fills. If that integer program has no solution, neither has the puzzle (the certificate is the
// IP, which --lp-file writes out). Otherwise R(J) = max x_J bounds the uses of J: the search
// never plays J more often, and jumps with R(J) = 0 are never generated. ilp/peg_jump_bounds
// computes R with hot-started LPs, symmetry, and branch-and-bound only where the LP is not tight.
//
// Why the bound is safe to combine with a dead-position table: every complete solution satisfies
// the IP, so no solution is ever cut, whatever path led to a position.
#pragma once

#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "heuristics/peg/peg_rule.hpp"
#include "ilp/peg/jump_bounds.hpp"
#include "puzzles/peg/proof_check.hpp"

namespace bs::peg {

// The bound computation's settings from the option table: --bounds-threads (0: `threads`),
// --bounds-time-limit, and no longer than `seconds_left` of the whole solve.
ilp::JumpBoundsOptions jump_bounds_options(
    const PegOptions& options, int threads,
    double seconds_left = std::numeric_limits<double>::infinity());

// A branch-and-bound proof (ilp/peg/ip_proof.hpp) as certificate data: each step is
// {"branch": [jump, k]}, {"y": [multiplier per hole]} or {"y": [...], "modulus": m}, in
// preorder.
nlohmann::json ip_proof_json(const std::vector<IpProofStep>& steps);

class JumpBoundsRule : public PegRule {
 public:
  static constexpr RuleInfo kInfo{"jump-bounds", "peg", Cost::ip, true,
                                  "Kiyomi-Matsui IP: bound uses of each jump by R(J) = max x_J"};
  Verdict post(PegRoot& root, Certificate& why) override;
};

}  // namespace bs::peg
