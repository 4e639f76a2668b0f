// A position's linear system, as the probability engine builds it, for whoever needs one outside
// the engine: the tests and benches of the rules and of the LP bounds, which must see the systems
// the engine sees (solvers/mines/probability.cpp builds its own in Analysis::build_system, with
// the errors it reports; this is the same construction, without them).
//
// A variable per unknown cell, in cell order; a row per digit that sees an unknown cell, its
// target the digit less its flagged neighbours; and, when the total is exact, the mine-count row
// over every variable (source -1), its target the total less the flags. A density or an unknown
// total constrains no set of cells, so it makes no row.
#pragma once

#include <vector>

#include "heuristics/mines/system.hpp"
#include "puzzles/mines/position.hpp"

namespace bs::mines {

// Builds the system of `p` into `sys` (every variable undecided) and the cell of each variable
// into `cell_of`. Returns false, with `sys` partly built, when a digit or the total cannot be met
// on its face: a digit below its flags or above its flags and unknown cells, a total below the
// flags or above the flags and unknown cells.
bool build_position_system(const Position& p, MineSystem& sys, std::vector<int>& cell_of);

// The undecided variables that some digit row holds, in groups of the variables that the same
// digit rows hold. The cells of a group are interchangeable: every row holds all or none of them
// (the mine-count row all), so swapping two of them maps layouts to layouts and the LP relaxation
// to itself. Each group in increasing order, the groups by their first variable.
std::vector<std::vector<int>> interchangeable_groups(const MineSystem& sys);

}  // namespace bs::mines
