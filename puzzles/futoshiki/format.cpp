// Parsing and printing of Futoshiki puzzles (the seed format and Tatham's "Unequal" game ids) and
// of solution grids; the formats are described in format.hpp.
//
// The parsers read untrusted bytes (they are fuzzed): they walk the text once, refuse files and
// line counts beyond fixed limits, read numbers with a ceiling instead of letting them overflow,
// and stop at the first problem with an InputError at its exact line and column. A puzzle that
// breaks its own rules (two equal givens in a row, a > b and b > a) is not a format error: it
// parses, and find_contradiction reports it, so that infeasible test puzzles can be written.
#include "puzzles/futoshiki/format.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "core/error.hpp"
#include "core/line_reader.hpp"

namespace bs::futoshiki {

namespace {

constexpr LineReader::Limits kLimits{.max_bytes = kMaxFileBytes, .max_lines = kMaxLines};

// Appends piecewise: GCC 12 at -O2 warns falsely (-Wrestrict) on "(" + std::to_string(...).
std::string cell_name(int n, int cell) {
  std::string s = "(";
  s += std::to_string(cell / n + 1);
  s += ',';
  s += std::to_string(cell % n + 1);
  s += ')';
  return s;
}

// Numbers are read with a ceiling far above any legal value, so that "99999999999999999999" is
// reported as out of range instead of overflowing.
constexpr long long kCeiling = 1'000'000'000'000LL;

bool is_digit(char ch) {
  return ch >= '0' && ch <= '9';
}

// A number token that must lie in lo..hi; `range` says in words what is allowed.
int bounded(const LineReader& in, const Token& t, const std::string& what, long long lo,
            long long hi, const std::string& range) {
  const std::optional<long long> v = parse_integer(t.text, kCeiling);
  if (!v) in.error(t.col, what + " " + quote_bytes(t.text) + " is not an integer");
  if (*v < lo || *v > hi)
    in.error(t.col, what + " " + quote_bytes(t.text) + " is out of range " + range);
  return static_cast<int>(*v);
}

// A grid row: n values in lo..n on one line. `row` names it in messages ("grid row 2").
std::vector<int> row_values(LineReader& in, int n, long long lo, const std::string& range,
                            const std::string& row) {
  const std::vector<Token> t = in.tokens();
  const size_t want = static_cast<size_t>(n);
  std::vector<int> values;
  for (size_t j = 0; j < std::min(t.size(), want); ++j)
    values.push_back(bounded(in, t[j], "value", lo, n, range));
  if (t.size() != want) {
    in.error(t.size() > want ? t[want].col : in.end_col(),
             row + " has " + std::to_string(t.size()) + " values instead of " + std::to_string(n) +
                 " (one row per line)");
  }
  return values;
}

// An inequality line "r1 c1 r2 c2": cell (r1,c1) > cell (r2,c2).
Inequality read_inequality(LineReader& in, int n) {
  static const char* const kWhat[4] = {"row", "column", "row", "column"};
  const std::string range = "(1.." + std::to_string(n) + ", the grid's side)";
  const std::vector<Token> t = in.tokens();
  int v[4] = {0, 0, 0, 0};
  for (size_t j = 0; j < std::min(t.size(), size_t{4}); ++j)
    v[j] = bounded(in, t[j], kWhat[j], 1, n, range) - 1;
  if (t.size() != 4) {
    in.error(
        t.size() > 4 ? t[4].col : in.end_col(),
        "an inequality line holds 4 numbers 'r1 c1 r2 c2' (meaning (r1,c1) > (r2,c2)), found " +
            std::to_string(t.size()));
  }
  return Inequality{v[0] * n + v[1], v[2] * n + v[3]};
}

std::string stem(const std::string& filename) {
  return std::filesystem::path(filename).stem().string();
}

void normalise(std::vector<Inequality>& q) {
  std::sort(q.begin(), q.end(), [](const Inequality& a, const Inequality& b) {
    return a.greater != b.greater ? a.greater < b.greater : a.smaller < b.smaller;
  });
  q.erase(std::unique(q.begin(), q.end()), q.end());
}

// Tatham's flag letters, in the order his game writes them; each marks this cell greater than
// its neighbour in that direction.
struct Direction {
  char letter;
  int dr, dc;
};
constexpr Direction kDirections[4] = {{'U', -1, 0}, {'R', 0, 1}, {'D', 1, 0}, {'L', 0, -1}};
constexpr std::string_view kDifficulties = "tekxr";

}  // namespace

Instance parse_instance(std::string_view text, const std::string& filename) {
  LineReader in(text, filename, kLimits);
  Instance inst;
  inst.name = stem(filename);
  if (!in.next_nonblank_line()) {
    in.error_at_end(std::string(in.holds_only_line_breaks()
                                    ? "empty file"
                                    : "no side n (only comments and blank lines)") +
                    ": expected the side n, then n rows of n values");
  }
  inst.n = bounded(in, in.next_token(), "side n", 1, kMaxN, "(1.." + std::to_string(kMaxN) + ")");
  in.expect_end("the first line holds only the side n; the grid starts below it");
  const int n = inst.n;
  const std::string range = "(-1 or 0 for an empty cell, else 1.." + std::to_string(n) + ")";
  for (int r = 0; r < n; ++r) {
    if (!in.next_nonblank_line()) {
      in.error_at_end("the grid has " + std::to_string(r) + " rows instead of " +
                      std::to_string(n));
    }
    for (const int v : row_values(in, n, -1, range, "grid row " + std::to_string(r + 1)))
      inst.givens.push_back(std::max(v, 0));
  }
  while (in.next_nonblank_line()) inst.inequalities.push_back(read_inequality(in, n));
  normalise(inst.inequalities);
  return inst;
}

Instance parse_sgtid(std::string_view whole_text, const std::string& filename) {
  const LineReader reader(whole_text, filename, kLimits);
  const std::string_view text = reader.text();
  auto fail = [&](size_t offset, const std::string& msg) { reader.error_at_byte(offset, msg); };
  auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; };
  size_t p = 0, e = text.size();
  while (p < e && blank(text[p])) ++p;
  while (e > p && blank(text[e - 1])) --e;
  if (p == e) fail(text.size(), "empty game id: expected e.g. '5dt:3,0,0D,...'");
  // Checked first because a pasted id split over lines would otherwise get a puzzling message.
  if (const size_t nl = text.substr(p, e - p).find_first_of("\r\n"); nl != std::string_view::npos)
    fail(p + nl, "line break inside the game id (a game id is one line)");

  // A decimal number at p, clamped to kCeiling; p moves past it.
  auto read_number = [&](size_t& q) {
    long long v = 0;
    while (q < e && is_digit(text[q])) v = std::min(v * 10 + (text[q++] - '0'), kCeiling);
    return v;
  };

  // Parameters: the side, 'a' for the "adjacent" variant, 'd' and a difficulty letter.
  if (!is_digit(text[p])) fail(p, "expected the puzzle's side at the start of the game id");
  const size_t n_at = p;
  const long long side = read_number(p);
  if (side < 1 || side > kMaxN) {
    fail(n_at, "side " + quote_bytes(text.substr(n_at, p - n_at)) + " is out of range (1.." +
                   std::to_string(kMaxN) + ")");
  }
  const int n = static_cast<int>(side);
  if (p < e && text[p] == 'a') {
    fail(p,
         "the 'adjacent' variant ('a' in the parameters) is not supported: its marks join cells "
         "that differ by one, not inequalities");
  }
  if (p < e && text[p] == 'd') {
    ++p;
    if (p == e || kDifficulties.find(text[p]) == std::string_view::npos) {
      fail(p, "expected a difficulty letter after 'd' (t, e, k, x or r)");
    }
    ++p;
  }
  if (p == e || text[p] != ':') fail(p, "expected ':' after the game's parameters");
  ++p;

  Instance in;
  in.name = stem(filename);
  in.n = n;
  in.givens.assign(static_cast<size_t>(n) * n, 0);
  for (int cell = 0; cell < n * n; ++cell) {
    const std::string where = "cell " + cell_name(n, cell);
    if (p == e) {
      fail(p, "the game id ends after " + std::to_string(cell) + " cells; a side of " +
                  std::to_string(n) + " needs " + std::to_string(n * n));
    }
    if (!is_digit(text[p])) fail(p, "expected a number (0 for empty) for " + where);
    const size_t v_at = p;
    const long long v = read_number(p);
    if (v > n) {
      fail(v_at, "value " + quote_bytes(text.substr(v_at, p - v_at)) + " of " + where +
                     " is out of range (0 for empty, else 1.." + std::to_string(n) + ")");
    }
    in.givens[cell] = static_cast<int>(v);
    int seen = 0;
    for (; p < e; ++p) {
      int k = 0;
      while (k < 4 && kDirections[k].letter != text[p]) ++k;
      if (k == 4) break;
      if (seen & (1 << k)) fail(p, where + " repeats the flag '" + text[p] + "'");
      seen |= 1 << k;
      const int r = cell / n + kDirections[k].dr, c = cell % n + kDirections[k].dc;
      if (r < 0 || r >= n || c < 0 || c >= n)
        fail(p, "flag '" + std::string(1, text[p]) + "' of " + where + " points outside the grid");
      in.inequalities.push_back(Inequality{cell, r * n + c});
    }
    // The comma after the last cell is optional: Tatham writes it, people trim it.
    if (p < e) {
      if (text[p] != ',') {
        fail(p, "unexpected " + quote_bytes(text.substr(p, 1)) + " in " + where +
                    " (expected U, R, D, L or ',')");
      }
      ++p;
    }
  }
  if (p < e) {
    fail(p, "more than " + std::to_string(n * n) + " cells for a side of " + std::to_string(n));
  }
  normalise(in.inequalities);
  return in;
}

Instance read_instance(const std::string& path) {
  const std::string text = read_file(path);
  if (std::filesystem::path(path).extension() == ".sgtid") return parse_sgtid(text, path);
  return parse_instance(text, path);
}

std::string format_instance(const Instance& in) {
  const int n = in.n;
  if (n < 1 || n > kMaxN || in.givens.size() != static_cast<size_t>(n) * n)
    throw std::invalid_argument("format_instance: malformed instance");
  std::string out = std::to_string(n) + "\n";
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int v = in.givens[static_cast<size_t>(r) * n + c];
      if (c) out += ' ';
      out += v ? std::to_string(v) : "-1";
    }
    out += '\n';
  }
  for (const Inequality& q : in.inequalities) {
    out += std::to_string(q.greater / n + 1) + " " + std::to_string(q.greater % n + 1) + " " +
           std::to_string(q.smaller / n + 1) + " " + std::to_string(q.smaller % n + 1) + "\n";
  }
  return out;
}

namespace {

std::string sgtid_body(const Instance& in) {
  const int n = in.n;
  if (n < 1 || n > kMaxN || in.givens.size() != static_cast<size_t>(n) * n)
    throw std::invalid_argument("format_sgtid: malformed instance");
  std::vector<int> flags(in.givens.size(), 0);
  for (const Inequality& q : in.inequalities) {
    int k = 0;
    while (k < 4 && !(q.greater / n + kDirections[k].dr == q.smaller / n &&
                      q.greater % n + kDirections[k].dc == q.smaller % n && q.smaller >= 0 &&
                      q.smaller < n * n))
      ++k;
    // The row test alone would let (r, n-1) > (r+1, 0) pass as 'R'; the column test stops it.
    if (k == 4 || q.greater < 0 || q.greater >= n * n) {
      throw std::invalid_argument("format_sgtid: the inequality " + cell_name(n, q.greater) +
                                  " > " + cell_name(n, q.smaller) +
                                  " does not join neighbours, which a game id cannot express");
    }
    flags[q.greater] |= 1 << k;
  }
  std::string out = ":";
  for (size_t cell = 0; cell < in.givens.size(); ++cell) {
    out += std::to_string(in.givens[cell]);
    for (int k = 0; k < 4; ++k)
      if (flags[cell] & (1 << k)) out += kDirections[k].letter;
    out += ',';
  }
  return out;
}

}  // namespace

std::string format_sgtid(const Instance& in) {
  return std::to_string(in.n) + sgtid_body(in);
}

std::string format_sgtid(const Instance& in, char difficulty) {
  if (kDifficulties.find(difficulty) == std::string_view::npos)
    throw std::invalid_argument("format_sgtid: unknown difficulty letter");
  return std::to_string(in.n) + "d" + difficulty + sgtid_body(in);
}

Grid parse_grid(std::string_view text, int n, const std::string& filename) {
  if (n < 1 || n > kMaxN) throw std::invalid_argument("parse_grid: side out of range");
  LineReader in(text, filename, kLimits);
  Grid g;
  g.reserve(static_cast<size_t>(n) * n);
  const std::string range = "(1.." + std::to_string(n) + ")";
  for (int r = 0; r < n; ++r) {
    if (!in.next_nonblank_line()) {
      in.error_at_end("the grid has " + std::to_string(r) + " rows instead of " +
                      std::to_string(n));
    }
    for (const int v : row_values(in, n, 1, range, "row " + std::to_string(r + 1))) g.push_back(v);
  }
  if (in.next_nonblank_line())
    in.error(in.next_token().col, "more than " + std::to_string(n) + " rows");
  return g;
}

std::string format_grid(const Grid& grid, int n) {
  if (n < 1 || grid.size() != static_cast<size_t>(n) * n)
    throw std::invalid_argument("format_grid: the grid does not have n*n values");
  std::string out;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c) out += ' ';
      out += std::to_string(grid[static_cast<size_t>(r) * n + c]);
    }
    out += '\n';
  }
  return out;
}

}  // namespace bs::futoshiki
