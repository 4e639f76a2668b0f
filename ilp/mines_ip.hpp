// The reference integer model of a Minesweeper position, for re-checking the engine's claims by
// another route: one 0/1 column per unknown cell, one row per digit (its unknown neighbours hold
// the digit less its flagged ones), one row for the mine count. A cell is certainly safe when the
// model with that cell forced to a mine has no solution, and likewise for a certain mine.
#pragma once

#include <memory>
#include <vector>

#include "ilp/lp_model.hpp"
#include "puzzles/mines/position.hpp"

namespace bs::ilp {

// Does some layout fit the position with `cell` (an unknown cell) holding `value` (0 or 1)? The
// LP relaxation is tried first, since its infeasibility settles the question; otherwise CBC.
bool mines_layout_exists(const mines::Position& position, int cell, int value);

// The same question asked of many cells of one position, as a re-check of every certain cell
// asks it. Building and solving the whole model once per cell cost 95% of `solve mines` on a 39x39
// position, and its cost per cell grows with the board, so three relaxations are tried first,
// cheapest first; each is sound, since a relaxation without a solution proves the model has none:
// 1. the digits within two cells of it alone (a few dozen columns whatever the board: every
//    single-row or subset argument about a cell reads only these);
// 2. the LP relaxation of the whole model, taken apart: the digits link unknown cells into
//    components that share nothing but the mine count, so it is feasible exactly when the mine
//    count lies between the sums of each component's least and greatest LP mine totals (the
//    interior cells adding 0 to all of them), and with the cell fixed only its own component is
//    re-solved, warm-started, for its two totals;
// 3. when both have solutions, CBC on the whole model gives the answer, as above.
class MinesLayoutCheck {
 public:
  explicit MinesLayoutCheck(const mines::Position& position);  // kept by reference
  ~MinesLayoutCheck();
  MinesLayoutCheck(const MinesLayoutCheck&) = delete;
  MinesLayoutCheck& operator=(const MinesLayoutCheck&) = delete;

  bool layout_exists(int cell, int value);
  int integer_solves() const { return integer_solves_; }  // how often the LP did not settle it

 private:
  struct Component;
  bool local_relaxation_feasible(int cell, int value) const;
  const mines::Position& position_;
  bool consistent_ = true;  // false when a digit can never be met (no unknown neighbours left)
  int mines_left_ = 0;      // the mine count less the flags
  int interior_ = 0;        // unknown cells next to no digit
  std::vector<int> component_of_, column_of_;  // per cell: -1 when not unknown or interior
  std::vector<std::unique_ptr<Component>> components_;
  double least_ = 0, most_ = 0;  // sums of the components' LP mine totals
  int integer_solves_ = 0;
};

}  // namespace bs::ilp
