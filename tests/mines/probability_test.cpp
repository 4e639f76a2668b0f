// The Minesweeper probability engine against brute force: on thousands of random positions with
// at most 20 unknown cells, every probability must equal the share of all fitting layouts (to
// 1e-9), a cell must be reported certain exactly when brute force finds it so, and a position
// with no fitting layout must be reported inconsistent.
#include "solvers/mines/probability.hpp"

#include <gtest/gtest.h>

#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdio>
#include <random>

#include "heuristics/mines/system.hpp"
#include "ilp/mines/ip.hpp"
#include "puzzles/mines/position.hpp"
#include "tests/mines/positions.hpp"
#include "tests/sample_size.hpp"

namespace {

using namespace bs::mines;

std::vector<std::string> all_rules() {
  std::vector<std::string> names;
  for (const auto& e : mine_rules()) names.emplace_back(e.info.name);
  return names;
}

void expect_matches_brute_force(const Position& p, const std::vector<std::string>& rules,
                                int threads = 1, Probabilities* answer = nullptr,
                                Counting counting = Counting::automatic) {
  const LayoutCount b = count_layouts(p);
  const Probabilities got =
      mine_probabilities(p, rules, AnalysisOptions{.threads = threads, .counting = counting});
  if (answer) *answer = got;
  const std::string where = format_position(p);
  ASSERT_EQ(got.consistent, b.layouts > 0) << got.why << "\n" << where;
  if (!got.consistent) return;
  EXPECT_NEAR(got.layouts_log10, std::log10(b.layouts), 1e-9) << where;
  int k = 0;
  for (int i = 0; i < p.width * p.height; ++i) {
    if (p.cells[i] != kUnknown) continue;
    const double want = b.with_mine[k++] / b.layouts;
    EXPECT_NEAR(got.mine[i], want, 1e-12) << "cell " << i << "\n" << where;
    const bool certain = want == 0 || want == 1;
    EXPECT_EQ(got.decided_by[i] >= 0, certain) << "cell " << i << "\n" << where;
    if (got.decided_by[i] >= 0) {
      EXPECT_EQ(got.mine[i], want) << "cell " << i << "\n" << where;
    }
  }
}

TEST(MinesProbability, AgreesWithBruteForceOnRandomPositions) {
  std::mt19937 rng(20261124);
  int large = 0, lp_bounded = 0;
  const int positions = bs::test::samples(2000);
  for (int i = 0; i < positions; ++i) {
    const Position p = random_position(rng, 20, false);
    large += std::count(p.cells.begin(), p.cells.end(), kUnknown) >= 16;
    Probabilities got;
    expect_matches_brute_force(p, all_rules(), 1, &got);
    if (HasFatalFailure()) return;
    lp_bounded += got.lp_bounded_components > 0;
  }
  EXPECT_GE(large, positions / 10) << "positions with 16 to 20 unknown cells must be common";
  // The LP's component bounds (which prune the enumeration) must bite often enough for the
  // comparison above to test them.
  EXPECT_GE(lp_bounded, positions / 20) << "the LP must bound components' mines on many positions";
  std::printf("positions where the LP bounded a component's mines: %d of %d\n", lp_bounded,
              positions);
}

TEST(MinesProbability, EnumerationAloneAgreesWithBruteForce) {
  std::mt19937 rng(20261125);
  for (int i = 0; i < 500; ++i) {
    expect_matches_brute_force(random_position(rng, 20, false), {});
    if (HasFatalFailure()) return;
  }
}

Position striped_position(std::mt19937& rng);  // below

// The frontier DP on every component, small ones included, against brute force.
TEST(MinesProbability, FrontierDpAgreesWithBruteForce) {
  std::mt19937 rng(20261127);
  int counted = 0;
  for (int i = 0; i < bs::test::samples(1500); ++i) {
    const Position p = i % 3 == 2 ? striped_position(rng) : random_position(rng, 20, i % 5 == 4);
    Probabilities got;
    expect_matches_brute_force(p, i % 2 ? all_rules() : std::vector<std::string>{}, 1, &got,
                               Counting::dp);
    if (HasFatalFailure()) return;
    counted += got.dp_components > 0;
  }
  // The rules settle many positions outright; the rest must be common enough to test the DP.
  EXPECT_GE(counted, bs::test::samples(1500) / 3) << "the DP must count many positions' components";
}

// An enumeration past its effort limit (here 1) hands its component to the DP, which counts it
// afresh: the answer is still brute force's.
TEST(MinesProbability, AbandonedEnumerationsHandOverToTheDp) {
  std::mt19937 rng(20261131);
  int abandoned = 0;
  for (int i = 0; i < bs::test::samples(600); ++i) {
    const Position p = random_position(rng, 20, false);
    const LayoutCount b = count_layouts(p);
    const Probabilities got =
        mine_probabilities(p, {}, AnalysisOptions{.threads = 1 + i % 2, .enumeration_effort = 1});
    ASSERT_EQ(got.consistent, b.layouts > 0) << format_position(p);
    if (!got.consistent) continue;
    ASSERT_TRUE(got.complete);
    abandoned += got.enumerations_abandoned;
    for (size_t k = 0; k < b.unknown.size(); ++k)
      EXPECT_NEAR(got.mine[b.unknown[k]], b.with_mine[k] / b.layouts, 1e-12) << format_position(p);
    if (HasFailure()) return;
  }
  EXPECT_GE(abandoned, bs::test::samples(200));
}

// A density or no count in place of the total: every probability against the weighted brute force
// (puzzles/mines/position.cpp), with the enumeration and with the DP.
TEST(MinesProbability, DensitiesAndUnknownCountsAgreeWithBruteForce) {
  std::mt19937 rng(20261128);
  for (int i = 0; i < bs::test::samples(1200); ++i) {
    Position p = random_position(rng, 16, false);
    p.total = i % 2 ? MineTotal::density : MineTotal::any;
    p.density = 0.05 + 0.9 * std::uniform_real_distribution<double>(0, 1)(rng);
    expect_matches_brute_force(p, i % 3 ? all_rules() : std::vector<std::string>{}, 1, nullptr,
                               i % 4 < 2 ? Counting::dp : Counting::automatic);
    if (HasFatalFailure()) return;
  }
}

// --exact: every fraction is brute force's own (whole counts of layouts, reduced), under an exact
// total and with no count; under a density, its value is brute force's weighted share.
TEST(MinesProbability, ExactFractionsAreBruteForcesCounts) {
  std::mt19937 rng(20261129);
  int fractions = 0;
  for (int i = 0; i < bs::test::samples(600); ++i) {
    Position p = i % 3 == 2 ? striped_position(rng) : random_position(rng, 18, false);
    p.total = i % 3 == 0 ? MineTotal::exact : i % 3 == 1 ? MineTotal::any : MineTotal::density;
    p.density = std::array{0.2, 0.35, 0.125, 0.7, 1e-3}[static_cast<size_t>(i) % 5];
    const LayoutCount b = count_layouts(p);
    const Probabilities got = mine_probabilities(
        p, i % 2 ? all_rules() : std::vector<std::string>{}, AnalysisOptions{.exact = true});
    ASSERT_EQ(got.consistent, b.layouts > 0) << format_position(p);
    if (!got.consistent) continue;
    ASSERT_EQ(got.exact.size(), p.cells.size());
    if (p.total == MineTotal::exact) {
      EXPECT_EQ(got.exact_layouts, std::to_string(static_cast<int64_t>(b.layouts)));
    }
    for (size_t k = 0; k < b.unknown.size(); ++k) {
      const std::string& f = got.exact[static_cast<size_t>(b.unknown[k])];
      if (p.total == MineTotal::density) {
        EXPECT_NEAR(static_cast<double>(boost::multiprecision::cpp_rational(f)),
                    b.with_mine[k] / b.layouts, 1e-12)
            << f << "\n"
            << format_position(p);
        continue;
      }
      const boost::multiprecision::cpp_rational want(
          boost::multiprecision::cpp_int(static_cast<int64_t>(b.with_mine[k])),
          boost::multiprecision::cpp_int(static_cast<int64_t>(b.layouts)));
      EXPECT_EQ(f, want.str()) << "cell " << b.unknown[k] << "\n" << format_position(p);
      ++fractions;
    }
    if (HasFailure()) return;
  }
  EXPECT_GE(fractions, bs::test::samples(1000));
}

// A component too wide for the DP (here: a state limit of 1) is bounded by the LP: brute force's
// probability lies in each bounded cell's interval; under an exact total every undecided cell is
// bounded (the count couples them all), otherwise the other components stay exact.
TEST(MinesProbability, TooWideComponentsAreBoundedAroundBruteForce) {
  std::mt19937 rng(20261130);
  int bounded = 0, exact_beside = 0;
  for (int i = 0; i < bs::test::samples(900); ++i) {
    Position p = i % 3 == 2 ? striped_position(rng) : random_position(rng, 18, false);
    p.total = i % 3 == 0 ? MineTotal::exact : i % 3 == 1 ? MineTotal::any : MineTotal::density;
    p.density = 0.3;
    const LayoutCount b = count_layouts(p);
    const Probabilities got =
        mine_probabilities(p, {}, AnalysisOptions{.counting = Counting::dp, .dp_state_limit = 1});
    ASSERT_EQ(got.consistent, b.layouts > 0) << got.why << "\n" << format_position(p);
    if (!got.consistent || got.bounds.empty()) continue;
    EXPECT_FALSE(got.complete);
    EXPECT_TRUE(got.too_wide);
    for (size_t k = 0; k < b.unknown.size(); ++k) {
      const int cell = b.unknown[k];
      const double want = b.with_mine[k] / b.layouts;
      const auto [least, most] = got.bounds[static_cast<size_t>(cell)];
      if (least >= 0) {
        ++bounded;
        EXPECT_LE(least, want + 1e-9) << "cell " << cell << "\n" << format_position(p);
        EXPECT_GE(most, want - 1e-9) << "cell " << cell << "\n" << format_position(p);
        EXPECT_EQ(got.mine[cell], -1);
      } else if (got.decided_by[cell] < 0) {
        EXPECT_NE(p.total, MineTotal::exact) << "an exact total bounds every undecided cell";
        EXPECT_NEAR(got.mine[cell], want, 1e-12) << "cell " << cell << "\n" << format_position(p);
        ++exact_beside;
      }
    }
    if (HasFailure()) return;
  }
  EXPECT_GE(bounded, bs::test::samples(1000));
  EXPECT_GE(exact_beside, bs::test::samples(900) / 20);
}

// A strip cut into many frontier components: blocks of one or two columns of hidden cells (some
// of their safe cells revealed) between pairs of revealed, mine-free columns, which no digit
// sees across. The square boards above seldom have more than three components, and the engine
// combines components down a halving whose deeper levels only such positions reach.
Position striped_position(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  Position p;
  p.height = std::uniform_int_distribution<int>(1, 3)(rng);
  p.width = 0;
  std::vector<int> block_width;
  while (p.width < 14) {
    block_width.push_back(std::uniform_int_distribution<int>(1, 2)(rng));
    p.width += block_width.back() + 2;
  }
  const int n = p.width * p.height;
  std::vector<char> mine(n, 0), hideable(n, 0);
  const double density = 0.2 + 0.4 * unit(rng);
  for (int x = 0, b = 0; b < static_cast<int>(block_width.size()); x += block_width[b++] + 2)
    for (int dx = 0; dx < block_width[b]; ++dx)
      for (int y = 0; y < p.height; ++y) {
        const int i = y * p.width + x + dx;
        hideable[i] = 1;
        mine[i] = unit(rng) < density;
      }
  p.mines = static_cast<int>(std::count(mine.begin(), mine.end(), 1));
  p.cells.assign(n, kUnknown);
  int unknown = 0;
  for (int i = 0; i < n; ++i) {
    if (hideable[i] && (mine[i] || unit(rng) < 0.6) && unknown < 20) {
      ++unknown;
      continue;
    }
    if (mine[i]) {
      p.cells[i] = kFlag;
      continue;
    }
    int around = 0;
    p.for_neighbours(i, [&](int j) { around += mine[j]; });
    p.cells[i] = static_cast<int8_t>(around);
  }
  return p;
}

TEST(MinesProbability, ManyComponentsAgreeWithBruteForce) {
  std::mt19937 rng(20261125);
  int many = 0;
  for (int i = 0; i < 600; ++i) {
    Probabilities got;
    expect_matches_brute_force(striped_position(rng),
                               i % 2 ? all_rules() : std::vector<std::string>{}, 1, &got);
    if (HasFatalFailure()) return;
    many += got.components >= 5;
  }
  EXPECT_GE(many, 100) << "positions with five or more components must be common";
}

TEST(MinesProbability, CorruptedPositionsAreInconsistentExactlyWhenBruteForceSaysSo) {
  std::mt19937 rng(20261126);
  int inconsistent = 0;
  for (int i = 0; i < 1000; ++i) {
    const Position p = random_position(rng, 20, true);
    expect_matches_brute_force(p, all_rules());
    if (HasFatalFailure()) return;
    inconsistent += count_layouts(p).layouts == 0;
  }
  EXPECT_GE(inconsistent, 300) << "the corruption must make inconsistent positions";
}

// The re-check behind `solve mines` (ilp::MinesLayoutCheck: a local LP, the LP taken apart by
// components, then CBC) against brute force: for every unknown cell and value, some layout has
// the cell so exactly when brute force counts one. Corrupted positions give "no" everywhere.
// Every other position runs the local LP first whatever the component's size (local_first 0).
TEST(MinesProbability, LayoutCheckAgreesWithBruteForce) {
  std::mt19937 rng(20261127);
  int yes = 0, no = 0, no_by_integer_model = 0;
  const int positions = bs::test::samples(400);
  for (int i = 0; i < positions; ++i) {
    const Position p = random_position(rng, 14, i % 4 == 0);
    const LayoutCount b = count_layouts(p);
    bs::ilp::MinesLayoutCheck check(p, i % 2 ? 0 : 64);
    int k = 0;
    for (int c = 0; c < p.width * p.height; ++c) {
      if (p.cells[c] != kUnknown) continue;
      const double with_mine = b.layouts > 0 ? b.with_mine[k] : 0;
      ++k;
      for (int value : {0, 1}) {
        const bool want = value ? with_mine > 0 : b.layouts - with_mine > 0;
        const int before = check.integer_solves();
        ASSERT_EQ(check.layout_exists(c, value), want) << "cell " << c << " = " << value << "\n"
                                                       << format_position(p);
        (want ? yes : no) += 1;
        // A "no" that both relaxations missed: only the integer model could give it.
        no_by_integer_model += !want && check.integer_solves() > before;
      }
    }
  }
  // On random boards the relaxations settle every "no"; here they cannot. The digits say a + b,
  // b + c and a + c (cells 0, 2 and 11) each hold one mine, and the count leaves two mines to
  // them and the three interior cells on the right (4, 9, 14). With an interior cell fixed safe,
  // x = 1/2 on a, b, c and half a mine over the other two interior cells meets every row, yet no
  // layout does (a + b + c would be 3/2). Fixing a, b or c breaks the half solution, so the LP
  // alone says no there.
  const Position gap = parse_position("5 3 8\n.2.F.\n3F6F.\nF.FF.\n", "gap.txt");
  ASSERT_EQ(count_layouts(gap).layouts, 0);
  bs::ilp::MinesLayoutCheck check(gap);
  for (int c : {0, 2, 11, 4, 9, 14})
    for (int value : {0, 1}) {
      const int before = check.integer_solves();
      EXPECT_FALSE(check.layout_exists(c, value)) << "cell " << c << " = " << value;
      EXPECT_EQ(check.integer_solves() - before, c % 5 == 4 && value == 0) << c << " = " << value;
      no_by_integer_model += check.integer_solves() > before;
    }
  // Both answers must be common, and the three above must get past both relaxations to CBC.
  EXPECT_GE(yes, positions * 5 / 2);
  EXPECT_GE(no, positions * 5 / 2);
  EXPECT_EQ(no_by_integer_model, 3);
  std::printf("layout checks: %d yes, %d no (%d of them by CBC)\n", yes, no, no_by_integer_model);
}

// The batch re-check (MinesLayoutCheck::settles_all) against brute force: claims on every unknown
// cell, each true (the cell is certain and claimed as it is) or not (an uncertain cell, or a
// certain one claimed the other way), mixed in one call. A claim settled must be true; and most
// true claims of a correct analysis must be settled, or the batch saves nothing.
TEST(MinesProbability, BatchLayoutCheckSettlesOnlyTrueClaims) {
  std::mt19937 rng(20261128);
  int settled_true = 0, unsettled_true = 0, false_claims = 0, mixed = 0;
  for (int i = 0; i < 1500; ++i) {
    const Position p = random_position(rng, 14, false);
    const LayoutCount b = count_layouts(p);
    if (b.layouts == 0) continue;
    std::vector<int> cells, values;
    std::vector<char> truth;
    int k = 0;
    for (int c = 0; c < p.width * p.height; ++c) {
      if (p.cells[c] != kUnknown) continue;
      const double mines = b.with_mine[k++];
      const bool certain = mines == 0 || mines == b.layouts;
      // Odd rounds: mostly true claims with a false one now and then. Even rounds: the certain
      // cells, claimed as they are, as a correct analysis claims them.
      const bool lie = !certain || (i % 2 == 1 && rng() % 8 == 0);
      if (lie && i % 2 == 0) continue;
      cells.push_back(c);
      values.push_back((mines == b.layouts) != lie ? 1 : 0);
      truth.push_back(certain && !lie);
    }
    bs::ilp::MinesLayoutCheck check(p);
    const std::vector<char> settled = check.settles_all(cells, values);
    ASSERT_EQ(settled.size(), cells.size());
    bool any_false = false;
    for (size_t j = 0; j < cells.size(); ++j) {
      if (settled[j]) {
        ASSERT_TRUE(truth[j]) << "cell " << cells[j] << " claimed " << values[j] << "\n"
                              << format_position(p);
      }
      if (truth[j]) {
        if (i % 2 == 0) (settled[j] ? settled_true : unsettled_true) += 1;
      } else {
        ++false_claims;
        any_false = true;
      }
    }
    mixed += any_false && std::count(settled.begin(), settled.end(), 1) > 0;
  }
  EXPECT_GE(false_claims, 1000);
  EXPECT_GE(mixed, 50);  // some calls settle part of their claims and leave the false ones
  EXPECT_GE(settled_true, 9 * unsettled_true);
  std::printf("batch: %d true claims settled, %d left, %d false claims, %d calls mixed\n",
              settled_true, unsettled_true, false_claims, mixed);
}

// Expert boards opened as a game opens them, by flood fill from cells with no mine around:
// components far beyond brute force. The expected number of mines over the unknown cells must
// be the mines left, and two threads must give bit-identical answers to one.
TEST(MinesProbabilityParallel, LargeComponentsAreThreadCountIndependent) {
  std::mt19937 rng(7);
  int largest = 0, most_groups = 0;
  for (int trial = 0; trial < 12; ++trial) {
    Position p;
    p.width = 30;
    p.height = 16;
    p.mines = 99;
    const int n = p.width * p.height;
    std::vector<int> cells(n);
    for (int i = 0; i < n; ++i) cells[i] = i;
    std::shuffle(cells.begin(), cells.end(), rng);
    std::vector<char> mine(n, 0);
    for (int k = 0; k < p.mines; ++k) mine[cells[k]] = 1;
    std::vector<int> around(n, 0);
    for (int i = 0; i < n; ++i) p.for_neighbours(i, [&](int j) { around[i] += mine[j]; });
    p.cells.assign(n, kUnknown);
    int revealed = 0;
    for (int start : cells) {  // open zeros until a third of the board shows
      if (revealed >= n / 3) break;
      if (mine[start] || around[start] != 0 || p.cells[start] != kUnknown) continue;
      std::vector<int> stack{start};
      while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        if (p.cells[i] != kUnknown) continue;
        p.cells[i] = static_cast<int8_t>(around[i]);
        ++revealed;
        if (around[i] == 0) p.for_neighbours(i, [&](int j) { stack.push_back(j); });
      }
    }
    // The cheap rule alone leaves the components large. The enumeration is forced, so that its
    // split over threads is what runs; the frontier DP must agree with it.
    auto analyse = [&](int threads, Counting counting) {
      return mine_probabilities(p, {"single-row"},
                                AnalysisOptions{.threads = threads, .counting = counting});
    };
    const Probabilities one = analyse(1, Counting::enumeration);
    const Probabilities two = analyse(2, Counting::enumeration);
    const Probabilities dp = analyse(1, Counting::dp);
    ASSERT_TRUE(one.consistent) << one.why;
    ASSERT_TRUE(dp.consistent) << dp.why;
    EXPECT_NEAR(one.layouts_log10, dp.layouts_log10, 1e-9);
    for (int i = 0; i < n; ++i) {
      EXPECT_NEAR(one.mine[i], dp.mine[i], 1e-12) << "cell " << i;
      EXPECT_EQ(one.decided_by[i] >= 0, dp.decided_by[i] >= 0) << "cell " << i;
    }
    largest = std::max(largest, one.largest_component);
    most_groups = std::max(most_groups, one.most_groups);
    EXPECT_EQ(one.mine, two.mine);
    EXPECT_EQ(one.layouts_log10, two.layouts_log10);
    double expected = 0;
    for (int i = 0; i < n; ++i)
      if (p.cells[i] == kUnknown) expected += one.mine[i];
    EXPECT_NEAR(expected, p.mines, 1e-6);
  }
  EXPECT_GE(largest, 30) << "the openings must make large components";
  EXPECT_GE(most_groups, 16) << "some component must be large enough to be split over threads";
}

}  // namespace
