// The Futoshiki generator against what it promises, each promise checked by a route other than
// the one the generator took: uniqueness by the public solver's counting mode (and up to order 5
// by brute force), the solution by the independent verifier, minimality by removing every clue
// alone and counting by brute force or the solver, the grade by a fresh analysis,
// and the Latin squares (including the Jacobson-Matthews moves through improper squares) by
// counting how often each square of a small order comes out.
#include "solvers/futoshiki/generate.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include "core/options.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/solver.hpp"
#include "solvers/solver.hpp"
#include "tests/futoshiki/oracle.hpp"

using namespace bs;
using namespace bs::futoshiki;

namespace {

Result count_to_two(const Instance& in) {
  Options o;
  o.set("count", "true");
  o.set("limit", "2");
  return solve(in, o);
}

std::string text_of(int n, uint64_t seed, const std::string& grade) {
  Options o;
  o.set("size", std::to_string(n));
  o.set("seed", std::to_string(seed));
  o.set("grade", grade);
  return find_puzzle("futoshiki")->generate(o);
}

// Whether `less`, a puzzle with one clue removed, has a second solution: by the brute-force oracle
// up to order 5, and beyond it by the public solver's counting mode, not the generator's analyse().
bool has_two_solutions(const Instance& less) {
  if (less.n <= 5) return oracle::brute_count(less) >= 2;
  return count_to_two(less).solution_count >= 2;
}

void expect_minimal(const Instance& in, const std::string& what) {
  for (int c = 0; c < in.cells(); ++c) {
    if (!in.givens[c]) continue;
    Instance less = in;
    less.givens[c] = 0;
    EXPECT_TRUE(has_two_solutions(less)) << what << ": the given at cell " << c << " can go";
  }
  for (size_t i = 0; i < in.inequalities.size(); ++i) {
    Instance less = in;
    less.inequalities.erase(less.inequalities.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_TRUE(has_two_solutions(less)) << what << ": inequality " << i << " can go";
  }
}

}  // namespace

TEST(FutoshikiGenerate, LatinSquaresAreLatin) {
  for (int n = 1; n <= 16; ++n)
    for (uint64_t seed = 0; seed < 3; ++seed) {
      std::mt19937_64 rng(seed);
      const Grid g = random_latin_square(n, rng);
      Instance empty;
      empty.n = n;
      empty.givens.assign(static_cast<size_t>(n) * n, 0);
      EXPECT_EQ(verify_solution(empty, g), "") << "n=" << n << " seed=" << seed;
    }
}

// Order 4 has 576 Latin squares in two isotopy classes (432 and 144 squares); shuffles alone
// would still reach both, but only a correct chain makes every square equally likely.
TEST(FutoshikiGenerate, LatinSquaresOfOrderFourAreNearUniform) {
  std::mt19937_64 rng(7);
  std::map<Grid, int> seen;
  const int draws = 576 * 20;
  for (int i = 0; i < draws; ++i) ++seen[random_latin_square(4, rng)];
  EXPECT_EQ(seen.size(), 576u);
  for (const auto& [g, k] : seen) {
    EXPECT_GT(k, 3);  // mean 20: a fair die of 576 faces leaves (3, 45) once in ~500 runs
    EXPECT_LT(k, 45);
  }
}

TEST(FutoshikiGenerate, PuzzlesAreUniqueMinimalAndReadBack) {
  for (int n = 4; n <= 7; ++n)
    for (uint64_t seed = 1; seed <= (n <= 5 ? 4u : 2u); ++seed) {
      const std::string what = "n=" + std::to_string(n) + " seed=" + std::to_string(seed);
      const Generated g = generate(n, seed, "any");
      const Instance& in = g.instance;
      ASSERT_EQ(in.n, n) << what;

      const Instance back = parse_instance(format_instance(in), "back.txt");
      EXPECT_EQ(back, in) << what;

      const Result r = count_to_two(in);
      EXPECT_EQ(r.solution_count, 1) << what;
      EXPECT_TRUE(r.count_complete) << what;
      if (n <= 5) {
        EXPECT_EQ(oracle::brute_count(in), 1) << what;
      }
      EXPECT_EQ(verify_solution(in, g.solution), "") << what;

      expect_minimal(in, what);
      EXPECT_EQ(grade_of(analyse(in, 2)), g.grade) << what;
    }
}

TEST(FutoshikiGenerate, SameOptionsSameText) {
  for (int n : {4, 6, 8}) {
    const std::string a = text_of(n, 42, "any"), b = text_of(n, 42, "any");
    EXPECT_EQ(a, b);
    EXPECT_NE(a, text_of(n, 43, "any")) << "n=" << n;
    // The text is the seed format with a comment first: it parses to the generated instance.
    EXPECT_EQ(parse_instance(a, "x.txt"), generate(n, 42, "any").instance);
  }
}

// Solving with the rules of grade_names() up to `grade` needs no branching (one node); without
// `grade` itself, when it is not the first, it does.
void expect_root_solved_only_with(const Instance& in, const std::string& grade,
                                  const std::string& what) {
  const std::vector<std::string>& names = grade_names();
  const auto at = std::find(names.begin(), names.end(), grade);
  ASSERT_NE(at, names.end()) << grade;
  auto nodes_with = [&](std::vector<std::string>::const_iterator end) {
    std::string rules;
    for (auto it = names.begin(); it != end; ++it) rules += (rules.empty() ? "" : ",") + *it;
    Options o;
    o.set("rules", rules);
    const Result r = solve(in, o);
    EXPECT_EQ(r.status, Status::solved) << what;
    return r.counter("nodes");
  };
  EXPECT_EQ(nodes_with(at + 1), 1) << what << " with the rules up to " << grade;
  if (at != names.begin()) {
    EXPECT_GT(nodes_with(at), 1) << what << " without " << grade;
  }
}

TEST(FutoshikiGenerate, GradeRequestsAreHonoured) {
  const std::vector<std::string>& names = grade_names();
  ASSERT_GE(names.size(), 3u);
  // (A minimal 4x4 within hidden-single always turns out to need value elimination only, so that
  // grade starts at 5.)
  for (const std::string& grade : {names[0], names[1], names[2]})
    for (int n : {grade == names[1] ? 5 : 4, 6})
      for (uint64_t seed = 1; seed <= 2; ++seed) {
        const Generated g = generate(n, seed, grade);
        const Analysis a = analyse(g.instance, 2);
        EXPECT_EQ(a.solutions, 1);
        EXPECT_EQ(grade_of(a), grade) << "n=" << n << " seed=" << seed;
        EXPECT_EQ(g.grade, grade);
        // The grade by another route than the generator's own analysis: the solver with the
        // rules up to the grade decides the puzzle at the root, and without the grade's own rule
        // it must branch.
        expect_root_solved_only_with(g.instance, grade,
                                     "n=" + std::to_string(n) + " seed=" + std::to_string(seed));
      }
}

// No 4x4 puzzle is hard enough to need search: a graded request that cannot be met ends in a
// clear error after a bounded number of attempts, not in an endless loop.
TEST(FutoshikiGenerate, AnUnreachableGradeGivesUp) {
  try {
    generate(4, 1, "search");
    FAIL() << "a 4x4 puzzle that needs search";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("no puzzle of grade search"), std::string::npos);
  }
}

TEST(FutoshikiGenerate, BadRequestsAreRefused) {
  EXPECT_THROW(generate(5, 1, "no-such-rule"), std::invalid_argument);
  EXPECT_THROW(generate(0, 1, "any"), std::invalid_argument);
  EXPECT_THROW(generate(kMaxN + 1, 1, "any"), std::invalid_argument);
}

TEST(FutoshikiGenerate, Cli) {
  const std::string base = testing::TempDir() + "/gen_" + std::to_string(getpid());
  auto run = [&](const std::string& args) {
    const std::string cmd =
        std::string(BS_CLI) + " " + args + " >" + base + ".out 2>" + base + ".err";
    const int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  auto slurp = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  ASSERT_EQ(run("generate futoshiki --size 5 --seed 9"), 0);
  const std::string printed = slurp(base + ".out");
  EXPECT_EQ(printed, text_of(5, 9, "any"));
  ASSERT_EQ(run("generate futoshiki --size 5 --seed 9 --output " + base + ".txt"), 0);
  EXPECT_EQ(slurp(base + ".txt"), printed);
  EXPECT_EQ(run("generate peg --size 5"), 2);
  EXPECT_NE(slurp(base + ".err").find("no generator"), std::string::npos);
  EXPECT_EQ(run("generate futoshiki --grade nonsense"), 2);
  EXPECT_EQ(run("generate futoshiki --size 4 --grade search"), 1);  // a limit, not bad input
  std::remove((base + ".out").c_str());
  std::remove((base + ".err").c_str());
  std::remove((base + ".txt").c_str());
}

// A config's [[generate]] table makes its puzzles on several threads: each must be the very text
// the serial generator gives for its seed, in seed order, whatever thread made it. The name holds
// "Parallel" so that CI runs it under ThreadSanitizer too.
TEST(FutoshikiGenerateParallel, ConfigPuzzlesAreTheSerialGeneratorsInSeedOrder) {
  const std::vector<GeneratedInstance> made =
      find_puzzle("futoshiki")
          ->generate_instances({{"size", "5"}, {"count", "6"}, {"seed", "11"}, {"grade", "any"}});
  ASSERT_EQ(made.size(), 6u);
  for (uint64_t k = 0; k < 6; ++k) {
    EXPECT_EQ(made[k].name, "gen_5_seed" + std::to_string(11 + k));
    EXPECT_EQ(made[k].text, text_of(5, 11 + k, "any")) << made[k].name;
  }
  // A failing seed is reported as the generator reports it alone.
  EXPECT_THROW(find_puzzle("futoshiki")->generate_instances({{"size", "5"}, {"grade", "nope"}}),
               std::invalid_argument);
}
