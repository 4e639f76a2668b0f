// Futoshiki's instances for the rule oracle (tests/rule_oracle_test.cpp): 4x4 and 5x5 grids with
// a few random givens and inequalities, often with many solutions or none. They are counted, not
// solved, so the answer no rule may change is the exact number of solutions.
#include "solvers/futoshiki/oracle.hpp"

#include <random>

namespace bs::futoshiki {

std::string oracle_instance(uint64_t seed, Options& options) {
  options.set("count", "true");
  std::mt19937_64 rng(seed);
  const int n = 4 + static_cast<int>(rng() % 2);
  const int givens = n == 4 ? static_cast<int>(rng() % 4) : 4 + static_cast<int>(rng() % 4);
  std::vector<int> grid(n * n, -1);
  for (int k = 0; k < givens; ++k) grid[rng() % grid.size()] = 1 + static_cast<int>(rng() % n);
  std::string text = std::to_string(n) + "\n";
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c) text += ' ';
      text += std::to_string(grid[r * n + c]);
    }
    text += '\n';
  }
  // Inequalities between neighbours, 1-based "r1 c1 r2 c2": cell 1 > cell 2.
  const int inequalities = static_cast<int>(rng() % (2 * n));
  for (int k = 0; k < inequalities; ++k) {
    const bool across = rng() % 2;
    const int along = static_cast<int>(rng() % (n - 1)), line = static_cast<int>(rng() % n);
    int r1 = across ? line : along, c1 = across ? along : line;
    int r2 = across ? r1 : r1 + 1, c2 = across ? c1 + 1 : c1;
    if (rng() % 2) std::swap(r1, r2), std::swap(c1, c2);
    text += std::to_string(r1 + 1) + " " + std::to_string(c1 + 1) + " " + std::to_string(r2 + 1) +
            " " + std::to_string(c2 + 1) + "\n";
  }
  return text;
}

std::string oracle_answer(const Result& result) {
  return std::string(to_string(result.status)) + ", " + std::to_string(result.solution_count) +
         (result.count_complete ? " solutions" : " solutions so far");
}

}  // namespace bs::futoshiki
