// The peg search machinery against a brute-force oracle written here from the board's jump list
// alone: the two-sided restart portfolio, the bidirectional search, symmetry-canonical table keys,
// the pagoda certificates and their checker, the board analysis and the bench. On hundreds of
// random boards of up to 20 holes, every option set must reach the oracle's decision, every
// solution must replay, and every certificate must re-check.
#include "solvers/peg/search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "heuristics/peg/classic_pagodas.hpp"
#include "ilp/peg/ip_proof.hpp"
#include "puzzles/peg/format.hpp"
#include "puzzles/peg/proof_check.hpp"
#include "puzzles/peg/verify.hpp"
#include "search/bidirectional.hpp"
#include "search/budget.hpp"
#include "search/dfs.hpp"
#include "solvers/bench.hpp"
#include "solvers/peg/analysis.hpp"
#include "solvers/peg/commands.hpp"
#include "solvers/peg/solver.hpp"
#include "solvers/verify_result.hpp"
#include "tests/sample_size.hpp"
#include "tests/test_support.hpp"

namespace {

using namespace bs::peg;

// ---- the oracle: plain DFS over bit masks, a set of visited positions, nothing else ----

uint64_t mask_of(const Config& c) {
  uint64_t m = 0;
  for (size_t h = 0; h < c.size(); ++h)
    if (c[h]) m |= uint64_t{1} << h;
  return m;
}

struct Oracle {
  const std::vector<Jump>& jumps;
  uint64_t target;
  int target_count;
  std::unordered_set<uint64_t> visited;

  bool reach(uint64_t m) {
    if (m == target) return true;
    if (std::popcount(m) <= target_count) return false;
    if (!visited.insert(m).second) return false;
    for (const Jump& j : jumps) {
      if ((m >> j.from & 1) && (m >> j.over & 1) && !(m >> j.to & 1)) {
        const uint64_t next =
            m ^ (uint64_t{1} << j.from) ^ (uint64_t{1} << j.over) ^ (uint64_t{1} << j.to);
        if (reach(next)) return true;
      }
    }
    return false;
  }
};

bool oracle_solvable(const Instance& in) {
  Oracle o{in.board.jumps(), mask_of(in.final), peg_count(in.final), {}};
  return o.reach(mask_of(in.start));
}

// Every position reachable from `start` (used to pick reachable finals and for the analysis).
std::unordered_set<uint64_t> reachable_from(const Board& b, uint64_t start) {
  std::unordered_set<uint64_t> seen{start};
  std::vector<uint64_t> stack{start};
  while (!stack.empty()) {
    const uint64_t m = stack.back();
    stack.pop_back();
    for (const Jump& j : b.jumps()) {
      if ((m >> j.from & 1) && (m >> j.over & 1) && !(m >> j.to & 1)) {
        const uint64_t next =
            m ^ (uint64_t{1} << j.from) ^ (uint64_t{1} << j.over) ^ (uint64_t{1} << j.to);
        if (seen.insert(next).second) stack.push_back(next);
      }
    }
  }
  return seen;
}

Config config_of(uint64_t m, int holes) {
  Config c(holes, 0);
  for (int h = 0; h < holes; ++h) c[h] = m >> h & 1;
  return c;
}

// ---- random instances ----

// A random board of 4..20 holes on a 3..6 x 3..6 grid, with at least one jump.
Board random_board(std::mt19937& rng) {
  std::uniform_int_distribution<int> side(3, 6);
  std::uniform_real_distribution<double> unit(0, 1);
  for (;;) {
    const int rows = side(rng), cols = side(rng);
    const double density = 0.45 + 0.5 * unit(rng);
    std::vector<uint8_t> mask(rows * cols);
    int holes = 0;
    for (auto& v : mask) holes += v = unit(rng) < density;
    if (holes < 4 || holes > 20) continue;
    Board b(rows, cols, mask);
    if (b.jumps().empty()) continue;
    return b;
  }
}

Instance random_instance(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  for (;;) {
    Instance in;
    in.name = "random";
    in.board = random_board(rng);
    const int n = in.board.holes();
    if (unit(rng) < 0.7) {  // full, less one or two vacancies
      in.start.assign(n, 1);
      const int vacancies = unit(rng) < 0.7 ? 1 : 2;
      for (int k = 0; k < vacancies; ++k) in.start[rng() % n] = 0;
    } else {
      const double density = 0.4 + 0.5 * unit(rng);
      in.start.assign(n, 0);
      for (auto& v : in.start) v = unit(rng) < density;
    }
    if (peg_count(in.start) < 2) continue;
    const int final_pegs = unit(rng) < 0.75 ? 1 : 2;
    std::vector<uint64_t> reachable;
    if (unit(rng) < 0.5) {
      // A reachable final, so that a good share is solvable: of final_pegs pegs when some is
      // reachable, else of the fewest pegs reachable.
      const auto all = reachable_from(in.board, mask_of(in.start));
      int fewest = peg_count(in.start);
      for (uint64_t m : all) fewest = std::min(fewest, std::popcount(m));
      const int want = std::max(fewest, final_pegs);
      for (uint64_t m : all)
        if (std::popcount(m) == want && want < peg_count(in.start)) reachable.push_back(m);
      std::sort(reachable.begin(), reachable.end());
    }
    if (!reachable.empty()) {
      in.final = config_of(reachable[rng() % reachable.size()], n);
    } else {
      in.final.assign(n, 0);
      while (peg_count(in.final) < final_pegs) in.final[rng() % n] = 1;
    }
    if (peg_count(in.final) >= peg_count(in.start)) continue;
    return in;
  }
}

bs::Options options_with(std::initializer_list<std::pair<const char*, const char*>> kv) {
  bs::Options o;
  for (const auto& [k, v] : kv) o.set(k, v);
  return o;
}

std::string describe(const bs::Options& o) {
  std::string s;
  for (const auto& [k, v] : o.non_default()) s += " --" + k + "=" + v;
  return s.empty() ? " (defaults)" : s;
}

struct Tally {
  int solvable = 0, unsolvable = 0;
};

// Solves `in` under `o` and compares with the oracle's answer. With `recheck`, an infeasible
// answer's certificate must also pass check_certificate.
void expect_agrees(const Instance& in, bool oracle, const bs::Options& o, const std::string& tag,
                   bool recheck = false) {
  std::vector<JumpRC> jumps;
  const bs::Result r = solve(in, o, jumps);
  const std::string where = tag + describe(o) + "\n" + format_instance(in);
  ASSERT_NE(r.status, bs::Status::unknown) << where;
  EXPECT_EQ(r.status == bs::Status::solved, oracle) << where;
  // Sound budgets never refuse a meeting (see PegProblem::refused_meetings).
  for (const auto& [name, value] : r.counters) {
    if (name.ends_with("refused_meetings")) {
      EXPECT_EQ(value, 0) << where;
    }
  }
  if (r.status == bs::Status::solved) {
    EXPECT_TRUE(r.verified) << where;
    const VerifyResult v = verify_solution(in, jumps);
    EXPECT_TRUE(v.ok) << v.message << "\n" << where;
    EXPECT_EQ(static_cast<int>(jumps.size()), peg_count(in.start) - peg_count(in.final)) << where;
  } else {
    EXPECT_FALSE(r.certificate.kind.empty()) << where;
    if (recheck && !oracle) {
      EXPECT_EQ(check_certificate(in, r.certificate), "")
          << r.certificate.kind << " " << r.certificate.data_json << "\n"
          << where;
    }
  }
}

// `count` random instances from `seed`, each compared with the oracle under `o`.
Tally run_random(uint32_t seed, int count, const bs::Options& o, bool recheck = false) {
  std::mt19937 rng(seed);
  Tally t;
  for (int i = 0; i < count; ++i) {
    const Instance in = random_instance(rng);
    const bool oracle = oracle_solvable(in);
    (oracle ? t.solvable : t.unsolvable)++;
    std::string tag = "random #";
    tag += std::to_string(i);
    expect_agrees(in, oracle, o, tag, recheck);
    if (::testing::Test::HasFatalFailure()) break;
  }
  return t;
}

constexpr uint32_t kSeed = 20250611;
constexpr int kInstances = bs::test::samples(300);

void expect_both_kinds(const Tally& t) {
  ::testing::Test::RecordProperty("solvable", t.solvable);
  ::testing::Test::RecordProperty("unsolvable", t.unsolvable);
  EXPECT_GE(t.solvable, kInstances / 15) << "the generator must make solvable instances";
  EXPECT_GE(t.unsolvable, kInstances / 15) << "the generator must make unsolvable instances";
}

// Every oracle of these tests moves by Board::jumps(), so the list is checked here against the
// geometry, worked out from the mask alone: holes numbered in row-major order, and a jump from
// each hole over an orthogonal neighbour hole to the hole beyond. A jump missing from the list
// would make the oracle and the solver agree on a wrong "no solution".
TEST(PegSearch, TheJumpListIsEveryLineOfThreeHoles) {
  std::mt19937 rng(23);
  std::uniform_int_distribution<int> side(1, 7);
  int jumps_seen = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int rows = side(rng), cols = side(rng);
    std::vector<uint8_t> mask(rows * cols);
    for (auto& v : mask) v = rng() % 4 != 0;
    std::vector<int> number(mask.size(), -1);
    int holes = 0;
    for (size_t cell = 0; cell < mask.size(); ++cell)
      if (mask[cell]) number[cell] = holes++;
    if (holes == 0) continue;
    const Board b(rows, cols, mask);
    std::set<std::tuple<int, int, int>> expected, listed;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        for (const auto& [dr, dc] : {std::pair{-1, 0}, {0, 1}, {1, 0}, {0, -1}}) {
          const int r2 = r + 2 * dr, c2 = c + 2 * dc;
          if (r2 < 0 || c2 < 0 || r2 >= rows || c2 >= cols) continue;
          const int from = number[r * cols + c], over = number[(r + dr) * cols + c + dc],
                    to = number[r2 * cols + c2];
          if (from >= 0 && over >= 0 && to >= 0) expected.insert({from, over, to});
        }
    for (const auto& j : b.jumps()) EXPECT_TRUE(listed.insert({j.from, j.over, j.to}).second);
    EXPECT_EQ(listed, expected) << rows << "x" << cols << " trial " << trial;
    jumps_seen += static_cast<int>(expected.size());
  }
  EXPECT_GT(jumps_seen, 1000);
}

TEST(PegSearch, OracleAgreesWithItselfOnHandInstances) {
  // The oracle is the reference; make sure it is not trivially wrong.
  const Instance solvable = parse_instance("XXo\n\nooX\n", "a.txt");
  EXPECT_TRUE(oracle_solvable(solvable));
  const Instance blocked = parse_instance("XoX\n\nooX\n", "b.txt");
  EXPECT_FALSE(oracle_solvable(blocked));
  // On a 3x3 board, DFS and full enumeration must agree.
  const Instance corner = parse_instance("oXX\nXXX\nXXX\n\nooo\nooo\nooX\n", "c.txt");
  const auto all = reachable_from(corner.board, mask_of(corner.start));
  EXPECT_EQ(oracle_solvable(corner), all.count(mask_of(corner.final)) > 0);
}

TEST(PegSearch, DefaultsAgreeWithBruteForce) {
  const Tally t = run_random(kSeed, kInstances, bs::Options{}, /*recheck=*/true);
  expect_both_kinds(t);
}

TEST(PegSearch, PlainSerialSearchAgreesWithBruteForce) {
  const Tally t = run_random(
      kSeed, kInstances,
      options_with(
          {{"rules", "none"}, {"reverse", "false"}, {"backward", "0"}, {"symmetry", "false"}}));
  expect_both_kinds(t);
}

TEST(PegSearch, ManyRestartsDeepBackwardAgreeWithBruteForce) {
  const Tally t =
      run_random(kSeed, kInstances, options_with({{"backward", "1000000"}, {"restart-nodes", "1"}}),
                 /*recheck=*/true);
  expect_both_kinds(t);
}

TEST(PegSearch, NoTableAgreesWithBruteForce) {
  const Tally t = run_random(kSeed, kInstances, options_with({{"hash", "0"}}));
  expect_both_kinds(t);
}

TEST(PegSearch, EachRuleAloneAgreesWithBruteForce) {
  for (const char* rules : {"position-class", "classic-pagodas", "jump-bounds", "pagoda",
                            "residual-bounds", "residual-lp"}) {
    const Tally t = run_random(
        kSeed + 1, 80, options_with({{"rules", rules}, {"hash", "1"}, {"lazy-depth", "8"}}));
    EXPECT_GE(t.solvable, 5);
    EXPECT_GE(t.unsolvable, 5);
    if (HasFatalFailure()) return;
  }
}

TEST(PegSearch, RestartsWithoutReverseOrSymmetryAgreeWithBruteForce) {
  // Restarts on both sides and on one side (without reversal). Symmetry off with the deep
  // backward set, and small growth, for good measure.
  for (const bs::Options& o :
       {options_with({{"symmetry", "false"},
                      {"restart-nodes", "3"},
                      {"restart-growth", "1"},
                      {"backward", "1000000"},
                      {"hash", "1"}}),
        options_with({{"reverse", "false"}, {"backward", "1000000"}, {"hash", "1"}})}) {
    const Tally t = run_random(kSeed + 2, 100, o);
    EXPECT_GE(t.solvable, 5);  // both answers come up, or the sample tests only one
    EXPECT_GE(t.unsolvable, 5);
  }
}

TEST(PegSearch, NodeLimitsGiveUnknownNeverAWrongAnswer) {
  // A node limit may stop the portfolio in any round, on either side; what it returns must then
  // be "unknown", and any answer it does give must still be the oracle's.
  int unknown = 0, decided = 0;
  for (const char* limit : {"1", "9", "60", "400"}) {
    std::mt19937 rng(kSeed + 5);
    const bs::Options o = options_with(
        {{"rules", "none"}, {"node-limit", limit}, {"restart-nodes", "4"}, {"hash", "1"}});
    for (int i = 0; i < 60; ++i) {
      const Instance in = random_instance(rng);
      const bool oracle = oracle_solvable(in);
      std::vector<JumpRC> jumps;
      const bs::Result r = solve(in, o, jumps);
      std::ostringstream where;
      where << "node-limited #" << i << describe(o) << "\n" << format_instance(in);
      if (r.status == bs::Status::unknown) {
        ++unknown;
        EXPECT_EQ(r.stop, bs::StopReason::node_limit) << where.str();
        // Limits are polled every kPollEvery nodes per run, so each run (a side in a round) may
        // overshoot by that much; no more.
        EXPECT_LE(r.counter("nodes"),
                  std::stod(limit) + 2 * r.counter("rounds") * bs::search::Budget::kPollEvery)
            << where.str();
        continue;
      }
      ++decided;
      EXPECT_EQ(r.status == bs::Status::solved, oracle) << where.str();
      if (r.status == bs::Status::solved) {
        EXPECT_TRUE(verify_solution(in, jumps).ok) << where.str();
      }
    }
  }
  EXPECT_GT(unknown, 10);
  EXPECT_GT(decided, 10);
}

// The two halves share the jump counters: a position found in the backward set is a goal only when
// the rest of the game fits in the uses of each jump that the forward half left over.
TEST(PegSearch, SharedJumpCountersDecideTheMeeting) {
  Instance in;
  for (int a = 0; a < 16 && in.start.empty(); ++a)
    for (int b = 0; b < 16 && in.start.empty(); ++b) {
      std::string text;
      for (int h = 0; h < 16; ++h)
        text += std::string(h == a ? "o" : "X") + (h % 4 == 3 ? "\n" : "");
      text += "\n";
      for (int h = 0; h < 16; ++h)
        text += std::string(h == b ? "X" : "o") + (h % 4 == 3 ? "\n" : "");
      const Instance candidate = parse_instance(text, "4x4.txt");
      if (oracle_solvable(candidate)) in = candidate;
    }
  ASSERT_FALSE(in.start.empty()) << "some single-vacancy game on the 4x4 board is solvable";
  const size_t njumps = in.board.jumps().size();
  const PegProblem<uint64_t> open(in, std::vector<int>(njumps, 14), {}, {}, {{}});
  const auto game = bs::search::depth_first(open, open.root(in.start), bs::search::DfsConfig{});
  ASSERT_TRUE(game.found);
  ASSERT_EQ(game.path.size(), 14u);

  // Three levels back from the final.
  bs::search::DeadTable table(1);
  bs::search::LevelsConfig lc;
  lc.max_levels = 3;
  lc.max_positions = 1 << 16;
  const auto levels = bs::search::breadth_levels(
      open.canonical(PegProblem<uint64_t>::bits(in.final)) | kBackwardTag, lc, table,
      [&](uint64_t key, auto&& emit) { open.reverse_children(key & ~kBackwardTag, emit); });
  ASSERT_EQ(levels.complete, 3);

  // The forward half: all but the last three jumps, which leaves it on the set's deepest level.
  const std::vector<uint16_t> head(game.path.begin(), game.path.end() - 3);
  std::vector<int> game_uses(njumps, 0), head_uses(njumps, 0);
  for (uint16_t j : game.path) ++game_uses[j];
  for (uint16_t j : head) ++head_uses[j];

  // Budgets of exactly the game's counts: the meeting fits, and the completed path is a game.
  PegProblem<uint64_t> fits(in, game_uses, {}, {}, {{}});
  fits.meet(&table, 1 + levels.complete, 2 + levels.complete);
  EXPECT_TRUE(fits.is_goal(fits.replay(in.start, head)));
  std::vector<uint16_t> whole = head;
  fits.complete_path(in.start, whole);
  std::vector<JumpRC> rc;
  std::vector<int> whole_uses(njumps, 0);
  for (uint16_t j : whole) {
    rc.push_back(in.board.jumps()[j].rc);
    ++whole_uses[j];
  }
  EXPECT_TRUE(verify_solution(in, rc).ok);
  for (size_t j = 0; j < njumps; ++j) EXPECT_LE(whole_uses[j], game_uses[j]) << "jump " << j;
  EXPECT_EQ(fits.refused_meetings(), 0u);

  // Budgets the forward half has used up: the position is still in the set, but no rest fits.
  PegProblem<uint64_t> spent(in, head_uses, {}, {}, {{}});
  spent.meet(&table, 1 + levels.complete, 2 + levels.complete);
  EXPECT_FALSE(spent.is_goal(spent.replay(in.start, head)));
  EXPECT_EQ(spent.refused_meetings(), 1u);
}

TEST(PegSearch, GameFactsAtTheRoot) {
  const Instance same = parse_instance("XXo\n\nXXo\n", "same.txt");
  std::vector<JumpRC> jumps{{0, 0, Dir::E}};
  bs::Result r = solve(same, bs::Options{}, jumps);
  EXPECT_EQ(r.status, bs::Status::solved);
  EXPECT_TRUE(jumps.empty());
  for (const char* text : {"XXo\n\nooo\n", "XXo\n\nXoX\n", "Xoo\n\nooX\n"}) {
    const Instance in = parse_instance(text, "count.txt");
    ASSERT_FALSE(oracle_solvable(in)) << text;
    r = solve(in, bs::Options{});
    ASSERT_EQ(r.status, bs::Status::infeasible) << text;
    EXPECT_EQ(check_certificate(in, r.certificate), "") << text << r.certificate.data_json;
  }
  // A peg-count certificate does not carry over to a solvable instance.
  const Instance ok = parse_instance("XXo\n\nooX\n", "ok.txt");
  r = solve(parse_instance("XXo\n\nooo\n", "zero.txt"), bs::Options{});
  ASSERT_EQ(r.certificate.kind, "peg-count");
  EXPECT_NE(check_certificate(ok, r.certificate), "");
}

TEST(PegSearchParallel, AgreesWithBruteForce) {
  const Tally t = run_random(kSeed, 100, options_with({{"threads", "2"}, {"hash", "4"}}));
  EXPECT_GE(t.solvable, 10);
  EXPECT_GE(t.unsolvable, 10);
}

TEST(PegSearchParallel, ManyRestartsDeepBackwardAgreeWithBruteForce) {
  const Tally t = run_random(kSeed + 3, 60,
                             options_with({{"threads", "2"},
                                           {"spawn-depth", "2"},
                                           {"backward", "1000000"},
                                           {"restart-nodes", "1"},
                                           {"hash", "4"}}));
  EXPECT_GE(t.solvable, 5);
  EXPECT_GE(t.unsolvable, 5);
}

// ---- symmetric instances: the canonical-key path ----

// Square boards symmetric under the whole dihedral group, with start and final symmetric under a
// subgroup: a mirror, the half turn, or the whole group.
int image_cell(int n, int g, int r, int c) {
  int rr = r, cc = c;
  switch (g) {
    case 0:
      break;
    case 1:
      cc = n - 1 - c;
      break;  // mirror left-right
    case 2:
      rr = n - 1 - r;
      cc = n - 1 - c;
      break;  // half turn
    case 3:
      rr = c;
      cc = r;
      break;  // transpose
    case 4:
      rr = c;
      cc = n - 1 - r;
      break;  // quarter turn
    case 5:
      rr = n - 1 - r;
      break;  // mirror up-down
    case 6:
      rr = n - 1 - c;
      cc = r;
      break;  // three quarter turn
    case 7:
      rr = n - 1 - c;
      cc = n - 1 - r;
      break;  // anti-transpose
  }
  return rr * n + cc;
}

// Cells' orbits under the maps in `group` (which must be closed).
std::vector<std::vector<int>> orbits(int n, const std::vector<int>& group) {
  std::vector<int> seen(n * n, 0);
  std::vector<std::vector<int>> out;
  for (int cell = 0; cell < n * n; ++cell) {
    if (seen[cell]) continue;
    std::set<int> orbit;
    for (int g : group) orbit.insert(image_cell(n, g, cell / n, cell % n));
    for (int x : orbit) seen[x] = 1;
    out.emplace_back(orbit.begin(), orbit.end());
  }
  return out;
}

Instance random_symmetric_instance(std::mt19937& rng) {
  const std::vector<std::vector<int>> groups = {
      {0, 1}, {0, 5}, {0, 2}, {0, 3}, {0, 1, 2, 5}, {0, 2, 4, 6}, {0, 1, 2, 3, 4, 5, 6, 7}};
  const std::vector<int> all{0, 1, 2, 3, 4, 5, 6, 7};
  std::uniform_real_distribution<double> unit(0, 1);
  for (;;) {
    const int n = 3 + static_cast<int>(rng() % 3);  // 3..5
    // The board: whole-group orbits of cells, so the board has all 8 symmetries.
    std::vector<uint8_t> mask(n * n, 0);
    for (const auto& o : orbits(n, all))
      if (unit(rng) < 0.8)
        for (int c : o) mask[c] = 1;
    Board b(n, n, mask);
    if (b.holes() < 4 || b.holes() > 20 || b.jumps().empty()) continue;
    const auto& group = groups[rng() % groups.size()];
    Instance in;
    in.name = "symmetric";
    in.board = b;
    in.start.assign(b.holes(), 0);
    in.final.assign(b.holes(), 0);
    const auto cell_orbits = orbits(n, group);
    const double density = 0.5 + 0.5 * unit(rng);
    for (const auto& o : cell_orbits) {
      if (b.hole_at(o[0] / n, o[0] % n) < 0) continue;
      const bool peg = unit(rng) < density;
      for (int c : o) in.start[b.hole_at(c / n, c % n)] = peg;
    }
    if (unit(rng) < 0.6) {
      // A reachable final fixed by the group, of the fewest pegs such finals have.
      std::vector<std::vector<int>> perms;
      for (int g : group) {
        std::vector<int> perm(b.holes());
        for (int h = 0; h < b.holes(); ++h) {
          const int c = image_cell(n, g, b.row_of(h), b.col_of(h));
          perm[h] = b.hole_at(c / n, c % n);
        }
        perms.push_back(perm);
      }
      std::vector<uint64_t> best;
      int fewest = peg_count(in.start);
      for (uint64_t m : reachable_from(b, mask_of(in.start))) {
        bool fixed = true;
        for (const auto& perm : perms)
          for (int h = 0; h < b.holes() && fixed; ++h) fixed = (m >> h & 1) == (m >> perm[h] & 1);
        if (!fixed || std::popcount(m) > fewest) continue;
        if (std::popcount(m) < fewest) best.clear();
        fewest = std::popcount(m);
        best.push_back(m);
      }
      if (fewest >= peg_count(in.start)) continue;
      std::sort(best.begin(), best.end());
      in.final = config_of(best[rng() % best.size()], b.holes());
      return in;
    }
    // A final of one or two small orbits.
    std::vector<const std::vector<int>*> small;
    for (const auto& o : cell_orbits)
      if (b.hole_at(o[0] / n, o[0] % n) >= 0 && o.size() <= 2) small.push_back(&o);
    if (small.empty()) continue;
    for (int k = 0; k < 1 + static_cast<int>(rng() % 2); ++k)
      for (int c : *small[rng() % small.size()]) in.final[b.hole_at(c / n, c % n)] = 1;
    if (peg_count(in.final) >= peg_count(in.start)) continue;
    return in;
  }
}

struct SymmetricTally {
  int solvable = 0, used_symmetry = 0;
};

// `count` random symmetric instances, each solved under every option set in `sets`.
SymmetricTally run_symmetric(uint32_t seed, int count, const std::vector<bs::Options>& sets) {
  std::mt19937 rng(seed);
  SymmetricTally t;
  for (int i = 0; i < count; ++i) {
    const Instance in = random_symmetric_instance(rng);
    const bool oracle = oracle_solvable(in);
    t.solvable += oracle;
    for (const auto& o : sets) {
      std::vector<JumpRC> jumps;
      const bs::Result r = solve(in, o, jumps);
      const std::string where =
          "symmetric #" + std::to_string(i) + describe(o) + "\n" + format_instance(in);
      EXPECT_NE(r.status, bs::Status::unknown) << where;
      EXPECT_EQ(r.status == bs::Status::solved, oracle) << where;
      if (r.status == bs::Status::solved) {
        EXPECT_TRUE(verify_solution(in, jumps).ok) << where;
      }
      t.used_symmetry += r.counter("symmetries") > 1;
    }
  }
  return t;
}

TEST(PegSearch, SymmetricSquaresAgreeWithBruteForceAndUseSymmetry) {
  struct Hand {
    const char* name;
    const char* text;
    int known = -1;  // the answer when the oracle would be too slow; -1: ask the oracle
  };
  const Hand hands[] = {
      // 25 holes: the oracle needs seconds to exhaust it. The answer is the rule of three's
      // (position classes, Conway): the centre and the full board less the centre lie in
      // different classes, so no solution; check_certificate re-checks that below.
      {"5x5 centre", "XXXXX\nXXXXX\nXXoXX\nXXXXX\nXXXXX\n\nooooo\nooooo\nooXoo\nooooo\nooooo\n", 0},
      {"5x5 plus", "ooXoo\nooXoo\nXXoXX\nooXoo\nooXoo\n\nooooo\nooooo\nooXoo\nooooo\nooooo\n"},
      {"5x5 ring", "XXXXX\nXoooX\nXoooX\nXoooX\nXXXXX\n\nooooo\nooooo\nooXoo\nooooo\nooooo\n"},
      {"4x4 centre four", "XXXX\nXooX\nXooX\nXXXX\n\noooo\noooo\noXXo\noooo\n"},
      {"4x4 corners", "oXXo\nXXXX\nXXXX\noXXo\n\noooo\noXoo\nooXo\noooo\n"},
      {"4x4 full less two", "XXXX\nXoXX\nXXoX\nXXXX\n\noooo\noXoo\nooXo\noooo\n"},
      {"cross 5", "-XXX-\nXXXXX\nXXoXX\nXXXXX\n-XXX-\n\n-ooo-\nooooo\nooXoo\nooooo\n-ooo-\n"},
      {"6x6 ring",
       "--XX--\n-XXXX-\nXXooXX\nXXooXX\n-XXXX-\n--XX--\n\n"
       "--oo--\n-oooo-\nooXXoo\noooooo\n-oooo-\n--oo--\n"},
  };
  double most_symmetries = 0;
  const std::vector<bs::Options> sets = {
      bs::Options{},
      options_with({{"reverse", "false"}, {"backward", "0"}, {"rules", "none"}}),
      options_with({{"backward", "1000000"}, {"restart-nodes", "1"}}),
      options_with({{"hash", "0"}}),
  };
  for (const Hand& h : hands) {
    const Instance in = parse_instance(h.text, std::string(h.name) + ".txt");
    const bool oracle = h.known >= 0 ? h.known != 0 : oracle_solvable(in);
    for (const auto& o : sets) {
      // Certificates re-checked under the defaults only: re-checking an exhaustive search repeats
      // it without symmetry, seconds on 25 holes.
      expect_agrees(in, oracle, o, h.name, /*recheck=*/&o == &sets[0]);
      const bs::Result r = solve(in, o);
      most_symmetries = std::max(most_symmetries, r.counter("symmetries"));
    }
  }
  EXPECT_GT(most_symmetries, 1);
  const int squares = bs::test::samples(120);
  const SymmetricTally t = run_symmetric(kSeed + 7, squares, sets);
  EXPECT_GE(t.used_symmetry, squares * 5 / 12);
  EXPECT_GE(t.solvable, squares / 12);
  EXPECT_LE(t.solvable, squares * 11 / 12);
}

TEST(PegSearchParallel, SymmetricSquaresAgreeWithBruteForce) {
  const SymmetricTally t =
      run_symmetric(kSeed + 8, 25,
                    {options_with({{"threads", "2"}, {"spawn-depth", "2"}, {"hash", "4"}}),
                     options_with({{"threads", "2"},
                                   {"rules", "none"},
                                   {"restart-nodes", "1"},
                                   {"backward", "1000000"},
                                   {"hash", "4"}})});
  EXPECT_GE(t.used_symmetry, 12);
}

// ---- pagoda certificates ----

// The first random instance that the rule `rules` alone proves impossible at the root with a
// pagoda (and that `accept` takes).
bool find_pagoda_instance(
    Instance& found, bs::Certificate& cert,
    const std::function<bool(const Instance&, const nlohmann::json&)>& accept =
        [](const Instance&, const nlohmann::json&) { return true; },
    const char* rules = "pagoda") {
  std::mt19937 rng(kSeed + 11);
  const bs::Options o = options_with({{"rules", rules}, {"hash", "1"}});
  for (int i = 0; i < 1000; ++i) {
    const Instance in = random_instance(rng);
    const bs::Result r = solve(in, o);
    if (r.status == bs::Status::infeasible && r.certificate.kind == "pagoda" &&
        accept(in, nlohmann::json::parse(r.certificate.data_json))) {
      found = in;
      cert = r.certificate;
      return true;
    }
  }
  return false;
}

int64_t total_weight(const nlohmann::json& data) {
  int64_t total = 0;
  for (const auto& v : data["weights"]) total += v.get<int64_t>();
  return total;
}

bs::Certificate with_data(const bs::Certificate& c, const nlohmann::json& data) {
  return bs::Certificate{c.kind, c.detail, data.dump()};
}

TEST(PegPagoda, HandInstanceHasAPagodaCertificateThatChecks) {
  // Pegs on the left half of a 1-row-wide strip cannot put a peg at the far right end.
  const Instance in = parse_instance("XXoooo\n\nooooXo\n", "strip.txt");
  ASSERT_FALSE(oracle_solvable(in));
  const bs::Result r = solve(in, options_with({{"rules", "pagoda"}}));
  ASSERT_EQ(r.status, bs::Status::infeasible);
  ASSERT_EQ(r.certificate.kind, "pagoda");
  EXPECT_EQ(check_certificate(in, r.certificate), "") << r.certificate.data_json;
}

void tamper_with_pagoda_certificate(const char* rules) {
  Instance in;
  bs::Certificate cert;
  ASSERT_TRUE(find_pagoda_instance(
      in, cert, [](const Instance&, const nlohmann::json&) { return true; }, rules))
      << "no random instance had a pagoda certificate";
  ASSERT_FALSE(oracle_solvable(in)) << format_instance(in);
  EXPECT_EQ(check_certificate(in, cert), "") << cert.data_json << "\n" << format_instance(in);
  const nlohmann::json data = nlohmann::json::parse(cert.data_json);
  ASSERT_TRUE(data.contains("weights"));
  const std::vector<int64_t> w = data["weights"].get<std::vector<int64_t>>();
  ASSERT_EQ(static_cast<int>(w.size()), in.board.holes());
  EXPECT_EQ(check_pagoda(in, w, data["start_sum"].get<int64_t>(), data["final_sum"].get<int64_t>()),
            "");

  // Change one weight, each hole in turn: the sums or the pagoda inequalities must break.
  // (Raising a weight can keep the pagoda a pagoda, but then some sum changes only if the hole
  // holds a peg in start or final; those holes are the ones tried.)
  int tried = 0;
  for (int h = 0; h < in.board.holes(); ++h) {
    if (!in.start[h] && !in.final[h]) continue;
    nlohmann::json d = data;
    d["weights"][h] = w[h] + 1;
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "") << "weight of hole " << h;
    ++tried;
  }
  EXPECT_GT(tried, 0);
  {
    nlohmann::json d = data;
    d["start_sum"] = data["start_sum"].get<int64_t>() + 1;
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "");
    d["start_sum"] = data["start_sum"].get<int64_t>() - 1;
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "");
  }
  {
    nlohmann::json d = data;
    d["final_sum"] = data["final_sum"].get<int64_t>() - 1;
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "");
  }
  {
    nlohmann::json d = data;
    d["weights"][0] = -1;
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "");
    d = data;
    for (auto& v : d["weights"]) v = -v.get<int64_t>();
    d["start_sum"] = -data["start_sum"].get<int64_t>();
    d["final_sum"] = -data["final_sum"].get<int64_t>();
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "") << "all weights negated";
  }
  {
    nlohmann::json d = data;
    d.erase("weights");
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "");
    d = data;
    d["weights"] = "not an array";
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "");
    d = data;
    d["weights"].erase(d["weights"].size() - 1);
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "") << "one weight short";
    d = data;
    d["weights"][0] = 1.5;
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "") << "a fractional weight";
    d = data;
    d.erase("start_sum");
    EXPECT_NE(check_certificate(in, with_data(cert, d)), "");
  }
  // The same certificate on another kind or for a solvable problem.
  EXPECT_NE(check_certificate(in, bs::Certificate{"position-class", "", cert.data_json}), "");
  EXPECT_NE(check_certificate(in, bs::Certificate{"pagoda", "", "not json"}), "");
  EXPECT_NE(check_certificate(in, bs::Certificate{"pagoda", "", "{}"}), "");
}

TEST(PegPagoda, CertificateChecksAndEveryTamperingIsCaught) {
  // The LP's pagodas and the textbook ones share the certificate and its checker.
  for (const char* rules : {"pagoda", "classic-pagodas"}) {
    SCOPED_TRACE(rules);
    tamper_with_pagoda_certificate(rules);
    if (HasFatalFailure()) return;
  }
}

// The textbook pagodas, against the definition: on random boards no jump raises their weight, and
// Conway's golden pagoda is the Fibonacci product, heaviest on the final peg and tight (equal)
// for a jump straight at it.
TEST(PegPagoda, ClassicPagodasArePagodasOfEveryBoard) {
  std::mt19937 rng(kSeed + 13);
  int golden_seen = 0, tight_seen = 0;
  for (int i = 0; i < 300; ++i) {
    const Instance in = random_instance(rng);
    const Board& b = in.board;
    const auto pagodas = classic_pagodas(b, in.final);
    ASSERT_FALSE(pagodas.empty());
    for (const ClassicPagoda& p : pagodas) {
      ASSERT_EQ(static_cast<int>(p.weights.size()), b.holes());
      for (const Jump& j : b.jumps()) {
        ASSERT_GE(p.weights[j.from] + p.weights[j.over], p.weights[j.to])
            << p.name << ", jump " << j.from << " over " << j.over << " to " << j.to << "\n"
            << format_instance(in);
      }
      for (int64_t w : p.weights) ASSERT_GE(w, 0) << p.name;
    }
    if (peg_count(in.final) != 1) continue;
    const int f =
        static_cast<int>(std::find(in.final.begin(), in.final.end(), 1) - in.final.begin());
    const std::string golden = "golden(r" + std::to_string(b.row_of(f)) + ") x golden(c" +
                               std::to_string(b.col_of(f)) + ")";
    for (const ClassicPagoda& p : pagodas) {
      if (p.name != golden) continue;
      ++golden_seen;
      EXPECT_EQ(*std::max_element(p.weights.begin(), p.weights.end()), p.weights[f]) << golden;
      int64_t fib[8] = {0, 1, 1, 2, 3, 5, 8, 13};
      EXPECT_EQ(p.weights[f], fib[b.rows()] * fib[b.cols()]) << golden;
      for (const Jump& j : b.jumps())
        if (j.to == f) {
          EXPECT_EQ(p.weights[j.from] + p.weights[j.over], p.weights[j.to]) << golden;
          ++tight_seen;
        }
    }
  }
  EXPECT_GE(golden_seen, 100);
  EXPECT_GE(tight_seen, 50);
}

TEST(PegPagoda, ClassicPagodasStayInRangeOnLongBoards) {
  // A 2x60 strip: Fibonacci numbers of the full length would overflow; the weights stay below
  // the verifier's limit and the rule's certificate checks.
  std::string rows[2] = {std::string(60, 'X'), std::string(60, 'X')};
  rows[0][0] = 'o';
  std::string final_rows[2] = {std::string(60, 'o'), std::string(60, 'o')};
  final_rows[1][59] = 'X';
  const Instance in = parse_instance(
      rows[0] + "\n" + rows[1] + "\n\n" + final_rows[0] + "\n" + final_rows[1] + "\n", "long.txt");
  for (const ClassicPagoda& p : classic_pagodas(in.board, in.final))
    EXPECT_EQ(check_pagoda_weights(in.board, p.weights), "") << p.name;
  const bs::Result r =
      solve(in, options_with({{"rules", "classic-pagodas"}, {"time-limit", "1"}, {"hash", "1"}}));
  if (r.status == bs::Status::infeasible && r.certificate.kind == "pagoda") {
    EXPECT_EQ(check_certificate(in, r.certificate), "");
  }
}

TEST(PegPagoda, ClassicPagodaCertificateOnAHandInstance) {
  // Four pegs in one corner of a 5x5 board cannot send a peg to the opposite corner column.
  const Instance in = parse_instance(
      "ooooo\nooooo\nooooo\nXXooo\nXXooo\n\nooooX\nooooo\nooooo\nooooo\nooooo\n", "c.txt");
  ASSERT_FALSE(oracle_solvable(in));
  const bs::Result r = solve(in, options_with({{"rules", "classic-pagodas"}}));
  ASSERT_EQ(r.status, bs::Status::infeasible);
  ASSERT_EQ(r.certificate.kind, "pagoda");
  EXPECT_EQ(nlohmann::json::parse(r.certificate.data_json).value("pagoda", ""),
            "flat x golden(c4)");
  EXPECT_EQ(check_certificate(in, r.certificate), "") << r.certificate.data_json;
}

TEST(PegPagoda, CheckPagodaRejectsANonPagoda) {
  // One row of three holes: w = (1, 0, 5) breaks w(a) + w(b) >= w(c) for the jump 0 -> 2.
  const Instance in = parse_instance("XXo\n\nooX\n", "row.txt");
  EXPECT_NE(check_pagoda(in, {1, 0, 5}, 1, 5), "");
  // And the other direction: w(c) + w(b) >= w(a) fails for (5, 0, 1).
  const Instance back = parse_instance("oXX\n\nXoo\n", "row.txt");
  EXPECT_NE(check_pagoda(back, {5, 0, 1}, 1, 5), "");
  // A true pagoda that does not separate: start weighs no less than the final.
  EXPECT_NE(check_pagoda(in, {1, 1, 1}, 2, 1), "");
  // A true separating pagoda on an impossible problem passes.
  const Instance far = parse_instance("XXooo\n\nooooX\n", "far.txt");
  ASSERT_FALSE(oracle_solvable(far));
  // Fibonacci weights: each is the sum of the two before it, so no jump in either direction
  // raises the total; the start weighs 2, the final 5.
  EXPECT_EQ(check_pagoda(far, {1, 1, 2, 3, 5}, 2, 5), "");
  EXPECT_NE(check_pagoda(far, {1, 1, 2, 3, 5}, 2, 6), "") << "wrong final sum";
  EXPECT_NE(check_pagoda(far, {1, 1, 2, 3, 5}, 3, 5), "") << "wrong start sum";
  EXPECT_NE(check_pagoda(far, {1, 1, 2, 3}, 2, 5), "") << "too few weights";
  EXPECT_NE(check_pagoda(far, {1, 1, 2, 4, 5}, 2, 5), "") << "1 + 2 < 4";
  EXPECT_NE(check_pagoda(far, {1, 1, 2, 3, 6}, 2, 6), "") << "2 + 3 < 6";
  EXPECT_NE(check_pagoda(far, {-1, 1, 2, 3, 5}, 0, 5), "") << "a negative weight";
}

TEST(PegPagoda, ReversedPagodaCertificateChecksAndTheFlagMatters) {
  Instance in;
  bs::Certificate cert;
  // The same pagoda separates the time-reversed instance: with W the weight of the board,
  // w(~final) = W - w(final) < W - w(start) = w(~start). Those sums differ from the forward ones
  // unless w(start) + w(final) = W; such an instance would not tell the two readings apart.
  ASSERT_TRUE(find_pagoda_instance(in, cert, [](const Instance&, const nlohmann::json& d) {
    return d["start_sum"].get<int64_t>() + d["final_sum"].get<int64_t>() != total_weight(d);
  }));
  const nlohmann::json data = nlohmann::json::parse(cert.data_json);
  const int64_t total = total_weight(data);
  nlohmann::json rev = data;
  rev["reversed"] = true;
  rev["start_sum"] = total - data["final_sum"].get<int64_t>();
  rev["final_sum"] = total - data["start_sum"].get<int64_t>();
  EXPECT_EQ(check_certificate(in, with_data(cert, rev)), "") << rev.dump();
  rev["reversed"] = false;
  EXPECT_NE(check_certificate(in, with_data(cert, rev)), "") << "the reversed sums, unreversed";
  nlohmann::json fwd = data;
  fwd["reversed"] = true;
  EXPECT_NE(check_certificate(in, with_data(cert, fwd)), "") << "the forward sums, reversed";
  fwd["reversed"] = false;
  EXPECT_EQ(check_certificate(in, with_data(cert, fwd)), "");
}

TEST(PegSearch, CertificatesFromTheReversedSideCheck) {
  // Find infeasible answers decided by the time-reversed side; they must re-check on the
  // reversed game their flag names (an exhaustive search's proof log is a proof for that
  // direction only).
  std::mt19937 rng(kSeed + 13);
  // Without root rules every infeasible answer comes from a search, and with a budget of one
  // node per round the reversed side gets its turn early.
  const bs::Options o = options_with({{"rules", "none"}, {"restart-nodes", "1"}, {"hash", "1"}});
  int reversed = 0;
  for (int i = 0; i < 300 && reversed < 10; ++i) {
    const Instance in = random_instance(rng);
    const bs::Result r = solve(in, o);
    if (r.status != bs::Status::infeasible) continue;
    if (r.certificate.data_json.find("\"reversed\":true") == std::string::npos) continue;
    ++reversed;
    ASSERT_FALSE(oracle_solvable(in)) << format_instance(in);
    EXPECT_EQ(check_certificate(in, r.certificate), "")
        << r.certificate.kind << " " << r.certificate.data_json << "\n"
        << format_instance(in);
  }
  RecordProperty("reversed", reversed);
  EXPECT_GT(reversed, 0) << "no instance was decided by the reversed side";
}

// ---- the board analysis ----

void expect_analysis_matches_oracle(const char* text, int threads) {
  const Instance shape = parse_instance(text, "board.txt");
  const Board& board = shape.board;
  const int n = board.holes();
  const BoardAnalysis a = analyse_board("board", board, bs::Options{}, threads);
  ASSERT_EQ(static_cast<int>(a.pairs.size()), n * n);
  int solved = 0, impossible = 0;
  for (int v = 0; v < n; ++v) {
    Config start(n, 1);
    start[v] = 0;
    const auto reach = reachable_from(board, mask_of(start));
    for (int p = 0; p < n; ++p) {
      const bool oracle = reach.count(uint64_t{1} << p) > 0;
      const PairAnswer& q = a.pairs[v * n + p];
      const std::string where = "vacancy " + std::to_string(v) + " -> peg " + std::to_string(p) +
                                " (" + q.how + ", representative " +
                                std::to_string(q.representative) + ")";
      ASSERT_NE(q.status, bs::Status::unknown) << where;
      EXPECT_EQ(q.status == bs::Status::solved, oracle) << where;
      EXPECT_TRUE(q.checked) << where;
      (oracle ? solved : impossible)++;
    }
  }
  EXPECT_GT(solved, 0);
  EXPECT_GT(impossible, 0);
  EXPECT_LT(a.searched, n * n);  // symmetry and reversal share work
}

const char* kSquare4 = "XXXX\nXXXX\nXXXX\nXXXX\n\noooo\noooo\noooo\noooo\n";
const char* kRect3x5 = "XXXXX\nXXXXX\nXXXXX\n\nooooo\nooooo\nooooo\n";

TEST(PegAnalysis, SquareAndRectangleMatchTheOracle) {
  expect_analysis_matches_oracle(kSquare4, 1);
  expect_analysis_matches_oracle(kRect3x5, 1);
}

TEST(PegAnalysisParallel, SquareAndRectangleMatchTheOracle) {
  expect_analysis_matches_oracle(kSquare4, 2);
  expect_analysis_matches_oracle(kRect3x5, 2);
}

// `analyse` as the CLI runs it (the puzzle's own command), on a board file: its exit code, and
// the summary.json it writes into `dir`.
int run_analyse(const std::string& board_file, const std::string& dir,
                const std::vector<std::pair<std::string, std::string>>& options) {
  for (const bs::PuzzleCommand& c : peg_commands())
    if (c.name == "analyse") {
      bs::CommandInput in;
      in.puzzle = "peg";
      in.file = board_file;
      in.values["out"] = {dir};
      for (const auto& [k, v] : options) in.options.set(k, v);
      std::ostringstream out;
      return c.run(in, out);
    }
  ADD_FAILURE() << "peg has no analyse command";
  return -1;
}

int undecided_in(const std::string& dir) {
  std::ifstream f(dir + "/summary.json");
  return nlohmann::json::parse(f).at("undecided").get<int>();
}

// A pair left undecided is an unknown answer: exit code 1, the pairs listed, and still every
// output written. A node limit of 1 leaves the pairs that need a search undecided; the count is
// asserted first, so that the exit code is not checked on an analysis that decided everything.
TEST(PegAnalysis, UndecidedPairsAreListedAndTheCommandExitsOne) {
  const Instance shape = parse_instance(kRect3x5, "board.txt");
  const int n = shape.board.holes();
  const BoardAnalysis a =
      analyse_board("board", shape.board, options_with({{"node-limit", "1"}}), 1);
  int undecided = 0;
  for (const PairAnswer& p : a.pairs) undecided += p.status == bs::Status::unknown;
  ASSERT_GT(undecided, 20) << "the node limit left too few pairs undecided to test the listing";
  ASSERT_LT(undecided, n * n);
  const std::string all = undecided_summary(a, undecided);
  EXPECT_EQ(all.rfind(std::to_string(undecided) + " pairs undecided: (", 0), 0u) << all;
  EXPECT_EQ(std::count(all.begin(), all.end(), '>'), undecided) << all;
  EXPECT_EQ(all.find("more"), std::string::npos) << all;
  const std::string first = undecided_summary(a);  // the first 20, then how many more
  EXPECT_EQ(std::count(first.begin(), first.end(), '>'), 20) << first;
  EXPECT_NE(first.find(" and " + std::to_string(undecided - 20) + " more"), std::string::npos)
      << first;
  for (int q = 0; q < n * n; ++q)
    if (a.pairs[q].status == bs::Status::unknown) {  // the first undecided pair comes first
      const std::string pair = "(" + std::to_string(shape.board.row_of(q / n)) + "," +
                               std::to_string(shape.board.col_of(q / n)) + ")->(" +
                               std::to_string(shape.board.row_of(q % n)) + "," +
                               std::to_string(shape.board.col_of(q % n)) + ")";
      EXPECT_EQ(first.find(pair), first.find('(')) << pair << " in " << first;
      break;
    }

  const std::string board = bs::testing_support::write_temp("analyse_3x5.txt", kRect3x5);
  const std::string limited = bs::testing_support::temp_path("analyse_limited");
  const int code = run_analyse(board, limited, {{"node-limit", "1"}, {"threads", "1"}});
  ASSERT_GT(undecided_in(limited), 0);  // written, and undecided
  EXPECT_EQ(code, 1);
  EXPECT_TRUE(std::filesystem::is_regular_file(limited + "/table.md"));

  // The same board with no limit: every pair decided, exit code 0.
  const std::string complete = bs::testing_support::temp_path("analyse_complete");
  EXPECT_EQ(run_analyse(board, complete, {{"threads", "1"}}), 0);
  EXPECT_EQ(undecided_in(complete), 0);
  std::filesystem::remove_all(limited);
  std::filesystem::remove_all(complete);
}

// ---- certificates that carry their proof ----

// The time-reversed game: vacancy and peg swapped, start and final exchanged.
Instance reversed_copy(const Instance& in) {
  Instance r{in.name, in.board, in.final, in.start};
  for (auto& v : r.start) v = !v;
  for (auto& v : r.final) v = !v;
  return r;
}

// Every infeasible-IP answer on random boards carries a proof the checker confirms, and only
// unsolvable instances get one: the oracle agrees. Each tampering is rejected: a multiplier
// changed, a step dropped or added, a branch outside its box, a modulus changed.
TEST(PegCertificate, IpProofsCheckAndTamperedOnesFail) {
  std::mt19937 rng(kSeed + 31);
  const bs::Options o = options_with({{"rules", "jump-bounds"}});
  int proofs = 0, branched = 0, modular = 0;
  for (int i = 0; i < 400 && proofs < 40; ++i) {
    const Instance in = random_instance(rng);
    const bs::Result r = solve(in, o);
    if (r.certificate.kind != "infeasible-ip") continue;
    ++proofs;
    ASSERT_FALSE(oracle_solvable(in)) << format_instance(in);
    ASSERT_EQ(check_certificate(in, r.certificate), "") << r.certificate.data_json;
    const nlohmann::json good = nlohmann::json::parse(r.certificate.data_json);
    ASSERT_TRUE(good.contains("proof")) << r.certificate.data_json;
    const nlohmann::json& steps = good["proof"];
    if (steps.size() > 1) ++branched;
    if (steps[0].contains("modulus")) ++modular;
    auto rejected = [&](nlohmann::json d, const char* what) {
      EXPECT_NE(check_certificate(in, with_data(r.certificate, d)), "") << what;
    };
    for (size_t k = 0; k < steps.size(); ++k) {
      if (!steps[k].contains("y")) {
        nlohmann::json d = good;
        d["proof"][k]["branch"][1] = d["proof"][k]["branch"][1].get<int64_t>() + 1000;
        rejected(d, "a branch outside its box");
        continue;
      }
      nlohmann::json d = good;
      d["proof"][k]["y"] = nlohmann::json::array();
      for (size_t h = 0; h < steps[k]["y"].size(); ++h) d["proof"][k]["y"].push_back(0);
      rejected(d, "multipliers all zero");
      if (steps[k].contains("modulus")) {
        d = good;
        d["proof"][k]["modulus"] = 1;
        rejected(d, "modulus 1");
      }
    }
    nlohmann::json d = good;
    d["proof"].push_back(steps.back());
    rejected(d, "a step past the tree's end");
    d = good;
    d["proof"].erase(d["proof"].size() - 1);
    rejected(d, "the last step dropped");
  }
  RecordProperty("proofs", proofs);
  RecordProperty("branched", branched);
  EXPECT_GT(proofs, 10);
  EXPECT_GT(modular, 0);
}

// The branch-and-bound with Farkas leaves, on its own: the modular leaf is skipped by making
// the instance's classes agree, so the proofs below branch or close on an LP ray. Built on the
// random instances that CBC calls infeasible, checked against the oracle.
TEST(PegCertificate, FarkasLeavesCheckExactly) {
  std::mt19937 rng(kSeed + 37);
  int farkas = 0;
  for (int i = 0; i < 3000 && farkas < 15; ++i) {
    const Instance in = random_instance(rng);
    const bs::ilp::IpProof proof = bs::ilp::prove_ip_infeasible(in, 10, 2000);
    if (!proof.complete) continue;
    if (proof.steps.size() == 1 && proof.steps[0].modulus != 0) continue;
    ++farkas;
    ASSERT_FALSE(oracle_solvable(in)) << format_instance(in);
    EXPECT_EQ(check_ip_proof(in, proof.steps), "");
    for (auto& step : std::vector<IpProofStep>(proof.steps)) {
      if (step.jump >= 0) continue;
      std::vector<IpProofStep> bad = proof.steps;
      for (auto& s : bad)
        if (s.jump < 0) std::fill(s.y.begin(), s.y.end(), 0);
      EXPECT_NE(check_ip_proof(in, bad), "");
      break;
    }
  }
  RecordProperty("farkas", farkas);
  EXPECT_GT(farkas, 0);
}

// Every exhaustive-search answer carries a proof log that the checker confirms, and only on
// unsolvable instances (the oracle agrees). Dropping any one logged position, or any pagoda the
// log leans on, breaks it; so does putting the final in.
TEST(PegCertificate, ProofLogsCheckAndEveryPositionIsNeeded) {
  std::mt19937 rng(kSeed + 41);
  const bs::Options o = options_with({{"rules", "none"}});
  int logs = 0;
  for (int i = 0; i < 300 && logs < 25; ++i) {
    const Instance in = random_instance(rng);
    const bs::Result r = solve(in, o);
    if (r.certificate.kind != "exhaustive-search") continue;
    ++logs;
    ASSERT_FALSE(oracle_solvable(in)) << format_instance(in);
    ASSERT_EQ(check_certificate(in, r.certificate), "") << r.certificate.data_json;
    const nlohmann::json good = nlohmann::json::parse(r.certificate.data_json);
    const std::string log = good["log"];
    const bool reversed = good["reversed"];
    const Instance searched = reversed ? reversed_copy(in) : in;
    const size_t digits = (searched.board.holes() + 3) / 4;
    // Every position, on small logs; 30 spread over a larger one.
    const size_t positions = log.size() / digits, stride = std::max<size_t>(1, positions / 30);
    for (size_t at = 0; at < log.size(); at += digits * stride) {
      nlohmann::json d = good;
      d["log"] = log.substr(0, at) + log.substr(at + digits);
      EXPECT_NE(check_certificate(in, with_data(r.certificate, d)), "")
          << "position " << at / digits << " dropped";
    }
    std::vector<LogPosition> with_final;
    ASSERT_EQ(decode_log(log, searched.board.holes(), with_final), "");
    with_final.push_back(LogPosition::of(searched.final));
    nlohmann::json d = good;
    d["log"] = encode_log(with_final, searched.board.holes());
    EXPECT_NE(check_certificate(in, with_data(r.certificate, d)), "") << "the final logged";
    d = good;
    d["log"] = log + "g";
    EXPECT_NE(check_certificate(in, with_data(r.certificate, d)), "") << "a stray character";
  }
  RecordProperty("logs", logs);
  EXPECT_GT(logs, 10);
}

// With the default rules, the log leaves out the jumps the IP proves no game makes, each with its
// own proof. Those proofs are checked too: one made void, or a jump added to them without a
// proof of its own, breaks the certificate.
TEST(PegCertificate, ProofLogsLeaveOutJumpsOnlyWithTheirProof) {
  std::mt19937 rng(kSeed + 43);
  int with_unused = 0;
  for (int i = 0; i < 600 && with_unused < 10; ++i) {
    const Instance in = random_instance(rng);
    const bs::Result r = solve(in, bs::Options{});
    if (r.certificate.kind != "exhaustive-search") continue;
    ASSERT_FALSE(oracle_solvable(in)) << format_instance(in);
    ASSERT_EQ(check_certificate(in, r.certificate), "") << r.certificate.data_json;
    const nlohmann::json good = nlohmann::json::parse(r.certificate.data_json);
    if (!good.contains("unused")) continue;
    ++with_unused;
    nlohmann::json d = good;
    for (auto& step : d["unused"][0]["proof"])
      if (step.contains("y"))
        for (auto& v : step["y"]) v = 0;
    EXPECT_NE(check_certificate(in, with_data(r.certificate, d)), "") << "a void proof";
    d = good;
    nlohmann::json stolen = d["unused"][0];
    stolen["jump"] = -1;
    for (size_t j = 0; j < in.board.jumps().size(); ++j) {
      bool listed = false;
      for (const auto& u : good["unused"]) listed = listed || u["jump"] == j;
      if (!listed) {
        stolen["jump"] = j;
        break;
      }
    }
    if (stolen["jump"] == -1) continue;
    d["unused"].push_back(stolen);
    EXPECT_NE(check_certificate(in, with_data(r.certificate, d)), "")
        << "a jump left out with another jump's proof";
  }
  RecordProperty("with_unused", with_unused);
  EXPECT_GT(with_unused, 0);
}

// Diamond 41, vacancy (0,4) to a peg at (2,4): the IP proves that 21 jumps are never made, and
// without them the start has no move, so the log is the start alone. A plain search does not
// finish it in 90 s. Without the unused jumps' proofs the log proves nothing.
TEST(PegCertificate, DiamondLogRestsOnTheUnusedJumps) {
  const Instance in =
      read_instance(bs::testing_support::shipped_instance("peg/diamond/diamond41_v04_f24.txt"));
  const bs::Result r = solve(in, options_with({{"threads", "1"}}));
  ASSERT_EQ(r.status, bs::Status::infeasible);
  ASSERT_EQ(r.certificate.kind, "exhaustive-search");
  EXPECT_EQ(check_certificate(in, r.certificate), "") << r.certificate.data_json;
  nlohmann::json d = nlohmann::json::parse(r.certificate.data_json);
  ASSERT_TRUE(d.contains("unused"));
  EXPECT_GT(d["unused"].size(), 0u);
  d.erase("unused");
  EXPECT_NE(check_certificate(in, with_data(r.certificate, d)), "");
}

// A certificate that carries no proof is unchecked (CheckUnfinished), never wrong. One with its
// proof log is checked without a search, and fails on any other instance. A certificate of a
// kind no checker knows is wrong, with a reason and no exception.
TEST(PegCertificate, ACertificateWithoutItsProofIsUncheckedNotWrong) {
  const Instance corner =
      read_instance(bs::testing_support::shipped_instance("peg/rect_3x5_v00_f00.txt"));
  const bs::Result r = solve(corner, bs::Options{});
  ASSERT_EQ(r.status, bs::Status::infeasible);
  ASSERT_EQ(r.certificate.kind, "exhaustive-search");
  EXPECT_EQ(check_certificate(corner, r.certificate), "");

  nlohmann::json stripped = nlohmann::json::parse(r.certificate.data_json);
  stripped.erase("log");
  stripped["no_proof"] = "a reason";
  try {
    const std::string why = check_certificate(corner, with_data(r.certificate, stripped));
    ADD_FAILURE() << "a certificate without its log was judged: " << why;
  } catch (const bs::CheckUnfinished& e) {
    EXPECT_NE(std::string(e.what()).find("a reason"), std::string::npos) << e.what();
  }
  // With no reason either, or data that is no object, it is wrong: the solver never writes that.
  stripped.erase("no_proof");
  EXPECT_NE(check_certificate(corner, with_data(r.certificate, stripped)), "");
  EXPECT_NE(check_certificate(corner, with_data(r.certificate, nlohmann::json::array({1, 2}))), "");
  const Instance french =
      read_instance(bs::testing_support::shipped_instance("peg/french37_central.txt"));
  EXPECT_NE(check_certificate(french, r.certificate), "");
  bs::Certificate other = r.certificate;
  other.kind = "trust-me";
  EXPECT_NE(check_certificate(corner, other), "");
  const Instance solvable =
      read_instance(bs::testing_support::shipped_instance("peg/lab_fig1.txt"));
  EXPECT_NE(check_certificate(solvable, r.certificate), "");
}

}  // namespace
