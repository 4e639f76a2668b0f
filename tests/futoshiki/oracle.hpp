// A brute-force Futoshiki oracle for tests: every Latin square of a small order (576 of order 4,
// 161,280 of order 5) enumerated once, and a puzzle's solutions are the squares that keep its
// givens and inequalities, checked here and not by the library's verify_solution, which the
// solver and the generator check themselves with.
#pragma once

#include <functional>
#include <map>
#include <vector>

#include "puzzles/futoshiki/grid.hpp"

namespace bs::futoshiki::oracle {

inline const std::vector<Grid>& latin_squares(int n) {
  static std::map<int, std::vector<Grid>> cache;
  auto& out = cache[n];
  if (!out.empty()) return out;
  Grid g(n * n, 0);
  std::function<void(int)> fill = [&](int c) {
    if (c == n * n) {
      out.push_back(g);
      return;
    }
    const int r = c / n, col = c % n;
    for (int v = 1; v <= n; ++v) {
      bool clash = false;
      for (int k = 0; k < col && !clash; ++k) clash = g[r * n + k] == v;
      for (int k = 0; k < r && !clash; ++k) clash = g[k * n + col] == v;
      if (clash) continue;
      g[c] = v;
      fill(c + 1);
    }
  };
  fill(0);
  return out;
}

// Whether a Latin square (by construction above) keeps the givens and the inequalities: checked
// here, not by the library's verify_solution, which the solver checks itself with.
inline bool fits(const Instance& in, const Grid& g) {
  for (size_t c = 0; c < g.size(); ++c)
    if (in.givens[c] != 0 && in.givens[c] != g[c]) return false;
  for (const Inequality& q : in.inequalities)
    if (g[q.greater] <= g[q.smaller]) return false;
  return true;
}

inline int brute_count(const Instance& in) {
  int count = 0;
  for (const Grid& g : latin_squares(in.n)) count += fits(in, g);
  return count;
}

}  // namespace bs::futoshiki::oracle
