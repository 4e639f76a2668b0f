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

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "search/budget.hpp"
#include "solvers/peg/search.hpp"

namespace bs::peg {

// The jumps from start to a goal of the problem (a position of the backward set, when it has
// one), or nothing when the beam runs dry or the budget stops it. The budget is asked before each
// level whether one more node is affordable, and charged with each level's nodes after it (so the
// beam overshoots a node limit by at most one level). neighbours[h]: the pegs next to hole h. Each
// level is expanded by `threads` threads; duplicates are merged by sorting, keeping the child of
// the lowest-ranked parent, and ties in score are broken by key, so the beam and its answer do not
// depend on the thread count.
inline std::optional<std::vector<uint16_t>> beam_search(const PegProblem<uint64_t>& problem,
                                                        const Config& start, size_t width,
                                                        const std::vector<uint64_t>& neighbours,
                                                        int threads, search::Stats& stats,
                                                        search::Budget& budget) {
  using State = PegProblem<uint64_t>::State;
  struct Step {
    uint32_t parent;
    uint16_t move;
  };
  struct Child {
    uint64_t key;
    uint32_t parent;
    uint16_t move;
    int score;
  };
  constexpr uint64_t kNoGoal = ~uint64_t{0};
  std::vector<std::vector<Step>> trail;  // per level: how each beam position was reached
  std::vector<State> beam{problem.root(start)};
  trail.push_back({Step{0, 0}});
  auto path_to = [&](size_t level, uint32_t index) {
    std::vector<uint16_t> path(level);
    for (size_t l = level; l > 0; --l) {
      path[l - 1] = trail[l][index].move;
      index = trail[l][index].parent;
    }
    return path;
  };
  if (problem.is_goal(beam[0])) return std::vector<uint16_t>{};
  threads = std::max(1, threads);
  std::vector<search::Stats> thread_stats(threads);
  uint64_t charged = 0;  // the nodes of the levels before this one
  while (!beam.empty() && !budget.check(1)) {
    std::vector<std::vector<Child>> parts(threads);
    // The first goal in (parent, move) order, packed so that the least wins.
    std::atomic<uint64_t> goal{kNoGoal};
#pragma omp parallel num_threads(threads)
    {
      const int t = omp_get_thread_num();
      std::vector<uint16_t> moves, child_moves;
      search::Stats& st = thread_stats[t];
#pragma omp for schedule(dynamic, 16)
      for (size_t i = 0; i < beam.size(); ++i) {
        State& s = beam[i];
        moves.clear();
        problem.moves(s, moves);
        for (uint16_t m : moves) {
          problem.apply(s, m);
          ++st.nodes;
          if (problem.is_goal(s)) {
            const uint64_t packed = (uint64_t{i} << 16) | m;
            uint64_t seen = goal.load(std::memory_order_relaxed);
            while (packed < seen && !goal.compare_exchange_weak(seen, packed)) {
            }
          } else if (!problem.prune(s, st)) {
            child_moves.clear();
            problem.moves(s, child_moves);
            int isolated = 0;
            for (uint64_t p = s.pegs; p; p &= p - 1)
              isolated += !(s.pegs & neighbours[std::countr_zero(p)]);
            parts[t].push_back(Child{problem.key(s), static_cast<uint32_t>(i), m,
                                     static_cast<int>(child_moves.size()) - 2 * isolated});
          }
          problem.undo(s, m);
        }
      }
    }
    if (const uint64_t g = goal.load(); g != kNoGoal) {
      for (const auto& st : thread_stats) stats.merge(st);
      std::vector<uint16_t> path = path_to(trail.size() - 1, static_cast<uint32_t>(g >> 16));
      path.push_back(static_cast<uint16_t>(g & 0xffff));
      return path;
    }
    uint64_t nodes = 0;
    for (const auto& st : thread_stats) nodes += st.nodes;
    budget.add(nodes - charged);
    charged = nodes;
    // Duplicates merge within buckets by key (each thread sorts its own buckets), keeping the
    // child of the least (parent, move); the best `width` by (score, key) survive, and are put in
    // key order. Every step is a function of the set of children alone, so the beam is the same
    // whatever the thread count.
    const auto by_key = [](const Child& a, const Child& b) {
      return a.key != b.key         ? a.key < b.key
             : a.parent != b.parent ? a.parent < b.parent
                                    : a.move < b.move;
    };
    constexpr size_t kBuckets = 64;
    std::vector<std::vector<Child>> buckets(kBuckets);
    for (auto& p : parts)
      for (const Child& c : p) buckets[(c.key * 0x9e3779b97f4a7c15ULL) >> 58].push_back(c);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (size_t b = 0; b < kBuckets; ++b) {
      auto& v = buckets[b];
      std::sort(v.begin(), v.end(), by_key);
      v.erase(std::unique(v.begin(), v.end(),
                          [](const Child& x, const Child& y) { return x.key == y.key; }),
              v.end());
    }
    std::vector<Child> children;
    for (auto& v : buckets) children.insert(children.end(), v.begin(), v.end());
    if (children.size() > width) {
      std::nth_element(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(width),
                       children.end(), [](const Child& a, const Child& b) {
                         return a.score != b.score ? a.score > b.score : a.key < b.key;
                       });
      children.resize(width);
      std::sort(children.begin(), children.end(), by_key);
    }
    std::vector<State> next(children.size());
    std::vector<Step> steps(children.size());
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t c = 0; c < children.size(); ++c) {
      next[c] = beam[children[c].parent];
      problem.apply(next[c], children[c].move);
      steps[c] = Step{children[c].parent, children[c].move};
    }
    trail.push_back(std::move(steps));
    beam = std::move(next);
  }
  for (const auto& st : thread_stats) stats.merge(st);
  return std::nullopt;
}

}  // namespace bs::peg
