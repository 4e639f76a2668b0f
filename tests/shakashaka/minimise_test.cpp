// The clue minimiser against a brute-force oracle written here: on small random grids it counts
// every solution by enumerating the five states of each white cell and keeping what the
// independent verifier (grid.hpp) accepts. The minimiser's result must be unique by that count,
// keep the black cells and a subset of the clues, and leave no clue that the count says could go:
// the single pass's guarantee, asserted here from outside rather than trusted.
//
// The oracle enumerates the fillings of the black pattern once, without clues, cell by cell, and
// prunes a partial filling by two plain facts about its white regions (see
// regions_can_be_rectangles); whatever survives is judged by the verifier. Each uniqueness
// question then filters those fillings by the clues, again with the verifier.
#include "solvers/shakashaka/minimise.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "puzzles/shakashaka/random.hpp"
#include "tests/sample_size.hpp"

using namespace bs::shakashaka;

namespace {

class BruteForce {
 public:
  explicit BruteForce(const Instance& in) : bare_(in), filling_(in.cells(), 0) {
    for (int c = 0; c < in.cells(); ++c) {
      if (is_black(in.givens[c]))
        bare_.givens[c] = kBlack;
      else
        white_.push_back(c);
    }
    fill(0);
  }

  int solutions(const Instance& clued) const {
    return static_cast<int>(std::count_if(shapes_.begin(), shapes_.end(), [&](const Solution& s) {
      return verify_solution(clued, s).empty();
    }));
  }
  bool unique(const Instance& clued) const { return solutions(clued) == 1; }

 private:
  // Every state of the k-th white cell (row-major), each consistent one going on to the next.
  void fill(size_t k) {
    if (k == white_.size()) {
      if (verify_solution(bare_, filling_).empty()) shapes_.push_back(filling_);
      return;
    }
    for (int state = empty; state <= ll; ++state) {
      filling_[white_[k]] = state;
      if (regions_can_be_rectangles()) fill(k + 1);
    }
    filling_[white_[k]] = 0;
  }

  bool decided(int cell) const { return is_black(bare_.givens[cell]) || filling_[cell] != 0; }
  bool black_quarter(int cell, int side) const {
    return is_black(bare_.givens[cell]) || black_along(filling_[cell], side);
  }

  // Floods the white quarters of the decided cells. A region fails when it holds a triangle's
  // white half (a diagonal edge, so it can only be a 45-degree rectangle) and also a side facing
  // black or the frame (an axis-parallel edge, which such a rectangle lacks); and a region closed
  // off from every undecided cell, so final, fails unless it fills its bounding box (axis-aligned
  // or turned 45 degrees; doubled coordinates, a quarter has area 1).
  bool regions_can_be_rectangles() const {
    const int h = bare_.height, w = bare_.width;
    std::vector<char> seen(4 * bare_.cells(), 0);
    for (int start = 0; start < 4 * bare_.cells(); ++start) {
      if (seen[start] || !decided(start / 4) || black_quarter(start / 4, start % 4)) continue;
      int64_t quarters = 0, lo[4], hi[4];
      std::fill(lo, lo + 4, std::numeric_limits<int64_t>::max());
      std::fill(hi, hi + 4, std::numeric_limits<int64_t>::min());
      auto point = [&](int64_t x, int64_t y) {
        const int64_t v[4] = {x, y, x + y, x - y};
        for (int k = 0; k < 4; ++k) lo[k] = std::min(lo[k], v[k]), hi[k] = std::max(hi[k], v[k]);
      };
      bool open = false, diagonal_edge = false, axis_edge = false;
      std::vector<int> stack{start};
      seen[start] = 1;
      while (!stack.empty()) {
        const int q = stack.back(), cell = q / 4, side = q % 4, r = cell / w, c = cell % w;
        stack.pop_back();
        ++quarters;
        diagonal_edge |= is_triangle(filling_[cell]);
        static constexpr int kEnds[4][4] = {{0, 0, 2, 0}, {2, 0, 2, 2}, {0, 2, 2, 2}, {0, 0, 0, 2}};
        point(2 * c + 1, 2 * r + 1);
        point(2 * c + kEnds[side][0], 2 * r + kEnds[side][1]);
        point(2 * c + kEnds[side][2], 2 * r + kEnds[side][3]);
        seen[q] = 1;
        for (int next : {(side + 1) % 4, (side + 3) % 4})
          if (!seen[4 * cell + next] && !black_quarter(cell, next)) {
            seen[4 * cell + next] = 1;
            stack.push_back(4 * cell + next);
          }
        // Across the side: the frame, or the neighbour's quarter on the facing side.
        const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
        const int nr = r + dr[side], nc = c + dc[side], facing = (side + 2) % 4;
        if (nr < 0 || nr >= h || nc < 0 || nc >= w) {
          axis_edge = true;
          continue;
        }
        const int other = nr * w + nc;
        if (!decided(other)) {
          open = true;
        } else if (black_quarter(other, facing)) {
          axis_edge = true;
        } else if (!seen[4 * other + facing]) {
          seen[4 * other + facing] = 1;
          stack.push_back(4 * other + facing);
        }
      }
      if (diagonal_edge && axis_edge) return false;
      if (open) continue;
      const bool axis = (hi[0] - lo[0]) * (hi[1] - lo[1]) == quarters;
      const bool diagonal = (hi[2] - lo[2]) * (hi[3] - lo[3]) == 2 * quarters;
      if (!axis && !diagonal) return false;
    }
    return true;
  }

  Instance bare_;  // the black pattern, no clues
  std::vector<int> white_;
  Solution filling_;              // 0 for black and undecided cells
  std::vector<Solution> shapes_;  // every filling the verifier accepts without clues
};

Instance without(Instance in, int cell) {
  in.givens[cell] = kBlack;
  return in;
}

// Small grids with a fair share of clues: the default tiling on 3x3 to 4x5, and a denser one.
std::vector<SolvedGrid> small_grids() {
  std::vector<SolvedGrid> grids;
  TilingParams dense;
  dense.black_permille = 900;
  for (uint64_t s = 0; s < 12; ++s) {
    grids.push_back(random_solved_grid(3, 3, s));
    grids.push_back(random_solved_grid(4, 4, s));
    grids.push_back(random_solved_grid(4, 5, s, dense));
  }
  return grids;
}

}  // namespace

// Counts the solutions of `in` with no pruning at all: all 5^k fillings through the verifier.
int plain_count(const Instance& in) {
  std::vector<int> white;
  Solution s(in.cells(), 0);
  for (int c = 0; c < in.cells(); ++c)
    if (!is_black(in.givens[c])) white.push_back(c), s[c] = empty;
  int found = 0;
  while (true) {
    found += verify_solution(in, s).empty();
    size_t i = 0;
    for (; i < white.size() && s[white[i]] == ll; ++i) s[white[i]] = empty;
    if (i == white.size()) return found;
    ++s[white[i]];
  }
}

// The oracle itself: it finds the planted solution, and its pruning loses nothing: on grids of up
// to five white cells it counts what the unpruned enumeration counts, with and without clues (a
// white 2x2 block has two solutions: all empty, or the diamond).
TEST(ShakashakaMinimise, TheBruteForceCountsWhatThePlainEnumerationCounts) {
  Instance open{"open", 2, 2, {kWhite, kWhite, kWhite, kWhite}};
  EXPECT_EQ(BruteForce(open).solutions(open), 2);
  int compared = 0;
  for (const auto& [h, w] : {std::pair{2, 3}, std::pair{3, 2}, std::pair{3, 3}, std::pair{2, 4}})
    for (int s = 0; s < bs::test::samples(20); ++s) {
      const SolvedGrid g = random_solved_grid(h, w, s);
      if (g.instance.cells() - g.instance.clues() > 5) continue;
      Instance bare = g.instance;
      for (int& given : bare.givens)
        if (is_black(given)) given = kBlack;
      const BruteForce oracle(g.instance);
      EXPECT_GE(oracle.solutions(g.instance), 1);
      EXPECT_EQ(oracle.solutions(g.instance), plain_count(g.instance));
      EXPECT_EQ(oracle.solutions(bare), plain_count(bare));
      ++compared;
    }
  EXPECT_GE(compared, bs::test::samples(20)) << compared;
  for (const SolvedGrid& g : small_grids())
    EXPECT_GE(BruteForce(g.instance).solutions(g.instance), 1);
}

TEST(ShakashakaMinimise, ResultIsUniqueAndEveryClueLeftIsNeeded) {
  int minimised = 0, not_unique = 0, kept = 0, dropped = 0;
  for (const SolvedGrid& g : small_grids()) {
    const BruteForce oracle(g.instance);
    auto unique = [&](const Instance& in) { return oracle.unique(in); };
    const auto m = minimise_clues(g.instance, unique, 99, /*check_each=*/false);
    if (!oracle.unique(g.instance)) {
      EXPECT_FALSE(m.has_value());
      ++not_unique;
      continue;
    }
    ASSERT_TRUE(m.has_value());
    ++minimised;
    const Instance& p = m->puzzle;
    EXPECT_TRUE(oracle.unique(p));
    EXPECT_EQ(m->unique_calls, 1 + g.instance.clues());
    EXPECT_EQ(m->dropped, g.instance.clues() - p.clues());
    for (int c = 0; c < p.cells(); ++c) {
      EXPECT_EQ(is_black(p.givens[c]), is_black(g.instance.givens[c]));
      if (p.givens[c] < 0 || p.givens[c] > 4) continue;
      EXPECT_EQ(p.givens[c], g.instance.givens[c]);
      // The single pass's guarantee: dropping any clue left gives a second solution.
      EXPECT_GE(oracle.solutions(without(p, c)), 2) << "a needless clue was left";
    }
    EXPECT_TRUE(needless_clues(p, unique).empty());
    kept += p.clues();
    dropped += m->dropped;
  }
  // The sample must exercise every branch: puzzles that cannot be minimised, clues dropped and
  // clues kept.
  EXPECT_GE(not_unique, 1);
  EXPECT_GE(minimised, 10);
  EXPECT_GE(kept, 10);
  EXPECT_GE(dropped, 10);
}

TEST(ShakashakaMinimise, NeedlessCluesAreThoseTheOracleCanDrop) {
  for (const SolvedGrid& g : small_grids()) {
    const BruteForce oracle(g.instance);
    if (!oracle.unique(g.instance)) continue;
    std::vector<int> expected;
    for (int c = 0; c < g.instance.cells(); ++c)
      if (g.instance.givens[c] >= 0 && g.instance.givens[c] <= 4 &&
          oracle.unique(without(g.instance, c)))
        expected.push_back(c);
    EXPECT_EQ(needless_clues(g.instance, [&](const Instance& in) { return oracle.unique(in); }),
              expected);
  }
}

TEST(ShakashakaMinimise, TheSeedDecidesTheOrderAndSoThePuzzle) {
  // A monotone stand-in for uniqueness, "unique while k clues remain": every order keeps k clues,
  // and which k depends on the order alone.
  const SolvedGrid g = random_solved_grid(6, 6, 3);
  const int k = g.instance.clues() / 2;
  ASSERT_GE(k, 2);
  auto unique = [&](const Instance& in) { return in.clues() >= k; };
  const auto a = minimise_clues(g.instance, unique, 1), b = minimise_clues(g.instance, unique, 1);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->puzzle, b->puzzle);
  EXPECT_EQ(a->puzzle.clues(), k);
  bool another = false;
  for (uint64_t s = 2; s < 12; ++s)
    another |= !(minimise_clues(g.instance, unique, s)->puzzle == a->puzzle);
  EXPECT_TRUE(another);
}

// A uniqueness test that changes its mind (a solver with a budget, say) breaks the single pass's
// guarantee; the final check catches it.
TEST(ShakashakaMinimise, AnInexactUniquenessTestIsCaught) {
  const SolvedGrid g = random_solved_grid(6, 6, 3);
  ASSERT_GE(g.instance.clues(), 2);
  int calls = 0;
  const int pass_calls = 1 + g.instance.clues();
  // Unique for the full puzzle, not unique during the pass, unique again in the final check.
  auto fickle = [&](const Instance&) { return ++calls == 1 || calls > pass_calls; };
  EXPECT_THROW(minimise_clues(g.instance, fickle, 1), std::logic_error);
  calls = 0;
  EXPECT_NO_THROW(minimise_clues(g.instance, fickle, 1, /*check_each=*/false));
}
