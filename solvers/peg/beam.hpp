// Beam search for peg solitaire: the generic engine of search/beam.hpp with the peg score.
//
// A position scores the number of jumps it offers, less twice the number of pegs with no
// neighbouring peg (an isolated peg needs another peg to come to it, and a board of them is a dead
// end). Duplicates merge under the symmetry used for the table keys. The pruning rules and the
// backward set apply as in the depth-first search, so a beam that reaches the meeting level with a
// position of the backward set has a solution.
//
// The beam proves nothing: when it runs dry, the depth-first portfolio decides. Its answer, like
// every other, is replayed by the verifier.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "search/beam.hpp"
#include "search/budget.hpp"
#include "solvers/peg/search.hpp"

namespace bs::peg {

// The jumps from start to a goal of the problem (a position of the backward set, when it has
// one), or nothing when the beam runs dry or the budget stops it (search::beam_search).
// neighbours[h]: the pegs next to hole h.
inline std::optional<std::vector<uint16_t>> beam_search(const PegProblem<uint64_t>& problem,
                                                        const Config& start, size_t width,
                                                        const std::vector<uint64_t>& neighbours,
                                                        search::Team& team, search::Stats& stats,
                                                        search::Budget& budget) {
  using State = PegProblem<uint64_t>::State;
  const auto score = [&](const State& s, std::vector<uint16_t>& moves) {
    moves.clear();
    problem.moves(s, moves);
    int isolated = 0;
    for (uint64_t p = s.pegs; p; p &= p - 1)
      isolated += !(s.pegs & neighbours[std::countr_zero(p)]);
    return static_cast<int>(moves.size()) - 2 * isolated;
  };
  return search::beam_search(problem, problem.root(start), width, score, team, stats, budget);
}

}  // namespace bs::peg
