// The Shakashaka integer program against the independent verifier and a brute-force count.
//
// On tiny grids every one of the 5^k assignments of the k white cells is tried: the sound
// model's rows (A-F, evaluated directly) must hold exactly on the assignments that
// verify_solution accepts, the published rows (A-E) must hold on all of those too, and CBC's
// count by no-good cuts, under A-F and under the hull model, must equal the number accepted. Then a
// white diamond around a 2x2 black hole shows what F adds: an answer the verifier rejects, which
// meets every A-E row and which CBC returns under A-E, while A-F rules it out. Instances are
// written in code as rows of '.' white,
// '#' black and '0'-'4' clues (the puzzle's text format has its own reader elsewhere).
#include "ilp/shakashaka/ip.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "puzzles/shakashaka/format.hpp"
#include "tests/sample_size.hpp"

namespace bs::ilp {
namespace {

using shakashaka::Instance;
using shakashaka::Solution;
namespace sk = shakashaka;

Instance grid(const std::vector<std::string>& rows) {
  Instance in;
  in.height = static_cast<int>(rows.size());
  in.width = static_cast<int>(rows[0].size());
  for (const auto& r : rows)
    for (char ch : r)
      in.givens.push_back(ch == '.' ? sk::kWhite : ch == '#' ? sk::kBlack : ch - '0');
  return in;
}

// A solution from rows in the solution files' letters ('.' empty, a-d triangles, else black).
Solution states(const std::vector<std::string>& rows) {
  Solution s;
  for (const auto& r : rows)
    for (char ch : r)
      s.push_back(ch == '.' ? sk::empty : ch >= 'a' && ch <= 'd' ? ch - 'a' + 2 : 0);
  return s;
}

std::string joined(const std::vector<std::string>& rows) {
  std::string out;
  for (const auto& r : rows) out += (out.empty() ? "" : "/") + r;
  return out;
}

struct Tally {
  int assignments = 0, verified = 0;
};

// Every assignment of the white cells, as an odometer over states 1..5; for each, `check` sees
// the assignment and what the verifier says of it.
template <class Check>
Tally enumerate(const Instance& in, Check check) {
  std::vector<int> whites;
  for (int c = 0; c < in.cells(); ++c)
    if (!sk::is_black(in.givens[c])) whites.push_back(c);
  Solution s(in.cells(), 0);
  for (int c : whites) s[c] = sk::empty;
  Tally t;
  while (true) {
    const std::string complaint = sk::verify_solution(in, s);
    ++t.assignments;
    t.verified += complaint.empty();
    check(s, complaint.empty());
    size_t i = 0;
    while (i < whites.size() && s[whites[i]] == sk::ll) s[whites[i++]] = sk::empty;
    if (i == whites.size()) return t;
    ++s[whites[i]];
  }
}

// Small enough for 5^k with k <= 6 white cells, with black cells, the frame and clues in play.
const std::vector<std::vector<std::string>> kTinyGrids = {
    {"...", "..."}, {"1..", "...", "#.#"}, {"..2", "#..", "#.."}, {"...", ".0."},
    {"....#"},      {"#.", "..", ".#"},
};
// 5^7 and 5^8 assignments: seconds, so in the full label.
const std::vector<std::vector<std::string>> kSmallGrids = {
    {"#..", "...", "..#"}, {"...", ".#.", "..#"}, {"1...", "..#."},
    {"....", "..0."},      {"....", "...."},
};
// Under a sanitizer the full tests take the first two small grids only (5^7 and 5^7 assignments
// rather than up to 5^8 each): the rest of the suite must fit CI's budget too.
std::vector<std::vector<std::string>> small_grids() {
  if (!bs::test::kSanitized) return kSmallGrids;
  return {kSmallGrids.begin(), kSmallGrids.begin() + 2};
}

// Checks the rows against the verifier on every assignment of each grid; returns the number of
// verified answers over all of them.
int check_rows_against_verifier(const std::vector<std::vector<std::string>>& grids) {
  int verified = 0;
  for (const auto& rows : grids) {
    const Instance in = grid(rows);
    const ShakashakaModel sound = build_shakashaka_model(in, ShakashakaFamilies::sound);
    const ShakashakaModel published = build_shakashaka_model(in, ShakashakaFamilies::published);
    int disagreements = 0, published_rejects_solution = 0;
    const Tally t = enumerate(in, [&](const Solution& s, bool ok) {
      disagreements += broken_families(sound, s).empty() != ok;
      published_rejects_solution += ok && !broken_families(published, s).empty();
    });
    SCOPED_TRACE(joined(rows));
    EXPECT_EQ(disagreements, 0) << "of " << t.assignments << " assignments";
    EXPECT_EQ(published_rejects_solution, 0);
    EXPECT_LT(t.verified, t.assignments);
    verified += t.verified;
  }
  return verified;
}

// Counts each grid's solutions by CBC and compares with the brute-force count.
void check_count_against_brute_force(const std::vector<std::vector<std::string>>& grids) {
  for (const auto& rows : grids) {
    const Instance in = grid(rows);
    const Tally t = enumerate(in, [](const Solution&, bool) {});
    for (const auto families : {ShakashakaFamilies::sound, ShakashakaFamilies::hull}) {
      const ShakashakaIpCount ip = count_shakashaka_ip(in, t.verified + 1, 60, families);
      SCOPED_TRACE(joined(rows) + (families == ShakashakaFamilies::hull ? " hull" : " A-F"));
      EXPECT_TRUE(ip.exact);
      EXPECT_EQ(ip.count, t.verified);
      for (const Solution& s : ip.solutions) EXPECT_EQ(sk::verify_solution(in, s), "");
      for (size_t i = 1; i < ip.solutions.size(); ++i)
        for (size_t j = 0; j < i; ++j) EXPECT_NE(ip.solutions[i], ip.solutions[j]);
    }
  }
}

TEST(ShakashakaIp, SoundRowsHoldExactlyOnVerifiedAnswersOfTinyGrids) {
  EXPECT_GT(check_rows_against_verifier(kTinyGrids), 0);
}

TEST(ShakashakaIp, CountByNoGoodCutsEqualsBruteForce) {
  check_count_against_brute_force(kTinyGrids);
}

TEST(ShakashakaIpFull, SoundRowsHoldExactlyOnVerifiedAnswersOfSmallGrids) {
  EXPECT_GT(check_rows_against_verifier(small_grids()), 0);
}

TEST(ShakashakaIpFull, CountByNoGoodCutsEqualsBruteForce) {
  check_count_against_brute_force(small_grids());
}

TEST(ShakashakaIp, CountStopsAtTheLimitWithoutClaimingExactness) {
  const Instance in = grid({"...", "..."});
  const ShakashakaIpCount ip = count_shakashaka_ip(in, 2, 60);
  EXPECT_EQ(ip.count, 2);
  EXPECT_FALSE(ip.exact);
}

// The hull model of the sparse 30x30 spends about two minutes in its root LP alone, where CBC
// never looks at its clock: it once ran 132 s past a 5 s limit, and when CLP's own clock stopped
// that LP inside CBC, CBC called the puzzle infeasible. The limit must be the answer, and soon.
TEST(ShakashakaIp, ALimitInsideTheRootLpIsTheLimitNotAnAnswer) {
  const Instance in = shakashaka::read_instance(
      std::string(BS_SOURCE_DIR) + "/instances/shakashaka/sparse/noqx_example_30x30.txt");
  const ShakashakaIpResult r = solve_shakashaka_ip(in, 0.5, ShakashakaFamilies::hull);
  EXPECT_EQ(r.status, SolveStatus::limit);
  EXPECT_LT(r.seconds, 30.0);  // a guard against the overrun, not a measure of speed
}

TEST(ShakashakaIp, EverySolveAnswerPassesTheVerifier) {
  // A diamond forced by its corner clues, the same beside a free column, and a 5x5 where one
  // more black cell splits the free border into two rectangles.
  const std::vector<std::vector<std::string>> puzzles = {
      {"2..2", "....", "....", "2..2"},
      {"2..2.", ".....", ".....", "2..2."},
      {"2..2.", ".....", ".....", "2..#.", "....#"},
  };
  for (const auto& rows : puzzles)
    for (const auto families : {ShakashakaFamilies::sound, ShakashakaFamilies::hull}) {
      const Instance in = grid(rows);
      const ShakashakaIpResult r = solve_shakashaka_ip(in, 60, families);
      SCOPED_TRACE(joined(rows));
      ASSERT_EQ(r.status, SolveStatus::optimal);
      EXPECT_EQ(r.verifier_complaint, "");
      EXPECT_EQ(sk::verify_solution(in, r.solution), "");
    }
}

TEST(ShakashakaIp, ImpossibleCluesAreProvenInfeasible) {
  // One row: every triangle there shows a white side to the frame, so the clue cannot be met.
  EXPECT_EQ(solve_shakashaka_ip(grid({"1.."}), 60).status, SolveStatus::infeasible);
  // A 4 with only two white cells beside it.
  EXPECT_EQ(solve_shakashaka_ip(grid({"4.", ".."}), 60).status, SolveStatus::infeasible);
}

// The white diamond |x-3| + |y-3| <= 3 (lattice coordinates) around a 2x2 black hole. Every
// corner of the hole is F's corner: a triangle's white right angle diagonal to the black corner,
// with an empty cell on each side.
const std::vector<std::string> kHoleAnswer = {
    "##ab##", "#a..b#", "a.##.b", "d.##.c", "#d..c#", "##dc##",
};
Instance hole_puzzle() {
  std::vector<std::string> rows = kHoleAnswer;
  for (auto& r : rows)
    for (char& ch : r) ch = ch == '#' ? '#' : '.';
  return grid(rows);
}

TEST(ShakashakaIp, PublishedRowsAcceptAWhiteAreaWithAHoleAndFRejectsIt) {
  const Instance in = hole_puzzle();
  const Solution answer = states(kHoleAnswer);
  EXPECT_NE(sk::verify_solution(in, answer), "");
  EXPECT_EQ(broken_families(build_shakashaka_model(in, ShakashakaFamilies::published), answer), "");
  EXPECT_EQ(broken_families(build_shakashaka_model(in, ShakashakaFamilies::sound), answer), "F");
}

TEST(ShakashakaIp, CbcReturnsTheHoleUnderThePublishedModelOnly) {
  const Instance in = hole_puzzle();
  const Solution answer = states(kHoleAnswer);
  ShakashakaDomains fixed(in.cells(), 0);
  for (int c = 0; c < in.cells(); ++c)
    if (answer[c] != 0) fixed[c] = static_cast<uint8_t>(1u << (answer[c] - 1));
  const ShakashakaIpResult published =
      solve_shakashaka_ip(in, 60, ShakashakaFamilies::published, fixed);
  ASSERT_EQ(published.status, SolveStatus::optimal);
  EXPECT_EQ(published.solution, answer);
  EXPECT_NE(published.verifier_complaint, "");
  EXPECT_EQ(solve_shakashaka_ip(in, 60, ShakashakaFamilies::sound, fixed).status,
            SolveStatus::infeasible);
  EXPECT_EQ(solve_shakashaka_ip(in, 60, ShakashakaFamilies::hull, fixed).status,
            SolveStatus::infeasible);
  // Free, the sound model finds a real answer of the same puzzle.
  const ShakashakaIpResult free = solve_shakashaka_ip(in, 60);
  ASSERT_EQ(free.status, SolveStatus::optimal);
  EXPECT_EQ(sk::verify_solution(in, free.solution), "");
}

TEST(ShakashakaIp, LpRelaxationPrunesContradictoryDomainsOnly) {
  const Instance in = grid({"..", ".."});
  const uint8_t all = kAllShakashakaStates;
  auto only = [](int state) { return static_cast<uint8_t>(1u << (state - 1)); };
  EXPECT_TRUE(lp_relaxation_feasible(in, {all, all, all, all}));
  // The 2x2 diamond: its top-left triangle alone is consistent.
  EXPECT_TRUE(lp_relaxation_feasible(in, {only(sk::ul), all, all, all}));
  // A triangle's hypotenuse meeting an empty cell's corner at the frame is a 135-degree angle.
  EXPECT_FALSE(lp_relaxation_feasible(in, {only(sk::ul), only(sk::empty), all, all}));
  for (const auto families : {ShakashakaFamilies::sound, ShakashakaFamilies::hull})
    EXPECT_FALSE(
        lp_relaxation_feasible(in, {only(sk::ul), only(sk::empty), all, all}, kInf, families));
  // A cell with no state left.
  EXPECT_FALSE(lp_relaxation_feasible(in, {0, all, all, all}));
  // The clue cannot be met: in one row every triangle faces the frame with a white side.
  const ShakashakaLp lp = solve_shakashaka_lp(grid({"1.."}), {});
  EXPECT_TRUE(lp.infeasible());
  EXPECT_EQ(lp.columns, 10);
}

TEST(ShakashakaIp, HullRelaxationPrunesWhereTheAToFRelaxationCannot) {
  // 4x4, all white: a triangle in the top-left corner with an empty cell diagonal to it. No
  // answer has both (CBC proves it), but the A-F rows can be met fractionally.
  const Instance in = grid({"....", "....", "....", "...."});
  ShakashakaDomains domains(in.cells(), kAllShakashakaStates);
  domains[0] = 1u << (sk::ul - 1);
  domains[5] = 1u << (sk::empty - 1);
  EXPECT_EQ(solve_shakashaka_ip(in, 60, ShakashakaFamilies::sound, domains).status,
            SolveStatus::infeasible);
  EXPECT_TRUE(lp_relaxation_feasible(in, domains, kInf, ShakashakaFamilies::sound));
  EXPECT_FALSE(lp_relaxation_feasible(in, domains, kInf, ShakashakaFamilies::hull));
}

TEST(ShakashakaIp, MalformedInputIsRejected) {
  Instance in = grid({"..", ".."});
  EXPECT_THROW(build_shakashaka_model(in, ShakashakaFamilies::sound, {1, 2}),
               std::invalid_argument);
  in.givens[0] = 9;
  EXPECT_THROW(build_shakashaka_model(in), std::invalid_argument);
  in.givens.pop_back();
  EXPECT_THROW(solve_shakashaka_ip(in), std::invalid_argument);
  EXPECT_THROW(broken_families(build_shakashaka_model(grid({".."})), Solution(3, 1)),
               std::invalid_argument);
}

}  // namespace
}  // namespace bs::ilp
