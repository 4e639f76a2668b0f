// residual-lp: the Kiyomi-Matsui LP again at shallow nodes, on what is left of the game.
//
// A completion of a node P, reached by a path that made jump J used(J) times, makes each J at
// most R(J) - used(J) more times and satisfies sum_J x_J v_J = P - final, hole by hole. When the
// LP relaxation of that system has no solution, neither has the node. This is the lab's "lazy
// bounds": the root computes R once, and shallow nodes re-solve the residual relaxation, one
// warm-started LP each (only the row and column bounds change). An LP costs about a thousand
// nodes of search, so the rule is off by default and runs only within --lazy-depth jumps of the
// root; answers are cached per (position, uses), so a transposition costs one look-up.
// Thread-safe: LP sessions come from a pool, the cache is behind a mutex.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "heuristics/peg/peg_rule.hpp"
#include "ilp/lp_model.hpp"

namespace bs::peg {

class ResidualLpRule : public PegRule {
 public:
  static constexpr RuleInfo kInfo{
      "residual-lp", "peg", Cost::lp, false,
      "lazy bounds: the residual Kiyomi-Matsui LP at nodes within --lazy-depth of the root"};
  Verdict post(PegRoot& root, Certificate& why) override;
  bool checks_nodes() const override { return true; }
  Verdict propagate(const PegNode& node) const override;

 private:
  std::unique_ptr<ilp::LpModel> model_;
  std::vector<uint8_t> final_;
  int holes_ = 0, jumps_ = 0, start_count_ = 0, max_depth_ = 0;
  mutable std::mutex mutex_;  // guards the pool and the cache
  mutable std::vector<std::unique_ptr<ilp::LpSession>> pool_;
  mutable std::map<std::string, bool> cache_;  // (pegs, uses) -> the LP is feasible
};

}  // namespace bs::peg
