// What every pruning or ordering rule is, whatever its puzzle.
//
// A rule has a name (its key on the CLI and in configs), the puzzle it serves, a one-line help,
// and a cost class. Solvers run rules cheapest first, so a rule's cost class is a promise about
// how much work one call does. At a node a rule answers, as a Gecode propagator does: fail (cut
// this node), progress (it tightened something; run the cheaper rules again), or no change.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/verdict.hpp"

namespace bs {

enum class Cost {
  root,       // runs once, before search
  constant,   // O(1) per node
  linear,     // O(size of the instance) per node
  quadratic,  // more than linear per node: a matching, strongly connected components
  probing,    // runs the cheaper rules many times per node (failed-literal tests)
  lp,         // solves a linear program
  ip,         // solves an integer program
};
const char* to_string(Cost c);

struct RuleInfo {
  std::string_view name;
  std::string_view puzzle;
  Cost cost;
  bool on_by_default;
  std::string_view help;
};

// Resolves a --rules value against one puzzle's rules. The value is a comma list whose items are
// `default`, `none`, `all`, NAME (switch on) or -NAME (switch off), applied left to right; a list
// that starts with a NAME (not -NAME) starts from nothing, otherwise from the defaults.
// Returns the names switched on, cheapest first. Throws std::invalid_argument naming an unknown
// rule and listing the known ones.
std::vector<std::string> select_rules(const std::vector<RuleInfo>& rules, std::string_view spec);

}  // namespace bs
