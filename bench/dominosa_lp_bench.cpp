// Kernel for Dominosa's exact-cover LP at the root: every placement alive, on a random planted
// grid of order 20 and of order 100 (seed 1). The counters say whether the LP's point was a
// solution and how many placements reduced-cost fixing removed, so a run shows what the time
// buys.
#include <benchmark/benchmark.h>

#include "ilp/dominosa/ip.hpp"
#include "puzzles/dominosa/random.hpp"

namespace {

void BM_DominosaRootLp(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const bs::dominosa::Instance in = bs::dominosa::random_planted_grid(n, 1).instance;
  const std::vector<char> alive(in.placements(), 1);
  bs::ilp::ExactCoverLp lp;
  for (auto _ : state) {
    lp = bs::ilp::solve_exact_cover_lp(in, alive);
    benchmark::DoNotOptimize(lp.fixed_to_zero.data());
  }
  state.counters["columns"] = lp.columns;
  state.counters["integral"] = lp.integral;
  state.counters["fixed"] = static_cast<double>(lp.fixed_to_zero.size());
}
BENCHMARK(BM_DominosaRootLp)->Arg(20)->Arg(100)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
