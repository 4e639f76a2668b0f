// Dominosa as a 0/1 program (the reference ILP) and as a linear program (the LP bound).
//
// One column x_p per placement p (puzzles/dominosa/grid.hpp numbers them); one row per cell,
// "the placements covering this cell sum to 1", and one per domino, "the placements carrying
// this domino sum to 1". The ILP solves it in CBC; it shares nothing with the search solver but
// the Instance and its verifier, so the tests use it as an independent oracle on small grids and
// the benchmarks as a baseline. The LP, over the placements a search node still allows, is the
// bound the `lp` rule runs (heuristics/dominosa/lp.cpp): infeasible fails the node, and reduced
// costs prove placements absent from every solution (ip.cpp explains why that is sound).
// Every call builds its own models, so calls may run from many OpenMP threads at once.
#pragma once

#include <vector>

#include "ilp/lp_model.hpp"
#include "puzzles/dominosa/grid.hpp"

namespace bs::ilp {

struct DominosaIpResult {
  // optimal: `placements` solve the instance; infeasible: CBC proved that nothing does; limit:
  // the time ran out first; error: CBC failed or returned a point the verifier rejects.
  SolveStatus status = SolveStatus::error;
  std::vector<int> placements;  // ascending, only with status optimal
  double seconds = 0;
};

// One solution, or a proof that none exists. Throws std::invalid_argument for a malformed
// instance (order out of range, wrong number of cells, numbers outside 0..n).
DominosaIpResult solve_dominosa_ip(const dominosa::Instance& instance,
                                   double time_limit_seconds = kInf);

struct DominosaIpCount {
  int count = 0;  // distinct solutions found, at most the limit
  // True when CBC proved that no solution beyond those found exists. Reaching the limit stops
  // the count without that proof, so then it is false; so it is after a time limit or an error.
  bool exact = false;
  std::vector<std::vector<int>> solutions;  // the `count` placement lists, ascending, as found
  int ip_solves = 0;
  double seconds = 0;
};

// Counts solutions up to `limit` by no-good cuts: a solution found is excluded by the row "its
// D placements sum to at most D - 1" (D dominoes), and CBC is asked again, until it proves that
// none is left or `limit` are found. The time limit is for the whole count.
DominosaIpCount count_dominosa_ip(const dominosa::Instance& instance, int limit,
                                  double time_limit_seconds = kInf);

// Where the dual that proves placements 0 comes from (ip.cpp has the argument and the figures).
enum class LpFixing {
  // CLP's optimal basis of the exact-cover LP with objective 1: one LP, but a basic dual at this
  // degenerate optimum proves only some of the placements the LP rules out.
  basis,
  // The support LP (max sum of t_p, t_p <= x_p, A x = lambda b), about twice the size: its dual
  // is a strictly complementary dual of the exact-cover LP, so it proves 0 every placement that
  // is 0 at every LP-feasible point, the most any dual can.
  support,
};

struct ExactCoverLp {
  // optimal: CLP solved the LP (then the fields below hold); infeasible: no fractional cover
  // exists, so no solution does; limit or error: CLP gave no answer, and nothing is claimed.
  SolveStatus status = SolveStatus::error;
  bool infeasible() const { return status == SolveStatus::infeasible; }
  // The LP's point is 0/1 and passes the verifier: a solution of the instance, ascending in
  // `placements`. With LpFixing::basis it is a vertex, and other solutions may exist. With
  // LpFixing::support it is a point in the relative interior of the LP's feasible set, so it is
  // integral only when that set is this one point: then no other solution exists.
  bool integral = false;
  std::vector<int> placements;
  // Alive placements that are 0 in every solution, proven by reduced costs, ascending.
  std::vector<int> fixed_to_zero;
  int columns = 0;     // alive placements: the LP's size
  double seconds = 0;  // wall time of the whole call
};

// The exact-cover LP over the placements p with alive[p] != 0 (one entry per placement of the
// instance); dead placements are 0. A cell or domino with no alive placement is infeasible at
// once, without CLP. The time limit is CLP's, wall-clock; past it the status is limit, and
// nothing is claimed. Throws
// std::invalid_argument for a malformed instance or a wrong-sized mask.
ExactCoverLp solve_exact_cover_lp(const dominosa::Instance& instance,
                                  const std::vector<char>& alive,
                                  LpFixing fixing = LpFixing::support,
                                  double time_limit_seconds = kInf);

}  // namespace bs::ilp
