// Shakashaka brute force for the tests: every assignment of the five states to a grid's white
// cells, the oracle that the model, the rules and the solver are checked against on tiny grids.
#pragma once

#include <vector>

#include "puzzles/shakashaka/grid.hpp"

namespace bs::shakashaka::brute_force {

// Calls `visit` with every assignment of the five states to the white cells (black cells 0).
template <class Visit>
void for_each_assignment(const Instance& in, Visit&& visit) {
  std::vector<int> white;
  for (int c = 0; c < in.cells(); ++c)
    if (!is_black(in.givens[c])) white.push_back(c);
  Solution s(in.cells(), 0);
  for (const int c : white) s[c] = empty;
  while (true) {
    visit(s);
    size_t k = 0;
    while (k < white.size() && s[white[k]] == ll) s[white[k++]] = empty;
    if (k == white.size()) return;
    ++s[white[k]];
  }
}

}  // namespace bs::shakashaka::brute_force
