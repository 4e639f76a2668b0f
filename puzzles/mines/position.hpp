// Minesweeper positions: a board as a player sees it, and its text format.
//
// A position is a width x height grid of cells, each a revealed digit 0..8 (the mines among its
// up to eight neighbours), unknown, or flagged (a mine the player has marked, taken as certain),
// with the total number of mines on the board. Cells are numbered y * width + x, x the column.
//
// The text format (instances/mines/README):
//   # comments start with '#', on lines of their own
//   30 16 99            width, height, total mines
//   ..1F2...            one line per row: '0'-'8' revealed, '.' unknown, 'F' flag
// Lines may end in "\r\n", and a UTF-8 byte order mark at the start is skipped (core/line_reader).
// Every error is a bs::InputError at the 1-based line and column of the offending byte.
#pragma once

#include <cstdint>
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
  double density = 0;  // under MineTotal::density, in (0, 1)
  std::vector<int8_t> cells;  // digit 0..8, kUnknown, kFlag or kBlocked
  std::vector<int> row_line;  // the file line of each row, for error messages (0 when built)
  int header_line = 0;        // the file line of the header

  int8_t at(int x, int y) const { return cells[y * width + x]; }
  // Calls f(neighbour index) for the up to eight neighbours of cell i.
  template <class F>
  void for_neighbours(int i, F&& f) const {
    const int x = i % width, y = i / width;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if ((dx || dy) && x + dx >= 0 && x + dx < width && y + dy >= 0 && y + dy < height)
          f((y + dy) * width + x + dx);
  }
};

Position parse_position(std::string_view text, const std::string& filename);
Position read_position(const std::string& path);
std::string format_position(const Position& p);

// Every layout of mines on the unknown cells that agrees with each digit and with the mine total,
// found by trying all subsets of the unknown cells: the reference the probability engine is
// checked against (by `solve` on small positions and by the tests), so it shares none of its code.
struct LayoutCount {
  std::vector<int> unknown;       // the unknown cells, in index order
  double layouts = 0;             // how many layouts fit
  std::vector<double> with_mine;  // with_mine[k]: how many of them put a mine on unknown[k]
};
// At most 20 unknown cells (throws std::invalid_argument beyond).
LayoutCount count_layouts(const Position& p);

}  // namespace bs::mines
