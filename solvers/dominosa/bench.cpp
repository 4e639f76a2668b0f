// Dominosa's `bench` positions, counted with the default rules so that the count moves with any
// change to the rules, the branching or the model: random grids with a planted solution
// (puzzles/dominosa/random.hpp, the same numbers on every platform for a seed), one counted
// exactly (1,152 solutions: its count visits the whole tree) and two up to two solutions; and
// Tatham's extreme puzzle instances/dominosa/sgt_unique/dom_006_extreme_3.txt, the one that
// needs forcing chains, proved unique.
#include "solvers/dominosa/bench.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "puzzles/dominosa/format.hpp"
#include "puzzles/dominosa/random.hpp"
#include "solvers/dominosa/solver.hpp"

namespace bs::dominosa {

namespace {

struct Position {
  const char* name;
  int order;  // a random grid of this order, or 0 for `text`
  uint64_t seed;
  const char* limit;  // "0": count every solution
  const char* text = nullptr;
};

constexpr const char* kExtreme3 = R"(6
6 1 3 4 2 2 5 2
4 5 1 1 1 0 3 3
6 5 4 3 6 2 2 5
0 0 4 1 6 0 3 5
2 0 1 0 3 3 6 6
4 5 5 0 3 0 2 2
4 6 6 4 1 5 4 1
)";

constexpr Position kPositions[] = {
    {"dominosa_random_12_seed1_all", 12, 1, "0"},
    {"dominosa_random_20_seed3", 20, 3, "2"},
    {"dominosa_random_30_seed1", 30, 1, "2"},
    {"dominosa_sgt_006_extreme_3", 0, 0, "2", kExtreme3},
};

}  // namespace

BenchReport dominosa_bench() {
  BenchReport report;
  char line[160];
  for (const Position& p : kPositions) {
    Options options;  // the defaults, one thread
    options.set("count", "true");
    options.set("limit", p.limit);
    options.set("counter", "dfs");  // the bench follows the search; count.cpp has its own kernel
    Instance in =
        p.order ? random_planted_grid(p.order, p.seed).instance : parse_instance(p.text, p.name);
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
