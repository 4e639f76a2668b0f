// Futoshiki's own commands, for its entry in the puzzle table.
#pragma once

#include <vector>

#include "solvers/solver.hpp"

namespace bs::futoshiki {

std::vector<PuzzleCommand> futoshiki_commands();

}  // namespace bs::futoshiki
