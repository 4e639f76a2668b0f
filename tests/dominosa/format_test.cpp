// Tests for the Dominosa formats, the verifier, the picture and the random planted grids: every
// shipped puzzle reads the same from its text file and its Tatham game id, the printers write
// both files back byte for byte, each .sol solves its puzzle, each kind of bad input is reported
// at its exact line and column, tampered solutions are refused with a message that says why, and
// the planted solution of a random grid verifies.
#include "puzzles/dominosa/format.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "experiments/answers.hpp"
#include "puzzles/dominosa/grid.hpp"
#include "puzzles/dominosa/random.hpp"
#include "puzzles/dominosa/render.hpp"
#include "solvers/dominosa/fuzz.hpp"
#include "tests/test_support.hpp"

namespace bs::dominosa {
namespace {

using namespace bs::testing_support;

const std::string kDir = shipped_instance("dominosa/sgt_unique/");

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

std::string without_line_end(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

const auto expect_text_error =
    parse_error_check([](const std::string& t) { parse_instance(t, "t.txt"); });
const auto expect_sgtid_error =
    parse_error_check([](const std::string& t) { parse_sgtid(t, "t.sgtid"); });

// Order 2, solved by three rows of horizontal dominoes.
const char* kOrder2 = "2\n0 0 0 1\n2 2 1 1\n1 2 0 2\n";
const char* kOrder2Solution = "LRLR\nLRLR\nLRLR\n";

const Instance& order2() {
  static const Instance in = parse_instance(kOrder2, "order2.txt");
  return in;
}

const auto expect_solution_error =
    parse_error_check([](const std::string& t) { parse_solution(t, order2(), "t.sol"); });

// ---- the shipped puzzles ----

TEST(DominosaFormat, ShipsAllFortyPuzzles) {
  EXPECT_EQ(puzzle_bases().size(), 40u);
}

TEST(DominosaFormat, EveryShippedSolutionVerifies) {
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const Instance in = read_instance(base + ".txt");
    EXPECT_EQ(in.name, std::filesystem::path(base).filename().string());
    EXPECT_TRUE(in.n == 6 || in.n == 10 || in.n == 20) << in.n;
    EXPECT_EQ(check_numbers(in), "");
    EXPECT_EQ(verify_files(base + ".txt", base + ".sol"), "");
    EXPECT_EQ(verify_files(base + ".sgtid", base + ".sol"), "");
  }
}

TEST(DominosaFormat, GameIdsMatchTextFiles) {
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const Instance text = read_instance(base + ".txt");
    const Instance game = read_instance(base + ".sgtid");
    EXPECT_EQ(game.name, text.name);
    EXPECT_EQ(game, text);
    // The printer writes Tatham's id byte for byte, given the difficulty letter.
    const std::string id = without_line_end(read_file(base + ".sgtid"));
    const size_t colon = id.find(':');
    ASSERT_NE(colon, std::string::npos);
    ASSERT_EQ(id[colon - 2], 'd');
    EXPECT_EQ(format_sgtid(text, id[colon - 1]), id);
    EXPECT_EQ(format_sgtid(text), std::to_string(text.n) + id.substr(colon));
  }
}

TEST(DominosaFormat, ShippedFilesRoundTrip) {
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const std::string text = read_file(base + ".txt");
    const Instance in = parse_instance(text, base + ".txt");
    EXPECT_EQ(format_instance(in), text);
    // text -> game id -> text
    EXPECT_EQ(format_instance(parse_sgtid(format_sgtid(in), "x.sgtid")), text);
    const std::string sol = read_file(base + ".sol");
    EXPECT_EQ(format_solution(parse_solution(sol, in, base + ".sol"), in), sol);
  }
}

TEST(DominosaFormat, ShippedAnswersAreCheckedByTheVerifier) {
  std::vector<std::string> files;
  for (const std::string& base : puzzle_bases()) files.push_back(base + ".txt");
  const auto answers = experiments::load_expected_answers(
      write_temp("dominosa.toml", "puzzle = \"dominosa\"\n"), files, verify_files);
  ASSERT_EQ(answers.size(), files.size());
  for (const auto& [file, answer] : answers) {
    EXPECT_EQ(answer.count, 1) << file;
    EXPECT_EQ(answer.solution.substr(0, answer.solution.size() - 4),
              file.substr(0, file.size() - 4));
  }
}

// ---- the text form ----

TEST(DominosaFormat, ParsesTheTextForm) {
  const Instance in = parse_instance(
      "# a comment line\n"
      "2   # the order\n"
      "\n"
      "0 0\t0 1\n"
      "2 2 1 1\r\n"
      "1 2 0 2  # the last row\n",
      "some/dir/tiny.txt");
  EXPECT_EQ(in.name, "tiny");
  EXPECT_EQ(in.n, 2);
  EXPECT_EQ(in.numbers, (std::vector<int>{0, 0, 0, 1, 2, 2, 1, 1, 1, 2, 0, 2}));
  EXPECT_EQ(in, order2());
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_EQ(parse_instance(bom + kOrder2, "b.txt"), order2());
  expect_text_error(bom + "x\n", 1, 1, "not an integer");
}

// Each kind of bad text file, reported at the line and column where it goes wrong.
const BadInput kBadTexts[] = {
    {"EmptyFile", "", {1, 1}, "empty file"},
    {"EmptyFile", "\n\n", {3, 1}, "empty file"},
    {"OnlyComments", "# nothing\n\n", {3, 1}, "no order n"},
    {"BadOrder", "x\n", {1, 1}, "not an integer"},
    {"BadOrder", "  0\n", {1, 3}, "out of range (1..255)"},
    {"BadOrder", "256\n", {1, 1}, "out of range"},
    {"BadOrder", "-1\n", {1, 1}, "out of range"},
    {"BadOrder", "\n99999999999999999999999999999\n", {2, 1}, "out of range"},
    {"BadOrder", "1 2\n", {1, 3}, "only the order n"},
    {"BadOrder", "1.5\n", {1, 1}, "not an integer"},
    // The first row's length says what order the grid has.
    {"OrderDoesNotMatchGrid", "2\n0 0 1\n1 1 0\n", {2, 6}, "order does not match the grid"},
    {"OrderDoesNotMatchGrid", "2\n0 0 1\n1 1 0\n", {2, 6}, "is order 1"},
    {"OrderDoesNotMatchGrid", "1\n0 0 0 1\n2 2 1 1\n1 2 0 2\n", {2, 7}, "is order 2"},
    {"RaggedRow", "1\n0 0 1\n1 1\n", {3, 4}, "row 2 has 2 numbers instead of 3"},
    {"RaggedRow", "1\n0 0 1\n1 1   # short\n", {3, 4}, "row 2 has 2 numbers instead of 3"},
    {"RaggedRow", "1\n0 0 1\n1 1 0 0\n", {3, 7}, "row 2 has 4 numbers instead of 3"},
    // The whole grid on one line is refused as a row too long.
    {"RaggedRow", "1\n0 0 1 1 1 0\n", {2, 7}, "one row per line"},
    {"TooFewRows", "1\n0 0 1\n", {3, 1}, "1 rows instead of 2"},
    {"TooFewRows", "1\n0 0 1", {2, 6}, "1 rows instead of 2"},
    {"TooFewRows", "2\n", {2, 1}, "0 rows instead of 3"},
    {"TooManyRows", "1\n0 0 1\n1 1 0\n0 1 0\n", {4, 1}, "more than 2 rows"},
    {"TooManyRows", "1\n0 0 1\n1 1 0\n\n  # fine\n  7\n", {6, 3}, "more than 2 rows"},
    {"NumberOutOfRange", "1\n0 0 2\n1 1 0\n", {2, 5}, "number '2' is out of range (0..1"},
    {"NumberOutOfRange", "1\n0 -1 1\n1 1 0\n", {2, 3}, "out of range"},
    {"NumberOutOfRange", "1\n0 0 1\n1 1 99999999999999999999999\n", {3, 5}, "out of range"},
    {"NumberOutOfRange", "1\n0 0 +1\n1 1 0\n", {2, 5}, "not an integer"},
    {"NumberOutOfRange", "1\n0 0 1x\n1 1 0\n", {2, 5}, "not an integer"},
    // Too many of a number: pointed at its first occurrence too many (here the fourth 0).
    {"WrongCount", "1\n0 0 0\n0 1 1\n", {3, 1}, "number 0 appears 4 times, not 3"},
    {"WrongCount", "1\n0 0 0\n0 1 1\n", {3, 1}, "first one too many"},
    // The smallest number whose count is wrong is reported, here 1 (2 appears 3 times).
    {"WrongCount", "2\n0 0 1 1\n1 2 2 0\n1 0 2 1\n", {4, 7}, "number 1 appears 5 times, not 4"},
    {"WrongCount", "2\n0 1 2 0\n1 2 2 1\n2 1 1 0\n", {5, 1}, "number 0 appears 3 times"},
    // Too few of a number (the smallest wrong one): pointed at the end of the file.
    {"WrongCount", "1\n1 0 1\n1 0 1\n", {4, 1}, "number 0 appears 2 times, not 3"},
    {"WrongCount", "1\n1 0 1\n1 0 1  # end", {3, 13}, "number 0 appears 2 times"},
    {"GarbageBytes", "1\n0 0 \x01\n", {2, 5}, "not an integer"},
    {"GarbageBytes", "1\n0 0 1\xff\n", {2, 5}, "\\xFF"},
    {"GarbageBytes", std::string("1\n\0 0 1\n", 8), {2, 1}, "\\x00"},
    // Only a line's last '\r' ends it: another stays in its token.
    {"GarbageBytes", "1\n0\r0 1 1\n", {2, 1}, "not an integer"},
    {"TooManyLines",
     "1\n0 0 1\n1 1 0\n" + std::string(kMaxLines, '\n'),
     {kMaxLines + 1, 1},
     "lines (the limit)"},
};

BS_BAD_INPUT_TESTS(DominosaFormat, DominosaTextError, kBadTexts, expect_text_error);

TEST(DominosaFormat, FileTooLarge) {
  const std::string text(kMaxFileBytes + 1, ' ');
  try {
    parse_instance(text, "big.txt");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos);
  }
  EXPECT_THROW(parse_sgtid(text, "big.sgtid"), InputError);
  EXPECT_THROW(parse_solution(text, order2(), "big.sol"), InputError);
}

TEST(DominosaFormat, TheLargestOrderReads) {
  const PlantedGrid grid = random_planted_grid(kMaxOrder, 3);
  const std::string text = format_instance(grid.instance);
  EXPECT_LT(text.size(), kMaxFileBytes);
  EXPECT_EQ(parse_instance(text, "big.txt"), grid.instance);
  EXPECT_EQ(parse_sgtid(format_sgtid(grid.instance), "big.sgtid"), grid.instance);
}

TEST(DominosaFormat, MissingFileAndErrorsNameTheFile) {
  try {
    read_instance(kDir + "no_such_puzzle.sgtid");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(e.file(), kDir + "no_such_puzzle.sgtid");
  }
  try {
    parse_instance("1\n0 0 x\n", "dir/p.txt");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.located().rfind("dir/p.txt:2:5: ", 0), 0u) << e.located();
  }
}

TEST(DominosaFormat, RandomBytesFailOnlyWithInputError) {
  std::mt19937 rng(7);
  const std::string alphabet = "0123 #\n\r\t\x01x-";
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text = trial % 2 ? "1\n" : "";
    const int len = static_cast<int>(rng() % 30);
    for (int i = 0; i < len; ++i) text += alphabet[rng() % alphabet.size()];
    try {
      const Instance in = parse_instance(text, "r.txt");
      EXPECT_EQ(check_numbers(in), "");
      EXPECT_EQ(parse_instance(format_instance(in), "r.txt"), in);
    } catch (const InputError& e) {
      EXPECT_GE(e.line(), 1) << e.located();
      EXPECT_GE(e.col(), 1) << e.located();
    }
  }
}

TEST(DominosaFormat, PrintersRefuseMalformedInstances) {
  Instance in = order2();
  in.numbers[0] = 1;  // five 1s, three 0s
  EXPECT_THROW(format_instance(in), std::invalid_argument);
  EXPECT_THROW(format_sgtid(in), std::invalid_argument);
  EXPECT_THROW(render_svg(in, nullptr), std::invalid_argument);
  in = order2();
  in.numbers.pop_back();
  EXPECT_THROW(format_instance(in), std::invalid_argument);
  EXPECT_THROW(format_sgtid(order2(), 'x'), std::invalid_argument);
}

// ---- Tatham's game ids ----

TEST(DominosaSgtid, ReadsAndWritesGameIds) {
  const Instance in = parse_sgtid("\n  2db:000122111202\n\n", "dir/x.sgtid");
  EXPECT_EQ(in.name, "x");
  EXPECT_EQ(in, order2());
  EXPECT_EQ(format_sgtid(in), "2:000122111202");
  EXPECT_EQ(format_sgtid(in, 't'), "2dt:000122111202");
  // Every difficulty letter, the older lone 'a', none, and bracketed small numbers.
  for (const char* id : {"2dt:", "2db:", "2dh:", "2de:", "2da:", "2a:", "2:"})
    EXPECT_EQ(parse_sgtid(std::string(id) + "000122111202", "p.sgtid"), in) << id;
  EXPECT_EQ(parse_sgtid("2:[0]00[1][2][2]111202", "p.sgtid"), in);
  // Numbers from 10 on are bracketed; a bare "10" is a 1 and a 0.
  const Instance ten = random_planted_grid(10, 1).instance;
  const std::string id = format_sgtid(ten);
  EXPECT_NE(id.find("[10]"), std::string::npos);
  EXPECT_EQ(id.find("[9]"), std::string::npos);
  EXPECT_EQ(parse_sgtid(id, "ten.sgtid"), ten);
}

// Each kind of bad game id, reported at the line and column where it goes wrong.
const BadInput kBadGameIds[] = {
    {"Empty", "", {1, 1}, "empty game id"},
    {"Empty", "\n \n", {3, 1}, "empty game id"},
    {"Order", "x:0", {1, 1}, "order"},
    {"Order", "0:", {1, 1}, "out of range"},
    {"Order", "256:", {1, 1}, "out of range"},
    {"Order", "99999999999999999999999:", {1, 1}, "out of range"},
    {"Difficulty", "1dz:001011", {1, 3}, "difficulty"},
    {"Difficulty", "1d", {1, 3}, "difficulty"},
    {"Colon", "1", {1, 2}, "':'"},
    {"Colon", "1x:001011", {1, 2}, "':'"},
    {"Colon", "1dt;001011", {1, 4}, "':'"},
    {"NumberCount", "1:00101", {1, 8}, "ends after 5 numbers"},
    {"NumberCount", "1:", {1, 3}, "ends after 0 numbers"},
    {"NumberCount", "1:0010110", {1, 9}, "more than 6 numbers"},
    {"NumberOutOfRange", "1:200101", {1, 3}, "number '2' is out of range"},
    {"NumberOutOfRange", "1:0[2]0101", {1, 4}, "number '[2]' is out of range"},
    {"NumberOutOfRange", "1:0[99999999999999999999]0101", {1, 4}, "out of range"},
    {"Bracket", "1:0[", {1, 5}, "expected a number after '['"},
    {"Bracket", "1:0[]00111", {1, 5}, "expected a number after '['"},
    {"Bracket", "1:0[1", {1, 6}, "missing ']'"},
    {"Bracket", "1:0[1,0111", {1, 6}, "missing ']'"},
    {"Syntax", "1:0,01011", {1, 4}, "unexpected ','"},
    {"Syntax", "1:001 011", {1, 6}, "unexpected ' '"},
    {"WrongCount", "1:000011", {1, 6}, "number 0 appears 4 times, not 3"},
    {"WrongCount", "1:101101\n", {1, 9}, "number 0 appears 2 times, not 3"},
    {"LineBreak", "  \n  1:001\n011", {2, 8}, "line break"},
    {"LineBreak", "1:001011\r\n1:001011", {1, 9}, "line break"},
    {"Garbage", std::string("1:001011\0", 9), {1, 9}, "more than 6 numbers"},
    {"Garbage", std::string("1:001011\0", 9), {1, 9}, "\\x00"},
};

BS_BAD_INPUT_TESTS(DominosaSgtid, DominosaSgtidError, kBadGameIds, expect_sgtid_error);

// ---- solution files ----

TEST(DominosaSolution, ParsesAndWrites) {
  const Solution s =
      parse_solution("# a solution\nLRLR\n\nL R L R  # blanks are fine\r\nLRLR", order2(), "s.sol");
  EXPECT_EQ(std::string(s.begin(), s.end()), "LRLRLRLRLRLR");
  EXPECT_EQ(format_solution(s, order2()), kOrder2Solution);
  EXPECT_EQ(verify_solution(order2(), s), "");
  EXPECT_THROW(format_solution(Solution(11, 'L'), order2()), std::invalid_argument);
  Instance bad;
  EXPECT_THROW(parse_solution("LR\n", bad, "s.sol"), std::invalid_argument);
}

const BadInput kBadSolutions[] = {
    {"Empty", "", {1, 1}, "0 rows instead of 3"},
    {"BadLetter", "LRLR\nLRXR\nLRLR\n", {2, 3}, "'X' is not L, R, T or B"},
    {"BadLetter", "LRLR\nLRlr\nLRLR\n", {2, 3}, "'l' is not"},
    {"BadLetter", "LRLR\nLR1R\nLRLR\n", {2, 3}, "'1' is not"},
    {"ShortRow", "LRLR\nLRL\nLRLR\n", {2, 4}, "row 2 has 3 letters instead of 4"},
    {"ShortRow", "LRLR\nL R  # two\nLRLR\n", {2, 4}, "row 2 has 2 letters instead of 4"},
    {"LongRow", "LRLR\nLRLRLR\nLRLR\n", {2, 5}, "row 2 has more than 4 letters"},
    {"LongRow", "LRLR\nLR LR L\nLRLR\n", {2, 7}, "more than 4 letters"},
    {"TooFewRows", "LRLR\nLRLR\n", {3, 1}, "2 rows instead of 3"},
    {"TooManyRows", "LRLR\nLRLR\nLRLR\nLRLR\n", {4, 1}, "more than 3 rows"},
    {"TooManyRows", "LRLR\nLRLR\nLRLR\n   LR\n", {4, 4}, "more than 3 rows"},
};

BS_BAD_INPUT_TESTS(DominosaSolution, DominosaSolutionError, kBadSolutions, expect_solution_error);

// ---- the verifier ----

class DominosaTamperedSolution : public ::testing::Test {
 protected:
  void SetUp() override {
    in = read_instance(kDir + "dom_006_basic_1.txt");
    sol = parse_solution(read_file(kDir + "dom_006_basic_1.sol"), in, "s");
    ASSERT_EQ(verify_solution(in, sol), "");
    // Row 1 is TLRLRLRT: cells 1 and 2 hold a horizontal domino, cell 7 a vertical one.
    ASSERT_EQ(std::string(sol.begin(), sol.begin() + 8), "TLRLRLRT");
  }
  std::string verdict(const Solution& s) const { return verify_solution(in, s); }
  Instance in;
  Solution sol;
};

TEST_F(DominosaTamperedSolution, SwappedLetterPairIsRejected) {
  Solution s = sol;
  std::swap(s[1], s[2]);  // "RL": each half points away from the other
  EXPECT_NE(verdict(s).find("row 1 column 2 and row 1 column 1 do not pair up"), std::string::npos)
      << verdict(s);
}

TEST_F(DominosaTamperedSolution, DominoUsedTwiceIsRejected) {
  // Turning two parallel dominoes of a 2x2 square gives another tiling with the same number of
  // dominoes; as the puzzle is unique, it must use some domino twice.
  const int w = in.width();
  int flipped = 0;
  for (int cell = 0; cell + w + 1 < in.cells() && !flipped; ++cell) {
    if (cell % w == w - 1) continue;
    Solution s = sol;
    const int a = cell, b = cell + 1, c = cell + w, d = cell + w + 1;
    if (s[a] == 'L' && s[c] == 'L') {
      s[a] = s[b] = 'T';
      s[c] = s[d] = 'B';
    } else if (s[a] == 'T' && s[b] == 'T') {
      s[a] = s[c] = 'L';
      s[b] = s[d] = 'R';
    } else {
      continue;
    }
    ++flipped;
    EXPECT_NE(verdict(s).find("is used twice"), std::string::npos) << verdict(s);
  }
  EXPECT_EQ(flipped, 1);
}

TEST_F(DominosaTamperedSolution, PartnerOffTheGridIsRejected) {
  Solution s = sol;
  s[7] = 'L';  // the last cell of row 1 points right, off the grid
  EXPECT_NE(verdict(s).find("row 1 column 8: its partner would be off the grid"), std::string::npos)
      << verdict(s);
  s = sol;
  s[0] = 'B';  // the first cell points up, off the grid
  EXPECT_NE(verdict(s).find("off the grid"), std::string::npos) << verdict(s);
}

TEST_F(DominosaTamperedSolution, WrongSizeAndBadLettersAreRejected) {
  Solution s = sol;
  s.pop_back();
  EXPECT_NE(verdict(s).find("55 cells, not 56"), std::string::npos) << verdict(s);
  s = sol;
  s[0] = 'X';  // checked before its partner below
  EXPECT_NE(verdict(s).find("'X' is not L, R, T or B"), std::string::npos) << verdict(s);
  // Through files, a solution of the wrong size is an input error in the solution file.
  const std::string wrong = write_temp("wrong.sol", read_file(kDir + "dom_010_basic_1.sol"));
  try {
    verify_files(kDir + "dom_006_basic_1.txt", wrong);
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), wrong);
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.col(), 9) << e.located();  // row 1 of order 10 has 12 letters, order 6 wants 8
  }
}

TEST_F(DominosaTamperedSolution, AnotherPuzzlesSolutionIsRejected) {
  const Solution other = parse_solution(read_file(kDir + "dom_006_basic_2.sol"), in, "o");
  EXPECT_NE(verdict(other), "");
}

// ---- the picture ----

TEST(DominosaRender, DrawsNumbersAndTheSolutionsDominoes) {
  const Instance in = read_instance(kDir + "dom_006_basic_1.txt");
  const Solution sol = parse_solution(read_file(kDir + "dom_006_basic_1.sol"), in, "s");
  auto count = [](const std::string& svg, const std::string& what) {
    size_t k = 0;
    for (size_t at = svg.find(what); at != std::string::npos; at = svg.find(what, at + 1)) ++k;
    return k;
  };
  const std::string plain = render_svg(in, nullptr);
  EXPECT_EQ(plain.rfind("<svg", 0), 0u);
  EXPECT_NE(plain.find("</svg>"), std::string::npos);
  EXPECT_EQ(count(plain, "<text "), static_cast<size_t>(in.cells()));
  EXPECT_EQ(count(plain, "data-domino"), 0u);
  const std::string solved = render_svg(in, &sol);
  EXPECT_EQ(count(solved, "data-domino"), static_cast<size_t>(dominoes(in.n)));
  // Every domino once: 0-0 .. 6-6 each appear exactly once.
  for (int x = 0; x <= in.n; ++x)
    for (int y = x; y <= in.n; ++y)
      EXPECT_EQ(
          count(solved, "data-domino=\"" + std::to_string(x) + "-" + std::to_string(y) + "\""), 1u)
          << x << "-" << y;
  // A broken pair is left undrawn.
  Solution broken = sol;
  std::swap(broken[1], broken[2]);
  EXPECT_EQ(count(render_svg(in, &broken), "data-domino"), static_cast<size_t>(dominoes(in.n)) - 1);
  Solution short_one = sol;
  short_one.pop_back();
  EXPECT_THROW(render_svg(in, &short_one), std::invalid_argument);
}

TEST(DominosaRender, NamesAreEscaped) {
  const Instance in = parse_instance(kOrder2, "a<b&c.txt");
  const std::string svg = render_svg(in, nullptr);
  EXPECT_NE(svg.find("a&lt;b&amp;c"), std::string::npos);
  EXPECT_EQ(svg.find("a<b"), std::string::npos);
}

// ---- random grids with a planted solution ----

TEST(DominosaRandom, PlantedSolutionsVerify) {
  for (int n = 1; n <= 12; ++n) {
    for (const uint64_t seed : {1u, 2u, 77u}) {
      SCOPED_TRACE("order " + std::to_string(n) + " seed " + std::to_string(seed));
      const PlantedGrid grid = random_planted_grid(n, seed);
      EXPECT_EQ(grid.instance.n, n);
      EXPECT_EQ(check_numbers(grid.instance), "");
      ASSERT_EQ(grid.tiling.size(), static_cast<size_t>(dominoes(n)));
      const Solution s = solution_from_placements(grid.instance, grid.tiling);
      EXPECT_EQ(verify_solution(grid.instance, s), "");
      EXPECT_EQ(solution_placements(grid.instance, s), grid.tiling);
      // And through the formats.
      EXPECT_EQ(parse_instance(format_instance(grid.instance), "g.txt"), grid.instance);
      EXPECT_EQ(parse_solution(format_solution(s, grid.instance), grid.instance, "g.sol"), s);
    }
  }
}

TEST(DominosaRandom, DeterministicForASeed) {
  for (const int n : {1, 5, 12}) {
    const PlantedGrid a = random_planted_grid(n, 42), b = random_planted_grid(n, 42);
    EXPECT_EQ(a.instance, b.instance) << n;
    EXPECT_EQ(a.tiling, b.tiling) << n;
  }
  // Seeds matter: two seeds give two grids (a fixed fact of the fixed generator, not luck).
  EXPECT_NE(random_planted_grid(8, 1).instance, random_planted_grid(8, 2).instance);
}

// ---- the fuzzing checks ----

TEST(DominosaFuzz, CorpusAndInstancesReadBack) {
  const std::string corpus = std::string(BS_SOURCE_DIR) + "/fuzz/corpus/parsers/dominosa";
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(corpus)) {
    ++files;
    EXPECT_EQ(reread(read_file(e.path().string())), "") << e.path();
  }
  EXPECT_GE(files, 5);
  for (const std::string_view text : fuzz_instances()) {
    const Instance in = parse_instance(text, "f.txt");
    EXPECT_EQ(check_numbers(in), "");
    EXPECT_EQ(reread(text), "");
  }
  EXPECT_EQ(verify_solution(parse_instance(fuzz_instances()[1], "f.txt"),
                            parse_solution(kOrder2Solution, order2(), "s.sol")),
            "");
}

}  // namespace
}  // namespace bs::dominosa
