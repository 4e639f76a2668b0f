// Random Minesweeper positions for the engine's tests, small enough for brute force
// (count_layouts): the probability engine's and the LP bounds' tests share them.
#pragma once

#include <algorithm>
#include <random>
#include <vector>

#include "puzzles/mines/position.hpp"

namespace bs::mines {

// A random position: a random layout, some of its safe cells revealed, some of its mines flagged,
// at most `max_unknown` cells left unknown. With `corrupt`, one digit is changed at random, which
// usually leaves no fitting layout.
inline Position random_position(std::mt19937& rng, int max_unknown, bool corrupt) {
  std::uniform_int_distribution<int> side(2, 7);
  std::uniform_real_distribution<double> unit(0, 1);
  Position p;
  p.width = side(rng);
  p.height = side(rng);
  const int n = p.width * p.height;
  std::vector<char> mine(n, 0);
  const double density = 0.1 + 0.4 * unit(rng);
  for (auto& m : mine) m = unit(rng) < density;
  p.mines = static_cast<int>(std::count(mine.begin(), mine.end(), 1));
  p.cells.assign(n, kUnknown);
  // Reveal safe cells until few enough are unknown, flag some mines.
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  const int keep_unknown = std::uniform_int_distribution<int>(0, max_unknown)(rng);
  int unknown = n;
  for (int i : order) {
    if (unknown <= keep_unknown) break;
    if (mine[i]) {
      if (unit(rng) < 0.5) {
        p.cells[i] = kFlag;
        --unknown;
      }
      continue;
    }
    int around = 0;
    p.for_neighbours(i, [&](int j) { around += mine[j]; });
    p.cells[i] = static_cast<int8_t>(around);
    --unknown;
  }
  for (int i : order) {  // flag mines until few enough are unknown
    if (unknown <= max_unknown) break;
    if (mine[i] && p.cells[i] == kUnknown) {
      p.cells[i] = kFlag;
      --unknown;
    }
  }
  if (corrupt) {
    std::vector<int> digits;
    for (int i = 0; i < n; ++i)
      if (p.cells[i] >= 0) digits.push_back(i);
    if (!digits.empty()) {
      const int i = digits[rng() % digits.size()];
      p.cells[i] = static_cast<int8_t>((p.cells[i] + 1 + rng() % 8) % 9);
    }
  }
  return p;
}

}  // namespace bs::mines
