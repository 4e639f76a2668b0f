// Minesweeper positions: a board as a player sees it, and its two file forms, text and JSON.
//
// A position is a width x height grid of cells, each a revealed digit 0..8 (the mines among its
// up to eight neighbours), unknown, flagged (a mine the player has marked, taken as certain) or
// blocked (no cell at all, so that a board need not be a rectangle: a blocked cell holds no mine,
// shows no digit and counts as no one's neighbour), with what is known of the number of mines:
// the total, a density, or nothing. Cells are numbered y * width + x, x the column.
//
// The text format (instances/mines/README):
//   # comments start with '#', on lines of their own
//   30 16 99            width, height, mines: a whole number (the total on the board),
//                       d=0.2 (each unknown cell a mine with probability 0.2, independently), or
//                       any (also written ?: every layout that fits the digits, equally likely)
//   ..1F2..#            one line per row: '0'-'8' revealed, '.' unknown, 'F' flag, '#' blocked
// Since a row may start with '#', the lines from the header to the last row are read thus: a line
// that starts with '#' is a row when, its trailing blanks dropped, it is exactly `width` symbols
// of the cell alphabet (0-8 . F #); any other is a comment. A comment between rows is therefore
// safe when a blank follows its '#'. Before the header and after the last row every line that
// starts with '#' is a comment.
// A digit may not exceed its neighbours that are not blocked, and a total may not exceed the cells
// that are not blocked. Lines may end in "\r\n", and a UTF-8 byte order mark at the start is
// skipped (core/line_reader).
//
// The JSON form is what `solve mines --json` writes, so that an analysis can be read back: a text
// whose first byte other than a blank or line break is '{' is JSON, either the "analysis" object
// of a result or a whole result row holding it, or just those fields:
//   {"width": 4, "height": 2, "total": "exact", "mines": 2, "board": ["01..", "12#."]}
// "total" is "exact" (the default when it is missing; "mines" is then the total), "density"
// ("density" a number in (0, 1)) or "any"; "board" holds the rows, as in the text format. Other
// fields are ignored.
//
// `-` as a path reads standard input, named "<stdin>" in errors. Every error is a bs::InputError
// at the 1-based line and column of the offending byte, in JSON too.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace bs::mines {

inline constexpr int8_t kUnknown = -1;
inline constexpr int8_t kFlag = -2;
inline constexpr int8_t kBlocked = -3;  // no cell at all: non-rectangular boards
inline constexpr int kMaxSide = 1024;
inline constexpr int kMaxCells = 1 << 16;

// What is known of the number of mines on the board: the total (`mines`), a density (each
// unknown cell independently a mine with probability `density`), or nothing (every layout that
// fits the digits equally likely, whatever its number of mines).
enum class MineTotal { exact, density, any };

struct Position {
  std::string name;
  int width = 0, height = 0, mines = 0;  // `mines` counts only under MineTotal::exact
  MineTotal total = MineTotal::exact;
  double density = 0;         // under MineTotal::density, in (0, 1)
  std::vector<int8_t> cells;  // digit 0..8, kUnknown, kFlag or kBlocked
  // Where things stand in the file, for error messages (0 when the position was built in code):
  std::vector<int> row_line;  // the line of each row
  std::vector<int> row_col;  // the column of each row's first cell: 1 in text, past the '"' in JSON
  int header_line = 0;       // the line of the header (in JSON: of the mine total's field)
  int total_col = 0;         // the column of the mine total

  int8_t at(int x, int y) const { return cells[y * width + x]; }
  // Calls f(neighbour index) for the up to eight neighbours of cell i, blocked ones included.
  template <class F>
  void for_neighbours(int i, F&& f) const {
    const int x = i % width, y = i / width;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if ((dx || dy) && x + dx >= 0 && x + dx < width && y + dy >= 0 && y + dy < height)
          f((y + dy) * width + x + dx);
  }
};

// The path that means standard input, and the name errors give it.
inline constexpr std::string_view kStdinPath = "-";
inline constexpr std::string_view kStdinName = "<stdin>";
// The name an error about the file at `path` gives: the path, or "<stdin>" for "-".
std::string input_name(const std::string& path);

// Reads the text or the JSON form (by its first byte, as above); `filename` names it in errors.
Position parse_position(std::string_view text, const std::string& filename);
// Reads the file at `path`, or standard input for "-".
Position read_position(const std::string& path);
// The text form, which parse_position reads back as the same position.
std::string format_position(const Position& p);
// The JSON form's fields (width, height, total, mines or density, board): `solve mines --json`
// writes them in its analysis, and parse_position reads them back as the same position.
nlohmann::json position_json(const Position& p);
// The symbol of a cell in both forms: '0'-'8', '.', 'F' or '#'.
char cell_symbol(int8_t cell);

// Every layout of mines on the unknown cells that agrees with each digit and with what is known of
// the total, found by trying all subsets of the unknown cells: the reference the probability
// engine is checked against (by `solve` on small positions and by the tests), so it shares none
// of its code. Layouts are weighted by how likely they are before the digits are seen:
// - exact: a layout counts 1 when its mines, flags included, make the total, else 0;
// - density d: a layout with k mines on the u unknown cells weighs d^k (1 - d)^(u - k);
// - any: every layout counts 1.
// So `layouts` and `with_mine` are weighted counts, and with_mine[k] / layouts is the probability
// of a mine on unknown[k] in every case.
struct LayoutCount {
  std::vector<int> unknown;       // the unknown cells, in index order
  double layouts = 0;             // the weight of the layouts that fit
  std::vector<double> with_mine;  // with_mine[k]: the weight of those with a mine on unknown[k]
};
// At most 20 unknown cells (throws std::invalid_argument beyond).
LayoutCount count_layouts(const Position& p);

}  // namespace bs::mines
