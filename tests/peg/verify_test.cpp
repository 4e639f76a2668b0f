// Tests for the independent solution checker and the rule-of-three position classes: every kind of
// illegal jump is caught at the right index, and the class is invariant under every legal jump.
#include "puzzles/peg/verify.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "puzzles/peg/format.hpp"
#include "puzzles/peg/position_class.hpp"

namespace bs::peg {
namespace {

Instance load(const std::string& name) {
  return read_instance(std::string(BS_SOURCE_DIR) + "/instances/peg/" + name);
}

// The 4x5 board of the lab's figure 1, solvable by 1 3 S, 1 2 S, 3 3 W, 3 1 N.
Instance lab() {
  return load("lab_fig1.txt");
}

// Asserts a failure at jump `index` whose message contains `why`.
void expect_bad(const Instance& in, const std::vector<JumpRC>& jumps, int index,
                const std::string& why) {
  const VerifyResult r = verify_solution(in, jumps);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.failed_move, index) << r.message;
  EXPECT_NE(r.message.find(why), std::string::npos) << r.message;
}

TEST(PegVerify, LabExampleVerifies) {
  const auto jumps = parse_jumps("1 3 S\n1 2 S\n3 3 W\n3 1 N\n", "sol.txt");
  const VerifyResult r = verify_solution(lab(), jumps);
  EXPECT_TRUE(r.ok) << r.message;
  EXPECT_EQ(r.failed_move, -1);
  EXPECT_TRUE(r.message.empty());
}

TEST(PegVerify, ShippedSolutionsVerify) {
  // Solutions found by an exhaustive search outside the toolkit, kept here as fixed data.
  const auto english = parse_jumps(
      "1 3 S\n2 1 E\n0 2 S\n0 4 W\n2 3 W\n2 0 E\n2 4 N\n2 6 W\n3 2 N\n0 2 S\n3 0 E\n3 2 N\n"
      "3 4 N\n0 4 S\n3 6 W\n3 4 N\n5 2 N\n4 0 E\n4 2 N\n1 2 S\n3 2 E\n4 4 N\n1 4 S\n4 6 W\n"
      "4 3 E\n6 4 N\n3 4 S\n6 2 E\n6 4 N\n4 5 W\n5 3 N\n",
      "english.sol");
  EXPECT_EQ(english.size(), 31u);
  const VerifyResult r1 = verify_solution(load("english33_central.txt"), english);
  EXPECT_TRUE(r1.ok) << r1.message;
  const auto fig3 = parse_jumps(
      "1 2 S\n2 0 E\n2 3 W\n0 3 S\n2 4 W\n2 1 E\n3 3 N\n3 5 W\n4 0 N\n4 1 N\n2 0 E\n3 2 N\n"
      "0 2 S\n4 3 N\n2 2 E\n2 5 W\n1 3 S\n4 5 W\n4 3 W\n6 2 N\n6 3 N\n3 3 S\n4 1 E\n5 3 N\n",
      "fig3.sol");
  const VerifyResult r2 = verify_solution(load("lab_fig3.txt"), fig3);
  EXPECT_TRUE(r2.ok) << r2.message;
  const VerifyResult r3 =
      verify_solution(load("lab_fig1.txt"), parse_jumps("1 3 S\n1 2 S\n3 3 W\n3 1 N", "s"));
  EXPECT_TRUE(r3.ok) << r3.message;
}

TEST(PegVerify, StartNotAHole) {
  expect_bad(lab(), {{0, 0, Dir::E}}, 0, "(0,0) is not a hole");
  expect_bad(lab(), {{1, 3, Dir::S}, {9, 9, Dir::N}}, 1, "(9,9) is not a hole");
  expect_bad(lab(), {{-1, 2, Dir::S}}, 0, "is not a hole");
}

TEST(PegVerify, OverNotAHole) {
  expect_bad(lab(), {{0, 2, Dir::E}}, 0, "jumps over (0,3)");
}

TEST(PegVerify, LandingNotAHoleOrOffBoard) {
  expect_bad(lab(), {{1, 2, Dir::N}}, 0, "lands on (-1,2), which is not a hole");
  expect_bad(lab(), {{2, 1, Dir::S}}, 0, "lands on (4,1)");
}

TEST(PegVerify, NoPegToJump) {
  expect_bad(lab(), {{1, 0, Dir::E}}, 0, "no peg at (1,0) to jump");
}

TEST(PegVerify, NoPegToJumpOver) {
  expect_bad(lab(), {{1, 3, Dir::S}, {1, 2, Dir::E}}, 1, "no peg at (1,3) to jump over");
}

TEST(PegVerify, LandingOccupied) {
  expect_bad(lab(), {{2, 1, Dir::E}}, 0, "landing hole (2,3) already holds a peg");
}

TEST(PegVerify, InvalidDirectionValue) {
  expect_bad(lab(), {{1, 3, static_cast<Dir>(7)}}, 0, "invalid direction");
}

TEST(PegVerify, MessageNamesTheJump) {
  const VerifyResult r = verify_solution(lab(), {{1, 3, Dir::S}, {1, 2, Dir::E}});
  EXPECT_NE(r.message.find("jump 1 (1 2 E)"), std::string::npos) << r.message;
}

TEST(PegVerify, WrongFinalIsRejected) {
  const VerifyResult r = verify_solution(lab(), {{1, 3, Dir::S}, {1, 2, Dir::S}, {3, 3, Dir::W}});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.failed_move, -1);
  EXPECT_NE(r.message.find("differs from the final one in 3 holes"), std::string::npos)
      << r.message;
  EXPECT_NE(r.message.find("(1,1) is empty, final has a peg"), std::string::npos) << r.message;
  const VerifyResult none = verify_solution(lab(), {});
  EXPECT_FALSE(none.ok);
  EXPECT_EQ(none.failed_move, -1);
  // One jump too many: the fifth has nothing left to jump.
  expect_bad(lab(),
             {{1, 3, Dir::S}, {1, 2, Dir::S}, {3, 3, Dir::W}, {3, 1, Dir::N}, {1, 1, Dir::E}}, 4,
             "no peg at (1,2) to jump over");
}

TEST(PegVerify, MalformedInstance) {
  Instance in = lab();
  in.final.pop_back();
  EXPECT_FALSE(verify_solution(in, {}).ok);
}

TEST(PegPositionClass, KnownValues) {
  // One peg at (0,0): nA0 = nB0 = 1, so bits nA0+nA1 and nB0+nB1 are set.
  const Board b(3, 3, std::vector<uint8_t>(9, 1));
  Config c(9, 0);
  c[0] = 1;
  EXPECT_EQ(position_class(b, c), 1 | 4);
  EXPECT_EQ(position_class(b, Config(9, 0)), 0);
  // One peg at (0,1): a = 1 sets both A bits; b = (0-1) mod 3 = 2 sets nB1+nB2 only.
  Config d(9, 0);
  d[1] = 1;
  EXPECT_EQ(position_class(b, d), 1 | 2 | 8);
  EXPECT_NE(describe_class(5).find("class 5"), std::string::npos);
  EXPECT_THROW(describe_class(16), std::invalid_argument);
  EXPECT_THROW(position_class(b, Config(3, 0)), std::invalid_argument);
}

TEST(PegPositionClass, ClassicBoards) {
  const Instance english = load("english33_central.txt");
  EXPECT_EQ(english.board.holes(), 33);
  EXPECT_EQ(position_class(english.board, english.start),
            position_class(english.board, english.final));
  const Instance french = load("french37_central.txt");
  EXPECT_EQ(french.board.holes(), 37);
  EXPECT_NE(position_class(french.board, french.start), position_class(french.board, french.final))
      << describe_class(position_class(french.board, french.start)) << " vs "
      << describe_class(position_class(french.board, french.final));
  const Instance wiegleb = load("wiegleb45_central.txt");
  EXPECT_EQ(wiegleb.board.holes(), 45);
  EXPECT_EQ(position_class(wiegleb.board, wiegleb.start),
            position_class(wiegleb.board, wiegleb.final));
}

// Brute force: on random small boards and configurations, every legal jump keeps the class. The
// jumps are enumerated from hole_at() directly rather than trusted from Board::jumps().
TEST(PegPositionClass, InvariantUnderEveryLegalJump) {
  constexpr int kDr[4] = {-1, 0, 1, 0};
  constexpr int kDc[4] = {0, 1, 0, -1};
  std::mt19937 rng(99);
  int jumps_checked = 0;
  for (int iter = 0; iter < 400; ++iter) {
    const int rows = 1 + static_cast<int>(rng() % 6), cols = 1 + static_cast<int>(rng() % 6);
    std::vector<uint8_t> mask(rows * cols);
    for (auto& m : mask) m = rng() % 5 != 0;
    mask[0] = 1;
    const Board b(rows, cols, mask);
    for (int k = 0; k < 5; ++k) {
      Config cfg(b.holes());
      for (auto& v : cfg) v = rng() % 3 != 0;
      const int cls = position_class(b, cfg);
      ASSERT_GE(cls, 0);
      ASSERT_LT(cls, 16);
      for (int h = 0; h < b.holes(); ++h) {
        for (int d = 0; d < 4; ++d) {
          const int r = b.row_of(h), c = b.col_of(h);
          const int over = b.hole_at(r + kDr[d], c + kDc[d]);
          const int to = b.hole_at(r + 2 * kDr[d], c + 2 * kDc[d]);
          if (over < 0 || to < 0 || !cfg[h] || !cfg[over] || cfg[to]) continue;
          Config next = cfg;
          next[h] = next[over] = 0;
          next[to] = 1;
          EXPECT_EQ(position_class(b, next), cls);
          ++jumps_checked;
        }
      }
    }
  }
  EXPECT_GT(jumps_checked, 1000);
}

}  // namespace
}  // namespace bs::peg
