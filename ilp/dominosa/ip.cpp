// Dominosa's integer program, its solution count by no-good cuts, and the exact-cover LP.
//
// The model (ip.hpp): x_p >= 0 per alive placement, A x = b with one row per cell and one per
// domino, b = 1. The ILP makes the columns binary; in the LP the upper bound 1 is left out, since
// the cover rows imply it, so that the rows' duals alone are a dual solution (a bound row would
// take a share of the dual otherwise and the argument below would need it).
//
// Reduced-cost fixing in a feasibility problem. Dominosa has no objective, so the LP is given
// c_p = 1 for every placement. Every column has three ones, two in cell rows and one in a domino
// row, so summing the cell rows of A x = b gives 2 sum_p x_p = cells: every feasible point, of
// the LP or of the ILP, has objective D = cells / 2, the number of dominoes. The LP optimum is D,
// and for an optimal dual y and any feasible x (in particular any solution of the puzzle)
//     sum_p r_p x_p = c^T x - y^T A x = D - y^T b,   r_p = 1 - y^T A_p,
// where dual feasibility gives r_p >= 0 and strong duality y^T b = D, so sum_p r_p x_p = 0 with
// every term >= 0: a placement with r_p > 0 is 0 in every solution. Nothing in this needs an
// incumbent or a gap, only that the objective is constant on the feasible set.
//
// The tolerance. CLP's y is exact only up to its tolerances (1e-7 on dual feasibility), so the
// certificate is checked here in double rather than trusted. With neg = max(0, -min_p r_p), a
// solution x (D ones) that used p would have
//     r_p = (D - y^T b) - sum_{q != p, x_q = 1} r_q <= (D - y^T b) + (D - 1) neg,
// so removing p when r_p > (D - y^T b) + D neg + margin is sound whatever y is: a y far from
// dual optimal just removes nothing, and a y with y^T b > D (weak duality broken: the LP is
// infeasible) may remove everything, rightly. The margin, 1e-6 + 1e-9 sum_i |y_i|, covers the
// rounding of these sums in double, which recursive summation bounds by (m - 1) eps sum_i |y_i|
// (below 2e-11 sum_i |y_i| for m up to 66,000 rows, order 255), with room to spare. It costs
// strength only where a true reduced cost lies below the margin; at a vertex those are multiples
// of 1/|det B| for a 0/1 basis B, and a missed one is a placement kept, never one wrongly
// removed.
//
// Where a useful dual comes from (LpFixing). The optimum is degenerate: the objective is
// constant, so every feasible basis is optimal and CLP stops at the first. The rows have rank
// m - 1 (the cell rows sum to twice the domino rows), and at a basis holding one slack the dual
// is unique and equals (1/2 on cells, 0 on dominoes) up to that dependency: every r_p = 0. Only
// the slacks CLP's dual simplex leaves basic at 0 free the dual, so its own basis proves some
// placements, not all. A random positive objective is no way out: the objective is then not
// constant on the feasible set, and r_p > 0 only says that x_p = 1 costs more, which fixes
// nothing without an incumbent; the valid objectives, c = A^T w, all share the dual set above up
// to a shift. What does work is a strictly complementary dual, which proves 0 exactly the
// placements that are 0 at every LP-feasible point (Goldman-Tucker), and the support LP gives one
// (solve_by_support). Measured on random planted grids, every placement alive, CPU time, median
// of 5 (scratch program, reported on the branch): order 10, 10 seeds: the basis proves a median
// of 42 of 241 placements in 3.2 ms, repeating remove-and-resolve reaches about 85 after 4 to 9
// solves, and the support LP proves 159 in 11.7 ms; order 20, 5 seeds: 187 in 52 ms against
// 618 in 171 ms, of 881; order 40: 23 (5 seeds) in 2.4 s against about 2,450 (3 seeds) in
// 3.7 to 5.3 s, of 3,361. The support LP's share grows with the order and its time ratio falls.
//
// Counting: a solution s uses D placements, so sum_{p in s} x_p <= D - 1 excludes s and nothing
// else (any other solution lacks at least one of s's placements). Each round is a fresh CBC
// solve of the model with one more row, as Futoshiki's count does.
#include "ilp/dominosa/ip.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>
#include <string>

namespace bs::ilp {

namespace {

using Clock = std::chrono::steady_clock;
using dominosa::dominoes;
using dominosa::Instance;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

void check_instance(const Instance& in) {
  if (in.n < 1 || in.n > dominosa::kMaxOrder)
    throw std::invalid_argument("dominosa ip: order " + std::to_string(in.n) + " out of range");
  if (static_cast<int>(in.numbers.size()) != in.cells())
    throw std::invalid_argument("dominosa ip: " + std::to_string(in.numbers.size()) +
                                " numbers for " + std::to_string(in.cells()) + " cells");
  for (int v : in.numbers)
    if (v < 0 || v > in.n)
      throw std::invalid_argument("dominosa ip: number " + std::to_string(v) + " out of range");
}

// The exact-cover model over the alive placements: column j is placement columns[j].
struct CoverModel {
  LpModel model;
  std::vector<int> placement_of;  // per column
};

CoverModel build_model(const Instance& in, const std::vector<char>& alive, bool integer) {
  CoverModel out;
  const int cells = in.cells();
  std::vector<Eigen::Triplet<double>> a;
  for (int p = 0; p < in.placements(); ++p) {
    if (!alive[p]) continue;
    const int col = out.model.add_column(0, integer ? 1.0 : kInf, 1.0, integer);
    out.placement_of.push_back(p);
    const dominosa::Placement pl = in.placement(p);
    out.model.set_column_name(col, "x_" + std::to_string(p));
    a.emplace_back(pl.first, col, 1.0);
    a.emplace_back(pl.second, col, 1.0);
    a.emplace_back(cells + in.domino_of(p), col, 1.0);
  }
  const int rows = cells + dominoes(in.n);
  out.model.add_rows(a, std::vector<double>(rows, 1.0), std::vector<double>(rows, 1.0));
  for (int c = 0; c < cells; ++c)
    out.model.set_row_name(
        c, "cell_" + std::to_string(c / in.width() + 1) + "_" + std::to_string(c % in.width() + 1));
  for (int k = 0; k < dominoes(in.n); ++k)
    out.model.set_row_name(cells + k, "domino_" + std::to_string(k));
  return out;
}

// The placements a point stands for, ascending. Empty unless every column is within `tolerance`
// of 0 or 1 and the ones pass the verifier: a point that a solver accepted within its tolerances
// must not reach a cross-check as a solution unless it really is one.
std::vector<int> decode(const Instance& in, const CoverModel& m, const std::vector<double>& x,
                        double tolerance) {
  std::vector<int> out;
  if (x.size() != m.placement_of.size()) return {};
  for (size_t j = 0; j < x.size(); ++j) {
    if (std::abs(x[j] - 1) <= tolerance)
      out.push_back(m.placement_of[j]);
    else if (std::abs(x[j]) > tolerance)
      return {};
  }
  if (!dominosa::verify_solution(in, dominosa::solution_from_placements(in, out)).empty())
    return {};
  return out;  // placement_of is ascending, so out is too
}

// Every cell and every domino keeps an alive placement: else the cover is infeasible outright.
bool every_row_has_a_column(const Instance& in, const std::vector<char>& alive) {
  std::vector<char> cell_ok(in.cells(), 0), domino_ok(dominoes(in.n), 0);
  for (int p = 0; p < in.placements(); ++p) {
    if (!alive[p]) continue;
    const dominosa::Placement pl = in.placement(p);
    cell_ok[pl.first] = cell_ok[pl.second] = domino_ok[in.domino_of(p)] = 1;
  }
  return std::find(cell_ok.begin(), cell_ok.end(), 0) == cell_ok.end() &&
         std::find(domino_ok.begin(), domino_ok.end(), 0) == domino_ok.end();
}

// The alive placements (column j is placement_of[j]) whose reduced cost under the row duals y of
// the objective-1 LP exceeds the checked threshold of the file comment.
std::vector<int> fixed_by_reduced_costs(const Instance& in, const std::vector<int>& placement_of,
                                        const std::vector<double>& y) {
  const int cells = in.cells(), d = dominoes(in.n);
  if (static_cast<int>(y.size()) < cells + d) return {};
  std::vector<double> r(placement_of.size());
  double neg = 0;
  for (size_t j = 0; j < r.size(); ++j) {
    const int p = placement_of[j];
    const dominosa::Placement pl = in.placement(p);
    r[j] = 1 - y[pl.first] - y[pl.second] - y[cells + in.domino_of(p)];
    neg = std::max(neg, -r[j]);
  }
  double yb = 0, size = 0;
  for (int i = 0; i < cells + d; ++i) yb += y[i], size += std::abs(y[i]);
  const double threshold = (d - yb) + d * neg + 1e-6 + 1e-9 * size;
  std::vector<int> out;
  for (size_t j = 0; j < r.size(); ++j)
    if (r[j] > threshold) out.push_back(placement_of[j]);
  return out;
}

// The support LP over the cover model's columns: x_j (columns 0..k-1), t_j (k..2k-1) and
// lambda (2k); rows A x - lambda b = 0, then t_j - x_j <= 0; maximize sum t_j, t_j <= 1.
LpModel support_model(const CoverModel& cover) {
  const LpModel& c = cover.model;
  const int k = c.columns(), m = c.rows();
  LpModel out;
  for (int j = 0; j < k; ++j) out.add_column(0, kInf, 0, false);
  for (int j = 0; j < k; ++j) out.add_column(0, 1, 1, false);
  const int lambda = out.add_column(0, kInf, 0, false);
  std::vector<Eigen::Triplet<double>> a(c.entries().begin(), c.entries().end());
  for (int i = 0; i < m; ++i) a.emplace_back(i, lambda, -1.0);
  for (int j = 0; j < k; ++j) {
    a.emplace_back(m + j, k + j, 1.0);
    a.emplace_back(m + j, j, -1.0);
  }
  std::vector<double> lower(m, 0.0), upper(m + k, 0.0);
  lower.resize(m + k, -kInf);
  out.add_rows(a, lower, upper);
  out.set_maximize(true);
  return out;
}

// The exact-cover LP by its own optimal basis (LpFixing::basis).
void solve_by_basis(const Instance& in, const CoverModel& m, double time_limit, ExactCoverLp& out) {
  const Solution s = m.model.solve_lp(time_limit);
  out.status = s.status;
  if (s.status != SolveStatus::optimal) return;
  out.placements = decode(in, m, s.x, 1e-9);
  out.integral = !out.placements.empty();
  out.fixed_to_zero = fixed_by_reduced_costs(in, m.placement_of, s.duals);
}

// The exact-cover LP through the support LP (LpFixing::support). Its cover rows' duals pi, read
// as y = (1/2 on cells, 0 on dominoes) - pi, are a dual of the objective-1 LP with reduced costs
// r_p = pi^T A_p; the support LP's optimality conditions make r_p >= 1 on every placement that
// is 0 at every LP-feasible point, and y^T b = D - pi^T b. When the cover LP is infeasible the
// support LP still has an optimum (0, at lambda = 0), and its dual then has pi^T b <= 0 with
// every r_p >= 1: the same check removes every placement, which proves the infeasibility.
void solve_by_support(const Instance& in, const CoverModel& m, double time_limit,
                      ExactCoverLp& out) {
  const Solution s = support_model(m).solve_lp(time_limit);
  out.status = s.status;
  if (s.status != SolveStatus::optimal) return;
  const int cells = in.cells(), rows = m.model.rows(), k = m.model.columns();
  std::vector<double> y(rows);
  for (int i = 0; i < rows; ++i) y[i] = (i < cells ? 0.5 : 0.0) - s.duals[i];
  out.fixed_to_zero = fixed_by_reduced_costs(in, m.placement_of, y);
  std::vector<char> left(in.placements(), 0);
  for (int p : m.placement_of) left[p] = 1;
  for (int p : out.fixed_to_zero) left[p] = 0;
  if (!every_row_has_a_column(in, left)) {
    out.status = SolveStatus::infeasible;
    return;
  }
  const double lambda = s.x[2 * k];
  if (lambda <= 1e-9) return;
  std::vector<double> x(s.x.begin(), s.x.begin() + k);
  for (double& v : x) v /= lambda;
  out.placements = decode(in, m, x, 1e-9);
  out.integral = !out.placements.empty();
}

}  // namespace

DominosaIpResult solve_dominosa_ip(const Instance& instance, double time_limit_seconds) {
  const auto t0 = Clock::now();
  check_instance(instance);
  const CoverModel m =
      build_model(instance, std::vector<char>(instance.placements(), 1), /*integer=*/true);
  const Solution s = m.model.solve_ip(time_limit_seconds);
  DominosaIpResult out;
  out.status = s.status;
  if (s.status == SolveStatus::optimal) {
    out.placements = decode(instance, m, s.x, 1e-6);
    if (out.placements.empty()) out.status = SolveStatus::error;
  }
  out.seconds = seconds_since(t0);
  return out;
}

DominosaIpCount count_dominosa_ip(const Instance& instance, int limit, double time_limit_seconds) {
  const auto t0 = Clock::now();
  check_instance(instance);
  DominosaIpCount out;
  auto finish = [&](bool exact) {
    out.exact = exact;
    out.count = static_cast<int>(out.solutions.size());
    out.seconds = seconds_since(t0);
    return out;
  };
  CoverModel m = build_model(instance, std::vector<char>(instance.placements(), 1), true);
  // Column j is placement j here, since every placement is alive.
  const double d = dominoes(instance.n);
  while (static_cast<int>(out.solutions.size()) < limit) {
    const double left = time_limit_seconds - seconds_since(t0);
    if (left <= 0) return finish(false);
    const Solution s = m.model.solve_ip(left);
    ++out.ip_solves;
    if (s.status == SolveStatus::infeasible) return finish(true);
    if (s.status != SolveStatus::optimal) return finish(false);
    std::vector<int> found = decode(instance, m, s.x, 1e-6);
    if (found.empty()) return finish(false);
    std::vector<Eigen::Triplet<double>> cut;
    for (int p : found) cut.emplace_back(0, p, 1.0);
    m.model.add_rows(cut, {-kInf}, {d - 1});
    out.solutions.push_back(std::move(found));
    m.model.set_row_name(m.model.rows() - 1, "nogood_" + std::to_string(out.solutions.size()));
  }
  return finish(false);
}

ExactCoverLp solve_exact_cover_lp(const Instance& instance, const std::vector<char>& alive,
                                  LpFixing fixing, double time_limit_seconds) {
  const auto t0 = Clock::now();
  check_instance(instance);
  if (static_cast<int>(alive.size()) != instance.placements())
    throw std::invalid_argument("dominosa lp: " + std::to_string(alive.size()) +
                                " alive flags for " + std::to_string(instance.placements()) +
                                " placements");
  ExactCoverLp out;
  auto finish = [&] {
    out.seconds = seconds_since(t0);
    return out;
  };
  if (!every_row_has_a_column(instance, alive)) {
    out.status = SolveStatus::infeasible;
    return finish();
  }
  const CoverModel m = build_model(instance, alive, /*integer=*/false);
  out.columns = m.model.columns();
  if (fixing == LpFixing::basis)
    solve_by_basis(instance, m, time_limit_seconds, out);
  else
    solve_by_support(instance, m, time_limit_seconds, out);
  return finish();
}

}  // namespace bs::ilp
