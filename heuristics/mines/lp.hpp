#pragma once

#include <utility>
#include <vector>

#include "heuristics/mines/system.hpp"

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

}  // namespace bs::mines
