// The peg solver against an independent oracle: breadth-first enumeration of every configuration
// reachable from the start, written here from the board geometry alone. On hundreds of random
// boards of up to 16 holes the solver's decision must equal the oracle's, under every rule set,
// with and without the table, serial and parallel; every solution must replay; and no solution
// that enumeration finds may use a jump more often than its Kiyomi-Matsui bound.
#include "solvers/peg/solver.hpp"

#include <gtest/gtest.h>

#include <random>
#include <unordered_set>

#include "ilp/peg/jump_bounds.hpp"
#include "puzzles/peg/format.hpp"
#include "puzzles/peg/verify.hpp"
#include "search/budget.hpp"
#include "tests/sample_size.hpp"

namespace {

using namespace bs::peg;

uint64_t to_mask(const Config& c) {
  uint64_t m = 0;
  for (size_t h = 0; h < c.size(); ++h) m |= uint64_t(c[h] != 0) << h;
  return m;
}

std::unordered_set<uint64_t> reachable(const Board& b, const Config& start) {
  std::unordered_set<uint64_t> seen{to_mask(start)};
  std::vector<uint64_t> frontier{to_mask(start)};
  while (!frontier.empty()) {
    const uint64_t m = frontier.back();
    frontier.pop_back();
    for (const Jump& j : b.jumps()) {
      if ((m >> j.from & 1) && (m >> j.over & 1) && !(m >> j.to & 1)) {
        const uint64_t n = m ^ (1ULL << j.from) ^ (1ULL << j.over) ^ (1ULL << j.to);
        if (seen.insert(n).second) frontier.push_back(n);
      }
    }
  }
  return seen;
}

Instance random_instance(std::mt19937_64& rng, int max_holes) {
  std::uniform_int_distribution<int> rows_d(2, 4), cols_d(3, 5);
  for (;;) {
    const int rows = rows_d(rng), cols = cols_d(rng);
    std::vector<uint8_t> mask(rows * cols);
    for (auto& v : mask) v = rng() % 5 != 0;
    int holes = 0;
    for (auto v : mask) holes += v;
    if (holes < 3 || holes > max_holes) continue;
    Instance in;
    in.name = "random";
    in.board = Board(rows, cols, mask);
    if (in.board.jumps().empty()) continue;
    in.start.assign(holes, 0);
    for (auto& v : in.start) v = rng() % 3 != 0;
    if (peg_count(in.start) < 2) continue;
    if (rng() % 2) {  // a reachable final, so that about half the instances are solvable
      const auto reach = reachable(in.board, in.start);
      std::vector<uint64_t> options(reach.begin(), reach.end());
      std::sort(options.begin(), options.end());
      const uint64_t pick = options[rng() % options.size()];
      in.final.assign(holes, 0);
      for (int h = 0; h < holes; ++h) in.final[h] = pick >> h & 1;
    } else {
      in.final.assign(holes, 0);
      const int want = 1 + static_cast<int>(rng() % std::max(1, peg_count(in.start) - 1));
      for (int k = 0; k < want; ++k) in.final[rng() % holes] = 1;
    }
    return in;
  }
}

bs::Options options_with(std::initializer_list<std::pair<const char*, const char*>> kv) {
  bs::Options o;
  o.set("hash", "1");
  o.set("bounds-threads", "1");
  for (const auto& [k, v] : kv) o.set(k, v);
  return o;
}

void expect_agrees_with_oracle(const Instance& in, const bs::Options& o, const std::string& tag) {
  const bool oracle = reachable(in.board, in.start).count(to_mask(in.final)) > 0;
  std::vector<JumpRC> jumps;
  const bs::Result r = solve(in, o, jumps);
  ASSERT_NE(r.status, bs::Status::unknown) << tag;
  EXPECT_EQ(r.status == bs::Status::solved, oracle) << tag << "\n" << format_instance(in);
  if (r.status == bs::Status::solved) {
    EXPECT_TRUE(r.verified);
    EXPECT_TRUE(verify_solution(in, jumps).ok) << tag;
  } else {
    EXPECT_FALSE(r.certificate.kind.empty()) << tag;
  }
}

TEST(PegSolver, AgreesWithBruteForceOnRandomBoards) {
  std::mt19937_64 rng(20261122);
  int solvable = 0;
  for (int i = 0; i < 300; ++i) {
    const Instance in = random_instance(rng, 16);
    solvable += reachable(in.board, in.start).count(to_mask(in.final)) > 0;
    expect_agrees_with_oracle(in, options_with({}), "default rules #" + std::to_string(i));
    expect_agrees_with_oracle(in, options_with({{"rules", "none"}, {"hash", "0"}}),
                              "no rules, no table #" + std::to_string(i));
    expect_agrees_with_oracle(in, options_with({{"rules", "residual-bounds"}}),
                              "residual only #" + std::to_string(i));
  }
  EXPECT_GT(solvable, 60);  // the generator really makes both kinds
  EXPECT_LT(solvable, 240);
}

TEST(PegSolverParallel, SameAnswersAndSameSolutionsAsSerial) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 120; ++i) {
    const Instance in = random_instance(rng, 16);
    std::vector<JumpRC> a, b;
    const bs::Result rs = solve(in, options_with({}), a);
    const bs::Result rp = solve(in, options_with({{"threads", "2"}, {"spawn-depth", "2"}}), b);
    EXPECT_EQ(rs.status, rp.status) << format_instance(in);
    EXPECT_EQ(a, b) << "parallel search must return the serial DFS's first solution";
  }
}

// A rectangle of 3-5 rows and 4-6 columns with a few holes taken out, one vacancy, and one or two
// pegs to finish with: games that take a portfolio several rounds.
Instance larger_random_instance(std::mt19937_64& rng) {
  for (;;) {
    const int rows = 3 + static_cast<int>(rng() % 3), cols = 4 + static_cast<int>(rng() % 3);
    std::vector<uint8_t> mask(rows * cols);
    for (auto& v : mask) v = rng() % 12 != 0;
    Instance in;
    in.name = "larger";
    in.board = Board(rows, cols, mask);
    const int holes = in.board.holes();
    if (holes < 10 || in.board.jumps().empty()) continue;
    in.start.assign(holes, 1);
    in.start[rng() % holes] = 0;
    in.final.assign(holes, 0);
    in.final[rng() % holes] = 1;
    if (rng() % 3 == 0) in.final[rng() % holes] = 1;
    return in;
  }
}

// The portfolio does the same work on any thread count (solvers/peg/solver.cpp): the same answer,
// the same solution, and every counter but the clocks' the same, on instances small restarts make
// go through many rounds, decided by either side or the beam, or by exhausting the search.
TEST(PegSolverParallel, SameWorkOnAnyThreadCount) {
  std::mt19937_64 rng(34);
  const auto counted = [](const bs::Result& r) {
    std::vector<std::pair<std::string, double>> kept;
    for (const auto& [name, value] : r.counters)
      if (name.find("seconds") == std::string::npos && name != "peak_rss_mb" && name != "threads")
        kept.emplace_back(name, value);
    return kept;
  };
  int many_rounds = 0, by_beam = 0, by_reversed_side = 0, exhausted = 0, cut_short = 0;
  // Instances the rules decide at the root do not reach the portfolio; only searched ones count.
  const int instances = bs::test::samples(60);
  int searched = 0;
  for (int i = 0; searched < instances && i < 100 * instances; ++i) {
    const Instance in = larger_random_instance(rng);
    std::vector<JumpRC> one_jumps;
    // Tiny first rounds, and beams from as wide as a round's budget to the default's 1/400 of it.
    const char* nodes = i % 3 == 0 ? "2" : i % 3 == 1 ? "8" : "64";
    const char* beam = i % 3 == 0 ? "1" : i % 3 == 1 ? "8" : "400";
    // Every fourth under a node limit on the whole run, where the turns go strictly in order.
    const char* limit = i % 4 == 3 ? "150" : "0";
    const bs::Result one =
        solve(in, options_with({{"restart-nodes", nodes}, {"beam", beam}, {"node-limit", limit}}),
              one_jumps);
    for (const char* threads : {"2", "3"}) {
      std::vector<JumpRC> jumps;
      const bs::Result more = solve(in,
                                    options_with({{"restart-nodes", nodes},
                                                  {"beam", beam},
                                                  {"node-limit", limit},
                                                  {"threads", threads}}),
                                    jumps);
      EXPECT_EQ(one.status, more.status) << format_instance(in);
      EXPECT_EQ(one.stop, more.stop) << format_instance(in);
      EXPECT_EQ(one_jumps, jumps) << format_instance(in);
      EXPECT_EQ(counted(one), counted(more)) << threads << " threads: " << format_instance(in);
    }
    searched += one.counter("rounds") > 0;
    many_rounds += one.counter("rounds") >= 3;
    const bool by_side = std::any_of(one.counters.begin(), one.counters.end(),
                                     [](const auto& c) { return c.first == "decided_by_side"; });
    by_beam += one.status == bs::Status::solved && one.counter("rounds") > 0 && !by_side;
    by_reversed_side += by_side && one.counter("decided_by_side") == 1;
    exhausted += one.stop == bs::StopReason::exhausted;
    cut_short += one.stop == bs::StopReason::node_limit;
  }
  std::printf("%d searched: %d many rounds, %d beam, %d reversed, %d exhausted, %d cut short\n",
              searched, many_rounds, by_beam, by_reversed_side, exhausted, cut_short);
  // Each way of ending shows up, so the comparison above covers it.
  EXPECT_EQ(searched, instances);
  EXPECT_GT(many_rounds, instances / 10);
  EXPECT_GT(by_beam, 0);
  EXPECT_GT(by_reversed_side, 0);
  EXPECT_GT(exhausted, 0);
  EXPECT_GT(cut_short, 0);
}

// Every solution sequence, not just the first: none may use a jump more often than R(J).
void all_solutions(const Board& b, uint64_t m, uint64_t final, std::vector<int>& used,
                   std::vector<std::vector<int>>& out) {
  if (m == final) {
    out.push_back(used);
    return;
  }
  if (std::popcount(m) <= std::popcount(final)) return;
  const auto& jumps = b.jumps();
  for (size_t j = 0; j < jumps.size(); ++j) {
    const Jump& J = jumps[j];
    if ((m >> J.from & 1) && (m >> J.over & 1) && !(m >> J.to & 1)) {
      ++used[j];
      all_solutions(b, m ^ (1ULL << J.from) ^ (1ULL << J.over) ^ (1ULL << J.to), final, used, out);
      --used[j];
    }
  }
}

TEST(PegBounds, NoEnumeratedSolutionExceedsR) {
  std::mt19937_64 rng(99);
  int checked = 0;
  for (int i = 0; i < 200 && checked < 60; ++i) {
    const Instance in = random_instance(rng, 12);
    if (!reachable(in.board, in.start).count(to_mask(in.final))) continue;
    std::vector<int> used(in.board.jumps().size(), 0);
    std::vector<std::vector<int>> sols;
    all_solutions(in.board, to_mask(in.start), to_mask(in.final), used, sols);
    if (sols.size() > 20000) continue;
    bs::ilp::JumpBoundsOptions opt;
    opt.threads = 1;
    const auto bounds = bs::ilp::compute_jump_bounds(in, opt);
    ASSERT_TRUE(bounds.feasible);
    for (const auto& s : sols)
      for (size_t j = 0; j < s.size(); ++j) ASSERT_LE(s[j], bounds.R[j]) << format_instance(in);
    ++checked;
  }
  EXPECT_GE(checked, 30);
}

std::string instance_path(const std::string& name) {
  return std::string(BS_SOURCE_DIR) + "/instances/peg/" + name;
}

TEST(PegSolver, EnglishCentralGameIsSolvedAndVerified) {
  std::vector<JumpRC> jumps;
  const bs::Result r =
      solve(read_instance(instance_path("english33_central.txt")), options_with({}), jumps);
  ASSERT_EQ(r.status, bs::Status::solved);
  EXPECT_EQ(jumps.size(), 31u);
  EXPECT_TRUE(r.verified);
}

TEST(PegSolver, LabFigure3IsSolvedAndVerified) {
  std::vector<JumpRC> jumps;
  const Instance in = read_instance(instance_path("lab_fig3.txt"));
  const bs::Result r = solve(in, options_with({}), jumps);
  ASSERT_EQ(r.status, bs::Status::solved);
  EXPECT_TRUE(verify_solution(in, jumps).ok);
}

TEST(PegSolver, FrenchCentralGameIsImpossibleByPositionClass) {
  const bs::Result r =
      solve(read_instance(instance_path("french37_central.txt")), options_with({}));
  ASSERT_EQ(r.status, bs::Status::infeasible);
  EXPECT_EQ(r.certificate.kind, "position-class");
  EXPECT_EQ(r.stop, bs::StopReason::root);
}

TEST(PegSolver, WithoutPositionClassTheJumpBoundsIpStillProvesFrenchImpossible) {
  // A second, independent method for the same "no solution" claim.
  const bs::Result r = solve(read_instance(instance_path("french37_central.txt")),
                             options_with({{"rules", "jump-bounds"}}));
  ASSERT_EQ(r.status, bs::Status::infeasible);
  EXPECT_EQ(r.certificate.kind, "infeasible-ip");
}

TEST(PegSolver, LimitsGiveUnknownNotAWrongAnswer) {
  const bs::Result r =
      solve(read_instance(instance_path("english33_central.txt")),
            options_with({{"rules", "none"}, {"hash", "0"}, {"node-limit", "2000"}}));
  EXPECT_EQ(r.status, bs::Status::unknown);
  EXPECT_EQ(r.stop, bs::StopReason::node_limit);
  EXPECT_EQ(bs::exit_code(r), 1);
}

TEST(PegSolver, TheNodeLimitBoundsTheBeamToo) {
  // French 37 has no solution, so every round ends with a beam that finds nothing; the beam's
  // nodes count against --node-limit like the depth-first ones, to within one beam level and the
  // searches' polling slack.
  for (const char* limit : {"10500", "50000"}) {
    const bs::Result r =
        solve(read_instance(instance_path("french37_central.txt")),
              options_with({{"rules", "none"}, {"hash", "1"}, {"node-limit", limit}}));
    ASSERT_EQ(r.status, bs::Status::unknown);
    EXPECT_EQ(r.stop, bs::StopReason::node_limit);
    EXPECT_GT(r.counter("beam_nodes"), 0);
    EXPECT_LE(r.counter("nodes") + r.counter("beam_nodes"),
              std::stod(limit) + 2 * r.counter("rounds") * bs::search::Budget::kPollEvery + 1000)
        << "limit " << limit;
  }
}

}  // namespace

namespace {

// Boards of 65..128 holes take the 128-bit path. Finals come from random forward play, so every
// instance is solvable; each must be solved, verified, and solved the same way in parallel.
TEST(PegSolverWide, BoardsBeyond64HolesAreSolvedAndVerified) {
  std::mt19937_64 rng(4242);
  const int boards = bs::test::samples(12);
  int wide = 0;
  for (int i = 0; i < boards; ++i) {
    const int rows = 8 + static_cast<int>(rng() % 3),
              cols = 9 + static_cast<int>(rng() % 4);  // at most 10 x 12 = 120 holes
    std::vector<uint8_t> mask(rows * cols, 1);
    Instance in;
    in.name = "wide";
    in.board = Board(rows, cols, mask);
    if (in.board.holes() <= 64) continue;
    ++wide;
    in.start.assign(in.board.holes(), 0);
    // A cluster of pegs in the far corner, so that high hole numbers are used.
    for (int h = in.board.holes() - 1; h >= 0; --h)
      if (rng() % 3 == 0 && h > in.board.holes() / 2) in.start[h] = 1;
    Config cur = in.start;
    const int steps = 3 + static_cast<int>(rng() % 6);
    for (int s = 0; s < steps; ++s) {
      std::vector<const Jump*> legal;
      for (const Jump& j : in.board.jumps())
        if (cur[j.from] && cur[j.over] && !cur[j.to]) legal.push_back(&j);
      if (legal.empty()) break;
      const Jump& j = *legal[rng() % legal.size()];
      cur[j.from] = cur[j.over] = 0;
      cur[j.to] = 1;
    }
    in.final = cur;
    if (in.final == in.start) continue;
    std::vector<JumpRC> a, b;
    // With the jump bounds these take a handful of nodes; without, tens of millions.
    const char* rules = "default";
    const bs::Result rs = solve(in, options_with({{"time-limit", "60"}, {"rules", rules}}), a);
    ASSERT_EQ(rs.status, bs::Status::solved) << format_instance(in);
    EXPECT_TRUE(verify_solution(in, a).ok);
    const bs::Result rp =
        solve(in, options_with({{"threads", "2"}, {"time-limit", "60"}, {"rules", rules}}), b);
    EXPECT_EQ(a, b);
  }
  EXPECT_GE(wide, boards * 2 / 3);
}

// The central game of the full 8x9 board (72 holes, vacancy and final peg at (3,4)): the beams a
// wide board starts with solve it, the same way on 1 and 2 threads. Without them a million nodes
// of the forward search do not (issue 34 found it unknown after 60 s).
TEST(PegSolverWide, TheBeamSolvesTheCentralGameOfEightByNine) {
  Instance in;
  in.name = "rect_8x9_central";
  in.board = Board(8, 9, std::vector<uint8_t>(72, 1));
  const int centre = in.board.hole_at(3, 4);
  in.start.assign(72, 1);
  in.start[centre] = 0;
  in.final.assign(72, 0);
  in.final[centre] = 1;
  std::vector<JumpRC> one, two;
  const bs::Result r1 = solve(in, options_with({{"threads", "1"}}), one);
  ASSERT_EQ(r1.status, bs::Status::solved);
  EXPECT_TRUE(verify_solution(in, one).ok);
  EXPECT_GT(r1.counter("beam_nodes"), 0);
  const bs::Result r2 = solve(in, options_with({{"threads", "2"}}), two);
  EXPECT_EQ(one, two);
  EXPECT_EQ(r1.counter("beam_nodes"), r2.counter("beam_nodes"));
  const bs::Result plain = solve(in, options_with({{"beam", "0"}, {"node-limit", "1000000"}}));
  EXPECT_EQ(plain.status, bs::Status::unknown);
}

}  // namespace

namespace {

// Regression: a bound computation cut short by its time limit once left every R(J) at 0, and the
// solver then "proved" solvable puzzles infeasible. Cut short, R must stay a valid upper bound.
TEST(PegSolver, BoundsCutShortByTimeStillNeverCutSolutions) {
  std::mt19937_64 rng(31337);
  for (int i = 0; i < 60; ++i) {
    const Instance in = random_instance(rng, 16);
    expect_agrees_with_oracle(in, options_with({{"bounds-time-limit", "1e-9"}}),
                              "bounds cut at once #" + std::to_string(i));
  }
  bs::ilp::JumpBoundsOptions opt;
  opt.time_limit = 0;
  const Instance in = read_instance(instance_path("lab_fig3.txt"));
  const auto b = bs::ilp::compute_jump_bounds(in, opt);
  const auto exact = bs::ilp::compute_jump_bounds(in, {});
  ASSERT_TRUE(exact.complete);
  ASSERT_FALSE(b.complete) << "the time limit of 0 must cut the computation short";
  ASSERT_EQ(b.R.size(), exact.R.size());
  ASSERT_FALSE(b.R.empty());
  for (size_t j = 0; j < b.R.size(); ++j) EXPECT_GE(b.R[j], exact.R[j]);
}

}  // namespace
