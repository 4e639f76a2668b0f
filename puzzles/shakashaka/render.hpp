// An SVG picture of a Shakashaka puzzle, for papers, reports and checking a parse by eye.
//
// White cells on a white background with faint grid lines, black cells filled black, each clue
// in white on its black cell. With a solution, every triangle is drawn as a dark grey polygon over
// the half of its cell it fills, so that the white rectangles of the answer stand out and the
// given black cells stay apart from the triangles placed beside them.
#pragma once

#include <string>

#include "puzzles/shakashaka/grid.hpp"

namespace bs::shakashaka {

// A standalone SVG document. `solution` may be null; otherwise it must hold one state per cell
// (white cells' states outside 1..5 and black cells' entries are not drawn). Throws
// std::invalid_argument for a malformed instance or a solution of the wrong size.
std::string render_svg(const Instance& instance, const Solution* solution);

}  // namespace bs::shakashaka
