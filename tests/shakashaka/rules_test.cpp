// The Shakashaka model and solver against the verifier, by brute force.
//
// The solver's model is the lattice-point constraints and the clues (shakashaka_rule.hpp); the
// verifier (grid.hpp) floods quarter triangles and measures areas. They share nothing, so two
// checks tie them together on grids small enough to enumerate every assignment of states:
// - the model: an assignment keeps every point legal and every clue exactly when the verifier
//   accepts it;
// - the solver: its count, with no rules and with the default ones, is the number of
//   assignments the verifier accepts.
// The tables the angle rule reads (corner_pairs) are checked against the definition
// (corner_is_legal) too.
#include <gtest/gtest.h>

#include <array>
#include <random>

#include "heuristics/shakashaka/shakashaka_rule.hpp"
#include "puzzles/shakashaka/format.hpp"
#include "solvers/shakashaka/solver.hpp"
#include "tests/sample_size.hpp"
#include "tests/shakashaka/assignments.hpp"

using namespace bs;
using namespace bs::shakashaka;
using bs::shakashaka::brute_force::for_each_assignment;

namespace {

// A random grid: about a fifth of the cells black, half of those with a random clue.
Instance random_instance(std::mt19937& rng, int height, int width) {
  Instance in;
  in.name = "random";
  in.height = height;
  in.width = width;
  in.givens.assign(in.cells(), kWhite);
  std::uniform_int_distribution<int> percent(0, 99), clue(0, 4);
  for (int& g : in.givens)
    if (percent(rng) < 20) g = percent(rng) < 50 ? kBlack : clue(rng) % 3;
  return in;
}

// The number of assignments the verifier accepts.
int verified_count(const Instance& in) {
  int count = 0;
  for_each_assignment(in, [&](const Solution& s) { count += verify_solution(in, s).empty(); });
  return count;
}

int whites(const Instance& in) {
  int n = 0;
  for (const int g : in.givens) n += !is_black(g);
  return n;
}

}  // namespace

TEST(ShakashakaModel, CornerTablesMatchTheDefinition) {
  const CornerPairs& pairs = corner_pairs();
  for (int code = 0; code < 6 * 6 * 6 * 6; ++code) {
    std::array<int, 4> v{};
    for (int s = 0, rest = code; s < 4; ++s, rest /= 6) v[s] = rest % 6 + 1;
    const int upper = (v[upper_left] - 1) * 6 + (v[upper_right] - 1);
    const int lower = (v[lower_left] - 1) * 6 + (v[lower_right] - 1);
    const auto bit = [](int v) { return Mask{1} << (v - 1); };
    // The domains of single values: the pair sets hold exactly that pair, and the relation
    // holds exactly when the corner is legal.
    const int ui = pair_index(bit(v[upper_left]), bit(v[upper_right]));
    const int li = pair_index(bit(v[lower_left]), bit(v[lower_right]));
    EXPECT_EQ(pairs.pairs[ui], PairSet{1} << upper);
    EXPECT_EQ((pairs.upper_fits[li] >> upper & 1) != 0, corner_is_legal(v)) << code;
    EXPECT_EQ((pairs.lower_fits[ui] >> lower & 1) != 0, corner_is_legal(v)) << code;
  }
}

// Every full assignment: the model's check (fixed_values_agree) and the verifier agree.
TEST(ShakashakaModel, PointConstraintsAndCluesAreThePuzzle) {
  std::mt19937 rng(11);
  int grids = 0, accepted = 0;
  // Not sampled down under a sanitizer: the grids are kept to 5 white cells there instead, which
  // keeps each cheap and the sample varied (checked with the same seeds in Release).
  for (int trial = 0; trial < 60; ++trial) {
    const Instance in =
        random_instance(rng, 2 + static_cast<int>(rng() % 2), 2 + static_cast<int>(rng() % 3));
    if (whites(in) > (bs::test::kSanitized ? 5 : 7)) continue;
    ++grids;
    const Structure s(in);
    for_each_assignment(in, [&](const Solution& sol) {
      std::vector<Mask> d(s.cells);
      for (int c = 0; c < s.cells; ++c)
        d[c] = is_black(in.givens[c]) ? kBlackBit : Mask{1} << (sol[c] - 1);
      const bool verified = verify_solution(in, sol).empty();
      accepted += verified;
      ASSERT_EQ(s.fixed_values_agree(d.data()), verified) << format_instance(in);
    });
  }
  EXPECT_GT(grids, 5);
  EXPECT_GT(accepted, 10);
}

// A white area around a hole meets the angle constraints at most of its points: a ring around a
// black centre, every assignment. The random grids above are too small to hold such a ring.
TEST(ShakashakaModelFull, ARingAroundABlackCellIsJudgedAsTheVerifierJudgesIt) {
  const Instance in = parse_instance("3 3\n...\n.#.\n...\n", "ring.txt");
  const Structure s(in);
  int accepted = 0;
  for_each_assignment(in, [&](const Solution& sol) {
    std::vector<Mask> d(s.cells);
    for (int c = 0; c < s.cells; ++c)
      d[c] = is_black(in.givens[c]) ? kBlackBit : Mask{1} << (sol[c] - 1);
    const bool verified = verify_solution(in, sol).empty();
    accepted += verified;
    ASSERT_EQ(s.fixed_values_agree(d.data()), verified);
  });
  // No filling of a 3x3 ring is a solution (the ring's white area always has the hole): the
  // model must refuse all 5^8 of them, the ones whose white areas are otherwise well shaped too.
  EXPECT_EQ(accepted, 0);
}

// The solver's exact count, with no rules (plain backtracking) and with the defaults, is the
// verifier's brute-force count; every first solution it returns is verified (solve throws
// otherwise).
TEST(ShakashakaSolver, CountsWhatTheVerifierAccepts) {
  std::mt19937 rng(5);
  std::set<int> counts;
  // Not sampled down under a sanitizer: the grids are kept to 5 white cells there instead, which
  // keeps each cheap and the sample varied (checked with the same seeds in Release).
  for (int trial = 0; trial < 60; ++trial) {
    const Instance in =
        random_instance(rng, 2 + static_cast<int>(rng() % 3), 2 + static_cast<int>(rng() % 3));
    if (whites(in) > (bs::test::kSanitized ? 5 : 7)) continue;
    const int truth = verified_count(in);
    counts.insert(truth);
    for (const char* rules : {"none", "default"}) {
      Options o;
      o.set("count", "true");
      o.set("rules", rules);
      const Result r = solve(in, o);
      EXPECT_TRUE(r.count_complete);
      EXPECT_EQ(r.solution_count, truth) << rules << "\n" << format_instance(in);
      EXPECT_EQ(r.status, truth ? Status::solved : Status::infeasible);
    }
  }
  EXPECT_GE(counts.size(), 3u);  // some grids with none, one, many
}
