// The peg puzzle's own commands, for its entry in the puzzle table.
#pragma once

#include <vector>

#include "solvers/solver.hpp"

namespace bs::peg {

std::vector<PuzzleCommand> peg_commands();

}  // namespace bs::peg
