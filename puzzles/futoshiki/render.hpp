// An SVG picture of a Futoshiki puzzle, for papers, reports and checking a parse by eye.
//
// Cells are squares with gaps between them, where the inequality signs sit as in printed puzzles:
// '>' or '<' between horizontal neighbours and 'v' or '^' between vertical ones, the open side
// always facing the greater cell. An inequality between cells that are not neighbours (allowed by
// grid.hpp for generalised puzzles) is a thin arrow from the greater cell to the smaller one.
// Givens are bold black; a solution's other values are drawn in blue.
#pragma once

#include <string>

#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki {

// A standalone SVG document. `solution` may be null; otherwise it must hold n*n values.
// Throws std::invalid_argument for a malformed instance or a solution of the wrong size.
std::string render_svg(const Instance& instance, const Grid* solution);

}  // namespace bs::futoshiki
