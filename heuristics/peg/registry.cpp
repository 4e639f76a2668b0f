// The peg solitaire rules: one line per rule. Order does not matter; solvers sort by cost.
#include "heuristics/peg/classic_pagodas.hpp"
#include "heuristics/peg/jump_bounds.hpp"
#include "heuristics/peg/pagoda.hpp"
#include "heuristics/peg/peg_rule.hpp"
#include "heuristics/peg/position_class.hpp"
#include "heuristics/peg/residual_bounds.hpp"
#include "heuristics/peg/residual_lp.hpp"

namespace bs::peg {

namespace {
template <class R>
std::unique_ptr<PegRule> make() {
  return std::make_unique<R>();
}
}  // namespace

const std::vector<PegRuleEntry>& peg_rules() {
  static const std::vector<PegRuleEntry> rules = {
      {PositionClassRule::kInfo, make<PositionClassRule>},
      {ClassicPagodasRule::kInfo, make<ClassicPagodasRule>},
      {JumpBoundsRule::kInfo, make<JumpBoundsRule>},
      {PagodaRule::kInfo, make<PagodaRule>},
      {ResidualBoundsRule::kInfo, make<ResidualBoundsRule>},
      {ResidualLpRule::kInfo, make<ResidualLpRule>},
  };
  return rules;
}

std::vector<RuleInfo> peg_rule_infos() {
  std::vector<RuleInfo> out;
  for (const auto& e : peg_rules()) out.push_back(e.info);
  return out;
}

}  // namespace bs::peg
