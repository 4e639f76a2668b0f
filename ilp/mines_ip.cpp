#include "ilp/mines_ip.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/connected_components.hpp>
#include <stdexcept>
#include <utility>

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

namespace {

// The least and greatest total of a component's columns over its LP relaxation; false when the
// relaxation is infeasible.
bool totals(LpSession& session, int columns, double& least, double& most) {
  std::vector<double> ones(columns, 1.0), minus(columns, -1.0);
  session.set_objective(ones);
  const Solution low = session.resolve();
  if (low.status == SolveStatus::infeasible) return false;
  session.set_objective(minus);
  const Solution high = session.resolve();
  if (low.status != SolveStatus::optimal || high.status != SolveStatus::optimal)
    throw std::runtime_error("mines reference LP: CLP ended without an optimum");
  least = low.objective;
  most = -high.objective;
  return true;
}

}  // namespace

struct MinesLayoutCheck::Component {
  std::unique_ptr<LpSession> session;
  int columns = 0;
  double least = 0, most = 0;
};

MinesLayoutCheck::MinesLayoutCheck(const mines::Position& p) : position_(p) {
  const int n = p.width * p.height;
  component_of_.assign(n, -1);
  column_of_.assign(n, -1);
  int flags = 0;
  for (int i = 0; i < n; ++i) flags += p.cells[i] == mines::kFlag;
  mines_left_ = p.mines - flags;
  // Components of the unknown cells that share a digit (Boost.Graph).
  boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS> graph(n);
  std::vector<char> frontier(n, 0);
  for (int i = 0; i < n; ++i) {
    if (p.cells[i] < 0) continue;
    int first = -1;
    p.for_neighbours(i, [&](int j) {
      if (p.cells[j] != mines::kUnknown) return;
      frontier[j] = 1;
      if (first < 0)
        first = j;
      else
        boost::add_edge(first, j, graph);
    });
  }
  std::vector<int> root(n);
  if (n > 0) boost::connected_components(graph, root.data());
  std::vector<int> index_of_root(n, -1);
  std::vector<LpModel> models;
  for (int i = 0; i < n; ++i) {
    if (p.cells[i] != mines::kUnknown) continue;
    if (!frontier[i]) {
      ++interior_;
      continue;
    }
    int& c = index_of_root[root[i]];
    if (c < 0) {
      c = static_cast<int>(models.size());
      models.emplace_back();
    }
    component_of_[i] = c;
    column_of_[i] = models[c].add_column(0, 1, 0, true);
  }
  // Each digit's row goes to the component of its unknown neighbours (one, by construction).
  for (int i = 0; i < n; ++i) {
    if (p.cells[i] < 0) continue;
    int flagged = 0, c = -1;
    std::vector<Eigen::Triplet<double>> row;
    p.for_neighbours(i, [&](int j) {
      flagged += p.cells[j] == mines::kFlag;
      if (p.cells[j] != mines::kUnknown) return;
      c = component_of_[j];
      row.emplace_back(0, column_of_[j], 1.0);
    });
    const double need = p.cells[i] - flagged;
    if (c < 0) {
      consistent_ = consistent_ && need == 0;
      continue;
    }
    models[c].add_rows(row, {need}, {need});
  }
  for (auto& model : models) {
    auto comp = std::make_unique<Component>();
    comp->columns = model.columns();
    comp->session = std::make_unique<LpSession>(model);
    consistent_ = consistent_ && totals(*comp->session, comp->columns, comp->least, comp->most);
    least_ += comp->least;
    most_ += comp->most;
    components_.push_back(std::move(comp));
  }
}

MinesLayoutCheck::~MinesLayoutCheck() = default;

// The digits within two cells of `cell` (every digit a single-row or subset argument about it
// reads), as a model over their unknown neighbours with `cell` fixed at `value`: a relaxation of
// the whole model (its other rows and the mine count dropped), so its infeasibility proves that
// no layout has the cell so. It has a few dozen columns whatever the board.
bool MinesLayoutCheck::local_relaxation_feasible(int cell, int value) const {
  const mines::Position& p = position_;
  const int x0 = cell % p.width, y0 = cell / p.width;
  LpModel model;
  std::vector<int> column(p.width * p.height, -1);
  std::vector<Eigen::Triplet<double>> entries;
  std::vector<double> need;
  for (int y = std::max(0, y0 - 2); y <= std::min(p.height - 1, y0 + 2); ++y)
    for (int x = std::max(0, x0 - 2); x <= std::min(p.width - 1, x0 + 2); ++x) {
      const int i = y * p.width + x;
      if (p.cells[i] < 0) continue;
      int flagged = 0;
      const int row = static_cast<int>(need.size());
      p.for_neighbours(i, [&](int j) {
        flagged += p.cells[j] == mines::kFlag;
        if (p.cells[j] != mines::kUnknown) return;
        if (column[j] < 0) {
          const double lo = j == cell ? value : 0, hi = j == cell ? value : 1;
          column[j] = model.add_column(lo, hi, 0, false);
        }
        entries.emplace_back(row, column[j], 1.0);
      });
      need.push_back(p.cells[i] - flagged);
    }
  if (need.empty()) return true;
  model.add_rows(entries, need, need);
  return model.solve_lp().status != SolveStatus::infeasible;
}

bool MinesLayoutCheck::layout_exists(int cell, int value) {
  if (position_.cells.at(cell) != mines::kUnknown)
    throw std::invalid_argument("MinesLayoutCheck: the cell is not unknown");
  if (!consistent_) return false;
  if (!local_relaxation_feasible(cell, value)) return false;
  double least = least_ + value, most = most_ + value + interior_;
  if (const int c = component_of_[cell]; c >= 0) {
    Component& comp = *components_[c];
    comp.session->set_column_bounds(column_of_[cell], value, value);
    double fixed_least = 0, fixed_most = 0;
    const bool feasible = totals(*comp.session, comp.columns, fixed_least, fixed_most);
    comp.session->set_column_bounds(column_of_[cell], 0, 1);
    if (!feasible) return false;
    least = least_ - comp.least + fixed_least;
    most = most_ - comp.most + fixed_most + interior_;
  } else {
    most -= 1;  // the cell is one of the interior cells, and now holds `value` of them
  }
  constexpr double kSlack = 1e-6;
  if (mines_left_ < least - kSlack || mines_left_ > most + kSlack) return false;
  ++integer_solves_;
  return mines_layout_exists(position_, cell, value);
}

}  // namespace bs::ilp
