// Minesweeper through the built CLI and the parser: bad input gets one located error and exit
// code 2, an inconsistent position names the digit that cannot be met, and `solve --json` output
// passes `verify` while a tampered claim of certainty does not.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "core/options.hpp"
#include "core/outcomes.hpp"
#include "puzzles/mines/position.hpp"
#include "solvers/mines/play.hpp"
#include "solvers/mines/solver.hpp"
#include "tests/test_support.hpp"

namespace {

using bs::testing_support::expect_error;
using bs::testing_support::run_cli;
using bs::testing_support::write_temp;
using namespace bs::mines;

TEST(MinesFormat, ParsesAndPrintsTheSameText) {
  const std::string text = "4 3 2\n0001\n01F.\n01..\n";
  const Position p = parse_position("# a comment\n\n" + text, "p.txt");
  EXPECT_EQ(p.width, 4);
  EXPECT_EQ(p.height, 3);
  EXPECT_EQ(p.mines, 2);
  EXPECT_EQ(p.at(2, 1), kFlag);
  EXPECT_EQ(p.at(3, 2), kUnknown);
  EXPECT_EQ(p.at(1, 2), 1);
  EXPECT_EQ(format_position(p), text);
  EXPECT_EQ(p.row_line, (std::vector<int>{4, 5, 6}));
}

TEST(MinesFormat, AcceptsCrlfAndAByteOrderMark) {
  const Position p = parse_position("\xEF\xBB\xBF# c\r\n4 3 2\r\n0001\r\n01F.\r\n01..", "p.txt");
  EXPECT_EQ(format_position(p), "4 3 2\n0001\n01F.\n01..\n");
  EXPECT_EQ(p.row_line, (std::vector<int>{3, 4, 5}));
  const std::string bom_and_bad_cell = "\xEF\xBB\xBF" + std::string("2 2 1\n.9\n");
  expect_error([&] { parse_position(bom_and_bad_cell, "e.txt"); }, 2, 2, "'9'");
}

TEST(MinesFormat, ErrorsNameLineAndColumn) {
  expect_error([] { parse_position("", "e.txt"); }, 0, 0, "empty");
  expect_error([] { parse_position("3 x 1\n", "e.txt"); }, 1, 3, "height");
  expect_error([] { parse_position("3 3\n", "e.txt"); }, 1, 4, "mine count");
  expect_error([] { parse_position("0 3 1\n", "e.txt"); }, 1, 1, "out of range");
  expect_error([] { parse_position("2 2 5\n..\n..\n", "e.txt"); }, 1, 5, "more mines");
  expect_error([] { parse_position("2 2 1\n..\n.9\n", "e.txt"); }, 3, 2, "unexpected '9'");
  expect_error([] { parse_position("2 2 1\n...\n..\n", "e.txt"); }, 2, 3, "has 3 cells");
  expect_error([] { parse_position("2 2 1\n..\n", "e.txt"); }, 2, 1, "2 rows");
  expect_error([] { parse_position("2 2 1\n..\n..\n..\n", "e.txt"); }, 4, 1, "after the last");
  expect_error([] { parse_position("99999999999999999999 2 1\n", "e.txt"); }, 1, 1, "out of range");
  expect_error([] { parse_position("2000 2000 1\n", "e.txt"); }, 1, 1, "out of range");
  expect_error([] { parse_position("2 2 1 7\n", "e.txt"); }, 1, 7, "unexpected text");
  // The message quotes the field as written, not the rest of the line or a clamped value.
  expect_error([] { parse_position("3 x 1\n", "e.txt"); }, 1, 3, "a whole number, not 'x'");
  expect_error([] { parse_position("99999999999999999999 2 1\n", "e.txt"); }, 1, 1,
               "width '99999999999999999999' is out of range (1..1024)");
  expect_error([] { parse_position("2 2 # comment\n", "e.txt"); }, 1, 5, "mine count");
}

TEST(MinesCli, InconsistentPositionIsALocatedErrorWithExitCode2) {
  // The 3 in the middle of the second row sees only two unknown cells.
  const std::string path = write_temp("mines_bad.txt", "3 2 3\n.3.\n000\n");
  const auto r = run_cli("solve mines " + path);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find(path + ":2:2: inconsistent position"), std::string::npos) << r.err;
  const std::string few = write_temp("mines_few.txt", "2 2 4\n1.\n..\n");
  const auto f = run_cli("solve mines " + few);
  EXPECT_EQ(f.code, 2);
  EXPECT_NE(f.err.find(":1:5: inconsistent position"), std::string::npos) << f.err;  // the total
}

TEST(MinesCli, SolveJsonPassesVerifyAndATamperedClaimFails) {
  const std::string path = write_temp("mines_ok.txt", "4 3 2\n01..\n12..\n....\n");
  const auto r = run_cli("solve mines " + path + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "solved");
  EXPECT_TRUE(j["verified"].get<bool>());
  const std::string result = write_temp("mines_ok.json", r.out);
  const auto v = run_cli("verify mines " + path + " " + result);
  EXPECT_EQ(v.code, 0) << v.out << v.err;
  // Call an undecided cell certain, or change a probability: both must be caught (4x3 has at
  // most 20 unknown cells, so every probability is re-counted).
  nlohmann::json bad = j;
  bool tampered = false;
  for (int y = 0; y < 3 && !tampered; ++y)
    for (int x = 0; x < 4 && !tampered; ++x)
      if (bad["analysis"]["probability"][y][x].is_number() &&
          bad["analysis"]["decided_by"][y][x].is_null()) {
        bad["analysis"]["decided_by"][y][x] = "enumeration";
        tampered = true;
      }
  ASSERT_TRUE(tampered);
  const auto b = run_cli("verify mines " + path + " " + write_temp("mines_bad.json", bad.dump()));
  EXPECT_EQ(b.code, 1) << b.out << b.err;
  nlohmann::json shifted = j;
  for (auto& row : shifted["analysis"]["probability"])
    for (auto& p : row)
      if (p.is_number() && p.get<double>() > 0 && p.get<double>() < 1) p = p.get<double>() + 1e-6;
  const auto s =
      run_cli("verify mines " + path + " " + write_temp("mines_shift.json", shifted.dump()));
  EXPECT_EQ(s.code, 1) << s.out << s.err;
}

// With no cell certainly safe, `solve mines` reports the move the player would make, made with
// the same options, and verify checks that it is an undecided unknown cell at its probability.
TEST(MinesCli, SolveSuggestsThePlayersGuessAndVerifyChecksIt) {
  // The 1 in the corner makes its three neighbours 1/3 and the other 21 cells 4/21: no cell is
  // certain, and the least risk is away from every digit.
  const std::string text = "5 5 5\n1....\n.....\n.....\n.....\n.....\n";
  const std::string path = write_temp("mines_guess.txt", text);
  const Position p = parse_position(text, "mines_guess.txt");
  std::vector<int> cells;
  for (const std::string options : {"", " --lookahead 1", " --play-off corners"}) {
    const auto r = run_cli("solve mines " + path + " --json" + options);
    ASSERT_EQ(r.code, 0) << r.err;
    const nlohmann::json g = nlohmann::json::parse(r.out)["analysis"]["guess"];
    ASSERT_TRUE(g.is_object()) << r.out;
    bs::Options o;
    if (options == " --lookahead 1") o.set("lookahead", "1");
    if (options == " --play-off corners") o.set("play-off", "corners");
    const Guess want = choose_guess(p, strategy_from(o));
    cells.push_back(g["x"].get<int>() + 5 * g["y"].get<int>());
    EXPECT_EQ(cells.back(), want.cell) << options;
    EXPECT_NEAR(g["risk"].get<double>(), 4.0 / 21, 1e-12) << options;
    EXPECT_EQ(g["why"], want.why) << options;
    const std::string result = write_temp("mines_guess.json", r.out);
    const auto v = run_cli("verify mines " + path + " " + result);
    EXPECT_EQ(v.code, 0) << v.out << v.err;
  }
  // The options reach the player: the corners rule takes a corner, without it the first cell.
  EXPECT_EQ(cells[0], 4);
  EXPECT_EQ(cells[2], 2);
  // A guess on a digit, off the board, or at a risk other than its probability fails.
  const nlohmann::json j = nlohmann::json::parse(run_cli("solve mines " + path + " --json").out);
  for (const nlohmann::json& bad :
       {nlohmann::json{{"x", 0}, {"y", 0}, {"risk", 0.0}, {"why", "x"}},
        nlohmann::json{{"x", 5}, {"y", 0}, {"risk", 0.0}, {"why", "x"}},
        nlohmann::json{{"x", 4}, {"y", 4}, {"risk", 0.2}, {"why", "x"}}}) {
    nlohmann::json tampered = j;
    tampered["analysis"]["guess"] = bad;
    const auto b =
        run_cli("verify mines " + path + " " + write_temp("mines_guess_bad.json", tampered.dump()));
    EXPECT_EQ(b.code, 1) << bad.dump() << b.out << b.err;
  }
  nlohmann::json malformed = j;
  malformed["analysis"]["guess"] = "here";
  const auto m =
      run_cli("verify mines " + path + " " + write_temp("mines_guess_bad.json", malformed.dump()));
  EXPECT_EQ(m.code, 2) << m.out << m.err;
  // Under a time limit no guess is made (its look-ahead has no deadline), and a bad --play-off
  // fails on every position, not only on those that need a guess.
  const auto timed = run_cli("solve mines " + path + " --json --time-limit 60");
  ASSERT_EQ(timed.code, 0) << timed.err;
  EXPECT_FALSE(nlohmann::json::parse(timed.out)["analysis"].contains("guess"));
  const auto bad_off = run_cli("solve mines " + write_temp("mines_safe.txt", "3 1 0\n.0.\n") +
                               " --play-off nothing");
  EXPECT_EQ(bad_off.code, 2) << bad_off.out << bad_off.err;
  // A guess named beside a cell claimed certainly safe is refused too.
  const std::string ok_path = write_temp("mines_ok2.txt", "4 3 2\n01..\n12..\n....\n");
  nlohmann::json with_safe =
      nlohmann::json::parse(run_cli("solve mines " + ok_path + " --json").out);
  with_safe["analysis"]["guess"] = {{"x", 2}, {"y", 0}, {"risk", 0.5}, {"why", "x"}};
  const auto ws = run_cli("verify mines " + ok_path + " " +
                          write_temp("mines_guess_safe.json", with_safe.dump()));
  EXPECT_EQ(ws.code, 1) << ws.out << ws.err;
  EXPECT_NE(ws.out.find("claimed certainly safe"), std::string::npos) << ws.out << ws.err;
  // A position with a certainly safe cell gets no guess.
  const auto safe =
      run_cli("solve mines " + write_temp("mines_safe.txt", "3 1 0\n.0.\n") + " --json");
  ASSERT_EQ(safe.code, 0) << safe.err;
  EXPECT_FALSE(nlohmann::json::parse(safe.out)["analysis"].contains("guess"));
}

// A checkerboard of digits over a dense expert-sized board: one frontier component of hundreds of
// cells that no enumeration finishes. --time-limit must stop it, say so, keep the rules' certain
// cells (which verify still re-checks) and claim no probability it did not compute. The frontier
// DP, which the default counting uses on such a component, counts it exactly in well under the
// limit (its width is the board's height, not its cell count).
TEST(MinesCli, TimeLimitStopsAnEndlessEnumerationHonestly) {
  std::mt19937 rng(5);
  Position p;
  p.width = 30;
  p.height = 16;
  p.mines = 200;
  const int n = p.width * p.height;
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<char> mine(n, 0);
  for (int k = 0; k < p.mines; ++k) mine[order[k]] = 1;
  p.cells.assign(n, kUnknown);
  for (int i = 0; i < n; ++i) {
    if (mine[i] || (i % p.width + i / p.width) % 2 != 0) continue;
    int around = 0;
    p.for_neighbours(i, [&](int j) { around += mine[j]; });
    p.cells[i] = static_cast<int8_t>(around);
  }
  const std::string path = write_temp("mines_endless.txt", format_position(p));
  const auto r =
      run_cli("solve mines " + path +
              " --rules single-row,subset --counting enumeration --time-limit 0.2 --json");
  ASSERT_FALSE(r.out.empty()) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "unknown");
  EXPECT_EQ(j["stop_reason"], "time-limit");
  int certain = 0, unclaimed = 0;
  for (int y = 0; y < p.height; ++y)
    for (int x = 0; x < p.width; ++x) {
      if (p.at(x, y) != kUnknown) continue;
      const auto& q = j["analysis"]["probability"][y][x];
      if (j["analysis"]["decided_by"][y][x].is_null()) {
        EXPECT_TRUE(q.is_null()) << "a probability the stopped enumeration never computed";
        ++unclaimed;
      } else {
        ++certain;
      }
    }
  EXPECT_GT(certain, 0);
  EXPECT_GT(unclaimed, 100);
  // The cells the count never reached get their LP intervals instead.
  EXPECT_GT(j["stats"]["bounded_cells"].get<double>(), 100);
  EXPECT_TRUE(j["analysis"].contains("bounds"));
  const auto v = run_cli("verify mines " + path + " " + write_temp("mines_endless.json", r.out));
  EXPECT_EQ(v.code, 0) << v.out << v.err;
  const auto dp =
      run_cli("solve mines " + path + " --rules single-row,subset --time-limit 20 --json");
  ASSERT_FALSE(dp.out.empty()) << dp.err;
  const nlohmann::json k = nlohmann::json::parse(dp.out);
  EXPECT_EQ(k["status"], "solved");
  EXPECT_GE(k["stats"]["dp_components"].get<double>(), 1);
}

// --exact prints each undecided cell's fraction and the number of layouts, and puts both in the
// JSON analysis: here, brute force's own counts.
TEST(MinesCli, ExactPrintsFractionsAndTheLayoutCount) {
  const std::string text = "5 3 3\n01...\n12...\n.....\n";
  const std::string path = write_temp("mines_exact.txt", text);
  const auto r = run_cli("solve mines " + path + " --exact true --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json a = nlohmann::json::parse(r.out)["analysis"];
  const LayoutCount b = count_layouts(parse_position(text, "x.txt"));
  EXPECT_EQ(a["exact_layouts"], std::to_string(static_cast<long long>(b.layouts)));
  for (size_t k = 0; k < b.unknown.size(); ++k) {
    const int cell = b.unknown[k];
    const std::string f = a["exact"][cell / 5][cell % 5];
    const size_t slash = f.find('/');
    const double value =
        slash == std::string::npos ? std::stod(f) : std::stod(f) / std::stod(f.substr(slash + 1));
    EXPECT_NEAR(value, b.with_mine[k] / b.layouts, 1e-15) << f;
  }
  const auto text_out = run_cli("solve mines " + path + " --exact true");
  EXPECT_NE(text_out.out.find("layouts " + std::to_string(static_cast<long long>(b.layouts))),
            std::string::npos)
      << text_out.out;
  EXPECT_NE(text_out.out.find("exact (x="), std::string::npos) << text_out.out;
}

// A component past --dp-states is bounded: the status is unknown, the stop reason state-limit, and
// the JSON gives each undecided cell an interval in place of a probability; verify takes it.
TEST(MinesCli, TooWideComponentsAreBoundedAndSaySo) {
  // `generate mines --board 6x4x6 --open 0.4 --digits-only --seed 1`
  const std::string text = "6 4 6\n..1.1.\n.1..1.\n....21\n..2.2.\n";
  const std::string path = write_temp("mines_wide.txt", text);
  const auto r = run_cli("solve mines " + path + " --counting dp --dp-states 1 --json");
  ASSERT_EQ(r.code, 1) << r.err;  // exit 1: unknown, a limit was hit
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "unknown");
  EXPECT_EQ(j["stop_reason"], "state-limit");
  EXPECT_GT(j["stats"]["bounded_cells"].get<double>(), 0);
  const LayoutCount b = count_layouts(parse_position(text, "x.txt"));
  for (size_t k = 0; k < b.unknown.size(); ++k) {
    const int cell = b.unknown[k];
    const nlohmann::json& bound = j["analysis"]["bounds"][cell / 6][cell % 6];
    if (bound.is_null()) continue;  // decided by the rules
    EXPECT_TRUE(j["analysis"]["probability"][cell / 6][cell % 6].is_null());
    EXPECT_LE(bound[0].get<double>(), b.with_mine[k] / b.layouts + 1e-9);
    EXPECT_GE(bound[1].get<double>(), b.with_mine[k] / b.layouts - 1e-9);
  }
  const auto v = run_cli("verify mines " + path + " " + write_temp("mines_wide.json", r.out));
  EXPECT_EQ(v.code, 0) << v.out << v.err;
}

TEST(MinesCli, RenderDrawsEveryCell) {
  const std::string path = write_temp("mines_render.txt", "4 3 2\n01..\n12..\n....\n");
  const auto r = run_cli("render mines " + path);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("<svg", 0), 0u);
  size_t rects = 0;
  for (size_t at = r.out.find("<rect"); at != std::string::npos; at = r.out.find("<rect", at + 1))
    ++rects;
  EXPECT_EQ(rects, 12u);
  EXPECT_EQ(r.out.find("class=\"guess\""), std::string::npos) << "a safe cell needs no guess";
  // With no safe cell, the player's guess is ringed: the corner the analysis names.
  const std::string none_safe =
      write_temp("mines_render_guess.txt", "5 5 5\n1....\n.....\n.....\n.....\n.....\n");
  const auto g = run_cli("render mines " + none_safe);
  ASSERT_EQ(g.code, 0) << g.err;
  EXPECT_NE(g.out.find("<rect class=\"guess\" x=\"115\" y=\"3\""), std::string::npos) << g.out;
}

TEST(MinesCli, PlayReportsAWinRateAndItsInterval) {
  const auto r =
      run_cli("play mines --board beginner9 --first-click snr --games 200 --seed 3 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 200);
  EXPECT_EQ(j["board"], "9x9x10 snr (3,3)");
  // The rate is the wins over the games, and the interval Wilson's, from its formula here.
  const double wins = j["wins"].get<double>(), n = 200, z = 1.959963984540054;
  EXPECT_NEAR(j["win_rate"].get<double>(), wins / n, 1e-12);
  const double p = wins / n, centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z / (1 + z * z / n) * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  EXPECT_NEAR(j["wilson_low"].get<double>(), centre - half, 1e-9);
  EXPECT_NEAR(j["wilson_high"].get<double>(), centre + half, 1e-9);
  EXPECT_GT(wins, 160) << "beginner games under SNR are mostly won";
  EXPECT_LT(wins, 200) << "but not all of 200";
  const auto bad = run_cli("play mines --board huge");
  EXPECT_EQ(bad.code, 2);
}

TEST(MinesCli, ExportedMbfBoardsReplayAsTheSameGames) {
  const std::string dir = bs::testing_support::temp_path("mbf");
  ASSERT_EQ(std::system(("mkdir -p " + dir).c_str()), 0);
  const std::string dealt = dir + "/dealt.jsonl", replayed = dir + "/replayed.jsonl";
  const auto a = run_cli("play mines --board intermediate --games 4 --seed 8 --export-mbf " + dir +
                         " --record " + dealt);
  ASSERT_EQ(a.code, 0) << a.err;
  std::string files;
  for (int g = 0; g < 4; ++g) files += " " + dir + "/game_" + std::to_string(g) + ".mbf";
  const auto b = run_cli("play mines --mbf" + files + " --record " + replayed);
  ASSERT_EQ(b.code, 0) << b.err;
  std::istringstream x(bs::testing_support::slurp(dealt)), y(bs::testing_support::slurp(replayed));
  std::vector<std::string> dealt_lines, replayed_lines;
  for (std::string l; std::getline(x, l);) dealt_lines.push_back(l);
  for (std::string l; std::getline(y, l);) replayed_lines.push_back(l);
  ASSERT_EQ(dealt_lines.size(), 4u);
  ASSERT_EQ(replayed_lines.size(), 4u);
  for (size_t g = 0; g < 4; ++g) {
    const auto j1 = nlohmann::json::parse(dealt_lines[g]),
               j2 = nlohmann::json::parse(replayed_lines[g]);
    EXPECT_EQ(j1["mines"], j2["mines"]);
    EXPECT_EQ(j1["clicks"], j2["clicks"]);
    EXPECT_EQ(j1["won"], j2["won"]);
  }
  const auto bad = run_cli("play mines --mbf " + bs::testing_support::write_temp("bad.mbf", "xx"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("bad.mbf"), std::string::npos) << bad.err;
}

}  // namespace

namespace {

using namespace bs::mines;
using bs::testing_support::run_cli;
using bs::testing_support::write_temp;

// The replay that stands behind every win rate `solve mines-games` reports must accept true
// records and refuse false ones.
TEST(MinesGames, ReplayAcceptsTrueRecordsAndRefusesFalseOnes) {
  const BoardSpec spec = parse_board_spec("beginner9", "sfar", "");
  std::vector<GameRecord> records;
  play_games(spec, Strategy{}, 3, 60, 1, &records);
  int won = 0, lost = 0;
  for (const GameRecord& r : records) {
    const Layout layout = deal(spec, 3, r.index);
    ASSERT_EQ(replay_record(spec, layout, r), "") << "game " << r.index;
    GameRecord flipped = r;
    flipped.won = !r.won;
    EXPECT_NE(replay_record(spec, layout, flipped), "") << "game " << r.index;
    GameRecord moved = r;
    moved.clicks.front() = 40;
    EXPECT_NE(replay_record(spec, layout, moved), "");
    if (r.won) {
      ++won;
      GameRecord short_of_it = r;
      short_of_it.clicks.pop_back();  // the last click revealed at least one safe cell
      EXPECT_NE(replay_record(spec, layout, short_of_it), "");
    } else {
      ++lost;
      GameRecord after = r;
      after.clicks.push_back(r.clicks.front());
      EXPECT_NE(replay_record(spec, layout, after), "");
    }
  }
  EXPECT_GT(won, 10);
  EXPECT_GT(lost, 0);
}

TEST(MinesGames, TheRunnerPuzzlePlaysAGameSetAndLocatesBadOnes) {
  const std::string set = write_temp("games_ok.txt", "# a comment\nbeginner9 snr\n");
  const auto r = run_cli("solve mines-games " + set + " --games 200 --seed 4 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "solved");
  EXPECT_TRUE(j["verified"].get<bool>());
  EXPECT_EQ(j["stats"]["games"], 200);
  const double wins = j["stats"]["wins"].get<double>();
  EXPECT_GT(wins, 150);  // beginner SNR is won nine times in ten
  EXPECT_LT(wins, 200);  // but not every one of 200
  // Which games were won, for the report's paired comparison: the games `play --record` says.
  ASSERT_TRUE(j.contains("outcomes"));
  const auto won = bs::decode_outcomes(j["outcomes"].get<std::string>(), 200);
  ASSERT_EQ(won.size(), 200u);
  EXPECT_EQ(std::count(won.begin(), won.end(), 1), wins);
  // The same games as `play mines`.
  const std::string record = bs::testing_support::temp_path("games_ok.jsonl");
  const auto p = run_cli(
      "play mines --board beginner9 --first-click snr --games 200 --seed 4 --json "
      "--record " +
      record);
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_EQ(nlohmann::json::parse(p.out)["wins"].get<double>(), wins);
  std::istringstream lines(bs::testing_support::slurp(record));
  size_t recorded = 0;
  for (std::string line; std::getline(lines, line); ++recorded) {
    const auto g = nlohmann::json::parse(line);
    EXPECT_EQ(won[g["game"].get<size_t>()], g["won"].get<bool>() ? 1 : 0) << g["game"];
  }
  EXPECT_EQ(recorded, 200u);
  const auto bad = run_cli("solve mines-games " + write_temp("games_bad.txt", "\n  expert sfr\n"));
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find(":2:1:"), std::string::npos) << bad.err;
  const auto two =
      run_cli("solve mines-games " + write_temp("games_two.txt", "expert sfar\nexpert snr\n"));
  EXPECT_EQ(two.code, 2);
  EXPECT_NE(two.err.find(":2:1: a game set is one line"), std::string::npos) << two.err;
}

}  // namespace
