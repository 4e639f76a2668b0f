// Random solved Shakashaka grids: the raw material of the generator, the tests and the benchmarks.
//
// A solved grid is a tiling of the grid by white tiles, the cells no tile covers being black:
//   - rectangles: axis-aligned blocks of empty cells;
//   - diamonds: rectangles turned 45 degrees, with sides of p and q cell diagonals. The cells
//     their sides cross hold the triangles a/b/c/d (black outside the diamond), the cells inside
//     are empty; the smallest (p = q = 1) is the 2x2 block "ab" over "dc".
// Every black cell gets its clue, the count of triangles next to it, so the planted solution
// solves the instance; the generator then removes clues while the solution stays unique.
//
// Why every tiling is a solution: a diamond's white area is convex, so each white side of its
// border cells faces a cell of the same diamond, and all its outward sides are black; a
// rectangle's outward sides are white, so two rectangles may not share an edge (they would
// merge into one white area), which the tiler forbids. Then each white area is exactly one tile.
//
// The tiler visits the cells row by row; at the first free cell it draws black (unless a black
// cell is already next to it), or a tile with that cell as its top-left cell: a diamond or a
// rectangle of random size, shrinking the draw when it does not fit, and falling back to black
// only when nothing fits. Everything is drawn
// from splitmix64 with integer arithmetic, so a seed gives the same grid on every platform.
#pragma once

#include <cstdint>

#include "puzzles/shakashaka/grid.hpp"

namespace bs::shakashaka {

// The shape of the tilings, in per mille so that the draws are exact integer comparisons. The
// defaults give grids like the 16 shipped puzzles (10-24% black cells, 13% overall, few side by
// side; 52-66% triangles, 56% overall): mostly small diamonds, 14-18% black cells (more on small
// grids, where the edges leave more cells uncovered) and 54-55% triangles.
struct TilingParams {
  int black_permille = 600;         // a free cell with no black cell above or left is made black
  int diamond_permille = 700;       // otherwise the tile drawn is a diamond (else a rectangle)
  int diamond_grow_permille = 550;  // each diamond side grows by one with this chance...
  int max_diamond_side = 5;         // ...up to this many diagonals
  int rect_grow_permille = 350;     // each rectangle side grows by one with this chance...
  int max_rect_side = 4;            // ...up to this many cells
};

struct SolvedGrid {
  Instance instance;  // every black cell carries its clue
  Solution solution;  // the planted tiling
};

// A random solved grid of height x width (each 1..kMaxSide; std::invalid_argument otherwise).
SolvedGrid random_solved_grid(int height, int width, uint64_t seed,
                              const TilingParams& params = {});

}  // namespace bs::shakashaka
