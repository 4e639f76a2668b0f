// Minesweeper's positions for `boundsearch bench` (solvers/bench.hpp).
#pragma once

#include "solvers/solver.hpp"

namespace bs::mines {

BenchReport mines_bench();

}  // namespace bs::mines
