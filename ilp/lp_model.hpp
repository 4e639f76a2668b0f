// A small linear / integer program, solved by CLP (LP) or CBC (IP) without any global state.
//
// The puzzles build their bounding programs through this wrapper so that no other layer sees a
// COIN header: the model is plain vectors here, and ilp/lp_model.cpp turns it into an
// OsiClpSolverInterface on demand. Every solve builds its own solver objects, so const solves of
// one LpModel may run from many OpenMP threads at once. LpSession keeps one loaded solver for
// cheap warm-started re-solves when only the objective or the bounds change; it belongs to one
// thread.
#pragma once

#include <Eigen/SparseCore>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace bs::ilp {

inline constexpr double kInf = std::numeric_limits<double>::infinity();

enum class SolveStatus { optimal, infeasible, unbounded, limit, error };
const char* to_string(SolveStatus s);

struct Solution {
  SolveStatus status = SolveStatus::error;
  // In the model's own sense (a maximum when maximizing). With status limit it is the value of
  // the best integer point found, if any (then x is non-empty), else NaN.
  double objective = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> x;  // column values; empty when there is no point to report
  // Row duals of an optimal LP: d objective / d (active row bound), in the model's sense, so a
  // binding <= row of a maximization has a dual >= 0. Empty for IPs.
  std::vector<double> duals;
  // When an LP is infeasible and CLP hands out a dual ray: y with one entry per row such that
  // the range of y^T(Ax) allowed by the row bounds and the range allowed by the column bounds
  // are disjoint. Checked before it is returned; empty when CLP gave none or it failed the check.
  std::vector<double> farkas;
  double seconds = 0;  // wall time of this solve
};

class LpModel {
 public:
  // Returns the new column's index. Bounds may be -kInf / kInf.
  int add_column(double lower, double upper, double objective, bool integer);
  // Appends row_lower.size() rows; the triplets' row indices count from the first new row.
  void add_rows(const std::vector<Eigen::Triplet<double>>& coefficients,
                const std::vector<double>& row_lower, const std::vector<double>& row_upper);
  void set_maximize(bool maximize) { maximize_ = maximize; }
  void set_objective(std::vector<double> objective);  // one entry per column
  void set_column_bounds(int col, double lower, double upper);
  // Names only matter to write_lp; they must suit the LP format (letters, digits, '_').
  void set_column_name(int col, std::string name);
  void set_row_name(int row, std::string name);

  int columns() const { return static_cast<int>(col_lower_.size()); }
  int rows() const { return static_cast<int>(row_lower_.size()); }
  int nonzeros() const { return static_cast<int>(entries_.size()); }
  bool maximize() const { return maximize_; }
  const std::vector<double>& objective() const { return objective_; }
  const std::vector<double>& column_lower() const { return col_lower_; }
  const std::vector<double>& column_upper() const { return col_upper_; }
  const std::vector<double>& row_lower() const { return row_lower_; }
  const std::vector<double>& row_upper() const { return row_upper_; }
  bool is_integer(int col) const { return integer_[col] != 0; }
  const std::vector<Eigen::Triplet<double>>& entries() const { return entries_; }

  // CPLEX LP format, exactly at `path`. Throws std::runtime_error when the file cannot be written.
  void write_lp(const std::string& path) const;

  // Branch-and-bound in a fresh CBC model; the time limit is wall-clock seconds.
  Solution solve_ip(double time_limit_seconds = kInf) const;
  // The LP relaxation (integrality ignored) by CLP's initial solve.
  Solution solve_lp(double time_limit_seconds = kInf) const;

 private:
  friend class LpSession;
  bool maximize_ = false;
  std::vector<double> col_lower_, col_upper_, objective_;
  std::vector<char> integer_;
  std::vector<double> row_lower_, row_upper_;
  std::vector<Eigen::Triplet<double>> entries_;     // absolute row indices
  std::vector<std::string> col_names_, row_names_;  // empty strings mean "default name"
};

// One loaded CLP model for a run of related solves. Not thread-safe; use one per thread.
// load() puts another model in its place, cold; making a CLP solver (its message tables and
// buffers) costs more than solving an LP of a few dozen columns, so a caller that solves
// thousands of small unrelated LPs keeps one session and loads each in turn.
class LpSession {
 public:
  LpSession();  // holds the empty model until load()
  explicit LpSession(const LpModel& model);
  void load(const LpModel& model);
  ~LpSession();
  LpSession(const LpSession&) = delete;
  LpSession& operator=(const LpSession&) = delete;

  void set_objective(const std::vector<double>& objective);
  void set_column_bounds(int col, double lower, double upper);
  void set_row_bounds(int row, double lower, double upper);
  // Warm-started from the last basis: primal simplex when only the objective changed since the
  // last solve, dual simplex otherwise.
  Solution resolve(double time_limit_seconds = kInf);
  // For a long run of re-solves of the loaded model: CLP keeps its work regions and reuses its
  // factorization between them (OsiClpSolverInterface::setupForRepeatedUse(3, 0), "mainly just
  // keeps factorization"). Until the next load(), which turns it off. Measured on the
  // Minesweeper LP bounds (heuristics/mines/lp.cpp), warm re-solves of 6,000 columns and 2,500
  // rows changing only the objective: 1.9 ms each instead of 3.7.
  void keep_factorization();
  // Branch-and-bound in a fresh CBC model over a copy of the current objective, bounds and basis.
  Solution solve_ip(double time_limit_seconds = kInf);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace bs::ilp
