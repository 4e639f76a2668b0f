// Geometric symmetries of a peg board: the maps of the square's dihedral group that carry holes
// onto holes.
//
// Jumps are straight triples of neighbouring holes, so any isometry of the grid that maps the
// holes onto themselves also maps jumps onto jumps. Bounds computed for an instance therefore
// agree on every jump of an orbit under the maps that also fix its start and final
// configurations, and need only be computed once per orbit.
#pragma once

#include <vector>

#include "puzzles/peg/board.hpp"

namespace bs::peg {

// Hole permutations perm (perm[h] is the image of hole h), identity first, no duplicates. The maps
// act on the bounding box of the holes: the 4 maps of a rectangle, or all 8 of D4 when the box
// is square (rotations by 90 degrees need a square).
std::vector<std::vector<int>> board_symmetries(const Board& board);

// image[j] is the index in board.jumps() of the image of jump j under the hole permutation.
// Requires a permutation from board_symmetries (a map of the board onto itself).
std::vector<int> jump_permutation(const Board& board, const std::vector<int>& hole_perm);

// Whether config[perm[h]] == config[h] for every hole h.
bool fixes(const std::vector<int>& perm, const Config& config);

}  // namespace bs::peg
