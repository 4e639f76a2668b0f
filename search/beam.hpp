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

// One beam search, level by level: expand, keep the best children, advance.
template <BeamProblem P, class Score>
class BeamSearch {
 public:
  using State = typename P::State;
  using Move = typename P::Move;

  BeamSearch(const P& problem, size_t width, const Score& score, int threads)
      : problem_(problem),
        width_(width),
        score_(score),
        threads_(std::max(1, threads)),
        thread_stats_(threads_) {}

  // See beam_search below.
  std::optional<std::vector<Move>> run(State root, Stats& stats, Budget& budget) {
    beam_.assign(1, std::move(root));
    trail_.assign(1, {Step{0, 0}});
    if (problem_.is_goal(beam_[0])) return std::vector<Move>{};
    std::optional<std::vector<Move>> found;
    uint64_t charged = 0;  // the nodes of the levels before this one
    while (!beam_.empty() && !budget.check(1)) {
      std::vector<std::vector<Child>> parts(threads_);
      if (const uint64_t goal = expand(parts); goal != kNoGoal) {
        found = path_to_goal(goal);
        break;
      }
      uint64_t nodes = 0;
      for (const Stats& st : thread_stats_) nodes += st.nodes;
      budget.add(nodes - charged);
      charged = nodes;
      advance(best_children(parts));
    }
    for (const Stats& st : thread_stats_) stats.merge(st);
    return found;
  }

 private:
  struct Step {  // how a beam state was reached
    uint32_t parent;
    Move move;
  };
  struct Child {
    uint64_t key;
    uint32_t parent;
    Move move;
    int score;
  };
  static constexpr uint64_t kNoGoal = ~uint64_t{0};

  // Expands every state of the beam into `parts` (per thread): the children that are neither
  // goals nor pruned. Returns the first goal in (parent, move) order, packed so that the least
  // wins, or kNoGoal.
  uint64_t expand(std::vector<std::vector<Child>>& parts) {
    std::atomic<uint64_t> goal{kNoGoal};
#pragma omp parallel num_threads(threads_)
    {
      const int t = omp_get_thread_num();
      std::vector<Move> moves, scratch;  // scratch: the score's, kept across its calls
      Stats& st = thread_stats_[t];
#pragma omp for schedule(dynamic, 16)
      for (size_t i = 0; i < beam_.size(); ++i) {
        State& s = beam_[i];
        moves.clear();
        problem_.moves(s, moves);
        for (const Move m : moves) {
          problem_.apply(s, m);
          ++st.nodes;
          if (problem_.is_goal(s)) {
            const uint64_t packed = (uint64_t{i} << 32) | m;
            uint64_t seen = goal.load(std::memory_order_relaxed);
            while (packed < seen && !goal.compare_exchange_weak(seen, packed)) {
            }
          } else if (!problem_.prune(s, st)) {
            parts[t].push_back(
                Child{problem_.key(s), static_cast<uint32_t>(i), m, score_(s, scratch)});
          }
          problem_.undo(s, m);
        }
      }
    }
    return goal.load();
  }

  // Duplicates merge within buckets by key (each thread sorts its own buckets), keeping the
  // child of the least (parent, move); the best `width` by (score, key) survive, and are put in
  // key order. Every step is a function of the set of children alone, so the beam is the same
  // whatever the thread count.
  std::vector<Child> best_children(const std::vector<std::vector<Child>>& parts) const {
    const auto by_key = [](const Child& a, const Child& b) {
      return a.key != b.key         ? a.key < b.key
             : a.parent != b.parent ? a.parent < b.parent
                                    : a.move < b.move;
    };
    constexpr size_t kBuckets = 64;
    std::vector<std::vector<Child>> buckets(kBuckets);
    for (const auto& p : parts)
      for (const Child& c : p) buckets[(c.key * 0x9e3779b97f4a7c15ULL) >> 58].push_back(c);
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 1)
    for (size_t b = 0; b < kBuckets; ++b) {
      auto& v = buckets[b];
      std::sort(v.begin(), v.end(), by_key);
      v.erase(std::unique(v.begin(), v.end(),
                          [](const Child& x, const Child& y) { return x.key == y.key; }),
              v.end());
    }
    std::vector<Child> children;
    for (auto& v : buckets) children.insert(children.end(), v.begin(), v.end());
    if (children.size() > width_) {
      std::nth_element(children.begin(), children.begin() + static_cast<std::ptrdiff_t>(width_),
                       children.end(), [](const Child& a, const Child& b) {
                         return a.score != b.score ? a.score > b.score : a.key < b.key;
                       });
      children.resize(width_);
      std::sort(children.begin(), children.end(), by_key);
    }
    return children;
  }

  // The next level: the kept children become the beam, and the trail says how.
  void advance(const std::vector<Child>& children) {
    std::vector<State> next(children.size());
    std::vector<Step> steps(children.size());
#pragma omp parallel for num_threads(threads_) schedule(static)
    for (size_t c = 0; c < children.size(); ++c) {
      next[c] = beam_[children[c].parent];
      problem_.apply(next[c], children[c].move);
      steps[c] = Step{children[c].parent, children[c].move};
    }
    trail_.push_back(std::move(steps));
    beam_ = std::move(next);
  }

  // The moves to a goal found at this level (as expand() packed it), read back along the trail.
  std::vector<Move> path_to_goal(uint64_t goal) const {
    size_t level = trail_.size() - 1;
    auto index = static_cast<uint32_t>(goal >> 32);
    std::vector<Move> path(level);
    for (; level > 0; --level) {
      path[level - 1] = trail_[level][index].move;
      index = trail_[level][index].parent;
    }
    path.push_back(static_cast<Move>(goal & 0xffffffffu));
    return path;
  }

  const P& problem_;
  const size_t width_;
  const Score& score_;
  const int threads_;
  std::vector<Stats> thread_stats_;
  std::vector<State> beam_;
  std::vector<std::vector<Step>> trail_;  // per level: how each beam state was reached
};

// The moves from `root` to a goal, or nothing when the beam runs dry or the budget stops it.
// score(state, scratch) ranks a child that is neither a goal nor pruned (higher is better); it is
// called from several threads at once, each handing it a vector of moves of its own to use as
// scratch (a thread_local there would cost a guard check per child). The budget is asked before
// each level whether one more node is affordable, and charged with each level's nodes after it (so
// the beam overshoots a node limit by at most one level). Each level is expanded by `threads`
// threads; the first goal in (parent, move) order wins, duplicates are merged keeping the child of
// the lowest-ranked parent, and ties in score are broken by key, so the beam and its answer do not
// depend on the thread count.
template <BeamProblem P, class Score>
std::optional<std::vector<typename P::Move>> beam_search(const P& problem, typename P::State root,
                                                         size_t width, const Score& score,
                                                         int threads, Stats& stats,
                                                         Budget& budget) {
  return BeamSearch<P, Score>(problem, width, score, threads).run(std::move(root), stats, budget);
}

}  // namespace bs::search
