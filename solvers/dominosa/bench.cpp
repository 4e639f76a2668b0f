// Dominosa's `bench` positions: random grids with a planted solution (puzzles/dominosa/random.hpp,
// the same numbers on every platform for a seed), counted up to two solutions with the default
// rules, so the count moves with any change to the rules, the branching or the model. A random
// grid of these orders has many solutions, so each position finds two; the order-12 grid is also
// counted exactly, which makes its count visit the whole tree.
#include "solvers/dominosa/bench.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "puzzles/dominosa/random.hpp"
#include "solvers/dominosa/solver.hpp"

namespace bs::dominosa {

namespace {

struct Position {
  const char* name;
  int order;
  uint64_t seed;
  const char* limit;  // "0": count every solution
};

constexpr Position kPositions[] = {
    {"dominosa_random_12_seed1_all", 12, 1, "0"},
    {"dominosa_random_30_seed1", 30, 1, "2"},
    {"dominosa_random_60_seed1", 60, 1, "2"},
};

}  // namespace

BenchReport dominosa_bench() {
  BenchReport report;
  char line[160];
  for (const Position& p : kPositions) {
    Options options;  // the defaults, one thread
    options.set("count", "true");
    options.set("limit", p.limit);
    Instance in = random_planted_grid(p.order, p.seed).instance;
    in.name = p.name;
    const auto t0 = std::chrono::steady_clock::now();
    const Result r = solve(in, options);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // A planted grid has a solution, and the count must have finished or reached its limit.
    if (r.status != Status::solved)
      throw std::logic_error(std::string("bench: ") + p.name + " was not solved");
    const auto nodes = static_cast<uint64_t>(r.counter("nodes"));
    report.nodes += nodes;
    report.seconds += s;
    std::snprintf(line, sizeof line, "%-30s %8lld sol %12llu nodes %9.1f ms\n", p.name,
                  static_cast<long long>(r.solution_count), static_cast<unsigned long long>(nodes),
                  s * 1e3);
    report.text += line;
  }
  return report;
}

}  // namespace bs::dominosa
