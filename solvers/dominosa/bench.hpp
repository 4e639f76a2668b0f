// Dominosa's positions for `boundsearch bench` (solvers/bench.hpp).
#pragma once

#include "solvers/solver.hpp"

namespace bs::dominosa {

BenchReport dominosa_bench();

}  // namespace bs::dominosa
