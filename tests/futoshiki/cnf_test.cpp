// The direct CNF encoding against brute force: on small random puzzles (n = 3..5) a model counter
// over the CNF alone (DPLL with unit propagation, written here, knowing nothing of Futoshiki)
// must find as many models as there are Latin squares that keep the puzzle's givens and
// inequalities, and every model must decode to a grid the verifier accepts; the blocking clause
// removes exactly one model. Then the reader of a SAT solver's output, and its bad inputs with
// line:col.
#include "puzzles/futoshiki/cnf.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "core/error.hpp"
#include "puzzles/futoshiki/format.hpp"
#include "solvers/futoshiki/fuzz.hpp"
#include "solvers/futoshiki/oracle.hpp"
#include "tests/futoshiki/oracle.hpp"
#include "tests/sample_size.hpp"
#include "tests/test_support.hpp"

using namespace bs;
using namespace bs::futoshiki;

namespace {

// Every model of a CNF, by DPLL: unit propagation over occurrence lists, then a branch on the
// first unassigned literal of the first clause not yet satisfied. A partial assignment that
// satisfies every clause stands for 2^(unassigned) models; the counter keeps the full ones.
class ModelCounter {
 public:
  explicit ModelCounter(const Cnf& cnf)
      : cnf_(cnf), value_(cnf.variables + 1, 0), occurs_(2 * (cnf.variables + 1)) {
    for (size_t k = 0; k < cnf.clauses.size(); ++k)
      for (const int lit : cnf.clauses[k]) occurs_[index(lit)].push_back(k);
  }

  // The number of models; the full ones (every variable set) are kept in models().
  uint64_t count() {
    for (const auto& clause : cnf_.clauses)
      if (clause.empty()) return 0;
    return count_from(0);
  }
  const std::vector<std::vector<bool>>& models() const { return models_; }

 private:
  size_t index(int lit) const { return 2 * static_cast<size_t>(std::abs(lit)) + (lit < 0); }
  int value(int lit) const { return lit > 0 ? value_[lit] : -value_[-lit]; }
  void set(int lit) {
    value_[std::abs(lit)] = lit > 0 ? 1 : -1;
    trail_.push_back(lit);
  }
  void undo_to(size_t mark) {
    while (trail_.size() > mark) {
      value_[std::abs(trail_.back())] = 0;
      trail_.pop_back();
    }
  }

  // Unit propagation from trail_[from]: false when a clause is falsified.
  bool propagate(size_t from) {
    for (size_t t = from; t < trail_.size(); ++t)
      for (const size_t k : occurs_[index(-trail_[t])]) {
        int unassigned = 0, last = 0;
        bool satisfied = false;
        for (const int lit : cnf_.clauses[k]) {
          if (value(lit) > 0) satisfied = true;
          if (value(lit) == 0) ++unassigned, last = lit;
        }
        if (satisfied) continue;
        if (unassigned == 0) return false;
        if (unassigned == 1) set(last);
      }
    return true;
  }

  // The first unassigned literal of the first unsatisfied clause; 0 when every clause holds.
  int branch_literal() const {
    for (const auto& clause : cnf_.clauses) {
      int open = 0;
      bool satisfied = false;
      for (const int lit : clause) {
        if (value(lit) > 0) satisfied = true;
        if (value(lit) == 0 && open == 0) open = lit;
      }
      if (!satisfied) return open;
    }
    return 0;
  }

  uint64_t count_from(size_t from) {
    if (!propagate(from)) return 0;
    const int lit = branch_literal();
    if (lit == 0) {
      const int unassigned = cnf_.variables - static_cast<int>(trail_.size());
      if (unassigned == 0) {
        std::vector<bool> model(cnf_.variables + 1, false);
        for (int v = 1; v <= cnf_.variables; ++v) model[v] = value_[v] > 0;
        models_.push_back(model);
      }
      return uint64_t{1} << unassigned;
    }
    uint64_t total = 0;
    for (const int choice : {lit, -lit}) {
      const size_t mark = trail_.size();
      set(choice);
      total += count_from(mark);
      undo_to(mark);
    }
    return total;
  }

  const Cnf& cnf_;
  std::vector<int> value_;  // per variable: 1 true, -1 false, 0 unassigned
  std::vector<std::vector<size_t>> occurs_;
  std::vector<int> trail_;
  std::vector<std::vector<bool>> models_;
};

// A side-3 puzzle: a few random givens and inequalities between neighbours.
Instance random_side_three(std::mt19937_64& rng) {
  Instance in;
  in.name = "random3";
  in.n = 3;
  in.givens.assign(9, 0);
  for (int k = static_cast<int>(rng() % 3); k > 0; --k)
    in.givens[rng() % 9] = 1 + static_cast<int>(rng() % 3);
  for (int k = static_cast<int>(rng() % 4); k > 0; --k) {
    const int a = static_cast<int>(rng() % 9);
    const int b = rng() % 2 && a % 3 < 2 ? a + 1 : (a + 3) % 9;
    in.inequalities.push_back(rng() % 2 ? Inequality{a, b} : Inequality{b, a});
  }
  return in;
}

// Side 3 from random_side_three, sides 4 and 5 from the rule oracle's instances.
Instance random_instance(uint64_t seed) {
  if (seed % 3 == 0) {
    std::mt19937_64 rng(seed);
    return random_side_three(rng);
  }
  Options ignored;
  return parse_instance(oracle_instance(seed, ignored), "oracle");
}

TEST(FutoshikiCnf, ModelsAreExactlyTheSolutionsOfSmallRandomPuzzles) {
  int sides[6] = {}, none = 0, several = 0;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(test::samples(60)); ++seed) {
    const Instance in = random_instance(seed);
    const Cnf cnf = encode_cnf(in);
    ASSERT_EQ(cnf.variables, in.n * in.n * in.n);
    ModelCounter counter(cnf);
    const uint64_t models = counter.count();
    const int expected = oracle::brute_count(in);
    ASSERT_EQ(models, static_cast<uint64_t>(expected)) << "seed " << seed << "\n"
                                                       << format_instance(in);
    ASSERT_EQ(counter.models().size(), models) << "a model with an unset variable";
    std::set<Grid> grids;
    for (const auto& model : counter.models()) {
      const Grid g = decode_model(model, in.n);
      EXPECT_EQ(verify_solution(in, g), "") << "seed " << seed;
      grids.insert(g);
    }
    EXPECT_EQ(grids.size(), models) << "two models decode to one grid";
    ++sides[in.n];
    none += expected == 0;
    several += expected >= 2;
  }
  // The sample must reach every side and both ends of the count.
  EXPECT_GT(sides[3], 0);
  EXPECT_GT(sides[4], 0);
  EXPECT_GT(sides[5], 0);
  EXPECT_GT(none, 0);
  EXPECT_GT(several, 0);
}

TEST(FutoshikiCnf, TheBlockingClauseRemovesExactlyThatGrid) {
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(test::samples(30)); ++seed) {
    const Instance in = random_instance(seed);
    Cnf cnf = encode_cnf(in);
    ModelCounter counter(cnf);
    const uint64_t before = counter.count();
    if (before == 0) continue;
    const Grid blocked = decode_model(counter.models().front(), in.n);
    cnf.clauses.push_back(blocking_clause(blocked, in.n));
    ModelCounter after(cnf);
    ASSERT_EQ(after.count(), before - 1) << "seed " << seed;
    for (const auto& model : after.models()) EXPECT_NE(decode_model(model, in.n), blocked);
  }
}

TEST(FutoshikiCnf, VariablesAreNumberedCellMajorAndDimacsHasItsHeader) {
  // x(r,c,v) = r*n*n + c*n + (v-1) + 1.
  EXPECT_EQ(cnf_variable(4, 0, 1), 1);
  EXPECT_EQ(cnf_variable(4, 1 * 4 + 2, 3), 1 * 16 + 2 * 4 + 2 + 1);
  Instance in;
  in.n = 2;
  in.givens = {2, 0, 0, 0};
  in.inequalities = {{1, 3}};
  const Cnf cnf = encode_cnf(in);
  // Cells: 4 x (1 + 1); lines: 2 lines x 2 values x 2 directions x (1 + 1); 1 given; 3 pairs.
  EXPECT_EQ(cnf.clauses.size(), 8u + 16u + 1u + 3u);
  const std::string text = format_dimacs(cnf, "two");
  EXPECT_EQ(text.substr(0, 23), "c two\np cnf 8 28\n1 2 0\n");
  EXPECT_NE(text.find("\n2 0\n"), std::string::npos) << "the given 2 at cell 1,1";
  EXPECT_THROW(blocking_clause({1, 2, 3, 1}, 2), std::invalid_argument);
  EXPECT_THROW(blocking_clause({1, 2}, 2), std::invalid_argument);
  EXPECT_EQ(blocking_clause({2, 1, 1, 2}, 2), (std::vector<int>{-2, -3, -5, -8}));
}

TEST(FutoshikiCnf, SolverOutputIsReadIntoAnAnswerAndAGrid) {
  // The 2x2 grid 1 2 / 2 1: x(0,1), x(1,2), x(2,2), x(3,1) = 1, 4, 6, 7.
  const SatOutput sat =
      parse_sat_output("c hello\ns SATISFIABLE\nv 1 -2 -3 4 -5\nv 6 7 -8 0\n", 2, "out");
  EXPECT_EQ(sat.answer, SatAnswer::satisfiable);
  EXPECT_EQ(sat.grid, (Grid{1, 2, 2, 1}));
  EXPECT_EQ(parse_sat_output("s UNSATISFIABLE\n", 2, "out").answer, SatAnswer::unsatisfiable);
  // CaDiCaL stopped by -t prints no status line, only "c UNKNOWN".
  EXPECT_EQ(parse_sat_output("c UNKNOWN\n", 2, "out").answer, SatAnswer::unknown);
  EXPECT_EQ(parse_sat_output("", 2, "out").answer, SatAnswer::unknown);
}

using testing_support::BadInput;

const std::vector<BadInput> kBadOutput = {
    {"status", "s MAYBE\n", {1, 3}, "unknown status 'MAYBE'"},
    {"second", "s UNSATISFIABLE\ns UNSATISFIABLE\n", {2, 1}, "a second status"},
    {"noise", "s SATISFIABLE\nhello\n", {2, 1}, "not a comment, status or values"},
    {"early", "v 1 0\ns SATISFIABLE\n", {1, 1}, "values without"},
    {"unsat", "s UNSATISFIABLE\nv 1 0\n", {2, 1}, "values without"},
    {"word", "s SATISFIABLE\nv 1 x 0\n", {2, 5}, "'x' is not a literal"},
    {"range", "s SATISFIABLE\nv 1 -9 0\n", {2, 5}, "past the 8 variables"},
    {"twice", "s SATISFIABLE\nv 1 -1 0\n", {2, 5}, "variable 1 is given twice"},
    {"after", "s SATISFIABLE\nv 1 -2 -3 4 -5 6 7 -8 0 3\n", {2, 25}, "nothing may follow"},
    {"more", "s SATISFIABLE\nv 1 -2 -3 4 -5 6 7 -8 0\nv 1\n", {3, 1}, "values after the 0"},
    {"unended", "s SATISFIABLE\nv 1 -2 -3 4 -5 6 7 -8\n", {3, 1}, "do not end in 0"},
    {"missing", "s SATISFIABLE\nv 1 -2 -3 4 -5 6 7 0\n", {3, 1}, "variable 8 has no value"},
    {"nogrid", "s SATISFIABLE\nv 1 2 -3 4 -5 6 7 -8 0\n", {3, 1}, "two values in cell 1,1"},
    {"empty", "s SATISFIABLE\nv 0\n", {3, 1}, "variable 1 has no value"},
};
BS_BAD_INPUT_TESTS(Output, FutoshikiCnfBadOutput, kBadOutput,
                   testing_support::parse_error_check([](const std::string& text) {
                     parse_sat_output(text, 2, "out");
                   }));

// The CNF the export command writes, as clauses (comments and the header skipped).
std::vector<std::vector<int>> dimacs_clauses(const std::string& text) {
  std::vector<std::vector<int>> clauses;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == 'c' || line[0] == 'p') continue;
    std::istringstream words(line);
    std::vector<int> clause;
    for (int lit; words >> lit && lit != 0;) clause.push_back(lit);
    clauses.push_back(clause);
  }
  return clauses;
}

TEST(FutoshikiCnf, ExportWritesTheCnfAndTheBlockingClauseOfASolvedGrid) {
  using testing_support::run_cli;
  const std::string file =
      testing_support::shipped_instance("futoshiki/sgt_unequal/fut_05_extreme_1.txt");
  const std::string sol =
      testing_support::shipped_instance("futoshiki/sgt_unequal/fut_05_extreme_1.sol");
  const Instance in = read_instance(file);
  const testing_support::CliRun plain = run_cli("export futoshiki " + file + " --cnf");
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(dimacs_clauses(plain.out), encode_cnf(in).clauses);
  EXPECT_NE(plain.out.find("p cnf 125 "), std::string::npos);
  const std::string written =
      ::testing::TempDir() + "/cnf_output_" + std::to_string(getpid()) + ".cnf";
  ASSERT_EQ(run_cli("export futoshiki " + file + " --cnf --output " + written).code, 0);
  EXPECT_EQ(testing_support::slurp(written), plain.out);
  std::remove(written.c_str());

  const testing_support::CliRun blocked =
      run_cli("export futoshiki " + file + " --cnf --block " + sol);
  ASSERT_EQ(blocked.code, 0) << blocked.err;
  const auto clauses = dimacs_clauses(blocked.out);
  ASSERT_EQ(clauses.size(), encode_cnf(in).clauses.size() + 1);
  EXPECT_EQ(clauses.back(), blocking_clause(parse_grid(testing_support::slurp(sol), 5, sol), 5));

  // A `solve --json` result blocks its solution: the same clause.
  const std::string json =
      ::testing::TempDir() + "/cnf_block_" + std::to_string(getpid()) + ".json";
  const testing_support::CliRun solved = run_cli("solve futoshiki " + file + " --json");
  ASSERT_EQ(solved.code, 0) << solved.err;
  std::ofstream(json) << solved.out;
  const testing_support::CliRun by_json =
      run_cli("export futoshiki " + file + " --cnf --block " + json);
  std::remove(json.c_str());
  ASSERT_EQ(by_json.code, 0) << by_json.err;
  EXPECT_EQ(dimacs_clauses(by_json.out).back(), clauses.back());
}

TEST(FutoshikiCnf, ExportRefusesBadInputWithItsPlaceAndExitTwo) {
  using testing_support::run_cli;
  const std::string file =
      testing_support::shipped_instance("futoshiki/sgt_unequal/fut_05_extreme_1.txt");
  // The instance as a solution: its first row has 5 values but -1 among them.
  const testing_support::CliRun bad =
      run_cli("export futoshiki " + file + " --cnf --block " + file);
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find(file + ":1:"), std::string::npos) << bad.err;
  const testing_support::CliRun no_format = run_cli("export futoshiki " + file);
  EXPECT_EQ(no_format.code, 2);
  EXPECT_NE(no_format.err.find("--cnf"), std::string::npos) << no_format.err;
}

TEST(FutoshikiCnf, TheParserFuzzerReadsSolverOutputBack) {
  // The fuzzer's corpus files of SAT output, then every bad output above: none may disagree.
  const std::string corpus = std::string(BS_SOURCE_DIR) + "/fuzz/corpus/parsers/futoshiki/";
  for (const char* name :
       {"ok_cadical_sat_2.out", "ok_cadical_unsat.out", "bad_cadical_two_values.out"})
    EXPECT_EQ(reread(read_file(corpus + name)), "") << name;
  for (const BadInput& bad : kBadOutput) EXPECT_EQ(reread(bad.text), "") << bad.kind;
}

}  // namespace
