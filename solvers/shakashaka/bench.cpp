// Shakashaka's `bench` positions, searched with the default rules so that the count moves with
// any change to the rules, the branching or the model: two shipped puzzles proved unique (the
// cspuz_core test puzzle and the 17x22 Pencil Puzzle Bench one, instances/shakashaka/), and an
// empty 4x5 grid counted whole, whose count visits its whole tree.
#include "solvers/shakashaka/bench.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "puzzles/shakashaka/format.hpp"
#include "solvers/shakashaka/solver.hpp"

namespace bs::shakashaka {

namespace {

struct Position {
  const char* name;
  const char* limit;  // "0": count every solution
  const char* text;
};

constexpr const char* kCspuzTest = R"(10 10
..........
..3.......
.......2.0
1..3......
......3...
2..2......
........2.
..........
..........
...2...0..
)";

constexpr const char* kPpb09 = R"(17 22
2..1...#...2..........
...#...1...........#..
..........2......2...#
....2.............2...
...............2......
...1.......1..........
2.......0..........3..
..................4...
....2...........1.....
............3...2.....
.......1..............
.#2.....3.....2.......
......................
....3....1...........#
....#..........1......
....2.................
#...#....#...#....1...
)";

constexpr const char* kEmpty4x5 = "4 5\n.....\n.....\n.....\n.....\n";

constexpr Position kPositions[] = {
    {"shakashaka_cspuz_test_10x10", "2", kCspuzTest},
    {"shakashaka_ppb_09_17x22", "2", kPpb09},
    {"shakashaka_empty_4x5_all", "0", kEmpty4x5},
};

}  // namespace

BenchReport shakashaka_bench() {
  BenchReport report;
  char line[160];
  for (const Position& p : kPositions) {
    Options options;  // the defaults, one thread
    options.set("count", "true");
    options.set("limit", p.limit);
    const Instance in = parse_instance(p.text, p.name);
    const auto t0 = std::chrono::steady_clock::now();
    const Result r = solve(in, options);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // Every position has a solution, and the count must have finished.
    if (r.status != Status::solved || !r.count_complete ||
        (p.limit[0] == '2' && r.solution_count != 1))
      throw std::logic_error(std::string("bench: ") + p.name + " was not solved as known");
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

}  // namespace bs::shakashaka
