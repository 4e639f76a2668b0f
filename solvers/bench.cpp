#include "solvers/bench.hpp"

#include <cstdio>

#include "solvers/solver.hpp"

namespace bs {

BenchReport run_bench() {
  BenchReport report;
  for (const PuzzleSolver& p : puzzle_solvers()) {
    if (!p.bench) continue;
    const BenchReport part = p.bench();
    report.nodes += part.nodes;
    report.seconds += part.seconds;
    report.text += part.text;
    report.by_puzzle.emplace_back(std::string(p.name), part.nodes);
  }
  char line[160];
  for (const auto& [name, nodes] : report.by_puzzle) {
    std::snprintf(line, sizeof line, "Nodes searched by %s: %llu\n", name.c_str(),
                  static_cast<unsigned long long>(nodes));
    report.text += line;
  }
  std::snprintf(line, sizeof line, "Nodes searched: %llu\nTime: %.3f s\n",
                static_cast<unsigned long long>(report.nodes), report.seconds);
  report.text += line;
  return report;
}

}  // namespace bs
