// The Minesweeper deduction rules, cheapest first: one line per rule.
#include <stdexcept>

#include "heuristics/mines/lp.hpp"
#include "heuristics/mines/single_row.hpp"
#include "heuristics/mines/subset.hpp"
#include "heuristics/mines/system.hpp"

namespace bs::mines {

const std::vector<MineRuleEntry>& mine_rules() {
  static const std::vector<MineRuleEntry> rules = {
      {kSingleRowInfo, apply_single_row},
      {kSubsetInfo, apply_subset},
      {kLpInfo, apply_lp},
  };
  return rules;
}

std::vector<RuleInfo> mine_rule_infos() {
  std::vector<RuleInfo> out;
  for (const auto& e : mine_rules()) out.push_back(e.info);
  return out;
}

Verdict run_rules(MineSystem& system, const std::vector<std::string>& names, int& hardest) {
  std::vector<MineRule> rules;
  for (const std::string& name : names) {
    MineRule found = nullptr;
    for (const auto& e : mine_rules())
      if (e.info.name == name) found = e.apply;
    if (!found) throw std::invalid_argument("mines: no deduction rule named '" + name + "'");
    rules.push_back(found);
  }
  hardest = -1;
  for (size_t i = 0; i < rules.size();) {
    const Verdict v = rules[i](system, static_cast<int>(i));
    if (v == Verdict::fail) return v;
    if (v == Verdict::progress) {
      hardest = std::max(hardest, static_cast<int>(i));
      i = 0;
    } else {
      ++i;
    }
  }
  return Verdict::no_change;
}

}  // namespace bs::mines
