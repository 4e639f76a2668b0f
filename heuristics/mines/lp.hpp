#pragma once

#include <utility>
#include <vector>

#include "heuristics/mines/system.hpp"

namespace bs::search {
class Budget;
}

namespace bs::mines {

// Off by default since the frontier DP (issue 33): the exact count finds every certain cell the LP
// can, and on expert positions the LP took nineteen twentieths of the analysis time.
inline constexpr RuleInfo kLpInfo{
    "lp", "mines", Cost::lp, false,
    "LP relaxation: max x = 0 makes a cell safe, min x = 1 a mine, infeasible an inconsistent "
    "position"};
Verdict apply_lp(const MineSystem& system, Mask* d, const Dirty& dirty, Changes& changed);

// For each set of variables, the least and the most mines it can hold over the same relaxation,
// rounded inwards: every layout's count lies between them, so the enumeration may skip what
// falls outside. Decided variables count as fixed. Returns false when the relaxation is empty.
bool lp_mine_bounds(const MineSystem& system, const std::vector<std::vector<int>>& sets,
                    std::vector<std::pair<int, int>>& bounds);

// What lp_cell_bounds did. Each group in a part of the frontier has two sides, its least and its
// most, and each side is settled in one of three ways (lp.cpp, PartBounds): witnessed (the point
// of some LP put the cell at that side's end, 0 or 1), batched (one LP over many groups proved
// them certain together) or by an LP of its own.
struct LpCellStats {
  int lps = 0;  // LPs solved for the groups (not counting the setup's two per part)
  int witnessed = 0, batched = 0, own = 0;
  bool complete = true;  // false: the budget stopped it (or CLP failed); some side is trivial
};

// For each group of interchangeable undecided variables (cells that the same digits see, as
// interchangeable_groups in heuristics/mines/position_system.hpp makes them), the least and the
// most value its first variable takes over the relaxation {0 <= x <= 1 on the undecided
// variables, each row's sum equal to its target less its decided mines, the mine-count row
// included when there is one (an exact total)}.
//
// Why they bound the probabilities: every layout is a point of the relaxation, and the vector of
// the cells' probabilities of a mine is a weighted mean of layouts, so a point of it too; each
// probability lies in its cell's [least, most]. Why one variable stands for its group: every row
// holds all the cells of a group or none, so permuting them maps the relaxation onto itself, and
// all of them have the same least and most. The bounds are the relaxation's own (to about 1e-7,
// always outwards: the slack that couples the frontier's parts, lp.cpp), rounded to 0 or 1 within
// 1e-6, the margin by which the lp rule decides cells. A cell certain in every layout may still
// keep an interval (tests/mines/lp_bounds_test.cpp has one); a cell whose interval is one point
// is certain.
//
// A group whose first variable is decided gets its value twice; an empty group, and one whose
// first variable no row holds, gets [0, 1]. Returns false when the relaxation is empty (then no
// layout fits).
//
// With `budget`, each LP counts as a node: the budget is checked before it (a node limit of k
// allows k LPs), and CLP gets the time left. The setup's LPs are neither checked nor counted.
// Once it stops, every side not yet settled keeps its trivial bound, 0 or 1 (sound, only weak),
// and `stats->complete` is false; a budget stopped before the call gives every undecided group
// [0, 1] at once (and true). So when the bounds are wanted after the main budget ran out, give
// them a budget of their own.
//
// Pass every group wanted in one call: the setup costs two LPs per part of the frontier, and then
// a part's groups take a few dozen LPs however many they are. Measured (bench/mines_bench.cpp,
// MinesLpCellBounds), on positions of digits-only clicks: 100x100 boards with 2,000 mines at 20%
// open (3,400 groups, the largest part 2,000-3,500 cells), 62-70 ms each; at 35% (4,700-5,000
// groups, one part of 5,800 cells) about 0.6 s; expert boards at 28% open, 3-7 ms.
bool lp_cell_bounds(const MineSystem& system, const std::vector<std::vector<int>>& groups,
                    std::vector<std::pair<double, double>>& bounds,
                    search::Budget* budget = nullptr, LpCellStats* stats = nullptr);

}  // namespace bs::mines
