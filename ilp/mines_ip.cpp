#include "ilp/mines_ip.hpp"

#include <stdexcept>

namespace bs::ilp {

bool mines_layout_exists(const mines::Position& p, int cell, int value) {
  const int n = p.width * p.height;
  LpModel model;
  std::vector<int> column(n, -1);
  int flags = 0;
  for (int i = 0; i < n; ++i) {
    if (p.cells[i] == mines::kUnknown) {
      const double fixed = i == cell ? value : -1;
      column[i] = model.add_column(fixed >= 0 ? fixed : 0, fixed >= 0 ? fixed : 1, 0, true);
    }
    flags += p.cells[i] == mines::kFlag;
  }
  if (column[cell] < 0) throw std::invalid_argument("mines_layout_exists: the cell is not unknown");
  std::vector<Eigen::Triplet<double>> entries;
  std::vector<double> lower, upper;
  for (int i = 0; i < n; ++i) {
    if (p.cells[i] < 0) continue;
    int flagged = 0;
    const int row = static_cast<int>(lower.size());
    p.for_neighbours(i, [&](int j) {
      if (column[j] >= 0) entries.emplace_back(row, column[j], 1.0);
      flagged += p.cells[j] == mines::kFlag;
    });
    lower.push_back(p.cells[i] - flagged);
    upper.push_back(p.cells[i] - flagged);
  }
  const int row = static_cast<int>(lower.size());
  for (int i = 0; i < n; ++i)
    if (column[i] >= 0) entries.emplace_back(row, column[i], 1.0);
  lower.push_back(p.mines - flags);
  upper.push_back(p.mines - flags);
  model.add_rows(entries, lower, upper);
  if (model.solve_lp().status == SolveStatus::infeasible) return false;
  const Solution s = model.solve_ip();
  if (s.status == SolveStatus::optimal) return true;
  if (s.status == SolveStatus::infeasible) return false;
  throw std::runtime_error(std::string("mines reference IP: CBC ended with ") +
                           to_string(s.status));
}

}  // namespace bs::ilp
