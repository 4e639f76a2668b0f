// Parsing and printing of Dominosa puzzles (the text form and Tatham's game ids) and of solution
// files; the formats are described in format.hpp.
//
// The parsers read untrusted bytes (they are fuzzed): they walk the text once, refuse files and
// line counts beyond fixed limits, read numbers with a ceiling instead of letting them overflow,
// and stop at the first problem with an InputError at its exact line and column. The shape is
// checked before the numbers' values, and the values before how often each appears, so that the
// message names the first thing to mend: an order that does not match the grid is reported as
// such, not as a number out of range. Both instance parsers end with one count check, which
// points at the first excess occurrence of a number, or at the end when a number is missing.
#include "puzzles/dominosa/format.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/error.hpp"
#include "core/line_reader.hpp"

namespace bs::dominosa {

namespace {

constexpr LineReader::Limits kLimits{.max_bytes = kMaxFileBytes, .max_lines = kMaxLines};

// Numbers are read with a ceiling far above any legal value, so that "99999999999999999999" is
// reported as out of range instead of overflowing.
constexpr long long kCeiling = 1'000'000'000'000LL;

// Tatham's difficulty letters, easiest first (dominosa.c's DIFFLIST).
constexpr std::string_view kDifficulties = "tbhea";

bool is_digit(char ch) {
  return ch >= '0' && ch <= '9';
}

std::string stem(const std::string& filename) {
  return std::filesystem::path(filename).stem().string();
}

std::string order_range() {
  return "(1.." + std::to_string(kMaxOrder) + ")";
}

std::string shape_of(int n) {
  return "order " + std::to_string(n) + " has " + std::to_string(n + 1) + " rows of " +
         std::to_string(n + 2) + " numbers";
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

// The first number, smallest first, that does not appear n+2 times: the cell of its first excess
// occurrence (the (n+3)-th), or -1 when it appears too rarely; nullopt when every count is right.
struct CountError {
  int cell;
  std::string message;
};
std::optional<CountError> wrong_count(const Instance& in) {
  const int n = in.n, want = n + 2;
  std::vector<int> count(n + 1, 0);
  for (const int v : in.numbers) ++count[v];
  for (int v = 0; v <= n; ++v) {
    if (count[v] == want) continue;
    std::string message = "number " + std::to_string(v) + " appears " + std::to_string(count[v]) +
                          " times, not " + std::to_string(want) + " (each of 0.." +
                          std::to_string(n) + " appears n+2 times)";
    if (count[v] < want) return CountError{-1, message};
    int seen = 0, cell = 0;
    while (!(in.numbers[cell] == v && ++seen == want + 1)) ++cell;
    return CountError{cell, message + "; here is the first one too many"};
  }
  return std::nullopt;
}

// Where each cell's number stands in the text form.
struct At {
  int line, col;
};

// Grid row r (0-based): n+2 numbers 0..n on the current line, appended to `in` with their places.
void read_row(LineReader& reader, int r, Instance& in, std::vector<At>& places) {
  const int n = in.n;
  const std::vector<Token> t = reader.tokens();
  const size_t want = static_cast<size_t>(n) + 2;
  if (t.size() != want) {
    const int col = t.size() > want ? t[want].col : reader.end_col();
    std::string message = "row " + std::to_string(r + 1) + " has " + std::to_string(t.size()) +
                          " numbers instead of " + std::to_string(want) + " (" + shape_of(n) +
                          ", one row per line)";
    // A first row of the wrong length means the order line and the grid disagree.
    if (r == 0) {
      message = "the order does not match the grid: " + message;
      if (t.size() >= 3)
        message += "; a row of " + std::to_string(t.size()) + " numbers is order " +
                   std::to_string(t.size() - 2);
    }
    reader.error(col, message);
  }
  const std::string range = "(0.." + std::to_string(n) + ", the order)";
  for (const Token& token : t) {
    in.numbers.push_back(bounded(reader, token, "number", 0, n, range));
    places.push_back({reader.line_number(), token.col});
  }
}

}  // namespace

Instance parse_instance(std::string_view text, const std::string& filename) {
  LineReader reader(text, filename, kLimits);
  Instance in;
  in.name = stem(filename);
  if (!reader.next_nonblank_line()) {
    reader.error_at_end(std::string(reader.holds_only_line_breaks()
                                        ? "empty file"
                                        : "no order n (only comments and blank lines)") +
                        ": expected the order n, then n+1 rows of n+2 numbers 0..n");
  }
  in.n = bounded(reader, reader.next_token(), "order n", 1, kMaxOrder, order_range());
  reader.expect_end("the first line holds only the order n; the grid starts below it");
  const int n = in.n;
  std::vector<At> places;
  in.numbers.reserve(static_cast<size_t>(in.cells()));
  places.reserve(static_cast<size_t>(in.cells()));
  for (int r = 0; r < in.height(); ++r) {
    if (!reader.next_nonblank_line()) {
      reader.error_at_end("the grid has " + std::to_string(r) + " rows instead of " +
                          std::to_string(n + 1) + " (" + shape_of(n) + ")");
    }
    read_row(reader, r, in, places);
  }
  if (reader.next_nonblank_line()) {
    reader.error(reader.next_token().col,
                 "more than " + std::to_string(n + 1) + " rows (" + shape_of(n) + ")");
  }
  if (const std::optional<CountError> bad = wrong_count(in)) {
    if (bad->cell < 0) reader.error_at_end(bad->message);
    reader.error_at(places[bad->cell].line, places[bad->cell].col, bad->message);
  }
  return in;
}

Instance parse_sgtid(std::string_view whole_text, const std::string& filename) {
  const LineReader reader(whole_text, filename, kLimits);
  const std::string_view text = reader.text();
  auto fail = [&](size_t offset, const std::string& msg) { reader.error_at_byte(offset, msg); };
  auto blank = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n'; };
  size_t p = 0, e = text.size();
  while (p < e && blank(text[p])) ++p;
  while (e > p && blank(text[e - 1])) --e;
  if (p == e) fail(text.size(), "empty game id: expected e.g. '6db:0120436...'");
  // Checked first because a pasted id split over lines would otherwise get a puzzling message.
  if (const size_t nl = text.substr(p, e - p).find_first_of("\r\n"); nl != std::string_view::npos)
    fail(p + nl, "line break inside the game id (a game id is one line)");

  // A decimal number at q, clamped to kCeiling; q moves past it.
  auto read_number = [&](size_t& q) {
    long long v = 0;
    while (q < e && is_digit(text[q])) v = std::min(v * 10 + (text[q++] - '0'), kCeiling);
    return v;
  };

  // Parameters: the order, then 'd' and a difficulty letter, or the older lone 'a'.
  if (!is_digit(text[p])) fail(p, "expected the order at the start of the game id");
  const size_t n_at = p;
  const long long order = read_number(p);
  if (order < 1 || order > kMaxOrder) {
    fail(n_at,
         "order " + quote_bytes(text.substr(n_at, p - n_at)) + " is out of range " + order_range());
  }
  if (p < e && text[p] == 'a') {
    ++p;
  } else if (p < e && text[p] == 'd') {
    ++p;
    if (p == e || kDifficulties.find(text[p]) == std::string_view::npos)
      fail(p, "expected a difficulty letter after 'd' (t, b, h, e or a)");
    ++p;
  }
  if (p == e || text[p] != ':') fail(p, "expected ':' after the game's parameters");
  ++p;

  Instance in;
  in.name = stem(filename);
  in.n = static_cast<int>(order);
  const int cells = in.cells();
  std::vector<size_t> offsets;  // where each cell's number starts
  in.numbers.reserve(static_cast<size_t>(cells));
  offsets.reserve(static_cast<size_t>(cells));
  const std::string range = "(0.." + std::to_string(in.n) + ", the order)";
  for (int cell = 0; cell < cells; ++cell) {
    if (p == e) {
      fail(p, "the game id ends after " + std::to_string(cell) + " numbers; " + shape_of(in.n) +
                  ", " + std::to_string(cells) + " in all");
    }
    const size_t at = p;
    long long v = 0;
    if (is_digit(text[p])) {
      v = text[p++] - '0';  // one digit: "12" is a 1 and a 2
    } else if (text[p] == '[') {
      ++p;
      if (p == e || !is_digit(text[p])) fail(p, "expected a number after '['");
      v = read_number(p);
      if (p == e || text[p] != ']') fail(p, "missing ']' after a bracketed number");
      ++p;
    } else {
      fail(p, "unexpected " + quote_bytes(text.substr(p, 1)) +
                  ": expected a digit or a bracketed number such as '[10]'");
    }
    if (v > in.n)
      fail(at, "number " + quote_bytes(text.substr(at, p - at)) + " is out of range " + range);
    in.numbers.push_back(static_cast<int>(v));
    offsets.push_back(at);
  }
  if (p < e) {
    fail(p, "more than " + std::to_string(cells) + " numbers (" + shape_of(in.n) +
                "): " + quote_bytes(text.substr(p, 1)) + " follows the last");
  }
  // A missing number is reported just past the id, where the count came to its end.
  if (const std::optional<CountError> bad = wrong_count(in))
    fail(bad->cell < 0 ? e : offsets[bad->cell], bad->message);
  return in;
}

Instance read_instance(const std::string& path) {
  const std::string text = read_file(path);
  if (std::filesystem::path(path).extension() == ".sgtid") return parse_sgtid(text, path);
  return parse_instance(text, path);
}

namespace {

void check_printable(const Instance& in, const char* who) {
  if (const std::string bad = check_numbers(in); !bad.empty())
    throw std::invalid_argument(std::string(who) + ": malformed instance: " + bad);
}

std::string sgtid_body(const Instance& in) {
  std::string out = ":";
  for (const int v : in.numbers) {
    if (v < 10) {
      out += static_cast<char>('0' + v);
    } else {
      out += '[';
      out += std::to_string(v);
      out += ']';
    }
  }
  return out;
}

}  // namespace

std::string format_instance(const Instance& in) {
  check_printable(in, "format_instance");
  std::string out = std::to_string(in.n) + "\n";
  for (int r = 0; r < in.height(); ++r) {
    for (int c = 0; c < in.width(); ++c) {
      if (c) out += ' ';
      out += std::to_string(in.numbers[static_cast<size_t>(r) * in.width() + c]);
    }
    out += '\n';
  }
  return out;
}

std::string format_sgtid(const Instance& in) {
  check_printable(in, "format_sgtid");
  return std::to_string(in.n) + sgtid_body(in);
}

std::string format_sgtid(const Instance& in, char difficulty) {
  check_printable(in, "format_sgtid");
  if (kDifficulties.find(difficulty) == std::string_view::npos)
    throw std::invalid_argument("format_sgtid: unknown difficulty letter");
  return std::to_string(in.n) + "d" + difficulty + sgtid_body(in);
}

Solution parse_solution(std::string_view text, const Instance& instance,
                        const std::string& filename) {
  const int n = instance.n;
  if (n < 1 || n > kMaxOrder) throw std::invalid_argument("parse_solution: order out of range");
  const int h = instance.height(), w = instance.width();
  LineReader reader(text, filename, kLimits);
  Solution s;
  s.reserve(static_cast<size_t>(instance.cells()));
  for (int r = 0; r < h; ++r) {
    if (!reader.next_nonblank_line()) {
      reader.error_at_end("the solution has " + std::to_string(r) + " rows instead of " +
                          std::to_string(h) + " (order " + std::to_string(n) + ")");
    }
    int letters = 0;  // on this row; blanks between letters are allowed
    for (const Token& t : reader.tokens()) {
      for (size_t i = 0; i < t.text.size(); ++i, ++letters) {
        const int col = t.col + static_cast<int>(i);
        if (letters == w) {
          reader.error(col, "row " + std::to_string(r + 1) + " has more than " + std::to_string(w) +
                                " letters (order " + std::to_string(n) +
                                ": one row of n+2 per line)");
        }
        const char ch = t.text[i];
        if (std::find(kLetters, kLetters + 4, ch) == kLetters + 4) {
          reader.error(col, quote_bytes(t.text.substr(i, 1)) +
                                " is not L, R, T or B (the cell's half of its domino)");
        }
        s.push_back(ch);
      }
    }
    if (letters < w) {
      reader.error(reader.end_col(), "row " + std::to_string(r + 1) + " has " +
                                         std::to_string(letters) + " letters instead of " +
                                         std::to_string(w));
    }
  }
  if (reader.next_nonblank_line())
    reader.error(reader.next_token().col, "more than " + std::to_string(h) + " rows");
  return s;
}

std::string format_solution(const Solution& solution, const Instance& instance) {
  if (instance.n < 1 || solution.size() != static_cast<size_t>(instance.cells()))
    throw std::invalid_argument("format_solution: the solution does not fit the instance");
  std::string out;
  out.reserve(solution.size() + static_cast<size_t>(instance.height()));
  for (int r = 0; r < instance.height(); ++r) {
    out.append(solution.begin() + static_cast<std::ptrdiff_t>(r) * instance.width(),
               solution.begin() + static_cast<std::ptrdiff_t>(r + 1) * instance.width());
    out += '\n';
  }
  return out;
}

std::string verify_files(const std::string& instance_path, const std::string& solution_path) {
  const Instance in = read_instance(instance_path);
  return verify_solution(in, parse_solution(read_file(solution_path), in, solution_path));
}

}  // namespace bs::dominosa
