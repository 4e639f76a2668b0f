// The position parser reads untrusted bytes (it is fuzzed): one pass, fixed limits on sizes,
// numbers read with a ceiling, and the first problem reported at its exact line and column.
#include "puzzles/mines/position.hpp"

#include <filesystem>

#include "core/error.hpp"

namespace bs::mines {

namespace {

constexpr size_t kMaxFileBytes = size_t{16} << 20;

struct Line {
  std::string_view text;
  int number;  // 1-based
};

std::vector<Line> split_lines(std::string_view text) {
  std::vector<Line> lines;
  int number = 1;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (end == text.size() && line.empty() && number > 1) break;  // the newline ending the file
    lines.push_back({line, number++});
    if (end == text.size()) break;
    start = end + 1;
  }
  return lines;
}

bool blank_or_comment(std::string_view line) {
  for (char ch : line) {
    if (ch == '#') return true;
    if (ch != ' ' && ch != '\t') return false;
  }
  return true;
}

// The header's three numbers, each with a ceiling so that no digit string overflows.
void parse_header(const Line& line, const std::string& filename, int out[3]) {
  const char* names[3] = {"width", "height", "mine count"};
  size_t i = 0;
  int k = 0;
  const std::string_view t = line.text;
  for (; k < 3; ++k) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) ++i;
    if (i >= t.size() || t[i] == '#')
      throw InputError(
          filename, line.number, static_cast<int>(i) + 1,
          std::string("header: expected the ") + names[k] + " (the header is: width height mines)");
    const size_t begin = i;
    long long v = 0;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') {
      v = std::min<long long>(v * 10 + (t[i] - '0'), 1'000'000'000LL);
      ++i;
    }
    if (i == begin || (i < t.size() && t[i] != ' ' && t[i] != '\t' && t[i] != '#'))
      throw InputError(filename, line.number, static_cast<int>(begin) + 1,
                       std::string("header: the ") + names[k] + " must be a whole number, not " +
                           quote_bytes(t.substr(begin, std::min<size_t>(t.size() - begin, 24))));
    const long long limit = k < 2 ? kMaxSide : 1'000'000'000LL;
    if ((k < 2 && v < 1) || v > limit)
      throw InputError(filename, line.number, static_cast<int>(begin) + 1,
                       std::string("header: the ") + names[k] + " " + std::to_string(v) +
                           " is out of range (1.." + std::to_string(limit) + ")");
    out[k] = static_cast<int>(v);
  }
  while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) ++i;
  if (i < t.size() && t[i] != '#')
    throw InputError(filename, line.number, static_cast<int>(i) + 1,
                     "header: unexpected text after width, height and mines");
}

}  // namespace

Position parse_position(std::string_view text, const std::string& filename) {
  if (text.size() > kMaxFileBytes)
    throw InputError(filename, 0, 0, "file larger than 16 MiB (the limit)");
  const std::vector<Line> lines = split_lines(text);
  size_t li = 0;
  while (li < lines.size() && blank_or_comment(lines[li].text)) ++li;
  if (li == lines.size())
    throw InputError(filename, 0, 0, "empty position: expected a header 'width height mines'");
  Position p;
  p.name = std::filesystem::path(filename).stem().string();
  int header[3];
  parse_header(lines[li], filename, header);
  const int header_line = lines[li].number;
  p.header_line = header_line;
  p.width = header[0];
  p.height = header[1];
  p.mines = header[2];
  if (static_cast<long long>(p.width) * p.height > kMaxCells)
    throw InputError(filename, header_line, 1,
                     "the board has more than " + std::to_string(kMaxCells) + " cells");
  if (p.mines > p.width * p.height)
    throw InputError(filename, header_line, 1,
                     "more mines (" + std::to_string(p.mines) + ") than cells (" +
                         std::to_string(p.width * p.height) + ")");
  p.cells.reserve(static_cast<size_t>(p.width) * p.height);
  for (++li; li < lines.size() && static_cast<int>(p.row_line.size()) < p.height; ++li) {
    const Line& line = lines[li];
    if (!line.text.empty() && line.text[0] == '#') continue;
    std::string_view row = line.text;
    while (!row.empty() && (row.back() == ' ' || row.back() == '\t')) row.remove_suffix(1);
    if (static_cast<int>(row.size()) != p.width)
      throw InputError(filename, line.number, std::min<int>(row.size(), p.width) + 1,
                       "row " + std::to_string(p.row_line.size() + 1) + " has " +
                           std::to_string(row.size()) + " cells; the header says " +
                           std::to_string(p.width));
    for (int x = 0; x < p.width; ++x) {
      const char ch = row[x];
      if (ch >= '0' && ch <= '8')
        p.cells.push_back(static_cast<int8_t>(ch - '0'));
      else if (ch == '.')
        p.cells.push_back(kUnknown);
      else if (ch == 'F')
        p.cells.push_back(kFlag);
      else
        throw InputError(filename, line.number, x + 1,
                         "unexpected " + quote_bytes(row.substr(x, 1)) +
                             ": a cell is a digit 0-8, '.' (unknown) or 'F' (flag)");
    }
    p.row_line.push_back(line.number);
  }
  if (static_cast<int>(p.row_line.size()) < p.height) {
    const int last = lines.back().number;
    throw InputError(filename, last, 1,
                     "the header says " + std::to_string(p.height) + " rows, the file has " +
                         std::to_string(p.row_line.size()));
  }
  for (; li < lines.size(); ++li)
    if (!blank_or_comment(lines[li].text))
      throw InputError(filename, lines[li].number, 1,
                       "text after the last of the " + std::to_string(p.height) + " rows");
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

}  // namespace bs::mines
