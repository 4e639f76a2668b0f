// The learning engine (propagation/learning.hpp) on Futoshiki, against brute force.
//
// On small random puzzles (the rule oracle's, 4x4 and 5x5, with none, one or many solutions):
// - every learned clause is implied, or excludes only solutions already counted: brute force
//   finds no other solution that violates it;
// - the count is exact and the solutions found are the brute-force ones, each once;
// - every explanation the rules gave held in the store it was asked about (the engine answers
//   for a rule with the decisions otherwise, and counts it: the count stays 0);
// with restarts and clause deletion forced often, with and without probing.
#include "propagation/learning.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/options.hpp"
#include "heuristics/futoshiki/futoshiki_rule.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/oracle.hpp"
#include "solvers/futoshiki/solver.hpp"
#include "tests/futoshiki/oracle.hpp"
#include "tests/sample_size.hpp"

namespace bs::futoshiki {
namespace {

using propagation::LearnConfig;
using propagation::Learner;
using propagation::Lit;

std::vector<Mask> root_words(const Structure& s, const Instance& in) {
  std::vector<Mask> d(s.words(), s.all);
  for (int c = 0; c < in.cells(); ++c)
    if (in.givens[c]) d[c] = value_bit(in.givens[c]);
  s.init_places(d.data());
  return d;
}

std::vector<const FutoshikiRuleEntry*> selected_rules(const std::string& rules) {
  std::vector<const FutoshikiRuleEntry*> out;
  for (const auto& name : select_rules(futoshiki_rule_infos(), rules))
    for (const auto& e : futoshiki_rules())
      if (e.info.name == name && e.info.cost < Cost::probing) out.push_back(&e);
  return out;
}

bool satisfies(const Grid& g, std::span<const Lit> clause) {
  return std::any_of(clause.begin(), clause.end(), [&](Lit l) {
    const bool equal = g[propagation::lit_var(l)] == propagation::lit_value(l);
    return propagation::lit_is_eq(l) ? equal : !equal;
  });
}

Grid grid_of(const std::vector<Mask>& d) {
  Grid g;
  for (const Mask m : d) g.push_back(lowest_value(m));
  return g;
}

struct Variant {
  const char* name;
  const char* rules;
  bool probe;
  int restart_base;
  size_t max_learned;
  int trial_rules = -1;
};

// Counts every solution of the oracle's puzzle `seed` with the engine, checking what the top of
// the file says; returns the number of clauses learned.
uint64_t check_against_brute_force(uint64_t seed, const Instance& in,
                                   const std::vector<Grid>& truth, const Variant& variant) {
  const std::string what = std::string(variant.name) + ", seed " + std::to_string(seed);

  const Structure s(in);
  Learner<Structure, RuleInfo> learner(s, selected_rules(variant.rules));
  LearnConfig cfg;
  cfg.count = true;
  cfg.keep_solutions = true;
  cfg.probe = variant.probe;
  cfg.restart_base = variant.restart_base;
  cfg.max_learned = variant.max_learned;
  cfg.trial_rules = variant.trial_rules;
  std::vector<std::pair<std::vector<Lit>, uint64_t>> learned;
  cfg.on_learn = [&](std::span<const Lit> c, uint64_t counted) {
    learned.emplace_back(std::vector<Lit>(c.begin(), c.end()), counted);
  };
  const auto out = learner.run(root_words(s, in), cfg);

  EXPECT_EQ(out.stop, StopReason::exhausted) << what;
  EXPECT_EQ(out.solutions, truth.size()) << what;
  EXPECT_EQ(out.learn.fallbacks, 0u) << what;
  std::vector<Grid> found;
  for (const auto& d : out.all) found.push_back(grid_of(d));
  EXPECT_EQ(std::set<Grid>(found.begin(), found.end()), std::set<Grid>(truth.begin(), truth.end()))
      << what;
  EXPECT_EQ(std::set<Grid>(found.begin(), found.end()).size(), found.size()) << what;
  for (const auto& [clause, counted] : learned) {
    const std::set<Grid> blocked(found.begin(),
                                 found.begin() + static_cast<std::ptrdiff_t>(counted));
    for (const Grid& g : truth)
      if (!blocked.count(g)) {
        EXPECT_TRUE(satisfies(g, clause)) << what << ": a learned clause excludes a solution";
      }
  }
  return learned.size();
}

// Weak rule sets make conflicts on puzzles this small; each Futoshiki explanation takes part.
const Variant kVariants[] = {
    {"default rules, probing", "default", true, 100, 4000},
    {"default rules", "default", false, 100, 4000},
    {"value elimination and inequalities", "value-elimination,inequality-bounds", false, 100, 4000},
    {"and hidden singles, restarts and deletion every few conflicts",
     "value-elimination,hidden-single,inequality-bounds", false, 1, 4},
    {"and all-different, probing, restarts and deletion every few conflicts",
     "value-elimination,inequality-bounds,all-different", true, 1, 4},
    {"default rules, probing with the first two rules in the trials", "default", true, 1, 4, 2},
};

TEST(FutoshikiLearning, LearnedClausesExcludeOnlyCountedSolutions) {
  const int puzzles = bs::test::kSanitized ? 30 : 120;
  uint64_t clauses[std::size(kVariants)] = {};
  for (int seed = 1; seed <= puzzles; ++seed) {
    Options options;
    const Instance in = parse_instance(oracle_instance(seed, options), "oracle");
    std::vector<Grid> truth;
    for (const Grid& g : oracle::latin_squares(in.n))
      if (oracle::fits(in, g)) truth.push_back(g);
    for (size_t v = 0; v < std::size(kVariants); ++v)
      clauses[v] += check_against_brute_force(seed, in, truth, kVariants[v]);
  }
  // The test means something only if the engine learned: the weak rule sets leave conflicts.
  uint64_t weak = 0;
  for (size_t v = 2; v < std::size(kVariants); ++v) weak += clauses[v];
  EXPECT_GT(weak, static_cast<uint64_t>(puzzles / 4));
}

// The solver's --method learn answers as the search does: status, and the count to 2.
TEST(FutoshikiLearning, TheMethodAgreesWithTheSearch) {
  const int puzzles = bs::test::kSanitized ? 30 : 300;
  for (int seed = 1; seed <= puzzles; ++seed) {
    Options search;
    const Instance in = parse_instance(oracle_instance(seed, search), "oracle");
    search.set("limit", "2");
    Options learn = search;
    learn.set("method", "learn");
    const Result a = solve(in, search), b = solve(in, learn);
    EXPECT_EQ(a.status, b.status) << "seed " << seed;
    EXPECT_EQ(a.solution_count, b.solution_count) << "seed " << seed;
    EXPECT_EQ(a.count_complete, b.count_complete) << "seed " << seed;
    if (b.status == Status::infeasible) {
      EXPECT_TRUE(b.certificate.kind == "learned-refutation" ||
                  b.certificate.kind == "contradiction")
          << b.certificate.kind;
    }
  }
}

}  // namespace
}  // namespace bs::futoshiki

namespace bs::futoshiki {
namespace {

// A limit is the stop reason and the answer unknown, never solved or infeasible: the node limit
// counts decisions, and the clock is read at every step (a decision can take milliseconds).
TEST(FutoshikiLearning, ALimitIsTheStopReasonNotAnAnswer) {
  const Instance in =
      read_instance(std::string(BS_SOURCE_DIR) + "/instances/futoshiki/generated/gen_15_seed2.txt");
  Options o;
  o.set("method", "learn");
  o.set("count", "true");
  o.set("limit", "2");
  Options by_nodes = o, by_time = o;
  by_nodes.set("node-limit", "2");
  by_time.set("time-limit", "0.005");
  const Result a = solve(in, by_nodes), b = solve(in, by_time), whole = solve(in, o);
  ASSERT_EQ(whole.status, Status::solved);  // the whole search takes about 130 decisions
  ASSERT_GT(whole.counter("decisions"), 10);
  EXPECT_EQ(a.status, Status::unknown);
  EXPECT_EQ(a.stop, StopReason::node_limit);
  EXPECT_EQ(a.counter("decisions"), 2);
  EXPECT_EQ(b.status, Status::unknown);
  EXPECT_EQ(b.stop, StopReason::time_limit);
}

}  // namespace
}  // namespace bs::futoshiki
