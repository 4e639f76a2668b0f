// Tests for the Futoshiki formats, the verifier and the root contradiction finder: every shipped
// puzzle reads the same from its seed file and its Tatham game id and is solved by its .sol file,
// printers and parsers round-trip, each kind of bad input is reported at its exact line and
// column, and tampered solutions and contradictory puzzles are caught.
#include "puzzles/futoshiki/format.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "puzzles/futoshiki/grid.hpp"
#include "puzzles/futoshiki/render.hpp"
#include "tests/test_support.hpp"

namespace bs::futoshiki {
namespace {

const std::string kDir = std::string(BS_SOURCE_DIR) + "/instances/futoshiki/sgt_unequal/";

// The shipped puzzles' paths without extension, sorted.
std::vector<std::string> puzzle_bases() {
  std::vector<std::string> bases;
  for (const auto& e : std::filesystem::directory_iterator(kDir)) {
    if (e.path().extension() == ".txt") {
      std::filesystem::path p = e.path();
      bases.push_back(p.replace_extension().string());
    }
  }
  std::sort(bases.begin(), bases.end());
  return bases;
}

using namespace bs::testing_support;

const auto expect_seed_error =
    parse_error_check([](const std::string& t) { parse_instance(t, "t.txt"); });
const auto expect_sgtid_error =
    parse_error_check([](const std::string& t) { parse_sgtid(t, "t.sgtid"); });

void expect_grid_error(const std::string& text, int n, int line, int col, const std::string& sub) {
  parse_error_check([n](const std::string& t) { parse_grid(t, n, "t.sol"); })(text, line, col, sub);
}

const char* kEmpty3 = "3\n-1 -1 -1\n-1 -1 -1\n-1 -1 -1\n";

// ---- the shipped puzzles ----

TEST(FutoshikiFormat, ShipsAllNinetyThreePuzzles) {
  EXPECT_EQ(puzzle_bases().size(), 93u);
}

TEST(FutoshikiFormat, EveryShippedSolutionVerifies) {
  size_t inequalities = 0;
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const Instance in = read_instance(base + ".txt");
    EXPECT_EQ(in.name, std::filesystem::path(base).filename().string());
    EXPECT_GE(in.n, 5);
    inequalities += in.inequalities.size();  // the trivial grade has none
    const Grid g = parse_grid(read_file(base + ".sol"), in.n, base + ".sol");
    EXPECT_EQ(verify_solution(in, g), "");
    EXPECT_EQ(find_contradiction(in), "");
  }
  EXPECT_GT(inequalities, 1000u);
}

TEST(FutoshikiFormat, GameIdsMatchSeedFiles) {
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const Instance seed = read_instance(base + ".txt");
    const Instance game = read_instance(base + ".sgtid");
    EXPECT_EQ(game.name, seed.name);
    EXPECT_EQ(game.n, seed.n);
    EXPECT_EQ(game.givens, seed.givens);
    EXPECT_EQ(game.inequalities, seed.inequalities);
    // The printer writes Tatham's text byte for byte, given the difficulty letter.
    std::string id = read_file(base + ".sgtid");
    while (!id.empty() && (id.back() == '\n' || id.back() == '\r')) id.pop_back();
    const size_t colon = id.find(':');
    ASSERT_NE(colon, std::string::npos);
    EXPECT_EQ(format_sgtid(seed, id[colon - 1]), id);
    EXPECT_EQ(format_sgtid(seed), std::to_string(seed.n) + id.substr(colon));
  }
}

TEST(FutoshikiFormat, ShippedFilesRoundTrip) {
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const Instance in = read_instance(base + ".txt");
    const Instance again = parse_instance(format_instance(in), base + ".txt");
    EXPECT_EQ(again, in);
    EXPECT_EQ(again.name, in.name);
    EXPECT_EQ(parse_sgtid(format_sgtid(in), "x.sgtid"), in);
    const std::string sol = read_file(base + ".sol");
    EXPECT_EQ(format_grid(parse_grid(sol, in.n, "x.sol"), in.n), sol);
  }
}

// ---- the seed format ----

TEST(FutoshikiFormat, ParsesSeedFormat) {
  const Instance in = parse_instance(
      "# a comment line\n"
      "3   # the side\n"
      "\n"
      "2 -1 0\n"
      "-1\t3 -1\r\n"
      "0 0 1\n"
      "1 2 1 3  # (1,2) > (1,3)\n"
      "3 1 2 1\n",
      "some/dir/tiny.txt");
  EXPECT_EQ(in.name, "tiny");
  EXPECT_EQ(in.n, 3);
  EXPECT_EQ(in.givens, (std::vector<int>{2, 0, 0, 0, 3, 0, 0, 0, 1}));
  // Sorted by (greater, smaller): (1,2)=1 > (1,3)=2, then (3,1)=6 > (2,1)=3.
  EXPECT_EQ(in.inequalities, (std::vector<Inequality>{{1, 2}, {6, 3}}));
}

TEST(FutoshikiFormat, SortsAndDropsDuplicateInequalities) {
  const Instance in = parse_instance(std::string(kEmpty3) +
                                         "2 2 2 1\n"
                                         "1 1 1 2\n"
                                         "2 2 2 1\n"
                                         "1 1 2 1\n",
                                     "d.txt");
  EXPECT_EQ(in.inequalities, (std::vector<Inequality>{{0, 1}, {0, 3}, {4, 3}}));
}

TEST(FutoshikiFormat, AcceptsCrlfFiles) {
  const Instance in = parse_instance("2\r\n1 -1\r\n0 1\r\n1 2 1 1\r\n", "c.txt");
  EXPECT_EQ(in.givens, (std::vector<int>{1, 0, 0, 1}));
  EXPECT_EQ(in.inequalities, (std::vector<Inequality>{{1, 0}}));
}

TEST(FutoshikiFormat, AcceptsAByteOrderMark) {
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_EQ(parse_instance(bom + kEmpty3, "b.txt"), parse_instance(kEmpty3, "b.txt"));
  expect_seed_error(bom + "x\n", 1, 1, "not an integer");
  expect_seed_error(bom + "\r\n", 2, 1, "empty file");
  EXPECT_EQ(parse_sgtid(bom + "2:0R,0,0,0,", "b.sgtid").inequalities,
            (std::vector<Inequality>{{0, 1}}));
  expect_sgtid_error(bom + "5dz:0", 1, 3, "difficulty");
  EXPECT_EQ(parse_grid(bom + "1 2\r\n2 1", 2, "b.sol"), (Grid{1, 2, 2, 1}));
}

TEST(FutoshikiFormat, ContradictionsParse) {
  // Not format errors: the solver reports them as infeasible.
  const Instance equal = parse_instance("2\n1 1\n-1 -1\n", "e.txt");
  EXPECT_NE(find_contradiction(equal), "");
  const Instance both = parse_instance("2\n-1 -1\n-1 -1\n1 1 1 2\n1 2 1 1\n", "b.txt");
  EXPECT_EQ(both.inequalities.size(), 2u);
  EXPECT_NE(find_contradiction(both), "");
  const Instance mutual = parse_sgtid("2:0R,0L,0,0,", "m.sgtid");
  EXPECT_EQ(mutual.inequalities, (std::vector<Inequality>{{0, 1}, {1, 0}}));
  EXPECT_NE(find_contradiction(mutual).find("cycle"), std::string::npos);
}

// Each kind of bad seed file, reported at the line and column where it goes wrong.
const BadInput kBadSeeds[] = {
    {"EmptyFile", "", {1, 1}, "empty file"},
    {"OnlyComments", "# nothing\n\n", {3, 1}, "no side n"},
    {"BadSide", "x\n", {1, 1}, "not an integer"},
    {"BadSide", "  0\n", {1, 3}, "out of range"},
    {"BadSide", "33\n", {1, 1}, "out of range"},
    {"BadSide", "-4\n", {1, 1}, "out of range"},
    {"BadSide", "\n99999999999999999999999999999\n", {2, 1}, "out of range"},
    {"BadSide", "5 5\n", {1, 3}, "only the side n"},
    {"BadSide", "5x\n", {1, 1}, "not an integer"},
    {"ValueOutOfRange", "3\n1 2 3\n1 4 2\n", {3, 3}, "out of range"},
    {"ValueOutOfRange", "3\n1 -2 3\n", {2, 3}, "out of range"},
    {"ValueOutOfRange", "3\n1 2 -99999999999999999999999\n", {2, 5}, "out of range"},
    {"ValueOutOfRange", "3\n1 2 +3\n", {2, 5}, "not an integer"},
    {"ValueOutOfRange", "3\n1 2 -\n", {2, 5}, "not an integer"},
    {"RowTooShortOrTooLong", "3\n1 2 3\n1 2\n3 1 2\n", {3, 4}, "2 values instead of 3"},
    {"RowTooShortOrTooLong", "3\n1 2 3\n1 2   # short\n", {3, 4}, "2 values instead of 3"},
    {"RowTooShortOrTooLong", "3\n1 2 3 1\n", {2, 7}, "4 values instead of 3"},
    // The whole grid on one line is refused at its second row.
    {"RowTooShortOrTooLong", "2\n1 2 2 1\n", {2, 5}, "one row per line"},
    {"MissingRows", "3\n1 2 3\n", {3, 1}, "1 rows instead of 3"},
    {"MissingRows", "3\n1 2 3", {2, 6}, "1 rows instead of 3"},
    {"MissingRows", "3\n", {2, 1}, "0 rows instead of 3"},
    {"InequalityWithWrongFieldCount", std::string(kEmpty3) + "1 1 2\n", {5, 6}, "found 3"},
    {"InequalityWithWrongFieldCount", std::string(kEmpty3) + "1 1 2 1 7\n", {5, 9}, "found 5"},
    {"InequalityWithWrongFieldCount", std::string(kEmpty3) + "1 1 2 1\n1\n", {6, 2}, "found 1"},
    {"InequalityOutsideTheGrid",
     std::string(kEmpty3) + "1 1 4 1\n",
     {5, 5},
     "row '4' is out of range"},
    {"InequalityOutsideTheGrid",
     std::string(kEmpty3) + "1 1 1 0\n",
     {5, 7},
     "column '0' is out of range"},
    {"InequalityOutsideTheGrid",
     std::string(kEmpty3) + "-1 1 1 1\n",
     {5, 1},
     "row '-1' is out of range"},
    {"InequalityOutsideTheGrid",
     std::string(kEmpty3) + "1 1 1 99999999999999999999\n",
     {5, 7},
     "out of range"},
    {"GarbageBytes", "3\n1 2 \x01\n", {2, 5}, "not an integer"},
    {"GarbageBytes", "3\n1 2 3\xff\n", {2, 5}, "\\xFF"},
    {"GarbageBytes", std::string("3\n\0 1 2\n", 8), {2, 1}, "\\x00"},
    // Only a line's last '\r' is a line ending.
    {"GarbageBytes", "3\n1\r2 3\n", {2, 1}, "not an integer"},
    {"TooManyLines",
     "1\n1\n" + std::string(kMaxLines, '\n'),
     {kMaxLines + 1, 1},
     "lines (the limit)"},
};

BS_BAD_INPUT_TESTS(FutoshikiFormat, FutoshikiSeedError, kBadSeeds, expect_seed_error);

TEST(FutoshikiFormat, RandomBytesFailOnlyWithInputError) {
  std::mt19937 rng(7);
  const std::string alphabet = "0123456789 -#\n\r\t\x01x";
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text = trial % 2 ? "3\n" : "";
    const int len = static_cast<int>(rng() % 40);
    for (int i = 0; i < len; ++i) text += alphabet[rng() % alphabet.size()];
    try {
      const Instance in = parse_instance(text, "r.txt");
      EXPECT_EQ(parse_instance(format_instance(in), "r.txt"), in);
    } catch (const InputError& e) {
      EXPECT_GE(e.line(), 1) << e.located();
      EXPECT_GE(e.col(), 1) << e.located();
    }
  }
}

TEST(FutoshikiFormat, FileTooLarge) {
  const std::string text(kMaxFileBytes + 1, ' ');
  try {
    parse_instance(text, "big.txt");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos);
  }
  EXPECT_THROW(parse_sgtid(text, "big.sgtid"), InputError);
}

TEST(FutoshikiFormat, MissingFile) {
  try {
    read_instance(kDir + "no_such_puzzle.txt");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(e.file(), kDir + "no_such_puzzle.txt");
  }
  EXPECT_THROW(read_instance(kDir + "no_such_puzzle.sgtid"), InputError);
}

TEST(FutoshikiFormat, ErrorsNameTheFile) {
  try {
    parse_instance("3\n1 2 x\n", "dir/p.txt");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.located().rfind("dir/p.txt:2:5: ", 0), 0u) << e.located();
  }
}

// ---- Tatham's game ids ----

TEST(FutoshikiSgtid, FlagDirections) {
  // A letter on a cell makes it greater than its neighbour that way.
  EXPECT_EQ(parse_sgtid("2:0R,0,0,0,", "a").inequalities, (std::vector<Inequality>{{0, 1}}));
  EXPECT_EQ(parse_sgtid("2:0D,0,0,0,", "a").inequalities, (std::vector<Inequality>{{0, 2}}));
  EXPECT_EQ(parse_sgtid("2:0,0L,0,0,", "a").inequalities, (std::vector<Inequality>{{1, 0}}));
  EXPECT_EQ(parse_sgtid("2:0,0,0U,0,", "a").inequalities, (std::vector<Inequality>{{2, 0}}));
  const Instance in = parse_sgtid("\n  2dr:1,0,0RU,2\n\n", "dir/x.sgtid");
  EXPECT_EQ(in.name, "x");
  EXPECT_EQ(in.givens, (std::vector<int>{1, 0, 0, 2}));
  EXPECT_EQ(in.inequalities, (std::vector<Inequality>{{2, 0}, {2, 3}}));
  EXPECT_EQ(format_sgtid(in), "2:1,0,0UR,2,");
  EXPECT_EQ(format_sgtid(in, 'k'), "2dk:1,0,0UR,2,");
}

// Each kind of bad game id, reported at the line and column where it goes wrong.
const BadInput kBadGameIds[] = {
    {"Empty", "", {1, 1}, "empty game id"},
    {"Empty", "\n \n", {3, 1}, "empty game id"},
    {"Side", "x:0", {1, 1}, "side"},
    {"Side", "0:", {1, 1}, "out of range"},
    {"Side", "33:", {1, 1}, "out of range"},
    {"Side", "99999999999999999999999:", {1, 1}, "out of range"},
    {"Difficulty", "5adt:0,0", {1, 2}, "adjacent"},
    {"Difficulty", "5dz:0", {1, 3}, "difficulty"},
    {"Difficulty", "5d", {1, 3}, "difficulty"},
    {"Colon", "5", {1, 2}, "':'"},
    {"Colon", "5dt;0", {1, 4}, "':'"},
    {"CellCount", "2:1,2,2", {1, 8}, "ends after 3 cells"},
    {"CellCount", "2:", {1, 3}, "ends after 0 cells"},
    {"CellCount", "2:1,2,2,1,0", {1, 11}, "more than 4 cells"},
    {"CellValue", "2:3,0,0,0", {1, 3}, "out of range"},
    {"CellValue", "2:0,0,99999999999999999999999,0", {1, 7}, "out of range"},
    {"Flag", "2:1U,0,0,0", {1, 4}, "outside the grid"},
    {"Flag", "2:0,0R,0,0", {1, 6}, "outside the grid"},
    {"Flag", "2:0,0,0D,0", {1, 8}, "outside the grid"},
    {"Flag", "2:1RR,0,0,0", {1, 5}, "repeats"},
    {"Flag", "2:1x,0,0,0", {1, 4}, "'x'"},
    {"Number", "2:,0,0,0", {1, 3}, "expected a number"},
    {"Number", "2:1, 2,2,1", {1, 5}, "expected a number"},
    {"LineBreak", "  \n  2:1,\n2,2,1", {2, 7}, "line break"},
    {"LineBreak", "2:1,2,2,1\r\n2:1,2,2,1", {1, 10}, "line break"},
    {"Garbage", std::string("2:1,2,2,1\0", 10), {1, 10}, "\\x00"},
};

BS_BAD_INPUT_TESTS(FutoshikiSgtid, FutoshikiSgtidError, kBadGameIds, expect_sgtid_error);

TEST(FutoshikiSgtid, RefusesNonNeighbours) {
  Instance in = parse_instance(kEmpty3, "n.txt");
  in.inequalities = {{0, 8}};
  EXPECT_THROW(format_sgtid(in), std::invalid_argument);
  in.inequalities = {{2, 3}};  // (1,3) > (2,1): consecutive numbers, not neighbours
  EXPECT_THROW(format_sgtid(in), std::invalid_argument);
  in.inequalities = {{4, 4}};
  EXPECT_THROW(format_sgtid(in), std::invalid_argument);
  in.inequalities = {{2, 5}};  // (1,3) > (2,3) is fine
  EXPECT_EQ(format_sgtid(in), "3:0,0,0D,0,0,0,0,0,0,");
  EXPECT_THROW(format_sgtid(in, 'q'), std::invalid_argument);
  in.givens.pop_back();
  EXPECT_THROW(format_sgtid(in), std::invalid_argument);
  EXPECT_THROW(format_instance(in), std::invalid_argument);
  EXPECT_THROW(render_svg(in, nullptr), std::invalid_argument);
}

// ---- solution grids ----

TEST(FutoshikiGrid, ParsesAndReportsErrors) {
  EXPECT_EQ(parse_grid("# sol\n1 2\n\n2 1 # end\n", 2, "g.sol"), (Grid{1, 2, 2, 1}));
  expect_grid_error("1 2\n2\n", 2, 2, 2, "1 values instead of 2");
  expect_grid_error("1 2\n2 1 1\n", 2, 2, 5, "3 values instead of 2");
  expect_grid_error("1 2\n2 1\n1 2\n", 2, 3, 1, "more than 2 rows");
  expect_grid_error("1 2\n2 3\n", 2, 2, 3, "out of range");
  expect_grid_error("1 2\n2 0\n", 2, 2, 3, "out of range");
  expect_grid_error("1 2\n", 2, 2, 1, "1 rows instead of 2");
  expect_grid_error("", 2, 1, 1, "0 rows instead of 2");
  EXPECT_THROW(parse_grid("1\n", 0, "g.sol"), std::invalid_argument);
  EXPECT_EQ(format_grid(Grid{1, 2, 2, 1}, 2), "1 2\n2 1\n");
}

// ---- the verifier and the contradiction finder ----

class FutoshikiTamperedSolution : public ::testing::Test {
 protected:
  void SetUp() override {
    in = read_instance(kDir + "fut_05_easy_1.txt");
    sol = parse_grid(read_file(kDir + "fut_05_easy_1.sol"), in.n, "s");
    ASSERT_EQ(verify_solution(in, sol), "");
  }
  Instance in;
  Grid sol;
};

TEST_F(FutoshikiTamperedSolution, SwappedCellsAreRejected) {
  Grid g = sol;
  std::swap(g[6], g[7]);  // row 2 stays a permutation, columns 2 and 3 repeat
  EXPECT_NE(verify_solution(in, g).find("column"), std::string::npos);
}

TEST_F(FutoshikiTamperedSolution, ChangedGivenIsRejected) {
  // Givens (1,1) = 3 and (5,3) = 3; the solution must keep them.
  ASSERT_EQ(in.givens[0], 3);
  Instance other = in;
  other.givens[0] = sol[0] == 1 ? 2 : 1;
  EXPECT_NE(verify_solution(other, sol).find("given"), std::string::npos);
  Grid g = sol;
  std::rotate(g.begin(), g.begin() + 1, g.begin() + in.n);  // row 1 stays a permutation
  EXPECT_NE(verify_solution(in, g).find("given"), std::string::npos);
}

TEST_F(FutoshikiTamperedSolution, BrokenInequalityIsRejected) {
  // v -> n+1-v keeps every row and column a permutation but turns every inequality around.
  Instance free = in;
  std::fill(free.givens.begin(), free.givens.end(), 0);
  Grid flipped = sol;
  for (int& v : flipped) v = in.n + 1 - v;
  EXPECT_EQ(verify_solution(free, sol), "");
  EXPECT_NE(verify_solution(free, flipped).find("not greater"), std::string::npos);
  Instance reversed = in;
  reversed.inequalities.push_back({in.inequalities[0].smaller, in.inequalities[0].greater});
  EXPECT_NE(verify_solution(reversed, sol).find("not greater"), std::string::npos);
}

TEST_F(FutoshikiTamperedSolution, OutOfRangeAndWrongSize) {
  Grid g = sol;
  g[3] = 0;
  EXPECT_NE(verify_solution(in, g), "");
  g = sol;
  g.pop_back();
  EXPECT_NE(verify_solution(in, g), "");
}

TEST(FutoshikiContradiction, EqualGivensInARowOrColumn) {
  EXPECT_NE(find_contradiction(parse_instance("3\n2 -1 2\n-1 -1 -1\n-1 -1 -1\n", "r")).find("row"),
            std::string::npos);
  EXPECT_NE(
      find_contradiction(parse_instance("3\n-1 -1 -1\n-1 -1 3\n-1 -1 3\n", "c")).find("column"),
      std::string::npos);
  EXPECT_EQ(find_contradiction(parse_instance("3\n2 -1 -1\n-1 2 -1\n-1 -1 2\n", "ok")), "");
}

TEST(FutoshikiContradiction, OpposedInequalities) {
  const std::string both = std::string(kEmpty3) + "1 1 1 2\n1 2 1 1\n";
  EXPECT_NE(find_contradiction(parse_instance(both, "b")).find("cycle"), std::string::npos);
  // A given that breaks an inequality between givens.
  EXPECT_NE(find_contradiction(parse_instance("2\n1 2\n-1 -1\n1 1 1 2\n", "g")), "");
  EXPECT_EQ(find_contradiction(parse_instance("2\n2 1\n-1 -1\n1 1 1 2\n", "g")), "");
}

TEST(FutoshikiContradiction, ChainTooLong) {
  // Three values allow a chain of two inequalities, not three.
  const std::string two = std::string(kEmpty3) + "1 1 1 2\n1 2 1 3\n";
  EXPECT_EQ(find_contradiction(parse_instance(two, "two")), "");
  const std::string three = two + "1 3 2 3\n";
  EXPECT_NE(find_contradiction(parse_instance(three, "three")).find("chain"), std::string::npos);
}

TEST(FutoshikiContradiction, NoneInShippedPuzzles) {
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    EXPECT_EQ(find_contradiction(read_instance(base + ".sgtid")), "");
  }
}

// ---- the SVG picture ----

TEST(FutoshikiRender, DrawsGridGivensSignsAndSolution) {
  const Instance in = parse_sgtid("2:1,0L,0R,0", "pic.sgtid");
  const std::string plain = render_svg(in, nullptr);
  EXPECT_EQ(plain.rfind("<svg", 0), 0u);
  EXPECT_NE(plain.find("</svg>"), std::string::npos);
  EXPECT_NE(plain.find("font-weight=\"bold\""), std::string::npos);
  EXPECT_EQ(plain.find("class=\"solved\""), std::string::npos);
  EXPECT_EQ(plain.find("class=\"arrow\""), std::string::npos);
  const Grid solved{1, 2, 2, 1};
  ASSERT_EQ(verify_solution(in, solved), "");
  const std::string with = render_svg(in, &solved);
  EXPECT_NE(with.find("class=\"solved\""), std::string::npos);
  // The two signs: (1,2) > (1,1) drawn as '<' between row 1's cells, (2,1) > (2,2) as '>'.
  EXPECT_NE(with.find("data-sign=\"&lt;\""), std::string::npos);
  EXPECT_NE(with.find("data-sign=\"&gt;\""), std::string::npos);
}

TEST(FutoshikiRender, NonNeighboursGetAnArrowAndNamesAreEscaped) {
  Instance in = parse_instance(kEmpty3, "a<b&c.txt");
  in.inequalities = {{0, 8}, {1, 4}};
  const std::string svg = render_svg(in, nullptr);
  EXPECT_NE(svg.find("class=\"arrow\""), std::string::npos);
  EXPECT_NE(svg.find("data-sign=\"v\""), std::string::npos);
  EXPECT_NE(svg.find("a&lt;b&amp;c"), std::string::npos);
  EXPECT_EQ(svg.find("a<b"), std::string::npos);
}

}  // namespace
}  // namespace bs::futoshiki
