// Minesweeper games: deals are reproducible and follow the first-click rules, MBF files round-trip,
// a game's record replays to its outcome, the Wilson interval matches known values, and the
// statistics of a run are the same on one thread and on two.
#include "solvers/mines/play.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <thread>

#include "core/error.hpp"
#include "puzzles/mines/game.hpp"
#include "puzzles/mines/position.hpp"
#include "solvers/mines/endgame.hpp"
#include "solvers/mines/local_moves.hpp"
#include "solvers/mines/probability.hpp"
#include "solvers/mines/solver.hpp"
#include "tests/sample_size.hpp"

namespace {

using namespace bs::mines;

TEST(MinesGame, DealsAreReproducibleAndKeepTheFirstClickSafe) {
  for (const char* rule : {"sfar", "snr"}) {
    const BoardSpec spec = parse_board_spec("expert", rule, "");
    EXPECT_EQ(spec.click_x, spec.snr ? 3 : 0);
    for (uint64_t g = 0; g < 200; ++g) {
      const Layout a = deal(spec, 42, g), b = deal(spec, 42, g);
      ASSERT_EQ(a.mine, b.mine);
      EXPECT_EQ(std::count(a.mine.begin(), a.mine.end(), 1), 99);
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if (!spec.snr && (dx || dy)) continue;
          const int x = spec.click_x + dx, y = spec.click_y + dy;
          if (x < 0 || y < 0) continue;
          EXPECT_EQ(a.mine[y * spec.width + x], 0) << rule << " game " << g;
        }
    }
    EXPECT_NE(deal(spec, 42, 0).mine, deal(spec, 42, 1).mine);
    EXPECT_NE(deal(spec, 42, 0).mine, deal(spec, 43, 0).mine);
  }
}

TEST(MinesGame, EveryCellGetsAMineEquallyOften) {
  // SFAR on a 3x3 board with 4 mines: each of the 8 other cells holds a mine half the time.
  const BoardSpec spec = parse_board_spec("3x3x4", "sfar", "");
  std::vector<int> hits(9, 0);
  const int games = 40000;
  for (int g = 0; g < games; ++g) {
    const Layout l = deal(spec, 7, g);
    for (int i = 0; i < 9; ++i) hits[i] += l.mine[i];
  }
  EXPECT_EQ(hits[0], 0);
  for (int i = 1; i < 9; ++i) EXPECT_NEAR(hits[i] / double(games), 0.5, 0.015) << i;
}

TEST(MinesGame, BoardSpecsAndTheirErrors) {
  EXPECT_EQ(parse_board_spec("beginner", "sfar", "").mines, 10);
  EXPECT_EQ(parse_board_spec("intermediate", "snr", "").width, 16);
  EXPECT_EQ(parse_board_spec("5x4x3", "sfar", "2,1").click_y, 1);
  EXPECT_THROW(parse_board_spec("huge", "sfar", ""), std::invalid_argument);
  EXPECT_THROW(parse_board_spec("3x3x9", "sfar", ""), std::invalid_argument);
  EXPECT_THROW(parse_board_spec("4x4x13", "snr", ""), std::invalid_argument);
  EXPECT_THROW(parse_board_spec("expert", "first", ""), std::invalid_argument);
  EXPECT_THROW(parse_board_spec("expert", "sfar", "30,0"), std::invalid_argument);
}

// Every brute-force oracle of these tests counts mines through Position::for_neighbours, as the
// code under test does, so its neighbour sets are checked here by hand: a corner, an edge cell, an
// interior cell, and a board one cell high (where rows must not wrap).
TEST(MinesPosition, NeighboursAreTheEightAroundACellWithinTheBoard) {
  Position p;
  p.width = 4, p.height = 3;  // cells y * 4 + x
  auto around = [&](const Position& q, int i) {
    std::set<int> out;
    q.for_neighbours(i, [&](int j) { EXPECT_TRUE(out.insert(j).second) << "twice: " << j; });
    return out;
  };
  EXPECT_EQ(around(p, 0), (std::set<int>{1, 4, 5}));
  EXPECT_EQ(around(p, 3), (std::set<int>{2, 6, 7}));
  EXPECT_EQ(around(p, 4), (std::set<int>{0, 1, 5, 8, 9}));
  EXPECT_EQ(around(p, 5), (std::set<int>{0, 1, 2, 4, 6, 8, 9, 10}));
  EXPECT_EQ(around(p, 11), (std::set<int>{6, 7, 10}));
  Position row;
  row.width = 5, row.height = 1;
  EXPECT_EQ(around(row, 0), (std::set<int>{1}));
  EXPECT_EQ(around(row, 4), (std::set<int>{3}));
  EXPECT_EQ(around(row, 2), (std::set<int>{1, 3}));
}

TEST(MinesGame, MbfRoundTripsAndRejectsBadFiles) {
  const BoardSpec spec = parse_board_spec("expert", "sfar", "");
  const Layout l = deal(spec, 1, 2);
  const std::string bytes = to_mbf(l);
  ASSERT_EQ(bytes.size(), 4u + 2 * 99);
  // The format read off the bytes themselves: width, height, the mine count in two bytes (high
  // first), then x, y of each mine; not only a round trip, which a bug on both sides would pass.
  EXPECT_EQ(static_cast<uint8_t>(bytes[0]), 30);
  EXPECT_EQ(static_cast<uint8_t>(bytes[1]), 16);
  EXPECT_EQ(static_cast<uint8_t>(bytes[2]) * 256 + static_cast<uint8_t>(bytes[3]), 99);
  std::set<int> listed;
  for (size_t k = 4; k < bytes.size(); k += 2) {
    const int x = static_cast<uint8_t>(bytes[k]), y = static_cast<uint8_t>(bytes[k + 1]);
    ASSERT_LT(x, 30);
    ASSERT_LT(y, 16);
    EXPECT_TRUE(l.mine[y * 30 + x]) << x << "," << y;
    listed.insert(y * 30 + x);
  }
  EXPECT_EQ(listed.size(), 99u);
  const Layout back = from_mbf(bytes, "b.mbf");
  EXPECT_EQ(back.width, 30);
  EXPECT_EQ(back.mine, l.mine);
  EXPECT_THROW(from_mbf(bytes.substr(0, 10), "b.mbf"), bs::InputError);
  std::string off = bytes;
  off[4] = 40;  // x beyond the width
  EXPECT_THROW(from_mbf(off, "b.mbf"), bs::InputError);
  std::string twice = bytes;
  twice[6] = twice[4], twice[7] = twice[5];
  EXPECT_THROW(from_mbf(twice, "b.mbf"), bs::InputError);
}

TEST(MinesGame, ARecordReplaysToItsOutcome) {
  const BoardSpec spec = parse_board_spec("intermediate", "sfar", "");
  int wins = 0;
  for (uint64_t g = 0; g < 100; ++g) {
    const Layout l = deal(spec, 9, g);
    const GameRecord r = play_game(spec, l, Strategy{}, g);
    Game replay(l, 40);
    bool alive = true;
    for (size_t k = 0; k < r.clicks.size(); ++k) {
      ASSERT_TRUE(alive) << "a click after the game was lost";
      alive = replay.reveal(r.clicks[k]);
    }
    EXPECT_EQ(replay.won(), r.won) << g;
    EXPECT_EQ(replay.lost(), !r.won) << g;
    // And by replay_record, whose flood fill and win test share no code with Game's.
    EXPECT_EQ(replay_record(spec, l, r), "") << g;
    wins += r.won;
  }
  EXPECT_GT(wins, 50);
}

TEST(MinesGame, WilsonIntervalMatchesKnownValues) {
  double low, high;
  wilson_interval(50, 100, low, high);  // 0.5 +- 0.0962 (centre 0.5)
  EXPECT_NEAR(low, 0.40383, 1e-5);
  EXPECT_NEAR(high, 0.59617, 1e-5);
  wilson_interval(0, 10, low, high);
  EXPECT_NEAR(low, 0, 1e-12);
  EXPECT_NEAR(high, 0.27753, 1e-5);
}

// The same games on one thread and on two: the same wins, guesses and clicks, game by game.
void expect_thread_independent(const BoardSpec& spec, const Strategy& strategy, int64_t games) {
  std::vector<GameRecord> one, two;
  const PlaySummary a = play_games(spec, strategy, 5, games, 1, &one);
  const PlaySummary b = play_games(spec, strategy, 5, games, 2, &two);
  ASSERT_EQ(one.size(), static_cast<size_t>(games));
  ASSERT_EQ(a.by_element.size(), kGuessKinds.size());
  EXPECT_EQ(a.wins, b.wins);
  EXPECT_EQ(a.guesses_per_game, b.guesses_per_game);
  ASSERT_EQ(one.size(), two.size());
  for (size_t g = 0; g < one.size(); ++g) EXPECT_EQ(one[g].clicks, two[g].clicks) << g;
  ASSERT_EQ(a.by_element.size(), b.by_element.size());
  for (size_t k = 0; k < a.by_element.size(); ++k) {
    EXPECT_EQ(a.by_element[k].guesses, b.by_element[k].guesses) << k;
    EXPECT_EQ(a.by_element[k].losses, b.by_element[k].losses) << k;
    EXPECT_EQ(a.by_element[k].risk, b.by_element[k].risk) << k;  // summed in game order
  }
}

// The tally by element accounts for every guess and every lost game, each under the element that
// made the guess, and each guess knows how many layouts fitted its position.
TEST(MinesPlay, EveryLostGameIsTalliedUnderTheGuessThatLostIt) {
  for (const char* rule : {"sfar", "snr"}) {
    const BoardSpec spec = parse_board_spec("intermediate", rule, "");
    Strategy strong;
    strong.lookahead = 1;
    std::vector<GameRecord> records;
    const PlaySummary s = play_games(spec, strong, 3, 200, 2, &records);
    ASSERT_EQ(records.size(), 200u);
    ASSERT_EQ(s.by_element.size(), kGuessKinds.size());
    std::map<std::string, int64_t> guesses, losses;
    std::map<std::string, double> risk;
    for (const GameRecord& r : records) {
      for (const Guess& g : r.guess_log) {
        ++guesses[g.why];
        risk[g.why] += g.risk;
        // A guess means no cell was certain, so at least two layouts fitted; the endgame search
        // takes only positions within its budget.
        EXPECT_GE(g.log10_layouts, std::log10(2.0) - 1e-9);
        if (std::string(g.why) == "endgame") {
          EXPECT_LE(g.log10_layouts, std::log10(endgame_budget(strong).layouts) + 1e-9);
        }
      }
      if (!r.won) {
        ASSERT_FALSE(r.guess_log.empty()) << "a game lost without a guess";
        // The last guess lost it: it is the last click, and a mine of the dealt layout.
        EXPECT_EQ(r.guess_log.back().cell, r.clicks.back());
        EXPECT_TRUE(deal(spec, 3, r.index).mine[r.clicks.back()]) << r.index;
        ++losses[r.guess_log.back().why];
      }
    }
    int64_t lost = 0, guessed = 0;
    for (size_t k = 0; k < kGuessKinds.size(); ++k) {
      const GuessTally& t = s.by_element[k];
      EXPECT_STREQ(t.why, kGuessKinds[k]);
      EXPECT_EQ(t.guesses, guesses[t.why]) << t.why;
      EXPECT_EQ(t.losses, losses[t.why]) << t.why;
      EXPECT_NEAR(t.risk, risk[t.why], 1e-9) << t.why;
      lost += t.losses;
      guessed += t.guesses;
    }
    EXPECT_EQ(lost, s.games - s.wins);
    EXPECT_GT(lost, 0);  // 200 intermediate games are never all won
    EXPECT_NEAR(static_cast<double>(guessed) / static_cast<double>(s.games), s.guesses_per_game,
                1e-12);
  }
}

// The watch sees every guess of a game, in order, with the position it was made in: the guessed
// cell still unknown there, and the position one whose exact probabilities give the guess's risk.
TEST(MinesPlay, TheWatchSeesEveryGuessInItsPosition) {
  const BoardSpec spec = parse_board_spec("intermediate", "sfar", "");
  size_t guesses = 0;
  for (uint64_t g = 0; g < 20; ++g) {
    std::vector<Guess> seen;
    const Layout layout = deal(spec, 4, g);
    const GameRecord r =
        play_game(spec, layout, Strategy{}, g, [&](const Position& v, const Guess& guess) {
          ASSERT_EQ(v.cells[guess.cell], kUnknown);
          // The position is the game's: each digit counts the layout's mines around it (by its
          // own neighbour loop), and each flag is a mine.
          for (int c = 0; c < v.width * v.height; ++c) {
            if (v.cells[c] == kFlag) {
              EXPECT_TRUE(layout.mine[c]) << c;
            }
            if (v.cells[c] < 0) continue;
            int around = 0;
            for (int dy = -1; dy <= 1; ++dy)
              for (int dx = -1; dx <= 1; ++dx) {
                const int x = c % v.width + dx, y = c / v.width + dy;
                if ((dx || dy) && x >= 0 && y >= 0 && x < v.width && y < v.height)
                  around += layout.mine[y * v.width + x];
              }
            EXPECT_FALSE(layout.mine[c]) << c;
            EXPECT_EQ(v.cells[c], around) << c;
          }
          const Probabilities a = mine_probabilities(v, Strategy{}.rules);
          EXPECT_NEAR(a.mine[guess.cell], guess.risk, 1e-12);
          EXPECT_NEAR(a.layouts_log10, guess.log10_layouts, 1e-9);
          seen.push_back(guess);
        });
    ASSERT_EQ(seen.size(), r.guess_log.size());
    for (size_t k = 0; k < seen.size(); ++k) EXPECT_EQ(seen[k].cell, r.guess_log[k].cell);
    guesses += seen.size();
  }
  EXPECT_GT(guesses, 0u);  // 20 intermediate games always guess somewhere
}

TEST(MinesPlay, TheStrongModeGetsALargerEndgameBudgetUnlessOneIsGiven) {
  Strategy s;
  EXPECT_EQ(endgame_budget(s).layouts, 100);
  EXPECT_EQ(endgame_budget(s).nodes, 20000);
  s.lookahead = 1;
  EXPECT_EQ(endgame_budget(s).layouts, 3000);
  EXPECT_EQ(endgame_budget(s).nodes, 1000000);
  // The options reach the strategy unchanged; a given budget wins in either mode.
  bs::Options o;
  o.set("lookahead", "1");
  o.set("endgame-layouts", "50");
  o.set("endgame-nodes", "7");
  EXPECT_EQ(endgame_budget(strategy_from(o)).layouts, 50);
  EXPECT_EQ(endgame_budget(strategy_from(o)).nodes, 7);
  o.set("lookahead", "0");
  EXPECT_EQ(endgame_budget(strategy_from(o)).layouts, 50);
}

// Every element that --play-off names must change how the player plays when it is switched off
// (a switch that silently did nothing once made an ablation row equal its baseline): on the same
// games, some game's clicks differ from the default's. The strong player on expert SNR exercises
// every element within 60 games; "subset" and "tiebreak" act in the fast player too.
TEST(MinesPlay, EveryElementSwitchedOffByNameChangesThePlay) {
  const BoardSpec spec = parse_board_spec("expert", "snr", "");
  auto clicks = [&](const std::string& off) {
    bs::Options o;
    o.set("lookahead", "1");
    if (!off.empty()) o.set("play-off", off);
    std::vector<GameRecord> records;
    play_games(spec, strategy_from(o), 7, 60, 2, &records);
    std::vector<std::vector<int>> out;
    for (const GameRecord& r : records) out.push_back(r.clicks);
    return out;
  };
  const auto base = clicks("");
  for (const char* element :
       {"tiebreak", "corners", "fifty-fifty", "dead", "endgame", "long-term", "subset"})
    EXPECT_NE(clicks(element), base) << "--play-off " << element << " changed nothing";
  bs::Options o;
  o.set("long-term", "2");
  o.set("play-off", "long-term");
  EXPECT_EQ(strategy_from(o).long_term, 0);
}

// Every move of LocalMoves holds in every assignment of the frontier (the unknown cells next to
// a digit) that meets every digit, found by brute force: a click is safe in all of them, a flag a
// mine in all. Random 6x6 boards of 7 mines are played from a random safe cell; when the local
// checks stall, the test opens a safe cell of the layout itself and goes on. With the pair check
// the games need fewer of those openings than with the single digits alone, on the same boards.
TEST(MinesPlay, LocalMovesAreCertain) {
  std::mt19937 rng(20261126);
  const int boards = bs::test::samples(400);
  int checked = 0, stalls_with_pairs = 0, stalls_without = 0;
  for (int b = 0; b < boards; ++b) {
    Layout layout;
    layout.width = layout.height = 6;
    layout.mine.assign(36, 0);
    std::vector<int> cells(36);
    std::iota(cells.begin(), cells.end(), 0);
    std::shuffle(cells.begin(), cells.end(), rng);
    for (int k = 0; k < 7; ++k) layout.mine[cells[k]] = 1;
    const int first = cells[7 + static_cast<int>(rng() % 29)];
    for (bool pairs : {true, false}) {
      Game game(layout, 7);
      const Position& v = game.view();
      LocalMoves local(v, pairs);
      // Each frontier assignment that meets every digit, as the set of its mines.
      auto fits = [&](auto&& visit) {
        std::vector<int> frontier;
        for (int c = 0; c < 36; ++c) {
          bool near_digit = false;
          v.for_neighbours(c, [&](int j) { near_digit = near_digit || v.cells[j] >= 0; });
          if (v.cells[c] == kUnknown && near_digit) frontier.push_back(c);
        }
        if (frontier.size() > 18) return false;  // too many to enumerate: the move goes unchecked
        std::vector<uint8_t> mine(36, 0);
        for (uint32_t m = 0; m < (uint32_t{1} << frontier.size()); ++m) {
          for (size_t k = 0; k < frontier.size(); ++k) mine[frontier[k]] = (m >> k) & 1;
          bool ok = true;
          for (int d = 0; d < 36 && ok; ++d) {
            if (v.cells[d] < 0) continue;
            int around = 0;
            v.for_neighbours(d, [&](int j) { around += v.cells[j] == kFlag || mine[j]; });
            ok = around == v.cells[d];
          }
          if (ok) visit(mine);
        }
        return true;
      };
      auto check = [&](int cell, bool safe) {
        ASSERT_EQ(v.cells[cell], kUnknown);
        int layouts = 0, against = 0;
        if (!fits([&](const std::vector<uint8_t>& mine) {
              ++layouts;
              against += mine[cell] == safe;
            }))
          return;
        ASSERT_GT(layouts, 0);  // the true layout always fits
        EXPECT_EQ(against, 0) << "board " << b << ": cell " << cell
                              << (safe ? " clicked" : " flagged") << " but it is not certain";
        ++checked;
      };
      auto click = [&](int cell) {
        check(cell, true);
        ASSERT_TRUE(game.reveal(cell)) << "board " << b << ": a local move clicked a mine";
        for (int i : game.opened()) local.changed(i);
      };
      auto flag = [&](int cell) {
        check(cell, false);
        game.flag(cell);
        local.changed(cell);
      };
      click(first);
      while (!game.won()) {
        local.play(click, flag);
        if (HasFatalFailure()) return;
        if (game.won()) break;
        ++(pairs ? stalls_with_pairs : stalls_without);
        int safe = -1;
        for (int c = 0; c < 36 && safe < 0; ++c)
          if (v.cells[c] == kUnknown && !layout.mine[c]) safe = c;
        game.reveal(safe);
        for (int i : game.opened()) local.changed(i);
      }
    }
  }
  EXPECT_GE(checked, boards * 5);
  EXPECT_LT(stalls_with_pairs, stalls_without);
  std::printf("%d moves checked; %d stalls with the pair check, %d without\n", checked,
              stalls_with_pairs, stalls_without);
}

// The certain moves found around the last change (Strategy::local_moves) only reorder the
// certain moves: every game makes the same guesses, with the same risks, and ends the same way as
// with the whole-board analysis alone. A local move that was not certain would lose a game
// without a guess or flag a safe cell (and the position would turn inconsistent); one that missed
// nothing the whole board finds cannot show here, since that analysis still runs when they stall.
TEST(MinesPlay, LocalMovesChangeNoGuess) {
  struct Case {
    const char* board;
    const char* rule;
    const char* click;
    int lookahead;
    int games;
  };
  const Case cases[] = {{"expert", "sfar", "", 0, 300},
                        {"expert", "snr", "", 1, 40},
                        {"intermediate", "sfar", "", 1, 200},
                        {"beginner9", "snr", "2,2", 0, 400},
                        {"12x10x30", "sfar", "", 0, 400}};
  for (const Case& c : cases) {
    const BoardSpec spec = parse_board_spec(c.board, c.rule, c.click);
    Strategy local, whole;
    local.lookahead = whole.lookahead = c.lookahead;
    whole.local_moves = false;
    const int games = bs::test::samples(c.games);
    std::vector<GameRecord> a, b;
    const PlaySummary sa = play_games(spec, local, 11, games, 2, &a);
    const PlaySummary sb = play_games(spec, whole, 11, games, 2, &b);
    EXPECT_EQ(sa.wins, sb.wins) << c.board;
    EXPECT_GT(sa.wins, 0) << c.board;
    EXPECT_LT(sa.wins, games) << c.board;
    size_t reordered = 0;
    for (int g = 0; g < games; ++g) {
      ASSERT_EQ(a[g].won, b[g].won) << c.board << " game " << g;
      ASSERT_EQ(a[g].guess_log.size(), b[g].guess_log.size()) << c.board << " game " << g;
      for (size_t k = 0; k < a[g].guess_log.size(); ++k) {
        EXPECT_EQ(a[g].guess_log[k].cell, b[g].guess_log[k].cell) << c.board << " game " << g;
        EXPECT_EQ(a[g].guess_log[k].risk, b[g].guess_log[k].risk) << c.board << " game " << g;
        EXPECT_STREQ(a[g].guess_log[k].why, b[g].guess_log[k].why) << c.board << " game " << g;
      }
      reordered += a[g].clicks != b[g].clicks;
    }
    EXPECT_GT(reordered, 0u) << c.board << ": the local moves never ran";
  }
}

TEST(MinesPlayParallel, StatisticsDoNotDependOnTheThreadCount) {
  const BoardSpec spec = parse_board_spec("intermediate", "sfar", "");
  expect_thread_independent(spec, Strategy{}, 300);
  // The strong mode too: its look-ahead runs inside each game, on the game's own thread.
  Strategy strong;
  strong.lookahead = 1;
  expect_thread_independent(spec, strong, 40);
  // And two guesses deep, on the small board.
  Strategy deep;
  deep.lookahead = 2;
  expect_thread_independent(parse_board_spec("beginner9", "sfar", ""), deep, 60);
}

// The progress callback runs on one thread, sees the games ended so far rise, never past the
// total, with no more wins than games, and leaves the summary as it is without it.
TEST(MinesPlayParallel, ProgressRisesOnOneThreadAndChangesNothing) {
  const BoardSpec spec = parse_board_spec("beginner9", "sfar", "");
  const PlaySummary plain = play_games(spec, Strategy{}, 3, 400, 2);
  std::vector<std::pair<int64_t, int64_t>> seen;  // touched by the one calling thread only
  const PlaySummary watched =
      play_games(spec, Strategy{}, 3, 400, 2, nullptr, nullptr, nullptr,
                 [&](int64_t done, int64_t wins) { seen.emplace_back(done, wins); });
  EXPECT_EQ(watched.wins, plain.wins);
  EXPECT_EQ(watched.games, plain.games);
  ASSERT_FALSE(seen.empty());
  for (size_t k = 0; k < seen.size(); ++k) {
    EXPECT_LE(seen[k].second, seen[k].first);
    EXPECT_LE(seen[k].first, 400);
    if (k > 0) {
      EXPECT_GT(seen[k].first, seen[k - 1].first);
    }
  }
}

// A random small position: each cell a mine with chance 1/mine_one_in, each safe cell revealed
// (showing its digit) with chance reveal_in_4/4; the rest unknown. No flags.
Position random_position(std::mt19937& rng, int width, int height, int mine_one_in,
                         int reveal_in_4) {
  Position p;
  p.width = width;
  p.height = height;
  const int n = width * height;
  std::vector<char> mine(n, 0);
  for (auto& m : mine) m = rng() % mine_one_in == 0;
  p.mines = static_cast<int>(std::count(mine.begin(), mine.end(), 1));
  p.cells.assign(n, kUnknown);
  for (int i = 0; i < n; ++i) {
    if (mine[i] || static_cast<int>(rng() % 4) >= reveal_in_4) continue;
    int around = 0;
    p.for_neighbours(i, [&](int j) { around += mine[j]; });
    p.cells[i] = static_cast<int8_t>(around);
  }
  return p;
}

// The brute-force oracle's ground: every layout of a small position's unknown cells that fits its
// digits and mine count, as bit masks over `unknown`.
struct Layouts {
  const Position& p;
  std::vector<int> unknown, bit;  // the unknown cells; bit[cell] = index among them, or -1
  std::vector<uint32_t> all;

  explicit Layouts(const Position& position) : p(position) {
    const int n = p.width * p.height;
    bit.assign(n, -1);
    int flags = 0;
    for (int i = 0; i < n; ++i) {
      flags += p.cells[i] == kFlag;
      if (p.cells[i] != kUnknown) continue;
      bit[i] = static_cast<int>(unknown.size());
      unknown.push_back(i);
    }
    if (unknown.size() > 20) return;  // too many to enumerate: no layouts listed
    for (uint32_t m = 0; m < (uint32_t{1} << unknown.size()); ++m) {
      if (std::popcount(m) != p.mines - flags) continue;
      bool fits = true;
      for (int i = 0; i < n && fits; ++i)
        if (p.cells[i] >= 0) fits = digit(m, i) == p.cells[i];
      if (fits) all.push_back(m);
    }
  }
  int size() const { return static_cast<int>(unknown.size()); }
  bool mine(uint32_t layout, int cell) const {
    return bit[cell] >= 0 && ((layout >> bit[cell]) & 1);
  }
  // What `cell` shows in `layout`: the flags and mines around it.
  int digit(uint32_t layout, int cell) const {
    int count = 0;
    p.for_neighbours(cell, [&](int j) { count += p.cells[j] == kFlag || mine(layout, j); });
    return count;
  }
};

// Secondary safety by brute force over every layout that fits a small position: for the guess c,
// the share of layouts in which c is safe, split by the digit c shows, each part worth 1 when
// another cell is safe in all of its layouts and otherwise the best share of layouts in which a
// cell is safe, blended with the second best share (--lookahead-blend). The look-ahead at depth 1
// must equal it.
TEST(MinesLookahead, DepthOneIsSecondarySafetyByBruteForce) {
  std::mt19937 rng(11);
  int compared = 0;
  for (int trial = 0; trial < 400 && compared < 300; ++trial) {
    const int width = 2 + static_cast<int>(rng() % 4);
    const int height = 2 + static_cast<int>(rng() % 3);
    const Position p = random_position(rng, width, height, 4, 1);
    const Layouts fit(p);
    const int u = fit.size();
    if (u < 2 || u > 14) continue;
    const std::vector<int>& unknown = fit.unknown;
    const std::vector<uint32_t>& layouts = fit.all;
    ASSERT_FALSE(layouts.empty());
    for (const double blend : {0.0, 2.0}) {
      Strategy strategy;
      strategy.lookahead_blend = blend;
      for (int k = 0; k < u; ++k) {
        double want = 0;
        for (int digit = 0; digit <= 8; ++digit) {
          std::vector<uint32_t> part;
          for (uint32_t m : layouts)
            if (!((m >> k) & 1) && fit.digit(m, unknown[k]) == digit) part.push_back(m);
          if (part.empty()) continue;
          std::vector<double> shares;  // each other cell's share of safe layouts
          for (int j = 0; j < u; ++j)
            if (j != k)
              shares.push_back(
                  static_cast<double>(std::count_if(part.begin(), part.end(),
                                                    [&](uint32_t m) { return !((m >> j) & 1); })) /
                  static_cast<double>(part.size()));
          std::sort(shares.rbegin(), shares.rend());
          double value = 1;  // no cell left, or one certainly safe
          if (!shares.empty() && shares[0] < 1) {
            const double second = shares.size() > 1 ? shares[1] : 0;
            value =
                blend > 0 && second > 0 ? (blend * shares[0] + second) / (blend + 1) : shares[0];
          }
          want += static_cast<double>(part.size()) * value;
        }
        want /= static_cast<double>(layouts.size());
        EXPECT_NEAR(lookahead_score(p, unknown[k], strategy, 1), want, 1e-9)
            << format_position(p) << "cell " << unknown[k] << " blend " << blend;
      }
    }
    ++compared;
  }
  EXPECT_GE(compared, 200);
}

// The long-term risk relief by brute force over every layout that fits a small position. For each
// 2x1 pair and 2x2 box of unknown cells that can each be a mine or safe, with a digit next to one
// of them, no end (a cell next to just one of them) revealed or certainly safe, and at most one
// end unknown and not certainly a mine: the share of layouts in which every unknown end is a
// mine and the pattern's mines are one of its two mirror sets (one cell of a pair, a diagonal of
// a box). Half of it, when at least kLongTermLeastShare, goes to each of the pattern's cells and
// its unknown ends; each cell's sum is
// capped at its risk. Small boards have many such patterns, since the board's edge stands in for
// mined ends.
TEST(MinesLookahead, LongTermReliefIsHalfTheChanceOfTheTossesByBruteForce) {
  std::mt19937 rng(23);
  int compared = 0, patterns = 0, box_relief = 0;
  for (int trial = 0; trial < 600 && compared < 300; ++trial) {
    const int width = 2 + static_cast<int>(rng() % 4);
    const int height = 2 + static_cast<int>(rng() % 3);
    Position p = random_position(rng, width, height, 3, 1);
    const int n = width * height;
    // Flag a mine now and then, as the player does, so that flagged ends count as mines.
    const Layouts pre(p);
    if (pre.all.empty() || pre.size() < 2 || pre.size() > 16) continue;
    for (int i = 0; i < n; ++i)
      if (p.cells[i] == kUnknown && rng() % 3 == 0 &&
          std::all_of(pre.all.begin(), pre.all.end(), [&](uint32_t m) { return pre.mine(m, i); }))
        p.cells[i] = kFlag;
    const Layouts fit(p);
    const double total = static_cast<double>(fit.all.size());
    std::vector<double> risk(n, 0);
    for (int c : fit.unknown)
      risk[c] = static_cast<double>(std::count_if(fit.all.begin(), fit.all.end(),
                                                  [&](uint32_t m) { return fit.mine(m, c); })) /
                total;
    auto open = [&](int c) { return p.cells[c] == kUnknown && risk[c] > 0 && risk[c] < 1; };
    auto touches_digit = [&](int c) {
      bool t = false;
      p.for_neighbours(c, [&](int j) { t = t || p.cells[j] >= 0; });
      return t;
    };
    std::vector<double> want(n, 0), want_boxes(n, 0);  // all patterns; 2x2 boxes alone
    bool near_cut = false;
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        const int t = y * width + x;
        // {cells, first mirror set as a bit mask over cells}
        std::vector<std::vector<int>> shapes;
        if (x + 1 < width) shapes.push_back({t, t + 1});
        if (y + 1 < height) shapes.push_back({t, t + width});
        if (x + 1 < width && y + 1 < height) shapes.push_back({t, t + 1, t + width, t + width + 1});
        for (const std::vector<int>& cells : shapes) {
          if (!std::all_of(cells.begin(), cells.end(), open) ||
              !std::any_of(cells.begin(), cells.end(), touches_digit))
            continue;
          std::vector<int> ends;
          bool settled = false;
          for (int e = 0; e < n; ++e) {
            if (std::find(cells.begin(), cells.end(), e) != cells.end()) continue;
            int seen = 0;
            for (int c : cells)
              seen += std::abs(e % width - c % width) <= 1 && std::abs(e / width - c / width) <= 1;
            if (seen != 1) continue;
            if (p.cells[e] >= 0 || (p.cells[e] == kUnknown && risk[e] == 0)) settled = true;
            if (p.cells[e] == kUnknown) ends.push_back(e);
          }
          const auto missing =
              std::count_if(ends.begin(), ends.end(), [&](int e) { return risk[e] < 1; });
          if (settled || missing > 1) continue;
          // The mirror sets: one cell of a pair; TL+BR or TR+BL of a box (cells in reading order).
          const std::vector<std::vector<int>> mirrors =
              cells.size() == 2 ? std::vector<std::vector<int>>{{1, 0}, {0, 1}}
                                : std::vector<std::vector<int>>{{1, 0, 0, 1}, {0, 1, 1, 0}};
          double forms = 0;
          for (uint32_t m : fit.all) {
            if (!std::all_of(ends.begin(), ends.end(), [&](int e) { return fit.mine(m, e); }))
              continue;
            for (const std::vector<int>& set : mirrors) {
              bool match = true;
              for (size_t k = 0; k < cells.size(); ++k)
                match = match && fit.mine(m, cells[k]) == (set[k] == 1);
              forms += match;
            }
          }
          forms /= total;
          // Too close to the cut for two routes' rounding to agree on which side it falls.
          if (std::abs(forms / 2 - kLongTermLeastShare) < 1e-9) near_cut = true;
          if (forms / 2 < kLongTermLeastShare) continue;
          ++patterns;
          for (std::vector<double>* sum : {&want, &want_boxes}) {
            if (sum == &want_boxes && cells.size() == 2) continue;
            for (int c : cells) (*sum)[c] += forms / 2;
            for (int e : ends)
              if (risk[e] < 1) (*sum)[e] += forms / 2;
          }
        }
      }
    if (near_cut) continue;
    const std::vector<double> got = long_term_relief(p, Strategy{}.rules, true),
                              boxes = long_term_relief(p, Strategy{}.rules, false);
    ASSERT_EQ(static_cast<int>(got.size()), n);
    for (int i = 0; i < n; ++i) {
      EXPECT_NEAR(got[i], std::min(want[i], risk[i]), 1e-9) << format_position(p) << "cell " << i;
      EXPECT_NEAR(boxes[i], std::min(want_boxes[i], risk[i]), 1e-9)
          << format_position(p) << "cell " << i << " (boxes alone)";
      box_relief += boxes[i] > 0;
    }
    ++compared;
  }
  EXPECT_GE(compared, 200);
  EXPECT_GE(patterns, 100);  // tosses that can form, or the test would check only zeros
  EXPECT_GE(box_relief, 50);
}

// The `dead` element: with the look-ahead weighing every cell, the guess is a cell that can show
// two digits or more (found by brute force over the layouts) whenever one exists. Without the
// element some dead cell must be chosen, or the positions would not test it.
TEST(MinesLookahead, ADeadCellIsGuessedOnlyWhenEveryCellIsDead) {
  std::mt19937 rng(5);
  int checked = 0, dead_chosen_without = 0;
  for (int trial = 0; trial < 6000 && checked < 300; ++trial) {
    const int width = 3 + static_cast<int>(rng() % 3);
    const int height = 3 + static_cast<int>(rng() % 2);
    const Position p = random_position(rng, width, height, 4, 2);
    const Layouts fit(p);
    const int u = fit.size(), n = p.width * p.height;
    if (u < 2 || u > 14) continue;
    const std::vector<int>& unknown = fit.unknown;
    const std::vector<uint32_t>& layouts = fit.all;
    // A guess is only asked for when no cell is certain.
    bool certain = false;
    std::vector<bool> dead(n, false);
    bool any_live = false;
    for (int k = 0; k < u; ++k) {
      int safe_in = 0;
      std::set<int> digits;
      for (uint32_t m : layouts)
        if (!((m >> k) & 1)) {
          ++safe_in;
          digits.insert(fit.digit(m, unknown[k]));
        }
      certain = certain || safe_in == 0 || safe_in == static_cast<int>(layouts.size());
      dead[unknown[k]] = digits.size() == 1;
      any_live = any_live || digits.size() > 1;
    }
    if (certain || !any_live) continue;
    Strategy strategy;
    strategy.lookahead = 1;
    strategy.lookahead_window = 1;
    strategy.candidates = 100;
    strategy.tiebreak = false;  // every interior cell is a candidate too
    strategy.endgame = false;
    strategy.fifty_fifty = false;
    const Guess g = choose_guess(p, strategy);
    ASSERT_EQ(p.cells[g.cell], kUnknown) << format_position(p);  // dead[] is false off the unknown
    EXPECT_FALSE(dead[g.cell]) << format_position(p) << "cell " << g.cell;
    strategy.dead_last = false;
    dead_chosen_without += dead[choose_guess(p, strategy).cell];
    ++checked;
  }
  EXPECT_GE(checked, 200);
  EXPECT_GT(dead_chosen_without, 0);
}

// The `fifty-fifty` element: a cell guessed as a forced 50/50 must be a true coin toss, checked by
// brute force over the layouts: it has an unknown partner such that every layout holds exactly
// one mine between the two, and swapping them changes no digit any other cell could show. A
// pseudo 50/50 must be a mine only where it forms such a toss.
TEST(MinesPlay, AForcedFiftyFiftyIsATrueCoinToss) {
  std::mt19937 rng(17);
  int checked = 0;
  std::vector<Position> pseudo;  // for the next test
  std::vector<int> pseudo_cell;
  for (int trial = 0; trial < 20000 && checked < 100; ++trial) {
    const int width = 2 + static_cast<int>(rng() % 4);
    const int height = 2 + static_cast<int>(rng() % 3);
    const Position p = random_position(rng, width, height, 3, 3);
    const int n = p.width * p.height;
    int u = 0;
    for (int i = 0; i < n; ++i) u += p.cells[i] == kUnknown;
    if (u < 2 || u > 14) continue;
    Strategy strategy;
    strategy.endgame = false;
    const Guess g = choose_guess(p, strategy);
    if (std::string(g.why) == "pseudo-fifty-fifty") {
      pseudo.push_back(p);
      pseudo_cell.push_back(g.cell);
    }
    if (std::string(g.why) != "fifty-fifty") continue;
    const Layouts fit(p);
    const int c = fit.bit[g.cell];
    bool found = false;
    for (int q = 0; q < u && !found; ++q) {
      if (q == c) continue;
      bool toss = true;
      for (uint32_t m : fit.all) {
        if ((((m >> c) ^ (m >> q)) & 1) == 0) toss = false;  // both mines or both safe
        const uint32_t swapped = m ^ (uint32_t{1} << c) ^ (uint32_t{1} << q);
        for (int i = 0; i < n && toss; ++i) {
          if (i == g.cell || i == fit.unknown[q] || fit.mine(m, i)) continue;
          toss = fit.digit(m, i) == fit.digit(swapped, i);
        }
        if (!toss) break;
      }
      found = toss;
    }
    EXPECT_TRUE(found) << format_position(p) << "cell " << g.cell;
    ++checked;
  }
  EXPECT_GE(checked, 50) << checked;

  // A pseudo 50/50 guess t must have an orthogonal neighbour u such that in every layout where t
  // is a mine, u is safe and every cell next to just one of t and u is an unknown mine.
  ASSERT_GE(pseudo.size(), 20u);
  for (size_t k = 0; k < pseudo.size(); ++k) {
    const Position& q = pseudo[k];
    const int t = pseudo_cell[k], n = q.width * q.height;
    const Layouts fit(q);
    std::vector<uint32_t> with_t;  // the layouts with a mine on t
    for (uint32_t m : fit.all)
      if (fit.mine(m, t)) with_t.push_back(m);
    ASSERT_FALSE(with_t.empty()) << format_position(q) << "cell " << t;
    const int tx = t % q.width, ty = t / q.width;
    bool found = false;
    for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
      const int ux = tx + dx, uy = ty + dy;
      if (ux < 0 || uy < 0 || ux >= q.width || uy >= q.height) continue;
      const int partner = uy * q.width + ux;
      if (fit.bit[partner] < 0) continue;
      bool holds = true;
      for (uint32_t m : with_t) {
        holds = holds && !fit.mine(m, partner);
        for (int i = 0; i < n && holds; ++i) {
          const int x = i % q.width, y = i / q.width;
          const bool near_t = std::max(std::abs(x - tx), std::abs(y - ty)) == 1;
          const bool near_u = std::max(std::abs(x - ux), std::abs(y - uy)) == 1;
          if (i == t || i == partner || near_t == near_u) continue;
          holds = fit.mine(m, i);
        }
      }
      found = found || holds;
    }
    EXPECT_TRUE(found) << format_position(q) << "cell " << t;
  }
}

}  // namespace

namespace {

using namespace bs::mines;

TEST(MinesEndgame, FreeInformationFirstAndACoinTossIsAHalf) {
  // One mine under the 1, in cell 1 or cell 3; cell 0 is safe in both layouts and its digit tells
  // them apart: the game is won for certain by clicking it first.
  const Position free_info = parse_position("4 1 1\n..1.\n", "e.txt");
  const auto a = solve_endgame(free_info);
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->cell, 0);
  EXPECT_DOUBLE_EQ(a->win, 1.0);
  // One mine beside the 1 and nothing else to learn: a coin toss.
  const Position toss = parse_position("3 1 1\n.1.\n", "e.txt");
  const auto b = solve_endgame(toss);
  ASSERT_TRUE(b.has_value());
  EXPECT_DOUBLE_EQ(b->win, 0.5);
  // Too many layouts: the search declines.
  const Position open = parse_position(
      "8 8 10\n" + std::string(8, '.') + "\n" + std::string(8, '.') + "\n" + std::string(8, '.') +
          "\n" + std::string(8, '.') + "\n" + std::string(8, '.') + "\n" + std::string(8, '.') +
          "\n" + std::string(8, '.') + "\n" + std::string(8, '.') + "\n",
      "e.txt");
  EXPECT_FALSE(solve_endgame(open).has_value());
}

// Best play by brute force: the game itself on the set of layouts that fit, each click's outcome
// found by a flood fill over the layout, every click tried at every step (no shortcut, no
// pruning). The only saving is a memo of each (layouts left, cells open) state's value, which
// depends on nothing else; it takes the oracle from 8 unknown cells to 16.
class EndgameOracle {
 public:
  explicit EndgameOracle(const Position& p) : fit_(p) {}
  const std::vector<uint32_t>& layouts() const { return fit_.all; }
  int bit(int cell) const { return fit_.bit[cell]; }
  double best(const std::vector<uint32_t>& set, uint32_t open) const {
    if (set.size() == 1) return 1;
    const auto key = std::make_pair(set, open);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    double top = 0;
    for (int k = 0; k < fit_.size(); ++k)
      if (!((open >> k) & 1)) top = std::max(top, click(set, open, k));
    memo_.emplace(key, top);
    return top;
  }
  // The chance of winning by clicking unknown cell k (a bit) first, then playing best.
  double click(const std::vector<uint32_t>& set, uint32_t open, int k) const {
    std::map<std::vector<std::pair<int, int>>, std::pair<std::vector<uint32_t>, uint32_t>> parts;
    for (uint32_t m : set) {
      if ((m >> k) & 1) continue;  // the mine: lost
      uint32_t opened = open;
      std::vector<std::pair<int, int>> seen;  // (cell bit, digit) of each cell the fill opens
      std::vector<int> stack{k};
      while (!stack.empty()) {
        const int e = stack.back();
        stack.pop_back();
        if ((opened >> e) & 1) continue;
        opened |= uint32_t{1} << e;
        const int d = fit_.digit(m, fit_.unknown[e]);
        seen.emplace_back(e, d);
        if (d == 0)
          fit_.p.for_neighbours(fit_.unknown[e], [&](int j) {
            if (fit_.bit[j] >= 0) stack.push_back(fit_.bit[j]);
          });
      }
      std::sort(seen.begin(), seen.end());
      auto& part = parts[seen];
      part.first.push_back(m);
      part.second = opened;
    }
    double v = 0;
    for (const auto& [key, part] : parts)
      v += static_cast<double>(part.first.size()) * best(part.first, part.second);
    return v / static_cast<double>(set.size());
  }

 private:
  Layouts fit_;
  mutable std::map<std::pair<std::vector<uint32_t>, uint32_t>, double> memo_;
};

// The search's row-wise count against a count cell by cell, on random outcome tables (mines,
// zeros and other digits mixed) and random subsets of the layouts, ranges included.
TEST(MinesEndgame, RowCountsMatchACountCellByCell) {
  std::mt19937 rng(41);
  for (int trial = 0; trial < 300; ++trial) {
    const size_t cells = 1 + rng() % 70, layouts = 1 + rng() % 300;
    std::vector<int8_t> rows(cells * layouts);
    for (int8_t& r : rows) r = static_cast<int8_t>(static_cast<int>(rng() % 5) - 1);  // -1..3
    std::vector<uint16_t> set;
    for (size_t l = 0; l < layouts; ++l)
      if (rng() % 3) set.push_back(static_cast<uint16_t>(l));
    if (set.empty()) set.push_back(0);
    const int lo = static_cast<int>(rng() % cells);
    const int hi = lo + 1 + static_cast<int>(rng() % (cells - static_cast<size_t>(lo)));
    std::vector<uint16_t> same(static_cast<size_t>(hi - lo), 7), safe(same.size(), 7);
    count_by_rows(rows.data(), cells, set, lo, hi, same.data(), safe.data());
    for (int c = lo; c < hi; ++c) {
      int want_same = 0, want_safe = 0;
      for (uint16_t l : set) {
        want_same += rows[l * cells + c] == rows[set[0] * cells + c];
        want_safe += rows[l * cells + c] >= 0;
      }
      ASSERT_EQ(same[c - lo], want_same) << trial << ' ' << c;
      ASSERT_EQ(safe[c - lo], want_safe) << trial << ' ' << c;
    }
  }
}

// The pruned search against the one that weighs every click, on one position: the same chance and
// the same click, which lands in *cell. False (nothing compared) when the position is beyond the
// budget.
bool expect_pruning_exact(const Position& p, int layouts, int nodes, int* cell = nullptr) {
  const auto full = solve_endgame(p, layouts, nodes, false);
  if (!full) return false;
  const auto pruned = solve_endgame(p, layouts, nodes, true);
  EXPECT_TRUE(pruned.has_value()) << format_position(p);
  if (!pruned) return true;
  EXPECT_NEAR(pruned->win, full->win, 1e-12) << format_position(p);
  EXPECT_EQ(pruned->cell, full->cell) << format_position(p);
  if (cell) *cell = pruned->cell;
  return true;
}

TEST(MinesEndgame, PruningKeepsTheExactChanceAndClick) {
  // Positions of up to 1,000 layouts, most of them beyond the brute-force oracle below: the search
  // that stops weighing clicks which cannot beat the best must find the chance and the click of
  // the one that weighs them all.
  // One mine in 4 cells, and one in 7, where many clicks show a 0 in some layouts.
  std::mt19937 rng(29);
  int compared = 0;
  for (int trial = 0; trial < 3000 && compared < 200; ++trial) {
    const int width = 4 + static_cast<int>(rng() % 4);
    const int height = 4 + static_cast<int>(rng() % 3);
    const int mine_one_in = trial % 2 ? 7 : 4;
    const Position p =
        random_position(rng, width, height, mine_one_in, 1 + static_cast<int>(rng() % 2));
    if (!expect_pruning_exact(p, 1000, 2000000)) continue;
    if (HasFailure()) return;
    ++compared;
  }
  EXPECT_GE(compared, 150);
}

// The same on the endgames that games really reach. Random positions seldom hold a click that is
// a little safer than the best one and yet worth less (a near tie), which is where a wrong bound
// would cut the search: skipping every click whose safety is within 0.02 of the best value passed
// the test above. Played endgames are full of them, and that cut fails here.
TEST(MinesEndgame, PruningKeepsTheExactChanceInPlayedEndgames) {
  const BoardSpec spec = parse_board_spec("8x8x12", "sfar", "");
  Strategy fast;
  fast.endgame = false;  // so that the games go on guessing through their endgames
  int compared = 0, differ = 0;
  for (uint64_t g = 0; g < 3000 && compared < 150; ++g)
    play_game(spec, deal(spec, 17, g), fast, g, [&](const Position& v, const Guess& guess) {
      if (guess.log10_layouts < 1 || guess.log10_layouts > 2.5 || compared >= 150) return;
      int cell = -1;
      if (!expect_pruning_exact(v, 400, 5000000, &cell)) return;
      differ += cell != guess.cell;
      ++compared;
    });
  EXPECT_GE(compared, 100);
  EXPECT_GE(differ, 10) << "the exact search must often disagree with the heuristic guess";
  std::printf("compared %d played endgames; the search chose another click in %d\n", compared,
              differ);
}

// Each thread keeps the search's buffers from one search to the next (solvers/mines/endgame.cpp).
// Played endgames searched one after another on this thread, largest first and then in game
// order, must come out as each does alone on a fresh thread: nothing of one search may reach the
// next. (Under the Checked build's asserts, a memo slot left from an earlier search also stops the
// run.)
TEST(MinesEndgame, ASearchAfterOthersOnItsThreadIsTheSearchAlone) {
  const BoardSpec spec = parse_board_spec("9x9x14", "sfar", "");
  Strategy fast;
  fast.endgame = false;
  std::vector<Position> positions;
  std::vector<double> size;  // log10 of the layouts
  for (uint64_t g = 0; g < 2000 && positions.size() < 60; ++g)
    play_game(spec, deal(spec, 41, g), fast, g, [&](const Position& v, const Guess& guess) {
      if (guess.log10_layouts >= 0.5 && guess.log10_layouts <= 3.4 && positions.size() < 60) {
        positions.push_back(v);
        size.push_back(guess.log10_layouts);
      }
    });
  ASSERT_GE(positions.size(), 40u);
  std::vector<std::optional<EndgameMove>> alone(positions.size());
  for (size_t k = 0; k < positions.size(); ++k)
    std::thread([&] { alone[k] = solve_endgame(positions[k], 3000, 1000000); }).join();
  std::vector<size_t> order(positions.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return size[a] > size[b]; });
  order.insert(order.end(), order.size(), 0);
  std::iota(order.begin() + static_cast<std::ptrdiff_t>(positions.size()), order.end(), 0);
  int searched = 0;
  for (size_t k : order) {
    const auto again = solve_endgame(positions[k], 3000, 1000000);
    ASSERT_EQ(again.has_value(), alone[k].has_value()) << format_position(positions[k]);
    if (!again) continue;
    ++searched;
    EXPECT_EQ(again->cell, alone[k]->cell) << format_position(positions[k]);
    EXPECT_EQ(again->win, alone[k]->win) << format_position(positions[k]);
  }
  EXPECT_GE(searched, 60);
}

// The endgame search's chance of winning is the oracle's best play, and its click achieves it:
// that click first, then best play from each outcome.
void expect_best_play(const Position& p, const EndgameOracle& oracle) {
  const auto move = solve_endgame(p, 1000, 1000000);
  ASSERT_TRUE(move.has_value()) << format_position(p);
  const double want = oracle.best(oracle.layouts(), 0);
  EXPECT_NEAR(move->win, want, 1e-9) << format_position(p);
  ASSERT_GE(oracle.bit(move->cell), 0);
  EXPECT_NEAR(oracle.click(oracle.layouts(), 0, oracle.bit(move->cell)), want, 1e-9)
      << format_position(p) << "cell " << move->cell;
}

// The endgame search against the oracle on small random positions, zeros and their flood fills
// included: the same chance of winning, and its click achieves it.
TEST(MinesEndgame, ChanceOfWinningEqualsBestPlayByBruteForce) {
  std::mt19937 rng(23);
  int compared = 0;
  for (int trial = 0; trial < 4000 && compared < 150; ++trial) {
    const int width = 2 + static_cast<int>(rng() % 4);
    const int height = 2 + static_cast<int>(rng() % 3);
    const Position p = random_position(rng, width, height, 5, 2);
    int unknown = 0;
    for (int8_t cell : p.cells) unknown += cell == kUnknown;
    if (unknown < 2 || unknown > 8) continue;
    const EndgameOracle oracle(p);
    if (oracle.layouts().size() < 2) continue;
    expect_best_play(p, oracle);
    if (HasFatalFailure()) return;
    ++compared;
  }
  EXPECT_GE(compared, 100);
}

// The same on positions of 9 to 16 unknown cells and 10 to 1,000 layouts, where the pruning
// that PruningKeepsTheExactChanceAndClick checks only against the unpruned search is at work:
// the pruned search against the oracle itself.
TEST(MinesEndgame, LargerPositionsMatchBestPlayByBruteForce) {
  std::mt19937 rng(31);
  const int positions = bs::test::samples(100);
  int compared = 0, large = 0;
  for (int trial = 0; trial < 20000 && compared < positions; ++trial) {
    const int width = 5 + static_cast<int>(rng() % 3);
    const int height = 4 + static_cast<int>(rng() % 2);
    const Position p = random_position(rng, width, height, 4, 1 + static_cast<int>(rng() % 2));
    int unknown = 0;
    for (int8_t cell : p.cells) unknown += cell == kUnknown;
    if (unknown < 9 || unknown > 16) continue;
    const EndgameOracle oracle(p);
    if (oracle.layouts().size() < 10 || oracle.layouts().size() > 1000) continue;
    expect_best_play(p, oracle);
    if (HasFatalFailure()) return;
    ++compared;
    large += unknown >= 12 && oracle.layouts().size() >= 50;
  }
  EXPECT_GE(compared, positions);
  EXPECT_GE(large, positions / 5)
      << "positions of 12 or more cells and 50 or more layouts must be common";
  std::printf("compared %d positions, %d of 12+ cells and 50+ layouts\n", compared, large);
}

}  // namespace
