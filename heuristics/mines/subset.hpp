#pragma once

#include "heuristics/mines/system.hpp"

namespace bs::mines {

inline constexpr RuleInfo kSubsetInfo{
    "subset", "mines", Cost::quadratic, true,
    "when one row's undecided cells lie inside another's, their difference has the difference "
    "of the targets"};
Verdict apply_subset(const MineSystem& system, Mask* d, const Dirty& dirty, Changes& changed);

}  // namespace bs::mines
