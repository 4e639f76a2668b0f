// Tests for the peg board and jump-list parsers: round trips, the exact location of every kind of
// bad input, and a randomized robustness check that mutated files fail only with InputError.
#include "puzzles/peg/format.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <random>
#include <string>

#include "core/error.hpp"
#include "tests/test_support.hpp"

namespace bs::peg {
namespace {

const char* kLabFig1 =
    "# lab figure 1\n"
    "--o-o\n"
    "ooXXo\n"
    "oXXXo\n"
    "-oooo\n"
    "\n"
    "--o-o\n"
    "oXooo\n"
    "ooooo\n"
    "-oooo\n";

bool same_instance(const Instance& a, const Instance& b) {
  return a.name == b.name && a.board == b.board && a.start == b.start && a.final == b.final;
}

using namespace bs::testing_support;

const auto expect_instance_error =
    parse_error_check([](const std::string& t) { parse_instance(t, "t.txt"); });
const auto expect_jumps_error =
    parse_error_check([](const std::string& t) { parse_jumps(t, "j.txt"); });

std::vector<std::string> instance_files() {
  std::vector<std::string> files;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(BS_SOURCE_DIR) + "/instances/peg")) {
    if (e.path().extension() == ".txt") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(PegFormat, ParsesLabFigure1) {
  const Instance in = parse_instance(kLabFig1, "some/dir/lab_fig1.txt");
  EXPECT_EQ(in.name, "lab_fig1");
  EXPECT_EQ(in.board.rows(), 4);
  EXPECT_EQ(in.board.cols(), 5);
  EXPECT_EQ(in.board.holes(), 16);
  EXPECT_EQ(in.board.hole_at(0, 0), -1);
  EXPECT_EQ(in.board.hole_at(0, 2), 0);
  EXPECT_EQ(in.board.hole_at(0, 4), 1);
  EXPECT_EQ(in.board.hole_at(3, 0), -1);
  EXPECT_EQ(peg_count(in.start), 5);
  EXPECT_EQ(peg_count(in.final), 1);
  EXPECT_EQ(in.start[in.board.hole_at(1, 2)], 1);
  EXPECT_EQ(in.final[in.board.hole_at(1, 1)], 1);
  EXPECT_EQ(format_config(in.board, in.final), "--o-o\noXooo\nooooo\n-oooo\n");
}

TEST(PegFormat, RoundTripsEveryShippedInstance) {
  const auto files = instance_files();
  ASSERT_GE(files.size(), 10u);
  for (const auto& f : files) {
    SCOPED_TRACE(f);
    const Instance in = read_instance(f);
    EXPECT_EQ(in.name, std::filesystem::path(f).stem().string());
    const Instance again = parse_instance(format_instance(in), f);
    EXPECT_TRUE(same_instance(in, again));
    EXPECT_EQ(format_instance(again), format_instance(in));
  }
}

TEST(PegFormat, RoundTripsRandomBoards) {
  std::mt19937 rng(12345);
  for (int iter = 0; iter < 500; ++iter) {
    const int rows = 1 + static_cast<int>(rng() % 9), cols = 1 + static_cast<int>(rng() % 9);
    std::vector<uint8_t> mask(rows * cols);
    for (auto& m : mask) m = rng() % 4 != 0;
    mask[rng() % mask.size()] = 1;
    Instance in;
    in.name = "r";
    in.board = Board(rows, cols, mask);
    for (int h = 0; h < in.board.holes(); ++h) {
      in.start.push_back(rng() % 2);
      in.final.push_back(rng() % 2);
    }
    EXPECT_TRUE(same_instance(in, parse_instance(format_instance(in), "x/r.txt")));
  }
}

TEST(PegFormat, AcceptsCrlfTrailingSpaceCommentsAndBlankLines) {
  const Instance want = parse_instance(kLabFig1, "a.txt");
  const std::string text =
      "\r\n\n# leading comment\n--o-o  \r\nooXXo\t\r\n# a comment inside the start\noXXXo\n"
      "-oooo\n\n\n  \n# between\n\n--o-o\noXooo\r\nooooo\n-oooo";  // no final newline
  EXPECT_TRUE(same_instance(want, parse_instance(text, "a.txt")));
}

TEST(PegFormat, AcceptsAByteOrderMarkWithoutShiftingColumns) {
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_TRUE(
      same_instance(parse_instance(kLabFig1, "a.txt"), parse_instance(bom + kLabFig1, "a.txt")));
  expect_instance_error(bom + "oQo\n", 1, 2, "unknown character 'Q'");
  expect_instance_error(bom, 1, 1, "empty file");
  EXPECT_EQ(parse_jumps(bom + "1 3 S\n", "j").size(), 1u);
  expect_jumps_error(bom + "1 3 Q\n", 1, 5, "unknown direction 'Q'");
}

TEST(PegFormat, Accepts128HolesExactly) {
  std::string cfg;
  for (int r = 0; r < 8; ++r) cfg += std::string(16, 'o') + "\n";
  EXPECT_EQ(parse_instance(cfg + "\n" + cfg, "t.txt").board.holes(), 128);
}

// Each kind of bad board file, reported at the line and column where it goes wrong.
const BadInput kBadBoards[] = {
    {"RaggedRowShorter", "ooo\noo\n\nooo\nooo\n", {2, 3}, "shorter than the first row"},
    {"RaggedRowLonger", "ooo\nooo\n\nooo\noooo\n", {5, 4}, "longer than the first row"},
    {"UnknownCharacter", "oXo\noQo\n\nooo\nooo\n", {2, 2}, "unknown character 'Q'"},
    {"WhitespaceInsideRow", "oXo\no o\n\nooo\nooo\n", {2, 2}, "whitespace inside a row"},
    {"WhitespaceInsideRow", "oXo\n ooo\n\nooo\nooo\n", {2, 1}, "whitespace inside a row"},
    {"WhitespaceInsideRow", "oXo\rooo\n\nooo\n", {1, 4}, "carriage return inside a line"},
    {"DifferentRowCounts", "ooo\nXoo\n\nooo\nooo\nooo\n", {4, 1}, "has 3 rows but the start"},
    {"DifferentColumnCounts", "ooo\nXoo\n\noooo\noooo\n", {4, 4}, "rows of 4 cells"},
    {"DifferentColumnCounts", "oooo\nXooo\n\nooo\nooo\n", {4, 4}, "rows of 3 cells"},
    {"DifferentHolePatterns", "-oo\nXoo\n\n-oo\nXo-\n", {5, 3}, "final configuration has '-' here"},
    {"DifferentHolePatterns",
     "-oo\nXoo\n\noo-\nXoo\n",
     {4, 1},
     "final configuration has a hole here"},
    {"EmptyFile", "", {1, 1}, "empty file"},
    {"EmptyFile", "\n\n", {3, 1}, "empty file"},
    {"EmptyFile", "\r\n\r\n", {3, 1}, "empty file"},  // CRLF line endings are line endings
    {"OnlyComments", "# one\n# two\n", {3, 1}, "only comments"},
    {"OnlyComments", "# one\n\n\n# two", {4, 6}, "only comments"},
    {"MissingFinalConfiguration", "ooo\nXoo\n", {3, 1}, "missing final configuration"},
    // A forgotten blank line merges both configurations into one.
    {"MissingFinalConfiguration", "ooo\nXoo\nooo\nooX", {4, 4}, "separate the start and final"},
    {"ThreeConfigurations", "ooo\n\nooo\n\n# x\nooo\n", {6, 1}, "third configuration"},
    {"ZeroHoles", "\n---\n---\n\n---\n---\n", {2, 1}, "no holes"},
};

BS_BAD_INPUT_TESTS(PegFormat, PegBoardError, kBadBoards, expect_instance_error);

TEST(PegFormat, BinaryGarbage) {
  expect_instance_error(std::string("oo\0o\n", 5), 1, 3, "unknown character \\x00");
  expect_instance_error("oo\xff\xfe\n", 1, 3, "unknown character \\xFF");
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i) {
    std::string junk(1 + rng() % 300, '\0');
    for (auto& ch : junk) ch = static_cast<char>(rng());
    try {
      parse_instance(junk, "junk.bin");
    } catch (const InputError& e) {
      EXPECT_GE(e.line(), 1);
      EXPECT_GE(e.col(), 1);
    }
  }
}

TEST(PegFormat, MillionCharacterLineIsRejectedQuickly) {
  const auto t0 = std::chrono::steady_clock::now();
  expect_instance_error(std::string(1'000'000, 'o') + "\n\nooo\n", 1, 4097, "longer than 4096");
  expect_instance_error(std::string(1'000'000, '-'), 1, 4097, "longer than 4096");
  expect_instance_error("# fine\n" + std::string(1'000'000, 'o').replace(10, 1, "?"), 2, 11,
                        "unknown character '?'");
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(secs, 1.0);
}

TEST(PegFormat, FileTooLarge) {
  const std::string huge(kMaxFileBytes + 1, '\n');
  expect_error([&] { parse_instance(huge, "big.txt"); }, 0, 0, "larger than 64 MiB");
  expect_error([&] { parse_jumps(huge, "big.txt"); }, 0, 0, "larger than 64 MiB");
}

TEST(PegFormat, TooManyRows) {
  std::string text;
  for (int r = 0; r < 5000; ++r) text += "-\n";
  expect_instance_error(text, 4097, 1, "more than 4096 rows");
}

TEST(PegFormat, MissingFileViaReadInstance) {
  const std::string path = "/nonexistent/dir/board.txt";
  try {
    read_instance(path);
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), path);
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(e.located().rfind(path + ": ", 0), 0u) << e.located();
  }
}

TEST(PegFormat, ErrorsNameTheFile) {
  try {
    parse_instance("oQ\n", "dir/b.txt");
    ADD_FAILURE();
  } catch (const InputError& e) {
    EXPECT_EQ(e.located().rfind("dir/b.txt:1:2: unknown character 'Q'", 0), 0u) << e.located();
  }
}

TEST(PegFormat, TooManyHoles) {
  std::string cfg;  // 12 rows of 11 holes: the 129th hole is row 11 (0-based), column 7
  for (int r = 0; r < 12; ++r) cfg += std::string(11, 'o') + "\n";
  expect_instance_error(cfg + "\n" + cfg, 12, 8, "more than 128 holes");
}

TEST(PegJumps, ParsesBothFormsAndComments) {
  const auto jumps = parse_jumps(
      "# solution\n1 3 S\n\n(1,2,SOUTH)\n  3\t3 w   # west\r\n( 3 , 1 , North )\n", "j");
  ASSERT_EQ(jumps.size(), 4u);
  EXPECT_EQ(jumps[0], (JumpRC{1, 3, Dir::S}));
  EXPECT_EQ(jumps[1], (JumpRC{1, 2, Dir::S}));
  EXPECT_EQ(jumps[2], (JumpRC{3, 3, Dir::W}));
  EXPECT_EQ(jumps[3], (JumpRC{3, 1, Dir::N}));
  EXPECT_EQ(format_jump(jumps[0]), "1 3 S");
  EXPECT_EQ(format_jump(JumpRC{10, 0, Dir::E}), "10 0 E");
  EXPECT_TRUE(parse_jumps("", "j").empty());
  EXPECT_TRUE(parse_jumps("# nothing\n\n", "j").empty());
}

TEST(PegJumps, RoundTrip) {
  std::vector<JumpRC> jumps;
  std::string text;
  for (int i = 0; i < 40; ++i) {
    jumps.push_back(JumpRC{i, 40 - i, static_cast<Dir>(i % 4)});
    text += format_jump(jumps.back()) + "\n";
  }
  EXPECT_EQ(parse_jumps(text, "j"), jumps);
}

// Each kind of bad jump list, reported at the line and column where it goes wrong.
const BadInput kBadJumps[] = {
    {"FieldCount", "1 3 S\n1 3\n", {2, 4}, "expected 3 fields"},
    {"FieldCount", "1 3 S E\n", {1, 7}, "found 4"},
    {"Row", "a 3 S\n", {1, 1}, "row 'a' is not a non-negative integer"},
    {"Column", "1 3x S\n", {1, 3}, "column '3x' is not"},
    {"Column", "1 -3 S\n", {1, 3}, "negative"},
    {"Direction", "1 3 Q\n", {1, 5}, "unknown direction 'Q'"},
    {"Direction", "1 3 NORTHWEST\n", {1, 5}, "unknown direction"},
    {"Row", "99999999999 0 N\n", {1, 1}, "too large"},
    {"Parenthesis", "(1,3,S\n", {1, 7}, "expected ')'"},
    {"FieldCount", "(1,3)\n", {1, 5}, "found 2"},
    {"Column", "(1,,S)\n", {1, 4}, "expected a column number"},
    {"Garbage", std::string("1 3 \0\n", 6), {1, 5}, "\\x00"},
};

BS_BAD_INPUT_TESTS(PegJumps, PegJumpsError, kBadJumps, expect_jumps_error);

// Mutates valid files at random; the parsers must either succeed or throw InputError.
TEST(PegFormat, RandomMutationsFailCleanly) {
  std::vector<std::string> seeds = {kLabFig1};
  for (const auto& f : instance_files()) seeds.push_back(read_file(f));
  const std::string alphabet = "-oX\n\r\t #x(,)0123456789NESW";
  std::mt19937 rng(2024);
  int parsed = 0;
  for (int iter = 0; iter < 4000; ++iter) {
    std::string s = seeds[rng() % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const size_t pos = rng() % s.size();
      const char ch = rng() % 4 == 0 ? static_cast<char>(rng()) : alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0:
          s[pos] = ch;
          break;
        case 1:
          s.insert(s.begin() + static_cast<std::ptrdiff_t>(pos), ch);
          break;
        default:
          s.erase(pos, 1 + rng() % 3);
          break;
      }
    }
    try {
      const Instance in = parse_instance(s, "m.txt");
      ++parsed;
      EXPECT_TRUE(same_instance(in, parse_instance(format_instance(in), "m.txt")));
    } catch (const InputError& e) {
      EXPECT_GE(e.line(), 1) << e.located();
      EXPECT_GE(e.col(), 1) << e.located();
    }
    try {
      parse_jumps(s, "m.txt");
    } catch (const InputError& e) {
      EXPECT_GE(e.line(), 1) << e.located();
    }
  }
  EXPECT_GT(parsed, 0);  // some mutations (e.g. peg flips) stay valid
}

}  // namespace
}  // namespace bs::peg
