// Each Futoshiki rule alone against brute force, and the all-different filter against
// Boost.Graph's matching and components.
//
// Soundness: on random small nodes (random domains and inequalities), a rule may remove only
// values that belong to no solution of the node, and may fail only on a node with no solution.
// Strength: all-different must keep exactly the values that some perfect matching of the line
// uses, checked with Boost.Graph's edmonds_maximum_cardinality_matching, a method independent
// of the bit-mask augmenting paths the rule uses.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "heuristics/futoshiki/futoshiki_rule.hpp"
#include "tests/futoshiki/oracle.hpp"

using namespace bs;
using namespace bs::futoshiki;

namespace {

struct Node {
  Instance in;
  std::vector<Mask> dom;
};

Node random_node(std::mt19937& rng, int n) {
  Node node;
  node.in.n = n;
  node.in.givens.assign(n * n, 0);
  std::uniform_int_distribution<int> coin(0, 99);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (c + 1 < n && coin(rng) < 20) {
        const int a = r * n + c, b = a + 1;
        node.in.inequalities.push_back(coin(rng) < 50 ? Inequality{a, b} : Inequality{b, a});
      }
      if (r + 1 < n && coin(rng) < 20) {
        const int a = r * n + c, b = a + n;
        node.in.inequalities.push_back(coin(rng) < 50 ? Inequality{a, b} : Inequality{b, a});
      }
    }
  const Mask all = (Mask{1} << n) - 1;
  for (int c = 0; c < n * n; ++c) {
    Mask d = all;
    // Thin most domains a little, some a lot, so that fixed cells and pairs occur.
    for (int v = 0; v < n; ++v)
      if (coin(rng) < (c % 3 == 0 ? 60 : 15)) d &= ~(Mask{1} << v);
    node.dom.push_back(d ? d : Mask{1} << (coin(rng) % n));
  }
  return node;
}

// For every cell, the values some solution of the node gives it (empty masks: no solution): the
// Latin squares of the order that keep the node's domains and inequalities.
std::vector<Mask> supported(const Node& node) {
  const int cells = node.in.n * node.in.n;
  std::vector<Mask> support(cells, 0);
  for (const Grid& g : oracle::latin_squares(node.in.n)) {
    bool fits = true;
    for (int k = 0; k < cells && fits; ++k) fits = (node.dom[k] & value_bit(g[k])) != 0;
    for (const Inequality& q : node.in.inequalities) fits = fits && g[q.greater] > g[q.smaller];
    if (!fits) continue;
    for (int k = 0; k < cells; ++k) support[k] |= value_bit(g[k]);
  }
  return support;
}

class RuleOracle : public ::testing::TestWithParam<int> {};

TEST_P(RuleOracle, RemovesOnlyUnsupportedValues) {
  const FutoshikiRuleEntry& rule = futoshiki_rules()[GetParam()];
  std::mt19937 rng(1234 + GetParam());
  int failed = 0, progressed = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const int n = 3 + trial % 2;  // 3x3 and 4x4: brute force stays instant
    Node node = random_node(rng, n);
    const std::vector<Mask> support = supported(node);
    const bool solvable = support[0] != 0;
    const Structure s(node.in);
    std::vector<Mask> dom = node.dom;
    dom.resize(s.words());
    s.init_places(dom.data());
    std::vector<Narrowing> log;
    log.reserve(n * n * n);
    Changes changed(s, dom.data(), log);
    const Verdict v = rule.propagate(s, dom.data(), Dirty::all(), changed);
    // The places the rule kept up to date must be the places of its domains.
    std::vector<Mask> places = dom;
    s.init_places(places.data());
    EXPECT_EQ(places, dom) << rule.info.name << " left the places out of date, trial " << trial;
    dom.resize(n * n);
    if (v == Verdict::fail) {
      ++failed;
      EXPECT_FALSE(solvable) << rule.info.name << " failed a node with a solution, trial " << trial;
      continue;
    }
    if (v == Verdict::progress) ++progressed;
    if (v == Verdict::no_change) {
      EXPECT_EQ(dom, node.dom) << rule.info.name << " changed silently";
      EXPECT_TRUE(log.empty()) << rule.info.name << " noted a change it did not make";
    }
    // The incremental contract: the log accounts for exactly the values each cell lost, one or
    // more per note, or the other rules would never hear of them.
    std::vector<Mask> lost(n * n, 0);
    for (const Narrowing& e : log) {
      EXPECT_NE(e.lost, 0u) << rule.info.name << " noted a narrowing that removed nothing";
      lost[e.var] |= e.lost;
    }
    for (int c = 0; c < n * n; ++c)
      EXPECT_EQ(lost[c], node.dom[c] & ~dom[c])
          << rule.info.name << " narrowed cell " << c << " without noting it, trial " << trial;
    for (int c = 0; c < n * n; ++c)
      EXPECT_EQ(support[c] & ~dom[c], 0u)
          << rule.info.name << " removed a supported value of cell " << c << ", trial " << trial;
  }
  // The oracle must have been exercised both ways, or this test proves nothing; an LP rule only
  // refutes nodes (assignment-lp), and no narrowing is its contract.
  EXPECT_GT(failed, 10) << rule.info.name;
  if (rule.info.cost == Cost::lp) {
    EXPECT_EQ(progressed, 0) << rule.info.name;
  } else {
    EXPECT_GT(progressed, 10) << rule.info.name;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryRule, RuleOracle,
                         ::testing::Range(0, static_cast<int>(futoshiki_rules().size())),
                         [](const auto& info) {
                           std::string name(futoshiki_rules()[info.param].info.name);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// The incremental contract as a whole: after a move, the rules fed only the narrowings since
// the last fixpoint reach the same domains (and the same verdict) as the rules run from scratch
// on every line. The non-probing defaults are monotone narrowing operators, so their common
// fixpoint is unique and any difference is a narrowing some rule missed or never told. Each rule
// alone, then the linear ones, then all: together, all-different would hide what another rule
// missed.
void expect_incremental_equals_from_scratch(const std::vector<const FutoshikiRuleEntry*>& rules) {
  const int count = static_cast<int>(rules.size());
  std::mt19937 rng(77);
  int moves = 0, narrowing = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 4 + trial % 4;
    Node node = random_node(rng, n);
    const Structure s(node.in);
    std::vector<Mask> d = node.dom;
    d.resize(s.words());
    s.init_places(d.data());
    FixpointIo io;
    if (!run_to_fixpoint(s, d.data(), Dirty::all(), rules.data(), count, io, [](int, Verdict) {}))
      continue;
    for (int c = 0; c < n * n; ++c) {
      if (fixed(d[c])) continue;
      for (Mask rest = d[c]; rest; rest &= rest - 1) {
        std::vector<Mask> incremental = d;
        const Narrowing move = assign(s, incremental.data(), c, rest & -rest);
        FixpointIo a;
        const bool alive_a = run_to_fixpoint(s, incremental.data(), {false, &move, &move + 1},
                                             rules.data(), count, a, [](int, Verdict) {});
        std::vector<Mask> scratch = d;
        scratch[c] = rest & -rest;
        s.init_places(scratch.data());
        FixpointIo b;
        const bool alive_b = run_to_fixpoint(s, scratch.data(), Dirty::all(), rules.data(), count,
                                             b, [](int, Verdict) {});
        ++moves;
        narrowing += alive_b && a.removed > 0;
        ASSERT_EQ(alive_a, alive_b) << rules[0]->info.name << "..., trial " << trial;
        if (!alive_a) continue;
        ASSERT_EQ(incremental, scratch) << rules[0]->info.name << "..., trial " << trial;
      }
    }
  }
  // Moves that set rules off must occur, or the comparison proves little.
  EXPECT_GT(moves, 1000);
  EXPECT_GT(narrowing, 100) << rules[0]->info.name << "...";
}

TEST(FutoshikiFixpoint, IncrementalEqualsFromScratch) {
  std::vector<const FutoshikiRuleEntry*> linear, all;
  for (const auto& e : futoshiki_rules()) {
    if (!e.info.on_by_default || e.info.cost >= Cost::probing) continue;
    SCOPED_TRACE(std::string(e.info.name));
    expect_incremental_equals_from_scratch({&e});
    all.push_back(&e);
    if (e.info.cost <= Cost::linear) linear.push_back(&e);
  }
  expect_incremental_equals_from_scratch(linear);
  expect_incremental_equals_from_scratch(all);
}

// The values each cell of a line takes in some perfect matching of cells to values, worked out by
// dynamic programming over the sets of values the first cells take and the sets the last cells
// can take: no matching algorithm, so that neither filter (one of them built on Boost.Graph's
// matching) is checked against itself. Empty masks throughout when there is no perfect matching.
std::vector<Mask> matchable(int n, const std::vector<Mask>& dom) {
  const int full = 1 << n;
  // first[c][m]: cells 0..c-1 can take exactly the values m; last[c][m]: cells c..n-1 can.
  std::vector<std::vector<char>> first(n + 1, std::vector<char>(full, 0)), last = first;
  first[0][0] = 1;
  for (int c = 0; c < n; ++c)
    for (int m = 0; m < full; ++m)
      if (first[c][m])
        for (int w = 0; w < n; ++w)
          if ((dom[c] >> w & 1) && !(m >> w & 1)) first[c + 1][m | 1 << w] = 1;
  last[n][0] = 1;
  for (int c = n - 1; c >= 0; --c)
    for (int m = 0; m < full; ++m)
      if (last[c + 1][m])
        for (int w = 0; w < n; ++w)
          if ((dom[c] >> w & 1) && !(m >> w & 1)) last[c][m | 1 << w] = 1;
  std::vector<Mask> out(n, 0);
  for (int c = 0; c < n; ++c)
    for (int m = 0; m < full; ++m)
      if (first[c][m])
        for (int w = 0; w < n; ++w)
          if ((dom[c] >> w & 1) && !(m >> w & 1) && last[c + 1][(full - 1) & ~(m | 1 << w)])
            out[c] |= Mask{1} << w;
  return out;
}

class AllDifferentFilter : public ::testing::TestWithParam<Verdict (*)(int, Mask*)> {};

TEST_P(AllDifferentFilter, KeepsExactlyTheMatchableValues) {
  const auto filter = GetParam();
  std::mt19937 rng(99);
  int removed_some = 0, failures = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 2 + trial % 9;  // up to 10 values
    std::uniform_int_distribution<int> coin(0, 99);
    std::vector<Mask> dom(n);
    for (int c = 0; c < n; ++c) {
      Mask d = 0;
      for (int v = 0; v < n; ++v)
        if (coin(rng) < (c < n / 2 ? 35 : 70)) d |= Mask{1} << v;
      dom[c] = d ? d : Mask{1} << (coin(rng) % n);
    }
    std::vector<Mask> out = dom;
    const Verdict verdict = filter(n, out.data());
    const std::vector<Mask> expected = matchable(n, dom);
    const bool any_matching = expected[0] != 0;
    if (verdict == Verdict::fail) {
      ++failures;
      EXPECT_FALSE(any_matching) << "trial " << trial;
      continue;
    }
    ASSERT_TRUE(any_matching) << "trial " << trial;
    for (int c = 0; c < n; ++c)
      for (int v = 0; v < n; ++v) {
        if (!(dom[c] & (Mask{1} << v))) continue;
        const bool kept = out[c] & (Mask{1} << v);
        EXPECT_EQ(kept, (expected[c] >> v & 1) != 0)
            << "trial " << trial << " cell " << c << " value " << v + 1;
        removed_some += !kept;
      }
  }
  EXPECT_GT(removed_some, 100);
  EXPECT_GT(failures, 100);
}

// The bit-mask filter the solver runs, and the Boost.Graph one it is measured against.
INSTANTIATE_TEST_SUITE_P(BothImplementations, AllDifferentFilter,
                         ::testing::Values(&filter_all_different, &filter_all_different_bgl),
                         [](const auto& info) {
                           return std::string(info.index == 0 ? "bit_masks" : "boost_graph");
                         });

}  // namespace
