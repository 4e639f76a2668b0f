// The lp rule and the LP's component bounds, which take the relaxation apart (one warm-started LP
// per part of the frontier, coupled through the mine count by interval sums), against the
// relaxation solved whole, written here as it was before: one LP over every undecided cell, the
// digit rows and the mine-count row, solved from scratch for each cell and each set. The two
// must agree on whether the relaxation is empty, on every cell they call certain, and on every
// set's bounds, on random systems with several parts, an interior, decided cells, and corrupted
// targets.
#include "heuristics/mines/lp.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>
#include <random>

#include "ilp/lp_model.hpp"
#include "tests/mines/systems.hpp"
#include "tests/sample_size.hpp"

namespace {

using namespace bs::mines;
using bs::Verdict;

// The engine's components: undecided variables joined along digit rows, found here by a
// breadth-first search over the rows (the rule uses union-find).
std::vector<std::vector<int>> components(const MineSystem& s) {
  std::vector<std::vector<int>> rows_of(s.vars);
  for (size_t r = 0; r < s.rows.size(); ++r)
    if (s.rows[r].source >= 0)
      for (int v : s.rows[r].vars)
        if (s.value[v] < 0) rows_of[v].push_back(static_cast<int>(r));
  std::vector<char> seen(s.vars, 0);
  std::vector<std::vector<int>> out;
  for (int start = 0; start < s.vars; ++start) {
    if (seen[start] || rows_of[start].empty()) continue;
    std::vector<int> part{start};
    seen[start] = 1;
    for (size_t k = 0; k < part.size(); ++k)
      for (int r : rows_of[part[k]])
        for (int w : s.rows[r].vars)
          if (s.value[w] < 0 && !seen[w]) {
            seen[w] = 1;
            part.push_back(w);
          }
    std::sort(part.begin(), part.end());
    out.push_back(part);
  }
  return out;
}

// One call of the lp rule on `s`, outside the driver, its decisions read back into `after`.
Verdict call_lp_once(const MineSystem& s, MineSystem& after) {
  after = s;
  std::vector<bs::propagation::Mask> d(static_cast<size_t>(s.words()));
  for (int v = 0; v < s.vars; ++v) d[v] = domain_of(s.value[v]);
  std::vector<bs::propagation::Narrowing> log;
  log.reserve(2 * static_cast<size_t>(s.vars));
  Changes changed(s, d.data(), log);
  const Verdict v = apply_lp(s, d.data(), Dirty::all(), changed);
  for (const auto& e : log) {
    after.value[e.var] = value_of(d[e.var]);
    after.decided_by[e.var] = 3;
  }
  return v;
}

void expect_agrees_with_whole_lp(const MineSystem& s, int& decided, int& empty, int& bounded) {
  const std::vector<double> none(s.vars, 0.0);
  const bool feasible = whole_lp_max(s, none).has_value();
  MineSystem after;
  const Verdict v = call_lp_once(s, after);
  ASSERT_EQ(v == Verdict::fail, !feasible);
  empty += !feasible;
  std::vector<std::pair<int, int>> bounds;
  const auto sets = components(s);
  ASSERT_EQ(lp_mine_bounds(s, sets, bounds), feasible);
  if (!feasible) return;
  for (int x = 0; x < s.vars; ++x) {
    if (s.value[x] >= 0) {
      EXPECT_EQ(after.value[x], s.value[x]);
      continue;
    }
    std::vector<double> unit = none;
    unit[x] = 1;
    const double most = *whole_lp_max(s, unit);
    unit[x] = -1;
    const double least = -*whole_lp_max(s, unit);
    const int want = most < 1e-6 ? 0 : least > 1 - 1e-6 ? 1 : -1;
    EXPECT_EQ(after.value[x], want)
        << "variable " << x << ": LP range [" << least << ", " << most << "]";
    if (want >= 0) {
      EXPECT_EQ(after.decided_by[x], 3);
      ++decided;
    }
  }
  ASSERT_EQ(bounds.size(), sets.size());
  for (size_t k = 0; k < sets.size(); ++k) {
    std::vector<double> sum = none;
    for (int x : sets[k]) sum[x] = 1;
    const int hi = static_cast<int>(std::floor(*whole_lp_max(s, sum) + 1e-6));
    for (int x : sets[k]) sum[x] = -1;
    const int lo = static_cast<int>(std::ceil(-*whole_lp_max(s, sum) - 1e-6));
    EXPECT_EQ(bounds[k], std::make_pair(lo, hi)) << "component " << k;
    bounded += lo > 0 || hi < static_cast<int>(sets[k].size());
  }
}

TEST(MinesLp, PartsAgreeWithTheWholeRelaxation) {
  std::mt19937 rng(20261125);
  int decided = 0, empty = 0, bounded = 0, multi_part = 0;
  const int trials = bs::test::samples(800);
  for (int trial = 0; trial < trials; ++trial) {
    const MineSystem s = random_system(rng, trial % 3 == 0);
    multi_part += components(s).size() >= 2;
    expect_agrees_with_whole_lp(s, decided, empty, bounded);
    if (HasFatalFailure()) return;
  }
  // The comparison must meet every case: cells decided, empty relaxations, bounds that bite,
  // and systems of several parts coupled by the count.
  EXPECT_GE(decided, trials * 3 / 8);
  EXPECT_GE(empty, trials * 3 / 80);
  EXPECT_GE(bounded, trials * 3 / 40);
  EXPECT_GE(multi_part, trials * 3 / 16);
  std::printf("decided %d cells, %d empty relaxations, %d bounds that bite, %d multi-part\n",
              decided, empty, bounded, multi_part);
}

}  // namespace
