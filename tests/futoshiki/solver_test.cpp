// The Futoshiki solver against brute force: every Latin square of order 4 and 5 is enumerated
// once, and a puzzle's solutions are the squares that keep its givens and inequalities. The
// solver must find the same count under every rule set and thread count, and the grid it returns
// must be one of them.
#include "solvers/futoshiki/solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "core/options.hpp"
#include "ilp/futoshiki/ip.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "puzzles/futoshiki/grid.hpp"
#include "tests/futoshiki/oracle.hpp"

using namespace bs;
using namespace bs::futoshiki;
using bs::futoshiki::oracle::brute_count;
using bs::futoshiki::oracle::fits;
using bs::futoshiki::oracle::latin_squares;

namespace {

Instance random_instance(std::mt19937& rng, int n, int given_pct, int ineq_pct) {
  Instance in;
  in.name = "random";
  in.n = n;
  in.givens.assign(n * n, 0);
  std::uniform_int_distribution<int> pct(0, 99), value(1, n);
  for (int c = 0; c < n * n; ++c)
    if (pct(rng) < given_pct) in.givens[c] = value(rng);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int a = r * n + c;
      if (c + 1 < n && pct(rng) < ineq_pct)
        in.inequalities.push_back(pct(rng) < 50 ? Inequality{a, a + 1} : Inequality{a + 1, a});
      if (r + 1 < n && pct(rng) < ineq_pct)
        in.inequalities.push_back(pct(rng) < 50 ? Inequality{a, a + n} : Inequality{a + n, a});
    }
  return in;
}

Result count_all(const Instance& in, const std::string& rules, int threads, Grid* grid = nullptr) {
  Options o;
  o.set("count", "true");
  o.set("rules", rules);
  o.set("threads", std::to_string(threads));
  return solve(in, o, grid);
}

void expect_agrees(const Instance& in, const std::string& rules, int threads, int expected,
                   const std::string& what) {
  Grid grid;
  const Result r = count_all(in, rules, threads, &grid);
  ASSERT_EQ(r.solution_count, expected) << what << " rules=" << rules << " threads=" << threads;
  EXPECT_TRUE(r.count_complete);
  EXPECT_EQ(r.status, expected ? Status::solved : Status::infeasible) << what;
  if (expected) {
    // The grid returned is one of the brute force's solutions.
    const auto& squares = latin_squares(in.n);
    EXPECT_TRUE(std::find(squares.begin(), squares.end(), grid) != squares.end() && fits(in, grid))
        << what;
  }
}

// Every 4x4 puzzle with one given anywhere and one inequality between horizontal neighbours:
// 16 * 4 * 12 * 2 instances, each against the 576 Latin squares.
TEST(FutoshikiSolver, EveryOneGivenOneInequality4x4MatchesBruteForce) {
  const int n = 4;
  int checked = 0, infeasible = 0;
  for (int cell = 0; cell < n * n; ++cell)
    for (int v = 1; v <= n; ++v)
      for (int r = 0; r < n; ++r)
        for (int c = 0; c + 1 < n; ++c)
          for (int dir = 0; dir < 2; ++dir) {
            Instance in;
            in.n = n;
            in.givens.assign(n * n, 0);
            in.givens[cell] = v;
            const int a = r * n + c;
            in.inequalities.push_back(dir ? Inequality{a, a + 1} : Inequality{a + 1, a});
            const int expected = brute_count(in);
            infeasible += expected == 0;
            expect_agrees(in, "default", 1, expected, "cell " + std::to_string(cell));
            ++checked;
          }
  EXPECT_EQ(checked, 16 * 4 * 12 * 2);
  EXPECT_GT(infeasible, 0);  // a given 1 left of '>' or 4 right of it
}

TEST(FutoshikiSolver, RandomPuzzlesMatchBruteForceUnderEveryRuleSet) {
  std::mt19937 rng(2024);
  const std::vector<std::string> rule_sets = {"default",           "none",
                                              "value-elimination", "hidden-single",
                                              "inequality-bounds", "all-different"};
  int zero = 0, one = 0, many = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const int n = trial % 4 == 0 ? 5 : 4;
    const Instance in = random_instance(rng, n, n == 5 ? 12 : 15, 30);
    const int expected = brute_count(in);
    (expected == 0 ? zero : expected == 1 ? one : many)++;
    for (const auto& rules : rule_sets) {
      if (rules == "none" && n == 5) continue;  // bare enumeration of 5x5 is slow, not wrong
      expect_agrees(in, rules, 1, expected, "trial " + std::to_string(trial));
    }
    expect_agrees(in, "default", 2, expected, "trial " + std::to_string(trial));
  }
  EXPECT_GT(zero, 20);
  EXPECT_GT(one, 10);
  EXPECT_GT(many, 20);
}

TEST(FutoshikiSolver, CountLimitTwoProvesUniquenessOrNot) {
  std::mt19937 rng(7);
  int by_count[3] = {0, 0, 0};  // none, one, two or more: each case must come up
  for (int trial = 0; trial < 200; ++trial) {
    // Half random (mostly without solutions), half planted in a random Latin square with more
    // or fewer of its cells given (one solution or several), so that every case comes up.
    Instance in = random_instance(rng, 5, 25, 35);
    if (trial % 2) {
      const auto& squares = latin_squares(5);
      const Grid& planted = squares[rng() % squares.size()];
      in.inequalities.clear();
      const int keep = 25 + 10 * (trial % 5);  // percent of cells given
      for (int c = 0; c < 25; ++c)
        in.givens[c] = static_cast<int>(rng() % 100) < keep ? planted[c] : 0;
    }
    const int expected = brute_count(in);
    ++by_count[std::min(expected, 2)];
    Options o;
    o.set("count", "true");
    o.set("limit", "2");
    const Result r = solve(in, o);
    EXPECT_EQ(r.solution_count, std::min(expected, 2)) << trial;
    EXPECT_EQ(r.count_complete, expected < 2) << trial;
  }
  EXPECT_GT(by_count[0], 20);
  EXPECT_GT(by_count[1], 20);
  EXPECT_GT(by_count[2], 20);
}

TEST(FutoshikiSolver, SolveReturnsTheSameFirstGridAtEveryThreadCount) {
  std::mt19937 rng(11);
  int solved = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const Instance in = random_instance(rng, 5, 8, 20);
    Grid one, two;
    Options o1, o2;
    o2.set("threads", "2");
    o2.set("spawn-depth", "3");
    const Result a = solve(in, o1, &one), b = solve(in, o2, &two);
    ASSERT_EQ(a.status, b.status) << trial;
    if (a.status == Status::solved) {
      EXPECT_EQ(one, two) << trial;
      ++solved;
    }
  }
  EXPECT_GT(solved, 20);  // most of these sparse puzzles have solutions to compare
}

// A complete count visits the same tree on any number of threads, so it reports the same node
// count. The generated 12x12s are settled within the parallel search's first levels, where a goal
// met while expanding the frontier was once counted twice (9 nodes on one thread, 10 on two).
TEST(FutoshikiSolverParallel, ACompleteCountHasTheSameNodesOnTwoThreads) {
  for (const char* name : {"gen_12_seed2", "gen_12_seed3", "gen_12_seed4"}) {
    const Instance in = read_instance(std::string(BS_SOURCE_DIR) +
                                      "/instances/futoshiki/generated/" + name + ".txt");
    Options o1, o2;
    for (Options* o : {&o1, &o2}) {
      o->set("count", "true");
      o->set("limit", "2");
    }
    o2.set("threads", "2");
    const Result one = solve(in, o1), two = solve(in, o2);
    ASSERT_TRUE(one.count_complete && two.count_complete) << name;
    EXPECT_EQ(one.solution_count, two.solution_count) << name;
    EXPECT_GT(one.counter("nodes"), 1) << name;  // a search, not a root decision
    EXPECT_EQ(one.counter("nodes"), two.counter("nodes")) << name;
  }
}

TEST(FutoshikiSolver, RootContradictionsAreInfeasibleWithACertificate) {
  Instance in;
  in.name = "clash";
  in.n = 4;
  in.givens.assign(16, 0);
  in.givens[0] = in.givens[3] = 2;  // two 2s in row 1
  Result r = solve(in, Options());
  EXPECT_EQ(r.status, Status::infeasible);
  EXPECT_EQ(r.certificate.kind, "contradiction");
  EXPECT_EQ(check_certificate(in, r.certificate), "");

  in.givens.assign(16, 0);
  in.inequalities = {{0, 1}, {1, 0}};  // a > b and b > a
  r = solve(in, Options());
  EXPECT_EQ(r.status, Status::infeasible);
  EXPECT_EQ(r.certificate.kind, "contradiction");
  EXPECT_EQ(check_certificate(in, r.certificate), "");

  // A tampered certificate: claims a contradiction on a solvable puzzle.
  in.inequalities = {{0, 1}};
  EXPECT_NE(check_certificate(in, r.certificate), "");
}

// The search against the reference integer model, a method that shares nothing with it, on
// random 6x6 puzzles: the same count up to 3, and whether that count is all of them.
TEST(FutoshikiSolver, SearchAndIntegerModelAgreeOnRandom6x6) {
  std::mt19937 rng(66);
  int infeasible = 0, unique = 0;
  for (int trial = 0; trial < 40; ++trial) {
    // Read off a shuffled cyclic square, so that most are solvable; every third gets one clue
    // broken, so that many are not.
    const int n = 6;
    std::vector<int> row(n), col(n), sym(n);
    std::iota(row.begin(), row.end(), 0);
    std::iota(col.begin(), col.end(), 0);
    std::iota(sym.begin(), sym.end(), 1);
    std::shuffle(row.begin(), row.end(), rng);
    std::shuffle(col.begin(), col.end(), rng);
    std::shuffle(sym.begin(), sym.end(), rng);
    Grid square(n * n);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) square[r * n + c] = sym[(row[r] + col[c]) % n];
    Instance in;
    in.n = n;
    in.givens.assign(n * n, 0);
    std::uniform_int_distribution<int> pct(0, 99);
    for (int c = 0; c < n * n; ++c)
      if (pct(rng) < 12) in.givens[c] = square[c];
    for (int c = 0; c < n * n; ++c)
      for (int d : {c + 1, c + n}) {
        if ((d == c + 1 && c % n == n - 1) || d >= n * n || pct(rng) >= 35) continue;
        in.inequalities.push_back(square[c] > square[d] ? Inequality{c, d} : Inequality{d, c});
      }
    if (trial % 3 == 0 && !in.inequalities.empty())
      std::swap(in.inequalities[0].greater, in.inequalities[0].smaller);
    Options o;
    o.set("count", "true");
    o.set("limit", "3");
    const Result r = solve(in, o);
    const bs::ilp::FutoshikiIpCount ip = bs::ilp::count_futoshiki_ip(in, 3, 60);
    ASSERT_TRUE(ip.exact || ip.count == 3) << trial;
    EXPECT_EQ(r.solution_count, ip.count) << trial;
    EXPECT_EQ(r.count_complete, ip.exact) << trial;
    infeasible += ip.count == 0;
    unique += ip.count == 1;
  }
  EXPECT_GT(infeasible, 3);
  EXPECT_GT(unique, 0);
}

// Counting on two threads against one, small enough for ThreadSanitizer (the CI runs every test
// named *Parallel* under it).
TEST(FutoshikiParallel, CountsAndFirstSolutionMatchSerial) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 6; ++trial) {
    const Instance in = random_instance(rng, 5, 10, 15);
    Options serial, parallel;
    for (Options* o : {&serial, &parallel}) {
      o->set("count", "true");
      o->set("probe-depth", "0");
    }
    parallel.set("threads", "2");
    parallel.set("spawn-depth", "2");
    Grid a, b;
    const Result one = solve(in, serial, &a), two = solve(in, parallel, &b);
    EXPECT_EQ(one.solution_count, brute_count(in)) << trial;
    EXPECT_EQ(one.solution_count, two.solution_count) << trial;
    EXPECT_TRUE(two.count_complete);
  }
}

}  // namespace
