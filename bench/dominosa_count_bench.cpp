// Kernels of Dominosa's exact solution counts (solvers/dominosa/count.hpp): the whole `count`
// of a random planted grid, rules at the root included, as `boundsearch count dominosa FILE`
// runs it. The grids are random_planted_grid(order, seed), so no files are needed.
//
// DominosaCountRandom/<rules>/<order>/<seed>: one grid's count, each iteration a full count. The
//   label holds the exact count in decimal and the counter's nodes, so a table of counts and
//   times comes from one run. A count that a time limit cut short is reported as an error, never
//   as a time. The limit is BS_COUNT_SECONDS (seconds, default 600).
//
// Short counts: --benchmark_repetitions=5 for medians. Counts of minutes: one iteration each.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "core/options.hpp"
#include "puzzles/dominosa/random.hpp"
#include "solvers/dominosa/solver.hpp"

namespace {

using namespace bs::dominosa;

void DominosaCountRandom(benchmark::State& state, const char* rules) {
  const Instance in =
      random_planted_grid(static_cast<int>(state.range(0)), static_cast<uint64_t>(state.range(1)))
          .instance;
  bs::Options options;
  options.set("count", "true");
  options.set("counter", "components");
  options.set("rules", rules);
  const char* seconds = std::getenv("BS_COUNT_SECONDS");
  options.set("time-limit", seconds ? seconds : "600");
  bs::Result r;
  for (auto _ : state) {
    r = solve(in, options);
    if (!r.count_complete) {
      state.SkipWithError(("no count: stopped by " + std::string(to_string(r.stop))).c_str());
      return;
    }
  }
  state.SetLabel("count=" + r.count_text);
  state.counters["nodes"] = r.counter("nodes");
  state.counters["cache_hits"] = r.counter("cache_hits");
  state.counters["most_components"] = r.counter("most_components");
}

void orders_and_seeds(benchmark::internal::Benchmark* b) {
  for (const int order : {10, 15, 20, 25, 30, 35, 40, 50})
    for (int seed = 1; seed <= 5; ++seed) b->Args({order, seed});
  b->Unit(benchmark::kMillisecond)->Iterations(1);
}

// What `count` runs: the default rules, to which the counter adds probe.
BENCHMARK_CAPTURE(DominosaCountRandom, default, "default")->Apply(orders_and_seeds);
// The default rules alone, the cheap ones alone, and the LP instead of probing.
BENCHMARK_CAPTURE(DominosaCountRandom, no_probe, "default,-probe")->Apply(orders_and_seeds);
BENCHMARK_CAPTURE(DominosaCountRandom, trivial, "cell-single,domino-single")
    ->Apply(orders_and_seeds);
BENCHMARK_CAPTURE(DominosaCountRandom, lp, "default,lp")->Apply(orders_and_seeds);

}  // namespace
