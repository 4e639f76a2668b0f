// The registry of all rules: one line per puzzle. Each puzzle keeps its own list of rules, one
// line per rule, in heuristics/<puzzle>/registry.cpp.
#include "heuristics/futoshiki/futoshiki_rule.hpp"
#include "heuristics/peg/peg_rule.hpp"
#include "heuristics/rule.hpp"

namespace bs {

std::vector<RuleInfo> all_rules() {
  std::vector<RuleInfo> out;
  for (const auto& info : peg::peg_rule_infos()) out.push_back(info);  // one line per puzzle
  for (const auto& info : futoshiki::futoshiki_rule_infos()) out.push_back(info);
  return out;
}

}  // namespace bs
