// Pagoda functions for peg solitaire, found by linear programming.
//
// A pagoda function gives each hole a weight w(h) >= 0 such that w(from) + w(over) >= w(to) for
// every jump. A jump then never raises the total weight of the pegs, so a configuration P can
// reach Q only if w(P) >= w(Q). The pagodas form a cone (the solitaire cone); deciding whether
// some pagoda separates P from Q is one LP, and when it does, the pagoda and its two sums are a
// certificate anyone can re-check with integer arithmetic (puzzles/peg/verify.hpp).
//
// The search uses two products of these LPs: the separating pagoda of the root (start against
// final), which proves an instance impossible outright, and a pool of pagodas with w(final) = 1
// that are zero on as many holes as the LP can manage; a node whose pegs weigh less than the
// final is cut.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "puzzles/peg/board.hpp"

namespace bs::ilp {

using Pagoda = std::vector<int64_t>;  // integer weight per hole

// The weight of a configuration's pegs.
int64_t weigh(const Pagoda& weights, const peg::Config& config);

// An integer pagoda with w(from) < w(to), when the LP finds one; it then proves that `from`
// cannot reach `to`. The LP's rational vertex is scaled to integers and re-checked exactly.
std::optional<Pagoda> separating_pagoda(const peg::Board& board, const peg::Config& from,
                                        const peg::Config& to);

// Up to `count` distinct integer pagodas with w(to) >= 1 each, for pruning positions that must
// still reach `to`: the LP minimises the weight of the board, and then of each hole's
// neighbourhood in turn, so that each pagoda vanishes on a different region. Only jumps with
// allowed[j] != 0 constrain the weights (jumps no solution can use need not be respected).
std::vector<Pagoda> pagoda_pool(const peg::Board& board, const peg::Config& to,
                                const std::vector<int>& allowed, int count);

}  // namespace bs::ilp
