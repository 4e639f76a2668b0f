// Random Dominosa grids with a planted solution: the raw material of the generator, the tests
// and the benchmarks.
//
// A grid is made in three steps, each deterministic for a seed on every platform (splitmix64):
// a random domino tiling of the (n+1) x (n+2) rectangle, a random assignment of the
// (n+1)(n+2)/2 dominoes to its placements, and a random orientation of each. The tiling starts
// from bricks (rows of horizontal dominoes when the width is even, columns of vertical ones
// otherwise) and is stirred by random flips of 2x2 squares covered by two parallel dominoes, the
// move that connects all tilings of a rectangle (Thurston); with many flips per cell it is close
// to uniform, which is all the tests and the generator need. The planted tiling solves the grid;
// a random grid usually has other solutions too.
#pragma once

#include <cstdint>
#include <vector>

#include "puzzles/dominosa/grid.hpp"

namespace bs::dominosa {

// A random tiling of the grid of order n: the placements it uses, ascending.
std::vector<int> random_tiling(int n, uint64_t seed);

// Numbers for a tiling: domino k of a random permutation goes on the tiling's k-th placement,
// in a random orientation. `tiling` must tile the grid of order n.
Instance number_tiling(int n, const std::vector<int>& tiling, uint64_t seed);

// Both: a random grid of order n and the solution planted in it.
struct PlantedGrid {
  Instance instance;
  std::vector<int> tiling;  // the planted solution's placements
};
PlantedGrid random_planted_grid(int n, uint64_t seed);

}  // namespace bs::dominosa
