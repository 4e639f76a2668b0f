// Beam search for peg solitaire: the generic engine of search/beam.hpp with the peg score.
//
// A position scores the number of jumps it offers, less twice the number of pegs with no
// neighbouring peg (an isolated peg needs another peg to come to it, and a board of them is a dead
// end). Duplicates merge under the symmetry used for the table keys. The pruning rules and the
// backward set apply as in the depth-first search, so a beam that reaches the meeting level with a
// position of the backward set has a solution.
//
// The beam proves nothing: when it runs dry, the depth-first portfolio decides. Its answer, like
// every other, is replayed by the verifier. Boards beyond 64 holes get it too, before their one
// forward search, over 128-bit positions (WideBeamProblem).
#pragma once

#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "search/beam.hpp"
#include "search/budget.hpp"
#include "solvers/peg/search.hpp"

namespace bs::peg {

inline int lowest_hole(uint64_t p) {
  return std::countr_zero(p);
}
inline int lowest_hole(unsigned __int128 p) {
  const auto lo = static_cast<uint64_t>(p);
  return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(p >> 64));
}

// Boards beyond 64 holes: the same problem, keyed for the beam by a 64-bit mix of its 128-bit
// position. Two positions that share a key merge, and one of them is lost; the beam only finds,
// so a lost position costs at most a solution it would have found, never a wrong answer.
class WideBeamProblem {
 public:
  using Bits = unsigned __int128;
  using State = PegProblem<Bits>::State;
  using Move = PegProblem<Bits>::Move;
  explicit WideBeamProblem(const PegProblem<Bits>& problem) : problem_(problem) {}
  bool is_goal(const State& s) const { return problem_.is_goal(s); }
  bool prune(const State& s, search::Stats& stats) const { return problem_.prune(s, stats); }
  void moves(const State& s, std::vector<Move>& out) const { problem_.moves(s, out); }
  void apply(State& s, Move m) const { problem_.apply(s, m); }
  void undo(State& s, Move m) const { problem_.undo(s, m); }
  uint64_t key(const State& s) const {
    const auto lo = static_cast<uint64_t>(s.pegs), hi = static_cast<uint64_t>(s.pegs >> 64);
    uint64_t x = lo ^ (hi * 0x9e3779b97f4a7c15ULL);
    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ULL;
    return x ^ (x >> 29);
  }

 private:
  const PegProblem<Bits>& problem_;
};

// The jumps from start to a goal of the problem (a position of the backward set, when it has
// one), or nothing when the beam runs dry or the budget stops it (search::beam_search).
// neighbours[h]: the pegs next to hole h. Problem is PegProblem<uint64_t> or WideBeamProblem,
// Bits its position type.
template <class Problem, class Bits>
std::optional<std::vector<uint16_t>> beam_search(const Problem& problem,
                                                 const typename Problem::State& root, size_t width,
                                                 const std::vector<Bits>& neighbours,
                                                 search::Team& team, search::Stats& stats,
                                                 search::Budget& budget) {
  using State = typename Problem::State;
  const auto score = [&](const State& s, std::vector<uint16_t>& moves) {
    moves.clear();
    problem.moves(s, moves);
    int isolated = 0;
    for (Bits p = s.pegs; p; p &= p - 1) isolated += !(s.pegs & neighbours[lowest_hole(p)]);
    return static_cast<int>(moves.size()) - 2 * isolated;
  };
  return search::beam_search(problem, root, width, score, team, stats, budget);
}

}  // namespace bs::peg
