// The matching rules (heuristics/dominosa/matching.cpp, matching_bgl.cpp) against brute force.
//
// The brute force knows no matching theory: it searches for a perfect matching of the alive
// placements cell by cell, the first uncovered cell in row-major order taking its right or lower
// neighbour (its left and upper ones are behind it, already covered), and remembers which
// (cell, cover of the next width cells) positions failed, so that the search is exhaustive yet
// small on grids of width at most 8. A placement survives iff a perfect matching with it forced
// exists; the node fails iff none exists at all.
//
// States are random grids of order 2 to 6 with random placements removed (at both ends), and
// some directions removed at one end only, which kills a placement without a word to the other
// end, as a move of the search does. Half the trials spare the planted solution, so that a
// perfect matching exists; the other half often have none.

#include "heuristics/dominosa/matching.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "core/splitmix64.hpp"
#include "heuristics/dominosa/dominosa_rule.hpp"
#include "puzzles/dominosa/random.hpp"
#include "tests/sample_size.hpp"

namespace {

using bs::Verdict;
using bs::dominosa::Direction;
using bs::dominosa::Mask;
using bs::dominosa::Structure;

const bs::dominosa::DominosaRuleEntry& rule(const std::string& name) {
  for (const auto& e : bs::dominosa::dominosa_rules())
    if (e.info.name == name) return e;
  throw std::logic_error("no rule " + name);
}

struct Outcome {
  Verdict verdict;
  std::vector<Mask> state;
};

// One call of `name` on a copy of `d`, with the whole node dirty.
Outcome run(const Structure& s, const std::vector<Mask>& d, const std::string& name) {
  Outcome out{Verdict::no_change, d};
  std::vector<bs::propagation::Narrowing> log;
  log.reserve(static_cast<size_t>(s.cells) * 4);
  bs::dominosa::Changes changed(s, out.state.data(), log);
  out.verdict = rule(name).propagate(s, out.state.data(), bs::propagation::Dirty::all(), changed);
  return out;
}

// The brute force: is there a perfect matching of the placements `usable` says are usable?
class PerfectMatchingSearch {
 public:
  PerfectMatchingSearch(const Structure& s, std::vector<bool> usable)
      : s_(s), usable_(std::move(usable)), failed_(static_cast<size_t>(s.cells) << s.width) {}

  bool exists() { return cover(0, 0); }

 private:
  // Cells before `cell` are covered; bit j of `ahead` says cell + j is (j < width).
  bool cover(int cell, unsigned ahead) {
    if (cell == s_.cells) return true;
    if (ahead & 1) return cover(cell + 1, ahead >> 1);
    const size_t key = (static_cast<size_t>(cell) << s_.width) | ahead;
    if (failed_[key]) return false;
    const int right = s_.placement_at[cell * 4 + bs::dominosa::right];
    if (right >= 0 && usable_[right] && !(ahead & 2) && cover(cell + 1, (ahead | 2) >> 1))
      return true;
    const int down = s_.placement_at[cell * 4 + bs::dominosa::down];
    if (down >= 0 && usable_[down] && cover(cell + 1, (ahead | 1u << s_.width) >> 1)) return true;
    failed_[key] = true;
    return false;
  }

  const Structure& s_;
  std::vector<bool> usable_;
  std::vector<bool> failed_;
};

// Per placement: does some perfect matching of the alive placements use it? All false when no
// perfect matching exists.
std::vector<bool> in_some_perfect_matching(const Structure& s, const Mask* d) {
  std::vector<bool> alive(s.placements);
  for (int p = 0; p < s.placements; ++p) alive[p] = s.alive(d, p);
  std::vector<bool> out(s.placements, false);
  if (!PerfectMatchingSearch(s, alive).exists()) return out;
  for (int p = 0; p < s.placements; ++p) {
    if (!alive[p]) continue;
    // Force p: no other placement at either of its cells.
    std::vector<bool> forced = alive;
    for (const int end : {s.ends[p].first, s.ends[p].second})
      for (int dir = 0; dir < 4; ++dir) {
        const int q = s.placement_at[end * 4 + dir];
        if (q >= 0 && q != p) forced[q] = false;
      }
    out[p] = PerfectMatchingSearch(s, forced).exists();
  }
  return out;
}

// A random grid of order n with a fraction of its placements removed at both ends, and a few
// directions removed at one end only.
std::vector<Mask> random_state(const Structure& s, const std::vector<int>& planted, uint64_t seed,
                               bool spare_planted) {
  uint64_t rng = seed;
  std::vector<Mask> d = s.root_state();
  const uint64_t percent = bs::splitmix64(rng) % 45;
  std::vector<bool> spared(s.placements, false);
  if (spare_planted)
    for (const int p : planted) spared[p] = true;
  for (int p = 0; p < s.placements; ++p) {
    if (spared[p] || bs::splitmix64(rng) % 100 >= percent) continue;
    const Direction to = s.first_to[p];
    const bool one_end = bs::splitmix64(rng) % 8 == 0;
    d[s.ends[p].first] &= ~bs::dominosa::direction_bit(to);
    if (!one_end) d[s.ends[p].second] &= ~bs::dominosa::direction_bit(bs::dominosa::opposite(to));
  }
  s.init_counts(d.data());
  return d;
}

void expect_agrees_with_brute_force(const Structure& s, const std::vector<Mask>& d,
                                    const Outcome& got, const std::string& what) {
  const std::vector<bool> survives = in_some_perfect_matching(s, d.data());
  const bool any = std::find(survives.begin(), survives.end(), true) != survives.end();
  ASSERT_EQ(got.verdict == Verdict::fail, !any) << what;
  if (!any) return;
  EXPECT_EQ(got.verdict == Verdict::progress, got.state != d) << what;
  for (int p = 0; p < s.placements; ++p)
    if (s.alive(d.data(), p)) {
      EXPECT_EQ(s.alive(got.state.data(), p), survives[p]) << what << " placement " << p;
    }
  // Nothing else changes: a dead placement's leftover direction stays, and the counts follow.
  std::vector<Mask> expected = d;
  for (int p = 0; p < s.placements; ++p)
    if (s.alive(d.data(), p) && !survives[p]) {
      expected[s.ends[p].first] &= ~bs::dominosa::direction_bit(s.first_to[p]);
      expected[s.ends[p].second] &=
          ~bs::dominosa::direction_bit(bs::dominosa::opposite(s.first_to[p]));
    }
  s.init_counts(expected.data());
  EXPECT_EQ(got.state, expected) << what;
}

TEST(DominosaMatching, BothRulesAgreeWithBruteForceOnRandomSparseGrids) {
  int failures = 0, removals = 0, trials = 0;
  for (int n = 2; n <= 6; ++n)
    for (int seed = 0; seed < bs::test::samples(200); ++seed) {
      const auto grid = bs::dominosa::random_planted_grid(n, 1000 * n + seed);
      const Structure s(grid.instance);
      const std::vector<Mask> d = random_state(s, grid.tiling, 77 * seed + n, seed % 2 == 0);
      const std::string what = "order " + std::to_string(n) + " seed " + std::to_string(seed);
      // Cold and warm starts (from the previous trial's matching), and the reference.
      bs::dominosa::set_matching_warm_start(seed % 3 != 0);
      const Outcome hand = run(s, d, "matching");
      bs::dominosa::set_matching_warm_start(true);
      const Outcome bgl = run(s, d, "matching-bgl");
      EXPECT_EQ(hand.verdict, bgl.verdict) << what;
      if (hand.verdict != Verdict::fail) {
        EXPECT_EQ(hand.state, bgl.state) << what;
      }
      expect_agrees_with_brute_force(s, d, hand, what);
      failures += hand.verdict == Verdict::fail;
      removals += hand.verdict == Verdict::progress;
      ++trials;
    }
  // Both outcomes must be common, or the comparison proves little.
  EXPECT_GT(failures, trials / 10);
  EXPECT_GT(removals, trials / 10);
}

TEST(DominosaMatching, SecondCallFindsNothing) {
  for (int seed = 0; seed < bs::test::samples(40); ++seed) {
    const auto grid = bs::dominosa::random_planted_grid(5, seed);
    const Structure s(grid.instance);
    const std::vector<Mask> d = random_state(s, grid.tiling, seed, true);
    for (const char* name : {"matching", "matching-bgl"}) {
      const Outcome once = run(s, d, name);
      ASSERT_NE(once.verdict, Verdict::fail) << name << " seed " << seed;
      EXPECT_EQ(run(s, once.state, name).verdict, Verdict::no_change) << name << " seed " << seed;
    }
  }
}

// The hand-made rule keeps its working memory per thread between calls and starts from the
// matching it found last: a call after calls on other nodes, of this grid and of grids of other
// sizes, answers as a cold call does.
TEST(DominosaMatching, CallsBeforeDoNotChangeTheAnswer) {
  const auto grid = bs::dominosa::random_planted_grid(12, 5);
  const Structure s(grid.instance);
  const std::vector<Mask> target = random_state(s, grid.tiling, 99, true);
  bs::dominosa::set_matching_warm_start(false);
  const Outcome first = run(s, target, "matching");
  bs::dominosa::set_matching_warm_start(true);
  ASSERT_EQ(first.verdict, Verdict::progress);  // something to get wrong
  for (int seed = 0; seed < 10; ++seed) {
    run(s, random_state(s, grid.tiling, seed, seed % 2 == 0), "matching");
    const auto other = bs::dominosa::random_planted_grid(3 + seed, seed);
    const Structure t(other.instance);
    run(t, random_state(t, other.tiling, seed, false), "matching");
    const Outcome again = run(s, target, "matching");
    EXPECT_EQ(again.verdict, first.verdict) << seed;
    EXPECT_EQ(again.state, first.state) << seed;
  }
  EXPECT_EQ(run(s, target, "matching-bgl").state, first.state);
}

// Tatham's parity rule as a special case: the top-left 3x3 block cut off from the rest of a
// grid of order 4 has nine cells, so no perfect matching covers it, though every cell in it
// still has two or more placements (so no single-placement rule can see it).
TEST(DominosaMatching, AnOddRegionCutOffFails) {
  const auto grid = bs::dominosa::random_planted_grid(4, 3);
  const Structure s(grid.instance);
  std::vector<Mask> d = s.root_state();
  std::vector<bs::propagation::Narrowing> log;
  log.reserve(static_cast<size_t>(s.cells) * 4);
  bs::dominosa::Changes changed(s, d.data(), log);
  bool progress = false;
  const int w = s.width;
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(bs::dominosa::remove_placement(
        s, d.data(), s.placement_at[(i * w + 2) * 4 + bs::dominosa::right], changed, progress));
    ASSERT_TRUE(bs::dominosa::remove_placement(
        s, d.data(), s.placement_at[(2 * w + i) * 4 + bs::dominosa::down], changed, progress));
  }
  for (int cell = 0; cell < s.cells; ++cell) {
    int options = 0;
    for (int dir = 0; dir < 4; ++dir) {
      const int p = s.placement_at[cell * 4 + dir];
      options += p >= 0 && s.alive(d.data(), p);
    }
    ASSERT_GE(options, 2) << "cell " << cell;
  }
  EXPECT_EQ(run(s, d, "matching").verdict, Verdict::fail);
  EXPECT_EQ(run(s, d, "matching-bgl").verdict, Verdict::fail);
  // An even region cut off the same way (the top two rows' left four cells) is no obstacle.
  std::vector<Mask> even = s.root_state();
  bs::dominosa::Changes even_changed(s, even.data(), log);
  for (int i = 0; i < 2; ++i)
    ASSERT_TRUE(bs::dominosa::remove_placement(
        s, even.data(), s.placement_at[(i * w + 3) * 4 + bs::dominosa::right], even_changed,
        progress));
  for (int i = 0; i < 4; ++i)
    ASSERT_TRUE(bs::dominosa::remove_placement(
        s, even.data(), s.placement_at[(w + i) * 4 + bs::dominosa::down], even_changed, progress));
  EXPECT_NE(run(s, even, "matching").verdict, Verdict::fail);
}

// In the driver with the cheap rules, on a dive to the planted solution of larger grids: the
// planted placements always survive, no node fails, and the dive ends on the planted solution.
TEST(DominosaMatching, DivesToThePlantedSolutionNeverLoseIt) {
  const bs::dominosa::DominosaRuleEntry* rules[] = {&rule("cell-single"), &rule("domino-single"),
                                                    &rule("matching")};
  int removed_by_matching = 0;
  for (int seed = 0; seed < bs::test::samples(30); ++seed) {
    const int n = 4 + seed % 12;
    const auto grid = bs::dominosa::random_planted_grid(n, seed);
    const Structure s(grid.instance);
    std::vector<Mask> d = s.root_state();
    const auto fixpoint = [&](const bs::propagation::Dirty& from) {
      bs::dominosa::FixpointIo io;
      return bs::dominosa::run_to_fixpoint(
          s, d.data(), from, rules, 3, io,
          [&](int i, Verdict, std::span<const bs::propagation::Narrowing> made) {
            if (i == 2) removed_by_matching += static_cast<int>(made.size());
          });
    };
    ASSERT_TRUE(fixpoint(bs::propagation::Dirty::all())) << seed;
    uint64_t rng = seed;
    for (;;) {
      for (const int p : grid.tiling) ASSERT_TRUE(s.alive(d.data(), p)) << seed;
      std::vector<int> open;
      for (const int p : grid.tiling)
        if (!s.placed(d.data(), p)) open.push_back(p);
      if (open.empty()) break;
      const int p = open[bs::splitmix64(rng) % open.size()];
      const int end =
          bs::propagation::fixed(d[s.ends[p].first]) ? s.ends[p].second : s.ends[p].first;
      const bs::propagation::Narrowing move = bs::propagation::assign(
          s, d.data(), end, bs::dominosa::direction_bit(s.direction_from(p, end)));
      ASSERT_TRUE(fixpoint({false, &move, &move + 1})) << seed;
    }
    EXPECT_EQ(d, [&] {
      std::vector<Mask> planted(s.words(), 0);
      for (const int p : grid.tiling) {
        planted[s.ends[p].first] = bs::dominosa::direction_bit(s.first_to[p]);
        planted[s.ends[p].second] =
            bs::dominosa::direction_bit(bs::dominosa::opposite(s.first_to[p]));
      }
      s.init_counts(planted.data());
      return planted;
    }()) << seed;
  }
  EXPECT_GT(removed_by_matching, 0);  // the rule took part
}

TEST(DominosaMatching, TheRootOfAPlantedGridKeepsEveryPlacement) {
  // A full grid: every placement lies in some tiling, so nothing goes.
  for (const int n : {3, 10, 30}) {
    const auto grid = bs::dominosa::random_planted_grid(n, 11);
    const Structure s(grid.instance);
    for (const char* name : {"matching", "matching-bgl"})
      EXPECT_EQ(run(s, s.root_state(), name).verdict, Verdict::no_change) << name << " " << n;
  }
}

}  // namespace
