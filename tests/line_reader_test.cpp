// Tests for core/line_reader: how a text splits into lines (LF, CRLF, no final newline, a byte
// order mark), the column of every token, comments and blank lines, the limits, and where each
// kind of error points.
#include "core/line_reader.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "tests/test_support.hpp"

namespace bs {
namespace {

using bs::testing_support::expect_error;

constexpr LineReader::Limits kLimits{.max_bytes = 1 << 20};

// Every line of `text` as the reader hands it out.
std::vector<std::string> lines_of(std::string_view text) {
  LineReader in(text, "t.txt", kLimits);
  std::vector<std::string> out;
  while (in.next_line()) {
    EXPECT_EQ(in.line_number(), static_cast<int>(out.size()) + 1);
    out.emplace_back(in.line());
  }
  return out;
}

using Lines = std::vector<std::string>;

TEST(LineReader, SplitsLfCrlfAndALastLineWithoutNewline) {
  EXPECT_EQ(lines_of("a\nbc\n"), (Lines{"a", "bc"}));
  EXPECT_EQ(lines_of("a\r\nbc\r\n"), (Lines{"a", "bc"}));
  EXPECT_EQ(lines_of("a\nbc"), (Lines{"a", "bc"}));
  EXPECT_EQ(lines_of("a\r\nbc\r"), (Lines{"a", "bc"}));  // a final '\r' ends its line too
  EXPECT_EQ(lines_of("\n\nx\n\n"), (Lines{"", "", "x", ""}));
  EXPECT_EQ(lines_of(""), Lines{});
  EXPECT_EQ(lines_of("\n"), Lines{""});
}

TEST(LineReader, KeepsALoneCarriageReturnInsideItsLine) {
  EXPECT_EQ(lines_of("a\rb\nc\r\r\n"), (Lines{"a\rb", "c\r"}));
}

TEST(LineReader, KeepsNulBytes) {
  EXPECT_EQ(lines_of(std::string("a\0b\n\0", 5)),
            (Lines{std::string("a\0b", 3), std::string(1, '\0')}));
}

TEST(LineReader, SkipsAByteOrderMarkWithoutShiftingColumns) {
  EXPECT_EQ(lines_of("\xEF\xBB\xBF"
                     "ab\ncd"),
            (Lines{"ab", "cd"}));
  LineReader in(
      "\xEF\xBB\xBF"
      "  7 x",
      "b.txt", kLimits);
  ASSERT_TRUE(in.next_line());
  EXPECT_EQ(in.next_token().col, 3);
  expect_error([&] { in.expect_end("trailing"); }, 1, 5, "trailing");
  // Only at the very start: elsewhere the bytes stay in the line.
  EXPECT_EQ(lines_of("a\n\xEF\xBB\xBF"), (Lines{"a", "\xEF\xBB\xBF"}));
  EXPECT_TRUE(LineReader("\xEF\xBB\xBF", "b.txt", kLimits).holds_only_line_breaks());
}

TEST(LineReader, TokensKnowTheirColumns) {
  LineReader in("  12\t-3  x7 \r\n", "t.txt", kLimits);
  ASSERT_TRUE(in.next_line());
  const std::vector<Token> t = in.tokens();
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0].text, "12");
  EXPECT_EQ(t[0].col, 3);
  EXPECT_EQ(t[1].text, "-3");
  EXPECT_EQ(t[1].col, 6);
  EXPECT_EQ(t[2].text, "x7");
  EXPECT_EQ(t[2].col, 10);
  EXPECT_EQ(in.end_col(), 12);  // just past "x7", the trailing blank and "\r\n" not counted
  const Token none = in.next_token();
  EXPECT_TRUE(none.text.empty());
  EXPECT_EQ(none.col, 13);  // the cursor went past the trailing blank
  EXPECT_TRUE(in.at_end());
}

TEST(LineReader, CursorPeeksAndSkips) {
  LineReader in(" \t(1,2)", "t.txt", kLimits);
  ASSERT_TRUE(in.next_line());
  EXPECT_EQ(in.col(), 1);
  EXPECT_EQ(in.peek(), ' ');
  in.skip_blanks();
  EXPECT_EQ(in.col(), 3);
  EXPECT_EQ(in.peek(), '(');
  EXPECT_EQ(in.next_token().text, "(1,2)");
  EXPECT_EQ(in.peek(), '\0');
}

TEST(LineReader, CommentsAndBlankLines) {
  LineReader in("# whole line\n\n  \t\n 5 6 # note\n#\nx#\n", "t.txt", kLimits);
  ASSERT_TRUE(in.next_line());
  EXPECT_TRUE(in.comment_line());
  ASSERT_TRUE(in.next_nonblank_line());
  EXPECT_EQ(in.line_number(), 4);
  EXPECT_EQ(in.line(), " 5 6 ");  // the comment dropped, columns kept
  EXPECT_EQ(in.end_col(), 5);
  EXPECT_FALSE(in.comment_line());
  ASSERT_TRUE(in.next_nonblank_line());
  EXPECT_EQ(in.line_number(), 6);
  EXPECT_EQ(in.line(), "x");
  EXPECT_FALSE(in.next_nonblank_line());
  EXPECT_EQ(in.line_number(), 6);  // stays at the last line
}

TEST(LineReader, OtherCommentCharacterAndTrimEnd) {
  LineReader in("ab;c\nxo \t\r\r\n", "t.txt", {.max_bytes = 100, .comment = ';'});
  ASSERT_TRUE(in.next_line());
  in.drop_comment();
  EXPECT_EQ(in.line(), "ab");
  ASSERT_TRUE(in.next_line());
  EXPECT_EQ(in.line(), "xo \t\r");
  in.trim_end(" \t");
  EXPECT_EQ(in.line(), "xo \t\r");
  in.trim_end(" \t\r");
  EXPECT_EQ(in.line(), "xo");
}

TEST(LineReader, HoldsOnlyLineBreaks) {
  auto only = [](std::string_view s) {
    return LineReader(s, "t.txt", kLimits).holds_only_line_breaks();
  };
  EXPECT_TRUE(only(""));
  EXPECT_TRUE(only("\n\n"));
  EXPECT_TRUE(only("\r\n\r\n\r"));
  EXPECT_FALSE(only("\r\r\n"));
  EXPECT_FALSE(only(" \n"));
  EXPECT_FALSE(only("#\n"));
}

TEST(LineReader, ErrorPositions) {
  LineReader in("ab\r\ncde\nfg", "dir/e.txt", kLimits);
  ASSERT_TRUE(in.next_line());
  ASSERT_TRUE(in.next_line());
  try {
    in.error(3, "bad 'e'");
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_EQ(e.located(), "dir/e.txt:2:3: bad 'e'");
  }
  expect_error([&] { in.error_at(1, 2, "earlier"); }, 1, 2, "earlier");
  expect_error([&] { in.error_at_byte(0, "first"); }, 1, 1, "first");
  expect_error([&] { in.error_at_byte(5, "d"); }, 2, 2, "d");
  expect_error([&] { in.error_at_end("end"); }, 3, 3, "end");
  expect_error([&] { in.error_whole_file("whole"); }, 0, 0, "whole");
  expect_error([] { LineReader("a\n", "t", kLimits).error_at_end("x"); }, 2, 1, "x");
  expect_error([] { LineReader("", "t", kLimits).error_at_end("x"); }, 1, 1, "x");
}

TEST(LineReader, ExpectEnd) {
  LineReader in("7   \n7  8", "t.txt", kLimits);
  ASSERT_TRUE(in.next_line());
  EXPECT_EQ(in.next_token().text, "7");
  in.expect_end("more");  // trailing blanks are fine
  ASSERT_TRUE(in.next_line());
  EXPECT_EQ(in.next_token().text, "7");
  expect_error([&] { in.expect_end("more"); }, 2, 4, "more");
}

TEST(LineReader, Limits) {
  expect_error([] { LineReader(std::string(101, 'x'), "big", {.max_bytes = 100}); }, 0, 0,
               "file larger than 100 bytes (the limit)");
  expect_error([] { LineReader(std::string((1 << 20) + 1, '\n'), "big", kLimits); }, 0, 0,
               "file larger than 1 MiB (the limit)");
  EXPECT_NO_THROW(LineReader(std::string(100, 'x'), "ok", {.max_bytes = 100}));
  LineReader in("a\nb\nc\n", "t.txt", {.max_bytes = 100, .max_lines = 2});
  EXPECT_TRUE(in.next_line());
  EXPECT_TRUE(in.next_line());
  expect_error([&] { in.next_line(); }, 3, 1, "more than 2 lines (the limit)");
  LineReader exact("a\nb\n", "t.txt", {.max_bytes = 100, .max_lines = 2});
  EXPECT_TRUE(exact.next_line());
  EXPECT_TRUE(exact.next_line());
  EXPECT_FALSE(exact.next_line());  // a final newline is not a third line
  EXPECT_THROW(LineReader("", "t", {.max_bytes = size_t{1} << 31}), std::invalid_argument);
}

TEST(LineReader, ParseInteger) {
  EXPECT_EQ(parse_integer("0", 100), 0);
  EXPECT_EQ(parse_integer("042", 100), 42);
  EXPECT_EQ(parse_integer("-7", 100), -7);
  EXPECT_EQ(parse_integer("99999999999999999999999", 100), 100);
  EXPECT_EQ(parse_integer("-99999999999999999999999", 100), -100);
  for (const char* bad : {"", "-", "+3", "3x", " 3", "--1", "1-"})
    EXPECT_EQ(parse_integer(bad, 100), std::nullopt) << bad;
}

TEST(LineReader, LongLineIsOnePass) {
  const std::string text = std::string(5'000'000, 'o') + " 1\n";
  LineReader in(text, "long.txt", {.max_bytes = 8 << 20});
  ASSERT_TRUE(in.next_line());
  const std::vector<Token> t = in.tokens();
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[1].col, 5'000'002);
  EXPECT_FALSE(in.next_line());
}

}  // namespace
}  // namespace bs
