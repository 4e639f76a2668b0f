// Peg solitaire's positions for `boundsearch bench` (solvers/bench.hpp).
#pragma once

#include "solvers/solver.hpp"

namespace bs::peg {

BenchReport peg_bench();

}  // namespace bs::peg
