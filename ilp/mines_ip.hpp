// The reference integer model of a Minesweeper position, for re-checking the engine's claims by
// another route: one 0/1 column per unknown cell, one row per digit (its unknown neighbours hold
// the digit less its flagged ones), one row for the mine count. A cell is certainly safe when the
// model with that cell forced to a mine has no solution, and likewise for a certain mine.
#pragma once

#include "ilp/lp_model.hpp"
#include "puzzles/mines/position.hpp"

namespace bs::ilp {

// Does some layout fit the position with `cell` (an unknown cell) holding `value` (0 or 1)? The
// LP relaxation is tried first, since its infeasibility settles the question; otherwise CBC.
bool mines_layout_exists(const mines::Position& position, int cell, int value);

}  // namespace bs::ilp
