// One line reader for every puzzle text format, so that each parser reads as its grammar.
//
// A LineReader walks a text one line at a time and knows, for everything it hands out, where it
// stands: the 1-based line number, and the 1-based column (counted in bytes) of every token. Its
// error functions throw bs::InputError at such a place, which the CLI prints as
// `file:line:col: problem` with exit code 2. What the formats share lives here:
// - Lines end in "\n" or "\r\n"; the last line needs no ending (a '\r' that ends the text ends it
//   too), and a final "\n" does not start another line. A lone '\r' elsewhere stays in the line,
//   for the format to refuse.
// - A UTF-8 byte order mark at the start is skipped; columns count from the byte after it.
// - A text longer than the byte limit is refused as a whole (line 0) before any line is read, and
//   an optional line limit stops a file of a million empty lines early. The byte limit also keeps
//   every line and column number in an int.
// - Comments run from the comment character to the end of the line (drop_comment), or fill a
//   line that starts with it (comment_line), as each format says; blanks are ' ' and '\t'.
// What stays in the parsers is what differs: which lines are skipped, how numbers are checked, and
// every message. The text is borrowed: it must outlive the reader. A file is read whole by
// bs::read_file (core/error.hpp) and handed over as its text, so that the fuzzers and the tests go
// through the very path the CLI takes. The reader copies nothing, so that hostile input (NUL
// bytes, huge lines) costs one pass.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bs {

// A blank-separated word of a line and the column of its first byte. At the end of a line the
// text is empty and the column is where the missing word would have started.
struct Token {
  std::string_view text;
  int col;  // 1-based
};

// The value of an optional '-' followed by one or more decimal digits, its magnitude clamped to
// `ceiling` so that no digit string overflows; nullopt for anything else (an empty string, "+3",
// "3x", "-"). A parser that forbids '-' checks the text itself.
std::optional<long long> parse_integer(std::string_view text, long long ceiling);

class LineReader {
 public:
  struct Limits {
    size_t max_bytes;    // a longer text is refused whole; below 2^31
    int max_lines = 0;   // 0: only the byte limit bounds the line count
    char comment = '#';  // the character that starts a comment
  };

  // Throws InputError (line 0) when the text exceeds limits.max_bytes; `filename` names the text
  // in every error.
  LineReader(std::string_view text, std::string filename, Limits limits);
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The whole text after any byte order mark; offsets into it are what error_at_byte takes.
  std::string_view text() const { return text_; }
  // Whether every line is empty: the text holds nothing but line endings (or nothing at all).
  bool holds_only_line_breaks() const;

  // ---- lines ----
  // Moves to the next line, its cursor at column 1; false after the last line, when
  // line_number() stays at the last line's. Throws InputError past limits.max_lines.
  bool next_line();
  // Moves to the next line that holds more than blanks once its comment is dropped (it is dropped
  // on the line returned too); false when none is left.
  bool next_nonblank_line();
  int line_number() const { return number_; }
  // The current line without its ending and without whatever drop_comment and trim_end removed;
  // line()[i] is at column i + 1.
  std::string_view line() const { return line_; }
  bool comment_line() const { return !line_.empty() && line_[0] == limits_.comment; }
  void drop_comment();                    // ends the line before its first comment character
  void trim_end(std::string_view chars);  // drops these characters from the line's end
  bool blank() const;                     // the line holds nothing but blanks

  // ---- the cursor within the current line ----
  int col() const { return static_cast<int>(cursor_) + 1; }
  bool at_end() const { return cursor_ == line_.size(); }
  char peek() const { return at_end() ? '\0' : line_[cursor_]; }  // '\0' also at the end
  void skip_blanks();
  // The next blank-separated token from the cursor, which moves past it.
  Token next_token();
  // Every token from the cursor to the end of the line.
  std::vector<Token> tokens();
  // The column just past the line's last non-blank byte: where a missing token is reported.
  int end_col() const;
  // Skips blanks and throws `message` at the cursor if anything else is left on the line.
  void expect_end(const std::string& message);

  // ---- places ----
  // The 1-based line and column of byte `offset` of text() (clamped to its end): where a format
  // read from the whole text rather than line by line (JSON) found something.
  struct Place {
    int line, col;
  };
  Place place_of_byte(size_t offset) const;

  // ---- errors, all InputError naming the file ----
  [[noreturn]] void error(int col, const std::string& message) const;  // on the current line
  [[noreturn]] void error_at(int line, int col, const std::string& message) const;
  [[noreturn]] void error_at_byte(size_t offset, const std::string& message) const;
  [[noreturn]] void error_at_end(const std::string& message) const;      // just past the last byte
  [[noreturn]] void error_whole_file(const std::string& message) const;  // line 0

 private:
  std::string filename_;
  Limits limits_;
  std::string_view text_;
  size_t next_ = 0;  // where the next line starts
  int number_ = 0;
  std::string_view line_;
  size_t cursor_ = 0;
};

}  // namespace bs
