// The Dominosa rules (heuristics/dominosa) against brute force, and Tatham's shipped puzzles
// against his difficulty levels.
//
// Soundness: on small random nodes (planted grids of order 2 to 5, some with their numbers
// shuffled so that they have no solution or many, some with placements already removed and
// cells fixed at one end only, as the search's moves leave them), each rule alone, run to its
// fixpoint from the node, may remove only placements that no solution of the node uses, and
// may fail only a node with no solution; it must keep the domino counts in step and note every
// narrowing it makes. The solutions come from a plain exact-cover
// recursion written here, which shares nothing with the rules.
//
// Completeness: each rule alone, at its fixpoint, leaves nothing that its definition (stated
// again here by brute force) would remove.
//
// Levels: each shipped puzzle (dom_ORDER_LEVEL_I.txt, levels trivial/basic/hard/extreme from
// Tatham's generator) must be solved without search by the rules up to its level, and not by
// the rules below it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

#include "heuristics/dominosa/dominosa_rule.hpp"
#include "puzzles/dominosa/random.hpp"

using namespace bs;
using namespace bs::dominosa;

namespace {

struct Node {
  Instance in;
  std::vector<Mask> d;  // cells' domains, then the domino counts
};

// A planted grid of order n; with `shuffle`, its numbers permuted over the cells, so that the
// planted tiling no longer solves it; with `thin` (percent), that share of placements removed.
Node random_node(std::mt19937& rng, int n, bool shuffle, int thin) {
  Node node;
  node.in = random_planted_grid(n, rng()).instance;
  if (shuffle) std::shuffle(node.in.numbers.begin(), node.in.numbers.end(), rng);
  const Structure s(node.in);
  node.d = s.root_state();
  std::uniform_int_distribution<int> percent(0, 99);
  for (int p = 0; p < s.placements; ++p)
    if (percent(rng) < thin) {
      node.d[s.ends[p].first] &= ~direction_bit(s.first_to[p]);
      node.d[s.ends[p].second] &= ~direction_bit(opposite(s.first_to[p]));
    }
  s.init_counts(node.d.data());
  // Some cells fixed at one end only, as a move of the search leaves them: their partners and
  // other neighbours have not heard of it yet.
  std::uniform_int_distribution<int> cell_of(0, s.cells - 1);
  for (int moves = percent(rng) % 3; moves > 0; --moves) {
    const int cell = cell_of(rng);
    const Mask m = node.d[cell];
    if (m == 0) continue;
    const int pick = percent(rng) % std::popcount(m);
    Mask one = m;
    for (int i = 0; i < pick; ++i) one &= one - 1;
    propagation::assign(s, node.d.data(), cell, one & -one);
  }
  return node;
}

// Every solution of the node by exact cover over its alive placements: the placements some
// solution uses, and how many solutions there are (stopping past `cap`).
struct Solutions {
  std::vector<char> used;
  long count = 0;
};

struct BruteForce {
  const Structure& s;
  const std::vector<Mask>& d;
  long cap;
  std::vector<int> partner, chosen;
  std::vector<char> domino_used;
  Solutions out;

  void cover(int from) {
    if (out.count > cap) return;
    int cell = from;
    while (cell < s.cells && partner[cell] >= 0) ++cell;
    if (cell == s.cells) {
      ++out.count;
      for (const int p : chosen) out.used[p] = 1;
      return;
    }
    for (int dir = 0; dir < 4; ++dir) {
      const int p = s.placement_at[cell * 4 + dir];
      if (p < 0 || !s.alive(d.data(), p)) continue;
      const int other = s.neighbour[cell * 4 + dir];
      if (partner[other] >= 0 || domino_used[s.domino_of[p]]) continue;
      partner[cell] = other, partner[other] = cell, domino_used[s.domino_of[p]] = 1;
      chosen.push_back(p);
      cover(cell + 1);
      chosen.pop_back();
      partner[cell] = partner[other] = -1, domino_used[s.domino_of[p]] = 0;
    }
  }
};

Solutions solve_all(const Structure& s, const std::vector<Mask>& d, long cap) {
  BruteForce b{s,
               d,
               cap,
               std::vector<int>(s.cells, -1),
               {},
               std::vector<char>(s.domino_count, 0),
               {std::vector<char>(s.placements, 0), 0}};
  b.cover(0);
  return b.out;
}

class DominosaRuleOracle : public ::testing::TestWithParam<int> {};

TEST_P(DominosaRuleOracle, RemovesOnlyPlacementsNoSolutionUses) {
  const DominosaRuleEntry& rule = dominosa_rules()[GetParam()];
  std::mt19937 rng(31 + GetParam());
  int failed = 0, progressed = 0, solvable_nodes = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 2 + trial % 4;
    const int thin = trial % 3 == 0 ? 0 : trial % 3 == 1 ? 10 : 25;
    Node node = random_node(rng, n, trial % 2 == 1, thin);
    const Structure s(node.in);
    const Solutions all = solve_all(s, node.d, 200000);
    if (all.count > 200000) continue;  // too many to list: not a test of anything
    solvable_nodes += all.count > 0;
    std::vector<Mask> d = node.d;
    // One call, by hand: the log must account for exactly what it narrowed.
    std::vector<Narrowing> log;
    log.reserve(4 * s.cells);
    Changes changed(s, d.data(), log);
    const Verdict first = rule.propagate(s, d.data(), Dirty::all(), changed);
    if (first != Verdict::fail) {
      std::vector<Mask> lost(s.cells, 0);
      for (const Narrowing& e : log) lost[e.var] |= e.lost;
      for (int c = 0; c < s.cells; ++c)
        ASSERT_EQ(lost[c], node.d[c] & ~d[c])
            << rule.info.name << " narrowed cell " << c << " without noting it, trial " << trial;
      ASSERT_EQ(first == Verdict::progress, !log.empty()) << rule.info.name;
    }
    // Then the rule alone to its fixpoint from the node.
    d = node.d;
    const DominosaRuleEntry* alone[] = {&rule};
    FixpointIo io;
    const bool alive =
        run_to_fixpoint(s, d.data(), Dirty::all(), alone, 1, io, [](int, Verdict) {});
    if (!alive) {
      ++failed;
      ASSERT_EQ(all.count, 0) << rule.info.name << " failed a node with a solution, trial "
                              << trial;
      continue;
    }
    progressed += io.removed > 0;
    std::vector<Mask> recount = d;
    s.init_counts(recount.data());
    ASSERT_EQ(recount, d) << rule.info.name << " left the domino counts out of step, trial "
                          << trial;
    for (int p = 0; p < s.placements; ++p)
      ASSERT_TRUE(!all.used[p] || s.alive(d.data(), p))
          << rule.info.name << " removed placement " << p << ", used by a solution, trial "
          << trial;
  }
  // The oracle must have been exercised both ways, or this test proves little.
  EXPECT_GT(solvable_nodes, 100) << rule.info.name;
  EXPECT_GT(progressed, 20) << rule.info.name;
  EXPECT_GT(failed, 0) << rule.info.name;
}

INSTANTIATE_TEST_SUITE_P(EveryRule, DominosaRuleOracle,
                         ::testing::Range(0, static_cast<int>(dominosa_rules().size())),
                         [](const auto& info) {
                           std::string name(dominosa_rules()[info.param].info.name);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// Completeness: at a rule's fixpoint its own definition, checked by brute force over the whole
// node, finds nothing left to remove. (The definitions are stated afresh here, loop by loop,
// from the rules' prose; forcing-chain is left to the soundness test and the shipped puzzles.)
namespace definition {

std::vector<int> alive_at(const Structure& s, const std::vector<Mask>& d, int cell) {
  std::vector<int> out;
  for (int dir = 0; dir < 4; ++dir) {
    const int p = s.placement_at[cell * 4 + dir];
    if (p >= 0 && s.alive(d.data(), p)) out.push_back(p);
  }
  return out;
}
bool overlap(const Structure& s, int p, int q) {
  return p != q && (s.ends[p].first == s.ends[q].first || s.ends[p].first == s.ends[q].second ||
                    s.ends[p].second == s.ends[q].first || s.ends[p].second == s.ends[q].second);
}
bool covers(const Structure& s, int p, int cell) {
  return s.ends[p].first == cell || s.ends[p].second == cell;
}
std::vector<int> alive_of(const Structure& s, const std::vector<Mask>& d, int domino) {
  std::vector<int> out;
  for (int p = 0; p < s.placements; ++p)
    if (s.domino_of[p] == domino && s.alive(d.data(), p)) out.push_back(p);
  return out;
}
// The one domino of the placements at `cell` other than `except` (-1: none or several).
int rivals(const Structure& s, const std::vector<Mask>& d, int cell, int except) {
  std::set<int> kinds;
  for (const int p : alive_at(s, d, cell))
    if (p != except) kinds.insert(s.domino_of[p]);
  return kinds.size() == 1 ? *kinds.begin() : -1;
}

// A placement the rule's definition would still remove, or -1.
int cell_single_domino(const Structure& s, const std::vector<Mask>& d) {
  for (int cell = 0; cell < s.cells; ++cell) {
    const std::vector<int> here = alive_at(s, d, cell);
    if (here.size() < 2 || rivals(s, d, cell, -1) < 0) continue;
    for (const int p : alive_of(s, d, s.domino_of[here[0]]))
      if (!covers(s, p, cell)) return p;
  }
  return -1;
}
int must_overlap(const Structure& s, const std::vector<Mask>& d) {
  for (int k = 0; k < s.domino_count; ++k) {
    const std::vector<int> mine = alive_of(s, d, k);
    if (mine.size() < 2) continue;
    for (int q = 0; q < s.placements; ++q) {
      if (!s.alive(d.data(), q) || s.domino_of[q] == k) continue;
      bool all = true;
      for (const int p : mine) all = all && overlap(s, p, q);
      if (all) return q;
    }
  }
  return -1;
}
// The cell of q outside p (they share one).
int outside(const Structure& s, int q, int p) {
  return covers(s, p, s.ends[q].first) ? s.ends[q].second : s.ends[q].first;
}
int local_duplicate(const Structure& s, const std::vector<Mask>& d) {
  for (int p = 0; p < s.placements; ++p) {
    if (!s.alive(d.data(), p)) continue;
    for (int q = 0; q < s.placements; ++q)
      if (s.alive(d.data(), q) && overlap(s, p, q) &&
          rivals(s, d, outside(s, q, p), q) == s.domino_of[p])
        return p;
  }
  return -1;
}
int local_duplicate_2(const Structure& s, const std::vector<Mask>& d) {
  for (int p = 0; p < s.placements; ++p) {
    if (!s.alive(d.data(), p)) continue;
    for (int qi = 0; qi < s.placements; ++qi) {
      if (!s.alive(d.data(), qi) || !overlap(s, p, qi)) continue;
      const int si = outside(s, qi, p), di = rivals(s, d, si, qi);
      if (di < 0) continue;
      for (int qj = 0; qj < s.placements; ++qj) {
        if (qj == qi || !s.alive(d.data(), qj) || !overlap(s, p, qj)) continue;
        const int sj = outside(s, qj, p);
        bool joined = false;
        for (const int r : alive_at(s, d, sj)) joined = joined || (r != qj && covers(s, r, si));
        if (!joined && rivals(s, d, sj, qj) == di) return p;
      }
    }
  }
  return -1;
}
// The cells reachable from `from` over alive placements other than `without`.
std::vector<char> reach(const Structure& s, const std::vector<Mask>& d, int from, int without) {
  std::vector<char> seen(s.cells, 0);
  std::vector<int> todo = {from};
  seen[from] = 1;
  while (!todo.empty()) {
    const int cell = todo.back();
    todo.pop_back();
    for (const int p : alive_at(s, d, cell)) {
      const int other = s.ends[p].first == cell ? s.ends[p].second : s.ends[p].first;
      if (p != without && !seen[other]) seen[other] = 1, todo.push_back(other);
    }
  }
  return seen;
}
int parity(const Structure& s, const std::vector<Mask>& d) {
  for (int p = 0; p < s.placements; ++p) {
    if (!s.alive(d.data(), p)) continue;
    const std::vector<char> side = reach(s, d, s.ends[p].first, p);
    if (side[s.ends[p].second]) continue;  // not a bridge
    const std::vector<char> other = reach(s, d, s.ends[p].second, p);
    if (std::count(side.begin(), side.end(), 1) % 2 == 0 ||
        std::count(other.begin(), other.end(), 1) % 2 == 0)
      return p;
  }
  return -1;
}
// Every subset S of the open cells (two or more placements) of each number.
int set_analysis(const Structure& s, const std::vector<Mask>& d, bool doubles) {
  for (int x = 0; x <= s.n; ++x) {
    std::vector<int> open;
    for (int cell = 0; cell < s.cells; ++cell)
      if (s.instance->numbers[cell] == x && alive_at(s, d, cell).size() >= 2) open.push_back(cell);
    for (uint32_t set = 1; set < (1u << open.size()); ++set) {
      std::set<int> in_set, others;
      for (size_t i = 0; i < open.size(); ++i)
        if (set >> i & 1) in_set.insert(open[i]);
      if (in_set.size() < 2) continue;
      bool joined = false;
      for (const int cell : in_set)
        for (const int p : alive_at(s, d, cell)) {
          const int far = s.ends[p].first == cell ? s.ends[p].second : s.ends[p].first;
          others.insert(s.instance->numbers[far]);
          joined = joined || (s.instance->numbers[far] == x && in_set.count(far));
        }
      const int t = static_cast<int>(others.size()), size = static_cast<int>(in_set.size());
      if (joined && !doubles) continue;
      // How many cells of S each domino of T's placements must cover; 0: no constraint.
      const int need_double = !joined ? (t == size) : t == size - 1 ? 2 : t == size ? 1 : 0;
      const int need_other = !joined ? (t == size) : t == size - 1 ? 1 : 0;
      for (const int y : others) {
        const int need = y == x ? need_double : need_other;
        for (const int p : alive_of(s, d, domino_index(x, y, s.n))) {
          const int used =
              static_cast<int>(in_set.count(s.ends[p].first) + in_set.count(s.ends[p].second));
          if (used < need) return p;
        }
      }
    }
  }
  return -1;
}

}  // namespace definition

TEST(DominosaRuleDefinitions, EachRuleLeavesNothingItsDefinitionWouldRemove) {
  using Check = int (*)(const Structure&, const std::vector<Mask>&);
  const std::vector<std::pair<std::string, Check>> checks = {
      {"cell-single-domino", definition::cell_single_domino},
      {"must-overlap", definition::must_overlap},
      {"local-duplicate", definition::local_duplicate},
      {"local-duplicate-2", definition::local_duplicate_2},
      {"parity", definition::parity},
      {"set-analysis",
       [](const Structure& s, const std::vector<Mask>& d) {
         return definition::set_analysis(s, d, false);
       }},
      {"set-analysis-doubles", [](const Structure& s, const std::vector<Mask>& d) {
         return definition::set_analysis(s, d, true);
       }}};
  for (const auto& [name, check] : checks) {
    const DominosaRuleEntry* rule = nullptr;
    for (const auto& e : dominosa_rules())
      if (e.info.name == name) rule = &e;
    ASSERT_NE(rule, nullptr) << name;
    std::mt19937 rng(5);
    int checked = 0;
    for (int trial = 0; trial < 300; ++trial) {
      Node node = random_node(rng, 2 + trial % 4, trial % 2 == 1, trial % 3 == 0 ? 0 : 15);
      const Structure s(node.in);
      std::vector<Mask> d = node.d;
      const DominosaRuleEntry* alone[] = {rule};
      FixpointIo io;
      if (!run_to_fixpoint(s, d.data(), Dirty::all(), alone, 1, io, [](int, Verdict) {})) continue;
      ++checked;
      ASSERT_EQ(check(s, d), -1) << name << " left a placement its definition removes, trial "
                                 << trial;
    }
    EXPECT_GT(checked, 100) << name;
  }
}

// The incremental contract: after a move, the rules fed only the narrowings since the last
// fixpoint reach the same node (and verdict) as the same rules run from scratch everywhere.
// Each of Tatham's rules runs with the two trivial ones, which settle what it leaves to them
// (a cell with one placement, a domino with one), so that the common fixpoint is unique.
void expect_incremental_equals_from_scratch(const std::vector<const DominosaRuleEntry*>& rules) {
  const int count = static_cast<int>(rules.size());
  std::mt19937 rng(77);
  int moves = 0, narrowing = 0;
  for (int trial = 0; trial < 120; ++trial) {
    Node node = random_node(rng, 3 + trial % 3, trial % 2 == 1, trial % 3 == 0 ? 0 : 15);
    const Structure s(node.in);
    std::vector<Mask> d = node.d;
    FixpointIo io;
    if (!run_to_fixpoint(s, d.data(), Dirty::all(), rules.data(), count, io, [](int, Verdict) {}))
      continue;
    for (int c = 0; c < s.cells; ++c) {
      if (fixed(d[c])) continue;
      for (Mask rest = d[c]; rest; rest &= rest - 1) {
        std::vector<Mask> incremental = d;
        const Narrowing move = propagation::assign(s, incremental.data(), c, rest & -rest);
        FixpointIo a;
        const bool alive_a = run_to_fixpoint(s, incremental.data(), {false, &move, &move + 1},
                                             rules.data(), count, a, [](int, Verdict) {});
        std::vector<Mask> scratch = d;
        propagation::assign(s, scratch.data(), c, rest & -rest);
        FixpointIo b;
        const bool alive_b = run_to_fixpoint(s, scratch.data(), Dirty::all(), rules.data(), count,
                                             b, [](int, Verdict) {});
        ++moves;
        narrowing += alive_b && a.removed > 0;
        ASSERT_EQ(alive_a, alive_b) << rules.back()->info.name << ", trial " << trial;
        if (!alive_a) continue;
        ASSERT_EQ(incremental, scratch) << rules.back()->info.name << ", trial " << trial;
      }
    }
  }
  EXPECT_GT(moves, 300) << rules.back()->info.name;
  EXPECT_GT(narrowing, 100) << rules.back()->info.name;
}

TEST(DominosaFixpoint, IncrementalEqualsFromScratch) {
  const auto& all = dominosa_rules();
  std::vector<const DominosaRuleEntry*> every;
  for (const auto& e : all) every.push_back(&e);
  for (size_t i = 2; i < all.size(); ++i)
    expect_incremental_equals_from_scratch({&all[0], &all[1], &all[i]});
  expect_incremental_equals_from_scratch(every);
}

// Tatham's levels, and the rules each adds (registry names).
const std::vector<std::pair<std::string, std::vector<std::string>>>& levels() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> l = {
      {"trivial", {"cell-single", "domino-single"}},
      {"basic",
       {"cell-single-domino", "must-overlap", "local-duplicate", "local-duplicate-2", "parity"}},
      {"hard", {"set-analysis"}},
      {"extreme", {"set-analysis-doubles", "forcing-chain"}},
  };
  return l;
}

// The rules of every level up to `level` (index into levels()), in registry order.
std::vector<const DominosaRuleEntry*> rules_up_to(int level) {
  std::set<std::string> names;
  for (int i = 0; i <= level; ++i)
    for (const auto& name : levels()[i].second) names.insert(name);
  std::vector<const DominosaRuleEntry*> out;
  for (const auto& e : dominosa_rules())
    if (names.count(std::string(e.info.name))) out.push_back(&e);
  return out;
}

// A shipped .txt: the order, then n+1 rows of n+2 numbers. Minimal: the files are known good.
Instance read_shipped(const std::filesystem::path& path) {
  std::ifstream f(path);
  Instance in;
  in.name = path.stem().string();
  f >> in.n;
  in.numbers.resize(in.cells());
  for (int& x : in.numbers) f >> x;
  return in;
}

// Whether `rules` alone, from the root, fix every cell (and the fixed cells solve the grid).
bool solved_without_search(const Instance& in, const std::vector<const DominosaRuleEntry*>& rules) {
  const Structure s(in);
  std::vector<Mask> d = s.root_state();
  FixpointIo io;
  if (!run_to_fixpoint(s, d.data(), Dirty::all(), rules.data(), static_cast<int>(rules.size()), io,
                       [](int, Verdict) {}))
    return false;
  for (int c = 0; c < s.cells; ++c)
    if (!fixed(d[c])) return false;
  return true;
}

struct Shipped {
  Instance in;
  int level;  // index into levels()
  std::string solution;
};

std::vector<Shipped> shipped_puzzles() {
  // In the repository once they are checked in; until then, where the issue put them.
  std::filesystem::path dir = std::string(BS_SOURCE_DIR) + "/instances/dominosa/sgt_unique";
  if (!std::filesystem::exists(dir)) dir = "/work/shared/instances/dominosa/sgt_unique";
  std::vector<Shipped> out;
  if (!std::filesystem::exists(dir)) return out;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".txt") continue;
    const std::string stem = entry.path().stem().string();
    int level = -1;
    for (int i = 0; i < static_cast<int>(levels().size()); ++i)
      if (stem.find("_" + levels()[i].first + "_") != std::string::npos) level = i;
    if (level < 0) continue;
    Shipped p{read_shipped(entry.path()), level, {}};
    std::ifstream sol(std::filesystem::path(entry.path()).replace_extension(".sol"));
    for (std::string row; sol >> row;) p.solution += row;
    out.push_back(std::move(p));
  }
  std::sort(out.begin(), out.end(),
            [](const Shipped& a, const Shipped& b) { return a.in.name < b.in.name; });
  return out;
}

TEST(DominosaLevels, EveryShippedPuzzleIsSolvedByTheRulesOfItsLevel) {
  const std::vector<Shipped> puzzles = shipped_puzzles();
  if (puzzles.empty()) GTEST_SKIP() << "no shipped puzzles on this machine";
  for (const Shipped& p : puzzles) {
    const std::vector<const DominosaRuleEntry*> rules = rules_up_to(p.level);
    const Structure s(p.in);
    std::vector<Mask> d = s.root_state();
    FixpointIo io;
    ASSERT_TRUE(run_to_fixpoint(s, d.data(), Dirty::all(), rules.data(),
                                static_cast<int>(rules.size()), io, [](int, Verdict) {}))
        << p.in.name;
    std::string letters;
    for (int c = 0; c < s.cells; ++c) letters += fixed(d[c]) ? kLetters[direction_of(d[c])] : '?';
    EXPECT_EQ(letters, p.solution) << p.in.name << " at level " << levels()[p.level].first;
  }
}

// Tatham's generator labels a puzzle by the hardest level his solver needed, so the rules
// strictly below a puzzle's level must not solve it: our levels separate his puzzles as his do.
// (Ours are not his line for line: parity, set analysis and the chains are stated a little more
// generally, and his solver runs each deduction in passes where ours reach a common fixpoint.)
// The table of how many each level solves is printed for the record.
TEST(DominosaLevels, RulesBelowAPuzzlesLevelDoNotSolveIt) {
  const std::vector<Shipped> puzzles = shipped_puzzles();
  if (puzzles.empty()) GTEST_SKIP() << "no shipped puzzles on this machine";
  std::map<std::string, std::vector<int>> solved;  // "order level" -> solved per level, total
  for (const Shipped& p : puzzles) {
    const std::string label = std::to_string(p.in.n) + " " + levels()[p.level].first;
    auto& row = solved[label];
    row.resize(levels().size() + 1, 0);
    ++row.back();
    for (int level = 0; level < static_cast<int>(levels().size()); ++level)
      row[level] += solved_without_search(p.in, rules_up_to(level));
    if (p.level > 0) {
      EXPECT_FALSE(solved_without_search(p.in, rules_up_to(p.level - 1)))
          << p.in.name << " is solved below its level";
    }
  }
  std::printf("  order level: puzzles, solved by trivial / basic / hard / extreme\n");
  for (const auto& [label, row] : solved)
    std::printf("  %-12s %2d: %2d %2d %2d %2d\n", label.c_str(), row[4], row[0], row[1], row[2],
                row[3]);
}

}  // namespace
