// Every solution of a small Dominosa grid, by the plainest exact-cover recursion: test support.
//
// The oracle of the Dominosa tests. It knows the puzzle only through the Instance (the numbers,
// placement numbering and domino numbering of puzzles/dominosa/grid.hpp) and shares nothing with
// any rule, solver or integer program: it takes the first cell not yet covered, in row-major
// order, and tries each placement joining it to an uncovered neighbour whose domino is not yet
// used. Every cell before it is covered, so only its right and lower neighbours can be free; the
// recursion therefore visits every tiling compatible with the numbers exactly once. Exponential,
// so for grids up to order 5 or so (the tests draw orders 2..5).
#pragma once

#include <algorithm>
#include <vector>

#include "puzzles/dominosa/grid.hpp"

namespace bs::test {

using dominosa::Direction;
using dominosa::Instance;

struct BruteForce {
  // Each solution as its placements, ascending, in the order found (lexicographic by the
  // recursion's choices). At most the limit given.
  std::vector<std::vector<int>> solutions;
  bool complete = true;  // false when the limit stopped the enumeration early
};

// Every solution of `in`, or the first `limit` of them (limit <= 0: no limit).
inline BruteForce brute_force_solutions(const Instance& in, int limit = 0) {
  BruteForce out;
  std::vector<char> covered(in.cells(), 0), used(dominosa::dominoes(in.n), 0);
  std::vector<int> chosen;
  auto search = [&](auto&& self, int from) -> bool {  // false: the limit is reached, stop
    int cell = from;
    while (cell < in.cells() && covered[cell]) ++cell;
    if (cell == in.cells()) {
      if (limit > 0 && static_cast<int>(out.solutions.size()) == limit) {
        out.complete = false;
        return false;
      }
      std::vector<int> sorted = chosen;
      std::sort(sorted.begin(), sorted.end());
      out.solutions.push_back(std::move(sorted));
      return true;
    }
    for (Direction d : {dominosa::right, dominosa::down}) {
      const int other = in.neighbour(cell, d);
      if (other < 0 || covered[other]) continue;
      const int p = in.placement_at(cell, d);
      const int k = in.domino_of(p);
      if (used[k]) continue;
      covered[cell] = covered[other] = 1;
      used[k] = 1;
      chosen.push_back(p);
      const bool go_on = self(self, cell + 1);
      chosen.pop_back();
      used[k] = 0;
      covered[cell] = covered[other] = 0;
      if (!go_on) return false;
    }
    return true;
  };
  search(search, 0);
  return out;
}

}  // namespace bs::test
