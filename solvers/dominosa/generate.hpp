// The Dominosa generator: unique, graded puzzles from a planted grid repaired in place, built to
// reach order 100 where generate-and-test stops near order 15.
//
// It lives in solvers/ and not in puzzles/ because deciding "unique" and "how hard" needs the
// solver (analyse() in solvers/dominosa/solver.hpp). Everything random is drawn from splitmix64
// (core/splitmix64.hpp) with bounded draws written here, so the same (order, seed, grade) gives
// the same puzzle byte for byte on every platform and at every thread count. The method is the
// opening prose of generate.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"
#include "puzzles/dominosa/grid.hpp"
#include "solvers/dominosa/solver.hpp"
#include "solvers/solver.hpp"

namespace bs::dominosa {

// The grade of an analysed puzzle: "search" when the default rules at the root stop short of a
// full cover, else the name (from grade_names()) of the hardest rule that made progress, or
// "none" when no rule was needed (which a real grid never is).
std::string grade_of(const Analysis& analysis);

struct Generated {
  Instance instance;        // unique; every number 0..n exactly n+2 times
  std::vector<int> tiling;  // its one solution's placements, ascending
  std::string grade;        // grade_of() its analysis
  int attempt = 0;          // the planted grid (sub-seed) that succeeded, 0-based
  int analyses = 0;         // calls of analyse() in that attempt, every view and candidate
  int repairs = 0;          // renumberings applied in that attempt
  int local_repairs = 0;    // of which found by the short-cycle scan, with no search
  int steering_rounds = 0;  // rounds spent moving a unique puzzle towards the grade asked for
  // Where the successful attempt's time went, in wall seconds (for measurement only): the plant,
  // the first short-cycle pass, and the repair rounds' analyses.
  double plant_seconds = 0, local_seconds = 0, analyse_seconds = 0;
};

// A unique puzzle of order n (1 <= n <= kMaxOrder) whose grade is `grade` (a name of
// grade_names(), or "any"). `threads` (>= 1) only changes how fast: the puzzle depends on
// (n, seed, grade) alone. Throws std::invalid_argument for a bad order or an unknown grade, and
// std::runtime_error when no puzzle of the grade turns up within the attempts.
Generated generate(int n, uint64_t seed, const std::string& grade, int threads = 1);

// The table entry behind `boundsearch generate dominosa`: options order, seed, grade and
// threads; returns the puzzle's text form (the order, then n+1 rows of n+2 numbers).
std::string generate_text(const Options& options);

// An experiment config's [[generate]] table: keys order (required), count, seed, grade. Puzzles
// are made in parallel across seeds, each serially, so the files do not depend on the threads.
std::vector<GeneratedInstance> generate_instances(
    const std::vector<std::pair<std::string, std::string>>& spec);

// The alternating cycles of at most `max_dominoes` planted dominoes that are a second solution
// by themselves: exchanging the planted dominoes on the cycle for the other pairs of its cells
// keeps every domino used once. Each cycle is listed once, as cells c0 c1 c2 ... where (c0, c1),
// (c2, c3), ... are planted dominoes and (c1, c2), ..., (c_last, c0) the other pairs. Exposed for
// the tests: every cycle found is a second solution, which brute force confirms.
std::vector<std::vector<int>> short_ambiguous_cycles(const Instance& instance,
                                                     const std::vector<int>& tiling,
                                                     int max_dominoes);

}  // namespace bs::dominosa
