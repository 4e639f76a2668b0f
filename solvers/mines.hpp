// Minesweeper, wired: `solve mines FILE` analyses a position (solvers/mines_probability.hpp) and
// prints which cells are certainly safe, which are certain mines, and the exact probability of a
// mine on every unknown cell, with the stage that decided each certain one.
#pragma once

#include <string>

#include "puzzles/mines/position.hpp"
#include "solvers/mines_probability.hpp"
#include "solvers/solver.hpp"

namespace bs::mines {

// Re-checks an analysis by other routes: every certain cell by the reference integer model (the
// opposite value must leave no layout), and, when at most 20 cells are unknown, every probability
// by counting all layouts. Returns "" when everything holds, else the first claim that fails.
std::string check_analysis(const Position& position, const Probabilities& analysis);

PuzzleSolver mines_solver();

}  // namespace bs::mines
