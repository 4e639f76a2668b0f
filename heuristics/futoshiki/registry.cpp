// The Futoshiki rules: one line per rule. Rules of one cost class run in this order.
#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

extern const FutoshikiRuleEntry value_elimination_rule;
extern const FutoshikiRuleEntry hidden_single_rule;
extern const FutoshikiRuleEntry inequality_bounds_rule;
extern const FutoshikiRuleEntry all_different_rule;
extern const FutoshikiRuleEntry probe_rule;
extern const FutoshikiRuleEntry all_different_bgl_rule;
extern const FutoshikiRuleEntry assignment_lp_rule;

const std::vector<FutoshikiRuleEntry>& futoshiki_rules() {
  static const std::vector<FutoshikiRuleEntry> rules = {
      value_elimination_rule, hidden_single_rule, inequality_bounds_rule,
      all_different_rule,     probe_rule,         all_different_bgl_rule,
      assignment_lp_rule,
  };
  return rules;
}

std::vector<RuleInfo> futoshiki_rule_infos() {
  std::vector<RuleInfo> out;
  for (const auto& e : futoshiki_rules()) out.push_back(e.info);
  return out;
}

}  // namespace bs::futoshiki
