// The generic restart portfolio (search/portfolio.hpp): members take turns with a node budget
// that grows each round, the portfolio ends at the first turn in serial order that says so, or when
// the whole budget is spent, and on more threads the counted turns, and what each saw, are those
// of one thread.
#include "search/portfolio.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using bs::search::Budget;
using bs::search::Limits;
using bs::search::PortfolioEnd;
using bs::search::Restarts;
using bs::search::run_portfolio;
using bs::search::Team;
using bs::search::Turn;
using bs::search::TurnEnd;

std::string name(const Turn& t) {
  return std::to_string(t.round) + ":" + std::to_string(t.member) + ":" + std::to_string(t.nodes);
}

// The turns counted by `end`, in serial order.
std::vector<std::string> counted(const std::vector<Turn>& turns, const PortfolioEnd& end) {
  std::vector<Turn> kept;
  for (const Turn& t : turns)
    if (end.counts(t.round, t.member)) kept.push_back(t);
  std::sort(kept.begin(), kept.end(), [](const Turn& a, const Turn& b) {
    return a.round != b.round ? a.round < b.round : a.member < b.member;
  });
  std::vector<std::string> names;
  for (const Turn& t : kept) names.push_back(name(t));
  return names;
}

TEST(PortfolioParallel, MembersTakeTurnsWithGrowingBudgets) {
  for (int threads : {1, 2, 3}) {
    Budget whole;
    Team team(threads);
    std::mutex m;
    std::vector<Turn> turns;
    const PortfolioEnd end = run_portfolio(
        2, Restarts{.first_nodes = 100, .growth = 3}, whole, team, [&](const Turn& t) {
          {
            std::lock_guard lock(m);
            turns.push_back(t);
          }
          // The second member decides in the third round.
          return t.round == 3 && t.member == 1 ? TurnEnd::end : TurnEnd::go_on;
        });
    EXPECT_TRUE(end.ended_by_turn);
    EXPECT_EQ(end.round, 3);
    EXPECT_EQ(end.member, 1u);
    EXPECT_EQ(counted(turns, end), (std::vector<std::string>{"1:0:100", "1:1:100", "2:0:300",
                                                             "2:1:300", "3:0:900", "3:1:900"}))
        << threads << " threads";
    if (threads == 1) {
      EXPECT_EQ(turns.size(), 6u);  // one thread never runs ahead
    }
  }
}

// A member whose turn r depends on its turn r - 1 sees the same past on any thread count, and the
// earliest deciding turn wins even when a later one, run ahead, decided first.
TEST(PortfolioParallel, SameAnswerAndPastOnAnyThreadCount) {
  std::vector<std::string> reference;
  for (int threads : {1, 2, 4}) {
    Budget whole;
    Team team(threads);
    std::mutex m;
    std::vector<Turn> turns;
    std::map<size_t, int> seen;  // each member's last round, as its own state
    std::vector<std::string> log;
    const PortfolioEnd end = run_portfolio(
        3, Restarts{.first_nodes = 1, .lookahead = 2}, whole, team, [&](const Turn& t) {
          // Member 2 is slow; member 0 decides in round 4, member 2 in round 3 (earlier).
          if (t.member == 2) std::this_thread::sleep_for(std::chrono::milliseconds(5));
          std::lock_guard lock(m);
          EXPECT_EQ(seen[t.member], t.round - 1) << "member " << t.member << " skipped a round";
          seen[t.member] = t.round;
          turns.push_back(t);
          const bool decides = (t.member == 0 && t.round == 4) || (t.member == 2 && t.round == 3);
          return decides ? TurnEnd::end : TurnEnd::go_on;
        });
    EXPECT_EQ(end.round, 3);
    EXPECT_EQ(end.member, 2u);
    const std::vector<std::string> names = counted(turns, end);
    EXPECT_EQ(names.size(), 9u);
    if (reference.empty()) reference = names;
    EXPECT_EQ(names, reference) << threads << " threads";
  }
}

// A turn begun ahead of the serial order is cancelled once an earlier turn ends the portfolio.
TEST(PortfolioParallel, TurnsRunAheadAreCancelled) {
  Budget whole;
  Team team(2);
  std::atomic<bool> cancelled{false};
  const PortfolioEnd end =
      run_portfolio(2, Restarts{.first_nodes = 1}, whole, team, [&](const Turn& t) {
        if (t.round == 1) return TurnEnd::go_on;
        if (t.member == 0) {  // decides in round 2, a little later than member 1 starts
          std::this_thread::sleep_for(std::chrono::milliseconds(20));
          return TurnEnd::end;
        }
        for (int i = 0; i < 2000 && !t.cancel->load(); ++i)  // waits for its cancel, up to 2 s
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        cancelled = t.cancel->load();
        return TurnEnd::go_on;
      });
  EXPECT_EQ(end.round, 2);
  EXPECT_EQ(end.member, 0u);
  EXPECT_TRUE(cancelled.load());
}

TEST(PortfolioParallel, EndsWhenTheWholeBudgetIsSpent) {
  for (int threads : {1, 2}) {
    Budget whole(Limits{.nodes = 250});
    Team team(threads);
    std::vector<uint64_t> budgets;
    const PortfolioEnd end = run_portfolio(1, Restarts{.first_nodes = 100, .growth = 2}, whole,
                                           team, [&](const Turn& t) {
                                             // A turn spends what the whole run has left, up to its
                                             // budget.
                                             Budget turn(Limits{.nodes = t.nodes}, &whole);
                                             budgets.push_back(turn.nodes_left());
                                             whole.add(turn.nodes_left());
                                             return TurnEnd::go_on;
                                           });
    EXPECT_EQ(budgets, (std::vector<uint64_t>{100, 150}));
    EXPECT_FALSE(end.ended_by_turn);
    EXPECT_EQ(end.round, 3);  // the third round begins and finds nothing left
    EXPECT_TRUE(whole.stopped());
    EXPECT_EQ(whole.reason(), bs::StopReason::node_limit);
  }
}

TEST(Portfolio, BudgetGrowthStopsAtItsCap) {
  Budget whole;
  Team team(1);
  std::vector<uint64_t> budgets;
  run_portfolio(1, Restarts{.first_nodes = 3, .growth = 10, .max_nodes = 500}, whole, team,
                [&](const Turn& t) {
                  budgets.push_back(t.nodes);
                  return budgets.size() < 5 ? TurnEnd::go_on : TurnEnd::end;
                });
  EXPECT_EQ(budgets, (std::vector<uint64_t>{3, 30, 300, 500, 500}));
}

// The team: a loop's every index runs once, on any size, and tasks run in rank order on one thread.
TEST(TeamParallel, LoopsCoverEveryIndexOnce) {
  for (int threads : {1, 2, 4}) {
    Team team(threads);
    std::vector<std::atomic<int>> hits(1000);
    team.parallel_for(hits.size(), 7, [&](int slot, size_t i) {
      EXPECT_LT(slot, threads);
      hits[i].fetch_add(1);
    });
    for (const auto& h : hits) EXPECT_EQ(h.load(), 1);
  }
}

// A loop body that throws: the loop stops, parallel_for rethrows, and the team still works.
TEST(TeamParallel, ALoopBodyThatThrowsIsRethrown) {
  for (int threads : {1, 2}) {
    Team team(threads);
    EXPECT_THROW(team.parallel_for(10000, 3,
                                   [](int, size_t i) {
                                     if (i == 5000) throw std::runtime_error("body");
                                   }),
                 std::runtime_error);
    std::atomic<size_t> sum{0};
    team.parallel_for(100, 3, [&](int, size_t i) { sum += i; });
    EXPECT_EQ(sum.load(), 4950u);
  }
}

// A turn that throws ends the portfolio, which rethrows once the other turns have ended.
TEST(PortfolioParallel, ATurnThatThrowsIsRethrown) {
  for (int threads : {1, 2}) {
    Budget whole;
    Team team(threads);
    EXPECT_THROW(run_portfolio(2, Restarts{.first_nodes = 1}, whole, team,
                               [](const Turn& t) {
                                 if (t.round == 3 && t.member == 1)
                                   throw std::runtime_error("turn");
                                 return TurnEnd::go_on;
                               }),
                 std::runtime_error);
  }
}

TEST(TeamParallel, OneThreadRunsTasksInRankOrder) {
  Team team(1);
  std::vector<int> order;
  for (int rank : {5, 1, 3}) team.post(rank, [&order, rank] { order.push_back(rank); });
  team.run_until([&] { return order.size() == 3; });
  EXPECT_EQ(order, (std::vector<int>{1, 3, 5}));
}

}  // namespace
