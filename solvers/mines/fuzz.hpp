// Minesweeper's parser fuzzing check, for its entry in the puzzle table (solvers/solver.hpp,
// reread).
#pragma once

#include <string>
#include <string_view>

namespace bs::mines {

std::string reread(std::string_view text);

}  // namespace bs::mines
