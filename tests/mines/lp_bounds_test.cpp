// lp_cell_bounds, the LP's interval for each group of interchangeable cells (issue 33: the answer
// when a component is too wide to count), against two independent references:
// - brute force (count_layouts): every cell's probability of a mine lies in its group's interval,
//   and a cell the LP calls certain (an interval of one point) is certain, of that value;
// - the relaxation solved whole and from scratch: a fresh CLP model per variable, no parts, no
//   warm start, no witnesses, no batches. Each variable of a group must get its group's interval
//   (which tests that one variable may stand for its group): never narrower (to 1e-9), and at
//   most 1e-6 wider. Wider at all because lp_cell_bounds solves the parts of the frontier apart,
//   each with a row for its total whose range is widened by 1e-7 (kTotalSlack in lp.cpp): a bound
//   a total pins can move by that much (measured: 5e-8 in the position below).
// On small random positions (with their rules' decisions, with and without an exact total), on
// the lp rule's random systems (against the whole relaxation only), on expert positions of
// digits-only clicks, whose frontier is one long part (where the batches and witnesses do their
// work), and under a budget that stops it.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>

#include "heuristics/mines/lp.hpp"
#include "heuristics/mines/position_system.hpp"
#include "ilp/lp_model.hpp"
#include "puzzles/mines/position.hpp"
#include "search/budget.hpp"
#include "solvers/mines/generate.hpp"
#include "tests/mines/positions.hpp"
#include "tests/mines/systems.hpp"
#include "tests/sample_size.hpp"

namespace {

using namespace bs::mines;

// The relaxation solved whole, from scratch: the largest x_v (sense +1) or the largest -x_v
// (sense -1) over it; nullopt when it is empty (v = -1: feasibility alone).
std::optional<double> whole_lp(const MineSystem& s, int v, double sense) {
  std::vector<double> weights(static_cast<size_t>(s.vars), 0.0);
  if (v >= 0) weights[static_cast<size_t>(v)] = sense;
  return whole_lp_max(s, weights);
}

// [least, most] of undecided variable v over the whole relaxation (which must have a point).
std::pair<double, double> whole_range(const MineSystem& s, int v) {
  return {-*whole_lp(s, v, -1), *whole_lp(s, v, +1)};
}

// `got` against the whole relaxation's `want`, as the file's opening says: within 1e-6, and not
// narrower than 1e-9 except where it was rounded to 0 or 1 (a bound within 1e-6 of either is).
void expect_same_range(std::pair<double, double> got, std::pair<double, double> want,
                       const std::string& what) {
  EXPECT_NEAR(got.first, want.first, 1e-6) << what;
  EXPECT_NEAR(got.second, want.second, 1e-6) << what;
  if (got.first != 1) {
    EXPECT_LE(got.first, want.first + 1e-9) << what;
  }
  if (got.second != 0) {
    EXPECT_GE(got.second, want.second - 1e-9) << what;
  }
}

// The groups lp_cell_bounds is asked about: the interchangeable groups of the frontier (the first
// `frontier` groups), each decided variable alone, and last the undecided variables no digit sees
// (interchangeable too: only the count row holds them).
std::vector<std::vector<int>> groups_of(const MineSystem& s, size_t& frontier) {
  std::vector<std::vector<int>> groups = interchangeable_groups(s);
  frontier = groups.size();
  std::vector<char> in_group(s.vars, 0);
  for (const auto& g : groups)
    for (int v : g) in_group[v] = 1;
  std::vector<int> interior;
  for (int v = 0; v < s.vars; ++v) {
    if (s.value[v] >= 0)
      groups.push_back({v});
    else if (!in_group[v])
      interior.push_back(v);
  }
  if (!interior.empty()) groups.push_back(interior);
  return groups;
}

struct Tally {
  int positions = 0, infeasible = 0, certain = 0, certain_found = 0, fractional = 0;
  int interior = 0, decided = 0, uncounted = 0;
};

// One position: every check of the file's opening against brute force and the whole relaxation.
void check_position(const Position& p, bool deduce, Tally& tally) {
  MineSystem s;
  std::vector<int> cell_of;
  if (!build_position_system(p, s, cell_of)) return;  // inconsistent on its face
  if (deduce) {
    int hardest = -1;
    if (run_rules(s, {"single-row", "subset"}, hardest) == bs::Verdict::fail) return;
  }
  ++tally.positions;
  tally.uncounted += p.total != MineTotal::exact;
  const std::string where = format_position(p);
  const LayoutCount brute = count_layouts(p);
  size_t frontier = 0;
  const std::vector<std::vector<int>> groups = groups_of(s, frontier);
  std::vector<std::pair<double, double>> bounds;
  LpCellStats stats;
  const bool feasible = lp_cell_bounds(s, groups, bounds, nullptr, &stats);
  const bool whole_feasible = whole_lp(s, -1, 0).has_value();
  ASSERT_EQ(feasible, whole_feasible) << where;
  if (!feasible) {
    EXPECT_EQ(brute.layouts, 0) << "an empty relaxation, but layouts fit\n" << where;
    ++tally.infeasible;
    return;
  }
  EXPECT_TRUE(stats.complete);
  ASSERT_EQ(bounds.size(), groups.size());
  for (size_t g = 0; g < groups.size(); ++g) {
    const auto [least, most] = bounds[g];
    tally.interior += g >= frontier && s.value[groups[g][0]] < 0;
    for (int v : groups[g]) {
      const std::string what = "group " + std::to_string(g) + ", variable " + std::to_string(v) +
                               ": [" + std::to_string(least) + ", " + std::to_string(most) + "]\n";
      if (s.value[v] >= 0) {
        ++tally.decided;
        EXPECT_EQ(least, s.value[v]) << what << where;
        EXPECT_EQ(most, s.value[v]) << what << where;
        continue;
      }
      auto [want_least, want_most] = whole_range(s, v);
      expect_same_range({least, most}, {want_least, want_most}, what + where);
      tally.fractional += (most > 0 && most < 1) || (least > 0 && least < 1);
      if (brute.layouts == 0) continue;
      const double probability = brute.with_mine[v] / brute.layouts;  // variables are the unknowns
      EXPECT_GE(probability, least - 1e-9) << what << where;
      EXPECT_LE(probability, most + 1e-9) << what << where;
      if (least == most) {
        EXPECT_TRUE(least == 0 || least == 1) << what << where;
        EXPECT_EQ(probability, least) << "the LP calls it certain\n" << what << where;
      }
      if (probability == 0 || probability == 1) {
        ++tally.certain;
        tally.certain_found += least == most;
      }
    }
  }
  // Every side of every frontier group settled once, in one of the three ways.
  EXPECT_EQ(stats.witnessed + stats.batched + stats.own, 2 * static_cast<int>(frontier)) << where;
}

TEST(MinesLpBounds, RandomPositionsAgreeWithBruteForceAndTheWholeRelaxation) {
  std::mt19937 rng(20261201);
  Tally tally;
  const int trials = bs::test::samples(600);
  for (int trial = 0; trial < trials; ++trial) {
    Position p = random_position(rng, 16, trial % 4 == 2);  // even trials: no rules first
    // A density or no total at all: no count row, and brute force weighs layouts by it.
    if (trial % 5 == 1) {
      p.total = MineTotal::density;
      p.density = 0.2;
    } else if (trial % 5 == 4) {
      p.total = MineTotal::any;
    }
    check_position(p, trial % 2 == 1, tally);
    if (HasFatalFailure()) return;
  }
  std::printf(
      "%d positions (%d without a count row), %d empty relaxations; %d certain cells, %d of them "
      "certain by the LP; %d cells with a fractional bound, %d interior groups, %d decided cells\n",
      tally.positions, tally.uncounted, tally.infeasible, tally.certain, tally.certain_found,
      tally.fractional, tally.interior, tally.decided);
  // The comparison must meet every case often enough to mean something.
  EXPECT_GE(tally.positions, trials * 3 / 4);
  EXPECT_GE(tally.infeasible, trials / 40);
  EXPECT_GE(tally.interior, trials / 10);
  EXPECT_GE(tally.decided, trials / 2);
  EXPECT_GE(tally.certain_found, tally.certain / 2);
}

// The random systems of the lp rule's tests (tests/mines/systems.hpp: boards up to 9x9, some
// cells decided, a target sometimes corrupted), larger than brute force allows: against the whole
// relaxation alone. Their frontiers fall into several parts coupled by the mine count.
TEST(MinesLpBounds, RandomSystemsAgreeWithTheWholeRelaxation) {
  std::mt19937 rng(20261203);
  int empty = 0, fractional = 0, own = 0;
  const int trials = bs::test::samples(200);
  for (int trial = 0; trial < trials; ++trial) {
    const MineSystem s = random_system(rng, trial % 4 == 3);
    size_t frontier = 0;
    const auto groups = groups_of(s, frontier);
    std::vector<std::pair<double, double>> bounds;
    LpCellStats stats;
    const bool feasible = lp_cell_bounds(s, groups, bounds, nullptr, &stats);
    ASSERT_EQ(feasible, whole_lp(s, -1, 0).has_value()) << "trial " << trial;
    if (!feasible) {
      ++empty;
      continue;
    }
    EXPECT_EQ(stats.witnessed + stats.batched + stats.own, 2 * static_cast<int>(frontier));
    own += stats.own;
    for (size_t g = 0; g < groups.size(); ++g)
      for (int v : groups[g]) {
        if (s.value[v] >= 0) continue;
        const auto want = whole_range(s, v);
        expect_same_range(bounds[g], want,
                          "trial " + std::to_string(trial) + ", variable " + std::to_string(v));
        fractional += (want.second > 1e-6 && want.second < 1 - 1e-6) ||
                      (want.first > 1e-6 && want.first < 1 - 1e-6);
      }
  }
  std::printf("%d systems: %d empty relaxations, %d cells with a fractional bound, %d own LPs\n",
              trials, empty, fractional, own);
  EXPECT_GE(empty, trials / 20);
  EXPECT_GT(fractional, 0);  // rare in systems this small: the expert positions have more
}

// The relaxation is weaker than the count: a cell certain in every layout may keep an interval,
// so "brute force certain => an interval of one point" is not a theorem, and only the converse is
// tested above. In this position (found by the random positions above: 10 of 14,125 certain cells
// in 3,000 of them keep an interval) the four mines fit three ways, each with (1, 0) safe and
// (1, 2) a mine, but the relaxation has points with either at 1/2.
TEST(MinesLpBounds, ACertainCellMayKeepAnInterval) {
  const Position p = parse_position(
      "4 4 4\n"
      "..2.\n"
      "2...\n"
      "3.3.\n"
      "....\n",
      "weak");
  MineSystem s;
  std::vector<int> cell_of;
  ASSERT_TRUE(build_position_system(p, s, cell_of));
  const LayoutCount brute = count_layouts(p);
  ASSERT_EQ(brute.layouts, 3);
  const auto groups = interchangeable_groups(s);
  std::vector<std::pair<double, double>> bounds;
  ASSERT_TRUE(lp_cell_bounds(s, groups, bounds));
  for (size_t g = 0; g < groups.size(); ++g)
    for (int v : groups[g]) {
      const double probability = brute.with_mine[v] / brute.layouts;
      EXPECT_GE(probability, bounds[g].first);
      EXPECT_LE(probability, bounds[g].second);
      if (cell_of[v] == 1) {
        EXPECT_EQ(probability, 0);
        EXPECT_EQ(bounds[g].first, 0);
        EXPECT_NEAR(bounds[g].second, 0.5, 1e-6);
      } else if (cell_of[v] == 9) {
        EXPECT_EQ(probability, 1);
        EXPECT_NEAR(bounds[g].first, 0.5, 1e-6);
        EXPECT_EQ(bounds[g].second, 1);
      }
    }
}

// Expert positions of digits-only clicks: one frontier part of some 300 cells and 200 groups, the
// shape the batches and witnesses are for. Each group's interval against the whole relaxation,
// per variable.
TEST(MinesLpBounds, ExpertDigitsOnlyPositionsAgreeWithTheWholeRelaxation) {
  int batched = 0, own = 0, lps = 0, fractional = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const PositionRecipe recipe{parse_board_spec("expert", "sfar", ""), 0.28, true, seed};
    const Position p = make_analysis_position(recipe).position;
    MineSystem s;
    std::vector<int> cell_of;
    ASSERT_TRUE(build_position_system(p, s, cell_of));
    int hardest = -1;
    ASSERT_NE(run_rules(s, {"single-row", "subset"}, hardest), bs::Verdict::fail);
    const auto groups = interchangeable_groups(s);
    std::vector<std::pair<double, double>> bounds;
    LpCellStats stats;
    ASSERT_TRUE(lp_cell_bounds(s, groups, bounds, nullptr, &stats));
    EXPECT_TRUE(stats.complete);
    EXPECT_EQ(stats.witnessed + stats.batched + stats.own, 2 * static_cast<int>(groups.size()));
    batched += stats.batched;
    own += stats.own;
    lps += stats.lps;
    for (size_t g = 0; g < groups.size(); ++g) {
      const auto [least, most] = whole_range(s, groups[g][0]);
      expect_same_range(bounds[g], {least, most},
                        "seed " + std::to_string(seed) + ", group " + std::to_string(g));
      fractional += most > 1e-6 && most < 1 - 1e-6;
    }
    // Far fewer LPs than the two per group of the plain method.
    EXPECT_LT(stats.lps, static_cast<int>(groups.size()) / 2) << "seed " << seed;
  }
  std::printf(
      "3 positions: %d LPs; %d sides proved certain in batches, %d by their own LP, %d "
      "fractional most\n",
      lps, batched, own, fractional);
  EXPECT_GT(batched, 0);
  EXPECT_GT(own, 0);
}

// A budget stops it between LPs: the bounds are then wider (or equal), never narrower, each side
// left open at 0 or 1, and `complete` says so. A node limit of k allows k LPs (each LP is a node).
TEST(MinesLpBounds, ABudgetStopsItWithSoundBounds) {
  const PositionRecipe recipe{parse_board_spec("expert", "sfar", ""), 0.28, true, 2};
  const Position p = make_analysis_position(recipe).position;
  MineSystem s;
  std::vector<int> cell_of;
  ASSERT_TRUE(build_position_system(p, s, cell_of));
  const auto groups = interchangeable_groups(s);
  std::vector<std::pair<double, double>> full;
  LpCellStats all;
  ASSERT_TRUE(lp_cell_bounds(s, groups, full, nullptr, &all));
  ASSERT_GT(all.lps, 4);
  for (const int limit : {1, 2, all.lps / 2, all.lps - 1, all.lps}) {
    bs::search::Budget budget(bs::search::Limits{static_cast<uint64_t>(limit)});
    std::vector<std::pair<double, double>> bounds;
    LpCellStats stats;
    ASSERT_TRUE(lp_cell_bounds(s, groups, bounds, &budget, &stats));
    EXPECT_LE(stats.lps, limit);
    EXPECT_EQ(stats.complete, limit >= all.lps) << "limit " << limit;
    EXPECT_EQ(budget.stopped(), limit < all.lps) << "limit " << limit;
    for (size_t g = 0; g < groups.size(); ++g) {
      EXPECT_LE(bounds[g].first, full[g].first) << "limit " << limit << ", group " << g;
      EXPECT_GE(bounds[g].second, full[g].second) << "limit " << limit << ", group " << g;
      if (limit >= all.lps) {
        EXPECT_EQ(bounds[g], full[g]);
      }
    }
  }
  // Cancelled before the call: every group [0, 1], and no LP.
  std::atomic<bool> cancel{true};
  bs::search::Budget cancelled(bs::search::Limits{0, 0, &cancel});
  std::vector<std::pair<double, double>> bounds;
  LpCellStats stats;
  ASSERT_TRUE(lp_cell_bounds(s, groups, bounds, &cancelled, &stats));
  EXPECT_FALSE(stats.complete);
  EXPECT_EQ(stats.lps, 0);
  for (const auto& b : bounds) EXPECT_EQ(b, std::make_pair(0.0, 1.0));
}

}  // namespace
