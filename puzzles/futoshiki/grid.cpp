#include "puzzles/futoshiki/grid.hpp"

#include <functional>

namespace bs::futoshiki {

namespace {
// Appends piecewise: GCC 12 at -O2 warns falsely (-Wrestrict) on "(" + std::to_string(...).
std::string at(const Instance& in, int cell) {
  std::string s = "(";
  s += std::to_string(cell / in.n + 1);
  s += ',';
  s += std::to_string(cell % in.n + 1);
  s += ')';
  return s;
}
}  // namespace

std::string verify_solution(const Instance& in, const Grid& g) {
  const int n = in.n;
  if (static_cast<int>(g.size()) != n * n)
    return "the grid has " + std::to_string(g.size()) + " cells, not " + std::to_string(n * n);
  for (int c = 0; c < n * n; ++c) {
    if (g[c] < 1 || g[c] > n) return "cell " + at(in, c) + " holds " + std::to_string(g[c]);
    if (in.givens[c] && in.givens[c] != g[c])
      return "cell " + at(in, c) + " is given as " + std::to_string(in.givens[c]) + " but holds " +
             std::to_string(g[c]);
  }
  for (int i = 0; i < n; ++i) {
    std::vector<bool> row(n + 1), col(n + 1);
    for (int j = 0; j < n; ++j) {
      if (row[g[i * n + j]])
        return "row " + std::to_string(i + 1) + " repeats " + std::to_string(g[i * n + j]);
      if (col[g[j * n + i]])
        return "column " + std::to_string(i + 1) + " repeats " + std::to_string(g[j * n + i]);
      row[g[i * n + j]] = col[g[j * n + i]] = true;
    }
  }
  for (const Inequality& q : in.inequalities)
    if (g[q.greater] <= g[q.smaller])
      return "cell " + at(in, q.greater) + " = " + std::to_string(g[q.greater]) +
             " is not greater than cell " + at(in, q.smaller) + " = " +
             std::to_string(g[q.smaller]);
  return "";
}

std::string find_contradiction(const Instance& in) {
  const int n = in.n, cells = n * n;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = j + 1; k < n; ++k) {
        const int a = i * n + j, b = i * n + k, c = j * n + i, d = k * n + i;
        if (in.givens[a] && in.givens[a] == in.givens[b])
          return "cells " + at(in, a) + " and " + at(in, b) + " in one row are both given " +
                 std::to_string(in.givens[a]);
        if (in.givens[c] && in.givens[c] == in.givens[d])
          return "cells " + at(in, c) + " and " + at(in, d) + " in one column are both given " +
                 std::to_string(in.givens[c]);
      }
  for (const Inequality& q : in.inequalities) {
    if (q.greater == q.smaller) return "cell " + at(in, q.greater) + " must exceed itself";
    if (in.givens[q.greater] && in.givens[q.smaller] &&
        in.givens[q.greater] <= in.givens[q.smaller])
      return "given " + at(in, q.greater) + " = " + std::to_string(in.givens[q.greater]) +
             " is not greater than given " + at(in, q.smaller) + " = " +
             std::to_string(in.givens[q.smaller]);
  }
  // Longest chain of strict inequalities below each cell, by DFS with cycle detection: a chain of
  // n inequalities needs n+1 distinct values, and a cycle needs a value above itself.
  std::vector<std::vector<int>> below(cells);
  for (const Inequality& q : in.inequalities) below[q.greater].push_back(q.smaller);
  std::vector<int> state(cells, 0), height(cells, 0);  // 0 new, 1 on the stack, 2 done
  std::string why;
  std::function<bool(int)> visit = [&](int c) {
    state[c] = 1;
    for (int d : below[c]) {
      if (state[d] == 1) {
        why = "the inequalities form a cycle through cell " + at(in, d);
        return false;
      }
      if (state[d] == 0 && !visit(d)) return false;
      height[c] = std::max(height[c], height[d] + 1);
    }
    state[c] = 2;
    if (height[c] >= n) {
      why = "a chain of " + std::to_string(height[c]) + " inequalities starts at cell " +
            at(in, c) + ", but only " + std::to_string(n) + " values exist";
      return false;
    }
    return true;
  };
  for (int c = 0; c < cells; ++c)
    if (state[c] == 0 && !visit(c)) return why;
  return "";
}

}  // namespace bs::futoshiki
