// The generic beam search (search/beam.hpp) on a toy problem: walk from 0 to a target by steps of
// 1, 2 or 5, never past it. It finds a path, spends from its budget and says when it ran out.
#include "search/beam.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <tuple>
#include <vector>

namespace {

struct Walk {
  using State = uint64_t;
  using Move = uint32_t;  // the step
  uint64_t target;
  bool is_goal(const State& s) const { return s == target; }
  bool prune(const State& s, bs::search::Stats&) const { return s > target; }
  void moves(const State&, std::vector<Move>& out) const { out.insert(out.end(), {1, 2, 5}); }
  void apply(State& s, Move m) const { s += m; }
  void undo(State& s, Move m) const { s -= m; }
  uint64_t key(const State& s) const { return s; }
};

// Nearer the target is better.
int closeness(uint64_t s, std::vector<uint32_t>&) {
  return -static_cast<int>(1000 - s);
}

TEST(Beam, FindsAPathToTheGoal) {
  bs::search::Stats stats;
  bs::search::Budget budget;
  const auto path = bs::search::beam_search(Walk{1000}, 0, 2, closeness, 1, stats, budget);
  ASSERT_TRUE(path.has_value());
  EXPECT_EQ(std::accumulate(path->begin(), path->end(), uint64_t{0}), 1000u);
  EXPECT_EQ(path->size(), 200u);  // five at a time, the best score at every level
  EXPECT_GT(stats.nodes, 0u);
  EXPECT_FALSE(budget.stopped());
}

TEST(BeamParallel, SameAnswerOnAnyThreadCount) {
  bs::search::Stats one_stats, two_stats;
  bs::search::Budget one_budget, two_budget;
  const auto one = bs::search::beam_search(Walk{97}, 0, 8, closeness, 1, one_stats, one_budget);
  const auto two = bs::search::beam_search(Walk{97}, 0, 8, closeness, 2, two_stats, two_budget);
  ASSERT_TRUE(one.has_value());
  EXPECT_EQ(one, two);
  EXPECT_EQ(one_stats.nodes, two_stats.nodes);
}

TEST(Beam, StopsWhenItsBudgetRunsOut) {
  bs::search::Budget whole(bs::search::Limits{.nodes = 30});
  bs::search::Budget beam_budget({}, &whole);  // all the whole run has left
  bs::search::Stats stats;
  const auto path = bs::search::beam_search(Walk{1000}, 0, 2, closeness, 1, stats, beam_budget);
  EXPECT_FALSE(path.has_value());
  EXPECT_EQ(beam_budget.reason(), bs::StopReason::node_limit);
  EXPECT_TRUE(whole.stopped());      // the limit was the whole run's
  EXPECT_GE(stats.nodes, 30u);       // a level ends past the limit
  EXPECT_LT(stats.nodes, 30u + 6u);  // by at most one level: 2 states x 3 moves
  EXPECT_EQ(beam_budget.nodes(), stats.nodes);
}

// The beam against a plain one written out here: every level sorted whole, duplicates merged to
// the child of the least (parent, move), the best `width` by score with ties to the least key,
// kept in key order. Scores with many ties and children with many duplicates, on 1 to 4 threads.
struct Hop {
  using State = uint64_t;
  using Move = uint32_t;
  uint64_t target;
  bool is_goal(const State& s) const { return s == target; }
  bool prune(const State& s, bs::search::Stats&) const { return s > target; }
  void moves(const State&, std::vector<Move>& out) const { out.insert(out.end(), {1, 2, 3, 5, 7}); }
  void apply(State& s, Move m) const { s += m; }
  void undo(State& s, Move m) const { s -= m; }
  uint64_t key(const State& s) const { return s * 0x9e3779b97f4a7c15ULL >> 20 | 1; }
};

int few_scores(uint64_t s, std::vector<uint32_t>&) {
  return static_cast<int>(s % 5);  // five scores: ties everywhere
}

std::optional<std::vector<uint32_t>> plain_beam(const Hop& p, size_t width, uint64_t& nodes) {
  struct Child {
    uint64_t key;
    uint32_t parent, move;
    int score;
  };
  std::vector<uint64_t> beam{0};
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> trail;  // (parent, move) per level
  std::vector<uint32_t> scratch;
  bs::search::Stats stats;
  while (!beam.empty()) {
    std::vector<Child> children;
    std::optional<std::pair<uint32_t, uint32_t>> goal;  // (parent, move)
    for (uint32_t i = 0; i < beam.size(); ++i) {
      std::vector<uint32_t> moves;
      p.moves(beam[i], moves);
      for (uint32_t m : moves) {
        uint64_t s = beam[i];
        p.apply(s, m);
        ++nodes;
        if (p.is_goal(s)) {  // the first goal in (parent, move) order: moves come in order
          if (!goal) goal = std::pair{i, m};
        } else if (!p.prune(s, stats)) {
          children.push_back({p.key(s), i, m, few_scores(s, scratch)});
        }
      }
    }
    if (goal) {  // the whole level is expanded (and counted) first, as the engine does
      std::vector<uint32_t> path{goal->second};
      for (size_t level = trail.size(), at = goal->first; level > 0; --level) {
        path.insert(path.begin(), trail[level - 1][at].second);
        at = trail[level - 1][at].first;
      }
      return path;
    }
    std::sort(children.begin(), children.end(), [](const Child& a, const Child& b) {
      return std::tie(a.key, a.parent, a.move) < std::tie(b.key, b.parent, b.move);
    });
    children.erase(std::unique(children.begin(), children.end(),
                               [](const Child& a, const Child& b) { return a.key == b.key; }),
                   children.end());
    if (children.size() > width) {
      std::sort(children.begin(), children.end(), [](const Child& a, const Child& b) {
        return a.score != b.score ? a.score > b.score : a.key < b.key;
      });
      children.resize(width);
      std::sort(children.begin(), children.end(),
                [](const Child& a, const Child& b) { return a.key < b.key; });
    }
    std::vector<uint64_t> next;
    std::vector<std::pair<uint32_t, uint32_t>> steps;
    for (const Child& c : children) {
      uint64_t s = beam[c.parent];
      p.apply(s, c.move);
      next.push_back(s);
      steps.emplace_back(c.parent, c.move);
    }
    trail.push_back(std::move(steps));
    beam = std::move(next);
  }
  return std::nullopt;
}

TEST(BeamParallel, KeepsWhatAPlainBeamKeeps) {
  for (uint64_t target : {40u, 97u, 400u}) {
    for (size_t width : {3u, 10u, 64u}) {
      uint64_t plain_nodes = 0;
      const auto plain = plain_beam(Hop{target}, width, plain_nodes);
      for (int threads : {1, 2, 4}) {
        bs::search::Stats stats;
        bs::search::Budget budget;
        const auto path =
            bs::search::beam_search(Hop{target}, 0, width, few_scores, threads, stats, budget);
        EXPECT_EQ(path, plain) << target << " width " << width << ", " << threads << " threads";
        EXPECT_EQ(stats.nodes, plain_nodes) << target << " width " << width;
      }
    }
  }
}

}  // namespace
