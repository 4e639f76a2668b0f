// Shakashaka: the rules of the puzzle, an instance, and the verifier.
//
// A grid of W x H cells, some black. A black cell may carry a clue 0..4. The player puts a black
// right triangle into some of the white cells, each filling half of its cell along a diagonal,
// so that every white area of the grid (white cells and the white halves of triangles, joined
// across shared edges) is a rectangle: either axis-aligned or turned 45 degrees. A clue counts
// the triangles in the (up to four) cells that share an edge with it.
//
// Cells are numbered row-major, cell = row * width + col, 0-based everywhere inside the toolkit.
// A white cell is in one of five states, numbered 1..5 so that they are the values of the
// propagation core's domains (bit state-1 of a mask):
//   empty      '.'  all white
//   ul         'a'  black triangle in the upper-left corner (black along the top and left edges)
//   ur         'b'  upper-right (top and right edges)
//   lr         'c'  lower-right (bottom and right edges)
//   ll         'd'  lower-left (bottom and left edges)
// The letters are those of the shipped solution files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bs::shakashaka {

// The largest side the toolkit reads: far past every published puzzle, small enough that a cell
// index and a lattice point index fit comfortably in an int.
inline constexpr int kMaxSide = 1000;

// What a cell of an instance is.
inline constexpr int kWhite = -1;  // a white cell
inline constexpr int kBlack = 5;   // a black cell without a clue; 0..4 are clued black cells

inline bool is_black(int given) {
  return given >= 0;
}

// The state of a cell in a solution (and the values of the solver's domains).
enum State : int { empty = 1, ul = 2, ur = 3, lr = 4, ll = 5 };
inline constexpr int kStates = 5;
inline constexpr char kStateLetters[kStates + 1] = {'?', '.', 'a', 'b', 'c', 'd'};
inline bool is_triangle(int state) {
  return state >= ul;
}

// The four sides of a cell, clockwise from the top.
enum Side : int { top = 0, right = 1, bottom = 2, left = 3 };
// Whether the triangle (or empty cell) `state` is black along the whole of side `side`: each
// triangle is black along its two legs.
bool black_along(int state, int side);

struct Instance {
  std::string name;  // the file stem
  int height = 0, width = 0;
  std::vector<int> givens;  // height * width: kWhite, 0..4 (clue) or kBlack
  bool operator==(const Instance& o) const {
    return height == o.height && width == o.width && givens == o.givens;
  }
  int cells() const { return height * width; }
  int clues() const;
};

// A solution: a state per cell, row-major; black cells hold 0 (they have no state).
using Solution = std::vector<int>;

// Empty when `solution` solves `instance`, else the first thing wrong with it, in words with
// 1-based rows and columns. Independent of every solver and rule: it splits each cell into four
// quarter triangles, floods the white ones into regions, and accepts a region only when its area
// equals that of its bounding rectangle, axis-aligned or turned 45 degrees (so it fills it
// exactly); then it counts the triangles around each clue.
std::string verify_solution(const Instance& instance, const Solution& solution);

}  // namespace bs::shakashaka
