// Peg solitaire's `bench` positions (solvers/bench.hpp): solved and impossible positions on the
// English board and on small rectangles, searched serially with the default options.
#include "solvers/peg/bench.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "puzzles/peg/format.hpp"
#include "solvers/peg/solver.hpp"

namespace bs::peg {

namespace {

struct Position {
  const char* name;
  const char* text;
  const char* expected;  // the status; a wrong one is an error, not a count change
};

// Solved and impossible positions on the English board and on small rectangles; together they
// exercise the bounds, the pagodas, symmetry, both sides of the portfolio and the backward set.
constexpr Position kPositions[] = {
    {"english33_central",
     "--XXX--\n--XXX--\nXXXXXXX\nXXXoXXX\nXXXXXXX\n--XXX--\n--XXX--\n\n"
     "--ooo--\n--ooo--\nooooooo\noooXooo\nooooooo\n--ooo--\n--ooo--\n",
     "solved"},
    {"english33_vac23_end53",
     "--XXX--\n--XXX--\nXXXoXXX\nXXXXXXX\nXXXXXXX\n--XXX--\n--XXX--\n\n"
     "--ooo--\n--ooo--\nooooooo\nooooooo\nooooooo\n--oXo--\n--ooo--\n",
     "solved"},
    {"english33_vac03_end03",
     "--XoX--\n--XXX--\nXXXXXXX\nXXXXXXX\nXXXXXXX\n--XXX--\n--XXX--\n\n"
     "--oXo--\n--ooo--\nooooooo\nooooooo\nooooooo\n--ooo--\n--ooo--\n",
     "solved"},
    {"rect_3x5_v00_f00", "oXXXX\nXXXXX\nXXXXX\n\nXoooo\nooooo\nooooo\n", "infeasible"},
    {"rect_4x5_v00_f04", "oXXXX\nXXXXX\nXXXXX\nXXXXX\n\nooooX\nooooo\nooooo\nooooo\n", "solved"},
    {"rect_5x5_v02_f42", "XXoXX\nXXXXX\nXXXXX\nXXXXX\nXXXXX\n\nooooo\nooooo\nooooo\nooooo\nooXoo\n",
     "solved"},
};

}  // namespace

BenchReport peg_bench() {
  BenchReport report;
  const Options options;  // the defaults, one thread
  char line[160];
  for (const Position& p : kPositions) {
    const Instance in = parse_instance(p.text, p.name);
    const auto t0 = std::chrono::steady_clock::now();
    const Result r = solve(in, options);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (std::string(to_string(r.status)) != p.expected)
      throw std::logic_error(std::string("bench: ") + p.name + " is " + to_string(r.status) +
                             ", expected " + p.expected);
    const auto nodes = static_cast<uint64_t>(r.counter("nodes"));
    report.nodes += nodes;
    report.seconds += s;
    std::snprintf(line, sizeof line, "%-24s %-10s %12llu nodes %9.1f ms\n", p.name,
                  to_string(r.status), static_cast<unsigned long long>(nodes), s * 1e3);
    report.text += line;
  }
  return report;
}

}  // namespace bs::peg
