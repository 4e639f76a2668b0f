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
#include "core/line_reader.hpp"

namespace bs::peg {

namespace {

constexpr LineReader::Limits kLimits{.max_bytes = kMaxFileBytes};

// Dropped from a line's end: editors and other platforms add them silently.
constexpr std::string_view kTrailingSpace = " \t\r";

// A character on its own is clearer unquoted when it is not printable: "unknown character \x00".
std::string show_char(char ch) {
  const auto u = static_cast<unsigned char>(ch);
  if (u >= 0x20 && u < 0x7f) return quote_bytes(std::string_view(&ch, 1));
  return quote_bytes(std::string_view(&ch, 1)).substr(1, 4);
}

// One configuration: its rows and the file line of each.
struct Block {
  std::vector<std::string_view> rows;
  std::vector<int> lines;
};

std::string unknown_char_message(char ch) {
  if (ch == ' ' || ch == '\t') {
    return "whitespace inside a row (rows hold only '-', 'o' and 'X'; spaces would shift columns)";
  }
  if (ch == '\r')
    return "carriage return inside a line (only \"\\r\\n\" line endings are accepted)";
  return "unknown character " + show_char(ch) +
         " (expected '-' for no hole, 'o' for an empty hole or 'X' for a peg)";
}

// A row holds only cells, and at most kMaxRowLength of them; only that many are looked at, so
// that a million-byte line costs no more than a short one.
void check_cells(const LineReader& in, std::string_view row) {
  const size_t scan = std::min(row.size(), static_cast<size_t>(kMaxRowLength));
  for (size_t i = 0; i < scan; ++i) {
    const char ch = row[i];
    if (ch != '-' && ch != 'o' && ch != 'X')
      in.error(static_cast<int>(i) + 1, unknown_char_message(ch));
  }
  if (row.size() > static_cast<size_t>(kMaxRowLength))
    in.error(kMaxRowLength + 1,
             "row longer than " + std::to_string(kMaxRowLength) + " cells (the limit)");
}

// Adds the reader's current row to its configuration, whose rows must all be as long.
void add_row(const LineReader& in, Block& b, std::string_view row) {
  if (b.rows.size() == static_cast<size_t>(kMaxRows))
    in.error(1, "configuration has more than " + std::to_string(kMaxRows) + " rows (the limit)");
  if (!b.rows.empty() && row.size() != b.rows[0].size()) {
    const size_t want = b.rows[0].size();
    const std::string what = row.size() < want ? "shorter" : "longer";
    in.error(static_cast<int>(std::min(row.size(), want)) + 1,
             "row is " + what + " than the first row of its configuration (line " +
                 std::to_string(b.lines[0]) + "): " + std::to_string(row.size()) +
                 " cells instead of " + std::to_string(want));
  }
  b.rows.push_back(row);
  b.lines.push_back(in.line_number());
}

// The file's configurations: runs of rows that blank lines separate. Comment lines neither end
// nor start a configuration.
std::vector<Block> read_configurations(LineReader& in) {
  std::vector<Block> blocks;
  bool in_block = false;
  while (in.next_line()) {
    if (in.comment_line()) continue;
    in.trim_end(kTrailingSpace);
    const std::string_view row = in.line();
    if (row.empty()) {
      in_block = false;
      continue;
    }
    check_cells(in, row);
    if (!in_block) {
      if (blocks.size() == 2) {
        in.error(1,
                 "a third configuration: a file holds exactly two (start, blank line, final); "
                 "use '#' to comment out extra rows");
      }
      blocks.emplace_back();
      in_block = true;
    }
    add_row(in, blocks.back(), row);
  }
  if (blocks.empty()) {
    in.error_at_end(std::string(in.holds_only_line_breaks()
                                    ? "empty file"
                                    : "no configuration (only comments and blank lines)") +
                    ": expected a start configuration, a blank line, then a final configuration");
  }
  if (blocks.size() == 1) {
    in.error_at_end("missing final configuration: only one configuration found (lines " +
                    std::to_string(blocks[0].lines.front()) + "-" +
                    std::to_string(blocks[0].lines.back()) +
                    "); separate the start and final configurations with a blank line");
  }
  return blocks;
}

// The final configuration must have the start's shape and its holes in the same places.
void check_same_board(const LineReader& in, const Block& s, const Block& f) {
  const size_t rows = s.rows.size(), cols = s.rows[0].size();
  if (f.rows.size() != rows) {
    in.error_at(f.lines[0], 1,
                "final configuration has " + std::to_string(f.rows.size()) +
                    " rows but the start configuration (line " + std::to_string(s.lines[0]) +
                    ") has " + std::to_string(rows));
  }
  if (f.rows[0].size() != cols) {
    in.error_at(f.lines[0], static_cast<int>(std::min(cols, f.rows[0].size())) + 1,
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
      in.error_at(f.lines[r], static_cast<int>(c) + 1,
                  hf ? "hole patterns differ: the final configuration has a hole here but the "
                       "start configuration has '-'" +
                           where
                     : "hole patterns differ: the final configuration has '-' here but the "
                       "start configuration has a hole" +
                           where);
    }
  }
}

}  // namespace

Instance parse_instance(std::string_view text, const std::string& filename) {
  LineReader in(text, filename, kLimits);
  const std::vector<Block> blocks = read_configurations(in);
  const Block& s = blocks[0];
  const Block& f = blocks[1];
  check_same_board(in, s, f);

  const size_t rows = s.rows.size(), cols = s.rows[0].size();
  std::vector<uint8_t> is_hole(rows * cols, 0);
  Config start, final;
  for (size_t r = 0; r < rows; ++r) {
    for (size_t c = 0; c < cols; ++c) {
      if (s.rows[r][c] == '-') continue;
      if (start.size() == static_cast<size_t>(kMaxHoles)) {
        in.error_at(s.lines[r], static_cast<int>(c) + 1,
                    "more than " + std::to_string(kMaxHoles) + " holes (the limit is " +
                        std::to_string(kMaxHoles) + ")");
      }
      is_hole[r * cols + c] = 1;
      start.push_back(s.rows[r][c] == 'X');
      final.push_back(f.rows[r][c] == 'X');
    }
  }
  if (start.empty()) in.error_at(s.lines[0], 1, "the board has no holes (every cell is '-')");

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

int parse_coord(const LineReader& in, const Token& t, const std::string& what) {
  constexpr int kMaxCoord = 1'000'000;  // far beyond any board; keeps the arithmetic in int
  if (t.text.empty()) in.error(t.col, "expected a " + what + " number");
  const std::optional<long long> v = parse_integer(t.text, kMaxCoord + 1);
  if (!v) in.error(t.col, what + " " + quote_bytes(t.text) + " is not a non-negative integer");
  if (t.text[0] == '-')
    in.error(t.col,
             what + " " + quote_bytes(t.text) + " is negative (rows and columns count from 0)");
  if (*v > kMaxCoord) in.error(t.col, what + " " + quote_bytes(t.text) + " is too large");
  return static_cast<int>(*v);
}

Dir parse_dir(const LineReader& in, const Token& t) {
  std::string up(t.text);
  for (char& ch : up) {
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
  }
  Dir d = Dir::N;
  if (up.size() == 1 && dir_from_char(up[0], d)) return d;
  if (up == "NORTH") return Dir::N;
  if (up == "EAST") return Dir::E;
  if (up == "SOUTH") return Dir::S;
  if (up == "WEST") return Dir::W;
  in.error(t.col, t.text.empty()
                      ? std::string("expected a direction (N, E, S or W)")
                      : "unknown direction " + quote_bytes(t.text) + " (expected N, E, S or W)");
}

// The lab's "(r,c,DIR)", the reader's cursor at the '(': commas separate, blanks around them are
// allowed. A missing field is reported at the ')', so `end_col` moves there.
std::vector<Token> parenthesised_fields(const LineReader& in, int& end_col) {
  const std::string_view body = in.line();
  const size_t open = static_cast<size_t>(in.col()) - 1;
  if (body.back() != ')') {
    in.error(in.end_col(),
             "expected ')' to close the jump opened at column " + std::to_string(open + 1));
  }
  const size_t close = body.size() - 1;
  end_col = static_cast<int>(close) + 1;
  auto blank = [](char ch) { return ch == ' ' || ch == '\t'; };
  std::vector<Token> fields;
  for (size_t start = open + 1;;) {
    const size_t comma = std::min(body.find(',', start), close);
    size_t a = start, b = comma;
    while (a < b && blank(body[a])) ++a;
    while (b > a && blank(body[b - 1])) --b;
    fields.push_back(Token{body.substr(a, b - a), static_cast<int>(a) + 1});
    if (comma == close) break;
    start = comma + 1;
  }
  if (fields.size() == 1 && fields[0].text.empty()) fields.clear();
  return fields;
}

}  // namespace

std::vector<JumpRC> parse_jumps(std::string_view text, const std::string& filename) {
  LineReader in(text, filename, kLimits);
  std::vector<JumpRC> jumps;
  while (in.next_line()) {
    in.drop_comment();
    in.trim_end(kTrailingSpace);
    if (in.blank()) continue;
    in.skip_blanks();
    int end_col = in.end_col();
    const std::vector<Token> fields =
        in.peek() == '(' ? parenthesised_fields(in, end_col) : in.tokens();
    if (fields.size() != 3) {
      in.error(fields.size() > 3 ? fields[3].col : end_col,
               "expected 3 fields 'row col DIR', found " + std::to_string(fields.size()) +
                   (fields.size() > 3 ? " (one jump per line)" : ""));
    }
    JumpRC j;
    j.row = parse_coord(in, fields[0], "row");
    j.col = parse_coord(in, fields[1], "column");
    j.dir = parse_dir(in, fields[2]);
    jumps.push_back(j);
  }
  return jumps;
}

}  // namespace bs::peg
