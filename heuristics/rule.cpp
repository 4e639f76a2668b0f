#include "heuristics/rule.hpp"

#include <algorithm>
#include <stdexcept>

namespace bs {

const char* to_string(Cost c) {
  switch (c) {
    case Cost::root:
      return "root";
    case Cost::constant:
      return "constant";
    case Cost::linear:
      return "linear";
    case Cost::quadratic:
      return "quadratic";
    case Cost::probing:
      return "probing";
    case Cost::lp:
      return "lp";
    case Cost::ip:
      return "ip";
  }
  return "?";
}

std::vector<std::string> select_rules(const std::vector<RuleInfo>& rules, std::string_view spec) {
  std::vector<bool> on(rules.size());
  auto set_defaults = [&] {
    for (size_t i = 0; i < rules.size(); ++i) on[i] = rules[i].on_by_default;
  };
  auto find = [&](std::string_view name) -> size_t {
    for (size_t i = 0; i < rules.size(); ++i)
      if (rules[i].name == name) return i;
    std::string known;
    for (const auto& r : rules) known += (known.empty() ? "" : ", ") + std::string(r.name);
    throw std::invalid_argument("unknown rule '" + std::string(name) + "' (known: " + known + ")");
  };
  set_defaults();
  bool first = true;
  size_t pos = 0;
  while (pos <= spec.size()) {
    size_t comma = spec.find(',', pos);
    if (comma == std::string_view::npos) comma = spec.size();
    std::string_view item = spec.substr(pos, comma - pos);
    pos = comma + 1;
    if (item.empty()) {
      if (comma == spec.size()) break;
      continue;
    }
    if (item == "default") {
      set_defaults();
    } else if (item == "none") {
      std::fill(on.begin(), on.end(), false);
    } else if (item == "all") {
      std::fill(on.begin(), on.end(), true);
    } else if (item[0] == '-' || item[0] == '+') {
      on[find(item.substr(1))] = item[0] == '+';
    } else {
      if (first) std::fill(on.begin(), on.end(), false);
      on[find(item)] = true;
    }
    first = false;
  }
  std::vector<size_t> order;
  for (size_t i = 0; i < rules.size(); ++i)
    if (on[i]) order.push_back(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return rules[a].cost < rules[b].cost; });
  std::vector<std::string> names;
  for (size_t i : order) names.emplace_back(rules[i].name);
  return names;
}

}  // namespace bs
