// The Shakashaka rules: one line per rule, cheapest first. Rules of one cost class run in this
// order.
#include "heuristics/shakashaka/shakashaka_rule.hpp"

namespace bs::shakashaka {

extern const ShakashakaRuleEntry black_side_rule;
extern const ShakashakaRuleEntry clue_count_rule;
extern const ShakashakaRuleEntry angle_rule;
extern const ShakashakaRuleEntry scanline_rule;
extern const ShakashakaRuleEntry rectangle_rule;
extern const ShakashakaRuleEntry diamond_rule;
extern const ShakashakaRuleEntry probe_rule;
extern const ShakashakaRuleEntry lp_rule;

const std::vector<ShakashakaRuleEntry>& shakashaka_rules() {
  static const std::vector<ShakashakaRuleEntry> rules = {
      black_side_rule,
      clue_count_rule,
      angle_rule,
      scanline_rule,
      rectangle_rule,
      diamond_rule,
      probe_rule,
      // The LP bound, off by default.
      lp_rule,
  };
  return rules;
}

std::vector<RuleInfo> shakashaka_rule_infos() {
  std::vector<RuleInfo> out;
  for (const auto& e : shakashaka_rules()) out.push_back(e.info);
  return out;
}

}  // namespace bs::shakashaka
