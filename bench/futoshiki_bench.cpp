// Kernels of the Futoshiki solver. Run with --benchmark_repetitions=5 for the medians that
// docs/BENCHMARKS.md quotes.
//
// FutoshikiShipped: every shipped puzzle (instances/futoshiki/), solved and proved unique (count
//   with limit 2), one after another on one thread; reports the slowest puzzle.
// FutoshikiUnique/<name>: one puzzle, solved and proved unique.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/solver.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<bs::futoshiki::Instance> shipped() {
  std::vector<std::string> paths;
  for (const auto& e :
       fs::directory_iterator(std::string(BS_SOURCE_DIR) + "/instances/futoshiki/sgt_unequal"))
    if (e.path().extension() == ".txt") paths.push_back(e.path().string());
  std::sort(paths.begin(), paths.end());
  std::vector<bs::futoshiki::Instance> out;
  for (const auto& p : paths) out.push_back(bs::futoshiki::read_instance(p));
  return out;
}

bs::Options unique_options() {
  bs::Options o;
  o.set("count", "true");
  o.set("limit", "2");
  return o;
}

void FutoshikiShipped(benchmark::State& state) {
  const auto puzzles = shipped();
  const bs::Options o = unique_options();
  double slowest = 0;
  for (auto _ : state) {
    slowest = 0;
    for (const auto& in : puzzles) {
      const auto t0 = std::chrono::steady_clock::now();
      const bs::Result r = bs::futoshiki::solve(in, o);
      const double ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (r.solution_count != 1 || !r.count_complete) state.SkipWithError("not proved unique");
      slowest = std::max(slowest, ms);
    }
  }
  state.counters["puzzles"] = static_cast<double>(puzzles.size());
  state.counters["slowest_ms"] = slowest;
}
BENCHMARK(FutoshikiShipped)->Unit(benchmark::kMillisecond)->UseRealTime();

void FutoshikiUnique(benchmark::State& state, const char* name) {
  const auto in = bs::futoshiki::read_instance(std::string(BS_SOURCE_DIR) +
                                               "/instances/futoshiki/sgt_unequal/" + name);
  const bs::Options o = unique_options();
  double nodes = 0;
  for (auto _ : state) nodes = bs::futoshiki::solve(in, o).counter("nodes");
  state.counters["nodes"] = nodes;
}
BENCHMARK_CAPTURE(FutoshikiUnique, fut_10_extreme_1, "fut_10_extreme_1.txt")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(FutoshikiUnique, fut_08_recursive_3, "fut_08_recursive_3.txt")
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(FutoshikiUnique, fut_25_trivial_1, "fut_25_trivial_1.txt")
    ->Unit(benchmark::kMillisecond);

}  // namespace
