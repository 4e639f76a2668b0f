#include "solvers/bench.hpp"

#include <chrono>
#include <cstdio>
#include <stdexcept>

#include "puzzles/mines/game.hpp"
#include "puzzles/peg/format.hpp"
#include "solvers/mines/play.hpp"
#include "solvers/peg/solver.hpp"

namespace bs {

namespace {

struct Position {
  const char* name;
  const char* text;
  const char* expected;  // the status; a wrong one is an error, not a count change
};

// Solved and impossible positions on the English board and on small rectangles; together they
// exercise the bounds, the pagodas, symmetry, both sides of the portfolio and the backward set.
constexpr Position kPositions[] = {
    {"english33_central",
     "--XXX--\n--XXX--\nXXXXXXX\nXXXoXXX\nXXXXXXX\n--XXX--\n--XXX--\n\n"
     "--ooo--\n--ooo--\nooooooo\noooXooo\nooooooo\n--ooo--\n--ooo--\n",
     "solved"},
    {"english33_vac23_end53",
     "--XXX--\n--XXX--\nXXXoXXX\nXXXXXXX\nXXXXXXX\n--XXX--\n--XXX--\n\n"
     "--ooo--\n--ooo--\nooooooo\nooooooo\nooooooo\n--oXo--\n--ooo--\n",
     "solved"},
    {"english33_vac03_end03",
     "--XoX--\n--XXX--\nXXXXXXX\nXXXXXXX\nXXXXXXX\n--XXX--\n--XXX--\n\n"
     "--oXo--\n--ooo--\nooooooo\nooooooo\nooooooo\n--ooo--\n--ooo--\n",
     "solved"},
    {"rect_3x5_v00_f00", "oXXXX\nXXXXX\nXXXXX\n\nXoooo\nooooo\nooooo\n", "infeasible"},
    {"rect_4x5_v00_f04", "oXXXX\nXXXXX\nXXXXX\nXXXXX\n\nooooX\nooooo\nooooo\nooooo\n", "solved"},
    {"rect_5x5_v02_f42", "XXoXX\nXXXXX\nXXXXX\nXXXXX\nXXXXX\n\nooooo\nooooo\nooooo\nooooo\nooXoo\n",
     "solved"},
};

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

BenchReport run_bench() {
  BenchReport report;
  Options options;  // the defaults, one thread
  char line[160];
  for (const Position& p : kPositions) {
    const peg::Instance in = peg::parse_instance(p.text, p.name);
    const auto t0 = std::chrono::steady_clock::now();
    const Result r = peg::solve(in, options);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (std::string(to_string(r.status)) != p.expected)
      throw std::logic_error(std::string("bench: ") + p.name + " is " + to_string(r.status) +
                             ", expected " + p.expected);
    const auto nodes = static_cast<uint64_t>(r.counter("nodes"));
    report.nodes += nodes;
    report.seconds += s;
    std::snprintf(line, sizeof line, "%-24s %-10s %12llu nodes %9.1f ms\n", p.name,
                  to_string(r.status), static_cast<unsigned long long>(nodes), s * 1e3);
    report.text += line;
  }
  for (const MinesSet& m : kMinesSets) {
    const mines::BoardSpec spec = mines::parse_board_spec("expert", m.rule, "");
    mines::Strategy strategy;
    strategy.lookahead = m.lookahead;
    std::vector<mines::GameRecord> records;
    const auto t0 = std::chrono::steady_clock::now();
    const mines::PlaySummary s = mines::play_games(spec, strategy, 1, m.games, 1, &records);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    uint64_t clicks = 0;
    for (const mines::GameRecord& r : records) clicks += r.clicks.size();
    report.nodes += clicks;
    report.seconds += seconds;
    std::snprintf(line, sizeof line, "%-24s %3lld won   %12llu clicks %8.1f ms\n", m.name,
                  static_cast<long long>(s.wins), static_cast<unsigned long long>(clicks),
                  seconds * 1e3);
    report.text += line;
  }
  std::snprintf(line, sizeof line, "Nodes searched: %llu\nTime: %.3f s\n",
                static_cast<unsigned long long>(report.nodes), report.seconds);
  report.text += line;
  return report;
}

}  // namespace bs
