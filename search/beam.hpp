// Generic beam search that knows no puzzle: a solution finder for large spaces, where depth-first
// search drowns in the first subtree it enters.
//
// Level by level, every state of the beam is expanded, duplicates (by the problem's key) are
// merged, and only the `width` best children are kept, best by a score the caller supplies. The
// problem is the depth-first search's (search/dfs.hpp: goal test, pruning hook, moves, apply,
// undo), keyed by a 64-bit key, with moves that are unsigned integers of at most 32 bits (they
// are packed beside a parent index to find the first goal without a lock).
//
// The beam proves nothing: when it runs dry, another engine must decide. It is therefore only a
// first step, with a bounded cost (width x depth x branching), spent from a Budget.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <optional>
#include <vector>

#include "search/budget.hpp"
#include "search/dfs.hpp"
#include "search/stats.hpp"

namespace bs::search {

template <class P>
concept BeamProblem = DfsProblem<P> && std::unsigned_integral<typename P::Move> &&
                          sizeof(typename P::Move) <= 4 &&
                      requires(const P& p, const typename P::State& s) {
  { p.key(s) } -> std::same_as<uint64_t>;
};

// The moves from `root` to a goal, or nothing when the beam runs dry or the budget stops it.
// score(state) ranks a child that is neither a goal nor pruned (higher is better); it is called
// from several threads at once. The budget is asked before each level whether one more node is
// affordable, and charged with each level's nodes after it (so the beam overshoots a node limit
// by at most one level). Each level is expanded by `threads` threads; the first goal in (parent,
// move) order wins, duplicates are merged keeping the child of the lowest-ranked parent, and ties
// in score are broken by key, so the beam and its answer do not depend on the thread count.
template <BeamProblem P, class Score>
std::optional<std::vector<typename P::Move>> beam_search(const P& problem, typename P::State root,
                                                         size_t width, const Score& score,
                                                         int threads, Stats& stats,
                                                         Budget& budget) {
  using State = typename P::State;
  using Move = typename P::Move;
  struct Step {
    uint32_t parent;
    Move move;
  };
  struct Child {
    uint64_t key;
    uint32_t parent;
    Move move;
    int score;
  };
  constexpr uint64_t kNoGoal = ~uint64_t{0};
  std::vector<std::vector<Step>> trail;  // per level: how each beam state was reached
  std::vector<State> beam{std::move(root)};
  trail.push_back({Step{0, 0}});
  auto path_to = [&](size_t level, uint32_t index) {
    std::vector<Move> path(level);
    for (size_t l = level; l > 0; --l) {
      path[l - 1] = trail[l][index].move;
      index = trail[l][index].parent;
    }
    return path;
  };
  if (problem.is_goal(beam[0])) return std::vector<Move>{};
  threads = std::max(1, threads);
  std::vector<Stats> thread_stats(threads);
  uint64_t charged = 0;  // the nodes of the levels before this one
  while (!beam.empty() && !budget.check(1)) {
    std::vector<std::vector<Child>> parts(threads);
    // The first goal in (parent, move) order, packed so that the least wins.
    std::atomic<uint64_t> goal{kNoGoal};
#pragma omp parallel num_threads(threads)
    {
      const int t = omp_get_thread_num();
      std::vector<Move> moves;
      Stats& st = thread_stats[t];
#pragma omp for schedule(dynamic, 16)
      for (size_t i = 0; i < beam.size(); ++i) {
        State& s = beam[i];
        moves.clear();
        problem.moves(s, moves);
        for (const Move m : moves) {
          problem.apply(s, m);
          ++st.nodes;
          if (problem.is_goal(s)) {
            const uint64_t packed = (uint64_t{i} << 32) | m;
            uint64_t seen = goal.load(std::memory_order_relaxed);
            while (packed < seen && !goal.compare_exchange_weak(seen, packed)) {
            }
          } else if (!problem.prune(s, st)) {
            parts[t].push_back(Child{problem.key(s), static_cast<uint32_t>(i), m, score(s)});
          }
          problem.undo(s, m);
        }
      }
    }
    if (const uint64_t g = goal.load(); g != kNoGoal) {
      for (const auto& st : thread_stats) stats.merge(st);
      std::vector<Move> path = path_to(trail.size() - 1, static_cast<uint32_t>(g >> 32));
      path.push_back(static_cast<Move>(g & 0xffffffffu));
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

}  // namespace bs::search
