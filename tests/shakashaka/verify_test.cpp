// Tests for the Shakashaka verifier (grid.hpp's verify_solution) on real and hand-made answers:
// every shipped solution verifies and every single-cell change of one is refused (the puzzles
// are unique, so any other filling is wrong); small hand-made fillings show each shape the
// verifier must tell apart: a rectangle turned 45 degrees, an axis-aligned one, an L, a white
// area with a 270-degree corner, a half cell against the frame; and a miscounted clue.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "puzzles/shakashaka/format.hpp"
#include "puzzles/shakashaka/grid.hpp"
#include "tests/test_support.hpp"

namespace bs::shakashaka {
namespace {

using namespace bs::testing_support;

const std::string kDir = shipped_instance("shakashaka/real/");

std::vector<std::string> puzzle_bases() {
  std::vector<std::string> bases;
  for (const auto& e : std::filesystem::directory_iterator(kDir)) {
    if (e.path().extension() == ".txt") {
      std::filesystem::path p = e.path();
      bases.push_back(p.replace_extension().string());
    }
  }
  return bases;
}

// The verdict on a hand-made grid and filling, both in the text forms.
std::string verdict(const std::string& grid, const std::string& filling) {
  const Instance in = parse_instance(grid, "hand.txt");
  return verify_solution(in, parse_solution(filling, in, "hand.sol"));
}

bool contains(const std::string& s, const std::string& what) {
  return s.find(what) != std::string::npos;
}

TEST(ShakashakaVerify, EveryShippedSolutionVerifies) {
  const std::vector<std::string> bases = puzzle_bases();
  ASSERT_EQ(bases.size(), 16u);
  for (const std::string& base : bases)
    EXPECT_EQ(verify_files(base + ".txt", base + ".sol"), "") << base;
}

TEST(ShakashakaVerify, EverySingleCellChangeOfAShippedSolutionIsRefused) {
  int changes = 0;
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const Instance in = read_instance(base + ".txt");
    const Solution sol = parse_solution(read_file(base + ".sol"), in, base + ".sol");
    for (int cell = 0; cell < in.cells(); ++cell) {
      if (is_black(in.givens[cell])) continue;
      for (int state = empty; state <= ll; ++state) {
        if (state == sol[cell]) continue;
        Solution changed = sol;
        changed[cell] = state;
        ++changes;
        EXPECT_NE(verify_solution(in, changed), "")
            << "cell " << cell << " set to " << kStateLetters[state];
      }
    }
  }
  EXPECT_GT(changes, 16 * 4 * 50);  // every puzzle has well over 50 white cells
}

TEST(ShakashakaVerify, ARectangleTurnedFortyFiveDegreesIsAccepted) {
  // A diamond of 2 x 1 diagonal units across a 3 x 3 grid; the two corner cells left white are
  // unit squares of their own.
  EXPECT_EQ(verdict("3 3\n...\n...\n...\n", "ab.\nd.b\n.dc\n"), "");
  // The smallest diamond, beside a clue that counts one of its triangles.
  EXPECT_EQ(verdict("2 3\n..1\n...\n", "ab1\ndc.\n"), "");
}

TEST(ShakashakaVerify, AnAxisAlignedRectangleIsAccepted) {
  EXPECT_EQ(verdict("3 3\n#..\n#..\n#..\n", "#..\n#..\n#..\n"), "");
  EXPECT_EQ(verdict("1 1\n.\n", ".\n"), "");
  // Two rectangles side by side, split by a column of black cells.
  EXPECT_EQ(verdict("2 3\n.#.\n.0.\n", ".#.\n.0.\n"), "");
}

TEST(ShakashakaVerify, AnLShapedWhiteAreaIsRefused) {
  EXPECT_TRUE(contains(verdict("2 2\n#.\n..\n", "#.\n..\n"), "is not a rectangle"));
  EXPECT_TRUE(contains(verdict("3 3\n..#\n..#\n...\n", "..#\n..#\n...\n"), "is not a rectangle"));
}

TEST(ShakashakaVerify, AWhiteAreaWithA270DegreeCornerIsRefused) {
  // The white right angle of a triangle and two empty cells around a black corner: 90 + 90 + 90
  // degrees of white at the lattice point in the middle (the corner the IP's family F forbids).
  EXPECT_TRUE(contains(verdict("2 2\n..\n.#\n", "a.\n.#\n"), "is not a rectangle"));
  // A triangle's black right angle in a white square: 270 degrees of white around it.
  EXPECT_TRUE(contains(verdict("2 2\n..\n..\n", "c.\n..\n"), "is not a rectangle"));
  // A 45-degree corner of white against the frame: a lone triangle's white half.
  EXPECT_TRUE(contains(verdict("1 1\n.\n", "a\n"), "is not a rectangle"));
  // Half a diamond: the missing triangle leaves a white area that fits no rectangle.
  EXPECT_TRUE(contains(verdict("2 2\n..\n..\n", "ab\nd.\n"), "is not a rectangle"));
}

TEST(ShakashakaVerify, AMiscountedClueIsRefused) {
  const std::string wrong = verdict("2 3\n..2\n...\n", "ab2\ndc.\n");
  EXPECT_TRUE(contains(wrong, "clue 2 at row 1, column 3 has 1 triangles")) << wrong;
  // A clue of 0 beside a triangle, the white areas all rectangles.
  EXPECT_TRUE(contains(verdict("2 3\n..0\n...\n", "ab0\ndc.\n"), "clue 0")) << wrong;
}

TEST(ShakashakaVerify, FillingsOfTheWrongShapeAreRefused) {
  const Instance in = parse_instance("2 3\n..1\n...\n", "hand.txt");
  EXPECT_TRUE(contains(verify_solution(in, Solution(5, empty)), "5 cells"));
  EXPECT_TRUE(contains(verify_solution(in, Solution{ul, ur, ul, ll, lr, empty}), "black cell"));
  EXPECT_TRUE(contains(verify_solution(in, Solution{ul, ur, 0, ll, lr, 0}), "has no state"));
}

}  // namespace
}  // namespace bs::shakashaka
