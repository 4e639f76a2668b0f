// The position parser reads untrusted bytes (it is fuzzed): one pass, fixed limits on sizes,
// numbers read with a ceiling, and the first problem reported at its exact line and column. The
// text and the JSON form share what a position must satisfy (the cell alphabet, each digit
// against its neighbours, the total against the cells), so both report it alike; the JSON form
// adds a walk of the text to find where a refused field stands, which nlohmann's tree forgets.
#include "puzzles/mines/position.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <utility>

#include "core/error.hpp"
#include "core/line_reader.hpp"

namespace bs::mines {

namespace {

constexpr LineReader::Limits kLimits{.max_bytes = size_t{16} << 20};
// Mine counts are read with this ceiling, so that no digit string overflows; a count that large
// is refused anyway as more mines than cells.
constexpr long long kMinesCeiling = 1'000'000'000LL;

// ---- what both forms share ----

// The cell a symbol stands for, or nothing for a byte outside the alphabet.
std::optional<int8_t> cell_of(char ch) {
  if (ch >= '0' && ch <= '8') return static_cast<int8_t>(ch - '0');
  if (ch == '.') return kUnknown;
  if (ch == 'F') return kFlag;
  if (ch == '#') return kBlocked;
  return std::nullopt;
}

// Appends one row's cells to p.cells. `fail(x, message)` reports a problem at symbol x of the row;
// a row of the wrong length is reported where it ends or where it overruns the width.
template <class Fail>
void read_cells(std::string_view row, Position& p, Fail&& fail) {
  const size_t rows_before = p.cells.size() / static_cast<size_t>(p.width);
  if (static_cast<int>(row.size()) != p.width)
    fail(std::min<int>(static_cast<int>(row.size()), p.width),
         "row " + std::to_string(rows_before + 1) + " has " + std::to_string(row.size()) +
             " cells; the width is " + std::to_string(p.width));
  for (int x = 0; x < p.width; ++x) {
    const std::optional<int8_t> cell = cell_of(row[x]);
    if (!cell)
      fail(x, "unexpected " + quote_bytes(row.substr(x, 1)) +
                  ": a cell is a digit 0-8, '.' (unknown), 'F' (flag) or '#' (blocked)");
    p.cells.push_back(*cell);
  }
}

// What a read position must satisfy in either form: no digit above its neighbours that are cells
// (a corner 4 can never be met, whatever the layout: a mistake in the file, not a position to
// analyse), and under an exact total no more mines than cells. Errors point at the digit, or at
// the total, through the places the reader recorded.
void check_position(const Position& p, const std::string& filename) {
  int cells = 0;
  for (int i = 0; i < p.width * p.height; ++i) {
    if (p.cells[i] == kBlocked) continue;
    ++cells;
    if (p.cells[i] <= 0) continue;
    int around = 0, blocked = 0;
    p.for_neighbours(i, [&](int j) {
      around += p.cells[j] != kBlocked;
      blocked += p.cells[j] == kBlocked;
    });
    if (p.cells[i] > around) {
      const int y = i / p.width;
      throw InputError(filename, p.row_line[y], p.row_col[y] + i % p.width,
                       "the digit " + std::to_string(p.cells[i]) + " has only " +
                           std::to_string(around) + " neighbours" +
                           (blocked > 0 ? " that are not blocked" : ""));
    }
  }
  if (p.total == MineTotal::exact && p.mines > cells) {
    const bool blocked = cells < p.width * p.height;
    throw InputError(filename, p.header_line, p.total_col,
                     "more mines (" + std::to_string(p.mines) + ") than cells" +
                         (blocked ? " that are not blocked" : "") + " (" + std::to_string(cells) +
                         ")");
  }
}

// The shortest decimal text that reads back as exactly `d`.
std::string shortest(double d) {
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  return std::string(buf, end);
}

const char* total_name(MineTotal t) {
  return t == MineTotal::exact ? "exact" : t == MineTotal::density ? "density" : "any";
}

// ---- the text form ----

// The mine total, the header's third field: a whole number, d=DENSITY, or any (also ?).
void read_total(const LineReader& in, const Token& t, Position& p) {
  p.total_col = t.col;
  if (t.text == "any" || t.text == "?") {
    p.total = MineTotal::any;
    return;
  }
  if (t.text.starts_with("d=")) {
    const std::string_view number = t.text.substr(2);
    double d = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), d);
    if (number.empty() || end != number.data() + number.size() ||
        (ec != std::errc() && ec != std::errc::result_out_of_range))
      in.error(t.col + 2, "header: the density must be a decimal number such as 0.2, not " +
                              quote_bytes(number));
    if (ec == std::errc::result_out_of_range || !(d > 0 && d < 1))
      in.error(t.col + 2, "header: the density " + quote_bytes(number) +
                              " is out of range (strictly between 0 and 1)");
    p.total = MineTotal::density;
    p.density = d;
    return;
  }
  const std::optional<long long> v = parse_integer(t.text, kMinesCeiling);
  if (!v || t.text[0] == '-')
    in.error(t.col, "header: the mine count must be a whole number, d=DENSITY or any, not " +
                        quote_bytes(t.text));
  p.total = MineTotal::exact;
  p.mines = static_cast<int>(*v);
}

// The header "width height mines", the sides whole numbers read with a ceiling.
void read_header(LineReader& in, Position& p) {
  const char* names[2] = {"width", "height"};
  int* sides[2] = {&p.width, &p.height};
  for (int k = 0; k < 2; ++k) {
    const Token t = in.next_token();
    if (t.text.empty())
      in.error(t.col, std::string("header: expected the ") + names[k] +
                          " (the header is: width height mines)");
    const std::optional<long long> v = parse_integer(t.text, kMinesCeiling);
    if (!v || t.text[0] == '-')
      in.error(t.col, std::string("header: the ") + names[k] + " must be a whole number, not " +
                          quote_bytes(t.text));
    if (*v < 1 || *v > kMaxSide)
      in.error(t.col, std::string("header: the ") + names[k] + " " + quote_bytes(t.text) +
                          " is out of range (1.." + std::to_string(kMaxSide) + ")");
    *sides[k] = static_cast<int>(*v);
  }
  const Token t = in.next_token();
  if (t.text.empty())
    in.error(t.col,
             "header: expected the mine count: a whole number, d=DENSITY or any (the header is: "
             "width height mines)");
  read_total(in, t, p);
  in.expect_end("header: unexpected text after width, height and mines");
  if (static_cast<long long>(p.width) * p.height > kMaxCells)
    in.error(1, "the board has more than " + std::to_string(kMaxCells) + " cells");
}

// Whether a line from the header to the last row that starts with '#' is a row rather than a
// comment: exactly `width` symbols of the cell alphabet (the rule of position.hpp).
bool reads_as_row(std::string_view line, int width) {
  return static_cast<int>(line.size()) == width &&
         std::all_of(line.begin(), line.end(), [](char ch) { return cell_of(ch).has_value(); });
}

// Blank and comment lines may surround the position; between its rows only comments may stand,
// since a blank line there would be an empty row.
Position parse_text(LineReader& in, const std::string& filename) {
  if (!in.next_nonblank_line())
    in.error_whole_file("empty position: expected a header 'width height mines'");
  Position p;
  p.header_line = in.line_number();
  read_header(in, p);
  p.cells.reserve(static_cast<size_t>(p.width) * p.height);
  bool comment_between_rows = false;
  while (static_cast<int>(p.row_line.size()) < p.height && in.next_line()) {
    in.trim_end(" \t");
    if (in.comment_line() && !reads_as_row(in.line(), p.width)) {
      comment_between_rows = comment_between_rows || !p.row_line.empty();
      continue;
    }
    read_cells(in.line(), p, [&](int x, const std::string& message) { in.error(x + 1, message); });
    p.row_line.push_back(in.line_number());
    p.row_col.push_back(1);
  }
  if (static_cast<int>(p.row_line.size()) < p.height)
    in.error(1, "the header says " + std::to_string(p.height) + " rows, the file has " +
                    std::to_string(p.row_line.size()) +
                    (comment_between_rows ? " (between rows, a line that starts with '#' is a "
                                            "comment unless it is a whole row of cells)"
                                          : ""));
  if (in.next_nonblank_line())
    in.error(1, "text after the last of the " + std::to_string(p.height) + " rows");
  check_position(p, filename);
  return p;
}

// ---- the JSON form ----

// A step of a path into a JSON text: an object's key, or, when `key` is empty, an array's index.
struct Step {
  std::string_view key;
  size_t index = 0;
};
using Path = std::vector<Step>;

// Where the values of a JSON text stand. nlohmann's tree keeps no positions, so a field the
// reader refuses is found again by walking the text along the same path. The text has parsed
// already, so the walk trusts its grammar; every index is still bounds-checked (at() reads '\0'
// past the end), so that no text can send it astray.
class JsonPlaces {
 public:
  static constexpr size_t npos = std::string_view::npos;
  explicit JsonPlaces(std::string_view text) : t_(text) {}

  // The offset of the value at `path`, the last of equal keys as nlohmann keeps it; npos when
  // there is none.
  size_t find(const Path& path) const {
    size_t i = blanks(0);
    for (const Step& step : path) {
      if (step.key.empty()) {
        if (at(i) != '[') return npos;
        i = blanks(i + 1);
        for (size_t k = 0; k < step.index; ++k) {
          if (at(i) == ']' || at(i) == '\0') return npos;
          i = blanks(past_value(i));
          if (at(i) == ',') i = blanks(i + 1);
        }
        if (at(i) == ']' || at(i) == '\0') return npos;
      } else {
        if (at(i) != '{') return npos;
        size_t found = npos;
        i = blanks(i + 1);
        while (at(i) == '"') {
          const bool match = key_at(i) == step.key;
          i = blanks(past_string(i));  // the ':'
          i = blanks(i + 1);
          if (match) found = i;
          i = blanks(past_value(i));
          if (at(i) == ',') i = blanks(i + 1);
        }
        if (found == npos) return npos;
        i = found;
      }
    }
    return i;
  }

  // The offsets of the elements of the array at `bracket`, in order: one walk for all of them,
  // where find() would walk from the start for each.
  std::vector<size_t> elements(size_t bracket) const {
    std::vector<size_t> out;
    if (at(bracket) != '[') return out;
    for (size_t i = blanks(bracket + 1); at(i) != ']' && at(i) != '\0';) {
      out.push_back(i);
      i = blanks(past_value(i));
      if (at(i) == ',') i = blanks(i + 1);
    }
    return out;
  }

  // Of the string whose opening quote is at `quote`: the offset of the byte that its decoded byte
  // k comes from (an escape stands at its backslash), or of the closing quote past its end.
  size_t string_byte(size_t quote, size_t k) const {
    size_t i = quote + 1;
    while (at(i) != '"' && at(i) != '\0') {
      const size_t start = i;
      size_t bytes = 1;
      if (at(i) == '\\' && at(i + 1) == 'u') {
        const unsigned code = hex4(i + 2);
        i += 6;
        if (code >= 0xD800 && code < 0xDC00 && at(i) == '\\' && at(i + 1) == 'u') {
          i += 6;  // a surrogate pair: one code point of four UTF-8 bytes
          bytes = 4;
        } else {
          bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
        }
      } else {
        i += at(i) == '\\' ? 2 : 1;
      }
      if (k < bytes) return start;
      k -= bytes;
    }
    return i;
  }

 private:
  char at(size_t i) const { return i < t_.size() ? t_[i] : '\0'; }
  size_t blanks(size_t i) const {
    while (at(i) == ' ' || at(i) == '\t' || at(i) == '\n' || at(i) == '\r') ++i;
    return i;
  }
  size_t past_string(size_t quote) const {
    size_t i = quote + 1;
    while (at(i) != '"' && at(i) != '\0') i += at(i) == '\\' ? 2 : 1;
    return std::min(i + 1, t_.size());
  }
  size_t past_value(size_t i) const {
    if (at(i) == '"') return past_string(i);
    if (at(i) != '{' && at(i) != '[') {  // a number or a literal
      while (at(i) != '\0' && std::string_view(",}] \t\r\n").find(at(i)) == std::string_view::npos)
        ++i;
      return i;
    }
    int depth = 0;
    do {
      if (at(i) == '"') {
        i = past_string(i);
        continue;
      }
      depth += at(i) == '{' || at(i) == '[';
      depth -= at(i) == '}' || at(i) == ']';
      ++i;
    } while (depth > 0 && at(i) != '\0');
    return i;
  }
  unsigned hex4(size_t i) const {
    unsigned code = 0;
    for (size_t k = 0; k < 4; ++k) {
      const char ch = at(i + k);
      const int digit = ch >= '0' && ch <= '9'   ? ch - '0'
                        : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                        : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                                 : 0;
      code = code * 16 + static_cast<unsigned>(digit);
    }
    return code;
  }
  // A key, decoded as far as comparing it with the reader's ASCII names needs: an escape of a
  // character beyond ASCII becomes a byte no name holds.
  std::string key_at(size_t quote) const {
    std::string key;
    for (size_t i = quote + 1; at(i) != '"' && at(i) != '\0';) {
      if (at(i) != '\\') {
        key += at(i++);
      } else if (at(i + 1) == 'u') {
        const unsigned code = hex4(i + 2);
        key += code < 0x80 ? static_cast<char>(code) : '\xFF';
        i += 6;
      } else {
        const char e = at(i + 1);
        key += e == 'n'   ? '\n'
               : e == 't' ? '\t'
               : e == 'r' ? '\r'
               : e == 'b' ? '\b'
               : e == 'f' ? '\f'
                          : e;
        i += 2;
      }
    }
    return key;
  }

  std::string_view t_;
};

// A parse that builds nothing and keeps the byte of the first error. nlohmann's DOM parse throws
// parse_error with its byte, but for well-formed JSON it cannot hold (a number past a double) an
// exception with none; its SAX interface hands every error its byte.
class ErrorByte : public nlohmann::json_sax<nlohmann::json> {
 public:
  size_t byte = 0;
  std::string what;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::json::exception& e) override {
    byte = position;
    what = e.what();
    return false;
  }
};

// nlohmann's message without its tag and its own "at line 1, column N", which would contradict
// ours (it counts columns past the offending byte).
std::string reason(std::string_view what) {
  if (const size_t column = what.find(", column "); column != std::string_view::npos) {
    if (const size_t colon = what.find(": ", column); colon != std::string_view::npos)
      what.remove_prefix(colon + 2);
  } else if (const size_t tag = what.find("] "); tag != std::string_view::npos) {
    what.remove_prefix(tag + 2);
  }
  return std::string(what.substr(0, 120));
}

// Reads the fields of the JSON form from `object` (the root, or a result row's "analysis", whose
// path is `base`), reporting each refusal at the value it refuses, or at the object that lacks it.
class JsonReader {
 public:
  JsonReader(const LineReader& in, const JsonPlaces& places, const nlohmann::json& object,
             Path base)
      : in_(in), places_(places), object_(object), base_(std::move(base)) {}

  [[noreturn]] void fail(const Path& path, const std::string& message) const {
    // A missing value is reported at the nearest enclosing one that is there.
    for (size_t n = path.size() + 1; n-- > 0;) {
      const size_t offset = places_.find(Path(path.begin(), path.begin() + n));
      if (offset != JsonPlaces::npos) in_.error_at_byte(offset, message);
    }
    in_.error_at_byte(0, message);
  }
  Path path(std::initializer_list<Step> steps) const {
    Path p = base_;
    p.insert(p.end(), steps);
    return p;
  }
  size_t offset(const Path& path) const { return places_.find(path); }
  const nlohmann::json* field(const char* key) const {
    const auto it = object_.find(key);
    return it == object_.end() ? nullptr : &*it;
  }
  const nlohmann::json& required(const char* key, const std::string& what) const {
    const nlohmann::json* v = field(key);
    if (!v) fail(base_, std::string("expected \"") + key + "\", " + what);
    return *v;
  }
  // A whole number in [lo, hi], read with the mine count's ceiling.
  int whole(const char* key, long long lo, long long hi) const {
    const nlohmann::json& v = required(key, "a whole number");
    if (!v.is_number_integer())
      fail(path({{key}}),
           std::string("\"") + key + "\" must be a whole number, not " + quote_bytes(v.dump()));
    const long long n =
        v.is_number_unsigned()
            ? static_cast<long long>(std::min<uint64_t>(v.get<uint64_t>(), kMinesCeiling))
            : std::min<long long>(v.get<int64_t>(), kMinesCeiling);
    if (n < lo || n > hi)
      fail(path({{key}}), std::string("\"") + key + "\" " + quote_bytes(v.dump()) +
                              " is out of range (" + std::to_string(lo) + ".." +
                              std::to_string(hi) + ")");
    return static_cast<int>(n);
  }
  // Records where the value at `p` stands as the position's mine total.
  void total_at(Position& position, const Path& p) const {
    const size_t at = offset(p);
    const LineReader::Place place = in_.place_of_byte(at == JsonPlaces::npos ? 0 : at);
    position.header_line = place.line;
    position.total_col = place.col;
  }

 private:
  const LineReader& in_;
  const JsonPlaces& places_;
  const nlohmann::json& object_;
  Path base_;
};

Position parse_json(const LineReader& in, const std::string& filename) {
  const std::string_view text = in.text();
  nlohmann::json root;
  try {
    root = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    ErrorByte error;
    nlohmann::json::sax_parse(text, &error);
    // nlohmann counts bytes from 1, and the byte it names is the last one it read: the offending
    // one, or for a number too large for a double, its last digit, so that one is reported where
    // it starts.
    size_t at = error.byte > 0 ? error.byte - 1 : 0;
    if (error.what.find("number overflow") != std::string::npos)
      while (at > 0 && std::string_view("0123456789+-.eE").find(text[at - 1]) != std::string::npos)
        --at;
    in.error_at_byte(at, "not valid JSON: " + reason(error.what));
  }
  const JsonPlaces places(text);
  const nlohmann::json* object = &root;
  Path base;
  if (const auto it = root.find("analysis"); it != root.end()) {
    const JsonReader row(in, places, root, {});
    if (const auto puzzle = root.find("puzzle"); puzzle != root.end() && *puzzle != "mines")
      row.fail({{"puzzle"}},
               "a result of another puzzle (" + quote_bytes(puzzle->dump()) + "), not of mines");
    if (!it->is_object()) row.fail({{"analysis"}}, "\"analysis\" must be an object");
    object = &*it;
    base = {{"analysis"}};
  }
  const JsonReader r(in, places, *object, base);
  Position p;
  p.width = r.whole("width", 1, kMaxSide);
  p.height = r.whole("height", 1, kMaxSide);
  if (p.width * p.height > kMaxCells)
    r.fail(r.path({{"width"}}), "the board has more than " + std::to_string(kMaxCells) + " cells");
  // The mine total: "exact" with "mines" unless "total" says otherwise.
  const nlohmann::json* total = r.field("total");
  if (total &&
      !(total->is_string() && (*total == "exact" || *total == "density" || *total == "any")))
    r.fail(r.path({{"total"}}), "\"total\" must be \"exact\", \"density\" or \"any\", not " +
                                    quote_bytes(total->dump()));
  if (!total || *total == "exact") {
    p.total = MineTotal::exact;
    p.mines = r.whole("mines", 0, kMinesCeiling);
    r.total_at(p, r.path({{"mines"}}));
  } else if (*total == "density") {
    p.total = MineTotal::density;
    const nlohmann::json& d = r.required("density", "a number strictly between 0 and 1");
    if (!d.is_number() || !(d.get<double>() > 0 && d.get<double>() < 1))
      r.fail(r.path({{"density"}}),
             "\"density\" must be a number strictly between 0 and 1, not " + quote_bytes(d.dump()));
    p.density = d.get<double>();
    r.total_at(p, r.path({{"density"}}));
  } else {
    p.total = MineTotal::any;
    r.total_at(p, r.path({{"total"}}));
  }
  // The board, a string per row, each read as a row of the text form.
  const nlohmann::json& board = r.required("board", "the rows as strings");
  if (!board.is_array() || static_cast<int>(board.size()) != p.height)
    r.fail(r.path({{"board"}}), "\"board\" must be a list of " + std::to_string(p.height) +
                                    " strings, one per row (the height)");
  p.cells.reserve(static_cast<size_t>(p.width) * p.height);
  const std::vector<size_t> quotes = places.elements(r.offset(r.path({{"board"}})));
  // The rows stand in order in the text, so one forward scan finds the line and column of each.
  LineReader::Place place{1, 1};  // of the byte at `scanned`
  size_t scanned = 0;
  for (int y = 0; y < p.height; ++y) {
    if (!board[y].is_string())
      r.fail(r.path({{"board"}, {{}, static_cast<size_t>(y)}}),
             "row " + std::to_string(y + 1) + " of \"board\" must be a string");
    const size_t quote = quotes[y];
    for (; scanned <= quote; ++scanned) {
      ++place.col;
      if (text[scanned] == '\n') place = {place.line + 1, 1};
    }
    read_cells(board[y].get_ref<const std::string&>(), p, [&](int x, const std::string& message) {
      in.error_at_byte(places.string_byte(quote, static_cast<size_t>(x)), message);
    });
    p.row_line.push_back(place.line);
    p.row_col.push_back(place.col);
  }
  check_position(p, filename);
  return p;
}

// Standard input, read whole up to one byte past the limit, so that the line reader refuses an
// over-long input as it refuses an over-long file, without reading the rest.
std::string read_stdin() {
  std::string text;
  char buf[1 << 16];
  while (text.size() <= kLimits.max_bytes) {
    const size_t got = std::fread(buf, 1, sizeof buf, stdin);
    text.append(buf, got);
    if (got < sizeof buf) break;
  }
  if (std::ferror(stdin)) throw InputError(std::string(kStdinName), 0, 0, "cannot read");
  return text;
}

}  // namespace

std::string input_name(const std::string& path) {
  return path == kStdinPath ? std::string(kStdinName) : path;
}

char cell_symbol(int8_t cell) {
  return cell == kUnknown   ? '.'
         : cell == kFlag    ? 'F'
         : cell == kBlocked ? '#'
                            : static_cast<char>('0' + cell);
}

Position parse_position(std::string_view text, const std::string& filename) {
  LineReader in(text, filename, kLimits);
  const size_t first = in.text().find_first_not_of(" \t\r\n");
  Position p = first != std::string_view::npos && in.text()[first] == '{'
                   ? parse_json(in, filename)
                   : parse_text(in, filename);
  p.name = filename == kStdinName ? "stdin" : std::filesystem::path(filename).stem().string();
  return p;
}

Position read_position(const std::string& path) {
  if (path == kStdinPath) return parse_position(read_stdin(), std::string(kStdinName));
  return parse_position(read_file(path), path);
}

std::string format_position(const Position& p) {
  std::string s = std::to_string(p.width) + " " + std::to_string(p.height) + " ";
  s += p.total == MineTotal::exact     ? std::to_string(p.mines)
       : p.total == MineTotal::density ? "d=" + shortest(p.density)
                                       : std::string("any");
  s += '\n';
  for (int y = 0; y < p.height; ++y) {
    for (int x = 0; x < p.width; ++x) s += cell_symbol(p.at(x, y));
    s += '\n';
  }
  return s;
}

nlohmann::json position_json(const Position& p) {
  nlohmann::json j{{"width", p.width}, {"height", p.height}, {"total", total_name(p.total)}};
  if (p.total == MineTotal::exact) j["mines"] = p.mines;
  if (p.total == MineTotal::density) j["density"] = p.density;
  nlohmann::json board = nlohmann::json::array();
  for (int y = 0; y < p.height; ++y) {
    std::string row;
    for (int x = 0; x < p.width; ++x) row += cell_symbol(p.at(x, y));
    board.push_back(std::move(row));
  }
  j["board"] = std::move(board);
  return j;
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
    if (p.cells[i] < 0) continue;  // unknown, flag or blocked: no digit
    uint32_t mask = 0;
    int target = p.cells[i];
    p.for_neighbours(i, [&](int j) {
      target -= p.cells[j] == kFlag;
      for (int k = 0; k < u; ++k)
        if (count.unknown[k] == j) mask |= uint32_t{1} << k;
    });
    digits.emplace_back(mask, target);
  }
  // The weight of a layout by its number of mines on the unknown cells (the flags are mines
  // already, and weigh nothing under a density: they are given).
  std::vector<double> weight(u + 1, 1.0);
  for (int k = 0; k <= u; ++k) {
    if (p.total == MineTotal::exact) weight[k] = k == p.mines - flags ? 1 : 0;
    if (p.total == MineTotal::density)
      weight[k] = std::pow(p.density, k) * std::pow(1 - p.density, u - k);
  }
  count.with_mine.assign(u, 0);
  for (uint32_t m = 0; m < (uint32_t{1} << u); ++m) {
    const double w = weight[std::popcount(m)];
    if (w == 0) continue;
    bool fits = true;
    for (const auto& [mask, target] : digits) fits = fits && std::popcount(m & mask) == target;
    if (!fits) continue;
    count.layouts += w;
    for (int k = 0; k < u; ++k)
      if ((m >> k) & 1) count.with_mine[k] += w;
  }
  return count;
}

}  // namespace bs::mines
