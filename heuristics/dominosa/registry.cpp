// The Dominosa rules: one line per rule, cheapest first. Rules of one cost class run in this
// order.
#include "heuristics/dominosa/dominosa_rule.hpp"

namespace bs::dominosa {

extern const DominosaRuleEntry cell_single_rule;
extern const DominosaRuleEntry domino_single_rule;
extern const DominosaRuleEntry cell_single_domino_rule;
extern const DominosaRuleEntry must_overlap_rule;
extern const DominosaRuleEntry local_duplicate_rule;
extern const DominosaRuleEntry local_duplicate_2_rule;
extern const DominosaRuleEntry parity_rule;
extern const DominosaRuleEntry set_analysis_rule;
extern const DominosaRuleEntry set_analysis_doubles_rule;
extern const DominosaRuleEntry forcing_chain_rule;
extern const DominosaRuleEntry matching_rule;
extern const DominosaRuleEntry matching_bgl_rule;
extern const DominosaRuleEntry lp_rule;
extern const DominosaRuleEntry probe_rule;

const std::vector<DominosaRuleEntry>& dominosa_rules() {
  static const std::vector<DominosaRuleEntry> rules = {
      cell_single_rule,
      domino_single_rule,
      // Tatham's basic level.
      cell_single_domino_rule,
      must_overlap_rule,
      local_duplicate_rule,
      local_duplicate_2_rule,
      parity_rule,
      // Every placement in some perfect matching of the cells: parity's generalisation.
      matching_rule,
      // Tatham's hard level, then his extreme one.
      set_analysis_rule,
      set_analysis_doubles_rule,
      forcing_chain_rule,
      // References and the LP, off by default.
      matching_bgl_rule,
      lp_rule,
      probe_rule,
  };
  return rules;
}

std::vector<RuleInfo> dominosa_rule_infos() {
  std::vector<RuleInfo> out;
  for (const auto& e : dominosa_rules()) out.push_back(e.info);
  return out;
}

}  // namespace bs::dominosa
