// The generic beam search (search/beam.hpp) on a toy problem: walk from 0 to a target by steps of
// 1, 2 or 5, never past it. It finds a path, spends from its budget and says when it ran out.
#include "search/beam.hpp"

#include <gtest/gtest.h>

#include <numeric>

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

}  // namespace
