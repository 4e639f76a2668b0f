// The generic engine on a toy problem with a brute-force oracle: place n non-attacking queens.
// Counting must match a plain permutation enumeration, the first solution must not depend on the
// thread count, and each stop condition must fire and say so.
#include "search/dfs.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>

#include "search/transposition_table.hpp"
#include "tests/sample_size.hpp"

namespace {

using bs::search::DfsConfig;
using bs::search::Stats;

struct Queens {
  int n;
  using Move = int;  // column of the queen in the next row
  struct State {
    std::vector<int> cols;
  };
  bool is_goal(const State& s) const { return static_cast<int>(s.cols.size()) == n; }
  bool prune(const State&, Stats&) const { return false; }
  void moves(const State& s, std::vector<Move>& out) const {
    const int r = static_cast<int>(s.cols.size());
    for (int c = 0; c < n; ++c) {
      bool ok = true;
      for (int i = 0; i < r && ok; ++i) ok = s.cols[i] != c && std::abs(s.cols[i] - c) != r - i;
      if (ok) out.push_back(c);
    }
  }
  void apply(State& s, Move m) const { s.cols.push_back(m); }
  void undo(State& s, Move) const { s.cols.pop_back(); }
};

uint64_t brute_force_queens(int n) {
  std::vector<int> p(n);
  std::iota(p.begin(), p.end(), 0);
  uint64_t count = 0;
  do {
    bool ok = true;
    for (int i = 0; i < n && ok; ++i)
      for (int j = i + 1; j < n && ok; ++j) ok = std::abs(p[i] - p[j]) != j - i;
    count += ok;
  } while (std::next_permutation(p.begin(), p.end()));
  return count;
}

TEST(Dfs, CountsMatchBruteForce) {
  for (int n = 1; n <= 8; ++n) {
    DfsConfig cfg;
    cfg.count = true;
    const auto out = bs::search::depth_first(Queens{n}, Queens::State{}, cfg);
    EXPECT_EQ(out.solutions, brute_force_queens(n)) << "n=" << n;
    EXPECT_EQ(out.stop, bs::StopReason::exhausted);  // a count ends when the tree does
  }
}

TEST(DfsParallel, CountsMatchSerial) {
  for (int n = 4; n <= 9; ++n) {
    for (int depth : {0, 1, 3, 5}) {
      DfsConfig cfg;
      cfg.count = true;
      cfg.threads = 2;
      cfg.spawn_depth = depth;
      const auto out = bs::search::depth_first(Queens{n}, Queens::State{}, cfg);
      EXPECT_EQ(out.solutions, brute_force_queens(n)) << "n=" << n << " depth=" << depth;
    }
  }
}

TEST(DfsParallel, FirstSolutionIsTheSerialOne) {
  for (int n = 4; n <= 10; ++n) {
    DfsConfig serial;
    const auto a = bs::search::depth_first(Queens{n}, Queens::State{}, serial);
    ASSERT_TRUE(a.found);
    for (int rep = 0; rep < 5; ++rep) {
      DfsConfig par;
      par.threads = 2;
      par.spawn_depth = rep % 4;  // 0: the root alone, shared by donation
      const auto b = bs::search::depth_first(Queens{n}, Queens::State{}, par);
      ASSERT_TRUE(b.found);
      EXPECT_EQ(a.path, b.path) << "n=" << n;
      EXPECT_EQ(b.stop, bs::StopReason::solution);
    }
  }
}

// Binary strings of length `depth`, built bit by bit, 0 tried first. The goals are the last leaf
// of the 0-subtree (0111...1) and every leaf of the 1-subtree. So the serial DFS's first solution
// sits at the very end of the first half of the tree, while a second thread reaches a goal of the
// second half at its first leaf, long before. Queens cannot show an engine that returns the first
// solution found instead of the first in DFS order: there the first subtree usually wins anyway.
struct LateFirstGoal {
  int depth;
  using Move = int;
  struct State {
    std::vector<int> bits;
  };
  bool is_goal(const State& s) const {
    if (static_cast<int>(s.bits.size()) != depth) return false;
    return s.bits[0] == 1 || std::all_of(s.bits.begin() + 1, s.bits.end(), [](int b) { return b; });
  }
  bool prune(const State&, Stats&) const { return false; }
  void moves(const State& s, std::vector<Move>& out) const {
    if (static_cast<int>(s.bits.size()) < depth) out.insert(out.end(), {0, 1});
  }
  void apply(State& s, Move m) const { s.bits.push_back(m); }
  void undo(State& s, Move) const { s.bits.pop_back(); }
};

TEST(DfsParallel, FirstSolutionInDfsOrderNotTheFirstFound) {
  const int depth = 18;  // 2^17 leaves before the serial DFS's first goal
  std::vector<int> first(depth, 1);
  first[0] = 0;
  const auto serial = bs::search::depth_first(LateFirstGoal{depth}, LateFirstGoal::State{}, {});
  ASSERT_TRUE(serial.found);
  ASSERT_EQ(serial.path, first);
  for (int spawn = 0; spawn <= 4; ++spawn) {
    DfsConfig par;
    par.threads = 2;
    par.spawn_depth = spawn;
    const auto out = bs::search::depth_first(LateFirstGoal{depth}, LateFirstGoal::State{}, par);
    ASSERT_TRUE(out.found);
    EXPECT_EQ(out.path, first) << "spawn_depth=" << spawn;
    EXPECT_EQ(out.stop, bs::StopReason::solution);
  }
}

// A lopsided tree for donation: the root's second move is a dead leaf, its first a full binary
// tree of `depth` levels below it. The goals are the leaf 0 0 1 1 ... 1 (the end of the first
// quarter of the big subtree) and every leaf under 0 1 (its second quarter). With a frontier of
// the root's two moves, one thread gets the dead leaf at once and then waits; the other must hand
// it part of the big subtree, and the part it hands over (0 1, the shallowest untried move)
// holds goals that come after the serial first one but are found long before it.
struct Lopsided {
  int depth;
  using Move = int;
  struct State {
    std::vector<int> bits;
  };
  bool is_goal(const State& s) const {
    if (static_cast<int>(s.bits.size()) != depth + 1 || s.bits[0] != 0) return false;
    return s.bits[1] == 1 || (s.bits[2] == 0 && std::all_of(s.bits.begin() + 3, s.bits.end(),
                                                            [](int b) { return b; }));
  }
  bool prune(const State&, Stats&) const { return false; }
  void moves(const State& s, std::vector<Move>& out) const {
    const bool big = !s.bits.empty() && s.bits[0] == 0;
    if (s.bits.empty() || (big && static_cast<int>(s.bits.size()) <= depth))
      out.insert(out.end(), {0, 1});
  }
  void apply(State& s, Move m) const { s.bits.push_back(m); }
  void undo(State& s, Move) const { s.bits.pop_back(); }
};

TEST(DfsParallel, AnIdleThreadIsGivenWorkAndAnswersStayTheSerialOnes) {
  // About 2^21 nodes (2^19 under a sanitizer): long enough for the second thread to wait.
  const int depth = bs::test::kSanitized ? 18 : 20;
  std::vector<int> first(depth + 1, 1);
  first[0] = first[1] = first[2] = 0;
  const uint64_t goals = (uint64_t{1} << (depth - 1)) + 1;
  DfsConfig par;
  par.threads = 2;
  par.spawn_depth = 1;
  const auto found = bs::search::depth_first(Lopsided{depth}, Lopsided::State{}, par);
  ASSERT_TRUE(found.found);
  EXPECT_EQ(found.path, first);
  EXPECT_EQ(found.stop, bs::StopReason::solution);
  par.count = true;
  const auto counted = bs::search::depth_first(Lopsided{depth}, Lopsided::State{}, par);
  EXPECT_EQ(counted.solutions, goals);
  EXPECT_EQ(counted.stop, bs::StopReason::exhausted);
  EXPECT_EQ(counted.path, first);  // the first solution of the lowest-ranked subtree
  // Every node is searched exactly once whoever searches it: the serial count's nodes, plus the
  // frontier's root entered during expansion.
  DfsConfig serial;
  serial.count = true;
  const auto one = bs::search::depth_first(Lopsided{depth}, Lopsided::State{}, serial);
  EXPECT_EQ(counted.stats.nodes, one.stats.nodes);
  // The second thread had a dead leaf and then nothing: it worked only if it was given work.
  if (omp_get_max_threads() >= 2) {
    EXPECT_GT(counted.stats.donated, 0u);
  }
}

// A comb too wide for the rank space: 300 moves at every level, where only move 0 lives on (the
// others die when entered), down to `depth`, where every leaf is a goal. 300^8 > 2^64, so the
// node at level 8 cannot divide its interval among its moves: the frontier keeps it whole (and
// never hands its moves over), and the answers and node counts stay those of one thread.
struct Comb {
  int depth;
  using Move = int;
  struct State {
    std::vector<int> moves;
  };
  bool propagate(State& s, Stats&) const {
    return s.moves.empty() || s.moves.back() == 0 || static_cast<int>(s.moves.size()) == depth;
  }
  bool is_goal(const State& s) const { return static_cast<int>(s.moves.size()) == depth; }
  bool prune(const State&, Stats&) const { return false; }
  void moves(const State& s, std::vector<Move>& out) const {
    if (static_cast<int>(s.moves.size()) < depth)
      for (int m = 0; m < 300; ++m) out.push_back(m);
  }
  void apply(State& s, Move m) const { s.moves.push_back(m); }
  void undo(State& s, Move) const { s.moves.pop_back(); }
};

TEST(DfsParallel, ATreeWiderThanTheRankSpaceKeepsItsAnswers) {
  const Comb comb{10};
  DfsConfig serial;
  serial.count = true;
  const auto one = bs::search::depth_first(comb, Comb::State{}, serial);
  ASSERT_EQ(one.solutions, 300u);
  DfsConfig par;
  par.threads = 2;
  par.spawn_depth = 12;
  par.count = true;
  const auto two = bs::search::depth_first(comb, Comb::State{}, par);
  EXPECT_EQ(two.solutions, 300u);
  EXPECT_EQ(two.path, one.path);
  EXPECT_EQ(two.stats.nodes, one.stats.nodes);
  par.count = false;
  const auto first = bs::search::depth_first(comb, Comb::State{}, par);
  ASSERT_TRUE(first.found);
  EXPECT_EQ(first.path, std::vector<int>(10, 0));
}

TEST(DfsParallel, CountLimitStopsAtTheLimit) {
  DfsConfig cfg;
  cfg.count = true;
  cfg.count_limit = 2;
  cfg.threads = 2;
  const auto out = bs::search::depth_first(Queens{10}, Queens::State{}, cfg);
  EXPECT_EQ(out.solutions, 2u);
  EXPECT_EQ(out.stop, bs::StopReason::solution);
  // The search itself stopped near the limit (the reported count is cut to it anyway): the goals
  // reached, uncut, are a few of the 724, and the nodes a small part of a full count's.
  EXPECT_LT(out.stats.goals, 20u);
  cfg.count_limit = 0;
  const auto full = bs::search::depth_first(Queens{10}, Queens::State{}, cfg);
  ASSERT_EQ(full.solutions, 724u);
  EXPECT_LT(out.stats.nodes * 4, full.stats.nodes);
}

// A one-thread count of the n-queens solutions, stopped by `limits`.
auto count_queens_within(int n, bs::search::Limits limits) {
  DfsConfig cfg;
  cfg.count = true;
  cfg.limits = limits;
  return bs::search::depth_first(Queens{n}, Queens::State{}, cfg);
}

TEST(Dfs, NodeLimitFiresAndSaysSo) {
  const auto out = count_queens_within(12, {.nodes = 5000});
  EXPECT_EQ(out.stop, bs::StopReason::node_limit);
  EXPECT_GE(out.stats.nodes, 5000u);
  EXPECT_LT(out.stats.nodes, 5000u + 2 * bs::search::Budget::kPollEvery);
}

// A limit below the polling interval is honoured, not rounded up to it: one thread stops at it
// exactly.
TEST(Dfs, SmallNodeLimitIsNotRoundedUp) {
  for (uint64_t limit : {1u, 10u, 100u, 1000u}) {
    const auto out = count_queens_within(12, {.nodes = limit});
    EXPECT_EQ(out.stop, bs::StopReason::node_limit) << limit;
    EXPECT_EQ(out.stats.nodes, limit);
  }
}

// A search run within a parent budget (a portfolio round within the whole run) stops at the
// first of its own node limit and what the parent has left; only the parent's limit stops the
// parent.
TEST(Dfs, ParentBudgetLimitsTheSearch) {
  bs::search::Budget whole(bs::search::Limits{.nodes = 700});
  DfsConfig cfg;
  cfg.count = true;
  cfg.parent = &whole;
  cfg.limits.nodes = 500;  // the round's own budget, below the 700 left
  const auto round = bs::search::depth_first(Queens{12}, Queens::State{}, cfg);
  EXPECT_EQ(round.stop, bs::StopReason::node_limit);
  EXPECT_EQ(round.stats.nodes, 500u);
  EXPECT_FALSE(whole.stopped());
  whole.add(round.stats.nodes);
  const auto last = bs::search::depth_first(Queens{12}, Queens::State{}, cfg);
  EXPECT_EQ(last.stop, bs::StopReason::node_limit);
  EXPECT_EQ(last.stats.nodes, 200u);  // what the whole run had left
  EXPECT_TRUE(whole.stopped());
  EXPECT_EQ(whole.reason(), bs::StopReason::node_limit);
}

TEST(DfsParallel, ParentCancelStopsTheSearch) {
  std::atomic<bool> cancel{true};
  bs::search::Budget whole(bs::search::Limits{.cancel = &cancel});
  DfsConfig cfg;
  cfg.count = true;
  cfg.threads = 2;
  cfg.parent = &whole;
  const auto out = bs::search::depth_first(Queens{14}, Queens::State{}, cfg);
  EXPECT_EQ(out.stop, bs::StopReason::cancelled);
  EXPECT_LT(out.solutions, 365596u);
}

TEST(Dfs, TimeLimitFiresAndSaysSo) {
  const auto out = count_queens_within(16, {.seconds = 0.05});
  EXPECT_EQ(out.stop, bs::StopReason::time_limit);
  EXPECT_LT(out.seconds, 2.0);
}

TEST(DfsParallel, ExternalCancelFiresAndSaysSo) {
  std::atomic<bool> cancel{true};
  DfsConfig cfg;
  cfg.count = true;
  cfg.threads = 2;
  cfg.limits.cancel = &cancel;
  const auto out = bs::search::depth_first(Queens{14}, Queens::State{}, cfg);
  EXPECT_EQ(out.stop, bs::StopReason::cancelled);
  // Raised by another thread while the search runs: the 365,596 solutions of 14 queens take
  // seconds to count, the cancel comes after 20 ms, and the search stops soon after it.
  cancel = false;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    cancel = true;
  });
  const auto start = std::chrono::steady_clock::now();
  const auto mid = bs::search::depth_first(Queens{14}, Queens::State{}, cfg);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  canceller.join();
  EXPECT_EQ(mid.stop, bs::StopReason::cancelled);
  EXPECT_GT(mid.stats.nodes, 0u);
  EXPECT_LT(mid.solutions, 365596u);
  EXPECT_LT(seconds, 5.0);
}

TEST(DeadTable, StoresExactKeysAndNeverInventsOne) {
  bs::search::DeadTable t(1);
  for (uint64_t k = 1; k <= 1000; ++k) t.insert(k * 7919);
  for (uint64_t k = 1; k <= 1000; ++k) EXPECT_TRUE(t.contains(k * 7919));
  for (uint64_t k = 1; k <= 1000; ++k) EXPECT_FALSE(t.contains(k * 7919 + 1));
  EXPECT_FALSE(t.insert(0));
  EXPECT_FALSE(t.contains(0));
}

TEST(DeadTableParallel, ConcurrentInsertsNeverCorrupt) {
  bs::search::DeadTable t(1);  // 131072 slots; both OpenMP threads insert the same 40000 keys
  std::vector<std::vector<char>> stored(2, std::vector<char>(40001, 0));
#pragma omp parallel num_threads(2)
  {
    auto& mine = stored[omp_get_thread_num()];
    for (uint64_t k = 1; k <= 40000; ++k) mine[k] = t.insert(k * 2654435761ULL);
  }
  uint64_t found = 0;
  for (uint64_t k = 1; k <= 40000; ++k) {
    const bool in = t.contains(k * 2654435761ULL);
    found += in;
    // Exactly one of the racing inserts says it stored a key the table holds; none, one dropped.
    EXPECT_EQ(stored[0][k] + stored[1][k], in ? 1 : 0) << k;
  }
  EXPECT_GT(found, 39000u);  // a full probe window may drop a few; never a wrong key:
  for (uint64_t k = 1; k <= 40000; ++k) EXPECT_FALSE(t.contains(k * 2654435761ULL + 1));
}

// Split budgets (DfsConfig::split_subtrees): with no limit the count is the whole count; with a
// count limit, a node limit or both, every field of the outcome but the node counts is the same on
// 1 and 2 threads, run after run; and the kept paths are the first solutions in DFS order of the
// subtrees, which the serial unsplit count of each subtree's own shares would also keep.
DfsConfig split_config(int threads, uint64_t count_limit, uint64_t node_limit) {
  DfsConfig cfg;
  cfg.count = true;
  cfg.count_limit = count_limit;
  cfg.keep_paths = 4;
  cfg.limits.nodes = node_limit;
  cfg.split_subtrees = 8;
  cfg.threads = threads;
  return cfg;
}

TEST(DfsSplit, CountsEverythingWithoutLimits) {
  for (int n = 4; n <= 9; ++n)
    for (int threads : {1, 2}) {
      const auto out =
          bs::search::depth_first(Queens{n}, Queens::State{}, split_config(threads, 0, 0));
      EXPECT_EQ(out.solutions, brute_force_queens(n)) << "n=" << n;
      EXPECT_EQ(out.stop, bs::StopReason::exhausted);
      // Split into subtrees whatever spawn_depth says (the parallel DFS's default expands none).
      if (n >= 6) {
        EXPECT_GE(out.stats.tasks, 8u) << "n=" << n;
      }
    }
}

// Named Parallel for the ThreadSanitizer stage, which runs a fifth of the orders.
TEST(DfsSplitParallel, OutcomeDoesNotDependOnTheThreads) {
  for (int n = 10 - bs::test::samples(5) + 1; n <= 10; ++n)
    for (uint64_t count_limit : {0, 1, 3, 7})
      for (uint64_t node_limit : {0, 40, 400, 4000}) {
        const auto serial = bs::search::depth_first(Queens{n}, Queens::State{},
                                                    split_config(1, count_limit, node_limit));
        for (int rep = 0; rep < 3; ++rep) {
          const auto par = bs::search::depth_first(Queens{n}, Queens::State{},
                                                   split_config(2, count_limit, node_limit));
          const std::string where = "n=" + std::to_string(n) +
                                    " limit=" + std::to_string(count_limit) +
                                    " nodes=" + std::to_string(node_limit);
          EXPECT_EQ(par.solutions, serial.solutions) << where;
          EXPECT_EQ(par.stop, serial.stop) << where;
          EXPECT_EQ(par.kept, serial.kept) << where;
        }
      }
}

// A cancel (or a time limit) that stops a subtree leaves it unfinished: the outcome says so
// rather than claiming the tree was searched.
TEST(DfsSplitParallel, ACancelIsTheStopReasonNotExhausted) {
  const std::atomic<bool> cancel{true};
  DfsConfig cfg = split_config(2, 0, 0);
  cfg.limits.cancel = &cancel;
  const auto out = bs::search::depth_first(Queens{10}, Queens::State{}, cfg);
  EXPECT_EQ(out.stop, bs::StopReason::cancelled);
  EXPECT_LT(out.solutions, brute_force_queens(10));
}

TEST(DfsSplitParallel, KeptPathsAreSolutionsAndLimitsSaySo) {
  // 10 queens: 724 solutions, far more than the nodes allowed here, so the node share stops it.
  const auto cut = bs::search::depth_first(Queens{10}, Queens::State{}, split_config(2, 0, 80));
  EXPECT_EQ(cut.stop, bs::StopReason::node_limit);
  EXPECT_LT(cut.solutions, brute_force_queens(10));
  const auto capped = bs::search::depth_first(Queens{10}, Queens::State{}, split_config(2, 3, 0));
  EXPECT_EQ(capped.stop, bs::StopReason::solution);
  EXPECT_EQ(capped.solutions, 3u);
  ASSERT_EQ(capped.kept.size(), 3u);
  // The kept paths are the first three of the serial, unsplit DFS: the first subtrees in rank
  // order hold them.
  DfsConfig plain;
  plain.count = true;
  plain.count_limit = 3;
  plain.keep_paths = 3;
  const auto serial = bs::search::depth_first(Queens{10}, Queens::State{}, plain);
  EXPECT_EQ(capped.kept, serial.kept);
  for (const auto& path : capped.kept) EXPECT_TRUE(Queens{10}.is_goal(Queens::State{path}));
  // Without kept paths, the outcome's path is still the first solution in rank order.
  DfsConfig no_keep = split_config(2, 3, 0);
  no_keep.keep_paths = 0;
  const auto bare = bs::search::depth_first(Queens{10}, Queens::State{}, no_keep);
  ASSERT_TRUE(bare.found);
  EXPECT_EQ(bare.path, serial.kept.front());
}

}  // namespace

namespace {

// Regression: the accounting after a finished search once re-checked the limits, so a search
// that ended exactly at its node limit was reported as stopped by it.
TEST(Dfs, ASearchThatFinishesWithinItsLimitIsExhausted) {
  DfsConfig free;
  free.count = true;
  const auto all = bs::search::depth_first(Queens{6}, Queens::State{}, free);
  ASSERT_EQ(all.stop, bs::StopReason::exhausted);
  DfsConfig tight = free;
  tight.limits.nodes = all.stats.nodes;  // exactly enough
  const auto out = bs::search::depth_first(Queens{6}, Queens::State{}, tight);
  EXPECT_EQ(out.stop, bs::StopReason::exhausted);
  EXPECT_EQ(out.solutions, all.solutions);
}

}  // namespace
