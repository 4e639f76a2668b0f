#include "ilp/mines/ip.hpp"

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
  if (p.total == mines::MineTotal::exact) {  // a density or "any" puts no bound on the count
    const int row = static_cast<int>(lower.size());
    for (int i = 0; i < n; ++i)
      if (column[i] >= 0) entries.emplace_back(row, column[i], 1.0);
    lower.push_back(p.mines - flags);
    upper.push_back(p.mines - flags);
  }
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
  LpModel model;  // the digits' rows, then a free row for the component's total
  int total_row = -1;
  int columns = 0;
  double least = 0, most = 0;
};

MinesLayoutCheck::MinesLayoutCheck(const mines::Position& p, int local_first)
    : position_(p), local_first_(local_first) {
  const int n = p.width * p.height;
  component_of_.assign(n, -1);
  column_of_.assign(n, -1);
  int flags = 0;
  for (int i = 0; i < n; ++i) flags += p.cells[i] == mines::kFlag;
  counted_ = p.total == mines::MineTotal::exact;
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
      digits_met_ = digits_met_ && need == 0;
      continue;
    }
    models[c].add_rows(row, {need}, {need});
  }
  for (auto& model : models) {
    auto comp = std::make_unique<Component>();
    comp->columns = model.columns();
    std::vector<Eigen::Triplet<double>> total;
    for (int col = 0; col < comp->columns; ++col) total.emplace_back(0, col, 1.0);
    comp->total_row = model.rows();
    model.add_rows(total, {-kInf}, {kInf});
    comp->model = std::move(model);
    frontier_ += comp->columns;
    components_.push_back(std::move(comp));
  }
}

// Each component's least and greatest LP total, and with them whether every component's
// relaxation has a point. Two solves per component: only the one-by-one checks need them.
void MinesLayoutCheck::find_totals() {
  if (totals_found_) return;
  totals_found_ = true;
  for (size_t c = 0; c < components_.size(); ++c) {
    Component& comp = *components_[c];
    load_component(static_cast<int>(c));
    consistent_ = consistent_ && totals(component_, comp.columns, comp.least, comp.most);
    least_ += comp.least;
    most_ += comp.most;
  }
}

MinesLayoutCheck::~MinesLayoutCheck() = default;

// The digits within two cells of `cell` (every digit a single-row or subset argument about it
// reads), as a model over their unknown neighbours with `cell` fixed at `value`: a relaxation of
// the whole model (its other rows and the mine count dropped), so its infeasibility proves that
// no layout has the cell so. It has a few dozen columns whatever the board.
bool MinesLayoutCheck::local_relaxation_feasible(int cell, int value) {
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
  local_.load(model);
  return local_.resolve().status != SolveStatus::infeasible;
}

void MinesLayoutCheck::load_component(int c) {
  if (loaded_ == c) return;  // cells come in board order, so mostly from the component just used
  component_.load(components_[c]->model);
  loaded_ = c;
}

std::vector<char> MinesLayoutCheck::settles_all(const std::vector<int>& cells,
                                                const std::vector<int>& values) {
  std::vector<char> settled(cells.size(), 0);
  if (!digits_met_) {  // no layout at all
    settled.assign(cells.size(), 1);
    return settled;
  }
  std::vector<std::vector<size_t>> claims_of(components_.size());
  for (size_t k = 0; k < cells.size(); ++k) {
    if (position_.cells.at(cells[k]) != mines::kUnknown)
      throw std::invalid_argument("MinesLayoutCheck: the cell is not unknown");
    if (const int c = component_of_[cells[k]]; c >= 0) claims_of[c].push_back(k);
  }
  constexpr double kSlack = 1e-6;
  for (size_t c = 0; c < components_.size(); ++c) {
    if (claims_of[c].empty()) continue;
    const Component& comp = *components_[c];
    // The component's total, as the mine count and the other components' ranges allow it (each
    // other component between 0 and its size, or its LP range once find_totals has run); the
    // total row is free in the model and bounded only for this solve, and only when the count
    // is exact: otherwise the components share nothing at all.
    const double others_most = totals_found_ ? most_ - comp.most : frontier_ - comp.columns;
    const double others_least = totals_found_ ? least_ - comp.least : 0;
    const double lo = mines_left_ - others_most - interior_ - kSlack;
    const double hi = mines_left_ - others_least + kSlack;
    // Minimizing sum over claimed mines of x less sum over claimed safe cells of x: the largest
    // departure from the claims is the number of claimed mines less that minimum.
    std::vector<double> objective(comp.columns, 0.0);
    int claimed_mines = 0;
    for (size_t k : claims_of[c]) {
      objective[column_of_[cells[k]]] = values[k] ? 1.0 : -1.0;
      claimed_mines += values[k] != 0;
    }
    load_component(static_cast<int>(c));
    if (counted_) component_.set_row_bounds(comp.total_row, lo, hi);
    component_.set_objective(objective);
    const Solution sol = component_.resolve();
    component_.set_row_bounds(comp.total_row, -kInf, kInf);
    const bool proven = sol.status == SolveStatus::infeasible ||
                        (sol.status == SolveStatus::optimal && claimed_mines - sol.objective < 0.5);
    if (proven)
      for (size_t k : claims_of[c]) settled[k] = 1;
  }
  return settled;
}

bool MinesLayoutCheck::layout_exists(int cell, int value) {
  if (position_.cells.at(cell) != mines::kUnknown)
    throw std::invalid_argument("MinesLayoutCheck: the cell is not unknown");
  find_totals();
  if (!digits_met_ || !consistent_) return false;
  // Every component's relaxation has a point (consistent_), so the cell's own component with the
  // cell fixed has one only if the local relaxation has one too: the local rows outside that
  // component are met by the other components' points. The local check can only save the
  // component's solve, so it is skipped where that solve is as small, and for interior cells,
  // which no local row reads.
  const int c = component_of_[cell];
  if (c >= 0 && components_[c]->columns > local_first_ && !local_relaxation_feasible(cell, value))
    return false;
  double least = least_ + value, most = most_ + value + interior_;
  if (c >= 0) {
    Component& comp = *components_[c];
    load_component(c);
    component_.set_column_bounds(column_of_[cell], value, value);
    double fixed_least = 0, fixed_most = 0;
    const bool feasible = totals(component_, comp.columns, fixed_least, fixed_most);
    component_.set_column_bounds(column_of_[cell], 0, 1);
    if (!feasible) return false;
    least = least_ - comp.least + fixed_least;
    most = most_ - comp.most + fixed_most + interior_;
  } else {
    most -= 1;  // the cell is one of the interior cells, and now holds `value` of them
  }
  constexpr double kSlack = 1e-6;
  if (counted_ && (mines_left_ < least - kSlack || mines_left_ > most + kSlack)) return false;
  ++integer_solves_;
  return mines_layout_exists(position_, cell, value);
}

}  // namespace bs::ilp
