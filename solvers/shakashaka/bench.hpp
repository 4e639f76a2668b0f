#pragma once

#include "solvers/solver.hpp"

namespace bs::shakashaka {

BenchReport shakashaka_bench();

}  // namespace bs::shakashaka
