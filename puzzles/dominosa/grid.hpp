// Dominosa: the rules of the puzzle, an instance, its placements, and the verifier.
//
// A puzzle of order n is an (n+1) x (n+2) grid of the numbers 0..n, each number n+2 times. The
// player pairs every cell with one orthogonal neighbour so that every domino {x, y},
// 0 <= x <= y <= n, is used exactly once: (n+1)(n+2)/2 dominoes cover the (n+1)(n+2) cells.
//
// Cells are numbered row-major, cell = row * width + col, 0-based everywhere inside the toolkit.
// A placement is one pair of neighbouring cells, numbered once here for every layer: first the
// horizontal pairs (row r, cols c and c+1) row by row, then the vertical ones (rows r and r+1,
// col c). A domino {x, y} is numbered domino_index(x, y). A solution is one letter per cell
// naming which half of a domino the cell is: L (partner to the right), R (partner to the left),
// T (partner below), B (partner above), the letters of the shipped .sol files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bs::dominosa {

// The largest order the toolkit reads: 256 x 257 cells, far past anything published.
inline constexpr int kMaxOrder = 255;

// The four directions a cell's partner can lie in, in the order of the solution letters.
enum Direction : int { right = 0, left = 1, down = 2, up = 3 };
inline constexpr char kLetters[4] = {'L', 'R', 'T', 'B'};
inline Direction opposite(Direction d) {
  return static_cast<Direction>(d ^ 1);
}

// The number of domino {x, y} (either order), 0 .. dominoes(n) - 1.
inline int domino_index(int x, int y, int n) {
  if (x > y) std::swap(x, y);
  // Dominoes {0,0..n}, then {1,1..n}, ...: row x starts after x rows of n+1, n, ... entries.
  return x * (n + 1) - x * (x - 1) / 2 + (y - x);
}
inline int dominoes(int n) {
  return (n + 1) * (n + 2) / 2;
}

// Two neighbouring cells: `first` is the left or upper one.
struct Placement {
  int first, second;
  bool horizontal;
};

struct Instance {
  std::string name;          // the file stem
  int n = 0;                 // order: numbers 0..n
  std::vector<int> numbers;  // height() * width() numbers, row-major
  bool operator==(const Instance& o) const { return n == o.n && numbers == o.numbers; }
  int height() const { return n + 1; }
  int width() const { return n + 2; }
  int cells() const { return height() * width(); }
  int placements() const { return height() * (width() - 1) + (height() - 1) * width(); }
  Placement placement(int p) const;
  // The placement joining `cell` to its neighbour in direction d, or -1 off the grid.
  int placement_at(int cell, Direction d) const;
  // The neighbour in direction d, or -1 off the grid.
  int neighbour(int cell, Direction d) const;
  int domino_of(int p) const {
    const Placement pl = placement(p);
    return domino_index(numbers[pl.first], numbers[pl.second], n);
  }
};

// One letter per cell (L/R/T/B), row-major: which half of a domino each cell is.
using Solution = std::vector<char>;

// The placements a solution uses, ascending; empty if the letters do not pair up.
std::vector<int> solution_placements(const Instance& in, const Solution& s);
// The solution that uses exactly these placements (each cell in one of them).
Solution solution_from_placements(const Instance& in, const std::vector<int>& placements);

// Empty when `solution` solves `instance`, else the first thing wrong with it, in words with
// 1-based rows and columns. Independent of every solver and rule: it reads the definition above.
std::string verify_solution(const Instance& instance, const Solution& solution);

// Empty when `instance` is a well-formed puzzle (every number 0..n exactly n+2 times), else why.
std::string check_numbers(const Instance& instance);

}  // namespace bs::dominosa
