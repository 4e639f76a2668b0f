// Parsing and printing of peg board files and jump lists; the format is described in format.hpp.
//
// The parser reads untrusted bytes (it is fuzzed), so it walks the text once, line by line, never
// allocates more than the limits allow, and stops at the first problem with an InputError that
// points at the exact line and column. Errors inside a line are found in file order; errors that
// need both configurations (shape, hole pattern, hole count) come after the whole file is read.
#include "puzzles/peg/format.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "core/error.hpp"

namespace bs::peg {

namespace {

// A character on its own is clearer unquoted when it is not printable: "unknown character \x00".
std::string show_char(char ch) {
  const auto u = static_cast<unsigned char>(ch);
  if (u >= 0x20 && u < 0x7f) return quote_bytes(std::string_view(&ch, 1));
  return quote_bytes(std::string_view(&ch, 1)).substr(1, 4);
}

bool is_trailing_space(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\r';
}

// Walks the text one line at a time; the '\n' is not part of the line.
class Lines {
 public:
  explicit Lines(std::string_view text) : text_(text) {}
  bool next(std::string_view& line) {
    if (pos_ >= text_.size()) return false;  // a final '\n' does not start another line
    const size_t end = std::min(text_.find('\n', pos_), text_.size());
    line = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    ++number_;
    return true;
  }
  int number() const { return number_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
  int number_ = 0;
};

// Where "expected more" errors point: just past the last character of the file.
void end_of_text(std::string_view text, int& line, int& col) {
  line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  col = static_cast<int>(text.size() - line_start) + 1;
}

std::string_view strip_trailing(std::string_view s) {
  while (!s.empty() && is_trailing_space(s.back())) s.remove_suffix(1);
  return s;
}

struct Block {
  std::vector<std::string_view> rows;
  std::vector<int> lines;
};

void check_size(std::string_view text, const std::string& filename) {
  if (text.size() > kMaxFileBytes) {
    throw InputError(
        filename, 0, 0,
        "file larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB (the limit)");
  }
}

std::string unknown_char_message(char ch) {
  if (ch == ' ' || ch == '\t') {
    return "whitespace inside a row (rows hold only '-', 'o' and 'X'; spaces would shift columns)";
  }
  if (ch == '\r')
    return "carriage return inside a line (only \"\\r\\n\" line endings are accepted)";
  return "unknown character " + show_char(ch) +
         " (expected '-' for no hole, 'o' for an empty hole or 'X' for a peg)";
}

}  // namespace

Instance parse_instance(std::string_view text, const std::string& filename) {
  auto fail = [&](int line, int col, const std::string& msg) {
    throw InputError(filename, line, col, msg);
  };
  check_size(text, filename);

  std::vector<Block> blocks;
  bool in_block = false;
  bool saw_anything = false;
  Lines lines(text);
  std::string_view raw;
  while (lines.next(raw)) {
    const int ln = lines.number();
    if (!raw.empty()) saw_anything = true;
    if (!raw.empty() && raw[0] == '#') continue;
    const std::string_view row = strip_trailing(raw);
    if (row.empty()) {
      in_block = false;
      continue;
    }
    const size_t scan = std::min(row.size(), static_cast<size_t>(kMaxRowLength));
    for (size_t i = 0; i < scan; ++i) {
      const char ch = row[i];
      if (ch != '-' && ch != 'o' && ch != 'X') {
        fail(ln, static_cast<int>(i) + 1, unknown_char_message(ch));
      }
    }
    if (row.size() > static_cast<size_t>(kMaxRowLength)) {
      fail(ln, kMaxRowLength + 1,
           "row longer than " + std::to_string(kMaxRowLength) + " cells (the limit)");
    }
    if (!in_block) {
      if (blocks.size() == 2) {
        fail(ln, 1,
             "a third configuration: a file holds exactly two (start, blank line, final); "
             "use '#' to comment out extra rows");
      }
      blocks.emplace_back();
      in_block = true;
    }
    Block& b = blocks.back();
    if (b.rows.size() == static_cast<size_t>(kMaxRows)) {
      fail(ln, 1, "configuration has more than " + std::to_string(kMaxRows) + " rows (the limit)");
    }
    if (!b.rows.empty() && row.size() != b.rows[0].size()) {
      const size_t want = b.rows[0].size();
      const std::string what = row.size() < want ? "shorter" : "longer";
      fail(ln, static_cast<int>(std::min(row.size(), want)) + 1,
           "row is " + what + " than the first row of its configuration (line " +
               std::to_string(b.lines[0]) + "): " + std::to_string(row.size()) +
               " cells instead of " + std::to_string(want));
    }
    b.rows.push_back(row);
    b.lines.push_back(ln);
  }

  int eof_line = 0, eof_col = 0;
  end_of_text(text, eof_line, eof_col);
  if (blocks.empty()) {
    fail(eof_line, eof_col,
         std::string(saw_anything ? "no configuration (only comments and blank lines)"
                                  : "empty file") +
             ": expected a start configuration, a blank line, then a final configuration");
  }
  if (blocks.size() == 1) {
    fail(eof_line, eof_col,
         "missing final configuration: only one configuration found (lines " +
             std::to_string(blocks[0].lines.front()) + "-" +
             std::to_string(blocks[0].lines.back()) +
             "); separate the start and final configurations with a blank line");
  }

  const Block& s = blocks[0];
  const Block& f = blocks[1];
  const size_t rows = s.rows.size(), cols = s.rows[0].size();
  if (f.rows.size() != rows) {
    fail(f.lines[0], 1,
         "final configuration has " + std::to_string(f.rows.size()) +
             " rows but the start configuration (line " + std::to_string(s.lines[0]) + ") has " +
             std::to_string(rows));
  }
  if (f.rows[0].size() != cols) {
    fail(f.lines[0], static_cast<int>(std::min(cols, f.rows[0].size())) + 1,
         "final configuration has rows of " + std::to_string(f.rows[0].size()) +
             " cells but the start configuration (line " + std::to_string(s.lines[0]) +
             ") has rows of " + std::to_string(cols));
  }
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < cols; ++c) {
      const bool hs = s.rows[r][c] != '-', hf = f.rows[r][c] != '-';
      if (hs == hf) continue;
      const std::string where =
          " (line " + std::to_string(s.lines[r]) + ", column " + std::to_string(c + 1) + ")";
      fail(f.lines[r], static_cast<int>(c) + 1,
           hf ? "hole patterns differ: the final configuration has a hole here but the start "
                "configuration has '-'" +
                    where
              : "hole patterns differ: the final configuration has '-' here but the start "
                "configuration has a hole" +
                    where);
    }
  }

  std::vector<uint8_t> is_hole(rows * cols, 0);
  Config start, final;
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < cols; ++c) {
      if (s.rows[r][c] == '-') continue;
      if (start.size() == static_cast<size_t>(kMaxHoles)) {
        fail(s.lines[r], static_cast<int>(c) + 1,
             "more than " + std::to_string(kMaxHoles) + " holes (the limit is " +
                 std::to_string(kMaxHoles) + ")");
      }
      is_hole[r * cols + c] = 1;
      start.push_back(s.rows[r][c] == 'X');
      final.push_back(f.rows[r][c] == 'X');
    }
  }
  if (start.empty()) fail(s.lines[0], 1, "the board has no holes (every cell is '-')");

  Instance inst;
  inst.name = std::filesystem::path(filename).stem().string();
  inst.board = Board(static_cast<int>(rows), static_cast<int>(cols), is_hole);
  inst.start = std::move(start);
  inst.final = std::move(final);
  return inst;
}

Instance read_instance(const std::string& path) {
  return parse_instance(read_file(path), path);
}

std::string format_config(const Board& board, const Config& config) {
  if (config.size() != static_cast<size_t>(board.holes())) {
    throw std::invalid_argument("format_config: configuration size differs from the board's");
  }
  std::string out;
  out.reserve(static_cast<size_t>(board.rows()) * (board.cols() + 1));
  for (int r = 0; r < board.rows(); ++r) {
    for (int c = 0; c < board.cols(); ++c) {
      const int h = board.hole_at(r, c);
      out += h < 0 ? '-' : (config[h] ? 'X' : 'o');
    }
    out += '\n';
  }
  return out;
}

std::string format_instance(const Instance& instance) {
  return format_config(instance.board, instance.start) + "\n" +
         format_config(instance.board, instance.final);
}

std::string format_jump(const JumpRC& jump) {
  return std::to_string(jump.row) + " " + std::to_string(jump.col) + " " + dir_char(jump.dir);
}

namespace {

struct Field {
  std::string_view text;
  int col;  // 1-based
};

bool is_space(char ch) {
  return ch == ' ' || ch == '\t';
}

int parse_coord(const Field& f, const char* what, int line, const std::string& filename) {
  auto fail = [&](const std::string& msg) { throw InputError(filename, line, f.col, msg); };
  if (f.text.empty()) fail(std::string("expected a ") + what + " number");
  std::string_view digits = f.text;
  const bool negative = digits[0] == '-';
  if (negative) digits.remove_prefix(1);
  bool all_digits = !digits.empty();
  for (char ch : digits) all_digits = all_digits && ch >= '0' && ch <= '9';
  if (!all_digits)
    fail(std::string(what) + " " + quote_bytes(f.text) + " is not a non-negative integer");
  if (negative) {
    fail(std::string(what) + " " + quote_bytes(f.text) +
         " is negative (rows and columns count from 0)");
  }
  constexpr int kMaxCoord = 1'000'000;  // far beyond any board; keeps the arithmetic in int
  long long v = 0;
  for (char ch : digits) {
    v = v * 10 + (ch - '0');
    if (v > kMaxCoord) fail(std::string(what) + " " + quote_bytes(f.text) + " is too large");
  }
  return static_cast<int>(v);
}

Dir parse_dir(const Field& f, int line, const std::string& filename) {
  std::string up(f.text);
  for (char& ch : up) {
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
  }
  Dir d = Dir::N;
  if (up.size() == 1 && dir_from_char(up[0], d)) return d;
  if (up == "NORTH") return Dir::N;
  if (up == "EAST") return Dir::E;
  if (up == "SOUTH") return Dir::S;
  if (up == "WEST") return Dir::W;
  throw InputError(filename, line, f.col,
                   f.text.empty()
                       ? std::string("expected a direction (N, E, S or W)")
                       : "unknown direction " + quote_bytes(f.text) + " (expected N, E, S or W)");
}

}  // namespace

std::vector<JumpRC> parse_jumps(std::string_view text, const std::string& filename) {
  check_size(text, filename);
  std::vector<JumpRC> jumps;
  Lines lines(text);
  std::string_view raw;
  while (lines.next(raw)) {
    const int ln = lines.number();
    std::string_view body = raw;
    if (const size_t hash = body.find('#'); hash != std::string_view::npos)
      body = body.substr(0, hash);
    body = strip_trailing(body);
    size_t i = 0;
    while (i < body.size() && is_space(body[i])) ++i;
    if (i == body.size()) continue;

    std::vector<Field> fields;
    int end_col = static_cast<int>(body.size()) + 1;  // where a missing field would go
    if (body[i] == '(') {
      // The lab's "(r,c,DIR)": commas separate, spaces around them are allowed.
      if (body.back() != ')') {
        throw InputError(
            filename, ln, static_cast<int>(body.size()) + 1,
            "expected ')' to close the jump opened at column " + std::to_string(i + 1));
      }
      const size_t close = body.size() - 1;
      end_col = static_cast<int>(close) + 1;
      size_t start = i + 1;
      while (true) {
        size_t comma = body.find(',', start);
        if (comma == std::string_view::npos || comma > close) comma = close;
        size_t a = start, b = comma;
        while (a < b && is_space(body[a])) ++a;
        while (b > a && is_space(body[b - 1])) --b;
        fields.push_back(Field{body.substr(a, b - a), static_cast<int>(a) + 1});
        if (comma == close) break;
        start = comma + 1;
      }
      if (fields.size() == 1 && fields[0].text.empty()) fields.clear();
    } else {
      while (i < body.size()) {
        const size_t a = i;
        while (i < body.size() && !is_space(body[i])) ++i;
        fields.push_back(Field{body.substr(a, i - a), static_cast<int>(a) + 1});
        while (i < body.size() && is_space(body[i])) ++i;
      }
    }
    if (fields.size() != 3) {
      const int col = fields.size() > 3 ? fields[3].col : end_col;
      throw InputError(filename, ln, col,
                       "expected 3 fields 'row col DIR', found " + std::to_string(fields.size()) +
                           (fields.size() > 3 ? " (one jump per line)" : ""));
    }
    JumpRC j;
    j.row = parse_coord(fields[0], "row", ln, filename);
    j.col = parse_coord(fields[1], "column", ln, filename);
    j.dir = parse_dir(fields[2], ln, filename);
    jumps.push_back(j);
  }
  return jumps;
}

}  // namespace bs::peg
