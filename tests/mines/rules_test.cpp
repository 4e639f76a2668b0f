// The cheap deduction rules against the book. The engine's single-row and subset rules decide
// many cells per call and keep their tables up to date as they go; the oracle here makes one
// deduction at a time and recomputes everything from scratch after each, over every pair of
// rows. Both must reach the same cells, the same values and the same verdict, on random
// systems with and without a corrupted target, and every cell they decide in a true system must
// hold its true value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "heuristics/mines/system.hpp"
#include "tests/mines/systems.hpp"

namespace {

using namespace bs::mines;
using bs::Verdict;

void open_cells(const MineSystem& s, const Row& r, std::vector<int>& open, int& left) {
  open.clear();
  left = r.target;
  for (int v : r.vars) {
    if (s.value[v] < 0) open.push_back(v);
    left -= s.value[v] == 1;
  }
}

// One deduction, if any is left: a row with nothing or everything left to place, or a digit row
// whose undecided cells all lie in another's. Sets `contradiction` when a row cannot be met.
bool one_deduction(MineSystem& s, bool& contradiction) {
  std::vector<int> a_open, b_open, diff;
  int a_left, b_left;
  for (const Row& r : s.rows) {
    open_cells(s, r, a_open, a_left);
    if (a_left < 0 || a_left > static_cast<int>(a_open.size())) return contradiction = true;
    if (a_open.empty() || (a_left != 0 && a_left != static_cast<int>(a_open.size()))) continue;
    for (int v : a_open) s.value[v] = a_left == 0 ? 0 : 1;
    return true;
  }
  for (const Row& a : s.rows) {
    if (a.source < 0) continue;
    open_cells(s, a, a_open, a_left);
    if (a_open.empty()) continue;
    for (const Row& b : s.rows) {
      if (b.source < 0) continue;
      open_cells(s, b, b_open, b_left);
      if (b_open.size() <= a_open.size() ||
          !std::includes(b_open.begin(), b_open.end(), a_open.begin(), a_open.end()))
        continue;
      diff.clear();
      std::set_difference(b_open.begin(), b_open.end(), a_open.begin(), a_open.end(),
                          std::back_inserter(diff));
      const int t = b_left - a_left;
      if (t < 0 || t > static_cast<int>(diff.size())) return contradiction = true;
      if (t != 0 && t != static_cast<int>(diff.size())) continue;
      for (int v : diff) s.value[v] = t == 0 ? 0 : 1;
      return true;
    }
  }
  return false;
}

TEST(MinesRules, CheapRulesReachTheFixpointOfOneDeductionAtATime) {
  std::mt19937 rng(20261126);
  int by_subset = 0, failed = 0, sound_checked = 0;
  for (int trial = 0; trial < 10000; ++trial) {
    const bool corrupt = trial % 4 == 0;
    std::vector<int> layout;
    const MineSystem start = random_system(rng, corrupt, &layout);
    MineSystem want = start;
    bool contradiction = false;
    while (one_deduction(want, contradiction) && !contradiction) {
    }
    MineSystem got = start;
    int hardest = -1;
    const Verdict v = run_rules(got, {"single-row", "subset"}, hardest);
    ASSERT_EQ(v == Verdict::fail, contradiction) << "trial " << trial;
    failed += contradiction;
    if (contradiction) continue;
    ASSERT_EQ(got.value, want.value) << "trial " << trial;
    by_subset += static_cast<int>(std::count(got.decided_by.begin(), got.decided_by.end(), 1));
    if (!corrupt) {
      for (int x = 0; x < got.vars; ++x) {
        if (got.value[x] >= 0) {
          EXPECT_EQ(got.value[x], layout[x]) << "trial " << trial;
        }
      }
      ++sound_checked;
    }
  }
  // The comparison must meet both outcomes and many cells that only the subset rule decides.
  EXPECT_GE(by_subset, 2000);
  EXPECT_GE(failed, 400);
  EXPECT_GE(sound_checked, 5000);
  std::printf("%d cells decided by the subset rule, %d contradictions, %d true systems\n",
              by_subset, failed, sound_checked);
}

// The per-rule counters that solve mines --json reports: a run that ends at a fixpoint has called
// every selected rule, each rule's prunes are the cells it decided (each credited to it in
// decided_by), and a failing run's prunes are the cells decided before the fail, plus one.
TEST(MinesRules, CountersAgreeWithTheDecisions) {
  std::mt19937 rng(20261127);
  const std::vector<std::string> names = {"single-row", "subset", "lp"};
  for (int trial = 0; trial < 500; ++trial) {
    MineSystem s = random_system(rng, trial % 4 == 0);
    const std::vector<int8_t> before = s.value;
    RuleCounts counts;
    int hardest = -1;
    const Verdict v = run_rules(s, names, hardest, &counts);
    uint64_t pruned = 0;
    for (size_t i = 0; i < names.size(); ++i) {
      pruned += counts.prunes[i];
      if (v == Verdict::fail) continue;
      EXPECT_GE(counts.calls[i], 1u) << "trial " << trial << " rule " << names[i];
      uint64_t decided = 0;
      for (int x = 0; x < s.vars; ++x)
        decided += before[x] < 0 && s.decided_by[x] == static_cast<int>(i);
      EXPECT_EQ(counts.prunes[i], decided) << "trial " << trial << " rule " << names[i];
      if (decided > 0) {
        EXPECT_GE(hardest, static_cast<int>(i)) << "trial " << trial;
      }
    }
    uint64_t decided = 0;
    for (int x = 0; x < s.vars; ++x) decided += before[x] < 0 && s.value[x] >= 0;
    EXPECT_EQ(pruned, decided + (v == Verdict::fail)) << "trial " << trial;
  }
}

}  // namespace
