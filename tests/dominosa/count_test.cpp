// The component-decomposing counter (solvers/dominosa/count.hpp) against routes that share
// nothing with it: the brute-force enumeration of tests/dominosa/brute_force.hpp on small grids
// (planted ones, and shuffled ones that usually have no solution, where the cache's roll-back
// matters), the solver's plain counting DFS on orders 8-12, and itself under other rule sets and
// without its cache. The product rule is checked by grids that split, and the honesty of the
// result by limits that cut a count short and by a count past 64 bits.
#include "solvers/dominosa/count.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>

#include "puzzles/dominosa/random.hpp"
#include "solvers/dominosa/solver.hpp"
#include "tests/dominosa/brute_force.hpp"
#include "tests/sample_size.hpp"

using namespace bs;
using namespace bs::dominosa;

namespace {

Result count_with(const Instance& in, const std::string& counter, const std::string& rules,
                  const std::string& limit = "0") {
  Options o;
  o.set("count", "true");
  o.set("counter", counter);
  o.set("rules", rules);
  if (limit != "0") o.set("limit", limit);
  return solve(in, o);
}

// A grid with the numbers of a random planted one in another random order: a valid puzzle (each
// number n+2 times) that has no solution more often than not.
Instance shuffled_grid(int n, uint64_t seed) {
  Instance in = random_planted_grid(n, seed).instance;
  uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
  for (size_t i = in.numbers.size() - 1; i > 0; --i) {
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    std::swap(in.numbers[i], in.numbers[(x * 0x2545f4914f6cdd1dull) % (i + 1)]);
  }
  return in;
}

// The counter's count of `in` by every rule set the tests use, each checked against `expected`.
// Returns how many of the runs split a node into independent parts.
int expect_count(const Instance& in, size_t expected, const std::string& what) {
  int split = 0;
  for (const std::string rules : {"none", "cell-single,domino-single", "default"}) {
    const Result r = count_with(in, "components", rules);
    SCOPED_TRACE(what + ", rules " + rules);
    EXPECT_TRUE(r.count_complete);
    EXPECT_EQ(r.count_text, std::to_string(expected));
    EXPECT_EQ(r.solution_count, static_cast<int64_t>(expected));
    EXPECT_EQ(r.status, expected > 0 ? Status::solved : Status::infeasible);
    EXPECT_EQ(r.verified, expected > 0);  // the witness went through the verifier
    split += r.counter("splits") > 0;
  }
  return split;
}

}  // namespace

// The product rule is exercised here: counts of grids that split are checked against brute force.
TEST(DominosaCount, PlantedGridsMatchBruteForce) {
  int split = 0;
  for (int n = 2; n <= 5; ++n)
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(test::samples(10)); ++seed) {
      const Instance in = random_planted_grid(n, seed).instance;
      split += expect_count(in, test::brute_force_solutions(in).solutions.size(),
                            "order " + std::to_string(n) + " seed " + std::to_string(seed));
    }
  EXPECT_GT(split, 0);
}

TEST(DominosaCount, ShuffledGridsMatchBruteForce) {
  int without_solution = 0;
  for (int n = 2; n <= 5; ++n)
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(test::samples(15)); ++seed) {
      const Instance in = shuffled_grid(n, seed);
      const size_t expected = test::brute_force_solutions(in).solutions.size();
      without_solution += expected == 0;
      expect_count(in, expected,
                   "shuffled order " + std::to_string(n) + " seed " + std::to_string(seed));
    }
  EXPECT_GT(without_solution, 0);  // the infeasible path was taken
}

TEST(DominosaCount, EqualsTheCountingDfsOnOrdersEightToTwelve) {
  for (int n = 8; n <= 12; n += 2)
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      const Instance in = random_planted_grid(n, seed).instance;
      const Result dfs = count_with(in, "dfs", "default");
      const Result parts = count_with(in, "components", "default");
      SCOPED_TRACE("order " + std::to_string(n) + " seed " + std::to_string(seed));
      ASSERT_TRUE(dfs.count_complete);
      ASSERT_TRUE(parts.count_complete);
      EXPECT_EQ(parts.count_text, std::to_string(dfs.solution_count));
      EXPECT_GT(parts.counter("splits"), 0);  // the product rule was used
      EXPECT_GE(parts.counter("most_components"), 2);
    }
}

// The same count with and without the cache, and under two rule sets: the cache's entries and
// its roll-back change no count, and neither do the rules, which are sound.
TEST(DominosaCount, CacheAndRulesChangeNoCount) {
  uint64_t hits = 0;
  for (const auto& [order, seed] : {std::pair{14, 1}, {14, 2}, {20, 3}, {20, 5}}) {
    const Instance in = random_planted_grid(order, static_cast<uint64_t>(seed)).instance;
    const Structure s(in);
    std::string first;
    for (const std::string rules : {"cell-single,domino-single", "default", "default,probe"})
      for (const bool cache : {true, false}) {
        const DominosaProblem problem(
            s, dominosa_problem_rules(select_rules(dominosa_rule_infos(), rules), false),
            propagation::Branching::items, false, 1 << 30);
        DominosaProblem::State root;
        root.dom = s.root_state();
        search::Stats stats;
        ASSERT_TRUE(problem.fixpoint(root, stats, nullptr));
        ComponentCountLimits limits;
        limits.cache = cache;
        const ComponentCount c = count_by_components(problem, s, root, limits);
        ASSERT_TRUE(c.complete);
        if (!cache) {
          EXPECT_EQ(c.cache_hits, 0u);
        }
        hits += c.cache_hits;
        if (first.empty()) first = decimal(c.solutions);
        EXPECT_EQ(decimal(c.solutions), first) << "seed " << seed << " rules " << rules;
      }
  }
  EXPECT_GT(hits, 0u);  // the cache was used, and changed nothing
}

TEST(DominosaCount, ALimitLeavesNoCount) {
  const Instance in = random_planted_grid(12, 1).instance;
  Options o;
  o.set("count", "true");
  o.set("node-limit", "3");
  const Result r = solve(in, o);
  EXPECT_EQ(r.status, Status::unknown);
  EXPECT_EQ(r.stop, StopReason::node_limit);
  EXPECT_FALSE(r.count_complete);
  EXPECT_TRUE(r.count_text.empty());
  EXPECT_EQ(r.solution_count, -1);
  EXPECT_FALSE(to_json(r).contains("count"));  // not "0 (at least)": no count at all
  EXPECT_FALSE(to_json(r).value("count_complete", false));
}

TEST(DominosaCount, TheComponentCounterRefusesALimit) {
  const Instance in = random_planted_grid(6, 1).instance;
  Options o;
  o.set("count", "true");
  o.set("counter", "components");
  o.set("limit", "2");
  EXPECT_THROW(solve(in, o), std::invalid_argument);  // it would count everything, silently
}

TEST(DominosaCount, AutoUsesTheDfsUnderALimit) {
  const Instance in = random_planted_grid(10, 1).instance;
  Options o;
  o.set("count", "true");
  o.set("limit", "2");
  const Result r = solve(in, o);
  EXPECT_EQ(r.solution_count, 2);
  EXPECT_TRUE(r.count_text.empty());  // the DFS's count, stopped at its limit
  EXPECT_EQ(r.stop, StopReason::solution);
}

TEST(DominosaCount, CountsPast64BitsAreDecimalStrings) {
  Result r;
  r.solution_count = std::numeric_limits<int64_t>::max();
  r.count_text = "123456789012345678901234567890";
  r.count_complete = true;
  const nlohmann::json j = to_json(r);
  EXPECT_EQ(j["count"], "123456789012345678901234567890");
  EXPECT_NE(format_summary(r).find("123456789012345678901234567890"), std::string::npos);
  r.solution_count = 42;
  r.count_text = "42";
  EXPECT_EQ(to_json(r)["count"], 42);
}
