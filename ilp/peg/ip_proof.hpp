// A branch-and-bound proof that the Kiyomi-Matsui feasibility IP has no solution, for a checker
// that never solves (puzzles/peg/proof_check.hpp says what it confirms).
//
// CBC says "infeasible" without saying why. This branch-and-bound keeps the why: it solves the
// LP relaxation of each box afresh with CLP (a fresh dual simplex is what hands out a Farkas
// ray), branches x_J <= k | x_J >= k + 1 on the most fractional column while the LP is feasible,
// and at each infeasible box turns the ray into integer multipliers by scaling and rounding,
// keeping the first rounding that the exact check accepts. The tree stays small because the
// equations are tight: the boards' infeasible IPs measured so far close at the root or within a
// few dozen boxes.
#pragma once

#include <string>
#include <vector>

#include "puzzles/peg/board.hpp"
#include "puzzles/peg/proof_check.hpp"

namespace bs::ilp {

struct IpProof {
  bool complete = false;                // the steps prove infeasibility (and were checked)
  std::vector<peg::IpProofStep> steps;  // preorder; see proof_check.hpp
  std::string why;                      // when not complete: what stopped it
  int boxes = 0;                        // LPs solved
  double seconds = 0;
};

// With `used_jump` >= 0 the proof starts from the box x_used >= 1: no game makes that jump.
IpProof prove_ip_infeasible(const peg::Instance& instance, double time_limit, int max_boxes,
                            int used_jump = -1);

}  // namespace bs::ilp
