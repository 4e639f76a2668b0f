// Every rule of every puzzle against brute force, read off the puzzle table.
//
// For each (puzzle, rule) of the table, small random instances from the puzzle's own
// oracle_instance are answered twice: with that rule alone, and with no rule at all (the
// exhaustive search or count, which is the brute force). The puzzle's oracle_answer of the two
// results must be the same: a rule may make the search faster, never change what is true. A new
// rule is tested here without a new test, and a puzzle with rules but no oracle fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "solvers/solver.hpp"
#include "tests/sample_size.hpp"
#include "tests/test_support.hpp"

namespace {

struct PuzzleRule {
  const bs::PuzzleSolver* puzzle;
  std::string rule;
};

std::vector<PuzzleRule> every_rule() {
  std::vector<PuzzleRule> out;
  for (const bs::PuzzleSolver& p : bs::puzzle_solvers())
    for (const bs::RuleInfo& r : p.rules()) out.push_back({&p, std::string(r.name)});
  return out;
}

void PrintTo(const PuzzleRule& p, std::ostream* out) {
  *out << p.puzzle->name << " " << p.rule;
}

class RuleAgainstBruteForce : public ::testing::TestWithParam<PuzzleRule> {};

bs::Result answer(const bs::PuzzleSolver& p, const std::string& path, bs::Options options,
                  const std::string& rules) {
  options.set("rules", rules);
  return p.solve_file(path, options);
}

TEST_P(RuleAgainstBruteForce, GivesTheAnswerOfNoRuleAtAll) {
  const bs::PuzzleSolver& p = *GetParam().puzzle;
  const std::string& rule = GetParam().rule;
  ASSERT_TRUE(p.checks.oracle_instance && p.checks.oracle_answer)
      << p.name << " has rules but no oracle in its puzzle table entry";
  // Sampled down less than other comparisons under a sanitizer (half, not a fifth): the answers
  // must stay varied (below), and with a fifth of the trials a peg oracle drew no solvable
  // instance; the first 20 seeds give every puzzle at least two answers (checked in Release).
  // The Dominosa rules took 8-31 s each with 40 trials under AddressSanitizer.
  constexpr int kTrials = bs::test::kSanitized ? 20 : 40;
  std::set<std::string> truths;
  for (int trial = 0; trial < kTrials; ++trial) {
    const uint64_t seed = 7919 * static_cast<uint64_t>(trial) + 1;  // odd and even in turn
    bs::Options options;
    const std::string text = p.checks.oracle_instance(seed, options);
    const std::string path =
        bs::testing_support::write_temp(std::string(p.name) + "_" + rule + "_oracle.txt", text);
    const std::string truth = p.checks.oracle_answer(answer(p, path, options, "none"));
    const std::string got = p.checks.oracle_answer(answer(p, path, options, rule));
    ASSERT_EQ(got, truth) << p.name << " rule " << rule << " on seed " << seed << ":\n" << text;
    truths.insert(truth);
  }
  // Instances that all had one answer could not catch a rule that always gives it.
  EXPECT_GE(truths.size(), 2u) << p.name << "'s oracle instances are too much alike";
}

// --profile times a rule and changes nothing else: the same calls and prunes, and seconds_RULE
// beside them, no more than the run's wall time (one thread); without it, no rule reports a time.
TEST_P(RuleAgainstBruteForce, ReportsItsTimeOnlyWhenProfiled) {
  const bs::PuzzleSolver& p = *GetParam().puzzle;
  const std::string& rule = GetParam().rule;
  ASSERT_TRUE(p.checks.oracle_instance);
  int timed = 0;
  for (int trial = 0; trial < 8; ++trial) {
    bs::Options options;
    const std::string text = p.checks.oracle_instance(static_cast<uint64_t>(trial) + 1, options);
    const std::string path =
        bs::testing_support::write_temp(std::string(p.name) + "_" + rule + "_profile.txt", text);
    const bs::Result plain = answer(p, path, options, rule);
    options.set("profile", "true");
    const bs::Result profiled = answer(p, path, options, rule);
    for (const auto& [name, value] : plain.counters)
      EXPECT_NE(name.rfind("seconds_", 0), 0u) << name << " reported without --profile";
    for (const std::string counter : {"calls_", "prunes_"})
      EXPECT_EQ(profiled.counter(counter + rule), plain.counter(counter + rule)) << counter;
    const bool asked = plain.counter("calls_" + rule) > 0 || plain.counter("prunes_" + rule) > 0;
    const auto seconds = std::find_if(profiled.counters.begin(), profiled.counters.end(),
                                      [&](const auto& c) { return c.first == "seconds_" + rule; });
    if (asked) {
      ASSERT_NE(seconds, profiled.counters.end()) << "seconds_" << rule << " missing";
    }
    if (seconds == profiled.counters.end()) continue;
    ++timed;
    EXPECT_GE(seconds->second, 0);
    EXPECT_LE(seconds->second, profiled.counter("wall_seconds") + 1e-3);
  }
  EXPECT_GT(timed, 0) << "no instance asked " << rule;
}

std::string test_name(const ::testing::TestParamInfo<PuzzleRule>& info) {
  std::string name = std::string(info.param.puzzle->name) + "_" + info.param.rule;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(EveryRuleOfThePuzzleTable, RuleAgainstBruteForce,
                         ::testing::ValuesIn(every_rule()), test_name);

// Every puzzle whose search can learn from its conflicts (`--method learn`): the learning
// engine gives the brute force's answer, with the default rules and with no rule at all (then
// every conflict is a full grid the model refuses, explained by the decisions).
std::vector<const bs::PuzzleSolver*> learning_puzzles() {
  std::vector<const bs::PuzzleSolver*> out;
  for (const bs::PuzzleSolver& p : bs::puzzle_solvers()) {
    if (!p.options) continue;
    for (const bs::OptionSpec& row : p.options())
      if (row.name == "method" && row.help.find("learn") != std::string_view::npos)
        out.push_back(&p);
  }
  return out;
}

class LearningAgainstBruteForce : public ::testing::TestWithParam<const bs::PuzzleSolver*> {};

TEST_P(LearningAgainstBruteForce, GivesTheAnswerOfNoRuleAtAll) {
  const bs::PuzzleSolver& p = *GetParam();
  ASSERT_TRUE(p.checks.oracle_instance && p.checks.oracle_answer);
  // Learning with no rule at all is a slow brute force (Dominosa: 4 s for 40 trials).
  constexpr int kTrials = bs::test::kSanitized ? 6 : 16;
  std::set<std::string> truths;
  for (int trial = 0; trial < kTrials; ++trial) {
    const uint64_t seed = 7919 * static_cast<uint64_t>(trial) + 3;
    bs::Options options;
    const std::string text = p.checks.oracle_instance(seed, options);
    const std::string path =
        bs::testing_support::write_temp(std::string(p.name) + "_learn_oracle.txt", text);
    const std::string truth = p.checks.oracle_answer(answer(p, path, options, "none"));
    options.set("method", "learn");
    for (const char* rules : {"default", "none"})
      ASSERT_EQ(p.checks.oracle_answer(answer(p, path, options, rules)), truth)
          << p.name << " learning with rules " << rules << " on seed " << seed << ":\n"
          << text;
    truths.insert(truth);
  }
  EXPECT_GE(truths.size(), 2u) << p.name << "'s oracle instances are too much alike";
}

INSTANTIATE_TEST_SUITE_P(EveryLearningPuzzle, LearningAgainstBruteForce,
                         ::testing::ValuesIn(learning_puzzles()),
                         [](const ::testing::TestParamInfo<const bs::PuzzleSolver*>& info) {
                           return std::string(info.param->name);
                         });

}  // namespace
