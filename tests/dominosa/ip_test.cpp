// The Dominosa ILP, its count, the exact-cover LP and the `lp` rule against brute force.
//
// The oracle (brute_force.hpp) enumerates every solution of a small grid by plain exact-cover
// recursion and knows nothing of CBC. Grids are random planted ones of orders 2..5 (at least one
// solution, often several) and the same grids with their numbers shuffled (the counts of each
// number kept, usually no solution): so both answers of every call are exercised. The LP is
// also run over random subsets of the placements, keeping the planted ones or not, since a
// search node's LP sees a subset; there the oracle's solutions that use only alive placements
// are the ones that must survive.
#include "ilp/dominosa/ip.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>

#include "heuristics/dominosa/dominosa_rule.hpp"
#include "puzzles/dominosa/random.hpp"
#include "tests/dominosa/brute_force.hpp"
#include "tests/sample_size.hpp"

namespace bs::dominosa {

extern const DominosaRuleEntry lp_rule;

namespace {

using test::brute_force_solutions;

uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The grid with its numbers permuted among the cells (Fisher-Yates), so every number still
// appears n + 2 times: a well-formed puzzle that usually has no solution.
Instance shuffled(Instance in, uint64_t seed) {
  for (size_t i = in.numbers.size() - 1; i > 0; --i)
    std::swap(in.numbers[i], in.numbers[splitmix(seed) % (i + 1)]);
  return in;
}

// Grids of orders 2..5: each seed gives a planted grid and its shuffle.
std::vector<Instance> sample_grids(int per_order) {
  std::vector<Instance> out;
  for (int n = 2; n <= 5; ++n)
    for (int seed = 0; seed < per_order; ++seed) {
      const PlantedGrid g = random_planted_grid(n, 1000 * n + seed);
      out.push_back(g.instance);
      out.push_back(shuffled(g.instance, 77 * seed + n));
    }
  return out;
}

bool is_solution(const Instance& in, const std::vector<int>& placements) {
  return verify_solution(in, solution_from_placements(in, placements)).empty();
}

bool uses_only(const std::vector<int>& solution, const std::vector<char>& alive) {
  return std::all_of(solution.begin(), solution.end(), [&](int p) { return alive[p] != 0; });
}

TEST(DominosaBruteForce, FindsThePlantedSolutionAndOnlyVerifiedOnes) {
  for (int n = 1; n <= 5; ++n)
    for (int seed = 0; seed < 5; ++seed) {
      const PlantedGrid g = random_planted_grid(n, seed);
      const auto all = brute_force_solutions(g.instance);
      EXPECT_TRUE(all.complete);
      EXPECT_NE(std::find(all.solutions.begin(), all.solutions.end(), g.tiling),
                all.solutions.end());
      for (const auto& s : all.solutions) EXPECT_TRUE(is_solution(g.instance, s));
      const std::set<std::vector<int>> distinct(all.solutions.begin(), all.solutions.end());
      EXPECT_EQ(distinct.size(), all.solutions.size());
      const auto one = brute_force_solutions(g.instance, 1);
      EXPECT_EQ(one.solutions.size(), 1u);
      EXPECT_EQ(one.complete, all.solutions.size() == 1);
    }
}

TEST(DominosaIp, SolveAgreesWithBruteForce) {
  int infeasible = 0;
  for (const Instance& in : sample_grids(test::samples(10))) {
    const auto oracle = brute_force_solutions(in);
    const ilp::DominosaIpResult r = ilp::solve_dominosa_ip(in);
    if (oracle.solutions.empty()) {
      ++infeasible;
      EXPECT_EQ(r.status, ilp::SolveStatus::infeasible);
      continue;
    }
    ASSERT_EQ(r.status, ilp::SolveStatus::optimal);
    EXPECT_TRUE(is_solution(in, r.placements));
    EXPECT_NE(std::find(oracle.solutions.begin(), oracle.solutions.end(), r.placements),
              oracle.solutions.end());
  }
  EXPECT_GE(infeasible, test::samples(10));  // the shuffles are mostly infeasible
}

TEST(DominosaIp, CountEqualsBruteForceUpToTheLimit) {
  constexpr int kLimit = 3;
  int several = 0;
  for (const Instance& in : sample_grids(test::samples(6))) {
    const auto oracle = brute_force_solutions(in);
    const ilp::DominosaIpCount c = ilp::count_dominosa_ip(in, kLimit);
    const int expected = std::min<int>(kLimit, static_cast<int>(oracle.solutions.size()));
    several += oracle.solutions.size() > 1;
    EXPECT_EQ(c.count, expected);
    EXPECT_EQ(c.exact, static_cast<int>(oracle.solutions.size()) < kLimit);
    const std::set<std::vector<int>> distinct(c.solutions.begin(), c.solutions.end());
    EXPECT_EQ(static_cast<int>(distinct.size()), c.count);
    for (const auto& s : c.solutions)
      EXPECT_NE(std::find(oracle.solutions.begin(), oracle.solutions.end(), s),
                oracle.solutions.end());
  }
  EXPECT_GE(several, 1);  // the no-good cuts were needed somewhere
}

// What the LP did over a sample, per way of fixing.
struct LpTally {
  int removed = 0, infeasible = 0, integral = 0;
};

// The LP over `alive` against the oracle's solutions that use only alive placements.
void check_lp(const Instance& in, const std::vector<std::vector<int>>& solutions,
              const std::vector<char>& alive, ilp::LpFixing fixing, LpTally& tally) {
  const ilp::ExactCoverLp lp = ilp::solve_exact_cover_lp(in, alive, fixing);
  std::vector<const std::vector<int>*> surviving;
  for (const auto& s : solutions)
    if (uses_only(s, alive)) surviving.push_back(&s);
  ASSERT_NE(lp.status, ilp::SolveStatus::error);
  if (lp.infeasible()) {
    ++tally.infeasible;
    EXPECT_TRUE(surviving.empty());
    return;
  }
  ASSERT_EQ(lp.status, ilp::SolveStatus::optimal);
  if (lp.integral) {
    ++tally.integral;
    EXPECT_TRUE(is_solution(in, lp.placements));
    EXPECT_TRUE(uses_only(lp.placements, alive));
    // The support LP's point is integral only when it is the LP's one feasible point.
    if (fixing == ilp::LpFixing::support) {
      EXPECT_EQ(surviving.size(), 1u);
      if (surviving.size() == 1) {
        EXPECT_EQ(*surviving[0], lp.placements);
      }
    }
  }
  tally.removed += static_cast<int>(lp.fixed_to_zero.size());
  for (int p : lp.fixed_to_zero) {
    EXPECT_TRUE(alive[p]);
    for (const auto* s : surviving)
      EXPECT_FALSE(std::binary_search(s->begin(), s->end(), p))
          << "placement " << p << " is in a solution";
  }
}

TEST(DominosaLp, RemovesNoPlacementASolutionUsesAndFailsOnlyWithoutOne) {
  LpTally basis, support;
  uint64_t rng = 12345;
  for (const Instance& in : sample_grids(test::samples(10))) {
    const auto oracle = brute_force_solutions(in);
    ASSERT_TRUE(oracle.complete);
    std::vector<std::vector<char>> nodes = {std::vector<char>(in.placements(), 1)};
    // Random nodes: each placement dies with probability 1/4, so some keep a solution and some
    // lose them all; and nodes that keep the first solution, so that some stay feasible.
    for (int trial = 0; trial < 8; ++trial) {
      std::vector<char> alive(in.placements());
      for (char& a : alive) a = splitmix(rng) % 4 != 0;
      if (trial % 2 == 0 && !oracle.solutions.empty())
        for (int p : oracle.solutions[0]) alive[p] = 1;
      nodes.push_back(std::move(alive));
    }
    for (const auto& alive : nodes) {
      check_lp(in, oracle.solutions, alive, ilp::LpFixing::basis, basis);
      check_lp(in, oracle.solutions, alive, ilp::LpFixing::support, support);
    }
  }
  // Every answer was given somewhere, and the support LP's duals prove at least as much.
  for (const LpTally* t : {&basis, &support}) {
    EXPECT_GT(t->removed, 0);
    EXPECT_GT(t->infeasible, 0);
  }
  EXPECT_GT(basis.integral, 0);
  EXPECT_GT(support.integral, 0);
  EXPECT_GE(support.removed, basis.removed);
}

TEST(DominosaLpRule, FixpointKeepsEveryBruteForceSolution) {
  const DominosaRuleEntry* rules[] = {&lp_rule};
  for (const Instance& in : sample_grids(test::samples(10))) {
    const auto oracle = brute_force_solutions(in);
    const Structure s(in);
    std::vector<Mask> d = s.root_state();
    FixpointIo io;
    const bool alive =
        run_to_fixpoint(s, d.data(), Dirty::all(), rules, 1, io, [](int, Verdict) {});
    if (!alive) {
      EXPECT_TRUE(oracle.solutions.empty());
      continue;
    }
    for (const auto& solution : oracle.solutions)
      for (int p : solution) EXPECT_TRUE(s.alive(d.data(), p)) << "placement " << p;
  }
}

}  // namespace
}  // namespace bs::dominosa

namespace {

// CLP's wall-clock stop once read as an error. The root LP of a random order-40 grid takes
// seconds (2.4 s measured), so 50 ms stops it: the status must be the limit, and nothing claimed.
TEST(DominosaLp, ATimeLimitIsALimitNotAnError) {
  const auto grid = bs::dominosa::random_planted_grid(40, 1);
  const std::vector<char> alive(static_cast<size_t>(grid.instance.placements()), 1);
  const bs::ilp::ExactCoverLp lp =
      bs::ilp::solve_exact_cover_lp(grid.instance, alive, bs::ilp::LpFixing::support, 0.05);
  EXPECT_EQ(lp.status, bs::ilp::SolveStatus::limit);
  EXPECT_FALSE(lp.integral);
  EXPECT_TRUE(lp.fixed_to_zero.empty());
}

}  // namespace
