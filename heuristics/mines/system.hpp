// The Minesweeper deduction rules' shared view: linear equations over the unknown cells.
//
// Each revealed digit with unknown neighbours is a row "the mines among these cells number t"
// (t is the digit less its flagged neighbours); one more row says how many mines remain among all
// unknown cells. A rule reads the rows and the cells decided so far and decides more cells, as a
// Gecode propagator narrows domains: it answers fail (no layout fits: the position is
// inconsistent), progress (it decided something; the driver runs the cheaper rules again) or no
// change. The rules run on the one fixpoint driver every puzzle shares (propagation/fixpoint.hpp):
// the system is the driver's model, each unknown cell a variable with the two values safe (bit 0)
// and mine (bit 1), and a rule decides a cell by narrowing its domain to one of them. run_rules
// records, for each decided cell, the rule that decided it, and the most expensive rule that made
// progress: the position's grade, as Simon Tatham's solvers grade theirs.
//
// Unlike Futoshiki's, these rules are not incremental: each call reads every row and ignores
// what the driver says changed. A system is built afresh for each position and taken to its
// fixpoint once, so there is no earlier fixpoint to start from, and the rows a decision touches
// are most of a small system anyway.
#pragma once

#include <array>
#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "heuristics/rule.hpp"
#include "propagation/fixpoint.hpp"

namespace bs::mines {

using propagation::Dirty;
using propagation::Mask;

// A cell's domain: bit 0 for safe, bit 1 for mine. Rules never empty one (they fail instead).
inline constexpr Mask kSafe = 1, kMine = 2, kUndecided = kSafe | kMine;
// To and from MineSystem::value's encoding: -1 undecided, 0 safe, 1 mine.
inline int8_t value_of(Mask d) {
  return d == kUndecided ? int8_t{-1} : d == kMine ? int8_t{1} : int8_t{0};
}
// Without a branch (-1 -> 3, 0 -> 1, 1 -> 2): run_rules converts every cell at each call.
inline Mask domain_of(int8_t value) {
  return static_cast<Mask>((value + 1) | ((value >> 7) & 3));
}

// A digit sees at most 8 cells: kept inline, a row costs no allocation (the player builds a
// system of a hundred rows for every move; with a heap array per row, allocation was a quarter
// of the fast player's time). The mine-count row, over every unknown cell, spills to the heap.
using RowCells = boost::container::small_vector<int, 8>;

struct Row {
  RowCells vars;    // unknown cells, by variable index, sorted
  int target = 0;   // mines among them
  int source = -1;  // the board cell whose digit it is; -1 for the mine-count row
};

// The rows are the model the rules read; `value`, `decided_by` and `failed_row` are what
// run_rules reports. The rules themselves see the cells only as the driver's domain words: the
// `vars` domains, then one word in which a failing rule names the row it cannot meet.
struct MineSystem {
  int vars = 0;
  std::vector<Row> rows;           // the mine-count row, if any, is among them
  std::vector<int8_t> value;       // per variable: -1 undecided, 0 safe, 1 mine
  std::vector<int8_t> decided_by;  // per variable: index of the rule that decided it, or -1
  int failed_row = -1;             // after a fail: a row that cannot be met, when one is known

  // Mines and undecided cells of a row, on the domains `d`.
  static void tally(const Row& r, const Mask* d, int& mines, int& open) {
    mines = open = 0;
    for (int v : r.vars) {
      mines += d[v] == kMine;
      open += d[v] == kUndecided;
    }
  }
  // A failing rule names row `r` (-1: none) in the word after the domains.
  void fail_at(Mask* d, int r) const { d[vars] = static_cast<Mask>(r + 1); }

  // The model the fixpoint driver asks for (propagation/store.hpp). A cell belongs to no region:
  // every rule looks at the whole system, and no caller copies parts of the state.
  int variables() const { return vars; }
  int values() const { return 2; }
  int words() const { return vars + 1; }
  propagation::Regions regions_of(int) const { return 0; }
  void drop_values(Mask*, int, Mask) const {}
};

using Changes = propagation::Changes<MineSystem>;
using MineRuleEntry = propagation::RuleEntry<MineSystem, RuleInfo>;

// Decides undecided cell `v` of `d` as `now` (kSafe or kMine), noting the narrowing.
inline void decide(Mask* d, int v, Mask now, Changes& changed) {
  const Mask before = d[v];
  d[v] = now;
  changed.note(v, before, now);
}

// Per rule, by its index in the names given to run_rules: calls, prunes (cells it decided, plus
// one for each call that found the system inconsistent) and, when `timed` (--profile), the
// nanoseconds spent in it.
struct RuleCounts {
  std::array<uint64_t, propagation::kMaxFixpointRules> calls{}, prunes{}, nanoseconds{};
  bool timed = false;
};

// Every deduction rule, cheapest first (heuristics/mines/registry.cpp).
const std::vector<MineRuleEntry>& mine_rules();
std::vector<RuleInfo> mine_rule_infos();

// Runs the named rules to a fixpoint on the shared driver, cheapest first, back to the first after
// any progress. Returns fail when a rule proves the system inconsistent. `hardest` is the index
// (into `names`) of the most expensive rule that made progress, or -1. With `counts`, each call
// is counted there.
Verdict run_rules(MineSystem& system, const std::vector<std::string>& names, int& hardest,
                  RuleCounts* counts = nullptr);

}  // namespace bs::mines
