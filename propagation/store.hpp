// The store rules work on: an array of domain words, and the log of what they narrowed.
//
// A model (a puzzle's structure: Futoshiki's lines and inequalities, later Dominosa's
// placements or Shakashaka's cells) lays out a node's state as an array of words() masks. The
// first variables() of them are the domains the search branches on; the rest are derived views
// the model keeps in step (Futoshiki keeps, per line and value, the places the value can still
// go). A rule that narrows a domain says so through Changes::note, which logs the narrowing and
// lets the model update its views (drop_values). The core never looks inside the views, so it
// knows no puzzle.
//
// Why a log of narrowings, not a flag per variable: rules learn what changed the way Gecode's
// advisors do. Futoshiki's value-elimination looks at the variables that became fixed,
// hidden-single asks where each lost value can still go, inequality-bounds follows the
// constraints of the variable. Each pays for what changed, not for the grid, so a probe that
// fixes one variable costs what that variable sets off.
//
// Regions. A model groups its variables into at most 64 regions (Futoshiki: rows and columns),
// one bit each; a fixpoint reports the regions it touched, so that a caller copying states back
// and forth (a probe's trials) copies only those.
#pragma once

#include <concepts>
#include <cstdint>
#include <vector>

#include "propagation/domain.hpp"

namespace bs::propagation {

// A set of regions: bit r for region r.
using Regions = uint64_t;

// What the store, the rules' bookkeeping and the fixpoint driver need of a puzzle's structure.
template <class M>
concept Model = requires(const M& m, Mask* d, int var, Mask lost) {
  { m.variables() } -> std::convertible_to<int>;  // domains the search branches on, first
  { m.values() } -> std::convertible_to<int>;     // values of the widest domain
  { m.words() } -> std::convertible_to<int>;      // the whole state: variables, then views
  { m.regions_of(var) } -> std::convertible_to<Regions>;
  m.drop_values(d, var, lost);  // var lost the values `lost`: update the views
};

// A run of consecutive variables [begin, end): a model's primary region (probe.hpp).
struct VariableRun {
  int begin, end;
};

// One narrowing: variable `var` lost the values `lost`.
struct Narrowing {
  int var;
  Mask lost;
};

// What a rule is asked to look at: everything (a fresh node), or the narrowings since it last
// ran, in the order they happened.
struct Dirty {
  bool everywhere = false;
  const Narrowing* begin = nullptr;
  const Narrowing* end = nullptr;
  static Dirty all() { return {true, nullptr, nullptr}; }
};

// A rule noted a narrowing that removed nothing, so the log outgrew its bound. Out of line:
// the hot path only tests for it.
[[noreturn]] void log_overflow();

// Where a rule records what it narrows: each write of a smaller domain is followed by a note.
// A probing rule may also leave look-ahead scores for the branching (one per variable, higher
// for a variable whose values each set off more), as Gecode's propagators leave failure counts.
template <class M>
class Changes {
 public:
  Changes(const M& m, Mask* d, std::vector<Narrowing>& log, float* lookahead = nullptr)
      : m_(&m), d_(d), log_(&log), lookahead_(lookahead) {}
  float* lookahead() const { return lookahead_; }
  // Records that `var` went from `before` to `now`, and updates the model's views.
  void note(int var, Mask before, Mask now) {
    // The log has room for every value of every variable, as each note removes at least one,
    // so it never moves under a rule that reads it while it writes.
    if (log_->size() == log_->capacity()) log_overflow();
    log_->push_back({var, before & ~now});
    m_->drop_values(d_, var, before & ~now);
  }
  // Notes a narrowing recorded by a nested fixpoint.
  void forward(const Narrowing& e) {
    if (log_->size() == log_->capacity()) log_overflow();
    log_->push_back(e);
  }

 private:
  const M* m_;
  Mask* d_;
  std::vector<Narrowing>* log_;
  float* lookahead_;
};

// Fixes `var` of `d` to the single value `value` outside any rule (a move, a probe's trial),
// keeping the views; returns the narrowing, for the fixpoint that follows.
template <class M>
Narrowing assign(const M& m, Mask* d, int var, Mask value) {
  const Narrowing move{var, d[var] & ~value};
  d[var] = value;
  m.drop_values(d, var, move.lost);
  return move;
}

}  // namespace bs::propagation
