// Random Minesweeper systems for the deduction rules' tests, as the probability engine builds
// them from a board: what the rules see, with a known true layout behind it.
#pragma once

#include <numeric>
#include <random>

#include "heuristics/mines/system.hpp"

namespace bs::mines {

// A system as the probability engine builds it from a random board: a variable per unknown cell,
// a row per digit, the mine-count row; some variables decided to their true values, and with
// `corrupt` one target nudged so that the relaxation may be empty.
inline MineSystem random_system(std::mt19937& rng, bool corrupt,
                                std::vector<int>* layout = nullptr) {
  std::uniform_int_distribution<int> side(3, 9);
  std::uniform_real_distribution<double> unit(0, 1);
  const int w = side(rng), h = side(rng), n = w * h;
  std::vector<char> mine(n), revealed(n);
  const double density = 0.1 + 0.3 * unit(rng), shown = 0.2 + 0.5 * unit(rng);
  for (int i = 0; i < n; ++i) {
    mine[i] = unit(rng) < density;
    revealed[i] = !mine[i] && unit(rng) < shown;
  }
  MineSystem s;
  std::vector<int> var_of(n, -1);
  std::vector<int> truth;
  for (int i = 0; i < n; ++i)
    if (!revealed[i]) {
      var_of[i] = s.vars++;
      truth.push_back(mine[i]);
    }
  for (int i = 0; i < n; ++i) {
    if (!revealed[i]) continue;
    Row r;
    r.source = i;
    const int x = i % w, y = i / w;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = x + dx, ny = y + dy;
        if ((dx || dy) && nx >= 0 && ny >= 0 && nx < w && ny < h) {
          const int j = ny * w + nx;
          r.target += mine[j];
          if (var_of[j] >= 0) r.vars.push_back(var_of[j]);
        }
      }
    if (!r.vars.empty()) s.rows.push_back(r);
  }
  Row count;
  count.vars.resize(s.vars);
  std::iota(count.vars.begin(), count.vars.end(), 0);
  count.target = std::accumulate(truth.begin(), truth.end(), 0);
  s.rows.push_back(count);
  s.value.assign(s.vars, -1);
  s.decided_by.assign(s.vars, -1);
  for (int v = 0; v < s.vars; ++v)
    if (unit(rng) < 0.15) s.value[v] = static_cast<int8_t>(truth[v]);
  if (corrupt && !s.rows.empty()) {
    Row& r = s.rows[std::uniform_int_distribution<size_t>(0, s.rows.size() - 1)(rng)];
    r.target += unit(rng) < 0.5 ? 1 : -1;
  }
  if (layout) *layout = truth;
  return s;
}

}  // namespace bs::mines
