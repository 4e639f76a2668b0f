// The Shakashaka solver on real puzzles, its certificates, and the generator.
//
// Shipped puzzles: each is solved to its shipped solution and proved unique, by the search and,
// for the 10x10 ones, by the integer model. Certificates: a puzzle with no solution gets one that
// the integer model re-checks, and a wrong one is refused. The generator: deterministic for a
// seed, its puzzle unique with the planted solution, every clue needed (each dropped in turn gives
// a second solution, found by the search and checked by the verifier), and graded as asked.
#include "solvers/shakashaka/solver.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "ilp/shakashaka/ip.hpp"
#include "puzzles/shakashaka/format.hpp"
#include "solvers/shakashaka/generate.hpp"
#include "tests/sample_size.hpp"
#include "tests/test_support.hpp"

namespace bs::shakashaka {
namespace {

using namespace bs::testing_support;

std::vector<std::string> shipped(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(shipped_instance(folder)))
    if (e.path().extension() == ".txt") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

Solution shipped_solution(const std::string& puzzle_path, const Instance& in) {
  std::string sol = puzzle_path;
  sol.replace(sol.size() - 4, 4, ".sol");
  return parse_solution(read_file(sol), in, sol);
}

Options count_to(int limit) {
  Options o;
  o.set("count", "true");
  o.set("limit", std::to_string(limit));
  return o;
}

TEST(ShakashakaSolver, EveryShippedPuzzleIsSolvedAndProvedUnique) {
  std::vector<std::string> files = shipped("shakashaka/real/");
  for (const std::string& f : shipped("shakashaka/sparse/")) files.push_back(f);
  ASSERT_EQ(files.size(), 17u);
  for (const std::string& path : files) {
    const Instance in = read_instance(path);
    Solution got;
    const Result r = solve(in, count_to(2), &got);
    EXPECT_EQ(r.status, Status::solved) << path;
    EXPECT_EQ(r.solution_count, 1) << path;
    EXPECT_TRUE(r.count_complete) << path;
    EXPECT_TRUE(r.verified) << path;
    EXPECT_EQ(got, shipped_solution(path, in)) << path;
  }
}

// The integer model agrees on the small shipped puzzles: one solution, the same one.
TEST(ShakashakaSolver, TheIntegerModelAgreesOnTheSmallShippedPuzzles) {
  int checked = 0;
  for (const std::string& path : shipped("shakashaka/real/")) {
    const Instance in = read_instance(path);
    if (in.cells() > 100 || checked >= (bs::test::kSanitized ? 1 : 3)) continue;
    const ilp::ShakashakaIpCount c =
        ilp::count_shakashaka_ip(in, 2, 120, ilp::ShakashakaFamilies::hull);
    EXPECT_TRUE(c.exact) << path;
    ASSERT_EQ(c.count, 1) << path;
    EXPECT_EQ(c.solutions.front(), shipped_solution(path, in)) << path;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// A 2x2 grid with a 4 in a corner: the clue has two neighbours, so no solution; the rules refute
// it at the root and the integer model confirms the certificate.
TEST(ShakashakaSolver, ANoSolutionCertificateIsRecheckedByTheIntegerModel) {
  const Instance in = parse_instance("2 2\n4.\n..\n", "four.txt");
  const Result r = solve(in, Options());
  ASSERT_EQ(r.status, Status::infeasible);
  EXPECT_EQ(r.certificate.kind, "propagation");
  EXPECT_EQ(check_certificate(in, r.certificate), "");
  // The same certificate for a puzzle that has solutions is refused.
  const Instance open = parse_instance("1 3\n0..\n", "zero.txt");
  EXPECT_NE(check_certificate(open, r.certificate), "");
  EXPECT_NE(check_certificate(in, {"made-up", "", "{}"}), "");
}

TEST(ShakashakaSolver, TheIntegerModelMethodGivesVerifiedAnswers) {
  const Instance in = read_instance(shipped_instance("shakashaka/real/ppb_01_10x10.txt"));
  for (const char* method : {"ip", "ip-hull"}) {
    Options o = count_to(2);
    o.set("method", method);
    Solution got;
    const Result r = solve(in, o, &got);
    EXPECT_EQ(r.status, Status::solved) << method;
    EXPECT_EQ(r.solution_count, 1) << method;
    EXPECT_TRUE(r.verified) << method;
  }
}

// Two threads find the same count as one (the DFS's answers do not depend on threads).
TEST(ShakashakaSolverParallel, TwoThreadsCountWhatOneCounts) {
  const Instance in = parse_instance("5 5\n.....\n.....\n.....\n.....\n.....\n", "empty.txt");
  Options one = count_to(0), two = count_to(0);
  two.set("threads", "2");
  two.set("spawn-depth", "3");
  const Result a = solve(in, one), b = solve(in, two);
  EXPECT_EQ(a.solution_count, 89);  // as the search counts it; smaller grids are checked below
  EXPECT_EQ(b.solution_count, a.solution_count);
  EXPECT_TRUE(b.count_complete);
}

// Empty grids have many solutions, too many cells for the verifier's brute force: their counts
// by the search and by the integer model (no-good cuts), which share nothing, must agree.
TEST(ShakashakaSolver, EmptyGridsCountAsTheIntegerModelCounts) {
  // (The empty 4x4, 23 solutions both ways, takes CBC 5-13 s: measured once, not tested.)
  const std::vector<std::string> grids = {"3 5\n.....\n.....\n.....\n", "2 6\n......\n......\n"};
  for (const std::string& text : grids) {
    const Instance in = parse_instance(text, "empty.txt");
    const Result r = solve(in, count_to(0));
    ASSERT_TRUE(r.count_complete);
    const ilp::ShakashakaIpCount c =
        ilp::count_shakashaka_ip(in, 1000, 300, ilp::ShakashakaFamilies::hull);
    EXPECT_TRUE(c.exact);
    EXPECT_EQ(c.count, r.solution_count) << text;
  }
}

// Each rule's removed_RULE counts the values it took off: on a puzzle the rules settle at the
// root, they sum to every value but one of every white cell.
TEST(ShakashakaSolver, TheRulesRemovedCountersAddUpToTheSettledGrid) {
  const Instance in = read_instance(shipped_instance("shakashaka/real/ppb_01_10x10.txt"));
  const Result r = solve(in, Options());
  ASSERT_EQ(r.counter("nodes"), 1);
  double removed = 0;
  for (const auto& [name, value] : r.counters)
    if (name.rfind("removed_", 0) == 0) removed += value;
  int whites = 0;
  for (const int g : in.givens) whites += !is_black(g);
  EXPECT_EQ(removed, 4.0 * whites);
}

TEST(ShakashakaGenerate, APuzzleIsUniqueMinimalAndGraded) {
  for (const uint64_t seed : {1u, 2u, 3u}) {
    const Generated g = generate(8, 7, seed, "any");
    EXPECT_EQ(g.instance.height, 7);
    EXPECT_EQ(g.instance.width, 8);
    EXPECT_EQ(verify_solution(g.instance, g.solution), "");
    Solution got;
    const Result r = solve(g.instance, count_to(2), &got);
    ASSERT_EQ(r.solution_count, 1);
    EXPECT_EQ(got, g.solution);
    EXPECT_EQ(r.hardest_rule, g.grade);
    // Every clue is needed: without it the search finds a second, verified solution.
    for (int c = 0; c < g.instance.cells(); ++c) {
      const int k = g.instance.givens[c];
      if (k < 0 || k > 4) continue;
      Instance without = g.instance;
      without.givens[c] = kBlack;
      EXPECT_EQ(solve(without, count_to(2)).solution_count, 2) << "clue at cell " << c;
    }
    // The same seed gives the same text.
    EXPECT_EQ(format_instance(generate(8, 7, seed, "any").instance), format_instance(g.instance));
  }
}

TEST(ShakashakaGenerate, TheGradeAskedForIsTheGradeMade) {
  for (const char* grade : {"angle", "probe"}) {
    const Generated g = generate(8, 8, 4, grade);
    EXPECT_EQ(g.grade, grade);
    EXPECT_EQ(solve(g.instance, count_to(2)).hardest_rule, grade);
  }
  EXPECT_THROW(generate(8, 8, 1, "nope"), std::invalid_argument);
}

TEST(ShakashakaGenerate, TheCommandWritesAPuzzleThatReadsBack) {
  Options o;
  o.set("size", "12x9");
  o.set("seed", "5");
  const std::string text = generate_text(o);
  const Instance in = parse_instance(text, "gen.txt");
  EXPECT_EQ(in.width, 12);
  EXPECT_EQ(in.height, 9);
  // The URL in its first comment line is the same puzzle.
  EXPECT_EQ(parse_url(text.substr(2, text.find('\n') - 2), "gen.url"), in);
  for (const char* size : {"12", "0x5", "5x", "x5", "5x1001", "5x5x5"}) {
    Options bad;
    bad.set("size", size);
    EXPECT_THROW(generate_text(bad), std::invalid_argument) << size;
  }
  EXPECT_THROW(generate_instances({{"size", "5x5"}, {"order", "3"}}), std::invalid_argument);
  EXPECT_EQ(generate_instances({{"size", "6x6"}, {"count", "2"}}).size(), 2u);
}

}  // namespace
}  // namespace bs::shakashaka
