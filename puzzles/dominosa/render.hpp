// An SVG picture of a Dominosa puzzle, for papers, reports and checking a parse by eye.
//
// The grid's numbers sit in square cells on a light background, faint lines between the cells.
// With a solution, each domino is drawn as Tatham's game draws a placed one: a rounded outline
// around its two cells, filled lighter than the background, the numbers on top. Cells whose
// letters do not pair up with a neighbour (a wrong solution) get no domino, so that a broken
// solution shows where it breaks.
#pragma once

#include <string>

#include "puzzles/dominosa/grid.hpp"

namespace bs::dominosa {

// A standalone SVG document. `solution` may be null; otherwise it must hold one letter per cell.
// Throws std::invalid_argument for a malformed instance (check_numbers) or a solution of the
// wrong size.
std::string render_svg(const Instance& instance, const Solution* solution);

}  // namespace bs::dominosa
