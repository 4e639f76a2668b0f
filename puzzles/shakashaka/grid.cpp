// The Shakashaka verifier: quarter triangles, flooded into white regions, each checked against
// its bounding rectangles by area.
//
// Why areas: a white region lies inside its axis-aligned bounding box and inside its bounding
// box in the 45-degree coordinates u = x + y, v = x - y. It is exactly one of those rectangles
// when its area equals that rectangle's, as a smaller region would leave part of the box
// uncovered. Counting quarters is exact integer arithmetic, so the test needs no geometry of
// angles and edges, and it shares nothing with the solver's lattice-point rules, which is what
// makes it an independent check of them.
//
// Coordinates are doubled (X = 2x, Y = 2y) so that every quarter's corners, a cell's centre
// included, are integers; a quarter then has area 1, and an area in u, v is twice the area in x, y.
#include "puzzles/shakashaka/grid.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace bs::shakashaka {

namespace {

// Which quarters of a cell are black, bit q for side q, per state (index 0: a black cell).
constexpr int kBlackQuarters[kStates + 1] = {
    0b1111,  // black cell
    0,       // empty
    1 << top | 1 << left,
    1 << top | 1 << right,
    1 << bottom | 1 << right,
    1 << bottom | 1 << left,
};

std::string at(int cell, int width) {
  return "row " + std::to_string(cell / width + 1) + ", column " + std::to_string(cell % width + 1);
}

// The bounding boxes of a region, in X, Y and in U = X + Y, V = X - Y, and its area in quarters.
struct Extent {
  int64_t quarters = 0;
  int64_t lo[4], hi[4];  // X, Y, U, V
  Extent() {
    std::fill(lo, lo + 4, std::numeric_limits<int64_t>::max());
    std::fill(hi, hi + 4, std::numeric_limits<int64_t>::min());
  }
  void add_point(int64_t x, int64_t y) {
    const int64_t coords[4] = {x, y, x + y, x - y};
    for (int i = 0; i < 4; ++i) {
      lo[i] = std::min(lo[i], coords[i]);
      hi[i] = std::max(hi[i], coords[i]);
    }
  }
  // The quarter on side q of the cell at (row, col).
  void add_quarter(int row, int col, int q) {
    ++quarters;
    const int64_t x = 2 * col, y = 2 * row;
    add_point(x + 1, y + 1);  // the centre
    // The side's two ends, clockwise: top (0,0)-(2,0), right (2,0)-(2,2), ...
    static constexpr int kEnds[4][4] = {{0, 0, 2, 0}, {2, 0, 2, 2}, {0, 2, 2, 2}, {0, 0, 0, 2}};
    add_point(x + kEnds[q][0], y + kEnds[q][1]);
    add_point(x + kEnds[q][2], y + kEnds[q][3]);
  }
  bool fills_axis_box() const { return (hi[0] - lo[0]) * (hi[1] - lo[1]) == quarters; }
  bool fills_diagonal_box() const { return (hi[2] - lo[2]) * (hi[3] - lo[3]) == 2 * quarters; }
};

}  // namespace

bool black_along(int state, int side) {
  return state >= 0 && state <= kStates && (kBlackQuarters[state] >> side & 1);
}

int Instance::clues() const {
  return static_cast<int>(
      std::count_if(givens.begin(), givens.end(), [](int g) { return g >= 0 && g <= 4; }));
}

std::string verify_solution(const Instance& in, const Solution& s) {
  const int h = in.height, w = in.width;
  if (static_cast<int>(s.size()) != in.cells() || static_cast<int>(in.givens.size()) != in.cells())
    return "the solution has " + std::to_string(s.size()) + " cells, the puzzle " +
           std::to_string(in.cells());
  for (int c = 0; c < in.cells(); ++c) {
    if (is_black(in.givens[c]) && s[c] != 0)
      return "black cell at " + at(c, w) + " holds a triangle or a mark";
    if (!is_black(in.givens[c]) && (s[c] < empty || s[c] > ll))
      return "white cell at " + at(c, w) + " has no state";
  }
  auto black_quarters = [&](int c) {
    return is_black(in.givens[c]) ? 0b1111 : kBlackQuarters[s[c]];
  };

  // Clues first: the cheaper message for a hand-made mistake.
  for (int c = 0; c < in.cells(); ++c) {
    const int g = in.givens[c];
    if (g < 0 || g > 4) continue;
    const int r = c / w, col = c % w;
    int triangles = 0;
    if (r > 0) triangles += !is_black(in.givens[c - w]) && is_triangle(s[c - w]);
    if (r + 1 < h) triangles += !is_black(in.givens[c + w]) && is_triangle(s[c + w]);
    if (col > 0) triangles += !is_black(in.givens[c - 1]) && is_triangle(s[c - 1]);
    if (col + 1 < w) triangles += !is_black(in.givens[c + 1]) && is_triangle(s[c + 1]);
    if (triangles != g)
      return "clue " + std::to_string(g) + " at " + at(c, w) + " has " + std::to_string(triangles) +
             " triangles next to it";
  }

  // Flood the white quarters, quarter index 4 * cell + side, with an explicit stack.
  std::vector<uint8_t> seen(static_cast<size_t>(in.cells()) * 4, 0);
  std::vector<int> stack;
  for (int start = 0; start < 4 * in.cells(); ++start) {
    if (seen[start] || (black_quarters(start / 4) >> (start % 4) & 1)) continue;
    Extent e;
    seen[start] = 1;
    stack.assign(1, start);
    while (!stack.empty()) {
      const int q = stack.back();
      stack.pop_back();
      const int c = q / 4, side = q % 4, r = c / w, col = c % w;
      e.add_quarter(r, col, side);
      auto visit = [&](int cell, int sd) {
        const int k = 4 * cell + sd;
        if (seen[k] || (black_quarters(cell) >> sd & 1)) return;
        seen[k] = 1;
        stack.push_back(k);
      };
      visit(c, (side + 1) % 4);  // the quarters of the same cell on either side
      visit(c, (side + 3) % 4);
      if (side == top && r > 0) visit(c - w, bottom);
      if (side == bottom && r + 1 < h) visit(c + w, top);
      if (side == left && col > 0) visit(c - 1, right);
      if (side == right && col + 1 < w) visit(c + 1, left);
    }
    if (!e.fills_axis_box() && !e.fills_diagonal_box())
      return "the white area through " + at(start / 4, w) + " is not a rectangle";
  }
  return {};
}

}  // namespace bs::shakashaka
