// Board geometry: hole numbering and the list of geometric jumps, computed once per board so that
// every later layer works on hole indices and precomputed triples.
#include "puzzles/peg/board.hpp"

#include <stdexcept>

namespace bs::peg {

namespace {
constexpr int kDr[4] = {-1, 0, 1, 0};
constexpr int kDc[4] = {0, 1, 0, -1};
}  // namespace

char dir_char(Dir d) {
  const int i = static_cast<int>(d);
  return i >= 0 && i < 4 ? "NESW"[i] : '?';
}

bool dir_from_char(char ch, Dir& d) {
  switch (ch) {
    case 'N':
      d = Dir::N;
      return true;
    case 'E':
      d = Dir::E;
      return true;
    case 'S':
      d = Dir::S;
      return true;
    case 'W':
      d = Dir::W;
      return true;
    default:
      return false;
  }
}

Board::Board(int rows, int cols, const std::vector<uint8_t>& is_hole) : rows_(rows), cols_(cols) {
  // Check the shape before sizing anything: a negative count cast to size_t would ask for an
  // enormous vector and throw length_error (or bad_alloc) instead of invalid_argument.
  if (rows <= 0 || cols <= 0 ||
      is_hole.size() / static_cast<size_t>(cols) != static_cast<size_t>(rows) ||
      is_hole.size() % static_cast<size_t>(cols) != 0)
    throw std::invalid_argument("Board: shape and mask disagree");
  hole_of_cell_.assign(is_hole.size(), -1);
  for (size_t cell = 0; cell < is_hole.size(); ++cell) {
    if (!is_hole[cell]) continue;
    if (holes() == kMaxHoles) throw std::invalid_argument("Board: more than 128 holes");
    hole_of_cell_[cell] = static_cast<int>(cell_of_hole_.size());
    cell_of_hole_.push_back(static_cast<int>(cell));
  }
  for (int h = 0; h < holes(); ++h) {
    const int r = row_of(h), c = col_of(h);
    for (int d = 0; d < 4; ++d) {
      const int over = hole_at(r + kDr[d], c + kDc[d]);
      const int to = hole_at(r + 2 * kDr[d], c + 2 * kDc[d]);
      if (over < 0 || to < 0) continue;
      jumps_.push_back(Jump{h, over, to, JumpRC{r, c, static_cast<Dir>(d)}});
    }
  }
}

int Board::hole_at(int r, int c) const {
  if (r < 0 || c < 0 || r >= rows_ || c >= cols_) return -1;
  return hole_of_cell_[static_cast<size_t>(r) * cols_ + c];
}

int Board::jump_index(const JumpRC& rc) const {
  const int from = hole_at(rc.row, rc.col);
  if (from < 0) return -1;
  for (size_t i = 0; i < jumps_.size(); ++i)
    if (jumps_[i].from == from && jumps_[i].rc.dir == rc.dir) return static_cast<int>(i);
  return -1;
}

int peg_count(const Config& c) {
  int n = 0;
  for (uint8_t v : c) n += v != 0;
  return n;
}

}  // namespace bs::peg
