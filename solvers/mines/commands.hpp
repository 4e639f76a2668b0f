// The Minesweeper puzzle's own commands, for its entry in the puzzle table.
#pragma once

#include <vector>

#include "solvers/solver.hpp"

namespace bs::mines {

std::vector<PuzzleCommand> mines_commands();

}  // namespace bs::mines
