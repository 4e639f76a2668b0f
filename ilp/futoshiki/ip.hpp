// The reference integer program of Futoshiki, solved by CBC through LpModel.
//
// It shares nothing with the search solver but the Instance and its verifier, so it serves the
// tests as an independent oracle (same feasibility, same number of solutions) and the benchmarks
// as a baseline. One binary x[c][v] says that cell c holds value v; the rows say that every cell
// holds one value, every row and column holds every value once, givens keep theirs, and every
// inequality holds (in a clique form that is tighter than comparing the cells' values; see
// futoshiki_ip.cpp). Every call builds its own models, so calls may run from many OpenMP threads.
#pragma once

#include <string>
#include <vector>

#include "ilp/lp_model.hpp"
#include "puzzles/futoshiki/grid.hpp"

namespace bs::ilp {

struct FutoshikiIpResult {
  // optimal: `grid` solves the instance; infeasible: CBC proved that nothing does; limit: the
  // time ran out first; error: CBC failed.
  SolveStatus status = SolveStatus::error;
  futoshiki::Grid grid;  // row-major values 1..n, only with status optimal
  double seconds = 0;
};

// One solution, or a proof that none exists. Throws std::invalid_argument for a malformed
// instance (sizes, values or cell indices out of range).
FutoshikiIpResult solve_futoshiki_ip(const futoshiki::Instance& instance,
                                     double time_limit_seconds = kInf);

struct FutoshikiIpCount {
  int count = 0;  // distinct solutions found, at most the limit
  // True when CBC proved that no solution beyond those found exists. Reaching the limit stops
  // the count without that proof, so then it is false; so it is after a time limit or an error.
  bool exact = false;
  std::vector<futoshiki::Grid> solutions;  // the `count` grids, in the order found
  int ip_solves = 0;
  double seconds = 0;
};

// Counts solutions up to `limit` by no-good cuts: each solution found is excluded by one more
// row and CBC is asked again, until it proves that none is left or `limit` are found. The time
// limit is for the whole count.
FutoshikiIpCount count_futoshiki_ip(const futoshiki::Instance& instance, int limit,
                                    double time_limit_seconds = kInf);

// The model itself (zero objective): binary column c*n + v-1 says that cell c holds value v, with
// the rows the top of the file names. Its LP relaxation is the assignment polytope of every row
// and column with the inequalities' clique rows, which the `assignment-lp` rule solves at search
// nodes (heuristics/futoshiki/assignment_lp.cpp). Throws as solve_futoshiki_ip does.
LpModel futoshiki_model(const futoshiki::Instance& instance);

// The model (zero objective) in CPLEX LP format, columns named x_<row>_<col>_<value>, 1-based.
void write_futoshiki_lp(const futoshiki::Instance& instance, const std::string& path);

}  // namespace bs::ilp
