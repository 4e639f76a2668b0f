// residual-bounds: what is left of the jump budget must still be able to finish every hole.
//
// Below a node the remaining jumps y_J satisfy, hole by hole, final(h) - pegs(h) =
// sum_{J fills h} y_J - sum_{J empties h} y_J with 0 <= y_J <= R(J) - used(J) (every complete
// solution obeys R, so the residual budget is exact to use). A hole that must gain a peg needs a
// filling jump with budget left; a hole that must lose one needs an emptying jump with budget
// left. The check is one pass over the jumps per node: it is the node-level face of jump-bounds,
// and catches the branches where a budget ran out long before the peg count says so.
#pragma once

#include <vector>

#include "heuristics/peg/peg_rule.hpp"

namespace bs::peg {

class ResidualBoundsRule : public PegRule {
 public:
  static constexpr RuleInfo kInfo{"residual-bounds", "peg", Cost::linear, true,
                                  "each hole that must change keeps a jump with budget left"};
  Verdict post(PegRoot& root, Certificate& why) override;
  bool checks_nodes() const override { return true; }
  Verdict propagate(const PegNode& node) const override;

 private:
  std::vector<int> final_;               // per hole
  std::vector<std::vector<int>> fill_;   // per hole: jumps that put a peg there
  std::vector<std::vector<int>> empty_;  // per hole: jumps that take a peg away
};

}  // namespace bs::peg
