// lp: the linear relaxation of the whole position. Each undecided cell is a variable in [0, 1];
// each row says its cells sum to its remaining target, the mine-count row included. Every layout
// is a point of this polytope, so when the largest x_i over it is 0 the cell is safe in every
// layout, when the least is 1 it is a mine in every layout, and when the polytope is empty no
// layout fits. It sees what no pair of rows shows (long chains, the mine count against the whole
// frontier) at the price of two warm-started LPs per frontier cell, so it runs after the
// combinatorial rules and before enumeration; the game player leaves it out for speed.
#include "heuristics/mines/lp.hpp"

#include "ilp/lp_model.hpp"

namespace bs::mines {

Verdict apply_lp(MineSystem& s, int self) {
  std::vector<int> column(s.vars, -1), var_of;
  ilp::LpModel model;
  for (int v = 0; v < s.vars; ++v)
    if (s.value[v] < 0) {
      column[v] = model.add_column(0, 1, 0, false);
      var_of.push_back(v);
    }
  if (var_of.empty()) return Verdict::no_change;
  std::vector<Eigen::Triplet<double>> entries;
  std::vector<double> bound;
  std::vector<char> in_digit_row(s.vars, 0);
  for (const Row& r : s.rows) {
    int mines = 0;
    const int row = static_cast<int>(bound.size());
    for (int v : r.vars) {
      mines += s.value[v] == 1;
      if (column[v] >= 0) {
        entries.emplace_back(row, column[v], 1.0);
        if (r.source >= 0) in_digit_row[v] = 1;
      }
    }
    bound.push_back(r.target - mines);
  }
  model.add_rows(entries, bound, bound);
  model.set_maximize(true);
  ilp::LpSession session(model);
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
