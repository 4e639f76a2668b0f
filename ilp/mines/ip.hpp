// The reference integer model of a Minesweeper position, for re-checking the engine's claims by
// another route: one 0/1 column per unknown cell, one row per digit (its unknown neighbours hold
// the digit less its flagged ones), one row for the mine count. A cell is certainly safe when the
// model with that cell forced to a mine has no solution, and likewise for a certain mine.
// The mine-count row exists only under an exact total (MineTotal::exact). Under a density every
// layout that fits the digits has some weight, and under "any" all weigh alike, so a cell is
// certain exactly when the digits alone allow it only one value: the row is left out. Blocked
// cells are no columns and sit in no row.
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
//    single-row or subset argument about a cell reads only these), when its component has more
//    than kLocalFirst cells (stage 2 decides all that stage 1 does);
// 2. the LP relaxation of the whole model, taken apart: the digits link unknown cells into
//    components that share nothing but the mine count, so it is feasible exactly when the mine
//    count lies between the sums of each component's least and greatest LP mine totals (the
//    interior cells adding 0 to all of them), and with the cell fixed only its own component is
//    re-solved, warm-started, for its two totals;
// 3. when both have solutions, CBC on the whole model gives the answer, as above.
// The LPs are small and many (a 255x255 lattice has 3,481 components and 22,662 certain cells),
// so two CLP solvers are loaded in turn rather than one made per LP: making one cost more than
// the solve.
//
// Many certain cells are checked at once by settles_all(): per component, one LP over stage 2's
// relaxation (the other components' totals taken between 0 and their sizes, a weaker coupling
// that needs no solve) bounds how far the component's claimed cells can move, together, from
// their claims. The components' LP totals are found only when a claim is left to layout_exists.
class MinesLayoutCheck {
 public:
  // Stage 1 runs only for cells whose component has more than `local_first` cells: with the
  // component as small as the local model, stage 2 costs no more and decides all stage 1 would.
  explicit MinesLayoutCheck(const mines::Position& position,  // kept by reference
                            int local_first = 64);
  ~MinesLayoutCheck();
  MinesLayoutCheck(const MinesLayoutCheck&) = delete;
  MinesLayoutCheck& operator=(const MinesLayoutCheck&) = delete;

  bool layout_exists(int cell, int value);
  // For claims "cell cells[k] holds values[k] in every layout": per claim, true when the batch
  // proves that no layout has it otherwise, false when it cannot tell (ask layout_exists). Per
  // component, the largest sum over its claimed cells of |x - claim| on stage 2's relaxation;
  // a layout breaking a claim would make it at least 1, so under 1/2 proves them all.
  std::vector<char> settles_all(const std::vector<int>& cells, const std::vector<int>& values);
  int integer_solves() const { return integer_solves_; }  // how often the LP did not settle it

 private:
  struct Component;
  bool local_relaxation_feasible(int cell, int value);
  void load_component(int c);
  void find_totals();
  const mines::Position& position_;
  int local_first_;
  LpSession local_;      // each local relaxation in turn
  LpSession component_;  // the component of index loaded_, its bounds as in its model
  int loaded_ = -1;
  bool digits_met_ = true;  // false when a digit can never be met (no unknown neighbours left)
  bool totals_found_ = false;
  bool consistent_ = true;  // false when a component's relaxation is empty (after find_totals)
  bool counted_ = true;     // the mine count is a row: the position's total is exact
  int mines_left_ = 0;      // the mine count less the flags
  int interior_ = 0;        // unknown cells next to no digit
  int frontier_ = 0;        // unknown cells next to a digit
  std::vector<int> component_of_, column_of_;  // per cell: -1 when not unknown or interior
  std::vector<std::unique_ptr<Component>> components_;
  double least_ = 0, most_ = 0;  // sums of the components' LP mine totals (after find_totals)
  int integer_solves_ = 0;
};

}  // namespace bs::ilp
