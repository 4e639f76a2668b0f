// The Futoshiki rules: one line per rule. Rules of one cost class run in this order.
#include "heuristics/futoshiki/futoshiki_rule.hpp"

namespace bs::futoshiki {

extern const FutoshikiRuleEntry value_elimination_rule;
extern const FutoshikiRuleEntry hidden_single_rule;
extern const FutoshikiRuleEntry inequality_bounds_rule;
extern const FutoshikiRuleEntry all_different_rule;
extern const FutoshikiRuleEntry probe_rule;

const std::vector<FutoshikiRuleEntry>& futoshiki_rules() {
  static const std::vector<FutoshikiRuleEntry> rules = {
      value_elimination_rule, hidden_single_rule, inequality_bounds_rule,
      all_different_rule,     probe_rule,
  };
  return rules;
}

std::vector<RuleInfo> futoshiki_rule_infos() {
  std::vector<RuleInfo> out;
  for (const auto& e : futoshiki_rules()) out.push_back(e.info);
  return out;
}

Structure::Structure(const Instance& in)
    : n(in.n),
      all(in.n >= 32 ? ~Mask{0} : (Mask{1} << in.n) - 1),
      lines(2 * in.n * in.n),
      inequalities(in.inequalities),
      degree(in.n * in.n, 0) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      lines[i * n + j] = i * n + j;        // row i
      lines[(n + i) * n + j] = j * n + i;  // column i
    }
  for (const Inequality& q : inequalities) {
    ++degree[q.greater];
    ++degree[q.smaller];
  }
}

}  // namespace bs::futoshiki
