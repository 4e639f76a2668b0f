// One connected component of a Minesweeper frontier, as the probability engine counts it.
//
// The undecided cells next to a digit split into components: two cells are joined when a digit
// sees both. Within a component, cells that the same digits see form a group; a group of s cells
// with k mines stands for C(s, k) layouts, so both counting methods (the enumeration in
// probability.cpp and the frontier DP in frontier_dp.cpp) assign counts to groups, not cells.
#pragma once

#include <limits>
#include <vector>

namespace bs::mines {

struct Component {
  std::vector<std::vector<int>> groups;   // variables of each group
  std::vector<int> row_target;            // per local row: the mines its groups hold
  std::vector<std::vector<int>> rows_of;  // per group: the local rows that see it, ascending
  int first_source = -1;                  // a digit of the component, for error messages
  int least_mines = 0;                    // the LP's bounds on its mines, when the LP ran
  int most_mines = std::numeric_limits<int>::max();

  int cells() const {
    int n = 0;
    for (const auto& g : groups) n += static_cast<int>(g.size());
    return n;
  }
};

}  // namespace bs::mines
