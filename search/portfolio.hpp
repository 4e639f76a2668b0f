// A restart portfolio that knows no puzzle: rounds in which each member in turn searches within a
// node budget, the budget growing round by round, until a member decides or the whole budget is
// spent.
//
// Restarts with growing budgets are how a depth-first search escapes a bad first subtree without
// giving up completeness: each round is a fresh start (a new move order, say), and the budget
// doubles, so that the total cost stays within a constant factor of the last round's. Members
// (several ways of searching the same instance) take turns, so that the one the instance happens
// to favour decides it. The engine only keeps the rounds and the budgets; what a member is, and
// what "decided" means, the caller says through the turn it runs.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "search/budget.hpp"

namespace bs::search {

struct Restarts {
  uint64_t first_nodes = 0;  // each member's node budget in the first round; 0: no budget
  uint64_t growth = 2;       // the factor by which it grows each round
  uint64_t max_nodes = uint64_t{1} << 50;  // where the growth stops
};

// Runs rounds 1, 2, ...: in each, turn(k, round, nodes) for each member k in order, then
// round_end(round, nodes) (a closing step, a beam say), where `nodes` is the round's budget per
// member. Both return true to go on. A member's turn is skipped, and the portfolio ends, once the
// whole budget cannot afford one more node or is past its deadline (the turns spend from it; see
// Budget::add). Returns the number of rounds begun.
template <class Turn, class RoundEnd>
int run_restarts(size_t members, const Restarts& restarts, Budget& whole, Turn&& turn,
                 RoundEnd&& round_end) {
  uint64_t nodes = restarts.first_nodes;
  int round = 0;
  for (bool go = true; go;) {
    ++round;
    for (size_t k = 0; k < members && go; ++k) {
      if (whole.check(1)) return round;
      go = turn(k, round, nodes);
    }
    if (go) go = round_end(round, nodes);
    nodes = std::min(nodes * restarts.growth, restarts.max_nodes);
  }
  return round;
}

}  // namespace bs::search
