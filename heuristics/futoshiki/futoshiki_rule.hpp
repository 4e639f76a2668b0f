// The Futoshiki propagation rules: what they see and what they answer.
//
// A node of the search is a domain per cell, a 32-bit mask with bit v-1 for value v. A rule reads
// and narrows the domains and answers, as a Gecode propagator does: fail (some domain emptied, or
// a constraint cannot hold), progress (it removed a value), or no change. Rules only ever remove
// values that belong to no solution of the node, which the tests check against a brute-force
// oracle rule by rule. The solver runs the selected rules cheapest first and restarts from the
// cheapest after any progress, so an expensive rule runs only when every cheaper one is stuck;
// the most expensive rule that made progress is the puzzle's grade.
//
// Rules are plain functions over a read-only Structure (the instance, precomputed once), so they
// are thread-safe and cost no virtual call. A rule is one file in this folder defining one
// FutoshikiRuleEntry, plus one line in registry.cpp.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "heuristics/rule.hpp"
#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki {

using Mask = uint32_t;

inline Mask value_bit(int v) {
  return Mask{1} << (v - 1);
}
inline bool fixed(Mask d) {
  return d && !(d & (d - 1));
}
inline int lowest_value(Mask d) {
  return std::countr_zero(d) + 1;
}
inline int highest_value(Mask d) {
  return 32 - std::countl_zero(d);
}

// What every rule may read: the instance in the shapes rules want.
//
// A node's domain array holds words() masks: one per cell, then one per line that all-different
// keeps for itself (a signature of the line as it last left it at a fixpoint, so that it can skip
// the lines nothing has touched since). The words travel with the domains through copies and
// undo, so the memo is always the memo of this very node.
struct Structure {
  explicit Structure(const Instance& instance);
  int words() const { return n * n + 2 * n; }
  int n;
  Mask all;                // every value: bits 0..n-1
  std::vector<int> lines;  // 2n lines of n cells: rows 0..n-1, then columns
  std::vector<Inequality> inequalities;
  std::vector<int> degree;  // per cell: inequalities touching it
  const int* line(int i) const { return lines.data() + i * n; }
};

struct FutoshikiRuleEntry {
  RuleInfo info;
  Verdict (*propagate)(const Structure& s, Mask* domains);
};

// The all-different filter on one line of n domains (all_different.cpp), exposed for its oracle
// test and for reuse by any rule that needs a Latin line's consistent values.
Verdict filter_all_different(int n, Mask* domains);

// Every Futoshiki rule, in registry order (registry.cpp).
const std::vector<FutoshikiRuleEntry>& futoshiki_rules();
std::vector<RuleInfo> futoshiki_rule_infos();

}  // namespace bs::futoshiki
