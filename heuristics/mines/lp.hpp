#pragma once

#include "heuristics/mines/system.hpp"

namespace bs::mines {

inline constexpr RuleInfo kLpInfo{
    "lp", "mines", Cost::lp, true,
    "LP relaxation: max x = 0 makes a cell safe, min x = 1 a mine, infeasible an inconsistent "
    "position"};
Verdict apply_lp(MineSystem& system, int self);

}  // namespace bs::mines
