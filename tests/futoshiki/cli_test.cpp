// The Futoshiki commands as a user meets them: solve, count --limit 2, --json shapes, verify,
// render, bad input with file:line:col and exit 2.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "tests/test_support.hpp"

namespace {

using namespace bs::testing_support;

std::string shipped(const std::string& name) {
  return shipped_instance("futoshiki/sgt_unequal/" + name);
}

// The JSON of `count futoshiki FILE --limit 2 --json` with `more` options; the run must exit 0.
nlohmann::json count_two(const std::string& file, const std::string& more = "") {
  const CliRun r = run_cli("count futoshiki " + file + " --limit 2" + more + " --json");
  EXPECT_EQ(r.code, 0) << r.err;
  return nlohmann::json::parse(r.out);  // no JSON on stdout throws, which fails the test
}

TEST(FutoshikiCli, SolveJsonHasStatusSolutionAndStats) {
  const CliRun r = run_cli("solve futoshiki " + shipped("fut_07_extreme_1.txt") + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["status"], "solved");
  EXPECT_TRUE(j["verified"].get<bool>());
  ASSERT_EQ(j["solution"].size(), 7u);
  EXPECT_EQ(j["solution"][0].size(), 7u);
  EXPECT_TRUE(j["stats"].contains("nodes"));
  EXPECT_FALSE(j.contains("count"));
  // The shipped solution is the only one, so the printed grid must be it.
  std::ifstream sol(shipped("fut_07_extreme_1.sol"));
  for (int i = 0; i < 7; ++i)
    for (int k = 0; k < 7; ++k) {
      int v = 0;
      sol >> v;
      EXPECT_EQ(j["solution"][i][k].get<int>(), v);
    }
}

TEST(FutoshikiCli, CountLimitTwoProvesUniqueness) {
  const auto j = count_two(shipped("fut_08_recursive_1.txt"));
  EXPECT_EQ(j["count"], 1);
  EXPECT_TRUE(j["count_complete"].get<bool>());
  EXPECT_EQ(j["status"], "solved");

  // An empty 4x4 has 576 solutions; the limit stops the count at 2, not complete.
  const std::string empty = write_temp("empty4.txt",
                                       "4\n-1 -1 -1 -1\n-1 -1 -1 -1\n"
                                       "-1 -1 -1 -1\n-1 -1 -1 -1\n");
  const auto two = count_two(empty);
  EXPECT_EQ(two["count"], 2);
  EXPECT_FALSE(two["count_complete"].get<bool>());
  const auto all =
      nlohmann::json::parse(run_cli("count futoshiki " + empty + " --json --threads 2").out);
  EXPECT_EQ(all["count"], 576);
  EXPECT_TRUE(all["count_complete"].get<bool>());
}

TEST(FutoshikiCli, GameIdsSolveLikeSeedFiles) {
  const CliRun a = run_cli("solve futoshiki " + shipped("fut_09_tricky_2.sgtid") + " --json");
  const CliRun b = run_cli("solve futoshiki " + shipped("fut_09_tricky_2.txt") + " --json");
  ASSERT_EQ(a.code, 0) << a.err;
  ASSERT_EQ(b.code, 0) << b.err;
  EXPECT_EQ(nlohmann::json::parse(a.out)["solution"], nlohmann::json::parse(b.out)["solution"]);
  // And both are the grid shipped beside the puzzle (Simon Tatham's own solution).
  nlohmann::json sol = nlohmann::json::array();
  std::istringstream rows(slurp(shipped("fut_09_tricky_2.sol")));
  for (std::string line; std::getline(rows, line);) {
    if (line.empty()) continue;
    std::istringstream cells(line);
    nlohmann::json row = nlohmann::json::array();
    for (int v; cells >> v;) row.push_back(v);
    sol.push_back(row);
  }
  ASSERT_EQ(sol.size(), 9u);
  EXPECT_EQ(nlohmann::json::parse(a.out)["solution"], sol);
}

TEST(FutoshikiCli, VerifyChecksGridsJsonResultsAndCertificates) {
  const std::string puzzle = shipped("fut_06_easy_1.txt");
  EXPECT_EQ(run_cli("verify futoshiki " + puzzle + " " + shipped("fut_06_easy_1.sol")).code, 0);
  const CliRun solved = run_cli("solve futoshiki " + puzzle + " --json");
  const std::string result = write_temp("result.json", solved.out);
  EXPECT_EQ(run_cli("verify futoshiki " + puzzle + " " + result).code, 0);
  // Tampered: swap two values of the first row.
  auto j = nlohmann::json::parse(solved.out);
  std::swap(j["solution"][0][0], j["solution"][0][1]);
  const std::string bad = write_temp("bad.json", j.dump());
  const CliRun wrong = run_cli("verify futoshiki " + puzzle + " " + bad);
  EXPECT_EQ(wrong.code, 1);
  EXPECT_NE(wrong.out.find("wrong"), std::string::npos);

  // An infeasible puzzle: its certificate is re-checked, and a forged one on a solvable puzzle
  // is rejected.
  const std::string clash = write_temp("clash.txt", "3\n1 1 -1\n-1 -1 -1\n-1 -1 -1\n");
  const CliRun inf = run_cli("solve futoshiki " + clash + " --json");
  ASSERT_EQ(inf.code, 0) << inf.err;
  EXPECT_EQ(nlohmann::json::parse(inf.out)["status"], "infeasible");
  const std::string cert = write_temp("cert.json", inf.out);
  EXPECT_EQ(run_cli("verify futoshiki " + clash + " " + cert).code, 0);
  EXPECT_EQ(run_cli("verify futoshiki " + puzzle + " " + cert).code, 1);
}

TEST(FutoshikiCli, SearchInfeasibleIsCrossCheckedByTheIntegerModel) {
  // No root contradiction, but no solution: a given 1 that must exceed its neighbour.
  const std::string f = write_temp("nosol.txt", "3\n1 -1 -1\n-1 -1 -1\n-1 -1 -1\n1 1 1 2\n");
  const CliRun r = run_cli("solve futoshiki " + f + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["status"], "infeasible");
  EXPECT_NE(j["certificate"]["kind"], "contradiction");
  EXPECT_EQ(run_cli("verify futoshiki " + f + " " + write_temp("nosol.json", r.out)).code, 0);
}

TEST(FutoshikiCli, BadInputIsOneLocatedLineAndExitTwo) {
  const std::string f = write_temp("bad.txt", "3\n1 2 3\n2 3\n3 1 2\n");
  const CliRun r = run_cli("solve futoshiki " + f);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err.rfind(f + ":3:", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  const CliRun opt =
      run_cli("solve futoshiki " + shipped("fut_05_easy_1.txt") + " --branching sideways");
  EXPECT_EQ(opt.code, 2);
  EXPECT_NE(opt.err.find("--branching"), std::string::npos);
  EXPECT_EQ(run_cli("count peg " + std::string(BS_SOURCE_DIR) + "/instances/peg/lab_fig1.txt").code,
            2);
}

// The picture is read back: every digit drawn (a <text> of the cell font size), placed in the
// grid by the order of its x and y among all digits, must be the shipped solution's, in bold
// exactly where the puzzle gives it and in the solution colour everywhere else.
TEST(FutoshikiCli, RenderDrawsTheSolutionGivensInBold) {
  const CliRun r = run_cli("render futoshiki " + shipped("fut_07_tricky_1.txt") + " --solved");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("<svg", 0), 0u);
  EXPECT_NE(r.out.find("</svg>"), std::string::npos);
  struct Digit {
    double x, y;
    int value;
    bool bold, solved;
  };
  std::vector<Digit> digits;
  const std::regex text(
      R"re(<text x="([0-9.]+)" y="([0-9.]+)" font-size="24"([^>]*)>([0-9]+)</text>)re");
  for (std::sregex_iterator it(r.out.begin(), r.out.end(), text), end; it != end; ++it)
    digits.push_back({std::stod((*it)[1]), std::stod((*it)[2]), std::stoi((*it)[4]),
                      (*it)[3].str().find("bold") != std::string::npos,
                      (*it)[3].str().find("class=\"solved\"") != std::string::npos});
  const int n = 7;
  ASSERT_EQ(digits.size(), size_t{n * n});
  std::set<double> xs, ys;
  for (const Digit& d : digits) {
    xs.insert(d.x);
    ys.insert(d.y);
  }
  ASSERT_EQ(xs.size(), size_t{n});
  ASSERT_EQ(ys.size(), size_t{n});
  std::vector<int> drawn(n * n, 0), bold(n * n, 0);
  for (const Digit& d : digits) {
    const int c = static_cast<int>(std::distance(xs.begin(), xs.find(d.x)));
    const int row = static_cast<int>(std::distance(ys.begin(), ys.find(d.y)));
    drawn[row * n + c] = d.value;
    bold[row * n + c] = d.bold;
    EXPECT_NE(d.bold, d.solved) << "cell " << row << "," << c << ": a given or a solved digit";
  }
  std::ifstream sol(shipped("fut_07_tricky_1.sol")), puzzle(shipped("fut_07_tricky_1.txt"));
  std::vector<int> want(n * n), given(n * n);
  for (int& v : want) sol >> v;
  int side = 0;
  puzzle >> side;
  ASSERT_EQ(side, n);
  for (int& v : given) puzzle >> v;
  EXPECT_EQ(drawn, want);
  for (int i = 0; i < n * n; ++i) EXPECT_EQ(bold[i], given[i] > 0) << "cell " << i;
  EXPECT_GT(std::count(given.begin(), given.end(), -1), 0);  // the picture shows solved cells too
}

TEST(FutoshikiCli, IpMethodAgrees) {
  const auto j = count_two(shipped("fut_06_tricky_1.txt"), " --method ip");
  EXPECT_EQ(j["count"], 1);
  EXPECT_TRUE(j["count_complete"].get<bool>());
  EXPECT_TRUE(j["verified"].get<bool>());
}

}  // namespace
