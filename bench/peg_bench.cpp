// Kernels of the peg solver, for nodes per second rather than answers.
//
// PegSearch runs the plain DFS (no rules, no table) on the English central game for a fixed
// number of nodes: move generation, apply and undo, nothing else. PegSolveCentral is the whole
// path from a parsed board to a verified solution, bounds included.
#include <benchmark/benchmark.h>

#include "puzzles/peg/format.hpp"
#include "solvers/peg.hpp"

namespace {

const bs::peg::Instance& english() {
  static const bs::peg::Instance in =
      bs::peg::read_instance(std::string(BS_SOURCE_DIR) + "/instances/peg/english33_central.txt");
  return in;
}

void PegSearch(benchmark::State& state) {
  bs::Options o;
  o.set("rules", "none");
  o.set("hash", "0");
  o.set("node-limit", "2000000");
  double nodes = 0;
  for (auto _ : state) nodes += bs::peg::solve(english(), o).counter("nodes");
  state.counters["nodes/s"] = benchmark::Counter(nodes, benchmark::Counter::kIsRate);
}
BENCHMARK(PegSearch)->Unit(benchmark::kMillisecond);

void PegSolveCentral(benchmark::State& state) {
  bs::Options o;
  o.set("threads", std::to_string(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(bs::peg::solve(english(), o));
}
BENCHMARK(PegSolveCentral)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
