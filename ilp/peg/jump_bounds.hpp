// Kiyomi-Matsui jump bounds for peg solitaire.
//
// Let v_J count the pegs jump J removes from each hole: +1 at from and over, -1 at to. A game
// from start to final that makes jump J x_J times satisfies sum_J x_J v_J(h) = start(h) - final(h)
// for every hole h, with x_J >= 0 integer (and so sum_J x_J = pegs(start) - pegs(final)). R(J),
// the largest x_J of any integer solution of these equations, bounds how often any real game
// can make J; the search prunes with it. Computing R exactly costs one IP per jump, so the LP
// relaxation, integer points found on the way and the instance's symmetries settle most jumps
// before any branch-and-bound starts.
#pragma once

#include <string>
#include <vector>

#include "ilp/lp_model.hpp"
#include "puzzles/peg/board.hpp"

namespace bs::ilp {

struct JumpBoundsOptions {
  int threads = 0;           // OpenMP threads for the branch-and-bound phase; 0 = all
  double time_limit = kInf;  // wall seconds for the whole computation
  bool use_symmetry = true;  // solve once per orbit of jumps under the instance's symmetries
  bool exact = true;         // false: stop at the floors of the LP bounds
};

struct JumpBounds {
  // False when the equations have no non-negative integer solution (or, with exact = false,
  // no LP solution). Then every R is 0: no game exists, so no jump can be used.
  bool feasible = false;
  std::vector<int> R;  // one per board.jumps() entry
  int lp_solves = 0;
  int ip_solves = 0;
  double seconds = 0;
  // True when every R is the IP optimum. False when a time limit (or exact = false) left some
  // R at its LP floor, which is still a valid upper bound.
  bool complete = false;
};

// The feasibility IP: one integer column per jump of board.jumps(), in [0, pegs(start) -
// pegs(final)], one equality row per hole, row h = start(h) - final(h).
LpModel feasibility_model(const peg::Instance& instance);

JumpBounds compute_jump_bounds(const peg::Instance& instance, const JumpBoundsOptions& options);

// The feasibility IP (zero objective) in CPLEX LP format, columns named after the jumps.
void write_feasibility_lp(const peg::Instance& instance, const std::string& path);

}  // namespace bs::ilp
