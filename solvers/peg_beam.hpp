// Beam search for peg solitaire: a solution finder for large boards, where depth-first search
// drowns in the first subtree it enters.
//
// Level by level, every position of the beam is expanded, duplicates (under the symmetry used for
// the table keys) are merged, and only the `width` best children are kept, best by a score of the
// position: the number of jumps it offers, less twice the number of pegs with no neighbouring
// peg (an isolated peg needs another peg to come to it, and a board of them is a dead end). The
// pruning rules and the backward set apply as in the depth-first search, so a beam that reaches
// the meeting level with a position of the backward set has a solution.
//
// The beam proves nothing: when it runs dry, the depth-first portfolio decides. It is therefore
// only ever a first step, with a bounded cost (width x moves x branching), and its answer, like
// every other, is replayed by the verifier.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <unordered_set>
#include <vector>

#include "solvers/peg_search.hpp"

namespace bs::peg {

// The jumps from start to a goal of the problem (a position of the backward set, when it has
// one), or nothing when the beam runs dry. neighbours[h]: the pegs next to hole h.
inline std::optional<std::vector<uint16_t>> beam_search(const PegProblem<uint64_t>& problem,
                                                        const Config& start, size_t width,
                                                        const std::vector<uint64_t>& neighbours,
                                                        search::Stats& stats) {
  using Bits = uint64_t;
  using State = PegProblem<uint64_t>::State;
  struct Step {
    uint32_t parent;
    uint16_t move;
  };
  struct Child {
    int score;
    uint32_t parent;
    uint16_t move;
    Bits key;
  };
  std::vector<std::vector<Step>> trail;  // per level: how each beam position was reached
  std::vector<State> beam{problem.root(start)};
  trail.push_back({Step{0, 0}});
  std::vector<uint16_t> moves, child_moves;
  auto path_to = [&](size_t level, uint32_t index) {
    std::vector<uint16_t> path(level);
    for (size_t l = level; l > 0; --l) {
      path[l - 1] = trail[l][index].move;
      index = trail[l][index].parent;
    }
    return path;
  };
  if (problem.is_goal(beam[0])) return std::vector<uint16_t>{};
  while (!beam.empty()) {
    std::vector<Child> children;
    std::unordered_set<Bits> seen;
    for (uint32_t i = 0; i < beam.size(); ++i) {
      State& s = beam[i];
      moves.clear();
      problem.moves(s, moves);
      for (uint16_t m : moves) {
        problem.apply(s, m);
        ++stats.nodes;
        if (problem.is_goal(s)) {
          std::vector<uint16_t> path = path_to(trail.size() - 1, i);
          path.push_back(m);
          return path;
        }
        if (!problem.prune(s, stats) && seen.insert(problem.key(s)).second) {
          child_moves.clear();
          problem.moves(s, child_moves);
          int isolated = 0;
          for (Bits p = s.pegs; p;) {
            const int h = std::countr_zero(p);
            p &= p - 1;
            isolated += !(s.pegs & neighbours[h]);
          }
          children.push_back(
              Child{static_cast<int>(child_moves.size()) - 2 * isolated, i, m, problem.key(s)});
        }
        problem.undo(s, m);
      }
    }
    if (children.size() > width) {
      std::nth_element(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(width),
                       children.end(), [](const Child& a, const Child& b) {
                         return a.score != b.score ? a.score > b.score : a.key < b.key;
                       });
      children.resize(width);
    }
    std::vector<State> next;
    std::vector<Step> steps;
    next.reserve(children.size());
    for (const Child& c : children) {
      next.push_back(beam[c.parent]);
      problem.apply(next.back(), c.move);
      steps.push_back(Step{c.parent, c.move});
    }
    trail.push_back(std::move(steps));
    beam = std::move(next);
  }
  return std::nullopt;
}

}  // namespace bs::peg
