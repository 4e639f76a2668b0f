// The paired comparison of two players: McNemar's p-value against the binomial summed by brute
// force, counts and intervals worked out by hand, located errors for records that are not
// records or not of the same games, and the CLI on two real runs, checked against a count made
// here from the record files themselves.
#include "experiments/paired.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <vector>

#include "core/outcomes.hpp"
#include "tests/test_support.hpp"

namespace {

using bs::experiments::compare_records;
using bs::experiments::mcnemar_p_value;
using bs::testing_support::expect_error;
using bs::testing_support::run_cli;
using bs::testing_support::slurp;
using bs::testing_support::temp_path;
using bs::testing_support::write_temp;

// Binomial(n, 1/2) probabilities from Pascal's triangle, in long double.
std::vector<long double> binomial_half(int n) {
  std::vector<long double> row{1};
  for (int i = 0; i < n; ++i) {
    std::vector<long double> next(row.size() + 1, 0);
    for (size_t k = 0; k < row.size(); ++k) {
      next[k] += row[k] / 2;
      next[k + 1] += row[k] / 2;
    }
    row = next;
  }
  return row;
}

TEST(Paired, McNemarIsTwiceTheSmallerBinomialTailByBruteForce) {
  for (int n = 0; n <= 60; ++n) {
    const auto pmf = binomial_half(n);
    for (int only_a = 0; only_a <= n; ++only_a) {
      const int only_b = n - only_a, k = std::min(only_a, only_b);
      long double tail = 0;
      for (int i = 0; i <= k; ++i) tail += pmf[i];
      const double expected = static_cast<double>(std::min<long double>(1, 2 * tail));
      EXPECT_NEAR(mcnemar_p_value(only_a, only_b), expected, 1e-12 * expected + 1e-300)
          << only_a << " " << only_b;
    }
  }
}

TEST(Paired, McNemarStaysFiniteOnLargeCounts) {
  // 100,000 discordant games, 300 apart; the exact value from 30-digit arithmetic (mpmath).
  EXPECT_NEAR(mcnemar_p_value(49850, 50150), 0.344392987052828, 1e-9);
  EXPECT_EQ(mcnemar_p_value(0, 5000), 0.0);  // 2^-4999 underflows a double
  EXPECT_EQ(mcnemar_p_value(0, 0), 1);
}

// Outcomes survive their hex packing for every length, and a string that does not fit the unit
// count (a bad character, the wrong length, a bit past the last unit) decodes to nothing.
TEST(Outcomes, PackAndUnpackByBruteForce) {
  std::mt19937 rng(7);
  for (size_t units = 1; units <= 40; ++units)
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<uint8_t> won(units);
      for (auto& w : won) w = rng() % 2;
      const std::string hex = bs::encode_outcomes(won);
      ASSERT_EQ(hex.size(), (units + 3) / 4);
      EXPECT_EQ(bs::decode_outcomes(hex, units), won) << hex;
      // Digit k is the sum of 2^b over the units 4k + b won: every digit, by hand.
      for (size_t k = 0; k < hex.size(); ++k) {
        int digit = 0;
        for (size_t b = 0; b < 4 && 4 * k + b < units; ++b) digit += won[4 * k + b] << b;
        EXPECT_EQ(hex[k], "0123456789abcdef"[digit]) << hex << " digit " << k;
      }
    }
  EXPECT_TRUE(bs::decode_outcomes("f", 3).empty());  // bit 3 is past the last unit
  EXPECT_EQ(bs::decode_outcomes("7", 3), (std::vector<uint8_t>{1, 1, 1}));
  EXPECT_EQ(bs::decode_outcomes("52", 6), (std::vector<uint8_t>{1, 0, 1, 0, 0, 1}));
  EXPECT_TRUE(bs::decode_outcomes("g0", 8).empty());  // not a hex digit
  EXPECT_TRUE(bs::decode_outcomes("F0", 8).empty());  // upper case is not what we write
  EXPECT_TRUE(bs::decode_outcomes("00", 9).empty());  // too short
}

// A record line as `play mines --record` writes it, with only the fields the comparison reads.
std::string record(int game, bool won, const std::string& mines = "[[1,2]]",
                   const std::string& board = "9x9x10 sfar (0,0)") {
  return R"({"board":")" + board + R"(","game":)" + std::to_string(game) + R"(,"mines":)" + mines +
         R"(,"won":)" + (won ? "true" : "false") + "}\n";
}

TEST(Paired, CountsAndIntervalByHand) {
  // A wins 0 and 1, B wins 1 and 2; 3 is lost by both; 4 is in B alone.
  const std::string a = write_temp(
      "paired_a.jsonl", record(0, true) + record(1, true) + record(2, false) + record(3, false));
  const std::string b =
      write_temp("paired_b.jsonl", record(2, true) + record(1, true) + record(0, false) +
                                       record(3, false) + record(4, true));
  const auto p = compare_records(a, b);
  EXPECT_EQ(p.games, 4);
  EXPECT_EQ(p.unmatched, 1);
  EXPECT_EQ(p.wins_a, 2);
  EXPECT_EQ(p.wins_b, 2);
  EXPECT_EQ(p.only_a, 1);
  EXPECT_EQ(p.only_b, 1);
  EXPECT_EQ(p.difference, 0);
  // Differences -1, 0, +1, 0: sample variance 2/3, so the half-width is 1.96 * sqrt(2/3 / 4).
  EXPECT_NEAR(p.high, 1.959963984540054 * std::sqrt(2.0 / 3 / 4), 1e-12);
  EXPECT_NEAR(p.low, -p.high, 1e-12);
  EXPECT_EQ(p.p_value, 1);
}

TEST(Paired, RecordsOfOtherGamesOrNoRecordsAreLocatedErrors) {
  const std::string a = write_temp("paired_a.jsonl", record(0, true) + record(1, false));
  // Game 1 has another layout: not the same games.
  const std::string other =
      write_temp("paired_other.jsonl", record(0, true) + record(1, true, "[[2,2]]"));
  expect_error([&] { compare_records(a, other); }, 2, 1, "not paired");
  const std::string board =
      write_temp("paired_board.jsonl", record(0, true, "[[1,2]]", "9x9x10 snr (2,2)"));
  expect_error([&] { compare_records(a, board); }, 1, 1, "not paired");
  const std::string twice = write_temp("paired_twice.jsonl", record(1, true) + record(1, false));
  expect_error([&] { compare_records(a, twice); }, 2, 1, "recorded twice (first on line 1)");
  const std::string rows = write_temp("paired_rows.jsonl", "{\"key\":\"x\"}\n");
  expect_error([&] { compare_records(a, rows); }, 1, 1, "'game'");
  const std::string no_won = write_temp("paired_nowon.jsonl", R"({"game":0,"board":"b"})"
                                                              "\n");
  expect_error([&] { compare_records(a, no_won); }, 1, 1, "'won'");
  const std::string broken = write_temp("paired_broken.jsonl", record(0, true) + "{\"game\":\n");
  expect_error([&] { compare_records(a, broken); }, 2, 9, "");
  // A number past the range of a double: well-formed JSON that the library cannot hold (a
  // fuzzer found it ending the process).
  const std::string huge =
      write_temp("paired_huge.jsonl", record(0, true) + "{\"game\":1e99999}\n");
  expect_error([&] { compare_records(a, huge); }, 2, 1, "number overflow");
  const std::string disjoint = write_temp("paired_disjoint.jsonl", record(7, true));
  expect_error([&] { compare_records(a, disjoint); }, 0, 0, "no game in common");
}

TEST(Paired, CliComparesTwoRealRunsGameByGame) {
  const std::string fast = temp_path("paired_fast.jsonl"),
                    strong = temp_path("paired_strong.jsonl");
  const std::string games = "play mines --board beginner9 --games 300 --seed 11 --threads 2 ";
  ASSERT_EQ(run_cli(games + "--record " + fast).code, 0);
  ASSERT_EQ(run_cli(games + "--lookahead 1 --record " + strong).code, 0);
  // The count the comparison must agree with, made here from the files themselves.
  std::vector<int> won_fast(300, -1), won_strong(300, -1);
  for (const auto& [path, won] : {std::pair{&fast, &won_fast}, std::pair{&strong, &won_strong}}) {
    std::istringstream in(slurp(*path));
    for (std::string line; std::getline(in, line);) {
      const auto j = nlohmann::json::parse(line);
      (*won)[j["game"].get<int>()] = j["won"].get<bool>();
    }
  }
  int only_fast = 0, only_strong = 0;
  for (int g = 0; g < 300; ++g) {
    ASSERT_GE(won_fast[g], 0);
    ASSERT_GE(won_strong[g], 0);
    only_fast += won_fast[g] && !won_strong[g];
    only_strong += won_strong[g] && !won_fast[g];
  }
  ASSERT_GT(only_fast + only_strong, 0) << "the two players must disagree somewhere to test this";
  const auto r = run_cli("compare " + fast + " " + strong + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["games"], 300);
  EXPECT_EQ(j["only_a"], only_fast);
  EXPECT_EQ(j["only_b"], only_strong);
  EXPECT_NEAR(j["p_value"].get<double>(), mcnemar_p_value(only_fast, only_strong), 1e-15);
  const auto text = run_cli("compare " + fast + " " + strong);
  EXPECT_NE(text.out.find("games compared  300 (the same layouts)"), std::string::npos) << text.out;
  // Another seed deals other games: exit code 2 and the located error.
  const std::string other = temp_path("paired_other_seed.jsonl");
  ASSERT_EQ(run_cli("play mines --board beginner9 --games 300 --seed 12 --record " + other).code,
            0);
  const auto bad = run_cli("compare " + fast + " " + other);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find(other + ":"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("not paired"), std::string::npos) << bad.err;
}

}  // namespace
