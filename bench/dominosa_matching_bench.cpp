// The Dominosa matching rule: the hand-made kernel (heuristics/dominosa/matching.cpp) against
// the Boost.Graph reference (matching_bgl.cpp), one call on one node. Run with
// --benchmark_filter=DominosaMatching --benchmark_repetitions=5 for the medians that
// heuristics/dominosa/matching.cpp quotes.
//
// Each kernel runs the hand-made rule cold (`hand_cold`: no warm start, so each call starts from
// the greedy matching) and warm (`hand_warm`: from the matching of the call before, as in a
// search), and the Boost.Graph rule (`bgl`). On one node called again and again (Root, Sparse)
// the warm start is handed that node's own matching, a best case: compare cold with bgl there,
// and warm with cold on the Children, where it is handed a sibling's. Each iteration copies the
// node and calls the rule once; the copy is a few microseconds even at order 100 and is in every
// variant alike. The machine is shared: quote CPU time.
//
// DominosaMatchingRoot/<order>: the root of a random planted grid, every placement alive.
// DominosaMatchingSparse/<order>: a mid-search node: the last node with fewer than half the
//   cells fixed on a dive to the planted solution under cell-single and domino-single.
// DominosaMatchingChildren/<order>: what a depth-first search hands the rule: 32 children of the
//   sparse node (one open cell fixed to each alive direction, then the cheap rules to their
//   fixpoint), called one after another; the time is for all 32.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "core/splitmix64.hpp"
#include "heuristics/dominosa/dominosa_rule.hpp"
#include "heuristics/dominosa/matching.hpp"
#include "puzzles/dominosa/random.hpp"

namespace {

using bs::dominosa::Mask;
using bs::dominosa::Structure;

const bs::dominosa::DominosaRuleEntry* rule(const std::string& name) {
  for (const auto& e : bs::dominosa::dominosa_rules())
    if (e.info.name == name) return &e;
  return nullptr;
}

// cell-single and domino-single to their fixpoint; false when the node fails.
bool cheap_fixpoint(const Structure& s, std::vector<Mask>& d, const bs::propagation::Dirty& from) {
  const bs::dominosa::DominosaRuleEntry* rules[] = {rule("cell-single"), rule("domino-single")};
  bs::dominosa::FixpointIo io;
  return bs::dominosa::run_to_fixpoint(s, d.data(), from, rules, 2, io, [](int, bs::Verdict) {});
}

struct Grid {
  bs::dominosa::PlantedGrid planted;
  Structure s;
  explicit Grid(int order)
      : planted(bs::dominosa::random_planted_grid(order, 2026)), s(planted.instance) {}
};

int fixed_cells(const Structure& s, const std::vector<Mask>& d) {
  int out = 0;
  for (int cell = 0; cell < s.cells; ++cell) out += bs::propagation::fixed(d[cell]);
  return out;
}

// A depth-first search's node on its way to the planted solution: from the root, one random
// open cell at a time is fixed to its planted direction and the cheap rules follow, and the last
// node with fewer than half the cells fixed is kept. (The cheap rules settle most of a random
// grid soon after that: one more move fixes nearly every cell.)
std::vector<Mask> sparse_node(const Grid& g) {
  std::vector<Mask> d = g.s.root_state();
  cheap_fixpoint(g.s, d, bs::propagation::Dirty::all());
  uint64_t rng = 31;
  for (;;) {
    const int p = g.planted.tiling[bs::splitmix64(rng) % g.planted.tiling.size()];
    const int cell = g.s.ends[p].first;
    if (bs::propagation::fixed(d[cell])) continue;
    std::vector<Mask> next = d;
    const bs::propagation::Narrowing move = bs::propagation::assign(
        g.s, next.data(), cell, bs::dominosa::direction_bit(g.s.first_to[p]));
    if (!cheap_fixpoint(g.s, next, {false, &move, &move + 1}) ||
        2 * fixed_cells(g.s, next) >= g.s.cells)
      return d;
    d = std::move(next);
  }
}

// The children of `parent`: each open cell of the first rows fixed to each alive direction,
// kept when the cheap rules do not fail it.
std::vector<std::vector<Mask>> children(const Grid& g, const std::vector<Mask>& parent, int most) {
  std::vector<std::vector<Mask>> out;
  for (int cell = 0; cell < g.s.cells && static_cast<int>(out.size()) < most; ++cell) {
    if (bs::propagation::fixed(parent[cell])) continue;
    for (Mask rest = parent[cell]; rest && static_cast<int>(out.size()) < most; rest &= rest - 1) {
      std::vector<Mask> child = parent;
      const bs::propagation::Narrowing move =
          bs::propagation::assign(g.s, child.data(), cell, rest & -rest);
      if (cheap_fixpoint(g.s, child, {false, &move, &move + 1})) out.push_back(std::move(child));
    }
  }
  return out;
}

// Calls `name` once on a copy of each node in turn, as many times as the benchmark asks.
void call_rule(benchmark::State& state, const Structure& s,
               const std::vector<std::vector<Mask>>& nodes, const std::string& variant) {
  bs::dominosa::set_matching_warm_start(variant == "hand_warm");
  const auto* entry = rule(variant == "bgl" ? "matching-bgl" : "matching");
  std::vector<Mask> work;
  std::vector<bs::propagation::Narrowing> log;
  log.reserve(static_cast<size_t>(s.cells) * 4);
  int64_t calls = 0, removed = 0;
  for (auto _ : state)
    for (const auto& node : nodes) {
      work = node;
      log.clear();
      bs::dominosa::Changes changed(s, work.data(), log);
      const bs::Verdict v =
          entry->propagate(s, work.data(), bs::propagation::Dirty::all(), changed);
      benchmark::DoNotOptimize(v);
      removed += static_cast<int64_t>(log.size());
      ++calls;
    }
  bs::dominosa::set_matching_warm_start(true);
  state.SetItemsProcessed(calls);
  state.counters["nodes"] = static_cast<double>(nodes.size());
  state.counters["narrowings_per_call"] = calls ? static_cast<double>(removed) / calls : 0;
  int64_t open = 0;
  for (const auto& node : nodes) open += s.cells - fixed_cells(s, node);
  state.counters["open_cells_per_node"] =
      static_cast<double>(open) / static_cast<double>(nodes.size());
}

constexpr auto kUs = benchmark::kMicrosecond;

void DominosaMatchingRoot(benchmark::State& state, const char* variant) {
  const Grid g(static_cast<int>(state.range(0)));
  call_rule(state, g.s, {g.s.root_state()}, variant);
}

void DominosaMatchingSparse(benchmark::State& state, const char* variant) {
  const Grid g(static_cast<int>(state.range(0)));
  call_rule(state, g.s, {sparse_node(g)}, variant);
}

void DominosaMatchingChildren(benchmark::State& state, const char* variant) {
  const Grid g(static_cast<int>(state.range(0)));
  call_rule(state, g.s, children(g, sparse_node(g), 32), variant);
}

BENCHMARK_CAPTURE(DominosaMatchingRoot, hand_cold, "hand_cold")->Arg(20)->Arg(100)->Unit(kUs);
BENCHMARK_CAPTURE(DominosaMatchingRoot, hand_warm, "hand_warm")->Arg(20)->Arg(100)->Unit(kUs);
BENCHMARK_CAPTURE(DominosaMatchingRoot, bgl, "bgl")->Arg(20)->Arg(100)->Unit(kUs);
BENCHMARK_CAPTURE(DominosaMatchingSparse, hand_cold, "hand_cold")->Arg(20)->Arg(100)->Unit(kUs);
BENCHMARK_CAPTURE(DominosaMatchingSparse, hand_warm, "hand_warm")->Arg(20)->Arg(100)->Unit(kUs);
BENCHMARK_CAPTURE(DominosaMatchingSparse, bgl, "bgl")->Arg(20)->Arg(100)->Unit(kUs);
BENCHMARK_CAPTURE(DominosaMatchingChildren, hand_cold, "hand_cold")->Arg(20)->Arg(100)->Unit(kUs);
BENCHMARK_CAPTURE(DominosaMatchingChildren, hand_warm, "hand_warm")->Arg(20)->Arg(100)->Unit(kUs);
BENCHMARK_CAPTURE(DominosaMatchingChildren, bgl, "bgl")->Arg(20)->Arg(100)->Unit(kUs);

}  // namespace
