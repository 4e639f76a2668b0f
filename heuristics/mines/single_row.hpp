#pragma once

#include "heuristics/mines/system.hpp"

namespace bs::mines {

inline constexpr RuleInfo kSingleRowInfo{
    "single-row", "mines", Cost::linear, true,
    "a row with no mines left is all safe; one with as many mines as cells is all mines"};
Verdict apply_single_row(const MineSystem& system, Mask* d, const Dirty& dirty, Changes& changed);

}  // namespace bs::mines
