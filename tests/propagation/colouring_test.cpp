// The propagation core (propagation/) on a model that is no puzzle: colour the vertices of a
// small graph with k colours so that neighbours differ and every colour is used. A brute-force
// enumeration of all k^V colourings is the oracle: the core's solution counts must match it for
// every rule set, branching and value order, and the rules' fixpoint at the root must keep every
// value some solution uses.
//
// The model is shaped like a puzzle's on purpose: a derived view (per colour, the vertices that
// can still take it) kept in step through drop_values, one idempotent rule and one that is not,
// so that the driver's restarts, its dirty sets and the trail are all exercised; and the core's
// probe as a third rule, whose look-ahead scores steer the lookahead branching.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <string>
#include <vector>

#include "propagation/probe.hpp"
#include "propagation/problem.hpp"
#include "search/dfs.hpp"

namespace {

using bs::Verdict;
using namespace bs::propagation;

struct ToyInfo {
  std::string name;
};

struct Colouring {
  int vertex_count, colours;
  std::vector<uint32_t> adjacent;  // per vertex: its neighbours, bit u for vertex u

  int variables() const { return vertex_count; }
  int values() const { return colours; }
  // The domains, then per colour the vertices that can still take it.
  int words() const { return vertex_count + colours; }
  Regions regions_of(int v) const { return Regions{1} << v; }
  int degree_of(int v) const { return std::popcount(adjacent[v]); }
  Mask* places(Mask* d) const { return d + vertex_count; }
  const Mask* places(const Mask* d) const { return d + vertex_count; }
  void drop_values(Mask* d, int v, Mask lost) const {
    for (; lost; lost &= lost - 1) places(d)[std::countr_zero(lost)] &= ~(Mask{1} << v);
  }
  // Fixed neighbours differ, and no colour has lost its last vertex.
  bool fixed_values_agree(const Mask* d) const {
    for (int v = 0; v < vertex_count; ++v)
      for (uint32_t a = adjacent[v]; a; a &= a - 1)
        if (fixed(d[v]) && d[v] == d[std::countr_zero(a)]) return false;
    for (int c = 0; c < colours; ++c)
      if (!d[vertex_count + c]) return false;
    return true;
  }
  // For the probe: each vertex is a primary region of its own, and any narrowing may change
  // any colour's places, so a touched region copies them all.
  Regions primary_regions() const { return (Regions{1} << vertex_count) - 1; }
  VariableRun variables_in(int v) const { return {v, v + 1}; }
  void copy_views(Mask* to, const Mask* from, Regions regions) const {
    if (regions) std::copy(places(from), places(from) + colours, places(to));
  }
  std::vector<Mask> root() const {
    std::vector<Mask> d(words());
    for (int v = 0; v < vertex_count; ++v) d[v] = (Mask{1} << colours) - 1;
    for (int c = 0; c < colours; ++c) d[vertex_count + c] = (Mask{1} << vertex_count) - 1;
    return d;
  }
};

using Entry = RuleEntry<Colouring, ToyInfo>;
using ColouringProblem = Problem<Colouring, ToyInfo>;

// A fixed vertex's colour leaves its neighbours; a neighbour this fixes is followed up at once,
// so the rule is idempotent.
Verdict neighbours_differ(const Colouring& g, Mask* d, const Dirty& dirty,
                          Changes<Colouring>& changed) {
  std::vector<int> todo;
  if (dirty.everywhere) {
    for (int v = 0; v < g.vertex_count; ++v)
      if (fixed(d[v])) todo.push_back(v);
  } else {
    for (const Narrowing* e = dirty.begin; e != dirty.end; ++e)
      if (fixed(d[e->var])) todo.push_back(e->var);
  }
  bool progress = false;
  while (!todo.empty()) {
    const int v = todo.back();
    todo.pop_back();
    for (uint32_t a = g.adjacent[v]; a; a &= a - 1) {
      const int u = std::countr_zero(a);
      if (!(d[u] & d[v])) continue;
      const Mask kept = d[u] & ~d[v];
      if (!kept) return Verdict::fail;
      changed.note(u, d[u], kept);
      d[u] = kept;
      progress = true;
      if (fixed(kept)) todo.push_back(u);
    }
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

// A colour that only one vertex can still take goes there; one that none can fails the node.
// Only a lost colour can have become such, so the rule looks at lost colours alone. It does not
// follow up its own fixes: not idempotent, so the driver calls it again.
Verdict only_place(const Colouring& g, Mask* d, const Dirty& dirty, Changes<Colouring>& changed) {
  Mask colours = 0;
  if (dirty.everywhere) colours = (Mask{1} << g.colours) - 1;
  for (const Narrowing* e = dirty.begin; e != dirty.end; ++e) colours |= e->lost;
  bool progress = false;
  for (; colours; colours &= colours - 1) {
    const int c = std::countr_zero(colours);
    const Mask at = g.places(d)[c];
    if (!at) return Verdict::fail;
    if (!fixed(at)) continue;
    const int v = std::countr_zero(at);
    if (d[v] == (Mask{1} << c)) continue;
    changed.note(v, d[v], Mask{1} << c);
    d[v] = Mask{1} << c;
    progress = true;
  }
  return progress ? Verdict::progress : Verdict::no_change;
}

const Entry kNeighbours{{"neighbours-differ"}, neighbours_differ, /*idempotent=*/true};
const Entry kOnlyPlace{{"only-place"}, only_place, /*idempotent=*/false};

// The core's probe over vertices with up to three colours, the two rules above as its trials.
Verdict probe(const Colouring& g, Mask* d, const Dirty& dirty, Changes<Colouring>& changed) {
  static const Entry* const trials[] = {&kNeighbours, &kOnlyPlace};
  Probe<Colouring, ToyInfo> run(g, trials, 2, 3);
  return run(d, dirty, changed);
}
const Entry kProbe{{"probe"}, probe, /*idempotent=*/true};

Colouring random_graph(std::mt19937& rng) {
  Colouring g{std::uniform_int_distribution<int>(3, 8)(rng),
              std::uniform_int_distribution<int>(2, 4)(rng),
              {}};
  g.adjacent.assign(g.vertex_count, 0);
  std::bernoulli_distribution edge(0.4);
  for (int v = 0; v < g.vertex_count; ++v)
    for (int u = v + 1; u < g.vertex_count; ++u)
      if (edge(rng)) {
        g.adjacent[v] |= uint32_t{1} << u;
        g.adjacent[u] |= uint32_t{1} << v;
      }
  return g;
}

// Every proper colouring using every colour, as colour indices per vertex.
std::vector<std::vector<int>> brute_force(const Colouring& g) {
  std::vector<std::vector<int>> out;
  std::vector<int> colour(g.vertex_count, 0);
  for (;;) {
    bool ok = true;
    Mask used = 0;
    for (int v = 0; v < g.vertex_count; ++v) {
      used |= Mask{1} << colour[v];
      for (int u = v + 1; u < g.vertex_count; ++u)
        if ((g.adjacent[v] >> u & 1) && colour[u] == colour[v]) ok = false;
    }
    if (ok && used == (Mask{1} << g.colours) - 1) out.push_back(colour);
    int v = 0;
    while (v < g.vertex_count && ++colour[v] == g.colours) colour[v++] = 0;
    if (v == g.vertex_count) return out;
  }
}

struct SearchRun {
  uint64_t solutions;
  bool found;
  std::vector<Mask> first;  // the domains the first solution's path reaches
};

SearchRun search_colourings(const Colouring& g, const std::vector<const Entry*>& rules,
                            Branching branching, bool down, bool count, int threads = 1) {
  const ColouringProblem problem(g, {rules, static_cast<int>(rules.size())}, branching, down, 99);
  ColouringProblem::State root;
  root.dom = g.root();
  bs::search::Stats root_stats;  // as a solver does: the root propagated once, then searched
  if (!problem.fixpoint(root, root_stats, nullptr)) return {0, false, {}};
  bs::search::DfsConfig cfg;
  cfg.count = count;
  cfg.threads = threads;
  cfg.spawn_depth = 2;
  const auto out = bs::search::depth_first(problem, root, cfg);
  SearchRun r{out.solutions, out.found, {}};
  if (out.found) {
    EXPECT_TRUE(problem.replay(root, out.path));
    r.first = root.dom;
  }
  return r;
}

bool is_solution(const Colouring& g, const std::vector<Mask>& d) {
  Mask used = 0;
  for (int v = 0; v < g.vertex_count; ++v) {
    if (!fixed(d[v])) return false;
    used |= d[v];
    for (uint32_t a = g.adjacent[v]; a; a &= a - 1)
      if (d[v] == d[std::countr_zero(a)]) return false;
  }
  return used == (Mask{1} << g.colours) - 1;
}

TEST(PropagationCore, CountsMatchBruteForceForEveryRuleSetAndBranching) {
  std::mt19937 rng(29);
  const std::vector<std::vector<const Entry*>> rule_sets = {
      {}, {&kNeighbours}, {&kOnlyPlace}, {&kNeighbours, &kOnlyPlace}, {&kNeighbours, &kProbe}};
  for (int trial = 0; trial < 60; ++trial) {
    const Colouring g = random_graph(rng);
    const auto expected = brute_force(g).size();
    for (const auto& rules : rule_sets)
      for (const Branching b :
           {Branching::dom_deg, Branching::dom, Branching::input, Branching::dom_probe})
        for (const bool down : {false, true}) {
          SCOPED_TRACE("trial " + std::to_string(trial) + ", " + std::to_string(rules.size()) +
                       " rules, branching " + std::to_string(static_cast<int>(b)));
          EXPECT_EQ(search_colourings(g, rules, b, down, true).solutions, expected);
          const SearchRun first = search_colourings(g, rules, b, down, false);
          ASSERT_EQ(first.found, expected > 0);
          if (first.found) {
            EXPECT_TRUE(is_solution(g, first.first));
          }
        }
  }
}

TEST(PropagationCore, ParallelCountsMatchSerial) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 20; ++trial) {
    const Colouring g = random_graph(rng);
    EXPECT_EQ(search_colourings(g, {&kNeighbours, &kOnlyPlace}, Branching::dom_deg, false, true, 2)
                  .solutions,
              brute_force(g).size());
  }
}

// The rules' common fixpoint computed the plain way, with neither the core nor its dirty sets:
// both deductions on the whole graph until neither changes anything. False: a domain or a
// colour's places empty.
bool plain_fixpoint(const Colouring& g, std::vector<Mask>& d) {
  for (bool again = true; again;) {
    again = false;
    for (int v = 0; v < g.vertex_count; ++v)
      for (uint32_t a = g.adjacent[v]; a; a &= a - 1) {
        const int u = std::countr_zero(a);
        if (!fixed(d[v]) || !(d[u] & d[v])) continue;
        g.drop_values(d.data(), u, d[v]);
        d[u] &= ~d[v];
        again = true;
      }
    for (int c = 0; c < g.colours; ++c) {
      const Mask at = g.places(d.data())[c];
      if (!fixed(at) || d[std::countr_zero(at)] == (Mask{1} << c)) continue;
      const int v = std::countr_zero(at);
      g.drop_values(d.data(), v, d[v] & ~(Mask{1} << c));
      d[v] = Mask{1} << c;
      again = true;
    }
    for (int v = 0; v < g.vertex_count; ++v)
      if (!d[v]) return false;
    for (int c = 0; c < g.colours; ++c)
      if (!g.places(d.data())[c]) return false;
  }
  return true;
}

// The fixpoint removes only values no solution uses, and reaches the same domains whether a
// move is handed to it as a narrowing, the node is propagated from scratch, or the rules are
// applied the plain way.
TEST(PropagationCore, FixpointKeepsEverySolutionAndIsIncremental) {
  std::mt19937 rng(3);
  const Entry* rules[] = {&kNeighbours, &kOnlyPlace};
  for (int trial = 0; trial < 200; ++trial) {
    const Colouring g = random_graph(rng);
    std::vector<Mask> d = g.root();
    const int v = std::uniform_int_distribution<int>(0, g.vertex_count - 1)(rng);
    const Narrowing move = assign(g, d.data(), v, Mask{1});  // colour 1 at v
    std::vector<Mask> scratch = d;
    FixpointIo<Colouring> io, io_scratch;
    int calls = 0;
    const bool alive = run_to_fixpoint(g, d.data(), {false, &move, &move + 1}, rules, 2, io,
                                       [&](int, Verdict) { ++calls; });
    const bool alive_scratch =
        run_to_fixpoint(g, scratch.data(), Dirty::all(), rules, 2, io_scratch, [](int, Verdict) {});
    EXPECT_GT(calls, 0);
    std::vector<Mask> plain = g.root();
    assign(g, plain.data(), v, Mask{1});
    ASSERT_EQ(alive, alive_scratch);
    ASSERT_EQ(alive, plain_fixpoint(g, plain));
    if (alive) {
      EXPECT_EQ(d, scratch);
      EXPECT_EQ(d, plain);
    }
    bool any = false;
    for (const auto& colour : brute_force(g)) {
      if (colour[v] != 0) continue;
      any = true;
      ASSERT_TRUE(alive);
      for (int u = 0; u < g.vertex_count; ++u) EXPECT_TRUE(d[u] >> colour[u] & 1);
    }
    if (!alive) {
      EXPECT_FALSE(any);
    }
  }
}

// After the probe, every value of a vertex with two or three colours survives its trial (the
// singleton consistency the probe promises), no solution lost a value, and every such vertex
// has a look-ahead score.
TEST(PropagationCore, ProbeLeavesSingletonConsistentDomainsAndScores) {
  std::mt19937 rng(11);
  const Entry* rules[] = {&kNeighbours, &kOnlyPlace, &kProbe};
  int probed = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Colouring g = random_graph(rng);
    std::vector<Mask> d = g.root();
    std::vector<float> scores(g.vertex_count, 0.0f);
    FixpointIo<Colouring> io;
    io.lookahead = scores.data();
    const bool alive =
        run_to_fixpoint(g, d.data(), Dirty::all(), rules, 3, io, [](int, Verdict) {});
    const auto solutions = brute_force(g);
    if (!alive) {
      EXPECT_TRUE(solutions.empty());
      continue;
    }
    for (const auto& colour : solutions)
      for (int v = 0; v < g.vertex_count; ++v) EXPECT_TRUE(d[v] >> colour[v] & 1);
    for (int v = 0; v < g.vertex_count; ++v) {
      const int size = std::popcount(d[v]);
      if (size < 2 || size > 3) continue;
      ++probed;
      EXPECT_GE(scores[v], 1.0f);
      for (Mask rest = d[v]; rest; rest &= rest - 1) {
        std::vector<Mask> copy = d;
        const Narrowing move = assign(g, copy.data(), v, rest & -rest);
        FixpointIo<Colouring> trial_io;
        EXPECT_TRUE(run_to_fixpoint(g, copy.data(), {false, &move, &move + 1}, rules, 2, trial_io,
                                    [](int, Verdict) {}));
      }
    }
  }
  EXPECT_GT(probed, 0);
}

}  // namespace
