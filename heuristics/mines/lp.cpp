// lp: the linear relaxation of the whole position. Each undecided cell is a variable in [0, 1];
// each row says its cells sum to its remaining target, the mine-count row included. Every layout
// is a point of this polytope, so when the largest x_i over it is 0 the cell is safe in every
// layout, when the least is 1 it is a mine in every layout, and when the polytope is empty no
// layout fits. It sees what no pair of rows shows (long chains, the mine count against the whole
// frontier) at the price of two warm-started LPs per frontier cell, so it runs after the
// combinatorial rules and before enumeration; the game player leaves it out for speed.
#include "heuristics/mines/lp.hpp"

#include <algorithm>
#include <cmath>

#include "ilp/lp_model.hpp"

namespace bs::mines {

namespace {

// The relaxation of the undecided part of `s`: a column per undecided variable, a row per row.
struct Relaxation {
  ilp::LpModel model;
  std::vector<int> column, var_of;  // variable -> column (-1 when decided), column -> variable
  std::vector<char> in_digit_row;   // per variable: seen by a digit
};

Relaxation relax(const MineSystem& s) {
  Relaxation x;
  x.column.assign(s.vars, -1);
  x.in_digit_row.assign(s.vars, 0);
  for (int v = 0; v < s.vars; ++v)
    if (s.value[v] < 0) {
      x.column[v] = x.model.add_column(0, 1, 0, false);
      x.var_of.push_back(v);
    }
  std::vector<Eigen::Triplet<double>> entries;
  std::vector<double> bound;
  for (const Row& r : s.rows) {
    int mines = 0;
    const int row = static_cast<int>(bound.size());
    for (int v : r.vars) {
      mines += s.value[v] == 1;
      if (x.column[v] >= 0) {
        entries.emplace_back(row, x.column[v], 1.0);
        if (r.source >= 0) x.in_digit_row[v] = 1;
      }
    }
    bound.push_back(r.target - mines);
  }
  x.model.add_rows(entries, bound, bound);
  x.model.set_maximize(true);
  return x;
}

}  // namespace

bool lp_mine_bounds(const MineSystem& s, const std::vector<std::vector<int>>& sets,
                    std::vector<std::pair<int, int>>& bounds) {
  bounds.clear();
  Relaxation x = relax(s);
  if (x.var_of.empty()) {
    bounds.assign(sets.size(), {0, 0});
    return true;
  }
  ilp::LpSession session(x.model);
  if (session.resolve().status == ilp::SolveStatus::infeasible) return false;
  std::vector<double> objective(x.var_of.size(), 0);
  for (const auto& set : sets) {
    int lo = 0, hi = 0;
    for (int v : set) hi += x.column[v] >= 0;
    for (int sense : {+1, -1}) {  // max of the sum, then max of minus the sum
      for (int v : set)
        if (x.column[v] >= 0) objective[x.column[v]] = sense;
      session.set_objective(objective);
      const ilp::Solution sol = session.resolve();
      for (int v : set)
        if (x.column[v] >= 0) objective[x.column[v]] = 0;
      if (sol.status != ilp::SolveStatus::optimal) continue;  // keep the trivial bound
      // Rounded inwards with a tolerance: a layout's count is an integer inside [min, max].
      if (sense > 0) hi = std::min(hi, static_cast<int>(std::floor(sol.objective + 1e-7)));
      if (sense < 0) lo = std::max(lo, static_cast<int>(std::ceil(-sol.objective - 1e-7)));
    }
    bounds.emplace_back(lo, hi);
  }
  return true;
}

Verdict apply_lp(MineSystem& s, int self) {
  Relaxation x = relax(s);
  const std::vector<int>& var_of = x.var_of;
  const std::vector<char>& in_digit_row = x.in_digit_row;
  if (var_of.empty()) return Verdict::no_change;
  ilp::LpSession session(x.model);
  if (session.resolve().status == ilp::SolveStatus::infeasible) {
    s.failed_row = -1;
    return Verdict::fail;
  }
  // Cells away from every digit are interchangeable: one of them speaks for all.
  bool interior_done = false;
  bool progress = false;
  std::vector<double> objective(var_of.size(), 0);
  for (size_t c = 0; c < var_of.size(); ++c) {
    const int v = var_of[c];
    if (!in_digit_row[v]) {
      if (interior_done) continue;
      interior_done = true;
    }
    int decided = -1;
    for (int sense : {+1, -1}) {  // max x_v, then max -x_v = -(min x_v)
      objective[c] = sense;
      session.set_objective(objective);
      const ilp::Solution sol = session.resolve();
      objective[c] = 0;
      if (sol.status != ilp::SolveStatus::optimal) continue;
      if (sense > 0 && sol.objective < 1e-9) decided = 0;
      if (sense < 0 && -sol.objective > 1 - 1e-9) decided = 1;
      if (decided >= 0) break;
    }
    if (decided < 0) continue;
    for (size_t k = 0; k < var_of.size(); ++k) {
      const int w = var_of[k];
      if (w != v && (in_digit_row[v] || in_digit_row[w])) continue;  // an interior verdict
      s.value[w] = static_cast<int8_t>(decided);                     // holds for all of them
      s.decided_by[w] = static_cast<int8_t>(self);
    }
    progress = true;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

}  // namespace bs::mines
