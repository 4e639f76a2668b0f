// Random tilings and planted grids (random.hpp).
#include "puzzles/dominosa/random.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/splitmix64.hpp"

namespace bs::dominosa {

namespace {

uint64_t below(uint64_t& state, uint64_t bound) {
  return splitmix64(state) % bound;
}

// partner[cell]: the other cell of its domino.
std::vector<int> brick_tiling(const Instance& shape) {
  const int w = shape.width(), h = shape.height();
  std::vector<int> partner(shape.cells());
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      const int cell = r * w + c;
      if (w % 2 == 0)
        partner[cell] = c % 2 == 0 ? cell + 1 : cell - 1;
      else
        partner[cell] = r % 2 == 0 ? cell + w : cell - w;
    }
  return partner;
}

// Turns the 2x2 square with top-left `cell` if two parallel dominoes cover it.
void flip_square(std::vector<int>& partner, int cell, int w) {
  const int a = cell, b = cell + 1, c = cell + w, d = cell + w + 1;
  if (partner[a] == b && partner[c] == d) {  // two horizontal: make them vertical
    partner[a] = c, partner[c] = a, partner[b] = d, partner[d] = b;
  } else if (partner[a] == c && partner[b] == d) {  // two vertical: make them horizontal
    partner[a] = b, partner[b] = a, partner[c] = d, partner[d] = c;
  }
}

}  // namespace

std::vector<int> random_tiling(int n, uint64_t seed) {
  Instance shape;
  shape.n = n;
  const int w = shape.width(), h = shape.height();
  std::vector<int> partner = brick_tiling(shape);
  uint64_t state = seed ^ 0x7469'6c69'6e67ULL;  // "tiling"
  // Enough flips that every square is tried many times over.
  const uint64_t flips = 40ULL * static_cast<uint64_t>(shape.cells());
  for (uint64_t i = 0; i < flips; ++i) {
    const int r = static_cast<int>(below(state, h - 1)), c = static_cast<int>(below(state, w - 1));
    flip_square(partner, r * w + c, w);
  }
  std::vector<int> tiling;
  for (int cell = 0; cell < shape.cells(); ++cell) {
    const int other = partner[cell];
    if (other < cell) continue;
    tiling.push_back(shape.placement_at(cell, other == cell + 1 ? right : down));
  }
  std::sort(tiling.begin(), tiling.end());
  return tiling;
}

Instance number_tiling(int n, const std::vector<int>& tiling, uint64_t seed) {
  Instance in;
  in.n = n;
  in.numbers.assign(in.cells(), -1);
  if (static_cast<int>(tiling.size()) != dominoes(n))
    throw std::invalid_argument("dominosa: a tiling of order " + std::to_string(n) + " has " +
                                std::to_string(dominoes(n)) + " placements");
  std::vector<std::pair<int, int>> pairs;
  for (int x = 0; x <= n; ++x)
    for (int y = x; y <= n; ++y) pairs.emplace_back(x, y);
  uint64_t state = seed ^ 0x6e75'6d62'6572ULL;  // "number"
  for (size_t i = pairs.size(); i > 1; --i)     // Fisher-Yates
    std::swap(pairs[i - 1], pairs[below(state, i)]);
  for (size_t k = 0; k < tiling.size(); ++k) {
    const Placement pl = in.placement(tiling[k]);
    auto [x, y] = pairs[k];
    if (splitmix64(state) & 1) std::swap(x, y);
    in.numbers[pl.first] = x;
    in.numbers[pl.second] = y;
  }
  return in;
}

PlantedGrid random_planted_grid(int n, uint64_t seed) {
  PlantedGrid g;
  g.tiling = random_tiling(n, seed);
  g.instance = number_tiling(n, g.tiling, seed);
  return g;
}

}  // namespace bs::dominosa
