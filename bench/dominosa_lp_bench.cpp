// Kernels for Dominosa's exact-cover LP at the root: every placement alive, on random planted
// grids (seed 1), with the duals from CLP's own basis (Arg 0) or from the support LP (Arg 1).
// The counters say whether the LP's point was a solution and how many placements the duals
// proved 0, so a run shows what the time buys.
//
// Order 20 is always registered. Order 100 (20,301 columns) takes minutes per solve on this kind
// of machine, so it is registered only when BS_BENCH_DOMINOSA_LARGE=1 is set, and then with the
// basis alone and one iteration per repetition: bench/foundation.sh runs every kernel five times
// and must not wait half an hour for this one.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <string>

#include "ilp/dominosa/ip.hpp"
#include "puzzles/dominosa/random.hpp"

namespace {

void root_lp(benchmark::State& state, int n) {
  const bs::dominosa::Instance in = bs::dominosa::random_planted_grid(n, 1).instance;
  const std::vector<char> alive(in.placements(), 1);
  const auto fixing = state.range(0) == 0 ? bs::ilp::LpFixing::basis : bs::ilp::LpFixing::support;
  bs::ilp::ExactCoverLp lp;
  for (auto _ : state) {
    lp = bs::ilp::solve_exact_cover_lp(in, alive, fixing);
    benchmark::DoNotOptimize(lp.fixed_to_zero.data());
  }
  state.counters["columns"] = lp.columns;
  state.counters["integral"] = lp.integral;
  state.counters["fixed"] = static_cast<double>(lp.fixed_to_zero.size());
}

void BM_DominosaRootLp20(benchmark::State& state) {
  root_lp(state, 20);
}
BENCHMARK(BM_DominosaRootLp20)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_DominosaRootLp100(benchmark::State& state) {
  root_lp(state, 100);
}
[[maybe_unused]] const bool registered_large = [] {
  const char* large = std::getenv("BS_BENCH_DOMINOSA_LARGE");
  if (large && std::string(large) == "1")
    benchmark::RegisterBenchmark("BM_DominosaRootLp100", BM_DominosaRootLp100)
        ->Arg(0)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  return true;
}();

}  // namespace
