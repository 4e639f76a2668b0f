// Peg solitaire: board geometry, configurations and jumps.
//
// A board is a rows x cols grid in which some cells are holes. Holes are numbered 0..holes-1 in
// row-major order; every other layer speaks of holes by that number. A configuration says which
// holes hold a peg. A jump (r, c, DIR) moves the peg at (r, c) over its neighbour in DIR into the
// empty hole beyond; on the board it is the triple of holes (from, over, to).
//
// This file knows geometry only: no search, no CBC. Solvers turn configurations into bit sets.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bs::peg {

inline constexpr int kMaxHoles = 128;

enum class Dir : uint8_t { N, E, S, W };
char dir_char(Dir d);
bool dir_from_char(char ch, Dir& d);

// A jump as the user writes it: "r c DIR", 0-based.
struct JumpRC {
  int row = 0;
  int col = 0;
  Dir dir = Dir::N;
  bool operator==(const JumpRC&) const = default;
};

// A jump as the board knows it: the three holes it touches, and where it is written.
struct Jump {
  int from = 0;
  int over = 0;
  int to = 0;
  JumpRC rc;
};

using Config = std::vector<uint8_t>;  // one entry per hole: 1 = peg, 0 = empty

class Board {
 public:
  Board() = default;
  // is_hole has rows*cols entries, row-major. At most kMaxHoles holes.
  Board(int rows, int cols, const std::vector<uint8_t>& is_hole);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int holes() const { return static_cast<int>(cell_of_hole_.size()); }
  // -1 where the cell is not a hole or lies outside the grid.
  int hole_at(int r, int c) const;
  int row_of(int hole) const { return cell_of_hole_[hole] / cols_; }
  int col_of(int hole) const { return cell_of_hole_[hole] % cols_; }

  // Every geometrically possible jump, ordered by (from hole, direction N E S W).
  const std::vector<Jump>& jumps() const { return jumps_; }
  // Index into jumps() of the jump written rc, or -1 when the board has no such jump.
  int jump_index(const JumpRC& rc) const;

  bool operator==(const Board& o) const {
    return rows_ == o.rows_ && cols_ == o.cols_ && hole_of_cell_ == o.hole_of_cell_;
  }

 private:
  int rows_ = 0;
  int cols_ = 0;
  std::vector<int> hole_of_cell_;
  std::vector<int> cell_of_hole_;
  std::vector<Jump> jumps_;
};

// A problem: reach `final` from `start` on `board`.
struct Instance {
  std::string name;
  Board board;
  Config start;
  Config final;
};

int peg_count(const Config& c);

}  // namespace bs::peg
