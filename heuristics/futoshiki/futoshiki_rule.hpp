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
//
// Rules are incremental, as propagators in Gecode are: a call names the lines (rows and columns)
// in which some cell changed since this rule last ran, and the rule looks only there; it answers
// with the lines in which it changed a cell. Every Futoshiki constraint lives in a line (a row
// or column all-different, or an inequality filed under a line of its cells), so a rule that has
// seen every line since that line last changed is at its fixpoint. After a move deep in the
// search only the moved cell's row and column are new, and a node costs a few lines' work rather
// than the whole grid's, which is what makes probing at every node affordable.
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

// A set of lines: bit l for line l, rows 0..n-1 then columns n..2n-1 (2n <= 64).
using Lines = uint64_t;

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
};

// One narrowing: `cell` lost the values `lost`. Rules learn what changed from a log of these,
// the way Gecode's advisors do: value-elimination looks at the cells that became fixed,
// hidden-single asks where each lost value can still go in the cell's row and column,
// inequality-bounds follows the inequalities of the cell. Each pays for what changed, not for
// the grid, so a probe that fixes one cell costs what that cell sets off.
struct Narrowing {
  int cell;
  Mask lost;
};

// Where a rule records what it narrows: each write of a smaller domain is followed by a note.
// A probing rule may also leave look-ahead scores for the branching (one per cell, higher for a
// cell whose values each set off more), as Gecode's propagators leave failure counts.
class Changes {
 public:
  Changes(const Structure& s, Mask* d, std::vector<Narrowing>& log, float* lookahead = nullptr)
      : s_(&s), d_(d), log_(&log), lookahead_(lookahead) {}
  float* lookahead() const { return lookahead_; }
  // Records that `cell` went from `before` to `now`, and updates the places.
  void note(int cell, Mask before, Mask now) {
    // The log has room for every value of every cell, as each note removes at least one, so
    // it never moves under a rule that reads it while it writes.
    if (log_->size() == log_->capacity()) overflow();
    log_->push_back({cell, before & ~now});
    s_->drop_places(d_, cell, before & ~now);
  }
  // Notes a narrowing recorded by a nested fixpoint.
  void forward(const Narrowing& e) {
    if (log_->size() == log_->capacity()) overflow();
    log_->push_back(e);
  }

 private:
  [[noreturn]] static void overflow();
  const Structure* s_;
  Mask* d_;
  std::vector<Narrowing>* log_;
  float* lookahead_;
};

// What a rule is asked to look at: everything (a fresh node), or the narrowings since it last
// ran, in the order they happened.
struct Dirty {
  bool everywhere = false;
  const Narrowing* begin = nullptr;
  const Narrowing* end = nullptr;
  static Dirty all() { return {true, nullptr, nullptr}; }
  // The rows and columns of the narrowed cells; every line when everywhere.
  Lines lines(const Structure& s) const;
};

// Fixes `cell` of `d` to the single value `value` outside any rule (a move, a probe's trial),
// keeping the places; returns the narrowing, for the fixpoint that follows.
inline Narrowing assign(const Structure& s, Mask* d, int cell, Mask value) {
  const Narrowing move{cell, d[cell] & ~value};
  d[cell] = value;
  s.drop_places(d, cell, move.lost);
  return move;
}

// A rule call: narrow `domains` (words() masks) where `dirty` says, noting each narrowing.
using RuleFunction = Verdict (*)(const Structure& s, Mask* domains, const Dirty& dirty,
                                 Changes& changed);

struct FutoshikiRuleEntry {
  RuleInfo info;
  RuleFunction propagate;
  // Its own narrowings never give it more to do: it follows them up before it returns. The
  // driver then does not call it again for them.
  bool idempotent;
};

// The all-different filter on one line of n domains (all_different.cpp), exposed for its oracle
// test and for reuse by any rule that needs a Latin line's consistent values.
Verdict filter_all_different(int n, Mask* domains);
// The same filter on Boost.Graph's matching and strong components (all_different_bgl.cpp).
Verdict filter_all_different_bgl(int n, Mask* domains);
// A line filter run on every line `dirty` names, the narrowings noted: the body of both rules.
Verdict filter_dirty_lines(const Structure& s, Mask* d, const Dirty& dirty, Changes& changed,
                           Verdict (*filter)(int n, Mask* line));

// Every Futoshiki rule, in registry order (registry.cpp).
const std::vector<FutoshikiRuleEntry>& futoshiki_rules();
std::vector<RuleInfo> futoshiki_rule_infos();

}  // namespace bs::futoshiki
