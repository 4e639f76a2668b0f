// Tests for the Shakashaka formats: every shipped puzzle reads the same from its grid and from the
// puzz.link URL it was published as, the writers give both back byte for byte, random grids
// round-trip through both forms, the URL writer takes the shortest encoding, each kind of bad
// input is reported at its exact line and column, and the fuzzing checks accept their corpus.
#include "puzzles/shakashaka/format.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "experiments/answers.hpp"
#include "puzzles/shakashaka/grid.hpp"
#include "solvers/shakashaka/fuzz.hpp"
#include "tests/test_support.hpp"

namespace bs::shakashaka {
namespace {

using namespace bs::testing_support;

const std::string kDir = shipped_instance("shakashaka/real/");

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

// The URL on the "# http..." comment line of a shipped puzzle file.
std::string shipped_url(const std::string& text) {
  const size_t at = text.find("# http");
  if (at == std::string::npos) return "";
  const size_t end = text.find('\n', at);
  return text.substr(at + 2, end - at - 2);
}

// The text without its comment lines.
std::string without_comments(const std::string& text) {
  std::string out;
  for (size_t p = 0; p < text.size();) {
    size_t end = text.find('\n', p);
    end = end == std::string::npos ? text.size() : end + 1;
    if (text.compare(p, 2, "# ") != 0) out += text.substr(p, end - p);
    p = end;
  }
  return out;
}

const auto expect_text_error =
    parse_error_check([](const std::string& t) { parse_instance(t, "t.txt"); });
const auto expect_url_error =
    parse_error_check([](const std::string& t) { parse_url(t, "t.url"); });

// Two rows: a diamond of four triangles on the left, a clue 1 counting one of them.
const char* kTwoByThree = "2 3\n..1\n...\n";
const char* kTwoByThreeSolution = "2 3\nab1\ndc.\n";

const Instance& two_by_three() {
  static const Instance in = parse_instance(kTwoByThree, "two_by_three.txt");
  return in;
}

const auto expect_solution_error =
    parse_error_check([](const std::string& t) { parse_solution(t, two_by_three(), "t.sol"); });

// A grid of one row from its characters, for the URL writer's cases.
Instance row_of(const std::string& cells) {
  return parse_instance("1 " + std::to_string(cells.size()) + "\n" + cells + "\n", "row.txt");
}

// ---- the shipped puzzles ----

TEST(ShakashakaFormat, ShipsSixteenPuzzles) {
  EXPECT_EQ(puzzle_bases().size(), 16u);
}

TEST(ShakashakaFormat, EveryShippedUrlReadsAsItsGridAndIsWrittenBack) {
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const std::string text = read_file(base + ".txt");
    const Instance grid = parse_instance(text, base + ".txt");
    EXPECT_EQ(grid.name, std::filesystem::path(base).filename().string());
    const std::string url = shipped_url(text);
    ASSERT_FALSE(url.empty());
    const Instance from_url = parse_url(url, base + ".url");
    EXPECT_EQ(from_url, grid);
    EXPECT_EQ(from_url.name, grid.name);
    // The writer is puzz.link's: byte for byte, but for the scheme (some were published as http).
    const std::string body = url.substr(url.find("p?"));
    EXPECT_EQ(format_url(grid), "https://puzz.link/" + body);
    EXPECT_TRUE(url.rfind("https://puzz.link/p?", 0) == 0 ||
                url.rfind("http://puzz.link/p?", 0) == 0);
  }
}

TEST(ShakashakaFormat, ShippedFilesRoundTrip) {
  for (const std::string& base : puzzle_bases()) {
    SCOPED_TRACE(base);
    const std::string text = read_file(base + ".txt");
    const Instance in = parse_instance(text, base + ".txt");
    EXPECT_EQ(format_instance(in), without_comments(text));
    EXPECT_EQ(parse_url(format_url(in), "x.url"), in);
    const std::string sol = read_file(base + ".sol");
    EXPECT_EQ(format_solution(parse_solution(sol, in, base + ".sol"), in), sol);
    EXPECT_EQ(verify_files(base + ".txt", base + ".sol"), "");
  }
}

TEST(ShakashakaFormat, ShippedAnswersAreCheckedByTheVerifier) {
  std::vector<std::string> files;
  for (const std::string& base : puzzle_bases()) files.push_back(base + ".txt");
  const auto answers = experiments::load_expected_answers(
      write_temp("shakashaka.toml", "puzzle = \"shakashaka\"\n"), files, verify_files);
  ASSERT_EQ(answers.size(), files.size());
  for (const auto& [file, answer] : answers) {
    EXPECT_EQ(answer.count, 1) << file;
    EXPECT_EQ(answer.solution, file.substr(0, file.size() - 4) + ".sol");
  }
}

TEST(ShakashakaFormat, ReadInstanceTellsAUrlFromAGrid) {
  const std::string base = kDir + "ppb_04_17x17";
  const Instance grid = read_instance(base + ".txt");
  const std::string url = shipped_url(read_file(base + ".txt"));
  // A URL behind comments and blank lines, by its content and by its extension.
  const std::string in_txt = write_temp("u.txt", "# a comment\n\n  " + url + "  \r\n\n");
  EXPECT_EQ(read_instance(in_txt), grid);
  const std::string bare = url.substr(url.find("p?"));
  EXPECT_EQ(read_instance(write_temp("u.url", bare + "\n")), grid);
  EXPECT_EQ(read_instance(write_temp("v.txt", bare)), grid);
  // The error of a URL in a file points into the file.
  const std::string broken = write_temp("b.txt", "# c\n" + bare + "f\n");
  try {
    read_instance(broken);
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), broken);
    EXPECT_EQ(e.line(), 2);
    EXPECT_EQ(e.col(), static_cast<int>(bare.size()) + 1) << e.located();
  }
}

// ---- the text form ----

TEST(ShakashakaFormat, ParsesTheTextForm) {
  const Instance in = parse_instance(
      "# a comment line\n"
      "\n"
      "2 3\n"
      "#\t comment lines may come anywhere\n"
      "..1  \n"
      "\n"
      "#0.\r\n",
      "some/dir/tiny.txt");
  EXPECT_EQ(in.name, "tiny");
  EXPECT_EQ(in.height, 2);
  EXPECT_EQ(in.width, 3);
  EXPECT_EQ(in.givens, (std::vector<int>{kWhite, kWhite, 1, kBlack, 0, kWhite}));
  EXPECT_EQ(in.clues(), 2);
  EXPECT_EQ(format_instance(in), "2 3\n..1\n#0.\n");
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_EQ(parse_instance(bom + kTwoByThree, "b.txt"), two_by_three());
  // A '#' alone is a row of one black cell, not a comment.
  EXPECT_EQ(parse_instance("2 1\n#\n4\n", "one.txt").givens, (std::vector<int>{kBlack, 4}));
}

// Each kind of bad text file, reported at the line and column where it goes wrong.
const BadInput kBadTexts[] = {
    {"EmptyFile", "", {1, 1}, "empty file"},
    {"EmptyFile", "\n\n", {3, 1}, "empty file"},
    {"OnlyComments", "# nothing\n\n", {3, 1}, "no size line"},
    {"BadSize", "x 3\n", {1, 1}, "height H 'x' is not an integer"},
    {"BadSize", "0 3\n", {1, 1}, "out of range (1..1000)"},
    {"BadSize", "-2 3\n", {1, 1}, "out of range"},
    {"BadSize", "99999999999999999999 3\n", {1, 1}, "out of range"},
    {"BadSize", "3 1001\n", {1, 3}, "width W '1001' is out of range"},
    {"BadSize", "3\n...\n", {1, 2}, "missing width W"},
    {"BadSize", "3 3 3\n", {1, 5}, "only \"H W\""},
    {"BadSize", "3 3.0\n", {1, 3}, "not an integer"},
    {"ClueAbove4", "2 3\n..5\n...\n", {2, 3}, "clue 5 is above 4"},
    {"ClueAbove4", "2 3\n...\n9..\n", {3, 1}, "clue 9 is above 4"},
    {"ShortRow", "2 3\n..\n...\n", {2, 3}, "row 1 is too short: it has 2 cells instead of 3"},
    {"ShortRow", "2 3\n...\n.\n", {3, 2}, "column 2 is missing"},
    {"LongRow", "2 3\n...\n..#.\n", {3, 4}, "row 2 is too long: column 4 is past the width 3"},
    {"UnknownChar", "2 3\n.x.\n...\n", {2, 2}, "unknown character 'x'"},
    {"UnknownChar", "2 3\n. .\n...\n", {2, 2}, "unknown character ' '"},
    {"UnknownChar", "1 3\n#a.\n", {2, 2}, "a comment line starts with \"# \""},
    {"UnknownChar", "1 3\n..\x01\n", {2, 3}, "\\x01"},
    {"UnknownChar", "1 3\n.\r.\n", {2, 2}, "\\x0D"},
    {"UnknownChar", std::string("1 3\n.\0.\n", 8), {2, 2}, "\\x00"},
    // A row past its first bad character is not read on: the first problem is the one named.
    {"UnknownChar", "1 3\n.x5..\n", {2, 2}, "unknown character 'x'"},
    {"MissingRows", "3 3\n...\n...\n", {4, 1}, "the grid ends after 2 of its 3 rows"},
    {"MissingRows", "3 3\n...\n# c\n", {4, 1}, "ends after 1 of its 3 rows"},
    {"ExtraRows", "1 3\n...\n\n  ...\n", {4, 3}, "more rows than the height 1"},
    {"TooManyLines", "1 1\n.\n" + std::string(kMaxLines, '\n'), {kMaxLines + 1, 1}, "the limit"},
};

BS_BAD_INPUT_TESTS(ShakashakaFormat, ShakashakaTextError, kBadTexts, expect_text_error);

TEST(ShakashakaFormat, FileTooLarge) {
  const std::string text(kMaxFileBytes + 1, ' ');
  try {
    parse_instance(text, "big.txt");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos);
  }
  EXPECT_THROW(parse_url(text, "big.url"), InputError);
  EXPECT_THROW(parse_solution(text, two_by_three(), "big.sol"), InputError);
}

TEST(ShakashakaFormat, MissingFileAndErrorsNameTheFile) {
  try {
    read_instance(kDir + "no_such_puzzle.txt");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.line(), 0);
    EXPECT_EQ(e.file(), kDir + "no_such_puzzle.txt");
  }
  try {
    parse_instance("1 3\n.7.\n", "dir/p.txt");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.located().rfind("dir/p.txt:2:2: ", 0), 0u) << e.located();
  }
}

TEST(ShakashakaFormat, PrintersRefuseMalformedInstances) {
  Instance in = two_by_three();
  in.givens[0] = 6;
  EXPECT_THROW(format_instance(in), std::invalid_argument);
  EXPECT_THROW(format_url(in), std::invalid_argument);
  EXPECT_THROW(parse_solution("ab1\ndc.\n", in, "s.sol"), std::invalid_argument);
  in = two_by_three();
  in.givens.pop_back();
  EXPECT_THROW(format_instance(in), std::invalid_argument);
  in = two_by_three();
  in.width = 0;
  EXPECT_THROW(format_url(in), std::invalid_argument);
}

// ---- puzz.link URLs ----

TEST(ShakashakaUrl, ReadsEveryKindOfCharacter) {
  // 3 x 4: "0" a clue before a black cell, "." that black cell, "8" a 3 and one white cell,
  // "g" one white cell, "c" a 2 and two white cells, "4" a 4, "h" two white cells; the rest white.
  const Instance in = parse_url("https://puzz.link/p?shakashaka/4/3/0.8gc4h", "dir/u.url");
  EXPECT_EQ(in.name, "u");
  EXPECT_EQ(in.width, 4);
  EXPECT_EQ(in.height, 3);
  const int W = kWhite;
  EXPECT_EQ(in.givens, (std::vector<int>{0, kBlack, 3, W, W, 2, W, W, 4, W, W, W}));
  // Any host, or none; no body at all is an all-white grid.
  EXPECT_EQ(parse_url("http://pzv.jp/p.html?shakashaka/4/3/0.8gc4h", "u.url"), in);
  EXPECT_EQ(parse_url("  p?shakashaka/4/3/0.8gc4h\n", "u.url"), in);
  const Instance white = parse_url("p?shakashaka/2/3", "w.url");
  EXPECT_EQ(white.givens, std::vector<int>(6, kWhite));
  EXPECT_EQ(parse_url("p?shakashaka/2/3/", "w.url"), white);
  // A clue among the last two cells skips past the end, as puzz.link writes it.
  EXPECT_EQ(parse_url("p?shakashaka/3/1/ge", "e.url").givens, (std::vector<int>{W, 4, W}));
  EXPECT_EQ(parse_url("p?shakashaka/3/1/hd", "e.url").givens, (std::vector<int>{W, W, 3}));
}

TEST(ShakashakaUrl, WritesTheShortestEncoding) {
  EXPECT_EQ(format_url(row_of("1#")), "https://puzz.link/p?shakashaka/2/1/1.");
  const auto body = [](const std::string& cells) {
    const std::string url = format_url(row_of(cells));
    return url.substr(url.rfind('/') + 1);
  };
  EXPECT_EQ(body("1.#"), "6.");                  // a clue and one white cell
  EXPECT_EQ(body("1..#"), "b.");                 // a clue and two white cells
  EXPECT_EQ(body("1...#"), "bg.");               // the third white cell on its own
  EXPECT_EQ(body("..2"), "hc");                  // the last cell a clue: its skip runs past the end
  EXPECT_EQ(body(".3."), "gd");                  // the one white cell after it too
  EXPECT_EQ(body("4#."), "4.g");                 // trailing white cells are written
  EXPECT_EQ(body(std::string(45, '.')), "zzk");  // runs in chunks of at most 20
  EXPECT_EQ(body(std::string(20, '.') + "0"), "za");
  EXPECT_EQ(body("##"), "..");
  // And each reads back as its grid.
  const std::string kCases[] = {"1.#", "1..#", "..2", "4#."};
  for (const std::string& cells : kCases)
    EXPECT_EQ(
        parse_url("p?shakashaka/" + std::to_string(cells.size()) + "/1/" + body(cells), "r.url"),
        row_of(cells));
}

TEST(ShakashakaUrl, RandomGridsRoundTripThroughBothForms) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    Instance in;
    in.height = 1 + static_cast<int>(rng() % 6);
    in.width = 1 + static_cast<int>(rng() % 30);
    const int black_percent = static_cast<int>(rng() % 60);
    for (int c = 0; c < in.cells(); ++c) {
      const int roll = static_cast<int>(rng() % 100);
      in.givens.push_back(roll >= black_percent ? kWhite : static_cast<int>(rng() % 6));
    }
    SCOPED_TRACE(format_instance(in));
    EXPECT_EQ(parse_instance(format_instance(in), "r.txt"), in);
    const std::string url = format_url(in);
    EXPECT_EQ(parse_url(url, "r.url"), in) << url;
    // Never longer than one character per cell, however the cells fall.
    EXPECT_LE(url.size() - url.rfind('/') - 1, static_cast<size_t>(in.cells()));
  }
}

// Each kind of bad URL, reported at the line and column where it goes wrong.
const BadInput kBadUrls[] = {
    {"Empty", "", {1, 1}, "empty file"},
    {"Empty", "# only a comment\n", {2, 1}, "no URL"},
    {"NotAUrl", "shakashaka/3/3/", {1, 1}, "not a puzz.link URL"},
    {"WrongPuzzle", "https://puzz.link/p?nurikabe/3/3/", {1, 21}, "wrong puzzle name 'nurikabe'"},
    {"WrongPuzzle", "p?shakashak/3/3", {1, 3}, "wrong puzzle name"},
    {"BadWidth", "p?shakashaka/0/3/", {1, 14}, "bad width W '0'"},
    {"BadWidth", "p?shakashaka/x/3/", {1, 14}, "bad width W 'x'"},
    {"BadWidth", "p?shakashaka//3/", {1, 14}, "bad width W"},
    {"BadWidth", "p?shakashaka/99999999999999999999999/3/", {1, 14}, "out of range"},
    {"BadHeight", "p?shakashaka/3/1001/", {1, 16}, "bad height H '1001'"},
    {"BadHeight", "p?shakashaka/3/-1/", {1, 16}, "bad height H '-1'"},
    {"Slash", "p?shakashaka", {1, 13}, "expected '/' after the puzzle name"},
    {"Slash", "p?shakashaka/3", {1, 15}, "expected '/' after the width"},
    {"WrongSize", "p?shakashaka/2/2/....1", {1, 22}, "URL of the wrong size"},
    {"WrongSize", "p?shakashaka/2/2/.j", {1, 19}, "skips 4 white cells, but only 3"},
    {"WrongSize", "p?shakashaka/2/2/ja", {1, 19}, "more than the 2 x 2 = 4 cells"},
    {"WrongSize", "# c\n\n  https://puzz.link/p?shakashaka/2/2/5x\n", {3, 39}, "wrong size"},
    {"UnknownChar", "p?shakashaka/3/3/f", {1, 18}, "unknown character 'f'"},
    {"UnknownChar", "p?shakashaka/3/3/1A", {1, 19}, "unknown character 'A'"},
    {"UnknownChar", "p?shakashaka/3/3/1/", {1, 19}, "unknown character '/'"},
    {"UnknownChar", std::string("p?shakashaka/3/3/\0", 18), {1, 18}, "\\x00"},
    {"Blank", "p?shakashaka/3/3/1 2", {1, 19}, "blank inside the URL"},
    {"TwoLines", "p?shakashaka/1/1/\np?shakashaka/1/1/\n", {2, 1}, "more than one line"},
};

BS_BAD_INPUT_TESTS(ShakashakaUrl, ShakashakaUrlError, kBadUrls, expect_url_error);

// ---- solution files ----

TEST(ShakashakaSolution, ReadsWithAndWithoutTheSizeLine) {
  const Solution want{ul, ur, 0, ll, lr, empty};
  EXPECT_EQ(parse_solution(kTwoByThreeSolution, two_by_three(), "s.sol"), want);
  EXPECT_EQ(parse_solution("# c\nab1\r\n\ndc.", two_by_three(), "s.sol"), want);
  EXPECT_EQ(format_solution(want, two_by_three()), kTwoByThreeSolution);
  EXPECT_EQ(verify_solution(two_by_three(), want), "");
  EXPECT_THROW(format_solution(Solution(5, empty), two_by_three()), std::invalid_argument);
  Solution no_state = want;
  no_state[5] = 0;
  EXPECT_THROW(format_solution(no_state, two_by_three()), std::invalid_argument);
}

const BadInput kBadSolutions[] = {
    {"Empty", "", {1, 1}, "ends after 0 of its 2 rows"},
    {"BadLetter", "ab1\ndx.\n", {2, 2}, "unknown character 'x'"},
    {"BadLetter", "aB1\ndc.\n", {1, 2}, "unknown character 'B'"},
    {"BadLetter", "ab1\nd c\n", {2, 2}, "unknown character ' '"},
    {"BlackCell", "ab#\ndc.\n", {1, 3}, "the puzzle has the black cell '1' here"},
    {"BlackCell", "abc\ndc.\n", {1, 3}, "black cells are copied"},
    {"WhiteCell", "a#1\ndc.\n", {1, 2}, "the puzzle's cell here is white"},
    {"WhiteCell", "a71\ndc.\n", {1, 2}, "the puzzle's cell here is white"},
    {"ShortRow", "ab1\ndc\n", {2, 3}, "row 2 is too short"},
    {"LongRow", "ab1.\ndc.\n", {1, 4}, "row 1 is too long"},
    {"WrongSize", "3 3\nab1\ndc.\n", {1, 1}, "the solution is 3 x 3 (H x W), the puzzle 2 x 3"},
    {"WrongSize", "2 x\nab1\ndc.\n", {1, 3}, "not an integer"},
    {"TooFewRows", "2 3\nab1\n", {3, 1}, "ends after 1 of its 2 rows"},
    {"TooManyRows", "ab1\ndc.\n...\n", {3, 1}, "more rows than the puzzle's 2"},
};

BS_BAD_INPUT_TESTS(ShakashakaSolution, ShakashakaSolutionError, kBadSolutions,
                   expect_solution_error);

// ---- hostile bytes and the fuzzing checks ----

TEST(ShakashakaFormat, RandomBytesFailOnlyWithInputError) {
  std::mt19937 rng(7);
  const std::string alphabet = ".#0459abgz/ \n\r\x01";
  for (int trial = 0; trial < 1000; ++trial) {
    std::string text = trial % 3 == 0 ? "2 3\n" : trial % 3 == 1 ? "p?shakashaka/3/2/" : "";
    const int len = static_cast<int>(rng() % 20);
    for (int i = 0; i < len; ++i) text += alphabet[rng() % alphabet.size()];
    EXPECT_EQ(reread(text), "") << text;
    for (auto* parse : {&parse_instance, &parse_url}) {
      try {
        parse(text, "r.txt");
      } catch (const InputError& e) {
        EXPECT_GE(e.line(), 1) << e.located();
        EXPECT_GE(e.col(), 1) << e.located();
      }
    }
  }
}

TEST(ShakashakaFuzz, CorpusAndInstancesReadBack) {
  const std::string corpus = std::string(BS_SOURCE_DIR) + "/fuzz/corpus/parsers/shakashaka";
  int files = 0, accepted = 0;
  for (const auto& e : std::filesystem::directory_iterator(corpus)) {
    ++files;
    const std::string text = read_file(e.path().string());
    EXPECT_EQ(reread(text), "") << e.path();
    const bool ok = e.path().filename().string().rfind("ok_", 0) == 0;
    bool read = false;
    for (auto* parse : {&parse_instance, &parse_url}) {
      try {
        parse(text, "c.txt");
        read = true;
      } catch (const InputError&) {
      }
    }
    try {
      parse_solution(text, two_by_three(), "c.sol");
      read = true;
    } catch (const InputError&) {
    }
    EXPECT_EQ(read, ok) << e.path();  // the ok_ files read with some reader, the bad_ ones not
    accepted += read;
  }
  EXPECT_GE(files, 6);
  EXPECT_GE(accepted, 3);
  for (const std::string_view text : fuzz_instances()) {
    EXPECT_NO_THROW(parse_instance(text, "f.txt"));
    EXPECT_EQ(reread(text), "");
  }
  EXPECT_EQ(parse_instance(fuzz_instances()[1], "f.txt"), two_by_three());
}

}  // namespace
}  // namespace bs::shakashaka
