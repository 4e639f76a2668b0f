// Parsing and printing of Shakashaka puzzles (the text form and puzz.link URLs) and of solution
// files; the formats are described in format.hpp.
//
// The parsers read untrusted bytes (they are fuzzed): they walk the text once, refuse files and
// line counts beyond fixed limits, read sizes with a ceiling instead of letting them overflow, and
// stop at the first problem with an InputError at its exact line and column. Rows are read left to
// right, so that the first wrong character is the one reported, whether it is an unknown byte, a
// clue above 4 or one character too many.
//
// The URL writer is puzz.link's own (pzprjs's encode4Cell): a clue followed by one or two white
// cells takes them into its character, a clue near the end of the grid skips past it, and runs of
// white cells are cut into chunks of at most 20. Reproducing it byte for byte lets the tests
// compare against the URLs the puzzles were published with.
#include "puzzles/shakashaka/format.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/error.hpp"
#include "core/line_reader.hpp"

namespace bs::shakashaka {

namespace {

// '#' is a black cell in a row, so the reader's own comment handling (which would cut a row at
// its first '#') is never used: comment lines are recognised here ("# " at the start).
constexpr LineReader::Limits kLimits{.max_bytes = kMaxFileBytes, .max_lines = kMaxLines};

constexpr long long kCeiling = 1'000'000'000'000LL;
constexpr int kMaxRun = 20;  // the longest run of white cells one URL character skips

std::string stem(const std::string& filename) {
  return std::filesystem::path(filename).stem().string();
}

std::string side_range() {
  return "(1.." + std::to_string(kMaxSide) + ")";
}

bool is_blank_char(char ch) {
  return ch == ' ' || ch == '\t';
}

// A comment line: '#' and a blank. A '#' alone is a row of one black cell, and "#.." a row too.
bool is_comment(std::string_view line) {
  return line.size() >= 2 && line[0] == '#' && is_blank_char(line[1]);
}

// Moves to the next line that is neither blank nor a comment; false at the end of the text.
bool next_content_line(LineReader& reader) {
  while (reader.next_line()) {
    if (!reader.blank() && !is_comment(reader.line())) return true;
  }
  return false;
}

// A side length token in 1..kMaxSide.
int read_side(const LineReader& reader, const Token& t, const std::string& what) {
  if (t.text.empty()) reader.error(t.col, "missing " + what + " " + side_range());
  const std::optional<long long> v = parse_integer(t.text, kCeiling);
  if (!v) reader.error(t.col, what + " " + quote_bytes(t.text) + " is not an integer");
  if (*v < 1 || *v > kMaxSide)
    reader.error(t.col, what + " " + quote_bytes(t.text) + " is out of range " + side_range());
  return static_cast<int>(*v);
}

// The cell a character of the text form stands for: kWhite, 0..4 or kBlack; nullopt when it
// stands for none. '5'..'9' are reported apart, as the likely slip they are.
std::optional<int> cell_of_char(char ch) {
  if (ch == '.') return kWhite;
  if (ch == '#') return kBlack;
  if (ch >= '0' && ch <= '4') return ch - '0';
  return std::nullopt;
}

[[noreturn]] void bad_cell_char(const LineReader& reader, int col, char ch, const char* expected) {
  if (ch >= '5' && ch <= '9') {
    reader.error(col, std::string("clue ") + ch +
                          " is above 4 (a clue counts the triangles in its up to 4 neighbours)");
  }
  std::string message =
      "unknown character " + quote_bytes(std::string_view(&ch, 1)) + ": expected " + expected;
  if (col == 2 && reader.line()[0] == '#') message += " (a comment line starts with \"# \")";
  reader.error(col, message);
}

// Row r (0-based) of the text form, on the reader's current line, appended to `givens`.
void read_row(LineReader& reader, int r, int width, std::vector<int>& givens) {
  reader.trim_end(" \t");
  const std::string_view line = reader.line();
  for (size_t i = 0; i < line.size(); ++i) {
    const int col = static_cast<int>(i) + 1;
    if (static_cast<int>(i) == width) {
      reader.error(col, "row " + std::to_string(r + 1) + " is too long: column " +
                            std::to_string(col) + " is past the width " + std::to_string(width));
    }
    const std::optional<int> cell = cell_of_char(line[i]);
    if (!cell) bad_cell_char(reader, col, line[i], "'.' (white), '#' (black) or a clue 0..4");
    givens.push_back(*cell);
  }
  if (static_cast<int>(line.size()) < width) {
    reader.error(reader.end_col(), "row " + std::to_string(r + 1) + " is too short: it has " +
                                       std::to_string(line.size()) + " cells instead of " +
                                       std::to_string(width) + ", column " +
                                       std::to_string(line.size() + 1) + " is missing");
  }
}

// The "H W" line at the reader's current line.
void read_size_line(LineReader& reader, Instance& in) {
  in.height = read_side(reader, reader.next_token(), "height H");
  in.width = read_side(reader, reader.next_token(), "width W");
  reader.expect_end("the size line holds only \"H W\" (height, then width)");
}

char char_of_given(int given) {
  if (given == kWhite) return '.';
  if (given == kBlack) return '#';
  return static_cast<char>('0' + given);
}

// Why `in` cannot be printed, or empty.
std::string malformed(const Instance& in) {
  if (in.height < 1 || in.height > kMaxSide || in.width < 1 || in.width > kMaxSide)
    return "size out of range";
  if (in.givens.size() != static_cast<size_t>(in.cells())) return "wrong number of cells";
  for (const int g : in.givens) {
    if (g != kWhite && (g < 0 || g > kBlack)) return "a cell holds " + std::to_string(g);
  }
  return "";
}

void check_printable(const Instance& in, const char* who) {
  if (const std::string bad = malformed(in); !bad.empty())
    throw std::invalid_argument(std::string(who) + ": malformed instance: " + bad);
}

std::string size_line(const Instance& in) {
  return std::to_string(in.height) + " " + std::to_string(in.width) + "\n";
}

}  // namespace

Instance parse_instance(std::string_view text, const std::string& filename) {
  LineReader reader(text, filename, kLimits);
  Instance in;
  in.name = stem(filename);
  if (!next_content_line(reader)) {
    reader.error_at_end(std::string(reader.holds_only_line_breaks()
                                        ? "empty file"
                                        : "no size line (only comments and blank lines)") +
                        ": expected \"H W\", then H rows of W cells");
  }
  read_size_line(reader, in);
  in.givens.reserve(static_cast<size_t>(in.cells()));
  for (int r = 0; r < in.height; ++r) {
    if (!next_content_line(reader)) {
      reader.error_at_end("the grid ends after " + std::to_string(r) + " of its " +
                          std::to_string(in.height) + " rows (the height on the size line)");
    }
    read_row(reader, r, in.width, in.givens);
  }
  if (next_content_line(reader)) {
    reader.skip_blanks();
    reader.error(reader.col(),
                 "more rows than the height " + std::to_string(in.height) + " on the size line");
  }
  return in;
}

namespace {

// The URL's parts, as offsets into the reader's current line.
class UrlReader {
 public:
  UrlReader(const LineReader& reader, size_t begin, size_t end)
      : reader_(reader), line_(reader.line()), p_(begin), e_(end) {}

  Instance read(const std::string& filename) {
    const size_t q = line_.substr(p_, e_ - p_).find('?');
    if (q == std::string_view::npos) {
      fail(p_,
           "not a puzz.link URL: expected \"p?shakashaka/W/H/BODY\", possibly behind "
           "\"https://puzz.link/\"");
    }
    p_ += q + 1;
    const size_t name_at = p_;
    const std::string_view name = segment();
    if (name != "shakashaka") {
      fail(name_at, "wrong puzzle name " + quote_bytes(name) + ": expected \"shakashaka\"");
    }
    expect_slash("after the puzzle name");
    Instance in;
    in.name = stem(filename);
    in.width = side("width W");
    expect_slash("after the width");
    in.height = side("height H");
    if (p_ < e_) expect_slash("after the height");  // no body at all: an all-white grid
    read_body(in);
    return in;
  }

 private:
  [[noreturn]] void fail(size_t at, const std::string& message) const {
    reader_.error(static_cast<int>(at) + 1, message);
  }

  std::string_view segment() {
    const size_t start = p_;
    while (p_ < e_ && line_[p_] != '/') ++p_;
    return line_.substr(start, p_ - start);
  }

  void expect_slash(const char* where) {
    if (p_ == e_ || line_[p_] != '/') fail(p_, std::string("expected '/' ") + where);
    ++p_;
  }

  int side(const std::string& what) {
    const size_t at = p_;
    const std::string_view digits = segment();
    const bool numeric = !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char ch) {
      return ch >= '0' && ch <= '9';
    });
    if (!numeric)
      fail(at,
           "bad " + what + " " + quote_bytes(digits) + ": expected 1.." + std::to_string(kMaxSide));
    const long long v = *parse_integer(digits, kCeiling);
    if (v < 1 || v > kMaxSide)
      fail(at, "bad " + what + " " + quote_bytes(digits) + ": out of range " + side_range());
    return static_cast<int>(v);
  }

  // BODY: each character describes the cell at `cell` and possibly skips white cells after it.
  void read_body(Instance& in) {
    const int cells = in.cells();
    in.givens.assign(static_cast<size_t>(cells), kWhite);
    int cell = 0;
    for (; p_ < e_; ++p_) {
      const char ch = line_[p_];
      if (cell >= cells) {
        fail(p_, "URL of the wrong size: the body names more than the " + std::to_string(in.width) +
                     " x " + std::to_string(in.height) + " = " + std::to_string(cells) +
                     " cells of the grid");
      }
      if (ch >= '0' && ch <= '9') {  // a clue, then skip (ch - '0') / 5 white cells
        in.givens[cell] = (ch - '0') % 5;
        cell += 1 + (ch - '0') / 5;
      } else if (ch >= 'a' && ch <= 'e') {  // a clue, then skip 2 white cells
        in.givens[cell] = ch - 'a';
        cell += 3;
      } else if (ch >= 'g' && ch <= 'z') {  // 1..20 white cells
        const int run = ch - 'f';
        if (cell + run > cells) {
          fail(p_, "URL of the wrong size: " + quote_bytes(std::string_view(&ch, 1)) + " skips " +
                       std::to_string(run) + " white cells, but only " +
                       std::to_string(cells - cell) + " of the " + std::to_string(cells) +
                       " cells are left");
        }
        cell += run;
      } else if (ch == '.') {
        in.givens[cell] = kBlack;
        ++cell;
      } else {
        fail(p_, "unknown character " + quote_bytes(std::string_view(&ch, 1)) +
                     " in the URL body: expected a clue '0'..'9' or 'a'..'e', a run of white "
                     "cells 'g'..'z', or '.' (a black cell)");
      }
    }
  }

  const LineReader& reader_;
  std::string_view line_;
  size_t p_, e_;
};

bool starts_like_url(std::string_view s) {
  return s.rfind("http", 0) == 0 || s.rfind("p?", 0) == 0;
}

// The first line that is neither blank nor a comment, without its leading blanks; empty if none.
std::string_view first_content(std::string_view text, const std::string& filename) {
  LineReader reader(text, filename, kLimits);
  if (!next_content_line(reader)) return {};
  reader.skip_blanks();
  return reader.line().substr(static_cast<size_t>(reader.col() - 1));
}

}  // namespace

Instance parse_url(std::string_view text, const std::string& filename) {
  LineReader reader(text, filename, kLimits);
  if (!next_content_line(reader)) {
    reader.error_at_end(
        std::string(reader.holds_only_line_breaks() ? "empty file" : "no URL (only comments)") +
        ": expected \"https://puzz.link/p?shakashaka/W/H/BODY\"");
  }
  reader.trim_end(" \t");
  reader.skip_blanks();
  const size_t begin = static_cast<size_t>(reader.col() - 1);
  // Blanks inside the URL are caught here rather than as a puzzling body character.
  const std::string_view line = reader.line();
  if (const size_t blank = line.find_first_of(" \t", begin); blank != std::string_view::npos)
    reader.error(static_cast<int>(blank) + 1, "blank inside the URL (a URL is one word)");
  UrlReader url(reader, begin, line.size());
  Instance in = url.read(filename);
  if (next_content_line(reader)) {
    reader.skip_blanks();
    reader.error(reader.col(), "more than one line: a URL file holds one URL");
  }
  return in;
}

Instance read_instance(const std::string& path) {
  const std::string text = read_file(path);
  if (std::filesystem::path(path).extension() == ".url" ||
      starts_like_url(first_content(text, path)))
    return parse_url(text, path);
  return parse_instance(text, path);
}

std::string format_instance(const Instance& in) {
  check_printable(in, "format_instance");
  std::string out = size_line(in);
  out.reserve(out.size() + static_cast<size_t>(in.cells() + in.height));
  for (int r = 0; r < in.height; ++r) {
    for (int c = 0; c < in.width; ++c) out += char_of_given(in.givens[r * in.width + c]);
    out += '\n';
  }
  return out;
}

std::string format_url(const Instance& in) {
  check_printable(in, "format_url");
  std::string out = "https://puzz.link/p?shakashaka/" + std::to_string(in.width) + "/" +
                    std::to_string(in.height) + "/";
  const int cells = in.cells();
  auto white = [&](int c) { return c < cells && in.givens[c] == kWhite; };
  int run = 0;  // white cells not yet written
  auto flush_run = [&] {
    if (run > 0) out += static_cast<char>('f' + run);
    run = 0;
  };
  for (int c = 0; c < cells; ++c) {
    const int g = in.givens[c];
    if (g == kWhite) {
      if (++run == kMaxRun) flush_run();
      continue;
    }
    flush_run();
    if (g == kBlack) {
      out += '.';
    } else if (c + 1 < cells && !white(c + 1)) {  // a clue right before a black cell
      out += static_cast<char>('0' + g);
    } else if (c + 2 < cells && !white(c + 2)) {  // one white cell, then a black one
      out += static_cast<char>('5' + g);
      c += 1;
    } else {  // two white cells, or the grid ends within two: skip up to 2
      out += static_cast<char>('a' + g);
      c += 2;
    }
  }
  flush_run();
  return out;
}

namespace {

// The optional "H W" line of a solution, at the reader's current line: it must be the puzzle's.
void check_solution_size(LineReader& reader, const Instance& instance) {
  Instance size;
  read_size_line(reader, size);
  if (size.height != instance.height || size.width != instance.width) {
    reader.error(1, "the solution is " + std::to_string(size.height) + " x " +
                        std::to_string(size.width) + " (H x W), the puzzle " +
                        std::to_string(instance.height) + " x " + std::to_string(instance.width));
  }
}

// One character of a solution row: the state of a white cell, or 0 for a black cell, which must
// be copied from the puzzle.
int read_solution_char(const LineReader& reader, int col, char ch, int given) {
  if (is_black(given)) {
    if (ch != char_of_given(given)) {
      reader.error(col, "the puzzle has the black cell '" + std::string(1, char_of_given(given)) +
                            "' here, the solution " + quote_bytes(std::string_view(&ch, 1)) +
                            " (black cells are copied from the puzzle)");
    }
    return 0;
  }
  const char* letter = std::find(kStateLetters + 1, kStateLetters + kStates + 1, ch);
  if (letter != kStateLetters + kStates + 1) return static_cast<int>(letter - kStateLetters);
  if (cell_of_char(ch) || (ch >= '5' && ch <= '9')) {
    reader.error(col, "the puzzle's cell here is white, the solution has " +
                          quote_bytes(std::string_view(&ch, 1)));
  }
  bad_cell_char(reader, col, ch,
                "'.' (no triangle) or a triangle 'a' (upper left), 'b' (upper right), "
                "'c' (lower right) or 'd' (lower left)");
}

bool holds_two_words(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t");
  const size_t last = line.find_last_not_of(" \t");
  return first != std::string_view::npos &&
         line.substr(first, last - first + 1).find_first_of(" \t") != std::string_view::npos;
}

// Row r (0-based) of a solution, on the reader's current line, appended to `s`.
void read_solution_row(LineReader& reader, int r, const Instance& instance, Solution& s) {
  const int w = instance.width;
  reader.trim_end(" \t");
  const std::string_view line = reader.line();
  for (size_t i = 0; i < line.size(); ++i) {
    const int col = static_cast<int>(i) + 1;
    if (static_cast<int>(i) == w) {
      reader.error(col, "row " + std::to_string(r + 1) + " is too long: column " +
                            std::to_string(col) + " is past the width " + std::to_string(w));
    }
    s.push_back(read_solution_char(reader, col, line[i], instance.givens[r * w + col - 1]));
  }
  if (static_cast<int>(line.size()) < w) {
    reader.error(reader.end_col(), "row " + std::to_string(r + 1) + " is too short: it has " +
                                       std::to_string(line.size()) + " cells instead of " +
                                       std::to_string(w) + ", column " +
                                       std::to_string(line.size() + 1) + " is missing");
  }
}

}  // namespace

Solution parse_solution(std::string_view text, const Instance& instance,
                        const std::string& filename) {
  if (const std::string bad = malformed(instance); !bad.empty())
    throw std::invalid_argument("parse_solution: malformed instance: " + bad);
  const int h = instance.height;
  LineReader reader(text, filename, kLimits);
  Solution s;
  s.reserve(static_cast<size_t>(instance.cells()));
  bool have_line = next_content_line(reader);
  // A row never holds a blank, so a first line of two words is the optional "H W".
  if (have_line && holds_two_words(reader.line())) {
    check_solution_size(reader, instance);
    have_line = next_content_line(reader);
  }
  for (int r = 0; r < h; ++r) {
    if (!have_line) {
      reader.error_at_end("the solution ends after " + std::to_string(r) + " of its " +
                          std::to_string(h) + " rows");
    }
    read_solution_row(reader, r, instance, s);
    have_line = next_content_line(reader);
  }
  if (have_line) {
    reader.skip_blanks();
    reader.error(reader.col(), "more rows than the puzzle's " + std::to_string(h));
  }
  return s;
}

std::string format_solution(const Solution& solution, const Instance& instance) {
  check_printable(instance, "format_solution");
  if (solution.size() != static_cast<size_t>(instance.cells()))
    throw std::invalid_argument("format_solution: the solution does not fit the instance");
  std::string out = size_line(instance);
  for (int r = 0; r < instance.height; ++r) {
    for (int c = 0; c < instance.width; ++c) {
      const int cell = r * instance.width + c;
      const int given = instance.givens[cell];
      if (is_black(given)) {
        out += char_of_given(given);
      } else if (solution[cell] >= empty && solution[cell] <= ll) {
        out += kStateLetters[solution[cell]];
      } else {
        throw std::invalid_argument("format_solution: a white cell has no state");
      }
    }
    out += '\n';
  }
  return out;
}

std::string verify_files(const std::string& instance_path, const std::string& solution_path) {
  const Instance in = read_instance(instance_path);
  return verify_solution(in, parse_solution(read_file(solution_path), in, solution_path));
}

}  // namespace bs::shakashaka
