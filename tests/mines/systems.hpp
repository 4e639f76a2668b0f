// Random Minesweeper systems for the deduction rules' tests, as the probability engine builds
// them from a board: what the rules see, with a known true layout behind it.
#pragma once

#include <gtest/gtest.h>

#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include "heuristics/mines/system.hpp"
#include "ilp/lp_model.hpp"

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

// The whole relaxation, from scratch: the largest value of sum(weights * x) (nullopt when empty).
inline std::optional<double> whole_lp_max(const MineSystem& s, const std::vector<double>& weights) {
  bs::ilp::LpModel model;
  std::vector<int> column(s.vars, -1);
  for (int v = 0; v < s.vars; ++v)
    if (s.value[v] < 0) column[v] = model.add_column(0, 1, weights[v], false);
  std::vector<Eigen::Triplet<double>> entries;
  std::vector<double> target;
  for (const Row& r : s.rows) {
    int mines = 0;
    const int row = static_cast<int>(target.size());
    for (int v : r.vars) {
      mines += s.value[v] == 1;
      if (column[v] >= 0) entries.emplace_back(row, column[v], 1.0);
    }
    target.push_back(r.target - mines);
  }
  if (model.columns() == 0) {
    for (double t : target)
      if (t != 0) return std::nullopt;
    return 0.0;
  }
  model.add_rows(entries, target, target);
  model.set_maximize(true);
  const bs::ilp::Solution sol = model.solve_lp();
  if (sol.status == bs::ilp::SolveStatus::infeasible) return std::nullopt;
  EXPECT_EQ(sol.status, bs::ilp::SolveStatus::optimal);
  return sol.objective;
}

}  // namespace bs::mines
