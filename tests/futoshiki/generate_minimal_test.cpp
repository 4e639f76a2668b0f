// The generator of minimal puzzles (`--clues add`) against what it promises, each promise checked
// by a route other than the generator's: uniqueness and minimality by brute force over every Latin
// square up to order 5 (tests/futoshiki/oracle.hpp) and by the public solver's plain count at
// order 6 (where the generator asked reversed inequalities and cycle switches instead), the
// solution by the independent verifier, and determinism by generating twice.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/options.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/generate.hpp"
#include "solvers/futoshiki/solver.hpp"
#include "solvers/solver.hpp"
#include "tests/futoshiki/oracle.hpp"

using namespace bs;
using namespace bs::futoshiki;

namespace {

// Solutions up to two: brute force up to order 5, the public solver's count beyond.
int solutions_up_to_two(const Instance& in) {
  if (in.n <= 5) return std::min(oracle::brute_count(in), 2);
  Options o;
  o.set("count", "true");
  o.set("limit", "2");
  const Result r = solve(in, o);
  EXPECT_NE(r.status, Status::unknown);
  return static_cast<int>(std::max<int64_t>(r.solution_count, 0));
}

std::string minimal_text(int n, uint64_t seed) {
  Options o;
  o.set("size", std::to_string(n));
  o.set("seed", std::to_string(seed));
  o.set("clues", "add");
  o.set("progress", "off");
  return find_puzzle("futoshiki")->generate(o);
}

void expect_unique_and_minimal(const Generated& g, const std::string& what) {
  const Instance& in = g.instance;
  EXPECT_EQ(verify_solution(in, g.solution), "") << what;
  EXPECT_EQ(solutions_up_to_two(in), 1) << what;
  for (int c = 0; c < in.cells(); ++c) {
    if (!in.givens[c]) continue;
    Instance less = in;
    less.givens[c] = 0;
    EXPECT_EQ(solutions_up_to_two(less), 2) << what << ": the given at cell " << c << " can go";
  }
  for (size_t i = 0; i < in.inequalities.size(); ++i) {
    Instance less = in;
    less.inequalities.erase(less.inequalities.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_EQ(solutions_up_to_two(less), 2) << what << ": inequality " << i << " can go";
  }
}

void expect_generated_well(int n, uint64_t seed) {
  const std::string what = "size " + std::to_string(n) + " seed " + std::to_string(seed);
  const Generated g = generate_minimal(n, seed, {});
  expect_unique_and_minimal(g, what);
  EXPECT_GT(g.oracle_calls, 0) << what;
}

TEST(FutoshikiGenerateMinimal, UniqueMinimalAndSolvedByItsSquare) {
  for (const uint64_t seed : {1u, 2u}) expect_generated_well(4, seed);
  expect_generated_well(6, 1);
}

// Order 5 and more seeds (full label: enumerating the 161,280 squares of order 5 alone takes a
// good part of a second under the sanitizers).
TEST(FutoshikiGenerateMinimal, UniqueMinimalOverMoreSeeds) {
  for (const uint64_t seed : {1u, 2u, 3u}) expect_generated_well(5, seed);
  for (const uint64_t seed : {2u, 3u, 4u}) expect_generated_well(6, seed);
}

// The same square as `--clues all` (its first attempt) for the same size and seed, and far fewer
// clues: adding stops at the first unique prefix, so the puzzle is not the full set stripped.
TEST(FutoshikiGenerateMinimal, SameSquareAsTheFirstGenerator) {
  const Generated all = generate(6, 3, "any");
  const Generated add = generate_minimal(6, 3, {});
  ASSERT_EQ(all.attempt, 0);
  EXPECT_EQ(add.solution, all.solution);
}

TEST(FutoshikiGenerateMinimal, SameSeedSameText) {
  const std::string a = minimal_text(6, 7);
  EXPECT_EQ(a, minimal_text(6, 7));
  EXPECT_NE(a, minimal_text(6, 8));
  EXPECT_EQ(a.rfind("# futoshiki generated: size 6, seed 7, clues add (minimal: ", 0), 0u) << a;
  // The text parses back to the puzzle generated.
  EXPECT_EQ(parse_instance(a, "x.txt"), generate_minimal(6, 7, {}).instance);
}

// The progress line runs on a thread of its own and only reads the generator's counters.
TEST(FutoshikiGenerateMinimal, ProgressLineChangesNothing) {
  EXPECT_EQ(generate_minimal(6, 5, {0, true}).instance, generate_minimal(6, 5, {}).instance);
}

TEST(FutoshikiGenerateMinimal, OracleCountsUpToItsLimit) {
  const Generated g = generate_minimal(5, 4, {});
  EXPECT_EQ(count_up_to(g.instance, 2, 0), 1);
  Instance empty = g.instance;
  empty.givens.assign(empty.givens.size(), 0);
  empty.inequalities.clear();
  EXPECT_EQ(count_up_to(empty, 2, 0), 2);
  EXPECT_EQ(count_up_to(empty, 1, 0), 1);
  Instance broken = g.instance;  // a given against its own solution, where none was
  for (int c = 0; c < broken.cells(); ++c)
    if (!broken.givens[c]) {
      broken.givens[c] = g.solution[c] % broken.n + 1;
      break;
    }
  EXPECT_EQ(count_up_to(broken, 2, 0), 0);
}

// A limit already spent before the first oracle call (the square alone takes longer than a
// nanosecond) stops the run with the limit named, never with a puzzle.
TEST(FutoshikiGenerateMinimal, TimeLimitIsReportedNotAPuzzle) {
  try {
    generate_minimal(9, 1, {1e-9, false});
    FAIL() << "a puzzle within a nanosecond";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("time limit"), std::string::npos) << e.what();
  }
}

TEST(FutoshikiGenerateMinimal, ConfigSpecNamesAndTexts) {
  const auto made =
      find_puzzle("futoshiki")
          ->generate_instances({{"size", "5"}, {"count", "2"}, {"seed", "3"}, {"clues", "add"}});
  ASSERT_EQ(made.size(), 2u);
  EXPECT_EQ(made[0].name, "gen_5_min_seed3");
  EXPECT_EQ(made[1].name, "gen_5_min_seed4");
  EXPECT_EQ(made[0].text, minimal_text(5, 3));
  // The present method keeps its names.
  EXPECT_EQ(find_puzzle("futoshiki")->generate_instances({{"size", "4"}, {"seed", "2"}})[0].name,
            "gen_4_seed2");
  EXPECT_THROW(find_puzzle("futoshiki")->generate_instances({{"size", "5"}, {"clues", "some"}}),
               std::invalid_argument);
}

TEST(FutoshikiGenerateMinimal, GradeBelongsToTheFirstMethod) {
  Options o;
  o.set("size", "5");
  o.set("clues", "add");
  o.set("grade", "search");
  EXPECT_THROW(find_puzzle("futoshiki")->generate(o), std::invalid_argument);
}

}  // namespace
