// Kernels for the CBC layer: all 76 jump bounds of the English central game, the LP phase alone,
// and one small IP, which is mostly CBC's fixed cost per branch-and-bound.
#include <benchmark/benchmark.h>

#include "ilp/lp_model.hpp"
#include "ilp/peg/jump_bounds.hpp"
#include "puzzles/peg/format.hpp"

namespace {

bs::peg::Instance english_central() {
  return bs::peg::read_instance(std::string(BS_SOURCE_DIR) +
                                "/instances/peg/english33_central.txt");
}

void BM_EnglishJumpBounds(benchmark::State& state) {
  const auto inst = english_central();
  bs::ilp::JumpBoundsOptions opt;
  opt.threads = 2;
  opt.exact = state.range(0) != 0;
  bs::ilp::JumpBounds r;
  for (auto _ : state) {
    r = bs::ilp::compute_jump_bounds(inst, opt);
    benchmark::DoNotOptimize(r.R.data());
  }
  state.counters["lp_solves"] = r.lp_solves;
  state.counters["ip_solves"] = r.ip_solves;
  state.counters["complete"] = r.complete;
}
BENCHMARK(BM_EnglishJumpBounds)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_SmallIp(benchmark::State& state) {
  // max 5x + 4y + 3z  s.t.  2x + 3y + z <= 5,  4x + y + 2z <= 11,  3x + 4y + 2z <= 8;  x,y,z in
  // 0..4
  bs::ilp::LpModel m;
  for (double c : {5.0, 4.0, 3.0}) m.add_column(0, 4, c, true);
  m.add_rows({{0, 0, 2},
              {0, 1, 3},
              {0, 2, 1},
              {1, 0, 4},
              {1, 1, 1},
              {1, 2, 2},
              {2, 0, 3},
              {2, 1, 4},
              {2, 2, 2}},
             {-bs::ilp::kInf, -bs::ilp::kInf, -bs::ilp::kInf}, {5, 11, 8});
  m.set_maximize(true);
  for (auto _ : state) {
    const auto s = m.solve_ip();
    benchmark::DoNotOptimize(s.objective);
  }
}
BENCHMARK(BM_SmallIp)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace
