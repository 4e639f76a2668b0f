// Futoshiki's `bench` positions: two generated puzzles that need search, proved unique
// (count --limit 2) with the default rules, and the smaller one again without the probe, so that
// the count moves with any change to the cheaper rules as well as to probing and branching.
// The texts are instances/futoshiki/generated/gen_12_seed4.txt and gen_15_seed2.txt.
#include "solvers/futoshiki/bench.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/solver.hpp"

namespace bs::futoshiki {

namespace {

struct Position {
  const char* name;
  const char* rules;
  const char* text;
};

constexpr const char* kGen12Seed4 = R"(12
-1 -1 -1 -1 9 -1 -1 4 -1 -1 -1 6
7 -1 -1 -1 10 -1 -1 2 -1 4 -1 -1
-1 1 -1 -1 6 8 -1 -1 4 -1 10 -1
4 -1 -1 -1 -1 3 1 -1 -1 -1 -1 -1
-1 -1 3 4 -1 11 -1 -1 7 -1 9 -1
-1 12 -1 -1 -1 -1 -1 8 -1 -1 2 -1
-1 10 -1 -1 7 -1 -1 -1 -1 2 -1 -1
9 3 -1 -1 4 -1 10 -1 -1 -1 -1 -1
-1 -1 8 6 1 -1 -1 -1 -1 -1 -1 -1
-1 -1 -1 -1 -1 7 9 -1 -1 -1 12 3
-1 -1 -1 -1 -1 -1 12 9 -1 -1 8 -1
-1 -1 -1 -1 3 -1 -1 -1 -1 10 -1 -1
1 1 1 2
1 2 1 3
1 4 1 5
2 2 2 3
2 3 2 4
2 7 2 6
2 9 2 10
2 12 1 12
3 3 3 4
3 4 3 5
3 6 2 6
4 1 3 1
4 2 4 3
4 8 5 8
4 10 4 9
4 12 5 12
5 4 4 4
5 7 5 8
5 12 5 11
6 1 7 1
6 5 6 6
6 6 6 7
6 9 6 8
6 10 6 9
6 12 6 11
7 4 8 4
7 12 8 12
8 3 9 3
8 4 9 4
8 6 8 5
8 7 7 7
8 9 8 10
8 10 8 11
8 11 9 11
9 2 8 2
9 8 10 8
9 9 10 9
9 10 9 9
10 3 10 2
10 4 10 3
10 7 9 7
10 10 9 10
11 4 11 5
11 8 11 9
11 9 11 10
11 9 12 9
12 7 12 6
12 8 12 7
12 11 12 12
)";
constexpr const char* kGen15Seed2 = R"(15
-1 10 -1 6 13 14 5 -1 -1 -1 -1 -1 -1 2 -1
-1 8 -1 -1 -1 -1 11 -1 15 7 9 2 -1 1 -1
-1 6 -1 -1 -1 -1 -1 -1 -1 -1 11 12 -1 -1 -1
1 -1 10 -1 11 3 -1 -1 13 -1 6 8 -1 -1 -1
-1 -1 15 -1 5 -1 3 4 -1 8 10 -1 -1 13 12
14 2 -1 -1 -1 1 -1 -1 7 15 -1 -1 9 11 -1
8 -1 -1 -1 -1 5 12 -1 -1 9 -1 13 -1 6 -1
-1 4 -1 8 -1 -1 -1 12 -1 13 -1 -1 11 -1 -1
-1 -1 -1 -1 15 9 -1 -1 -1 1 14 -1 -1 -1 -1
-1 -1 -1 10 -1 -1 7 -1 -1 5 -1 11 -1 -1 1
-1 3 -1 -1 -1 -1 -1 13 -1 -1 4 6 12 -1 -1
15 -1 6 -1 -1 -1 -1 -1 -1 -1 -1 -1 1 12 9
-1 -1 -1 -1 -1 12 -1 1 -1 -1 13 5 -1 14 -1
-1 -1 13 5 -1 -1 -1 9 4 -1 -1 -1 -1 -1 -1
7 -1 -1 -1 2 -1 9 -1 -1 -1 8 -1 -1 -1 -1
1 9 1 10
1 13 1 12
2 6 2 5
2 6 3 6
2 8 1 8
2 10 3 10
2 13 3 13
3 3 4 3
3 5 3 4
3 7 2 7
3 14 3 13
3 15 4 15
4 4 3 4
4 9 5 9
4 14 3 14
4 15 4 14
5 4 5 5
5 6 5 5
5 7 4 7
5 9 5 10
6 4 6 3
6 8 6 7
7 4 8 4
7 5 7 6
7 8 7 9
7 11 7 12
7 13 8 13
8 1 7 1
8 4 8 3
8 5 8 4
8 6 7 6
8 12 7 12
9 3 9 4
9 9 8 9
9 13 9 12
9 14 9 15
10 1 9 1
10 7 10 8
10 9 10 8
10 11 11 11
10 13 9 13
10 14 10 13
11 1 10 1
11 5 12 5
11 10 11 11
11 14 11 15
12 3 13 3
12 7 12 8
12 9 11 9
12 10 12 9
12 11 11 11
12 12 11 12
12 15 13 15
13 2 12 2
13 6 13 7
13 7 12 7
13 13 13 12
14 2 13 2
14 7 14 6
14 12 14 11
14 12 14 13
14 14 14 13
15 8 15 7
15 10 14 10
15 12 15 13
)";

constexpr Position kPositions[] = {
    {"futoshiki_gen_12_seed4", "default", kGen12Seed4},
    {"futoshiki_gen_12_seed4_noprobe", "-probe", kGen12Seed4},
    {"futoshiki_gen_15_seed2", "default", kGen15Seed2},
};

}  // namespace

BenchReport futoshiki_bench() {
  BenchReport report;
  char line[160];
  for (const Position& p : kPositions) {
    Options options;  // the defaults, one thread
    options.set("count", "true");
    options.set("limit", "2");
    options.set("rules", p.rules);
    const Instance in = parse_instance(p.text, p.name);
    const auto t0 = std::chrono::steady_clock::now();
    const Result r = solve(in, options);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // Each is unique: a finished count of exactly one.
    if (r.status != Status::solved || r.counter("solutions") != 1)
      throw std::logic_error(std::string("bench: ") + p.name + " is not proved unique");
    const auto nodes = static_cast<uint64_t>(r.counter("nodes"));
    report.nodes += nodes;
    report.seconds += s;
    std::snprintf(line, sizeof line, "%-30s %-10s %12llu nodes %9.1f ms\n", p.name, "unique",
                  static_cast<unsigned long long>(nodes), s * 1e3);
    report.text += line;
  }
  return report;
}

}  // namespace bs::futoshiki
