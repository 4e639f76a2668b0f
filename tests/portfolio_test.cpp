// The generic restart portfolio (search/portfolio.hpp): members take turns with a node budget
// that grows each round, a round ends with its closing step, and the portfolio ends when a turn
// says so or the whole budget is spent.
#include "search/portfolio.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using bs::search::Budget;
using bs::search::Limits;
using bs::search::Restarts;
using bs::search::run_restarts;

TEST(Portfolio, MembersTakeTurnsWithGrowingBudgets) {
  Budget whole;
  std::vector<std::string> log;
  const int rounds = run_restarts(
      2, Restarts{.first_nodes = 100, .growth = 3}, whole,
      [&](size_t k, int round, uint64_t nodes) {
        log.push_back(std::to_string(round) + ":" + std::to_string(k) + ":" +
                      std::to_string(nodes));
        return !(round == 3 && k == 1);  // the second member decides in the third round
      },
      [&](int round, uint64_t nodes) {
        log.push_back(std::to_string(round) + ":end:" + std::to_string(nodes));
        return true;
      });
  EXPECT_EQ(rounds, 3);
  EXPECT_EQ(log, (std::vector<std::string>{"1:0:100", "1:1:100", "1:end:100", "2:0:300", "2:1:300",
                                           "2:end:300", "3:0:900", "3:1:900"}));
}

TEST(Portfolio, RoundEndCanDecide) {
  Budget whole;
  int turns = 0;
  const int rounds = run_restarts(
      3, Restarts{.first_nodes = 10}, whole, [&](size_t, int, uint64_t) { return ++turns > 0; },
      [&](int round, uint64_t) { return round < 2; });
  EXPECT_EQ(rounds, 2);
  EXPECT_EQ(turns, 6);
}

TEST(Portfolio, EndsWhenTheWholeBudgetIsSpent) {
  Budget whole(Limits{.nodes = 250});
  std::vector<uint64_t> budgets;
  const int rounds = run_restarts(
      1, Restarts{.first_nodes = 100, .growth = 2}, whole,
      [&](size_t, int, uint64_t nodes) {
        // A turn spends what the whole run has left, up to its budget.
        Budget turn(Limits{.nodes = nodes}, &whole);
        budgets.push_back(turn.nodes_left());
        whole.add(turn.nodes_left());
        return true;
      },
      [](int, uint64_t) { return true; });
  EXPECT_EQ(budgets, (std::vector<uint64_t>{100, 150}));
  EXPECT_EQ(rounds, 3);  // the third round begins and finds nothing left
  EXPECT_TRUE(whole.stopped());
  EXPECT_EQ(whole.reason(), bs::StopReason::node_limit);
}

TEST(Portfolio, BudgetGrowthStopsAtItsCap) {
  Budget whole;
  std::vector<uint64_t> budgets;
  run_restarts(
      1, Restarts{.first_nodes = 3, .growth = 10, .max_nodes = 500}, whole,
      [&](size_t, int, uint64_t nodes) {
        budgets.push_back(nodes);
        return budgets.size() < 5;
      },
      [](int, uint64_t) { return true; });
  EXPECT_EQ(budgets, (std::vector<uint64_t>{3, 30, 300, 500, 500}));
}

}  // namespace
