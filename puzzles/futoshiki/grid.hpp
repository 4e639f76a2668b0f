// Futoshiki: the rules of the puzzle, an instance, and the verifier.
//
// An n x n grid is filled with 1..n so that every row and every column holds each value once,
// the givens keep their values, and every inequality a > b between two cells holds. The
// inequalities of printed puzzles join orthogonal neighbours, but nothing here relies on that:
// any two distinct cells may be joined, so models and rules stay correct for generalised puzzles.
//
// Cells are numbered row-major, cell = row * n + col, 0-based everywhere inside the toolkit; the
// seed's text format is 1-based and is converted at the edge (format.hpp). n is at most 32, so a
// domain fits in one 32-bit mask (bit v-1 for value v).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bs::futoshiki {

inline constexpr int kMaxN = 32;

// Cell `greater` must hold a larger value than cell `smaller`.
struct Inequality {
  int greater;
  int smaller;
  bool operator==(const Inequality&) const = default;
};

struct Instance {
  std::string name;         // the file stem
  int n = 0;                // side, 1..kMaxN
  std::vector<int> givens;  // n*n values: 0 empty, else 1..n
  std::vector<Inequality> inequalities;
  bool operator==(const Instance& o) const {
    return n == o.n && givens == o.givens && inequalities == o.inequalities;
  }
  int cells() const { return n * n; }
};

// A filled grid: n*n values in 1..n, row-major.
using Grid = std::vector<int>;

// Empty when `grid` solves `instance`, else the first rule it breaks, in words with 1-based
// coordinates. Independent of every solver and rule: it reads the definition above and nothing
// else.
std::string verify_solution(const Instance& instance, const Grid& grid);

// A root-level contradiction that needs no search: two equal givens in a row or column, a given
// that breaks an inequality between two givens, a cycle of inequalities (a > b > ... > a), or a
// chain of inequalities longer than n allows. Empty when there is none. Used both by the solver
// (as its cheapest certificate) and by the certificate checker, which recomputes it.
std::string find_contradiction(const Instance& instance);

}  // namespace bs::futoshiki
