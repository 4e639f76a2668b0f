// The Shakashaka rules against brute force on partial states, and the scanline rule's own cases.
//
// The rule oracle (tests/rule_oracle_test.cpp) checks that each rule leaves the solution count
// alone, from the root. Here every rule is called on its own, once, on random partial states of
// tiny grids whose every solution is known by brute force (the verifier over every assignment):
// it may fail the state only when no solution fits it, and may remove a state of a cell only when
// no fitting solution uses it. Each rule is called both ways the driver calls it: everywhere (the
// root) and with the cells that changed (a node), which for the scanline rule are two different
// sweeps.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "heuristics/shakashaka/shakashaka_rule.hpp"
#include "puzzles/shakashaka/format.hpp"
#include "solvers/shakashaka/solver.hpp"
#include "tests/sample_size.hpp"
#include "tests/shakashaka/assignments.hpp"

using namespace bs;
using namespace bs::shakashaka;

namespace {

Mask bit(int value) {
  return Mask{1} << (value - 1);
}

// A random grid of 2-3 rows and 2-4 columns with at most `max_white` white cells: some black,
// some of those clued.
Instance random_small_instance(std::mt19937& rng, int max_white) {
  while (true) {
    Instance in;
    in.name = "small";
    in.height = 2 + static_cast<int>(rng() % 2);
    in.width = 2 + static_cast<int>(rng() % 3);
    in.givens.assign(in.cells(), kWhite);
    int white = in.cells();
    for (int& g : in.givens)
      if (rng() % 4 == 0) {
        g = rng() % 2 ? kBlack : static_cast<int>(rng() % 3);
        --white;
      }
    if (white <= max_white) return in;
  }
}

// Every solution of `in`, by the verifier over every assignment of the white cells.
std::vector<Solution> every_solution(const Instance& in) {
  std::vector<Solution> out;
  brute_force::for_each_assignment(in, [&](const Solution& s) {
    if (verify_solution(in, s).empty()) out.push_back(s);
  });
  return out;
}

// Whether `sol` has an empty cell inside a diamond: between an opening and a closing triangle
// of its row. Such cells are what the rule's sides are about.
bool has_empty_inside(const Instance& in, const Solution& sol) {
  for (int r = 0; r < in.height; ++r) {
    bool inside = false;
    for (int c = 0; c < in.width; ++c) {
      const int v = sol[r * in.width + c];
      if (v == ul || v == ll) inside = true;
      if (v == ur || v == lr) inside = false;
      if (v == empty && inside) return true;
    }
  }
  return false;
}

// A random partial state: each white cell keeps its root states, or a random part of them that
// holds, half the time, the state of one of the solutions (so that many states still fit one).
std::vector<Mask> random_state(std::mt19937& rng, const Structure& s,
                               const std::vector<Solution>& solutions) {
  std::vector<Mask> d = s.root_state();
  const Solution* guide = solutions.empty() ? nullptr : &solutions[rng() % solutions.size()];
  for (int c = 0; c < s.cells; ++c) {
    if (d[c] == kBlackBit || rng() % 2) continue;
    Mask part = static_cast<Mask>(rng() % 32) & kWhiteStates;
    if (guide && rng() % 2) part |= bit((*guide)[c]);
    if (part) d[c] = part;
  }
  return d;
}

// Per cell: the states some solution that fits `d` uses (none anywhere: no solution fits).
std::vector<Mask> supported(const Structure& s, const std::vector<Solution>& solutions,
                            const std::vector<Mask>& d) {
  std::vector<Mask> out(static_cast<size_t>(s.cells), 0);
  for (const Solution& sol : solutions) {
    bool fits = true;
    for (int c = 0; c < s.cells && fits; ++c) fits = d[c] == kBlackBit || (d[c] & bit(sol[c]));
    if (!fits) continue;
    for (int c = 0; c < s.cells; ++c) out[c] |= d[c] == kBlackBit ? kBlackBit : bit(sol[c]);
  }
  return out;
}

// One call of `rule` on a copy of `d`: everywhere, or with the cells narrowed from the root.
Verdict call_rule(const ShakashakaRuleEntry& rule, const Structure& s, std::vector<Mask>& d,
                  bool everywhere) {
  std::vector<Narrowing> from_root;
  const std::vector<Mask> root = s.root_state();
  for (int c = 0; c < s.cells; ++c)
    if (root[c] != d[c]) from_root.push_back({c, static_cast<Mask>(root[c] & ~d[c])});
  std::vector<Narrowing> log;
  log.reserve(static_cast<size_t>(s.cells) * kBlackValue);
  Changes changed(s, d.data(), log);
  const Dirty dirty = everywhere
                          ? Dirty::all()
                          : Dirty{false, from_root.data(), from_root.data() + from_root.size()};
  return rule.propagate(s, d.data(), dirty, changed);
}

const ShakashakaRuleEntry& rule_named(const std::string& name) {
  for (const auto& e : shakashaka_rules())
    if (e.info.name == name) return e;
  throw std::runtime_error("no rule " + name);
}

}  // namespace

TEST(ShakashakaRuleOracle, EveryRuleRemovesOnlyStatesNoFittingSolutionUses) {
  std::mt19937 rng(2026);
  int fails = 0, narrowed = 0, instances = 0, with_diamond = 0;
  const int grids = bs::test::kSanitized ? 12 : 40;
  bool inside_seen = false;
  for (int g = 0; g <= grids; ++g) {
    // The random grids hold at most 6 white cells, too few for a diamond with an empty cell
    // inside (7); the last grid is one: a 2x1 diamond round an empty centre, two corners black.
    const Instance in = g < grids ? random_small_instance(rng, 6)
                                  : parse_instance("3 3\n..#\n...\n#..\n", "inside.txt");
    const std::vector<Solution> solutions = every_solution(in);
    for (const Solution& sol : solutions) inside_seen |= has_empty_inside(in, sol);
    const Structure s(in);
    ++instances;
    for (const Solution& sol : solutions) {
      int triangles = 0;
      for (const int v : sol) triangles += is_triangle(v);
      if (triangles) {
        ++with_diamond;
        break;
      }
    }
    for (int trial = 0; trial < 12; ++trial) {
      const std::vector<Mask> d = random_state(rng, s, solutions);
      const std::vector<Mask> support = supported(s, solutions, d);
      const bool solvable = support[0] != 0;
      for (const auto& rule : shakashaka_rules()) {
        if (rule.info.cost == Cost::lp) continue;  // CBC, checked by its own tests
        for (const bool everywhere : {true, false}) {
          std::vector<Mask> after = d;
          const Verdict v = call_rule(rule, s, after, everywhere);
          const std::string where = std::string(rule.info.name) +
                                    (everywhere ? " everywhere" : " from the changes") + " on\n" +
                                    format_instance(in);
          if (v == Verdict::fail) {
            ++fails;
            EXPECT_FALSE(solvable) << where;
            continue;
          }
          if (v == Verdict::no_change) {
            EXPECT_EQ(after, d) << where << "changed silently";
          }
          if (after != d) ++narrowed;
          if (rule.idempotent) {
            // Its own narrowings handed back find nothing new: the driver relies on it.
            std::vector<Narrowing> own;
            for (int c = 0; c < s.cells; ++c)
              if (after[c] != d[c]) own.push_back({c, static_cast<Mask>(d[c] & ~after[c])});
            std::vector<Mask> again = after;
            std::vector<Narrowing> log;
            log.reserve(static_cast<size_t>(s.cells) * kBlackValue);
            Changes changed(s, again.data(), log);
            const Dirty dirty{false, own.data(), own.data() + own.size()};
            EXPECT_EQ(rule.propagate(s, again.data(), dirty, changed), Verdict::no_change)
                << where << "is not idempotent";
          }
          for (int c = 0; c < s.cells; ++c)
            ASSERT_EQ(after[c] & support[c], support[c])
                << where << "cell " << c << " lost a state a solution uses";
        }
      }
    }
  }
  // A sample where no rule ever failed or narrowed could not catch anything.
  EXPECT_TRUE(inside_seen);
  EXPECT_GT(fails, 10);
  EXPECT_GT(narrowed, 50);
  EXPECT_GT(with_diamond, instances / 10);
}

// The hand cases sit in the rows and columns of one diamond on a 4x4 grid, which the verifier
// accepts:
//   . a b .
//   a . . b
//   d . . c
//   . d c .
// so that what a case leaves open can still be completed, and the rule must not fail it.
const char* kDiamondGrid = "4 4\n....\n....\n....\n....\n";

// After an opening triangle the row is inside a diamond until a closing one: it cannot open again,
// and the last cell before the frame must close it.
TEST(ShakashakaScanline, ARowInsideADiamondClosesBeforeTheFrame) {
  const Structure s(parse_instance(kDiamondGrid, "diamond.txt"));
  std::vector<Mask> d = s.root_state();
  d[4] = bit(ul);               // row 1 opens a diamond
  d[5] = bit(empty) | bit(ul);  // inside it: cannot open another
  d[6] = bit(empty);
  d[7] = bit(empty) | bit(ur);  // the last cell before the frame
  std::vector<Mask> after = d;
  ASSERT_NE(call_rule(rule_named("scanline"), s, after, true), Verdict::fail);
  EXPECT_EQ(after[5], bit(empty));
  EXPECT_EQ(after[7], bit(ur));
}

// The count along a line: a row holding one triangle needs a second, and the only cell that may
// hold one must, whichever closing triangle it is.
TEST(ShakashakaScanline, AnOddRowTakesItsLastPossibleTriangle) {
  const Structure s(parse_instance(kDiamondGrid, "diamond.txt"));
  std::vector<Mask> d = s.root_state();
  d[8] = bit(ll);  // row 2 opens a diamond
  d[9] = bit(empty);
  d[10] = bit(empty);
  d[11] = bit(empty) | bit(ur) | bit(lr);
  std::vector<Mask> after = d;
  ASSERT_NE(call_rule(rule_named("scanline"), s, after, true), Verdict::fail);
  EXPECT_FALSE(after[11] & bit(empty));
  EXPECT_TRUE(after[11] & bit(lr));  // the diamond's own (the columns may rule b out too)
}

// The rows and the columns agree on the side of an empty cell: row 1 puts (1,1) inside a diamond,
// so its column must enter the diamond above it and leave below, though the column alone could be
// all empty (a rectangle).
TEST(ShakashakaScanline, RowsAndColumnsAgreeOnWhereADiamondIs) {
  const Structure s(parse_instance(kDiamondGrid, "diamond.txt"));
  std::vector<Mask> d = s.root_state();
  d[4] = bit(ul);
  d[5] = bit(empty);
  d[6] = bit(empty);
  d[7] = bit(ur);
  d[1] = bit(empty) | bit(ul);  // column 1, top: empty, or opening downwards
  d[9] = bit(empty);
  d[13] = bit(empty) | bit(ll);  // bottom: empty, or closing
  std::vector<Mask> after = d;
  ASSERT_NE(call_rule(rule_named("scanline"), s, after, true), Verdict::fail);
  EXPECT_EQ(after[1], bit(ul));
  EXPECT_EQ(after[13], bit(ll));
}

// The grid above is a solution, and the rule keeps it: every line of it is a word of the rule's
// automaton.
TEST(ShakashakaScanline, KeepsTheDiamondItIsBuiltOn) {
  const Instance in = parse_instance(kDiamondGrid, "diamond.txt");
  const Solution sol = {empty, ul,    ur,    empty, ul,    empty, empty, ur,
                        ll,    empty, empty, lr,    empty, ll,    lr,    empty};
  ASSERT_EQ(verify_solution(in, sol), "");
  const Structure s(in);
  std::vector<Mask> d(16);
  for (int c = 0; c < 16; ++c) d[c] = bit(sol[c]);
  std::vector<Mask> after = d;
  EXPECT_EQ(call_rule(rule_named("scanline"), s, after, true), Verdict::no_change);
  // One triangle turned the wrong way: column 1 would close a diamond it never opened.
  after = d;
  after[1] = bit(ll);
  EXPECT_EQ(call_rule(rule_named("scanline"), s, after, true), Verdict::fail);
}
