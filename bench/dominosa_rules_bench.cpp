// Kernels of the Dominosa rules: every default rule, cheapest first, from the root of a shipped
// puzzle to the common fixpoint (no search), as the solver's root node runs them. Run with
// --benchmark_repetitions=5 for medians.
//
// DominosaRulesFixpoint/<group>: the shipped puzzles of one order and Tatham level
//   (dom_ORDER_LEVEL_I.txt), one after another; the `per_puzzle` counter is the time of one.
// DominosaRulesRandomRoot/<n>: the same on five random planted grids of order n (seeds 1-5),
//   whose roots the rules do not solve: the cost of the fixpoint at a large search root.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "heuristics/dominosa/dominosa_rule.hpp"
#include "puzzles/dominosa/random.hpp"

namespace {

namespace fs = std::filesystem;
using namespace bs::dominosa;

// The shipped puzzles whose file names start with `prefix`. A minimal reader (order, then the
// rows): the files are known good, and the real parser lives elsewhere.
std::vector<Instance> shipped(const std::string& prefix) {
  fs::path dir = std::string(BS_SOURCE_DIR) + "/instances/dominosa/sgt_unique";
  if (!fs::exists(dir)) dir = "/work/shared/instances/dominosa/sgt_unique";
  std::vector<std::string> paths;
  if (fs::exists(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".txt" && e.path().filename().string().rfind(prefix, 0) == 0)
        paths.push_back(e.path().string());
  std::sort(paths.begin(), paths.end());
  std::vector<Instance> out;
  for (const auto& p : paths) {
    std::ifstream f(p);
    Instance in;
    f >> in.n;
    in.numbers.resize(in.cells());
    for (int& x : in.numbers) f >> x;
    out.push_back(in);
  }
  return out;
}

void fixpoint_of_each(benchmark::State& state, const std::vector<Instance>& puzzles) {
  std::vector<Structure> structures;
  for (const auto& in : puzzles) structures.emplace_back(in);
  std::vector<const DominosaRuleEntry*> rules;
  for (const auto& e : dominosa_rules())
    if (e.info.on_by_default) rules.push_back(&e);
  std::stable_sort(rules.begin(), rules.end(),
                   [](auto* a, auto* b) { return a->info.cost < b->info.cost; });
  const int count = static_cast<int>(rules.size());
  for (auto _ : state)
    for (const Structure& s : structures) {
      std::vector<Mask> d = s.root_state();
      FixpointIo io;
      const bool alive = run_to_fixpoint(s, d.data(), Dirty::all(), rules.data(), count, io,
                                         [](int, bs::Verdict) {});
      benchmark::DoNotOptimize(alive);
      benchmark::DoNotOptimize(d.data());
    }
  state.counters["per_puzzle"] = benchmark::Counter(
      static_cast<double>(puzzles.size()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
void DominosaRulesFixpoint(benchmark::State& state, const char* prefix) {
  const std::vector<Instance> puzzles = shipped(prefix);
  if (puzzles.empty())
    state.SkipWithError("no shipped puzzles");
  else
    fixpoint_of_each(state, puzzles);
}

void DominosaRulesRandomRoot(benchmark::State& state) {
  std::vector<Instance> grids;
  for (uint64_t seed = 1; seed <= 5; ++seed)
    grids.push_back(random_planted_grid(static_cast<int>(state.range(0)), seed).instance);
  fixpoint_of_each(state, grids);
}
BENCHMARK(DominosaRulesRandomRoot)->Arg(10)->Arg(30)->Arg(100)->Unit(benchmark::kMicrosecond);

BENCHMARK_CAPTURE(DominosaRulesFixpoint, all, "dom_")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 006_trivial, "dom_006_trivial")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 006_basic, "dom_006_basic")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 006_hard, "dom_006_hard")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 006_extreme, "dom_006_extreme")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 010_trivial, "dom_010_trivial")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 010_basic, "dom_010_basic")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 010_hard, "dom_010_hard")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 020_trivial, "dom_020_trivial")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(DominosaRulesFixpoint, 020_basic, "dom_020_basic")->Unit(benchmark::kMicrosecond);

}  // namespace
