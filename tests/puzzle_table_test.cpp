// The puzzle table is the only registry: what `list`, the option scopes, `bench`, the commands
// and the record format read off it, checked as a user meets them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "core/error.hpp"
#include "puzzles/mines/record.hpp"
#include "solvers/bench.hpp"
#include "solvers/solver.hpp"
#include "tests/test_support.hpp"

namespace {

using bs::testing_support::CliRun;
using bs::testing_support::run_cli;
using bs::testing_support::write_temp;

std::string shipped(const std::string& path) {
  return std::string(BS_SOURCE_DIR) + "/instances/" + path;
}

TEST(PuzzleTable, ListShowsEveryRuleAndOptionOfEveryPuzzle) {
  const CliRun r = run_cli("list");
  ASSERT_EQ(r.code, 0) << r.err;
  size_t rules = 0;
  for (const bs::PuzzleSolver& p : bs::puzzle_solvers()) {
    EXPECT_NE(r.out.find("  " + std::string(p.name) + "  "), std::string::npos) << p.name;
    for (const bs::RuleInfo& rule : p.rules()) {
      ++rules;
      EXPECT_NE(r.out.find("  " + std::string(rule.name) + " "), std::string::npos) << rule.name;
    }
    if (p.commands) {
      for (const bs::PuzzleCommand& c : p.commands())
        EXPECT_NE(r.out.find("command " + std::string(c.name) + ":"), std::string::npos);
    }
  }
  EXPECT_GE(rules, 15u) << "peg 6, Futoshiki 6 and Minesweeper 3 rules at least";
  for (const bs::OptionSpec& o : bs::option_table())
    EXPECT_NE(r.out.find("--" + std::string(o.name) + " "), std::string::npos) << o.name;
}

TEST(PuzzleTable, EveryOptionNameIsOneRowAndEveryScopeIsAPuzzle) {
  std::set<std::string_view> names, scopes;
  for (const bs::PuzzleSolver& p : bs::puzzle_solvers()) scopes.insert(p.scope());
  for (const bs::OptionSpec& o : bs::option_table()) {
    EXPECT_TRUE(names.insert(o.name).second) << "two rows named " << o.name;
    // A row several puzzles read lists their scopes, comma-separated.
    for (size_t at = 0; !o.scope.empty() && at <= o.scope.size();) {
      size_t end = o.scope.find(',', at);
      if (end == std::string_view::npos) end = o.scope.size();
      EXPECT_TRUE(scopes.count(o.scope.substr(at, end - at))) << o.name << ": " << o.scope;
      at = end + 1;
    }
  }
}

// `grade` is read by Futoshiki and Dominosa alike: one row, accepted by both, refused by peg.
TEST(PuzzleTable, ASharedRowIsAcceptedByEachPuzzleThatReadsIt) {
  const bs::OptionSpec* grade = bs::find_option("grade");
  ASSERT_NE(grade, nullptr);
  EXPECT_NO_THROW(bs::check_option_scope(*grade, "futoshiki", "futoshiki"));
  EXPECT_NO_THROW(bs::check_option_scope(*grade, "dominosa", "dominosa"));
  EXPECT_THROW(bs::check_option_scope(*grade, "peg", "peg"), std::invalid_argument);
}

TEST(PuzzleTable, AnotherPuzzlesOptionIsRefusedWithExitTwo) {
  const std::string fut = shipped("futoshiki/generated/gen_12_seed1.txt");
  const CliRun r = run_cli("solve futoshiki " + fut + " --pagodas 3 --json");
  EXPECT_EQ(r.code, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_NE(r.err.find("--pagodas"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("peg"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(run_cli("solve peg " + shipped("peg/lab_fig1.txt") + " --lookahead 1").code, 2);
  EXPECT_EQ(run_cli("play mines --games 1 --branching dom").code, 2);
  // Their own and the global options are accepted.
  EXPECT_EQ(run_cli("solve futoshiki " + fut + " --branching dom --threads 1").code, 0);
  // mines-games reads the player's options.
  const auto set = write_temp("table_games.txt", "beginner sfar\n");
  EXPECT_EQ(run_cli("solve mines-games " + set + " --games 3 --lookahead 0").code, 0);
}

TEST(PuzzleTable, AConfigWithAnotherPuzzlesOptionIsALocatedError) {
  const std::string out = testing::TempDir() + "/table_run_" + std::to_string(getpid());
  const auto config = write_temp(
      "table_scope.toml", "puzzle = \"futoshiki\"\ninstances = [\"" +
                              shipped("futoshiki/generated/gen_12_seed1.txt") + "\"]\noutput = \"" +
                              out + "\"\n[configs.a]\npagodas = 3\n");
  const CliRun r = run_cli("run " + config);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind(config + ":5:", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("peg option"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(PuzzleTable, PuzzleCommandsAreDispatchedThroughTheTable) {
  EXPECT_EQ(run_cli("bounds peg " + shipped("peg/lab_fig1.txt")).code, 0);
  const CliRun wrong =
      run_cli("bounds futoshiki " + shipped("futoshiki/generated/gen_12_seed1.txt"));
  EXPECT_EQ(wrong.code, 2);
  EXPECT_NE(wrong.err.find("peg has"), std::string::npos) << wrong.err;
  // `play --rules` names deduction rules, not the first-click rule, which is --first-click.
  const CliRun rules = run_cli("play mines --board beginner --games 2 --rules snr");
  EXPECT_EQ(rules.code, 2);
  EXPECT_NE(rules.err.find("--first-click snr"), std::string::npos) << rules.err;
}

// Each puzzle's bench count is deterministic and is the number committed in
// bench/expected/<puzzle>.txt (tests/check_bench.sh checks the CLI's output the same way).
TEST(PuzzleTable, BenchCountsAreDeterministicAndTheCommittedOnes) {
  const bs::BenchReport a = bs::run_bench(), b = bs::run_bench();
  ASSERT_EQ(a.by_puzzle, b.by_puzzle) << a.text << b.text;
  uint64_t total = 0;
  for (const auto& [puzzle, nodes] : a.by_puzzle) {
    const std::string path = std::string(BS_SOURCE_DIR) + "/bench/expected/" + puzzle + ".txt";
    std::ifstream file(path);
    uint64_t expected = 0;
    ASSERT_TRUE(file >> expected) << path << " is missing or holds no number";
    EXPECT_EQ(nodes, expected) << puzzle << ":\n" << a.text;
    total += nodes;
  }
  EXPECT_EQ(a.nodes, total);
  EXPECT_EQ(a.by_puzzle.size(), 5u)
      << "peg, futoshiki, mines, dominosa and shakashaka have bench positions";
}

TEST(GameRecord, WhatTheWriterWritesTheReaderReads) {
  bs::mines::RecordedGame g;
  g.game = 7;
  g.seed = 3;
  g.board = "9x9x10 snr (3,3)";
  g.width = g.height = 9;
  g.mines = {{1, 2}, {8, 8}};
  g.clicks = {{3, 3}, {0, 0}};
  g.guesses = {{0, 0, 0.25, "least-frontier", 2.5}};
  g.won = true;
  const std::string line = bs::mines::record_line(g);
  const bs::mines::RecordedGame back =
      bs::mines::read_record(nlohmann::json::parse(line), "r.jsonl", 1);
  EXPECT_EQ(back.game, 7);
  EXPECT_EQ(back.seed, 3u);
  EXPECT_EQ(back.board, g.board);
  EXPECT_EQ(back.mines, g.mines);
  EXPECT_EQ(back.clicks, g.clicks);
  ASSERT_EQ(back.guesses.size(), 1u);
  EXPECT_EQ(back.guesses[0].why, "least-frontier");
  EXPECT_DOUBLE_EQ(back.guesses[0].risk, 0.25);
  EXPECT_TRUE(back.won);
  EXPECT_EQ(bs::mines::record_line(back), line);
  // A malformed cell list is a located error, not a JSON type error.
  EXPECT_THROW(bs::mines::read_record(
                   nlohmann::json::parse(R"({"game":1,"won":true,"board":"b","mines":[[1]]})"),
                   "r.jsonl", 4),
               bs::InputError);
}

}  // namespace
