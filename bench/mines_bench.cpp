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
#include <benchmark/benchmark.h>

#include <cmath>

#include "puzzles/mines/game.hpp"
#include "solvers/mines/endgame.hpp"
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

}  // namespace
