// Futoshiki, wired: root contradictions, the selected propagation rules, then the generic DFS.
#pragma once

#include <string>

#include "core/options.hpp"
#include "core/result.hpp"
#include "puzzles/futoshiki/grid.hpp"
#include "solvers/solver.hpp"

namespace bs::futoshiki {

// Solves (or, with option count, counts) one instance. The solution, when there is one, is
// verified independently before it is returned, and also left in `solution` when given.
Result solve(const Instance& instance, const Options& options, Grid* solution = nullptr);

// Re-checks a "no solution" certificate by another route: a root contradiction is recomputed,
// anything found by propagation or search is re-decided by the integer model (CBC). Empty when
// the certificate holds, else why not; CheckUnfinished (solvers/verify_result.hpp) when the
// second route stops at its 60 s limit.
std::string check_certificate(const Instance& instance, const Certificate& certificate);

// A solution of the instance from a file: a grid of n rows, or a `solve --json` result whose
// status is solved. InputError (file:line:col) on anything else.
Grid read_solution_file(const Instance& instance, const std::string& path);

// What the generator asks of a puzzle, single-threaded and in-process, with the default rules:
// the number of solutions up to `limit`, the hardest rule that made progress at the root (an
// index into grade_names(); -1 when none did), and whether the rules stopped short of a full grid.
struct Analysis {
  int solutions = 0;
  int hardest = -1;
  bool needs_search = false;
  Grid first;  // the first solution found, when there is one
};
// `excluded`, when given as {cell, value}, keeps that value out of that cell: the generator asks
// whether a puzzle without one of its givens has a solution other than its own.
struct Exclusion {
  int cell = -1;
  int value = 0;
};
Analysis analyse(const Instance& instance, int limit, Exclusion excluded = {});
// The default rule names, cheapest first: the grades in increasing difficulty, then "search".
const std::vector<std::string>& grade_names();

PuzzleSolver futoshiki_solver();

}  // namespace bs::futoshiki
