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

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <vector>

#include "search/budget.hpp"
#include "search/dfs.hpp"
#include "search/stats.hpp"
#include "search/team.hpp"

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

  BeamSearch(const P& problem, size_t width, const Score& score, Team& team)
      : problem_(problem),
        width_(width),
        score_(score),
        team_(team),
        threads_(team.size()),
        thread_stats_(threads_) {}

  // See beam_search below.
  std::optional<std::vector<Move>> run(State root, Stats& stats, Budget& budget) {
    beam_.assign(1, std::move(root));
    trail_.assign(1, {Step{0, 0}});
    if (problem_.is_goal(beam_[0])) return std::vector<Move>{};
    std::optional<std::vector<Move>> found;
    uint64_t charged = 0;  // the nodes of the levels before this one
    parts_.resize(threads_);
    while (!beam_.empty() && !budget.check(1)) {
      for (auto& part : parts_) part.clear();
      if (const uint64_t goal = expand(parts_); goal != kNoGoal) {
        found = path_to_goal(goal);
        break;
      }
      uint64_t nodes = 0;
      for (const Stats& st : thread_stats_) nodes += st.nodes;
      budget.add(nodes - charged);
      charged = nodes;
      advance(best_children(parts_));
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
    struct Scratch {
      std::vector<Move> moves, score;  // score: the score's, kept across its calls
    };
    std::vector<Scratch> scratch(threads_);
    team_.parallel_for(beam_.size(), 16, [&](int t, size_t i) {
      std::vector<Move>& moves = scratch[t].moves;
      Stats& st = thread_stats_[t];
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
              Child{problem_.key(s), static_cast<uint32_t>(i), m, score_(s, scratch[t].score)});
        }
        problem_.undo(s, m);
      }
    });
    return goal.load();
  }

  // Duplicates merge within buckets by key, keeping the child of the least (parent, move); the
  // best `width` by (score, key) survive, and are put in key order. The buckets are ranges of
  // keys (cut at a sample of them), so that key order is bucket order, and every step but a pass
  // over 64 buckets runs in parallel (a global sort and selection, the way this began, kept a
  // second thread idle a quarter of the time on peg solitaire). Every step's result is a function
  // of the set of children alone (the sample only balances the buckets), so the beam is the same
  // whatever the thread count.
  std::vector<Child> best_children(const std::vector<std::vector<Child>>& parts) {
    constexpr size_t kBuckets = 64;
    const std::vector<uint64_t> splitters = key_splitters(parts, kBuckets);
    const auto bucket_of = [&](const Child& c) {
      return static_cast<size_t>(std::upper_bound(splitters.begin(), splitters.end(), c.key) -
                                 splitters.begin());
    };
    // Each part into buckets of its own, then each bucket gathered, sorted and merged. The
    // buffers live across levels: fresh ones each level cost page faults, which two threads
    // take in turn.
    auto& split = split_;
    split.resize(parts.size());
    team_.parallel_for(parts.size(), 1, [&](int, size_t p) {
      split[p].resize(kBuckets);
      for (auto& v : split[p]) v.clear();
      for (const Child& c : parts[p]) split[p][bucket_of(c)].push_back(c);
    });
    auto& buckets = buckets_;
    buckets.resize(kBuckets);
    team_.parallel_for(kBuckets, 1, [&](int, size_t b) {
      auto& v = buckets[b];
      v.clear();
      for (auto& part : split) v.insert(v.end(), part[b].begin(), part[b].end());
      std::sort(v.begin(), v.end(), [](const Child& x, const Child& y) {
        return x.key != y.key         ? x.key < y.key
               : x.parent != y.parent ? x.parent < y.parent
                                      : x.move < y.move;
      });
      v.erase(std::unique(v.begin(), v.end(),
                          [](const Child& x, const Child& y) { return x.key == y.key; }),
              v.end());
    });
    // Each bucket's survivors: every child scoring above the cut, and its share of those at it
    // (survivors() gives the ties to the first buckets, which hold the least keys).
    const Survivors kept = survivors(buckets);
    std::vector<size_t> offset(kBuckets + 1, 0);
    for (size_t b = 0; b < kBuckets; ++b) offset[b + 1] = offset[b] + kept.above[b] + kept.ties[b];
    std::vector<Child> children(offset[kBuckets]);
    team_.parallel_for(kBuckets, 1, [&](int, size_t b) {
      size_t at = offset[b], ties = kept.ties[b];
      for (const Child& c : buckets[b]) {
        if (c.score > kept.cut) {
          children[at++] = c;
        } else if (c.score == kept.cut && ties > 0) {
          children[at++] = c;
          --ties;
        }
      }
    });
    return children;
  }

  // Up to buckets - 1 keys that cut a sample of the children's keys into equal ranges.
  static std::vector<uint64_t> key_splitters(const std::vector<std::vector<Child>>& parts,
                                             size_t buckets) {
    std::vector<uint64_t> sample;
    for (const auto& part : parts)
      for (size_t i = 0; i < part.size(); i += std::max<size_t>(1, part.size() / (buckets * 8)))
        sample.push_back(part[i].key);
    std::sort(sample.begin(), sample.end());
    std::vector<uint64_t> splitters;
    for (size_t b = 1; b < buckets && !sample.empty(); ++b)
      splitters.push_back(sample[b * sample.size() / buckets]);
    return splitters;
  }

  // Which children survive: all those scoring above `cut`, and per bucket `ties[b]` of those
  // scoring `cut`, the first in (bucket, key) order, until `width` are kept.
  struct Survivors {
    int cut = std::numeric_limits<int>::max();
    std::vector<size_t> above, ties;  // per bucket
  };
  Survivors survivors(const std::vector<std::vector<Child>>& buckets) const {
    const size_t n = buckets.size();
    Survivors kept{.above = std::vector<size_t>(n, 0), .ties = std::vector<size_t>(n, 0)};
    size_t total = 0;
    for (const auto& v : buckets) total += v.size();
    if (width_ == 0) return kept;  // none of them
    if (total <= width_) {         // all of them: every score is at or above the lowest
      kept.cut = std::numeric_limits<int>::min();
      for (size_t b = 0; b < n; ++b) kept.ties[b] = buckets[b].size();
      return kept;
    }
    kept.cut = cut_score(buckets, total);
    std::vector<size_t> at(n, 0);
    team_.parallel_for(n, 1, [&](int, size_t b) {
      for (const Child& c : buckets[b]) {
        kept.above[b] += c.score > kept.cut;
        at[b] += c.score == kept.cut;
      }
    });
    size_t ties_left = width_;
    for (size_t b = 0; b < n; ++b) ties_left -= kept.above[b];
    for (size_t b = 0; b < n; ++b) {
      kept.ties[b] = std::min(ties_left, at[b]);
      ties_left -= kept.ties[b];
    }
    return kept;
  }

  // The width-th best score among the children (more than `width` of them): counted by value per
  // bucket, in parallel, when the scores span a short range (peg's do: moves less isolated pegs);
  // else by a selection over all of them.
  int cut_score(const std::vector<std::vector<Child>>& buckets, size_t total) const {
    const size_t n = buckets.size();
    std::vector<int> lo(n, std::numeric_limits<int>::max()), hi(n, std::numeric_limits<int>::min());
    team_.parallel_for(n, 1, [&](int, size_t b) {
      for (const Child& c : buckets[b]) {
        lo[b] = std::min(lo[b], c.score);
        hi[b] = std::max(hi[b], c.score);
      }
    });
    const int low = *std::min_element(lo.begin(), lo.end());
    const int high = *std::max_element(hi.begin(), hi.end());
    if (static_cast<int64_t>(high) - low < kCountedScores) {
      const auto range = static_cast<size_t>(high - low + 1);
      std::vector<std::vector<size_t>> hist(n, std::vector<size_t>(range, 0));
      team_.parallel_for(n, 1, [&](int, size_t b) {
        for (const Child& c : buckets[b]) ++hist[b][static_cast<size_t>(c.score - low)];
      });
      size_t at_or_above = 0;
      for (int cut = high;; --cut) {
        for (const auto& h : hist) at_or_above += h[static_cast<size_t>(cut - low)];
        if (at_or_above >= width_) return cut;
      }
    }
    std::vector<int> scores;
    scores.reserve(total);
    for (const auto& v : buckets)
      for (const Child& c : v) scores.push_back(c.score);
    const auto kth = scores.begin() + static_cast<std::ptrdiff_t>(width_ - 1);
    std::nth_element(scores.begin(), kth, scores.end(), std::greater<>());
    return *kth;
  }
  static constexpr int64_t kCountedScores = 4096;

  // The next level: the kept children become the beam, and the trail says how.
  void advance(const std::vector<Child>& children) {
    std::vector<State>& next = next_;  // its states' own buffers are reused by the copies
    next.resize(children.size());
    std::vector<Step> steps(children.size());
    team_.parallel_for(children.size(), 256, [&](int, size_t c) {
      next[c] = beam_[children[c].parent];
      problem_.apply(next[c], children[c].move);
      steps[c] = Step{children[c].parent, children[c].move};
    });
    trail_.push_back(std::move(steps));
    std::swap(beam_, next);
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
  Team& team_;
  const int threads_;
  std::vector<Stats> thread_stats_;
  std::vector<State> beam_;
  std::vector<std::vector<Step>> trail_;  // per level: how each beam state was reached
  // Buffers kept across levels (see best_children()).
  std::vector<std::vector<Child>> parts_;
  std::vector<std::vector<std::vector<Child>>> split_;
  std::vector<std::vector<Child>> buckets_;
  std::vector<State> next_;
};

// The moves from `root` to a goal, or nothing when the beam runs dry or the budget stops it.
// score(state, scratch) ranks a child that is neither a goal nor pruned (higher is better); it is
// called from several threads at once, each handing it a vector of moves of its own to use as
// scratch (a thread_local there would cost a guard check per child). The budget is asked before
// each level whether one more node is affordable, and charged with each level's nodes after it (so
// the beam overshoots a node limit by at most one level). Each level is expanded by `threads`
// threads; the first goal in (parent, move) order wins, duplicates are merged keeping the child of
// the lowest-ranked parent, and ties in score are broken by key, so the beam and its answer do not
// depend on the thread count. The levels run on `team` (search/team.hpp), whose idle members join
// each loop.
template <BeamProblem P, class Score>
std::optional<std::vector<typename P::Move>> beam_search(const P& problem, typename P::State root,
                                                         size_t width, const Score& score,
                                                         Team& team, Stats& stats, Budget& budget) {
  return BeamSearch<P, Score>(problem, width, score, team).run(std::move(root), stats, budget);
}

// The same on a team of its own of `threads` threads.
template <BeamProblem P, class Score>
std::optional<std::vector<typename P::Move>> beam_search(const P& problem, typename P::State root,
                                                         size_t width, const Score& score,
                                                         int threads, Stats& stats,
                                                         Budget& budget) {
  Team team(threads);
  return beam_search(problem, std::move(root), width, score, team, stats, budget);
}

}  // namespace bs::search
