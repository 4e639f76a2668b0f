// Random solved Shakashaka grids against what they promise: every planted tiling passes the
// independent quarter-triangle verifier (grid.hpp), every black cell carries the count of the
// triangles next to it, the seed alone decides the grid (pinned to a fixed text, so a change of
// platform or of the draws shows), and the parameters steer the mix the way they say.
#include "puzzles/shakashaka/random.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

using namespace bs::shakashaka;

namespace {

// The grid as the shipped solution files write it: black cells as their clue, white cells as
// their state letter.
std::string picture(const SolvedGrid& g) {
  std::string s;
  for (int r = 0; r < g.instance.height; ++r) {
    for (int c = 0; c < g.instance.width; ++c) {
      const int cell = r * g.instance.width + c, given = g.instance.givens[cell];
      s += is_black(given) ? static_cast<char>('0' + given) : kStateLetters[g.solution[cell]];
    }
    s += '\n';
  }
  return s;
}

// Checks everything a solved grid promises; the message names the grid.
void expect_solved(const SolvedGrid& g, const std::string& what) {
  EXPECT_EQ(verify_solution(g.instance, g.solution), "") << what << "\n" << picture(g);
  ASSERT_EQ(g.instance.cells(), static_cast<int>(g.solution.size())) << what;
  for (int c = 0; c < g.instance.cells(); ++c) {
    if (!is_black(g.instance.givens[c])) continue;
    EXPECT_LE(g.instance.givens[c], 4) << what << ": a black cell without its clue";
  }
}

struct Counts {
  int black = 0, triangles = 0, cells = 0;
};

Counts count(const SolvedGrid& g) {
  Counts n;
  n.cells = g.instance.cells();
  for (int c = 0; c < n.cells; ++c) {
    n.black += is_black(g.instance.givens[c]);
    n.triangles += is_triangle(g.solution[c]);
  }
  return n;
}

void sweep_sizes(int max_side, int seeds) {
  for (int h = 1; h <= max_side; ++h)
    for (int w = 1; w <= max_side; ++w)
      for (int s = 0; s < seeds; ++s)
        expect_solved(random_solved_grid(h, w, s),
                      std::to_string(h) + "x" + std::to_string(w) + " seed " + std::to_string(s));
}

}  // namespace

TEST(ShakashakaRandom, EveryGridUpTo12x12AndSomeLargeOnesSolveTheirInstance) {
  sweep_sizes(12, 4);
  for (uint64_t s = 0; s < 3; ++s) expect_solved(random_solved_grid(50, 50, s), "50x50");
  expect_solved(random_solved_grid(100, 100, 7), "100x100");
  expect_solved(random_solved_grid(37, 91, 11), "37x91");
}

TEST(ShakashakaRandom, ManySeedsOfEverySizeUpTo30SolveTheirInstance) {  // full
  sweep_sizes(30, 20);
  for (uint64_t s = 0; s < 20; ++s) expect_solved(random_solved_grid(100, 100, s), "100x100");
}

TEST(ShakashakaRandom, TheSeedAloneDecidesTheGrid) {
  const SolvedGrid a = random_solved_grid(20, 15, 42), b = random_solved_grid(20, 15, 42);
  EXPECT_EQ(a.instance, b.instance);
  EXPECT_EQ(a.solution, b.solution);
  int differ = 0;
  for (uint64_t s = 0; s < 10; ++s)
    differ += random_solved_grid(20, 15, s).solution != random_solved_grid(20, 15, s + 1).solution;
  EXPECT_EQ(differ, 10);
}

// The exact grid of one seed: splitmix64 and integer draws make it the same on every platform,
// and any change to the draws (which would change every generated puzzle) fails here.
TEST(ShakashakaRandom, OneSeedGivesThisGridOnEveryPlatform) {
  EXPECT_EQ(picture(random_solved_grid(8, 10, 2026)),
            ".ab3ab2ab.\n"
            "a..bdc.dc2\n"
            "d..c4ab3ab\n"
            ".dcabdc.dc\n"
            "0.a.c.2.2.\n"
            ".a.c3ab3ab\n"
            "1dc2.d.bdc\n"
            ".1..0.dc..\n");
}

TEST(ShakashakaRandom, TheSmallestDiamondIsTheTwoByTwoBlock) {
  TilingParams only_diamonds;
  only_diamonds.black_permille = 0;
  only_diamonds.diamond_permille = 1000;
  EXPECT_EQ(picture(random_solved_grid(2, 2, 5, only_diamonds)), "ab\ndc\n");
}

// The defaults look like published puzzles: 14-18% black cells and about 55% triangles (the
// shipped ones have 10-24% and 52-66%).
TEST(ShakashakaRandom, DefaultDensityIsPuzzleLike) {
  Counts total;
  for (uint64_t s = 0; s < 20; ++s) {
    const Counts n = count(random_solved_grid(30, 30, s));
    total.black += n.black, total.triangles += n.triangles, total.cells += n.cells;
  }
  const double black = 1.0 * total.black / total.cells,
               triangles = 1.0 * total.triangles / total.cells;
  EXPECT_GT(black, 0.10);
  EXPECT_LT(black, 0.22);
  EXPECT_GT(triangles, 0.45);
  EXPECT_LT(triangles, 0.65);
}

TEST(ShakashakaRandom, TheParametersSteerTheMix) {
  auto fraction = [](const TilingParams& p, bool black) {
    Counts total;
    for (uint64_t s = 0; s < 10; ++s) {
      const SolvedGrid g = random_solved_grid(30, 30, s, p);
      expect_solved(g, "30x30 with parameters");
      const Counts n = count(g);
      total.black += n.black, total.triangles += n.triangles, total.cells += n.cells;
    }
    return 1.0 * (black ? total.black : total.triangles) / total.cells;
  };
  TilingParams sparse, dense, diamonds, rectangles;
  sparse.black_permille = 0;
  dense.black_permille = 1000;
  EXPECT_LT(fraction(sparse, true) + 0.05, fraction(dense, true));
  diamonds.diamond_permille = 1000;
  rectangles.diamond_permille = 0;
  EXPECT_LT(fraction(rectangles, false) + 0.1, fraction(diamonds, false));
}

TEST(ShakashakaRandom, SizesOutsideTheRangeAreRefused) {
  EXPECT_THROW(random_solved_grid(0, 5, 1), std::invalid_argument);
  EXPECT_THROW(random_solved_grid(5, -1, 1), std::invalid_argument);
  EXPECT_THROW(random_solved_grid(5, kMaxSide + 1, 1), std::invalid_argument);
}
