// The one budget every search spends from (search/budget.hpp): limits compose, the first to fire
// is the reason, and a child budget stops at the first of its own limits and its parent's.
#include "search/budget.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace {

using bs::StopReason;
using bs::search::Budget;
using bs::search::Limits;

TEST(Budget, FirstReasonWins) {
  Budget b;
  b.trigger(StopReason::time_limit);
  b.trigger(StopReason::node_limit);
  EXPECT_TRUE(b.stopped());
  EXPECT_EQ(b.reason(), StopReason::time_limit);
}

TEST(Budget, NoLimitsNeverStops) {
  Budget b;
  uint64_t unpublished = 0;
  for (int i = 0; i < 100000; ++i) ASSERT_FALSE(b.poll(unpublished));
  EXPECT_FALSE(b.check());
  EXPECT_EQ(b.nodes_left(), Budget::kUnlimited);
  EXPECT_EQ(b.seconds_left(), std::numeric_limits<double>::infinity());
}

TEST(Budget, SmallNodeLimitIsNotRoundedUp) {
  Budget b(Limits{.nodes = 10});
  uint64_t unpublished = 0;
  int polls = 0;
  while (!b.poll(unpublished)) ++polls;
  EXPECT_EQ(polls, 10);  // the 11th node would exceed the limit
  EXPECT_EQ(b.reason(), StopReason::node_limit);
}

TEST(Budget, StepStopsAtExactlyTheNodeLimit) {
  Budget b(Limits{.nodes = 5000});  // above kPollEvery: poll() would round it, step() does not
  int steps = 0;
  while (!b.step()) ++steps;
  EXPECT_EQ(steps, 5000);
  EXPECT_EQ(b.reason(), StopReason::node_limit);
}

TEST(Budget, CheckAsksWhetherOneMoreNodeIsAffordable) {
  Budget b(Limits{.nodes = 100});
  b.add(99);
  EXPECT_FALSE(b.check(1));
  EXPECT_EQ(b.nodes_left(), 1u);
  b.add(1);
  EXPECT_EQ(b.nodes_left(), 0u);
  EXPECT_TRUE(b.check(1));
  EXPECT_EQ(b.reason(), StopReason::node_limit);
}

TEST(Budget, TimeLimitIsTheReason) {
  Budget b(Limits{.nodes = 1u << 30, .seconds = 0.01});
  EXPECT_GT(b.seconds_left(), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_LT(b.seconds_left(), 0);
  EXPECT_TRUE(b.check());
  EXPECT_EQ(b.reason(), StopReason::time_limit);
}

TEST(Budget, AnAstronomicalTimeLimitIsNone) {
  Budget b(Limits{.seconds = 1e20});  // nanoseconds past 64 bits: must not wrap into the past
  EXPECT_FALSE(b.check());
  EXPECT_EQ(b.seconds_left(), std::numeric_limits<double>::infinity());
}

TEST(Budget, TheFirstLimitToFireIsTheReason) {
  // Nodes run out long before a minute does.
  Budget by_nodes(Limits{.nodes = 3000, .seconds = 60});
  uint64_t unpublished = 0;
  while (!by_nodes.poll(unpublished)) {
  }
  EXPECT_EQ(by_nodes.reason(), StopReason::node_limit);
  // A cancel raised before any node: the cancel, though the node limit follows soon after.
  std::atomic<bool> cancel{true};
  Budget by_cancel(Limits{.nodes = 3000, .cancel = &cancel});
  unpublished = 0;
  int polls = 0;
  while (!by_cancel.poll(unpublished)) ++polls;
  EXPECT_EQ(by_cancel.reason(), StopReason::cancelled);
  EXPECT_LT(polls, 3000);
}

TEST(Budget, ChildTakesTheLesserNodeLimitAndOwnsATie) {
  Budget whole(Limits{.nodes = 1000});
  whole.add(400);
  {
    Budget round(Limits{.nodes = 100}, &whole);  // its own limit is the lesser
    EXPECT_EQ(round.nodes_left(), 100u);
    round.add(101);
    EXPECT_TRUE(round.check());
    EXPECT_EQ(round.reason(), StopReason::node_limit);
    EXPECT_FALSE(whole.stopped());  // the round ran out, not the run
  }
  {
    Budget tie(Limits{.nodes = 600}, &whole);  // equal to what is left: the round's own
    tie.add(601);
    EXPECT_TRUE(tie.check());
    EXPECT_FALSE(whole.stopped());
  }
  Budget rest(Limits{.nodes = 5000}, &whole);  // the parent has only 600 left
  EXPECT_EQ(rest.nodes_left(), 600u);
  uint64_t unpublished = 0;
  uint64_t polls = 0;
  while (!rest.poll(unpublished)) ++polls;
  EXPECT_GE(polls, 600u);
  EXPECT_LT(polls, 600u + Budget::kPollEvery);
  EXPECT_EQ(rest.reason(), StopReason::node_limit);
  EXPECT_TRUE(whole.stopped());  // an inherited limit is the parent's: the whole run is out
  EXPECT_EQ(whole.reason(), StopReason::node_limit);
}

TEST(Budget, ChildInheritsTheParentsDeadline) {
  Budget whole(Limits{.seconds = 0.01});
  Budget round(Limits{.nodes = 1u << 30}, &whole);
  EXPECT_LE(round.seconds_left(), whole.seconds_left() + 1e-3);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(round.check());
  EXPECT_EQ(round.reason(), StopReason::time_limit);
  EXPECT_TRUE(whole.stopped());
  EXPECT_EQ(whole.reason(), StopReason::time_limit);
}

TEST(Budget, ChildsOwnEarlierDeadlineLeavesTheParentRunning) {
  Budget whole(Limits{.seconds = 60});
  Budget round(Limits{.seconds = 0.01}, &whole);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(round.check());
  EXPECT_EQ(round.reason(), StopReason::time_limit);
  EXPECT_FALSE(whole.stopped());
}

TEST(Budget, ChildSeesTheParentsCancelAndStop) {
  std::atomic<bool> cancel{false};
  Budget whole(Limits{.cancel = &cancel});
  Budget round(Limits{}, &whole);
  Budget grandchild(Limits{}, &round);
  EXPECT_FALSE(grandchild.check());
  cancel = true;
  EXPECT_TRUE(grandchild.check());
  EXPECT_EQ(grandchild.reason(), StopReason::cancelled);
  EXPECT_EQ(whole.reason(), StopReason::cancelled);

  Budget other;
  Budget child(Limits{}, &other);
  other.trigger(StopReason::solution);  // someone stopped the parent: the child follows
  EXPECT_TRUE(child.check());
  EXPECT_EQ(child.reason(), StopReason::solution);
}

TEST(Budget, ChildOfAnExhaustedParentStopsAtOnce) {
  Budget whole(Limits{.nodes = 10});
  whole.add(10);
  Budget round(Limits{.nodes = 100}, &whole);
  EXPECT_EQ(round.nodes_left(), 0u);
  EXPECT_TRUE(round.step());
  EXPECT_EQ(round.reason(), StopReason::node_limit);
  EXPECT_TRUE(whole.stopped());
}

}  // namespace
