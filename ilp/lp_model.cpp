// CLP / CBC behind LpModel and LpSession.
//
// Only the object-level COIN API is used (OsiClpSolverInterface, CbcModel::branchAndBound):
// CbcMain and the C interface keep global state and give wrong answers from threads. Every
// object built here is silenced, because COIN's message handlers print by default, and the CBC
// model's private copy of the solver has a handler of its own.
//
// Farkas rays: a ray from presolve's reduced problem would not fit the rows we hold, so initial
// solves run without presolve (OsiDoPresolveInInitial) and by the dual simplex
// (OsiDoDualInInitial), whose infeasibility proof is the ray. CLP's sign for the ray depends on
// which bound was violated, so the ray is normalized here and checked as a certificate before it
// is handed out; a ray failing the check is dropped, never returned. Measured: a fresh solve_lp
// of an infeasible LP gives a valid ray; after a warm resolve one is not promised.
#include "ilp/lp_model.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <coin/CbcModel.hpp>
#include <coin/CglGomory.hpp>
#include <coin/CglZeroHalf.hpp>
#include <coin/ClpSimplex.hpp>
#include <coin/CoinPackedMatrix.hpp>
#include <coin/OsiClpSolverInterface.hpp>
#include <cstdio>
#include <fstream>
#include <limits>
#include <memory>
#include <stdexcept>

namespace bs::ilp {

const char* to_string(SolveStatus s) {
  switch (s) {
    case SolveStatus::optimal:
      return "optimal";
    case SolveStatus::infeasible:
      return "infeasible";
    case SolveStatus::unbounded:
      return "unbounded";
    case SolveStatus::limit:
      return "limit";
    case SolveStatus::error:
      return "error";
  }
  return "?";
}

// ---------------------------------------------------------------- LpModel

int LpModel::add_column(double lower, double upper, double objective, bool integer) {
  col_lower_.push_back(lower);
  col_upper_.push_back(upper);
  objective_.push_back(objective);
  integer_.push_back(integer ? 1 : 0);
  col_names_.emplace_back();
  return columns() - 1;
}

void LpModel::add_rows(const std::vector<Eigen::Triplet<double>>& coefficients,
                       const std::vector<double>& row_lower, const std::vector<double>& row_upper) {
  if (row_lower.size() != row_upper.size())
    throw std::invalid_argument("LpModel::add_rows: row bound vectors differ in length");
  const int first = rows();
  const int added = static_cast<int>(row_lower.size());
  for (const auto& t : coefficients) {
    if (t.row() < 0 || t.row() >= added || t.col() < 0 || t.col() >= columns())
      throw std::invalid_argument("LpModel::add_rows: coefficient outside the model");
    entries_.emplace_back(first + t.row(), t.col(), t.value());
  }
  row_lower_.insert(row_lower_.end(), row_lower.begin(), row_lower.end());
  row_upper_.insert(row_upper_.end(), row_upper.begin(), row_upper.end());
  row_names_.resize(row_lower_.size());
}

void LpModel::set_objective(std::vector<double> objective) {
  if (static_cast<int>(objective.size()) != columns())
    throw std::invalid_argument("LpModel::set_objective: one entry per column");
  objective_ = std::move(objective);
}

void LpModel::set_column_bounds(int col, double lower, double upper) {
  col_lower_.at(col) = lower;
  col_upper_.at(col) = upper;
}

void LpModel::set_column_name(int col, std::string name) {
  col_names_.at(col) = std::move(name);
}
void LpModel::set_row_name(int row, std::string name) {
  row_names_.at(row) = std::move(name);
}

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

double coin(double v) {
  if (v == kInf) return COIN_DBL_MAX;
  if (v == -kInf) return -COIN_DBL_MAX;
  return v;
}

void silence(OsiSolverInterface& s) {
  s.messageHandler()->setLogLevel(0);
  s.setHintParam(OsiDoReducePrint, true, OsiHintTry);
}

// Replaces whatever `s` held by `m`; loadProblem drops the old basis and integer marks.
void load_model(OsiClpSolverInterface& s, const LpModel& m) {
  const int ncols = m.columns(), nrows = m.rows();
  // Column-major, duplicates summed, as COIN wants it.
  Eigen::SparseMatrix<double, Eigen::ColMajor> a(nrows, ncols);
  a.setFromTriplets(m.entries().begin(), m.entries().end());
  a.makeCompressed();
  std::vector<CoinBigIndex> starts;
  std::vector<int> lengths;
  starts.reserve(ncols + 1);
  lengths.reserve(ncols);
  for (int j = 0; j < ncols; ++j) {
    starts.push_back(a.outerIndexPtr()[j]);
    lengths.push_back(a.outerIndexPtr()[j + 1] - a.outerIndexPtr()[j]);
  }
  starts.push_back(static_cast<CoinBigIndex>(a.nonZeros()));
  CoinPackedMatrix matrix(true, nrows, ncols, static_cast<CoinBigIndex>(a.nonZeros()), a.valuePtr(),
                          a.innerIndexPtr(), starts.data(), lengths.data());
  std::vector<double> cl(ncols), cu(ncols), rl(nrows), ru(nrows);
  for (int j = 0; j < ncols; ++j)
    cl[j] = coin(m.column_lower()[j]), cu[j] = coin(m.column_upper()[j]);
  for (int i = 0; i < nrows; ++i) rl[i] = coin(m.row_lower()[i]), ru[i] = coin(m.row_upper()[i]);
  s.loadProblem(matrix, cl.data(), cu.data(), m.objective().data(), rl.data(), ru.data());
  for (int j = 0; j < ncols; ++j)
    if (m.is_integer(j)) s.setInteger(j);
  s.setObjSense(m.maximize() ? -1.0 : 1.0);
}

std::unique_ptr<OsiClpSolverInterface> build_solver(const LpModel& m) {
  auto s = std::make_unique<OsiClpSolverInterface>();
  silence(*s);
  load_model(*s, m);
  return s;
}

double objective_of(const OsiSolverInterface& s, const double* x) {
  const double* c = s.getObjCoefficients();
  double v = 0;
  for (int j = 0; j < s.getNumCols(); ++j) v += c[j] * x[j];
  return v;
}

// Normalizes y so that max over the column box of (y^T A) x lies below min over the row bounds
// of y^T (Ax), and returns whether it does by a safe margin. Entries too small to matter are
// zeroed first, so that 1e-17 times an infinite bound cannot decide the check.
bool make_certificate(const OsiSolverInterface& s, std::vector<double>& y) {
  const int nrows = s.getNumRows(), ncols = s.getNumCols();
  double scale = 0;
  for (double v : y) scale = std::max(scale, std::abs(v));
  if (scale == 0) return false;
  for (double& v : y) v = std::abs(v) <= 1e-9 * scale ? 0.0 : v / scale;
  const double* rl = s.getRowLower();
  const double* ru = s.getRowUpper();
  const double* cl = s.getColLower();
  const double* cu = s.getColUpper();
  std::vector<double> d(ncols, 0.0);
  const CoinPackedMatrix* a = s.getMatrixByCol();
  for (int j = 0; j < ncols; ++j) {
    const CoinShallowPackedVector col = a->getVector(j);
    for (int k = 0; k < col.getNumElements(); ++k)
      d[j] += y[col.getIndices()[k]] * col.getElements()[k];
  }
  // [lo, hi] of sum_i v_i * t_i with t_i in [l_i, u_i]; COIN_DBL_MAX stands for infinity.
  auto range = [](const std::vector<double>& v, const double* l, const double* u, int n,
                  double tiny, double& lo, double& hi) {
    lo = hi = 0;
    for (int i = 0; i < n; ++i) {
      const double c = std::abs(v[i]) <= tiny ? 0.0 : v[i];
      if (c == 0) continue;
      const double a1 = l[i] <= -COIN_DBL_MAX ? -kInf * c : c * l[i];
      const double a2 = u[i] >= COIN_DBL_MAX ? kInf * c : c * u[i];
      lo += std::min(a1, a2);
      hi += std::max(a1, a2);
    }
  };
  double rlo, rhi, clo, chi;
  range(y, rl, ru, nrows, 0.0, rlo, rhi);
  range(d, cl, cu, ncols, 1e-9, clo, chi);
  const double margin = 1e-7;
  if (rlo - chi > margin) return true;
  if (clo - rhi > margin) {  // the mirror image: flip the sign
    for (double& v : y) v = -v;
    return true;
  }
  return false;
}

// Reads status, point, duals and ray after CLP has run on s, which had `time_limit` seconds.
Solution read_lp(const OsiClpSolverInterface& s, Clock::time_point t0, double time_limit) {
  Solution sol;
  const int nrows = s.getNumRows(), ncols = s.getNumCols();
  if (s.isProvenOptimal()) {
    sol.status = SolveStatus::optimal;
    sol.x.assign(s.getColSolution(), s.getColSolution() + ncols);
    sol.objective = objective_of(s, sol.x.data());
    // OsiClp already reports duals in the model's own sense (measured: +2 for a binding <= row
    // of a maximization), although CLP minimizes internally.
    sol.duals.assign(s.getRowPrice(), s.getRowPrice() + nrows);
  } else if (s.isProvenPrimalInfeasible()) {
    sol.status = SolveStatus::infeasible;
    std::vector<double*> rays = s.getDualRays(1, false);
    if (!rays.empty() && rays[0]) {
      std::vector<double> y(rays[0], rays[0] + nrows);
      if (make_certificate(s, y)) sol.farkas = std::move(y);
    }
    for (double* r : rays) delete[] r;
  } else if (s.isProvenDualInfeasible()) {
    sol.status = SolveStatus::unbounded;
  } else if (s.isIterationLimitReached()) {  // CLP reports its time limit as status 3 too
    sol.status = SolveStatus::limit;
  } else if (seconds_since(t0) >= time_limit) {
    // CLP's wall-clock stop can also leave a status that names nothing (measured: the Dominosa
    // root LP at order 100); past the limit it is the limit, not a failure.
    sol.status = SolveStatus::limit;
  } else {
    sol.status = SolveStatus::error;
  }
  sol.seconds = seconds_since(t0);
  return sol;
}

void set_lp_time_limit(OsiClpSolverInterface& s, double t) {
  s.getModelPtr()->setMaximumWallSeconds(std::isfinite(t) ? std::max(t, 0.0) : 1e100);
}

// CBC checks its time limit between LPs, never inside one, and its first LP, the root's, can be
// the longest: the hull model of a sparse 30x30 Shakashaka spent 132 s in it under a 5 s limit.
// CLP's own clock can stop an LP, but CBC reads a root LP stopped that way as infeasible
// (measured: "infeasible" for that puzzle, which has a solution). So under a time limit the root
// LP is solved here first, under CLP's clock, and a stop is the limit; CBC then starts from the
// solved root with CLP's clock off.
Solution run_ip(const OsiClpSolverInterface& solver, double time_limit, Clock::time_point t0) {
  std::unique_ptr<OsiSolverInterface> root_copy(solver.clone());
  auto& root = dynamic_cast<OsiClpSolverInterface&>(*root_copy);
  if (std::isfinite(time_limit)) {
    set_lp_time_limit(root, std::max(time_limit - seconds_since(t0), 0.0));
    root.initialSolve();
    set_lp_time_limit(root, std::numeric_limits<double>::infinity());
    const bool settled =
        root.isProvenOptimal() || root.isProvenPrimalInfeasible() || root.isProvenDualInfeasible();
    if (!settled && seconds_since(t0) >= time_limit) {
      Solution sol;
      sol.status = SolveStatus::limit;
      sol.seconds = seconds_since(t0);
      return sol;
    }
  }
  CbcModel model(root);  // CbcModel keeps its own clone of the solver
  model.setLogLevel(0);
  model.messageHandler()->setLogLevel(0);
  model.solver()->messageHandler()->setLogLevel(0);
  model.solver()->setHintParam(OsiDoReducePrint, true, OsiHintTry);
  // Gomory and zero-half (mod 2) cuts: measured on the 76 jump-bound IPs of the English board,
  // they halve CBC's time; probing and strong-branching changes did not help there.
  CglGomory gomory;
  CglZeroHalf zero_half;
  model.addCutGenerator(&gomory, -1, "Gomory");
  model.addCutGenerator(&zero_half, -1, "ZeroHalf");
  model.setUseElapsedTime(true);  // must precede setMaximumSeconds to mean wall time
  if (std::isfinite(time_limit)) model.setMaximumSeconds(std::max(time_limit, 0.0));
  model.branchAndBound();

  Solution sol;
  const int ncols = solver.getNumCols();
  const double* best = model.bestSolution();
  if (best) {
    sol.x.assign(best, best + ncols);
    // Integer columns come back as 2.9999999; report the integer they stand for.
    for (int j = 0; j < ncols; ++j)
      if (solver.isInteger(j)) sol.x[j] = std::round(sol.x[j]);
    sol.objective = objective_of(solver, sol.x.data());
  }
  if (model.isProvenOptimal() && best) {
    sol.status = SolveStatus::optimal;
  } else if (model.isProvenInfeasible()) {
    sol.status = SolveStatus::infeasible;
  } else if (model.isContinuousUnbounded() || model.isProvenDualInfeasible()) {
    sol.status = SolveStatus::unbounded;
  } else if (model.isSecondsLimitReached() || model.isNodeLimitReached() ||
             model.isSolutionLimitReached() || model.status() == 1) {
    sol.status = SolveStatus::limit;
  } else {
    sol.status = SolveStatus::error;
  }
  if (sol.status == SolveStatus::infeasible || sol.status == SolveStatus::unbounded) {
    sol.x.clear();
    sol.objective = std::numeric_limits<double>::quiet_NaN();
  }
  sol.seconds = seconds_since(t0);
  return sol;
}

void prepare_initial_lp(OsiClpSolverInterface& s) {
  // See the file comment: no presolve and the dual simplex, so that CLP keeps a Farkas ray.
  s.setHintParam(OsiDoPresolveInInitial, false, OsiHintDo);
  s.setHintParam(OsiDoDualInInitial, true, OsiHintDo);
}

}  // namespace

void LpModel::write_lp(const std::string& path) const {
  // Written here rather than by CoinLpIO: OsiSolverInterface::writeLpNative in this CBC, given
  // objSense -1 for a maximization, wrote "Minimize" over the un-negated coefficients (measured).
  // A ranged row becomes two rows, name_lo and name_hi.
  std::ofstream out(path);
  if (!out) throw std::runtime_error("write_lp: cannot open " + path);
  auto name = [](const std::vector<std::string>& given, char prefix, int index) {
    if (!given[index].empty()) return given[index];
    std::string s(1, prefix);
    s += std::to_string(index);
    return s;
  };
  out.precision(17);
  // Terms wrapped every 8, since readers limit line length (CPLEX: 560 characters).
  auto terms = [&](const std::vector<std::pair<int, double>>& row) {
    int k = 0;
    for (const auto& [col, v] : row) {
      if (k > 0 && k % 8 == 0) out << "\n   ";
      out << (v < 0 ? " - " : " + ") << std::abs(v) << ' ' << name(col_names_, 'C', col);
      ++k;
    }
    if (row.empty()) out << " 0 " << (columns() > 0 ? name(col_names_, 'C', 0) : "C0");
  };
  std::vector<std::vector<std::pair<int, double>>> by_row(rows());
  for (const auto& t : entries_) by_row[t.row()].emplace_back(t.col(), t.value());
  std::vector<std::pair<int, double>> obj;
  for (int j = 0; j < columns(); ++j)
    if (objective_[j] != 0) obj.emplace_back(j, objective_[j]);
  out << "\\ written by bs::ilp::LpModel\n" << (maximize_ ? "Maximize" : "Minimize") << "\n obj:";
  terms(obj);
  out << "\nSubject To\n";
  for (int i = 0; i < rows(); ++i) {
    const double lo = row_lower_[i], hi = row_upper_[i];
    const std::string n = name(row_names_, 'R', i);
    auto row = [&](const std::string& label, const char* sense, double rhs) {
      out << ' ' << label << ':';
      terms(by_row[i]);
      out << ' ' << sense << ' ' << rhs << '\n';
    };
    if (lo == hi)
      row(n, "=", lo);
    else if (lo > -kInf && hi < kInf)
      row(n + "_lo", ">=", lo), row(n + "_hi", "<=", hi);
    else if (lo > -kInf)
      row(n, ">=", lo);
    else if (hi < kInf)
      row(n, "<=", hi);
  }
  out << "Bounds\n";
  for (int j = 0; j < columns(); ++j) {
    const double lo = col_lower_[j], hi = col_upper_[j];
    const std::string n = name(col_names_, 'C', j);
    if (lo == 0 && hi == kInf) continue;  // the format's default
    if (lo == -kInf && hi == kInf)
      out << ' ' << n << " free\n";
    else if (hi == kInf)
      out << ' ' << n << " >= " << lo << '\n';
    else if (lo == -kInf)
      out << " -inf <= " << n << " <= " << hi << '\n';
    else
      out << ' ' << lo << " <= " << n << " <= " << hi << '\n';
  }
  bool any_integer = false;
  for (int j = 0; j < columns(); ++j) {
    if (!integer_[j]) continue;
    if (!any_integer) out << "General\n";
    any_integer = true;
    out << ' ' << name(col_names_, 'C', j) << '\n';
  }
  out << "End\n";
  out.close();
  if (!out) throw std::runtime_error("write_lp: failed to write " + path);
}

Solution LpModel::solve_ip(double time_limit_seconds) const {
  const auto t0 = Clock::now();
  auto s = build_solver(*this);
  return run_ip(*s, time_limit_seconds, t0);
}

Solution LpModel::solve_lp(double time_limit_seconds) const {
  const auto t0 = Clock::now();
  auto s = build_solver(*this);
  prepare_initial_lp(*s);
  set_lp_time_limit(*s, time_limit_seconds);
  s->initialSolve();
  return read_lp(*s, t0, time_limit_seconds);
}

// ---------------------------------------------------------------- LpSession

struct LpSession::Impl {
  std::unique_ptr<OsiClpSolverInterface> solver;
  bool solved = false;           // a basis exists to warm-start from
  bool bounds_changed = false;   // since the last solve: then the old basis is dual feasible only
  bool kept = false;             // keep_factorization() since the last load()
  unsigned default_options = 0;  // the solver's special options before keep_factorization()
};

LpSession::LpSession(const LpModel& model) : impl_(std::make_unique<Impl>()) {
  impl_->solver = build_solver(model);
  prepare_initial_lp(*impl_->solver);
}

LpSession::LpSession() : impl_(std::make_unique<Impl>()) {
  impl_->solver = std::make_unique<OsiClpSolverInterface>();
  silence(*impl_->solver);
}

void LpSession::load(const LpModel& model) {
  if (impl_->kept) {  // a new model starts as a fresh solver would
    impl_->solver->setSpecialOptions(impl_->default_options);
    impl_->kept = false;
  }
  load_model(*impl_->solver, model);
  prepare_initial_lp(*impl_->solver);
  impl_->solved = false;
  impl_->bounds_changed = false;
}

LpSession::~LpSession() = default;

void LpSession::set_objective(const std::vector<double>& objective) {
  if (static_cast<int>(objective.size()) != impl_->solver->getNumCols())
    throw std::invalid_argument("LpSession::set_objective: one entry per column");
  impl_->solver->setObjective(objective.data());
}

void LpSession::set_column_bounds(int col, double lower, double upper) {
  if (col < 0 || col >= impl_->solver->getNumCols())
    throw std::out_of_range("LpSession::set_column_bounds");
  impl_->solver->setColBounds(col, coin(lower), coin(upper));
  impl_->bounds_changed = true;
}

void LpSession::set_row_bounds(int row, double lower, double upper) {
  if (row < 0 || row >= impl_->solver->getNumRows())
    throw std::out_of_range("LpSession::set_row_bounds");
  impl_->solver->setRowBounds(row, coin(lower), coin(upper));
  impl_->bounds_changed = true;  // like column bounds: the old basis stays dual feasible
}

Solution LpSession::resolve(double time_limit_seconds) {
  const auto t0 = Clock::now();
  auto& s = *impl_->solver;
  set_lp_time_limit(s, time_limit_seconds);
  if (!impl_->solved) {
    s.initialSolve();
  } else {
    // A new objective leaves the old basis primal feasible; new bounds leave it dual feasible.
    s.setHintParam(OsiDoDualInResolve, impl_->bounds_changed, OsiHintDo);
    s.resolve();
  }
  impl_->solved = true;
  impl_->bounds_changed = false;
  Solution sol = read_lp(s, t0, time_limit_seconds);
  if (sol.status == SolveStatus::error || sol.status == SolveStatus::limit) impl_->solved = false;
  return sol;
}

void LpSession::keep_factorization() {
  if (impl_->kept) return;
  impl_->default_options = impl_->solver->specialOptions();
  impl_->solver->setupForRepeatedUse(3, 0);
  impl_->kept = true;
}

Solution LpSession::solve_ip(double time_limit_seconds) {
  return run_ip(*impl_->solver, time_limit_seconds, Clock::now());
}

}  // namespace bs::ilp
