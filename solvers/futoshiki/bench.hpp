// Futoshiki's positions for `boundsearch bench` (solvers/bench.hpp).
#pragma once

#include "solvers/solver.hpp"

namespace bs::futoshiki {

BenchReport futoshiki_bench();

}  // namespace bs::futoshiki
