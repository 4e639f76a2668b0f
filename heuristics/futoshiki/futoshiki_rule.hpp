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
// Rules are plain functions over a read-only Structure (the instance, precomputed once), driven
// by the puzzle-free propagation core (propagation/): its store, its fixpoint driver and its DFS
// adapter. Structure is the model that core asks for (propagation::SearchModel): cells are the
// variables, rows and columns the regions. A rule is one file in this folder defining one
// FutoshikiRuleEntry, plus one line in registry.cpp.
//
// Rules are incremental, as propagators in Gecode are: a call names the lines (rows and columns)
// in which some cell changed since this rule last ran, and the rule looks only there; it answers
// with the lines in which it changed a cell. Every Futoshiki constraint lives in a line (a row
// or column all-different, or an inequality filed under a line of its cells), so a rule that has
// seen every line since that line last changed is at its fixpoint. After a move deep in the
// search only the moved cell's row and column are new, and a node costs a few lines' work rather
// than the whole grid's, which is what makes probing at every node affordable.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "heuristics/rule.hpp"
#include "propagation/fixpoint.hpp"
#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki {

using propagation::Dirty;
using propagation::fixed;
using propagation::highest_value;
using propagation::lowest_value;
using propagation::Mask;
using propagation::Narrowing;
using propagation::value_bit;

// A set of lines: bit l for line l, rows 0..n-1 then columns n..2n-1 (2n <= 64).
using Lines = propagation::Regions;

// What every rule may read: the instance in the shapes rules want.
//
// A node's domain array has words() masks: a domain per cell, then the dual view, which rules
// keep up to date through Changes::note: per line and value, the places the value can still go,
// bit j for the line's j-th cell. With it, asking where a value can go in a line is one word,
// and sending a fixed value to its peers visits only the peers that still hold it.
struct Structure {
  explicit Structure(const Instance& instance);
  int cells() const { return n * n; }
  int words() const { return n * n + 2 * n * n; }
  Mask* places(Mask* d, int line) const { return d + n * n + line * n; }
  const Mask* places(const Mask* d, int line) const { return d + n * n + line * n; }
  // Rebuilds the places of every line from the domains.
  void init_places(Mask* d) const;
  // Takes the values `lost` of `cell` off the places of its row and column.
  void drop_places(Mask* d, int cell, Mask lost) const {
    Mask* row = places(d, row_of[cell]);
    Mask* col = places(d, column_of[cell]);
    const Mask in_row = ~(Mask{1} << (column_of[cell] - n)), in_col = ~(Mask{1} << row_of[cell]);
    for (; lost; lost &= lost - 1) {
      const int v = std::countr_zero(lost);
      row[v] &= in_row;
      col[v] &= in_col;
    }
  }
  int n;
  Mask all;                // every value: bits 0..n-1
  Lines all_lines;         // every row and column
  std::vector<int> lines;  // 2n lines of n cells: rows 0..n-1, then columns
  std::vector<Inequality> inequalities;
  std::vector<int> degree;  // per cell: inequalities touching it
  // The inequalities touching cell c: by_cell[cell_start[c] .. cell_start[c+1]).
  std::vector<int> cell_start, by_cell;
  // Per cell: its row r and column n + c as line numbers, and both as a set. Tables, because a
  // division by a run-time n costs more than the rest of a rule's work on a cell.
  std::vector<uint8_t> row_of, column_of;
  std::vector<Lines> cell_lines;
  const int* line(int i) const { return lines.data() + i * n; }
  Lines lines_of(int cell) const { return cell_lines[cell]; }

  // The model the propagation core asks for (propagation/store.hpp, problem.hpp).
  int variables() const { return cells(); }
  int values() const { return n; }
  void drop_values(Mask* d, int cell, Mask lost) const { drop_places(d, cell, lost); }
  Lines regions_of(int cell) const { return lines_of(cell); }
  int degree_of(int cell) const { return degree[cell]; }
  // The check of plain backtracking: the fixed cells keep every constraint among themselves.
  bool fixed_values_agree(const Mask* d) const;
  // For the probe (propagation/probe.hpp): the rows partition the cells, and a line's view is
  // its places.
  Lines primary_regions() const { return (Lines{1} << n) - 1; }
  propagation::VariableRun variables_in(int row) const { return {row * n, row * n + n}; }
  void copy_views(Mask* to, const Mask* from, Lines lines) const {
    for (; lines; lines &= lines - 1) {
      const Mask* at = places(from, std::countr_zero(lines));
      std::copy(at, at + n, to + (at - from));
    }
  }
};

using Changes = propagation::Changes<Structure>;
using FixpointIo = propagation::FixpointIo<Structure>;
using FutoshikiRuleEntry = propagation::RuleEntry<Structure, RuleInfo>;
using propagation::assign;
using propagation::kMaxFixpointRules;
using propagation::run_to_fixpoint;

// The rows and columns of the cells `dirty` names; every line when everywhere.
Lines dirty_lines(const Structure& s, const Dirty& dirty);

// The all-different filter on one line of n domains (all_different.cpp), exposed for its oracle
// test and for reuse by any rule that needs a Latin line's consistent values.
Verdict filter_all_different(int n, Mask* domains);
// The same filter on Boost.Graph's matching and strong components (all_different_bgl.cpp).
Verdict filter_all_different_bgl(int n, Mask* domains);
// A line filter run on every line `dirty` names, the narrowings noted: the body of both rules.
Verdict filter_dirty_lines(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed,
                           Verdict (*filter)(int n, Mask* line));
// The rule made of a line filter: all-different and all-different-bgl differ only in theirs.
template <Verdict (*filter)(int n, Mask* line)>
Verdict line_filter_rule(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed) {
  return filter_dirty_lines(s, d, dirty, changed, filter);
}
// The last step of both filters: each of the n domains narrowed to its `keep` (a subset of it).
// Progress when any domain shrank.
inline Verdict narrow_line(int n, Mask* dom, const Mask* keep) {
  bool progress = false;
  for (int x = 0; x < n; ++x) {
    progress |= keep[x] != dom[x];
    dom[x] = keep[x];
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

// Explanations for conflict learning (propagation/explain.hpp, learning.hpp): why a rule
// removed a value, or failed, read from the store as it was just before.
using propagation::Lit;
using propagation::Past;
// A Hall set behind "x != v" (or behind a line that cannot be completed, for l == kNoLit): cells
// S whose values at `past` cover only |S| values, among them v, with x outside S. Found as the
// tree of a failed augmenting path in the line's matching, so it is the set the all-different
// filter's reasoning rests on; it also explains value-elimination and hidden-single, which are
// its smallest cases.
bool explain_all_different(const Structure& s, const Past& past, Lit l, std::vector<Lit>& reason);

// Every Futoshiki rule, in registry order (registry.cpp).
const std::vector<FutoshikiRuleEntry>& futoshiki_rules();
std::vector<RuleInfo> futoshiki_rule_infos();

}  // namespace bs::futoshiki
