// Pagoda LPs: one column per hole, one row per jump, nothing else, so each solve is a few
// hundred simplex pivots at most and the pool is one warm-started session.
#include "ilp/peg/pagoda.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "ilp/lp_model.hpp"

namespace bs::ilp {

namespace {

// w >= 0 bounded by `cap`, and w(from) + w(over) - w(to) >= 0 for each allowed jump.
LpModel cone(const peg::Board& board, const std::vector<int>* allowed, double cap) {
  LpModel m;
  for (int h = 0; h < board.holes(); ++h) m.add_column(0, cap, 0, false);
  std::vector<Eigen::Triplet<double>> a;
  std::vector<double> lo, hi;
  const auto& jumps = board.jumps();
  for (size_t j = 0; j < jumps.size(); ++j) {
    if (allowed && !(*allowed)[j]) continue;
    const int row = static_cast<int>(lo.size());
    a.emplace_back(row, jumps[j].from, 1.0);
    a.emplace_back(row, jumps[j].over, 1.0);
    a.emplace_back(row, jumps[j].to, -1.0);
    lo.push_back(0);
    hi.push_back(kInf);
  }
  m.add_rows(a, lo, hi);
  return m;
}

// The LP's weights as integers: the smallest multiplier up to 720 that makes every weight an
// integer within 1e-6. Vertices of this cone have small denominators, so this nearly always
// succeeds; the caller re-checks the integers exactly either way.
std::optional<Pagoda> integer_weights(const std::vector<double>& x) {
  for (int m = 1; m <= 720; ++m) {
    bool whole = true;
    for (double v : x) whole = whole && std::abs(v * m - std::round(v * m)) < 1e-6;
    if (!whole) continue;
    Pagoda w(x.size());
    for (size_t h = 0; h < x.size(); ++h) w[h] = std::max<int64_t>(0, std::llround(x[h] * m));
    return w;
  }
  return std::nullopt;
}

bool is_pagoda(const peg::Board& board, const Pagoda& w, const std::vector<int>* allowed) {
  const auto& jumps = board.jumps();
  for (size_t j = 0; j < jumps.size(); ++j)
    if ((!allowed || (*allowed)[j]) && w[jumps[j].from] + w[jumps[j].over] < w[jumps[j].to])
      return false;
  return std::all_of(w.begin(), w.end(), [](int64_t v) { return v >= 0; });
}

}  // namespace

int64_t weigh(const Pagoda& w, const peg::Config& c) {
  int64_t s = 0;
  for (size_t h = 0; h < c.size(); ++h) s += c[h] ? w[h] : 0;
  return s;
}

std::optional<Pagoda> separating_pagoda(const peg::Board& board, const peg::Config& from,
                                        const peg::Config& to) {
  LpModel m = cone(board, nullptr, 1.0);
  std::vector<double> objective(board.holes());
  for (int h = 0; h < board.holes(); ++h) objective[h] = double(to[h] != 0) - double(from[h] != 0);
  m.set_objective(objective);
  m.set_maximize(true);
  const Solution s = m.solve_lp();
  if (s.status != SolveStatus::optimal || s.objective < 1e-7) return std::nullopt;
  std::optional<Pagoda> w = integer_weights(s.x);
  if (!w || !is_pagoda(board, *w, nullptr) || weigh(*w, from) >= weigh(*w, to)) return std::nullopt;
  return w;
}

std::vector<Pagoda> pagoda_pool(const peg::Board& board, const peg::Config& to,
                                const std::vector<int>& allowed, int count) {
  std::vector<Pagoda> pool;
  const int n = board.holes();
  if (count <= 0 || n == 0) return pool;
  LpModel m = cone(board, &allowed, 8.0);
  // The final weighs at least 1.
  std::vector<Eigen::Triplet<double>> a;
  for (int h = 0; h < n; ++h)
    if (to[h]) a.emplace_back(0, h, 1.0);
  m.add_rows(a, {1.0}, {kInf});
  LpSession session(m);
  // Objectives: the whole board, then each hole's 3x3 neighbourhood weighted heavily, so that the
  // pagoda is zero there if it can be. Candidates are ranked by how many holes they leave at zero.
  std::vector<std::pair<int, Pagoda>> found;
  for (int focus = -1; focus < n; ++focus) {
    std::vector<double> objective(n, 1.0);
    if (focus >= 0) {
      if (to[focus]) continue;
      for (int h = 0; h < n; ++h)
        if (std::abs(board.row_of(h) - board.row_of(focus)) <= 1 &&
            std::abs(board.col_of(h) - board.col_of(focus)) <= 1)
          objective[h] = 1.0 + n;
    }
    session.set_objective(objective);
    const Solution s = session.resolve();
    if (s.status != SolveStatus::optimal) continue;
    std::optional<Pagoda> w = integer_weights(s.x);
    if (!w || !is_pagoda(board, *w, &allowed) || weigh(*w, to) <= 0) continue;
    if (std::any_of(found.begin(), found.end(), [&](const auto& f) { return f.second == *w; }))
      continue;
    const int zeros = static_cast<int>(std::count(w->begin(), w->end(), 0));
    if (zeros == 0) continue;  // weighs every peg: it cuts nothing a peg count does not
    found.emplace_back(zeros, std::move(*w));
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  for (auto& f : found) {
    if (static_cast<int>(pool.size()) == count) break;
    pool.push_back(std::move(f.second));
  }
  return pool;
}

}  // namespace bs::ilp
