// Minesweeper's `bench` games (solvers/bench.hpp).
#include "solvers/mines/bench.hpp"

#include <chrono>
#include <cstdio>

#include "puzzles/mines/game.hpp"
#include "solvers/mines/play.hpp"

namespace bs::mines {

namespace {

// Minesweeper games played serially: the fast player, and the strong one under both first-click
// rules. A game's "nodes" are its clicks, so a change to a move of the player (a guess on another
// cell, an endgame that finds another click) nearly always changes the count. It is a tripwire
// for changes that move many games, not a proof of none: a rare one (--lookahead-blend 1 changes
// about 0.5% of strong games) can leave these 35 strong games alone.
struct MinesSet {
  const char* name;
  const char* rule;
  int lookahead;
  int games;
};
constexpr MinesSet kMinesSets[] = {
    {"mines_expert_sfar_fast", "sfar", 0, 100},
    {"mines_expert_sfar_strong", "sfar", 1, 20},
    {"mines_expert_snr_strong", "snr", 1, 15},
};

}  // namespace

BenchReport mines_bench() {
  BenchReport report;
  char line[160];
  for (const MinesSet& m : kMinesSets) {
    const BoardSpec spec = parse_board_spec("expert", m.rule, "");
    Strategy strategy;
    strategy.lookahead = m.lookahead;
    std::vector<GameRecord> records;
    const auto t0 = std::chrono::steady_clock::now();
    const PlaySummary s = play_games(spec, strategy, 1, m.games, 1, &records);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    uint64_t clicks = 0;
    for (const GameRecord& r : records) clicks += r.clicks.size();
    report.nodes += clicks;
    report.seconds += seconds;
    std::snprintf(line, sizeof line, "%-24s %3lld won   %12llu clicks %8.1f ms\n", m.name,
                  static_cast<long long>(s.wins), static_cast<unsigned long long>(clicks),
                  seconds * 1e3);
    report.text += line;
  }
  return report;
}

}  // namespace bs::mines
