// Kernels of the peg solver. Run with --benchmark_repetitions=5 for the medians that
// docs/BENCHMARKS.md quotes.
//
// PegSearch: the plain DFS (no rules, no table) on the English board for 2 M nodes: move
//   generation, apply and undo, nothing else; it reports nodes per second per thread.
// PegFromFile/<instance>/<threads>: the whole path a user takes, from the board file to a
//   verified answer or a certificate, bounds included.
#include <benchmark/benchmark.h>

#include "puzzles/peg/format.hpp"
#include "search/dfs.hpp"
#include "solvers/peg/solver.hpp"
#include "solvers/peg/search.hpp"

namespace {

std::string instance(const char* name) {
  return std::string(BS_SOURCE_DIR) + "/instances/peg/" + name;
}

// The raw search kernel: PegProblem and the DFS engine alone, no rules, no table, no symmetry, on
// the English board with a final (one peg at a corner of the cross) that no game reaches, so the
// search never stops early; 2 M nodes per iteration.
void PegSearch(benchmark::State& state) {
  bs::peg::Instance in = bs::peg::read_instance(instance("english33_central.txt"));
  in.final.assign(in.final.size(), 0);
  in.final[0] = 1;
  const std::vector<int> budget(in.board.jumps().size(), 31);
  const bs::peg::PegProblem<uint64_t> problem(in, budget, {}, {}, {{}});
  bs::search::DfsConfig cfg;
  cfg.limits.nodes = 2000000;
  double nodes = 0;
  for (auto _ : state)
    nodes += static_cast<double>(
        bs::search::depth_first(problem, problem.root(in.start), cfg).stats.nodes);
  state.counters["nodes/s"] = benchmark::Counter(nodes, benchmark::Counter::kIsRate);
}
BENCHMARK(PegSearch)->Unit(benchmark::kMillisecond);

void PegFromFile(benchmark::State& state, const char* name) {
  bs::Options o;
  o.set("threads", std::to_string(state.range(0)));
  double nodes = 0;
  for (auto _ : state) {
    const bs::Result r = bs::peg::solve(bs::peg::read_instance(instance(name)), o);
    if (r.status == bs::Status::unknown) state.SkipWithError("no answer");
    nodes = r.counter("nodes");
  }
  state.counters["nodes"] = nodes;
}
BENCHMARK_CAPTURE(PegFromFile, english33_central, "english33_central.txt")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(PegFromFile, french37_central, "french37_central.txt")
    ->Arg(1)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(PegFromFile, lab_fig3, "lab_fig3.txt")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
