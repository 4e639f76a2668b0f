// Exact mine probabilities for a Minesweeper position.
//
// Every layout of the remaining mines that agrees with the digits is equally likely (the player
// knows nothing else), so the probability of a mine on a cell is the share of those layouts with
// a mine there. The engine finds it in stages, cheapest first, and records which stage decided
// each cell:
//   1. the deduction rules of heuristics/mines (single-row, subset, lp), to a fixpoint;
//   2. with the lp rule, the LP relaxation's least and most mines of each frontier component
//      (below), which bound its enumeration;
//   3. exact enumeration of what they leave:
//      - the undecided cells next to a digit (the frontier) split into connected components, cells
//        joined when a digit sees both (Boost.Graph);
//      - within a component, cells seen by the same digits are one group of s cells, and a group
//        with k mines stands for C(s, k) layouts, so the search assigns counts, not cells;
//      - each component's layouts are counted by their number of mines;
//      - components and the cells next to no digit (the interior) are combined through the
//        binomial count of ways to place the rest of the mines in the interior. Each component's
//        counts are scaled to a maximum of 1, which cancels in every ratio, and the binomials are
//        taken in log space, so nothing overflows on any board the format allows;
//      - a component with many groups is split on its first groups, and the parts are counted in
//        parallel with OpenMP, each into its own tally, summed in a fixed order: the answer does
//        not depend on the thread count.
// An inconsistent position (no layout fits) is reported with the digit, or the mine count, that
// cannot be met.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "heuristics/mines/system.hpp"
#include "puzzles/mines/position.hpp"

namespace bs::mines {

struct Probabilities {
  bool consistent = true;
  bool complete = true;  // false when the time limit stopped the count, or a component was too
                         // wide for the frontier DP (then `too_wide` is true, and the LP bounds)
  bool too_wide = false;
  bool out_of_time = false;     // the time limit stopped some part (the count, the bounds, --exact)
  bool exact_failed = false;    // --exact was asked for and its count did not finish
  bool bounds_complete = true;  // false: the LP bounds were cut short (some side stays 0 or 1)
  // When components were too wide: per cell, the LP's [least, most] probability of a mine for the
  // bounded cells ({-1, -1} elsewhere; empty when nothing was bounded). A bounded cell's `mine`
  // stays -1. Under an exact total every undecided cell is bounded, otherwise the wide
  // components' cells only, and the rest is exact.
  std::vector<std::pair<double, double>> bounds;
  int bounded_cells = 0;
  int bound_lps = 0;  // LPs the bounds took
  std::string why;    // when inconsistent: what cannot be met
  int bad_cell = -1;  // when inconsistent: the digit's cell, or -1 for the mine count
  // Per cell: the probability of a mine; -1 for revealed cells; 1 for flags.
  std::vector<double> mine;
  // Per cell: the stage that decided it (an index into `stages`), or -1 when it is undecided or
  // revealed.
  std::vector<int> decided_by;
  std::vector<std::string> stages;  // "flag", the rules' names, "enumeration"
  std::string hardest;              // the most expensive stage that decided a cell, or "none"
  double layouts_log10 = 0;         // log10 of the number of layouts that fit
  int components = 0, largest_component = 0;  // frontier components, and the most cells in one
  int most_groups = 0;                        // the most groups in one component
  int lp_bounded_components = 0;   // components whose mines the LP bounded inside [0, size]
  double enumerated = 0;           // group assignments the enumeration visited
  int enumerations_abandoned = 0;  // enumerations that ran out of effort (the DP took over)
  int dp_components = 0;           // components counted by the frontier DP
  int dp_width = 0;                // the widest band order among them (digits open at once)
  int64_t dp_states = 0;           // the most states in one layer of the DP
  int64_t dp_stored = 0;           // the most counts one component's DP stored
  double dp_transitions = 0;       // (state, group count) pairs the DP tried, both passes
  RuleCounts rule_counts;          // per deduction rule, by its index in `rules`
  // With AnalysisOptions::exact, per cell: the probability of a mine as a reduced fraction "p/q"
  // ("0", "1" for certain cells), empty for revealed cells; and the number of layouts that fit,
  // in decimal, under an exact total (empty otherwise). A density d is read as the shortest
  // decimal that gives the same double (d=0.2 is 1/5).
  std::vector<std::string> exact;
  std::string exact_layouts;
};

// When the enumeration runs after the rules. A player only needs it when the rules found no safe
// cell to reveal; cells it skips keep probability -1.
enum class Enumerate { always, unless_rules_find_a_safe_cell };
// How components are counted: `automatic` enumerates each within an effort limit and runs the
// frontier DP on those that pass it; the other two force one method everywhere (the tests
// cross-check them, and the benchmarks compare them).
enum class Counting { automatic, enumeration, dp };
inline constexpr double kNoTimeLimit = std::numeric_limits<double>::infinity();
// Under Counting::automatic, the enumeration of a component may visit this many group assignments;
// past them it gives up and the frontier DP counts the component afresh. An analysis wastes at
// most a few ms on a component that needs the DP (enumeration visits about 4 M assignments a
// second). The player allows more: every component it meets in its games stays within that (so its
// game records are those of the enumeration-only engine before issue 33, bit for bit), and on
// such components enumeration is the cheaper method (the DP cost the player 8% more instructions).
inline constexpr uint64_t kAnalysisEnumerationEffort = 20'000;
inline constexpr uint64_t kPlayerEnumerationEffort = 50'000;

struct AnalysisOptions {
  int threads = 1;
  Enumerate when = Enumerate::always;
  // With a time limit, a count still running when it passes stops, and the answer comes back
  // with `complete` false: the rules' decisions stand, every other unknown cell keeps -1.
  double time_limit_seconds = kNoTimeLimit;
  bool time_rules = false;  // --profile: time each rule call into rule_counts
  Counting counting = Counting::automatic;
  uint64_t enumeration_effort = kAnalysisEnumerationEffort;
  // The most states one layer of the frontier DP may hold; past it the component is too wide and
  // the LP bounds it (`bounds`). The tests lower it to reach that path on small positions.
  int64_t dp_state_limit = 250'000;
  // The player's form: a component too wide for the DP is enumerated with no limit (as before the
  // DP), so that every answer the player gets is complete.
  bool enumerate_when_too_wide = false;
  // When the time limit stops the count: every undecided cell gets its LP interval, within a
  // tenth of the limit more (at least 50 ms).
  bool bound_when_stopped = true;
  // --exact: also every unknown cell's probability as a fraction (Probabilities::exact), from a
  // second count in whole numbers by the frontier DP.
  bool exact = false;
};

// `rules`: the deduction rules to run first, cheapest first (names from mine_rules()).
Probabilities mine_probabilities(const Position& position, const std::vector<std::string>& rules,
                                 const AnalysisOptions& options);
// The player's form: no limit, no exact fractions, the player's enumeration effort.
inline Probabilities mine_probabilities(const Position& position,
                                        const std::vector<std::string>& rules, int threads = 1,
                                        Enumerate when = Enumerate::always) {
  return mine_probabilities(
      position, rules,
      AnalysisOptions{
          .threads = threads, .when = when, .enumeration_effort = kPlayerEnumerationEffort});
}

}  // namespace bs::mines
