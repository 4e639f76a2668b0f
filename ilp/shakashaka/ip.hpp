// The reference integer program of Shakashaka, solved by CBC through LpModel, and its LP
// relaxation as a feasibility bound.
//
// One binary x[c][s] per white cell c and state s (grid.hpp's five: empty, ul, ur, lr, ll). The
// rows come in six families, A to F; ip.cpp derives them and says what each one forbids:
//   A  every white cell takes exactly one state;
//   B  every clue counts the triangles in the white cells beside it;
//   C  no 45-degree white angle: a triangle's white side never faces black (a black cell, the
//      frame, or the leg of another triangle);
//   D  no 135-degree white angle: a hypotenuse never meets an axis-aligned white corner;
//   E  no reflex white angle of 225 or 315 degrees, no 270 degrees that starts and ends inside
//      a cell (two triangles' white sides with two white cells between), and no 270-degree
//      corner of three empty cells around a black corner (or a triangle's black right angle);
//   F  no 270-degree corner of a triangle's white right angle and two empty cells around a
//      black corner.
// A-E is the model as the published one (Demaine, Okamoto, Uehara and Uno, IEICE Trans.
// Fundamentals E97-A(6), 2014) is described in issue 32, which calls it unsound: without F, a
// white area may wrap around a black hole whose corners are of F's kind (the tests build one).
// A-F holds exactly when every white angle at every lattice point is 0, 90, 180 or 360 degrees,
// which is exactly when the white areas are rectangles; the tests check this against the
// independent verifier on every assignment of small grids. A third model, `hull`, replaces C-F
// by the convex hull of the allowed corners at each lattice point: the same solutions, and a
// tighter LP that CBC solves several times faster on the harder shipped puzzles.
//
// It shares nothing with the search solver but the Instance and its verifier, so the tests use it
// as an independent oracle and the benchmarks as a baseline. Every call builds its own models, so
// calls may run from many OpenMP threads at once.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ilp/lp_model.hpp"
#include "puzzles/shakashaka/grid.hpp"

namespace bs::ilp {

// Which rows to build.
enum class ShakashakaFamilies {
  published,  // A-E: unsound, kept to show what F adds
  sound,      // A-F
  // A, B and, at every lattice point, the convex hull of its allowed corner configurations: an
  // extended formulation with continuous columns (ip.cpp) that implies every C-F row. Same
  // solutions as A-F, a tighter LP, and CBC needs less branching.
  hull,
};

// Per cell, the states still allowed: bit s-1 for state s (the propagation core's domains).
// Entries of black cells are ignored. An empty vector allows every state of every white cell.
using ShakashakaDomains = std::vector<uint8_t>;
inline constexpr uint8_t kAllShakashakaStates = 0b11111;

// The model, with what a caller needs to read it: the first column of each cell (its five states
// follow in order empty, ul, ur, lr, ll) and the family letter of each row.
struct ShakashakaModel {
  LpModel lp;
  std::vector<int> first_column;  // per cell; -1 for a black cell
  std::vector<char> row_family;   // per row: 'A'..'F'
  int column(int cell, int state) const { return first_column[cell] + state - 1; }
};

// Throws std::invalid_argument for a malformed instance (sizes, givens) or domains of the wrong
// size. Disallowed states get the upper bound 0.
ShakashakaModel build_shakashaka_model(const shakashaka::Instance& instance,
                                       ShakashakaFamilies families = ShakashakaFamilies::sound,
                                       const ShakashakaDomains& domains = {});

// The letters of the families whose rows `solution` (grid.hpp's form: a state per white cell, 0
// for black cells) breaks, each once, in order; empty when it meets every row. Evaluates the
// rows directly, without a solver; the hull rows, which need their own columns, are passed
// over, as are column bounds.
std::string broken_families(const ShakashakaModel& model, const shakashaka::Solution& solution);

struct ShakashakaIpResult {
  // optimal: CBC found a point, decoded into `solution`; infeasible: CBC proved that the model
  // has no point; limit: the time ran out first; error: CBC failed, or the sound model returned
  // a point the verifier rejects.
  SolveStatus status = SolveStatus::error;
  shakashaka::Solution solution;  // only with status optimal
  // What verify_solution says of `solution`: empty when it solves the instance. Only the
  // published model can return an optimal point with a complaint here.
  std::string verifier_complaint;
  double seconds = 0;
};

// One solution, or a proof that none exists (within `domains`).
ShakashakaIpResult solve_shakashaka_ip(const shakashaka::Instance& instance,
                                       double time_limit_seconds = kInf,
                                       ShakashakaFamilies families = ShakashakaFamilies::sound,
                                       const ShakashakaDomains& domains = {});

struct ShakashakaIpCount {
  int count = 0;  // distinct solutions found, at most the limit
  // True when CBC proved that no solution beyond those found exists. Reaching the limit stops
  // the count without that proof, so then it is false; so it is after a time limit or an error.
  bool exact = false;
  // True when the count stopped on an error: CBC failed, or gave a point that is no solution.
  // Neither a time limit nor a count limit: the caller must not report it as either.
  bool error = false;
  std::vector<shakashaka::Solution> solutions;  // the `count` solutions, in the order found
  int ip_solves = 0;
  double seconds = 0;
};

// Counts solutions up to `limit` by no-good cuts: each solution found is excluded by one more
// row and CBC is asked again, until it proves that none is left or `limit` are found. The time
// limit is for the whole count. A point the verifier rejects (only the published model gives
// one) stops the count, not exact.
ShakashakaIpCount count_shakashaka_ip(const shakashaka::Instance& instance, int limit,
                                      double time_limit_seconds = kInf,
                                      ShakashakaFamilies families = ShakashakaFamilies::sound);

struct ShakashakaLp {
  // optimal: the relaxation has a point (nothing is proven); infeasible: it has none, so no
  // solution exists within the domains; limit or error: CLP gave no answer, and nothing is
  // claimed.
  SolveStatus status = SolveStatus::error;
  bool infeasible() const { return status == SolveStatus::infeasible; }
  std::vector<double> x;  // the relaxation's point, with status optimal
  int rows = 0, columns = 0;
  double seconds = 0;
};

// The LP relaxation within `domains` (zero objective: a feasibility test). The hull model's
// relaxation proves more nodes infeasible than A-F's, at several times the LP's size.
ShakashakaLp solve_shakashaka_lp(const shakashaka::Instance& instance,
                                 const ShakashakaDomains& domains, double time_limit_seconds = kInf,
                                 ShakashakaFamilies families = ShakashakaFamilies::sound);

// False only when the relaxation is proven infeasible, so a search node with these domains can
// be pruned; true when it has a point or CLP gave no answer.
bool lp_relaxation_feasible(const shakashaka::Instance& instance, const ShakashakaDomains& domains,
                            double time_limit_seconds = kInf,
                            ShakashakaFamilies families = ShakashakaFamilies::sound);

// The sound model (zero objective) in CPLEX LP format, columns named x_<row>_<col>_<letter>
// (1-based; letter e for empty, a..d as in the solution files), rows named by family.
void write_shakashaka_lp(const shakashaka::Instance& instance, const std::string& path);

}  // namespace bs::ilp
