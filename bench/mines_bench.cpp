// Kernels of the Minesweeper player. Run with --benchmark_repetitions=5 for the medians that
// docs/BENCHMARKS.md quotes.
//
// The positions are the ones the strong player meets when it must guess, in expert SNR games of
// seed 11 (deterministic, so every run weighs the same positions):
// MinesProbabilities: the exact probabilities of every such position in the first 20 games, the
//   engine the player calls before each guess.
// MinesEndgame: the exact endgame search, at the strong mode's budget, on every guess position
//   with between 300 and 3,000 layouts in the first 200 games of a strong player whose own
//   endgame search is off (so that the positions do not change when the search does): the
//   kernel the strong mode spends most of its time in.
// MinesStrongGuess: the strong player's whole guess (look-ahead, 50/50 checks, endgame) on the
//   guess positions of the first 20 games.
// MinesLpCellBounds/0 and /1: the LP's interval of every interchangeable group of frontier cells
//   (lp_cell_bounds, issue 33's answer for components too wide to count), after the rules
//   single-row and subset, on the positions of digits-only clicks (solvers/mines/generate.hpp):
//   /0 five 100x100 boards with 2,000 mines, 20% open (seeds 1-5), each a frontier of some 6,000
//   cells in 3,400 groups, its largest part 2,000-3,500 cells; /1 twenty expert boards, 28% open
//   (seeds 1-20). Counters: LPs per pass (the setup's two per part not counted), and of them the
//   LPs of a single cell.
#include <benchmark/benchmark.h>

#include <cmath>

#include "heuristics/mines/lp.hpp"
#include "heuristics/mines/position_system.hpp"
#include "puzzles/mines/game.hpp"
#include "solvers/mines/endgame.hpp"
#include "solvers/mines/generate.hpp"
#include "solvers/mines/play.hpp"
#include "solvers/mines/probability.hpp"

namespace {

using namespace bs::mines;

struct GuessPosition {
  Position position;
  double log10_layouts;
};

Strategy strong() {
  Strategy s;
  s.lookahead = 1;
  return s;
}

// The positions of `games` expert SNR games of seed 11 at which the player guessed, as play_game
// meets them.
std::vector<GuessPosition> guess_positions(int games, const Strategy& player = strong()) {
  const BoardSpec spec = parse_board_spec("expert", "snr", "");
  std::vector<GuessPosition> out;
  for (int g = 0; g < games; ++g)
    play_game(spec, deal(spec, 11, static_cast<uint64_t>(g)), player, static_cast<uint64_t>(g),
              [&](const Position& v, const Guess& guess) {
                out.push_back({v, guess.log10_layouts});
              });
  return out;
}

void MinesProbabilities(benchmark::State& state) {
  const std::vector<GuessPosition> positions = guess_positions(20);
  const std::vector<std::string> rules = Strategy{}.rules;
  for (auto _ : state)
    for (const GuessPosition& p : positions)
      benchmark::DoNotOptimize(mine_probabilities(p.position, rules).layouts_log10);
  state.counters["positions"] = static_cast<double>(positions.size());
  state.counters["positions/s"] = benchmark::Counter(
      static_cast<double>(positions.size()) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(MinesProbabilities)->Unit(benchmark::kMillisecond);

void MinesEndgame(benchmark::State& state) {
  const EndgameBudget budget = endgame_budget(strong());
  Strategy no_endgame = strong();
  no_endgame.endgame = false;
  std::vector<Position> positions;
  for (const GuessPosition& p : guess_positions(200, no_endgame))
    if (p.log10_layouts >= std::log10(300.0) && p.log10_layouts <= std::log10(budget.layouts))
      positions.push_back(p.position);
  if (positions.empty()) state.SkipWithError("no endgame position in these games");
  double solved = 0;
  for (auto _ : state) {
    solved = 0;
    for (const Position& p : positions)
      solved += solve_endgame(p, budget.layouts, budget.nodes).has_value();
  }
  state.counters["positions"] = static_cast<double>(positions.size());
  state.counters["solved"] = solved;
}
BENCHMARK(MinesEndgame)->Unit(benchmark::kMillisecond);

void MinesStrongGuess(benchmark::State& state) {
  const std::vector<GuessPosition> positions = guess_positions(20);
  const Strategy strategy = strong();
  for (auto _ : state)
    for (const GuessPosition& p : positions)
      benchmark::DoNotOptimize(choose_guess(p.position, strategy).cell);
  state.counters["positions"] = static_cast<double>(positions.size());
}
BENCHMARK(MinesStrongGuess)->Unit(benchmark::kMillisecond);

struct BoundsCase {
  MineSystem system;
  std::vector<std::vector<int>> groups;
};

void MinesLpCellBounds(benchmark::State& state) {
  const bool large = state.range(0) == 0;
  const BoardSpec board = parse_board_spec(large ? "100x100x2000" : "expert", "sfar", "");
  std::vector<BoundsCase> cases;
  double groups = 0;
  for (uint64_t seed = 1; seed <= (large ? 5u : 20u); ++seed) {
    const Position p = make_analysis_position({board, large ? 0.2 : 0.28, true, seed}).position;
    BoundsCase& c = cases.emplace_back();
    std::vector<int> cell_of;
    int hardest = -1;
    if (!build_position_system(p, c.system, cell_of) ||
        run_rules(c.system, {"single-row", "subset"}, hardest) == bs::Verdict::fail) {
      state.SkipWithError("an inconsistent generated position");
      return;
    }
    c.groups = interchangeable_groups(c.system);
    groups += static_cast<double>(c.groups.size());
  }
  double lps = 0, own_lps = 0;
  for (auto _ : state) {
    lps = own_lps = 0;
    for (const BoundsCase& c : cases) {
      std::vector<std::pair<double, double>> bounds;
      LpCellStats stats;
      benchmark::DoNotOptimize(lp_cell_bounds(c.system, c.groups, bounds, nullptr, &stats));
      lps += stats.lps;
      own_lps += stats.own;
    }
  }
  state.counters["positions"] = static_cast<double>(cases.size());
  state.counters["groups"] = groups;
  state.counters["lps"] = lps;  // per pass over the positions, the setup's not counted
  state.counters["own_lps"] = own_lps;
}
BENCHMARK(MinesLpCellBounds)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
