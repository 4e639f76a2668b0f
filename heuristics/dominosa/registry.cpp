// The Dominosa rules: one line per rule, cheapest first. Rules of one cost class run in this
// order.
#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

extern const DominosaRuleEntry cell_single_rule;
extern const DominosaRuleEntry domino_single_rule;
extern const DominosaRuleEntry matching_rule;
extern const DominosaRuleEntry matching_bgl_rule;

const std::vector<DominosaRuleEntry>& dominosa_rules() {
  static const std::vector<DominosaRuleEntry> rules = {
      cell_single_rule,
      domino_single_rule,
      matching_rule,
      matching_bgl_rule,
  };
  return rules;
}

std::vector<RuleInfo> dominosa_rule_infos() {
  std::vector<RuleInfo> out;
  for (const auto& e : dominosa_rules()) out.push_back(e.info);
  return out;
}

}  // namespace bs::dominosa
