// The Minesweeper deduction rules' shared view: linear equations over the unknown cells.
//
// Each revealed digit with unknown neighbours is a row "the mines among these cells number t"
// (t is the digit less its flagged neighbours); one more row says how many mines remain among all
// unknown cells. A rule reads the rows and the cells decided so far and decides more cells, as a
// Gecode propagator narrows domains: it answers fail (no layout fits: the position is
// inconsistent), progress (it decided something; the driver runs the cheaper rules again) or no
// change. The driver (run_rules) runs them cheapest first and records, for each decided cell,
// the rule that decided it, and the most expensive rule that made progress: the position's grade,
// as Simon Tatham's solvers grade theirs.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "heuristics/rule.hpp"

namespace bs::mines {

// A digit sees at most 8 cells: kept inline, a row costs no allocation (the player builds a
// system of a hundred rows for every move; with a heap array per row, allocation was a quarter
// of the fast player's time). The mine-count row, over every unknown cell, spills to the heap.
using RowCells = boost::container::small_vector<int, 8>;

struct Row {
  RowCells vars;    // unknown cells, by variable index, sorted
  int target = 0;   // mines among them
  int source = -1;  // the board cell whose digit it is; -1 for the mine-count row
};

struct MineSystem {
  int vars = 0;
  std::vector<Row> rows;           // the mine-count row, if any, is among them
  std::vector<int8_t> value;       // per variable: -1 undecided, 0 safe, 1 mine
  std::vector<int8_t> decided_by;  // per variable: index of the rule that decided it, or -1
  int failed_row = -1;             // after a fail: a row that cannot be met, when one is known

  // Mines and undecided cells of a row.
  void tally(const Row& r, int& mines, int& open) const {
    mines = open = 0;
    for (int v : r.vars) {
      mines += value[v] == 1;
      open += value[v] < 0;
    }
  }
};

// One deduction rule: decides cells with rule index `self` recorded in decided_by.
using MineRule = Verdict (*)(MineSystem& system, int self);

struct MineRuleEntry {
  RuleInfo info;
  MineRule apply;
};

// Every deduction rule, cheapest first (heuristics/mines/registry.cpp).
const std::vector<MineRuleEntry>& mine_rules();
std::vector<RuleInfo> mine_rule_infos();

// Runs the named rules to a fixpoint, cheapest first, back to the first after any progress.
// Returns fail when a rule proves the system inconsistent. `hardest` is the index (into `names`)
// of the most expensive rule that made progress, or -1.
Verdict run_rules(MineSystem& system, const std::vector<std::string>& names, int& hardest);

}  // namespace bs::mines
