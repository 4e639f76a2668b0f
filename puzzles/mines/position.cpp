// The position parser reads untrusted bytes (it is fuzzed): one pass, fixed limits on sizes,
// numbers read with a ceiling, and the first problem reported at its exact line and column.
#include "puzzles/mines/position.hpp"

#include <bit>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "core/error.hpp"
#include "core/line_reader.hpp"

namespace bs::mines {

namespace {

constexpr LineReader::Limits kLimits{.max_bytes = size_t{16} << 20};

// The header "width height mines", each a whole number read with a ceiling so that no digit
// string overflows.
void read_header(LineReader& in, Position& p) {
  const char* names[3] = {"width", "height", "mine count"};
  int* fields[3] = {&p.width, &p.height, &p.mines};
  constexpr long long kCeiling = 1'000'000'000LL;
  for (int k = 0; k < 3; ++k) {
    const Token t = in.next_token();
    if (t.text.empty())
      in.error(t.col, std::string("header: expected the ") + names[k] +
                          " (the header is: width height mines)");
    const std::optional<long long> v = parse_integer(t.text, kCeiling);
    if (!v || t.text[0] == '-')
      in.error(t.col, std::string("header: the ") + names[k] + " must be a whole number, not " +
                          quote_bytes(t.text));
    const long long limit = k < 2 ? kMaxSide : kCeiling;
    if ((k < 2 && *v < 1) || *v > limit)
      in.error(t.col, std::string("header: the ") + names[k] + " " + quote_bytes(t.text) +
                          " is out of range (1.." + std::to_string(limit) + ")");
    *fields[k] = static_cast<int>(*v);
  }
  in.expect_end("header: unexpected text after width, height and mines");
  if (static_cast<long long>(p.width) * p.height > kMaxCells)
    in.error(1, "the board has more than " + std::to_string(kMaxCells) + " cells");
  if (p.mines > p.width * p.height)
    in.error(1, "more mines (" + std::to_string(p.mines) + ") than cells (" +
                    std::to_string(p.width * p.height) + ")");
}

// One row of cells: '0'-'8' revealed, '.' unknown, 'F' flag; trailing blanks are dropped.
void read_row(LineReader& in, Position& p) {
  in.trim_end(" \t");
  const std::string_view row = in.line();
  if (static_cast<int>(row.size()) != p.width)
    in.error(std::min<int>(row.size(), p.width) + 1,
             "row " + std::to_string(p.row_line.size() + 1) + " has " + std::to_string(row.size()) +
                 " cells; the header says " + std::to_string(p.width));
  for (int x = 0; x < p.width; ++x) {
    const char ch = row[x];
    if (ch >= '0' && ch <= '8')
      p.cells.push_back(static_cast<int8_t>(ch - '0'));
    else if (ch == '.')
      p.cells.push_back(kUnknown);
    else if (ch == 'F')
      p.cells.push_back(kFlag);
    else
      in.error(x + 1, "unexpected " + quote_bytes(row.substr(x, 1)) +
                          ": a cell is a digit 0-8, '.' (unknown) or 'F' (flag)");
  }
  p.row_line.push_back(in.line_number());
}

}  // namespace

// Blank and comment lines may surround the position; between its rows only lines that start with
// '#' may stand, since a blank line there would be an empty row.
Position parse_position(std::string_view text, const std::string& filename) {
  LineReader in(text, filename, kLimits);
  if (!in.next_nonblank_line())
    in.error_whole_file("empty position: expected a header 'width height mines'");
  Position p;
  p.name = std::filesystem::path(filename).stem().string();
  p.header_line = in.line_number();
  read_header(in, p);
  p.cells.reserve(static_cast<size_t>(p.width) * p.height);
  while (static_cast<int>(p.row_line.size()) < p.height && in.next_line())
    if (!in.comment_line()) read_row(in, p);
  if (static_cast<int>(p.row_line.size()) < p.height)
    in.error(1, "the header says " + std::to_string(p.height) + " rows, the file has " +
                    std::to_string(p.row_line.size()));
  if (in.next_nonblank_line())
    in.error(1, "text after the last of the " + std::to_string(p.height) + " rows");
  return p;
}

Position read_position(const std::string& path) {
  return parse_position(read_file(path), path);
}

std::string format_position(const Position& p) {
  std::string s = std::to_string(p.width) + " " + std::to_string(p.height) + " " +
                  std::to_string(p.mines) + "\n";
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) {
      const int8_t c = p.at(x, y);
      s += c == kUnknown ? '.' : c == kFlag ? 'F' : static_cast<char>('0' + c);
    }
    s += '\n';
  }
  return s;
}

LayoutCount count_layouts(const Position& p) {
  LayoutCount count;
  int flags = 0;
  for (int i = 0; i < p.width * p.height; ++i) {
    if (p.cells[i] == kUnknown) count.unknown.push_back(i);
    flags += p.cells[i] == kFlag;
  }
  const int u = static_cast<int>(count.unknown.size());
  if (u > 20) throw std::invalid_argument("count_layouts: more than 20 unknown cells");
  std::vector<std::pair<uint32_t, int>> digits;  // unknown-neighbour mask, mines among them
  for (int i = 0; i < p.width * p.height; ++i) {
    if (p.cells[i] < 0) continue;
    uint32_t mask = 0;
    int target = p.cells[i];
    p.for_neighbours(i, [&](int j) {
      target -= p.cells[j] == kFlag;
      for (int k = 0; k < u; ++k)
        if (count.unknown[k] == j) mask |= uint32_t{1} << k;
    });
    digits.emplace_back(mask, target);
  }
  count.with_mine.assign(u, 0);
  for (uint32_t m = 0; m < (uint32_t{1} << u); ++m) {
    if (std::popcount(m) != p.mines - flags) continue;
    bool fits = true;
    for (const auto& [mask, target] : digits) fits = fits && std::popcount(m & mask) == target;
    if (!fits) continue;
    count.layouts += 1;
    for (int k = 0; k < u; ++k) count.with_mine[k] += (m >> k) & 1;
  }
  return count;
}

}  // namespace bs::mines
